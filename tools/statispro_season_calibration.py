"""Fit the Statis Pro card builder's season-context constants on named training seasons
(docs/rules/statis-pro-basketball.md, "Season context"; the figures: docs/history.md).

    L=coachgym/rules/statispro/data/leagues/nba-1993 C=coachgym/rules/statispro/data/calibration
    python tools/statispro_season_calibration.py \\
        --season 1992-93 $L/stats.csv $L/team_totals.csv \\
        --season 1994-95 $C/nba-1995-stats.csv $C/nba-1995-team_totals.csv \\
        --sensitivity 1.0 --rounds 2 --iterations 2 [--write]

Each ``--season`` is a training season: its players' totals (the ``cards build`` input) and its team
totals with the possession columns (``tools/team_totals_from_bref.py``). A season named in the
calibration file's ``season_context.held_out_seasons`` is refused: its figures are reported, never
fitted on. What is fitted, in ``season_context`` of ``data/card_builder.json``:

* ``wins_per_net_rating``: the blind build's win share is 0.5 + this x (points scored - allowed per
  100 possessions) / 82; least squares through the origin of the training teams' real win shares
  (wins per 82 - 41) on their net points per 100 possessions.
* ``per_drtg`` and ``per_pace``: a team's share of DEFENSE = per_drtg x (points allowed per 100
  possessions - the league's) + per_pace x (possessions a game - the league's). Each iteration
  builds every training season blind with the current constants, plays ``--rounds`` round robins
  (every team hosts every other once a round, by-the-book coaches, no season carry-over: the cheap
  harness of ``tools/statispro_league_realism.py``), and moves each team's share by its error in
  wins per 82 over ``--sensitivity`` (wins per 82 a point of DEFENSE is worth, measured with
  ``tools/statispro_defense_sensitivity.py``); the two constants are then the least-squares fit of
  the moved shares on the two differences over the training teams (the printed cards' teams left
  out: their starters keep their printed DEFENSE). ``--iterations 0`` fits only
  ``wins_per_net_rating`` and reports the round robins of the constants in the file.

Prints each iteration's teams r and MAE (wins per 82) on every training season; the constants kept
are those whose round robins had the smallest mean MAE over the training seasons (the starting ones
included), or with ``--keep last`` the last iteration's (where the round robins' MAEs differ by less
than their dice: over 2 round robins a team's simulated wins per 82 have a sd of about 5.7);
``--from D P`` starts from other constants than the file's; ``--write`` stores them and how they were
fitted. A progress bar shows the games.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

CAL_FILE = Path(__file__).resolve().parents[1] / "coachgym/rules/statispro/data/card_builder.json"


class CalibrationError(Exception):
    pass


def load_season(season: str, stats: Path, totals: Path, held_out: list[str]) -> dict[str, Any]:
    """A training season: its player rows, team totals and season context; refuses a held-out one."""
    from coachgym.core.statscsv import read_player_totals, read_team_stats
    from coachgym.rules.statispro.builder import season_context

    if season in held_out:
        raise CalibrationError(f"--season {season}: held out (season_context.held_out_seasons of {CAL_FILE.name}); "
                               "a held-out season is reported, never fitted on")
    rows = read_player_totals(stats)
    teams = read_team_stats(totals)
    played = {r.team for r in rows if r.team != "TOT"}
    ctx = season_context(teams, played)
    if ctx is None:
        raise CalibrationError(f"{totals}: every team needs G, PTS, OPP_PTS and the possession columns "
                               "(tools/team_totals_from_bref.py writes them)")
    missing = [t for t in played if teams[t].wins is None or teams[t].losses is None]
    if missing:
        raise CalibrationError(f"{totals}: no W and L for {', '.join(sorted(missing))} (a training season needs them)")
    return {"season": season, "rows": rows, "teams": teams, "ctx": ctx, "stats": str(stats), "totals": str(totals)}


def real_wins(s: dict[str, Any], tm: str) -> float:
    t = s["teams"][tm]
    return 82 * t.wins / (t.wins + t.losses)


def fit_wins_per_net_rating(seasons: list[dict[str, Any]]) -> float:
    num = den = 0.0
    for s in seasons:
        for tm, v in s["ctx"].items():
            if tm == "league":
                continue
            net = v["ortg"] - v["drtg"]
            num += net * (real_wins(s, tm) - 41)
            den += net * net
    return num / den


def round_robin(season: dict[str, Any], cal: dict, rounds: int, seed: int, bar) -> dict[str, float]:
    """Simulated wins per 82 of every team over ``rounds`` round robins of the blind build."""
    from coachgym.agents.statispro import ByTheBookCoach
    from coachgym.core.match import play_game
    from coachgym.rules.statispro import RULESET
    from coachgym.rules.statispro.builder import build_league

    built = build_league(season["rows"], season["teams"], season["season"], source=season["stats"], blind=True, cal=cal)
    teams = {tm: RULESET.parse_team(json.loads(json.dumps(t)), tm) for tm, t in built.items()}
    wins = {tm: 0.0 for tm in teams}
    n = 0
    for _ in range(rounds):
        for h in teams:
            for a in teams:
                if h == a:
                    continue
                k = seed + n
                g = RULESET.new_game(teams[h], teams[a], seed=k, record_events=False)
                play_game(g, ByTheBookCoach(k), ByTheBookCoach(k + 1), seed=k)
                hs, vs = g.score
                wins[h if hs > vs else a] += 1
                n += 1
                bar.update()
    games = 2 * (len(teams) - 1) * rounds
    return {tm: 82 * w / games for tm, w in wins.items()}


def pearson(x: list[float], y: list[float]) -> float:
    mx, my = sum(x) / len(x), sum(y) / len(y)
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
    return sxy / math.sqrt(sum((a - mx) ** 2 for a in x) * sum((b - my) ** 2 for b in y))


def fit_team_term(seasons: list[dict[str, Any]], sims: list[dict[str, float]], cal: dict,
                  sensitivity: float) -> tuple[float, float]:
    """Least squares of (current share + error / sensitivity) on (DRtg, pace differences)."""
    from coachgym.rules.statispro.builder import team_defense_term

    printed = cal.get("printed", {})
    a11 = a12 = a22 = b1 = b2 = 0.0
    for s, sim in zip(seasons, sims):
        lg = s["ctx"]["league"]
        for tm, w in sim.items():
            if tm in printed.get(s["season"], {}):
                continue
            target = team_defense_term(tm, s["ctx"], cal) + (w - real_wins(s, tm)) / sensitivity
            x1, x2 = s["ctx"][tm]["drtg"] - lg["drtg"], s["ctx"][tm]["pace"] - lg["pace"]
            a11 += x1 * x1
            a12 += x1 * x2
            a22 += x2 * x2
            b1 += x1 * target
            b2 += x2 * target
    det = a11 * a22 - a12 * a12
    return (b1 * a22 - b2 * a12) / det, (a11 * b2 - a12 * b1) / det


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--season", nargs=3, action="append", required=True, metavar=("YYYY-YY", "STATS", "TEAM_TOTALS"))
    ap.add_argument("--sensitivity", type=float, required=True, help="wins per 82 games a point of DEFENSE is worth")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--iterations", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--write", action="store_true", help="store the fitted constants in card_builder.json")
    ap.add_argument("--keep", choices=("best", "last"), default="best",
                    help="best: the round robins' smallest mean MAE; last: the last iteration's constants (the "
                         "iteration's fixed point, where the round robins' MAEs differ by less than their dice)")
    ap.add_argument("--from", dest="start", nargs=2, type=float, metavar=("PER_DRTG", "PER_PACE"),
                    help="start from these constants instead of the file's")
    args = ap.parse_args(argv)
    from tqdm import tqdm

    from coachgym.core.errors import CoachgymError

    cal = json.loads(CAL_FILE.read_text(encoding="utf-8"))
    sc = cal["season_context"]
    try:
        seasons = [load_season(name, Path(st), Path(tt), sc["held_out_seasons"]) for name, st, tt in args.season]
    except (CalibrationError, CoachgymError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.start:
        sc["per_drtg"], sc["per_pace"] = args.start
    sc["wins_per_net_rating"] = round(fit_wins_per_net_rating(seasons), 3)
    print(f"wins_per_net_rating {sc['wins_per_net_rating']} (least squares over "
          f"{sum(len(s['ctx']) - 1 for s in seasons)} training teams' real records)")
    history = []
    t0 = time.perf_counter()
    games = sum((len(s["ctx"]) - 1) * (len(s["ctx"]) - 2) for s in seasons) * args.rounds
    for it in range(args.iterations + 1):
        with tqdm(total=games, desc=f"iteration {it}: per_drtg {sc['per_drtg']}, per_pace {sc['per_pace']}",
                  unit="game") as bar:
            sims = [round_robin(s, cal, args.rounds, args.seed, bar) for s in seasons]
        row: dict[str, Any] = {"per_drtg": sc["per_drtg"], "per_pace": sc["per_pace"]}
        for s, sim in zip(seasons, sims):
            tms = sorted(sim)
            sw, rw = [sim[t] for t in tms], [real_wins(s, t) for t in tms]
            row[s["season"]] = {"r": round(pearson(sw, rw), 3),
                                "mae": round(sum(abs(a - b) for a, b in zip(sw, rw)) / len(tms), 2)}
        history.append(row)
        print(json.dumps(row))
        if it == args.iterations:
            break
        d, p = fit_team_term(seasons, sims, cal, args.sensitivity)
        sc["per_drtg"], sc["per_pace"] = round(d, 3), round(p, 3)
    # kept: the constants whose round robins had the smallest mean absolute error over the training
    # seasons (a step can overshoot: the sensitivity is one team's, and cards clamp at -12 and 0)
    best = history[-1] if args.keep == "last" else min(history, key=lambda row: sum(row[s["season"]]["mae"] for s in seasons))
    sc["per_drtg"], sc["per_pace"] = best["per_drtg"], best["per_pace"]
    fit = {"tool": "tools/statispro_season_calibration.py", "seasons": [s["season"] for s in seasons],
           "inputs": [[s["stats"], s["totals"]] for s in seasons], "sensitivity": args.sensitivity,
           "rounds": args.rounds, "iterations": args.iterations, "seed": args.seed, "keep": args.keep,
           "round_robins": history,
           "seconds": round(time.perf_counter() - t0)}
    print(json.dumps({"per_drtg": sc["per_drtg"], "per_pace": sc["per_pace"],
                      "wins_per_net_rating": sc["wins_per_net_rating"]}))
    if args.write:
        sc["training_seasons"] = fit["seasons"]
        sc["fit"] = fit
        CAL_FILE.write_text(json.dumps(cal, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"written: {CAL_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
