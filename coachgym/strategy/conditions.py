"""The condition grammar of strategy files: comparisons joined by ``and`` / ``or`` / ``not``.

No Python is evaluated: a condition is tokenized and parsed here, checked against the ruleset's
situation variables (names, types, allowed words), and compiled into small closures.

Grammar (lowest precedence first)::

    condition  := or
    or         := and ("or" and)*
    and        := not ("and" not)*
    not        := "not" not | comparison
    comparison := sum (OP sum)*               OP: == != < <= > >=   (chains: -6 <= margin <= -3)
                | sum ["not"] "in" "[" literal ("," literal)* "]"
    sum        := unary (("+" | "-") unary)*
    unary      := "-" unary | atom
    atom       := NUMBER | "STRING" | 'STRING' | true | false | VARIABLE | "(" condition ")"

Types: a variable is a number, true/false, or one of a fixed set of words (``ball_area ==
"own_half"``). ``<`` and friends compare numbers; ``==``, ``!=`` and ``in`` compare like with like;
``and``, ``or``, ``not`` join true/false values; a whole condition is true or false.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping

NUMBER, BOOL, WORD = "number", "true/false", "word"

_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<number>\d+(?:\.\d+)?)
  | (?P<string>"[^"]*"|'[^']*')
  | (?P<name>[A-Za-z_][A-Za-z_0-9]*)
  | (?P<op>==|!=|<=|>=|<|>|\+|-|\(|\)|\[|\]|,)
""", re.VERBOSE)
_KEYWORDS = {"and", "or", "not", "in", "true", "false"}
_COMPARE = {"==", "!=", "<", "<=", ">", ">="}


def _arithmetic(op: str, fa: Callable, fb: Callable) -> Callable:
    """``fa + fb`` or ``fa - fb`` as a closure over these two operands (a closure made in the parser's
    loop would share the loop's variables: ``margin - 3 + 1`` would call itself for ever)."""
    if op == "+":
        return lambda env: fa(env) + fb(env)
    return lambda env: fa(env) - fb(env)


class ConditionError(ValueError):
    """A condition does not parse or does not fit the variables; ``column`` is 1-based."""

    def __init__(self, message: str, column: int):
        super().__init__(message)
        self.message = message
        self.column = column


@dataclass(frozen=True)
class Token:
    kind: str  # number, string, name, op, end
    text: str
    column: int


def tokenize(text: str) -> list[Token]:
    tokens: list[Token] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise ConditionError(f"unexpected character {text[pos]!r}", pos + 1)
        kind = m.lastgroup
        if kind != "space":
            tokens.append(Token(kind, m.group(), pos + 1))
        pos = m.end()
    tokens.append(Token("end", "", len(text) + 1))
    return tokens


@dataclass(frozen=True)
class VariableType:
    """What a condition may know of a variable: its type and, for words, the allowed words."""

    type: str
    words: tuple[str, ...] = ()


Env = Callable[[str], Any]  # the value of a situation variable by name
Compiled = Callable[[Env], Any]


@dataclass(frozen=True)
class _Node:
    type: str
    fn: Compiled
    column: int
    literal: Any = None  # the value of a literal (None for anything else)
    is_literal: bool = False
    words: tuple[str, ...] = ()  # allowed words of a word variable


class Condition:
    """A parsed, checked condition: ``condition(env)`` is true or false; ``text`` is the source and
    ``variables`` the situation variables it reads."""

    def __init__(self, text: str, fn: Compiled, variables: frozenset[str]):
        self.text = text
        self._fn = fn
        self.variables = variables

    def __call__(self, env: Env) -> bool:
        return self._fn(env)

    def __repr__(self) -> str:
        return f"Condition({self.text!r})"


def parse(text: str, variables: Mapping[str, VariableType]) -> Condition:
    """Parse and check ``text`` against ``variables``; raises :class:`ConditionError`."""
    if not isinstance(text, str):
        raise ConditionError(f"a condition must be text, got {text!r}", 1)
    if not text.strip():
        raise ConditionError("the condition is empty (write 'true' for a rule that always applies)", 1)
    parser = _Parser(tokenize(text), variables)
    node = parser.condition()
    tok = parser.peek()
    if tok.kind != "end":
        raise ConditionError(f"unexpected {tok.text!r} (expected 'and', 'or' or the end)", tok.column)
    if node.type != BOOL:
        raise ConditionError(f"the condition is a {node.type}, not true/false (compare it with something)", 1)
    return Condition(text, node.fn, frozenset(parser.used))


class _Parser:
    def __init__(self, tokens: list[Token], variables: Mapping[str, VariableType]):
        self.tokens = tokens
        self.i = 0
        self.variables = variables
        self.used: set[str] = set()

    def peek(self) -> Token:
        return self.tokens[self.i]

    def take(self) -> Token:
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def at(self, *texts: str) -> bool:
        tok = self.peek()
        return tok.kind in ("op", "name") and tok.text in texts

    def expect(self, text: str) -> Token:
        tok = self.take()
        if tok.text != text or tok.kind not in ("op", "name"):
            found = "the end" if tok.kind == "end" else repr(tok.text)
            raise ConditionError(f"expected {text!r}, found {found}", tok.column)
        return tok

    # ------------------------------------------------------------------ boolean structure
    def condition(self) -> _Node:
        return self.or_()

    def _join(self, word: str, sub: Callable[[], _Node], combine: Callable[[list[Compiled]], Compiled]) -> _Node:
        first = sub()
        parts = [first]
        while self.at(word):
            self.take()
            parts.append(sub())
        if len(parts) == 1:
            return first
        for p in parts:
            if p.type != BOOL:
                raise ConditionError(f"'{word}' joins true/false values; this is a {p.type}", p.column)
        return _Node(BOOL, combine([p.fn for p in parts]), first.column)

    def or_(self) -> _Node:
        return self._join("or", self.and_, lambda fns: lambda env: any(f(env) for f in fns))

    def and_(self) -> _Node:
        return self._join("and", self.not_, lambda fns: lambda env: all(f(env) for f in fns))

    def not_(self) -> _Node:
        if self.at("not"):
            tok = self.take()
            inner = self.not_()
            if inner.type != BOOL:
                raise ConditionError(f"'not' needs a true/false value; this is a {inner.type}", inner.column)
            fn = inner.fn
            return _Node(BOOL, lambda env: not fn(env), tok.column)
        return self.comparison()

    # ------------------------------------------------------------------ comparisons
    def comparison(self) -> _Node:
        left = self.sum_()
        if self.at("in") or (self.at("not") and self.tokens[self.i + 1].text == "in"):
            negate = self.take().text == "not"
            if negate:
                self.take()
            return self._membership(left, negate)
        if not (self.peek().kind == "op" and self.peek().text in _COMPARE):
            return left
        nodes, ops = [left], []
        while self.peek().kind == "op" and self.peek().text in _COMPARE:
            ops.append(self.take())
            nodes.append(self.sum_())
        checks = []
        for (a, b), op in zip(zip(nodes, nodes[1:]), ops):
            checks.append(self._compare(a, op, b))
        if len(checks) == 1:
            return _Node(BOOL, checks[0], left.column)
        return _Node(BOOL, lambda env: all(c(env) for c in checks), left.column)

    def _compare(self, a: _Node, op: Token, b: _Node) -> Compiled:
        if op.text in ("<", "<=", ">", ">="):
            for n in (a, b):
                if n.type != NUMBER:
                    raise ConditionError(f"'{op.text}' compares numbers; this is a {n.type}", n.column)
        else:
            if a.type != b.type:
                raise ConditionError(f"'{op.text}' compares like with like: a {a.type} and a {b.type}", op.column)
            if a.type == WORD:
                for var, lit in ((a, b), (b, a)):
                    if var.words and lit.is_literal and lit.literal not in var.words:
                        raise ConditionError(f"{lit.literal!r} is not one of {', '.join(map(repr, var.words))}",
                                             lit.column)
        fa, fb = a.fn, b.fn
        if op.text == "==":
            return lambda env: fa(env) == fb(env)
        if op.text == "!=":
            return lambda env: fa(env) != fb(env)
        if op.text == "<":
            return lambda env: fa(env) < fb(env)
        if op.text == "<=":
            return lambda env: fa(env) <= fb(env)
        if op.text == ">":
            return lambda env: fa(env) > fb(env)
        return lambda env: fa(env) >= fb(env)

    def _membership(self, left: _Node, negate: bool) -> _Node:
        self.expect("[")
        items: list[_Node] = [self.sum_()]
        while self.at(","):
            self.take()
            items.append(self.sum_())
        self.expect("]")
        for it in items:
            if not it.is_literal:
                raise ConditionError("the list after 'in' holds numbers or words, not variables", it.column)
            if it.type != left.type:
                raise ConditionError(f"'in' compares like with like: a {left.type} and a {it.type}", it.column)
            if left.words and it.literal not in left.words:
                raise ConditionError(f"{it.literal!r} is not one of {', '.join(map(repr, left.words))}", it.column)
        values = frozenset(it.literal for it in items)
        fn = left.fn
        if negate:
            return _Node(BOOL, lambda env: fn(env) not in values, left.column)
        return _Node(BOOL, lambda env: fn(env) in values, left.column)

    # ------------------------------------------------------------------ arithmetic
    def sum_(self) -> _Node:
        node = self.unary()
        while self.at("+", "-") and self.peek().kind == "op":
            op = self.take()
            right = self.unary()
            for n in (node, right):
                if n.type != NUMBER:
                    raise ConditionError(f"'{op.text}' adds and subtracts numbers; this is a {n.type}", n.column)
            if node.is_literal and right.is_literal:
                value = node.literal + right.literal if op.text == "+" else node.literal - right.literal
                node = _Node(NUMBER, lambda env, v=value: v, node.column, value, True)
            else:
                node = _Node(NUMBER, _arithmetic(op.text, node.fn, right.fn), node.column)
        return node

    def unary(self) -> _Node:
        if self.at("-") and self.peek().kind == "op":
            tok = self.take()
            inner = self.unary()
            if inner.type != NUMBER:
                raise ConditionError(f"'-' needs a number; this is a {inner.type}", inner.column)
            if inner.is_literal:
                return _Node(NUMBER, lambda env, v=-inner.literal: v, tok.column, -inner.literal, True)
            fn = inner.fn
            return _Node(NUMBER, lambda env: -fn(env), tok.column)
        return self.atom()

    def atom(self) -> _Node:
        tok = self.take()
        if tok.kind == "number":
            value = float(tok.text) if "." in tok.text else int(tok.text)
            return _Node(NUMBER, lambda env: value, tok.column, value, True)
        if tok.kind == "string":
            value = tok.text[1:-1]
            return _Node(WORD, lambda env: value, tok.column, value, True)
        if tok.kind == "op" and tok.text == "(":
            inner = self.condition()
            self.expect(")")
            return inner
        if tok.kind == "name":
            if tok.text in ("true", "false"):
                value = tok.text == "true"
                return _Node(BOOL, lambda env: value, tok.column, value, True)
            if tok.text in _KEYWORDS:
                raise ConditionError(f"'{tok.text}' cannot stand here", tok.column)
            var = self.variables.get(tok.text)
            if var is None:
                close = difflib.get_close_matches(tok.text, list(self.variables), n=3)
                hint = f"; did you mean {', '.join(close)}?" if close else " (coachgym strategy-help lists them)"
                raise ConditionError(f"unknown situation variable {tok.text!r}{hint}", tok.column)
            self.used.add(tok.text)
            name = tok.text
            return _Node(var.type, lambda env: env(name), tok.column, words=var.words)
        found = "the end of the condition" if tok.kind == "end" else repr(tok.text)
        raise ConditionError(f"expected a number, a word in quotes, true/false or a variable, found {found}", tok.column)
