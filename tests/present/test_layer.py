"""The presentation layer for every ruleset (parametrised over all four, so each ruleset's presenter
is held to the same contract): every decision kind described, every decision met in seeded games
rendered with names (never roster indices), every option resolving to a legal action and every
legal action reachable, every term on a screen in the glossary, the marks only growing, and a
presenter never changing how the game plays."""

from __future__ import annotations

import re

import pytest

from coachgym import rulesets
from coachgym.present import box_table, glossary, kinds, presenter_for
from coachgym.present.presenter import auto_kind, kind_info

from .presenter_checks import play_and_check, texts_of

RULESETS = ["valueadd", "statispro", "fuba", "fourthstreet"]

# jargon a fan may not know, per ruleset (from the issue and the rule texts): where it shows up on a
# screen, the glossary must explain it
JARGON = {
    "statispro": ["FAC", "RPG", "PD", "Index Points", "ADVANCE", "ACTION", "PRESS", "Pass #", "Open Shot",
                  "Forced Shot", "Double Team", "Rest Period", "Mandatory Rest", "Fatigued", "Penalty Situation",
                  "Fast Break", "Three Point Offense", "Three Point Defense", "Great Night", "Z READING",
                  "Dead Ball Deck", "Pass to Choice", "SHOT #", "Team Fouls"],
    "valueadd": ["20-20 start", "shaded box", "gets 6/7/8", "stamina", "one-and-one", "stick back", "8-sided die",
                 "20-sided die", "31 all", "dunk range", "last nine"],
    "fuba": ["ball value", "creative", "supportive", "condition points", "offside", "reaction stage", "momentum stage",
             "pressing", "setup", "formation", "roles", "goalkeeper charge", "V.A.R."],
    "fourthstreet": ["Location Grid", "Level 1", "zone token", "double team", "helper", "bonus", "shot clock",
                     "fatigue points", "milk the clock", "play it safe", "setup play"],
}
# roster indices where names belong (beyond presenter_checks' patterns): "slot 3", a bare "(#6)"
INDEX = re.compile(r"roster player|#\d|\bslot \d|\bplayer \d")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_decision_kind_has_a_description(ruleset):
    rs = rulesets.get(ruleset)
    infos = kinds(ruleset)
    keys = [k.kind for k in infos]
    assert len(keys) == len(set(keys))
    for kind in rs.engine_cls.decision_kinds:
        assert any(k == kind or k.startswith(kind + ":") for k in keys), f"{ruleset}: no description of {kind!r}"
    for k in infos:
        assert k.title and k.explain and "_" not in k.title, k
        assert k.kind.split(":")[0] in rs.engine_cls.decision_kinds, k.kind
    assert any(k.matters for k in infos), "the default auto-play must leave the person something to decide"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_decision_met_in_seeded_games_renders_with_names_and_legal_choices(ruleset):
    # one game, the book at home and random away: both coaches' decisions are rendered (each
    # ruleset's own presenter tests play more seeds and rule options)
    met = play_and_check(ruleset, presenter_for(ruleset), (1,), ("by-the-book", "random"))
    assert len(met) >= 3, met


@pytest.mark.parametrize("ruleset", RULESETS)
def test_screens_name_players_explain_jargon_and_use_known_auto_play_kinds(ruleset):
    rs = rulesets.get(ruleset)
    p = presenter_for(ruleset)
    terms = glossary(ruleset).terms
    lower = {t.lower() for t in terms}
    known = {k.kind for k in kinds(ruleset)}
    game = rs.new_game(seed=5)
    cs = [rs.coach("by-the-book", seed=1), rs.coach("random", seed=2)]
    for s in (0, 1):
        cs[s].reset(game, s)
    jargon = re.compile("|".join(rf"(?<!\w){re.escape(j)}(?!\w)" for j in JARGON[ruleset]), re.IGNORECASE)
    seen_jargon = set()
    steps = 0
    while game.decision is not None and steps < 150:
        d = game.decision
        view = p.decision(game, d)
        assert view.kind == auto_kind(p, game, d) and view.kind in known, view.kind
        assert kind_info(p, view.kind).title
        sit = p.situation(game, ("you", "book"))
        text = texts_of(view) + [sit.clock, sit.period, sit.ball, *(f"{k} {v}" for k, v in sit.facts)]
        for t in sit.teams:
            text += [f"{k} {v}" for k, v in t.facts]
            for c in t.on_court + t.bench:
                text += [c.name, c.position, c.fatigue, c.status, c.guards, c.note, *(r.label for r in c.ratings)]
        joined = "\n".join(filter(None, text))
        bad = INDEX.search(joined)
        assert not bad, f"{ruleset}: {joined[max(0, bad.start() - 60):bad.end() + 20]!r} names a roster index"
        seen_jargon.update(m.lower() for m in jargon.findall(joined))
        game.step(cs[d.side].choose(game, d))
        steps += 1
    assert seen_jargon, f"{ruleset}: the screens used none of the known jargon: is the list stale?"
    for j in seen_jargon:
        assert j in lower or any(j in k for k in lower), f"{ruleset}: {j!r} is on a screen but not in the glossary"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_reading_the_screens_does_not_change_how_the_game_plays(ruleset):
    rs = rulesets.get(ruleset)
    p = presenter_for(ruleset)

    def play(read: bool):
        game = rs.new_game(seed=9)
        cs = [rs.coach("by-the-book", seed=3), rs.coach("by-the-book", seed=4)]
        for s in (0, 1):
            cs[s].reset(game, s)
        while game.decision is not None:
            if read:
                p.situation(game, ("a", "b"))
                p.decision(game, game.decision)
                p.marks(game)
                game.box_score()
            game.step(cs[game.decision.side].choose(game, game.decision))
        return game.play_by_play(), game.score

    assert play(True) == play(False)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_box_table_explains_every_column(ruleset):
    rs = rulesets.get(ruleset)
    game = rs.new_game(seed=1)
    cs = [rs.coach("by-the-book", seed=1), rs.coach("by-the-book", seed=2)]
    for s in (0, 1):
        cs[s].reset(game, s)
    while game.decision is not None:
        game.step(cs[game.decision.side].choose(game, game.decision))
    t = box_table(game.box_score())
    assert [c.key for c in t.columns] == game.box_score().columns
    assert all(c.explain and c.explain != c.key for c in t.columns), [c for c in t.columns if c.explain == c.key]
    for side, team in enumerate(t.teams):
        assert team.score == game.score[side]
        assert team.rows and all(len(r) == len(t.columns) + 1 for r in team.rows)
        assert team.totals[0] == "TOTAL" and len(team.totals) == len(t.columns) + 1


def test_the_generic_presenter_serves_a_ruleset_without_its_own(monkeypatch):
    """A ruleset without a present module gets the generic presenter: its options are the engine's
    labels with roster numbers replaced by names, the default is "play on"."""
    from coachgym.present.generic import GenericPresenter

    rs = rulesets.get("statispro")
    gp = GenericPresenter(rs.name, rs.title, rs.engine_cls.decision_kinds, frozenset({"menu"}))
    game = rs.new_game(seed=3)
    view = gp.decision(game, game.decision)
    labels = [c.label for c in view.choices()]
    assert {c.action for c in view.choices()} == set(game.decision.legal)
    assert not any("roster player" in label for label in labels)
    assert view.default_action == game.decision.legal[0] and "play on" in labels[0]
    assert gp.situation(game).text == game.scoreboard()
    assert [k.kind for k in gp.kinds() if k.matters] == ["menu"]
