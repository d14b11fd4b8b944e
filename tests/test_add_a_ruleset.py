"""docs/architecture.md "Add a ruleset in ten steps", tried: the starter (the tests' toy ruleset,
tests/toy_freethrows/) copied under a new name into a folder of its own, renamed where the guide says
(the name in engine.py, the title, env id and other names in __init__.py), registered with one call,
and then taken by every generic part of coachgym: the conformance check of every registered part,
games between its coaches, the Gymnasium env made by id, the PettingZoo API test, the fuzz with its
invariants, a season with its carry-over and its league builder - none of which knows it by name."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from coachgym import rulesets
from coachgym.core.match import run_match

STARTER = Path(__file__).resolve().parent / "toy_freethrows"
NEW = "penaltyshots"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path.name}: the guide's line {old!r} is not there once"
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture(scope="module")
def copied(tmp_path_factory):
    root = tmp_path_factory.mktemp("rulesets")
    folder = root / NEW
    # step 1: copy the starter's folder (its data too) under the new name
    shutil.copytree(STARTER, folder, ignore=shutil.ignore_patterns("__pycache__"))
    # step 2: rename it: the name once in engine.py; title, env id and other names in __init__.py
    _edit(folder / "engine.py", 'NAME = "freethrows"', f'NAME = "{NEW}"')
    _edit(folder / "__init__.py", 'title="Free-Throw Contest"', 'title="Penalty Shots"')
    _edit(folder / "__init__.py", 'env_id="coachgym-tests/FreeThrows-v0"', 'env_id="my-games/PenaltyShots-v0"')
    _edit(folder / "__init__.py", 'aliases=("free-throws",)', 'aliases=("penalty-shots",)')
    sys.path.insert(0, str(root))
    try:
        # step 10: register it (a bundled ruleset is found in coachgym/rules/ on disk)
        rs = rulesets.register(NEW)
        import coachgym.envs

        coachgym.envs.register_envs()
        yield rs
    finally:
        rulesets.unregister(NEW)
        sys.path.remove(str(root))
        for name in [m for m in sys.modules if m == NEW or m.startswith(NEW + ".")]:
            del sys.modules[name]


def test_the_copy_is_a_new_ruleset_beside_the_starter(copied):
    assert copied.name == NEW and rulesets.get("penalty-shots") is copied
    assert copied.engine_cls.ruleset == NEW and copied.package == NEW
    assert Path(sys.modules[copied.engine_cls.__module__].__file__).parent.name == NEW  # the copy, not the starter
    assert copied.team_names() == ["hoopers", "swishers"]


def test_the_copy_conforms_part_by_part(copied):
    from coachgym.core.ruleset import PARTS
    from tests.test_conformance import lacks

    assert lacks(copied) == []
    # (realism: real figures; a tabletop companion: a deck of action cards; the academy: scenarios with
    # positions built from games; team terms: a fit of a built league to its season's points; see the guide)
    assert [name for name in PARTS if copied.part(name) is None] == ["realism", "tabletop", "academy", "team_terms"]


def test_its_coaches_play_games(copied):
    res = run_match(copied.new_game, copied.coach("by-the-book"), copied.coach("random", seed=1), games=6, seed=3)
    assert len(res.games) == 6
    assert all(g.home_score + g.away_score > 0 for g in res.games)


def test_its_env_is_made_by_id_and_played_to_the_end(copied):
    import gymnasium as gym

    env = gym.make(copied.env_id)
    assert type(env.unwrapped).__module__ == f"{NEW}.parts" and env.unwrapped.ruleset_name == NEW
    obs, info = env.reset(seed=4)
    done, steps = False, 0
    while not done:
        action = int(info["action_mask"].nonzero()[0][0])
        obs, reward, terminated, truncated, info = env.step(action)
        done, steps = terminated or truncated, steps + 1
    assert steps >= 5 and reward in (-1.0, 0.0, 1.0) and obs.shape == env.observation_space.shape


def test_its_pettingzoo_env_passes_the_api_test(copied):
    import importlib

    from pettingzoo.test import api_test

    module = importlib.import_module(copied.part("env").__module__)
    api_test(module.env(), num_cycles=50, verbose_progress=False)


def test_the_fuzz_checks_its_invariants(copied):
    from coachgym.evaluation.fuzz import fuzz

    rep = fuzz(NEW, 150, seed=2)
    assert rep.failures == [] and rep.games > 1


def test_a_season_carries_sore_arms_from_game_to_game(copied, tmp_path):
    from coachgym.series.carryover import Context
    from coachgym.series.competition import Competition
    from coachgym.store import Store

    carry = copied.part("carry_over")()
    game = copied.new_game(seed=1)
    while game.decision is not None:
        game.step(game.decision.legal[0])  # the first shooter every time: his arm is sore after
    facts = carry.facts(game, 0)
    ctx = Context("season", 2)
    state = carry.advance(carry.initial_state({}), facts, ctx)
    data, _ = copied.team_data("hoopers")
    assert state["sore"] == [data["players"][0]["name"]]
    assert carry.game_team(data, state, ctx)["players"][0]["ft"] == data["players"][0]["ft"] - 1
    with Store(tmp_path / "s.sqlite3") as store:
        comp = Competition.create(store, name="cup", kind="season", ruleset=NEW,
                                  teams=[("hoopers", "by-the-book"), ("swishers", "random")], fmt={"legs": 2}, seed=3)
        assert comp.play() == 2 and comp.finished


def test_its_league_builder_makes_team_files_its_loader_takes(copied):
    from coachgym.core.statscsv import PlayerRow

    rows = [PlayerRow(k, f"Player {k}", ("G",), "AAA" if k < 4 else "BBB", "25",
                      {"G": 10, "MP": 100, "FT": 30 + k, "FTA": 40}) for k in range(7)]
    notes: list[str] = []
    built = copied.part("league_builder")(rows, {}, "2001-02", "test rows", "rows.csv", notes=notes)
    assert list(built) == ["AAA", "BBB"] and notes == []
    team = copied.parse_team(built["AAA"], "AAA")
    # the three of most attempts (all 40: by name, Player 0-2): 20 x 30/40 = 15, 31/40 = 15.5 -> 16, 32/40 = 16
    assert [p.name for p in team.players] == ["Player 0", "Player 1", "Player 2"]
    assert [p.ft for p in team.players] == [15, 16, 16]
