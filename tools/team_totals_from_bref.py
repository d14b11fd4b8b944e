"""A season's team totals for ``coachgym cards build --team-stats`` (docs/leagues.md) from sumitrodatta's
Basketball-Reference tables (github.com/sumitrodatta/bball-reference-datasets, folder ``Data``):
``Team Totals.csv`` (G, PTS and the possession columns FGA, ORB, TOV, FTA), ``Opponent Totals.csv``
(OPP_PTS and OPP_FGA, OPP_ORB, OPP_TOV, OPP_FTA) and ``Team Summaries.csv`` (W, L).

    python tools/team_totals_from_bref.py DATA_DIR --season 1993 --divisions team_stats.csv > team_totals.csv

``--season`` is the year the season ends (1993 = 1992-93); only NBA rows are kept (the tables also
hold the ABA and BAA) and the league-average row (``NA``) is left out. ``--divisions FILE``: a team CSV
with ``Team`` and ``Division`` columns whose divisions are copied (the tables hold none); the output
then keeps that file's team order. Written: ``Team,Division,W,L,G,PTS,OPP_PTS`` and the possession
columns ``FGA,ORB,TOV,FTA,OPP_FGA,OPP_ORB,OPP_TOV,OPP_FTA`` (the Statis Pro builder's season context:
docs/rules/statis-pro-basketball.md, "Season context"; ``Division`` empty without ``--divisions``). Every problem is one line naming the file and what is wrong.
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

TABLES = {"totals": "Team Totals.csv", "opponents": "Opponent Totals.csv", "summaries": "Team Summaries.csv"}
POSSESSIONS = ("fga", "orb", "tov", "fta")
NEEDS = {"totals": ("g", "pts"), "opponents": ("opp_pts",), "summaries": ("w", "l")}
OPTIONAL = {"totals": POSSESSIONS, "opponents": tuple("opp_" + c for c in POSSESSIONS), "summaries": ()}
HEADER = ["Team", "Division", "W", "L", "G", "PTS", "OPP_PTS"]
POSSESSION_HEADER = [*(c.upper() for c in POSSESSIONS), *("OPP_" + c.upper() for c in POSSESSIONS)]


class DataError(Exception):
    pass


def read_table(path: Path, season: int, columns: tuple[str, ...],
               optional: tuple[str, ...] = ()) -> dict[str, dict[str, str]]:
    """abbreviation -> row of the NBA rows of ``season`` (the league-average row left out); the
    ``optional`` columns are checked too when the table has all of them."""
    try:
        fh = path.open(newline="", encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    with fh:
        reader = csv.DictReader(fh)
        missing = [c for c in ("season", "lg", "abbreviation", *columns) if c not in (reader.fieldnames or [])]
        if optional and all(c in (reader.fieldnames or []) for c in optional):
            columns = (*columns, *optional)
        if missing:
            raise DataError(f"{path}: column(s) {', '.join(missing)} missing (a bball-reference-datasets table)")
        out = {}
        for k, row in enumerate(reader, start=2):
            if row["season"] != str(season) or row["lg"] != "NBA" or row["abbreviation"] in ("", "NA"):
                continue
            for c in columns:
                if not (row[c] or "").strip().isdigit():
                    raise DataError(f"{path}: line {k}, column {c}: {row[c]!r} is not a whole number")
            out[row["abbreviation"]] = row
    return out


def team_totals(data: Path, season: int, divisions: Path | None = None) -> list[list[str]]:
    """The CSV rows, the header first."""
    tables = {k: read_table(data / name, season, NEEDS[k], OPTIONAL[k]) for k, name in TABLES.items()}
    teams = sorted(tables["totals"])
    if not teams:
        raise DataError(f"{data / TABLES['totals']}: no NBA rows of season {season}")
    for k, rows in tables.items():
        if sorted(rows) != teams:
            raise DataError(f"{data / TABLES[k]}: season {season} has teams {', '.join(sorted(rows))}, "
                            f"{TABLES['totals']} {', '.join(teams)}")
    div: dict[str, str] = {}
    if divisions is not None:
        try:
            with divisions.open(newline="", encoding="utf-8-sig") as fh:
                div = {(r.get("Team") or "").strip(): (r.get("Division") or "").strip() for r in csv.DictReader(fh)}
        except OSError as exc:
            raise DataError(f"{divisions}: cannot be read ({exc.strerror or exc})") from None
        unknown = sorted(set(teams) - set(div))
        if unknown:
            raise DataError(f"{divisions}: no Division for {', '.join(unknown)} (its Team column must hold the "
                            "abbreviations)")
        teams = [t for t in div if t in tables["totals"]]
    with_poss = all(c in tables[k][teams[0]] for k in ("totals", "opponents") for c in OPTIONAL[k])
    rows = [[t, div.get(t, ""), tables["summaries"][t]["w"], tables["summaries"][t]["l"], tables["totals"][t]["g"],
             tables["totals"][t]["pts"], tables["opponents"][t]["opp_pts"]] for t in teams]
    if with_poss:  # the possession columns, where the tables have them (the real ones do)
        for row, t in zip(rows, teams):
            row += [tables["totals"][t][c] for c in POSSESSIONS] + [tables["opponents"][t]["opp_" + c] for c in POSSESSIONS]
    return [HEADER + (POSSESSION_HEADER if with_poss else [])] + rows


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", type=Path, help="the dataset's Data folder")
    ap.add_argument("--season", type=int, required=True, help="the year the season ends (1993 = 1992-93)")
    ap.add_argument("--divisions", type=Path, default=None, help="a CSV with Team and Division columns")
    args = ap.parse_args(argv)
    try:
        rows = team_totals(args.data, args.season, args.divisions)
    except DataError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerows(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
