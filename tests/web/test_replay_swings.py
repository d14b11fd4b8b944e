"""The replay's "big swings" jumps (issue 22): the plays after which the person's win chance moved
most - the end-of-game page's swings, by the same value model (``coachgym.search.review``) - in the
replay's jump row and with a line saying how the chance moved."""

from __future__ import annotations

import re

from coachgym.present.replay import Replay
from coachgym.present.seat import Seat
from coachgym.search.review import review, swing_jumps

from .helpers import continue_to, start_game


def test_swing_jumps_are_the_reviews_swings_in_play_order():
    seat = Seat.new("fourthstreet", side="home", opponent="by-the-book", seed=7)
    seat.continue_to("end")
    rep = Replay.from_seat(seat)
    swings = review(rep, seat.side, seat.opponent, analyse=False, compare=False).swings
    notes = swing_jumps(rep, seat.side)
    assert swings and set(notes) == {s.frame for s in swings}
    rep.add_jumps("swing", notes)
    assert rep.jumps()["swing"] == sorted(notes) and rep.jumps()["decision"] == Replay.from_seat(seat).jumps()["decision"]
    s = swings[0]  # the biggest: its line says how the chance moved, in whole percentage points
    assert rep.note(s.frame) == (f"A big swing: your chance to win went from {s.before:.0%} to {s.after:.0%} "
                                 f"({(s.after - s.before) * 100:+.0f} points)")
    assert rep.note(-1) == ""
    # a saved engine alone has no actions to value: no swings
    engine_only = Replay.load(seat.game.to_json())
    assert swing_jumps(engine_only, None) == {} and swing_jumps(engine_only, 0) == {}


def test_replay_jumps_to_the_big_swings_of_the_after_game_page(page):
    start_game(page, "fourthstreet", 7, opponent="by-the-book")
    continue_to(page, "end")
    page.wait_for_selector("[data-testid=swings] a", state="attached")  # (behind "show all": the story is first)
    assert page.inner_text("[data-testid=own-decisions]") == "0"  # "continue" to the end: the book's, not his
    listed = sorted(int(re.search(r"at=(\d+)", h).group(1))
                    for h in page.locator("[data-testid=swings] a").evaluate_all("as => as.map(a => a.href)"))
    gid = page.url.rstrip("/").split("/")[-1]
    page.goto(f"/games/{gid}/replay?at=0")
    assert page.inner_text("[data-jump=swing] .jump-label") == f"big swings ({len(listed)})"
    seen = []
    while page.locator("[data-jump-next=swing]").count():
        before = page.inner_text("[data-testid=frame]")
        page.click("[data-jump-next=swing]")
        page.wait_for_function("n => document.querySelector('[data-testid=frame]').textContent !== n", arg=before)
        seen.append(int(page.inner_text("[data-testid=frame]")) - 1)
        assert page.locator("[data-jump=swing].here").count() == 1
        assert re.match(r"A big swing: your chance to win went from \d+% to \d+%", page.inner_text("[data-testid=replay-note]"))
    assert seen == listed  # the same plays as the after-game report's swings, in the game's order
    if len(listed) >= 2:
        page.click("[data-jump-prev=swing]")
        page.wait_for_function("n => document.querySelector('[data-testid=frame]').textContent === n",
                               arg=str(listed[-2] + 1))
