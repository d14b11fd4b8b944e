"""The tests' toy ruleset, a free-throw shooting contest (engine.py): everything coachgym knows about
it is this registration and its parts (``PARTS`` in parts.py). ``coachgym.rulesets.register("tests.toy_freethrows")``
adds it (see tests/toy.py); docs/architecture.md "Add a ruleset in ten steps" uses it as the starter to copy."""

from __future__ import annotations

from coachgym.core.ruleset import Ruleset, Sport

from .engine import NAME, FreeThrowEngine, FreeThrowOptions, parse_team
from .holds import HOLDS

RULESET = Ruleset(
    name=NAME,
    title="Free-Throw Contest",
    env_id="coachgym-tests/FreeThrows-v0",
    aliases=("free-throws",),
    engine_cls=FreeThrowEngine,
    options_cls=FreeThrowOptions,
    package=__name__,
    parse_team=parse_team,
    default_teams=("hoopers", "swishers"),
    box_formulas={},
    fuzz_options=({}, {"tired_penalty": 0, "sudden_death": 0}, {"rounds": 1}),
    time_variable="rounds_left",
    # the spread of a contest's final margin: two shooters' sums of about five Bernoulli(0.65)
    # shots each, sqrt(2 * 5 * 0.65 * 0.35) = 1.5
    value_sigma=1.5,
    person_kinds=("shooter",),
    holds=HOLDS,
    sport=Sport(periods=1),  # a contest: a table of wins and draws; no periods
)
