"""The game page on one screen (issue 22), in Chromium: at 1280x720 and at 390x844 the score, the
decision, its tools (Hint, Analyse, the book decides until ...) and the newest play are inside the
window without scrolling, for every ruleset; the keyboard shortcuts can be switched off, ``s``
alone downloads nothing, a clicked tab gives Enter back to the decision."""

from __future__ import annotations

import pytest

from coachgym.web import create_app
from coachgym.web.security import Limits
from coachgym.web.server import running

from .helpers import continue_to, number, start_game, take_default


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    """This module's own server, the default limits but an analysis of 1 s (``--analyse-seconds 1``;
    the page's Analyse asks 5): "keep thinking" goes on with a shorter first analysis, still adding
    its own 5 s."""
    limits = Limits(analyse_seconds=1)
    with running(create_app(db_path=tmp_path_factory.mktemp("screen") / "games.sqlite3", limits=limits)) as url:
        yield url

# a little way into each game: continue marks, then decisions answered with Enter
PLAN = {
    "statispro": (["period"], 1),
    "valueadd": (["box"], 1),
    "fourthstreet": (["period"], 1),
    "fuba": (["turn", "turn"], 0),
}
VIEWPORTS = {"desktop": (1280, 720), "phone": (390, 844)}

BOXES = """() => {
  const r = e => { if (!e) return null; const b = e.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, left: b.left, right: b.right}; };
  const q = s => r(document.querySelector(s));
  const body = document.querySelector('#decision .d-body');
  const first = document.querySelector('#decision .choice[data-enter]') || document.querySelector('#decision .choice');
  return {vh: window.innerHeight, vw: window.innerWidth, scrollY: window.scrollY,
          title: q('#decision .d-title'), tools: q('#decision .d-tools'), hint: q('#decision [data-shortcut=h]'),
          cont: q('#decision form.continue'), body: r(body), choice: r(first),
          newest: q('.feed li'), score0: q('[data-testid=score-0]'), score1: q('[data-testid=score-1]'),
          brand: q('.topbar .brand'), nav: q('.topbar nav'), feedTab: q('[data-tab=feed]'),
          fit: document.querySelector('#decision') && document.querySelector('#decision').dataset.fit};
}"""


def inside(box, vw, vh, what):
    assert box is not None, f"{what}: not on the page"
    assert box["top"] >= 0 and box["bottom"] <= vh + 0.5, f"{what} is not within the window's height {vh}: {box}"
    assert box["left"] >= 0 and box["right"] <= vw + 0.5, f"{what} is not within the window's width {vw}: {box}"


@pytest.mark.parametrize("size", list(VIEWPORTS))
@pytest.mark.parametrize("ruleset", list(PLAN))
def test_decision_tools_score_and_newest_play_fit_the_window(browser, live_server, ruleset, size):
    w, h = VIEWPORTS[size]
    context = browser.new_context(viewport={"width": w, "height": h}, base_url=live_server)
    try:
        page = context.new_page()
        page.set_default_timeout(20_000)
        start_game(page, ruleset, 2024, opponent="trained")
        marks, answers = PLAN[ruleset]
        for mark in marks:
            if page.locator(f"form.continue button[value={mark}]").count():
                continue_to(page, mark)
        for _ in range(answers):
            take_default(page)
        page.evaluate("window.scrollTo(0, 0)")
        b = page.evaluate(BOXES)
        assert b["scrollY"] == 0
        # on a phone the plays give way where every choice of the step needs the room (issue 35: the
        # panel at its tightest, fit 5; tests/web/test_choices_in_sight_browser.py); they follow the tools
        crowded = size == "phone" and b["fit"] == "5"
        for what in ("title", "tools", "hint", "cont", "score0", "score1") + (() if crowded else ("newest",)):
            inside(b[what], w, h, what)
        # the default (or first) choice is shown inside the decision's own scrolling box
        inside(b["choice"], w, h, "the default choice")
        assert b["body"]["top"] <= b["choice"]["top"] and b["choice"]["top"] < b["body"]["bottom"]
        # the navigation does not cover the brand
        assert b["brand"]["right"] <= b["nav"]["left"] or b["brand"]["bottom"] <= b["nav"]["top"]
        if size == "phone":  # one column: the decision first, the plays under it
            assert b["title"]["top"] < b["newest"]["top"]
            assert b["tools"]["bottom"] <= b["feedTab"]["top"]
        else:  # side by side
            assert b["newest"]["left"] >= b["tools"]["right"]
    finally:
        context.close()


def test_s_alone_downloads_nothing_and_shortcuts_switch_off(page):
    start_game(page, "fourthstreet", 31)
    downloads = []
    page.on("download", lambda d: downloads.append(d))
    n = number(page)
    page.keyboard.press("s")
    page.wait_for_timeout(300)
    assert not downloads and number(page) == n
    # switched off: Enter and the number keys do nothing; the switch is remembered across pages
    page.uncheck("[data-shortcuts-switch]")
    page.locator("body").click(position={"x": 2, "y": 2})
    page.keyboard.press("Enter")
    page.keyboard.press("1")
    page.wait_for_timeout(300)
    assert number(page) == n
    assert page.evaluate("document.body.classList.contains('no-shortcuts')")
    page.reload()
    assert not page.is_checked("[data-shortcuts-switch]")
    page.check("[data-shortcuts-switch]")
    page.locator("body").click(position={"x": 2, "y": 2})
    take_default(page)
    assert number(page) == n + 1


def test_after_clicking_a_tab_enter_plays_on(page):
    start_game(page, "fourthstreet", 32)
    n = number(page)
    page.click("button[data-tab=box]")
    assert page.is_visible("[data-panel=box]")
    assert page.evaluate("document.activeElement.id") == "decision"
    page.keyboard.press("Enter")
    page.wait_for_function("n => Number(document.querySelector('.game').dataset.number) !== n", arg=n)
    assert number(page) == n + 1


def test_replay_jumps_to_my_decisions_scores_and_periods(page):
    start_game(page, "statispro", 12)
    take_default(page)  # two decisions of mine
    take_default(page)
    continue_to(page, "period")
    page.click(".game-meta a:has-text('Replay')")
    page.wait_for_selector(".replay")
    text = page.inner_text(".replay-bar")
    assert not any(glyph in text for glyph in "\u23ee\u23ed\U0001F3C0")  # drawn as boxes without emoji fonts
    label = page.locator("[data-jump=decision] .jump-label").inner_text()
    assert label.endswith("(2)") or label.endswith("(1)")  # (two decisions with no play between: one moment)

    def frame() -> int:
        return int(page.inner_text("[data-testid=frame]"))

    def jump(selector: str) -> int:
        before = frame()
        page.click(selector)
        page.wait_for_function("n => document.querySelector('[data-testid=frame]').textContent !== n", arg=str(before))
        return frame()

    page.goto(page.url.split("?")[0] + "?at=" + str(int(page.inner_text("[data-testid=frame]")) + 5))
    first = jump("[data-jump-prev=decision]")  # back to the moment of a decision of mine
    assert page.locator("[data-jump=decision].here").count() == 1
    if label.endswith("(2)"):
        second = jump("[data-jump-next=decision]")
        assert second > first and page.locator("[data-jump-next=decision]").count() == 0  # no third
        assert jump("[data-jump-prev=decision]") == first
    # a score jump lands among the plays of a change of the score: the scoreboard moves
    page.goto(page.url.split("?")[0] + "?at=0")
    score = page.inner_text(".scoreboard [data-testid=score-0]") + page.inner_text(".scoreboard [data-testid=score-1]")
    jump("[data-jump-next=score]")
    assert page.inner_text(".scoreboard [data-testid=score-0]") + page.inner_text(".scoreboard [data-testid=score-1]") != score
    # a period jump lands on the line that opens or closes a period
    jump("[data-jump-next=period]")
    line = page.inner_text("[data-testid=replay-line]")
    assert "Quarter" in line or "period" in line, line
    # the Statis Pro card's basketball mark is an inline SVG, not an emoji
    page.goto(page.url.split("?")[0] + "?at=5")
    assert "\U0001F3C0" not in page.inner_text(".replay")


def test_keep_thinking_goes_on_with_the_same_analysis(page):
    start_game(page, "fourthstreet", 33)
    page.click("#decision [data-shortcut=A]")
    page.wait_for_selector("#hint [data-testid=analysis]", timeout=30_000)
    assert "--" not in page.inner_text("#hint")  # no command-line flag on the page
    first = int(page.get_attribute("#hint [data-testid=analysis]", "data-rollouts"))
    if page.locator("[data-testid=keep-thinking]").count():  # (not when the first 5 s separated the options)
        page.click("[data-testid=keep-thinking]")
        page.wait_for_function(
            "n => { const a = document.querySelector('#hint [data-testid=analysis]'); return a && Number(a.dataset.rollouts) > n; }",
            arg=first, timeout=30_000)
        # the same options, more games each
        assert page.locator("#hint .analysis-table tbody tr").count() >= 2


def test_new_game_form_starts_in_a_few_keys(page):
    page.goto("/new?ruleset=fourthstreet")
    page.keyboard.press("Tab")  # the first Tab: the skip link
    assert page.evaluate("document.activeElement.dataset.testid") == "skip-to-start"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "start-top"  # one Tab, Enter, and Enter starts
    page.keyboard.press("Enter")
    page.wait_for_selector(".game #decision")
