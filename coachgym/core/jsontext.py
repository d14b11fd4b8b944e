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
