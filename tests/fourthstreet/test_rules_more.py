"""More rule tests: fouls out, press details, kick it out limits, clocks, periods, injuries."""

from __future__ import annotations

from coachgym.core.chance import ScriptedSource, SeededSource
from coachgym.core.engine import AWAY, HOME
from coachgym.rules.fourthstreet import actions as A
from coachgym.rules.fourthstreet.engine import AVAILABLE, FOULED_OUT, OUT_STOPPAGE, PF, STL, FourthStreetEngine

from .conftest import B, K, O, R, W, game_at, play, play_default, run, sample_teams, set_cell


def test_personal_fouls_six_fouls_disqualify_and_force_a_replacement():
    g = game_at(slot=1, zone="2B")
    j = g.team_state[HOME].lineup[1]
    g.team_state[HOME].stats[j][PF] = 5
    set_cell(g.player(HOME, 1), 4, 2, 2, "F")
    run(g, play(1, 6, 2, 2, 5))
    assert g.team_state[HOME].availability[j] == FOULED_OUT
    assert g.decision.kind == "replace" and g.decision.side == HOME
    g.step(g.decision.legal[0])
    assert j not in g.team_state[HOME].lineup
    # he cannot come back
    assert all(A.ACTIONS[a].get("player") != j for a in g._lineup_legal(HOME))


def test_charging_is_a_personal_foul_but_not_a_team_foul():
    g = game_at(slot=1, zone="2B")
    set_cell(g.player(HOME, 1), 4, 2, 2, "C")
    run(g, play(1, 6, 2, 2, 4))
    assert g.team_state[AWAY].stats[g.team_state[AWAY].lineup[1]][PF] == 1 and g.team_state[AWAY].team_fouls == 0


def test_press_defense_white_1_is_a_foul_by_the_identified_defender():
    g = game_at(slot=1, zone="2B")
    g.phase, (g.team_state[0].defense_mode, g.team_state[1].defense_mode), g.ctx = "poss", ["press", "man"], {"offense": "setup", "defense": "defense"}
    g.source = ScriptedSource([(R, 1), (B, 5), (W, 3), (W, 1)])
    g._setup()
    assert g.team_state[HOME].stats[g.team_state[HOME].lineup[2]][PF] == 1 and g.off == AWAY and g.frontcourt


def test_press_white_6_the_offense_wins_automatically():
    g = game_at(slot=1, zone="2B")
    g.phase, (g.team_state[0].defense_mode, g.team_state[1].defense_mode), g.ctx = "poss", ["press", "man"], {"offense": "setup", "defense": "defense"}
    g.source = ScriptedSource([(R, 1), (B, 6), (W, 6), (O, 3), (K, 2)])
    g._setup()
    assert g.phase == "play" and g.handler == 3  # highest rec: Bird


def test_press_defense_win_white_4_to_6_treated_as_offense_win():
    g = game_at(slot=1, zone="2B")
    g.phase, (g.team_state[0].defense_mode, g.team_state[1].defense_mode), g.ctx = "poss", ["press", "man"], {"offense": "setup", "defense": "defense"}
    g.source = ScriptedSource([(R, 1), (B, 6), (W, 2), (W, 5), (O, 3), (K, 2)])
    g._setup()
    assert g.phase == "play" and g.handler == 1 and g.zone == "2B"
    assert g.team_state[HOME].stats[g.team_state[HOME].lineup[1]][STL] == 0


def test_kick_it_out_once_per_period():
    la, bos = sample_teams()
    g = FourthStreetEngine(la, bos, SeededSource(4))
    play_default(g, stop=lambda g: g.decision is not None and g.decision.kind == "offense")
    side = g.decision.side
    assert A.KICK in g.decision.legal
    g.step(A.KICK)
    play_default(g, stop=lambda g: g.decision is not None and g.decision.kind == "offense" and g.decision.side == side)
    assert A.KICK not in g.decision.legal


def test_3_point_rule_not_in_use_level_3_shots_count_two():
    g = game_at(slot=1, zone="3B", options={"three_point_line": False})
    set_cell(g.player(AWAY, 1), 3, 2, 2, "N")
    run(g, play(6, 1, 2, 2, 4))
    assert g.team_state[AWAY].pts == 2


def test_setup_plays_college_seasons_take_10_seconds():
    g = game_at(slot=1, zone="2B", options={"setup_seconds": 10})
    g.phase, g.ctx = "poss", {"offense": "setup", "defense": "defense"}
    clock = g.clock
    g.source = ScriptedSource([(O, 3), (K, 2), (W, 2)])
    g._setup()
    assert g.clock == clock - 10


def test_game_clock_quarters_two_and_three_go_to_the_team_that_lost_the_tip():
    g = game_at(slot=1, zone="2B", tip_winner=AWAY, clock=0)
    g.phase = "endperiod"
    g._end_period()
    assert g.period == 2 and g.off == HOME and g.clock == 720 and [ts.team_fouls for ts in g.team_state] == [0, 0]
    g.phase = "endperiod"
    g.clock = 0
    g._end_period()
    g.phase = "endperiod"
    g._end_period()
    assert g.period == 4 and g.off == AWAY


def test_game_clock_tied_after_four_quarters_overtime_with_a_centre_jump():
    g = game_at(slot=1, zone="2B", period=4, clock=0, pts=[99, 99])
    g.phase = "endperiod"
    g._end_period()
    assert g.period == 5 and g.clock == 300 and g.phase == "pregame"
    g.source = ScriptedSource([], SeededSource(2))
    g._advance()
    assert g.decision.kind == "lineup"
    play_default(g, stop=lambda g: g.decision is not None and g.decision.kind == "jumper")
    assert g.decision.kind == "jumper"


def test_injuries_out_until_the_next_stoppage_returns_at_the_next_dead_ball():
    """Injury Chart 10-11: "removed until the next play stoppage": not at the stoppage his injury
    caused (he cannot come straight back in the same dead ball), but at the one after it."""
    g = game_at(slot=1, zone="2B")
    j = g.team_state[HOME].lineup[1]
    g.player(HOME, 1).inj = 0
    set_cell(g.player(HOME, 1), 4, 2, 2, "I")
    run(g, play(1, 6, 2, 2, 4) + [(O, 5), (K, 5)])  # 10: until the next stoppage
    assert g.decision.kind == "replace"
    g.step(g.decision.legal[0])  # replaced
    assert j not in g.team_state[HOME].lineup and g.team_state[HOME].availability[j] == OUT_STOPPAGE
    # the dead ball his injury caused: the defense's call offers no substitution bringing him back
    assert g.decision.kind == "offense" and g.decision.side == AWAY
    g.step(A.SETUP)
    assert g.decision.kind == "defense" and g.decision.side == HOME
    assert any(A.ACTIONS[a].kind == "sub" for a in g.decision.legal)
    assert all(A.ACTIONS[a].kind != "sub" or A.ACTIONS[a]["player"] != j for a in g.decision.legal)
    # the setup (Ford in 2B), then the next stoppage: a foul by his replacement, not shooting
    set_cell(g.player(HOME, 1), 4, 3, 3, "F")
    g.source = ScriptedSource([(O, 3), (K, 2), (W, 2)] + play(1, 6, 3, 3, 5))
    g.step(A.DEF_MAN[0])
    assert g.decision.kind == "offense" and g.frontcourt
    g.step(A.SETUP)
    # he may come back now
    assert g.decision.kind == "defense" and g.decision.side == HOME and g.team_state[HOME].availability[j] == AVAILABLE
    assert A.SUB[(1, j)] in g.decision.legal


def test_timeouts_none_left_no_timeout_option():
    la, bos = sample_teams()
    g = FourthStreetEngine(la, bos, SeededSource(8))
    play_default(g, stop=lambda g: g.decision is not None and g.decision.kind == "offense")
    side = g.decision.side
    g.team_state[side].timeouts = 0
    g.decision, g.ctx = None, {}
    g._advance()
    assert g.decision.kind == "offense" and A.TIMEOUT not in g.decision.legal


def test_desperation_defense_not_offered_to_a_leading_team():
    g = game_at(slot=1, zone="2B", period=4, clock=30, pts=[90, 95])
    g.phase, g.ctx, g.decision = "poss", {"offense": "setup"}, None
    g.source = ScriptedSource([])
    g._advance()
    assert g.decision.kind == "defense" and g.decision.side == HOME and A.INTENTIONAL in g.decision.legal
    g = game_at(slot=1, zone="2B", period=4, clock=30, pts=[99, 95])
    g.phase, g.ctx, g.decision = "poss", {"offense": "setup"}, None
    g._advance()
    assert A.INTENTIONAL not in g.decision.legal


def test_assists_setup_after_a_steal_credits_the_stealer():
    from coachgym.rules.fourthstreet.engine import AST

    g = game_at(slot=1, zone="2B")
    set_cell(g.player(HOME, 1), 4, 2, 2, "S")
    set_cell(g.player(HOME, 4), 1, 1, 1, "N")
    # Johnson steals; LA's setup gives KAJ the ball (white 5, grid 5 orange 3 black 2 -> 1C); he scores
    src = run(g, play(1, 6, 2, 2, 4) + [(O, 3), (K, 2), (W, 5)] + play(1, 1, 1, 1, 4))
    play_default(g, stop=lambda g: src.remaining == 0)
    assert g.team_state[HOME].pts == 2 and g.team_state[HOME].stats[g.team_state[HOME].lineup[1]][AST] == 1


def test_zone_alignment_tokens_cover_two_adjacent_zones_never_two_level_3_zones():
    from coachgym.rules.fourthstreet.court import ALIGNMENTS, LEVELS, move

    for name, align in ALIGNMENTS.items():
        assert sorted(align) == [1, 2, 3, 4, 5], name
        for token, zones in align.items():
            assert 1 <= len(zones) <= 2, (name, token)
            if len(zones) == 2:
                a, b = zones
                assert not (a[0] == "3" and b[0] == "3"), (name, token)
                row = LEVELS[int(a[0])]
                same_level = a[0] == b[0] and abs(row.index(a) - row.index(b)) == 1
                reach = {move(a, lat) for lat in (-1, 0, 1)} | {move(b, lat) for lat in (-1, 0, 1)}
                assert same_level or a in reach or b in reach, (name, token, zones)


def test_location_grids_reconstructed_1_and_3_sit_between_the_printed_ones():
    from coachgym.rules.fourthstreet.court import LOCATION

    def share(grid, lv):
        return sum(z[0] == str(lv) for z in LOCATION[grid])

    # Level 1 share falls and Level 3 share rises from the centre out to the point guard
    assert share(5, 1) > share(4, 1) > share(3, 1) > share(2, 1) > share(1, 1)
    assert share(5, 3) < share(4, 3) < share(3, 3) < share(2, 3) <= share(1, 3)
