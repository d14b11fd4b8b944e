"""Season replays against history: replay a bundled real league's season N times with by-the-book
coaches and compare with what really happened (docs/history.md).

    python tools/history_replay.py fourthstreet nba-1980 --replays 20 --jobs 2 \
        --json docs/history/nba-1980.json --plot docs/img/history-nba-1980.png

Each replay is a season (``coachgym season start RULESET --league LEAGUE``: the real schedule where
the league has it, else a balanced one dealt from the replay's seed) with every carry-over rule of
the ruleset, stored in a scratch database. Reported:

* per team, simulated wins per 82 games (mean over the replays) against the real record: Pearson r
  and the mean absolute error in wins per 82 games;
* per player, points, rebounds and assists per game against his real season (stats.csv, the line of
  that team) for the 30 players with most real minutes: r and the mean relative error of each, and
  the share of the 90 figures within 10%.

Not part of the test run (a replay of a full season is thousands of games); tests/leagues/ check
the tool on a tiny league.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

STAT_COLUMNS = {"min": ("min", "MIN", "mp"), "pts": ("pts", "PTS"), "reb": ("reb", "REB", "trb", "TRB"),
                "ast": ("ast", "AST")}


def real_lines(league, rs) -> dict[tuple[str, str], dict[str, float]]:
    """(team stem, player) -> real games, minutes and points/rebounds/assists per game, from the
    league's stats.csv; a row's team code is matched to the league team whose roster holds most of
    that code's players (so any league folder works, whatever its team codes)."""
    from coachgym.core.statscsv import COMBINED

    path = league.folder / "stats.csv"
    with path.open(newline="", encoding="utf-8-sig") as fh:
        rows = []
        for r in csv.DictReader(fh):
            # the site's newer exports name the team column Team, a traded player's season row 2TM,
            # 3TM ..., and end with a League Average row (docs/leagues.md): read as cards build does
            r["Tm"] = (r.get("Tm") or r.get("Team") or "").strip()
            if (r.get("Player") and r["Player"] not in ("Player", "League Average") and r["Tm"]
                    and not COMBINED.match(r["Tm"])):
                rows.append(r)
    rosters = {t: {p.name for p in rs.load_team(league.team_key(t)).players} for t in league.teams}
    codes: dict[str, str] = {}
    for code in sorted({r["Tm"] for r in rows}):
        names = {r["Player"].rstrip("*").strip() for r in rows if r["Tm"] == code}
        best = max(league.teams, key=lambda t: len(names & rosters[t]))
        if names & rosters[best]:
            codes[code] = best
    out = {}
    for r in rows:
        team = codes.get(r["Tm"])
        name = r["Player"].rstrip("*").strip()
        if team is None or name not in rosters[team]:
            continue
        g = max(1, int(float(r["G"])))
        pts = float(r["PTS"]) if r.get("PTS") else 2 * float(r["FG"]) + float(r.get("3P") or 0) + float(r["FT"])
        out[(team, name)] = {"g": g, "min": float(r["MP"]), "pts": pts / g, "reb": float(r["TRB"]) / g,
                             "ast": float(r["AST"]) / g}
    return out


def replay(rs_name: str, league_name: str, replays: int, seed: int, backend, games_per_team: int | None,
           db: Path, bar=None, options: dict | None = None, availability: bool = True) -> dict[str, Any]:
    """Play the replays; returns per-team wins and games, and per-player sums of the box columns."""
    from coachgym import rulesets
    from coachgym.series.competition import Competition, league_season_format
    from coachgym.series.tables import player_stats, standings
    from coachgym.store import Store

    rs = rulesets.get(rs_name)
    store = Store(db)
    teams = rs.league_team_names(league_name)
    wins: dict[str, list[float]] = {}
    players: dict[tuple[str, str], dict[str, float]] = {}
    for k in range(replays):
        name = (f"replay-{seed + k}" + (f"-{games_per_team}" if games_per_team else "")
                + "".join(f"-{key}={value}" for key, value in sorted((options or {}).items()))
                + ("" if availability else "-no-availability"))
        if store.query("SELECT 1 FROM competitions WHERE name = ?", (name,)):  # kept with --db: go on with it
            comp = Competition.load(store, name)
            if bar is not None:
                bar.update(len(comp.games))
        else:
            fmt = league_season_format(rs.name, league_name, seed + k, games_per_team, availability)
            comp = Competition.create(store, name=name, kind="season", ruleset=rs.name,
                                      teams=[(t, "by-the-book") for t in teams], fmt=fmt, seed=seed + k,
                                      options=options)
        comp.play(backend, on_game=(lambda g: bar.update(1)) if bar is not None else None)
        for row in standings(comp):
            wins.setdefault(row["key"], []).append(82 * row["w"] / max(1, row["gp"]))
        for p in player_stats(comp):
            s = players.setdefault((p["team"], p["name"]), {"gp": 0})
            s["gp"] += p["gp"]
            for col, names in STAT_COLUMNS.items():
                c = next((n for n in names if n + "_total" in p), None)
                if c is not None:
                    s[col] = s.get(col, 0.0) + p[c + "_total"]
    return {"wins": wins, "players": players}


def games(db: Path | str):
    """Every game a replay database (``--db``) holds, as (home key, away key, home score, away score, the
    home team's box, the away team's box): each box a team of the box score's ``teams`` (``totals`` ...)."""
    import sqlite3

    con = sqlite3.connect(db)
    try:
        for hk, ak, hs, vs, box in con.execute(
                "select home_key, away_key, home_score, away_score, box from competition_games"):
            a, b = json.loads(box)["teams"]
            if a["score"] != hs:
                a, b = b, a
            yield hk, ak, hs, vs, a, b
    finally:
        con.close()


def compare(league, rs, played: dict[str, Any], top: int = 30) -> dict[str, Any]:
    import numpy as np
    from scipy.stats import pearsonr

    teams = [t for t in league.teams if t in league.real_records and t in played["wins"]]
    real_w = np.array([82 * league.real_records[t][0] / sum(league.real_records[t]) for t in teams])
    sim_w = np.array([float(np.mean(played["wins"][t])) for t in teams])
    team_rows = [{"team": t, "real_wins": round(float(r), 1), "sim_wins": round(float(s), 2),
                  "sim_sd": round(float(np.std(played["wins"][t])), 2)} for t, r, s in zip(teams, real_w, sim_w)]
    out: dict[str, Any] = {
        "teams": team_rows,
        "team_r": float(pearsonr(real_w, sim_w)[0]) if len(teams) > 2 and np.std(sim_w) > 0 else float("nan"),
        "team_mae_wins": float(np.mean(np.abs(real_w - sim_w))),
    }
    real = real_lines(league, rs)
    ranked = sorted(real, key=lambda k: -real[k]["min"])
    chosen = [k for k in ranked if k in played["players"] and played["players"][k]["gp"] > 0][:top]
    player_rows = []
    for k in chosen:
        s = played["players"][k]
        row = {"team": k[0], "name": k[1], "real_mpg": round(real[k]["min"] / real[k]["g"], 1),
               "sim_mpg": round(s.get("min", 0.0) / s["gp"], 1)}
        for col in ("pts", "reb", "ast"):
            row[f"real_{col}"] = round(real[k][col], 2)
            row[f"sim_{col}"] = round(s.get(col, 0.0) / s["gp"], 2)
        player_rows.append(row)
    out["players"] = player_rows
    within = []
    for col in ("pts", "reb", "ast"):
        r = np.array([p[f"real_{col}"] for p in player_rows])
        s = np.array([p[f"sim_{col}"] for p in player_rows])
        rel = np.abs(s - r) / np.maximum(r, 1e-9)
        within += list(rel <= 0.10)
        out[f"{col}_r"] = float(pearsonr(r, s)[0]) if len(r) > 2 else float("nan")
        out[f"{col}_mean_rel_error"] = float(np.mean(rel)) if len(r) else float("nan")
        out[f"{col}_mean_ratio"] = float(np.mean(s / np.maximum(r, 1e-9))) if len(r) else float("nan")
    out["share_within_10pct"] = float(np.mean(within)) if within else float("nan")
    mpg_r = np.array([p["real_mpg"] for p in player_rows])
    mpg_s = np.array([p["sim_mpg"] for p in player_rows])
    out["mpg_mean_ratio"] = float(np.mean(mpg_s / np.maximum(mpg_r, 1e-9))) if len(player_rows) else float("nan")
    # per 36 minutes (where the box keeps minutes): the cards' production apart from the playing time
    if len(player_rows) and all(p["sim_mpg"] > 0 for p in player_rows):
        for col in ("pts", "reb", "ast"):
            r36 = np.array([p[f"real_{col}"] / p["real_mpg"] * 36 for p in player_rows])
            s36 = np.array([p[f"sim_{col}"] / p["sim_mpg"] * 36 for p in player_rows])
            out[f"{col}36_mean_ratio"] = float(np.mean(s36 / np.maximum(r36, 1e-9)))
            out[f"{col}36_mean_rel_error"] = float(np.mean(np.abs(s36 - r36) / np.maximum(r36, 1e-9)))
    out["real_wins_sd"] = float(np.std(real_w))
    out["sim_wins_sd"] = float(np.std(sim_w))
    return out


def plot(result: dict[str, Any], title: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 5))
    rw = [t["real_wins"] for t in result["teams"]]
    sw = [t["sim_wins"] for t in result["teams"]]
    a.scatter(rw, sw)
    for t in result["teams"]:
        a.annotate(t["team"], (t["real_wins"], t["sim_wins"]), fontsize=7, xytext=(2, 2), textcoords="offset points")
    a.plot([0, 82], [0, 82], "k--", lw=0.8)
    a.set(xlabel="real wins", ylabel="simulated wins per 82 (mean)", xlim=(0, 82), ylim=(0, 82),
          title=f"teams: r {result['team_r']:.2f}, MAE {result['team_mae_wins']:.1f} wins")
    top = max([1.0] + [p[f"real_{c}"] for p in result["players"] for c in ("pts", "reb", "ast")]
              + [p[f"sim_{c}"] for p in result["players"] for c in ("pts", "reb", "ast")])
    for col, mark in (("pts", "o"), ("reb", "s"), ("ast", "^")):
        b.scatter([p[f"real_{col}"] for p in result["players"]], [p[f"sim_{col}"] for p in result["players"]],
                  marker=mark, label=f"{col} (r {result[f'{col}_r']:.2f}, error {100 * result[f'{col}_mean_rel_error']:.0f}%)")
    b.plot([0, top], [0, top], "k--", lw=0.8)
    b.set(xlabel="real per game", ylabel="simulated per game", title=f"top {len(result['players'])} players by minutes")
    b.legend(fontsize=8)
    fig.suptitle(title)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ruleset")
    ap.add_argument("league")
    ap.add_argument("--replays", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--games-per-team", type=int, default=None, help="shorter seasons (a quick look; default: the league's)")
    ap.add_argument("--top", type=int, default=30, help="players compared (most real minutes)")
    ap.add_argument("--jobs", "-j", type=int, default=None)
    ap.add_argument("--backend", default="local", choices=("local", "inline", "ray"))
    ap.add_argument("--json", dest="json_out", type=Path, default=None)
    ap.add_argument("--plot", dest="plot_out", type=Path, default=None)
    ap.add_argument("--db", type=Path, default=None,
                    help="keep the replays in this SQLite file (default: a scratch file); run again with the same "
                         "file to finish interrupted replays or to report again without playing")
    ap.add_argument("--option", "-o", dest="options", action="append", default=[],
                    help="rule option KEY=VALUE for every game (an experiment: which rule limits the fit)")
    ap.add_argument("--no-availability", dest="availability", action="store_false",
                    help="every player available every game (default: his real share of games, docs/league-seasons.md)")
    ap.add_argument("--no-progress", dest="progress", action="store_false")
    args = ap.parse_args(argv)

    from tqdm import tqdm

    from coachgym import rulesets
    from coachgym.core.errors import CoachgymError
    from coachgym.core.runner import make_backend
    from coachgym.series.competition import league_season_format

    try:
        options = {}
        for pair in args.options:
            key, sep, value = pair.partition("=")
            if not sep:
                raise CoachgymError(f"--option {pair!r} is not KEY=VALUE")
            try:
                options[key] = json.loads(value)
            except json.JSONDecodeError:
                options[key] = value
        rs = rulesets.get(args.ruleset)
        rs.parse_options(options)
        league = rs.league(args.league)
        per_replay = len(league_season_format(rs.name, args.league, args.seed, args.games_per_team)["games"])
    except CoachgymError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    t0 = time.time()
    with tempfile.TemporaryDirectory() as tmp, make_backend(args.backend, jobs=args.jobs) as backend:
        db = args.db or Path(tmp) / "replays.sqlite3"
        bar = tqdm(total=per_replay * args.replays, desc=f"{league.name} x{args.replays}", unit="game",
                   disable=not args.progress)
        played = replay(rs.name, args.league, args.replays, args.seed, backend, args.games_per_team, db, bar, options,
                        args.availability)
        bar.close()
        # the games are played: keep them before anything that reads them can fail (a scratch database
        # is copied beside the output; run again with --db to report without playing)
        kept = args.db
        if kept is None:
            import sqlite3

            kept = (args.json_out.with_suffix(".sqlite3") if args.json_out
                    else Path(f"history-{Path(league.name).name}-seed{args.seed}.sqlite3"))
            kept.parent.mkdir(parents=True, exist_ok=True)
            kept.unlink(missing_ok=True)
            with sqlite3.connect(db) as src, sqlite3.connect(kept) as dst:  # SQLite's own copy (WAL included)
                src.backup(dst)
            src.close()
            dst.close()
        try:
            result = compare(league, rs, played, args.top)
        except Exception as exc:  # report the failure in one line; the played games stay in the kept database
            print(f"error: the replays are played and kept in {kept}, but comparing them with {league.name}'s "
                  f"real season failed ({type(exc).__name__}: {exc}); report again without playing: "
                  f"python tools/history_replay.py {rs.name} {args.league} --replays {args.replays} "
                  f"--seed {args.seed} --db {kept}", file=sys.stderr)
            return 1
        if args.db is None:
            kept.unlink()
    result.update({"ruleset": rs.name, "league": league.name, "replays": args.replays, "seed": args.seed,
                   "options": options, "availability": args.availability,
                   "games_per_replay": per_replay, "seconds": round(time.time() - t0, 1),
                   "engine_version": rs.version})
    print(f"{league.title} ({rs.title}), {args.replays} replays of {per_replay} games, {result['seconds']} s")
    print(f"teams: Pearson r {result['team_r']:.3f}, mean absolute error {result['team_mae_wins']:.2f} wins per 82")
    for col in ("pts", "reb", "ast"):
        print(f"top {len(result['players'])} players {col}/game: r {result[f'{col}_r']:.3f}, mean relative error "
              f"{100 * result[f'{col}_mean_rel_error']:.1f}%, simulated/real {result[f'{col}_mean_ratio']:.2f}")
    print(f"figures within 10%: {100 * result['share_within_10pct']:.0f}%"
          + (f"; minutes/game simulated/real {result['mpg_mean_ratio']:.2f}" if result["mpg_mean_ratio"] > 0
             else " (the box score keeps no minutes)"))
    if "pts36_mean_ratio" in result:
        print("per 36 minutes, simulated/real: " + ", ".join(
            f"{c} {result[f'{c}36_mean_ratio']:.2f} (error {100 * result[f'{c}36_mean_rel_error']:.0f}%)"
            for c in ("pts", "reb", "ast")))
    print(f"spread of wins per 82 (sd): real {result['real_wins_sd']:.1f}, simulated {result['sim_wins_sd']:.1f}")
    print(f"{'team':<16}{'real':>6}{'sim':>7}")
    for t in sorted(result["teams"], key=lambda t: -t["real_wins"]):
        print(f"{t['team']:<16}{t['real_wins']:>6.0f}{t['sim_wins']:>7.1f}")
    if args.json_out:
        args.json_out.parent.mkdir(parents=True, exist_ok=True)
        args.json_out.write_text(json.dumps(result, indent=1) + "\n")
        print(f"wrote {args.json_out}")
    if args.plot_out:
        plot(result, f"{league.title} ({rs.title}): {args.replays} replays against history", args.plot_out)
        print(f"wrote {args.plot_out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
