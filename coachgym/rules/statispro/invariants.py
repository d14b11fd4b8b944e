"""Statis Pro's invariants for the fuzz (``coachgym.evaluation.fuzz``: checked after every event),
registered as the ``invariants`` part; the error and the shared checks in ``coachgym.core.invariants``."""

from __future__ import annotations

from typing import Any

from ...core.invariants import InvariantError, lineup_ok, stats_ok
from .constants import FGA, FGM, FTA, FTM, OK, PF, PTS, TPA, TPM


def check(g: Any, prev: dict[Any, Any]) -> None:
    """Statis Pro's invariants after an event (``prev``: what the previous events left, kept by the fuzz)."""
    idx = {"fgm": FGM, "fga": FGA, "tpm": TPM, "tpa": TPA, "ftm": FTM, "fta": FTA}
    for side in (0, 1):
        ts = g.team_state[side]
        stats, label = ts.stats, f"statispro side {side}"
        lineup_ok(label, ts.lineup, len(g.teams[side].players))
        if sorted(ts.guard) != [0, 1, 2, 3, 4]:
            raise InvariantError(f"{label}: PD assignments {ts.guard} do not guard each attacker once")
        stats_ok(label, stats, idx)
        for i, st in enumerate(stats):
            if st[PTS] != 2 * st[FGM] + st[TPM] + st[FTM]:
                raise InvariantError(f"{label}: player {i}'s points {st[PTS]} != 2 FGM + 3PM + FTM")
        # 6.5: a player who reaches the foul limit leaves, unless no eligible substitute is left (then he
        # stays, and the team gives a Technical); checked at the event after the one reporting the foul
        for i in prev.pop(("limit", side), ()):
            if ts.status[i] == OK and i in ts.lineup and g._bench(side) and i not in prev.setdefault("kept", set()):
                raise InvariantError(f"{label}: player {i} reached {stats[i][PF]} personal fouls (limit {g.foul_out}) "
                                     "and stays in with an eligible substitute on the bench")
            if ts.status[i] == OK:
                prev.setdefault("kept", set()).add(i + 100 * side)
        reached = [i for i, st in enumerate(stats) if st[PF] >= g.foul_out and i + 100 * side not in prev.get("kept", set())
                   and ts.status[i] == OK]
        if reached:
            prev[("limit", side)] = reached
        if ts.pts != sum(st[PTS] for st in stats) or ts.pts < prev.get(side, 0):
            raise InvariantError(f"{label}: score {ts.pts} != the players' points, or went down")
        prev[side] = ts.pts
        if not 0 <= ts.index <= 12 or min(ts.team_reb, ts.team_tov, ts.poss, ts.team_fouls) < 0:
            raise InvariantError(f"{label}: Index Points {ts.index} or a team count out of range")
    keys = [c.key for c in (*g.fac, *g.dead, *g.discard)]
    if len(keys) != len(set(keys)):
        raise InvariantError("statispro: a FAC is in two places (pile, Dead Ball Deck, discards)")
    if not 0 <= g.rest_period <= 2:
        raise InvariantError(f"statispro: Rest Period {g.rest_period} out of range")
