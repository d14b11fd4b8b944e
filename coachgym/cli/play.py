"""The coach's seat in the terminal: ``coachgym play`` and ``coachgym replay``.

The work is in :mod:`coachgym.present` (the seat, the terminal screens, replays); these commands
only read the command line.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import click

from ..core.errors import CoachgymError
from . import count, main, parse_option_pairs, ruleset_arg
from .tabletop import export_options, write_exports


def _read(path: Path) -> str:
    from ..core import jsontext

    try:
        return jsontext.read_text(path, "a saved game (JSON)")
    except jsontext.FileProblem as exc:
        raise click.BadParameter(str(exc), param_hint="FILE") from None


@main.command()
@click.argument("ruleset", required=False)
@click.option("--side", type=click.Choice(["home", "away"]), default="home", show_default=True, help="The side you coach.")
@click.option("--opponent", default="trained", show_default=True,
              help="Coach of the other side: trained, by-the-book (and its variants), random ...")
@click.option("--friend", is_flag=True,
              help="A two-person game at this terminal: you and a friend coach one team each, in turn (no computer "
                   "coach). For two browsers: coachgym serve, New game, opponent 'Play against a friend' (an invite link).")
@click.option("--home", default=None, help="Home team (bundled name, LEAGUE/TEAM or team file).")
@click.option("--away", default=None, help="Away team (bundled name, LEAGUE/TEAM or team file).")
@click.option("--league", default=None,
              help="Play teams of a real league (coachgym teams RULESET lists them): --home/--away name its teams, "
                   "or you pick them from the league's list.")
@click.option("--seed", default=None, type=int, help="Seed (random if omitted; printed at the start).")
@click.option("--option", "-o", "options", multiple=True, help="Rule option KEY=VALUE (repeatable).")
@click.option("--autoplay", default=None,
              help="Comma-separated auto-play kinds you make yourself (default: the ones that matter; "
                   "'all' for every decision). The book answers the rest for your team.")
@click.option("--resume", "resume", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Resume a saved game (a file written by 's' in the game or by the web app).")
@click.option("--height", default=None, type=count(10),
              help="Lines a screen may use (default: the terminal's height; 40 when not a terminal).")
@click.option("--save", "save", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The file 's', Ctrl-C and quitting save to (default coachgym-RULESET-SEED.json; a finished "
                   "game is offered as coachgym-RULESET-SEED-final.json, never over it).")
@click.option("--no-clear", is_flag=True, help="Do not clear the screen between screens.")
@export_options
def play(ruleset, side, opponent, friend, home, away, league, seed, options, autoplay, resume, height, save, no_clear,
         csv_out=None, xlsx_out=None) -> None:
    """Coach one side yourself in the terminal, against the trained coach by default.

    Names and grouped menus; Enter takes the default; h hint, c continue to the next dead ball,
    u undo, b box score, l last plays, ? help and glossary, a auto-play settings, s save, q quit
    (Ctrl-C saves the game, then asks). NO_COLOR=1 writes no escape codes."""
    from ..present import presenter_for
    from ..present.seat import FRIEND_COACH, Seat
    from ..present.terminal import Terminal

    if friend:
        if resume is not None:
            raise click.UsageError("--friend starts a new game; a saved two-person game resumes as it is (--resume FILE)")
        if opponent not in ("trained", FRIEND_COACH):
            raise click.UsageError("--friend plays against a person: leave out --opponent")
        opponent = FRIEND_COACH
    try:
        if resume is not None:
            from ..academy import challenge  # noqa: F401 - a challenge's save starts from the academy's positions

            seat = Seat.from_json(_read(resume), where=str(resume))
        else:
            if ruleset is None:
                raise click.UsageError("name a ruleset (coachgym rulesets lists them), or --resume FILE")
            rs = ruleset_arg(ruleset)
            given = parse_option_pairs(options)
            if league is not None:
                from ..series.competition import league_options

                home, away = _league_teams(rs, league, home, away)
                # the league's own rule options (FUBA's real clubs are their A12 skills), under any -o given
                given = {**league_options(rs.name, league), **given}
            kinds = None
            if autoplay:
                known = [k.kind for k in presenter_for(rs.name).kinds()]
                kinds = known if autoplay.strip() == "all" else [k.strip() for k in autoplay.split(",") if k.strip()]
            seat = Seat.new(rs.name, side=side, opponent=opponent, home=home, away=away, seed=seed,
                            options=given or None, autoplay=kinds)
    except CoachgymError as exc:
        advice = " (or play the by-the-book coach: --opponent by-the-book)" if resume is None and opponent == "trained" \
            and "model" in str(exc) else ""
        raise click.ClickException(f"{exc}{advice}") from None
    if save is None and resume is not None:
        save = resume  # a resumed game saves back to its own file
    if seat.two and resume is None:
        click.echo(f"Two people, one terminal: each screen says whose decision it is ({seat.game.teams[0].name} "
                   f"home, {seat.game.teams[1].name} away); hand over the keyboard when it changes. From two "
                   "browsers instead: coachgym serve, then New game with the opponent 'Play against a friend': the game page "
                   "gives an invite link to send (with a Copy button).")
    Terminal(seat, height=height, clear=False if no_clear else None, save=save).run()
    if csv_out or xlsx_out:  # the box score as the game stands when you leave it (--csv / --xlsx)
        box = seat.game.box_score()
        h, a = seat.game.score
        write_exports([({"home": box.teams[0].name, "away": box.teams[1].name, "home_score": h, "away_score": a},
                        box.to_dict())], csv_out, xlsx_out)


def _league_teams(rs, league: str, home: str | None, away: str | None) -> tuple[str, str]:
    """The home and away teams of a league: named (TEAM or LEAGUE/TEAM), or picked from its list."""
    lg = rs.league(league)
    listed = False
    out = []
    for which, given in (("home", home), ("away", away)):
        if given:
            name = given.rpartition("/")[2] if given.startswith(f"{league}/") else given
            if name not in lg.teams:
                raise click.BadParameter(f"no team {name!r} in {lg.title}; its teams: {', '.join(lg.teams)}",
                                         param_hint=f"--{which}")
        else:
            if not listed:
                click.echo(f"{lg.title}: pick the teams")
                for k, t in enumerate(lg.teams, start=1):
                    wl = lg.real_records.get(t)
                    click.echo(f"  {k:>2}  {rs.load_team(lg.team_key(t)).name}" + (f" (real {wl[0]}-{wl[1]})" if wl else ""))
                listed = True
            k = click.prompt(f"{which} team (number)", type=click.IntRange(1, len(lg.teams)))
            name = lg.teams[k - 1]
        out.append(lg.team_key(name))
    return out[0], out[1]


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--all", "show_all", is_flag=True, help="Print the whole game at once instead of stepping through it.")
@click.option("--height", default=None, type=count(10),
              help="Lines a screen may use (default: the terminal's height; 40 when not a terminal).")
@click.option("--no-clear", is_flag=True, help="Do not clear the screen between screens.")
def replay(file, show_all, height, no_clear) -> None:
    """Step through a saved or finished game event by event (Enter next, p previous, m/g/t/w next
    decision/score/period/big swing of the win chance, j N event N, b box score, q quit)."""
    from ..present.replay import Replay
    from ..present.terminal import ReplayTerminal

    try:
        rep = Replay.load(_read(file), where=str(file))
    except CoachgymError as exc:
        raise click.ClickException(str(exc)) from None
    if not show_all and importlib.util.find_spec("coachgym.search") is not None:
        from ..search.review import swing_jumps  # the big swings, as the end-of-game page finds them

        rep.add_jumps("swing", swing_jumps(rep, rep.side))
    ReplayTerminal(rep, height=height, clear=False if no_clear else None).run(show_all)
