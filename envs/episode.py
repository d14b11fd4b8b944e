"""The episode every coachgym env plays: the Gymnasium env (:class:`coachgym.envs.base.CoachEnv`, one
coach against an opponent coach inside ``step``), the PettingZoo AEC env
(:class:`coachgym.envs.aec.CoachAECEnv`, both coaches as agents) and, through the AEC env, the parallel
env, and the academy's two scenario envs (``coachgym.envs.academy``, ``coachgym.envs.academy_aec``).
Each adapter keeps only its API's protocol (its seeding, whose turn it is, what ``step`` returns);
what an episode *is* lives here, once:

* :class:`Episode`: one game's whole flow - its start (a new game, or a saved position in the
  academy's :class:`~coachgym.envs.academy.ScenarioEpisode`), a coach's action and the illegal-action
  policy, the other coach's answers, the end, truncation, the rewards and the info;
* :class:`EpisodeCore`: a ruleset's episodes, with no game - a new game between two teams
  (:meth:`EpisodeCore.new_game`), what a coach sees (the observation encoded for its side and clipped
  to [-1, 1], :meth:`EpisodeCore.observe`; its legal actions as a mask, :meth:`EpisodeCore.mask`) and
  the score from a side (:meth:`EpisodeCore.margin`);
* the illegal-action policy (:func:`illegal_action`: ``strict`` raises, otherwise the episode ends
  as the offender's loss, the action named in its info) and the outcome at the end (:func:`outcome`:
  +1 a win, -1 a loss, 0 a draw; :func:`result`: its word).

An :class:`Episode` pickles with its env (its game, coach and counters); its :class:`EpisodeCore` (the
registry's ruleset and the encoder) is rebuilt beside the env that holds it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.engine import HOME, SIDE_NAMES, Engine
from ..core.errors import GameOverError, IllegalActionError
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


class Episode:
    """One game's whole flow, the same for every env: the Gymnasium env (one studied coach, the other
    side's coach answering inside ``play``), the PettingZoo AEC env and, through it, the parallel env
    (both coaches are agents: no opponent coach) and the academy's scenario envs (its subclass
    :class:`coachgym.envs.academy.ScenarioEpisode`: a saved start position, the scenario's end).
    The adapters keep only their API's protocol: their seeding (Gymnasium's ``np_random``,
    PettingZoo's ``random.Random``) draws what :meth:`start` is given, and they shape what ``step``
    returns.

    * **start** (:meth:`start`): a game (a new one, :meth:`EpisodeCore.new_game`, or one resampled
      from a saved position by the scenario episode), the studied ``side`` and the other side's
      coach (None where both are agents), reset with its seed; the other coach moves until the
      studied side's first decision or the end;
    * **a coach's action**: :meth:`illegal` (the illegal-action policy: ``strict`` raises, otherwise
      :meth:`refuse` ends the episode as the offender's loss), :meth:`play` (the studied coach's
      action, the other coach's answers, the reward and the end flags) or :meth:`play_turn` (one
      agent's action, nothing else: the AEC env);
    * **the end**: :meth:`over` (the game's end; a scenario's own end in the subclass), truncation
      after ``max_decisions`` of the studied coach, the rewards (:meth:`play`'s per step: ``shaped``,
      each step's margin change over ``margin_scale``, plus ``outcome_at_end``, +1/-1/0 by the final
      margin; :meth:`final_rewards`: the AEC env's zero-sum rewards at the end, the same rules from
      the home side);
    * **what a coach sees**: :meth:`observe`, :meth:`mask`, :meth:`info` (the Gymnasium env's info).

    Pickles with its game, coach and counters; its :class:`EpisodeCore` (the registry's ruleset and
    encoder) is left out and set again by the env that holds it (``core``)."""

    # whether the margin rewards count from the start position (a scenario's) or from the studied
    # coach's first decision (a game's: what the other coach's opening moves score is not paid)
    pays_from_start = False

    def __init__(self, core: EpisodeCore, *, reward: str = "win", margin_scale: float = 20.0,
                 max_decisions: int | None = None, strict: bool = False, outcome_at_end: bool = True):
        self.core = core
        self.reward_mode = reward
        self.outcome_at_end = outcome_at_end
        self.margin_scale = float(margin_scale)
        self.max_decisions = max_decisions
        self.strict = strict
        self.game: Engine | None = None
        self.side = HOME
        self.opponent: Any = None
        self.decisions = 0  # the studied coach's actions played (truncation counts them)
        self.start_margin = 0  # the studied side's margin at the start position
        self.last_margin = 0  # the margin the next shaped reward counts from
        self.ended_by: str | None = None  # why the episode ended before its end (an illegal action)
        self.done = False  # the episode has ended (terminated, truncated or refused)

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state.pop("core", None)
        return state

    @property
    def shaped(self) -> bool:
        return self.reward_mode == "margin"

    # ------------------------------------------------------------------ start
    def start(self, game: Engine, side: int = HOME, opponent: Any = None, opponent_seed: int = 0) -> None:
        """Start the episode at ``game``: ``side`` is the studied coach's, ``opponent`` the other
        side's coach (reset here with ``opponent_seed``; None: both sides are agents), who moves until
        the studied side's decision or the end."""
        self.game = game
        self.side = side
        self.opponent = opponent
        if opponent is not None:
            opponent.reset(game, 1 - side, opponent_seed)
        self.decisions = 0
        self.ended_by = None
        self.done = False
        self._opened(game)
        self.start_margin = self.margin()
        if self.pays_from_start:
            self.last_margin = self.start_margin
        self.run_opponent()
        if not self.pays_from_start:
            self.last_margin = self.margin()

    def _opened(self, game: Engine) -> None:
        """What a subclass sets up at the start position (before anyone moves): the scenario's end."""

    def run_opponent(self) -> None:
        """The other side's coach plays until the studied side's decision or the end (nothing where
        both sides are agents)."""
        opponent = self.opponent
        if opponent is None:
            return
        game, side = self.game, self.side
        d = game.decision
        while d is not None and d.side != side:
            game.step(opponent.choose(game, d))
            d = game.decision

    # ------------------------------------------------------------------ a coach's action
    def check_open(self) -> None:
        """Raise :class:`GameOverError` where no action may be played: no game yet, or the episode over."""
        game = self.game
        if game is None:
            raise GameOverError("call reset() before step()")
        if self.ended_by is not None:
            raise GameOverError(f"the episode has ended ({self.ended_by}); call reset() before step()")
        if game.over:
            raise GameOverError("the episode has ended (the game is over); call reset() before step()")

    def illegal(self, action: int) -> dict | None:
        """None where ``action`` is legal at the decision at hand; else :func:`illegal_action` (``strict``:
        raised there, the game untouched)."""
        return illegal_action(self.game, action, self.strict)

    def refuse(self, illegal: dict) -> None:
        """End the episode at the illegal action ``illegal`` (what :meth:`illegal` said of it): scored
        as its coach's loss."""
        self.ended_by = (f"illegal action {illegal['action']} ({illegal['label']}) at decision "
                         f"{illegal['decision']!r}, scored as a loss")
        self.done = True

    def play(self, action: int) -> tuple[float, bool, bool]:
        """Play the studied coach's (legal) ``action``, let the other coach answer, and return
        ``(reward, terminated, truncated)``."""
        game = self.game
        game.step(action)
        self.decisions += 1
        self.run_opponent()
        terminated = self.over()
        home, away = game.score
        margin = home - away if self.side == HOME else away - home
        reward = 0.0
        if self.reward_mode == "margin":
            reward += (margin - self.last_margin) / self.margin_scale
        self.last_margin = margin
        if terminated and self.outcome_at_end:
            reward += outcome(margin)
        truncated = bool(self.max_decisions and self.decisions >= self.max_decisions and not terminated)
        self.done = terminated or truncated
        return float(reward), terminated, truncated

    def play_turn(self, action: int) -> bool:
        """Play one agent's (legal) ``action`` and nothing else (both sides are agents); whether the
        episode is over."""
        self.game.step(action)
        self.decisions += 1
        self.done = over = self.over()
        return over

    # ------------------------------------------------------------------ the end
    def over(self) -> bool:
        """Whether the episode has reached its end (the game's; a scenario's in the subclass)."""
        return self.game.over

    def margin(self, side: int | None = None) -> int:
        """``side``'s score minus the other side's (the studied side's without one)."""
        home, away = self.game.score
        return home - away if (self.side if side is None else side) == HOME else away - home

    def final_rewards(self) -> dict:
        """The agents' rewards at the end where both sides are agents (zero-sum): the outcome by the
        final score (``outcome_at_end``) and/or the home margin's change since the start over
        ``margin_scale`` (``shaped``)."""
        home, away = self.game.score
        m = home - away
        if self.outcome_at_end:
            r = outcome(m)
            if self.reward_mode == "margin":
                r += (m - self.start_home_margin()) / self.margin_scale
        else:
            r = (m - self.start_home_margin()) / self.margin_scale
        return {"home": r, "away": -r}

    def start_home_margin(self) -> int:
        """The home side's margin at the start position."""
        return self.start_margin if self.side == HOME else -self.start_margin

    # ------------------------------------------------------------------ what a coach sees
    def observe(self, side: int | None = None) -> np.ndarray:
        """``side``'s observation (the studied side's without one)."""
        return self.core.observe(self.game, self.side if side is None else side)

    def mask(self) -> np.ndarray:
        """The legal actions of the decision at hand (every action with none at hand:
        :meth:`EpisodeCore.mask`)."""
        return self.core.mask(self.game)

    def info(self) -> dict:
        """The Gymnasium env's info: the mask, the decision's kind, the studied side, the score; at the
        game's end its result and box score."""
        g = self.game
        d = g.decision
        home, away = g.score
        info = {"action_mask": self.mask(), "decision": d.kind if d else None, "side": SIDE_NAMES[self.side],
                "score": {"home": home, "away": away}}
        if g.over:
            info["result"] = result(home - away if self.side == HOME else away - home)
            info["box_score"] = g.box_score().to_dict()
        return info
