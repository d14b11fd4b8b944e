"""The part of the presentation each ruleset supplies (``coachgym/rules/<x>/present.py``).

A presenter reads an engine's public state and never changes it; it is stateless, so one instance
serves every game of its ruleset. ``coachgym.present.presenter_for(ruleset_name)`` finds it.
"""

from __future__ import annotations

from typing import Protocol

from ..core.engine import Decision, Engine
from .model import DecisionView, Glossary, KindInfo, Situation


class Presenter(Protocol):
    ruleset: str

    def situation(self, game: Engine, coaches: tuple[str, str] = ("", "")) -> Situation:
        """Score, clock, possession, both lineups with names, fouls, fatigue, matchups, timeouts."""

    def decision(self, game: Engine, decision: Decision) -> DecisionView:
        """The pending decision in a sentence, its options grouped, each with a one-line explanation."""

    def kinds(self) -> list[KindInfo]:
        """Every decision kind of the engine (``Engine.decision_kinds``), in people's words."""

    def glossary(self) -> Glossary:
        """Every term the screens of this ruleset use."""

    def marks(self, game: Engine) -> dict[str, int]:
        """Counters that only grow, for "continue to the next ...": ``{"dead_ball": n, "period": n,
        "half": n}`` (the keys the ruleset has). The seat lets the book answer until one changes."""
