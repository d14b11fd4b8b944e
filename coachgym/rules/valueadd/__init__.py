"""Value Add Basketball (college): the rules engine, cards and bundled teams.

``RULESET`` is the entry point: ``RULESET.new_game(home, away, seed=...)`` returns a
:class:`ValueAddEngine`; ``RULESET.coach("by-the-book")`` a scripted coach.
"""

from ...core.ruleset import Ruleset
from .cards import PlayerCard, Team, parse_team
from .engine import STATS, ValueAddEngine
from .options import ValueAddOptions

RULESET = Ruleset(
    name="valueadd",
    title="Value Add Basketball",
    env_id="coachgym/ValueAddBasketball-v0",
    engine_cls=ValueAddEngine,
    options_cls=ValueAddOptions,
    package=__name__,
    parse_team=parse_team,
    coaches={"by-the-book": "coachgym.agents.valueadd:ByTheBookCoach"},
    default_teams=("harbor-city", "cedar-valley"),
)

__all__ = ["RULESET", "ValueAddEngine", "ValueAddOptions", "PlayerCard", "Team", "parse_team", "STATS"]
