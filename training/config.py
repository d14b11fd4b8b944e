"""Training configurations: YAML files in ``configs/<ruleset>/<algo>.yaml``, validated on load.

Every error names the file and the key (``configs/valueadd/maskable_ppo.yaml: hyperparameters.n_stpes:
unknown key``), so a typo never silently falls back to a default.
"""

from __future__ import annotations

import copy
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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
        "seed": (int, 12345),  # the mirror matches' seed (run_match); keep it apart from every training seed
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


INT_MAX = 2**31 - 1  # counts torch and NumPy index with 32-bit integers in places; seeds: NumPy's 2**32 - 1
SEED_MAX = 2**32 - 1
# hyperparameter -> (kind, low, high, low_open, high_open); kind: "int", "float", "bool", or a special
# reading below. Bounds are what stable-baselines3 can run with (it fails deep in torch otherwise)
HYPERPARAMETERS: dict[str, tuple[str, float | None, float | None, bool, bool]] = {
    "learning_rate": ("float", 0.0, 1.0, False, False),
    "n_steps": ("int", 1, INT_MAX, False, False),
    "batch_size": ("int", 1, INT_MAX, False, False),
    "n_epochs": ("int", 1, 10_000, False, False),
    "gamma": ("float", 0.0, 1.0, False, False),
    "gae_lambda": ("float", 0.0, 1.0, False, False),
    "clip_range": ("float", 0.0, 10.0, True, False),
    "ent_coef": ("float", 0.0, 100.0, False, False),
    "vf_coef": ("float", 0.0, 100.0, False, False),
    "max_grad_norm": ("float", 0.0, 1e6, True, False),
    "target_kl": ("float_or_none", 0.0, 100.0, True, False),
    "normalize_advantage": ("bool", None, None, False, False),
    "policy_kwargs": ("policy_kwargs", None, None, False, False),
    "buffer_size": ("int", 1, INT_MAX, False, False),
    "learning_starts": ("int", 0, INT_MAX, False, False),
    "tau": ("float", 0.0, 1.0, True, False),
    "train_freq": ("int", 1, INT_MAX, False, False),
    "gradient_steps": ("gradient_steps", -1, INT_MAX, False, False),
    "target_update_interval": ("int", 1, INT_MAX, False, False),
    "exploration_fraction": ("float", 0.0, 1.0, False, False),
    "exploration_initial_eps": ("float", 0.0, 1.0, False, False),
    "exploration_final_eps": ("float", 0.0, 1.0, False, False),
}
POLICY_KWARGS = ("net_arch", "ortho_init", "log_std_init", "share_features_extractor", "normalize_images")
MAX_LAYER = 65_536  # units in one hidden layer
MAX_BUFFER_BYTES_SHARE = 0.5  # a rollout or replay buffer may take at most this share of the machine's memory


def _number_text(low, high, low_open, high_open) -> str:
    lo = f"above {low:g}" if low_open else f"at least {low:g}"
    return f"a number {lo} and at most {high:g}" if not high_open else f"a number {lo} and below {high:g}"


def _check_hyperparameter(key: str, value: Any, where: str) -> None:
    import math

    kind, low, high, low_open, high_open = HYPERPARAMETERS[key]
    name = f"{where}: hyperparameters.{key}"
    if kind == "bool":
        if not isinstance(value, bool):
            raise ConfigError(f"{name}: must be true or false, got {value!r}")
        return
    if kind == "policy_kwargs":
        if not isinstance(value, dict):
            raise ConfigError(f"{name}: must be a mapping (net_arch: [64, 64] ...), got {value!r}")
        for k in value:
            if k not in POLICY_KWARGS:
                raise ConfigError(f"{name}.{k}: unknown (known: {', '.join(POLICY_KWARGS)})")
        arch = value.get("net_arch")
        if arch is not None:
            layers = [arch] if not isinstance(arch, dict) else [arch.get(k) for k in ("pi", "vf", "qf") if k in arch]
            if isinstance(arch, dict) and (not layers or set(arch) - {"pi", "vf", "qf"}):
                raise ConfigError(f"{name}.net_arch: a mapping takes pi, vf (and qf) lists, got {arch!r}")
            for lst in layers:
                if not isinstance(lst, list) or not all(isinstance(n, int) and not isinstance(n, bool)
                                                        and 1 <= n <= MAX_LAYER for n in lst):
                    raise ConfigError(f"{name}.net_arch: must be a list of layer sizes from 1 to {MAX_LAYER}, "
                                      f"got {arch!r}")
        for k in ("ortho_init", "share_features_extractor", "normalize_images"):
            if k in value and not isinstance(value[k], bool):
                raise ConfigError(f"{name}.{k}: must be true or false, got {value[k]!r}")
        if "log_std_init" in value and (isinstance(value["log_std_init"], bool)
                                        or not isinstance(value["log_std_init"], (int, float))
                                        or not math.isfinite(value["log_std_init"])):
            raise ConfigError(f"{name}.log_std_init: must be a number, got {value['log_std_init']!r}")
        return
    if kind == "float_or_none" and value is None:
        return
    if kind in ("int", "gradient_steps"):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"{name}: must be a whole number, got {value!r}")
        if kind == "gradient_steps" and value == 0:
            raise ConfigError(f"{name}: must be at least 1, or -1 (as many as the steps collected), got 0")
        if not low <= value <= high:
            raise ConfigError(f"{name}: must be from {low} to {high}, got {value!r}")
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ConfigError(f"{name}: must be {_number_text(low, high, low_open, high_open)}, got {value!r}")
    if value < low or (low_open and value == low) or value > high or (high_open and value == high):
        raise ConfigError(f"{name}: must be {_number_text(low, high, low_open, high_open)}, got {value!r}")


def _memory_bytes() -> int | None:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return None


def _check_counts(cfg: dict, where: str, obs_size: int, n_actions: int) -> None:
    """Every count of the config within what a run can hold: seeds NumPy takes, whole-number counts
    a 32-bit index holds, and rollout / replay buffers that fit in this machine's memory."""
    if not 0 <= cfg["seed"] <= SEED_MAX:
        raise ConfigError(f"{where}: seed: must be from 0 to {SEED_MAX}, got {cfg['seed']}")
    counts = {"total_timesteps": cfg["total_timesteps"], "n_envs": cfg["n_envs"], "torch_threads": cfg["torch_threads"],
              "env.max_decisions": cfg["env"]["max_decisions"], "self_play.snapshot_every": cfg["self_play"]["snapshot_every"],
              "self_play.pool_size": cfg["self_play"]["pool_size"], "pretrain.games": cfg["pretrain"]["games"],
              "pretrain.epochs": cfg["pretrain"]["epochs"], "evaluation.every": cfg["evaluation"]["every"],
              "evaluation.games": cfg["evaluation"]["games"], "evaluation.seed": cfg["evaluation"].get("seed", 0),
              "checkpoint_every": cfg["checkpoint_every"]}
    minimum = {"env.max_decisions": 1, "self_play.snapshot_every": 1, "self_play.pool_size": 1, "pretrain.games": 1,
               "pretrain.epochs": 1}
    for name, value in counts.items():
        if not minimum.get(name, 0) <= value <= (SEED_MAX if name == "evaluation.seed" else INT_MAX):
            raise ConfigError(f"{where}: {name}: must be from {minimum.get(name, 0)} to "
                              f"{SEED_MAX if name == 'evaluation.seed' else INT_MAX}, got {value}")
    if cfg["n_envs"] > 4096:
        raise ConfigError(f"{where}: n_envs: at most 4096 games side by side, got {cfg['n_envs']}")
    lr = cfg["pretrain"]["learning_rate"]
    if isinstance(lr, bool) or not 0 < lr <= 1:
        raise ConfigError(f"{where}: pretrain.learning_rate: must be a number above 0 and at most 1, got {lr!r}")
    ms = cfg["env"]["margin_scale"]
    if not ms > 0 or ms != ms or ms == float("inf"):
        raise ConfigError(f"{where}: env.margin_scale: must be a positive number, got {ms!r}")
    hp = cfg["hyperparameters"]
    memory = _memory_bytes()
    if cfg["algo"] == "dqn":
        rows, what = hp.get("buffer_size", 1_000_000), "hyperparameters.buffer_size (the replay buffer)"
        per_row = 2 * 4 * obs_size + 32  # observation and next observation, float32
    else:
        rows = hp.get("n_steps", 2048) * cfg["n_envs"]
        what = "hyperparameters.n_steps x n_envs (the rollout buffer)"
        per_row = 4 * obs_size + 64
        if cfg["algo"] == "maskable_ppo":
            per_row += 4 * n_actions  # its action masks (float32)
        if hp.get("normalize_advantage", True) and rows < 2:
            raise ConfigError(f"{where}: hyperparameters.n_steps x n_envs: must be at least 2 with normalize_advantage "
                              f"(an advantage is normalized over the rollout), got {rows}")
        if hp.get("normalize_advantage", True) and hp.get("batch_size", 64) < 2:
            raise ConfigError(f"{where}: hyperparameters.batch_size: must be at least 2 with normalize_advantage, "
                              f"got {hp.get('batch_size')}")
    if memory and rows * per_row > MAX_BUFFER_BYTES_SHARE * memory:
        raise ConfigError(f"{where}: {what}: {rows} rows of about {per_row} bytes need "
                          f"{rows * per_row / 2**30:.1f} GiB, more than half of this machine's "
                          f"{memory / 2**30:.1f} GiB of memory")


DEVICES = re.compile(r"cpu|auto|mps|cuda(:\d{1,3})?")


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
        _check_hyperparameter(key, cfg["hyperparameters"][key], where)
    if not DEVICES.fullmatch(cfg["device"]):
        raise ConfigError(f"{where}: device: must be cpu, cuda, cuda:N, mps or auto, got {cfg['device']!r}")
    if isinstance(cfg["update_threads"], str) and cfg["update_threads"] != "auto":
        raise ConfigError(f"{where}: update_threads: must be a number of threads or auto, got {cfg['update_threads']!r}")
    counted = ("update_threads",) if isinstance(cfg["update_threads"], int) else ()
    for key in ("total_timesteps", "n_envs", "torch_threads") + counted:
        # total_timesteps 0 with a warm start: behaviour cloning alone, no RL step
        if cfg[key] < (0 if key == "total_timesteps" and cfg["pretrain"]["coach"] else 1):
            raise ConfigError(f"{where}: {key}: must be at least 1")
    if cfg["workers"] is not None and cfg["workers"] > 4096:
        raise ConfigError(f"{where}: workers: at most 4096 processes, got {cfg['workers']}")
    _check_counts(cfg, where, _obs_size(rs), len(rs.actions))
    if cfg["vec_env"] not in VEC_ENVS:
        raise ConfigError(f"{where}: vec_env: must be {', '.join(VEC_ENVS[:-1])} or {VEC_ENVS[-1]}")
    if cfg["workers"] is not None and cfg["workers"] < 0:
        raise ConfigError(f"{where}: workers: must be 0 (the games in the learner's process) or more")
    _validate_env(cfg, rs, where)
    _validate_advice(cfg, rs, where)
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


def _validate_env(cfg: dict, rs: Any, where: str) -> None:
    """``validate``: the env section (sides, reward, opponents, rule options, team pool)."""
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


def _validate_advice(cfg: dict, rs: Any, where: str) -> None:
    """``validate``: the warm start and the advisor (the scripted coach making the other choices)."""
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


def _obs_size(rs) -> int:
    """The observation size of a ruleset's env (for the buffer sizes), without building an env."""
    try:
        from ..envs import env_class

        return int(env_class(rs.env_id).encoder.size)
    except Exception:  # noqa: BLE001 - a ruleset registered without an env: a generous guess
        return 4096


def load(path: str | Path) -> TrainConfig:
    from ..core import jsontext

    p = Path(path)
    try:
        data = jsontext.yaml_load(jsontext.read_text(p, "a training config (YAML)"), p)
    except jsontext.FileProblem as exc:
        raise ConfigError(str(exc)) from None
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
