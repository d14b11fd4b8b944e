"""FAC items of sections 9-15, each resolved from a scripted card on a prepared game state."""

from __future__ import annotations

from coachgym.core.chance import ScriptedSource
from coachgym.rules.statispro import RULESET
from coachgym.rules.statispro import actions as A
from coachgym.rules.statispro import cards as K
from coachgym.rules.statispro.engine import (
    AST,
    DRB,
    FGA,
    FGM,
    FTA,
    FTM,
    PF,
    PH_ADVANCE,
    PH_BALL,
    PH_FB,
    PH_FT,
    PH_JUMP,
    PH_MENU,
    PH_SHOT,
    PH_UPCOURT,
    PH_WAIT,
    STL,
    TECH,
    TOV,
    TPA,
    TPM,
)

from .helpers import find, holder


def prepared(cards=(), off=0, bh=-1, passes=1, options=None):
    """A game in the first quarter, ``off`` with the ball, the next draws scripted."""
    g = RULESET.new_game("knicks-1993", "bulls-1993", source=ScriptedSource(list(cards)), options=options)
    g.opening = 0
    g.off, g.ballhandler, g.passes, g.limit = off, bh, passes, 3
    g.discard = list(K.DECK[:40])  # late enough in the quarter for Mandatory Rest (14A)
    return g




def test_9b_d_ob_turnover_by_rpg():
    g = prepared([K.card(69)])
    g._pass_section(K.card(164).action, "action")  # Traveling - D OB. Turnover RPG; RPG 69 = PF
    assert g.team_state[0].stats[3][TOV] == 1 and g.off == 1 and g.phase == PH_MENU


def test_9f_offensive_foul_charged_by_the_offenses_foul_range_and_not_a_team_foul():
    g = prepared([holder("knicks-1993", 4)])  # a FOUL # in Ewing's range
    g._pass_section((K.P_OFOUL,), "action")
    assert g.team_state[0].stats[4][PF] == 1 and g.team_state[0].stats[4][TOV] == 1 and g.team_state[0].team_fouls == 0 and g.off == 1


def test_13c_pass_to_choice_offers_every_player_with_enough_attempts():
    g = prepared()
    g._pass_section((K.P_CHOICE, 10), "advance")
    assert g.phase == PH_WAIT
    kind, side, legal = g.ctx["decision"]
    assert kind == "pass_to" and side == 0
    assert sorted(legal) == sorted(A.PASS_TO[s] for s in (0, 4))  # Starks 15, Ewing 19 >= 10


def test_13c_nobody_high_enough_goes_to_the_highest_attempts():
    g = prepared()
    g._pass_section((K.P_CHOICE, 27), "advance")
    assert g.phase == PH_BALL and g.ballhandler == 4


def test_13e_24_second_violation_early_is_a_pass_40_to_the_last_ballhandler():
    g = prepared(bh=2, passes=0)
    g._pass_section((K.P_24,), "advance")
    assert g.phase == PH_BALL and g.ballhandler == 2 and g.pass_no == 40


def test_13e_24_second_violation_on_the_third_pass_is_a_team_turnover():
    g = prepared(bh=2, passes=2)
    g._pass_section((K.P_24,), "advance")
    assert g.team_state[0].team_tov == 1 and g.off == 1


def test_13f_kicked_ball_fresh_three_advances():
    g = prepared(passes=3)
    g._pass_section((K.P_KICKED,), "advance")
    assert g.passes == 0 and g.limit == 3 and g.menu["resume"] == PH_ADVANCE


def test_13g_jump_ball_kept_out_of_advances_forces_a_shot_with_the_shot_facs_pass_number():
    g = prepared([find("jump_to", "+0 C")], passes=2)
    g._pass_section((K.P_JUMP, 4), "advance")  # Ewing 33 vs Cartwright 19: Knicks keep it
    assert g.phase == PH_JUMP
    g._phase_jump()
    assert g.off == 0 and g.phase == PH_SHOT and g.ctx["forced"] == -1


def test_15k_trap_costs_one_advance():
    g = prepared(passes=0)
    c = find("press", pred=lambda c: c.press[0] == K.P_PASS and c.press[6] == 1)
    g._pass_section(c.press, "press")
    assert g.limit == 2 and g.passes == 1


def test_15b_intentional_foul_two_free_throws_and_the_ball():
    g = prepared([holder("bulls-1993", 0)])
    g._pass_section((K.P_INTFOUL,), "press")
    assert g.phase == PH_FT and g.ctx["n"] == 2 and g.ctx["after"] == "keep" and g.team_state[1].stats[0][PF] == 1


def test_15e_pass_to_choice_who_scores():
    g = prepared()
    g._pass_section((K.P_CHOICE_SCORES,), "press")
    g._resolve_wait(A.ACTIONS[A.CHOOSE[4]])
    assert [ts.pts for ts in g.team_state] == [2, 0] and g.team_state[0].stats[4][FGM] == 1 and g.off == 1
    assert g.team_state[0].stats[1][AST] == 1  # Rivers, the other player with the highest ASSIST RATE (A13)


def test_10e_o_ob_offense_team_rebound_and_three_advances():
    g = prepared([find("rebound", "O OB")])
    g.ctx = {"shooter": 0, "air": False, "ft": False, "fb": False}
    g._phase_rebound()
    assert g.team_state[0].team_reb == 1 and g.off == 0 and g.limit == 3 and g.passes == 0


def test_10f_d_ob_defense_team_rebound():
    g = prepared([find("rebound", "D OB")])
    g.ctx = {"shooter": 0, "air": False, "ft": False, "fb": False}
    g._phase_rebound()
    assert g.team_state[1].team_reb == 1 and g.off == 1


def test_10g_offensive_goaltending_removes_the_field_goal_attempt():
    g = prepared([find("rebound", "Off. GT")])
    g.team_state[0].stats[0][FGA] = 1
    g.ctx = {"shooter": 0, "air": False, "ft": False, "fb": False}
    g._phase_rebound()
    assert g.team_state[0].stats[0][FGA] == 0 and g.team_state[0].team_tov == 1 and g.off == 1


def test_10g_offensive_goaltending_on_a_missed_three_removes_the_three_point_attempt_too():
    """"Do not charge the shooter with a field goal attempt": a missed three counted nothing either
    (the fuzz of issue 15 found a 3PA left without its FGA)."""
    g = prepared([find("rebound", "Off. GT")])
    g.team_state[0].stats[0][FGA] = g.team_state[0].stats[0][TPA] = 1
    g.ctx = {"shooter": 0, "air": False, "ft": False, "fb": False, "three": True}
    g._phase_rebound()
    assert g.team_state[0].stats[0][FGA] == 0 and g.team_state[0].stats[0][TPA] == 0 and g.team_state[0].team_tov == 1


def test_10h_loose_ball_foul_on_the_defense():
    g = prepared([find("rebound", "Loose Ball Foul on Defense"), holder("bulls-1993", 4)])
    g.ctx = {"shooter": 0, "air": False, "ft": False, "fb": False}
    g._phase_rebound()
    assert g.team_state[1].stats[4][PF] == 1 and g.team_state[1].team_fouls == 1 and g.off == 0 and g.team_state[0].team_reb == 1


def test_10i_loose_ball_foul_on_the_offense_is_a_team_foul():
    g = prepared([find("rebound", "Loose Ball Foul on Offense"), holder("knicks-1993", 4)])
    g.team_state[0].index, g.team_state[1].index = 0, 0  # (no 16C offer)
    g.ctx = {"shooter": 0, "air": False, "ft": False, "fb": False}
    g._phase_rebound()
    assert g.team_state[0].stats[4][PF] == 1 and g.team_state[0].team_fouls == 1 and g.off == 1


def test_10a_fast_break_column_c_foul_16_basket_sf_assist_originator():
    g = prepared([K.card(16)], off=1)
    g.ctx = {"orig": 4}
    g.phase = PH_FB
    g._phase_fast_break()  # Bulls B offense vs Knicks A defense -> column C
    assert [ts.pts for ts in g.team_state] == [0, 2] and g.team_state[1].stats[2][FGM] == 1 and g.team_state[1].stats[4][AST] == 1


def test_10a_fatigued_player_lowers_the_grade():
    g = prepared()
    assert g._grade(1, "offense") == 1
    g.team_state[1].tired[0] = True
    g._dirty()
    assert g._grade(1, "offense") == 2


def test_6_21_two_best_defensive_rebounders_plus_five_on_free_throws():
    r = find("rebound", pred=lambda c: c.rebound[0] == K.R_HIGH and c.rebound[1] == (3,) and c.rebound[2] == 0)
    g = prepared([r], off=1)
    # Bulls shoot; Knicks defend: Ewing 33 and Oakley 32 get +5; Grant 27 vs Oakley 37
    g.ctx = {"shooter": 0, "air": False, "ft": True, "fb": False}
    g._phase_rebound()
    assert g.team_state[0].stats[3][DRB] == 1


def test_12e_lane_violation_on_the_offense_voids_the_last_free_throw():
    lane = find("shot", pred=lambda c: c.shot[1] == K.S_LANE_OFF)
    g = prepared([lane])
    g._free_throws(0, 0, 1, after="other")
    g._phase_free_throw()
    assert g.team_state[0].stats[0][FTA] == 0 and g.team_state[0].team_tov == 1 and g.off == 1


def test_12e_lane_violation_on_the_defense_gives_another_shot():
    lane = find("shot", pred=lambda c: c.shot[1] == K.S_LANE_DEF)
    g = prepared([lane, K.card(30)])
    g._free_throws(0, 0, 1, after="other")
    g._phase_free_throw()
    assert g.team_state[0].stats[0][FTA] == 0 and g.phase == PH_FT
    g._phase_free_throw()
    assert g.team_state[0].stats[0][FTM] == 1


def test_14b_flagrant_foul_two_shots_and_the_ball():
    z = find("z_reading", "Flagrant Foul on Defense")
    g = prepared([z, holder("bulls-1993", 2), K.card(99)])
    g._consult_z(press=False)
    assert g.team_state[1].stats[2][PF] == 1 and g.phase == PH_FT and g.ctx["n"] == 2 and g.ctx["after"] == "keep"


def test_14c_double_foul_both_charged_then_a_jump_ball():
    z = find("z_reading", "Double Foul")
    g = prepared([z, find("foul", pred=lambda c: c.fd == 1)])
    g._consult_z(press=False)
    assert g.team_state[0].stats[4][PF] == 1 and g.team_state[1].stats[4][PF] == 1 and [ts.team_fouls for ts in g.team_state] == [1, 1] and g.phase == PH_JUMP


def test_14d_technical_foul_one_shot_for_the_best_foul_shooter():
    z = find("z_reading", "Technical Foul")
    g = prepared([z, K.card(105), K.card(10)])  # RPG 105: visitor PG (Jordan); Knicks' best FT: Rivers 82
    g._consult_z(press=False)
    assert g.team_state[1].stats[0][TECH] == 1 and g.team_state[0].stats[1][FTA] == 1 and g.team_state[0].stats[1][FTM] == 1 and [ts.pts for ts in g.team_state] == [1, 0]


def test_14h_three_pointer_and_fouled():
    z = find("z_reading", "Three Pointer")
    g = prepared([z])
    g._consult_z(press=False)
    assert g.team_state[0].stats[0][TPM] == 1 and g.team_state[0].pts == 3 and g.team_state[1].stats[0][PF] == 1 and g.phase == PH_FT


def test_14j_illegal_defense_first_warning_ball_out_of_bounds():
    z = find("z_reading", "Illegal Defense Warning")
    g = prepared([z], passes=3)
    g._consult_z(press=False)
    assert g.team_state[1].illegal_def == 1 and g.passes == 0 and g.limit == 3


def test_14k_accidental_tip_in_scores_the_next_missed_shot():
    z = find("z_reading", "Accidental Tip-In")
    r = find("rebound", pred=lambda c: c.rebound[0] == K.R_DEF)
    g = prepared([z, r])
    g._consult_z(press=False)
    assert g.tip_in
    g.ctx = {"shooter": 4, "air": False, "ft": False, "fb": False}
    g._phase_rebound()
    assert [ts.pts for ts in g.team_state] == [2, 0] and not g.tip_in


def test_14n_stolen_by_pd_then_fast_break_on_column_a():
    z = find("z_reading", "Stolen by PD of RPG & FB")
    g = prepared([z, K.card(10)])  # RPG 10: the Knicks PG
    g._consult_z(press=False)
    assert g.team_state[0].stats[0][TOV] == 1 and g.team_state[1].stats[0][STL] == 1 and g.phase == PH_FB and g.ctx["col"] == "A"


def test_19_9_ncaa_ignores_illegal_defense_and_reads_another_z():
    z = find("z_reading", "Illegal Defense Warning")
    other = find("z_reading", "Accidental Tip-In")
    g = prepared([z, other], options={"league": "ncaa"})
    g._consult_z(press=False)
    assert [ts.illegal_def for ts in g.team_state] == [0, 0] and g.tip_in


def test_15f_press_consult_z_draws_five_more_for_defenders():
    rest = find("z_reading", "Visitor SF must rest")
    tip = find("z_reading", "Accidental Tip-In")
    g = prepared([tip, rest, tip, tip, tip, tip])
    g._consult_z(press=True)
    assert g.team_state[1].mandatory_rest[2]


def test_8_41_timeout_late_takes_the_ball_out_at_mid_court_from_the_dead_ball_deck():
    g = prepared()
    g.period, g.two_min, g.eleven = 4, True, True
    g._call_timeout(0, False, PH_UPCOURT)
    assert g.from_dead


def test_8_3_empty_dead_ball_deck_is_refilled_from_the_discard_pile():
    g = RULESET.new_game(seed=2)
    g.dead = []
    g.discard = list(K.DECK[:60])
    c = g._draw("SHOT # (free throw)", dead=True)
    assert len(g.dead) == 19 and c in g.discard
