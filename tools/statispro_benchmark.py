"""Statis Pro speed: full games per second on one core, and env steps per second.

Run:  python tools/statispro_benchmark.py [seconds-per-measure]
"""

from __future__ import annotations

import sys
import time

import numpy as np

from coachgym.core.match import play_game
from coachgym.rules.statispro import RULESET


def games_per_second(coach: str, seconds: float) -> tuple[float, float]:
    """(games per wall-clock second, games per CPU second of this process)."""
    home, away = RULESET.load_team("knicks-1993"), RULESET.load_team("bulls-1993")  # team files read once
    n = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        g = RULESET.new_game(home, away, seed=n, record_events=False)
        play_game(g, RULESET.coach(coach, seed=n), RULESET.coach(coach, seed=n + 1), seed=n)
        n += 1
    return n / (time.perf_counter() - t0), n / (time.process_time() - c0)


def env_steps_per_second(seconds: float) -> float:
    import gymnasium as gym

    import coachgym.envs  # noqa: F401

    env = gym.make("coachgym/StatisProBasketball-v0", opponent="by-the-book")
    obs, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        legal = np.flatnonzero(info["action_mask"])
        obs, r, term, trunc, info = env.step(int(rng.choice(legal)))
        steps += 1
        if term or trunc:
            obs, info = env.reset()
    return steps / (time.perf_counter() - t0)


def main() -> None:
    s = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    for coach in ("first-legal", "by-the-book", "random"):
        wall, cpu = games_per_second(coach, s)
        print(f"full games per second ({coach} vs {coach}, no play-by-play): {wall:.1f} wall-clock, {cpu:.1f} per CPU second")
    print(f"env steps per second (random legal agent vs by-the-book): {env_steps_per_second(s):.0f}")


if __name__ == "__main__":
    main()
