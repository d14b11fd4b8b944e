"""Dead-ball and timeout menus: 3.2 / 6.6 (position shifts, PD cards), 3.3 / 8.5 (who places last,
substitutions), 4.2 (PRESS after a dead ball), 4.61-4.62 (Three Point Offense / Defense), 5.5
(Double Teams), 8.4 (timeouts and their limits), 8.41 (half-court inbounds), 8.42 (plays), 16D,
and the forced removal of disqualified, ejected and injured players (6.5, 14F, 14G).

A mixin of :class:`~coachgym.rules.statispro.engine.StatisProEngine`; rule numbers as in the engine."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.engine import AWAY, HOME, Decision
from ...core.phases import phase
from .actions import (
    ACTIONS,
    CALL_PLAY,
    CANCEL_DOUBLE_TEAM,
    CANCEL_THREE_POINT_OFFENSE,
    DOUBLE_TEAM,
    IGNORE_REST,
    MENU_CHANGE_LIMIT,
    PD_LIST,
    PLAY_ON,
    PRESS,
    SUB_BY_PLAYER,
    SUBSTITUTE,
    SWAP_LIST,
    THREE_POINT_DEFENSE,
    THREE_POINT_OFFENSE,
    TIMEOUT,
    TIMEOUT20,
)
from .cards import POSITIONS
from .constants import OK, PH_ADVANCE, PH_MENU, PH_UPCOURT

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


# the menu's prompt in the game's words, by the moment it comes (8.4, 8.5, 8.6)
_MENU_PROMPTS = {"dead": "dead ball - substitutions or a timeout, or play on",
                 "live": "a timeout with the ball in play, or play on",
                 "period": "start of the period - set your lineup and matchups, then play on",
                 "timeout": "timeout - substitutions and matchups, then play on"}


# 5.5's Double Teams offered, by the PD cards (guard per slot); the shifts and PD cards that keep a
# Double Team, by (target's slot, helper's slot, PD cards): pure functions of their keys, so kept
_DOUBLE_TEAMS: dict[tuple[Any, ...], list[int]] = {}
_KEPT_SHIFTS: dict[tuple[Any, ...], list[int]] = {}


# every position shift (swap, a, b) and PD card (not a swap, defender, target), in table order
_SHIFTS = [(a, True, ACTIONS[a]["a"], ACTIONS[a]["b"]) for a in SWAP_LIST] + \
          [(a, False, ACTIONS[a]["defender"], ACTIONS[a]["target"]) for a in PD_LIST]


def _keeps_double_team(ts: int, hs: int, g: Sequence[int], swap: bool, x: int, y: int) -> bool:
    """Whether a position shift of slots ``x``, ``y`` (``swap``) or a PD card giving defender ``x`` the
    man at ``y`` leaves the Double Team's helper (at slot ``hs``, PD cards ``g``) another man than the
    target's (at slot ``ts``) PD (5.5: "his own defender who will join the target's PD")."""
    if swap:
        hs = y if hs == x else x if hs == y else hs
        return g[hs] != ts
    # as _apply_menu's pd_card: x takes y, y's PD takes x's man
    guards = g[x] if hs == g.index(y) else y if hs == x else g[hs]
    return guards != ts


class MenuMixin(_Engine):
    def _open_menu(self, queue: list[int], resume: str, kind: str, **extra: Any) -> None:
        self.menu = {"queue": list(queue), "resume": resume, "kind": kind, "changes": 0, **extra}
        self.phase = PH_MENU

    def _bench(self, side: int) -> list[int]:
        ts = self.team_state[side]
        on = ts.lineup
        st = ts.status
        mr = ts.mandatory_rest
        return [i for i in range(len(st)) if st[i] == OK and i not in on and not mr[i]]

    def _must_sub(self, side: int) -> list[int]:
        """Slots holding a player who may not stay in (fouled out, ejected, injured)."""
        st = self.team_state[side].status
        ln = self.team_state[side].lineup
        if st[ln[0]] == st[ln[1]] == st[ln[2]] == st[ln[3]] == st[ln[4]] == OK:
            return []
        return [s for s, i in enumerate(ln) if st[i] != OK]

    def _menu_legal(self, side: int) -> list[int]:
        """The menu's legal choices, built in action-table order (no sort needed)."""
        own = self.team_state[side]
        m = self.menu
        kind = m["kind"]
        on = own.lineup
        st = own.status
        mr = own.mandatory_rest
        bc = self._bench_cache[side]  # the bench and its substitutions, kept while ``rev`` stands
        if bc is None or bc[0] != self.rev[side]:
            bench = [i for i in range(len(st)) if st[i] == OK and not mr[i] and i not in on]
            subs = []
            for i in bench:
                subs += SUB_BY_PLAYER[i]
            bc = self._bench_cache[side] = (self.rev[side], bench, subs)
        bench = bc[1]
        if bench and not (st[on[0]] == st[on[1]] == st[on[2]] == st[on[3]] == st[on[4]] == OK):
            # a disqualified, ejected or injured player must leave now (6.5, 14F, 14G)
            must = [s for s, i in enumerate(on) if st[i] != OK]
            return sorted(SUBSTITUTE[(i, s)] for i in bench for s in must)
        legal = [PLAY_ON]
        changes_ok = m["changes"] < MENU_CHANGE_LIMIT
        dead = kind != "live"
        set_piece = kind == "period" or kind == "timeout"
        if changes_ok and dead and bench and not (m.get("twenty") and m["subs_done"][side] >= 1):
            legal += bc[2]  # 8.5 substitutions
        if changes_ok and (set_piece or (kind == "dead" and m.get("fouler") == side)):
            if own.double_team[0] < 0:
                legal += SWAP_LIST  # 6.6 position shifts
                legal += PD_LIST  # 3.2 / 6.6 PD cards
            else:  # 5.5: no shift or PD card that makes our helper the target's PD
                legal += self._shifts_keeping_double_team(side)
        if not set_piece and self._can_timeout(side, dead):
            legal.append(TIMEOUT)
            if own.timeouts20_used < 1:
                legal.append(TIMEOUT20)
        if dead and changes_ok and side != self.off and m["resume"] == PH_UPCOURT and not self.press_next:
            legal.append(PRESS)  # 4.2: after a Dead Ball
        if set_piece and changes_ok and own.double_team[0] < 0:
            g = tuple(own.guard)  # 5.5: the helper is another man than the target's PD
            dts = _DOUBLE_TEAMS.get(g)
            if dts is None:  # (a function of the PD cards alone: kept per arrangement)
                dts = _DOUBLE_TEAMS[g] = [DOUBLE_TEAM[(t, h)] for t in range(5) for h in range(5) if g[h] != t]
            legal += dts
        if dead and changes_ok and own.double_team[0] >= 0:
            legal.append(CANCEL_DOUBLE_TEAM)
        if kind == "timeout" and self.final_two and changes_ok and not self.no_threes:  # 4.61 / 4.62 (not 17.5)
            diff = own.pts - self.team_state[1 - side].pts
            if diff < 0 and not own.three_point_offense:
                legal.append(THREE_POINT_OFFENSE)
            if own.three_point_offense:
                legal.append(CANCEL_THREE_POINT_OFFENSE)
            if diff > 0 and self.team_state[1 - side].three_point_offense and not own.three_point_defense:
                legal.append(THREE_POINT_DEFENSE)
        if (kind == "period" or (kind == "timeout" and m.get("caller") == side)) and side == self.off \
                and own.play_call < 0 and m["resume"] in (PH_UPCOURT, PH_ADVANCE):
            legal.extend(CALL_PLAY)  # 8.42
        if kind == "timeout" and changes_ok and self._index_ok(side, 1):  # 16D
            legal.extend(IGNORE_REST[i] for i in range(len(st)) if mr[i] and st[i] == OK)
        return legal

    def _shifts_keeping_double_team(self, side: int) -> list[int]:
        """The position shifts and PD cards (in table order) that keep ``side``'s Double Team (5.5, see
        ``_keeps_double_team``): a function of the target's and the helper's slots and the PD cards,
        kept per those."""
        own = self.team_state[side]
        target, helper = own.double_team
        key = (self.team_state[1 - side].lineup.index(target), own.lineup.index(helper), tuple(own.guard))
        kept = _KEPT_SHIFTS.get(key)
        if kept is None:
            ts, hs, g = key
            kept = _KEPT_SHIFTS[key] = [a for a, swap, x, y in _SHIFTS if _keeps_double_team(ts, hs, g, swap, x, y)]
        return kept

    def _double_team_still_two(self, side: int) -> None:
        """5.5: a Double Team needs a second man. When the other team's position shift puts the target
        where our helper is the PD, the Double Team is called off (our own shifts and PD cards that
        would do it are not offered)."""
        ts = self.team_state[side]
        target, helper = ts.double_team
        if target < 0 or target not in self.team_state[1 - side].lineup or helper not in ts.lineup:
            return
        if ts.guard[ts.lineup.index(helper)] == self.team_state[1 - side].lineup.index(target):
            ts.double_team = [-1, -1]
            if self.log.record:
                self.event("double_team_off", side, f"{self.teams[side].name}'s Double Team on "
                           f"{self.teams[1 - side].players[target].name} is off: {self.teams[side].players[helper].name} "
                           "is now his PD, no second man (5.5)")

    def _can_timeout(self, side: int, dead: bool) -> bool:
        own = self.team_state[side]
        if not dead and side != self.off:
            return False
        if own.timeouts_used >= 7:
            return False
        if self.period >= 4 and own.timeouts_q4 >= 4:
            return False
        if self.final_two and own.timeouts_last2 >= 3:
            return False
        return True

    @phase("menu")
    def _phase_menu(self) -> Decision | None:
        m = self.menu
        while m["queue"]:
            side = m["queue"][0]
            legal = self._menu_legal(side)
            if len(legal) == 1 and legal[0] == PLAY_ON:  # nothing to decide
                m["queue"].pop(0)
                m["changes"] = 0
                continue
            return Decision(side, "menu", tuple(legal), f"{self.teams[side].name}: {_MENU_PROMPTS[m['kind']]}")
        self.phase = m["resume"]
        self.menu = {}
        self.rp_grace = False
        return None

    def _apply_menu(self, side: int, a: Action) -> None:
        ts = self.team_state[side]
        m = self.menu
        k = a.kind
        if k == "play_on":
            m["queue"].pop(0)
            m["changes"] = 0
            return
        m["changes"] += 1
        if k == "substitute":
            self._substitute(side, a["player"], a["slot"])
            if m.get("twenty"):
                m["subs_done"][side] += 1
        elif k == "swap_positions":
            ln = ts.lineup
            ln[a["a"]], ln[a["b"]] = ln[a["b"]], ln[a["a"]]
            self._dirty(side)
            self._dirty(1 - side)
            self._double_team_still_two(1 - side)
        elif k == "pd_card":
            g = ts.guard
            dslot, target = a["defender"], a["target"]
            other = g.index(target)
            g[other], g[dslot] = g[dslot], target
            self._dirty(side)
        elif k in ("timeout", "timeout20"):
            self._call_timeout(side, k == "timeout20", m["resume"])
        elif k == "double_team":
            ts.double_team = [self.team_state[1 - side].lineup[a["target"]], ts.lineup[a["helper"]]]
            if self.log.record:
                self.event("double_team", side, f"{self.teams[side].name} will Double Team {self.pname(1 - side, a['target'])} with {self.pname(side, a['helper'])} (5.5)")
        elif k == "cancel_double_team":
            ts.double_team = [-1, -1]
        elif k == "three_point_offense":
            ts.three_point_offense = True
            self._dirty(side)
        elif k == "cancel_three_point_offense":
            ts.three_point_offense = False
            self._dirty(side)
        elif k == "three_point_defense":
            ts.three_point_defense = True
            self._dirty(1 - side)
        elif k == "call_play":
            ts.play_call = ts.lineup[a["slot"]]
        elif k == "ignore_rest":
            self._spend_index(side, 1)
            ts.mandatory_rest[a["player"]] = False
            self._dirty(side)
        elif k == "press":
            self.press_next = True

    def _call_timeout(self, side: int, twenty: bool, resume: str) -> None:
        ts = self.team_state[side]
        if twenty:
            ts.timeouts20_used += 1
        else:
            ts.timeouts_used += 1
        if self.period >= 4:
            ts.timeouts_q4 += 1
        if self.final_two:
            ts.timeouts_last2 += 1
        if self.log.record:
            self.event("timeout", side, f"{self.teams[side].name} call a {'20-second' if twenty else 'full'} timeout (8.4)")
        # 8.41 half-court inbounds in the final two minutes of a game / last minute of a period
        if side == self.off and (self.final_two or self.last_minute) and resume == PH_UPCOURT:
            self.from_dead = True
        # the caller places last (3.3, 8.5)
        self.menu = {"queue": [1 - side, side], "resume": resume, "kind": "timeout", "changes": 0,
                     "twenty": twenty, "subs_done": [0, 0], "caller": side}

    def _substitute(self, side: int, player: int, slot: int) -> None:
        ts = self.team_state[side]
        out = ts.lineup[slot]
        ts.lineup[slot] = player
        if self.inj_wait and self.inj_wait[0] == side and self.inj_wait[1] == out:
            self._injury_takes_effect()  # 14G: an injured defender taken out at a dead ball
        if self.rp_grace:
            ts.played_rp[out] = False
        ts.played_rp[player] = True
        if self.team_state[1 - side].double_team[0] == out:  # 5.5: the Double Team ends when the target leaves
            self.team_state[1 - side].double_team = [-1, -1]
        if ts.double_team[1] == out:
            ts.double_team = [-1, -1]
        self._dirty(side)  # (the other team's effective ratings do not depend on this lineup)
        if self.log.record:
            p = self.teams[side].players
            self.event("substitution", side, f"{p[player].name} replaces {p[out].name} at {POSITIONS[slot]}")

    def _stop_for_removals(self, resume: str) -> bool:
        """A player who fouled out, was ejected or injured leaves at once (6.5, 14F, 14G); an injured
        defender only once his team has the ball (14G)."""
        if self.inj_wait and self.inj_wait[0] == self.off:
            self._injury_takes_effect()
        if not self.removal_pending:
            return False
        for side in (HOME, AWAY):
            if self._must_sub(side) and self._bench(side):
                self._open_menu([side], resume, "dead")
                return True
        self.removal_pending = False
        return False
