"""Declared engine state: one declaration per engine from which its save, its save's check and its
clone plan derive, so the three cannot drift apart.

An engine lists its state once, field by field: the field's name (the engine attribute), what a
saved value may hold (a :mod:`~coachgym.core.savecheck` spec: type and allowed values) and how a
copy treats it (:mod:`~coachgym.core.copying`: ``"value"`` for an immutable value, ``"flat"``,
``"rows"``, ``"cube"``, ``"nested"``)::

    STATE = StateDeclaration(
        Field("round", Int(1, 99), "value", "the round being shot"),
        Field("made", PerSide(PerPlayer(Int(0, 999))), "rows", "free throws made, per side and player"),
        share=("teams", "options"),  # never change during a game (saved as the team files and options)
    )
    clone_plan = STATE.clone_plan()

    def _state_to_dict(self):  return {**STATE.save(self), "teams": ..., "options": ...}
    def _state_from_dict(self, d): STATE.restore(self, d); ...
    @classmethod
    def check_saved_state(cls, state, env): ...; STATE.check(state, env)

``tests/core/test_state.py`` checks the pattern; the tests' toy ruleset (tests/toy_freethrows) is
built on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from .copying import ENGINE_PLAN, ClonePlan
from .savecheck import Dict, Env, Spec

COPIES = ("value", "flat", "rows", "cube", "nested")


@dataclass(frozen=True)
class Field:
    """One attribute of an engine's state."""

    name: str  # the saved key (read and written as the engine attribute of that name)
    spec: Spec  # what a saved value may hold
    copy: str = "nested"  # how a clone copies it: one of COPIES
    doc: str = ""
    attr: str = ""  # the attribute a clone copies, where the saved name is a property over it
    optional: bool = False  # saves from before the field existed may lack it (the engine fills it in)

    def __post_init__(self):
        if self.copy not in COPIES:
            raise ValueError(f"field {self.name!r}: copy must be one of {', '.join(COPIES)}, got {self.copy!r}")


class StateDeclaration:
    """The fields of an engine's state (saved, checked and copied alike) and the attributes that
    never change during a game (``share``: teams, options, charts; saved, if at all, by the engine
    itself) or are memos a copy starts again (``fresh``)."""

    def __init__(self, *fields: Field, share: Iterable[str] = (), fresh: dict[str, Callable[[], Any]] | None = None,
                 base: ClonePlan = ENGINE_PLAN):
        names = [f.name for f in fields]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise ValueError(f"state fields declared twice: {dup}")
        self.fields = fields
        self.share = tuple(share)
        self.fresh = dict(fresh or {})
        self.base = base

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)

    def clone_plan(self) -> ClonePlan:
        """The clone plan: shared data, then each field copied as it declares (an immutable value is
        shared too)."""
        by = {kind: [f.attr or f.name for f in self.fields if f.copy == kind] for kind in COPIES}
        return ClonePlan(base=self.base, share=(*self.share, *by["value"]), flat=by["flat"], rows=by["rows"],
                         cube=by["cube"], nested=by["nested"], fresh=self.fresh)

    def spec(self, others: dict[str, Spec] | None = None) -> Dict:
        """The saved state's schema: ``others`` first (keys the engine saves besides the declared
        fields, such as teams and options, with their specs), then every declared field."""
        return Dict({**(others or {}), **{f.name: f.spec for f in self.fields}},
                    optional=[f.name for f in self.fields if f.optional], extra=None)

    def save(self, engine: Any) -> dict:
        """The declared fields as JSON values (tuples become lists)."""
        return {f.name: _plain(getattr(engine, f.name)) for f in self.fields}

    def restore(self, engine: Any, data: dict) -> None:
        for f in self.fields:
            if f.optional and f.name not in data:
                continue  # a save from before the field existed: the engine has filled it in
            setattr(engine, f.name, data[f.name])

    def check(self, state: dict, env: Env, *, others: Iterable[str] = ("teams", "options"), path: str = "state") -> None:
        """Check the declared fields of a saved ``state`` (``others``: its keys the engine checks
        itself); a problem names the field (``state.made[1][2]``)."""
        own = {k: v for k, v in state.items() if k not in set(others)}
        self.spec().check(own, path, env)


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value
