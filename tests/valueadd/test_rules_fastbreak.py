"""Rule tests, fast breaks after steals and stick backs after offensive rebounds ("Fast break after
steal", "Player steals ball and team calls "fast break"", "Player grabs offensive rebound and
chooses to try for a stick back basket", "Offensive Options after Grabbing Offensive Rebounds")."""

from coachgym.rules.valueadd import actions as A

from .fixtures import AWAY, HOME, card, chart, events, ft, game, play, roll, stat, team


def stealer(slot: int, rng: str = "11-16"):
    players = [None] * 5
    players[slot] = card(f"Home {slot + 1}", point_guard=slot == 0, steal=rng)
    return team("Home", players)


def steal_then(slot: int, r: int, *after, rng: str = "11-16", **kw):
    """The away player at ``slot`` has the ball stolen by his home defender on roll ``r``."""
    script = roll(slot + 1, r, 5)
    for a in after:
        script += a
    g = game(script, home=stealer(slot, rng), **kw)
    play(g)
    return g


def test_fast_break_guard_steal_any_roll():
    """'Fast break after steal': "Any time a guard steals the ball the team may opt for a "fast break,"
    or "normal offense."" (the SG on an even 12)."""
    g = steal_then(1, 12)
    assert g.decision.kind == "fast_break" and g.decision.side == HOME
    assert set(g.decision.legal) == {A.FAST_BREAK, A.NORMAL_AFTER_STEAL}


def test_fast_break_forward_steal_only_on_odd_11_13_15_31():
    """"If a forward steals the ball on a roll of 11, 13, 15 or 31 the team has the same option."
    """
    for slot in (2, 3):
        for r, option in ((11, True), (13, True), (15, True), (12, False), (14, False), (16, False)):
            g = steal_then(slot, r)
            assert events(g, "steal")
            assert (g.decision.kind == "fast_break") is option, (slot, r)
    g = game(roll(3, 31, 5), home=stealer(2, "11-20"))
    play(g)
    assert g.decision.kind == "fast_break"


def test_fast_break_never_after_center_steal():
    """"If a center steals the ball the team cannot fast break, only play normal offense."
    """
    for r in (11, 13):
        g = steal_then(4, r)
        assert events(g, "steal") and g.decision.kind == "defense_menu"
        assert not events(g, "fast_break")


def test_fast_break_no_menus_6_8_go_to_stealer_and_20_sided_lowered_by_one():
    """"If the team calls fast break then all rolls of 6, 7 or 8 go to the player who stole the ball"
    and "doing so lowers the roll of the 20-sided die by 1": the home SG's 3 on the card reads 2, a
    made 3."""
    g = steal_then(1, 12, roll(7, 55, 3))
    g.step(A.FAST_BREAK)
    assert stat(g, HOME, 1, "3PM") == 1 and g.score == (23, 20)
    assert events(g, "fast_break")
    # the fast-break possession opened without a menu: the next decision is box 43's
    assert g.box == 43 and g.decision.kind == "defense_menu"


def test_fast_break_1_5_still_go_to_position_with_lowered_die():
    """"while 1-5 still go to the normal possession (as noted below, no matter which player gets the ball
    the 20-sided die is reduced by 1)" - the home C's 9 (fouled) reads 8, a made 2."""
    g = steal_then(1, 12, roll(5, 55, 9))
    g.step(A.FAST_BREAK)
    assert stat(g, HOME, 4, "FGM") == 1 and g.score == (22, 20) and not events(g, "free_throw")


def test_normal_offense_after_steal_no_lowering():
    """"A team might choose to call "normal offense" instead of using the fast break" - the next
    possession is an ordinary one: menus, 6-8 to the number holders, no lowering (a 3 is a made 2)."""
    g = steal_then(1, 12, roll(1, 55, 3))
    g.step(A.NORMAL_AFTER_STEAL)
    assert g.decision.kind == "defense_menu" and g.turn == 1
    play(g)
    assert g.score == (22, 20) and stat(g, HOME, 0, "3PM") == 0


# ------------------------------------------------------------------ stick back
OREB = roll(1, 55, 16) + chart(1, 1)  # away PG misses a 2, the away C grabs the offensive rebound


def test_offensive_rebound_offers_stick_back_or_normal_offense():
    """'Offensive Options after Grabbing Offensive Rebounds': Option 1 "normal offense" and Option 2
    "Attempt for "Stick Back" to score right away"."""
    g = game(OREB)
    play(g)
    assert g.decision.kind == "stick_back" and g.decision.side == AWAY
    assert set(g.decision.legal) == {A.STICK_BACK, A.NORMAL_AFTER_REBOUND}


def test_stick_back_6_8_go_to_rebounder():
    """'Option 2 – Attempt for "Stick Back"': "If the roll is 6-8, the player who grabbed the offensive
    rebound gets the ball."
    """
    g = game(OREB + roll(8, 55, 5))
    play(g)
    g.step(A.STICK_BACK)
    assert stat(g, AWAY, 4, "FGM") == 1 and g.score == (20, 22)


def test_stick_back_20_sided_lowered_by_one():
    """"The roll on the 20-sided die is lowered by one to give the team a better chance to score and score
    a 3-pointer." - the SF's 3 reads 2: a made 3 (the SF did not take the rebound)."""
    g = game(OREB + roll(3, 55, 3))
    play(g)
    g.step(A.STICK_BACK)
    assert stat(g, AWAY, 2, "3PM") == 1 and g.score == (20, 23)


def test_stick_back_rebounder_cannot_make_3_pointer():
    """"the player who gets the rebound (either by his position coming up on the 1-5 die or through a
    6-8) cannot score or shoot a 3-pointer, so if the 20-sided roll reduced by one falls in the 3-point
    made range change it to a 2-point made"."""
    for d8 in (5, 6):
        g = game(OREB + roll(d8, 55, 2))
        play(g)
        g.step(A.STICK_BACK)
        assert g.score == (20, 22) and stat(g, AWAY, 4, "3PM") == 0 and stat(g, AWAY, 4, "FGM") == 1


def test_stick_back_rebounder_fouled_on_missed_3_gets_two_free_throws():
    """"and if it falls in the missed 3-pointer range and he is fouled it only gets two free throws for
    being fouled on a 2-point shot."
    """
    home = team("Home", [None, None, None, None, card("Home 5", foul="33-36")])
    g = game(OREB + roll(5, 33, 12) + ft(1, 1), home=home)
    play(g)
    g.step(A.STICK_BACK)
    assert stat(g, AWAY, 4, "FTA") == 2 and g.score == (20, 22)


def test_normal_offense_after_offensive_rebound_rolls_as_new_possession():
    """'Option 1 – Roll all 4 dice again as though a new possession was starting': "the team is bringing
    the ball back out to run their normal offense" - the 20-sided die is not lowered and a 6 goes to
    the holder of 6, not the rebounder."""
    away = team("Away", [None, card("Away 2", extra=[6])])
    g = game(OREB + roll(6, 55, 3), away=away)
    play(g)
    g.step(A.NORMAL_AFTER_REBOUND)
    assert stat(g, AWAY, 1, "FGM") == 1 and stat(g, AWAY, 1, "3PM") == 0 and g.score == (20, 22)
    assert g.box == 44 and g.turn == 1  # still the same box: now the home team's turn
