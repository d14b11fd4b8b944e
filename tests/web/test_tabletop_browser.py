"""The FAC Extractor page and the scoresheet download in a real Chromium (Playwright, Debian's
/usr/bin/chromium) against uvicorn on 127.0.0.1: a new deck, cards drawn with Enter and Space, the
Dead Ball Deck, undo, a reshuffle confirmed in its dialog, the league's period list, the download."""

from __future__ import annotations

import pytest

from coachgym.rules.statispro.extractor import FacExtractor


def act(page, key: str) -> None:
    """Press a key of the FAC page and wait for the deck's next version."""
    before = page.get_attribute(".fac-page", "data-version")
    page.keyboard.press(key)
    page.wait_for_function("v => document.querySelector('.fac-page').dataset.version !== v", arg=before)


def text(page, testid: str) -> str:
    return page.text_content(f"[data-testid={testid}]").strip()


def test_fac_extractor_draws_with_the_keyboard_and_reshuffles(page):
    page.goto("/")
    page.click("nav a:has-text('FAC Extractor')")
    page.wait_for_selector(".fac-page")
    # a new deck: the league's own period list shows, the seed makes the cards known
    page.select_option("#fac-league", "ncaa")
    assert page.locator("#fac-period-ncaa").is_visible() and not page.locator("#fac-period-nba").is_visible()
    page.select_option("#fac-league", "nba")
    page.fill("#fac-new-seed", "21")
    page.click("[data-testid=fac-new]")
    page.wait_for_function("() => document.querySelector('[data-testid=fac-seed]').textContent === '21'")
    assert text(page, "fac-time") == "12:00" and page.locator("[data-testid=fac-card-back]").is_visible()

    fx = FacExtractor("nba", seed=21)
    act(page, "Enter")
    assert text(page, "fac-rpg") == str(fx.draw().card.rpg) and text(page, "fac-time") == "11:56"
    second = fx.draw().card
    act(page, " ")
    assert text(page, "fac-rpg") == str(second.rpg) and text(page, "fac-time") == "11:52"
    card = page.locator("[data-testid=fac-card]")
    assert card.locator(".fc-section").count() == 9
    assert card.locator("[data-section=action] .fc-text").inner_text() == second.text["action"]
    assert page.evaluate("window.scrollY") == 0  # Space drew a card, it did not scroll the page

    act(page, "d")  # the Dead Ball Deck: no time runs off
    assert text(page, "fac-time") == "11:52" and text(page, "fac-dead") == "19"
    assert card.locator(".fc-deck").is_visible()
    act(page, "u")  # undo: the Dead Ball card goes back
    assert text(page, "fac-dead") == "20" and text(page, "fac-rpg") == str(second.rpg)
    assert page.locator("[data-testid=fac-history] tr.drawn").count() == 2

    # shuffling mid-quarter asks first; dismissed, nothing happens; accepted, quarter 2 is dealt
    page.once("dialog", lambda d: d.dismiss())
    page.keyboard.press("s")
    page.wait_for_timeout(300)
    assert text(page, "fac-period") == "quarter 1"
    page.once("dialog", lambda d: d.accept())
    act(page, "s")
    assert text(page, "fac-period") == "quarter 2" and text(page, "fac-time") == "12:00" and text(page, "fac-left") == "180"
    assert "Quarter 2 shuffled: 180 FAC" in page.inner_text("[data-testid=fac-history]")
    page.reload()  # the deck belongs to this browser and outlives the page
    assert text(page, "fac-period") == "quarter 2"


def test_blank_scoresheet_downloads_from_the_fac_page(page, tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    page.goto("/fac")
    page.select_option("#sheet-home", "bulls-1993")
    page.select_option("#sheet-away", "knicks-1993")
    with page.expect_download() as info:
        page.click("[data-testid=fac-scoresheet]")
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    assert path.name == "scoresheet-statispro-chicago-bulls-new-york-knicks.xlsx"
    ws = openpyxl.load_workbook(path)["scoresheet"]
    assert ws["A1"].value == "Scoresheet: Chicago Bulls (home) - New York Knicks (away)"
