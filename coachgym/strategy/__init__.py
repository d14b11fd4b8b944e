"""Strategy questions, answered: situational strategy files, sequential paired comparisons, and
situations on demand (docs/strategy.md).

* :func:`load` reads a strategy file (YAML; errors name file, line and field); ``strategy:FILE.yaml``
  is a coach spec everywhere coach specs are taken; :func:`vocabulary` lists a ruleset's situation
  variables and actions.
* :mod:`coachgym.strategy.sprt` - the sequential probability ratio test on game pairs
  (pentanomial), Elo and win-rate intervals.
* :mod:`coachgym.strategy.compare` - ``coachgym compare A B``.
* :mod:`coachgym.strategy.situation` - ``coachgym situation``: states in which a condition holds,
  and paired rollouts of choices from them.
"""

from .coach import GameLog, StrategyCoach, strategy_coach
from .file import Rule, Strategy, StrategyFileError, examples, idle_rules, load, loads, vocabulary

__all__ = ["GameLog", "Rule", "Strategy", "StrategyCoach", "StrategyFileError", "examples", "idle_rules", "load", "loads",
           "strategy_coach", "vocabulary"]
