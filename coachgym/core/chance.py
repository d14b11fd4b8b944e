"""The one source of every die roll and card draw in a game.

Each game owns exactly one :class:`ChanceSource`. Engines never touch Python's or NumPy's global
random generators, so a game is reproducible whatever else the process does with them.

* :class:`SeededSource` - the normal source, a private ``random.Random`` seeded per game. Same seed
  and same coaching choices give an identical play-by-play in any process.
* :class:`ScriptedSource` - a test's source: it hands out an explicit sequence of dice values (and
  cards), checks each against the die the engine asks for, and fails loudly when the engine asks
  for something the script does not hold.

Every request names what it is for (``what``), e.g. ``"d8 ballhandler"``. The seeded source ignores
the name; the scripted source can check it, which makes a rule test read like the rulebook.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Iterable


class ChanceError(RuntimeError):
    """A scripted sequence does not match what the engine asked for."""


class ScriptExhausted(ChanceError):
    """The engine asked for more dice or cards than the script holds."""


class ChanceSource:
    """Interface of a game's chance source."""

    kind = "abstract"

    def roll(self, sides: int, what: str = "") -> int:  # pragma: no cover - interface
        """Roll one die with ``sides`` faces and return 1..sides."""
        raise NotImplementedError

    def shuffle(self, items: list[Any], what: str = "") -> None:  # pragma: no cover - interface
        """Shuffle a deck in place."""
        raise NotImplementedError

    def draw(self, pile: list[Any], what: str = "") -> Any:  # pragma: no cover - interface
        """Take the next card: the top (last element) of ``pile``, removed from it."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:  # pragma: no cover - interface
        raise NotImplementedError

    def clone(self) -> "ChanceSource":
        """An independent copy that hands out exactly what this source would from now on."""
        return copy.deepcopy(self)

    @staticmethod
    def from_dict(data: dict[str, Any]) -> "ChanceSource":
        kind = data.get("kind")
        if kind == SeededSource.kind:
            return SeededSource.from_dict(data)
        if kind == ScriptedSource.kind:
            return ScriptedSource.from_dict(data)
        raise ChanceError(f"unknown chance source kind {kind!r} in saved game")


class SeededSource(ChanceSource):
    """Seeded pseudo-random dice and shuffles (Mersenne Twister, private to the game)."""

    kind = "seeded"
    __slots__ = ("seed", "_rng", "_random")

    def __init__(self, seed: int | None = None):
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, got {type(seed).__name__}")
        self.seed = seed
        self._rng = random.Random(seed)
        self._random = self._rng.random  # cached bound method (the hot path); never part of the state

    # Copies and pickles carry the seed and the generator's state, never ``_random``: a bound method
    # is not rebound by ``copy.deepcopy``, so a copy holding it would draw from the original's generator.
    def __getstate__(self) -> tuple[Any, ...]:
        return (self.seed, self._rng.getstate())

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self.seed, rng_state = state
        self._rng = random.Random.__new__(random.Random)
        self._rng.setstate(rng_state)
        self._random = self._rng.random

    def __deepcopy__(self, memo: dict[int, Any]) -> "SeededSource":
        return self.clone()

    def __copy__(self) -> "SeededSource":
        return self.clone()

    def clone(self) -> "SeededSource":
        new = SeededSource.__new__(SeededSource)
        new.__setstate__(self.__getstate__())
        return new

    def roll(self, sides: int, what: str = "") -> int:
        return int(self._random() * sides) + 1

    def shuffle(self, items: list[Any], what: str = "") -> None:
        # random.Random.shuffle written out (Fisher-Yates over _randbelow_with_getrandbits, as in
        # CPython's random.py): the very same swaps from the same state, without two Python-level
        # calls per card (a Statis Pro game shuffles its 200-card FAC deck about five times)
        getrandbits = self._rng.getrandbits
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            k = n.bit_length()
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            items[i], items[j] = items[j], items[i]

    def draw(self, pile: list[Any], what: str = "") -> Any:
        if not pile:
            raise ChanceError(f"cannot draw {what or 'a card'}: the pile is empty")
        return pile.pop()

    def to_dict(self) -> dict[str, Any]:
        version, internal, gauss = self._rng.getstate()
        return {"kind": self.kind, "seed": self.seed, "state": [version, list(internal), gauss]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "SeededSource":
        src = cls(int(data["seed"]))
        version, internal, gauss = data["state"]
        src._rng.setstate((version, tuple(internal), gauss))
        return src


class ScriptedSource(ChanceSource):
    """Hands the engine an explicit sequence of chance results.

    ``script`` items are either an ``int`` (a die value), a ``(what, value)`` pair whose ``what``
    must appear in the engine's request (``"d8"`` matches ``"d8 ballhandler"``), or any other object
    returned as-is by :meth:`draw` (a card given by its sections). ``shuffle`` leaves decks alone,
    so a deck can also be stacked by the test.

    ``fallback``: a source to continue with once the script is used up (for tests that script only
    the opening of a game); without one, running out raises :class:`ScriptExhausted`.
    """

    kind = "scripted"

    def __init__(self, script: Iterable[Any], fallback: ChanceSource | None = None):
        self.script: list[Any] = list(script)
        self.position = 0
        self.fallback = fallback
        self.requests: list[str] = []  # what the engine asked for, in order (for test messages)

    @property
    def remaining(self) -> int:
        return len(self.script) - self.position

    def _next(self, what: str) -> Any:
        self.requests.append(what)
        if self.position >= len(self.script):
            raise ScriptExhausted(
                f"script exhausted after {self.position} items; the engine then asked for {what!r}"
            )
        item = self.script[self.position]
        self.position += 1
        return item

    def roll(self, sides: int, what: str = "") -> int:
        if self.position >= len(self.script) and self.fallback is not None:
            return self.fallback.roll(sides, what)
        item = self._next(what)
        if isinstance(item, tuple):
            expected, value = item
            if expected not in what:
                raise ChanceError(
                    f"script item {self.position - 1} is for {expected!r} but the engine asked for {what!r}"
                )
        else:
            value = item
        if not isinstance(value, int) or isinstance(value, bool):
            raise ChanceError(f"script item {self.position - 1} ({value!r}) is not a die value; engine asked for {what!r}")
        if not 1 <= value <= sides:
            raise ChanceError(f"script value {value} is not a face of a d{sides} ({what})")
        return value

    def shuffle(self, items: list[Any], what: str = "") -> None:
        if self.position >= len(self.script) and self.fallback is not None:
            self.fallback.shuffle(items, what)

    def draw(self, pile: list[Any], what: str = "") -> Any:
        if self.position >= len(self.script) and self.fallback is not None:
            return self.fallback.draw(pile, what)
        item = self._next(what)
        if isinstance(item, (int, tuple)):
            raise ChanceError(f"script item {self.position - 1} is a die value but the engine drew a card ({what})")
        if item in pile:
            pile.remove(item)
        return item

    def assert_used_up(self) -> None:
        if self.remaining:
            raise ChanceError(f"{self.remaining} scripted items were never used: {self.script[self.position:]!r}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "script": [list(i) if isinstance(i, tuple) else i for i in self.script],
            "position": self.position,
            "fallback": self.fallback.to_dict() if self.fallback else None,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "ScriptedSource":
        script = [tuple(i) if isinstance(i, list) and len(i) == 2 and isinstance(i[0], str) else i for i in data["script"]]
        fb = ChanceSource.from_dict(data["fallback"]) if data.get("fallback") else None
        src = cls(script, fb)
        src.position = int(data["position"])
        return src
