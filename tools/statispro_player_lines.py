"""The top players' per-game lines of a season replay against their real lines, and what each gap
follows (docs/history.md, "Player lines"): read from the box scores a ``tools/history_replay.py --db``
run kept, so nothing is played again.

    python tools/statispro_player_lines.py LEAGUE_DIR REPLAYS.sqlite3 [--top 30] [--json OUT]

For each of the ``--top`` players with most real minutes (the replay tool's choice): points, rebounds
and assists per game, simulated against real; and the parts a gap is made of, each simulated / real:
field-goal attempts a game (volume), points per field-goal attempt (efficiency), free-throw attempts
a game; offensive and defensive rebounds a game; assists a game beside the card's ASSIST rating
(the FAC's Assist #s run 2-12, so ratings of 12 and more are read alike: rules doc, realism). A gap
beyond 10% is attributed to the part whose ratio is furthest from 1 (for points: volume or
efficiency or free throws; for rebounds: offensive or defensive), and the rebound ratios by position
group (guards, forwards, centers) are printed, the FAC REBOUND positions' known bias.
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import json
import math
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _replay_tool():
    spec = importlib.util.spec_from_file_location("history_replay", ROOT / "tools" / "history_replay.py")
    mod = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(mod)
    return mod


def real_counts(folder: Path) -> dict[tuple[str, str], dict[str, float]]:
    """(Tm code, player) -> the real totals a line is made of, from the league's stats.csv."""
    out = {}
    with (folder / "stats.csv").open(newline="", encoding="utf-8-sig") as fh:
        for r in csv.DictReader(fh):
            tm = (r.get("Tm") or r.get("Team") or "").strip()
            if not r.get("Player") or tm in ("TOT", "") or r["Player"] == "League Average":
                continue

            def n(c: str, r: dict[str, str] = r) -> float:
                v = r.get(c)
                return float(v) if v not in (None, "") else 0.0
            out[(tm, r["Player"].rstrip("*").strip())] = {
                "G": n("G"), "MP": n("MP"), "FGA": n("FGA"), "FG": n("FG"), "3PA": n("3PA"), "FTA": n("FTA"),
                "ORB": n("ORB"), "DRB": n("DRB"), "TRB": n("TRB"), "AST": n("AST"),
                "PTS": n("PTS") or 2 * n("FG") + n("3P") + n("FT"), "pos": r.get("Pos", "")}
    return out


def group(pos: str) -> str:
    p = pos.split("-")[0]
    return "G" if p in ("PG", "SG", "G") else "C" if p == "C" else "F"


def ratio(a: float, b: float) -> float:
    return a / b if b else math.nan


def lines(folder: Path, db: Path, top: int) -> dict[str, Any]:
    from coachgym import rulesets
    from coachgym.series.competition import Competition
    from coachgym.series.tables import player_stats
    from coachgym.store import Store

    hr = _replay_tool()
    rs = rulesets.get("statispro")
    league = rs.league(str(folder))
    real = hr.real_lines(league, rs)
    counts = real_counts(folder)
    cards = {t: {p.name: p for p in rs.load_team(league.team_key(t)).players} for t in league.teams}
    sums: dict[tuple[str, str], dict[str, float]] = {}
    with Store(db) as store:
        names = [r[0] for r in store.query("SELECT name FROM competitions ORDER BY id")]
        for name in names:
            for p in player_stats(Competition.load(store, name)):
                s = sums.setdefault((p["team"], p["name"]), {"gp": 0})
                s["gp"] += p["gp"]
                for c in ("PTS", "FGA", "FGM", "3PA", "FTA", "OREB", "DREB", "REB", "AST"):
                    s[c] = s.get(c, 0.0) + p[c + "_total"]
    ranked = sorted(real, key=lambda k: -real[k]["min"])
    chosen = [k for k in ranked if k in sums and sums[k]["gp"] > 0][:top]
    rows = []
    for team, name in chosen:
        s = sums[(team, name)]
        rc = next((v for (tm, nm), v in counts.items() if nm == name and abs(v["MP"] - real[(team, name)]["min"]) < 0.5), None)
        if rc is None:
            continue
        g, sg = rc["G"], s["gp"]
        card = cards[team][name]
        row: dict[str, Any] = {"team": team, "name": name, "group": group(rc["pos"]), "pos": rc["pos"],
                               "assist_rating": card.assist, "rebound_rating": card.rebound,
                               "attempts_rating": card.attempts, "real_g": g, "sim_gp": sg,
                               "real_mpg": round(rc["MP"] / g, 2), "real_orb": round(rc["ORB"] / g, 2),
                               "sim_orb": round(s["OREB"] / sg, 2), "real_drb": round(rc["DRB"] / g, 2),
                               "sim_drb": round(s["DREB"] / sg, 2)}
        for col, sim, rl in (("pts", s["PTS"] / sg, rc["PTS"] / g), ("reb", s["REB"] / sg, rc["TRB"] / g),
                             ("ast", s["AST"] / sg, rc["AST"] / g)):
            row[f"real_{col}"], row[f"sim_{col}"] = round(rl, 2), round(sim, 2)
            row[f"{col}_ratio"] = round(ratio(sim, rl), 3)
        row["fga_ratio"] = round(ratio(s["FGA"] / sg, rc["FGA"] / g), 3)
        row["pts_per_fga_ratio"] = round(ratio((s["PTS"] - 0.0) / max(1, s["FGA"]), rc["PTS"] / max(1, rc["FGA"])), 3)
        row["fta_ratio"] = round(ratio(s["FTA"] / sg, rc["FTA"] / g), 3)
        row["oreb_ratio"] = round(ratio(s["OREB"] / sg, rc["ORB"] / g), 3)
        row["dreb_ratio"] = round(ratio(s["DREB"] / sg, rc["DRB"] / g), 3)
        causes = []
        if abs(row["pts_ratio"] - 1) > 0.10:
            part = max(("field-goal attempts a game", row["fga_ratio"]), ("points per attempt", row["pts_per_fga_ratio"]),
                       ("free-throw attempts a game", row["fta_ratio"]), key=lambda kv: abs(math.log(kv[1] or 1e-9)))
            causes.append(f"pts {row['pts_ratio']:.2f}: {part[0]} {part[1]:.2f}")
        if abs(row["reb_ratio"] - 1) > 0.10:
            part = max(("offensive", row["oreb_ratio"]), ("defensive", row["dreb_ratio"]),
                       key=lambda kv: abs(math.log(kv[1] or 1e-9)))
            causes.append(f"reb {row['reb_ratio']:.2f}: {part[0]} rebounds {part[1]:.2f} ({row['group']})")
        if abs(row["ast_ratio"] - 1) > 0.10:
            causes.append(f"ast {row['ast_ratio']:.2f}: ASSIST {card.assist}"
                          + (" (12 or more: read alike)" if card.assist >= 12 else ""))
        row["causes"] = causes
        rows.append(row)
    by_group: dict[str, dict[str, float]] = {}
    for gname in ("G", "F", "C"):
        sel = [r for r in rows if r["group"] == gname]
        if sel:
            by_group[gname] = {"players": len(sel), **{f"{c}_ratio": round(sum(r[f"{c}_ratio"] for r in sel) / len(sel), 3)
                                                       for c in ("reb", "oreb", "dreb", "pts", "ast", "fga")}}
    within = [abs(r[f"{c}_ratio"] - 1) <= 0.10 for r in rows for c in ("pts", "reb", "ast")]
    return {"league": str(folder), "replays": len(names), "players": rows, "by_group": by_group,
            "share_within_10pct": round(sum(within) / max(1, len(within)), 3)}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("league", type=Path)
    ap.add_argument("db", type=Path)
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    if not args.db.is_file():
        print(f"error: {args.db}: no such replay database (tools/history_replay.py --db keeps one)", file=sys.stderr)
        return 1
    out = lines(args.league, args.db, args.top)
    for r in out["players"]:
        print(f"{r['name']:24s} {r['group']} pts {r['real_pts']:5.1f} {r['sim_pts']:5.1f}  reb {r['real_reb']:4.1f} "
              f"{r['sim_reb']:4.1f}  ast {r['real_ast']:4.1f} {r['sim_ast']:4.1f}  | " + "; ".join(r["causes"]))
    for gname, v in out["by_group"].items():
        print(f"group {gname}: " + ", ".join(f"{k} {x}" for k, x in v.items()))
    print(f"within 10%: {out['share_within_10pct']:.0%} of {3 * len(out['players'])} figures over {out['replays']} replays")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
