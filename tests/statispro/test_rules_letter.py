"""Statis Pro rules held to the letter (issue 15 parts 3 and 4): 2015 6.6's fresh 14-second clock and
the FAC its foul uses, declining an Open Shot (4.4 / 14G), and the branches that scripts showed to work
but no test drove: 12E on the first of two, the second 14J warning, 6.7 after a missed first shot,
19.5's missed first shot of a one-and-one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coachgym.core.chance import ScriptedSource, ScriptExhausted
from coachgym.core.engine import AWAY, HOME
from coachgym.core.errors import TeamFileError
from coachgym.core.match import play_game
from coachgym.rules.statispro import RULESET
from coachgym.rules.statispro import actions as A
from coachgym.rules.statispro import cards as K
from coachgym.rules.statispro import conversion as C
from coachgym.rules.statispro.constants import R_AST
from coachgym.rules.statispro.engine import (
    AST,
    FGA,
    FGM,
    FTA,
    FTM,
    OK,
    PF,
    PH_ADVANCE,
    PH_FT,
    PH_REBOUND,
    PH_SHOT,
    PH_UPCOURT,
    TECH,
    TOV,
    TPA,
    TPM,
)
from coachgym.rules.statispro.teams import parse_team

from .helpers import find, shot
from .test_sections import advance, game_at


def _until_script_ends(g, action):
    try:
        g.step(action)
    except ScriptExhausted:
        pass


# ---------------------------------------------------------------- 2015 6.6 deliberate fouls
def _late_deliberate_foul(options):
    g = game_at([K.card(120), shot(80, 97), shot(80, 97)], bh=0, options=options)
    g.period, g.two_min = 4, True
    g.phase = PH_ADVANCE
    g.ctx = {}
    g._apply(advance(g), A.ACTIONS[A.DELIBERATE[(4, 3)]])  # Cartwright fouls Oakley
    assert g.phase == PH_FT and g.ctx["n"] == 2
    g._phase_free_throw()
    g._phase_free_throw()
    return g


@pytest.mark.parametrize("shot_clock_14", [False, True])
def test_2015_6_6_deliberate_foul_in_the_last_two_minutes_gives_a_fresh_14_second_clock(shot_clock_14):
    """6.6: "two Free Throws are granted and a fresh 14-Second Clock possession to the fouled Team":
    two ADVANCES (4.3) whether or not the 14-second option (4.3/6.4 after ordinary fouls) is on."""
    g = _late_deliberate_foul({"deliberate_fouls": True, "shot_clock_14": shot_clock_14})
    assert g.team_state[HOME].stats[3][FTA] == 2 and g.team_state[AWAY].stats[4][PF] == 1
    assert g.off == HOME and g.passes == 0 and g.limit == 2 and g.phase != PH_FT


def test_2015_6_6_deliberate_foul_takes_the_place_of_the_advance_and_uses_its_fac():
    """The documented reading (docs, 2015 options): the text does not say the foul takes time; here it
    replaces the ADVANCE and uses that FAC up, so fouls at every ADVANCE cannot stop the clock."""
    g = game_at([K.card(120)], bh=0, options={"deliberate_fouls": True})
    g.phase = PH_ADVANCE
    g.ctx = {}
    d = advance(g)
    before, discard = len(g.fac), len(g.discard)
    g._apply(d, A.ACTIONS[A.DELIBERATE[(4, 3)]])
    assert len(g.discard) == discard + 1 and g.discard[-1].rpg == 120  # one pile FAC used up
    assert len(g.fac) <= before and g.team_state[AWAY].stats[4][PF] == 1


# ---------------------------------------------------------------- 4.4 / 14G declining an Open Shot
def _open_shot_game():
    """Jordan, qualified for an Assist, ADVANCES; the pass to Cartwright makes an Open Shot (4.4)."""
    from .test_rules import game_with, jump
    return game_with([jump(7, "PF"), K.card(103), K.card(47)])


def _drive_to_open_shot(g):
    from .helpers import drive
    try:
        drive(g, [("ballhandler", A.ADVANCE)])
    except (ScriptExhausted, AssertionError):
        pass
    return g.decision


def test_4_4_the_receiver_may_take_the_open_shot():
    g = _open_shot_game()
    g.source.script.append(shot(42, 51))
    d = _drive_to_open_shot(g)
    assert d.kind == "ballhandler" and set(d.legal) == {A.SHOOT, A.ADVANCE} and g.open_from == 0
    _until_script_ends(g, A.SHOOT)
    assert g.team_state[AWAY].stats[4][FGM] == 1 and g.team_state[AWAY].stats[0][AST] == 1  # 41 + 10 covers 42-51


def test_4_4_the_receiver_may_decline_the_open_shot_and_advance():
    g = _open_shot_game()
    _drive_to_open_shot(g)
    passes = g.passes
    _until_script_ends(g, A.ADVANCE)
    assert g.open_from == -1 and g.phase == PH_ADVANCE and g.passes == passes
    assert g.team_state[AWAY].stats[4][FGA] == 0  # no shot: the Open Shot is lost


def test_4_4_an_open_shot_with_no_advance_left_is_taken():
    g = _open_shot_game()
    _drive_to_open_shot(g)
    g.passes = g.limit  # the pass to him was the last one allowed (Cartwright has no assist extension)
    assert g._phase_ball() is None and g.phase == PH_SHOT and g.ctx["open"] and g.ctx["passer"] == 0


def _open_shot_at_pass(no: int, assist_no: int = 0, **state):
    g = _open_shot_game()
    _drive_to_open_shot(g)
    g.pass_no, g.assist_no = no, assist_no  # Cartwright, ATTEMPTS 5
    for k, v in state.items():
        setattr(g, k, v)
    g.ctx = {}
    return g, g._phase_ball()


def test_5_1_an_open_shot_receiver_must_shoot_when_the_pass_is_within_his_attempts():
    """5.1: "A Ballhandler must shoot when he has received a Pass # or offensive rebound # less than or
    equal to his "ATTEMPTS" rating." An Open Shot (4.4) receiver with Pass # <= ATTEMPTS outside the
    exceptions is not offered to decline it and ADVANCE (engine versions 3-5 offered it; issue 23)."""
    g, d = _open_shot_at_pass(3)
    assert d is None and g.phase == PH_SHOT and g.ctx["open"] and g.ctx["passer"] == 0
    g, d = _open_shot_at_pass(5)  # equal to his ATTEMPTS: still must shoot
    assert d is None and g.phase == PH_SHOT


def test_5_1_exceptions_final_minute_final_two_minutes_or_possible_assist_may_decline_the_open_shot():
    """5.1 "(EXCEPTIONS: A Ballhandler may decline a shot of this type in the final 1:00 of any period,
    or the final 2:00 of a game, or if he has qualified for a possible Assist on the next ADVANCE)"."""
    for state in ({"eleven": True}, {"two_min": True, "period": 4}):
        g, d = _open_shot_at_pass(3, **state)
        assert d is not None and set(d.legal) == {A.SHOOT, A.ADVANCE}, state
    ast = g.eff(AWAY)[g.ballhandler][R_AST]
    g, d = _open_shot_at_pass(3, assist_no=ast)  # qualified for a possible Assist
    assert d is not None and set(d.legal) == {A.SHOOT, A.ADVANCE}
    g, d = _open_shot_at_pass(3, assist_no=ast + 1)  # not qualified: must shoot
    assert d is None and g.phase == PH_SHOT


# ---------------------------------------------------------------- branches the audit found untested
def test_12e_a_lane_violation_on_the_first_of_two_is_ignored():
    """12E: "Lane violations should be ignored when they occur on the first of two free throws"."""
    lane_off = find("shot", pred=lambda c: c.shot[1] == K.S_LANE_OFF and c.shot[0] <= 72)
    lane_def = find("shot", pred=lambda c: c.shot[1] == K.S_LANE_DEF and c.shot[0] > 72)
    for card, made in ((lane_off, 1), (lane_def, 0)):
        g = game_at([card])
        g._free_throws(HOME, 4, 2, after="other")  # Ewing, FREE THROW 72
        g._phase_free_throw()
        st = g.team_state[HOME].stats[g.team_state[HOME].lineup[4]]
        # an ordinary first shot: charged, made or missed by its SHOT #, no turnover, no shot again
        assert st[FTA] == 1 and st[FTM] == made and g.team_state[HOME].team_tov == 0
        assert g.phase == PH_FT and g.ctx["done"] == 1 and g.off == HOME


def test_14j_a_second_illegal_defense_warning_gives_a_technical_free_throw():
    """14J: "On each subsequent warning against the same team, the offense shoots one Technical Free
    Throw with its best foul shooter and gets the ball out-of-bounds with a reset 24-Second Clock"."""
    z = find("z_reading", "Illegal Defense Warning")
    g = game_at([z, shot(1, 80)], passes=2)
    g.team_state[AWAY].illegal_def = 1  # the Bulls were warned once
    g._consult_z(press=False)
    rivers = g.team_state[HOME].stats[1]  # the Knicks' best FREE THROW (82)
    assert g.team_state[AWAY].illegal_def == 2 and rivers[FTA] == 1 and rivers[FTM] == 1 and [ts.pts for ts in g.team_state] == [1, 0]
    assert g.off == HOME and g.passes == 0 and g.limit == 3  # reset 24-Second Clock: three ADVANCES
    assert sum(g.team_state[AWAY].stats[i][TECH] for i in range(12)) == 0  # a warning, not a technical on a player


def test_6_7_freezing_after_a_missed_first_shot_takes_ten():
    """6.7: the frozen shooter deducts 5 from the first, and 10 from the second after a miss (Ewing
    FREE THROW 72: 67 on the first, 62 on the second; SHOT # 63-67 misses only at -10)."""
    g = game_at([shot(68, 71), shot(63, 67)])
    g.period, g.two_min, g.eleven = 4, True, True
    g.team_state[0].pts, g.team_state[1].pts = 90, 91
    g._free_throws(HOME, 4, 2, after="other")
    d = g._phase_free_throw()
    assert d.kind == "freeze" and d.side == AWAY
    g._apply(d, A.ACTIONS[A.FREEZE])
    g._phase_free_throw()  # the first: 68-71 against 67, missed
    d2 = g._phase_free_throw()  # the shooter's choice on the last one (final minute)
    assert d2.kind == "free_throw"
    g._apply(d2, A.ACTIONS[A.SHOOT_FREE_THROW])
    g._phase_free_throw()
    st = g.team_state[HOME].stats[g.team_state[HOME].lineup[4]]
    assert st[FTA] == 2 and st[FTM] == 0 and g.team_state[AWAY].timeouts_used == 1


def test_19_5_a_missed_first_shot_of_a_one_and_one_is_rebounded():
    """19.5: a one-and-one; the first shot missed, there is no second: the miss goes to a rebound."""
    rebound = find("rebound", "Defense PG")
    g = game_at([shot(80, 97), rebound], options={"league": "ncaa"})
    g._free_throws(HOME, 4, 2, after="other", kind="one_and_one")
    g._phase_free_throw()
    st = g.team_state[HOME].stats[g.team_state[HOME].lineup[4]]
    assert st[FTA] == 1 and st[FTM] == 0 and g.phase == PH_REBOUND and g.ctx["ft"]
    g._phase_rebound()
    assert st[FTA] == 1 and g.off == AWAY  # no second shot; the defense rebounds
    assert g.team_state[HOME].stats[g.team_state[HOME].lineup[4]][TOV] == 0


# ---------------------------------------------------------------- 17 conversion of Base-8 cards
BASE8 = Path(__file__).parent / "data" / "riverbend-1977-base8.json"


def test_17_1_field_goal_three_point_and_free_throw_ratings_convert_by_the_table():
    assert [C.shooting(v, "t", "f") for v in (11, 18, 21, 47, 48, 51, 66, 78, 87)] == [1, 13, 14, 48, 50, 52, 72, 88, 98]
    assert C.shooting(88, "t", "f") == 100  # not printed: Base 8's top reading
    for bad in (10, 19, 90, 89, "45", True):
        with pytest.raises(TeamFileError, match="Base-8 number"):
            C.shooting(bad, "t", "f")


def test_17_2_assist_figures_convert_to_assist_rates():
    assert [C.assist(v, "t", "f") for v in (35, 36, 38, 41, 53, 55, 58, 71, 76, 88)] == [0, 1, 1, 2, 7, 7, 9, 14, 18, 18]


def test_17_3_foul_ranges_times_1_56_renumbered_without_overlap():
    assert C.foul_range([11, 17], "t", "f") == [1, 10]  # Base-8 FOUL #s 1-7 of 64
    assert C.foul_range([18, 23], "t", "f") == [11, 17]  # the next range starts where the last ended
    assert C.foul_range([11, 88], "t", "f") == [1, 100]
    team = RULESET.load_team(str(BASE8))
    ranges = sorted((p.foul_lo, p.foul_hi) for p in team.players)
    assert all(b1 < a2 for (a1, b1), (a2, b2) in zip(ranges, ranges[1:]))
    with pytest.raises(TeamFileError, match="is after last"):
        C.foul_range([23, 18], "t", "f")


def test_17_4_defense_grades_convert_to_defense_rates():
    assert [C.defense(v, "t", "f") for v in ("M6", "M1", "0", 0, "P1", "P3", "P4", "P5")] == [-10, -5, -4, -4, -3, -1, 0, 0]
    with pytest.raises(TeamFileError, match="M6, M5"):
        C.defense("P6", "t", "f")


def test_17_a_base_8_team_file_is_converted_on_load_and_its_errors_name_the_field():
    team = RULESET.load_team(str(BASE8))
    hartwell = team.players[0]
    assert (hartwell.field_goal, hartwell.free_throw, hartwell.assist, hartwell.defense) == (48, 73, 14, -8)
    assert (hartwell.foul_lo, hartwell.foul_hi, hartwell.attempts, hartwell.rebound) == (1, 10, 15, 9)  # the rest as printed
    data = json.loads(BASE8.read_text())
    data["players"][1]["field_goal"] = 49  # a 9 is no Base-8 digit
    with pytest.raises(TeamFileError, match=r"players\[1\] \(Ben Castellano\)\.field_goal.*Base-8"):
        RULESET.parse_team(data, "bad.json")
    data["cards"] = "base-7"
    with pytest.raises(TeamFileError, match="cards.*base-10, base-8"):
        RULESET.parse_team(data, "bad.json")


def test_17_5_no_three_pointers_when_a_pre_1979_team_plays():
    g = RULESET.new_game(str(BASE8), "bulls-1993", seed=3)
    assert g.no_threes and not RULESET.new_game("knicks-1993", "bulls-1993", seed=3).no_threes
    play_game(g, RULESET.coach("by-the-book"), RULESET.coach("by-the-book"))
    for side in (HOME, AWAY):
        t = g.box_score().totals(side)
        assert t["3PA"] == 0 and t["3PM"] == 0 and t["PTS"] == 2 * t["FGM"] + t["FTM"]


def test_17_5_a_three_point_rating_may_be_used_for_a_long_two():
    """17.5: Jordan (THREE POINT ATTEMPTS 3, THREE POINT 35) with Pass #1 "may elect to use it instead
    of his normal FIELD GOAL rating for a long two-point shot": no PD, counts two, not a three."""
    g = RULESET.new_game(str(BASE8), "bulls-1993", source=ScriptedSource([shot(30, 35)]))
    g.opening = 0
    g.off, g.ballhandler, g.passes, g.limit, g.pass_no, g.via = AWAY, 0, 1, 3, 1, "advance"
    g._shoot_or_three(0, 0)
    d = g._phase_wait()
    assert d.kind == "three_or_two" and set(d.legal) == {A.SHOOT_THREE, A.SHOOT_TWO}
    g._apply(d, A.ACTIONS[A.SHOOT_THREE])
    assert g.ctx["three"]
    g._phase_shot()
    st = g.team_state[AWAY].stats[0]
    assert [ts.pts for ts in g.team_state] == [0, 2] and st[FGM] == 1 and st[FGA] == 1 and st[TPA] == 0 and st[TPM] == 0


def test_17_5_a_14h_three_pointer_counts_two_and_no_three_point_offense_is_offered():
    g = RULESET.new_game(str(BASE8), "bulls-1993", source=ScriptedSource([find("z_reading", "Three Pointer")]), seed=1)
    g.opening = 0
    g.off, g.ballhandler = AWAY, 0
    g._made_three(AWAY, 0)
    assert [ts.pts for ts in g.team_state] == [0, 2] and g.team_state[AWAY].stats[0][TPA] == 0
    # 4.61: the Bulls, trailing at a timeout in the final 2:00, get no Three Point Offense here
    g.period, g.two_min = 4, True
    g.team_state[0].pts, g.team_state[1].pts = 85, 80
    g.menu = {"queue": [AWAY], "resume": PH_UPCOURT, "kind": "timeout", "changes": 0, "caller": AWAY}
    assert A.THREE_POINT_OFFENSE not in g._menu_legal(AWAY)
    modern = RULESET.new_game("knicks-1993", "bulls-1993", seed=1)
    modern.period, modern.two_min, modern.menu = 4, True, dict(g.menu)
    modern.team_state[0].pts, modern.team_state[1].pts = 85, 80
    assert A.THREE_POINT_OFFENSE in modern._menu_legal(AWAY)


# ---------------------------------------------------------------- FIBA 20.7 play with four
def _bulls_with_four(league="fiba"):
    """The Bulls with nobody eligible on the bench; Jordan (PG, 4 fouls) fouls out."""
    g = game_at([shot(1, 50)], options={"league": league})  # (NBA: the technical free throw)
    for i in range(5, 12):
        g.team_state[AWAY].status[i] = 2
    g.team_state[AWAY].stats[0][PF] = 4 if league == "fiba" else 5
    g._charge_foul(AWAY, 0, team=True)
    return g


def test_20_7_a_team_reduced_below_five_plays_with_four():
    g = _bulls_with_four()
    assert g._empty(AWAY, 0) and not any(g._empty(AWAY, s) for s in range(1, 5))
    e = g.eff(AWAY)[0]
    assert e[:7] == [0] * 7 and e[11] == 0  # no shot, no rebound, no defense at the empty position
    # the Knicks' player he guarded is unguarded: his PD's DEFENSE RATE is 0
    pg = g.team_state[AWAY].guard[0]
    assert g.eff(AWAY)[g.pd_slot(HOME, pg)][11] == 0
    # a card result naming the empty position is read for the nearest teammate (PG -> SG)
    assert g._present(AWAY, 0) == 1 and g._present(AWAY, 3) == 3 and g._present(HOME, 0) == 0
    # his FOUL RANGE (1-4) holds no one now; FD# ranks count four
    assert g._foul_number_holder(AWAY, 2) == -1 and g._fd_rank(AWAY, 5) != 0


def test_20_7_a_pass_to_the_empty_position_goes_to_the_nearest_teammate():
    g = _bulls_with_four()
    g.off, g.ballhandler, g.passes = AWAY, 1, 1
    g._complete_pass(0, 12, 0, "advance")
    assert g.ballhandler == 1 and g.pass_no == 12  # Armstrong, the SG, has it


def test_20_7_never_fewer_than_four():
    g = _bulls_with_four()
    g.team_state[AWAY].stats[1][PF] = 4
    g._charge_foul(AWAY, 1, team=True)  # Armstrong's fifth: nobody left to replace him either
    assert g.team_state[AWAY].status[1] == OK and [g._empty(AWAY, s) for s in range(5)] == [True, False, False, False, False]


def test_20_7_a_substitute_who_becomes_eligible_fills_the_empty_position():
    g = _bulls_with_four()
    g.team_state[AWAY].status[5] = OK  # the reserve PG is eligible again (his rest is over)
    g.menu = {"queue": [AWAY], "resume": PH_UPCOURT, "kind": "dead", "changes": 0}
    legal = g._menu_legal(AWAY)
    assert A.SUBSTITUTE[(5, 0)] in legal
    g._apply_menu(AWAY, A.ACTIONS[A.SUBSTITUTE[(5, 0)]])
    assert g.team_state[AWAY].lineup[0] == 5 and not any(g._empty(AWAY, s) for s in range(5)) and g.eff(AWAY)[0][0] > 0


def test_6_5_nba_the_last_player_disqualified_returns_with_a_technical():
    """6.5 (NBA), unlike 20.7: "the last player to be disqualified returns to play. His team is given
    a Technical"."""
    g = _bulls_with_four("nba")
    assert g.team_state[AWAY].status[0] == OK and not g._empty(AWAY, 0)
    assert sum(g.team_state[HOME].stats[i][FTA] for i in range(12)) == 1


# ---------------------------------------------------------------- 14O the Desperation Heave's condition
def _heave_game(what, lost_ball):
    """The last FAC of the pile shows 'Desperation Heave'; it is drawn as ``what`` with the other team
    on offense; ``lost_ball``: that team lost the ball on it."""
    from coachgym.rules.statispro.cards import rpg_side, rpg_slot
    heave = next(c for c in K.DECK if c.z[0] == K.Z_HEAVE)
    side, slot = rpg_side(heave.rpg), rpg_slot(heave.rpg)
    g = game_at(fallback=True)
    g.fac = [heave]
    g.off = 1 - side
    g._draw(what)
    g.off = side if lost_ball else 1 - side
    g._period_over()
    return g, side, slot


@pytest.mark.parametrize("what", ["PRESS", "JUMP TO"])
def test_14o_a_heave_when_the_opponents_lost_the_ball_on_the_last_fac_to_a_jump_to_or_press_result(what):
    g, side, slot = _heave_game(what, lost_ball=True)
    assert g.team_state[side].pts == 3 and g.team_state[side].stats[g.team_state[side].lineup[slot]][TPM] == 1


def test_14o_no_heave_without_the_change_of_possession_or_on_another_section():
    g, side, _ = _heave_game("PRESS", lost_ball=False)  # the pressed team kept the ball
    assert [ts.pts for ts in g.team_state] == [0, 0]
    g, side, _ = _heave_game("ACTION", lost_ball=True)  # lost on an ACTION result: not 14O's case
    assert [ts.pts for ts in g.team_state] == [0, 0]


# ---------------------------------------------------------------- 14G EXPANDED ATTEMPTS (issue 23)
@pytest.mark.parametrize("expanded", [True, False])
def test_14g_expanded_attempts_the_coach_may_increase_them(expanded):
    """14G "EXPANDED ATTEMPTS: If a player is unavailable to start a game because of a prior injury, the
    coach *may* increase the ATTEMPTS rating of another player at his position by half (fractions
    rounded down) of the ATTEMPTS of the missing player": rule option ``expanded_attempts`` (on, the
    book's answer, as every engine version before; off: the coach declines)."""
    data = json.loads((Path(K.__file__).parent / "data" / "teams" / "bulls-1993.json").read_text())
    data["injured"] = ["Michael Jordan"]  # ATTEMPTS 26; Pippen the guard with the most below his (16)
    team = parse_team(data, "bulls-hurt.json")
    g = RULESET.new_game("knicks-1993", team, seed=1, options={"expanded_attempts": expanded})
    pippen = next(p for p in g.teams[AWAY].players if p.name == "Scottie Pippen")
    assert pippen.attempts == (16 + 26 // 2 if expanded else 16)
    assert g.options.expanded_attempts is expanded
