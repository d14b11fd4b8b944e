"""Two people, one game (coachgym.present.seat with ``opponent="friend"``): each person's decisions
stop play, each side's choices are refused while the other side decides, the history records the
second person as a chooser of its own (``FRIEND``) so a save replays and is checked without asking
a computer coach, and undo belongs to the person who made the last decision."""

from __future__ import annotations

import json

import pytest

from coachgym.core.engine import AWAY, HOME
from coachgym.core.errors import SavedGameError
from coachgym.present.seat import FRIEND, FRIEND_COACH, PERSON, NotYourTurnError, Seat, StaleDecisionError, UndoError

RULESETS = ["valueadd", "statispro", "fuba", "fourthstreet"]


def answer(seat: Seat, side: int) -> None:
    """The person of ``side`` answers the pending decision as Enter would (the default, a finish, the book)."""
    dv = seat.pending()
    if dv.default_action is None and dv.default_finish() is not None:
        seat.finish(dv.default_finish().finish, seat.number, side=side)
    else:
        seat.choose(dv.default_action if dv.default_action is not None else seat.book_choice, seat.number, side=side)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_two_people_play_a_whole_game_each_at_their_own_decisions(ruleset):
    """Both sides' people are asked (no computer coach: nothing in the history is the opponent's);
    at each decision the other side's choice is refused naming whose turn it is and changes
    nothing; a save made mid-way restores to the same seat and plays on identically."""
    seat = Seat.new(ruleset, side=AWAY, opponent=FRIEND_COACH, seed=11)
    assert seat.two and seat.person_sides() == (HOME, AWAY)
    asked = {HOME: 0, AWAY: 0}
    saved = None
    while not seat.over:
        side = seat.turn
        before = seat.to_json()
        with pytest.raises(NotYourTurnError, match=f"not your turn: your friend decides for the "
                                                   f"{'home' if side == HOME else 'away'} team"):
            seat.choose(seat.book_choice, seat.number, side=1 - side)
        with pytest.raises(NotYourTurnError):
            seat.continue_to("end", side=1 - side)
        assert seat.to_json() == before
        answer(seat, side)
        asked[side] += 1
        if sum(asked.values()) == 8:
            saved = seat.to_json()
    assert asked[HOME] >= 3 and asked[AWAY] >= 3
    whos = {who for _, who in seat.history}
    assert PERSON in whos and FRIEND in whos and "o" not in whos
    # the mid-way save: restored as a two-person game at the same decision, and it plays on to the same end
    resumed = Seat.from_json(saved)
    assert resumed.two and resumed.to_json() == saved
    while not resumed.over:
        answer(resumed, resumed.turn)
    assert resumed.to_json() == seat.to_json()


def test_a_two_person_save_is_checked_without_asking_a_computer_coach():
    """A two-person save names the chooser of every step: a step of the second person's side
    marked as the first person's (or a computer's), or a one-person save with a FRIEND step, is
    refused naming the step."""
    seat = Seat.new("valueadd", side=HOME, opponent=FRIEND_COACH, seed=4)
    while FRIEND not in {w for _, w in seat.history}:
        answer(seat, seat.turn)
    data = json.loads(seat.to_json())
    i = next(k for k, (_, w) in enumerate(data["history"]) if w == FRIEND)
    for wrong, says in ((PERSON, "does not coach the away team"), ("o", "is not what the book chooses"),
                        ("x", "unknown chooser 'x'")):
        bad = json.loads(json.dumps(data))
        bad["history"][i][1] = wrong
        with pytest.raises(SavedGameError, match=f"history step {i + 1}.*{says}|history step {i + 1}: .*{says}"):
            Seat.from_dict(bad)
    one = Seat.new("valueadd", side=HOME, opponent="by-the-book", seed=4)
    answer(one, HOME)
    one_data = json.loads(one.to_json())
    k = next(k for k, (_, w) in enumerate(one_data["history"]) if w == PERSON)
    one_data["history"][k][1] = FRIEND
    with pytest.raises(SavedGameError, match=f"history step {k + 1}: chooser 'f' does not coach the home team"):
        Seat.from_dict(one_data)
    edited = json.loads(json.dumps(data))
    edited["seen_friend"] = 10**6
    with pytest.raises(SavedGameError, match="field 'seen_friend' is 1000000"):
        Seat.from_dict(edited)


def test_each_person_reads_the_plays_since_their_own_last_decision():
    """``new_events(side)``: the plays since that side's person last decided, kept apart for the
    two people and in the save."""
    seat = Seat.new("valueadd", side=HOME, opponent=FRIEND_COACH, seed=4)
    for _ in range(6):
        answer(seat, seat.turn)
    mover = seat.turn
    waited = len(seat.new_events(1 - mover))
    answer(seat, mover)
    if seat.over:
        pytest.skip("the game ended")
    # the person who just answered has seen everything before the answer; the other person still has
    # the plays since their own last decision, more of them now
    assert len(seat.new_events(1 - mover)) >= waited
    restored = Seat.from_json(seat.to_json())
    for side in (HOME, AWAY):
        assert [e.seq for e in restored.new_events(side)] == [e.seq for e in seat.new_events(side)]


def test_continue_serves_the_person_who_asked_and_stops_at_the_other_persons_decision():
    """"Continue to the end" by one person lets the book answer that person's decisions only: play
    stops at the other person's next decision, which is put to them."""
    seat = Seat.new("fourthstreet", side=HOME, opponent=FRIEND_COACH, seed=2)
    mover = seat.turn
    seat.continue_to("end", side=mover)
    assert not seat.over and seat.turn == 1 - mover
    assert seat.history[-1][1] != (PERSON if mover == HOME else FRIEND)


def test_undo_only_by_the_person_who_made_the_last_decision_while_no_chance_came_since():
    """The person who answered last may take it back (while no die was rolled or card drawn since);
    the other person is refused, saying whose decision it was, and nothing changes. The undo point
    names the side in the save."""
    seat = Seat.new("fourthstreet", side=HOME, opponent=FRIEND_COACH, seed=8)
    done = refused_other = moved_on = 0
    for _ in range(40):
        if seat.over:
            break
        side, before, number = seat.turn, json.loads(seat.to_json()), seat.number
        answer(seat, side)
        after = seat.to_json()
        assert json.loads(after)["undo"][4] == side
        assert "your friend's" in seat.can_undo(side=1 - side)
        with pytest.raises(UndoError, match="only the person who made a decision can take it back"):
            seat.undo(seat.number, side=1 - side)
        assert seat.to_json() == after
        refused_other += 1
        reason = seat.can_undo(side=side)
        if refused_other % 5 == 1:  # (a reload replays the history: checked now and then, to stay fast)
            assert Seat.from_json(after).can_undo(side=side) == reason
        if reason:
            with pytest.raises(UndoError, match="the game has moved on"):
                seat.undo(seat.number, side=side)
            moved_on += 1
            continue
        with pytest.raises(StaleDecisionError):
            seat.undo(seat.number + 1, side=side)
        seat.undo(seat.number, side=side)
        now = json.loads(seat.to_json())
        now.pop("undo"), before.pop("undo", None)
        assert now == before and seat.number == number and seat.turn == side
        answer(seat, side)
        assert seat.to_json() == after
        done += 1
    assert done >= 3 and moved_on >= 3 and refused_other >= 6


def test_the_terminal_opens_a_two_person_game_for_one_keyboard(tmp_path):
    """``coachgym play --resume`` of a two-person save: both teams' decisions are asked at the one
    keyboard (Enter each time) and the game plays to its end, the history the two people's."""
    import io

    from coachgym.present.terminal import Terminal

    seat = Seat.new("valueadd", side=HOME, opponent=FRIEND_COACH, seed=5)
    out = io.StringIO()
    Terminal(seat, io.StringIO("\n" * 2000), out, width=100, height=40, clear=False, colour=False,
             save_dir=tmp_path).run()
    assert "a two-person game at one keyboard" in out.getvalue()
    assert seat.over and {PERSON, FRIEND} <= {w for _, w in seat.history}
