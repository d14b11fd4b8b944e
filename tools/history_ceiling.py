"""The ceiling of a season replay's r against the real standings (docs/history.md, "The ceiling: what 10
replays of an ideal points engine would score"): an IDEAL engine, one whose every team wins each game with
the probability of its points-based expectation (Pythagorean, exponent 14, the season's real points scored
and allowed), replayed as the driver replays a season (each team its real games, 10 replays, the mean
win% per 82 against the real one), drawn ``--trials`` times. It shows how much of a season's r the
points alone allow and how much the replays' own dice take: a standings-free engine cannot beat the
points' expectation on average, so a season whose ideal r is below the aim cannot be expected to meet it.

    python tools/history_ceiling.py [--seasons 1980,1986] [--replays 10] [--trials 4000] [--json F]

Each team's wins in a replay are Binomial(G, p) with p its Pythagorean win share (the team totals' PTS and
OPP_PTS, ``coachgym/core/data/nba-teams.csv.xz``; G its real games): the schedule's coupling (a win is
another team's loss) is left out, so the draws are independent by team. Only points and games are read
for the engine; the real W and L only as what it is compared with. Seeded (``--seed``); numpy only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

EXPONENT = 14
AIM_R = 0.93


def season_teams(year: int) -> list[dict[str, float]]:
    """The season's teams: real games, real wins per 82, Pythagorean win share (exponent 14)."""
    from coachgym.core import nbaseasons

    out = []
    for row in nbaseasons._rows(nbaseasons.TEAMS, year):
        w, lost, pts, opp = (float(row[c]) for c in ("W", "L", "PTS", "OPP_PTS"))
        games = w + lost
        out.append({"team": row["Team"], "games": games, "real": 82 * w / games,
                    "p": pts ** EXPONENT / (pts ** EXPONENT + opp ** EXPONENT)})
    return out


def ceiling(teams: list[dict[str, float]], replays: int = 10, trials: int = 4000, seed: int = 0) -> dict[str, Any]:
    """r and MAE of the ideal engine's mean wins per 82 over ``replays`` against the real, over ``trials``
    draws: their mean, 5th and 95th percentiles, and the share of draws with r >= the aim (0.93); beside
    them the expectation itself (no dice: r and MAE of 82 p against the real)."""
    rng = np.random.default_rng(seed)
    g = np.array([t["games"] for t in teams])
    p = np.array([t["p"] for t in teams])
    real = np.array([t["real"] for t in teams])
    wins = rng.binomial(np.broadcast_to(g.astype(np.int64), (trials, replays, len(g))), p)  # trials x replays x teams
    mean = (82 * wins / g).mean(axis=1)
    rs = np.array([np.corrcoef(m, real)[0, 1] for m in mean])
    maes = np.abs(mean - real).mean(axis=1)
    return {"teams": len(teams), "replays": replays, "trials": trials, "seed": seed,
            "expectation_r": float(np.corrcoef(82 * p, real)[0, 1]), "expectation_mae": float(np.abs(82 * p - real).mean()),
            "r_mean": float(rs.mean()), "r_p05": float(np.percentile(rs, 5)), "r_p95": float(np.percentile(rs, 95)),
            "mae_mean": float(maes.mean()), "share_r_at_aim": float((rs >= AIM_R).mean())}


def main(argv: list[str]) -> int:
    from coachgym.core.errors import CoachgymError
    from coachgym.core.nbaseasons import meta, parse_season, season_label

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seasons", default=None, help="comma-separated seasons (default: every shipped season)")
    ap.add_argument("--replays", type=int, default=10)
    ap.add_argument("--trials", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", dest="json_out", type=Path, default=None)
    args = ap.parse_args(argv)
    try:
        years = ([parse_season(s) for s in args.seasons.split(",") if s.strip()] if args.seasons
                 else list(range(meta()["first"], meta()["last"] + 1)))
    except CoachgymError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.replays < 1 or args.trials < 2:
        print("error: --replays must be at least 1 and --trials at least 2", file=sys.stderr)
        return 1
    print(f"| season | teams | points' expectation r / MAE | ideal engine, {args.replays} replays: r mean (5-95%) "
          f"| its MAE | share of draws with r >= {AIM_R} |")
    print("| --- | --- | --- | --- | --- | --- |")
    results = {}
    for year in years:
        c = ceiling(season_teams(year), args.replays, args.trials, args.seed)
        results[season_label(year)] = c
        print(f"| {season_label(year)} | {c['teams']} | {c['expectation_r']:.3f} / {c['expectation_mae']:.2f} | "
              f"{c['r_mean']:.3f} ({c['r_p05']:.3f}-{c['r_p95']:.3f}) | {c['mae_mean']:.2f} | {c['share_r_at_aim']:.2f} |")
    if args.json_out:
        args.json_out.write_text(json.dumps({"command": "python tools/history_ceiling.py " + " ".join(argv),
                                             "seasons": results}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
