"""What a strategy file may say in a ruleset: its situation variables and its actions.

Each ruleset has one :class:`Vocabulary` (``coachgym/rules/<ruleset>/vocabulary.py``, in the strategy layer): variables read the
engine's state from the strategy's side ("our" team, "their" team), actions turn a word of the
game (press, zone, foul intentionally ...) into a legal engine action at a decision.

An action is resolved at a decision *after* the base coach has chosen (its choice is ``m.base``), so
that an action that is one call among several in a menu (a declaration at a dead ball, before which
the base coach may still want to substitute) acts at the right moment. ``resolve(m)`` returns

* an action index (legal at the decision): what the strategy plays;
* :data:`WAIT`: not this action's moment (another decision kind, the base coach still making menu
  changes, the other team's phase of play); the base coach decides and nothing is counted;
* :data:`NOT_LEGAL`: its moment, but the rules do not allow it now (e.g. no timeouts left); the
  next rule or the base coach decides, and the strategy's report counts it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Iterable

from ..core.engine import Decision, Engine
from .conditions import BOOL, NUMBER, WORD, VariableType

WAIT = -1
NOT_LEGAL = -2


@dataclass(frozen=True)
class Variable:
    """A situation variable: ``get(game, side, decision)`` from the point of view of ``side``."""

    name: str
    type: str  # NUMBER, BOOL or WORD
    doc: str
    get: Callable[[Engine, int, Decision], Any]
    words: tuple[str, ...] = ()
    option: str | None = None  # the value is this rule option's, fixed for a game (strategy-check reads it)

    @property
    def vtype(self) -> VariableType:
        return VariableType(self.type, self.words)


@dataclass(frozen=True)
class Argument:
    """An action's argument: one of ``words`` (``default`` when the file gives none; None: required)."""

    doc: str
    words: tuple[str, ...]
    default: str | None = None


@dataclass
class Moment:
    """A decision as an action sees it: the game, the strategy's side, the decision, the base coach's
    choice, the action's argument and the coach's memory for this game (a dict)."""

    game: Any
    side: int
    decision: Decision
    base: int
    arg: str | None
    memory: dict = field(default_factory=dict)
    rule: int = 0  # the rule's index in its file (an action's own memory is keyed by it)

    def pick(self, action: int | None) -> int:
        """``action`` if it is legal here, else :data:`NOT_LEGAL`."""
        return action if action is not None and action in self.decision.legal else NOT_LEGAL


@dataclass(frozen=True)
class ActionWord:
    name: str
    doc: str
    kinds: tuple[str, ...]  # the decision kinds at which it may act
    resolve: Callable[[Moment], int]
    argument: Argument | None = None
    option: str | None = None  # acts only when this (true/false) rule option is on


@dataclass
class Vocabulary:
    ruleset: str
    variables: dict[str, Variable]
    actions: dict[str, ActionWord]
    notes: str = ""
    # called on every decision with the strategy's final choice; may replace it (e.g. a rested
    # player must not be brought back by the base coach); returns the choice to play
    guard: Callable[[Moment, int], int] | None = None

    def types(self) -> dict[str, VariableType]:
        return {n: v.vtype for n, v in self.variables.items()}

    def describe(self) -> str:
        """Plain text for ``coachgym strategy-help``."""
        lines = [f"Situation variables ({self.ruleset}; 'our' is the strategy's team):"]
        for v in self.variables.values():
            t = v.type if v.type != WORD else "one of " + ", ".join(f'"{w}"' for w in v.words)
            lines.append(f"  {v.name:<26} {t:<12} {v.doc}" if v.type != WORD else f"  {v.name:<26} {v.doc} ({t})")
        lines.append("")
        lines.append("Actions (do: NAME, or do: {NAME: ARGUMENT}):")
        for a in self.actions.values():
            arg = ""
            if a.argument is not None:
                dflt = f", default {a.argument.default}" if a.argument.default is not None else ", required"
                arg = f" [{a.argument.doc}: {' | '.join(a.argument.words)}{dflt}]"
            lines.append(f"  {a.name:<26} {a.doc}{arg}  (decisions: {', '.join(a.kinds)})")
        if self.notes:
            lines += ["", self.notes]
        return "\n".join(lines)

    def markdown(self) -> str:
        """The same as Markdown tables (docs/strategy.md)."""
        out = ["| variable | type | meaning |", "| --- | --- | --- |"]
        for v in self.variables.values():
            t = v.type if v.type != WORD else " / ".join(f'`"{w}"`' for w in v.words)
            out.append(f"| `{v.name}` | {t} | {v.doc} |")
        out += ["", "| action | argument | decisions | what it does |", "| --- | --- | --- | --- |"]
        for a in self.actions.values():
            arg = ""
            if a.argument is not None:
                arg = " / ".join(f"`{w}`" for w in a.argument.words)
                arg += f" (default `{a.argument.default}`)" if a.argument.default is not None else " (required)"
            out.append(f"| `{a.name}` | {arg} | {', '.join(a.kinds)} | {a.doc} |")
        return "\n".join(out)


# ---------------------------------------------------------------------- shared building blocks
def decision_variable(kinds: Iterable[str]) -> Variable:
    kinds = tuple(kinds)
    return Variable("decision", WORD, "the kind of the decision at hand", lambda g, s, d: d.kind, kinds)


def score_variables(points: Callable[[Any, int], int], unit: str = "points") -> list[Variable]:
    """margin, score, opponent_score from ``points(game, side)``."""
    return [
        Variable("margin", NUMBER, f"our {unit} minus theirs (negative: we are behind)",
                 lambda g, s, d: points(g, s) - points(g, 1 - s)),
        Variable("score", NUMBER, f"our {unit}", lambda g, s, d: points(g, s)),
        Variable("opponent_score", NUMBER, f"their {unit}", lambda g, s, d: points(g, 1 - s)),
    ]


def foul_variables(positions: tuple[str, ...], fouls_at: Callable[[Any, int, int], int]) -> list[Variable]:
    """our_<pos>_fouls / their_<pos>_fouls for the player now at each position, and the most
    personal fouls of any player on the court, from ``fouls_at(game, side, slot)``."""
    def at(sel: int, slot: int) -> Callable[[Any, int, Decision], int]:
        return lambda g, s, d: fouls_at(g, s ^ sel, slot)

    def most(sel: int) -> Callable[[Any, int, Decision], int]:
        return lambda g, s, d: max(fouls_at(g, s ^ sel, k) for k in range(5))

    out = []
    for who, sel in (("our", 0), ("their", 1)):
        for slot, pos in enumerate(positions):
            out.append(Variable(f"{who}_{pos.lower()}_fouls", NUMBER,
                                f"personal fouls of {who} player now at {pos}", at(sel, slot)))
        out.append(Variable(f"{who}_most_fouls", NUMBER, f"the most personal fouls of any of {who} players on the court",
                            most(sel)))
    return out


def flag(name: str, doc: str, get: Callable[[Any, int, Decision], Any], option: str | None = None) -> Variable:
    return Variable(name, BOOL, doc, lambda g, s, d: bool(get(g, s, d)), option=option)


def number(name: str, doc: str, get: Callable[[Any, int, Decision], Any], option: str | None = None) -> Variable:
    return Variable(name, NUMBER, doc, get, option=option)


def choose_action(name: str, doc: str, kinds: tuple[str, ...], index: int | Callable[[Moment], int | None],
                  argument: Argument | None = None) -> ActionWord:
    """An action that plays one fixed table entry (or the one ``index(m)`` names) at ``kinds``."""
    if callable(index):
        fn = index
        return ActionWord(name, doc, kinds, lambda m: m.pick(fn(m)), argument)
    return ActionWord(name, doc, kinds, lambda m: m.pick(index), argument)


def by_name(items: Iterable[Variable | ActionWord]) -> dict:
    out: dict = {}
    for it in items:
        if it.name in out:
            raise ValueError(f"duplicate name {it.name!r}")
        out[it.name] = it
    return out


def position_argument(positions: tuple[str, ...], extra: tuple[str, ...] = (), default: str | None = None) -> Argument:
    return Argument("a position" + (" or " + ", ".join(extra) if extra else ""),
                    tuple(p.lower() for p in positions) + extra, default)


# ---------------------------------------------------------------------- resting a player
@dataclass(frozen=True)
class Bench:
    """How a ruleset substitutes, for the ``rest`` action: ``sub_of(action) -> (player, slot)`` or
    None for a table entry that is no substitution; ``sub_index(player, slot)`` the reverse (None if
    the table has none); ``lineup(game, side)`` the roster indices on the court by slot;
    ``rating(game, side, player, slot)`` how well a bench player fits the slot (higher is better);
    ``period(game)`` the current period (a rested player sits until it ends); ``play_on(m)`` the
    choice that goes on without a change at this decision (None if there is none)."""

    sub_of: Callable[[int], tuple[int, int] | None]
    sub_index: Callable[[int, int], int | None]
    lineup: Callable[[Any, int], list[int]]
    rating: Callable[[Any, int, int, int], float]
    period: Callable[[Any], Hashable]  # (any value that changes when the period does)
    play_on: Callable[[Moment], int | None]


def rest_action(positions: tuple[str, ...], bench: Bench, kinds: tuple[str, ...]) -> ActionWord:
    """``rest: POSITION``: the player now at the position comes out at the first decision where
    substitutions are open, for the best-fitting bench player, and sits until the period ends (the
    base coach cannot bring him back earlier: see :func:`rest_guard`)."""

    def resolve(m: Moment) -> int:
        slot = positions.index(m.arg.upper())
        g, side = m.game, m.side
        period = bench.period(g)
        lineup = bench.lineup(g, side)
        done = m.memory.get(("rest", m.rule))
        if done is not None and done[1] == period and done[0] not in lineup:
            return WAIT  # this rule's player is resting: nothing more to do this period
        legal = m.decision.legal
        subs = [s for s in map(bench.sub_of, legal) if s is not None]
        if not subs:
            return WAIT  # no substitutions at this decision (not a dead ball)
        rested = m.memory.setdefault("rested", {})
        out = lineup[slot]
        cands = [p for p, s in subs if s == slot and rested.get(p) != period and p not in lineup]
        if not cands:
            return NOT_LEGAL
        best = max(cands, key=lambda p: (bench.rating(g, side, p, slot), -p))
        rested[out] = period
        m.memory[("rest", m.rule)] = (out, period)
        return bench.sub_index(best, slot)

    return ActionWord("rest", "the player now at POSITION comes out for the best-fitting bench player and "
                              "sits until the end of the period", kinds, resolve,
                      position_argument(positions))


def rest_guard(bench: Bench) -> Callable[[Moment, int], int]:
    """Keeps rested players on the bench: a substitution that would bring one back before his period
    ends becomes the decision's 'no (more) changes' choice."""

    def guard(m: Moment, choice: int) -> int:
        rested = m.memory.get("rested")
        if not rested:
            return choice
        sub = bench.sub_of(choice)
        if sub is None or rested.get(sub[0]) != bench.period(m.game):
            return choice
        alternative = bench.play_on(m)
        return alternative if alternative is not None and alternative in m.decision.legal else choice

    return guard
