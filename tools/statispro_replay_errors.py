"""What a season replay's team errors follow: the correlation of each team's simulated-minus-real wins
per 82 (a ``tools/history_replay.py --json`` report) with its pace, points allowed and scored per 100
possessions, opponents' points a game and turnovers per 100 possessions, from the season's team totals
with the possession columns (``tools/team_totals_from_bref.py``; docs/history.md). Also printed: the
points-based expectation on the same teams (Pythagorean, exponent 14: wins per 82 = 82 x PTS^14 /
(PTS^14 + OPP_PTS^14)) against the real records, r and MAE.

    python tools/statispro_replay_errors.py REPLAY.json TEAM_TOTALS.csv --league LEAGUE_DIR

``--league``: the replayed league's folder (its team files name the teams). A team of the replay is matched to the team totals by its team file's name (``coachgym/core/nba_teams.json``);
one that matches none is named and left out.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path


def pearson(x: list[float], y: list[float]) -> float:
    mx, my = sum(x) / len(x), sum(y) / len(y)
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
    return sxy / math.sqrt(sum((a - mx) ** 2 for a in x) * sum((b - my) ** 2 for b in y))


def star_shots(folder: Path, stem: str) -> float | None:
    """What a team's offense rests on its high-volume shooters: over its men with 17 or more field-goal
    attempts a game (the league folder's stats.csv, the rows of the team's code), the attempts a game
    above 17 x (his true-shooting share - the team's), summed per 82 games; None without stats.csv."""
    import csv

    try:
        roster = {p["name"] for p in json.loads((folder / f"{stem}.json").read_text(encoding="utf-8"))["players"]}
        with (folder / "stats.csv").open(newline="", encoding="utf-8-sig") as fh:
            rows = [r for r in csv.DictReader(fh) if (r.get("Tm") or r.get("Team")) not in ("TOT", None)
                    and r["Player"].rstrip("*").strip() in roster]
    except (OSError, ValueError, KeyError):
        return None
    if not rows:
        return None
    codes: dict[str, int] = {}
    for r in rows:
        codes[r.get("Tm") or r["Team"]] = codes.get(r.get("Tm") or r["Team"], 0) + 1
    code = max(codes, key=lambda c: codes[c])
    rows = [r for r in rows if (r.get("Tm") or r["Team"]) == code]

    def n(r: dict[str, str], c: str) -> float:
        return float(r[c]) if r.get(c) not in (None, "") else 0.0
    tsa = sum(n(r, "FGA") + 0.44 * n(r, "FTA") for r in rows)
    team_ts = sum(n(r, "PTS") for r in rows) / (2 * tsa) if tsa else 0.0
    out = 0.0
    for r in rows:
        g = n(r, "G")
        if g and n(r, "FGA") / g >= 17:
            ts = n(r, "PTS") / (2 * (n(r, "FGA") + 0.44 * n(r, "FTA")))
            out += (n(r, "FGA") / g - 17) * g * (ts - team_ts) / 82
    return out


def errors(report: dict, totals: dict, folder: Path, say=print) -> dict | None:
    """The figures ``main`` prints, as a dict: ``teams`` (matched), ``error_r`` (the correlation of each
    team's simulated - real wins with pace, drtg (points allowed per 100), ortg, opp_ppg, tov100,
    opp_tov100), ``star_shots_r`` (None without stats.csv), ``pythagorean_r`` / ``pythagorean_mae`` (the
    points-based expectation against the real records) and ``left_out`` (teams without totals); None
    where fewer than 3 teams match. ``totals``: :func:`coachgym.core.statscsv.read_team_stats`'s rows."""
    from coachgym.core.statscsv import nba_teams

    by_name: dict[str, list[str]] = {}
    for abbr, info in nba_teams().items():
        by_name.setdefault(info["name"], []).append(abbr)
    feats: dict[str, list[float]] = {k: [] for k in ("pace", "drtg", "ortg", "opp_ppg", "tov100", "opp_tov100")}
    err: list[float] = []
    pyth: list[float] = []
    real: list[float] = []
    left_out: list[str] = []
    for t in report["teams"]:
        try:
            name = json.loads((folder / f"{t['team']}.json").read_text(encoding="utf-8"))["name"]
        except (OSError, ValueError, KeyError):
            name = t["team"]
        abbr = next((a for a in by_name.get(name, []) if a in totals), None)
        row = totals.get(abbr) if abbr else None
        poss = row.possessions() if row is not None else None
        if row is None or poss is None or not row.games or row.pts is None or row.opp_pts is None:
            say(f"note: {t['team']} ({name}) has no team totals with possessions; left out")
            left_out.append(t["team"])
            continue
        feats["pace"].append(poss / row.games)
        feats["drtg"].append(100 * row.opp_pts / poss)
        feats["ortg"].append(100 * row.pts / poss)
        feats["opp_ppg"].append(row.opp_pts / row.games)
        feats["tov100"].append(100 * row.extra["TOV"] / poss)
        feats["opp_tov100"].append(100 * row.extra["OPP_TOV"] / poss)
        err.append(t["sim_wins"] - t["real_wins"])
        pyth.append(82 * row.pts ** 14 / (row.pts ** 14 + row.opp_pts ** 14))
        real.append(t["real_wins"])
    if len(err) < 3:
        return None
    stars = [star_shots(folder, t["team"]) for t in report["teams"]]
    star_r = (pearson([float(x or 0) for x in stars], err)
              if all(x is not None for x in stars) and len(stars) == len(err) and len(set(stars)) > 1 else None)
    return {"teams": len(err), "error_r": {k: pearson(v, err) for k, v in feats.items()}, "star_shots_r": star_r,
            "pythagorean_r": pearson(pyth, real),
            "pythagorean_mae": sum(abs(a - b) for a, b in zip(pyth, real)) / len(real), "left_out": left_out}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("replay", type=Path)
    ap.add_argument("team_totals", type=Path)
    ap.add_argument("--league", type=Path, required=True, help="the replayed league's folder")
    args = ap.parse_args(argv)
    from coachgym.core.errors import CoachgymError
    from coachgym.core.statscsv import read_team_stats

    try:
        report = json.loads(args.replay.read_text(encoding="utf-8"))
        totals = read_team_stats(args.team_totals)
    except (OSError, ValueError, CoachgymError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    result = errors(report, totals, args.league)
    if result is None:
        print(f"error: {args.league}: fewer than 3 of the replay's teams match {args.team_totals}", file=sys.stderr)
        return 1
    print(f"{args.replay.name}: {result['teams']} teams; r {report['team_r']:.3f}, MAE {report['team_mae_wins']:.2f}; "
          "correlation of simulated - real wins with:")
    for k, v in result["error_r"].items():
        print(f"  {k:10s} {v:+.2f}")
    if result["star_shots_r"] is not None:
        print(f"  {'star_shots':10s} {result['star_shots_r']:+.2f}  (shots a game above 17 of the "
              "team's high-volume men x their true shooting over the team's)")
    print(f"points-based expectation (Pythagorean, exponent 14): r {result['pythagorean_r']:.3f}, "
          f"MAE {result['pythagorean_mae']:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
