"""How many wins one point of a team's DEFENSE is worth in the Statis Pro engine (the sensitivity
``tools/statispro_season_calibration.py`` turns replay residuals into DEFENSE points with).

    python tools/statispro_defense_sensitivity.py LEAGUE_DIR TEAM --shift -2 --games 400 --seed 0

A team plays a copy of itself with every built card's DEFENSE moved by ``--shift`` (the printed cards
keep theirs, as the builder's team term leaves them; each card clamped to the builder's -12..0), by-the-book
coaches on both benches, the shifted team at home in half the games. Printed: the shifted team's
win share and mean scoring margin with their standard errors, and the sensitivity in wins per 82
games per point of DEFENSE (a lower DEFENSE is a better one), read two ways: from the win share
directly, and from the margin through the normal curve of the games' own margins
(82 x phi(0) / sd of the margin), the steadier of the two.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

from tqdm import tqdm


def shifted(team: dict, shift: int, lo: int, hi: int) -> dict:
    out = json.loads(json.dumps(team))
    for p in out["players"]:
        if not p.get("printed"):
            p["defense"] = max(lo, min(hi, int(p["defense"]) + shift))
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("league", type=Path)
    ap.add_argument("team", help="the team file's stem in the league folder")
    ap.add_argument("--shift", type=int, default=-2)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    from coachgym.agents.statispro import ByTheBookCoach
    from coachgym.core.match import play_game
    from coachgym.rules.statispro import RULESET
    from coachgym.rules.statispro.builder import calibration

    path = args.league / f"{args.team}.json"
    try:
        base = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        print(f"error: {path}: cannot be read ({exc})", file=sys.stderr)
        return 1
    d = calibration()["defense"]
    a = RULESET.parse_team(shifted(base, args.shift, d["min"], d["max"]), f"{path} shifted")
    b = RULESET.parse_team(base, str(path))
    margins = []
    t0 = time.perf_counter()
    for k in tqdm(range(args.games), desc=f"{args.team}, DEFENSE {args.shift:+d}", unit="game"):
        seed = args.seed + k
        home_is_a = k % 2 == 0
        g = RULESET.new_game(a if home_is_a else b, b if home_is_a else a, seed=seed, record_events=False)
        play_game(g, ByTheBookCoach(seed), ByTheBookCoach(seed + 1), seed=seed)
        hs, vs = g.score
        margins.append((hs - vs) if home_is_a else (vs - hs))
    n = len(margins)
    win = sum((m > 0) + 0.5 * (m == 0) for m in margins) / n
    mean, sd = statistics.fmean(margins), statistics.pstdev(margins)
    per_point_win = (win - 0.5) * 82 / -args.shift
    per_point_margin = mean * 82 / (sd * math.sqrt(2 * math.pi)) / -args.shift
    print(json.dumps({"league": str(args.league), "team": args.team, "shift": args.shift, "games": n, "seed": args.seed,
                      "win_share": round(win, 4), "win_share_se": round(math.sqrt(win * (1 - win) / n), 4),
                      "margin": round(mean, 3), "margin_se": round(sd / math.sqrt(n), 3), "margin_sd": round(sd, 3),
                      "wins_per_point_from_wins": round(per_point_win, 3),
                      "wins_per_point_from_margin": round(per_point_margin, 3),
                      "seconds": round(time.perf_counter() - t0, 1)}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
