"""Which coaching decisions matter? The leverage of each decision kind.

For each kind of decision a ruleset asks (``menu``, ``ballhandler``, ``pass_to`` ...), a coach that
answers that kind at random (and everything else like the base coach) meets the base coach in
mirror matches with paired seeds. The drop in win rate and score margin is what the base coach's
choices of that kind are worth: a kind whose random answers cost nothing is one where no coach,
trained or scripted, can gain much over another. It tells a strategy tester where to look, and a
trainer where a learned coach can and cannot beat the scripted one.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from .. import rulesets
from ..core.match import play_game
from ..core.runner import Backend, make_backend, merge, series_chunks


class RandomInKind:
    """The base coach, except that decisions of one kind are answered uniformly at random.
    ``kind_of(game, decision)`` names a decision's kind (default: ``decision.kind``; the coach's
    seat measures its finer auto-play kinds with it)."""

    def __init__(self, base, kind: str, seed: int, kind_of=None):
        self.base = base
        self.kind = kind
        self.kind_of = kind_of
        self.rng = random.Random(seed)
        self.name = f"{getattr(base, 'name', 'coach')} (random {kind})"

    def reset(self, game, side, seed=None):
        self.base.reset(game, side, seed)

    def choose(self, game, decision):
        action = self.base.choose(game, decision)  # keeps a stateful base coach's bookkeeping current
        kind = decision.kind if self.kind_of is None else self.kind_of(game, decision)
        return self.rng.choice(decision.legal) if kind == self.kind else action


def decision_counts(name: str, coach: str = "by-the-book", games: int = 10, seed: int = 0) -> Counter:
    """Decisions per game and side, by kind, when ``coach`` meets itself."""
    rs = rulesets.get(name)
    counts: Counter = Counter()

    class Counting:
        def __init__(self, inner):
            self.inner = inner

        def reset(self, game, side, seed=None):
            self.inner.reset(game, side, seed)

        def choose(self, game, decision):
            counts[decision.kind] += 1
            return self.inner.choose(game, decision)

    for g in range(games):
        game = rs.new_game(seed=seed * 7919 + g, record_events=False)
        play_game(game, Counting(rs.coach(coach, seed=2 * g)), Counting(rs.coach(coach, seed=2 * g + 1)))
    return Counter({k: v / (2 * games) for k, v in counts.items()})


@dataclass(frozen=True)
class RandomInKindSpec:
    """Coach spec for the runner: ``coach`` answering decisions of ``kind`` at random (seed + 2)."""

    coach: str
    kind: str

    @property
    def label(self) -> str:
        return f"{self.coach} (random {self.kind})"

    def __call__(self, rs, seed):
        return RandomInKind(rs.coach(self.coach, seed=seed), self.kind, seed + 2)


def leverage(name: str, coach: str = "by-the-book", games: int = 400, seed: int = 0, jobs: int | None = None,
             progress: bool = True, backend: Backend | None = None) -> list[dict]:
    """One row per decision kind: decisions per game and side, and the mirror-match result of
    'random in this kind' against ``coach`` (win rate with its 95% interval, mean margin), played on
    ``backend`` (default: local worker processes, ``jobs`` of them)."""
    counts = decision_counts(name, coach)
    games += games % 2
    teams = [(t, t) for t in rulesets.get(name).team_names()]
    kinds = list(counts)
    own = backend is None
    backend = backend or make_backend("local", jobs=jobs)
    try:
        # fixed chunks of 100 games: RandomInKind's generator runs on across a chunk's games, so the
        # chunking (not the backend or the worker count) is part of what the seed means
        per_kind = [series_chunks(name, RandomInKindSpec(coach, kind), coach, games, seed=seed, teams=teams,
                                  chunk=min(100, games)) for kind in kinds]
        results = backend.map([t for tasks in per_kind for t in tasks], progress=progress,
                              desc=f"{name}: leverage of each decision kind")
    finally:
        if own:
            backend.close()
    merged, at = {}, 0
    for kind, tasks in zip(kinds, per_kind):
        merged[kind] = merge(results[at:at + len(tasks)])
        at += len(tasks)
    rows = []
    for kind, per_game in counts.most_common():
        rows.append({"ruleset": name, "coach": coach, "kind": kind, "decisions_per_game": per_game,
                     **merged[kind].stats()})
    return rows


def to_markdown(rows: list[dict]) -> str:
    out = ["| decision kind | per game and side | random in this kind: win rate (95% CI) | mean margin (95% CI) |",
           "| --- | --- | --- | --- |"]
    for r in rows:
        out.append(f"| `{r['kind']}` | {r['decisions_per_game']:.1f} | {r['win_rate']:.3f} "
                   f"({r['ci95'][0]:.3f}-{r['ci95'][1]:.3f}) | {r['mean_margin']:+.2f} "
                   f"({r['margin_ci95'][0]:+.2f} to {r['margin_ci95'][1]:+.2f}) |")
    return "\n".join(out)


def plot(rows: list[dict], path) -> None:
    """Mean margin of 'random in this kind' against the base coach, one bar per decision kind."""
    from pathlib import Path

    from ..present.plots import _pyplot

    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(8, 0.4 * len(rows) + 1.4))
    ys = list(range(len(rows)))
    m = [r["mean_margin"] for r in rows]
    err = [[r["mean_margin"] - r["margin_ci95"][0] for r in rows], [r["margin_ci95"][1] - r["mean_margin"] for r in rows]]
    ax.barh(ys, m, xerr=err, color=["tab:red" if r["margin_ci95"][1] < 0 else "tab:gray" for r in rows], capsize=3)
    ax.axvline(0, color="black", lw=0.8)
    ax.set_yticks(ys)
    ax.set_yticklabels([f"{r['kind']} ({r['decisions_per_game']:.1f}/game)" for r in rows], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel(f"mean margin of 'random in this kind' vs {rows[0]['coach']} (95% CI)" if rows else "")
    ax.set_title(f"{rows[0]['ruleset']}: what each kind of decision is worth" if rows else "")
    fig.tight_layout()
    fig.savefig(Path(path), dpi=110)
    plt.close(fig)
