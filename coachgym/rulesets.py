"""The registry of rulesets: the packages whose ``RULESET`` is a ruleset's single registration
(:class:`coachgym.core.ruleset.Ruleset`), found on disk (:func:`bundled_packages`: every folder of
``coachgym/rules/``, in the order ``core/data/rulesets.json`` gives) or added by :func:`register`.
Importing this module imports no ruleset; the first lookup imports the registered packages (their
registrations hold the names and other names).

Every other registry of coachgym reads from the registrations: the env ids (``coachgym.envs``),
presenters, strategy vocabularies, carry-over, value model, box formulas, fuzz invariants and
options, realism figures and training macros (:func:`by_ruleset`).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from .core.errors import ConfigError
from .core.ruleset import Ruleset

_RULES = Path(__file__).resolve().parent / "rules"
_ORDER = Path(__file__).resolve().parent / "core" / "data" / "rulesets.json"


def bundled_packages(rules: Path = _RULES, order_file: Path = _ORDER) -> list[str]:
    """The bundled rulesets' packages, found on disk: every folder of ``coachgym/rules/`` with an
    ``__init__.py`` (a new ruleset is its folder: no line to add here), in the order
    ``core/data/rulesets.json`` lists them in (the order they are shown in everywhere); a folder it
    does not list comes after those, alphabetically."""
    folders = sorted(d.name for d in rules.iterdir()
                     if d.is_dir() and not d.name.startswith(("_", ".")) and (d / "__init__.py").is_file())
    try:
        order = json.loads(order_file.read_text(encoding="utf-8"))["order"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ConfigError(f"{order_file}: order: cannot be read ({exc})") from None
    if not isinstance(order, list) or not all(isinstance(n, str) for n in order):
        raise ConfigError(f"{order_file}: order: must be a list of folder names of coachgym/rules/")
    missing = [n for n in order if n not in folders]
    if missing:
        raise ConfigError(f"{order_file}: order: {missing[0]!r} is not a ruleset folder of {rules} "
                          f"(folders: {', '.join(folders)})")
    package = __name__.rpartition(".")[0] + ".rules."
    return [package + n for n in [*order, *(f for f in folders if f not in order)]]


# Every registered ruleset's package (its RULESET registers it): the bundled ones, then any register() adds.
PACKAGES: list[str] = bundled_packages()


@dataclass(frozen=True)
class RulesetEntry:
    """A ruleset's identity, as its registration gives it."""

    name: str
    title: str
    env_id: str
    module: str  # package exposing RULESET
    aliases: tuple[str, ...] = ()


_LOADED: dict[tuple[str, ...], list[Ruleset]] = {}  # the registrations, per state of PACKAGES


def _registered() -> list[Ruleset]:
    key = tuple(PACKAGES)
    found = _LOADED.get(key)
    if found is None:
        found = _LOADED[key] = [importlib.import_module(p).RULESET for p in key]
    return found


def all_rulesets() -> list[Ruleset]:
    """Every registered ruleset, in registration order."""
    return _registered()


def entries() -> tuple[RulesetEntry, ...]:
    return tuple(RulesetEntry(rs.name, rs.title, rs.env_id, rs.package, rs.aliases) for rs in _registered())


def _key(name: str) -> str:
    return name.lower().replace("_", "-")


def entry(name: str) -> RulesetEntry:
    rs = get(name)
    return RulesetEntry(rs.name, rs.title, rs.env_id, rs.package, rs.aliases)


def get(name: str) -> Ruleset:
    key = _key(name)
    found = _registered()
    for rs in found:
        if key == rs.name or key in rs.aliases:
            return rs
    raise ConfigError(f"unknown ruleset {name!r}; known rulesets: {', '.join(rs.name for rs in found)}")


def with_part(name: str) -> list[Ruleset]:
    """The registered rulesets that have the part ``name`` (``core.ruleset.PARTS``), in registration order."""
    return [rs for rs in _registered() if rs.part(name) is not None]


def default() -> Ruleset:
    """The ruleset used where none is named (the web's new game, ``coachgym leagues build``):
    ``core/data/rulesets.json``'s ``default``."""
    return get(_listing()["default"])


def _listing() -> dict[str, Any]:
    return json.loads(_ORDER.read_text(encoding="utf-8"))  # (read and checked by bundled_packages at import)


def register(package: str) -> Ruleset:
    """Register the ruleset whose ``RULESET`` the package holds (a ruleset living outside coachgym,
    such as the tests' toy); its name and other names must be new. Returns its registration."""
    rs = importlib.import_module(package).RULESET
    if package not in PACKAGES:
        taken = {n for other in _registered() for n in (other.name, *other.aliases)}
        clash = sorted(taken & {rs.name, *rs.aliases})
        if clash:
            raise ConfigError(f"{package}: the name {clash[0]!r} is another ruleset's")
        PACKAGES.append(package)
    return rs


def unregister(package: str) -> None:
    if package in PACKAGES:
        PACKAGES.remove(package)


class by_ruleset(Mapping):  # noqa: N801  (used as a module-level table: by_ruleset(...)[name])
    """A read-only table ruleset name -> what ``read(registration)`` gives, for the registered rulesets
    where that is not empty; read from the registrations at each lookup (no copy to keep in step)."""

    def __init__(self, read: Callable[[Ruleset], Any]):
        self._read = read
        self._cache: tuple[tuple[str, ...], dict[str, Any]] | None = None

    def _items(self) -> dict[str, Any]:
        key = tuple(PACKAGES)
        if self._cache is None or self._cache[0] != key:  # read again when the registry changed
            out = {}
            for rs in _registered():
                value = self._read(rs)
                if value:
                    out[rs.name] = value
            self._cache = (key, out)
        return self._cache[1]

    def __getitem__(self, name: str) -> Any:
        return self._items()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items())

    def __len__(self) -> int:
        return len(self._items())
