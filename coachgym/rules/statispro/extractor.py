"""The FAC Extractor of the 2015 edition, for people playing the board game: it shuffles the Fast
Action Cards, draws them one by one and runs the time as a game goes (3.1, 8.1-8.3).

"We have developed an electronic version of the 200 FAC cards, with a simple tool (FAC Extractor)
that simulate the cards drawing and the time flowing" (2015 edition, introduction). This is that
tool over coachgym's deck (``data/fac_deck.csv``; docs/rules/statis-pro-basketball.md "The deck"),
dealt exactly as the engine deals it (:func:`.clock.period_deck`):

* 3.1: "press the Shuffle button": a quarter's pile of 180 FAC (150 under the NCAA and FIBA rules,
  19.1, 20.1) with the Time cards at their marks, and a Dead Ball Deck of 20 (50);
* 8.1: a quarter ends when the pile is used up; :meth:`FacExtractor.shuffle` deals the next one;
* 8.2: an overtime: "flip FACs until the Time Left clock shows 5:00 as 75 cards left", with the
  10:00 card 30 cards from the bottom as the two-minute warning; "The DEAD BALL Deck is ready as
  usually": 20 cards (50), the flipped ones on the discard pile;
* 8.3: the Dead Ball Deck (:meth:`FacExtractor.draw_dead`, no time runs off); when it runs out the
  discard pile is flipped, shuffled, and 20 cards dealt into it.

Time: every FAC of the pile is 12:00 / 180 = 4 seconds (10:00 / 150 and 5:00 / 75 alike); a Time
card marks the time played and takes none. The state is plain JSON (:meth:`to_dict`), so a web page
or a saved file can keep an extractor between draws; every shuffle comes from one seeded source.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core.chance import ChanceSource, SeededSource
from ...core.errors import ConfigError
from . import cards as K
from .clock import period_deck
from .options import LEAGUES

# the card's sections in the order they are printed, with the card's own headings
HEADINGS = (("action", "ACTION"), ("advance", "ADVANCE"), ("press", "PRESS"), ("shot", "SHOT #"),
            ("rebound", "REBOUND"), ("foul", "FOUL #"), ("jump_to", "JUMP TO"), ("z_reading", "Z READING"),
            ("block", "BLOCK"))
# what a Time card means for the people at the table (the rule each one triggers)
TIME_CARD_NOTES = {
    "5:00": "end of the first Rest Period (14A, 5.4)",
    "9:00": "end of the second Rest Period (14A, 5.4); by now every player must have rested this half "
            "(2nd and 4th quarter)",
    "10:00": "the final two minutes (8.3): in the 4th quarter and overtime the clock stops for made "
             "baskets; Z READINGs and RPG draws come from the Dead Ball Deck",
    "11:00": "the final minute of the quarter (the last-shot rules, 8.1)",
}

# 8.4, NBA rules only: a team that has not called as many timeouts as quarters played is charged one
NBA_TIME_CARD_NOTES = {
    "5:00": "the Home team is charged a timeout if it has not called as many as quarters played (8.4)",
    "9:00": "the Visitors are charged a timeout if they have not called as many as quarters played (8.4)",
}


def time_card_note(label: str, league: str) -> str:
    """What a Time card means at the table, under ``league``'s rules."""
    extra = NBA_TIME_CARD_NOTES.get(label) if league == "nba" else None
    return TIME_CARD_NOTES[label] + (f"; {extra}" if extra else "")


@dataclass
class Draw:
    """One card turned: the FAC, the Time cards passed on the way to it, and the clock after it."""

    card: K.Card
    time_cards: list[str] = field(default_factory=list)
    dead_ball: bool = False  # from the Dead Ball Deck (no time runs off)
    reshuffled: bool = False  # 8.3: the discard pile was flipped to refill the Dead Ball Deck
    time_left: str = ""
    cards_left: int = 0

    def lines(self) -> list[str]:
        """The card as printed: its RPG number and every section under its heading."""
        c = self.card
        out = [f"FAC {c.rpg}" + ("  (Dead Ball Deck)" if self.dead_ball else "")]
        width = max(len(h) for _, h in HEADINGS)
        out += [f"  {h:<{width}}  {c.text[k]}" for k, h in HEADINGS]
        return out


class FacExtractor:
    """Shuffle, draw, and keep time like the 2015 edition's FAC Extractor.

    >>> fx = FacExtractor(seed=7)          # the first quarter's deck is dealt
    >>> d = fx.draw()                      # the next FAC (Time cards passed are in d.time_cards)
    >>> fx.time_left, fx.cards_left        # ('11:56', 179)
    """

    SECONDS_PER_CARD = 4  # 12:00 / 180, 10:00 / 150, 5:00 / 75 (3.1, 19.1, 8.2)

    def __init__(self, league: str = "nba", *, seed: int | None = None, source: ChanceSource | None = None):
        if league not in LEAGUES:
            raise ConfigError(f"FAC Extractor: league must be one of {', '.join(LEAGUES)}, got {league!r}")
        self.league = league
        self.source = source if source is not None else SeededSource(seed)
        self.period = 0
        self.fac: list[K.Card] = []  # the pile, top card last
        self.dead: list[K.Card] = []
        self.discard: list[K.Card] = []
        self.drawn = 0  # FACs of this period's pile turned (Time cards not counted)
        self.shuffle()

    # ------------------------------------------------------------------ the deck
    @property
    def college(self) -> bool:
        return self.league in ("ncaa", "fiba")

    @property
    def regulation_periods(self) -> int:
        return 4  # NBA and FIBA quarters; the NCAA's two halves are dealt as four 10-minute piles (19.1)

    @property
    def overtime(self) -> bool:
        return self.period > self.regulation_periods

    @property
    def clock(self) -> dict[str, Any]:
        return K.CLOCK["college" if self.college else "nba"]

    def shuffle(self, period: int | None = None) -> None:
        """Deal the pile and the Dead Ball Deck of ``period`` (default: the next one; after the
        regulation periods, an overtime)."""
        self.period = self.period + 1 if period is None else period
        if self.period < 1:
            raise ConfigError(f"FAC Extractor: period must be 1 or more, got {self.period}")
        self.fac, self.dead = period_deck(self.source, self.clock, self.period, self.league, self.overtime)
        self.discard = []
        if self.overtime:
            # 8.2 "If you use the FAC Extractor: ... flip FACs until the Time Left clock shows 5:00 as 75
            # cards left. The DEAD BALL Deck is ready as usually": the Dead Ball Deck of a quarter (20,
            # college 50); the cards flipped lie on the discard pile (8.3 deals from it when it runs out)
            n = self.clock["dead_ball"]
            self.dead, self.discard = self.dead[:n], self.dead[n:]
        self.drawn = 0

    @property
    def period_cards(self) -> int:
        """FACs in this period's pile (Time cards not counted)."""
        return sum(1 for c in self.fac if not c.time) + self.drawn

    @property
    def cards_left(self) -> int:
        return sum(1 for c in self.fac if not c.time)

    @property
    def seconds_left(self) -> int:
        return self.cards_left * self.SECONDS_PER_CARD

    @property
    def time_left(self) -> str:
        s = self.seconds_left
        return f"{s // 60}:{s % 60:02d}"

    @property
    def time_played(self) -> str:
        s = self.drawn * self.SECONDS_PER_CARD
        return f"{s // 60}:{s % 60:02d}"

    @property
    def period_over(self) -> bool:
        return self.cards_left == 0

    @property
    def period_name(self) -> str:
        if self.overtime:
            return f"overtime {self.period - self.regulation_periods}"
        if self.league == "ncaa":  # two halves of 20 minutes, each two Semi-halves of 10 (19.1, 19.2)
            return f"half {(self.period + 1) // 2}, {'first' if self.period % 2 else 'second'} semi-half"
        return f"quarter {self.period}"

    def draw(self) -> Draw:
        """Turn the next FAC of the pile (4 seconds run off). A Time card turned on the way is set
        aside and named in the result (its mark is reached before this FAC is played). At the end of
        the pile the period is over (8.1): shuffle again."""
        if self.period_over:
            raise ConfigError(f"FAC Extractor: {self.period_name} is over (no FAC left); shuffle for the next period")
        passed = []
        while True:
            c = self.source.draw(self.fac, "FAC")
            if c.time:
                passed.append(c.time)
                continue
            break
        self.discard.append(c)
        self.drawn += 1
        return Draw(c, passed, False, False, self.time_left, self.cards_left)

    def draw_dead(self) -> Draw:
        """Turn a FAC of the Dead Ball Deck (free throws, the last shot of 8.1, Z READINGs and RPG
        draws in the final 2:00): no time runs off. When it is empty, 8.3: the discard pile is
        flipped, shuffled and 20 cards are dealt into it."""
        reshuffled = False
        if not self.dead:
            self.source.shuffle(self.discard, "reshuffle the discard pile")
            self.dead = self.discard[-20:]
            del self.discard[-20:]
            reshuffled = True
            if not self.dead:  # nothing discarded yet: a fresh deck
                self.dead = list(K.DECK)
                self.source.shuffle(self.dead, "shuffle the FAC deck")
        c = self.source.draw(self.dead, "FAC (Dead Ball Deck)")
        self.discard.append(c)
        return Draw(c, [], True, reshuffled, self.time_left, self.cards_left)

    # ------------------------------------------------------------------ save / restore
    def to_dict(self) -> dict[str, Any]:
        return {"league": self.league, "period": self.period, "drawn": self.drawn, "source": self.source.to_dict(),
                "fac": [c.key for c in self.fac], "dead": [c.key for c in self.dead],
                "discard": [c.key for c in self.discard]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "FacExtractor":
        from ...core.savecheck import SOURCE, Dict, Env, Int, List, Str, check

        env = Env("saved FAC Extractor")
        card = Str(tuple(K.BY_KEY))
        check(data, Dict({"league": Str(LEAGUES), "period": Int(1, 1000), "drawn": Int(0, 1000), "source": SOURCE,
                          "fac": List(card), "dead": List(card), "discard": List(card)}), env)
        fx = cls.__new__(cls)
        fx.league, fx.period, fx.drawn = data["league"], data["period"], data["drawn"]
        fx.source = ChanceSource.from_dict(data["source"])
        fx.fac, fx.dead, fx.discard = ([K.BY_KEY[k] for k in data[p]] for p in ("fac", "dead", "discard"))
        return fx
