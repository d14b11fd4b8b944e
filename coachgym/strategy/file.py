"""Strategy files: YAML, validated on load; every error names the file, the line and the field.

::

    ruleset: fourthstreet            # the ruleset the file is for
    base: by-the-book                # the coach that decides everything the rules below leave alone
    name: press-late                 # optional (default: the file name)
    description: press when behind late   # optional
    rules:                           # tried in order at each decision; the first that acts decides
      - name: press when behind      # optional
        when: margin <= -4 and period == 4 and minutes_left <= 2
        do: press                    # an action, or {action: argument}
      - when: their_c_fouls >= 4
        do: {zone: collapsed}

``when`` is a condition on situation variables (:mod:`coachgym.strategy.conditions`); ``do`` an
action of the ruleset's vocabulary. ``coachgym strategy-help RULESET`` lists both.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor

from ..core.errors import ConfigError
from .conditions import Condition, ConditionError, parse
from .vocabulary import ActionWord, Vocabulary

TOP_KEYS = ("ruleset", "base", "name", "description", "rules")
RULE_KEYS = ("name", "when", "do")


class StrategyFileError(ConfigError):
    """A strategy file is malformed: ``path``, ``line`` (1-based, 0 if unknown), ``field``, ``problem``."""

    def __init__(self, path: str, line: int, field: str, problem: str, column: int = 0):
        self.path, self.line, self.field, self.problem, self.column = str(path), line, field, problem, column
        where = f"{self.path}, line {line}" + (f", column {column}" if column else "") if line else self.path
        super().__init__(f"{where}: {field}: {problem}" if field else f"{where}: {problem}")

    def __reduce__(self):
        return (type(self), (self.path, self.line, self.field, self.problem, self.column))


def vocabulary(ruleset: str) -> Vocabulary:
    """The situation variables and actions of a ruleset (by its registered name)."""
    from .. import rulesets

    rs = rulesets.get(ruleset)
    vocab = rs.part("vocabulary")
    if vocab is None:
        raise ConfigError(f"{rs.title} has no strategy-file vocabulary")
    return vocab


@dataclass(frozen=True)
class Rule:
    index: int
    name: str
    condition: Condition
    action: ActionWord
    arg: str | None
    line: int

    @property
    def do(self) -> str:
        """The action as a file would write it (the argument only where it is not the default)."""
        default = self.action.argument.default if self.action.argument else None
        return self.action.name if self.arg is None or self.arg == default else f"{self.action.name}: {self.arg}"

    def describe(self) -> str:
        return f"{self.name}: when {self.condition.text} do {self.do}"


@dataclass(frozen=True)
class Strategy:
    path: str
    name: str
    ruleset: str
    base: str
    rules: tuple[Rule, ...]
    description: str = ""


def idle_rules(strategy: Strategy, options: dict | None = None, samples: int = 600) -> list[str]:
    """The rules of ``strategy`` that cannot fire under the rule ``options`` (a dict of KEY=VALUE as on
    the command line; the rest at their defaults), one line each: an action that needs a rule option
    that is off, or a condition that is never true once the variables that read a rule option
    (``zone_allowed``, ``foul_limit`` ...) take its value - while it can be true with other values.
    The other variables are sampled (numbers around the condition's own), seeded: the same answer
    every time."""
    from .. import rulesets

    rs = rulesets.get(strategy.ruleset)
    opts = rs.parse_options(dict(options or {}))
    vocab = vocabulary(rs.name)
    out = []
    for rule in strategy.rules:
        act = rule.action
        if act.option is not None and not getattr(opts, act.option):
            out.append(f"line {rule.line}: {rule.name} cannot fire: its action {act.name} needs "
                       f"-o {act.option}=true")
            continue
        bound = {n: getattr(opts, vocab.variables[n].option) for n in rule.condition.variables
                 if vocab.variables[n].option is not None}
        if bound and not _ever_true(rule, vocab, bound, samples) and _ever_true(rule, vocab, {}, samples):
            given = ", ".join(f"{n} is {str(v).lower() if isinstance(v, bool) else v} "
                              f"(rule option {vocab.variables[n].option})" for n, v in bound.items())
            out.append(f"line {rule.line}: {rule.name} cannot fire: its condition is never true when {given}")
    return out


def _ever_true(rule: Rule, vocab: Vocabulary, fixed: dict, samples: int) -> bool:
    """Whether ``rule``'s condition holds in one of ``samples`` seeded draws of its variables, those of
    ``fixed`` held at their values."""
    import random
    import re

    from .conditions import BOOL, NUMBER

    numbers = sorted({round(float(x)) + d for x in re.findall(r"-?\d+(?:\.\d+)?", rule.condition.text)
                      for d in (-1, 0, 1)} | {0, 1, 5, 20})
    rng = random.Random(rule.line)
    for _ in range(samples):
        env = {}
        for n in rule.condition.variables:
            v = vocab.variables[n]
            if n in fixed:
                env[n] = fixed[n]
            elif v.type == BOOL:
                env[n] = rng.random() < 0.5
            elif v.type == NUMBER:
                env[n] = rng.choice(numbers)
            else:
                env[n] = rng.choice(v.words) if v.words else ""
        if rule.condition(env.__getitem__):
            return True
    return False


def example_path(name: str) -> Path | None:
    """The shipped example of that file name (``"fourthstreet_press.yaml"``), if any."""
    f = _examples_dir().joinpath(name)
    return Path(str(f)) if f.is_file() else None


def _examples_dir():
    return resources.files("coachgym.strategy").joinpath("examples")


def examples() -> list[Path]:
    """The example strategy files shipped with the package (one or more per ruleset)."""
    return sorted(Path(str(p)) for p in _examples_dir().iterdir() if p.name.endswith(".yaml"))


def resolve_path(spec: str) -> Path:
    """A strategy file by path, or a shipped example by its file name."""
    p = Path(spec).expanduser()
    if p.is_file():
        return p
    ex = example_path(spec) or example_path(spec + ".yaml")
    if ex is not None:
        return ex
    names = ", ".join(e.name for e in examples())
    raise StrategyFileError(spec, 0, "", f"no such file (nor a shipped example; shipped: {names})")


def load(spec: str | Path, ruleset: str | None = None) -> Strategy:
    """Read and check a strategy file (a path, or a shipped example's name). ``ruleset``: the ruleset
    it will play (a file for another ruleset is refused)."""
    path = resolve_path(str(spec))
    from ..core import jsontext

    try:
        text = jsontext.read_text(path, "a strategy file (YAML)")
    except jsontext.FileProblem as exc:
        raise StrategyFileError(path, 0, "", exc.problem) from None
    return loads(text, str(path), ruleset)


def loads(text: str, path: str = "<strategy>", ruleset: str | None = None) -> Strategy:
    """Check a strategy file's text (``path`` names it in errors)."""
    return _Reader(path).read(text, ruleset)


class _Reader:
    def __init__(self, path: str):
        self.path = path

    def error(self, node: Any, field: str, problem: str, column: int = 0) -> StrategyFileError:
        line = node.start_mark.line + 1 if node is not None else 0
        return StrategyFileError(self.path, line, field, problem, column)

    def value(self, node: yaml.Node, field: str = "") -> Any:
        """A node's plain YAML value; a tag plain YAML does not have (``!!python/object/apply:...``) is
        an error of its line, wherever it stands."""
        try:
            return SafeConstructor().construct_object(node, deep=True)
        except yaml.YAMLError as exc:
            problem = getattr(exc, "problem", None) or str(exc)
            problem = " ".join(problem.split())
            raise self.error(node, field, f"{problem} (a strategy file holds plain YAML only: text, numbers, "
                                          "lists and mappings)", node.start_mark.column + 1) from None

    def mapping(self, node: yaml.Node, field: str, known: tuple[str, ...]) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        if not isinstance(node, yaml.MappingNode):
            raise self.error(node, field, f"must be a mapping of {', '.join(known)}")
        out: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for k, v in node.value:
            key = self.value(k, field)
            where = f"{field}.{key}" if field else str(key)
            if key not in known:
                close = difflib.get_close_matches(str(key), known, n=1)
                hint = f"; did you mean {close[0]!r}?" if close else f"; known keys: {', '.join(known)}"
                raise self.error(k, where, f"unknown key{hint}")
            if key in out:
                raise self.error(k, where, "given twice")
            out[key] = (k, v)
        return out

    def text(self, entry: tuple[yaml.Node, yaml.Node] | None, field: str, parent: yaml.Node,
             required: bool = True) -> str | None:
        if entry is None:
            if required:
                raise self.error(parent, field, "is missing")
            return None
        value = self.value(entry[1], field)
        if isinstance(value, bool):  # a bare true / false (a condition that always or never holds)
            value = "true" if value else "false"
        if isinstance(value, (int, float)):
            value = str(value)
        if not isinstance(value, str) or not value.strip():
            raise self.error(entry[1], field, f"must be text, got {value!r}")
        return value

    def read(self, text: str, ruleset: str | None) -> Strategy:
        from ..core import jsontext

        try:
            if jsontext.yaml_depth(text) > jsontext.MAX_DEPTH:
                raise StrategyFileError(self.path, 0, "", f"is nested more than {jsontext.MAX_DEPTH} levels deep")
            root = yaml.compose(text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = mark.line + 1 if mark is not None else 0
            problem = getattr(exc, "problem", None) or str(exc)
            raise StrategyFileError(self.path, line, "", f"is not valid YAML: {problem}",
                                    mark.column + 1 if mark is not None else 0) from None
        if root is None:
            raise StrategyFileError(self.path, 0, "", "is empty")
        top = self.mapping(root, "", TOP_KEYS)
        rs_name = self.text(top.get("ruleset"), "ruleset", root)
        from .. import rulesets

        try:
            rs = rulesets.get(rs_name)
        except ConfigError as exc:
            raise self.error(top["ruleset"][1], "ruleset", str(exc)) from None
        if ruleset is not None and rulesets.get(ruleset).name != rs.name:
            raise self.error(top["ruleset"][1], "ruleset", f"the file is for {rs.name}, not {rulesets.get(ruleset).name}")
        base = self.text(top.get("base"), "base", root)
        if base.startswith("strategy:"):
            raise self.error(top["base"][1], "base", "a strategy's base coach cannot be another strategy file "
                                                     "(put the rules of both in one file)")
        try:
            rs.coach(base)
        except Exception as exc:  # noqa: BLE001 - any failure to build the coach is the file's error
            raise self.error(top["base"][1], "base", f"not a coach of {rs.name}: {exc}") from None
        name = self.text(top.get("name"), "name", root, required=False) or Path(self.path).stem
        description = self.text(top.get("description"), "description", root, required=False) or ""
        if "rules" not in top:
            raise self.error(root, "rules", "is missing (a list of rules, each with when and do)")
        rules_node = top["rules"][1]
        if not isinstance(rules_node, yaml.SequenceNode) or not rules_node.value:
            raise self.error(rules_node, "rules", "must be a non-empty list of rules, each with when and do")
        vocab = vocabulary(rs.name)
        rules = tuple(self.rule(i, node, vocab) for i, node in enumerate(rules_node.value))
        return Strategy(self.path, name, rs.name, base, rules, description)

    def rule(self, i: int, node: yaml.Node, vocab: Vocabulary) -> Rule:
        field = f"rules[{i + 1}]"
        m = self.mapping(node, field, RULE_KEYS)
        name = self.text(m.get("name"), f"{field}.name", node, required=False) or f"rule {i + 1}"
        when = self.text(m.get("when"), f"{field}.when", node)
        try:
            condition = parse(when, vocab.types())
        except ConditionError as exc:
            vnode = m["when"][1]
            column = 0
            if isinstance(vnode, yaml.ScalarNode) and vnode.start_mark.line == vnode.end_mark.line:
                column = vnode.start_mark.column + exc.column + (1 if vnode.style in ("'", '"') else 0)
            raise self.error(vnode, f"{field}.when", f"{exc.message} (in {when!r})", column) from None
        if "do" not in m:
            raise self.error(node, f"{field}.do", "is missing (an action; coachgym strategy-help lists them)")
        action, arg = self.action(m["do"][1], f"{field}.do", vocab)
        return Rule(i, name, condition, action, arg, node.start_mark.line + 1)

    def action(self, node: yaml.Node, field: str, vocab: Vocabulary) -> tuple[ActionWord, str | None]:
        value = self.value(node, field)
        if isinstance(value, dict):
            if len(value) != 1:
                raise self.error(node, field, "an action with an argument is one pair, e.g. {zone: collapsed}")
            (word, arg), = value.items()
        elif isinstance(value, str):
            word, arg = value.strip(), None
        else:
            raise self.error(node, field, f"must be an action name, or {{action: argument}}; got {value!r}")
        action = vocab.actions.get(word)
        if action is None:
            close = difflib.get_close_matches(str(word), list(vocab.actions), n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else f"; actions: {', '.join(vocab.actions)}"
            raise self.error(node, field, f"unknown {vocab.ruleset} action {word!r}{hint}")
        if arg is not None:
            if action.argument is None:
                raise self.error(node, field, f"{word} takes no argument")
            given = ("on" if arg else "off") if isinstance(arg, bool) else str(arg)  # YAML reads on/off as true/false
            arg = {w.lower(): w for w in action.argument.words}.get(given.lower())
            if arg is None:
                raise self.error(node, field, f"{word}: {given!r} is not one of {', '.join(action.argument.words)}")
        elif action.argument is not None and action.argument.default is None:
            raise self.error(node, field, f"{word} needs an argument ({action.argument.doc}: "
                                          f"{' | '.join(action.argument.words)}), e.g. {{{word}: {action.argument.words[0]}}}")
        elif action.argument is not None:
            arg = action.argument.default
        return action, arg
