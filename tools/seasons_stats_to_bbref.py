"""Convert one season of the Kaggle data set "NBA Players stats since 1950" (``Seasons_Stats.csv``,
Basketball-Reference season totals, one row per player, season and team, ``TOT`` for a traded
player's season) to the Basketball-Reference "Totals" export columns that ``coachgym cards build``
reads (docs/leagues.md).

    python tools/seasons_stats_to_bbref.py Seasons_Stats.csv --season 1997 > stats.csv

``--season`` is the file's ``Year`` (the year the season ends: 1997 = 1996-97). Every row of that
year is kept, in its order, the Hall of Fame ``*`` dropped from names; counts are written as whole
numbers (the file writes some as ``82.0``), percentages as in the source. The data set cuts some
names short (1992-93: "Vinny Del", "Hot Rod", "Eddie Lee"); they are kept as written. A file without
the columns, or a count that is not a whole number, is one error line naming the file and the line.
"""

from __future__ import annotations

import argparse
import csv
import sys

BBREF = ("Player,Pos,Age,Tm,G,GS,MP,FG,FGA,FG%,3P,3PA,3P%,2P,2PA,2P%,eFG%,FT,FTA,FT%,ORB,DRB,TRB,AST,STL,BLK,TOV,PF,PTS"
         ).split(",")
TEXT = ("Player", "Pos", "Tm", "FG%", "3P%", "2P%", "eFG%", "FT%")


def convert(path: str, season: int, out) -> int:
    w = csv.writer(out, lineterminator="\n")
    try:
        fh = open(path, newline="", encoding="utf-8")
    except OSError as exc:
        print(f"error: {path}: cannot be read ({exc.strerror or exc})", file=sys.stderr)
        return 1
    with fh:
        reader = csv.DictReader(fh)
        missing = [c for c in ("Year", *BBREF) if c not in (reader.fieldnames or [])]
        if missing:
            print(f"error: {path}: column(s) {', '.join(missing)} missing (the Kaggle Seasons_Stats.csv)",
                  file=sys.stderr)
            return 1
        w.writerow(BBREF)
        for k, row in enumerate(reader, start=2):
            try:
                if int(float(row["Year"] or 0)) != season or not (row["Player"] or "").strip():
                    continue
                cells = []
                for c in BBREF:
                    v = (row[c] or "").strip()
                    if c == "Player":
                        v = v.rstrip("*").strip()
                    elif c not in TEXT and v:
                        f = float(v)
                        if f != int(f):
                            raise ValueError(f"column {c}: {v!r} is not a whole number")
                        v = str(int(f))
                    cells.append(v)
            except ValueError as exc:
                print(f"error: {path}: line {k}: {exc}", file=sys.stderr)
                return 1
            w.writerow(cells)
    return 0


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rows")
    ap.add_argument("--season", type=int, required=True, help="the Year column (the year the season ends)")
    args = ap.parse_args(argv)
    return convert(args.rows, args.season, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
