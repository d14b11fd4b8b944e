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
from ..rules.statispro.tactics import star_double_team


@dataclass(frozen=True)
class Macro:
    name: str
    label: str
    resolve: Callable[[Engine, int], "int | None"]  # (game, side) -> a concrete action index, or None
    decision_kinds: frozenset = frozenset()  # the decision kinds it can apply at (empty: any), a quick filter


STATISPRO_MACROS: dict[str, Macro] = {
    "double_team_best_scorer": Macro(
        "double_team_best_scorer",
        "Double Team their best scorer with our man guarding their weakest shooter (5.5)",
        star_double_team, frozenset({"menu"})),
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
