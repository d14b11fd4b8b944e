"""The PettingZoo AEC env: one module-level class (coachgym.envs.aec.CoachAECEnv) whose envs pickle
and deep-copy mid-game and play on exactly as the original would, with the Gymnasium env's team
loading and illegal-action policy."""

from __future__ import annotations

import copy
import importlib
import pickle

import numpy as np
import pytest

from coachgym import rulesets

pytest.importorskip("pettingzoo")

RULESETS = [rs.name for rs in rulesets.all_rulesets()]


def _env_module(name: str):
    return importlib.import_module(rulesets.get(name).part("env").__module__)


def _play(env, steps: int, rng: np.random.Generator) -> list:
    """``steps`` steps of random legal actions; what each step showed (observation, mask, rewards)."""
    seen = []
    for _ in range(steps):
        agent = env.agent_selection
        if env.terminations[agent]:
            break
        obs = env.observe(agent)
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
        seen.append((agent, action, obs["observation"].tobytes(), obs["action_mask"].tobytes(), dict(env.rewards)))
    return seen


@pytest.mark.parametrize("name", RULESETS)
def test_an_aec_env_pickles_mid_game_and_plays_on_as_the_original(name):
    from coachgym.envs.aec import CoachAECEnv

    env = _env_module(name).env()  # the raw env in PettingZoo's OrderEnforcingWrapper
    assert isinstance(env.unwrapped, CoachAECEnv) and type(env.unwrapped).__name__.endswith("AEC")
    env.reset(seed=11)
    _play(env, 30, np.random.default_rng(1))
    copies = [pickle.loads(pickle.dumps(env)), copy.deepcopy(env)]
    original = _play(env, 60, np.random.default_rng(2))
    assert len(original) > 0
    for copied in copies:
        assert type(copied) is type(env) and copied.ruleset is env.ruleset
        assert _play(copied, 60, np.random.default_rng(2)) == original


def test_the_module_level_class_takes_its_ruleset_as_an_argument_and_pickles():
    from coachgym.envs.aec import CoachAECEnv
    from coachgym.envs.valueadd import ValueAddBasketballEnv

    env = CoachAECEnv(env_class=ValueAddBasketballEnv, name="valueadd_basketball_v0", home="cedar-valley")
    env.reset(seed=3)
    back = pickle.loads(pickle.dumps(env))
    assert type(back) is CoachAECEnv and back.metadata["name"] == "valueadd_basketball_v0"
    assert back.game.to_json() == env.game.to_json()
    with pytest.raises(TypeError, match="needs env_class"):
        CoachAECEnv()


def test_an_illegal_action_is_named_as_the_gymnasium_env_names_it():
    import gymnasium as gym

    from coachgym.core.errors import IllegalActionError

    rs = rulesets.get("valueadd")
    aec = _env_module("valueadd").env()
    aec.reset(seed=5)
    agent = aec.agent_selection
    illegal = int(np.flatnonzero(aec.observe(agent)["action_mask"] == 0)[0])
    aec.step(illegal)
    named = aec.infos[agent]["illegal_action"]
    assert aec.rewards[agent] == -1.0 and all(aec.terminations.values())
    assert named["action"] == illegal and named["label"] == rs.actions[illegal].label
    assert set(named) == {"action", "label", "decision", "legal", "legal_labels"}
    genv = gym.make(rs.env_id).unwrapped
    genv.reset(seed=5)
    _, _, _, _, info = genv.step(int(np.flatnonzero(~genv.action_masks())[0]))
    assert set(info["illegal_action"]) == set(named)
    strict = _env_module("valueadd").env(strict=True)
    strict.reset(seed=5)
    before = strict.game.to_json()
    with pytest.raises(IllegalActionError):
        strict.step(illegal)
    assert strict.game.to_json() == before


def _play_parallel(env, steps: int, rng: np.random.Generator) -> list:
    """``steps`` parallel steps, the acting agent's action random among its legal ones."""
    seen = []
    obs = {a: env._observe(a, env.acting_agent()) for a in env.agents}
    for _ in range(steps):
        if not env.agents:
            break
        acting = env.acting_agent()
        action = int(rng.choice(np.flatnonzero(obs[acting]["action_mask"])))
        obs, rewards, term, trunc, infos = env.step({acting: action})
        seen.append((acting, action, *(o["observation"].tobytes() for o in obs.values()), sorted(rewards.items())))
    return seen


@pytest.mark.parametrize("name", RULESETS)
def test_a_parallel_env_is_the_module_level_class_and_pickles_mid_game(name):
    from coachgym.envs.parallel import CoachParallelEnv

    env = _env_module(name).parallel_env(max_cycles=500)
    assert isinstance(env, CoachParallelEnv) and type(env).__name__.endswith("Parallel")
    env.reset(seed=11)
    _play_parallel(env, 30, np.random.default_rng(1))
    copies = [pickle.loads(pickle.dumps(env)), copy.deepcopy(env)]
    original = _play_parallel(env, 60, np.random.default_rng(2))
    assert len(original) > 0
    for copied in copies:
        assert type(copied) is type(env) and copied.max_cycles == 500 and copied._cycles == env._cycles - len(original)
        assert _play_parallel(copied, 60, np.random.default_rng(2)) == original


def test_the_parallel_class_takes_its_aec_class_as_an_argument_and_pickles():
    from coachgym.envs.parallel import CoachParallelEnv
    from coachgym.envs.valueadd import aec_env_class

    env = CoachParallelEnv(aec_class=aec_env_class(), name="valueadd_parallel", home="cedar-valley")
    env.reset(seed=3)
    back = pickle.loads(pickle.dumps(env))
    assert type(back) is CoachParallelEnv and back.metadata["name"] == "valueadd_parallel"
    assert back.game.to_json() == env.game.to_json()
    with pytest.raises(TypeError, match="needs aec_class"):
        CoachParallelEnv()
