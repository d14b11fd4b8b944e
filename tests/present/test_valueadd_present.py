"""The Value Add presenter: what a person sees of a game (coachgym.rules.valueadd.present)."""

from __future__ import annotations

import pytest

from coachgym.rules.valueadd import RULESET, ValueAddEngine
from coachgym.rules.valueadd import actions as A
from coachgym.rules.valueadd.present import PRESENTER as P

from .presenter_checks import check_view, find, play_and_check


def new_game(seed=1, **options):
    return RULESET.new_game("harbor-city", "cedar-valley", seed=seed, options=options or None)


def names(game, side):
    return [game.teams[side].players[i].name for i in game.team_state[side].lineup]


def test_every_decision_kind_is_described_in_people_words():
    kinds = {k.kind: k for k in P.kinds()}
    assert set(kinds) == set(ValueAddEngine.decision_kinds)
    for k in kinds.values():
        assert k.title and k.explain and "_" not in k.title
    # decided from `coachgym leverage valueadd`: only the menus move the result
    assert {k for k, v in kinds.items() if v.matters} == {"defense_menu", "offense_menu", "replace_fouled_out", "d8_choice"}


def test_situation_box_countdown_from_the_20_20_start_with_names_fouls_and_matchups():
    g = new_game()
    s = P.situation(g, ("you", "by-the-book"))
    assert s.clock == "44 boxes left" and s.period.startswith("1st half")
    assert s.title == "Value Add Basketball - Cedar Valley Lumberjacks at Harbor City Gulls"
    assert dict(s.facts)["start"].startswith("20-20 after 22 assumed possessions")
    assert s.possession == 1 and s.ball == "Cedar Valley Lumberjacks ball"  # the away team rolls first
    home = s.teams[0]
    assert [p.name for p in home.on_court] == names(g, 0)
    assert [p.position for p in home.on_court] == ["PG", "SG", "SF", "PF", "C"]
    pg = home.on_court[0]
    assert pg.fouls == 1  # "all players start with one foul"
    assert pg.fatigue == "played 0 of 37"
    assert pg.guards == "Marcus Delacroix (PG)"
    assert pg.note == "gets 6"  # Dante Okafor prints a 6 and is the first with extra numbers
    labels = {r.label: r.value for r in pg.ratings}
    assert labels["3PT"] == "1-4" and labels["FT"] == "1-16" and labels["STEAL"] == "11-15" and labels["FOUL"] == "36-36"
    assert len(home.bench) == len(g.teams[0].players) - 5 and not home.bench[0].on_court


def test_stamina_reads_played_of_stamina_tired_and_exhausted():
    g = new_game()
    ts = g.team_state[0]
    okafor = ts.lineup[0]  # stamina 37
    ts.played[okafor] = 38
    assert P.situation(g).teams[0].on_court[0].fatigue.startswith("tired, played 38 of 37")
    ts.played[okafor] = 75
    assert P.situation(g).teams[0].on_court[0].fatigue.startswith("exhausted, played 75 of 37")
    g2 = new_game(rotation=1)
    assert "no fatigue under rotation option 1" in P.situation(g2).teams[0].on_court[0].fatigue


def test_defensive_switch_shows_who_guards_whom_by_name():
    g = new_game()
    view = P.decision(g, g.decision)  # home defense menu of box 44
    folded = find(view, "switches")  # the switches open from one choice: the first step stays short
    then = {c.key: c for c in folded.then}
    assert then["switch:0:4"].label == ("Dante Okafor (PG, guards Marcus Delacroix (PG)) <-> "
                                        "Owen Castellano (C, guards Ike Nwachukwu (C))")
    assert sum(len(gr.choices) for gr in view.groups) <= 12
    g.step(then["switch:0:4"].action)
    home = P.situation(g).teams[0]
    assert home.on_court[0].guards == "Ike Nwachukwu (C)"
    assert home.on_court[4].guards == "Marcus Delacroix (PG)"


def test_substitution_is_who_comes_out_then_who_goes_in():
    g = new_game()
    view = P.decision(g, g.decision)
    out = find(view, "out:0")
    assert out.label.startswith("Dante Okafor (PG")
    assert out.then_title == "Who goes in for Dante Okafor at PG?"
    tamura = next(c for c in out.then if c.label.startswith("Reggie Tamura"))
    i = g.teams[0].player_index("Reggie Tamura")
    assert tamura.action == A.SUBSTITUTE[(i, 0)]
    g.step(tamura.action)
    assert P.situation(g).teams[0].on_court[0].name == "Reggie Tamura"
    assert "Dante Okafor" in [p.name for p in P.situation(g).teams[0].bench]


def test_play_is_the_default_and_late_calls_appear_in_the_last_nine():
    g = new_game()
    view = P.decision(g, g.decision)
    assert view.default_action == A.PLAY and find(view, "play").default
    assert "late" not in {gr.id for gr in view.groups}
    g.box = 9  # the last nine: the defense may foul intentionally
    g.decision = g._next_decision()
    view = P.decision(g, g.decision)
    assert find(view, "intentional").action == A.INTENTIONAL_FOUL
    assert "intentional foul" in view.terms and dict(P.situation(g).facts)["last nine"].startswith("a foul or a fast-break")


def test_routine_asks_at_the_tip_when_a_player_is_spent_or_late_when_trailing():
    g = new_game()
    assert P.routine(g, g.decision) is None  # the first menu of the game
    g.step(A.PLAY)
    assert P.routine(g, g.decision) is None  # the away team's first menu
    g.step(A.PLAY)
    while g.box == 44 or g.decision.kind != "offense_menu" or g.decision.side != 0:
        g.step(P.routine(g, g.decision) or g.decision.legal[0])
    assert P.routine(g, g.decision) == A.PLAY  # nothing calls for the coach
    ts = g.team_state[0]
    pg = ts.lineup[0]
    ts.played[pg] = g.teams[0].players[pg].stamina
    assert P.routine(g, g.decision) is None  # his stamina is used up
    ts.played[pg] = 0
    g.box = 5
    g.team_state[0].points = g.team_state[1].points - 4
    assert P.routine(g, g.decision) is None  # 4 behind late: 3-point mode is a question


def test_fast_break_and_stick_back_name_the_player():
    g = new_game(seed=3)
    coach = [RULESET.coach("by-the-book"), RULESET.coach("by-the-book")]
    for s in (0, 1):
        coach[s].reset(g, s)
    seen = set()
    while g.decision is not None and len(seen) < 2:
        d = g.decision
        if d.kind in ("fast_break", "stick_back"):
            view = P.decision(g, d)
            slot = g.ctx["stealer"] if d.kind == "fast_break" else g.ctx["rebounder"]
            assert view.title.startswith(g.card(d.side, slot).name)
            assert view.default_action == (A.FAST_BREAK if d.kind == "fast_break" else A.STICK_BACK)
            seen.add(d.kind)
        g.step(coach[d.side].choose(g, d))
    assert seen == {"fast_break", "stick_back"}


def test_marks_grow_by_possession_box_and_half():
    g = new_game()
    m0 = P.marks(g)
    g.step(A.PLAY)
    g.step(A.PLAY)  # the away possession of box 44 is rolled
    while g.decision.kind not in ("defense_menu", "offense_menu"):
        g.step(g.decision.legal[0])
    m1 = P.marks(g)
    assert m1["dead_ball"] > m0["dead_ball"] and m1["half"] == m0["half"] == 0


@pytest.mark.parametrize("coaches,seeds", [(("by-the-book", "random"), (0, 1)), (("random", "by-the-book"), (2,))])
def test_whole_games_every_screen_renders_in_names(coaches, seeds):
    met = play_and_check("valueadd", P, seeds=seeds, coaches=coaches)
    assert {"defense_menu", "offense_menu"} <= set(met)


def test_options_one_and_two_choose_the_five_before_the_tip():
    g = new_game(rotation=2)
    view = P.decision(g, g.decision)
    assert "reserves who play boxes 44-38" in view.title
    check_view(view, g.decision.legal, P.glossary().terms)
    g.step(A.PLAY)
    g.step(A.PLAY)
    view = P.decision(g, g.decision) if g.decision.kind.endswith("menu") else None
    assert view is None or "subs" not in {gr.id for gr in view.groups}


def test_the_box_score_adds_up_with_the_20_20_start_on_a_line_of_its_own():
    """PTS = 2 FGM + 3PM + FTM for every player; the start's 20 points (the 22 assumed possessions) are
    the "start" row, so the rows add up to the TOTAL and the score; the final clock is not "Box 0"."""
    from coachgym.present import box_table
    from coachgym.present.seat import Seat

    seat = Seat.new("valueadd", opponent="by-the-book", seed=2)
    seat.continue_to("end")
    table = box_table(seat.box_score())
    col = {c.key: n + 1 for n, c in enumerate(table.columns)}
    for team in table.teams:
        *players, start = team.rows
        assert start[0] == "start (20-20)" and start[col["PTS"]] == 20
        for r in players:
            assert r[col["PTS"]] == 2 * r[col["FGM"]] + r[col["3PM"]] + r[col["FTM"]], r
        assert sum(r[col["PTS"]] for r in team.rows) == team.totals[col["PTS"]] == team.score
    sit = seat.situation()
    assert sit.clock.startswith("Final") and "Box 0" not in sit.clock


def test_enter_warns_before_a_man_plays_a_possession_tired():
    """The offense menu of a man who has played as many possessions as his stamina: "play" means he
    plays this one tired (every roll one worse); the menu says so before Enter."""
    from coachgym.rules.valueadd import RULESET
    from coachgym.rules.valueadd import actions as A
    from coachgym.rules.valueadd.present import PRESENTER as P

    g = RULESET.new_game(seed=4)
    coaches = [RULESET.coach("by-the-book"), RULESET.coach("by-the-book")]
    for side in (0, 1):
        coaches[side].reset(g, side)
    while not (g.decision.kind == "offense_menu" and g.box < 40 and A.PLAY in g.decision.legal
               and any(a in g.decision.legal for a in A.SUBSTITUTE.values())):
        g.step(coaches[g.decision.side].choose(g, g.decision))
    side = g.decision.side
    ts = g.team_state[side]
    i = ts.lineup[2]
    assert not P.decision(g, g.decision).warnings or all(g.teams[side].players[i].name not in w
                                                         for w in P.decision(g, g.decision).warnings)
    ts.played[i] = g.teams[side].players[i].stamina
    view = P.decision(g, g.decision)
    name = g.teams[side].players[i].name
    assert any(name in w and "tired" in w and w.startswith("Enter plays") for w in view.warnings)
    g.step(A.PLAY)  # he played it: now past his stamina, tired as the warning said
    assert ts.played[i] > g.teams[side].players[i].stamina
    assert "tired" in P.fatigue(g, side, i)
