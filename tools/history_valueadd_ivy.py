"""A real Value Add conference: the 2018-19 Ivy League (men), built from its conference games' box
scores and replayed against the real standings (docs/history.md, "Value Add: the 2018-19 Ivy League").

    python tools/history_valueadd_ivy.py check                     # the data's sums, then a byte-for-byte rebuild
    python tools/history_valueadd_ivy.py build                     # (re)write the team files and league.json
    nice -n 15 python tools/history_valueadd_ivy.py replay --replays 20 --json docs/history/valueadd-ivy-2018-19.json

Source: github.com/lbenz730/ncaahoopR_data (ESPN box scores and schedules collected by the ncaahoopR
package), folder ``2018-19``: ``box_scores/TEAM/GAME_ID.csv`` (Brown, Columbia, Cornell, Dartmouth
at commit 1755d0cdf55b8ee136582e5ecde4553a636bf111; Harvard 63b19d52205a25ca5c0a6a4698d5d5497b47933d,
Penn, Princeton and Yale 21603e34bc5e0665560280e79df25479c71d2632) and ``schedules/TEAM_schedule.csv``
(840eef595b7a80a4a1c0c3e8eeb0972a2bd9ceaf; Harvard's 63b19d52205a25ca5c0a6a4698d5d5497b47933d).

``boxscores.csv`` holds the rows of the 110 box scores of the 56 conference games (the box of
Princeton-Cornell, 22 February 2019, game 401088031, is in neither team's folder): the source's
columns without its date, opponent and location (the game id says them, ``games.csv``), TRUE/FALSE
as T/F, and without the rows of players who did not play (0 minutes and nothing else). ``games.csv``
is the 56 games with their scores, from the schedules. ``check`` verifies every box: the TEAM row
equals the players' sums (FG, 3P, FT made and attempted, assists, steals, blocks, fouls, points),
each player's points are 2 FG + 3P + FT, each team's TEAM points equal its score in games.csv; every
team plays 14 games (7 at home), every pair twice; the standings that games.csv gives (Harvard and
Yale 10-4 ...) are league.json's real records; then it rebuilds the folder in a scratch directory and
compares every file byte for byte.

The cards: each player's totals over the conference games he played (``coachgym.rules.valueadd
.builder.build_team``: docs/rules/value-add-basketball-cards.md), the team's games = its box scores
(14; Cornell and Princeton 13), its pace = possessions per game from the TEAM rows (FGA - OREB + TO +
0.44 FTA, the mean of its own and its opponents' in the same games), the five who started most games
as the lineup and the next five by minutes as the reserves, each five ordered PG SG SF PF C: ESPN
lists only G, F and C, so guards come first (the one with most assists per minute at PG), then
forwards, then centres (most rebounds per minute last). Dunk range 51-53 and defensive adjustment 0
for every team: the text makes them the strength-of-schedule calibration, and the eight teams'
statistics come from the same double round robin.
"""

from __future__ import annotations

import argparse
import csv
import filecmp
import json
import math
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FOLDER = ROOT / "coachgym" / "rules" / "valueadd" / "data" / "leagues" / "ivy-2018-19"
REPO = "github.com/lbenz730/ncaahoopR_data"
BOX_COMMITS = {"1755d0cdf55b8ee136582e5ecde4553a636bf111": ("Brown", "Columbia", "Cornell", "Dartmouth"),
               "63b19d52205a25ca5c0a6a4698d5d5497b47933d": ("Harvard",),
               "21603e34bc5e0665560280e79df25479c71d2632": ("Penn", "Princeton", "Yale")}
SCHEDULE_COMMITS = "840eef595b7a80a4a1c0c3e8eeb0972a2bd9ceaf (Harvard's: 63b19d52205a25ca5c0a6a4698d5d5497b47933d)"
#: source folder -> (stem, name, short)
TEAMS = {"Brown": ("brown", "Brown Bears", "BRN"), "Columbia": ("columbia", "Columbia Lions", "CLM"),
         "Cornell": ("cornell", "Cornell Big Red", "COR"), "Dartmouth": ("dartmouth", "Dartmouth Big Green", "DAR"),
         "Harvard": ("harvard", "Harvard Crimson", "HAR"), "Penn": ("penn", "Penn Quakers", "PEN"),
         "Princeton": ("princeton", "Princeton Tigers", "PRI"), "Yale": ("yale", "Yale Bulldogs", "YAL")}
COUNTS = ("MIN", "FGM", "FGA", "3PTM", "3PTA", "FTM", "FTA", "OREB", "DREB", "REB", "AST", "STL", "BLK", "TO", "PF", "PTS")
SUMMED = ("FGM", "FGA", "3PTM", "3PTA", "FTM", "FTA", "AST", "STL", "BLK", "PF", "PTS")  # TEAM row = players' sums
STAT_KEYS = {"MIN": "min", "FGM": "fgm", "FGA": "fga", "3PTM": "fg3m", "3PTA": "fg3a", "FTM": "ftm", "FTA": "fta",
             "OREB": "oreb", "DREB": "dreb", "AST": "ast", "STL": "stl", "BLK": "blk", "TO": "tov", "PF": "pf"}
#: the points-based expectation's exponent (Pythagorean win share pf^x / (pf^x + pa^x)); the NBA pages use
#: 14 for 100-possession games, college games have about 70 possessions: 14 x sqrt(70 / 100) = 11.7
PYTHAGOREAN_EXPONENT = 11.7


class DataError(Exception):
    pass


def read_box(folder: Path = FOLDER) -> list[dict[str, Any]]:
    rows = []
    with (folder / "boxscores.csv").open(encoding="utf-8", newline="") as fh:
        for line, r in enumerate(csv.DictReader(fh), start=2):
            if r["folder"] not in TEAMS:
                raise DataError(f"boxscores.csv line {line}: folder {r['folder']!r} is not an Ivy League team")
            row: dict[str, Any] = {"team": r["folder"], "game": r["game_id"], "player": r["player"],
                                   "pos": r["position"], "starter": r["starter"] == "T"}
            for c in COUNTS:
                text = r[c]
                if r["player"] == "TEAM" and c == "MIN":
                    continue
                try:
                    row[c] = int(text)
                except ValueError:
                    raise DataError(f"boxscores.csv line {line}, column {c}: {text!r} is not a whole number") from None
            rows.append(row)
    return rows


def read_games(folder: Path = FOLDER) -> list[dict[str, Any]]:
    with (folder / "games.csv").open(encoding="utf-8", newline="") as fh:
        return [{"game": r["game_id"], "date": r["date"], "home": r["home"], "away": r["away"],
                 "home_pts": int(r["home_pts"]), "away_pts": int(r["away_pts"])} for r in csv.DictReader(fh)]


def standings(games: list[dict[str, Any]]) -> dict[str, list[int]]:
    rec = {t: [0, 0] for t in TEAMS}
    for g in games:
        win, lose = (g["home"], g["away"]) if g["home_pts"] > g["away_pts"] else (g["away"], g["home"])
        rec[win][0] += 1
        rec[lose][1] += 1
    return rec


def check_data(box: list[dict[str, Any]], games: list[dict[str, Any]]) -> list[str]:
    """The checks of the module's docstring; returns report lines, raises DataError on the first problem."""
    if len(games) != 56 or len({g["game"] for g in games}) != 56:
        raise DataError(f"games.csv: {len(games)} games, 56 different ones expected (8 teams, each pair twice)")
    home, pairs = Counter(), Counter()
    for g in games:
        for side in ("home", "away"):
            if g[side] not in TEAMS:
                raise DataError(f"games.csv: game {g['game']}: {g[side]!r} is not an Ivy League team")
        home[g["home"]] += 1
        pairs[frozenset((g["home"], g["away"]))] += 1
    if set(home.values()) != {7} or set(pairs.values()) != {2} or len(pairs) != 28:
        raise DataError("games.csv: every team must play 7 home games and meet every other team twice")
    by_game: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in box:
        by_game[r["team"], r["game"]].append(r)
    score = {(g["home"], g["game"]): g["home_pts"] for g in games} | {(g["away"], g["game"]): g["away_pts"] for g in games}
    for key, rows in sorted(by_game.items()):
        if key not in score:
            raise DataError(f"boxscores.csv: {key[0]} game {key[1]} is not a conference game of games.csv")
        team = [r for r in rows if r["player"] == "TEAM"]
        if len(team) != 1:
            raise DataError(f"boxscores.csv: {key[0]} game {key[1]} has {len(team)} TEAM rows")
        players = [r for r in rows if r["player"] != "TEAM"]
        for c in SUMMED:
            if sum(r[c] for r in players) != team[0][c]:
                raise DataError(f"boxscores.csv: {key[0]} game {key[1]}: the players' {c} add up to "
                                f"{sum(r[c] for r in players)}, the TEAM row says {team[0][c]}")
        for r in players:
            if 2 * r["FGM"] + r["3PTM"] + r["FTM"] != r["PTS"] or r["OREB"] + r["DREB"] != r["REB"]:
                raise DataError(f"boxscores.csv: {key[0]} game {key[1]}: {r['player']}'s points or rebounds do not add up")
        if team[0]["PTS"] != score[key]:
            raise DataError(f"boxscores.csv: {key[0]} game {key[1]}: TEAM points {team[0]['PTS']}, games.csv {score[key]}")
    missing = sorted(k for k in score if k not in by_game)
    per_team = Counter(t for t, _ in by_game)
    return ["games.csv: 56 games, every team 14 (7 at home), every pair twice; standings "
            + ", ".join(f"{t} {w}-{lost}" for t, (w, lost) in sorted(standings(games).items(), key=lambda kv: -kv[1][0])),
            f"boxscores.csv: {len(by_game)} box scores ({len(box)} rows): every TEAM row equals its players' "
            f"{', '.join(SUMMED)}; every player's points 2 FG + 3P + FT; every TEAM's points its score in games.csv",
            "box scores per team: " + ", ".join(f"{t} {per_team[t]}" for t in sorted(TEAMS))
            + "; not in the source: " + (", ".join(f"{t} {g}" for t, g in missing) or "none")]


def possessions(row: dict[str, Any]) -> float:
    return row["FGA"] - row["OREB"] + row["TO"] + 0.44 * row["FTA"]


def team_specs(box: list[dict[str, Any]], games: list[dict[str, Any]], lineup: str = "starts") -> dict[str, dict[str, Any]]:
    """Each team's builder spec (coachgym.rules.valueadd.builder.build_team) from its box scores; ``lineup``
    "starts": the five who started most games start, "minutes": the five with most minutes (an experiment)."""
    team_rows = {(r["team"], r["game"]): r for r in box if r["player"] == "TEAM"}
    opponent = {(g["home"], g["game"]): g["away"] for g in games} | {(g["away"], g["game"]): g["home"] for g in games}
    specs = {}
    commit = {t: c for c, ts in BOX_COMMITS.items() for t in ts}
    for team, (stem, name, short) in TEAMS.items():
        played = sorted(g for t, g in team_rows if t == team)
        own = [team_rows[team, g] for g in played]
        opp = [team_rows[opponent[team, g], g] for g in played if (opponent[team, g], g) in team_rows]
        pace = round((sum(possessions(r) for r in own) / len(own) + sum(possessions(r) for r in opp) / len(opp)) / 2, 1)
        totals: dict[str, dict[str, Any]] = {}
        for r in box:
            if r["team"] != team or r["player"] == "TEAM":
                continue
            p = totals.setdefault(r["player"], {"pos": r["pos"], "starts": 0, "g": 0, **{k: 0 for k in STAT_KEYS.values()}})
            p["starts"] += r["starter"]
            p["g"] += 1 if r["MIN"] > 0 else 0
            for c, k in STAT_KEYS.items():
                p[k] += r[c]
        by_minutes = sorted(totals, key=lambda n: (-totals[n]["min"], n))
        starters = (by_minutes[:5] if lineup == "minutes" else
                    sorted(totals, key=lambda n: (-totals[n]["starts"], -totals[n]["min"], n))[:5])
        reserves = [n for n in by_minutes if n not in starters][:5]

        def slots(five: list[str], totals: dict[str, dict[str, Any]] = totals) -> list[str]:
            def key(who: str) -> tuple:
                p = totals[who]
                rank = {"G": 0, "F": 1, "C": 2}.get(p["pos"], 1)
                per_min = (p["ast"] if rank == 0 else p["oreb"] + p["dreb"]) / max(1, p["min"])
                return (rank, -per_min if rank == 0 else per_min, who)
            return sorted(five, key=key)

        players = [{"name": n, "number": "", "stats": {"g": totals[n]["g"], **{k: totals[n][k] for k in STAT_KEYS.values()}}}
                   for n in by_minutes if totals[n]["min"] > 0]
        specs[stem] = {
            "name": name, "short": short, "season": "2018-19 Ivy League (conference games)", "fictional": False,
            "source": (f"{REPO}, 2018-19/box_scores/{team}/GAME_ID.csv at commit {commit[team]}: the {len(played)} "
                       f"conference games' box scores (boxscores.csv of the league ivy-2018-19); cards by "
                       f"coachgym.rules.valueadd.builder from each player's totals over those games"),
            "dunk": "51-53", "defense_adjust": 0, "build": {"games": len(played), "pace": pace},
            "lineup": slots(starters), "reserves": slots(reserves) + [None] * (5 - len(reserves)), "players": players}
    return specs


def build(out: Path = FOLDER, lineup: str = "starts") -> list[str]:
    from coachgym.rules.valueadd.builder import build_team, format_team_file

    box, games = read_box(), read_games()
    lines = check_data(box, games)
    out.mkdir(parents=True, exist_ok=True)
    for stem, spec in team_specs(box, games, lineup).items():
        (out / f"{stem}.json").write_text(format_team_file(build_team(spec, path=f"{stem} (built)")), encoding="utf-8")
    stems = {t: s for t, (s, _, _) in TEAMS.items()}
    with (out / "schedule.csv").open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["date", "home", "away"])
        for g in sorted(games, key=lambda g: (g["date"], g["game"])):
            w.writerow([g["date"], stems[g["home"]], stems[g["away"]]])
    rec = standings(games)
    league = {
        "schema": "coachgym.league/1", "name": "ivy-2018-19", "title": "2018-19 Ivy League (men's basketball)",
        "season": "2018-19", "ruleset": "valueadd",
        "source": (f"{REPO} (ESPN box scores collected by the ncaahoopR package): 2018-19/box_scores/TEAM/GAME_ID.csv "
                   + "; ".join(f"{', '.join(ts)} at commit {c}" for c, ts in BOX_COMMITS.items())
                   + f"; 2018-19/schedules/TEAM_schedule.csv at commit {SCHEDULE_COMMITS}"),
        "built_by": "python tools/history_valueadd_ivy.py build (check: python tools/history_valueadd_ivy.py check)",
        "notes": ("The eight teams' 56-game double round robin: the cards from each player's totals over the conference "
                  "games (boxscores.csv: the 110 box scores the source holds; Princeton-Cornell of 22 February 2019 has "
                  "none), the real schedule (schedule.csv, from games.csv), the real conference standings; dunk range "
                  "51-53 and defensive adjustment 0 for every team (docs/history.md, 'Value Add')."),
        "teams": [stems[t] for t in TEAMS], "divisions": {"Ivy League": [stems[t] for t in TEAMS]},
        "real_records": {stems[t]: rec[t] for t in TEAMS}, "schedule": "schedule.csv",
    }
    (out / "league.json").write_text(json.dumps(league, indent=1) + "\n", encoding="utf-8")
    return lines + [f"wrote {out}: 8 team files, league.json, schedule.csv"]


def check() -> int:
    try:
        with tempfile.TemporaryDirectory() as tmp:
            lines = build(Path(tmp))
            for f in sorted(Path(tmp).iterdir()):
                if not filecmp.cmp(f, FOLDER / f.name, shallow=False):
                    print(f"error: {FOLDER / f.name} differs from its rebuild (python tools/history_valueadd_ivy.py build)")
                    return 1
    except DataError as exc:
        print(f"error: {exc}")
        return 1
    for line in lines[:-1]:
        print(line)
    print(f"rebuilt the team files, league.json and schedule.csv: identical to {FOLDER.relative_to(ROOT)}")
    return 0


def pythagorean(games: list[dict[str, Any]]) -> dict[str, float]:
    pf, pa, n = Counter(), Counter(), Counter()
    for g in games:
        for us, a, b in ((g["home"], g["home_pts"], g["away_pts"]), (g["away"], g["away_pts"], g["home_pts"])):
            pf[us] += a
            pa[us] += b
            n[us] += 1
    x = PYTHAGOREAN_EXPONENT
    return {t: n[t] * pf[t] ** x / (pf[t] ** x + pa[t] ** x) for t in n}


def pearson(a: list[float], b: list[float]) -> float:
    ma, mb = statistics.fmean(a), statistics.fmean(b)
    return sum((x - ma) * (y - mb) for x, y in zip(a, b)) / math.sqrt(sum((x - ma) ** 2 for x in a) * sum((y - mb) ** 2 for y in b))


def replay(replays: int, seed: int, db: Path, league: str = "ivy-2018-19") -> dict[str, Any]:
    """Play the replays (resumable with the same ``db``): each team's wins per replay."""
    from coachgym import rulesets
    from coachgym.core.runner import InlineBackend
    from coachgym.series.competition import Competition, league_season_format
    from coachgym.series.tables import standings as table
    from coachgym.store import Store

    rs = rulesets.get("valueadd")
    teams = rs.league_team_names(league)
    wins: dict[str, list[int]] = {}
    points: dict[str, list[float]] = {}
    start = time.process_time()
    played = 0
    with Store(db) as store:
        for k in range(replays):
            name = f"replay-{seed + k}"
            if store.query("SELECT 1 FROM competitions WHERE name = ?", (name,)):
                comp = Competition.load(store, name)
            else:
                fmt = league_season_format(rs.name, league, seed + k, None, True)
                comp = Competition.create(store, name=name, kind="season", ruleset=rs.name,
                                          teams=[(t, "by-the-book") for t in teams], fmt=fmt, seed=seed + k)
            before = len(comp.games)
            comp.play(InlineBackend())
            played += len(comp.games) - before
            for row in table(comp):
                key = row["key"].rpartition("/")[2]
                wins.setdefault(key, []).append(row["w"])
                points.setdefault(key, []).append((row["pf"], row["pa"], row["gp"]))
            print(f"replay {k + 1}/{replays}: {len(comp.games)} games; {time.process_time() - start:.0f} s CPU so far",
                  file=sys.stderr, flush=True)
    return {"wins": wins, "points": points, "cpu_s": time.process_time() - start, "games_played": played}


def compare(played: dict[str, Any]) -> dict[str, Any]:
    games = read_games()
    rec = standings(games)
    stems = {t: s for t, (s, _, _) in TEAMS.items()}
    expect = pythagorean(games)
    teams = sorted(TEAMS)
    real = [rec[t][0] for t in teams]
    sim = [statistics.fmean(played["wins"][stems[t]]) for t in teams]
    exp = [expect[t] for t in teams]
    n = len(played["wins"][stems[teams[0]]])
    per_replay_sd = [statistics.pstdev([played["wins"][stems[t]][k] for t in teams]) for k in range(n)]
    pts = {t: [sum(p[i] for p in played["points"][stems[t]]) for i in range(3)] for t in teams}
    return {
        "league": "ivy-2018-19", "replays": n, "games_per_team": 14,
        "sim": {"r": round(pearson(sim, real), 3), "mae_wins": round(statistics.fmean(abs(a - b) for a, b in zip(sim, real)), 2),
                "sd_wins_of_means": round(statistics.pstdev(sim), 2), "sd_wins_per_replay": round(statistics.fmean(per_replay_sd), 2)},
        "pythagorean": {"exponent": PYTHAGOREAN_EXPONENT, "r": round(pearson(exp, real), 3),
                        "mae_wins": round(statistics.fmean(abs(a - b) for a, b in zip(exp, real)), 2)},
        "real": {"sd_wins": round(statistics.pstdev(real), 2)},
        "teams": {stems[t]: {"real": rec[t], "sim_wins": round(s, 2), "pythagorean_wins": round(e, 2),
                             "sim_points_per_game": round(pts[t][0] / pts[t][2], 1),
                             "sim_allowed_per_game": round(pts[t][1] / pts[t][2], 1)}
                  for t, s, e in zip(teams, sim, exp)},
        "cpu_s": round(played["cpu_s"], 1), "games_played": played["games_played"],
    }


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("check", help="the data's sums and scores, then a byte-for-byte rebuild of the shipped folder")
    b = sub.add_parser("build", help="(re)write the team files, league.json and schedule.csv from the data")
    b.add_argument("--out", type=Path, default=FOLDER, help="another folder (an experiment; default: the shipped one)")
    b.add_argument("--lineup", choices=("starts", "minutes"), default="starts",
                   help="the lineup: the five with most starts (shipped) or with most minutes (an experiment)")
    r = sub.add_parser("replay", help="replay the conference season against the real standings")
    r.add_argument("--replays", type=int, default=10)
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("--db", type=Path, default=None, help="keep the games here (resumable); default: a scratch file")
    r.add_argument("--json", type=Path, default=None)
    r.add_argument("--league", default="ivy-2018-19", help="another build's folder (an experiment)")
    args = ap.parse_args(argv)
    if args.cmd == "check":
        return check()
    if args.cmd == "build":
        try:
            for line in build(args.out, args.lineup):
                print(line)
        except DataError as exc:
            print(f"error: {exc}")
            return 1
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        played = replay(args.replays, args.seed, args.db or Path(tmp) / "replay.sqlite3", args.league)
    result = compare(played)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    s, p = result["sim"], result["pythagorean"]
    print(f"ivy-2018-19: {result['replays']} replays: Value Add r {s['r']}, MAE {s['mae_wins']} wins of 14 "
          f"(sd {s['sd_wins_per_replay']} a replay, {s['sd_wins_of_means']} of the means; real {result['real']['sd_wins']}); "
          f"Pythagorean (x {p['exponent']}) r {p['r']}, MAE {p['mae_wins']}; {result['cpu_s']} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
