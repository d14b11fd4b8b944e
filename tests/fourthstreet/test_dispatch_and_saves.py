"""4th Street on the one phase-dispatch convention (coachgym/core/phases.py)."""

from __future__ import annotations

from coachgym.core.phases import PhaseDispatch
from coachgym.rules.fourthstreet import saved
from coachgym.rules.fourthstreet.engine import FourthStreetEngine


def test_every_saved_phase_has_its_handler_and_every_decision_kind_its_choice():
    assert issubclass(FourthStreetEngine, PhaseDispatch)
    assert set(FourthStreetEngine.PHASES) | {"over"} == set(saved.PHASES)
    assert set(FourthStreetEngine.CHOICES) == set(FourthStreetEngine.decision_kinds)
    # the rule-named methods the rules tests call are the phase handlers themselves (no extra call)
    assert FourthStreetEngine.PHASES["play"] is FourthStreetEngine._play
    assert FourthStreetEngine.PHASES["endperiod"] is FourthStreetEngine._end_period
