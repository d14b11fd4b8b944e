"""Rebuild the team files of a real league folder from its statistics (docs/league-seasons.md).

    python tools/build_league.py fourthstreet coachgym/rules/fourthstreet/data/leagues/nba-1980 [--stats FILE]

The folder's ``league.json`` names the franchises (stem -> Basketball-Reference team code and full
name); ``stats.csv`` (a Basketball-Reference season "Totals" export) holds the players' lines. The
team files are written beside them; rebuilding the bundled folder reproduces its files byte for byte
(tests/leagues/test_leagues.py). Until ``coachgym cards build`` covers 4th Street, this is its builder.
"""

from __future__ import annotations

import argparse
import sys

BUILDERS = {"fourthstreet": "coachgym.rules.fourthstreet.builder"}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ruleset", choices=sorted(BUILDERS))
    ap.add_argument("folder")
    ap.add_argument("--stats", default=None, help="statistics CSV (default: the folder's stats.csv)")
    args = ap.parse_args(argv)
    import importlib

    from coachgym.core.errors import CoachgymError

    builder = importlib.import_module(BUILDERS[args.ruleset])
    try:
        written = builder.write_league(args.folder, args.stats)
    except CoachgymError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {len(written)} team files in {args.folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
