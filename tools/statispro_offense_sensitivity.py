"""How many points per 100 possessions one point of FIELD GOAL (or DEFENSE) on a team's built cards is
worth in the Statis Pro engine: the sensitivities of the team terms fitted by
``tools/statispro_team_terms.py`` (docs/rules/statis-pro-basketball.md, "Season context", team terms).

    python tools/statispro_offense_sensitivity.py LEAGUE_DIR TEAM --field field_goal --shift 3 --games 1500 --seed 0

A team plays a copy of itself with every built card's FIELD GOAL (``--field defense``: DEFENSE) moved
by ``--shift`` (printed cards keep theirs; FIELD GOAL kept within 1..99, DEFENSE within -15..5),
by-the-book coaches on both benches, the shifted team at home in half the games. Printed: the shifted
team's points and its opponent's per 100 of their own possessions (the box score's POSS), the mean
scoring margin, standard errors, and the net points per 100 possessions per point of the field. Run it
with +N and -N on the same seeds and take the difference over 2N: the games share their dice.
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


def shifted(team: dict, shift: int, field: str = "field_goal") -> dict:
    out = json.loads(json.dumps(team))
    lo, hi = (1, 99) if field == "field_goal" else (-15, 5)
    for p in out["players"]:
        if not p.get("printed"):
            p[field] = max(lo, min(hi, int(p[field]) + shift))
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("league", type=Path)
    ap.add_argument("team", help="the team file's stem in the league folder")
    ap.add_argument("--field", choices=("field_goal", "defense"), default="field_goal")
    ap.add_argument("--shift", type=int, default=2)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    from coachgym.agents.statispro import ByTheBookCoach
    from coachgym.core.match import play_game
    from coachgym.rules.statispro import RULESET

    path = args.league / f"{args.team}.json"
    try:
        base = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        print(f"error: {path}: cannot be read ({exc})", file=sys.stderr)
        return 1
    if args.games < 2:
        print("error: --games must be at least 2", file=sys.stderr)
        return 1
    a = RULESET.parse_team(shifted(base, args.shift, args.field), f"{path} shifted")
    b = RULESET.parse_team(base, str(path))
    margins: list[float] = []
    ortg: list[float] = []
    drtg: list[float] = []
    t0 = time.perf_counter()
    for k in tqdm(range(args.games), desc=f"{args.team}, {args.field} {args.shift:+d}", unit="game"):
        seed = args.seed + k
        home_is_a = k % 2 == 0
        g = RULESET.new_game(a if home_is_a else b, b if home_is_a else a, seed=seed, record_events=False)
        play_game(g, ByTheBookCoach(seed), ByTheBookCoach(seed + 1), seed=seed)
        hs, vs = g.score
        box = g.box_score().to_dict()
        teams = box["teams"]
        me, opp = (teams[0], teams[1]) if home_is_a else (teams[1], teams[0])
        margins.append((hs - vs) if home_is_a else (vs - hs))
        ortg.append(100 * me["score"] / max(1, me["team"]["POSS"]))
        drtg.append(100 * opp["score"] / max(1, opp["team"]["POSS"]))
    n = len(margins)
    mean, sd = statistics.fmean(margins), statistics.pstdev(margins)
    o, d = statistics.fmean(ortg), statistics.fmean(drtg)
    print(json.dumps({"league": str(args.league), "team": args.team, "field": args.field, "shift": args.shift, "games": n, "seed": args.seed,
                      "ortg": round(o, 2), "ortg_se": round(statistics.pstdev(ortg) / math.sqrt(n), 2),
                      "drtg": round(d, 2), "net_per_100_se": round(statistics.pstdev(
                          [x - y for x, y in zip(ortg, drtg)]) / math.sqrt(n), 2),
                      "margin": round(mean, 3), "margin_se": round(sd / math.sqrt(n), 3), "margin_sd": round(sd, 3),
                      "net_per_100_per_point": round((o - d) / args.shift, 3),
                      "seconds": round(time.perf_counter() - t0, 1)}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
