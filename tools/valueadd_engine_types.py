"""Write ``coachgym/rules/valueadd/_types.py``: the Value Add engine as the type checker sees it from
inside one of its mixins (``EngineBase``: the engine's state, typed, and every method of the engine
and its mixins, by signature). The mixins derive from it only for the type checker
(``if TYPE_CHECKING``); at run time they derive from ``object`` as before, so nothing that plays
changes. ``tests/valueadd/test_state.py`` checks that the file is what this tool writes now.

    python tools/valueadd_engine_types.py          # rewrite the file
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "coachgym" / "rules" / "valueadd"
OUT = FOLDER / "_types.py"
# the engine's module and its mixins' modules, in the engine's MRO order
MODULES = ("engine", "rotation", "possessions", "menus", "roll", "defense", "shooting", "fouls", "rebounding", "copying")
KEPT_DECORATORS = {"property", "staticmethod", "classmethod"}
REGISTERING = {"phase", "choice"}  # core.phases' registrations, kept (the module imports cleanly)

HEADER = '''"""The Value Add engine as the type checker sees it from inside a mixin (written by
``tools/valueadd_engine_types.py``; do not edit: run the tool). Imported only by the type checker
(``if TYPE_CHECKING``): the mixins derive from :class:`EngineBase` for mypy and from ``object`` at run
time. Its attributes are the engine's state, typed (what ``state.DECLARATION`` saves, what the
options and teams derive once per game); its methods are the signatures of the engine's and its
mixins' methods."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action
from ...core.boxscore import BoxScore
from ...core.engine import Decision, Engine
from ...core.phases import PhaseDispatch
from ...core.phases import choice as _choice
from ...core.phases import phase as _phase
from .cards import PlayerCard, Team
from .options import ValueAddOptions
from .state import PossessionContext, TeamState


class EngineBase(PhaseDispatch, Engine):
    # the state saved with the game (state.DECLARATION)
    team_state: list[TeamState]  # each team's state, home then away
    period: int  # 0 regulation, k the k-th overtime
    box: int  # the possession box being played (44 down to 1)
    half: int  # 0 the top half of the box, 1 the bottom half
    _turn: int  # 0 the away team's possession of the half-box, 1 the home team's
    extra_box: bool  # a bottom half has been earned for this box
    phase: str  # what happens next (core.phases)
    ctx: PossessionContext  # the possession's context (state.PossessionContext)
    menu_changes: int  # changes made in the open menu
    next_fast_break: int | None  # slot of the stealer who leads the next possession's fast break
    # derived from the state
    offense: int  # the side with the ball
    # fixed for the game: the options, the teams and what _build_tables derives from them
    recording: bool  # event text is built (events are recorded)
    options: ValueAddOptions
    _options_id: Any
    teams: list[Team]
    tables: list[list[Any]]  # per side, per roster player: his shot table
    three_tables: list[list[Any]]  # per side, per roster player: his 3-point table
    dunk_net: list[int]  # per side: the dunk rating less the opponent's defense adjustment
    pre86_extra: list[Any]
    reserve_slots: list[Any]  # per side: the reserve of each position
    _extras: list[list[Any]]  # per side, per roster player: his extra numbers
    _assist20: list[list[bool]]  # per side, per roster player: an "Assist 20" card
    _stamina: list[list[int]]  # per side, per roster player: his stamina
    _penalties: bool  # stamina penalties are played
'''


def _stub(fn: ast.FunctionDef) -> str:
    decorators = [d for d in fn.decorator_list
                  if (isinstance(d, ast.Name) and d.id in KEPT_DECORATORS)
                  or (isinstance(d, ast.Attribute) and d.attr == "setter")
                  or (isinstance(d, ast.Call) and isinstance(d.func, ast.Name) and d.func.id in REGISTERING)]
    for d in decorators:  # (as _phase, _choice: the class's attribute ``phase`` would hide the decorator)
        if isinstance(d, ast.Call) and isinstance(d.func, ast.Name) and d.func.id in REGISTERING:
            d.func = ast.Name("_" + d.func.id)
    since_312 = {"type_params": []} if "type_params" in ast.FunctionDef._fields else {}  # (3.12+ field)
    stub = ast.FunctionDef(name=fn.name, args=fn.args, body=[ast.Raise(ast.Name("NotImplementedError"), None)],
                           decorator_list=decorators, returns=fn.returns, type_comment=None, **since_312)
    text = ast.unparse(ast.fix_missing_locations(stub))
    return "\n".join("    " + line for line in text.split("\n"))


def render() -> str:
    seen: set[tuple[str, int]] = set()
    parts = [HEADER]
    for module in MODULES:
        tree = ast.parse((FOLDER / f"{module}.py").read_text(encoding="utf-8"))
        classes = [n for n in tree.body if isinstance(n, ast.ClassDef)
                   and (n.name.endswith("Mixin") or n.name == "ValueAddEngine")]
        for cls in classes:
            stubs = []
            for fn in cls.body:
                if (isinstance(fn, ast.Assign) and len(fn.targets) == 1 and isinstance(fn.targets[0], ast.Name)
                        and isinstance(fn.value, ast.Name) and (fn.value.id, False) in seen
                        and (fn.targets[0].id, False) not in seen):  # an alias of a method: name = method
                    seen.add((fn.targets[0].id, False))
                    stubs.append(f"    {fn.targets[0].id} = {fn.value.id}")
                    continue
                if not isinstance(fn, ast.FunctionDef) or fn.name == "__init__":
                    continue
                setter = any(isinstance(d, ast.Attribute) and d.attr == "setter" for d in fn.decorator_list)
                key = (fn.name, setter)
                if key in seen:  # (a name the MRO resolves earlier)
                    continue
                seen.add(key)
                stubs.append(_stub(fn))
            if stubs:
                parts.append(f"\n    # {module}.py {cls.name}\n" + "\n\n".join(stubs) + "\n")
    return "".join(parts)


def main() -> int:
    OUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
