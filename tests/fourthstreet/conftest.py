"""Shared helpers for the 4th Street Basketball tests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coachgym.core.chance import ScriptedSource, SeededSource
from coachgym.rules.fourthstreet import RULESET, saved
from coachgym.rules.fourthstreet import actions as A
from coachgym.rules.fourthstreet.cards import parse_team

DATA = Path(__file__).parent / "data"


def sample_teams():
    bos = parse_team(json.loads((DATA / "sample-boston-1980.json").read_text()), "sample-boston")
    la = parse_team(json.loads((DATA / "sample-los-angeles-1980.json").read_text()), "sample-la")
    return la, bos  # home = Los Angeles (blue), away = Boston (red)


def play_default(game, picks=None, stop=None, limit=10_000):
    """Answer decisions the plain way (no changes, setup play, man-to-man, shoot free throws),
    or with ``picks[kind]`` (an action index or a callable(decision) -> index). Stops when
    ``stop(game)`` is true or the game ends."""
    picks = picks or {}
    n = 0
    while game.decision is not None and (stop is None or not stop(game)):
        d = game.decision
        p = picks.get(d.kind)
        if callable(p):
            a = p(d)
        elif p is not None:
            a = p
        else:
            a = {"lineup": A.DONE, "offense": A.SETUP, "defense": A.DEF_MAN[0], "free_throw": A.FT_NORMAL,
                 "jumper": A.JUMPER[4]}.get(d.kind, d.legal[0])
        if a not in d.legal:
            a = d.legal[0]
        game.step(a)
        n += 1
        assert n < limit
    return game


@pytest.fixture
def ruleset():
    return RULESET


def scripted(items, fallback_seed=None):
    return ScriptedSource(items, SeededSource(fallback_seed) if fallback_seed is not None else None)


def game_at(off=1, slot=1, zone="2B", options=None, seed=7, **state):
    """A sample-teams game paused at a regular play: ``off`` has the ball, ``slot`` handles it in
    ``zone`` (Boston = AWAY = red die, Los Angeles = HOME = blue die)."""
    from coachgym.rules.fourthstreet.engine import FourthStreetEngine
    from coachgym.rules.fourthstreet.options import FourthStreetOptions

    la, bos = sample_teams()
    opts = FourthStreetOptions(**options) if options else None
    g = FourthStreetEngine(la, bos, SeededSource(seed), options=opts)
    play_default(g, stop=lambda g: g.decision is not None and g.decision.kind == "offense")
    g.decision = None
    g.off, g.phase, g.handler, g.zone, g.ctx = off, "play", slot, zone, {}
    g.clock, g.shot_clock, g.dead, g.windows = 600, 19, False, []
    return set_state(g, **state)


def set_state(g, **state):
    """Set fields of ``g``'s state by their saved names: a per-side one ([home, away], such as
    ``defense_mode``) on each team's state (``g.team_state[side]``), the others on the game."""
    team_fields = {f.name: f.attr or f.name for f in saved.DECLARATION.team_fields}
    for k, v in state.items():
        if k in team_fields:
            for ts, x in zip(g.team_state, v, strict=True):
                setattr(ts, team_fields[k], x)
        else:
            setattr(g, k, v)
    return g


def run(g, script):
    """Run the engine on ``script`` until the next real decision; returns the scripted source."""
    src = ScriptedSource(script)
    g.source = src
    g._advance()
    return src


def cell(orange, black):
    return (black - 1) * 6 + orange - 1


def set_cell(player, section, orange, black, sym):
    player.grids[section][cell(orange, black)] = sym


def events(g, kind=None):
    return [e for e in g.log if kind is None or e.kind == kind]


def texts(g):
    return "\n".join(e.text for e in g.log)


R, B, O, K, W = "red", "blue", "orange", "black", "white"


def play(red, blue, orange, black, white):
    """One play's five dice, in the order the engine asks for them."""
    return [(R, red), (B, blue), (O, orange), (K, black), (W, white)]


def stat(g, side, slot, col):
    """A statistic of the player at ``slot`` of ``side``'s lineup."""
    return g.team_state[side].stats[g.team_state[side].lineup[slot]][col]


def step(g, script, fn="_play"):
    """Run one engine step (``_play``, ``_rebound``, ``_loose_ball``, ``_setup``) on exactly ``script``."""
    g.source = ScriptedSource(script)
    getattr(g, fn)()
    assert g.source.remaining == 0
