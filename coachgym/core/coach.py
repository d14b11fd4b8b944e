"""The Coach protocol: anything that picks one legal option at a decision.

Random, scripted (by the book), trained and human coaches all speak it, so any two can meet in a
match. A coach reads the game through the engine it is handed (public state: score, lineups,
fouls, stamina, the play-by-play) and returns one index of ``decision.legal``.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from .engine import Decision, Engine


@runtime_checkable
class Coach(Protocol):
    name: str

    def reset(self, game: Engine, side: int, seed: int | None = None) -> None:
        """Called once before a game in which this coach coaches ``side``."""

    def choose(self, game: Engine, decision: Decision) -> int:
        """Return one of ``decision.legal``."""


class RandomCoach:
    """Picks uniformly among the legal options (its own seeded generator)."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self._rng = random.Random(seed)

    def reset(self, game: Engine, side: int, seed: int | None = None) -> None:
        if seed is not None:
            self._rng.seed(seed)

    def choose(self, game: Engine, decision: Decision) -> int:
        legal = decision.legal
        return legal[int(self._rng.random() * len(legal))]


class FirstLegalCoach:
    """Always the lowest legal index: a deterministic coach for tests and speed runs."""

    name = "first-legal"

    def reset(self, game: Engine, side: int, seed: int | None = None) -> None:
        pass

    def choose(self, game: Engine, decision: Decision) -> int:
        return decision.legal[0]
