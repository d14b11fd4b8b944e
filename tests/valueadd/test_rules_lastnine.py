"""Rule tests, the last nine boxes, extra possessions, the end of the game and overtime ("Recording the
last 9 possessions above the diagonal line", "Foul adds possession during last 9 possessions", "Steal
and Fast Break adds possession during last 9 possessions"; overtime is the reconstruction of docs
section 1). The games reach the late boxes through scripted PG turnovers (fixtures.skip_to_box)."""

from coachgym.rules.valueadd import actions as A

from .fixtures import AWAY, HOME, card, chart, events, ft, game_at, play, roll, stat, team

TO = roll(1, 41, 1)  # a PG turnover: 0 points
FOULED = roll(1, 55, 9) + ft(1, 1)  # the PG draws a foul, makes both
STEALERS = dict(home=team("Home", [card("Home 1", point_guard=True, steal="11-16")]),
                away=team("Away", [card("Away 1", point_guard=True, steal="11-16")]))


def at(box, script, turn=0, **kw):
    return game_at(box, script, turn, **kw)


def where(g):
    return (g.box, g.half, g.turn)


def test_last_nine_foul_adds_bottom_half():
    """'Foul adds possession during last 9 possessions': "If either (or both) team fouls during the
    possession of the top half of the 9th through 1st possession, then both teams will get an extra
    roll with the results recorded in the bottom right portion."
    """
    g = at(9, FOULED + TO + TO + TO)
    play(g)
    assert events(g, "extra_possession") and g.score == (20, 22)
    play(g)  # home top half
    assert where(g) == (9, 1, 0)  # away bottom half
    play(g)
    assert where(g) == (9, 1, 1)  # home bottom half
    play(g)
    assert where(g) == (8, 0, 0)


def test_last_nine_foul_by_the_other_team_also_adds_bottom_half():
    """"If either (or both) team fouls" - a foul on the away team during the home team's top half."""
    g = at(9, TO + FOULED)
    play(g), play(g)
    assert where(g) == (9, 1, 0) and g.score == (22, 20)


def test_foul_before_last_nine_adds_no_bottom_half():
    """"Normally the last nine possessions are recorded exactly as possessions 44 to 10 are recorded" -
    a foul in box 10 adds nothing."""
    g = at(10, FOULED + TO)
    play(g), play(g)
    assert where(g) == (9, 0, 0) and not events(g, "extra_possession")


def test_last_nine_no_foul_no_bottom_half():
    """"If that happens on all 9 possessions and none of the bottom right half of those 9 possessions are
    used then the game will last 44 possessions"."""
    g = at(9, roll(1, 55, 5) + TO)
    play(g), play(g)
    assert where(g) == (8, 0, 0)


def test_last_nine_steal_fast_break_adds_bottom_half_home_steal():
    """'Steal and Fast Break adds possession during last 9 possessions': "If either team steals the ball
    during the top half of possession 9 to 1 then both teams get an extra roll in the bottom half ...
    If the home team steals the ball then their result will go in the top half but make a note to
    remember the visiting team will then start in the bottom half"
    """
    g = at(9, roll(1, 12, 5) + roll(1, 55, 5) + TO + TO, **STEALERS)
    play(g)
    g.step(A.FAST_BREAK)
    assert events(g, "extra_possession") and g.score == (22, 20)  # fast break: a 5 reads 4, a made 2
    assert where(g) == (9, 1, 0)


def test_last_nine_visitor_steal_fast_break_recorded_in_their_bottom_half():
    """"If the visiting team steals and runs a fast break then the next roll is recorded in the bottom of
    their portion of the box."
    """
    g = at(9, roll(1, 12, 5) + roll(1, 55, 5), turn=1, **STEALERS)
    play(g)
    assert g.decision.kind == "fast_break" and g.decision.side == AWAY
    g.step(A.FAST_BREAK)
    # the away fast break was the bottom-half possession: now the home bottom half
    assert g.score == (20, 22)
    assert events(g, "possession")[-2].data == {"box": 9, "period": 0, "half": 1}
    assert where(g) == (9, 1, 1)


def test_last_nine_steal_with_normal_offense_adds_no_bottom_half():
    """"or in the last 9 possessions if the team is ahead and does not want to drag the game out by
    creating an extra possession" - normal offense after the steal adds nothing."""
    g = at(9, roll(1, 12, 5) + TO, **STEALERS)
    play(g)
    g.step(A.NORMAL_AFTER_STEAL)
    play(g)
    assert where(g) == (8, 0, 0) and not events(g, "extra_possession")


def test_last_nine_never_double_up():
    """"Note that you can never "double up" to create more than one extra possession. For example, if
    one team fouls and the other steals and runs a fast break, you still only have one total extra
    possession for each team in the bottom of the possession box."
    """
    g = at(9, FOULED + roll(1, 12, 5) + roll(1, 55, 5) + TO, **STEALERS)
    play(g)  # away fouled: extra
    play(g)  # away steals from the home PG
    g.step(A.FAST_BREAK)  # away bottom half on the fast break
    assert len(events(g, "extra_possession")) == 1
    play(g)  # home bottom half
    assert where(g) == (8, 0, 0)


def test_last_nine_foul_in_bottom_half_adds_nothing():
    """"Likewise, if one of those things happens while playing the bottom half of a box, even if you get
    another foul or steal and fast break it does not add another possession below."
    """
    g = at(9, FOULED + TO + FOULED + FOULED)
    for _ in range(4):
        play(g)
    assert where(g) == (8, 0, 0) and len(events(g, "extra_possession")) == 1
    assert g.score == (22, 24)


def test_game_ends_after_top_half_of_box_1():
    """"the game will normally end once the offense completes their possession on the top half of the
    No. 1 possession"
    """
    g = at(1, roll(1, 55, 5) + TO)
    play(g), play(g)
    assert g.over and g.decision is None and g.score == (20, 22)
    assert events(g, "final")[-1].data == {"home": 20, "away": 22}


def test_box_1_foul_extends_game_to_bottom_half():
    """"but if the Away team fouls them or steals it and can run a fast break they can extend the game to
    the bottom half of the 1 possession (which also happens if the home team ran a fast break or fouled
    when the away team rolled for their "1" possession."
    """
    g = at(1, FOULED + TO + TO + TO)
    play(g), play(g)
    assert not g.over and where(g) == (1, 1, 0)
    play(g), play(g)
    assert g.over and g.score == (20, 22)


def test_no_fast_break_choice_on_the_last_possible_possession():
    """Interpretation (docs section 8): on the home team's bottom half of box 1 no possession can follow,
    so a steal there offers no fast break."""
    g = at(1, FOULED + TO + TO + roll(1, 12, 5), **STEALERS)
    for _ in range(4):
        play(g)
    assert events(g, "steal") and g.over and not events(g, "fast_break")


def test_tie_after_box_1_goes_to_overtime_with_last_nine_rules():
    """Reconstruction (docs section 1, "Overtime"): a tied game continues with 8 more boxes, numbered
    8..1, played with the last-nine rules (a foul adds a bottom half)."""
    g = at(1, TO + TO + FOULED + TO + TO + TO)
    play(g), play(g)
    assert not g.over and g.period == 1 and g.box == 8 and events(g, "overtime")
    play(g), play(g)
    assert (g.box, g.half, g.turn) == (8, 1, 0)


def test_regulation_box_9_is_shaded_box_8_is_not():
    """'Missed Final Free Throw in Shaded Possession': shaded are "44, 42, 40 to 10 on even numbers and
    the final odd numbers 9 7, 5, 3 and 1"; non-shaded "on the final 8 even numbers 8, 6, 4 and 2"."""
    g = at(9, roll(1, 55, 16) + chart(11, 1) + TO + roll(1, 55, 16))
    play(g)
    assert stat(g, HOME, 4, "DREB") == 3 + 1
    play(g), play(g)
    assert g.box == 8 and g.source.remaining == 0 and stat(g, HOME, 4, "DREB") == 3 + 2
