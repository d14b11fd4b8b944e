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

A state kept as one object per side (Value Add's team state) is declared the same way, field by field,
as a :class:`Record`; the engine's field holding the two objects is ``Field.per_side(name, record)``:
saved as a list of objects, checked field by field (``state.team_state[0].stats[3][1]``), copied field
by field. A state kept as one object per side but saved as per-side lists (4th Street's team state:
``pts: [home, away]`` in the save, ``team_state[side].pts`` in memory) marks those fields
``team=True`` and names the objects' class with :class:`TeamRecords`: the save, its check and every
older save stay as they were; a clone copies each object field by field, one level less deep than
its per-side list (a ``"rows"`` field is a ``"flat"`` list on each object). A field renamed keeps loading from older saves: ``renamed={"old": "new"}``, applied by
:meth:`StateDeclaration.upgrade` before the check and the restore.

``tests/core/test_state.py`` checks the pattern; the tests' toy ruleset (tests/toy_freethrows) is
built on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from .copying import ENGINE_PLAN, ClonePlan, _cube, _flat, _rows, deep
from .savecheck import Check, Dict, Env, PerSide, Spec

COPIES = ("value", "flat", "rows", "cube", "nested", "record")
# a team field's copy on each team object: its per-side list's copy, one level less deep
_ONE_LEVEL_DOWN = {"flat": "value", "rows": "flat", "cube": "rows", "nested": "nested"}
_COPIERS: dict[str, Callable[[Any], Any]] = {"value": lambda v: v, "flat": _flat, "rows": _rows, "cube": _cube,
                                             "nested": deep}


@dataclass(frozen=True)
class Field:
    """One attribute of an engine's state."""

    name: str  # the saved key (read and written as the engine attribute of that name)
    spec: Spec  # what a saved value may hold
    copy: str = "nested"  # how a clone copies it: one of COPIES
    doc: str = ""
    attr: str = ""  # the attribute a clone copies, where the saved name is a property over it
    optional: bool = False  # saves from before the field existed may lack it (the engine fills it in)
    record: "Record | None" = None  # copy "record": the field holds one such object per side
    # held per side on the engine's team objects (StateDeclaration's ``team``), as their attribute ``attr``
    # (or ``name``); saved as a per-side list, copied one level less deep on each object
    team: bool = False

    def __post_init__(self) -> None:
        if self.copy not in COPIES:
            raise ValueError(f"field {self.name!r}: copy must be one of {', '.join(COPIES)}, got {self.copy!r}")
        if self.team and self.copy not in _ONE_LEVEL_DOWN:
            raise ValueError(f"field {self.name!r}: a team field is a per-side list: copy must be one of "
                             f"{', '.join(_ONE_LEVEL_DOWN)}, got {self.copy!r}")
        if (self.copy == "record") != (self.record is not None):
            raise ValueError(f"field {self.name!r}: a record field needs copy='record' and its Record")

    @classmethod
    def per_side(cls, name: str, record: "Record", doc: str = "", **kw: Any) -> "Field":
        """A field holding one ``record`` object per side."""
        return cls(name, PerSide(record.spec()), "record", doc, record=record, **kw)


class Record:
    """An object of declared fields (a team's state, one per side): ``cls`` is its class, ``fields`` its
    saved state (each checked by its spec and copied by its ``copy``), ``derived`` the attributes it also
    holds that are not saved (the engine derives them again after a restore), each with how a copy
    copies it (a copy kind of :data:`COPIES`); ``check`` a test of the whole object
    (``test(saved_object, env) -> problem or None``)."""

    def __init__(self, cls: type[Any], *fields: Field, derived: dict[str, str] | None = None,
                 check: Callable[[dict[str, Any], Env], str | None] | None = None):
        bad = [f.name for f in fields if f.copy == "record"]
        if bad:
            raise ValueError(f"record fields cannot hold records: {bad}")
        self.cls: Any = cls
        self.fields = fields
        self.derived = dict(derived or {})
        bad = sorted(n for n, kind in self.derived.items() if kind not in _COPIERS)
        if bad:
            raise ValueError(f"derived attributes {bad}: copy must be one of {', '.join(_COPIERS)}")
        self.test = check
        # a copy, grouped by kind (a clone copies every record: this is a search's hot path)
        kinds = {**{f.name: f.copy for f in fields}, **self.derived}
        self._same = tuple(n for n, kind in kinds.items() if kind == "value")
        self._copiers = tuple((n, _COPIERS[kind]) for n, kind in kinds.items() if kind != "value")

    def spec(self) -> Spec:
        spec = Dict({f.name: f.spec for f in self.fields}, optional=[f.name for f in self.fields if f.optional])
        return Check(spec, self.test) if self.test else spec

    def save(self, obj: Any) -> dict[str, Any]:
        return {f.name: _plain(getattr(obj, f.name)) for f in self.fields}

    def restore(self, data: dict[str, Any]) -> Any:
        """A new object from its saved fields (copied: the object never shares the saved lists); the
        derived attributes are left to the engine."""
        obj = self.cls.__new__(self.cls)
        for f in self.fields:
            if f.name in data:
                setattr(obj, f.name, deep(data[f.name]))
        return obj

    def copy(self, obj: Any) -> Any:
        new = self.cls.__new__(self.cls)
        for name in self._same:
            setattr(new, name, getattr(obj, name))
        for name, copier in self._copiers:
            setattr(new, name, copier(getattr(obj, name)))
        return new

    def copy_per_side(self, objs: list[Any]) -> list[Any]:
        copy = self.copy
        return [copy(o) for o in objs]


class TeamRecords:
    """The engine's per-team objects: attribute ``attr`` of the engine holds one ``cls`` object per side
    (home, away), which holds the declaration's ``team=True`` fields as its attributes; ``derived`` are
    the objects' other attributes, not saved, each with the immutable value a restore and a copy set
    (the engine derives them again on demand)."""

    def __init__(self, attr: str, cls: type[Any], derived: dict[str, Any] | None = None):
        self.attr = attr
        self.cls: Any = cls
        self.derived = dict(derived or {})
        self._same: tuple[str, ...] = ()
        self._copiers: tuple[tuple[str, Callable[[Any], Any]], ...] = ()

    def bind(self, fields: Iterable[Field]) -> None:
        """Group the team fields by how a copy copies them (a clone copies both objects: a search's hot path)."""
        kinds = {f.attr or f.name: _ONE_LEVEL_DOWN[f.copy] for f in fields}
        self._same = tuple(n for n, kind in kinds.items() if kind == "value")
        self._copiers = tuple((n, _COPIERS[kind]) for n, kind in kinds.items() if kind != "value")

    def copy(self, obj: Any) -> Any:
        new = self.cls.__new__(self.cls)
        for name in self._same:
            setattr(new, name, getattr(obj, name))
        for name, copier in self._copiers:
            setattr(new, name, copier(getattr(obj, name)))
        for name, value in self.derived.items():
            setattr(new, name, value)
        return new

    def copy_per_side(self, objs: list[Any]) -> list[Any]:
        copy = self.copy
        return [copy(o) for o in objs]


class StateDeclaration:
    """The fields of an engine's state (saved, checked and copied alike) and the attributes that
    never change during a game (``share``: teams, options, charts; saved, if at all, by the engine
    itself) or are memos a copy starts again (``fresh``); ``team``: the engine's per-team objects
    holding the fields marked ``team=True``."""

    def __init__(self, *fields: Field, share: Iterable[str] = (), fresh: dict[str, Callable[[], Any]] | None = None,
                 base: ClonePlan = ENGINE_PLAN, renamed: dict[str, str] | None = None, team: TeamRecords | None = None):
        names = [f.name for f in fields]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise ValueError(f"state fields declared twice: {dup}")
        self.fields = fields
        self.share = tuple(share)
        self.fresh = dict(fresh or {})
        self.base = base
        self.renamed = dict(renamed or {})  # saved key of older saves -> the field's name now
        unknown = sorted(set(self.renamed.values()) - set(names))
        if unknown:
            raise ValueError(f"renamed to fields not declared: {unknown}")
        self.team = team
        self.team_fields = tuple(f for f in fields if f.team)
        if self.team_fields and team is None:
            raise ValueError(f"team fields {[f.name for f in self.team_fields]} need the declaration's team objects")
        if team is not None:
            team.bind(self.team_fields)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)

    def clone_plan(self) -> ClonePlan:
        """The clone plan: shared data, then each field copied as it declares (an immutable value is
        shared too)."""
        by = {kind: [f.attr or f.name for f in self.fields if f.copy == kind and not f.team] for kind in COPIES}
        custom: dict[str, Callable[[Any], Any]] = {f.attr or f.name: f.record.copy_per_side for f in self.fields
                                                   if f.record is not None}
        if self.team is not None:
            custom[self.team.attr] = self.team.copy_per_side
        return ClonePlan(base=self.base, share=(*self.share, *by["value"]), flat=by["flat"], rows=by["rows"],
                         cube=by["cube"], nested=by["nested"], fresh=self.fresh, custom=custom)

    def spec(self, others: dict[str, Spec] | None = None) -> Dict:
        """The saved state's schema: ``others`` first (keys the engine saves besides the declared
        fields, such as teams and options, with their specs), then every declared field."""
        return Dict({**(others or {}), **{f.name: f.spec for f in self.fields}},
                    optional=[f.name for f in self.fields if f.optional], extra=None)

    def save(self, engine: Any) -> dict[str, Any]:
        """The declared fields as JSON values (tuples become lists, records objects, a team field the
        list of its values on the team objects)."""
        teams = getattr(engine, self.team.attr) if self.team is not None else ()
        return {f.name: [f.record.save(o) for o in getattr(engine, f.name)] if f.record is not None
                else [_plain(getattr(o, f.attr or f.name)) for o in teams] if f.team
                else _plain(getattr(engine, f.name)) for f in self.fields}

    def upgrade(self, state: dict[str, Any]) -> dict[str, Any]:
        """A saved state from before a field was renamed, with its keys renamed (in place; returned)."""
        for old, new in self.renamed.items():
            if old in state and new not in state:
                state[new] = state.pop(old)
        return state

    def restore(self, engine: Any, data: dict[str, Any]) -> None:
        """Set the engine's state from a checked save (its values are taken as they are: copy ``data``
        first where the caller keeps it); an optional field a save lacks is left to the engine."""
        team = self.team
        teams = [team.cls.__new__(team.cls) for _ in range(2)] if team is not None else []
        for f in self.fields:
            if f.optional and f.name not in data:
                continue  # a save from before the field existed: the engine fills it in
            value = data[f.name]
            if f.team:
                for o, v in zip(teams, value):
                    setattr(o, f.attr or f.name, v)
            else:
                setattr(engine, f.name, [f.record.restore(o) for o in value] if f.record is not None else value)
        if team is not None:
            for o in teams:
                for name, v in team.derived.items():
                    setattr(o, name, v)
            setattr(engine, team.attr, teams)

    def check(self, state: dict[str, Any], env: Env, *, others: Iterable[str] = ("teams", "options"), path: str = "state") -> None:
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
