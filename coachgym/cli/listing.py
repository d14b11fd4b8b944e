"""What can be set, listed: ``coachgym options RULESET`` (rule options) and ``coachgym coaches
RULESET`` (coaches and their parameters), each with defaults and a one-line explanation."""

from __future__ import annotations

import click

from . import main, ruleset_arg


@main.command("options")
@click.argument("ruleset")
def options_command(ruleset) -> None:
    """The rule options of RULESET (set with -o KEY=VALUE, or rule_options={...} in Python)."""
    from ..core.describe import render

    rs = ruleset_arg(ruleset)
    click.echo(f"{rs.title} rule options (name, default, what it does):")
    click.echo(render(rs.rule_options(), "  (none)"))
    click.echo(f"\nexample: coachgym simulate {rs.name} -o {rs.rule_options()[0].name}={rs.rule_options()[0].default_text()}")


@main.command("coaches")
@click.argument("ruleset")
def coaches_command(ruleset) -> None:
    """The coaches of RULESET and their parameters (NAME:KEY=VALUE,KEY=VALUE on the command line)."""
    from ..core.describe import coach_description, render

    rs = ruleset_arg(ruleset)
    click.echo(f"{rs.title} coaches:")
    from ..core import coachspec

    grammar = {k.name: k for k in coachspec.kinds(rs)}  # the one coach grammar (web and command line)
    for name in rs.coach_names():
        click.echo(f"\n{name}: {coach_description(rs, name)}")
        params = rs.coach_parameters(name) if not name.endswith(":...") else []
        if params:
            click.echo("  parameters (name, default, what it does):")
            click.echo(render(params, "").replace("\n  ", "\n    ").replace("  ", "    ", 1))
        kind = grammar.get(name[:-4] if name.endswith(":...") else name)
        if kind is not None and (kind.argument is not None or kind.params):
            click.echo("  grammar (type, default, bounds; the bound from the web where lower):")
            click.echo("\n".join("  " + line for line in coachspec.listing(kind)))
    click.echo("\nNAME.npz / NAME.zip: " + coachspec.MODEL_FILE.describe())
    scripted = [n for n in rs.coach_names() if not n.endswith(":...") and rs.coach_parameters(n)]
    if scripted:
        p = rs.coach_parameters(scripted[0])[0]
        click.echo(f"\nexample: coachgym simulate {rs.name} --coach-home {scripted[0]} "
                   f"--coach-away {scripted[0]}:{p.name}={p.default_text()}")
