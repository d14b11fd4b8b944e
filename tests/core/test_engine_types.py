"""Each ruleset's ``rules/<name>/_types.py`` (the engine as mypy sees it from inside a mixin: its
declared state, typed, and every method's signature) is what ``tools/engine_types.py`` writes from the
engine's source and declaration now (run the tool after changing a signature or a declared field), and
at run time the mixins derive from ``object`` as before (the file is imported only by the type checker)."""

from __future__ import annotations

import importlib
import typing

import pytest

from coachgym.core import savecheck as S
from tests.tools import load_tool

TOOL = load_tool("engine_types")
KINDS = (type(lambda: 0), property, staticmethod, classmethod)


def _engine(name: str) -> type:
    return getattr(importlib.import_module(f"coachgym.rules.{name}.engine"), TOOL.RULESETS[name].engine)


@pytest.mark.parametrize("name", sorted(TOOL.RULESETS))
def test_the_mixins_typed_view_of_the_engine_is_what_the_tool_writes_now(name):
    assert TOOL.out(name).read_text(encoding="utf-8") == TOOL.render(name), f"run: python tools/engine_types.py {name}"
    engine = _engine(name)
    mixins = [k for k in engine.__mro__[1:] if k.__name__.endswith("Mixin") and k.__module__.startswith("coachgym.rules.")]
    assert len(mixins) >= 8 and all(k.__bases__ == (object,) for k in mixins), engine.__mro__
    types = importlib.import_module(f"coachgym.rules.{name}._types")
    stubbed = {n for n, v in vars(types.EngineBase).items() if isinstance(v, KINDS) and not n.startswith("__")}
    real = {n for klass in [engine, *mixins] for n, v in vars(klass).items() if isinstance(v, KINDS)}
    assert len(stubbed) > 40
    assert stubbed - real == set(), stubbed - real  # no stub of a method that does not exist


@pytest.mark.parametrize("name", sorted(n for n, rs in TOOL.RULESETS.items() if rs.declaration))
def test_every_declared_field_is_typed_from_its_declaration(name):
    """Every field of the declared state is an attribute of the typed view (under the attribute a
    clone copies), of the type its saved spec gives unless the ruleset names a richer one."""
    rs = TOOL.RULESETS[name]
    module, attr = rs.declaration.split(":")
    declaration = getattr(importlib.import_module(module), attr)
    annotations = importlib.import_module(f"coachgym.rules.{name}._types").EngineBase.__annotations__
    for f in declaration.fields:
        if f.team:  # a field held on the per-team objects: typed there, as one side's value of its spec
            assert annotations[declaration.team.attr] == f"list[{declaration.team.cls.__name__}]"
            team_types = declaration.team.cls.__annotations__
            assert team_types[f.attr or f.name] == TOOL.type_of(f.spec.item), f.name
            assert (f.attr or f.name) in declaration.team.cls.__slots__
            continue
        assert annotations[f.attr or f.name] == rs.types.get(f.name, TOOL.type_of(f.spec)), f.name
    for extra, typ, _ in rs.extras:
        assert annotations[extra] == typ


def test_a_spec_s_type():
    assert TOOL.type_of(S.PerSide(S.PerPlayer(S.List(S.Int(0, 9), 3)))) == "list[list[list[int]]]"
    assert TOOL.type_of(S.Opt(S.Str(("a", "b")))) == "str | None"
    assert TOOL.type_of(S.Tuple(S.Int(), S.Int())) == "list[int]"
    assert TOOL.type_of(S.Tuple(S.Int(), S.Str())) == "list[Any]"
    assert TOOL.type_of(S.Check(S.Bool(), lambda v, env: None)) == "bool"
    assert TOOL.type_of(S.Dict({"a": S.Int(), "b": S.Int(0, 9)})) == "dict[str, int]"  # a record of one value type
    assert TOOL.type_of(S.Dict({"a": S.Int(), "b": S.Str()})) == "dict[str, Any]"
    assert TOOL.type_of(S.Dict({"a": S.Int()}, extra=S.JSON())) == "dict[str, Any]"
    assert TOOL.type_of(S.JSON()) == "Any"


@pytest.mark.parametrize("name, context, fields, at_least", [("fourthstreet", "PlayContext", "CTX", 6),
                                                             ("statispro", "PlayContext", "CTX_FIELDS", 25),
                                                             ("fuba", "PhaseContext", "CTX_FIELDS", 12)])
def test_the_context_is_typed_with_the_keys_its_save_check_knows(name, context, fields, at_least):
    """The engine's ``ctx`` is a TypedDict of its ``saved`` module (each key says what it holds; mypy
    checks every read and write) with exactly the keys the saved game's check accepts, every key
    optional; seeded games with random coaches set only those."""
    import random

    ruleset = importlib.import_module(f"coachgym.rules.{name}").RULESET
    saved = importlib.import_module(f"coachgym.rules.{name}.saved")
    known = getattr(saved, fields)
    typed = context
    context = getattr(saved, typed)
    assert set(context.__annotations__) == set(getattr(known, "fields", known))
    assert context.__required_keys__ == frozenset()
    assert all(isinstance(hint, type) or typing.get_origin(hint) is not None
               for hint in typing.get_type_hints(context).values())
    assert importlib.import_module(f"coachgym.rules.{name}._types").EngineBase.__annotations__["ctx"] == typed
    seen: set[str] = set()
    for seed in range(1, 4):
        game, rng = ruleset.new_game(seed=seed, record_events=False), random.Random(seed)
        while game.decision is not None:
            seen |= set(game.ctx)
            game.step(rng.choice(game.decision.legal))
    assert seen <= set(context.__annotations__) and len(seen) >= at_least, sorted(seen)
