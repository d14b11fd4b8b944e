"""Train a coach: MaskablePPO (default), PPO or DQN on a coachgym env, from a YAML config.

Output folder (``--out``): ``model.zip`` (stable-baselines3, to resume or fine-tune), ``model.npz`` (the
policy as NumPy arrays: safe to load, plays without torch), ``model.json`` (metadata of both), ``config.yaml``, ``eval.json``
(evaluations against the scripted coaches), ``learning_curve.png``, ``checkpoints/`` (resumable),
``selfplay/`` (the self-play opponent pool), ``tb/`` (TensorBoard logs).
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, is_dataclass
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from .. import rulesets
from ..core.errors import ConfigError, ModelMismatchError
from ..core.match import run_match
from . import metadata as md
from .advice import scope_of
from .coach import PolicyCoach, TrainedCoach
from .config import TrainConfig, update_threads

SELFPLAY_DIR = "selfplay"


def _options_dict(ruleset: str, options: dict) -> dict:
    opts = rulesets.get(ruleset).parse_options(options)
    return asdict(opts) if is_dataclass(opts) else dict(options)


class SelfPlayOpponents:
    """Opponent factory for the env: the configured coach(es), or with some probability a past
    snapshot of the learner from ``<out>/selfplay/`` (a file pool, so it works across processes)."""

    def __init__(self, ruleset: str, base: Any, pool_dir: str, probability: float):
        self.ruleset = ruleset
        self.base = base
        self.pool_dir = pool_dir
        self.probability = probability

    def __call__(self, rng: np.random.Generator):
        snaps = sorted(Path(self.pool_dir).glob("*.npz")) if os.path.isdir(self.pool_dir) else []
        if snaps and rng.random() < self.probability:
            return TrainedCoach(snaps[int(rng.integers(len(snaps)))], self.ruleset, name="self-play")
        if isinstance(self.base, list):
            return self.base[int(rng.integers(len(self.base)))]
        return self.base


def make_env(cfg: TrainConfig, rank: int, out: Path | None):
    def _init():
        import multiprocessing
        import signal

        import gymnasium as gym
        from stable_baselines3.common.monitor import Monitor

        from .. import envs  # noqa: F401

        if multiprocessing.current_process().name != "MainProcess":
            # an env worker (SubprocVecEnv): Ctrl-C is the learner's to handle (it saves the model),
            # not the worker's; and the learner killed by any signal (SIGKILL too) ends the worker
            from ..core.lifeline import die_with_parent

            signal.signal(signal.SIGINT, signal.SIG_IGN)
            die_with_parent()

        e = cfg["env"]
        opponent: Any = e["opponent"]
        if cfg["self_play"]["enabled"] and out is not None:
            opponent = SelfPlayOpponents(cfg.ruleset, opponent, str(out / SELFPLAY_DIR), cfg["self_play"]["probability"])
        env = gym.make(rulesets.get(cfg.ruleset).env_id, agent_side=e["agent_side"], opponent=opponent,
                       home=e["home"], away=e["away"], team_pool=e["team_pool"], rule_options=e["rule_options"],
                       reward=e["reward"], margin_scale=e["margin_scale"], max_decisions=e["max_decisions"])
        if cfg["advice"]:
            from .advice import advice_wrapper

            env = advice_wrapper(env, cfg.ruleset, cfg["advice"], **scope_of(cfg.data))
        env = Monitor(env)
        env.reset(seed=cfg["seed"] * 1000 + rank)
        return env

    return _init


def build_vec_env(cfg: TrainConfig, out: Path | None):
    from stable_baselines3.common.vec_env import SubprocVecEnv, VecNormalize

    fns = [make_env(cfg, i, out) for i in range(cfg["n_envs"])]
    kind = cfg["vec_env"]
    if kind == "auto":
        kind = "subproc" if cfg["n_envs"] > 1 and (os.cpu_count() or 1) > 1 else "dummy"
    if kind == "batched":
        from .vecenv import BatchedVecEnv

        venv = BatchedVecEnv(fns, workers=cfg["workers"])
    else:
        from .vecenv import lean_dummy_vec_env

        venv = SubprocVecEnv(fns, start_method="spawn") if kind == "subproc" else lean_dummy_vec_env(fns)
    if cfg["normalize_observations"]:
        venv = VecNormalize(venv, norm_obs=True, norm_reward=False)
    return venv


def _algo_class(algo: str):
    if algo == "maskable_ppo":
        from sb3_contrib import MaskablePPO

        return MaskablePPO
    if algo == "ppo":
        from stable_baselines3 import PPO

        return PPO
    from stable_baselines3 import DQN

    return DQN


def _obs_norm(venv) -> dict | None:
    from stable_baselines3.common.vec_env import VecNormalize

    if isinstance(venv, VecNormalize):
        rms = venv.obs_rms
        return {"mean": rms.mean.tolist(), "var": rms.var.tolist(), "epsilon": venv.epsilon, "clip": venv.clip_obs}
    return None


def export_policy(model, venv, path: str | Path) -> Path:
    """Write the policy network as NumPy arrays (``.npz``, see :mod:`.policy_file`)."""
    from .policy_file import from_sb3

    norm = _obs_norm(venv)
    policy = from_sb3(model, norm)
    if policy is None:
        raise ConfigError("only flatten + MLP policies can be exported to .npz")
    return policy.save(path)


def evaluate(model, cfg: TrainConfig, venv, games: int, opponents: list[str], seed: int = 12345,
             team_pool: list[str] | None = None) -> list[dict]:
    """Mirror matches (paired seeds, benches swapped) of the policy against each scripted coach."""
    from ..envs import env_class

    rs = rulesets.get(cfg.ruleset)
    encoder = env_class(rs.env_id).encoder
    learner = PolicyCoach(model, encoder, cfg.algo, obs_norm=_obs_norm(venv), name="trained", ruleset=rs.name,
                          advice=cfg["advice"], **scope_of(cfg.data))
    options = cfg["env"]["rule_options"]
    pool = team_pool or cfg["env"]["team_pool"] or [cfg["env"]["home"] or rs.default_teams[0], cfg["env"]["away"] or rs.default_teams[1]]
    teams = [(rs.load_team(h), rs.load_team(h)) for h in pool]  # mirror: the same team at both ends
    results = []
    for name in opponents:
        opp = rs.coach(name, seed=seed)

        def new_game(h, a, seed, record_events=False):
            return rs.new_game(h, a, seed=seed, options=options, record_events=record_events)

        r = run_match(new_game, learner, opp, games=games, seed=seed, teams=teams, keep_box=False)
        results.append({"opponent": name, **r.stats()})
    return results


def save_checkpoint(model, folder: Path) -> Path:
    """``folder/model_STEPS_steps.zip``, written whole or not at all: the model is saved under a name
    no reader takes for a checkpoint and then renamed, so a process killed while saving (a Ray worker
    lost mid-run, Ctrl-C twice) never leaves a checkpoint cut short under the name a resume looks for."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"model_{int(model.num_timesteps)}_steps.zip"
    part = folder / f".{path.stem}.part.zip"
    try:
        model.save(str(part))
        os.replace(part, path)
    except BaseException:
        part.unlink(missing_ok=True)
        raise
    return path


def _callbacks(cfg: TrainConfig, out: Path, venv, history: list, started: float, progress: bool = False,
               update: int = 1):
    """``update``: the torch threads of the PPO update (``update_threads``, resolved)."""
    from stable_baselines3.common.callbacks import BaseCallback, CallbackList

    n_envs = cfg["n_envs"]

    class EvalAndSelfPlay(BaseCallback):
        next_eval = next_snap = 0

        def _on_training_start(self) -> None:
            # the first multiples of the periods after the steps done: a resumed run continues its schedule
            done = self.model.num_timesteps
            self.next_eval = (done // (cfg["evaluation"]["every"] or 1) + 1) * cfg["evaluation"]["every"]
            self.next_snap = (done // (cfg["self_play"]["snapshot_every"] or 1) + 1) * cfg["self_play"]["snapshot_every"]

        def _on_step(self) -> bool:
            steps = self.num_timesteps
            if cfg["evaluation"]["every"] and steps >= self.next_eval:
                self.next_eval += cfg["evaluation"]["every"]
                res = evaluate(self.model, cfg, venv, cfg["evaluation"]["games"], cfg["evaluation"]["opponents"],
                               seed=cfg["evaluation"]["seed"])
                entry = {"steps": steps, "seconds": round(time.time() - started, 1), "results": res}
                history.append(entry)
                (out / "eval.json").write_text(json.dumps(history, indent=2))
                for r in res:
                    self.logger.record(f"eval/win_rate_vs_{r['opponent']}", r["win_rate"])
                    self.logger.record(f"eval/margin_vs_{r['opponent']}", r["mean_margin"])
            if cfg["self_play"]["enabled"] and steps >= self.next_snap:
                self.next_snap += cfg["self_play"]["snapshot_every"]
                pool = out / SELFPLAY_DIR
                pool.mkdir(exist_ok=True)
                path = pool / f"snap_{steps:09d}.npz"
                export_policy(self.model, venv, path)
                md.save(path, md.build(cfg.ruleset, config=cfg.to_dict(), seed=cfg["seed"], steps=steps,
                                       rule_options=_options_dict(cfg.ruleset, cfg["env"]["rule_options"]),
                                       note="self-play snapshot"))
                snaps = sorted(pool.glob("*.npz"))
                for old in snaps[: max(0, len(snaps) - cfg["self_play"]["pool_size"])]:
                    old.unlink()
                    md.metadata_path(old).unlink(missing_ok=True)
            return True

    class Progress(BaseCallback):
        """A tqdm bar over the environment steps (stable-baselines3's own bar needs ``rich``)."""

        def __init__(self, total: int):
            super().__init__()
            self.total = total
            self.bar = None

        def _on_training_start(self) -> None:
            from tqdm import tqdm

            self.bar = tqdm(total=self.total, initial=min(self.total, self.model.num_timesteps),
                            desc=f"training {cfg.ruleset} ({cfg.algo})", unit="step", dynamic_ncols=True)

        def _on_step(self) -> bool:
            if self.bar is not None:
                self.bar.update(self.model.num_timesteps - self.bar.n)
            return True

        def _on_training_end(self) -> None:
            if self.bar is not None:
                self.bar.close()

    class UpdateThreads(BaseCallback):
        """More torch threads for the PPO update, while the games wait for it; back to
        ``torch_threads`` for the rollout, whose policy calls share the cores with the env workers."""

        def __init__(self, rollout: int, update: int):
            super().__init__()
            self.rollout, self.update = rollout, update

        def _on_rollout_start(self) -> None:
            import torch

            torch.set_num_threads(self.rollout)

        def _on_rollout_end(self) -> None:
            import torch

            torch.set_num_threads(self.update)

        def _on_step(self) -> bool:
            return True

    callbacks = [EvalAndSelfPlay()]
    if update != cfg["torch_threads"]:
        callbacks.append(UpdateThreads(cfg["torch_threads"], update))
    if progress:
        callbacks.append(Progress(cfg["total_timesteps"]))
    if cfg["checkpoint_every"]:
        every = max(1, cfg["checkpoint_every"] // n_envs)

        class Checkpoints(BaseCallback):  # (stable-baselines3's CheckpointCallback, saving whole or not at all)
            def _on_step(self) -> bool:
                if self.n_calls % every == 0:
                    save_checkpoint(self.model, out / "checkpoints")
                return True

        callbacks.append(Checkpoints())
    return CallbackList(callbacks)


def train(cfg: TrainConfig, out: str | Path, *, resume: str | Path | None = None, progress: bool = True,
          verbose: int = 0) -> dict:
    """Train per ``cfg``; returns the metadata written beside ``out/model.zip``."""
    from .checks import check_resume, resolve_device

    device = resolve_device(cfg)  # refused here, by name, where the machine lacks it (nothing written yet)
    if resume:
        check_resume(cfg, resume)  # the file fits this ruleset, algorithm and observation space
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "config.yaml").write_text(yaml.safe_dump(cfg.to_dict(), sort_keys=False))
    update = update_threads(cfg)  # (auto: resolved once, for the OpenMP setting, the callback and the metadata)
    if update > 1:
        # The update's extra threads sleep while they wait instead of spinning: OpenMP's default spin
        # made an update 1.8x slower when another process held a core, passive waiting costs nothing
        # on an idle machine (docs/speed.md, fourth round). OpenMP reads it when torch is first
        # imported, so it applies where this process has not imported torch yet; a setting of the
        # user's own stays.
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    import torch

    torch.set_num_threads(cfg["torch_threads"])  # small MLPs: one thread beats contention with the env workers
    venv = build_vec_env(cfg, out)
    Algo = _algo_class(cfg.algo)
    tb = None
    if cfg["tensorboard"]:
        try:
            import tensorboard  # noqa: F401

            tb = str(out / "tb")
        except ImportError:
            tb = None
    hp = dict(cfg["hyperparameters"])
    if resume:
        resume = Path(resume)
        if not resume.exists():
            raise ConfigError(f"--resume {resume}: no such checkpoint")
        model = Algo.load(str(resume), env=venv, device=device, tensorboard_log=tb)
        done = model.num_timesteps
    else:
        model = Algo("MlpPolicy", venv, seed=cfg["seed"], device=device, tensorboard_log=tb, verbose=verbose, **hp)
        done = 0
    if cfg.algo == "maskable_ppo":
        from .rollout_forward import install

        install(model)  # the same actions, values and log-probabilities, without the per-step overhead
    pretrain_report = None
    pre = cfg["pretrain"]
    if pre["coach"] and not resume:
        from ..envs import env_class
        from .pretrain import behaviour_clone, collect

        e = cfg["env"]
        data = collect(cfg.ruleset, pre["coach"], pre["games"], cfg["seed"], env_class(rulesets.get(cfg.ruleset).env_id).encoder,
                       e["team_pool"], e["rule_options"], float(hp.get("gamma", 0.99)), reward=e["reward"],
                       margin_scale=e["margin_scale"], progress=progress, advice=cfg["advice"], **scope_of(cfg.data))
        pretrain_report = behaviour_clone(model, data, pre["epochs"], lr=pre["learning_rate"], seed=cfg["seed"],
                                          label_smoothing=pre["label_smoothing"])
        pretrain_report["games"] = pre["games"]
        pretrain_report["coach"] = pre["coach"]
        pre_eval = evaluate(model, cfg, venv, cfg["evaluation"]["games"], cfg["evaluation"]["opponents"],
                            seed=cfg["evaluation"]["seed"])
    history: list = []
    if pretrain_report:
        history.append({"steps": 0, "seconds": 0, "results": pre_eval, "pretrain": pretrain_report})
        (out / "eval.json").write_text(json.dumps(history, indent=2))
    if resume and (out / "eval.json").exists():
        # the evaluations up to the checkpoint: those a lost attempt wrote after it are played again
        history = [h for h in json.loads((out / "eval.json").read_text()) if h.get("steps", 0) <= done]
    from .vecenv import cpu_seconds, worker_pids

    pids = worker_pids(venv)
    cpu_started, learner_started = cpu_seconds(pids), cpu_seconds()
    started = time.time()
    remaining = max(0, cfg["total_timesteps"] - done)
    interrupted = False
    try:
        model.learn(total_timesteps=remaining, callback=_callbacks(cfg, out, venv, history, started, progress, update),
                    reset_num_timesteps=not resume)
    except KeyboardInterrupt:
        # Ctrl-C: keep what was learned (model, metadata, .npz and a checkpoint to --resume from);
        # the final evaluation is skipped (the last scheduled one, if any, is in eval.json)
        interrupted = True
    seconds = time.time() - started
    cpu_ended, learner_ended = cpu_seconds(pids), cpu_seconds()
    if interrupted:
        final = history[-1]["results"] if history else []
    else:
        # behaviour cloning alone (total_timesteps 0): the same policy and evaluation seed as the
        # evaluation after the warm start, so its result is the final one rather than played twice
        final = (pre_eval if pretrain_report and not resume and model.num_timesteps == 0 else
                 evaluate(model, cfg, venv, cfg["evaluation"]["games"], cfg["evaluation"]["opponents"],
                          seed=cfg["evaluation"]["seed"]))
        history.append({"steps": int(model.num_timesteps), "seconds": round(seconds, 1), "results": final, "final": True})
        (out / "eval.json").write_text(json.dumps(history, indent=2))
    model_path = out / "model.zip"
    model.save(str(model_path))
    if interrupted:
        save_checkpoint(model, out / "checkpoints")
    meta = md.build(cfg.ruleset, config=cfg.to_dict(), seed=cfg["seed"], steps=int(model.num_timesteps),
                    rule_options=_options_dict(cfg.ruleset, cfg["env"]["rule_options"]), evaluation=final)
    meta["interrupted"] = interrupted
    meta["device"] = str(model.device)  # the device it trained on (the config's "auto" resolved)
    meta["torch_threads"] = {"rollout": cfg["torch_threads"], "update": update}
    meta["train_seconds"] = round(seconds, 1)
    meta["train_steps_per_second"] = round((model.num_timesteps - done) / seconds, 1) if seconds else None
    # CPU seconds of the learner and its env workers while learning (evaluations included)
    meta["train_cpu_seconds"] = round(cpu_ended - cpu_started, 3) if cpu_started is not None and cpu_ended is not None else None
    # ... of which the learner's process (policy calls, the PPO update, games played in-process)
    meta["train_cpu_seconds_learner"] = (round(learner_ended - learner_started, 1)
                                         if learner_started is not None and learner_ended is not None else None)
    meta["obs_norm"] = _obs_norm(venv)
    if pretrain_report is None and resume:  # a resumed run keeps the warm start of the run it continues
        try:
            pretrain_report = md.load(out / "model.zip").get("pretrain")
        except ModelMismatchError:  # no metadata beside the output yet (resumed into a new folder)
            pretrain_report = None
    meta["pretrain"] = pretrain_report
    md.save(model_path, meta)
    export_policy(model, venv, out / "model.npz")  # model.json serves both files
    try:
        from .curves import plot_learning_curve

        plot_learning_curve(history, out / "learning_curve.png", title=f"{cfg.ruleset} {cfg.algo}")
    except RuntimeError:
        pass
    try:
        venv.close()
    except (EOFError, BrokenPipeError, ConnectionResetError):  # workers already gone (Ctrl-C in a terminal)
        pass
    return meta
