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
