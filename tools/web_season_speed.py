"""How long a whole season of a league takes to simulate, the book coaching every team, in this
process (``Competition.play()``: the games the browser's season worker plays, one after another).

    python tools/web_season_speed.py fuba epl-2018-19            # the real fixture list, 380 games
    python tools/web_season_speed.py statispro nba-1993 --seed 5

Prints the games played, the wall-clock and CPU seconds, and the CPU time a game.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from coachgym import rulesets
from coachgym.series.competition import Competition, league_options, league_season_format
from coachgym.store import Store


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ruleset")
    ap.add_argument("league")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--games", type=int, default=None, help="games a team (default: the whole season)")
    args = ap.parse_args()
    rs = rulesets.get(args.ruleset)
    with tempfile.TemporaryDirectory() as tmp, Store(Path(tmp) / "speed.sqlite3") as store:
        comp = Competition.create(store, name="speed", kind="season", ruleset=rs.name,
                                  teams=[(t, "by-the-book") for t in rs.league_team_names(args.league)],
                                  fmt=league_season_format(rs.name, args.league, args.seed, args.games),
                                  options=league_options(rs.name, args.league), seed=args.seed)
        wall, cpu = time.perf_counter(), time.process_time()
        comp.play()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        n = len(comp.games)
    print(f"{rs.title}, {args.league}: {n} games in {wall:.1f} s wall-clock, {cpu:.1f} s CPU "
          f"({1000 * cpu / max(1, n):.0f} ms CPU a game)")


if __name__ == "__main__":
    main()
