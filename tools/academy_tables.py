"""The tables of docs/academy.md from the shipped data: the scenarios, the start-position pools and
the reference scores, and every scenario's learning status (``python tools/academy_tables.py
scenarios|positions|references|status|heldout|precision``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from coachgym.academy import build as B
from coachgym.academy.evaluate import references
from coachgym.envs import academy as A


def scenarios_table() -> str:
    rows = ["| scenario | level | start (strategy grammar) | end | score |", "| --- | ---: | --- | --- | --- |"]
    for sc in A.scenarios():
        rows.append(f"| `{sc.id}`: {sc.title} | {sc.level} | `{sc.start}` | {sc.end} | {sc.score_name} |")
    return "\n".join(rows)


def positions_table() -> str:
    rows = ["| scenario | positions | games played to find them | share of games | file (bytes) |",
            "| --- | ---: | ---: | ---: | ---: |"]
    total = 0
    for sc in A.scenarios():
        data = A.positions_data(sc.id)
        size = B.data_dir().joinpath(A.positions_file(sc.id)).stat().st_size
        total += size
        n = len(data["positions"])
        rows.append(f"| `{sc.id}` | {n} | {data['games']} | {n / data['games']:.1%} | {size:,} |")
    rows.append(f"| all | | | | {total:,} |")
    return "\n".join(rows)


def _cell(r: dict | None, digits: int = 3) -> str:
    if not r:
        return "-"
    return f"{r['mean']:.{digits}f} ({r['low']:.{digits}f}-{r['high']:.{digits}f})"


def references_table() -> str:
    refs = references()
    rows = ["| scenario | score | random | by-the-book | best one-rule file | held search (budget 256) | CPU s (random, book) |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    for sc in A.scenarios():
        r = refs.get(sc.id, {})
        d = 3 if sc.reward == "win" else 2
        best = r.get("best-rule")
        best_txt = f"{_cell(best, d)} `{best['coach'].split(':', 1)[1]}`" if best else "-"
        s = r.get("search:budget=256")
        s_txt = f"{_cell(s, d)}, {s['episodes']} episodes" if s else "not run"
        cpu = ", ".join(str(r[k]["cpu_seconds"]) for k in ("random", "by-the-book") if k in r)
        rows.append(f"| `{sc.id}` | {sc.score_name} | {_cell(r.get('random'), d)} | {_cell(r.get('by-the-book'), d)} | "
                    f"{best_txt} | {s_txt} | {cpu} |")
    return "\n".join(rows)


# the learning reports docs/academy.md cites (academy_report's JSON), in the order their rows are listed
BENCH = Path(__file__).resolve().parent.parent / "docs" / "benchmark"
LEARNING_REPORTS = ("academy_learning.json", "academy_learning_valueadd_150k.json", "academy_learning_fourthstreet_100k.json",
                    "academy_learning_macro_drop_valueadd.json", "academy_learning_macro_drop_fourthstreet_100k.json",
                    "academy_learning_macro_drop_fourthstreet_q1.json", "academy_learning_cover20k.json",
                    "academy_learning_cover20k_r3.json", "academy_learning_cover20k_shot.json",
                    "academy_learning_cover40k.json", "academy_learning_cover60k.json", "academy_learning_cover60k_r3.json",
                    "academy_learning_cover60k_last9_up3.json",
                    "academy_learning_cover80k.json", "academy_learning_cover100k.json",
                    # the fourth round
                    "academy_learning_cover20k_r4.json", "academy_learning_stall004_r4.json", "academy_learning_stall004_100k_r4.json",
                    "academy_learning_cover60k_r4.json", "academy_learning_cover100k_r4.json",
                    "academy_learning_cover150k.json",
                    # the fifth round
                    "academy_learning_cover100k_r5.json", "academy_learning_cover150k_r5.json",
                    "academy_learning_lr1e4_r5.json", "academy_learning_shotsub_r5.json",
                    "academy_learning_shotsub60k_r5.json", "academy_learning_shotsub100k_r5.json",
                    "academy_learning_shotsub150k_r5.json", "academy_learning_lr1e4_100k_r6.json",
                    "academy_learning_500k_r6.json",
                    # the seventh round
                    "academy_learning_shotsub60k_r7.json", "academy_learning_shotsub150k_r7.json",
                    "academy_learning_full1m_r7.json",
                    # the eighth round
                    "academy_learning_cover20k_r8.json", "academy_learning_cover100k_r8.json")
BUDGET = 20480  # the coverage table's budget (env steps): every run's point there


def _hp(config: dict) -> str:
    """The run's hyperparameters that differ from the sweep's defaults (``--hp``), e.g. ``, n_steps=4096``."""
    from coachgym.training.academy_sweep import HYPERPARAMETERS

    hyper = config.get("hyperparameters") or {}
    out = []
    for key, default in HYPERPARAMETERS.items():
        value = hyper.get(key, default)
        if value != default:
            if key == "policy_kwargs":
                out.append("net_arch=" + "x".join(str(n) for n in value.get("net_arch", [])))
            else:
                out.append(f"{key}={value:g}" if isinstance(value, float) else f"{key}={value}")
    return (", " + ", ".join(out)) if out else ""


def _actions(config: dict) -> str:
    stall = f", stall cost {config['stall_cost']:g}" if config.get("stall_cost") else ""
    if not config.get("macros"):
        return "table" + stall + _hp(config)
    return f"macro {', '.join(config['macros'])}" + (" (its kinds only by it)" if config.get("action_kinds") else "") + (
        stall + _hp(config))


def _point(t: dict, env_steps: int | None = None) -> dict | None:
    pts = [p for p in t["points"] if "iqm_normalized" in p and (env_steps is None or p["env_steps"] <= env_steps)]
    return pts[-1] if pts else None


def _norm(p: dict | None, at: int | None = None) -> str:
    if p is None:
        return "-"
    where = f" at {p['env_steps']:,}" if at is not None and p["env_steps"] != at else ""
    return f"{p['iqm_normalized']:.2f} ({p['ci95'][0]:.2f}-{p['ci95'][1]:.2f}){where}"


def _learning_reports(bench: Path):
    """``(report name, scenario, its row)`` for every learning report of :data:`LEARNING_REPORTS` in ``bench``."""
    for name in LEARNING_REPORTS:
        f = bench / name
        if f.is_file():
            for sid, t in json.loads(f.read_text())["scenarios"].items():
                yield name, sid, t


def status_table(bench: Path = BENCH) -> str:
    """Every scenario: each learning configuration run on it (academy_report JSONs), at the coverage
    budget (:data:`BUDGET`) and at its own budget, whether the issue's bar (IQM >= 0.9, lower bound >=
    0.8) is met at any point, and what a fixed policy is worth there (``play_or_macro_*.json``:
    first-legal, and "the ruleset's book macro where it applies, else first-legal")."""
    from coachgym.academy.evaluate import normalized

    refs = references()
    fixed: dict = {}
    for f in sorted(bench.glob("academy_diagnose/play_or_macro_*.json")):
        for row in json.loads(f.read_text()):
            r = refs.get(row["scenario"], {})
            fixed[row["scenario"]] = {c.split(":")[0]: normalized(float(sum(v) / len(v)), r) for c, v in row["scores"].items()}
    runs: dict = {}
    for name, sid, t in _learning_reports(bench):
        runs.setdefault(sid, []).append((name, t))
    rows = ["| scenario | first-legal | play-or-macro | policy's actions (MaskablePPO from scratch) | seeds | budget | "
            f"normalized at 0 | at {BUDGET:,} | at the budget | bar met (IQM >= 0.9, low >= 0.8) | CPU s a run | report |",
            "| --- | ---: | ---: | --- | ---: | ---: | --- | --- | --- | --- | --- | --- |"]
    for sc in A.scenarios():
        fx = fixed.get(sc.id, {})
        fl = "-" if fx.get("first-legal") is None else f"{fx['first-legal']:.2f}"
        pm = "-" if fx.get("macro-then-first-legal") is None else f"{fx['macro-then-first-legal']:.2f}"
        if sc.id not in runs:
            rows.append(f"| `{sc.id}` | {fl} | {pm} | not run | | | | | | | | |")
            continue
        for name, t in runs[sc.id]:
            met = [p for p in t["points"] if "iqm_normalized" in p and p["iqm_normalized"] >= 0.9 and p["ci95"][0] >= 0.8]
            bar = f"yes, from {met[0]['env_steps']:,}" if met else "no"
            if met and t["points"][-1] not in met:
                bar += " (not at the budget)"
            cpu = t["cpu_seconds_per_run"]
            reached = f"{t['points'][-1]['env_steps']:,}"
            if t.get("cut_short") and t.get("configured_budget", 0) > t["points"][-1]["steps"]:
                reached += f" (cut short of {t['configured_budget']:,})"  # a --partial report: the budget not reached
            rows.append(f"| `{sc.id}` | {fl} | {pm} | {_actions(t['config'])} | {len(t['seeds'])} | {reached} | "
                        f"{_norm(t['points'][0])} | {_norm(_point(t, BUDGET), BUDGET)} | {_norm(_point(t))} | {bar} | "
                        f"{min(cpu):.0f}-{max(cpu):.0f} | `{name}` |")
    return "\n".join(rows)


def bar_count(bench: Path = BENCH) -> str:
    """One line under the status table: on how many scenarios the issue's bar (IQM >= 0.9 with its lower
    bound >= 0.8 at some point of a 5-seed curve) is met by any learning report, and which."""
    met = [sid for _, sid, t in _learning_reports(bench)
           if len(t["seeds"]) >= 5 and any("iqm_normalized" in q and q["iqm_normalized"] >= 0.9 and q["ci95"][0] >= 0.8
                                           for q in t["points"])]
    ids = [sc.id for sc in A.scenarios() if sc.id in met]
    return f"bar met (IQM >= 0.9, lower bound >= 0.8, 5 seeds) on {len(ids)} of {len(A.scenarios())} scenarios: " + ", ".join(ids)


def held_out_table(bench: Path = BENCH) -> str:
    """The final checkpoints on held-out evaluation episodes (``academy_report --held-out``'s JSONs,
    ``academy_held_out*.json``): per scenario the runs, the references on the same episodes, the IQM of
    the normalized score with the shipped references and paired, and whether its lower bound is above
    the book (1.0)."""
    rows = ["| scenario | runs (budget) | episodes (evaluation seeds) | random, book on them | score per run | "
            "normalized IQM, shipped references (bootstrap over runs) | paired (over runs) | paired (over runs and episodes) | "
            "lower bound above the book | CPU s | report |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- | ---: | --- |"]

    def cell(t):
        return "-" if t is None else f"{t[0]:.2f} ({t[1]:.2f}-{t[2]:.2f})"

    for f in sorted(bench.glob("academy_held_out*.json")):
        for r in json.loads(f.read_text()):
            sc = A.scenario(r["scenario"])
            d = 3 if sc.reward == "win" else 2
            refs = r["references"]
            steps = sorted({x["env_steps"] for x in r["runs"]})
            budget = f"{len(r['runs'])} ({steps[0]:,}" + (f"-{steps[-1]:,}" if len(steps) > 1 else "") + " steps)"
            per = ", ".join(f"{x['mean']:.{d}f}" for x in r["runs"])
            both = r.get("iqm_normalized_paired_runs_and_episodes")
            lows = [t[1] for t in (r.get("iqm_normalized"), r.get("iqm_normalized_paired"), both) if t]
            above = "yes" if lows and min(lows) > 1.0 else ("on some intervals" if any(x > 1.0 for x in lows) else "no")
            rows.append(f"| `{sc.id}` | {budget} | {r['episodes']:,} ({r['evaluation_seeds']}) | "
                        f"{refs['random']['mean']:.{d}f}, {refs['by-the-book']['mean']:.{d}f} | {per} | "
                        f"{cell(r.get('iqm_normalized'))} | {cell(r.get('iqm_normalized_paired'))} | {cell(both)} | "
                        f"{above} | {r['cpu_seconds']} | `{f.name}` |")
    return "\n".join(rows)


def precision_table(target: float = 0.1) -> str:
    """How many evaluation episodes a curve point would need for the normalized score of one policy
    playing like the book to have a standard error of at most ``target``, read off the shipped
    references alone (no training result): the book's per-episode standard deviation (its 95% interval
    over its episodes, normal approximation) divided by ``target`` times the book-random gap, squared;
    beside it the standard error at the protocol's 100 episodes a point and the relative standard
    error of the gap itself (random's and the book's errors on their own episodes)."""
    import math

    refs = references()
    rows = [f"| scenario | score | book - random | book's sd an episode | episodes for a normalized SE <= {target:g} | "
            "normalized SE at 100 episodes | the gap's own relative SE (shipped references) |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    for sc in A.scenarios():
        r = refs.get(sc.id, {})
        book, rand = r.get("by-the-book"), r.get("random")
        if not book or not rand:
            rows.append(f"| `{sc.id}` | {sc.score_name} | - | - | - | - | - |")
            continue
        gap = abs(book["mean"] - rand["mean"])
        sd_book = (book["high"] - book["low"]) / (2 * 1.96) * math.sqrt(book["episodes"])
        sd_rand = (rand["high"] - rand["low"]) / (2 * 1.96) * math.sqrt(rand["episodes"])
        n = math.ceil((sd_book / (target * gap)) ** 2)
        se100 = sd_book / math.sqrt(100) / gap
        gap_se = math.sqrt(sd_book ** 2 / book["episodes"] + sd_rand ** 2 / rand["episodes"]) / gap
        d = 3 if sc.reward == "win" else 2
        rows.append(f"| `{sc.id}` | {sc.score_name} | {gap:.{d}f} | {sd_book:.{d}f} | {n:,} | {se100:.2f} | {gap_se:.2f} |")
    return "\n".join(rows)


# the full game's four training methods of the eighth round (docs/academy.md, "The researcher's four"):
# (label, learning report, held-out report), the reports under docs/benchmark/
FULL_GAME_METHODS = (
    ("from scratch", "academy_learning_four_r8_full200k_scratch.json", "academy_held_out_four_r8_full200k_scratch.json"),
    ("curriculum from valueadd-second-half", "academy_learning_four_r7_full_curriculum.json",
     "academy_held_out_four_r7_full_curriculum.json"),
    ("shaping by margin (1.0)", "academy_learning_four_r7_full_shaping.json", "academy_held_out_four_r7_full_shaping.json"),
    ("self-play (0.5)", "academy_learning_four_r8_full200k_selfplay.json", "academy_held_out_four_r8_full200k_selfplay.json"),
)


def methods_table(bench: Path = BENCH, plot: Path | None = None) -> str:
    """The full game's training methods side by side (:data:`FULL_GAME_METHODS`): each one's curve IQM
    at its budget (its learning report) and its final checkpoints on the held-out games (its held-out
    report: normalized with the shipped references and paired), with a PNG of the curves and of the
    held-out scores when ``plot`` is given."""
    def cell(v: list | None) -> str:
        return f"{v[0]:.2f} ({v[1]:.2f}-{v[2]:.2f})" if v else "-"

    rows = ["| method | seeds | env steps | curve IQM at the budget (100 games a point) | held out: IQM normalized "
            "(shipped references) | paired (random and the book on the same games) | held-out win rate a seed | "
            "CPU s a run | reports |", "| --- | ---: | --- | --- | --- | --- | --- | --- | --- |"]
    drawn = []
    for label, learn_name, held_name in FULL_GAME_METHODS:
        lf, hf = bench / learn_name, bench / held_name
        if not lf.is_file() or not hf.is_file():
            rows.append(f"| {label} | - | - | not run | - | - | - | - | |")
            continue
        t = next(iter(json.loads(lf.read_text())["scenarios"].values()))
        h = json.loads(hf.read_text())
        h = h[0] if isinstance(h, list) else h
        last = t["points"][-1]
        steps = sorted({r["env_steps"] for r in h["runs"]})
        cpu = t.get("cpu_seconds_per_run") or []
        cpu_txt = f"{min(cpu):.0f}-{max(cpu):.0f}" if cpu else "-"
        span = f"{steps[0]:,}" + (f"-{steps[-1]:,}" if len(steps) > 1 else "")
        paired = h.get("iqm_normalized_paired_runs_and_episodes") or h.get("iqm_normalized_paired")
        wins = ", ".join(f"{r['mean']:.3f}" for r in h["runs"])
        rows.append(f"| {label} | {len(h['runs'])} | {span} | {cell([last['iqm_normalized'], *last['ci95']])} | "
                    f"{cell(h.get('iqm_normalized'))} | {cell(paired)} | {wins} | {cpu_txt} | `{lf.name}`, `{hf.name}` |")
        drawn.append((label, t["points"], h))
    if plot is not None and drawn:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, (ax, bx) = plt.subplots(1, 2, figsize=(12, 4.2), gridspec_kw={"width_ratios": [3, 2]})
        for k, (label, pts, h) in enumerate(drawn):
            x = [p["env_steps"] for p in pts]
            ax.plot(x, [p["iqm_normalized"] for p in pts], marker="o", label=label, color=f"C{k}")
            ax.fill_between(x, [p["ci95"][0] for p in pts], [p["ci95"][1] for p in pts], alpha=0.12, color=f"C{k}")
            v = h.get("iqm_normalized_paired_runs_and_episodes") or h.get("iqm_normalized_paired")
            if v:
                bx.errorbar([k], [v[0]], yerr=[[v[0] - v[1]], [v[2] - v[0]]], fmt="o", capsize=5, color=f"C{k}")
        for a in (ax, bx):
            a.axhline(1.0, ls="--", color="green", lw=1, label="by-the-book (1.0)")
            a.axhline(0.0, ls=":", color="red", lw=1, label="random (0.0)")
            a.set_ylabel("normalized score")
        ax.set_xlabel("env steps (training)")
        ax.set_title("valueadd-full-game: the curves (IQM over 5 seeds, 100 games a point)", fontsize=9)
        ax.legend(fontsize=7, loc="lower right")
        bx.set_xticks(range(len(drawn)), [d[0].split(" (")[0].replace(" from ", "\nfrom ") for d in drawn], fontsize=7)
        bx.set_title("final checkpoints on 500 held-out games (paired IQM, 95% interval)", fontsize=9)
        fig.tight_layout()
        fig.savefig(plot, dpi=110)
        plt.close(fig)
    return "\n".join(rows)


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "scenarios"
    print({"scenarios": scenarios_table, "positions": positions_table, "references": references_table,
           "status": lambda: status_table() + "\n\n" + bar_count(), "heldout": held_out_table,
           "precision": precision_table,
           "methods": lambda: methods_table(plot=BENCH.parent / "img" / "academy" / "full_game_methods_r8.png")}[what]())
