"""Shared indices and phases of the Statis Pro engine (statistics, effective ratings, phases,
player status)."""

from __future__ import annotations

import enum

# player statistics (index into a player's stat list)
PTS, FGM, FGA, TPM, TPA, FTM, FTA, ORB, DRB, AST, STL, BLK, TOV, PF, TECH = range(15)
STAT_NAMES = ("PTS", "FGM", "FGA", "3PM", "3PA", "FTM", "FTA", "OREB", "DREB", "AST", "STL", "BLK", "TO", "PF", "T")
BOX_COLUMNS = ["PTS", "FGM", "FGA", "3PM", "3PA", "FTM", "FTA", "OREB", "DREB", "REB", "AST", "STL", "BLK", "TO", "PF"]
# effective ratings of a player in play (index into a slot's rating list)
R_FG, R_ATT, R_TATT, R_THREE, R_FT, R_REBO, R_REBD, R_FD, R_BLK, R_AST, R_STL, R_DEF, R_TIRED = range(13)

# phases: what happens next (the engine plays each with its method _phase_NAME, coachgym/core/phases.py)
PHASE_NAMES = ("period", "menu", "jump", "upcourt", "ball", "advance", "shot", "rebound", "block", "free_throw",
          "fast_break", "wait", "over")
(PH_PERIOD, PH_MENU, PH_JUMP, PH_UPCOURT, PH_BALL, PH_ADVANCE, PH_SHOT, PH_REBOUND, PH_BLOCK, PH_FT,
 PH_FB, PH_WAIT, PH_OVER) = PHASE_NAMES
# player status
OK, FOULED_OUT, EJECTED, INJURED_OUT = range(4)


def _ceil_quarter(n: int) -> int:
    return -(-n // 4)


class Stop(enum.Enum):
    """A play that stops in the middle of a card, as an explicit result (no flag, no exception): the
    FAC pile ran out (8.1: the period ends; ``_draw`` returns None) or a coach must choose (the engine
    waits at PH_WAIT: 6.1's FD tie, 14A, 14G, 14I). A function that can stop a play returns ``STOP``
    (its annotation says ``| Stop``), and each caller on the way back to the phase or choice returns at
    once on it (``if r is STOP: return``), so none of its remaining code runs."""

    STOP = "stop"


STOP = Stop.STOP
