"""One dispatch convention for every engine (and presenter): handlers registered by decorator.

An engine's ``phase`` (a string, saved with the game) names what happens next. For each phase NAME the
engine registers a method with ``@phase("NAME")`` (by custom named ``_phase_NAME``), ``(self) ->
Decision | None``: it plays on (draws, applies what the draw says, moves ``self.phase`` on) and returns
the decision a coach must make now, or None to go on to whatever phase it set. A coach's choice is
applied by the decision's kind: for each decision kind KIND a method registered with
``@choice("KIND")`` (``_choose_KIND(self, decision, action)``). ``over`` is the phase of a finished
game. The rest of a play that a decision waited on is a ``@continuation("NAME")`` (Statis Pro's 6.1
ties, FUBA's movements), and a presenter's view of each decision kind a ``@view("KIND")``: every
table of handlers by name is built the same way (:func:`table`), so a reader and a static tool find
the handler of a name at the decorator that names it.

The tables are built once per class, when the class is made (:meth:`PhaseDispatch.__init_subclass__`,
:func:`table`), from the decorators, so a step costs one dictionary lookup: no if/elif chain over
phase names, no ``getattr`` of a name built at run time, no exceptions as control flow (a handler that
ends a period sets the phase that follows and returns None). A method named like a handler
(``_phase_*``, ``_choose_*``) without its decorator is refused when the class is made, so there is one
convention, not two. An engine with decisions that can come ahead of any
phase (a fouled-out player's replacement, a skill offered in the middle of a move) defines
``_interrupt(self) -> Decision | None``, asked before each phase, and applies those decisions through
their own ``_choose_KIND``. Where ``_interrupt`` answers None and changes nothing while one attribute
is false (the list where such decisions wait is empty, a flag it clears is clear), the engine names
that attribute in ``INTERRUPT_WHEN`` and the loop asks ``_interrupt`` only when it is true (one
attribute read instead of a call per phase).

::

    class FreeThrowEngine(PhaseDispatch, Engine):
        @phase("shot")
        def _phase_shot(self):                  # a phase: roll, or ask a coach
            return Decision(self.turn, "shooter", ..., "who shoots?")

        @choice("shooter")
        def _choose_shooter(self, decision, action):   # a choice of kind "shooter"
            ...; self.phase = "over" if done else "shot"

``tests/core/test_phases.py`` checks the convention and that every bundled engine follows it.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

PHASE_PREFIX = "_phase_"
CHOICE_PREFIX = "_choose_"
OVER = "over"
REGISTERED = "__dispatch__"  # the attribute of a registered handler: [(table, name), ...]

F = TypeVar("F", bound=Callable[..., Any])


def registers(table_name: str, name: str) -> Callable[[F], F]:
    """A decorator registering the method as the handler of ``name`` in the class's table
    ``table_name`` (read by :func:`table`); the method itself is unchanged."""
    if not isinstance(name, str) or not name:
        raise TypeError(f"a {table_name} handler needs a name, got {name!r}")

    def mark(fn: F) -> F:
        marks = list(getattr(fn, REGISTERED, ()))
        marks.append((table_name, name))
        setattr(fn, REGISTERED, marks)
        return fn

    return mark


def phase(name: str) -> Callable[[F], F]:
    """The rule of phase ``name``: ``(self) -> Decision | None``."""
    return registers("phase", name)


def choice(kind: str) -> Callable[[F], F]:
    """The choice of a decision of kind ``kind``: ``(self, decision, action) -> None``."""
    return registers("choice", kind)


def continuation(name: str) -> Callable[[F], F]:
    """The rest of a play a decision waited on, named ``name`` (saved with the game where it waits)."""
    return registers("continuation", name)


def view(kind: str) -> Callable[[F], F]:
    """A presenter's view of a decision of kind ``kind``."""
    return registers("view", kind)


def table(cls: type, table_name: str) -> dict[str, Callable[..., Any]]:
    """The handlers registered in ``table_name`` by the methods of ``cls`` and its bases (a subclass's
    registration of a name replaces its base's), by name."""
    found: dict[str, Callable[..., Any]] = {}
    for klass in reversed(cls.__mro__):
        for value in vars(klass).values():
            for tname, name in getattr(value, REGISTERED, ()):
                if tname == table_name:
                    found[name] = value
    return found


def handlers(cls: type, prefix: str) -> dict[str, Callable[..., Any]]:
    """The methods of ``cls`` (its bases included) whose names start with ``prefix``, keyed by the rest
    of the name (what the convention looked like before the decorators: used to refuse a method named
    like a handler but not registered)."""
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
        cls.PHASES = table(cls, "phase")
        cls.CHOICES = table(cls, "choice")
        for prefix, registered, word in ((PHASE_PREFIX, cls.PHASES, "phase"), (CHOICE_PREFIX, cls.CHOICES, "choice")):
            loose = [f.__name__ for f in handlers(cls, prefix).values() if f not in registered.values()]
            if loose:
                raise TypeError(f"{cls.__name__}: {', '.join(sorted(loose))} not registered: decorate each with "
                                f"@{word}(NAME) (coachgym.core.phases)")
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
