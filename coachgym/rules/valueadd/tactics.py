"""Coaching readings of a Value Add game shared by the by-the-book coach and strategy files (plain
rules-level queries: they read the engine and change nothing)."""

from __future__ import annotations

from typing import Any

from .cards import PlayerCard
from .engine import ValueAddEngine
from .scoresheet import BOXES

_EP: dict[tuple[Any, ...], float] = {}  # card.shot -> expected points (the ranges decide it)


def expected_points(card: PlayerCard) -> float:
    """Points per 20-sided roll on a card (fouls drawn counted as 1.4 points)."""
    ep = _EP.get(card.shot)
    if ep is None:
        t3, t2, tf = card.shot[0], card.shot[1], card.shot[2]
        ep = _EP[card.shot] = (3 * t3 + 2 * (t2 - t3) + 1.4 * (tf - t2)) / 20
    return ep


def fit(game: ValueAddEngine, side: int, player: int, slot: int) -> float:
    """How well roster player ``player`` of ``side`` fits lineup ``slot`` now: his expected points,
    rebounding and steals, less when he has played past his stamina, plays out of position, or is a
    point guard slot's non-point guard."""
    card = game.teams[side].players[player]
    return fit_value(card, slot, game.team_state[side].played[player] < card.stamina)


def fit_value(card: PlayerCard, slot: int, fresh_now: bool) -> float:
    """:func:`fit` of ``card`` at ``slot``, fresh (not yet played past his stamina) or not."""
    fresh = 1.0 if fresh_now else 0.3
    pos = 1.0 if (slot + 1) in card.positions else 0.6
    pg = 1.0 if slot != 0 or card.point_guard else 0.4
    return (expected_points(card) + card.def_reb / 12 + (card.steal - 10) / 20) * fresh * pos * pg


def remaining(g: ValueAddEngine) -> float:
    """The share of the game still to play (the search's value model): possession boxes left (in an
    overtime: its boxes, as a share of a regulation game)."""
    return g.box / BOXES
