"""Random fuzzing of the rules engines with every invariant checked after every event.

Random coaches (every legal choice equally likely) play seeded games across rule options and teams;
the game's event log is replaced by one that checks the ruleset's invariants each time an event is
logged, i.e. after every state change the engine reports (dice results, passes, shots, fouls,
substitutions ...), not only at decisions. ``coachgym.evaluation.fuzz.fuzz("valueadd", decisions=1_000_000)`` returns the
figures; ``python tools/fuzz.py`` prints them for every ruleset; ``tests/fuzz`` runs a short fuzz in
the default test run and the 1,000,000-decision one with ``-m long``.

The invariants (one function per ruleset, :data:`INVARIANTS`): the score equals the players'
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


class InvariantError(AssertionError):
    """An invariant failed; the message names the ruleset, the seed, the event and the invariant."""


def _stats_ok(label: str, stats: list[list[int]], idx: dict[str, int]) -> None:
    """Per player: no negative count, made <= attempted, threes within field goals."""
    fgm, fga, tpm, tpa, ftm, fta = (idx[k] for k in ("fgm", "fga", "tpm", "tpa", "ftm", "fta"))
    for i, st in enumerate(stats):
        if min(st) < 0:
            raise InvariantError(f"{label}: player {i} has a negative count {st}")
        if not (st[fgm] <= st[fga] and st[tpm] <= st[tpa] <= st[fga] and st[tpm] <= st[fgm] and st[ftm] <= st[fta]):
            raise InvariantError(f"{label}: player {i}: made/attempted out of order {st}")


def _lineup_ok(label: str, lineup: list[int], roster: int) -> None:
    if len(lineup) != 5 or len(set(lineup)) != 5 or min(lineup) < 0 or max(lineup) >= roster:
        raise InvariantError(f"{label}: lineup {lineup} is not five distinct players of a roster of {roster}")


# ------------------------------------------------------------------ Value Add
def check_valueadd(g: Any, prev: dict) -> None:
    from ..rules.valueadd.state import FGA, FGM, FTA, FTM, PF, PTS, TPA, TPM

    idx = {"fgm": FGM, "fga": FGA, "tpm": TPM, "tpa": TPA, "ftm": FTM, "fta": FTA}
    limit = g.options.foul_limit
    for side in (0, 1):
        ts, label = g.team_state[side], f"valueadd side {side}"
        _lineup_ok(label, ts.lineup, len(g.teams[side].players))
        if sorted(ts.guards) != [0, 1, 2, 3, 4]:
            raise InvariantError(f"{label}: defensive matchups {ts.guards} do not guard each attacker once")
        _stats_ok(label, ts.stats, idx)
        if ts.points != sum(st[PTS] for st in ts.stats):
            raise InvariantError(f"{label}: score {ts.points} != the players' points")
        if any(f != st[PF] for f, st in zip(ts.fouls, ts.stats)):
            raise InvariantError(f"{label}: fouls {ts.fouls} do not match the PF column")
        bench = [i for i in range(len(ts.fouls)) if i not in ts.lineup and ts.fouls[i] < limit]
        if max(ts.fouls) > limit and bench:  # past the limit only when nobody can come in
            raise InvariantError(f"{label}: fouls {ts.fouls} past the limit {limit} with {bench} on the bench")
        if ts.fouled_out != sum(f >= limit for f in ts.fouls):
            raise InvariantError(f"{label}: fouled_out {ts.fouled_out} miscounts the players at the limit")
        if ts.points < prev.get(side, 0):
            raise InvariantError(f"{label}: the score went down from {prev[side]} to {ts.points}")
        prev[side] = ts.points
        if sum(ts.played) > 5 * (53 + 16 * g.period):
            raise InvariantError(f"{label}: more possessions played than the rules allow")
    if not (0 <= g.box <= max(44, g.options.overtime_boxes) and g.half in (0, 1) and g.turn in (0, 1)):
        raise InvariantError(f"valueadd: box {g.box}, half {g.half}, turn {g.turn} out of range")


# ------------------------------------------------------------------ 4th Street
def check_fourthstreet(g: Any, prev: dict) -> None:
    from ..rules.fourthstreet.constants import COLS, FGM, FTM, PF, PTS, TPM
    from ..rules.fourthstreet.court import SEASON

    idx = {c: COLS.index(c) for c in ("fgm", "fga", "tpm", "tpa", "ftm", "fta")}
    per = SEASON["period_minutes"] * 60 if g.period <= 4 else SEASON["overtime_minutes"] * 60
    for side in (0, 1):
        stats, label = g.stats[side], f"fourthstreet side {side}"
        _lineup_ok(label, g.lineup[side], len(g.teams[side].players))
        _stats_ok(label, stats, idx)
        for i, st in enumerate(stats):
            if st[PTS] != 2 * st[FGM] + st[TPM] + st[FTM]:
                raise InvariantError(f"{label}: player {i}'s points {st[PTS]} != 2 FGM + 3PM + FTM")
            if st[PF] > SEASON["personal_foul_limit"] and g._bench(side):  # stays on only with nobody to come in
                raise InvariantError(f"{label}: player {i} has {st[PF]} personal fouls and the bench has players")
        if g.pts[side] != sum(st[PTS] for st in stats) or g.pts[side] < prev.get(side, 0):
            raise InvariantError(f"{label}: score {g.pts[side]} != the players' points, or went down")
        prev[side] = g.pts[side]
        played = sum(g.seconds_played(side, i) for i in range(len(stats)))
        if played != 5 * g.game_seconds:
            raise InvariantError(f"{label}: {played} player-seconds played in {g.game_seconds} game seconds (5 on the court)")
        if g.timeouts[side] < 0 or g.team_fouls[side] < 0 or not all(0 <= f <= 3 for f in g.fatigue_points[side]):
            raise InvariantError(f"{label}: timeouts {g.timeouts[side]}, team fouls {g.team_fouls[side]} or "
                                 f"fatigue points {g.fatigue_points[side]} out of range")
    if not (0 <= g.clock <= per and g.shot_clock <= SEASON["shot_clock"] and g.period >= 1):
        raise InvariantError(f"fourthstreet: clock {g.clock}, shot clock {g.shot_clock}, period {g.period} out of range")


# ------------------------------------------------------------------ Statis Pro
def check_statispro(g: Any, prev: dict) -> None:
    from ..rules.statispro.constants import FGA, FGM, FTA, FTM, OK, PF, PTS, TPA, TPM

    idx = {"fgm": FGM, "fga": FGA, "tpm": TPM, "tpa": TPA, "ftm": FTM, "fta": FTA}
    for side in (0, 1):
        stats, label = g.stats[side], f"statispro side {side}"
        _lineup_ok(label, g.lineup[side], len(g.teams[side].players))
        if sorted(g.guard[side]) != [0, 1, 2, 3, 4]:
            raise InvariantError(f"{label}: PD assignments {g.guard[side]} do not guard each attacker once")
        _stats_ok(label, stats, idx)
        for i, st in enumerate(stats):
            if st[PTS] != 2 * st[FGM] + st[TPM] + st[FTM]:
                raise InvariantError(f"{label}: player {i}'s points {st[PTS]} != 2 FGM + 3PM + FTM")
        # 6.5: a player who reaches the foul limit leaves, unless no eligible substitute is left (then he
        # stays, and the team gives a Technical); checked at the event after the one reporting the foul
        for i in prev.pop(("limit", side), ()):
            if g.status[side][i] == OK and i in g.lineup[side] and g._bench(side) and i not in prev.setdefault("kept", set()):
                raise InvariantError(f"{label}: player {i} reached {stats[i][PF]} personal fouls (limit {g.foul_out}) "
                                     "and stays in with an eligible substitute on the bench")
            if g.status[side][i] == OK:
                prev.setdefault("kept", set()).add(i + 100 * side)
        reached = [i for i, st in enumerate(stats) if st[PF] >= g.foul_out and i + 100 * side not in prev.get("kept", set())
                   and g.status[side][i] == OK]
        if reached:
            prev[("limit", side)] = reached
        if g.pts[side] != sum(st[PTS] for st in stats) or g.pts[side] < prev.get(side, 0):
            raise InvariantError(f"{label}: score {g.pts[side]} != the players' points, or went down")
        prev[side] = g.pts[side]
        if not 0 <= g.index[side] <= 12 or min(g.team_reb[side], g.team_tov[side], g.poss[side], g.team_fouls[side]) < 0:
            raise InvariantError(f"{label}: Index Points {g.index[side]} or a team count out of range")
    keys = [c.key for c in (*g.fac, *g.dead, *g.discard)]
    if len(keys) != len(set(keys)):
        raise InvariantError("statispro: a FAC is in two places (pile, Dead Ball Deck, discards)")
    if not 0 <= g.rest_period <= 2:
        raise InvariantError(f"statispro: Rest Period {g.rest_period} out of range")


# ------------------------------------------------------------------ FUBA
def check_fuba(g: Any, prev: dict) -> None:
    from ..rules.fuba.board import N_AREAS
    from ..rules.fuba.state import INJURED

    for side in (0, 1):
        st, label = g.stats[side], f"fuba side {side}"
        if min(st.values()) < 0:
            raise InvariantError(f"{label}: a negative count {st}")
        if g.goals[side] != st["goals"] or g.goals[side] < prev.get(side, 0):
            raise InvariantError(f"{label}: goals {g.goals[side]} != stats {st['goals']}, or went down")
        prev[side] = g.goals[side]
        if st["on_target"] > st["attempts"] or st["pressings_won"] > st["pressings"]:
            raise InvariantError(f"{label}: made/attempted out of order {st}")
        pos = g.pos[side]
        if len(pos) != 11 or not all(INJURED <= p < N_AREAS for p in pos):
            raise InvariantError(f"{label}: pieces {pos} off the board's areas and codes")
        removing = sum(1 for q in g.queue if q.get("kind") == "remove" and q.get("side") == side)  # chosen next
        if sum(1 for p in pos if p >= 0) > 11 - g.red[side] + removing or g.red[side] > 11 or g.subs[side] > 3:
            raise InvariantError(f"{label}: {sum(1 for p in pos if p >= 0)} pieces on the board with {g.red[side]} "
                                 f"sent off, {g.subs[side]} substitutions")
        if min(g.condition[side]) < 0:
            raise InvariantError(f"{label}: negative condition points {g.condition[side]}")
    if not (0 <= g.ball < N_AREAS and g.half in (1, 2) and 0 <= g.minute <= 200):
        raise InvariantError(f"fuba: ball {g.ball}, half {g.half}, minute {g.minute} out of range")


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
