"""Thin Gymnasium and PettingZoo adapters over any coachgym rules engine.

A ruleset supplies an :class:`ObservationEncoder` (laid out by its declared
:class:`~coachgym.envs.observation.ObservationSpec`); this module supplies the Gymnasium protocol
around the episode every env plays through (:class:`coachgym.envs.episode.Episode`: the start, a
coach's action, the opponent coach's answers, the rewards, the end, the info): the ``Discrete`` action
space over the ruleset's action table, the seeded draws of each reset (``np_random``), what ``step``
returns, rendering, and the PettingZoo constructors (the AEC env of :mod:`coachgym.envs.aec` in
PettingZoo's ``OrderEnforcingWrapper``).
"""

from __future__ import annotations

from os import PathLike
from typing import Any, Sequence

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..core.coach import Coach
from ..core.engine import AWAY, HOME, Engine
from ..core.errors import ConfigError
from ..core.ruleset import Ruleset
from .episode import Episode, EpisodeCore
from .observation import OBS_HIGH, OBS_LOW, ObservationLayout, ObservationSpec

# ansi: the play-by-play and scoreboard as text; rgb_array: the scoreboard as an image (envs/raster.py)
RENDER_MODES = (None, "ansi", "rgb_array")


class ObservationEncoder:
    """Encodes what one side can see of a game as a float32 vector in [-1, 1], laid out as its
    ruleset's declared :class:`ObservationSpec` (``spec``: the version and every field's offset,
    length, meaning and range; ``envs/observation.py``). An encoder without a spec may set ``layout``
    (an :class:`ObservationLayout` built by hand) and ``version`` itself."""

    spec: ObservationSpec | None = None

    @property
    def version(self) -> int:
        return self.spec.version if self.spec is not None else 1

    @property
    def layout(self) -> ObservationLayout:
        """The layout made from ``spec`` (once per encoder)."""
        layout = self.__dict__.get("_layout")
        if layout is None:
            if self.spec is None:
                raise TypeError(f"{type(self).__name__} declares no observation spec (class attribute 'spec')")
            layout = self.__dict__["_layout"] = self.spec.layout()
        return layout

    @property
    def size(self) -> int:
        return self.layout.size

    @property
    def fields(self) -> list[tuple[str, int, str]]:
        return self.layout.fields

    def encode(self, game: Engine, side: int) -> np.ndarray:  # pragma: no cover - interface
        raise NotImplementedError

    def memo(self, game: Engine) -> dict:
        """A dict of this game's blocks as last encoded, each kept with every value it was made of:
        an encoder rebuilds a block only when one of those values differs (exact invalidation: the
        values are compared, nothing is assumed about what the engine changed). Held with a strong
        reference to the game, so an id is never reused while cached; bounded, as one encoder serves
        every env and search copy in the process."""
        memos = self.__dict__.get("_memos")
        if memos is None:
            memos = self._memos = {}
        hit = memos.get(id(game))
        if hit is not None and hit[0] is game:
            return hit[1]
        if len(memos) >= 8:  # finished games first: an env's next episode is a new game
            for key in [key for key, (g, _) in memos.items() if g.over]:
                del memos[key]
        if len(memos) >= 64:
            memos.clear()
        memo: dict = {}
        memos[id(game)] = (game, memo)
        return memo


def _make_coach(ruleset: Ruleset, coach: Any, seed: int | None, rng: np.random.Generator | None = None) -> Coach:
    """A coach from a name, a Coach, a list of those (one drawn per episode) or a factory ``f(rng)``."""
    if isinstance(coach, (list, tuple)):
        if not coach:
            raise ConfigError("opponent list is empty")
        pick = coach[int((rng or np.random.default_rng(seed)).integers(len(coach)))]
        return _make_coach(ruleset, pick, seed, rng)
    if callable(coach) and not hasattr(coach, "choose"):
        return _make_coach(ruleset, coach(rng or np.random.default_rng(seed)), seed, rng)
    if isinstance(coach, str):
        return ruleset.coach(coach, seed=seed)
    if coach is None:
        return ruleset.coach("random", seed=seed)
    if not hasattr(coach, "choose"):
        raise ConfigError(f"opponent must be a coach name ({', '.join(ruleset.coach_names())}) or a Coach, got {coach!r}")
    return coach


def check_opponent(ruleset: Ruleset, coach: Any) -> None:
    """The ``opponent`` keyword checked when the env is made (not at its first ``reset``): a coach
    spec is built once, each entry of a list is checked; a factory is checked when it is called."""
    if isinstance(coach, (list, tuple)):
        if not coach:
            raise ConfigError("opponent list is empty")
        for c in coach:
            check_opponent(ruleset, c)
    elif isinstance(coach, str):
        ruleset.coach(coach, seed=0)
    elif coach is not None and not callable(coach) and not hasattr(coach, "choose"):
        raise ConfigError(f"opponent must be a coach name ({', '.join(ruleset.coach_names())}) or a Coach, got {coach!r}")


def check_env_keywords(where: str, **given: Any) -> None:
    """The env's keyword arguments, checked for type and value before anything is built (a wrong
    type is refused by name instead of misbehaving later: ``strict="yes"`` is not ``strict=True``)."""
    def bad(name: str, expected: str) -> ConfigError:
        return ConfigError(f"{where}: keyword {name!r} must be {expected}, got {given[name]!r}")

    for name in ("strict",):
        if name in given and not isinstance(given[name], bool):
            raise bad(name, "True or False")
    if "agent_side" in given and given["agent_side"] not in ("home", "away", "random"):
        raise bad("agent_side", "'home', 'away' or 'random'")
    if "reward" in given and given["reward"] not in ("win", "margin"):
        raise bad("reward", "'win' or 'margin'")
    if "render_mode" in given and given["render_mode"] not in RENDER_MODES:
        raise bad("render_mode", "None, 'ansi' or 'rgb_array'")
    ms = given.get("margin_scale", 1.0)
    if isinstance(ms, bool) or not isinstance(ms, (int, float)) or not ms > 0:
        raise bad("margin_scale", "a positive number")
    md = given.get("max_decisions")
    if md is not None and (isinstance(md, bool) or not isinstance(md, int) or md < 1):
        raise bad("max_decisions", "None or a positive integer")
    ro = given.get("rule_options")
    if ro is not None and not isinstance(ro, dict):
        raise bad("rule_options", "None or a dict of rule options (see `coachgym options <ruleset>`)")
    pool = given.get("team_pool")
    if pool is not None and (isinstance(pool, (str, bytes)) or not isinstance(pool, Sequence) or not pool):
        raise bad("team_pool", "None or a non-empty list of team names or team files")
    for name in ("home", "away"):
        team = given.get(name)
        if team is not None and not isinstance(team, (str, PathLike)) and not hasattr(team, "players"):
            raise bad(name, "None, a bundled team's name, a team file's path or a loaded team")


def load_teams(ruleset: Ruleset, home: Any, away: Any, team_pool: Sequence[str] | None) -> tuple[Any, Any, list | None]:
    """The env's teams: ``home`` and ``away`` (a bundled name, a team file, a loaded team; None: the
    ruleset's defaults) and the ``team_pool`` each reset draws from (None without one); shared by the
    Gymnasium and PettingZoo envs."""
    home_team = ruleset.load_team(home if home is not None else ruleset.default_teams[0])
    away_team = ruleset.load_team(away if away is not None else ruleset.default_teams[1])
    pool = [ruleset.load_team(t) for t in team_pool] if team_pool else None
    return home_team, away_team, pool


def render_game(env: Any) -> Any:
    """``render()`` of the Gymnasium and the PettingZoo envs: ``rgb_array`` is the scoreboard and the
    decision at hand as an image (no play-by-play is kept); ``ansi`` is the play-by-play since the last
    call and the scoreboard."""
    if env.render_mode == "rgb_array":
        from .raster import frame

        return frame(env.game)
    if env.render_mode != "ansi" or env.game is None:
        return None
    lines = env.game.play_by_play(env._rendered_upto)
    env._rendered_upto += len(lines)
    return "\n".join([*lines, "", env.game.scoreboard()])


class CoachEnv(gym.Env):
    """Generic single-agent coaching environment; subclasses set ``ruleset_name`` and ``encoder``.

    A Gymnasium protocol adapter over one :class:`~coachgym.envs.episode.Episode` (``episode``: the
    game, the studied side, the opponent coach, the rewards, the end): ``reset`` draws the episode's
    start from ``np_random`` (:meth:`_start`), ``step`` plays through the episode and returns what it
    says."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}
    ruleset_name: str = ""
    encoder: ObservationEncoder

    def __init__(self, *, agent_side: str = "home", opponent: Any = "by-the-book", home: Any = None, away: Any = None,
                 team_pool: Sequence[str] | None = None, rule_options: dict | None = None, reward: str = "win",
                 margin_scale: float = 20.0, strict: bool = False, render_mode: str | None = None,
                 max_decisions: int | None = None, **unknown: Any):
        from .. import rulesets

        self.ruleset: Ruleset = rulesets.get(self.ruleset_name)
        where = f"{type(self).__name__}"
        if unknown:
            known = ("agent_side", "opponent", "home", "away", "team_pool", "rule_options", "reward", "margin_scale",
                     "strict", "render_mode", "max_decisions")
            raise ConfigError(f"{where}: unknown keyword {sorted(unknown)[0]!r}; its keywords: {', '.join(known)}")
        check_env_keywords(where, agent_side=agent_side, home=home, away=away, team_pool=team_pool,
                           rule_options=rule_options, reward=reward, margin_scale=margin_scale, strict=strict,
                           render_mode=render_mode, max_decisions=max_decisions)
        self.agent_side_option = agent_side
        check_opponent(self.ruleset, opponent)
        self.opponent_option = opponent
        self.rule_options = self.ruleset.parse_options(rule_options)
        self.team_pool = list(team_pool) if team_pool else None
        self._home, self._away, self._pool = load_teams(self.ruleset, home, away, self.team_pool)
        self.render_mode = render_mode
        self.core = EpisodeCore(self.ruleset, self.encoder)  # envs/episode.py: what an episode is
        self.episode = self._new_episode(reward=reward, margin_scale=float(margin_scale), max_decisions=max_decisions,
                                         strict=strict)
        self.action_space = spaces.Discrete(len(self.ruleset.actions))
        self.observation_space = spaces.Box(OBS_LOW, OBS_HIGH, (self.encoder.size,), np.float32)
        self._rendered_upto = 0

    def _new_episode(self, **settings: Any) -> Episode:
        """The env's episode (the academy's envs: a scenario's)."""
        return Episode(self.core, **settings)

    def __getstate__(self) -> dict:
        """Pickled without the ruleset and the episode core (the registry's objects, which need not
        pickle): found again by ``ruleset_name`` on unpickling, so an env pickles mid-game."""
        state = dict(self.__dict__)
        for key in ("ruleset", "core"):
            state.pop(key, None)
        return state

    def __setstate__(self, state: dict) -> None:
        from .. import rulesets

        self.__dict__.update(state)
        self.ruleset = rulesets.get(self.ruleset_name)
        self.core = self.episode.core = EpisodeCore(self.ruleset, self.encoder)

    # the episode's state and settings, by their names on the env
    game = property(lambda self: self.episode.game, lambda self, v: setattr(self.episode, "game", v),
                    doc="The game being played (None before the first reset).")
    side = property(lambda self: self.episode.side, lambda self, v: setattr(self.episode, "side", v),
                    doc="The agent's side (HOME or AWAY).")
    opponent = property(lambda self: self.episode.opponent, lambda self, v: setattr(self.episode, "opponent", v),
                        doc="The opponent coach of this episode.")
    reward_mode = property(lambda self: self.episode.reward_mode,
                           lambda self, v: setattr(self.episode, "reward_mode", v), doc="'win' or 'margin'.")
    margin_scale = property(lambda self: self.episode.margin_scale,
                            lambda self, v: setattr(self.episode, "margin_scale", float(v)))
    max_decisions = property(lambda self: self.episode.max_decisions,
                             lambda self, v: setattr(self.episode, "max_decisions", v))
    strict = property(lambda self: self.episode.strict, lambda self, v: setattr(self.episode, "strict", v))

    # ------------------------------------------------------------------ gym API
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self._start(self.np_random)
        self._rendered_upto = 0
        episode = self.episode
        return episode.observe(), episode.info()

    def _start(self, rng: np.random.Generator) -> None:
        """Draw the episode's start from ``rng`` (the game's seed, the agent's side, the teams, the
        opponent coach and its seed) and start it."""
        game_seed = int(rng.integers(0, 2**62))
        if self.agent_side_option == "random":
            side = HOME if rng.random() < 0.5 else AWAY
        else:
            side = HOME if self.agent_side_option == "home" else AWAY
        home, away = self._home, self._away
        if self._pool:
            i, j = rng.choice(len(self._pool), size=2, replace=len(self._pool) < 2)
            home, away = self._pool[int(i)], self._pool[int(j)]
        # the play-by-play is written only where it is shown (render_mode="ansi"): the same rolls either
        # way, and no line is built for nobody
        game = self.core.new_game(home, away, game_seed, self.rule_options, record_events=self.render_mode == "ansi")
        opponent = _make_coach(self.ruleset, self.opponent_option, int(rng.integers(0, 2**31)), rng)
        self.episode.start(game, side, opponent, int(rng.integers(0, 2**31)))

    def step(self, action):
        episode = self.episode
        episode.check_open()
        action = int(action)
        if action not in episode.game.decision.legal:
            illegal = episode.illegal(action)  # (strict: raised there)
            info = episode.info()
            info["illegal_action"] = illegal
            episode.refuse(illegal)
            return episode.observe(), -1.0, True, False, info
        reward, terminated, truncated = episode.play(action)
        return episode.observe(), reward, terminated, truncated, episode.info()

    def advance(self, action: int) -> tuple[float, bool, bool]:
        """``step`` without building the observation and info: play the (legal) ``action``, let the
        opponent move, and return ``(reward, terminated, truncated)``. For wrappers that answer some
        decisions themselves (``coachgym.training.advice``), so that no observation is encoded for a
        decision the learner never sees; ``step`` is this plus the observation and info."""
        return self.episode.play(action)

    def observe(self) -> tuple[np.ndarray, dict]:
        """The observation and info of the game as it stands (what ``step`` returns besides the reward)."""
        return self.episode.observe(), self.episode.info()

    def action_masks(self) -> np.ndarray:
        """The legal actions of the decision at hand. With none at hand (the game is over, or not
        reset yet) every action is marked: a Gymnasium vector env's next step resets the game and
        plays none of them (autoreset), so a policy always has an action to pick (docs/envs.md)."""
        return self.episode.mask()

    def render(self):
        return render_game(self)


class ActionMasks(gym.Wrapper, gym.utils.RecordConstructorArgs):
    """Forwards ``action_masks()`` (the method sb3-contrib's MaskablePPO calls) through the wrappers
    ``gymnasium.make`` puts around the env (Gymnasium 1.x wrappers do not forward attributes).
    Registered as the outermost wrapper of every coachgym env id, so ``env.action_masks()`` works on
    ``gym.make``'s env; under further wrappers of your own use ``env.get_wrapper_attr("action_masks")()``."""

    def __init__(self, env: gym.Env):
        gym.utils.RecordConstructorArgs.__init__(self)
        gym.Wrapper.__init__(self, env)

    def action_masks(self) -> np.ndarray:
        return self.env.get_wrapper_attr("action_masks")()


_AEC_CLASSES: dict[tuple[type, str], type] = {}


def make_aec_env_class(gym_cls: type[CoachEnv], name: str):
    """The PettingZoo AEC env class (both coaches as agents) of the ruleset of ``gym_cls``, named
    ``name``: a subclass of the module-level :class:`coachgym.envs.aec.CoachAECEnv` with its env class
    set, made once per (class, name); its instances pickle (rebuilt through this function).
    """
    cls = _AEC_CLASSES.get((gym_cls, name))
    if cls is None:
        from .aec import CoachAECEnv

        cls = type(f"{gym_cls.__name__}AEC", (CoachAECEnv,), {
            "env_class": gym_cls, "metadata": {**CoachAECEnv.metadata, "name": name}, "_made_for": (gym_cls, name),
            "__doc__": f"PettingZoo AEC version of :class:`{gym_cls.__name__}`: agents 'home' and 'away' both coach.",
        })
        _AEC_CLASSES[(gym_cls, name)] = cls
    return cls


def pettingzoo_constructors(gym_cls: type[CoachEnv], name: str, module: str):
    """``(aec_env_class, env)`` for a ruleset's env module. The AEC class is built on first use, so
    pettingzoo stays an optional dependency; ``env(**kwargs)`` is the PettingZoo-style constructor: the
    raw env (``aec_env_class()(**kwargs)``) in PettingZoo's standard ``OrderEnforcingWrapper`` (an
    error for ``step``, ``observe`` or ``render`` before ``reset``; ``env().unwrapped`` is the raw env).
    PettingZoo's illegal-move and bounds wrappers do not fit: the env's own illegal-action policy
    names the action and ends the game as its coach's loss, out-of-table actions included."""
    built: list = []

    def aec_env_class():
        if not built:
            built.append(make_aec_env_class(gym_cls, name))
        return built[0]

    def env(**kwargs):
        from pettingzoo.utils.wrappers import OrderEnforcingWrapper

        return OrderEnforcingWrapper(aec_env_class()(**kwargs))

    aec_env_class.__doc__ = f"The PettingZoo AEC class of :class:`{gym_cls.__name__}` (built on first use)."
    env.__doc__ = f'PettingZoo-style constructor: ``{module}.env(render_mode="ansi")``.'
    return aec_env_class, env


def parallel_constructors(aec_env_class, name: str, module: str):
    """``(parallel_env_class, parallel_env)`` for a ruleset's env module: the class
    (``coachgym.envs.parallel.make_parallel_env_class``) made on first use over the module's AEC class,
    so pettingzoo stays an optional dependency; ``parallel_env(**kwargs)`` the PettingZoo-style constructor."""
    built: list = []

    def parallel_env_class():
        if not built:
            from .parallel import make_parallel_env_class

            built.append(make_parallel_env_class(aec_env_class(), name))
        return built[0]

    def parallel_env(**kwargs):
        return parallel_env_class()(**kwargs)

    parallel_env_class.__doc__ = "The PettingZoo ParallelEnv class of this ruleset (built on first use)."
    parallel_env.__doc__ = (f'PettingZoo parallel constructor: ``{module}.parallel_env()``; the coach not deciding '
                            f'sends the extra "wait" action (or nothing), which is ignored.')
    return parallel_env_class, parallel_env
