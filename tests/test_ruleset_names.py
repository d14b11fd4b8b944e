"""No code outside a ruleset's own places names the ruleset.

A ruleset's own places are its folder ``coachgym/rules/<name>/``, its public env and coach modules
``envs/<name>.py`` and ``agents/<name>.py`` and its training configs ``configs/<name>/``. Every other
module of the installed package (``coachgym/``, ``envs/``, ``agents/``, ``training/``,
``evaluation/``, ``configs/``) reads what it needs from the registrations (``Ruleset``: its parts,
holds, sport ...), so a new ruleset is one folder and one registration, and cannot be silently
left out of a switch on names.

What counts as a mention (docs/architecture.md, "A ruleset is its folder"):

* a **string literal** holding a registered ruleset's name or one of its other names as a word, in
  the registry's lower-case spelling (``"fuba"``, ``"coachgym.rules.statispro.tactics"``,
  ``"4th-street"``): what code compares, looks up and imports by. Titles and capitalised prose in
  texts a person reads ("Statis Pro", "FUBA") are not code and are not counted;
* an **identifier** (a name, an attribute, a function, class, argument or keyword name, an imported
  module or name) containing a ruleset's name or other name, case and underscores aside
  (``check_valueadd``, ``VALUEADD_STATS``, ``from ..rules.fuba import board``);
* **docstrings and comments are not counted**: they document, they do not switch. (A docstring is a
  string that is a statement of its own.)

The names are read from the registry (and the tests' toy's registration), so a new ruleset's are
checked without a change here. Modules of ``tests/`` and ``tools/`` are not scanned: tests and tools
are per ruleset by design (``tests/<name>/``, ``tools/<name>_*.py``).

There are none: every ruleset's parts are registered (``PARTS`` in its ``parts.py``), the registry
finds the rulesets' folders on disk, and where a list of rulesets is a choice rather than a fact (the
order they are listed in, the default one) it is data (``core/data/rulesets.json``). The test fails on
any mention, naming its file
and line.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

from coachgym import rulesets

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("coachgym", "envs", "agents", "training", "evaluation", "configs")

def ruleset_names() -> dict[str, str]:
    """Every name and other name of the registered rulesets and the toy -> its ruleset."""
    from tests.toy_freethrows import RULESET as TOY

    out: dict[str, str] = {}
    for rs in [*rulesets.all_rulesets(), TOY]:
        for n in (rs.name, *rs.aliases):
            out[n] = rs.name
    return out


def _own(rel: Path, names: set[str]) -> bool:
    """Whether ``rel`` is one of a ruleset's own places."""
    p = rel.parts
    return ((p[0] == "coachgym" and len(p) > 2 and p[1] == "rules" and p[2] in names)
            or (p[0] in ("envs", "agents") and len(p) == 2 and rel.stem in names)
            or (p[0] == "configs" and len(p) > 2 and p[1] in names))


class Finder:
    """The mentions of ruleset names in one module's code (see the module docstring)."""

    def __init__(self, names: dict[str, str]):
        spelled = sorted(names, key=len, reverse=True)
        self.in_string = re.compile(r"(?<![a-z0-9])(" + "|".join(re.escape(n) for n in spelled) + r")(?![a-z0-9])")
        self.in_identifier = re.compile("|".join(re.escape(n.replace("-", "")) for n in spelled))

    def _identifiers(self, node: ast.AST) -> list[str]:
        if isinstance(node, ast.Name):
            return [node.id]
        if isinstance(node, ast.Attribute):
            return [node.attr]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return [node.name]
        if isinstance(node, ast.arg):
            return [node.arg]
        if isinstance(node, ast.keyword):
            return [node.arg or ""]
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            module = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            return module + [a.name for a in node.names] + [a.asname or "" for a in node.names]
        return []

    def mentions(self, source: str, filename: str = "<module>") -> list[tuple[int, str]]:
        """(line, what) for every mention in ``source``."""
        tree = ast.parse(source, filename)
        docstrings = {id(n.value) for n in ast.walk(tree)
                      if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str)}
        out: list[tuple[int, str]] = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                out += [(node.lineno, f"string {m.group(1)!r}") for m in self.in_string.finditer(node.value)]
            for ident in self._identifiers(node):
                if self.in_identifier.search(ident.lower().replace("_", "")):
                    out.append((getattr(node, "lineno", 0), f"identifier {ident}"))
        return sorted(out)


@functools.lru_cache(maxsize=1)
def scan() -> dict[str, list[tuple[int, str]]]:
    """Every scanned module outside a ruleset's own places -> its mentions (modules with none left out)."""
    names = ruleset_names()
    finder = Finder(names)
    found: dict[str, list[tuple[int, str]]] = {}
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT)
            if "__pycache__" in rel.parts or _own(rel, set(names.values())):
                continue
            text = path.read_text(encoding="utf-8")
            if not finder.in_identifier.search(text.lower().replace("_", "").replace("-", "")):
                continue  # (no name anywhere in it, so none in its code)
            hits = finder.mentions(text, str(rel))
            if hits:
                found[rel.as_posix()] = hits
    return found


def test_no_module_outside_a_rulesets_places_names_it():
    problems = [f"{rel}: " + "; ".join(f"line {n}: {what}" for n, what in hits) for rel, hits in scan().items()]
    assert not problems, ("code outside coachgym/rules/<name>/ names a ruleset; read it from the registration "
                          "instead (docs/architecture.md):\n  " + "\n  ".join(problems))


def test_the_search_series_and_review_name_no_ruleset():
    """The places that switched on names before each ruleset declared its holds and its sport."""
    found = scan()
    for rel in ("coachgym/search/holds.py", "coachgym/series/tables.py", "coachgym/cli/series.py",
                "coachgym/web/review.py"):
        assert rel not in found, f"{rel}: {found[rel]}"


def test_the_finder_counts_code_not_documentation():
    finder = Finder({"fuba": "fuba", "4th-street": "fourthstreet", "fourthstreet": "fourthstreet"})
    src = '''"""A docstring naming fuba is documentation."""
# a comment naming fuba
import coachgym.rules.fuba.board
from ..rules.fourthstreet import actions


def f(game, check_fuba=None):
    """fuba again, documented."""
    if game.ruleset == "fuba":
        return "4th-street", "FUBA and Statis Pro in prose", f"{game}: fubar"
    return FOURTHSTREET_STATS
'''
    whats = [what for _, what in finder.mentions(src)]
    # the docstrings, the comment, the prose titles and "fubar" are not mentions
    assert whats == ["identifier coachgym.rules.fuba.board", "identifier rules.fourthstreet", "identifier check_fuba",
                     "string 'fuba'", "string '4th-street'", "identifier FOURTHSTREET_STATS"], whats


def test_the_registry_finds_the_bundled_rulesets_on_disk_in_the_listed_order(tmp_path):
    """The registry names no ruleset: it finds every folder of coachgym/rules/ and lists them in the
    order core/data/rulesets.json gives (the order they were always shown in), unlisted ones after."""
    import json

    import pytest

    from coachgym.core.errors import ConfigError

    assert [rs.name for rs in rulesets.all_rulesets()[:4]] == ["valueadd", "statispro", "fuba", "fourthstreet"]
    rules = tmp_path / "rules"
    for name in ("zeta", "alpha", "beta", "_private", "notapackage"):
        (rules / name).mkdir(parents=True)
        if name != "notapackage":
            (rules / name / "__init__.py").write_text("")
    order = tmp_path / "order.json"
    order.write_text(json.dumps({"order": ["zeta"]}))
    assert rulesets.bundled_packages(rules, order) == ["coachgym.rules.zeta", "coachgym.rules.alpha",
                                                       "coachgym.rules.beta"]
    assert rulesets.default().name == "statispro"  # (core/data/rulesets.json's default: where none is named)
    order.write_text(json.dumps({"order": ["gone"]}))
    with pytest.raises(ConfigError, match="'gone' is not a ruleset folder"):
        rulesets.bundled_packages(rules, order)


def test_what_replaced_the_names_reads_the_registrations():
    """The web's FUBA board, FAC page and default ruleset, and the academy, from the registered parts."""
    from coachgym.core.ruleset import Tabletop
    from coachgym.envs import academy
    from coachgym.web import board, facdecks, forms

    game = rulesets.get("fuba").new_game(seed=3)
    drawing = board.draw(rulesets.get("fuba").part("presenter").board(game))
    assert len(drawing.areas) == 13 and len(drawing.spots) == 4  # (the presenter's board_areas: data/board.json)
    tabletop = facdecks.TABLETOP_RULESET.part("tabletop")
    assert isinstance(tabletop, Tabletop) and facdecks.FacExtractor is tabletop.deck
    assert facdecks.TABLETOP_RULESET.name == "statispro" and tabletop.leagues == ("nba", "ncaa", "fiba")
    assert forms.ruleset_or_default(None) is rulesets.default() is rulesets.get("statispro")
    assert academy.RULESETS == ("statispro", "valueadd", "fuba", "fourthstreet")
    assert {r: academy.env_class(r).__name__ for r in academy.RULESETS} == {
        "statispro": "StatisProAcademyEnv", "valueadd": "ValueAddAcademyEnv", "fuba": "FubaAcademyEnv",
        "fourthstreet": "FourthStreetAcademyEnv"}
    assert academy.MARGIN_SCALE == {"statispro": 10.0, "valueadd": 10.0, "fuba": 1.0, "fourthstreet": 10.0}
