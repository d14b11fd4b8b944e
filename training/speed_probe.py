"""One speed measurement of one ruleset, printed as one JSON line: the probe ``coachgym speed-compare``
runs, the same file, under the interpreter of each tree it compares (``python -I speed_probe.py
RULESET WHAT [N]``). It uses only the public API that every compared version has (``rulesets``,
``play_game``, ``gym.make``, ``Engine.resampled``, ``search.rollouts``, ``training.train``), so one
harness times the old code and the new.

WHAT is one of
* ``games``: N full games, by-the-book against by-the-book, events not recorded (as simulations
  run them; ``play_game``'s loop): games per CPU-second.
* ``env``: N Gymnasium env steps, a random legal agent (Python's ``random`` over the mask in
  ``info``) against by-the-book: env steps per CPU-second.
* ``search``: N rollouts as the search coach runs them (``search.rollouts.run_rounds``: a resampled
  copy of a mid-game position, the option played, then by-the-book rollout coaches for 40
  decisions), spread over positions of one recorded game: rollouts per CPU-second.
* ``train``: a PPO training run of N env steps with the ruleset's shipped config (its vectorized
  env and workers; no behaviour cloning, evaluation or checkpoints): env steps per wall-clock second
  and per CPU-second (learner and workers), and the peak resident memory of the learner
  (``ru_maxrss``) and of the largest env worker process (``VmHWM`` from /proc, read while it runs;
  none where the config plays its games in the learner's process).
* ``memory``: the peak memory (tracemalloc) of one game in flight: a by-the-book game played to the
  end as a simulation runs it, and one env episode (game, coaches and observations).
"""

from __future__ import annotations

import json
import os
import random
import resource
import sys
import threading
import time
import tracemalloc


def _games(name: str, n: int) -> dict:
    from coachgym import rulesets

    rs = rulesets.get(name)
    home, away = (rs.load_team(t) for t in rs.default_teams)
    opts = rs.parse_options(None)
    a, b = rs.coach("by-the-book", seed=1), rs.coach("by-the-book", seed=2)
    decisions = 0
    c0 = time.process_time()
    for g in range(n):
        game = rs.new_game(home, away, seed=g, options=opts, record_events=False)
        coaches = (a, b)  # play_game's loop, counting the coach decisions
        a.reset(game, 0, None)
        b.reset(game, 1, None)
        while game.decision is not None:
            d = game.decision
            game.step(coaches[d.side].choose(game, d))
            decisions += 1
    cpu = time.process_time() - c0
    return {"games": n, "cpu": cpu, "games_per_cpu_second": n / cpu, "decisions_per_game": decisions / n}


def _env(name: str, n: int) -> dict:
    import gymnasium as gym

    from coachgym import (
        envs,  # noqa: F401  (registers the ids)
        rulesets,
    )

    rs = rulesets.get(name)
    env = gym.make(rs.env_id, opponent="by-the-book").unwrapped
    rng = random.Random(0)
    _, info = env.reset(seed=0)
    episodes = 0
    c0 = time.process_time()
    for _ in range(n):
        legal = info["action_mask"].nonzero()[0]
        _, _, term, trunc, info = env.step(int(legal[rng.randrange(len(legal))]))
        if term or trunc:
            episodes += 1
            _, info = env.reset()
    cpu = time.process_time() - c0
    return {"steps": n, "cpu": cpu, "env_steps_per_cpu_second": n / cpu, "episodes": episodes}


def _search(name: str, n: int) -> dict:
    from coachgym import rulesets
    from coachgym.search.rollouts import Policies, run_rounds

    rs = rulesets.get(name)
    game = rs.new_game(*rs.default_teams, seed=7)
    book = (rs.coach("by-the-book", seed=1), rs.coach("by-the-book", seed=2))
    for side, c in enumerate(book):
        c.reset(game, side, side + 1)
    positions = []
    while game.decision is not None:
        if len(game.decision.legal) >= 2 and len(positions) < 400:
            positions.append(game.clone())
        game.step(book[game.decision.side].choose(game, game.decision))
    positions = positions[::max(1, len(positions) // 20)][:20]
    policies = {side: Policies(name, "book", side=side) for side in (0, 1)}
    done, r = 0, 0
    c0 = time.process_time()
    while done < n:
        for pos in positions:
            d = pos.decision
            actions = list(d.legal[:2])
            run_rounds(pos, d.side, actions, [r], seed=11, policies=policies[d.side], horizon=40)
            done += len(actions)
        r += 1
    cpu = time.process_time() - c0
    return {"rollouts": done, "cpu": cpu, "rollouts_per_cpu_second": done / cpu, "positions": len(positions)}


def _train(name: str, n: int) -> dict:
    import tempfile

    from coachgym.training import config as tc
    from coachgym.training.train import train

    cfg = tc.load(tc.default_config_path(name))
    cfg.data.update({"total_timesteps": n, "checkpoint_every": 0, "tensorboard": False})
    cfg.data["pretrain"]["coach"] = None
    cfg.data["evaluation"]["every"] = 0
    cfg.data["evaluation"]["games"] = 2
    peaks: dict[int, int] = {}
    stop = threading.Event()
    watcher = threading.Thread(target=_watch_children, args=(peaks, stop), daemon=True)
    watcher.start()
    with tempfile.TemporaryDirectory() as out:
        meta = train(cfg, out, progress=False)
    stop.set()
    watcher.join()
    cpu = meta.get("train_cpu_seconds")
    kib = 1 if sys.platform != "darwin" else 1 / 1024  # ru_maxrss: KiB on Linux, bytes on macOS
    return {"steps": meta["steps"], "train_steps_per_second": meta["train_steps_per_second"],
            "train_steps_per_cpu_second": meta["steps"] / cpu if cpu else None,
            "vec_env": cfg.data.get("vec_env"), "n_envs": cfg.data.get("n_envs"), "worker_processes": len(peaks),
            "learner_peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * kib / 1024,
            # None: the config plays its games in the learner's process (no worker)
            "worker_peak_mib": max(peaks.values()) / 1024 if peaks else None}


def _watch_children(peaks: dict, stop) -> None:
    """The peak resident memory (VmHWM, KiB) of every process this one started, read from /proc
    four times a second while training runs (Linux; elsewhere nothing is recorded)."""
    me = os.getpid()
    while not stop.wait(0.25):
        try:
            kids = set()
            for task in os.listdir(f"/proc/{me}/task"):
                with open(f"/proc/{me}/task/{task}/children") as f:
                    kids.update(int(x) for x in f.read().split())
            for pid in kids:
                with open(f"/proc/{pid}/status") as f:
                    for line in f:
                        if line.startswith("VmHWM:"):
                            peaks[pid] = max(peaks.get(pid, 0), int(line.split()[1]))
        except (OSError, ValueError):
            continue


def _memory(name: str, n: int) -> dict:
    import gymnasium as gym

    from coachgym import (
        envs,  # noqa: F401
        rulesets,
    )
    from coachgym.core.match import play_game

    rs = rulesets.get(name)
    home, away = (rs.load_team(t) for t in rs.default_teams)
    a, b = rs.coach("by-the-book", seed=1), rs.coach("by-the-book", seed=2)
    play_game(rs.new_game(home, away, seed=0, record_events=False), a, b)  # warm every cache first
    env = gym.make(rs.env_id, opponent="by-the-book").unwrapped
    env.reset(seed=0)
    tracemalloc.start()
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    play_game(rs.new_game(home, away, seed=1, record_events=False), a, b)
    game_peak = tracemalloc.get_traced_memory()[1] - base
    rng = random.Random(0)
    _, info = env.reset(seed=1)
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    while True:
        legal = info["action_mask"].nonzero()[0]
        _, _, term, trunc, info = env.step(int(legal[rng.randrange(len(legal))]))
        if term or trunc:
            break
    env_peak = tracemalloc.get_traced_memory()[1] - base
    tracemalloc.stop()
    return {"game_peak_kib": game_peak / 1024, "env_episode_peak_kib": env_peak / 1024}


PROBES = {"games": _games, "env": _env, "search": _search, "train": _train, "memory": _memory}


def main(argv: list[str]) -> None:
    name, what = argv[0], argv[1]
    n = int(argv[2]) if len(argv) > 2 else 0
    try:
        out = PROBES[what](name, n)
    except Exception as e:  # an old tree without this API: reported, not fatal
        out = {"error": f"{type(e).__name__}: {e}"}
    import coachgym

    try:  # how many compiled engine modules ran (coachgym compile); an old tree has none
        from coachgym.compiled import compiled_modules_loaded

        out["compiled_modules"] = len(compiled_modules_loaded())
    except ImportError:
        out["compiled_modules"] = 0
    out.update(ruleset=name, what=what, pid=os.getpid(), coachgym=os.path.dirname(coachgym.__file__))
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
