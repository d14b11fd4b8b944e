"""Strategy questions: strategy-help, strategy-check, compare, situation (docs/strategy.md)."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import click

from ..core.words import counted
from . import OutFile, count, main, parse_option_pairs, plot_file, ruleset_arg
from .series import backend_line, backend_options


def require_matplotlib(path: Path | None) -> None:
    """Fail before a long run when a plot is asked for and matplotlib is missing."""
    if path is None:
        return
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise click.ClickException("--plot needs matplotlib: pip install 'coachgym[plot]'") from None


def write_outputs(result, plot_fn, report_out: Path | None, plot_out: Path | None, json_out: Path | None) -> None:
    """The plot, the Markdown report (showing the plot by a path relative to the report) and the JSON
    of a comparison or a situation."""
    if plot_out:
        plot_fn(result, plot_out)
        click.echo(f"wrote {plot_out}")
    if report_out:
        result.command = "coachgym " + " ".join(shlex.quote(a) for a in sys.argv[1:])
        rel = None
        if plot_out:
            try:
                rel = str(Path(plot_out).resolve().relative_to(Path(report_out).resolve().parent))
            except ValueError:
                rel = str(Path(plot_out).resolve())
        report_out.write_text(result.markdown(rel), encoding="utf-8")
        click.echo(f"wrote {report_out}")
    if json_out:
        json_out.write_text(json.dumps(result.to_dict(), indent=1), encoding="utf-8")
        click.echo(f"wrote {json_out}")


def teams_and_options(fn):
    """--home, --away and --option (rule options), as every series command takes them."""
    fn = click.option("--option", "-o", "options", multiple=True, help="Rule option KEY=VALUE (repeatable).")(fn)
    fn = click.option("--away", default=None, help="Away team (bundled name, LEAGUE/TEAM or team file).")(fn)
    return click.option("--home", default=None, help="Home team (bundled name, LEAGUE/TEAM or team file).")(fn)


def output_options(plot_help: str):
    """--report, --plot, --json and --progress."""

    def decorate(fn):
        fn = click.option("--progress/--no-progress", default=True, show_default=True)(fn)
        fn = click.option("--json", "json_out", type=OutFile(),
                          help="Write the results as JSON.")(fn)
        fn = click.option("--plot", "plot_out", type=plot_file(), help=plot_help)(fn)
        return click.option("--report", "report_out", type=OutFile(),
                            help="Write a Markdown report.")(fn)

    return decorate


@main.command("strategy-help")
@click.argument("ruleset")
@click.option("--markdown", is_flag=True, help="Print the tables of docs/strategy.md instead.")
def strategy_help(ruleset: str, markdown: bool) -> None:
    """The situation variables and actions a strategy file may use in RULESET."""
    from ..strategy import examples, vocabulary

    rs = ruleset_arg(ruleset)
    vocab = vocabulary(rs.name)
    if markdown:
        click.echo(vocab.markdown())
        return
    click.echo(vocab.describe())
    shipped = [p.name for p in examples() if p.name.startswith(rs.name)]
    if shipped:
        click.echo(f"\nShipped examples (use as strategy:NAME): {', '.join(shipped)}")


@main.command("strategy-check")
@click.argument("files", nargs=-1, required=True)
@click.option("--option", "-o", "options", multiple=True,
              help="Rule option KEY=VALUE the files will play under (repeatable): a rule that cannot fire under "
                   "them is named in a warning.")
def strategy_check(files: tuple[str, ...], options: tuple[str, ...]) -> None:
    """Check strategy files (paths or shipped example names) and print their rules, with a warning for
    each rule that cannot fire under the rule options (the defaults, or those given with -o)."""
    from ..strategy import idle_rules, load

    given = parse_option_pairs(options)
    for f in files:
        s = load(f)
        click.echo(f"{f}: {s.ruleset}, base coach {s.base}, {len(s.rules)} rule{'s' if len(s.rules) != 1 else ''}")
        for r in s.rules:
            click.echo(f"  line {r.line}: {r.describe()}")
        for line in idle_rules(s, given):
            click.echo(f"warning: {f}, {line}" + ("" if options else " (rule options at their defaults; give -o)"),
                       err=True)


@main.command()
@click.argument("ruleset")
@click.argument("coach_a")
@click.argument("coach_b")
@click.option("--games", "-n", type=count(2), default=None,
              help="Play exactly this many games (no sequential test; at least one pair).")
@click.option("--max-games", type=count(2), default=20000, show_default=True,
              help="The sequential test's limit: inconclusive if no bound is crossed by then.")
@click.option("--elo0", type=float, default=None, help="H0's Elo difference of A over B [default: 0].")
@click.option("--elo1", type=float, default=None, help="H1's Elo difference [default: 20].")
@click.option("--win-rate0", "p0", type=float, default=None, help="H0 as A's win rate (instead of --elo0).")
@click.option("--win-rate1", "p1", type=float, default=None, help="H1 as A's win rate (instead of --elo1).")
@click.option("--model", type=click.Choice(["logistic", "normalized"]), default="logistic", show_default=True,
              help="Units of the bounds: logistic Elo (win-rate terms) or normalized Elo.")
@click.option("--alpha", type=float, default=0.05, show_default=True, help="Chance of accepting H1 when H0 holds.")
@click.option("--beta", type=float, default=0.05, show_default=True, help="Chance of accepting H0 when H1 holds.")
@click.option("--statistic", type=click.Choice(["auto", "pairs", "effect"]), default="auto", show_default=True,
              help="What the test reads: A's pair scores, or (A a strategy file, B its base coach) the paired effect "
                   "against the base coach on the same seeds; auto: the effect where it applies.")
@click.option("--batch", type=count(), default=16, show_default=True, help="Pairs of games per task and test update.")
@click.option("--seed", default=0, show_default=True)
@teams_and_options
@click.option("--counterfactual/--no-counterfactual", default=True, show_default=True,
              help="Replay the pairs where a strategy changed a choice with its base coach (the effect where it fired).")
@output_options("Save a PNG of the running test statistic and win-rate interval (needs matplotlib).")
@backend_options
def compare(ruleset, coach_a, coach_b, games, max_games, elo0, elo1, p0, p1, model, alpha, beta, statistic, batch, seed, home,
            away, options, counterfactual, report_out, plot_out, json_out, progress, backend) -> None:
    """Is COACH_A better than COACH_B? Paired games (shared seeds, benches swapped) until a sequential
    probability ratio test decides, or a fixed number with --games.

    Coaches are any coach specs: by-the-book variants, strategy:FILE.yaml, trained, model files."""
    from ..strategy.compare import plot, run_compare
    from ..strategy.sprt import SPRT, elo_of

    require_matplotlib(plot_out)
    rs = ruleset_arg(ruleset)
    for given, name in ((p0, "--win-rate0"), (p1, "--win-rate1")):
        if given is not None and not 0 < given < 1:
            raise click.BadParameter("a win rate is between 0 and 1", param_hint=name)
    if p0 is not None and elo0 is not None or p1 is not None and elo1 is not None:
        raise click.UsageError("give each bound once: --elo0 or --win-rate0, --elo1 or --win-rate1")
    if model == "normalized" and (p0 is not None or p1 is not None):
        raise click.UsageError("win-rate bounds are logistic Elo; use --elo0/--elo1 with --model normalized")
    e0 = elo_of(p0) if p0 is not None else (elo0 if elo0 is not None else 0.0)
    e1 = elo_of(p1) if p1 is not None else (elo1 if elo1 is not None else 20.0)
    test = None
    if games is None:
        try:
            test = SPRT(e0, e1, alpha, beta, model)
        except ValueError as exc:
            raise click.UsageError(str(exc)) from None
    elif any(v is not None for v in (elo0, elo1, p0, p1)):
        raise click.UsageError("--games plays a fixed number of games; bounds are for the sequential test (--max-games)")
    n = games if games is not None else max_games
    click.echo(backend_line(backend))
    comp = run_compare(rs.name, coach_a, coach_b, sprt=test, games=n, batch_pairs=batch, seed=seed,
                       teams=(home, away), options=parse_option_pairs(options), backend=backend, progress=progress,
                       counterfactual=counterfactual, statistic=statistic)
    click.echo(comp.summary())
    write_outputs(comp, plot, report_out, plot_out, json_out)


@main.command()
@click.argument("ruleset")
@click.option("--when", "when", required=True,
              help='The situation, in the strategy-file grammar, e.g. "margin == -4 and minutes_left <= 2".')
@click.option("--choices", required=True, help="Two or more actions to compare, comma-separated (e.g. press,man).")
@click.option("--coach", default="by-the-book", show_default=True, help="Our coach, before and after the choice.")
@click.option("--opponent", default="by-the-book", show_default=True, help="The other side's coach.")
@click.option("--states", type=count(), default=200, show_default=True, help="States to sample (one per game where S arises).")
@click.option("--max-games", type=count(), default=5000, show_default=True, help="Games to play at most while looking for them.")
@click.option("--rollouts", type=count(), default=4, show_default=True, help="Resampled futures per state (each for every choice).")
@click.option("--scope", default="situation", show_default=True,
              help="How long a choice holds: decision (this decision only), situation (whenever the situation holds), "
                   "period, half, minutes:N (boxes:N in Value Add) or game - the scopes of coachgym analyze "
                   "(docs/search.md, section 5).")
@click.option("--by", default=None, help="Split the states by a situation variable's value (e.g. margin).")
@click.option("--side", "sides", type=click.Choice(["both", "home", "away"]), default="both", show_default=True,
              help="The side studied (both: home in even games, away in odd ones).")
@click.option("--seed", default=0, show_default=True)
@teams_and_options
@output_options("Save a PNG: each choice's win rate with intervals, margin and time among the states.")
@backend_options
def situation(ruleset, when, choices, coach, opponent, states, max_games, rollouts, scope, by, sides, seed, home, away,
              options, report_out, plot_out, json_out, progress, backend) -> None:
    """In situation S, which choice wins more? Samples states where S arises in seeded games, then
    plays every choice from each on the same resampled futures."""
    from ..strategy.situation import plot, run_situation

    require_matplotlib(plot_out)
    rs = ruleset_arg(ruleset)
    click.echo(backend_line(backend))
    result = run_situation(rs.name, when, choices, coach=coach, opponent=opponent, states=states, max_games=max_games,
                           rollouts=rollouts, scope=scope, by=by, seed=seed, sides=sides,
                           options=parse_option_pairs(options), teams=(home, away), backend=backend, progress=progress)
    if not result.states:
        raise click.ClickException(f"the situation never arose with the choices open in "
                                   f"{counted(result.games_played, 'game')} "
                                   f"(raise --max-games, or check the condition with coachgym strategy-help {rs.name})")
    click.echo(result.summary())
    write_outputs(result, plot, report_out, plot_out, json_out)
