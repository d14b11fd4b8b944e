"""The academy's scenarios as challenges in the seat (coachgym.academy.challenge): a seat started from
a shipped start position plays to the scenario's end and no further, saves as a small start spec,
restores exactly, and the book's play-out of the same start and seed is what the seat gives when the
person takes the book's choices."""

from __future__ import annotations

import json

import pytest

from coachgym.academy import challenge as C
from coachgym.core.errors import ConfigError, GameOverError, SavedGameError
from coachgym.envs import academy as A
from coachgym.present.seat import Seat

SHORT = ["statispro-down3-ball-last-minute", "valueadd-foul-trouble", "fuba-protect-1-0-last15",
         "fourthstreet-up3-final2"]


def book_through(seat: Seat) -> int:
    """Answer every decision with the book's choice (a finish where a step needs it); the count."""
    n = 0
    while not seat.over:
        if seat.book_choice is not None and seat.book_choice in seat.view_game().decision.legal:
            seat.choose(seat.book_choice, seat.number)
        else:
            seat.finish(seat.pending().default_finish(), seat.number)
        n += 1
        assert n < 2000
    return n


@pytest.mark.parametrize("sid", SHORT)
def test_a_challenge_seat_starts_at_the_position_and_stops_at_the_scenario_s_end(sid):
    sc = A.scenario(sid)
    spec = C.start_spec(sid, 7)
    pos = A.pool(sid)[7]
    # (routine=False: the book answers every decision; the seat's "as before" answers to routine menus are not the book's)
    seat = Seat.new(sc.ruleset, side=pos.side, opponent="by-the-book", seed=4242, start=spec, routine=False)
    assert seat.start == spec and seat.side == pos.side
    start = json.loads(seat.to_json())
    assert start["start"] == spec and start["teams"] == []  # the save names the start, not the teams
    book_through(seat)
    assert seat.over and seat.pending() is None and seat.turn is None
    game = seat.view_game()
    clock = A.EndClock(sc, C.begin(sc.ruleset, spec, 4242)[0])
    assert clock.over(game)
    if sc.end != "game":  # a stretch: the game itself goes on past it
        assert not game.over
    with pytest.raises(GameOverError):
        seat.choose(0, seat.number)
    # the save restores exactly (rebuilt from the shipped position and checked against the engine)
    again = Seat.from_json(seat.to_json())
    assert again.over and again.number == seat.number and again.to_json() == seat.to_json()
    # the book's play-out of the same start and seed is what the seat gave with the book's choices
    out = C.play_out(spec, 4242, "by-the-book", "by-the-book")
    h, a = game.score
    assert (out["home"], out["away"]) == (h, a)
    assert out["score"] == C.score(sc, C.margin_of(C.begin(sc.ruleset, spec, 4242)[0], pos.side), game, pos.side)


def test_bad_starts_are_refused_with_a_line_naming_the_field():
    with pytest.raises(ConfigError, match="position"):
        C.checked({"kind": "academy", "scenario": "valueadd-first-11", "position": 200})
    with pytest.raises(ConfigError, match="unknown scenario"):
        C.checked({"kind": "academy", "scenario": "../../etc/passwd", "position": 0})
    with pytest.raises(ConfigError, match="valueadd scenario, not a statispro"):
        C.checked({"kind": "academy", "scenario": "valueadd-first-11", "position": 0}, "statispro")
    pos = A.pool("valueadd-first-11")[0]
    with pytest.raises(ConfigError, match="team's to coach"):
        Seat.new("valueadd", side=1 - pos.side, opponent="by-the-book", seed=1, start=C.start_spec("valueadd-first-11", 0))
    seat = Seat.new("valueadd", side=pos.side, opponent="by-the-book", seed=1, start=C.start_spec("valueadd-first-11", 0))
    data = json.loads(seat.to_json())
    data["start"]["kind"] = "nowhere"
    with pytest.raises(SavedGameError, match="unknown kind of start position"):
        Seat.from_dict(data)
    data["start"] = "academy"
    with pytest.raises(SavedGameError, match="field 'start'"):
        Seat.from_dict(data)


def test_descriptions_and_references_in_words():
    sc = A.scenario("statispro-down3-ball-last-minute")
    d = C.describe(sc)
    refs = {r["key"]: r["words"] for r in d["references"]}
    assert refs["by-the-book"] == "wins 14 in 100" and refs["random"] == "wins 3 in 100"
    assert refs["trained"] == "not measured"
    assert d["end"].startswith("the end of the game")
    m = C.describe(A.scenario("valueadd-foul-trouble"))
    assert m["end"].startswith("10 more boxes") and "points" in m["score"]
    assert C.result_words(A.scenario("fuba-first-half"), -1.0) == "-1 goal"
    assert sum(len(rows) for _, _, rows in C.scenarios_by_ruleset()) == len(A.scenarios()) == 24


def test_a_challenge_save_goes_on_in_the_terminal_to_the_same_end(tmp_path):
    """``coachgym play --resume`` of a challenge's save (the web's Save): Enter at each decision to the
    scenario's end, which the terminal names."""
    import re

    import pexpect

    from tests.present.test_terminal import PROMPT, spawn

    sid = "valueadd-foul-trouble"
    pos = A.pool(sid)[3]
    seat = Seat.new("valueadd", side=pos.side, opponent="by-the-book", seed=99, start=C.start_spec(sid, 3))
    (tmp_path / "c.json").write_text(seat.to_json())
    child = spawn(["play", "--resume", "c.json"], tmp_path)
    presses = 0
    while child.expect([PROMPT, "Enter for the box score"], timeout=60) == 0:
        child.sendline("" if "Enter = " in child.before.splitlines()[-1] + child.after else "1")
        presses += 1
        assert presses < 200
    text = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", child.logfile_read.getvalue())
    assert "Challenge over: its end has come" in text and presses >= 1
    child.sendline("")
    child.expect("Box score")
    child.sendline("")
    child.expect("Save the finished game")
    child.sendline("n")
    child.expect(pexpect.EOF)
