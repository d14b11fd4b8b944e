"""The flow of possessions on the scoresheet: 44 possessions per team from box 22 down, the bottom
halves of the last nine boxes ("Recording the last 9 possessions above the diagonal line": "Foul
adds possession", "Steal and Fast Break adds possession"), overtime, and the in-possession
choices ("Fast break after steal", "Offensive Options after Grabbing Offensive Rebounds", the dunk
range against the 20-sided die, "Roll 8-sided die first").

A mixin of :class:`~coachgym.rules.valueadd.engine.ValueAddEngine`; section names are the headings
of ``value-add-basketball-instructions.txt`` (see the engine's docstring for the order of the dice)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action
from ...core.engine import AWAY, HOME, Decision
from ...core.phases import choice, phase
from . import actions as A
from .cards import RESULT_NAMES
from .state import POSS, PossessionContext

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object

CHOOSE_ANY = tuple(A.CHOOSE)  # every slot offered


class PossessionMixin(_Engine):
    """The phases of a possession and the choices inside one, by the engine's one dispatch convention
    (:mod:`coachgym.core.phases`): ``phase`` names what happens next ("start", "defense_menu",
    "offense_menu", "roll", "d8_roll", "end", a pending choice's kind, "over"); ``_phase_NAME`` plays
    it, ``_choose_KIND`` applies a coach's choice."""

    ctx: PossessionContext  # (the engine's: declared for the type checker)
    next_fast_break: int | None

    # ------------------------------------------------------------------ phases
    @phase("defense_menu")
    def _phase_defense_menu(self) -> Decision:
        return self._menu_decision(1 - self.offense, "defense_menu")

    @phase("offense_menu")
    def _phase_offense_menu(self) -> Decision:
        return self._menu_decision(self.offense, "offense_menu")

    @phase("roll")
    def _phase_roll(self) -> Decision | None:
        """The four dice, once every fouled-out player on the court has been replaced."""
        if self.team_state[0].fouled_out or self.team_state[1].fouled_out:
            d = self._replacement_decision()
            if d is not None:
                return d
        self._roll()
        return None

    @phase("d8_roll")
    def _phase_d8_roll(self) -> Decision | None:
        """'Roll 8-sided die first', once every fouled-out player on the court has been replaced."""
        if self.team_state[0].fouled_out or self.team_state[1].fouled_out:
            d = self._replacement_decision()
            if d is not None:
                return d
        self._d8_first_roll()
        return None

    def _replacement_decision(self) -> Decision | None:
        """A team with a fouled-out player still on the court (and a bench) replaces him first."""
        side = self._fouled_out_on_court()
        if side is None:
            return None
        return Decision(side, "replace_fouled_out", self._fill_legal(side),
                        f"{self.teams[side].name}: replace the player who fouled out")

    @phase("d8_choice")
    def _phase_d8_choice(self) -> Decision:
        off = self.offense
        return Decision(off, "d8_choice", (A.SHOOT, A.KEEP_PASSING),
                        f"{self.pname(off, self.ctx['d8_slot'])} has the ball: shoot or keep passing?")

    @phase("fast_break")
    def _phase_fast_break(self) -> Decision:
        c = self.ctx
        side = c["stealer_side"]
        return Decision(side, "fast_break", (A.FAST_BREAK, A.NORMAL_AFTER_STEAL),
                        f"{self.pname(side, c['stealer'])} stole the ball: fast break?")

    @phase("stick_back")
    def _phase_stick_back(self) -> Decision:
        off = self.offense
        return Decision(off, "stick_back", (A.STICK_BACK, A.NORMAL_AFTER_REBOUND),
                        f"{self.pname(off, self.ctx['rebounder'])} has the offensive rebound: stick back?")

    @phase("dunk_choice")
    def _phase_dunk_choice(self) -> Decision:
        return Decision(self.offense, "dunk_choice", (A.TAKE_DUNK, A.TAKE_D20),
                        f"dunk range, and the 20-sided die reads {RESULT_NAMES[self.ctx['d20_result']]}: take which?")

    @phase("choose_dunker")
    def _phase_choose_dunker(self) -> Decision:
        return Decision(self.offense, "choose_dunker", CHOOSE_ANY,
                        "dunk range with no ballhandler: choose the player who scores")

    @phase("choose_stop_rebounder")
    def _phase_choose_stop_rebounder(self) -> Decision:
        return Decision(1 - self.offense, "choose_stop_rebounder", CHOOSE_ANY,
                        "stop range with no ballhandler: choose the rebounder")

    @phase("choose_rebounder")
    def _phase_choose_rebounder(self) -> Decision:
        c = self.ctx
        return Decision(c["reb_side"], "choose_rebounder", tuple(A.CHOOSE[s] for s in c["reb_candidates"]),
                        "tied rebounders: choose who gets it")

    @phase("start")
    def _phase_start(self) -> None:
        """A possession begins: the defence's menu, then the offence's (none before a fast break)."""
        off = self.offense
        if self.box == 37 and self.options.rotation == 2 and self.period == 0 and self.half == 0 and self._turn == 0:
            for side in (HOME, AWAY):
                self._starters_return(side)
        fast_break = self.next_fast_break
        self.next_fast_break = None
        self.ctx = {"fb": fast_break}
        self.menu_changes = 0
        if self.recording:
            self.event("possession", off, f"{self.box_label()}: {self.teams[off].name} ball"
                       + (" on the fast break" if fast_break is not None else "") + f" ({self._score_text()})",
                       box=self.box, period=self.period, half=self.half)
        # No menus before a fast break: the ball is live.
        if fast_break is not None:
            self._count_possession()
            self.phase = "roll"
        else:
            self.phase = "defense_menu"

    def _count_possession(self) -> None:
        """The five on the court play this possession (stamina: 'plays 37 of 44 possessions')."""
        ts = self.team_state[self.offense]
        played, stats = ts.played, ts.stats
        for i in ts.lineup:
            played[i] += 1
            stats[i][POSS] += 1

    def _score_text(self) -> str:
        return f"{self.teams[AWAY].short} {self.team_state[AWAY].points} - {self.teams[HOME].short} {self.team_state[HOME].points}"

    @phase("end")
    def _phase_end(self) -> None:
        """Next possession: away then home in each half-box; bottom halves only when earned. (``_turn``
        and ``offense`` are set together, as the ``turn`` property does.)"""
        if self._turn == 0:
            self._turn, self.offense = 1, HOME
        elif self.half == 0 and self.extra_box:
            self.half, self._turn, self.offense = 1, 0, AWAY
        else:
            self.box -= 1
            self.half, self._turn, self.offense, self.extra_box = 0, 0, AWAY, False
            if self.box == 0:
                h, a = self.score
                if h != a:
                    self.phase = "over"
                    self.event("final", None, f"Final: {self._score_text()}", home=h, away=a)
                    return
                self.period += 1
                self.box = self.options.overtime_boxes
                self.event("overtime", None, f"Tied {h}-{a}: overtime {self.period} ({self.box} boxes)")
        self.phase = "start"

    def _trigger_extra(self, why: str) -> None:
        """'Foul adds possession' / 'Steal and Fast Break adds possession' in the last nine boxes."""
        if self.in_last_nine() and self.half == 0 and not self.extra_box:
            self.extra_box = True
            if self.recording:
                self.event("extra_possession", None, f"{why}: both teams get a bottom-half possession in {self.box_label()}")

    # ------------------------------------------------------------------ choices
    @choice("replace_fouled_out")
    def _choose_replace_fouled_out(self, decision: Decision, act: Action) -> None:
        phase = self.phase
        self._apply_menu(decision, act)
        self.menu_changes = 0
        self.phase = phase

    @choice("d8_choice")
    def _choose_d8_choice(self, decision: Decision, act: Action) -> None:
        c = self.ctx
        if act.index == A.SHOOT:
            c["d8"] = c.pop("d8_value")
            c.pop("d8_slot")
        else:
            c.pop("d8_value"), c.pop("d8_slot")
            c["passing"] = True
            if self.recording:
                self.event("keep_passing", self.offense, "keeps passing")
        self.phase = "roll"

    @choice("fast_break")
    def _choose_fast_break(self, decision: Decision, act: Action) -> None:
        c = self.ctx
        side, slot = c["stealer_side"], c["stealer"]
        if act.index == A.FAST_BREAK:
            if self.recording:
                self.event("fast_break", side, f"{self.pname(side, slot)} leads the fast break")
            self._trigger_extra("steal and fast break")
            self.next_fast_break = slot
        elif self.recording:
            self.event("normal_offense", side, "normal offense after the steal")
        self.ctx = {}
        self.phase = "end"

    @choice("stick_back")
    def _choose_stick_back(self, decision: Decision, act: Action) -> None:
        off = self.offense
        slot = self.ctx["rebounder"]
        if act.index == A.STICK_BACK:
            if self.recording:
                self.event("stick_back", off, f"{self.pname(off, slot)} goes back up (stick back)")
            self.ctx = {"sb": slot}
        else:
            if self.recording:
                self.event("normal_offense", off, "normal offense after the offensive rebound")
            self.ctx = {}
        self.phase = "roll"

    @choice("dunk_choice")
    def _choose_dunk_choice(self, decision: Decision, act: Action) -> None:
        c = self.ctx
        off = self.offense
        if act.index == A.TAKE_DUNK:
            self._dunk(off, c["slot"])
        else:
            self._resolve_shot(off, c["slot"], c["d20_result"], None, c["ds"])

    @choice("choose_dunker")
    def _choose_choose_dunker(self, decision: Decision, act: Action) -> None:
        self._dunk(self.offense, act["slot"])

    @choice("choose_stop_rebounder")
    def _choose_choose_stop_rebounder(self, decision: Decision, act: Action) -> None:
        self._stop(self.offense, None, act["slot"])

    @choice("choose_rebounder")
    def _choose_choose_rebounder(self, decision: Decision, act: Action) -> None:
        c = self.ctx
        self._take_rebound(c["reb_side"], act["slot"], c["reb_offensive"])
