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
