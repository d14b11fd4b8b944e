"""Rule tests, reserves, rotation, stamina and substitutions ("Choose when (and if) to use reserves":
Options 1, 2 and 3; "Using ... after his stamina is gone"; the 22 assumed possessions)."""

from coachgym.rules.valueadd import actions as A
from coachgym.rules.valueadd import parse_team

from .fixtures import (
    AWAY,
    HOME,
    advance_to,
    card,
    chart,
    events,
    fouls,
    ft,
    game,
    play,
    roll,
    skip,
    skip_to_box,
    stat,
    team,
    team_dict,
)


def totals(g, side, column):
    return sum(stat(g, side, i, column) for i in range(len(g.team_state[side].stats)))


def test_option1_starters_begin_with_4_points_and_rebounds():
    """Option 1 (Simple): "you need to add two points and one rebound for each player – so all five
    starters start with four points and the guards start with two rebounds and centers and forwards
    with three rebounds." - "The player starts at the start of the game must equal 20 points and 13
    rebounds for each team."
    """
    g = game([], rotation=1)
    for side in (HOME, AWAY):
        assert [stat(g, side, i, "PTS") for i in range(5)] == [4] * 5
        assert [stat(g, side, i, "DREB") for i in range(5)] == [2, 2, 3, 3, 3]
        assert [stat(g, side, i, "STL") for i in range(5)] == [1, 1, 0, 0, 0]
        assert totals(g, side, "PTS") == 20 and totals(g, side, "DREB") == 13
        assert totals(g, side, "PTS") - sum(stat(g, side, i, "PTS") for i in range(5)) == 0


def test_options_2_3_starters_and_reserves_share_assumed_stats():
    """"The scoresheet crosses off numbers for each player including two points for each player (most
    important), one rebound and one steal for each starting guard and two rebounds but no steals for
    each forward and center" - with the reserves' two points and a rebound, 20 points and 13
    rebounds."""
    for rot in (2, 3):
        g = game([], rotation=rot)
        for side in (HOME, AWAY):
            assert [stat(g, side, i, "PTS") for i in range(10)] == [2] * 10
            assert [stat(g, side, i, "DREB") for i in range(5)] == [1, 1, 2, 2, 2]
            assert [stat(g, side, i, "DREB") for i in range(5, 10)] == [1] * 5
            assert totals(g, side, "PTS") == 20 and totals(g, side, "DREB") == 13


def test_all_players_start_with_one_foul():
    """'Defense chooses to switch defenders': "(keep in mind all players start with one foul)"."""
    g = game([], rotation=1)
    assert [fouls(g, HOME, i) for i in range(5)] == [1] * 5
    assert [stat(g, AWAY, i, "PF") for i in range(5)] == [1] * 5


def test_option2_reserves_play_44_to_38_then_starters():
    """Option 2 (Basic): "use all reserves for the first 8 possessions and then at the conclusion of the
    38th possession for both teams, discard all reserves at once and play the rest of the game with the
    starters for both teams."
    """
    g = game(roll(1, 55, 5) + skip(6, 1) + roll(1, 55, 5), rotation=2)
    assert g.team_state[AWAY].lineup == [5, 6, 7, 8, 9] and g.team_state[HOME].lineup == [5, 6, 7, 8, 9]
    play(g)
    assert stat(g, AWAY, 5, "FGM") == 1
    advance_to(g, 37)
    assert g.team_state[AWAY].lineup == [0, 1, 2, 3, 4] and g.team_state[HOME].lineup == [0, 1, 2, 3, 4]
    play(g)
    assert stat(g, AWAY, 0, "FGM") == 1


def test_options_1_2_no_substitution_menu_after_the_tip():
    """Option 1: "the only time a reserve would be used is if a starter accumulates 5 fouls" - once the
    game has started no substitutions or position swaps are offered under options 1 and 2."""
    for rot in (1, 2):
        g = game(roll(1, 41, 10), rotation=rot)
        play(g)  # the away team's first possession: a turnover
        assert g.decision.kind == "defense_menu" and g.decision.side == AWAY
        for d in range(2):
            assert not set(g.decision.legal) & set(A.SUBSTITUTE.values())
            assert not set(g.decision.legal) & set(A.SWAP.values())
            if d == 0:
                g.step(A.PLAY)


def test_option1_choose_5_starters_before_the_tip():
    """'Choose 5 starters for each team', 'Choose the Point Guard and place at the top of the 5 cards',
    'Determine which starter should play SG, SF, PF and C' (Option 1): before the first possession
    each coach may change his five and their order; the assumed statistics of the first 22
    possessions ("all five starters start with four points ...", one foul each) go to the five chosen."""
    g = game(roll(1, 55, 5), rotation=1)
    d = g.decision
    assert d.kind == "defense_menu" and d.side == HOME
    assert A.SUBSTITUTE[(5, 0)] in d.legal and A.SWAP[(0, 4)] in d.legal
    g.step(A.SUBSTITUTE[(5, 0)])  # the reserve PG (#6) starts instead of #1
    g.step(A.SWAP[(1, 4)])  # the SG (#2) and the C (#5) change places
    assert g.team_state[HOME].lineup == [5, 4, 2, 3, 1]
    assert [stat(g, HOME, i, "PTS") for i in (5, 4, 2, 3, 1)] == [4] * 5 and stat(g, HOME, 0, "PTS") == 0
    assert [stat(g, HOME, i, "DREB") for i in (5, 4, 2, 3, 1)] == [2, 2, 3, 3, 3]  # guards 2, the rest 3
    assert [stat(g, HOME, i, "STL") for i in (5, 4, 2, 3, 1)] == [1, 1, 0, 0, 0]
    assert fouls(g, HOME, 5) == 1 and fouls(g, HOME, 0) == 0
    assert totals(g, HOME, "PTS") == 20 and totals(g, HOME, "DREB") == 13 and totals(g, HOME, "PF") == 5
    g.step(A.PLAY)
    g.step(A.SUBSTITUTE[(6, 1)])  # the away coach changes his five too, in his first menu
    assert stat(g, AWAY, 6, "PTS") == 4 and stat(g, AWAY, 1, "PTS") == 0
    g.step(A.PLAY)
    assert stat(g, AWAY, 0, "FGM") == 1  # no dunk range: the 55 reads the 20-sided die, a made 2
    assert g.team_state[HOME].lineup == [5, 4, 2, 3, 1]  # the changes last: starters play the whole game


def test_option2_choose_the_reserves_who_play_44_to_38_before_the_tip():
    """Option 2 (Basic): "put all reserves in their most logical position (making sure to have a point
    guard in the game) on the top of the starter's card that corresponds" and "if a team you are
    using has 11 players pick which one will not play at all": before the tip the coach picks the
    reserves (not the starters) who play possessions 44-38; the starters return at 37."""
    eleven = team_dict("Home")
    eleven["players"].append(card("Home 11", positions=[3]))
    g = game(skip_to_box(37), home=parse_team(eleven, "<eleven>"), rotation=2)
    d = g.decision
    assert g.team_state[HOME].lineup == [5, 6, 7, 8, 9]  # the file's reserves
    assert A.SUBSTITUTE[(10, 2)] in d.legal  # the eleventh man may play instead
    assert not any(A.SUBSTITUTE[(i, s)] in d.legal for i in range(5) for s in range(5))  # starters wait
    g.step(A.SUBSTITUTE[(10, 2)])
    assert stat(g, HOME, 10, "PTS") == 2 and stat(g, HOME, 10, "DREB") == 1 and fouls(g, HOME, 10) == 1
    assert stat(g, HOME, 7, "PTS") == 0 and fouls(g, HOME, 7) == 0
    assert totals(g, HOME, "PTS") == 20 and totals(g, HOME, "DREB") == 13
    advance_to(g, 37)
    assert g.team_state[HOME].lineup == [0, 1, 2, 3, 4]  # "discard all reserves at once"
    assert stat(g, HOME, 10, "POSS") == 7 and stat(g, HOME, 7, "POSS") == 0


def test_option3_coach_substitutes_before_a_possession():
    """Option 3 (Advanced) – Rotate Players: "do not use any player for more possessions than specified
    by his stamina" - the coach puts a reserve in before the possession, and he plays it."""
    g = game(roll(1, 55, 5), rotation=3)
    g.step(A.PLAY)
    assert A.SUBSTITUTE[(5, 0)] in g.decision.legal
    g.step(A.SUBSTITUTE[(5, 0)])
    assert events(g, "sub")
    g.step(A.PLAY)
    assert stat(g, AWAY, 5, "FGM") == 1 and stat(g, AWAY, 5, "POSS") == 1 and stat(g, AWAY, 0, "POSS") == 0


def test_option3_lineup_order_can_be_changed():
    """"You can put the players in any order regardless of suggested positions on the card" (rotation 3:
    swapping the PG and SG moves the SG's card to the top, where an 8-sided 1 finds him)."""
    g = game(roll(1, 55, 5), rotation=3)
    g.step(A.PLAY)
    g.step(A.SWAP[(0, 1)])
    g.step(A.PLAY)
    assert stat(g, AWAY, 1, "FGM") == 1


def test_stamina_counts_possessions_played():
    """""Stamina 27" or "Plays 27 of 44" means he gets tired if he plays a 28th possession" - every
    possession of his team with him on the court counts."""
    g = game(skip(3), rotation=3)
    advance_to(g, 41)
    assert g.team_state[AWAY].played[:5] == [3] * 5 and g.team_state[AWAY].played[5:] == [0] * 5
    assert [stat(g, HOME, i, "POSS") for i in range(5)] == [3] * 5


def tired_away(slot=0, stamina=1, **over):
    players = [None] * 5
    players[slot] = card(f"Away {slot + 1}", point_guard=slot == 0, stamina=stamina, **over)
    return team("Away", players)


def test_tired_shooter_20_sided_raised_by_one():
    """"one is ADDED to a 20-sided die roll to make it less likely to hit a 3-pointer" - stamina 1, his
    2nd possession: a 2 (made 3) reads 3 (made 2)."""
    g = game(skip(1) + roll(1, 55, 2), away=tired_away(), rotation=3)
    advance_to(g, 43)
    play(g)
    assert g.score == (20, 22)


def test_doubled_stamina_shooter_20_sided_raised_by_two():
    """"If a player is used for more than twice as many possessions as his Stamina (e.g. a player with a
    Stamina of 5 plays his 11th possession) then all dice rolls are adjusted by 2 against him." - stamina
    1, 3rd possession: a 1 reads 3."""
    g = game(skip(2) + roll(1, 55, 1), away=tired_away(turnover="41"), rotation=3)
    advance_to(g, 42)
    play(g)
    assert g.score == (20, 22)


def test_tired_ballhandler_turnover_roll_lowered_by_one():
    """'41-46 Turnover' (Advanced Rule): "If the player with the ball is out of stamina ... then lower the
    roll by one so that a roll of 43 becomes a 42 etc. and he is more likely to turn the ball over."
    """
    g = game(skip(1) + roll(1, 42, 5), away=tired_away(), rotation=3)
    advance_to(g, 43)
    play(g)
    assert stat(g, AWAY, 0, "TO") == 2 and g.score == (20, 20)


def test_not_yet_tired_at_exactly_his_stamina():
    """"means he gets tired if he plays a 28th possession" - on his stamina-th possession he is fine."""
    g = game(skip(1) + roll(1, 55, 2), away=tired_away(stamina=2), rotation=3)
    advance_to(g, 43)
    play(g)
    assert g.score == (20, 23)


def test_tired_free_throw_raised_by_one():
    """"EVERY dice roll that is referred to on the player's card is adjusted one against him" - his free
    throws too (range 1-14: a 14 reads 15, a miss)."""
    g = game(skip(1) + roll(1, 55, 8) + ft(13, 14) + chart(11, 1), away=tired_away(), rotation=3)
    advance_to(g, 43)
    play(g)
    assert g.score == (20, 21) and stat(g, AWAY, 0, "FTM") == 1


def tired_home(slot=0, stamina=1, **over):
    players = [None] * 5
    players[slot] = card(f"Home {slot + 1}", point_guard=slot == 0, stamina=stamina, **over)
    return team("Home", players)


def test_tired_defender_steal_roll_raised_by_one():
    """"2) one is added to an 11-36 roll on defense to make him less likely to steal or block a shot" -
    '11-16 Steal' (Advanced Rules): "If out of Stamina then increase dice roll by 1 – e.g. 13 to 14"."""
    home = tired_home(steal="11-13")
    g = game(skip(2) + roll(1, 13, 5), home=home, rotation=3)
    advance_to(g, 42)
    play(g)
    assert not events(g, "steal")
    g = game(skip(2) + roll(1, 12, 5), home=home, rotation=3)
    advance_to(g, 42)
    play(g)
    assert events(g, "steal")


def test_doubled_defender_steal_roll_raised_by_two():
    """"or if doubled then by two – 13 to 15 – to make steal less likely" (stamina 1, 3rd possession)."""
    g = game(skip(3) + roll(1, 12, 5), home=tired_home(steal="11-13"), rotation=3)
    advance_to(g, 41)
    play(g)
    assert not events(g, "steal")


def test_tired_defender_block_roll_raised_by_one():
    """'21-26, 32 roll for block' (Advanced Rules): "If out of Stamina then increase dice roll by 1 –
    e.g. 23 to 24"."""
    g = game(skip(2) + roll(1, 23, 5), home=tired_home(block="21-23"), rotation=3)
    advance_to(g, 42)
    play(g)
    assert not events(g, "block") and g.score == (20, 22)


def test_tired_defender_foul_roll_raised_by_one():
    """'33 - 36 possible foul' (Advanced Rules): "If out of Stamina then increase dice roll by 1 – e.g. 33
    to 34 – or if doubled then by two – 33 to 35 – to make fouls committed more likely."
    """
    g = game(skip(2) + roll(1, 34, 5) + ft(1), home=tired_home(foul="35-36"), rotation=3)
    advance_to(g, 42)
    play(g)
    assert fouls(g, HOME, 0) == 2
    g = game(skip(3) + roll(1, 33, 5) + ft(1), home=tired_home(foul="35-36"), rotation=3)
    advance_to(g, 41)
    play(g)
    assert fouls(g, HOME, 0) == 2


def test_tired_defender_still_steals_on_31_all():
    """"but player with a 31 still steals from any opposing player on that roll."
    """
    g = game(skip(3) + roll(3, 31, 5), home=tired_home(steal="11-20"), rotation=3)
    advance_to(g, 41)
    play(g)
    assert stat(g, HOME, 0, "STL") == 2


def test_stamina_penalties_off_in_option_1():
    """The stamina penalties belong to Option 3 (Advanced): with starters all game (Option 1) a
    stamina-1 player's 2 is still a made 3."""
    g = game(skip(1) + roll(1, 55, 2), away=tired_away(), rotation=1)
    advance_to(g, 43)
    play(g)
    assert g.score == (20, 23)


def test_stamina_option_switch_off():
    """Option ``stamina=False`` turns the Advanced stamina adjustments off under rotation 3."""
    g = game(skip(1) + roll(1, 55, 2), away=tired_away(), rotation=3, stamina=False)
    advance_to(g, 43)
    play(g)
    assert g.score == (20, 23)
