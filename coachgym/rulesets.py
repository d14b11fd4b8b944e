"""The registry of rulesets. Importing this module imports no ruleset (they load on first use)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from .core.errors import ConfigError
from .core.ruleset import Ruleset


@dataclass(frozen=True)
class RulesetEntry:
    name: str
    title: str
    env_id: str
    module: str  # package exposing RULESET
    aliases: tuple[str, ...] = ()


# One line per ruleset. Each env id is versioned; the version moves when rules, observations or
# actions change.
ENTRIES: tuple[RulesetEntry, ...] = (
    RulesetEntry("valueadd", "Value Add Basketball", "coachgym/ValueAddBasketball-v0", "coachgym.rules.valueadd",
                 ("value-add", "valueaddbasketball")),
    RulesetEntry("statispro", "Statis Pro Basketball", "coachgym/StatisProBasketball-v0", "coachgym.rules.statispro",
                 ("statis-pro", "statisprobasketball")),
    RulesetEntry("fuba", "FUBA", "coachgym/FUBA-v0", "coachgym.rules.fuba", ("football", "soccer")),
    RulesetEntry("fourthstreet", "4th Street Basketball", "coachgym/FourthStreetBasketball-v0", "coachgym.rules.fourthstreet",
                 ("4th-street", "fourth-street", "4thstreet", "fourthstreetbasketball")),
)


def entries() -> tuple[RulesetEntry, ...]:
    return ENTRIES


def entry(name: str) -> RulesetEntry:
    key = name.lower().replace("_", "-")
    for e in ENTRIES:
        if key == e.name or key in e.aliases:
            return e
    raise ConfigError(f"unknown ruleset {name!r}; known rulesets: {', '.join(e.name for e in ENTRIES)}")


def get(name: str) -> Ruleset:
    return importlib.import_module(entry(name).module).RULESET
