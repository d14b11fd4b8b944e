"""JSON text read with a bound on its nesting: ``loads(text)`` is ``json.loads`` that refuses text
nested deeper than ``MAX_DEPTH`` arrays and objects with :class:`TooDeep` (a ``ValueError``) before
parsing it, instead of a ``RecursionError`` from the parser or from whatever walks the result.

Every file coachgym reads from a person (a saved game, a team file, a request's JSON body) is far
shallower: a saved game nests about ten levels.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 64
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKETS = re.compile(r"[\[\]{}]+")


class TooDeep(ValueError):
    """JSON text nested deeper than the bound."""


def depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON text (strings skipped); text that is not
    JSON gets some number, and the parser then says what is wrong with it."""
    deepest = level = 0
    for run in _BRACKETS.finditer(_STRING.sub('""', text)):
        for ch in run.group():
            if ch in "[{":
                level += 1
                if level > deepest:
                    deepest = level
            else:
                level -= 1
    return deepest


def loads(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads(text)``, refusing text nested deeper than ``max_depth`` (:class:`TooDeep`)."""
    if isinstance(text, (bytes, bytearray)):
        text = text.decode("utf-8")
    if depth(text) > max_depth:
        raise TooDeep(f"nested more than {max_depth} levels deep")
    return json.loads(text)


# ------------------------------------------------------------------ files a person names
class FileProblem(ValueError):
    """A file a person named that cannot be used as text of the expected kind: unreadable, not UTF-8,
    not valid JSON or YAML (truncated ...), or nested too deep. ``path`` and ``problem`` (one line,
    without the path); ``str()`` is ``"PATH: PROBLEM"``. Callers wrap it in their own error
    (``SavedGameError``, ``ConfigError`` ...) with the file's kind."""

    def __init__(self, path: Any, problem: str):
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.path, self.problem))


MAX_FILE_BYTES = 256 * 1024 * 1024  # far above any file coachgym reads (a long saved game: a few MB)


def read_text(path: Any, kind: str = "text", max_bytes: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a file (a leading byte-order mark dropped); :class:`FileProblem` when it
    cannot be read, is larger than ``max_bytes`` (read no further: ``/dev/zero`` or a huge file never
    fills the memory) or is not UTF-8 text. ``kind`` names what the file should be (``"a saved game
    (JSON)"``) in the message."""
    from pathlib import Path

    p = Path(path)
    try:
        with p.open("rb") as fh:
            data = fh.read(max_bytes + 1)
    except OSError as exc:
        raise FileProblem(p, f"cannot be read ({exc.strerror or exc})") from None
    if len(data) > max_bytes:
        raise FileProblem(p, f"larger than {max_bytes // (1024 * 1024)} MiB; expected {kind}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FileProblem(p, f"not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}); "
                             f"expected {kind}") from None


def parse(text: str, path: Any, max_depth: int = MAX_DEPTH) -> Any:
    """JSON text of the file ``path`` names, bounded in nesting; :class:`FileProblem` (with line and
    column: a truncated file says where it ends) otherwise."""
    try:
        return loads(text, max_depth)
    except TooDeep as exc:
        raise FileProblem(path, f"JSON {exc}") from None
    except json.JSONDecodeError as exc:
        raise FileProblem(path, f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:  # (the bound above keeps the parser far from this; a last line of defence)
        raise FileProblem(path, f"JSON nested more than {max_depth} levels deep") from None


def load_file(path: Any, kind: str = "JSON", max_depth: int = MAX_DEPTH) -> Any:
    """A JSON file a person named, read as UTF-8 and parsed with the nesting bound: the one loader of
    saved games, boxscores, analyses, replays and team files. :class:`FileProblem` otherwise."""
    return parse(read_text(path, kind), path, max_depth)


def yaml_depth(text: str) -> int:
    """The deepest nesting of sequences and mappings in YAML text, read from the parser's events
    (which do not recurse; the composer that builds nodes does). Raises ``yaml.YAMLError`` for text
    that does not parse."""
    import yaml

    deepest = level = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            level += 1
            if level > deepest:
                deepest = level
                if deepest > 4 * MAX_DEPTH:  # deep enough to say so: stop reading
                    break
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            level -= 1
    return deepest


def yaml_load(text: str, path: Any, max_depth: int = MAX_DEPTH) -> Any:
    """``yaml.safe_load(text)`` with the same nesting bound (:func:`yaml_depth`, before the composer);
    :class:`FileProblem` for YAML that does not parse or nests deeper than ``max_depth``."""
    import yaml

    try:
        if yaml_depth(text) > max_depth:
            raise FileProblem(path, f"YAML nested more than {max_depth} levels deep")
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise FileProblem(path, f"not valid YAML{where}: {problem}") from None
    except RecursionError:
        raise FileProblem(path, f"YAML nested more than {max_depth} levels deep") from None
