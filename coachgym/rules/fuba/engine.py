"""The FUBA rules engine: a state machine over :class:`coachgym.core.engine.Engine`.

Every rule is marked with its section of the 2024 rulebook (1-5 basic, A1-A13 advanced).
Interpretations and reconstructions are listed in docs/rules/fuba.md.

State: ``pos[side]`` holds the area of each of the side's 11 pieces (index 0 is the goalkeeper),
or ``OFF`` (sent off / out for good), ``UNPLACED`` (during a setup) or ``INJURED`` (A4, out for a
few minutes). ``phase`` names where the game stands and ``ctx`` holds that phase's working data;
``pctx`` holds the action being resolved (a pass, a sprint). Both are plain JSON.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, cast

from ...core.actions import Action
from ...core.boxscore import BoxScore, PlayerLine, TeamBox
from ...core.chance import ChanceSource
from ...core.engine import AWAY, HOME, SIDE_NAMES, Decision, Engine
from ...core.phases import PhaseDispatch, choice, table
from . import actions as AT
from . import saved
from .board import (
    AWAY_FROM_GOAL_LINE,
    CENTRE,
    FWD_HI,
    FWD_LO,
    FWD_MID2,
    HALF_OWNER,
    IDS,
    IMPLEMENTED_SKILLS,
    MOVE_ADJ,
    N_AREAS,
    PENALTY,
    SKILLS,
    TOUCHES_GOAL_LINE,
    ZONE,
)
from .copying import CopyingMixin
from .defending import DefendingMixin
from .discipline import DisciplineMixin
from .goal import GoalMixin
from .movement import MovementMixin
from .options import FubaOptions
from .passing import PassingMixin
from .preparation import PreparationMixin
from .restarts import RestartsMixin
from .skills import SkillsMixin
from .special_events import SpecialEventsMixin
from .state import (
    BOX_COLUMNS,
    GK,
    INJURED,
    LINE_NAMES,
    OFF,
    UNPLACED,
    TeamState,
    clock_value,
    jsonify,
)
from .substitutions import SubstitutionsMixin
from .teams import FubaTeam, parse_team
from .turn import TurnMixin


def skill_choices(names: Iterable[str]) -> int:
    """A12: skill choices used by ``names`` (the shot stopper counts as two, footnote 1)."""
    return sum(SKILLS[n].get("counts", 1) for n in names)


def check_skill_choice(team: FubaTeam, limit: int | None, error: type[Exception] = ValueError) -> None:
    """A12: "Half of the skills (rounded up) are chosen for the match and rest are on reserve",
    and at most the agreed number of skill choices (``limit``; the shot stopper counts as two). New
    talent of earlier matches (A13 6-5 / 6-6, ``team.talent``) plays on top of the half."""
    own = [k for k in team.skills if k not in team.talent]
    n = len(own) + len(team.reserve_skills)
    if len(own) != (n + 1) // 2:
        extra = f" besides its {len(team.talent)} new talent" if team.talent else ""
        raise error(f"{team.name}: A12 puts half of the skills (rounded up) on the match and the rest in "
                    f"reserve: {n} skills need {(n + 1) // 2} match skills, the team has {len(own)}{extra}")
    used = skill_choices(team.skills) + skill_choices(team.reserve_skills)
    if limit is not None and used > limit:
        raise error(f"{team.name}: {used} skill choices (the shot stopper counts as two) exceed the agreed {limit} (A12)")


_DECISIONS: dict[tuple[Any, ...], Decision] = {}  # (side, kind, legal, prompt) -> the shared frozen Decision
_COUNTS_CACHE: dict[tuple[int, ...], list[int]] = {}  # positions of one side -> capped counts per area (1.4.1)
_OFFSIDE_CACHE: dict[tuple[Any, ...], list[bool]] = {}  # (side, ball, opponent's positions) -> offside areas (5.1)
# (offside areas or None, may_move, may_leave, twice each area's midpoint or None): offside_move_tables
MoveTables = tuple[list[bool] | None, Sequence[bool | None], Sequence[bool | None], list[int] | None]
_FilledTables = tuple[list[bool], list[bool | None], list[bool | None], list[int]]  # offside_move_tables' own
_MOVE_TABLES: dict[int, "_FilledTables"] = {}  # id of an offside list -> (the list, may_move, may_leave): offside_move_tables


class FubaEngine(PreparationMixin, TurnMixin, MovementMixin, DefendingMixin, PassingMixin, GoalMixin, RestartsMixin,
                 DisciplineMixin, SubstitutionsMixin, SpecialEventsMixin, SkillsMixin, CopyingMixin, PhaseDispatch, Engine):
    """The FUBA engine. Its rules live in the mixins named after the game's concepts (one module each):
    preparation (2, 3), turn (4-4.3), movement (4.1, 4.4), defending (4.5, 4.6), passing (4.7), goal (4.8),
    restarts (5.2-5.5), discipline (5.6, A4), substitutions (A3), special_events (A13), skills (A12).
    This module holds the state, the shared helpers (counts, offside 5.1, time 4.2.2, condition points A1),
    the engine protocol, queries for coaches, scenarios and save/restore."""
    ruleset = "fuba"
    version = 2  # 2: 4.7.2 an empty start or target area gets no -1 (issue 23)
    actions = AT.TABLE
    decision_kinds = ("formation", "roles", "kickoff", "setup", "line_change", "reaction", "reaction_to", "action",
                      "sprint", "sprint_to", "moves", "moves_to", "pass_to",
                      "goal_attempt", "use_cp", "charge", "keeper", "kick", "remove", "slow", "substitutions",
                      "cp_zone", "sub_option", "perfect_pass", "skill", "skill_in", "skill_out")
    check_saved_state = staticmethod(saved.check_state)  # every field checked before _state_from_dict (saved.py)

    def __init__(self, home: FubaTeam, away: FubaTeam, source: ChanceSource | None = None, *,
                 options: FubaOptions | None = None, record_events: bool = True):
        super().__init__(source, record_events=record_events)
        self.teams = [home, away]
        self.options = options or FubaOptions()
        self.options.validate()
        # each team's state (state.TeamState; the declared team=True fields), home then away; the A12
        # match and reserve skills are set below where the options play them
        self.team_state = [TeamState([], []), TeamState([], [])]
        self.ball = CENTRE
        self.ball_value = 2
        self.controlling = HOME
        self.phasing = HOME
        self.acting = HOME
        self.half = 1
        self.minute = 1
        self.stoppage = 0
        self.half_ending = False
        self.first_kickoff = HOME
        self.turns = 0
        self.phase = "formation"
        self.ctx: saved.PhaseContext = {"side": HOME}
        self.resolving: dict[str, Any] = {}
        self.queue: list[dict[str, Any]] = []
        self.actions_left = 0
        self.turn_over = False
        self.set_piece: str | None = None
        self.turn_bonus = 0
        self.no_offside_risk = False
        self.free_condition_point = False
        self.fast_situation_pending = False
        self.fast_situation_actions = 0
        self.weather: str | None = None
        self.injured: list[list[int]] = []  # A4: [side, piece, return clock]
        self.clock_reached = 0
        self.charged = False
        # A12 skills: the match skills of each team (and its reserve), pending offers, skills shaping the
        # current turn, the set piece the turn began with
        if self.options.skills:
            from ...core.errors import ConfigError
            for s, t in ((HOME, home), (AWAY, away)):
                for name in t.skills:
                    if name not in IMPLEMENTED_SKILLS:
                        raise ConfigError(f"{t.name}: skill {name!r} is not implemented yet (see docs/rules/fuba.md)")
                check_skill_choice(t, self.options.skill_limit, ConfigError)
                self.team_state[s].skills = list(t.skills)
                self.team_state[s].reserve = list(t.reserve_skills)
        self.offers: list[list[Any]] = []
        self.turn_flags: list[str] = []
        self.turn_set_piece: str | None = None
        self.last_condition_spent: list[int] | None = None
        self._dcache = (None, -1, {})  # movement destinations memo (movement.py _dests), not game state
        self.start()

    # ================================================================== basic helpers
    @property
    def score(self) -> tuple[int, int]:
        return (self.team_state[0].goals, self.team_state[1].goals)

    def _clear_active(self) -> None:
        """A12: no skill played yet in the resolution now beginning (either team)."""
        ts = self.team_state
        ts[0].active = []
        ts[1].active = []

    @property
    def defending(self) -> int:
        return 1 - self.controlling

    @property
    def clock(self) -> int:
        """Monotone game clock: half, minute and stoppage square in one number."""
        return clock_value(self.half, self.minute, self.stoppage)

    def raw_count(self, side: int, area: int) -> int:
        return self.team_state[side].pos.count(area)  # areas are >= 0: the OFF / UNPLACED / INJURED codes never match

    def count(self, side: int, area: int) -> int:
        """1.4.1: at most six of a team's pieces in an area are taken into account."""
        n = self.team_state[side].pos.count(area)
        return 6 if n > 6 else n

    def counts(self, side: int) -> list[int]:
        """1.4.1 capped counts of ``side``'s pieces per area. A pure function of the positions, so
        it is memoised on them (shared, read-only list: callers copy before changing it)."""
        key = tuple(self.team_state[side].pos)
        c = _COUNTS_CACHE.get(key)
        if c is None:
            c = [0] * N_AREAS
            for p in key:
                if p >= 0:
                    c[p] += 1
            c = [6 if x > 6 else x for x in c]
            if len(_COUNTS_CACHE) > 100_000:
                _COUNTS_CACHE.clear()
            _COUNTS_CACHE[key] = c
        return c

    def on_pitch(self, side: int) -> int:
        pos = self.team_state[side].pos  # OFF, UNPLACED and INJURED are the only codes below 0
        return len(pos) - pos.count(OFF) - pos.count(UNPLACED) - pos.count(INJURED)

    def keeper_in_box(self, side: int) -> bool:
        return self.team_state[side].pos[GK] == PENALTY[side]

    def _dice2(self, what: str) -> tuple[int, int]:
        return self.source.roll(6, what + " (1st die)"), self.source.roll(6, what + " (2nd die)")

    def _name(self, side: int) -> str:
        return self.teams[side].name

    def forced_line(self, decision: Decision, action: Action) -> str:
        """The play-by-play line of a choice the rules leave to one option (a setup's last pieces in
        the centre area, the only piece or area a movement allows, the only action or target)."""
        team = self._name(decision.side)
        k = action.kind
        if k == "place":
            return f"{team} place a player in {IDS[action['area']]}, the only area the setup allows"
        if k == "move_from":
            who = "the goalkeeper" if action["area"] == -1 else f"the player in {IDS[action['area']]}"
            return f"{team}: {who} is the only one who can move"
        if k in ("move_to", "dribble_to"):
            return f"{team}: the player can only go to {IDS[action['area']]}"
        if k == "action":
            return f"{team}: {action.label}, the only action open"
        return f"{team}: {self.describe_action(action.index)} (the only option)"

    # ---------------------------------------------------------------- 5.1 offside
    def offside_areas(self, side: int, ball: int | None = None) -> list[bool]:
        """5.1: areas in which a piece of ``side`` (as controlling team) would be in an offside position."""
        ball = self.ball if ball is None else ball
        d = 1 - side
        key = (side, ball, tuple(self.team_state[d].pos))
        out = _OFFSIDE_CACHE.get(key)  # a pure function of these: memoised (shared, read-only list)
        if out is None:
            out = self._offside_areas(side, ball, d)
            if len(_OFFSIDE_CACHE) > 100_000:
                _OFFSIDE_CACHE.clear()
                _MOVE_TABLES.clear()
            _OFFSIDE_CACHE[key] = out
        return out

    def offside_move_tables(self, side: int) -> MoveTables:
        """(offside areas, may_move, may_leave) for ``side`` as controlling team now: per area, whether
        a piece there has an adjacent playing area it may move to (not an offside position unless
        backwards, 4.4.1), and whether its move straight away from the goal line is allowed (4.1).
        A pure function of the offside areas (and the side), memoised on that shared list; the two
        tables are filled in area by area as they are asked (None: not yet, see _may_move)."""
        off = self.offside_areas(side)
        hit = _MOVE_TABLES.get(id(off))
        if hit is None or hit[0] is not off:  # checked by identity: an id is never taken for another list
            hit = _MOVE_TABLES[id(off)] = (off, [None] * N_AREAS, [None] * N_AREAS, FWD_MID2[side])
        return hit

    @staticmethod
    def _may_move(tables: MoveTables, a: int) -> bool:
        """Fill in offside_move_tables' two entries of area ``a``; return may_move (``tables``: its own,
        never the free movement's)."""
        off, may_move, may_leave, fm = cast(_FilledTables, tables)
        fa = fm[a]
        ok = False
        for t in MOVE_ADJ[a]:
            if not off[t] or fm[t] < fa:
                ok = True
                break
        may_move[a] = ok
        t = AWAY_FROM_GOAL_LINE[a]
        may_leave[a] = bool(TOUCHES_GOAL_LINE[a] and t >= 0 and (not off[t] or fm[t] < fa))
        return ok

    def _offside_areas(self, side: int, ball: int, d: int) -> list[bool]:
        fm = FWD_MID2[side]
        best = second = -1
        bm = sm = -1
        for p in self.team_state[d].pos:
            if p < 0:
                continue
            m = fm[p]
            if m > bm:
                second, sm = best, bm
                best, bm = p, m
            elif m > sm:
                second, sm = p, m
        out = [False] * N_AREAS
        if second < 0:
            return out
        lo = FWD_LO[side]
        ref = max(FWD_HI[side][second], FWD_HI[side][ball])
        for a in range(N_AREAS):
            if HALF_OWNER[a] == d and lo[a] >= ref:
                out[a] = True
        return out

    # ---------------------------------------------------------------- time (4.2.2)
    def _end_minute(self) -> int:
        return 45 if self.half == 1 else 90

    def _advance_time(self, minutes: int) -> None:
        """4.2.2 / 4.2.2.2: move the time marker; it stops on the first stoppage square."""
        if self.stoppage or minutes <= 0:
            return
        end = self._end_minute()
        if self.minute + minutes > end:
            self.minute = end
            self.stoppage = 1
        else:
            self.minute += minutes
        self._check_clock()

    def _check_clock(self) -> None:
        c = self.clock
        if c < self.clock_reached:
            raise RuntimeError("time went backwards")
        self.clock_reached = c

    def time_label(self) -> str:
        return f"{self.minute}'" + (f"+{self.stoppage}" if self.stoppage else "")

    # ---------------------------------------------------------------- A1 condition points
    def _cp_source(self, side: int) -> tuple[int, int] | None:
        """A1.2: (zone, points) a condition point would be paid from, or None."""
        z = ZONE[side][self.ball]
        if self.team_state[side].condition[z] >= 1:
            return (z, 1)
        best = None
        for adj in (z - 1, z + 1):
            if 0 <= adj <= 2 and self.team_state[side].condition[adj] >= 2 and (best is None or self.team_state[side].condition[adj] > self.team_state[side].condition[best]):
                best = adj
        return (best, 2) if best is not None else None

    def cp_available(self, side: int) -> bool:
        if not self.options.condition_points:
            return False
        if self.free_condition_point and side == self.phasing:
            return True
        return self._cp_source(side) is not None

    def _spend_cp(self, side: int, why: str) -> None:
        if self.free_condition_point and side == self.phasing:
            self.free_condition_point = False  # A13 terrace chant
            self.event("cp", side, f"{self._name(side)} use the free condition point from the terrace chant ({why})")
            return
        src = self._cp_source(side)
        assert src is not None  # (spent only where cp_available said a point can be paid)
        z, n = src
        self.team_state[side].condition[z] -= n
        self.last_condition_spent = [z, n]
        self.event("cp", side, f"{self._name(side)} spend {n} {LINE_NAMES[z]} condition point{'s' if n > 1 else ''} ({why})",
                   zone=z, points=n)
        if self.options.skills:
            self._offer(side, "angry_coach")  # A12
        if self.weather == "heat":  # A10 heat
            if self.source.roll(6, "heat") == 1:
                self._lose_cp(side, 1, "heat")

    def _lose_cp(self, side: int, n: int, why: str) -> None:
        """Lose condition points from the ball's zone, else two from other zones (A13 fatigue)."""
        z = ZONE[side][self.ball]
        if self.team_state[side].condition[z] >= n:
            self.team_state[side].condition[z] -= n
        else:
            need = 2 * n
            for other in sorted((0, 1, 2), key=lambda k: -self.team_state[side].condition[k]):
                if other == z:
                    continue
                take = min(need, self.team_state[side].condition[other])
                self.team_state[side].condition[other] -= take
                need -= take
        self.event("cp_lost", side, f"{self._name(side)} lose condition ({why})")

    # ================================================================== engine protocol
    # _next_decision and _apply come from PhaseDispatch (core/phases.py): _phase_NAME plays the phase
    # NAME on, _choose_KIND applies a choice of decision kind KIND; the mixins define both
    def _interrupt(self) -> Decision | None:
        """Decisions ahead of any phase: the queue (a red card's removal 5.6.2, an injured player's
        replacement A4, a trained formation change's line changes A12), then the A12 skill offers."""
        while self.queue:
            d = self._queue_decision()
            if d is not None:
                return d
        offers = self.offers
        while offers:
            side, name = offers[0]
            if SKILLS[name]["cp"] and self._cp_source(side) is None:
                offers.pop(0)  # another skill spent the points meanwhile
                continue
            return self._dec(side, "skill", [AT.SKILL[name], AT.SKILL[""]], f"A12: play the skill {name.replace('_', ' ')}?")
        return None

    @choice("skill")
    def _choose_skill(self, decision: Decision, action: Action) -> None:
        """A12: the skill offered first is played, or not."""
        side, name = self.offers.pop(0)
        if action["skill"]:
            self._accept_skill(side, name)

    def _dec_sorted(self, side: int, kind: str, legal: tuple[int, ...], prompt: str) -> Decision:
        """_dec for a legal tuple already in ascending order (the hot movement decisions)."""
        key = (side, kind, legal, prompt)
        d = _DECISIONS.get(key)
        if d is None:
            if len(_DECISIONS) > 200_000:
                _DECISIONS.clear()
            d = _DECISIONS[key] = Decision(side, kind, legal, prompt)
        return d

    def _dec(self, side: int, kind: str, legal: Iterable[int], prompt: str = "") -> Decision:
        """The pending decision; Decision objects are frozen, so equal ones are shared by all games."""
        key = (side, kind, tuple(sorted(legal)), prompt)
        d = _DECISIONS.get(key)
        if d is None:
            if len(_DECISIONS) > 200_000:
                _DECISIONS.clear()
            d = _DECISIONS[key] = Decision(side, kind, key[2], prompt)
        return d

    # ================================================================== public queries for coaches
    def pass_targets(self, side: int) -> dict[int, int]:
        """Legal pass target areas of ``side`` now -> ball value after the modifiers (4.7)."""
        return self._pass_targets(side)

    def move_source(self, idx: int) -> tuple[int, int]:
        """At a pending movement decision: (piece, from area) that the move_from action ``idx`` picks."""
        c = self.ctx
        area = AT.MOVE_FROM_AREA.get(idx, -1)
        if area == -1:
            return GK, self.team_state[c["side"]].pos[GK]
        return self._piece_in(c["side"], area, c["moved"]), area

    def move_dests(self, piece: int, frm: int) -> tuple[list[int], list[int]]:
        """At a pending movement decision: legal (destinations, dribbles) of ``piece`` now in ``frm``
        (read-only lists)."""
        return self._dests(self.ctx["side"], piece, frm)

    @property
    def move_mode(self) -> str | None:
        return self.ctx.get("mode") if self.phase == "moves" else None

    def goal_need(self, side: int) -> int:
        """The die result a goal attempt by ``side`` from the ball's area needs now (over 6: difficult)."""
        return self.ball_value - self.goal_modifiers(side)[1] + 1

    # ================================================================== scenarios (tests, tutorials)
    def set_scenario(self, *, home: list[str], away: list[str], ball: str, bv: int, ct: int,
                     phasing: int | None = None, stage: str = "turn", actions: int = 1,
                     formations: Sequence[Sequence[int]] = ((4, 4, 2), (4, 4, 2)), half: int = 1, minute: int = 10,
                     stoppage: int = 0, cp: Sequence[Sequence[int]] | None = None, yellow: Sequence[int] = (0, 0),
                     set_piece: str | None = None, source: ChanceSource | None = None) -> "FubaEngine":
        """Put the game into a position (pieces given by area id, goalkeeper first) and advance to
        the next decision. ``stage``: "turn" (from the reaction stage), "momentum" or "actions"."""
        from .board import INDEX
        if not (1 <= minute <= (45 if half == 1 else 90) and (half == 1 or minute >= 46)):
            raise ValueError(f"minute {minute} is not in half {half}")
        if source is not None:
            self.source = source
        for s, areas in ((HOME, home), (AWAY, away)):
            self.team_state[s].pos = [INDEX[a] for a in areas] + [OFF] * (11 - len(areas))
        for ts, card in zip(self.team_state, formations):
            ts.formation = list(card)
        self.ball, self.ball_value, self.controlling = INDEX[ball], bv, ct
        self.half, self.minute, self.stoppage = half, minute, stoppage
        self.clock_reached = self.clock
        for ts, n in zip(self.team_state, yellow):
            ts.yellow = n
        if cp is not None:
            for ts, points in zip(self.team_state, cp):
                ts.condition = list(points)
        self.queue = []
        self.half_ending = False
        phasing = ct if phasing is None else phasing
        self._start_turn(phasing, set_piece)
        if stage == "momentum":
            self.phase, self.ctx = "momentum", {}
        elif stage == "actions":
            self.phase, self.ctx = "actions", {}
            self.actions_left = actions
        self.decision = None
        self._advance()
        return self

    # ================================================================== save / restore, reports
    def _state_to_dict(self) -> dict[str, Any]:
        d = saved.DECLARATION.save(self)  # every declared field (saved.py)
        d["teams"] = [t.to_dict() for t in self.teams]
        d["options"] = self.options.to_dict()
        out: dict[str, Any] = jsonify(d)
        return out

    def _state_from_dict(self, data: dict[str, Any]) -> None:
        import copy
        data = copy.deepcopy(saved.migrate(data))  # older saves' keys read under their new names
        self.teams = [parse_team(t, "saved game") for t in data["teams"]]
        self.options = FubaOptions(**data["options"])
        saved.DECLARATION.restore(self, data)
        self._dcache = (None, -1, {})

    def box_score(self) -> BoxScore:
        """Team figures (FUBA pieces are anonymous), in short columns: see BOX_COLUMNS."""
        cols = [short for _, short in BOX_COLUMNS]
        teams = []
        for s in (HOME, AWAY):
            st = self.team_state[s].stats
            teams.append(TeamBox(self.teams[s].name, self.team_state[s].goals,
                                 [PlayerLine("team", {short: st[key] for key, short in BOX_COLUMNS})]))
        return BoxScore("fuba", cols, teams)

    def board_text(self) -> str:
        """The pieces on the board: 'home v away' pieces per area, * = the ball (layout as in docs)."""
        rows = (("H-NC", "H-NS", "A-NS", "A-NC"), ("H-PA", "H-F", "C", "A-F", "A-PA"), ("H-SC", "H-SS", "A-SS", "A-SC"))
        from .board import INDEX
        ch, ca = self.counts(HOME), self.counts(AWAY)
        def cell(aid: str) -> str:
            a = INDEX[aid]
            return f"{aid}:{ch[a]}v{ca[a]}{'*' if self.ball == a else ' '}"
        lines = [" | ".join(cell(a).ljust(11) for a in row) for row in rows]
        spots = [a for a in ("H-NK", "H-SK", "A-NK", "A-SK") if ch[INDEX[a]] or ca[INDEX[a]] or self.ball == INDEX[a]]
        if spots:
            lines.append("corner spot " + ", ".join(cell(a) for a in spots))
        return "\n".join(lines)

    def scoreboard(self) -> str:
        hidden = self.phase == "formation"  # 2.1: cards stay hidden until both are chosen
        f = ["-".join(map(str, x)) if x and not hidden else "?" for x in (ts.formation for ts in self.team_state)]
        return (f"{self.teams[0].name} ({f[0]}) {self.team_state[0].goals} - {self.team_state[1].goals} {self.teams[1].name} ({f[1]})  "
                f"{'H1' if self.half == 1 else 'H2'} {self.time_label()}  ball {IDS[self.ball]} value {self.ball_value} "
                f"with {SIDE_NAMES[self.controlling]}  cards Y{self.team_state[0].yellow}/R{self.team_state[0].red} - Y{self.team_state[1].yellow}/R{self.team_state[1].red}"
                + (f"  condition {'/'.join(map(str, self.team_state[0].condition))} - {'/'.join(map(str, self.team_state[1].condition))}"
                   if self.options.condition_points else "")
                + ("\n" + self.board_text() if self.phase not in ("formation", "kickoff_roll", "kickoff_choice") else ""))


# the continuations a movement names (ctx["cont"], saved with the game): what follows its last move
FubaEngine.CONTINUATIONS = {
    **{"_cont_" + name: f for name, f in table(FubaEngine, "continuation").items()},  # @continuation(NAME)
    "_action_done": lambda engine, ctx: engine._action_done(),
    "_after_reaction": lambda engine, ctx: engine._after_reaction(),
}
