"""The web app's FAC Extractor (``/fac``): one deck per browser session, kept in the SQLite store
(table ``fac_decks``, store migration 3) so that a reload, a second tab or a restarted server finds
the deck where it was.

A :class:`TableDeck` is a :class:`~coachgym.rules.statispro.extractor.FacExtractor` (the deck, the
time and the shuffles: nothing of the deck is reimplemented here) plus what a person at the table
needs around it: the cards drawn so far (the history, newest last, the period shuffles in it) and a
few states to go back to ("Undo": a card drawn by mistake goes back on the pile exactly as it was).

Every change carries the deck's ``version`` (the number of changes applied) from the page it was
made on; a click made on an older page (a double click, a second tab) is refused as stale and
changes nothing, so a card is never drawn that the person did not see coming.
"""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable

from .. import rulesets
from ..core.errors import CoachgymError, ConfigError, SavedGameError
from ..store import Store
from .live import keep_recent

# the ruleset whose tabletop companion (core.ruleset.Tabletop: the FAC Extractor) the FAC page serves
TABLETOP_RULESET = rulesets.with_part("tabletop")[0]
_TABLETOP = TABLETOP_RULESET.part("tabletop")
FacExtractor = _TABLETOP.deck
K = _TABLETOP.cards  # the deck's cards
LEAGUES = _TABLETOP.leagues
time_card_note = _TABLETOP.time_card_note

HISTORY_LIMIT = 2000  # entries kept (a whole game with overtimes is about 800 draws)
UNDO_DEPTH = 5
ABANDON_AFTER = 30 * 24 * 3600.0  # decks untouched this long are dropped when another is saved
MAX_PERIOD = 14  # four regulation periods and up to ten overtimes offered on the page


class StaleDeck(CoachgymError):
    """A change made on a page that showed an older state of the deck."""


@dataclass
class TableDeck:
    """A FAC Extractor with its history and undo states. ``history`` entries: ``{"kind": "fac" |
    "dead" | "shuffle", "period": the period's name, ...}``; a drawn card adds ``rpg``, ``time_cards``
    (Time cards passed on the way, 3.1), ``time_left`` and ``reshuffled`` (8.3)."""

    extractor: FacExtractor
    history: list[dict] = field(default_factory=list)
    undo: list[dict] = field(default_factory=list)  # [{"extractor": to_dict(), "history": length}], newest last
    version: int = 0

    @classmethod
    def new(cls, league: str = "nba", period: int = 1, seed: int | None = None) -> "TableDeck":
        """A fresh deck: 3.1, "press the Shuffle button" (the pile of ``period``)."""
        if not 1 <= period <= MAX_PERIOD:
            raise ConfigError(f"period: must be from 1 to {MAX_PERIOD}, got {period}")
        fx = FacExtractor(league, seed=seed)
        if period != 1:
            fx.shuffle(period)
        deck = cls(fx)
        deck._shuffled()
        return deck

    # ------------------------------------------------------------------ changes
    def draw(self) -> dict:
        """The next FAC of the pile (4 seconds run off)."""
        self._snapshot()
        d = self.extractor.draw()
        return self._drawn("fac", d)

    def draw_dead(self) -> dict:
        """A FAC of the Dead Ball Deck (no time runs off; refilled from the discard pile, 8.3)."""
        self._snapshot()
        d = self.extractor.draw_dead()
        return self._drawn("dead", d)

    def shuffle(self) -> None:
        """Deal the next period (8.1; after the regulation periods an overtime, 8.2)."""
        self._snapshot()
        self.extractor.shuffle()
        self._shuffled()

    def go_back(self) -> None:
        """Undo the last change (a draw or a shuffle): the deck and the history as they were."""
        if not self.undo:
            raise ConfigError("there is nothing to undo (a new deck, or the last "
                              f"{UNDO_DEPTH} changes already undone)")
        self.extractor = FacExtractor.from_dict(self.undo[-1]["extractor"])  # (checked before anything changes)
        state = self.undo.pop()
        del self.history[state["history"]:]
        self.version += 1

    def _snapshot(self) -> None:
        self.undo.append({"extractor": self.extractor.to_dict(), "history": len(self.history)})
        del self.undo[:-UNDO_DEPTH]
        self.version += 1

    def _drawn(self, kind: str, d: Any) -> dict:
        entry = {"kind": kind, "period": self.extractor.period_name, "rpg": d.card.rpg,
                 "time_cards": list(d.time_cards), "time_left": d.time_left, "reshuffled": d.reshuffled}
        self._log(entry)
        return entry

    def _shuffled(self) -> None:
        fx = self.extractor
        self._log({"kind": "shuffle", "period": fx.period_name, "fac": fx.period_cards, "dead": len(fx.dead)})

    def _log(self, entry: dict) -> None:
        self.history.append(entry)
        if len(self.history) > HISTORY_LIMIT:
            cut = len(self.history) - HISTORY_LIMIT
            del self.history[:cut]
            for state in self.undo:
                state["history"] = max(0, state["history"] - cut)

    # ------------------------------------------------------------------ what the page shows
    @property
    def draws(self) -> int:
        return sum(1 for e in self.history if e["kind"] != "shuffle")

    @property
    def last(self) -> dict | None:
        """The latest history entry (a card drawn or a shuffle)."""
        return self.history[-1] if self.history else None

    def view(self, recent: int = 40) -> dict:
        """Everything the page shows: the clock and piles, the last card as printed, the history
        (newest first, at most ``recent`` entries)."""
        fx = self.extractor
        last = self.last
        return {
            "league": fx.league, "league_name": LEAGUE_NAMES[fx.league], "period": fx.period,
            "period_name": fx.period_name, "overtime": fx.overtime, "time_left": fx.time_left,
            "time_played": fx.time_played, "cards_left": fx.cards_left, "period_cards": fx.period_cards,
            "dead_left": len(fx.dead), "discards": len(fx.discard), "period_over": fx.period_over,
            "seed": getattr(fx.source, "seed", None), "version": self.version, "can_undo": bool(self.undo),
            "next_period": period_name(fx.league, fx.period + 1),
            "card": card_view(last, fx.league) if last and last["kind"] != "shuffle" else None,
            "shuffled": last if last and last["kind"] == "shuffle" else None,
            "history": [entry_view(e, fx.league) for e in reversed(self.history[-recent:])],
            "older": max(0, len(self.history) - recent), "draws": self.draws,
        }

    # ------------------------------------------------------------------ save / restore
    def to_json(self) -> str:
        return json.dumps({"extractor": self.extractor.to_dict(), "history": self.history, "undo": self.undo,
                           "version": self.version}, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> "TableDeck":
        """A deck as :meth:`to_json` wrote it, checked field by field (the extractors by their own check)."""
        from ..core.savecheck import Bool, ByKind, Dict, Env, Int, List, Skip, Str, check

        env = Env("saved FAC Extractor page")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SavedGameError(f"saved FAC Extractor page: not JSON ({exc})") from None
        drawn = Dict({"kind": Str(), "period": Str(max_len=60), "rpg": Int(1, len(K.DECK)),
                      "time_cards": List(Str(tuple(K.TIME_CARDS)), hi=len(K.TIME_CARDS)), "time_left": Str(max_len=8),
                      "reshuffled": Bool()})
        shuffled = Dict({"kind": Str(), "period": Str(max_len=60), "fac": Int(0, len(K.DECK)),
                         "dead": Int(0, len(K.DECK))})
        # the extractors are checked by FacExtractor.from_dict: the deck's now, an undo state's when it is used
        check(data, Dict({"extractor": Skip(),
                          "history": List(ByKind({"fac": drawn, "dead": drawn, "shuffle": shuffled}), hi=HISTORY_LIMIT),
                          "undo": List(Dict({"extractor": Skip(), "history": Int(0, HISTORY_LIMIT)}), hi=UNDO_DEPTH),
                          "version": Int(0, None)}), env)
        return cls(FacExtractor.from_dict(data["extractor"]), data["history"], data["undo"], data["version"])


LEAGUE_NAMES = {"nba": "NBA", "ncaa": "NCAA", "fiba": "FIBA"}
assert set(LEAGUE_NAMES) == set(LEAGUES)


def period_name(league: str, period: int) -> str:
    """The extractor's name of a period ("quarter 2", "half 1, second semi-half", "overtime 1"),
    without dealing it."""
    fx = FacExtractor.__new__(FacExtractor)
    fx.league, fx.period = league, period
    return fx.period_name


def period_choices(league: str) -> list[tuple[int, str]]:
    """(number, name) of the periods a new deck may start at: the regulation periods and overtimes."""
    return [(n, period_name(league, n)) for n in range(1, MAX_PERIOD + 1)]


def rpg_reading(rpg: int) -> dict:
    """What an RPG number selects (the glossary's RPG): the position by its last two digits (PG
    1-20, SF 21-40, C 41-60, PF 61-80, SG 81-100) and, where the team is needed too, Home 1-100,
    Visitors 101-200."""
    pos = K.POSITIONS[K.rpg_slot(rpg)]
    return {"position": pos, "team": "Home" if K.rpg_side(rpg) == 0 else "Visitor"}


# the printed card, row by row: the 1993 rules' pictured FAC lists its sections in this order
# (ACTION, REBOUND, SHOT #, ADVANCE, JUMP TO, BLOCK, Z READING, PRESS, FOUL #): two columns, FOUL #
# across the foot. Each with the rule section that reads it.
CARD_ROWS = ((("action", "ACTION", "9"), ("rebound", "REBOUND", "10")),
             (("shot", "SHOT #", "12"), ("advance", "ADVANCE", "13")),
             (("jump_to", "JUMP TO", "11"), ("block", "BLOCK", "7.2")),
             (("z_reading", "Z READING", "14"), ("press", "PRESS", "15")),
             (("foul", "FOUL #", "6.1"),))


def card_view(entry: dict, league: str) -> dict:
    """A drawn card for the page: the FAC's sections in the printed card's rows, its RPG and what
    it selects, the Time cards passed on the way with what they mean at the table."""
    card = K.card(entry["rpg"])
    return {
        **entry, "rows": [[{"key": k, "heading": h, "rule": rule, "text": card.text[k]} for k, h, rule in row] for row in CARD_ROWS],
        "rpg_reading": rpg_reading(card.rpg),
        "time_card_notes": [(label, time_card_note(label, league)) for label in entry["time_cards"]],
        "reached": _plus_one_card(entry["time_left"]) if entry["time_cards"] else "",
    }


def _plus_one_card(time_left: str) -> str:
    """The time left before a card of the pile was turned (where the Time cards before it were reached)."""
    m, s = (int(x) for x in time_left.split(":"))
    t = 60 * m + s + FacExtractor.SECONDS_PER_CARD
    return f"{t // 60}:{t % 60:02d}"


def entry_view(entry: dict, league: str) -> dict:
    if entry["kind"] == "shuffle":
        return entry
    card = K.card(entry["rpg"])
    return {**entry, "text": dict(card.text), "rpg_reading": rpg_reading(card.rpg)}


MAX_DECKS = 2000  # decks kept on the server (about 8 KB each), the least recently used dropped first


class FacDecks:
    """The decks of every browser session, in the store; one lock per session (two quick clicks are
    applied one after the other). The decks last used are kept in memory too (``cache_size``), read
    again from the store only when its row holds another version (a row changed by another process
    on the same file)."""

    def __init__(self, store: Store, abandon_after: float = ABANDON_AFTER, clock: Callable[[], float] = time.time,
                 cache_size: int = 64):
        self.store = store
        self.abandon_after = abandon_after
        self.clock = clock
        from .live import LockTable

        self._locks = LockTable()  # one per session, while in use
        self._guard = threading.Lock()
        self._cache: OrderedDict[str, TableDeck] = OrderedDict()
        self._cache_size = cache_size

    def _lock(self, session: str):
        return self._locks(session)

    def _load(self, session: str) -> tuple[TableDeck | None, str]:
        """The session's deck, or None; a row that cannot be read is reported (and replaced on the
        next change) instead of failing the page."""
        rows = self.store.query("SELECT version FROM fac_decks WHERE session = ?", (session,))
        if not rows:
            return None, ""
        with self._guard:
            deck = self._cache.get(session)
        if deck is not None and deck.version == rows[0]["version"]:
            return deck, ""
        rows = self.store.query("SELECT state FROM fac_decks WHERE session = ?", (session,))
        try:
            deck = TableDeck.from_json(rows[0]["state"])
        except CoachgymError as exc:
            return None, f"The deck kept for this browser could not be read ({exc}); a fresh one was shuffled."
        self._remember(session, deck)
        return deck, ""

    def _remember(self, session: str, deck: TableDeck) -> None:
        with self._guard:
            keep_recent(self._cache, session, deck, self._cache_size)

    def _forget(self, session: str) -> None:
        with self._guard:
            self._cache.pop(session, None)

    def _save(self, session: str, deck: TableDeck) -> None:
        now = self.clock()
        with self.store.transaction() as cur:
            cur.execute("DELETE FROM fac_decks WHERE updated < ? AND session != ?", (now - self.abandon_after, session))
            # at most MAX_DECKS decks on the server: the least recently used make room
            cur.execute("DELETE FROM fac_decks WHERE session IN (SELECT session FROM fac_decks WHERE session != ? "
                        "ORDER BY updated DESC LIMIT -1 OFFSET ?)", (session, MAX_DECKS - 1))
            cur.execute("INSERT INTO fac_decks (session, version, state, updated) VALUES (?, ?, ?, ?) "
                        "ON CONFLICT(session) DO UPDATE SET version = excluded.version, state = excluded.state, "
                        "updated = excluded.updated", (session, deck.version, deck.to_json(), now))
        self._remember(session, deck)

    def get(self, session: str, store: bool = True) -> tuple[TableDeck, str]:
        """The session's deck (a fresh NBA deck, saved, when it has none) and a notice for the page.
        ``store`` False (a request without the session's cookie: an image tag of another page, a
        script): a fresh deck is shown and nothing is stored."""
        with self._lock(session):
            deck, notice = self._load(session)
            if deck is None:
                deck = TableDeck.new()
                if store:
                    self._save(session, deck)
            return deck, notice

    def change(self, session: str, version: int | None, fn: Callable[[TableDeck], Any]) -> tuple[TableDeck, Any]:
        """``fn(deck)`` under the session's lock, saved after; ``version``: the deck's version on the
        page the change was made on (None: do not check). An error changes nothing (nothing is saved)."""
        with self._lock(session):
            deck, _ = self._load(session)
            if deck is None:
                deck = TableDeck.new()
            _expect(deck, version)
            try:
                result = fn(deck)
            except BaseException:
                self._forget(session)  # the deck in memory may be half changed: the store's is read again
                raise
            self._save(session, deck)
            return deck, result

    def replace(self, session: str, version: int | None, deck: TableDeck) -> TableDeck:
        """A new deck for the session (the old one, its history and undo states are dropped)."""
        with self._lock(session):
            old, _ = self._load(session)
            if old is not None:
                _expect(old, version)
                deck.version = old.version + 1
            self._save(session, deck)
            return deck


def _expect(deck: TableDeck, version: int | None) -> None:
    if version is not None and version != deck.version:
        raise StaleDeck(f"that click was made on an older page of the deck (change {version}; the deck is at change "
                        f"{deck.version}), so nothing was done; here is the deck as it stands")
