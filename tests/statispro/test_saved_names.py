"""Statis Pro's state fields say what they hold (team_fouls, double_team, ballhandler, ...); saves
written before the rename (terse keys: tf, dt, bh, ...) still load, through the one migration in
rules/statispro/saved.py, and continue exactly as the game they were saved from."""

from __future__ import annotations

import json
import random

import pytest

from coachgym import rulesets
from coachgym.core.errors import SavedGameError
from coachgym.rules.statispro.constants import PHASE_NAMES
from coachgym.rules.statispro.engine import StatisProEngine
from coachgym.rules.statispro.saved import RENAMED_FIELDS


def _mid_game(seed: int = 4, steps: int = 150):
    rs = rulesets.get("statispro")
    game = rs.new_game(*rs.default_teams, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        game.step(rng.choice(game.decision.legal))
    return game


def _old_save(game) -> dict:
    """The game's save as an older version wrote it: every renamed field under its old key, the phase
    and the menu's resume phase as their index in PHASE_NAMES."""
    data = json.loads(game.to_json())
    new_to_old = {new: old for old, new in RENAMED_FIELDS.items()}
    state = data["state"] = {new_to_old.get(k, k): v for k, v in data["state"].items()}
    state["phase"] = PHASE_NAMES.index(state["phase"])
    if state["menu"]:
        state["menu"]["resume"] = PHASE_NAMES.index(state["menu"]["resume"])
    return data


def test_a_save_holds_the_new_names_only():
    state = json.loads(_mid_game().to_json())["state"]
    assert not set(RENAMED_FIELDS) & set(state)
    assert set(RENAMED_FIELDS.values()) <= set(state)


@pytest.mark.parametrize("steps", [152, 153])  # (153: a menu open, its resume phase saved)
def test_a_save_with_the_old_keys_loads_and_plays_on_identically(steps):
    game = _mid_game(steps=steps)
    data = _old_save(game)
    assert isinstance(data["state"]["phase"], int) and (steps != 153 or isinstance(data["state"]["menu"]["resume"], int))
    old = StatisProEngine.from_dict(data)
    assert old.phase == game.phase and old.menu == game.menu
    assert [(a.team_fouls, a.double_team, a.mandatory_rest) for a in old.team_state] == [
        (b.team_fouls, b.double_team, b.mandatory_rest) for b in game.team_state]
    assert old.ballhandler == game.ballhandler
    rng = random.Random(9)
    for _ in range(200):
        if game.decision is None:
            break
        a = rng.choice(game.decision.legal)
        game.step(a)
        old.step(a)
    assert old.to_dict() == game.to_dict()


@pytest.mark.parametrize("key, new", [("team_fouls", None), ("tf", "team_fouls"), ("double_team", None),
                                      ("bh", "ballhandler")])
def test_a_bad_field_is_named_under_either_key(key, new):
    """A field out of range is refused before the restore, the message naming the field (by its
    name today, also when the save used the old key)."""
    data = json.loads(_mid_game().to_json()) if new is None else _old_save(_mid_game())
    data["state"][key] = "nonsense"
    with pytest.raises(SavedGameError, match=new or key):
        StatisProEngine.from_dict(data)


def test_one_declaration_gives_the_save_and_the_clone_plan():
    from coachgym.rules.statispro.copying import PLAN
    from coachgym.rules.statispro.saved import DECLARATION, OTHERS

    state = json.loads(_mid_game().to_json())["state"]
    assert set(state) == set(DECLARATION.names) | set(OTHERS)
    assert {f.name for f in DECLARATION.fields if not f.team} | {"team_state"} <= PLAN.names  # team fields: per team
    assert all(f.doc for f in DECLARATION.fields)  # each field says what it holds


def test_a_save_without_the_fields_added_later_loads_with_their_defaults():
    game = _mid_game()
    data = json.loads(game.to_json())
    for key in ("inj_wait", "dead_from_discard"):  # (declared optional: saves of engine version 1 lack them)
        del data["state"][key]
    old = StatisProEngine.from_dict(data)
    assert old.inj_wait == [] and old.dead_from_discard is False


def test_a_missing_field_is_named():
    data = json.loads(_mid_game().to_json())
    del data["state"]["team_fouls"]
    with pytest.raises(SavedGameError, match="team_fouls"):
        StatisProEngine.from_dict(data)
