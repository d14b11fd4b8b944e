"""How often the rule departures fixed in issue 23 came up: affected events per 1,000 games.

    python tools/rules_departures.py                      # every departure, 1,000 games each
    python tools/rules_departures.py fuba statispro --games 400 --seed 3

Each departure is counted on the fixed engine, in seeded by-the-book v by-the-book games of the
ruleset's bundled teams (every pairing in turn), by watching the moment the old engine decided
otherwise:

* fuba: passes into an empty target area and out of an empty start area (4.7.2: no -1 now), and how
  many of them changed the ball value, under the basic rules and under every advanced rule; the A13
  new-talent matches: a FUBA league of blue v yellow with A1, A12 and A13 on, carried over match to
  match, counting the team-matches with talent, those where it outnumbered half the skills (the old
  carry-over put the rest of it in the reserve) and those whose match skills differ from the old
  carry-over's (talent now on top of half the team's own skills);
* statispro: Open Shots (4.4 / 14G) whose receiver may no longer decline them (5.1 must shoot), all
  Open Shots, and overtimes (each one an FAC Extractor overtime with a Dead Ball Deck of 20 now);
  EXPANDED ATTEMPTS play as before by default (the option's default is the old behaviour);
* fourthstreet: injuries whose chart total is -3 (2 dice now, 4 before) among all injuries;
* valueadd: the home-court events (36 with the visitors on offense, 66 with the home team) that a
  season created with ``-o home_court=false`` played before the fix (games played with home court).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections import Counter

from tqdm import tqdm

from coachgym import rulesets
from coachgym.core.match import play_game


def _pairs(rs) -> list[tuple[str, str]]:
    names = rs.team_names()
    return [(a, b) for a, b in itertools.permutations(names, 2)]


def _play(name: str, games: int, seed: int, options: dict | None, counts: Counter, desc: str) -> float:
    rs = rulesets.get(name)
    pairs = _pairs(rs)
    t0 = time.process_time()
    for i in tqdm(range(games), desc=desc, unit="game", dynamic_ncols=True, file=sys.stderr):
        home, away = pairs[i % len(pairs)]
        g = rs.new_game(home, away, seed=seed + i, options=options, record_events=False)
        play_game(g, rs.coach("by-the-book"), rs.coach("by-the-book"), seed=seed + i)
        counts["games"] += 1
        if name == "statispro":
            counts["overtimes"] += max(0, g.period - 4)
    return time.process_time() - t0


def measure_fuba(games: int, seed: int) -> Counter:
    from coachgym.rules.fuba.engine import FubaEngine
    from coachgym.rules.fuba.options import FubaOptions

    counts: Counter = Counter()
    orig = FubaEngine._pass_target_value
    label = ""

    def watched(self, side, target):
        p = self.resolving
        if p["what"] != "pass":
            return orig(self, side, target)
        start = p["start"]
        sp = self.set_piece if not p.get("sp_done") else None
        empty_t = self.raw_count(side, target) == 0 and self.raw_count(1 - side, target) == 0
        empty_s = (start != target and sp is None and self.raw_count(side, start) == 0
                   and self.raw_count(1 - side, start) == 0)
        orig(self, side, target)
        counts[f"{label}: passes"] += 1
        counts[f"{label}: empty target area"] += empty_t
        counts[f"{label}: empty start area"] += empty_s
        counts[f"{label}: ball value changed"] += (empty_t or empty_s) and self.ball_value > 1  # old: -1 each, floor 1
        return None

    FubaEngine._pass_target_value = watched
    try:
        for label, options in (("basic rules", None), ("all advanced rules", FubaOptions.all_advanced().to_dict())):
            played: Counter = Counter()
            _play("fuba", games, seed, options, played, f"fuba 4.7.2 {label}")
    finally:
        FubaEngine._pass_target_value = orig
    counts["games"] = games
    counts.update(_fuba_league(games, seed))
    return counts


def _fuba_league(games: int, seed: int) -> Counter:
    """A13 new talent: blue v yellow, match after match, the carry-over applied as a league does."""
    from coachgym.series.carryover import Context, for_ruleset

    rs = rulesets.get("fuba")
    carry = for_ruleset("fuba")
    options = {"condition_points": True, "skills": True, "special_events": True}
    ctx = Context("season", games)
    names = rs.team_names()
    data = {n: rs.team_data(n)[0] for n in names}
    state = {n: carry.initial_state(data[n]) for n in names}
    counts: Counter = Counter()
    for i in tqdm(range(games), desc="fuba A13 league", unit="game", dynamic_ncols=True, file=sys.stderr):
        home, away = (names[0], names[1]) if i % 2 == 0 else (names[1], names[0])
        teams = [carry.game_team(data[n], state[n], ctx) for n in (home, away)]
        for n, team in zip((home, away), teams):
            st = state[n]
            lost = set(st["lost"])
            pool = list(dict.fromkeys(k for k in st["talent"] + st["skills"] + st["reserve"] if k not in lost))
            talent = [k for k in dict.fromkeys(st["talent"]) if k not in lost]
            old_match = pool[:(len(pool) + 1) // 2]  # engine version 1's carry-over: half of everything
            counts["team-matches with new talent"] += bool(talent)
            counts["team-matches with talent beyond half the skills (old: in reserve)"] += len(talent) > len(old_match)
            counts["team-matches whose match skills changed"] += set(old_match) != set(team["skills"])
        opts = carry.game_options(options, False, ctx, teams)
        g = rs.new_game(rs.parse_team(teams[0], "home team"), rs.parse_team(teams[1], "away team"), seed=seed + i,
                        options=opts, record_events=True)
        play_game(g, rs.coach("by-the-book"), rs.coach("by-the-book"), seed=seed + i)
        for side, n in enumerate((home, away)):
            state[n] = carry.advance(state[n], carry.facts(g, side), ctx)
        counts["league matches"] += 1
    return counts


def measure_statispro(games: int, seed: int) -> Counter:
    from coachgym.rules.statispro.engine import StatisProEngine

    counts: Counter = Counter()
    orig_open, orig_may = StatisProEngine._open_shot, StatisProEngine._may_decline_shot

    def open_shot(self):
        counts["open shots"] += 1
        return orig_open(self)

    def may_decline(self, e, att, dt_target):
        ok = orig_may(self, e, att, dt_target)
        counts["open shots that must be taken (5.1)"] += not ok
        return ok

    StatisProEngine._open_shot, StatisProEngine._may_decline_shot = open_shot, may_decline
    try:
        _play("statispro", games, seed, None, counts, "statispro 5.1")
    finally:
        StatisProEngine._open_shot, StatisProEngine._may_decline_shot = orig_open, orig_may
    return counts


def measure_fourthstreet(games: int, seed: int) -> Counter:
    from coachgym.rules.fourthstreet import lineups

    counts: Counter = Counter()
    orig = lineups.injury_row

    def row(total):
        counts["injuries"] += 1
        counts["injuries with a total of -3"] += total <= -3
        return orig(total)

    lineups.injury_row = row
    try:
        _play("fourthstreet", games, seed, None, counts, "fourthstreet injuries")
    finally:
        lineups.injury_row = orig
    return counts


def measure_valueadd(games: int, seed: int) -> Counter:
    from coachgym.rules.valueadd.engine import ValueAddEngine

    counts: Counter = Counter()
    orig_resolve = ValueAddEngine._resolve_shot

    def resolve(self, off, slot, res, foul_by, ds, home_whistle=False):
        counts["66: home whistle"] += bool(home_whistle)
        return orig_resolve(self, off, slot, res, foul_by, ds, home_whistle)

    ValueAddEngine._resolve_shot = resolve
    rs = rulesets.get("valueadd")
    pairs = _pairs(rs)
    try:
        for i in tqdm(range(games), desc="valueadd home court", unit="game", dynamic_ncols=True, file=sys.stderr):
            home, away = pairs[i % len(pairs)]
            g = rs.new_game(home, away, seed=seed + i, options={"home_court": True})
            play_game(g, rs.coach("by-the-book"), rs.coach("by-the-book"), seed=seed + i)
            counts["36: visitors bumped, no call"] += sum(1 for e in g.log if e.kind == "turnover"
                                                         and e.text.endswith("(home court)"))
            counts["games"] += 1
    finally:
        ValueAddEngine._resolve_shot = orig_resolve
    return counts


MEASURES = {"fuba": measure_fuba, "statispro": measure_statispro, "fourthstreet": measure_fourthstreet,
            "valueadd": measure_valueadd}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python tools/rules_departures.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("rulesets", nargs="*", help=f"any of {', '.join(MEASURES)} (default: all four)")
    ap.add_argument("--games", type=int, default=1000, help="games per ruleset (and FUBA league matches)")
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error(f"--games must be at least 1, got {args.games}")
    for name in args.rulesets:
        if name not in MEASURES:
            ap.error(f"unknown ruleset {name!r}: choose from {', '.join(MEASURES)}")
    for name in args.rulesets or list(MEASURES):
        c = MEASURES[name](args.games, args.seed)
        per = args.games
        print(f"{name}: {per} games (seed {args.seed})")
        for k, v in sorted(c.items()):
            if k in ("games", "league matches"):
                continue
            base = c["league matches"] if k.startswith("team-matches") else c["games"]
            print(f"  {k}: {v} ({1000 * v / base:.1f} per 1,000 games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
