"""FUBA's invariants for the fuzz (``coachgym.evaluation.fuzz``: checked after every event),
registered as the ``invariants`` part; the error and the shared checks in ``coachgym.core.invariants``."""

from __future__ import annotations

from typing import Any

from ...core.invariants import InvariantError
from .board import N_AREAS
from .state import INJURED


def check(g: Any, prev: dict[int, int]) -> None:
    """FUBA's invariants after an event (``prev``: what the previous events left, kept by the fuzz)."""
    for side in (0, 1):
        st, label = g.team_state[side].stats, f"fuba side {side}"
        if min(st.values()) < 0:
            raise InvariantError(f"{label}: a negative count {st}")
        if g.team_state[side].goals != st["goals"] or g.team_state[side].goals < prev.get(side, 0):
            raise InvariantError(f"{label}: goals {g.team_state[side].goals} != stats {st['goals']}, or went down")
        prev[side] = g.team_state[side].goals
        if st["on_target"] > st["attempts"] or st["pressings_won"] > st["pressings"]:
            raise InvariantError(f"{label}: made/attempted out of order {st}")
        pos = g.team_state[side].pos
        if len(pos) != 11 or not all(INJURED <= p < N_AREAS for p in pos):
            raise InvariantError(f"{label}: pieces {pos} off the board's areas and codes")
        removing = sum(1 for q in g.queue if q.get("kind") == "remove" and q.get("side") == side)  # chosen next
        if sum(1 for p in pos if p >= 0) > 11 - g.team_state[side].red + removing or g.team_state[side].red > 11 or g.team_state[side].subs > 3:
            raise InvariantError(f"{label}: {sum(1 for p in pos if p >= 0)} pieces on the board with {g.team_state[side].red} "
                                 f"sent off, {g.team_state[side].subs} substitutions")
        if min(g.team_state[side].condition) < 0:
            raise InvariantError(f"{label}: negative condition points {g.team_state[side].condition}")
    if not (0 <= g.ball < N_AREAS and g.half in (1, 2) and 0 <= g.minute <= 200):
        raise InvariantError(f"fuba: ball {g.ball}, half {g.half}, minute {g.minute} out of range")
