"""Conformance: what every registered ruleset's registration (``RULESET`` in its package, see
docs/architecture.md "Add a ruleset in ten steps") must hold, checked part by part; a failure names the
ruleset and each thing it lacks. The tests' toy ruleset is checked alike."""

from __future__ import annotations

import dataclasses
import importlib

import pytest

import coachgym.envs
from coachgym import rulesets
from coachgym.core.coach import RandomCoach
from coachgym.core.engine import Engine
from coachgym.core.phases import PhaseDispatch
from coachgym.core.ruleset import PARTS, Parts, Ruleset, Sport
from tests.toy import NAME as TOY
from tests.toy import toy_registered

RULESETS = [e.name for e in rulesets.entries()] + [TOY]


def _lacks_identity(rs: Ruleset, out: list[str]) -> None:
    """Identity, engine, options, teams and the required parts."""
    for field in ("name", "title", "env_id"):
        if not getattr(rs, field):
            out.append(f"identity: no {field}")
    if not (isinstance(rs.engine_cls, type) and issubclass(rs.engine_cls, Engine)):
        out.append("engine: engine_cls is not an Engine")
    elif rs.engine_cls.ruleset != rs.name or not rs.engine_cls.decision_kinds or not len(rs.engine_cls.actions):
        out.append("engine: its ruleset name, decision_kinds and action table must be set")
    elif not issubclass(rs.engine_cls, PhaseDispatch) or not rs.engine_cls.PHASES:
        out.append("engine: must dispatch its phases and choices through core.phases.PhaseDispatch")
    if not isinstance(rs.sport, Sport):
        out.append("sport: not a coachgym.core.ruleset.Sport (standings, cup court, periods)")
    if not dataclasses.is_dataclass(rs.options_cls):
        out.append("options: options_cls is not a dataclass")
    if len(rs.team_names()) < 2:
        out.append("teams: fewer than two bundled teams in data/teams/")
    for opts in rs.fuzz_options:
        rs.parse_options(opts)  # raises naming the option
    for name, (what, required) in PARTS.items():
        if required and getattr(rs.parts, name) is None:
            out.append(f"{name}: missing ({what})")


def _lacks_env(rs: Ruleset, env_cls: type, out: list[str]) -> None:
    from coachgym.envs.base import CoachEnv, ObservationEncoder

    if not issubclass(env_cls, CoachEnv) or env_cls.ruleset_name != rs.name:
        out.append(f"env: {env_cls.__name__} is not a CoachEnv with ruleset_name {rs.name!r}")
    elif not isinstance(env_cls.encoder, ObservationEncoder):
        out.append("env: its encoder is not an ObservationEncoder")
    if not callable(getattr(importlib.import_module(env_cls.__module__), "env", None)):
        out.append(f"env: {env_cls.__module__} has no PettingZoo constructor env() (envs.base.pettingzoo_constructors)")
    if coachgym.envs.ENV_ENTRY_POINTS.get(rs.env_id) != f"{env_cls.__module__}:{env_cls.__qualname__}":
        out.append(f"env: {rs.env_id} is not registered")
    if coachgym.envs.env_class(rs.env_id) is not env_cls:
        out.append(f"env: coachgym.envs.env_class({rs.env_id!r}) is not {env_cls.__name__}")


def _lacks_holds(rs: Ruleset, game: Engine, out: list[str]) -> None:
    """The search's holds (core.holds.HoldRules, rules/<x>/holds.py): every kind they name is one of
    the ruleset's, every default scope parses, and the engine readings answer on a game."""
    from coachgym.core.holds import HoldRules
    from coachgym.search.holds import parse_scope

    if rs.holds is None:
        out.append("holds: missing (Ruleset(holds=...): a coachgym.core.holds.HoldRules, rules/<x>/holds.py)")
        return
    h = rs.holds
    if not isinstance(h, HoldRules):
        out.append("holds: not a coachgym.core.holds.HoldRules")
        return
    kinds = {a.kind for a in rs.actions}
    named = set(h.holds) | set(h.changes) | set(h.neutral.values())
    named |= {k for e in h.holds.values() for k in e.instead_of}
    for kind in sorted(named - kinds):
        out.append(f"holds: {kind!r} is not an action kind of the engine ({h.source})")
    for kind in sorted(set(h.neutral) - set(rs.engine_cls.decision_kinds)):
        out.append(f"holds: neutral {kind!r} is not a decision kind of the engine ({h.source})")
    if rs.package in rulesets.PACKAGES:  # (parse_scope finds a ruleset through the registry)
        for e in h.holds.values():
            parse_scope(e.scope, rs.name)
        parse_scope(f"{h.time_unit}:1", rs.name)
    for side in (0, 1):
        if not isinstance(h.settings(game, side), dict):
            out.append("holds: settings(game, side) must return a dict of the side's settings")
    for mark in (h.period, h.half):
        if mark is not None:
            hash(mark(game))


def _lacks_season_and_training(rs: Ruleset, part, out: list[str]) -> None:
    """The carry-over, realism, macros, league builder and coach kinds (``part`` reads one, naming a
    part that does not import)."""
    carry = part("carry_over")
    if carry is not None and getattr(carry, "ruleset", None) != rs.name:
        out.append("carry_over: not this ruleset's")
    realism = part("realism")
    if realism is not None:
        from coachgym.evaluation.realism import real_seasons

        if rs.name not in real_seasons()["rulesets"]:
            out.append("realism: no real figures in evaluation/data/real_seasons.json")
    macros = part("macros")
    if macros is not None:
        from coachgym.training.macros import Macro

        if not all(isinstance(m, Macro) and m.name == k for k, m in macros.items()):
            out.append("macros: not a name -> Macro table")
    builder = part("league_builder")
    if builder is not None and not callable(builder):
        out.append("league_builder: not a function (season statistics rows -> team files)")
    kinds = part("coach_kinds")
    if kinds is not None:
        from coachgym.core.ruleset import CoachKinds

        if not isinstance(kinds, CoachKinds) or not {"strategy", "search"} <= set(kinds.kinds) or kinds.trained is None:
            out.append("coach_kinds: not a CoachKinds with strategy, search and trained (coachgym.coachkinds)")
        elif not any(n.startswith("strategy:") for n in rs.coach_names()):
            out.append("coach_kinds: not listed among the coach names")
    team_terms = part("team_terms")
    if team_terms is not None and (not callable(team_terms) or builder is None):
        out.append("team_terms: not a function of a built league's folder (it needs the league_builder)")
    _lacks_academy(rs, part, out)
    tabletop = part("tabletop")
    if tabletop is not None:
        deck = tabletop.deck(tabletop.leagues[0], seed=1) if tabletop.leagues else None
        if deck is None or not all(callable(getattr(deck, m, None)) for m in ("draw", "draw_dead", "shuffle", "to_dict")):
            out.append("tabletop: its deck does not draw, shuffle and save (core.ruleset.Tabletop)")
        elif type(deck).from_dict(deck.to_dict()).to_dict() != deck.to_dict():
            out.append("tabletop: its deck's save does not load back")


def _lacks_academy(rs: Ruleset, part, out: list[str]) -> None:
    """The academy (optional): its situation values are the vocabulary's, its period ends the holds'."""
    from coachgym.core.ruleset import Academy

    academy = part("academy")
    if academy is None:
        return
    if not isinstance(academy, Academy):
        out.append("academy: not a core.ruleset.Academy")
        return
    vocab = part("vocabulary")
    unknown = [v for v in academy.values if vocab is None or v not in vocab.variables]
    if unknown:
        out.append(f"academy: values {unknown} are not variables of the vocabulary")
    if rs.holds is None or rs.holds.period is None or rs.holds.half is None:
        out.append("academy: its period and half ends need the holds' period and half marks")
    others = [other.name for other in rulesets.all_rulesets() if other.name != rs.name
              and (o := other.part("academy")) is not None and academy.env_id == o.env_id]
    if others:
        out.append(f"academy: env id {academy.env_id!r} is also {others[0]}'s")


def lacks(rs: Ruleset) -> list[str]:
    """What the registration of ``rs`` lacks or gets wrong, one line each (empty: it conforms)."""
    out: list[str] = []

    def part(name: str):
        try:
            return rs.part(name)
        except (ImportError, AttributeError, ValueError) as exc:
            out.append(f"{name}: does not import ({exc})")
            return None

    _lacks_identity(rs, out)
    game = rs.new_game(seed=1)
    if "by-the-book" not in rs.coach_names():
        out.append("coaches: no by-the-book coach")
    else:
        book = rs.coach("by-the-book", seed=1)
        book.reset(game, game.decision.side, 1)
        if book.choose(game, game.decision) not in game.decision.legal:
            out.append("coaches: by-the-book chose an illegal action")
    env_cls = part("env")
    if env_cls is not None:
        _lacks_env(rs, env_cls, out)
    vocab = part("vocabulary")
    if vocab is not None:
        if vocab.ruleset != rs.name:
            out.append(f"vocabulary: made for {vocab.ruleset!r}")
        if rs.time_variable not in vocab.variables:
            out.append(f"time_variable: {rs.time_variable!r} is not a variable of the vocabulary")
    remaining = part("remaining")
    if remaining is not None and not 0.9 <= remaining(game) <= 1.1:  # (the value model clamps it to 0-1)
        out.append(f"remaining: {remaining(game)} at the first decision (must be about 1)")
    from coachgym.search.value import SIGMA

    if not SIGMA.get(rs.name):
        out.append("value model: no margin spread (search/data/value.json, or value_sigma in the registration)")
    _lacks_holds(rs, game, out)
    invariants = part("invariants")
    if invariants is not None:
        invariants(game, {})
    presenter = part("presenter")
    if presenter is not None:
        # the Presenter protocol (coachgym.present.presenter)
        if getattr(presenter, "ruleset", None) != rs.name or not all(
                callable(getattr(presenter, m, None)) for m in ("situation", "decision", "kinds", "glossary")):
            out.append("presenter: not a presenter of this ruleset (coachgym.present.presenter.Presenter)")
    elif set(rs.person_kinds) - set(rs.engine_cls.decision_kinds):
        out.append("person_kinds: not decision kinds of the engine")
    _lacks_season_and_training(rs, part, out)
    checked = {"env", "vocabulary", "remaining", "invariants", "presenter", "carry_over", "realism", "macros",
               "league_builder", "coach_kinds", "tabletop", "academy", "team_terms"}
    assert checked == set(PARTS), "a part of core.ruleset.PARTS this test does not check yet"
    columns = set(game.box_score().columns)
    for column in rs.box_formulas:
        if column not in columns:
            out.append(f"box_formulas: {column!r} is not a box-score column")
    from coachgym.present import box_table

    unexplained = [c.key for c in box_table(game.box_score()).columns if not c.explain or c.explain == c.key]
    if unexplained:
        out.append(f"box columns: no meaning for {unexplained} (present/data/columns.json)")
    # the coaches a person may name play legal moves
    random = RandomCoach(1)
    assert random.choose(game, game.decision) in game.decision.legal
    return out


@pytest.mark.parametrize("name", RULESETS)
def test_every_registered_ruleset_conforms(name):
    if name == TOY:
        with toy_registered() as rs:
            missing = lacks(rs)
    else:
        missing = lacks(rulesets.get(name))
    assert not missing, f"the {name} registration lacks:\n  " + "\n  ".join(missing)


def test_identities_are_unique_and_written_once():
    seen: dict[str, str] = {}
    for rs in rulesets.all_rulesets():
        for key in (rs.name, *rs.aliases, rs.env_id, rs.title):
            assert key not in seen, f"{key!r} names both {seen[key]} and {rs.name}"
            seen[key] = rs.name
        assert rulesets.get(rs.name) is rs and all(rulesets.get(a) is rs for a in rs.aliases)
        assert rulesets.entry(rs.name).env_id == rs.env_id


def test_a_registration_that_lacks_parts_is_named():
    with toy_registered() as rs:
        bare = Ruleset(name=rs.name, title=rs.title, env_id=rs.env_id, engine_cls=rs.engine_cls,
                       options_cls=rs.options_cls, package=rs.package, parse_team=rs.parse_team,
                       default_teams=rs.default_teams, parts=Parts(env=_nowhere),
                       time_variable="rounds_left")
        missing = lacks(bare)
    text = "\n".join(missing)
    for expected in ("vocabulary: missing", "invariants: missing", "coaches: no by-the-book coach", "holds: missing",
                     "remaining: missing", "coach_kinds: missing", "env: does not import (no module named 'nowhere')"):
        assert expected in text, text


def _nowhere() -> type:
    raise ImportError("no module named 'nowhere'")


def test_a_sport_is_declared_not_guessed_from_a_name():
    """Standings, a cup's courts and the review's periods come from each registration's Sport."""
    by_name = {rs.name: rs.sport for rs in rulesets.all_rulesets()}
    assert by_name["fuba"] == Sport(standings="points", cup_court="draw", periods=2)
    assert by_name["valueadd"].period_marks == (0.5,) and by_name["statispro"].period_marks == (0.25, 0.5, 0.75)
    with toy_registered() as rs:
        assert rs.sport.period_marks == () and rs.sport.standings == "percentage"
    with pytest.raises(ValueError, match="Sport.standings must be 'percentage' or 'points', got 'goals'"):
        Sport(standings="goals")


def test_parts_are_typed_objects_not_names():
    """A registration's parts are a core.ruleset.Parts (unknown fields refused by Python itself); the env
    part is a function giving the class (so other parts load without gymnasium); a parts.py whose
    PARTS is not a Parts is named."""
    with pytest.raises(TypeError, match="vocabulary_file"):
        Parts(vocabulary_file="a:b")  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="parts must be a coachgym.core.ruleset.Parts, got dict"):
        Ruleset(name="x", title="X", env_id="x/X-v0", engine_cls=Engine, options_cls=object, package="x",
                parse_team=lambda d, p: d, default_teams=("a", "b"), parts={"env": "a:b"})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Parts.env must be a function returning the env class"):
        Parts(env=RandomCoach)
    with pytest.raises(ValueError, match="Parts.coaches\\['book'\\] must be a coach class or factory"):
        Parts(coaches={"book": "coachgym.agents.x:Book"})  # type: ignore[dict-item]
    strange = Ruleset(name="x", title="X", env_id="x/X-v0", engine_cls=Engine, options_cls=object,
                      package="coachgym.core", parse_team=lambda d, p: d, default_teams=("a", "b"))
    assert strange.parts == Parts()  # a package without parts.py has none
    assert strange.part("env") is None and strange.coach_names() == ["random", "first-legal"]  # no kinds either
