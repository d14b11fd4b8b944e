"""Search over exact, resampled copies of a game: "what should I do here?" and a search coach.

* :func:`analyze` - every option of the pending decision with its win probability and margin by
  rollouts from resampled futures (common random numbers, successive elimination); ``coachgym analyze``.
* :class:`~coachgym.search.coach.SearchCoach` - a coach that searches at the decisions where its
  base policy is in doubt; ``--coach search:budget=...``.
* :func:`option_values` - each option's value estimate at a decision (to label training data).

See docs/search.md.
"""

from .analysis import Analysis, OptionAnalysis, analyze, load_game
from .coach import SearchCoach, option_values

__all__ = ["Analysis", "OptionAnalysis", "SearchCoach", "analyze", "load_game", "option_values"]
