"""Training commands beyond ``coachgym train``: ``coachgym distill`` (fit a coach to what search finds)."""

from __future__ import annotations

from pathlib import Path

import click

from . import OutDir, count, fraction, main, ruleset_arg
from .series import backend_line, backend_options


@main.command()
@click.argument("ruleset")
@click.option("--model", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="The coach to improve (.npz or .zip with its .json; default: the shipped one).")
@click.option("--rounds", type=count(), default=3, show_default=True, help="Rounds of label, target, fit.")
@click.option("--games", type=count(), default=40, show_default=True, help="Games labelled per round.")
@click.option("--sample", type=fraction(), default=0.1, show_default=True, help="Share of the coach's own decisions labelled.")
@click.option("--kinds", default=None,
              help="Decision kinds to label, comma-separated (default: every kind the coach decides).")
@click.option("--budget", type=count(), default=64, show_default=True, help="Rollouts per option of a labelled decision.")
@click.option("--width", type=count(), default=4, show_default=True,
              help="Options raced at a wider decision: the coach's choice, its favourites and one other at random.")
@click.option("--horizon", type=count(), default=40, show_default=True,
              help="Decisions per rollout before the value estimate scores it (0: play to the end).")
@click.option("--rollout", default="self", show_default=True,
              help="Rollout coach of the learner's side: self (the coach being fitted) or a coach spec (book ...).")
@click.option("--teacher", default=None,
              help="Imitate this coach instead of racing options: it plays the coach's side and each sampled "
                   "decision is labelled with its action (a coach spec, e.g. search:budget=16,plans=all).")
@click.option("--switch", type=click.FloatRange(min=0.0), default=2.0, show_default=True,
              help="Standard errors by which an option must beat the coach's choice to become the target.")
@click.option("--epochs", type=count(), default=4, show_default=True)
@click.option("--learning-rate", type=fraction(), default=1e-4, show_default=True)
@click.option("--label-smoothing", type=fraction(min_open=False), default=0.1, show_default=True)
@click.option("--labels", "labels_from", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="Reuse the labels of an earlier run (its labels.npz).")
@click.option("--eval-games", type=count(0), default=0, show_default=True,
              help="Mirror games of each round's coach against by-the-book (0: none).")
@click.option("--eval-seed", default=21, show_default=True,
              help="Seed of those games (21: not the benchmark's games, seed 0).")
@click.option("--seed", default=0, show_default=True, help="Seed of the labelled games and the fit.")
@click.option("--out", type=OutDir(), default=None,
              help="Output folder (default: runs/<ruleset>-distill).")
@click.option("--progress/--no-progress", default=True, show_default=True)
@backend_options
def distill(ruleset, model, rounds, games, sample, kinds, budget, width, horizon, rollout, teacher, switch, epochs, learning_rate,
            label_smoothing, labels_from, eval_games, eval_seed, seed, out, progress, backend) -> None:
    """Fit a trained coach to what search finds where it plays (expert iteration).

    Each round the coach plays --games games against by-the-book; at a --sample of its decisions every
    option it has (up to --width) is raced by --budget rollouts each from resampled futures, and the
    policy is fitted to the option that beats its own choice by --switch standard errors (else its
    own choice). With --teacher the coach is fitted to that coach's actions instead, in the games the
    teacher plays on its side (a plan-playing search has no single decision that shows its plan). Writes
    labels.npz, round_<k>/model.{npz,json,zip} and distill.json to --out (docs/training.md)."""
    try:
        import sb3_contrib  # noqa: F401
    except ImportError:
        raise click.ClickException("distillation needs the train extra: pip install 'coachgym[train]'") from None
    from ..training.coach import shipped_model_path

    ruleset = ruleset_arg(ruleset)
    from ..training.distill import DistillSettings
    from ..training.distill import distill as run_distill

    settings = DistillSettings(games=games, sample=sample, kinds=tuple(k for k in kinds.split(",") if k) if kinds else None,
                               budget=budget, width=width, horizon=horizon or None, rollout=rollout, switch=switch, epochs=epochs,
                               learning_rate=learning_rate, label_smoothing=label_smoothing, seed=seed,
                               teacher=teacher or None)
    model = model or shipped_model_path(ruleset.name)
    out = out or Path("runs") / f"{ruleset.name}-distill"
    settings.check(ruleset.name)  # a bad --teacher is one error line before any work starts
    from ..training import metadata as md

    md.check(md.load(model), ruleset.name, str(model))  # a model of another ruleset, or no model: one line
    by = f"imitating {teacher}" if teacher else "by search labels"
    click.echo(f"distilling {model} {by}: {rounds} rounds of {games} games; {backend_line(backend)}")
    reports = run_distill(ruleset.name, model, out, rounds=rounds, settings=settings, eval_games=eval_games,
                          eval_seed=eval_seed, backend=backend, progress=progress, labels_from=labels_from)
    for r in reports:
        moved = (f"where the teacher's action was not the coach's; {r.outside} sampled decisions the teacher "
                 f"played outside what the coach decides" if teacher else "where search beat the coach's choice")
        line = (f"round {r.round}: {r.labels} labels ({r.switched} {moved}; "
                f"{r.labels_total} in all), {r.label_cpu_seconds:.0f} CPU s of {'play' if teacher else 'search'}, fit accuracy "
                f"{r.fit.get('accuracy', float('nan')):.3f} -> {r.model}")
        if r.evaluation:
            e = r.evaluation
            line += (f"; vs by-the-book {e['win_rate']:.3f} ({e['ci95'][0]:.3f}-{e['ci95'][1]:.3f}), "
                     f"{e['mean_margin']:+.2f} in {e['games']} mirror games (seed {e['seed']})")
        click.echo(line)
        for move, n in r.top_switches.items():
            click.echo(f"    {n:>4}  {move}")
    if reports and reports[-1].pooled:
        click.echo("pooled over every label (alternative minus the coach's choice, in percentage points of win "
                   "probability, with its 95% interval):")
        for p in reports[-1].pooled[:12]:
            click.echo(f"  {p['labels']:>5}  {100 * p['advantage']:+6.2f} ({100 * p['ci95'][0]:+.2f} to "
                       f"{100 * p['ci95'][1]:+.2f}) points  {p['kind']}: {p['choice']} -> {p['alternative']}")
    click.echo(f"wrote {out / 'labels.npz'} and {out / 'distill.json'}")
