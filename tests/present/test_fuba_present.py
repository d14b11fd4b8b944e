"""The FUBA presenter: what a person sees of a match (coachgym.rules.fuba.present)."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from coachgym.core.engine import AWAY, HOME
from coachgym.rules.fuba import RULESET, FubaEngine
from coachgym.rules.fuba import actions as AT
from coachgym.rules.fuba.board import INDEX
from coachgym.rules.fuba.options import ADVANCED
from coachgym.rules.fuba.present import PRESENTER as P
from coachgym.rules.fuba.present import creative_chance, keep_chance
from tests.fuba.helpers import pick, scenario

from . import presenter_checks as checks
from .presenter_checks import check_view, find, play_and_check

BOARD = json.loads(resources.files("coachgym.rules.fuba").joinpath("data", "board.json").read_text(encoding="utf-8"))


def book_game(seed=4, until=None, options=None):
    return checks.book_game("fuba", seed, until, options, coach_seeds=(1, 2))


def test_every_decision_kind_is_described_and_the_turn_is_the_persons():
    kinds = {k.kind: k for k in P.kinds()}
    assert set(kinds) == set(FubaEngine.decision_kinds)
    person = {k for k, v in kinds.items() if v.matters}
    assert {"formation", "action", "pass_to", "goal_attempt", "sprint", "sprint_to", "setup"} <= person
    assert not {"reaction", "reaction_to", "moves", "moves_to"} & person  # the book keeps the shape there


def test_1_4_board_lists_the_13_areas_and_corner_spots_with_both_teams_pieces_and_the_ball():
    g = scenario(home=["H-PA", "H-F", "C", "C", "A-F"], away=["A-PA", "A-F", "A-F", "C"], ball="A-F", bv=3, ct=HOME,
                 stage="actions")
    board = P.situation(g).board
    assert [a.id for a in board] == [a["id"] for a in BOARD["areas"]]
    assert [a.name for a in board] == [a["name"] for a in BOARD["areas"]]
    for a in board:
        for side in (HOME, AWAY):
            assert sum(1 for p in a.pieces if p["side"] == side) == g.raw_count(side, INDEX[a.id])
        assert a.ball == (a.id == "A-F")
    keeper = next(p for p in board[INDEX["A-PA"]].pieces)
    assert keeper == {"side": AWAY, "name": "Goalkeeper", "role": "goalkeeper", "number": 1, "zone": "defence zone"}
    piece = next(p for p in board[INDEX["A-F"]].pieces if p["side"] == HOME)  # anonymous: a player in his attack zone
    assert piece["name"] == "Player" and piece["role"] == "outfield player" and piece["zone"] == "attack zone"


def test_2_1_pieces_are_players_of_no_line_and_the_formation_line_of_the_balls_zone_counts():
    # a 3-5-2 with seven pieces in its defence zone: "7 players", never "7 defenders" beside a card of 3
    g = scenario(home=["H-PA", "H-F", "H-F", "H-F", "H-F", "H-NC", "H-NC", "H-SC", "C", "C", "A-F"],
                 away=["A-PA", "A-F", "A-F", "C"], ball="H-F", bv=3, ct=AWAY, stage="actions",
                 formations=((3, 5, 2), (4, 4, 2)))
    home = P.situation(g, ("you", "by-the-book")).teams[HOME]
    cards = {c.position: c for c in home.on_court}
    assert cards["H-F"].name == "4 players" and cards["H-NC"].name == "2 players" and cards["H-SC"].name == "1 player"
    assert "defence zone" in cards["H-F"].note and "attack zone" in cards["A-F"].note
    for c in home.on_court:
        assert not any(w in c.name.lower() for w in ("defender", "midfielder", "forward")), c.name
    # 4.2.1: with the ball in the home defence zone the home team's actions come from its 3 defenders
    assert dict(home.facts)["actions"] == "from 3 defenders (ball in the defence zone, 4.2.1)"
    g.ball = INDEX["C"]
    assert dict(P.situation(g).teams[HOME].facts)["actions"].startswith("from 5 midfielders")


def test_situation_shows_minute_ball_area_ball_value_and_who_controls():
    g = scenario(home=["H-PA", "H-F", "C", "C", "A-F"], away=["A-PA", "A-F", "A-F", "C"], ball="A-F", bv=3, ct=HOME,
                 stage="actions", minute=63, half=2, actions=2)
    s = P.situation(g, ("you", "by-the-book"))
    assert s.clock == "63'" and s.period == "2nd half"
    assert s.possession == HOME
    assert s.ball.endswith("ball in the area in front of the away penalty area (A-F), ball value 3")
    assert dict(s.facts)["turn"].endswith("2 actions left")
    home = s.teams[0]
    assert [(c.name, c.position) for c in home.on_court][0] == ("Goalkeeper", "H-PA")
    assert dict(home.facts)["formation"] == "4-4-2"


def test_4_7_pass_targets_show_the_modified_ball_value_and_the_chances():
    g = scenario(home=["H-PA", "H-F", "C", "C", "A-F"], away=["A-PA", "A-F", "A-F", "C"], ball="C", bv=3, ct=HOME,
                 stage="actions")
    pick(g, "action", what="pass")
    view = P.decision(g, g.decision)
    check_view(view, g.decision.legal, P.glossary().terms)
    values = g.pass_targets(HOME)
    target = find(view, "pass:A-F")
    v = values[INDEX["A-F"]]
    assert target.label.endswith(f"ball value {v}")
    assert f"keep the ball {round(100 * keep_chance(v))}%" in target.explain
    assert f"creative {round(100 * creative_chance(v))}%" in target.explain
    assert target in next(gr for gr in view.groups if gr.id == "forward").choices


def test_4_3_action_stage_groups_pressing_positioning_and_sprint_for_the_defending_team():
    g = scenario(home=["H-PA", "H-F", "C", "C", "A-F"], away=["A-PA", "A-F", "A-F", "C", "C"], ball="C", bv=4, ct=AWAY,
                 phasing=HOME, stage="actions", actions=2)
    view = P.decision(g, g.decision)
    assert view.title.endswith("2 actions left - what next?")
    pressing = find(view, "pressing")
    assert "below 4" in pressing.explain  # 2 v 2 at the ball: no +1
    assert {gr.id for gr in view.groups} >= {"defend", "move", "end"}


def test_4_8_goal_attempt_states_what_the_die_needs():
    g = book_game(until=lambda g: g.decision.kind == "goal_attempt")
    view = P.decision(g, g.decision)
    need = g.goal_need(g.decision.side)
    assert (f"a die of {need} or more scores" if need <= 6 else "a difficult attempt") in view.explain
    assert view.default_action == AT.TABLE.index("goal_attempt", shoot=True)


def test_2_1_formation_cards_first_then_other_formations_in_two_steps():
    g = RULESET.new_game(seed=1)
    view = P.decision(g, g.decision)
    cards = next(gr for gr in view.groups if gr.id == "cards")
    assert [c.label for c in cards.choices][:3] == ["4-4-2", "4-3-3", "4-5-1"]
    assert find(view, "formation:4-4-2").explain == "4 defenders, 4 midfielders, 2 forwards"
    # the first step: the eight cards and one choice that opens every other split (was 16 choices)
    assert sum(len(gr.choices) for gr in view.groups) == 9
    other = find(view, "formation:other")
    assert len(other.then) == len(g.decision.legal) - 8 and "6-2-2" in [c.label for c in other.then]
    defenders = [int(c.label.split("-")[0]) for c in other.then]
    assert defenders == sorted(defenders)  # by number of defenders
    check_view(view, g.decision.legal, P.glossary().terms)


def test_3_3_1_a_kick_off_setup_like_the_last_one_is_repeated():
    g = book_game(until=lambda g: g.decision.kind == "setup" and g.half == 2 and g.decision.side == HOME)
    last = next(e for e in reversed(g.log.events) if e.kind == "setup" and e.data["setup"] == "kickoff")
    piece = g.team_state[HOME].pos.index(-2)
    again = AT.PLACE[last.data["home"][piece]]
    assert P.routine(g, g.decision) == (again if again in g.decision.legal else None)
    first = RULESET.new_game(seed=1)
    while first.decision.kind != "setup":
        first.step(first.decision.legal[0])
    assert P.routine(first, first.decision) is None  # the first kick-off setup is the person's


def test_marks_count_turns_restarts_and_halves():
    g = book_game(until=lambda g: g.half == 2)
    m = P.marks(g)
    assert m["half"] == 2 and m["turn"] == g.turns and m["dead_ball"] >= 2


@pytest.mark.parametrize("options", [None, {n: True for n in ADVANCED}])
def test_whole_matches_every_screen_renders(options):
    met = play_and_check("fuba", P, seeds=[0], coaches=("by-the-book", "random"), options=options)
    assert {"formation", "setup", "action", "pass_to"} <= set(met)
    if options:
        assert {"roles", "substitutions"} <= set(met)


def test_teams_play_in_their_colours_unless_the_two_would_look_alike():
    """present.json 'kits': Blue FC in blue, Yellow FC in yellow; a mirror match, or a kit that is the
    other side's own colour, keeps the sides' colours (home red, away blue) so the teams stay apart."""
    from coachgym.present.texts import SIDE_COLOURS
    from coachgym.rules.fuba.present import TEXTS

    g = RULESET.new_game("blue", "yellow", seed=3)
    home, away = P.situation(g).teams
    assert (home.colour, away.colour) == (TEXTS.kits["Blue FC"], TEXTS.kits["Yellow FC"])
    g = RULESET.new_game("yellow", "blue", seed=3)
    assert [t.colour for t in P.situation(g).teams] == [TEXTS.kits["Yellow FC"], TEXTS.kits["Blue FC"]]
    g = RULESET.new_game("blue", "blue", seed=3)
    assert [t.colour for t in P.situation(g).teams] == ["", ""]
    assert TEXTS.kit_colours(["Blue FC", "a team of my own"]) == ("", "")  # blue against the away side's blue
    assert TEXTS.kit_colours(["a team of my own", "Yellow FC"]) == ("", TEXTS.kits["Yellow FC"])
    assert SIDE_COLOURS[1] == TEXTS.kits["Blue FC"]
