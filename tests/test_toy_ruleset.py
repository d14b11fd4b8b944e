"""The tests' toy ruleset (tests/toy_freethrows, a free-throw contest with one coaching decision),
registered in one place, through coachgym's generic machinery: the env API (tests/test_env_api.py),
the conformance check (tests/test_conformance.py), and here the seat, a strategy file, a season,
the fuzz and the search coach - none of which knows the toy by name. Its declared state
(coachgym.core.state) gives its save, the save's check and its clone plan."""

from __future__ import annotations

import json

import pytest

from coachgym.core.engine import AWAY, HOME
from coachgym.core.errors import SavedGameError
from coachgym.core.match import play_game, run_match
from tests.toy import toy_registered


@pytest.fixture(scope="module")
def toy():
    with toy_registered() as rs:
        yield rs


def test_a_whole_contest_through_the_seat_and_its_save(toy):
    from coachgym.present.seat import Seat

    seat = Seat.new("free-throws", side=AWAY, opponent="by-the-book", seed=7)
    assert seat.autoplay == {"shooter"}  # the registration's person_kinds: the person picks every shooter
    view = seat.pending()
    assert view is not None and view.kind == "shooter"
    assert {c.label for c in view.choices()} == {f"shoot: {p.name}" for p in toy.load_team("swishers").players}
    seat.choose(seat.book_choice, seat.number)
    again = Seat.from_json(seat.to_json())
    while not seat.over:
        seat.choose(seat.book_choice, seat.number)
    while not again.over:
        again.choose(again.book_choice, again.number)
    assert again.to_json() == seat.to_json() and seat.situation().over


def test_a_strategy_file_plays_and_fires(toy, tmp_path):
    path = tmp_path / "rest.yaml"
    path.write_text("ruleset: freethrows\nbase: by-the-book\nname: rest-the-tired-arm\nrules:\n"
                    "  - name: never twice in a row\n    when: our_last_shooter == 1\n    do: {shoot: 2}\n")
    coach = toy.coach(f"strategy:{path}")
    for seed in range(4):
        game = toy.new_game(seed=seed)
        play_game(game, coach, toy.coach("by-the-book"), seed=seed)
        shots = [e for e in game.log.events if e.kind == "free_throw" and e.side == HOME]
        names = [e.text.split(": ", 1)[1].split(" m")[0] for e in shots]
        assert all(not (a == b == "Ada Sharp") for a, b in zip(names, names[1:]))  # never twice in a row
    assert coach.log.fired[0] > 0


def test_a_season_is_scheduled_played_and_stored(toy, tmp_path):
    from coachgym.series.competition import Competition
    from coachgym.store import Store

    store = Store(tmp_path / "s.sqlite3")
    comp = Competition.create(store, name="toy", kind="season", ruleset="freethrows",
                              teams=[("hoopers", "by-the-book"), ("swishers", "random")], fmt={"legs": 2}, seed=3)
    assert comp.play() == 2 and comp.finished
    assert sum(g.home_score + g.away_score for g in comp.games) > 0


def test_the_fuzz_checks_its_invariants_after_every_event(toy):
    from coachgym.evaluation.fuzz import fuzz

    rep = fuzz("freethrows", 400, seed=1)
    assert rep.failures == [] and rep.decisions >= 400 and rep.games > 1


def test_the_search_coach_and_a_match(toy):
    search = toy.coach("search:budget=8,when=all", seed=1)
    res = run_match(toy.new_game, search, toy.coach("random", seed=2), games=4, seed=5)
    assert res.games and len(res.games) == 4


def test_declared_state_saves_checks_and_clones(toy):
    game = toy.new_game(seed=2)
    for _ in range(3):
        game.step(game.decision.legal[0])
    saved = json.loads(game.to_json())
    assert set(saved["state"]) == {"round", "turn", "pts", "made", "att", "last", "phase", "teams", "options"}
    again = type(game).from_json(game.to_json())
    twin = game.clone()
    for g in (game, again, twin):
        while g.decision is not None:
            g.step(g.decision.legal[-1])
    assert again.play_by_play() == game.play_by_play() == twin.play_by_play()
    clone = toy.new_game(seed=2).clone()
    clone.step(clone.decision.legal[0])
    assert clone.made is not toy.new_game(seed=2).made  # rows copied, not shared
    bad = json.loads(json.dumps(saved))
    bad["state"]["made"][1][2] = 99
    with pytest.raises(SavedGameError, match=r"field state\.made\[1\]\[2\]: must be an integer from 0 to 41"):
        type(game).from_dict(bad)
    bad = json.loads(json.dumps(saved))
    bad["state"]["secret"] = 1
    with pytest.raises(SavedGameError, match=r"state\.secret: is not a field"):
        type(game).from_dict(bad)
