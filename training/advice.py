"""Advice: a scripted coach's suggestion as part of what a learned coach observes, and the scope of
what the learned coach decides.

With ``advice: by-the-book`` in a training config, the observation the policy sees is the env's
observation followed by a one-hot vector over the action table marking the action the scripted
coach would choose at this decision (residual policy learning: the network starts from "follow the
book" and learns where to depart from it). The trained coach carries its own copy of that scripted
coach and asks it at every decision, exactly as in training; the model's metadata records the
advisor, so a model is always played with the advice it was trained with.

Why: a coach's game holds hundreds of decisions, and some (lineups, double teams) hinge on sharp
thresholds of the state ("twelve points and twice any teammate's"). Imitating such rules from the
raw observation alone leaves errors that compound over a game (measured in 4th Street: a clone
agreeing with the book on 88% of decisions won 7% of mirror games against it). With the suggestion
in view, imitation is exact and reinforcement learning spends its samples on the departures.

The **scope** narrows what the policy decides, so that exploration is spent where coaching can
gain (``coachgym leverage`` measures where that is):

* ``decisions``: the decision kinds the policy makes (e.g. ``[defense, offense]``);
* ``action_kinds``: the action kinds the policy may choose (e.g. the defences and plays of a
  4th Street decision, not the substitutions the same decision also offers);
* ``advisor_keeps``: action kinds the advisor keeps: when its suggestion is one of them, it is taken
  and the policy is not asked (e.g. ``[substitute]``: the policy may declare a Double Team at a
  menu, but not in place of the book's rotation substitution that the same menu holds).

At a decision outside the scope, or where the scope leaves the policy only the advisor's own
suggestion, the advisor's action is taken (in training inside the env's ``step``, in play by the
trained coach). Inside the scope the policy chooses among the in-scope legal actions and the
advisor's suggestion.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from .. import rulesets
from ..core.engine import Decision, Engine
from ..core.errors import IllegalActionError
from .macros import resolve_names


class Advisor:
    """Wraps a scripted coach: ``advise(game, decision)`` is the action it would choose."""

    def __init__(self, ruleset: str, coach: str, seed: int | None = 0):
        self.ruleset = rulesets.get(ruleset)
        self.coach = self.ruleset.coach(coach, seed=seed)
        self.n_actions = len(self.ruleset.actions)
        self._game: Engine | None = None
        self._side: int | None = None

    def reset(self, game: Engine, side: int, seed: int | None = None) -> None:
        self.coach.reset(game, side, seed)
        self._game, self._side = game, side

    def advise(self, game: Engine, decision: Decision) -> int:
        """The scripted coach's choice. Ask once per decision: a stateful coach counts on it."""
        if game is not self._game or decision.side != self._side:
            self.reset(game, decision.side)
        return int(self.coach.choose(game, decision))

    def one_hot(self, advice: int | None) -> np.ndarray:
        v = np.zeros(self.n_actions, dtype=np.float32)
        if advice is not None:
            v[advice] = 1.0
        return v


SCOPE_KEYS = ("decisions", "action_kinds", "advisor_keeps", "macros")


def scope_of(config: Any) -> dict[str, Any]:
    """The scope keys of a training config (or of a model's metadata ``config``), as keyword
    arguments of :class:`Scope` (and of everything that builds one)."""
    return {k: config.get(k) for k in SCOPE_KEYS}


class Scope:
    """Which decisions, and which actions at them, the policy makes (the advisor makes the rest).

    The policy's action space is the ruleset's action table followed by the scope's macros."""

    def __init__(self, ruleset: str, decisions: Sequence[str] | None = None, action_kinds: Sequence[str] | None = None,
                 advisor_keeps: Sequence[str] | None = None, macros: Sequence[str] | None = None):
        table = rulesets.get(ruleset).actions
        self.decisions = frozenset(decisions) if decisions else None
        self.action_kinds = frozenset(action_kinds) if action_kinds else None
        self.advisor_keeps = frozenset(advisor_keeps) if advisor_keeps else None
        self.macros = resolve_names(ruleset, list(macros) if macros else None)
        self._table = table
        self.n_table = len(table)
        self.n_actions = self.n_table + len(self.macros)
        self._in_kind = [self.action_kinds is None or a.kind in self.action_kinds for a in table]
        self._kept = [self.advisor_keeps is not None and a.kind in self.advisor_keeps for a in table]

    @property
    def everything(self) -> bool:
        return self.decisions is None and self.action_kinds is None and self.advisor_keeps is None and not self.macros

    def options(self, decision: Decision, advice: int | None, game: Engine | None = None) -> tuple[int, ...] | None:
        """The policy's options at this decision, or ``None`` when the advisor decides alone. Macro
        options (indices past the table) need ``game``. ``advice=None`` (a policy without an advisor,
        e.g. the academy's ``--macros``): every legal action (of ``action_kinds`` where given, every
        legal action where none of those is legal), and each macro that resolves to a legal action, even
        one also offered by its index (the macro is the same output in every game)."""
        if advice is None:
            opts = tuple(decision.legal)
            if self.action_kinds is not None:
                opts = tuple(a for a in opts if self._in_kind[a]) or opts
            if self.macros and game is not None:
                opts += tuple(self.n_table + j for j, m in enumerate(self.macros)
                              if not (m.decision_kinds and decision.kind not in m.decision_kinds)
                              and m.resolve(game, decision.side) in decision.legal)
            return opts
        if self.decisions is not None and decision.kind not in self.decisions:
            return None
        if self._kept[advice]:
            return None
        if self.action_kinds is None:
            opts = decision.legal
        else:
            opts = tuple(a for a in decision.legal if self._in_kind[a] or a == advice)
        if self.macros and game is not None:
            extra = []
            for j, m in enumerate(self.macros):
                if m.decision_kinds and decision.kind not in m.decision_kinds:
                    continue
                a = m.resolve(game, decision.side)
                if a is not None and a != advice and a in decision.legal and a not in opts:
                    extra.append(self.n_table + j)
            opts = tuple(opts) + tuple(extra)
        return opts if len(opts) > 1 else None

    def label(self, action: int) -> str:
        """The action's label in the policy's action space (a macro's is prefixed "macro:")."""
        if 0 <= action < self.n_table:
            return self._table[action].label
        if self.n_table <= action < self.n_actions:
            return "macro: " + self.macros[action - self.n_table].label
        return "not an action"

    def concrete(self, action: int, game: Engine, side: int) -> int:
        """The action-table index of a policy action (a macro resolves against the game)."""
        if action < self.n_table:
            return action
        m = self.macros[action - self.n_table]
        a = m.resolve(game, side)
        if a is None:
            raise ValueError(f"macro {m.name!r} does not apply at this decision")
        return a


def advice_wrapper(env: Any, ruleset: str, coach: str, **scope: Any):
    """A Gymnasium wrapper appending the advisor's one-hot suggestion to the observation and letting
    the advisor make the decisions outside the scope (``scope``: the keyword arguments of
    :class:`Scope`; their rewards are added to the step's). With ``macros`` the action space grows
    past the action table by one action per macro."""
    import gymnasium as gym
    from gymnasium import spaces

    scope = Scope(ruleset, **scope)

    class AdviceObservation(gym.Wrapper):
        def __init__(self, inner):
            super().__init__(inner)
            self.advisor = Advisor(ruleset, coach)
            self.scope = scope
            base = inner.observation_space
            n = self.advisor.n_actions
            self.observation_space = spaces.Box(np.concatenate([base.low, np.zeros(n, np.float32)]),
                                                np.concatenate([base.high, np.ones(n, np.float32)]), dtype=np.float32)
            if scope.macros:
                self.action_space = spaces.Discrete(scope.n_actions)
            self._options: tuple[int, ...] | None = None
            self._advice: int | None = None

        def _augment(self, obs):
            return np.concatenate([obs, self.advisor.one_hot(self._advice)])

        def _delegate(self, reward: float, terminated: bool, truncated: bool) -> tuple[float, bool, bool, bool]:
            """Let the advisor answer the decisions outside the scope (no observation is built for
            them: the learner never sees them). Returns the summed reward, the episode's end flags,
            and whether any decision was answered."""
            core = self.env.unwrapped
            game = core.game
            self._options = self._advice = None
            answered = False
            while not (terminated or truncated) and game.decision is not None:
                advice = self.advisor.advise(game, game.decision)
                opts = self.scope.options(game.decision, advice, game)
                if opts is not None:
                    self._options, self._advice = opts, advice
                    break
                r, terminated, truncated = core.advance(advice)
                reward += r
                answered = True
            return reward, terminated, truncated, answered

        def reset(self, **kwargs):
            obs, info = self.env.reset(**kwargs)
            core = self.env.unwrapped
            self.advisor.reset(core.game, core.side)
            _, terminated, truncated, answered = self._delegate(0.0, False, False)
            if terminated or truncated:  # a game without a single decision in the scope
                return self.reset(**{k: v for k, v in kwargs.items() if k != "seed"})
            if answered:
                obs, info = core.observe()
            info["action_mask"] = self.action_masks()
            return self._augment(obs), info

        def step(self, action):
            action = int(action)
            core = self.env.unwrapped
            game = core.game
            if action >= self.scope.n_table:
                if self._options is None or action not in self._options:
                    legal = self._options or ()
                    raise IllegalActionError(action, self.scope.label(action), game.decision.kind if game.decision else "none",
                                             legal, [self.scope.label(a) for a in legal])
                action = self.scope.concrete(action, game, game.decision.side)
            if game is None or game.decision is None or action not in game.decision.legal:
                # the env's own answer (an illegal action ends the episode as a loss, or raises when strict)
                obs, reward, terminated, truncated, info = self.env.step(action)
                self._options = self._advice = None
            else:
                reward, terminated, truncated = core.advance(action)
                reward, terminated, truncated, _ = self._delegate(reward, terminated, truncated)
                obs, info = core.observe()
            info["action_mask"] = self.action_masks()
            return self._augment(obs), reward, terminated, truncated, info

        def action_masks(self):
            mask = self.env.unwrapped.action_masks()
            if self._options is not None and not self.scope.everything:
                mask = np.zeros(self.scope.n_actions, dtype=bool)
                mask[list(self._options)] = True
            elif len(mask) < self.scope.n_actions:  # no decision pending: the macros are not offered
                mask = np.concatenate([mask, np.zeros(self.scope.n_actions - len(mask), dtype=bool)])
            return mask

    return AdviceObservation(env)
