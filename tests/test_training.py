"""The training pipeline with a tiny config: train, save, load as a coach, play, refuse a mismatch."""

import json
import os
import shutil

import numpy as np
import pytest

from coachgym import rulesets
from coachgym.core.errors import ConfigError, ModelMismatchError
from coachgym.core.match import play_game
from coachgym.rules.valueadd import RULESET
from coachgym.training import config as tc
from coachgym.training import metadata as md

pytest.importorskip("sb3_contrib")


def tiny(**over):
    data = {
        "ruleset": "valueadd", "algo": "maskable_ppo", "seed": 3, "total_timesteps": 128, "n_envs": 1,
        "vec_env": "dummy", "env": {"agent_side": "random", "opponent": "random"},
        "evaluation": {"every": 0, "games": 2, "opponents": ["random"]}, "checkpoint_every": 64,
        "tensorboard": False,
        "hyperparameters": {"n_steps": 64, "batch_size": 32, "n_epochs": 1, "policy_kwargs": {"net_arch": [16]}},
    }
    data.update(over)
    return tc.validate(data, "<test config>")


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    from coachgym.training.train import train

    out = tmp_path_factory.mktemp("run")
    meta = train(tiny(), out, progress=False)
    return out, meta


def test_training_saves_model_metadata_and_evaluation(trained):
    out, meta = trained
    assert (out / "model.zip").exists() and (out / "model.json").exists()
    saved = json.loads((out / "model.json").read_text())
    assert saved["ruleset"] == "valueadd" and saved["steps"] >= 128 and saved["seed"] == 3
    assert saved["config"]["algo"] == "maskable_ppo" and saved["rule_options"]["rotation"] == 3
    assert saved["evaluation"][0]["opponent"] == "random" and saved["evaluation"][0]["games"] == 2
    assert sorted(p.name for p in (out / "checkpoints").glob("*.zip")) == ["model_128_steps.zip", "model_64_steps.zip"]


def test_trained_model_coaches_a_game(trained):
    out, _ = trained
    coach = RULESET.coach(str(out / "model.zip"))
    game = RULESET.new_game(seed=4)
    play_game(game, coach, RULESET.coach("by-the-book"))
    assert game.over


def test_resume_continues_from_a_checkpoint(trained, tmp_path):
    from coachgym.training.train import train

    out, _ = trained
    cfg = tiny(total_timesteps=320, evaluation={"every": 64, "games": 2, "opponents": ["random"]})
    meta = train(cfg, tmp_path, resume=out / "checkpoints" / "model_128_steps.zip", progress=False)
    assert meta["steps"] >= 320
    # the evaluation schedule continues from the checkpoint: 192, 256, 320 (and the final one)
    steps = [e["steps"] for e in json.loads((tmp_path / "eval.json").read_text())]
    assert steps[:2] == [192, 256] and len(steps) <= 4


def test_model_saved_for_another_layout_is_refused(trained, tmp_path):
    out, _ = trained
    shutil.copy(out / "model.zip", tmp_path / "m.zip")
    meta = json.loads((out / "model.json").read_text())
    meta["action_table_hash"] = "0000"
    (tmp_path / "m.json").write_text(json.dumps(meta))
    with pytest.raises(ModelMismatchError, match="action_table_hash"):
        RULESET.coach(str(tmp_path / "m.zip"))
    (tmp_path / "m.json").unlink()
    with pytest.raises(ModelMismatchError, match="metadata file is missing"):
        RULESET.coach(str(tmp_path / "m.zip"))


def test_config_errors_name_the_file_and_key(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: valueadd\nhyperparameters:\n  n_stepz: 5\n")
    with pytest.raises(ConfigError, match=r"bad.yaml: hyperparameters.n_stepz: unknown"):
        tc.load(bad)
    bad.write_text("ruleset: valueadd\nenv:\n  reward: points\n")
    with pytest.raises(ConfigError, match=r"env.reward"):
        tc.load(bad)
    bad.write_text("ruleset: valueadd\nseed: [1]\n")
    with pytest.raises(ConfigError, match=r"seed: expected int"):
        tc.load(bad)
    bad.write_text("ruleset: valueadd\nenv:\n  opponent: wizard\n")
    with pytest.raises(ConfigError, match=r"opponent 'wizard': unknown coach"):
        tc.load(bad)
    with pytest.raises(ConfigError, match="not valid YAML"):
        bad.write_text("ruleset: [")
        tc.load(bad)


def test_shipped_configs_are_valid():
    from pathlib import Path

    for path in sorted(Path(__file__).resolve().parents[1].glob("configs/*/*.yaml")):
        cfg = tc.load(path)
        assert cfg.ruleset == path.parent.name


def test_behaviour_cloning_warm_start_imitates_the_scripted_coach(tmp_path):
    """pretrain: the policy is fitted to by-the-book's choices before RL; the report is saved."""
    from coachgym.training.train import train

    cfg = tiny(total_timesteps=64, pretrain={"coach": "by-the-book", "games": 3, "epochs": 4, "learning_rate": 0.003},
               checkpoint_every=0)
    meta = train(cfg, tmp_path, progress=False)
    report = meta["pretrain"]
    assert report["coach"] == "by-the-book" and report["samples"] > 300
    assert report["accuracy"] > 0.6  # most book decisions are "play": even a short fit gets them
    history = json.loads((tmp_path / "eval.json").read_text())
    assert history[0]["steps"] == 0 and history[0]["pretrain"]["games"] == 3


def test_policy_file_plays_like_the_model_and_loads_without_torch(trained, tmp_path):
    """model.npz (NumPy arrays, no pickle) chooses exactly what model.zip chooses, and a game coached
    from it in a fresh process never imports torch or stable-baselines3."""
    import subprocess
    import sys

    out, _ = trained
    assert (out / "model.npz").exists()
    zip_coach = RULESET.coach(str(out / "model.zip"))
    npz_coach = RULESET.coach(str(out / "model.npz"))
    game = RULESET.new_game(seed=9)
    zip_coach.reset(game, 0)
    npz_coach.reset(game, 0)
    compared = 0
    while game.decision is not None:
        d = game.decision
        a = zip_coach.choose(game, d)
        assert a == npz_coach.choose(game, d)
        game.step(a)
        compared += 1
    assert compared > 50
    code = ("import sys; from coachgym.rules.valueadd import RULESET; from coachgym.core.match import play_game; "
            f"g = RULESET.new_game(seed=2); play_game(g, RULESET.coach({str(out / 'model.npz')!r}), "
            "RULESET.coach('random')); assert g.over; "
            "print('torch' in sys.modules, 'stable_baselines3' in sys.modules)")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert res.stdout.split() == ["False", "False"]


def test_policy_file_errors_name_the_file(trained, tmp_path):
    out, _ = trained
    bad = tmp_path / "m.npz"
    bad.write_bytes(b"not a zip")
    shutil.copy(out / "model.json", tmp_path / "m.json")
    with pytest.raises(ModelMismatchError, match="m.npz: not a coachgym policy file"):
        RULESET.coach(str(bad))
    with pytest.raises(ConfigError, match="no such model file"):
        RULESET.coach(str(tmp_path / "missing.npz"))
    meta = json.loads((out / "model.json").read_text())
    meta["ruleset"] = "fuba"
    (tmp_path / "m.json").write_text(json.dumps(meta))
    shutil.copy(out / "model.npz", bad)
    with pytest.raises(ModelMismatchError, match="saved for ruleset 'fuba'"):
        RULESET.coach(str(bad))


def test_sampling_coach_is_reproducible_with_its_seed(trained):
    from coachgym.training.coach import TrainedCoach

    out, _ = trained
    picks = []
    for _ in range(2):
        coach = TrainedCoach(out / "model.npz", "valueadd", deterministic=False, seed=5)
        game = RULESET.new_game(seed=3)
        coach.reset(game, 0, seed=5)
        seq = []
        for _ in range(40):
            d = game.decision
            a = coach.choose(game, d) if d.side == 0 else d.legal[0]
            assert a in d.legal
            seq.append(a)
            game.step(a)
        picks.append(seq)
    assert picks[0] == picks[1]


def test_advice_observation_makes_the_clone_exact_and_travels_with_the_model(tmp_path):
    """advice: by-the-book appends the book's suggestion to the observation; cloning it is exact, the
    saved model records its advisor and, loaded as a coach, plays the book's game move for move."""
    from coachgym.training.train import train

    cfg = tiny(advice="by-the-book", total_timesteps=64, checkpoint_every=0,
               pretrain={"coach": "by-the-book", "games": 3, "epochs": 250, "learning_rate": 0.003,
                         "label_smoothing": 0.1},
               hyperparameters={"learning_rate": 0.0, "n_steps": 64, "batch_size": 32, "n_epochs": 1,
                                "policy_kwargs": {"net_arch": [128]}})
    meta = train(cfg, tmp_path, progress=False)
    assert meta["config"]["advice"] == "by-the-book" and meta["pretrain"]["accuracy"] > 0.99
    coach = RULESET.coach(str(tmp_path / "model.npz"))
    assert coach.advisor is not None and coach.policy.obs_size == coach.encoder.size + len(RULESET.actions)
    book = RULESET.coach("by-the-book")
    game = RULESET.new_game(seed=21)
    coach.reset(game, 0)
    book.reset(game, 0)
    agreed = total = 0
    while game.decision is not None:
        d = game.decision
        a = coach.choose(game, d)
        agreed += a == book.choose(game, d)
        total += 1
        game.step(a)
    assert agreed / total > 0.97


def test_advice_must_be_a_scripted_coach(tmp_path):
    with pytest.raises(ConfigError, match="advice: 'random' is not a scripted coach"):
        tiny(advice="random")
    with pytest.raises(ConfigError, match="label_smoothing"):
        tiny(pretrain={"coach": "by-the-book", "label_smoothing": 1.5})


def test_train_command_shows_progress_and_saves(tmp_path):
    """`coachgym train` with its progress bar (tqdm; stable-baselines3's own bar would need rich)."""
    from pathlib import Path

    from click.testing import CliRunner

    from coachgym.cli import main

    config = Path(__file__).resolve().parents[1] / "configs" / "valueadd" / "tiny.yaml"
    res = CliRunner().invoke(main, ["train", "valueadd", "--config", str(config), "--steps", "128",
                                    "--out", str(tmp_path / "run")])
    assert res.exit_code == 0, res.output
    assert "saved" in res.output and (tmp_path / "run" / "model.npz").exists()


def test_policy_limited_to_some_decisions_leaves_the_rest_to_the_advisor(tmp_path):
    """decisions: [...]: the policy makes only those kinds; the env and the trained coach let the
    advisor make every other decision of the agent's side."""
    import gymnasium as gym

    from coachgym.training.advice import advice_wrapper
    from coachgym.training.train import train

    env = advice_wrapper(gym.make(RULESET.env_id, opponent="by-the-book"), "valueadd", "by-the-book",
                         decisions=["fast_break", "stick_back"])
    obs, info = env.reset(seed=4)
    steps = 0
    done = False
    while not done:
        assert env.unwrapped.game.decision.kind in ("fast_break", "stick_back")
        assert obs.shape == (env.unwrapped.encoder.size + len(RULESET.actions),)
        assert obs[env.unwrapped.encoder.size:].sum() == 1.0  # the advisor's suggestion, one-hot
        mask = env.action_masks()
        obs, r, done, trunc, info = env.step(int(np.flatnonzero(mask)[0]))
        steps += 1
    assert 0 < steps < 40 and env.unwrapped.game.over

    cfg = tiny(advice="by-the-book", decisions=["fast_break", "stick_back"], total_timesteps=64, checkpoint_every=0,
               pretrain={"coach": "by-the-book", "games": 2, "epochs": 2})
    meta = train(cfg, tmp_path, progress=False)
    assert meta["config"]["decisions"] == ["fast_break", "stick_back"]
    coach = RULESET.coach(str(tmp_path / "model.npz"))
    book = RULESET.coach("by-the-book")
    game = RULESET.new_game(seed=8)
    coach.reset(game, 1)
    book.reset(game, 1)
    while game.decision is not None:
        d = game.decision
        a = coach.choose(game, d) if d.side == 1 else d.legal[-1]
        if d.side == 1 and d.kind not in ("fast_break", "stick_back"):
            assert a == book.choose(game, d)
        game.step(a)


def test_decisions_need_an_advisor():
    with pytest.raises(ConfigError, match="decisions: needs advice"):
        tiny(decisions=["fast_break"])


def test_action_kinds_scope_limits_the_policy_to_those_actions_and_the_advice():
    """action_kinds: at a decision the policy may pick only actions of those kinds or the advisor's
    suggestion; where that leaves one option the advisor's action is taken without asking."""
    import gymnasium as gym

    from coachgym.training.advice import Scope, advice_wrapper

    table = RULESET.actions
    env = advice_wrapper(gym.make(RULESET.env_id, opponent="by-the-book"), "valueadd", "by-the-book",
                         action_kinds=["three_point_mode", "intentional_foul", "fast_break",
                                       "normal_offense_after_steal"])
    obs, info = env.reset(seed=2)
    seen = 0
    done = False
    while not done:
        mask = env.action_masks()
        assert (info["action_mask"] == mask).all() and mask.sum() >= 2
        advice = int(np.argmax(obs[env.unwrapped.encoder.size:]))
        assert mask[advice]
        for a in np.flatnonzero(mask):
            assert a == advice or table[a].kind in ("three_point_mode", "intentional_foul", "fast_break",
                                                   "normal_offense_after_steal")
        obs, r, done, trunc, info = env.step(advice)
        seen += 1
    assert seen > 0
    scope = Scope("valueadd", action_kinds=["fast_break"])
    game = RULESET.new_game(seed=1)
    d = game.decision
    assert scope.options(d, 0) is None or all(table[a].kind == "fast_break" or a == 0 for a in scope.options(d, 0))


def test_unknown_action_kind_is_refused():
    with pytest.raises(ConfigError, match="action_kinds: 'dunks' is not an action kind of valueadd"):
        tiny(advice="by-the-book", action_kinds=["dunks"])


def test_advisor_keeps_its_suggestions_of_those_kinds():
    """advisor_keeps: where the advisor suggests an action of a kept kind (a rotation substitution),
    it is taken without asking the policy, even if the same decision offers in-scope actions (a
    Double Team at a Statis Pro menu); elsewhere the policy chooses as before."""
    from coachgym.training.advice import Advisor, Scope

    sp = rulesets.get("statispro")
    table = sp.actions
    scope = Scope("statispro", action_kinds=["double_team"], advisor_keeps=["substitute"])
    loose = Scope("statispro", action_kinds=["double_team"])
    advisor = Advisor("statispro", "by-the-book")
    kept = asked = 0
    for seed in range(3):
        game = sp.new_game(seed=seed, record_events=False)
        while game.decision is not None:
            d = game.decision
            advice = advisor.advise(game, d)
            opts = scope.options(d, advice)
            if table[advice].kind == "substitute":
                assert opts is None
                if loose.options(d, advice) is not None:
                    kept += 1  # without advisor_keeps the policy would have been asked here
            elif opts is not None:
                assert opts == loose.options(d, advice)
                assert all(table[a].kind == "double_team" or a == advice for a in opts)
                asked += 1
            game.step(advice)
    assert kept > 0 and asked > 0


def test_advisor_keeps_is_validated():
    with pytest.raises(ConfigError, match="advisor_keeps: 'subs' is not an action kind of valueadd"):
        tiny(advice="by-the-book", action_kinds=["fast_break"], advisor_keeps=["subs"])
    with pytest.raises(ConfigError, match="advisor_keeps: fast_break also in action_kinds"):
        tiny(advice="by-the-book", action_kinds=["fast_break"], advisor_keeps=["fast_break"])
    with pytest.raises(ConfigError, match="advisor_keeps: needs advice"):
        tiny(advisor_keeps=["substitute"])


def test_update_threads_give_the_ppo_update_more_threads_and_the_rollout_its_own(tmp_path, monkeypatch):
    """`update_threads`: torch threads while PPO updates (the games wait then), `torch_threads` while
    the games are stepped; validated like the other counts."""
    import torch

    from coachgym.training.train import train

    seen = []
    real = torch.set_num_threads
    monkeypatch.setattr(torch, "set_num_threads", lambda n: (seen.append(n), real(n))[1])
    before = torch.get_num_threads()
    monkeypatch.delenv("OMP_WAIT_POLICY", raising=False)  # (put back as it was after the test)
    try:
        train(tiny(update_threads=2, checkpoint_every=0), tmp_path / "run", progress=False)
    finally:
        real(before)
    # set once at the start, then for every rollout (1) and every update after it (2)
    assert seen[0] == 1 and seen[1:5] == [1, 2, 1, 2], seen
    # the update's extra threads wait passively (a setting of the user's own would stay)
    assert os.environ["OMP_WAIT_POLICY"] == "PASSIVE"
    assert md.load(tmp_path / "run" / "model.zip")["torch_threads"] == {"rollout": 1, "update": 2}
    with pytest.raises(ConfigError, match="update_threads: must be at least 1"):
        tiny(update_threads=0)
    # auto: the cores this process may run on; any other word is an error naming the key
    from coachgym.training.config import update_threads, usable_cores

    monkeypatch.delenv("OMP_NUM_THREADS", raising=False)
    assert update_threads(tiny(update_threads="auto")) == usable_cores() >= 1
    assert update_threads(tiny()) == 1 and update_threads(tiny(update_threads=3)) == 3
    with pytest.raises(ConfigError, match="update_threads: must be a number of threads or auto, got 'all'"):
        tiny(update_threads="all")
    monkeypatch.setenv("OMP_NUM_THREADS", "3")  # what Ray gives a task with 3 CPUs
    assert update_threads(tiny(update_threads="auto")) == 3 and update_threads(tiny(update_threads=2)) == 2


def test_runs_side_by_side_share_the_cores_for_their_updates(monkeypatch):
    """A sweep on local worker processes: `update_threads: auto` becomes the cores per run at once (at
    least 1); a number stays; one run at a time (inline) keeps `auto`."""
    from coachgym.training import config as config_module
    from coachgym.training.sweep import TrainRun, run_sweep

    monkeypatch.setattr(config_module, "usable_cores", lambda: 4)

    class Backend:
        def __init__(self, name, workers):
            self.name, self.workers, self.seen = name, workers, None

        def map(self, tasks, **_kw):
            self.seen = [t.config["update_threads"] for t in tasks]
            return []

    runs = [TrainRun({"seed": k, "update_threads": u}, "c", f"/nowhere/{k}") for k, u in enumerate(["auto", "auto", 3])]
    for name, workers, want in (("local", 2, [2, 2, 3]), ("local", 8, [1, 1, 3]), ("inline", 1, ["auto", "auto", 3]),
                                ("local", 1, ["auto", "auto", 3])):
        b = Backend(name, workers)
        run_sweep(runs, b, progress=False)
        assert b.seen == want, (name, workers, b.seen)


def test_behaviour_cloning_alone_is_evaluated_once(tmp_path, monkeypatch):
    """total_timesteps 0 with a warm start: the evaluation after the clone is the final one (the same
    policy and seed), not played a second time."""
    from coachgym.training import train as tr

    calls = []
    evaluate = tr.evaluate
    monkeypatch.setattr(tr, "evaluate", lambda *a, **k: calls.append(1) or evaluate(*a, **k))
    cfg = tiny(total_timesteps=0, pretrain={"coach": "by-the-book", "games": 2, "epochs": 1, "learning_rate": 0.003},
               checkpoint_every=0)
    meta = tr.train(cfg, tmp_path, progress=False)
    history = json.loads((tmp_path / "eval.json").read_text())
    assert len(calls) == 1 and meta["steps"] == 0
    assert history[-1]["final"] and history[-1]["results"] == history[0]["results"] == meta["evaluation"]
