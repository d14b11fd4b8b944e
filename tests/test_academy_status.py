"""``python tools/academy_tables.py status``: every scenario's learning status from the learning reports
and the fixed-policy diagnostics docs/academy.md cites (a row per scenario not run, a row per report
that ran it; the issue's bar, IQM >= 0.9 with a lower bound >= 0.8, read off the points)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from coachgym.envs import academy as A

ROOT = Path(__file__).resolve().parent.parent


def _tables():
    spec = importlib.util.spec_from_file_location("academy_tables", ROOT / "tools" / "academy_tables.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _point(steps, iqm, lo, hi):
    return {"steps": steps, "env_steps": steps, "seeds": 5, "scores": [0.0] * 5, "iqm_score": 0.0,
            "normalized": [iqm] * 5, "iqm_normalized": iqm, "ci95": [lo, hi]}


def test_status_lists_every_scenario_and_reads_the_bar_off_the_points(tmp_path):
    T = _tables()
    config = {"algo": "maskable_ppo", "macros": ["book_shot"], "action_kinds": ["shoot"], "stall_cost": 0.02}
    points = [_point(0, 0.2, 0.0, 0.4), _point(10240, 0.95, 0.85, 1.0), _point(20480, 0.85, 0.7, 0.95)]
    (tmp_path / "academy_learning_cover20k.json").write_text(json.dumps({"scenarios": {"statispro-q1": {
        "budget": 20000, "seeds": [0, 1, 2, 3, 4], "config": config, "points": points, "references": {},
        "references_on": "shipped", "cpu_seconds_per_run": [30.0, 41.5]}}}))
    (tmp_path / "academy_diagnose").mkdir()
    (tmp_path / "academy_diagnose" / "play_or_macro_statispro.json").write_text(json.dumps([{
        "scenario": "statispro-q1", "episodes": 2,
        "scores": {"first-legal": [-0.69, -0.69], "macro-then-first-legal:book_shot": [-7.78, -7.78]}}]))
    table = T.status_table(tmp_path).splitlines()
    body = table[2:]
    assert len(body) == len(A.scenarios())  # one row per scenario (this one ran once)
    row = next(r for r in body if r.startswith("| `statispro-q1`"))
    cells = [c.strip() for c in row.split("|")[1:-1]]
    # the fixed policies normalized with the shipped references (book -0.69 -> 1.00, random -7.78 -> 0.00)
    assert cells[1] == "1.00" and cells[2] == "0.00"
    assert cells[3] == "macro book_shot (its kinds only by it), stall cost 0.02" and cells[4] == "5"
    assert cells[5] == "20,480" and cells[6] == "0.20 (0.00-0.40)" and cells[7] == "0.85 (0.70-0.95)"
    assert cells[9] == "yes, from 10,240 (not at the budget)" and cells[10] == "30-42"
    assert all("not run" in r for r in body if not r.startswith("| `statispro-q1`"))


def test_status_names_a_report_cut_short_of_its_budget(tmp_path):
    # academy_report --partial: the runs stopped before their configured budget; the row gives the
    # steps every seed reached and the budget they were configured for, never the budget alone
    T = _tables()
    config = {"algo": "maskable_ppo", "macros": ["book_substitution"], "action_kinds": ["play"], "stall_cost": 0.02}
    points = [_point(0, 0.1, -0.1, 0.8), _point(20480, 1.2, 1.0, 1.4), _point(40960, 1.1, 0.9, 1.3)]
    (tmp_path / "academy_learning_cover20k.json").write_text(json.dumps({"scenarios": {"valueadd-last9-down6": {
        "budget": 40960, "configured_budget": 512000, "cut_short": [0, 1, 2, 3, 4], "seeds": [0, 1, 2, 3, 4],
        "config": config, "points": points, "references": {}, "references_on": "shipped",
        "cpu_seconds_per_run": [50.0, 60.0]}}}))
    row = next(r for r in T.status_table(tmp_path).splitlines() if r.startswith("| `valueadd-last9-down6`"))
    cells = [c.strip() for c in row.split("|")[1:-1]]
    assert cells[5] == "40,960 (cut short of 512,000)" and cells[9] == "yes, from 20,480"


def test_held_out_table_reads_the_held_out_reports(tmp_path):
    T = _tables()
    runs = [{"seed": k, "model": f"m{k}.zip", "env_steps": 20480, "mean": 0.5 + 0.1 * k, "low": 0.0, "high": 1.0,
             "normalized": 1.1, "normalized_paired": 1.05, "cpu_seconds": 1.0} for k in range(2)]
    (tmp_path / "academy_held_out_x.json").write_text(json.dumps([{
        "scenario": "valueadd-first-11", "score": "margin change", "episodes": 1000,
        "evaluation_seeds": "1000001000..1000001999", "runs": runs,
        "references": {"random": {"mean": -2.0}, "by-the-book": {"mean": -0.2}},
        "iqm_normalized": [1.2, 1.05, 1.3], "iqm_normalized_paired": [1.1, 0.98, 1.2],
        "iqm_normalized_paired_runs_and_episodes": [1.1, 0.9, 1.3], "cpu_seconds": 12.5}]))
    (row,) = T.held_out_table(tmp_path).splitlines()[2:]
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[0] == "`valueadd-first-11`" and cells[1] == "2 (20,480 steps)"
    assert cells[3] == "-2.00, -0.20" and cells[4] == "0.50, 0.60"
    assert cells[5] == "1.20 (1.05-1.30)" and cells[7] == "1.10 (0.90-1.30)"
    assert cells[8] == "on some intervals"  # 1.05 above the book, 0.98 and 0.90 not
    assert cells[9] == "12.5" and cells[10] == "`academy_held_out_x.json`"  # which run set (its report file)


def test_status_names_the_hyperparameters_a_run_changed():
    """A row whose run overrode the sweep's hyperparameters (``--hp``) says which, so two set-ups of one
    scenario are told apart; the defaults are not listed."""
    from coachgym.training.academy_sweep import HYPERPARAMETERS

    T = _tables()
    base = {"algo": "maskable_ppo", "macros": ["book_substitution"], "action_kinds": ["play"], "stall_cost": 0.004}
    assert T._actions({**base, "hyperparameters": dict(HYPERPARAMETERS)}) == (
        "macro book_substitution (its kinds only by it), stall cost 0.004")
    changed = {**HYPERPARAMETERS, "n_steps": 4096, "learning_rate": 1e-4, "policy_kwargs": {"net_arch": [64, 64]}}
    assert T._actions({**base, "hyperparameters": changed}) == (
        "macro book_substitution (its kinds only by it), stall cost 0.004, learning_rate=0.0001, n_steps=4096, net_arch=64x64")
    assert T._actions({"stall_cost": 0.02}) == "table, stall cost 0.02"  # a report without hyperparameters: none named


def test_precision_table_reads_the_episodes_a_point_needs_off_the_shipped_references():
    """``precision``: the episodes a curve point needs for a normalized standard error <= 0.1 come from the
    shipped references alone (the book's spread over its episodes, the book-random gap), one row per
    scenario; a gap of 0.037 wins (4th Street's final 2:00 down 4) needs thousands, a wide one about 100."""
    import math

    from coachgym.academy.evaluate import references

    T = _tables()
    rows = {r.split("|")[1].strip().strip("`"): [c.strip() for c in r.split("|")[2:-1]]
            for r in T.precision_table().splitlines()[2:]}
    assert set(rows) == {sc.id for sc in A.scenarios()}
    r = references()["fourthstreet-down4-final2"]
    book, rand = r["by-the-book"], r["random"]
    gap = book["mean"] - rand["mean"]
    sd = (book["high"] - book["low"]) / 3.92 * math.sqrt(book["episodes"])
    n = math.ceil((sd / (0.1 * gap)) ** 2)
    cells = rows["fourthstreet-down4-final2"]
    assert cells[3] == f"{n:,}" and n > 1000
    assert sd / math.sqrt(n) / gap <= 0.1 < sd / math.sqrt(n - 1) / gap  # the fewest episodes that reach 0.1
    assert float(cells[4]) == round(sd / 10 / gap, 2) and float(cells[4]) > 0.5
    assert int(rows["valueadd-full-game"][3].replace(",", "")) < 200


def test_the_bar_count_names_the_scenarios_met_by_any_5_seed_report(tmp_path):
    T = _tables()
    config = {"algo": "maskable_ppo"}
    met = [_point(0, 0.2, 0.0, 0.4), _point(10240, 0.95, 0.85, 1.0)]
    low = [_point(0, 0.2, 0.0, 0.4), _point(10240, 0.95, 0.75, 1.0)]  # IQM at the bar, lower bound under 0.8
    def rep(points, seeds=5):
        return {"budget": 10000, "seeds": list(range(seeds)), "config": config, "points": points,
                "references": {}, "references_on": "shipped", "cpu_seconds_per_run": [1.0]}
    (tmp_path / T.LEARNING_REPORTS[0]).write_text(json.dumps({"scenarios": {
        "statispro-q1": rep(met), "statispro-q4": rep(low), "valueadd-first-11": rep(met, seeds=3)}}))
    (tmp_path / T.LEARNING_REPORTS[1]).write_text(json.dumps({"scenarios": {"fuba-protect-1-0-last15": rep(met)}}))
    line = T.bar_count(tmp_path)
    assert line == (f"bar met (IQM >= 0.9, lower bound >= 0.8, 5 seeds) on 2 of {len(A.scenarios())} scenarios: "
                    "statispro-q1, fuba-protect-1-0-last15")


def test_the_full_game_methods_table_reads_each_methods_curve_and_held_out_reports(tmp_path):
    """docs/academy.md "The researcher's four": per method, the curve's IQM at the budget, the held-out
    IQM (shipped and paired over runs and episodes), each seed's held-out win rate; a method without its
    two reports is "not run"; the PNG is drawn."""
    T = _tables()
    label, learn, held = T.FULL_GAME_METHODS[0]
    pts = [_point(0, 0.1, 0.0, 0.2), _point(200704, 0.8, 0.7, 0.9)]
    (tmp_path / learn).write_text(json.dumps({"scenarios": {"valueadd-full-game": {
        "points": pts, "cpu_seconds_per_run": [150.2, 171.9]}}}))
    runs = [{"seed": k, "env_steps": 200704, "mean": m} for k, m in enumerate((0.41, 0.455))]
    (tmp_path / held).write_text(json.dumps([{"runs": runs, "iqm_normalized": [0.85, 0.8, 0.9],
                                              "iqm_normalized_paired": [0.9, 0.85, 0.95],
                                              "iqm_normalized_paired_runs_and_episodes": [0.9, 0.82, 0.98]}]))
    png = tmp_path / "m.png"
    table = T.methods_table(tmp_path, plot=png).splitlines()
    row = next(r for r in table if r.startswith(f"| {label} |"))
    assert "| 2 | 200,704 | 0.80 (0.70-0.90) | 0.85 (0.80-0.90) | 0.90 (0.82-0.98) | 0.410, 0.455 | 150-172 |" in row
    assert all("not run" in next(r for r in table if r.startswith(f"| {m[0]} |")) for m in T.FULL_GAME_METHODS[1:])
    assert png.is_file() and png.stat().st_size > 1000
