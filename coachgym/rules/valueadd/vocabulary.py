"""Value Add Basketball: situation variables and actions of strategy files.

Value Add has no clock: a game is 44 boxes on the scoresheet, counted down, each a possession for
each team (bottom-half possessions are added by fouls and steals in the last nine boxes); an
overtime has its own boxes. Actions act at the menus before each possession (the defending
team's, then the attacking team's), at the fast break after a steal and the stick back after an
offensive rebound.
"""

from __future__ import annotations

from typing import Callable, cast

from ...strategy.vocabulary import (
    WAIT,
    ActionWord,
    Argument,
    Bench,
    Moment,
    Vocabulary,
    by_name,
    choose_action,
    decision_variable,
    flag,
    foul_variables,
    number,
    position_argument,
    rest_action,
    rest_guard,
    score_variables,
)
from . import actions as A
from .engine import ValueAddEngine
from .tactics import fit

POSITIONS = A.POSITIONS
_CHANGES = frozenset(a.index for a in A.ACTIONS if a.kind in ("substitute", "swap_positions", "switch_defenders",
                                                                   "avoid_fouls"))


def _tired(g: ValueAddEngine, side: int) -> int:
    ts, players = g.team_state[side], g.teams[side].players
    return sum(ts.played[i] > players[i].stamina for i in ts.lineup)


VARIABLES = [
    decision_variable(ValueAddEngine.decision_kinds),
    *score_variables(lambda g, s: g.team_state[s].points),
    number("boxes_left", "boxes left on the scoresheet, this one included (44 at the tip; an overtime's own)",
           lambda g, s, d: g.box),
    flag("last_nine", "the last nine boxes of regulation, or an overtime", lambda g, s, d: g.in_last_nine()),
    flag("overtime", "an overtime is being played", lambda g, s, d: g.period > 0),
    flag("bottom_half", "a bottom-half (added) possession of the box", lambda g, s, d: g.half == 1),
    flag("our_ball", "we have the ball (the possession about to be played is ours)", lambda g, s, d: g.offense == s),
    flag("three_point_mode_on", "we are attempting 3-pointers", lambda g, s, d: g.team_state[s].three_mode),
    flag("their_three_point_mode_on", "they are attempting 3-pointers", lambda g, s, d: g.team_state[1 - s].three_mode),
    number("foul_limit", "personal fouls that foul a player out (rule option foul_limit)",
           lambda g, s, d: g.options.foul_limit, option="foul_limit"),
    *foul_variables(POSITIONS, lambda g, side, slot: g.team_state[side].fouls[g.team_state[side].lineup[slot]]),
    number("our_tired", "our players on the court who have played more possessions than their stamina",
           lambda g, s, d: _tired(g, s)),
    number("their_tired", "the same for their players on the court", lambda g, s, d: _tired(g, 1 - s)),
]


# ---------------------------------------------------------------------- menu calls
def _call(index: int) -> Callable[[Moment], int]:
    """A call that starts the possession from a menu (intentional foul, the 8-sided die first): made
    when the base coach is done with its changes."""

    def resolve(m: Moment) -> int:
        if m.base in _CHANGES or m.base == A.THREE_POINT_MODE:
            return WAIT
        return m.pick(index)

    return resolve


def _not(index: int) -> Callable[[Moment], int]:
    def resolve(m: Moment) -> int:
        return m.pick(A.PLAY) if m.base == index else WAIT

    return resolve


def _toggle(is_on: Callable[[Moment], bool], index_of: Callable[[Moment], int],
            want: Callable[[Moment], bool] = lambda m: m.arg == "on") -> Callable[[Moment], int]:
    """Keep a menu switch in the wanted position (``want(m)``): switch it when the base coach is done
    with its changes, and keep the base coach from switching it back."""

    def resolve(m: Moment) -> int:
        index = index_of(m)
        if is_on(m) == want(m):
            return m.pick(A.PLAY) if m.base == index else WAIT
        if m.base in _CHANGES and m.base != index:
            return WAIT
        return m.pick(index)

    return resolve


def _avoid_index(m: Moment) -> int:
    return A.AVOID[POSITIONS.index(str(m.arg).upper())]


_ON_OFF = Argument("on or off", ("on", "off"), "on")
_BENCH = Bench(
    sub_of=lambda a: (A.ACTIONS[a]["player"], A.ACTIONS[a]["slot"]) if A.ACTIONS[a].kind == "substitute" else None,
    sub_index=lambda player, slot: A.SUBSTITUTE.get((player, slot)),
    lineup=lambda g, s: g.team_state[s].lineup,
    rating=fit,  # as the by-the-book coach rates a substitute
    period=lambda g: (g.period, 0 if g.box > 22 and g.period == 0 else 1),  # a half of regulation, or an overtime
    play_on=lambda m: A.PLAY,
)

ACTIONS = [
    ActionWord("intentional_foul", "foul intentionally (the offense rolls three dice; last nine boxes)",
               ("defense_menu",), _call(A.INTENTIONAL_FOUL)),
    ActionWord("no_intentional_foul", "no intentional foul (the base coach's is left out)", ("defense_menu",),
               _not(A.INTENTIONAL_FOUL)),
    ActionWord("three_point_mode", "attempt 3-pointers (on) or stop (off)", ("offense_menu",),
               _toggle(lambda m: m.game.team_state[m.side].three_mode, lambda m: A.THREE_POINT_MODE), _ON_OFF),
    ActionWord("d8_first", "roll the 8-sided die first (for a 3-pointer at the end)", ("offense_menu",), _call(A.D8_FIRST)),
    ActionWord("avoid_fouls", "the player now at POSITION avoids fouls (kept on while the rule holds)",
               ("defense_menu", "offense_menu"),
               _toggle(lambda m: m.game.avoiding(m.side, POSITIONS.index(cast(str, m.arg).upper())), _avoid_index,
                       want=lambda m: True),
               position_argument(POSITIONS)),
    choose_action("fast_break", "fast break after a steal", ("fast_break",), A.FAST_BREAK),
    choose_action("no_fast_break", "normal offense after a steal", ("fast_break",), A.NORMAL_AFTER_STEAL),
    choose_action("stick_back", "stick back after an offensive rebound", ("stick_back",), A.STICK_BACK),
    choose_action("no_stick_back", "normal offense after an offensive rebound", ("stick_back",), A.NORMAL_AFTER_REBOUND),
    choose_action("take_dunk", "take the dunk", ("dunk_choice",), A.TAKE_DUNK),
    choose_action("take_d20", "take the 20-sided die result instead of the dunk", ("dunk_choice",), A.TAKE_D20),
    rest_action(POSITIONS, _BENCH, ("defense_menu", "offense_menu")),
]

VOCABULARY = Vocabulary("valueadd", by_name(VARIABLES), by_name(ACTIONS), guard=rest_guard(_BENCH), notes=(
    "Menu actions are made when the base coach has finished its changes (substitutions, switches). rest "
    "needs rotation option 3 (substitutions before any possession); a rested player sits until the half "
    "(box 22) or the overtime ends."))

__all__ = ["VOCABULARY"]
