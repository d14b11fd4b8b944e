"""What can be set, listed for people: each ruleset's rule options and each coach's parameters, with
their defaults and a one-line explanation (``coachgym options <ruleset>``, ``coachgym coaches
<ruleset>``, and the error for an unknown coach parameter).

The explanations are written where the code documents them: a rule option's is the comment above
its field in the options dataclass (or the comment on its line elsewhere in that module, as FUBA's
list of advanced rules has it); a coach parameter's is the coach class's ``PARAMETERS`` entry, or the
docstring bullet naming it (``* ``name``: text``). The rule options' comments are not read from the
source at run time: ``coachgym/core/option_help.json`` holds them, generated from the sources by
``python tools/option_help.py`` (``tests/core/test_option_help.py`` fails when it is not current).
An options class not in that file (a ruleset being written) has its comments read from its source.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import io
import json
import re
import sys
import tokenize
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable


@dataclass(frozen=True)
class Setting:
    """One rule option or coach parameter."""

    name: str
    default: Any
    kind: str  # "true/false", "integer", "text", "number"
    help: str

    def default_text(self) -> str:
        if isinstance(self.default, bool):
            return "true" if self.default else "false"
        return "none" if self.default is None else str(self.default)


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return "text"


def _comments(source: str) -> dict[int, str]:
    """Line number -> the comment on that line (without '#')."""
    out: dict[int, str] = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            out[tok.start[0]] = tok.string.lstrip("#").strip()
    return out


def _one_line(text: str) -> str:
    return " ".join(text.replace("``", "").split())


OPTION_HELP = Path(__file__).with_name("option_help.json")
_option_help: dict[str, dict[str, str]] | None = None


def _key(options_cls: type) -> str:
    return f"{options_cls.__module__}.{options_cls.__qualname__}"


def rule_options(options_cls: type) -> list[Setting]:
    """The fields of a ruleset's options dataclass, in order, with their defaults and explanations
    (from ``option_help.json``; from the source for a class not listed there)."""
    global _option_help
    if _option_help is None:
        _option_help = json.loads(OPTION_HELP.read_text(encoding="utf-8")) if OPTION_HELP.exists() else {}
    helps = _option_help.get(_key(options_cls))
    if helps is None:
        helps = option_help_from_source(options_cls)
    defaults = options_cls()
    out = []
    for f in dataclasses.fields(options_cls):
        value = getattr(defaults, f.name)
        out.append(Setting(f.name, value, _kind(value), helps.get(f.name) or "(no description)"))
    return out


def option_help_from_source(options_cls: type) -> dict[str, str]:
    """Field name -> explanation, read from the comments of the options class's source file (what
    ``tools/option_help.py`` writes into ``option_help.json``)."""
    module = sys.modules[options_cls.__module__]
    # the .py file itself: a compiled module (coachgym compile) keeps no source of its own
    source = Path(str(module.__file__)).with_name(module.__name__.rpartition(".")[2] + ".py").read_text(encoding="utf-8")
    comments = _comments(source)
    lines = source.splitlines()
    tree = ast.parse(source)
    cls_node = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == options_cls.__name__)
    field_line = {n.target.id: n.lineno for n in cls_node.body
                  if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}
    out: dict[str, str] = {}
    by_line: dict[int, str] = {}
    for f in dataclasses.fields(options_cls):
        text = ""
        line = field_line.get(f.name)
        if line is not None:
            above: list[str] = []
            k = line - 1
            while k >= 1 and lines[k - 1].strip().startswith("#"):
                above.insert(0, comments.get(k, ""))
                k -= 1
            # no comment of its own: a field right below another shares that one's (one comment, a group)
            text = " ".join(above) or comments.get(line, "") or by_line.get(line - 1, "")
            by_line[line] = text
        if not text:  # a comment on the line that names the option elsewhere in the module
            for no, comment in comments.items():
                if re.search(rf"[\"']{re.escape(f.name)}[\"']", lines[no - 1].split("#")[0]):
                    text = comment
                    break
        out[f.name] = _one_line(text)
    return out


def coach_parameters(factory: Callable[..., Any]) -> list[Setting]:
    """The keyword parameters a scripted coach takes (besides ``seed``), with defaults and explanations."""
    cls = factory if inspect.isclass(factory) else None
    sig = inspect.signature(factory)
    helps: dict[str, str] = dict(getattr(cls, "PARAMETERS", {}) or {})
    doc = inspect.getdoc(cls) or "" if cls is not None else ""
    for m in re.finditer(r"^\s*\*\s*``(\w+)``:\s*(.+?)(?=^\s*\*\s*``|\Z)", doc, re.M | re.S):
        helps.setdefault(m.group(1), _one_line(m.group(2)).rstrip(";."))
    out = []
    for p in sig.parameters.values():
        if p.name in ("self", "seed") or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        default = None if p.default is p.empty else p.default
        out.append(Setting(p.name, default, _kind(default), helps.get(p.name, "(no description)")))
    return out


def render(settings: list[Setting], empty: str) -> str:
    if not settings:
        return empty
    width = max(len(s.name) for s in settings)
    dwidth = max(len(s.default_text()) for s in settings)
    out = []
    for s in settings:
        out.append(f"  {s.name:<{width}}  {s.default_text():<{dwidth}}  {s.help}")
    return "\n".join(out)


# coaches every ruleset has, besides its scripted ones
BUILTIN_COACHES = {
    "random": "chooses uniformly among the legal actions (seeded: the same seed, the same choices)",
    "first-legal": "always the first legal action (a baseline; deterministic)",
    "trained": "the ruleset's shipped trained coach (coachgym/models/<ruleset>.npz); a model file's path "
               "(.npz; .zip needs the train extra) names another",
}


def coach_description(ruleset: Any, name: str) -> str:
    """One line on a coach of ``ruleset`` (a scripted coach: its module docstring's first line)."""
    if name in BUILTIN_COACHES:
        return BUILTIN_COACHES[name]
    # a coach kind ("strategy:FILE", "search"): its factory's module docstring, as a scripted coach's
    factory = ruleset.coach_kind(name.partition(":")[0]) or ruleset.coach_factory(name)
    doc = inspect.getdoc(sys.modules[factory.__module__]) or inspect.getdoc(factory) or ""
    return _one_line(doc.split("\n\n")[0])
