"""The academy sweep's ``--algo`` rows and the algorithm table (docs/academy.md "Algorithms side by
side"): the default MaskablePPO run is the same run as before the option (configuration, curve,
weights); PPO / DQN / QR-DQN end a training episode at an action outside the policy's options (the
env's illegal-action rule) and are evaluated on the best option as every algorithm; BC + MaskablePPO
clones the book in the policy's own action space (macros) and counts the demonstrations in its
budget; the table refuses a row trained for fewer env steps than the stated budget or of another
decision scope; the published table's rows were trained for at least its budget (the runs' saved
metadata), and its IQM and intervals are rliable's answer."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from coachgym.core.errors import ConfigError, IllegalActionError
from coachgym.envs import academy as A
from tests.rliable_live import live_answer

pytest.importorskip("sb3_contrib")

from coachgym.training import academy_algos as T  # noqa: E402
from coachgym.training import academy_report as R  # noqa: E402
from coachgym.training import academy_sweep as S  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PUBLISHED = ROOT / "docs" / "benchmark" / "academy_algorithms.json"
SID = "fourthstreet-up3-final2"
MACRO = dict(stall_cost=0.02, macros=["book_substitution"], stall_exempt_macros=True, drop_kinds=["sub"])
TINY = {"n_steps": 64, "batch_size": 64, "n_epochs": 1}

# recorded with the sweep as it was before --algo (commit f76c88b): a tiny MaskablePPO run of the academy
# set-up (the book macro, its kinds only by it, stall cost) -- configuration, curve and the trained weights
BEFORE_CONFIG = {
    "algo": "maskable_ppo", "scenario": SID, "steps": 256, "points": 2, "episodes": 4, "n_envs": 2,
    "hyperparameters": {"learning_rate": 0.0003, "n_steps": 64, "batch_size": 64, "n_epochs": 1, "gamma": 1.0,
                        "gae_lambda": 0.95, "ent_coef": 0.01, "clip_range": 0.2, "policy_kwargs": {"net_arch": [128, 128]}},
    "seed": 1, "training_env_seed": 1000,
    "decision_scope": "every decision of the studied side; the policy's actions: the table but sub (offered only where "
                      "nothing else is legal), and the macros",
    "opponent": "by-the-book", "stall_cost": 0.02, "macros": ["book_substitution"], "stall_cost_exempts_macros": True,
    "action_kinds": ["done", "safe", "jumper", "setup", "timeout", "three_point_offense", "kick_it_out", "milk", "defense",
                     "desperation", "helper", "free_throw", "token", "hold", "kick_stop"]}
BEFORE_CURVE = [{"steps": 0, "env_steps": 0, "mean": 1.0, "low": 1.0, "high": 1.0},
                {"steps": 128, "env_steps": 128, "mean": 0.75, "low": 0.2600090038649865, "high": 1.2399909961350135},
                {"steps": 256, "env_steps": 256, "mean": 0.75, "low": 0.2600090038649865, "high": 1.2399909961350135}]
# The trained weights, per tensor: (sum, sum of squares, sum of absolute values, size). Their exact bytes
# depend on the CPU's floating-point kernels as well as the torch build: the sha256 of the bytes recorded
# before (48181113..., torch 2.13.0+cpu) held on the machines of earlier stops and not on an AMD EPYC,
# where the same run's configuration and curve are still those above. So the weights are compared
# within float noise (rtol 1e-4, atol 1e-6: a changed update, a changed seed or one more gradient step
# moves these sums by far more). Recorded with torch 2.13.0+cpu on an AMD EPYC (2026-11-30).
BEFORE_WEIGHTS = {
    "action_net.bias": [-0.0017014, 2.1992e-05, 0.034457786, 251],
    "action_net.weight": [-0.019091449, 0.015535329, 17.747105402, 32128],
    "mlp_extractor.policy_net.0.bias": [-0.000955031, 1.4958e-05, 0.037685394, 128],
    "mlp_extractor.policy_net.0.weight": [-18.240583839, 256.003865701, 4758.746612576, 138752],
    "mlp_extractor.policy_net.2.bias": [-0.002563721, 1.3216e-05, 0.035081906, 128],
    "mlp_extractor.policy_net.2.weight": [10.559848765, 255.996198221, 1641.621100991, 16384],
    "mlp_extractor.value_net.0.bias": [0.003270761, 1.5454e-05, 0.030499883, 128],
    "mlp_extractor.value_net.0.weight": [-27.107581975, 256.040954338, 4761.331526633, 138752],
    "mlp_extractor.value_net.2.bias": [-0.000774555, 4.367e-06, 0.019757293, 128],
    "mlp_extractor.value_net.2.weight": [15.604598926, 255.993557985, 1638.332445916, 16384],
    "value_net.bias": [0.000133847, 1.8e-08, 0.000133847, 1],
    "value_net.weight": [0.258438651, 0.998540441, 9.384250063, 128]}


def _weights_fingerprint(path: Path, cls) -> dict[str, list[float]]:
    model = cls.load(path, device="cpu")
    out = {}
    for name, t in sorted(model.policy.state_dict().items()):
        a = t.numpy().astype(np.float64).ravel()
        out[name] = [float(a.sum()), float((a * a).sum()), float(np.abs(a).sum()), a.size]
    return out


def test_the_default_maskable_ppo_run_is_the_run_of_before_the_option(tmp_path):
    from sb3_contrib import MaskablePPO

    state = S.run(SID, 1, 256, 2, 4, tmp_path, log=lambda s: None, hp=TINY, **MACRO)
    assert state["config"] == BEFORE_CONFIG  # so every earlier run resumes and extends unchanged
    assert json.loads((tmp_path / SID / "seed1" / "curve.json").read_text())["config"] == BEFORE_CONFIG
    assert [{k: p[k] for k in ("steps", "env_steps", "mean", "low", "high")} for p in state["curve"]] == BEFORE_CURVE
    meta = json.loads((tmp_path / SID / "seed1" / "model.json").read_text())
    assert meta["config"]["algo"] == "maskable_ppo" and meta["note"].endswith("MaskablePPO from scratch, macros book_substitution")
    got = _weights_fingerprint(tmp_path / SID / "seed1" / "model.zip", MaskablePPO)
    assert sorted(got) == sorted(BEFORE_WEIGHTS)
    for name, want in BEFORE_WEIGHTS.items():
        assert got[name][3] == want[3], name
        assert np.allclose(got[name][:3], want[:3], rtol=1e-4, atol=1e-6), (name, got[name], want)


def test_an_action_outside_the_options_ends_an_unmasked_training_episode_by_the_envs_rule():
    env = S.macro_wrapper(A.make(SID), SID, ["book_substitution"], action_kinds=S.kinds_without(SID, ["sub"]), unmasked=True)
    env.reset(seed=3)
    core = env.unwrapped
    options = env.scope.options(core.game.decision, None, core.game)
    assert list(np.flatnonzero(env.action_masks())) == sorted(options)
    outside = next(a for a in range(env.action_space.n) if a not in options)
    obs, reward, term, trunc, info = env.step(outside)
    assert (reward, term, trunc) == (-1.0, True, False) and info["illegal_action"]["action"] == outside
    assert sorted(info["illegal_action"]["legal"]) == sorted(options) and core._done
    assert env.action_masks().all()  # the ended episode's mask, as the env's own
    env.reset(seed=3)
    obs, reward, term, trunc, info = env.step(int(options[0]))  # an option is played as with masks
    assert "illegal_action" not in info
    masked = S.macro_wrapper(A.make(SID), SID, ["book_substitution"], action_kinds=S.kinds_without(SID, ["sub"]))
    masked.reset(seed=3)
    macro = masked.scope.n_table
    if macro not in options:  # with masks a macro that does not apply is an error, not a step
        with pytest.raises(IllegalActionError):
            masked.step(macro)


def test_qrdqns_numpy_scores_are_the_mean_of_its_quantiles():
    import torch
    from sb3_contrib import QRDQN

    vec = S._make_vec(SID, 0, 0.02, ["book_substitution"], True, S.kinds_without(SID, ["sub"]), unmasked=True)
    model = QRDQN("MlpPolicy", vec, seed=0, device="cpu", learning_starts=10**6, buffer_size=100,
                  policy_kwargs={"net_arch": [32, 16], "n_quantiles": 7})
    pol = S.numpy_policy(model)
    obs = np.stack([vec.envs[0].reset(seed=s)[0] for s in range(3)]).astype(np.float32)
    with torch.no_grad():
        want = model.policy.quantile_net(torch.as_tensor(obs)).mean(dim=1).numpy()
    assert pol.scores(obs) == pytest.approx(want, abs=1e-5)
    assert want.shape == (3, vec.action_space.n)


def test_the_options_of_algo_are_refused_clearly(tmp_path):
    with pytest.raises(ConfigError, match="bc_maskable_ppo needs --init"):
        S.run(SID, 0, 128, 1, 2, tmp_path, algo="bc_maskable_ppo")
    with pytest.raises(ConfigError, match="not with --algo ppo"):
        S.run(SID, 0, 128, 1, 2, tmp_path, algo="ppo", init="bc:10")
    with pytest.raises(ConfigError, match="--algo"):
        S.run(SID, 0, 128, 1, 2, tmp_path, algo="a2c")
    assert S.parse_hp("buffer_size=5000,exploration_fraction=0.1", "dqn") == {"buffer_size": 5000, "exploration_fraction": 0.1}
    with pytest.raises(ConfigError, match="--hp"):
        S.parse_hp("n_epochs=2", "qrdqn")
    assert S.main(["--scenarios", SID, "--algo", "bc_maskable_ppo", "--out", str(tmp_path)]) == 2


@pytest.mark.parametrize("algo", ["ppo", "dqn", "qrdqn"])
def test_an_unmasked_algorithm_makes_its_curve_and_resumes(tmp_path, algo):
    hp = TINY if algo == "ppo" else {"learning_starts": 64, "buffer_size": 1000, "batch_size": 16}
    if algo == "qrdqn":
        hp = {**hp, "policy_kwargs": {"net_arch": [32, 32], "n_quantiles": 5}}
    stop = {"n": 0}

    def cut(line):  # interrupt the run after its first point past the control
        stop["n"] += 1
        if stop["n"] == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        S.run(SID, 0, 256, 2, 2, tmp_path, log=cut, hp=hp, algo=algo, **MACRO)
    folder = tmp_path / SID / "seed0"
    if algo != "ppo":  # the replay buffer kept beside the checkpoint while the run is cut
        assert (folder / "replay_buffer.pkl").is_file()
    state = S.run(SID, 0, 256, 2, 2, tmp_path, log=lambda s: None, hp=hp, algo=algo, **MACRO)
    assert [p["env_steps"] for p in state["curve"]] == [0, 128, 256]
    assert state["config"]["algo"] == algo and "ends the episode" in state["config"]["illegal_actions"]
    assert state["config"]["decision_scope"] == BEFORE_CONFIG["decision_scope"]  # the same scope as MaskablePPO's
    assert not (folder / "replay_buffer.pkl").exists()  # whole: nothing left to resume
    meta = json.loads((folder / "model.json").read_text())
    assert meta["config"]["algo"] == algo and meta["steps"] == 256
    assert R.report(tmp_path, resamples=50)["scenarios"][SID]["config"]["algo"] == algo
    if algo != "qrdqn":  # the protocol's coach (``coachgym academy evaluate``) plays the checkpoint as the sweep scored it
        from coachgym.training.academy_diagnose import paired_scores

        assert np.mean(paired_scores(SID, str(folder / "model.zip"), 2)) == state["curve"][-1]["mean"]
    out = T.outside_share(tmp_path, SID, 0, 1)  # what the final policy learned of the scope
    assert 0 <= out["outside"] <= out["decisions"] and out["decisions"] > 0
    assert (out["option_probability"] is not None) == (algo == "ppo")


def test_bc_then_maskable_ppo_clones_in_the_policys_actions_and_counts_its_demonstrations(tmp_path):
    state = S.run(SID, 0, 512, 2, 2, tmp_path, log=lambda s: None, hp=TINY, algo="bc_maskable_ppo", init="bc:200", **MACRO)
    cfg = state["config"]
    assert cfg["algo"] == "bc_maskable_ppo" and cfg["init"]["counted_in_budget"] and cfg["init"]["labels"] == S.SCOPED_LABELS
    labels = state["demo_labels"]
    assert sum(labels.values()) == state["demo_decisions"] >= 200 and labels["macro"] > 0  # the book's rotation by the macro
    # the curve counts the demonstrations: every point past the control is at least the demonstrations' steps on
    assert state["curve"][0]["env_steps"] == 0
    assert all(p["env_steps"] >= p["steps"] for p in state["curve"])
    assert state["curve"][1]["env_steps"] >= state["demo_decisions"] and state["curve"][-1]["env_steps"] >= 512
    meta = json.loads((tmp_path / SID / "seed0" / "model.json").read_text())
    assert meta["steps"] == state["curve"][-1]["env_steps"]
    data = S.scoped_demonstrations(SID, 50, 0, ["book_substitution"], S.kinds_without(SID, ["sub"]))
    assert data["masks"][np.arange(len(data["actions"])), data["actions"]].all()  # every label one of the options
    assert data["decisions"] == sum(data["labels"].values()) and len(data["actions"]) == data["decisions"] - data["labels"]["left_out"]


# ------------------------------------------------------------------------------------ the algorithm table
def _fake_run(root: Path, algo: str, seed: int, means: list, steps: int = 2048, trained: "int | None" = None, **cfg):
    folder = root / SID / f"seed{seed}"
    folder.mkdir(parents=True)
    config = {"algo": algo, "scenario": SID, "steps": steps, "points": len(means) - 1, "episodes": 100, "n_envs": 2,
              "hyperparameters": {}, "seed": seed, "training_env_seed": 1000 * seed,
              "decision_scope": BEFORE_CONFIG["decision_scope"], "opponent": "by-the-book", "stall_cost": 0.02,
              "macros": ["book_substitution"], "stall_cost_exempts_macros": True, **cfg}
    marks = [round(steps * k / (len(means) - 1)) for k in range(len(means))]
    curve = [{"steps": m, "env_steps": m, "mean": x, "low": x, "high": x, "train_cpu_seconds": 1.0} for m, x in zip(marks, means)]
    (folder / "curve.json").write_text(json.dumps({"config": config, "curve": curve, "train_cpu_seconds": 3.0,
                                                   "eval_cpu_seconds": 1.0}))
    (folder / "model.json").write_text(json.dumps({"steps": steps if trained is None else trained}))


def test_the_table_refuses_a_row_under_its_budget_or_of_another_decision_scope(tmp_path):
    refs = {"random": {"mean": 0.5}, "by-the-book": {"mean": 0.9}}
    for k, final in enumerate([0.7, 0.8, 0.9]):
        _fake_run(tmp_path / "ppo", "ppo", k, [0.5, 0.6, final])
    r = T.row(tmp_path / "ppo", SID, "ppo", 2048, refs)
    assert r["normalized"] == pytest.approx([0.5, 0.75, 1.0]) and r["iqm"] == pytest.approx(R.iqm([0.5, 0.75, 1.0]))
    assert r["best"]["env_steps"] == 2048 and r["control_iqm"] == pytest.approx(0.0)
    with pytest.raises(ConfigError, match="fewer than the stated budget 4096"):
        T.row(tmp_path / "ppo", SID, "ppo", 4096, refs)
    with pytest.raises(ConfigError, match="a run of ppo, not dqn"):
        T.row(tmp_path / "ppo", SID, "dqn", 2048, refs)
    _fake_run(tmp_path / "short", "dqn", 0, [0.5, 0.6, 0.7], trained=2000)  # its saved metadata: fewer steps
    with pytest.raises(ConfigError, match="trained for 2000 env steps"):
        T.row(tmp_path / "short", SID, "dqn", 2048, refs)
    _fake_run(tmp_path / "other", "dqn", 0, [0.5, 0.6, 0.7], macros=None)  # no macro: another decision scope
    with pytest.raises(ConfigError, match="another decision scope"):
        T.table([("ppo", tmp_path / "ppo"), ("dqn", tmp_path / "other")], [SID], 2048, resamples=100)


# rliable 1.2.0's answers (rly.get_interval_estimates with metrics.aggregate_iqm, reps=20_000, np.random.seed(0)),
# recorded in a virtual environment where it imports (pandas 2.3.3; rliable does not import under pandas 3):
#   python -m venv --system-site-packages /tmp/rlyenv && /tmp/rlyenv/bin/pip install "pandas<3"
# scores are runs x tasks, as rliable takes them
RLIABLE_CASES = {
    "one_task_5_seeds": (np.array([[0.1], [0.4], [0.5], [0.6], [0.9]]), (0.5, 0.2, 0.8)),
    "three_tasks_3_seeds": (np.array([[0.30, 0.55, 0.48], [0.42, 0.50, 0.52], [0.36, 0.61, 0.45]]), (0.474, 0.448, 0.498)),
}




def _check(samples, want, tol):
    point, lo, hi = R.stratified_iqm_interval(samples, resamples=20_000)
    assert point == pytest.approx(want[0], abs=1e-12)
    assert lo == pytest.approx(want[1], abs=tol) and hi == pytest.approx(want[2], abs=tol)


@pytest.mark.parametrize("case", sorted(RLIABLE_CASES))
def test_the_reports_iqm_and_interval_are_rliables_answer(case):
    scores, want = RLIABLE_CASES[case]
    live = live_answer()
    for w in [want] + ([live(scores)] if live else []):
        _check([scores[:, t] for t in range(scores.shape[1])], w, 0.01)


# ------------------------------------------------------------------------------ the published table
def _published() -> dict:
    return json.loads(PUBLISHED.read_text())


def test_every_published_row_was_trained_for_at_least_the_stated_budget():
    tab = _published()
    budget = tab["budget"]
    assert budget == 20480
    for sid, t in tab["scenarios"].items():
        algos = [r["algo"] for r in t["rows"]]
        assert len(set(algos)) == len(algos) and "maskable_ppo" in algos
        for r in t["rows"]:
            assert len(r["seeds"]) == 5, (sid, r["algo"])  # the 5 seeds, every row
            assert T.scope_of(r["config"]) == t["scope"]  # the same decision scope in every row
            for run in r["runs"]:
                # the run's saved metadata (model.json's steps, copied when the table was made) and its last point
                assert run["metadata_steps"] is not None and run["metadata_steps"] >= budget, (sid, r["algo"], run["seed"])
                assert run["env_steps"] >= budget and run["curve"][-1]["env_steps"] == run["env_steps"]
                if r["algo"] == "bc_maskable_ppo":  # demonstrations counted: the curve starts past them
                    assert run["demo_decisions"] >= r["config"]["init"]["demonstration_decisions"]
                    assert run["curve"][1]["env_steps"] >= run["demo_decisions"]
                folder = ROOT / r["folder"] / sid / f"seed{run['seed']}"
                if (folder / "model.json").is_file():  # where the runs are kept (runs/ is not in git): their metadata now
                    assert json.loads((folder / "model.json").read_text())["steps"] == run["metadata_steps"]


def test_the_published_iqm_and_intervals_are_rliables_answer():
    tab = _published()
    for sid, t in tab["scenarios"].items():
        for r in t["rows"]:
            assert r["iqm"] == R.iqm(r["normalized"])
            assert r["normalized"] == [run["curve"][-1]["normalized"] for run in r["runs"]]
            point, lo, hi = R.stratified_iqm_interval([r["normalized"]], tab["resamples"])
            assert [lo, hi] == r["ci95"]  # the same bootstrap, the same draws
            _check([np.asarray(r["normalized"])], PUBLISHED_RLIABLE[(sid, r["algo"])], 0.01)


# rliable 1.2.0's answer on each published row's 5 normalized scores (one task x 5 runs; recorded as above, with
# /tmp/rlyenv/bin/python on docs/benchmark/academy_algorithms.json)
PUBLISHED_RLIABLE = {
    ("fourthstreet-up3-final2", "maskable_ppo"): (0.9444444444444448, 0.7777777777777781, 1.0),
    ("fourthstreet-up3-final2", "ppo"): (0.7962962962962967, 0.6111111111111113, 1.0000000000000002),
    ("fourthstreet-up3-final2", "dqn"): (1.0370370370370372, 0.6666666666666669, 1.1481481481481484),
    ("fourthstreet-up3-final2", "bc_maskable_ppo"): (1.1666666666666667, 1.0, 1.3518518518518523),
    ("statispro-foul-trouble-half", "maskable_ppo"): (0.8777985074626865, 0.6856343283582089, 1.007462686567164),
    ("statispro-foul-trouble-half", "ppo"): (0.6977611940298507, 0.3945895522388059, 0.8451492537313432),
    ("statispro-foul-trouble-half", "dqn"): (0.49813432835820887, 0.3041044776119402, 0.7490671641791046),
    ("statispro-foul-trouble-half", "bc_maskable_ppo"): (0.8125, 0.7005597014925372, 0.9505597014925374),
    ("fuba-protect-1-0-last15", "maskable_ppo"): (0.6774193548387095, 0.6048387096774192, 0.903225806451613),
    ("fuba-protect-1-0-last15", "ppo"): (-0.10483870967741944, -0.5161290322580646, 0.2741935483870968),
    ("fuba-protect-1-0-last15", "dqn"): (0.9677419354838711, 0.8951612903225806, 1.0403225806451615),
    ("fuba-protect-1-0-last15", "bc_maskable_ppo"): (0.8306451612903226, 0.7016129032258064, 0.9516129032258066),
}
# ... and on each algorithm's 3 scenarios x 5 runs (the stratified bootstrap over the scenarios; np.random.seed(0));
# the fuba-protect-1-0-last15 rows were merged in with `academy_algos --merge` (recorded as above)
PUBLISHED_AGGREGATE_RLIABLE = {
    "maskable_ppo": (0.8426791520295774, 0.7476073095543787, 0.9360901585263647),
    "ppo": (0.5441516283576147, 0.40247240500008913, 0.6560705191931617),
    "dqn": (0.8584355700589051, 0.7396641345245101, 0.9574463034290905),
    "bc_maskable_ppo": (0.9028647087144921, 0.8438887551489862, 0.9822255954397667),
}
SCENARIOS = ["fourthstreet-up3-final2", "statispro-foul-trouble-half", "fuba-protect-1-0-last15"]


def test_the_published_aggregate_over_the_scenarios_is_rliables_answer():
    tab = _published()
    assert list(tab["scenarios"]) == SCENARIOS
    _check_aggregate(tab, PUBLISHED_AGGREGATE_RLIABLE, scenarios=3, runs=15)


def _check_aggregate(tab: dict, answers: dict, scenarios: int, runs: int) -> None:
    """Each algorithm's aggregate of a table: its size, and its IQM and interval against rliable's answer."""
    for algo, want in answers.items():
        agg = tab["aggregate"][algo]
        samples = [np.asarray(next(r for r in t["rows"] if r["algo"] == algo)["normalized"])
                   for t in tab["scenarios"].values()]
        assert agg["scenarios"] == scenarios and agg["runs"] == runs
        assert agg["iqm"] == pytest.approx(want[0], abs=1e-12)
        assert agg["ci95"][0] == pytest.approx(want[1], abs=0.01) and agg["ci95"][1] == pytest.approx(want[2], abs=0.01)
        _check(samples, want, 0.01)


def test_merge_joins_tables_of_other_scenarios_and_recomputes_the_aggregate(tmp_path):
    tab = _published()
    parts = []
    for sid in SCENARIOS:  # the published table cut into one table a scenario, then merged back
        part = {"budget": tab["budget"], "resamples": tab["resamples"], "scenarios": {sid: tab["scenarios"][sid]}}
        T.aggregate(part)
        assert part["aggregate"]["maskable_ppo"]["scenarios"] == 1
        parts.append(part)
    assert T.merge(parts) == tab
    for i, part in enumerate(parts):
        path = tmp_path / f"t{i}.json"
        path.write_text(json.dumps(part))
    out = tmp_path / "merged.json"
    assert T.main(["--merge", *(str(tmp_path / f"t{i}.json") for i in range(3)), "--json", str(out)]) == 0
    assert json.loads(out.read_text()) == tab
    with pytest.raises(ConfigError, match="is in two tables"):
        T.merge([parts[0], parts[0]])
    with pytest.raises(ConfigError, match="its budget is 100000"):
        T.merge([parts[0], {**parts[1], "budget": 100000}])
    assert T.main(["--merge", str(tmp_path / "t0.json"), "--budget", "20480"]) == 2
    assert T.main(["--merge", str(tmp_path / "missing.json")]) == 2


# ------------------------------------------------------------------ the full game at 1M env steps
FULL_GAME = ROOT / "docs" / "benchmark" / "academy_full_game_1m.json"


def test_the_full_game_table_was_trained_for_at_least_1m_env_steps_in_two_rulesets():
    """docs/academy.md "The full game at 1M steps": MaskablePPO and BC + MaskablePPO in two rulesets, 3
    seeds each, every run trained for at least the table's 1,000,000 env steps (demonstrations
    counted) with the same decision scope in both rows of a ruleset."""
    tab = json.loads(FULL_GAME.read_text())
    assert tab["budget"] == 1_000_000
    assert {A.scenario(sid).ruleset for sid in tab["scenarios"]} == {"valueadd", "statispro"}
    _check_budget_table(tab, ["maskable_ppo", "bc_maskable_ppo"], FULL_GAME_RLIABLE, min_seeds=3, min_demos=20_000)


def _check_budget_table(tab: dict, algos: list, answers: dict, *, min_seeds: int, min_demos: int) -> None:
    """A published table at a stated budget: its rows in order, at least ``min_seeds`` seeds (5: exactly
    seeds 0-4), one decision scope a scenario, every run at least the budget (its saved metadata and its
    last point; demonstrations counted, at least ``min_demos`` of them before the first trained point),
    the 0-step control and 10 points, and each row's IQM and interval the report's bootstrap and rliable's
    recorded answer."""
    for sid, t in tab["scenarios"].items():
        assert [r["algo"] for r in t["rows"]] == algos
        for r in t["rows"]:
            assert len(r["seeds"]) >= min_seeds, (sid, r["algo"])
            if min_seeds == 5:
                assert r["seeds"] == [0, 1, 2, 3, 4], (sid, r["algo"])
            assert T.scope_of(r["config"]) == t["scope"]
            for run in r["runs"]:
                assert run["metadata_steps"] >= tab["budget"] and run["env_steps"] >= tab["budget"], (sid, r["algo"], run)
                assert len(run["curve"]) >= 11  # the 0-step control and at least 10 points
                if r["algo"] == "bc_maskable_ppo":
                    assert run["curve"][1]["env_steps"] >= run["demo_decisions"] >= min_demos
            assert r["iqm"] == R.iqm(r["normalized"])
            assert list(r["ci95"]) == list(R.stratified_iqm_interval([r["normalized"]], tab["resamples"])[1:])
            _check([np.asarray(r["normalized"])], answers[(sid, r["algo"])], 0.01)

# rliable 1.2.0's answers on the full-game table's rows (one task x 3 runs) and on each algorithm's two
# scenarios x 3 runs (recorded as above, /tmp/rlyenv with pandas 2.3.3, on docs/benchmark/academy_full_game_1m.json)
FULL_GAME_RLIABLE = {
    ("valueadd-full-game", "maskable_ppo"): (0.962686567164179, 0.8134328358208954, 1.2611940298507462),
    ("valueadd-full-game", "bc_maskable_ppo"): (1.1567164179104479, 1.1268656716417913, 1.2164179104477613),
    ("statispro-full-game", "maskable_ppo"): (0.5703703703703704, 0.5259259259259259, 0.5925925925925927),
    ("statispro-full-game", "bc_maskable_ppo"): (0.7777777777777778, 0.725925925925926, 0.8592592592592595),
}
FULL_GAME_AGGREGATE_RLIABLE = {
    "maskable_ppo": (0.703012714206744, 0.6696793808734106, 0.9268933112216695),
    "bc_maskable_ppo": (0.9652846876727477, 0.9263957987838587, 1.0154505251520178),
}


def test_the_full_game_aggregate_is_rliables_answer():
    _check_aggregate(json.loads(FULL_GAME.read_text()), FULL_GAME_AGGREGATE_RLIABLE, scenarios=2, runs=6)


ALGOS_100K = ROOT / "docs" / "benchmark" / "academy_algorithms_100k.json"


def test_the_100k_table_was_trained_for_at_least_its_budget_with_one_scope_and_five_seeds():
    """docs/academy.md "The algorithm rows at 102,400 steps" (the eighth round): fourthstreet-up3-final2 and
    fuba-protect-1-0-last15, MaskablePPO, PPO, DQN and BC + MaskablePPO, 5 seeds each, every run at least
    102,400 env steps (demonstrations counted), 10 points and the 0-step control, one decision scope a
    scenario; each row's and each algorithm's aggregate IQM and interval are rliable's answer."""
    tab = json.loads(ALGOS_100K.read_text())
    assert tab["budget"] == 102_400
    assert list(tab["scenarios"]) == ["fourthstreet-up3-final2", "fuba-protect-1-0-last15"]
    _check_budget_table(tab, ["maskable_ppo", "ppo", "dqn", "bc_maskable_ppo"], ALGOS_100K_RLIABLE, min_seeds=5,
                        min_demos=2048)

# rliable 1.2.0's answers on the 100k table's rows (one task x 5 runs; recorded as above, /tmp/rlyenv with pandas 2.3.3,
# on docs/benchmark/academy_algorithms_100k.json)
ALGOS_100K_RLIABLE = {
    ("fourthstreet-up3-final2", "maskable_ppo"): (1.1851851851851853, 1.1296296296296298, 1.2222222222222225),
    ("fourthstreet-up3-final2", "ppo"): (0.9444444444444448, 0.7777777777777781, 1.0925925925925928),
    ("fourthstreet-up3-final2", "dqn"): (1.1481481481481481, 1.0555555555555556, 1.2222222222222225),
    ("fourthstreet-up3-final2", "bc_maskable_ppo"): (1.037037037037037, 0.9629629629629634, 1.2407407407407411),
    ("fuba-protect-1-0-last15", "maskable_ppo"): (1.0967741935483872, 0.959677419354839, 1.1693548387096775),
    ("fuba-protect-1-0-last15", "ppo"): (0.20967741935483872, -0.024193548387096624, 0.45967741935483897),
    ("fuba-protect-1-0-last15", "dqn"): (0.8548387096774194, 0.7258064516129031, 0.9274193548387099),
    ("fuba-protect-1-0-last15", "bc_maskable_ppo"): (1.0645161290322582, 0.870967741935484, 1.1129032258064517),
}
# ... and on each algorithm's 2 scenarios x 5 runs (the stratified bootstrap over the scenarios; np.random.seed(0))
ALGOS_100K_AGGREGATE_RLIABLE = {
    "maskable_ppo": (1.1506869772998807, 1.0902031063321387, 1.1824970131421744),
    "ppo": (0.5860215053763443, 0.4655017921146955, 0.7113201911589012),
    "dqn": (0.9979091995221028, 0.943100358422939, 1.0522700119474313),
    "bc_maskable_ppo": (1.0507765830346476, 0.9784722222222227, 1.11857825567503),
}


def test_the_100k_aggregate_is_rliables_answer():
    _check_aggregate(json.loads(ALGOS_100K.read_text()), ALGOS_100K_AGGREGATE_RLIABLE, scenarios=2, runs=10)
