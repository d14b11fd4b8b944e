"""Write each ruleset's ``coachgym/rules/<name>/_types.py``: the engine as the type checker sees it
from inside one of its mixins (``EngineBase``: the engine's state, typed, and every method of the
engine and its mixins, by signature). The mixins derive from it only for the type checker
(``if TYPE_CHECKING``); at run time they derive from ``object`` as before, so nothing that plays
changes. ``tests/core/test_engine_types.py`` checks that every file is what this tool writes now.

The state's types come from the engine's declared state (``core.state.StateDeclaration``): each
declared field's saved spec gives its type (``Int`` an ``int``, ``PerSide(List(Int()))`` a
``list[list[int]]``, ``Opt(s)`` ``s | None`` ...), where the engine holds in memory what it saves; a
ruleset's ``types`` names a field's type where it holds more (a context ``TypedDict``, a tuple), and
its ``extras`` the attributes fixed for the game or derived that the declaration does not save.
Value Add's state is written by hand below (its per-team :class:`TeamState` objects came first).

    python tools/engine_types.py              # rewrite every ruleset's file
    python tools/engine_types.py fourthstreet # one
"""

from __future__ import annotations

import ast
import importlib
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "coachgym" / "rules"
KEPT_DECORATORS = {"property", "staticmethod", "classmethod"}
REGISTERING = {"phase", "choice", "continuation"}  # core.phases' registrations, kept (the module imports cleanly)


@dataclass(frozen=True)
class Ruleset:
    """One ruleset's engine, as this tool reads it."""

    title: str  # the game's name, for the file's docstring
    engine: str  # the engine's class (in engine.py)
    modules: tuple[str, ...]  # the engine's module and its mixins' modules, in the engine's MRO order
    imports: str  # the import lines the typed state needs
    declaration: str = ""  # "module:attribute" of the StateDeclaration ("" where ``state`` is written by hand)
    types: dict[str, str] = field(default_factory=dict)  # a declared field's type where the spec's is not enough
    extras: tuple[tuple[str, str, str], ...] = ()  # (attribute, type, what it holds): not declared, fixed or derived
    state: str = ""  # the state's lines, by hand (Value Add)
    attrs: dict[str, str] = field(default_factory=dict)  # a declared field's attribute where it is not its name


def type_of(spec: Any) -> str:
    """The Python type of a value a saved state's ``spec`` (core.savecheck) admits, as the engine holds it."""
    from coachgym.core import savecheck as S

    kind = type(spec)
    if kind is S.Int:
        return "int"
    if kind is S.Bool:
        return "bool"
    if kind is S.Str:
        return "str"
    if kind is S.Num:
        return "float"
    if kind is S.Null:
        return "None"
    if kind is S.Opt:
        inner = type_of(spec.spec)
        return inner if inner == "Any" else f"{inner} | None"
    if kind is S.Check:
        return type_of(spec.spec)
    if kind in (S.List, S.PerSide, S.PerPlayer):
        return f"list[{type_of(spec.item)}]"
    if kind is S.Tuple:
        items = {type_of(s) for s in spec.items}
        return f"list[{items.pop()}]" if len(items) == 1 else "list[Any]"
    if kind is S.Dict and spec.fields and spec.extra is None:  # a record of one value type (FUBA's stats)
        values = {type_of(s) for s in spec.fields.values()}
        return f"dict[str, {values.pop()}]" if len(values) == 1 else "dict[str, Any]"
    if kind in (S.Dict, S.ByKind):
        return "dict[str, Any]"
    if kind is S.OneOf:
        return " | ".join(dict.fromkeys(type_of(s) for s in spec.specs))
    return "Any"  # JSON, Skip: any JSON value


def _commented(line: str, text: str, width: int = 120) -> str:
    """``line`` with ``text`` as its comment, cut to the line length ruff allows."""
    text = " ".join(text.split())
    room = width - len(line) - 4
    return f"{line}  # {text if len(text) <= room else text[:room - 3].rstrip() + '...'}"


def state_lines(rs: Ruleset) -> str:
    if not rs.declaration:
        return rs.state
    module, attr = rs.declaration.split(":")
    declaration = getattr(importlib.import_module(module), attr)
    lines = ["    # the state saved with the game (the declaration: " + rs.declaration.replace(":", ".") + ")"]
    team = declaration.team
    for f in declaration.fields:
        if f.team:  # held on the per-team objects (typed by their class), listed once where the first is
            if f is declaration.team_fields[0]:
                lines.append(_commented(f"    {team.attr}: list[{team.cls.__name__}]",
                                        "each team's state, home then away (the declaration's team fields)"))
            continue
        name = rs.attrs.get(f.name, f.attr or f.name)
        typ = rs.types.get(f.name) or type_of(f.spec)
        lines.append(_commented(f"    {name}: {typ}", f.doc))
    lines.append("    # not saved: fixed for the game, derived from the state, or memos a copy starts again")
    for name, typ, doc in rs.extras:
        lines.append(_commented(f"    {name}: {typ}", doc) if doc else f"    {name}: {typ}")
    return "\n".join(lines) + "\n"


def header(name: str, rs: Ruleset) -> str:
    return f'''"""The {rs.title} engine as the type checker sees it from inside a mixin (written by
``tools/engine_types.py``; do not edit: run the tool). Imported only by the type checker
(``if TYPE_CHECKING``): the mixins derive from :class:`EngineBase` for mypy and from ``object`` at run
time. Its attributes are the engine's state, typed (what the declared state saves, what the options
and teams derive once per game); its methods are the signatures of the engine's and its mixins'
methods."""

from __future__ import annotations

{rs.imports}
class EngineBase(PhaseDispatch, Engine):
{state_lines(rs)}'''


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


def render(name: str) -> str:
    rs = RULESETS[name]
    folder = RULES / name
    seen: set[tuple[str, bool]] = set()
    parts = [header(name, rs)]
    for module in rs.modules:
        tree = ast.parse((folder / f"{module}.py").read_text(encoding="utf-8"))
        classes = [n for n in tree.body if isinstance(n, ast.ClassDef)
                   and (n.name.endswith("Mixin") or n.name == rs.engine)]
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


def out(name: str) -> Path:
    return RULES / name / "_types.py"


VALUEADD_IMPORTS = '''from typing import Any

from ...core.actions import Action
from ...core.boxscore import BoxScore
from ...core.engine import Decision, Engine
from ...core.phases import PhaseDispatch
from ...core.phases import choice as _choice
from ...core.phases import phase as _phase
from .cards import PlayerCard, Team
from .options import ValueAddOptions
from .state import PossessionContext, TeamState

'''
VALUEADD_STATE = '''    # the state saved with the game (state.DECLARATION)
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

FOURTHSTREET_IMPORTS = '''from typing import Any, Callable

from ...core.actions import Action
from ...core.boxscore import BoxScore
from ...core.engine import Decision, Engine
from ...core.phases import PhaseDispatch
from ...core.phases import choice as _choice
from ...core.phases import phase as _phase
from .calls import SubKey
from .cards import Player, Team
from .options import FourthStreetOptions
from .saved import PlayContext
from .state import TeamState

'''

STATISPRO_IMPORTS = '''from typing import Any

from ...core.actions import Action
from ...core.boxscore import BoxScore
from ...core.engine import Decision, Engine
from ...core.phases import PhaseDispatch
from ...core.phases import choice as _choice
from ...core.phases import continuation as _continuation
from ...core.phases import phase as _phase
from . import cards as K
from . import saved
from .cards import Card
from .constants import Stop
from .options import StatisProOptions
from .saved import PlayContext
from .state import TeamState
from .teams import PlayerCard, Team

'''

FUBA_IMPORTS = '''from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.boxscore import BoxScore
from ...core.chance import ChanceSource
from ...core.engine import Decision, Engine
from ...core.phases import PhaseDispatch
from ...core.phases import choice as _choice
from ...core.phases import continuation as _continuation
from ...core.phases import phase as _phase
from .options import FubaOptions
from .saved import PhaseContext
from .state import TeamState
from .teams import FubaTeam

if TYPE_CHECKING:  # (names of the engine's module its signatures use)
    from .engine import FubaEngine, MoveTables

'''

RULESETS: dict[str, Ruleset] = {
    "valueadd": Ruleset(
        "Value Add", "ValueAddEngine",
        ("engine", "rotation", "possessions", "menus", "roll", "defense", "shooting", "fouls", "rebounding", "copying"),
        VALUEADD_IMPORTS, state=VALUEADD_STATE),
    "fourthstreet": Ruleset(
        "4th Street", "FourthStreetEngine",
        ("engine", "clock", "lineups", "calls", "setups", "play", "rebounding", "fouls", "copying"),
        FOURTHSTREET_IMPORTS, "coachgym.rules.fourthstreet.saved:DECLARATION",
        types={"ctx": "PlayContext"},
        extras=(("options", "FourthStreetOptions", "the rule options"),
                ("teams", "list[Team]", "home, away"),
                ("stint_mark", "int", "the game second up to which each team's stint_counted is counted"))),
    "statispro": Ruleset(
        "Statis Pro Basketball", "StatisProEngine",
        ("engine", "clock", "menus", "play", "shooting", "rebounding", "fouls", "zreadings", "decisions", "copying"),
        STATISPRO_IMPORTS, "coachgym.rules.statispro.saved:DECLARATION",
        types={"ctx": "PlayContext"},
        extras=(("options", "StatisProOptions", "the rule options"),
                ("teams", "list[Team]", "home, away: the rosters as prepared (14G)"),
                ("clock", "dict[str, Any]", "the league's clock table (cards.CLOCK)"),
                ("fac", "list[Card]", "the Fast Action Card deck still to be drawn"),
                ("dead", "list[Card]", "the Dead Ball Deck"),
                ("discard", "list[Card]", "the discard pile"),
                ("rev", "list[int]", "per team: bumped by every change of lineups, ratings, fatigue, rest, status"),
                ("uid", "int", "tells coaches' caches apart from other games (a copy gets a new one)"),
                ("pass_limit", "int", "passes allowed a possession (4.3; 4 in NCAA)"),
                ("no_threes", "bool", "17.5: a team from before 1979-80 plays: no three-point shot"),
                ("foul_out", "int", "personal fouls that foul a player out (6; 5 in college)"),
                ("removal_pending", "bool", "someone in a lineup may have to leave (checked, then cleared)"),
                ("_eff", "list[list[Any] | None]", "per side: the effective ratings of the five (eff), memo"),
                ("_eff_rows", "dict[Any, list[Any]]", "eff's rows by everything they depend on, memo"),
                ("_bench_cache", "list[tuple[int, Any, Any] | None]", "per side: (rev, bench, substitutions), memo"),
                ("CONTINUATIONS", "dict[str, Any]", "6.1's @continuation(NAME) methods by NAME (a class attribute)"))),
    "fuba": Ruleset(
        "FUBA", "FubaEngine",
        ("engine", "preparation", "turn", "movement", "defending", "passing", "goal", "restarts", "discipline",
         "substitutions", "special_events", "skills", "copying"),
        FUBA_IMPORTS, "coachgym.rules.fuba.saved:DECLARATION",
        types={"ctx": "PhaseContext"},
        extras=(("options", "FubaOptions", "the rule options"),
                ("teams", "list[FubaTeam]", "home, away"),
                ("_pt_cache", "tuple[Any, dict[int, int]]", "the last pass targets with every input they depend on"),
                ("_dcache", "tuple[PhaseContext | None, int, dict[tuple[int, int], tuple[list[int], list[int]]]]",
                 "movement memo: (ctx, moves made, destinations)"),
                ("CONTINUATIONS", "dict[str, Any]", "the @continuation(NAME) methods by NAME (a class attribute)"))),
}


def main(argv: list[str]) -> int:
    for name in argv or list(RULESETS):
        if name not in RULESETS:
            print(f"engine_types: no ruleset {name!r} (one of {', '.join(RULESETS)})", file=sys.stderr)
            return 2
        out(name).write_text(render(name), encoding="utf-8")
        print(f"wrote {out(name).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main(sys.argv[1:]))
