"""Team and match preparation: formation cards and A2 roles (2.1), who kicks off (3.2), setups (3.3).

A mixin of :class:`coachgym.rules.fuba.engine.FubaEngine`; section numbers refer to the rulebook."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action
from ...core.engine import AWAY, HOME, Decision
from ...core.phases import choice, phase
from . import actions as AT
from .board import ATTACK_SPOTS, CENTRE, OWN_HALF_PARTLY, PENALTY, PLAYING, SPOTS, WEATHER
from .state import GK, ROLES, SET_PIECE_WORDS, UNPLACED

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


class PreparationMixin(_Engine):
    # ================================================================== 2.1 formations
    @phase("formation")
    def _phase_formation(self) -> Decision:
        side = self.ctx["side"]
        if self.ctx.get("roles"):
            return self._dec(side, "roles", self._role_legal(side), "A2: give a player a special role, or done")
        return self._dec(side, "formation", AT.FORMATION_INDEX.values(), "choose a formation card (secretly)")

    @choice("formation")
    def _choose_formation(self, decision: Decision, a: Action) -> None:
        side = self.ctx["side"]
        if a.kind == "formation":
            self.team_state[side].formation = [a["d"], a["m"], a["f"]]
            if self.options.player_roles:  # A2: roles are part of the secret formation
                self.ctx["roles"] = True
                return
        elif a.kind == "role":
            self.team_state[side].roles[ROLES.index(a["role"])] += 1
            return
        self._formation_done(side)

    _choose_roles = choice("roles")(_choose_formation)

    def _formation_done(self, side: int) -> None:
        self.event("formation_chosen", side, f"{self._name(side)} have chosen a formation card")
        if side == HOME:
            self.ctx = {"side": AWAY}
            return
        def show(s: int, card: list[int]) -> str:
            txt = "-".join(map(str, card))
            if self.options.player_roles and any(self.team_state[s].roles):
                txt += " (" + ", ".join(f"{n} {r.replace('_', ' ')}" for r, n in zip(ROLES, self.team_state[s].roles) if n) + ")"
            return txt
        home, away = (ts.formation for ts in self.team_state)
        assert home is not None and away is not None  # (chosen at the start: 2.1)
        self.event("formations", None, "Formation cards revealed: " + ", ".join(
            f"{self._name(s)} {show(s, card)}" for s, card in ((HOME, home), (AWAY, away))),
            home=list(home), away=list(away), roles=[list(self.team_state[0].roles), list(self.team_state[1].roles)])
        self.phase = "kickoff_roll"
        self.ctx = {}

    def _role_legal(self, side: int) -> list[int]:
        """A2: roles still available for ``side``'s formation."""
        formation = self.team_state[side].formation
        assert formation is not None  # (chosen at the start: 2.1)
        d, m, f = formation
        am, dm, acb, ws, wb = self.team_state[side].roles
        legal = [AT.DONE]
        if am + dm < m:
            legal += [AT.ROLE["attacking_midfielder"], AT.ROLE["defending_midfielder"]]
        if acb < 1 and acb + wb < d:
            legal.append(AT.ROLE["attacking_centre_back"])
        if ws < 1 and ws < f:
            legal.append(AT.ROLE["withdrawn_striker"])
        if wb < 2 and acb + wb < d:
            legal.append(AT.ROLE["offensive_wing_back"])
        return legal

    def condition_points_at_start(self, side: int) -> list[int]:
        """A1.2 / A2: condition points of each line at the kick-off."""
        formation = self.team_state[side].formation
        assert formation is not None  # (chosen at the start: 2.1)
        d, m, f = formation
        if not self.options.player_roles:
            return [d, m, f]
        am, dm, acb, ws, wb = self.team_state[side].roles
        return [d - acb - wb + dm, m - am - dm + acb + ws, f - ws + am + wb]

    # ================================================================== 3.2 who kicks off
    @phase("kickoff_roll")
    def _phase_kickoff_roll(self) -> None:
        first = True
        while True:
            h = self.source.roll(6, "kick-off roll home")
            a = self.source.roll(6, "kick-off roll away")
            self.event("kickoff_roll", None, f"Kick-off roll: {self._name(HOME)} {h}, {self._name(AWAY)} {a}", home=h, away=a)
            if h == a and first and self.options.weather:  # A10 weather from the first roll
                self.weather = WEATHER[h]
                self.event("weather", None, f"Weather for the match: {self.weather}", weather=self.weather)
            first = False
            if h != a:
                break
        self.phase = "kickoff_choice"
        self.ctx = {"side": HOME if h > a else AWAY}
        return None

    @phase("kickoff_choice")
    def _phase_kickoff_choice(self) -> Decision:
        return self._dec(self.ctx["side"], "kickoff", [a.index for a in AT.TABLE.of_kind("kickoff")],
                         "you won the roll: choose who starts with the ball")

    @choice("kickoff")
    def _choose_kickoff(self, decision: Decision, a: Action) -> None:
        side = self.ctx["side"]
        self.first_kickoff = side if a["take"] else 1 - side
        self.event("kickoff_choice", side, f"{self._name(self.first_kickoff)} will start with the ball")
        if self.options.condition_points:  # A1.2: condition points = the formation's lines
            for s in (HOME, AWAY):
                self.team_state[s].condition = self.condition_points_at_start(s)
        self._start_half(1)

    def _start_half(self, half: int) -> None:
        self.half = half
        self.minute = 1 if half == 1 else 46
        self.stoppage = 0
        self.half_ending = False
        self._check_clock()
        ct = self.first_kickoff if half == 1 else 1 - self.first_kickoff
        self.event("half", None, f"{'First' if half == 1 else 'Second'} half begins; {self._name(ct)} kick off", half=half)
        self._begin_setup("kickoff", ct, CENTRE)

    # ================================================================== 3.3 setups
    def _begin_setup(self, kind: str, ct: int, area: int) -> None:
        """3.3 setup order (controlling team first) for kick-offs (3.3.1), free kicks (5.2.1),
        corner kicks (5.3.1) and penalty kicks (5.5.1). Goalkeepers go to their penalty areas."""
        self.controlling = ct
        self.ball = area
        self.ball_value = 2
        for s in (HOME, AWAY):
            for k in range(11):
                if self.team_state[s].pos[k] >= 0 or self.team_state[s].pos[k] == UNPLACED:
                    self.team_state[s].pos[k] = UNPLACED
            if self.team_state[s].pos[GK] == UNPLACED:
                self.team_state[s].pos[GK] = PENALTY[s]
        self.phase = "setup"
        self.ctx = {"kind": kind, "order": [ct, 1 - ct], "i": 0, "area": area}
        if self.options.substitutions:
            self._offer_substitutions([ct, 1 - ct], "setup")

    def _setup_legal(self, kind: str, side: int) -> list[int]:
        ct = side == self.controlling
        remaining = sum(1 for p in self.team_state[side].pos if p == UNPLACED)
        if kind == "kickoff":
            allowed = list(OWN_HALF_PARTLY[side])
            if ct and remaining <= max(0, 2 - self.raw_count(side, CENTRE)):
                allowed = [CENTRE]
            return allowed
        if kind == "free_kick":
            area = self.ctx["area"]
            if ct and remaining <= max(0, 1 - self.raw_count(side, area)):
                return [area]
            return list(PLAYING)
        if kind == "corner":
            if ct and not any(self.team_state[side].pos[k] in SPOTS for k in range(11)):
                return list(ATTACK_SPOTS[side])
            return list(PLAYING)
        if kind == "penalty":
            opp_box = PENALTY[1 - side] if ct else PENALTY[side]
            if ct and self.raw_count(side, opp_box) == 0:
                return [opp_box]
            return [a for a in PLAYING if a != opp_box]
        raise ValueError(kind)

    @phase("setup")
    def _phase_setup(self) -> Decision | None:
        c = self.ctx
        while c["i"] < 2:
            side = c["order"][c["i"]]
            if UNPLACED in self.team_state[side].pos:
                legal = self._setup_legal(c["kind"], side)
                return self._dec(side, "setup", [AT.PLACE[a] for a in legal], f"{SET_PIECE_WORDS[c['kind']]} setup: place a player")
            c["i"] += 1
        self.event("setup", None, f"{SET_PIECE_WORDS[c['kind']].capitalize()} setup done", setup=c["kind"],
                   home=list(self.team_state[0].pos), away=list(self.team_state[1].pos))
        kind = c["kind"]
        if kind == "penalty":
            self.phase = "penalty"
            self.ctx = {"keeper": None}
        else:
            self._start_turn(self.controlling, kind)
        return None

    @choice("setup")
    def _choose_setup(self, decision: Decision, a: Action) -> None:
        side = self.ctx["order"][self.ctx["i"]]
        k = self.team_state[side].pos.index(UNPLACED)
        self.team_state[side].pos[k] = a["area"]
        if a["area"] in SPOTS:
            self.ball = a["area"]  # 5.3.1: the ball goes with the corner taker
