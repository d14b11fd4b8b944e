"""The academy's learning diagnostics and the sweep's options that came of them: the book's recorded
demonstrations replay the book exactly (same scores as the protocol's), stop at whole episodes after
the budget and stay on training seeds; a BC-initialised run counts its demonstrations in the budget;
hyperparameter and init options are checked; paired references are the coaches' scores on the runs'
own evaluation episodes."""

from __future__ import annotations

import json

import numpy as np
import pytest

from coachgym.core.errors import ConfigError
from coachgym.envs import academy as A
from coachgym.rules.valueadd.engine import ValueAddEngine

pytest.importorskip("sb3_contrib")

from coachgym.training import academy_diagnose as D  # noqa: E402
from coachgym.training import academy_report as R  # noqa: E402
from coachgym.training import academy_sweep as S  # noqa: E402

SID = "valueadd-last9-down6"  # short episodes


def test_recorded_book_plays_the_protocols_episodes():
    rec = D.record(SID, "by-the-book", 6, A.EVAL_SEED_BASE)
    assert list(rec["scores"]) == D.paired_scores(SID, "by-the-book", 6)
    n = len(rec["actions"])
    assert n > 0 and rec["obs"].shape[0] == n and rec["masks"].shape == (n, 117)
    assert rec["masks"][np.arange(n), rec["actions"]].all()  # every demonstrated action is legal
    assert set(rec["kinds"].tolist()) <= set(ValueAddEngine.decision_kinds)


def test_demonstrations_stop_at_a_whole_episode_past_the_budget_on_training_seeds():
    data = D.demonstrations_until(SID, 30, seed=1)
    n = len(data["actions"])
    assert n >= 30
    # whole episodes: the last decision's return is its own reward; replaying the same episodes gives the same count
    again = D.record(SID, "by-the-book", len(data["scores"]), D.DEMO_SEED_BASE + 100_000)
    assert len(again["actions"]) == n
    shorter = D.record(SID, "by-the-book", len(data["scores"]) - 1, D.DEMO_SEED_BASE + 100_000)
    assert len(shorter["actions"]) < 30  # one episode fewer would not reach the budget
    assert D.DEMO_SEED_BASE + 100_000 * 4 + 100_000 < A.EVAL_SEED_BASE


def test_sweep_options_are_checked():
    assert S.parse_hp("ent_coef=0,learning_rate=1e-4,n_steps=512,net_arch=64x64") == {
        "ent_coef": 0.0, "learning_rate": 1e-4, "n_steps": 512, "policy_kwargs": {"net_arch": [64, 64]}}
    for bad in ("bogus=1", "ent_coef", "ent_coef=x", "net_arch=wide"):
        with pytest.raises(ConfigError, match="--hp"):
            S.parse_hp(bad)
    assert S.parse_init("bc:500") == 500 and S.parse_init(None) == 0
    for bad in ("bc", "bc:0", "dagger:10"):
        with pytest.raises(ConfigError, match="--init"):
            S.parse_init(bad)


def test_a_bc_initialised_run_counts_its_demonstrations_in_the_budget(tmp_path):
    state = S.run(SID, 0, 600, 2, 3, tmp_path, log=lambda s: None, init="bc:200", hp={"n_steps": 64, "batch_size": 64},
                  bc_epochs=2)
    curve = state["curve"]
    assert [p["steps"] for p in curve] == [0, 300, 600]
    assert state["demo_decisions"] >= 200 and state["config"]["algo"] == "bc_maskable_ppo"
    assert curve[0]["env_steps"] == 0  # the control: no demonstration, no training
    assert curve[1]["env_steps"] >= 300 and curve[2]["env_steps"] >= 600
    assert curve[2]["env_steps"] - state["demo_decisions"] < 600  # MaskablePPO only took the rest of the budget
    assert state["config"]["hyperparameters"]["n_steps"] == 64
    again = S.run(SID, 0, 600, 2, 3, tmp_path, log=lambda s: None, init="bc:200", hp={"n_steps": 64, "batch_size": 64},
                  bc_epochs=2)
    assert again["curve"] == curve
    with pytest.raises(ConfigError, match="another configuration"):
        S.run(SID, 0, 600, 2, 3, tmp_path, log=lambda s: None)  # from scratch is another run


def test_paired_references_are_the_coaches_on_the_runs_own_episodes(tmp_path):
    S.run(SID, 0, 128, 1, 5, tmp_path, log=lambda s: None, hp={"n_steps": 64, "batch_size": 64})
    rep = R.report(tmp_path, resamples=50, paired=True)
    row = rep["scenarios"][SID]
    book = D.paired_scores(SID, "by-the-book", 5)
    rnd = D.paired_scores(SID, "random", 5)
    assert row["references"]["by-the-book"] == pytest.approx(np.mean(book))
    assert row["references"]["random"] == pytest.approx(np.mean(rnd))
    saved = json.loads((tmp_path / SID / "paired-references-5.json").read_text())
    assert saved["by-the-book"]["scores"] == book and "own 5 evaluation episodes" in row["references_on"]


def test_the_stall_cost_charges_exactly_the_changes_in_an_open_menu():
    from coachgym.rules.valueadd import actions as VA

    raw = A.make("valueadd-foul-trouble")
    wrapped = S.stall_cost_wrapper(A.make("valueadd-foul-trouble"), 0.25)
    raw.reset(seed=7)
    wrapped.reset(seed=7)
    charged = changes = 0
    for _ in range(400):
        g = raw.game
        d = g.decision
        switches = [a for a in d.legal if a in VA.SWITCH.values()]
        # a looping coach: switch defenders while the menu allows, then play
        a = switches[0] if switches and g.menu_changes < 5 else d.legal[0]
        before = g.menu_changes if d.kind.endswith("menu") else None
        _, r_raw, term, trunc, _ = raw.step(a)
        _, r_w, term_w, trunc_w, _ = wrapped.step(a)
        assert (term, trunc) == (term_w, trunc_w)
        changed = before is not None and not (term or trunc) and raw.game.menu_changes == before + 1
        changes += changed
        charged += wrapped.stalled
        assert wrapped.stalled == changed
        assert r_raw - r_w == pytest.approx(0.25 if changed else 0.0)
        if term or trunc:
            break
    assert changes >= 10 and charged == changes
    assert wrapped.action_masks().shape == (117,)


def test_kinds_counts_what_a_coach_does():
    r = D.action_kinds(SID, "first-legal", 4)
    assert r["episodes"] == 4 and r["decisions_per_episode"] == pytest.approx(sum(r["per_episode"].values()), abs=0.05)
    assert r["score"] == pytest.approx(np.mean(D.paired_scores(SID, "first-legal", 4)))


def test_the_shipped_coach_without_an_action_kind_never_takes_it():
    with pytest.raises(ConfigError, match="not one of its action kinds"):
        D.trained_without("valueadd", "bogus")
    shipped = D.action_kinds("valueadd-full-game", "trained", 2)
    without = D.action_kinds("valueadd-full-game", "trained-without:switch_defenders", 2)
    assert shipped["per_episode"].get("switch_defenders", 0) > 20  # it loops on switches
    assert without["per_episode"].get("switch_defenders", 0) < 5  # now only where the book itself switches
