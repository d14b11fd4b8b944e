"""Rule tests, rebounds: the scoresheet's named defender on non-shaded boxes, the Rebound Chart on
shaded boxes, the highest rebounder on 10/20, switches, fatigue and the free-throw chart ("Roll
20-sided and one 6-sided die for Rebound Chart", "Offensive Players who cannot get free throw
rebound"). Box 44 is shaded, box 43 is not. Base cards: offensive rebound 1-2, defensive 1-4."""

from coachgym.rules.valueadd import actions as A

from .fixtures import AWAY, HOME, advance_to, card, chart, ft, game, play, roll, skip, stat, team

MISS = roll(1, 55, 16)  # the away PG misses a 2-pointer
D = {0: 2, 1: 2, 2: 3, 3: 3, 4: 3}  # assumed defensive rebounds of the starters (option 1)


def test_nonshaded_box_miss_goes_to_defender_indicated():
    """'Missed 2-point or 3-point shot in Non-Shaded Possession goes to defender indicated': "If he misses
    one of these shots on a non-shaded possession (43, 41, 39 to 11 or on the final 8 even numbers 8, 6,
    4 and 2) then the ball is rebounded by the defender indicated on the score sheet" - no dice."""
    g = game(skip(1) + MISS)
    play(g), play(g), play(g)
    assert g.box == 43 and g.turn == 1
    assert stat(g, HOME, 4, "DREB") == D[4] + 1  # box 43 names the C's defender
    assert g.source.remaining == 0


def test_shaded_box_miss_goes_to_rebound_chart():
    """'Missed Final Free Throw in Shaded Possession': "If he misses one of these shots on a shaded
    possession (44, 42, 40 to 10 on even numbers and the final odd numbers 9 7, 5, 3 and 1) then refer
    to the Rebound Chart"."""
    g = game(MISS + chart(2, 1))
    play(g)
    assert g.source.requests[-2:] == ["d20 rebound chart", "d6 rebound"]
    assert stat(g, AWAY, 4, "OREB") == 1


def test_rebound_chart_1_3_offensive_center_first_chance():
    """'20-sided die determines which player has first chance at rebound': "The 1-3 roll means the
    offensive center gets the first chance" and the 6-sided die "falls within that player's
    "Offensive Reb" range"."""
    for d20 in (1, 2, 3):
        g = game(MISS + chart(d20, 2))
        play(g)
        assert stat(g, AWAY, 4, "OREB") == 1 and g.decision.kind == "stick_back"


def test_rebound_chart_4_5_offensive_power_forward():
    """"the 4-5 means the offensive power forward gets the first shot at the rebound"."""
    g = game(MISS + chart(5, 1))
    play(g)
    assert stat(g, AWAY, 3, "OREB") == 1


def test_rebound_chart_19_defensive_point_guard():
    """"through a 19 means the defensive point guard gets the first shot"."""
    g = game(MISS + chart(19, 4))
    play(g)
    assert stat(g, HOME, 0, "DREB") == D[0] + 1


def test_rebound_chart_offensive_player_outside_range_opponent_guarding_him_gets_it():
    """"If the 6-sided die is outside the player's range then the opposing player guarding him gets the
    rebound."
    """
    g = game(MISS + chart(4, 3))
    play(g)
    assert stat(g, AWAY, 3, "OREB") == 0 and stat(g, HOME, 3, "DREB") == D[3] + 1
    assert g.turn == 1


def test_rebound_chart_defender_outside_range_man_he_guards_gets_it():
    """"If the 6-sided die is outside the player's range then the opposing player guarding him gets the
    rebound" - a defender's miss gives it to his man (defensive range 1-4, a 5)."""
    g = game(MISS + chart(16, 5))
    play(g)
    assert stat(g, AWAY, 2, "OREB") == 1 and g.decision.kind == "stick_back"


def test_rebound_10_or_20_highest_player_on_court_gets_it():
    """"A roll of 10 or 20 is unique because it means the high player on the court, regardless of
    whether on offense or defense, gets the rebound" - the 6-sided die is irrelevant."""
    home = team("Home", [None, None, card("Home 3", def_reb="1-6")])
    for d20 in (10, 20):
        g = game(MISS + chart(d20, 6), home=home)
        play(g)
        assert stat(g, HOME, 2, "DREB") == D[2] + 1


def test_rebound_10_20_offense_wins_a_tie():
    """"In this case, the offense wins a tie"."""
    away = team("Away", [None, None, None, None, card("Away 5", off_reb="1-5")])
    home = team("Home", [None, None, None, None, card("Home 5", def_reb="1-5")])
    g = game(MISS + chart(20, 6), home=home, away=away)
    play(g)
    assert stat(g, AWAY, 4, "OREB") == 1 and stat(g, HOME, 4, "DREB") == D[4]


def test_rebound_10_20_tied_teammates_team_chooses():
    """"and if more than one teammates are tied then the team can choose who gets it" - the base home
    cards all read defensive 1-4."""
    g = game(MISS + chart(10, 1))
    play(g)
    assert g.decision.kind == "choose_rebounder" and g.decision.side == HOME
    assert set(g.decision.legal) == set(A.CHOOSE)
    g.step(A.CHOOSE[1])
    assert stat(g, HOME, 1, "DREB") == D[1] + 1


def test_rebound_switched_defender_fails_man_he_guards_gets_it():
    """'Advanced Rule': "If the opposition has switched who a player is guarding and he fails to get a
    defensive rebound, then the player he is guarding gets the offensive rebound." - the home C guards
    the away PG: a failed chance of the defensive C (11) goes to the away PG."""
    g = game(MISS + chart(11, 6))
    g.step(A.SWITCH[(0, 4)])
    play(g)
    assert stat(g, AWAY, 0, "OREB") == 1 and stat(g, AWAY, 4, "OREB") == 0


def test_rebound_offensive_player_fails_player_guarding_him_gets_it_even_after_switch():
    """"If the offensive player fails to get the rebound then the player guarding him gets it, even if
    the defense changed who was guarding him." - the away C is guarded by the home PG."""
    g = game(MISS + chart(1, 6))
    g.step(A.SWITCH[(0, 4)])
    play(g)
    assert stat(g, HOME, 0, "DREB") == D[0] + 1 and stat(g, HOME, 4, "DREB") == D[4]


def test_rebound_tired_player_range_reduced_by_one():
    """'Advanced Rule 1': "A player with no Stamina remaining ... then his offensive and defensive
    rebound range by 1 (e.g. a 1-4 range becomes 1-3)" - the away C (stamina 2, offensive 1-4) on his
    3rd possession misses on a 4."""
    away = team("Away", [None, None, None, None, card("Away 5", stamina=2, off_reb="1-4")])
    g = game(skip(2) + MISS + chart(1, 4), away=away, rotation=3)
    advance_to(g, 42)
    play(g)
    assert stat(g, AWAY, 4, "OREB") == 0 and stat(g, HOME, 4, "DREB") == 2 + 1


def test_rebound_doubled_stamina_range_reduced_by_two():
    """'Advanced Rule 1': "If he more than doubled his Stamina (e.g. playing his 17th possession) then it
    is reduced by 2 (e.g. 1-4 to 1-2)" - stamina 1, 3rd possession: a 3 misses, a 2 gets it."""
    away = team("Away", [None, None, None, None, card("Away 5", stamina=1, off_reb="1-4")])
    g = game(skip(2) + MISS + chart(1, 3), away=away, rotation=3)
    advance_to(g, 42)
    play(g)
    assert stat(g, AWAY, 4, "OREB") == 0
    g = game(skip(2) + MISS + chart(1, 2), away=away, rotation=3)
    advance_to(g, 42)
    play(g)
    assert stat(g, AWAY, 4, "OREB") == 1


# ------------------------------------------------------------------ free-throw rebounds
FT_MISS = roll(1, 55, 9) + ft(1, 20)  # the away PG is fouled, makes one, misses the last


def ft_miss_by(slot: int) -> list:
    return roll(slot + 1, 55, 9) + ft(1, 20)


def test_missed_free_throw_nonshaded_goes_to_defender_indicated():
    """'Missed Final Free Throw in Non-Shaded Possession goes to defender indicated': "if he misses one of
    these shots on a non-shaded possession ... then the ball is rebounded by the defender indicated on
    the score sheet by that possession."
    """
    g = game(skip(1) + FT_MISS)
    play(g), play(g), play(g)
    assert stat(g, HOME, 4, "DREB") == D[4] + 1 and g.source.remaining == 0


def test_ft_rebound_8_9_offensive_guard_goes_to_defensive_center():
    """'Offensive Players who cannot get free throw rebound': "On a roll or 8-9 or 18-19 if the result of
    the 6-sided die determines the offensive shooting guard or point guard would get the ball after a
    missed shot on a missed free throw change that result to give the rebound to the defensive
    center."
    """
    for d20, d6 in ((9, 1), (8, 1), (18, 6), (19, 6)):
        g = game(ft_miss_by(2) + chart(d20, d6))
        play(g)
        assert stat(g, HOME, 4, "DREB") == D[4] + 1, (d20, d6)
        assert sum(stat(g, AWAY, i, "OREB") for i in range(5)) == 0


def test_ft_rebound_6_7_offensive_small_forward_goes_to_defensive_power_forward():
    """"On a roll of 6-7 or 16-17 if the result indicates the offensive small forward would get the ball,
    then change the result to give the ball to the defensive power forward"."""
    for d20, d6 in ((6, 1), (17, 6)):
        g = game(ft_miss_by(0) + chart(d20, d6))
        play(g)
        assert stat(g, HOME, 3, "DREB") == D[3] + 1 and stat(g, AWAY, 2, "OREB") == 0


def test_ft_rebound_small_forward_can_when_center_or_power_forward_shot():
    """"with one exception. If the Center or Power Forward missed the free throw then the offensive small
    forward can get the rebound because he took their spot as one of the two offensive rebounders in
    the lane."
    """
    for shooter in (3, 4):
        g = game(ft_miss_by(shooter) + chart(7, 1))
        play(g)
        assert stat(g, AWAY, 2, "OREB") == 1, shooter


def test_ft_rebound_big_who_shot_cannot_take_his_own_miss():
    """"If the power forward or center who would have grabbed the offensive rebound on a missed free
    throw is the player who shot the free throw then the rebound goes to his defender (center or power
    forward)."
    """
    g = game(ft_miss_by(4) + chart(2, 1))
    play(g)
    assert stat(g, AWAY, 4, "OREB") == 0 and stat(g, HOME, 4, "DREB") == D[4] + 1


def test_ft_rebound_other_big_can_get_it():
    """"On a roll of 1-5 or 11-15 indicates the offensive power forward or center would get the rebound on
    a missed shot, he can also get the offensive rebound on a missed free throw" (the PF shot, the C
    rebounds)."""
    g = game(ft_miss_by(3) + chart(1, 2))
    play(g)
    assert stat(g, AWAY, 4, "OREB") == 1 and g.decision.kind == "stick_back"


def test_ft_rebound_10_20_shooter_gets_it_if_highest():
    """"If a rebound roll of the 20-sided die results in a roll of 10 or 20, then the high player
    rebounder on the court gets the ball regardless – even if it is the player shooting the free throw
    or one of the guards who cannot normally get a rebound."
    """
    away = team("Away", [card("Away 1", point_guard=True, off_reb="1-5")])
    g = game(FT_MISS + chart(10, 6), away=away)
    play(g)
    assert stat(g, AWAY, 0, "OREB") == 1 and g.decision.kind == "stick_back"


def test_missed_first_of_one_and_one_is_rebounded():
    """"or if he misses the first shot of a 1-and-1 then the ball must be rebounded in one of two ways."
    """
    g = game(roll(1, 33, 9) + ft(20) + chart(11, 1),
             home=team("Home", [card("Home 1", point_guard=True, foul="33-36")]))
    play(g)
    assert stat(g, AWAY, 0, "FTA") == 1 and stat(g, HOME, 4, "DREB") == D[4] + 1
