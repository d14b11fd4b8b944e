"""The browser items of issue 19 (points 7 and 9) in a real Chromium: no Content-Security-Policy
violation on any page (and the styles the pages compute still applied), a refused stale choice that
leaves the game's address in the address bar, a message when the server is down, a warning when
every auto-play kind is unticked, Delete asking first, and "Watch the replay" that adds no game."""

from __future__ import annotations

import json
import re

import pytest

from coachgym.web import create_app
from coachgym.web.server import running

from .helpers import continue_to, number, settle, start_game


@pytest.fixture
def csp_log(page):
    """Every console message about the Content-Security-Policy (Chromium reports each violation)."""
    found: list[str] = []
    page.on("console", lambda m: found.append(m.text) if re.search(r"Content.Security.Policy|Refused to", m.text) else None)
    return found


def test_no_csp_violation_on_any_page_and_computed_styles_still_apply(page, csp_log):
    for path in ("/", "/new", "/new?ruleset=fuba", "/open", "/fac", "/scoresheet", "/glossary", "/no-such-page"):
        page.goto(path)
        page.wait_for_load_state("networkidle")
    start_game(page, "fuba", seed=4)
    continue_to(page, "turn")  # an htmx swap: the board's pieces, the teams' colours
    kit = page.evaluate("getComputedStyle(document.querySelector('.game')).getPropertyValue('--home').trim()")
    attr = page.get_attribute(".game", "data-kit")
    assert kit and kit.lower() in attr.lower()  # the team's colour, set from data-kit
    size = page.evaluate("getComputedStyle(document.querySelector('svg.board .piece text')).fontSize")
    assert size != "16px"  # the SVG font-size attribute applies
    page.click("#decision button:has-text('Hint')")
    page.wait_for_selector("#hint .hint")
    bars = page.locator("#hint .bar")
    if bars.count():
        assert page.evaluate("getComputedStyle(document.querySelector('#hint .bar')).getPropertyValue('--p')").strip()
    page.click(".game-meta a:has-text('Replay')")
    page.wait_for_selector(".replay")
    page.locator("#at").fill("3")  # the slider: its change submits (app.js, no inline handler)
    page.wait_for_function("() => document.querySelector('[data-testid=frame]').textContent === '4'")
    page.click("a.btn:has-text('Back to the game')")
    page.wait_for_selector(".game[data-number]")  # (the replay's .game has none: wait for the game page)
    continue_to(page, "end")  # the end-of-game page
    assert page.get_attribute(".game", "data-over") == "yes" and page.get_attribute(".game", "data-kit")
    page.goto("/")
    page.wait_for_load_state("networkidle")
    page.click("a.btn.danger:has-text('Delete')")
    page.wait_for_selector("[data-testid=delete-confirm]")
    assert csp_log == []


def test_a_refused_stale_choice_keeps_the_games_address(page):
    start_game(page, "valueadd", seed=5)
    game_url = page.url
    other = page.context.new_page()  # the same game in a second tab moves on
    other.goto(game_url)
    before = other.get_attribute(".game", "data-number")
    other.locator("#decision button.choice").first.click()
    settle(other, before)
    other.close()
    page.locator("#decision button.choice").first.click()  # this tab's page is stale now
    page.wait_for_selector(".flash.error")
    assert "no longer pending" in page.inner_text(".flash.error")
    assert page.url == game_url and "/choose" not in page.url
    response = page.reload()
    assert response.status == 200 and page.locator(".game").count() == 1
    page.goto(game_url + "/choose")  # an old history entry or a bookmark of it
    assert page.url == game_url and page.locator(".game").count() == 1


def test_server_down_shows_a_message_and_gives_the_panel_back(browser, tmp_path):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(20_000)
    with running(create_app(db_path=tmp_path / "g.sqlite3")) as url:
        page.goto(url + "/")
        start_game_at(page, url, "statispro", seed=3)
    # the server is stopped now
    n = number(page)
    page.keyboard.press("Enter")  # the default choice
    page.wait_for_selector("#net-status:not([hidden])")
    text = page.inner_text("#net-status")
    assert "did not answer" in text and "reload" in text
    assert "busy" not in (page.get_attribute("body", "class") or "")
    assert number(page) == n and page.locator("#decision button.choice").first.is_enabled()
    page.screenshot(path=str(tmp_path / "server-down.png"))
    context.close()


def start_game_at(page, url, ruleset, seed):
    page.goto(f"{url}/new?ruleset={ruleset}")
    page.fill("#seed", str(seed))
    page.click("#start-top")
    page.wait_for_selector(".game")


def test_unticking_every_autoplay_kind_warns_and_plays_nothing(page):
    start_game(page, "valueadd", seed=8)
    n = number(page)
    page.click("button[data-tab=autoplay]")
    for box in page.locator("form.kinds input[type=checkbox][name^=kind_]").all():
        box.uncheck()
    page.click("form.kinds button[type=submit]")
    page.wait_for_selector(".flash.error")
    assert "no kind of decision is ticked" in page.inner_text(".flash.error")
    assert number(page) == n and page.get_attribute(".game", "data-over") == "no"
    assert "/autoplay" not in page.url


def test_delete_asks_for_confirmation(page):
    start_game(page, "statispro", seed=21)
    gid = page.url.rsplit("/", 1)[1]
    page.goto("/")
    row = page.locator(f"tr:has(a[href='/games/{gid}'])")
    row.locator("a:has-text('Delete')").click()
    page.wait_for_selector("[data-testid=delete-confirm]")
    page.click("a:has-text('Keep it')")
    page.wait_for_selector("section.panel h2:has-text('Your games')")
    assert page.locator(f"a[href='/games/{gid}']").count() >= 1  # kept
    page.locator(f"tr:has(a[href='/games/{gid}']) a:has-text('Delete')").click()
    page.wait_for_selector("[data-testid=delete-confirm]")
    page.click("button:has-text('Delete the game')")
    page.wait_for_selector("section.panel h2:has-text('Your games')")
    assert page.locator(f"a[href='/games/{gid}']").count() == 0


def test_watching_an_opened_file_adds_no_resumable_game(page, tmp_path):
    start_game(page, "valueadd", seed=13)
    continue_to(page, "half")
    with page.expect_download() as info:
        page.keyboard.press("Shift+S")
    path = tmp_path / "saved.json"
    info.value.save_as(path)
    assert json.loads(path.read_text())["format"] == "coachgym.seat"
    page.goto("/")
    games = page.locator("table.games tbody tr").count()
    page.goto("/open")
    page.set_input_files("#saved", str(path))
    page.click("button:has-text('Watch the replay')")
    page.wait_for_selector(".replay [data-testid=watch-only]")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('[data-testid=frame]').textContent === '2'")
    page.goto("/")
    assert page.locator("table.games tbody tr").count() == games
