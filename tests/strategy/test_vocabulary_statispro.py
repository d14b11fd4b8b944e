"""Statis Pro: every situation variable and action of strategy files, in scripted states."""

import pytest

from coachgym.core.engine import AWAY, HOME, Decision
from coachgym.rules.statispro import RULESET as rs
from coachgym.rules.statispro import actions as A
from coachgym.rules.statispro.engine import PF, PTS, R_FT
from coachgym.strategy import vocabulary
from coachgym.strategy.vocabulary import NOT_LEGAL, WAIT, Moment

from .helpers import play_until, resolve, value

V = vocabulary("statispro")


@pytest.fixture(scope="module")
def press_menu():
    """A dead-ball menu of the team about to defend, PRESS legal, the book playing on."""
    return play_until(rs, lambda g, d, a: d.kind == "menu" and A.PRESS in d.legal and a == A.PLAY_ON)


def test_score_clock_and_ball_variables(press_menu):
    g, d, _ = press_menu
    s = d.side
    g.team_state[0].pts, g.team_state[1].pts = 60, 55
    assert value(g, HOME, "margin") == 5 and value(g, AWAY, "margin") == -5
    assert (value(g, AWAY, "score"), value(g, AWAY, "opponent_score")) == (55, 60)
    assert value(g, s, "our_ball") is False and value(g, 1 - s, "our_ball") is True
    period, fac = g.period, list(g.fac)
    g.period, g.fac = 3, fac[:45]
    assert value(g, HOME, "minutes_left") == 3.0  # 45 cards, 15 a minute (3.1)
    assert value(g, HOME, "game_minutes_left") == 15.0
    assert value(g, HOME, "period") == 3 and not value(g, HOME, "overtime")
    g.period = 5
    assert value(g, HOME, "overtime") and value(g, HOME, "game_minutes_left") == 3.0
    g.period, g.two_min = 4, True
    assert value(g, HOME, "final_two") is True
    g.eleven = True
    assert value(g, HOME, "last_minute") is True
    g.period, g.fac, g.two_min, g.eleven = period, fac, False, False
    assert value(g, HOME, "decision") == "menu"


def test_fouls_timeouts_fatigue_index_and_declarations(press_menu):
    g, d, _ = press_menu
    g.team_state[0].team_fouls, g.team_state[1].team_fouls = 4, 1
    g.team_state[0].timeouts_used, g.team_state[1].timeouts_used = 2, 0
    assert (value(g, HOME, "team_fouls"), value(g, HOME, "their_team_fouls"), value(g, HOME, "timeouts_used")) == (4, 1, 2)
    g.team_state[AWAY].stats[g.team_state[AWAY].lineup[4]][PF] = 5
    assert value(g, HOME, "their_c_fouls") == 5 and value(g, AWAY, "our_c_fouls") == 5
    assert value(g, HOME, "their_most_fouls") == 5 and value(g, AWAY, "our_most_fouls") == 5
    tired = list(g.team_state[HOME].tired)
    for i in g.team_state[HOME].lineup[:2]:
        g.team_state[HOME].tired[i] = True
    assert value(g, HOME, "our_tired") >= 2 and value(g, AWAY, "their_tired") == value(g, HOME, "our_tired")
    g.team_state[HOME].tired = tired
    g.team_state[HOME].stats[g.team_state[HOME].lineup[1]][PTS] = 33
    assert value(g, AWAY, "their_top_scorer_points") == 33
    g.team_state[0].index, g.team_state[1].index = 3, 0
    assert value(g, HOME, "index_points") == 3
    g.team_state[0].double_team, g.team_state[1].double_team = [g.team_state[AWAY].lineup[0], g.team_state[HOME].lineup[1]], [-1, -1]
    assert value(g, HOME, "double_team_on") and value(g, AWAY, "their_double_team_on") and not value(g, AWAY, "double_team_on")
    g.team_state[0].double_team, g.team_state[1].double_team = [-1, -1], [-1, -1]
    g.team_state[0].three_point_offense, g.team_state[1].three_point_offense = True, False
    assert value(g, HOME, "three_point_offense_on") and value(g, AWAY, "their_three_point_offense_on")
    g.team_state[0].three_point_offense, g.team_state[1].three_point_offense = False, False


def test_press_is_declared_when_the_base_coach_plays_on(press_menu):
    g, d, _ = press_menu
    assert resolve(g, "press", base=A.PLAY_ON) == A.PRESS
    subs = [a for a in d.legal if A.ACTIONS[a].kind == "substitute"]
    if subs:
        assert resolve(g, "press", base=subs[0]) == WAIT  # substitutions first
    c = g.clone()
    c.step(resolve(c, "press", base=A.PLAY_ON))
    assert c.press_next
    assert resolve(g, "no_press", base=A.PRESS) == A.PLAY_ON
    assert resolve(g, "no_press", base=A.PLAY_ON) == WAIT
    # the in-play PRESS call of the final 2:00 (4.2)
    call = Decision(d.side, "press", (A.PRESS, A.NO_PRESS))
    assert resolve(g, "press", decision=call, base=A.NO_PRESS) == A.PRESS
    assert resolve(g, "no_press", decision=call, base=A.PRESS) == A.NO_PRESS
    # the team with the ball has no PRESS to declare
    assert resolve(g, "press", side=1 - d.side, base=A.PLAY_ON) == WAIT


def test_double_team_at_a_set_piece():
    g, d, a = play_until(rs, lambda g, d, a: d.kind == "menu" and any(x in d.legal for x in A.DOUBLE_TEAM_LIST) and a == A.PLAY_ON)
    side = d.side
    best = resolve(g, "double_team", base=A.PLAY_ON)
    assert A.ACTIONS[best].kind == "double_team"
    c = g.clone()
    c.step(best)
    assert c.team_state[side].double_team[0] == c.team_state[1 - side].lineup[A.ACTIONS[best]["target"]]
    dt_c = resolve(g, "double_team", "c", base=A.PLAY_ON)
    assert A.ACTIONS[dt_c]["target"] == 4 and g.team_state[side].guard[A.ACTIONS[dt_c]["helper"]] != 4
    assert resolve(g, "no_double_team", base=best) == A.PLAY_ON
    cancel = Decision(side, "menu", (A.PLAY_ON, A.CANCEL_DOUBLE_TEAM))
    assert resolve(g, "no_double_team", base=A.PLAY_ON, decision=cancel) == A.CANCEL_DOUBLE_TEAM


def test_timeout_and_three_point_declarations():
    g = rs.new_game(seed=0)
    side = HOME
    menu = Decision(side, "menu", (A.PLAY_ON, A.TIMEOUT, A.THREE_POINT_OFFENSE, A.THREE_POINT_DEFENSE))
    assert resolve(g, "timeout", base=A.PLAY_ON, decision=menu) == A.TIMEOUT
    assert resolve(g, "three_point_offense", base=A.PLAY_ON, decision=menu) == A.THREE_POINT_OFFENSE
    assert resolve(g, "three_point_defense", base=A.PLAY_ON, decision=menu) == A.THREE_POINT_DEFENSE
    assert resolve(g, "cancel_three_point_offense", base=A.PLAY_ON, decision=menu) == WAIT  # none in force
    g.team_state[side].three_point_offense = True
    assert resolve(g, "three_point_offense", base=A.PLAY_ON, decision=menu) == WAIT  # already declared
    assert resolve(g, "cancel_three_point_offense", base=A.PLAY_ON,
                   decision=Decision(side, "menu", (A.PLAY_ON, A.CANCEL_THREE_POINT_OFFENSE))) == A.CANCEL_THREE_POINT_OFFENSE
    assert resolve(g, "timeout", base=A.PLAY_ON, decision=Decision(side, "menu", (A.PLAY_ON,))) == NOT_LEGAL


def test_in_play_choices():
    g = rs.new_game(seed=0)
    cases = [("fast_break", (A.FAST_BREAK, A.NORMAL_ACTION), {"fast_break": A.FAST_BREAK, "normal_action": A.NORMAL_ACTION}),
             ("ballhandler", (A.SHOOT, A.ADVANCE), {"shoot": A.SHOOT, "advance": A.ADVANCE}),
             ("three_or_two", (A.SHOOT_THREE, A.SHOOT_TWO), {"shoot_three": A.SHOOT_THREE, "shoot_two": A.SHOOT_TWO}),
             ("free_throw", (A.SHOOT_FREE_THROW, A.INTENTIONAL_MISS),
              {"miss_free_throw": A.INTENTIONAL_MISS, "shoot_free_throw": A.SHOOT_FREE_THROW}),
             ("freeze", (A.FREEZE, A.NO_FREEZE), {"freeze_shooter": A.FREEZE, "no_freeze": A.NO_FREEZE})]
    for kind, legal, expect in cases:
        d = Decision(HOME, kind, tuple(sorted(legal)))
        for action, index in expect.items():
            assert resolve(g, action, decision=d, base=legal[0]) == index


def test_fouling_to_stop_the_clock():
    g = rs.new_game(seed=0)
    d = Decision(AWAY, "stop_clock", (A.FOUL_TO_STOP, A.PLAY_DEFENSE))
    assert resolve(g, "foul_to_stop_clock", decision=d, base=A.PLAY_DEFENSE) == A.FOUL_TO_STOP
    assert resolve(g, "play_defense", decision=d, base=A.FOUL_TO_STOP) == A.PLAY_DEFENSE
    # without 8.7's foul: a deliberate foul on their worst free-throw shooter by his defender
    legal = tuple(sorted([*A.DELIBERATE.values(), A.PLAY_DEFENSE]))
    a = resolve(g, "foul_to_stop_clock", decision=Decision(AWAY, "stop_clock", legal), base=A.PLAY_DEFENSE)
    worst = min(range(5), key=lambda s: g.eff(HOME)[s][R_FT])
    assert A.ACTIONS[a]["target"] == worst and A.ACTIONS[a]["defender"] == g.pd_slot(HOME, worst)


def test_rest_at_a_dead_ball():
    g, d, a = play_until(rs, lambda g, d, a: d.kind == "menu" and any(A.ACTIONS[x].kind == "substitute" for x in d.legal)
                         and d.legal[0] == A.PLAY_ON and g.period == 1)
    side = d.side
    out = g.team_state[side].lineup[4]
    memory = {}
    sub = resolve(g, "rest", "c", base=A.PLAY_ON, memory=memory)
    assert A.ACTIONS[sub].kind == "substitute" and A.ACTIONS[sub]["slot"] == 4
    g.step(sub)
    assert out not in g.team_state[side].lineup and memory["rested"] == {out: 1}
    back = A.SUBSTITUTE[(out, 4)]
    assert V.guard(Moment(g, side, Decision(side, "menu", (A.PLAY_ON, back)), back, None, memory), back) == A.PLAY_ON


@pytest.mark.parametrize("slot, pos", list(enumerate(("pg", "sg", "sf", "pf", "c"))))
def test_personal_fouls_at_every_position(press_menu, slot, pos):
    g, d, _ = press_menu
    i = g.team_state[HOME].lineup[slot]
    saved = g.team_state[HOME].stats[i][PF]
    g.team_state[HOME].stats[i][PF] = 5
    assert value(g, HOME, f"our_{pos}_fouls") == 5 and value(g, AWAY, f"their_{pos}_fouls") == 5
    g.team_state[HOME].stats[i][PF] = saved
