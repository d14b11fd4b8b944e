"""Many training runs at once - seeds and configs - as tasks of the match runner's backends
(``coachgym train RULESET --seeds N [--config A --config B] --backend ray --address ...``).

Each run is a normal ``coachgym train`` run in a folder of its own (``<out>/<config>-seed<k>/``:
model, checkpoints, ``eval.json``, learning curve). A run is a :class:`TrainRun` task: picklable,
it carries its config and folder and nothing live, so any backend runs it (``local`` worker
processes, a ``ray`` cluster, ``inline``). A task that is run again - its Ray worker or node died,
the sweep was started again - goes on from the last checkpoint in its folder (or returns the
finished run as it is): the steps after that checkpoint are played again, never counted twice, and
the evaluations the lost attempt wrote after its checkpoint are dropped from the curve (see
``train(resume=...)``). Every attempt leaves ``attempts/<n>-<host>-<pid>`` in the run's folder.

On a cluster the output folder must be one that every node sees at the same path (a shared file
system), so that a retried run finds its checkpoints; see docs/training.md.
"""

from __future__ import annotations

import json
import math
import os
import re
import socket
import zipfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Sequence

from ..core.errors import ConfigError

_CHECKPOINT = re.compile(r"model_(\d+)_steps\.zip$")


def latest_checkpoint(folder: str | Path) -> tuple[Path | None, int]:
    """The checkpoint with the most steps in ``folder/checkpoints`` and its steps (``(None, 0)``: none)."""
    best, steps = None, 0
    cdir = Path(folder) / "checkpoints"
    if cdir.is_dir():
        for p in cdir.iterdir():
            m = _CHECKPOINT.search(p.name)
            # checkpoints are written whole or not at all (train.save_checkpoint); one cut short by a
            # kill in an older version is passed over
            if m and int(m.group(1)) > steps and _whole_model_zip(p):
                best, steps = p, int(m.group(1))
    return best, steps


def _whole_model_zip(p: Path) -> bool:
    """A model saved by stable-baselines3 to its end: a zip archive whose directory lists its "data"
    (a file cut short can still look like a zip to ``zipfile.is_zipfile``: the policy inside is a zip
    archive of its own, whose end record then ends the file)."""
    try:
        with zipfile.ZipFile(p) as z:
            return "data" in z.namelist()
    except (OSError, zipfile.BadZipFile, ValueError):
        return False


def finished_run(folder: str | Path, total: int) -> dict | None:
    """The metadata of a run in ``folder`` that completed ``total`` steps, or None."""
    p = Path(folder) / "model.json"
    if not p.exists():
        return None
    try:
        meta = json.loads(p.read_text())
    except (OSError, ValueError):
        return None
    if meta.get("interrupted") or int(meta.get("steps", 0)) < total:
        return None
    return meta


@dataclass(frozen=True)
class TrainRun:
    """One training run: ``config`` (a validated config's data, seed included), written to ``out``."""

    config: dict
    config_name: str
    out: str
    games: int = 1  # the runner's progress unit: one run

    @property
    def seed(self) -> int:
        return int(self.config["seed"])

    def run(self) -> dict:
        from .config import validate
        from .train import train

        cfg = validate(self.config, f"{self.config_name} (seed {self.seed})")
        out = Path(self.out)
        attempts = out / "attempts"
        attempts.mkdir(parents=True, exist_ok=True)
        n = len(list(attempts.iterdir())) + 1
        (attempts / f"{n}-{socket.gethostname()}-{os.getpid()}").touch()
        total = int(cfg["total_timesteps"])
        meta = finished_run(out, total)
        resumed_from = 0
        if meta is None:
            checkpoint, resumed_from = latest_checkpoint(out)
            meta = train(cfg, out, resume=checkpoint, progress=False)
        return summarize(self, meta, attempts=n, resumed_from=resumed_from)


def summarize(run: TrainRun, meta: dict, *, attempts: int, resumed_from: int) -> dict:
    history = []
    eval_path = Path(run.out) / "eval.json"
    if eval_path.exists():
        history = json.loads(eval_path.read_text())
    return {"config": run.config_name, "algo": run.config["algo"], "seed": run.seed, "out": run.out,
            "steps": int(meta["steps"]), "train_seconds": meta.get("train_seconds"),
            "train_steps_per_second": meta.get("train_steps_per_second"), "evaluation": meta.get("evaluation", []),
            "curve_points": [h["steps"] for h in history], "attempts": attempts, "resumed_from": resumed_from}


def plan(configs: Sequence[Any], seeds: int, out: str | Path, *, first_seed: int | None = None,
         steps: int | None = None) -> list[TrainRun]:
    """The runs of a sweep: every config (a loaded ``TrainConfig``) with ``seeds`` seeds, from its own
    seed (or ``first_seed``) on; ``steps`` overrides total_timesteps."""
    if seeds < 1:
        raise ConfigError("--seeds must be at least 1")
    runs, names = [], set()
    out = Path(out).resolve()
    for cfg in configs:
        name = Path(cfg.path).stem if cfg.path and not cfg.path.startswith("<") else cfg.algo
        base = name
        k = 2
        while name in names:  # two configs with the same file name
            name, k = f"{base}-{k}", k + 1
        names.add(name)
        start = cfg["seed"] if first_seed is None else first_seed
        for s in range(start, start + seeds):
            data = cfg.to_dict()
            data["seed"] = s
            if steps is not None:
                data["total_timesteps"] = steps
            runs.append(TrainRun(data, name, str(out / f"{name}-seed{s}")))
    return runs


def run_sweep(runs: Sequence[TrainRun], backend: Any, *, progress: bool = True) -> list[dict]:
    """Run every training run on ``backend`` (a :mod:`coachgym.core.runner` backend); the summaries
    in the order of ``runs``. Runs side by side in this machine's worker processes share its cores:
    an ``update_threads: auto`` becomes the cores per run (one torch thread each when there are at
    least as many runs at once as cores), so that their PPO updates do not contend for them."""
    from .config import usable_cores

    runs = list(runs)
    at_once = min(len(runs), getattr(backend, "workers", 1)) if getattr(backend, "name", "") == "local" else 1
    if at_once > 1:
        share = max(1, usable_cores() // at_once)
        runs = [replace(r, config={**r.config, "update_threads": share}) if r.config.get("update_threads") == "auto" else r
                for r in runs]
    return backend.map(runs, progress=progress, desc="training runs")


def _mean_ci(xs: list[float]) -> tuple[float, float, float]:
    """Mean and a t-based 95% interval over seeds, clipped to [0, 1] (one seed: no interval)."""
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, float("nan"), float("nan")
    from scipy import stats

    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
    h = stats.t.ppf(0.975, n - 1) * sd / math.sqrt(n)
    return mean, max(0.0, mean - h), min(1.0, mean + h)  # a win rate: the interval clipped to [0, 1]


def table(results: Sequence[dict]) -> str:
    """The runs, one row each, and per config the mean over seeds of the final win rates."""
    opponents: list[str] = []
    for r in results:
        for e in r["evaluation"]:
            if e["opponent"] not in opponents:
                opponents.append(e["opponent"])
    head = ["config", "seed", "steps", "steps/s", "wall s", *[f"win rate vs {o}" for o in opponents], "attempts"]
    rows = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for r in results:
        wins = {e["opponent"]: e for e in r["evaluation"]}
        cells = [r["config"], str(r["seed"]), f"{r['steps']:,}",
                 f"{r['train_steps_per_second']:,.0f}" if r["train_steps_per_second"] else "n/a",
                 f"{r['train_seconds']:.0f}" if r["train_seconds"] is not None else "n/a"]
        for o in opponents:
            e = wins.get(o)
            cells.append(f"{e['win_rate']:.3f} ({e['ci95'][0]:.3f}-{e['ci95'][1]:.3f})" if e else "n/a")
        note = str(r["attempts"])
        if r["resumed_from"]:
            note += f" (resumed at {r['resumed_from']:,} steps)"
        cells.append(note)
        rows.append("| " + " | ".join(cells) + " |")
    by_config: dict[str, list[dict]] = {}
    for r in results:
        by_config.setdefault(r["config"], []).append(r)
    if any(len(v) > 1 for v in by_config.values()):
        rows += ["", "| config | seeds | " + " | ".join(f"mean win rate vs {o} (95% interval over seeds)" for o in opponents)
                 + " |", "|" + " --- |" * (2 + len(opponents))]
        for name, rs in by_config.items():
            cells = [name, str(len(rs))]
            for o in opponents:
                xs = [e["win_rate"] for r in rs for e in r["evaluation"] if e["opponent"] == o]
                if xs:
                    m, lo, hi = _mean_ci(xs)
                    cells.append(f"{m:.3f}" + (f" ({lo:.3f}-{hi:.3f})" if not math.isnan(lo) else ""))
                else:
                    cells.append("n/a")
            rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)
