"""Rule tests, the 8-sided die: who gets the ball ("Read the 8-sided die to see which player gets
ball", "In most cases, player with 6, 7 or 8 on card gets ball", "Situations in which a 6, 7 or 8
results in a turnover/shot clock violation", "No Point Guard in Game", "Roll of 20 on the 20-sided
die"). Scripted dice; the away team has the first possession of each box."""


from coachgym.rules.valueadd import actions as A

from .fixtures import AWAY, HOME, card, chart, events, game, play, roll, stat, team


def scorer(g):
    """(side, text) of the last scoring event."""
    e = events(g, "made_2", "made_3", "dunk")[-1]
    return e.side, e.text


def test_d8_rolls_1_to_5_go_to_corresponding_position():
    """'Rolls of 1-5 go to the corresponding position and his defender': "3 = The player you put in
    the middle of the five players in game (swing or small forward) gets the ball."."""
    for d8 in range(1, 6):
        g = game(roll(d8, 55, 5))
        play(g)
        assert g.score == (20, 22)
        assert stat(g, AWAY, d8 - 1, "FGM") == 1
        assert sum(stat(g, AWAY, i, "FGM") for i in range(10)) == 1
        assert f"Away {d8} ({A.POSITIONS[d8 - 1]})" in scorer(g)[1]


def test_d8_6_option2_first_player_with_extra_number_gets_6():
    """Option 2 - BASIC: "6 - Starting with the top player, the point guard, the first player with a
    6, 7 and/or 8 ... will get the ball on all 8-sided die rolls of "6"" (the number need not be 6)."""
    away = team("Away", [None, card("Away 2", extra=[8])])
    g = game(roll(6, 55, 5), away=away)
    play(g)
    assert stat(g, AWAY, 1, "FGM") == 1 and g.score == (20, 22)


def test_d8_option2_player_with_two_numbers_takes_6_and_7():
    """"If that player has two numbers such as 6&8 then give them the first two numbers, so 6 and 7."
    and "8 - The third player with a 6, 7 and/or 8 going from top to bottom gets the ball on a roll
    of 8" (here the second player with numbers)."""
    away = team("Away", [None, card("Away 2", extra=[6, 8]), None, card("Away 4", extra=[6])])
    g = game(roll(6, 55, 5) + roll(1, 41, 1) + roll(7, 55, 5) + roll(1, 41, 1) + roll(8, 55, 5), away=away)
    for _ in range(5):
        play(g)
    assert stat(g, AWAY, 1, "FGM") == 2  # 6 and 7 to the SG
    assert stat(g, AWAY, 3, "FGM") == 1  # 8 to the PF
    assert g.team_state[AWAY].holders == [1, 1, 3]


def test_d8_option2_numbers_shift_when_point_guard_with_number_enters():
    """"If this player started the game getting the ball on a "6" but then a point guard came in who
    had an extra number too, then the point guard would then get the ball on a "6" and this shooting
    guard would now get the ball on a "7" instead." (rotation 3 substitution)."""
    away = team("Away", [None, card("Away 2", extra=[6]), None, None, None,
                         card("Away 6", point_guard=True, extra=[7])])
    g = game(roll(7, 55, 5), away=away, rotation=3)
    g.step(A.PLAY)  # home defence
    assert g.team_state[AWAY].holders == [1, None, None]
    g.step(A.SUBSTITUTE[(5, 0)])  # Away 6 in at PG
    assert g.team_state[AWAY].holders == [0, 1, None]
    g.step(A.PLAY)
    assert stat(g, AWAY, 1, "FGM") == 1  # the SG now gets the 7


def test_extra_numbers_used_up_player_scores_on_20():
    """'"20" for more players with extra numbers': "if a PF or C has a 6, 7 or 8 on his card but all
    three numbers are used up by other players above him ... write down a "20" which means he now
    makes shots on a 20-sided die roll of 20"."""
    away = team("Away", [card("Away 1", point_guard=True, extra=[6, 7]), card("Away 2", extra=[8]),
                         None, None, card("Away 5", extra=[6])])
    g = game(roll(5, 55, 20) + roll(1, 41, 1) + roll(4, 55, 20), away=away)
    play(g)
    assert g.team_state[AWAY].bonus20 == [False, False, False, False, True]
    assert g.score == (20, 22) and stat(g, AWAY, 4, "FGM") == 1
    play(g)
    play(g)
    # the PF has no "20": a 20 is a miss (box 43 is not shaded: the named defender rebounds)
    assert stat(g, AWAY, 3, "FGA") == 1 and stat(g, AWAY, 3, "FGM") == 0
    assert g.score == (20, 22)


def test_roll_of_20_is_a_missed_field_goal():
    """'Roll of 20 on the 20-sided die': "When a roll of 20 appears on a 20-sided die it is almost
    always a missed field goal or free throw."
    """
    g = game(roll(1, 55, 20) + [("d20 rebound chart", 11), ("d6 rebound", 1)])
    play(g)
    assert g.score == (20, 20)
    assert events(g, "miss") and stat(g, AWAY, 0, "FGA") == 1
    assert stat(g, HOME, 4, "DREB") == 3 + 1


def test_assist20_card_lets_other_four_score_on_20():
    """"while Morant or anyone else with an "Assist 20" on his card is in the game, the other four
    players all score on a roll of 20 on their cards." - but not the Assist 20 player himself."""
    away = team("Away", [card("Away 1", point_guard=True, assist20=True)])
    g = game(roll(3, 55, 20) + roll(1, 41, 1) + roll(1, 55, 20), away=away)
    play(g)
    assert g.score == (20, 22) and stat(g, AWAY, 2, "FGM") == 1
    play(g)
    play(g)  # box 43, non-shaded: the miss goes to the named defender, no dice
    assert g.score == (20, 22) and stat(g, AWAY, 0, "FGA") == 1 and stat(g, AWAY, 0, "FGM") == 0


def test_extra_numbers_option1_as_printed():
    """Option 1 - SIMPLE: "If a 6, 7 or 8 is rolled, choose a player with that number gets ball. You
    can go exactly with the 6, 7 and 8 numbers on the player cards" (an 8 on the card gets only 8)."""
    away = team("Away", [None, card("Away 2", extra=[8])])
    g = game(roll(8, 55, 5) + roll(1, 41, 1) + roll(6, 55, 5) + roll(3, 55, 5), away=away, extra_numbers=1)
    play(g)
    assert stat(g, AWAY, 1, "FGM") == 1
    assert g.team_state[AWAY].holders == [None, None, 1]
    play(g)
    play(g)  # a 6: nobody prints it -> roll again, the SF scores
    assert events(g, "no_ballhandler")
    assert stat(g, AWAY, 2, "FGM") == 1 and stat(g, AWAY, 1, "FGM") == 1


def test_extra_numbers_option1_two_players_same_number_higher_one_gets_it():
    """Option 1: "if you have two players with the same number just choose between them"
    (interpretation: the higher in the lineup)."""
    away = team("Away", [None, card("Away 2", extra=[7]), None, card("Away 4", extra=[7])])
    g = game(roll(7, 55, 5), away=away, extra_numbers=1)
    play(g)
    assert stat(g, AWAY, 1, "FGM") == 1 and stat(g, AWAY, 3, "FGM") == 0


def test_6_7_8_to_nobody_roll_again_second_6_7_8_is_shot_clock_violation():
    """"In certain cases no player gets the ball on an initial 8-sided die roll of 6, 7 or 8, and
    anytime that happens, roll all the dice again but on the second roll players can only get the
    ball on a 1-5 and any roll of 6, 7 or 8 on the second roll results in a shot clock violation
    turnover."
    """
    g = game(roll(6, 55, 5) + roll(8, 55, 5))
    play(g)
    assert g.score == (20, 20)
    assert [e.kind for e in events(g, "no_ballhandler", "shot_clock")] == ["no_ballhandler", "shot_clock"]
    assert g.team_state[AWAY].team_turnovers == 1
    assert g.box_score().teams[AWAY].team["TO"] == 1
    assert g.turn == 1  # the home team has the ball


def test_second_roll_1_to_5_goes_to_the_position_player():
    """"on the second roll players can only get the ball on a 1-5" - a 1-5 plays normally."""
    g = game(roll(7, 55, 5) + roll(2, 55, 1))
    play(g)
    assert g.score == (20, 23) and stat(g, AWAY, 1, "3PM") == 1


def test_6_7_8_on_second_roll_even_if_first_roll_number_has_a_holder():
    """'Roll of 6, 7 or 8 on second roll after first roll went to no player': "If the team has a
    player with a 6 and 7, but no 8, and the first roll is an "8" and the second roll is a "6" it is a
    turnover."
    """
    away = team("Away", [None, card("Away 2", extra=[6, 7])])
    g = game(roll(8, 55, 5) + roll(6, 55, 5), away=away)
    play(g)
    assert events(g, "shot_clock") and g.score == (20, 20)
    assert stat(g, AWAY, 1, "FGA") == 0


def test_6_7_8_to_nobody_in_dunk_range_offense_chooses_scorer():
    """"The only exception to needing to roll again is that if the 11-66 roll is in the team's dunk
    range (e.g. Dunk on 51-53 ...) in which case the offense does get to dunk and simply chooses a
    player to score"."""
    g = game(roll(6, 52, 5), away=team("Away", dunk="51-53"))
    play(g)
    assert g.decision.kind == "choose_dunker" and g.decision.side == AWAY
    g.step(A.CHOOSE[4])
    assert g.score == (20, 22) and stat(g, AWAY, 4, "FGM") == 1
    assert events(g, "dunk")


def test_6_7_8_to_nobody_in_stop_range_defense_chooses_rebounder():
    """"or they instead have a Stop Range (e.g. Stop 51-52) then the defense still prevents the offense
    from scoring and chooses which player gets a rebound after the missed shot."
    """
    g = game(roll(6, 52, 5), home=team("Home", defense_adjust=-2))
    play(g)
    assert g.decision.kind == "choose_stop_rebounder" and g.decision.side == HOME
    g.step(A.CHOOSE[2])
    assert g.score == (20, 20) and stat(g, HOME, 2, "DREB") == 3 + 1
    assert g.turn == 1


def test_no_point_guard_ignores_6_7_8_even_on_first_roll():
    """'No Point Guard in Game': "Ignore the result of a 6, 7 or 8 roll even on the first roll, and
    then if any of those three numbers come up again on the second roll it is a turnover."
    """
    away = team("Away", [card("Away 1", point_guard=False), card("Away 2", extra=[6])])
    g = game(roll(6, 55, 5) + roll(7, 55, 5), away=away)
    play(g)
    assert stat(g, AWAY, 1, "FGA") == 0
    assert [e.kind for e in events(g, "no_ballhandler", "shot_clock")] == ["no_ballhandler", "shot_clock"]
    assert g.team_state[AWAY].team_turnovers == 1 and g.score == (20, 20)


def test_no_point_guard_first_roll_6_then_1_to_5_plays():
    """'No Point Guard in Game': the 6 is ignored, the second roll's 1-5 goes to that position."""
    away = team("Away", [card("Away 1", point_guard=False), card("Away 2", extra=[6])])
    g = game(roll(6, 55, 5) + roll(4, 55, 5), away=away)
    play(g)
    assert stat(g, AWAY, 3, "FGM") == 1 and g.score == (20, 22)


def test_point_guard_is_judged_at_the_top_of_the_five():
    """"if the player in the point guard (PG) position at the top of the 5 players in the game does
    not at least one of those items ... then the team is playing without a point guard" - a PG
    card lower in the lineup does not help."""
    away = team("Away", [card("Away 1", point_guard=False), card("Away 2", point_guard=True, extra=[6])])
    g = game(roll(6, 55, 5) + roll(6, 55, 5), away=away)
    play(g)
    assert events(g, "shot_clock")


def test_roll_of_20_player_unable_to_use_his_6_7_8_scores_under_option1():
    """'Roll of 20 on the 20-sided die': "Sometimes a player (likely a center) has extra numbers – a 6, 7
    and/or 8 – on his card but he only gets the ball on his position roll of 1-5 because the 6, 7 and 8
    are already taken by other players. For any position that he is in the game and not able to use his
    6, 7 or 8, he instead gets the advantage of scoring a 2-point basket if he shoots and his 20-sided
    die roll is a 20." - option 1, the SG and the PF both print 7; the SG takes it."""
    away = team("Away", [None, card("Away 2", extra=[7]), None, card("Away 4", extra=[7])])
    g = game(roll(4, 55, 20) + chart(11, 1), away=away, extra_numbers=1)
    play(g)
    assert g.score == (20, 22) and stat(g, AWAY, 3, "FGM") == 1
