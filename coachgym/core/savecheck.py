"""Checking a saved game before it is restored, field by field.

A saved game (``Engine.to_dict``) comes back from a file, a web form or another program; what it
holds is checked here so that a bad value is refused with the field named and what it may hold
(``state.team_state[0].stats[3][1]: must be an integer from 0 to 200, got -4``) instead of playing on with
it or failing with a Python error. Team cards inside a saved game go through the ruleset's
team-file parser, so they are held to the same rules as team files.

A *spec* describes a JSON value: :class:`Int`, :class:`Bool`, :class:`Str`, :class:`Null`,
:class:`Opt`, :class:`OneOf`, :class:`List`, :class:`Dict`, :class:`JSON`. Ranges and lengths can
depend on the game being restored (a roster's size, the side a list belongs to): a bound may be a
function of the :class:`Env`, which :class:`PerSide` and :class:`PerPlayer` fill in as they descend.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .errors import SavedGameError, TeamFileError

Bound = int | Callable[["Env"], int] | None


@dataclass
class Env:
    """What a bound may depend on: ``players[side]`` (roster sizes), the current ``side``, and any
    figures a ruleset adds in ``extra``."""

    where: str  # "saved valueadd game"
    players: tuple[int, ...] = (0, 0)
    side: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def fail(self, path: str, problem: str) -> SavedGameError:
        return SavedGameError(f"{self.where}: field {path}: {problem}", field=path)

    def roster(self) -> int:
        if self.side is None:  # pragma: no cover - a schema error, not a saved game's
            raise RuntimeError("a per-player spec outside PerSide")
        return self.players[self.side]


def _bound(b: Bound, env: Env) -> int | None:
    return b(env) if callable(b) else b


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "true/false", int: "an integer", float: "a number", str: "a string", list: "a list",
            dict: "an object"}.get(type(value), type(value).__name__)


class Spec:
    def check(self, value: Any, path: str, env: Env) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def describe(self, env: Env) -> str:  # pragma: no cover - interface
        raise NotImplementedError


class JSON(Spec):
    """Any JSON value (a field whose contents the engine checks itself, or does not read)."""

    def check(self, value: Any, path: str, env: Env) -> None:
        if value is None or type(value) in (str, int, bool):
            return
        if isinstance(value, float) and not math.isfinite(value):
            raise env.fail(path, f"must be a finite number, got {value!r}")
        if isinstance(value, list):
            for i, v in enumerate(value):
                self.check(v, f"{path}[{i}]", env)
        elif isinstance(value, dict):
            for k, v in value.items():
                self.check(v, f"{path}.{k}", env)
        elif not (value is None or isinstance(value, (bool, int, float, str))):
            raise env.fail(path, f"must be a JSON value, got {type(value).__name__}")

    def describe(self, env: Env) -> str:
        return "any JSON value"


class Skip(Spec):
    """A field checked on its own, elsewhere (the teams by the team-file parser, the options)."""

    def describe(self, env: Env) -> str:
        return "checked separately"

    def check(self, value: Any, path: str, env: Env) -> None:
        return None


class Int(Spec):
    def __init__(self, lo: Bound = None, hi: Bound = None):
        self.lo, self.hi = lo, hi

    def describe(self, env: Env) -> str:
        lo, hi = _bound(self.lo, env), _bound(self.hi, env)
        if lo is not None and hi is not None:
            return f"an integer from {lo} to {hi}"
        if lo is not None:
            return f"an integer of at least {lo}"
        if hi is not None:
            return f"an integer of at most {hi}"
        return "an integer"

    def check(self, value: Any, path: str, env: Env) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise env.fail(path, f"must be {self.describe(env)}, got {_type_name(value)} {_show(value)}")
        lo, hi = _bound(self.lo, env), _bound(self.hi, env)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise env.fail(path, f"must be {self.describe(env)}, got {value}")


class Num(Spec):
    """A finite number (int or float) within bounds."""

    def __init__(self, lo: float | None = None, hi: float | None = None):
        self.lo, self.hi = lo, hi

    def describe(self, env: Env) -> str:
        if self.lo is not None and self.hi is not None:
            return f"a number from {self.lo} to {self.hi}"
        return "a number" + (f" of at least {self.lo}" if self.lo is not None else "")

    def check(self, value: Any, path: str, env: Env) -> None:
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
            raise env.fail(path, f"must be {self.describe(env)}, got {_type_name(value)} {_show(value)}")
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise env.fail(path, f"must be {self.describe(env)}, got {value}")


class Bool(Spec):
    def describe(self, env: Env) -> str:
        return "true or false"

    def check(self, value: Any, path: str, env: Env) -> None:
        if not isinstance(value, bool):
            raise env.fail(path, f"must be true or false, got {_type_name(value)} {_show(value)}")


class Str(Spec):
    def __init__(self, choices: Iterable[str] | None = None, max_len: int = 10_000):
        self.choices = None if choices is None else tuple(choices)
        self.max_len = max_len

    def describe(self, env: Env) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        return "a string"

    def check(self, value: Any, path: str, env: Env) -> None:
        if not isinstance(value, str):
            raise env.fail(path, f"must be {self.describe(env)}, got {_type_name(value)} {_show(value)}")
        if self.choices is not None and value not in self.choices:
            raise env.fail(path, f"must be {self.describe(env)}, got {_show(value)}")
        if len(value) > self.max_len:
            raise env.fail(path, f"must be a string of at most {self.max_len} characters, has {len(value)}")


class Null(Spec):
    def describe(self, env: Env) -> str:
        return "null"

    def check(self, value: Any, path: str, env: Env) -> None:
        if value is not None:
            raise env.fail(path, f"must be null, got {_show(value)}")


class OneOf(Spec):
    """The first of ``specs`` that accepts the value; else the error names every alternative."""

    def __init__(self, *specs: Spec):
        self.specs = specs

    def describe(self, env: Env) -> str:
        return " or ".join(s.describe(env) for s in self.specs)

    def check(self, value: Any, path: str, env: Env) -> None:
        for s in self.specs:
            try:
                s.check(value, path, env)
                return
            except SavedGameError:
                continue
        raise env.fail(path, f"must be {self.describe(env)}, got {_show(value)}")


class Opt(Spec):
    """``spec`` or null (a value that is not null is checked against ``spec``, and its error kept)."""

    def __init__(self, spec: Spec):
        self.spec = spec

    def describe(self, env: Env) -> str:
        return f"null or {self.spec.describe(env)}"

    def check(self, value: Any, path: str, env: Env) -> None:
        if value is not None:
            self.spec.check(value, path, env)


class ByKind(Spec):
    """An object whose ``kind`` field picks its spec."""

    def __init__(self, kinds: dict[str, Spec]):
        self.kinds = kinds

    def describe(self, env: Env) -> str:
        return "an object with kind " + " or ".join(repr(k) for k in self.kinds)

    def check(self, value: Any, path: str, env: Env) -> None:
        if not isinstance(value, dict):
            raise env.fail(path, f"must be {self.describe(env)}, got {_type_name(value)} {_show(value)}")
        kind = value.get("kind")
        if kind not in self.kinds:
            raise env.fail(f"{path}.kind", f"must be one of {', '.join(repr(k) for k in self.kinds)}, got {_show(kind)}")
        self.kinds[kind].check(value, path, env)


class List(Spec):
    """A list of ``item`` values, of length ``n`` (or ``lo``..``hi``); ``distinct``: no value twice."""

    def __init__(self, item: Spec, n: Bound = None, *, lo: Bound = None, hi: Bound = None, distinct: bool = False):
        self.item, self.n, self.lo, self.hi, self.distinct = item, n, lo, hi, distinct

    def describe(self, env: Env) -> str:
        n = _bound(self.n, env)
        if n is not None:
            return f"a list of {n}"
        return "a list"

    def _length(self, value: list[Any], path: str, env: Env) -> None:
        n, lo, hi = _bound(self.n, env), _bound(self.lo, env), _bound(self.hi, env)
        if n is not None and len(value) != n:
            raise env.fail(path, f"must be a list of {n} entries, has {len(value)}")
        if lo is not None and len(value) < lo:
            raise env.fail(path, f"must be a list of at least {lo} entries, has {len(value)}")
        if hi is not None and len(value) > hi:
            raise env.fail(path, f"must be a list of at most {hi} entries, has {len(value)}")

    def check(self, value: Any, path: str, env: Env) -> None:
        if not isinstance(value, list):
            raise env.fail(path, f"must be {self.describe(env)}, got {_type_name(value)} {_show(value)}")
        self._length(value, path, env)
        item = self.item
        if type(item) is Int:  # the common case (statistics, dice state): one pass, items looked at on failure
            b_lo, b_hi = _bound(item.lo, env), _bound(item.hi, env)
            lo: float = -math.inf if b_lo is None else b_lo
            hi: float = math.inf if b_hi is None else b_hi
            if all(type(v) is int and lo <= v <= hi for v in value) and (not self.distinct
                                                                         or len(set(value)) == len(value)):
                return
        for i, v in enumerate(value):
            item.check(v, f"{path}[{i}]", env)
        if self.distinct:
            seen = [v for v in value if v is not None]
            if len(seen) != len({repr(v) for v in seen}):
                raise env.fail(path, f"must not hold the same entry twice, got {_show(value)}")


class Tuple(Spec):
    """A list of fixed length whose entries have their own specs."""

    def __init__(self, *items: Spec):
        self.items = items

    def describe(self, env: Env) -> str:
        return f"a list of {len(self.items)}"

    def check(self, value: Any, path: str, env: Env) -> None:
        if not isinstance(value, list) or len(value) != len(self.items):
            raise env.fail(path, f"must be a list of {len(self.items)} entries, got {_show(value)}")
        for i, (v, s) in enumerate(zip(value, self.items)):
            s.check(v, f"{path}[{i}]", env)


class PerSide(List):
    """Two entries, home then away; the entries' bounds see ``env.side``."""

    def __init__(self, item: Spec, **kw: Any):
        super().__init__(item, 2, **kw)

    def check(self, value: Any, path: str, env: Env) -> None:
        if not isinstance(value, list) or len(value) != 2:
            raise env.fail(path, f"must be a list of 2 entries (home, away), got {_show(value)}")
        outer = env.side
        try:
            for side, v in enumerate(value):
                env.side = side
                self.item.check(v, f"{path}[{side}]", env)
        finally:
            env.side = outer
        if self.distinct and value[0] == value[1]:  # pragma: no cover - not used
            raise env.fail(path, "must differ")


class PerPlayer(List):
    """One entry per roster player of the side ``env.side`` (inside a :class:`PerSide`)."""

    def __init__(self, item: Spec, **kw: Any):
        super().__init__(item, lambda env: env.roster(), **kw)


def roster_index(env: Env) -> int:
    return env.roster() - 1


RosterIndex = Int(0, roster_index)
Slot = Int(0, 4)
Side = Int(0, 1)


class Dict(Spec):
    """An object with the ``fields`` given (each required unless in ``optional``); ``extra``: a spec
    for keys not listed (None: unknown keys are refused)."""

    def __init__(self, fields: dict[str, Spec], *, optional: Iterable[str] = (), extra: Spec | None = None):
        self.fields = fields
        self.optional = frozenset(optional)
        self.extra = extra

    def describe(self, env: Env) -> str:
        return "an object"

    def check(self, value: Any, path: str, env: Env) -> None:
        if not isinstance(value, dict):
            raise env.fail(path, f"must be an object, got {_type_name(value)} {_show(value)}")
        for key, spec in self.fields.items():
            sub = f"{path}.{key}" if path else key
            if key not in value:
                if key in self.optional:
                    continue
                raise env.fail(sub, f"is missing (must be {spec.describe(env)})")
            spec.check(value[key], sub, env)
        for key in value:
            if key in self.fields:
                continue
            sub = f"{path}.{key}" if path else str(key)
            if self.extra is None:
                known = ", ".join(sorted(self.fields))
                raise env.fail(sub, f"is not a field of this object (its fields: {known})")
            self.extra.check(value[key], sub, env)


class Check(Spec):
    """``spec``, then a test of the whole value: ``test(value, env)`` returns a problem or None."""

    def __init__(self, spec: Spec, test: Callable[[Any, Env], str | None]):
        self.spec, self.test = spec, test

    def describe(self, env: Env) -> str:
        return self.spec.describe(env)

    def check(self, value: Any, path: str, env: Env) -> None:
        self.spec.check(value, path, env)
        problem = self.test(value, env)
        if problem:
            raise env.fail(path, problem)


# ------------------------------------------------------------------ the parts every saved game has
_MT_WORD = Int(0, 2**32 - 1)
SEEDED_SOURCE = Dict({
    "kind": Str(("seeded",)),
    "seed": Int(),
    # random.Random's state: version 3, 624 words and the position (0-624), the Gaussian's spare value
    "state": Tuple(Int(3, 3), Check(List(Int(0, 2**32 - 1), 625), lambda v, env: None if 0 <= v[-1] <= 624 else
                                    "its last entry (the position in the 624 words) must be 0-624"),
                   Opt(Num())),
})


SOURCE = ByKind({"seeded": SEEDED_SOURCE, "scripted": Dict({
    "kind": Str(("scripted",)),
    "script": List(JSON()),
    "position": Int(0),
    "fallback": Opt(SEEDED_SOURCE),
})})

EVENT = Dict({"kind": Str(), "side": Opt(Side), "text": Str()}, extra=JSON())
_SCALARS = (str, int, bool, type(None))


class Events(List):
    """The play-by-play: one quick pass over the usual shape, the field-by-field check on a doubt."""

    def __init__(self) -> None:
        super().__init__(EVENT)

    def check(self, value: Any, path: str, env: Env) -> None:
        if isinstance(value, list) and all(
                type(e) is dict and type(e.get("kind")) is str and type(e.get("text")) is str
                and e.get("side", 2) in (None, 0, 1) and all(type(v) in _SCALARS for v in e.values()) for e in value):
            return
        super().check(value, path, env)


def envelope_spec(n_actions: int, decision_kinds: tuple[str, ...]) -> Dict:
    """What ``Engine.to_dict`` writes around the ruleset's own ``state`` (checked separately)."""
    decision = Dict({
        "side": Side,
        "kind": Str(decision_kinds) if decision_kinds else Str(),
        "legal": List(Int(0, n_actions - 1), lo=1, distinct=True),
        "prompt": Str(),
    }, optional=("prompt",))
    return Dict({
        "ruleset": Str(),
        "version": Int(),
        "state": Dict({}, extra=JSON()),
        "source": SOURCE,
        "decision": Opt(decision),
        "over": Bool(),
        "forced_choices": Int(0),
        "record_events": Bool(),
        "event_count": Int(0),
        "events": Events(),
    }, optional=("forced_choices", "record_events", "event_count", "events"), extra=JSON())


def check(value: Any, spec: Spec, env: Env, path: str = "") -> None:
    spec.check(value, path, env)


def teams_and_options(state: Any, env: Env, parse_team: Callable[[Any, str], Any], options_cls: type) -> tuple[list[Any], Any]:
    """The first checks of every ruleset's saved ``state``: an object with its two teams (parsed as
    team files) and its rule options (parsed as options); sets ``env.players`` (roster sizes)."""
    if not isinstance(state, dict):
        raise env.fail("state", "must be an object")
    for key in ("teams", "options"):
        if key not in state:
            raise env.fail(f"state.{key}", "is missing")
    teams = parse_saved_teams(state["teams"], parse_team, env)
    options = parse_saved_options(state["options"], options_cls, env)
    env.players = tuple(len(getattr(t, "players", ())) for t in teams)
    return teams, options


def parse_saved_teams(teams: Any, parse_team: Callable[[Any, str], Any], env: Env, path: str = "state.teams") -> list[Any]:
    """The two saved team files through the ruleset's team-file parser; a problem is reported at
    its path inside the saved game (``state.teams[1].players[4].dunk``)."""
    if not isinstance(teams, list) or len(teams) != 2:
        raise env.fail(path, f"must be a list of the 2 teams (home, away), got {_show(teams)}")
    out = []
    for i, t in enumerate(teams):
        try:
            out.append(parse_team(t, f"{path}[{i}]"))
        except TeamFileError as exc:
            sub = f"{path}[{i}]" if exc.field in ("<file>", "") else f"{path}[{i}].{exc.field}"
            raise env.fail(sub, exc.problem) from None
    return out


def parse_saved_options(options: Any, options_cls: type, env: Env, path: str = "state.options") -> Any:
    """The saved rule options through the same check as options given on the command line."""
    from .errors import ConfigError
    from .parsing import parse_options

    if not isinstance(options, dict):
        raise env.fail(path, f"must be an object of rule options, got {_type_name(options)}")
    try:
        return parse_options(options_cls, options, path)
    except (ConfigError, TypeError) as exc:
        text = str(exc).removeprefix(f"{path}: ")
        named = re.match(r"(?:unknown )?option '(\w+)'", text)
        raise env.fail(f"{path}.{named.group(1)}" if named else path, text) from None
