"""Speed benchmark: full games per second per core with scripted coaches, env steps per second.

Not a timed test: run ``coachgym speed <ruleset>`` and read the numbers.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .. import rulesets
from ..core.match import play_game


@dataclass
class SpeedReport:
    ruleset: str
    coach: str
    games: int
    seconds: float
    cpu_seconds: float
    decisions: int
    env_steps: int
    env_seconds: float
    env_cpu_seconds: float = 0.0
    clone_positions: int = 0  # mid-game positions the copy times were measured at
    clone_us: float = float("nan")  # Engine.clone(), microseconds per copy
    resampled_us: float = float("nan")  # Engine.resampled(seed, record_events=False): a searcher's copy
    json_us: float = float("nan")  # to_json() + from_json(), for comparison

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def games_per_cpu_second(self) -> float:
        return self.games / self.cpu_seconds

    @property
    def env_steps_per_second(self) -> float:
        return self.env_steps / self.env_seconds if self.env_seconds else float("nan")

    @property
    def env_steps_per_cpu_second(self) -> float:
        return self.env_steps / self.env_cpu_seconds if self.env_cpu_seconds else float("nan")

    def render(self) -> str:
        clone = (f"\n{self.ruleset}: clone {self.clone_us:.0f} us of CPU per copy (target 200 us; mean over "
                 f"{self.clone_positions} mid-game positions), resampled clone {self.resampled_us:.0f} us, "
                 f"JSON round trip {self.json_us:.0f} us"
                 if self.clone_positions else "")
        return (f"{self.ruleset}: {self.games} full games with {self.coach} coaches: {self.games_per_cpu_second:.0f} games per "
                f"CPU-second on one core ({self.games_per_second:.0f} games/s wall clock; "
                f"{self.decisions / self.games:.0f} coach decisions per game)\n"
                f"{self.ruleset}: {self.env_steps} Gymnasium env steps (random legal agent vs {self.coach}) in "
                f"{self.env_seconds:.2f} s = {self.env_steps_per_second:.0f} steps/s wall clock, "
                f"{self.env_steps_per_cpu_second:.0f} steps per CPU-second" + clone + "\n" + _engines_line())


def _engines_line() -> str:
    """Which engines ran: pure Python, or the compiled ones (coachgym compile) and how many modules."""
    from ..compiled import compiled_modules_loaded, status

    loaded = compiled_modules_loaded()
    if loaded:
        return f"engines: compiled ({len(loaded)} modules loaded; COACHGYM_PURE=1 for pure Python)"
    return status().line()


def copy_times(game_factory, home_coach, away_coach, positions: int = 40, repeats: int = 50) -> tuple[int, float, float, float]:
    """CPU microseconds per Engine.clone(), per resampled clone and per JSON round trip, averaged over
    ``positions`` positions spread over one recorded game (its log grows as a real game's does)."""
    game = game_factory()
    home_coach.reset(game, 0, 1)
    away_coach.reset(game, 1, 2)
    snapshots = []
    while game.decision is not None:
        snapshots.append(game.clone())
        game.step((home_coach, away_coach)[game.decision.side].choose(game, game.decision))
    step = max(1, len(snapshots) // positions)
    snapshots = snapshots[::step][:positions]
    cls = type(game)

    def per_copy(make, reps: int) -> float:
        t0 = time.process_time()  # CPU time: what a copy costs whatever else the machine runs
        for snap in snapshots:
            for _ in range(reps):
                make(snap)
        return (time.process_time() - t0) / (len(snapshots) * reps) * 1e6

    return (len(snapshots), per_copy(lambda g: g.clone(), repeats),
            per_copy(lambda g: g.resampled(12345, record_events=False), repeats),
            per_copy(lambda g: cls.from_json(g.to_json()), max(1, repeats // 10)))


def _bar(progress: bool, total: int, desc: str, unit: str):
    """A progress bar (stderr) for one phase of the measurement, or None."""
    if not progress:
        return None
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit=unit, leave=False, mininterval=0.5)


def measure(ruleset_name: str, games: int = 1000, coach: str = "by-the-book", env_steps: int = 20000,
            options: dict | None = None, seed: int = 0, clone_positions: int = 40,
            progress: bool = False) -> SpeedReport:
    """``progress``: a bar per phase, moved once per 1/50th of it (its cost stays out of the figures)."""
    rs = rulesets.get(ruleset_name)
    home, away = (rs.load_team(t) for t in rs.default_teams)
    opts = rs.parse_options(options)
    c_home, c_away = rs.coach(coach, seed=1), rs.coach(coach, seed=2)
    bar = _bar(progress, games, f"speed {ruleset_name}: games", "game")
    every = max(1, games // 50)
    t0, c0 = time.perf_counter(), time.process_time()
    for g in range(games):
        game = rs.new_game(home, away, seed=seed + g, options=opts, record_events=False)
        play_game(game, c_home, c_away)
        if bar is not None and (g + 1) % every == 0:
            bar.update(every)
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    if bar is not None:
        bar.close()
    # decisions per game, measured on a separate recorded game
    game = rs.new_game(home, away, seed=seed, options=opts)
    counter = {"n": 0}

    def count(_g):
        counter["n"] += 1

    play_game(game, c_home, c_away, on_event=count)
    decisions = counter["n"] * games

    steps, env_seconds, env_cpu = 0, 0.0, 0.0
    if env_steps:
        import gymnasium as gym
        import numpy as np

        from .. import envs  # noqa: F401  (registers the ids)

        env = gym.make(rs.env_id, opponent=coach, rule_options=options).unwrapped
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        bar = _bar(progress, env_steps, f"speed {ruleset_name}: env steps", "step")
        every = max(1, env_steps // 50)
        t0, c0 = time.perf_counter(), time.process_time()
        while steps < env_steps:
            legal = np.flatnonzero(env.action_masks())
            _, _, term, trunc, _ = env.step(int(rng.choice(legal)))
            steps += 1
            if term or trunc:
                env.reset()
            if bar is not None and steps % every == 0:
                bar.update(every)
        env_seconds, env_cpu = time.perf_counter() - t0, time.process_time() - c0
        if bar is not None:
            bar.close()
    report = SpeedReport(ruleset_name, coach, games, seconds, cpu, decisions, steps, env_seconds, env_cpu)
    if clone_positions:
        if progress:
            import sys

            print(f"speed {ruleset_name}: timing copies at {clone_positions} positions ...", file=sys.stderr)
        (report.clone_positions, report.clone_us, report.resampled_us,
         report.json_us) = copy_times(lambda: rs.new_game(home, away, seed=seed, options=opts), c_home, c_away,
                                      positions=clone_positions)
    return report


def pgo_workload(games: int = 12, env_steps: int = 1500, search_decisions: int = 4) -> None:
    """What the profile-guided build counts: full games (events recorded and not), env steps of a random
    legal agent and a few search-coach decisions, in every ruleset (about a minute; coachgym compile --pgo)."""
    import random

    import gymnasium as gym
    import numpy as np

    from .. import (
        envs,  # noqa: F401 - registers the env ids
        rulesets,
    )
    from ..core.match import play_game

    for rs in (rulesets.get(e.name) for e in rulesets.entries()):
        for g in range(games):
            game = rs.new_game(seed=g, record_events=g % 3 == 0)
            play_game(game, rs.coach("by-the-book", seed=g), rs.coach("by-the-book" if g % 2 else "random", seed=g + 1))
        env = gym.make(rs.env_id, opponent="by-the-book", agent_side="random").unwrapped
        rng = random.Random(1)
        obs, info = env.reset(seed=1)
        for _ in range(env_steps):
            legal = np.flatnonzero(info["action_mask"])
            obs, reward, term, trunc, info = env.step(int(legal[rng.randrange(len(legal))]))
            if term or trunc:
                obs, info = env.reset()
        game = rs.new_game(seed=7)
        coaches = (rs.coach("search:budget=8", seed=1), rs.coach("by-the-book", seed=2))
        coaches[0].reset(game, 0, 1)
        coaches[1].reset(game, 1, 2)
        asked = 0
        while game.decision is not None and asked < search_decisions:
            d = game.decision
            asked += d.side == 0 and len(d.legal) > 1
            game.step(coaches[d.side].choose(game, d))
