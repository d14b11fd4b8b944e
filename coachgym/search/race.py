"""Racing options against each other on common random numbers (successive elimination).

Every round plays each option still in the race from the same resampled future (see
:mod:`coachgym.search.rollouts`). Once every option has ``min_rounds`` rounds, an option is dropped
as soon as the paired difference between the leader and it is clearly positive: its lower
confidence bound (``confidence``, shared over the options by Bonferroni's rule) is above zero.
The race ends when one option is left, the rollouts are spent or the time is up.

Rounds are played in batches (``batch`` rounds of the options alive when the batch is sent) and
read back in the order they were sent, so the result depends only on the seed and the budget, not
on the backend, the number of workers or the speed of the machine (a ``seconds`` limit aside).
"""

from __future__ import annotations

import math
import time
from collections import deque
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Callable, Sequence

from ..core.engine import Engine
from ..core.match import wilson_interval
from .rollouts import Policies, RolloutTask, portable, run_rounds

Z95 = NormalDist().inv_cdf(0.975)


@dataclass
class Tally:
    """One option's results, round by round: value (win score 1 / 0.5 / 0, or the leaf value of a
    truncated rollout) and margin."""

    action: int
    values: dict[int, float] = field(default_factory=dict)
    margins: dict[int, float] = field(default_factory=dict)
    eliminated: int | None = None  # rounds it had played when it was dropped
    held: int = 0  # rollouts in which the option was held beyond its decision (coachgym.search.holds)
    undone: int = 0  # ... in which the rollout coach would have undone it (its choice replaced)
    replayed: int = 0  # ... in which the option (a call) was called again
    ended: int = 0  # ... in which the rules ended its effect before its scope

    def add_hold(self, stats: tuple[int, int, int] | None) -> None:
        if stats is None:
            return
        masked, replays, ended = stats
        self.held += 1
        self.undone += masked > 0
        self.replayed += replays > 0
        self.ended += bool(ended)

    @property
    def n(self) -> int:
        return len(self.values)

    @property
    def mean(self) -> float:
        return sum(self.values.values()) / self.n if self.n else float("nan")

    @property
    def mean_margin(self) -> float:
        return sum(self.margins.values()) / self.n if self.n else float("nan")

    def value_interval(self, exact_wins: bool) -> tuple[float, float]:
        """95% interval of the value: Wilson's for win scores, normal for leaf values."""
        if exact_wins:
            return wilson_interval(sum(self.values.values()), self.n)
        return _mean_interval(list(self.values.values()))

    def margin_interval(self) -> tuple[float, float]:
        return _mean_interval(list(self.margins.values()))


def _mean_interval(xs: list[float], z: float = Z95) -> tuple[float, float]:
    n = len(xs)
    if n < 2:
        return (float("nan"), float("nan"))
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    h = z * sd / math.sqrt(n)
    return (m - h, m + h)


def paired(a: Tally, b: Tally, z: float = Z95) -> tuple[float, float, float, int]:
    """Mean of a - b over the rounds both played, its interval, and how many rounds that is."""
    common = [r for r in b.values if r in a.values]
    d = [a.values[r] - b.values[r] for r in common]
    n = len(d)
    if n == 0:
        return (float("nan"), float("nan"), float("nan"), 0)
    m = sum(d) / n
    if n < 2:
        return (m, float("nan"), float("nan"), n)
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1))
    h = z * sd / math.sqrt(n)
    return (m, m - h, m + h, n)


class Race:
    """The tallies of the options in a race, and the elimination rule."""

    def __init__(self, actions: Sequence[int], *, min_rounds: int = 16, confidence: float = 0.99,
                 prefer: int | None = None):
        self.tallies = {a: Tally(a) for a in actions}
        self.min_rounds = min_rounds
        k = max(1, len(actions) - 1)
        self.z = NormalDist().inv_cdf(1 - (1 - confidence) / (2 * k))  # Bonferroni over the comparisons
        self.prefer = prefer  # ties go to this option (a searcher's base choice)

    @property
    def alive(self) -> list[int]:
        return [a for a, t in self.tallies.items() if t.eliminated is None]

    def add(self, rounds: Sequence[int], actions: Sequence[int], results: list[list[tuple]]) -> None:
        """Results per round and action: (value, margin) or (value, margin, hold stats)."""
        for r, row in zip(rounds, results):
            for a, res in zip(actions, row):
                t = self.tallies[a]
                t.values[r] = res[0]
                t.margins[r] = res[1]
                if len(res) > 2:
                    t.add_hold(res[2])

    def leader(self, among: Sequence[int] | None = None) -> int:
        """The option with the best mean value (then margin; then the preferred option)."""
        among = list(among if among is not None else self.alive)
        return max(among, key=lambda a: (self.tallies[a].mean, self.tallies[a].mean_margin, a == self.prefer))

    def eliminate(self) -> list[int]:
        """Drop the options clearly worse than the leader; returns them."""
        alive = self.alive
        if len(alive) < 2 or min(self.tallies[a].n for a in alive) < self.min_rounds:
            return []
        best = self.leader(alive)
        dropped = []
        for a in alive:
            if a == best:
                continue
            mean, lo, _, n = paired(self.tallies[best], self.tallies[a], self.z)
            if n >= self.min_rounds and (lo > 0 or (math.isnan(lo) and mean > 0)):
                self.tallies[a].eliminated = self.tallies[a].n
                dropped.append(a)
        return dropped


@dataclass
class RaceRun:
    race: Race
    rollouts: int
    rounds: int
    seconds: float
    stopped: str  # "separated", "budget", "time"


def run_race(game: Engine, side: int, actions: Sequence[int], *, seed: int, policies: Policies | None = None,
             policy: str = "by-the-book", opponent: str | None = None, horizon: int | None = None,
             rollouts: int = 2000, seconds: float | None = None, min_rounds: int = 16, confidence: float = 0.99,
             batch: int = 4, lookahead: int = 4, backend=None, prefer: int | None = None,
             on_batch: Callable[[int], None] | None = None, race: Race | None = None,
             scope: str | None = "default",
             play: Callable[[Sequence[int], Sequence[int]], list] | None = None) -> RaceRun:
    """Race ``actions`` at ``game``'s pending decision of ``side`` within ``rollouts`` (all options
    together) and ``seconds``. Batches of ``batch`` rounds are sent ``lookahead`` ahead of the one
    being read (to keep a backend's workers busy); without a backend they are played here, with
    ``policies`` when given. The numbers depend on the seed, budget, batch and lookahead only.
    ``race``: go on with that race (an earlier run's, same game, options and seed) from the round
    after its last; ``rollouts`` and ``seconds`` are then this run's more.
    Each option is held for ``scope`` in the rollouts (:mod:`coachgym.search.holds`). ``play(rounds,
    options)``: plays rounds of other kinds of options here (plans: :mod:`coachgym.strategy.plans`).
    The ``prefer``red option (the base coach's own choice) is not held: the rollout coach plays on."""
    race = race or Race(actions, min_rounds=min_rounds, confidence=confidence, prefer=prefer)
    t0 = time.perf_counter()
    spent = 0
    next_round = max((max(t.values) + 1 for t in race.tallies.values() if t.values), default=0)
    stopped = "budget"
    single = len(actions) < 2
    blob = None
    if backend is None and policies is None and play is None:
        policies = Policies(game.ruleset, policy, opponent, side=side)

    def submit() -> bool:
        nonlocal next_round, spent, blob
        alive = tuple(race.alive)
        n = min(batch, (rollouts - spent) // len(alive))
        if n <= 0 or (len(alive) < 2 and not single):
            return False
        rounds = tuple(range(next_round, next_round + n))
        if backend is None or play is not None:
            handle = None  # played when read, with the options alive now
        else:
            if blob is None:
                blob = portable(game)
            handle = backend.submit(RolloutTask(blob, game.ruleset, side, alive, rounds, seed, policy, opponent, horizon,
                                                scope, prefer))
        inflight.append((handle, rounds, alive))
        next_round += n
        spent += n * len(alive)
        return True

    inflight: deque = deque()
    try:
        while len(inflight) < max(1, lookahead) and submit():
            pass
        while inflight:
            if seconds is not None and time.perf_counter() - t0 >= seconds:
                stopped = "time"
                break
            handle, rounds, alive = inflight.popleft()
            if handle is not None:
                results = handle.result()
            elif play is not None:
                results = play(rounds, alive)
            else:
                results = run_rounds(game, side, alive, rounds, seed, policies, horizon, scope, prefer)
            race.add(rounds, alive, results)
            if on_batch is not None:
                on_batch(len(rounds) * len(alive))
            race.eliminate()
            if len(race.alive) < 2 and not single:
                stopped = "separated"
                break
            submit()
    finally:
        if inflight:
            if backend is not None:
                backend.cancel([h for h, _, _ in inflight])
            for _, rounds, alive in inflight:  # sent but not read: not counted
                spent -= len(rounds) * len(alive)
    rounds_played = max((max(t.values) + 1 for t in race.tallies.values() if t.values), default=0)
    return RaceRun(race, spent, rounds_played, time.perf_counter() - t0, stopped)
