"""FUBA's board in Chromium (issue 22): click a piece, then an area, to move it; click an area to
place a player at a setup. The list of choices stays for the keyboard."""

from __future__ import annotations

import re

from .helpers import number, settle, start_game, take_default


def home_count(page, area: str) -> int:
    title = page.locator(f"svg.board g.area[data-area='{area}'] title").text_content()
    return int(re.search(r"(\d+) home", title).group(1))


def click_board(page, selector: str) -> None:
    """Click the element (an area: near its corner, where no piece stands over it)."""
    before = page.get_attribute(".game", "data-number")
    target = page.locator(selector).first
    if selector.endswith(".area-rect"):
        target.click(position={"x": 6, "y": 6})
    else:
        target.click()
    settle(page, before)


def test_a_setup_place_by_clicking_an_area(page):
    start_game(page, "fuba", seed=2024)
    while not page.locator("#decision button.choice[data-choice^='place:']").count():
        take_default(page)
    assert "1 of 11" in page.inner_text("#decision .d-title")
    page.wait_for_selector("svg.board g.area.clickable")
    assert page.locator("svg.board g.area.clickable").count() >= 3
    click_board(page, "svg.board g.area[data-area='C'] .area-rect")
    assert "2 of 11" in page.inner_text("#decision .d-title")


def test_click_a_piece_then_an_area_to_move_it(page):
    start_game(page, "fuba", seed=2024)
    for _ in range(80):  # the book's setup and passes until the coach may sprint
        if page.locator("#decision button.choice[data-choice=sprint]").count():
            break
        take_default(page)
    before = page.get_attribute(".game", "data-number")
    page.click("#decision button.choice[data-choice=sprint]")
    settle(page, before)
    assert "which player moves" in page.inner_text("#decision .d-title")
    page.wait_for_selector("svg.board g.piece.yours.clickable")
    assert page.locator("svg.board g.piece.side-1.clickable").count() == 0  # the opponent's pieces move nothing
    pieces = page.locator("svg.board g.piece.yours.clickable")
    assert pieces.count() >= 1
    frm = pieces.first.get_attribute("data-area")
    n = number(page)
    click_board(page, f"svg.board g.piece.yours.clickable[data-area='{frm}'] circle")
    assert number(page) == n + 1 and "go?" in page.inner_text("#decision .d-title")
    page.wait_for_selector("svg.board g.area.clickable")
    # the areas it can go to are marked; one is clicked
    target = page.locator("svg.board g.area.clickable").first.get_attribute("data-area")
    was_from, was_to = home_count(page, frm), home_count(page, target)
    click_board(page, f"svg.board g.area[data-area='{target}'] .area-rect")
    # the piece stands in the area clicked (the play goes on after it: other pieces may move too)
    assert home_count(page, target) == was_to + 1, (frm, was_from, target, was_to)
