"""The match runner's overhead: the same seeded series on each backend, and what each backend costs.

    python tools/runner_overhead.py statispro --games 1000 --jobs 2
    python tools/runner_overhead.py valueadd --games 2000 --backends local,ray

For each backend (inline, local processes, a private local Ray instance with ``--jobs`` CPUs):

* start-up: creating the backend (Ray starts its processes here);
* the series, twice on the same backend (the first run also pays for starting the worker
  processes: importing coachgym, loading teams; the second finds them warm): wall-clock seconds and
  games per second, and whether every backend played the same games;
* CPU per game inside the tasks (what the games themselves cost where they ran) and the wall-clock
  time of the second series beyond it, per game: ``wall x workers / games - CPU per game`` (the
  backend's overhead per game; on a machine that other work shares it also holds the time the
  workers waited for a core, so it is an upper bound);
* the round trip of an empty task (200 of them, submitted at once): the cost per task that a
  chunk's games must pay for.

The load average is printed with the figures, since other processes may share the cores.
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass

from coachgym.core.runner import CallTask, InlineBackend, LocalBackend, RayBackend, merge, series_chunks


@dataclass(frozen=True)
class Timed:
    """A task that also reports the CPU seconds its games took in the worker."""

    inner: object

    @property
    def games(self) -> int:
        return self.inner.games

    def run(self):
        t = time.process_time()
        result = self.inner.run()
        return result, time.process_time() - t


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
        tasks = [Timed(t) for t in series_chunks(args.ruleset, args.coach_a, args.coach_b, args.games, seed=args.seed,
                                                 chunk=args.chunk, workers=backend.workers)]
        times, cpu = [], 0.0
        try:
            for _ in range(2):
                t1 = time.perf_counter()
                out = backend.map(tasks)
                times.append(time.perf_counter() - t1)
                cpu = sum(c for _, c in out)
            t2 = time.perf_counter()
            backend.map([CallTask(time.sleep, (0,), games=0) for _ in range(200)])
            per_task = (time.perf_counter() - t2) / 200
        finally:
            backend.close()
        result = merge(r for r, _ in out)
        key = [(g.seed, g.a_side, g.home_score, g.away_score) for g in result.games]
        same = reference is None or key == reference
        reference = reference or key
        n = result.n
        rows.append((backend.describe(), startup, times, n, cpu / n, times[1] * backend.workers / n - cpu / n,
                     per_task, same, load, len(tasks)))
    print(f"\n{args.ruleset}: {args.games} games, {args.coach_a} vs {args.coach_b}, seed {args.seed}, "
          f"{rows[0][9]} tasks")
    print("| backend | start-up (s) | first series (s) | second series (s) | games/s (second) | CPU ms per game "
          "in the tasks | overhead ms per game | empty task round trip (ms) | same games | load average |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for d, su, (t1, t2), n, cpg, ovh, pt, same, load, _ in rows:
        print(f"| {d} | {su:.2f} | {t1:.2f} | {t2:.2f} | {n / t2:.1f} | {1000 * cpg:.1f} | {1000 * ovh:.1f} | "
              f"{1000 * pt:.2f} | {'yes' if same else 'NO'} | {load:.2f} |")


if __name__ == "__main__":
    main()
