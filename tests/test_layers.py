"""The layers of docs/architecture.md, enforced: every import of every module (at the top or inside a
function) is read from its source, and an import that points up names its file, line and the rule
it breaks.

A layer may import the layers listed for it and itself, nothing else of coachgym; some layers may
not import given third-party packages either (a rules engine is plain Python: no Gymnasium, NumPy,
web or training libraries)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# where each importable package lives in the tree (pyproject.toml's package-dir)
PACKAGE_DIRS = {"coachgym": ROOT / "coachgym", "coachgym.envs": ROOT / "envs", "coachgym.agents": ROOT / "agents",
                "coachgym.training": ROOT / "training", "coachgym.evaluation": ROOT / "evaluation",
                "coachgym.configs": ROOT / "configs"}

# layer -> the module prefixes it holds (the longest matching prefix decides)
LAYER_OF = {
    "coachgym": "core",  # the package itself: its docstring and __version__
    "coachgym.core": "core", "coachgym.rulesets": "core",
    "coachgym.compiled": "core",  # the compiled engines' build and import guard (imported by coachgym/__init__)  # the registry of rulesets is part of core
    "coachgym.rules": "rules",
    "coachgym.store": "store",
    "coachgym.agents": "agents",
    "coachgym.envs": "envs",
    "coachgym.present": "present",
    "coachgym.search": "search",
    "coachgym.strategy": "strategy",
    "coachgym.series": "series",
    "coachgym.evaluation": "evaluation",
    "coachgym.academy": "evaluation",  # the academy's build, references and protocol (docs/academy.md)
    "coachgym.training": "training",
    "coachgym.configs": "training",
    "coachgym.cli": "app", "coachgym.web": "app",
    "coachgym.coachkinds": "parts",  # the coach kinds every ruleset's parts.py registers (strategy, search, trained)
}
# modules that live in a ruleset's folder (a ruleset is its folder) but belong to a layer above the
# rules: its presenter (presentation), its strategy-file vocabulary (strategy), its carry-over between
# a season's games (series: a series.carryover.CarryOver), a fit that plays round robins of its league
# (series: Statis Pro's team terms) and its parts.py, the
# registration of every part beyond the engine (core.ruleset.Parts: env, coaches, carry-over, macros)
RULESET_MODULE_LAYERS = {"present": "present", "vocabulary": "strategy", "carryover": "series", "teamterms": "series",
                         "parts": "parts"}

# layer -> the layers it may import (besides itself). Coaches (agents) are reached by name through
# the ruleset (``Ruleset.coach``), never imported: only the app may import them directly.
MAY_IMPORT = {
    "core": set(),
    "rules": {"core"},
    "store": {"core"},
    "agents": {"core", "rules"},
    "envs": {"core", "rules"},
    "present": {"core", "rules"},
    "search": {"core", "rules", "present"},
    "strategy": {"core", "rules", "present", "search"},
    "series": {"core", "rules", "present", "store"},
    "evaluation": {"core", "rules", "present", "envs", "search", "strategy", "series"},
    "training": {"core", "rules", "present", "envs", "search", "strategy", "series", "evaluation"},
    # a ruleset's parts.py: it names each part with a plain import (the env's inside a function, so
    # that gymnasium loads only with the env); read by core.ruleset.Ruleset.part, never imported below
    "parts": {"core", "rules", "agents", "envs", "present", "search", "strategy", "series", "evaluation",
              "training"},
    "app": {"core", "rules", "store", "agents", "envs", "present", "search", "strategy", "series", "evaluation",
            "training", "parts"},
}
# third-party packages a layer may not import
FORBIDDEN_PACKAGES = {
    "core": {"gymnasium", "pettingzoo", "numpy", "torch", "stable_baselines3", "fastapi", "starlette", "jinja2"},
    "rules": {"gymnasium", "pettingzoo", "numpy", "torch", "stable_baselines3", "fastapi", "starlette", "jinja2", "ray"},
    "agents": {"gymnasium", "pettingzoo", "torch", "stable_baselines3", "fastapi", "starlette", "jinja2"},
    "present": {"gymnasium", "pettingzoo", "torch", "stable_baselines3", "fastapi", "starlette"},
    "parts": {"torch", "stable_baselines3", "sb3_contrib", "fastapi", "starlette", "jinja2", "ray"},
}


def module_name(path: Path) -> str:
    """The dotted name a file is imported under (the longest package directory that holds it)."""
    pkg, base = max(((p, d) for p, d in PACKAGE_DIRS.items() if path.is_relative_to(d)), key=lambda x: len(str(x[1])))
    parts = list(path.relative_to(base).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([pkg, *parts])


def layer(module: str) -> str:
    parts = module.split(".")
    if len(parts) >= 4 and parts[1] == "rules" and parts[3] in RULESET_MODULE_LAYERS:
        return RULESET_MODULE_LAYERS[parts[3]]
    prefix = max((p for p in LAYER_OF if module == p or module.startswith(p + ".")), key=len)
    return LAYER_OF[prefix]


def imports(path: Path, module: str, source: str | None = None):
    """(line, imported module) for every import in the file, relative ones resolved; ``from X import
    name`` also yields ``X.name`` (which may be a module)."""
    is_package = path.name == "__init__.py"
    text = path.read_text(encoding="utf-8") if source is None else source
    for node in ast.walk(ast.parse(text, str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")
                if not is_package:
                    base = base[:-1]
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            yield node.lineno, target
            for alias in node.names:
                yield node.lineno, f"{target}.{alias.name}"


def source_files() -> list[Path]:
    files = []
    for d in PACKAGE_DIRS.values():
        files += [p for p in d.rglob("*.py") if "__pycache__" not in p.parts]
    return sorted(set(files))


def violations(path: Path, source: str | None = None) -> list[str]:
    module = module_name(path)
    own = layer(module)
    out = []
    for line, target in imports(path, module, source):
        where = f"{path.relative_to(ROOT)}:{line}"
        top = target.split(".")[0]
        if top != "coachgym":
            if top in FORBIDDEN_PACKAGES.get(own, ()):
                out.append(f"{where}: the {own} layer imports {target} (not allowed there)")
            continue
        if target in ("coachgym",):
            continue  # the package itself (``from coachgym import rulesets`` yields coachgym.rulesets too)
        other = layer(target)
        if other != own and other not in MAY_IMPORT[own]:
            out.append(f"{where}: the {own} layer imports {target} from the {other} layer "
                       f"(it may import: {', '.join(sorted(MAY_IMPORT[own])) or 'nothing outside itself'})")
    return out


def test_every_module_has_a_layer():
    """Each module sits in a declared layer: a new top-level package must be given one here."""
    for path in source_files():
        module = module_name(path)
        assert module == "coachgym" or max((p for p in LAYER_OF if module.startswith(p + ".") or module == p),
                                           key=len) != "coachgym", f"{path}: give {module} a layer in LAYER_OF"


@pytest.mark.parametrize("name", sorted(MAY_IMPORT))
def test_no_layer_imports_above_itself(name):
    found = [v for p in source_files() if layer(module_name(p)) == name for v in violations(p)]
    assert not found, "imports that point up:\n" + "\n".join(found)


def test_a_ruleset_engine_imports_no_other_ruleset():
    """coachgym.rules.<x> imports only coachgym.rules.<x> among the rulesets."""
    found = []
    for path in source_files():
        module = module_name(path)
        parts = module.split(".")
        if layer(module) != "rules" or len(parts) < 3:
            continue
        for line, target in imports(path, module):
            t = target.split(".")
            if t[:2] == ["coachgym", "rules"] and len(t) > 2 and t[2] != parts[2]:
                found.append(f"{path.relative_to(ROOT)}:{line}: {module} imports {target}")
    assert not found, "\n".join(found)


def test_the_check_names_a_violation():
    """The checker itself: an engine module importing the envs (inside a function too) or gymnasium is
    named with its file and line; a presenter beside an engine may import the presentation layer."""
    probe = ROOT / "coachgym" / "rules" / "valueadd" / "_layer_probe.py"
    found = violations(probe, "import os\n\n\ndef f():\n    from ...envs import base\n    import gymnasium\n")
    assert found == ["coachgym/rules/valueadd/_layer_probe.py:5: the rules layer imports coachgym.envs from the envs "
                     "layer (it may import: core)",
                     "coachgym/rules/valueadd/_layer_probe.py:5: the rules layer imports coachgym.envs.base from the "
                     "envs layer (it may import: core)",
                     "coachgym/rules/valueadd/_layer_probe.py:6: the rules layer imports gymnasium (not allowed there)"]
    presenter = ROOT / "coachgym" / "rules" / "valueadd" / "present.py"
    assert violations(presenter, "from ...present.model import Choice\n") == []
    assert violations(probe, "from ...present.model import Choice\n") != []


def test_core_modules_import_each_other_without_a_cycle():
    """The modules of coachgym.core (its __init__ aside, which gathers them) form no import cycle: each
    does one job on top of the ones it imports."""
    graph: dict[str, set[str]] = {}
    for path in sorted((ROOT / "coachgym" / "core").glob("*.py")):
        module = module_name(path)
        if path.name != "__init__.py":
            graph[module] = {t for _, t in imports(path, module) if t.startswith("coachgym.core.")}
    for module in graph:
        graph[module] = {t if t in graph else t.rsplit(".", 1)[0] for t in graph[module]} & set(graph) - {module}

    def cycle_from(start: str, path: list[str]) -> list[str] | None:
        for nxt in sorted(graph[path[-1]]):
            if nxt == start:
                return [*path, start]
            if nxt not in path:
                found = cycle_from(start, [*path, nxt])
                if found:
                    return found
        return None

    for module in graph:
        found = cycle_from(module, [module])
        assert found is None, "a cycle: " + " -> ".join(found)


def test_every_registration_is_an_import_the_checker_sees():
    """A ruleset's parts beyond its engine are named by imports in its folder's parts.py (the env's, the
    coach's, the carry-over's, the macros'), which this checker reads; no registration names a part by
    a "module:attr" string, and no layer below the app imports a parts module."""
    import re

    spec = re.compile(r"^[A-Za-z_][\w.]*\.[\w.]*:[A-Za-z_]\w*$")
    folders = [d for d in sorted((ROOT / "coachgym" / "rules").iterdir()) if (d / "__init__.py").is_file()]
    assert len(folders) >= 4
    for folder in folders:
        parts = folder / "parts.py"
        assert parts.is_file(), f"{folder.name}: no parts.py (core.ruleset.Parts named PARTS)"
        module = module_name(parts)
        assert layer(module) == "parts"
        seen = {t for _, t in imports(parts, module)}
        for above in (f"coachgym.envs.{folder.name}", f"coachgym.agents.{folder.name}",
                      f"coachgym.rules.{folder.name}.carryover"):
            assert any(t == above or t.startswith(above + ".") for t in seen), f"{parts}: {above} not imported"
        for path in (folder / "__init__.py", parts):
            strings = [n.value for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                       if isinstance(n, ast.Constant) and isinstance(n.value, str) and spec.match(n.value)]
            assert not strings, f"{path.relative_to(ROOT)}: parts named by strings {strings}"
    probe = ROOT / "coachgym" / "core" / "_layer_probe.py"
    assert violations(probe, "from ..rules.valueadd.parts import PARTS\n") == [
        "coachgym/core/_layer_probe.py:1: the core layer imports coachgym.rules.valueadd.parts from the parts layer "
        "(it may import: nothing outside itself)",
        "coachgym/core/_layer_probe.py:1: the core layer imports coachgym.rules.valueadd.parts.PARTS from the parts "
        "layer (it may import: nothing outside itself)"]
