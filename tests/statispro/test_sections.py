"""Rule items added or completed in the audit of issue 3: one test per section, scripted cards.

Knicks (home) slots: PG Starks, SG Rivers, SF Smith, PF Oakley, C Ewing (Index Points 6).
Bulls (visitors): PG Jordan, SG Armstrong, SF Pippen, PF Grant, C Cartwright (no Index Points).
"""

from __future__ import annotations

from coachgym.core.chance import ScriptedSource, ScriptExhausted, SeededSource
from coachgym.core.engine import AWAY, HOME
from coachgym.rules.statispro import RULESET
from coachgym.rules.statispro import actions as A
from coachgym.rules.statispro import cards as K
from coachgym.rules.statispro.engine import (
    AST,
    BLK,
    DRB,
    FGA,
    FGM,
    FTA,
    INJURED_OUT,
    OK,
    ORB,
    PF,
    PH_ADVANCE,
    PH_BALL,
    PH_BLOCK,
    PH_FT,
    PH_JUMP,
    PH_MENU,
    PH_REBOUND,
    PH_SHOT,
    PH_UPCOURT,
    R_BLK,
    R_DEF,
    R_REBD,
    R_STL,
    STL,
    TECH,
    TOV,
    TPM,
)

from .helpers import find, holder, no_holder, shot


def game_at(cards=(), off=HOME, bh=-1, passes=1, options=None, fallback=False):
    """A first-quarter game with ``off`` holding the ball; the next draws are scripted."""
    src = ScriptedSource(list(cards), SeededSource(0) if fallback else None)
    g = RULESET.new_game("knicks-1993", "bulls-1993", source=src, options=options)
    g.opening = 0
    g.off, g.ballhandler, g.passes, g.limit = off, bh, passes, g.pass_limit
    g.discard = list(K.DECK[:40])  # deep enough into the quarter for Mandatory Rest (14A)
    return g


def at_upcourt(g):
    """Run the engine from an ACTION/PRESS draw to its next real decision (no menus asked first), or
    until the script of cards runs out (the state is then the one that asked for the next card)."""
    g.phase = PH_UPCOURT
    g.ctx = {"offered": True, "owed_done": True, "press_asked": True}
    return advance(g)


def advance(g):
    g.decision = None
    try:
        g._advance()
    except ScriptExhausted:
        pass
    return g.decision




def clean_pass(section, slot, lo, hi):
    """A plain pass (no assist, no steal, no trap) to ``slot`` with a Pass # in lo..hi."""
    return find(section, pred=lambda c: getattr(c, section)[0] == K.P_PASS and getattr(c, section)[1] == slot
                and lo <= getattr(c, section)[2] <= hi and not getattr(c, section)[3] and not getattr(c, section)[4]
                and not getattr(c, section)[6])


# ---------------------------------------------------------------- 3 lineups, 6.6 position shifts and PD cards
def test_3_2_out_of_position_halves_the_four_defensive_ratings():
    g = game_at()
    ewing = g.eff(HOME)[4]
    g.team_state[HOME].lineup[0], g.team_state[HOME].lineup[4] = g.team_state[HOME].lineup[4], g.team_state[HOME].lineup[0]  # Ewing to PG, Starks to C
    g._dirty()
    e = g.eff(HOME)[0]
    assert e[R_DEF] == int(-9 / 2) == -4 and e[R_REBD] == 33 // 2 and e[R_BLK] == 5 // 2 and e[R_STL] == 2 // 2
    assert ewing[R_DEF] == -9 and ewing[R_REBD] == 33


def test_3_2_6_6_pd_card_swaps_assignments_and_halves_an_out_of_position_defender():
    g = game_at()
    g._open_menu([HOME], PH_UPCOURT, "timeout")
    g.menu["caller"] = HOME
    assert A.PD_CARD[(4, 0)] in g._menu_legal(HOME)
    g._apply_menu(HOME, A.ACTIONS[A.PD_CARD[(4, 0)]])  # Ewing guards their PG (Jordan)
    assert g.team_state[HOME].guard[4] == 0 and g.team_state[HOME].guard[0] == 4  # Starks takes their C
    assert g.pd_slot(AWAY, 0) == 4 and g.eff(HOME)[4][R_DEF] == -4  # a center on a PG: out of position


def test_3_3_after_a_timeout_the_caller_places_last():
    g = game_at()
    g._open_menu([AWAY, HOME], PH_UPCOURT, "dead")
    g._apply_menu(AWAY, A.ACTIONS[A.TIMEOUT])
    assert g.menu["queue"] == [HOME, AWAY] and g.menu["kind"] == "timeout"


def test_6_6_position_shift_only_for_the_fouling_defense_at_a_dead_ball():
    g = game_at()
    g._open_menu([AWAY, HOME], PH_ADVANCE, "dead", fouler=AWAY)
    assert A.SWAP[(0, 1)] in g._menu_legal(AWAY)
    assert A.SWAP[(0, 1)] not in g._menu_legal(HOME)


# ---------------------------------------------------------------- 4 play outline
def test_4_2_press_is_offered_only_after_a_dead_ball_or_in_the_final_two_minutes():
    g = game_at([clean_pass("action", 0, 1, 10)], off=AWAY)
    g._open_menu([AWAY, HOME], PH_UPCOURT, "dead")
    assert A.PRESS in g._menu_legal(HOME) and A.PRESS not in g._menu_legal(AWAY)
    g2 = game_at([clean_pass("action", 0, 1, 10)])
    g2.phase = PH_UPCOURT
    g2.ctx = {"offered": True, "owed_done": True}
    assert g2._phase_upcourt() is None and g2.phase != PH_UPCOURT  # live ball, not the final 2:00: no PRESS asked
    g3 = game_at([clean_pass("action", 0, 1, 10)])
    g3.period, g3.two_min = 4, True
    g3.phase = PH_UPCOURT
    g3.ctx = {"offered": True, "owed_done": True}
    d = g3._phase_upcourt()
    assert d.kind == "press" and d.side == AWAY


def test_4_62_three_point_defense_doubles_instead_of_triples_and_shifts_percentages():
    g = game_at()
    starks = g.eff(HOME)[0]
    g.team_state[HOME].three_point_offense = True
    g._dirty()
    assert g.eff(HOME)[0][2] == starks[2] * 3
    g.team_state[AWAY].three_point_defense = True
    g._dirty()
    e = g.eff(HOME)[0]
    assert e[2] == starks[2] * 2 and e[3] == starks[3] - 5 and e[0] == starks[0] + 5 and e[9] == starks[9] + 5


def test_4_61_three_point_offense_is_offered_only_to_the_trailing_team_at_a_timeout_in_the_final_two_minutes():
    g = game_at()
    g.period, g.two_min = 4, True
    g.team_state[0].pts, g.team_state[1].pts = 80, 84
    g._open_menu([HOME, AWAY], PH_UPCOURT, "timeout")
    assert A.THREE_POINT_OFFENSE in g._menu_legal(HOME) and A.THREE_POINT_OFFENSE not in g._menu_legal(AWAY)
    g.team_state[HOME].three_point_offense = True
    assert A.THREE_POINT_DEFENSE in g._menu_legal(AWAY) and A.CANCEL_THREE_POINT_OFFENSE in g._menu_legal(HOME)
    g.two_min = False
    assert A.THREE_POINT_OFFENSE not in g._menu_legal(HOME) and A.THREE_POINT_DEFENSE not in g._menu_legal(AWAY)


def test_9c_consult_z_uses_the_action_pass_two_advances_remain():
    tip = find("z_reading", "Accidental Tip-In")
    g = game_at([find("action", "Consult Z"), tip], passes=0)
    at_upcourt(g)
    assert g.tip_in and g.phase == PH_ADVANCE and g.passes == 1 and g.limit - g.passes == 2


# ---------------------------------------------------------------- 5 shooting range, forced shots
def test_5_1_in_the_final_minute_a_ballhandler_may_decline_the_shot():
    card = clean_pass("action", 4, 1, 10)  # Ewing (ATTEMPTS 19) must normally shoot
    g = game_at([card], passes=0)
    at_upcourt(g)
    assert g.phase == PH_SHOT  # decided automatically: he shoots
    g2 = game_at([card], passes=0)
    g2.eleven = True
    d = at_upcourt(g2)
    assert d.kind == "ballhandler" and set(d.legal) == {A.SHOOT, A.ADVANCE}


def test_5_2_voluntary_forced_shot_in_the_final_two_minutes_of_the_game():
    card = clean_pass("action", 3, 30, 40)  # Oakley (ATTEMPTS 5) must normally ADVANCE
    g = game_at([card], passes=0)
    at_upcourt(g)
    assert g.phase == PH_ADVANCE
    g2 = game_at([card], passes=0)
    g2.period, g2.two_min = 4, True
    d = at_upcourt(g2)
    assert d.kind == "ballhandler" and A.SHOOT in d.legal


def test_5_3_forced_shot_doubles_the_pds_block_rate_b0_becomes_b1():
    blk = find("shot", pred=lambda c: c.shot[1] == K.S_BLOCK and c.shot[3] == K.BLOCK_PD and c.shot[2] == 1)
    # Rivers (B0) guards Cartwright (PD card): only the doubling, B0 -> B1, blocks a "B1 or higher" clause
    g = game_at([blk], off=AWAY, bh=4, passes=3)
    g.team_state[HOME].guard[1], g.team_state[HOME].guard[4] = 4, 1
    g._dirty()
    g._setup_shot(4, three=False, forced=6)
    g.phase = PH_SHOT
    g._phase_shot()
    assert g.phase == PH_BLOCK and g.team_state[AWAY].stats[4][FGA] == 1
    g2 = game_at([blk], off=AWAY, bh=4, passes=3)
    g2.team_state[HOME].guard[1], g2.team_state[HOME].guard[4] = 4, 1
    g2._dirty()
    g2._setup_shot(4, three=False, forced=0)
    g2.phase = PH_SHOT
    g2._phase_shot()
    assert g2.phase != PH_BLOCK  # no Forced Shot: B0 does not block


# ---------------------------------------------------------------- 6 fouls
def test_6_1_equal_foul_drawing_numbers_the_home_coach_decides():
    # Prescott (FD 7.8) at C beside Oakley (FD 7.8): FD4 and FD5 are tied
    g = game_at([find("action", "Defensive Foul"), no_holder("bulls-1993", fd=4), find("foul", pred=lambda c: c.fd == 4)],
              passes=0)
    g.team_state[HOME].lineup[4] = 7
    g._dirty()
    d = at_upcourt(g)
    assert d.kind == "choose" and d.side == HOME and set(d.legal) == {A.CHOOSE[3], A.CHOOSE[4]}
    g.step(A.CHOOSE[4])  # Prescott drew it: his PD, Cartwright, is charged
    assert g.team_state[AWAY].stats[4][PF] == 1 and g.team_state[AWAY].stats[3][PF] == 0 and g.team_state[AWAY].team_fouls == 1
    assert g.decision.kind == "menu" and g.menu["resume"] == PH_ADVANCE  # Knicks ball out-of-bounds (9D)


def test_6_1_without_a_tie_no_choice_is_asked():
    g = game_at([find("action", "Defensive Foul"), no_holder("bulls-1993"), find("foul", pred=lambda c: c.fd == 1)],
              passes=0)
    d = at_upcourt(g)  # FD1: Ewing (18.5) drew it from Cartwright
    assert d is None or d.kind != "choose"
    assert g.team_state[AWAY].stats[4][PF] == 1


def test_6_5_no_eligible_substitute_the_disqualified_player_stays_and_a_technical_is_given():
    g = game_at([shot(1, 10)])
    for i in range(5, 12):
        g.team_state[AWAY].status[i] = 2  # every Bulls reserve ejected
    g.team_state[AWAY].stats[0][PF] = 5
    g._charge_foul(AWAY, 0, team=True)
    assert g.team_state[AWAY].status[0] == OK and 0 in g.team_state[AWAY].lineup and g.team_state[HOME].stats[4][FTA] + g.team_state[HOME].stats[1][FTA] + \
        sum(g.team_state[HOME].stats[i][FTA] for i in (0, 2, 3)) == 1  # one technical free throw for the Knicks


def test_19_7_ncaa_fifth_foul_disqualifies():
    g = game_at(options={"league": "ncaa"})
    g.team_state[AWAY].stats[0][PF] = 4
    g._charge_foul(AWAY, 0, team=True)
    assert g.team_state[AWAY].status[0] != OK


def test_20_7_fiba_no_substitute_the_team_plays_with_four_without_a_technical():
    g = game_at(options={"league": "fiba"})
    for i in range(5, 12):
        g.team_state[AWAY].status[i] = 2
    g.team_state[AWAY].stats[0][PF] = 4
    g._charge_foul(AWAY, 0, team=True)
    # 20.7: "it will play with four players because Disqualified Players cannot return to play"
    assert g.team_state[AWAY].status[0] != OK and g._empty(AWAY, 0) and sum(g.team_state[HOME].stats[i][FTA] for i in range(12)) == 0


# ---------------------------------------------------------------- 8 the clock
def test_8_2_overtime_deck_is_75_fac_with_the_10_00_card_30_from_the_bottom():
    g = RULESET.new_game(seed=2)
    g.period = 4
    g._phase_period()
    fac = list(reversed(g.fac))  # from the top
    assert len([c for c in fac if not c.time]) == 75 and len(g.dead) == 125
    assert [c.time for c in fac if c.time] == ["10:00"] and fac.index(next(c for c in fac if c.time)) == 45


def test_8_3_final_two_minutes_rpg_and_z_readings_come_from_the_dead_ball_deck():
    g = game_at(fallback=True)
    g.period, g.two_min = 4, True
    dead_before, fac_before = len(g.dead), len(g.fac)
    g._draw("RPG (test)")
    g._draw("Z READING (test)")
    g._draw("SHOT # (test)")
    assert len(g.dead) == dead_before - 2 and len(g.fac) == fac_before - 1


def test_8_6_a_made_basket_is_a_dead_ball_only_late():
    g = game_at([shot(1, 20)], bh=4)
    g._setup_shot(4, three=False, forced=0)
    g.phase = PH_SHOT
    g._phase_shot()
    assert g.off == AWAY and g.phase == PH_UPCOURT  # live: no substitution menu
    g2 = game_at([shot(1, 20)], bh=4)
    g2.period, g2.two_min = 4, True
    g2._setup_shot(4, three=False, forced=0)
    g2.phase = PH_SHOT
    g2._phase_shot()
    assert g2.off == AWAY and g2.phase == PH_MENU and g2.menu["kind"] == "dead"


def test_8_4_timeout_limits_in_the_last_quarter_and_the_final_two_minutes():
    g = game_at()
    g.period = 4
    g.team_state[HOME].timeouts_q4 = 4
    assert not g._can_timeout(HOME, True)
    g.team_state[HOME].timeouts_q4 = 2
    g.two_min = True
    g.team_state[HOME].timeouts_last2 = 3
    assert not g._can_timeout(HOME, True)
    g.team_state[HOME].timeouts_last2 = 2
    assert g._can_timeout(HOME, True) and not g._can_timeout(AWAY, False)  # live ball: only the team with it


def test_8_5_only_one_substitution_per_team_in_a_20_second_timeout():
    g = game_at()
    g._open_menu([AWAY, HOME], PH_UPCOURT, "dead")
    g._apply_menu(AWAY, A.ACTIONS[A.TIMEOUT20])
    assert g.team_state[AWAY].timeouts20_used == 1
    g._apply_menu(HOME, A.ACTIONS[A.PLAY_ON])
    g._apply_menu(AWAY, A.ACTIONS[A.SUBSTITUTE[(5, 0)]])
    assert not any(A.ACTIONS[a].kind == "substitute" for a in g._menu_legal(AWAY))


# ---------------------------------------------------------------- 10 rebounds
def test_10b_defense_position_gets_the_ball_and_brings_it_up():
    g = game_at([find("rebound", "Defense SG")])
    g.ctx = {"shooter": 0, "air": False, "ft": False, "fb": False}
    g._phase_rebound()
    assert g.team_state[AWAY].stats[1][DRB] == 1 and g.off == AWAY and g.phase == PH_UPCOURT and g.ballhandler == 1


def test_10d_offense_position_rebound_and_its_number():
    c = find("rebound", pred=lambda c: c.rebound[0] == K.R_OFF and c.rebound[1] == 4)
    g = game_at([c])
    g.ctx = {"shooter": 0, "air": False, "ft": False, "fb": False}
    g._phase_rebound()
    assert g.team_state[HOME].stats[4][ORB] == 1 and g.ballhandler == 4 and g.via == "orb" and g.passes == 0 and g.phase == PH_BALL


def test_10j_jump_ball_on_a_rebound_credits_a_team_rebound():
    g = game_at([find("rebound", pred=lambda c: c.rebound[0] == K.R_JUMP), find("jump_to", "+0 PG")])
    g.ctx = {"shooter": 0, "air": False, "ft": False, "fb": False}
    g._phase_rebound()
    assert g.phase == PH_JUMP
    g._phase_jump()
    assert g.team_state[HOME].team_reb + g.team_state[AWAY].team_reb == 1


def test_14k_a_defenders_tip_in_is_credited_to_his_pd():
    g = game_at([find("rebound", "Defense SG")])
    g.tip_in = True
    g.ctx = {"shooter": 0, "air": False, "ft": False, "fb": False}
    g._phase_rebound()
    assert g.team_state[HOME].stats[1][FGM] == 1 and [ts.pts for ts in g.team_state] == [2, 0] and not g.tip_in  # Armstrong's man: Rivers


def test_14k_tip_in_ignored_when_the_rebound_goes_out_of_bounds():
    g = game_at([find("rebound", "D OB")])
    g.tip_in = True
    g.ctx = {"shooter": 0, "air": False, "ft": False, "fb": False}
    g._phase_rebound()
    assert [ts.pts for ts in g.team_state] == [0, 0] and not g.tip_in and g.off == AWAY


# ---------------------------------------------------------------- 12, 13 SHOT # and ADVANCE items
def test_12b_fouled_by_position_when_the_shooters_fd_is_higher():
    c = find("shot", pred=lambda c: c.shot[1] == K.S_FOUL and c.shot[3] == 0 and c.shot[2] < 18 and c.shot[0] > 60)
    g = game_at([c, shot(1, 20), shot(1, 20)], off=AWAY, bh=0)  # Jordan FD 18.5, missed: two shots
    g.team_state[0].index, g.team_state[1].index = 0, 0
    g._setup_shot(0, three=False, forced=0)
    g.phase = PH_SHOT
    g._phase_shot()
    assert g.team_state[HOME].stats[0][PF] == 1 and g.team_state[AWAY].stats[0][FGA] == 0 and g.phase == PH_FT


def test_13a_assist_on_the_third_pass_extends_the_clock_once():
    c = find("advance", pred=lambda c: c.advance[0] == K.P_PASS and c.advance[1] == 0 and c.advance[2] > 15
             and 0 < c.advance[3] <= 10 and not c.advance[4] and not c.advance[6])
    g = game_at([c], passes=2)  # Starks (ASSIST 10) receives the third pass with an assist chance
    g.phase = PH_ADVANCE
    g.ctx = {"asked": True}
    d = advance(g)
    assert d.kind == "ballhandler" and A.ADVANCE in d.legal
    g._apply(d, A.ACTIONS[A.ADVANCE])
    assert g.limit == 4 and g.ext_used and g.assist_from == 0


def test_13d_defense_foul_on_an_advance_charges_the_pd_of_the_ballhandler():
    g = game_at([find("advance", "Defense Foul"), no_holder("bulls-1993")], bh=2)
    g.phase = PH_ADVANCE
    g.ctx = {"asked": True}
    advance(g)
    assert g.team_state[AWAY].stats[2][PF] == 1 and g.limit == 3 and g.passes == 0  # Pippen guards Smith


def test_13e_24_second_violation_on_the_last_pass_of_a_14_second_clock():
    g = game_at([find("advance", "24-Second Violation")], bh=0, passes=1, options={"shot_clock_14": True})
    g.limit = 2
    g._pass_section(find("advance", "24-Second Violation").advance, "advance")
    assert g.team_state[HOME].team_tov == 1 and g.off == AWAY


# ---------------------------------------------------------------- 14 Z READINGS
def test_14a_second_rest_at_a_position_the_opposing_coach_chooses():
    g = game_at([find("action", "Consult Z"), find("z_reading", "Visitor SG must rest")], passes=0)
    g.team_state[AWAY].mandatory_rest[0] = True  # Jordan (a guard) is already in the Mandatory Rest box
    d = at_upcourt(g)
    assert d.kind == "choose_player" and d.side == HOME and set(d.legal) == {A.CHOOSE_PLAYER[0], A.CHOOSE_PLAYER[1]}
    g._apply(d, A.ACTIONS[A.CHOOSE_PLAYER[1]])  # Armstrong must rest, Jordan returns to play
    assert g.team_state[AWAY].mandatory_rest[1] and not g.team_state[AWAY].mandatory_rest[0] and g.phase == PH_ADVANCE


def test_14a_the_opposing_coach_may_keep_the_first_player_resting():
    g = game_at([find("action", "Consult Z"), find("z_reading", "Visitor SG must rest")], passes=0)
    g.team_state[AWAY].mandatory_rest[0] = True
    d = at_upcourt(g)
    g._apply(d, A.ACTIONS[A.CHOOSE_PLAYER[0]])
    assert g.team_state[AWAY].mandatory_rest[0] and not g.team_state[AWAY].mandatory_rest[1]


def test_14a_a_two_position_player_takes_the_free_group():
    # Pippen (PG/SG/SF/PF) plays SF; a forward (Grant) is in the box, the guards' place is free
    g = game_at([find("action", "Consult Z"), find("z_reading", "Visitor SF must rest")], passes=0)
    g.team_state[AWAY].mandatory_rest[3] = True
    d = at_upcourt(g)
    assert g.team_state[AWAY].mandatory_rest[2] and g.team_state[AWAY].mandatory_rest[3]
    assert d is None or d.kind != "choose_player"


def test_15f_extra_readings_the_offensive_coach_may_ignore_a_defenders_rest():
    tip = find("z_reading", "Accidental Tip-In")
    rest = find("z_reading", "Visitor C must rest")
    dull = [c for c in K.DECK if c.z[0] == K.Z_TIP_IN][1:5]
    g = game_at([find("press", "Consult Z"), tip, rest] + dull[:4], passes=0)
    g.press_next = True
    g.team_state[AWAY].mandatory_rest[4] = False
    g.team_state[AWAY].lineup[4] = 7  # Stallworth at C; Cartwright (a center) is in the box on the bench
    g.team_state[AWAY].mandatory_rest[4] = True
    g._dirty()
    d = at_upcourt(g)
    assert d.kind == "choose_player" and d.side == HOME
    g._apply(d, A.ACTIONS[A.CHOOSE_PLAYER[4]])  # keep Cartwright in the box: the new rest is ignored
    assert g.team_state[AWAY].mandatory_rest[4] and not g.team_state[AWAY].mandatory_rest[7] and g.phase == PH_ADVANCE


def test_14e_pass_to_choice_who_scores_and_is_fouled():
    g = game_at([find("action", "Consult Z"), find("z_reading", "Pass to Choice Who Scores and Is Fouled"),
               holder("bulls-1993", 3), shot(1, 10)], passes=0)
    d = at_upcourt(g)
    assert d.kind == "choose" and d.side == HOME
    g._apply(d, A.ACTIONS[A.CHOOSE[4]])
    assert g.team_state[HOME].stats[4][FGM] == 1 and g.team_state[AWAY].stats[3][PF] == 1 and g.phase == PH_FT
    assert sum(g.team_state[HOME].stats[i][AST] for i in range(12)) == 1 and g.team_state[HOME].stats[1][AST] == 1  # Rivers: best ASSIST


def test_14f_fight_ejects_one_player_of_each_team():
    g = game_at([find("action", "Consult Z"), find("z_reading", "Fight & Ejection"), K.card(5), K.card(150)], passes=0)
    at_upcourt(g)
    assert g.team_state[HOME].status[0] == 2 and g.team_state[AWAY].status[4] == 2  # RPG 5: home PG (1-20); RPG 150: visiting C (41-60)


def test_14g_injured_offensive_player_leaves_at_once_and_two_advances_remain():
    g = game_at([find("action", "Consult Z"), find("z_reading", "Injury: rest of period"), K.card(81)], passes=0)
    at_upcourt(g)  # RPG 81: home SG (Rivers), on offense
    assert g.team_state[HOME].injured[1] and g.team_state[HOME].status[1] == INJURED_OUT and g.passes == g.limit - 2
    assert g.decision.kind == "menu" and g.decision.side == HOME
    assert all(A.ACTIONS[a].kind == "substitute" and A.ACTIONS[a]["slot"] == 1 for a in g.decision.legal)


def test_14g_injured_defender_stays_until_his_team_has_the_ball_and_his_man_shoots_open():
    adv = find("advance", pred=lambda c: c.advance[0] == K.P_PASS and c.advance[1] == 1 and c.advance[2] > 6
               and not c.advance[4] and not c.advance[6])  # to Rivers (ATTEMPTS 6), whose PD Armstrong is hurt
    g = game_at([find("action", "Consult Z"), find("z_reading", "Injury: rest of period"), K.card(181)], passes=0)
    at_upcourt(g)  # RPG 181: the visiting SG, Armstrong, is hurt on defense
    assert g.team_state[AWAY].injured[1] and g.team_state[AWAY].status[1] == OK and 1 in g.team_state[AWAY].lineup and g.inj_wait == [AWAY, 1, 1]
    assert g.phase == PH_ADVANCE and g.passes == g.limit - 2
    g.source.script.extend([adv, shot(55, 58)])
    d = advance(g)
    assert d.kind == "ballhandler" and set(d.legal) == {A.SHOOT, A.ADVANCE}  # "he may shoot an Open Shot"
    try:
        g.step(A.SHOOT)
    except ScriptExhausted:
        pass
    # Rivers 48 + 10 (an Open Shot, no PD) covers 55-58 though his ATTEMPTS (6) is below the Pass #
    assert g.team_state[HOME].stats[1][FGM] == 1 and g.off == AWAY
    # the Bulls have the ball: play stops and Armstrong must leave
    assert g.team_state[AWAY].status[1] == INJURED_OUT and not g.inj_wait
    assert g.decision.kind == "menu" and g.decision.side == AWAY
    assert all(A.ACTIONS[a].kind == "substitute" and A.ACTIONS[a]["slot"] == 1 for a in g.decision.legal)


def test_14g_a_period_injury_ends_with_the_period():
    g = game_at([find("action", "Consult Z"), find("z_reading", "Injury: rest of period"), K.card(81)], passes=0)
    at_upcourt(g)
    g._phase_period()
    assert g.period == 2 and g.team_state[HOME].status[1] == OK and g.team_state[HOME].injured[1]


def test_14h_no_three_point_shooter_in_play_the_coach_selects():
    g = game_at([find("action", "Consult Z"), find("z_reading", "Three Pointer")], passes=0)
    for s in range(5):
        g.team_state[HOME].lineup[s] = (2, 3, 9, 10, 4)[s]  # no THREE POINT ATTEMPTS but Ewing's (1)... take him out too
    g.team_state[HOME].lineup[4] = 7
    g._dirty()
    d = at_upcourt(g)
    assert d.kind == "choose" and d.side == HOME
    g._apply(d, A.ACTIONS[A.CHOOSE[1]])
    assert g.team_state[HOME].stats[3][TPM] == 1 and g.team_state[HOME].pts == 3 and g.phase == PH_FT


def test_14l_elbow_foul_two_shots_and_a_technical():
    g = game_at([find("action", "Consult Z"), find("z_reading", "Elbow Foul on Defense"), holder("bulls-1993", 3)],
              passes=0)
    g.team_state[0].index, g.team_state[1].index = 0, 0
    at_upcourt(g)
    assert g.team_state[AWAY].stats[3][PF] == 1 and g.team_state[AWAY].stats[3][TECH] == 1 and g.phase == PH_FT and g.ctx["n"] == 2


def test_14m_dead_ball_foul_two_shots_regardless_of_the_penalty():
    g = game_at([find("action", "Consult Z"), find("z_reading", "Dead Ball Foul"), holder("bulls-1993", 0)], passes=0)
    g.team_state[0].index, g.team_state[1].index = 0, 0
    at_upcourt(g)
    assert g.team_state[AWAY].team_fouls == 1 and g.phase == PH_FT and g.ctx["n"] == 2 and g.ctx["after"] == "other"


def test_14o_desperation_heave_on_the_last_fac_of_the_period():
    g = game_at(fallback=True)
    heave = next(c for c in K.DECK if c.z[0] == K.Z_HEAVE)
    from coachgym.rules.statispro.cards import rpg_side, rpg_slot
    side, slot = rpg_side(heave.rpg), rpg_slot(heave.rpg)
    g.fac = [heave]
    g.off = 1 - side  # the other team had the ball when the last FAC was drawn as its PRESS ...
    g._draw("PRESS")
    g.off = side  # ... and lost it on that PRESS result
    g._period_over()
    assert g.team_state[side].pts == 3 and g.team_state[side].stats[g.team_state[side].lineup[slot]][TPM] == 1


# ---------------------------------------------------------------- 15 PRESS items
def test_15a_15d_15g_15h_press_items_resolve_like_their_action_and_advance_twins():
    g = game_at([find("press", "Defense Foul"), no_holder("bulls-1993"), find("foul", pred=lambda c: c.fd == 1)], passes=0)
    g.press_next = True
    at_upcourt(g)
    assert g.team_state[AWAY].stats[4][PF] == 1 and g.team_state[AWAY].team_fouls == 1  # 15A as 9D
    g = game_at([find("press", pred=lambda c: c.press[0] == K.P_DOB and c.press[1] == 4)], passes=0)
    g.press_next = True
    at_upcourt(g)
    assert g.team_state[HOME].stats[4][TOV] == 1 and g.off == AWAY  # 15G
    g = game_at([find("press", "Offensive Foul"), holder("knicks-1993", 0)], passes=0)
    g.press_next = True
    at_upcourt(g)
    assert g.team_state[HOME].stats[0][PF] == 1 and g.team_state[HOME].team_fouls == 0 and g.off == AWAY  # 15H as 9F


def test_15j_press_dead_ball_foul_two_shots():
    g = game_at([find("press", "Dead Ball Foul"), holder("bulls-1993", 2)], passes=0)
    g.press_next = True
    g.team_state[0].index, g.team_state[1].index = 0, 0
    at_upcourt(g)
    assert g.team_state[AWAY].stats[2][PF] == 1 and g.phase == PH_FT and g.ctx["n"] == 2


# ---------------------------------------------------------------- 16 Index Points
def test_16b_highest_rebounder_overturned_goes_to_the_payers_highest_rebounder():
    c = find("rebound", pred=lambda c: c.rebound[0] == K.R_HIGH and len(c.rebound[1]) == 5 and c.rebound[2] == 0)
    g = game_at([c], off=AWAY)  # Bulls miss; Ewing (33) beats Grant (27): the Bulls may pay? no points
    g.ctx = {"shooter": 0, "air": False, "ft": False, "fb": False}
    g.team_state[0].index, g.team_state[1].index = 0, 2
    g._phase_rebound()
    d = g._phase_wait()
    assert d.kind == "index" and d.side == AWAY and A.INDEX_REBOUND in d.legal
    g._apply(d, A.ACTIONS[A.INDEX_REBOUND])
    assert g.team_state[AWAY].stats[3][ORB] == 1 and g.team_state[AWAY].index == 1  # to their own highest rebounder, Grant


def test_16c_a_foul_on_the_shot_may_be_ignored_and_the_shot_stands():
    c = find("shot", pred=lambda c: c.shot[1] == K.S_FOUL and c.shot[3] == 0 and c.shot[2] < 13 and c.shot[0] <= 40)
    g = game_at([c], off=AWAY, bh=0)  # Jordan (51 - Starks 9 = 42) makes it; the Knicks may void the foul
    g._setup_shot(0, three=False, forced=0)
    g.phase = PH_SHOT
    g._phase_shot()
    d = g._phase_wait()
    assert d.kind == "index" and d.side == HOME and A.INDEX_VOID_FOUL in d.legal
    g._apply(d, A.ACTIONS[A.INDEX_VOID_FOUL])
    assert [ts.pts for ts in g.team_state] == [0, 2] and g.team_state[HOME].stats[0][PF] == 0 and g.team_state[HOME].index == 5 and g.off == HOME


def test_16c_a_loose_ball_foul_may_be_ignored_and_the_rebound_is_drawn_again():
    g = game_at([find("rebound", "Loose Ball Foul on Defense"), find("rebound", "Defense PG")], off=AWAY)
    g.ctx = {"shooter": 0, "air": False, "ft": False, "fb": False}
    g._phase_rebound()
    d = g._phase_wait()
    assert d.kind == "index" and d.side == HOME
    g._apply(d, A.ACTIONS[A.INDEX_VOID_FOUL])
    assert g.phase == PH_REBOUND
    g._phase_rebound()
    assert g.team_state[HOME].stats[0][DRB] == 1 and g.team_state[HOME].team_fouls == 0 and g.off == HOME


def test_16d_ignoring_a_mandatory_rest_costs_an_index_point_at_a_timeout():
    g = game_at()
    g.team_state[HOME].mandatory_rest[4] = True
    g._open_menu([HOME], PH_UPCOURT, "timeout")
    legal = g._menu_legal(HOME)
    assert A.IGNORE_REST[4] in legal
    g._apply_menu(HOME, A.ACTIONS[A.IGNORE_REST[4]])
    assert not g.team_state[HOME].mandatory_rest[4] and g.team_state[HOME].index == 5
    g._open_menu([HOME], PH_UPCOURT, "dead")
    g.team_state[HOME].mandatory_rest[4] = True
    assert A.IGNORE_REST[4] not in g._menu_legal(HOME)  # only during a timeout


# ---------------------------------------------------------------- 2015 options
def test_2015_6_6_deliberate_foul_the_defense_picks_both_players():
    g = game_at([K.card(120)], bh=0, options={"deliberate_fouls": True})
    g.phase = PH_ADVANCE
    g.ctx = {}
    d = advance(g)
    assert d.kind == "stop_clock" and d.side == AWAY and A.DELIBERATE[(4, 3)] in d.legal
    g.step(A.DELIBERATE[(4, 3)])  # Cartwright fouls Oakley
    assert g.team_state[AWAY].stats[4][PF] == 1 and g.team_state[AWAY].team_fouls == 1


def test_2015_6_6_deliberate_foul_in_the_last_two_minutes_of_the_half_is_a_dead_ball_foul():
    g = game_at([K.card(120), shot(80, 97), shot(80, 97)], bh=0, options={"deliberate_fouls": True})
    g.period, g.two_min = 2, True
    g.phase = PH_ADVANCE
    g.ctx = {}
    g._apply(advance(g), A.ACTIONS[A.DELIBERATE[(4, 3)]])
    assert g.phase == PH_FT and g.ctx["n"] == 2 and g.ctx["after"] == "keep14"  # then a fresh 14-second clock


def test_20_11_fiba_has_no_deliberate_fouls():
    g = game_at([K.card(120)], bh=0, options={"league": "fiba", "deliberate_fouls": True})
    g.phase = PH_ADVANCE
    g.ctx = {}
    assert g._phase_advance() is None and g.phase != PH_ADVANCE  # the ADVANCE was drawn: nothing asked


# ---------------------------------------------------------------- NCAA (19) and FIBA (20)
def test_19_1_19_2_ncaa_semi_halves_of_150_fac_and_50_dead_ball_cards():
    g = RULESET.new_game(seed=3, options={"league": "ncaa"})
    assert len([c for c in g.fac if not c.time]) + len(g.discard) == 150 and len(g.dead) == 50
    g._phase_period()
    assert g.period == 2 and len([c for c in g.fac if not c.time]) == 150


def test_19_3_ncaa_alternating_possession_replaces_jump_balls():
    jb = find("advance", pred=lambda c: c.advance[0] == K.P_JUMP)
    g = game_at([jb], bh=0, options={"league": "ncaa"})
    g.arrow = AWAY
    g._pass_section(jb.advance, "advance")
    g._phase_jump()
    assert g.off == AWAY and g.arrow == HOME and g.team_state[HOME].team_tov == 1


def test_19_3_ncaa_second_half_starts_by_the_possession_arrow():
    g = RULESET.new_game(seed=3, options={"league": "ncaa"})
    g.period, g.arrow = 2, AWAY
    g._phase_period()
    assert g.period == 3 and g.off == AWAY and g.arrow == HOME


def test_19_4_ncaa_four_pass_facs_and_a_fresh_35_second_clock_after_a_foul():
    g = game_at(options={"league": "ncaa"})
    assert g.pass_limit == 4 and g._fresh_ob() == 4


def test_19_5_ncaa_overtime_and_final_two_minutes_penalty():
    g = game_at(options={"league": "ncaa"})
    g.period = 5
    g.team_state[AWAY].team_fouls = 4
    assert g._in_penalty(AWAY)
    g.period, g.team_state[AWAY].team_fouls, g.two_min, g.team_state[AWAY].team_fouls_last2 = 2, 3, True, 2
    assert g._in_penalty(AWAY)
    g.period = 1
    assert not g._in_penalty(AWAY)


def test_19_8_ncaa_overtime_starts_with_a_jump_ball():
    g = RULESET.new_game(seed=3, options={"league": "ncaa"})
    g.period = 4
    g._phase_period()
    assert g.menu["resume"] == PH_JUMP and g.ctx["jump"] == "tip"


def test_19_9_20_10_no_illegal_defense_in_fiba_either():
    g = game_at([find("action", "Consult Z"), find("z_reading", "Illegal Defense Warning"),
               find("z_reading", "Accidental Tip-In")], passes=0, options={"league": "fiba"})
    at_upcourt(g)
    assert g.tip_in and [ts.illegal_def for ts in g.team_state] == [0, 0]


def test_20_3_fiba_overtime_starts_with_the_possession_arrow():
    g = RULESET.new_game(seed=3, options={"league": "fiba"})
    g.period, g.arrow = 4, AWAY
    g._phase_period()
    assert g.period == 5 and g.off == AWAY and g.menu["resume"] == PH_UPCOURT


def test_20_4_fiba_fourteen_second_clock_after_a_foul_and_an_offensive_rebound():
    g = game_at(options={"league": "fiba"})
    assert g._fresh_ob() == 2
    g._orb(3, 5, 0, air=False)
    assert g.limit == 2 and g.passes == 0


def test_20_6_fiba_rest_periods_end_at_the_4_00_and_7_00_marks():
    g = RULESET.new_game(seed=3, options={"league": "fiba"})
    above, n = {}, len(g.discard)
    for c in reversed(g.fac):
        if c.time:
            above[c.time] = n
        else:
            n += 1
    assert above["5:00"] == 60 and above["9:00"] == 105  # 4:00 and 7:00 of a 10-minute quarter (150 FAC)


def test_20_8_fiba_technical_one_free_throw_and_the_ball_stays():
    g = game_at([find("action", "Consult Z"), find("z_reading", "Technical Foul"), K.card(101), shot(1, 20)], passes=0,
              options={"league": "fiba"})
    at_upcourt(g)
    assert sum(g.team_state[HOME].stats[i][FTA] for i in range(12)) == 1 and g.off == HOME


def test_20_9_fiba_overtime_keeps_the_fourth_quarters_team_fouls():
    g = RULESET.new_game(seed=3, options={"league": "fiba"})
    g.period = 4
    g.team_state[0].team_fouls, g.team_state[1].team_fouls = 3, 5
    g._phase_period()
    assert [ts.team_fouls for ts in g.team_state] == [3, 5] and g._in_penalty(AWAY)


# ---------------------------------------------------------------- more clock, foul and Z items
def test_3_1_8_3_time_cards_10_00_starts_the_final_two_minutes_and_11_00_the_final_minute():
    g = game_at()
    g.team_state[0].team_fouls_last2, g.team_state[1].team_fouls_last2 = 1, 1
    g._time_card("10:00")
    assert g.two_min and [ts.team_fouls_last2 for ts in g.team_state] == [0, 0] and not g.last_minute
    g._time_card("11:00")
    assert g.last_minute
    g2 = game_at()
    g2.period, g2.two_min, g2.fac = 4, True, g2.fac[:15]  # no 11:00 card in the 4th: 15 FAC left
    assert g2.last_minute and g2.final_two


def test_8_4_mandatory_timeout_charged_at_the_teams_time_card():
    g = game_at()
    g._time_card("5:00")  # the home team's card: no timeout called in the first quarter
    assert [ts.owed_timeout for ts in g.team_state] == [True, False]
    g._time_card("9:00")
    assert [ts.owed_timeout for ts in g.team_state] == [True, True]
    g.phase = PH_UPCOURT
    g.ctx = {}
    g._phase_upcourt()  # the Knicks' next (non-Fast Break) possession starts with the charged timeout
    assert g.team_state[HOME].timeouts_used == 1 and g.phase == PH_MENU and g.menu["kind"] == "timeout" and not g.team_state[HOME].owed_timeout


def test_8_1_last_shot_from_the_dead_ball_deck_is_a_forced_shot():
    g = game_at([shot(1, 10)], bh=4, passes=1)
    g.via, g.pass_no, g.phase = "action", 30, PH_BALL  # Ewing (ATTEMPTS 19) holds an ACTION Pass #30
    g._period_over()
    assert g.phase == PH_SHOT and g.ctx["dead"] and g.ctx["last"] and g.ctx["forced"] == 11


def test_6_2_intentional_miss_of_the_last_free_throw():
    g = game_at([find("rebound", pred=lambda c: c.rebound[0] == K.R_OFF and c.rebound[1] == 3)])
    g.period, g.two_min, g.eleven = 4, True, True
    g._free_throws(HOME, 0, 1, after="other")
    g.ctx["q_freeze"] = True
    d = g._phase_free_throw()
    assert d.kind == "free_throw" and d.side == HOME
    g._apply(d, A.ACTIONS[A.INTENTIONAL_MISS])
    g._phase_free_throw()
    assert g.team_state[HOME].stats[0][FTA] == 1 and [ts.pts for ts in g.team_state] == [0, 0] and g.phase == PH_REBOUND and g.ctx["dead"]
    g._phase_rebound()
    assert g.team_state[HOME].stats[3][ORB] == 1


def test_6_3_one_team_foul_allowed_in_the_final_two_minutes():
    g = game_at()
    g.two_min = True
    g.team_state[AWAY].team_fouls, g.team_state[AWAY].team_fouls_last2 = 2, 1
    assert not g._in_penalty(AWAY)
    g.team_state[AWAY].team_fouls, g.team_state[AWAY].team_fouls_last2 = 3, 2
    assert g._in_penalty(AWAY)


def test_12d_air_ball_on_the_last_free_throw_is_d_ob():
    g = game_at([shot(98, 100, clause=True)])
    g._free_throws(HOME, 4, 1, after="other")
    g.ctx["q_freeze"] = g.ctx["q_miss"] = True
    g._phase_free_throw()
    assert g.off == AWAY and g.team_state[AWAY].team_reb == 1 and g.phase == PH_MENU


def test_7_2_defensive_goaltending_credits_the_basket_not_a_block():
    g = game_at([find("block", "Def. GT")])
    g.ctx = {"blocker": 3, "shooter": 4}
    g._phase_block()
    assert [ts.pts for ts in g.team_state] == [2, 0] and g.team_state[HOME].stats[4][FGM] == 1 and g.team_state[AWAY].stats[3][BLK] == 0


def test_10a_no_fast_break_on_the_rebound_of_a_free_throw():
    c = find("rebound", pred=lambda c: c.rebound[0] == K.R_DEF and c.rebound[2])
    g = game_at([c])
    g.ctx = {"shooter": 0, "air": False, "ft": True, "fb": False}
    g._phase_rebound()
    assert g.phase == PH_UPCOURT  # a normal ACTION; after a field goal the FB would be offered
    g2 = game_at([c])
    g2.ctx = {"shooter": 0, "air": False, "ft": False, "fb": False}
    g2._phase_rebound()
    assert g2._phase_wait().kind == "fast_break"


def test_14d_technical_on_a_coach_moves_an_index_point():
    coach_t = find("z_reading", pred=lambda c: c.z[0] == K.Z_TECHNICAL and c.z[1] == HOME)
    g = game_at([find("action", "Consult Z"), coach_t, shot(1, 10)], passes=0)
    at_upcourt(g)  # a technical on the Knicks' coach: the Bulls have no Index Points, the Knicks gain one
    assert [ts.index for ts in g.team_state] == [7, 0] and sum(g.team_state[AWAY].stats[i][FTA] for i in range(12)) == 1 and g.off == HOME


def test_14g_injury_for_games_the_coach_chooses_among_equal_injury_ratings():
    inj = find("z_reading", "Injury: game + 1 Injury Rate")
    g = game_at([find("action", "Consult Z"), inj, K.card(150)], passes=0)  # RPG 150: the Bulls
    d = at_upcourt(g)  # Injury Rate 1 in the Bulls' lineup: Jordan, Pippen, Grant (and Galloway, Underhill on the bench)
    assert d.kind == "choose_player" and d.side == AWAY
    assert set(d.legal) == {A.CHOOSE_PLAYER[i] for i in (0, 2, 3, 6, 8)}
    g._apply(d, A.ACTIONS[A.CHOOSE_PLAYER[6]])  # a bench player: a "practice" injury
    assert g.team_state[AWAY].injured[6] and g.team_state[AWAY].status[6] == INJURED_OUT and g.missed_games == [[AWAY, 6, 1]]
    assert g.phase == PH_ADVANCE


def test_14i_great_night_tie_within_a_team_the_coach_chooses():
    g = game_at([find("action", "Consult Z"), find("z_reading", "Great Night")], passes=0)
    g.team_state[HOME].lineup[1] = 5  # Thornbury (ATTEMPTS 5) at SG beside Oakley (ATTEMPTS 5)
    g._dirty()
    for i in (3, 5):  # 10 points each on 5 of 10: tied on points, ATTEMPTS and FG%
        g.team_state[HOME].stats[i][0], g.team_state[HOME].stats[i][FGM], g.team_state[HOME].stats[i][FGA] = 10, 5, 10
    d = at_upcourt(g)
    assert d.kind == "choose_player" and d.side == HOME and set(d.legal) == {A.CHOOSE_PLAYER[3], A.CHOOSE_PLAYER[5]}
    g._apply(d, A.ACTIONS[A.CHOOSE_PLAYER[5]])
    assert g.great_night == [HOME, 5] and g.eff(HOME)[1][1] == 10 and g.phase == PH_ADVANCE


def test_16a_two_index_points_turn_a_steal_into_a_defense_foul_by_the_stealer():
    c = find("advance", pred=lambda c: c.advance[0] == K.P_PASS and c.advance[4] and c.advance[4] <= 3 and c.advance[5] == -1)
    g = game_at([c], bh=0)
    g.phase = PH_ADVANCE
    g.ctx = {"asked": True}
    d = advance(g)
    assert d.kind == "index" and d.side == HOME and A.INDEX_FOUL in d.legal
    g._apply(d, A.ACTIONS[A.INDEX_FOUL])
    assert g.team_state[HOME].index == 4 and g.off == HOME and sum(g.team_state[AWAY].stats[i][PF] for i in range(12)) == 1
    assert sum(g.team_state[AWAY].stats[i][STL] for i in range(12)) == 0  # no steal credited


def test_15c_15d_15i_press_pass_to_choice_pass_and_jump_ball():
    g = game_at([find("press", pred=lambda c: c.press[0] == K.P_CHOICE and c.press[1] <= 15)], passes=0)
    g.press_next = True
    d = at_upcourt(g)
    assert d.kind == "pass_to" and d.side == HOME and A.PASS_TO[4] in d.legal  # 15C as 13C (Ewing: ATTEMPTS 19)
    g = game_at([clean_pass("press", 4, 1, 19)], passes=0)
    g.press_next = True
    at_upcourt(g)
    assert g.ballhandler == 4 and g.via == "press" and g.passes == 1  # 15D: Ewing has the ball after the PRESS pass
    g = game_at([find("press", pred=lambda c: c.press[0] == K.P_JUMP), find("jump_to", "+0 SF")], passes=0)
    g.press_next = True
    at_upcourt(g)
    assert g.off == HOME and g.ballhandler == 2  # 15I: the listed Knicks jumper is at least as good (+0); their SF controls


def test_19_6_ncaa_penalty_one_and_one_then_two_shots_from_the_tenth():
    g = game_at(options={"league": "ncaa"})
    g.team_state[AWAY].team_fouls = 7
    g._penalty_free_throws(HOME, 0)
    assert g.phase == PH_FT and g.ctx["kind"] == "one_and_one"
    g.team_state[AWAY].team_fouls = 10
    g._penalty_free_throws(HOME, 0)
    assert g.ctx["kind"] == "two" and g.ctx["n"] == 2


def test_6_6_after_a_fouls_free_throws_the_fouling_team_may_shift_positions():
    g = game_at([shot(1, 20)])
    g._free_throws(HOME, 4, 1, after="other")  # the Bulls fouled Ewing; he makes the free throw
    g.ctx["q_freeze"] = g.ctx["q_miss"] = True
    g._phase_free_throw()
    assert g.phase == PH_MENU and g.off == AWAY and g.menu["resume"] == PH_UPCOURT
    assert A.SWAP[(0, 1)] in g._menu_legal(AWAY) and A.PD_CARD[(4, 0)] in g._menu_legal(AWAY)
    assert A.SWAP[(0, 1)] not in g._menu_legal(HOME)


def test_14l_a_second_technical_ejects_the_elbowing_defender():
    g = game_at([find("action", "Consult Z"), find("z_reading", "Elbow Foul on Defense"), holder("bulls-1993", 3)],
              passes=0)
    g.team_state[0].index, g.team_state[1].index = 0, 0
    g.team_state[AWAY].stats[3][TECH] = 1
    at_upcourt(g)
    assert g.team_state[AWAY].stats[3][TECH] == 2 and g.team_state[AWAY].status[3] == 2  # EJECTED


# ---------------------------------------------------------------- the by-the-book coach (issue 3 "Coaches")
def _coach(g, side):
    c = RULESET.coach("by-the-book", seed=1)
    c.reset(g, side, 1)
    return c


def test_by_the_book_presses_times_out_and_fouls_when_trailing_late():
    from coachgym.core.engine import Decision
    g = game_at()
    g.period, g.two_min, g.eleven = 4, True, True
    g.team_state[0].pts, g.team_state[1].pts = 90, 88
    away = _coach(g, AWAY)
    assert away.choose(g, Decision(AWAY, "press", (A.PRESS, A.NO_PRESS), "")) == A.PRESS  # 4.2
    assert away.choose(g, Decision(AWAY, "stop_clock", (A.FOUL_TO_STOP, A.PLAY_DEFENSE), "")) == A.FOUL_TO_STOP  # 8.7
    g.off = AWAY
    g._open_menu([AWAY], PH_UPCOURT, "dead")
    legal = tuple(g._menu_legal(AWAY))
    assert away.choose(g, Decision(AWAY, "menu", legal, "")) == A.TIMEOUT  # 8.41 half-court inbounds
    home = _coach(g, HOME)
    assert home.choose(g, Decision(HOME, "press", (A.PRESS, A.NO_PRESS), "")) == A.NO_PRESS  # leading: no press


def test_by_the_book_three_point_offense_down_three_and_defense_against_it():
    from coachgym.core.engine import Decision
    g = game_at()
    g.period, g.two_min = 4, True
    g.team_state[0].pts, g.team_state[1].pts = 80, 84
    g._open_menu([HOME, AWAY], PH_UPCOURT, "timeout")
    home = _coach(g, HOME)
    legal = tuple(g._menu_legal(HOME))
    assert home.choose(g, Decision(HOME, "menu", legal, "")) == A.THREE_POINT_OFFENSE  # 4.61
    g.team_state[HOME].three_point_offense = True
    away = _coach(g, AWAY)
    legal = tuple(g._menu_legal(AWAY))
    assert away.choose(g, Decision(AWAY, "menu", legal, "")) == A.THREE_POINT_DEFENSE  # 4.62


def test_by_the_book_freezes_runs_the_fast_break_and_spends_index_points():
    from coachgym.core.engine import Decision
    g = game_at()
    home = _coach(g, HOME)
    assert home.choose(g, Decision(HOME, "freeze", (A.FREEZE, A.NO_FREEZE), "")) == A.FREEZE  # 6.7
    assert home.choose(g, Decision(HOME, "fast_break", (A.FAST_BREAK, A.NORMAL_ACTION), "")) == A.FAST_BREAK  # 10A
    g.period = 3
    assert home.choose(g, Decision(HOME, "index", (A.INDEX_REBOUND, A.DECLINE_INDEX), "")) == A.INDEX_REBOUND  # 16B
    g.team_state[HOME].team_fouls = 4
    assert home.choose(g, Decision(HOME, "index", (A.INDEX_VOID_FOUL, A.DECLINE_INDEX), "")) == A.INDEX_VOID_FOUL  # 16C


def test_by_the_book_fd_tie_and_rest_choices():
    g = game_at([find("action", "Defensive Foul"), no_holder("bulls-1993", fd=4), find("foul", pred=lambda c: c.fd == 4)],
              passes=0)
    g.team_state[HOME].lineup[4] = 7  # Prescott (FREE THROW 73) and Oakley (72) tie on FOUL DRAWING 7.8
    g._dirty()
    d = at_upcourt(g)
    assert _coach(g, HOME).choose(g, d) == A.CHOOSE[4]  # our better free-throw shooter draws it
    g = game_at([find("action", "Consult Z"), find("z_reading", "Visitor SG must rest")], passes=0)
    g.team_state[AWAY].mandatory_rest[0] = True
    d = at_upcourt(g)
    assert _coach(g, HOME).choose(g, d) == A.CHOOSE_PLAYER[0]  # keep Jordan (ATTEMPTS 26) resting


def test_5_4_asterisk_players_need_no_rest_in_the_second_half_or_at_all():
    import dataclasses
    g = game_at()
    players = list(g.teams[AWAY].players)
    players[0] = dataclasses.replace(players[0], rest=1)  # Jordan*: no rest needed in the second half
    players[2] = dataclasses.replace(players[2], rest=2)  # Pippen**: none in either half
    g.teams[AWAY] = dataclasses.replace(g.teams[AWAY], players=players)
    g.period = 2
    g._time_card("9:00")
    assert g.team_state[AWAY].tired[0] and not g.team_state[AWAY].tired[2] and g.team_state[AWAY].tired[1]
    g.period = 4
    g.team_state[AWAY].tired = [False] * len(players)
    g._time_card("9:00")
    assert not g.team_state[AWAY].tired[0] and not g.team_state[AWAY].tired[2] and g.team_state[AWAY].tired[1]


def test_5_5_double_team_declared_at_a_timeout_and_cancelled_at_a_dead_ball():
    g = game_at()
    g._open_menu([AWAY], PH_UPCOURT, "timeout")
    assert A.DOUBLE_TEAM[(4, 3)] in g._menu_legal(AWAY)
    g._apply_menu(AWAY, A.ACTIONS[A.DOUBLE_TEAM[(4, 3)]])  # Grant joins the PD on Ewing
    assert g.team_state[AWAY].double_team == [4, 3]
    g._open_menu([AWAY], PH_UPCOURT, "dead")
    legal = g._menu_legal(AWAY)
    assert A.CANCEL_DOUBLE_TEAM in legal and A.DOUBLE_TEAM[(4, 3)] not in legal  # declared only at timeouts
    g._apply_menu(AWAY, A.ACTIONS[A.CANCEL_DOUBLE_TEAM])
    assert g.team_state[AWAY].double_team == [-1, -1]


def test_5_5_the_double_teams_helper_is_another_man_than_the_targets_pd():
    """5.5: the coach names "his own defender who will join the target's PD": a second man. The
    action that names the target's PD as helper stays in the table and is never legal."""
    g = game_at()
    g._open_menu([AWAY], PH_UPCOURT, "timeout")
    legal = set(g._menu_legal(AWAY))
    for target in range(5):
        offered = [h for h in range(5) if A.DOUBLE_TEAM[(target, h)] in legal]
        assert offered == [h for h in range(5) if g.team_state[AWAY].guard[h] != target] and len(offered) == 4
    assert A.DOUBLE_TEAM[(4, 4)] not in legal  # Cartwright guards Ewing: he cannot be the helper too
    g._apply_menu(AWAY, A.ACTIONS[A.PD_CARD[(2, 4)]])  # Pippen takes Ewing, Cartwright takes Smith
    legal = set(g._menu_legal(AWAY))
    assert A.DOUBLE_TEAM[(4, 2)] not in legal and A.DOUBLE_TEAM[(4, 4)] in legal


def test_5_5_no_shift_or_pd_card_of_ours_makes_the_helper_the_targets_pd():
    g = game_at()
    g._open_menu([AWAY], PH_UPCOURT, "timeout")
    g._apply_menu(AWAY, A.ACTIONS[A.DOUBLE_TEAM[(4, 3)]])  # Grant helps Cartwright on Ewing
    legal = set(g._menu_legal(AWAY))
    assert A.PD_CARD[(3, 4)] not in legal  # Grant to Ewing: Grant would be the PD
    assert A.SWAP[(3, 4)] not in legal  # Grant to C, whose PD card is Ewing
    assert A.PD_CARD[(2, 4)] in legal and A.SWAP[(0, 1)] in legal  # the others stay on offer
    g._apply_menu(AWAY, A.ACTIONS[A.PD_CARD[(2, 4)]])  # Pippen is now Ewing's PD, Grant still helps
    assert g.team_state[AWAY].double_team == [4, 3] and A.PD_CARD[(3, 4)] not in set(g._menu_legal(AWAY))


def test_5_5_their_position_shift_that_leaves_no_second_man_calls_the_double_team_off():
    """A Double Team needs two defenders: when the target's team shifts him to the position our
    helper guards (6.6), the helper would be his PD, so the Double Team is off (logged)."""
    g = game_at()
    g._open_menu([AWAY], PH_UPCOURT, "timeout")
    g._apply_menu(AWAY, A.ACTIONS[A.DOUBLE_TEAM[(4, 3)]])
    g._open_menu([HOME], PH_UPCOURT, "timeout")
    g._apply_menu(HOME, A.ACTIONS[A.SWAP[(0, 1)]])  # Starks and Rivers trade: the Double Team stands
    assert g.team_state[AWAY].double_team == [4, 3]
    g._apply_menu(HOME, A.ACTIONS[A.SWAP[(3, 4)]])  # Ewing to PF, the man Grant guards
    assert g.team_state[AWAY].double_team == [-1, -1]
    assert g.log.events[-1].kind == "double_team_off" and "no second man" in g.log.events[-1].text
