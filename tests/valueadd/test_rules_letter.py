"""Value Add held to the letter (issue 15 part 4): "Missed 2-pointer - gets three free throws", printed
twice, as the option ``missed_two_free_throws=3``; the documented reading (two) stays the default,
and the home whistle and the stick back keep their own texts' two shots under either setting."""

import pytest

from coachgym.core.errors import ConfigError
from coachgym.rules.valueadd import actions as A
from coachgym.rules.valueadd.options import ValueAddOptions

from .fixtures import AWAY, HOME, card, ft, game, play, roll, stat, team

FOULER = team("Home", [card("Home 1", point_guard=True, foul="33-36")])


def test_6_33_36_missed_2_pointer_two_free_throws_by_default():
    g = game(roll(1, 33, 16) + ft(1, 2), home=FOULER)
    play(g)
    assert stat(g, AWAY, 0, "FTA") == 2 and g.score == (20, 22) and stat(g, AWAY, 0, "FGA") == 0


def test_6_33_36_missed_2_pointer_gets_three_free_throws_by_the_letter():
    """"Missed 2-pointer - gets three free throws, the shot is missed but it does not count as a
    missed shot" (option missed_two_free_throws=3)."""
    g = game(roll(1, 33, 16) + ft(1, 15, 2), home=FOULER, missed_two_free_throws=3)
    play(g)
    assert stat(g, AWAY, 0, "FTA") == 3 and stat(g, AWAY, 0, "FTM") == 2 and g.score == (20, 22)
    assert stat(g, AWAY, 0, "FGA") == 0


def test_6_home_whistle_on_a_missed_2_stays_two_shots_by_the_letter():
    """Home court: "either 2 or 3 shots depending on if he missed a 2-point shot or 3-point shot"."""
    to = roll(1, 41, 1)
    g = game(to + roll(2, 66, 16) + ft(1, 1), home_court=True, missed_two_free_throws=3)
    play(g), play(g)
    assert stat(g, HOME, 1, "FTA") == 2 and g.score == (22, 20)


def test_6_stick_back_fouled_stays_two_shots_by_the_letter():
    """Stick back: "it only gets two free throws for being fouled on a 2-point shot"."""
    from .test_rules_fastbreak import OREB
    home = team("Home", [None, None, None, None, card("Home 5", foul="33-36")])
    g = game(OREB + roll(5, 33, 12) + ft(1, 1), home=home, missed_two_free_throws=3)
    play(g)
    g.step(A.STICK_BACK)
    assert stat(g, AWAY, 4, "FTA") == 2 and g.score == (20, 22)


def test_6_missed_two_free_throws_option_is_validated():
    with pytest.raises(ConfigError, match="missed_two_free_throws.*2 or 3"):
        ValueAddOptions(missed_two_free_throws=4).validate()
