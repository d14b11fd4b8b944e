"""Series of games: where they run (``--backend local|ray``, ``--address``, ``--jobs``, shared by every
series command), and the season, tournament and ratings commands."""

from __future__ import annotations

import functools
from pathlib import Path

import click

from ..core.runner import BACKENDS, Backend, RunnerError, make_backend
from ..core.words import counted
from . import STORED_INT, STORED_SEED, OutFile, count, main, plot_file  # noqa: F401  (the season/tournament/ratings commands register on it)


def backend_options(fn):
    """Add ``--backend``, ``--address`` and ``--jobs`` to a series command; the command receives a
    ready ``backend`` (closed when it returns) instead of the three options."""

    @click.option("--backend", "backend_name", type=click.Choice(BACKENDS), default="local", show_default=True,
                  help="Where the games run: worker processes on this machine, a Ray cluster, or in this process.")
    @click.option("--address", default=None,
                  help="Ray cluster address ('auto' for the one 'ray start' runs here, or ray://HOST:10001); "
                       "without it --backend ray starts a private local Ray.")
    @click.option("--jobs", "-j", type=count(), default=None,
                  help="Worker processes (local) or CPUs of the private Ray instance (default: every core).")
    @functools.wraps(fn)
    def wrapper(*args, backend_name: str, address: str | None, jobs: int | None, **kwargs):
        from . import bound_jobs

        try:
            backend = make_backend(backend_name, jobs=bound_jobs(jobs, backend_name, address), address=address)
        except RunnerError as exc:
            raise click.ClickException(str(exc)) from None
        with backend:
            return fn(*args, backend=backend, **kwargs)

    return wrapper


def backend_line(backend: Backend) -> str:
    return f"backend: {backend.describe()}"


# ------------------------------------------------------------------------------------ seasons, tournaments
def _echo_browser_playoffs(store, comp) -> None:
    """The bracket of a season's playoffs as ``coachgym serve`` keeps it (``web_seasons.playoffs``)."""
    import json

    from ..present.bracket import render

    rows = store.query("SELECT playoffs FROM web_seasons WHERE name = ? AND playoffs IS NOT NULL", (comp.name,))
    if rows:
        click.echo("PLAYOFFS (played in the browser)\n" + render(json.loads(rows[0]["playoffs"]),
                                                                 {k: e.name for k, e in comp.entry.items()}))


def _store(db):
    from ..store import Store, StoreError

    try:
        return Store(db)
    except StoreError as exc:
        raise click.ClickException(str(exc)) from None


def _coach_choices(pairs: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for p in pairs:
        if "=" not in p:
            raise click.BadParameter(f"{p!r} is not TEAM=COACH", param_hint="--coach")
        team, coach = p.split("=", 1)
        out[team.strip()] = coach.strip()
    return out


_db_option = click.option("--db", type=OutFile(None), default=None,
                          help="SQLite file of results (default: $COACHGYM_DB or coachgym.sqlite3 in the user data folder).")


def _play_on(comp, backend, max_games, progress, kind: str, db) -> None:
    where = f" --db {db}" if db else ""
    try:
        n = comp.play(backend, max_games=max_games, progress=progress)
    except KeyboardInterrupt:
        click.echo(f"\nstopped: {counted(len(comp.games), 'game')} stored; continue with: coachgym {kind} resume "
                   f"{comp.name}{where}",
                   err=True)
        raise SystemExit(130) from None
    click.echo(f"played {counted(n, 'game')} on {backend.describe()}")
    if not comp.done:
        click.echo(f"{counted(len(comp.games), 'game')} stored; continue with: coachgym {kind} resume {comp.name}{where}")


def _competition_teams(rs, teams: tuple[str, ...], league: str | None) -> list[str]:
    """The teams of a new season or tournament: those named, a league's, or every bundled team."""
    from ..core.errors import CoachgymError

    if league is not None:
        if teams:
            raise click.BadParameter("give TEAMS or --league, not both", param_hint="TEAMS")
        try:
            teams = tuple(rs.league_team_names(league))
        except CoachgymError as exc:
            raise click.BadParameter(str(exc), param_hint="--league") from None
    out = list(teams) or rs.team_names()
    if len(out) < 2:
        raise click.BadParameter("at least two teams", param_hint="TEAMS")
    return out


def _show_team(comp, name: str, team: str) -> None:
    """A team's page of a season or tournament: its players' statistics, its carry-over lines."""
    from ..series import tables

    if team not in comp.entry:
        raise click.BadParameter(f"{team!r} is not in {name!r}; its teams: {', '.join(comp.keys)}", param_hint="--team")
    click.echo(tables.render_players(comp, team))
    carry = tables.carry_lines(comp, team)
    if carry:
        click.echo("\n" + "\n".join(carry))


def _league_rule_options(ruleset: str, league: str | None) -> dict:
    """A league's own rule options (league.json ``rule_options``; FUBA's: A1, A12), which any ``-o``
    given overrides; ``{}`` without a league."""
    from ..core.errors import CoachgymError
    from ..series.competition import league_options

    if league is None:
        return {}
    try:
        return league_options(ruleset, league)
    except CoachgymError as exc:
        raise click.ClickException(str(exc)) from None


def _competition_group(kind: str, help_text: str):
    from ..core.errors import CoachgymError

    @main.group(name=kind, help=help_text)
    def group() -> None:
        pass

    common = [
        click.argument("ruleset"),
        click.argument("teams", nargs=-1),
        click.option("--league", default=None,
                     help="Every team of a real league (coachgym teams RULESET lists them)"
                          + ("; a season plays the league's real schedule, or a balanced one to its format "
                             "(docs/league-seasons.md)." if kind == "season" else ".")),
        click.option("--name", required=True, help=f"Name of the {kind} in the database (to resume or show it)."),
        click.option("--coach", "coach_pairs", multiple=True, metavar="TEAM=COACH",
                     help="Coach of one team (any coach spec: random, by-the-book:..., trained, a model file); repeatable."),
        click.option("--default-coach", default="by-the-book", show_default=True, help="Coach of the other teams."),
        click.option("--seed", type=STORED_SEED, default=0, show_default=True,
                     help=f"Seed of the {kind}: every game's seed follows from it."),
        click.option("--option", "-o", "options", multiple=True, help="Rule option KEY=VALUE for every game (repeatable)."),
        click.option("--max-games", type=count(), default=None,
                     help="Stop after this many games (continue later with resume)."),
        click.option("--progress/--no-progress", default=True, show_default=True),
        _db_option,
    ]
    if kind == "season":
        common += [
            click.option("--legs", type=click.IntRange(1, 2), default=2, show_default=True,
                         help="1: single round robin; 2: double (home and away)."),
            click.option("--games-per-team", type=count(), default=None,
                         help="Repeat double round robins until every team has played this many games "
                              "(82: replay a full NBA season)."),
            click.option("--availability/--no-availability", default=True, show_default=True,
                         help="With --league: each player available for his real share of his team's games, a "
                              "traded player on each team for his games there (docs/league-seasons.md); off: every "
                              "player available every game unless injured."),
        ]
    else:
        common += [
            click.option("--court", type=click.Choice(["home", "neutral", "draw"]), default=None,
                         help="home: the better seed hosts (NIT); neutral: neutral courts (March Madness); draw: "
                              "a cup, bracket drawn by lot, first drawn at home (default: draw for FUBA, else neutral)."),
            click.option("--max-replays", type=count(0), default=3, show_default=True,
                         help="Replays of a drawn knockout game before the tie is decided by lot (FUBA)."),
        ]

    def start(ruleset, teams, league, name, coach_pairs, default_coach, seed, options, max_games, progress, db, backend,
              legs=2, games_per_team=None, court=None, max_replays=3, availability=True):
        from ..series.competition import Competition, entries_from, league_season_format
        from ..series.tables import render_screen
        from . import parse_option_pairs, ruleset_arg

        rs = ruleset_arg(ruleset)
        teams = _competition_teams(rs, teams, league)
        base_options = _league_rule_options(rs.name, league)
        if kind == "season" and league is not None:
            try:
                fmt = league_season_format(rs.name, league, seed, games_per_team, availability)
            except CoachgymError as exc:
                raise click.ClickException(str(exc)) from None
        elif kind == "season":
            fmt = {"type": "round-robin", "legs": legs, "games_per_team": games_per_team}
        else:
            fmt = {"type": "knockout", "court": court or rs.sport.cup_court,
                   "max_replays": max_replays}
        store = _store(db)
        try:
            comp = Competition.create(store, name=name, kind=kind, ruleset=rs.name,
                                      teams=entries_from(teams, _coach_choices(coach_pairs), default_coach),
                                      fmt=fmt, options={**base_options, **parse_option_pairs(options)}, seed=seed)
            click.echo(f"{kind} {name!r}: {len(teams)} teams, {comp.total_games() or 'knockout'} games, "
                       f"stored in {store.path}")
            _play_on(comp, backend, max_games, progress, kind, db)
        except CoachgymError as exc:
            raise click.ClickException(str(exc)) from None
        click.echo("")
        click.echo(render_screen(comp))

    for deco in reversed(common):
        start = deco(start)
    group.command("start", help=f"Create a {kind} and play it (stop any time; 'resume' goes on).")(backend_options(start))

    @group.command("resume", help=f"Play the rest of a {kind} (exactly as an uninterrupted run would).")
    @click.argument("name")
    @click.option("--max-games", type=count(), default=None, help="Stop after this many games.")
    @click.option("--progress/--no-progress", default=True, show_default=True)
    @_db_option
    @backend_options
    def resume(name, max_games, progress, db, backend):
        from ..series.competition import Competition
        from ..series.tables import render_screen

        try:
            comp = Competition.load(_store(db), name)
            if comp.done:
                click.echo(f"{name!r} is complete ({counted(len(comp.games), 'game')}).")
            else:
                _play_on(comp, backend, max_games, progress, kind, db)
        except CoachgymError as exc:
            raise click.ClickException(str(exc)) from None
        click.echo("")
        click.echo(render_screen(comp))

    @group.command("show", help=f"The {kind} screen: standings or bracket, leaders, results; or one team.")
    @click.argument("name")
    @click.option("--team", default=None, help="A team's page: its players' statistics per game.")
    @click.option("--results", "n_results", type=count(0), default=10, show_default=True,
                  help="Latest results to list (0: all).")
    @click.option("--team-stats", is_flag=True, help="Team statistics per game (for and against).")
    @_db_option
    def show(name, team, n_results, team_stats, db):
        from ..series import tables
        from ..series.competition import Competition

        try:
            store = _store(db)
            comp = Competition.load(store, name)
        except CoachgymError as exc:
            raise click.ClickException(str(exc)) from None
        if team is not None:
            _show_team(comp, name, team)
            return
        click.echo(tables.render_screen(comp, n_results))
        if kind == "season":  # the playoffs a season played in the browser went on to (the same store)
            _echo_browser_playoffs(store, comp)
        if team_stats:
            click.echo("TEAM STATISTICS (per game)\n" + tables.render_team_stats(comp))

    @group.command("list", help="Seasons and tournaments in the database.")
    @_db_option
    def list_(db):
        from ..series.competition import Competition

        rows = Competition.names(_store(db))
        if not rows:
            click.echo("none yet")
        for r in rows:
            state = "complete" if r["finished"] else "in progress"
            click.echo(f"{r['name']:<24} {r['kind']:<10} {r['ruleset']:<13} {r['teams']:>3} teams {r['games']:>5} games  {state}")

    @group.command("game", help="Replay a stored game (exactly: same seed, teams, coaches) and print it, or step "
                                "through it event by event with --step (the 'coachgym replay' screens).")
    @click.argument("game_id", type=STORED_INT)
    @click.option("--play-by-play/--box-only", default=True, show_default=True)
    @click.option("--step", is_flag=True, help="Step through the game event by event (Enter next, p previous, b box score, q quit).")
    @click.option("--save", "save_to", type=OutFile(None), default=None,
                  help="Write the finished game as an engine JSON file ('coachgym replay FILE' reads it).")
    @_db_option
    def game(game_id, play_by_play, step, save_to, db):
        from ..series.competition import replay, replay_frames

        try:
            if step:
                from ..present.terminal import ReplayTerminal

                ReplayTerminal(replay_frames(_store(db), game_id)).run()
                return
            g = replay(_store(db), game_id)
        except CoachgymError as exc:
            raise click.ClickException(str(exc)) from None
        if save_to:
            Path(save_to).write_text(g.to_json())
            click.echo(f"wrote {save_to}")
        if play_by_play:
            click.echo("\n".join(g.play_by_play()))
            click.echo("")
        click.echo(g.box_score().render())

    return group


season = _competition_group("season", "Seasons: round robins (single, double, or N games per team) with the "
                                      "rulesets' carry-over rules, standings, leaders, stored results.")
tournament = _competition_group("tournament", "Tournaments: knockout brackets (NIT: home court; March Madness: "
                                              "neutral; FUBA cup: drawn, replays) with carry-over between rounds.")


# ------------------------------------------------------------------------------------ ratings
@main.command("ratings")
@click.argument("ruleset", required=False)
@click.argument("coaches", nargs=-1)
@click.option("--games", "-n", type=count(), default=200, show_default=True,
              help="Games per pairing (whole pairs: benches swapped).")
@click.option("--seed", type=STORED_SEED, default=0, show_default=True, help="Seed: every pairing plays the same seeded games.")
@click.option("--teams", "teams_choice", default="mirror", show_default=True,
              help="mirror (each bundled team against itself), cross (every ordered pair of different bundled "
                   "teams), or HOME:AWAY pairs separated by commas.")
@click.option("--option", "-o", "options", multiple=True, help="Rule option KEY=VALUE (repeatable).")
@click.option("--anchor", default=None, help="Show Elo relative to this coach (default: the field's mean).")
@click.option("--plot", "plot_out", type=plot_file(None), default=None,
              help="Save the ratings with their intervals as a PNG (needs matplotlib).")
@click.option("--markdown", "md_out", type=OutFile(None), default=None, help="Write the table as Markdown.")
@click.option("--name", default=None, help="Name of the run in the database.")
@click.option("--store/--no-store", "keep", default=True, show_default=True, help="Save the run and its games in --db.")
@click.option("--show", "show_id", type=STORED_INT, default=None, help="Print a stored run instead (its id; see --list).")
@click.option("--list", "list_runs", is_flag=True, help="List the stored ratings runs.")
@click.option("--progress/--no-progress", default=True, show_default=True)
@_db_option
@backend_options
def ratings_command(ruleset, coaches, games, seed, teams_choice, options, anchor, plot_out, md_out, name, keep, show_id,
                    list_runs, progress, db, backend):
    """Rate coaches: a round robin among COACH specs (random, by-the-book variants, trained models,
    search coaches) on paired seeds with benches swapped, then a Bradley-Terry fit with a home-court
    term, shown on the Elo scale with 95% intervals (table, plot) and stored in the database.

    Example: coachgym ratings statispro random by-the-book by-the-book:double_team=star trained -n 400
    """
    from pathlib import Path

    from ..core.errors import CoachgymError
    from ..series import ratings as R
    from . import parse_option_pairs, ruleset_arg

    if list_runs:
        for r in R.runs(_store(db)):
            click.echo(f"{r['id']:>4}  {r['name']:<32} {r['ruleset']:<13} {', '.join(r['coaches'])}")
        return
    if show_id is not None:
        try:
            run = R.load(_store(db), show_id)
        except CoachgymError as exc:
            raise click.ClickException(str(exc)) from None
        click.echo(R.render(run, anchor))
        return
    if ruleset is None or len(coaches) < 2:
        raise click.UsageError("give a ruleset and at least two coaches (or --list / --show ID)")
    rs = ruleset_arg(ruleset)
    if anchor is not None and anchor not in coaches:
        raise click.BadParameter(f"{anchor!r} is not among the coaches", param_hint="--anchor")
    if plot_out:
        from ..present.plots import _pyplot

        try:
            _pyplot()  # fail before the games, not after
        except RuntimeError as exc:
            raise click.ClickException(str(exc)) from None
    names = rs.team_names()
    if teams_choice == "mirror":
        pairs = [(t, t) for t in names]
    elif teams_choice == "cross":
        pairs = [(h, a) for h in names for a in names if h != a]
    else:
        pairs = []
        for part in teams_choice.split(","):
            if ":" not in part:
                raise click.BadParameter(f"{part!r} is not HOME:AWAY", param_hint="--teams")
            h, a = part.split(":", 1)
            for t in (h, a):
                rs.team_data(t)  # a bad team fails here, naming it
            pairs.append((h, a))
    try:
        run = R.play_round_robin(rs.name, list(coaches), games, seed=seed, teams=pairs,
                                 options=parse_option_pairs(options), backend=backend, progress=progress)
    except (CoachgymError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(R.render(run, anchor))
    click.echo(f"\n{counted(len(run.games), 'game')} in {run.seconds:.1f} s on {backend.describe()}")
    if keep:
        store = _store(db)
        rid = R.save(store, run, name)
        click.echo(f"stored as ratings run {rid} ({run.name!r}) in {store.path}")
    if md_out:
        Path(md_out).write_text(R.to_markdown(run, anchor) + "\n")
        click.echo(f"wrote {md_out}")
    if plot_out:
        R.plot(run, plot_out, anchor)
        click.echo(f"wrote {plot_out}")
