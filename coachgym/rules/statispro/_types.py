"""The Statis Pro Basketball engine as the type checker sees it from inside a mixin (written by
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
from ...core.phases import continuation as _continuation
from ...core.phases import phase as _phase
from . import cards as K
from . import saved
from .cards import Card
from .constants import Stop
from .options import StatisProOptions
from .saved import PlayContext
from .state import TeamState
from .teams import PlayerCard, Team


class EngineBase(PhaseDispatch, Engine):
    # the state saved with the game (the declaration: coachgym.rules.statispro.saved.DECLARATION)
    period: int  # the period being played (1-4, 5 on: overtimes; 0 before the game)
    two_min: bool  # the 2:00 Time card of the period has come (8.1)
    eleven: bool  # the 11:00 card: the final minute of the period (8.1)
    team_state: list[TeamState]  # each team's state, home then away (the declaration's team fields)
    rp_grace: bool  # substitutions at the start of a Rest Period still count as resting in it (5.4)
    rest_period: int  # the Rest Period of the quarter: 0 start-5:00, 1 5:00-9:00, 2 9:00-end (14A)
    great_night: list[int]  # [side, roster index] of the player having a Great Night (14I), or [-1, -1]
    tip_in: bool  # the next shot is a tip-in (10)
    injury_done: bool  # this game's one injury Z READING has happened (14G)
    inj_wait: list[Any] | list[int]  # [side, roster index, until] of an injured defender still in play (14G), or []
    missed_games: list[list[int]]  # [side, roster index, games] of each injury's games missed after this one (14G)
    opening: int  # the side that won the opening jump (3.4), or -1
    arrow: int  # NCAA/FIBA alternating possession: the side it points to (19.3, 20.3)
    off: int  # the side with the ball
    ballhandler: int  # slot of the offense's Ballhandler, or -1
    prev_ballhandler: int  # slot of the Ballhandler before the last pass, or -1
    passes: int  # passes (ACTION/ADVANCE results) used this possession (4.3)
    limit: int  # passes allowed this possession (4.3, 13A, 15K)
    ext_used: bool  # the one 13A extension of the 24-Second clock is used
    assist_from: int  # slot of a Ballhandler who qualified for an Assist (4.4), or -1
    open_from: int  # slot of the passer who set up the Ballhandler's Open Shot (4.4, 5.5), or -1
    pass_no: int  # the Pass # the Ballhandler received (4.3)
    assist_no: int  # the assist number of that pass (4.4), 0: none
    via: str  # how the Ballhandler got the ball
    press_next: bool  # the defense declared a PRESS for the next FAC (4.2)
    from_dead: bool  # the next ACTION/PRESS/ADVANCE comes from the Dead Ball Deck (8.41, 8.7)
    last_fac_heave: int  # the last FAC's heave (14O): its RPG, +200 with the visitors on offense; 0: none
    last_shot_used: bool  # the period's last shot (14O) has been taken
    phase: str  # what happens next (constants.PH_*)
    ctx: PlayContext  # the context of the phase: the play being resolved (plain JSON types)
    menu: dict[str, Any]  # the open dead-ball or timeout menu: queue of sides, resume phase, kind
    dead_from_discard: bool  # 8.3 rebuilt the Dead Ball Deck from the discard pile (its cards are known)
    # not saved: fixed for the game, derived from the state, or memos a copy starts again
    options: StatisProOptions  # the rule options
    teams: list[Team]  # home, away: the rosters as prepared (14G)
    clock: dict[str, Any]  # the league's clock table (cards.CLOCK)
    fac: list[Card]  # the Fast Action Card deck still to be drawn
    dead: list[Card]  # the Dead Ball Deck
    discard: list[Card]  # the discard pile
    rev: list[int]  # per team: bumped by every change of lineups, ratings, fatigue, rest, status
    uid: int  # tells coaches' caches apart from other games (a copy gets a new one)
    pass_limit: int  # passes allowed a possession (4.3; 4 in NCAA)
    no_threes: bool  # 17.5: a team from before 1979-80 plays: no three-point shot
    foul_out: int  # personal fouls that foul a player out (6; 5 in college)
    removal_pending: bool  # someone in a lineup may have to leave (checked, then cleared)
    _eff: list[list[Any] | None]  # per side: the effective ratings of the five (eff), memo
    _eff_rows: dict[Any, list[Any]]  # eff's rows by everything they depend on, memo
    _bench_cache: list[tuple[int, Any, Any] | None]  # per side: (rev, bench, substitutions), memo
    CONTINUATIONS: dict[str, Any]  # 6.1's @continuation(NAME) methods by NAME (a class attribute)

    # engine.py StatisProEngine
    def _setup(self) -> None:
        raise NotImplementedError

    def _dirty(self, side: int | None=None) -> None:
        raise NotImplementedError

    def eff(self, side: int) -> list[Any]:
        raise NotImplementedError

    @staticmethod
    def _eff_row(p: PlayerCard, in_pos: bool, tired: bool, injured: bool, great_night: bool, tpo: bool, tpd: bool) -> list[Any]:
        raise NotImplementedError

    def pd_slot(self, off_side: int, off_slot: int) -> int:
        raise NotImplementedError

    def player(self, side: int, slot: int) -> PlayerCard:
        raise NotImplementedError

    def pname(self, side: int, slot: int) -> str:
        raise NotImplementedError

    def _st(self, side: int, slot: int) -> list[int]:
        raise NotImplementedError

    def _state_to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    def _state_from_dict(self, d: dict[str, Any]) -> None:
        raise NotImplementedError

    @staticmethod
    def _fix_ctx(ctx: saved.PlayContext) -> saved.PlayContext:
        raise NotImplementedError

    @staticmethod
    def _fix_menu(menu: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    @property
    def score(self) -> tuple[int, int]:
        raise NotImplementedError

    def box_score(self) -> BoxScore:
        raise NotImplementedError

    def scoreboard(self) -> str:
        raise NotImplementedError

    # clock.py ClockMixin
    @property
    def overtime(self) -> bool:
        raise NotImplementedError

    @property
    def final_two(self) -> bool:
        raise NotImplementedError

    @property
    def last_minute(self) -> bool:
        raise NotImplementedError

    def _build_period_deck(self) -> None:
        raise NotImplementedError

    def _draw(self, what: str, dead: bool=False) -> K.Card | None:
        raise NotImplementedError

    def _time_card(self, label: str) -> None:
        raise NotImplementedError

    def _rest_boundary(self) -> None:
        raise NotImplementedError

    @_phase('period')
    def _phase_period(self) -> Decision | None:
        raise NotImplementedError

    def _end_period(self) -> None:
        raise NotImplementedError

    def _period_over(self) -> None:
        raise NotImplementedError

    # menus.py MenuMixin
    def _open_menu(self, queue: list[int], resume: str, kind: str, **extra: Any) -> None:
        raise NotImplementedError

    def _bench(self, side: int) -> list[int]:
        raise NotImplementedError

    def _must_sub(self, side: int) -> list[int]:
        raise NotImplementedError

    def _menu_legal(self, side: int) -> list[int]:
        raise NotImplementedError

    def _shifts_keeping_double_team(self, side: int) -> list[int]:
        raise NotImplementedError

    def _double_team_still_two(self, side: int) -> None:
        raise NotImplementedError

    def _can_timeout(self, side: int, dead: bool) -> bool:
        raise NotImplementedError

    @_phase('menu')
    def _phase_menu(self) -> Decision | None:
        raise NotImplementedError

    def _apply_menu(self, side: int, a: Action) -> None:
        raise NotImplementedError

    def _call_timeout(self, side: int, twenty: bool, resume: str) -> None:
        raise NotImplementedError

    def _substitute(self, side: int, player: int, slot: int) -> None:
        raise NotImplementedError

    def _stop_for_removals(self, resume: str) -> bool:
        raise NotImplementedError

    # play.py PlayMixin
    def _new_possession(self, side: int, dead: bool=False, count: bool=True, bh: int=-1) -> None:
        raise NotImplementedError

    def _frontcourt(self, side: int, fresh: int, dead: bool=True) -> None:
        raise NotImplementedError

    def _fresh_ob(self) -> int:
        raise NotImplementedError

    def _turnover_to_defense(self, dead: bool=True) -> None:
        raise NotImplementedError

    def _points(self, side: int, slot: int, n: int) -> None:
        raise NotImplementedError

    def _made_two(self, side: int, slot: int) -> None:
        raise NotImplementedError

    def _made_three(self, side: int, slot: int) -> None:
        raise NotImplementedError

    def _out_of_options(self) -> bool:
        raise NotImplementedError

    def _best(self, side: int, idx: int, exclude: int=-1) -> int:
        raise NotImplementedError

    @_phase('jump')
    def _phase_jump(self) -> Decision | None:
        raise NotImplementedError

    @_continuation('jump')
    def _after_jump(self, winner: int, pos: int) -> None:
        raise NotImplementedError

    @_phase('upcourt')
    def _phase_upcourt(self) -> Decision | None:
        raise NotImplementedError

    def _pass_section(self, sec: tuple[Any, ...], src: str, index_asked: bool=False) -> None:
        raise NotImplementedError

    @_continuation('def_foul')
    def _after_def_foul(self, fouler: int, fouled: int, code: int) -> None:
        raise NotImplementedError

    @_continuation('shooting_foul')
    def _after_shooting_foul(self, fouler: int, shooter: int) -> None:
        raise NotImplementedError

    @_continuation('offensive_foul')
    def _after_offensive_foul(self, s: int) -> None:
        raise NotImplementedError

    @_continuation('dead_ball_foul')
    def _after_dead_ball_foul(self, fouler: int, fouled: int) -> None:
        raise NotImplementedError

    def _complete_pass(self, slot: int, no: int, ast: int, src: str) -> None:
        raise NotImplementedError

    def _steal(self, stealer: int, target: int) -> None:
        raise NotImplementedError

    def _att(self, side: int, slot: int) -> int:
        raise NotImplementedError

    @_phase('ball')
    def _phase_ball(self) -> Decision | None:
        raise NotImplementedError

    def _may_decline_shot(self, e: list[Any], att: int, dt_target: bool) -> bool:
        raise NotImplementedError

    def _final_minutes(self) -> bool:
        raise NotImplementedError

    def _injured_pd_open(self) -> bool:
        raise NotImplementedError

    def _may_advance(self, e: list[Any]) -> bool:
        raise NotImplementedError

    def _open_shot(self) -> None:
        raise NotImplementedError

    def _ballhandler_choice(self, act: int) -> None:
        raise NotImplementedError

    def _shoot_or_three(self, s: int, forced: int, free: bool=False) -> None:
        raise NotImplementedError

    @_phase('advance')
    def _phase_advance(self) -> Decision | None:
        raise NotImplementedError

    def _deliberate_foul(self, de_slot: int, off_slot: int, stop_clock: bool) -> None:
        raise NotImplementedError

    # shooting.py ShootingMixin
    def _setup_shot(self, s: int, three: bool, forced: int, open_: bool=False, passer: int=-1, fouled: int=-1, dead: bool=False, last: bool=False, fb: bool=False) -> None:
        raise NotImplementedError

    @_phase('shot')
    def _phase_shot(self) -> Decision | None:
        raise NotImplementedError

    def _shot_foul(self, shot: dict[str, Any]) -> Stop | None:
        raise NotImplementedError

    def _shot_result(self, shot: dict[str, Any]) -> None:
        raise NotImplementedError

    def _credit_assist(self, side: int, passer: int, shooter: int) -> None:
        raise NotImplementedError

    @_continuation('made_basket')
    def _after_made_basket(self) -> None:
        raise NotImplementedError

    @_phase('block')
    def _phase_block(self) -> Decision | None:
        raise NotImplementedError

    # rebounding.py ReboundMixin
    @_phase('rebound')
    def _phase_rebound(self) -> Decision | None:
        raise NotImplementedError

    def _tip_in_scorer(self, r: tuple[Any, ...]) -> int:
        raise NotImplementedError

    def _loose_ball_foul_on_defense(self) -> None:
        raise NotImplementedError

    def _loose_ball_foul_on_offense(self) -> None:
        raise NotImplementedError

    def _fb_foul(self, slot: int, shots: int) -> None:
        raise NotImplementedError

    @_continuation('lb_def')
    def _after_lb_def(self, fouler: int, fouled: int) -> None:
        raise NotImplementedError

    @_continuation('lb_off')
    def _after_lb_off(self, f: int) -> None:
        raise NotImplementedError

    def _dreb(self, slot: int) -> None:
        raise NotImplementedError

    def _orb(self, slot: int, no: int, ast: int, air: bool) -> None:
        raise NotImplementedError

    def _grade(self, side: int, which: str) -> int:
        raise NotImplementedError

    @_phase('fast_break')
    def _phase_fast_break(self) -> Decision | None:
        raise NotImplementedError

    # fouls.py FoulMixin
    def _fd_rank(self, side: int, rank: int, cont: str | None=None, data: dict[str, Any] | None=None) -> int | Stop:
        raise NotImplementedError

    def _fd_tie_resolved(self, ctx: PlayContext, slot: int) -> None:
        raise NotImplementedError

    def _foul_number_holder(self, side: int, number: int) -> int:
        raise NotImplementedError

    def _empty(self, side: int, slot: int) -> bool:
        raise NotImplementedError

    def _present(self, side: int, slot: int) -> int:
        raise NotImplementedError

    def _who_fouled(self, known_bh: int, cont: str | None=None, data: dict[str, Any] | None=None) -> tuple[int, int] | Stop:
        raise NotImplementedError

    def _in_penalty(self, side: int, counted: bool=True) -> bool:
        raise NotImplementedError

    def penalty_next(self, side: int) -> bool:
        raise NotImplementedError

    def _charge_foul(self, side: int, slot: int, team: bool) -> None:
        raise NotImplementedError

    def _remove(self, side: int, i: int, status: int, why: str) -> None:
        raise NotImplementedError

    def _penalty_free_throws(self, side: int, slot: int, dead_next: bool=False) -> None:
        raise NotImplementedError

    def _technical_ft(self, side: int) -> None:
        raise NotImplementedError

    def _free_throws(self, side: int, slot: int, n: int, after: str, kind: str='two') -> None:
        raise NotImplementedError

    @_phase('free_throw')
    def _phase_free_throw(self) -> Decision | None:
        raise NotImplementedError

    # zreadings.py ZReadingMixin
    @staticmethod
    def _prepare_roster(team: Team, expanded_attempts: bool=True) -> Team:
        raise NotImplementedError

    def _consult_z(self, press: bool) -> None:
        raise NotImplementedError

    def _z_foul(self, code: int) -> None:
        raise NotImplementedError

    @_continuation('flagrant')
    def _after_flagrant(self, fouler: int, fouled: int) -> None:
        raise NotImplementedError

    @_continuation('double_foul')
    def _after_double_foul(self, s: int) -> None:
        raise NotImplementedError

    @_continuation('elbow')
    def _after_elbow(self, fouler: int, fouled: int, code: int) -> None:
        raise NotImplementedError

    def _z_finish(self, extra: int, rest_hit: int) -> None:
        raise NotImplementedError

    def _three_pointer_z(self, s: int) -> None:
        raise NotImplementedError

    def _mandatory_rest(self, side: int, slot: int, unless_star: int, extra: int=0, rest_hit: int=-1, primary: bool=False) -> bool | Stop:
        raise NotImplementedError

    def _rest_box(self, side: int, i: int, release: int) -> None:
        raise NotImplementedError

    def _rest_choice(self, ctx: PlayContext, chosen: int) -> None:
        raise NotImplementedError

    def _injury(self, kind: int, n: int, extra: int=0) -> Stop | None:
        raise NotImplementedError

    def _games_out(self, side: int, i: int) -> int:
        raise NotImplementedError

    def _injure(self, side: int, i: int, until: int, games: int) -> None:
        raise NotImplementedError

    def _injury_takes_effect(self) -> None:
        raise NotImplementedError

    def _great_night(self, extra: int=0) -> Stop | None:
        raise NotImplementedError

    def _set_great_night(self, side: int, i: int) -> None:
        raise NotImplementedError

    # decisions.py DecisionMixin
    def _index_ok(self, side: int, cost: int) -> bool:
        raise NotImplementedError

    def _spend_index(self, side: int, cost: int) -> None:
        raise NotImplementedError

    def _offer_void(self, payer: int, foul: str, data: dict[str, Any]) -> bool:
        raise NotImplementedError

    def _void_resolved(self, ctx: PlayContext, voided: bool) -> None:
        raise NotImplementedError

    @_phase('wait')
    def _phase_wait(self) -> Decision | None:
        raise NotImplementedError

    def _resolve_wait(self, a: Action) -> None:
        raise NotImplementedError

    @_choice('menu')
    def _choose_menu(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    @_choice('press')
    def _choose_press(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    @_choice('ballhandler')
    def _choose_ballhandler(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    @_choice('stop_clock')
    def _choose_stop_clock(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    @_choice('freeze')
    def _choose_freeze(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    @_choice('free_throw')
    def _choose_free_throw(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    @_choice('three_or_two')
    def _choose_three_or_two(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    @_choice('pass_to')
    def _choose_pass_to(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    @_choice('fast_break')
    def _choose_fast_break(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    @_choice('index')
    def _choose_index(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    @_choice('choose')
    def _choose_choose(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    @_choice('choose_player')
    def _choose_choose_player(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    # copying.py CopyingMixin
    def _after_copy(self) -> None:
        raise NotImplementedError

    def _resample_hidden(self, viewer: int | None) -> None:
        raise NotImplementedError
