"""One test (at least) per implemented advanced rule A1-A13, each with scripted dice."""

from __future__ import annotations

import pytest

from coachgym.core.errors import ConfigError
from coachgym.rules.fuba import RULESET

from .helpers import AWAY, HOME, A, FubaOptions, act, legal_areas, new_game, per_side, pick, scenario

CP = FubaOptions(condition_points=True)


def test_a1_2_sprint_condition_point_takes_the_higher_die():
    g = scenario([("sprint", 5), ("sprint", 2)], home=["H-PA", "C", "C", "H-F"], away=["A-PA", "A-F"], ball="C",
                 bv=2, ct=HOME, stage="actions", cp=((4, 4, 2), (4, 4, 2)), options=CP)
    pick(g, "action", what="sprint")
    assert g.decision.kind == "use_cp"
    pick(g, "use_cp", use=True)
    assert g.team_state[HOME].condition == [4, 3, 2]  # the ball is in the midfield zone
    assert g.ctx["left"] == 5


def test_a1_2_no_point_in_the_zone_costs_two_from_an_adjacent_zone():
    g = scenario([("sprint", 5), ("sprint", 2)], home=["H-PA", "C", "C", "H-F"], away=["A-PA", "A-F"], ball="C",
                 bv=2, ct=HOME, stage="actions", cp=((3, 0, 1), (4, 4, 2)), options=CP)
    pick(g, "action", what="sprint")
    pick(g, "use_cp", use=True)
    assert g.team_state[HOME].condition == [1, 0, 1]


def test_a1_2_positioning_condition_point_adds_a_step_unless_outnumbered():
    g = scenario([("positioning", 3), ("positioning", 1)], home=["H-PA", "C"], away=["A-PA", "C"], ball="C", bv=2,
                 ct=HOME, phasing=AWAY, stage="actions", cp=((4, 4, 2), (4, 4, 2)), options=CP)
    pick(g, "action", what="positioning")
    pick(g, "use_cp", use=True)
    assert g.ball_value == 4 and g.team_state[AWAY].condition == [4, 3, 2]
    g = scenario([("positioning", 3), ("positioning", 1)], home=["H-PA", "C", "C"], away=["A-PA", "C"], ball="C",
                 bv=2, ct=HOME, phasing=AWAY, stage="actions", cp=((4, 4, 2), (4, 4, 2)), options=CP)
    pick(g, "action", what="positioning")
    assert g.ball_value == 3 and g.decision.kind != "use_cp"


def test_a3_substitution_at_the_end_of_the_turn_adds_condition_points():
    opts = FubaOptions(condition_points=True, substitutions=True)
    g = scenario([("substitution", 3), ("substitution", 2)], home=["H-PA", "C", "C"], away=["A-PA", "A-F"],
                 ball="C", bv=2, ct=HOME, stage="actions", half=2, minute=60, cp=((2, 2, 2), (4, 4, 2)), options=opts)
    pick(g, "action", what="end")
    assert g.decision.kind == "substitutions" and g.decision.side == HOME
    assert act("substitutions", n=3) in g.decision.legal
    pick(g, "substitutions", n=1)
    # 50 is not higher than the game time 60: two condition points
    pick(g, "cp_zone", zone=2)
    pick(g, "cp_zone", zone=2)
    pick(g, "sub_option", option="none")
    assert g.team_state[HOME].subs == 1 and g.team_state[HOME].condition == [2, 2, 4]
    assert g.phasing == AWAY


def test_a3_at_most_three_substitutions():
    opts = FubaOptions(substitutions=True)
    g = scenario([], home=["H-PA", "C", "C"], away=["A-PA", "A-F"], ball="C", bv=2, ct=HOME, stage="actions",
                 options=opts)
    g.team_state[HOME].subs = 3
    pick(g, "action", what="end")
    assert g.decision.kind != "substitutions" or g.decision.side != HOME


def test_a4_injury_temporary_player_returns_in_the_centre():
    opts = FubaOptions(special_events=True, injuries=True)
    g = scenario([("momentum", 5), ("momentum", 5), ("special event controlling team", 5),
                  ("special event defending team", 4), ("injury", 2)],
                 home=["H-PA", "A-F", "A-F"], away=["A-PA", "A-PA"], ball="A-F", bv=3, ct=HOME, stage="momentum",
                 options=opts, minute=30)
    assert g.raw_count(HOME, A("A-F")) == 1 and -3 in g.team_state[HOME].pos
    assert g.injured and g.injured[0][0] == HOME
    # time moves on; at the end of a turn after two minutes the player comes back in the centre area
    g.minute = 33
    pick(g, "action", what="end")
    assert -3 not in g.team_state[HOME].pos and g.raw_count(HOME, A("C")) == 1


def test_a4_injury_five_or_six_is_for_good():
    opts = FubaOptions(special_events=True, injuries=True)
    g = scenario([("momentum", 5), ("momentum", 5), ("special event controlling team", 5),
                  ("special event defending team", 4), ("injury", 6)],
                 home=["H-PA", "A-F", "A-F"], away=["A-PA", "A-PA"], ball="A-F", bv=3, ct=HOME, stage="momentum",
                 options=opts)
    assert g.on_pitch(HOME) == 2 and -1 in g.team_state[HOME].pos


def test_a6_aggressive_pressing_one_player_short_and_failure_gives_free_kick():
    opts = FubaOptions(condition_points=True, aggressive_pressing=True)
    g = scenario([("pressing", 6), ("pressing", 5), ("yellow card test", 4)],
                 home=["H-PA", "C", "C"], away=["A-PA", "C"], ball="C", bv=3, ct=HOME, phasing=AWAY,
                 stage="actions", cp=((4, 4, 2), (4, 4, 2)), options=opts)
    assert act("action", what="pressing") not in g.decision.legal
    pick(g, "action", what="aggressive_pressing")
    assert g.team_state[AWAY].condition == [4, 3, 2] and g.team_state[AWAY].yellow == 1
    assert g.controlling == HOME and g.ball_value == 2 and g.team_state[HOME].stats["free_kicks"] == 1


def test_a6_aggressive_pressing_raises_the_value_before_the_roll():
    opts = FubaOptions(condition_points=True, aggressive_pressing=True)
    g = scenario([("pressing", 4), ("pressing", 6)], home=["H-PA", "C", "C"], away=["A-PA", "C"], ball="C", bv=4,
                 ct=HOME, phasing=AWAY, stage="actions", cp=((4, 4, 2), (4, 4, 2)), options=opts)
    pick(g, "action", what="aggressive_pressing")
    assert g.controlling == AWAY and g.ball_value == 6  # 4 < 4+1


def test_a7_offside_risk_adds_one_and_ignores_the_target_modifier():
    home = ["H-PA", "C", "A-F", "A-F", "C"]
    away = ["A-PA", "A-NS", "A-SS"]
    g = scenario(home=home, away=away, ball="C", bv=2, ct=HOME, stage="actions")
    plain = g.pass_targets(HOME)[A("A-F")]
    g = scenario(home=home, away=away, ball="C", bv=2, ct=HOME, stage="actions", options=FubaOptions(offside_risk=True))
    risky = g.pass_targets(HOME)[A("A-F")]
    assert plain == 1 - 0 or plain == 1  # start 2 v 0: -1; target 2 v 1: -1 -> 1 (floor)
    assert risky == 2  # start -1, +1 offside risk, the target's -1 ignored


def test_a8_challenge_needs_dice_higher_than_the_ball_value():
    opts = FubaOptions(condition_points=True, challenge=True)
    g = scenario([("pass", 3), ("pass", 3)], home=["H-PA", "C", "C"], away=["A-PA", "C", "C"], ball="C", bv=3,
                 ct=HOME, stage="actions", cp=((4, 4, 2), (4, 4, 2)), options=opts)
    pick(g, "action", what="challenge")
    assert g.team_state[HOME].condition == [4, 3, 2]
    assert g.controlling == AWAY  # 3 and 3 against 3: equal is not enough


def test_a8_challenge_creative_may_dribble_the_ball_on():
    opts = FubaOptions(condition_points=True, challenge=True)
    g = scenario([("pass", 5), ("pass", 6)], home=["H-PA", "C", "C"], away=["A-PA", "C"], ball="C", bv=3,
                 ct=HOME, stage="actions", actions=2, cp=((4, 4, 2), (4, 4, 2)), options=opts)
    pick(g, "action", what="challenge")
    pick(g, "move_from", area=A("C"))
    pick(g, "dribble_to", area=A("A-F"))
    assert g.ball == A("A-F")


def slowed_restart(red_die=6, yellows=0):
    """Home scores; Away slows the kick-off restart (A9): 2 + 1 dice x 10 = 30 < 62, a yellow card and
    the red card test with ``red_die`` (Away already holding ``yellows`` yellow cards)."""
    opts = FubaOptions(slowing_play=True)
    g = scenario([("pass", 6), ("pass", 6), ("goal attempt", 1), ("slowing", 1), ("slowing", 2), ("red card test", red_die)],
                 home=["H-PA", "A-PA", "A-F", "A-F"], away=["A-PA", "A-PA", "A-PA", "A-F"], ball="A-F", bv=2, ct=HOME,
                 stage="actions", half=2, minute=60, options=opts)
    g.team_state[AWAY].yellow = yellows
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-F"))
    if g.decision.kind == "moves":
        pick(g, "done")
    pick(g, "goal_attempt", shoot=True)
    assert g.decision.kind == "slow" and g.decision.side == AWAY
    pick(g, "slow", slow=True)
    return g


def test_a9_slowing_play_risks_a_yellow_card():
    g = slowed_restart()
    assert g.minute == 62 and g.team_state[AWAY].yellow == 1  # 30 < 62


def test_a10_wind_doubles_the_long_pass_modifier_and_rain_raises_the_new_value():
    kw = dict(home=["H-PA", "H-NS", "A-PA", "A-PA"], away=["A-PA", "A-PA", "H-NS", "A-F"], ball="H-NS", bv=2,
              ct=HOME, stage="actions")
    g = scenario(**kw)
    calm = g.pass_targets(HOME)[A("A-PA")]
    g.weather = "wind"
    assert g.pass_targets(HOME)[A("A-PA")] == calm + 2
    g = scenario([("pass", 2), ("pass", 3)], home=["H-PA", "C", "A-NS", "A-NS"], away=["A-PA", "A-F"], ball="C",
                 bv=2, ct=HOME, stage="actions", actions=2)
    g.weather = "rain"
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-NS"))
    if g.decision.kind == "moves":
        pick(g, "done")
    assert g.ball_value == 3  # lower die 2 + 1 for the rain


def test_a11_var_denies_a_goal_on_double_six():
    g = scenario([("pass", 6), ("pass", 6), ("goal attempt", 6), ("V.A.R.", 6), ("V.A.R.", 6)],
                 home=["H-PA", "A-PA", "A-PA", "A-PA"], away=["A-PA", "A-PA"], ball="A-PA", bv=1, ct=HOME,
                 stage="actions", options=FubaOptions(var=True))
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-PA"))
    if g.decision.kind == "moves":
        pick(g, "done")
    pick(g, "goal_attempt", shoot=True)
    assert g.score == (0, 0) and g.controlling == AWAY and g.team_state[AWAY].stats["free_kicks"] == 1


@pytest.mark.parametrize("dice,check", [
    ((2, 1), lambda g: g.ball_value == 5),                       # ball bounces (DT): +2
    ((2, 3), lambda g: g.ball_value == 1),                       # ball bounces (CT): -2
    ((2, 5), lambda g: g.actions_left == 2),              # lost momentum: -1 action
    ((1, 6), lambda g: g.actions_left == 4),              # fast situation (PT): +1 action
    ((5, 6), lambda g: g.turn_bonus == 2),                # out of position goalkeeper
    ((2, 6), lambda g: g.no_offside_risk),                # failed man-marking
    ((6, 1), lambda g: g.free_condition_point),                        # terrace chant
])
def test_a13_special_events_table(dice, check):
    g = scenario([("momentum", 2), ("momentum", 2), ("special event controlling team", dice[0]),
                  ("special event defending team", dice[1])],
                 home=["H-PA", "C", "C"], away=["A-PA", "C"], ball="C", bv=3, ct=HOME, stage="momentum",
                 options=FubaOptions(special_events=True, condition_points=True))
    assert check(g)


def test_a13_streaker_moves_the_time():
    g = scenario([("momentum", 2), ("momentum", 2), ("special event controlling team", 5),
                  ("special event defending team", 5), ("streaker", 3)],
                 home=["H-PA", "C", "C"], away=["A-PA", "C"], ball="C", bv=3, ct=HOME, stage="momentum", minute=20,
                 options=FubaOptions(special_events=True))
    assert g.minute == 20 + 3 + 4


def test_a13_fast_situation_for_the_non_phasing_team():
    g = scenario([("momentum", 2), ("momentum", 2), ("special event controlling team", 1),
                  ("special event defending team", 5), ("positioning", 6), ("positioning", 6)],
                 home=["H-PA", "C", "C"], away=["A-PA", "C"], ball="C", bv=3, ct=HOME, stage="momentum",
                 options=FubaOptions(special_events=True))
    assert g.decision.side == AWAY and g.decision.kind == "action"
    pick(g, "action", what="positioning")
    assert g.ball_value == 5
    assert g.decision.side == HOME and g.actions_left == 3


def test_a2_roles_limits_and_condition_point_shifts():
    g = new_game([("kick-off roll home", 5), ("kick-off roll away", 3)],
                 FubaOptions(condition_points=True, player_roles=True))
    pick(g, "formation", d=4, m=4, f=2)
    pick(g, "role", role="attacking_centre_back")
    assert act("role", role="attacking_centre_back") not in g.decision.legal  # only one
    pick(g, "role", role="offensive_wing_back")
    pick(g, "role", role="offensive_wing_back")
    assert act("role", role="offensive_wing_back") not in g.decision.legal  # up to two
    pick(g, "role", role="withdrawn_striker")
    pick(g, "role", role="defending_midfielder")
    pick(g, "done")
    pick(g, "formation", d=4, m=4, f=2)
    pick(g, "done")
    pick(g, "kickoff", take=True)
    # defence 4 - 1 (centre-back) - 2 (wing backs) + 1 (defending mid); midfield 4 - 1 + 1 + 1; forwards 2 - 1 + 2
    assert g.team_state[HOME].condition == [2, 5, 3] and g.team_state[AWAY].condition == [4, 4, 2]


def test_unimplemented_options_are_refused():
    with pytest.raises(ConfigError):
        RULESET.new_game(options={"skills": True})
    with pytest.raises(ConfigError):
        RULESET.new_game(options={"aggressive_pressing": True})


# ---------------------------------------------------------------- A12 skills
from coachgym.rules.fuba import FubaTeam  # noqa: E402

SK = FubaOptions(condition_points=True, skills=True)


def _reserve(match_skills):
    """A12 puts half of the skills (rounded up) on the match: a reserve of inert skills to go with them."""
    from coachgym.rules.fuba.board import IMPLEMENTED_SKILLS

    spare = [s for s in IMPLEMENTED_SKILLS if s not in match_skills]
    return spare[:max(0, len(match_skills) - 1)]


def _skill_scenario(script, home_skills=(), away_skills=(), **kw):
    from coachgym.core.chance import ScriptedSource

    g = RULESET.new_game(FubaTeam("Blue", "BLU", True, list(home_skills), _reserve(home_skills)),
                         FubaTeam("Yellow", "YEL", True, list(away_skills), _reserve(away_skills)),
                         source=ScriptedSource([]), options=kw.pop("options", SK))
    kw.setdefault("cp", ((4, 4, 2), (4, 4, 2)))
    return g.set_scenario(source=ScriptedSource(list(script)), **kw)


def _shoot_from_box(script, home_skills=(), away_skills=()):
    g = _skill_scenario([("pass", 3), ("pass", 4)] + script, home_skills, away_skills,
                        home=["H-PA", "A-PA", "A-PA", "A-PA", "A-F"], away=["A-PA", "A-PA", "A-PA"], ball="A-F", bv=2, ct=HOME,
                        stage="actions")
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-PA"))
    if g.decision.kind == "moves":
        pick(g, "done")
    pick(g, "goal_attempt", shoot=True)
    return g


def test_a12_clinical_finisher_adds_one_from_the_penalty_area():
    # value 3 after the pass (lower die); box 3 v 3: 0; need 4; a 3 +1 scores
    g = _shoot_from_box([("goal attempt", 3)], home_skills=["clinical_finisher"])
    assert g.decision.kind == "skill" and g.decision.side == HOME
    pick(g, "skill", skill="clinical_finisher")
    assert g.score == (1, 0) and g.team_state[HOME].condition == [4, 4, 1]  # paid from the forwards (attack zone)


def test_a12_shot_stopper_two_dice_lower_counts():
    g = _shoot_from_box([("goal attempt", 6), ("goal attempt (2nd die)", 1)], away_skills=["shot_stopper"])
    assert g.decision.kind == "skill" and g.decision.side == AWAY
    pick(g, "skill", skill="shot_stopper")
    assert g.score == (0, 0)


def test_a12_skill_may_be_declined():
    g = _shoot_from_box([("goal attempt", 6)], away_skills=["shot_stopper"])
    pick(g, "skill", skill="")
    assert g.score == (1, 0) and g.team_state[AWAY].condition == [4, 4, 2]


def test_a12_midfield_general_takes_an_action_from_the_opponent():
    g = _skill_scenario([("momentum", 1), ("momentum", 2)], away_skills=["midfield_general"],
                        home=["H-PA", "C", "C"], away=["A-PA", "C"], ball="C", bv=2, ct=HOME, stage="momentum")
    pick(g, "skill", skill="midfield_general")
    assert g.actions_left == 2 and g.team_state[AWAY].condition == [4, 3, 2]


def test_a12_skilled_full_back_extra_action_in_own_defence_zone():
    g = _skill_scenario([("momentum", 6), ("momentum", 5)], home_skills=["skilled_full_back"],
                        home=["H-PA", "H-F"], away=["A-PA", "H-F", "H-F"], ball="H-F", bv=2, ct=AWAY, phasing=HOME,
                        stage="momentum")
    pick(g, "skill", skill="skilled_full_back")
    assert g.actions_left == 2


def test_a12_penalty_saver_and_strength_in_depth_and_great_condition_play_themselves():
    g = _skill_scenario([("sprint", 5), ("sprint", 2)], home_skills=["great_condition"],
                        home=["H-PA", "C", "C", "H-F"], away=["A-PA", "A-F"], ball="C", bv=2, ct=HOME, stage="actions")
    pick(g, "action", what="sprint")
    pick(g, "use_cp", use=True)
    assert g.ctx["left"] == 6


def test_a12_crossing_lowers_a_long_pass_from_a_side_area():
    g = _skill_scenario([("pass", 6), ("pass", 6)], home_skills=["crossing"],
                        home=["H-PA", "A-NS", "A-PA", "A-PA"], away=["A-PA", "A-PA", "A-PA"], ball="A-NS", bv=3,
                        ct=HOME, stage="actions")
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-PA"))
    v = [e for e in g.log if e.kind == "pass"][-1].data["value"]
    pick(g, "skill", skill="crossing")
    roll = [e for e in g.log if e.kind == "pass_roll"][-1].data
    assert roll["bv"] == v - 1


def test_a12_unknown_skills_are_refused_and_ignored_without_the_option():
    from coachgym.core.errors import TeamFileError
    from coachgym.rules.fuba import parse_team

    with pytest.raises(TeamFileError):
        parse_team({"schema": "coachgym.fuba.team/1", "name": "X", "fictional": True, "skills": ["telepathy"]}, "x.json")
    # without the skills option a team's skills are ignored
    g = RULESET.new_game(FubaTeam("B", "B", True, ["fanatical_fans"]), "yellow", options=CP)
    assert per_side(g, "skills") == [[], []]


def test_a12_creative_midfielder_turns_supportive_into_creative():
    g = _skill_scenario([("pass", 1), ("pass", 4)], home_skills=["creative_midfielder"],
                        home=["H-PA", "C", "C", "A-NS"], away=["A-PA", "A-NS", "A-NS"], ball="C", bv=3, ct=HOME,
                        stage="actions", actions=2)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-NS"))
    pick(g, "skill", skill="creative_midfielder")
    assert g.resolving["outcome"] == "creative"


def test_a12_regista_long_creative_pass_from_midfield_keeps_the_lower_die():
    g = _skill_scenario([("pass", 5), ("pass", 6)], home_skills=["regista"],
                        home=["H-PA", "C", "A-PA", "A-PA"], away=["A-PA", "A-PA", "A-PA"], ball="C", bv=2, ct=HOME,
                        stage="actions", actions=2)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-PA"))
    if g.decision.kind == "moves":
        pick(g, "done")
    pick(g, "skill", skill="regista")
    assert g.ball_value == 5


def test_a12_stopper_makes_the_higher_die_the_new_value():
    g = _skill_scenario([("pass", 2), ("pass", 5)], away_skills=["stopper"],
                        home=["H-PA", "A-NS", "A-F"], away=["A-PA", "A-F"], ball="A-NS", bv=1, ct=HOME,
                        stage="actions", actions=2)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-F"))
    while g.decision.kind in ("moves", "moves_to"):
        g.step(g.decision.legal[0])
    pick(g, "skill", skill="stopper")
    assert g.ball_value == 5


def test_a12_mezzala_lowers_the_new_value_into_an_empty_attack_area():
    g = _skill_scenario([("pass", 4), ("pass", 5)], home_skills=["mezzala"],
                        home=["H-PA", "A-NS", "A-NS"], away=["A-PA", "A-PA", "A-PA"], ball="A-NS", bv=1, ct=HOME,
                        stage="actions", actions=2)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-NC"))
    while g.decision.kind in ("moves", "moves_to"):
        g.step(g.decision.legal[0])
    pick(g, "skill", skill="mezzala")
    assert g.ball_value == 5 - 2  # creative: two steps


def test_a12_offside_trap_after_supportive_pass_into_offside_risk():
    g = _skill_scenario([("pass", 1), ("pass", 6)], away_skills=["offside_trap"],
                        home=["H-PA", "C", "A-F", "C"], away=["A-PA", "A-NS", "A-SS"], ball="C", bv=6, ct=HOME,
                        stage="actions", actions=2)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-F"))
    while g.decision.kind in ("moves", "moves_to"):
        g.step(g.decision.legal[0])
    pick(g, "skill", skill="offside_trap")
    assert g.controlling == AWAY and g.team_state[AWAY].stats["free_kicks"] == 1 and per_side(g, "yellow") == [0, 0]


def test_a12_doubling_up_raises_the_value_by_two():
    g = _skill_scenario([("momentum", 6), ("momentum", 6)], home_skills=["doubling_up"],
                        home=["H-PA", "H-F", "H-F"], away=["A-PA", "H-F"], ball="H-F", bv=2, ct=AWAY, phasing=HOME)
    while g.decision.kind in ("reaction", "reaction_to"):
        pick(g, "done")
    pick(g, "skill", skill="doubling_up")
    assert g.ball_value == 4


def test_a12_tackler_failed_aggressive_pressing_without_free_kick():
    opts = FubaOptions(condition_points=True, aggressive_pressing=True, skills=True)
    g = _skill_scenario([("pressing", 5), ("pressing", 6)], home_skills=["tackler"],
                        home=["H-PA", "H-F"], away=["A-PA", "H-F", "H-F"], ball="H-F", bv=3, ct=AWAY, phasing=HOME,
                        stage="actions", options=opts, actions=2)
    pick(g, "action", what="aggressive_pressing")
    # no free kick, and the value raised before the roll (3 + 1, A6) is not reduced
    assert g.controlling == AWAY and g.ball_value == 4 and g.team_state[AWAY].stats["free_kicks"] == 0


def test_a12_gegenpressing_counter_press_after_losing_the_ball():
    g = _skill_scenario([("pressing", 1), ("pressing", 5), ("pressing", 2), ("pressing", 2)], home_skills=["gegenpressing"],
                        home=["H-PA", "A-NS"], away=["A-PA", "A-NS"], ball="A-NS", bv=3, ct=HOME, phasing=AWAY,
                        stage="actions", actions=2)
    pick(g, "action", what="pressing")
    assert g.controlling == AWAY and g.ball_value == 5
    pick(g, "skill", skill="gegenpressing")
    assert g.controlling == HOME and g.ball_value == 2 and g.actions_left == 1 and g.decision.side == AWAY


def test_a12_trained_formation_change_once_per_game():
    g = _skill_scenario([], home_skills=["trained_formation_change"], home=["H-PA", "C", "C"], away=["A-PA", "C"],
                        ball="C", bv=2, ct=HOME, stage="actions")
    pick(g, "action", what="end")
    pick(g, "skill", skill="trained_formation_change")
    pick(g, "line_change", src=0, dst=1)
    pick(g, "line_change", src=0, dst=2)
    assert g.team_state[HOME].formation == [2, 5, 3] and "trained_formation_change" not in g.team_state[HOME].skills


def test_a12_dribbler_counts_one_player_twice_in_a_challenge():
    opts = FubaOptions(condition_points=True, challenge=True, skills=True)
    kw = dict(home=["H-PA", "A-NS"], away=["A-PA", "A-NS"], ball="A-NS", bv=3, ct=HOME, stage="actions",
              options=opts)
    plain = _skill_scenario([], **kw)._challenge_value(HOME)
    assert _skill_scenario([], home_skills=["dribbler"], **kw)._challenge_value(HOME) == plain - 1


def test_a12_il_mediano_positioning_not_counted():
    g = _skill_scenario([("positioning", 1), ("positioning", 1)], away_skills=["il_mediano"],
                        home=["H-PA", "C"], away=["A-PA", "C"], ball="C", bv=3, ct=HOME, phasing=AWAY,
                        stage="actions", actions=1)
    pick(g, "action", what="positioning")
    pick(g, "skill", skill="il_mediano")
    assert g.decision.kind in ("use_cp", "action") and g.actions_left == 1


def test_a12_angry_coach_keeps_the_point_on_four_or_more_and_leaves_on_one():
    kw = dict(home=["H-PA", "C", "C", "H-F"], away=["A-PA", "A-F"], ball="C", bv=2, ct=HOME, stage="actions")
    g = _skill_scenario([("sprint", 5), ("sprint", 2), ("angry coach", 4)], home_skills=["angry_coach"], **kw)
    pick(g, "action", what="sprint")
    pick(g, "use_cp", use=True)
    pick(g, "skill", skill="angry_coach")
    assert g.team_state[HOME].condition == [4, 4, 2]
    g = _skill_scenario([("sprint", 5), ("sprint", 2), ("angry coach", 1)], home_skills=["angry_coach"], **kw)
    pick(g, "action", what="sprint")
    pick(g, "use_cp", use=True)
    pick(g, "skill", skill="angry_coach")
    assert g.team_state[HOME].condition == [4, 3, 2] and g.team_state[HOME].coach_off and "angry_coach" not in g.team_state[HOME].skills


def test_a12_loose_cannon_forces_an_attempt_with_plus_two_on_equal_dice():
    g = _skill_scenario([("pass", 4), ("pass", 4), ("goal attempt", 1)], home_skills=["loose_cannon"],
                        home=["H-PA", "A-NS", "A-NS", "A-F"], away=["A-PA", "A-PA"], ball="A-NS", bv=2, ct=HOME,
                        stage="actions", actions=2)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-F"))
    while g.decision.kind in ("moves", "moves_to"):
        pick(g, "done")
    ev = [e for e in g.log if e.kind == "goal_attempt"][-1].data
    assert ev["roll"] == 1 and g.team_state[HOME].condition[2] == 1
    # A-F: -2, more players there +1, box 0 v 1 -1, loose cannon +2 -> 1 + 0 = 1 against 4: miss
    assert ev["mods"] == 0


def test_a12_goal_poacher_difficult_attempt_after_supportive():
    g = _skill_scenario([("pass", 1), ("pass", 5), ("goal attempt", 6), ("difficult goal attempt", 3)],
                        home_skills=["goal_poacher"], home=["H-PA", "A-NS", "A-F", "A-NS"], away=["A-PA", "A-PA", "A-F"],
                        ball="A-NS", bv=3, ct=HOME, stage="actions", actions=2)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-F"))
    while g.decision.kind in ("moves", "moves_to"):
        g.step(g.decision.legal[0])
    pick(g, "skill", skill="goal_poacher")
    assert g.score == (1, 0)  # 3 > 2 (the front area's modifier)


def test_a12_aggressive_striker_moves_in_after_a_failed_pass():
    g = _skill_scenario([("pass", 1), ("pass", 1)], home_skills=["aggressive_striker"],
                        home=["H-PA", "A-NS", "A-NS", "C"], away=["A-PA", "A-F"], ball="A-NS", bv=4, ct=HOME,
                        stage="actions", actions=2)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-F"))
    assert g.controlling == AWAY
    pick(g, "skill", skill="aggressive_striker")
    pick(g, "move_from", area=A("A-NS"))
    assert g.raw_count(HOME, A("A-F")) == 1


def test_a12_seconda_punta_extra_move_into_the_attack_zone():
    g = _skill_scenario([("pass", 5), ("pass", 6)], home_skills=["seconda_punta"],
                        home=["H-PA", "C", "A-NS", "A-NS"], away=["A-PA", "A-PA", "A-PA"], ball="C", bv=2, ct=HOME,
                        stage="actions", actions=2)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-NS"))
    pick(g, "done")
    pick(g, "skill", skill="seconda_punta")
    assert legal_areas(g, "move_from") >= {"A-NS"}
    pick(g, "move_from", area=A("A-NS"))
    assert {g.actions[i]["area"] for i in g.decision.legal if g.actions[i].kind == "move_to"} <= {A("A-F"), A("A-NC")}


def test_a12_midfield_pressing_brings_a_player_before_the_roll():
    g = _skill_scenario([("pressing", 3), ("pressing", 5)], away_skills=["midfield_pressing"],
                        home=["H-PA", "C"], away=["A-PA", "C", "A-F"], ball="C", bv=3, ct=HOME, phasing=AWAY,
                        stage="actions")
    pick(g, "action", what="pressing")
    pick(g, "skill", skill="midfield_pressing")
    pick(g, "move_from", area=A("A-F"))
    # now 2 v 1: +1 before the roll, 3 < 4 wins the ball with the higher die
    assert g.controlling == AWAY and g.ball_value == 5


def test_a12_catenaccio_second_lowest_player_steps_up():
    g = _skill_scenario([("pass", 1), ("pass", 5)], away_skills=["catenaccio"],
                        home=["H-PA", "C", "A-NS", "C"], away=["A-PA", "A-F", "A-NS"], ball="C", bv=6, ct=HOME,
                        stage="actions", actions=2)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-NS"))
    while g.decision.kind in ("moves", "moves_to") and g.decision.side == HOME:
        g.step(g.decision.legal[0])
    pick(g, "skill", skill="catenaccio")
    assert legal_areas(g, "move_from") == {"A-F"}  # the second lowest piece (the keeper is the lowest)


def test_a12_actor_wins_a_free_kick():
    opts = FubaOptions(condition_points=True, skills=True, special_events=True)
    g = _skill_scenario([("momentum", 2), ("momentum", 2), ("actor", 4), ("yellow card test", 1)],
                        home_skills=["actor"], home=["H-PA", "A-NS"], away=["A-PA", "A-F"], ball="A-F", bv=3, ct=HOME,
                        stage="momentum", options=opts)
    pick(g, "skill", skill="actor")
    assert g.team_state[HOME].stats["free_kicks"] == 1 and g.controlling == HOME


def test_a12_short_passes_extra_pass_to_an_adjacent_area():
    g = _skill_scenario([("pass", 2), ("pass", 6), ("pass", 6), ("pass", 6)], home_skills=["short_passes"],
                        home=["H-PA", "H-NS", "C", "C"], away=["A-PA", "C", "A-F"], ball="H-NS", bv=6, ct=HOME,
                        stage="actions", actions=1)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("C"))
    while g.decision.kind in ("moves", "moves_to"):
        g.step(g.decision.legal[0])
    pick(g, "skill", skill="short_passes")
    assert g.decision.kind == "pass_to"
    adjacent_or_same = {A(x) for x in ("C", "H-F", "H-NS", "H-SS", "A-NS", "A-SS", "A-F")}
    assert {g.actions[i]["area"] for i in g.decision.legal} <= adjacent_or_same


def test_a12_fanatical_fans_reroll_and_equal_reroll_is_booked():
    kw = dict(home=["H-PA", "C"], away=["A-PA", "C"], ball="C", bv=3, ct=HOME, phasing=AWAY, stage="actions")
    g = _skill_scenario([("pressing", 5), ("pressing", 6), ("pressing reroll", 1), ("pressing reroll", 5)],
                        away_skills=["fanatical_fans"], **kw)
    pick(g, "action", what="pressing")
    pick(g, "skill", skill="fanatical_fans")
    assert g.controlling == AWAY and g.ball_value == 5
    g = _skill_scenario([("pressing", 5), ("pressing", 6), ("pressing reroll", 2), ("pressing reroll", 2)],
                        away_skills=["fanatical_fans"], **kw)
    pick(g, "action", what="pressing")
    pick(g, "skill", skill="fanatical_fans")
    assert g.team_state[AWAY].yellow == 1 and g.controlling == HOME and g.team_state[HOME].stats["free_kicks"] == 1


def test_a12_fast_defender_moves_in_before_the_modifiers():
    g = _skill_scenario([("pass", 6), ("pass", 6)], away_skills=["fast_defender"],
                        home=["H-PA", "A-NS", "A-NS", "A-F"], away=["A-PA", "A-PA", "A-NC"], ball="A-NS", bv=2, ct=HOME,
                        stage="actions")
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-F"))
    pick(g, "skill", skill="fast_defender")
    assert "GK" not in legal_areas(g, "move_from")
    pick(g, "move_from", area=A("A-PA"))
    ev = [e for e in g.log if e.kind == "pass"][-1].data
    # start 2 v 0: -1; target 1 v 1 after the defender came: 0 -> 1 (without him 2 v 0... 1 v 0: -1)
    assert ev["value"] == 1 and g.raw_count(AWAY, A("A-F")) == 1


def test_a12_advancing_goalkeeper_charges_into_the_front_area():
    opts = FubaOptions(condition_points=True, skills=True, goalkeeper_charge=True)
    g = _skill_scenario([("pass", 6), ("pass", 6)], away_skills=["advancing_goalkeeper"],
                        home=["H-PA", "A-NS", "A-NS", "A-F"], away=["A-PA", "A-PA"], ball="A-NS", bv=2, ct=HOME,
                        stage="actions", options=opts)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-F"))
    pick(g, "skill", skill="advancing_goalkeeper")
    assert g.team_state[AWAY].pos[0] == A("A-F")
    ev = [e for e in g.log if e.kind == "pass"][-1].data
    assert ev["value"] == 2 + 1 - 1 - 0  # start -1; target 1 v 1: 0; +1 for the charge -> 2 - 1 + 1 = 2


def test_a12_target_man_counts_one_player_as_three():
    g = _skill_scenario([("momentum", 6), ("momentum", 6)], home_skills=["target_man"],
                        home=["H-PA", "A-NS", "A-F"], away=["A-PA", "A-F", "A-F"], ball="A-NS", bv=3, ct=HOME,
                        stage="momentum")
    before = g.pass_targets(HOME)[A("A-F")]
    pick(g, "skill", skill="target_man")
    assert g.pass_targets(HOME)[A("A-F")] == before - 1  # 1 v 2 (+1) becomes 3 v 2 (no modifier)


def test_a12_box_to_box_and_runner_extra_reaction_moves():
    g = _skill_scenario([], home_skills=["box_to_box_midfielder", "runner"],
                        home=["H-PA", "C", "C", "A-NS"], away=["A-PA", "C", "C", "A-NS", "A-F"], ball="C", bv=3, ct=HOME)
    assert legal_areas(g, "move_from") >= {"C", "A-NS"}
    pick(g, "move_from", area=A("C"))
    assert A("A-F") in {g.actions[i]["area"] for i in g.decision.legal}
    pick(g, "move_to", area=A("H-F"))  # directly backwards: the box-to-box midfielder
    assert g.team_state[HOME].condition == [4, 3, 2]
    pick(g, "move_from", area=A("A-NS"))  # the runner: its only move (A-F; A-NC is offside) is taken at once
    assert g.raw_count(HOME, A("A-F")) == 1
    assert g.team_state[HOME].condition == [4, 2, 2]


def test_a12_skilled_wing_back_dribbles_along_the_touchline_past_an_opponent():
    g = _skill_scenario([("sprint", 2), ("sprint", 2)], home_skills=["skilled_wing_back"],
                        home=["H-PA", "H-NS", "H-NS"], away=["A-PA", "H-NS"], ball="H-NS", bv=3, ct=HOME,
                        stage="actions")
    pick(g, "action", what="sprint")
    pick(g, "move_from", area=A("H-NS"))
    assert {g.actions[i]["area"] for i in g.decision.legal if g.actions[i].kind == "dribble_to"} == {A("A-NS")}
    pick(g, "dribble_to", area=A("A-NS"))
    assert g.ball == A("A-NS") and g.ball_value == 4


def test_a3_a12_game_plan_change_swaps_a_skill_with_the_reserve():
    from coachgym.core.chance import ScriptedSource

    opts = FubaOptions(condition_points=True, substitutions=True, skills=True)
    g = RULESET.new_game(FubaTeam("Blue", "BLU", True, ["regista"], ["crossing"]), "yellow",
                         source=ScriptedSource([]), options=opts)
    g.set_scenario(source=ScriptedSource([("substitution", 6), ("substitution", 6)]), home=["H-PA", "C", "C"],
                   away=["A-PA", "A-F"], ball="C", bv=2, ct=HOME, stage="actions", half=2, minute=60,
                   cp=((2, 2, 2), (4, 4, 2)))
    pick(g, "action", what="end")
    pick(g, "substitutions", n=1)
    pick(g, "cp_zone", zone=0)
    pick(g, "sub_option", option="skill")
    # the only reserve skill and the only match skill: both choices are taken automatically
    assert g.team_state[HOME].skills == ["crossing"] and g.team_state[HOME].reserve == ["regista"]


def test_a13_note_closest_player_moved_further_than_an_adjacent_area():
    # A13: "If the event requires, a closest player can be moved to the target area further than from
    # an adjacent area." Attacker's foul (3, 3): the defending team's free kick in A-NS, where it has no
    # player; its closest piece (in H-F, two steps away: not adjacent) is moved there to take the quick
    # free kick (5.2.3).
    g = scenario([("momentum", 3), ("momentum", 3), ("special event controlling team", 3),
                  ("special event defending team", 3), ("yellow card test", 1)],
                 home=["H-PA", "A-NS", "C"], away=["A-PA", "H-F"], ball="A-NS", bv=4, ct=HOME,
                 stage="momentum", options=FubaOptions(special_events=True))
    from coachgym.rules.fuba.board import DIST
    assert DIST[A("H-F")][A("A-NS")] == 2
    assert g.controlling == AWAY and g.ball == A("A-NS") and g.ball_value == 2
    assert g.team_state[AWAY].pos[1] == A("A-NS") and g.raw_count(AWAY, A("H-F")) == 0
    assert g.decision.kind == "moves" and g.decision.side == AWAY  # 5.2.3 quick free kick moves


def test_a12_half_of_the_skills_rounded_up_on_the_match_and_the_agreed_limit():
    from coachgym.core.errors import ConfigError
    from coachgym.rules.fuba.engine import check_skill_choice, skill_choices

    opts = FubaOptions(condition_points=True, skills=True)
    ok = FubaTeam("Blue", "BLU", True, ["crossing", "regista"], ["mezzala"])  # 3 skills: 2 on the match
    RULESET.new_game(ok, "yellow", options=opts)
    for match, reserve in ((["crossing"], ["regista", "mezzala"]), (["crossing", "regista", "mezzala"], [])):
        with pytest.raises(ConfigError, match="half of the skills"):
            RULESET.new_game(FubaTeam("Blue", "BLU", True, match, reserve), "yellow", options=opts)
    # without the skills option the team's skills are ignored, so nothing is checked
    RULESET.new_game(FubaTeam("Blue", "BLU", True, ["crossing", "regista", "mezzala"]), "yellow")
    # footnote 1: the shot stopper counts as two choices towards the agreed maximum
    t = FubaTeam("Y", "Y", True, ["shot_stopper", "crossing"], ["regista"])
    assert skill_choices(t.skills + t.reserve_skills) == 4
    check_skill_choice(t, 4)
    with pytest.raises(ValueError, match="exceed the agreed 3"):
        check_skill_choice(t, 3)
    with pytest.raises(ConfigError, match="exceed"):
        RULESET.new_game(t, "yellow", options=FubaOptions(condition_points=True, skills=True, skill_limit=3))
    # the bundled teams keep the split
    for name in RULESET.team_names():
        check_skill_choice(RULESET.load_team(name), 6)


def test_a3_substitution_points_at_most_six_per_line_and_ten_in_all():
    opts = FubaOptions(condition_points=True, substitutions=True)
    # two points won (50 is not higher than 60); forwards at 6 cannot take one: only defence / midfield
    g = scenario([("substitution", 3), ("substitution", 2)], home=["H-PA", "C", "C"], away=["A-PA", "A-F"],
                 ball="C", bv=2, ct=HOME, stage="actions", half=2, minute=60, cp=((1, 1, 6), (4, 4, 2)), options=opts)
    pick(g, "action", what="end")
    pick(g, "substitutions", n=1)
    assert g.decision.kind == "cp_zone" and act("cp_zone", zone=2) not in g.decision.legal
    pick(g, "cp_zone", zone=0)
    pick(g, "cp_zone", zone=1)
    assert g.team_state[HOME].condition == [2, 2, 6]
    # nine points in all: the second point of the substitution is lost at ten
    g = scenario([("substitution", 3), ("substitution", 2)], home=["H-PA", "C", "C"], away=["A-PA", "A-F"],
                 ball="C", bv=2, ct=HOME, stage="actions", half=2, minute=60, cp=((3, 3, 3), (4, 4, 2)), options=opts)
    pick(g, "action", what="end")
    pick(g, "substitutions", n=1)
    pick(g, "cp_zone", zone=1)
    assert g.team_state[HOME].condition == [3, 4, 3] and g.decision.kind == "sub_option"


def test_a10_heat_roll_of_one_loses_another_condition_point():
    g = scenario([("sprint", 5), ("sprint", 2), ("heat", 1)], home=["H-PA", "C", "C", "H-F"], away=["A-PA", "A-F"],
                 ball="C", bv=2, ct=HOME, stage="actions", cp=((4, 4, 2), (4, 4, 2)), options=CP)
    g.weather = "heat"
    pick(g, "action", what="sprint")
    pick(g, "use_cp", use=True)
    assert g.team_state[HOME].condition == [4, 2, 2]  # the point spent and one more lost to the heat
    g = scenario([("sprint", 5), ("sprint", 2), ("heat", 2)], home=["H-PA", "C", "C", "H-F"], away=["A-PA", "A-F"],
                 ball="C", bv=2, ct=HOME, stage="actions", cp=((4, 4, 2), (4, 4, 2)), options=CP)
    g.weather = "heat"
    pick(g, "action", what="sprint")
    pick(g, "use_cp", use=True)
    assert g.team_state[HOME].condition == [4, 3, 2]


def test_a10_sunshine_no_goalkeeper_charge_for_the_first_half_kick_off_team():
    def game(half, minute):
        g = scenario([("pass", 1), ("pass", 1)], home=["H-PA", "A-F", "A-F"], away=["A-PA", "A-PA", "A-F"],
                     ball="A-F", bv=2, ct=HOME, stage="actions", half=half, minute=minute,
                     options=FubaOptions(goalkeeper_charge=True))
        g.weather, g.first_kickoff = "sunshine", AWAY  # AWAY started the match with the ball
        pick(g, "action", what="pass")
        pick(g, "pass_to", area=A("A-PA"))
        return g
    assert game(1, 20).decision.kind != "charge"  # first half: the sun blinds AWAY's keeper
    assert game(2, 60).decision.kind == "charge" and game(2, 60).decision.side == AWAY  # gone in the second half


# ---------------------------------------------------------------- added in the second audit of issue 4
def _to_actions(g):
    """Answer the reaction stage with 'done' until the action stage (or a skill offer) is reached."""
    while g.decision.kind in ("reaction", "reaction_to"):
        g.step(act("done") if act("done") in g.decision.legal else g.decision.legal[0])
    return g


def test_a12_trained_special_event_two_actions_at_a_free_kick():
    g = _to_actions(_skill_scenario([("pass", 6), ("pass", 6)], home_skills=["trained_special_event"],
                                    home=["H-PA", "A-F", "A-NS"], away=["A-PA", "A-PA", "A-NC"], ball="A-F", bv=2,
                                    ct=HOME, set_piece="free_kick"))
    assert g.decision.kind == "skill" and g.decision.side == HOME
    pick(g, "skill", skill="trained_special_event")
    assert g.actions_left == 2 and g.team_state[HOME].condition == [4, 4, 1]
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-NS"))
    while g.decision.kind in ("moves", "moves_to"):
        pick(g, "done")
    pick(g, "goal_attempt", shoot=False)  # creative into A-NS (entirely in the opponent's half)
    # the second action of the free kick: a normal action stage choice now
    assert g.decision.kind == "action" and g.decision.side == HOME and g.actions_left == 1


def test_a12_creative_goalkeeper_two_actions_at_a_goal_kick_not_into_the_attack_zone():
    from coachgym.rules.fuba.board import ZONE
    g = _to_actions(_skill_scenario([], home_skills=["creative_goalkeeper"],
                                    home=["H-PA", "H-F", "C", "A-NS"], away=["A-PA", "A-F"], ball="H-PA", bv=2,
                                    ct=HOME, set_piece="goal_kick"))
    assert g.decision.kind == "skill"
    assert any(ZONE[HOME][t] == 2 for t in g.pass_targets(HOME))  # A-NC/A-F are reachable without the skill
    pick(g, "skill", skill="creative_goalkeeper")
    # two actions: the first, which must be the pass, was taken automatically; one is left after it
    assert g.decision.kind == "pass_to" and g.actions_left == 1
    assert g.team_state[HOME].condition == [3, 4, 2]  # paid from the defence (the ball is in its box)
    assert g.pass_targets(HOME) and all(ZONE[HOME][t] != 2 for t in g.pass_targets(HOME))


def test_a12_sweeper_keeper_charge_adds_two():
    opts = FubaOptions(condition_points=True, skills=True, goalkeeper_charge=True)
    g = _skill_scenario([("pass", 1), ("pass", 1)], away_skills=["sweeper_keeper"],
                        home=["H-PA", "A-F", "A-F"], away=["A-PA", "A-PA", "A-F"], ball="A-F", bv=2, ct=HOME,
                        stage="actions", options=opts)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-PA"))
    before = g.ball_value
    pick(g, "charge", charge=True)
    pick(g, "skill", skill="sweeper_keeper")
    roll = [e for e in g.log if e.kind == "pass_roll"][-1].data
    assert roll["bv"] == before + 2 and g.team_state[AWAY].condition == [3, 4, 2]


def _free_kick_shot(script, away_skills, set_piece="free_kick"):
    g = _to_actions(_skill_scenario(script, away_skills=away_skills, home=["H-PA", "A-F", "A-NS"],
                                    away=["A-PA", "A-NC"], ball="A-F", bv=2, ct=HOME, set_piece=set_piece))
    # 4.8: bv 2; distance -2; a free kick has no ball-area modifier; box 0 v 1 (keeper): -1 -> a 6 is needed
    assert g.goal_need(HOME) == 6 - 1  # goal_need counts the ball-area modifier (2 v 0: +1); the free kick does not
    pick(g, "action", what="shoot")
    return g


def test_a12_leading_goalkeeper_two_dice_in_a_turn_that_began_with_a_free_kick():
    g = _free_kick_shot([("goal attempt", 6), ("goal attempt (2nd die)", 1)], ["leading_goalkeeper"])
    assert g.decision.kind == "skill" and g.decision.side == AWAY
    pick(g, "skill", skill="leading_goalkeeper")
    assert g.score == (0, 0)
    g = _free_kick_shot([("goal attempt", 6)], ["leading_goalkeeper"])
    pick(g, "skill", skill="")
    assert g.score == (1, 0)
    # not offered in a turn that began in open play
    g = _shoot_from_box([("goal attempt", 6)], away_skills=["leading_goalkeeper"])
    assert g.score == (1, 0)


def test_a12_long_range_shooter_adds_one_outside_the_penalty_area():
    # the rulebook's goal attempt example (4.8) needs a 6; with the long range shooter a 5 scores
    g = _skill_scenario([("pass", 3), ("pass", 5), ("goal attempt", 5)], away_skills=["long_range_shooter"],
                        home=["H-PA", "H-PA", "H-F"], away=["A-PA", "H-NS", "H-F", "H-F", "H-PA"],
                        ball="H-NS", bv=3, ct=AWAY, stage="actions")
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("H-F"))
    pick(g, "done")
    pick(g, "goal_attempt", shoot=True)
    assert g.decision.kind == "skill" and g.decision.side == AWAY
    pick(g, "skill", skill="long_range_shooter")
    assert g.score == (0, 1) and g.team_state[AWAY].condition == [4, 4, 1]


def test_a12_long_range_shooter_is_not_offered_in_the_penalty_area():
    g = _shoot_from_box([("goal attempt", 3)], home_skills=["long_range_shooter"])
    assert g.score == (0, 0) and g.team_state[HOME].condition == [4, 4, 2]  # 3 needs 4: no skill, no goal


def test_a12_penalty_saver_two_dice_for_the_penalty_lower_counts():
    opts = FubaOptions(condition_points=True, skills=True, special_events=True)
    g = _skill_scenario([("momentum", 3), ("momentum", 3), ("special event controlling team", 3),
                         ("special event defending team", 1), ("yellow card test", 1), ("penalty kick", 5),
                         ("penalty kick (2nd die)", 1)], away_skills=["penalty_saver"],
                        home=["H-PA", "A-PA", "A-F"], away=["A-PA", "A-PA", "A-F"], ball="A-PA", bv=4, ct=HOME,
                        stage="momentum", options=opts)
    while g.decision.kind == "setup":
        g.step(g.decision.legal[0])
    pick(g, "keeper", spot=0)
    pick(g, "kick", spot=0)  # left v left: 2+ needed; 5 would score, the saver's lower die 1 does not
    assert g.score == (0, 0)
    assert any(e.kind == "skill" and "penalty saver" in e.text for e in g.log)


def test_a12_strength_in_depth_minus_two_on_the_substitution_dice():
    opts = FubaOptions(condition_points=True, substitutions=True, skills=True)

    def sub(skills):
        g = _skill_scenario([("substitution", 3), ("substitution", 3)], home_skills=skills,
                            home=["H-PA", "C", "C"], away=["A-PA", "A-F"], ball="C", bv=2, ct=HOME, stage="actions",
                            half=2, minute=50, cp=((2, 2, 2), (4, 4, 2)), options=opts)
        pick(g, "action", what="end")
        pick(g, "substitutions", n=1)
        while g.decision.kind == "cp_zone":
            pick(g, "cp_zone", zone=0)
        return g.team_state[HOME].condition
    assert sub([]) == [3, 2, 2]  # 60 is higher than 50: one point
    assert sub(["strength_in_depth"]) == [4, 2, 2]  # (6 - 2) x 10 = 40: two points


def test_a3_substitutions_offered_at_a_goal_kick_controlling_team_first():
    opts = FubaOptions(substitutions=True)
    g = scenario([("pass", 6), ("pass", 6), ("goal attempt", 1)],
                 home=["H-PA", "A-PA", "A-F", "A-F"], away=["A-PA", "A-PA", "A-PA", "A-F"], ball="A-F", bv=2, ct=HOME,
                 stage="actions", options=opts)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-F"))
    if g.decision.kind == "moves":
        pick(g, "done")
    pick(g, "goal_attempt", shoot=True)
    assert g.controlling == AWAY and g.decision.kind == "substitutions" and g.decision.side == AWAY
    pick(g, "substitutions", n=0)
    assert g.decision.kind == "substitutions" and g.decision.side == HOME
    pick(g, "substitutions", n=0)
    assert g.decision.kind == "moves" and g.decision.side == AWAY and g.move_mode == "goal_kick_ct"


def test_a5_no_charge_when_the_ball_is_played_from_the_same_penalty_area():
    g = scenario([("pass", 6), ("pass", 6)], home=["H-PA", "A-PA", "A-PA", "A-PA"], away=["A-PA", "A-PA"],
                 ball="A-PA", bv=1, ct=HOME, stage="actions", options=FubaOptions(goalkeeper_charge=True))
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-PA"))
    assert g.decision.kind != "charge" and not g.charged


def test_a5_charge_cannot_raise_the_ball_value_over_six_and_gives_plus_one_for_attempts():
    def game(bv):
        g = scenario([("pass", 6), ("pass", 6)], home=["H-PA", "A-F", "A-F", "A-PA"],
                     away=["A-PA", "A-PA", "A-PA", "A-F"], ball="A-F", bv=bv, ct=HOME, stage="actions",
                     options=FubaOptions(goalkeeper_charge=True))
        pick(g, "action", what="pass")
        v = g.pass_targets(HOME)[A("A-PA")]
        pick(g, "pass_to", area=A("A-PA"))
        return g, v
    g, v = game(4)
    assert v == 4  # start 2 v 1: -1; target 1 v 3: +1
    pick(g, "charge", charge=True)
    assert g.turn_bonus == 1 and [e for e in g.log if e.kind == "pass_roll"][-1].data["bv"] == 5
    g, v = game(6)
    assert v == 6 and g.decision.kind != "charge" and g.turn_bonus == 0  # already 6: no charge


def test_a11_var_after_pressing_won_in_a_penalty_area_free_kick_or_penalty():
    # away presses successfully in its own box; V.A.R. double six: penalty to home, yellow test for away
    g = scenario([("pressing", 1), ("pressing", 1), ("V.A.R. (1st die)", 6), ("V.A.R. (2nd die)", 6),
                  ("yellow card test", 4)],
                 home=["H-PA", "A-PA"], away=["A-PA", "A-PA", "A-PA"], ball="A-PA", bv=3, ct=HOME, phasing=AWAY,
                 stage="actions", options=FubaOptions(var=True))
    pick(g, "action", what="pressing")
    assert g.controlling == HOME and g.team_state[HOME].stats["penalties"] == 1 and g.team_state[AWAY].yellow == 1
    g = scenario([("pressing", 1), ("pressing", 1), ("V.A.R. (1st die)", 6), ("V.A.R. (2nd die)", 5)],
                 home=["H-PA", "A-PA"], away=["A-PA", "A-PA", "A-PA"], ball="A-PA", bv=3, ct=HOME, phasing=AWAY,
                 stage="actions", options=FubaOptions(var=True))
    pick(g, "action", what="pressing")
    assert g.controlling == AWAY and g.ball_value == 1 and g.team_state[HOME].stats["penalties"] == 0


def test_a10_cold_and_storm_add_one_to_injury_rolls():
    opts = FubaOptions(special_events=True, injuries=True)
    for weather, roll, out_for_good in (("cold", 4, True), ("storm", 4, True), (None, 4, False)):
        g = new_game([], opts)
        g.weather = weather
        g.set_scenario(source=__import__("coachgym.core.chance", fromlist=["ScriptedSource"]).ScriptedSource(
            [("momentum", 2), ("momentum", 2), ("special event controlling team", 5),
             ("special event defending team", 4), ("injury", roll)]),
            home=["H-PA", "C", "C"], away=["A-PA", "A-F"], ball="C", bv=3, ct=HOME, stage="momentum")
        assert (g.team_state[HOME].pos.count(-1) == 9) is out_for_good  # OFF: 8 unused pieces + the injured one


def test_a4_injured_keeper_is_replaced_by_another_piece_and_opponent_gets_plus_one():
    opts = FubaOptions(special_events=True, injuries=True)
    # behind the referee's back: home rolls for an injury; its only piece near the ball is the keeper
    g = scenario([("momentum", 2), ("momentum", 2), ("special event controlling team", 5),
                  ("special event defending team", 4), ("injury", 2)],
                 home=["H-PA", "A-NS"], away=["A-PA", "H-PA"], ball="H-PA", bv=3, ct=HOME, stage="momentum",
                 options=opts)
    assert g.team_state[HOME].pos[0] == A("H-PA")  # the keeper stays
    assert g.team_state[HOME].keeper_injury_bonus == 1 and g.on_pitch(HOME) == 1  # the outfield piece leaves instead
