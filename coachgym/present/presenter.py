"""The part of the presentation each ruleset supplies (``coachgym/rules/<x>/present.py``).

A presenter reads an engine's public state and never changes it; it is stateless, so one instance
serves every game of its ruleset. ``coachgym.present.presenter_for(ruleset_name)`` finds it: the
module ``coachgym.rules.<name>.present`` and its ``PRESENTER``.

A presenter implements ``situation``, ``decision``, ``kinds``, ``glossary`` and ``marks``; ``auto_kind``
and ``routine`` are optional (the functions at the end of this module supply the defaults, and
:class:`BasePresenter` has them as methods).
"""

from __future__ import annotations

from typing import Protocol

from ..core.engine import Decision, Engine
from .model import DecisionView, Glossary, KindInfo, Situation

# Event kinds after which the ball is dead in some ruleset (the generic "next dead ball" mark).
DEAD_BALL_EVENTS = frozenset({
    "made", "made_2", "made_3", "foul", "shooting_foul", "intentional_foul", "offensive_foul", "timeout",
    "turnover", "out", "goal", "corner", "free_kick", "substitution", "sub", "period_end", "half_end",
    "jump_ball", "kicked",
})
PERIOD_EVENTS = frozenset({"period_end", "half_end"})


class Presenter(Protocol):
    ruleset: str

    def situation(self, game: Engine, coaches: tuple[str, str] = ("", "")) -> Situation:
        """Score, clock, possession, both lineups with names, fouls, fatigue, matchups, timeouts."""

    def decision(self, game: Engine, decision: Decision) -> DecisionView:
        """The pending decision in a sentence, its options grouped, each with a one-line explanation."""

    def kinds(self) -> list[KindInfo]:
        """The auto-play kinds of the ruleset, in people's words: every ``Engine.decision_kinds``
        entry, or finer kinds named ``"<decision kind>:<part>"`` (``"menu:set_piece"``) that split
        one (see ``auto_kind``)."""

    def glossary(self) -> Glossary:
        """Every term the screens of this ruleset use."""

    def marks(self, game: Engine) -> dict[str, int]:
        """Counters that only grow, for "continue to the next ...": ``{"dead_ball": n, "period": n,
        "half": n}`` (the keys the ruleset has). The seat lets the book answer until one changes."""

    def auto_kind(self, game: Engine, decision: Decision) -> str:
        """Optional. The auto-play kind of a pending decision: one of ``kinds()``. The person makes
        the decisions whose auto-play kind is in the seat's ``autoplay``; the book answers the rest."""

    def routine(self, game: Engine, decision: Decision) -> int | None:
        """Optional. See :func:`routine`."""


class BasePresenter:
    """Defaults shared by every presenter (a presenter that does not subclass it gets the same
    defaults through the functions below): auto-play kinds are the engine's decision kinds, no
    routine answers, and the marks count the play-by-play's dead-ball and period-end events."""

    ruleset = ""

    def marks(self, game: Engine) -> dict[str, int]:
        return event_marks(game)

    def auto_kind(self, game: Engine, decision: Decision) -> str:
        return decision.kind

    def routine(self, game: Engine, decision: Decision) -> int | None:
        return None

    # (implemented by each presenter)
    def situation(self, game: Engine, coaches: tuple[str, str] = ("", "")) -> Situation:  # pragma: no cover
        raise NotImplementedError

    def decision(self, game: Engine, decision: Decision) -> DecisionView:  # pragma: no cover
        raise NotImplementedError

    def kinds(self) -> list[KindInfo]:  # pragma: no cover
        raise NotImplementedError

    def glossary(self) -> Glossary:  # pragma: no cover
        raise NotImplementedError


# ---------------------------------------------------------------------- the protocol's optional parts
def event_marks(game: Engine) -> dict[str, int]:
    """Marks from the play-by-play: dead-ball events, periods (the engine's ``period`` or the
    period-end events) and halves."""
    dead = periods = 0
    for e in game.log:
        if e.kind in DEAD_BALL_EVENTS:
            dead += 1
        if e.kind in PERIOD_EVENTS:
            periods += 1
    period = int(getattr(game, "period", 0) or 0) or periods
    half = int(getattr(game, "half", 0) or 0) or (period + 1) // 2
    return {"dead_ball": dead + periods, "period": period, "half": half}


def marks(p: Presenter, game: Engine) -> dict[str, int]:
    f = getattr(p, "marks", None)
    return f(game) if f is not None else event_marks(game)


def auto_kind(p: Presenter, game: Engine, decision: Decision) -> str:
    """The auto-play kind of a decision (the presenter's ``auto_kind``; the decision kind by default)."""
    f = getattr(p, "auto_kind", None)
    return f(game, decision) if f is not None else decision.kind


def routine(p: Presenter, game: Engine, decision: Decision) -> int | None:
    """Optional ``routine(game, decision) -> action | None``: at a decision the person makes, the
    action that carries on as before when nothing calls for a coach (e.g. "play on" at a menu while
    nobody is tired or in foul trouble); None to ask the person. The seat applies it while the
    seat's ``routine`` setting is on (the default)."""
    f = getattr(p, "routine", None)
    return f(game, decision) if f is not None else None


def kind_info(p: Presenter, kind: str) -> KindInfo:
    """The KindInfo of an auto-play kind (a plain one built from its name where none is listed)."""
    for k in p.kinds():
        if k.kind == kind:
            return k
    return KindInfo(kind, kind.replace("_", " ").replace(":", ": "), "", False)


def default_autoplay(p: Presenter) -> frozenset[str]:
    """The auto-play kinds a person makes by default: those ``coachgym leverage`` shows matter."""
    return frozenset(k.kind for k in p.kinds() if k.matters)
