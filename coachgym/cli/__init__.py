"""The ``coachgym`` command: one click group; each area's commands live in a module of this package.

Add a command in the module of its area (``coachgym/cli/<area>.py``) with ``@main.command()`` and
import that module at the bottom of this file. Keep command bodies thin: the work belongs in the
library (``coachgym.evaluation``, ``coachgym.present`` ...), so Python users get it too.
"""

from __future__ import annotations

import json
import sys

import click

from .. import rulesets
from ..core.errors import CoachgymError, ConfigError


def ruleset_arg(name: str):
    """The ruleset named on the command line, or a clear usage error listing the known ones."""
    try:
        return rulesets.get(name)
    except ConfigError as exc:
        raise click.BadParameter(str(exc), param_hint="RULESET") from None


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


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="coachgym")
def main() -> None:
    """coachgym: tabletop sports games as RL environments where the agent is the coach."""


def run() -> None:  # pragma: no cover
    try:
        main(standalone_mode=True)
    except CoachgymError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)


if __name__ == "__main__":  # pragma: no cover
    run()


# The command modules register themselves on ``main`` when imported.
from . import commands  # noqa: E402,F401
from . import serve  # noqa: E402,F401
from . import strategy  # noqa: E402,F401
from . import realism  # noqa: E402,F401
from . import search  # noqa: E402,F401
from . import play  # noqa: E402,F401
from . import series  # noqa: E402,F401
from . import listing  # noqa: E402,F401
from . import training  # noqa: E402,F401
from . import tabletop  # noqa: E402,F401
from . import cards  # noqa: E402,F401
