"""The one phase-dispatch convention (coachgym/core/phases.py)."""

from __future__ import annotations

import pytest

from coachgym.core.engine import Decision, Engine
from coachgym.core.phases import OVER, PhaseDispatch, handlers


class _Counter(PhaseDispatch, Engine):
    """Counts to three: phase ``count`` asks the coach (kind ``go``) at each even number."""

    ruleset = "counter"
    decision_kinds = ("go",)

    def __init__(self):
        super().__init__(None, record_events=False)
        self.n, self.phase, self.chosen = 0, "count", []
        self.start()

    def _phase_count(self):
        if self.n >= 3:
            self.phase = OVER
            return None
        if self.n % 2 == 0:
            return Decision(0, "go", (0, 1), "go?")
        self.n += 1
        return None

    def _choose_go(self, decision, action):
        self.chosen.append(decision.kind)
        self.n += 1


def test_tables_are_built_from_method_names_once_per_class():
    assert set(_Counter.PHASES) == {"count"} and set(_Counter.CHOICES) == {"go"}
    assert _Counter.PHASES["count"] is _Counter._phase_count
    assert handlers(_Counter, "_choose_") == {"go": _Counter._choose_go}


def test_next_decision_runs_phases_until_a_coach_must_choose_and_over_ends():
    e = _Counter()
    d = e._next_decision()
    assert d.kind == "go" and e.n == 0
    e._apply(d, None)
    assert e._next_decision().kind == "go" and e.n == 2  # phase 1 played on without a decision
    e._apply(d, None)
    assert e._next_decision() is None and e.phase == OVER and e.chosen == ["go", "go"]


def test_an_interrupt_comes_ahead_of_the_phase():
    class Interrupted(_Counter):
        def _interrupt(self):
            return Decision(1, "go", (0, 1), "first this") if not self.chosen else None

    e = Interrupted()
    assert e._next_decision().side == 1
    assert Interrupted.INTERRUPTS and not _Counter.INTERRUPTS  # the loop asks _interrupt only where defined


def test_interrupt_when_asks_the_interrupt_only_while_its_list_holds_something():
    class Queued(_Counter):
        INTERRUPT_WHEN = "waiting"

        def __init__(self):
            self.waiting, self.asked = [], 0
            super().__init__()

        def _interrupt(self):
            self.asked += 1
            return Decision(1, "go", (0, 1), "first this") if self.waiting else None

    e = Queued()
    asked = e.asked
    assert e._next_decision().side == 0 and e.asked == asked  # nothing waits: never asked
    e.waiting.append("x")
    assert e._next_decision().side == 1 and e.asked == asked + 1


def test_bundled_engines_name_interrupt_attributes_they_have():
    """Every bundled engine with INTERRUPT_WHEN has that attribute, and while it is false its
    _interrupt answers None and leaves it false (4th Street: the replacements of players who must
    leave, an empty list; Statis Pro: the flag of a play that stopped, 8.1, which it clears)."""
    from coachgym import rulesets

    seen = 0
    for entry in rulesets.entries():
        rs = rulesets.get(entry.name)
        game = rs.new_game(seed=1)
        when = type(game).INTERRUPT_WHEN
        if when is None:
            continue
        seen += 1
        empty = [] if isinstance(getattr(game, when), list) else False
        setattr(game, when, empty)
        assert game._interrupt() is None and getattr(game, when) == empty
    assert seen >= 2


def test_a_decision_kind_without_its_choose_method_is_refused_when_the_class_is_made():
    with pytest.raises(TypeError, match="decision kinds without a _choose_ method: stop"):
        class Broken(_Counter):  # noqa: F841 - made for the error
            decision_kinds = ("go", "stop")


def test_the_toy_ruleset_follows_the_convention():
    from tests.toy_freethrows.engine import FreeThrowEngine

    assert set(FreeThrowEngine.PHASES) == {"shot"} and set(FreeThrowEngine.CHOICES) == set(FreeThrowEngine.decision_kinds)
