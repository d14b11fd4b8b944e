"""How large an exact expectimax would be in each academy scenario (issue 33, "Reference scores": "where
a scenario is small enough, its exact value by expectimax over the chance source").

Plays episodes of a scenario by the book on both sides from its start positions (the protocol's
evaluation seeds) with the game's chance source wrapped in a counter, and reports per episode: the
coach's decisions and the options at each (the max nodes of the tree), the chance events and their
outcomes (a die of n sides: n; a card drawn from a pile of n: n, since the undrawn order is hidden; a
shuffle adds nothing of its own: in every ruleset it only orders a pile that is then drawn, so its
order is counted once, card by card, as it is drawn), and log10 of the tree's leaves along the episode's path (the product of every
branching: the tree an expectimax without merging of equal states would walk). Nothing is searched;
this measures the size of the search.

    python tools/academy_chance_tree.py --scenarios statispro-down3-ball-last-minute,valueadd-last9-down6 --episodes 20
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from coachgym import rulesets  # noqa: E402
from coachgym.core.chance import ChanceSource  # noqa: E402
from coachgym.envs import academy as A  # noqa: E402


class CountingSource(ChanceSource):
    """A chance source that hands every call to ``inner`` and counts the outcomes it could have had."""

    kind = "counting"

    def __init__(self, inner: ChanceSource):
        self.inner = inner
        self.events = 0
        self.log10_outcomes = 0.0
        self.kinds: dict[str, int] = {}
        self.shuffles = 0

    def _count(self, what: str, n: int, log10: float) -> None:
        if n > 1:
            self.events += 1
            self.log10_outcomes += log10
            key = what.split(":")[0].strip() or "unnamed"
            self.kinds[key] = self.kinds.get(key, 0) + 1

    def roll(self, sides: int, what: str = "") -> int:
        self._count(what or "roll", sides, math.log10(sides) if sides > 1 else 0.0)
        return self.inner.roll(sides, what)

    def shuffle(self, items: list[Any], what: str = "") -> None:
        self.shuffles += 1  # not a branching of its own: the pile's order shows as it is drawn (above)
        self.inner.shuffle(items, what)

    def draw(self, pile: list[Any], what: str = "") -> Any:
        n = len(pile)
        self._count(what or "draw", n, math.log10(n) if n > 1 else 0.0)
        return self.inner.draw(pile, what)

    def to_dict(self) -> dict[str, Any]:
        return self.inner.to_dict()

    def clone(self) -> ChanceSource:
        return self.inner.clone()


def episode_tree(scenario_id: str, i: int) -> dict:
    """One episode from evaluation seed ``EVAL_SEED_BASE + i``, the book on both sides."""
    sc = A.scenario(scenario_id)
    pool = A.pool(scenario_id)
    pos = pool[i % len(pool)]
    seed = A.EVAL_SEED_BASE + i
    game = pos.game.resampled(seed, viewer=pos.side, record_events=False)
    counter = CountingSource(game.source)
    game.source = counter
    clock = A.EndClock(sc, game)
    rs = rulesets.get(sc.ruleset)
    coaches = {}
    for side in (0, 1):
        coaches[side] = rs.coach("by-the-book", seed=seed + side)
        coaches[side].reset(game, side, seed + side)
    decisions, log10_choices, choice_nodes = 0, 0.0, 0
    while game.decision is not None and not clock.over(game):
        d = game.decision
        if d.side == pos.side:
            n = len(game.legal_actions())
            decisions += 1
            if n > 1:
                choice_nodes += 1
                log10_choices += math.log10(n)
        game.step(coaches[d.side].choose(game, d))
    return {"decisions": decisions, "decisions_with_a_choice": choice_nodes, "log10_choices": log10_choices,
            "chance_events": counter.events, "log10_chance_outcomes": counter.log10_outcomes,
            "log10_leaves": log10_choices + counter.log10_outcomes, "chance_kinds": counter.kinds}


def summarize(rows: list[dict]) -> dict:
    """Median and range of each count over the episodes."""
    out: dict[str, Any] = {"episodes": len(rows)}
    for key in ("decisions", "decisions_with_a_choice", "chance_events", "log10_chance_outcomes", "log10_leaves"):
        vals = [r[key] for r in rows]
        out[key] = {"median": statistics.median(vals), "min": min(vals), "max": max(vals)}
    return out


def _cell(summary: dict, key: str) -> str:
    v = summary[key]
    return f"{v['median']:.0f} ({v['min']:.0f}-{v['max']:.0f})"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scenarios", default=None, help="comma-separated scenario ids (default: all)")
    ap.add_argument("--episodes", type=int, default=20)
    ap.add_argument("--json", default=None, help="write the summary here")
    args = ap.parse_args(argv)
    ids = [s.strip() for s in args.scenarios.split(",")] if args.scenarios else [s.id for s in A.scenarios()]
    result = {"command": "python tools/academy_chance_tree.py " + " ".join(argv if argv is not None else sys.argv[1:]),
              "scenarios": {}}
    print("| scenario | decisions (with a choice) | chance events | log10 chance outcomes | log10 leaves |")
    print("| --- | --- | --- | --- | --- |")
    for sid in ids:
        rows = [episode_tree(sid, i) for i in range(args.episodes)]
        s = summarize(rows)
        result["scenarios"][sid] = s

        print(f"| `{sid}` | {_cell(s, 'decisions')} ({_cell(s, 'decisions_with_a_choice')}) | "
              f"{_cell(s, 'chance_events')} | {_cell(s, 'log10_chance_outcomes')} | {_cell(s, 'log10_leaves')} |",
              flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
