"""The 4th Street presenter: what a person sees of a game (coachgym.rules.fourthstreet.present)."""

from __future__ import annotations

import pytest

from coachgym.rules.fourthstreet import RULESET, FourthStreetEngine
from coachgym.rules.fourthstreet import actions as A
from coachgym.rules.fourthstreet.present import PRESENTER as P
from coachgym.rules.fourthstreet.present import free_throw_chance

from . import presenter_checks as checks
from .presenter_checks import check_view, find, play_and_check


def book_game(seed=12, until=None, **options):
    return checks.book_game("fourthstreet", seed, until, options or None)


def test_every_decision_kind_is_described_and_the_jumper_left_to_the_book():
    kinds = {k.kind: k for k in P.kinds()}
    assert set(kinds) == set(FourthStreetEngine.decision_kinds)
    assert not kinds["jumper"].matters
    assert all(kinds[k].matters for k in ("lineup", "offense", "defense", "replace"))


def test_situation_quarter_clocks_fouls_timeouts_and_card_ratings():
    g = book_game(until=lambda g: g.period == 2 and g.decision.kind == "offense")
    s = P.situation(g, ("you", "by-the-book"))
    assert s.clock.startswith("Q2 ") and s.period == "2nd quarter"
    assert dict(s.facts)["shot clock"] == f"{g.shot_clock} seconds"
    home = s.teams[0]
    facts = dict(home.facts)
    assert facts["timeouts left"] == str(g.team_state[0].timeouts)
    assert facts["team fouls"].startswith(f"{g.team_state[0].team_fouls} this quarter")
    card = home.on_court[0]
    p = g.player(0, 0)
    assert card.name == p.name and card.position == "\u2460"
    ratings = {r.label: r.value for r in card.ratings}
    assert ratings["L1"] == str(p.off[1]) and ratings["DEF"] == "/".join(map(str, p.dfn[1:]))
    assert ratings["dRb"] == f"{p.drb}({p.trb})" and ratings["fat"] == str(p.fat) and ratings["rec"] == str(p.rec)
    assert card.guards == f"{g.player(1, 0).name} (\u2460)"  # man-to-man: number on number
    assert all(c.name for c in home.bench) and all(not c.on_court for c in home.bench)


def test_fatigue_reads_minutes_on_against_the_fat_rating_and_rest_on_the_bench():
    g = book_game(until=lambda g: g.decision.kind == "offense" and g.period == 1 and g.clock < 600)
    i = g.team_state[0].lineup[0]
    p = g.teams[0].players[i]
    g.stint[0][i] = p.fat * 60 + 30
    g.team_state[0].fatigue_points[i] = 2
    text = P.situation(g).teams[0].on_court[0].fatigue
    assert text.startswith("worn out: ") and ")" not in text and f"fat {p.fat}" in text and "2 fatigue points: die -2" in text
    bench = [c for c in P.situation(g).teams[0].bench if c.fatigue.startswith("resting")]
    assert all(" of " in c.fatigue for c in bench)


def test_double_team_then_helper_names_who_is_left_open():
    g = book_game(until=lambda g: g.decision.kind == "defense" and A.DEF_PRESS[0] in g.decision.legal)
    d = g.decision
    view = P.decision(g, d)
    assert view.default_action == A.DEF_MAN[0] and find(view, "man").default
    double = find(view, "double")  # folded: one choice that opens the list (issue 22: a short first step)
    assert double.then_title == "Whom do you double-team, and in which defense?"
    press = {c.key: c for c in double.then}["double:4:press"]
    assert press.label.startswith(f"Double-team {g.player(1 - d.side, 4).name} (\u2464, ") and press.label.endswith(
        " pts), in the press")
    assert press.action == A.DEF_PRESS[5]
    g.step(press.action)
    helper = P.decision(g, g.decision)
    assert g.decision.kind == "helper" and helper.title.startswith(f"Who helps double-team {g.player(1 - d.side, 4).name}")
    choice = helper.groups[0].choices[0]
    s = g.actions[choice.action]["slot"]
    assert f"leaves {g.player(1 - d.side, s).name} open" in choice.explain
    assert dict(P.situation(g).teams[d.side].facts)["defense"] == f"press, double-teaming {g.player(1 - d.side, 4).name} (\u2464)"
    g.team_state[d.side].helper = s  # what the helper call sets (the engine then runs the setup play at once)
    team = P.situation(g).teams[d.side]
    assert team.on_court[s].guards == f"helps on {g.player(1 - d.side, 4).name}; {g.player(1 - d.side, s).name} is open"
    assert team.on_court[4].guards.endswith(f"with {g.player(d.side, s).name}")


def test_substitution_is_who_comes_out_then_who_goes_in():
    g = RULESET.new_game(seed=1)  # the home team's window before the opening tip
    view = P.decision(g, g.decision)
    assert view.title.endswith("before the opening tip?")
    out = find(view, "out:2")
    first = out.then[0]
    b = int(first.key.split(":")[1])
    assert first.action == A.SUB[(2, b)]
    g.step(first.action)
    assert P.situation(g).teams[0].on_court[2].name == g.teams[0].players[b].name


def test_routine_keeps_the_defense_in_force_and_runs_the_setup_play():
    g = book_game(until=lambda g: g.decision.kind == "defense" and g.decision.legal[0] >= A.SETUP
                  and A.DEF_PRESS[0] in g.decision.legal)
    side = g.decision.side
    g.team_state[side].defense_mode = "press"
    assert P.routine(g, g.decision) == A.DEF_PRESS[0]
    g.team_state[side].defense_mode = "man"
    assert P.routine(g, g.decision) == A.DEF_MAN[0]
    g2 = book_game(until=lambda g: g.decision.kind == "offense" and g.decision.legal[0] >= A.SETUP and g.period < 4)
    assert P.routine(g2, g2.decision) == A.SETUP


def test_routine_asks_before_the_tip_and_in_the_last_minute():
    g = RULESET.new_game(seed=1)
    assert P.routine(g, g.decision) is None
    for seed in range(12, 40):  # a game whose last minute reaches the choice on the last free throw
        g = book_game(seed=seed, until=lambda g: g.decision.kind == "free_throw")
        if g.decision is not None:
            break
    assert P.routine(g, g.decision) is None
    view = P.decision(g, g.decision)
    assert view.default_action == A.FT_NORMAL
    shooter = g.teams[g.decision.side].players[g.ctx["shooter"]]
    assert f"{free_throw_chance(shooter):.0%}" in find(view, "shoot").explain


def test_marks_count_stoppages_and_periods():
    g = RULESET.new_game(seed=3)
    coaches = [RULESET.coach("by-the-book"), RULESET.coach("by-the-book")]
    for s in (0, 1):
        coaches[s].reset(g, s)
    first = P.marks(g)
    while g.period < 3:
        g.step(coaches[g.decision.side].choose(g, g.decision))
    later = P.marks(g)
    assert later["period"] == 3 and later["half"] == 2 and later["dead_ball"] > first["dead_ball"] + 10


@pytest.mark.parametrize("coaches,options", [(("by-the-book", "random"), None), (("random", "random"), {"zone_defense": True})])
def test_whole_games_every_screen_renders_in_names(coaches, options):
    met = play_and_check("fourthstreet", P, seeds=[0], coaches=coaches, options=options)
    assert {"lineup", "offense", "defense"} <= set(met)
    if options:
        assert "token" in met


def test_zone_calls_show_the_alignment_and_the_tokens_by_zone():
    g = book_game(seed=2, until=lambda g: g.decision.kind == "defense", zone_defense=True)
    view = P.decision(g, g.decision)
    check_view(view, g.decision.legal, P.glossary().terms)
    zones = find(view, "zone")  # folded behind one choice (the zone in force, if any, stays in sight)
    collapsed = next(c for c in zones.then if c.key == "zone:collapsed")
    assert "open: 2A, 3A, 3D" in collapsed.explain
    g.step(A.DEF_ZONE_PLACE)
    token = P.decision(g, g.decision)
    check_view(token, g.decision.legal, P.glossary().terms)
    assert token.title.startswith("Zone token \u2460")


def test_12_enter_warns_before_a_worn_out_man_plays_on():
    """Fatigue (12): a man on the court past his fat rating gets a fatigue point in each matchup; a
    call that offers substitutions says so before Enter runs the play with him."""
    g = RULESET.new_game(seed=3)
    coaches = [RULESET.coach("by-the-book"), RULESET.coach("by-the-book")]
    for side in (0, 1):
        coaches[side].reset(g, side)
    subs = set(A.SUB.values())
    while not (g.decision.kind in ("offense", "defense") and subs & set(g.decision.legal)
               and g.phase != "pregame"):
        g.step(coaches[g.decision.side].choose(g, g.decision))
    side = g.decision.side
    i = g.team_state[side].lineup[0]
    name = g.teams[side].players[i].name
    assert not any(name in w for w in P.decision(g, g.decision).warnings if "worn out" in w) or \
        g.stint[side][i] >= g.teams[side].players[i].fat * 60
    g.stint[side][i] = g.teams[side].players[i].fat * 60 + 30
    view = P.decision(g, g.decision)
    assert view.default_action is not None
    assert any(name in w and "worn out" in w and "fatigue point" in w for w in view.warnings)


def test_the_first_step_shows_at_most_12_choices_play_it_safe_and_double_team_folded():
    """Issue 22: play it safe (one choice that opens the five) and the double team (one that opens
    the opponents, in man-to-man or in the press) are folded, as Statis Pro's shifts are."""
    rs, worst, folded = RULESET, {}, set()
    for seed in (3, 4):
        g = rs.new_game(seed=seed)
        coaches = [rs.coach("by-the-book", seed=seed), rs.coach("random", seed=seed)]
        for side in (0, 1):
            coaches[side].reset(g, side, seed)
        while g.decision is not None:
            view = P.decision(g, g.decision)
            worst[view.kind] = max(worst.get(view.kind, 0), sum(len(gr.choices) for gr in view.groups))
            folded |= {c.key for gr in view.groups for c in gr.choices if c.then and c.key in ("safe", "double")}
            g.step(coaches[g.decision.side].choose(g, g.decision))
    assert max(worst.values()) <= 12, worst
    assert folded == {"safe", "double"}
