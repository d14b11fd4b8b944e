"""Declared observation specs: what each float of a ruleset's observation vector holds.

A ruleset's observation is declared once, at module level in its env module, as an
:class:`ObservationSpec`: its version and its fields in order, each an :class:`ObsField` (name,
length, meaning, and the range its values keep after the env's clip to [-1, 1]). Everything else
comes from that declaration:

* the encoder's layout (:meth:`ObservationSpec.layout`: offsets and size; encoders take their block
  offsets from :meth:`ObservationSpec.offset` and :meth:`ObservationSpec.length`, not from counts of
  their own), and so the env's ``observation_space``;
* the per-ruleset tables of docs/envs.md (:meth:`ObservationSpec.describe`, written by
  ``tools/write_env_docs.py``; ``tests/test_observation_spec.py`` fails when the doc is out of step)
  and ``coachgym observation <ruleset>``;
* the range check of ``tests/test_observation_spec.py`` (:meth:`ObservationSpec.out_of_range`).

Plain Python (no NumPy needed to declare one), so a ruleset's folder can hold its spec too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

OBS_LOW, OBS_HIGH = -1.0, 1.0  # every observation's bounds (the env's Box, and its clip)


@dataclass(frozen=True)
class ObsField:
    """One named block of an observation vector: ``length`` floats, what they mean, and the range
    ``[low, high]`` (within [-1, 1]) every one of them keeps."""

    name: str
    length: int
    meaning: str
    low: float = 0.0
    high: float = 1.0

    def __post_init__(self) -> None:
        if not self.name.isidentifier():
            raise ValueError(f"observation field {self.name!r}: the name must be an identifier")
        if isinstance(self.length, bool) or not isinstance(self.length, int) or self.length < 1:
            raise ValueError(f"observation field {self.name!r}: length must be a positive integer, got {self.length!r}")
        if not OBS_LOW <= self.low <= self.high <= OBS_HIGH:
            raise ValueError(f"observation field {self.name!r}: range [{self.low}, {self.high}] is not within "
                             f"[{OBS_LOW}, {OBS_HIGH}] (low <= high)")
        if not self.meaning.strip():
            raise ValueError(f"observation field {self.name!r}: say what it means")


@dataclass(frozen=True)
class ObservationSpec:
    """A ruleset's observation, declared: its ``version`` (bumped with any change of meaning or
    layout) and its ``fields`` in vector order."""

    version: int
    fields: tuple[ObsField, ...]
    _offsets: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        offsets: dict[str, int] = {}
        at = 0
        for f in self.fields:
            if f.name in offsets:
                raise ValueError(f"duplicate observation field {f.name!r}")
            offsets[f.name] = at
            at += f.length
        object.__setattr__(self, "_offsets", offsets)

    @property
    def size(self) -> int:
        """The number of floats."""
        return sum(f.length for f in self.fields)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)

    def field(self, name: str) -> ObsField:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(f"no observation field {name!r}; the fields: {', '.join(self.names)}")

    def offset(self, name: str) -> int:
        """Where field ``name`` starts in the vector."""
        if name not in self._offsets:
            self.field(name)  # (raises, naming the fields)
        return self._offsets[name]

    def length(self, name: str) -> int:
        return self.field(name).length

    def end(self, name: str) -> int:
        """One past field ``name``'s last float."""
        return self.offset(name) + self.length(name)

    def layout(self) -> Any:
        """The :class:`ObservationLayout` of this spec (what encoders and ``coachgym observation`` use)."""
        layout = ObservationLayout()
        for f in self.fields:
            layout.add(f.name, f.length, f.meaning, low=f.low, high=f.high)
        return layout

    def describe(self) -> str:
        """The Markdown table of docs/envs.md: offset, length, field, range, meaning."""
        return self.layout().describe()

    def out_of_range(self, obs: Sequence[float]) -> list[str]:
        """The fields of ``obs`` (a vector of this spec's size) with a value outside their declared range,
        each as 'name[i] = value not in [low, high]' (the first offending value of each); [] when none."""
        if len(obs) != self.size:
            return [f"the vector has {len(obs)} floats, the spec {self.size}"]
        bad = []
        for f in self.fields:
            at = self._offsets[f.name]
            for i in range(f.length):
                v = float(obs[at + i])
                if not f.low <= v <= f.high:
                    bad.append(f"{f.name}[{i}] = {v!r} not in [{f.low}, {f.high}]")
                    break
        return bad


class ObservationLayout:
    """Named fields of a flat observation vector, documented field by field (made from an
    :class:`ObservationSpec` by :meth:`ObservationSpec.layout`; ``add`` builds one by hand)."""

    def __init__(self) -> None:
        self.fields: list[tuple[str, int, str]] = []
        self.offsets: dict[str, int] = {}
        self.ranges: dict[str, tuple[float, float]] = {}
        self.size = 0

    def add(self, name: str, length: int, description: str, *, low: float = OBS_LOW, high: float = OBS_HIGH) -> int:
        if name in self.offsets:
            raise ValueError(f"duplicate observation field {name}")
        self.offsets[name] = self.size
        self.fields.append((name, length, description))
        self.ranges[name] = (low, high)
        self.size += length
        return self.offsets[name]

    def describe(self) -> str:
        rows = ["| offset | length | field | range | meaning |", "| --- | --- | --- | --- | --- |"]
        for name, length, desc in self.fields:
            low, high = self.ranges[name]
            rows.append(f"| {self.offsets[name]} | {length} | `{name}` | {_num(low)}..{_num(high)} | {desc} |")
        return "\n".join(rows)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"
