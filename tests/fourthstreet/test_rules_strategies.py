"""Rule tests for the coaching choices of "Additional Strategies" (milk the clock: how long to hold;
kick it out: stopping early and the 3-minute limit) and for the Shots passage on fouls: "a bonus
or double-bonus situation" (Season Rules, data/season_1980_nba.json "penalty_levels")."""

from __future__ import annotations

import json

import pytest

from coachgym.core.chance import ScriptedSource, SeededSource
from coachgym.core.engine import AWAY, HOME, Engine
from coachgym.core.errors import SavedGameError
from coachgym.rules.fourthstreet import actions as A
from coachgym.rules.fourthstreet.court import PENALTY_LEVELS, SEASON
from coachgym.rules.fourthstreet.engine import FTA, FTM, PF, PTS

from .conftest import B, K, O, R, W, events, game_at, play, set_cell, stat, step


def _milk_setup(g, zone="3B", dmode=("man", "man")):
    g.phase, g.ctx, (g.team_state[0].defense_mode, g.team_state[1].defense_mode), g.milk = "poss", {"offense": "milk", "defense": "defense"}, list(dmode), zone
    return g


def _hold_legal(g):
    g.decision = None
    g.source = ScriptedSource([])
    g._advance()
    assert g.decision.kind == "hold" and g.decision.side == g.off
    return g.decision.legal


# ---------------------------------------------------------------- Milk the Clock: "hold the ball for up to 15 seconds"
def test_milk_the_clock_hold_up_to_15_seconds_the_offense_chooses_5_10_or_15():
    for sec in (5, 10, 15):
        g = _milk_setup(game_at(clock=50))
        step(g, [], "_setup")  # no dice: player ① takes the ball in the chosen zone, in place of the setup play
        assert g.phase == "hold" and g.handler == 0 and g.zone == "3B" and g.clock == 50
        assert _hold_legal(g) == (A.HOLD[5], A.HOLD[10], A.HOLD[15])
        g._hold(sec)
        assert g.clock == 50 - sec and g.shot_clock == SEASON["shot_clock"] - sec and g.phase == "play"
        assert events(g, "hold")[-1].data["sec"] == sec


def test_milk_the_clock_hold_decision_through_the_calls_then_player_1_plays():
    g = game_at(period=2, clock=40)
    g.decision, g.ctx, g.phase, g.dead, (g.team_state[0].subs_open, g.team_state[1].subs_open) = None, {}, "poss", False, [False, False]
    g.source = ScriptedSource([], SeededSource(3))
    g._advance()
    assert g.decision.kind == "offense" and A.MILK["3D"] in g.decision.legal
    g.step(A.MILK["3D"])
    g.step(A.DEF_MAN[0])
    assert g.decision.kind == "hold" and g.decision.side == AWAY
    g.source = ScriptedSource(play(6, 1, 2, 2, 4), SeededSource(3))
    set_cell(g.player(AWAY, 0), 3, 2, 2, "N")
    g.step(A.HOLD[10])
    assert g.team_state[AWAY].pts == 3 and stat(g, AWAY, 0, PTS) == 3  # ① shoots from 3D after holding 10 seconds
    assert "holds the ball 10 seconds in 3D" in events(g, "hold")[-1].text


def test_milk_the_clock_against_the_press_advance_then_hold_0_or_5_more():
    g = _milk_setup(game_at(clock=55), "3C", ("press", "man"))
    step(g, [(R, 5), (B, 1), (W, 2)], "_setup")  # Boston (red) beats the press: 10 seconds
    assert g.clock == 45 and g.phase == "hold"
    assert _hold_legal(g) == (A.HOLD[0], A.HOLD[5])
    g._hold(0)
    assert g.clock == 45 and g.phase == "play" and g.handler == 0 and g.zone == "3C"


def test_milk_the_clock_respects_the_game_clock_a_longer_hold_runs_the_period_out():
    g = _milk_setup(game_at(period=4, clock=8))
    step(g, [], "_setup")
    assert _hold_legal(g) == (A.HOLD[5], A.HOLD[10])  # 15 would play exactly like 10: not offered
    g._hold(10)
    assert g.clock == 0
    g.source = ScriptedSource([])
    g._play()
    assert g.phase == "endperiod" and [ts.pts for ts in g.team_state] == [g.team_state[0].pts, g.team_state[1].pts]
    g = _milk_setup(game_at(period=1, clock=4))
    step(g, [], "_setup")
    g.decision = None
    g.source = ScriptedSource([], SeededSource(2))
    g._advance()  # one choice only (the clock runs out either way): applied by the engine
    assert events(g, "hold")[-1].data["sec"] == 5 and g.period == 2


def test_milk_the_clock_respects_the_shot_clock():
    g = _milk_setup(game_at(clock=50))
    step(g, [], "_setup")
    g.shot_clock = 11
    assert _hold_legal(g) == (A.HOLD[5], A.HOLD[10])  # 1 second is left to act
    g.shot_clock = 6
    g.decision = None
    g.source = ScriptedSource([], SeededSource(2))
    g._advance()  # a single choice (5 seconds) is forced
    assert events(g, "hold")[-1].data["sec"] == 5


# ---------------------------------------------------------------- Kick it Out: "once each period for up to 3 consecutive minutes"
def _offense_call(g):
    g.decision, g.ctx, g.phase, g.dead, (g.team_state[0].subs_open, g.team_state[1].subs_open) = None, {}, "poss", False, [False, False]
    g.source = ScriptedSource([])
    g._advance()
    assert g.decision.kind == "offense"
    return g.decision.legal


def test_kick_it_out_the_coach_can_stop_kicking_it_out_early():
    g = game_at(clock=600)
    legal = _offense_call(g)
    assert A.KICK in legal and A.KICK_STOP not in legal
    g = game_at(clock=560, kick_until=[-1, 420], kick_used=[False, True])
    legal = _offense_call(g)
    assert A.KICK_STOP in legal and A.KICK not in legal
    g.step(A.KICK_STOP)
    assert g.team_state[AWAY].kick_until == -1 and g.decision.kind == "offense"  # the call goes on
    assert A.KICK_STOP not in g.decision.legal and A.KICK not in g.decision.legal  # once each period
    assert "stop kicking it out" in events(g, "strategy")[-1].text
    # a Level 1 winner now shoots instead of kicking it out
    g = game_at(slot=4, zone="1B", clock=505, kick_until=[-1, -1])
    set_cell(g.player(AWAY, 4), 1, 4, 2, "N")
    step(g, play(6, 1, 4, 2, 2))
    assert g.team_state[AWAY].pts == 2


def test_kick_it_out_ends_by_itself_after_3_minutes():
    g = game_at(clock=600, kick_until=[-1, -1])
    _offense_call(g)
    g.step(A.KICK)
    assert g.team_state[AWAY].kick_until == 600 - 180
    g = game_at(clock=420, kick_until=[-1, 420], kick_used=[False, True])
    legal = _offense_call(g)
    assert A.KICK_STOP not in legal and g.team_state[AWAY].kick_until == -1
    assert "kick it out ends (3 minutes)" in events(g, "strategy")[-1].text
    g = game_at(clock=425, kick_until=[-1, 420], kick_used=[False, True])
    assert A.KICK_STOP in _offense_call(g)  # 5 seconds left of the 3 minutes


# ---------------------------------------------------------------- Shots: "a bonus or double-bonus situation"
def _shoot(g, makes):
    """Shoot the pending free throws: True = orange 3 + black 4 (a made 'N' at 7), False = 6 + 6 (a miss at 12)."""
    shooter = g.ctx["shooter"]
    p = g.teams[g.off].players[shooter]
    p.ft[7], p.ft[12] = "N", "."
    g.windows = []
    for made in makes:
        assert g.phase == "ft"
        g.source = ScriptedSource([(O, 3), (K, 4), (W, 6)] if made else [(O, 6), (K, 6), (W, 6)])
        g._phase_ft()
        assert g.source.remaining == 0
    return shooter


def test_bonus_and_double_bonus_levels_are_season_data():
    assert [lv[5] for lv in PENALTY_LEVELS] == ["bonus", "double bonus"]
    assert PENALTY_LEVELS[0][:5] == (4, 3, 1, 2, 2) and PENALTY_LEVELS[1][:5] == (8, 6, 2, 3, 2)


def test_bonus_non_shooting_foul_two_shots_both_taken():
    g = game_at(slot=1, zone="2B", team_fouls=[4, 0])
    set_cell(g.player(HOME, 1), 4, 2, 2, "F")
    step(g, play(1, 6, 2, 2, 5))
    assert g._penalty_level(HOME) == 1 and g.ctx["left"] == 2 and "need" not in g.ctx
    assert "bonus, two shots" in events(g, "foul")[-1].text
    i = _shoot(g, [True, True])
    assert g.team_state[AWAY].stats[i][FTA] == 2 and g.team_state[AWAY].stats[i][FTM] == 2 and g.off == HOME and g.phase == "poss"


def test_double_bonus_non_shooting_foul_three_shots_to_make_two():
    g = game_at(slot=1, zone="2B", team_fouls=[8, 0])
    set_cell(g.player(HOME, 1), 4, 2, 2, "F")
    step(g, play(1, 6, 2, 2, 5))
    assert g.team_state[HOME].team_fouls == 9 and g._penalty_level(HOME) == 2
    assert g.ctx["left"] == 3 and g.ctx["need"] == 2
    assert "double bonus, three shots to make two" in events(g, "foul")[-1].text
    i = _shoot(g, [True, True])  # made two: the third is not shot
    assert g.team_state[AWAY].stats[i][FTA] == 2 and g.team_state[AWAY].stats[i][FTM] == 2 and g.phase == "poss" and g.off == HOME


def test_double_bonus_three_to_make_two_a_miss_gives_the_third_attempt():
    g = game_at(slot=1, zone="2B", team_fouls=[8, 0])
    set_cell(g.player(HOME, 1), 4, 2, 2, "F")
    step(g, play(1, 6, 2, 2, 6))
    i = _shoot(g, [False, True, True])
    assert g.team_state[AWAY].stats[i][FTA] == 3 and g.team_state[AWAY].stats[i][FTM] == 2 and g.off == HOME
    g = game_at(slot=1, zone="2B", team_fouls=[8, 0])
    set_cell(g.player(HOME, 1), 4, 2, 2, "F")
    step(g, play(1, 6, 2, 2, 4))
    i = _shoot(g, [True, False, False])
    assert g.team_state[AWAY].stats[i][FTA] == 3 and g.team_state[AWAY].stats[i][FTM] == 1 and g.phase == "rebound"


def test_double_bonus_last_two_minutes_and_overtime_thresholds():
    g = game_at(slot=1, zone="2B", team_fouls=[2, 0], late_fouls=[1, 0], clock=100)
    assert g._penalty_level(HOME) == 0
    g.team_state[0].late_fouls, g.team_state[1].late_fouls = [2, 0]
    assert g._penalty_level(HOME) == 1  # the 2nd foul in the last two minutes: the bonus
    g.team_state[0].late_fouls, g.team_state[1].late_fouls = [3, 0]
    assert g._penalty_level(HOME) == 2  # the 3rd: the double bonus
    g = game_at(period=5, clock=200, team_fouls=[4, 0])
    assert g._penalty_level(HOME) == 1
    g.team_state[0].team_fouls, g.team_state[1].team_fouls = [7, 0]
    assert g._penalty_level(HOME) == 2


def test_double_bonus_press_foul_and_desperation_foul_three_shots_to_make_two():
    g = game_at(clock=300, team_fouls=[8, 0])
    g.phase, g.ctx, (g.team_state[0].defense_mode, g.team_state[1].defense_mode) = "poss", {"offense": "setup", "defense": "defense"}, ["press", "man"]
    step(g, [(R, 1), (B, 5), (W, 3), (W, 1)], "_setup")  # the press wins, white 1: a foul by ③
    assert g.phase == "ft" and g.ctx["left"] == 3 and g.ctx["need"] == 2 and stat(g, HOME, 2, PF) == 1
    g = game_at(period=4, clock=50, team_fouls=[4, 0])
    g.phase, g.ctx, (g.team_state[0].defense_mode, g.team_state[1].defense_mode), g.desperation = "poss", {"offense": "setup", "defense": "desperation"}, ["man", "man"], True
    step(g, [(B, 2)], "_setup")  # the home (blue) die names the fouler
    assert g.phase == "ft" and g.ctx["left"] == 2 and "need" not in g.ctx and stat(g, HOME, 1, PF) == 1


def test_milk_the_clock_hold_and_three_to_make_two_survive_save_and_restore():
    from coachgym.rules.fourthstreet.engine import FourthStreetEngine

    g = _milk_setup(game_at(clock=50), dmode=("press", "man"))
    step(g, [(R, 5), (B, 1), (W, 2)], "_setup")
    _hold_legal(g)
    r = FourthStreetEngine.from_json(g.to_json())
    assert r.phase == "hold" and r.decision.kind == "hold" and r.decision.legal == (A.HOLD[0], A.HOLD[5])
    g = game_at(slot=1, zone="2B", team_fouls=[8, 0])
    set_cell(g.player(HOME, 1), 4, 2, 2, "F")
    step(g, play(1, 6, 2, 2, 5))
    _shoot(g, [True])
    # Between two free throws nobody decides, so a whole-game save cannot be taken here (the saved-game
    # check refuses a game with no pending decision that is not over); the state itself must still
    # carry "three to make two" across a save, for a save taken at any decision inside the sequence.
    with pytest.raises(SavedGameError, match="over"):
        FourthStreetEngine.from_json(g.to_json())
    r = FourthStreetEngine.__new__(FourthStreetEngine)
    Engine.__init__(r, g.source)
    r._state_from_dict(json.loads(json.dumps(g._state_to_dict())))
    assert r.ctx["left"] == 2 and r.ctx["need"] == 1 and r.phase == "ft"
