"""The Statis Pro presenter (coachgym.rules.statispro.present): what a person sees, rule by rule."""

from __future__ import annotations

from coachgym.core.engine import AWAY, HOME
from coachgym.rules.statispro import RULESET
from coachgym.rules.statispro import actions as A
from coachgym.rules.statispro.constants import FOULED_OUT, PF
from coachgym.rules.statispro.present import PRESENTER as P

from .presenter_checks import check_view


def book_game(seed=12, until=None, games=1, **options):
    """A by-the-book game played until ``until(game)`` holds at a pending decision (trying up to
    ``games`` seeds); None when no game met it."""
    for s in range(seed, seed + games):
        g = RULESET.new_game(seed=s, options=options or None)
        coaches = [RULESET.coach("by-the-book"), RULESET.coach("by-the-book")]
        for side in (0, 1):
            coaches[side].reset(g, side)
        while g.decision is not None:
            if until is None or until(g):
                return g
            g.step(coaches[g.decision.side].choose(g, g.decision))
    return None


def group(view, gid):
    return next(g for g in view.groups if g.id == gid)


def test_8_1_the_clock_is_the_quarter_and_the_fac_left():
    g = RULESET.new_game(seed=1)
    s = P.situation(g, ("you", "trained"))
    assert s.clock == "Q1 about 12:00 (180 FAC left)" and s.period == "1st quarter"
    assert s.title == "Statis Pro Basketball - Chicago Bulls at New York Knicks"
    g = book_game(until=lambda g: g.period == 2 and len(g.fac) < 95)
    s = P.situation(g)
    fac = sum(1 for c in g.fac if not c.time)
    assert s.clock.startswith("Q2 about ") and f"({fac} FAC left)" in s.clock and s.period == "2nd quarter"
    minutes, seconds = map(int, s.clock.split("about ")[1].split(" ")[0].split(":"))
    assert abs(minutes * 60 + seconds - 720 * fac / 180) <= 10


def test_6_3_team_fouls_and_the_penalty_situation():
    g = RULESET.new_game(seed=2)
    g.team_state[HOME].team_fouls = 3
    assert dict(P.situation(g).teams[HOME].facts)["team fouls"] == "3"
    g.team_state[HOME].team_fouls = 4  # the fifth Team Foul of a quarter is penalized (6.3, 6.4)
    assert dict(P.situation(g).teams[HOME].facts)["team fouls"] == "4, in the penalty"
    assert not g._in_penalty(HOME) and g.penalty_next(HOME)  # read-only: nothing counted


def test_8_4_timeouts_left_follow_the_limits_of_the_last_quarter():
    g = RULESET.new_game(seed=3)
    assert dict(P.situation(g).teams[AWAY].facts)["timeouts"] == "7 + a 20-second"
    g.team_state[AWAY].timeouts_used, g.team_state[AWAY].timeouts20_used = 2, 1
    assert dict(P.situation(g).teams[AWAY].facts)["timeouts"] == "5"
    g.period, g.team_state[AWAY].timeouts_q4 = 4, 3  # at most four in the last quarter
    assert P.timeouts_left(g, AWAY) == 1


def test_16_index_points_and_what_may_be_spent_this_period():
    g = RULESET.new_game(seed=4)
    side = HOME if g.team_state[HOME].index else AWAY
    facts = dict(P.situation(g).teams[side].facts)
    quarter = -(-g.team_state[side].index_start // 4)
    assert facts["Index Points"] == f"{g.team_state[side].index}, {min(g.team_state[side].index, quarter)} usable this period"
    assert "Index Points" not in dict(P.situation(g).teams[1 - side].facts)


def test_3_2_cards_show_effective_ratings_who_guards_whom_and_out_of_position():
    g = RULESET.new_game(seed=5)
    s = P.situation(g)
    home = s.teams[HOME]
    starks = home.on_court[0]
    assert starks.position == "PG" and starks.guards == g.pname(AWAY, 0)
    assert [r.label for r in starks.ratings][:6] == ["FG", "ATT", "3PT", "DEF", "REB", "FT"]
    assert {r.label: r.value for r in starks.ratings}["FG"] == str(g.player(HOME, 0).field_goal)
    # a position shift puts Starks (a guard) at C: his defensive ratings halved (3.2)
    g.team_state[HOME].lineup[0], g.team_state[HOME].lineup[4] = g.team_state[HOME].lineup[4], g.team_state[HOME].lineup[0]
    g._dirty()
    card = next(c for c in P.situation(g).teams[HOME].on_court if c.name == starks.name)
    assert card.position == "C" and "out of position" in card.note
    p = g.player(HOME, 4)
    defense = {r.label: r for r in card.ratings}["DEF"]
    assert defense.value == f"{int(p.defense / 2):+d}" and f"card: {p.defense:+d}" in defense.explain


def test_8_5_a_substitution_is_who_comes_out_then_who_goes_in():
    g = RULESET.new_game(seed=6)
    view = P.decision(g, g.decision)
    assert view.kind == "menu:set_piece" and view.default_action == A.PLAY_ON
    check_view(view, g.decision.legal, P.glossary().terms)
    subs = group(view, "substitution")
    out = subs.choices[0]
    assert out.label.startswith("PG " + g.pname(g.decision.side, 0)) and out.then_title.startswith("Who goes in for")
    side = g.decision.side
    for c in out.then:
        i = int(c.key.split(":")[1])
        assert c.action == A.SUBSTITUTE[(i, 0)] and c.label.startswith(g.teams[side].players[i].name)


def test_5_5_a_double_team_names_their_man_then_our_helper_and_who_is_left_open():
    g = RULESET.new_game(seed=7)
    side = g.decision.side
    view = P.decision(g, g.decision)
    dt = group(view, "double_team")
    assert len(dt.choices) == 1  # folded: one choice in the first step that opens the pairs
    pairs = dt.choices[0].then
    on_pg = [c for c in pairs if c.key.startswith("dt:0:")]
    assert [c.action for c in on_pg] == [A.DOUBLE_TEAM[(0, h)] for h in (1, 2, 3, 4)]  # never his PD, our PG
    helper = on_pg[0]  # our SG: he leaves their SG open
    assert helper.label == (f"on their PG {g.pname(1 - side, 0)}, helped by: SG {g.pname(side, 1)} "
                            f"(leaves {g.pname(1 - side, 1)} open)")
    assert helper.action == A.DOUBLE_TEAM[(0, 1)] and "Open Shot" in helper.explain and "ATTEMPTS -5" in helper.explain
    g.step(helper.action)
    g.step(A.PLAY_ON)
    facts = dict(P.situation(g).teams[side].facts)
    assert facts["Double Team"] == f"on {g.pname(1 - side, 0)}, {g.pname(side, 1)} helps"


def test_6_5_a_man_who_fouled_out_is_replaced_by_name():
    g = book_game(seed=8, until=lambda g: g.decision.kind == "menu" and A.PLAY_ON not in g.decision.legal, games=8)
    if g is None:  # (the seeds met no forced replacement: make one)
        g = book_game(seed=8, until=lambda g: g.decision.kind == "menu" and g.menu.get("kind") == "dead")
        side = g.decision.side
        i = g.team_state[side].lineup[2]
        g.team_state[side].stats[i][PF] = 6
        g.team_state[side].status[i] = FOULED_OUT
        g._dirty(side)
        g.decision = g._next_decision()
    d = g.decision
    view = P.decision(g, d)
    assert view.kind == "menu:replace" and view.default_action is None
    assert "who replaces him at" in view.title
    check_view(view, d.legal, P.glossary().terms)


def test_5_4_routine_dead_balls_pass_but_a_rest_period_start_or_a_tired_man_is_asked():
    quiet = book_game(seed=9, until=lambda g: g.decision.kind == "menu" and g.menu.get("kind") == "dead"
                      and A.PLAY_ON in g.decision.legal and not g.rp_grace and not g.final_two
                      and not any(g.team_state[g.decision.side].tired[i] or g.team_state[g.decision.side].mandatory_rest[i] for i in g.team_state[g.decision.side].lineup)
                      and not P.calls(g, g.decision))
    assert P.routine(quiet, quiet.decision) == A.PLAY_ON and P.auto_kind(quiet, quiet.decision) == "menu:dead"
    rest = book_game(seed=9, until=lambda g: dead_menu(g) and g.rp_grace and needing_rest(g))
    assert P.routine(rest, rest.decision) is None
    assert "A Rest Period has just begun" in P.decision(rest, rest.decision).explain
    assert "not rested this half" in P.decision(rest, rest.decision).explain
    # a set piece is always put to the person
    start = RULESET.new_game(seed=9)
    assert P.routine(start, start.decision) is None


def dead_menu(g) -> bool:
    d = g.decision
    return d.kind == "menu" and g.menu.get("kind") == "dead" and A.PLAY_ON in d.legal and any(
        A.SUB_RANGE[0] <= a <= A.SUB_RANGE[1] for a in d.legal)


def needing_rest(g) -> list[int]:
    side, half = g.decision.side, 0 if g.period <= 2 else 1
    return [i for i in g.team_state[side].lineup if P.needs_rest(g, side, i, half)]


def test_5_4_a_rest_period_start_calls_only_while_a_man_on_the_floor_still_needs_his_rest():
    """The first dead ball of a Rest Period matters for a man who has not rested this half (5.4:
    benched now, he rests the whole period); when everybody on the floor has had his rest (or his
    card spares him), nothing changed for the coach and play goes on."""
    g = book_game(seed=9, until=lambda g: dead_menu(g) and g.rp_grace and needing_rest(g)
                  and len(P.calls(g, g.decision)) == 1)
    assert P.routine(g, g.decision) is None
    side, half = g.decision.side, 0 if g.period <= 2 else 1
    for i in g.team_state[side].lineup:
        g.team_state[side].rested[i][half] = True  # everybody on the floor has rested this half
    assert P.calls(g, g.decision) == [] and P.routine(g, g.decision) == A.PLAY_ON


def test_6_5_foul_trouble_calls_at_the_stoppage_of_the_foul_only():
    """A foul that puts a man in foul trouble calls for the coach at its own dead ball; at later
    dead balls (a FAC has been drawn in play since) he was already asked, and play goes on."""
    def trouble_now(g):
        return dead_menu(g) and any("fouls." in c for c in P.calls(g, g.decision))

    g = book_game(seed=9, until=trouble_now)
    assert P.routine(g, g.decision) is None
    foul = next(e for e in reversed(g.log.events) if e.kind == "foul" and e.side == g.decision.side)
    assert any(c.split(" has ")[0] in foul.text for c in P.calls(g, g.decision) if "fouls." in c)

    def trouble_later(g):  # a man in foul trouble on the floor at a later dead ball, nothing else calling
        if not dead_menu(g) or g.final_two or g.rp_grace:
            return False
        side = g.decision.side
        trouble = min(g.foul_out - 1, g.period + 1)
        return any(g.team_state[side].stats[i][PF] >= trouble for i in g.team_state[side].lineup) and not P.calls(g, g.decision)

    later = book_game(seed=9, until=trouble_later)
    assert P.routine(later, later.decision) == A.PLAY_ON


def test_4_5_shoot_or_advance_gives_the_number_the_shot_needs():
    g = book_game(seed=10, until=lambda g: g.decision.kind == "ballhandler")
    view = P.decision(g, g.decision)
    assert view.kind in ("ballhandler", "ballhandler:late")
    check_view(view, g.decision.legal, P.glossary().terms)
    off, s = g.off, g.ballhandler
    e, de = g.eff(off)[s], g.eff(1 - off)[g.pd_slot(off, s)]
    shoot = next(c for c in view.choices() if c.action == A.SHOOT)
    forced = max(0, g.pass_no - e[1])
    if "Three-Pointer" not in shoot.explain:
        assert f"good on SHOT # {max(0, e[0] + de[11] - forced)} or less" in shoot.explain
    assert view.title.startswith(g.pname(off, s))
    assert P.situation(g).ball.startswith(f"{g.teams[off].name} ball: {g.pname(off, s)} has it")


def test_every_in_play_decision_kind_renders_in_words():
    """The rarer in-play decisions (Pass to Choice, Fast Break, PRESS, fouling, free throws, Index
    Points, the coach's choices) met over a few book games with the 2015 deliberate fouls."""
    met = set()
    for seed in range(20, 26):
        g = RULESET.new_game(seed=seed, options={"deliberate_fouls": True})
        coaches = [RULESET.coach("by-the-book"), RULESET.coach("random", seed=seed)]
        for side in (0, 1):
            coaches[side].reset(g, side)
        while g.decision is not None:
            d = g.decision
            if d.kind != "menu":
                view = P.decision(g, d)
                check_view(view, d.legal, P.glossary().terms)
                assert view.title[0].isupper() and view.explain
                met.add(d.kind)
            g.step(coaches[d.side].choose(g, d))
    assert {"ballhandler", "pass_to", "fast_break", "three_or_two", "index", "stop_clock"} <= met, met


def test_the_default_auto_play_is_the_menus_as_leverage_found():
    from coachgym.present.presenter import default_autoplay

    assert default_autoplay(P) == {"menu:set_piece", "menu:dead", "menu:replace"}
    from coachgym.rules.statispro.present import TEXTS  # the figures behind it, kept beside the texts

    rows = TEXTS.leverage["rows"]
    assert set(rows) == {k.kind for k in P.kinds()}
    assert rows["menu:dead"]["margin"] < -10 and rows["menu:set_piece"]["margin"] < -10


def _dead_menu(period):
    return book_game(seed=20, until=lambda g: g.period == period and g.decision.kind == "menu"
                     and g.menu.get("kind") == "dead" and A.PLAY_ON in g.decision.legal
                     and any(A.SUB_RANGE[0] <= a <= A.SUB_RANGE[1] for a in g.decision.legal))


def test_5_4_enter_warns_before_the_last_rest_period_fatigues_unrested_men():
    g = _dead_menu(2)
    side = g.decision.side
    g.rest_period, g.rp_grace = 1, True  # the first dead ball after the 5:00 Time card: the last whole Rest Period before 9:00
    i = g.team_state[side].lineup[0]
    g.team_state[side].rested[i][0] = False
    g.team_state[side].tired[i] = False
    g.teams[side].players[i].rest = 0
    view = P.decision(g, g.decision)
    assert view.default_action == A.PLAY_ON
    name = g.teams[side].players[i].name
    warn = [w for w in view.warnings if name in w]
    assert warn and "FATIGUED at the 9:00 card" in warn[0] and warn[0].startswith("Enter plays on")
    g._time_card("9:00")  # what the warning said: still on the floor at 9:00, he is Fatigued (5.4)
    assert g.team_state[side].tired[i]
    g.rest_period, g.rp_grace = 0, True  # before the 5:00 card there is still a whole Rest Period to come: no warning
    assert not [w for w in P.decision(g, g.decision).warnings if "FATIGUED" in w]


def test_8_4_enter_warns_before_the_time_card_charges_a_timeout():
    g = _dead_menu(2)
    side = g.decision.side
    assert A.TIMEOUT in g.decision.legal
    g.rest_period = 0
    g.team_state[side].timeouts_used, g.team_state[side].owed_timeout = 0, False
    view = P.decision(g, g.decision)
    assert any("you are charged one" in w and "(8.4)" in w for w in view.warnings)
    g.team_state[side].timeouts_used = 2  # as many timeouts as quarters: nothing is charged
    assert not any("(8.4)" in w for w in P.decision(g, g.decision).warnings)


def test_menus_first_step_is_folded_and_labels_have_no_empty_parts():
    """Position shifts, PD cards, Double Teams and plays open their lists from one choice each: the
    opening set piece (everything legal) offers at most 12 choices at first; no label ends in ", )"."""
    g = RULESET.new_game(seed=6)
    view = P.decision(g, g.decision)
    first = sum(len(gr.choices) for gr in view.groups)
    assert first <= 12, [gr.id for gr in view.groups]
    assert len(group(view, "position").choices[0].then) == 10
    labels = [c.label for gr in view.groups for c in gr.choices] + [t.label for c in view.choices() for t in [c]]
    assert not [lab for lab in labels if ", )" in lab or "(, " in lab]


def test_8_5_substitution_keys_are_roster_numbers_that_do_not_move():
    g = RULESET.new_game(seed=6)
    side = g.decision.side
    subs = group(P.decision(g, g.decision), "substitution").choices
    keys = {c.shortcut: c for c in subs[0].then}
    for c in subs[0].then:  # his roster number, whatever the list's order
        assert g.teams[side].players[int(c.shortcut) - 1].name in c.label
    assert [c.shortcut for c in subs] == [str(i + 1) for i in g.team_state[side].lineup]
    first_in = subs[0].then[0]
    g.step(first_in.action)  # a bench man goes in: the others keep their keys
    after = {c.shortcut: c.label.split(" (")[0] for c in group(P.decision(g, g.decision), "substitution").choices[0].then}
    for k, name in after.items():
        if k in keys:
            assert keys[k].label.split(" (")[0] == name
