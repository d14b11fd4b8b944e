"""Rule tests, the advanced options: home court advantage, the pre-1986 3-point rule, "attempting
3-pointer", intentional fouls (three dice) and "Roll 8-sided die first" (the extra-number options 1/2
and "No Point Guard in Game" are in test_rules_ballhandler.py)."""

from coachgym.rules.valueadd import actions as A
from coachgym.rules.valueadd.cards import FOULED, MADE2, MADE3, MISSED2, MISSED3, parse_card
from coachgym.rules.valueadd.engine import three_point_table

from .fixtures import AWAY, HOME, card, chart, events, fouls, ft, game, game_at, play, roll, stat, team

TO = roll(1, 41, 1)
FOULER_H = team("Home", [card("Home 1", point_guard=True, foul="33-36")])


def at(box, script, turn=0, **kw):
    return game_at(box, script, turn, **kw)


# ------------------------------------------------------------------ home court
def test_home_court_36_when_away_has_ball_is_turnover():
    """'36 when away team has the ball is a turnover rather than a foul': "they lose the ball out of bounds
    after being bumped by the home team defender but getting no call from the referee. Record 0 points
    for that away team possession, and home team gets the ball."
    """
    g = game(roll(1, 36, 5), home=FOULER_H, home_court=True)
    play(g)
    assert g.score == (20, 20) and fouls(g, HOME, 0) == 1 and stat(g, AWAY, 0, "TO") == 1
    assert g.turn == 1


def test_home_court_36_home_ball_and_neutral_court_unchanged():
    """The 36 rule is for the visitor only, and only "If using the home court advantage"."""
    g = game(roll(1, 36, 5) + ft(1), home=FOULER_H)
    play(g)
    assert fouls(g, HOME, 0) == 2 and g.score == (20, 23)
    away = team("Away", [card("Away 1", point_guard=True, foul="33-36")])
    g = game(TO + roll(1, 36, 5) + ft(1), away=away, home_court=True)
    play(g), play(g)
    assert fouls(g, AWAY, 0) == 2 and g.score == (23, 20)


def test_home_court_66_home_made_basket_plus_free_throw():
    """'66 when home team has ball, false foul called on defender': "If the home player makes a basket on
    the 1-20 die, then the basket is still good but the referee calls a mistaken foul on the defender to
    also give him a foul shot."
    """
    g = game(TO + roll(2, 66, 5) + ft(1), home_court=True)
    play(g), play(g)
    assert g.score == (23, 20) and fouls(g, AWAY, 1) == 2 and stat(g, HOME, 1, "FTA") == 1


def test_home_court_66_home_missed_shot_two_or_three_free_throws():
    """"If the home player with the ball misses a shot then the referee incorrectly calls a foul on the
    defender, and the home player gets either 2 or 3 shots depending on if he missed a 2-point shot or
    3-point shot."
    """
    g = game(TO + roll(2, 66, 16) + ft(1, 1), home_court=True)
    play(g), play(g)
    assert stat(g, HOME, 1, "FTA") == 2 and g.score == (22, 20) and fouls(g, AWAY, 1) == 2
    g = game(TO + roll(2, 66, 12) + ft(1, 1, 1), home_court=True)
    play(g), play(g)
    assert stat(g, HOME, 1, "FTA") == 3 and g.score == (23, 20)


def test_home_court_66_drawn_foul_unchanged():
    """"If the 20-sided die results in the home player getting foul shots, then there is no change from the
    roll due to the roll of 66." - one foul, two shots."""
    g = game(TO + roll(2, 66, 9) + ft(1, 1), home_court=True)
    play(g), play(g)
    assert stat(g, HOME, 1, "FTA") == 2 and fouls(g, AWAY, 1) == 2 and g.score == (22, 20)


def test_home_court_66_away_ball_unchanged():
    """The 66 whistle is for the home team only: the visitor's 66 reads the 20-sided die."""
    g = game(roll(2, 66, 5), home_court=True)
    play(g)
    assert g.score == (20, 22) and not events(g, "foul")


# ------------------------------------------------------------------ pre-1986 threes
def pre86_away(c3: str, c2: str, c_extra=()):
    center = card("Away 5", extra=list(c_extra),
                  shot={"made3": c3, "made2": c2, "fouled": "9-10", "missed3": "11-13", "missed2": "14-19"})
    return team("Away", [None, None, None, None, center])


def test_pre_1986_center_threes_become_twos():
    """'Advanced rule for 3-point shots for players 1986 or earlier': "make all shots by the team's center
    2-pointers"."""
    g = game(roll(5, 55, 1), away=pre86_away("1-2", "3-8"), pre_1986_threes=True)
    play(g)
    assert g.score == (20, 22) and stat(g, AWAY, 4, "3PM") == 0
    g = game(roll(5, 55, 1), away=pre86_away("1-2", "3-8"))
    play(g)
    assert g.score == (20, 23)


def test_pre_1986_center_1_1_adds_one_three_to_shooting_guard():
    """"If center's 3-pt made was 1-1 change that to a 2-point shot, but add one Made 3-pointer number if
    8-sided die roll was "2" roll (shooting guard)" (the SG's 1-2 becomes 1-3; the PG is unchanged)."""
    away = pre86_away("1", "2-8")
    g = game(roll(2, 55, 3) + TO + roll(1, 55, 3), away=away, pre_1986_threes=True)
    play(g)
    assert g.score == (20, 23)
    play(g), play(g)
    assert g.score == (20, 25)


def test_pre_1986_center_1_2_adds_one_three_to_pg_and_sg():
    """"If center's 3-pt made was 1-2, change those to 2-point shot, and add one 3-pt made on "1" or "2"
    roll to PG or SG."
    """
    away = pre86_away("1-2", "3-8")
    g = game(roll(1, 55, 3) + TO + roll(2, 55, 3) + TO + roll(2, 55, 4), away=away, pre_1986_threes=True)
    play(g)
    assert g.score == (20, 23)
    play(g), play(g)
    assert g.score == (20, 26)
    play(g), play(g)
    assert g.score == (20, 28)  # only one number added: a 4 is a made 2


def test_pre_1986_center_1_3_adds_two_to_sg_one_to_pg():
    """"If center's 3-pt made was 1-3 or higher change those all to a 2-point shot, and add two 3-pt made
    on "2" to SG and add one on "1" to PG."
    """
    away = pre86_away("1-3", "4-8")
    g = game(roll(2, 55, 4) + TO + roll(1, 55, 4) + TO + roll(1, 55, 3), away=away, pre_1986_threes=True)
    play(g)
    assert g.score == (20, 23)
    play(g), play(g)
    assert g.score == (20, 25)
    play(g), play(g)
    assert g.score == (20, 28)


def test_pre_1986_center_with_7_or_8_adds_three_to_holder_of_6():
    """"If the center also gets the ball on an extra 8-sided roll (7 or 8) then add a 3ptM number to
    whoever gets the ball on an 8-sided die roll of "6."" (option 1: the SG prints 6, the C prints 7)."""
    away = pre86_away("1", "2-8", c_extra=(7,))
    away.players[1].extra = (6,)
    g = game(roll(6, 55, 3), away=away, pre_1986_threes=True, extra_numbers=1)
    play(g)
    assert g.score == (20, 23) and stat(g, AWAY, 1, "3PM") == 1


# ------------------------------------------------------------------ attempting 3-pointers
def shot_card(made3: str, made2: str, rest_from: int):
    lo = rest_from
    return parse_card(card("X", shot={"made3": made3, "made2": made2, "fouled": f"{lo}-{lo}",
                                      "missed3": f"{lo + 1}-{lo + 1}", "missed2": f"{lo + 2}-19"}), "t", "")


def ranges(table):
    return [r for r in range(1, 20) if table[r] == MADE3], [r for r in range(1, 20) if table[r] == MADE2]


def test_three_point_mode_markus_howard_1_4_5_7_becomes_1_5_6():
    """'Call "attempting 3-pointer" before roll to increase range': "first increase Howard's made 3-point
    range one to 1-5, then lower the top of the made 2-point range from 7 to 6 to leave him with only a 6
    for a made 2-pointer."
    """
    t = three_point_table(shot_card("1-4", "5-7", 8))
    assert ranges(t) == ([1, 2, 3, 4, 5], [6]) and t[7] == MISSED2


def test_three_point_mode_1_4_5_8_becomes_1_6_no_twos():
    """"If his made 2-point range had been 5-8, then he could have subtracted two from the 8 to lower it to
    6 to make his adjusted 3-point card 1-6 made 3-pointer with no made 2-pointers."
    """
    t = three_point_table(shot_card("1-4", "5-8", 9))
    assert ranges(t) == ([1, 2, 3, 4, 5, 6], []) and t[7] == t[8] == MISSED2


def test_three_point_mode_1_2_3_9_becomes_1_4_5_7():
    """"if a player had a 1-2 made 3-pointer and made 2-pointer of 3-9, he could only double the 3-point
    range to add two numbers and make it a 1-4 range ... so that player would end up with 1-4 and 5-7."
    and "The numbers changed from made 2-pointer become missed 2-pointers. The ranges for fouls drawn and
    other missed shots are not affected."
    """
    t = three_point_table(shot_card("1-2", "3-9", 10))
    assert ranges(t) == ([1, 2, 3, 4], [5, 6, 7]) and t[8] == t[9] == MISSED2
    assert t[10] == FOULED and t[11] == MISSED3 and t[12] == MISSED2


def test_three_point_mode_called_by_offense_changes_the_roll():
    """'Call "attempting 3-pointer" before roll': the base card 1-2/3-8 shoots 1-4/5-6 - a 4 is a made 3,
    a 7 a missed 2."""
    g = game(roll(1, 55, 4) + TO + roll(1, 55, 7))
    g.step(A.PLAY)
    g.step(A.THREE_POINT_MODE)
    g.step(A.PLAY)
    assert g.score == (20, 23) and events(g, "three_point_mode")
    play(g), play(g)  # box 43: the call lasts; the miss goes to the named defender
    assert g.score == (20, 23) and stat(g, AWAY, 0, "FGA") == 2


# ------------------------------------------------------------------ intentional fouls
def test_intentional_foul_only_in_last_nine():
    """'ADVANCED GAME OPTION - Roll only 3 dice (skip 20-sided) to intentionally foul': "If a team wants to
    try to create extra possessions to catch up in the last nine possessions of the game"
    """
    g = at(10, TO + TO)
    assert A.INTENTIONAL_FOUL not in g.decision.legal
    play(g), play(g)
    assert g.box == 9 and A.INTENTIONAL_FOUL in g.decision.legal


def test_intentional_foul_three_dice_two_free_throws_and_extra_possession():
    """"they set aside the 20-sided die and roll the other three. The result of this roll is almost always
    a foul with the player who gets the ball on the 8-sided die shooting two free throws" (and, a foul
    in the last nine, the bottom half)."""
    g = at(9, roll(3, 55) + ft(1, 20) + chart(11, 1))
    n = len(g.source.requests)
    g.step(A.INTENTIONAL_FOUL)
    g.step(A.PLAY)
    assert g.source.requests[n:n + 3] == ["d8 ballhandler", "d6 tens", "d6 ones"]
    assert g.source.requests[n + 3] == "d20 free throw"
    assert fouls(g, HOME, 2) == 2 and stat(g, AWAY, 2, "FTA") == 2 and g.score == (20, 21)
    assert g.extra_box and events(g, "extra_possession")


def test_intentional_foul_block_roll_is_still_a_foul():
    """"The result of this roll is almost always a foul" - a block roll against a shot-blocker fouls."""
    home = team("Home", [card("Home 1", point_guard=True, block="21-26 (32 all)")])
    g = at(9, roll(1, 22) + ft(1, 1), home=home)
    g.step(A.INTENTIONAL_FOUL)
    g.step(A.PLAY)
    assert not events(g, "block") and fouls(g, HOME, 0) == 2 and g.score == (20, 22)


def test_intentional_foul_turnover_41_46_creates_extra_possession():
    """"However, if the results of the roll of the 11-66 dice is either a turnover in the 41-46 range ...
    then the team forces a turnover AND creates the extra possession" - "the turnover creates the extra
    possession only when this strategy is being used and not in normal play"."""
    g = at(9, roll(1, 41) + TO)
    before = stat(g, AWAY, 0, "TO")
    g.step(A.INTENTIONAL_FOUL)
    g.step(A.PLAY)
    assert stat(g, AWAY, 0, "TO") == before + 1 and fouls(g, HOME, 0) == 1 and g.score == (20, 20)
    assert not events(g, "free_throw")
    play(g)
    assert (g.box, g.half, g.turn) == (9, 1, 0)


def test_intentional_foul_steal_11_16_or_31_creates_extra_possession():
    """"or a steal in the 11-16 or 31 range (see explanations below) then the team forces a turnover AND
    creates the extra possession just as would happen on any other steal or foul" - even without a fast
    break."""
    home = team("Home", [card("Home 1", point_guard=True, steal="11-13"), None, None, None,
                         card("Home 5", steal="11-20")])
    for r, k in ((12, 0), (31, 4)):
        g = at(9, roll(1, r) + TO, home=home)
        before = stat(g, HOME, k, "STL")
        g.step(A.INTENTIONAL_FOUL)
        g.step(A.PLAY)
        assert stat(g, HOME, k, "STL") == before + 1 and not events(g, "free_throw")
        if g.decision.kind == "fast_break":
            g.step(A.NORMAL_AFTER_STEAL)
        play(g)
        assert (g.box, g.half, g.turn) == (9, 1, 0), r


# ------------------------------------------------------------------ 8-sided die first
def test_d8_first_only_in_last_four_possessions():
    """'ADVANCED GAME OPTION – Roll 8-sided die first, then others': "can choose to roll the 8-sided dice
    first at any point in the last four possessions of the game."
    """
    g = at(5, TO + TO)
    g.step(A.PLAY)
    assert g.decision.kind == "offense_menu" and A.D8_FIRST not in g.decision.legal
    g.step(A.PLAY)
    play(g)
    assert g.box == 4
    g.step(A.PLAY)
    assert A.D8_FIRST in g.decision.legal


def test_d8_first_then_shoot_rolls_other_three_dice():
    """"If the team wants that player to try to score they then roll the other three dice to determine the
    result just as they would have under the scenarios above."
    """
    g = at(4, [("d8", 2)] + [("tens", 5), ("ones", 5), ("d20 offensive", 1)])
    g.step(A.PLAY)
    g.step(A.D8_FIRST)
    assert g.decision.kind == "d8_choice" and set(g.decision.legal) == {A.SHOOT, A.KEEP_PASSING}
    assert g.source.requests[-1] == "d8 ballhandler"
    g.step(A.SHOOT)
    assert stat(g, AWAY, 1, "3PM") == 1 and g.score == (20, 23)


def test_d8_first_keep_passing_1_5_goes_to_position():
    """"If they choose to keep passing and roll all the dice again, then a roll of 1, 2, 3, 4 or 5 goes to
    the position player regardless of who they wanted to get the ball"
    """
    g = at(4, [("d8", 2)] + roll(4, 55, 5))
    g.step(A.PLAY)
    g.step(A.D8_FIRST)
    g.step(A.KEEP_PASSING)
    assert stat(g, AWAY, 3, "FGM") == 1 and stat(g, AWAY, 1, "FGA") == 0


def test_d8_first_keep_passing_6_8_is_turnover():
    """"If they do not want that player to attempt to score, then roll all four dice again but a 6-8
    becomes a turnover and only a 1,2,3,4 or 5 goes to a player to shoot." - even for a holder of 6."""
    away = team("Away", [None, card("Away 2", extra=[6])])
    g = at(4, [("d8", 1)] + roll(6, 55, 5), away=away)
    g.step(A.PLAY)
    g.step(A.D8_FIRST)
    g.step(A.KEEP_PASSING)
    assert events(g, "shot_clock") and g.score == (20, 20) and stat(g, AWAY, 1, "FGA") == 0


def test_d8_first_lone_die_to_nobody_second_roll_rule():
    """Interpretation (docs section 7): if the lone 8-sided die reaches nobody, "roll all the dice again
    but on the second roll players can only get the ball on a 1-5" applies at once."""
    g = at(4, [("d8", 7)] + roll(8, 55, 5))
    g.step(A.PLAY)
    g.step(A.D8_FIRST)
    assert events(g, "no_ballhandler") and events(g, "shot_clock") and g.score == (20, 20)
