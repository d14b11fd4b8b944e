"""Hand-made Value Add cards with known ranges, for scripted-dice rule tests."""

from __future__ import annotations

import copy

from coachgym.core.chance import ScriptedSource
from coachgym.rules.valueadd import ValueAddEngine, ValueAddOptions, parse_team
from coachgym.rules.valueadd import actions as A

BASE_CARD = {
    "positions": [1], "point_guard": False, "extra": [], "stamina": 44,
    "steal": "none", "block": "none", "foul": "none", "turnover": "41",
    "shot": {"made3": "1-2", "made2": "3-8", "fouled": "9-10", "missed3": "11-13", "missed2": "14-19"},
    "free_throw": "1-14", "off_reb": "1-2", "def_reb": "1-4",
}


def card(name: str, **over) -> dict:
    c = copy.deepcopy(BASE_CARD)
    c["name"] = name
    c.update(over)
    return c


def team_dict(prefix: str, players: list[dict] | None = None, **over) -> dict:
    """A ten-man team: slots PG, SG, SF, PF, C then five reserves. ``players`` overrides cards by index."""
    cards = [card(f"{prefix} {i + 1}", positions=[min(i % 5 + 1, 5)]) for i in range(10)]
    cards[0]["point_guard"] = True
    cards[5]["point_guard"] = True
    for i, c in enumerate(players or []):
        if c is not None:
            cards[i] = c
    d = {
        "schema": "coachgym.valueadd.team/1", "name": f"{prefix} Team", "short": prefix[:3].upper(),
        "fictional": True, "source": "test fixture", "dunk": "none", "defense_adjust": 0,
        "lineup": [c["name"] for c in cards[:5]], "reserves": [c["name"] for c in cards[5:10]],
        "players": cards,
    }
    d.update(over)
    return d


def team(prefix: str, players: list[dict] | None = None, **over):
    return parse_team(team_dict(prefix, players, **over), f"<fixture {prefix}>")


def game(script, home=None, away=None, **options) -> ValueAddEngine:
    """A game with scripted dice. Defaults: rotation 1 (no substitution menus), all else default."""
    opts = {"rotation": 1, **options}
    src = script if isinstance(script, ScriptedSource) else ScriptedSource(script)
    return ValueAddEngine(home or team("Home"), away or team("Away"), src, options=ValueAddOptions(**opts))


def roll(d8: int, r: int, d20: int | None = None) -> list:
    """The dice of one roll: 8-sided, the two 6-sided (r = 11..66), and the 20-sided."""
    out = [("d8", d8), ("tens", r // 10), ("ones", r % 10)]
    if d20 is not None:
        out.append(("d20 offensive", d20))
    return out


# ---------------------------------------------------------------------------------------------
# Helpers for the scripted rule tests (tests/valueadd/test_rules_*.py).

HOME, AWAY = 0, 1
MENUS = ("defense_menu", "offense_menu")
SKIP_ROLL = (1, 41, 10)  # the PG's "41" turnover: a possession that uses no other dice


def skip(boxes: int, extra_possessions: int = 0) -> list:
    """Script of ``boxes`` whole boxes (away then home) of PG turnovers, plus single possessions."""
    out: list = []
    for _ in range(2 * boxes + extra_possessions):
        out += roll(*SKIP_ROLL)
    return out


def skip_to_box(box: int, turn: int = 0) -> list:
    """Script that carries a fresh game from box 44 to ``box`` (``turn`` 1: the home possession)."""
    return skip(44 - box, turn)


def play(g) -> None:
    """Answer "play" to the pending menus (defence then offence) of the coming possession."""
    for kind in MENUS:
        if g.decision is not None and g.decision.kind == kind:
            g.step(A.PLAY)


def advance_to(g, box: int, turn: int = 0, half: int = 0) -> None:
    """Play scripted possessions (``skip``) until the defence menu of ``box``/``turn``/``half``."""
    while not (g.box == box and g.turn == turn and g.half == half and g.period == 0
               and g.decision is not None and g.decision.kind == "defense_menu"):
        if g.decision is None or g.decision.kind not in MENUS:
            raise AssertionError(f"advance_to stopped at {g.decision} in {g.box_label()}")
        play(g)


def events(g, *kinds: str, since: int = 0) -> list:
    """Events of the given kinds (all events when none given), from index ``since``."""
    evs = list(g.log)[since:]
    return [e for e in evs if not kinds or e.kind in kinds]


def stat(g, side: int, player: int, column: str) -> int:
    """Box-score figure of roster player ``player`` (index in the team file: 0-4 starters PG..C,
    5-9 reserves PG..C)."""
    from coachgym.rules.valueadd.engine import STATS
    return g.team_state[side].stats[player][STATS.index(column)]


def fouls(g, side: int, player: int) -> int:
    return g.team_state[side].fouls[player]


def ft(*values: int) -> list:
    """Free-throw dice."""
    return [("d20 free throw", v) for v in values]


def chart(d20: int, d6: int) -> list:
    """Rebound Chart dice."""
    return [("d20 rebound chart", d20), ("d6 rebound", d6)]


def game_at(box: int, script: list, turn: int = 0, **kw):
    """A game carried to the defence menu of ``box`` by PG turnovers, then given ``script``."""
    g = game(skip_to_box(box, turn) + script, **kw)
    advance_to(g, box, turn)
    return g
