"""The web app in a real Chromium (Playwright, Debian's /usr/bin/chromium) against a uvicorn server
on 127.0.0.1: for each ruleset a whole game played by clicking (auto-play on, "continue" between
decisions), a hint, keyboard shortcuts; save, reload and resume; a replay stepped through."""

from __future__ import annotations

import pytest

from coachgym import rulesets

from .helpers import click_a_choice, continue_to, is_over, number, settle, start_game, take_default

RULESETS = [e.name for e in rulesets.entries()]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_whole_game_by_clicking(page, ruleset):
    start_game(page, ruleset, seed=31)
    assert page.locator(".scoreboard [data-testid=score-0]").is_visible()
    for tab in range(2):  # each team's tab shows its lineup (put in place when the tab is opened)
        page.locator("button.team-tab").nth(tab).click()
        assert page.locator(".tab-panel:not([hidden]) .team-panel").count() == 1
    page.click("button[data-tab=feed]")
    # the hint: the book's choice and the trained coach's probabilities, changing nothing
    n = number(page)
    page.click("#decision button:has-text('Hint')")
    page.wait_for_selector("#hint .hint")
    assert "The book" in page.inner_text("#hint")
    assert number(page) == n
    take_default(page)  # the keyboard: Enter takes the default
    moves = 0
    while not is_over(page):
        assert moves < 60, "the game did not end"
        click_a_choice(page)
        if not is_over(page):
            continue_to(page, "half")
        moves += 1
    assert page.locator("[data-testid=result]").inner_text()
    assert page.locator("table.boxscore").count() == 2
    assert page.locator("ol.pbp li").count() > 50


def test_two_step_substitution_and_escape(page):
    start_game(page, "valueadd", seed=5)
    step = page.locator("#decision details.two-step").first
    step.locator("summary").click()
    assert step.locator(".then").is_visible()
    page.keyboard.press("Escape")
    assert not step.locator(".then").is_visible()
    key = step.get_attribute("data-key")
    page.keyboard.press(key)  # the shortcut opens the second step
    assert step.locator(".then").is_visible()
    before = page.get_attribute(".game", "data-number")
    page.keyboard.press("1")  # the first player who can go in
    settle(page, before)


def test_save_reload_and_resume(page, tmp_path):
    start_game(page, "statispro", seed=77)
    click_a_choice(page)
    click_a_choice(page)
    n, score = number(page), page.inner_text(".scoreboard")
    page.reload()
    assert number(page) == n and page.inner_text(".scoreboard") == score
    with page.expect_download() as info:
        page.keyboard.press("Shift+S")  # the Save shortcut (s alone does nothing: issue 22)
    path = tmp_path / "saved.json"
    info.value.save_as(path)
    page.goto("/open")
    page.set_input_files("#saved", str(path))
    page.click("button:has-text('Resume coaching')")
    page.wait_for_selector(".game")
    assert number(page) == n and page.inner_text(".scoreboard") == score
    assert "/games/" in page.url


def test_bad_choice_shows_a_message_not_a_traceback(page):
    start_game(page, "fourthstreet", seed=3)
    form_number = page.get_attribute("#decision input[name=number]", "value")
    click_a_choice(page)
    # the old page's form, sent again: stale
    page.evaluate("n => { const f = document.querySelector('form.choices'); f.querySelector('input[name=number]').value = n;"
                  " const b = f.querySelector('button.choice'); b.click(); }", form_number)
    page.wait_for_selector(".flash.error")
    text = page.inner_text(".flash.error")
    assert "no longer pending" in text and "Traceback" not in page.content()


def test_replay_steps_through_the_game(page):
    start_game(page, "statispro", seed=12)
    continue_to(page, "period")
    page.click(".game-meta a:has-text('Replay')")
    page.wait_for_selector(".replay")
    assert page.inner_text("[data-testid=frame]") == "1"
    first = page.inner_text("[data-testid=replay-line]")
    lines = {first}
    for expected in range(2, 7):
        page.keyboard.press("ArrowRight")
        page.wait_for_function("n => document.querySelector('[data-testid=frame]').textContent === n", arg=str(expected))
        lines.add(page.inner_text("[data-testid=replay-line]"))
    assert len(lines) > 1  # the plays change as it steps
    page.click("a[title='last play']")
    page.wait_for_function("() => document.querySelector('[data-testid=frame]').textContent !== '6'")
    last = int(page.inner_text("[data-testid=frame]"))
    assert last > 6 and page.locator(".replay .scoreboard").is_visible()
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("n => document.querySelector('[data-testid=frame]').textContent === n", arg=str(last - 1))


def test_fuba_board_shows_every_piece_on_the_field(page):
    start_game(page, "fuba", seed=4)
    continue_to(page, "turn")
    board = page.locator("svg.board")
    assert board.is_visible()
    assert board.locator(".piece.side-0").count() == 11 and board.locator(".piece.side-1").count() == 11
    assert board.locator(".piece.keeper").count() == 2
    assert board.locator(".area").count() == 13 and board.locator(".spot").count() == 4
    assert board.locator(".has-ball").count() == 1 and board.locator(".ball").count() == 1


def test_3_3_enter_at_a_fuba_setup_places_the_rest_and_shows_no_zone_lines(page):
    """The kick-off setup's default (marked Enter) places the rest of the team as the book would;
    the team's cards count players, never "defenders" against the formation card."""
    start_game(page, "fuba", seed=1)
    while not page.locator("#decision button.choice.finish").count():
        take_default(page)
    finish = page.locator("#decision button.choice.finish.default")
    assert "as the book would" in finish.inner_text() and "Enter" in finish.inner_text()
    before = page.get_attribute(".game", "data-number")
    page.keyboard.press("Enter")
    settle(page, before)
    assert "set up for the kick-off" not in page.inner_text("#decision .d-title")
    page.locator("button.team-tab").first.click()
    cards = page.inner_text(".tab-panel:not([hidden]) .team-panel")
    assert "player" in cards and not any(w in cards for w in ("defender", "midfielder", "forward"))


def test_box_score_tab_downloads_a_csv(page, tmp_path):
    start_game(page, "statispro", seed=8)
    continue_to(page, "period")
    page.keyboard.press("b")  # the box-score tab
    link = page.locator("[data-testid=box-csv]").first
    assert link.is_visible()
    with page.expect_download() as info:
        link.click()
    assert info.value.suggested_filename.startswith("coachgym-statispro-seed8-box-")
    path = tmp_path / "box.csv"
    info.value.save_as(path)
    lines = path.read_text().splitlines()
    assert lines[0].startswith("seed,home,away,home_score,away_score,side,team,player,PTS")
    assert sum(1 for x in lines if ",TOTAL," in x) == 2


def test_new_game_page_shows_the_opponent_ladder_with_ratings(page):
    page.goto("/new?ruleset=statispro")
    options = page.locator("#opponent option").all_inner_texts()
    assert options[0].startswith("Random (any legal choice) · Elo -")
    assert options[1] == "By the book (plays as the rulebook advises) · Elo 0 (the yardstick)"
    assert any(o.startswith("Trained coach (the shipped AI) · Elo ") for o in options)
    assert any(o.startswith("Search, 16 rollouts a decision · Elo ") for o in options)
    assert page.locator("#opponent").input_value() == "trained"
    assert "each rated by coachgym ratings statispro" in page.locator("fieldset", has_text="You and your opponent").inner_text()
