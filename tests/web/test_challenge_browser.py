"""Challenges in Chromium (Playwright): from the navigation to the Challenges page, start the shortest
challenge of each ruleset, coach it in the normal game seat with Enter (the marked default; the first
choice where a step has none) to the scenario's end, see the result beside the book's and the
trained coach's play-outs of the same start and the shipped references, try again with another draw
(a new game from a new draw), and find the tries listed on the Challenges page; on a phone the list
fits the screen's width."""

from __future__ import annotations

import pytest

from coachgym.web import create_app
from coachgym.web.security import Limits
from coachgym.web.server import running

from .helpers import coach_with_enter

SHORTEST = {"statispro": "statispro-down3-ball-last-minute", "valueadd": "valueadd-last9-down6",
            "fuba": "fuba-protect-1-0-last15", "fourthstreet": "fourthstreet-down4-final2"}
ENTER_AT_MOST = 12  # Enter this many times at most, then the seat's "to the end" (the book) finishes it


@pytest.fixture(scope="module")
def challenge_server(tmp_path_factory):
    db = tmp_path_factory.mktemp("challenges") / "games.sqlite3"
    with running(create_app(db_path=db, limits=Limits(new_games_per_minute=0, games_per_session=1000))) as url:
        yield url


def on_result(page) -> bool:
    return page.locator("[data-testid=challenge-result]").count() == 1


def coach_to_the_end(page) -> int:
    """Enter at each decision (the first choice where none is marked) until the result page."""

    def tagged(page) -> None:  # the game page says it is a challenge
        assert page.locator("[data-testid=challenge-tag]").count() == 1

    return coach_with_enter(page, on_result, ENTER_AT_MOST, tagged)


def test_challenges_in_the_browser(browser, challenge_server):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=challenge_server)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.set_default_timeout(30_000)
        page.goto("/")
        page.click("header nav a:has-text('Challenges')")
        page.wait_for_selector("[data-testid=challenge-group]")
        assert page.locator("[data-testid=challenge]").count() == 24
        assert page.locator("[data-testid=challenge-group]").count() == 4
        for sid in SHORTEST.values():
            page.goto(f"/challenges#{sid}")
            row = page.locator(f"[data-testid=challenge][data-scenario='{sid}']")
            assert "the book: wins" in row.locator("[data-testid=challenge-refs]").inner_text()
            row.locator("[data-testid=challenge-start]").click()
            page.wait_for_selector(".game")
            first = page.get_attribute(".game", "data-game")
            coach_to_the_end(page)
            result = page.locator("[data-testid=challenge-result]")
            assert result.get_attribute("data-scenario") == sid
            assert page.inner_text("[data-testid=challenge-verdict]")
            rows = page.locator("[data-testid=compare-row]")
            assert [rows.nth(i).get_attribute("data-coach") for i in range(rows.count())] == ["you", "by-the-book", "trained"]
            refs = page.inner_text("[data-testid=challenge-references]")
            assert "The book: wins" in refs and "A random coach: wins" in refs, refs
            # try again: another draw, a new game of this browser
            page.click("[data-testid=challenge-again]")
            page.wait_for_function("g => { const e = document.querySelector('.game'); return e && e.dataset.game !== g; }",
                                   arg=first)
            page.wait_for_load_state("networkidle")
            assert page.url.endswith("/games/" + page.get_attribute(".game", "data-game"))
            assert on_result(page) or page.locator("[data-testid=challenge-tag]").count() == 1
        page.goto("/challenges")
        assert page.locator("[data-testid=challenge-try]").count() == 8  # 4 finished, 4 in play
        assert page.locator("[data-testid=challenge-record]").count() == 4
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
    phone = browser.new_context(viewport={"width": 390, "height": 844}, base_url=challenge_server)
    try:  # on a phone the list is cards: nothing wider than the screen
        page = phone.new_page()
        page.goto("/challenges")
        page.wait_for_selector("[data-testid=challenge-group]")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        phone.close()
