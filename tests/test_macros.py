"""Macro actions (coachgym.training.macros): one policy output that resolves to a concrete action of
the table, here Statis Pro's "Double Team their best scorer" (rule 5.5)."""

import json

import gymnasium as gym
import numpy as np
import pytest

import coachgym.envs  # noqa: F401
from coachgym import rulesets
from coachgym.core.errors import ConfigError, IllegalActionError, ModelMismatchError
from coachgym.core.match import play_game
from coachgym.rules.statispro import actions as A
from coachgym.training import config as tc
from coachgym.training.advice import Advisor, Scope, advice_wrapper

pytest.importorskip("sb3_contrib")

SP = rulesets.get("statispro")
N = len(SP.actions)
KEEPS = ["substitute", "ignore_rest", "three_point_offense", "cancel_three_point_offense", "three_point_defense",
         "timeout"]


def sp_tiny(**over):
    data = {
        "ruleset": "statispro", "algo": "maskable_ppo", "seed": 2, "total_timesteps": 256, "n_envs": 1,
        "vec_env": "dummy", "env": {"agent_side": "random", "opponent": "by-the-book"},
        "advice": "by-the-book", "action_kinds": ["shoot", "advance"], "advisor_keeps": KEEPS,
        "macros": ["double_team_best_scorer"],
        "pretrain": {"coach": "by-the-book", "games": 2, "epochs": 3},
        "evaluation": {"every": 0, "games": 1, "opponents": ["by-the-book"]}, "checkpoint_every": 0,
        "tensorboard": False,
        "hyperparameters": {"n_steps": 128, "batch_size": 64, "n_epochs": 1, "policy_kwargs": {"net_arch": [16]}},
    }
    data.update(over)
    return tc.validate(data, "<test config>")


def _best_and_weakest(game, side):
    e = game.eff(1 - side)
    rating = [e[s][0] + e[s][1] for s in range(5)]  # FIELD GOAL + ATTEMPTS of their men on the court
    return rating.index(max(rating)), rating.index(min(rating))


def test_5_5_macro_double_team_best_scorer_resolves_to_their_best_scorer_helped_by_the_man_on_their_weakest():
    """5.5: the macro is offered at the set-piece menus where a Double Team is legal (none in force),
    never in place of a kept substitution, and resolves to the Double Team of their best FIELD GOAL +
    ATTEMPTS man with our man guarding their weakest as the helper."""
    scope = Scope("statispro", action_kinds=["shoot", "advance"], advisor_keeps=KEEPS,
                  macros=["double_team_best_scorer"])
    assert scope.n_actions == N + 1 and scope.label(N).startswith("macro: Double Team their best scorer")
    advisor = Advisor("statispro", "by-the-book")
    offered = 0
    for seed in range(2):
        game = SP.new_game(seed=seed, record_events=False)
        while game.decision is not None:
            d = game.decision
            advice = advisor.advise(game, d)
            opts = scope.options(d, advice, game)
            if opts is not None and N in opts:
                offered += 1
                assert d.kind == "menu" and game.menu["kind"] in ("period", "timeout")
                assert SP.actions[advice].kind not in KEEPS and game.team_state[d.side].double_team[0] < 0
                a = scope.concrete(N, game, d.side)
                assert a in d.legal and SP.actions[a].kind == "double_team"
                best, weakest = _best_and_weakest(game, d.side)
                assert SP.actions[a]["target"] == best
                assert game.team_state[d.side].guard[SP.actions[a]["helper"]] == weakest
            game.step(advice)
    assert offered >= 8  # every period start and timeout of both benches, the book never doubling


def test_5_5_macro_in_the_env_declares_the_double_team_and_an_unoffered_macro_is_refused():
    env = advice_wrapper(gym.make(SP.env_id, opponent="by-the-book"), "statispro", "by-the-book",
                         action_kinds=["shoot", "advance"], advisor_keeps=KEEPS, macros=["double_team_best_scorer"])
    assert env.action_space.n == N + 1
    obs, info = env.reset(seed=3)
    assert len(info["action_mask"]) == N + 1
    declared = refused = 0
    done = False
    while not done:
        mask = env.action_masks()
        game = env.unwrapped.game
        if mask[N]:
            side = game.decision.side
            expect = SP.actions[env.scope.concrete(N, game, side)]
            obs, r, done, trunc, info = env.step(N)
            assert game.team_state[side].double_team[1] >= 0 and game.team_state[side].double_team[0] >= 0  # the Double Team is in force
            assert expect["target"] == [s for s in range(5) if game.team_state[1 - side].lineup[s] == game.team_state[side].double_team[0]][0]
            declared += 1
        else:
            if not refused:
                with pytest.raises(IllegalActionError, match="macro: Double Team their best scorer"):
                    env.step(N)
                refused += 1
            advice = int(np.argmax(obs[env.unwrapped.encoder.size:]))
            obs, r, done, trunc, info = env.step(advice)
    assert declared >= 1 and refused == 1


def test_macros_are_validated_with_the_key_named():
    with pytest.raises(ConfigError, match="macros: 'double_their_star' is not a macro of statispro"):
        sp_tiny(macros=["double_their_star"])
    with pytest.raises(ConfigError, match="macros: 'double_team_best_scorer' is not a macro of valueadd"):
        tc.validate({"ruleset": "valueadd", "advice": "by-the-book", "macros": ["double_team_best_scorer"]}, "<c>")
    with pytest.raises(ConfigError, match="macros: needs advice"):
        sp_tiny(advice=None, action_kinds=None, advisor_keeps=None, pretrain={"coach": None})
    with pytest.raises(ConfigError, match="macros: need action masks"):
        sp_tiny(algo="ppo", pretrain={"coach": None})
    with pytest.raises(ConfigError, match="listed twice"):
        sp_tiny(macros=["double_team_best_scorer", "double_team_best_scorer"])


def test_training_with_a_macro_starts_undecided_saves_and_coaches_and_an_unknown_macro_is_refused(tmp_path):
    """Cloning leaves the macro decisions undecided (uniform over the advice and the macro); the model
    carries its macros in its metadata, plays a game, and a coachgym without the macro refuses it."""
    from coachgym.envs import env_class
    from coachgym.training.coach import TrainedCoach
    from coachgym.training.pretrain import behaviour_clone, collect
    from coachgym.training.train import train

    cfg = sp_tiny()
    data = collect("statispro", "by-the-book", 2, 1, env_class(SP.env_id).encoder, None, {}, 1.0,
                   advice="by-the-book", action_kinds=cfg["action_kinds"], advisor_keeps=KEEPS,
                   macros=cfg["macros"])
    und = data["undecided"]
    assert und.sum() >= 8 and data["masks"].shape[1] == N + 1
    assert (data["masks"][und][:, N]).all() and not (data["masks"][~und][:, N]).any()
    from sb3_contrib import MaskablePPO

    from coachgym.training.train import build_vec_env

    venv = build_vec_env(cfg, None)
    model = MaskablePPO("MlpPolicy", venv, seed=0, policy_kwargs={"net_arch": [32]}, n_steps=64, batch_size=32)
    report = behaviour_clone(model, data, epochs=30, lr=3e-3)
    assert report["undecided"] == int(und.sum()) and report["accuracy"] > 0.7
    import torch

    with torch.no_grad():
        dist = model.policy.get_distribution(torch.as_tensor(data["obs"][und]))
        logits = dist.distribution.logits.numpy()
    masks = data["masks"][und]
    p = np.exp(logits - logits.max(1, keepdims=True)) * masks
    p = p / p.sum(1, keepdims=True)
    assert 0.3 < p[:, N].mean() < 0.7  # undecided, not taught "never double"
    venv.close()

    meta = train(cfg, tmp_path, progress=False)
    assert meta["config"]["macros"] == ["double_team_best_scorer"]
    coach = SP.coach(str(tmp_path / "model.npz"))
    assert coach.policy.n_actions == N + 1
    game = SP.new_game(seed=5, record_events=False)
    play_game(game, coach, SP.coach("by-the-book"))
    assert game.over

    # resumed in its folder, the run keeps the record of its warm start
    resumed = train(sp_tiny(total_timesteps=384), tmp_path, resume=tmp_path / "model.zip", progress=False)
    assert resumed["steps"] >= 384 and resumed["pretrain"] == meta["pretrain"] and meta["pretrain"]["games"] == 2

    saved = json.loads((tmp_path / "model.json").read_text())
    saved["config"]["macros"] = ["press_their_star"]
    (tmp_path / "model.json").write_text(json.dumps(saved))
    with pytest.raises(ModelMismatchError, match="macro 'press_their_star'"):
        TrainedCoach(tmp_path / "model.npz")


def test_double_team_list_is_the_one_the_macro_draws_from():
    """The macro only ever resolves to an action of the table (A.DOUBLE_TEAM), never a new one."""
    from coachgym.training.macros import macros_of

    m = macros_of("statispro")["double_team_best_scorer"]
    game = SP.new_game(seed=1, record_events=False)
    a = m.resolve(game, 0)
    assert a is None or a in A.DOUBLE_TEAM_LIST


@pytest.mark.parametrize("name", ["valueadd", "statispro", "fuba", "fourthstreet"])
def test_every_shipped_coach_loads_against_the_installed_env_and_coaches_a_game(name):
    """The shipped models match the installed env (metadata check), carry their scope (advice,
    action kinds, macros) and coach a whole game against the book."""
    from coachgym.training.coach import TrainedCoach, shipped_model_path

    rs = rulesets.get(name)
    coach = TrainedCoach(None, name)
    assert coach.meta["ruleset"] == rs.name and shipped_model_path(name).stat().st_size < 3_000_000
    assert coach.policy.n_actions == (coach.scope.n_actions if coach.scope is not None else len(rs.actions))
    game = rs.new_game(seed=2, record_events=False)
    play_game(game, coach, rs.coach("by-the-book"))
    assert game.over


def test_macro_usage_tool_reports_the_shipped_statis_pro_coach_doubling_their_best_scorer():
    """tools/macro_usage.py: the shipped Statis Pro coach takes its Double Team macro (5.5) where offered."""
    import subprocess
    import sys
    from pathlib import Path

    tool = Path(__file__).resolve().parents[1] / "tools" / "macro_usage.py"
    out = subprocess.run([sys.executable, str(tool), "coachgym/models/statispro.npz", "--games", "2"],
                         capture_output=True, text=True, check=True, cwd=tool.parents[1]).stdout
    line = out.strip().splitlines()[-1]
    assert line.startswith("double_team_best_scorer: offered ")
    offered = int(line.split("offered ")[1].split()[0])
    taken = int(line.rsplit("taken ", 1)[1])
    assert offered > 0 and taken > offered // 2
