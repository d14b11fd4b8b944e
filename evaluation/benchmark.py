"""Coach-strength benchmark: win rates with 95% intervals and mean margins, per ruleset and pairing.

Mirror matches put the same team at both ends (so only coaching differs); cross-team matches pair
different bundled teams; real-teams matches are mirror matches of every team of the ruleset's bundled
real leagues (docs/league-seasons.md): real rosters the trained coaches never saw in training. Games come in pairs sharing a seed with the coaches swapping benches, so
dice luck and home court cancel out between the two coaches. Series run through the match runner
(``coachgym.core.runner``) on any backend: each chunk plays the same seeded games it would play in
one process, so the result does not depend on the backend or the number of workers.
"""

from __future__ import annotations

import json
from pathlib import Path

from .. import rulesets
from ..core.match import MatchResult
from ..core.runner import Backend, make_backend
from ..core.runner import play_series as run_series

DEFAULT_PAIRINGS = (("trained", "random"), ("trained", "by-the-book"), ("by-the-book", "random"))
KINDS = ("mirror", "cross-team", "real-teams")


def _team_pairs(name: str, kind: str) -> list[tuple[str, str]]:
    rs = rulesets.get(name)
    if kind == "real-teams":
        return [(t, t) for lg in rs.league_names() for t in rs.league_team_names(lg)]
    teams = rs.team_names()
    if kind == "mirror":
        return [(t, t) for t in teams]
    return [(h, a) for h in teams for a in teams if h != a]


def _spec(spec: str, model: str | None) -> str:
    return model if (spec == "trained" and model) else spec


def _league_rule_options(name: str) -> dict:
    """The rule options the ruleset's real leagues are played with (league.json ``rule_options``: a
    real FUBA league's clubs differ only by their A12 skills, docs/rules/fuba.md "Real leagues"), so a
    real-teams row plays the clubs as their leagues do; leagues that disagree are refused by name."""
    from ..core.errors import ConfigError
    from ..series.competition import league_options

    found = {lg: league_options(name, lg) for lg in rulesets.get(name).league_names()}
    distinct = {json.dumps(o, sort_keys=True) for o in found.values()}
    if len(distinct) > 1:
        raise ConfigError(f"{name}: its leagues are played with different rule options ({found}); a real-teams "
                          "series needs one set")
    return next(iter(found.values()), {})


def play_series(name: str, a_spec: str, b_spec: str, kind: str, games: int, *, seed: int = 0, model: str | None = None,
                options: dict | None = None, backend: Backend | None = None, progress: bool = True) -> MatchResult:
    """``games`` games of coach ``a_spec`` against ``b_spec`` (coach specs; ``trained`` means ``model``
    when one is given) with ``kind`` teams (mirror / cross-team / real-teams, the last with its
    leagues' own rule options under ``options``), on ``backend`` (default: this process)."""
    if kind == "real-teams":
        options = {**_league_rule_options(name), **(options or {})}
    result = run_series(name, _spec(a_spec, model), _spec(b_spec, model), games, seed=seed,
                        teams=_team_pairs(name, kind), options=options, backend=backend, progress=progress,
                        desc=f"{name} {a_spec} vs {b_spec} ({kind})")
    result.coach_a, result.coach_b = a_spec, b_spec
    return result


def benchmark_ruleset(name: str, games: int, seed: int = 0, pairings=DEFAULT_PAIRINGS, progress: bool = True,
                      model: str | None = None, kinds=KINDS, backend: Backend | None = None) -> list[dict]:
    rs = rulesets.get(name)
    rows = []
    for a_spec, b_spec in pairings:
        try:  # fail early and clearly, e.g. when no trained model is shipped for this ruleset
            rs.coach(_spec(a_spec, model), seed=seed + 1)
            rs.coach(_spec(b_spec, model), seed=seed + 2)
        except Exception as exc:
            rows.append({"ruleset": rs.name, "coach_a": a_spec, "coach_b": b_spec, "kind": "-", "error": str(exc)})
            continue
        for kind in kinds:
            if kind == "cross-team" and len(rs.team_names()) < 2:
                continue
            if kind == "real-teams" and not rs.league_names():
                continue
            r = play_series(rs.name, a_spec, b_spec, kind, games, seed=seed, model=model, backend=backend,
                            progress=progress)
            rows.append({"ruleset": rs.name, "coach_a": a_spec, "coach_b": b_spec, "kind": kind, **r.stats()})
    return rows


def to_markdown(rows: list[dict]) -> str:
    out = ["| ruleset | coach A | coach B | matches | games | A won-drawn-lost | A win rate (95% CI) | mean margin (95% CI) |",
           "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        if "error" in r:
            out.append(f"| {r['ruleset']} | {r['coach_a']} | {r['coach_b']} | - | - | - | not run: {r['error']} | - |")
            continue
        out.append(f"| {r['ruleset']} | {r['coach_a']} | {r['coach_b']} | {r['kind']} | {r['games']} | "
                   f"{r['a_wins']}-{r['draws']}-{r['b_wins']} | "
                   f"{r['win_rate']:.3f} ({r['ci95'][0]:.3f}-{r['ci95'][1]:.3f}) | "
                   f"{r['mean_margin']:+.2f} ({r['margin_ci95'][0]:+.2f} to {r['margin_ci95'][1]:+.2f}) |")
    return "\n".join(out)


def plot(rows: list[dict], path: str | Path) -> Path | None:
    """Win rates with their 95% intervals, one bar per pairing and match kind."""
    rows = [r for r in rows if "error" not in r]
    if not rows:
        return None
    from ..present.plots import _pyplot

    plt = _pyplot()
    labels = [f"{r['ruleset']}: {r['coach_a']} vs {r['coach_b']} ({r['kind']})" for r in rows]
    fig, ax = plt.subplots(figsize=(9, 0.38 * len(rows) + 1.2))
    ys = range(len(rows))
    rates = [r["win_rate"] for r in rows]
    err = [[r["win_rate"] - r["ci95"][0] for r in rows], [r["ci95"][1] - r["win_rate"] for r in rows]]
    ax.barh(list(ys), rates, xerr=err, color=["tab:blue" if r["coach_a"] == "trained" else "tab:gray" for r in rows],
            capsize=3)
    ax.axvline(0.5, color="black", lw=0.8, ls="--")
    ax.set_yticks(list(ys))
    ax.set_yticklabels(labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("coach A win rate (draws count half), 95% CI")
    fig.tight_layout()
    path = Path(path)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def run(rulesets_names: list[str], games: int, out_dir: str | Path, seed: int = 0, progress: bool = True,
        model: str | None = None, jobs: int | None = None, backend: Backend | None = None) -> list[dict]:
    """The whole benchmark on ``backend`` (default: local worker processes, ``jobs`` of them)."""
    rows: list[dict] = []
    own = backend is None
    backend = backend or make_backend("local", jobs=jobs)
    try:
        for name in rulesets_names:
            rows += benchmark_ruleset(name, games, seed=seed, progress=progress, model=model, backend=backend)
    finally:
        if own:
            backend.close()
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    (out / "benchmark.json").write_text(json.dumps(rows, indent=2))
    (out / "benchmark.md").write_text(to_markdown(rows) + "\n")
    try:
        plot(rows, out / "benchmark.png")
    except RuntimeError:  # matplotlib not installed
        pass
    return rows
