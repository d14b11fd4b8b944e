"""4th Street team terms (docs/rules/4th-street-basketball.md, section 14, "Season context", team terms;
docs/history.md, "4th Street's team terms").

    python tools/fourthstreet_team_terms.py fit LEAGUE_DIR [--rounds R --iterations I --seed S] [--write] [--json F]
    python tools/fourthstreet_team_terms.py sensitivity LEAGUE_DIR --team KEY --games N [--offense X | --defense Y]
    python tools/fourthstreet_team_terms.py scale LEAGUE_DIR REPLAYS.sqlite3

``fit``: the fit of ``coachgym.rules.fourthstreet.teamterms`` on a league folder built by ``coachgym leagues
build --season YYYY --ruleset fourthstreet`` (the same as ``leagues build ... --team-terms``); ``--write``
rewrites its team files. ``sensitivity``: how many points per 100 possessions a unit of a term is worth, the
way the constants were measured on the training season: the team with the term against itself without it,
and the team without it against itself, ``--games`` each way on the same seeds (the team files as they are,
no carry-over); prints the change in the team's points scored (offense) or allowed (defense) per 100
possessions a unit of the term. ``scale``: from a season's replays (the ``--db`` of ``tools/history_replay.py``),
the real wins per 82 a real net point per 100 possessions is worth (the slope over the teams) and the
simulated wins a simulated net point is worth; their ratio is the fit's ``scale`` (the simulated net ratings
the real wins need).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from tqdm import tqdm

from coachgym.rules.fourthstreet.teamterms import fit, rebuilder
from coachgym.series.teamterms import TeamTermsError, possessions, read_league


def _per100(team: dict, opp: dict, games: int, seed: int, progress: bool) -> tuple[float, float]:
    """The home team's points scored and allowed per 100 of its possessions over ``games`` games."""
    from coachgym import rulesets
    from coachgym.core.match import play_game

    rs = rulesets.get("fourthstreet")
    home, away = rs.parse_team(team, "home"), rs.parse_team(opp, "away")
    acc = [0.0, 0.0, 0.0, 0.0]
    for i in tqdm(range(games), desc="games", disable=not progress):
        g = rs.new_game(home, away, seed=seed + i, record_events=False)
        play_game(g, rs.coach("by-the-book", seed=seed + i), rs.coach("by-the-book", seed=seed + i + 1), seed=seed + i)
        hp, ap = possessions(rs, g.box_score())
        acc[0] += g.score[0]
        acc[1] += hp
        acc[2] += g.score[1]
        acc[3] += ap
    return 100 * acc[0] / acc[1], 100 * acc[2] / acc[3]


def sensitivity(folder: Path, team: str, games: int, offense: float, defense: float, seed: int, progress: bool) -> dict:
    league, keys, base = read_league(folder)
    if team not in keys:
        raise TeamTermsError(f"--team {team}: not a team of {folder} ({', '.join(keys)})")
    apply = rebuilder(folder, league, keys, base)
    zero = {k: 0.0 for k in keys}
    moved = apply({**zero, team: offense}, {**zero, team: defense})[team]
    o0, d0 = _per100(base[team], base[team], games, seed, progress)
    o1, d1 = _per100(moved, base[team], games, seed, progress)
    unit = offense if offense else defense
    change = (o1 - o0) if offense else (d1 - d0)
    return {"league": str(folder), "team": team, "games": games, "seed": seed, "offense_term": offense,
            "defense_term": defense, "before": [round(o0, 3), round(d0, 3)], "after": [round(o1, 3), round(d1, 3)],
            "points_per_100_a_unit": round(change / unit, 3)}


def _slope(x: list[float], y: list[float]) -> float:
    mx, my = statistics.fmean(x), statistics.fmean(y)
    return sum((a - mx) * (b - my) for a, b in zip(x, y)) / sum((a - mx) ** 2 for a in x)


def scale(folder: Path, db: Path) -> dict:
    """The real and simulated wins per 82 a net point per 100 possessions is worth over the teams, and their ratio."""
    import importlib.util

    from coachgym import rulesets
    from coachgym.series.teamterms import real_ratings

    league, keys, _ = read_league(folder)
    real = real_ratings(folder, keys)
    poss = next(x for x in rulesets.get("fourthstreet").part("realism") if x.key == "POSS")
    acc = {k: [0, 0, 0.0, 0.0, 0.0, 0.0] for k in keys}  # games, wins, points, possessions, allowed, theirs
    spec = importlib.util.spec_from_file_location("history_replay", Path(__file__).with_name("history_replay.py"))
    hr = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hr)
    for hk, ak, hs, vs, a, b in hr.games(db):
        for k, me, opp, t, o in ((hk, hs, vs, a, b), (ak, vs, hs, b, a)):
            s = acc[k]
            s[0] += 1
            s[1] += me > opp
            s[2] += me
            s[3] += poss.num(t["totals"])
            s[4] += opp
            s[5] += poss.num(o["totals"])
    rec = league.get("real_records") or {}  # the real records: only to price a real net point in wins
    ks = [k for k in keys if acc[k][0] and k in rec]
    real_net = [real[k]["ortg"] - real[k]["drtg"] for k in ks]
    real_w = [82 * rec[k][0] / sum(rec[k]) for k in ks]
    sim_net = [100 * acc[k][2] / acc[k][3] - 100 * acc[k][4] / acc[k][5] for k in ks]
    sim_w = [82 * acc[k][1] / acc[k][0] for k in ks]
    r_slope, s_slope = _slope(real_net, real_w), _slope(sim_net, sim_w)
    return {"league": str(folder), "db": str(db), "teams": len(ks), "real_wins_a_net_point": round(r_slope, 3),
            "simulated_wins_a_net_point": round(s_slope, 3), "scale": round(r_slope / s_slope, 3),
            "r_simulated_net_on_real": round(statistics.correlation(real_net, sim_net), 4),
            "sd_net": [round(statistics.stdev(real_net), 3), round(statistics.stdev(sim_net), 3)]}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    f = sub.add_parser("fit", help="fit a league folder's team terms")
    f.add_argument("league")
    f.add_argument("--rounds", type=int, default=None)
    f.add_argument("--iterations", type=int, default=None)
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--write", action="store_true")
    f.add_argument("--json", dest="json_out", default=None)
    f.add_argument("--no-progress", action="store_true")
    s = sub.add_parser("sensitivity", help="points per 100 possessions a unit of a term (the team against itself)")
    s.add_argument("league")
    s.add_argument("--team", required=True)
    s.add_argument("--games", type=int, default=1000)
    s.add_argument("--offense", type=float, default=0.0, help="the offense term (field-goal fraction, 0.03)")
    s.add_argument("--defense", type=float, default=0.0, help="the defense term (grade points; higher: weaker)")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--json", dest="json_out", default=None)
    s.add_argument("--no-progress", action="store_true")
    c = sub.add_parser("scale", help="the fit's scale from a season's replays")
    c.add_argument("league")
    c.add_argument("db")
    c.add_argument("--json", dest="json_out", default=None)
    a = ap.parse_args(argv)
    try:
        if a.command == "fit":
            out = fit(a.league, rounds=a.rounds, iterations=a.iterations, seed=a.seed, write=a.write,
                      progress=not a.no_progress)
        elif a.command == "scale":
            out = scale(Path(a.league), Path(a.db))
            print(json.dumps(out))
        else:
            if bool(a.offense) == bool(a.defense):
                ap.error("sensitivity: give one of --offense or --defense (not zero)")
            out = sensitivity(Path(a.league), a.team, a.games, a.offense, a.defense, a.seed, not a.no_progress)
            print(json.dumps(out))
    except TeamTermsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if a.json_out:
        Path(a.json_out).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    if a.command == "fit":
        last = out["steps"][-1]
        print(f"last iteration's r {last['r_net']:.3f}, rms {last['rms']:.2f}; mean |offense term| "
              f"{statistics.fmean(abs(v) for v in out['fg'].values()):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
