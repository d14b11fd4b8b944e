"""Shared helpers of the strategy tests: games played to a chosen decision, variables and actions
read there."""

from __future__ import annotations

from coachgym.core.engine import Decision
from coachgym.strategy import vocabulary
from coachgym.strategy.vocabulary import Moment


def play_until(rs, pred, *, seed: int = 0, options=None, coach: str = "by-the-book", games: int = 30):
    """Play seeded book-vs-book games until ``pred(game, decision, book_choice)``; return
    ``(game, decision, book_choice)`` with the game at that decision (the choice not yet played)."""
    for s in range(seed, seed + games):
        g = rs.new_game(seed=s, options=options)
        coaches = (rs.coach(coach, seed=1), rs.coach(coach, seed=2))
        coaches[0].reset(g, 0, 2 * s + 1)
        coaches[1].reset(g, 1, 2 * s + 2)
        while g.decision is not None:
            d = g.decision
            a = coaches[d.side].choose(g, d)
            if pred(g, d, a):
                return g, d, a
            g.step(a)
    raise AssertionError("no such decision in the games played")


def value(g, side: int, name: str):
    vocab = vocabulary(g.ruleset)
    return vocab.variables[name].get(g, side, g.decision)


def resolve(g, action: str, arg=None, *, base: int | None = None, decision: Decision | None = None,
            side: int | None = None, memory: dict | None = None, rule: int = 0) -> int:
    """What ``action`` (with ``arg``, default: the action's default) plays at the game's decision (or
    ``decision``), the base coach having chosen ``base``."""
    vocab = vocabulary(g.ruleset)
    word = vocab.actions[action]
    if arg is None and word.argument is not None:
        arg = word.argument.default
    d = decision or g.decision
    return word.resolve(Moment(g, d.side if side is None else side, d, d.legal[0] if base is None else base, arg,
                               {} if memory is None else memory, rule))
