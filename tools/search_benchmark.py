"""Benchmark the search coach: paired mirror games against by-the-book and trained at several budgets,
with the time it takes per decision.

    python tools/search_benchmark.py RULESET [RULESET ...] [--budgets 16,64] [--games 100]
        [--opponents by-the-book,trained] [--params horizon=40] [--timing-games 4] [--seed 31] [--jobs 2]

Each row is a series of ``--games`` mirror games (every bundled team against itself, games in pairs
sharing a seed with the coaches swapping benches; draws count half; Wilson 95% intervals) played
through evaluation/benchmark.py's machinery on local worker processes. The time per decision comes
from ``--timing-games`` extra games played in this process against the same opponent (CPU seconds of
the search coach's own decisions, so it does not depend on what else the machine runs), with what
was searched and where the search departed from its base policy.

Rows are merged into docs/benchmark/search/search.json (one row per ruleset, coach and opponent),
then search.md and search.png are written from all rows.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

from coachgym import rulesets
from coachgym.core.match import play_game
from coachgym.core.runner import make_backend
from coachgym.evaluation.benchmark import benchmark_ruleset, plot

OUT = Path(__file__).resolve().parents[1] / "docs" / "benchmark" / "search"


def timing(name: str, spec: str, opponent: str, games: int, seed: int) -> dict:
    """The search coach's CPU time per decision and what it searched, over ``games`` games."""
    rs = rulesets.get(name)
    team = rs.team_names()[0]
    total: dict = {}
    switches: dict = {}
    for i in range(games):
        coach = rs.coach(spec, seed=seed + i)
        opp = rs.coach(opponent, seed=seed + 100 + i)
        game = rs.new_game(team, team, seed=seed + 1000 + i, record_events=False)
        if i % 2 == 0:
            play_game(game, coach, opp, seed=seed + i)
        else:
            play_game(game, opp, coach, seed=seed + i)
        s = coach.stats()
        for k in ("decisions", "searched", "switched", "rollouts", "seconds", "search_seconds"):
            total[k] = total.get(k, 0) + s[k]
        for k, v in s["switches"].items():
            switches[k] = switches.get(k, 0) + v
    d, n = total["decisions"], max(1, total["searched"])
    return {"timing_games": games, "decisions_per_game": d / games,
            "searched_share": total["searched"] / d, "switched_share_of_searched": total["switched"] / n,
            "rollouts_per_search": total["rollouts"] / n, "cpu_ms_per_decision": 1000 * total["seconds"] / d,
            "cpu_ms_per_search": 1000 * total["search_seconds"] / n,
            "cpu_s_per_game": total["seconds"] / games,
            "top_switches": dict(sorted(switches.items(), key=lambda kv: -kv[1])[:5])}


def to_markdown(rows: list[dict]) -> str:
    out = ["| ruleset | coach A | coach B | games | A won-drawn-lost | A win rate (95% CI) | mean margin (95% CI) | "
           "CPU ms per decision (per search) | searched | switched |",
           "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        t = r.get("timing", {})
        out.append(f"| {r['ruleset']} | {r['coach_a']} | {r['coach_b']} | {r['games']} | "
                   f"{r['a_wins']}-{r['draws']}-{r['b_wins']} | {r['win_rate']:.3f} ({r['ci95'][0]:.3f}-{r['ci95'][1]:.3f}) | "
                   f"{r['mean_margin']:+.2f} ({r['margin_ci95'][0]:+.2f} to {r['margin_ci95'][1]:+.2f}) | "
                   f"{t.get('cpu_ms_per_decision', float('nan')):.1f} ({t.get('cpu_ms_per_search', float('nan')):.0f}) | "
                   f"{t.get('searched_share', float('nan')):.0%} | {t.get('switched_share_of_searched', float('nan')):.0%} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rulesets", nargs="+")
    ap.add_argument("--budgets", default="16,64")
    ap.add_argument("--opponents", default="by-the-book,trained")
    ap.add_argument("--params", default="", help="more search coach parameters, e.g. horizon=20")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--timing-games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / "search.json"
    rows = json.loads(path.read_text()) if path.exists() else []
    command = "python tools/search_benchmark.py " + " ".join(sys.argv[1:] if argv is None else argv)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parents[1]).stdout.strip()
    backend = make_backend("local", jobs=args.jobs)
    try:
        for name in args.rulesets:
            name = rulesets.get(name).name
            for budget in args.budgets.split(","):
                spec = f"search:budget={budget}" + (f",{args.params}" if args.params else "")
                for opp in args.opponents.split(","):
                    t0 = time.time()
                    new = benchmark_ruleset(name, args.games, seed=args.seed, pairings=((spec, opp),), kinds=("mirror",),
                                            backend=backend)
                    for r in new:
                        if "error" in r:
                            raise SystemExit(f"{name}: {r['error']}")
                        r["timing"] = timing(name, spec, opp, args.timing_games, args.seed + 7)
                        r["wall_seconds"] = round(time.time() - t0)
                        r["command"] = command
                        r["seed"] = args.seed
                        r["commit"] = commit  # the engines change: which version of the rules the row measured
                        r["engine_version"] = rulesets.get(name).version
                        rows = [x for x in rows if (x["ruleset"], x["coach_a"], x["coach_b"]) != (name, spec, opp)] + [r]
                        print(to_markdown([r]).splitlines()[-1], flush=True)
                    path.write_text(json.dumps(rows, indent=2) + "\n")
    finally:
        backend.close()
    order = {e.name: i for i, e in enumerate(rulesets.entries())}

    def budget(spec: str) -> tuple[int, str]:  # search:budget=16 before 64 before 256, then other parameters
        digits = spec.split("budget=", 1)[1].split(",", 1)[0] if "budget=" in spec else ""
        return (int(digits) if digits.isdigit() else 0, spec)

    rows.sort(key=lambda r: (order[r["ruleset"]], r["coach_b"], budget(r["coach_a"])))
    path.write_text(json.dumps(rows, indent=2) + "\n")
    (OUT / "search.md").write_text(to_markdown(rows) + "\n")
    try:
        plot(rows, OUT / "search.png")
    except RuntimeError:
        pass
    print(f"wrote {path}, {OUT / 'search.md'} and {OUT / 'search.png'}")


if __name__ == "__main__":
    main()
