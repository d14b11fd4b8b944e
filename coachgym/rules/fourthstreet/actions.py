"""The 4th Street Basketball action table: every coaching choice, one index each."""

from __future__ import annotations

import json
from pathlib import Path

from ...core.actions import ActionTable
from .court import TOKEN_PAIRS

MAX_ROSTER = 15
POS = ("①", "②", "③", "④", "⑤")
ALIGNMENTS = tuple(json.loads((Path(__file__).parent / "data" / "zone_alignments.json").read_text())["alignments"])

ACTIONS = ActionTable("fourthstreet")
DONE = ACTIONS.add("done", "no (more) changes")
for _s in range(5):
    for _i in range(MAX_ROSTER):
        ACTIONS.add("sub", f"put roster player #{_i + 1} in at position {POS[_s]}", slot=_s, player=_i)
for _s in range(5):
    ACTIONS.add("safe", f"player {POS[_s]} plays it safe (foul trouble) on/off", slot=_s)
for _s in range(5):
    ACTIONS.add("jumper", f"player {POS[_s]} jumps", slot=_s)
# offense, before the setup play
SETUP = ACTIONS.add("setup", "setup play")
TIMEOUT = ACTIONS.add("timeout", "call a timeout (setup at half court, no time off)")
THREE_PT = ACTIONS.add("three_point_offense", "3-point offense: setup on the position ① 3-point grid")
KICK = ACTIONS.add("kick_it_out", "kick it out (this period, up to 3 minutes) and setup play")
for _z in ("3A", "3B", "3C", "3D"):
    ACTIONS.add("milk", f"milk the clock: player ① holds the ball in {_z}", zone=_z)
# defense, before the setup play
for _mode in ("man", "press"):
    for _k in range(6):
        lab = "man-to-man" if _mode == "man" else "press"
        ACTIONS.add("defense", lab + ("" if _k == 0 else f", double team their player {POS[_k - 1]}"), mode=_mode, target=_k - 1)
for _a in ALIGNMENTS:
    ACTIONS.add("defense", f"zone defense, {_a.replace('_', ' ')} alignment", mode="zone", align=_a)
INTENTIONAL = ACTIONS.add("desperation", "desperation defense: foul intentionally on the setup play")
for _s in range(5):
    ACTIONS.add("helper", f"double team with our player {POS[_s]}", slot=_s)
# free throws
FT_NORMAL = ACTIONS.add("free_throw", "shoot the free throw", miss=False)
FT_MISS = ACTIONS.add("free_throw", "miss the free throw intentionally", miss=True)
# zone token placement ("Zone": each token covers two zones); appended so earlier indices stay put
DEF_ZONE_PLACE = ACTIONS.add("defense", "zone defense, place the tokens (one call per token)", mode="zone", align="custom")
DEF_ZONE_KEEP = ACTIONS.add("defense", "zone defense, the tokens as we last placed them", mode="zone", align="custom_keep")
for _t in range(5):
    for _p, (_a, _b) in enumerate(TOKEN_PAIRS):
        ACTIONS.add("token", f"zone token {POS[_t]} covers {_a} and {_b}", token=_t + 1, pair=_p)
# milk the clock: how long player ① holds (after the press: 0 or 5 more seconds) and ending kick it
# out early ("Additional Strategies"); appended so earlier indices stay put
for _sec in (0, 5, 10, 15):
    ACTIONS.add("hold", "milk the clock: play on without holding" if _sec == 0
                else f"milk the clock: hold the ball {_sec} seconds", sec=_sec)
KICK_STOP = ACTIONS.add("kick_stop", "stop kicking it out (ends this period's kick it out)")
ACTIONS.freeze()

SUB = {(a["slot"], a["player"]): a.index for a in ACTIONS.of_kind("sub")}
SUB_GRID = [[SUB[(s, i)] for i in range(MAX_ROSTER)] for s in range(5)]
assert DONE < min(SUB.values()) and max(SUB.values()) < min(ACTIONS.index("safe", slot=s) for s in range(5))
SAFE = [ACTIONS.index("safe", slot=s) for s in range(5)]
JUMPER = [ACTIONS.index("jumper", slot=s) for s in range(5)]
HELPER = [ACTIONS.index("helper", slot=s) for s in range(5)]
MILK = {z: ACTIONS.index("milk", zone=z) for z in ("3A", "3B", "3C", "3D")}
DEF_MAN = [ACTIONS.index("defense", mode="man", target=k) for k in range(-1, 5)]
DEF_PRESS = [ACTIONS.index("defense", mode="press", target=k) for k in range(-1, 5)]
DEF_ZONE = {a: ACTIONS.index("defense", mode="zone", align=a) for a in ALIGNMENTS}
TOKEN = [tuple(ACTIONS.index("token", token=t + 1, pair=p) for p in range(len(TOKEN_PAIRS))) for t in range(5)]
HOLD = {sec: ACTIONS.index("hold", sec=sec) for sec in (0, 5, 10, 15)}
