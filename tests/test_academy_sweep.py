"""The academy's learning sweep and its report: a tiny run writes its curve (the 0-step control and the
points), resumes without redoing a point, refuses another configuration in the same folder, keeps
its training seeds apart from the evaluation seeds; the IQM and its stratified bootstrap agree with
a direct computation."""

from __future__ import annotations

import json

import numpy as np
import pytest

from coachgym.core.errors import ConfigError
from coachgym.envs import academy as A

pytest.importorskip("sb3_contrib")

from coachgym.training import academy_report as R  # noqa: E402
from coachgym.training import academy_sweep as S  # noqa: E402


def test_iqm_is_the_mean_of_the_middle_half():
    x = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 100.0]
    assert R.iqm(x) == pytest.approx(np.mean([2.0, 3.0, 4.0, 5.0]))
    point, lo, hi = R.stratified_iqm_interval([[0.5, 0.5, 0.5], [1.0, 1.0]], resamples=200)
    assert (point, lo, hi) == pytest.approx((R.iqm([0.5, 0.5, 0.5, 1.0, 1.0]),) * 3)  # no spread within tasks
    point, lo, hi = R.stratified_iqm_interval([[0.0, 1.0, 2.0, 3.0], [1.0, 2.0, 5.0]], resamples=2000)
    assert lo <= point <= hi and lo < hi


def test_the_bootstrap_takes_the_same_draws_as_one_iqm_per_resample():
    # the interval's IQMs are taken at once; the draws (task by task, resample by resample) and each
    # resample's IQM must be those of the direct loop over scipy's trim_mean, for any task sizes
    from scipy import stats

    samples = [[0.1, 0.9, 0.4, 1.3, 0.2], [1.0, 2.0, 5.0], [0.7, 0.75, 0.2, 0.3, 0.6, 0.99, 1.4]]
    rng = np.random.default_rng(7)
    arrays = [np.asarray(s) for s in samples]
    direct = [stats.trim_mean(np.concatenate([a[rng.integers(len(a), size=len(a))] for a in arrays]), 0.25)
              for _ in range(300)]
    lo, hi = np.percentile(direct, [2.5, 97.5])
    point, lo2, hi2 = R.stratified_iqm_interval(samples, resamples=300, seed=7)
    assert point == pytest.approx(stats.trim_mean(np.concatenate(arrays), 0.25))
    assert (lo2, hi2) == pytest.approx((lo, hi), abs=1e-12) and lo < hi

def test_training_seeds_are_apart_from_the_evaluation_seeds():
    assert S.training_seed(4) + S.N_ENVS < A.EVAL_SEED_BASE
    with pytest.raises(ConfigError):
        S.training_seed(10**7)


def test_a_tiny_run_writes_its_curve_and_resumes(tmp_path):
    sid = "statispro-down3-ball-last-minute"
    state = S.run(sid, 0, 256, 2, 4, tmp_path, log=lambda s: None)
    curve = state["curve"]
    assert [p["steps"] for p in curve] == [0, 128, 256]  # the 0-step control, then the points
    assert curve[-1]["env_steps"] >= 256 and all(0.0 <= p["mean"] <= 1.0 for p in curve)
    folder = tmp_path / sid / "seed0"
    assert (folder / "model.zip").is_file() and (folder / "model.json").is_file()
    again = S.run(sid, 0, 256, 2, 4, tmp_path, log=lambda s: None)
    assert again["curve"] == curve  # nothing redone
    with pytest.raises(ConfigError, match="another configuration"):
        S.run(sid, 0, 512, 2, 4, tmp_path, log=lambda s: None)
    rep = R.report(tmp_path, resamples=100)
    row = rep["scenarios"][sid]
    assert [p["steps"] for p in row["points"]] == [0, 128, 256]
    saved = json.loads((folder / "curve.json").read_text())
    assert saved["config"]["training_env_seed"] == 0 and saved["config"]["opponent"] == "by-the-book"


def test_a_run_extends_from_a_smaller_budget(tmp_path):
    """``--extend-from``: a finished run of a smaller budget is carried on (its points kept, its step
    count going on) to the larger budget in another folder; a run of another configuration, or not
    finished, is refused; the report takes an extended run only once its curve reaches the budget."""
    sid = "statispro-down3-ball-last-minute"
    hp = {"n_steps": 64, "batch_size": 64, "n_epochs": 1}
    small, big = tmp_path / "small", tmp_path / "big"
    first = S.run(sid, 0, 256, 2, 2, small, log=lambda s: None, hp=hp)
    assert [p["env_steps"] for p in first["curve"]] == [0, 128, 256]
    state = S.run(sid, 0, 512, 4, 2, big, log=lambda s: None, hp=hp, extend_from=small)
    assert [p["steps"] for p in state["curve"]] == [0, 128, 256, 384, 512]
    assert state["curve"][:3] == first["curve"]  # the smaller budget's points stand
    assert [p["env_steps"] for p in state["curve"][3:]] == [384, 512]  # the step count carried on
    assert state["train_cpu_seconds"] >= first["train_cpu_seconds"]
    assert state["config"]["extended_from"] == {"out": str(small), "steps": 256, "points": 2}
    assert state["config"]["steps"] == 512
    again = S.run(sid, 0, 512, 4, 2, big, log=lambda s: None, hp=hp, extend_from=small)
    assert again["curve"] == state["curve"]  # resumes like any run
    assert [p["steps"] for p in R.report(big, resamples=50)["scenarios"][sid]["points"]] == [0, 128, 256, 384, 512]
    longer = S.run(sid, 0, 640, 5, 2, tmp_path / "longer", log=lambda s: None, hp=hp, extend_from=big)  # in turn
    assert [p["env_steps"] for p in longer["curve"]] == [0, 128, 256, 384, 512, 640]
    with pytest.raises(ConfigError, match="another configuration"):
        S.run(sid, 0, 512, 4, 2, tmp_path / "other", log=lambda s: None, hp={**hp, "n_epochs": 2},
              extend_from=small)
    with pytest.raises(ConfigError, match="no finished run"):
        S.run(sid, 1, 512, 4, 2, tmp_path / "other", log=lambda s: None, hp=hp, extend_from=small)
    with pytest.raises(ConfigError, match="not below"):
        S.run(sid, 0, 256, 2, 2, tmp_path / "other", log=lambda s: None, hp=hp, extend_from=small)
    ho = R.held_out(big, sid, 6, first=300, resamples=50)  # the final checkpoint on held-out episodes
    assert ho["evaluation_seeds"] == f"{A.EVAL_SEED_BASE + 300}..{A.EVAL_SEED_BASE + 305}"
    (row,) = ho["runs"]
    assert row["env_steps"] == 512 and 0.0 <= row["mean"] <= 1.0
    from coachgym.training.academy_diagnose import paired_scores

    assert row["mean"] == pytest.approx(np.mean(paired_scores(sid, row["model"], 6, seed_base=A.EVAL_SEED_BASE + 300)))
    refs = ho["references"]
    if refs["by-the-book"]["mean"] != refs["random"]["mean"]:
        assert row["normalized_paired"] == pytest.approx(
            (row["mean"] - refs["random"]["mean"]) / (refs["by-the-book"]["mean"] - refs["random"]["mean"]))
    with pytest.raises(ConfigError, match="start at 300"):
        R.held_out(big, sid, 6, first=100)
    cut = json.loads((big / sid / "seed0" / "curve.json").read_text())
    cut["curve"] = cut["curve"][:4]  # a run cut before its budget is left out of the report
    (big / sid / "seed0" / "curve.json").write_text(json.dumps(cut))
    assert sid not in R.report(big, resamples=50)["scenarios"]


def test_a_run_cut_short_is_reported_only_with_partial(tmp_path):
    """``--partial``: a run stopped before its budget (here after its 256-step point) is left out of the
    report and the held-out check unless asked for; with it, the table goes to the points every seed
    reached and names that as the budget reached beside the configured one, and the held-out check
    takes the cut run's last checkpoint at its own step count."""
    sid = "statispro-down3-ball-last-minute"
    hp = {"n_steps": 64, "batch_size": 64, "n_epochs": 1}

    class Cut(Exception):
        pass

    def stop_at_256(line):
        if " 256 steps" in line:
            raise Cut

    with pytest.raises(Cut):
        S.run(sid, 0, 512, 4, 2, tmp_path, log=stop_at_256, hp=hp)
    S.run(sid, 1, 512, 4, 2, tmp_path, log=lambda s: None, hp=hp)
    assert R.report(tmp_path, resamples=50)["scenarios"][sid]["seeds"] == [1]
    t = R.report(tmp_path, resamples=50, partial=True)["scenarios"][sid]
    assert t["seeds"] == [0, 1] and [p["steps"] for p in t["points"]] == [0, 128, 256]
    assert (t["budget"], t["configured_budget"], t["cut_short"]) == (256, 512, [0])
    assert all(p["seeds"] == 2 for p in t["points"])
    ho = R.held_out(tmp_path, sid, 4, first=300, resamples=50, partial=True)
    assert [(r["seed"], r["env_steps"]) for r in ho["runs"]] == [(0, 256), (1, 512)]
    assert (ho["configured_budget"], ho["cut_short"]) == (512, [0])
    assert [r["seed"] for r in R.held_out(tmp_path, sid, 4, first=300, resamples=50)["runs"]] == [1]


def test_a_curriculum_starts_from_another_scenarios_final_policy_and_counts_its_steps(tmp_path):
    """docs/academy.md "The full game at 1M steps" (``--init from:RUN``): the run's policy, at its first
    point after the 0-step control, is the source run's final policy (same ruleset, same outputs), and
    the source's env steps are counted in the budget (the point's env steps); a source of another
    ruleset, other policy outputs, or unfinished is refused in one line."""
    import torch
    from sb3_contrib import MaskablePPO

    hp = {"n_steps": 64, "batch_size": 64, "n_epochs": 1}
    macro = dict(macros=["book_substitution"], drop_kinds=["substitute"])
    src = S.run("valueadd-last9-down6", 0, 128, 1, 2, tmp_path / "src", log=lambda s: None, hp=hp, **macro)
    source = tmp_path / "src" / "valueadd-last9-down6" / "seed0"
    # a budget the source's steps already fill: the first point is the source's policy as it was, untrained
    state = S.run("valueadd-full-game", 0, 128, 1, 2, tmp_path / "cur", log=lambda s: None, hp=hp,
                  init=f"from:{source}", **macro)
    assert state["prior_steps"] == src["curve"][-1]["env_steps"] == 128
    assert [p["env_steps"] for p in state["curve"]] == [0, 128]
    assert state["config"]["init"]["from"]["scenario"] == "valueadd-last9-down6"
    assert state["config"]["init"]["counted_in_budget"] is True
    got = MaskablePPO.load(tmp_path / "cur" / "valueadd-full-game" / "seed0" / "model.zip", device="cpu").policy.state_dict()
    want = MaskablePPO.load(source / "model.zip", device="cpu").policy.state_dict()
    assert all(torch.equal(got[k], want[k]) for k in want)
    longer = S.run("valueadd-full-game", 0, 256, 2, 2, tmp_path / "cur2", log=lambda s: None, hp=hp,
                   init=f"from:{source}", **macro)
    assert [p["env_steps"] for p in longer["curve"]] == [0, 128, 256]  # 128 of the source's, then 128 its own
    with pytest.raises(ConfigError, match="another ruleset"):
        S.run("statispro-q1", 0, 256, 2, 2, tmp_path / "x", log=lambda s: None, hp=hp, init=f"from:{source}",
              macros=["book_substitution"], drop_kinds=["substitute"])
    with pytest.raises(ConfigError, match="policy's outputs"):
        S.run("valueadd-full-game", 0, 256, 2, 2, tmp_path / "x", log=lambda s: None, hp=hp, init=f"from:{source}")
    with pytest.raises(ConfigError, match="no academy run there"):
        S.run("valueadd-full-game", 0, 256, 2, 2, tmp_path / "x", log=lambda s: None, init=f"from:{tmp_path}/none")
    with pytest.raises(ConfigError, match="not with --algo dqn"):
        S.run("valueadd-full-game", 0, 256, 2, 2, tmp_path / "x", log=lambda s: None, init=f"from:{source}", algo="dqn")


def test_margin_shaping_adds_the_margins_change_over_the_scale_to_the_training_reward(tmp_path):
    """docs/academy.md "The full game at 1M steps" (``--margin-shaping W``): each step's training reward is
    the env's plus W x the studied side's margin change over the step / margin_scale; the env is untouched."""
    sid = "valueadd-full-game"
    plain, shaped = A.make(sid), S.margin_shaping_wrapper(A.make(sid), 0.5)
    plain.reset(seed=11)
    shaped.reset(seed=11)
    episode = shaped.unwrapped.episode
    moved = 0
    for _ in range(400):
        legal = np.flatnonzero(plain.action_masks())
        assert list(np.flatnonzero(shaped.action_masks())) == list(legal)
        before = episode.margin()
        _, r1, t1, tr1, _ = plain.step(int(legal[0]))
        _, r2, t2, tr2, _ = shaped.step(int(legal[0]))
        change = episode.margin() - before
        moved += change != 0
        assert (t1, tr1) == (t2, tr2)
        assert r2 == pytest.approx(r1 + 0.5 * change / episode.margin_scale)
        if t1 or tr1:
            break
    assert moved > 0  # the score moved within the steps checked
    # with the stall cost and a macro above it, as the sweep stacks them: a run makes its curve
    state = S.run(sid, 0, 128, 1, 2, tmp_path, log=lambda s: None, hp={"n_steps": 64, "batch_size": 64, "n_epochs": 1},
                  stall_cost=0.02, macros=["book_substitution"], stall_exempt_macros=True, drop_kinds=["substitute"],
                  margin_shaping=1.0)
    assert state["config"]["margin_shaping"] == 1.0 and [p["env_steps"] for p in state["curve"]] == [0, 128]
    with pytest.raises(ConfigError, match="margin-shaping"):
        S.run(sid, 0, 128, 1, 2, "unused", log=lambda s: None, margin_shaping=-1.0)


def test_self_play_draws_the_runs_earlier_checkpoints_as_opponents(tmp_path):
    """docs/academy.md "Self-play against earlier versions" (``--self-play P``): each curve point's
    checkpoint joins the run's pool (``selfplay/stepsN.zip``); a training episode's opponent is one of
    them with probability P, the book otherwise and before the first point; evaluation is the book's."""
    # the opponent factory alone: no pool, the book; a pool and P = 1, a snapshot, loaded once per env
    pool: list = []
    opp = S.SelfPlayOpponents(pool, 1.0)
    rng = np.random.default_rng(0)
    assert opp(rng) == "by-the-book" and opp.drawn == {"by-the-book": 1}
    sid = "fourthstreet-up3-final2"
    hp = {"n_steps": 64, "batch_size": 64, "n_epochs": 1}
    state = S.run(sid, 0, 256, 2, 2, tmp_path, log=lambda s: None, hp=hp, stall_cost=0.02,
                  macros=["book_substitution"], stall_exempt_macros=True, drop_kinds=["sub"], self_play=1.0)
    folder = tmp_path / sid / "seed0"
    snaps = sorted(p.name for p in (folder / "selfplay").glob("*.zip"))
    assert snaps == ["steps128.zip", "steps256.zip"]
    assert state["config"]["self_play"]["share"] == 1.0 and "earlier checkpoints" in state["config"]["opponent"]
    drawn = state["self_play_opponents"]
    assert drawn.get("by-the-book", 0) >= 1  # the first piece, before any snapshot
    assert drawn.get("steps128.zip", 0) >= 1  # the second piece: every episode against the first snapshot
    assert "steps256.zip" not in drawn  # (the last point's snapshot is made after the last training step)
    pool.append(folder / "selfplay" / "steps128.zip")
    coach = opp(rng)
    assert coach is opp(rng) and hasattr(coach, "choose")  # one coach object per snapshot per env
    env = A.make(sid, opponent=S.SelfPlayOpponents(list(pool), 1.0))
    env.reset(seed=3)
    assert env.opponent is not None and env.opponent.__class__.__name__ == "TrainedCoach"
    # resumed with the same configuration: nothing to do, the pool read back from the folder
    again = S.run(sid, 0, 256, 2, 2, tmp_path, log=lambda s: None, hp=hp, stall_cost=0.02,
                  macros=["book_substitution"], stall_exempt_macros=True, drop_kinds=["sub"], self_play=1.0)
    assert again["curve"] == state["curve"]
    with pytest.raises(ConfigError, match="self-play"):
        S.run(sid, 0, 128, 1, 2, tmp_path / "x", log=lambda s: None, self_play=1.5)
    with pytest.raises(ConfigError, match="self-play"):
        S.run(sid, 0, 128, 1, 2, tmp_path / "y", log=lambda s: None, self_play=0.5, algo="dqn")
