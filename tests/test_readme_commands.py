"""The README's shell blocks as a reader meets them: every ``coachgym`` command line names a command
that exists and only options it takes, and the main job runs exactly as written.

The command lines are parsed by the real command-line parser (click, without running the command:
most of them play thousands of games or need a file of the reader's own, such as a saved game);
the main job, the README's first command, is run as it stands."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import click
import pytest

from coachgym.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"
TEXT = README.read_text(encoding="utf-8")
BLOCKS = re.findall(r"```bash\n(.*?)```", TEXT, re.S)


def command_lines() -> list[str]:
    """Every ``coachgym ...`` command in the README's bash blocks (comments dropped, ``&&`` split)."""
    lines = []
    for block in BLOCKS:
        for raw in block.splitlines():
            line = raw.split(" #", 1)[0].strip()
            for part in line.split("&&"):
                part = part.strip()
                if part.startswith("coachgym "):
                    lines.append(part)
    return lines


LINES = command_lines()


def test_the_readme_shows_coachgym_commands():
    assert len(LINES) >= 25
    assert any(line.startswith("coachgym serve") for line in LINES)
    assert any(line.startswith("coachgym play") for line in LINES)


@pytest.mark.parametrize("line", LINES)
def test_every_readme_command_names_a_real_command_and_its_options(line):
    args = shlex.split(line)[1:]
    group_ctx = main.make_context("coachgym", list(args), resilient_parsing=True)
    name, cmd, rest = main.resolve_command(group_ctx, list(args))
    assert cmd is not None, f"README: no command {args[0]!r} in {line!r}"
    while isinstance(cmd, click.Group):  # season start, tournament show ...
        sub_ctx = cmd.make_context(name, list(rest), parent=group_ctx, resilient_parsing=True)
        name, cmd, rest = cmd.resolve_command(sub_ctx, list(rest))
        assert cmd is not None, f"README: no subcommand in {line!r}"
    # The real parse, options and values checked; only a file the reader makes first (a saved game,
    # a strategy file of his own) may be missing here.
    try:
        cmd.make_context(name, list(rest))
    except click.BadParameter as exc:
        if "does not exist" not in exc.format_message():
            pytest.fail(f"README: {line!r}: {exc.format_message()}")
    except click.UsageError as exc:
        pytest.fail(f"README: {line!r}: {exc.format_message()}")


@pytest.mark.slow
def test_the_main_job_runs_as_written(tmp_path):
    block = TEXT.split("## The main job", 1)[1].split("```bash\n", 1)[1].split("```", 1)[0]
    command = block.strip()
    assert command.startswith("coachgym simulate ")
    exe = Path(sys.executable).with_name("coachgym")
    argv = [str(exe) if exe.exists() else "coachgym"] + shlex.split(command)[1:]
    done = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    assert "win rate" in out.lower(), out[-2000:]
    assert re.search(r"2000 games|2,000 games", out), out[-2000:]
