"""Fit the search coach's value estimate (coachgym/search/value.py): per ruleset, the standard
deviation of a whole game's final margin between two by-the-book coaches in mirror matches, and a
calibration check of the estimate at mid-game positions of other games.

    python tools/search_value_fit.py [--games 400] [RULESET ...]

Writes coachgym/search/data/value.json (the figures, the command and the sample sizes).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path

from tqdm import tqdm

from coachgym import rulesets
from coachgym.core.match import play_game

OUT = Path(__file__).resolve().parents[1] / "coachgym" / "search" / "data" / "value.json"


def final_margins(name: str, games: int, seed: int) -> list[int]:
    rs = rulesets.get(name)
    teams = [rs.load_team(t) for t in rs.team_names()]
    home, away = rs.coach("by-the-book", seed=1), rs.coach("by-the-book", seed=2)
    out = []
    for i in tqdm(range(games), desc=f"{name} margins", unit="game"):
        t = teams[i % len(teams)]
        g = rs.new_game(t, t, seed=seed + i, record_events=False)
        r = play_game(g, home, away, seed=seed + i)
        out.append(r.home_score - r.away_score)
    return out


def calibration(name: str, games: int, seed: int, sigma: float, points: int = 8) -> dict:
    """Predicted win chance at mid-game positions against what happened: Brier score and bins."""
    from coachgym.core.engine import HOME
    from coachgym.search import value

    value.SIGMA[name] = sigma
    rs = rulesets.get(name)
    teams = [rs.load_team(t) for t in rs.team_names()]
    home, away = rs.coach("by-the-book", seed=1), rs.coach("by-the-book", seed=2)
    pairs = []
    for i in tqdm(range(games), desc=f"{name} calibration", unit="game"):
        t = teams[i % len(teams)]
        g = rs.new_game(t, t, seed=seed + 10_000 + i, record_events=False)
        home.reset(g, 0, i)
        away.reset(g, 1, i + 1)
        preds = []
        n = 0
        while g.decision is not None:
            if n % 40 == 0:
                preds.append(value.leaf_value(g, HOME))
            g.step((home, away)[g.decision.side].choose(g, g.decision))
            n += 1
        h, a = g.score
        won = 1.0 if h > a else 0.5 if h == a else 0.0
        pairs += [(p, won) for p in preds]
    brier = sum((p - w) ** 2 for p, w in pairs) / len(pairs)
    bins = []
    for lo in (0.0, 0.1, 0.3, 0.5, 0.7, 0.9):
        hi = {0.0: 0.1, 0.1: 0.3, 0.3: 0.5, 0.5: 0.7, 0.7: 0.9, 0.9: 1.01}[lo]
        sel = [(p, w) for p, w in pairs if lo <= p < hi]
        if sel:
            bins.append({"predicted": [lo, min(hi, 1.0)], "positions": len(sel),
                         "mean_predicted": round(sum(p for p, _ in sel) / len(sel), 3),
                         "won": round(sum(w for _, w in sel) / len(sel), 3)})
    return {"positions": len(pairs), "games": games, "brier": round(brier, 4), "bins": bins}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rulesets", nargs="*")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=777)
    args = ap.parse_args(argv)
    data = json.loads(OUT.read_text()) if OUT.exists() else {"rulesets": {}}
    names = [rulesets.get(n).name for n in args.rulesets] or [e.name for e in rulesets.entries()]
    for name in names:
        margins = final_margins(name, args.games, args.seed)
        sigma = statistics.pstdev(margins)
        cal = calibration(name, max(20, args.games // 4), args.seed, sigma)
        data["rulesets"][name] = {"sigma": round(sigma, 3), "games": len(margins),
                                  "mean_margin": round(statistics.fmean(margins), 3), "calibration": cal}
        print(f"{name}: sigma {sigma:.2f} over {len(margins)} mirror games; Brier {cal['brier']} at {cal['positions']} positions")
    data["about"] = ("Standard deviation of the final margin (home minus away) of by-the-book vs by-the-book mirror "
                     "games with every bundled team, and the calibration of coachgym.search.value.leaf_value at "
                     "positions every 40 decisions of other games. Measured by the command below.")
    data["command"] = "python tools/search_value_fit.py " + " ".join(sys.argv[1:] if argv is None else argv)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=2) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
