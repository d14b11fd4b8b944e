"""Labels and defaults in Chromium (issue 35, item 3): Enter with "Take John Starks out" open puts
in the second step's marked default (not the first man listed), the plays read in words (the
card's own line on a pointer's hover), and the invite link's Copy button."""

from __future__ import annotations

from .helpers import settle, start_game


def test_enter_with_a_substitution_open_takes_its_marked_default(page):
    start_game(page, "statispro", 3, opponent="by-the-book")
    for _ in range(30):
        if page.locator("#decision details.two-step summary:has-text('John Starks')").count():
            break
        before = page.get_attribute(".game", "data-number")
        page.keyboard.press("Enter")
        settle(page, before)
    step = page.locator("#decision details.two-step:has(summary:has-text('John Starks'))").first
    step.locator("summary").click()
    default = step.locator(".then button.choice.default")
    assert default.count() == 1 and "Enter" in default.inner_text()  # marked
    first_listed = step.locator(".then button.choice").first.inner_text()
    name = default.locator(".c-label").inner_text().split(" (")[0].replace("Enter", "").strip()
    assert page.evaluate("() => document.activeElement.classList.contains('default')")  # focus on the default
    before = page.get_attribute(".game", "data-number")
    page.keyboard.press("Enter")
    settle(page, before)
    plays = page.inner_text(".feed")
    assert f"{name} replaces John Starks" in plays, (name, first_listed, plays[:300])


def test_the_plays_read_in_words_with_the_card_on_hover(page):
    start_game(page, "statispro", 3, opponent="by-the-book")
    page.click("form.continue button[value=period]")
    page.wait_for_function("() => document.querySelectorAll('.feed li').length > 20")
    feed = page.inner_text(".feed")
    assert "RPG " not in feed and "SHOT #" not in feed
    coded = page.locator(".feed li[title^='RPG ']")
    assert coded.count() > 5  # the engine's own line, on a pointer's hover


def test_the_invite_link_has_a_copy_button(browser, live_server):
    context = browser.new_context(viewport={"width": 1280, "height": 720}, base_url=live_server)
    try:
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
        page = context.new_page()
        page.set_default_timeout(20_000)
        page.goto("/new?ruleset=valueadd")
        page.select_option("#opponent", "friend")
        page.click("#start-top")
        page.wait_for_selector("[data-testid=invite-link]", state="attached")
        link = page.input_value("[data-testid=invite-link]")
        page.click("[data-testid=invite-copy]")
        page.wait_for_function("() => document.querySelector('[data-testid=invite-copied]').textContent.length > 0")
        assert page.inner_text("[data-testid=invite-copied]") in ("Copied.", "Selected: press Ctrl+C to copy.")
        if page.inner_text("[data-testid=invite-copied]") == "Copied.":
            assert page.evaluate("() => navigator.clipboard.readText()") == link
    finally:
        context.close()
