"""Learning curves on the academy's scenarios (docs/academy.md "Learning shown"): MaskablePPO from
scratch (no demonstrations, no advice: the agent makes every decision of its side), a fixed budget of
env steps, several seeds, evaluated on the protocol's evaluation seeds (``EVAL_SEED_BASE + i``, never
used in training) at the 0-step control point and at ``--points`` points along the curve.

Resumable: each (scenario, seed) run keeps its last checkpoint and its curve in
``OUT/SCENARIO/seedK/``; run the same command again to go on where it stopped. Compute time (CPU
seconds of this process, training and evaluation apart) is recorded with every point.

    nice -n 10 python -m coachgym.training.academy_sweep --scenarios valueadd-last9-down6 \\
        --steps 50000 --seeds 0,1,2 --points 10 --episodes 200 --out runs/academy

A larger budget is another configuration (another ``--out``); ``--extend-from OLD_OUT`` starts each
of its runs from the finished run of the smaller budget in ``OLD_OUT`` (checkpoint, curve and step
count carried on) instead of from scratch.

Options a run records in its configuration (docs/academy.md "What limits learning"): ``--init bc:N``
(behaviour cloning of the book on N demonstration decisions, counted in the budget, before
MaskablePPO), ``--hp KEY=VALUE,...`` (hyperparameter overrides), ``--stall-cost C`` (training
only: a cost on each change in an open menu) and ``--macros NAME,...`` (macro actions of
``training/macros.py`` as extra policy outputs, e.g. ``book_substitution``: the book's stamina rotation
as one action; the evaluation takes the highest-scored of the legal actions and the macros that apply,
and plays the concrete action a chosen macro resolves to).

``--algo`` (docs/academy.md "Algorithms side by side"): ``maskable_ppo`` (the default: the runs above),
``ppo`` and ``qrdqn`` / ``dqn`` (unmasked: in training an action outside the policy's options ends the
episode by the env's illegal-action rule, reward -1; at evaluation the best of the options is taken, as
for every algorithm), ``bc_maskable_ppo`` (with ``--init bc:N``: behaviour cloning of the book's
demonstrations, in the policy's own action space with ``--macros``, counted in the budget, then
MaskablePPO). ``--self-play P``: a share P of the training episodes against the run's own earlier
checkpoints (the book otherwise; evaluation always against the book). Every algorithm has the same decision scope, observation, training reward, training
seeds, curve points and evaluation.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

from ..core.errors import ConfigError, GameOverError, IllegalActionError
from ..envs import academy as A

ALGO = "maskable_ppo"
ALGOS = ("maskable_ppo", "ppo", "qrdqn", "dqn", "bc_maskable_ppo")
UNMASKED = ("ppo", "qrdqn", "dqn")  # no action masks: an action outside the options ends the episode (training)
HYPERPARAMETERS = {"learning_rate": 3e-4, "n_steps": 1024, "batch_size": 256, "n_epochs": 4, "gamma": 1.0,
                   "gae_lambda": 0.95, "ent_coef": 0.01, "clip_range": 0.2,
                   "policy_kwargs": {"net_arch": [128, 128]}}
N_ENVS = 2
# QR-DQN / DQN (off-policy, value-based): the same network, gamma and Adam's learning-rate scale as the
# PPO rows where they apply; a replay buffer of 20,000 transitions (a whole 20k run), learning from
# 1,000 steps on, one gradient step of 64 transitions every 4 env steps (``train_freq`` 2 calls of the
# 2 envs), the target network copied every 1,000 env steps, epsilon from 1 to 0.05 over the first 30% of
# the budget (of the whole budget, however the run is cut into curve points: :func:`_whole_budget`)
DQN_HYPERPARAMETERS = {"learning_rate": 1e-4, "buffer_size": 20_000, "learning_starts": 1000, "batch_size": 64,
                       "gamma": 1.0, "train_freq": 2, "gradient_steps": 1, "target_update_interval": 1000,
                       "exploration_fraction": 0.3, "exploration_initial_eps": 1.0, "exploration_final_eps": 0.05,
                       "policy_kwargs": {"net_arch": [128, 128]}}
ILLEGAL_IN_TRAINING = ("no action masks: an action outside the policy's options at a decision (the legal table "
                       "actions of the offered kinds and the macros that apply) ends the episode at once with "
                       "reward -1 (the env's illegal-action rule: scored as a loss), the game unplayed; "
                       "evaluation takes the best-scored of the options, as for every algorithm")


def hyperparameters(algo: str) -> dict:
    """The sweep's default hyperparameters of ``algo`` (PPO's are MaskablePPO's)."""
    return dict(DQN_HYPERPARAMETERS if algo in ("qrdqn", "dqn") else HYPERPARAMETERS)


def model_class(algo: str):
    """The stable-baselines3 / sb3-contrib class that trains ``algo``."""
    if algo in ("maskable_ppo", "bc_maskable_ppo"):
        from sb3_contrib import MaskablePPO

        return MaskablePPO
    if algo == "qrdqn":
        from sb3_contrib import QRDQN

        return QRDQN
    if algo == "dqn":
        from stable_baselines3 import DQN

        return DQN
    if algo == "ppo":
        from stable_baselines3 import PPO

        return PPO
    raise ConfigError(f"--algo: {algo!r} is not one of {', '.join(ALGOS)}")


def numpy_policy(model):
    """The model's scoring network in NumPy (:func:`~.policy_file.from_sb3`): PPO's and MaskablePPO's
    logits, DQN's Q-values, and QR-DQN's mean of the quantiles (its last layer averaged over the
    quantiles, which is exact: the mean of linear outputs); None for a network that is not a plain MLP."""
    from .policy_file import from_sb3

    if not hasattr(model.policy, "quantile_net"):
        return from_sb3(model)
    import torch.nn as nn

    from .policy_file import ACTIVATIONS, NumpyPolicy

    net = model.policy.quantile_net
    if type(net.features_extractor).__name__ != "FlattenExtractor":
        return None
    mods = list(net.quantile_net)
    kinds = ["Linear" if isinstance(m, nn.Linear) else type(m).__name__ for m in mods]
    if kinds[0::2] != ["Linear"] * len(kinds[0::2]) or kinds[-1] != "Linear" or not all(k in ACTIVATIONS for k in kinds[1::2]):
        return None
    linears = mods[0::2]
    weights = [m.weight.detach().cpu().numpy().T for m in linears]
    biases = [m.bias.detach().cpu().numpy() for m in linears]
    nq, na = net.n_quantiles, int(net.action_space.n)
    weights[-1] = weights[-1].reshape(weights[-1].shape[0], nq, na).mean(axis=1)  # output q * na + a
    biases[-1] = biases[-1].reshape(nq, na).mean(axis=0)
    return NumpyPolicy(weights, biases, kinds[1::2])


def training_seed(seed: int) -> int:
    """The env seed of training run ``seed`` (below the evaluation seeds: the two sets are disjoint)."""
    s = 1000 * seed
    if not 0 <= s < A.TRAIN_SEED_LIMIT:
        raise ConfigError(f"--seeds: {seed} gives a training seed outside 0..{A.TRAIN_SEED_LIMIT - 1}")
    return s


def evaluate_model(model, scenario_id: str, episodes: int, macros: "list[str] | None" = None,
                   action_kinds: "list[str] | None" = None) -> tuple[float, float, float]:
    """The model's deterministic policy (the best legal action; with ``macros``, the best of the legal
    actions and the macros that apply, a macro played as the concrete action it resolves to) over the
    evaluation seeds: the mean score and its 95% interval (the protocol of ``coachgym academy evaluate``)."""
    from ..strategy.sprt import mean_interval

    policy = numpy_policy(model)  # the same network in NumPy (its scores; much faster per decision than predict)
    env = A.make(scenario_id)
    scope = _scope(scenario_id, macros, action_kinds)
    scores = []
    for i in range(episodes):
        obs, info = env.reset(seed=A.EVAL_SEED_BASE + i)
        done = False
        while not done:
            game = env.game
            legal = game.decision.legal if scope is None else scope.options(game.decision, None, game)
            if policy is not None:
                logits = policy.scores(obs)
                action = max(legal, key=lambda a: (logits[a], -a))  # the legal action scored highest
            else:
                mask = np.zeros(len(game.actions) if scope is None else scope.n_actions, dtype=bool)
                mask[list(legal)] = True
                action, _ = model.predict(obs, action_masks=mask, deterministic=True)
            if scope is not None:
                action = scope.concrete(int(action), game, game.decision.side)
            obs, _, term, trunc, info = env.step(int(action))
            done = term or trunc
        scores.append(env.score())
    m, (lo, hi) = mean_interval(scores)
    return m, lo, hi


def _scope(scenario_id: str, macros: "list[str] | None", action_kinds: "list[str] | None" = None):
    """The policy's action space with ``macros`` (a :class:`~.advice.Scope` without an advisor; its
    table actions limited to ``action_kinds`` where given), or None."""
    if not macros:
        return None
    from .advice import Scope

    return Scope(A.scenario(scenario_id).ruleset, macros=macros, action_kinds=action_kinds)


def kinds_without(scenario_id: str, drop: "list[str] | None") -> "list[str] | None":
    """``--drop-kinds substitute``: the action kinds of the scenario's table but those (in table
    order), the table actions the policy may choose; None without ``drop``; a clear error for a kind
    the table does not have."""
    if not drop:
        return None
    from .. import rulesets

    kinds = list(dict.fromkeys(a.kind for a in rulesets.get(A.scenario(scenario_id).ruleset).actions))
    unknown = [k for k in drop if k not in kinds]
    if unknown:
        raise ConfigError(f"--drop-kinds: {unknown[0]!r} is not an action kind of {scenario_id} "
                          f"(kinds: {', '.join(kinds)})")
    return [k for k in kinds if k not in drop]


def macro_wrapper(env, scenario_id: str, macros: list[str], exempt_from_stall_cost: bool = False,
                  action_kinds: "list[str] | None" = None, unmasked: bool = False):
    """The academy env with ``macros`` (``training/macros.py``) as extra actions past the action table
    (index ``len(table) + j`` is macro ``j``): offered (in ``action_masks``) at a decision where it
    resolves to a legal action, played as that concrete action. The env below, its reward and its end
    see only concrete actions. Without an advisor every legal action stays an option too, so a macro
    may duplicate one: it is the same output in every game, where the concrete substitution is not.
    ``exempt_from_stall_cost``: a change made by a macro is not charged by a :func:`stall_cost_wrapper`
    below (training reward only). ``action_kinds``: the table actions offered are those kinds' (every
    legal one where none of them is legal), e.g. every kind but the substitutions the macro stands for.
    ``unmasked`` (PPO, DQN: no masks): an action outside the options (:data:`ILLEGAL_IN_TRAINING`) ends
    the episode with reward -1, as the env itself does with an illegal table action, and is reported in
    ``info["illegal_action"]``; a table action of a kind not offered counts as outside, even where the
    game would allow it."""
    import gymnasium as gym
    from gymnasium import spaces

    scope = _scope(scenario_id, macros, action_kinds)

    class MacroActions(gym.Wrapper):
        def __init__(self, inner):
            super().__init__(inner)
            self.scope = scope
            self.action_space = spaces.Discrete(scope.n_actions)

        def action_masks(self):
            mask = np.zeros(scope.n_actions, dtype=bool)
            core = self.env.unwrapped
            game = core.game
            if core._done or game is None or game.decision is None:
                mask[:] = True  # (after the end, as the env's own mask)
                return mask
            mask[list(scope.options(game.decision, None, game))] = True
            return mask

        def step(self, action):
            action = int(action)
            if unmasked:
                refused = self._outside(action)
                if refused is not None:
                    return refused
            if action >= scope.n_table:
                game = self.env.unwrapped.game
                if game is None or game.decision is None:
                    raise GameOverError("call reset() before step()")
                d = game.decision
                if action not in scope.options(d, None, game):
                    raise IllegalActionError(action, scope.label(action), d.kind, d.legal, game.actions.labels(d.legal))
                action = scope.concrete(action, game, d.side)
                if exempt_from_stall_cost and hasattr(self.env, "exempt"):
                    self.env.exempt = True
            return self.env.step(action)

        def _outside(self, action: int):
            """None where ``action`` is one of the options; else the episode ended by the env's rule."""
            core = self.env.unwrapped
            game = core.game
            if game is None or game.decision is None or core._done:
                return None  # (the env's own answer: step() after the end)
            d = game.decision
            options = scope.options(d, None, game)
            if action in options:
                return None
            episode = core.episode
            illegal = {"action": action, "label": scope.label(action), "decision": d.kind, "legal": list(options),
                       "legal_labels": [scope.label(a) for a in options]}
            episode.refuse(illegal)
            info = episode.info()
            info["illegal_action"] = illegal
            return episode.observe(), -1.0, True, False, info

    return MacroActions(env)


def stall_cost_wrapper(env, cost: float):
    """Training only: ``cost`` is taken off the reward of every agent step after which the agent is
    asked the same kind of decision again with the game clock (the ruleset's time measure) unmoved, i.e.
    a change in an open menu (a substitution, a switch, a mode toggled) rather than play going on.

    Why (docs/academy.md "What limits learning"): a menu stays open until "play" or the ruleset's limit
    of changes, and nothing in a scenario's reward makes a change cost anything, so the from-scratch
    policy's best action at a menu drifts to a change: measured, the 30k-step Value Add agents made
    145-150 changes a 10-box episode (toggling a switch or a position swap to the limit of 8 at every
    menu) where the book makes about 3, and the Statis Pro ones 20 substitutions a minute of play where
    the book makes 0.4. The loop multiplies the decisions an episode by six, spends the menu's changes
    before a useful one can be made, and leaves the evaluation's scores unaffected (they are the
    protocol's, without the cost)."""
    import gymnasium as gym

    class StallCost(gym.Wrapper):
        stalled = False  # whether the last step was charged
        exempt = False  # set by the macro wrapper above for one step: a macro's change is not charged

        def action_masks(self):
            return self.env.action_masks()

        def step(self, action):
            e = self.env
            d = e.game.decision
            before = (d.kind, d.side, A.time_left(e.game))
            obs, reward, term, trunc, info = e.step(action)
            d2 = e.game.decision
            self.stalled = bool(not (term or trunc) and d2 is not None
                                and (d2.kind, d2.side, A.time_left(e.game)) == before)
            if self.stalled and not self.exempt:
                reward -= cost
            self.exempt = False
            return obs, reward, term, trunc, info

    return StallCost(env)


def margin_shaping_wrapper(env, weight: float):
    """Training only (``--margin-shaping W``, docs/academy.md "The full game at 1M steps"): ``W`` times the
    studied side's change of the score margin over the step, divided by the env's ``margin_scale`` (the
    ruleset's points or goals that make one unit of reward), is added to the reward of every agent step
    (the opponent's answers inside the step included). Over an episode it adds ``W`` times the margin's
    change over the scale to the scenario's own reward (the outcome of a ``win`` scenario): "shaping by
    margin", a denser signal than the result at the end. The protocol's scores are without it."""
    import gymnasium as gym

    class MarginShaping(gym.Wrapper):
        def __getattr__(self, name):  # the wrappers above it read the game's own attributes (``game``, ...)
            if name.startswith("_") or name == "env":
                raise AttributeError(name)
            return getattr(self.env, name)

        def action_masks(self):
            return self.env.action_masks()

        def step(self, action):
            episode = self.env.unwrapped.episode
            before = episode.margin()
            obs, reward, term, trunc, info = self.env.step(action)
            reward += weight * (episode.margin() - before) / episode.margin_scale
            return obs, reward, term, trunc, info

    return MarginShaping(env)


SELF_PLAY_OPPONENTS = ("the run's own checkpoints at its earlier curve points (after 0 steps), each a TrainedCoach "
                       "playing its best option, drawn uniformly; by-the-book otherwise and before the first point")


class SelfPlayOpponents:
    """The opponent of a training env under ``--self-play P`` (docs/academy.md, "Self-play against
    earlier versions"): for each training episode, with probability ``P`` (drawn from the env's own
    ``np_random``) one of ``pool``'s snapshots, uniformly, else the book. ``pool`` is the run's list of
    snapshot files, shared with :func:`run`, which appends each curve point's checkpoint (so the earlier
    versions are those of the run so far); before the first snapshot every opponent is the book. A
    snapshot is loaded once per env (a :class:`coachgym.training.coach.TrainedCoach`, its best option at
    each decision) and reset for each episode by the episode, as any opponent is. One instance per env: a
    coach object plays one episode at a time. Evaluation is always against the book (the protocol)."""

    def __init__(self, pool: "list[Path]", share: float):
        self.pool = pool
        self.share = share
        self._coaches: dict = {}
        self.drawn: dict = {}  # what this env has played: {snapshot name or "by-the-book": episodes}

    def __call__(self, rng):
        pick = "by-the-book"
        if self.pool and rng.random() < self.share:
            path = self.pool[int(rng.integers(len(self.pool)))]
            if path not in self._coaches:
                from .coach import TrainedCoach

                self._coaches[path] = TrainedCoach(path)
            pick = self._coaches[path]
            name = path.name
        else:
            name = pick
        self.drawn[name] = self.drawn.get(name, 0) + 1
        return pick


def _make_vec(scenario_id: str, seed: int, stall_cost: float = 0.0, macros: "list[str] | None" = None,
              exempt_macros: bool = False, action_kinds: "list[str] | None" = None, unmasked: bool = False,
              margin_shaping: float = 0.0, opponents: "list[SelfPlayOpponents] | None" = None):
    from stable_baselines3.common.vec_env import DummyVecEnv

    def one(k):
        def f():
            env = A.make(scenario_id, opponent=opponents[k]) if opponents else A.make(scenario_id)
            env.reset(seed=training_seed(seed) + k)
            env = margin_shaping_wrapper(env, margin_shaping) if margin_shaping else env
            env = stall_cost_wrapper(env, stall_cost) if stall_cost else env
            return macro_wrapper(env, scenario_id, macros, exempt_macros, action_kinds, unmasked) if macros else env
        return f

    vec = DummyVecEnv([one(k) for k in range(N_ENVS)])
    vec.seed(training_seed(seed))
    return vec


def parse_hp(text: str | None, algo: str = ALGO) -> dict:
    """``--hp ent_coef=0.0,learning_rate=1e-4``: overrides of :data:`HYPERPARAMETERS` (of
    :data:`DQN_HYPERPARAMETERS` for ``qrdqn`` and ``dqn``) (numbers, or ``net_arch=64x64``)."""
    HYPERPARAMETERS = hyperparameters(algo)  # noqa: N806 (the algorithm's defaults)
    out: dict = {}
    for item in (text or "").split(","):
        if not item.strip():
            continue
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or (key not in HYPERPARAMETERS and key != "net_arch"):
            raise ConfigError(f"--hp: {item!r} is not KEY=VALUE with KEY one of "
                              f"{', '.join([k for k in HYPERPARAMETERS if k != 'policy_kwargs'] + ['net_arch'])}")
        if key == "net_arch":
            try:
                out["policy_kwargs"] = {"net_arch": [int(x) for x in value.split("x")]}
            except ValueError:
                raise ConfigError(f"--hp: net_arch {value!r} is not like 128x128") from None
            continue
        try:
            num = float(value)
        except ValueError:
            raise ConfigError(f"--hp: {key}={value!r} is not a number") from None
        out[key] = int(num) if key in ("n_steps", "batch_size", "n_epochs", "buffer_size", "learning_starts", "train_freq",
                                       "gradient_steps", "target_update_interval") else num
    return out


def parse_macros(text: "str | None", scenario_id: str | None = None) -> list[str]:
    """``--macros book_substitution``: macro names of the scenario's ruleset (``training/macros.py``);
    a clear error naming an unknown one."""
    names = [n.strip() for n in (text or "").split(",") if n.strip()]
    if names and scenario_id is not None:
        from .macros import resolve_names

        resolve_names(A.scenario(scenario_id).ruleset, names, "--macros")
    return names


def parse_init(text: str | None) -> int:
    """``--init bc:N``: behaviour cloning of the book on N demonstration decisions of the scenario
    (counted in the run's budget of env steps) before MaskablePPO; ``None``/empty: from scratch;
    ``from:RUN`` (a curriculum, :func:`prior_run`): 0 here."""
    if not text or text.startswith("from:"):
        return 0
    kind, _, n = text.partition(":")
    try:
        count = int(n)
    except ValueError:
        count = -1
    if kind != "bc" or count < 1:
        raise ConfigError(f"--init: {text!r} is not bc:N (N demonstration decisions, at least 1)")
    return count


def prior_run(text: str, scenario_id: str, macros: "list[str] | None", action_kinds: "list[str] | None") -> dict:
    """``--init from:RUN``: a curriculum. ``RUN`` is an academy sweep run (its folder, or its ``model.zip``)
    of another scenario of the same ruleset, trained by MaskablePPO with the same policy outputs (macros
    and the kinds offered); its final policy is this run's start and its env steps are counted in this
    run's budget, as behaviour cloning's demonstrations are (the curve's first point after the control
    is at its steps plus this run's own). Refused, in one line, where the run is missing or unfinished,
    of another ruleset or algorithm, or of other policy outputs."""
    from . import metadata as md

    path = Path(text.partition(":")[2])
    zip_path = path / "model.zip" if path.is_dir() else path
    where = f"--init {text}"
    if not zip_path.is_file() or not zip_path.with_suffix(".json").is_file():
        raise ConfigError(f"{where}: no academy run there (a sweep run's folder with model.zip and model.json)")
    meta = md.load(zip_path)
    cfg = meta.get("config", {}).get("academy")
    if not cfg:
        raise ConfigError(f"{where}: {zip_path} is not an academy sweep run (no academy configuration)")
    curve = json.loads((zip_path.parent / "curve.json").read_text()) if (zip_path.parent / "curve.json").is_file() else None
    if not curve or max((q["steps"] for q in curve["curve"]), default=-1) < cfg["steps"]:
        raise ConfigError(f"{where}: the run is not finished (its curve stops before its {cfg['steps']} steps)")
    if A.scenario(cfg["scenario"]).ruleset != A.scenario(scenario_id).ruleset:
        raise ConfigError(f"{where}: a run of {cfg['scenario']}, another ruleset than {scenario_id}'s")
    if cfg["algo"] != ALGO:
        raise ConfigError(f"{where}: a {cfg['algo']} run; a curriculum continues a MaskablePPO run")
    if cfg.get("macros") != macros or cfg.get("action_kinds") != action_kinds:
        raise ConfigError(f"{where}: its policy's outputs (macros {cfg.get('macros')}, kinds offered "
                          f"{cfg.get('action_kinds')}) are not this run's ({macros}, {action_kinds})")
    return {"scenario": cfg["scenario"], "seed": cfg["seed"], "steps": int(meta["steps"]), "path": str(zip_path),
            "hyperparameters": cfg["hyperparameters"], "stall_cost": cfg.get("stall_cost", 0.0)}


def _check_run_options(algo: str, init: "str | None", margin_shaping: float, self_play: float) -> None:
    """Refuse, naming the option, a combination :func:`run` cannot train."""
    if algo not in ALGOS:
        raise ConfigError(f"--algo: {algo!r} is not one of {', '.join(ALGOS)}")
    if algo == "bc_maskable_ppo" and not init:
        raise ConfigError("--algo bc_maskable_ppo needs --init bc:N (the demonstration decisions, counted in the budget)")
    if init and algo not in ("maskable_ppo", "bc_maskable_ppo"):
        raise ConfigError(f"--init bc:N is behaviour cloning before MaskablePPO, not with --algo {algo}")
    if init and init.startswith("from:") and algo != ALGO:
        raise ConfigError(f"--init from:RUN continues a MaskablePPO run, not with --algo {algo}")
    if margin_shaping < 0:
        raise ConfigError("--margin-shaping must be at least 0")
    if not 0 <= self_play <= 1:
        raise ConfigError(f"--self-play must be a share of the training episodes, 0..1, got {self_play}")
    if self_play and algo not in ("maskable_ppo", "bc_maskable_ppo"):
        raise ConfigError(f"--self-play plays the run's MaskablePPO checkpoints as opponents, not with --algo {algo}")


def run(scenario_id: str, seed: int, steps: int, points: int, episodes: int, out: Path, log=print,
        init: str | None = None, hp: dict | None = None, bc_epochs: int = 20, stall_cost: float = 0.0,
        macros: "list[str] | None" = None, stall_exempt_macros: bool = False,
        drop_kinds: "list[str] | None" = None, extend_from: "Path | None" = None, algo: str = ALGO,
        margin_shaping: float = 0.0, self_play: float = 0.0) -> dict:
    """One (scenario, seed) run, resumable. ``init="bc:N"``: behaviour cloning of the book on N
    demonstration decisions (recorded on training seeds; counted in the budget: the points are at
    total env steps, demonstrations plus MaskablePPO's steps) before MaskablePPO. ``hp``: overrides of
    :data:`HYPERPARAMETERS`. ``stall_cost``: see :func:`stall_cost_wrapper` (training reward only).
    ``macros``: see :func:`macro_wrapper` (the policy's outputs, in training and evaluation);
    ``stall_exempt_macros``: a macro's change is not charged the stall cost; ``drop_kinds``: action kinds
    of the table the policy is not offered (with ``macros``: the kinds a macro stands for).
    ``extend_from``: the sweep folder of a finished run of the same configuration at a smaller budget
    (``--extend-from``): its checkpoint and curve are carried into ``out`` and training goes on from its
    step count to ``steps`` (its points are kept, the new budget's points above its budget are added).
    The continued run restarts its training envs from their seeds, as any resumed run does.
    ``algo``: one of :data:`ALGOS` (``bc_maskable_ppo`` needs ``init``; ``init`` with ``maskable_ppo`` is
    the same run). ``qrdqn`` and ``dqn`` keep their replay buffer beside the checkpoint until the run is
    whole, so a resumed run goes on with it. ``init="from:RUN"``: a curriculum (:func:`prior_run`).
    ``margin_shaping``: see :func:`margin_shaping_wrapper` (training reward only). ``self_play``: the share
    of training episodes played against the run's own earlier checkpoints (:class:`SelfPlayOpponents`;
    each curve point's checkpoint is kept as ``selfplay/stepsN.zip``); evaluation stays against the book."""
    import torch

    from . import metadata as md

    torch.set_num_threads(1)
    sc = A.scenario(scenario_id)
    _check_run_options(algo, init, margin_shaping, self_play)
    unmasked = algo in UNMASKED
    Model = model_class(algo)  # noqa: N806
    macros = parse_macros(",".join(macros or []), scenario_id)
    if stall_exempt_macros and not (macros and stall_cost):
        raise ConfigError("--stall-exempt-macros needs --macros and --stall-cost")
    if drop_kinds and not macros:
        raise ConfigError("--drop-kinds needs --macros (the macro stands for the kinds dropped)")
    action_kinds = kinds_without(scenario_id, drop_kinds)
    folder = out / scenario_id / f"seed{seed}"
    folder.mkdir(parents=True, exist_ok=True)
    curve_file = folder / "curve.json"
    ckpt = folder / "model.zip"
    demos = parse_init(init)
    prior = prior_run(init, scenario_id, macros, action_kinds) if init and init.startswith("from:") else None
    hyper = {**hyperparameters(algo), **(hp or {})}
    algo = "bc_maskable_ppo" if demos else algo
    config = _run_config(algo, scenario_id, steps, points, episodes, hyper, seed, demos, bc_epochs, stall_cost,
                         macros, stall_exempt_macros, action_kinds, drop_kinds, unmasked)
    if prior is not None:  # (absent otherwise: runs of earlier rounds resume unchanged)
        config["init"] = {"kind": "curriculum: the final policy of another academy run", "counted_in_budget": True,
                          "from": {k: prior[k] for k in ("scenario", "seed", "steps", "path")}}
    if margin_shaping:
        config["margin_shaping"] = margin_shaping  # (training reward only; evaluation is the protocol's)
    if self_play:  # (absent otherwise: runs of earlier rounds resume unchanged)
        config["self_play"] = {"share": self_play, "opponents": SELF_PLAY_OPPONENTS}
        config["opponent"] = f"by-the-book, and the run's earlier checkpoints in {self_play:.0%} of the training episodes"
    carried = None
    if extend_from is not None:
        carried = _carried_run(Path(extend_from) / scenario_id / f"seed{seed}", config)
        config["extended_from"] = {"out": str(extend_from), "steps": carried["config"]["steps"],
                                   "points": carried["config"]["points"]}
    state = json.loads(curve_file.read_text()) if curve_file.is_file() else None
    if state and state["config"] != config:
        raise ConfigError(f"{curve_file}: made with another configuration; use another --out or delete it")
    if state is None and carried is not None:  # the smaller budget's run, as it stands, is this run's start
        import shutil

        shutil.copyfile(Path(extend_from) / scenario_id / f"seed{seed}" / "model.zip", ckpt)
        state = {**carried, "config": config}
    if state is None:
        state = {"config": config, "curve": [], "train_cpu_seconds": 0.0, "eval_cpu_seconds": 0.0}
    marks = [round(steps * k / points) for k in range(points + 1)]
    snapshots = folder / "selfplay"
    pool: list[Path] = sorted((p for p in snapshots.glob("steps*.zip")), key=lambda p: int(p.stem[5:])) \
        if self_play else []
    opponents = [SelfPlayOpponents(pool, self_play) for _ in range(N_ENVS)] if self_play else None
    vec = _make_vec(scenario_id, seed, stall_cost, macros, stall_exempt_macros, action_kinds, unmasked, margin_shaping,
                    opponents)
    replay = folder / "replay_buffer.pkl"  # (off-policy runs, until the run is whole)
    if ckpt.is_file() and state["curve"]:
        model = Model.load(ckpt, env=vec, device="cpu")
        if hasattr(model, "replay_buffer") and replay.is_file():
            model.load_replay_buffer(replay)
    else:
        # (a copy: QR-DQN adds its optimizer's settings to the policy_kwargs it is given)
        model = Model("MlpPolicy", vec, seed=seed, device="cpu", verbose=0, **copy.deepcopy(hyper))
        state["curve"] = []
        state.pop("demo_decisions", None)
    done_marks = {p["steps"] for p in state["curve"]}
    covered = config["extended_from"]["steps"] if carried is not None else -1  # the carried run's points stand
    for mark in marks:
        if mark in done_marks or mark <= covered:
            continue
        if mark > 0 and demos and "demo_decisions" not in state:
            _clone_demonstrations(state, model, scenario_id, demos, seed, macros, action_kinds, bc_epochs)
        if mark > 0 and prior is not None and "prior_steps" not in state:
            source = Model.load(prior["path"], device="cpu")
            model.policy.load_state_dict(source.policy.state_dict())
            state["prior_steps"] = prior["steps"]
        used = state.get("demo_decisions", 0) + state.get("prior_steps", 0)
        todo = mark - used - model.num_timesteps
        if todo > 0:
            t0 = time.process_time()
            if algo in ("qrdqn", "dqn"):  # the exploration schedule over the whole budget, not this piece
                model.learn(total_timesteps=todo, reset_num_timesteps=False, callback=_whole_budget(steps - used))
            else:
                model.learn(total_timesteps=todo, reset_num_timesteps=False)
            state["train_cpu_seconds"] += time.process_time() - t0
        t0 = time.process_time()
        m, lo, hi = evaluate_model(model, scenario_id, episodes, macros, action_kinds)
        state["eval_cpu_seconds"] += time.process_time() - t0
        state["curve"].append({"steps": mark, "env_steps": int(model.num_timesteps) + used, "mean": m, "low": lo,
                               "high": hi, "train_cpu_seconds": round(state["train_cpu_seconds"], 1)})
        model.save(ckpt)
        if hasattr(model, "replay_buffer"):
            if mark == marks[-1]:
                replay.unlink(missing_ok=True)  # the run is whole: nothing left to resume
            else:
                model.save_replay_buffer(replay)
        meta = md.build(sc.ruleset, config={"algo": "maskable_ppo" if algo in ("maskable_ppo", "bc_maskable_ppo") else algo,
                                            "academy": config,
                                            **({"macros": macros} if macros else {}),
                                            **({"action_kinds": action_kinds} if action_kinds else {})}, seed=seed,
                        steps=int(model.num_timesteps) + used, rule_options={},
                        note=f"academy sweep: {scenario_id}, "
                             + (f"MaskablePPO after behaviour cloning of the book ({used} decisions)" if demos
                                else f"MaskablePPO after {prior['steps']} steps on {prior['scenario']} (a curriculum)"
                                if prior is not None
                                else "MaskablePPO from scratch" if algo == ALGO
                                else f"{ALGO_NAMES[algo]} from scratch (unmasked)")
                             + (f", macros {', '.join(macros)}" if macros else ""))
        md.save(ckpt, meta)
        if self_play and mark > 0:  # this point's policy joins the pool of earlier versions
            snapshots.mkdir(exist_ok=True)
            snap = snapshots / f"steps{mark}.zip"
            model.save(snap)
            md.save(snap, meta)
            if snap not in pool:
                pool.append(snap)
            state["self_play_opponents"] = _merge_counts(state.get("self_play_opponents", {}), opponents)
        tmp = curve_file.with_suffix(".tmp")
        tmp.write_text(json.dumps(state, indent=1) + "\n")
        tmp.replace(curve_file)
        log(f"{scenario_id} seed {seed}: {int(model.num_timesteps) + used:>7} steps  {sc.score_name} {m:.3f} "
            f"({lo:.3f}-{hi:.3f})  train {state['train_cpu_seconds']:.0f} CPU s, eval {state['eval_cpu_seconds']:.0f} CPU s")
    return state


def _merge_counts(done: dict, opponents: "list[SelfPlayOpponents] | None") -> dict:
    """The training episodes' opponents so far (``state["self_play_opponents"]``): the counts recorded
    before (a resumed run's) plus those the envs have drawn since, which are then cleared."""
    out = dict(done)
    for o in opponents or ():
        for name, n in o.drawn.items():
            out[name] = out.get(name, 0) + n
        o.drawn.clear()
    return out


def _run_config(algo: str, scenario_id: str, steps: int, points: int, episodes: int, hyper: dict, seed: int,
                demos: int, bc_epochs: int, stall_cost: float, macros: "list[str] | None",
                stall_exempt_macros: bool, action_kinds: "list[str] | None", drop_kinds: "list[str] | None",
                unmasked: bool) -> dict:
    """A run's configuration as its ``curve.json`` records it (a resumed run must match it exactly)."""
    config = {"algo": algo, "scenario": scenario_id, "steps": steps, "points": points, "episodes": episodes,
              "n_envs": N_ENVS, "hyperparameters": hyper, "seed": seed,
              "training_env_seed": training_seed(seed), "decision_scope": "every decision of the studied side",
              "opponent": "by-the-book"}
    if demos:  # (absent from a from-scratch run's config: runs of earlier rounds resume unchanged)
        config["init"] = {"kind": "behaviour cloning of by-the-book", "demonstration_decisions": demos,
                          "epochs": bc_epochs, "counted_in_budget": True}
        if macros:  # (the demonstrations in the policy's action space: :func:`scoped_demonstrations`)
            config["init"]["labels"] = SCOPED_LABELS
    if stall_cost:
        config["stall_cost"] = stall_cost  # (training reward only; evaluation is the protocol's)
    if macros:  # the policy's outputs: the action table and these macros (in training and evaluation)
        config["macros"] = macros
        config["decision_scope"] = "every decision of the studied side; the policy's actions: the table and the macros"
    if stall_exempt_macros:
        config["stall_cost_exempts_macros"] = True
    if action_kinds:
        config["action_kinds"] = action_kinds
        config["decision_scope"] = (f"every decision of the studied side; the policy's actions: the table but "
                                    f"{', '.join(drop_kinds)} (offered only where nothing else is legal), and the macros")
    if unmasked:
        config["illegal_actions"] = ILLEGAL_IN_TRAINING
    return config


def _clone_demonstrations(state: dict, model, scenario_id: str, demos: int, seed: int,
                          macros: "list[str] | None", action_kinds: "list[str] | None", bc_epochs: int) -> None:
    """Behaviour cloning of the book's ``demos`` demonstration decisions into ``model`` (before its
    first curve point); the decisions, episodes, accuracy and labels are recorded in ``state``."""
    from .academy_diagnose import clone, demonstrations_until

    t0 = time.process_time()
    if macros:
        data = scoped_demonstrations(scenario_id, demos, seed, macros, action_kinds)
    else:
        data = demonstrations_until(scenario_id, demos, seed)
    fit = clone(model, data, bc_epochs, seed)
    state["train_cpu_seconds"] += time.process_time() - t0
    state["demo_decisions"] = int(data.get("decisions", len(data["actions"])))
    state["demo_episodes"] = int(len(data["scores"]))
    state["bc_train_accuracy"] = fit["accuracy"]
    if macros:
        state["demo_labels"] = data["labels"]

ALGO_NAMES = {"maskable_ppo": "MaskablePPO", "ppo": "PPO", "qrdqn": "QR-DQN", "dqn": "DQN",
              "bc_maskable_ppo": "BC + MaskablePPO"}


def _whole_budget(total: int):
    """A callback that makes the learner's schedules (DQN's epsilon) run over ``total`` env steps, the
    run's whole budget, although ``learn`` is called once per curve point (each call would otherwise
    take its own piece as the whole)."""
    from stable_baselines3.common.callbacks import BaseCallback

    class WholeBudget(BaseCallback):
        def _on_training_start(self) -> None:
            self.model._total_timesteps = total

        def _on_step(self) -> bool:
            return True

    return WholeBudget()


SCOPED_LABELS = ("the book's action where it is one of the policy's table options; else the first macro "
                 "that resolves to it; else (the book's action not in the policy's scope) the decision is "
                 "left out of the cloning but its env step is counted")


def scoped_demonstrations(scenario_id: str, decisions: int, seed: int, macros: list[str],
                          action_kinds: "list[str] | None" = None) -> dict:
    """The book's demonstrations of training run ``seed`` (the seeds of
    :func:`~.academy_diagnose.demonstrations_until`), whole episodes until at least ``decisions``
    decisions, labelled in the policy's action space with ``macros`` (:data:`SCOPED_LABELS`): the
    options' mask, the label, the return to the end; ``decisions`` (every env step the book took, the
    budget's count) and ``labels`` (how many decisions were labelled a table action, a macro, or left
    out)."""
    from .. import rulesets
    from .academy_diagnose import DEMO_SEED_BASE

    sc = A.scenario(scenario_id)
    rs = rulesets.get(sc.ruleset)
    scope = _scope(scenario_id, macros, action_kinds)
    env = A.make(scenario_id)
    base = DEMO_SEED_BASE + 100_000 * seed
    obs, masks, acts, rets, scores = [], [], [], [], []
    counts = {"table": 0, "macro": 0, "left_out": 0}
    steps = 0
    i = 0
    while steps < decisions:
        if base + i >= A.TRAIN_SEED_LIMIT:
            raise ConfigError("demonstration seeds would reach the evaluation seeds")
        o, _ = env.reset(seed=base + i)
        coach = rs.coach("by-the-book", seed=base + i)
        coach.reset(env.game, env.side, base + i)
        kept, rewards = [], []
        done = env.clock.over(env.game)
        while not done:
            game = env.game
            d = game.decision
            a = int(coach.choose(game, d))
            options = scope.options(d, None, game)
            label = None
            if a in options and a < scope.n_table:
                label, kind = a, "table"
            else:
                label = next((x for x in options if x >= scope.n_table and scope.concrete(x, game, d.side) == a), None)
                kind = "macro" if label is not None else "left_out"
            counts[kind] += 1
            if label is not None:
                mask = np.zeros(scope.n_actions, dtype=bool)
                mask[list(options)] = True
                obs.append(o)
                masks.append(mask)
                acts.append(label)
                kept.append(len(rewards))
            o, r, term, trunc, _ = env.step(a)
            rewards.append(r)
            steps += 1
            done = term or trunc
        togo = np.cumsum(rewards[::-1])[::-1] if rewards else np.zeros(0)
        rets.extend(float(togo[k]) for k in kept)
        scores.append(env.score())
        i += 1
    return {"obs": np.asarray(obs, dtype=np.float32), "masks": np.asarray(masks, dtype=bool),
            "actions": np.asarray(acts, dtype=np.int64), "returns": np.asarray(rets, dtype=np.float32),
            "scores": np.asarray(scores, dtype=float), "decisions": steps, "labels": counts}


def _carried_run(folder: Path, config: dict) -> dict:
    """The finished run in ``folder`` that ``--extend-from`` continues: its curve state, checked to be
    whole and of ``config`` but for a smaller budget (``steps``, ``points``); a clear error otherwise."""
    f = folder / "curve.json"
    if not f.is_file() or not (folder / "model.zip").is_file():
        raise ConfigError(f"--extend-from: {folder} has no finished run (curve.json and model.zip)")
    state = json.loads(f.read_text())
    old = state["config"]
    differs = sorted(k for k in set(old) | set(config) if k not in ("steps", "points", "extended_from") and old.get(k) != config.get(k))
    if differs:
        raise ConfigError(f"--extend-from: {f} was made with another configuration ({', '.join(differs)} differ)")
    if old["steps"] >= config["steps"]:
        raise ConfigError(f"--extend-from: {f} has a budget of {old['steps']} steps, not below --steps {config['steps']}")
    if not state["curve"] or max(p["steps"] for p in state["curve"]) < old["steps"]:
        raise ConfigError(f"--extend-from: {f} is not finished (its curve stops before {old['steps']} steps)")
    return state


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--scenarios", required=True, help="comma-separated scenario ids")
    p.add_argument("--steps", type=int, default=50_000, help="env steps per run (default 50000)")
    p.add_argument("--seeds", default="0,1,2", help="comma-separated training seeds (default 0,1,2)")
    p.add_argument("--points", type=int, default=10, help="evaluation points after the 0-step control (default 10)")
    p.add_argument("--episodes", type=int, default=200, help="evaluation episodes per point (default 200)")
    p.add_argument("--out", type=Path, default=Path("runs/academy"))
    p.add_argument("--init", default=None, help="bc:N: behaviour cloning of the book on N demonstration decisions "
                                                "(counted in --steps) before MaskablePPO; from:RUN: a curriculum, "
                                                "the final policy of another scenario's run (a sweep run's folder; "
                                                "its steps counted in --steps) (default: from scratch)")
    p.add_argument("--margin-shaping", type=float, default=0.0,
                   help="training only: add W x the score margin's change / margin_scale to every step's reward "
                        "(default 0: none)")
    p.add_argument("--self-play", type=float, default=0.0,
                   help="training only: the share (0..1) of training episodes whose opponent is one of the run's own "
                        "checkpoints at its earlier curve points, drawn uniformly; the book otherwise (default 0)")
    p.add_argument("--bc-epochs", type=int, default=20, help="epochs of behaviour cloning with --init (default 20)")
    p.add_argument("--stall-cost", type=float, default=0.0,
                   help="training only: cost of each change in an open menu (a decision of the same kind again "
                        "with the clock unmoved), in reward units (default 0: none)")
    p.add_argument("--macros", default=None,
                   help="comma-separated macro actions of training/macros.py as extra policy outputs, e.g. "
                        "book_substitution (default: none)")
    p.add_argument("--stall-exempt-macros", action="store_true",
                   help="with --macros and --stall-cost: a change made by a macro is not charged (training only)")
    p.add_argument("--drop-kinds", default=None,
                   help="with --macros: comma-separated action kinds the policy is not offered (the kinds the macro "
                        "stands for, e.g. substitute), except where nothing else is legal")
    p.add_argument("--extend-from", type=Path, default=None,
                   help="continue each run from its finished checkpoint in this sweep folder (same configuration, "
                        "a smaller --steps) to --steps, its points kept and its step count carried on")
    p.add_argument("--hp", default=None, help="hyperparameter overrides, e.g. ent_coef=0,learning_rate=1e-4,net_arch=64x64")
    p.add_argument("--algo", default=ALGO, choices=ALGOS,
                   help="maskable_ppo (default), ppo, qrdqn or dqn (unmasked: an action outside the options ends the "
                        "training episode, reward -1), or bc_maskable_ppo (with --init bc:N)")
    a = p.parse_args(argv)
    try:
        ids = [s.strip() for s in a.scenarios.split(",") if s.strip()]
        for sid in ids:
            A.scenario(sid)
        seeds = [int(s) for s in a.seeds.split(",")]
        if a.steps < 1 or a.points < 1 or a.episodes < 2:
            raise ConfigError("--steps and --points must be positive, --episodes at least 2")
        hp = parse_hp(a.hp, a.algo)
        if a.stall_cost < 0:
            raise ConfigError("--stall-cost must be at least 0")
        parse_init(a.init)
        macros = parse_macros(a.macros)
        for sid in ids:
            parse_macros(a.macros, sid)
        for seed in seeds:  # seed-major: every scenario has as many seeds as the time allowed
            for sid in ids:
                run(sid, seed, a.steps, a.points, a.episodes, a.out, log=lambda s: print(s, flush=True),
                    init=a.init, hp=hp, bc_epochs=a.bc_epochs, stall_cost=a.stall_cost, macros=macros,
                    stall_exempt_macros=a.stall_exempt_macros,
                    drop_kinds=[k.strip() for k in (a.drop_kinds or "").split(",") if k.strip()] or None,
                    extend_from=a.extend_from, algo=a.algo, margin_shaping=a.margin_shaping, self_play=a.self_play)
    except (ConfigError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    sys.exit(main())
