"""Value Add's invariants for the fuzz (``coachgym.evaluation.fuzz``: checked after every event),
registered as the ``invariants`` part; the error and the shared checks in ``coachgym.core.invariants``."""

from __future__ import annotations

from typing import Any

from ...core.invariants import InvariantError, lineup_ok, stats_ok
from .state import FGA, FGM, FTA, FTM, PF, PTS, TPA, TPM


def check(g: Any, prev: dict[Any, Any]) -> None:
    """Value Add's invariants after an event (``prev``: what the previous events left, kept by the fuzz)."""
    idx = {"fgm": FGM, "fga": FGA, "tpm": TPM, "tpa": TPA, "ftm": FTM, "fta": FTA}
    limit = g.options.foul_limit
    for side in (0, 1):
        ts, label = g.team_state[side], f"valueadd side {side}"
        lineup_ok(label, ts.lineup, len(g.teams[side].players))
        if sorted(ts.guards) != [0, 1, 2, 3, 4]:
            raise InvariantError(f"{label}: defensive matchups {ts.guards} do not guard each attacker once")
        stats_ok(label, ts.stats, idx)
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
