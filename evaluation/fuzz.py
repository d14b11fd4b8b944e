"""Random fuzzing of the rules engines with every invariant checked after every event.

Random coaches (every legal choice equally likely) play seeded games across rule options and teams;
the game's event log is replaced by one that checks the ruleset's invariants each time an event is
logged, i.e. after every state change the engine reports (dice results, passes, shots, fouls,
substitutions ...), not only at decisions. ``coachgym.evaluation.fuzz.fuzz("valueadd", decisions=1_000_000)`` returns the
figures; ``python tools/fuzz.py`` prints them for every ruleset; ``tests/fuzz`` runs a short fuzz in
the default test run and the 1,000,000-decision one with ``-m long``.

The invariants (one function per ruleset, its registration's ``invariants`` part, in
``coachgym/rules/<name>/invariants.py``; :data:`INVARIANTS`): the score equals the players'
points and points add up from field goals, threes and free throws; made never exceeds attempted;
no count is negative and none decreases that cannot (score, statistics); five distinct players of
the roster on the court; personal fouls within the limit; clocks, periods, timeouts and the other
counters within the rules' bounds; the FAC piles hold each card once (Statis Pro); pieces and the
ball on the board (FUBA). At the end of each game the box score's totals equal the final score.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Callable

from .. import rulesets
from ..core.coach import RandomCoach
from ..core.events import EventLog
from ..core.invariants import InvariantError

# ruleset -> its invariants and the rule options the fuzz cycles through, read from the registrations
# (the ``invariants`` part and ``fuzz_options``: every switch of a ruleset is on in one set or another)
INVARIANTS: Mapping[str, Callable[[Any, dict], None]] = rulesets.by_ruleset(lambda rs: rs.part("invariants"))
OPTION_SETS: Mapping[str, list[dict]] = rulesets.by_ruleset(lambda rs: list(rs.fuzz_options))


class CheckedLog(EventLog):
    """An event log that checks the invariants after every event (it keeps only the count)."""

    def __init__(self, game: Any, check: Callable[[Any, dict], None]):
        super().__init__(record=True)
        self.game, self.check, self.prev = game, check, {}
        self.count = game.log.count
        self.checked = 0
        self.last = ""

    def add(self, kind, side, text, **data):
        self.count += 1
        self.last = f"{kind}: {text}"
        self.check(self.game, self.prev)
        self.checked += 1


@dataclass
class FuzzReport:
    ruleset: str
    games: int = 0
    decisions: int = 0
    events: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    def line(self) -> str:
        rate = self.decisions / self.seconds if self.seconds else 0
        return (f"{self.ruleset}: {self.decisions:,} decisions in {self.games:,} games, invariants checked after "
                f"{self.events:,} events, {self.seconds:.0f} s ({rate:,.0f} decisions/s); "
                + (f"{len(self.failures)} FAILURES" if self.failures else "no failure"))


def fuzz(ruleset: str, decisions: int, *, seed: int = 0, stop_on_failure: bool = True,
         progress: Callable[[int], None] | None = None) -> FuzzReport:
    """Play random-coach games until ``decisions`` decisions were made; invariants after every event."""
    R = rulesets.get(ruleset)
    check = INVARIANTS[R.name]
    teams = R.team_names()
    options = OPTION_SETS[R.name]
    rep = FuzzReport(R.name)
    start = time.perf_counter()
    g_no = 0
    while rep.decisions < decisions:
        s = seed * 1_000_003 + g_no
        opts = options[g_no % len(options)]
        home, away = teams[g_no % len(teams)], teams[(g_no // len(teams) + 1 + g_no) % len(teams)]
        game = R.new_game(home, away, seed=s, options=opts, record_events=True)  # every event logged
        game.log = log = CheckedLog(game, check)
        coaches = (RandomCoach(s), RandomCoach(s + 1))
        coaches[0].reset(game, 0, s)
        coaches[1].reset(game, 1, s + 1)
        n = 0
        try:
            check(game, log.prev)
            while game.decision is not None and rep.decisions + n < decisions:
                d = game.decision
                game.step(coaches[d.side].choose(game, d))
                n += 1
            if game.over:
                box = game.box_score()
                if tuple(box.teams[k].score for k in (0, 1)) != tuple(game.score):
                    raise InvariantError(f"{R.name}: the box score's totals {[t.score for t in box.teams]} != the score {game.score}")
        except AssertionError as exc:
            rep.failures.append(f"seed {s}, options {opts}, {home} v {away}, after event {log.count} ({log.last!r}): {exc}")
            if stop_on_failure:
                rep.decisions += n
                rep.events += log.checked
                break
        rep.decisions += n
        rep.events += log.checked
        rep.games += 1
        g_no += 1
        if progress is not None:
            progress(n)
    rep.seconds = time.perf_counter() - start
    return rep
