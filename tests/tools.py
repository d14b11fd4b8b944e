"""Load a script of ``tools/`` as a module, for the tests that drive one."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parents[1] / "tools"


def load_tool(name: str):
    """``tools/NAME.py`` as the module ``NAME`` (registered in ``sys.modules``: a tool's dataclasses
    look their module up)."""
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def standings_swapped(league: Path, dest: Path) -> Path:
    """A copy of the league folder ``league`` in ``dest`` with every team's W and L swapped in its
    ``team_stats.csv`` (a fit that reads no standings gives the same targets on it)."""
    import csv

    rows = list(csv.DictReader((league / "team_stats.csv").open(encoding="utf-8")))
    for r in rows:
        r["W"], r["L"] = r["L"], r["W"]
    dest.mkdir()
    for f in league.iterdir():
        if f.name != "team_stats.csv":
            (dest / f.name).write_bytes(f.read_bytes())
    with (dest / "team_stats.csv").open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return dest
