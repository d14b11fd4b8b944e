"""Macro actions: coaching choices named by intent ("Double Team their best scorer") that a learned
coach may take where the rules offer many concrete variants of them.

A ruleset's action table names every concrete option (Statis Pro offers 25 Double Teams: each of
their five men, with each of our other four as the helper). A policy that must discover which of
them pays spreads its exploration over all 25 and, against a ~1-point-a-game effect, never finds
one (measured: docs/training.md). A macro gives the policy one extra output, the same one in every
game: at a decision where it applies, it resolves to one concrete legal action of the table, chosen
by a fixed rule from the public state. The policy still learns *whether and when* to take it; what
the macro stands for is designed, as a human coach's "double their star" is.

Macros extend the policy's action space past the action table (index ``len(table) + j`` is macro
``j`` of the training config's ``macros`` list); the env below them, the engine and the saved
play-by-play only ever see the concrete action. A model records its macros in its metadata, and a
coachgym without one of them refuses to load it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Callable

from .. import rulesets
from ..core.engine import Engine
from ..core.errors import ConfigError


@dataclass(frozen=True)
class Macro:
    name: str
    label: str
    resolve: Callable[[Engine, int], "int | None"]  # (game, side) -> a concrete action index, or None
    decision_kinds: frozenset = frozenset()  # the decision kinds it can apply at (empty: any), a quick filter


class BookChoice:
    """Resolve to the action the game's by-the-book coach would choose at this decision, when its choice
    is an action of one of ``kinds`` (action kinds of the ruleset's table), else ``None``: "do here what
    the book does at decisions of this kind" as one policy output. :class:`BookSubstitution` is the one
    registered (the book's rotation); ``academy_diagnose``'s ``book-then-first-legal:KIND+KIND`` uses any
    kinds, to find where a book's worth lies before a macro is made of it. The book is reset at every
    call, so a book that plans across decisions is approximated by its choice from the state alone."""

    def __init__(self, kinds: frozenset):
        self.kinds = kinds
        self._books: dict = {}  # ruleset name -> (its book coach, the table's actions of ``kinds``)

    def __call__(self, game: Engine, side: int) -> "int | None":
        d = game.decision
        if d is None or d.side != side:
            return None
        known = self._books.get(game.ruleset)
        if known is None:
            rs = rulesets.get(game.ruleset)
            known = self._books[game.ruleset] = (
                rs.coach("by-the-book", seed=0), frozenset(i for i, a in enumerate(rs.actions) if a.kind in self.kinds))
        book, chosen = known
        if not any(a in chosen for a in d.legal):
            return None
        book.reset(game, side)
        a = int(book.choose(game, d))
        return a if a in chosen and a in d.legal else None


class BookSubstitution(BookChoice):
    """Resolve to the substitution the game's by-the-book coach would make at this decision, when the
    book would make one (its choice is an action of one of ``kinds``), else ``None``: "rest the tired
    man / bring the rested starter back by the book's own rule" as one policy output.

    Why (docs/academy.md "What limits learning"): from scratch, MaskablePPO levels off at the value of
    "always play"; the book's remaining worth is its rotation, a few particular substitutions among 75
    (a roster player for a slot) whose payoff comes boxes or minutes later. The macro offers the book's
    rotation as one output, the same in every game; the policy learns whether and when to take it. The
    book coach is reached by name through the game's ruleset (training may not import agents); the books
    that register this macro keep no state between decisions (a memo keyed by every value it was made
    of), so one instance per ruleset serves every game and side."""


# registered by the rulesets whose book rotates by stamina or fatigue (Value Add's Option 3 schedule: a
# starter rests until his stamina covers the rest of the game, a tired man gives way to the freshest fit;
# 4th Street's: a tired man or one in foul trouble comes out for a fully rested player at his position)
BOOK_ROTATION_MACROS: dict[str, Macro] = {
    "book_substitution": Macro(
        "book_substitution",
        "Substitute as the book would now (its stamina or fatigue rotation, as one action)",
        BookSubstitution(frozenset({"substitute", "sub"}))),
}
# ruleset -> its macros, read from the registrations (the ``macros`` part)
MACROS: Mapping[str, dict[str, Macro]] = rulesets.by_ruleset(lambda rs: rs.part("macros"))


def macros_of(ruleset: str) -> dict[str, Macro]:
    return rulesets.get(ruleset).part("macros") or {}


def resolve_names(ruleset: str, names: "list[str] | tuple[str, ...] | None", where: str = "macros") -> tuple[Macro, ...]:
    """The named macros of ``ruleset``, in order; a clear error for an unknown or repeated name."""
    if not names:
        return ()
    known = macros_of(ruleset)
    out = []
    for n in names:
        if n not in known:
            raise ConfigError(f"{where}: {n!r} is not a macro of {rulesets.get(ruleset).name} "
                              f"(known: {', '.join(known) or 'none'})")
        if n in [m.name for m in out]:
            raise ConfigError(f"{where}: {n!r} is listed twice")
        out.append(known[n])
    return tuple(out)
