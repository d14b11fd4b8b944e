"""``coachgym realism``: simulated box-score averages against the real season each ruleset models."""

from __future__ import annotations

import click

from . import count, main, ruleset_arg
from .series import backend_options


@main.command()
@click.argument("ruleset")
@click.option("--games", "-n", type=count(2), default=400, show_default=True,
              help="By-the-book games per comparison set (an interval needs two).")
@click.option("--seed", default=2026, show_default=True, help="Seed of the series.")
@click.option("--set", "set_names", multiple=True,
              help="Comparison set (repeatable; default: every set of the ruleset: docs/realism.md names them).")
@click.option("--markdown", is_flag=True, help="Print Markdown tables (as in docs/realism.md).")
@click.option("--sources/--no-sources", default=True, show_default=True, help="List the sources of the real figures.")
@click.option("--progress/--no-progress", default=True, show_default=True)
@backend_options
def realism(ruleset: str, games: int, seed: int, set_names: tuple[str, ...], markdown: bool, sources: bool,
            progress: bool, backend) -> None:
    """Compare by-the-book games with the real season the RULESET models, column by column.

    The real figures and their sources come from coachgym/evaluation/data/real_seasons.json.
    """
    from ..evaluation import realism as R

    rs = ruleset_arg(ruleset)
    known = [s["name"] for s in R.comparison_sets(rs.name)]
    for name in set_names:
        if name not in known:
            raise click.BadParameter(f"unknown set {name!r} for {rs.name}; known: {', '.join(known)}", param_hint="--set")
    for name in set_names or known:
        cmp = R.measure(rs.name, name, games=games, seed=seed, progress=progress, backend=backend)
        click.echo(R.render(cmp, markdown=markdown))
        click.echo("")
    if sources:
        click.echo(("Sources:\n" if not markdown else "Sources:\n\n") + R.render_sources(rs.name))
