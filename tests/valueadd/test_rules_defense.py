"""Rule tests, defence on the 11-66 roll: steals, blocks, fouls, team defence on 6-8, the advanced
extended ranges, switches, avoiding fouls ("Look at Defender's card on 11-36 roll for steal, block
or foul", "IMPORTANT - Rolls on 6, 7, 8 are "Team" defense for Steals or Blocks", "Steals (advanced
rules)", "Blocks (advanced rules)", "Defense chooses to switch defenders", "Avoiding Fouls (advanced
rules)"). The away team attacks first; the home team's cards defend."""


from coachgym.rules.valueadd import actions as A

from .fixtures import AWAY, HOME, advance_to, card, chart, events, fouls, ft, game, play, roll, skip, stat, team


def home_with(slot: int, **over):
    """Home team whose starter at ``slot`` (0 PG .. 4 C) has the given card fields."""
    players = [None] * 5
    players[slot] = card(f"Home {slot + 1}", point_guard=slot == 0, **over)
    return team("Home", players)


def away_holder_of_6(slot: int = 1):
    """Away team whose player at ``slot`` gets the ball on an 8-sided 6."""
    players = [None] * 5
    players[slot] = card(f"Away {slot + 1}", point_guard=slot == 0, extra=[6])
    return team("Away", players)


# ------------------------------------------------------------------ steals on 1-5
def test_steal_11_16_defender_range():
    """'11-16 Steal - Basic': "check the Steal Range of the defender across from the player with the
    ball, and if the roll is in his steal range of 11-16 then the defender steals the ball."
    """
    g = game(roll(1, 13, 5), home=home_with(0, steal="11-13"))
    play(g)
    assert stat(g, HOME, 0, "STL") == 1 + 1 and stat(g, AWAY, 0, "TO") == 1
    assert g.score == (20, 20)
    assert g.decision.kind == "fast_break"  # a guard stole it


def test_steal_11_16_roll_above_range_reads_20_sided_die():
    """'11-16 Steal - Basic': a roll outside the defender's steal range is no steal ("If the result
    of any roll of 11-66 does NOT result in a steal ... read the 20-sided die")."""
    g = game(roll(1, 14, 5), home=home_with(0, steal="11-13"))
    play(g)
    assert not events(g, "steal") and g.score == (20, 22)


def test_steal_11_16_only_the_defender_across_counts_on_1_5():
    """"check the Steal Range of the defender across from the player with the ball" - another
    defender's 11-16 does not steal from the PG on an 8-sided 1."""
    g = game(roll(1, 12, 5), home=home_with(1, steal="11-16"))
    play(g)
    assert not events(g, "steal") and g.score == (20, 22)


def test_steal_31_by_31_all_defender_from_any_player():
    """'Roll of 31 or 32': "if a player has a steal range of 11-16 (31 all) or on older cards a 11-20
    ... then he is considered the defender and steal the ball on any opposing roll of 31 even if some
    player other than the one he is guarding has the ball."
    """
    g = game(roll(1, 31, 5), home=home_with(4, steal="11-16 (31 all)"))
    play(g)
    assert stat(g, HOME, 4, "STL") == 1 and stat(g, AWAY, 0, "TO") == 1
    g2 = game(roll(3, 31, 5), home=home_with(4, steal="11-20"))
    play(g2)
    assert stat(g2, HOME, 4, "STL") == 1


def test_steal_31_without_31_all_defender_reads_20_sided_die():
    """"31 - Steal. This is a steal if any defender on the court has a steal range of 11-20 or
    higher" - and otherwise not."""
    g = game(roll(1, 31, 5), home=home_with(0, steal="11-16"))
    play(g)
    assert not events(g, "steal") and g.score == (20, 22)


# ------------------------------------------------------------------ blocks on 1-5
def test_block_21_26_defender_range_is_missed_shot():
    """'21-26, 32 roll for block if 8-sided die was 1-5': "Check the 21-26 Block Range of the defender
    across from the player with the ball to see if he blocks the shot - which is treated as a missed
    shot." (box 44 is shaded: the Rebound Chart decides the rebound)."""
    g = game(roll(2, 23, 1) + chart(11, 1), home=home_with(1, block="21-23"))
    play(g)
    assert stat(g, HOME, 1, "BLK") == 1 and stat(g, AWAY, 1, "FGA") == 1
    assert g.score == (20, 20)
    assert stat(g, HOME, 4, "DREB") == 3 + 1


def test_block_21_26_roll_above_range_no_block():
    """'21-26, 32 roll for block': a roll above his range is no block."""
    g = game(roll(2, 24, 5), home=home_with(1, block="21-23"))
    play(g)
    assert not events(g, "block") and g.score == (20, 22)


def test_block_32_by_32_all_defender_any_shooter():
    """"Likewise if a defensive player has a 21-26 (32 all) or on older cards a 21-30, then he is
    considered the defender on all rolls of 32 by the opponents and blocks the shot no matter who has
    the ball on the opposing team."
    """
    g = game(roll(1, 32, 1) + chart(11, 1), home=home_with(4, block="21-26 (32 all)"))
    play(g)
    assert stat(g, HOME, 4, "BLK") == 1 and g.score == (20, 20)


# ------------------------------------------------------------------ team defence on 6-8
def test_team_defense_6_8_never_steal_on_14_15_16():
    """'Steal and Block Ranges Much Lower if 8-sided Die 6, 7 or 8': "In such cases the ball is never
    stolen on a 14, 15 or 16"."""
    for r in (14, 15, 16):
        g = game(roll(6, r, 5), home=home_with(1, steal="11-19"), away=away_holder_of_6(1))
        play(g)
        assert not events(g, "steal") and g.score == (20, 22)


def test_team_defense_6_8_13_needs_11_19_or_31_all_on_court():
    """"the Dice Chart indicates that a roll of 13 is only a steal in these cases if an 11-19 or 11-16
    (31 all) defender is on the court."
    """
    for rng, steals in (("11-19", True), ("11-16 (31 all)", True), ("11-18", False)):
        g = game(roll(6, 13, 5), home=home_with(3, steal=rng), away=away_holder_of_6(1))
        play(g)
        assert bool(events(g, "steal")) is steals, rng
        if steals:
            assert stat(g, HOME, 3, "STL") == 1  # the PF, not the SG's own defender


def test_team_defense_6_8_12_needs_11_16():
    """"A 12 is only a steal if a 11-16 or better is on the court"."""
    for rng, steals in (("11-16", True), ("11-15", False)):
        g = game(roll(6, 12, 5), home=home_with(4, steal=rng), away=away_holder_of_6(1))
        play(g)
        assert bool(events(g, "steal")) is steals, rng


def test_team_defense_6_8_11_needs_11_13():
    """"and even an 11 is only a steal if an 11-13 or higher is on the court."
    """
    for rng, steals in (("11-13", True), ("11-12", False)):
        g = game(roll(6, 11, 5), home=home_with(2, steal=rng), away=away_holder_of_6(1))
        play(g)
        assert bool(events(g, "steal")) is steals, rng


def test_team_defense_6_8_blocks_same_ratios():
    """"The same ratios exist for blocked shots in the 21-26 range": 24-26 never, 23 needs 21-29,
    22 needs 21-26, 21 needs 21-23."""
    cases = [(26, "21-26 (32 all)", False), (24, "21-29", False), (23, "21-29", True), (23, "21-28", False),
             (22, "21-26", True), (22, "21-25", False), (21, "21-23", True), (21, "21-22", False)]
    for r, rng, blocks in cases:
        g = game(roll(6, r, 5) + chart(11, 1), home=home_with(4, block=rng), away=away_holder_of_6(1))
        play(g)
        assert bool(events(g, "block")) is blocks, (r, rng)


def test_team_defense_6_8_31_always_a_steal():
    """"and a 31 is a steal no matter what the 8-sided die or who has the ball."
    """
    g = game(roll(6, 31, 5), home=home_with(0, steal="11-20"), away=away_holder_of_6(3))
    play(g)
    assert stat(g, HOME, 0, "STL") == 1 + 1 and stat(g, AWAY, 3, "TO") == 1


def test_team_defense_6_8_32_always_a_block():
    """"likewise a 32 is always a blocked shot no matter who shoots the ball."
    """
    g = game(roll(6, 32, 5) + chart(11, 1), home=home_with(2, block="21-30"), away=away_holder_of_6(1))
    play(g)
    assert stat(g, HOME, 2, "BLK") == 1


def test_simple_game_6_8_ballhandler_guarded_by_same_position():
    """"If you want to keep to a SIMPLE GAME you can say the player who gets the ball on a 6, 7 or 8 is
    still guarded by the opponent at the same position." (option team_defense=False): the SG's own
    defender steals on a 14."""
    g = game(roll(6, 14, 5), home=home_with(1, steal="11-14"), away=away_holder_of_6(1), team_defense=False)
    play(g)
    assert stat(g, HOME, 1, "STL") == 1 + 1


def test_steal_1_5_any_roll_in_range_of_defender_across():
    """"However, when the 8-sided die is a 1-5 then the defender on the play can steal any time the
    11-16 is in his range" (a 16 with 11-16)."""
    g = game(roll(2, 16, 5), home=home_with(1, steal="11-16"))
    play(g)
    assert stat(g, HOME, 1, "STL") == 1 + 1


# ------------------------------------------------------------------ extended ranges
def test_steal_11_17_steals_on_16_from_bottom_other_player():
    """'Steals (advanced rules)': "Steal 11-17 Also steals on 16 for bottom of 4 other players" - "so an
    11-17 means he steals the ball from the opposing center on a 16"."""
    home = home_with(0, steal="11-17")
    g = game(roll(5, 16, 5), home=home)
    play(g)
    assert stat(g, HOME, 0, "STL") == 1 + 1 and stat(g, AWAY, 4, "TO") == 1
    g = game(roll(4, 16, 5), home=home)
    play(g)
    assert not events(g, "steal")


def test_steal_11_18_steals_on_16_from_bottom_two():
    """"Steal 11-18 Also steals on 16 for bottom TWO of other 4 players" ("11-18 means he steals from
    the center or power forward")."""
    home = home_with(0, steal="11-18")
    for d8, steals in ((5, True), (4, True), (3, False)):
        g = game(roll(d8, 16, 5), home=home)
        play(g)
        assert bool(events(g, "steal")) is steals, d8


def test_steal_11_19_steals_on_16_from_bottom_three():
    """"Steal 11-19 Also steals on 16 for bottom THREE of other 4 players"."""
    home = home_with(4, steal="11-19")  # the C guards the C: the other four are PG..PF
    for d8, steals in ((4, True), (3, True), (2, True), (1, False)):
        g = game(roll(d8, 16, 5), home=home)
        play(g)
        assert bool(events(g, "steal")) is steals, d8


def test_steal_11_21_steals_31_all_plus_16_for_bottom():
    """"Steal 11-21 Steals on all rolls of 31 PLUS 16 for bottom of 4 players"."""
    home = home_with(0, steal="11-21")
    g = game(roll(3, 31, 5), home=home)
    play(g)
    assert stat(g, HOME, 0, "STL") == 2
    g = game(roll(5, 16, 5), home=home)
    play(g)
    assert stat(g, HOME, 0, "STL") == 2
    g = game(roll(4, 16, 5), home=home)
    play(g)
    assert not events(g, "steal")


def test_steal_11_22_steals_31_all_plus_16_for_bottom_two():
    """"Steal 11-22 Steals on all rolls of 31 PLUS 16 for bottom 2 of 4 players"."""
    home = home_with(0, steal="11-22")
    for d8, r, steals in ((2, 31, True), (4, 16, True), (3, 16, False)):
        g = game(roll(d8, r, 5), home=home)
        play(g)
        assert bool(events(g, "steal")) is steals, (d8, r)


def test_block_21_27_blocks_on_26_top_other_player():
    """'Blocks (advanced rules)': "The extra blocked shots start from the top of the opposing line-up
    and work down, so a range of 21-27 means he also blocks the opposing point guard on a 26"."""
    home = home_with(4, block="21-27")
    g = game(roll(1, 26, 5) + chart(11, 1), home=home)
    play(g)
    assert stat(g, HOME, 4, "BLK") == 1
    g = game(roll(2, 26, 5), home=home)
    play(g)
    assert not events(g, "block")


def test_block_21_28_blocks_on_26_top_two():
    """"while a 21-28 means he can block both the point guard and shooting guard on a 26"."""
    home = home_with(4, block="21-28")
    for d8, blocks in ((1, True), (2, True), (3, False)):
        g = game(roll(d8, 26, 5) + chart(11, 1), home=home)
        play(g)
        assert bool(events(g, "block")) is blocks, d8


def test_block_21_29_blocks_on_26_top_three():
    """"Block 21-29 Also blocks on 26 for top THREE of other 4 players" (the PG guards the PG: his other
    four are SG..C)."""
    home = home_with(0, block="21-29")
    for d8, blocks in ((2, True), (3, True), (4, True), (5, False)):
        g = game(roll(d8, 26, 5) + chart(11, 1), home=home)
        play(g)
        assert bool(events(g, "block")) is blocks, d8


def test_block_21_31_blocks_32_all_plus_26_for_top():
    """"Block 21-31 Blocks on all rolls of 32 PLUS 26 for top of 4 players"."""
    home = home_with(4, block="21-31")
    for d8, r, blocks in ((5, 32, True), (3, 32, True), (1, 26, True), (2, 26, False)):
        g = game(roll(d8, r, 5) + chart(11, 1), home=home)
        play(g)
        assert bool(events(g, "block")) is blocks, (d8, r)


def test_block_31_32_read_21_32_blocks_32_all_plus_26_for_top_two():
    """"Block 31-32 Blocks on all rolls of 32 PLUS 26 for top TWO of 4" (read as 21-32)."""
    home = home_with(4, block="21-32")
    for d8, r, blocks in ((3, 32, True), (2, 26, True), (3, 26, False)):
        g = game(roll(d8, r, 5) + chart(11, 1), home=home)
        play(g)
        assert bool(events(g, "block")) is blocks, (d8, r)


def test_extended_ranges_off_caps_steal_at_16():
    """The extended ranges are an ADVANCED RULE (option extended_ranges=False): an 11-18 then reaches
    nobody else on a 16."""
    g = game(roll(5, 16, 5), home=home_with(0, steal="11-18"), extended_ranges=False)
    play(g)
    assert not events(g, "steal")


# ------------------------------------------------------------------ fouls
def test_foul_33_36_on_defender_card_made_2_and_one():
    """'33 - 36 possible foul': "If the roll of 33-36 on the defender's card is a foul" and ""Made 2-pt
    shot" – opposing player scores 2-pointer and gets one free throw"."""
    g = game(roll(2, 34, 5) + ft(1), home=home_with(1, foul="34-36"))
    play(g)
    assert fouls(g, HOME, 1) == 2 and stat(g, HOME, 1, "PF") == 2
    assert g.score == (20, 23) and stat(g, AWAY, 1, "FTA") == 1


def test_foul_33_36_roll_outside_defender_range_is_no_foul():
    """'33 - 36 possible foul': a 33 against a defender fouling on 34-36 is not a foul: read the
    20-sided die."""
    g = game(roll(2, 33, 5), home=home_with(1, foul="34-36"))
    play(g)
    assert fouls(g, HOME, 1) == 1 and not events(g, "foul") and g.score == (20, 22)


def test_fouls_33_36_same_position_defender_on_6_8():
    """'Fouls on 33-36 still on same position unless switched': "On rolls of 33-36 (fouls) the defender
    is the player at the same position" - also when the ball went to the SG on a 6."""
    home = team("Home", [card("Home 1", point_guard=True, foul="33-36"), card("Home 2", foul="33-36")])
    g = game(roll(6, 33, 5) + ft(1), home=home, away=away_holder_of_6(1))
    play(g)
    assert fouls(g, HOME, 1) == 2 and fouls(g, HOME, 0) == 1


def test_switch_defenders_changes_who_defends_11_36():
    """'Defense chooses to switch defenders': the team "can switch him to guard another position" and
    this affects "when his defensive rolls of 11-36 are used": after the PG and C defenders switch, the
    home C defends the away PG's 33."""
    home = team("Home", [None, None, None, None, card("Home 5", foul="33-36")])
    g = game(roll(1, 33, 5) + ft(1), home=home)
    g.step(A.SWITCH[(0, 4)])
    play(g)
    assert fouls(g, HOME, 4) == 2 and fouls(g, HOME, 0) == 1
    assert events(g, "switch")


def test_switch_defenders_moves_defensive_rebounding():
    """"this also determines when his defensive rebounding range comes in to play" - box 43 is not
    shaded and the sheet names the C's defender; after the switch it is the home PG."""
    g = game(skip(0, 2) + roll(1, 55, 20))
    play(g)
    play(g)  # box 44 done: two turnovers
    assert g.box == 43
    g.step(A.SWITCH[(0, 4)])
    play(g)
    assert stat(g, HOME, 0, "DREB") == 2 + 1 and stat(g, HOME, 4, "DREB") == 3


def test_foul_limit_five_fouls_must_be_replaced():
    """Option 1: "the only time a reserve would be used is if a starter accumulates 5 fouls and needs
    to be replaced, at which point you would pick a reserve card ... but he would not enter the game
    with any points or rebounds." (all players start with one foul)."""
    home = home_with(1, foul="33-36")
    script = []
    for _ in range(4):
        script += roll(2, 33, 5) + ft(1) + roll(1, 41, 1)
    g = game(script[:-3], home=home)
    for _ in range(3):
        play(g)  # away SG fouled by the home SG
        play(g)  # home turnover
    play(g)
    assert fouls(g, HOME, 1) == 5 and events(g, "fouled_out")
    g.step(A.PLAY)  # the away defence menu; the home offence menu must first replace him
    assert g.decision.kind == "offense_menu" and g.decision.side == HOME
    assert A.PLAY not in g.decision.legal
    assert set(g.decision.legal) == {A.SUBSTITUTE[(i, 1)] for i in range(5, 10)}
    g.step(A.SUBSTITUTE[(6, 1)])
    assert g.team_state[HOME].lineup[1] == 6
    assert stat(g, HOME, 6, "PTS") == 0 and stat(g, HOME, 6, "DREB") == 0


# ------------------------------------------------------------------ avoiding fouls
def avoid_game(script, **card_over):
    g = game(script, home=home_with(0, **card_over))
    g.step(A.AVOID[0])  # the home PG avoids fouls
    play(g)
    return g


def test_avoid_fouls_33_36_roll_becomes_basket_without_drawn_foul():
    """'Avoiding Fouls (advanced rules) – Option 2': "he only commits a foul if the foul is in his 33-36
    range AND the 20-sided die also refers to a foul drawn" and "all rolls of 31 to 36 on his card
    become baskets for the player he is guarding" (a missed 2 on the 20-sided die still scores 2)."""
    g = avoid_game(roll(1, 34, 15), foul="33-36")
    assert fouls(g, HOME, 0) == 1 and g.score == (20, 22)


def test_avoid_fouls_foul_when_33_36_and_20_sided_foul_drawn():
    """"he only commits a foul if the foul is in his 33-36 range AND the 20-sided die also refers to a
    foul drawn" - box 44 is in the first two columns: a one-and-one."""
    g = avoid_game(roll(1, 34, 9) + ft(1, 2), foul="33-36")
    assert fouls(g, HOME, 0) == 2 and g.score == (20, 22)


def test_avoid_fouls_made_3_scores_3():
    """"in which case the opposing player scores at least 2 points (3 if his 20-sided die results in a
    3-point shot made)" - a 35 outside his foul range is still a basket."""
    g = avoid_game(roll(1, 35, 1))
    assert g.score == (20, 23)


def test_avoid_fouls_block_roll_becomes_basket_on_his_man():
    """"if a player with a 21-30 who would normally block all shots on a 32 does still block the shot
    unless the player he is guarding has the ball, in which case the opposing player scores at least
    2 points"."""
    g = avoid_game(roll(1, 32, 15), block="21-30")
    assert not events(g, "block") and g.score == (20, 22)
    g = avoid_game(roll(3, 32, 15) + chart(11, 1), block="21-30")
    assert stat(g, HOME, 0, "BLK") == 1 and g.score == (20, 20)


def test_avoid_fouls_31_all_still_steals_from_another_player():
    """"If a player with an 11-20 steal range is avoiding a foul then he can still steal on a roll of 31
    on another player's card but if the player he is guarding has the ball then a 31 scores a
    basket."
    """
    g = avoid_game(roll(2, 31, 15), steal="11-20")
    assert stat(g, HOME, 0, "STL") == 2
    g = avoid_game(roll(1, 31, 15), steal="11-20")
    assert not events(g, "steal") and g.score == (20, 22)


def test_avoid_fouls_20_sided_foul_drawn_becomes_2_point_basket():
    """"AND on any roll on the 20-sided die that would have resulted in a foul instead becomes a
    2-point basket."
    """
    g = avoid_game(roll(1, 55, 9))
    assert g.score == (20, 22) and not events(g, "foul") and not events(g, "free_throw")


def test_avoid_fouls_reduces_steal_and_block_by_one():
    """"A player avoiding fouls must also reduce his rebounding, steal and blocked shot number by 1."
    """
    g = avoid_game(roll(1, 13, 5), steal="11-13")
    assert not events(g, "steal")
    g = avoid_game(roll(1, 12, 5), steal="11-13")
    assert events(g, "steal")
    g = avoid_game(roll(1, 23, 5), block="21-23")
    assert not events(g, "block") and g.score == (20, 22)


def test_avoid_fouls_reduces_rebounding_by_one():
    """"A player avoiding fouls must also reduce his rebounding ... by 1": the home C (defensive 1-4)
    avoiding fouls misses a defensive rebound on a 4 and the man he guards gets it."""
    g = game(roll(1, 55, 15) + chart(11, 4))
    g.step(A.AVOID[4])
    play(g)
    assert stat(g, HOME, 4, "DREB") == 3 and stat(g, AWAY, 4, "OREB") == 1
    assert g.decision.kind == "stick_back"


def test_steal_range_higher_than_11_16_after_any_adjustments_tired_11_19_reaches_bottom_two():
    """'Steals (advanced rules)': "If a player has a steal range of higher than 11-16 after any
    adjustments, then he can steal the ball on rolls of 16 ... Steal 11-18 Also steals on 16 for bottom
    TWO of other 4 players" - the home PG's 11-19 (stamina 1, tired: 11-18) steals from the away PF."""
    home = team("Home", [card("Home 1", point_guard=True, steal="11-19", stamina=1)])
    g = game(skip(2) + roll(4, 16, 5), home=home, rotation=3)
    advance_to(g, 42)
    assert g.fatigue(HOME, 0) == 1
    play(g)
    assert stat(g, HOME, 0, "STL") == 1 + 1


def test_switch_does_not_change_who_guards_the_switched_player():
    """'Defense chooses to switch defenders': "If this switch is made, when the player who switched is
    still guarded by the same player (Howard) that he is no longer guarding." - the home PG switched onto
    the away C, but on the home possession the away PG still guards him."""
    away = team("Away", [card("Away 1", point_guard=True, foul="33-36")])
    g = game(roll(1, 41, 1) + roll(1, 33, 5) + ft(1), away=away)
    g.step(A.SWITCH[(0, 4)])
    play(g)
    play(g)
    assert fouls(g, AWAY, 0) == 2 and g.score == (23, 20)
