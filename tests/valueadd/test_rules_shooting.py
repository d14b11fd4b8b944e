"""Rule tests, shooting and free throws: the 41-46 turnover, the dunk/stop range, the 20-sided die
and its five ranges, 33-36 fouls with the 20-sided result, free throws and the running score
("Look at Offensive Card on rolls of 41-16", "51-66 Dunk", "Read the 20-sided die", "33 - 36
possible foul", "Roll 20-sided die only for each free throw", "Basic result ending by adding 0, 1,
2 or 3"). The base fixture card reads made 3 1-2, made 2 3-8, fouled 9-10, missed 3 11-13, missed 2
14-19, free throws 1-14, turnover 41."""


from coachgym.rules.valueadd import actions as A

from .fixtures import AWAY, HOME, advance_to, card, chart, events, fouls, ft, game, play, roll, skip_to_box, stat, team

FOULER = team("Home", [card("Home 1", point_guard=True, foul="33-36")])


def test_score_starts_20_20_with_44_possessions():
    """'Tracking the running score starting at 20-20': "the game starts with a 20-20 score with 44
    possessions remaining in the game"."""
    g = game([])
    assert g.score == (20, 20) and g.box == 44
    assert g.decision.kind == "defense_menu" and g.decision.side == HOME  # the away team has the ball


def test_turnover_41_46_in_offensive_card_range():
    """'41-46 Turnover': "Look at the right column on the player's card who received the ball ... If
    the roll is within the Turnover range on his card, then he turns the ball over, his team gets 0
    points on the possession, and the other team has the ball."
    """
    away = team("Away", [card("Away 1", point_guard=True, turnover="41-43")])
    g = game(roll(1, 43, 1), away=away)
    play(g)
    assert g.score == (20, 20) and stat(g, AWAY, 0, "TO") == 1
    assert g.turn == 1 and g.decision.side == AWAY  # the home possession's defence menu


def test_turnover_roll_above_range_reads_20_sided_die():
    """'41-46 Turnover': a roll outside the card's turnover range is no turnover."""
    away = team("Away", [card("Away 1", point_guard=True, turnover="41-43")])
    g = game(roll(1, 44, 1), away=away)
    play(g)
    assert stat(g, AWAY, 0, "TO") == 0 and g.score == (20, 23)


def test_d20_made_3_pt_shot():
    """'20-sided roll falls in "made 3-pt shot"': "the player makes a 3-pt shot."
    """
    g = game(roll(1, 55, 2))
    play(g)
    assert g.score == (20, 23) and stat(g, AWAY, 0, "3PM") == 1 and stat(g, AWAY, 0, "FGM") == 1


def test_d20_made_2_pt_shot():
    """'20-sided roll falls in "made 2-pt shot"': "2 pt. - The player makes a 2-pt shot."
    """
    g = game(roll(1, 55, 8))
    play(g)
    assert g.score == (20, 22) and stat(g, AWAY, 0, "3PM") == 0 and stat(g, AWAY, 0, "FGM") == 1


def test_d20_missed_3_pointer_is_rebounded():
    """'Missed 3-pointer': "The player misses a 3-point shot UNLESS the 33-36 roll resulted in a foul"
    (box 44, shaded: the Rebound Chart)."""
    g = game(roll(1, 55, 12) + chart(19, 1))
    play(g)
    assert g.score == (20, 20) and stat(g, AWAY, 0, "3PA") == 1 and stat(g, AWAY, 0, "FGA") == 1
    assert stat(g, HOME, 0, "DREB") == 2 + 1


def test_d20_missed_2_pointer_is_rebounded():
    """'Missed 2-pointer': "The player misses a 2-point shot UNLESS the 33-36 roll resulted in a foul"."""
    g = game(roll(1, 55, 16) + chart(19, 1))
    play(g)
    assert g.score == (20, 20) and stat(g, AWAY, 0, "3PA") == 0 and stat(g, AWAY, 0, "FGA") == 1


def test_d20_fouled_without_33_36_two_free_throws():
    """'Fouled, roll 20-sided for free throws': "The player gets two shots UNLESS the 33-36 free throw
    dice roll was also a foul and it occurred during the first two columns" - here no 33-36, so two
    shots even in box 44 (a miss on the first does not end the trip)."""
    g = game(roll(1, 55, 9) + ft(15, 1))
    play(g)
    assert g.score == (20, 21) and stat(g, AWAY, 0, "FTA") == 2 and stat(g, AWAY, 0, "FTM") == 1
    assert fouls(g, HOME, 0) == 2


def test_foul_33_36_made_3_gets_one_free_throw():
    """'33 - 36 possible foul': ""Made 3-pt shot" – opposing player scores a 3-pointer and gets one free
    throw to try to make it four points for the possession."
    """
    g = game(roll(1, 33, 1) + ft(3), home=FOULER)
    play(g)
    assert g.score == (20, 24) and fouls(g, HOME, 0) == 2
    assert stat(g, AWAY, 0, "FTA") == 1 and stat(g, AWAY, 0, "3PM") == 1


def test_foul_33_36_made_2_gets_one_free_throw():
    """'33 - 36 possible foul': ""Made 2-pt shot" – opposing player scores 2-pointer and gets one free
    throw to try to make it three points for the possession."
    """
    g = game(roll(1, 33, 4) + ft(3), home=FOULER)
    play(g)
    assert g.score == (20, 23) and stat(g, AWAY, 0, "FTA") == 1


def test_foul_33_36_fouled_in_first_two_columns_one_and_one_missed_first():
    """""fouled, roll 20-sided…" – if this occurs in the first two columns on the score sheet then it
    is a 1-and-1 free throw, with the player getting another shot if me makes the first one." - a
    missed first shot ends the trip (box 44: the Rebound Chart)."""
    g = game(roll(1, 33, 9) + ft(18) + chart(11, 1), home=FOULER)
    play(g)
    assert stat(g, AWAY, 0, "FTA") == 1 and g.score == (20, 20)
    assert "one-and-one" in events(g, "free_throw")[0].text
    assert stat(g, HOME, 4, "DREB") == 3 + 1


def test_foul_33_36_fouled_in_first_two_columns_one_and_one_made_first_shoots_second():
    """'Fouled, roll 20-sided for free throws': "then the player gets a 1-and-1 free throw. If he makes
    the first shot he takes a second shot as well."
    """
    g = game(roll(1, 33, 9) + ft(1, 2), home=FOULER)
    play(g)
    assert stat(g, AWAY, 0, "FTA") == 2 and g.score == (20, 22)


def test_foul_33_36_fouled_after_first_two_columns_two_shots():
    """'Fouled, roll 20-sided for free throws': "The player gets two shots UNLESS ... it occurred during
    the first two columns (44 to 22 possession)" - box 15 is in the third column: two shots."""
    g = game(skip_to_box(15) + roll(1, 33, 9) + ft(18, 1), home=FOULER)
    advance_to(g, 15)
    play(g)
    assert stat(g, AWAY, 0, "FTA") == 2 and g.score == (20, 21)


def test_foul_33_36_missed_3_pointer_three_free_throws():
    """""Missed 3-pointer" – gets three free throws, the shot is missed but it does not count as a missed
    shot"."""
    g = game(roll(1, 33, 12) + ft(1, 15, 2), home=FOULER)
    play(g)
    assert stat(g, AWAY, 0, "FTA") == 3 and stat(g, AWAY, 0, "FTM") == 2 and g.score == (20, 22)
    assert stat(g, AWAY, 0, "FGA") == 0 and stat(g, AWAY, 0, "3PA") == 0


def test_foul_33_36_missed_2_pointer_two_free_throws():
    """""Missed 2-pointer" – gets three free throws" reads as a slip (see docs, section 6): "the home
    player gets either 2 or 3 shots depending on if he missed a 2-point shot or 3-point shot" and
    "it only gets two free throws for being fouled on a 2-point shot" - two shots, no field goal
    attempt."""
    g = game(roll(1, 33, 16) + ft(1, 2), home=FOULER)
    play(g)
    assert stat(g, AWAY, 0, "FTA") == 2 and g.score == (20, 22) and stat(g, AWAY, 0, "FGA") == 0


def test_free_throw_good_within_range():
    """'Roll 20-sided die only for each free throw': "roll the 20-sided die once for each free throw,
    and if it falls with his "free throw good" range ... add a point" (range 1-14: 14 good, 15 not)."""
    g = game(roll(1, 55, 9) + ft(14, 15) + chart(11, 1))
    play(g)
    assert g.score == (20, 21)
    assert [e.data["made"] for e in events(g, "free_throw")] == [True, False]


def test_missed_first_of_two_free_throws_shoots_again():
    """"If he misses the first of two free throws or the first or second of three free throws, then
    the 20-sided die again for his next free throw."
    """
    g = game(roll(1, 55, 9) + ft(20, 1))
    play(g)
    assert g.score == (20, 21) and not events(g, "rebound")


def test_missed_last_free_throw_is_rebounded():
    """"If he misses his last shot of 1, 2 or 3 free throws ... then the ball must be rebounded" - and
    "Add 1 if player makes ... the first free throw and his missed second free throw is rebounded by
    the defense."."""
    g = game(roll(1, 55, 9) + ft(1, 20) + chart(13, 2))
    play(g)
    assert g.score == (20, 21) and stat(g, HOME, 4, "DREB") == 3 + 1
    assert g.turn == 1


def test_dunk_range_plus_opponent_adjustment():
    """'51-66 Dunk': "if the offensive player/team has a 51-54 and the defender is a plus 2, then the new
    range is 51-56. If the roll is within the range plus or minus the defender, then the player gets
    by the defender to dunk the ball for 2 points."
    """
    g = game(roll(3, 56, 15), away=team("Away", dunk="51-54"), home=team("Home", defense_adjust=2))
    play(g)
    assert g.score == (20, 22) and events(g, "dunk") and stat(g, AWAY, 2, "FGM") == 1


def test_dunk_range_reduced_by_negative_adjustment():
    """'Determine dunk range': "If the same team with a 51-53 faced a new opponent with a defensive
    adjustment of -2 then the dunk range would be reduced to just 51."
    """
    away, home = team("Away", dunk="51-53"), team("Home", defense_adjust=-2)
    g = game(roll(3, 51, 15), away=away, home=home)
    play(g)
    assert events(g, "dunk")
    g = game(roll(3, 52, 15) + chart(11, 1), away=away, home=home)
    play(g)
    assert not events(g, "dunk") and g.score == (20, 20)


def test_stop_range_below_51_miss_and_defender_rebounds():
    """'If Below 50-51, the Dunk Range Becomes a Stop Range': "in which case the player automatically
    misses a shot and the player guarding him gets a rebound" (no dunk range, adjustment -2: stop
    51-52)."""
    g = game(roll(2, 52, 1), home=team("Home", defense_adjust=-2))
    play(g)
    assert events(g, "stop") and g.score == (20, 20)
    assert stat(g, HOME, 1, "DREB") == 2 + 1 and stat(g, AWAY, 1, "FGA") == 1
    g = game(roll(2, 53, 1), home=team("Home", defense_adjust=-2))
    play(g)
    assert not events(g, "stop") and g.score == (20, 23)


def test_dunk_range_offense_may_take_made_3_instead():
    """"Note that if the result is in the range, the offense an still choose the result of the
    20-sided die roll, which would only result if it fell in the "made 3-pt shot" range or if he
    drew a foul"."""
    g = game(roll(1, 51, 2), away=team("Away", dunk="51-53"))
    play(g)
    assert g.decision.kind == "dunk_choice" and g.decision.side == AWAY
    g.step(A.TAKE_D20)
    assert g.score == (20, 23)
    g = game(roll(1, 51, 2), away=team("Away", dunk="51-53"))
    play(g)
    g.step(A.TAKE_DUNK)
    assert g.score == (20, 22)


def test_dunk_range_offense_may_take_drawn_foul_instead():
    """"... or if he drew a foul on that card on a star opposing player already in foul trouble."
    """
    g = game(roll(1, 51, 10) + ft(1, 1), away=team("Away", dunk="51-53"))
    play(g)
    assert g.decision.kind == "dunk_choice"
    g.step(A.TAKE_D20)
    assert fouls(g, HOME, 0) == 2 and g.score == (20, 22) and stat(g, AWAY, 0, "FTA") == 2


def test_dunk_range_no_choice_on_made_2_or_miss():
    """The choice "would only result if it fell in the "made 3-pt shot" range or if he drew a foul":
    a made 2 or a miss on the 20-sided die is simply the dunk."""
    for d20 in (5, 16, 20):
        g = game(roll(1, 52, d20), away=team("Away", dunk="51-53"))
        play(g)
        assert g.decision.kind == "defense_menu" and g.score == (20, 22), d20


def test_extended_possession_points_kept_after_offensive_rebound():
    """'Keeping track of an extended possession': "if he misses the free throw and a teammate gets the
    offensive rebound then the small number is a remind to add those points to any points scored after
    the offensive rebound" - and-one 2, missed free throw, offensive rebound, stick back 2 = 4."""
    g = game(roll(4, 33, 5) + ft(20) + chart(1, 1) + roll(1, 55, 5),
             home=team("Home", [None, None, None, card("Home 4", foul="33-36")]))
    play(g)
    assert g.score == (20, 22)
    assert g.decision.kind == "stick_back" and stat(g, AWAY, 4, "OREB") == 1
    g.step(A.STICK_BACK)
    assert g.score == (20, 24) and g.turn == 1


def test_foul_33_36_fouled_box_23_still_one_and_one():
    """'Fouled, roll 20-sided for free throws': box 23 closes the second column of the sheet: a missed
    first shot of the one-and-one ends the trip (box 23 is not shaded: the named defender rebounds)."""
    g = game(skip_to_box(23) + roll(1, 33, 9) + ft(18), home=FOULER)
    advance_to(g, 23)
    play(g)
    assert stat(g, AWAY, 0, "FTA") == 1 and g.turn == 1


def test_foul_33_36_fouled_44_to_22_one_and_one_includes_box_22():
    """'Fouled, roll 20-sided for free throws': "The player gets two shots UNLESS the 33-36 free throw dice
    roll was also a foul and it occurred during the first two columns (44 to 22 possession)." - box 22:
    a one-and-one, the missed first shot ends the trip (box 22 is shaded: the Rebound Chart)."""
    # plain 11 and 1: the Rebound Chart's dice after a one-and-one, or a (made) second free throw
    g = game(skip_to_box(22) + roll(1, 33, 9) + ft(18) + [11, 1], home=FOULER)
    advance_to(g, 22)
    play(g)
    assert stat(g, AWAY, 0, "FTA") == 1 and stat(g, HOME, 4, "DREB") == 3 + 1
