"""Helpers for Statis Pro tests: scripted cards by RPG and a scripted-choice driver."""

from __future__ import annotations

import json
from importlib import resources

from coachgym.core.chance import ScriptedSource, SeededSource
from coachgym.rules.statispro import RULESET
from coachgym.rules.statispro import actions as A
from coachgym.rules.statispro.cards import card


def fac(*rpgs):
    """Cards given by their RPG (the test's script of draws)."""
    return [card(r) for r in rpgs]


def sample_draws():
    data = json.loads(resources.files("coachgym.rules.statispro").joinpath("data").joinpath("sample_game_1993.json").read_text(encoding="utf-8"))
    return data


def _matches(game, want, d):
    """``want`` is a decision kind, or "menu:<menu kind>" (dead, live, timeout, period)."""
    if ":" in want:
        kind, menu_kind = want.split(":")
        return d.kind == kind and game.menu.get("kind") == menu_kind
    return d.kind == want


def drive(game, plan, default_menu=True, max_steps=10_000):
    """Answer decisions: ``plan`` is a list of (decision kind, action index); menus not in the plan
    are answered "play on"; other decisions must be planned."""
    plan = list(plan)
    steps = 0
    while game.decision is not None and steps < max_steps:
        d = game.decision
        steps += 1
        if plan and _matches(game, plan[0][0], d) and plan[0][1] in d.legal:
            game.step(plan.pop(0)[1])
            continue
        if d.kind == "menu" and default_menu:
            game.step(A.PLAY_ON)
            continue
        if d.kind == "press":
            game.step(A.NO_PRESS)
            continue
        if d.kind == "index":
            game.step(A.DECLINE_INDEX)
            continue
        raise AssertionError(f"unplanned decision {d.kind} {game.legal_labels()} (plan head {plan[:1]})")
    return plan


def new_game(script=None, seed=0, options=None, fallback=False, home="knicks-1993", away="bulls-1993"):
    src = ScriptedSource(script, SeededSource(seed) if fallback else None) if script is not None else SeededSource(seed)
    return RULESET.new_game(home, away, source=src, options=options)


def find(section, text=None, pred=None, exclude=()):
    """The first card whose ``section`` text equals ``text`` (or satisfies ``pred``)."""
    from coachgym.rules.statispro.cards import DECK
    for c in DECK:
        if c.rpg in exclude:
            continue
        t = c.text[section]
        if (text is not None and t == text) or (pred is not None and pred(c)):
            return c
    raise LookupError(f"no card with {section} {text!r}")


def shot(n, hi=None, clause=False):
    """A card whose SHOT # is ``n`` (or the lowest in n..hi), with no clause unless ``clause``."""
    from coachgym.rules.statispro.cards import DECK
    for m in range(n, (hi or n) + 1):
        for c in DECK:
            if c.shot[0] == m and (clause or c.shot[1] == 0):
                return c
    raise LookupError(f"no clean SHOT # {n}")


def jump(plus, pos):
    return find("jump_to", f"+{plus} {pos}")


def no_holder(team, fd=None):
    """A card whose FOUL # nobody in the team's starting five holds (optionally with this FD#)."""
    players = RULESET.load_team(team).players[:5]
    return find("foul", pred=lambda c: not any(p.foul_lo <= c.foul <= p.foul_hi for p in players) and (fd is None or c.fd == fd))


def holder(team, slot):
    """A card whose FOUL # falls in the FOUL RANGE of the player at ``slot`` of the team's five."""
    p = RULESET.load_team(team).players[slot]
    return find("foul", pred=lambda c: p.foul_lo <= c.foul <= p.foul_hi)
