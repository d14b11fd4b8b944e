"""Helpers for FUBA rule tests: scripted games put into a position, actions by their parameters."""

from __future__ import annotations

from coachgym.core.chance import ScriptedSource
from coachgym.core.engine import AWAY, HOME
from coachgym.rules.fuba import RULESET, FubaOptions
from coachgym.rules.fuba import actions as AT
from coachgym.rules.fuba.board import IDS, INDEX

__all__ = ["HOME", "AWAY", "A", "act", "pick", "scenario", "new_game", "legal_areas", "per_side", "AT", "IDS",
           "FubaOptions"]


def A(area_id: str) -> int:
    return INDEX[area_id]


def act(kind: str, **params) -> int:
    return AT.TABLE.index(kind, **params)


def per_side(g, name: str) -> list:
    """A team field of ``g``'s state as saved, [home, away] (each team's ``g.team_state[side]``)."""
    return [getattr(ts, name) for ts in g.team_state]


def new_game(script=(), options=None):
    return RULESET.new_game(source=ScriptedSource(list(script)), options=options)


def scenario(script=(), options=None, **kw):
    g = new_game((), options)
    return g.set_scenario(source=ScriptedSource(list(script)), **kw)


def pick(g, kind: str, **params) -> None:
    idx = act(kind, **params)
    assert g.decision is not None, "the game is over"
    assert idx in g.decision.legal, f"{AT.TABLE[idx].label} not legal at {g.decision.kind}: {g.legal_labels()}"
    g.step(idx)


def legal_areas(g, kind: str) -> set[str]:
    """The area ids of the legal actions of ``kind`` at the pending decision."""
    out = set()
    for i in g.decision.legal:
        a = AT.TABLE[i]
        if a.kind == kind:
            out.add(IDS[a["area"]] if a["area"] >= 0 else "GK")
    return out
