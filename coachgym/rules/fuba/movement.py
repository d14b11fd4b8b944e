"""Moving pieces (4.1 reaction, 4.4 sprint and dribbling, free-kick / goal-kick / pass reaction moves):
one decision per source area, one per destination, then "done".

A mixin of :class:`coachgym.rules.fuba.engine.FubaEngine`; section numbers refer to the rulebook."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from ...core.actions import Action
from ...core.engine import Decision
from ...core.phases import choice, phase
from . import actions as AT
from .board import (
    ADJ_SET,
    AWAY_FROM_GOAL_LINE,
    CENTRE,
    FWD_MID2,
    IDS,
    KIND,
    MOVE_ADJ,
    N_AREAS,
    PENALTY,
    SIDE_AREA,
    TOUCHES_GOAL_LINE,
    ZONE,
)
from .state import GK, INJURED, OFF, UNPLACED

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
    from .saved import PhaseContext
else:
    _Engine = object


# movement modes whose destinations are every adjacent playing area, less offside (see _dests)
_PLAIN_MODES = frozenset(("sprint", "creative_free", "easy_dt", "quick_fk_ct", "quick_fk_dt", "goal_kick_ct",
                          "goal_kick_dt", "event_ct", "event_dt"))

# without offside: every area has a playing area next to it; the move straight away from a goal line (4.1)
_ALL_MAY_MOVE = [True] * N_AREAS
_MAY_LEAVE = [bool(TOUCHES_GOAL_LINE[a] and AWAY_FROM_GOAL_LINE[a] >= 0) for a in range(N_AREAS)]
_FREE_TABLES = (None, _ALL_MAY_MOVE, _MAY_LEAVE, None)
_ONE_MOVE_MODES = frozenset(("into_target", "easy_ct", "event_ct", "event_dt", "event_dribble", "creative_free",
                             "easy_dt", "seconda_punta", "catenaccio"))  # one move, then the movement ends
_DECISION_KIND = {"reaction": "reaction", "sprint": "sprint"}  # movement mode -> decision kind (else "moves")
# each movement mode in the rulebook's words, for the play-by-play and the prompts (never the mode's name)
MODE_WORDS = {"reaction": "reaction stage", "sprint": "sprint", "into_target": "into the target area",
              "easy_ct": "easy situation", "easy_dt": "easy situation", "creative_free": "creative pass",
              "quick_fk_ct": "quick free kick", "quick_fk_dt": "quick free kick", "goal_kick_ct": "goal kick",
              "goal_kick_dt": "goal kick", "event_ct": "special event", "event_dt": "special event",
              "event_dribble": "special event", "seconda_punta": "seconda punta", "catenaccio": "catenaccio"}
_PROMPTS: dict[str, tuple[str, str, str, str]] = {}  # mode -> (source kind, source prompt, where-to kind, prompt)
_MOVE_ADJ_SET = [frozenset(m) for m in MOVE_ADJ]
_NO_OFFSIDE_MODES = frozenset(("goal_kick_ct", "goal_kick_dt"))  # 5.1: no offside from a goal kick
_AREA_OF = tuple(a.get("area") for a in AT.TABLE)  # each action's area parameter (None: it has none)
_MOVE_TO = AT.MOVE_TO


def _prompts(mode: str) -> tuple[str, str, str, str]:
    p = _PROMPTS.get(mode)
    if p is None:
        kind = _DECISION_KIND.get(mode, "moves")
        words = MODE_WORDS[mode]
        p = _PROMPTS[mode] = (kind, f"{words}: move a player, or done", kind + "_to", f"{words}: where does the player go?")
    return p


class MovementMixin(_Engine):
    # ================================================================== piece movements
    def _begin_moves(self, mode: str, side: int, cont: str, **extra: Any) -> None:
        self.phase = "moves"
        self.ctx = {"mode": mode, "side": side, "moved": [], "src": None, "cont": cont, "n": 0, "dribbled": False}
        self.ctx.update(cast("PhaseContext", extra))  # (the keyword arguments are keys of the context)

    def _piece_in(self, side: int, area: int, moved: list[int]) -> int:
        """The first outfield piece of ``side`` in ``area`` that has not moved yet, or -1."""
        pos = self.team_state[side].pos
        for k in range(1, 11):
            if pos[k] == area and k not in moved:
                return k
        return -1

    def _offside_applies(self, side: int, mode: str) -> bool:
        return side == self.controlling and mode not in _NO_OFFSIDE_MODES and self.set_piece != "goal_kick"

    def _dests(self, side: int, piece: int, frm: int, off: list[bool] | None = None) -> tuple[list[int], list[int]]:
        """Legal destinations (plain moves, dribbles) for ``piece`` of ``side`` now in ``frm``.
        ``off``: the offside areas when already computed for this position.

        Memoised within one position of a movement: the answer depends only on the movement's
        context and the board, which change only when a move is made (``ctx["n"]`` counts them);
        the coach's query and the engine's where-to decision share it (read-only lists)."""
        c = self.ctx
        dc = self._dcache
        if dc[0] is not c or dc[1] != c["n"]:
            dc = self._dcache = (c, c["n"], {})
        memo = dc[2]
        r = memo.get((piece, frm))
        if r is None:
            r = memo[(piece, frm)] = self._dests_now(side, piece, frm, off)
        return r

    def _dests_now(self, side: int, piece: int, frm: int, off: list[bool] | None) -> tuple[list[int], list[int]]:
        c = self.ctx
        mode = c["mode"]
        if mode == "reaction":
            # ascending area order, no repeats (MOVE_ADJ rows are ascending)
            cand = list(MOVE_ADJ[frm]) if frm in c["major"] else []
            extra: list[int] = []
            if piece != GK and self.options.skills:  # A12 extra reaction moves, paid when used
                if (frm == CENTRE and "box_to_box_midfielder" in self.team_state[side].skills and not c.get("b2b")
                        and self._cp_source(side) is not None):
                    extra.extend(d for d in MOVE_ADJ[frm] if KIND[d] == "front")  # directly forwards / backwards
                if "runner" in self.team_state[side].skills and not c.get("runner") and self._cp_source(side) is not None:
                    extra.extend(d for d in MOVE_ADJ[frm] if ZONE[side][d] == 2)
            if piece != GK:
                if TOUCHES_GOAL_LINE[frm] and AWAY_FROM_GOAL_LINE[frm] >= 0:
                    extra.append(AWAY_FROM_GOAL_LINE[frm])
            elif PENALTY[side] in ADJ_SET[frm]:
                extra.append(PENALTY[side])
            if extra:
                cand = sorted(set(cand).union(extra))
        elif mode in ("into_target", "easy_ct"):
            t = c["target"]
            cand = [t] if t in MOVE_ADJ[frm] else []
        elif mode == "seconda_punta":  # A12: into any area of the attack zone
            cand = [d for d in MOVE_ADJ[frm] if ZONE[side][d] == 2]
        elif mode == "catenaccio" and not (piece == c["piece"] or (c["piece"] != GK and piece != GK
                                                                   and frm == self.team_state[side].pos[c["piece"]])):
            cand = []
        else:
            cand = list(MOVE_ADJ[frm])
        dribble: list[int] = []
        ct = side == self.controlling
        if ct and frm == self.ball:
            if not c["dribbled"]:
                no_opp = frm not in self.team_state[1 - side].pos
                if (mode in ("sprint", "event_ct") and no_opp) or (mode == "creative_free" and c.get("dribble_ok")) \
                        or mode == "event_dribble":
                    dribble = list(MOVE_ADJ[frm])
                elif (mode == "sprint" and SIDE_AREA[frm] and KIND[frm] != "corner_spot" and self.options.skills
                      and "skilled_wing_back" in self.team_state[side].skills and self._cp_source(side) is not None
                      and self.count(1 - side, frm) <= self.count(side, frm)):
                    # A12 skilled wing back: straight forward along the touchline despite opponents
                    dribble = [d for d in MOVE_ADJ[frm] if self._straight_forward(side, frm, d)]
            # 4.4.3: the controlling team keeps at least one player with the ball
            if self.raw_count(side, frm) <= 1:
                cand = []
        if mode == "event_dribble":
            cand = []
        if ct and cand and self._offside_applies(side, mode):
            if off is None:
                off = self.offside_areas(side)
            fm = FWD_MID2[side]
            cand = [d for d in cand if not off[d] or fm[d] < fm[frm]]
        # a dribble's destination becomes the ball's area, which is never an offside position
        return cand, dribble

    @staticmethod
    def _straight_forward(side: int, frm: int, dest: int) -> bool:
        from .board import AREAS
        same_row: bool = AREAS[frm]["row"] == AREAS[dest]["row"]
        return same_row and FWD_MID2[side][dest] > FWD_MID2[side][frm]

    def _movers(self) -> tuple[list[int], bool]:
        """Legal source choices (move_from indices) and whether 'done' is legal."""
        c = self.ctx
        limit = c.get("limit")
        if limit is not None and c["n"] >= limit:
            return [], True
        mode, side, moved = c["mode"], c["side"], c["moved"]
        legal = []
        pos = self.team_state[side].pos
        # the areas holding an outfield piece that has not moved yet, ascending
        outfield = pos[1:]
        for k in moved:
            if k:
                outfield[k - 1] = OFF
        occupied = set(outfield)
        occupied.discard(OFF)  # the codes of pieces off the board (the only negative values)
        occupied.discard(UNPLACED)
        occupied.discard(INJURED)
        areas: Sequence[int] = sorted(occupied)
        if mode == "into_target" or mode == "easy_ct":
            near = _MOVE_ADJ_SET[c["target"]]
            areas = [a for a in areas if a in near]
        ct = side == self.controlling
        if ct and mode not in _NO_OFFSIDE_MODES and self.set_piece != "goal_kick":  # _offside_applies
            tables = self.offside_move_tables(side)
            off, may_move, may_leave, _ = tables
        else:
            tables, off, may_move, may_leave = _FREE_TABLES, None, _ALL_MAY_MOVE, _MAY_LEAVE
        if mode == "reaction":
            # 4.1 without the A12 reaction skills (_dests' reaction branch): an outnumbering area's
            # move, or the move straight away from a goal line; not into an offside position unless
            # backwards. The ball's area of the controlling team (4.4.3) goes through _dests.
            fast = 1 if not (self.options.skills and ("box_to_box_midfielder" in self.team_state[side].skills
                                                   or "runner" in self.team_state[side].skills)) else 0
            major = c["major"]
        else:
            # the plain modes allow every adjacent area (_dests' last branch); only offside
            # (4.4.1: not into an offside position unless straight backwards) can remove them
            fast = 2 if mode in _PLAIN_MODES else 0
        skip = self.ball if ct else -1
        move_from = AT.MOVE_FROM
        if fast == 2 and off is None and skip not in areas:
            # a plain movement without offside (goal kicks, the defending team): every area's piece may move
            legal = [move_from[a] for a in areas]
            areas = ()
        for a in areas:
            if fast and a != skip:
                ok = may_move[a]
                if ok is None:
                    ok = self._may_move(tables, a)
                if ok if fast == 2 else (may_leave[a] or (ok and a in major)):
                    legal.append(move_from[a])
                continue
            cand, drib = self._dests(side, self._piece_in(side, a, moved), a, off)
            if cand or drib:
                legal.append(move_from[a])
        gk = pos[GK]
        if gk >= 0 and GK not in moved and not c.get("no_keeper") and mode != "event_dribble":
            if fast == 2 and gk != skip:
                # a plain movement (see above): the keeper may go to any adjacent area but an offside one
                ok = may_move[gk]
                if ok or (ok is None and self._may_move(tables, gk)):
                    legal.append(AT.GK_SRC)
            elif (mode != "into_target" and mode != "easy_ct") or gk in MOVE_ADJ[c["target"]]:
                cand, drib = self._dests(side, GK, gk, off)
                if cand or drib:
                    legal.append(AT.GK_SRC)
        done_ok = not c.get("must") or not legal
        return legal, done_ok

    @phase("moves")
    def _phase_moves(self) -> Decision | None:
        c = self.ctx
        side = c["side"]
        mode = c["mode"]
        kind, prompt, kind_to, prompt_to = _PROMPTS.get(mode) or _prompts(mode)
        src = c["src"]
        if src is not None:
            cand, drib = self._dests(side, src[0], src[1])
            move_to = _MOVE_TO
            if drib:
                legal = [move_to[d] for d in cand] + [AT.DRIBBLE_TO[d] for d in drib]
            else:
                legal = [move_to[d] for d in cand]
            if legal:
                # ascending already (destinations in area order, dribbles after moves in the table)
                return self._dec_sorted(side, kind_to, tuple(legal), prompt_to)
            c["src"] = None
        left = c.get("left")
        if left is not None and c["n"] >= left:
            self._finish_moves()
            return None
        legal, done_ok = self._movers()
        if not legal:
            self._finish_moves()
            return None
        if done_ok:
            legal.append(AT.DONE)
        return self._dec_sorted(side, kind, tuple(legal), prompt)  # _movers lists sources in table order

    def _finish_moves(self) -> None:
        cont = self.ctx["cont"]
        ctx = self.ctx
        self.ctx = {}
        self.CONTINUATIONS[cont](self, ctx)
        return None

    @choice("moves")
    def _choose_moves(self, decision: Decision, a: Action) -> None:
        """A movement's source decision: the piece to move (by its area, or the keeper), or done."""
        c = self.ctx
        if a.kind == "done":
            self._finish_moves()
            return
        area = _AREA_OF[a.index]
        side = c["side"]
        if area == -1:
            c["src"] = [GK, self.team_state[side].pos[GK]]
        else:
            c["src"] = [self._piece_in(side, area, c["moved"]), area]

    _choose_reaction = choice("reaction")(_choose_moves)
    _choose_sprint = choice("sprint")(_choose_moves)

    @choice("moves_to")
    def _choose_moves_to(self, decision: Decision, a: Action) -> None:
        """A movement's where-to decision: the piece chosen moves (or dribbles) to the area."""
        c = self.ctx
        side = c["side"]
        src = c["src"]
        assert src is not None  # (the piece chosen at the movement's last decision)
        k, frm = src
        dest = _AREA_OF[a.index]
        self.team_state[side].pos[k] = dest
        c["moved"].append(k)
        c["n"] += 1
        c["src"] = None
        record = self.log.record  # the play-by-play line is only built when events are kept
        text = (f"{self._name(side)}, {MODE_WORDS[c['mode']]}: {'the goalkeeper' if k == GK else 'a player'} "
                f"{'dribbles' if a.kind == 'dribble_to' else 'moves'} {IDS[frm]} -> {IDS[dest]}") if record else ""
        if a.kind == "dribble_to":
            opp_here = self.count(1 - side, frm)
            self.ball = dest
            c["dribbled"] = True
            if c["mode"] == "sprint" and opp_here:  # only the skilled wing back dribbles past opponents
                self._accept_skill(side, "skilled_wing_back")
                self.ball_value = min(6, self.ball_value + opp_here)
        if c["mode"] == "reaction":
            if not ((k != GK and TOUCHES_GOAL_LINE[frm] and dest == AWAY_FROM_GOAL_LINE[frm])
                    or (k == GK and dest == PENALTY[side])):
                if frm in c["major"]:
                    c["major"].remove(frm)
                elif frm == CENTRE and KIND[dest] == "front" and "box_to_box_midfielder" in self.team_state[side].skills \
                        and not c.get("b2b"):
                    c["b2b"] = True
                    self._accept_skill(side, "box_to_box_midfielder")
                else:
                    c["runner"] = True
                    self._accept_skill(side, "runner")
        if record:
            self.event("move", side, text, frm=frm, to=dest, piece=k, mode=c["mode"])
        else:
            self.log.count += 1  # the event is counted, as EventLog.add does without recording
        if c["mode"] in _ONE_MOVE_MODES:
            self._finish_moves()

    _choose_reaction_to = choice("reaction_to")(_choose_moves_to)
    _choose_sprint_to = choice("sprint_to")(_choose_moves_to)

    # ================================================================== 4.4 sprint
    def _fans(self, side: int, what: str, dice: list[int], args: dict[str, Any]) -> bool:
        """A12 fanatical fans: offered after the action's dice; True when the offer is pending."""
        if not self.options.skills or "fanatical_fans" not in self.team_state[side].skills:
            return False
        self._clear_active()
        self._offer(side, "fanatical_fans")
        if not self.offers:
            return False
        self.phase = "fans"
        self.ctx = {"side": side, "what": what, "dice": list(dice), "args": args}
        return True

    @phase("fans")
    def _phase_fans(self) -> None:
        c = self.ctx
        side, what, (d1, d2), args = c["side"], c["what"], c["dice"], c["args"]
        if "fanatical_fans" in self.team_state[side].active:
            d1, d2 = self._dice2(what + " reroll")
            self.event("reroll", side, f"{self._name(side)} reroll: {d1} and {d2}", dice=[d1, d2])
            if d1 == d2:  # equal rerolled dice: a yellow card and a free kick to the opponent
                self._give_yellow(side)
                self._award_free_kick(1 - side, self.ball)
                return None
        self.phase = "actions"
        self.ctx = {}
        if what == "sprint":
            self._sprint_dice(side, d1, d2)
        elif what == "positioning":
            self._positioning_dice(side, d1, d2)
        elif what == "pressing":
            self._press_dice(side, args["aggressive"], args["thr"], args["counter"], d1, d2)
        else:
            self._pass_dice(d1, d2)
        return None

    def _sprint(self, side: int) -> None:
        d1, d2 = self._dice2("sprint")
        if self._fans(side, "sprint", [d1, d2], {}):
            return
        self._sprint_dice(side, d1, d2)

    def _sprint_dice(self, side: int, d1: int, d2: int) -> None:
        moves = min(d1, d2)
        self.team_state[side].stats["sprints"] += 1
        self.event("sprint", side, f"{self._name(side)} sprint: {d1} and {d2}", dice=[d1, d2])
        self.resolving = {"what": "sprint", "dice": [d1, d2], "moves": moves}
        if max(d1, d2) > moves and self.cp_available(side):  # A1.2 sprint: the higher die
            self.phase = "use_cp"
            self.ctx = {"side": side, "for": "sprint"}
            return
        self._start_sprint_moves()

    def _start_sprint_moves(self) -> None:
        self._begin_moves("sprint", self.acting, cont="_action_done", left=self.resolving["moves"])

    @phase("use_cp")
    def _phase_use_cp(self) -> Decision | None:
        if not self.cp_available(self.ctx["side"]):  # a skill played meanwhile spent the last point
            self._choose_use_cp(None, AT.TABLE[AT.TABLE.index("use_cp", use=False)])
            return None
        return self._dec(self.ctx["side"], "use_cp", [AT.TABLE.index("use_cp", use=True), AT.TABLE.index("use_cp", use=False)],
                         f"use a condition point for the {self.ctx['for']}?")

    @choice("use_cp")
    def _choose_use_cp(self, decision: Decision | None, a: Action) -> None:
        side, what = self.ctx["side"], self.ctx["for"]
        if what == "sprint":
            if a["use"]:
                self._spend_cp(side, "sprint with the higher die")
                self.resolving["moves"] = max(self.resolving["dice"])
                if self.has_skill(side, "great_condition"):  # A12, no cost: played automatically
                    self.resolving["moves"] += 1
                    self.event("skill", side, f"{self._name(side)} play the skill great condition: one more move")
            self._start_sprint_moves()
        elif what == "positioning":
            inc = self.resolving["inc"]
            if a["use"]:
                self._spend_cp(side, "positioning")
                inc += 1
            self._finish_positioning(side, inc)
