"""Search commands: ``coachgym analyze`` (what should I do here?)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from . import OutFile, count, fraction, main, plot_file, ruleset_arg
from .series import backend_line, backend_options


@main.command()
@click.argument("saved", required=False, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--ruleset", "ruleset_name", default=None,
              help="Instead of a saved game: a new game of this ruleset, played on by the book for --after decisions.")
@click.option("--after", type=count(0), default=0, show_default=True, help="With --ruleset: decisions the book plays before the analysis.")
@click.option("--game-seed", default=0, show_default=True, help="With --ruleset: the game's seed.")
@click.option("--option", "named", multiple=True,
              help="An option to evaluate besides the ones chosen for a wide menu: its number or (part of) its label.")
@click.option("--policy", default="book", show_default=True,
              help="Rollout coach of the side to decide: book, trained, random, or any coach spec.")
@click.option("--opponent", default=None, help="Rollout coach of the other side (default: --policy).")
@click.option("--rollouts", "-n", type=count(), default=2000, show_default=True, help="Rollouts for all options together.")
@click.option("--seconds", type=fraction(max_value=None), default=None, help="Stop after this many seconds.")
@click.option("--seed", default=0, show_default=True, help="Seed of the resampled futures.")
@click.option("--max-options", type=count(), default=8, show_default=True,
              help="A decision with more options is narrowed to the book's, the trained coach's top ones and those named.")
@click.option("--horizon", type=count(), default=None,
              help="Stop each rollout after this many decisions and score it with the value estimate (default: play to the end).")
@click.option("--scope", default="default", show_default=True,
              help="How long each option is held in the rollouts: default (each kind's own: a Double Team or a defense "
                   "the period, a lineup 6 minutes, a press the half ...), decision, period, half, game, or minutes:N "
                   "(boxes:N in Value Add). docs/search.md, section 5.")
@click.option("--json", "json_out", type=OutFile(), help="Write the analysis as JSON.")
@click.option("--plot", "plot_out", type=plot_file(),
              help="Save a chart of the options' win probabilities (PNG; needs matplotlib).")
@click.option("--progress/--no-progress", default=True, show_default=True)
@backend_options
def analyze(saved, ruleset_name, after, game_seed, named, policy, opponent, rollouts, seconds, seed, max_options,
            horizon, scope, json_out, plot_out, progress, backend) -> None:
    """What should I do here? Every option of the pending decision with its win probability and
    expected margin (95% intervals), from rollouts of resampled futures (undrawn cards reshuffled,
    new dice) shared by all options; options clearly worse stop early.

    SAVED is a game saved by 'coachgym play' or the web app, or an engine's JSON."""
    from ..core.errors import CoachgymError
    from ..search.analysis import analyze as run_analysis
    from ..search.analysis import load_game

    if (saved is None) == (ruleset_name is None):
        raise click.UsageError("give a saved game (SAVED) or --ruleset, not both")
    if plot_out:  # fail before the rollouts, not after
        from ..present.plots import _pyplot

        try:
            _pyplot()
        except RuntimeError as exc:
            raise click.ClickException(str(exc)) from None
    try:
        if saved is not None:
            game, labels = load_game(saved)
        else:
            game, labels = _played_on(ruleset_arg(ruleset_name), game_seed, after), None
        if game.decision is None:
            raise click.ClickException("the game is over: there is no decision to analyze")
        if progress:
            click.echo(backend_line(backend), err=True)
        result = run_analysis(game, named, policy=policy, opponent=opponent, rollouts=rollouts, seconds=seconds,
                              seed=seed, max_options=max_options, horizon=horizon, backend=backend, progress=progress,
                              labels=labels, scope=scope)
    except CoachgymError as exc:
        raise click.ClickException(str(exc)) from None
    _show(result, json_out)
    if plot_out:
        click.echo(f"wrote {result.plot(plot_out)}")


def _played_on(rs, seed: int, after: int):
    """A new game, ``after`` decisions into it (the book coaching both sides)."""
    game = rs.new_game(seed=seed)
    home, away = rs.coach("by-the-book", seed=1), rs.coach("by-the-book", seed=2)
    home.reset(game, 0, 1)
    away.reset(game, 1, 2)
    for _ in range(after):
        if game.decision is None:
            break
        game.step((home, away)[game.decision.side].choose(game, game.decision))
    return game


@main.command()
@click.argument("saved", required=False, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--ruleset", "ruleset_name", default=None,
              help="Instead of a saved game: a new game of this ruleset, played on by the book for --after decisions.")
@click.option("--after", type=count(0), default=0, show_default=True,
              help="With --ruleset: decisions the book plays before the race.")
@click.option("--game-seed", type=int, default=0, show_default=True, help="With --ruleset: the game's seed.")
@click.option("--plan", "plan_texts", multiple=True,
              help="A plan: a name (--list), inline rules 'ACTION[:ARG] [when CONDITION]; ...' or a strategy file. "
                   "Repeat for more (default: every named plan of the ruleset).")
@click.option("--scope", default="period", show_default=True,
              help="How long the plans' rules act: period, half or game (docs/search.md, section 6).")
@click.option("--to-end", is_flag=True, help="Play rollouts to the end of the game (default: score them when the scope ends).")
@click.option("--policy", default="book", show_default=True, help="The base coach under the plans, and the rollout coach.")
@click.option("--opponent", default=None, help="Rollout coach of the other side (default: --policy).")
@click.option("--rollouts", "-n", type=count(), default=600, show_default=True, help="Rollouts for all plans together.")
@click.option("--seconds", type=fraction(max_value=None), default=None, help="Stop after this many seconds.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the resampled futures.")
@click.option("--list", "list_only", is_flag=True, help="List the named plans of the ruleset and stop.")
@click.option("--json", "json_out", type=OutFile(), help="Write the race as JSON.")
@click.option("--progress/--no-progress", default=True, show_default=True)
def plans(saved, ruleset_name, after, game_seed, plan_texts, scope, to_end, policy, opponent, rollouts, seconds, seed,
          list_only, json_out, progress) -> None:
    """Which coaching plan for the rest of the period? Races plans - strategy rules over the base coach
    for a scope ("Double Team their best scorer until the period ends", "zone while leading by 8+") -
    and the base coach alone, by paired rollouts from resampled futures.

    SAVED is a game saved by 'coachgym play' or the web app, or an engine's JSON."""
    from ..core.errors import CoachgymError
    from ..search.analysis import load_game
    from ..strategy.plans import library, race_plans

    if (saved is None) == (ruleset_name is None):
        raise click.UsageError("give a saved game (SAVED) or --ruleset, not both")
    try:
        if saved is not None:
            game, _ = load_game(saved)
        else:
            rs = ruleset_arg(ruleset_name)
            if list_only:
                for name, entry in library(rs.name).items():
                    click.echo(f"{name:<24} {entry['description']}")
                return
            game = _played_on(rs, game_seed, after)
        if list_only:
            for name, entry in library(game.ruleset).items():
                click.echo(f"{name:<24} {entry['description']}")
            return
        if game.decision is None:
            raise click.ClickException("the game is over: there is no plan to race")
        result = race_plans(game, list(plan_texts) or list(library(game.ruleset)), scope=scope, policy=policy,
                            opponent=opponent, rollouts=rollouts, seconds=seconds, seed=seed,
                            horizon=None if to_end else "scope", progress=progress)
    except CoachgymError as exc:
        raise click.ClickException(str(exc)) from None
    _show(result, json_out)


def _show(result, json_out) -> None:
    """A race's table, and its JSON where ``--json`` asks for it (analyze and plans alike)."""
    click.echo(result.table())
    if json_out:
        json_out.write_text(json.dumps(result.to_dict(), indent=2))
        click.echo(f"wrote {json_out}")
