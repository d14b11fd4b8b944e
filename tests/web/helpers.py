"""Driving the web app in Chromium (Playwright's sync API): used by the browser tests and by
tools/web_screenshots.py."""

from __future__ import annotations

import os
import re

CHROMIUM = os.environ.get("COACHGYM_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--no-first-run", "--disable-sync"]


def launch(playwright):
    """Debian's Chromium through Playwright (Playwright's own browser download is not available)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def start_game(page, ruleset, seed, side="home", opponent=None):
    """The new-game page filled in and sent; returns on the game page."""
    page.goto("/new")
    page.click(f".ruleset-card[data-ruleset='{ruleset}']")
    page.wait_for_url(re.compile(rf"/new\?ruleset={ruleset}$"))
    page.fill("#seed", str(seed))
    page.check(f"input[name=side][value={side}]")
    if opponent and page.locator(f"#opponent option[value='{opponent}']:not([disabled])").count():
        page.select_option("#opponent", opponent)  # (else the form's own choice: a coach that can play)
    page.click("#start-top")  # (the Start button at the top of the form)
    page.wait_for_selector(".game")
    assert page.inner_text("[data-testid=seed]") == str(seed)


def number(page) -> int:
    return int(page.get_attribute(".game", "data-number") or 0)


def is_over(page) -> bool:
    return page.get_attribute(".game", "data-over") == "yes"


def settle(page, before: str | None) -> None:
    """Wait until the page shows another decision number (or the end) than ``before``."""
    page.wait_for_function(
        "b => { const g = document.querySelector('.game'); return g && (g.dataset.number !== b || g.dataset.over === 'yes'); }",
        arg=before)
    page.wait_for_load_state("networkidle")


def click_a_choice(page, second_step: bool = True) -> None:
    """Answer the pending decision by clicking: the first second-step choice where the first group
    opens one (a substitution: who comes out, then who goes in), else the first choice."""
    before = page.get_attribute(".game", "data-number")
    first = page.locator("#decision .group-choices > *").first
    if first.evaluate("e => e.tagName") == "DETAILS":
        if not second_step:
            page.locator("#decision button.choice").first.click()
        else:
            first.locator("summary").click()
            first.locator(".then button.choice").first.click()
    else:
        first.click()
    settle(page, before)


def take_default(page) -> None:
    """Enter (the default) where the decision has one, else the first choice."""
    before = page.get_attribute(".game", "data-number")
    if page.locator("#decision button.choice[data-enter]").count():
        page.keyboard.press("Enter")
    else:
        page.locator("#decision button.choice").first.click()
    settle(page, before)


def continue_to(page, mark: str) -> None:
    before = page.get_attribute(".game", "data-number")
    page.click(f"form.continue button[value={mark}]")
    settle(page, before)


def coach_with_enter(page, done, enter_at_most: int, each=None) -> int:
    """Enter (or the first choice, :func:`take_default`) at each decision until ``done(page)``; past
    ``enter_at_most`` presses, the seat's "to the end". ``each(page)`` runs before every step (a
    check). Returns the presses made."""
    presses = 0
    while not done(page):
        if each is not None:
            each(page)
        if presses >= enter_at_most:
            continue_to(page, "end")
            continue
        take_default(page)
        presses += 1
    return presses
