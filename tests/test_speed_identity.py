"""Speed work must not change a single roll or a single observation (issue 25).

For every ruleset, seeded env episodes (a random legal agent on a random side against by-the-book)
and seeded by-the-book games are reduced to digests: of every observation's bytes, mask, reward and
end flag, and of every play-by-play line and the box score. The digests were recorded with the code
before the speed work (commit c6b6213); a faster encoder, env or engine must reproduce them bit for
bit. A rule change that moves them on purpose re-records them with
``COACHGYM_UPDATE_GOLDEN=1 python -m pytest tests/test_speed_identity.py`` (and bumps versions).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

from coachgym import (
    envs,  # noqa: F401  (registers the env ids)
    rulesets,
)
from coachgym.core.match import play_game

GOLDEN = Path(__file__).parent / "golden" / "speed_identity.json"
RULESETS = ("statispro", "valueadd", "fuba", "fourthstreet")
CASES = {  # ruleset -> rule options of a second configuration (the first is the defaults)
    "statispro": {"league": "fiba"},
    "valueadd": {"home_court": True},
    "fuba": {"weather": True},
    "fourthstreet": {"zone_defense": True},
}
ENV_STEPS = 1500


def _digest(*parts: bytes) -> str:
    h = hashlib.blake2b(digest_size=8)
    for p in parts:
        h.update(p)
    return h.hexdigest()


def env_digests(ruleset: str, options: dict | None, seed: int, steps: int = ENV_STEPS) -> list[str]:
    rs = rulesets.get(ruleset)
    env = gym.make(rs.env_id, opponent="by-the-book", agent_side="random", rule_options=options or None).unwrapped
    rng = random.Random(seed)
    obs, info = env.reset(seed=seed)
    out = [_digest(obs.tobytes(), info["action_mask"].tobytes())]
    for _ in range(steps):
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, term, trunc, info = env.step(int(legal[rng.randrange(len(legal))]))
        out.append(_digest(obs.tobytes(), info["action_mask"].tobytes(), repr((reward, term, trunc)).encode()))
        if term or trunc:
            obs, info = env.reset()
            out.append(_digest(obs.tobytes(), info["action_mask"].tobytes()))
    return out


def game_digest(ruleset: str, options: dict | None, seed: int) -> str:
    rs = rulesets.get(ruleset)
    game = rs.new_game(*rs.default_teams, seed=seed, options=options or None)
    play_game(game, rs.coach("by-the-book", seed=seed + 1), rs.coach("by-the-book", seed=seed + 2), seed=seed)
    text = "\n".join(game.play_by_play()) + json.dumps(game.box_score().to_dict(), sort_keys=True)
    return _digest(text.encode())


def record(ruleset: str) -> dict:
    return {"env": [env_digests(ruleset, o, seed) for seed, o in ((3, None), (4, CASES[ruleset] or None))],
            "games": [game_digest(ruleset, o, seed) for seed, o in ((5, None), (6, CASES[ruleset] or None))]}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_observations_masks_rewards_and_games_are_as_before_the_speed_work(ruleset):
    got = record(ruleset)
    if os.environ.get("COACHGYM_UPDATE_GOLDEN") == "1":
        data = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
        data[ruleset] = got
        GOLDEN.write_text(json.dumps(data, indent=0) + "\n")
    want = json.loads(GOLDEN.read_text())[ruleset]
    for k, (g, w) in enumerate(zip(got["env"], want["env"])):
        first = next((i for i, (a, b) in enumerate(zip(g, w)) if a != b), None)
        assert first is None, f"{ruleset} env run {k}: step {first} differs (observation, mask, reward or end)"
        assert len(g) == len(w)
    assert got["games"] == want["games"], f"{ruleset}: a seeded by-the-book game's play-by-play or box score differs"


def test_the_encoders_memo_lets_finished_games_go_and_stays_bounded():
    from coachgym.envs.valueadd import ValueAddEncoder

    rs = rulesets.get("valueadd")
    enc = ValueAddEncoder()
    finished = []
    for seed in range(8):
        game = rs.new_game(seed=seed, record_events=False)
        enc.encode(game, 0)
        play_game(game, rs.coach("by-the-book", seed=1), rs.coach("by-the-book", seed=2))
        finished.append(game)
    assert len(enc._memos) == 8
    live = rs.new_game(seed=99, record_events=False)
    first = enc.encode(live, 0)
    assert [g for g, _ in enc._memos.values()] == [live]  # the finished games went first
    for seed in range(100, 200):  # never more than 64 games held, whatever comes
        enc.encode(rs.new_game(seed=seed, record_events=False), 1)
        assert len(enc._memos) <= 64
    assert enc.encode(live, 0).tobytes() == first.tobytes()  # a game that comes back is encoded the same
