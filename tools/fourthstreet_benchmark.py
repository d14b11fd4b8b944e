"""4th Street Basketball speed benchmark and game fingerprint.

    python tools/fourthstreet_benchmark.py speed 200        # games per CPU-second, best of 3 runs
    python tools/fourthstreet_benchmark.py fingerprint      # sha256 of 40 by-the-book + 24 random games

``speed`` plays the same games as ``coachgym speed fourthstreet`` (the two default teams,
by-the-book coaches, seeds 0..N-1, events not recorded) and reports the best of three runs in
games per CPU-second (``time.process_time``), which is less sensitive than the wall clock to the
other jobs on a shared machine. ``fingerprint`` hashes the final state and play-by-play of a fixed
set of games (all rule-option sets, both coaches): a speed-up that does not change the rules must
leave it unchanged.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time

from coachgym.agents.fourthstreet import ByTheBookCoach
from coachgym.core.coach import RandomCoach
from coachgym.core.match import play_game
from coachgym.rules.fourthstreet import RULESET

OPTION_SETS = [
    {},
    {"zone_defense": True},
    {"fatigue": False, "assists": False, "injuries": False, "strategies": False, "press": False},
    {"zone_defense": True, "three_second_rule": False, "offensive_rebound_reset": 14, "setup_seconds": 10,
     "three_point_line": False, "assist_makeup": False},
]


def speed(n: int, runs: int = 3) -> float:
    home, away = (RULESET.load_team(t) for t in RULESET.default_teams)
    best = 0.0
    for _ in range(runs):
        ch, ca = ByTheBookCoach(), ByTheBookCoach()
        c0 = time.process_time()
        for k in range(n):
            play_game(RULESET.new_game(home, away, seed=k, record_events=False), ch, ca)
        best = max(best, n / (time.process_time() - c0))
    return best


def fingerprint() -> str:
    names = RULESET.team_names()
    h = hashlib.sha256()
    for k in range(40):
        for rec in (True, False):
            g = RULESET.new_game(names[k % 4], names[(k + 1) % 4], seed=k, record_events=rec,
                                 options=OPTION_SETS[k % 4] if k % 2 else None)
            play_game(g, ByTheBookCoach(), ByTheBookCoach())
            s = json.loads(g.to_json())
            h.update(json.dumps(s["state"], sort_keys=True).encode())
            h.update(str(s["event_count"]).encode())
            if rec:
                h.update("\n".join(g.play_by_play()).encode())
    for k in range(24):
        g = RULESET.new_game(names[k % 4], names[(k + 2) % 4], seed=100 + k, record_events=True, options=OPTION_SETS[k % 4])
        play_game(g, RandomCoach(k), RandomCoach(k + 7))
        s = json.loads(g.to_json())
        h.update(json.dumps(s["state"], sort_keys=True).encode())
        h.update("\n".join(g.play_by_play()).encode())
    return h.hexdigest()


def main(argv: list[str]) -> None:
    if argv[:1] == ["speed"]:
        n = int(argv[1]) if len(argv) > 1 else 200
        print(f"fourthstreet: {n} by-the-book games, best of 3: {speed(n):.0f} games per CPU-second")
    elif argv[:1] == ["fingerprint"]:
        print(fingerprint())
    else:
        print(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
