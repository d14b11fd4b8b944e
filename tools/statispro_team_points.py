"""Per team, a Statis Pro season replay's points for and against against the real season's: a game and
per 100 possessions, the pace, and the four factors of the offense (docs/history.md, "Team terms").

    python tools/statispro_team_points.py LEAGUE_DIR REPLAYS.sqlite3 [--json F]

LEAGUE_DIR: the league folder the replay played (its team files and ``team_stats.csv`` with the
possession columns; ``stats.csv`` for the players' shooting); REPLAYS.sqlite3: the ``--db`` of
``tools/history_replay.py`` (every replay's box scores). Possessions are FGA - ORB + TOV + 0.44 x FTA
(the real ones the mean of the team's and its opponents' estimates, as the builder's season context;
the simulated ones the same from the box scores). Printed: for each measure the r and the slope of the
simulated on the real over the teams, and their sd; the correlation of the win error (simulated minus
real wins per 82) with the real measures; and per team, sorted by the win error, its real and simulated
points per 100 possessions for and against (relative to the league), pace and turnovers per 100.
"""

from __future__ import annotations

import argparse
import collections
import csv
import json
import sqlite3
import statistics
import sys
from pathlib import Path


def _slope(x: list[float], y: list[float]) -> float:
    mx, my = statistics.fmean(x), statistics.fmean(y)
    den = sum((a - mx) ** 2 for a in x)
    return sum((a - mx) * (b - my) for a, b in zip(x, y)) / den if den else float("nan")


def _corr(x: list[float], y: list[float]) -> float:
    try:
        return statistics.correlation(x, y)
    except statistics.StatisticsError:
        return float("nan")


def _history_replay():
    """tools/history_replay.py (its ``games``: a replay database's games and boxes)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("history_replay", Path(__file__).with_name("history_replay.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def team_points(folder: Path, db: Path) -> list[dict[str, float | str]]:
    from coachgym.core.statscsv import nba_teams

    rows = {(r.get("Team") or r.get("Tm")): r for r in csv.DictReader((folder / "team_stats.csv").open(encoding="utf-8"))}
    players: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    if (folder / "stats.csv").exists():
        for r in csv.DictReader((folder / "stats.csv").open(encoding="utf-8")):
            tm = r.get("Tm") or r.get("Team")
            if tm in (None, "TOT"):
                continue
            for c in ("FG", "FGA", "3P", "3PA", "FTA", "AST"):
                try:
                    players[tm][c] += float(r.get(c) or 0)
                except ValueError:
                    pass
    by_name: dict[str, list[str]] = {}
    for abbr, info in nba_teams().items():
        by_name.setdefault(info["name"], []).append(abbr)
    sim: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for hk, ak, hs, vs, a, b in _history_replay().games(db):
        for t, o, k, me, opp in ((a, b, hk, hs, vs), (b, a, ak, vs, hs)):
            s = sim[k]
            s["g"] += 1
            s["w"] += me > opp
            s["pf"] += me
            s["pa"] += opp
            for c in ("FGA", "FGM", "3PA", "3PM", "FTA", "TO", "OREB", "AST"):
                s[c] += t["totals"].get(c, 0)
                s["o" + c] += o["totals"].get(c, 0)
    out = []
    for k, s in sorted(sim.items()):
        name = json.loads((folder / f"{k}.json").read_text(encoding="utf-8"))["name"]
        abbr = next((x for x in by_name.get(name, []) if x in rows), None)
        if abbr is None:
            print(f"note: {k} ({name}) has no row in team_stats.csv; left out", file=sys.stderr)
            continue
        r = {c: float(v) for c, v in rows[abbr].items() if c not in ("Team", "Tm", "Division") and v not in ("", None)}
        g, G = s["g"], r["G"]
        rposs = ((r["FGA"] - r["ORB"] + r["TOV"] + 0.44 * r["FTA"])
                 + (r["OPP_FGA"] - r["OPP_ORB"] + r["OPP_TOV"] + 0.44 * r["OPP_FTA"])) / 2
        sposs = ((s["FGA"] - s["OREB"] + s["TO"] + 0.44 * s["FTA"]) + (s["oFGA"] - s["oOREB"] + s["oTO"] + 0.44 * s["oFTA"])) / 2
        p = players.get(abbr, collections.Counter())
        row: dict[str, float | str] = {
            "team": k, "abbr": abbr, "real_wins": 82 * r["W"] / G if "W" in r else float("nan"), "sim_wins": 82 * s["w"] / g,
            "real_pf": r["PTS"] / G, "sim_pf": s["pf"] / g, "real_pa": r["OPP_PTS"] / G, "sim_pa": s["pa"] / g,
            "real_pace": rposs / G, "sim_pace": sposs / g,
            "real_ortg": 100 * r["PTS"] / rposs, "sim_ortg": 100 * s["pf"] / sposs,
            "real_drtg": 100 * r["OPP_PTS"] / rposs, "sim_drtg": 100 * s["pa"] / sposs,
            "real_tov100": 100 * r["TOV"] / rposs, "sim_tov100": 100 * s["TO"] / sposs,
            "real_forced_tov100": 100 * r["OPP_TOV"] / rposs, "sim_forced_tov100": 100 * s["oTO"] / sposs,
            "real_orb100": 100 * r["ORB"] / rposs, "sim_orb100": 100 * s["OREB"] / sposs,
            "real_fta_per_fga": r["FTA"] / r["FGA"], "sim_fta_per_fga": s["FTA"] / s["FGA"],
        }
        if p["FGA"]:
            row.update({"real_efg": (p["FG"] + 0.5 * p["3P"]) / p["FGA"], "sim_efg": (s["FGM"] + 0.5 * s["3PM"]) / s["FGA"],
                        "real_3pa_rate": p["3PA"] / p["FGA"], "sim_3pa_rate": s["3PA"] / s["FGA"],
                        "real_ast_per_fg": p["AST"] / max(1.0, p["FG"]), "sim_ast_per_fg": s["AST"] / max(1, s["FGM"])})
        out.append(row)
    return out


MEASURES = ("pf", "pa", "pace", "ortg", "drtg", "net", "tov100", "forced_tov100", "orb100", "fta_per_fga", "efg",
            "3pa_rate", "ast_per_fg")


def summary(rows: list[dict]) -> dict[str, dict[str, float]]:
    for t in rows:
        t["real_net"] = t["real_ortg"] - t["real_drtg"]
        t["sim_net"] = t["sim_ortg"] - t["sim_drtg"]
        t["win_error"] = t["sim_wins"] - t["real_wins"]
    err = [t["win_error"] for t in rows]
    out = {}
    for m in MEASURES:
        if not all(f"real_{m}" in t for t in rows):
            continue
        x, y = [t[f"real_{m}"] for t in rows], [t[f"sim_{m}"] for t in rows]
        out[m] = {"r": round(_corr(x, y), 3), "slope": round(_slope(x, y), 3), "real_sd": round(statistics.pstdev(x), 3),
                  "sim_sd": round(statistics.pstdev(y), 3), "real_mean": round(statistics.fmean(x), 3),
                  "sim_mean": round(statistics.fmean(y), 3), "win_error_r": round(_corr(err, x), 3)}
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("league", type=Path)
    ap.add_argument("db", type=Path)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    if not args.db.exists():
        print(f"error: {args.db}: no such replay database", file=sys.stderr)
        return 1
    try:
        rows = team_points(args.league, args.db)
    except (OSError, ValueError, KeyError, sqlite3.Error) as exc:
        print(f"error: {args.league}: {exc}", file=sys.stderr)
        return 1
    if len(rows) < 3:
        print("error: fewer than 3 teams with real and simulated rows", file=sys.stderr)
        return 1
    summ = summary(rows)
    print(f"{'measure':14s} {'r':>6s} {'slope':>6s} {'real mean/sd':>14s} {'sim mean/sd':>14s} {'err~real':>8s}")
    for m, v in summ.items():
        print(f"{m:14s} {v['r']:+6.3f} {v['slope']:6.3f} {v['real_mean']:7.3f}/{v['real_sd']:<6.3f} "
              f"{v['sim_mean']:7.3f}/{v['sim_sd']:<6.3f} {v['win_error_r']:+8.2f}")
    lo, ls = statistics.fmean(t["real_ortg"] for t in rows), statistics.fmean(t["sim_ortg"] for t in rows)
    do, ds = statistics.fmean(t["real_drtg"] for t in rows), statistics.fmean(t["sim_drtg"] for t in rows)
    print(f"\n{'team':14s} {'W':>4s} {'simW':>5s} {'ORtg':>6s} {'sim':>6s} {'DRtg':>6s} {'sim':>6s} {'pace':>6s} {'sim':>6s} "
          f"{'TOV':>5s} {'sim':>5s}   (ORtg, DRtg: per 100 possessions, relative to the league)")
    for t in sorted(rows, key=lambda t: t["win_error"]):
        print(f"{t['team']:14s} {t['real_wins']:4.0f} {t['sim_wins']:5.1f} {t['real_ortg'] - lo:+6.1f} {t['sim_ortg'] - ls:+6.1f} "
              f"{t['real_drtg'] - do:+6.1f} {t['sim_drtg'] - ds:+6.1f} {t['real_pace']:6.1f} {t['sim_pace']:6.1f} "
              f"{t['real_tov100']:5.1f} {t['sim_tov100']:5.1f}")
    if args.json:
        args.json.write_text(json.dumps({"league": str(args.league), "db": str(args.db), "summary": summ,
                                         "teams": [{k: (round(v, 3) if isinstance(v, float) else v) for k, v in t.items()}
                                                   for t in rows]}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
