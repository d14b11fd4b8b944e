"""``coachgym compare A B``: paired games until a sequential test knows (or a fixed number).

Games come in pairs sharing a seed, the coaches swapping benches; pairs are played in chunks
(:class:`ComparePairs`, a task of the project's one match runner, :mod:`coachgym.core.runner`, on
any backend) and fed to the test in pair order, so the result - including where the test stopped -
is the same on every backend and number of workers.

For a coach that is a strategy file, each game's :class:`~coachgym.strategy.coach.GameLog` tells
how often its rules fired and changed the base coach's choice. In a pair where no rule changed a
choice, the games are exactly those its base coach would have played (same seeds, same choices).
With ``counterfactual`` on, every pair where a rule did change something is replayed with the base
coaches in the strategies' places: the difference between the two is the strategy's effect in the
games where it fired, measured on the same dice.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, Sequence

from ..core.engine import HOME
from ..core.errors import ConfigError
from ..core.match import run_match
from ..core.words import counted
from .file import load
from .sprt import SPRT, Figures, figures, mean_interval


# ---------------------------------------------------------------------- one chunk of pairs (a task)
@dataclass
class PairRecord:
    """One pair of games (A at home in the first, away in the second)."""

    index: int  # the pair's index in the series
    seed: int  # the games' seed
    teams: tuple[str, str]  # home, away team names
    margins: tuple[int, int]  # A's margin in each game
    logs_a: tuple[dict, dict] | None = None  # GameLog.to_dict() of A's strategy coach per game
    logs_b: tuple[dict, dict] | None = None
    base_margins: tuple[int, int] | None = None  # the pair replayed with the base coaches (see module doc)

    @staticmethod
    def _score(m: int) -> float:
        return 1.0 if m > 0 else 0.5 if m == 0 else 0.0

    @property
    def score(self) -> float:
        return self._score(self.margins[0]) + self._score(self.margins[1])

    @property
    def margin(self) -> int:
        return self.margins[0] + self.margins[1]

    @property
    def effect(self) -> float:
        """A's score per game as played minus with the base coaches (0 where no rule changed a choice)."""
        return 0.0 if self.base_margins is None else (self.score - self.base_score) / 2

    @property
    def base_score(self) -> float | None:
        if self.base_margins is None:
            return None
        return self._score(self.base_margins[0]) + self._score(self.base_margins[1])

    def changed(self, who: str = "any") -> bool:
        """Whether a strategy rule of coach ``who`` ('a', 'b' or 'any') changed a choice in the pair."""
        groups = {"a": (self.logs_a,), "b": (self.logs_b,), "any": (self.logs_a, self.logs_b)}[who]
        return any(any(g["changed"]) or g["guarded"] for logs in groups if logs for g in logs)


@dataclass(frozen=True)
class ComparePairs:
    """Games ``first .. first+count-1`` (whole pairs) of the comparison series: a runner task."""

    ruleset: str
    coach_a: str
    coach_b: str
    teams: tuple[Any, Any] = (None, None)
    seed: int = 0
    first: int = 0
    count: int = 2
    options: dict | None = None
    counterfactual: bool = True

    @property
    def games(self) -> int:
        return self.count

    def run(self) -> list[PairRecord]:
        from .. import rulesets
        from .coach import StrategyCoach, base_spec

        rs = rulesets.get(self.ruleset)
        teams = tuple(rs.load_team(t if t is not None else rs.default_teams[i]) for i, t in enumerate(self.teams))
        options = rs.parse_options(self.options or {})

        def new_game(h, w, seed, record_events=False):
            return rs.new_game(h, w, seed=seed, options=options, record_events=record_events)

        a, b = rs.coach(self.coach_a, seed=self.seed + 1), rs.coach(self.coach_b, seed=self.seed + 2)
        result = run_match(new_game, a, b, games=self.count, seed=self.seed, teams=[teams], swap_sides=True,
                           keep_box=False, first_game=self.first)
        logs_a = [lg.to_dict() for lg in a.logs] if isinstance(a, StrategyCoach) else None
        logs_b = [lg.to_dict() for lg in b.logs] if isinstance(b, StrategyCoach) else None
        pairs: list[PairRecord] = []
        games = result.games
        for k in range(0, len(games), 2):
            g1, g2 = games[k], games[k + 1]
            assert g1.a_side == HOME and g1.seed == g2.seed
            pairs.append(PairRecord((self.first + k) // 2, g1.seed, (g1.home_team, g1.away_team),
                                    (g1.a_margin, g2.a_margin),
                                    (logs_a[k], logs_a[k + 1]) if logs_a else None,
                                    (logs_b[k], logs_b[k + 1]) if logs_b else None))
        if self.counterfactual and (logs_a or logs_b):
            ca = rs.coach(base_spec(self.coach_a, rs.name), seed=self.seed + 1) if logs_a else None
            cb = rs.coach(base_spec(self.coach_b, rs.name), seed=self.seed + 2) if logs_b else None
            for p in pairs:
                if p.changed():
                    again = run_match(new_game, ca or a, cb or b, games=2, seed=self.seed, teams=[teams],
                                      swap_sides=True, keep_box=False, first_game=2 * p.index)
                    p.base_margins = (again.games[0].a_margin, again.games[1].a_margin)
        return pairs


# ---------------------------------------------------------------------- the comparison
@dataclass
class RuleUsage:
    """How one strategy rule was used over the series (per game of the coach that has it)."""

    name: str
    text: str
    games_fired: int
    games_changed: int
    fired: int
    changed: int
    not_legal: int

    def to_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class Comparison:
    ruleset: str
    coach_a: str
    coach_b: str
    seed: int
    options: dict
    teams: tuple[str, str]
    sprt: SPRT | None
    max_games: int
    pairs: list[PairRecord] = field(default_factory=list)
    trace: list[dict] = field(default_factory=list)  # after each update: games, llr, score and its interval
    status: str = "running"  # H1, H0, inconclusive (SPRT reached max_games), fixed (fixed number of games)
    seconds: float = 0.0
    backend: str = ""
    command: str = ""  # the command line that produced it (for the report)
    rules: dict = field(default_factory=dict)  # 'a' / 'b': (name, "when ... do ...") of a strategy coach's rules

    # --------------------------------------------------------------- figures
    @property
    def games(self) -> int:
        return 2 * len(self.pairs)

    def figures(self) -> Figures:
        w = sum((m > 0) for p in self.pairs for m in p.margins)
        d = sum((m == 0) for p in self.pairs for m in p.margins)
        return figures([p.score for p in self.pairs], [p.margin for p in self.pairs], w, d, self.games - w - d)

    def usage(self, who: str) -> list[RuleUsage] | None:
        """Per rule of coach ``who``'s strategy file ('a' or 'b'): games in which it fired / changed
        a choice, and the totals; None if that coach is no strategy."""
        logs = [g for p in self.pairs for g in (p.logs_a if who == "a" else p.logs_b) or ()]
        if not logs or who not in self.rules:
            return None
        return [RuleUsage(name, text, sum(g["fired"][i] > 0 for g in logs), sum(g["changed"][i] > 0 for g in logs),
                          sum(g["fired"][i] for g in logs), sum(g["changed"][i] for g in logs),
                          sum(g["not_legal"][i] for g in logs))
                for i, (name, text) in enumerate(self.rules[who])]

    def guarded(self, who: str) -> int:
        return sum(g["guarded"] for p in self.pairs for g in (p.logs_a if who == "a" else p.logs_b) or ())

    def effect_where_fired(self) -> dict | None:
        """The strategy layer's effect, measured on the same dice. In the pairs where a strategy
        changed a choice: A's score per game as played and with the base coaches in the strategies'
        places (replayed), and the paired difference with its 95% interval. Over all pairs (every
        other pair is exactly the base coaches' games, a difference of 0): the effect of the strategy
        rules on A's win rate and margin, with 95% intervals - far narrower than the win rate's own
        interval when the rules change few games. None without a strategy coach or without replays."""
        if not self.pairs or not any(p.logs_a or p.logs_b for p in self.pairs):
            return None
        changed_pairs = sum(p.changed() for p in self.pairs)
        out = {"pairs": len(self.pairs), "pairs_changed": changed_pairs}
        fired = [p for p in self.pairs if p.base_margins is not None]
        if changed_pairs == 0 or len(fired) < changed_pairs:
            return {**out, "replayed": len(fired)}
        act = [p.score / 2 for p in fired]
        base = [p.base_score / 2 for p in fired]
        diff = [p.effect for p in fired]
        mdiff = [(p.margin - sum(p.base_margins)) / 2 for p in fired]
        d, dci = mean_interval(diff)
        md, mdci = mean_interval(mdiff)
        zeros = [0.0] * (len(self.pairs) - len(fired))
        overall, overall_ci = mean_interval(diff + zeros)
        moverall, moverall_ci = mean_interval(mdiff + zeros)
        return {**out, "replayed": len(fired), "score": sum(act) / len(fired), "base_score": sum(base) / len(fired),
                "difference": d, "difference_ci": dci, "margin_difference": md, "margin_difference_ci": mdci,
                "pairs_changed_outcome": sum(abs(x - y) > 1e-9 for x, y in zip(act, base)),
                "overall": overall, "overall_ci": overall_ci, "overall_margin": moverall,
                "overall_margin_ci": moverall_ci}

    def verdict(self) -> str:
        a, b = self.coach_a, self.coach_b
        if self.status == "H1":
            return f"{a} is better than {b}: the test accepted H1 ({self.sprt.elo1:+g} Elo) after {self.games} games."
        if self.status == "H0":
            return (f"{a} is not better than {b} by {self.sprt.elo1:+g} Elo: the test accepted H0 "
                    f"({self.sprt.elo0:+g} Elo) after {self.games} games.")
        if self.status == "inconclusive":
            return f"No decision within {self.games} games (the test's limit); see the intervals."
        return f"{self.games} games (a fixed number, no sequential test)."

    # --------------------------------------------------------------- output
    def to_dict(self) -> dict:
        f = self.figures()
        return {"ruleset": self.ruleset, "coach_a": self.coach_a, "coach_b": self.coach_b, "seed": self.seed,
                "options": self.options, "teams": list(self.teams), "status": self.status, "games": self.games,
                "sprt": None if self.sprt is None else {"elo0": self.sprt.elo0, "elo1": self.sprt.elo1,
                                                        "alpha": self.sprt.alpha, "beta": self.sprt.beta,
                                                        "model": self.sprt.model, "llr": self.trace[-1]["llr"] if self.trace else 0.0,
                                                        "bounds": [self.sprt.lower_bound, self.sprt.upper_bound]},
                "max_games": self.max_games, "seconds": self.seconds, "backend": self.backend,
                "figures": f.to_dict(), "verdict": self.verdict(),
                "usage_a": [u.to_dict() for u in self.usage("a") or []] or None,
                "usage_b": [u.to_dict() for u in self.usage("b") or []] or None,
                "effect_where_fired": self.effect_where_fired(), "trace": self.trace}

    def summary(self) -> str:
        """The terminal summary (also the top of the Markdown report)."""
        f = self.figures()
        lines = [self.verdict()]
        if self.sprt is not None:
            llr = self.trace[-1]["llr"] if self.trace else 0.0
            lines.append(f"{self.sprt.describe()}; LLR {llr:+.2f}")
        lines.append(f"{self.coach_a} won {f.wins}, drew {f.draws}, lost {f.losses} of {counted(f.games, 'game')} "
                     f"({counted(f.pairs, 'pair')}, pentanomial {f.pentanomial})")
        lines.append(f"win rate (draws half) {f.score:.3f} (95% CI {f.score_ci[0]:.3f}-{f.score_ci[1]:.3f}); "
                     f"Elo {f.elo:+.1f} ({f.elo_ci[0]:+.1f} to {f.elo_ci[1]:+.1f}); normalized Elo {f.nelo:+.1f} "
                     f"({f.nelo_ci[0]:+.1f} to {f.nelo_ci[1]:+.1f}); LOS {f.los:.3f}")
        lines.append(f"mean margin {f.margin:+.2f} ({f.margin_ci[0]:+.2f} to {f.margin_ci[1]:+.2f}) per game")
        for who, coach in (("a", self.coach_a), ("b", self.coach_b)):
            usage = self.usage(who)
            if usage is None:
                continue
            per = 2 * len(self.pairs)
            lines.append(f"{coach}: rules (per {per} games of it):")
            for u in usage:
                lines.append(f"  {u.name}: fired in {counted(u.games_fired, 'game')} ({u.fired / per:.1f} times a game), "
                             f"changed the base coach's choice in {counted(u.games_changed, 'game')} ({u.changed / per:.1f} "
                             f"times a game); not legal at its moment {u.not_legal / per:.1f} times a game")
            if self.guarded(who):
                lines.append(f"  kept a rested player on the bench {self.guarded(who)} times")
        eff = self.effect_where_fired()
        if eff and eff.get("pairs_changed") and "overall" in eff:
            lines.append(f"a strategy changed a choice in {eff['pairs_changed']} of {eff['pairs']} pairs; in them "
                         f"{self.coach_a} scored {eff['score']:.3f} per game, against {eff['base_score']:.3f} with the "
                         f"base coaches on the same seeds: {eff['difference']:+.3f} ({format_interval(eff['difference_ci'])}), "
                         f"margin {eff['margin_difference']:+.2f} ({format_interval(eff['margin_difference_ci'], 2)}); the result "
                         f"of {eff['pairs_changed_outcome']} pairs changed")
            lines.append(f"the strategy rules' effect over all games: win rate {eff['overall']:+.3f} "
                         f"({format_interval(eff['overall_ci'])}), margin {eff['overall_margin']:+.2f} "
                         f"({format_interval(eff['overall_margin_ci'], 2)}) per game")
        elif eff and eff.get("pairs_changed"):
            lines.append(f"a strategy changed a choice in {eff['pairs_changed']} of {eff['pairs']} pairs (not replayed)")
        elif eff is not None:
            lines.append("no strategy rule changed a choice: every game is the base coaches' game")
        lines.append(f"{self.seconds:.1f} s ({self.games / max(self.seconds, 1e-9):.1f} games/s, {self.backend})")
        return "\n".join(lines)

    def markdown(self, plot_file: str | None = None) -> str:
        f = self.figures()
        out = [f"# {self.coach_a} vs {self.coach_b} ({self.ruleset})", "",
               f"**{self.verdict()}**", ""]
        out += ["| | value | 95% interval |", "| --- | --- | --- |",
                f"| games (pairs) | {f.games} ({f.pairs}) | |",
                f"| {self.coach_a} won-drawn-lost | {f.wins}-{f.draws}-{f.losses} | |",
                f"| win rate (draws half) | {f.score:.3f} | {f.score_ci[0]:.3f} to {f.score_ci[1]:.3f} |",
                f"| Elo difference | {f.elo:+.1f} | {f.elo_ci[0]:+.1f} to {f.elo_ci[1]:+.1f} |",
                f"| normalized Elo | {f.nelo:+.1f} | {f.nelo_ci[0]:+.1f} to {f.nelo_ci[1]:+.1f} |",
                f"| mean margin per game | {f.margin:+.2f} | {f.margin_ci[0]:+.2f} to {f.margin_ci[1]:+.2f} |",
                f"| likelihood of superiority | {f.los:.3f} | |",
                f"| pair scores 0, 1/2, 1, 3/2, 2 | {', '.join(map(str, f.pentanomial))} | |", ""]
        if self.sprt is not None:
            llr = self.trace[-1]["llr"] if self.trace else 0.0
            out += [f"{self.sprt.describe()}; final LLR {llr:+.2f}; limit {self.max_games} games.", ""]
        for who, coach in (("a", self.coach_a), ("b", self.coach_b)):
            usage = self.usage(who)
            if usage is None:
                continue
            per = 2 * len(self.pairs)
            out += [f"## How often {coach} chose differently from its base coach", "",
                    "| rule | games fired | fired per game | games changed | changed per game | not legal per game |",
                    "| --- | --- | --- | --- | --- | --- |"]
            for u in usage:
                out.append(f"| {u.name} (`{u.text}`) | {u.games_fired} of {per} | {u.fired / per:.2f} | "
                           f"{u.games_changed} | {u.changed / per:.2f} | {u.not_legal / per:.2f} |")
            if self.guarded(who):
                out.append(f"\nA rested player was kept on the bench {self.guarded(who)} times.")
            out.append("")
        eff = self.effect_where_fired()
        if eff and "overall" in eff:
            out += ["## The effect where it fired", "",
                    f"A strategy changed a choice in {eff['pairs_changed']} of {eff['pairs']} pairs. Replayed on the "
                    f"same seeds with the base coaches in the strategies' places, {self.coach_a} scored "
                    f"{eff['base_score']:.3f} per game in them; as played, {eff['score']:.3f}: a difference of "
                    f"{eff['difference']:+.3f} ({format_interval(eff['difference_ci'])}) per game and "
                    f"{eff['margin_difference']:+.2f} ({format_interval(eff['margin_difference_ci'], 2)}) points of margin; "
                    f"{eff['pairs_changed_outcome']} pairs ended with another result. Every other pair is exactly "
                    f"the base coaches' games, so over all games the strategy rules changed the win rate by "
                    f"**{eff['overall']:+.3f} ({format_interval(eff['overall_ci'])})** and the margin by "
                    f"{eff['overall_margin']:+.2f} ({format_interval(eff['overall_margin_ci'], 2)}) points per game.", ""]
        if plot_file:
            out += [f"![running test]({plot_file})", ""]
        out += [f"Ruleset {self.ruleset}, teams {self.teams[0]} (home) and {self.teams[1]} (away), seed {self.seed}, "
                f"rule options {self.options or 'default'}; {self.seconds:.1f} s on {self.backend}."
                + (f" Reproduce: `{self.command}`" if self.command else ""), ""]
        return "\n".join(out)


def format_interval(ci, digits: int = 3) -> str:
    """A 95% interval as "+0.012 to +0.034" ("n/a" when it is undefined)."""
    return "n/a" if any(math.isnan(x) for x in ci) else f"{ci[0]:+.{digits}f} to {ci[1]:+.{digits}f}"


def run_compare(ruleset: str, coach_a: str, coach_b: str, *, sprt: SPRT | None = None, games: int = 2000,
                batch_pairs: int = 16, seed: int = 0, teams: tuple[Any, Any] = (None, None),
                options: dict | None = None, backend=None, progress: bool = False,
                counterfactual: bool = True, statistic: str = "auto") -> Comparison:
    """Compare coach A with coach B (coach specs) in ``ruleset``. With ``sprt`` the series stops when
    the test decides, or at ``games``; without, it plays ``games`` games. ``batch_pairs`` pairs make
    one task and one update of the test.

    ``statistic``: what the test reads from each pair. ``"pairs"``: A's pair score (pentanomial).
    ``"effect"``: when A is a strategy file and B its base coach, the pair as played minus the pair
    replayed with the base coach (0 where no rule changed a choice): the same hypotheses, tested
    with far less noise (the dice and the base coaches' own play cancel out). ``"auto"`` (default):
    "effect" where it applies (logistic bounds, replays on), else "pairs"."""
    from .. import rulesets
    from ..core.runner import InlineBackend

    rs = rulesets.get(ruleset)
    for spec in (coach_a, coach_b):
        rs.coach(spec)  # fail early (an unknown coach, a strategy file with an error)
    if games < 2:
        raise ConfigError("a comparison needs at least one pair of games (--games 2)")
    opts = dict(options or {})
    rs.parse_options(opts)
    team_names = tuple(t if t is not None else rs.default_teams[i] for i, t in enumerate(teams))
    total_pairs = (games + 1) // 2
    chunk = max(1, batch_pairs)
    own = backend is None
    backend = backend or InlineBackend()
    from .coach import base_spec

    applies = (counterfactual and sprt is not None and sprt.model == "logistic" and coach_a.startswith("strategy:")
               and not coach_b.startswith("strategy:") and base_spec(coach_a, rs.name) == coach_b)
    if statistic == "auto":
        statistic = "effect" if applies else "pairs"
    elif statistic == "effect" and not applies:
        raise ConfigError("the effect statistic needs A a strategy file whose base coach is B, logistic bounds and "
                          "the counterfactual replays")
    elif statistic != "pairs":
        raise ConfigError(f"statistic is auto, pairs or effect, got {statistic!r}")
    if sprt is not None:
        sprt = SPRT(sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta, sprt.model, statistic)
    comp = Comparison(rs.name, coach_a, coach_b, seed, opts, team_names, sprt, 2 * total_pairs, backend=backend.describe())
    for who, spec in (("a", coach_a), ("b", coach_b)):
        if spec.startswith("strategy:"):
            strategy = load(spec.partition(":")[2], rs.name)
            comp.rules[who] = [(r.name, f"when {r.condition.text} do {r.do}") for r in strategy.rules]
    starts = list(range(0, total_pairs, chunk))
    tasks = [ComparePairs(rs.name, coach_a, coach_b, teams, seed, 2 * s, 2 * min(chunk, total_pairs - s), opts or None,
                          counterfactual) for s in starts]
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=2 * total_pairs, desc=f"{rs.name} {coach_a} vs {coach_b}", unit="game")
    t0 = time.perf_counter()
    test = SPRT(sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta, sprt.model, sprt.statistic) if sprt is not None else None
    comp.status = "inconclusive" if test is not None else "fixed"
    results = in_order(backend, tasks)
    try:
        for task, pairs in results:
            if bar is not None:
                bar.update(task.games)
            comp.pairs.extend(pairs)
            if test is not None:
                for p in pairs:
                    test.add(p.score if test.statistic == "pairs" else p.effect)
            f = comp.figures()
            comp.trace.append({"games": comp.games, "llr": test.llr() if test is not None else None,
                               "score": f.score, "score_ci": list(f.score_ci), "elo": f.elo})
            if test is not None:
                if bar is not None:
                    bar.set_postfix(llr=f"{comp.trace[-1]['llr']:+.2f}", win=f"{f.score:.3f}")
                status = test.status()
                if status is not None:
                    comp.status = status
                    break
    finally:
        results.close()  # cancels what is still running
        if bar is not None:
            bar.close()
        if own:
            backend.close()
    comp.seconds = time.perf_counter() - t0
    return comp


def in_order(backend, tasks: Sequence[Any], window: int | None = None):
    """Submit ``tasks`` a window at a time and yield ``(task, result)`` in task order (so what a
    sequential procedure sees does not depend on the backend); closing the generator early cancels
    the jobs not yet read."""
    window = window or max(2, 2 * backend.workers)
    jobs: dict[int, Any] = {}
    nxt = 0
    try:
        for i, task in enumerate(tasks):
            while nxt < len(tasks) and nxt - i < window:
                jobs[nxt] = backend.submit(tasks[nxt])
                nxt += 1
            yield task, jobs.pop(i).result()
    finally:
        backend.cancel(list(jobs.values()))


def pyplot():
    """matplotlib's pyplot on the file-only backend."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot(comp: Comparison, path) -> None:
    """The running test: the LLR against its bounds (with a sequential test) and A's win rate with
    its 95% interval, game by game of the updates."""
    import numpy as np

    plt = pyplot()

    xs = [t["games"] for t in comp.trace]
    panels = 2 if comp.sprt is not None else 1
    fig, axes = plt.subplots(panels, 1, figsize=(8, 3.2 * panels + 0.6), sharex=True, squeeze=False)
    ax = axes[0][0]
    if comp.sprt is not None:
        ax.plot(xs, [t["llr"] for t in comp.trace], color="tab:blue", label="log likelihood ratio")
        ax.axhline(comp.sprt.upper_bound, color="tab:green", ls="--", label=f"accept H1 ({comp.sprt.elo1:+g} Elo)")
        ax.axhline(comp.sprt.lower_bound, color="tab:red", ls="--", label=f"accept H0 ({comp.sprt.elo0:+g} Elo)")
        ax.set_ylabel("LLR")
        ax.legend(loc="best", fontsize=8)
        ax.set_title(f"{comp.ruleset}: {comp.coach_a} vs {comp.coach_b} - {comp.status}")
        ax = axes[1][0]
    else:
        ax.set_title(f"{comp.ruleset}: {comp.coach_a} vs {comp.coach_b} - {comp.games} games")
    lo = [t["score_ci"][0] for t in comp.trace]
    hi = [t["score_ci"][1] for t in comp.trace]
    ax.fill_between(xs, lo, hi, color="tab:orange", alpha=0.25, label="95% interval")
    ax.plot(xs, [t["score"] for t in comp.trace], color="tab:orange", label=f"{comp.coach_a}'s win rate")
    ax.axhline(0.5, color="grey", lw=0.8)
    ax.set_ylabel("win rate (draws half)")
    ax.set_xlabel("games")
    ax.legend(loc="best", fontsize=8)
    sec = ax.secondary_yaxis("right", functions=(lambda s: -400 * np.log10(1 / np.clip(s, 1e-3, 1 - 1e-3) - 1),
                                                 lambda e: 1 / (1 + 10 ** (-np.asarray(e) / 400))))
    sec.set_ylabel("Elo")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
