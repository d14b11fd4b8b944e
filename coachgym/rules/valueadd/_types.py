"""The Value Add engine as the type checker sees it from inside a mixin (written by
``tools/engine_types.py``; do not edit: run the tool). Imported only by the type checker
(``if TYPE_CHECKING``): the mixins derive from :class:`EngineBase` for mypy and from ``object`` at run
time. Its attributes are the engine's state, typed (what the declared state saves, what the options
and teams derive once per game); its methods are the signatures of the engine's and its mixins'
methods."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action
from ...core.boxscore import BoxScore
from ...core.engine import Decision, Engine
from ...core.phases import PhaseDispatch
from ...core.phases import choice as _choice
from ...core.phases import phase as _phase
from .cards import PlayerCard, Team
from .options import ValueAddOptions
from .state import PossessionContext, TeamState


class EngineBase(PhaseDispatch, Engine):
    # the state saved with the game (state.DECLARATION)
    team_state: list[TeamState]  # each team's state, home then away
    period: int  # 0 regulation, k the k-th overtime
    box: int  # the possession box being played (44 down to 1)
    half: int  # 0 the top half of the box, 1 the bottom half
    _turn: int  # 0 the away team's possession of the half-box, 1 the home team's
    extra_box: bool  # a bottom half has been earned for this box
    phase: str  # what happens next (core.phases)
    ctx: PossessionContext  # the possession's context (state.PossessionContext)
    menu_changes: int  # changes made in the open menu
    next_fast_break: int | None  # slot of the stealer who leads the next possession's fast break
    # derived from the state
    offense: int  # the side with the ball
    # fixed for the game: the options, the teams and what _build_tables derives from them
    recording: bool  # event text is built (events are recorded)
    options: ValueAddOptions
    _options_id: Any
    teams: list[Team]
    tables: list[list[Any]]  # per side, per roster player: his shot table
    three_tables: list[list[Any]]  # per side, per roster player: his 3-point table
    dunk_net: list[int]  # per side: the dunk rating less the opponent's defense adjustment
    pre86_extra: list[Any]
    reserve_slots: list[Any]  # per side: the reserve of each position
    _extras: list[list[Any]]  # per side, per roster player: his extra numbers
    _assist20: list[list[bool]]  # per side, per roster player: an "Assist 20" card
    _stamina: list[list[int]]  # per side, per roster player: his stamina
    _penalties: bool  # stamina penalties are played

    # engine.py ValueAddEngine
    @property
    def score(self) -> tuple[int, int]:
        raise NotImplementedError

    @property
    def turn(self) -> int:
        raise NotImplementedError

    @turn.setter
    def turn(self, value: int) -> None:
        raise NotImplementedError

    def card(self, side: int, slot: int) -> PlayerCard:
        raise NotImplementedError

    def pname(self, side: int, slot: int) -> str:
        raise NotImplementedError

    def fatigue(self, side: int, slot: int) -> int:
        raise NotImplementedError

    def defender_of(self, dside: int, oslot: int) -> int:
        raise NotImplementedError

    def avoiding(self, side: int, slot: int) -> bool:
        raise NotImplementedError

    def has_point_guard(self, side: int) -> bool:
        raise NotImplementedError

    def in_last_nine(self) -> bool:
        raise NotImplementedError

    def box_label(self) -> str:
        raise NotImplementedError

    def _stat(self, side: int, slot: int, stat: int, n: int=1) -> None:
        raise NotImplementedError

    def _score(self, side: int, slot: int, pts: int) -> None:
        raise NotImplementedError

    def _player_note(self, side: int, i: int) -> str:
        raise NotImplementedError

    def describe_action(self, action: int) -> str:
        raise NotImplementedError

    def box_score(self) -> BoxScore:
        raise NotImplementedError

    def scoreboard(self) -> str:
        raise NotImplementedError

    def _state_to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def upgrade_saved(cls, data: Any) -> Any:
        raise NotImplementedError

    def _state_from_dict(self, d: dict[str, Any]) -> None:
        raise NotImplementedError

    # rotation.py RotationMixin
    def _build_tables(self) -> None:
        raise NotImplementedError

    def _pre86(self, side: int) -> dict[str, Any]:
        raise NotImplementedError

    def _setup_team(self, side: int, tip: list[int] | None=None) -> None:
        raise NotImplementedError

    def _pregame(self) -> bool:
        raise NotImplementedError

    @staticmethod
    def _reserves(team: Team) -> list[int | None]:
        raise NotImplementedError

    def _assign_numbers(self, side: int) -> None:
        raise NotImplementedError

    def _starters_return(self, side: int) -> None:
        raise NotImplementedError

    # possessions.py PossessionMixin
    @_phase('defense_menu')
    def _phase_defense_menu(self) -> Decision:
        raise NotImplementedError

    @_phase('offense_menu')
    def _phase_offense_menu(self) -> Decision:
        raise NotImplementedError

    @_phase('roll')
    def _phase_roll(self) -> Decision | None:
        raise NotImplementedError

    @_phase('d8_roll')
    def _phase_d8_roll(self) -> Decision | None:
        raise NotImplementedError

    def _replacement_decision(self) -> Decision | None:
        raise NotImplementedError

    @_phase('d8_choice')
    def _phase_d8_choice(self) -> Decision:
        raise NotImplementedError

    @_phase('fast_break')
    def _phase_fast_break(self) -> Decision:
        raise NotImplementedError

    @_phase('stick_back')
    def _phase_stick_back(self) -> Decision:
        raise NotImplementedError

    @_phase('dunk_choice')
    def _phase_dunk_choice(self) -> Decision:
        raise NotImplementedError

    @_phase('choose_dunker')
    def _phase_choose_dunker(self) -> Decision:
        raise NotImplementedError

    @_phase('choose_stop_rebounder')
    def _phase_choose_stop_rebounder(self) -> Decision:
        raise NotImplementedError

    @_phase('choose_rebounder')
    def _phase_choose_rebounder(self) -> Decision:
        raise NotImplementedError

    @_phase('start')
    def _phase_start(self) -> None:
        raise NotImplementedError

    def _count_possession(self) -> None:
        raise NotImplementedError

    def _score_text(self) -> str:
        raise NotImplementedError

    @_phase('end')
    def _phase_end(self) -> None:
        raise NotImplementedError

    def _trigger_extra(self, why: str) -> None:
        raise NotImplementedError

    @_choice('replace_fouled_out')
    def _choose_replace_fouled_out(self, decision: Decision, act: Action) -> None:
        raise NotImplementedError

    @_choice('d8_choice')
    def _choose_d8_choice(self, decision: Decision, act: Action) -> None:
        raise NotImplementedError

    @_choice('fast_break')
    def _choose_fast_break(self, decision: Decision, act: Action) -> None:
        raise NotImplementedError

    @_choice('stick_back')
    def _choose_stick_back(self, decision: Decision, act: Action) -> None:
        raise NotImplementedError

    @_choice('dunk_choice')
    def _choose_dunk_choice(self, decision: Decision, act: Action) -> None:
        raise NotImplementedError

    @_choice('choose_dunker')
    def _choose_choose_dunker(self, decision: Decision, act: Action) -> None:
        raise NotImplementedError

    @_choice('choose_stop_rebounder')
    def _choose_choose_stop_rebounder(self, decision: Decision, act: Action) -> None:
        raise NotImplementedError

    @_choice('choose_rebounder')
    def _choose_choose_rebounder(self, decision: Decision, act: Action) -> None:
        raise NotImplementedError

    # menus.py MenuMixin
    def _must_fill(self, side: int) -> list[int]:
        raise NotImplementedError

    def _bench(self, side: int) -> list[int]:
        raise NotImplementedError

    def _fouled_out_on_court(self) -> int | None:
        raise NotImplementedError

    def _fill_legal(self, side: int) -> tuple[int, ...]:
        raise NotImplementedError

    def _menu_legal(self, side: int, kind: str) -> tuple[int, ...]:
        raise NotImplementedError

    def _compute_menu_legal(self, side: int, kind: str) -> tuple[int, ...]:
        raise NotImplementedError

    def _static_menu_tail(self, kind: str, changes_left: bool, last_nine: bool, d8_window: bool, pregame: bool=False) -> tuple[int, ...]:
        raise NotImplementedError

    def _menu_decision(self, side: int, kind: str) -> Decision:
        raise NotImplementedError

    @_choice('defense_menu')
    def _choose_defense_menu(self, decision: Decision, act: Action) -> None:
        raise NotImplementedError

    _apply_menu = _choose_defense_menu

    # roll.py RollMixin
    def _d8_first_roll(self) -> None:
        raise NotImplementedError

    def _ballhandler(self, off: int, d8: int) -> int | None:
        raise NotImplementedError

    def _roll(self) -> None:
        raise NotImplementedError

    def _shot_clock_violation(self, off: int) -> None:
        raise NotImplementedError

    # defense.py DefenseMixin
    def _range_top(self, dside: int, k: int, block: bool) -> int:
        raise NotImplementedError

    def _steal_by(self, dfn: int, slot: int, ds: int, r: int, team_def: bool) -> int | None:
        raise NotImplementedError

    def _block_by(self, dfn: int, slot: int, ds: int, r: int, team_def: bool) -> int | None:
        raise NotImplementedError

    def _defended_by(self, dfn: int, slot: int, ds: int, r: int, team_def: bool, block: bool) -> int | None:
        raise NotImplementedError

    def _all_defender(self, dfn: int, ds: int, r: int) -> int | None:
        raise NotImplementedError

    def _steal(self, off: int, slot: int, k: int, r: int) -> None:
        raise NotImplementedError

    def _next_possession_possible(self) -> bool:
        raise NotImplementedError

    def _block(self, off: int, slot: int, k: int) -> None:
        raise NotImplementedError

    def _stop(self, off: int, slot: int | None, ds: int) -> None:
        raise NotImplementedError

    # shooting.py ShootingMixin
    def _d20_result(self, off: int, slot: int, d20: int) -> int:
        raise NotImplementedError

    def _basket(self, off: int, slot: int, pts: int) -> None:
        raise NotImplementedError

    def _avoid_basket(self, off: int, slot: int, d20: int, ds: int) -> None:
        raise NotImplementedError

    def _resolve_shot(self, off: int, slot: int, res: int, foul_by: int | None, ds: int, home_whistle: bool=False) -> None:
        raise NotImplementedError

    def _avoid_basket_two(self, off: int, slot: int) -> None:
        raise NotImplementedError

    def _dunk(self, off: int, slot: int) -> None:
        raise NotImplementedError

    # fouls.py FoulMixin
    def _foul(self, dfn: int, k: int, off: int, slot: int, home_whistle: bool=False) -> None:
        raise NotImplementedError

    def _intentional_foul(self, off: int, slot: int, ds: int, r: int, team_def: bool) -> None:
        raise NotImplementedError

    def _free_throws(self, off: int, slot: int, n: int, one_and_one: bool=False) -> None:
        raise NotImplementedError

    # rebounding.py ReboundMixin
    def _reb_value(self, side: int, slot: int, offensive: bool) -> int:
        raise NotImplementedError

    def _rebound(self, shooter: int, ft: bool) -> None:
        raise NotImplementedError

    def _take_rebound(self, side: int, slot: int, offensive: bool) -> None:
        raise NotImplementedError

    # copying.py CopyingMixin
    def _after_copy(self) -> None:
        raise NotImplementedError
