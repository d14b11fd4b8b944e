"""tools/algorithm_table.py: the rows of every ruleset, the IQM with its stratified bootstrap interval
(checked against rliable where it is installed), and the per-run cache that makes a rerun resume."""

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from tests.rliable_live import live_answer

pytest.importorskip("scipy")
pytest.importorskip("sb3_contrib")

from coachgym.core.runner import InlineBackend  # noqa: E402
from coachgym.training import config as tc  # noqa: E402
from coachgym.training.distill import DistillRun, games_for  # noqa: E402

from .tools import load_tool  # noqa: E402

at = load_tool("algorithm_table")


def test_iqm_is_the_mean_of_the_middle_half_and_its_interval_the_percentile_bootstrap_over_seeds():
    assert at.iqm([0.1, 0.4, 0.5, 0.6, 0.9]) == pytest.approx(0.5)  # 0.4, 0.5, 0.6 (the ends trimmed)
    assert at.iqm([0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 1.0, 1.0]) == pytest.approx(0.7)  # 0.4, 0.6, 0.8, 1.0
    point, lo, hi = at.iqm_interval([[0.1, 0.4, 0.5, 0.6, 0.9]])
    assert point == pytest.approx(0.5) and 0.1 <= lo < 0.5 < hi <= 0.9
    # the same seed of the bootstrap gives the same interval; no spread gives the point itself
    assert at.iqm_interval([[0.1, 0.4, 0.5, 0.6, 0.9]]) == (point, lo, hi)
    assert at.iqm_interval([[0.5] * 5]) == (0.5, 0.5, 0.5)
    assert all(np.isnan(at.iqm_interval([[]])))


def test_the_bootstrap_is_stratified_by_ruleset_resampling_seeds_within_each():
    spread, flat = [0.1, 0.3, 0.5, 0.7, 0.9], [0.8] * 5
    point, lo, hi = at.iqm_interval([spread, flat])
    assert point == pytest.approx(at.iqm(spread + flat))
    # every resample keeps five runs of each ruleset (the flat one unchanged), so the interval is
    # narrower than that of the ten runs pooled and resampled as one sample
    _, plo, phi = at.iqm_interval([spread + flat])
    assert lo <= point <= hi and hi - lo < phi - plo
    # two rulesets with no spread inside either: nothing to resample
    assert at.iqm_interval([[0.2] * 5, [0.8] * 5]) == (0.5, 0.5, 0.5)
    # a ruleset with one run so far (a partial table) joins every resample as it is
    point, lo, hi = at.iqm_interval([[0.1, 0.5], [0.3]])
    assert point == pytest.approx(0.3) and (lo, hi) == pytest.approx((0.5 / 3, 1.3 / 3))  # IQM of 0.1/0.5 x2, 0.3


# rliable 1.2.0's answers (rly.get_interval_estimates with metrics.aggregate_iqm, reps=20_000,
# np.random.seed(0) before each), recorded in a virtual environment where it imports (pandas 2.3.3,
# arch 7.2.0: arch 7.2 does not import under pandas 3, so rliable is not a dependency of the project):
#   python -m venv --system-site-packages /tmp/rlyenv && /tmp/rlyenv/bin/pip install "pandas<3"
# Scores are runs x tasks, as rliable takes them.
RLIABLE_CASES = {
    "uniform_5x4": (np.random.default_rng(7).uniform(0.2, 0.7, size=(5, 4)),
                    (0.4943390515417474, 0.40997519614702715, 0.5724526669516119)),
    "one_task_3_seeds": (np.array([[0.385], [0.47], [0.52]]), (0.4583333333333333, 0.385, 0.52)),
    "one_task_5_seeds": (np.array([[0.1], [0.4], [0.5], [0.6], [0.9]]), (0.5, 0.2, 0.8)),
    "three_tasks_3_seeds": (np.array([[0.30, 0.55, 0.48], [0.42, 0.50, 0.52], [0.36, 0.61, 0.45]]),
                            (0.474, 0.448, 0.498)),
}




@pytest.mark.parametrize("case", sorted(RLIABLE_CASES))
def test_the_iqm_and_its_stratified_interval_agree_with_rliable(case):
    scores, want = RLIABLE_CASES[case]
    live = live_answer()
    answers = [want] + ([live(scores)] if live else [])
    point, lo, hi = at.iqm_interval([scores[:, t] for t in range(scores.shape[1])], resamples=20_000)
    for w in answers:
        assert point == pytest.approx(w[0], abs=1e-12)  # the IQM exactly
        # the interval within a hundredth (another resampling RNG); the one-task cases exactly, their
        # bootstrap distributions being a few discrete values whose percentiles both land on
        tol = 1e-9 if scores.shape[0] <= 3 or scores.shape[1] == 1 else 0.01
        assert lo == pytest.approx(w[1], abs=tol) and hi == pytest.approx(w[2], abs=tol)


def test_rulesets_without_ppo_or_dqn_configs_get_them_from_their_maskable_ppo_config():
    ppo = at.row_config("statispro", "ppo", 5000, 200, scope="full")
    assert ppo["algo"] == "ppo" and ppo["advice"] == "by-the-book" and ppo["pretrain"]["coach"] is None
    assert all(ppo[k] is None for k in at.SCOPE_KEYS)  # masks and macros belong to MaskablePPO
    mppo = at.row_config("statispro", "maskable_ppo", 5000, 200)
    assert mppo["macros"] == ["double_team_best_scorer"] and mppo["env"] == ppo["env"]
    assert mppo["vec_env"] == "batched" and mppo["workers"] == 0  # no worker processes beside a run's neighbour
    dqn = at.row_config("fuba", "dqn", 5000, 200, scope="full")
    va = tc.load(tc.default_config_path("valueadd", "dqn")).to_dict()
    assert dqn["algo"] == "dqn" and dqn["advice"] is None and dqn["n_envs"] == va["n_envs"]
    assert dqn["env"]["team_pool"] == tc.load(tc.default_config_path("fuba")).to_dict()["env"]["team_pool"]
    assert dqn["hyperparameters"]["buffer_size"] == 5000 and dqn["hyperparameters"]["learning_starts"] == 500
    assert dqn["hyperparameters"]["exploration_fraction"] == va["hyperparameters"]["exploration_fraction"]
    # the search_distilled row starts from the bc row's clone: the same config
    assert at.row_config("fourthstreet", "search_distilled", 5000, 200) == at.row_config("fourthstreet", "bc", 5000, 200)


@pytest.mark.parametrize("ruleset", ["statispro", "fuba", "fourthstreet", "valueadd"])
def test_every_row_of_a_table_has_the_same_decision_scope(ruleset):
    masked = ["control", "maskable_ppo", "bc", "bc+maskable_ppo", "search_distilled"]
    shipped = tc.load(tc.default_config_path(ruleset, "maskable_ppo")).to_dict()
    for row in masked:  # --scope config: the MaskablePPO config's scope, macros included, in every row
        cfg = at.row_config(ruleset, row, 5000, 50)
        assert {k: cfg[k] for k in at.SCOPE_KEYS} == {k: shipped[k] for k in at.SCOPE_KEYS}, row
    for row in at.UNMASKED:  # an unmasked learner cannot keep to a scope in training: refused, by name
        with pytest.raises(tc.ConfigError, match=f"{row}: an unmasked learner .* --scope full"):
            at.row_config(ruleset, row, 5000, 50)
    for row in at.ROWS:  # --scope full: every row decides every decision
        cfg = at.row_config(ruleset, row, 5000, 50, scope="full")
        assert all(cfg[k] is None for k in at.SCOPE_KEYS), row
    assert "every decision" in at.scope_label(ruleset, "full")
    with pytest.raises(tc.ConfigError, match="--scope"):
        at.row_config(ruleset, "bc", 5000, 50, scope="some")


def test_evaluation_seeds_are_disjoint_from_every_training_seed_and_differ_per_run(tmp_path):
    runs = at.plan("valueadd", ["control", "maskable_ppo", "bc", "bc+maskable_ppo", "search_distilled"], 5, 60_000,
                   200, tmp_path)
    by_seed: dict = {}
    for r in runs:
        cfg = r.start.config if isinstance(r, DistillRun) else r.config
        assert cfg["seed"] == r.seed and cfg["evaluation"]["seed"] == at.eval_seed(r.seed)
        by_seed.setdefault(r.seed, set()).add(cfg["evaluation"]["seed"])
    assert all(len(v) == 1 for v in by_seed.values())  # every row of a seed on the same held-out games
    assert len({next(iter(v)) for v in by_seed.values()}) == 5  # another evaluation seed for every run
    demo_games = tc.load(tc.default_config_path("valueadd")).to_dict()["pretrain"]["games"]
    ranges = at.seed_ranges(at.MAX_SEEDS, 200, demo_games, distill_rounds=2)
    evaluation = ranges.pop("eval_games")
    training = [r for rs in ranges.values() for r in rs]
    lo_eval = min(lo for lo, _ in evaluation)
    # every training game seed (and env reset seed) lies below the first evaluation game seed
    assert max(hi for _, hi in training) <= lo_eval
    ev = sorted(evaluation)
    assert all(a[1] <= b[0] for a, b in zip(ev, ev[1:]))  # the runs' evaluation games do not overlap
    # the envs' own game seeds are 62-bit draws: the chance that a million training games meet the
    # evaluation range at all is below 1e-3
    width = max(hi for _, hi in evaluation) - lo_eval
    assert 1_000_000 * width / 2**62 < 1e-3
    with pytest.raises(tc.ConfigError, match="--seeds"):
        at.plan("valueadd", ["control"], at.MAX_SEEDS + 1, 5000, 10, tmp_path)


def test_a_run_short_of_its_budget_is_refused_and_demonstrations_count_in_it(tmp_path):
    summary = {"config": "bc+maskable_ppo", "seed": 0, "out": str(tmp_path / "x"), "steps": 150_000}
    run = at.budgeted(summary, 200_000, 50_301)
    assert (run["env_steps"], run["rl_steps"], run["demo_steps"], run["budget"]) == (200_301, 150_000, 50_301, 200_000)
    at.check_budgets([run])
    short = at.budgeted({**summary, "steps": 100_000}, 200_000, 50_301)
    with pytest.raises(tc.ConfigError, match="fewer env steps than their budget.*150301 env steps of a budget of 200000"):
        at.check_budgets([run, short])
    with pytest.raises(tc.ConfigError, match="fewer env steps"):
        at.check_budgets([summary])  # a run that records no budget (an earlier version's) is not published either
    with pytest.raises(tc.ConfigError, match="fewer env steps"):
        at.write(tmp_path, ["valueadd"], [short], ["bc+maskable_ppo"], 200_000, 10)
    assert not (tmp_path / "algorithms.md").exists()  # nothing written


def test_bc_then_rl_spends_the_budget_less_the_demonstrations_and_refuses_when_they_fill_it(tmp_path):
    clone_cfg = {**at.row_config("valueadd", "bc", 50_000, 10), "seed": 0}
    folder = tmp_path / "bc-seed0"
    folder.mkdir()
    # a finished clone: its metadata (the same config) with the demonstrations it recorded
    (folder / "model.json").write_text(json.dumps({"config": clone_cfg, "steps": 0, "pretrain": {"samples": 50_301}}))
    (folder / "model.zip").write_bytes(b"")
    assert at.demo_steps(folder) == 50_301
    cfg = {**at.row_config("valueadd", "bc+maskable_ppo", 50_000, 10), "seed": 0}
    run = at.AfterClone(cfg, "bc+maskable_ppo", str(tmp_path / "bc+maskable_ppo-seed0"),
                        clone=at.TrainRun(clone_cfg, "bc", str(folder)), budget=50_000)
    with pytest.raises(tc.ConfigError, match=r"demonstrations \(50,301 env steps\) fill the budget of 50,000"):
        run.run()


def test_the_plan_goes_seed_by_seed_and_points_distillation_and_bc_ppo_at_the_bc_clone(tmp_path):
    runs = at.plan("valueadd", ["bc", "bc+maskable_ppo", "search_distilled"], 2, 4000, 50, tmp_path)
    assert [(type(r).__name__, r.seed) for r in runs] == [
        ("Budgeted", 0), ("AfterClone", 0), ("DistilledAfterClone", 0),
        ("Budgeted", 1), ("AfterClone", 1), ("DistilledAfterClone", 1)]
    assert runs[1].clone.out == runs[0].out and runs[2].start_from == runs[0].out and runs[2].budget == 4000
    assert runs[1].clone.config == runs[0].config and runs[1].budget == 4000
    assert isinstance(runs[2], DistillRun) and runs[2].start.config == runs[0].config
    assert at._same_start(runs[0].config, runs[1].config)  # only the RL budget differs
    assert not at._same_start(runs[0].config, runs[4].config)  # another seed


def test_distillation_labels_enough_games_for_the_step_budget():
    # Statis Pro's clone: 24,193 decisions of both benches in 100 games, 121 a bench
    per_game, games = games_for(5000, 2, {"samples": 24193, "games": 100})
    assert per_game == pytest.approx(120.965) and games == 21  # 42 games x 121 ~ 5,080 decisions
    assert games_for(10, 2, {"samples": 24193, "games": 100})[1] == 1  # at least one game a round
    assert games_for(100, 1, {})[1] == 100  # no report: one decision a game at least


@dataclass(frozen=True)
class FakeRun:
    """A picklable task shaped as a training run; each run appends its name to ``log``."""

    config: dict
    config_name: str
    out: str
    log: str
    fail: bool = False
    games: int = 1

    @property
    def seed(self):
        return self.config["seed"]

    def run(self):
        if self.fail:
            raise RuntimeError("killed")
        with open(self.log, "a") as f:
            f.write(f"{self.out}\n")
        win = 0.3 + 0.1 * self.seed + (0.2 if self.config_name == "b" else 0.0)
        return at.budgeted({"config": self.config_name, "seed": self.seed, "out": self.out, "steps": 100,
                            "train_seconds": 2.0, "train_steps_per_second": 50.0,
                            "evaluation": [{"opponent": at.OPPONENT, "win_rate": win}]}, 100, 0)


def _fake(tmp_path, ruleset, seeds=3, fail_at=None, steps=100):
    log = str(tmp_path / "log.txt")
    return [FakeRun({"seed": s, "steps": steps}, name, str(tmp_path / ruleset / f"{name}-seed{s}"), log,
                    fail=(name, s) == fail_at)
            for s in range(seeds) for name in ("a", "b")]


def _ran(tmp_path):
    p = tmp_path / "log.txt"
    return p.read_text().split() if p.exists() else []


def test_every_run_is_kept_as_it_finishes_and_a_rerun_runs_only_the_missing_ones(tmp_path):
    runs = _fake(tmp_path, "valueadd", fail_at=("a", 2))
    partial = []
    with pytest.raises(RuntimeError, match="killed"):
        at.run_all(runs, InlineBackend(), progress=False, on_result=lambda so_far: partial.append(len(so_far)))
    assert partial == [1, 2, 3, 4] and len(_ran(tmp_path)) == 4  # four runs finished before the fifth failed
    assert json.loads((Path(runs[0].out) / "result.json").read_text())["result"]["seed"] == 0
    runs = _fake(tmp_path, "valueadd")
    results = at.run_all(runs, InlineBackend(), progress=False)
    assert _ran(tmp_path)[4:] == [runs[4].out, runs[5].out]  # only the two missing runs, nothing twice
    assert [r["out"] for r in results] == [r.out for r in runs]
    at.run_all(runs, InlineBackend(), progress=False)
    assert len(_ran(tmp_path)) == 6  # all read back
    fresh = _fake(tmp_path, "fuba")
    assert at.run_all(fresh, InlineBackend(), progress=False, run=False) == [None] * 6  # --tables-only runs nothing
    assert len(_ran(tmp_path)) == 6
    at.run_all(_fake(tmp_path, "valueadd", steps=200)[:1], InlineBackend(), progress=False)
    assert len(_ran(tmp_path)) == 7  # another budget: the cached result is not reused


def test_tables_per_ruleset_and_over_all_of_them_with_the_plot(tmp_path):
    pytest.importorskip("matplotlib")
    results = at.run_all(_fake(tmp_path, "valueadd") + _fake(tmp_path, "fuba"), InlineBackend(), progress=False)
    text = at.write(tmp_path, ["valueadd", "fuba"], results, ["a", "b"], 100, 50)
    va = json.loads((tmp_path / "valueadd" / "algorithms.json").read_text())
    assert [s["win_rates"] for s in va["summary"]] == [pytest.approx([0.3, 0.4, 0.5]), pytest.approx([0.5, 0.6, 0.7])]
    assert va["summary"][1]["iqm"] == pytest.approx(0.6) and len(va["runs"]) == 6
    assert "| b | 3 | 100 | 0.600 |" in text and "All rulesets" in text and "| b | 2 | 6 | 0.600 |" in text
    assert (tmp_path / "algorithms.png").stat().st_size > 1000
    assert (tmp_path / "fuba" / "algorithms.md").read_text().startswith("fuba, a budget of 100 env steps per run")


# ------------------------------------------------------------------------------------------ published
ROOT = Path(__file__).resolve().parents[1]
# tables of tools/algorithm_table.py shipped with the docs: docs/benchmark/algorithms/*.json, or any algorithms*.json
PUBLISHED = sorted({*(ROOT / "docs").rglob("algorithms*.json"), *(ROOT / "docs" / "benchmark" / "algorithms").glob("*.json")})
MIN_PUBLISHED_BUDGET = 100_000  # below this a run is a few dozen games: the initial policy, not learning


def _published_tables() -> list[tuple[Path, dict]]:
    return [(p, json.loads(p.read_text())) for p in PUBLISHED if "runs" in json.loads(p.read_text())]


def test_no_published_row_was_trained_with_fewer_env_steps_than_its_budget():
    for path, table in _published_tables():
        runs = table["runs"]
        assert runs, path
        at.check_budgets(runs)  # every run records its budget and reached it
        assert table["steps"] >= MIN_PUBLISHED_BUDGET, path
        for r in runs:
            assert r["env_steps"] == r["rl_steps"] + r["demo_steps"], r["out"]
            if r["config"] == "control":
                assert r["budget"] == 0 and r["env_steps"] == 0
            elif r["config"] == "bc":
                assert r["budget"] == r["demo_steps"] > 0 and r["rl_steps"] == 0
            else:  # the table's stated budget, demonstrations counted
                assert r["budget"] == table["steps"] <= r["env_steps"], r["out"]
        for s in table["summary"]:  # the rows as published: recomputed from the runs
            rs = [r for r in runs if r["config"] == s["algorithm"]]
            assert s["seeds"] == len(rs) and s["budget"] == int(round(np.mean([r["budget"] for r in rs])))
            wins = [e["win_rate"] for r in sorted(rs, key=lambda r: r["seed"]) for e in r["evaluation"]
                    if e["opponent"] == at.OPPONENT]
            assert s["win_rates"] == pytest.approx(wins)
            point, lo, hi = at.iqm_interval([wins])
            assert (s["iqm"], *s["ci95"]) == pytest.approx((point, lo, hi))
            live = live_answer()
            if live and len(set(wins)) > 1:
                want = live(np.array(wins)[:, None])
                assert s["iqm"] == pytest.approx(want[0]) and s["ci95"] == pytest.approx(want[1:], abs=1e-9)


def test_published_runs_were_evaluated_on_seeds_no_training_run_uses():
    for path, table in _published_tables():
        seeds = sorted({r["seed"] for r in table["runs"]})
        assert len(seeds) >= 3, path  # the floor: 3 seeds at least
        for s in table["summary"]:
            assert s["evaluation_seeds"] == [at.eval_seed(k) for k in s["training_seeds"]]
        for r in table["runs"]:  # as recorded in the run's settings when it was made
            assert r["evaluation_seed"] == at.eval_seed(r["seed"]), r["out"]


def test_every_algorithm_table_in_the_docs_is_a_shipped_table_at_an_honest_budget():
    """A table of tools/algorithm_table.py in the docs or README ("a budget of N env steps per run")
    is one whose JSON is shipped and checked above; the withdrawn 2,000- and 10,000-step tables are gone."""
    import re

    budgets = {t["steps"] for _, t in _published_tables()}
    for doc in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]:
        text = doc.read_text()
        for m in re.finditer(r"a budget of ([\d,]+) env steps per run", text):
            assert int(m.group(1).replace(",", "")) in budgets, f"{doc.name}: {m.group(0)}"
        assert not re.search(r"^\S+, [\d,]+ env steps per run, win rate against", text, re.M), doc.name
