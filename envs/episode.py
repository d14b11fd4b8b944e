"""The episode rules every coachgym env shares: the Gymnasium env (:class:`coachgym.envs.base.CoachEnv`,
one coach against an opponent coach inside ``step``), the PettingZoo AEC env
(:class:`coachgym.envs.aec.CoachAECEnv`, both coaches as agents) and, through the AEC env, the parallel
env. Each adapter keeps only its API's protocol (whose turn it is, what ``step`` returns); what an
episode *is* lives here, once:

* a new game of the ruleset between two teams (:meth:`EpisodeCore.new_game`);
* what a coach sees: the observation, encoded for its side and clipped to [-1, 1]
  (:meth:`EpisodeCore.observe`), and its legal actions as a mask (:meth:`EpisodeCore.mask`);
* the illegal-action policy (:func:`illegal_action`: ``strict`` raises, otherwise the episode ends
  as the offender's loss, the action named in its info);
* the score from a coach's side and the outcome at the end (:meth:`EpisodeCore.margin`,
  :func:`outcome`: +1 a win, -1 a loss, 0 a draw; :func:`result`: its word).

An :class:`EpisodeCore` holds no game (the adapters and the academy's scenario envs keep theirs), so it
pickles with, or is rebuilt beside, the env that holds it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.engine import HOME, Engine
from ..core.errors import IllegalActionError
from .observation import OBS_HIGH, OBS_LOW

# np.clip without its Python-level argument handling (the same ufunc, about 1 us less a step)
_clip = getattr(getattr(np, "_core", None), "umath", None)
_clip = getattr(_clip, "clip", None) or np.clip


def illegal_action(game: Engine, action: int, strict: bool) -> dict | None:
    """None where ``action`` is legal at ``game``'s decision; else, the envs' illegal-action policy:
    ``strict`` raises :class:`IllegalActionError` (the game untouched), otherwise what the episode's
    info says of it (``info["illegal_action"]``: the action, its label, the decision, the legal
    actions and their labels)."""
    d = game.decision
    if action in d.legal:
        return None
    label = game.actions[action].label if 0 <= action < len(game.actions) else "not in the action table"
    if strict:
        raise IllegalActionError(action, label, d.kind, d.legal, game.actions.labels(d.legal))
    return {"action": action, "label": label, "decision": d.kind, "legal": list(d.legal),
            "legal_labels": game.actions.labels(d.legal)}


def outcome(margin: float) -> float:
    """The reward at the end of a game for the coach whose final margin is ``margin``."""
    return 1.0 if margin > 0 else -1.0 if margin < 0 else 0.0


def result(margin: float) -> str:
    """``outcome`` in a word: 'win', 'loss' or 'draw'."""
    return "win" if margin > 0 else "loss" if margin < 0 else "draw"


class EpisodeCore:
    """A ruleset's episodes (its ruleset and observation encoder): new games, observations, masks and
    the score from either side."""

    def __init__(self, ruleset: Any, encoder: Any):
        self.ruleset = ruleset
        self.encoder = encoder
        self.n_actions = len(ruleset.actions)
        self._masks: dict[tuple, np.ndarray] = {}  # legal actions -> mask, see mask

    def new_game(self, home: Any, away: Any, seed: int, options: Any, record_events: bool = True) -> Engine:
        """A new game of the ruleset (teams loaded, options parsed); ``record_events``: whether it writes
        its play-by-play (the same rolls either way)."""
        return self.ruleset.new_game(home, away, seed=seed, options=options, record_events=record_events)

    def observe(self, game: Engine, side: int) -> np.ndarray:
        """What ``side``'s coach sees of ``game``: the encoder's vector clipped to [-1, 1] (a new array)."""
        obs = self.encoder.encode(game, side)
        _clip(obs, OBS_LOW, OBS_HIGH, out=obs)
        return obs

    def mask(self, game: Engine | None, side: int | None = None) -> np.ndarray:
        """The legal actions of ``game``'s pending decision as a boolean mask (a new array). With
        ``side`` (the AEC env's agents), only that side's: all False while the other coach decides or
        when nobody does. Without (the Gymnasium env), no decision at hand (the game over, or no game)
        marks every action: a vector env's next step resets the game and plays none of them
        (docs/envs.md)."""
        d = game.decision if game is not None else None
        if side is not None and (d is None or d.side != side):
            return np.zeros(self.n_actions, dtype=bool)
        if d is None:
            return np.ones(self.n_actions, dtype=bool)
        legal = d.legal
        masks = self._masks
        mask = masks.get(legal)
        if mask is None:  # the same legal sets come back all game long: each mask is built once
            if len(masks) >= 4096:
                masks.clear()
            mask = masks[legal] = np.zeros(self.n_actions, dtype=bool)
            mask[list(legal)] = True
        return mask.copy()

    @staticmethod
    def margin(game: Engine, side: int) -> int:
        """``side``'s score minus the other side's (``game.result().margin_for(side)`` without the result
        object: read every step)."""
        home, away = game.score
        return home - away if side == HOME else away - home
