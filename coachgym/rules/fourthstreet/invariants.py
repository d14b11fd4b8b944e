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
        stats, label = g.stats[side], f"fourthstreet side {side}"
        lineup_ok(label, g.lineup[side], len(g.teams[side].players))
        stats_ok(label, stats, idx)
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
