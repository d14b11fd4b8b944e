"""Build every NBA season of the shipped data for a ruleset (``coachgym leagues build --season``) and
count what the card builder clamped, by field: does every season build, and which ratings run out of
range (docs/history.md, "Every season").

    python tools/history_season_builds.py statispro --out /tmp/seasons [--first 1980 --last 2019] [--json F]

One line a season (teams, cards, clamped ratings by field, seconds), then the totals; for DEFENSE also
the unclamped values that fell outside the range, tallied (how far a wider range would have to go), and
in ``--json`` each season's clamped DEFENSE cards (team, player, value before the clamp).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

NOTE = re.compile(r"^\S+ (?P<who>.+?): (?P<field>[a-z_]+) (?P<value>-?[\d.]+) is outside (?P<lo>-?[\d.]+)\.\.(?P<hi>-?[\d.]+)")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ruleset")
    ap.add_argument("--out", type=Path, required=True, help="folder for the league folders (nba-YYYY)")
    ap.add_argument("--first", type=int, default=None)
    ap.add_argument("--last", type=int, default=None)
    ap.add_argument("--blind", action="store_true")
    ap.add_argument("--json", dest="json_out", type=Path, default=None)
    args = ap.parse_args(argv)
    from coachgym import rulesets
    from coachgym.core.errors import CoachgymError
    from coachgym.core.nbaseasons import build_season, meta, season_label

    first, last = args.first or meta()["first"], args.last or meta()["last"]
    rs = rulesets.get(args.ruleset)
    totals: Counter[str] = Counter()
    defense_values: Counter[int] = Counter()
    seasons = []
    cards_total = 0
    for year in range(first, last + 1):
        notes: list[str] = []
        t0 = time.perf_counter()
        try:
            league = build_season(rs.name, year, args.out / f"nba-{year}", blind=args.blind, say=notes.append)
        except CoachgymError as exc:
            print(f"{season_label(year)}: error: {exc}", file=sys.stderr)
            return 1
        secs = time.perf_counter() - t0
        fields: Counter[str] = Counter()
        defense_cards: list[str] = []
        for line in notes:
            m = NOTE.match(line)
            if m:
                fields[m["field"]] += 1
                if m["field"] == "defense":
                    defense_values[int(float(m["value"]))] += 1
                    defense_cards.append(f"{m['who']} {m['value']}")
        cards = sum(len(json.loads((args.out / f"nba-{year}" / f"{t}.json").read_text())["players"])
                    for t in league["teams"])
        cards_total += cards
        totals.update(fields)
        seasons.append({"season": season_label(year), "teams": len(league["teams"]), "cards": cards,
                        "clamped": dict(fields), "defense_clamped": defense_cards, "seconds": round(secs, 2)})
        print(f"{season_label(year)}: {len(league['teams'])} teams, {cards} cards, clamped "
              f"{', '.join(f'{k} {v}' for k, v in fields.most_common()) or 'none'} ({secs:.1f} s)")
    print(f"{len(seasons)} seasons, {cards_total} cards; clamped: "
          + ", ".join(f"{k} {v} ({100 * v / cards_total:.1f}%)" for k, v in totals.most_common()))
    if defense_values:
        print("DEFENSE before clamping, outside the range: "
              + " ".join(f"{v}:{n}" for v, n in sorted(defense_values.items())))
    if args.json_out:
        args.json_out.write_text(json.dumps({"ruleset": rs.name, "blind": args.blind, "seasons": seasons,
                                             "cards": cards_total, "clamped": dict(totals),
                                             "defense_outside": {str(k): v for k, v in sorted(defense_values.items())}},
                                            indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
