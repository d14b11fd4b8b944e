"""The academy sweep's report (docs/academy.md "Learning shown"): reads the curves that
``training/academy_sweep.py`` wrote, normalizes each point with the shipped references
(``(score - random) / (book - random)``), and gives per scenario and step the IQM over seeds with a
95% percentile bootstrap interval, and over all scenarios the IQM with the bootstrap stratified by
scenario (the seeds resampled within each scenario: rliable's method, Agarwal et al. 2021, written
here with NumPy); a JSON table and a PNG of the curves.

    python -m coachgym.training.academy_report --runs runs/academy --json docs/benchmark/academy_learning.json \\
        --plot docs/img/academy/learning_curves.png

Performance profiles (rliable's ``create_performance_profile`` with score distributions, written here
with NumPy because rliable does not import with pandas 3): the fraction of runs (seeds x scenarios, each
scenario weighted equally) whose normalized score at the budget is above each threshold tau, with a 95%
percentile band from the bootstrap stratified by scenario. ``--profile PNG`` plots the runs of
``--runs`` and of each ``--compare LABEL=DIR_OR_REPORT_JSON`` on one set of axes; ``--at-steps N``
takes each run's last point at or below N env steps (to compare sweeps of different budgets).

    python -m coachgym.training.academy_report --runs runs/academy-macro --label "with the macro" \\
        --compare "from scratch=docs/benchmark/academy_learning_valueadd_150k.json" --at-steps 102400 \\
        --profile docs/img/academy/performance_profile.png

Held-out evaluation of the final checkpoints (``--held-out N``): every whole run's last checkpoint,
random and the book on N evaluation episodes from ``--held-out-first`` (default 1000) on, seeds that
no training run, curve point or shipped reference used, normalized with the shipped references and
paired (the references on the same episodes):

    python -m coachgym.training.academy_report --runs runs/academy-cover20k --scenarios valueadd-first-11 \
        --held-out 1000 --json docs/benchmark/academy_held_out.json

Runs cut short of their budget (``--partial``: a long budget run as far as the time allowed) are left
out unless asked for; with ``--partial`` the table goes to the points every seed reached, its ``budget``
is the last of them and ``configured_budget`` the runs' own, and ``--held-out`` takes each run's last
checkpoint, so a cut run is never reported as its budget.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from ..envs import academy as A

RESAMPLES = 20_000


def iqm(x) -> float:
    """The interquartile mean: the mean of the middle 50% (rliable's ``aggregate_iqm``, 25% trimmed)."""
    x = np.sort(np.asarray(x, dtype=float).ravel())
    n = len(x)
    if n == 0:
        return float("nan")
    from scipy import stats

    return float(stats.trim_mean(x, 0.25))


def stratified_iqm_interval(samples: list, resamples: int = RESAMPLES, seed: int = 0) -> tuple[float, float, float]:
    """IQM of every score and its 95% percentile bootstrap interval, the runs (seeds) resampled with
    replacement within each task (scenario). ``samples``: one array of per-seed scores per task."""
    rng = np.random.default_rng(seed)
    arrays = [np.asarray(s, dtype=float) for s in samples]
    point = iqm(np.concatenate(arrays))
    # the same draws as one ``iqm`` per resample (seeds resampled task by task, resample by resample),
    # the IQMs taken at once: sort each resample and average its middle (``trim_mean(x, 0.25)``'s cut)
    n = sum(len(a) for a in arrays)
    draws = np.empty((resamples, n))
    for b in range(resamples):
        draws[b] = np.concatenate([a[rng.integers(len(a), size=len(a))] for a in arrays])
    draws.sort(axis=1)
    cut = int(0.25 * n)
    boots = draws[:, cut:n - cut].mean(axis=1)
    lo, hi = np.percentile(boots, [2.5, 97.5])
    return point, float(lo), float(hi)


def profile_fraction(samples: list, tau: float) -> float:
    """The fraction of runs scoring above ``tau``: the mean over tasks of each task's fraction (rliable's
    run-score distribution; with as many runs in every task, the fraction of all runs)."""
    return float(np.mean([np.mean(np.asarray(s, dtype=float) > tau) for s in samples]))


def performance_profile(samples: list, taus, resamples: int = RESAMPLES, seed: int = 0) -> dict:
    """The performance profile of ``samples`` (one array of per-run normalized scores per task) at each
    ``tau``: the point (:func:`profile_fraction` of the runs as measured) and a 95% percentile band,
    the runs resampled with replacement within each task (the stratified bootstrap)."""
    rng = np.random.default_rng(seed)
    arrays = [np.asarray(s, dtype=float) for s in samples]
    taus = np.asarray(list(taus), dtype=float)
    point = np.array([profile_fraction(arrays, t) for t in taus])
    boots = np.zeros((resamples, len(taus)))
    for a in arrays:  # each task's runs resampled apart (stratified); every task weighs 1 / tasks
        res = a[rng.integers(len(a), size=(resamples, len(a)))]  # (resamples, runs)
        boots += (res[:, :, None] > taus[None, None, :]).mean(axis=1) / len(arrays)
    lo, hi = np.percentile(boots, [2.5, 97.5], axis=0)
    return {"tau": taus.tolist(), "fraction": point.tolist(), "low": lo.tolist(), "high": hi.tolist(),
            "tasks": len(arrays), "runs": int(sum(len(a) for a in arrays)), "resamples": resamples}


def final_scores(rep: dict, at_steps: int | None = None) -> dict:
    """{scenario: per-run normalized scores} at each scenario's budget, or at its last point with at
    most ``at_steps`` env steps; also the env steps taken there."""
    out = {}
    for sid, t in rep["scenarios"].items():
        pts = [p for p in t["points"] if "normalized" in p and (at_steps is None or p["env_steps"] <= at_steps)]
        if pts:
            out[sid] = {"normalized": pts[-1]["normalized"], "env_steps": pts[-1]["env_steps"]}
    return out


def load_report(source: Path, resamples: int = RESAMPLES, paired: bool = False, partial: bool = False) -> dict:
    """A report: read from a JSON file this module wrote, or made from a folder of runs."""
    if source.is_file():
        return json.loads(source.read_text())
    if not source.is_dir():
        raise FileNotFoundError(f"{source}: no such folder of runs or report JSON")
    return report(source, resamples, paired=paired, partial=partial)


def merged(reports: list) -> dict:
    """One report of the scenarios of several (a scenario named twice: the first one's)."""
    out: dict = {"scenarios": {}}
    for r in reports:
        for sid, t in r["scenarios"].items():
            out["scenarios"].setdefault(sid, t)
    return out


TAUS = np.round(np.arange(-0.5, 1.5001, 0.025), 3)


def plot_profiles(profiles: list, path: Path) -> None:
    """``profiles``: (label, performance_profile dict, note) each; one curve and its band per entry."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for k, (label, prof, note) in enumerate(profiles):
        ax.step(prof["tau"], prof["fraction"], where="post", color=f"C{k}", lw=2, label=f"{label} ({note})")
        ax.fill_between(prof["tau"], prof["low"], prof["high"], step="post", color=f"C{k}", alpha=0.2)
    ax.axvline(1.0, color="0.4", ls="--", lw=1)
    ax.text(1.01, 0.97, "the book", fontsize=7, va="top")
    ax.axvline(0.0, color="0.6", ls=":", lw=1)
    ax.text(0.01, 0.97, "random", fontsize=7, va="top")
    ax.set_xlabel("normalized score tau")
    ax.set_ylabel("fraction of runs with score > tau")
    ax.set_ylim(-0.02, 1.02)
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.14))
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110, bbox_inches="tight")


def load_runs(root: Path, partial: bool = False) -> dict:
    """{scenario: {seed: curve state}} of the runs under ``root``. ``partial``: the runs cut short of
    their budget too (each as far as its curve goes; ``--partial``), not only the whole ones."""
    out: dict = {}
    for f in sorted(root.glob("*/seed*/curve.json")):
        state = json.loads(f.read_text())
        if not state["curve"] or (max(p["steps"] for p in state["curve"]) < state["config"]["steps"] and not partial):
            continue  # a run still under way (or cut short): left out until its curve is whole
        out.setdefault(f.parent.parent.name, {})[int(f.parent.name[4:])] = state
    return out


def paired_references(root: Path, scenario_id: str, episodes: int, best_rule: str | None = None) -> dict:
    """Random and by-the-book on exactly the evaluation episodes the runs are scored on (the first
    ``episodes`` evaluation seeds), and the best one-rule file (``best_rule``) where given, in the shape
    of the shipped references: ``{name: {"mean": ...}}``.
    Computed once (about a CPU-second per 100 episodes) and kept in ``ROOT/SCENARIO/paired-references-N.json``.

    Why: the shipped references are over the first 300 evaluation seeds; a run scored on the first 100
    meets other episodes, and the difference (the same for every seed of every run) moves the
    normalized score of a margin scenario by up to about 0.2 (docs/academy.md "What limits learning")."""
    from .academy_diagnose import paired_scores

    f = root / scenario_id / f"paired-references-{episodes}.json"
    if f.is_file():
        return json.loads(f.read_text())
    out = {}
    for name, coach in (("random", "random"), ("by-the-book", "by-the-book"), ("best-rule", best_rule)):
        if coach:
            scores = paired_scores(scenario_id, coach, episodes)
            out[name] = {"mean": float(np.mean(scores)), "episodes": episodes, "scores": scores, "coach": coach}
    f.parent.mkdir(parents=True, exist_ok=True)
    f.write_text(json.dumps(out) + "\n")
    return out


HELD_OUT_FIRST = 1000  # held-out evaluation starts at this evaluation seed index (past every curve's and reference's)


def held_out(root: Path, scenario_id: str, episodes: int, first: int = HELD_OUT_FIRST,
             resamples: int = RESAMPLES, seed: int = 0, partial: bool = False) -> dict:
    """The final checkpoint of every whole run of ``scenario_id`` under ``root``, and random and the
    book, each on the same ``episodes`` evaluation episodes ``EVAL_SEED_BASE + first + i``: seeds that no
    training run uses and that no curve point (nor any shipped reference) was measured on, so nothing
    was chosen on them. Per run the score with its 95% interval and the normalized score, with the
    shipped references and paired (random and the book on these very episodes); the IQM over runs with
    a 95% percentile bootstrap over the runs (rliable's), and for the paired score a bootstrap over the
    runs and the episodes together (the episodes resampled once for every run and both references,
    so the references' own error is in the interval). The references' scores are cached in
    ``ROOT/SCENARIO/held-out-references-FIRST-N.json``. ``partial``: the runs cut short of their budget
    too, each by its last checkpoint (each row gives its env steps; the report its configured budget)."""
    import time

    from ..academy.evaluate import normalized, references, summarize
    from ..core.errors import ConfigError
    from .academy_diagnose import paired_scores

    sc = A.scenario(scenario_id)
    runs = load_runs(root, partial).get(scenario_id)
    if not runs:
        raise ConfigError(f"--held-out: no {'' if partial else 'whole '}run of {scenario_id} under {root}")
    used = max(s["config"]["episodes"] for s in runs.values())
    if first < max(used, 300):
        raise ConfigError(f"--held-out-first {first}: the curves use the first {used} evaluation seeds and the "
                          "shipped references the first 300; start at 300 or more")
    base = A.EVAL_SEED_BASE + first
    cache = root / scenario_id / f"held-out-references-{first}-{episodes}.json"
    t0 = time.process_time()
    if cache.is_file():
        ref_scores = json.loads(cache.read_text())
    else:
        ref_scores = {name: paired_scores(scenario_id, name, episodes, seed_base=base) for name in ("random", "by-the-book")}
        cache.write_text(json.dumps(ref_scores) + "\n")
    shipped = references().get(scenario_id, {})
    R, B = np.asarray(ref_scores["random"], float), np.asarray(ref_scores["by-the-book"], float)
    gap = B.mean() - R.mean()
    rows, S = [], []
    for k, state in sorted(runs.items()):
        model = root / scenario_id / f"seed{k}" / "model.zip"
        t1 = time.process_time()
        scores = paired_scores(scenario_id, str(model), episodes, seed_base=base)
        S.append(scores)
        s = summarize(scores, sc)
        rows.append({"seed": k, "model": str(model), "env_steps": state["curve"][-1]["env_steps"],
                     "mean": s["mean"], "low": s["low"], "high": s["high"],
                     "normalized": normalized(s["mean"], shipped),
                     "normalized_paired": float((s["mean"] - R.mean()) / gap) if abs(gap) > 1e-12 else None,
                     "cpu_seconds": round(time.process_time() - t1, 1)})
    S = np.asarray(S, float)
    out = {"scenario": scenario_id, "score": sc.score_name, "episodes": episodes,
           "evaluation_seeds": f"{base}..{base + episodes - 1}", "runs": rows,
           "references": {name: {**summarize(v, sc), "coach": name} for name, v in ref_scores.items()},
           "resamples": resamples, "configured_budget": max(s["config"]["steps"] for s in runs.values()),
           "cut_short": _cut_short(runs)}
    if all(r["normalized"] is not None for r in rows):
        out["iqm_normalized"] = stratified_iqm_interval([[r["normalized"] for r in rows]], resamples, seed)
    if abs(gap) > 1e-12:
        out["iqm_normalized_paired"] = stratified_iqm_interval([[r["normalized_paired"] for r in rows]], resamples, seed)
        rng = np.random.default_rng(seed)
        boots = np.empty(resamples)
        n, m = S.shape[1], S.shape[0]
        for b in range(resamples):
            idx = rng.integers(n, size=n)
            g = B[idx].mean() - R[idx].mean()
            per = (S[rng.integers(m, size=m)][:, idx].mean(axis=1) - R[idx].mean()) / g if abs(g) > 1e-12 else np.full(m, np.nan)
            boots[b] = iqm(per)
        ok = boots[np.isfinite(boots)]
        lo, hi = np.percentile(ok, [2.5, 97.5])
        out["iqm_normalized_paired_runs_and_episodes"] = (out["iqm_normalized_paired"][0], float(lo), float(hi))
        out["resamples_with_no_gap"] = int(resamples - len(ok))
    out["cpu_seconds"] = round(time.process_time() - t0, 1)
    return out


def _cut_short(runs: dict) -> list:
    """The seeds of ``runs`` ({seed: curve state}) whose curve stops short of the configured budget."""
    return sorted(k for k, s in runs.items() if max(p["steps"] for p in s["curve"]) < s["config"]["steps"])


def report(root: Path, resamples: int = RESAMPLES, paired: bool = False, partial: bool = False) -> dict:
    """The table of every scenario's runs under ``root``. ``paired``: normalize with random and the
    book played on the runs' own evaluation episodes (:func:`paired_references`) instead of the
    shipped references (their first 300 episodes). ``partial``: the runs cut short of their budget
    too; a scenario's points are those every seed reached, its ``budget`` the last of them (what was
    reached), ``configured_budget`` the runs' own and ``cut_short`` the seeds that stop before it."""
    from ..academy.evaluate import normalized, references

    refs = references()
    runs = load_runs(root, partial)
    table = {}
    for sid, seeds in runs.items():
        r = refs.get(sid, {})
        if paired:
            episodes = next(iter(seeds.values()))["config"]["episodes"]
            r = paired_references(root, sid, episodes, r.get("best-rule", {}).get("coach"))
        steps = sorted(set.intersection(*({p["steps"] for p in s["curve"]} for s in seeds.values())))
        rows = []
        for st in steps:
            raw = [next(p["mean"] for p in s["curve"] if p["steps"] == st) for s in seeds.values()]
            norm = [normalized(x, r) for x in raw]
            env_steps = max(next(p["env_steps"] for p in s["curve"] if p["steps"] == st) for s in seeds.values())
            row = {"steps": st, "env_steps": env_steps, "seeds": len(raw), "scores": raw, "iqm_score": iqm(raw)}
            if all(n is not None for n in norm):
                p, lo, hi = stratified_iqm_interval([norm], resamples)
                row.update(normalized=norm, iqm_normalized=p, ci95=[lo, hi])
            rows.append(row)
        cpu = [s["train_cpu_seconds"] + s["eval_cpu_seconds"] for s in seeds.values()]
        table[sid] = {"budget": max(steps) if steps else 0, "seeds": sorted(seeds),
                      "config": next(iter(seeds.values()))["config"], "points": rows,
                      "references": {k: r[k]["mean"] for k in ("random", "by-the-book", "best-rule") if k in r},
                      "references_on": (f"the runs' own {r['random']['episodes']} evaluation episodes (paired)"
                                        if paired and "random" in r else "the shipped references (300 episodes)"),
                      "cpu_seconds_per_run": [round(c, 1) for c in cpu],
                      "configured_budget": max(s["config"]["steps"] for s in seeds.values()),
                      "cut_short": _cut_short(seeds)}
    # over the scenarios, at each fraction of the budget (the same fractions in every scenario)
    aggregate = []
    common = [t for t in table.values() if t["points"] and "iqm_normalized" in t["points"][0]]
    if common and len({len(t["points"]) for t in common}) > 1:
        common = []  # the points are not at the same fractions of the budget in every scenario: no aggregate
    if common:
        n_points = min(len(t["points"]) for t in common)
        for k in range(n_points):
            per = [t["points"][k]["normalized"] for t in common]
            p, lo, hi = stratified_iqm_interval(per, resamples)
            aggregate.append({"fraction": k / (n_points - 1) if n_points > 1 else 1.0, "scenarios": len(per),
                              "runs": sum(len(x) for x in per), "iqm_normalized": p, "ci95": [lo, hi]})
    return {"scenarios": table, "aggregate": aggregate, "resamples": resamples, "paired": paired}


def plot(rep: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    items = list(rep["scenarios"].items())
    ncols = min(4, max(1, len(items)))  # a grid of at most 4 a row
    nrows = -(-max(1, len(items)) // ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(4.6 * ncols, 3.8 * nrows), squeeze=False)
    for ax in axes.flat[len(items):]:
        ax.set_visible(False)
    for ax, (sid, t) in zip(axes.flat, items):
        pts = [p for p in t["points"] if "iqm_normalized" in p]
        xs = [p["env_steps"] for p in pts]  # the steps actually taken (whole rollouts of n_steps * n_envs)
        for k in range(len(t["seeds"])):
            ax.plot(xs, [p["normalized"][k] for p in pts], color="0.75", lw=0.8)
        algo = {"bc_maskable_ppo": "BC + MaskablePPO (demonstrations in the steps)", "ppo": "PPO (unmasked)",
                "qrdqn": "QR-DQN (unmasked)", "dqn": "DQN (unmasked)"}.get(t["config"].get("algo"), "MaskablePPO")
        if t["config"].get("macros"):
            algo += " + macro " + ", ".join(t["config"]["macros"])
        ax.plot(xs, [p["iqm_normalized"] for p in pts], color="C0", lw=2, label=f"{algo}, IQM over seeds")
        ax.fill_between(xs, [p["ci95"][0] for p in pts], [p["ci95"][1] for p in pts], color="C0", alpha=0.2)
        ax.axhline(1.0, color="C2", ls="--", lw=1, label="by-the-book (1.0)")
        ax.axhline(0.0, color="C3", ls=":", lw=1, label="random (0.0)")
        br = t["references"].get("best-rule")
        if br is not None:
            r0, b0 = t["references"]["random"], t["references"]["by-the-book"]
            if abs(b0 - r0) > 1e-9:
                ax.axhline((br - r0) / (b0 - r0), color="C1", ls="-.", lw=1, label="best one-rule file")
        scope = ("macro " + ", ".join(t["config"]["macros"]) + (" (its kinds only by it)" if t["config"].get("action_kinds") else "")
                 if t["config"].get("macros") else "the action table")
        extra = f", stall cost {t['config']['stall_cost']}" if t["config"].get("stall_cost") else ""
        cut = (f", cut at {t['budget']:,} of {t['configured_budget']:,} steps"
               if t.get("cut_short") and t.get("configured_budget", 0) > t["budget"] else "")
        ax.set_title(f"{sid}\n{scope}{extra}, {len(t['seeds'])} seeds{cut}", fontsize=8)
        ax.set_xlabel("env steps")
        ax.set_ylabel("normalized score")
    axes[0][0].legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=Path, default=Path("runs/academy"),
                   help="a folder of the sweep's runs, or a report JSON this module wrote (default runs/academy)")
    p.add_argument("--json", type=Path, default=None)
    p.add_argument("--plot", type=Path, default=None)
    p.add_argument("--resamples", type=int, default=RESAMPLES)
    p.add_argument("--paired", action="store_true",
                   help="normalize with random and the book played on the runs' own evaluation episodes")
    p.add_argument("--profile", type=Path, default=None,
                   help="plot the performance profile (fraction of runs above each normalized score) to this PNG")
    p.add_argument("--label", default=None, help="the --runs' name in the profile (default: the folder's name)")
    p.add_argument("--compare", action="append", default=[],
                   help="LABEL=DIR_OR_REPORT_JSON[,DIR_OR_REPORT_JSON...]: another sweep (its scenarios from "
                        "one or more sources) on the profile's axes (repeatable)")
    p.add_argument("--profile-scenarios", default=None,
                   help="comma-separated scenarios the profile is over (default: every scenario of each sweep)")
    p.add_argument("--at-steps", type=int, default=None,
                   help="the profile takes each run's last point at or below this many env steps (default: the budget)")
    p.add_argument("--held-out", type=int, default=None, metavar="N",
                   help="evaluate each run's final checkpoint, random and the book on N held-out evaluation episodes "
                        "(from --held-out-first on) instead of the report; with --scenarios, --json")
    p.add_argument("--held-out-first", type=int, default=HELD_OUT_FIRST,
                   help=f"the first evaluation seed index of --held-out (default {HELD_OUT_FIRST})")
    p.add_argument("--scenarios", default=None, help="--held-out: comma-separated scenarios (default: every one under --runs)")
    p.add_argument("--partial", action="store_true",
                   help="take the runs cut short of their budget too (each as far as its curve goes; the table to "
                        "the points every seed reached; --held-out: each run's last checkpoint)")
    a = p.parse_args(argv)
    if a.held_out is not None:
        return _held_out_main(a)
    if not a.runs.is_dir() and not (a.runs.is_file() and a.runs.suffix == ".json"):
        print(f"error: --runs {a.runs}: no such folder of runs (or report JSON)", file=sys.stderr)
        return 2
    compare = []
    for c in a.compare:
        label, sep, src = c.partition("=")
        paths = [Path(x) for x in src.split(",") if x]
        if not sep or not label or not paths or not all(x.exists() for x in paths):
            print(f"error: --compare {c!r}: not LABEL=DIR_OR_REPORT_JSON[,...] with existing paths", file=sys.stderr)
            return 2
        compare.append((label, paths))
    rep = load_report(a.runs, a.resamples, paired=a.paired, partial=a.partial)
    for sid, t in rep["scenarios"].items():
        sc = A.scenario(sid)
        cut = (f"; cut short of the budget {t['configured_budget']:,}: seeds {t['cut_short']}, every seed to {t['budget']:,}"
               if t.get("cut_short") else "")
        print(f"{sid} ({sc.score_name}; seeds {t['seeds']}; CPU s per run {t['cpu_seconds_per_run']}{cut})")
        for pt in t["points"]:
            n = (f"normalized IQM {pt['iqm_normalized']:.2f} ({pt['ci95'][0]:.2f}-{pt['ci95'][1]:.2f})"
                 if "iqm_normalized" in pt else "")
            print(f"  {pt['env_steps']:>7} env steps  score IQM {pt['iqm_score']:.3f}  {n}")
    for ag in rep["aggregate"]:
        print(f"all: {ag['fraction']:.1f} of the budget: IQM normalized {ag['iqm_normalized']:.2f} "
              f"({ag['ci95'][0]:.2f}-{ag['ci95'][1]:.2f}) over {ag['runs']} runs")
    if a.json:
        a.json.parent.mkdir(parents=True, exist_ok=True)
        a.json.write_text(json.dumps(rep, indent=1) + "\n")
    if a.plot:
        plot(rep, a.plot)
    if a.profile:
        profiles = []
        for label, r in [(a.label or a.runs.name, rep)] + [(lb, merged([load_report(x, a.resamples, a.paired) for x in src]))
                                                          for lb, src in compare]:
            fin = final_scores(r, a.at_steps)
            if a.profile_scenarios:
                fin = {k: v for k, v in fin.items() if k in a.profile_scenarios.split(",")}
            if not fin:
                print(f"profile: {label}: no normalized points (at or below --at-steps)", file=sys.stderr)
                continue
            prof = performance_profile([f["normalized"] for f in fin.values()], TAUS, a.resamples)
            steps = sorted({f["env_steps"] for f in fin.values()})
            note = (f"{prof['runs']} runs, {len(fin)} scenario{'s' if len(fin) > 1 else ''}, "
                    f"{steps[0]:,}" + (f"-{steps[-1]:,}" if len(steps) > 1 else "") + " steps")
            profiles.append((label, prof, note))
            for tau in (0.5, 0.8, 0.9, 1.0):
                k = list(TAUS).index(tau)
                print(f"profile {label} ({note}): above {tau}: {prof['fraction'][k]:.2f} "
                      f"({prof['low'][k]:.2f}-{prof['high'][k]:.2f})")
            rep.setdefault("profiles", []).append({"label": label, "note": note, "scenarios": sorted(fin), **prof})
        plot_profiles(profiles, a.profile)
        if a.json:
            a.json.write_text(json.dumps(rep, indent=1) + "\n")
    return 0


def _held_out_main(a) -> int:
    from ..core.errors import ConfigError

    if not a.runs.is_dir() or a.held_out < 2:
        print(f"error: --held-out needs --runs a folder of runs (not {a.runs}) and at least 2 episodes", file=sys.stderr)
        return 2
    ids = [s for s in (a.scenarios or "").split(",") if s] or sorted(load_runs(a.runs, a.partial))
    out = []
    try:
        for sid in ids:
            r = held_out(a.runs, sid, a.held_out, a.held_out_first, a.resamples, partial=a.partial)
            refs = r["references"]
            print(f"{sid}: {a.held_out} episodes {r['evaluation_seeds']}; random {refs['random']['mean']:.3f}, "
                  f"book {refs['by-the-book']['mean']:.3f}; {r['cpu_seconds']} CPU s")
            for row in r["runs"]:
                n = "-" if row["normalized"] is None else f"{row['normalized']:.2f}"
                print(f"  seed {row['seed']} ({row['env_steps']:,} steps): {row['mean']:.3f} ({row['low']:.3f}-{row['high']:.3f}) "
                      f"normalized {n}, paired {row['normalized_paired']:.2f}")
            for key in ("iqm_normalized", "iqm_normalized_paired", "iqm_normalized_paired_runs_and_episodes"):
                if key in r:
                    print(f"  {key}: {r[key][0]:.2f} ({r[key][1]:.2f}-{r[key][2]:.2f})")
            out.append(r)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if a.json:
        a.json.parent.mkdir(parents=True, exist_ok=True)
        a.json.write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
