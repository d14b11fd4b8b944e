"""Value Add: every situation variable and action of strategy files, in scripted states."""

import pytest

from coachgym.core.engine import AWAY, HOME, Decision
from coachgym.rules.valueadd import RULESET as rs
from coachgym.rules.valueadd import actions as A
from coachgym.strategy import vocabulary
from coachgym.strategy.vocabulary import NOT_LEGAL, WAIT, Moment

from .helpers import play_until, resolve, value

V = vocabulary("valueadd")


@pytest.fixture(scope="module")
def late_defense():
    """A defense menu in the last nine boxes, intentional fouls allowed, the book playing on."""
    return play_until(rs, lambda g, d, a: d.kind == "defense_menu" and A.INTENTIONAL_FOUL in d.legal and a == A.PLAY)


def test_score_and_box_variables(late_defense):
    g, d, _ = late_defense
    g.team_state[HOME].points, g.team_state[AWAY].points = 61, 58
    assert (value(g, HOME, "margin"), value(g, AWAY, "margin"), value(g, AWAY, "score")) == (3, -3, 58)
    assert value(g, AWAY, "opponent_score") == 61
    assert value(g, HOME, "boxes_left") == g.box and value(g, HOME, "last_nine") is True
    assert value(g, HOME, "overtime") is False and value(g, HOME, "bottom_half") == (g.half == 1)
    assert value(g, d.side, "our_ball") is False and value(g, 1 - d.side, "our_ball") is True
    assert value(g, HOME, "decision") == "defense_menu"
    box = g.box
    g.box = 20
    assert value(g, HOME, "last_nine") is False
    g.period = 1
    assert value(g, HOME, "overtime") and value(g, HOME, "last_nine")
    g.box, g.period = box, 0


def test_modes_fouls_and_tiredness(late_defense):
    g, d, _ = late_defense
    g.team_state[HOME].three_mode = True
    assert value(g, HOME, "three_point_mode_on") and value(g, AWAY, "their_three_point_mode_on")
    g.team_state[HOME].three_mode = False
    assert value(g, HOME, "foul_limit") == 5
    g.team_state[AWAY].fouls[g.team_state[AWAY].lineup[0]] = 4
    assert value(g, AWAY, "our_pg_fouls") == 4 and value(g, HOME, "their_pg_fouls") == 4
    assert value(g, HOME, "their_most_fouls") == 4 and value(g, AWAY, "our_most_fouls") == 4
    ts = g.team_state[HOME]
    players = g.teams[HOME].players
    saved = list(ts.played)
    for i in ts.lineup:
        ts.played[i] = 0
    ts.played[ts.lineup[2]] = players[ts.lineup[2]].stamina + 1
    assert value(g, HOME, "our_tired") == 1 and value(g, AWAY, "their_tired") == 1
    ts.played[:] = saved


def test_intentional_fouls(late_defense):
    g, d, _ = late_defense
    assert resolve(g, "intentional_foul", base=A.PLAY) == A.INTENTIONAL_FOUL
    c = g.clone()
    c.step(A.INTENTIONAL_FOUL)
    assert c.ctx.get("intentional") is True
    sub = next((a for a in d.legal if A.ACTIONS[a].kind == "substitute"), None)
    if sub is not None:
        assert resolve(g, "intentional_foul", base=sub) == WAIT  # substitutions first
    assert resolve(g, "no_intentional_foul", base=A.INTENTIONAL_FOUL) == A.PLAY
    assert resolve(g, "no_intentional_foul", base=A.PLAY) == WAIT
    early = Decision(d.side, "defense_menu", (A.PLAY, *A.AVOID))
    assert resolve(g, "intentional_foul", base=A.PLAY, decision=early) == NOT_LEGAL


def test_three_point_mode_is_switched_and_kept():
    g, d, a = play_until(rs, lambda g, d, a: d.kind == "offense_menu" and A.THREE_POINT_MODE in d.legal and a == A.PLAY)
    side = d.side
    assert not g.team_state[side].three_mode
    assert resolve(g, "three_point_mode", "on", base=A.PLAY) == A.THREE_POINT_MODE
    assert resolve(g, "three_point_mode", "off", base=A.PLAY) == WAIT  # already off
    g.step(A.THREE_POINT_MODE)
    assert g.team_state[side].three_mode
    # on: the base coach switching it off is kept from it
    assert resolve(g, "three_point_mode", "on", base=A.THREE_POINT_MODE, side=side,
                   decision=Decision(side, "offense_menu", (A.PLAY, A.THREE_POINT_MODE))) == A.PLAY
    assert resolve(g, "d8_first", base=A.PLAY, side=side,
                   decision=Decision(side, "offense_menu", (A.PLAY, A.D8_FIRST))) == A.D8_FIRST


def test_avoid_fouls_for_a_position():
    g, d, a = play_until(rs, lambda g, d, a: d.kind == "defense_menu" and A.AVOID[4] in d.legal and a == A.PLAY)
    side = d.side
    assert resolve(g, "avoid_fouls", "c", base=A.PLAY) == A.AVOID[4]
    g.step(A.AVOID[4])
    assert g.avoiding(side, 4)


def test_possession_choices():
    g = rs.new_game(seed=0)
    for kind, pair in (("fast_break", {"fast_break": A.FAST_BREAK, "no_fast_break": A.NORMAL_AFTER_STEAL}),
                       ("stick_back", {"stick_back": A.STICK_BACK, "no_stick_back": A.NORMAL_AFTER_REBOUND}),
                       ("dunk_choice", {"take_dunk": A.TAKE_DUNK, "take_d20": A.TAKE_D20})):
        d = Decision(HOME, kind, tuple(sorted(pair.values())))
        for action, index in pair.items():
            assert resolve(g, action, decision=d, base=d.legal[0]) == index


def test_rest_with_rotation_three():
    g, d, a = play_until(rs, lambda g, d, a: d.kind == "offense_menu" and d.legal[0] == A.PLAY
                         and any(A.ACTIONS[x].kind == "substitute" for x in d.legal) and g.box > 30)
    side = d.side
    out = g.team_state[side].lineup[1]
    memory = {}
    sub = resolve(g, "rest", "sg", base=A.PLAY, memory=memory)
    assert A.ACTIONS[sub].kind == "substitute" and A.ACTIONS[sub]["slot"] == 1
    g.step(sub)
    assert out not in g.team_state[side].lineup
    back = A.SUBSTITUTE[(out, 1)]
    assert V.guard(Moment(g, side, Decision(side, "offense_menu", (A.PLAY, back)), back, None, memory), back) == A.PLAY


@pytest.mark.parametrize("slot, pos", list(enumerate(("pg", "sg", "sf", "pf", "c"))))
def test_personal_fouls_at_every_position(late_defense, slot, pos):
    g, d, _ = late_defense
    ts = g.team_state[HOME]
    i = ts.lineup[slot]
    saved = ts.fouls[i]
    ts.fouls[i] = 3
    assert value(g, HOME, f"our_{pos}_fouls") == 3 and value(g, AWAY, f"their_{pos}_fouls") == 3
    ts.fouls[i] = saved
