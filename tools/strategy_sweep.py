"""Play variants of a coach against a reference coach in mirror matches and print a table.

    python tools/strategy_sweep.py valueadd --games 4000 "by-the-book:rotation=false" \
        "by-the-book:intentional_fouls=false" "by-the-book:fast_break=always"

Each variant (any coach spec: a parameterised scripted coach, ``trained``, a model file) plays
``--games`` mirror games (the same bundled team at both ends, paired seeds, benches swapped) against
``--against`` (by-the-book by default). A row gives the variant's win rate with its Wilson 95%
interval and the mean margin with its interval: how much room a strategy leaves against the reference.
This is how the Value Add ceiling in docs/training.md was measured. Note: ``--seed 0`` (the default)
plays the same games as ``coachgym benchmark``'s mirror rows; to choose among candidate models
without touching the benchmark's games, sweep with another seed.
"""

from __future__ import annotations

import argparse

from coachgym.core.runner import BACKENDS, make_backend
from coachgym.evaluation.benchmark import play_series


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ruleset")
    ap.add_argument("variants", nargs="+", help="coach specs, e.g. by-the-book:rotation=false")
    ap.add_argument("--against", default="by-the-book")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--backend", choices=BACKENDS, default="local", help="where the games run (docs/series.md)")
    ap.add_argument("--address", default=None, help="Ray cluster address (with --backend ray)")
    ap.add_argument("--jobs", type=int, default=None, help="worker processes / Ray CPUs (default: every core)")
    args = ap.parse_args()
    rows = []
    with make_backend(args.backend, jobs=args.jobs, address=args.address) as backend:
        for spec in args.variants:
            r = play_series(args.ruleset, spec, args.against, "mirror", args.games, seed=args.seed, backend=backend)
            rows.append((spec, r.stats()))
    print(f"\n| {args.ruleset}: variant vs {args.against} (mirror) | games | win rate (95% CI) | mean margin (95% CI) |")
    print("| --- | --- | --- | --- |")
    for spec, s in rows:
        lo, hi = s["ci95"]
        mlo, mhi = s["margin_ci95"]
        print(f"| {spec} | {s['games']} | {s['win_rate']:.3f} ({lo:.3f}-{hi:.3f}) | {s['mean_margin']:+.2f} ({mlo:+.2f} to {mhi:+.2f}) |")


if __name__ == "__main__":
    main()
