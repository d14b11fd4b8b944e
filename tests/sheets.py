"""Reading a written .xlsx scoresheet back as a spreadsheet program shows it: its formulas computed.

openpyxl writes formulas but does not compute them, and no spreadsheet program is installed here,
so the tests compute them with this small evaluator of exactly the formula language the
scoresheets use: numbers, strings, cell references, ``A1:A9`` ranges, ``+ - * /``, comparisons,
``SUM``, ``IF`` (only the branch taken is computed, as spreadsheets do) and ``ROUND``. Anything else
fails loudly, so a scoresheet that starts using another function gets a test that says so.
"""

from __future__ import annotations

import re
from typing import Any

_TOKEN = re.compile(r'\s*(?:(\d+(?:\.\d+)?)|("[^"]*")|([A-Z]+\d+(?::[A-Z]+\d+)?)|([A-Z]+)\(|(>=|<=|<>|[-+*/(),<>=]))')


def _tokens(text: str) -> list[tuple[str, str]]:
    out, i = [], 0
    while i < len(text):
        m = _TOKEN.match(text, i)
        if not m:
            raise ValueError(f"cannot read formula {text!r} at {text[i:]!r}")
        num, string, ref, func, op = m.groups()
        out.append(("num", num) if num else ("str", string[1:-1]) if string is not None else ("ref", ref) if ref
                   else ("func", func) if func else ("op", op))
        i = m.end()
    return out


class Sheet:
    """``Sheet(ws).value("B12")``: a cell's value, its formula computed (empty cells are None)."""

    def __init__(self, ws: Any):
        self.ws = ws

    def value(self, coord: str) -> Any:
        v = self.ws[coord].value
        if not (isinstance(v, str) and v.startswith("=")):
            return v
        saved = getattr(self, "_toks", []), getattr(self, "_i", 0)
        self._toks, self._i = _tokens(v[1:]), 0
        try:
            result = self._expr(True)
            if self._i != len(self._toks):
                raise ValueError(f"{coord}: cannot read the end of {v!r}")
            return result
        finally:
            self._toks, self._i = saved

    # recursive descent; ``on``: False inside an IF branch not taken (parsed, not computed)
    def _peek(self) -> tuple[str, str] | None:
        return self._toks[self._i] if self._i < len(self._toks) else None

    def _take(self, kind: str, text: str | None = None) -> str:
        tok = self._peek()
        if tok is None or tok[0] != kind or (text is not None and tok[1] != text):
            raise ValueError(f"expected {text or kind}, got {tok}")
        self._i += 1
        return tok[1]

    def _expr(self, on: bool) -> Any:
        left = self._sum(on)
        tok = self._peek()
        if tok and tok[0] == "op" and tok[1] in (">", "<", ">=", "<=", "=", "<>"):
            self._i += 1
            right = self._sum(on)
            if not on:
                return None
            a, b = _num(left), _num(right)
            return {">": a > b, "<": a < b, ">=": a >= b, "<=": a <= b, "=": a == b, "<>": a != b}[tok[1]]
        return left

    def _sum(self, on: bool) -> Any:
        value = self._term(on)
        while (tok := self._peek()) in (("op", "+"), ("op", "-")):
            self._i += 1
            right = self._term(on)
            value = (_num(value) + _num(right) if tok[1] == "+" else _num(value) - _num(right)) if on else None
        return value

    def _term(self, on: bool) -> Any:
        value = self._factor(on)
        while (tok := self._peek()) in (("op", "*"), ("op", "/")):
            self._i += 1
            right = self._factor(on)
            value = (_num(value) * _num(right) if tok[1] == "*" else _num(value) / _num(right)) if on else None
        return value

    def _factor(self, on: bool) -> Any:
        kind, text = self._peek() or ("end", "")
        if kind == "num":
            self._i += 1
            return float(text) if "." in text else int(text)
        if kind == "str":
            self._i += 1
            return text
        if kind == "ref":
            self._i += 1
            if ":" in text:
                raise ValueError(f"a range {text} outside SUM")
            return self._cell(text) if on else None
        if (kind, text) == ("op", "-"):
            self._i += 1
            v = self._factor(on)
            return -_num(v) if on else None
        if (kind, text) == ("op", "("):
            self._i += 1
            v = self._expr(on)
            self._take("op", ")")
            return v
        if kind == "func":
            self._i += 1
            return self._call(text, on)
        raise ValueError(f"cannot read {text!r}")

    def _call(self, name: str, on: bool) -> Any:
        if name == "SUM":
            total = 0
            while True:
                tok = self._peek()
                if tok and tok[0] == "ref" and ":" in tok[1]:
                    self._i += 1
                    if on:
                        total += sum(_num(self._cell(c)) for c in _cells(tok[1]))
                else:
                    v = self._expr(on)
                    total += _num(v) if on else 0
                if self._take("op") == ")":
                    return total if on else None
        if name == "IF":
            cond = self._expr(on)
            self._take("op", ",")
            a = self._expr(on and bool(cond))
            self._take("op", ",")
            b = self._expr(on and not cond)
            self._take("op", ")")
            return (a if cond else b) if on else None
        if name == "ROUND":
            x = self._expr(on)
            self._take("op", ",")
            digits = self._expr(on)
            self._take("op", ")")
            return round(_num(x), int(digits)) if on else None
        raise ValueError(f"the scoresheets use no function {name}")

    def _cell(self, coord: str) -> Any:
        return self.value(coord)


def _num(v: Any) -> float:
    if v is None or v == "":
        return 0
    if isinstance(v, bool):
        return int(v)
    if not isinstance(v, (int, float)):
        raise ValueError(f"not a number: {v!r}")
    return v


def _cells(rng: str) -> list[str]:
    from openpyxl.utils import column_index_from_string, get_column_letter

    a, b = rng.split(":")
    (ca, ra), (cb, rb) = (re.fullmatch(r"([A-Z]+)(\d+)", x).groups() for x in (a, b))
    return [f"{get_column_letter(c)}{r}" for c in range(column_index_from_string(ca), column_index_from_string(cb) + 1)
            for r in range(int(ra), int(rb) + 1)]


def team_tables(ws: Any) -> list[dict]:
    """The sheet's team tables: ``{"title", "header", "rows": {line name: row number}, "total": row}``
    (a table starts at its ``player`` heading row and ends at its ``TOTAL`` row)."""
    tables, current = [], None
    for row in ws.iter_rows():
        first = row[0].value
        if first == "player":
            current = {"title": ws.cell(row[0].row - 1, 1).value, "head_row": row[0].row - 1,
                       "header": [c.value for c in row if c.value is not None], "rows": {}}
        elif current is not None and first == "TOTAL":
            current["total"] = row[0].row
            tables.append(current)
            current = None
        elif current is not None and first is not None:
            current["rows"][first] = row[0].row
    return tables
