"""One test per rule of 4th Street Basketball (names cite the rule's section of the text)."""

from __future__ import annotations

import pytest

from coachgym.core.chance import ScriptedSource, SeededSource
from coachgym.core.engine import AWAY, HOME
from coachgym.rules.fourthstreet import actions as A
from coachgym.rules.fourthstreet.court import COVER, injury_row, location, move
from coachgym.rules.fourthstreet.engine import (
    AST,
    BLK,
    DRB,
    FGA,
    FGM,
    FTA,
    FTM,
    ORB,
    OUT_GAME,
    PF,
    STL,
    TOV,
    TPA,
    TPM,
    FourthStreetEngine,
)

from .conftest import B, K, O, R, W, events, game_at, play, play_default, run, sample_teams, set_cell, stat, texts


# ---------------------------------------------------------------- The Location Grid
def test_location_grid_printed_cells_read_black_row_orange_column():
    assert location(2, 2, 4) == "2A"  # "an orange 2 and a black 4 ... zone 2A"
    assert location(2, 3, 2) == "2B"
    assert location(5, 6, 1) == "2D"
    assert location(2, 5, 4) == "3B"
    assert location(4, 1, 2) == "1A"
    assert {location(0, o, b)[0] for o in range(1, 7) for b in range(1, 7)} == {"3"}


# ---------------------------------------------------------------- Matchups (The Players / Shots)
def test_shots_offense_wins_ties_and_reads_offense_card():
    g = game_at(slot=1, zone="2B")
    ford = g.player(AWAY, 1)
    set_cell(ford, 2, 1, 1, "N")
    # Ford L2 2 + 1 = 3 vs Johnson Def L2 2 + 1 = 3: tie -> offense
    run(g, play(1, 1, 1, 1, 4))
    assert g.team_state[AWAY].pts == 2 and stat(g, AWAY, 1, FGM) == 1


def test_shots_defense_win_reads_defender_card():
    g = game_at(slot=1, zone="2B")
    set_cell(g.player(HOME, 1), 4, 1, 1, ".")
    set_cell(g.player(AWAY, 1), 2, 1, 1, "N")
    run(g, play(1, 2, 1, 1, 4) + play(1, 6, 1, 1, 6))  # miss, then rebound white 6 (defense)
    assert g.team_state[AWAY].pts == 0 and stat(g, AWAY, 1, FGA) == 1


def test_shots_level_3_is_a_three_pointer():
    g = game_at(slot=1, zone="3B")
    set_cell(g.player(AWAY, 1), 3, 2, 2, "N")
    run(g, play(6, 1, 2, 2, 4))
    assert g.team_state[AWAY].pts == 3 and stat(g, AWAY, 1, TPM) == 1 and stat(g, AWAY, 1, TPA) == 1


def test_shots_fifty_fifty_good_on_white_1_to_3():
    g = game_at(slot=1, zone="2B")
    set_cell(g.player(AWAY, 1), 2, 2, 2, "U")
    run(g, play(6, 1, 2, 2, 3))
    assert g.team_state[AWAY].pts == 2
    g = game_at(slot=1, zone="2B")
    set_cell(g.player(AWAY, 1), 2, 2, 2, "U")
    run(g, play(6, 1, 2, 2, 4) + play(1, 6, 1, 1, 6))
    assert g.team_state[AWAY].pts == 0 and stat(g, AWAY, 1, FGA) == 1


def test_shots_made_with_foul_drawn_gives_one_free_throw():
    g = game_at(slot=1, zone="3B")
    set_cell(g.player(AWAY, 1), 3, 2, 2, "P")
    g.player(AWAY, 1).ft[7] = "N"
    src = run(g, play(6, 1, 2, 2, 4) + [(O, 3), (K, 4), (W, 5)])
    play_default(g, stop=lambda g: src.remaining == 0)
    assert g.team_state[AWAY].pts == 4  # a 4-point play from Level 3
    assert stat(g, HOME, 1, PF) == 1


def test_shots_foul_level3_white_1_gives_three_free_throws():
    g = game_at(slot=1, zone="3B")
    set_cell(g.player(HOME, 1), 4, 2, 2, "F")
    run(g, play(1, 6, 2, 2, 1))
    assert g.phase == "ft" and g.ctx["left"] == 3
    g = game_at(slot=1, zone="3B")
    set_cell(g.player(HOME, 1), 4, 2, 2, "F")
    run(g, play(1, 6, 2, 2, 2))
    assert g.phase == "ft" and g.ctx["left"] == 2  # stepped on the line


def test_shots_foul_white_4_to_6_not_shooting_setup_in_front_court():
    g = game_at(slot=1, zone="2B")
    set_cell(g.player(HOME, 1), 4, 2, 2, "F")
    run(g, play(1, 6, 2, 2, 5))
    assert g.phase == "poss" and g.off == AWAY and g.frontcourt
    assert stat(g, HOME, 1, PF) == 1 and g.team_state[HOME].team_fouls == 1
    n = len(g.log.events)
    # the setup play in the opponent's end takes no time
    g.source = ScriptedSource([(O, 1), (K, 1), (W, 1)], SeededSource(1))
    play_default(g, stop=lambda g: len(events(g, "setup")) and events(g, "setup")[-1].seq > n)
    setup = [e for e in g.log.events[n:] if e.kind == "setup"][0]
    assert setup.text.startswith("[Q1 9:55] setup:") and setup.data["zone"] == "1A"


def test_team_fouls_bonus_two_shots_after_the_limit():
    g = game_at(slot=1, zone="2B", team_fouls=[4, 0])
    set_cell(g.player(HOME, 1), 4, 2, 2, "F")
    run(g, play(1, 6, 2, 2, 5))
    assert g.phase == "ft" and g.ctx["left"] == 2 and g.team_state[HOME].team_fouls == 5


def test_team_fouls_last_two_minutes_second_foul_is_a_penalty():
    g = game_at(slot=1, zone="2B", team_fouls=[1, 0], late_fouls=[1, 0], clock=100)
    set_cell(g.player(HOME, 1), 4, 2, 2, "F")
    run(g, play(1, 6, 2, 2, 5))
    assert g.phase == "ft" and g.ctx["left"] == 2


# ---------------------------------------------------------------- Passes and drives
def test_passes_forward_left_right_move_one_level_and_one_zone():
    assert move("3B", 0) == "2B" and move("3B", -1) == "2A" and move("3B", 1) == "2C"
    assert move("3A", -1) == "2A"  # clamped at the sideline
    assert move("2C", 0) == "1B" and move("2D", 1) == "1C" and move("2A", -1) == "1A"


def test_passes_white_same_as_passer_goes_to_second_highest_rec():
    g = game_at(slot=0, zone="3B")  # Boston's point guard passes
    set_cell(g.player(AWAY, 0), 3, 2, 2, "^")
    run(g, play(6, 1, 2, 2, 1) + [])  if False else None
    src = ScriptedSource(play(6, 1, 2, 2, 1))
    g.source = src
    g._play()
    # recs: PG 60, Ford 55, SF 62, Bird 80, Cowens 58 -> second-highest is the SF (slot 2)
    assert g.handler == 2 and g.zone == "2B" and g.passer == 0


def test_passes_white_six_goes_to_highest_rec():
    g = game_at(slot=0, zone="3B")
    set_cell(g.player(AWAY, 0), 3, 2, 2, ">")
    g.source = ScriptedSource(play(6, 1, 2, 2, 6))
    g._play()
    assert g.handler == 3 and g.zone == "2C"  # Bird, rec 80


def test_passes_beautiful_feed_is_an_automatic_layup_with_assist():
    g = game_at(slot=1, zone="3B")
    set_cell(g.player(AWAY, 1), 3, 2, 2, "@")
    run(g, play(6, 1, 2, 2, 4))
    assert g.team_state[AWAY].pts == 2 and stat(g, AWAY, 3, FGM) == 1 and stat(g, AWAY, 1, AST) == 1


def test_drives_move_forward_and_keep_the_ball():
    g = game_at(slot=1, zone="3B")
    set_cell(g.player(AWAY, 1), 3, 2, 2, "l")
    clock = g.clock
    g.source = ScriptedSource(play(6, 1, 2, 2, 4))
    g._play()
    assert g.handler == 1 and g.zone == "2A" and g.clock == clock - 5 and g.phase == "play"


# ---------------------------------------------------------------- Assists (optional rule)
def test_assists_last_passer_gets_the_assist():
    g = game_at(slot=1, zone="3B")
    set_cell(g.player(AWAY, 1), 3, 2, 2, "^")
    set_cell(g.player(AWAY, 3), 2, 3, 3, "N")
    run(g, play(6, 1, 2, 2, 4) + play(6, 1, 3, 3, 5))
    assert g.team_state[AWAY].pts == 2 and stat(g, AWAY, 1, AST) == 1


def test_assists_make_up_rule_white_1_highest_ast():
    g = game_at(slot=1, zone="2B")
    set_cell(g.player(AWAY, 1), 2, 3, 3, "N")
    run(g, play(6, 1, 3, 3, 1))
    best = max((s for s in range(5) if s != 1), key=lambda s: g.player(AWAY, s).ast)
    assert stat(g, AWAY, best, AST) == 1


# ---------------------------------------------------------------- Rebounds / loose balls
def test_rebounds_tie_goes_to_the_defense():
    g = game_at(slot=1, zone="2B", phase="rebound")
    g.player(AWAY, 1).orb, g.player(HOME, 1).drb = 0, 2
    # white 2: Ford (oRb 0) for Boston on offense vs Johnson dRb 2; red 4 + 0 = 4, blue 2 + 2 = 4
    run(g, [(R, 4), (B, 2), (O, 1), (K, 1), (W, 2)])
    assert g.off == HOME and stat(g, HOME, 1, DRB) == 1


def test_rebounds_offense_wins_placed_by_location_grid_and_shot_clock_resets():
    g = game_at(slot=1, zone="2B", phase="rebound", shot_clock=4)
    g.source = ScriptedSource([(R, 6), (B, 1), (O, 5), (K, 4), (W, 2)])
    g._rebound()
    assert g.off == AWAY and g.handler == 1 and g.zone == "3B" and g.shot_clock == 24
    assert stat(g, AWAY, 1, ORB) == 1


def test_rebounds_offensive_rebound_reset_14_when_the_season_uses_it():
    g = game_at(slot=1, zone="2B", phase="rebound", options={"offensive_rebound_reset": 14})
    g.source = ScriptedSource([(R, 6), (B, 1), (O, 5), (K, 4), (W, 2)])
    g._rebound()
    assert g.shot_clock == 14


def test_shot_clock_air_ball_keeps_running_into_a_violation():
    g = game_at(slot=1, zone="2B", shot_clock=4)
    set_cell(g.player(AWAY, 1), 2, 2, 2, "O")
    run(g, play(6, 1, 2, 2, 4) + [(R, 6), (B, 1), (O, 5), (K, 4), (W, 2)])
    assert g.off == HOME and "shot clock violation" in texts(g)


def test_shot_clock_violation_when_no_time_is_left_for_an_action():
    g = game_at(slot=1, zone="2B", shot_clock=0)
    run(g, [])
    assert g.off == HOME and g.team_state[AWAY].team_tov == 1


def test_loose_ball_after_block_no_ratings_tie_to_defense():
    g = game_at(slot=1, zone="2B")
    set_cell(g.player(HOME, 1), 4, 2, 2, "X")
    run(g, play(1, 6, 2, 2, 4) + [(R, 3), (B, 3), (O, 1), (K, 1), (W, 6)])
    assert stat(g, HOME, 1, BLK) == 1 and stat(g, AWAY, 1, FGA) == 1
    assert g.off == HOME and stat(g, HOME, 0, DRB) == 1  # white 6: the point guards
    assert g.team_state[AWAY].press_ban  # credited as a defensive rebound: Boston cannot press next


# ---------------------------------------------------------------- Steals, turnovers, jump balls
def test_steals_turnover_and_setup_for_the_other_team():
    g = game_at(slot=1, zone="2B")
    set_cell(g.player(HOME, 1), 4, 2, 2, "S")
    run(g, play(1, 6, 2, 2, 4))
    assert stat(g, HOME, 1, STL) == 1 and stat(g, AWAY, 1, TOV) == 1 and g.off == HOME
    assert g.team_state[AWAY].press_ban  # the team losing the turnover cannot press


@pytest.mark.parametrize("sym", ["T", "Z", "C"])
def test_turnovers_traveling_out_of_bounds_charging(sym):
    g = game_at(slot=1, zone="2B")
    set_cell(g.player(HOME, 1), 4, 2, 2, sym)
    run(g, play(1, 6, 2, 2, 4))
    assert stat(g, AWAY, 1, TOV) == 1 and g.off == HOME
    assert stat(g, AWAY, 1, PF) == (1 if sym == "C" else 0)


def test_jump_balls_held_ball_tie_goes_to_the_defending_team():
    g = game_at(slot=1, zone="2B")
    set_cell(g.player(HOME, 1), 4, 2, 2, "J")
    # Ford jmp 0 + 3 vs Johnson jmp 0 + 3: tie -> defending team (Los Angeles)
    run(g, play(1, 6, 2, 2, 4) + [(R, 3), (B, 3), (O, 1), (K, 1), (W, 1)])
    assert g.off == HOME


def test_jump_balls_centre_court_tie_goes_to_the_home_team_and_white_6_to_point_guard():
    la, bos = sample_teams()
    g = FourthStreetEngine(la, bos, ScriptedSource([(R, 4), (B, 4), (W, 6)], SeededSource(1)))
    play_default(g, stop=lambda g: g.decision is not None and g.decision.kind == "offense")
    assert g.off == HOME
    assert "Los Angeles point guard (sample) has the ball" in texts(g)


def test_jump_balls_take_no_time():
    la, bos = sample_teams()
    g = FourthStreetEngine(la, bos, ScriptedSource([(R, 4), (B, 4), (W, 6)], SeededSource(1)))
    play_default(g, stop=lambda g: g.decision is not None and g.decision.kind == "offense")
    assert g.clock == 720


# ---------------------------------------------------------------- Free throws
def test_free_throws_two_dice_on_the_free_throw_section():
    g = game_at(slot=4, zone="2B", off=HOME)
    kaj = g.player(HOME, 4)
    g._start_ft(HOME, 4, 2, "change")
    g.windows = []
    run(g, [(O, 1), (K, 2), (W, 2), (O, 5), (K, 5), (W, 1), (R, 1), (B, 1), (O, 1), (K, 1), (W, 6)])
    assert kaj.ft[3] == "U" and kaj.ft[10] == "."
    assert stat(g, HOME, 4, FTM) == 1 and stat(g, HOME, 4, FTA) == 2 and g.clock == 600 - 5


# ---------------------------------------------------------------- Injuries
def test_injuries_chart_rows():
    assert injury_row(15)["kind"] == "hurt" and injury_row(10)["kind"] == "stoppage"
    assert injury_row(9)["kind"] == "period" and injury_row(7)["kind"] == "game"
    assert injury_row(4)["games"] == 1 and injury_row(-1)["dice"] == 2 and injury_row(-2)["dice"] == 3


def test_injuries_chart_row_minus_3_roll_2_dice():
    """Injury Chart, the text's last line: "-3	Roll 2 dice and add them together. Player misses the rest
    of this game + dice roll more games" (engine versions 1-2 missed the row, with no newline after it,
    and rolled 4 dice). The lowest total is 1 + 1 + inj -5."""
    from pathlib import Path

    text = (Path(__file__).parents[2].parent / "shared" / "rules" / "4th-street-basketball-1.01.md")
    if text.exists():  # the rule text beside the worktree: the row is its last line
        last = text.read_text(encoding="utf-8").rstrip().splitlines()[-1]
        assert last.startswith("-3\tRoll 2 dice")
    row = injury_row(-3)
    assert row["dice"] == 2 and row["text"].startswith("Roll 2 dice") and row["kind"] == "game"
    g = game_at(slot=1, zone="2B")
    g.player(HOME, 1).inj = -5
    set_cell(g.player(HOME, 1), 4, 2, 2, "I")
    run(g, play(1, 6, 2, 2, 4) + [(O, 1), (K, 1), ("injury games", 6), ("injury games", 5)])
    assert g.injuries[-1]["games"] == 11 and g.injuries[-1]["kind"] == "game"


def test_injuries_defender_removed_and_replaced_offense_sets_up_in_front_court():
    g = game_at(slot=1, zone="2B")
    johnson = g.team_state[HOME].lineup[1]
    g.player(HOME, 1).inj = 0
    set_cell(g.player(HOME, 1), 4, 2, 2, "I")
    run(g, play(1, 6, 2, 2, 4) + [(O, 3), (K, 3)])  # 6 + 0: out for the game
    assert g.team_state[HOME].availability[johnson] == OUT_GAME
    assert g.decision.kind == "replace" and g.decision.side == HOME
    g.step(g.decision.legal[0])
    assert johnson not in g.team_state[HOME].lineup and g.frontcourt and g.off == AWAY


# ---------------------------------------------------------------- Weird play
def test_weird_play_goaltending_counts():
    g = game_at(slot=1, zone="2B")
    set_cell(g.player(HOME, 1), 4, 2, 2, "W")
    run(g, play(1, 6, 2, 2, 4) + [(W, 6)])
    assert g.team_state[AWAY].pts == 2


# ---------------------------------------------------------------- Timeouts
def test_timeouts_rest_a_minute_and_setup_takes_no_time():
    la, bos = sample_teams()
    g = FourthStreetEngine(la, bos, SeededSource(3))
    play_default(g, stop=lambda g: g.decision is not None and g.decision.kind == "offense")
    side = g.decision.side
    i = g.team_state[side].lineup[0]
    g.stint[side][i] = 200
    clock, left = g.clock, g.team_state[side].timeouts
    g.step(A.TIMEOUT)
    assert g.team_state[side].timeouts == left - 1 and g.stint[side][i] == 140
    n = len(g.log.events)
    play_default(g, stop=lambda g: any(e.kind == "setup" for e in g.log.events[n:]))
    setup = [e for e in g.log.events[n:] if e.kind == "setup"][0]
    assert setup.text.startswith(f"[Q1 {clock // 60}:{clock % 60:02d}] setup")


# ---------------------------------------------------------------- Man-to-man: double teams
def test_man_to_man_double_team_adds_helper_grade_minimum_1():
    g = game_at(slot=4, zone="1B", off=HOME, double=[-1, 4], helper=[-1, 1])  # Boston doubles KAJ with Ford
    kaj, cowens = g.player(HOME, 4), g.player(AWAY, 4)
    set_cell(cowens, 4, 2, 2, ".")
    set_cell(kaj, 1, 2, 2, "N")
    # KAJ L1 3 + blue 2 = 5; Cowens Def L1 2 + red 3 = 5 (a tie the offense would win) + Ford's
    # Def L1 1 = 6: the defense wins and Cowens' card is read (a miss)
    g.source = ScriptedSource([(R, 3), (B, 2), (O, 2), (K, 2), (W, 4)])
    g._play()
    assert g.team_state[HOME].pts == 0 and g.phase == "rebound" and "vs Dave Cowens 6" in texts(g)
    g = game_at(slot=4, zone="1B", off=HOME, double=[-1, 4], helper=[-1, 1])
    set_cell(g.player(AWAY, 4), 4, 2, 2, ".")
    set_cell(g.player(HOME, 4), 1, 2, 2, "N")
    g.player(AWAY, 1).dfn = (None, 0, 0, 0)  # helper grade 0 counts as 1
    g.source = ScriptedSource([(R, 4), (B, 2), (O, 2), (K, 2), (W, 4)])
    g._play()  # 2 + 3 = 5 vs 4 + 2 + 1 = 7 -> defense (without the help 6 vs ... still defense)
    assert g.team_state[HOME].pts == 0 and "vs Dave Cowens 7" in texts(g)


def test_man_to_man_double_team_leaves_the_helpers_man_uncovered():
    g = game_at(slot=1, zone="2B", off=HOME, double=[-1, 4], helper=[-1, 1])
    set_cell(g.player(HOME, 1), 2, 2, 2, "N")
    run(g, play(6, 1, 2, 2, 4))  # Johnson loses the dice but is uncovered
    assert g.team_state[HOME].pts == 2 and "unguarded" in texts(g)


# ---------------------------------------------------------------- Zone
def test_zone_undefended_zone_wins_automatically():
    assert COVER["standard"]["3A"] == ()
    g = game_at(slot=1, zone="3A", defense_mode=["zone", "man"], align=["standard", "standard"])
    set_cell(g.player(AWAY, 1), 3, 2, 2, "N")
    run(g, play(1, 6, 2, 2, 4))
    assert g.team_state[AWAY].pts == 3


def test_zone_collapsed_double_team_reads_highest_token():
    assert COVER["collapsed"]["1B"] == (4, 5)
    g = game_at(slot=1, zone="1C", defense_mode=["zone", "man"], align=["collapsed", "standard"])
    set_cell(g.player(HOME, 4), 4, 2, 2, "S")
    g.source = ScriptedSource(play(6, 1, 2, 2, 4))
    g._play()
    # Ford L1 1 + 6 = 7 vs KAJ Def L1 2 + Haywood Def L1 1 + 1 = 4 -> offense: Ford's own card is read
    # (its 50/50 cell at black 2, orange 2 rolls out on white 4), not the steal on token 5's card
    assert "Chris Ford (1C) 7 vs Kareem Abdul-Jabbar 4: Chris Ford's shot rolls out" in texts(g)
    assert stat(g, HOME, 4, STL) == 0 and g.phase == "rebound"
    # now the defense wins:
    g = game_at(slot=1, zone="1C", defense_mode=["zone", "man"], align=["collapsed", "standard"])
    set_cell(g.player(HOME, 4), 4, 2, 2, "S")
    g.source = ScriptedSource(play(1, 3, 2, 2, 4))
    g._play()
    assert stat(g, HOME, 4, STL) == 1  # the steal is read off token 5's card
    assert "vs Kareem Abdul-Jabbar 6" in texts(g)  # 3 + 2 + Haywood's 1


def test_3_second_defense_no_player_stays_in_1B_two_actions():
    g = game_at(slot=1, zone="1B", defense_mode=["zone", "man"], align=["standard", "standard"])
    first, _, auto = g._defenders(AWAY, 1, "1B")
    assert first == 4 and not auto  # token 5 covers 1B
    first, _, auto = g._defenders(AWAY, 1, "1B")
    assert auto  # token 5 had to step out: 1B is open for this action
    first, _, auto = g._defenders(AWAY, 1, "1B")
    assert first == 4 and not auto


# ---------------------------------------------------------------- Press
def test_press_setup_defense_steal_on_white_2_3():
    g = game_at(slot=1, zone="2B")
    g.phase, (g.team_state[0].defense_mode, g.team_state[1].defense_mode), g.ctx = "poss", ["press", "man"], {"offense": "setup", "defense": "defense"}
    clock = g.clock
    g.source = ScriptedSource([(R, 1), (B, 5), (W, 2), (W, 3)])
    g._setup()
    assert g.off == HOME and stat(g, HOME, 1, STL) == 1 and g.team_state[AWAY].press_ban and g.clock == clock - 10


def test_press_setup_takes_10_seconds_unless_the_ball_reaches_level_1():
    g = game_at(slot=1, zone="2B")
    g.phase, (g.team_state[0].defense_mode, g.team_state[1].defense_mode), g.ctx = "poss", ["press", "man"], {"offense": "setup", "defense": "defense"}
    clock = g.clock
    g.source = ScriptedSource([(R, 5), (B, 1), (W, 2), (O, 3), (K, 2)])
    g._setup()
    assert g.zone == "2B" and g.clock == clock - 10
    g = game_at(slot=1, zone="2B")
    g.phase, (g.team_state[0].defense_mode, g.team_state[1].defense_mode), g.ctx = "poss", ["press", "man"], {"offense": "setup", "defense": "defense"}
    clock = g.clock
    g.source = ScriptedSource([(R, 5), (B, 1), (W, 2), (O, 1), (K, 1)])
    g._setup()
    assert g.zone == "1A" and g.clock == clock - 5


def test_press_pass_from_level_3_goes_to_level_1():
    g = game_at(slot=1, zone="3C", defense_mode=["press", "man"])
    set_cell(g.player(AWAY, 1), 3, 2, 2, "^")
    g.source = ScriptedSource(play(6, 1, 2, 2, 4))
    g._play()
    assert g.zone == "1B"


def test_press_cannot_be_called_after_a_defensive_rebound():
    g = game_at(slot=1, zone="2B", phase="rebound")
    run(g, [(R, 1), (B, 6), (O, 1), (K, 1), (W, 2)])
    assert g.off == HOME
    play_default(g, picks={"offense": A.SETUP}, stop=lambda g: g.decision is not None and g.decision.kind == "defense")
    assert not set(A.DEF_PRESS) & set(g.decision.legal)


# ---------------------------------------------------------------- Fatigue (optional rule)
def test_fatigue_points_lower_the_matchup_die():
    g = game_at(slot=1, zone="2B")
    ford = g.team_state[AWAY].lineup[1]
    g.stint[AWAY][ford] = g.player(AWAY, 1).fat * 60
    set_cell(g.player(AWAY, 1), 2, 2, 2, "N")
    set_cell(g.player(HOME, 1), 4, 2, 2, ".")
    # 3 - 1 (fatigue point) + 2 = 4 vs 3 + 2 = 5: the defense wins
    run(g, play(3, 3, 2, 2, 4) + [(R, 1), (B, 6), (O, 1), (K, 1), (W, 6)])
    assert g.team_state[AWAY].fatigue_points[ford] == 1 and g.team_state[AWAY].pts == 0


def test_fatigue_points_shoot_defend_rebound_limit_3_and_the_switch():
    """Optional Rules, Fatigue: a fatigued player "called upon to shoot, pass, drive, rebound, or
    defend" gains a point each time, his die lowered by his points, "limit 3"; players short of
    their fat rating gain none; with the option off nobody does."""
    g = game_at(slot=1, zone="2B")
    ford, magic = g.team_state[AWAY].lineup[1], g.team_state[HOME].lineup[1]
    g.stint[AWAY][ford] = g.player(AWAY, 1).fat * 60
    g.stint[HOME][magic] = g.player(HOME, 1).fat * 60
    g.team_state[AWAY].fatigue_points[ford] = 3
    set_cell(g.player(AWAY, 1), 2, 2, 2, ".")
    set_cell(g.player(HOME, 1), 4, 2, 2, ".")
    # Ford 6 - 3 + 2 = 5 vs Johnson 2 - 1 + 2 = 3: Ford shoots (a miss); white 2 on the rebound: the
    # same two again, Ford oRb red 1 - 3 vs Johnson dRb blue 6 - 2
    run(g, play(6, 2, 2, 2, 4) + [(R, 1), (B, 6), (O, 1), (K, 1), (W, 2)])
    assert "Chris Ford (2B) 5 vs Magic Johnson 3" in texts(g)
    assert f"defensive rebound Magic Johnson {6 - 2 + g.player(HOME, 1).drb} - Chris Ford {1 - 3 + g.player(AWAY, 1).orb}" in texts(g)
    assert g.team_state[AWAY].fatigue_points[ford] == 3 and g.team_state[HOME].fatigue_points[magic] == 2  # capped at 3; defended + rebounded
    assert g.team_state[AWAY].fatigue_points[g.team_state[AWAY].lineup[0]] == 0  # not fatigued: no points
    g = game_at(slot=1, zone="2B", options={"fatigue": False})
    ford = g.team_state[AWAY].lineup[1]
    g.stint[AWAY][ford] = 10 * 60 * 60
    set_cell(g.player(AWAY, 1), 2, 2, 2, "N")
    run(g, play(3, 3, 2, 2, 4))
    assert g.team_state[AWAY].fatigue_points[ford] == 0 and "Chris Ford (2B) 5 vs Magic Johnson 5" in texts(g)


def test_fatigue_rest_requirements():
    g = game_at(slot=1, zone="2B")
    i = g.team_state[AWAY].lineup[1]
    fat = g.player(AWAY, 1).fat * 60
    for pts, need in ((1, 600), (2, 720), (3, 900)):
        g.stint[AWAY][i], g.team_state[AWAY].fatigue_points[i] = fat + 10, pts
        assert g._rest_requirement(AWAY, i) == need
    g.stint[AWAY][i], g.team_state[AWAY].fatigue_points[i] = fat + 10, 0
    assert g._rest_requirement(AWAY, i) == 300
    g.stint[AWAY][i] = 180
    assert g._rest_requirement(AWAY, i) == 180


# ---------------------------------------------------------------- Additional strategies
def test_desperation_defense_team_die_picks_the_fouler_6_no_foul():
    g = game_at(slot=1, zone="2B", clock=50, period=4, pts=[100, 95])
    g.phase, g.ctx, g.desperation = "poss", {"offense": "setup", "defense": "desperation"}, True
    g.team_state[0].team_fouls, g.team_state[1].team_fouls = [6, 6]
    g.source = ScriptedSource([(B, 3)])
    g._setup()
    assert stat(g, HOME, 2, PF) == 1 and g.phase == "ft" and g.ctx["left"] == 2
    g = game_at(slot=1, zone="2B", clock=50, period=4, pts=[100, 95])
    g.phase, g.ctx, g.desperation = "poss", {"offense": "setup", "defense": "desperation"}, True
    g.source = ScriptedSource([(B, 6), (O, 3), (K, 2), (W, 2)])
    g._setup()
    assert g.phase == "play" and g.zone == "2B"


def test_intentionally_missed_free_throw_9_to_12_misses_the_rim():
    g = game_at(slot=1, zone="2B", off=AWAY, clock=30, period=4, pts=[100, 97])
    g._start_ft(AWAY, 1, 1, "change")
    g.windows = []
    g.source = ScriptedSource([])
    g._advance()
    assert g.decision.kind == "free_throw"
    g.source = ScriptedSource([(O, 5), (K, 5), (W, 1)])
    g.step(A.FT_MISS)
    assert g.off == HOME and stat(g, AWAY, 1, FTA) == 1


def test_foul_trouble_playing_it_safe_lowers_defense_and_grade_0_loses_automatically():
    g = game_at(slot=1, zone="2B")
    j = g.team_state[HOME].lineup[1]
    g.team_state[HOME].safe[j] = True
    g.player(HOME, 1).dfn = (None, 1, 0, 0)
    set_cell(g.player(AWAY, 1), 2, 2, 2, "N")
    run(g, play(1, 6, 2, 2, 4))
    assert g.team_state[AWAY].pts == 2


def test_foul_trouble_playing_it_safe_lowers_the_double_team_helpers_grade_too():
    """Foul Trouble: "defensive ratings reduced by 1 in all levels" applies to a helper on a double
    team as well (Man-to-Man: the second defender's grade then counts at least 1)."""
    def total(safe_helper, helper_grade):
        g = game_at(slot=4, zone="1B", off=HOME, double=[-1, 4], helper=[-1, 1])  # Boston doubles KAJ with Ford
        ford = g.team_state[AWAY].lineup[1]
        g.team_state[AWAY].safe[ford] = safe_helper
        g.player(AWAY, 1).dfn = (None, helper_grade, 0, 0)
        set_cell(g.player(AWAY, 4), 4, 2, 2, ".")
        g.source = ScriptedSource([(R, 3), (B, 2), (O, 2), (K, 2), (W, 4)])
        g._play()
        return texts(g)
    assert "vs Dave Cowens 8" in total(False, 3)  # red 3 + Cowens 2 + Ford 3
    assert "vs Dave Cowens 7" in total(True, 3)  # Ford plays it safe: 2
    assert "vs Dave Cowens 6" in total(True, 1)  # 1 - 1 = 0 counts as the minimum 1


def test_milk_the_clock_player_1_holds_in_level_3():
    g = game_at(slot=1, zone="2B", clock=55)
    g.phase, g.ctx, g.milk = "poss", {"offense": "milk", "defense": "defense"}, "3C"
    g.team_state[0].defense_mode, g.team_state[1].defense_mode = ["man", "man"]
    g._setup()
    assert g.handler == 0 and g.zone == "3C" and g.clock == 55 and g.phase == "hold"  # in place of the setup play
    g._advance()
    assert g.decision.kind == "hold" and g.decision.legal == (A.HOLD[5], A.HOLD[10], A.HOLD[15])
    g._hold(15)  # what g.step(A.HOLD[15]) applies, before the next play
    assert g.clock == 55 - 15 and g.shot_clock == 24 - 15


def test_kick_it_out_level_1_winner_passes_out_to_level_3():
    g = game_at(slot=4, zone="1B", kick_until=[-1, 0])
    g.source = ScriptedSource(play(6, 1, 4, 2, 2))
    g._play()
    assert g.zone == "3C" and g.handler == 1 and g.passer == 4


def test_3_point_offense_everyone_uses_the_position_1_three_point_grid():
    g = game_at(slot=1, zone="2B", three_pt=True)
    g.phase, g.ctx = "poss", {"offense": "three_point_offense", "defense": "defense"}
    g.three_pt = True
    g.source = ScriptedSource([(O, 1), (K, 1), (W, 5)])
    g._setup()
    assert g.zone[0] == "3"


def test_additional_strategies_only_in_the_last_minute_when_behind_by_10_or_fewer():
    la, bos = sample_teams()
    g = FourthStreetEngine(la, bos, SeededSource(5))
    play_default(g, stop=lambda g: g.decision is not None and g.decision.kind == "offense")
    assert A.THREE_PT not in g.decision.legal
    d = g.decision
    g.period, g.clock = 4, 50
    g.team_state[d.side].pts, g.team_state[1 - d.side].pts = 90, 95
    g.decision = None
    g.ctx = {}
    g._advance()
    assert A.THREE_PT in g.decision.legal


# ---------------------------------------------------------------- Game clock
def test_game_clock_quarters_and_overtime_until_there_is_a_winner():
    from coachgym.core.coach import RandomCoach
    from coachgym.core.match import play_game

    la, bos = sample_teams()
    g = FourthStreetEngine(la, bos, SeededSource(11))
    play_game(g, RandomCoach(1), RandomCoach(2))
    ends = [e for e in g.log if e.kind == "period_end"]
    assert len(ends) >= 4 and g.period == len(ends)
    assert g.team_state[0].pts != g.team_state[1].pts
    mins = [sum(p.stats["min"] for p in t.players) for t in g.box_score().teams]
    total = 48 * 5 + (g.period - 4) * 25
    assert all(abs(m - total) <= 6 for m in mins)
