"""Search-labelled distillation (coachgym.training.distill): labels, targets, the fit, the command."""

import json

import numpy as np
import pytest

from coachgym import rulesets
from coachgym.core.errors import ConfigError, ModelMismatchError

pytest.importorskip("sb3_contrib")

from coachgym.training.distill import DistillSettings, label, targets  # noqa: E402

TINY = DistillSettings(games=1, sample=0.04, budget=4, horizon=10, epochs=1, seed=3)


def labels_of(values, se, choice, n_actions=6):
    values = np.array(values, dtype=np.float32)
    se = np.array(se, dtype=np.float32)
    masks = ~np.isnan(values)
    return {"values": values, "se": se, "masks": masks, "choice": np.array(choice)}


def test_target_is_the_search_choice_only_where_it_beats_the_learners_choice_clearly():
    nan = np.nan
    lab = labels_of(
        [[0.50, 0.56, nan], [0.50, 0.52, nan], [0.50, 0.60, nan], [0.40, 0.45, 0.30]],
        [[0.00, 0.02, nan], [0.00, 0.03, nan], [0.00, nan, nan], [0.02, 0.00, 0.02]],
        [0, 0, 0, 1])
    target, switched = targets(lab, switch=1.0)
    # 0.06 ahead with se 0.02: switched; 0.02 ahead with se 0.03: kept; no standard error: kept;
    # the learner's own choice is already the best: kept
    assert target.tolist() == [1, 0, 0, 1] and switched.tolist() == [True, False, False, False]


def test_more_options_raced_need_a_larger_margin():
    nan = np.nan
    two = labels_of([[0.50, 0.523]], [[0.0, 0.02]], [0])
    five = labels_of([[0.50, 0.523, 0.40, 0.41, 0.42]], [[0.0, 0.02, 0.02, 0.02, 0.02]], [0])
    assert targets(two, 1.0)[1].tolist() == [True]  # 1.15 standard errors beats one comparison's 1.0
    assert targets(five, 1.0)[1].tolist() == [False]  # but not the 1.53 of four comparisons
    options_not_raced = labels_of([[0.50, nan, 0.523]], [[0.0, nan, 0.02]], [0])
    assert targets(options_not_raced, 1.0)[0].tolist() == [2]


def test_settings_are_checked_with_the_field_named():
    with pytest.raises(ConfigError, match="no decision kind dunk_menu"):
        DistillSettings(kinds=("dunk_menu",)).check("valueadd")
    with pytest.raises(ConfigError, match="switch must be 0 or more"):
        DistillSettings(switch=-1).check("valueadd")
    with pytest.raises(ConfigError, match="width >= 2"):
        DistillSettings(width=1).check("valueadd")


def test_labels_are_the_learners_own_decisions_with_every_raced_option_valued_and_the_same_on_any_backend():
    from coachgym.core.runner import LocalBackend
    from coachgym.training.coach import TrainedCoach, shipped_model_path

    model = shipped_model_path("valueadd")
    settings = DistillSettings(games=2, sample=0.03, budget=4, horizon=10, width=3, seed=1)
    inline = label("valueadd", model, settings, seed=5, teams=["harbor-city"], games_per_task=1)
    with LocalBackend(2) as backend:
        local = label("valueadd", model, settings, seed=5, teams=["harbor-city"], backend=backend, games_per_task=1)
    assert len(inline["choice"]) > 0
    # every decision of the learner's policy is counted (labelled or not): a 3% sample labels few
    assert int(inline["decisions"]) == int(local["decisions"]) > 10 * len(inline["choice"])
    for k in ("obs", "masks", "choice", "kind", "rounds"):
        assert np.array_equal(inline[k], local[k]), k
    assert np.array_equal(inline["values"], local["values"], equal_nan=True)
    coach = TrainedCoach(model)
    rows = np.arange(len(inline["choice"]))
    raced = inline["masks"] & ~np.isnan(inline["values"])
    assert raced[rows, inline["choice"]].all()  # the learner's own choice is always raced ...
    assert (raced.sum(axis=1) <= 3).all() and (raced.sum(axis=1) >= 2).all()  # ... with at most width options
    assert (inline["masks"].sum(axis=1) >= raced.sum(axis=1)).all()
    assert set(inline["kind"]) <= set(coach.meta["config"]["decisions"] or rulesets.get("valueadd").engine_cls.decision_kinds)
    assert inline["obs"].shape[1] == coach.policy.obs_size and (inline["rounds"][raced.sum(axis=1) > 1] == 4).all()
    # the learner's choice is its deterministic policy's top option at the labelled observation
    scores = np.stack([coach.policy.scores(o) for o in inline["obs"]])
    assert (np.where(inline["masks"], scores, -np.inf).argmax(axis=1) == inline["choice"]).all()


def test_into_sb3_copies_a_policy_file_into_a_model_and_refuses_another_shape(tmp_path):
    from stable_baselines3.common.vec_env import DummyVecEnv

    from coachgym.training import config as tc
    from coachgym.training.coach import shipped_model_path
    from coachgym.training.policy_file import NumpyPolicy, from_sb3, into_sb3
    from coachgym.training.train import _algo_class, make_env

    policy = NumpyPolicy.load(shipped_model_path("valueadd"))
    from coachgym.training import metadata as md

    cfg = tc.validate(md.load(shipped_model_path("valueadd"))["config"], "shipped")
    venv = DummyVecEnv([make_env(cfg, 0, None)])
    model = _algo_class("maskable_ppo")("MlpPolicy", venv, n_steps=64, batch_size=64,
                                        policy_kwargs=cfg["hyperparameters"]["policy_kwargs"])
    into_sb3(policy, model)
    back = from_sb3(model)
    for a, b in zip(back.weights + back.biases, policy.weights + policy.biases):
        assert np.array_equal(a, b)
    small = _algo_class("maskable_ppo")("MlpPolicy", venv, n_steps=64, batch_size=64, policy_kwargs={"net_arch": [8]})
    with pytest.raises(ModelMismatchError, match="layers"):
        into_sb3(policy, small)
    venv.close()


def test_distill_command_fits_saves_a_playable_coach_and_reuses_labels(tmp_path):
    from click.testing import CliRunner

    from coachgym.cli import main
    from coachgym.core.match import play_game

    out = tmp_path / "d"
    args = ["distill", "valueadd", "--rounds", "1", "--games", "1", "--sample", "0.04", "--budget", "4",
            "--horizon", "10", "--epochs", "1", "--backend", "inline", "--no-progress", "--out", str(out)]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    assert "round 1:" in r.output and "labels" in r.output
    report = json.loads((out / "distill.json").read_text())
    first = report["rounds"][0]
    assert first["labels"] > 0 and first["labels_total"] == first["labels"]
    meta = json.loads((out / "round_1" / "model.json").read_text())
    assert meta["distill"][-1]["round"] == 1 and "distilled" in meta["note"]
    rs = rulesets.get("valueadd")
    game = rs.new_game(seed=2)
    play_game(game, rs.coach(str(out / "round_1" / "model.npz")), rs.coach("by-the-book"))
    assert game.over
    # a second run reusing the labels fits on the old ones and its own
    again = tmp_path / "e"
    r = CliRunner().invoke(main, args[:-1] + [str(again), "--labels", str(out / "labels.npz"), "--seed", "4"])
    assert r.exit_code == 0, r.output
    second = json.loads((again / "distill.json").read_text())["rounds"][0]
    assert second["labels_total"] == first["labels"] + second["labels"]


def test_pooled_verdict_averages_an_alternative_against_the_choice_over_labels():
    from coachgym.training.distill import pooled

    nan = np.nan
    rows = [[0.50, 0.52, nan], [0.40, 0.43, nan], [0.60, 0.61, nan], [0.50, 0.52, nan], [0.30, 0.32, nan],
            [0.50, nan, 0.40]]
    lab = labels_of(rows, [[0.0, 0.01, nan]] * 5 + [[0.0, nan, 0.01]], [0] * 6)
    lab["kind"] = np.array(["menu"] * 6)
    out = pooled(lab, least=5)
    assert len(out) == 1  # the third option was raced once: fewer than five labels
    (p,) = out
    assert p["kind"] == "menu" and p["labels"] == 5 and p["choice"] == "0" and p["alternative"] == "1"
    assert p["advantage"] == pytest.approx(0.02, abs=1e-6)
    assert p["ci95"][0] > 0.01 and p["ci95"][1] < 0.03


def test_teacher_labels_target_the_teachers_action_and_leave_search_labels_as_they_were():
    nan = np.nan
    lab = labels_of([[0.50, 0.56, nan], [nan, nan, nan], [nan, nan, nan]],
                    [[0.00, 0.02, nan], [nan, nan, nan], [nan, nan, nan]], [0, 0, 2])
    lab["teacher"] = np.array([-1, 1, 2])  # a search label, then two of a teacher
    target, switched = targets(lab, switch=1.0)
    assert target.tolist() == [1, 1, 2] and switched.tolist() == [True, True, False]


def test_a_teacher_plays_its_own_game_and_each_label_is_its_action_as_the_learners_option():
    from coachgym.core.match import play_game
    from coachgym.training.coach import TrainedCoach, shipped_model_path

    rs = rulesets.get("fourthstreet")
    model = shipped_model_path("fourthstreet")
    teacher = "by-the-book"  # the trained coach departs from it (it presses)
    settings = DistillSettings(games=1, sample=1.0, teacher=teacher, seed=2)
    team = rs.team_names()[0]
    out = label("fourthstreet", model, settings, seed=7, teams=[team], games_per_task=1)
    n = len(out["choice"])
    assert n > 50 and int(out["outside"]) == 0
    rows = np.arange(n)
    assert (out["teacher"] >= 0).all() and out["masks"][rows, out["teacher"]].all()
    assert np.isnan(out["values"]).all() and (out["rounds"] == 0).all()
    target, switched = targets(out, 2.0)
    assert np.array_equal(target, out["teacher"]) and np.array_equal(switched, out["teacher"] != out["choice"])
    # the same game played by the teacher alone: its actions at the learner's decisions are the labels,
    # and the learner's choice is its deterministic policy's top option at the labelled observation
    seed = 7 * 1_000_003
    rng = np.random.default_rng(seed)
    rng.integers(1)
    side = int(rng.integers(2))
    learner, coach = TrainedCoach(model), rs.coach(teacher, seed=seed)
    seen: list[int] = []

    class Watch:
        name = "watch"

        def reset(self, game, s, seed=None):
            coach.reset(game, s, seed)
            learner.reset(game, s, seed)

        def choose(self, game, d):
            _, opts = learner.options_at(game, d)
            a = coach.choose(game, d)
            if opts is not None:
                seen.append(a)
            return a

    game = rs.new_game(team, team, seed=seed, record_events=False)
    book = rs.coach("by-the-book", seed=seed + 1)
    play_game(game, *((Watch(), book) if side == 0 else (book, Watch())))
    assert seen == out["teacher"].tolist()
    scores = np.stack([learner.policy.scores(o) for o in out["obs"]])
    assert (np.where(out["masks"], scores, -np.inf).argmax(axis=1) == out["choice"]).all()
    assert (out["teacher"] != out["choice"]).any()


def test_a_bad_teacher_is_refused_before_any_game():
    with pytest.raises(ConfigError, match="nonsense"):
        DistillSettings(teacher="nonsense").check("fourthstreet")
