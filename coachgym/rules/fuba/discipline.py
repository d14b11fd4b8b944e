"""Yellow and red cards (5.6) and injuries (A4).

A mixin of :class:`coachgym.rules.fuba.engine.FubaEngine`; section numbers refer to the rulebook."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action
from ...core.engine import Decision
from ...core.phases import choice
from . import actions as AT
from .board import DIST, IDS, in_own_half_partly
from .state import GK, INJURED, OFF

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


class DisciplineMixin(_Engine):
    # ================================================================== 5.6 cards
    def _yellow_test(self, side: int, plus: int = 0) -> None:
        r = min(6, self.source.roll(6, "yellow card test") + plus)
        own = in_own_half_partly(side, self.ball)
        if r <= 2 or (r == 3 and not own):
            self.event("no_card", side, f"yellow card test for {self._name(side)}: {r} - no card")
            return
        self.event("yellow_test", side, f"yellow card test for {self._name(side)}: {r}", roll=r)
        self._give_yellow(side, red_test=r == 6, plus_one=r == 6)
        if r == 6 and self.options.injuries:
            self._injury(1 - side)

    def _give_yellow(self, side: int, red_test: bool = False, plus_one: bool = False) -> None:
        had = self.team_state[side].yellow
        self.team_state[side].yellow += 1
        self.team_state[side].stats["yellow"] += 1
        self.event("yellow", side, f"{self.time_label()} yellow card for {self._name(side)} ({self.team_state[side].yellow} yellow)")
        if had >= 1 or red_test:
            self._red_test(side, 1 if plus_one else 0)

    def _red_test(self, side: int, mod: int = 0) -> None:
        """5.6.2 red card test (the sentence split by the print, reassembled)."""
        r = self.source.roll(6, "red card test")
        if r < self.team_state[side].yellow + mod:
            self.team_state[side].red += 1
            self.team_state[side].stats["red"] += 1
            self.team_state[side].yellow = max(0, self.team_state[side].yellow - (1 if r == 1 else 2))
            if any(self.team_state[side].pos[k] >= 0 for k in range(1, 11)):  # the piece to remove: queued before it is reported
                self.queue.append({"kind": "remove", "side": side})
            self.event("red", side, f"{self.time_label()} red card for {self._name(side)} (roll {r})", roll=r)
        else:
            self.event("red_test", side, f"red card test for {self._name(side)}: {r} - no red card", roll=r)

    def _queue_decision(self) -> Decision | None:
        q = self.queue[0]
        side = q["side"]
        if q["kind"] == "remove":
            legal = sorted({AT.REMOVE[self.team_state[side].pos[k]] for k in range(1, 11) if self.team_state[side].pos[k] >= 0})
            if not legal:
                self.queue.pop(0)
                return None
            return self._dec(side, "remove", legal, "red card: remove a player")
        if q["kind"] == "line_change":
            return self._dec(side, "line_change", self._line_changes(side), "trained formation change")
        if q["kind"] == "injury_sub":
            return self._dec(side, "substitutions", [AT.TABLE.index("substitutions", n=0), AT.TABLE.index("substitutions", n=1)],
                             "replace the injured player?")
        raise ValueError(q)

    @choice("remove")
    def _choose_remove(self, decision: Decision, a: Action) -> None:  # 5.6.2: the player a red card removes
        self._queue_apply(a)

    def _queue_apply(self, a: Action) -> None:
        q = self.queue.pop(0)
        side = q["side"]
        if q["kind"] == "remove":
            area = a["area"]
            for k in range(10, 0, -1):
                if self.team_state[side].pos[k] == area:
                    self.team_state[side].pos[k] = OFF
                    break
            self.event("removed", side, f"{self._name(side)} remove a player from {IDS[area]}")
            self._fix_ball_control()
        elif q["kind"] == "line_change":
            self._change_line(side, a)
        elif q["kind"] == "injury_sub":
            if a["n"] == 1:
                self.team_state[side].subs += 1
                self.team_state[side].stats["substitutions"] += 1
                self.team_state[side].pos[q["piece"]] = q["area"]
                if self.half == 2 and self.options.condition_points:
                    self._add_cp_auto(side, 1)
                self.event("substitution", side, f"{self._name(side)} replace the injured player")

    def _fix_ball_control(self) -> None:
        """4.4.3: if the controlling team has no player left with the ball, the ball goes to the
        opponent when they have one there (interpretation for removals)."""
        if self.phase in ("setup", "over", "restart"):
            return
        if self.raw_count(self.controlling, self.ball) == 0 and self.raw_count(self.defending, self.ball) > 0:
            self.controlling = self.defending
            self.event("control", self.controlling, f"{self._name(self.controlling)} take the loose ball")

    # ================================================================== A4 injuries
    def _injury(self, side: int) -> None:
        pos = self.team_state[side].pos
        cand = [k for k in range(1, 11) if pos[k] == self.ball]
        if not cand:
            live = [k for k in range(11) if pos[k] >= 0]
            if not live:
                return
            k0 = min(live, key=lambda k: (DIST[pos[k]][self.ball], k))
            if k0 == GK:
                self.team_state[side].keeper_injury_bonus += 1  # A4: the opponent gets +1 for goal attempts
                outs = [k for k in range(1, 11) if pos[k] >= 0]
                if not outs:
                    return
                k0 = min(outs, key=lambda k: (DIST[pos[k]][self.ball], k))
            cand = [k0]
        elif pos[GK] == self.ball and not cand:
            self.team_state[side].keeper_injury_bonus += 1
        k = cand[0]
        area = pos[k]
        r = self.source.roll(6, "injury")
        if self.weather in ("cold", "storm"):
            r += 1
        self.team_state[side].stats["injuries"] += 1
        if r <= 4:
            pos[k] = INJURED
            self.injured.append([side, k, self.clock + r * 10])
            self.event("injury", side, f"{self._name(side)} player injured in {IDS[area]}: out for {r} minutes", roll=r)
        else:
            pos[k] = OFF
            self.event("injury", side, f"{self._name(side)} player injured in {IDS[area]}: cannot return", roll=r)
            if self.options.substitutions and self.team_state[side].subs < 3:
                self.queue.append({"kind": "injury_sub", "side": side, "piece": k, "area": area})
        self._fix_ball_control()
