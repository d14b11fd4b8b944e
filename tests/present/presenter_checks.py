"""Checks shared by the per-ruleset presenter tests (Value Add, 4th Street, FUBA): play seeded games
and look at every screen a person could meet."""

from __future__ import annotations

import re

from coachgym import rulesets
from coachgym.present.model import DecisionView

# what a roster index looks like when it leaks into text meant for people
INDEX_PATTERNS = (re.compile(r"#\d"), re.compile(r"roster player"), re.compile(r"\bslot \d"), re.compile(r"\bindex\b"),
                  re.compile(r"\bplayer \d"))


def check_view(view: DecisionView, legal: tuple[int, ...], glossary: dict) -> None:
    """Every legal action is reachable through exactly one choice path, every choice's action is
    legal, every choice explains itself, no text names a roster index, every term is explained, no
    label has an empty part (", )"). A legal action may be left out only where the view says so
    (``omitted``: it cannot change anything)."""
    actions = [c.action for c in view.choices()]
    assert set(view.omitted) <= set(legal) and not set(view.omitted) & set(actions), view.omitted
    actions_or_omitted = actions + list(view.omitted)
    assert sorted(actions_or_omitted) == sorted(legal), (view.kind, sorted(set(legal) - set(actions)), sorted(set(actions) - set(legal)))
    assert len(actions) == len(set(actions)), f"{view.kind}: an action is reachable twice"
    assert view.title and "_" not in view.title, view.title
    if view.default_action is not None:
        assert view.default_action in legal
    for g in view.groups:
        assert g.title and g.choices
        for c in g.choices:
            assert c.label and c.explain, (view.kind, c)
            assert ", )" not in c.label and "(, " not in c.label and "()" not in c.label, c.label
            # exactly one of: an action, a second list, a finish of the whole decision (seat.finish)
            assert [c.action is not None, c.then is not None, bool(c.finish)].count(True) == 1, c
            assert c.finish in ("", "book", "routine"), c
            for t in c.then or ():
                assert t.label and t.explain and t.action is not None and t.then is None, t
    for text in texts_of(view):
        for pat in INDEX_PATTERNS:
            assert not pat.search(text), f"{view.kind}: {text!r} names an index"
    missing = [t for t in view.terms if t not in glossary]
    assert not missing, f"{view.kind}: terms without a glossary entry: {missing}"


def texts_of(view: DecisionView) -> list[str]:
    out = [view.title, view.explain]
    for g in view.groups:
        out += [g.title, g.explain]
        for c in g.choices:
            out += [c.label, c.explain, c.then_title]
            for t in c.then or ():
                out += [t.label, t.explain]
    return out


def play_and_check(ruleset: str, presenter, seeds, coaches=("by-the-book", "random"), options=None) -> dict:
    """Play a game per seed (home and away coaches as named), render and check every situation and
    decision; returns how often each decision kind was met."""
    rs = rulesets.get(ruleset)
    glossary = presenter.glossary().terms
    met: dict[str, int] = {}
    for seed in seeds:
        game = rs.new_game(seed=seed, options=options)
        cs = [rs.coach(coaches[0], seed=seed), rs.coach(coaches[1], seed=seed + 1)]
        for side in (0, 1):
            cs[side].reset(game, side, seed)
        marks = presenter.marks(game)
        while game.decision is not None:
            d = game.decision
            sit = presenter.situation(game, ("you", "book"))
            missing = [t for t in sit.terms if t not in glossary]
            assert not missing, missing
            check_view(presenter.decision(game, d), d.legal, glossary)
            met[d.kind] = met.get(d.kind, 0) + 1
            game.step(cs[d.side].choose(game, d))
            now = presenter.marks(game)
            assert all(now[k] >= marks[k] for k in marks), (marks, now)
            marks = now
        sit = presenter.situation(game)
        assert sit.over and sit.result
    return met


def find(view: DecisionView, key: str):
    """The first-step choice of ``view`` with this key."""
    for g in view.groups:
        for c in g.choices:
            if c.key == key:
                return c
    raise KeyError(key)


def book_game(ruleset: str, seed: int, until=None, options=None, coach_seeds=(None, None)):
    """A game between two by-the-book coaches, played until ``until(game)`` holds at a pending decision."""
    rs = rulesets.get(ruleset)
    g = rs.new_game(seed=seed, options=options)
    coaches = [rs.coach("by-the-book", seed=coach_seeds[0]), rs.coach("by-the-book", seed=coach_seeds[1])]
    for s in (0, 1):
        coaches[s].reset(g, s)
    while g.decision is not None and not (until and until(g)):
        g.step(coaches[g.decision.side].choose(g, g.decision))
    return g
