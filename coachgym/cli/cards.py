"""``coachgym cards build RULESET STATS.csv``: season statistics -> a league folder (docs/leagues.md)."""

from __future__ import annotations

import shlex
import sys

import click

from ..core.errors import CoachgymError
from . import main, ruleset_arg


@main.group("cards")
def cards_group() -> None:
    """Player and team cards built from real season statistics."""


@cards_group.command("build")
@click.argument("ruleset")
@click.argument("stats", type=click.Path(dir_okay=False))
@click.option("--out", "out", required=True, type=click.Path(file_okay=False), help="league folder to write")
@click.option("--name", default=None, help="league name (default: the folder's name), e.g. nba-1993")
@click.option("--title", default=None, help='league title, e.g. "1992-93 NBA"')
@click.option("--season", default=None, help="season, e.g. 1992-93 (1992-93 keeps the ten printed Statis Pro cards); "
                                             "default: the stats' Season or Year column, else refused")
@click.option("--team-stats", "team_stats", default=None, type=click.Path(dir_okay=False),
              help="team totals CSV: Team, Division, W, L, G, PTS, OPP_PTS, HOME, ROAD (all but Team optional)")
@click.option("--source", default="", help="where the statistics come from (recorded in every file)")
@click.option("--notes", default="", help="notes for league.json")
@click.option("--schedule-format", "schedule_format", default=None,
              help="the season's schedule for a balanced replay: games=82,division=4,conference=4,other=2 (games a "
                   "team plays; games against each opponent of its division, its conference, the other conference)")
@click.option("--blind", is_flag=True, default=False,
              help="cards from no standings: W, L, HOME and ROAD are kept for the replay against history (real "
                   "records) but not read for cards; Statis Pro's Index Points then come from the scoring margin "
                   "(PTS and OPP_PTS) and the league's home edge (docs/leagues.md)")
def cards_build(ruleset, stats, out, name, title, season, team_stats, source, notes, schedule_format, blind) -> None:
    """Build RULESET team files for every team of STATS.csv (Basketball-Reference totals export)."""
    from ..core.cardsbuild import build_league_folder, parse_schedule_format

    rs = ruleset_arg(ruleset)
    command = "coachgym " + " ".join(shlex.quote(a) for a in sys.argv[1:]) if sys.argv[1:2] == ["cards"] else None
    try:
        fmt = parse_schedule_format(schedule_format) if schedule_format else None
        league = build_league_folder(rs.name, stats, out, name=name, title=title, season=season,
                                     team_stats=team_stats, source=source, notes=notes, command=command,
                                     schedule_format=fmt, say=lambda line: click.echo(line, err=True), blind=blind)
    except CoachgymError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"wrote {len(league['teams'])} {rs.title} teams of {league['title']} to {out} "
               f"(league.json, stats.csv{', team_stats.csv' if team_stats else ''})")


@main.group("leagues")
def leagues_group() -> None:
    """Real leagues built offline from the shipped season data (docs/leagues.md)."""


@leagues_group.command("build")
@click.option("--season", "season", required=True,
              help="the NBA season: the year it ends (1997) or 1996-97; the shipped data covers 1979-80 to 2019-20")
@click.option("--ruleset", "ruleset", default=None,
              help="the ruleset whose card builder makes the teams from NBA statistics (default: the default "
                   "ruleset, core/data/rulesets.json: Statis Pro)")
@click.option("--out", "out", default=None, type=click.Path(file_okay=False),
              help="league folder to write (default: ./nba-YYYY)")
@click.option("--name", default=None, help="league name (default: nba-YYYY)")
@click.option("--blind", is_flag=True, default=False,
              help="cards from no standings (Statis Pro's Index Points from the scoring margin); the real records "
                   "stay in league.json for the replay against history")
@click.option("--team-terms", "team_terms", is_flag=True, default=False,
              help="then fit each team's two terms (Statis Pro: FIELD GOAL and DEFENSE; 4th Street: points of FG% and "
                   "Defense grades) to the season's points per 100 possessions (round robins of the league with its "
                   "real availability, seed 0, the size in the builder's card_builder.json; minutes; docs/history.md, "
                   "'Team terms')")
def leagues_build(season, ruleset, out, name, blind, team_terms) -> None:
    """Build one NBA season's league from the shipped data, offline (docs/leagues.md, 'Every NBA season offline')."""
    from .. import rulesets
    from ..core.nbaseasons import build_season, parse_season

    rs = ruleset_arg(ruleset) if ruleset else rulesets.default()
    fit_team_terms = rs.part("team_terms")
    if team_terms and fit_team_terms is None:
        having = [r.title for r in rulesets.with_part("team_terms")]
        whose = (f"{having[0]}'s builder has" if len(having) == 1 else
                 f"{', '.join(having[:-1])} and {having[-1]}'s builders have" if having else "no ruleset's builder has")
        raise click.ClickException(f"--team-terms: only {whose} team terms, not {rs.title}'s")
    command = "coachgym " + " ".join(shlex.quote(a) for a in sys.argv[1:]) if sys.argv[1:2] == ["leagues"] else None
    try:
        year = parse_season(season)
        out = out or f"nba-{year}"
        league = build_season(rs.name, year, out, name=name, blind=blind, command=command,
                              say=lambda line: click.echo(line, err=True))
    except CoachgymError as exc:
        raise click.ClickException(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(f"--out {out}: cannot be written ({exc.strerror or exc})") from None
    if team_terms:
        try:
            fit_team_terms(out, seed=0, availability=True, write=True,  # the documented size (4 x 4)
                           say=lambda line: click.echo(f"team terms: {line}", err=True))
        except CoachgymError as exc:
            raise click.ClickException(f"--team-terms: {exc}") from None
    click.echo(f"wrote {len(league['teams'])} {rs.title} teams of {league['title']} to {out} "
               f"({len(league['divisions'])} divisions, {league['schedule_format']['games']} games a team"
               f"{', team terms fitted' if team_terms else ''}); "
               f"play it: coachgym season start {rs.name} --league {out}")
