"""The first commands: rulesets, teams, actions, observation, simulate, speed, train, benchmark,
leverage (``play`` and ``replay`` are in play.py)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import click

from .. import rulesets
from ..core.runner import BACKENDS
from ..core.words import counted
from . import OutDir, OutFile, count, main, plot_file
from . import parse_option_pairs as _parse_options
from . import ruleset_arg as _ruleset
from .series import backend_line, backend_options
from .tabletop import export_options, requirement, write_exports


def _require_matplotlib() -> None:
    from ..present.plots import require_matplotlib

    require_matplotlib()


_needs_matplotlib = requirement(_require_matplotlib)  # --plot: refused before the games without matplotlib


@main.command("rulesets")
def list_rulesets() -> None:
    """List the rulesets and their Gymnasium env ids."""
    for e in rulesets.entries():
        click.echo(f"{e.name:<14} {e.env_id:<40} {e.title}")


@main.command()
@click.argument("ruleset")
@click.option("--league", default=None, help="List a real league's teams (with their real record), named LEAGUE/TEAM.")
def teams(ruleset: str, league: str | None) -> None:
    """List a ruleset's bundled teams and real leagues, and where their files are (copy one to make
    your own: docs/teams.md; leagues: docs/league-seasons.md)."""
    from ..core.errors import CoachgymError

    rs = _ruleset(ruleset)
    if league is not None:
        try:
            lg = rs.league(league)
        except CoachgymError as exc:
            raise click.BadParameter(str(exc), param_hint="--league") from None
        click.echo(f"{lg.title} ({lg.name}): {len(lg.teams)} teams; source: {lg.source}")
        for div, members in (lg.divisions or {"": lg.teams}).items():
            if div:
                click.echo(f"\n{div}")
            for t in members:
                team = rs.load_team(lg.team_key(t))
                wl = lg.real_records.get(t)
                record = f"real {wl[0]}-{wl[1]}" if wl else "no real record"
                click.echo(f"  {lg.team_key(t):<28} {team.name:<28} {record}, {len(team.players)} players")
        click.echo(f"\nfiles: {lg.folder}\nplay one: coachgym play {rs.name} --home {shlex.quote(lg.team_key(lg.teams[0]))}; "
                   f"the season: coachgym season start {rs.name} --league {shlex.quote(lg.ref)} --name NAME")
        return
    aliases: dict[str, list[str]] = {}
    for alias, name in rs.team_aliases().items():
        aliases.setdefault(name, []).append(alias)
    for name in rs.team_names():
        team = rs.load_team(name)
        label = "fictional" if getattr(team, "fictional", False) else getattr(team, "season", "")
        also = f"; also '{', '.join(aliases[name])}'" if name in aliases else ""
        click.echo(f"{name:<16} {team.name} ({label}, {len(team.players)} players{also})")
        click.echo(f"{'':<16} {rs.team_file(name)}")
    names = rs.league_names()
    if names:
        click.echo("\nReal leagues (their teams: coachgym teams " + rs.name + " --league NAME; a team is LEAGUE/TEAM):")
        for name in names:
            lg = rs.league(name)
            click.echo(f"{name:<16} {lg.title}, {len(lg.teams)} teams")
    click.echo(f"\nA team file of your own: coachgym simulate {rs.name} --home my-team.json (how: docs/teams.md)")


@main.command()
@click.argument("ruleset")
def actions(ruleset: str) -> None:
    """Print a ruleset's action table (index, kind, label)."""
    click.echo(_ruleset(ruleset).actions.describe())


@main.command()
@click.argument("ruleset")
def observation(ruleset: str) -> None:
    """Print a ruleset's observation layout, field by field."""
    import gymnasium as gym

    from .. import envs  # noqa: F401

    rs = _ruleset(ruleset)
    env = gym.make(rs.env_id).unwrapped
    click.echo(env.encoder.layout.describe())


@main.command()
@click.argument("ruleset")
@click.option("--home", default=None, help="Home team (bundled name, LEAGUE/TEAM or team file).")
@click.option("--away", default=None, help="Away team (bundled name, LEAGUE/TEAM or team file).")
@click.option("--games", "-n", type=count(), default=100, show_default=True, help="Number of games.")
@click.option("--seed", default=0, show_default=True, help="Seed of the series.")
@click.option("--coach-home", default="by-the-book", show_default=True, help="Coach of the home team.")
@click.option("--coach-away", default="by-the-book", show_default=True, help="Coach of the away team.")
@click.option("--swap/--no-swap", default=True, show_default=True,
              help="Alternate which coach has which team (paired seeds); coach A is --coach-home.")
@click.option("--option", "-o", "options", multiple=True, help="Rule option KEY=VALUE (repeatable).")
@click.option("--json", "json_out", type=OutFile(), help="Write results as JSON.")
@click.option("--plot", "plot_out", type=plot_file(), callback=_needs_matplotlib,
              help="Save a PNG of the margin and points distributions (needs matplotlib: the plot extra).")
@click.option("--progress/--no-progress", default=True, show_default=True)
@export_options
@backend_options
def simulate(ruleset, home, away, games, seed, coach_home, coach_away, swap, options, json_out, plot_out, progress,
             backend, csv_out=None, xlsx_out=None) -> None:
    """Play GAMES games and print win rates and average box scores."""
    from ..core.runner import SeriesInterrupted, play_series
    from ..evaluation.summary import average_team_lines, render_averages

    rs = _ruleset(ruleset)
    opts = rs.parse_options(_parse_options(options))
    home_team = rs.load_team(home or rs.default_teams[0])
    away_team = rs.load_team(away or rs.default_teams[1])
    rs.coach(coach_home), rs.coach(coach_away)  # fail early on an unknown coach
    try:
        result = play_series(rs.name, coach_home, coach_away, games, seed=seed, teams=(home_team, away_team),
                             options=_parse_options(options), swap_sides=swap, keep_box=True, backend=backend,
                             progress=progress, desc=f"{ruleset} {coach_home} vs {coach_away}",
                             coach_seeds=(seed * 2 + 1, seed * 2 + 2))
    except SeriesInterrupted as stop:  # Ctrl-C: the games already played are summarized, not dropped
        part = stop.result
        if part is None or not part.n:
            click.echo("\nstopped before any game was finished", err=True)
        else:
            click.echo(f"\nstopped: {part.n} of {counted(games, 'game')} played ({home_team.name} home, {away_team.name} "
                       f"away, seed {seed}); their summary:")
            click.echo(part.summary())
            click.echo(render_averages(part, part.games[0].box["columns"] if part.games[0].box else []))
        raise SystemExit(130) from None
    played = result.n  # with --swap an odd count is rounded up to whole pairs (same seed, benches swapped)
    click.echo(f"{home_team.name} (home) vs {away_team.name} (away), {played} game{'s' if played != 1 else ''}, seed {seed}"
               + (", coaches swap teams every other game" if swap else "")
               + (f" ({games} asked for, rounded up to pairs)" if played != games else ""))
    click.echo(result.summary())
    box = result.games[0].box
    columns = box["columns"] if box else []
    click.echo(render_averages(result, columns))
    if json_out:
        data = {"ruleset": ruleset, "options": opts.to_dict() if hasattr(opts, "to_dict") else {}, **result.to_dict(),
                "averages": average_team_lines(result)}
        json_out.write_text(json.dumps(data, indent=2))
        click.echo(f"wrote {json_out}")
    if csv_out or xlsx_out:  # every game's box score (coach A's side named in each row)
        write_exports([({"game": k + 1, "seed": g.seed, "home": g.home_team, "away": g.away_team,
                         "home_score": g.home_score, "away_score": g.away_score}, g.box)
                       for k, g in enumerate(result.games) if g.box], csv_out, xlsx_out)
    if plot_out:
        from ..present.plots import plot_match

        plot_match(result, plot_out, f"{rs.title}: {home_team.name} vs {away_team.name}, {games} games")
        click.echo(f"wrote {plot_out}")


@main.command()
@click.argument("ruleset")
@click.option("--games", "-n", type=count(), default=1000, show_default=True)
@click.option("--coach", default="by-the-book", show_default=True)
@click.option("--env-steps", type=count(), default=20000, show_default=True)
@click.option("--clone-positions", type=count(0), default=40, show_default=True,
              help="Mid-game positions at which the time of a copy (clone, resampled clone, JSON) is measured; 0: skip.")
@click.option("--option", "-o", "options", multiple=True, help="Rule option KEY=VALUE (repeatable).")
@click.option("--progress/--no-progress", default=True, show_default=True)
def speed(ruleset, games, coach, env_steps, clone_positions, options, progress) -> None:
    """Benchmark: full games per second per core, Gymnasium env steps per second, time per game copy."""
    from ..evaluation.speed import measure

    rs = _ruleset(ruleset)
    click.echo(measure(rs.name, games=games, coach=coach, env_steps=env_steps, options=_parse_options(options),
                       clone_positions=clone_positions, progress=progress).render())


@main.command("compile")
@click.option("--status", "show_status", is_flag=True, help="Say what is built and what loads compiled; build nothing.")
@click.option("--clean", is_flag=True, help="Remove the compiled modules: everything runs as pure Python again.")
@click.option("--jobs", "-j", type=count(), default=None, help="C compilers run at once [default: the CPUs].")
@click.option("--pgo/--no-pgo", default=False, show_default=True,
              help="Profile-guided: compile, play a minute of every ruleset, compile again with the counts.")
@click.option("--progress/--no-progress", default=True, show_default=True)
def compile_engines(show_status, clean, jobs, pgo, progress) -> None:
    """Compile the rules engines, book coaches, encoders and search rollouts with Cython from the same
    Python files, for speed; identical play (docs/speed.md "The compiled engines"). Needs Cython
    (pip install 'coachgym[compiled]') and a C compiler. COACHGYM_PURE=1 runs pure Python anyway."""
    from .. import compiled

    if show_status and clean:
        raise click.UsageError("--status and --clean: choose one")
    if show_status:
        st = compiled.status()
        click.echo(st.line())
        click.echo(f"built: {st.built} modules ({len(st.fresh)} load compiled, {len(st.stale)} stale, "
                   f"{len(st.missing)} missing), manifest {compiled.MANIFEST}")
        for m in st.stale:
            click.echo(f"  stale (source changed since the build, runs as Python): {m}")
        for m in st.missing:
            click.echo(f"  missing (its extension file is gone, runs as Python): {m}")
        return
    if clean:
        n = compiled.clean()
        click.echo(f"removed {n} compiled modules: everything runs as pure Python")
        return
    try:
        from . import bound_jobs

        report = compiled.build(jobs=bound_jobs(jobs), progress=progress, log=click.echo, pgo=pgo)
    except compiled.BuildError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(report.summary())
    click.echo(compiled.status().line() + " (COACHGYM_PURE=1 for pure Python; coachgym compile --clean removes them)")


@main.command("speed-compare")
@click.argument("rev")
@click.argument("chosen", nargs=-1, metavar="[RULESET]...")
@click.option("--rounds", default=2, show_default=True, help="Interleaved runs of each tree per figure (best kept).")
@click.option("--games", default=60, show_default=True, help="Full games per run (0: skip).")
@click.option("--env-steps", default=10000, show_default=True, help="Env steps per run (0: skip).")
@click.option("--rollouts", default=400, show_default=True, help="Search rollouts per run (0: skip).")
@click.option("--train-steps", default=8192, show_default=True, help="Training env steps per run (0: skip).")
@click.option("--memory/--no-memory", default=True, show_default=True, help="Peak memory of a game in flight.")
@click.option("--new", "new_rev", default=None, help="Compare REV with this commit instead of this tree.")
@click.option("--compiled/--no-compiled", default=None,
              help="Measure this tree both as pure Python and with its compiled engines [default: when it has a "
                   "build that loads: coachgym compile].")
@click.option("--build-compiled", is_flag=True, default=False,
              help="Compile both commits (REV and --new) with their own coachgym compile, and measure each as "
                   "pure Python and compiled: compiled against compiled.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write every run and the table as JSON (rewritten after every run).")
@click.option("--progress/--no-progress", default=True, show_default=True)
def speed_compare(rev, chosen, rounds, games, env_steps, rollouts, train_steps, memory, new_rev, compiled,
                  build_compiled, json_out, progress) -> None:
    """Old against new: build commit REV in a tree of its own and measure it and this tree side by side,
    alternately, for each RULESET (default: all) - games, env steps and search rollouts per CPU-second,
    training steps per second, peak memory - with the ratio (docs/speed.md)."""
    from ..core.errors import ConfigError
    from ..training.speed_compare import compare

    names = [_ruleset(n).name for n in chosen] or [e.name for e in rulesets.entries()]
    sizes = {k: v for k, v in (("games", games), ("env", env_steps), ("search", rollouts), ("train", train_steps))
             if v > 0}
    if memory:
        sizes["memory"] = 0
    if not sizes:
        raise click.UsageError("nothing to measure: every figure is skipped")
    if rounds < 1:
        raise click.BadParameter("must be at least 1", param_hint="--rounds")
    try:
        result = compare(rev, names, rounds=rounds, sizes=sizes, progress=progress, log=click.echo, new=new_rev,
                         json_out=json_out, compiled=compiled, build_compiled=build_compiled)
    except ConfigError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(result.render())
    if json_out:
        json_out.write_text(json.dumps(result.to_dict(), indent=1) + "\n")
        click.echo(f"wrote {json_out}")


@main.command()
@click.argument("ruleset")
@click.option("--config", "config_paths", multiple=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="YAML config (default: configs/<ruleset>/maskable_ppo.yaml); repeat it to train several configs.")
@click.option("--seed", type=click.IntRange(0, 2**32 - 1), default=None,
              help="Overrides the config's seed (with --seeds: the first seed).")
@click.option("--steps", type=click.IntRange(1, 2**31 - 1), default=None, help="Overrides the config's total_timesteps.")
@click.option("--out", type=OutDir(), default=None,
              help="Output folder (default: runs/<ruleset>-<algo>-seed<seed>; with --seeds: runs/<ruleset>-sweep).")
@click.option("--resume", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="Continue from a checkpoint (checkpoints/model_N_steps.zip).")
@click.option("--seeds", type=click.IntRange(1, 10_000), default=None,
              help="Train every config with this many seeds, each a run of its own, on --backend; one table at the end.")
@click.option("--backend", "backend_name", type=click.Choice(BACKENDS), default="local", show_default=True,
              help="With --seeds: where the runs go (worker processes here, a Ray cluster, or this process).")
@click.option("--address", default=None,
              help="With --seeds --backend ray: the cluster ('auto', ray://HOST:10001); none: a private local Ray.")
@click.option("--jobs", "-j", type=count(), default=None,
              help="With --seeds: runs at a time (local) or CPUs of the private Ray instance (default: every core).")
@click.option("--progress/--no-progress", default=True, show_default=True)
def train(ruleset, config_paths, seed, steps, out, resume, seeds, backend_name, address, jobs, progress) -> None:
    """Train a coach with MaskablePPO (or the config's algorithm); saves model.npz (plays without
    torch), model.zip (to resume) and model.json (its metadata) in --out.

    With --seeds N: N runs per --config (seeds from the config's, or --seed, on), each a normal run
    with its checkpoints and curve in a folder of its own under --out, run as tasks on --backend
    (local, or Ray with --address for a cluster); a run whose worker died goes on from its last
    checkpoint. Writes sweep.json and sweep.md (docs/training.md)."""
    try:
        import sb3_contrib  # noqa: F401
    except ImportError:
        raise click.ClickException("training needs the train extra: pip install 'coachgym[train]'") from None
    from ..training import config as tc
    from ..training.train import train as run_training

    rs = _ruleset(ruleset)
    cfgs = [tc.load(p) for p in config_paths] or [tc.load(tc.default_config_path(rs.name))]
    for cfg in cfgs:
        if cfg.ruleset != rs.name:
            raise click.BadParameter(f"{cfg.path} is a {cfg.ruleset} config, not {rs.name}", param_hint="--config")
    if seeds is not None or len(cfgs) > 1:
        if resume:
            raise click.BadParameter("a sweep resumes by itself: start it again with the same --out",
                                     param_hint="--resume")
        _train_sweep(rs, cfgs, 1 if seeds is None else seeds, seed, steps, out, backend_name, address, jobs, progress)
        return
    if backend_name != "local" or address or jobs is not None:
        raise click.UsageError("--backend, --address and --jobs are for --seeds runs")
    cfg = cfgs[0]
    if seed is not None:
        cfg.data["seed"] = seed
    if steps is not None:
        cfg.data["total_timesteps"] = steps
    cfg = tc.validate(cfg.data, cfg.path)  # the overrides checked like the file's values
    from ..training.checks import check_resume, resolve_device

    resolve_device(cfg)  # a device this machine lacks: one line, before anything is written
    if resume:
        check_resume(cfg, resume)  # another ruleset's, algorithm's or layout's checkpoint: refused before loading
    out = out or Path("runs") / f"{rs.name}-{cfg.algo}-seed{cfg['seed']}"
    meta = run_training(cfg, out, resume=resume, progress=progress)
    if meta.get("interrupted"):  # Ctrl-C: the model so far is saved, and a checkpoint to go on from
        checkpoint = out / "checkpoints" / f"model_{meta['steps']}_steps.zip"
        click.echo(f"\ninterrupted after {meta['steps']} steps: saved {out / 'model.zip'} and {out / 'model.npz'}; "
                   f"continue with: coachgym train {rs.name} --config {cfg.path} --steps {cfg['total_timesteps']} "
                   f"--out {out} --resume {checkpoint}")
        raise SystemExit(130)
    click.echo(f"saved {out / 'model.zip'} ({meta['steps']} steps, {meta['train_steps_per_second']} steps/s)")
    for r in meta["evaluation"]:
        click.echo(f"  vs {r['opponent']}: win rate {r['win_rate']:.3f} (95% CI {r['ci95'][0]:.3f}-{r['ci95'][1]:.3f}), "
                   f"mean margin {r['mean_margin']:+.2f}")


def _train_sweep(rs, cfgs, seeds, seed, steps, out, backend_name, address, jobs, progress) -> None:
    from ..core.runner import RunnerError, make_backend
    from ..training import config as tc
    from ..training.checks import resolve_device
    from ..training.sweep import plan, run_sweep, table
    from . import bound_jobs

    if seeds < 1:
        raise click.BadParameter("must be at least 1", param_hint="--seeds")
    if jobs is not None and jobs < 1:
        raise click.BadParameter("must be at least 1", param_hint="--jobs")
    for cfg in cfgs:
        tc.validate(cfg.data, cfg.path)
        resolve_device(cfg)  # every run's device, here: not in a worker after the others started
    out = out or Path("runs") / f"{rs.name}-sweep"
    runs = plan(cfgs, seeds, out, first_seed=seed, steps=steps)
    try:
        backend = make_backend(backend_name, jobs=bound_jobs(jobs, backend_name, address), address=address)
    except RunnerError as exc:
        raise click.ClickException(str(exc)) from None
    with backend:
        click.echo(f"{len(runs)} training runs ({len(cfgs)} config(s) x {seeds} seed(s)) into {out}; "
                   f"{backend_line(backend)}")
        results = run_sweep(runs, backend, progress=progress)
    out.mkdir(parents=True, exist_ok=True)
    (out / "sweep.json").write_text(json.dumps(results, indent=1) + "\n")
    text = table(results)
    (out / "sweep.md").write_text(text + "\n")
    click.echo(text)
    click.echo(f"wrote {out / 'sweep.json'} and {out / 'sweep.md'}")


@main.command()
@click.argument("ruleset_names", metavar="[RULESET]...", nargs=-1)
@click.option("--games", "-n", type=count(2), default=2000, show_default=True,
              help="Games per pairing and match kind (at least one pair).")
@click.option("--seed", default=0, show_default=True)
@click.option("--model", type=click.Path(exists=True, dir_okay=False), default=None,
              help="Model file to benchmark as 'trained' (one ruleset only; default: the shipped coach).")
@click.option("--out", type=OutDir(), default=Path("benchmark"), show_default=True)
@click.option("--progress/--no-progress", default=True, show_default=True)
@backend_options
def benchmark(ruleset_names, games, seed, model, out, progress, backend) -> None:
    """Trained vs random, trained vs by-the-book, by-the-book vs random; mirror and cross-team matches.

    Writes benchmark.json, benchmark.md and benchmark.png (win rates with 95% intervals) to --out."""
    from ..evaluation.benchmark import run as run_benchmark
    from ..evaluation.benchmark import to_markdown

    names = [_ruleset(n).name for n in ruleset_names] or [e.name for e in rulesets.entries()]
    if model and len(names) != 1:
        raise click.BadParameter("--model needs exactly one ruleset", param_hint="--model")
    if model:
        rulesets.get(names[0]).coach(model, seed=seed)  # a file that is not a model of it: one line, no games
    _needs_matplotlib(click.get_current_context(), None, "benchmark.png")  # before the games, not after
    rows = run_benchmark(names, games, out, seed=seed, progress=progress, model=model, backend=backend)
    click.echo(to_markdown(rows))
    click.echo(f"wrote {out / 'benchmark.json'}, {out / 'benchmark.md'} and {out / 'benchmark.png'}")


@main.command()
@click.argument("ruleset")
@click.option("--coach", default="by-the-book", show_default=True, help="The base coach.")
@click.option("--games", "-n", type=count(), default=400, show_default=True, help="Mirror games per decision kind.")
@click.option("--seed", default=0, show_default=True)
@click.option("--json", "json_out", type=OutFile(), help="Write the rows as JSON.")
@click.option("--plot", "plot_out", type=plot_file(), callback=_needs_matplotlib,
              help="Save a bar chart of the margins (PNG; needs matplotlib: the plot extra).")
@click.option("--progress/--no-progress", default=True, show_default=True)
@backend_options
def leverage(ruleset, coach, games, seed, json_out, plot_out, progress, backend) -> None:
    """Which decisions matter: the cost of answering each decision kind at random.

    For every kind of decision the ruleset asks, a coach that answers that kind at random (and the
    rest like --coach) meets --coach in mirror matches with paired seeds."""
    from ..evaluation.leverage import leverage as measure_leverage
    from ..evaluation.leverage import to_markdown

    rs = _ruleset(ruleset)
    rs.coach(coach)  # fail early on an unknown coach
    rows = measure_leverage(rs.name, coach, games=games, seed=seed, progress=progress, backend=backend)
    click.echo(to_markdown(rows))
    if json_out:
        json_out.write_text(json.dumps(rows, indent=2))
    if plot_out:
        from ..evaluation.leverage import plot

        try:
            plot(rows, plot_out)
        except RuntimeError as exc:
            raise click.ClickException(str(exc)) from None
        click.echo(f"wrote {plot_out}")


