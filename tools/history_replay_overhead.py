"""CPU seconds of a season replay's first N games, played inline in one process: the games themselves
(the engine and the coaches) against what ``Competition.play`` does around them (schedule, availability
context, carried-over states, tasks, storing) - docs/history.md, "Usage ATTEMPTS", replay speed.

    python tools/history_replay_overhead.py LEAGUE_DIR [--games 300] [--ruleset statispro]

CPU time (``time.process_time``), not wall: on a shared machine the wall clock measures the load.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path


def measure(league: str, games: int, ruleset: str = "statispro") -> dict[str, float]:
    from coachgym import rulesets
    from coachgym.core.runner import InlineBackend
    from coachgym.series.competition import Competition, ScheduledGame, league_season_format
    from coachgym.store import Store

    rs = rulesets.get(ruleset)
    fmt = league_season_format(rs.name, league, 0, None, True)
    teams = rs.league_team_names(league)
    game_cpu = [0.0]
    run = ScheduledGame.run

    def timed(self):
        a = time.process_time()
        try:
            return run(self)
        finally:
            game_cpu[0] += time.process_time() - a

    ScheduledGame.run = timed  # type: ignore[method-assign]
    try:
        with tempfile.TemporaryDirectory() as d, Store(Path(d) / "overhead.sqlite3") as store:
            comp = Competition.create(store, name="overhead", kind="season", ruleset=rs.name,
                                      teams=[(t, "by-the-book") for t in teams], fmt=fmt, seed=0, options={})
            a, w = time.process_time(), time.time()
            played = comp.play(InlineBackend(), max_games=games)
            cpu, wall = time.process_time() - a, time.time() - w
    finally:
        ScheduledGame.run = run  # type: ignore[method-assign]
    return {"games": played, "cpu_s": cpu, "games_cpu_s": game_cpu[0], "around_cpu_s": cpu - game_cpu[0],
            "around_ms_a_game": 1000 * (cpu - game_cpu[0]) / max(1, played), "wall_s": wall}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("league")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--ruleset", default="statispro")
    a = ap.parse_args(argv)
    m = measure(a.league, a.games, a.ruleset)
    print(f"{m['games']} games: {m['cpu_s']:.1f} s CPU in play(), of which the games {m['games_cpu_s']:.1f} s, "
          f"around them {m['around_cpu_s']:.1f} s ({m['around_ms_a_game']:.1f} ms a game); wall {m['wall_s']:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
