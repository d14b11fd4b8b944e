"""The fast training path learns from the same transitions as the reference env.

* ``BatchedVecEnv`` (many games per process, masks sent with the step) against ``DummyVecEnv`` over
  the same environment functions: the same observations, masks, rewards, dones, terminal
  observations and episode statistics, step for step, for a seeded run.
* The advice wrapper, which no longer builds observations for the decisions its advisor answers,
  against the plain env stepped through those decisions one ``step`` at a time.
"""

import numpy as np
import pytest

from coachgym import rulesets
from coachgym.training import config as tc

pytest.importorskip("sb3_contrib")

from sb3_contrib.common.maskable.utils import get_action_masks  # noqa: E402
from stable_baselines3.common.vec_env import DummyVecEnv  # noqa: E402

from coachgym.training.train import make_env  # noqa: E402
from coachgym.training.vecenv import BatchedVecEnv, cpu_seconds, worker_pids  # noqa: E402

RULESETS = [e.name for e in rulesets.entries()]


def shipped(name: str):
    return tc.load(tc.default_config_path(name))


def transitions(venv, steps: int, seed: int = 7) -> list:
    """A seeded run: random legal actions from the masks the learner would read."""
    venv.seed(seed)
    obs = venv.reset()
    rng = np.random.default_rng(seed)
    rows = [("reset", obs.copy())]
    for _ in range(steps):
        masks = get_action_masks(venv)
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, dones, infos = venv.step(actions)
        ends = [(bool(i["TimeLimit.truncated"]), i.get("episode", {}).get("r"), i.get("episode", {}).get("l"),
                 None if "terminal_observation" not in i else i["terminal_observation"].tobytes()) for i in infos]
        rows.append((masks.copy(), obs.copy(), np.asarray(rewards, dtype=np.float32), dones.copy(), ends))
    venv.close()
    return rows


def assert_same(ref: list, got: list) -> None:
    assert len(ref) == len(got)
    for t, (a, b) in enumerate(zip(ref, got)):
        for x, y in zip(a, b):
            if isinstance(x, np.ndarray):
                assert np.array_equal(x, y), f"step {t} differs"
            else:
                assert x == y, f"step {t} differs"


@pytest.mark.parametrize("name", RULESETS)
def test_batched_games_in_the_learners_process_give_the_reference_transitions(name):
    cfg = shipped(name)
    cfg.data["env"]["max_decisions"] = 50  # episodes cut short (truncated) as well as games played out
    steps = 150
    ref = transitions(DummyVecEnv([make_env(cfg, i, None) for i in range(3)]), steps)
    got = transitions(BatchedVecEnv([make_env(cfg, i, None) for i in range(3)], workers=0), steps)
    assert_same(ref, got)
    assert any(any(truncated for truncated, *_ in ends) for *_, ends in ref[1:]), "the run should cross an episode end"


def test_batched_games_in_worker_processes_give_the_reference_transitions_and_report_worker_errors():
    cfg = shipped("statispro")  # advice, scope, advisor_keeps and a macro
    ref = transitions(DummyVecEnv([make_env(cfg, i, None) for i in range(5)]), 120)
    venv = BatchedVecEnv([make_env(cfg, i, None) for i in range(5)], workers=2)
    assert venv.workers == 2 and len(worker_pids(venv)) == 2
    assert venv.get_attr("ruleset_name", indices=[0, 4]) == ["statispro", "statispro"]
    with pytest.raises(RuntimeError, match="worker failed: .*no_such_method"):  # the worker's message reaches us
        venv.env_method("no_such_method", indices=[3])
    got = transitions(venv, 120)
    assert_same(ref, got)
    assert any(d.any() for _, _, _, d, _ in ref[1:])


@pytest.mark.parametrize("name", RULESETS)
def test_advice_wrapper_sees_what_the_env_steps_through_its_advisor_show(name):
    """The reference: the plain env, every advisor decision taken with ``step`` (an observation
    built and dropped each time), stopping where the scope leaves the policy a choice."""
    from coachgym.training.advice import Advisor, Scope, advice_wrapper, scope_of

    cfg = shipped(name)
    e = cfg["env"]
    import gymnasium as gym

    def plain():
        return gym.make(rulesets.get(name).env_id, agent_side=e["agent_side"], opponent=e["opponent"],
                        team_pool=e["team_pool"], rule_options=e["rule_options"], reward=e["reward"],
                        margin_scale=e["margin_scale"])

    wrapped = advice_wrapper(plain(), name, cfg["advice"], **scope_of(cfg.data))
    ref_env, advisor, scope = plain(), Advisor(name, cfg["advice"]), Scope(name, **scope_of(cfg.data))

    def ref_delegate(obs, reward, done):
        game = ref_env.unwrapped.game
        while not done and game.decision is not None:
            advice = advisor.advise(game, game.decision)
            if scope.options(game.decision, advice, game) is not None:
                return obs, reward, done, advice
            obs, r, terminated, truncated, _ = ref_env.step(advice)
            reward, done = reward + r, terminated or truncated
        return obs, reward, done, None

    obs, info = wrapped.reset(seed=11)
    ref_obs, _ = ref_env.reset(seed=11)
    advisor.reset(ref_env.unwrapped.game, ref_env.unwrapped.side)
    ref_obs, _, _, advice = ref_delegate(ref_obs, 0.0, False)
    rng = np.random.default_rng(3)
    for _ in range(200):
        assert np.array_equal(obs, np.concatenate([ref_obs, advisor.one_hot(advice)]))
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = wrapped.step(action)
        game = ref_env.unwrapped.game
        concrete = scope.concrete(action, game, game.decision.side)
        ref_obs, r, t2, tr2, _ = ref_env.step(concrete)
        ref_obs, r, done, advice = ref_delegate(ref_obs, r, t2 or tr2)
        assert reward == pytest.approx(r) and (terminated or truncated) == done
        if done:
            break


def test_batched_vec_env_trains_and_records_cpu_time(tmp_path):
    from coachgym.training.train import train

    cfg = tc.validate({
        "ruleset": "valueadd", "seed": 1, "total_timesteps": 256, "n_envs": 8, "vec_env": "batched", "workers": 0,
        "env": {"agent_side": "random", "opponent": "random"},
        "evaluation": {"every": 0, "games": 2, "opponents": ["random"]}, "checkpoint_every": 0, "tensorboard": False,
        "hyperparameters": {"n_steps": 32, "batch_size": 64, "n_epochs": 1, "policy_kwargs": {"net_arch": [16]}},
    }, "<test config>")
    meta = train(cfg, tmp_path, progress=False)
    assert meta["steps"] == 256 and (tmp_path / "model.npz").exists()
    assert meta["train_cpu_seconds"] is None or meta["train_cpu_seconds"] > 0


def test_vec_env_keys_are_validated():
    from coachgym.core.errors import ConfigError

    base = {"ruleset": "valueadd"}
    with pytest.raises(ConfigError, match="vec_env: must be auto, batched, subproc or dummy"):
        tc.validate({**base, "vec_env": "threads"}, "c.yaml")
    with pytest.raises(ConfigError, match="c.yaml: workers: must be 0"):
        tc.validate({**base, "workers": -1}, "c.yaml")


def test_cpu_seconds_counts_this_process():
    first = cpu_seconds()
    if first is None:
        pytest.skip("no /proc here")
    import time

    x, start = 0, time.process_time()
    while time.process_time() - start < 0.05:  # 50 ms of CPU: /proc counts in ticks of 10 ms
        x += 1
    assert cpu_seconds() > first


def test_throughput_tool_prints_a_line_per_setup(capsys):
    from .tools import load_tool

    tool = load_tool("training_throughput")
    tool.main(["valueadd", "--steps", "128", "--n-envs", "4", "--workers", "0"])
    out = capsys.readouterr().out
    assert out.startswith("valueadd") and "steps/s" in out and "4 games in the learner's process" in out


def test_statispro_encoder_keeps_each_teams_cards_apart():
    """The encoder keeps each team's card columns (they never change in a game); a used encoder must
    encode exactly like a fresh one whatever teams it saw before."""
    from coachgym.envs.statispro import StatisProEncoder

    rs = rulesets.get("statispro")
    used = StatisProEncoder()
    names = rs.team_names()
    for k, (home, away) in enumerate([(names[0], names[1]), (names[2 % len(names)], names[0])]):
        game = rs.new_game(home, away, seed=k, record_events=False)
        used.encode(game, 0)
        coach = rs.coach("random", seed=k)
        for _ in range(150):  # into the game: players on the bench, fouls, points, rest
            game.step(coach.choose(game, game.decision))
        for side in (0, 1):
            assert np.array_equal(used.encode(game, side), StatisProEncoder().encode(game, side))


@pytest.mark.parametrize("name", RULESETS)
def test_lean_dummy_vec_env_gives_the_reference_transitions(name):
    from coachgym.training.vecenv import lean_dummy_vec_env

    cfg = shipped(name)
    cfg.data["env"]["max_decisions"] = 50
    ref = transitions(DummyVecEnv([make_env(cfg, i, None) for i in range(2)]), 120)
    got = transitions(lean_dummy_vec_env([make_env(cfg, i, None) for i in range(2)]), 120)
    assert_same(ref, got)


def test_lean_rollout_forward_is_bit_identical_to_the_stock_forward():
    import gymnasium as gym
    import torch as th
    from gymnasium import spaces
    from sb3_contrib import MaskablePPO

    from coachgym.training.rollout_forward import install

    class Env(gym.Env):
        observation_space = spaces.Box(-1, 1, (37,), np.float32)
        action_space = spaces.Discrete(11)

        def reset(self, seed=None, options=None):
            return np.zeros(37, np.float32), {}

        def step(self, action):
            return np.zeros(37, np.float32), 0.0, False, False, {}

        def action_masks(self):
            return np.ones(11, bool)

    model = MaskablePPO("MlpPolicy", Env(), seed=3, policy_kwargs={"net_arch": [64, 64]})
    stock = model.policy.forward
    assert install(model) and not install(model)
    lean = model.policy.forward
    rng = np.random.default_rng(0)
    for batch in (1, 5, 32):
        obs = th.as_tensor(rng.standard_normal((batch, 37)).astype(np.float32))
        masks = rng.random((batch, 11)) < 0.4
        masks[:, 3] = True
        for deterministic in (False, True):
            for m in (masks, None):
                outs = []
                for forward in (stock, lean):
                    th.manual_seed(7)
                    with th.no_grad():
                        outs.append((*forward(obs, deterministic=deterministic, action_masks=m), th.rand(3)))
                for x, y in zip(*outs):  # actions, values, log-probabilities, then torch's random stream
                    assert x.dtype == y.dtype and th.equal(x, y)
