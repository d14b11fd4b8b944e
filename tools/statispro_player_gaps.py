"""What the rebound and assist gaps of the replays' player lines follow (docs/history.md, "Player lines: the
rebound and assist gaps, measured"): read from the replays already played, plus, for the minutes, a short
round robin with a minute clock.

    python tools/statispro_player_gaps.py --scratch /work/scratch/history [--seasons 1980,1990] \\
        [--play 1980,2004 --rounds 1 [--deck EXPERIMENT.csv]] [--top 30] [--json OUT]

**From the replays** (``tools/statispro_player_lines.py``'s reading of each season's ``hYYYY-blind.sqlite3``
with its league folder ``nba-YYYY-blind`` in ``--scratch``; nothing is played): for the ``--top`` players by
real minutes of every season, rebounds and assists a game simulated / real (the ratio), pooled over the
seasons: by position group (guards, forwards, centers: the first listed position) and by the first listed
position itself (the slots the FAC's REBOUND and pass positions name), by the real value (thirds
of the players by real rebounds or assists a game), by the card's rating (REBOUND for the rebounds, ASSIST for
the assists), and the slope of log(simulated) on log(real) over the
players (1: each man keeps his level; below 1: the lines are compressed toward the middle: the best rebounders
or passers too low, the weakest too high). Offensive and defensive rebounds apart. The league's volume: all
players' simulated rebounds and assists per team game against the real.

**Minutes against rates** (``--play``: one round robin of the season's fitted league, every team at home to every
other once, by-the-book coaches, no availability: a game each man plays; minutes read off the FAC pile as
``tools/statispro_league_realism.py`` does): for the same top players, minutes a game (simulated / real MP / G)
and rebounds and assists per minute (simulated / real): the line's ratio = minutes ratio x per-minute ratio,
exactly, in the round robin; its per-game ratio is set beside the replays' for the same men (how well the round
robin stands for the replays).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
STATS = ("reb", "orb", "drb", "ast")
# the card fields' bins (ASSIST: assists per 60 minutes, REBOUND: rebounds per 100 minutes; the builder's scales)
RATING_BINS = {"assist_rating": ((0, 3), (4, 5), (6, 7), (8, 9), (10, 11), (12, 13), (14, 99)),
               "rebound_rating": ((0, 9), (10, 14), (15, 19), (20, 24), (25, 29), (30, 99))}


def _tool(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def log_slope(real: list[float], sim: list[float]) -> float:
    """The least-squares slope of log(sim) on log(real) over the pairs with both positive."""
    pairs = [(math.log(r), math.log(s)) for r, s in zip(real, sim) if r > 0 and s > 0]
    if len(pairs) < 3:
        return math.nan
    mx = statistics.fmean(p[0] for p in pairs)
    my = statistics.fmean(p[1] for p in pairs)
    den = sum((x - mx) ** 2 for x, _ in pairs)
    return sum((x - mx) * (y - my) for x, y in pairs) / den if den else math.nan


def _ratio(sim: float, real: float) -> float:
    return sim / real if real > 0 else math.nan


def _mean(v: list[float]) -> float:
    v = [x for x in v if not math.isnan(x)]
    return statistics.fmean(v) if v else math.nan


def gaps(players: list[dict[str, Any]]) -> dict[str, Any]:
    """Pooled figures over player rows with real_X and sim_X a game for X in reb, orb, drb, ast and ``group``."""
    out: dict[str, Any] = {"players": len(players)}
    for stat in STATS:
        real = [p[f"real_{stat}"] for p in players]
        sim = [p[f"sim_{stat}"] for p in players]
        ratios = [_ratio(s, r) for s, r in zip(sim, real)]
        by_group = {g: {"players": sum(p["group"] == g for p in players),
                        "ratio": _mean([x for x, p in zip(ratios, players) if p["group"] == g])} for g in ("G", "F", "C")}
        by_pos = {pos: {"players": sum(p.get("pos", "").split("-")[0] == pos for p in players),
                        "ratio": _mean([x for x, p in zip(ratios, players) if p.get("pos", "").split("-")[0] == pos])}
                  for pos in ("PG", "SG", "SF", "PF", "C")}
        order = sorted(range(len(players)), key=lambda i: real[i])
        n = len(order)
        thirds = [order[: n // 3], order[n // 3: 2 * n // 3], order[2 * n // 3:]]
        by_value = [{"real_range": [round(real[t[0]], 2), round(real[t[-1]], 2)] if t else None,
                     "ratio": _mean([ratios[i] for i in t])} for t in thirds]
        rating = "assist_rating" if stat == "ast" else "rebound_rating"
        by_rating = []
        for lo, hi in RATING_BINS[rating]:
            sel = [i for i, p in enumerate(players) if lo <= p.get(rating, -1) <= hi]
            if sel:
                by_rating.append({"rating": [lo, hi], "players": len(sel), "ratio": _mean([ratios[i] for i in sel]),
                                  "real": _mean([real[i] for i in sel]), "sim": _mean([sim[i] for i in sel])})
        out[stat] = {"mean_ratio": _mean(ratios), "by_card_rating": by_rating,
                     "mean_abs_error": _mean([abs(x - 1) for x in ratios]),
                     "within_10pct": _mean([float(abs(x - 1) <= 0.10) for x in ratios]),
                     "log_slope": log_slope(real, sim), "by_group": by_group, "by_listed_position": by_pos, "by_real_third": by_value}
    return out


def from_replays(folder: Path, db: Path, top: int) -> list[dict[str, Any]]:
    rows = _tool("statispro_player_lines").lines(folder, db, top)["players"]
    return [r for r in rows if r["real_reb"] > 0 and r["real_ast"] > 0]


class _Clock:
    """Minutes each man is on the court, off the FAC pile (8.1; ``agents.statispro.game_minutes``), credited
    after every step to the lineups that were on the court (``tools/statispro_league_realism.py``'s clock)."""

    def __init__(self, game: Any, game_minutes: Any) -> None:
        self.game, self.game_minutes = game, game_minutes
        self.minutes = [[0.0] * len(t.players) for t in game.teams]
        self.t = 0.0
        self.lineups = [list(ts.lineup) for ts in game.team_state]

    def __call__(self, game: Any) -> None:
        t = self.game_minutes(game)
        if t > self.t:
            for side in (0, 1):
                for i in self.lineups[side]:
                    self.minutes[side][i] += t - self.t
        self.t = t
        self.lineups = [list(ts.lineup) for ts in game.team_state]


def use_deck(path: Path) -> None:
    """Play every game of this process with the 200 cards of ``path`` (``fac_deck.csv``'s format; an experiment,
    nothing written; as ``tools/statispro_league_realism.py``'s COACHGYM_REALISM_DECK; pure Python only)."""
    import csv

    from coachgym.rules.statispro import cards as K

    with path.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    K.DECK = tuple(K.Card(int(r["rpg"]), {s: r[s] for s in K.SECTIONS}) for r in rows)
    K.BY_KEY = {c.key: c for c in K.DECK} | dict(K.TIME_CARDS)


def round_robin_minutes(folder: Path, rounds: int = 1, seed: int = 0, options: dict[str, Any] | None = None,
                        team_results: dict[str, dict[str, float]] | None = None) -> dict[tuple[str, str], dict[str, float]]:
    """(team stem, player) -> games, minutes, REB, OREB, DREB, AST summed over a round robin of the league,
    played with the rule ``options`` (default: none); ``team_results``, when given, gets each team stem's
    games, wins and points for and against."""
    from coachgym.agents.statispro import game_minutes
    from coachgym.core.match import play_game
    from coachgym.rules.statispro import RULESET

    league = json.loads((folder / "league.json").read_text(encoding="utf-8"))
    teams = {stem: RULESET.load_team(str(folder / f"{stem}.json")) for stem in league["teams"]}
    acc: dict[tuple[str, str], dict[str, float]] = {}
    n = 0
    for _ in range(rounds):
        for h in teams:
            for a in teams:
                if h == a:
                    continue
                s = seed + n
                g = RULESET.new_game(teams[h], teams[a], seed=s, record_events=False, options=options)
                clock = _Clock(g, game_minutes)
                play_game(g, RULESET.coach("by-the-book", seed=s), RULESET.coach("by-the-book", seed=s + 1), seed=s,
                          on_event=clock)
                clock(g)
                box = g.box_score()
                if team_results is not None:
                    for side, stem in ((0, h), (1, a)):
                        t = team_results.setdefault(stem, {"g": 0.0, "w": 0.0, "pf": 0.0, "pa": 0.0})
                        t["g"] += 1
                        t["pf"] += g.score[side]
                        t["pa"] += g.score[1 - side]
                        t["w"] += g.score[side] > g.score[1 - side]
                for side, stem in ((0, h), (1, a)):
                    for i, p in enumerate(box.teams[side].players):
                        d = acc.setdefault((stem, p.name), {"g": 0.0, "min": 0.0, "REB": 0.0, "OREB": 0.0, "DREB": 0.0,
                                                             "AST": 0.0})
                        d["g"] += 1
                        d["min"] += clock.minutes[side][i]
                        for c in ("REB", "OREB", "DREB", "AST"):
                            d[c] += p.stats.get(c, 0)
                n += 1
    return acc


def minutes_split(players: list[dict[str, Any]], rr: dict[tuple[str, str], dict[str, float]]) -> list[dict[str, Any]]:
    """Per player: minutes ratio, per-minute ratio and the round robin's per-game ratio, for reb and ast."""
    out = []
    for p in players:
        d = rr.get((p["team"], p["name"]))
        if not d or d["min"] <= 0 or p["real_mpg"] <= 0:
            continue
        mpg = d["min"] / d["g"]
        row = {"team": p["team"], "name": p["name"], "group": p["group"], "pos": p.get("pos", ""),
               "minutes_ratio": mpg / p["real_mpg"]}
        for stat, col in (("reb", "REB"), ("orb", "OREB"), ("drb", "DREB"), ("ast", "AST")):
            real_pm = p[f"real_{stat}"] / p["real_mpg"]
            row[f"{stat}_per_minute_ratio"] = _ratio(d[col] / d["min"], real_pm)
            row[f"{stat}_rr_ratio"] = _ratio(d[col] / d["g"], p[f"real_{stat}"])
            row[f"{stat}_replay_ratio"] = _ratio(p[f"sim_{stat}"], p[f"real_{stat}"])
        out.append(row)
    return out


def split_summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Mean log ratios: the round robin's per-game log ratio = minutes + per minute, exactly, per player."""
    out: dict[str, Any] = {"players": len(rows), "minutes_ratio": _mean([r["minutes_ratio"] for r in rows]),
                           "round_robin_by_listed_position": {
                               pos: {"players": len(sel), **{f"{st}_ratio": _mean([r[f"{st}_rr_ratio"] for r in sel])
                                                            for st in ("reb", "orb", "drb", "ast")}}
                               for pos in ("PG", "SG", "SF", "PF", "C")
                               for sel in [[r for r in rows if r["pos"].split("-")[0] == pos]]}}
    for stat in ("reb", "ast"):
        lm = [math.log(r["minutes_ratio"]) for r in rows]
        lp = [math.log(r[f"{stat}_per_minute_ratio"]) for r in rows if r[f"{stat}_per_minute_ratio"] > 0]
        lg = [math.log(r[f"{stat}_rr_ratio"]) for r in rows if r[f"{stat}_rr_ratio"] > 0]
        rr = [r[f"{stat}_rr_ratio"] for r in rows]
        rp = [r[f"{stat}_replay_ratio"] for r in rows]
        out[stat] = {"per_minute_ratio": _mean([r[f"{stat}_per_minute_ratio"] for r in rows]),
                     "rms_log_minutes": math.sqrt(_mean([x * x for x in lm])),
                     "rms_log_per_minute": math.sqrt(_mean([x * x for x in lp])),
                     "rms_log_per_game": math.sqrt(_mean([x * x for x in lg])),
                     "r_round_robin_vs_replays": statistics.correlation(rr, rp) if len(rows) > 2 else math.nan}
    return out


def league_players(folder: Path, rr: dict[tuple[str, str], dict[str, float]], top: int) -> list[dict[str, Any]]:
    """The ``top`` players of a league folder by real minutes (as ``tools/statispro_player_lines.py`` chooses them,
    among those the round robin played), with their real lines a game and the round robin's as ``sim_X``: no
    replay database needed (the training seasons' leagues)."""
    from coachgym import rulesets

    pl = _tool("statispro_player_lines")
    rs = rulesets.get("statispro")
    league = rs.league(str(folder))
    real = pl._replay_tool().real_lines(league, rs)
    counts = pl.real_counts(folder)
    cards = {t: {p.name: p for p in rs.load_team(league.team_key(t)).players} for t in league.teams}
    ranked = sorted(real, key=lambda k: -real[k]["min"])
    rows: list[dict[str, Any]] = []
    for team, name in ranked:
        d = rr.get((team, name))
        if not d or d["g"] <= 0 or d["min"] <= 0:
            continue
        rc = next((v for (_tm, nm), v in counts.items() if nm == name and abs(v["MP"] - real[(team, name)]["min"]) < 0.5), None)
        if rc is None or rc["TRB"] <= 0 or rc["AST"] <= 0:
            continue
        g, card = rc["G"], cards[team][name]
        row: dict[str, Any] = {"team": team, "name": name, "group": pl.group(rc["pos"]), "pos": rc["pos"],
                               "assist_rating": card.assist, "rebound_rating": card.rebound,
                               "real_mpg": rc["MP"] / g, "sim_mpg": d["min"] / d["g"]}
        for stat, col, rcol in (("reb", "REB", "TRB"), ("orb", "OREB", "ORB"), ("drb", "DREB", "DRB"), ("ast", "AST", "AST")):
            row[f"real_{stat}"], row[f"sim_{stat}"] = rc[rcol] / g, d[col] / d["g"]
        rows.append(row)
        if len(rows) == top:
            break
    return rows


def team_summary(results: dict[str, dict[str, float]], records: dict[str, list[int]]) -> dict[str, Any]:
    """The round robin's team results against the real season: wins (the round robin's winning share x the real
    games) r and MAE against the real wins, and the simulated net points a game's r with the real wins."""
    stems = [t for t in results if t in records]
    real_w = [float(records[t][0]) for t in stems]
    sim_w = [results[t]["w"] / results[t]["g"] * sum(records[t]) for t in stems]
    net = [(results[t]["pf"] - results[t]["pa"]) / results[t]["g"] for t in stems]
    return {"teams": len(stems), "wins_r": statistics.correlation(sim_w, real_w),
            "wins_mae": statistics.fmean(abs(a - b) for a, b in zip(sim_w, real_w)),
            "net_r_with_real_wins": statistics.correlation(net, real_w),
            "net": dict(zip(stems, net)), "wins": dict(zip(stems, sim_w))}


def rms_log(players: list[dict[str, Any]], stat: str) -> float:
    v = [math.log(p[f"sim_{stat}"] / p[f"real_{stat}"]) for p in players if p[f"sim_{stat}"] > 0 and p[f"real_{stat}"] > 0]
    return math.sqrt(statistics.fmean(x * x for x in v)) if v else math.nan


def play_leagues(folders: list[Path], options: dict[str, Any], rounds: int, top: int, seed: int = 0) -> dict[str, Any]:
    """``--leagues``: a round robin of each league folder with the rule ``options``; the top players' lines (the
    round robin's a game against the real) per league and pooled, and the team results."""
    per: dict[str, Any] = {}
    pooled: list[dict[str, Any]] = []
    for folder in folders:
        results: dict[str, dict[str, float]] = {}
        rr = round_robin_minutes(folder, rounds, seed, options=options or None, team_results=results)
        players = league_players(folder, rr, top)
        for p in players:
            p["league"] = folder.name
        pooled += players
        records = json.loads((folder / "league.json").read_text(encoding="utf-8"))["real_records"]
        per[folder.name] = {"gaps": gaps(players), "rms_log_reb": rms_log(players, "reb"),
                            "rms_log_ast": rms_log(players, "ast"), "teams": team_summary(results, records)}
        g, t = per[folder.name]["gaps"], per[folder.name]["teams"]
        print(f"{folder.name}: reb error {g['reb']['mean_abs_error']:.3f} within 10% {g['reb']['within_10pct']:.2f}; "
              f"ast error {g['ast']['mean_abs_error']:.3f} within 10% {g['ast']['within_10pct']:.2f}; "
              f"team wins r {t['wins_r']:.3f} MAE {t['wins_mae']:.2f}, net r {t['net_r_with_real_wins']:.3f}", flush=True)
    return {"options": options, "rounds": rounds, "seed": seed, "top": top, "leagues": per, "pooled": gaps(pooled),
            "pooled_rms_log_reb": rms_log(pooled, "reb"), "pooled_rms_log_ast": rms_log(pooled, "ast"), "players": pooled}


def compare_teams(before: list[dict[str, Any]], after: list[dict[str, Any]],
                  records: dict[str, dict[str, list[int]]]) -> dict[str, Any]:
    """Team results of ``--leagues`` runs without (``before``) and with (``after``) an option, the same leagues and
    seeds: each team-season's wins averaged over the runs given, r and MAE against the real wins (``records``: league
    folder name -> team -> [W, L]), the paired MAE difference with its standard error, the net points' r."""
    def by_team(runs: list[dict[str, Any]]) -> dict[tuple[str, str], tuple[float, float]]:
        acc: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for run in runs:
            for lg, v in run["leagues"].items():
                for t, w in v["teams"]["wins"].items():
                    acc.setdefault((lg, t), []).append((w, v["teams"]["net"][t]))
        return {k: (statistics.fmean(x[0] for x in v), statistics.fmean(x[1] for x in v)) for k, v in acc.items()}

    a, b = by_team(before), by_team(after)
    keys = sorted(set(a) & set(b))
    real = [float(records[lg][t][0]) for lg, t in keys]
    out: dict[str, Any] = {"team_seasons": len(keys)}
    errs = []
    for tag, x in (("before", a), ("after", b)):
        wins, net = [x[k][0] for k in keys], [x[k][1] for k in keys]
        e = [abs(w - r) for w, r in zip(wins, real)]
        errs.append(e)
        out[tag] = {"wins_r": statistics.correlation(wins, real), "wins_mae": statistics.fmean(e),
                    "net_r_with_real_wins": statistics.correlation(net, real), "net_sd": statistics.pstdev(net)}
    d = [y - x for x, y in zip(*errs)]
    out["paired_mae_difference"] = statistics.fmean(d)
    out["paired_mae_difference_se"] = statistics.stdev(d) / math.sqrt(len(d))
    return out


def parse_option_pairs(pairs: list[str]) -> dict[str, Any]:
    """``KEY=VALUE`` rule options (a VALUE read as JSON when it is JSON, else as text), as tools/history_replay.py."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"error: --option {pair!r} is not KEY=VALUE")
        try:
            options[key] = json.loads(value)
        except ValueError:
            options[key] = value
    return options


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scratch", type=Path, default=None, help="the driver's scratch: nba-YYYY-blind/, hYYYY-blind.sqlite3")
    ap.add_argument("--leagues", default="", help="instead: comma-separated league folders to play a round robin of "
                    "(no replays needed; the top players by real minutes, with the team results)")
    ap.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"), default=None,
                    help="team results of --leagues JSONs without and with an option (each a comma-separated list of "
                    "runs, the same leagues and seeds); the leagues' real records from --scratch")
    ap.add_argument("--option", "-o", dest="options", action="append", default=[],
                    help="with --leagues: a rule option KEY=VALUE for every game (rebound_slots=NAME)")
    ap.add_argument("--reports", type=Path, default=ROOT / "docs" / "history" / "fit-size",
                    help="the driver's reports: a season is read only once its report is written")
    ap.add_argument("--seasons", default=None, help="comma-separated years (the year a season ends); default: every one")
    ap.add_argument("--play", default="", help="seasons to play a round robin of, with a minute clock")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0, help="with --leagues: the first game's seed (game k: seed + k)")
    ap.add_argument("--deck", type=Path, default=None,
                    help="an experiment: play the round robins with this FAC deck (fac_deck.csv's format; pure Python)")
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("--players", action="store_true", help="every player row in the --json too")
    args = ap.parse_args(argv)
    if args.compare:
        before, after = ([json.loads(Path(f).read_text(encoding="utf-8")) for f in group.split(",")] for group in args.compare)
        folders = {lg for run in before + after for lg in run["leagues"]}
        if args.scratch is None:
            ap.error("--compare needs --scratch: the folder holding the league folders (their real records)")
        records = {lg: json.loads((args.scratch / lg / "league.json").read_text(encoding="utf-8"))["real_records"] for lg in folders}
        print(json.dumps(compare_teams(before, after, records), indent=1))
        return 0
    if args.leagues:
        if args.deck is not None:
            use_deck(args.deck)
        out = play_leagues([Path(f) for f in args.leagues.split(",") if f.strip()], parse_option_pairs(args.options),
                           args.rounds, args.top, args.seed)
        p = out["pooled"]
        print(f"pooled: reb error {p['reb']['mean_abs_error']:.3f} within 10% {p['reb']['within_10pct']:.2f} rms log "
              f"{out['pooled_rms_log_reb']:.3f}; by listed position " + " ".join(
                  f"{k} {v['ratio']:.2f}" for k, v in p['reb']['by_listed_position'].items())
              + "; drb " + " ".join(f"{k} {v['ratio']:.2f}" for k, v in p['drb']['by_listed_position'].items())
              + "; orb " + " ".join(f"{k} {v['ratio']:.2f}" for k, v in p['orb']['by_listed_position'].items()))
        print(f"pooled: ast error {p['ast']['mean_abs_error']:.3f} within 10% {p['ast']['within_10pct']:.2f} rms log "
              f"{out['pooled_rms_log_ast']:.3f}")
        if args.json:
            args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
        return 0
    if args.scratch is None:
        ap.error("--scratch or --leagues is required")
    years = sorted(int(p.stem[1:5]) for p in args.scratch.glob("h*-blind.sqlite3"))
    if args.seasons:
        years = [y for y in years if str(y) in args.seasons.split(",")]
    play = {int(y) for y in args.play.split(",") if y.strip()}
    if args.deck is not None:
        use_deck(args.deck)
    per_season: dict[str, Any] = {}
    pooled: list[dict[str, Any]] = []
    split_rows: list[dict[str, Any]] = []
    for y in years:
        folder, db = args.scratch / f"nba-{y}-blind", args.scratch / f"h{y}-blind.sqlite3"
        if not (folder / "league.json").exists() or not (args.reports / f"nba-{y}-blind-terms-4x4.json").exists():
            continue  # a season the driver has not finished (its database still being written) is left out
        players = from_replays(folder, db, args.top)
        for p in players:
            p["season"] = y
        pooled += players
        per_season[str(y)] = {"gaps": gaps(players)}
        if y in play:
            rows = minutes_split(players, round_robin_minutes(folder, args.rounds))
            for r in rows:
                r["season"] = y
            split_rows += rows
            per_season[str(y)]["split"] = split_summary(rows)
        g = per_season[str(y)]["gaps"]
        print(f"{y}: reb ratio {g['reb']['mean_ratio']:.3f} (slope {g['reb']['log_slope']:.2f}), ast ratio "
              f"{g['ast']['mean_ratio']:.3f} (slope {g['ast']['log_slope']:.2f})", flush=True)
    result = {"top": args.top, "seasons": per_season, "pooled": gaps(pooled),
              "split": split_summary(split_rows) if split_rows else None, "split_players": split_rows}
    if args.players:
        result["players"] = pooled
    print(json.dumps({"pooled": result["pooled"], "split": result["split"]}, indent=1))
    if args.json:
        args.json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
