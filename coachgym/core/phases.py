"""One phase-dispatch convention for every engine.

An engine's ``phase`` (a string, saved with the game) names what happens next. For each phase NAME the
engine defines a method ``_phase_NAME(self) -> Decision | None``: it plays on (draws, applies what the
draw says, moves ``self.phase`` on) and returns the decision a coach must make now, or None to go on to
whatever phase it set. A coach's choice is applied by the decision's kind: for each decision kind KIND a
method ``_choose_KIND(self, decision, action)``. ``over`` is the phase of a finished game.

Both tables are built once per class, when the class is made (:meth:`PhaseDispatch.__init_subclass__`),
from the method names, so a step costs one dictionary lookup: no if/elif chain over phase names, no
``getattr`` of a name built at run time, no exceptions as control flow (a handler that ends a period
sets the phase that follows and returns None). An engine with decisions that can come ahead of any
phase (a fouled-out player's replacement, a skill offered in the middle of a move) defines
``_interrupt(self) -> Decision | None``, asked before each phase, and applies those decisions through
their own ``_choose_KIND``. Where ``_interrupt`` answers None and changes nothing while one attribute
is false (the list where such decisions wait is empty, a flag it clears is clear), the engine names
that attribute in ``INTERRUPT_WHEN`` and the loop asks ``_interrupt`` only when it is true (one
attribute read instead of a call per phase).

::

    class FreeThrowEngine(PhaseDispatch, Engine):
        def _phase_shot(self):                  # a phase: roll, or ask a coach
            return Decision(self.turn, "shooter", ..., "who shoots?")
        def _choose_shooter(self, decision, action):   # a choice of kind "shooter"
            ...; self.phase = "over" if done else "shot"

``tests/core/test_phases.py`` checks the convention and that every bundled engine follows it.
"""

from __future__ import annotations

from typing import Any, Callable

PHASE_PREFIX = "_phase_"
CHOICE_PREFIX = "_choose_"
OVER = "over"


def handlers(cls: type, prefix: str) -> dict[str, Callable[..., Any]]:
    """The methods of ``cls`` (its bases included) whose names start with ``prefix``, keyed by the rest
    of the name."""
    found: dict[str, Callable[..., Any]] = {}
    for klass in reversed(cls.__mro__):
        for name, value in vars(klass).items():
            if name.startswith(prefix) and callable(value):
                found[name[len(prefix):]] = value
    return found


class PhaseDispatch:
    """Mixin giving an :class:`~coachgym.core.engine.Engine` its ``_next_decision`` and ``_apply`` from
    ``_phase_NAME`` and ``_choose_KIND`` methods (see the module's text)."""

    PHASES: dict[str, Callable[..., Any]] = {}
    CHOICES: dict[str, Callable[..., Any]] = {}
    INTERRUPTS = False  # the class defines _interrupt
    INTERRUPT_WHEN: str | None = None  # an attribute that is false whenever _interrupt would answer None and change nothing

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.PHASES = handlers(cls, PHASE_PREFIX)
        cls.CHOICES = handlers(cls, CHOICE_PREFIX)
        cls.INTERRUPTS = cls._interrupt is not PhaseDispatch._interrupt  # else the loop asks none (speed)
        kinds = getattr(cls, "decision_kinds", ())
        missing = [k for k in kinds if k not in cls.CHOICES]
        if missing and cls.PHASES:  # a concrete engine (mixins declare no phases)
            raise TypeError(f"{cls.__name__}: decision kinds without a _choose_ method: {', '.join(missing)}")

    def _interrupt(self) -> Any:
        return None

    def _next_decision(self) -> Any:
        phases = self.PHASES
        # two copies of one loop on purpose: the hot path of every engine without interrupts makes no
        # call to a _interrupt that answers None (a few percent of a full game, measured in speed.md)
        if not self.INTERRUPTS:
            while True:
                phase = self.phase  # type: ignore[attr-defined]
                if phase == OVER:
                    return None
                d = phases[phase](self)
                if d is not None:
                    return d
        interrupt = self._interrupt
        when = self.INTERRUPT_WHEN
        while True:
            if when is None or getattr(self, when):
                d = interrupt()
                if d is not None:
                    return d
            phase = self.phase  # type: ignore[attr-defined]
            if phase == OVER:
                return None
            d = phases[phase](self)
            if d is not None:
                return d

    def _apply(self, decision: Any, action: Any) -> None:
        self.CHOICES[decision.kind](self, decision, action)
