"""Measure Statis Pro box-score averages (per team per game) between the bundled teams.

Run:  python tools/statispro_calibrate.py [games] [coach]   (default 1000 by-the-book games)
Prints the averages the docs report (docs/rules/statis-pro-basketball.md, "Calibration").

      python tools/statispro_calibrate.py [games] --always-press [--seed N]
Measures the PRESS balance (docs, "PRESS balance"): a coach that declares a PRESS (4.2) at every
opportunity and otherwise plays by the book, against the by-the-book coach, in mirror matches
(each bundled team against itself, sides swapped every pair of games; default 600 games, seed 5).
Prints the match summary, the PRESS declarations per game, and the turnovers per possession of the
pressed team (by the pressing side) and of the by-the-book side's opponents.
"""

from __future__ import annotations

import sys
import time

from coachgym.core.match import play_game, run_match
from coachgym.rules.statispro import RULESET
from coachgym.rules.statispro.actions import PRESS

KEYS = ["POSS", "PTS", "FG%", "FGA", "3PA", "3P%", "FTA", "FT%", "OREB", "DREB", "TO", "STL", "BLK", "AST", "PF"]


class AlwaysPress:
    """By the book, except that it declares a PRESS (4.2) whenever that is legal."""

    name = "always-press"

    def __init__(self) -> None:
        self.inner = RULESET.coach("by-the-book")
        self.presses = 0

    def reset(self, game, side, seed=None) -> None:
        self.inner.reset(game, side, seed)

    def choose(self, game, decision) -> int:
        best = self.inner.choose(game, decision)
        if decision.kind in ("menu", "press") and PRESS in decision.legal:
            self.presses += 1
            return PRESS
        return best


def always_press(n: int, seed: int) -> None:
    coach = AlwaysPress()
    mirror = [(RULESET.load_team(t), RULESET.load_team(t)) for t in RULESET.team_names()]
    t0 = time.time()
    r = run_match(lambda h, w, seed, record_events=False: RULESET.new_game(h, w, seed=seed, record_events=False),
                  coach, RULESET.coach("by-the-book"), games=n, seed=seed, teams=mirror, keep_box=True)
    dt = time.time() - t0
    print(f"python tools/statispro_calibrate.py {n} --always-press --seed {seed}  ({n / dt:.1f} games/s)")
    print(r.summary())
    # turnovers per possession of the team facing the PRESS (the by-the-book side) vs the other
    to = [0.0, 0.0]
    poss = [0.0, 0.0]
    for g in r.games:
        for side in (0, 1):
            t = g.box["teams"][side]["totals"] if "teams" in g.box else None
            if t is None:
                continue
            k = 0 if side != g.a_side else 1  # 0: the pressed team (by the book), 1: the pressing team
            to[k] += t["TO"] + t["TEAM_TO"]
            poss[k] += t["POSS"]
    print(f"PRESS declarations per game {coach.presses / n:.1f}; turnovers per 100 possessions: "
          f"pressed team {100 * to[0] / max(1, poss[0]):.1f}, pressing team {100 * to[1] / max(1, poss[1]):.1f}")


def main() -> None:
    args = [a for a in sys.argv[1:]]
    seed = 5
    if "--seed" in args:
        i = args.index("--seed")
        seed = int(args[i + 1])
        del args[i:i + 2]
    if "--always-press" in args:
        args.remove("--always-press")
        always_press(int(args[0]) if args else 600, seed)
        return
    n = int(args[0]) if args else 1000
    coach = args[1] if len(args) > 1 else "by-the-book"
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
