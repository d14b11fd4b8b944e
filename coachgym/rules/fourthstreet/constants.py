"""4th Street constants: the box-score columns, availability of a roster player, the dice of
each chance event (their order: docs section 1), the Season Rules' values and the ball's moves."""

from __future__ import annotations

from math import trunc as _trunc  # noqa: F401 - the engine's fast d6 (see FourthStreetEngine._dice)

from . import actions as A
from .court import LEVELS, SEASON, move

COLS = ("sec", "pts", "fgm", "fga", "tpm", "tpa", "ftm", "fta", "orb", "drb", "ast", "stl", "blk", "tov", "pf")
(SEC, PTS, FGM, FGA, TPM, TPA, FTM, FTA, ORB, DRB, AST, STL, BLK, TOV, PF) = range(len(COLS))
BOX_COLS = ["min", "pts", "fgm", "fga", "tpm", "tpa", "ftm", "fta", "orb", "drb", "reb", "ast", "stl", "blk", "tov", "pf"]
MADE_SET = frozenset(("N", "D", "K"))
PASS_LAT = {"^": 0, "<": -1, ">": 1}
DRIVE_LAT = {"a": 0, "l": -1, "r": 1}
TEAM_DIE = ("blue", "red")  # HOME is blue, AWAY (visitor) is red
# availability of a roster player
# OUT_STOPPAGE: out until the next play stoppage (Injury Chart); OUT_THIS_STOPPAGE: hurt during the
# play that caused the present stoppage, so he becomes OUT_STOPPAGE when it opens and may return at
# the one after it
AVAILABLE, OUT_STOPPAGE, OUT_PERIOD, OUT_GAME, FOULED_OUT, OUT_THIS_STOPPAGE = range(6)
MAX_CHANGES = 6  # lineup changes per dead ball per team (then "done" is forced)
# what each die of a chance event is for (ScriptedSource checks them; docs section 1 gives the order)
_REBOUND_DICE = ("red rebound", "blue rebound", "orange rebound location", "black rebound location", "white rebound")
_LOOSE_DICE = ("red loose ball", "blue loose ball", "orange loose ball location", "black loose ball location", "white loose ball")
_FT_DICE = ("orange free throw", "black free throw", "white free throw")
_PRESS_DICE = ("red press", "blue press", "white press")
_SETUP_DICE = ("orange setup location", "black setup location", "white setup recipient")
# Season Rules: "Misses from Level 3 found on defensive player cards may not be 3-point attempts"
THREES_OFF_DEFENSE = bool(SEASON["defensive_card_level3_misses_are_threes"])
SHOT_CLOCK = SEASON["shot_clock"]
# (zone, pass/drive symbol, against the press) -> the zone the ball moves to (court.move)
_MOVES = {(z, sym, press): move(z, lat, press) for lv in LEVELS.values() for z in lv
          for sym, lat in (*PASS_LAT.items(), *DRIVE_LAT.items()) for press in (False, True)}
# action index -> (mode, double-team target) of the man-to-man and press calls
_MAN_PRESS = {i: (A.ACTIONS[i]["mode"], A.ACTIONS[i]["target"]) for i in (*A.DEF_MAN, *A.DEF_PRESS)}


def _clock(sec: int) -> str:
    return f"{sec // 60}:{sec % 60:02d}"
