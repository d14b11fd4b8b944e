"""A Value Add team file from a college team's season totals in a CSV (docs/league-seasons.md, "Value Add").

    python tools/valueadd_team_from_csv.py TEAM.csv --name "State Cougars" --short STC --season "2019-20" \
        --source "sports-reference.com/cbb ... (the page and the date you read it)" --games 31 [--pace 68.5] \
        [--dunk 51-53] [--defense-adjust 0] --out state.json

TEAM.csv has one row per player with the columns of ``docs/templates/valueadd-team.csv``:
``Player,Number,Role,G,MP,FG,FGA,3P,3PA,FT,FTA,ORB,DRB,AST,STL,BLK,TOV,PF`` (season totals; a
Sports-Reference college "Totals" table has them all). ``Role`` is the player's place on the card
sheet: ``PG SG SF PF C`` for the five starters and ``R1``..``R5`` for the five reserves in the same
position order (leave it empty for the rest of the roster). The cards are built by
``coachgym.rules.valueadd.builder`` (docs/rules/value-add-basketball-cards.md); every problem names
the file, the line and the column.
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

COLUMNS = {"G": "g", "MP": "min", "FG": "fgm", "FGA": "fga", "3P": "fg3m", "3PA": "fg3a", "FT": "ftm", "FTA": "fta",
           "ORB": "oreb", "DRB": "dreb", "AST": "ast", "STL": "stl", "BLK": "blk", "TOV": "tov", "PF": "pf"}
STARTERS = ("PG", "SG", "SF", "PF", "C")
RESERVES = ("R1", "R2", "R3", "R4", "R5")


def team_spec(path: Path, **header) -> dict:
    """The builder's team spec (see coachgym.rules.valueadd.builder.build_team) from the CSV."""
    from coachgym.core.errors import TeamFileError

    with path.open(newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in ("Player", "Role", *COLUMNS) if c not in (reader.fieldnames or [])]
        if missing:
            raise TeamFileError(path, "header", f"missing column(s) {', '.join(missing)} "
                                                f"(the columns of docs/templates/valueadd-team.csv)")
        players, roles = [], {}
        for line, row in enumerate(reader, start=2):
            name = (row.get("Player") or "").strip()
            if not name:
                continue
            stats = {}
            for col, key in COLUMNS.items():
                text = (row.get(col) or "").strip()
                try:
                    stats[key] = int(float(text))
                except ValueError:
                    raise TeamFileError(path, f"line {line}, column {col}", f"{text!r} is not a number") from None
                if stats[key] < 0:
                    raise TeamFileError(path, f"line {line}, column {col}", f"{stats[key]} is negative")
            role = (row.get("Role") or "").strip().upper()
            if role:
                if role not in STARTERS + RESERVES:
                    raise TeamFileError(path, f"line {line}, column Role", f"{role!r} is not one of "
                                                                           f"{', '.join(STARTERS + RESERVES)} or empty")
                if role in roles:
                    raise TeamFileError(path, f"line {line}, column Role", f"{role} is also {roles[role]}")
                roles[role] = name
            players.append({"name": name, "number": (row.get("Number") or "").strip(), "stats": stats})
    missing_roles = [r for r in STARTERS if r not in roles]
    if missing_roles:
        raise TeamFileError(path, "Role", f"no player is {', '.join(missing_roles)} (five starters are needed)")
    build = {"games": header.pop("games")}
    if header.get("pace") is not None:
        build["pace"] = header.pop("pace")
    header.pop("pace", None)
    return {**header, "fictional": False, "build": build, "lineup": [roles[r] for r in STARTERS],
            "reserves": [roles.get(r) for r in RESERVES], "players": players}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("csv", type=Path)
    ap.add_argument("--name", required=True)
    ap.add_argument("--short", required=True)
    ap.add_argument("--season", required=True)
    ap.add_argument("--source", required=True, help="where the statistics come from (a real team must say)")
    ap.add_argument("--games", type=int, required=True, help="the team's games that season")
    ap.add_argument("--pace", type=float, default=None, help="possessions per game (default: from the totals)")
    ap.add_argument("--dunk", default="51-53", help="the team's dunk range (the average is 51-53)")
    ap.add_argument("--defense-adjust", type=int, default=0, help="the team's defensive adjustment (average 0)")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    from coachgym.core.errors import CoachgymError
    from coachgym.rules.valueadd.builder import build_team, format_team_file

    try:
        spec = team_spec(args.csv, name=args.name, short=args.short, season=args.season, source=args.source,
                         dunk=args.dunk, defense_adjust=args.defense_adjust, games=args.games, pace=args.pace)
        data = build_team(spec, path=str(args.csv))
    except CoachgymError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    args.out.write_text(format_team_file(data))
    print(f"wrote {args.out}: {data['name']}, {len(data['players'])} players")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
