"""Statis Pro's per-team state is one typed, slotted object per side (``game.team_state[side]``,
:class:`coachgym.rules.statispro.state.TeamState`: the declared ``team=True`` fields), saved as the
per-side lists it always was: a save written by the engine of before (per-side lists on the engine,
commit c4145ca) loads, saves back byte for byte and plays on as it did; every kind of copy plays on as
the original."""

from __future__ import annotations

import copy
import hashlib
import json
import pickle
import random
from pathlib import Path

import pytest

from coachgym import rulesets
from coachgym.rules.statispro import saved
from coachgym.rules.statispro.engine import StatisProEngine
from coachgym.rules.statispro.options import StatisProOptions
from coachgym.rules.statispro.state import TeamState
from tests.typed_state import check_typed_team_state

# written at c4145ca (before the team state) by a seeded game: FIBA, shot_clock_14, deliberate_fouls,
# 800 random decisions (seed 12), no event log; then 400 random decisions (seed 112) from the save gave
# this save's sha256 and score (the engine of before, run on the save)
SAVED = Path(__file__).parent / "data" / "saved_before_team_state.json"
AFTER_400 = "97b7e471628ffd4352b526f6ee0bac49da0dec317d177011fd9e6ddba3712baf"
SCORE_AFTER_400 = (62, 75)


def _random_play(game: StatisProEngine, seed: int, decisions: int) -> StatisProEngine:
    rng = random.Random(seed)
    for _ in range(decisions):
        if game.decision is None:
            break
        game.step(rng.choice(game.decision.legal))
    return game


def _played(seed: int, decisions: int, **options) -> StatisProEngine:
    rs = rulesets.get("statispro")
    game = rs.new_game(*rs.default_teams, seed=seed, options=StatisProOptions(**options))
    return _random_play(game, seed, decisions)


def test_each_teams_state_is_a_typed_slotted_object_declared_field_by_field():
    g = _played(5, 400)
    team, state = check_typed_team_state(g, TeamState, saved.DECLARATION, misspelt="point")
    assert len(team) == 29
    assert state["pts"] == list(g.score) and state["lineup"] == [ts.lineup for ts in g.team_state]
    assert state["stats"] == [ts.stats for ts in g.team_state]
    assert state["double_team"] == [ts.double_team for ts in g.team_state]
    assert list(state) == [*saved.DECLARATION.names, "fac", "dead", "discard", "teams", "options"]


def test_a_save_written_before_the_team_state_loads_saves_byte_identically_and_plays_on_as_it_did():
    text = SAVED.read_text(encoding="utf-8")
    game = StatisProEngine.from_json(text)
    assert game.to_json() == text  # the very same text back
    state = json.loads(text)["state"]
    assert [ts.index_spent for ts in game.team_state] == state["index_spent"] == [1, 0]
    assert [ts.double_team for ts in game.team_state] == state["double_team"] == [[2, 8], [-1, -1]]
    assert [ts.stats for ts in game.team_state] == state["stats"]
    _random_play(game, 112, 400)
    assert game.score == SCORE_AFTER_400
    assert hashlib.sha256(game.to_json().encode()).hexdigest() == AFTER_400


@pytest.mark.parametrize("how", ["clone", "deepcopy", "pickle", "json"])
def test_a_copy_mid_game_plays_on_as_the_original(how):
    g = _played(9, 600, league="ncaa", deliberate_fouls=True)
    text = g.to_json()
    c = {"clone": g.clone, "deepcopy": lambda: copy.deepcopy(g), "pickle": lambda: pickle.loads(pickle.dumps(g)),
         "json": lambda: StatisProEngine.from_json(text)}[how]()
    assert c.to_json() == text
    assert all(a is not b and a.lineup is not b.lineup and a.stats is not b.stats and a.stats[0] is not b.stats[0]
               and a.rested[0] is not b.rested[0] and a.double_team is not b.double_team
               for a, b in zip(c.team_state, g.team_state))
    _random_play(c, 21, 500)
    _random_play(g, 21, 500)
    assert c.to_json() == g.to_json()


def test_a_clone_changed_leaves_the_original_as_it_was():
    g = _played(3, 300)
    text = g.to_json()
    c = g.clone()
    ts = c.team_state[1]
    ts.pts += 2
    ts.stats[ts.lineup[0]][0] += 2
    ts.lineup[0], ts.lineup[1] = ts.lineup[1], ts.lineup[0]
    ts.rested[0][0] = not ts.rested[0][0]
    ts.double_team[0] = 7
    assert g.to_json() == text


def test_the_shipped_academy_positions_load_and_save_their_state_back_unchanged():
    """The academy's start positions are saved games written before the team state (envs/data): every
    20th of each scenario's loads into the team objects and saves the very same state back."""
    import lzma

    from coachgym.envs.academy import engine_from_record

    files = sorted(Path(__file__).resolve().parents[2].glob("envs/data/academy-positions-statispro-*.json.xz"))
    assert len(files) >= 7
    n = 0
    for path in files:
        for record in json.loads(lzma.open(path).read())["positions"][::20]:
            game = engine_from_record("statispro", record)
            assert game.to_dict()["state"] == record["game"]["state"], (path.name, n)
            assert [ts.pts for ts in game.team_state] == record["game"]["state"]["pts"]
            n += 1
    assert n >= 70
