"""The by-the-book coach follows the advice the text gives (issue 2, section 6): each test sets up the
situation with scripted dice and names the passage whose advice it checks."""

from coachgym.agents.valueadd import ByTheBookCoach
from coachgym.rules.valueadd import actions as A

from .fixtures import AWAY, HOME, advance_to, card, chart, game, game_at, play, roll, skip_to_box, team

WEAK = {"made3": "none", "made2": "1-2", "fouled": "3", "missed3": "none", "missed2": "4-19"}


def coach_for(g, side):
    c = ByTheBookCoach()
    c.reset(g, side)
    return c


def lead(g, side, margin):
    """Give ``side`` a lead of ``margin`` points (negative: trailing)."""
    g.team_state[side].points = g.team_state[1 - side].points + margin


def steal_by_home_sg(script_before=(), stealer_shot=None, box=None):
    players = [None] * 5
    over = {"steal": "11-16", "positions": [2]}
    if stealer_shot:
        over["shot"] = stealer_shot
    players[1] = card("Home 2", **over)
    home = team("Home", players)
    if box is None:
        g = game(roll(2, 12, 5), home=home)
    else:
        g = game(skip_to_box(box) + roll(2, 12, 5), home=home)
        advance_to(g, box)
    play(g)
    assert g.decision.kind == "fast_break" and g.decision.side == HOME
    return g


def test_fast_break_after_steal_team_should_almost_always_choose_a_fast_break():
    """'Player steals ball and team calls "fast break"': "A team should almost always choose a fast
    break"."""
    g = steal_by_home_sg()
    assert coach_for(g, HOME).choose(g, g.decision) == A.FAST_BREAK


def test_fast_break_normal_offense_with_a_very_poor_offensive_stealer():
    """"A team might choose to call "normal offense" instead ... if the player stealing the ball has a
    very poor offensive card"."""
    g = steal_by_home_sg(stealer_shot=WEAK)
    assert coach_for(g, HOME).choose(g, g.decision) == A.NORMAL_AFTER_STEAL


def test_fast_break_normal_offense_protecting_a_lead_in_the_last_nine():
    """"or in the last 9 possessions if the team is ahead and does not want to drag the game out by
    creating an extra possession" - and a trailing team still runs."""
    g = steal_by_home_sg(box=5)
    lead(g, HOME, 4)
    assert coach_for(g, HOME).choose(g, g.decision) == A.NORMAL_AFTER_STEAL
    lead(g, HOME, -4)
    assert coach_for(g, HOME).choose(g, g.decision) == A.FAST_BREAK


OREB = roll(1, 55, 16) + chart(1, 1)  # away PG misses a 2, the away C grabs the offensive rebound


def test_stick_back_in_almost_all_cases_try_to_score_immediately():
    """'Option 2 – Attempt for "Stick Back" to score right away': "in almost all cases they should try
    to score immediately"."""
    g = game(OREB)
    play(g)
    assert g.decision.kind == "stick_back"
    assert coach_for(g, AWAY).choose(g, g.decision) == A.STICK_BACK


def test_stick_back_normal_offense_for_a_weaker_offensive_rebounder():
    """"if the player grabbing the rebounder is a weaker offensive player than his teammates, then the
    team might want to call normal offense instead"."""
    players = [None] * 5
    players[4] = card("Away 5", positions=[5], shot=WEAK)
    g = game(OREB, away=team("Away", players))
    play(g)
    assert coach_for(g, AWAY).choose(g, g.decision) == A.NORMAL_AFTER_REBOUND


def test_stick_back_normal_offense_when_a_3_pointer_is_desperately_needed():
    """"if a team desperately needs a 3-pointer at the end of a game ... call normal offense" (the
    rebounder on a stick back cannot shoot a 3): down 3 in the last box (shaded: the Rebound Chart)."""
    g = game(skip_to_box(1) + OREB)
    advance_to(g, 1)
    play(g)
    assert g.decision.kind == "stick_back"
    lead(g, AWAY, -3)
    assert coach_for(g, AWAY).choose(g, g.decision) == A.NORMAL_AFTER_REBOUND


def rotation_team(prefix, pg_stamina, reserve_stamina):
    players = [None] * 10
    players[0] = card(f"{prefix} 1", point_guard=True, stamina=pg_stamina)
    players[5] = card(f"{prefix} 6", point_guard=True, stamina=reserve_stamina)
    return team(prefix, players)


def test_rotation_option_3_reserve_first_then_the_starter_finishes():
    """'Option 3 (Advanced) – Rotate Players to Reflect Normal Play Time': "do not use any player for
    more possessions than specified by his stamina" and "try to have the starters FINISH the game":
    a PG with Stamina 40 and a reserve with Stamina 4 - "you play the reserve for possessions 44, 43, 42
    and 41 and then play the starting point guard from the 40th possession"."""
    home = rotation_team("Home", 40, 4)
    g = game(skip_to_box(38), home=home, rotation=3)
    coach = coach_for(g, HOME)
    lineups = {}
    while g.box >= 39 and g.decision is not None:
        d = g.decision
        if d.side == HOME:
            a = coach.choose(g, d)
        else:
            a = A.PLAY
        g.step(a)
        lineups[g.box] = g.team_state[HOME].lineup[0]
    assert [lineups[b] for b in (44, 43, 42, 41)] == [5, 5, 5, 5]  # the reserve PG (roster #6)
    assert lineups[40] == 0 and lineups[39] == 0  # the starter from the 40th possession
    assert g.team_state[HOME].played[5] == 4 and g.team_state[HOME].played[0] <= 40


def test_switch_defender_in_foul_trouble_to_a_player_who_draws_fewer_fouls():
    """'Defense chooses to switch defenders': "If a good player commits a 3rd or 4th foul ... the team
    can switch him to guard another position" - one who "draws fewer fouls"."""
    away_players = [None] * 5
    away_players[0] = card("Away 1", point_guard=True, shot={"made3": "1-2", "made2": "3-6", "fouled": "7-12",
                                                              "missed3": "13-15", "missed2": "16-19"})
    away_players[4] = card("Away 5", positions=[5], shot={"made3": "none", "made2": "1-8", "fouled": "none",
                                                           "missed3": "none", "missed2": "9-19"})
    g = game([], away=team("Away", away_players))
    g.team_state[HOME].fouls[0] = 3  # the home PG has three fouls, guarding the away PG (fouls drawn 7-12)
    d = g.decision
    assert d.kind == "defense_menu" and d.side == HOME
    assert coach_for(g, HOME).choose(g, d) == A.SWITCH[(0, 4)]  # he takes the away C (no fouls drawn)
    g.team_state[HOME].fouls[0] = 2
    assert coach_for(g, HOME).choose(g, d) == A.PLAY


def test_three_point_mode_only_when_trailing_late():
    """'Call "attempting 3-pointer" before roll to increase range': "which should only be done if
    behind by several points very late in the game"."""
    g = game_at(5, [])
    g.step(A.PLAY)  # the home defence menu
    assert g.decision.kind == "offense_menu" and g.decision.side == AWAY
    coach = coach_for(g, AWAY)
    lead(g, AWAY, -5)
    assert coach.choose(g, g.decision) == A.THREE_POINT_MODE
    lead(g, AWAY, 2)
    assert coach.choose(g, g.decision) == A.PLAY
    early = game([])
    early.step(A.PLAY)
    lead(early, AWAY, -10)
    assert coach_for(early, AWAY).choose(early, early.decision) == A.PLAY  # not in box 44


def test_intentional_foul_when_trailing_in_the_last_nine():
    """'ADVANCED GAME OPTION - Roll only 3 dice (skip 20-sided) to intentionally foul': "If a team
    wants to try to create extra possessions to catch up in the last nine possessions of the game"."""
    g = game_at(5, [])
    d = g.decision
    assert d.kind == "defense_menu" and d.side == HOME
    coach = coach_for(g, HOME)
    lead(g, HOME, -5)
    assert coach.choose(g, d) == A.INTENTIONAL_FOUL
    lead(g, HOME, 3)
    assert coach.choose(g, d) == A.PLAY
    early = game([])
    lead(early, HOME, -5)
    assert coach_for(early, HOME).choose(early, early.decision) == A.PLAY  # box 44: not the last nine


def test_d8_first_to_find_a_3_point_shooter_when_down_3_at_the_end():
    """'Choosing to roll the 8-sided die only before the other dice last 4 possessions': "This might be
    used if a team must have a 3-pointer"; then the player "try to score" if he can shoot a 3."""
    g = game_at(2, [("d8", 1)])
    g.step(A.PLAY)
    lead(g, AWAY, -3)
    coach = coach_for(g, AWAY)
    assert coach.choose(g, g.decision) == A.D8_FIRST
    g.step(A.D8_FIRST)
    assert g.decision.kind == "d8_choice"
    assert coach.choose(g, g.decision) == A.SHOOT  # the PG's card makes 3s on 1-2
