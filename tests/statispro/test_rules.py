"""Statis Pro rule tests: each scripts the Fast Action Cards drawn and names the rule it checks."""

from __future__ import annotations

import pytest

from coachgym.core.chance import ScriptedSource, ScriptExhausted
from coachgym.core.errors import TeamFileError
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
    FTM,
    ORB,
    PF,
    PH_ADVANCE,
    PH_REBOUND,
    PH_UPCOURT,
    PTS,
    STL,
    TPA,
    TPM,
    StatisProEngine,
)
from coachgym.rules.statispro.teams import parse_team

from .helpers import drive, find, jump, shot

# Knicks (home) slots: PG Starks, SG Rivers, SF Smith, PF Oakley, C Ewing
# Bulls (visitors): PG Jordan, SG Armstrong, SF Pippen, PF Grant, C Cartwright


def game_with(script, options=None, home="knicks-1993", away="bulls-1993"):
    return RULESET.new_game(home, away, source=ScriptedSource(script), options=options)


def run(game, plan=()):
    with pytest.raises(ScriptExhausted):
        drive(game, plan)
    return game


def knicks_ball_after_tip():
    """Opening tip: +3 SF -> Charles Smith (Knicks) controls; the Knicks bring it up."""
    return [jump(3, "SF")]


# ---------------------------------------------------------------- 3 deck and setup
def test_3_1_quarter_deck_has_180_fac_time_cards_at_their_marks_and_20_dead_ball_cards():
    assert len(K.DECK) == 200 and len({c.rpg for c in K.DECK}) == 200
    fresh = RULESET.new_game(seed=6)
    assert len(fresh.dead) == 20 and fresh.period == 1
    # exact procedure: 75 FAC above the 5:00 card, 135 above 9:00, 150 above 10:00, 165 above 11:00
    above, n = {}, len(fresh.discard)
    for c in reversed(fresh.fac):
        if c.time:
            above[c.time] = n
        else:
            n += 1
    assert n == 180
    assert above == {"5:00": 75, "9:00": 135, "10:00": 150, "11:00": 165}


def test_3_1_no_11_00_card_in_the_fourth_quarter():
    g = RULESET.new_game(seed=1)
    g.period = 3
    g._phase_period()
    assert g.period == 4
    assert sorted(c.time for c in g.fac if c.time) == ["10:00", "5:00", "9:00"]


def test_3_4_11_2_jump_plus_seven_lets_grant_win_the_opening_tip():
    # Ewing 33 vs Grant 27: +7 lifts Grant to 34; the listed PF (Grant) controls for Chicago
    g = run(game_with([jump(7, "PF")]))
    assert g.off == 1 and g.ballhandler == 3 and g.opening == 1


def test_11_3_equal_after_modification_goes_to_the_home_team():
    g = run(game_with([jump(6, "PF")]))  # Grant 27 + 6 = 33 = Ewing
    assert g.off == 0 and g.ballhandler == 3


# ---------------------------------------------------------------- 4 play outline
def test_4_5_shot_against_the_pd_defense_rate():
    # Pass to PF #4: Oakley (ATTEMPTS 5) must shoot; FIELD GOAL 51 - Grant 9 = 42: 42 is good
    g = run(game_with(knicks_ball_after_tip() + [K.card(14), shot(30, 42)]))
    assert g.team_state[0].stats[3][FGM] == 1 and [ts.pts for ts in g.team_state] == [2, 0]


def test_4_5_shot_number_above_the_modified_rating_misses():
    g = run(game_with(knicks_ball_after_tip() + [K.card(14), shot(43, 97)]))
    assert g.team_state[0].stats[3][FGA] == 1 and g.team_state[0].stats[3][FGM] == 0 and [ts.pts for ts in g.team_state] == [0, 0]


def test_4_6_pass_number_below_the_three_point_attempts_rating_is_a_three():
    g = run(game_with(knicks_ball_after_tip() + [K.card(11), K.card(31)]))  # Starks, Pass #3 < (4), 31 <= 32
    assert g.team_state[0].stats[0][TPM] == 1 and [ts.pts for ts in g.team_state] == [3, 0]


def test_4_6_pass_number_equal_to_the_three_rating_lets_the_coach_choose():
    # Armstrong (2) on a Pass to SG #2: the Bulls choose; a two against Rivers' -7
    c = find("action", pred=lambda c: c.action[:3] == (K.P_PASS, 1, 2) and c.action[3] == 0 and c.action[4] == 0)
    g = game_with([jump(7, "PF"), c, shot(1, 40)])
    run(g, [("three_or_two", A.SHOOT_TWO)])
    assert g.team_state[1].stats[1][FGM] == 1 and g.team_state[1].stats[1][TPA] == 0 and [ts.pts for ts in g.team_state] == [0, 2]


def test_4_3_fourth_pass_not_allowed_forced_shot_after_three_passes():
    # ACTION Pass to PG #37 (Starks must ADVANCE), two more ADVANCES, then a Forced Shot
    a1 = K.card(145)
    adv1 = find("advance", pred=lambda c: c.advance[0] == K.P_PASS and c.advance[1] == 2 and c.advance[2] > 20 and c.advance[3] == 0 and c.advance[4] == 0)
    adv2 = find("advance", pred=lambda c: c.advance[0] == K.P_PASS and c.advance[1] == 1 and c.advance[2] > 20 and c.advance[3] == 0 and c.advance[4] == 0)
    g = run(game_with(knicks_ball_after_tip() + [a1, adv1, adv2, shot(1, 10)]))
    rivers_pass = adv2.advance[2]
    assert g.team_state[0].stats[1][FGM] == 1  # Rivers' Forced Shot: 48 - (Pass # - 6) - 1 still covers SHOT # 1
    assert rivers_pass > 6


def test_4_4_open_shot_gets_plus_ten_and_credits_the_passer():
    # Jordan Pass #26 assist 6 -> ADVANCE -> Pass to C #8: Cartwright 41 + 10 = 51 on SHOT # 51
    g = game_with([jump(7, "PF"), K.card(103), K.card(47), shot(42, 51)])
    run(g, [("ballhandler", A.ADVANCE), ("ballhandler", A.SHOOT)])  # Cartwright "may shoot" the Open Shot
    assert g.team_state[1].stats[4][FGM] == 1 and g.team_state[1].stats[0][AST] == 1


def test_2015_4_4_assist_to_last_passer_option():
    g = game_with(knicks_ball_after_tip() + [K.card(14), shot(30, 42)], options={"assist_last_passer": True})
    run(g)
    assert sum(g.team_state[0].stats[i][AST] for i in range(12)) == 1


# ---------------------------------------------------------------- 5 stamina, double teams
def test_5_4_players_without_rest_are_fatigued_at_9_00_of_the_second_quarter():
    g = RULESET.new_game(seed=3)
    g.period = 2
    g._time_card("9:00")
    jordan = 0
    assert g.team_state[1].tired[jordan]
    e = g.eff(1)[0]
    assert e[11] == 0 and e[1] == 26 // 2  # DEFENSE RATE 0, ATTEMPTS halved


def test_5_4_a_benched_player_rests_a_complete_rest_period():
    g = RULESET.new_game(seed=3)
    g._substitute(1, 5, 0)  # Jordan to the bench
    g._rest_boundary()
    assert g.team_state[1].rested[0][0]


def test_5_5_double_team_takes_five_from_attempts():
    g = game_with(knicks_ball_after_tip() + [K.card(81)])  # Pass to C #15: Ewing 19 - 5 = 14 must ADVANCE
    g.team_state[1].double_team = [4, 3]
    run(g)
    assert g.phase == PH_ADVANCE and g.ballhandler == 4


# ---------------------------------------------------------------- 6 fouls
def test_6_1_foul_number_in_a_defenders_range_charges_him():
    g = run(game_with(knicks_ball_after_tip() + [K.card(173), K.card(4)]))  # Defensive Foul, FOUL # 4: Jordan
    assert g.team_state[1].stats[0][PF] == 1 and g.team_state[1].team_fouls == 1


def test_6_3_6_4_fifth_team_foul_gives_two_free_throws():
    g = game_with(knicks_ball_after_tip() + [K.card(173), K.card(4), K.card(30), K.card(40)])
    g.team_state[1].team_fouls = 4
    run(g)
    assert g.team_state[0].stats[0][FTA] == 2 and g.team_state[0].pts == 2  # Starks (80) makes 30 and 40


def test_6_3_not_in_penalty_ball_out_of_bounds_with_fresh_clock():
    g = run(game_with(knicks_ball_after_tip() + [K.card(173), K.card(4)]))
    assert g.phase in (PH_ADVANCE,) and g.passes == 0 and g.limit == 3


def test_2015_6_4_fourteen_second_clock_after_a_defensive_foul():
    g = run(game_with(knicks_ball_after_tip() + [K.card(173), K.card(4)], options={"shot_clock_14": True}))
    assert g.limit == 2


def test_6_5_sixth_personal_foul_disqualifies_and_forces_a_substitution():
    g = game_with(knicks_ball_after_tip() + [K.card(173), K.card(4)])
    g.team_state[1].stats[0][PF] = 5
    with pytest.raises(ScriptExhausted):
        while g.decision is not None:
            d = g.decision
            if d.kind == "menu" and d.side == 1 and all(A.ACTIONS[a].kind == "substitute" for a in d.legal):
                assert all(A.ACTIONS[a]["slot"] == 0 for a in d.legal)
                g.step(d.legal[0])
            else:
                g.step(A.PLAY_ON if A.PLAY_ON in d.legal else d.legal[0])
    assert g.team_state[1].status[0] == 1 and 0 not in g.team_state[1].lineup


def test_6_2_shooting_foul_and_one_free_throw_from_the_dead_ball_deck():
    # 9E: FOUL # 52 nobody, FD1 -> Ewing fouled by Cartwright; SHOT 13 good; free throw 71 good
    g = run(game_with(knicks_ball_after_tip() + [K.card(181), K.card(152), K.card(10), K.card(13), K.card(171)]))
    assert [ts.pts for ts in g.team_state] == [3, 0] and g.team_state[1].stats[4][PF] == 1 and g.team_state[0].stats[4][FTM] == 1


def test_6_7_freezing_the_shooter_takes_five_from_the_free_throw_rating():
    # Ewing (FREE THROW 72) shoots one in the last minute of a one-point game; frozen, 70 misses
    g = RULESET.new_game(seed=1, source=ScriptedSource([shot(68, 71)]))
    g.period, g.two_min, g.eleven = 4, True, True
    g.team_state[0].pts, g.team_state[1].pts = 90, 91
    g._free_throws(0, 4, 1, after="other")
    d = g._phase_free_throw()
    assert d.kind == "freeze" and d.side == 1
    g._apply(d, A.ACTIONS[A.FREEZE])
    d2 = g._phase_free_throw()  # the shooter's intentional-miss choice (last shot, final minute)
    assert d2.kind == "free_throw"
    g._apply(d2, A.ACTIONS[A.SHOOT_FREE_THROW])
    g._phase_free_throw()
    assert g.team_state[0].stats[4][FTA] == 1 and g.team_state[0].stats[4][FTM] == 0 and g.team_state[1].timeouts_used == 1


# ---------------------------------------------------------------- 7 steals and blocks
def test_7_2_block_by_the_pd_then_offense_recovers():
    g = game_with(knicks_ball_after_tip() + [K.card(14), K.card(104), K.card(158), shot(1, 47)])
    run(g, [("ballhandler", A.SHOOT)])
    assert g.team_state[1].stats[3][BLK] == 1 and g.team_state[0].stats[1][ORB] == 1 and [ts.pts for ts in g.team_state] == [2, 0]


def test_13b_steal_when_the_defenders_steal_rate_is_high_enough():
    c = find("advance", pred=lambda c: c.advance[0] == K.P_PASS and c.advance[4] and c.advance[4] <= 3 and c.advance[5] == -1)
    g = game_with(knicks_ball_after_tip() + [K.card(145), c])  # Starks must ADVANCE
    run(g)
    assert sum(g.team_state[1].stats[i][STL] for i in range(12)) == 1 and g.off == 1


# ---------------------------------------------------------------- 8 the clock
def test_8_1_the_quarter_ends_when_the_fac_pile_is_used_up():
    g = RULESET.new_game(seed=4)
    g.opening = 0
    g.fac = []
    g.phase = PH_UPCOURT
    g.ctx = {"offered": True, "owed_done": True}
    g._next_decision()
    assert g.period == 2


def test_8_2_a_tie_after_four_quarters_goes_to_overtime():
    g = RULESET.new_game(seed=4)
    g.period = 4
    g.team_state[0].pts, g.team_state[1].pts = 90, 90
    g._period_over()
    assert g.phase != 12  # not over
    g._phase_period()
    assert g.period == 5 and len([c for c in g.fac if not c.time]) == 75 and any(c.time == "10:00" for c in g.fac)


def test_8_4_no_timeout_after_seven():
    g = RULESET.new_game(seed=4)
    g.team_state[0].timeouts_used = 7
    assert not g._can_timeout(0, True)
    g.team_state[0].timeouts_used = 3
    assert g._can_timeout(0, True)


# ---------------------------------------------------------------- 10 rebounds and the Fast Break
def test_10a_b_offense_against_a_defense_uses_column_c_and_foul_16_scores_the_sf():
    assert K.fb_column("B", "A") == "C"
    assert K.FB_COLUMNS["C"][16] == (K.FB_BASKET, 2)
    assert K.fb_text("C", 16) == "Basket SF, assist originator"


def test_10c_ties_go_to_the_defense():
    # Pippen misses (SHOT 86); Highest SF: Smith 20 vs Pippen 20 -> Smith
    c = find("action", pred=lambda c: c.action[:2] == (K.P_PASS, 2) and 2 <= c.action[2] <= 16 and c.action[3] == 0 and c.action[4] == 0)
    g = run(game_with([jump(7, "PF"), c, K.card(86), K.card(183)]))
    assert g.team_state[0].stats[2][DRB] == 1 and g.off == 0


def test_12d_air_ball_offensive_rebound_out_of_advances_is_a_24_second_violation():
    g = RULESET.new_game(seed=1)
    g.passes = g.limit
    g.off = 0
    g._orb(3, 5, 0, air=True)
    assert g.off == 1 and g.team_state[0].team_tov == 1


# ---------------------------------------------------------------- 14 Z readings, 16 index points
def test_14a_mandatory_rest_has_no_effect_while_the_dead_ball_deck_is_larger():
    g = RULESET.new_game(seed=1)
    g.discard = []
    assert not g._mandatory_rest(1, 0, 0)
    g.discard = list(K.DECK[:30])
    assert g._mandatory_rest(1, 0, 0) and g.team_state[1].mandatory_rest[0]


def test_16_index_points_are_the_difference_of_home_and_road_ratings():
    g = RULESET.new_game(seed=1)
    assert [ts.index for ts in g.team_state] == [6, 0]  # Knicks home 9, Bulls road 3


# ---------------------------------------------------------------- variants
def test_19_5_ncaa_bonus_is_one_and_one_from_the_seventh_team_foul():
    g = RULESET.new_game(seed=1, options={"league": "ncaa"})
    g.team_state[1].team_fouls = 7
    assert g._in_penalty(1)
    g.team_state[1].team_fouls = 6
    assert not g._in_penalty(1)
    assert g.foul_out == 5 and g.pass_limit == 4


def test_20_fiba_penalty_from_the_fifth_team_foul_and_150_card_quarters():
    g = RULESET.new_game(seed=1, options={"league": "fiba"})
    assert len([c for c in g.fac if not c.time]) + len(g.discard) == 150 and len(g.dead) == 50
    g.team_state[1].team_fouls = 5
    assert g._in_penalty(1)


# ---------------------------------------------------------------- teams
def test_team_file_errors_name_the_field():
    import json
    from importlib import resources
    data = json.loads(resources.files("coachgym.rules.statispro").joinpath("data").joinpath("teams").joinpath("knicks-1993.json").read_text())
    data["players"][0]["field_goal"] = 140
    with pytest.raises(TeamFileError, match="field_goal"):
        parse_team(data, "bad.json")


def test_printed_cards_are_loaded_exactly():
    t = RULESET.load_team("bulls-1993")
    mj = t.players[0]
    assert (mj.name, mj.field_goal, mj.attempts, mj.three_point_attempts, mj.three_point, mj.free_throw) == ("Michael Jordan", 51, 26, 3, 35, 84)
    assert (mj.rebound, mj.foul_lo, mj.foul_hi, mj.foul_drawing, mj.block, mj.assist, mj.steal, mj.defense) == (17, 1, 4, 18.5, 2, 8, 7, -10)
    grant = t.players[3]
    assert grant.defense == -9  # the card (the sample once uses 8)
    assert t.offense == "B" and t.defense == "B" and t.home_index == 8 and t.road_index == 3
    assert all(p.fictional for p in t.players[5:]) and not any(p.fictional for p in t.players[:5])


def test_16c_an_index_point_voids_a_defensive_foul_and_the_ballhandler_must_advance():
    # the Bulls have the Index Points here (home Bulls 8 vs road Knicks 2); the Knicks... reversed:
    g = game_with([jump(7, "PF"), K.card(173)], home="knicks-1993", away="bulls-1993")
    g.team_state[0].index, g.team_state[1].index = 6, 0
    g.team_state[0].index_start, g.team_state[1].index_start = 6, 0
    run(g, [("index", A.INDEX_VOID_FOUL)])
    assert g.team_state[0].index == 5 and g.team_state[0].team_fouls == 0 and g.off == 1 and g.phase == PH_ADVANCE


def test_16a_two_index_points_turn_a_defense_foul_into_a_steal():
    g = game_with([jump(7, "PF"), K.card(173)])
    g.team_state[0].index, g.team_state[1].index = 6, 0
    g.team_state[0].index_start, g.team_state[1].index_start = 6, 0
    run(g, [("index", A.INDEX_STEAL)])
    assert g.team_state[0].index == 4 and g.off == 0 and sum(g.team_state[0].stats[i][STL] for i in range(12)) == 1


def test_16_at_most_a_quarter_of_the_index_points_per_period():
    g = RULESET.new_game(seed=1)
    assert g._index_ok(0, 2) and not g._index_ok(0, 3)  # 6 points: ceil(6/4) = 2 a period
    g._spend_index(0, 2)
    assert not g._index_ok(0, 1)


def test_8_42_a_called_play_adds_ten_to_attempts_on_the_first_pass():
    # Pass to PF #4 goes to Oakley anyway; call the play for the C: Ewing is not the receiver
    c = find("action", pred=lambda c: c.action[:2] == (K.P_PASS, 3) and 6 <= c.action[2] <= 15 and c.action[3] == 0 and c.action[4] == 0)
    g = game_with(knicks_ball_after_tip() + [c, shot(1, 10)])
    g.team_state[0].play_call = 3  # Oakley (ATTEMPTS 5) named: 15 covers the Pass #
    run(g)
    assert g.team_state[0].stats[3][FGA] == 1


def test_8_7_fouling_to_stop_the_clock_in_the_last_minute():
    g = RULESET.new_game(seed=1)
    g.period, g.two_min, g.eleven = 4, True, True
    g.off, g.ballhandler = 0, 0
    g.phase = PH_ADVANCE
    g.ctx = {}
    d = g._phase_advance()
    assert d.kind == "stop_clock" and A.FOUL_TO_STOP in d.legal and d.side == 1


def test_8_5_a_menu_ends_after_eight_changes_of_any_kind():
    """Interpretation (3.3 / 8.5 menus): every change counts toward the 8-change limit, declaring and
    cancelling the Three Point Offense (4.61) too, so a coach cannot keep a menu open for ever."""
    from coachgym.rules.statispro.constants import PH_UPCOURT

    g = RULESET.new_game(seed=1)
    g.period, g.two_min = 4, True
    g.team_state[0].pts, g.team_state[1].pts = 80, 85
    g.menu = {"queue": [0], "resume": PH_UPCOURT, "kind": "timeout", "changes": 0, "caller": 0}
    toggles = 0
    while A.THREE_POINT_OFFENSE in g._menu_legal(0) or A.CANCEL_THREE_POINT_OFFENSE in g._menu_legal(0):
        legal = g._menu_legal(0)
        g._apply_menu(0, A.ACTIONS[A.THREE_POINT_OFFENSE if A.THREE_POINT_OFFENSE in legal else A.CANCEL_THREE_POINT_OFFENSE])
        toggles += 1
        assert toggles <= A.MENU_CHANGE_LIMIT
    assert toggles == A.MENU_CHANGE_LIMIT and g._menu_legal(0)[0] == A.PLAY_ON


def test_8_7_the_pass_before_a_foul_to_stop_the_clock_uses_one_fac():
    """Interpretation: the foul follows a pass, which took time: one FAC of the pile is used up, so
    two teams fouling each other at every pass still reach the end of the game."""
    g = RULESET.new_game(seed=3)
    while not (g.decision is not None and g.decision.kind == "stop_clock"):
        g.period, g.two_min, g.eleven = 4, True, True
        d = g.decision
        g.step(A.PLAY_ON if A.PLAY_ON in d.legal else A.NO_PRESS if A.NO_PRESS in d.legal else d.legal[0])
    before = len(g.fac)
    g.step(A.FOUL_TO_STOP)
    assert len(g.fac) < before


def test_8_7_teams_fouling_at_every_chance_still_finish_the_game():
    class FoulsAlways:
        def __init__(self):
            self.book = RULESET.coach("by-the-book")

        def reset(self, game, side, seed=None):
            self.book.reset(game, side, seed)

        def choose(self, game, d):
            a = self.book.choose(game, d)
            return A.FOUL_TO_STOP if d.kind == "stop_clock" and A.FOUL_TO_STOP in d.legal else a

    from coachgym.core.match import play_game

    for seed in range(4):
        g = RULESET.new_game(seed=seed, record_events=False)
        play_game(g, FoulsAlways(), FoulsAlways(), max_decisions=50_000)
        assert g.over


def test_4_61_three_point_offense_triples_three_point_attempts():
    g = RULESET.new_game(seed=1)
    base = g.eff(0)[0][2]
    g.team_state[0].three_point_offense = True
    g._dirty()
    assert g.eff(0)[0][2] == 3 * base
    g.team_state[1].three_point_defense = True
    g._dirty()
    e = g.eff(0)[0]
    assert e[2] == 2 * base and e[3] == 32 - 5 and e[0] == 47 + 5  # 4.62 Starks


def test_14i_great_night_doubles_attempts_of_the_top_scorer():
    g = RULESET.new_game(seed=1)
    g.team_state[1].stats[0][PTS] = 10  # Jordan
    g._great_night()
    assert g.great_night == [1, 0] and g.eff(1)[0][1] == 52 and g.eff(1)[0][2] == 6


def test_5_5_fd5_charges_the_double_teams_second_defender():
    # Knicks Ewing (slot 4) double-teamed by Grant; a defensive foul on an ADVANCE to Ewing, FOUL # nobody with FD5
    c = find("foul", pred=lambda c: c.fd == 5 and not any(p.foul_lo <= c.foul <= p.foul_hi for p in RULESET.load_team("bulls-1993").players[:5]))
    g = RULESET.new_game(seed=1, source=ScriptedSource([c]))
    g.team_state[1].double_team = [4, 3]
    g.off, g.ballhandler = 0, 4
    assert g._who_fouled(4) == (3, 4)


def test_10c_tied_defenders_the_defensive_coach_chooses():
    # Highest PF, C with +k: make both Bulls defenders equal and above the offense
    r = find("rebound", pred=lambda c: c.rebound[0] == K.R_HIGH and c.rebound[1] == (3, 4) and c.rebound[2] >= 0)
    g = RULESET.new_game(seed=1, source=ScriptedSource([r]))
    g.off = 0
    e = g.eff(1)
    e[3][6] = e[4][6] = 60
    g.ctx = {"shooter": 0, "air": False, "ft": False, "fb": False}
    g.phase = PH_REBOUND
    g._phase_rebound()
    assert g.ctx["decision"][0] == "choose" and g.ctx["decision"][1] == 1


def test_by_the_book_coach_rests_every_starter_in_each_half():
    from coachgym.core.match import play_game
    g = RULESET.new_game(seed=2, record_events=False)
    play_game(g, RULESET.coach("by-the-book"), RULESET.coach("by-the-book"))
    for side in (0, 1):
        for i in g.teams[side].lineup:
            assert g.team_state[side].rested[i] == [True, True]


def test_14g_expanded_attempts_and_ten_day_contracts_for_prior_injuries():
    import json
    from importlib import resources
    data = json.loads(resources.files("coachgym.rules.statispro").joinpath("data").joinpath("teams").joinpath("bulls-1993.json").read_text())
    data["injured"] = ["Michael Jordan", "Bill Cartwright"]
    data["players"] = data["players"][:9]  # seven usable players: Ten-Day contracts fill the roster
    team = parse_team(data, "bulls-hurt.json")
    g = RULESET.new_game("knicks-1993", team, seed=1)
    bulls = g.teams[1]
    names = [p.name for p in bulls.players]
    assert any(n.startswith("Ten-Day") for n in names)
    assert 0 not in g.team_state[1].lineup and 4 not in g.team_state[1].lineup  # the missing starters do not start
    assert g.team_state[1].status[0] != 0 and g.team_state[1].status[4] != 0
    # EXPANDED ATTEMPTS: half of Jordan's 26 to the guard with the most ATTEMPTS below his (Pippen 16)
    assert bulls.players[2].attempts == 16 + 13
    restored = StatisProEngine.from_json(g.to_json())
    assert [p.name for p in restored.teams[1].players] == names


def test_4_61_three_point_offense_ends_when_no_longer_trailing():
    g = RULESET.new_game(seed=1)
    g.team_state[0].pts, g.team_state[1].pts = 80, 82
    g.team_state[0].three_point_offense = True
    g._points(0, 0, 3)
    assert not g.team_state[0].three_point_offense
