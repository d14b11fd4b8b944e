"""A saved Statis Pro game waiting on 16C (may a foul be ignored?) carries the foul's data in
``ctx.data``; its shape depends on the foul (saved.VOID_DATA) and is checked before the restore."""

from __future__ import annotations

import json
import random

import pytest

from coachgym import rulesets
from coachgym.core.errors import SavedGameError
from coachgym.rules.statispro.engine import StatisProEngine

# (seed, decisions of a seeded random coach) reaching a pending 16C choice on each kind of foul
POSITIONS = {"shot_foul": (0, 18), "lb_def": (9, 804), "fb_fouled": (12, 683), "lb_off": (13, 686),
             "z_foul": (18, 446)}


def _pending(foul: str):
    seed, n = POSITIONS[foul]
    rs = rulesets.get("statispro")
    game = rs.new_game(*rs.default_teams, seed=seed, record_events=False)
    rng = random.Random(seed)
    for _ in range(n):
        game.step(rng.choice(game.decision.legal))
    assert game.ctx.get("foul") == foul
    return game


@pytest.mark.parametrize("foul", sorted(POSITIONS))
def test_a_pending_foul_saves_loads_and_plays_on_identically(foul):
    game = _pending(foul)
    twin = StatisProEngine.from_dict(json.loads(game.to_json()))
    for a in game.decision.legal[:1]:
        game.step(a)
        twin.step(a)
    assert twin.to_dict()["state"] == game.to_dict()["state"]


@pytest.mark.parametrize("foul, key, bad", [("shot_foul", "made", 3), ("shot_foul", "s", 7), ("lb_def", "reb", []),
                                            ("fb_fouled", "slot", -1), ("z_foul", "code", "x")])
def test_bad_foul_data_is_refused_naming_the_field(foul, key, bad):
    data = json.loads(_pending(foul).to_json())
    data["state"]["ctx"]["data"][key] = bad
    with pytest.raises(SavedGameError, match=rf"ctx\.data\.{key}"):
        StatisProEngine.from_dict(data)


def test_foul_data_missing_or_with_an_unknown_field_is_refused():
    data = json.loads(_pending("shot_foul").to_json())
    data["state"]["ctx"]["data"]["surprise"] = 1
    with pytest.raises(SavedGameError, match=r"ctx\.data\.surprise"):
        StatisProEngine.from_dict(data)
    del data["state"]["ctx"]["data"]
    with pytest.raises(SavedGameError, match=r"ctx\.data"):
        StatisProEngine.from_dict(data)
