"""Rule tests added by the issue-5 audit: one scripted-dice test per rule the first pass left
untested or tested only in passing (names cite the rule's section of the text)."""

from __future__ import annotations

import pytest

from coachgym.core.chance import ScriptedSource, SeededSource
from coachgym.core.engine import AWAY, HOME
from coachgym.rules.fourthstreet import actions as A
from coachgym.rules.fourthstreet.court import COVER, location
from coachgym.rules.fourthstreet.engine import AST, AVAILABLE, DRB, FGA, ORB, PF, PTS, STL, TOV, FourthStreetEngine

from .conftest import B, K, O, R, W, game_at, play, play_default, sample_teams, set_cell, set_state, stat, step, texts


# ---------------------------------------------------------------- The Dice / matchups
def test_dice_red_is_the_visitors_team_die_blue_the_home_teams():
    # Boston (visitor) has the ball: red 6 + Ford's L2 2 = 8 beats blue 1 + Johnson's Def L2 2 = 3
    g = game_at(off=AWAY, slot=1, zone="2B")
    set_cell(g.player(AWAY, 1), 2, 2, 2, "N")
    step(g, play(6, 1, 2, 2, 4))
    assert g.team_state[AWAY].pts == 2
    # Los Angeles (home) has the ball: the same dice now favour the defender (Ford, red)
    g = game_at(off=HOME, slot=1, zone="2B")
    set_cell(g.player(AWAY, 1), 4, 2, 2, "S")
    step(g, play(6, 1, 2, 2, 4))
    assert stat(g, AWAY, 1, STL) == 1 and g.off == AWAY


# ---------------------------------------------------------------- Setup Plays
def _at_setup(g, **state):
    g.phase, g.ctx, (g.team_state[0].defense_mode, g.team_state[1].defense_mode) = "poss", {"offense": "setup", "defense": "defense"}, ["man", "man"]
    return set_state(g, **state)


def test_setup_plays_white_die_names_the_receiver_location_grid_his_zone_5_seconds():
    g = _at_setup(game_at(clock=600))
    step(g, [(O, 3), (K, 2), (W, 2)], "_setup")  # the sample game: orange 3, black 2 on grid ②
    assert g.handler == 1 and g.zone == "2B" and g.clock == 595 and g.shot_clock == 19


def test_setup_plays_white_6_goes_to_the_highest_rec():
    g = _at_setup(game_at(clock=600))
    step(g, [(O, 1), (K, 2), (W, 6)], "_setup")  # Bird, rec 80, on the position ④ grid: 1A
    assert g.handler == 3 and g.zone == "1A" and g.clock == 595


# ---------------------------------------------------------------- Man-to-Man
def test_man_to_man_each_player_defends_the_opponent_with_his_number():
    g = game_at()
    for slot in range(5):
        assert g._defenders(AWAY, slot, "2B") == (slot, -1, False)


def test_man_to_man_double_team_is_called_off_following_a_shot():
    # LA doubles Ford with Abdul-Jabbar; a made shot with a foul (a shot) calls it off ...
    g = game_at(slot=1, zone="2B", double=[1, -1], helper=[4, -1])
    set_cell(g.player(AWAY, 1), 2, 2, 2, "P")
    step(g, play(6, 1, 2, 2, 4))
    assert [ts.double for ts in g.team_state] == [-1, -1] and stat(g, HOME, 1, PF) == 1 and g.phase == "ft"
    # ... a pass does not
    g = game_at(slot=1, zone="2B", double=[1, -1], helper=[4, -1])
    set_cell(g.player(AWAY, 1), 2, 2, 2, "^")
    step(g, play(6, 1, 2, 2, 3))
    assert [ts.double for ts in g.team_state] == [1, -1] and [ts.helper for ts in g.team_state] == [4, -1]


# ---------------------------------------------------------------- Zone
def test_zone_collapse_opens_2A_3A_3D_and_expanding_guards_every_level_3_zone():
    assert COVER["collapsed"]["1B"] == (4, 5) and COVER["collapsed"]["1C"] == (4, 5)
    assert COVER["collapsed"]["2A"] == COVER["collapsed"]["3A"] == COVER["collapsed"]["3D"] == ()
    for z in ("3A", "3B", "3C", "3D"):
        assert COVER["expanded"][z]
    assert COVER["expanded_center"]["3B"] == (2, 5)  # the centre brought out: a double team on 3B
    g = game_at(slot=1, zone="3A", defense_mode=["zone", "man"], align=["expanded", "standard"])
    assert g._defenders(AWAY, 1, "3A") == (0, -1, False)  # token ① covers 3A, no automatic win


# ---------------------------------------------------------------- Rebounds / Loose Ball
def test_rebounds_white_6_the_defense_gets_it_and_the_highest_trb_collects():
    g = game_at(slot=1, zone="2B", phase="rebound")
    step(g, [(R, 6), (B, 1), (O, 1), (K, 1), (W, 6)], "_rebound")  # red 6 would have won a matchup
    assert g.off == HOME and stat(g, HOME, 4, DRB) == 1  # Abdul-Jabbar, tRb 36
    assert g.outlet == 4 and g.team_state[AWAY].press_ban


def test_loose_ball_offense_wins_placed_by_location_grid_shot_clock_runs_on():
    g = game_at(slot=1, zone="2B", phase="loose", shot_clock=9)
    step(g, [(R, 5), (B, 2), (O, 5), (K, 4), (W, 2)], "_loose_ball")
    assert g.off == AWAY and g.handler == 1 and g.zone == location(2, 5, 4) == "3B"
    assert stat(g, AWAY, 1, ORB) == 1 and g.shot_clock == 4 and g.clock == 595


# ---------------------------------------------------------------- Jump Balls
def test_jump_balls_free_throw_line_offense_wins_location_grid_jumper_gives_way_to_point_guard():
    g = game_at(slot=1, zone="2B")
    set_cell(g.player(HOME, 1), 4, 2, 2, "J")
    # held ball Ford (jmp 0) vs Johnson (jmp 0): red 5 beats blue 2; white 2 is Ford, a jumper ->
    # the point guard gets the ball, placed with orange and black on the position ① grid
    step(g, play(1, 6, 2, 2, 4) + [(R, 5), (B, 2), (O, 5), (K, 4), (W, 2)])
    assert g.off == AWAY and g.handler == 0 and g.zone == location(1, 5, 4)
    assert g.phase == "play" and g.shot_clock == 24 and g.clock == 595  # the jump itself takes no time


def test_jump_balls_the_coaches_pick_the_jumpers_at_centre_court():
    la, bos = sample_teams()
    g = FourthStreetEngine(la, bos, ScriptedSource([(R, 3), (B, 3), (W, 4)], SeededSource(1)))
    picks = {"jumper": lambda d: A.JUMPER[3] if d.side == HOME else A.JUMPER[4]}
    play_default(g, picks=picks, stop=lambda g: g.decision is not None and g.decision.kind == "offense")
    # Haywood (jmp 2) + 3 ties Cowens (jmp 2) + 3: the home team; white 4 is Haywood, who jumped
    assert g.off == HOME
    assert "Cowens 5 - Spencer Haywood 5" in texts(g) and "Los Angeles point guard (sample) has the ball" in texts(g)


# ---------------------------------------------------------------- Injuries
def test_injuries_hurt_not_injured_stays_in_the_game_5_seconds_front_court_setup():
    g = game_at(slot=1, zone="2B")
    johnson = g.team_state[HOME].lineup[1]
    set_cell(g.player(HOME, 1), 4, 2, 2, "I")
    step(g, play(1, 6, 2, 2, 4) + [(O, 6), (K, 6)])  # 12 + inj 4 = 16: hurt, may remain
    assert g.team_state[HOME].lineup[1] == johnson and g.team_state[HOME].availability[johnson] == AVAILABLE and not g.replace
    assert g.clock == 595 and g.frontcourt and g.phase == "poss" and g.off == AWAY


# ---------------------------------------------------------------- Weird play (reconstructed table)
@pytest.mark.parametrize("white", range(1, 7))
def test_weird_play_white_die_table(white):
    g = game_at(slot=1, zone="2B")
    set_cell(g.player(HOME, 1), 4, 2, 2, "W")
    step(g, play(1, 6, 2, 2, 4) + [(W, white)])
    if white == 1:  # backcourt violation
        assert g.off == HOME and stat(g, AWAY, 1, TOV) == 1
    elif white == 2:  # kicked ball: the offense keeps it, front-court setup
        assert g.off == AWAY and g.phase == "poss" and g.frontcourt
    elif white == 3:  # the ball squirts loose
        assert g.phase == "loose" and g.off == AWAY
    elif white == 4:  # technical: one free throw, the offense keeps the ball
        assert g.phase == "ft" and g.ctx["left"] == 1 and g.ctx["after"] == "keep"
    elif white == 5:  # illegal screen: offensive foul, not a team foul
        assert g.off == HOME and stat(g, AWAY, 1, PF) == 1 and g.team_state[AWAY].team_fouls == 0
    else:  # goaltending
        assert g.team_state[AWAY].pts == 2 and stat(g, AWAY, 1, FGA) == 1


# ---------------------------------------------------------------- Press
def test_press_offense_wins_ties_on_the_bare_dice():
    g = _at_setup(game_at(clock=600), defense_mode=["press", "man"])
    step(g, [(R, 3), (B, 3), (W, 2), (O, 3), (K, 2)], "_setup")  # no second white roll
    assert g.off == AWAY and g.handler == 1 and g.zone == "2B" and g.clock == 590


def test_press_reverts_to_man_after_an_offensive_rebound():
    g = game_at(slot=1, zone="3B", phase="rebound", defense_mode=["press", "man"])
    step(g, [(R, 6), (B, 1), (O, 5), (K, 4), (W, 2)], "_rebound")
    assert g.off == AWAY and g.zone == "3B" and g.team_state[HOME].defense_mode == "man"
    set_cell(g.player(AWAY, 1), 3, 2, 2, "^")
    step(g, play(6, 1, 2, 2, 4))
    assert g.zone == "2B"  # a Level 3 pass moves to Level 2 again


def test_press_cannot_be_called_on_a_front_court_setup_after_a_timeout():
    la, bos = sample_teams()
    g = FourthStreetEngine(la, bos, SeededSource(3))
    play_default(g, stop=lambda g: g.decision is not None and g.decision.kind == "defense")
    assert set(A.DEF_PRESS) <= set(g.decision.legal)
    g = FourthStreetEngine(*sample_teams(), SeededSource(3))
    play_default(g, stop=lambda g: g.decision is not None and g.decision.kind == "offense")
    g.step(A.TIMEOUT)
    play_default(g, picks={"offense": A.SETUP}, stop=lambda g: g.decision is not None and g.decision.kind == "defense")
    assert not set(A.DEF_PRESS) & set(g.decision.legal)


# ---------------------------------------------------------------- Fatigue (optional rule)
def test_fatigue_quarter_break_2_minutes_halftime_5_minutes_of_rest():
    g = game_at(slot=1, zone="2B", period=1)
    i = g.team_state[AWAY].lineup[1]
    bench = g._bench(AWAY)[0]
    g.stint[AWAY][i] = 200  # 3:20 on the court, short of his fat rating: needs min(5, 3:20) of rest
    r0, b0 = g.rest_clock, g.rest(AWAY, bench)
    g.clock = 0
    g._end_period()
    assert g.period == 2 and g.stint[AWAY][i] == 80 and g.rest_clock == r0 + 120 and g.rest(AWAY, bench) == b0 + 120
    g.stint[AWAY][i] = 200
    g.clock = 0
    g._end_period()
    assert g.period == 3 and g.stint[AWAY][i] == 0 and g.team_state[AWAY].fatigue_points[i] == 0  # halftime: fully rested


# ---------------------------------------------------------------- Assists (optional rule)
def test_assists_make_up_when_the_scorer_has_the_highest_ast_the_next_highest_gets_it():
    g = game_at(slot=0, zone="2B")  # Boston's point guard (ast 13, the highest) scores unassisted
    set_cell(g.player(AWAY, 0), 2, 2, 2, "N")
    step(g, play(6, 1, 2, 2, 1))
    assert g.team_state[AWAY].pts == 2 and stat(g, AWAY, 3, AST) == 1  # Bird, ast 8, the next-highest
    assert sum(stat(g, AWAY, s, AST) for s in range(5)) == 1


# ---------------------------------------------------------------- Additional strategies
def test_milk_the_clock_against_the_press_advance_10_seconds_then_hold_5():
    g = _at_setup(game_at(clock=55), defense_mode=["press", "man"], milk="3A")
    step(g, [(R, 5), (B, 1), (W, 2)], "_setup")
    assert g.handler == 0 and g.zone == "3A" and g.clock == 55 - 10 and g.phase == "hold"
    g._advance()
    assert g.decision.kind == "hold" and g.decision.legal == (A.HOLD[0], A.HOLD[5])  # "an additional 5 seconds"
    g._hold(5)
    assert g.clock == 55 - 10 - 5 and g.phase == "play"


def test_kick_it_out_only_within_3_minutes_of_the_call():
    g = game_at(slot=4, zone="1B", kick_until=[-1, 500], clock=505)
    step(g, play(6, 1, 4, 2, 2))
    assert g.zone == "3C" and g.handler == 1 and g.passer == 4  # the action ends at 8:20: inside
    g = game_at(slot=4, zone="1B", kick_until=[-1, 500], clock=504)
    set_cell(g.player(AWAY, 4), 1, 4, 2, "N")
    step(g, play(6, 1, 4, 2, 2))
    assert g.team_state[AWAY].pts == 2 and stat(g, AWAY, 4, PTS) == 2  # past the 3 minutes: Cowens shoots


# ---------------------------------------------------------------- Coaching decisions offered
def _offense_call(g):
    g.decision, g.ctx, g.phase, g.dead, (g.team_state[0].subs_open, g.team_state[1].subs_open) = None, {}, "poss", False, [False, False]
    g._advance()
    assert g.decision.kind == "offense"
    return g.decision.legal


def test_milk_the_clock_offered_in_the_last_minute_of_any_period_only():
    g = game_at(period=1, clock=61)
    assert not set(A.MILK.values()) & set(_offense_call(g))
    g = game_at(period=1, clock=60)
    assert set(A.MILK.values()) <= set(_offense_call(g))


def test_foul_trouble_playing_it_safe_is_announced_in_a_lineup_window_and_toggles():
    g = game_at(slot=1, zone="2B")
    g._start_ft(AWAY, 1, 2, "change")
    g.source = ScriptedSource([])
    g._advance()
    assert g.decision.kind == "lineup" and g.decision.side == AWAY and A.SAFE[3] in g.decision.legal
    g.step(A.SAFE[3])
    bird = g.team_state[AWAY].lineup[3]
    assert g.team_state[AWAY].safe[bird] and "Larry Bird plays it safe: on" in texts(g)
    g.step(A.SAFE[3])
    assert not g.team_state[AWAY].safe[bird]


# ---------------------------------------------------------------- Zone: token placement by the coach
def test_zone_tokens_cover_two_zones_never_two_level_3_zones_pairs():
    from coachgym.rules.fourthstreet.court import TOKEN_PAIRS, move

    assert len(TOKEN_PAIRS) == len(set(TOKEN_PAIRS)) == 25
    for a, b in TOKEN_PAIRS:
        assert not (a[0] == "3" and b[0] == "3")
        assert (a[0] == b[0]) or a in {move(b, lat) for lat in (-1, 0, 1)}
    assert ("2C", "3C") in TOKEN_PAIRS and ("1B", "1C") in TOKEN_PAIRS  # the printed example's tokens ① and ⑤


def test_zone_coach_places_each_token_then_undefended_and_doubled_zones_follow():
    from coachgym.rules.fourthstreet.court import TOKEN_PAIRS
    from coachgym.rules.fourthstreet.options import FourthStreetOptions

    la, bos = sample_teams()
    g = FourthStreetEngine(la, bos, SeededSource(4), options=FourthStreetOptions(zone_defense=True))
    play_default(g, stop=lambda g: g.decision is not None and g.decision.kind == "defense")
    d = g.decision.side
    assert A.DEF_ZONE_PLACE in g.decision.legal and A.DEF_ZONE_KEEP not in g.decision.legal
    g.step(A.DEF_ZONE_PLACE)
    want = [("2C", "3C"), ("2B", "3B"), ("1B", "1C"), ("1B", "2C"), ("1B", "1C")]  # 1B tripled, 3A/3D/2A/2D/1A open
    for t, pair in enumerate(want):
        assert g.decision.kind == "token" and g.decision.side == d and len(g.decision.legal) == 25
        g.step(A.TOKEN[t][TOKEN_PAIRS.index(pair)])
    assert g.decision.kind != "token" and g.team_state[d].defense_mode == "zone" and g.team_state[d].align == "custom"
    cover = g.cover(d)
    assert cover["3A"] == cover["2A"] == cover["1A"] == () and cover["1B"] == (3, 4, 5)
    o = 1 - d
    assert g._defenders(o, 0, "3D") == (-1, -1, True)  # undefended: the offense wins automatically
    g.lane = []
    assert g._defenders(o, 0, "1C") == (4, 2, False)  # tokens 3 and 5: read off ⑤, ③ the second


def test_zone_keep_the_last_token_placement_without_placing_again():
    g = game_at(options={"zone_defense": True})
    g.team_state[HOME].tokens = [0, 1, 2, 3, 4]
    g.decision, g.ctx, g.phase, g.off, g.dead, (g.team_state[0].subs_open, g.team_state[1].subs_open) = None, {"offense": "setup"}, "poss", AWAY, False, [False, False]
    g._advance()
    assert g.decision.kind == "defense" and A.DEF_ZONE_KEEP in g.decision.legal
    g.source = ScriptedSource([(O, 3), (K, 2), (W, 2)], SeededSource(1))
    g.step(A.DEF_ZONE_KEEP)  # straight to the setup play: no token calls
    assert g.source.requests[:3] == ["orange setup location", "black setup location", "white setup recipient"]
    assert g.team_state[HOME].defense_mode == "zone" and g.team_state[HOME].align == "custom" and g.team_state[HOME].tokens == [0, 1, 2, 3, 4]
    assert "setup: Chris Ford has the ball in 2B" in texts(g)


def test_press_successful_drives_are_treated_as_against_man_to_man():
    g = game_at(slot=1, zone="3C", defense_mode=["press", "man"])
    set_cell(g.player(AWAY, 1), 3, 2, 2, "a")
    step(g, play(6, 1, 2, 2, 4))
    assert g.zone == "2C" and g.handler == 1  # one level forward, as against man-to-man (a pass: 1B)


def test_press_double_teams_are_called_as_in_man_to_man():
    g = game_at(slot=1, zone="2B")
    g.decision, g.ctx, g.phase, g.dead, (g.team_state[0].subs_open, g.team_state[1].subs_open) = None, {"offense": "setup"}, "poss", False, [False, False]
    g.frontcourt, (g.team_state[0].press_ban, g.team_state[1].press_ban) = False, [False, False]
    g._advance()
    assert g.decision.kind == "defense" and A.DEF_PRESS[2] in g.decision.legal
    g.step(A.DEF_PRESS[2])  # press, doubling Ford (their ②)
    assert g.decision.kind == "helper" and A.HELPER[1] not in g.decision.legal
    g._apply(g.decision, A.ACTIONS[A.HELPER[4]])  # Abdul-Jabbar helps (applied without playing on)
    assert g.team_state[HOME].defense_mode == "press" and g.team_state[HOME].double == 1 and g.team_state[HOME].helper == 4
    assert g._defenders(AWAY, 1, "2B") == (1, 4, False) and g._defenders(AWAY, 4, "2B") == (4, -1, True)
