"""Who takes the shots in a Statis Pro replay: simulated against real field-goal attempts a game by
the players' real volume, and how far one card's ATTEMPTS moves a man's share of his team's shots
(docs/rules/statis-pro-basketball.md, "Season context", usage ATTEMPTS; docs/history.md).

    python tools/statispro_usage.py ratios LEAGUE_DIR REPLAYS.sqlite3 [LEAGUE_DIR REPLAYS.sqlite3 ...] [--json OUT]
    python tools/statispro_usage.py elasticity LEAGUE_DIR TEAM OPPONENT PLAYER [--games 40] [--attempts 5 15 25 40]

``ratios`` reads the box scores a ``tools/history_replay.py --db`` run kept (nothing is played
again): for every player with 10 or more real minutes a game who played at least half the games of
the most-used man, simulated / real FGA a game, by bins of real FGA a game, the correlation of the
ratio with the real FGA a game and the slope of log simulated FGA a game on log real (1 = every man
shoots his real share). ``elasticity`` plays GAMES games (seeds 1000..) of TEAM at home against
OPPONENT with by-the-book coaches, PLAYER's ATTEMPTS set to each value, everything else as built:
his FGA a game and his share of his team's.
"""

from __future__ import annotations

import argparse
import copy
import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BINS = ((0, 6), (6, 9), (9, 12), (12, 14), (14, 17), (17, 20), (20, 99))


def _player_lines():
    spec = importlib.util.spec_from_file_location("statispro_player_lines", ROOT / "tools" / "statispro_player_lines.py")
    mod = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(mod)
    return mod


def usage_rows(folder: Path, db: Path) -> list[dict[str, Any]]:
    """Per player of a kept replay: card ATTEMPTS, real FGA a game and minutes, simulated FGA a game."""
    from coachgym import rulesets
    from coachgym.series.competition import Competition
    from coachgym.series.tables import player_stats
    from coachgym.store import Store

    pl = _player_lines()
    hr = pl._replay_tool()
    rs = rulesets.get("statispro")
    league = rs.league(str(folder))
    real = hr.real_lines(league, rs)
    counts = pl.real_counts(folder)
    cards = {t: {p.name: p for p in rs.load_team(league.team_key(t)).players} for t in league.teams}
    sums: dict[tuple[str, str], dict[str, float]] = {}
    with Store(db) as store:
        for (name,) in store.query("SELECT name FROM competitions ORDER BY id"):
            for p in player_stats(Competition.load(store, name)):
                s = sums.setdefault((p["team"], p["name"]), {"gp": 0, "FGA": 0.0})
                s["gp"] += p["gp"]
                s["FGA"] += p["FGA_total"]
    out = []
    for (team, name), s in sums.items():
        if (team, name) not in real or not s["gp"]:
            continue
        rc = next((v for (_, nm), v in counts.items() if nm == name and abs(v["MP"] - real[(team, name)]["min"]) < 0.5), None)
        if rc is None or not rc["G"]:
            continue
        out.append({"league": folder.name, "team": team, "name": name, "attempts": cards[team][name].attempts,
                    "real_fga_g": rc["FGA"] / rc["G"], "real_mpg": rc["MP"] / rc["G"], "sim_fga_g": s["FGA"] / s["gp"],
                    "gp": s["gp"]})
    return out


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    import numpy as np

    most = max((r["gp"] for r in rows), default=0)
    rows = [r for r in rows if r["real_mpg"] >= 10 and r["gp"] >= 0.5 * most and r["real_fga_g"] > 0 and r["sim_fga_g"] > 0]
    bins = {}
    for lo, hi in BINS:
        s = [r["sim_fga_g"] / r["real_fga_g"] for r in rows if lo <= r["real_fga_g"] < hi]
        if s:
            bins[f"{lo}-{hi}"] = {"players": len(s), "fga_ratio": round(float(np.mean(s)), 3)}
    ratio = np.array([r["sim_fga_g"] / r["real_fga_g"] for r in rows])
    real = np.array([r["real_fga_g"] for r in rows])
    # the correlation is undefined (None) where either side does not vary (a few players alike)
    corr = round(float(np.corrcoef(ratio, real)[0, 1]), 3) if len(rows) > 1 and ratio.std() > 0 and real.std() > 0 else None
    return {"players": len(rows), "bins": bins,
            "corr_ratio_real_fga": corr,
            "slope_log_sim_on_log_real": round(float(np.polyfit(np.log(real), np.log([r["sim_fga_g"] for r in rows]), 1)[0]), 3)}


def elasticity(folder: Path, team: str, opponent: str, player: str, games: int, values: list[int]) -> list[dict[str, Any]]:
    from coachgym.series.competition import ScheduledGame

    home = json.loads((folder / f"{team}.json").read_text(encoding="utf-8"))
    away = json.loads((folder / f"{opponent}.json").read_text(encoding="utf-8"))
    if not any(p["name"] == player for p in home["players"]):
        raise SystemExit(f"error: {folder / (team + '.json')}: no player {player!r}")
    out = []
    for att in values:
        h = copy.deepcopy(home)
        for p in h["players"]:
            if p["name"] == player:
                p["attempts"] = att
        fga = tot = 0
        for s in range(games):
            box = ScheduledGame("statispro", {}, h, away, "by-the-book", "by-the-book", 1000 + s).run()["box"]
            for line in box["teams"][0]["players"]:
                tot += line.get("FGA", 0)
                fga += line.get("FGA", 0) if line["name"] == player else 0
        out.append({"attempts": att, "fga_a_game": round(fga / games, 2), "team_fga_a_game": round(tot / games, 2),
                    "share": round(fga / max(1, tot), 3)})
        print(f"{player} ATTEMPTS {att}: {fga / games:.1f} FGA a game, {tot / games:.1f} his team's, share "
              f"{fga / max(1, tot):.3f}", flush=True)
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("ratios")
    r.add_argument("pairs", nargs="+", help="LEAGUE_DIR REPLAYS.sqlite3, one pair or more")
    r.add_argument("--json", dest="json_out", type=Path, default=None)
    e = sub.add_parser("elasticity")
    e.add_argument("league", type=Path)
    e.add_argument("team")
    e.add_argument("opponent")
    e.add_argument("player")
    e.add_argument("--games", type=int, default=40)
    e.add_argument("--attempts", type=int, nargs="+", default=[5, 15, 25, 40])
    e.add_argument("--json", dest="json_out", type=Path, default=None)
    a = ap.parse_args(argv)
    if a.cmd == "ratios":
        if len(a.pairs) % 2:
            ap.error("ratios takes LEAGUE_DIR REPLAYS.sqlite3 pairs")
        rows: list[dict[str, Any]] = []
        for folder, db in zip(a.pairs[::2], a.pairs[1::2]):
            if not Path(db).is_file():
                ap.error(f"{db}: no such replay database")
            rows += usage_rows(Path(folder), Path(db))
        result: Any = summary(rows)
        bins = " | ".join(f"{k}: {v['fga_ratio']:.3f} ({v['players']})" for k, v in result["bins"].items())
        print(f"{result['players']} players; simulated / real FGA a game by real FGA a game: {bins}; "
              f"correlation with real FGA a game {'undefined' if result['corr_ratio_real_fga'] is None else format(result['corr_ratio_real_fga'], '+.2f')}; log-log slope "
              f"{result['slope_log_sim_on_log_real']:.3f}")
        result["rows"] = rows
    else:
        result = elasticity(a.league, a.team, a.opponent, a.player, a.games, a.attempts)
    if a.json_out:
        a.json_out.parent.mkdir(parents=True, exist_ok=True)
        a.json_out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
