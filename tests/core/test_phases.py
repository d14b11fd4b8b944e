"""The one phase-dispatch convention (coachgym/core/phases.py)."""

from __future__ import annotations

import pytest

from coachgym.core.engine import Decision, Engine
from coachgym.core.phases import OVER, PhaseDispatch, choice, handlers, phase, table


class _Counter(PhaseDispatch, Engine):
    """Counts to three: phase ``count`` asks the coach (kind ``go``) at each even number."""

    ruleset = "counter"
    decision_kinds = ("go",)

    def __init__(self):
        super().__init__(None, record_events=False)
        self.n, self.phase, self.chosen = 0, "count", []
        self.start()

    @phase("count")
    def _phase_count(self):
        if self.n >= 3:
            self.phase = OVER
            return None
        if self.n % 2 == 0:
            return Decision(0, "go", (0, 1), "go?")
        self.n += 1
        return None

    @choice("go")
    def _choose_go(self, decision, action):
        self.chosen.append(decision.kind)
        self.n += 1


def test_tables_are_built_from_the_decorators_once_per_class():
    assert set(_Counter.PHASES) == {"count"} and set(_Counter.CHOICES) == {"go"}
    assert _Counter.PHASES["count"] is _Counter._phase_count
    assert table(_Counter, "choice") == {"go": _Counter._choose_go}


def test_a_handler_named_by_custom_but_not_registered_is_refused_when_the_class_is_made():
    with pytest.raises(TypeError, match=r"_phase_extra not registered: decorate each with @phase\(NAME\)"):
        class Loose(_Counter):  # noqa: F841 - made for the error
            def _phase_extra(self):
                return None


def test_one_method_may_answer_two_kinds_and_a_subclass_replaces_a_handler():
    class Two(_Counter):
        decision_kinds = ("go", "stay")

        @choice("go")
        @choice("stay")
        def _choose_go(self, decision, action):
            super()._choose_go(decision, action)

        @phase("count")
        def _phase_count(self):
            return super()._phase_count()

    assert Two.CHOICES == {"go": Two._choose_go, "stay": Two._choose_go}
    assert Two.PHASES["count"] is Two._phase_count is not _Counter._phase_count


def test_every_bundled_table_is_the_one_the_method_names_gave():
    """The decorators give every bundled engine the very tables its method names gave (the same
    functions under the same names), so the move to them changed no play; the continuations (Statis
    Pro's 6.1 ties, FUBA's movements) and the presenters' views are registered the same way."""
    from coachgym import rulesets
    from tests.toy_freethrows.engine import FreeThrowEngine

    for cls in [rs.engine_cls for rs in rulesets.all_rulesets()] + [FreeThrowEngine]:
        assert cls.PHASES == handlers(cls, "_phase_") and cls.CHOICES == handlers(cls, "_choose_"), cls.__name__
    sp = rulesets.get("statispro").engine_cls
    assert sp.CONTINUATIONS == {k: f for k, f in handlers(sp, "_after_").items() if k != "copy"}
    fuba = rulesets.get("fuba").engine_cls
    assert {k: f for k, f in fuba.CONTINUATIONS.items() if k.startswith("_cont_")} == {
        "_cont_" + k: f for k, f in handlers(fuba, "_cont_").items()}
    for rs in rulesets.all_rulesets():
        presenter = type(rs.part("presenter"))
        assert presenter.VIEWS and all(presenter.VIEWS[k] is getattr(presenter, "_" + k) for k in presenter.VIEWS)
        assert set(presenter.VIEWS) <= set(rs.engine_cls.decision_kinds)


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
    leave, an empty list)."""
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
    assert seen >= 1


def test_a_decision_kind_without_its_choose_method_is_refused_when_the_class_is_made():
    with pytest.raises(TypeError, match="decision kinds without a _choose_ method: stop"):
        class Broken(_Counter):  # noqa: F841 - made for the error
            decision_kinds = ("go", "stop")


def test_the_toy_ruleset_follows_the_convention():
    from tests.toy_freethrows.engine import FreeThrowEngine

    assert set(FreeThrowEngine.PHASES) == {"shot"} and set(FreeThrowEngine.CHOICES) == set(FreeThrowEngine.decision_kinds)
