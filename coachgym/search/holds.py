"""Scopes, and rollouts that hold the option under evaluation for its scope.

A rollout that plays an option and then lets the rollout coach (the book) play on measures the
book, not the option, wherever the book reverses the option at its next decision: it substitutes a
Double Team's helper out, moves a position shift back, calls its own defense at the next setup
play. So every option is *held* for a *scope*:

* a **scope** (:class:`Scope`, ``--scope`` of ``coachgym analyze`` and ``coachgym situation``) is
  ``decision`` (this decision only), ``period`` (until the period ends), ``half`` (until the half
  ends), ``game`` (the rest of the game), ``minutes:N`` (``boxes:N`` in Value Add: that much of the
  game clock), ``situation`` (``situation`` only: while its condition holds) or ``default``: each
  kind of option's own scope, from the ruleset's holds (``coachgym/rules/<name>/data/holds.json``,
  declared with :class:`coachgym.core.holds.HoldRules` and registered as ``Ruleset(holds=...)``);
* a **hold** (:class:`Hold`) keeps the option in force within its scope while the rollout coach plays
  everything else: an option that changes a coaching *setting* (a lineup, a Double Team, defensive
  assignments, a mode) is protected - a change by the rollout coach that would undo it is replaced
  by the decision's "no change" action - and an option that is a *call* made at every decision of
  its kind (a defense, a PRESS, pressing) is called again wherever the rollout coach would make
  another call of that kind. The rules still end a setting (a player fouls out, a Double Team's
  target leaves): the hold counts it as *ended early*.

:func:`hold_spec` tells an option's hold and scope; :meth:`Hold.start` starts one in a rollout
right after the option is played; ``Hold.filter`` is asked at each of the side's decisions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

from ..core.engine import Engine
from ..core.errors import ConfigError
from ..core.holds import SCOPE_WORDS, HoldEntry, HoldRules


def rules_of(ruleset: str) -> HoldRules:
    """The holds ``ruleset`` declares (its registration's ``holds``, rules/<name>/holds.py); a ruleset
    that declares none is refused by name, never held with an empty table."""
    from .. import rulesets

    rs = rulesets.get(ruleset)
    if rs.holds is None:
        raise ConfigError(f"{rs.name}: its registration declares no holds (Ruleset(holds=...), coachgym.core.holds), "
                          f"so the search cannot hold its options")
    return rs.holds


# ---------------------------------------------------------------------------------- scopes
@dataclass(frozen=True)
class Scope:
    """How long a choice is held: ``kind`` one of :data:`SCOPE_WORDS` or ``time`` (``amount`` of the
    ruleset's clock unit: minutes, or boxes in Value Add)."""

    kind: str
    amount: float = 0.0
    unit: str = ""

    @property
    def text(self) -> str:
        return f"{self.unit}:{self.amount:g}" if self.kind == "time" else self.kind

    def describe(self) -> str:
        if self.kind == "time":
            return f"{self.amount:g} {self.unit}"
        return {"decision": "this decision", "period": "the period", "half": "the half", "game": "the game",
                "situation": "while the situation holds", "default": "each option's default"}[self.kind]


def parse_scope(text: str | Scope, ruleset: str, allowed: tuple[str, ...] = SCOPE_WORDS) -> Scope:
    """``"period"``, ``"minutes:6"`` (``"boxes:6"`` where the ruleset counts boxes) ... -> a
    :class:`Scope` (a clear error otherwise; ``period`` and ``half`` only where the ruleset has them)."""
    if isinstance(text, Scope):
        return text
    t = str(text).strip().lower()
    rules = rules_of(ruleset)
    unit = rules.time_unit
    offered = rules.scopes()
    allowed = tuple(w for w in allowed if w in offered)
    words = ", ".join(allowed) + f" or {unit}:N"
    if ":" in t:
        word, _, n = t.partition(":")
        if word != unit:
            raise ConfigError(f"--scope {text!r}: {ruleset} measures time in {unit} ({unit}:N); scopes: {words}")
        try:
            amount = float(n)
        except ValueError:
            amount = math.nan
        if not amount > 0:
            raise ConfigError(f"--scope {text!r}: {unit}:N needs a positive number")
        return Scope("time", amount, unit)
    if t not in allowed:
        raise ConfigError(f"--scope {text!r}: not a scope; scopes: {words}")
    return Scope(t)


def _time_left(g: Any) -> float:
    """The time left by the ruleset's own measure (its registration's vocabulary and time variable)."""
    from .. import rulesets

    rs = rulesets.get(g.ruleset)
    return float(rs.part("vocabulary").variables[rs.time_variable].get(g, 0, None))


class ScopeClock:
    """Tells when a scope that started at ``game``'s present position is over."""

    def __init__(self, scope: Scope, game: Engine):
        self.scope = scope
        self.kind = scope.kind
        self._mark: Callable[[Any], Any] | None = None  # the ruleset's mark of the period (the half) it is in
        if self.kind in ("period", "half"):
            rules = rules_of(game.ruleset)
            self._mark = rules.period if self.kind == "period" else rules.half
            if self._mark is None:  # (parse_scope refuses these scopes where the ruleset has none)
                raise ConfigError(f"--scope {scope.text!r}: {game.ruleset} has no {self.kind}s")
            self.mark = self._mark(game)
        elif self.kind == "time":
            self.mark = _time_left(game)

    def over(self, game: Engine) -> bool:
        k = self.kind
        if game.over or k == "decision":
            return True
        if k == "game":
            return False
        if k == "period" or k == "half":
            return self._mark(game) != self.mark
        if k == "time":
            left = _time_left(game)
            return left > self.mark or self.mark - left >= self.scope.amount
        raise ConfigError(f"scope {self.scope.text!r} has no clock (it needs a situation)")


# ---------------------------------------------------------------------------------- holds
def settings(game: Any, side: int) -> dict:
    """A side's coaching settings, part by part: what a *setting* option changes and a hold keeps
    (the ruleset's own reading, its holds' ``settings``)."""
    return rules_of(game.ruleset).settings(game, side)


@dataclass(frozen=True)
class HoldSpec:
    """How an option is held: ``mode`` ``setting``, ``call`` or ``none`` (decision only), for ``scope``."""

    mode: str
    scope: Scope
    instead_of: frozenset[str] = frozenset()
    why: str = ""

    @property
    def holds(self) -> bool:
        return self.mode != "none" and self.scope.kind != "decision"


def hold_spec(game: Engine, action: int, scope: str | Scope = "default") -> HoldSpec:
    """How ``action`` at ``game``'s pending decision is held, for ``scope`` (``default``: its kind's
    scope from the ruleset's holds, :class:`coachgym.core.holds.HoldRules`; an option of a kind not listed there is held for the decision
    only, whatever the scope, unless it changes a setting)."""
    sc = parse_scope(scope, game.ruleset)
    act = game.actions[action]
    rules = rules_of(game.ruleset)
    e: HoldEntry | None = rules.entry(act)
    if e is None:
        mode = "setting" if act.kind in rules.changes else "none"
        default = Scope("decision")
        why = ""
    else:
        mode, default, why = e.hold, parse_scope(e.scope, game.ruleset), e.why
    if sc.kind == "default":
        sc = default
    if mode == "none" or sc.kind == "situation":
        sc = Scope("decision") if mode == "none" else sc
    return HoldSpec(mode, sc, frozenset(e.instead_of if e is not None else ()), why)


@dataclass
class HoldStats:
    """What holding did in one rollout: the rollout coach's choices replaced because they would have
    undone the option (``masked``), the option called again (``replays``), whether the rules ended
    the option's effect before its scope (``ended``)."""

    masked: int = 0
    replays: int = 0
    ended: bool = False

    def as_tuple(self) -> tuple[int, int, int]:
        return (self.masked, self.replays, int(self.ended))


@dataclass
class Hold:
    """One rollout's hold of ``action`` for ``side`` (see the module docstring)."""

    spec: HoldSpec
    side: int
    action: int
    clock: ScopeClock | None
    parts: dict = field(default_factory=dict)  # held settings: part -> value
    stats: HoldStats = field(default_factory=HoldStats)
    done: bool = False
    pending: dict | None = None  # a committed hold's settings before its action (see ``commit``)
    left: int | None = None  # a committed hold's decisions of its side still held (None: the whole scope)

    @classmethod
    def start(cls, game: Engine, side: int, action: int, spec: HoldSpec,
              play: Callable[[Engine], None] | None = None) -> "Hold | None":
        """Play ``action`` in ``game`` (``play(game)``, default ``game.step(action)``) and return its
        hold (None when it holds for the decision only)."""
        if not spec.holds:
            (play or (lambda g: g.step(action)))(game)
            return None
        before = settings(game, side) if spec.mode == "setting" else {}
        (play or (lambda g: g.step(action)))(game)
        parts = {}
        if spec.mode == "setting":
            after = settings(game, side)
            parts = {k: v for k, v in after.items() if before.get(k) != v}
            parts.update({k: None for k in before if k not in after})
            if not parts:
                return None  # changed nothing that lasts: nothing to hold
        return cls(spec, side, action, ScopeClock(spec.scope, game), parts)

    @classmethod
    def commit(cls, game: Engine, side: int, action: int, spec: HoldSpec,
               decisions: int | None = None) -> "Hold | None":
        """A hold for a coach's own play: ``action`` is about to be played in ``game`` (not played here);
        the settings it changed are read at the side's next decision (``filter``). ``decisions``: hold
        it for at most that many more decisions of the side (as far as truncated rollouts looked)."""
        if not spec.holds:
            return None
        h = cls(spec, side, action, ScopeClock(spec.scope, game), left=decisions)
        h.pending = settings(game, side) if spec.mode == "setting" else None
        return h

    def _intact(self, game: Engine) -> bool:
        now = settings(game, self.side)
        return all(now.get(k) == v for k, v in self.parts.items())

    def filter(self, game: Engine, decision: Any, proposed: int) -> int:
        """The action to play at ``decision`` of the held side, where the rollout coach proposes ``proposed``."""
        if self.done:
            return proposed
        if self.pending is not None:  # a committed hold: what its action changed, now that it is played
            now = settings(game, self.side)
            self.parts = {k: v for k, v in now.items() if self.pending.get(k) != v}
            self.parts.update({k: None for k in self.pending if k not in now})
            self.pending = None
            if not self.parts:
                self.done = True
                return proposed
        if self.clock.over(game) or (self.left is not None and self.left <= 0):
            self.done = True
            return proposed
        if self.left is not None:
            self.left -= 1
        acts = game.actions
        rules = rules_of(game.ruleset)
        if self.spec.mode == "call":
            option = self.action
            if proposed != option and option in decision.legal:
                k = acts[proposed].kind
                if k == acts[option].kind or k in self.spec.instead_of:
                    self.stats.replays += 1
                    return option
            return proposed
        if not self._intact(game):  # the rules ended it (a foul-out, the target left ...)
            self.stats.ended = True
            self.done = True
            return proposed
        if acts[proposed].kind not in rules.changes:
            return proposed
        trial = game.clone(record_events=False)
        trial.step(proposed)
        if self._intact(trial):
            return proposed
        neutral = rules.neutral.get(decision.kind)
        for a in decision.legal:
            if acts[a].kind == neutral:
                self.stats.masked += 1
                return a
        return proposed  # no way to leave it as it is: the rules force the change
