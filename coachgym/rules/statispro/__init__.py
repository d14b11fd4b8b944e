"""Statis Pro Basketball (1993 Base-10 edition, with the 2015 edition options, NCAA and FIBA).

The rules engine is :class:`~coachgym.rules.statispro.engine.StatisProEngine`; the reconstructed
Fast Action Card deck, Fast Break chart and team files are data under ``data/``. See
docs/rules/statis-pro-basketball.md.
"""

from __future__ import annotations

from ...core.ruleset import Ruleset, Sport
from .engine import StatisProEngine
from .holds import HOLDS
from .options import StatisProOptions
from .teams import parse_team

RULESET = Ruleset(
    name="statispro",
    title="Statis Pro Basketball",
    env_id="coachgym/StatisProBasketball-v0",
    engine_cls=StatisProEngine,
    options_cls=StatisProOptions,
    package=__name__,
    parse_team=parse_team,
    default_teams=("knicks-1993", "bulls-1993"),
    aliases=("statis-pro", "statisprobasketball"),
    box_formulas={"PTS": "2*FGM+3PM+FTM", "REB": "OREB+DREB"},
    fuzz_options=({}, {"league": "ncaa"}, {"league": "fiba"},
                  {"shot_clock_14": True, "assist_last_passer": True, "deliberate_fouls": True, "rebound_slots": "fit-1993-1995",
                   "assist_numbers": "from-1"},
                  {"index_points": False, "injuries": False, "fiba_orb_14": False}),
    time_variable="game_minutes_left",
    holds=HOLDS,
    sport=Sport(periods=4),
)

__all__ = ["RULESET", "StatisProEngine", "StatisProOptions"]
