"""The match runner's overhead: the same seeded series on each backend, games per second, and a check
that every backend played the same games.

    python tools/runner_overhead.py valueadd --games 2000 --jobs 2
    python tools/runner_overhead.py statispro --games 1000 --backends inline,local,ray

Ray's start-up (a private local instance) is timed apart from the series; the series itself is
timed from the first submission to the last result, twice on the same backend: the first run pays
for starting the worker processes (importing coachgym, loading teams), the second finds them warm. The load average of the machine is printed
with the figures, since other processes share the cores.
"""

from __future__ import annotations

import argparse
import os
import time

from coachgym.core.runner import InlineBackend, LocalBackend, RayBackend, play_series


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ruleset")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--coach-a", default="by-the-book")
    ap.add_argument("--coach-b", default="random")
    ap.add_argument("--chunk", type=int, default=None, help="games per task (default: the runner's choice)")
    ap.add_argument("--backends", default="inline,local,ray")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    rows, reference = [], None
    for name in args.backends.split(","):
        t0 = time.perf_counter()
        backend = {"inline": lambda: InlineBackend(), "local": lambda: LocalBackend(args.jobs),
                   "ray": lambda: RayBackend(jobs=args.jobs)}[name]()
        startup = time.perf_counter() - t0
        load = os.getloadavg()[0]
        times = []
        try:
            for _ in range(2):
                t1 = time.perf_counter()
                result = play_series(args.ruleset, args.coach_a, args.coach_b, args.games, seed=args.seed,
                                     backend=backend, chunk=args.chunk)
                times.append(time.perf_counter() - t1)
        finally:
            backend.close()
        key = [(g.seed, g.a_side, g.home_score, g.away_score) for g in result.games]
        same = reference is None or key == reference
        reference = reference or key
        rows.append((backend.describe(), startup, times, result.n, same, load))
    print(f"\n{args.ruleset}: {args.games} games, {args.coach_a} vs {args.coach_b}, seed {args.seed}")
    print("| backend | start-up (s) | first series (s) | games/s | second series (s) | games/s | same games | load average |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for d, su, (t1, t2), n, same, load in rows:
        print(f"| {d} | {su:.2f} | {t1:.2f} | {n / t1:.1f} | {t2:.2f} | {n / t2:.1f} | {'yes' if same else 'NO'} | {load:.2f} |")


if __name__ == "__main__":
    main()
