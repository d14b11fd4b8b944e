"""Fit the search coach's value estimate (coachgym/search/value.py): per ruleset, the standard
deviation of a whole game's final margin between two by-the-book coaches in mirror matches, and a
calibration check of the estimate at mid-game positions of other games.

    python tools/search_value_fit.py [--games 400] [RULESET ...]

Writes coachgym/search/data/value.json (the figures, the command and the sample sizes).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from tqdm import tqdm

from coachgym import rulesets
from coachgym.core.match import play_game

OUT = Path(__file__).resolve().parents[1] / "coachgym" / "search" / "data" / "value.json"


def play(name: str, games: int, seed: int, every: int = 40) -> list[tuple[int, list[tuple[int, float]]]]:
    """By-the-book mirror games with every bundled team: each game's final margin (home minus away)
    and, every ``every`` decisions, the margin so far and the share of the game left."""
    from coachgym.search.value import remaining

    rs = rulesets.get(name)
    teams = [rs.load_team(t) for t in rs.team_names()]
    home, away = rs.coach("by-the-book", seed=1), rs.coach("by-the-book", seed=2)
    out = []
    for i in tqdm(range(games), desc=name, unit="game"):
        t = teams[i % len(teams)]
        g = rs.new_game(t, t, seed=seed + i, record_events=False)
        positions = [(0, 1.0)]
        steps = [0]

        def look(game, steps=steps, positions=positions):
            steps[0] += 1
            if steps[0] % every == 0 and not game.over:
                h, a = game.score
                positions.append((h - a, remaining(game)))

        r = play_game(g, home, away, seed=seed + i, on_event=look)
        out.append((r.home_score - r.away_score, positions))
    return out


def calibration(games: list, sigma: float) -> dict:
    """The home side's predicted win chance at the positions of ``games`` against what happened."""
    from coachgym.search.value import win_chance

    pairs = []
    for final, positions in games:
        won = 1.0 if final > 0 else 0.5 if final == 0 else 0.0
        pairs += [(win_chance(m, left, sigma), won) for m, left in positions]
    brier = sum((p - w) ** 2 for p, w in pairs) / len(pairs)
    bins = []
    edges = (0.0, 0.1, 0.3, 0.5, 0.7, 0.9, 1.01)
    for lo, hi in zip(edges, edges[1:]):
        sel = [(p, w) for p, w in pairs if lo <= p < hi]
        if sel:
            bins.append({"predicted": [lo, min(hi, 1.0)], "positions": len(sel),
                         "mean_predicted": round(sum(p for p, _ in sel) / len(sel), 3),
                         "won": round(sum(w for _, w in sel) / len(sel), 3)})
    return {"positions": len(pairs), "games": len(games), "brier": round(brier, 4), "bins": bins}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rulesets", nargs="*")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=777)
    args = ap.parse_args(argv)
    data = json.loads(OUT.read_text()) if OUT.exists() else {"rulesets": {}}
    names = [rulesets.get(n).name for n in args.rulesets] or [e.name for e in rulesets.entries()]
    for name in names:
        games = play(name, args.games + max(20, args.games // 4), args.seed)
        fit, held_out = games[:args.games], games[args.games:]  # calibration on games the fit did not see
        margins = [final for final, _ in fit]
        sigma = statistics.pstdev(margins)
        cal = calibration(held_out, sigma)
        data["rulesets"][name] = {"sigma": round(sigma, 3), "games": len(margins),
                                  "mean_margin": round(statistics.fmean(margins), 3), "calibration": cal}
        print(f"{name}: sigma {sigma:.2f} over {len(margins)} mirror games; Brier {cal['brier']} at {cal['positions']} positions")
    data["about"] = ("Standard deviation of the final margin (home minus away) of by-the-book vs by-the-book mirror "
                     "games with every bundled team, and the calibration of coachgym.search.value's win chance at "
                     "positions every 40 decisions of a quarter as many other games. Measured by the command below.")
    data["command"] = "python tools/search_value_fit.py " + " ".join(sys.argv[1:] if argv is None else argv)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=2) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
