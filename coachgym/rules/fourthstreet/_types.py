"""The 4th Street engine as the type checker sees it from inside a mixin (written by
``tools/engine_types.py``; do not edit: run the tool). Imported only by the type checker
(``if TYPE_CHECKING``): the mixins derive from :class:`EngineBase` for mypy and from ``object`` at run
time. Its attributes are the engine's state, typed (what the declared state saves, what the options
and teams derive once per game); its methods are the signatures of the engine's and its mixins'
methods."""

from __future__ import annotations

from typing import Any, Callable

from ...core.actions import Action
from ...core.boxscore import BoxScore
from ...core.engine import Decision, Engine
from ...core.phases import PhaseDispatch
from ...core.phases import choice as _choice
from ...core.phases import phase as _phase
from .calls import SubKey
from .cards import Player, Team
from .options import FourthStreetOptions
from .saved import PlayContext
from .state import TeamState


class EngineBase(PhaseDispatch, Engine):
    # the state saved with the game (the declaration: coachgym.rules.fourthstreet.saved.DECLARATION)
    period: int  # the period being played: 1-4, then overtimes
    clock: int  # game clock: seconds left in the period
    shot_clock: int  # seconds left on the shot clock; an air ball's rebound may run it below 0 (a violation)
    team_state: list[TeamState]  # each team's state, home then away (the declaration's team fields)
    off: int  # the side with the ball (the offense)
    phase: str  # what happens next (core.phases: each phase has its _phase_ handler)
    ctx: PlayContext  # the phase's own notes: the calls made so far, the free throws left (CTX)
    rest_clock: int  # game seconds played plus the rest credited at timeouts and breaks (rest is measured on it)
    kicked: bool  # the ball was kicked out on this possession
    three_pt: bool  # the 3-point offense is on for this setup
    milk: str  # the Level 3 zone where the offense milks the clock; '': not
    desperation: bool  # desperation defense called for this setup
    frontcourt: bool  # the next setup is in the front court (half court: no press)
    timeout_called: bool  # a timeout was called in this dead ball
    handler: int  # the ball handler's slot
    zone: str  # the zone the ball is in
    passer: int  # the slot who passed to the handler (assists); -1: none
    outlet: int  # who gained the ball before the setup (steal, rebound), for assists; -1
    air: bool  # the missed shot was an air ball (the shot clock runs on)
    lane: list[int]  # zone tokens that covered 1B on the previous action (3-second rule)
    tip_winner: int  # the side that won the opening tip; -1: not yet
    windows: list[int]  # sides still to be offered lineup changes at this dead ball, in order
    changes: int  # lineup changes made in the open window
    dead: bool  # the ball is dead (lineup changes at the next possession)
    replace: list[list[int]]  # [side, slot] still needing a forced replacement
    injuries: list[dict[str, Any]]  # the injuries of this game (Injury Chart)
    game_seconds: int  # game seconds played (all periods)
    # not saved: fixed for the game, derived from the state, or memos a copy starts again
    options: FourthStreetOptions  # the rule options
    teams: list[Team]  # home, away
    stint_mark: int  # the game second up to which each team's stint_counted is counted

    # engine.py FourthStreetEngine
    def _init_state(self) -> None:
        raise NotImplementedError

    def _state_to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    def _state_from_dict(self, data: dict[str, Any]) -> None:
        raise NotImplementedError

    @property
    def score(self) -> tuple[int, int]:
        raise NotImplementedError

    def player(self, side: int, slot: int) -> Player:
        raise NotImplementedError

    def _roll(self, what: str) -> int:
        raise NotImplementedError

    def _dice(self, whats: tuple[str, ...]) -> list[int]:
        raise NotImplementedError

    def _ev(self, kind: str, side: int | None, text: str | Callable[[], str], **data: Any) -> None:
        raise NotImplementedError

    def _stat(self, side: int, slot: int, col: int, n: int=1) -> None:
        raise NotImplementedError

    def _highest(self, side: int, attr: str, exclude: tuple[int, ...]=()) -> int:
        raise NotImplementedError

    def _recipient(self, side: int, white: int, passer: int) -> int:
        raise NotImplementedError

    def _score(self, side: int, slot: int, pts: int, three: bool, passer: int, white: int) -> None:
        raise NotImplementedError

    def _change(self, to_side: int, outlet: int=-1) -> None:
        raise NotImplementedError

    def _turnover(self, side: int, slot: int | None, text: str, dead: bool=True) -> None:
        raise NotImplementedError

    def _sc(self) -> str:
        raise NotImplementedError

    def box_score(self) -> BoxScore:
        raise NotImplementedError

    def scoreboard(self) -> str:
        raise NotImplementedError

    # clock.py ClockMixin
    def _tick(self, sec: int, shot: bool=True) -> None:
        raise NotImplementedError

    @property
    def stint(self) -> list[list[int]]:
        raise NotImplementedError

    def stint_of(self, side: int) -> list[int]:
        raise NotImplementedError

    def _fold_stint(self) -> None:
        raise NotImplementedError

    def _fold_minutes(self) -> None:
        raise NotImplementedError

    def seconds_played(self, side: int, i: int) -> int:
        raise NotImplementedError

    def _in_last_minute(self) -> bool:
        raise NotImplementedError

    def _end_period(self) -> None:
        raise NotImplementedError

    # lineups.py LineupMixin
    def _prior_injuries(self) -> None:
        raise NotImplementedError

    def rest(self, side: int, i: int) -> int:
        raise NotImplementedError

    def _fatigue(self, side: int, slot: int) -> int:
        raise NotImplementedError

    def _rest_requirement(self, side: int, i: int) -> int:
        raise NotImplementedError

    def _rest_all(self, sec: int) -> None:
        raise NotImplementedError

    def _substitute(self, side: int, slot: int, i: int) -> None:
        raise NotImplementedError

    def _bench(self, side: int) -> list[int]:
        raise NotImplementedError

    def _injury(self, side: int, slot: int, who: str) -> None:
        raise NotImplementedError

    def _release_stoppage(self) -> None:
        raise NotImplementedError

    # calls.py CallMixin
    def _interrupt(self) -> Decision | None:
        raise NotImplementedError

    @_phase('pregame')
    def _phase_pregame(self) -> Decision | None:
        raise NotImplementedError

    def _replace_decision(self) -> Decision | None:
        raise NotImplementedError

    def _sub_key(self, side: int, changes: int) -> SubKey:
        raise NotImplementedError

    @staticmethod
    def _sub_legal(key: SubKey) -> list[int]:
        raise NotImplementedError

    def _lineup_legal(self, side: int) -> tuple[int, ...]:
        raise NotImplementedError

    def _lineup_decision(self, side: int) -> Decision:
        raise NotImplementedError

    @_phase('poss')
    def _phase_poss(self) -> Decision | None:
        raise NotImplementedError

    @_choice('offense')
    def _choose_offense(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    @_choice('defense')
    def _choose_defense(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    def _call_change(self, side: int, action: Action) -> None:
        raise NotImplementedError

    @_choice('lineup')
    def _choose_lineup(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    @_choice('replace')
    def _choose_replace(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    @_choice('jumper')
    def _choose_jumper(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    @_choice('free_throw')
    def _choose_free_throw(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    @_choice('helper')
    def _choose_helper(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    @_choice('hold')
    def _choose_hold(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    @_choice('token')
    def _choose_token(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    # setups.py SetupMixin
    def _centre_jump(self) -> None:
        raise NotImplementedError

    def _held_ball(self, o: int, slot: int) -> None:
        raise NotImplementedError

    def _revert_press(self, d: int) -> None:
        raise NotImplementedError

    def _grid(self, side: int, slot: int) -> int:
        raise NotImplementedError

    def _setup(self) -> None:
        raise NotImplementedError

    def _hold_decision(self) -> Decision | None:
        raise NotImplementedError

    def _hold(self, sec: int) -> None:
        raise NotImplementedError

    # play.py PlayMixin
    def cover(self, d: int) -> dict[str, tuple[int, ...]]:
        raise NotImplementedError

    def _defenders(self, o: int, slot: int, zone: str) -> tuple[int, int, bool]:
        raise NotImplementedError

    def _play(self) -> None:
        raise NotImplementedError

    def _resolve(self, o: int, slot: int, zone: str, lv: int, sym: str, offense_wins: bool, first: int, passer: int, white: int, card: Player, who: str) -> None:
        raise NotImplementedError

    def _miss(self, o: int, slot: int, three: bool, text: str, air: bool=False) -> None:
        raise NotImplementedError

    def _weird(self, o: int, slot: int, lv: int, who: str) -> None:
        raise NotImplementedError

    # rebounding.py ReboundMixin
    def _rebound(self) -> None:
        raise NotImplementedError

    def _loose_ball(self) -> None:
        raise NotImplementedError

    # fouls.py FoulMixin
    def _trailing_by_10(self, side: int) -> bool:
        raise NotImplementedError

    def _penalty_level(self, side: int) -> int:
        raise NotImplementedError

    def penalty_level(self, side: int) -> int:
        raise NotImplementedError

    def _bonus(self, side: int) -> bool:
        raise NotImplementedError

    def _penalty_ft(self, o: int, slot: int, d: int) -> str:
        raise NotImplementedError

    def _personal_foul(self, side: int, slot: int, team: bool=True) -> None:
        raise NotImplementedError

    def _start_ft(self, side: int, slot: int, n: int, after: str, to_make: int=0) -> None:
        raise NotImplementedError

    @_phase('ft')
    def _phase_ft(self) -> Decision | None:
        raise NotImplementedError

    @staticmethod
    def _ft_pct(p: Player) -> float:
        raise NotImplementedError
