"""Replays (coachgym.present.replay): a saved seat or a saved engine, event by event."""

from __future__ import annotations

import json

import pytest

from coachgym.core.errors import SavedGameError
from coachgym.present.replay import Replay
from coachgym.present.seat import Seat


@pytest.fixture(scope="module")
def finished():
    seat = Seat.new("statispro", opponent="by-the-book", seed=61)
    for _ in range(5):
        seat.choose(seat.book_choice, seat.number)
    seat.continue_to("end")
    return seat


def test_a_saved_seat_replays_event_by_event_with_the_situation_after_each(finished):
    rep = Replay.load(finished.to_json())
    events = finished.game.log.events
    assert len(rep) == len(events) and rep.exact and rep.seed == 61 and rep.side == finished.side
    first, last = rep.frame(0), rep.frame(len(rep) - 1)
    assert first.line == events[0].text and first.count == len(rep) and first.index == 0
    assert last.situation.over and last.situation.result == finished.situation().result
    assert [f.line for f in rep.frames()] == [e.text for e in events]
    # the score never goes down and ends at the final score
    scores = [tuple(t.score for t in rep.frame(i).situation.teams) for i in range(0, len(rep), 25)]
    assert all(a[0] <= b[0] and a[1] <= b[1] for a, b in zip(scores, scores[1:]))
    assert tuple(t.score for t in last.situation.teams) == finished.game.score
    assert json.dumps(first.to_dict())  # plain data for the web viewer
    with pytest.raises(IndexError):
        rep.frame(len(rep))


def test_a_game_in_play_replays_so_far_and_a_plain_engine_save_gives_its_lines():
    seat = Seat.new("valueadd", opponent="by-the-book", seed=62)
    for _ in range(4):
        seat.choose(seat.book_choice, seat.number)
    rep = Replay.from_seat(seat)
    assert len(rep) == len(seat.game.log.events) and not rep.final().over
    plain = Replay.load(seat.game.to_json())
    assert not plain.exact and [f.line for f in plain.frames()] == seat.game.play_by_play()


def test_a_file_that_is_no_saved_game_is_named():
    for text, message in (("nope", "not valid JSON"), ('{"a": 1}', "not a saved coachgym game"),
                          ('{"format": "coachgym.seat", "version": 1, "ruleset": "statispro"}', "is missing")):
        with pytest.raises(SavedGameError, match=message):
            Replay.load(text, where="x.json")


@pytest.mark.parametrize("ruleset", ["statispro", "fuba"])
def test_jumps_to_my_decisions_scores_and_periods(ruleset):
    from coachgym.present.replay import Replay
    from coachgym.present.seat import Seat

    seat = Seat.new(ruleset, opponent="by-the-book", seed=2)
    for _ in range(8):
        seat.choose(seat.book_choice, seat.number)
    seat.continue_to("end")
    rep = Replay.load(seat.to_json())
    j = rep.jumps()
    # the play before each answer of the person's (the rest went to "continue"); answers with no
    # play between them share one
    assert 1 <= len(j["decision"]) <= 8
    for kind in ("decision", "score", "period"):
        assert j[kind] == sorted(set(j[kind])) and all(0 <= i < len(rep) for i in j[kind])
    goals = sum(seat.view_game().score)
    assert 1 <= len(j["score"]) <= goals  # every change of the score, a basket or a goal at a time at most
    scores = [[0, 0]] + [[t.score for t in rep.frame(i).situation.teams] for i in j["score"]]
    assert all(a != b for a, b in zip(scores, scores[1:]))  # each jump lands on a new score
    assert scores[-1] == list(seat.view_game().score)
    first_of_period = [rep.events[i].text for i in j["period"]]
    # the plays that open or close a period (Replay.jumps)
    assert first_of_period and all(("Quarter" in t or "half" in t.lower() or "setup" in t.lower()
                                    or "end of period" in t.lower()) for t in first_of_period)
