"""Training configurations: YAML files in ``configs/<ruleset>/<algo>.yaml``, validated on load.

Every error names the file and the key (``configs/valueadd/maskable_ppo.yaml: hyperparameters.n_stpes:
unknown key``), so a typo never silently falls back to a default.
"""

from __future__ import annotations

import copy
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..core.errors import ConfigError

ALGOS = ("maskable_ppo", "ppo", "dqn")
VEC_ENVS = ("auto", "batched", "subproc", "dummy")

# key -> (type, default); nested dicts are sections
SCHEMA: dict[str, Any] = {
    "ruleset": (str, None),
    "algo": (str, "maskable_ppo"),
    "seed": (int, 0),
    "total_timesteps": (int, 200_000),
    "n_envs": (int, 2),
    "vec_env": (str, "auto"),  # auto | batched | subproc | dummy
    "workers": ((int, type(None)), None),  # batched: worker processes (None: one per core; 0: in this process)
    "normalize_observations": (bool, False),
    "device": (str, "cpu"),
    "torch_threads": (int, 1),
    "update_threads": ((int, str, type(None)), None),  # torch threads for the PPO update, when the games wait (None: torch_threads; auto: the usable cores)
    "advice": ((str, type(None)), None),  # a scripted coach whose suggestion the policy observes (advice.py)
    "decisions": ((list, type(None)), None),  # decision kinds the policy makes; the advisor makes the rest
    "action_kinds": ((list, type(None)), None),  # action kinds the policy may choose (besides the advice)
    "advisor_keeps": ((list, type(None)), None),  # action kinds the advisor's suggestion is always taken for
    "macros": ((list, type(None)), None),  # macro actions (training/macros.py) the policy may take besides
    "env": {
        "agent_side": (str, "random"),
        "opponent": ((str, list), "by-the-book"),
        "team_pool": ((list, type(None)), None),
        "home": ((str, type(None)), None),
        "away": ((str, type(None)), None),
        "rule_options": (dict, {}),
        "reward": (str, "win"),
        "margin_scale": ((int, float), 20.0),
        "max_decisions": (int, 50_000),  # an episode is truncated after this many agent decisions
    },
    "self_play": {
        "enabled": (bool, False),
        "snapshot_every": (int, 50_000),
        "pool_size": (int, 5),
        "probability": ((int, float), 0.5),
    },
    "pretrain": {  # behaviour cloning of a scripted coach before RL (maskable_ppo / ppo)
        "coach": ((str, type(None)), None),
        "games": (int, 300),
        "epochs": (int, 5),
        "learning_rate": ((int, float), 0.001),
        "label_smoothing": ((int, float), 0.0),
    },
    "evaluation": {
        "every": (int, 25_000),
        "games": (int, 100),
        "opponents": (list, ["by-the-book", "random"]),
    },
    "checkpoint_every": (int, 50_000),
    "tensorboard": (bool, True),
    "hyperparameters": (dict, {}),
}

PPO_KEYS = {"learning_rate", "n_steps", "batch_size", "n_epochs", "gamma", "gae_lambda", "clip_range", "ent_coef",
            "vf_coef", "max_grad_norm", "target_kl", "normalize_advantage", "policy_kwargs"}
DQN_KEYS = {"learning_rate", "buffer_size", "learning_starts", "batch_size", "tau", "gamma", "train_freq",
            "gradient_steps", "target_update_interval", "exploration_fraction", "exploration_initial_eps",
            "exploration_final_eps", "max_grad_norm", "policy_kwargs"}


def _defaults(schema: dict) -> dict:
    out = {}
    for key, spec in schema.items():
        out[key] = _defaults(spec) if isinstance(spec, dict) else copy.deepcopy(spec[1])
    return out


def _check(data: Any, schema: dict, where: str, prefix: str = "") -> dict:
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: {prefix.rstrip('.') or 'the file'} must be a mapping")
    out = _defaults(schema)
    for key, value in data.items():
        name = f"{prefix}{key}"
        if key not in schema:
            raise ConfigError(f"{where}: {name}: unknown key (known: {', '.join(sorted(schema))})")
        spec = schema[key]
        if isinstance(spec, dict):
            out[key] = _check(value, spec, where, f"{name}.")
            continue
        types = spec[0] if isinstance(spec[0], tuple) else (spec[0],)
        if isinstance(value, bool) and bool not in types:
            raise ConfigError(f"{where}: {name}: expected {'/'.join(t.__name__ for t in types)}, got {value!r}")
        if not isinstance(value, types):
            raise ConfigError(f"{where}: {name}: expected {'/'.join(t.__name__ for t in types)}, got {value!r}")
        out[key] = value
    return out


@dataclass
class TrainConfig:
    data: dict
    path: str = "<defaults>"
    extra: dict = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    @property
    def ruleset(self) -> str:
        return self.data["ruleset"]

    @property
    def algo(self) -> str:
        return self.data["algo"]

    def to_dict(self) -> dict:
        return copy.deepcopy(self.data)


def validate(data: Any, where: str) -> TrainConfig:
    cfg = _check(data, SCHEMA, where)
    if not cfg["ruleset"]:
        raise ConfigError(f"{where}: ruleset: missing")
    from .. import rulesets

    try:
        rs = rulesets.get(cfg["ruleset"])
    except ConfigError as exc:
        raise ConfigError(f"{where}: ruleset: {exc}") from None
    cfg["ruleset"] = rs.name
    if cfg["algo"] not in ALGOS:
        raise ConfigError(f"{where}: algo: must be one of {', '.join(ALGOS)}, got {cfg['algo']!r}")
    allowed = DQN_KEYS if cfg["algo"] == "dqn" else PPO_KEYS
    for key in cfg["hyperparameters"]:
        if key not in allowed:
            raise ConfigError(f"{where}: hyperparameters.{key}: unknown for {cfg['algo']} (known: {', '.join(sorted(allowed))})")
    if isinstance(cfg["update_threads"], str) and cfg["update_threads"] != "auto":
        raise ConfigError(f"{where}: update_threads: must be a number of threads or auto, got {cfg['update_threads']!r}")
    counted = ("update_threads",) if isinstance(cfg["update_threads"], int) else ()
    for key in ("total_timesteps", "n_envs", "torch_threads") + counted:
        # total_timesteps 0 with a warm start: behaviour cloning alone, no RL step
        if cfg[key] < (0 if key == "total_timesteps" and cfg["pretrain"]["coach"] else 1):
            raise ConfigError(f"{where}: {key}: must be at least 1")
    if cfg["vec_env"] not in VEC_ENVS:
        raise ConfigError(f"{where}: vec_env: must be {', '.join(VEC_ENVS[:-1])} or {VEC_ENVS[-1]}")
    if cfg["workers"] is not None and cfg["workers"] < 0:
        raise ConfigError(f"{where}: workers: must be 0 (the games in the learner's process) or more")
    env = cfg["env"]
    if env["agent_side"] not in ("home", "away", "random"):
        raise ConfigError(f"{where}: env.agent_side: must be home, away or random")
    if env["reward"] not in ("win", "margin"):
        raise ConfigError(f"{where}: env.reward: must be win or margin")
    opponents = env["opponent"] if isinstance(env["opponent"], list) else [env["opponent"]]
    for name in opponents + list(cfg["evaluation"]["opponents"]):
        if name not in rs.coach_names() and name != "trained":
            raise ConfigError(f"{where}: opponent {name!r}: unknown coach (known: {', '.join(rs.coach_names())})")
    try:
        rs.parse_options(env["rule_options"])
    except ConfigError as exc:
        raise ConfigError(f"{where}: env.rule_options: {exc}") from None
    for team in env["team_pool"] or []:
        rs.load_team(team)
    pre = cfg["pretrain"]
    if pre["coach"] is not None:
        if pre["coach"] not in rs.coach_names() or pre["coach"] == "trained":
            raise ConfigError(f"{where}: pretrain.coach: unknown scripted coach {pre['coach']!r}")
        if cfg["algo"] == "dqn":
            raise ConfigError(f"{where}: pretrain: behaviour cloning is implemented for maskable_ppo and ppo only")
    if cfg["advice"] is not None and (cfg["advice"] not in rs.coach_names() or cfg["advice"] in ("trained", "random")):
        raise ConfigError(f"{where}: advice: {cfg['advice']!r} is not a scripted coach of {rs.name} "
                          f"(known: {', '.join(c for c in rs.coach_names() if c not in ('trained', 'random'))})")
    for key in ("decisions", "action_kinds", "advisor_keeps", "macros"):
        if cfg[key] is None:
            continue
        if not cfg["advice"]:
            raise ConfigError(f"{where}: {key}: needs advice (the scripted coach that makes the other choices)")
        if not cfg[key] or not all(isinstance(k, str) for k in cfg[key]):
            raise ConfigError(f"{where}: {key}: must be a non-empty list of names")
    known = {a.kind for a in rs.actions}
    for key in ("action_kinds", "advisor_keeps"):
        for k in cfg[key] or ():
            if k not in known:
                raise ConfigError(f"{where}: {key}: {k!r} is not an action kind of {rs.name} "
                                  f"(known: {', '.join(sorted(known))})")
    if cfg["action_kinds"] and cfg["advisor_keeps"] and set(cfg["action_kinds"]) & set(cfg["advisor_keeps"]):
        both = sorted(set(cfg["action_kinds"]) & set(cfg["advisor_keeps"]))
        raise ConfigError(f"{where}: advisor_keeps: {', '.join(both)} also in action_kinds (the policy cannot choose "
                          f"what the advisor keeps)")
    if cfg["macros"]:
        from .macros import resolve_names

        resolve_names(rs.name, cfg["macros"], f"{where}: macros")
        if cfg["algo"] != "maskable_ppo":
            raise ConfigError(f"{where}: macros: need action masks (algo: maskable_ppo); a macro is offered only "
                              f"where it applies")
    if not 0 <= cfg["pretrain"]["label_smoothing"] < 1:
        raise ConfigError(f"{where}: pretrain.label_smoothing: must be at least 0 and below 1")
    if not 0 <= cfg["self_play"]["probability"] <= 1:
        raise ConfigError(f"{where}: self_play.probability: must be between 0 and 1")
    return TrainConfig(cfg, where)


def load(path: str | Path) -> TrainConfig:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{p}: cannot be read ({exc.strerror or exc})") from exc
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ConfigError(f"{p}: not valid YAML: {exc}") from exc
    return validate(data or {}, str(p))


def default_config_path(ruleset: str, algo: str = "maskable_ppo") -> Path:
    """``configs/<ruleset>/<algo>.yaml`` in the source tree (or the packaged copy)."""
    here = Path(__file__).resolve().parent
    for base in (here.parent / "configs", here.parent.parent / "configs", here / "configs"):
        candidate = base / ruleset / f"{algo}.yaml"
        if candidate.exists():
            return candidate
    raise ConfigError(f"no config for {ruleset}/{algo}: pass --config configs/{ruleset}/{algo}.yaml")


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the platform tells, else all)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # macOS, Windows
        return max(1, os.cpu_count() or 1)


def update_threads(cfg: TrainConfig) -> int:
    """Torch threads for the PPO update: ``update_threads``, else ``torch_threads``. ``auto``: the
    ``OMP_NUM_THREADS`` of the environment where it is set (Ray sets it to a task's CPUs; a sweep of
    runs side by side on one machine shares the cores out: sweep.run_sweep), else the usable cores."""
    value = cfg["update_threads"]
    if value is None:
        return cfg["torch_threads"]
    if value != "auto":
        return value
    omp = os.environ.get("OMP_NUM_THREADS", "").strip()
    return int(omp) if omp.isdigit() and int(omp) >= 1 else usable_cores()
