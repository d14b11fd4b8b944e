"""The FUBA engine as the type checker sees it from inside a mixin (written by
``tools/engine_types.py``; do not edit: run the tool). Imported only by the type checker
(``if TYPE_CHECKING``): the mixins derive from :class:`EngineBase` for mypy and from ``object`` at run
time. Its attributes are the engine's state, typed (what the declared state saves, what the options
and teams derive once per game); its methods are the signatures of the engine's and its mixins'
methods."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.boxscore import BoxScore
from ...core.chance import ChanceSource
from ...core.engine import Decision, Engine
from ...core.phases import PhaseDispatch
from ...core.phases import choice as _choice
from ...core.phases import continuation as _continuation
from ...core.phases import phase as _phase
from .options import FubaOptions
from .saved import PhaseContext
from .state import TeamState
from .teams import FubaTeam

if TYPE_CHECKING:  # (names of the engine's module its signatures use)
    from .engine import FubaEngine, MoveTables


class EngineBase(PhaseDispatch, Engine):
    # the state saved with the game (the declaration: coachgym.rules.fuba.saved.DECLARATION)
    team_state: list[TeamState]  # each team's state, home then away (the declaration's team fields)
    ball: int  # the area the ball is in
    ball_value: int  # the ball value: 1 excellent control to 6 poor (4.2)
    controlling: int  # the side controlling the ball (the defending side is the other)
    phasing: int  # the phasing team of the turn (4)
    acting: int  # the side whose action stage is being played
    half: int  # the half being played
    minute: int  # the time marker's minute (4.2.2)
    stoppage: int  # the stoppage-time square the time marker stands on (0: none, 4.2.2.2)
    half_ending: bool  # the half ends after this turn
    first_kickoff: int  # the side that kicked off the first half (2.2)
    turns: int  # turns played
    phase: str  # what happens next: a _phase_NAME of the engine, or over
    ctx: PhaseContext  # the phase's working data
    resolving: dict[str, Any]  # the action being resolved (a pass, a sprint, a goal attempt): its dice and flags
    queue: list[dict[str, Any]]  # decisions due ahead of any phase: a red card's removal (5.6.2), an injured player'...
    actions_left: int  # actions left to the acting side in this action stage (4.3)
    turn_over: bool  # the turn has ended early (the ball was lost)
    set_piece: str | None  # the set piece being taken, if any
    turn_bonus: int  # goal-attempt bonus earned this turn
    no_offside_risk: bool  # A7: the offside risk is off for this turn
    free_condition_point: bool  # A13 terrace chant: a free condition point for the phasing team's first action
    fast_situation_pending: bool  # A13 fast situation: the non-phasing team is playing its extra action
    weather: str | None  # A10: the weather, if any
    injured: list[list[int]]  # A4: [side, piece, clock of return] of each piece out injured for a few minutes
    clock_reached: int  # the highest game clock reached (time never goes back)
    charged: bool  # A5: the goalkeeper charge was made this turn
    fast_situation_actions: int  # A13 fast situation: the phasing team's actions left, given back after the extra ac...
    offers: list[list[Any]]  # A12: [side, skill] offers waiting for their coach's answer
    turn_flags: list[str]  # A12: skills shaping the current turn
    turn_set_piece: str | None  # the set piece the current turn began with
    last_condition_spent: list[int] | None  # A1: [line, points] of the last condition point spent (A12 angry coach g...
    # not saved: fixed for the game, derived from the state, or memos a copy starts again
    options: FubaOptions  # the rule options
    teams: list[FubaTeam]  # home, away
    _pt_cache: tuple[Any, dict[int, int]]  # the last pass targets with every input they depend on
    _dcache: tuple[PhaseContext | None, int, dict[tuple[int, int], tuple[list[int], list[int]]]]  # movement memo: (c...
    CONTINUATIONS: dict[str, Any]  # the @continuation(NAME) methods by NAME (a class attribute)

    # engine.py FubaEngine
    @property
    def score(self) -> tuple[int, int]:
        raise NotImplementedError

    def _clear_active(self) -> None:
        raise NotImplementedError

    @property
    def defending(self) -> int:
        raise NotImplementedError

    @property
    def clock(self) -> int:
        raise NotImplementedError

    def raw_count(self, side: int, area: int) -> int:
        raise NotImplementedError

    def count(self, side: int, area: int) -> int:
        raise NotImplementedError

    def counts(self, side: int) -> list[int]:
        raise NotImplementedError

    def on_pitch(self, side: int) -> int:
        raise NotImplementedError

    def keeper_in_box(self, side: int) -> bool:
        raise NotImplementedError

    def _dice2(self, what: str) -> tuple[int, int]:
        raise NotImplementedError

    def _name(self, side: int) -> str:
        raise NotImplementedError

    def forced_line(self, decision: Decision, action: Action) -> str:
        raise NotImplementedError

    def offside_areas(self, side: int, ball: int | None=None) -> list[bool]:
        raise NotImplementedError

    def offside_move_tables(self, side: int) -> MoveTables:
        raise NotImplementedError

    @staticmethod
    def _may_move(tables: MoveTables, a: int) -> bool:
        raise NotImplementedError

    def _offside_areas(self, side: int, ball: int, d: int) -> list[bool]:
        raise NotImplementedError

    def _end_minute(self) -> int:
        raise NotImplementedError

    def _advance_time(self, minutes: int) -> None:
        raise NotImplementedError

    def _check_clock(self) -> None:
        raise NotImplementedError

    def time_label(self) -> str:
        raise NotImplementedError

    def _cp_source(self, side: int) -> tuple[int, int] | None:
        raise NotImplementedError

    def cp_available(self, side: int) -> bool:
        raise NotImplementedError

    def _spend_cp(self, side: int, why: str) -> None:
        raise NotImplementedError

    def _lose_cp(self, side: int, n: int, why: str) -> None:
        raise NotImplementedError

    def _interrupt(self) -> Decision | None:
        raise NotImplementedError

    @_choice('skill')
    def _choose_skill(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    def _dec_sorted(self, side: int, kind: str, legal: tuple[int, ...], prompt: str) -> Decision:
        raise NotImplementedError

    def _dec(self, side: int, kind: str, legal: Iterable[int], prompt: str='') -> Decision:
        raise NotImplementedError

    def pass_targets(self, side: int) -> dict[int, int]:
        raise NotImplementedError

    def move_source(self, idx: int) -> tuple[int, int]:
        raise NotImplementedError

    def move_dests(self, piece: int, frm: int) -> tuple[list[int], list[int]]:
        raise NotImplementedError

    @property
    def move_mode(self) -> str | None:
        raise NotImplementedError

    def goal_need(self, side: int) -> int:
        raise NotImplementedError

    def set_scenario(self, *, home: list[str], away: list[str], ball: str, bv: int, ct: int, phasing: int | None=None, stage: str='turn', actions: int=1, formations: Sequence[Sequence[int]]=((4, 4, 2), (4, 4, 2)), half: int=1, minute: int=10, stoppage: int=0, cp: Sequence[Sequence[int]] | None=None, yellow: Sequence[int]=(0, 0), set_piece: str | None=None, source: ChanceSource | None=None) -> 'FubaEngine':
        raise NotImplementedError

    def _state_to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    def _state_from_dict(self, data: dict[str, Any]) -> None:
        raise NotImplementedError

    def box_score(self) -> BoxScore:
        raise NotImplementedError

    def board_text(self) -> str:
        raise NotImplementedError

    def scoreboard(self) -> str:
        raise NotImplementedError

    # preparation.py PreparationMixin
    @_phase('formation')
    def _phase_formation(self) -> Decision:
        raise NotImplementedError

    @_choice('formation')
    def _choose_formation(self, decision: Decision, a: Action) -> None:
        raise NotImplementedError

    def _formation_done(self, side: int) -> None:
        raise NotImplementedError

    def _role_legal(self, side: int) -> list[int]:
        raise NotImplementedError

    def condition_points_at_start(self, side: int) -> list[int]:
        raise NotImplementedError

    @_phase('kickoff_roll')
    def _phase_kickoff_roll(self) -> None:
        raise NotImplementedError

    @_phase('kickoff_choice')
    def _phase_kickoff_choice(self) -> Decision:
        raise NotImplementedError

    @_choice('kickoff')
    def _choose_kickoff(self, decision: Decision, a: Action) -> None:
        raise NotImplementedError

    def _start_half(self, half: int) -> None:
        raise NotImplementedError

    def _begin_setup(self, kind: str, ct: int, area: int) -> None:
        raise NotImplementedError

    def _setup_legal(self, kind: str, side: int) -> list[int]:
        raise NotImplementedError

    @_phase('setup')
    def _phase_setup(self) -> Decision | None:
        raise NotImplementedError

    @_choice('setup')
    def _choose_setup(self, decision: Decision, a: Action) -> None:
        raise NotImplementedError

    # turn.py TurnMixin
    def _start_turn(self, side: int, set_piece: str | None=None) -> None:
        raise NotImplementedError

    def _after_reaction(self) -> None:
        raise NotImplementedError

    def _after_reaction2(self) -> None:
        raise NotImplementedError

    @_phase('momentum')
    def _phase_momentum(self) -> None:
        raise NotImplementedError

    @_phase('momentum_end')
    def _phase_momentum_end(self) -> None:
        raise NotImplementedError

    def _momentum_end(self, special: bool) -> None:
        raise NotImplementedError

    def _legal_actions(self, side: int) -> list[int]:
        raise NotImplementedError

    @_phase('actions')
    def _phase_actions(self) -> Decision | None:
        raise NotImplementedError

    @_choice('action')
    def _choose_action(self, decision: Decision, a: Action) -> None:
        raise NotImplementedError

    def _action_done(self) -> None:
        raise NotImplementedError

    def _nt_action_done(self) -> None:
        raise NotImplementedError

    def _end_turn(self) -> None:
        raise NotImplementedError

    def _end_turn2(self) -> None:
        raise NotImplementedError

    @_phase('after_turn')
    def _phase_after_turn(self) -> None:
        raise NotImplementedError

    def _end_half(self) -> None:
        raise NotImplementedError

    def _line_changes(self, side: int, n: int=1) -> list[int]:
        raise NotImplementedError

    @_phase('halftime')
    def _phase_halftime(self) -> Decision | None:
        raise NotImplementedError

    def _halftime_change(self, a: Action) -> None:
        raise NotImplementedError

    def _change_line(self, side: int, a: Action) -> None:
        raise NotImplementedError

    # movement.py MovementMixin
    def _begin_moves(self, mode: str, side: int, cont: str, **extra: Any) -> None:
        raise NotImplementedError

    def _piece_in(self, side: int, area: int, moved: list[int]) -> int:
        raise NotImplementedError

    def _offside_applies(self, side: int, mode: str) -> bool:
        raise NotImplementedError

    def _dests(self, side: int, piece: int, frm: int, off: list[bool] | None=None) -> tuple[list[int], list[int]]:
        raise NotImplementedError

    def _dests_now(self, side: int, piece: int, frm: int, off: list[bool] | None) -> tuple[list[int], list[int]]:
        raise NotImplementedError

    @staticmethod
    def _straight_forward(side: int, frm: int, dest: int) -> bool:
        raise NotImplementedError

    def _movers(self) -> tuple[list[int], bool]:
        raise NotImplementedError

    @_phase('moves')
    def _phase_moves(self) -> Decision | None:
        raise NotImplementedError

    def _finish_moves(self) -> None:
        raise NotImplementedError

    @_choice('moves')
    def _choose_moves(self, decision: Decision, a: Action) -> None:
        raise NotImplementedError

    @_choice('moves_to')
    def _choose_moves_to(self, decision: Decision, a: Action) -> None:
        raise NotImplementedError

    def _fans(self, side: int, what: str, dice: list[int], args: dict[str, Any]) -> bool:
        raise NotImplementedError

    @_phase('fans')
    def _phase_fans(self) -> None:
        raise NotImplementedError

    def _sprint(self, side: int) -> None:
        raise NotImplementedError

    def _sprint_dice(self, side: int, d1: int, d2: int) -> None:
        raise NotImplementedError

    def _start_sprint_moves(self) -> None:
        raise NotImplementedError

    @_phase('use_cp')
    def _phase_use_cp(self) -> Decision | None:
        raise NotImplementedError

    @_choice('use_cp')
    def _choose_use_cp(self, decision: Decision | None, a: Action) -> None:
        raise NotImplementedError

    # defending.py DefendingMixin
    def _positioning(self, side: int) -> None:
        raise NotImplementedError

    def _positioning_dice(self, side: int, d1: int, d2: int) -> None:
        raise NotImplementedError

    def _finish_positioning(self, side: int, inc: int) -> None:
        raise NotImplementedError

    def _pressing(self, side: int, aggressive: bool=False, forced: bool=False, counter: bool=False) -> None:
        raise NotImplementedError

    @_phase('press_prep')
    def _phase_press_prep(self) -> None:
        raise NotImplementedError

    @_continuation('press')
    def _cont_press(self, ctx: PhaseContext) -> None:
        raise NotImplementedError

    def _press_roll(self, side: int, aggressive: bool, forced: bool, counter: bool) -> None:
        raise NotImplementedError

    def _press_dice(self, side: int, aggressive: bool, thr: int, counter: bool, d1: int, d2: int) -> None:
        raise NotImplementedError

    @_phase('counter_press')
    def _phase_counter_press(self) -> None:
        raise NotImplementedError

    def _var_check(self) -> bool:
        raise NotImplementedError

    # passing.py PassingMixin
    def _pass_value(self, side: int, start: int, target: int, challenge: bool=False, cm: list[int] | None=None, co: list[int] | None=None, cap: bool=False) -> int | None:
        raise NotImplementedError

    def _offside_risk(self, side: int, target: int) -> bool:
        raise NotImplementedError

    def _pass_targets(self, side: int) -> dict[int, int]:
        raise NotImplementedError

    def _pass_targets_key(self, side: int) -> tuple[Any, ...]:
        raise NotImplementedError

    def _any_pass_target(self, side: int) -> bool:
        raise NotImplementedError

    def _pass_targets_now(self, side: int, first_only: bool=False) -> dict[int, int]:
        raise NotImplementedError

    def _challenge_value(self, side: int) -> int | None:
        raise NotImplementedError

    def _begin_pass(self, side: int, challenge: bool=False) -> None:
        raise NotImplementedError

    @_phase('pass_to')
    def _phase_pass_to(self) -> Decision:
        raise NotImplementedError

    @_choice('pass_to')
    def _choose_pass_to(self, decision: Decision, a: Action) -> None:
        raise NotImplementedError

    def _pass_target_chosen(self, side: int, target: int) -> None:
        raise NotImplementedError

    @_phase('pass_pre')
    def _phase_pass_pre(self) -> None:
        raise NotImplementedError

    @_continuation('pass_pre')
    def _cont_pass_pre(self, ctx: PhaseContext) -> None:
        raise NotImplementedError

    def _pass_target_value(self, side: int, target: int) -> None:
        raise NotImplementedError

    @_phase('pass_mods')
    def _phase_pass_mods(self) -> None:
        raise NotImplementedError

    def _pass_continue(self, side: int) -> None:
        raise NotImplementedError

    @_phase('charge')
    def _phase_charge(self) -> Decision:
        raise NotImplementedError

    @_choice('charge')
    def _choose_charge(self, decision: Decision, a: Action) -> None:
        raise NotImplementedError

    @_phase('pass_roll')
    def _phase_pass_roll(self) -> None:
        raise NotImplementedError

    def _roll_pass(self) -> None:
        raise NotImplementedError

    def _pass_dice(self, d1: int, d2: int) -> None:
        raise NotImplementedError

    @_phase('pass_outcome')
    def _phase_pass_outcome(self) -> None:
        raise NotImplementedError

    def _pass_outcome(self) -> None:
        raise NotImplementedError

    @_continuation('easy_ct')
    def _cont_easy_ct(self, ctx: PhaseContext) -> None:
        raise NotImplementedError

    @_continuation('pass_moves')
    def _cont_pass_moves(self, ctx: PhaseContext) -> None:
        raise NotImplementedError

    def _pass_after_moves(self) -> None:
        raise NotImplementedError

    @_phase('pass_extra_move')
    def _phase_pass_extra_move(self) -> None:
        raise NotImplementedError

    def _not_keeper_only(self, side: int, area: int) -> bool:
        raise NotImplementedError

    @_phase('pass_value')
    def _phase_pass_value(self) -> None:
        raise NotImplementedError

    def _pass_new_value(self) -> None:
        raise NotImplementedError

    def _pass_end(self) -> None:
        raise NotImplementedError

    @_phase('pass_end_offer')
    def _phase_pass_end_offer(self) -> None:
        raise NotImplementedError

    @_continuation('pass_end')
    def _cont_pass_end(self, ctx: PhaseContext) -> None:
        raise NotImplementedError

    def _difficult_attempt(self, side: int) -> None:
        raise NotImplementedError

    @_phase('goal_attempt')
    def _phase_goal_attempt(self) -> Decision:
        raise NotImplementedError

    @_choice('goal_attempt')
    def _choose_goal_attempt(self, decision: Decision, a: Action) -> None:
        raise NotImplementedError

    # goal.py GoalMixin
    def _can_shoot(self, side: int) -> bool:
        raise NotImplementedError

    def goal_modifiers(self, side: int, free_kick: bool=False) -> tuple[int, int]:
        raise NotImplementedError

    def _goal_attempt(self, side: int, free_kick: bool=False) -> None:
        raise NotImplementedError

    @_phase('goal_attempt_roll')
    def _phase_goal_attempt_roll(self) -> None:
        raise NotImplementedError

    def _attempt_die(self, side: int, what: str) -> int:
        raise NotImplementedError

    def _resolve_goal_attempt(self, side: int, free_kick: bool) -> None:
        raise NotImplementedError

    def _rebound(self, side: int) -> None:
        raise NotImplementedError

    def _goal(self, side: int, area: int) -> None:
        raise NotImplementedError

    def _miss(self, side: int) -> None:
        raise NotImplementedError

    def _corner(self, side: int) -> None:
        raise NotImplementedError

    # restarts.py RestartsMixin
    def _award_free_kick(self, side: int, area: int) -> None:
        raise NotImplementedError

    def _restart(self, kind: str, ct: int, area: int) -> None:
        raise NotImplementedError

    @_phase('restart')
    def _phase_restart(self) -> Decision | None:
        raise NotImplementedError

    @_choice('slow')
    def _choose_slow(self, decision: Decision, a: Action) -> None:
        raise NotImplementedError

    @_continuation('quick_fk')
    def _cont_quick_fk(self, ctx: PhaseContext) -> None:
        raise NotImplementedError

    @_continuation('quick_fk_dt')
    def _cont_quick_fk_dt(self, ctx: PhaseContext) -> None:
        raise NotImplementedError

    def _begin_goal_kick(self, ct: int) -> None:
        raise NotImplementedError

    @_continuation('goal_kick')
    def _cont_goal_kick(self, ctx: PhaseContext) -> None:
        raise NotImplementedError

    @_continuation('goal_kick_dt')
    def _cont_goal_kick_dt(self, ctx: PhaseContext) -> None:
        raise NotImplementedError

    @_phase('penalty')
    def _phase_penalty(self) -> Decision:
        raise NotImplementedError

    @_choice('keeper')
    def _choose_keeper(self, decision: Decision, a: Action) -> None:
        raise NotImplementedError

    # discipline.py DisciplineMixin
    def _yellow_test(self, side: int, plus: int=0) -> None:
        raise NotImplementedError

    def _give_yellow(self, side: int, red_test: bool=False, plus_one: bool=False) -> None:
        raise NotImplementedError

    def _red_test(self, side: int, mod: int=0) -> None:
        raise NotImplementedError

    def _queue_decision(self) -> Decision | None:
        raise NotImplementedError

    @_choice('remove')
    def _choose_remove(self, decision: Decision, a: Action) -> None:
        raise NotImplementedError

    def _queue_apply(self, a: Action) -> None:
        raise NotImplementedError

    def _fix_ball_control(self) -> None:
        raise NotImplementedError

    def _injury(self, side: int) -> None:
        raise NotImplementedError

    # substitutions.py SubstitutionsMixin
    def _offer_substitutions(self, sides: list[int], when: str) -> None:
        raise NotImplementedError

    @_phase('subs')
    def _phase_subs(self) -> Decision | None:
        raise NotImplementedError

    @_choice('substitutions')
    def _choose_substitutions(self, decision: Decision, a: Action) -> None:
        raise NotImplementedError

    @_choice('cp_zone')
    def _choose_cp_zone(self, decision: Decision, a: Action) -> None:
        raise NotImplementedError

    @_choice('sub_option')
    def _choose_sub_option(self, decision: Decision, a: Action) -> None:
        raise NotImplementedError

    @_choice('line_change')
    def _choose_line_change(self, decision: Decision, a: Action) -> None:
        raise NotImplementedError

    @_choice('skill_in')
    def _choose_skill_in(self, decision: Decision, a: Action) -> None:
        raise NotImplementedError

    @_choice('skill_out')
    def _choose_skill_out(self, decision: Decision, a: Action) -> None:
        raise NotImplementedError

    def _add_cp_auto(self, side: int, n: int) -> None:
        raise NotImplementedError

    # special_events.py SpecialEventsMixin
    def _special_event(self) -> None:
        raise NotImplementedError

    @_phase('event_actor')
    def _phase_event_actor(self) -> None:
        raise NotImplementedError

    def _special_event_roll(self) -> None:
        raise NotImplementedError

    @_continuation('event')
    def _cont_event(self, ctx: PhaseContext) -> None:
        raise NotImplementedError

    @_phase('perfect_pass')
    def _phase_perfect_pass(self) -> Decision:
        raise NotImplementedError

    @_choice('perfect_pass')
    def _choose_perfect_pass(self, decision: Decision, a: Action) -> None:
        raise NotImplementedError

    # skills.py SkillsMixin
    def _offer(self, side: int, name: str) -> None:
        raise NotImplementedError

    def has_skill(self, side: int, name: str) -> bool:
        raise NotImplementedError

    def _accept_skill(self, side: int, name: str) -> None:
        raise NotImplementedError

    # copying.py CopyingMixin
    def _resample_hidden(self, viewer: int | None) -> None:
        raise NotImplementedError
