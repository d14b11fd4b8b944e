"""The game turn (4): reaction, momentum (4.2) and action (4.3) stages, end of turn and half (4.2.2.3, 2.2).

A mixin of :class:`coachgym.rules.fuba.engine.FubaEngine`; section numbers refer to the rulebook."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action
from ...core.engine import AWAY, HOME, Decision
from ...core.phases import choice, phase
from . import actions as AT
from .board import CENTRE, N_AREAS, SPOT_CORNER, SPOTS, ZONE
from .state import INJURED

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


class TurnMixin(_Engine):
    # ================================================================== 4 game turn
    def _start_turn(self, side: int, set_piece: str | None = None) -> None:
        self.phasing = side
        self.acting = side
        self.turns += 1
        self.team_state[side].stats["turns"] += 1
        self.set_piece = set_piece
        self.turn_over = False
        self.turn_bonus = 0
        self.charged = False
        self.no_offside_risk = False
        self.free_condition_point = False
        self.fast_situation_pending = False
        self.actions_left = 0
        self.resolving = {}
        self.turn_flags = []
        self.turn_set_piece = set_piece
        self._clear_active()
        # 4.1 reaction stage: areas where the team has more players at the beginning of the turn
        mine, theirs = self.counts(side), self.counts(1 - side)
        major = [a for a in range(N_AREAS) if mine[a] > theirs[a]]
        self._begin_moves("reaction", side, cont="_after_reaction", major=major)

    def _after_reaction(self) -> None:
        side = self.phasing
        if (self.options.skills and side != self.controlling and ZONE[side][self.ball] == 0 and self.ball_value < 6
                and self.count(side, self.ball) > self.count(self.controlling, self.ball) and self._not_keeper_only(side, self.ball)):
            self._clear_active()
            self._offer(side, "doubling_up")  # A12: its effect is applied when it is played
        self._after_reaction2()

    def _after_reaction2(self) -> None:
        if self.set_piece in ("free_kick", "corner", "goal_kick"):
            # 5.2.2 / 5.3.2 / 5.4: momentum stage skipped, one action
            self.actions_left = 1
            self.phase = "actions"
            self.ctx = {}
            if self.options.skills:
                self._offer(self.controlling, "creative_goalkeeper" if self.set_piece == "goal_kick" else "trained_special_event")
        else:
            self.phase = "momentum"
            self.ctx = {}

    # ---------------------------------------------------------------- 4.2 momentum stage
    @phase("momentum")
    def _phase_momentum(self) -> None:
        side = self.phasing
        d1, d2 = self._dice2("momentum")
        line = ZONE[side][self.ball]
        formation = self.team_state[side].formation
        assert formation is not None  # (chosen at the start: 2.1)
        n_line = formation[line]
        n = 1 + (d1 <= n_line) + (d2 <= n_line)  # 4.2.1 (printed 4.1.1) number of actions
        self.actions_left = n
        diff = abs(d1 - d2)
        if self.stoppage:  # 4.2.2.2 stoppage time
            if diff < self.stoppage:
                self.half_ending = True
            self.stoppage = min(5, self.stoppage + 1)
            self._check_clock()
        else:
            self._advance_time(n)  # 4.2.2 time adjustment
        if self.log.record:  # the play-by-play line is only built when events are kept
            self.event("momentum", side, f"{self.time_label()} {self._name(side)} roll {d1} and {d2}: {n} action{'s' if n > 1 else ''}"
                       + (" - the half ends after this turn" if self.half_ending else ""),
                       dice=[d1, d2], actions=n, minute=self.minute, stoppage=self.stoppage)
        else:
            self.log.count += 1
        special = d1 == d2 and self.options.special_events
        self._clear_active()
        if self.options.skills and ZONE[side][self.ball] == 1:
            self._offer(1 - side, "midfield_general")
        if self.offers:
            self.phase = "momentum_end"
            self.ctx = {"special": special}
            return None
        self._momentum_end(special)
        return None

    @phase("momentum_end")
    def _phase_momentum_end(self) -> None:
        self._momentum_end(self.ctx["special"])
        return None

    def _momentum_end(self, special: bool) -> None:
        if "midfield_general" in self.team_state[1 - self.phasing].active:  # A12
            self.actions_left = max(0, self.actions_left - 1)
        self.phase = "actions"
        self.ctx = {}
        if special:  # 4.2.3 special event
            self._special_event()
        # A12 skilled full back: the phasing (defending) team with the ball in its defence zone
        if (self.phase == "actions" and self.options.skills and self.controlling != self.phasing
                and ZONE[self.phasing][self.ball] == 0):
            self._offer(self.phasing, "skilled_full_back")
        # A12 target man (interpretation: played at the beginning of the team's own action stage)
        if (self.phase == "actions" and self.options.skills and self.controlling == self.phasing
                and any(ZONE[self.phasing][p] == 2 for p in self.team_state[self.phasing].pos if p >= 0)):
            self._offer(self.phasing, "target_man")

    # ---------------------------------------------------------------- 4.3 action stage
    def _legal_actions(self, side: int) -> list[int]:
        legal = []
        ct = side == self.controlling
        sp = self.set_piece
        if sp in ("free_kick", "corner", "goal_kick") and not self.resolving.get("sp_done"):
            if self._any_pass_target(side):
                legal.append(AT.ACT["pass"])
            if sp == "free_kick" and self._can_shoot(side):
                legal.append(AT.ACT["shoot"])
            if not legal:
                legal.append(AT.ACT["end"])
            return legal
        legal.append(AT.ACT["sprint"])
        if ct:
            if self._any_pass_target(side):
                legal.append(AT.ACT["pass"])
            if self.options.challenge and self.cp_available(side) and self._challenge_value(side) is not None:
                legal.append(AT.ACT["challenge"])
        else:
            mine, theirs = self.count(side, self.ball), self.count(self.controlling, self.ball)
            legal.append(AT.ACT["positioning"])
            if mine >= theirs:  # 4.6
                legal.append(AT.ACT["pressing"])
            if self.options.aggressive_pressing and mine >= theirs - 1 and self.cp_available(side):  # A6
                legal.append(AT.ACT["aggressive_pressing"])
        legal.append(AT.ACT["end"])
        return legal

    @phase("actions")
    def _phase_actions(self) -> Decision | None:
        if self.turn_over or self.actions_left <= 0:
            if self.fast_situation_pending:
                self._nt_action_done()
                return None
            self._end_turn()
            return None
        side = self.acting
        return self._dec(side, "action", self._legal_actions(side),
                         f"{self.actions_left} action{'s' if self.actions_left > 1 else ''} left")

    @choice("action")
    def _choose_action(self, decision: Decision, a: Action) -> None:
        what = a["what"]
        side = self.acting
        if what == "end":
            self.actions_left = 0
            return
        self.actions_left -= 1
        if what == "sprint":
            self._sprint(side)
        elif what == "positioning":
            if self.options.skills and ZONE[side][self.ball] == 1:
                self._clear_active()
                self._offer(side, "il_mediano")  # A12: this positioning is not counted
            self._positioning(side)
        elif what in ("pressing", "aggressive_pressing"):
            self._pressing(side, aggressive=what == "aggressive_pressing")
        elif what in ("pass", "challenge"):
            self._begin_pass(side, challenge=what == "challenge")
        elif what == "shoot":
            self.resolving = {"sp_done": True}
            self._goal_attempt(side, free_kick=True)

    def _action_done(self) -> None:
        """After each action; the corner taker leaves the corner-kick spot (5.3.2)."""
        if self.free_condition_point and self.acting == self.phasing:
            self.free_condition_point = False  # A13 terrace chant: the free point is for the first action only
        if self.set_piece:
            for s in (HOME, AWAY):
                for k in range(11):
                    if self.team_state[s].pos[k] in SPOTS:
                        self.team_state[s].pos[k] = SPOT_CORNER[self.team_state[s].pos[k]]
            if self.set_piece in ("free_kick", "corner", "goal_kick") and not (
                    "trained_special_event" in self.turn_flags or "creative_goalkeeper" in self.turn_flags):
                self.actions_left = 0
            self.set_piece = None
        self.resolving = {}
        self.phase = "actions"
        self.ctx = {}

    def _nt_action_done(self) -> None:
        """A13 fast situation (NT): the non-phasing team's extra action is over."""
        self.fast_situation_pending = False
        self.turn_over = False
        self.acting = self.phasing
        self.actions_left = self.fast_situation_actions
        return None

    # ---------------------------------------------------------------- end of turn / half
    def _end_turn(self) -> None:
        side = self.phasing
        if (self.options.skills and "trained_formation_change" in self.team_state[side].skills
                and not self.resolving.get("tfc_asked")):
            self.resolving = {"tfc_asked": True}
            self._offer(side, "trained_formation_change")
            if self.offers:
                return  # the action stage phase runs _end_turn again after the offer
        self._end_turn2()

    def _end_turn2(self) -> None:
        # A4: injured players whose time is up return in the centre area
        if self.injured:
            keep = []
            for s, k, back in self.injured:
                if self.clock >= back and self.team_state[s].pos[k] == INJURED:
                    self.team_state[s].pos[k] = CENTRE
                    self.event("injury_return", s, f"{self._name(s)}'s injured player returns in the centre area")
                else:
                    keep.append([s, k, back])
            self.injured = keep
        if self.half_ending:
            self._end_half()
            return
        if self.options.substitutions and self.team_state[self.phasing].subs < 3 and self.phase != "subs":
            self.phase = "after_turn"
            self.ctx = {}
            self._offer_substitutions([self.phasing], "turn")
            return
        self._start_turn(1 - self.phasing)

    @phase("after_turn")
    def _phase_after_turn(self) -> None:
        if self.half_ending:
            self._end_half()
        else:
            self._start_turn(1 - self.phasing)
        return None

    def _end_half(self) -> None:
        """4.2.2.3 end of the half."""
        self.event("half_end", None, f"End of the {'first' if self.half == 1 else 'second'} half: "
                   f"{self._name(HOME)} {self.team_state[0].goals} - {self.team_state[1].goals} {self._name(AWAY)}", half=self.half)
        self.set_piece = None
        self.turn_over = True
        if self.half == 2:
            self.phase = "over"
            self.ctx = {}
            return
        self.phase = "halftime"
        self.ctx = {"side": HOME}

    # 2.2 formation change at half time
    def _line_changes(self, side: int, n: int = 1) -> list[int]:
        f = self.team_state[side].formation
        assert f is not None  # (chosen at the start: 2.1)
        legal = [AT.TABLE.index("line_change", src=-1, dst=-1)]
        for a in AT.TABLE.of_kind("line_change"):
            if a["src"] >= 0 and f[a["src"]] > 1:
                legal.append(a.index)
        return legal

    @phase("halftime")
    def _phase_halftime(self) -> Decision | None:
        if self.ctx["side"] > AWAY:
            if self.weather in ("wind", "rain"):  # A10: second-half weather roll
                r = self.source.roll(6, "second-half weather")
                if r <= 2:
                    self.event("weather", None, f"The {self.weather} ends (roll {r})")
                    self.weather = None
                elif r == 6:
                    self.event("weather", None, f"The {self.weather} becomes a storm (roll {r})")
                    self.weather = "storm"
            if self.weather == "sunshine":
                self.weather = None
            self._start_half(2)
            return None
        side = self.ctx["side"]
        legal = self._line_changes(side) if not self.team_state[side].coach_off else [AT.TABLE.index("line_change", src=-1, dst=-1)]
        return self._dec(side, "line_change", legal, "half time: change one player's position?")

    def _halftime_change(self, a: Action) -> None:
        side = self.ctx["side"]
        self._change_line(side, a)
        self.ctx["side"] += 1

    def _change_line(self, side: int, a: Action) -> None:
        if a["src"] >= 0:
            formation = self.team_state[side].formation
            assert formation is not None  # (chosen at the start: 2.1)
            formation[a["src"]] -= 1
            formation[a["dst"]] += 1
            self.event("formation_change", side, f"{self._name(side)} change to {'-'.join(map(str, formation))}",
                       formation=list(formation))
