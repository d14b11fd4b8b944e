"""FUBA held to the letter (issue 15 part 4): A9's red card test, which the slowing-play test scripted
but never checked. A9: "If the result is lower than current game time the team gets a yellow card for
deliberately delaying the restart, see chapter 5.6. The team must also then make a red card test."
5.6.2: a red card when the die is lower than the team's yellow cards; two yellows are discarded for
the red (one on a die of 1)."""

from __future__ import annotations

from .helpers import AWAY, HOME, A, scenario
from .test_rules_advanced import slowed_restart


def test_a9_slowing_play_yellow_card_then_a_red_card_test_sends_a_player_off():
    g = slowed_restart(red_die=2, yellows=2)  # third yellow; 2 < 3: a red card
    assert g.team_state[AWAY].red == 1 and g.team_state[AWAY].stats["red"] == 1 and g.team_state[AWAY].yellow == 1  # two yellows discarded
    assert g.decision.kind == "remove" and g.decision.side == AWAY  # a player must leave at once


def test_a9_slowing_play_red_card_test_on_a_first_yellow_is_still_made():
    """A9 makes the test even on the team's first yellow: a die lower than 1 is impossible, so no red."""
    g = slowed_restart(red_die=1, yellows=0)
    assert g.team_state[AWAY].yellow == 1 and g.team_state[AWAY].red == 0
    assert any(e.kind == "red_test" for e in g.log.events)


def test_a9_slowing_play_red_card_test_passed_with_a_high_die():
    g = slowed_restart(red_die=6, yellows=2)
    assert g.team_state[AWAY].red == 0 and g.team_state[AWAY].yellow == 3


# ---------------------------------------------------------------- 4.7.2 (issue 23): an empty area
def test_4_7_2_target_area_with_no_players_gets_no_reduction():
    """4.7.2 "The ball value is reduced by one if the controlling team has at least twice as many
    players than the defending team in the target area": an area where neither team has a player
    is no such area (the Mezzala skill: "plays the ball into the attacking zone area where neither
    team has players, reduce the ball value"). Engine version 1 gave it -1 (4 -> 2 here)."""
    from coachgym.rules.fuba import board as B

    g = scenario(home=["H-PA", "C", "C", "C"], away=["A-PA", "A-F", "H-F"], ball="C", bv=4, ct=HOME,
                 stage="actions")
    t = g.pass_targets(HOME)
    empty = A("A-NS")
    assert g.raw_count(HOME, empty) == 0 and g.raw_count(AWAY, empty) == 0
    assert t[empty] == 3  # start area 3 v 0: -1; empty target area: no modifier
    assert t[A("C")] == 3 and B.DIST[A("C")][empty] == 1  # the same area: start ignored; 3 v 0: -1


def test_4_7_2_start_area_with_no_players_gets_no_reduction():
    """4.7.2 "The ball value is reduced by one if the controlling team has at least twice as many
    players than the defending team in the start area": the same reading for an empty start area."""
    g = scenario(home=["H-PA", "C", "C", "C"], away=["A-PA", "A-F", "H-F"], ball="A-NS", bv=4, ct=HOME,
                 stage="actions")
    assert g.pass_targets(HOME)[A("C")] == 3  # empty start area: no modifier; target 3 v 0: -1
