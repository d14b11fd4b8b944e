"""Issue 22, the seat's second round in the browser: Undo of the last decision (a button and the
``u`` key, shown only while ``Seat.can_undo()``), refused once a card was drawn; and the warnings of
what Enter leads to (``DecisionView.warnings``) shown beside the decision, inside a 1280x720 window."""

from __future__ import annotations

import html

import pytest

from coachgym.present.seat import Seat

from .helpers import number, settle, start_game, take_default


def choices(page) -> list[str]:
    return page.locator("#decision .group-choices > button.choice .c-label, #decision summary .c-label").all_inner_texts()


def test_undo_takes_back_a_substitution_and_is_refused_after_a_card_was_drawn(page):
    # Statis Pro, seed 6: the first menu (a set piece: no card drawn while it is answered)
    start_game(page, "statispro", 6, opponent="by-the-book")
    assert page.locator("[data-testid=undo]").count() == 0  # nothing to take back yet
    n, title, before = number(page), page.inner_text("#decision .d-title"), choices(page)
    step = page.locator("#decision details.two-step").first  # Substitution: who comes out, then who goes in
    step.locator("summary").click()
    step.locator(".then button.choice").first.click()
    settle(page, str(n))
    assert number(page) == n + 1 and choices(page) != before  # the lineup changed
    assert page.is_visible("[data-testid=undo]")
    page.keyboard.press("u")  # the shortcut, as the terminal's u
    settle(page, str(n + 1))
    assert number(page) == n  # the same decision again, as it was
    assert page.inner_text("[role=status]") == "Your last decision was taken back: decide again."  # as the terminal says
    assert page.inner_text("#decision .d-title") == title and choices(page) == before
    assert page.locator("[data-testid=undo]").count() == 0  # one level: an undone decision is not undone again
    take_default(page)  # Enter plays on: a FAC is drawn
    assert page.locator("[data-testid=undo]").count() == 0
    m = number(page)
    page.keyboard.press("u")  # no Undo now: the key does nothing
    page.wait_for_timeout(300)
    assert number(page) == m


def test_undo_over_http_refused_after_a_card_was_drawn_and_on_a_stale_page(client):
    r = client.post("/api/games", json={"ruleset": "statispro", "seed": 6, "opponent": "by-the-book"})
    state = r.json()
    gid, n = state["id"], state["number"]
    assert state["can_undo"] is False
    sub = next(g for g in state["decision"]["groups"] if g["id"] == "substitution")["choices"][0]["then"][0]
    state = client.post(f"/api/games/{gid}/choose", json={"action": sub["action"], "number": n}).json()
    assert state["can_undo"] is True
    stale = client.post(f"/games/{gid}/undo", data={"number": str(n)}, headers={"HX-Request": "true"})
    assert stale.status_code == 409 and "no longer pending" in html.unescape(stale.text)  # an old page's Undo
    page = client.post(f"/games/{gid}/undo", data={"number": str(n + 1)}, headers={"HX-Request": "true"})
    assert page.status_code == 200 and client.get(f"/api/games/{gid}").json()["number"] == n
    state = client.get(f"/api/games/{gid}").json()
    default = state["decision"]["default_action"]
    state = client.post(f"/api/games/{gid}/choose", json={"action": default, "number": n}).json()  # play on: a FAC
    assert state["can_undo"] is False
    r = client.post(f"/games/{gid}/undo", data={"number": str(state["number"])}, headers={"HX-Request": "true"})
    text = html.unescape(r.text)
    assert r.status_code == 409 and "the game has moved on since your last decision (a card was drawn)" in text
    assert "Traceback" not in text and client.get(f"/api/games/{gid}").json()["number"] == state["number"]
    r = client.post(f"/api/games/{gid}/undo", json={"number": state["number"]})
    assert r.status_code == 409 and "a card was drawn" in r.json()["error"]


def test_can_undo_after_a_reload_is_replayed_once():
    seat = Seat.new("statispro", opponent="by-the-book", seed=6)
    sub = next(g for g in seat.pending().groups if g.id == "substitution").choices[0].then[0]
    seat.choose(sub.action, seat.number)
    again = Seat.from_json(seat.to_json())
    assert again.can_undo() == "" and again._undo_known is not None  # remembered for the next page
    assert again.can_undo() == ""
    again.undo(again.number)
    assert again.number == seat.number - 1 and again.can_undo().startswith("nothing to undo")


# reached by pressing Enter from the start against the trained coach (found with Seat in Python)
WARNED = {
    "statispro": (2025, "have not rested this half and will be FATIGUED"),  # the last Rest Period before 9:00 (5.4)
    "valueadd": (2024, "plays this one tired"),  # a man past his stamina
    "fourthstreet": (2025, "worn out: every matchup"),  # a man past his fat rating
}


@pytest.mark.parametrize("ruleset", list(WARNED))
def test_a_warning_of_what_enter_leads_to_is_shown_in_the_window(browser, live_server, ruleset):
    seed, words = WARNED[ruleset]
    context = browser.new_context(viewport={"width": 1280, "height": 720}, base_url=live_server)
    try:
        page = context.new_page()
        page.set_default_timeout(20_000)
        start_game(page, ruleset, seed, opponent="trained")
        for _ in range(12):
            if page.locator("[data-testid=warnings]").count():
                break
            take_default(page)
        warning = page.locator("#decision [role=alert][data-testid=warnings]")
        assert words in warning.inner_text()
        box = warning.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 720 and box["x"] + box["width"] <= 1280, box
        assert page.evaluate("window.scrollY") == 0
        assert page.is_visible("#decision button.choice[data-enter]")  # Enter's choice is still there to see
    finally:
        context.close()


def test_a_long_second_step_is_picked_by_keys_past_nine(page):
    """Statis Pro's PD cards open 20 pairs: the second step's keys run 1-9, 0, then letters (as the
    first step's), so every entry has one key."""
    start_game(page, "statispro", 6, opponent="by-the-book")
    n = number(page)
    # (a closed second step's choices may still be in their template: counted there too)
    key = page.evaluate("""() => [...document.querySelectorAll('#decision details.two-step')]
        .find(d => d.querySelectorAll('.then button.choice').length + [...d.querySelectorAll('.then > template')]
              .reduce((n, t) => n + t.content.querySelectorAll('button.choice').length, 0) >= 12).dataset.key""")
    page.keyboard.press(key)  # opens the step
    step = page.locator(f"#decision details.two-step[data-key='{key}']")
    assert step.get_attribute("open") is not None
    keys = step.locator(".then button.choice").evaluate_all("bs => bs.map(b => b.dataset.key)")
    assert keys[:12] == list("1234567890ad") and len(set(keys)) == len(keys) and "u" not in keys
    page.keyboard.press("0")  # the 10th
    settle(page, str(n))
    assert number(page) == n + 1
