"""The headroom over the book, measured in resumable chunks with a progress log.

    python tools/headroom.py RULESET --coach "search:budget=256,scope=default" [--games 400] [--chunk 20]
        [--opponent by-the-book] [--seed 31] [--jobs 1] [--log docs/benchmark/headroom/LOG.jsonl]
    python tools/headroom.py --summary docs/benchmark/headroom/*.jsonl      # the rows measured so far

Mirror games (every bundled team against itself), in pairs sharing a seed with the coaches swapping
benches (draws half; Wilson 95% intervals), as tools/search_benchmark.py plays them, but ``--chunk``
games at a time: each chunk (its own seed, ``seed * 1000 + k``) is appended to the log as one JSON
line as soon as it is played, with the running total printed, so a long run on a shared machine can
be stopped and resumed (chunks already in the log are skipped) and its partial result is never lost.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

from coachgym import rulesets
from coachgym.core.match import wilson_interval
from coachgym.core.runner import InlineBackend, make_backend, play_series

OUT = Path(__file__).resolve().parents[1] / "docs" / "benchmark" / "headroom"


def total(lines: list[dict]) -> dict:
    """Games, wins, draws, losses, win rate with its Wilson 95% interval, mean margin with its 95% interval."""
    margins = [m for line in lines for m in line["margins"]]
    n = len(margins)
    w = sum(m > 0 for m in margins)
    d = sum(m == 0 for m in margins)
    lo, hi = wilson_interval(w + 0.5 * d, n) if n else (math.nan, math.nan)
    mean = sum(margins) / n if n else math.nan
    sd = math.sqrt(sum((m - mean) ** 2 for m in margins) / (n - 1)) if n > 1 else math.nan
    h = 1.96 * sd / math.sqrt(n) if n > 1 else math.nan
    first = lines[0] if lines else {}
    return {"ruleset": first.get("ruleset"), "coach_a": first.get("coach"), "coach_b": first.get("opponent"),
            "games": n, "a_wins": w, "draws": d, "b_wins": n - w - d,
            "win_rate": (w + 0.5 * d) / n if n else math.nan, "ci95": [lo, hi], "mean_margin": mean,
            "margin_ci95": [mean - h, mean + h], "cpu_seconds": sum(line.get("cpu_seconds", 0) for line in lines),
            "commit": first.get("commit"), "engine_version": first.get("engine_version")}


def row_text(t: dict) -> str:
    return (f"{t['ruleset']} {t['coach_a']} vs {t['coach_b']}: {t['games']} games {t['a_wins']}-{t['draws']}-"
            f"{t['b_wins']}, win rate {t['win_rate']:.3f} ({t['ci95'][0]:.3f}-{t['ci95'][1]:.3f}), margin "
            f"{t['mean_margin']:+.2f} ({t['margin_ci95'][0]:+.2f} to {t['margin_ci95'][1]:+.2f})")


def read(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()] if path.exists() else []


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ruleset", nargs="?")
    ap.add_argument("--coach", default="search:budget=256,scope=default")
    ap.add_argument("--opponent", default="by-the-book")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--chunk", type=int, default=20)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--log", type=Path, default=None)
    ap.add_argument("--summary", nargs="*", type=Path, default=None, help="print the totals of these logs and stop")
    ap.add_argument("--markdown", action="store_true", help="with --summary: as a Markdown table")
    args = ap.parse_args(argv)
    if args.summary is not None:
        if args.markdown:
            print("| ruleset | coach A | coach B | games | A won-drawn-lost | A win rate (95% CI) | mean margin (95% CI) "
                  "| CPU s per game |\n| --- | --- | --- | --- | --- | --- | --- | --- |")
        for p in args.summary:
            t = total(read(p))
            if args.markdown:
                print(f"| {t['ruleset']} | `{t['coach_a']}` | {t['coach_b']} | {t['games']} | {t['a_wins']}-{t['draws']}-"
                      f"{t['b_wins']} | {t['win_rate']:.3f} ({t['ci95'][0]:.3f}-{t['ci95'][1]:.3f}) | "
                      f"{t['mean_margin']:+.2f} ({t['margin_ci95'][0]:+.2f} to {t['margin_ci95'][1]:+.2f}) | "
                      f"{t['cpu_seconds'] / max(1, t['games']):.1f} |")
            else:
                print(row_text(t))
        return
    if not args.ruleset:
        ap.error("name a ruleset (or --summary LOG ...)")
    rs = rulesets.get(args.ruleset)
    rs.coach(args.coach, seed=0)
    rs.coach(args.opponent, seed=0)
    OUT.mkdir(parents=True, exist_ok=True)
    safe = "".join(c if c.isalnum() or c in "=-" else "_" for c in f"{rs.name}_{args.coach}_vs_{args.opponent}")
    log = args.log or OUT / f"{safe}.jsonl"
    done = {line["chunk"] for line in read(log)}
    import subprocess

    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parents[1]).stdout.strip()
    teams = [(t, t) for t in rs.team_names()]
    backend = InlineBackend() if args.jobs <= 1 else make_backend("local", jobs=args.jobs)
    try:
        for k in range(math.ceil(args.games / args.chunk)):
            if k in done:
                continue
            t0, c0 = time.time(), time.process_time()
            r = play_series(rs.name, args.coach, args.opponent, args.chunk, seed=args.seed * 1000 + k, teams=teams,
                            backend=backend)
            line = {"chunk": k, "ruleset": rs.name, "coach": args.coach, "opponent": args.opponent,
                    "seed": args.seed * 1000 + k, "margins": [g.a_margin for g in r.games],
                    "wall_seconds": round(time.time() - t0, 1), "cpu_seconds": round(time.process_time() - c0, 1),
                    "commit": commit, "engine_version": rs.version, "command": "python tools/headroom.py " +
                    " ".join(sys.argv[1:] if argv is None else argv)}
            with log.open("a") as f:
                f.write(json.dumps(line) + "\n")
            print(time.strftime("%H:%M:%S"), f"chunk {k}:", row_text(total(read(log))), flush=True)
    finally:
        backend.close()
    print(f"wrote {log}")


if __name__ == "__main__":
    main()
