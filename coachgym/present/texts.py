"""The fixed words of a ruleset's screens, kept as data next to its engine.

A presenter's texts live in ``coachgym/rules/<x>/data/present.json``:

* ``kinds``: every decision kind of the engine, ``{"title", "explain", "matters"}``; ``matters`` is
  whether a person makes that kind under the default auto-play, decided from ``coachgym leverage``
  (the figures used are kept beside it under ``leverage``);
* ``glossary``: every term the screens use, term -> one plain explanation;
* ``text``: fixed sentences and option explanations, ``str.format`` templates looked up by key;
* ``kits`` (optional): team name -> the team's colour for the web page's pieces and cards (FUBA's
  Blue FC plays in blue), where the side's colour (home red, away blue) would mislead.

:class:`ScreenTexts` loads that file once and answers the presenter protocol's ``kinds()`` and
``glossary()``; :func:`two_step` builds the "who comes out, then who goes in" choices every
basketball substitution and FUBA's "which piece, then where" share.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from typing import Callable, Iterable

from .model import Choice, Glossary, KindInfo

SIDE_COLOURS = ("#b8322a", "#1f5a9e")  # home, away: --home and --away of coachgym/web/static/style.css


class ScreenTexts:
    """The ``present.json`` of one ruleset package (``coachgym.rules.<x>``)."""

    def __init__(self, package: str, ruleset: str, decision_kinds: Iterable[str]):
        path = resources.files(package).joinpath("data").joinpath("present.json")
        data = json.loads(path.read_text(encoding="utf-8"))
        self.ruleset = ruleset
        self.glossary_terms: dict[str, str] = data["glossary"]
        self.text: dict[str, str] = data["text"]
        self.kind_texts: dict[str, dict] = data["kinds"]
        self.leverage: dict = data.get("leverage", {})
        self.kits: dict[str, str] = data.get("kits", {})
        missing = [k for k in decision_kinds if k not in self.kind_texts]
        if missing:
            raise ValueError(f"{path}: kinds: no description of the decision kinds {missing}")
        self._kinds = [KindInfo(k, self.kind_texts[k]["title"], self.kind_texts[k]["explain"],
                                bool(self.kind_texts[k]["matters"])) for k in decision_kinds]

    def kinds(self) -> list[KindInfo]:
        return list(self._kinds)

    def glossary(self) -> Glossary:
        return Glossary(self.ruleset, dict(self.glossary_terms))

    def matters(self, kind: str) -> bool:
        return bool(self.kind_texts[kind]["matters"])

    def kit_colours(self, names: list[str]) -> tuple[str, str]:
        """The colours of home and away by their team names (``""``: the side's own colour). Where the
        two would look alike (a mirror match, or a team whose kit is the other side's colour), both
        sides keep their own colours."""
        kits = [self.kits.get(name, "") for name in names]
        shown = [kit or SIDE_COLOURS[side] for side, kit in enumerate(kits)]
        if shown[0].lower() == shown[1].lower():
            return "", ""
        return kits[0], kits[1]

    def __call__(self, key: str, **values) -> str:
        """The template ``key`` filled with ``values``."""
        return self.text[key].format(**values)


def two_step(first: list[tuple[str, str, str, str, list[Choice]]]) -> list[Choice]:
    """Choices that open a second short list: ``(key, label, explain, then_title, then)`` each;
    entries whose second list is empty are left out (nothing to pick after them)."""
    return [Choice(key=k, label=label, explain=explain, then=then, then_title=title)
            for k, label, explain, title, then in first if then]


_GROUP = re.compile(r"(\\l)?\$(\d)")


def _substitution(pattern: str, replacement: str) -> Callable[[str], str]:
    rx = re.compile(pattern)

    def fill(m: re.Match) -> str:
        def group(g: re.Match) -> str:
            text = m.group(int(g.group(2))) or ""
            return text.lower() if g.group(1) else text
        return _GROUP.sub(group, replacement)
    return lambda text: rx.sub(fill, text)


@lru_cache(maxsize=None)
def words(ruleset: str) -> Callable[[str], str]:
    """The play-by-play in words for ``ruleset``: the ``words`` list of its ``present.json``
    (``[pattern, replacement]`` pairs, applied in order with ``re.sub``; ``$1`` is a group, ``\\l$1``
    the group in lower case) turned into one function of a line. A ruleset without the list, or an
    unknown one, keeps its lines as the engine wrote them. The screens show these words; the engine's
    own line stays in the saved game and the replay's file (``Event.text``)."""
    try:
        path = resources.files(f"coachgym.rules.{ruleset}").joinpath("data").joinpath("present.json")
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ModuleNotFoundError, FileNotFoundError, ValueError):
        return str
    steps = [_substitution(p, r) for p, r in data.get("words", [])]
    if not steps:
        return str

    def say(text: str) -> str:
        for step in steps:
            text = step(text)
        return text[:1].upper() + text[1:] if text else text
    return say
