"""The Value Add Basketball action table: every coaching choice the text gives, one index each.

Menus come before each possession: the defending team's, then the attacking team's. A menu takes
any number of changes (substitutions, position swaps, defensive switches, avoid-fouls calls,
3-point mode) up to ``MENU_CHANGE_LIMIT`` and ends with "play", or with a call that starts the
possession ("intentional foul", "roll the 8-sided die first").
"""

from __future__ import annotations

from ...core.actions import ActionTable

MAX_ROSTER = 15
POSITIONS = ("PG", "SG", "SF", "PF", "C")
MENU_CHANGE_LIMIT = 8

ACTIONS = ActionTable("valueadd")
PLAY = ACTIONS.add("play", "play the possession (no more changes)")
# Menu changes
for _i in range(MAX_ROSTER):
    for _s in range(5):
        ACTIONS.add("substitute", f"put roster player #{_i + 1} in at {POSITIONS[_s]}", player=_i, slot=_s)
for _a in range(5):
    for _b in range(_a + 1, 5):
        ACTIONS.add("swap_positions", f"swap the {POSITIONS[_a]} and the {POSITIONS[_b]} in the lineup", a=_a, b=_b)
for _a in range(5):
    for _b in range(_a + 1, 5):
        ACTIONS.add("switch_defenders", f"switch defenders: the {POSITIONS[_a]} and {POSITIONS[_b]} defenders trade men", a=_a, b=_b)
for _s in range(5):
    ACTIONS.add("avoid_fouls", f"{POSITIONS[_s]} avoids fouls (on/off)", slot=_s)
THREE_POINT_MODE = ACTIONS.add("three_point_mode", "attempting 3-pointers (on/off)")
# Menu calls that start the possession
INTENTIONAL_FOUL = ACTIONS.add("intentional_foul", "foul intentionally (offense rolls three dice)")
D8_FIRST = ACTIONS.add("d8_first", "roll the 8-sided die first")
# Decisions inside a possession
SHOOT = ACTIONS.add("shoot", "this player shoots (roll the other three dice)")
KEEP_PASSING = ACTIONS.add("keep_passing", "keep passing (roll all four dice again)")
FAST_BREAK = ACTIONS.add("fast_break", "fast break (20-sided die lowered by 1)")
NORMAL_AFTER_STEAL = ACTIONS.add("normal_offense_after_steal", "normal offense after the steal")
STICK_BACK = ACTIONS.add("stick_back", "stick back (20-sided die lowered by 1, no 3-pointer for the rebounder)")
NORMAL_AFTER_REBOUND = ACTIONS.add("normal_offense_after_rebound", "normal offense after the offensive rebound")
TAKE_DUNK = ACTIONS.add("take_dunk", "take the dunk")
TAKE_D20 = ACTIONS.add("take_d20", "take the 20-sided die result instead of the dunk")
for _s in range(5):
    ACTIONS.add("choose_player", f"choose the {POSITIONS[_s]}", slot=_s)
ACTIONS.freeze()

SUBSTITUTE = {(a["player"], a["slot"]): a.index for a in ACTIONS.of_kind("substitute")}
SUBSTITUTE_ROW = [tuple(SUBSTITUTE[(i, s)] for s in range(5)) for i in range(MAX_ROSTER)]  # player i into PG..C
SWAP = {(a["a"], a["b"]): a.index for a in ACTIONS.of_kind("swap_positions")}
SWITCH = {(a["a"], a["b"]): a.index for a in ACTIONS.of_kind("switch_defenders")}
AVOID = [ACTIONS.index("avoid_fouls", slot=s) for s in range(5)]
CHOOSE = [ACTIONS.index("choose_player", slot=s) for s in range(5)]
