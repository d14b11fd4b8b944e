"""A13: every row of the special events table, each with scripted dice (momentum double, then the
controlling team's die and the defending team's die)."""

from __future__ import annotations

import pytest

from .helpers import AWAY, HOME, A, FubaOptions, legal_areas, per_side, pick, scenario
from .test_rules_advanced import _skill_scenario

EV = FubaOptions(special_events=True)
EV_ALL = FubaOptions(special_events=True, condition_points=True, injuries=True, aggressive_pressing=True)
CP = ((4, 4, 2), (4, 4, 2))


def _event(ct_die, dt_die, extra=(), options=EV, **kw):
    """The home team (controlling, phasing) rolls a double at the momentum stage (3 actions, ball in the
    centre) and the special event (ct_die, dt_die) follows."""
    kw.setdefault("home", ["H-PA", "C", "C", "H-F"])
    kw.setdefault("away", ["A-PA", "C", "A-F"])
    kw.setdefault("ball", "C")
    kw.setdefault("bv", 3)
    kw.setdefault("ct", HOME)
    kw.setdefault("minute", 20)
    return scenario([("momentum", 2), ("momentum", 2), ("special event controlling team", ct_die),
                     ("special event defending team", dt_die)] + list(extra),
                    options=options, stage="momentum", **kw)


def _name(g):
    return [e for e in g.log if e.kind == "special_event"][-1].data["event"]


@pytest.mark.parametrize("dt_die", [1, 2])
def test_a13_1_1_excellent_attack_move_controlling_team_moves_one_player(dt_die):
    g = _event(1, dt_die)
    assert _name(g) == "excellent_attack_move"
    assert g.decision.kind == "moves" and g.decision.side == HOME
    pick(g, "move_from", area=A("H-F"))
    pick(g, "move_to", area=A("H-NS"))
    # one move only, then the turn goes on with the action stage
    assert g.raw_count(HOME, A("H-NS")) == 1 and g.decision.kind == "action" and g.actions_left == 3


def test_a13_1_1_excellent_attack_move_may_dribble_from_an_area_without_opponents():
    g = _event(1, 1, home=["H-PA", "H-NS", "H-NS"], away=["A-PA", "C"], ball="H-NS")
    pick(g, "move_from", area=A("H-NS"))
    assert "A-NS" in legal_areas(g, "dribble_to")
    pick(g, "dribble_to", area=A("A-NS"))
    assert g.ball == A("A-NS") and g.controlling == HOME


@pytest.mark.parametrize("dt_die", [3, 4])
def test_a13_1_3_excellent_defence_move_defending_team_moves_one_player(dt_die):
    g = _event(1, dt_die)
    assert _name(g) == "excellent_defence_move"
    assert g.decision.kind == "moves" and g.decision.side == AWAY
    pick(g, "move_from", area=A("A-F"))
    pick(g, "move_to", area=A("C"))
    assert g.raw_count(AWAY, A("C")) == 2
    assert g.decision.kind == "action" and g.decision.side == HOME


def test_a13_3_1_defenders_foul_free_kick_and_yellow_test_for_the_defenders():
    g = _event(3, 2, [("yellow card test", 4)])
    assert _name(g) == "defenders_foul"
    assert per_side(g, "yellow") == [0, 1] and g.controlling == HOME and g.ball_value == 2
    # a free kick in the centre is always a quick free kick (5.2.3): the awarded team moves first
    assert g.decision.kind == "moves" and g.decision.side == HOME
    assert g.team_state[HOME].stats["free_kicks"] == 1


@pytest.mark.parametrize("dt_die", [3, 4])
def test_a13_3_3_attackers_foul_free_kick_and_yellow_test_for_the_attackers(dt_die):
    g = _event(3, dt_die, [("yellow card test", 5)])
    assert _name(g) == "attackers_foul"
    assert per_side(g, "yellow") == [1, 0] and g.controlling == AWAY and g.ball_value == 2
    assert g.team_state[AWAY].stats["free_kicks"] == 1


def test_a13_3_5_defenders_rude_foul_yellow_red_test_plus_one_and_injury_to_the_fouled():
    # away: yellow (its first), red test with +1: 1 < 1 + 1 -> red card; home rolls for an injury (2: back later)
    g = _event(3, 5, [("red card test", 1), ("injury", 2)], options=EV_ALL, cp=CP,
               home=["H-PA", "C", "C", "H-F"], away=["A-PA", "C", "A-F", "A-NS"])
    assert _name(g) == "defenders_rude_foul"
    assert g.team_state[AWAY].red == 1 and g.team_state[AWAY].yellow == 0  # the die was 1: one yellow discarded
    assert g.team_state[HOME].stats["injuries"] == 1 and g.injured and g.injured[0][0] == HOME
    assert g.decision.kind == "remove" and g.decision.side == AWAY
    pick(g, "remove", area=A("A-NS"))
    assert g.controlling == HOME and g.ball_value == 2


def test_a13_3_6_attackers_rude_foul_yellow_and_red_test_for_the_attackers_injury_for_the_defenders():
    g = _event(3, 6, [("red card test", 2), ("injury", 3)], options=EV_ALL, cp=CP)
    assert _name(g) == "attackers_rude_foul"
    assert per_side(g, "yellow") == [1, 0] and per_side(g, "red") == [0, 0]  # 2 is not below 1 + 1
    assert g.team_state[AWAY].stats["injuries"] == 1 and g.controlling == AWAY and g.ball_value == 2


@pytest.mark.parametrize("dt_die", [1, 2, 3])
def test_a13_4_1_fatigue_both_teams_lose_a_point_in_the_balls_zone(dt_die):
    g = _event(4, dt_die, options=FubaOptions(special_events=True, condition_points=True), cp=((4, 4, 2), (4, 0, 2)))
    assert _name(g) == "fatigue"
    assert g.team_state[HOME].condition == [4, 3, 2]  # the ball is in the midfield zone
    assert g.team_state[AWAY].condition == [2, 0, 2]  # none left in midfield: two from the other zones


def test_a13_4_4_ball_over_the_goal_line_corner_if_the_area_touches_a_goal_line():
    g = _event(4, 4, home=["H-PA", "A-NC", "A-NC"], away=["A-PA", "A-NC"], ball="A-NC")
    assert _name(g) == "ball_over_goal_line"
    assert g.team_state[HOME].stats["corners"] == 1 and g.controlling == HOME
    assert g.decision.kind == "setup" and legal_areas(g, "place") == {"A-NK", "A-SK"}
    # in the centre (no goal line) nothing happens
    g = _event(4, 4)
    assert g.team_state[HOME].stats["corners"] == 0 and g.decision.kind == "action"


def test_a13_4_5_momentum_dribble_despite_the_defenders():
    g = _event(4, 5)
    assert _name(g) == "momentum"
    assert g.decision.kind == "moves" and g.decision.side == HOME
    pick(g, "move_from", area=A("C"))
    # only dribbles: the defender in C does not stop it
    assert all(g.actions[i].kind == "dribble_to" for i in g.decision.legal)
    pick(g, "dribble_to", area=A("A-F"))
    assert g.ball == A("A-F") and g.raw_count(HOME, A("A-F")) == 1


def test_a13_4_6_aggressive_defence_forced_aggressive_pressing():
    # away has one player in C against two: it must press aggressively (numbers not counted), +1 before the roll
    g = _event(4, 6, [("pressing", 3), ("pressing", 5)], options=EV_ALL, cp=CP)
    assert _name(g) == "aggressive_defence"
    assert g.team_state[AWAY].condition == [4, 3, 2]  # the condition point is paid
    assert g.controlling == AWAY and g.ball_value == 5  # 3 < 3 + 1: ball won, the higher die is the value
    # without A6 the event has no effect
    g = _event(4, 6, options=EV)
    assert g.controlling == HOME and g.ball_value == 3


def test_a13_5_1_high_ball_head_collision_higher_die_wins_the_ball_both_roll_injuries():
    g = _event(5, 1, [("head collision controlling team", 4), ("head collision defending team", 4),
                      ("head collision controlling team", 2), ("head collision defending team", 5),
                      ("injury", 6), ("injury", 1)], options=EV_ALL, cp=CP, away=["A-PA", "C", "C", "A-F"])
    assert _name(g) == "head_collision"
    assert g.controlling == AWAY and g.ball_value == 5  # tie rerolled; away's 5 beats 2
    assert g.team_state[HOME].stats["injuries"] == 1 and g.team_state[AWAY].stats["injuries"] == 1
    assert g.on_pitch(HOME) == 3 and g.on_pitch(AWAY) == 3  # home's player out for good, away's for 1 minute
    assert len(g.injured) == 1 and g.injured[0][0] == AWAY and g.injured[0][2] == g.clock + 10


def test_a13_5_2_failed_pass_defenders_take_the_ball_with_a_rolled_value():
    g = _event(5, 2, [("failed pass ball value", 4)])
    assert _name(g) == "failed_pass"
    assert g.controlling == AWAY and g.ball_value == 4
    # no defender in the ball's area: no effect
    g = _event(5, 2, away=["A-PA", "A-F"])
    assert g.controlling == HOME and g.ball_value == 3


def test_a13_5_3_perfect_pass_ball_to_an_adjacent_area_with_a_player():
    g = _event(5, 3)
    assert _name(g) == "perfect_pass"
    assert g.decision.kind == "perfect_pass" and g.decision.side == HOME
    assert legal_areas(g, "move_to") == {"H-F"}
    pick(g, "move_to", area=A("H-F"))
    assert g.ball == A("H-F") and g.decision.kind == "action"


def test_a13_5_4_behind_the_referees_back_controlling_team_rolls_for_an_injury():
    g = _event(5, 4, [("injury", 5)], options=EV_ALL, cp=CP)
    assert _name(g) == "behind_referees_back"
    assert g.team_state[HOME].stats["injuries"] == 1 and g.on_pitch(HOME) == 3


def test_a13_5_5_streaker_and_5_6_out_of_position_goalkeeper():
    g = _event(5, 5, [("streaker", 1)])
    assert g.minute == 20 + 3 + 2
    g = _event(5, 6)
    assert _name(g) == "keeper_out_of_position" and g.turn_bonus == 2


def test_a13_6_1_terrace_chant_free_condition_point_for_the_first_action():
    g = _event(6, 2, [("sprint", 5), ("sprint", 2)], options=FubaOptions(special_events=True, condition_points=True),
               cp=CP)
    assert _name(g) == "terrace_chant" and g.free_condition_point
    pick(g, "action", what="sprint")
    pick(g, "use_cp", use=True)
    assert g.team_state[HOME].condition == [4, 4, 2] and not g.free_condition_point  # the point came from the terraces


def test_a13_6_1_terrace_chant_point_is_lost_when_the_first_action_does_not_use_it():
    g = _event(6, 1, [("sprint", 3), ("sprint", 3), ("sprint", 5), ("sprint", 2)],
               options=FubaOptions(special_events=True, condition_points=True), cp=CP)
    assert g.free_condition_point
    pick(g, "action", what="sprint")  # equal dice: no condition point to use
    while g.decision.kind in ("sprint", "sprint_to"):
        pick(g, "done")
    assert not g.free_condition_point and g.decision.kind == "action"
    pick(g, "action", what="sprint")
    pick(g, "use_cp", use=True)
    assert g.team_state[HOME].condition == [4, 3, 2]  # the second action pays from the midfield


SKA = FubaOptions(special_events=True, condition_points=True, skills=True)


def _skill_event(ct_die, dt_die, extra=(), home_skills=(), away_skills=()):
    return _skill_scenario([("momentum", 2), ("momentum", 2), ("special event controlling team", ct_die),
                            ("special event defending team", dt_die)] + list(extra), home_skills, away_skills,
                           options=SKA, home=["H-PA", "C", "C", "H-F"], away=["A-PA", "C", "A-F"], ball="C", bv=3,
                           ct=HOME, stage="momentum", minute=20)


def test_a13_6_3_injured_star_defending_team_loses_a_random_skill():
    g = _skill_event(6, 3, [("injured star skill", 2)], away_skills=["crossing", "regista"])
    assert g.team_state[AWAY].skills == ["crossing"]


def test_a13_6_4_injured_star_controlling_team_loses_a_random_skill():
    g = _skill_event(6, 4, [("injured star skill", 1)], home_skills=["crossing", "regista"])
    assert g.team_state[HOME].skills == ["regista"]


def test_a13_6_5_new_talent_defending_team_gains_a_random_skill():
    from coachgym.rules.fuba.board import IMPLEMENTED_SKILLS
    g = _skill_event(6, 5, [("new talent skill", 1)], away_skills=["trained_formation_change"])
    pool = [k for k in IMPLEMENTED_SKILLS if k != "trained_formation_change"]
    assert g.team_state[AWAY].skills == ["trained_formation_change", pool[0]]


def test_a13_6_6_new_talent_controlling_team_printed_row():
    """A13 6-6, the rule text's last line: "6	6	New talent (CT)	The controlling team gets a new random
    skill immediately for use in the current match." (Printed, with no newline after it: the docs
    once called it lost and reconstructed it; the reconstruction was the printed row.)"""
    from pathlib import Path

    text = Path(__file__).parents[2].parent / "shared" / "rules" / "fuba-rulebook-2024.md"
    if text.exists():
        assert text.read_text(encoding="utf-8").rstrip().splitlines()[-1].startswith("6\t6\tNew talent (CT)\t")
    g = _skill_event(6, 6, [("new talent skill", 3)])
    assert _name(g) == "new_talent_ct" and len(g.team_state[HOME].skills) == 1 and g.team_state[AWAY].skills == []


def test_a13_every_cell_of_the_table_names_an_event():
    from coachgym.rules.fuba.board import special_event
    names = {special_event(a, b) for a in range(1, 7) for b in range(1, 7)}
    assert len(names) == 27  # 4 + 4 + 4 + 4 + 6 + 5 rows as printed (6-6 the text's last line)
    assert "new_talent_ct" in names and "terrace_chant" in names
