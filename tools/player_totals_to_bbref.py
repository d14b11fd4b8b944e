"""Convert rows of sumitrodatta's "Player Totals.csv" (Basketball-Reference season totals, one row per
player, season and team: ``seas_id,season,player_id,player,...,tm,g,gs,mp,fg,...,pts``) to the
Basketball-Reference "Totals" export columns that the card builders read (docs/league-seasons.md).

    python tools/player_totals_to_bbref.py ROWS.csv --season 1980 > stats.csv

ROWS.csv holds that file's rows (with or without its header line); only rows of ``--season`` (the
year the season ends) are kept, in their order. Counts are copied unchanged; the percentages are
those of the source.
"""

from __future__ import annotations

import argparse
import csv
import sys

SOURCE = ("seas_id,season,player_id,player,birth_year,hof,pos,age,experience,lg,tm,g,gs,mp,fg,fga,fg_percent,x3p,"
          "x3pa,x3p_percent,x2p,x2pa,x2p_percent,e_fg_percent,ft,fta,ft_percent,orb,drb,trb,ast,stl,blk,tov,pf,pts"
          ).split(",")
BBREF = ("Player,Pos,Age,Tm,G,GS,MP,FG,FGA,FG%,3P,3PA,3P%,2P,2PA,2P%,eFG%,FT,FTA,FT%,ORB,DRB,TRB,AST,STL,BLK,TOV,PF,PTS"
         ).split(",")
MAP = dict(zip(BBREF, ["player", "pos", "age", "tm", "g", "gs", "mp", "fg", "fga", "fg_percent", "x3p", "x3pa",
                       "x3p_percent", "x2p", "x2pa", "x2p_percent", "e_fg_percent", "ft", "fta", "ft_percent", "orb",
                       "drb", "trb", "ast", "stl", "blk", "tov", "pf", "pts"]))


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rows")
    ap.add_argument("--season", type=int, required=True)
    args = ap.parse_args(argv)
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(BBREF)
    with open(args.rows, newline="", encoding="utf-8") as fh:
        for k, row in enumerate(csv.reader(fh), start=1):
            if row and row[0] == "seas_id":
                continue
            if len(row) != len(SOURCE):
                print(f"{args.rows}: line {k}: {len(row)} columns, expected {len(SOURCE)}", file=sys.stderr)
                return 1
            d = dict(zip(SOURCE, row))
            if int(d["season"]) != args.season:
                continue
            out.writerow([d[MAP[c]] for c in BBREF])
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
