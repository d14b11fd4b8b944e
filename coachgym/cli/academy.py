"""``coachgym academy``: the academy's scenarios (docs/academy.md): list, build, references, evaluate."""

from __future__ import annotations

import json
import shlex
import sys

import click

from . import OutFile, count, main


def _bar_factory(quiet: bool = False):
    from tqdm import tqdm

    def factory(desc: str, total: int):
        bar = tqdm(total=total, desc=desc, disable=quiet, mininterval=2, file=sys.stderr)

        def tick(*_):
            bar.update(1)
            if bar.n >= bar.total:
                bar.close()

        return tick

    return factory


@main.group()
def academy() -> None:
    """Short coaching scenarios with start positions from real games, reference scores and an
    evaluation protocol (docs/academy.md)."""


@academy.command("list")
@click.option("--ruleset", default=None, help="Only this ruleset's scenarios.")
@click.option("--json", "as_json", is_flag=True, help="Print the scenarios and their references as JSON.")
def list_scenarios(ruleset: str | None, as_json: bool) -> None:
    """The scenarios: env id, start, end, score, positions and reference scores."""
    from ..academy.evaluate import references
    from ..envs import academy as A

    if ruleset is not None and ruleset not in A.RULESETS:
        raise click.BadParameter(f"{ruleset!r}: rulesets with scenarios: {', '.join(A.RULESETS)}", param_hint="--ruleset")
    refs = references()
    rows = []
    for sc in A.scenarios(ruleset):
        rows.append({**sc.to_dict(), "positions": len(A.pool(sc.id)), "references": refs.get(sc.id, {})})
    if as_json:
        click.echo(json.dumps(rows, indent=1))
        return

    def ref(r: dict, name: str) -> str:
        v = r.get(name)
        return f"{v['mean']:.3f}" if v else "-"

    click.echo(f"{len(rows)} scenarios (gymnasium.make(ENV_ID, scenario=ID)); score: win rate (draws half) where "
               "the end is the game, else the margin change")
    click.echo(f"{'scenario':<36} {'lvl':>3} {'end':<9} {'pos':>4} {'random':>7} {'book':>7} {'rule':>7} {'search':>7}")
    for r in rows:
        rf = r["references"]
        click.echo(f"{r['id']:<36} {r['level']:>3} {r['end']:<9} {r['positions']:>4} {ref(rf, 'random'):>7} "
                   f"{ref(rf, 'by-the-book'):>7} {ref(rf, 'best-rule'):>7} {ref(rf, 'search:budget=256'):>7}")
        click.echo(f"{'':<4}{r['title']}: {r['start']}")


@academy.command()
@click.argument("rulesets", nargs=-1)
@click.option("--scenarios", "only", default=None, help="Comma-separated scenario ids to rebuild (default: all).")
@click.option("--quiet", is_flag=True, help="No progress bars.")
def build(rulesets: tuple[str, ...], only: str | None, quiet: bool) -> None:
    """Build the start positions (envs/data/academy-positions-SCENARIO.json.xz) deterministically:
    book-vs-book games between the league's (or bundled) teams, each snapshotted at the first decision
    of the studied side where a scenario's start holds."""
    from ..academy import build as B
    from ..envs import academy as A

    for r in rulesets or A.RULESETS:
        if r not in A.RULESETS:
            raise click.BadParameter(f"{r!r}: rulesets with scenarios: {', '.join(A.RULESETS)}", param_hint="RULESETS")
    ids = [s.strip() for s in only.split(",")] if only else None
    for sid in ids or ():
        A.scenario(sid)
    for r in rulesets or A.RULESETS:
        bars = _bar_factory(quiet)

        def pf(sid, count, bars=bars):
            tick = bars(sid, count)
            seen = [0]

            def up(n, k):
                while seen[0] < n:
                    seen[0] += 1
                    tick()
            return up

        s = B.build(r, only=ids, progress_factory=pf)
        for sid, v in s["scenarios"].items():
            click.echo(f"{sid:<36} {v['positions']} positions from {v['games']} games ({v['frequency']:.1%}), "
                       f"{v['cpu_seconds']} CPU s: envs/data/{v['file']}, {v['bytes']} bytes")


@academy.command()
@click.option("--scenarios", "only", default=None, help="Comma-separated scenario ids (default: all).")
@click.option("--episodes", type=count(2), default=400, show_default=True,
              help="Episodes per reference (random, by-the-book, strategy files).")
@click.option("--search", "search_ids", default="", help="Comma-separated scenario ids that also get the held search "
              "reference (search:budget=256).")
@click.option("--search-episodes", type=count(2), default=50, show_default=True)
@click.option("--redo", is_flag=True, help="Recompute references already in the file.")
def references(only: str | None, episodes: int, search_ids: str, search_episodes: int, redo: bool) -> None:
    """Compute the reference scores on the evaluation seeds into envs/data/academy-references.json
    (resumable: what is there is kept unless --redo)."""
    from ..academy import references as R
    from ..envs import academy as A

    ids = [s.strip() for s in only.split(",")] if only else None
    search = [s.strip() for s in search_ids.split(",") if s.strip()]
    for sid in [*(ids or ()), *search]:
        A.scenario(sid)
    R.compute(ids, episodes=episodes, search_episodes=search_episodes, search_scenarios=search, redo=redo,
              command="coachgym " + shlex.join(sys.argv[1:]), progress_factory=_bar_factory(),
              log=lambda s: click.echo(s))


@academy.command()
@click.argument("coach")
@click.option("--scenarios", "only", default=None, help="Comma-separated scenario ids (default: all of the ruleset).")
@click.option("--ruleset", default=None, help="The ruleset whose scenarios a coach name plays (a model file knows its own).")
@click.option("--episodes", type=count(2), default=200, show_default=True,
              help="Episodes per scenario, on the evaluation seeds 1000000000 + i.")
@click.option("--opponent", default="by-the-book", show_default=True,
              help="The opponent tier: random, by-the-book or trained (a model file too); normalized scores only "
                   "against by-the-book.")
@click.option("--json", "json_out", type=OutFile(), default=None, help="Write the result as JSON here.")
@click.option("--quiet", is_flag=True, help="No progress bars.")
def evaluate(coach: str, only: str | None, ruleset: str | None, episodes: int, opponent: str, json_out, quiet: bool) -> None:
    """Evaluate COACH (a coach name, strategy:FILE, search:..., or a model file) on academy scenarios:
    fixed episodes on the evaluation seeds, score with its 95% interval, normalized score."""
    from ..academy import evaluate as E
    from ..envs import academy as A

    ids = [s.strip() for s in only.split(",")] if only else None
    if ruleset is not None and ruleset not in A.RULESETS:
        raise click.BadParameter(f"{ruleset!r}: rulesets with scenarios: {', '.join(A.RULESETS)}", param_hint="--ruleset")
    if ids is None and ruleset is None and not coach.endswith((".zip", ".npz")):
        raise click.BadParameter("name the scenarios (--scenarios) or the ruleset (--ruleset)", param_hint="COACH")
    res = E.evaluate(coach, ids, episodes=episodes, opponent=opponent, ruleset=ruleset,
                     progress_factory=_bar_factory(quiet))
    res["command"] = "coachgym " + shlex.join(sys.argv[1:])
    for r in res["scenarios"]:
        n = r.get("normalized")
        ntxt = f"normalized {n:.2f} ({r['normalized_low']:.2f}-{r['normalized_high']:.2f})" if n is not None and \
            "normalized_low" in r else "normalized -"
        click.echo(f"{r['scenario']:<36} {r['score']:<15} {r['mean']:.3f} ({r['low']:.3f}-{r['high']:.3f}) {ntxt}")
    if res["mean_normalized"] is not None:
        click.echo(f"mean normalized score: {res['mean_normalized']:.3f} over {len(res['scenarios'])} scenarios")
    if json_out:
        json_out.write_text(json.dumps(res, indent=1) + "\n", encoding="utf-8")
        click.echo(f"wrote {json_out}")
