"""The strategy coach: a base coach overridden by a strategy file's rules in named situations.

At every decision the base coach chooses first; then the rules whose action can act at this kind
of decision are tried in order: the first whose condition holds and whose action resolves to a
legal choice decides (it *fired*; it *changed* the choice when that differs from the base
coach's). A rule whose condition holds at its action's moment but whose action the rules of the
game do not allow there is counted (``not_legal``) and the next rule, or the base coach, decides.

The coach keeps one :class:`GameLog` per game (``coach.logs``), which ``coachgym compare`` reads to
tell how often the strategies actually chose differently. With a game that records its events,
each changed choice is written into the play-by-play (event kind ``"strategy"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.coach import Coach
from ..core.engine import Decision, Engine
from .file import Rule, Strategy, load, vocabulary
from .vocabulary import NOT_LEGAL, WAIT, Moment

_MISSING = object()


@dataclass
class GameLog:
    """One game of a strategy coach: per rule, how often it fired, changed the base coach's choice,
    or was not legal at its moment; and the decisions the coach made."""

    fired: list[int]
    changed: list[int]
    not_legal: list[int]
    decisions: int = 0
    guarded: int = 0  # base-coach choices replaced to keep a rested player on the bench

    @classmethod
    def empty(cls, rules: int) -> "GameLog":
        return cls([0] * rules, [0] * rules, [0] * rules)

    def to_dict(self) -> dict:
        return {"fired": self.fired, "changed": self.changed, "not_legal": self.not_legal,
                "decisions": self.decisions, "guarded": self.guarded}


class StrategyCoach:
    """A :class:`~coachgym.core.coach.Coach` playing a :class:`~coachgym.strategy.file.Strategy` over
    its base coach."""

    def __init__(self, strategy: Strategy, base: Coach, spec: str | None = None):
        self.strategy = strategy
        self.base = base
        self.name = spec or f"strategy:{strategy.name}"
        self.vocabulary = vocabulary(strategy.ruleset)
        self._variables = self.vocabulary.variables
        self._guard = self.vocabulary.guard
        by_kind: dict[str, list[Rule]] = {}
        for rule in strategy.rules:
            for kind in rule.action.kinds:
                by_kind.setdefault(kind, []).append(rule)
        self._by_kind = by_kind
        self.logs: list[GameLog] = []
        self.log = GameLog.empty(len(strategy.rules))
        self.side = 0
        self.memory: dict = {}

    def reset(self, game: Engine, side: int, seed: int | None = None) -> None:
        self.base.reset(game, side, seed)
        self.side = side
        self.memory = {}
        self.log = GameLog.empty(len(self.strategy.rules))
        self.logs.append(self.log)

    def choose(self, game: Engine, decision: Decision) -> int:
        base = self.base.choose(game, decision)
        log = self.log
        log.decisions += 1
        rules = self._by_kind.get(decision.kind)
        choice = base
        if rules:
            cache: dict[str, Any] = {}
            variables, side = self._variables, self.side

            def env(name: str) -> Any:
                v = cache.get(name, _MISSING)
                if v is _MISSING:
                    v = cache[name] = variables[name].get(game, side, decision)
                return v

            for rule in rules:
                if not rule.condition(env):
                    continue
                m = Moment(game, side, decision, base, rule.arg, self.memory, rule.index)
                res = rule.action.resolve(m)
                if res == WAIT:
                    continue
                i = rule.index
                if res == NOT_LEGAL or res not in decision.legal:
                    log.not_legal[i] += 1
                    continue
                log.fired[i] += 1
                if res != base:
                    log.changed[i] += 1
                    if game.log.record:
                        game.event("strategy", side, f"(strategy {self.strategy.name}, {rule.name}: "
                                                     f"{game.describe_action(res)} instead of {game.describe_action(base)})")
                choice = res
                break
        if self._guard is not None and "rested" in self.memory:
            kept = self._guard(Moment(game, self.side, decision, base, None, self.memory), choice)
            if kept != choice:
                log.guarded += 1
                choice = kept
        return choice


def strategy_coach(ruleset: Any, argument: str, seed: int | None = None, **kwargs: Any) -> StrategyCoach:
    """The factory behind the coach spec ``strategy:FILE.yaml`` (see ``Ruleset.coach``)."""
    strategy = load(argument, ruleset.name)
    base = ruleset.coach(strategy.base, seed=seed, **kwargs)
    return StrategyCoach(strategy, base, f"strategy:{argument}")


def base_spec(spec: str, ruleset: str) -> str:
    """The base coach's spec of a ``strategy:`` coach spec (any other spec is returned as it is)."""
    if isinstance(spec, str) and spec.startswith("strategy:"):
        return load(spec.partition(":")[2], ruleset).base
    return spec


def _grammar() -> None:
    """The strategy coach's entry in the coach grammar (coachgym.core.coachspec): ``strategy:FILE``,
    a strategy file (from the web: a name the server offers)."""
    from ..core.coachspec import Param

    strategy_coach.ARGUMENT = Param("file", "file", None, "a strategy file (docs/strategy.md); a shipped example "  # type: ignore[attr-defined]
                                    "by its file name", file=True)
    strategy_coach.PARAMS = ()  # type: ignore[attr-defined]


_grammar()
