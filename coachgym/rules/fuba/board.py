"""The FUBA board (1.4, 1.5), read from ``data/board.json`` and precomputed into flat lookups.

The printed diagram is lost; the reconstruction (13 areas plus four corner-kick spots, 5.3) is
drawn and argued in docs/rules/fuba.md. Everything here is derived from the data file:
adjacency, distances (for long passes, 4.7.2), zones (1.5), halves (1.4.2), levels along the
pitch (for offside, 5.1, and "closer to the goal line"), goal-attempt distance modifiers (4.8).

Coordinates: x runs from the home goal line (0) to the away goal line (6); the halfway line is
x = 3. HOME (side 0) defends x = 0 and attacks x = 6. For side ``s`` the "forward" interval of an
area is its x interval seen from that side's own goal line (0 = own goal line, 6 = opponent's).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

_data = json.loads(resources.files(__package__).joinpath("data").joinpath("board.json").read_text(encoding="utf-8"))
_skills = json.loads(resources.files(__package__).joinpath("data").joinpath("skills.json").read_text(encoding="utf-8"))
_tables = json.loads(resources.files(__package__).joinpath("data").joinpath("tables.json").read_text(encoding="utf-8"))

AREAS: list[dict[str, Any]] = _data["areas"]
N_AREAS = len(AREAS)  # 17: 13 playing areas + 4 corner-kick spots
IDS: list[str] = [a["id"] for a in AREAS]
INDEX: dict[str, int] = {a: i for i, a in enumerate(IDS)}
NAMES: list[str] = [a["name"] for a in AREAS]
KIND: list[str] = [a["kind"] for a in AREAS]
PLAYING = tuple(i for i in range(N_AREAS) if KIND[i] != "corner_spot")  # the 13 areas of 1.4
SPOTS = tuple(i for i in range(N_AREAS) if KIND[i] == "corner_spot")
LENGTH = _data["length"]
CENTRE = INDEX["C"]

ADJ: list[tuple[int, ...]] = []
_adj_sets: list[set[int]] = [set() for _ in range(N_AREAS)]
for a, b in _data["adjacent"]:
    _adj_sets[INDEX[a]].add(INDEX[b])
    _adj_sets[INDEX[b]].add(INDEX[a])
ADJ = [tuple(sorted(s)) for s in _adj_sets]
ADJ_SET: list[frozenset[int]] = [frozenset(s) for s in _adj_sets]
# moves between playing areas never enter a corner-kick spot (5.3: the spot exists for the kick only)
MOVE_ADJ: list[tuple[int, ...]] = [tuple(b for b in ADJ[a] if KIND[b] != "corner_spot") for a in range(N_AREAS)]


def _bfs(start: int) -> list[int]:
    dist = [99] * N_AREAS
    dist[start] = 0
    frontier = [start]
    while frontier:
        nxt = []
        for a in frontier:
            for b in ADJ[a]:
                if dist[b] == 99:
                    dist[b] = dist[a] + 1
                    nxt.append(b)
        frontier = nxt
    return dist


DIST: list[list[int]] = [_bfs(a) for a in range(N_AREAS)]  # steps between areas (4.7.2 long pass = DIST-1)

# x intervals and per-side forward intervals
X_LO = [a["x"][0] for a in AREAS]
X_HI = [a["x"][1] for a in AREAS]
FWD_LO = [[X_LO[i] for i in range(N_AREAS)], [LENGTH - X_HI[i] for i in range(N_AREAS)]]
FWD_HI = [[X_HI[i] for i in range(N_AREAS)], [LENGTH - X_LO[i] for i in range(N_AREAS)]]
FWD_MID2: list[list[int]] = [[FWD_LO[s][i] + FWD_HI[s][i] for i in range(N_AREAS)] for s in (0, 1)]  # twice the midpoint

HALF_OWNER = [{"home": 0, "away": 1, "both": -1}[a["half"]] for a in AREAS]


def in_own_half_partly(side: int, area: int) -> bool:
    """1.4.2/3.3.1: the area is at least partly in ``side``'s half."""
    return HALF_OWNER[area] in (side, -1)


def in_opponent_half_entirely(side: int, area: int) -> bool:
    """4.8/5.1: the area is entirely in the opponent's half of ``side``."""
    return HALF_OWNER[area] == 1 - side


OWN_HALF_PARTLY = [tuple(a for a in PLAYING if in_own_half_partly(s, a)) for s in (0, 1)]

PENALTY = (INDEX["H-PA"], INDEX["A-PA"])  # PENALTY[s]: side s's own penalty area
TOUCHES_GOAL_LINE = [X_LO[i] == 0 or X_HI[i] == LENGTH for i in range(N_AREAS)]
AWAY_FROM_GOAL_LINE = [-1] * N_AREAS
for a, b in _data["away_from_goal_line"].items():
    AWAY_FROM_GOAL_LINE[INDEX[a]] = INDEX[b]
TOWARD_CENTRE = [-1] * N_AREAS
for a, b in _data["toward_centre"].items():
    TOWARD_CENTRE[INDEX[a]] = INDEX[b]
SPOT_CORNER = {INDEX[a]: INDEX[b] for a, b in _data["corner_spot_of"].items()}
# corner-kick spots at the goal that side s attacks
ATTACK_SPOTS = (tuple(i for i in SPOTS if HALF_OWNER[i] == 1), tuple(i for i in SPOTS if HALF_OWNER[i] == 0))
SIDE_AREA = [KIND[i] in ("corner", "side", "corner_spot") for i in range(N_AREAS)]  # touches a touchline

# 1.5 zones, seen from side s: 0 defence, 1 midfield, 2 attack
_zone_abs = [a["zone"] for a in AREAS]
ZONE = [[(1 if z == "midfield" else (0 if (z == "home_end") == (s == 0) else 2)) for z in _zone_abs] for s in (0, 1)]
ZONE_NAMES = ("defence", "midfield", "attack")

# 4.8 goal attempt distance modifiers, seen from the attacking side s: (modifier, requires keeper out) or None
_gad = _data["goal_attempt_distance"]


def _distance_entry(side: int, area: int) -> tuple[int, bool] | None:
    k = KIND[area]
    if k == "corner_spot":
        return None
    if k == "centre":
        e = _gad["centre"]
    elif HALF_OWNER[area] == 1 - side:
        e = _gad["opponent_" + k]
    elif k == "side":
        e = _gad["own_side"]
    else:
        return None
    return (e["modifier"], e["requires_keeper_out"])


GOAL_DISTANCE = [[_distance_entry(s, a) for a in range(N_AREAS)] for s in (0, 1)]

SKILLS: dict[str, dict[str, Any]] = {sk["name"]: sk for sk in _skills["skills"]}  # A12
IMPLEMENTED_SKILLS: tuple[str, ...] = tuple(sk["name"] for sk in _skills["skills"] if sk["implemented"])
FORMATION_CARDS: list[str] = _tables["formation_cards"]
PENALTY_TABLE = _tables["penalty_kick"]
WEATHER = {int(k): v for k, v in _tables["weather"].items() if k.isdigit()}
SPECIAL_EVENTS = {int(k): v for k, v in _tables["special_events"].items() if k.isdigit()}


def special_event(ct_die: int, dt_die: int) -> str:
    for lo, hi, name in SPECIAL_EVENTS[ct_die]:
        if lo <= dt_die <= hi:
            event: str = name
            return event
    raise KeyError((ct_die, dt_die))
