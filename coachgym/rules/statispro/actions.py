"""The Statis Pro action table: every coaching choice the rules give, one index each.

Dead-ball and timeout menus (3.3, 8.4, 8.5) take any number of changes and end with "play on".
In-play decisions (shoot or ADVANCE, three or two, Pass to Choice receiver, Fast Break or ACTION,
PRESS, fouling, freezing the shooter, Index Points) are single choices.
"""

from __future__ import annotations

from ...core.actions import ActionTable
from .cards import POSITIONS
from .teams import MAX_ROSTER

MENU_CHANGE_LIMIT = 8

ACTIONS = ActionTable("statispro")
PLAY_ON = ACTIONS.add("play_on", "play on (no more changes)")
for _i in range(MAX_ROSTER):
    for _s in range(5):
        ACTIONS.add("substitute", f"put roster player #{_i + 1} in at {POSITIONS[_s]}", player=_i, slot=_s)
for _a in range(5):
    for _b in range(_a + 1, 5):
        ACTIONS.add("swap_positions", f"position shift: swap the {POSITIONS[_a]} and the {POSITIONS[_b]} (6.6)", a=_a, b=_b)
for _d in range(5):
    for _o in range(5):
        if _d != _o:
            ACTIONS.add("pd_card", f"PD card: our {POSITIONS[_d]} defends their {POSITIONS[_o]} (3.2, 6.6)", defender=_d, target=_o)
TIMEOUT = ACTIONS.add("timeout", "call a full timeout (8.4)")
TIMEOUT20 = ACTIONS.add("timeout20", "call a 20-second timeout (8.4)")
PRESS = ACTIONS.add("press", "declare a PRESS (4.2)")
for _t in range(5):
    for _h in range(5):
        ACTIONS.add("double_team", f"Double Team their {POSITIONS[_t]} with our {POSITIONS[_h]} (5.5)", target=_t, helper=_h)
CANCEL_DOUBLE_TEAM = ACTIONS.add("cancel_double_team", "cancel the Double Team (5.5)")
THREE_POINT_OFFENSE = ACTIONS.add("three_point_offense", "declare the Three Point Offense (4.61)")
CANCEL_THREE_POINT_OFFENSE = ACTIONS.add("cancel_three_point_offense", "cancel the Three Point Offense (4.61)")
THREE_POINT_DEFENSE = ACTIONS.add("three_point_defense", "declare the Three Point Defense (4.62)")
for _s in range(5):
    ACTIONS.add("call_play", f"call a play for the {POSITIONS[_s]} (8.42)", slot=_s)
for _i in range(MAX_ROSTER):
    ACTIONS.add("ignore_rest", f"spend an Index Point: roster player #{_i + 1} ignores his Mandatory Rest (16D)", player=_i)
# in play
SHOOT = ACTIONS.add("shoot", "shoot")
ADVANCE = ACTIONS.add("advance", "ADVANCE the ball")
SHOOT_THREE = ACTIONS.add("shoot_three", "shoot a Three-Pointer (4.6)")
SHOOT_TWO = ACTIONS.add("shoot_two", "shoot a regular field goal (4.6)")
for _s in range(5):
    ACTIONS.add("pass_to", f"pass to the {POSITIONS[_s]}", slot=_s)
FAST_BREAK = ACTIONS.add("fast_break", "run the Fast Break (10A)")
NORMAL_ACTION = ACTIONS.add("normal_action", "bring it up with a normal ACTION (10A)")
NO_PRESS = ACTIONS.add("no_press", "no PRESS")
FOUL_TO_STOP = ACTIONS.add("foul_to_stop_clock", "foul the Ballhandler to stop the clock (8.7)")
for _d in range(5):
    for _o in range(5):
        ACTIONS.add("deliberate_foul", f"deliberate foul: our {POSITIONS[_d]} fouls their {POSITIONS[_o]} (2015 6.6)", defender=_d, target=_o)
PLAY_DEFENSE = ACTIONS.add("play_defense", "play defense (no foul)")
SHOOT_FREE_THROW = ACTIONS.add("shoot_free_throw", "shoot the free throw")
INTENTIONAL_MISS = ACTIONS.add("intentional_miss", "miss the free throw intentionally (6.2)")
FREEZE = ACTIONS.add("freeze_shooter", "freeze the shooter with a full timeout (6.7)")
NO_FREEZE = ACTIONS.add("no_freeze", "let him shoot")
INDEX_VOID_FOUL = ACTIONS.add("index_void_foul", "spend an Index Point: ignore this foul (16C)")
INDEX_STEAL = ACTIONS.add("index_steal", "spend two Index Points: make this DEFENSE FOUL a steal (16A)")
INDEX_FOUL = ACTIONS.add("index_foul", "spend two Index Points: make this steal a DEFENSE FOUL (16A)")
INDEX_REBOUND = ACTIONS.add("index_rebound", "spend an Index Point: the rebound goes to our player at that position (16B)")
DECLINE_INDEX = ACTIONS.add("decline_index", "spend no Index Point")
for _s in range(5):
    ACTIONS.add("choose", f"choose the {POSITIONS[_s]}", slot=_s)
for _i in range(MAX_ROSTER):
    ACTIONS.add("choose_player", f"choose roster player #{_i + 1}", player=_i)
ACTIONS.freeze()

SUBSTITUTE = {(a["player"], a["slot"]): a.index for a in ACTIONS.of_kind("substitute")}
SUB_BY_PLAYER = [[SUBSTITUTE[(i, s)] for s in range(5)] for i in range(MAX_ROSTER)]
SUB_RANGE = (min(SUBSTITUTE.values()), max(SUBSTITUTE.values()))
SWAP = {(a["a"], a["b"]): a.index for a in ACTIONS.of_kind("swap_positions")}
SWAP_LIST = sorted(SWAP.values())
PD_CARD = {(a["defender"], a["target"]): a.index for a in ACTIONS.of_kind("pd_card")}
PD_LIST = sorted(PD_CARD.values())
DOUBLE_TEAM = {(a["target"], a["helper"]): a.index for a in ACTIONS.of_kind("double_team")}
DOUBLE_TEAM_LIST = sorted(DOUBLE_TEAM.values())
CALL_PLAY = [ACTIONS.index("call_play", slot=s) for s in range(5)]
IGNORE_REST = [ACTIONS.index("ignore_rest", player=i) for i in range(MAX_ROSTER)]
PASS_TO = [ACTIONS.index("pass_to", slot=s) for s in range(5)]
DELIBERATE = {(a["defender"], a["target"]): a.index for a in ACTIONS.of_kind("deliberate_foul")}
CHOOSE = [ACTIONS.index("choose", slot=s) for s in range(5)]
CHOOSE_PLAYER = [ACTIONS.index("choose_player", player=i) for i in range(MAX_ROSTER)]
