"""A ruleset's holds: how long an option the search evaluates stays in force in its rollouts.

Each ruleset declares its own in its folder (``coachgym/rules/<name>/holds.py``: the readings of the
engine a hold needs, and ``data/holds.json``: the table) and registers it with ``Ruleset(holds=...)``;
the search (``coachgym.search.holds``) reads nothing else of a ruleset, so it names none. A ruleset
without a declaration is refused by the search with a message, and named by the conformance test:
it never silently holds nothing.

The table (``data/holds.json``, one object): ``time_unit``, what ``UNIT:N`` scopes count (the unit of
the registration's ``time_variable``: ``minutes``, ``boxes``, ``rounds``); ``neutral``, per decision
kind, the action kind that goes on without a change (what the rollout coach plays instead of a change
that would undo a held option); ``changes``, the action kinds that change a coaching setting without
chance (the only ones checked for undoing a held setting); ``holds``, per action kind: ``hold``
``setting`` (the option changes a setting the rollout coach may not change back within the scope) or
``call`` (a call made at every decision of its kind, made again within the scope wherever the
rollout coach would make another call of the kind or of one in ``instead_of``), ``scope`` its default
scope, ``only`` (parameter -> values) limiting the entry to some actions of the kind, ``why`` the rule
reading. Action kinds not named are held for the decision only.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Callable, Hashable

from .errors import ConfigError

HOLD_MODES = ("setting", "call")
SCOPE_WORDS = ("default", "decision", "situation", "period", "half", "game")
_TIME_SCOPE = re.compile(r"^([a-z]+):([0-9]+(\.[0-9]+)?)$")

Settings = Callable[[Any, int], dict[Any, Any]]  # (game, side) -> part -> value
Mark = Callable[[Any], Hashable]  # game -> which period (or half) it is in


@dataclass(frozen=True)
class HoldEntry:
    """How options of one action kind are held (see the module docstring)."""

    hold: str
    scope: str
    instead_of: tuple[str, ...] = ()
    only: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    why: str = ""

    def matches(self, action: Any) -> bool:
        """Whether ``action`` (an ActionTable entry of this kind) is one the entry covers (``only``)."""
        return all(action.get(key) in values for key, values in self.only.items())


@dataclass(frozen=True)
class HoldRules:
    """A ruleset's holds: its table (see the module docstring) and the readings of its engine a hold
    needs: ``settings(game, side)``, a side's coaching settings part by part (what a *setting* option
    changes and a hold keeps); ``period(game)`` and ``half(game)``, marks that change when the period
    (the half) does, or None where the ruleset has none (its ``period``/``half`` scopes are refused)."""

    time_unit: str
    neutral: dict[str, str]
    changes: frozenset[str]
    holds: dict[str, HoldEntry]
    settings: Settings
    period: Mark | None = None
    half: Mark | None = None
    source: str = "<holds>"  # where the table was read (errors name it)

    def entry(self, action: Any) -> HoldEntry | None:
        """The entry that holds ``action`` (an ActionTable entry), or None (held for the decision only)."""
        e = self.holds.get(action.kind)
        return e if e is not None and e.matches(action) else None

    def scopes(self) -> tuple[str, ...]:
        """The scope words this ruleset offers (``period`` and ``half`` only where it has them)."""
        return tuple(w for w in SCOPE_WORDS if not ((w == "period" and self.period is None)
                                                    or (w == "half" and self.half is None)))

    @classmethod
    def load(cls, package: str, settings: Settings, period: Mark | None = None, half: Mark | None = None,
             name: str = "holds.json") -> HoldRules:
        """The table in ``package``'s ``data/<name>``, with the engine readings; a malformed table is
        refused with the file and the field."""
        source = f"{package.replace('.', '/')}/data/{name}"
        try:
            data = json.loads(resources.files(package).joinpath("data").joinpath(name).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ConfigError(f"{source}: cannot be read as JSON ({exc})") from None
        return cls.from_data(data, settings, period, half, source)

    @classmethod
    def from_data(cls, data: Any, settings: Settings, period: Mark | None = None, half: Mark | None = None,
                  source: str = "<holds>") -> HoldRules:
        """A declaration from the table's JSON data (errors name ``source`` and the field)."""

        def bad(where: str, what: str) -> ConfigError:
            return ConfigError(f"{source}: {where}: {what}")

        if not isinstance(data, dict):
            raise bad("<file>", "must hold a JSON object")
        unit = data.get("time_unit")
        if not isinstance(unit, str) or not unit.isalpha() or not unit.islower():
            raise bad("time_unit", f"must be a lower-case word (minutes, boxes ...), got {unit!r}")
        neutral = data.get("neutral", {})
        if not isinstance(neutral, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in neutral.items()):
            raise bad("neutral", "must map decision kinds to action kinds")
        changes = data.get("changes", [])
        if not isinstance(changes, list) or not all(isinstance(k, str) for k in changes):
            raise bad("changes", "must list action kinds")
        raw = data.get("holds", {})
        if not isinstance(raw, dict):
            raise bad("holds", "must map action kinds to entries")
        holds = {kind: _entry(e, unit, f"holds.{kind}", bad) for kind, e in raw.items()}
        return cls(unit, dict(neutral), frozenset(changes), holds, settings, period, half, source)


def _entry(e: Any, unit: str, where: str, bad: Callable[[str, str], ConfigError]) -> HoldEntry:
    if not isinstance(e, dict):
        raise bad(where, "must be an object")
    unknown = sorted(set(e) - {"hold", "scope", "instead_of", "only", "why"})
    if unknown:
        raise bad(where, f"unknown fields {unknown}")
    if e.get("hold") not in HOLD_MODES:
        raise bad(f"{where}.hold", f"must be one of {', '.join(HOLD_MODES)}, got {e.get('hold')!r}")
    scope = e.get("scope")
    m = _TIME_SCOPE.match(scope) if isinstance(scope, str) else None
    if not (scope in SCOPE_WORDS and scope != "default") and not (m is not None and m.group(1) == unit):
        raise bad(f"{where}.scope", f"must be a scope word or {unit}:N, got {scope!r}")
    instead = e.get("instead_of", [])
    if not isinstance(instead, list) or not all(isinstance(k, str) for k in instead):
        raise bad(f"{where}.instead_of", "must list action kinds")
    only = e.get("only", {})
    if not isinstance(only, dict) or not all(isinstance(v, list) for v in only.values()):
        raise bad(f"{where}.only", "must map action parameters to lists of values")
    why = e.get("why", "")
    if not isinstance(why, str):
        raise bad(f"{where}.why", "must be a string")
    return HoldEntry(str(e["hold"]), str(scope), tuple(instead), {k: tuple(v) for k, v in only.items()}, why)
