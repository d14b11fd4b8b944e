"""Fast, exact copies of a game: the copy plans behind :meth:`coachgym.core.engine.Engine.clone`.

A game is copied millions of times by a searcher, so :meth:`Engine.clone` does not go through
``copy.deepcopy`` (or JSON, 0.5-2.3 ms a copy). Each ruleset's engine declares a :class:`ClonePlan`
that says, attribute by attribute, how a copy treats it (botbowl's forward model makes the same
split between the immutable data of a game and its mutable state):

* ``share`` - data that never changes during a game (teams, cards, options, charts): the copy uses
  the same object;
* ``flat`` - a list, dict or set of immutable values (ints, strings, cards): a shallow copy;
* ``rows`` - a list of such containers (``lineup[side][slot]``; ``None`` entries allowed);
* ``cube`` - a list of lists of such containers (``stats[side][player][column]``);
* ``nested`` - nested state of varying shape (a phase's context): :func:`deep`;
* ``fresh`` - a memo that is not game state: the copy starts it again (``name -> factory``);
* ``custom`` - ``name -> function(value) -> copy`` for anything else (a ruleset's own state objects).

**Anything not named in the plan is deep-copied** (:func:`deep`), so an attribute a ruleset adds
later is never silently shared between a game and its copies; ``tests/search`` lists attributes
that hold containers but are missing from the plan, so the plan stays complete and clones stay fast.

Immutable classes (frozen dataclasses such as ``Decision``, ``Action`` or a deck's cards) are
registered with :func:`register_immutable` so that :func:`deep` shares them instead of copying.
"""

from __future__ import annotations

import copy
from typing import Any, Callable, Iterable

_ATOMIC: set[type] = {int, float, str, bool, type(None), bytes, complex, range, frozenset}


def register_immutable(*classes: type) -> None:
    """Declare classes whose instances are never changed after they are built: copies share them."""
    _ATOMIC.update(classes)


def is_immutable(value: Any) -> bool:
    return value.__class__ in _ATOMIC


def deep(x: Any) -> Any:
    """A deep copy of plain game state (lists, dicts, tuples, sets of immutable values), faster than
    ``copy.deepcopy`` for these types; other objects go through ``copy.deepcopy``. Shared
    references inside one value are not preserved (game state holds none; tests check it)."""
    c = x.__class__
    if c in _ATOMIC:
        return x
    if c is list:
        return [deep(i) for i in x]
    if c is dict:
        return {k: deep(v) for k, v in x.items()}
    if c is tuple:
        return tuple([deep(i) for i in x])
    if c is set:
        return {deep(i) for i in x}
    return copy.deepcopy(x)


def _flat(v: Any) -> Any:
    return v.copy() if v is not None else None


def _rows(v: list[Any]) -> list[Any]:
    return [r if r is None else r.copy() for r in v]


def _cube(v: list[Any]) -> list[Any]:
    return [[r.copy() for r in t] for t in v]


class ClonePlan:
    """How :meth:`Engine.clone` copies each attribute of one engine class (see the module docstring)."""

    def __init__(self, *, share: Iterable[str] = (), flat: Iterable[str] = (), rows: Iterable[str] = (),
                 cube: Iterable[str] = (), nested: Iterable[str] = (), fresh: dict[str, Callable[[], Any]] | None = None,
                 custom: dict[str, Callable[[Any], Any]] | None = None, base: "ClonePlan | None" = None):
        share = tuple(share)
        self.share: frozenset[str] = frozenset(share) | (base.share if base else frozenset())
        self.fresh: dict[str, Callable[[], Any]] = {**(base.fresh if base else {}), **(fresh or {})}
        copiers: dict[str, Callable[[Any], Any]] = dict(base.copiers) if base else {}
        groups: tuple[tuple[Iterable[str], Callable[[Any], Any]], ...] = (
            (flat, _flat), (rows, _rows), (cube, _cube), (nested, deep))
        named = [*share, *(fresh or {}), *(custom or {})]
        for names, f in groups:
            names = tuple(names)
            named += names
            copiers.update(dict.fromkeys(names, f))
        copiers.update(custom or {})
        self.copiers: dict[str, Callable[[Any], Any]] = copiers
        dup = {n for n in named if named.count(n) > 1}
        if dup:
            raise ValueError(f"clone plan names {sorted(dup)} more than once")

    @property
    def names(self) -> frozenset[str]:
        return self.share | frozenset(self.fresh) | frozenset(self.copiers)

    def copy_state(self, state: dict[str, Any]) -> dict[str, Any]:
        """A copy of an engine's ``__dict__`` by this plan."""
        share, copiers, fresh = self.share, self.copiers, self.fresh
        out = {}
        for k, v in state.items():
            if k in share:
                out[k] = v
            elif k in copiers:
                out[k] = copiers[k](v)
            elif k in fresh:
                out[k] = fresh[k]()
            else:
                c = v.__class__
                out[k] = v if c in _ATOMIC else deep(v)
        return out

    def undeclared_containers(self, state: dict[str, Any]) -> list[str]:
        """Attributes holding something mutable that the plan does not name (they are deep-copied:
        correct, but slower than a declared copy)."""
        return sorted(k for k, v in state.items() if k not in self.names and not is_immutable(v))


#: the base plan of every engine: what core.engine.Engine itself holds (the chance source and the event
#: log have their own ``clone``; ``decision`` is a frozen Decision)
ENGINE_PLAN = ClonePlan(share=("decision",), custom={"source": lambda s: s.clone(), "log": lambda log: log.clone()})
