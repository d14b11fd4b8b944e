"""Python bytecode instructions executed by a ruleset's by-the-book games (seeds 1-5) and 2,000 env
steps of a random legal agent (seed 3), counted with ``sys.settrace``'s opcode events: a measure of
the work done that the machine's load cannot move (not of its time: a slot read and an instance-dict
read are one instruction each). Run it under two trees' interpreters to compare them (docs/speed-journal.md):

    python tools/speed_opcodes.py fourthstreet
    ~/.cache/coachgym/speed-trees/<sha>/venv/bin/python -I tools/speed_opcodes.py fourthstreet
"""

from __future__ import annotations

import random
import sys
from typing import Any

COUNT = [0]


def _tracer(frame: Any, event: str, arg: Any) -> Any:
    frame.f_trace_opcodes = True
    if event == "opcode":
        COUNT[0] += 1
    return _tracer


def _counted(fn: Any) -> int:
    COUNT[0] = 0
    sys.settrace(_tracer)
    try:
        fn()
    finally:
        sys.settrace(None)
    return COUNT[0]


def main(argv: list[str]) -> int:
    import gymnasium as gym
    import numpy as np

    import coachgym
    from coachgym import envs, rulesets  # noqa: F401  (registers the env ids)
    from coachgym.core.match import play_game

    name = argv[0] if argv else "fourthstreet"
    rs = rulesets.get(name)
    games = []
    for seed in range(1, 6):
        g = rs.new_game(*rs.default_teams, seed=seed, record_events=False)
        a, b = rs.coach("by-the-book", seed=seed + 1), rs.coach("by-the-book", seed=seed + 2)
        games.append(_counted(lambda g=g, a=a, b=b, seed=seed: play_game(g, a, b, seed=seed)))
    env = gym.make(rs.env_id, opponent="by-the-book", agent_side="random").unwrapped
    rng = random.Random(3)
    _, info = env.reset(seed=3)

    def steps() -> None:
        nonlocal info
        for _ in range(2000):
            legal = np.flatnonzero(info["action_mask"])
            _, _, term, trunc, info = env.step(int(legal[rng.randrange(len(legal))]))
            if term or trunc:
                _, info = env.reset()

    env_count = _counted(steps)
    print(f"{coachgym.__file__}: {name} games {games} sum {sum(games):,}; 2,000 env steps {env_count:,}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
