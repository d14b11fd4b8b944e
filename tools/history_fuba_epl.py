"""Real FUBA leagues from English Premier League seasons, and their replays against the real table
(docs/history.md, "FUBA"; docs/rules/fuba.md, "Real leagues").

    # 1. the matches, from the cited source (openfootball/football.json, a public-domain data set):
    git -C football.json show 25cfaf102954ebbcdc48f9c2984198b71d48610d:2018-19/en.1.json > en.1.json
    python tools/history_fuba_epl.py build 2018-19 --source en.1.json
    # 2. rebuild every shipped league from its matches.csv and compare byte for byte, with the checks:
    python tools/history_fuba_epl.py check
    # 3. replay a season N times against its real table (long: 380 games a replay):
    nice -n 15 python tools/history_fuba_epl.py replay epl-2018-19 --replays 20 --json docs/history/fuba-epl-2018-19.json

``build`` converts the source's matches to ``matches.csv`` (clubs by their stem in
``coachgym/rules/fuba/data/league_mapping.json``), then builds the folder with
``coachgym.rules.fuba.leagues.build_league``; ``check`` (and ``build``) verify: 380 matches, every
club 38 games (19 at home), each pair once at each ground, the goals of the matches equal the goals
of the clubs' statistics and of the real table, and (``--source``) matches.csv equals the
conversion of the source byte for byte. ``replay`` plays ``coachgym season start fuba --league
LEAGUE`` (the real fixture list, the league's rule options) with by-the-book coaches and reports each
club's points per game against the real table: Pearson r and the mean absolute error, beside a
goals-based expectation (Poisson, below), and the spread (sd) of points per game.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import math
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from coachgym.core.errors import CoachgymError  # noqa: E402
from coachgym.rules.fuba import leagues as fl  # noqa: E402

LEAGUES = ROOT / "coachgym" / "rules" / "fuba" / "data" / "leagues"
REPO = "github.com/openfootball/football.json"
COMMIT = "25cfaf102954ebbcdc48f9c2984198b71d48610d"
# season -> its role in the calibration (docs/history.md, "FUBA"): the mapping's constants were
# chosen on the training season only
SEASONS = {
    "2017-18": "training season: the mapping's constants (league_mapping.json) were chosen on it",
    "2018-19": "held-out season: never used to choose a constant",
}


def league_name(season: str) -> str:
    return f"epl-{season}"


def meta(season: str) -> dict[str, str]:
    name = league_name(season)
    path = f"{season}/en.1.json"
    return {
        "name": name, "title": f"{season} English Premier League", "season": season,
        "source": f"{REPO}, path {path}, commit {COMMIT} (openfootball, public domain): the season's 380 "
                  "matches with full-time and half-time scores",
        "built_by": f"python tools/history_fuba_epl.py build {season} --source {path} "
                    f"(the file at commit {COMMIT}; rebuild from matches.csv: python tools/history_fuba_epl.py check)",
        "notes": (f"20 clubs, the real fixture list (schedule.csv, each date a round). FUBA pieces are anonymous: a "
                  "club is its A12 skills, chosen from its goals for and against per game "
                  "(team_stats.csv, from the matches; never the points or positions) by "
                  "coachgym/rules/fuba/data/league_mapping.json (docs/rules/fuba.md, 'Real leagues'). "
                  f"{SEASONS.get(season, '').capitalize()}. real_table (won, drawn, lost, goals for, goals "
                  "against, points) is for the replay against history only. Play it with the league's "
                  "rule_options (A1 condition points, A12 skills, 6 skill choices)."),
    }


# ------------------------------------------------------------------------------------ build
def convert(source: Path, mapping: dict[str, Any]) -> str:
    """The source's matches (openfootball's ``en.1.json``) as matches.csv text, in date order."""
    try:
        data = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SystemExit(f"{source}: cannot be read as the source's JSON ({exc})") from None
    matches = data.get("matches") if isinstance(data, dict) else None
    if not isinstance(matches, list):
        raise SystemExit(f"{source}: field 'matches': missing (expected openfootball's football.json en.1.json)")
    clubs = mapping["clubs"]
    rows = []
    for k, m in enumerate(matches):
        for side in ("team1", "team2"):
            if m.get(side) not in clubs:
                raise SystemExit(f"{source}: matches[{k}].{side}: club {m.get(side)!r} is not in "
                                 "league_mapping.json's clubs")
        score = m.get("score") or {}
        ft, ht = score.get("ft"), score.get("ht")
        if ht is None and ft == [0, 0]:  # the source gives no half-time score for a 0-0: it was 0-0
            ht = [0, 0]
        if not (isinstance(ft, list) and len(ft) == 2 and isinstance(ht, list) and len(ht) == 2):
            raise SystemExit(f"{source}: matches[{k}].score: needs 'ft' and 'ht' as [home, away]")
        rows.append((m["date"], k, m["round"], clubs[m["team1"]]["stem"], clubs[m["team2"]]["stem"], ft, ht))
    rows.sort(key=lambda r: (r[0], r[1]))
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(fl.MATCH_COLUMNS)
    for date, _, rnd, home, away, ft, ht in rows:
        w.writerow((date, rnd, home, away, ft[0], ft[1], ht[0], ht[1]))
    return out.getvalue()


def check_folder(folder: Path) -> list[str]:
    """The data checks of a league folder; returns what was checked (one line each)."""
    matches = fl.read_matches(folder / "matches.csv")
    clubs = fl.check_matches(matches, folder / "matches.csv")
    lines = [f"{len(matches)} matches, {len(clubs)} clubs, each pair once at each ground"]
    stats = fl.team_stats(matches)
    games = {c: s["games"] for c, s in stats.items()}
    home = {c: sum(m.home == c for m in matches) for c in clubs}
    if set(games.values()) != {2 * (len(clubs) - 1)} or set(home.values()) != {len(clubs) - 1}:
        raise SystemExit(f"{folder}: games per club {sorted(set(games.values()))}, home {sorted(set(home.values()))}")
    lines.append(f"every club {2 * (len(clubs) - 1)} games, {len(clubs) - 1} at home")
    goals = sum(m.home_goals + m.away_goals for m in matches)
    gf = sum(s["goals_for"] for s in stats.values())
    ga = sum(s["goals_against"] for s in stats.values())
    league = json.loads((folder / "league.json").read_text(encoding="utf-8"))
    table = league["real_table"]
    tf, ta = sum(t[3] for t in table.values()), sum(t[4] for t in table.values())
    if not goals == gf == ga == tf == ta:
        raise SystemExit(f"{folder}: goal sums disagree: matches {goals}, for {gf}, against {ga}, table {tf}/{ta}")
    lines.append(f"{goals} goals in the matches = the clubs' goals for = against = the real table's")
    pts = sum(t[5] for t in table.values())
    draws = sum(m.home_goals == m.away_goals for m in matches)
    if pts != 3 * len(matches) - draws:
        raise SystemExit(f"{folder}: the real table's points {pts} != 3 x matches - draws")
    lines.append(f"real table: {pts} points = 3 x {len(matches)} matches - {draws} draws")
    return lines


def build(season: str, source: Path | None, out: Path | None = None) -> list[str]:
    folder = out or LEAGUES / league_name(season)
    folder.mkdir(parents=True, exist_ok=True)
    mapping = fl.load_mapping()
    lines = []
    if source is not None:
        text = convert(source, mapping)
        target = folder / "matches.csv"
        if target.is_file() and out is None and target.read_text(encoding="utf-8") != text:
            lines.append("matches.csv: CHANGED from the shipped file")
        target.write_text(text, encoding="utf-8")
        lines.append(f"matches.csv written from {source}")
    fl.build_league(folder, meta(season), mapping)
    return lines + check_folder(folder)


def check(seasons: list[str], source: Path | None) -> int:
    bad = 0
    for season in seasons:
        shipped = LEAGUES / league_name(season)
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp) / league_name(season)
            folder.mkdir()
            (folder / "matches.csv").write_bytes((shipped / "matches.csv").read_bytes())
            if source is not None:
                if convert(source, fl.load_mapping()) != (shipped / "matches.csv").read_text(encoding="utf-8"):
                    print(f"{season}: matches.csv differs from the conversion of {source}")
                    bad += 1
                else:
                    print(f"{season}: matches.csv equals the conversion of {source} byte for byte")
            for line in build(season, None, folder):
                print(f"{season}: {line}")
            for f in sorted(shipped.iterdir()):
                if (folder / f.name).read_bytes() != f.read_bytes():
                    print(f"{season}: {f.name} differs from its rebuild")
                    bad += 1
            extra = sorted({p.name for p in folder.iterdir()} ^ {p.name for p in shipped.iterdir()})
            if extra:
                print(f"{season}: files not in both: {', '.join(extra)}")
                bad += 1
        if not bad:
            print(f"{season}: every file rebuilt byte for byte")
    return 1 if bad else 0


# ------------------------------------------------------------------------------------ replay
def poisson_expectation(folder: Path) -> dict[str, float]:
    """Each club's expected points per game over its real fixtures from goals for and against alone:
    the home side scores Poisson(``home_avg x attack_h x defence_a``), the away side Poisson(``away_avg
    x attack_a x defence_h``), ``attack`` = goals for per game / the league's, ``defence`` = goals
    against per game / the league's, ``home_avg`` / ``away_avg`` the league's goals per game at home
    and away (no fitted constant; a statistic-only baseline, like the NBA pages' Pythagorean)."""
    matches = fl.read_matches(folder / "matches.csv")
    stats = fl.team_stats(matches)
    n = len(matches)
    mean = sum(m.home_goals + m.away_goals for m in matches) / (2 * n)
    home_avg = sum(m.home_goals for m in matches) / n
    away_avg = sum(m.away_goals for m in matches) / n
    att = {c: s["goals_for"] / s["games"] / mean for c, s in stats.items()}
    dfn = {c: s["goals_against"] / s["games"] / mean for c, s in stats.items()}

    def pmf(lam: float) -> list[float]:
        return [math.exp(-lam) * lam ** k / math.factorial(k) for k in range(15)]

    pts = {c: 0.0 for c in stats}
    for m in matches:
        ph, pa = pmf(home_avg * att[m.home] * dfn[m.away]), pmf(away_avg * att[m.away] * dfn[m.home])
        win = sum(ph[i] * pa[j] for i in range(15) for j in range(15) if i > j)
        draw = sum(ph[i] * pa[i] for i in range(15))
        loss = 1 - win - draw
        pts[m.home] += 3 * win + draw
        pts[m.away] += 3 * loss + draw
    return {c: pts[c] / stats[c]["games"] for c in stats}


def pearson(x: list[float], y: list[float]) -> float:
    mx, my = statistics.fmean(x), statistics.fmean(y)
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
    return sxy / math.sqrt(sum((a - mx) ** 2 for a in x) * sum((b - my) ** 2 for b in y))


def replay(league: str, replays: int, seed: int, db: Path, games_per_team: int | None = None) -> dict[str, Any]:
    """Play the replays (resumable with the same ``db``); returns each club's points per game per replay."""
    from coachgym import rulesets
    from coachgym.core.runner import InlineBackend
    from coachgym.series.competition import Competition, league_season_format
    from coachgym.series.tables import standings
    from coachgym.store import Store

    rs = rulesets.get("fuba")
    lg = rs.league(league)
    options = json.loads((lg.folder / "league.json").read_text(encoding="utf-8"))["rule_options"]
    teams = rs.league_team_names(league)
    ppg: dict[str, list[float]] = {}
    goals: dict[str, list[float]] = {}
    start = time.process_time()
    played = 0
    with Store(db) as store:
        for k in range(replays):
            name = f"replay-{seed + k}" + (f"-{games_per_team}" if games_per_team else "")
            if store.query("SELECT 1 FROM competitions WHERE name = ?", (name,)):
                comp = Competition.load(store, name)
            else:
                fmt = league_season_format(rs.name, league, seed + k, games_per_team, True)
                comp = Competition.create(store, name=name, kind="season", ruleset=rs.name,
                                          teams=[(t, "by-the-book") for t in teams], fmt=fmt, seed=seed + k,
                                          options=options)
            before = len(comp.games)
            comp.play(InlineBackend())
            played += len(comp.games) - before
            for row in standings(comp):
                key = row["key"].rpartition("/")[2]
                ppg.setdefault(key, []).append(row["points"] / max(1, row["gp"]))
                goals.setdefault(key, []).append((row["pf"] - row["pa"]) / max(1, row["gp"]))
            print(f"replay {k + 1}/{replays}: {len(comp.games)} games; {time.process_time() - start:.0f} s CPU so far",
                  file=sys.stderr, flush=True)
    return {"ppg": ppg, "gd": goals, "cpu_s": time.process_time() - start, "games_played": played}


def screen(games: int, names: list[str] | None = None) -> dict[str, list[float]]:
    """Each A12 skill alone (the one match skill of a side) against a side without skills, under a
    league's rules (A1 + A12): ``games`` matches, home and away alternating, the same seeds for every
    skill (so a skill that never plays gives exactly the no-skill figures). Returns skill -> [goals
    for, goals against, points] per game of the skilled side; ``"none"`` is the baseline."""
    from coachgym import rulesets
    from coachgym.core.match import play_game
    from coachgym.rules.fuba.board import SKILLS
    from coachgym.rules.fuba.teams import FubaTeam

    rs = rulesets.get("fuba")
    opts = rs.parse_options({"condition_points": True, "skills": True})
    unknown = [k for s in names or [] for k in s.split("+") if k not in SKILLS]
    if unknown:
        raise SystemExit(f"--skill {unknown[0]!r}: not an A12 skill; skills: {', '.join(SKILLS)}")
    out = {}
    for s in ["none"] + (names or list(SKILLS)):
        match = [] if s == "none" else s.split("+")  # a set: its skills all on the match
        # A12's split wants m - 1 reserve skills beside m match skills; without A3 the reserve never plays
        reserve = [k for k in SKILLS if k not in match][:max(0, len(match) - 1)]
        a = FubaTeam("A", "A", True, match, reserve)
        b = FubaTeam("B", "B", True, [], [])
        gf = ga = pts = 0
        for g in range(games):
            home = g % 2 == 0
            game = rs.new_game(a if home else b, b if home else a, seed=1000 + g, options=opts, record_events=False)
            r = play_game(game, rs.coach("by-the-book", seed=g), rs.coach("by-the-book", seed=g + 7), seed=1000 + g)
            f, x = (r.home_score, r.away_score) if home else (r.away_score, r.home_score)
            gf += f
            ga += x
            pts += 3 if f > x else 1 if f == x else 0
        out[s] = [gf / games, ga / games, pts / games]
        print(f"{s:24s} goals for {gf / games:.3f} against {ga / games:.3f} points {pts / games:.3f}", flush=True)
    return out


def calibrate(season: str, candidates: list[tuple[float, float]], replays: int, seed: int,
              mapping_path: Path | None = None) -> list[dict[str, Any]]:
    """Choose the mapping's ``match_skills`` constants on a training season: for each candidate
    (intercept, slope), the clubs' skills are built in memory and the real fixtures played ``replays``
    times directly (the engine, options and coaches of a league season; A1 and A12 carry nothing from
    match to match), the same seeds for every candidate. Returns r, MAE and sd of points per game."""
    from coachgym import rulesets
    from coachgym.core.match import play_game
    from coachgym.rules.fuba.teams import FubaTeam

    rs = rulesets.get("fuba")
    folder = LEAGUES / league_name(season)
    league = json.loads((folder / "league.json").read_text(encoding="utf-8"))
    options = rs.parse_options(league["rule_options"])
    matches = fl.read_matches(folder / "matches.csv")
    ratings = fl.club_ratings(fl.team_stats(matches))
    table = league["real_table"]
    clubs = sorted(table)
    real = [table[c][5] / sum(table[c][:3]) for c in clubs]
    base = fl.load_mapping(mapping_path)
    out = []
    for intercept, slope in candidates:
        mapping = {**base, "match_skills": {"intercept": intercept, "slope": slope}}
        teams = {}
        for c in clubs:
            match, reserve = fl.club_skills(ratings[c], mapping)
            teams[c] = FubaTeam(c, c[:3].upper(), False, match, reserve)
        pts = {c: 0.0 for c in clubs}
        start = time.process_time()
        for k in range(replays):
            for i, m in enumerate(matches):
                gs = (seed + k) * 1000 + i
                game = rs.new_game(teams[m.home], teams[m.away], seed=gs, options=options, record_events=False)
                r = play_game(game, rs.coach("by-the-book", seed=gs), rs.coach("by-the-book", seed=gs + 1), seed=gs)
                h, a = r.home_score, r.away_score
                pts[m.home] += 3 if h > a else 1 if h == a else 0
                pts[m.away] += 3 if a > h else 1 if h == a else 0
        sim = [pts[c] / (replays * 38) for c in clubs]
        row = {"intercept": intercept, "slope": slope, "replays": replays, "r": round(pearson(sim, real), 3),
               "mae_ppg": round(statistics.fmean(abs(a - b) for a, b in zip(sim, real)), 3),
               "sd_ppg_of_means": round(statistics.pstdev(sim), 3), "real_sd_ppg": round(statistics.pstdev(real), 3),
               "match_skills": {c: len(teams[c].skills) for c in clubs},
               "cpu_s": round(time.process_time() - start, 1)}
        print(json.dumps(row), flush=True)
        out.append(row)
    return out


def compare(league: str, played: dict[str, Any]) -> dict[str, Any]:
    from coachgym import rulesets

    lg = rulesets.get("fuba").league(league)
    data = json.loads((lg.folder / "league.json").read_text(encoding="utf-8"))
    table = data["real_table"]
    clubs = sorted(table)
    real = [table[c][5] / sum(table[c][:3]) for c in clubs]
    sim = [statistics.fmean(played["ppg"][c]) for c in clubs]
    expect = poisson_expectation(lg.folder)
    exp = [expect[c] for c in clubs]
    n = len(played["ppg"][clubs[0]])
    per_replay_sd = [statistics.pstdev([played["ppg"][c][k] for c in clubs]) for k in range(n)]
    skills = {c: rulesets.get("fuba").load_team(lg.team_key(c)).skills for c in clubs}
    return {
        "league": league, "replays": n,
        "sim": {"r": round(pearson(sim, real), 3), "mae_ppg": round(statistics.fmean(abs(a - b) for a, b in zip(sim, real)), 3),
                "sd_ppg_of_means": round(statistics.pstdev(sim), 3),
                "sd_ppg_per_replay": round(statistics.fmean(per_replay_sd), 3)},
        "poisson": {"r": round(pearson(exp, real), 3), "mae_ppg": round(statistics.fmean(abs(a - b) for a, b in zip(exp, real)), 3),
                    "sd_ppg": round(statistics.pstdev(exp), 3)},
        "real": {"sd_ppg": round(statistics.pstdev(real), 3)},
        "clubs": {c: {"real_ppg": round(r, 3), "sim_ppg": round(s, 3), "poisson_ppg": round(e, 3),
                      "match_skills": skills[c]} for c, r, s, e in zip(clubs, real, sim, exp)},
        "cpu_s": round(played["cpu_s"], 1), "games_played": played["games_played"],
    }


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="build a season's league folder (from the source with --source)")
    b.add_argument("season", choices=sorted(SEASONS))
    b.add_argument("--source", type=Path, default=None, help="openfootball's SEASON/en.1.json at the cited commit")
    c = sub.add_parser("check", help="rebuild the shipped leagues from matches.csv and compare byte for byte")
    c.add_argument("seasons", nargs="*", default=sorted(SEASONS))
    c.add_argument("--source", type=Path, default=None, help="also compare matches.csv with this source file")
    r = sub.add_parser("replay", help="replay a league's season against its real table")
    r.add_argument("league")
    r.add_argument("--replays", type=int, default=10)
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("--db", type=Path, default=None, help="keep the games here (resumable); default: a scratch file")
    r.add_argument("--json", type=Path, default=None)
    k = sub.add_parser("calibrate", help="try mapping constants on a training season (direct play, no store)")
    k.add_argument("season", choices=sorted(SEASONS))
    k.add_argument("--candidate", action="append", default=[], metavar="INTERCEPT,SLOPE",
                   help="match skills = round(INTERCEPT + SLOPE x quality), repeatable")
    k.add_argument("--replays", type=int, default=3)
    k.add_argument("--seed", type=int, default=0)
    k.add_argument("--json", type=Path, default=None)
    k.add_argument("--mapping", type=Path, default=None, help="another mapping file (its skill lists) to try")
    sc = sub.add_parser("screen", help="each A12 skill alone against a side without skills (the mapping's lists)")
    sc.add_argument("--games", type=int, default=200)
    sc.add_argument("--skill", action="append", default=None,
                    help="only these skills (repeatable); A+B+C: a set of match skills played together")
    sc.add_argument("--json", type=Path, default=None)
    args = ap.parse_args(argv)
    if args.cmd == "screen":
        effects = screen(args.games, args.skill)
        if args.json:
            args.json.parent.mkdir(parents=True, exist_ok=True)
            args.json.write_text(json.dumps(effects, indent=1) + "\n", encoding="utf-8")
        return 0
    if args.cmd == "calibrate":
        cands: list[tuple[float, float]] = []
        for c in args.candidate:
            try:
                intercept, slope = (float(x) for x in c.split(","))
            except ValueError:
                raise SystemExit(f"--candidate {c!r}: must be INTERCEPT,SLOPE (two numbers)") from None
            cands.append((intercept, slope))
        rows = calibrate(args.season, cands or [(1.5, 0.75)], args.replays, args.seed, args.mapping)
        if args.json:
            args.json.parent.mkdir(parents=True, exist_ok=True)
            args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
        return 0
    try:
        if args.cmd == "build":
            for line in build(args.season, args.source):
                print(line)
            return 0
        if args.cmd == "check":
            bad = [s for s in args.seasons if s not in SEASONS]
            if bad:
                raise SystemExit(f"unknown season {bad[0]!r}; shipped: {', '.join(SEASONS)}")
            return check(args.seasons, args.source)
        with tempfile.TemporaryDirectory() as tmp:
            played = replay(args.league, args.replays, args.seed, args.db or Path(tmp) / "replay.sqlite3")
        result = compare(args.league, played)
    except CoachgymError as exc:
        raise SystemExit(str(exc)) from None
    text = json.dumps(result, indent=1)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(text + "\n", encoding="utf-8")
    s, p = result["sim"], result["poisson"]
    print(f"{args.league}: {result['replays']} replays: FUBA r {s['r']}, MAE {s['mae_ppg']} points/game "
          f"(sd {s['sd_ppg_per_replay']} a replay, {s['sd_ppg_of_means']} of the means); Poisson r {p['r']}, MAE "
          f"{p['mae_ppg']}; real sd {result['real']['sd_ppg']}; {result['cpu_s']} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
