"""Rollouts: play a decision's option out to the end from resampled copies of the game.

A *round* is one resampled future (:meth:`Engine.resampled` with the round's seed: new dice, undrawn
cards reshuffled, hidden choices redrawn) played once for every option under evaluation: common
random numbers, so two options are compared on the same deck order, the same dice seed and the same
rollout coaches' seeds. Both sides are played by a rollout *policy* (a coach spec: ``"book"`` for
by-the-book, ``"trained"``, ``"random"``, ``"by-the-book:double_team=star"`` ...).

:class:`RolloutTask` carries a game and a list of rounds to a worker of the match runner
(``coachgym.core.runner``), so rollouts run on any backend (inline, local processes, Ray) and give
the same numbers on each.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass
from typing import Sequence

from .. import rulesets
from ..core.engine import HOME, Engine
from ..core.errors import ConfigError
from .holds import Hold, hold_spec

POLICY_ALIASES = {"book": "by-the-book"}


def policy_spec(name: str) -> str:
    """A rollout policy's coach spec (``book`` is short for ``by-the-book``); a search coach cannot
    be a rollout policy (it would search inside every rollout)."""
    spec = POLICY_ALIASES.get(name, name)
    if spec.split(":", 1)[0] == "search":
        raise ConfigError("a rollout policy cannot be a search coach; use book, trained, random or a scripted coach")
    return spec


def round_seed(seed: int, r: int) -> int:
    """The resample seed of round ``r`` of a search seeded ``seed``."""
    return (seed * 1_000_003 + r) & 0x7FFF_FFFF_FFFF_FFFF


class Policies:
    """The two rollout coaches (home, away), built once and reset for every rollout."""

    def __init__(self, ruleset: str, policy: str, opponent: str | None = None, *, side: int = HOME):
        rs = rulesets.get(ruleset)
        mine, theirs = policy_spec(policy), policy_spec(opponent or policy)
        self.specs = (mine, theirs) if side == HOME else (theirs, mine)
        self.coaches = tuple(rs.coach(spec, seed=0) for spec in self.specs)

    def play_out(self, game: Engine, seed: int, max_decisions: int | None = None, hold: Hold | None = None) -> None:
        """Play ``game`` on to the end (or ``max_decisions`` more decisions) with the rollout coaches;
        a ``hold`` (:mod:`coachgym.search.holds`) filters its side's choices within its scope."""
        home, away = self.coaches
        home.reset(game, 0, seed * 2 + 1)
        away.reset(game, 1, seed * 2 + 2)
        coaches = self.coaches
        n = 0
        while game.decision is not None:
            d = game.decision
            a = coaches[d.side].choose(game, d)
            if hold is not None and d.side == hold.side and not hold.done:
                a = hold.filter(game, d, a)
            game.step(a)
            n += 1
            if max_decisions is not None and n >= max_decisions:
                return


def outcome(game: Engine, side: int) -> tuple[float, int]:
    """(win score, margin) of a finished game for ``side``: 1 a win, 0.5 a draw, 0 a loss."""
    h, a = game.score
    margin = h - a if side == HOME else a - h
    return (1.0 if margin > 0 else 0.5 if margin == 0 else 0.0), margin


def run_rounds(game: Engine, side: int, actions: Sequence[int], rounds: Sequence[int], seed: int,
               policies: Policies, horizon: int | None = None,
               scope: str | None = "default",
               free: int | None = None) -> list[list[tuple[float, float, tuple[int, int, int] | None]]]:
    """For every round, every action's (value, margin, hold) for ``side`` from the same resampled
    future. Played to the end the value is the win score (1, 0.5, 0); with a ``horizon`` a rollout
    stops after that many decisions and the value is :func:`coachgym.search.value.leaf_value`. Each
    action is held for ``scope`` (:mod:`coachgym.search.holds`; None or ``decision``: not held);
    ``hold`` is (choices masked, calls replayed, ended early) or None where nothing was held. The
    ``free`` action (the rollout coach's own choice) is not held: the rollout coach plays on as itself."""
    from .value import leaf_value

    specs = {a: hold_spec(game, a, scope) for a in actions if a != free} if scope not in (None, "decision") else {}
    out = []
    for r in rounds:
        rs = round_seed(seed, r)
        row = []
        for action in actions:
            g = game.resampled(rs, viewer=side, record_events=False)
            spec = specs.get(action)
            if spec is None:
                g.step(action)
                hold = None
            else:
                hold = Hold.start(g, side, action, spec)
            policies.play_out(g, rs, horizon, hold)
            if g.over:
                v, m = outcome(g, side)
            else:
                h, a = g.score
                v, m = leaf_value(g, side), h - a if side == HOME else a - h
            row.append((v, m, hold.stats.as_tuple() if hold is not None else None))
        out.append(row)
    return out


def portable(game: Engine) -> bytes:
    """The game as a worker needs it: pickled, without its past event lines (rollouts never read
    them; the count is kept)."""
    g = game.clone(record_events=False)
    g.log.events = []
    return pickle.dumps(g, protocol=pickle.HIGHEST_PROTOCOL)


@dataclass(frozen=True)
class RolloutTask:
    """Rounds of rollouts of one decision, as a task for ``coachgym.core.runner`` backends."""

    game: bytes  # portable(game)
    ruleset: str
    side: int
    actions: tuple[int, ...]
    rounds: tuple[int, ...]
    seed: int
    policy: str
    opponent: str | None = None
    horizon: int | None = None
    scope: str | None = "default"
    free: int | None = None

    @property
    def games(self) -> int:
        return len(self.actions) * len(self.rounds)

    def run(self) -> list[list[tuple[float, int]]]:
        game = pickle.loads(self.game)
        policies = _policies(self.ruleset, self.policy, self.opponent, self.side)
        return run_rounds(game, self.side, self.actions, self.rounds, self.seed, policies, self.horizon, self.scope,
                          self.free)

    def __repr__(self) -> str:
        return f"RolloutTask({self.ruleset}, side {self.side}, actions {self.actions}, rounds {self.rounds[0]}..{self.rounds[-1]})"


_POLICY_CACHE: dict[tuple, Policies] = {}  # per worker process: coaches (a trained model) are built once


def _policies(ruleset: str, policy: str, opponent: str | None, side: int) -> Policies:
    key = (ruleset, policy, opponent, side)
    p = _POLICY_CACHE.get(key)
    if p is None:
        if len(_POLICY_CACHE) > 16:
            _POLICY_CACHE.clear()
        p = _POLICY_CACHE[key] = Policies(ruleset, policy, opponent, side=side)
    return p


def describe_policy(policy: str, opponent: str | None = None) -> str:
    mine, theirs = policy_spec(policy), policy_spec(opponent or policy)
    return f"{mine} for both sides" if mine == theirs else f"{mine} for the side to decide, {theirs} for the other"


def check_policy(ruleset: str, policy: str, opponent: str | None = None) -> None:
    """Fail early, naming the coach, when a rollout policy cannot be built (e.g. no trained model)."""
    rs = rulesets.get(ruleset)
    for spec in {policy_spec(policy), policy_spec(opponent or policy)}:
        rs.coach(spec, seed=0)

