"""FUBA held to the letter (issue 15 part 4): A9's red card test, which the slowing-play test scripted
but never checked. A9: "If the result is lower than current game time the team gets a yellow card for
deliberately delaying the restart, see chapter 5.6. The team must also then make a red card test."
5.6.2: a red card when the die is lower than the team's yellow cards; two yellows are discarded for
the red (one on a die of 1)."""

from __future__ import annotations

from .helpers import AWAY
from .test_rules_advanced import slowed_restart


def test_a9_slowing_play_yellow_card_then_a_red_card_test_sends_a_player_off():
    g = slowed_restart(red_die=2, yellows=2)  # third yellow; 2 < 3: a red card
    assert g.red[AWAY] == 1 and g.stats[AWAY]["red"] == 1 and g.yellow[AWAY] == 1  # two yellows discarded
    assert g.decision.kind == "remove" and g.decision.side == AWAY  # a player must leave at once


def test_a9_slowing_play_red_card_test_on_a_first_yellow_is_still_made():
    """A9 makes the test even on the team's first yellow: a die lower than 1 is impossible, so no red."""
    g = slowed_restart(red_die=1, yellows=0)
    assert g.yellow[AWAY] == 1 and g.red[AWAY] == 0
    assert any(e.kind == "red_test" for e in g.log.events)


def test_a9_slowing_play_red_card_test_passed_with_a_high_die():
    g = slowed_restart(red_die=6, yellows=2)
    assert g.red[AWAY] == 0 and g.yellow[AWAY] == 3
