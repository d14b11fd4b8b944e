"""Value Add Basketball (college): the rules engine, cards and bundled teams.

``RULESET`` is the entry point: ``RULESET.new_game(home, away, seed=...)`` returns a
:class:`ValueAddEngine`; ``RULESET.coach("by-the-book")`` a scripted coach.
"""

from ...core.ruleset import Ruleset, Sport
from .cards import PlayerCard, Team, parse_team
from .engine import STATS, ValueAddEngine
from .holds import HOLDS
from .options import ValueAddOptions

RULESET = Ruleset(
    name="valueadd",
    title="Value Add Basketball",
    env_id="coachgym/ValueAddBasketball-v0",
    engine_cls=ValueAddEngine,
    options_cls=ValueAddOptions,
    package=__name__,
    parse_team=parse_team,
    default_teams=("harbor-city", "cedar-valley"),
    aliases=("value-add", "valueaddbasketball"),
    box_formulas={"REB": "OREB+DREB"},  # PTS is written in: lines start with the assumed possessions' points
    fuzz_options=({}, {"rotation": 1}, {"rotation": 2, "home_court": True},
                  {"extra_numbers": 1, "team_defense": False, "extended_ranges": False},
                  {"pre_1986_threes": True, "stamina": False},
                  {"switches": False, "avoid_fouls": False, "three_point_mode": False, "intentional_fouls": False,
                   "d8_first": False}),
    time_variable="boxes_left",
    holds=HOLDS,
    sport=Sport(periods=2),
)

__all__ = ["RULESET", "ValueAddEngine", "ValueAddOptions", "PlayerCard", "Team", "parse_team", "STATS"]
