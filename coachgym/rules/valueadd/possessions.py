"""The flow of possessions on the scoresheet: 44 possessions per team from box 22 down, the bottom
halves of the last nine boxes ("Recording the last 9 possessions above the diagonal line": "Foul
adds possession", "Steal and Fast Break adds possession"), overtime, and the in-possession
choices ("Fast break after steal", "Offensive Options after Grabbing Offensive Rebounds", the dunk
range against the 20-sided die, "Roll 8-sided die first").

A mixin of :class:`~coachgym.rules.valueadd.engine.ValueAddEngine`; section names are the headings
of ``value-add-basketball-instructions.txt`` (see the engine's docstring for the order of the dice)."""

from __future__ import annotations

from ...core.actions import Action
from ...core.engine import AWAY, HOME, Decision
from . import actions as A
from .cards import RESULT_NAMES
from .state import POSS


class PossessionMixin:
    def _next_decision(self) -> Decision | None:
        while True:
            ph = self.phase
            if ph == "over":
                return None
            if ph == "start":
                self._begin_possession()
            elif ph == "defense_menu":
                return self._menu_decision(1 - self.offense, "defense_menu")
            elif ph == "offense_menu":
                return self._menu_decision(self.offense, "offense_menu")
            elif ph == "roll" or ph == "d8_roll":
                side = self._fouled_out_on_court()
                if side is not None:
                    return Decision(side, "replace_fouled_out", self._fill_legal(side),
                                    f"{self.teams[side].name}: replace the player who fouled out")
                if ph == "roll":
                    self._roll()
                else:
                    self._d8_first_roll()
            elif ph == "end":
                self._end_possession()
            else:
                return self._choice_decision(ph)

    def _begin_possession(self) -> None:
        off = self.offense
        if self.options.rotation == 2 and self.period == 0 and self.box == 37 and self.half == 0 and self.turn == 0:
            for side in (HOME, AWAY):
                self._starters_return(side)
        fast_break = self.next_fast_break
        self.next_fast_break = None
        self.ctx = {"fb": fast_break}
        self.menu_changes = 0
        if self.rec:
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
        ts = self.ts[self.offense]
        for i in ts.lineup:
            ts.played[i] += 1
            ts.stats[i][POSS] += 1

    def _score_text(self) -> str:
        return f"{self.teams[AWAY].short} {self.ts[AWAY].points} - {self.teams[HOME].short} {self.ts[HOME].points}"

    def _end_possession(self) -> None:
        """Next possession: away then home in each half-box; bottom halves only when earned."""
        if self.turn == 0:
            self.turn = 1
        elif self.half == 0 and self.extra_box:
            self.half, self.turn = 1, 0
        else:
            self.box -= 1
            self.half, self.turn, self.extra_box = 0, 0, False
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
            if self.rec:
                self.event("extra_possession", None, f"{why}: both teams get a bottom-half possession in {self.box_label()}")

    def _choice_decision(self, ph: str) -> Decision:
        off = self.offense
        c = self.ctx
        if ph == "d8_choice":
            return Decision(off, ph, (A.SHOOT, A.KEEP_PASSING), f"{self.pname(off, c['d8_slot'])} has the ball: shoot or keep passing?")
        if ph == "fast_break":
            side = c["stealer_side"]
            return Decision(side, ph, (A.FAST_BREAK, A.NORMAL_AFTER_STEAL), f"{self.pname(side, c['stealer'])} stole the ball: fast break?")
        if ph == "stick_back":
            return Decision(off, ph, (A.STICK_BACK, A.NORMAL_AFTER_REBOUND), f"{self.pname(off, c['rebounder'])} has the offensive rebound: stick back?")
        if ph == "dunk_choice":
            return Decision(off, ph, (A.TAKE_DUNK, A.TAKE_D20),
                            f"dunk range, and the 20-sided die reads {RESULT_NAMES[c['d20_result']]}: take which?")
        if ph == "choose_dunker":
            return Decision(off, ph, tuple(A.CHOOSE), "dunk range with no ballhandler: choose the player who scores")
        if ph == "choose_stop_rebounder":
            return Decision(1 - off, ph, tuple(A.CHOOSE), "stop range with no ballhandler: choose the rebounder")
        if ph == "choose_rebounder":
            return Decision(c["reb_side"], ph, tuple(A.CHOOSE[s] for s in c["reb_candidates"]), "tied rebounders: choose who gets it")
        raise RuntimeError(f"unknown phase {ph}")

    def _apply(self, decision: Decision, act: Action) -> None:
        kind = decision.kind
        if kind in ("defense_menu", "offense_menu"):
            self._apply_menu(decision, act)
            return
        if kind == "replace_fouled_out":
            phase = self.phase
            self._apply_menu(decision, act)
            self.menu_changes = 0
            self.phase = phase
            return
        c = self.ctx
        off = self.offense
        if kind == "d8_choice":
            if act.index == A.SHOOT:
                c["d8"] = c.pop("d8_value")
                c.pop("d8_slot")
                self.phase = "roll"
            else:
                c.pop("d8_value"), c.pop("d8_slot")
                c["passing"] = True
                if self.rec:
                    self.event("keep_passing", off, "keeps passing")
                self.phase = "roll"
        elif kind == "fast_break":
            side, slot = c["stealer_side"], c["stealer"]
            if act.index == A.FAST_BREAK:
                if self.rec:
                    self.event("fast_break", side, f"{self.pname(side, slot)} leads the fast break")
                self._trigger_extra("steal and fast break")
                self.next_fast_break = slot
            elif self.rec:
                self.event("normal_offense", side, "normal offense after the steal")
            self.ctx = {}
            self.phase = "end"
        elif kind == "stick_back":
            slot = c["rebounder"]
            if act.index == A.STICK_BACK:
                if self.rec:
                    self.event("stick_back", off, f"{self.pname(off, slot)} goes back up (stick back)")
                self.ctx = {"sb": slot}
            else:
                if self.rec:
                    self.event("normal_offense", off, "normal offense after the offensive rebound")
                self.ctx = {}
            self.phase = "roll"
        elif kind == "dunk_choice":
            slot = c["slot"]
            if act.index == A.TAKE_DUNK:
                self._dunk(off, slot)
            else:
                self._resolve_shot(off, slot, c["d20_result"], None, c["ds"])
        elif kind == "choose_dunker":
            self._dunk(off, act["slot"])
        elif kind == "choose_stop_rebounder":
            self._stop(off, None, act["slot"])
        elif kind == "choose_rebounder":
            self._take_rebound(c["reb_side"], act["slot"], c["reb_offensive"])
