"""The ``coachgym`` command: one click group; each area's commands live in a module of this package.

Add a command in the module of its area (``coachgym/cli/<area>.py``) with ``@main.command()`` and
import that module at the bottom of this file. Keep command bodies thin: the work belongs in the
library (``coachgym.evaluation``, ``coachgym.present`` ...), so Python users get it too.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from .. import rulesets
from ..core.errors import CoachgymError, ConfigError


def ruleset_arg(name: str):
    """The ruleset named on the command line, or a clear usage error listing the known ones."""
    try:
        return rulesets.get(name)
    except ConfigError as exc:
        raise click.BadParameter(str(exc), param_hint="RULESET") from None


MAX_COUNT = 10**9  # any count: a billion games, rollouts or decisions is years of CPU; beyond it nothing is stored
GAME_RECORD_BYTES = 10_600  # a stored game's record (pickled, measured: docs/training.md "Checked before a run")
GAME_COUNTS = ("games", "max_games", "eval_games", "games_per_team")  # counts of games whose records are kept


def _memory_bytes() -> int | None:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return None


class Count(click.IntRange):
    """A whole number from ``min`` to :data:`MAX_COUNT`; a count of games also no more than this
    machine's memory can hold the records of (half of it, :data:`GAME_RECORD_BYTES` a game)."""

    def convert(self, value, param, ctx):
        value = super().convert(value, param, ctx)
        if param is not None and param.name in GAME_COUNTS:
            memory = _memory_bytes()
            most = int(memory // 2 // GAME_RECORD_BYTES) if memory else None
            if most is not None and value > most:
                self.fail(f"{value} games: their results (about {GAME_RECORD_BYTES // 1000} KB a game) would take more "
                          f"than half of this machine's {memory / 2**30:.0f} GiB of memory; at most {most}", param, ctx)
        return value


STORED_INT = click.IntRange(-(2**63), 2**63 - 1)  # a number the results database keeps (SQLite INTEGER)
# the seed of a season, tournament or ratings run: each game's seed (about a million times it) is stored too
STORED_SEED = click.IntRange(-(2**40), 2**40)


def count(minimum: int = 1, maximum: int = MAX_COUNT) -> click.IntRange:
    """The type of a count option (games, rollouts, steps, jobs ...): a whole number from ``minimum``
    to ``maximum`` (a count of games also within what memory can store); anything else is a usage
    error naming the option, before any work starts."""
    return Count(min=minimum, max=maximum)


def bound_jobs(jobs: int | None, backend_name: str = "local", address: str | None = None) -> int | None:
    """``--jobs`` for work on this machine (the local backend, or a private local Ray) held to its CPU
    count: more processes than cores only compete for them, and thousands would exhaust the
    machine; a larger number is lowered to the cores with a note. A Ray cluster (``address``) takes
    what it is given."""
    cores = os.cpu_count() or 1
    if jobs is None or jobs <= cores or backend_name == "inline" or (backend_name == "ray" and address):
        return jobs
    click.echo(f"note: --jobs {jobs} is more than this machine's {cores} CPU(s); running {cores} at a time", err=True)
    return cores


def fraction(min_open: bool = True, max_value: float | None = 1.0) -> click.FloatRange:
    """The type of a share or a rate option: a number above 0 (``min_open``) or from 0, up to ``max_value``."""
    return click.FloatRange(min=0.0, max=max_value, min_open=min_open)


class OutFile(click.Path):
    """A file a command writes (--json, --plot, --db ...), checked before any work starts: a name,
    not a folder, in a folder that exists (nothing is created silently)."""

    def __init__(self, path_type: type | None = Path, suffixes: tuple[str, ...] = ()):
        super().__init__(dir_okay=False, path_type=path_type)
        self.suffixes = suffixes

    def convert(self, value, param, ctx):
        if not str(value).strip():
            self.fail("an empty file name", param, ctx)
        path = super().convert(value, param, ctx)
        p = Path(path)
        if self.suffixes and p.suffix.lower() not in self.suffixes:
            self.fail(f"{str(value)!r}: the file name must end with {' or '.join(self.suffixes)}", param, ctx)
        if p.is_dir():
            self.fail(f"{str(value)!r} is a folder, not a file", param, ctx)
        if not p.parent.is_dir():
            self.fail(f"the folder {str(p.parent)!r} does not exist", param, ctx)
        return path


PLOT_FILE = (".png", ".pdf", ".svg")  # what a --plot may be written as (matplotlib picks the format by the name)


def plot_file(path_type: type | None = Path) -> OutFile:
    """The type of a --plot option: an OutFile named .png, .pdf or .svg."""
    return OutFile(path_type, PLOT_FILE)


class OutDir(click.Path):
    """A folder a command writes into (--out): a name, not a file (made if missing)."""

    def __init__(self):
        super().__init__(file_okay=False, path_type=Path)

    def convert(self, value, param, ctx):
        if not str(value).strip():
            self.fail("an empty folder name", param, ctx)
        return super().convert(value, param, ctx)


def parse_option_pairs(pairs: tuple[str, ...], hint: str = "--option") -> dict:
    """``("a=1", "b=true")`` -> ``{"a": 1, "b": True}`` (values read as JSON where they parse)."""
    out: dict = {}
    for pair in pairs:
        if "=" not in pair:
            raise click.BadParameter(f"{pair!r} is not KEY=VALUE", param_hint=hint)
        key, value = pair.split("=", 1)
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    return out


class InputError(click.ClickException):
    """A library error about what was asked (a team file, a coach spec, a rule option ...): one line,
    ``error: ...``, exit status 2 like a usage error."""

    exit_code = 2

    def show(self, file=None) -> None:
        click.echo(f"error: {self.format_message()}", err=True, file=file)


class _Main(click.Group):
    """The coachgym group: every error about the input ends the same way, in process (tests, Python
    callers) as from the shell: one ``error:`` line and exit status 2, no traceback."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except CoachgymError as exc:
            raise InputError(str(exc)) from None
        except click.ClickException as exc:
            if exc.exit_code == 1:  # a plain ClickException: the input could not be used
                exc.exit_code = 2
            raise


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="coachgym")
def main() -> None:
    """coachgym: tabletop sports games as RL environments where the agent is the coach."""


def run() -> None:  # pragma: no cover
    try:
        main(standalone_mode=True)
    except CoachgymError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)


# The command modules register themselves on ``main`` when imported.
from . import (  # noqa: E402, F401 (each registers its commands on main)
    academy,
    cards,
    commands,
    listing,
    play,
    realism,
    search,
    series,
    serve,
    strategy,
    tabletop,
    training,
)

if __name__ == "__main__":  # pragma: no cover
    run()
