"""The academy (docs/academy.md): every scenario env passes Gymnasium's and stable-baselines3's
``check_env``, ``reset(seed=)`` is deterministic, the start states match each scenario's definition
(score margin, clock, possession: the start condition holds and the recorded values are the game's),
the episode ends at the scenario's end, the positions rebuild byte for byte, the PettingZoo env passes
``api_test``, and the protocol's figures (intervals, normalized score) are what they say."""

from __future__ import annotations

import subprocess
import sys
import warnings

import gymnasium as gym
import numpy as np
import pytest

import coachgym.envs  # noqa: F401  (registers the ids)
from coachgym.academy import build as B
from coachgym.academy import evaluate as E
from coachgym.core.errors import ConfigError
from coachgym.envs import academy as A

SCENARIOS = [s.id for s in A.scenarios()]


def test_twenty_or_more_scenarios_five_or_more_per_ruleset_full_game_hardest():
    assert len(SCENARIOS) >= 20
    for r in A.RULESETS:
        mine = A.scenarios(r)
        assert len(mine) >= 5, r
        hardest = max(mine, key=lambda s: s.level)
        assert hardest.id == f"{r}-full-game" and hardest.start == "true" and hardest.end == "game"
        assert mine == sorted(mine, key=lambda s: s.level)  # easiest first


@pytest.mark.parametrize("sid", SCENARIOS)
def test_check_env_gymnasium_and_sb3(sid):
    from gymnasium.utils.env_checker import check_env

    sc = A.scenario(sid)
    env = gym.make(sc.env_id, scenario=sid)
    assert env.unwrapped.scenario.id == sid
    assert env.action_masks().dtype == bool  # forwarded by the registered wrapper
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []
    sb3 = pytest.importorskip("stable_baselines3.common.env_checker")
    sb3.check_env(A.make(sid), warn=True)


@pytest.mark.parametrize("sid", SCENARIOS)
def test_reset_seed_is_deterministic(sid):
    def trajectory(seed):
        env = A.make(sid)
        obs, info = env.reset(seed=seed)
        out = [obs.copy(), env.position.index]
        rng = np.random.default_rng(7)
        for _ in range(40):
            a = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, r, term, trunc, info = env.step(a)
            out += [obs.copy(), r, term]
            if term or trunc:
                break
        return out, env.game.score

    t1, s1 = trajectory(123)
    t2, s2 = trajectory(123)
    assert s1 == s2 and len(t1) == len(t2)
    assert all(np.array_equal(a, b) for a, b in zip(t1, t2))
    starts = {A.make(sid).reset(seed=s)[0].tobytes() for s in range(6)}
    assert len(starts) > 1  # different seeds draw different positions (or futures)


@pytest.mark.parametrize("sid", SCENARIOS)
def test_start_states_match_the_definition(sid):
    sc = A.scenario(sid)
    vocab = B.vocabulary(sc.ruleset)
    cond = B.start_condition(sc)
    positions = A.pool(sid)
    assert 100 <= len(positions) <= 500
    assert {p.side for p in positions} == {0, 1}  # both benches studied
    for p in positions[:60]:
        g = p.game
        d = g.decision
        assert d is not None and d.side == p.side and len(d.legal) >= 2
        assert B.holds(vocab, cond, g, p.side, d), (sid, p.index)
        assert B.situation_values(sc.ruleset, g, p.side) == p.values
    env = A.make(sid)
    for seed in range(12):
        env.reset(seed=seed)
        g, pos = env.game, env.position
        # the env starts at the position itself (the future resampled): score margin, clock, possession
        assert B.situation_values(sc.ruleset, g, env.side) == pos.values
        assert g.score == pos.game.score and env.side == pos.side
        assert B.holds(vocab, cond, g, env.side, g.decision)
        assert env.start_margin == pos.values["margin"]


@pytest.mark.parametrize("sid", SCENARIOS)
def test_episode_ends_at_the_scenario_end(sid):
    sc = A.scenario(sid)
    env = A.make(sid, opponent="random")
    rng = np.random.default_rng(3)
    obs, info = env.reset(seed=5)
    start_period, start_half = A.period_of(env.game), A.half_of(env.game)
    start_time = A.time_left(env.game)
    done, total = False, 0.0
    while not done:
        obs, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        total += r
        done = term or trunc
        if not done:
            assert not env.game.over
    g = env.game
    if sc.end == "game":
        assert g.over and info["result"] in ("win", "loss", "draw")
        assert total == {"win": 1.0, "loss": -1.0, "draw": 0.0}[info["result"]]
        assert info["academy_score"] == {"win": 1.0, "loss": 0.0, "draw": 0.5}[info["result"]]
    else:
        if sc.end == "period":
            assert g.over or A.period_of(g) != start_period
        elif sc.end == "half":
            assert g.over or A.half_of(g) != start_half
        else:
            assert g.over or start_time - A.time_left(g) >= sc.end_amount
        assert info["academy_score"] == info["margin_change"]
        assert total == pytest.approx(info["margin_change"] / A.MARGIN_SCALE[sc.ruleset])
    assert env.action_masks().all()  # after the end every action is marked (vector envs, docs/envs.md)
    with pytest.raises(Exception, match="reset"):
        env.step(0)


def test_positions_rebuild_exactly():
    """The build is deterministic: the first shipped positions of a scenario come back byte for byte."""
    import json

    for sid in ("valueadd-last9-down6", "statispro-q1", "fuba-first-half", "fourthstreet-q1"):
        sc = A.scenario(sid)
        data = A.positions_data(sid)
        rows, games = B.find_positions(sc, 3, 10_000, int(data["seed"]))
        assert json.loads(json.dumps(rows, sort_keys=True)) == data["positions"][:3]


def test_shipped_positions_are_compact():
    total = sum(B.data_dir().joinpath(A.positions_file(s)).stat().st_size for s in SCENARIOS)
    assert total < 3_000_000, total


def test_bad_keywords_are_refused_by_name():
    with pytest.raises(ConfigError, match="scenario"):
        A.env_class("statispro")(scenario="no-such")
    with pytest.raises(ConfigError, match="scenario"):
        A.env_class("statispro")(scenario="valueadd-full-game")  # another ruleset's
    with pytest.raises(ConfigError, match="agent_side"):
        A.make("statispro-q1", agent_side="home")
    with pytest.raises(ConfigError, match="unknown scenario"):
        A.scenario("statispro-q9")


@pytest.mark.parametrize("sid", ["statispro-q1", "valueadd-first-11", "fuba-first-half", "fourthstreet-q1"])
def test_pettingzoo_api_test(sid):
    from pettingzoo.test import api_test

    env = A.aec_env(sid, render_mode="ansi")
    api_test(env, num_cycles=200, verbose_progress=False)
    env.reset(seed=4)
    assert env.game.score == env.start_score


def test_pettingzoo_episode_ends_at_the_scenario_end_zero_sum():
    env = A.aec_env("valueadd-foul-trouble")
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    total = {"home": 0.0, "away": 0.0}
    for agent in env.agent_iter(5000):
        obs, r, term, trunc, _ = env.last()
        total[agent] += r
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.clock.over(env.game)
    assert total["home"] == -total["away"]
    (h0, a0), (h, a) = env.start_score, env.game.score
    assert total["home"] == pytest.approx(((h - a) - (h0 - a0)) / A.MARGIN_SCALE["valueadd"])


def test_evaluation_seeds_and_normalized_score():
    refs = {"random": {"mean": 0.2}, "by-the-book": {"mean": 0.6}}
    assert E.normalized(0.6, refs) == pytest.approx(1.0)
    assert E.normalized(0.2, refs) == pytest.approx(0.0)
    assert E.normalized(0.8, refs) == pytest.approx(1.5)
    assert E.normalized(0.5, {"random": {"mean": 0.5}, "by-the-book": {"mean": 0.5}}) is None
    assert A.EVAL_SEED_BASE >= A.TRAIN_SEED_LIMIT
    res = E.evaluate("by-the-book", ["valueadd-last9-down6"], episodes=6)
    row = res["scenarios"][0]
    assert row["episodes"] == 6 and row["low"] <= row["mean"] <= row["high"]
    again = E.run_episodes("valueadd-last9-down6", E.coach_chooser("valueadd", "by-the-book"), 6)
    assert again == E.run_episodes("valueadd-last9-down6", E.coach_chooser("valueadd", "by-the-book"), 6)
    assert res["seeds"].startswith(str(A.EVAL_SEED_BASE))


def test_shipped_references_cover_every_scenario():
    refs = E.references()
    for sid in SCENARIOS:
        assert {"random", "by-the-book", "best-rule"} <= set(refs.get(sid, {})), sid
        for name in ("random", "by-the-book"):
            r = refs[sid][name]
            assert r["episodes"] >= 100 and r["low"] <= r["mean"] <= r["high"]


@pytest.mark.parametrize("tier", ["random", "by-the-book", "trained"])
def test_opponent_tiers(tier):
    env = A.make("statispro-down3-ball-last-minute", opponent=tier)
    obs, info = env.reset(seed=11)
    done = False
    while not done:
        obs, r, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        done = term or trunc
    assert env.game.over and info["academy_score"] in (0.0, 0.5, 1.0)


def test_cli_list_and_evaluate(tmp_path):
    import json

    from click.testing import CliRunner

    from coachgym.cli import main

    res = CliRunner().invoke(main, ["academy", "list", "--json"])
    assert res.exit_code == 0, res.output
    rows = json.loads(res.output)
    assert len(rows) == len(SCENARIOS) >= 20 and all(r["positions"] == 200 for r in rows)
    out = tmp_path / "e.json"
    res = CliRunner().invoke(main, ["academy", "evaluate", "by-the-book", "--scenarios", "valueadd-last9-up3",
                                    "--episodes", "4", "--quiet", "--json", str(out)])
    assert res.exit_code == 0, res.output
    data = json.loads(out.read_text())
    assert data["protocol"] == "coachgym-academy-v0" and data["scenarios"][0]["episodes"] == 4
    assert "normalized" in data["scenarios"][0]
    res = CliRunner().invoke(main, ["academy", "evaluate", "by-the-book", "--scenarios", "nope"])
    assert res.exit_code == 2 and "unknown scenario" in res.output


def test_importing_the_academy_env_imports_no_torch():
    code = "import sys, coachgym.envs.academy as A; A.pool('valueadd-first-11'); print('torch' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_a_scenarios_pettingzoo_env_is_a_module_level_class_that_pickles_mid_game():
    """The academy's AEC env is one module-level class in PettingZoo's OrderEnforcingWrapper (as the
    rulesets' own ``env()``): a copy taken mid-episode, by pickle or deepcopy, plays on identically."""
    import copy
    import pickle

    from coachgym.envs.academy_aec import AcademyAECEnv

    env = A.aec_env("fourthstreet-down4-final2")
    assert type(env.unwrapped) is AcademyAECEnv
    env.reset(seed=7)
    rng = np.random.default_rng(1)
    for _ in range(6):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            break
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))

    def play_on(e) -> list:
        out, r = [], np.random.default_rng(5)
        for agent in e.agent_iter(3000):
            obs, rew, term, trunc, _ = e.last()
            out.append((agent, rew, obs["observation"].tobytes()))
            e.step(None if term or trunc else int(r.choice(np.flatnonzero(obs["action_mask"]))))
        return out

    copies = [pickle.loads(pickle.dumps(env.unwrapped)), copy.deepcopy(env.unwrapped)]
    expected = play_on(env.unwrapped)
    assert expected and all(play_on(c) == expected for c in copies)
