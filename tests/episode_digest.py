"""Trajectory digests of the envs' episode flow (tests/test_episode_flow.py): seeded episodes of every
ruleset's Gymnasium env (by-the-book and random opponents, both reward modes, a random side, a team
pool, truncation, an illegal action), its PettingZoo AEC and parallel envs, and two academy scenarios
per ruleset (Gymnasium and AEC), each step's observation, mask, reward, end flags and info (keys and
values) folded into one sha256 per (ruleset, env kind). Played with seeded random legal actions, so
the same code gives the same digests; a change of the episode flow changes them.

``python tests/episode_digest.py`` prints the digests (to record them in the test).
"""

from __future__ import annotations

import hashlib
import importlib
import json

import numpy as np

from coachgym import rulesets


def _fold(h, *parts) -> None:
    for p in parts:
        if isinstance(p, np.ndarray):
            h.update(p.dtype.str.encode() + p.tobytes())
        else:
            h.update(repr(p).encode())
        h.update(b"|")


def _info(h, info: dict) -> None:
    for key in sorted(info):
        value = info[key]
        if key == "box_score":
            value = json.dumps(value, sort_keys=True, default=str)
        _fold(h, key, value)


def _gym_episode(h, env, seed: int, steps: int, illegal_at: int | None = None) -> None:
    obs, info = env.reset(seed=seed)
    _fold(h, "reset", obs, env.action_masks())
    _info(h, info)
    rng = np.random.default_rng(seed)
    for i in range(steps):
        mask = info["action_mask"]
        if illegal_at is not None and i == illegal_at:
            action = int(np.flatnonzero(~mask)[0]) if (~mask).any() else env.action_space.n + 3
        else:
            action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, term, trunc, info = env.step(action)
        _fold(h, action, obs, env.action_masks(), float(reward), term, trunc)
        _info(h, info)
        if term or trunc:
            break


def _aec_episode(h, env, seed: int, steps: int, illegal_at: int | None = None) -> None:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for i in range(steps):
        agent = env.agent_selection
        obs, reward, term, trunc, info = env.last()
        _fold(h, agent, obs["observation"], obs["action_mask"], float(reward), term, trunc)
        _info(h, info)
        if term or trunc:
            env.step(None)
            if not env.agents:
                break
            continue
        if illegal_at is not None and i == illegal_at:
            env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        _fold(h, dict(env.rewards), dict(env._cumulative_rewards), dict(env.terminations), dict(env.truncations))
        for a in sorted(env.infos):
            _info(h, env.infos[a])


def _parallel_episode(h, env, seed: int, steps: int) -> None:
    obs, infos = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents}
        obs, rewards, terms, truncs, infos = env.step(actions)
        for a in sorted(obs):
            _fold(h, a, obs[a]["observation"], obs[a]["action_mask"], rewards[a], terms[a], truncs[a])
            _info(h, infos[a])
        if not env.agents:
            break


def ruleset_digests(name: str) -> dict[str, str]:
    rs = rulesets.get(name)
    cls = rs.part("env")
    module = importlib.import_module(cls.__module__)
    out = {}
    h = hashlib.sha256()
    for seed, kw, steps in ((1, {}, 80), (2, {"opponent": "random", "reward": "margin"}, 100000),
                            (3, {"agent_side": "random", "max_decisions": 40}, 100),
                            (4, {"agent_side": "away", "team_pool": list(rs.default_teams[:2]), "reward": "margin"}, 60)):
        _gym_episode(h, cls(**kw), seed, steps)
    _gym_episode(h, cls(opponent="random"), 5, 30, illegal_at=12)
    out["gym"] = h.hexdigest()
    h = hashlib.sha256()
    _aec_episode(h, module.env(), 6, 100000)
    _aec_episode(h, module.env(team_pool=list(rs.default_teams[:2])), 7, 120)
    _aec_episode(h, module.env(), 9, 100, illegal_at=7)
    out["aec"] = h.hexdigest()
    h = hashlib.sha256()
    _parallel_episode(h, module.parallel_env(max_cycles=50), 8, 100)
    out["parallel"] = h.hexdigest()
    return out


def academy_digests(name: str) -> dict[str, str]:
    from coachgym.envs import academy as A

    out = {}
    scs = A.scenarios(name)
    picks = [next(s for s in scs if s.reward == "win" and s.id.endswith("full-game") is False),
             next(s for s in scs if s.reward == "margin")]
    for sc in picks:
        h = hashlib.sha256()
        for seed, kw in ((1, {}), (2, {"opponent": "random"}), (3, {"max_decisions": 5})):
            _gym_episode(h, A.make(sc.id, **kw), seed, 100000)
        _gym_episode(h, A.make(sc.id, opponent="random"), 4, 100000, illegal_at=2)
        env = A.make(sc.id)
        for seed in (5, 6):
            env.reset(seed=seed)
            _fold(h, env.position.index, env.start_margin, env.score())
        out[f"academy-gym {sc.id}"] = h.hexdigest()
        h = hashlib.sha256()
        for seed in (7, 8):
            env = A.aec_env(sc.id)
            _aec_episode(h, env, seed, 100000)
            _fold(h, env.unwrapped.start_score, env.unwrapped.game.score)
        out[f"academy-aec {sc.id}"] = h.hexdigest()
    return out


def all_digests() -> dict[str, dict[str, str]]:
    from coachgym.envs import academy as A

    out = {}
    for rs in rulesets.all_rulesets():
        d = ruleset_digests(rs.name)
        if rs.name in A.RULESETS:
            d.update(academy_digests(rs.name))
        out[rs.name] = d
    return out


if __name__ == "__main__":
    import sys
    import time

    names = sys.argv[1:] or [rs.name for rs in rulesets.all_rulesets()]
    from coachgym.envs import academy as A

    for n in names:
        t = time.process_time()
        d = ruleset_digests(n)
        if n in A.RULESETS:
            d.update(academy_digests(n))
        print(json.dumps({n: d}, indent=1), f"# {time.process_time() - t:.1f} CPU s", flush=True)
