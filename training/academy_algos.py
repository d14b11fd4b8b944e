"""Algorithms side by side on the academy's scenarios (docs/academy.md "Algorithms side by side"): the
curves that ``training/academy_sweep.py`` wrote for each ``--algo`` (one sweep folder an algorithm),
read at one fixed budget of env steps, into one table a scenario (algorithm, budget with the
demonstrations, IQM of the normalized score over seeds with its 95% bootstrap interval, the 0-step
control, the best point, CPU seconds a run), an aggregate over the scenarios (the bootstrap stratified
by scenario), performance profiles and the curves of every algorithm on one set of axes a scenario.

    python -m coachgym.training.academy_algos --budget 20480 --scenarios fourthstreet-up3-final2 \\
        --algo maskable_ppo=runs/academy-cover20k --algo ppo=runs/academy-algos-ppo \\
        --algo dqn=runs/academy-algos-dqn --algo bc_maskable_ppo=runs/academy-algos-bc_maskable_ppo \\
        --json docs/benchmark/academy_algorithms.json --plot docs/img/academy/algorithms_curves.png \\
        --profile docs/img/academy/algorithms_profile.png
    python -m coachgym.training.academy_algos --merge docs/benchmark/academy_algorithms.json OTHER.json \
        --json docs/benchmark/academy_algorithms.json     # tables of other scenarios in one

What a row must be, or the table refuses it (a clear one-line error): every run of the row whole (its
curve at its configuration's budget) and trained for at least ``--budget`` env steps, demonstrations
counted (the run's saved metadata, ``model.json``'s ``steps``, and its last curve point); the row's
algorithm the one named; every row of a scenario the same decision scope (action table, macros, the
kinds offered), observation, opponent, training reward (the stall cost), evaluation episodes and
seeds. The statistics are :mod:`.academy_report`'s (rliable's IQM and percentile bootstrap, checked
against rliable's own answers in ``tests/test_academy_algos.py``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from ..core.errors import ConfigError
from ..envs import academy as A
from . import academy_report as R
from .academy_sweep import ALGO_NAMES, ALGOS

# what must be the same in every row of a scenario (the run's configuration keys; "algo",
# "hyperparameters", "init", "illegal_actions", budgets and seeds may differ)
SAME_IN_EVERY_ROW = ("scenario", "episodes", "n_envs", "decision_scope", "opponent", "macros", "action_kinds",
                     "stall_cost", "stall_cost_exempts_macros")


def _meta_steps(folder: Path) -> "int | None":
    f = folder / "model.json"
    if not f.is_file():
        return None
    return int(json.loads(f.read_text())["steps"])


def row(folder: Path, scenario_id: str, algo: str, budget: int, refs: dict, paired: "dict | None" = None) -> dict:
    """One algorithm's row on one scenario from the sweep folder ``folder``: every whole run's points,
    normalized with ``refs``, read at the last point of each run (its budget), checked to be at least
    ``budget`` env steps. ``paired``: random and the book on the runs' own evaluation episodes
    (:func:`~.academy_report.paired_references`), a second normalization."""
    runs = R.load_runs(folder).get(scenario_id)
    if not runs:
        raise ConfigError(f"{folder}: no whole run of {scenario_id}")
    out_runs = []
    configs = {}
    for seed, state in sorted(runs.items()):
        cfg = state["config"]
        configs[seed] = cfg
        if cfg["algo"] != algo:
            raise ConfigError(f"{folder / scenario_id / f'seed{seed}'}: a run of {cfg['algo']}, not {algo}")
        last = state["curve"][-1]
        meta = _meta_steps(folder / scenario_id / f"seed{seed}")
        trained = min(last["env_steps"], meta) if meta is not None else last["env_steps"]
        if trained < budget:
            raise ConfigError(f"{folder / scenario_id / f'seed{seed}'}: trained for {trained} env steps, "
                              f"fewer than the stated budget {budget}")
        out_runs.append({"seed": seed, "env_steps": last["env_steps"], "metadata_steps": meta,
                         "demo_decisions": state.get("demo_decisions", 0),
                         "cpu_seconds": round(state["train_cpu_seconds"] + state["eval_cpu_seconds"], 1),
                         "curve": [{"env_steps": p["env_steps"], "mean": p["mean"],
                                    "normalized": _norm(p["mean"], refs)} for p in state["curve"]]})
    first = next(iter(configs.values()))
    for seed, cfg in configs.items():
        differs = [k for k in SAME_IN_EVERY_ROW + ("steps", "points", "hyperparameters", "init") if cfg.get(k) != first.get(k)]
        if differs:
            raise ConfigError(f"{folder / scenario_id}: seed {seed}'s run differs from the others in {', '.join(differs)}")
    final = [r["curve"][-1]["normalized"] for r in out_runs]
    point, lo, hi = R.stratified_iqm_interval([final])
    extra = {}
    if paired:
        fp = [_norm(r["curve"][-1]["mean"], paired) for r in out_runs]
        extra = {"normalized_paired": fp, "iqm_paired": R.iqm(fp), "ci95_paired": list(R.stratified_iqm_interval([fp])[1:])}
    control = [r["curve"][0]["normalized"] for r in out_runs]
    # the best point of the IQM curve (the runs' points at the same index: the same steps in every run)
    n_points = min(len(r["curve"]) for r in out_runs)
    iqms = [R.iqm([r["curve"][k]["normalized"] for r in out_runs]) for k in range(n_points)]
    best = int(np.argmax(iqms))
    return {"algo": algo, "name": ALGO_NAMES.get(algo, algo), "folder": str(folder), "seeds": sorted(runs),
            "budget": budget, "env_steps": [r["env_steps"] for r in out_runs],
            "demo_decisions": [r["demo_decisions"] for r in out_runs] if first.get("init") else [],
            "normalized": final, "iqm": point, "ci95": [lo, hi], "control_iqm": R.iqm(control),
            "best": {"iqm": iqms[best], "env_steps": max(r["curve"][best]["env_steps"] for r in out_runs)},
            "cpu_seconds_per_run": [r["cpu_seconds"] for r in out_runs],
            "config": {k: first[k] for k in sorted(first) if k not in ("seed", "training_env_seed")},
            **extra, "runs": out_runs}


def outside_share(folder: Path, scenario_id: str, seed: int, episodes: int) -> dict:
    """How much of the decision scope an unmasked run's final checkpoint learned: over the first
    ``episodes`` evaluation episodes (played as the protocol plays them, the best of the options),
    the share of decisions where the policy's top output over all its outputs is not one of the
    options (in training, that choice would have ended the episode); for PPO also the mean probability
    its policy puts on the options (sampled in training: the rest ends the episode)."""
    import time

    from .academy_sweep import _scope, model_class, numpy_policy

    state = json.loads((folder / scenario_id / f"seed{seed}" / "curve.json").read_text())
    cfg = state["config"]
    model = model_class(cfg["algo"]).load(folder / scenario_id / f"seed{seed}" / "model.zip", device="cpu")
    policy = numpy_policy(model)
    scope = _scope(scenario_id, cfg.get("macros"), cfg.get("action_kinds"))
    env = A.make(scenario_id)
    t0 = time.process_time()
    decisions = outside = 0
    mass = []
    for i in range(episodes):
        obs, _ = env.reset(seed=A.EVAL_SEED_BASE + i)
        done = False
        while not done:
            game = env.game
            legal = game.decision.legal if scope is None else scope.options(game.decision, None, game)
            scores = policy.scores(obs)
            decisions += 1
            outside += int(int(np.argmax(scores)) not in legal)
            if cfg["algo"] == "ppo":
                p = np.exp(scores - scores.max())
                mass.append(float(p[list(legal)].sum() / p.sum()))
            action = max(legal, key=lambda a: (scores[a], -a))
            if scope is not None:
                action = scope.concrete(int(action), game, game.decision.side)
            obs, _, term, trunc, _ = env.step(int(action))
            done = term or trunc
    return {"seed": seed, "episodes": episodes, "decisions": decisions, "outside": outside,
            "share": outside / decisions if decisions else None,
            "option_probability": float(np.mean(mass)) if mass else None,
            "cpu_seconds": round(time.process_time() - t0, 1)}


def _norm(score: float, refs: dict) -> "float | None":
    from ..academy.evaluate import normalized

    return normalized(score, refs)


def scope_of(cfg: dict) -> dict:
    return {k: cfg.get(k) for k in SAME_IN_EVERY_ROW}


def table(sources: "list[tuple[str, Path]]", scenarios: list[str], budget: int, resamples: int = R.RESAMPLES,
          paired: bool = False) -> dict:
    """Every (scenario, algorithm) row, checked to share one decision scope a scenario, and the
    aggregate over the scenarios a row has (IQM, stratified bootstrap, performance profile).
    ``paired``: each row also normalized with random and the book played on the runs' own evaluation
    episodes (computed once, kept in the first source's folder)."""
    from ..academy.evaluate import references

    if budget < 1:
        raise ConfigError("--budget must be positive")
    shipped = references()
    out: dict = {"budget": budget, "resamples": resamples, "scenarios": {}, "aggregate": {}}
    for sid in scenarios:
        A.scenario(sid)
        refs = shipped.get(sid, {})
        pref = None
        if paired:
            episodes = next(iter(R.load_runs(sources[0][1]).get(sid, {}).values()), {"config": {"episodes": 100}})["config"]["episodes"]
            pref = R.paired_references(sources[0][1], sid, episodes, refs.get("best-rule", {}).get("coach"))
        rows = [row(folder, sid, algo, budget, refs, pref) for algo, folder in sources]
        scope = scope_of(rows[0]["config"])
        for r in rows[1:]:
            other = scope_of(r["config"])
            differs = [k for k in scope if scope[k] != other[k]]
            if differs:
                raise ConfigError(f"{sid}: the {r['algo']} row has another decision scope than the "
                                  f"{rows[0]['algo']} row ({', '.join(differs)} differ)")
        out["scenarios"][sid] = {"score": A.scenario(sid).score_name,
                                 "references": {k: v["mean"] for k, v in refs.items() if isinstance(v, dict) and "mean" in v},
                                 "scope": scope, "rows": rows,
                                 **({"paired_references": {k: v["mean"] for k, v in pref.items()}} if pref else {})}
    aggregate(out)
    return out


def aggregate(tab: dict) -> None:
    """``tab["aggregate"]``: each algorithm's IQM over every scenario's runs, the bootstrap stratified by
    scenario, and its performance profile (recomputed in place)."""
    algos = [r["algo"] for r in next(iter(tab["scenarios"].values()))["rows"]]
    tab["aggregate"] = {}
    for algo in algos:
        per = [next(r["normalized"] for r in t["rows"] if r["algo"] == algo) for t in tab["scenarios"].values()]
        p, lo, hi = R.stratified_iqm_interval(per, tab["resamples"])
        tab["aggregate"][algo] = {"scenarios": len(per), "runs": sum(len(x) for x in per), "iqm": p, "ci95": [lo, hi],
                                  "profile": R.performance_profile(per, R.TAUS, tab["resamples"])}


def merge(tabs: "list[dict]", names: "list[str] | None" = None) -> dict:
    """Published tables of other scenarios in one (``--merge``: a scenario's rows were made on another
    day, their runs' folders need not be here): the same budget, resamples and algorithms in every
    table, each scenario in one table only; the aggregate recomputed over all the scenarios."""
    names = names or [f"table {i + 1}" for i in range(len(tabs))]
    first = tabs[0]
    out: dict = {"budget": first["budget"], "resamples": first["resamples"], "scenarios": {}, "aggregate": {}}
    algos = None
    for name, tab in zip(names, tabs):
        for key in ("budget", "resamples"):
            if tab[key] != first[key]:
                raise ConfigError(f"--merge {name}: its {key} is {tab[key]}, the first table's {first[key]}")
        for sid, t in tab["scenarios"].items():
            if sid in out["scenarios"]:
                raise ConfigError(f"--merge {name}: the scenario {sid} is in two tables")
            got = [r["algo"] for r in t["rows"]]
            if algos is None:
                algos = got
            elif sorted(got) != sorted(algos):
                raise ConfigError(f"--merge {name}: {sid} has the rows {', '.join(got)}, the first table "
                                  f"{', '.join(algos)}")
            out["scenarios"][sid] = t
    aggregate(out)
    return out


def markdown(tab: dict) -> str:
    lines = []
    for sid, t in tab["scenarios"].items():
        lines.append(f"{sid} ({t['score']}; normalized (score - random) / (book - random) with the shipped references)")
        paired = "paired_references" in t
        lines.append("| algorithm | budget (env steps, demonstrations included) | seeds | normalized at 0 (IQM) "
                     "| IQM at the budget (95% interval) | " + ("paired (the same 100 episodes) | " if paired else "")
                     + "best point (IQM, env steps) | CPU s a run |")
        lines.append("| --- | --- | ---: | ---: | --- | " + ("--- | " if paired else "") + "--- | --- |")
        for r in t["rows"]:
            demos = r["demo_decisions"]
            budget = (f"{min(r['env_steps']):,}-{max(r['env_steps']):,}" if min(r["env_steps"]) != max(r["env_steps"])
                      else f"{r['env_steps'][0]:,}")
            if demos:
                budget += f" (of which {min(demos):,}-{max(demos):,} demonstration decisions)"
            cpu = r["cpu_seconds_per_run"]
            lines.append(f"| {r['name']} | {budget} | {len(r['seeds'])} | {r['control_iqm']:.2f} | "
                         f"**{r['iqm']:.2f}** ({r['ci95'][0]:.2f}-{r['ci95'][1]:.2f}) | "
                         + (f"{r['iqm_paired']:.2f} ({r['ci95_paired'][0]:.2f}-{r['ci95_paired'][1]:.2f}) | " if paired else "") +
                         f"{r['best']['iqm']:.2f} at {r['best']['env_steps']:,} | {min(cpu):.0f}-{max(cpu):.0f} |")
        lines.append("")
    for algo, ag in tab["aggregate"].items():
        lines.append(f"all: {ALGO_NAMES.get(algo, algo)}: IQM {ag['iqm']:.2f} ({ag['ci95'][0]:.2f}-{ag['ci95'][1]:.2f}) "
                     f"over {ag['runs']} runs, {ag['scenarios']} scenario(s)")
    return "\n".join(lines) + "\n"


def plot_curves(tab: dict, path: Path) -> None:
    """One panel a scenario: every algorithm's IQM over seeds against env steps, its 95% band."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    items = list(tab["scenarios"].items())
    fig, axes = plt.subplots(1, len(items), figsize=(5.4 * len(items), 4.2), squeeze=False)
    for ax, (sid, t) in zip(axes[0], items):
        for k, r in enumerate(t["rows"]):
            n = min(len(run["curve"]) for run in r["runs"])
            xs = [max(run["curve"][i]["env_steps"] for run in r["runs"]) for i in range(n)]
            pts = [R.stratified_iqm_interval([[run["curve"][i]["normalized"] for run in r["runs"]]], 2000) for i in range(n)]
            ax.plot(xs, [p[0] for p in pts], color=f"C{k}", lw=2, marker="o", ms=3, label=f"{r['name']} ({len(r['seeds'])} seeds)")
            ax.fill_between(xs, [p[1] for p in pts], [p[2] for p in pts], color=f"C{k}", alpha=0.15)
        ax.axhline(1.0, color="0.4", ls="--", lw=1)
        ax.axhline(0.0, color="0.6", ls=":", lw=1)
        ax.axvline(tab["budget"], color="0.8", lw=1)
        ax.set_title(f"{sid}\nIQM over seeds, 95% bootstrap band; 1.0 = the book, 0 = random", fontsize=8)
        ax.set_xlabel("env steps (BC: demonstration decisions included)")
        ax.set_ylabel("normalized score, IQM over seeds")
        ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--algo", action="append", default=[],
                   help=f"ALGO=SWEEP_FOLDER, one per row ({', '.join(ALGOS)}); repeatable")
    p.add_argument("--scenarios", help="comma-separated scenario ids")
    p.add_argument("--budget", type=int, help="the stated budget: every run at least this many env steps")
    p.add_argument("--merge", type=Path, nargs="+", default=None, metavar="TABLE_JSON",
                   help="instead of --algo/--scenarios/--budget: tables this module wrote, for other scenarios, in "
                        "one (the aggregate recomputed over all of them)")
    p.add_argument("--resamples", type=int, default=R.RESAMPLES)
    p.add_argument("--json", type=Path, default=None)
    p.add_argument("--plot", type=Path, default=None, help="the curves, one panel a scenario (PNG)")
    p.add_argument("--profile", type=Path, default=None, help="the performance profiles at the budget (PNG)")
    p.add_argument("--paired", action="store_true",
                   help="also normalize with random and the book played on the runs' own evaluation episodes")
    p.add_argument("--outside", type=int, default=0, metavar="N",
                   help="for the unmasked rows: the share of decisions, over N evaluation episodes, where the final "
                        "policy's top output is outside the options (default 0: not measured)")
    a = p.parse_args(argv)
    try:
        if a.merge:
            if a.algo or a.scenarios or a.budget:
                raise ConfigError("--merge takes the tables only (not --algo, --scenarios or --budget)")
            tabs = []
            for f in a.merge:
                try:
                    tabs.append(json.loads(f.read_text()))
                except (OSError, ValueError) as exc:
                    raise ConfigError(f"--merge {f}: {exc}") from exc
            tab = merge(tabs, [str(f) for f in a.merge])
        elif not (a.algo and a.scenarios and a.budget):
            raise ConfigError("--algo, --scenarios and --budget are needed (or --merge)")
        else:
            tab = _from_runs(a)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return _publish(tab, a)


def _from_runs(a: argparse.Namespace) -> dict:
    sources = []
    for item in a.algo:
        algo, sep, folder = item.partition("=")
        if not sep or algo not in ALGOS or not Path(folder).is_dir():
            raise ConfigError(f"--algo {item!r}: not ALGO=SWEEP_FOLDER with ALGO one of {', '.join(ALGOS)} "
                              "and an existing folder")
        sources.append((algo, Path(folder)))
    tab = table(sources, [s for s in a.scenarios.split(",") if s], a.budget, a.resamples, a.paired)
    if a.outside:
        from .academy_sweep import UNMASKED

        for sid, t in tab["scenarios"].items():
            for r in t["rows"]:
                if r["algo"] in UNMASKED:
                    r["outside"] = [outside_share(Path(r["folder"]), sid, k, a.outside) for k in r["seeds"]]
    return tab


def _publish(tab: dict, a: argparse.Namespace) -> int:
    print(markdown(tab), end="")
    for sid, t in tab["scenarios"].items():
        for r in t["rows"]:
            if r.get("outside"):
                print(f"{sid} {r['name']}: top output outside the options on "
                      + ", ".join(f"{o['share']:.3f}" for o in r["outside"])
                      + ("; probability on the options " + ", ".join(f"{o['option_probability']:.3f}" for o in r["outside"])
                         if r["outside"][0]["option_probability"] is not None else "")
                      + f" of the decisions of {r['outside'][0]['episodes']} evaluation episodes (seeds {', '.join(map(str, r['seeds']))})")
    if a.json:
        a.json.parent.mkdir(parents=True, exist_ok=True)
        a.json.write_text(json.dumps(tab, indent=1) + "\n")
    if a.plot:
        plot_curves(tab, a.plot)
    if a.profile:
        n = len(tab["scenarios"])
        R.plot_profiles([(ALGO_NAMES.get(algo, algo), ag["profile"],
                          f"{ag['runs']} runs, {n} scenario{'s' if n > 1 else ''}, {tab['budget']:,} steps")
                         for algo, ag in tab["aggregate"].items()], a.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
