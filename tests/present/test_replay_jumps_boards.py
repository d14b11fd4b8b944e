"""The replay's jumps and FUBA's board per play (issue 22)."""

from __future__ import annotations

from coachgym.present.replay import Replay
from coachgym.present.seat import PERSON, Seat


def board_key(board):
    return tuple((a.id, tuple((p["side"], p["number"]) for p in a.pieces), a.ball) for a in board)


def test_fuba_board_is_drawn_per_play_not_per_decision():
    seat = Seat.new("fuba", side="home", opponent="by-the-book", seed=3)
    seat.continue_to("half")
    rep = Replay.from_seat(seat)
    steps = rep._step_of_event
    changed = [i for i in range(1, len(rep)) if steps[i] == steps[i - 1]
               and board_key(rep.frame(i).situation.board) != board_key(rep.frame(i - 1).situation.board)]
    assert changed, "plays resolved in one go show the same board"
    moves = [i for i in changed if rep.events[i].kind == "move"]
    for i in moves[:5]:  # a move's frame has the piece in its new area
        to = rep.events[i].data["to"]
        side = rep.events[i].side
        area = rep.frame(i).situation.board[to]
        assert any(p["side"] == side for p in area.pieces)
    last = len(rep) - 1  # the last play's board is the state at the next decision
    assert board_key(rep.frame(last).situation.board) == board_key(rep.situation_at(steps[last]).board)


def test_jumps_to_decisions_scores_and_periods():
    seat = Seat.new("fourthstreet", side="home", opponent="by-the-book", seed=5)
    for _ in range(2):
        seat.choose(seat.game.decision.legal[0], seat.number)
    seat.continue_to("end")
    rep = Replay.from_seat(seat)
    jumps = rep.jumps()
    # each of the person's decisions (action k, step k+1): the last play before it (decisions with
    # no play between them share one)
    steps = rep._step_of_event
    expected = set()
    for k, (_, who) in enumerate(seat.history):
        if who == PERSON:
            before = [i for i in range(len(rep)) if steps[i] <= k]
            expected.add(before[-1] if before else 0)
    assert jumps["decision"] == sorted(expected) and 1 <= len(expected) <= 2
    assert all(rep.events[i].kind in ("period", "period_end", "half", "half_end") for i in jumps["period"])
    assert len(jumps["period"]) >= 4
    home, away = seat.game.score
    assert len(jumps["score"]) >= 1 and all(a < b for a, b in zip(jumps["score"], jumps["score"][1:]))
    assert set(jumps["lead"]) <= set(jumps["score"])
    assert home + away > 0
