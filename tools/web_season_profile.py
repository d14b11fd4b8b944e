"""Where a season's process spends its time, game by game: the browser's season loop
(``coachgym.web.season.Simulations._run``, exactly as a season's process runs it, without the wait
on people) over the first GAMES games of a league's season started as the browser starts one, with
each part of the loop timed in CPU seconds (``time.thread_time``):

    python tools/web_season_profile.py statispro nba-1993 --games 200
    python tools/web_season_profile.py statispro nba-1993 --games 200 --cprofile 25

Parts: next round (the schedule's next round from the results), task (carry-over applied to both
teams, options), build (teams parsed, the engine made), the engine (the game's steps, its rules), the coaches (the
book's choices, both sides),
box (the box score as a dict), facts (what the game carries over), store (the row written to SQLite
in its transaction), advance (the teams' states advanced). ``--cprofile N`` also prints cProfile's
top N functions by their own time over the same games. Prints which engines ran (pure Python or
compiled).
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import pstats
import tempfile
import time
from pathlib import Path

from coachgym import compiled, rulesets
from coachgym.series import competition as C
from coachgym.store import Store


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ruleset")
    ap.add_argument("league")
    ap.add_argument("--mine", default="", metavar="TEAM",
                    help="stop before this team's next game, as the browser's season does for yours (default: "
                         "every game, as 'Simulate the rest of the regular season' and tools/web_timing.py do)")
    ap.add_argument("--games", type=int, default=200, help="games to play and time")
    ap.add_argument("--seed", type=int, default=0x5EA5)
    ap.add_argument("--cprofile", type=int, default=0, metavar="N", help="also print cProfile's top N by own time")
    ap.add_argument("--gate", action="store_true",
                    help="with the wait on people as in a season's process (a gate nobody closes: its checks' cost)")
    args = ap.parse_args()
    import logging

    from coachgym.web import season as S

    logging.getLogger("coachgym.web").setLevel(logging.CRITICAL)  # (the loop's end below is logged as a failure)
    if args.gate:
        S._GATE = S._gate()
    rs = rulesets.get(args.ruleset)
    parts: dict[str, float] = collections.Counter()
    count = [0]

    def timed(name, fn):
        def wrapper(*a, **k):
            t = time.thread_time()
            try:
                return fn(*a, **k)
            finally:
                parts[name] += time.thread_time() - t
        return wrapper

    class Enough(Exception):
        pass

    # the loop's parts, wrapped where the loop calls them
    S._to_play = timed("next round", S._to_play)
    C.Competition.task = timed("task", C.Competition.task)
    store_game = C.Competition._store_game

    def _store_game(self, f, t, out):
        row = timed("store", store_game)(self, f, t, out)
        count[0] += 1
        if count[0] >= args.games:
            raise Enough
        return row

    C.Competition._store_game = _store_game
    build = C.ScheduledGame.build
    C.ScheduledGame.build = timed("build", build)
    play_game = C.play_game
    C.play_game = timed("play", play_game)
    team = rs.parse_team(rs.team_data(rs.league_team_names(args.league)[0])[0], "a team")
    game_cls = type(rs.new_game(team, team, seed=1))
    game_cls.box_score = timed("box", game_cls.box_score)
    coach_cls = type(rs.coach("by-the-book", seed=1))
    coach_cls.choose = timed("coaches", coach_cls.choose)
    carry = C.carryover.for_ruleset(rs.name)
    cls = type(carry)
    cls.facts = timed("facts", cls.facts)
    cls.advance = timed("advance", cls.advance)

    with tempfile.TemporaryDirectory() as tmp, Store(Path(tmp) / "profile.sqlite3") as store:
        store.conn.execute("PRAGMA synchronous = NORMAL")  # (as the server's and a season's process's)
        fmt = C.league_season_format(rs.name, args.league, args.seed, None)
        comp = C.Competition.create(store, name="profile", kind="season", ruleset=rs.name,
                                    teams=[(t, "by-the-book") for t in rs.league_team_names(args.league)], fmt=fmt,
                                    options=C.league_options(rs.name, args.league), seed=args.seed)
        run = S.Progress()
        prof = cProfile.Profile() if args.cprofile else None
        t0, c0 = time.perf_counter(), time.thread_time()
        if prof:
            prof.enable()
        S.Simulations._run(run, store, None, comp.name, "", args.mine)
        if prof:
            prof.disable()
        wall, cpu = time.perf_counter() - t0, time.thread_time() - c0
    n = count[0]
    print(f"{rs.title}, {args.league}: {n} games, {cpu:.1f} s CPU, {wall:.1f} s wall-clock, "
          f"{1000 * cpu / n:.1f} ms CPU a game; engines: {compiled.status().line()}"
          f" ({len(compiled.compiled_modules_loaded())} compiled modules loaded)"
          + ("; the wait on people checked at every step" if args.gate else ""))
    if run.error and run.error != "Enough":
        print(f"(the loop ended: {run.error})")
    parts["play"] -= parts["coaches"]  # (the coaches' choices are made inside play_game)
    inside = sum(parts.values())
    for name, what in (("next round", "next round"), ("task", "task"), ("build", "build"), ("play", "the engine"),
                       ("coaches", "the coaches"), ("box", "box"), ("facts", "facts"), ("store", "store"),
                       ("advance", "advance")):
        print(f"  {what:11s} {1000 * parts[name] / n:7.2f} ms a game  {100 * parts[name] / cpu:5.1f}%")
    print(f"  {'the rest':11s} {1000 * (cpu - inside) / n:7.2f} ms a game  {100 * (cpu - inside) / cpu:5.1f}%")
    if prof:
        pstats.Stats(prof).sort_stats("tottime").print_stats(args.cprofile)


if __name__ == "__main__":
    main()
