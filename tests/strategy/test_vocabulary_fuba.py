"""FUBA: every situation variable and action of strategy files, in scripted states."""

from coachgym.core.engine import AWAY, HOME, Decision
from coachgym.rules.fuba import RULESET as rs
from coachgym.rules.fuba import actions as AT
from coachgym.rules.fuba.board import INDEX
from coachgym.strategy import vocabulary
from coachgym.strategy.vocabulary import NOT_LEGAL, WAIT

from .helpers import play_until, resolve, value

V = vocabulary("fuba")
ACT = AT.ACT


def scenario(ball: str, ct: int, **kw):
    """A position set with the engine's scenario hook (tests, tutorials), advanced to its decision."""
    g = rs.new_game(seed=3)
    home = ["H-PA", "H-F", "H-F", "H-NS", "H-SS", "C", "C", "A-NS", "A-SS", "A-F", "A-F"]
    away = ["A-PA", "A-F", "A-F", "A-NS", "A-SS", "C", "C", "H-NS", "H-SS", "H-F", "H-NS"]
    return g.set_scenario(home=home, away=away, ball=ball, bv=3, ct=ct, stage="actions", **kw)


def test_score_clock_and_ball_variables():
    g = scenario("H-F", ct=AWAY, half=2, minute=70)
    g.team_state[HOME].goals, g.team_state[AWAY].goals = 2, 1
    assert (value(g, HOME, "margin"), value(g, AWAY, "margin"), value(g, HOME, "score")) == (1, -1, 2)
    assert value(g, HOME, "opponent_score") == 1
    assert (value(g, HOME, "half"), value(g, HOME, "minute")) == (2, 70)
    assert (value(g, HOME, "minutes_left"), value(g, HOME, "game_minutes_left")) == (20, 20)
    assert value(g, HOME, "our_ball") is False and value(g, AWAY, "our_ball") is True
    # the ball in the home team's front area: their own half, their defence zone; the away side's attack
    assert (value(g, HOME, "ball_half"), value(g, AWAY, "ball_half")) == ("own", "opponent")
    assert (value(g, HOME, "ball_zone"), value(g, AWAY, "ball_zone")) == ("defence", "attack")
    assert value(g, HOME, "ball_area") == "front" and value(g, HOME, "ball_value") == 3
    assert (value(g, HOME, "our_players_at_ball"), value(g, HOME, "their_players_at_ball")) == (2, 1)
    g.ball = INDEX["C"]
    assert value(g, HOME, "ball_half") == "centre" and value(g, HOME, "ball_zone") == "midfield"
    assert value(g, HOME, "decision") == g.decision.kind


def test_cards_condition_points_and_substitutions():
    g = scenario("C", ct=HOME, half=1, minute=30)
    for ts, yellow, red, subs, condition in zip(g.team_state, [2, 1], [0, 1], [1, 0], [[1, 1, 0], [0, 0, 0]]):
        ts.yellow, ts.red, ts.subs, ts.condition = yellow, red, subs, condition
    assert (value(g, HOME, "yellow_cards"), value(g, HOME, "their_yellow_cards")) == (2, 1)
    assert (value(g, HOME, "red_cards"), value(g, HOME, "their_red_cards")) == (0, 1)
    assert (value(g, HOME, "condition_points"), value(g, AWAY, "their_condition_points")) == (2, 2)
    assert value(g, HOME, "substitutions_used") == 1 and value(g, HOME, "minutes_left") == 15


def test_pressing_and_positioning_when_they_have_the_ball():
    g = scenario("H-F", ct=AWAY, phasing=HOME)
    d = g.decision
    assert d.kind == "action" and d.side == HOME and ACT["pressing"] in d.legal
    assert resolve(g, "pressing", base=ACT["positioning"]) == ACT["pressing"]
    assert resolve(g, "positioning", base=ACT["pressing"]) == ACT["positioning"]
    assert resolve(g, "aggressive_pressing", base=ACT["pressing"]) == NOT_LEGAL  # A6 is an advanced rule
    advanced = Decision(HOME, "action", tuple(sorted([*d.legal, ACT["aggressive_pressing"]])))
    assert resolve(g, "aggressive_pressing", base=ACT["pressing"], decision=advanced) == ACT["aggressive_pressing"]
    assert resolve(g, "no_pressing", base=ACT["pressing"]) == ACT["positioning"]
    assert resolve(g, "no_pressing", base=ACT["positioning"]) == WAIT
    assert resolve(g, "pass", base=ACT["pressing"]) == WAIT  # passing is for the side with the ball
    presses = g.team_state[HOME].stats["pressings"]
    g.step(resolve(g, "pressing", base=ACT["positioning"]))
    assert g.team_state[HOME].stats["pressings"] == presses + 1


def test_actions_with_the_ball():
    g = scenario("C", ct=HOME)
    d = g.decision
    assert d.kind == "action" and d.side == HOME
    assert resolve(g, "pressing", base=d.legal[0]) == WAIT  # no pressing with the ball
    assert resolve(g, "pass", base=ACT["sprint"]) == ACT["pass"]
    assert resolve(g, "sprint", base=ACT["pass"]) == ACT["sprint"]
    assert resolve(g, "end_actions", base=ACT["pass"]) == ACT["end"]


def test_single_choices():
    g = rs.new_game(seed=0)
    T = AT.TABLE
    for kind, pairs in (("goal_attempt", {"goal_attempt": T.index("goal_attempt", shoot=True),
                                          "no_goal_attempt": T.index("goal_attempt", shoot=False)}),
                        ("use_cp", {"use_condition_point": T.index("use_cp", use=True),
                                    "keep_condition_point": T.index("use_cp", use=False)}),
                        ("charge", {"keeper_charges": T.index("charge", charge=True),
                                    "keeper_stays": T.index("charge", charge=False)}),
                        ("slow", {"slow_down": T.index("slow", slow=True), "restart_normally": T.index("slow", slow=False)})):
        d = Decision(HOME, kind, tuple(sorted(pairs.values())))
        for action, index in pairs.items():
            assert resolve(g, action, decision=d, base=d.legal[0]) == index


def test_formation_card():
    g, d, a = play_until(rs, lambda g, d, a: d.kind == "formation")
    assert resolve(g, "formation", "5-4-1", base=a) == AT.FORMATION_INDEX[(5, 4, 1)]
    g.step(AT.FORMATION_INDEX[(5, 4, 1)])
    assert g.decision.kind != "formation" or g.decision.side != d.side
