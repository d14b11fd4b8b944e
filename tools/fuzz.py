"""Random fuzz with every invariant checked after every event, and its figures.

    python tools/fuzz.py                       # 1,000,000 decisions per ruleset
    python tools/fuzz.py valueadd --decisions 50000 --seed 3

Prints, per ruleset: decisions, games, events checked, seconds, failures (each with its seed,
options, teams and the event after which the invariant failed). See coachgym.evaluation.fuzz.
"""

from __future__ import annotations

import argparse
import sys

from tqdm import tqdm

from coachgym import rulesets
from coachgym.evaluation.fuzz import fuzz


def _count(text: str) -> int:
    """A count of decisions: a whole number from 1 to 10^9 (a clear usage error otherwise)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= value <= 10**9:
        raise argparse.ArgumentTypeError(f"{value} is not from 1 to 1000000000")
    return value


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python tools/fuzz.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("rulesets", nargs="*", help="default: every ruleset")
    ap.add_argument("--decisions", type=_count, default=1_000_000, help="decisions per ruleset (1 to 10^9)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--keep-going", action="store_true", help="collect every failure instead of stopping at the first")
    args = ap.parse_args(argv)
    names = [rulesets.get(n).name for n in args.rulesets] or [e.name for e in rulesets.entries()]
    failed = False
    for name in names:
        with tqdm(total=args.decisions, desc=f"fuzz {name}", unit="decision", dynamic_ncols=True) as bar:
            rep = fuzz(name, args.decisions, seed=args.seed, stop_on_failure=not args.keep_going, progress=bar.update)
        print(rep.line())
        for f in rep.failures[:20]:
            print("  ", f)
        failed |= bool(rep.failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
