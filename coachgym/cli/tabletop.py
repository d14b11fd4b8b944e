"""Tools for people playing a tabletop game with coachgym beside them: ``coachgym fac`` (the Statis
Pro FAC Extractor: draw, reshuffle, time), ``coachgym boxscore`` (a game's box score as CSV or
a spreadsheet) and ``coachgym scoresheet`` (a blank spreadsheet scoresheet for a game at a table)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from . import OutFile, main

FAC_KEYS = ("Enter: next FAC   d: Dead Ball Deck (no time runs off)   s: shuffle for the next period   "
            "n: new game   q: quit")


def _tabletop():
    """The tabletop companion (core.ruleset.Tabletop: the FAC Extractor) of the registered ruleset that has one."""
    from .. import rulesets

    found = rulesets.with_part("tabletop")
    if not found:
        raise click.ClickException("no registered ruleset has a tabletop companion (a deck of action cards)")
    return found[0].part("tabletop")


def _show(draw, league: str) -> None:
    time_card_note = _tabletop().time_card_note
    for label in draw.time_cards:
        click.secho(f"-- TIME CARD {label}: {time_card_note(label, league)}", fg="red")
    if draw.reshuffled:
        click.echo("-- the Dead Ball Deck ran out: the discard pile was flipped, shuffled and 20 cards dealt (8.3)")
    for i, line in enumerate(draw.lines()):
        click.secho(line, bold=(i == 0))


def _status(fx) -> str:
    return f"[{fx.period_name}: {fx.time_left} left, {fx.cards_left} FAC in the pile, {len(fx.dead)} in the Dead Ball Deck]"


@main.command("fac")
@click.option("--league", type=click.Choice(["nba", "ncaa", "fiba"]), default="nba", show_default=True,
              help="nba: quarters of 180 FAC (3.1); ncaa / fiba: 150 FAC per 10 minutes (19.1, 20.1).")
@click.option("--seed", type=int, default=None, help="Seed of the shuffles (default: a fresh one).")
@click.option("--draw", "n_draw", type=click.IntRange(1), default=None,
              help="Print this many FACs and exit (no questions asked).")
@click.option("--state", "state_file", type=OutFile(), default=None,
              help="Keep the deck in this file: read it if it exists, write it after every card (stop and go on later).")
def fac_command(league, seed, n_draw, state_file) -> None:
    """The Statis Pro FAC Extractor (2015 edition 3.1, 8.1-8.3): shuffle the Fast Action Cards, draw
    them one by one and run the time, for a game played on the board."""
    from ..core import jsontext
    from ..core.errors import CoachgymError
    FacExtractor = _tabletop().deck  # noqa: N806  (the deck's class)

    if state_file is not None and state_file.exists():
        try:
            fx = FacExtractor.from_dict(jsontext.load_file(state_file, "a FAC deck's state (JSON)"))
        except jsontext.FileProblem as exc:
            raise click.ClickException(str(exc)) from None
        except (ValueError, CoachgymError) as exc:
            raise click.ClickException(f"{state_file}: {exc}") from None
        click.echo(f"{state_file}: going on with the {fx.league} deck")
    else:
        fx = FacExtractor(league, seed=seed)
        click.echo(f"Shuffled: the {fx.period_name} deck is ready ({fx.period_cards} FAC, Dead Ball Deck of {len(fx.dead)}); "
                   "the first FAC's JUMP TO decides the opening jump (3.4).")

    def save() -> None:
        if state_file is not None:
            state_file.write_text(json.dumps(fx.to_dict()), encoding="utf-8")

    def next_card(status: bool) -> bool:
        if fx.period_over:
            click.echo(f"End of {fx.period_name} (8.1): shuffle (s) for the next period.")
            return False
        _show(fx.draw(), fx.league)
        if status:  # (the interactive prompt shows it)
            click.echo(_status(fx))
        if fx.period_over:
            click.echo(f"That was the last FAC: end of {fx.period_name} (8.1). "
                       "An ACTION/PRESS pass with a Pass # or an offensive rebound may still take a last shot "
                       "from the Dead Ball Deck.")
        save()
        return True

    if n_draw is not None:
        for _ in range(n_draw):
            if not next_card(True):
                break
        return
    click.echo(FAC_KEYS)
    while True:
        try:
            answer = click.prompt(_status(fx), default="", show_default=False, prompt_suffix=" > ").strip().lower()
        except (click.Abort, EOFError):
            click.echo()
            break
        if answer in ("", "f", "next"):
            next_card(False)
        elif answer == "d":
            _show(fx.draw_dead(), fx.league)
            save()
        elif answer == "s":
            fx.shuffle()
            click.echo(f"Shuffled: the {fx.period_name} deck is ready ({fx.period_cards} FAC).")
            save()
        elif answer == "n":
            fx = FacExtractor(fx.league, seed=None)
            click.echo(f"New game: the {fx.period_name} deck is ready.")
            save()
        elif answer in ("q", "quit", "exit"):
            break
        else:
            click.echo(FAC_KEYS)


def requirement(require):
    """A click callback for an option that needs an optional library (``--plot``, ``--xlsx``): when
    the option is given, ``require()`` runs at once, before anything is played, and its ConfigError
    (naming the extra to install) refuses the option."""
    def callback(ctx, param, value):
        if value is not None:
            from ..core.errors import ConfigError

            try:
                require()
            except ConfigError as exc:
                raise click.BadParameter(str(exc), ctx=ctx, param=param) from None
        return value

    return callback


def _require_openpyxl() -> None:
    from ..core.boxexport import require_openpyxl

    require_openpyxl()


_needs_openpyxl = requirement(_require_openpyxl)


def export_options(fn):
    """``--csv FILE`` and ``--xlsx FILE`` (box scores out) on a command."""
    fn = click.option("--xlsx", "xlsx_out", type=OutFile(), callback=_needs_openpyxl,
                      help="Write the box score(s) as a spreadsheet scoresheet, totals as formulas (needs the sheets extra).")(fn)
    return click.option("--csv", "csv_out", type=OutFile(),
                        help="Write the box score(s) as CSV: every player line and each team's total row.")(fn)


def write_exports(boxes, csv_out, xlsx_out) -> None:
    """Write ``[(game columns or None, box dict)]`` to the files asked for, and say so."""
    from ..core.boxexport import write_csv, write_xlsx

    boxes = list(boxes)
    if csv_out:
        click.echo(f"wrote {write_csv(boxes, csv_out)}")
    if xlsx_out:
        click.echo(f"wrote {write_xlsx(boxes, xlsx_out)}")


@main.command("boxscore")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@export_options
def boxscore_command(file, csv_out, xlsx_out) -> None:
    """The box score of a saved game (a seat saved by coachgym play or the web app, or an engine's
    JSON), finished or not: printed, or written with --csv / --xlsx."""
    from ..core.errors import CoachgymError
    from ..search.analysis import load_game

    try:
        game, _ = load_game(file)
    except CoachgymError as exc:
        raise click.ClickException(str(exc)) from None
    box = game.box_score()
    h, a = game.score
    if not csv_out and not xlsx_out:
        click.echo(("final" if game.over else "so far") + f": {box.teams[0].name} {h}, {box.teams[1].name} {a}\n")
        click.echo(box.render())
        return
    write_exports([({"home": box.teams[0].name, "away": box.teams[1].name, "home_score": h, "away_score": a},
                    box.to_dict())], csv_out, xlsx_out)


@main.command("scoresheet")
@click.argument("ruleset")
@click.argument("home", required=False)
@click.argument("away", required=False)
@click.option("--xlsx", "xlsx_out", type=OutFile(), callback=_needs_openpyxl,
              help="The file to write (default: scoresheet-RULESET-HOME-AWAY.xlsx here).")
def scoresheet_command(ruleset, home, away, xlsx_out) -> None:
    """A blank scoresheet (.xlsx) for a game played at a table: HOME and AWAY (bundled team names as
    `coachgym teams RULESET` lists them, or team files; default: the ruleset's default pair), every
    player's line and every column of the ruleset's box score to fill in; totals, percentages, the
    score, and points and rebounds from their parts computed by formulas (needs the sheets extra)."""
    from ..core.boxexport import blank_box, require_openpyxl, write_xlsx
    from ..core.errors import CoachgymError
    from . import ruleset_arg

    rs = ruleset_arg(ruleset)
    try:
        require_openpyxl()
        box = blank_box(rs, home, away)
    except CoachgymError as exc:
        raise click.ClickException(str(exc)) from None
    if xlsx_out is None:
        home_name, away_name = (Path(t).stem if t else rs.default_teams[i] for i, t in enumerate((home, away)))
        xlsx_out = Path(f"scoresheet-{rs.name}-{home_name}-{away_name}.xlsx")
    click.echo(f"wrote {write_xlsx([(None, box)], xlsx_out)}: {box['teams'][0]['name']} (home) - "
               f"{box['teams'][1]['name']} (away), {sum(len(t['players']) for t in box['teams'])} player lines")
