"""Play coaches against each other: one game, or a seeded series with home and away swapped."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .coach import Coach
from .engine import AWAY, HOME, Engine, GameResult

EngineFactory = Callable[..., Engine]


def play_game(game: Engine, home: Coach, away: Coach, *, seed: int | None = None,
              on_event: Callable[[Engine], None] | None = None, max_decisions: int = 1_000_000) -> GameResult:
    """Play ``game`` to the end with the two coaches. ``on_event`` is called after every step."""
    coaches = (home, away)
    home.reset(game, HOME, None if seed is None else seed * 2 + 1)
    away.reset(game, AWAY, None if seed is None else seed * 2 + 2)
    n = 0
    while game.decision is not None:
        d = game.decision
        game.step(coaches[d.side].choose(game, d))
        if on_event is not None:
            on_event(game)
        n += 1
        if n > max_decisions:
            raise RuntimeError(f"game did not end within {max_decisions} decisions")
    return game.result()


@dataclass
class GameRecord:
    seed: int
    home_team: str
    away_team: str
    a_side: int  # which side coach A coached in this game
    home_score: int
    away_score: int
    box: dict[str, Any] | None = None

    @property
    def a_margin(self) -> int:
        m = self.home_score - self.away_score
        return m if self.a_side == HOME else -m

    @property
    def a_won(self) -> bool:
        return self.a_margin > 0

    @property
    def drawn(self) -> bool:
        return self.a_margin == 0


@dataclass
class MatchResult:
    """Coach A against coach B over a series of games."""

    coach_a: str
    coach_b: str
    games: list[GameRecord] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.games)

    @property
    def a_wins(self) -> int:
        return sum(g.a_won for g in self.games)

    @property
    def draws(self) -> int:
        return sum(g.drawn for g in self.games)

    @property
    def b_wins(self) -> int:
        return self.n - self.a_wins - self.draws

    @property
    def a_score_rate(self) -> float:
        """Win rate of A counting a draw as half a win."""
        return (self.a_wins + 0.5 * self.draws) / self.n if self.n else float("nan")

    def a_win_interval(self, z: float = 1.959963984540054) -> tuple[float, float]:
        """Wilson score interval for A's score rate (draws count half)."""
        return wilson_interval(self.a_wins + 0.5 * self.draws, self.n, z)

    @property
    def mean_margin(self) -> float:
        return sum(g.a_margin for g in self.games) / self.n if self.n else float("nan")

    def margin_interval(self, z: float = 1.959963984540054) -> tuple[float, float]:
        if self.n < 2:
            return (float("nan"), float("nan"))
        m = self.mean_margin
        var = sum((g.a_margin - m) ** 2 for g in self.games) / (self.n - 1)
        h = z * math.sqrt(var / self.n)
        return (m - h, m + h)

    def average_box(self) -> dict[str, dict[str, float]]:
        """Average team totals for coach A's team and coach B's team."""
        sums: dict[str, dict[str, float]] = {"A": {}, "B": {}}
        counted = 0
        for g in self.games:
            if not g.box:
                continue
            counted += 1
            for side, team in enumerate(g.box["teams"]):
                who = "A" if side == g.a_side else "B"
                for k, v in team["totals"].items():
                    sums[who][k] = sums[who].get(k, 0.0) + v
        if counted:
            for who in sums:
                sums[who] = {k: v / counted for k, v in sums[who].items()}
        return sums

    def summary(self) -> str:
        lo, hi = self.a_win_interval()
        mlo, mhi = self.margin_interval()
        # a margin interval needs the spread of two games or more
        margin_ci = f"95% CI {mlo:+.2f} to {mhi:+.2f}" if self.n >= 2 else "95% CI n/a (needs 2 games)"
        return (
            f"{self.coach_a} vs {self.coach_b}: {self.n} games, {self.coach_a} won {self.a_wins}, "
            f"lost {self.b_wins}, drew {self.draws}; win rate {self.a_score_rate:.3f} "
            f"(95% CI {lo:.3f}-{hi:.3f}); mean margin {self.mean_margin:+.2f} ({margin_ci})"
        )

    def stats(self) -> dict[str, Any]:
        """Games, A's wins, B's wins, draws, A's win rate (draws half) with its Wilson 95% interval,
        and A's mean margin with its 95% interval: the figures every report of a series gives."""
        return {"games": self.n, "a_wins": self.a_wins, "b_wins": self.b_wins, "draws": self.draws,
                "win_rate": self.a_score_rate, "ci95": list(self.a_win_interval()),
                "mean_margin": self.mean_margin, "margin_ci95": list(self.margin_interval())}

    def to_dict(self) -> dict[str, Any]:
        s = self.stats()
        return {"coach_a": self.coach_a, "coach_b": self.coach_b, "games": s["games"], "a_wins": s["a_wins"],
                "b_wins": s["b_wins"], "draws": s["draws"], "a_win_rate": s["win_rate"], "a_win_rate_ci95": s["ci95"],
                "mean_margin": s["mean_margin"], "mean_margin_ci95": s["margin_ci95"]}


def wilson_interval(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    if n == 0:
        return (float("nan"), float("nan"))
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def run_match(new_game: EngineFactory, coach_a: Coach, coach_b: Coach, *, games: int, seed: int = 0,
              teams: Iterable[tuple[Any, Any]] | tuple[Any, Any] | None = None, swap_sides: bool = True,
              keep_box: bool = True, progress: bool = False, desc: str | None = None,
              first_game: int = 0) -> MatchResult:
    """Play ``games`` games between coach A and coach B.

    ``new_game(home_team, away_team, seed=..)`` builds a fresh engine. With ``swap_sides`` games come
    in pairs that share a seed: A coaches home in the first and away in the second, with the teams
    staying at their ends, so the dice luck and the home court cancel out between the coaches.
    ``teams`` is one (home, away) pair, or an iterable of pairs cycled through per pair of games.
    ``first_game`` (even) starts the series at that game index, so a series can be split into
    chunks (run in parallel) whose results, concatenated, equal the whole series.
    """
    if swap_sides and first_game % 2:
        raise ValueError("first_game must be even when games come in pairs")
    pairs = [teams] if isinstance(teams, tuple) else list(teams) if teams is not None else [(None, None)]
    result = MatchResult(getattr(coach_a, "name", "A"), getattr(coach_b, "name", "B"))
    iterator: Iterable[int] = range(first_game, first_game + games)
    if progress:
        from tqdm import tqdm

        iterator = tqdm(iterator, desc=desc or f"{result.coach_a} vs {result.coach_b}", unit="game")
    for i in iterator:
        pair_index = i // 2 if swap_sides else i
        game_seed = seed * 1_000_003 + pair_index
        home_team, away_team = pairs[pair_index % len(pairs)]
        a_side = HOME if (not swap_sides or i % 2 == 0) else AWAY
        game = new_game(home_team, away_team, seed=game_seed, record_events=False)
        home_coach, away_coach = (coach_a, coach_b) if a_side == HOME else (coach_b, coach_a)
        res = play_game(game, home_coach, away_coach, seed=game_seed + 7919 * (i % 2))
        box = game.box_score() if keep_box else None
        names = (box.teams[0].name, box.teams[1].name) if box else (str(home_team), str(away_team))
        result.games.append(GameRecord(game_seed, names[0], names[1], a_side, res.home_score, res.away_score,
                                       box.to_dict() if box else None))
    return result
