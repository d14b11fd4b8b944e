"""2,000 random-coach games with the invariants checked after every event, across rule options."""

import itertools

import pytest

from coachgym.core.coach import RandomCoach
from coachgym.core.events import EventLog
from coachgym.core.match import play_game
from coachgym.rules.valueadd import RULESET
from coachgym.rules.valueadd.engine import POSS
from tests.sizes import series

TEAMS = RULESET.team_names()
OPTION_SETS = [
    {},
    {"rotation": 1},
    {"rotation": 2, "home_court": True},
    {"extra_numbers": 1, "team_defense": False, "extended_ranges": False},
    {"pre_1986_threes": True, "home_court": True, "stamina": False},
    {"switches": False, "avoid_fouls": False, "three_point_mode": False, "intentional_fouls": False, "d8_first": False},
]


def possession_bounds(game) -> tuple[int, int]:
    """Possessions per team the rules allow: 44, plus at most one per bottom half of boxes 9..1
    ("never more than one extra per box"), plus 8-16 per overtime of 8 boxes."""
    return 44 + 8 * game.period, 53 + 16 * game.period


def possessions(game, side: int) -> int:
    return sum(st[POSS] for st in game.team_state[side].stats) // 5


class CheckedLog(EventLog):
    """An event log that checks the game's invariants after every event (keeps only the count)."""

    __slots__ = ("game", "prev", "kinds")

    def __init__(self, game):
        super().__init__(record=True)
        self.game, self.prev, self.kinds = game, list(game.score), set()
        self.count = game.log.count

    def add(self, kind, side, text, **data):
        self.count += 1
        self.kinds.add(kind)
        check(self.game, self.prev)


FIVE = frozenset(range(5))


def check(game, prev) -> None:
    limit = game.options.foul_limit
    hi = possession_bounds(game)[1]
    for side in (0, 1):
        ts = game.team_state[side]
        lineup = ts.lineup
        assert len(lineup) == 5 and len(set(lineup)) == 5, lineup  # five on the court
        assert 0 <= min(lineup) and max(lineup) < len(game.teams[side].players)
        assert set(ts.guards) == FIVE  # every attacker guarded by exactly one defender
        assert max(ts.fouls) <= limit  # nobody fouls past the limit
        assert ts.points >= prev[side], "score decreased"
        prev[side] = ts.points
        assert sum(ts.played) <= 5 * hi  # possessions within the rules' bounds
    assert game.box >= 0 and game.half in (0, 1)


@pytest.mark.slow  # part of the default run (deselect with -m "not slow"); 2,000 games with COACHGYM_FULL_SERIES=1
def test_random_games_keep_the_invariants_after_every_event():
    """250 random-coach games (2,000 with ``COACHGYM_FULL_SERIES=1``, tests/sizes.py), every option set
    and pairing in turn: the invariants hold after every event."""
    games = series(2000, 250)
    combos = itertools.cycle(itertools.product(OPTION_SETS, TEAMS, TEAMS))
    kinds = set()
    events = 0
    for seed in range(games):
        options, home, away = next(combos)
        game = RULESET.new_game(home, away, seed=seed, options=options, record_events=True)
        game.log = log = CheckedLog(game)
        check(game, log.prev)
        play_game(game, RandomCoach(seed), RandomCoach(seed + 10_000), seed=seed)
        assert game.over and game.decision is None
        h, a = game.score
        assert h != a, "a game cannot end tied"
        lo, hi = possession_bounds(game)
        for side in (0, 1):
            assert lo <= possessions(game, side) <= hi, (possessions(game, side), game.period)
        kinds |= log.kinds
        events += log.count
    # the checks really ran after every kind of event the games produced
    assert events > games * 300
    assert {"possession", "roll", "steal", "block", "foul", "free_throw", "rebound", "made_2", "made_3", "miss",
            "turnover", "sub", "switch", "extra_possession", "final"} <= kinds
