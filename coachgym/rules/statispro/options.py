"""Statis Pro Basketball rule options: the 2015 edition's additions and the NCAA / FIBA variants."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ...core.errors import ConfigError

LEAGUES = ("nba", "ncaa", "fiba")
SEASON_OPTIONS = ("rebound_slots", "assist_numbers")  # the reconstructed data read through a table (default "printed")


@dataclass(frozen=True)
class StatisProOptions:
    # "nba" (the 1993 rules), "ncaa" (2015 edition 19.1-19.9) or "fiba" (2015 edition 20.1-20.11).
    league: str = "nba"
    # 2015 edition 4.3 / 4.5 / 6.4: a fresh frontcourt possession after a defensive foul or a
    # kicked ball gets a 14-second clock (two ADVANCES) instead of a new 24 (three). FIBA always.
    shot_clock_14: bool = False
    # 2015 edition 4.4: every made field goal after a completed pass credits an assist to the
    # last passer (the 1993 rule credits assists on Open Shots only).
    assist_last_passer: bool = False
    # 2015 edition 6.6: deliberate fouls ("hack-a-Shaq") as a defensive coaching decision.
    deliberate_fouls: bool = False
    # 16: Team Index Points (spent on 16A-D).
    index_points: bool = True
    # 14G: injuries (off: an Injury Z READING is treated as Mandatory Rest).
    injuries: bool = True
    # 17.5 and the FIBA rule 20.4 (2014-15): after an offensive rebound a 14-second clock.
    fiba_orb_14: bool = True
    # 14G EXPANDED ATTEMPTS: "the coach may increase the ATTEMPTS rating of another player at his
    # position" when a player misses the game with a prior injury. On (the book's answer, what every
    # engine version did): increased; off: the coach declines, ATTEMPTS stay as printed.
    expanded_attempts: bool = True
    # A season option, 10A-10D "Defense POS" / "Offense POS": "printed" (the reconstructed deck as shipped) or
    # the name of a re-deal table of data/rebound_slots.json, which moves the position slot of some REBOUND
    # cards (docs/rules/statis-pro-basketball.md, "Season option: the REBOUND slots re-dealt").
    rebound_slots: str = "printed"
    # A season option, 4.4 the Assist # of a pass (ACTION, ADVANCE, PRESS): "printed" (2-10 / 2-12 as the
    # reconstructed deck prints them) or the name of a table of data/assist_numbers.json mapping each printed
    # Assist # to the one played (docs/rules/statis-pro-basketball.md, "Season option: the Assist # range").
    assist_numbers: str = "printed"

    def validate(self, where: str = "statispro rule options") -> None:
        if self.league not in LEAGUES:
            raise ConfigError(f"{where}: option 'league' must be one of {', '.join(LEAGUES)}, got {self.league!r}")
        from .cards import PRINTED, season_table

        for key in SEASON_OPTIONS:  # a table of the option's data file, or the deck as printed
            if getattr(self, key) != PRINTED:
                season_table(key, getattr(self, key), where)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        for key in SEASON_OPTIONS:  # written only when set: a save of a game without them reads as before they existed
            if d[key] == "printed":
                del d[key]
        return d
