"""4th Street's invariants for the fuzz (``coachgym.evaluation.fuzz``: checked after every event),
registered as the ``invariants`` part; the error and the shared checks in ``coachgym.core.invariants``."""

from __future__ import annotations

from typing import Any

from ...core.invariants import InvariantError, lineup_ok, stats_ok
from .constants import COLS, FGM, FTM, PF, PTS, TPM
from .court import SEASON


def check(g: Any, prev: dict[int, int]) -> None:
    """4th Street's invariants after an event (``prev``: what the previous events left, kept by the fuzz)."""
    idx = {c: COLS.index(c) for c in ("fgm", "fga", "tpm", "tpa", "ftm", "fta")}
    per = SEASON["period_minutes"] * 60 if g.period <= 4 else SEASON["overtime_minutes"] * 60
    for side in (0, 1):
        stats, label = g.team_state[side].stats, f"fourthstreet side {side}"
        lineup_ok(label, g.team_state[side].lineup, len(g.teams[side].players))
        stats_ok(label, stats, idx)
        for i, st in enumerate(stats):
            if st[PTS] != 2 * st[FGM] + st[TPM] + st[FTM]:
                raise InvariantError(f"{label}: player {i}'s points {st[PTS]} != 2 FGM + 3PM + FTM")
            if st[PF] > SEASON["personal_foul_limit"] and g._bench(side):  # stays on only with nobody to come in
                raise InvariantError(f"{label}: player {i} has {st[PF]} personal fouls and the bench has players")
        if g.team_state[side].pts != sum(st[PTS] for st in stats) or g.team_state[side].pts < prev.get(side, 0):
            raise InvariantError(f"{label}: score {g.team_state[side].pts} != the players' points, or went down")
        prev[side] = g.team_state[side].pts
        played = sum(g.seconds_played(side, i) for i in range(len(stats)))
        if played != 5 * g.game_seconds:
            raise InvariantError(f"{label}: {played} player-seconds played in {g.game_seconds} game seconds (5 on the court)")
        if g.team_state[side].timeouts < 0 or g.team_state[side].team_fouls < 0 or not all(0 <= f <= 3 for f in g.team_state[side].fatigue_points):
            raise InvariantError(f"{label}: timeouts {g.team_state[side].timeouts}, team fouls {g.team_state[side].team_fouls} or "
                                 f"fatigue points {g.team_state[side].fatigue_points} out of range")
    if not (0 <= g.clock <= per and g.shot_clock <= SEASON["shot_clock"] and g.period >= 1):
        raise InvariantError(f"fourthstreet: clock {g.clock}, shot clock {g.shot_clock}, period {g.period} out of range")
