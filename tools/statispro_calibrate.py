"""Measure Statis Pro box-score averages (per team per game) between the bundled teams.

Run:  python tools/statispro_calibrate.py [games] [coach]   (default 1000 by-the-book games)
Prints the averages the docs report (docs/rules/statis-pro-basketball.md, "Calibration").
"""

from __future__ import annotations

import sys
import time

from coachgym.core.match import play_game
from coachgym.rules.statispro import RULESET

KEYS = ["POSS", "PTS", "FG%", "FGA", "3PA", "3P%", "FTA", "FT%", "OREB", "DREB", "TO", "STL", "BLK", "AST", "PF"]


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    coach = sys.argv[2] if len(sys.argv) > 2 else "by-the-book"
    pairs = [("knicks-1993", "bulls-1993"), ("bulls-1993", "knicks-1993")]
    sums = {k: 0.0 for k in KEYS}
    tot = {"FGM": 0, "FGA": 0, "3PM": 0, "3PA": 0, "FTM": 0, "FTA": 0}
    teams = 0
    ot = 0
    t0 = time.time()
    for g in range(n):
        h, a = pairs[g % 2]
        game = RULESET.new_game(h, a, seed=g, record_events=False)
        play_game(game, RULESET.coach(coach, seed=g), RULESET.coach(coach, seed=g + 1), seed=g)
        ot += game.period > 4
        box = game.box_score()
        for side in (0, 1):
            t = box.totals(side)
            teams += 1
            for k in ("POSS", "PTS", "FGA", "3PA", "FTA", "OREB", "DREB", "STL", "BLK", "AST", "PF"):
                sums[k] += t[k]
            sums["TO"] += t["TO"] + t["TEAM_TO"]
            for k in tot:
                tot[k] += t[k]
    dt = time.time() - t0
    avg = {k: sums[k] / teams for k in sums}
    avg["FG%"] = 100 * tot["FGM"] / tot["FGA"]
    avg["3P%"] = 100 * tot["3PM"] / max(1, tot["3PA"])
    avg["FT%"] = 100 * tot["FTM"] / max(1, tot["FTA"])
    print(f"{n} games ({coach} vs {coach}), Knicks-Bulls alternating home; {ot} overtime games; {n / dt:.1f} games/s")
    avg["POSS (FGA-OREB+TO+0.44FTA)"] = avg["FGA"] - avg["OREB"] + avg["TO"] + 0.44 * avg["FTA"]
    print(" ".join(f"{k} {v:.1f}" for k, v in avg.items()))


if __name__ == "__main__":
    main()
