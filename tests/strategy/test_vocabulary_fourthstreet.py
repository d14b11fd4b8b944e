"""4th Street: every situation variable and action of strategy files, in scripted states."""

import pytest

from coachgym.core.engine import AWAY, HOME, Decision
from coachgym.rules.fourthstreet import RULESET as rs
from coachgym.rules.fourthstreet import actions as A
from coachgym.rules.fourthstreet.engine import PF, PTS
from coachgym.strategy import vocabulary
from coachgym.strategy.vocabulary import NOT_LEGAL, WAIT, Moment

from .helpers import play_until, resolve, value

V = vocabulary("fourthstreet")
CALLS = {a.index for a in A.ACTIONS if a.kind in ("defense", "desperation")}


@pytest.fixture(scope="module")
def defense():
    """A defense call (no lineup change) of the away side, with the press allowed, zone defenses on."""
    return play_until(rs, lambda g, d, a: d.kind == "defense" and d.side == AWAY and a in CALLS
                      and A.DEF_PRESS[0] in d.legal and g.period == 2, options={"zone_defense": True})


def test_score_variables_from_each_side(defense):
    g, d, _ = defense
    g.team_state[0].pts, g.team_state[1].pts = [50, 46]
    assert (value(g, HOME, "margin"), value(g, HOME, "score"), value(g, HOME, "opponent_score")) == (4, 50, 46)
    assert (value(g, AWAY, "margin"), value(g, AWAY, "score"), value(g, AWAY, "opponent_score")) == (-4, 46, 50)


def test_clock_variables(defense):
    g, d, _ = defense
    g.period, g.clock = 3, 90
    assert (value(g, HOME, "period"), value(g, HOME, "minutes_left"), value(g, HOME, "seconds_left")) == (3, 1.5, 90)
    assert value(g, HOME, "game_minutes_left") == 13.5 and not value(g, HOME, "overtime")
    g.period = 5
    assert value(g, HOME, "overtime") and value(g, HOME, "game_minutes_left") == 1.5
    g.period, g.clock = 2, 700


def test_ball_clock_timeouts_and_team_fouls(defense):
    g, d, _ = defense
    assert value(g, AWAY, "our_ball") is False and value(g, HOME, "our_ball") is True  # the away side defends
    assert value(g, HOME, "shot_clock") == g.shot_clock
    g.team_state[0].timeouts, g.team_state[1].timeouts = [5, 2]
    g.team_state[0].team_fouls, g.team_state[1].team_fouls = [3, 6]
    assert (value(g, HOME, "timeouts_left"), value(g, HOME, "their_timeouts_left")) == (5, 2)
    assert (value(g, AWAY, "team_fouls"), value(g, AWAY, "their_team_fouls")) == (6, 3)
    assert value(g, HOME, "decision") == "defense"


def test_personal_fouls_by_position(defense):
    g, d, _ = defense
    center = g.team_state[HOME].lineup[4]
    g.team_state[HOME].stats[center][PF] = 4
    g.team_state[HOME].stats[g.team_state[HOME].lineup[0]][PF] = 2
    assert value(g, AWAY, "their_c_fouls") == 4 and value(g, HOME, "our_c_fouls") == 4
    assert value(g, HOME, "our_pg_fouls") == 2 and value(g, AWAY, "their_pg_fouls") == 2
    assert value(g, HOME, "our_most_fouls") == 4 and value(g, AWAY, "their_most_fouls") == 4


def test_fatigue_top_scorer_inside_and_zones(defense):
    g, d, _ = defense
    for i in g.team_state[HOME].lineup:
        g.team_state[HOME].fatigue_points[i] = 0
        g.stint[HOME][i] = 0
    g.team_state[HOME].fatigue_points[g.team_state[HOME].lineup[1]] = 1
    g.team_state[HOME].fatigue_points[g.team_state[HOME].lineup[3]] = 2
    assert value(g, HOME, "our_tired") == 2 and value(g, AWAY, "their_tired") == 2
    g.team_state[HOME].stats[g.team_state[HOME].lineup[2]][PTS] = 31
    assert value(g, AWAY, "their_top_scorer_points") == 31
    assert value(g, AWAY, "their_inside") == sum(g.player(HOME, s).off[1] for s in range(5))
    assert value(g, AWAY, "zone_allowed") is True


def test_press_keeps_the_base_coachs_double_team_and_plays_the_press(defense):
    g, d, _ = defense
    assert resolve(g, "press", base=A.DEF_MAN[3]) == A.DEF_PRESS[3]
    assert resolve(g, "press", "none", base=A.DEF_MAN[3]) == A.DEF_PRESS[0]
    assert resolve(g, "man", base=A.DEF_PRESS[2]) == A.DEF_MAN[2]
    assert resolve(g, "press", base=A.SUB_GRID[0][7]) == WAIT  # a lineup change first
    assert resolve(g, "press", decision=Decision(AWAY, "defense", tuple(A.DEF_MAN))) == NOT_LEGAL  # press banned
    c = g.clone()
    c.step(resolve(c, "press", base=A.DEF_MAN[0]))
    assert c.team_state[AWAY].defense_mode == "press"


def test_zone_double_team_no_double_team_and_desperation(defense):
    g, d, _ = defense
    c = g.clone()
    c.step(resolve(c, "zone", "collapsed", base=A.DEF_MAN[0]))
    assert (c.team_state[AWAY].defense_mode, c.team_state[AWAY].align) == ("zone", "collapsed")
    for k, i in enumerate(g.team_state[HOME].lineup):
        g.team_state[HOME].stats[i][PTS] = 30 if k == 2 else 4
    assert resolve(g, "double_team", base=A.DEF_MAN[0]) == A.DEF_MAN[3]  # their best scorer, at position 3
    assert resolve(g, "double_team", base=A.DEF_PRESS[0]) == A.DEF_PRESS[3]
    assert resolve(g, "double_team", "c", base=A.DEF_ZONE["standard"]) == A.DEF_MAN[5]
    c = g.clone()
    c.step(resolve(c, "double_team", base=A.DEF_MAN[0]))
    assert c.team_state[AWAY].double == 2
    assert resolve(g, "no_double_team", base=A.DEF_PRESS[4]) == A.DEF_PRESS[0]
    assert resolve(g, "no_double_team", base=A.DEF_ZONE["standard"]) == A.DEF_ZONE["standard"]
    assert resolve(g, "foul_intentionally", base=A.DEF_MAN[0]) == NOT_LEGAL  # not the last minute
    late = Decision(AWAY, "defense", tuple(sorted([*A.DEF_MAN, A.INTENTIONAL])))
    assert resolve(g, "foul_intentionally", base=A.DEF_MAN[0], decision=late) == A.INTENTIONAL


def test_offense_calls():
    g, d, a = play_until(rs, lambda g, d, a: d.kind == "offense" and a == A.SETUP and A.KICK in d.legal
                         and A.TIMEOUT in d.legal)
    assert resolve(g, "timeout", base=A.SETUP) == A.TIMEOUT
    assert resolve(g, "kick_it_out", base=A.SETUP) == A.KICK
    assert resolve(g, "setup", base=A.TIMEOUT) == A.SETUP
    assert resolve(g, "three_point_offense", base=A.SETUP) == NOT_LEGAL  # only in the last minute, behind
    late = Decision(d.side, "offense", tuple(sorted([A.SETUP, A.THREE_PT, *A.MILK.values()])))
    assert resolve(g, "three_point_offense", base=A.SETUP, decision=late) == A.THREE_PT
    assert resolve(g, "milk_clock", base=A.SETUP, decision=late) == A.MILK["3B"]
    assert resolve(g, "milk_clock", "3D", base=A.SETUP, decision=late) == A.MILK["3D"]
    c = g.clone()
    c.step(resolve(c, "kick_it_out", base=A.SETUP))
    assert c.team_state[d.side].kick_used


def test_free_throw_choices():
    d = Decision(HOME, "free_throw", (A.FT_NORMAL, A.FT_MISS))
    g = rs.new_game(seed=0)
    assert resolve(g, "miss_free_throw", decision=d, base=A.FT_NORMAL) == A.FT_MISS
    assert resolve(g, "shoot_free_throw", decision=d, base=A.FT_MISS) == A.FT_NORMAL


def test_rest_sits_the_player_until_the_period_ends():
    g, d, a = play_until(rs, lambda g, d, a: d.kind in ("offense", "defense") and d.legal[0] < A.SETUP
                         and g.period == 1)
    side = d.side
    center = g.team_state[side].lineup[4]
    memory = {}
    sub = resolve(g, "rest", "c", base=a, memory=memory)
    act = A.ACTIONS[sub]
    assert act.kind == "sub" and act["slot"] == 4 and act["player"] != center
    assert memory["rested"] == {center: 1}
    g.step(sub)
    assert center not in g.team_state[side].lineup
    # the rule has nothing more to do this period, and the base coach cannot bring him back
    assert resolve(g, "rest", "c", base=A.DONE, memory=memory, decision=Decision(side, "lineup", (A.DONE, A.SUB_GRID[4][0]))) == WAIT
    back = A.SUB_GRID[4][center]
    m = Moment(g, side, Decision(side, "lineup", (A.DONE, back)), back, None, memory, 0)
    assert V.guard(m, back) == A.DONE
    g.period = 2
    assert V.guard(m, back) == back  # a new period: he may return


@pytest.mark.parametrize("slot, pos", list(enumerate(("pg", "sg", "sf", "pf", "c"))))
def test_personal_fouls_at_every_position(defense, slot, pos):
    g, d, _ = defense
    i = g.team_state[AWAY].lineup[slot]
    saved = g.team_state[AWAY].stats[i][PF]
    g.team_state[AWAY].stats[i][PF] = 5
    assert value(g, AWAY, f"our_{pos}_fouls") == 5 and value(g, HOME, f"their_{pos}_fouls") == 5
    g.team_state[AWAY].stats[i][PF] = saved
