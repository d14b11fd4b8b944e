"""Random fuzz of every ruleset with the invariants checked after every event (issue 15 part 1):
a short run in the default suite, the 1,000,000-decision run per ruleset with ``-m long``
(``python tools/fuzz.py`` prints the figures)."""

from __future__ import annotations

import pytest

from coachgym import rulesets
from coachgym.evaluation.fuzz import fuzz

RULESETS = [e.name for e in rulesets.entries()]


@pytest.mark.parametrize("name", RULESETS)
def test_short_fuzz_keeps_every_invariant_after_every_event(name):
    rep = fuzz(name, 4_000, seed=1)
    assert not rep.failures, rep.failures[0]
    assert rep.decisions == 4_000 and rep.events > 2_000  # checked after events, not only at decisions


def test_the_fuzz_finds_a_broken_invariant(monkeypatch):
    """A point scored without a player's statistic (a planted bug) is caught at the event that follows."""
    from coachgym.rules.valueadd.engine import ValueAddEngine

    real = ValueAddEngine._score

    def off_by_one(self, side, slot, pts):
        real(self, side, slot, pts)
        self.team_state[side].points += 1

    monkeypatch.setattr(ValueAddEngine, "_score", off_by_one)
    rep = fuzz("valueadd", 2_000)
    assert rep.failures and "score" in rep.failures[0] and "seed" in rep.failures[0]


def test_the_fuzz_finds_points_without_a_made_shot(monkeypatch):
    from coachgym.rules.fourthstreet.engine import FourthStreetEngine

    real = FourthStreetEngine._score

    def three_for_two(self, side, slot, pts, three, passer, white):
        real(self, side, slot, pts, three, passer, white)
        team = self.team_state[side]
        team.stats[team.lineup[slot]][1] += 1  # PTS without a made shot behind it

    monkeypatch.setattr(FourthStreetEngine, "_score", three_for_two)
    rep = fuzz("fourthstreet", 2_000)
    assert rep.failures and "2 FGM + 3PM + FTM" in rep.failures[0]


@pytest.mark.long
@pytest.mark.parametrize("name", RULESETS)
def test_one_million_random_decisions_keep_every_invariant(name):
    rep = fuzz(name, 1_000_000, seed=2026)
    print(rep.line())
    assert not rep.failures, rep.failures[0]
