"""Many games per process, one batched policy call: the training vector env (``vec_env: batched``).

stable-baselines3's ``SubprocVecEnv`` runs one game per process and talks to each process twice per
step (``step``, then MaskablePPO's ``env_method("action_masks")``), and the learner calls the
policy once per step for as many games as there are processes (two on a two-core machine). A coach's
step is cheap (0.1-0.4 ms of engine and encoding) next to that per-step overhead: the pipes,
pickling a full info dict (score, box score) per game per step, and a torch forward pass whose
fixed cost is the same for 2 observations as for 64.

:class:`BatchedVecEnv` keeps ``n_envs`` games in ``workers`` processes (or all in this process
with ``workers=0``). Each worker steps its share of the games in a loop and answers with one message:
the observations, rewards and dones as arrays, the action masks of the next decisions, and infos cut
down to what the learner reads (``episode`` from the Monitor, ``terminal_observation``,
``TimeLimit.truncated``, ``illegal_action``). So one policy call covers every game, one round trip per
worker covers a step, and ``action_masks`` is answered from the masks that came with the step.

What the learner sees is the same as with ``DummyVecEnv`` over the same environment functions:
the same observations, masks, rewards, dones and episode ends, step for step (the reset seeds work
the same way: ``seed(s)`` gives game ``i`` the seed ``s + i`` at the next ``reset``). Tested in
``tests/test_training_throughput.py``.
"""

from __future__ import annotations

import multiprocessing as mp
import os
from typing import Any, Callable, Sequence

import numpy as np

INFO_KEYS = ("episode", "is_success", "illegal_action")  # what the learner and its logger read


class _Group:
    """Games stepped one after another in one process, with SB3's auto-reset."""

    def __init__(self, envs: list, info_keys: Sequence[str]):
        self.envs = envs
        self.info_keys = tuple(info_keys)
        self.masks: np.ndarray | None = None

    def _masks(self) -> np.ndarray | None:
        try:
            return np.stack([e.get_wrapper_attr("action_masks")() for e in self.envs])
        except AttributeError:
            return None

    def reset(self, seeds_options: Sequence[tuple[int | None, dict | None]]):
        obs, infos = [], []
        for env, (seed, options) in zip(self.envs, seeds_options):
            o, info = env.reset(seed=seed, **({"options": options} if options else {}))
            obs.append(o)
            infos.append(info)
        self.masks = self._masks()
        return np.stack(obs), infos, self.masks

    def step(self, actions: np.ndarray):
        n = len(self.envs)
        obs = [None] * n
        rewards = np.zeros(n, dtype=np.float32)
        dones = np.zeros(n, dtype=bool)
        infos: list[dict] = [{}] * n
        reset_infos: list[dict] = [{}] * n
        keys = self.info_keys
        for i, (env, a) in enumerate(zip(self.envs, actions)):
            o, r, terminated, truncated, info = env.step(a)
            done = terminated or truncated
            slim = {k: info[k] for k in keys if k in info}
            slim["TimeLimit.truncated"] = truncated and not terminated
            if done:
                slim["terminal_observation"] = o
                o, reset_infos[i] = env.reset()
            obs[i] = o
            rewards[i] = r
            dones[i] = done
            infos[i] = slim
        self.masks = self._masks()
        return np.stack(obs), rewards, dones, infos, reset_infos, self.masks

    def call(self, cmd: str, data: Any):
        from stable_baselines3.common.env_util import is_wrapped

        if cmd == "env_method":
            name, args, kwargs, indices = data
            return [self.envs[i].get_wrapper_attr(name)(*args, **kwargs) for i in indices]
        if cmd == "get_attr":
            name, indices = data
            return [self.envs[i].get_wrapper_attr(name) for i in indices]
        if cmd == "set_attr":
            name, value, indices = data
            for i in indices:
                setattr(self.envs[i], name, value)
            return None
        if cmd == "has_attr":
            try:
                self.envs[0].get_wrapper_attr(data)
                return True
            except AttributeError:
                return False
        if cmd == "is_wrapped":
            wrapper, indices = data
            return [is_wrapped(self.envs[i], wrapper) for i in indices]
        if cmd == "render":
            return [e.render() for e in self.envs]
        if cmd == "spaces":
            return self.envs[0].observation_space, self.envs[0].action_space
        raise NotImplementedError(f"BatchedVecEnv: unknown command {cmd!r}")

    def close(self) -> None:
        for e in self.envs:
            e.close()


def _build(fns: Sequence[Callable]) -> list:
    from stable_baselines3.common.vec_env.patch_gym import _patch_env

    return [_patch_env(fn()) for fn in fns]


def _worker(remote, parent_remote, fns_wrapper, info_keys) -> None:
    from ..core.lifeline import die_with_parent

    die_with_parent()  # the learner killed (SIGKILL too): this worker ends with it
    parent_remote.close()
    group = _Group(_build(fns_wrapper.var), info_keys)
    while True:
        try:
            cmd, data = remote.recv()
        except (EOFError, KeyboardInterrupt):
            break
        try:
            if cmd == "step":
                remote.send(group.step(data))
            elif cmd == "reset":
                remote.send(group.reset(data))
            elif cmd == "close":
                group.close()
                remote.close()
                break
            else:
                remote.send(group.call(cmd, data))
        except Exception as exc:  # the learner raises it, with the worker's message
            remote.send(_WorkerError(f"{type(exc).__name__}: {exc}"))


class _WorkerError:
    def __init__(self, message: str):
        self.message = message


def _split(n: int, parts: int) -> list[range]:
    """Game indices per worker: ``n`` games in ``parts`` contiguous, near-equal ranges."""
    base, extra = divmod(n, parts)
    out, start = [], 0
    for k in range(parts):
        size = base + (k < extra)
        out.append(range(start, start + size))
        start += size
    return out


def default_workers(n_envs: int) -> int:
    """One worker per core (at most one per game); 0 (in this process) on a single core."""
    cores = os.cpu_count() or 1
    return 0 if cores < 2 else min(cores, n_envs)


def _vec_env_base():
    from stable_baselines3.common.vec_env import VecEnv

    return VecEnv


class BatchedVecEnv(_vec_env_base()):
    """``n_envs`` games in ``workers`` processes (``0``: in this process), stepped with one message
    per worker per step; see the module docstring. ``info_keys``: the info entries kept."""

    def __init__(self, env_fns: list[Callable], workers: int | None = None, start_method: str = "spawn",
                 info_keys: Sequence[str] = INFO_KEYS):
        from stable_baselines3.common.vec_env.base_vec_env import CloudpickleWrapper

        n = len(env_fns)
        self.workers = default_workers(n) if workers is None else max(0, min(int(workers), n))
        self.closed = False
        self.waiting = False
        self._masks: np.ndarray | None = None
        if self.workers == 0:
            self._local: _Group | None = _Group(_build(env_fns), info_keys)
            self._ranges = [range(n)]
            obs_space, act_space = self._local.call("spaces", None)
        else:
            self._local = None
            self._ranges = _split(n, self.workers)
            ctx = mp.get_context(start_method)
            self.remotes, work_remotes = zip(*[ctx.Pipe() for _ in range(self.workers)])
            self.processes = []
            for work_remote, remote, r in zip(work_remotes, self.remotes, self._ranges):
                args = (work_remote, remote, CloudpickleWrapper([env_fns[i] for i in r]), tuple(info_keys))
                p = ctx.Process(target=_worker, args=args, daemon=True)
                p.start()
                self.processes.append(p)
                work_remote.close()
            obs_space, act_space = self._ask([("spaces", None)] + [None] * (self.workers - 1))[0]
        from gymnasium import spaces

        if not isinstance(obs_space, spaces.Box):
            raise TypeError(f"BatchedVecEnv stacks Box observations; this env observes {obs_space}")
        super().__init__(n, obs_space, act_space)

    # ------------------------------------------------------------------ transport
    def _ask(self, messages: list):
        """Send each worker its message (``None``: nothing) and return the answers in order."""
        for remote, msg in zip(self.remotes, messages):
            if msg is not None:
                remote.send(msg)
        out = []
        for remote, msg in zip(self.remotes, messages):
            if msg is None:
                out.append(None)
                continue
            answer = remote.recv()
            if isinstance(answer, _WorkerError):
                raise RuntimeError(f"a BatchedVecEnv worker failed: {answer.message}")
            out.append(answer)
        return out

    def _per_worker(self, cmd: str, make: Callable[[list[int]], Any], indices) -> list:
        """Run ``cmd`` on the games ``indices``, ``make(local_indices)`` building each worker's data;
        the answers (lists) are put back in the order of ``indices``."""
        wanted = list(self._get_indices(indices))
        if self._local is not None:
            return self._local.call(cmd, make(wanted))
        messages, order = [], []
        for r in self._ranges:
            mine = [i for i in wanted if i in r]
            order.append(mine)
            messages.append((cmd, make([i - r.start for i in mine])) if mine else None)
        answers = self._ask(messages)
        if all(a is None for a in answers):  # set_attr: nothing to answer
            return None
        by_index = {}
        for mine, answer in zip(order, answers):
            for i, value in zip(mine, answer or ()):
                by_index[i] = value
        return [by_index[i] for i in wanted]

    # ------------------------------------------------------------------ VecEnv API
    def reset(self):
        pairs = list(zip(self._seeds, self._options))
        if self._local is not None:
            obs, infos, masks = self._local.reset(pairs)
            parts = [(obs, infos, masks)]
        else:
            parts = self._ask([("reset", [pairs[i] for i in r]) for r in self._ranges])
        self.reset_infos = [info for _, infos, _ in parts for info in infos]
        self._masks = self._concat([m for _, _, m in parts])
        self._reset_seeds()
        self._reset_options()
        return np.concatenate([o for o, _, _ in parts])

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions)
        if self._local is None:
            for remote, r in zip(self.remotes, self._ranges):
                remote.send(("step", self._actions[r.start:r.stop]))
        self.waiting = True

    def step_wait(self):
        if self._local is not None:
            parts = [self._local.step(self._actions)]
        else:
            parts = []
            for remote in self.remotes:
                answer = remote.recv()
                if isinstance(answer, _WorkerError):
                    self.waiting = False
                    raise RuntimeError(f"a BatchedVecEnv worker failed: {answer.message}")
                parts.append(answer)
        self.waiting = False
        obs = np.concatenate([p[0] for p in parts])
        rewards = np.concatenate([p[1] for p in parts])
        dones = np.concatenate([p[2] for p in parts])
        infos = [info for p in parts for info in p[3]]
        self.reset_infos = [info for p in parts for info in p[4]]
        self._masks = self._concat([p[5] for p in parts])
        return obs, rewards, dones, infos

    @staticmethod
    def _concat(masks: list) -> np.ndarray | None:
        return None if any(m is None for m in masks) else np.concatenate(masks)

    def env_method(self, method_name: str, *method_args, indices=None, **method_kwargs) -> list:
        if method_name == "action_masks" and self._masks is not None and not method_args and not method_kwargs:
            return list(self._masks[list(self._get_indices(indices))])  # came with the last step or reset
        return self._per_worker("env_method", lambda ix: (method_name, method_args, method_kwargs, ix), indices)

    def get_attr(self, attr_name: str, indices=None) -> list:
        return self._per_worker("get_attr", lambda ix: (attr_name, ix), indices)

    def set_attr(self, attr_name: str, value: Any, indices=None) -> None:
        self._per_worker("set_attr", lambda ix: (attr_name, value, ix), indices)

    def has_attr(self, attr_name: str) -> bool:
        if self._local is not None:
            return self._local.call("has_attr", attr_name)
        return self._ask([("has_attr", attr_name)] + [None] * (self.workers - 1))[0]

    def env_is_wrapped(self, wrapper_class, indices=None) -> list[bool]:
        return self._per_worker("is_wrapped", lambda ix: (wrapper_class, ix), indices)

    def get_images(self):  # pragma: no cover - coachgym envs render text
        raise NotImplementedError("coachgym envs render text (render_mode='ansi')")

    def close(self) -> None:
        if self.closed:
            return
        if self._local is not None:
            self._local.close()
        else:
            if self.waiting:
                for remote in self.remotes:
                    remote.recv()
            for remote in self.remotes:
                remote.send(("close", None))
            for p in self.processes:
                p.join()
        self.closed = True


def worker_pids(venv) -> list[int]:
    """The process ids of a vector env's worker processes (through ``VecNormalize``-style wrappers);
    empty for one that steps its games in this process."""
    while hasattr(venv, "venv"):
        venv = venv.venv
    return [p.pid for p in getattr(venv, "processes", []) if p.pid is not None]


def cpu_seconds(pids: Sequence[int] = ()) -> float | None:
    """CPU seconds (user + system) used so far by this process and the processes ``pids``, read from
    ``/proc`` (Linux); ``None`` where that cannot be read. Wall-clock figures on a shared machine
    depend on what else runs; CPU seconds per step much less."""
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total = 0.0
    for pid in ("self", *pids):
        try:
            with open(f"/proc/{pid}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
        except OSError:
            return None
        total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime (fields 14 and 15 of stat)
    return total



def lean_dummy_vec_env(env_fns: list[Callable]):
    """stable-baselines3's ``DummyVecEnv`` (``vec_env: dummy``) without its two ``deepcopy`` calls per
    step (issue 25): the observation buffer is copied with ``np.copy`` and the infos list is copied,
    not deep-copied, since a coachgym env returns a fresh info dict from every ``step`` (the learner reads
    it in that step). Observations, rewards, dones, infos and resets are those of ``DummyVecEnv``."""
    from stable_baselines3.common.vec_env import DummyVecEnv
    from stable_baselines3.common.vec_env.util import dict_to_obs

    class LeanDummyVecEnv(DummyVecEnv):
        def step_wait(self):
            for env_idx in range(self.num_envs):
                obs, self.buf_rews[env_idx], terminated, truncated, info = self.envs[env_idx].step(self.actions[env_idx])
                info = dict(info)  # the learner's own dict: the keys below are not written into the env's
                self.buf_infos[env_idx] = info
                self.buf_dones[env_idx] = terminated or truncated
                info["TimeLimit.truncated"] = truncated and not terminated
                if self.buf_dones[env_idx]:
                    info["terminal_observation"] = obs
                    obs, self.reset_infos[env_idx] = self.envs[env_idx].reset()
                self._save_obs(env_idx, obs)
            return self._obs_from_buf(), np.copy(self.buf_rews), np.copy(self.buf_dones), list(self.buf_infos)

        def _obs_from_buf(self):
            return dict_to_obs(self.observation_space, {k: np.copy(v) for k, v in self.buf_obs.items()})

    return LeanDummyVecEnv(env_fns)
