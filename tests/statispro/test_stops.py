"""A play that stops in the middle of a card, with no exception (coachgym/core/phases.py): the FAC pile
running out inside 6.1's who-fouled-who (8.1: the period ends) and the home coach naming the player among
equal FOUL DRAWING numbers (6.1: the engine waits at PH_WAIT). Reached by seed; a save at the decision
that follows loads and plays on exactly as the game it was saved from."""

from __future__ import annotations

import json
import random
import sys

from coachgym import rulesets
from coachgym.core.phases import PhaseDispatch
from coachgym.rules.statispro import constants
from coachgym.rules.statispro.engine import StatisProEngine


def _play(seed: int, steps: int, ends: list | None = None):
    """The default teams' game ``seed`` after ``steps`` decisions of a seeded random coach. ``ends``
    collects each period that ends because the FAC pile ran out: (the decision whose play ran it out,
    the names of the functions on the way to that draw, innermost first)."""
    rs = rulesets.get("statispro")
    game = rs.new_game(*rs.default_teams, seed=seed, record_events=False)
    step = 0
    if ends is not None:
        end_period = game._end_period

        def watched() -> None:
            f, names = sys._getframe(1), []
            while f is not None:
                names.append(f.f_code.co_name)
                f = f.f_back
            ends.append((step, names))
            end_period()

        game._end_period = watched
    rng = random.Random(seed)
    for step in range(1, steps + 1):  # noqa: B007 - watched() reads it
        game.step(rng.choice(game.decision.legal))
    return game


def _plays_on_identically(game, seed: int, steps: int = 300) -> None:
    twin = StatisProEngine.from_dict(json.loads(game.to_json()))
    assert twin.decision == game.decision
    rng = random.Random(seed + 1)
    for _ in range(steps):
        if game.decision is None:
            break
        a = rng.choice(game.decision.legal)
        game.step(a)
        twin.step(a)
        assert twin.decision == game.decision
    assert twin.to_dict() == game.to_dict()


def test_the_fac_pile_runs_out_in_the_middle_of_a_play():
    ends = []
    game = _play(12, 438, ends)
    at, names = ends[-1]
    assert at == 438  # the last decision's play ran the pile out ...
    assert "_who_fouled" in names and "_pass_section" in names  # ... deep inside a foul of an ACTION/ADVANCE
    assert names.index("_draw") < names.index("_who_fouled") < names.index("_pass_section")
    assert game.decision is not None
    _plays_on_identically(game, 12)


def test_a_coach_chooses_in_the_middle_of_a_card():
    game = _play(0, 1033)
    assert game.phase == "wait" and game.ctx["then"] == "fd_tie"  # 6.1: the home coach names the player
    assert game.decision.kind == "choose" and game.decision.side == 0
    _plays_on_identically(game, 0)


def test_the_engine_runs_on_phase_dispatch_own_loop_with_no_exception_classes():
    assert StatisProEngine._next_decision is PhaseDispatch._next_decision
    assert StatisProEngine._apply is PhaseDispatch._apply
    assert not hasattr(constants, "PeriodOver") and not hasattr(constants, "_Pause")


def test_a_stop_is_a_result_that_every_caller_checks_not_a_flag():
    """The play stops by an explicit result (constants.Stop), no flag: every call of a function that can
    stop a play (its annotation says ``| Stop``) is followed by a check of that result, so a static
    reader can follow where each stop goes (checked here on the source, every module of the engine)."""
    import ast
    import inspect
    from pathlib import Path

    from coachgym.rules.statispro import engine

    folder = Path(inspect.getfile(engine)).parent
    assert not hasattr(StatisProEngine, "_stopped") and StatisProEngine.INTERRUPT_WHEN is None
    assert not StatisProEngine.INTERRUPTS  # (PhaseDispatch's faster loop: no call before each phase)
    can_stop = {n for n, f in inspect.getmembers(StatisProEngine, inspect.isfunction)
                if "Stop" in str(f.__annotations__.get("return", ""))}
    assert {"_fd_rank", "_who_fouled", "_shot_foul", "_mandatory_rest", "_injury", "_great_night"} <= can_stop
    unchecked = []
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert "_stopped" not in path.read_text(encoding="utf-8"), path.name
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            blocks = [getattr(stmt, field) for stmt in ast.walk(fn) for field in ("body", "orelse", "finalbody")
                      if isinstance(getattr(stmt, field, None), list)]
            for body in blocks:
                for k, s in enumerate(body):
                    call = s.value if isinstance(s, (ast.Expr, ast.Assign)) else None
                    if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                            and call.func.attr in can_stop):
                        rest = body[k + 1:]
                        # a bare call whose stop is dropped must be the last thing its block does
                        if isinstance(s, ast.Expr) and rest and not isinstance(rest[0], ast.Return):
                            unchecked.append(f"{path.name}:{s.lineno} {call.func.attr}")
                        # an assigned result is checked against STOP on the next line
                        if isinstance(s, ast.Assign) and not (rest and "STOP" in ast.unparse(rest[0])):
                            unchecked.append(f"{path.name}:{s.lineno} {call.func.attr}")
    assert not unchecked, unchecked
