"""The one grammar of a coach named from outside the process (a command line, a team or strategy
file, a web form, the JSON API, a saved game's ``opponent`` and ``book``).

A coach spec is ``KIND``, ``KIND:KEY=VALUE,KEY=VALUE`` or, for the kinds that take one,
``KIND:ARGUMENT`` (``strategy:FILE``), or a model file (``NAME.npz``, ``NAME.zip``). Every kind
declares its parameters in a table of :class:`Param` (name, type, bounds, the lower bound put on a
request from the web, and whether the value may name a file):

* the built-in coaches ``random``, ``first-legal`` and ``trained`` take none;
* a ruleset's scripted coaches: their keyword parameters (``coachgym.core.describe``), typed by
  their defaults, none of them a file;
* a registered coach kind (``Ruleset.coach_kind``: ``search``, ``strategy``) declares its table as
  its factory's ``PARAMS`` (and ``ARGUMENT``, the :class:`Param` of an argument that is not
  ``KEY=VALUE``, e.g. the strategy file);
* a model file is the :data:`MODEL_FILE` argument.

:func:`check` holds a spec's parameters to its table, with one-line errors naming the parameter;
with ``web=True`` no value may name a file except by one of the names ``offered`` gives (the
folders its operator named), and the web bounds apply. ``coachgym coaches`` lists the same tables.
Nothing here opens a file.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable, cast

from .errors import ConfigError

TYPES = ("int", "float", "bool", "word", "choice", "names", "file")
WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+:-]{0,59}")
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+-]{0,120}")
MAX_SPEC = 200  # characters of a coach spec from the web


@dataclass(frozen=True)
class Param:
    """One parameter of a coach kind.

    ``type``: ``int``, ``float``, ``bool``, ``word`` (a short word: letters, digits, ``_.+:-``),
    ``choice`` (one of ``choices``), ``names`` (words joined by ``+``; with ``file`` a name may be
    a file's path on the command line) or ``file`` (a file's path; from the web a name the server
    offers). ``lo``/``hi``: bounds of a number (the count of ``names``); ``web_hi``: the lower
    upper bound of a request from the web (None: ``hi``); ``web_fixed``: the only value the web may
    give (e.g. ``ms=0``)."""

    name: str
    type: str
    default: Any = None
    help: str = ""
    lo: float | None = None
    hi: float | None = None
    web_hi: float | None = None
    choices: tuple[str, ...] = ()
    file: bool = False
    web_fixed: Any = None
    zero_ok: bool = False  # an int whose 0 means "none" (a search's horizon) besides lo..hi

    def bounds_text(self, web: bool = False) -> str:
        hi = self.web_hi if web and self.web_hi is not None else self.hi
        if self.type in ("int", "float"):
            if web and self.web_fixed is not None:
                return f"{self.web_fixed} only"
            z = " or 0" if self.zero_ok and not web else ""
            if self.lo is not None and hi is not None:
                return f"{_num(self.lo)} to {_num(hi)}{z}"
            return f"at least {_num(self.lo)}{z}" if self.lo is not None else ""
        if self.type == "choice":
            return " | ".join(self.choices)
        if self.type == "names":
            return f"NAME+NAME (at most {_num(hi)})" if hi is not None else "NAME+NAME"
        if self.type == "file":
            return "an offered name" if web else "a file"
        return self.type

    def default_text(self) -> str:
        """The default as a person writes it: ``true``/``false``, ``none``, or the value."""
        if isinstance(self.default, bool):
            return "true" if self.default else "false"
        return "none" if self.default in (None, "") else str(self.default)

    def describe(self) -> str:
        """``name  type  default  bounds (web: ...)  help`` on one line (``coachgym coaches``)."""
        cmd, web = self.bounds_text(), self.bounds_text(web=True)
        bounds = cmd + (f"; from the web {web}" if web != cmd else "")
        if self.file and self.type != "file":
            bounds += "; may name a file (from the web: only the names the server offers)"
        return f"{self.name} ({self.type}, default {self.default_text()}; {bounds}): {self.help}"


def _num(x: float | None) -> str:
    return "" if x is None else str(int(x)) if float(x).is_integer() else str(x)


# a model file as a coach (``NAME.npz``; ``.zip`` only from the command line: it can run code)
MODEL_FILE = Param("model", "file", None, "a trained model file (.npz; .zip: stable-baselines3)", file=True)
BUILTIN = {"random": (), "first-legal": (), "trained": ()}


def parse_value(text: str) -> Any:
    """A parameter's value: JSON (numbers, true/false) where it is JSON, else the text itself.
    Never raises (a 5,000-digit number is text, not a ValueError)."""
    if len(text) > 400:
        return text
    try:
        return json.loads(text)
    except ValueError:  # JSONDecodeError, and int digits past Python's limit
        return text


def split_params(spec: str, coach: str) -> dict[str, Any]:
    """``"a=1,b=false,c=never"`` -> ``{"a": 1, "b": False, "c": "never"}`` (one-line errors)."""
    out: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in spec.split(","))):
        if "=" not in part:
            raise ConfigError(f"coach {coach!r}: parameter {part[:60]!r} is not KEY=VALUE")
        key, value = (x.strip() for x in part.split("=", 1))
        if key in out:
            raise ConfigError(f"coach {coach!r}: parameter {key[:40]!r} is given twice")
        out[key] = parse_value(value)
    return out


def scripted_table(settings: Iterable[Any]) -> tuple[Param, ...]:
    """A scripted coach's table from its settings (``Setting``: typed by the default)."""
    out = []
    for s in settings:
        d = s.default
        if isinstance(d, bool):
            out.append(Param(s.name, "bool", d, s.help))
        elif isinstance(d, int):
            out.append(Param(s.name, "int", d, s.help, lo=0, hi=10_000))
        elif isinstance(d, float):
            out.append(Param(s.name, "float", d, s.help, lo=-1e6, hi=1e6))
        else:
            out.append(Param(s.name, "word", d, s.help))
    return tuple(out)


@dataclass(frozen=True)
class Kind:
    """A coach kind's grammar: its name, its parameters, or the argument it takes instead."""

    name: str
    params: tuple[Param, ...] = ()
    argument: Param | None = None  # ``KIND:ARGUMENT`` (a file) instead of KEY=VALUE parameters
    bare: bool = True  # may be named without parameters

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)


def kinds(rs: Any) -> list[Kind]:
    """Every coach kind of ruleset ``rs`` with its table (built-ins, scripted coaches, registered
    kinds, model files)."""
    out = [Kind(n) for n in BUILTIN]
    for name in rs.coach_names():
        if name in BUILTIN:
            continue
        if name.endswith(":..."):
            k = name[:-4]
            factory = rs.coach_kind(k)
            out.append(Kind(k, tuple(getattr(factory, "PARAMS", ())), getattr(factory, "ARGUMENT", None),
                            bare=getattr(factory, "BARE", False)))
        else:
            out.append(Kind(name, scripted_table(rs.coach_parameters(name))))
    out.append(Kind("model file", (), MODEL_FILE, bare=False))
    return out


@dataclass(frozen=True)
class Spec:
    """A coach spec read by the grammar: its kind, parameters (typed) and argument."""

    kind: Kind
    params: dict[str, Any]
    argument: str | None = None


def read(rs: Any, spec: Any, *, field: str = "coach", web: bool = False,
         offered: Callable[[str, str], list[str]] | None = None, caps: dict[tuple[str, str], Any] | None = None) -> Spec:
    """``spec`` held to the grammar of its kind (see the module docstring); raises ``ConfigError``
    naming ``field``, the kind and the parameter. ``offered(kind, param)`` -> the names the server
    offers for a parameter (or argument) that may name a file; with ``web`` nothing else is
    accepted there, and the answer never says whether a path exists. ``caps``: ``{(kind, param):
    bound}`` replacing a table's ``web_hi`` (a server's own bound, e.g. --max-search-budget)."""
    if not isinstance(spec, str):
        raise ConfigError(f"{field}: expected a coach's name, got {type(spec).__name__}")
    spec = spec.strip()
    if not spec:
        raise ConfigError(f"{field}: choose a coach or write a coach spec")
    if web and len(spec) > MAX_SPEC:
        raise ConfigError(f"{field}: a coach spec is at most {MAX_SPEC} characters")
    table = {k.name: k for k in kinds(rs)}
    head, sep, rest = spec.partition(":")
    if spec.endswith((".npz", ".zip")) and head not in table:
        kind = table["model file"]
        if web and spec.endswith(".zip"):
            raise ConfigError(f"{field} {spec[:80]!r}: .zip models can execute code when loaded and are not accepted "
                              "from the browser; export the coach as .npz or play it from the command line")
        return Spec(kind, {}, _file_value(cast(Param, kind.argument), spec, field, "model file", web, offered))
    named = table.get(head)
    if named is None or named.name == "model file":
        names = [k.name + (":..." if k.argument or not k.bare else "") for k in table.values() if k.name != "model file"]
        raise ConfigError(f"{field} {spec[:80]!r}: unknown coach {head[:40]!r}; coaches: {', '.join(names)}, "
                          "or a model file (coachgym coaches RULESET lists their parameters)")
    kind = named
    if kind.argument is not None:
        if not sep or not rest.strip():
            raise ConfigError(f"{field}: coach {kind.name!r} needs {kind.argument.name}: {kind.name}:"
                              f"{kind.argument.name.upper()}")
        return Spec(kind, {}, _file_value(kind.argument, rest.strip(), field, kind.name, web, offered))
    if not sep and not kind.bare:
        raise ConfigError(f"{field}: coach {kind.name!r} needs parameters ({kind.name}:KEY=VALUE)")
    given = split_params(rest, kind.name) if sep else {}
    out = {}
    for key, value in given.items():
        p = kind.param(key)
        if p is None:
            known = ", ".join(f"{q.name} (default {q.default_text()})" for q in kind.params)
            raise ConfigError(f"{field}: coach {kind.name!r} does not take the parameter {key[:40]!r}; "
                              + (f"its parameters: {known} (coachgym coaches {rs.name})" if known
                                 else "it takes no parameters"))
        if web and caps and (kind.name, key) in caps:
            p = dataclasses.replace(p, web_hi=caps[(kind.name, key)])
        out[key] = check_value(p, value, field=field, kind=kind.name, web=web, offered=offered)
    return Spec(kind, out)


def check_value(p: Param, value: Any, *, field: str = "coach", kind: str = "", web: bool = False,
                offered: Callable[[str, str], list[str]] | None = None) -> Any:
    """One parameter's value held to its :class:`Param` (see :func:`read`)."""
    where = f"{field}: {kind} parameter {p.name}" if kind else f"{field}: parameter {p.name}"
    shown = repr(value)[:60]
    if p.type in ("int", "float"):
        if web and p.web_fixed is not None:
            if value != p.web_fixed:
                raise ConfigError(f"{field}: {kind} {p.name} is not offered on the web (only {p.web_fixed}): {p.help}; "
                                  f"got {shown}")
            return value
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        if p.type == "int":
            ok = ok and isinstance(value, int)
        if not ok or (isinstance(value, float) and not math.isfinite(value)):
            raise ConfigError(f"{where} must be a number ({'an integer ' if p.type == 'int' else ''}"
                              f"{p.bounds_text(web)}), got {shown}")
        hi = p.web_hi if web and p.web_hi is not None else p.hi
        if p.zero_ok and value == 0 and not web:
            return value
        if (p.lo is not None and value < p.lo) or (hi is not None and value > hi):
            raise ConfigError(f"{where} must be {'an integer' if p.type == 'int' else 'a number'} from "
                              f"{p.bounds_text(web)}{' on this server' if web and p.web_hi else ''}, got {shown}")
        return value
    if p.type == "bool":
        if isinstance(value, bool):
            return value
        raise ConfigError(f"{where} must be true or false, got {shown}")
    if not isinstance(value, str):
        value = json.dumps(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else value
    if not isinstance(value, str):
        raise ConfigError(f"{where} must be a word, got {shown}")
    if p.type == "choice":
        if value not in p.choices:
            raise ConfigError(f"{where} must be one of {', '.join(p.choices)}, got {shown}")
        return value
    if web and p.file and p.type == "word":  # a coach spec that could name a file: offered words only
        names = offered(kind, p.name) if offered else []
        if value not in names:
            raise ConfigError(f"{where} must be one of {', '.join(names) or 'none'} on the web (a name, never a "
                              f"path), got {shown}")
        return value
    if p.type == "word":
        if not WORD.fullmatch(value):
            raise ConfigError(f"{where} must be a short word (letters, digits, _ . + : -), got {shown}")
        return value
    if p.type == "names":
        parts = [n for n in value.split("+") if n]
        if p.hi is not None and len(parts) > p.hi:
            raise ConfigError(f"{where}: at most {_num(p.hi)} names, got {len(parts)}")
        if web or not p.file:
            choices = (offered(kind, p.name) if offered else []) if p.file else list(p.choices)
            bad = [n for n in parts if n not in choices]
            if bad:
                raise ConfigError(f"{where}: {bad[0][:60]!r} is not one of the names "
                                  f"{'this server offers' if web else 'it takes'} (a name, never a path); "
                                  f"offered: {', '.join(choices) or 'none'}")
        return "+".join(parts)
    return _file_value(p, value, field, kind, web, offered)


def _file_value(p: Param, value: str, field: str, kind: str, web: bool,
                offered: Callable[[str, str], list[str]] | None) -> str:
    if not web:
        return value
    names = offered(kind, p.name) if offered else []
    if not NAME.fullmatch(value) or value not in names:
        what = "model" if kind == "model file" else kind if p.type == "file" and kind else p.name
        raise ConfigError(f"{field} {(kind + ':' if kind != 'model file' else '') + value[:60]!r}: this server offers "
                          f"no {what} of that name (a name, never a path); offered: {', '.join(names) or 'none'}")
    return value


def listing(kind: Kind) -> list[str]:
    """The lines ``coachgym coaches`` prints for a kind's table."""
    lines = [f"  {kind.argument.name.upper()}: {kind.argument.describe()}"] if kind.argument is not None else []
    lines += [f"  {p.describe()}" for p in kind.params]
    return lines
