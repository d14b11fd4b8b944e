"""The fixed FUBA action table. Every multi-part choice is a sequence of single choices
(pick the area a piece leaves, then where it goes, then "done"). Labels use the game's words."""

from __future__ import annotations

from ...core.actions import ActionTable
from .board import IDS, IMPLEMENTED_SKILLS, N_AREAS, NAMES, PLAYING

FORMATIONS: list[tuple[int, int, int]] = [(d, m, 10 - d - m) for d in range(1, 9) for m in range(1, 10 - d) if 10 - d - m >= 1]

TABLE = ActionTable("fuba")
# 2.1 formation cards (chosen secretly)
for d, m, f in FORMATIONS:
    TABLE.add("formation", f"formation {d}-{m}-{f}", d=d, m=m, f=f)
# A2 player roles (part of the secret formation)
for role, label in (("attacking_midfielder", "an attacking midfielder"), ("defending_midfielder", "a defending midfielder"),
                    ("attacking_centre_back", "an attacking centre-back"), ("withdrawn_striker", "a withdrawn striker"),
                    ("offensive_wing_back", "an offensive wing back")):
    TABLE.add("role", f"name {label}", role=role)
# 3.2 kick-off choice
TABLE.add("kickoff", "start with the ball", take=True)
TABLE.add("kickoff", "let the opponent start with the ball", take=False)
# 3.3 setups: place the next player piece
for a in range(N_AREAS):
    TABLE.add("place", f"place a player in the {NAMES[a]} ({IDS[a]})", area=a)
# 2.2 half-time formation change (and A3 formation change)
TABLE.add("line_change", "keep the formation", src=-1, dst=-1)
_LINES = ("defence", "midfield", "forwards")
for s in range(3):
    for t in range(3):
        if s != t:
            TABLE.add("line_change", f"move one player from {_LINES[s]} to {_LINES[t]}", src=s, dst=t)
# piece movements (reaction, sprint, free-kick / goal-kick moves, pass reaction moves, events)
for a in range(N_AREAS):
    TABLE.add("move_from", f"move a player from the {NAMES[a]} ({IDS[a]})", area=a)
TABLE.add("move_from", "move the goalkeeper", area=-1)
TABLE.add("done", "done")
for a in range(N_AREAS):
    TABLE.add("move_to", f"to the {NAMES[a]} ({IDS[a]})", area=a)
for a in range(N_AREAS):
    TABLE.add("dribble_to", f"dribble with the ball to the {NAMES[a]} ({IDS[a]})", area=a)
# 4.3.1 actions
for kind, label in (("sprint", "sprint"), ("positioning", "positioning"), ("pressing", "pressing"),
                    ("aggressive_pressing", "aggressive pressing (A6, 1 condition point)"),
                    ("pass", "passing"), ("challenge", "challenge (A8, 1 condition point)"),
                    ("shoot", "direct shot at goal (free kick)"), ("end", "end the action stage")):
    TABLE.add("action", label, what=kind)
# 4.7 pass target
for a in PLAYING:
    TABLE.add("pass_to", f"pass to the {NAMES[a]} ({IDS[a]})", area=a)
# 4.8 goal attempt after a creative outcome
TABLE.add("goal_attempt", "make a goal attempt", shoot=True)
TABLE.add("goal_attempt", "no goal attempt", shoot=False)
# A1 condition point
TABLE.add("use_cp", "use a condition point", use=True)
TABLE.add("use_cp", "keep the condition point", use=False)
# A5 goalkeeper charge
TABLE.add("charge", "goalkeeper charges out", charge=True)
TABLE.add("charge", "goalkeeper stays on his line", charge=False)
# 5.5.2 penalty kick
for i, dive in enumerate(("goalkeeper dives left", "goalkeeper does not guess", "goalkeeper dives right")):
    TABLE.add("keeper", dive, spot=i)
for i, side in enumerate(("left", "middle", "right")):
    TABLE.add("kick", f"kick to the {side}", spot=i)
# 5.6 / A4 removing a player piece
for a in range(N_AREAS):
    TABLE.add("remove", f"remove a player from the {NAMES[a]} ({IDS[a]})", area=a)
# A9 slowing down play
TABLE.add("slow", "slow down the restart", slow=True)
TABLE.add("slow", "restart normally", slow=False)
# A3 substitutions
for n in range(4):
    TABLE.add("substitutions", f"make {n} substitution{'s' if n != 1 else ''}", n=n)
for z, zn in enumerate(_LINES):
    TABLE.add("cp_zone", f"condition point to the {zn}", zone=z)
TABLE.add("sub_option", "no further option", option="none")
TABLE.add("sub_option", "formation change", option="formation")
TABLE.add("sub_option", "substitute a player with a yellow card", option="yellow")
TABLE.add("sub_option", "game plan change: swap a skill with the reserve (A12)", option="skill")
# A12 skills
for name in IMPLEMENTED_SKILLS:
    TABLE.add("skill", f"play the skill {name.replace('_', ' ')}", skill=name)
TABLE.add("skill", "do not play the skill", skill="")
for name in IMPLEMENTED_SKILLS:
    TABLE.add("skill_in", f"bring in the skill {name.replace('_', ' ')} from the reserve", skill=name)
for name in IMPLEMENTED_SKILLS:
    TABLE.add("skill_out", f"put the skill {name.replace('_', ' ')} on the reserve", skill=name)
TABLE.freeze()

A = TABLE
DONE = TABLE.index("done")
GK_SRC = TABLE.index("move_from", area=-1)
MOVE_FROM = [TABLE.index("move_from", area=a) for a in range(N_AREAS)]
MOVE_FROM_AREA = {i: a for a, i in enumerate(MOVE_FROM)}  # move_from action -> area (the keeper's is separate)
MOVE_TO = [TABLE.index("move_to", area=a) for a in range(N_AREAS)]
DRIBBLE_TO = [TABLE.index("dribble_to", area=a) for a in range(N_AREAS)]
PLACE = [TABLE.index("place", area=a) for a in range(N_AREAS)]
REMOVE = [TABLE.index("remove", area=a) for a in range(N_AREAS)]
PASS_TO = {a: TABLE.index("pass_to", area=a) for a in PLAYING}
ACT = {a["what"]: a.index for a in TABLE.of_kind("action")}
SKILL = {a["skill"]: a.index for a in TABLE.of_kind("skill")}
SKILL_IN = {a["skill"]: a.index for a in TABLE.of_kind("skill_in")}
SKILL_OUT = {a["skill"]: a.index for a in TABLE.of_kind("skill_out")}
ROLE = {a["role"]: a.index for a in TABLE.of_kind("role")}
FORMATION_INDEX = {(a["d"], a["m"], a["f"]): a.index for a in TABLE.of_kind("formation")}
