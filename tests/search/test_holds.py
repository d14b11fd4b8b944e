"""Rollouts that hold the option under evaluation (coachgym.search.holds), in every ruleset.

Each test builds a position where the book, left alone, would reverse the option at its next
decisions (Statis Pro: it substitutes the Double Team's helper out and shifts positions back; 4th
Street: it calls its own defense again; Value Add: it brings its own player back; FUBA: it presses
where the option positions), and checks, on small seeded rollouts, that the held rollouts keep the
option in force where the unheld ones lose it, that the option's value then differs from the
book's, and that `analyze` flags an option it did not hold.
"""

from __future__ import annotations

import pytest

from coachgym import rulesets
from coachgym.core.errors import ConfigError
from coachgym.search import analyze
from coachgym.search.holds import Hold, Scope, ScopeClock, hold_spec, parse_scope, settings
from coachgym.search.rollouts import Policies, round_seed, run_rounds


def _position(name: str, seed: int, pick, skip: int = 0):
    """A book-against-book game of ``name`` at the first decision (after ``skip``) where
    ``pick(game, decision, book_choice)`` names an option; returns (game, option, book choice)."""
    rs = rulesets.get(name)
    g = rs.new_game(seed=seed, record_events=False)
    coaches = [rs.coach("by-the-book", seed=1), rs.coach("by-the-book", seed=2)]
    coaches[0].reset(g, 0, 1)
    coaches[1].reset(g, 1, 2)
    n = 0
    while g.decision is not None:
        d = g.decision
        book = coaches[d.side].choose(g, d)
        if n >= skip:
            option = pick(g, d, book)
            if option is not None:
                return g, option, book
        g.step(book)
        n += 1
    raise AssertionError(f"{name}: no such position in game {seed}")


def _kind(g, a):
    return g.actions[a].kind


def _statispro_double_team(g, d, book):
    if d.kind != "menu" or g.period < 1:
        return None
    from coachgym.agents.statispro import star_double_team

    a = star_double_team(g, d.side)
    return a if a in d.legal and a != book else None


def _statispro_shift(g, d, book):
    shifts = [a for a in d.legal if _kind(g, a) == "swap_positions"]
    return shifts[0] if d.kind == "menu" and g.period >= 1 and shifts and book not in shifts else None


def _fourthstreet_press(g, d, book):
    from coachgym.rules.fourthstreet import actions as A

    return A.DEF_PRESS[0] if d.kind == "defense" and _kind(g, book) == "defense" and \
        g.actions[book]["mode"] == "man" and A.DEF_PRESS[0] in d.legal else None


def _valueadd_sub(g, d, book):
    if d.kind not in ("defense_menu", "offense_menu") or _kind(g, book) != "play":
        return None
    subs = [a for a in d.legal if _kind(g, a) == "substitute"]
    return subs[len(subs) // 2] if subs else None


def _fuba_positioning(g, d, book):
    from coachgym.rules.fuba.actions import ACT

    return ACT["positioning"] if d.kind == "action" and book == ACT["pressing"] and ACT["positioning"] in d.legal \
        else None


CASES = {  # ruleset: (game seed, decisions to skip, the option, held as)
    "statispro-double-team": ("statispro", 3, 50, _statispro_double_team, "setting"),
    "statispro-position-shift": ("statispro", 3, 50, _statispro_shift, "setting"),
    "fourthstreet-press": ("fourthstreet", 1, 20, _fourthstreet_press, "call"),
    "valueadd-substitution": ("valueadd", 1, 10, _valueadd_sub, "setting"),
    "fuba-positioning": ("fuba", 1, 60, _fuba_positioning, "call"),
}


def _rollout(game, side, option, seed, hold: bool, decisions: int = 60):
    """One rollout of ``option`` by the book for both sides, held or not; returns the game after it, the
    hold (or None), and how many times our side played the option after the decision itself."""
    g = game.resampled(seed, viewer=side, record_events=False)
    spec = hold_spec(game, option)
    h = Hold.start(g, side, option, spec) if hold else None
    if not hold:
        g.step(option)
    pol = Policies(game.ruleset, "by-the-book", side=side)
    home, away = pol.coaches
    home.reset(g, 0, 1)
    away.reset(g, 1, 2)
    replays = 0
    clock = ScopeClock(spec.scope, g)
    parts = h.parts if h is not None else None
    for _ in range(decisions):
        d = g.decision
        if d is None or clock.over(g):
            break
        a = pol.coaches[d.side].choose(g, d)
        if h is not None and d.side == side:
            a = h.filter(g, d, a)
        replays += d.side == side and a == option
        g.step(a)
    return g, h, replays, parts


@pytest.mark.parametrize("case", sorted(CASES))
def test_held_rollouts_keep_the_option_the_book_would_reverse(case):
    name, seed, skip, pick, mode = CASES[case]
    game, option, book = _position(name, seed, pick, skip)
    side = game.decision.side
    spec = hold_spec(game, option)
    assert spec.mode == mode and spec.holds, (case, spec)
    if mode == "setting":
        # the held parts (the Double Team, the shifted positions, the player brought in) are still as the
        # option set them after the rollout's decisions within the scope; the book alone undoes them
        kept = undone = 0
        for r in range(4):
            s = round_seed(7, r)
            g, h, _, parts = _rollout(game, side, option, s, hold=True)
            assert h.stats.masked > 0, f"{case}: the book never tried to undo {game.describe_action(option)}"
            now = settings(g, side)
            kept += h.stats.ended or all(now.get(k) == v for k, v in parts.items())
            g2, _, _, _ = _rollout(game, side, option, s, hold=False)
            now2 = settings(g2, side)
            undone += any(now2.get(k) != v for k, v in parts.items())
        assert kept == 4, case
        assert undone >= 3, f"{case}: the book kept the option without a hold in {4 - undone} of 4 rollouts"
    else:
        # a call is made again at the decisions of its kind: more often held than the book makes it
        held = sum(_rollout(game, side, option, round_seed(7, r), hold=True)[2] for r in range(4))
        free = sum(_rollout(game, side, option, round_seed(7, r), hold=False)[2] for r in range(4))
        assert held > free, (case, held, free)
    # the option's value in the rollouts differs from its unheld value and is no copy of the book's
    pol = Policies(name, "by-the-book", side=side)
    rounds = range(6)
    held_rows = run_rounds(game, side, [option, book], rounds, 5, pol, 60, "default", free=book)
    free_rows = run_rounds(game, side, [option, book], rounds, 5, pol, 60, "decision")
    held_v = [r[0][:2] for r in held_rows]
    assert held_v != [r[0][:2] for r in free_rows], f"{case}: holding changed nothing"
    assert held_v != [r[1][:2] for r in held_rows], f"{case}: the held option scored exactly as the book"
    assert all(r[0][2] is not None for r in held_rows) and all(r[1][2] is None for r in held_rows)


def test_analyze_shows_the_scope_and_flags_an_option_it_did_not_hold():
    name, seed, skip, pick, _ = CASES["statispro-double-team"]
    game, option, _ = _position(name, seed, pick, skip)
    held = analyze(game, [option], rollouts=24, seed=1, horizon=40, max_options=2, min_rounds=100)
    o = held.option(option)
    assert o.scope == "the period" and o.held == o.rollouts and o.undone > 0 and not o.flag
    assert "the period, book undid" in held.table()
    unheld = analyze(game, [option], rollouts=24, seed=1, horizon=40, max_options=2, min_rounds=100, scope="decision")
    u = unheld.option(option)
    assert u.held == 0 and "not held" in u.flag and "not held" in unheld.table()
    assert [round(o.win, 6)] != [round(u.win, 6)]


def test_scopes_parse_and_end_where_the_rules_say():
    assert parse_scope("period", "statispro") == Scope("period")
    assert parse_scope("minutes:6", "fourthstreet") == Scope("time", 6.0, "minutes")
    assert parse_scope("boxes:4", "valueadd") == Scope("time", 4.0, "boxes")
    for bad, ruleset in (("minutes:6", "valueadd"), ("quarter", "statispro"), ("minutes:-1", "fuba")):
        with pytest.raises(ConfigError, match="--scope"):
            parse_scope(bad, ruleset)
    game, option, book = _position("statispro", 3, _statispro_double_team, 50)
    clock = ScopeClock(Scope("period"), game)
    g = game.clone(record_events=False)
    rs = rulesets.get("statispro")
    c = [rs.coach("by-the-book", seed=1), rs.coach("by-the-book", seed=2)]
    c[0].reset(g, 0, 1)
    c[1].reset(g, 1, 2)
    start = g.period
    while g.period == start:
        assert not clock.over(g)
        g.step(c[g.decision.side].choose(g, g.decision))
    assert clock.over(g)


def test_a_committed_hold_keeps_the_coachs_own_choice_in_force():
    """The search coach keeps an option it switched to in its own play, as its rollouts assumed."""
    game, option, _ = _position("statispro", 3, _statispro_double_team, 50)
    side = game.decision.side
    g = game.clone(record_events=False)
    h = Hold.commit(g, side, option, hold_spec(g, option))
    g.step(option)
    dt = tuple(g.team_state[side].double_team)
    assert dt[0] >= 0
    rs = rulesets.get("statispro")
    coaches = [rs.coach("by-the-book", seed=1), rs.coach("by-the-book", seed=2)]
    coaches[0].reset(g, 0, 1)
    coaches[1].reset(g, 1, 2)
    for _ in range(40):
        d = g.decision
        if h.clock.over(g):  # the period ended: the Double Team with it (5.5)
            break
        a = coaches[d.side].choose(g, d)
        if d.side == side:
            a = h.filter(g, d, a)
        g.step(a)
    assert h.stats.masked > 0 and (tuple(g.team_state[side].double_team) == dt or h.stats.ended)
    assert rs.coach("search:budget=8,when=all", seed=1).commit == "horizon"
    assert rs.coach("search:commit=scope,when=all").commit == "scope" and rs.coach("search:commit=0,when=all").commit == ""
    with pytest.raises(ConfigError, match="commit must be horizon, scope or 0"):
        rs.coach("search:commit=maybe,when=all")


def test_each_ruleset_declares_its_holds_and_the_toy_its_own_scopes():
    """The holds come from each registration (rules/<x>/holds.py), the toy's too: a contest has no
    periods, so ``period`` is refused by name, and its time is counted in rounds."""
    from tests.toy import toy_registered

    for rs in rulesets.all_rulesets():
        assert rs.holds is not None and rs.holds.source.startswith(rs.package.replace(".", "/"))
    with toy_registered() as toy:
        assert toy.holds.scopes() == ("default", "decision", "situation", "game")
        assert parse_scope("rounds:2", toy.name) == Scope("time", 2.0, "rounds")
        with pytest.raises(ConfigError, match="'period': not a scope; scopes: default, decision, situation, game or rounds:N"):
            parse_scope("period", toy.name)
        g = toy.new_game(seed=3, record_events=False)
        spec = hold_spec(g, g.decision.legal[0], "game")
        assert spec.mode == "none" and not spec.holds and settings(g, 0) == {}
        clock = ScopeClock(parse_scope("rounds:1", toy.name), g)
        while not clock.over(g):
            g.step(g.decision.legal[0])
        assert not g.over and g.round == 2


def test_a_ruleset_without_holds_is_refused_by_name_and_a_bad_table_names_its_field():
    from coachgym.core.holds import HoldRules
    from coachgym.search.holds import rules_of

    rs = rulesets.get("valueadd")
    saved, rs.holds = rs.holds, None
    try:
        with pytest.raises(ConfigError, match="valueadd: its registration declares no holds"):
            rules_of("valueadd")
    finally:
        rs.holds = saved
    with pytest.raises(ConfigError, match=r"x/holds.json: holds.sub.scope: must be a scope word or boxes:N, got 'minutes:6'"):
        HoldRules.from_data({"time_unit": "boxes", "holds": {"sub": {"hold": "setting", "scope": "minutes:6"}}},
                            settings, source="x/holds.json")
    with pytest.raises(ConfigError, match="holds.sub.hold: must be one of setting, call"):
        HoldRules.from_data({"time_unit": "boxes", "holds": {"sub": {"hold": "keep", "scope": "half"}}}, settings)
