"""A season in the browser (issue 35), in Chromium: start a season of the 1992-93 NBA with the Knicks
on a short schedule (2 games a team: the test option), simulate the other games in the background
(progress, then the page again), let the book play one game of yours and coach the next one
(the seat, played to its end), see the standings and leaders change, come back in a new browser
context with the recovery key and find the season there; and the same season listed by
``coachgym season list`` on the server's database file."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from coachgym.cli import main
from coachgym.web import create_app
from coachgym.web.security import Limits
from coachgym.web.server import running

from .helpers import continue_to


@pytest.fixture(scope="module")
def season_server(tmp_path_factory):
    db = tmp_path_factory.mktemp("season") / "games.sqlite3"
    with running(create_app(db_path=db, limits=Limits(new_games_per_minute=0, games_per_session=1000))) as url:
        yield url, db


def played(page) -> int:
    return int(page.get_attribute("[data-testid=season]", "data-played"))


def standings(page) -> dict[str, tuple[int, int]]:
    out = {}
    for row in page.locator("[data-testid=standings] tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        out[row.get_attribute("data-team")] = (int(cells[1]), int(cells[2]))
    return out


def simulate_others(page) -> None:
    """'Simulate them' until your game is next (or the season is over)."""
    for _ in range(20):
        if not page.locator("[data-testid=season-simulate]").count():
            return
        n = played(page)
        page.click("[data-testid=season-simulate]")
        # the progress bar (polled), then the page again once the others are played
        page.wait_for_function("""n => { const s = document.querySelector('[data-testid=season]');
            return s && Number(s.dataset.played) > n && !document.querySelector('[data-testid=season-progress]'); }""",
                               arg=n, timeout=120_000)
        page.wait_for_load_state("networkidle")


def test_a_season_with_the_knicks_in_the_browser(browser, season_server, tmp_path):
    url, db = season_server
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=url)
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.goto("/seasons")
        page.select_option("#season-league", "statispro:nba-1993")
        page.select_option("[data-testid='team-statispro:nba-1993']", "knicks")
        page.select_option("#season-games", "2")
        page.click("[data-testid=start-season]")
        page.wait_for_selector("[data-testid=season]")
        name = page.inner_text("[data-testid=season-name]")
        assert played(page) == 0
        # 27 teams: divisions with games behind
        assert page.locator("[data-testid=standings]").count() == 4
        assert page.locator("[data-testid=standings] tr.yours").inner_text().startswith("New York Knicks")
        simulate_others(page)
        before = played(page)
        table = standings(page)
        assert page.locator("[data-testid=season-book]").count()  # your game is next
        page.click("[data-testid=season-book]")  # the book plays your first game
        page.wait_for_function("n => Number(document.querySelector('[data-testid=season]')?.dataset.played) > n", arg=before)
        assert played(page) == before + 1
        after = standings(page)
        assert sum(after["knicks"]) == sum(table["knicks"]) + 1  # the Knicks' record moved
        assert page.locator("[data-testid=leaders] table").count() >= 3
        players = page.inner_text("[data-testid=my-players]")  # your players beside the real season's lines
        assert "Patrick Ewing" in players and "24.2 / 12.1 / 1.9" in players
        simulate_others(page)
        if page.locator("[data-testid=season-coach]").count():  # coach the next one yourself
            page.click("[data-testid=season-coach]")
            page.wait_for_selector(".game")
            continue_to(page, "end")  # (the book decides to the end for you: the seat's own button)
            page.goto(f"/seasons/{name}")
            assert "Your game is in the season's results" in page.inner_text("[data-testid=season-notice]")
            assert page.locator("[data-testid=my-results] .tag").count() == 1  # "you coached"
            assert sum(standings(page)["knicks"]) == 2
        simulate_others(page)
        assert page.locator("[data-testid=season-over]").count() == 1
        total = played(page)
        assert total == 27  # 27 teams x 2 games / 2
        # the playoffs: 16 teams, 8 a conference, best of 5 in the first round
        page.click("[data-testid=playoffs-start]")
        page.wait_for_selector("[data-testid=bracket]")
        assert page.locator("[data-testid=po-series]").count() == 8
        assert page.inner_text("[data-testid=bracket]").count("(best of 5, ") == 8
        knicks_in = page.locator("[data-testid=po-series].yours").count() == 1
        if knicks_in:  # the book plays one game of the Knicks' series
            page.click("[data-testid=po-book]")
            page.wait_for_function("() => /[1-9] – |– [1-9]/.test(document.querySelector('[data-testid=po-series].yours')?.innerText || '')")
        if page.locator("[data-testid=po-simulate]").count():  # the other series of the first round
            page.click("[data-testid=po-simulate]")
            page.wait_for_function("() => !document.querySelector('[data-testid=season-progress]') && "
                                   "document.querySelectorAll('[data-testid=po-series] .tag').length >= 7", timeout=180_000)
        # a box score of a stored game
        page.locator("[data-testid=my-results] a").first.click()
        page.wait_for_selector("[data-testid=season-game]")
        assert page.locator("table.boxscore").count() == 2
        # the recovery key (made with the session's first game) brings the season to another browser
        page.goto("/")
        key = re.search(r"/sessions/restore/([\w-]+)", page.content())
        assert key, "no recovery link on the home page"
        other = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=url)
        try:
            p2 = other.new_page()
            p2.set_default_timeout(30_000)
            p2.goto(f"/sessions/restore/{key.group(1)}")
            if p2.locator("form[action*='restore'] button").count():
                p2.locator("form[action*='restore'] button").first.click()
                p2.wait_for_load_state("networkidle")
            p2.goto("/seasons")
            assert name in p2.inner_text("[data-testid=seasons]")
            p2.goto(f"/seasons/{name}")
            assert played(p2) == total
        finally:
            other.close()
    finally:
        context.close()
    res = CliRunner().invoke(main, ["season", "list", "--db", str(db)], catch_exceptions=False)
    assert res.exit_code == 0 and name in res.output, res.output
    # and its playoffs, as the browser left them, on the command line's season screen
    res = CliRunner().invoke(main, ["season", "show", name, "--db", str(db)], catch_exceptions=False)
    assert res.exit_code == 0 and "PLAYOFFS (played in the browser)\n1993 NBA playoffs" in res.output, res.output
    assert res.output.count("(best of 5, ") == 8  # the first round's eight series
