"""The run-to-run spread of a ``coachgym speed-compare --json FILE`` run, figure by figure.

``speed-compare`` keeps the best run of each tree (the least disturbed one on a shared machine); this
prints, for every ruleset and figure, each tree's lowest and highest run with the spread between them
((highest - lowest) / highest), the ratio of the best runs (the table speed-compare prints) and the
ratio of the medians, as a Markdown table: how large a difference the run could resolve at all.

    python tools/speed_spread.py speed.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

FIGURES = {"games": "games_per_cpu_second", "env": "env_steps_per_cpu_second", "search": "rollouts_per_cpu_second"}


def _median(values: list[float]) -> float:
    v = sorted(values)
    mid = len(v) // 2
    return v[mid] if len(v) % 2 else (v[mid - 1] + v[mid]) / 2


def _spread(values: list[float]) -> float:
    return (max(values) - min(values)) / max(values)


def rows(data: dict) -> list[dict]:
    """One row per (ruleset, figure) measured in both trees: lowest, highest, spread of each, both ratios."""
    found: dict[tuple[str, str], dict[str, list[float]]] = {}
    for entry in data["runs"]:
        key = FIGURES.get(entry["probe"])
        if key is None:
            continue
        values = [r[key] for r in entry["results"] if r.get(key)]
        if values:
            found.setdefault((entry["ruleset"], entry["probe"]), {})[entry["tree"]] = values
    out = []
    for (ruleset, probe), trees in found.items():
        old, new = trees.get("old"), trees.get("new")
        if not old or not new:
            continue
        out.append({"ruleset": ruleset, "figure": probe, "old": (min(old), max(old)), "new": (min(new), max(new)),
                    "old_spread": _spread(old), "new_spread": _spread(new), "best_ratio": max(new) / max(old),
                    "median_ratio": _median(new) / _median(old), "runs": (len(old), len(new))})
    return out


def render(data: dict) -> str:
    load = ", ".join(f"{x:.1f}" for x in data.get("load_before_rounds", []))
    lines = [f"old {data['old_rev']} against new {data.get('new_rev') or 'this tree'}; load average before the "
             f"rounds: {load}", "",
             "| ruleset | figure | old: lowest-highest (spread) | new: lowest-highest (spread) | best new/old | "
             "median new/old |", "| --- | --- | --- | --- | ---: | ---: |"]
    for r in rows(data):
        lines.append(f"| {r['ruleset']} | {r['figure']} | {r['old'][0]:,.0f}-{r['old'][1]:,.0f} ({r['old_spread']:.0%}) "
                     f"| {r['new'][0]:,.0f}-{r['new'][1]:,.0f} ({r['new_spread']:.0%}) | {r['best_ratio']:.2f}x "
                     f"| {r['median_ratio']:.2f}x |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python tools/speed_spread.py SPEED_COMPARE.json", file=sys.stderr)
        return 2
    try:
        data = json.loads(Path(args[0]).read_text(encoding="utf-8"))
        print(render(data))
    except (OSError, ValueError, KeyError) as exc:
        print(f"{args[0]}: not a speed-compare --json file ({type(exc).__name__}: {exc})", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
