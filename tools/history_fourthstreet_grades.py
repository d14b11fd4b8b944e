"""4th Street's season context on real NBA seasons (docs/history.md, "4th Street: the season context";
docs/rules/4th-street-basketball.md, section 14 "Season context"): build a season's league with the
card builder's season context or with candidate constants, for replays by tools/history_replay.py.

    python tools/history_fourthstreet_grades.py build 1997 --out /tmp/fs/nba-1997            # the shipped constants
    python tools/history_fourthstreet_grades.py build 1980 --out /tmp/fs/k02 --defense 0.2    # a candidate
    python tools/history_fourthstreet_grades.py build 1997 --out /tmp/fs/before --before      # the builder before
    python tools/history_fourthstreet_grades.py build 1980 --out /tmp/fs/fat3 --fat-divisor 3 --fat-most 16   # longer stints
    python tools/history_fourthstreet_grades.py spread /tmp/fs/nba-1997                        # grades vs the season
    python tools/history_fourthstreet_grades.py pythagorean /tmp/fs/nba-1997                   # the points-based expectation
    python tools/history_fourthstreet_grades.py rebounds /tmp/fs/nba-1997 REPLAYS.sqlite3      # rebounds by position

``--before`` builds the cards as the builder did before the season context (1979-80's league
averages, grades rounded to the nearest whole number, no team defence). ``spread`` prints, per team,
the minutes-weighted Level 2 and Defense grades, the share of minutes on a Level 2 grade of 0, and
their correlation with the real win% and with the defensive rating (team statistics). ``rebounds``:
from a season's replays (the ``--db`` of ``tools/history_replay.py``), by the cards' position (1 point guard
.. 5 centre), each position's share of its team's rebounds and its rebounds per 36 minutes, simulated beside
real (the real from the rostered players' season lines on their cards), with the share the rules' dice give
a position ("Rebounds": white 1-5 that position's matchup, white 6 the defense's highest tRb).
"""

from __future__ import annotations

import argparse
import csv
import json
import statistics
import sys
from pathlib import Path


def build(args: argparse.Namespace) -> int:
    from coachgym.core.nbaseasons import build_season
    from coachgym.rules.fourthstreet import builder

    cal = builder.calibration()
    saved = dict(cal["season_context"])
    if args.defense is not None:
        cal["season_context"]["defense_grade_per_drtg"] = args.defense
    if args.rounding:
        cal["season_context"]["grade_rounding"] = args.rounding
    fat = (cal["fat_mpg_divisor"], list(cal["fat_range"]))
    if args.fat_divisor is not None:
        cal["fat_mpg_divisor"] = args.fat_divisor
    if args.fat_most is not None:
        cal["fat_range"] = [cal["fat_range"][0], args.fat_most]
    original = builder.season_context
    if args.before:
        builder.season_context = lambda lines, team_stats=None, notes=None: ({}, {})  # type: ignore[assignment]
    try:
        notes: list[str] = []
        build_season("fourthstreet", args.season, args.out, say=notes.append)
    finally:
        builder.season_context = original  # type: ignore[assignment]
        cal["season_context"] = saved
        cal["fat_mpg_divisor"], cal["fat_range"] = fat
    how = ("before the season context" if args.before else
           f"season context, defense_grade_per_drtg {args.defense if args.defense is not None else saved['defense_grade_per_drtg']}, "
           f"rounding {args.rounding or saved['grade_rounding']}") + (
        f", fat = round(mpg / {args.fat_divisor or fat[0]}) + 1 within {fat[1][0]}..{args.fat_most or fat[1][1]}")
    print(f"built {args.out} ({how}); {len(notes)} notes")
    return 0


def spread(args: argparse.Namespace) -> int:
    lg = Path(args.league)
    meta = json.loads((lg / "league.json").read_text(encoding="utf-8"))
    with (lg / "team_stats.csv").open(encoding="utf-8", newline="") as fh:
        ts = {r["Team"]: r for r in csv.DictReader(fh)}
    rows = []
    for stem, (w, lost) in sorted(meta["real_records"].items()):
        team = json.loads((lg / f"{stem}.json").read_text(encoding="utf-8"))
        t = ts[team["abbr"]]
        mins = sum(p["stats"]["min"] for p in team["players"])

        def mean(f, team=team, mins=mins):
            return sum(f(p) * p["stats"]["min"] for p in team["players"]) / mins
        poss = int(t["OPP_FGA"]) - int(t["OPP_ORB"]) + int(t["OPP_TOV"]) + 0.44 * int(t["OPP_FTA"])
        rows.append({"team": stem, "win": w / (w + lost), "l2": mean(lambda p: p["grades"]["l2"]),
                     "def": mean(lambda p: sum(p["grades"]["def"]) / 3), "l2_zero": mean(lambda p: p["grades"]["l2"] == 0),
                     "drtg": 100 * int(t["OPP_PTS"]) / poss})
    print(f"defensive rating r(win%) {statistics.correlation([r['drtg'] for r in rows], [r['win'] for r in rows]):+.2f}")
    for k in ("l2", "def", "l2_zero"):
        xs = [r[k] for r in rows]
        print(f"{k:8s} mean {statistics.mean(xs):.2f} sd {statistics.stdev(xs):.2f}  r(win%) "
              f"{statistics.correlation(xs, [r['win'] for r in rows]):+.2f}  r(drtg) "
              f"{statistics.correlation(xs, [r['drtg'] for r in rows]):+.2f}")
    return 0


def pythagorean(args: argparse.Namespace) -> int:
    """The points-based expectation (Pythagorean, exponent 14, as the NBA pages): wins per 82 against the real."""
    lg = Path(args.league)
    meta = json.loads((lg / "league.json").read_text(encoding="utf-8"))
    with (lg / "team_stats.csv").open(encoding="utf-8", newline="") as fh:
        ts = {r["Team"]: r for r in csv.DictReader(fh)}
    abbr = {stem: json.loads((lg / f"{stem}.json").read_text(encoding="utf-8"))["abbr"] for stem in meta["real_records"]}
    real, exp = [], []
    for stem, (w, lost) in sorted(meta["real_records"].items()):
        t = ts[abbr[stem]]
        pf, pa = float(t["PTS"]) ** 14, float(t["OPP_PTS"]) ** 14
        real.append(82 * w / (w + lost))
        exp.append(82 * pf / (pf + pa))
    mae = statistics.fmean(abs(a - b) for a, b in zip(real, exp))
    print(f"Pythagorean (exponent 14): r {statistics.correlation(real, exp):.3f}, MAE {mae:.2f} wins per 82; "
          f"sd of wins: expectation {statistics.pstdev(exp):.2f}, real {statistics.pstdev(real):.2f}")
    return 0


def rebounds(args: argparse.Namespace) -> int:
    import importlib.util

    folder = Path(args.league)
    league = json.loads((folder / "league.json").read_text(encoding="utf-8"))
    pos: dict[tuple[str, str], int] = {}
    real = {p: [0.0, 0.0] for p in range(1, 6)}  # rebounds, minutes
    for k in league["teams"]:
        team = json.loads((folder / f"{k}.json").read_text(encoding="utf-8"))
        for c in team["players"]:
            pos[(k, c["name"])] = int(c["pos"])
            st = c.get("stats", {})
            real[int(c["pos"])][0] += st.get("orb", 0) + st.get("drb", 0)
            real[int(c["pos"])][1] += st.get("min", 0)
    spec = importlib.util.spec_from_file_location("history_replay", Path(__file__).with_name("history_replay.py"))
    hr = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hr)
    sim = {p: [0.0, 0.0] for p in range(1, 6)}
    for hk, ak, _hs, _vs, a, b in hr.games(args.db):
        for key, t in ((hk, a), (ak, b)):
            for pl in t["players"]:
                p = pos.get((key, pl["name"]))
                if p is not None:
                    sim[p][0] += pl.get("reb", 0)
                    sim[p][1] += pl.get("min", 0)
    rt, st_ = sum(v[0] for v in real.values()), sum(v[0] for v in sim.values())
    out = {"league": str(folder), "db": str(args.db), "positions": {}}
    print("position | share of the team's rebounds: simulated / real | rebounds per 36: simulated / real (ratio)")
    for p in range(1, 6):
        r36 = 36 * real[p][0] / max(1.0, real[p][1])
        s36 = 36 * sim[p][0] / max(1.0, sim[p][1])
        row = {"sim_share": round(sim[p][0] / st_, 4), "real_share": round(real[p][0] / rt, 4),
               "sim_per36": round(s36, 2), "real_per36": round(r36, 2), "ratio_per36": round(s36 / r36, 3)}
        out["positions"][p] = row
        print(f"{p} | {row['sim_share']:.3f} / {row['real_share']:.3f} | {s36:.2f} / {r36:.2f} ({row['ratio_per36']:.2f})")
    print("the dice: white 1-5 (5/6 of the reads) give each position's matchup, its two players, 1/6 of the "
          "rebounds whatever their ratings; white 6 (1/6) goes to the defense's highest tRb")
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("season")
    b.add_argument("--out", type=Path, required=True)
    b.add_argument("--defense", type=float, default=None, help="defense_grade_per_drtg (default: the shipped)")
    b.add_argument("--rounding", choices=("nearest", "stochastic"), default=None)
    b.add_argument("--before", action="store_true", help="the builder before the season context")
    b.add_argument("--fat-divisor", type=float, default=None, help="the fat rating's minutes a game a point (default: the shipped 4)")
    b.add_argument("--fat-most", type=int, default=None, help="the fat rating's most (default: the shipped 12)")
    s = sub.add_parser("spread")
    s.add_argument("league")
    p = sub.add_parser("pythagorean")
    p.add_argument("league")
    r = sub.add_parser("rebounds")
    r.add_argument("league")
    r.add_argument("db")
    r.add_argument("--json", dest="json_out", default=None)
    args = ap.parse_args(argv)
    return {"build": build, "spread": spread, "pythagorean": pythagorean, "rebounds": rebounds}[args.cmd](args)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
