"""The Gymnasium and PettingZoo adapters of 4th Street Basketball."""

import warnings

import gymnasium as gym
import numpy as np

import coachgym.envs  # noqa: F401  (registers the ids)
from coachgym.envs.fourthstreet import FourthStreetEncoder

ENV_ID = "coachgym/FourthStreetBasketball-v0"


def test_check_env_passes_without_warnings():
    from gymnasium.utils.env_checker import check_env

    env = gym.make(ENV_ID).unwrapped
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    assert [str(w.message) for w in caught] == []


def test_pettingzoo_api_test_passes():
    from pettingzoo.test import api_test

    from coachgym.envs.fourthstreet import env as aec_env

    api_test(aec_env(render_mode="ansi"), num_cycles=300, verbose_progress=False)


def test_episode_runs_to_the_end_with_win_reward_and_valid_observations():
    env = gym.make(ENV_ID, opponent="by-the-book", rule_options={"zone_defense": True}).unwrapped
    obs, info = env.reset(seed=5)
    assert obs.shape == (FourthStreetEncoder().size,) and obs.dtype == np.float32
    rng = np.random.default_rng(5)
    total = 0.0
    while True:
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        total += reward
        assert env.observation_space.contains(obs)
        if term:
            break
    margin = info["score"]["home"] - info["score"]["away"]
    assert total == (1.0 if margin > 0 else -1.0)


def test_observation_hides_nothing_it_should_not_and_is_per_side():
    env = gym.make(ENV_ID, agent_side="away", opponent="random").unwrapped
    env.reset(seed=4)
    enc = FourthStreetEncoder()
    a, b = enc.encode(env.game, 0), enc.encode(env.game, 1)
    assert a.shape == b.shape and not np.array_equal(a, b)
    assert "own_roster" in [f[0] for f in enc.fields]


def test_observation_version_3_hold_decision_and_double_bonus_flags():
    from coachgym.rules.fourthstreet.engine import FourthStreetEngine

    enc = FourthStreetEncoder()
    assert enc.version == 3 and FourthStreetEngine.decision_kinds[-1] == "hold"
    env = gym.make(ENV_ID, agent_side="away", opponent="random").unwrapped
    env.reset(seed=4)
    g = env.game
    start = dict((f[0], sum(x[1] for x in enc.fields[:k])) for k, f in enumerate(enc.fields))["game"]
    g.team_fouls = [9, 0]  # HOME (the opponent of the away agent) is in the double bonus
    obs = enc.encode(g, 1)
    assert obs[start + 12] == 1.0 and obs[start + 16] == 1.0 and obs[start + 17] == 0.0
