"""The Gymnasium and PettingZoo adapters of Value Add Basketball."""

import gymnasium as gym
import numpy as np
import pytest

import coachgym.envs  # noqa: F401  (registers the ids)
from coachgym.core.errors import ConfigError, IllegalActionError, TeamFileError
from coachgym.envs.valueadd import ValueAddBasketballEnv, ValueAddEncoder

ENV_ID = "coachgym/ValueAddBasketball-v0"


# check_env and PettingZoo's api_test: tests/test_env_api.py (every registered ruleset)


def test_pettingzoo_game_plays_to_the_end_with_zero_sum_rewards():
    from coachgym.envs.valueadd import env as aec_env

    e = aec_env()
    e.reset(seed=3)
    rng = np.random.default_rng(0)
    totals = {"home": 0.0, "away": 0.0}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        totals[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        assert obs["action_mask"].sum() >= 2
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(totals.values()) == [-1.0, 1.0]


def test_spaces_masks_and_info():
    env = gym.make(ENV_ID, agent_side="away", opponent="random").unwrapped
    obs, info = env.reset(seed=4)
    assert env.observation_space.contains(obs) and obs.dtype == np.float32
    assert obs.shape == (ValueAddEncoder().size,)
    mask = env.action_masks()
    assert mask.dtype == bool and mask.shape == (env.action_space.n,)
    assert (info["action_mask"] == mask).all() and mask.sum() >= 2
    assert env.game.decision.side == 1 and info["side"] == "away"


def test_episode_runs_to_the_final_whistle_with_win_reward():
    env = gym.make(ENV_ID, opponent="by-the-book").unwrapped
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    total, steps = 0.0, 0
    while True:
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        total += reward
        steps += 1
        assert env.observation_space.contains(obs)
        if term:
            break
        assert reward == 0.0 and not trunc
    margin = info["score"]["home"] - info["score"]["away"]
    assert total == (1.0 if margin > 0 else -1.0)
    assert info["result"] in ("win", "loss") and "box_score" in info and steps > 50


def test_margin_shaping_sums_to_final_margin_plus_result():
    env = gym.make(ENV_ID, reward="margin", margin_scale=10.0).unwrapped
    env.reset(seed=6)
    rng = np.random.default_rng(6)
    total = 0.0
    start = 0  # both teams start 20-20
    while True:
        _, reward, term, _, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        total += reward
        if term:
            break
    margin = info["score"]["home"] - info["score"]["away"]
    assert total == pytest.approx((margin - start) / 10.0 + np.sign(margin))


def test_illegal_action_ends_the_episode_as_a_loss_naming_the_action():
    env = gym.make(ENV_ID).unwrapped
    env.reset(seed=7)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, term, trunc, info = env.step(illegal)
    assert (reward, term, trunc) == (-1.0, True, False)
    assert info["illegal_action"]["action"] == illegal
    assert info["illegal_action"]["label"] == env.game.actions[illegal].label
    assert info["illegal_action"]["legal"] == list(env.game.decision.legal)


def test_strict_mode_raises_and_loses_nothing():
    env = gym.make(ENV_ID, strict=True).unwrapped
    env.reset(seed=8)
    before = env.game.to_json()
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    with pytest.raises(IllegalActionError, match=f"illegal action {illegal}") as err:
        env.step(illegal)
    assert err.value.legal == env.game.decision.legal
    assert env.game.to_json() == before  # the game is untouched and can continue
    env.step(int(np.flatnonzero(env.action_masks())[0]))


def test_render_ansi_shows_play_by_play_and_scoreboard():
    env = gym.make(ENV_ID, render_mode="ansi").unwrapped
    env.reset(seed=9)
    text = env.render()
    assert "44 possessions to play" in text and "Harbor City" in text and "box 44" in text
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert "44 possessions" not in env.render()  # only what is new


def test_bad_arguments_are_named():
    with pytest.raises(ConfigError, match="agent_side"):
        gym.make(ENV_ID, agent_side="left")
    with pytest.raises(ConfigError, match="unknown option 'rotatoin'"):
        gym.make(ENV_ID, rule_options={"rotatoin": 2})
    with pytest.raises(ConfigError, match="'rotation' must be 1, 2 or 3"):
        gym.make(ENV_ID, rule_options={"rotation": 4})
    with pytest.raises(TeamFileError, match="no bundled Value Add Basketball team"):
        gym.make(ENV_ID, home="no-such-team")
    with pytest.raises(ConfigError, match="unknown coach"):
        gym.make(ENV_ID, opponent="genius").reset(seed=1)


def test_team_pool_randomises_matchups_per_episode():
    env = gym.make(ENV_ID, team_pool=["harbor-city", "cedar-valley", "lakeshore", "ironwood-state"]).unwrapped
    seen = set()
    for seed in range(12):
        env.reset(seed=seed)
        seen.add((env.game.teams[0].name, env.game.teams[1].name))
    assert len(seen) > 3


def test_observation_layout_is_documented_field_by_field():
    enc = ValueAddEncoder()
    assert sum(length for _, length, _ in enc.fields) == enc.size
    table = enc.layout.describe()
    assert table.count("\n") == len(enc.fields) + 1 and "own_roster" in table
    assert ValueAddBasketballEnv.__doc__.count("## ") >= 6


def test_speed_benchmark_reports_games_and_env_steps_per_second():
    """The benchmark behind ``coachgym speed valueadd`` (not a timed test: it only has to run)."""
    from coachgym.evaluation.speed import measure

    report = measure("valueadd", games=3, env_steps=40)
    text = report.render()
    assert report.games == 3 and report.env_steps == 40 and report.decisions > 3 * 50
    assert "games per CPU-second" in text and "steps per CPU-second" in text
