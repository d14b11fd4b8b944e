"""Reading what people give coachgym: rule options, team files (JSON), ``KEY=VALUE`` settings and
coach parameters; every error names the file, field or setting."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

from .errors import ConfigError, TeamFileError


def parse_options(options_cls: type, given: Any, where: str = "rule options") -> Any:
    """Build a rule-options dataclass from a dict (or pass an instance through), naming bad keys."""
    if given is None:
        return options_cls()
    if isinstance(given, options_cls):
        return given
    if not isinstance(given, dict):
        raise ConfigError(f"{where}: expected a mapping of option names to values, got {type(given).__name__}")
    fields = {f.name: f for f in dataclasses.fields(options_cls)}
    for key, value in given.items():
        if key not in fields:
            raise ConfigError(f"{where}: unknown option {key!r}; known options: {', '.join(sorted(fields))}")
        default = getattr(options_cls(), key)
        if isinstance(default, bool) and not isinstance(value, bool):
            raise ConfigError(f"{where}: option {key!r} must be true or false, got {value!r}")
        if isinstance(default, int) and not isinstance(default, bool) and (not isinstance(value, int) or isinstance(value, bool)):
            raise ConfigError(f"{where}: option {key!r} must be an integer, got {value!r}")
    opts = options_cls(**given)
    validate = getattr(opts, "validate", None)
    if validate is not None:
        validate(where)
    return opts


def team_file_header(data: Any, path: str, schema: str) -> tuple[str, bool, str]:
    """The checks every team file shares: a JSON object of the ruleset's ``schema``, a non-empty
    ``name``, ``fictional`` true or false, and a ``source`` for a team of real players (real players
    only from real, verifiable statistics). Returns ``(name, fictional, source)``."""
    if not isinstance(data, dict):
        raise TeamFileError(path, "<file>", "must hold a JSON object")
    if data.get("schema") != schema:
        raise TeamFileError(path, "schema", f"must be {schema!r}, got {data.get('schema')!r}")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise TeamFileError(path, "name", "must be a non-empty string")
    fictional = data.get("fictional")
    if not isinstance(fictional, bool):
        raise TeamFileError(path, "fictional", "must be true or false (true unless every card comes from real, "
                                               "verifiable statistics)")
    source = data.get("source", "")
    if not isinstance(source, str):
        raise TeamFileError(path, "source", "must be a string")
    if not fictional and not source:
        raise TeamFileError(path, "source", "a team of real players must name the source of its statistics")
    return name, fictional, source


def load_json(path: Path | str) -> Any:
    """A team file or saved game named by a person: read through the one loader (UTF-8, at most
    ``jsontext.MAX_FILE_BYTES``: ``/dev/zero`` or a huge file is one error, never read into memory)."""
    from . import jsontext

    p = Path(path)
    try:
        text = jsontext.read_text(p, "a team file or saved game (JSON)")
    except jsontext.FileProblem as exc:
        raise TeamFileError(p, "<file>", exc.problem) from None
    return parse_json_text(text, p)


def parse_json_text(text: str, path: Path | str) -> Any:
    """JSON text of the file ``path`` names (read from disk or uploaded); errors name file and line."""
    from . import jsontext

    try:
        return jsontext.loads(text)
    except json.JSONDecodeError as exc:
        raise TeamFileError(path, "<file>", f"is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from exc
    except jsontext.TooDeep as exc:
        raise TeamFileError(path, "<file>", f"is not a team file (JSON {exc})") from None


def team_slug(name: str) -> str:
    """``"Harbor City Gulls"`` -> ``"harbor-city-gulls"``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def parse_setting(text: str, names: list[str], where: str) -> tuple[str, Any]:
    """``"KEY=VALUE"`` with KEY one of ``names`` and a JSON VALUE -> ``(KEY, value)`` (a calibration
    tool's ``--set``); a clear error naming ``where`` and the known keys otherwise."""
    key, sep, value = text.partition("=")
    if not sep or key not in names:
        raise ConfigError(f"{where} {text!r}: give KEY=VALUE with KEY one of: {', '.join(names)}")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        raise ConfigError(f"{where} {text!r}: the value must be JSON (a number, true/false, a list or an object)") from None
