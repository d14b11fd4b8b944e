"""The README's Python code blocks run as they are written (issue 15: its ``env.action_masks()``
failed on an env from ``gym.make``), in order, as a reader pastes them (a block may use the names
of the ones before). A block that needs an optional extra is skipped without it."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
OPTIONAL = ("sb3_contrib", "stable_baselines3", "matplotlib", "fastapi", "openpyxl")


def test_the_readme_shows_action_masks_on_an_env_from_gym_make():
    assert any("env.action_masks()" in b and "gym.make" in b for b in BLOCKS)
    assert any("MaskablePPO" in b for b in BLOCKS)


def test_readme_python_blocks_run_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a block that writes files writes them here
    try:
        import torch

        threads = torch.get_num_threads()
        torch.set_num_threads(1)  # the MaskablePPO block: two cores shared by the whole test run
    except ImportError:
        threads = None
    ran = 0
    try:
        for i, code in enumerate(BLOCKS, 1):
            needs = [m for m in OPTIONAL if re.search(rf"^\s*(from|import) {m}\b", code, re.M)]
            if any(importlib.util.find_spec(m) is None for m in needs):
                continue
            namespace: dict = {"__name__": "__readme__"}  # each block alone, as a reader copies it (issue 23)
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(code, f"README.md python block {i}", "exec"), namespace)
            ran += 1
    finally:
        if threads is not None:
            torch.set_num_threads(threads)
    assert ran >= 2
