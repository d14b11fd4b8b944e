"""FUBA figures: goals and turns per match (by the book v by the book) and speed.

    python tools/fuba_benchmark.py --games 1000            # realism, basic and all advanced rules
    python tools/fuba_benchmark.py --speed                 # matches and env steps per CPU second

Deterministic: the same arguments give the same goals per match.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace

import numpy as np

from coachgym.agents.fuba import ByTheBookCoach
from coachgym.core.coach import RandomCoach
from coachgym.core.match import play_game, run_match
from coachgym.rules.fuba import RULESET, FubaOptions


def realism(games: int, label: str, options) -> None:
    def new_game(home, away, seed, record_events):
        return RULESET.new_game(home, away, seed=seed, options=options, record_events=record_events)

    t = time.process_time()
    res = run_match(new_game, ByTheBookCoach(1), ByTheBookCoach(2), games=games, seed=42)
    cpu = time.process_time() - t
    goals = [g.home_score + g.away_score for g in res.games]
    m, sd = statistics.mean(goals), statistics.stdev(goals)
    half = 1.96 * sd / games ** 0.5
    box = res.average_box()
    turns = box["A"].get("TRN", 0) + box["B"].get("TRN", 0)
    cards = (box["A"].get("YC", 0) + box["B"].get("YC", 0), box["A"].get("RC", 0) + box["B"].get("RC", 0))
    print(f"{label}: {games} matches, goals/match {m:.2f} (95% CI {m - half:.2f}-{m + half:.2f}), "
          f"turns/match {turns:.1f}, yellow/red cards per match {cards[0]:.2f}/{cards[1]:.2f}, cpu {cpu:.1f}s")


def speed() -> None:
    import gymnasium as gym

    import coachgym.envs  # noqa: F401

    for label, opts, coaches in (
            ("random v random, basic", None, lambda i: (RandomCoach(i), RandomCoach(i + 1))),
            ("random v random, all advanced", FubaOptions.all_advanced(), lambda i: (RandomCoach(i), RandomCoach(i + 1))),
            ("by the book v by the book, basic", None, lambda i: (ByTheBookCoach(i), ByTheBookCoach(i + 1)))):
        t = time.process_time()
        n = 200
        for i in range(n):
            g = RULESET.new_game(seed=i, options=opts, record_events=False)
            play_game(g, *coaches(i))
        cpu = time.process_time() - t
        print(f"{label}: {n / cpu:.1f} matches per CPU second")
    for opp in ("random", "by-the-book"):
        env = gym.make("coachgym/FUBA-v0", opponent=opp).unwrapped
        obs, info = env.reset(seed=0)
        rng = np.random.default_rng(0)
        t = time.process_time()
        for _ in range(20_000):
            obs, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            if term or trunc:
                obs, info = env.reset()
        print(f"env steps per CPU second (random masked agent v {opp}): {20_000 / (time.process_time() - t):.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=0, help="matches per realism run (0: skip)")
    ap.add_argument("--speed", action="store_true")
    a = ap.parse_args()
    if a.games:
        realism(a.games, "basic rules", None)
        realism(a.games, "A1-A11 and A13 (no skills)", replace(FubaOptions.all_advanced(), skills=False))
        realism(a.games, "all advanced rules, bundled teams' skills", FubaOptions.all_advanced())
    if a.speed:
        speed()


if __name__ == "__main__":
    main()
