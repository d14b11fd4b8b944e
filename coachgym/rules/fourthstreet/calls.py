"""The coaches' calls: lineup changes and forced replacements, the offense's call before the setup
play ("Timeouts", "Additional Strategies": 3-point offense, kick it out, milk the clock) and the
defense's call ("Defenses": man-to-man, double team and its helper, zone and its tokens, press;
desperation defense), and applying every chosen action.

A mixin of :class:`~coachgym.rules.fourthstreet.engine.FourthStreetEngine`; section names are the
headings of the 4th Street rules (see the engine's docstring for the dice)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.engine import AWAY, HOME, Decision
from ...core.phases import choice, phase
from . import actions as A
from .constants import _MAN_PRESS, AVAILABLE, MAX_CHANGES, _clock

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


# Decisions whose legal sets depend only on their cache key (see _phase_poss, _lineup_decision) are
# shared by all games: building the tuples and Decision objects anew for each of the ~600 calls of
# a game was a good part of its cost.
# what the lineup changes on offer depend on (_sub_key): the bench's roster numbers, the slot that must stay
# (-1: none) and the play-it-safe switch; () when no more changes may be made
SubKey = tuple[tuple[int, ...], int, bool] | tuple[()]
_DECISIONS: dict[tuple[Any, ...], Decision] = {}
_HELPER_DECISIONS = [[Decision(side, "helper", tuple(A.HELPER[s] for s in range(5) if s != target), "who helps on the double team?")
                      for target in range(5)] for side in (0, 1)]
_TOKEN_DECISIONS = [[Decision(side, "token", A.TOKEN[t], f"zone: which two zones does token {A.POS[t]} cover?") for t in range(5)]
                    for side in (0, 1)]
_JUMPER_DECISIONS = [Decision(side, "jumper", tuple(A.JUMPER), "who jumps at centre court?") for side in (0, 1)]
# the offense's and the defense's calls without lineup changes, by side and bit mask of the options
_OFFENSE_CALLS: list[list[Decision | None]] = [[None] * 32 for _ in (0, 1)]
_DEFENSE_CALLS: list[list[Decision | None]] = [[None] * 16 for _ in (0, 1)]


def _cache(key: tuple[Any, ...], decision: Decision) -> Decision:
    if len(_DECISIONS) > 100_000:
        _DECISIONS.clear()
    _DECISIONS[key] = decision
    return decision


class CallMixin(_Engine):
    """The phases that ask the coaches (``pregame``, ``poss``, ``ft``; core.phases: ``_phase_NAME``),
    the forced replacements asked ahead of any phase (``_interrupt``) and applying each kind of
    choice (``_choose_KIND``)."""

    INTERRUPT_WHEN = "replace"  # (core.phases: _interrupt is asked only while a replacement waits)

    def _interrupt(self) -> Decision | None:
        """A player who must leave (fouled out, hurt) is replaced before anything else happens."""
        while self.replace:
            d = self._replace_decision()
            if d is not None:
                return d
        return None

    @phase("pregame")
    def _phase_pregame(self) -> Decision | None:
        """Lineup changes (home, then away), each side's jumper, then the opening (or overtime) jump ball."""
        if self.windows:
            return self._lineup_decision(self.windows[0])
        if self.ctx.get("step") is None:
            self.ctx["step"] = "windows"
            self.windows = [HOME, AWAY]
            self.changes = 0
            return None
        if self.team_state[HOME].jumper < 0:
            return _JUMPER_DECISIONS[HOME]
        if self.team_state[AWAY].jumper < 0:
            return _JUMPER_DECISIONS[AWAY]
        self._centre_jump()
        return None

    def _replace_decision(self) -> Decision | None:
        side, slot = self.replace[0]
        bench = self._bench(side)
        i = self.team_state[side].lineup[slot]
        if not bench or self.team_state[side].availability[i] == AVAILABLE:
            # nobody left to come in (the player stays on) or already replaced
            self.replace.pop(0)
            return None
        return Decision(side, "replace", tuple(sorted(A.SUB[(slot, b)] for b in bench if b < A.MAX_ROSTER)),
                        f"replace {self.teams[side].players[i].name} at position {slot + 1}")

    def _sub_key(self, side: int, changes: int) -> SubKey:
        """What the lineup changes on offer depend on: the bench, the fouled shooter who must stay
        (free throws), the change count and the play-it-safe switch."""
        if changes >= MAX_CHANGES:
            return ()
        ts = self.team_state[side]
        lu = ts.lineup
        bench = ts.bench_key
        if bench is None:  # cached until a substitution or a change of availability
            av = ts.availability
            n = len(av)
            bench = ts.bench_key = tuple([i for i in range(n if n < A.MAX_ROSTER else A.MAX_ROSTER)
                                          if av[i] == AVAILABLE and i not in lu])
        keep = -1
        if self.phase == "ft" and side == self.off and self.ctx.get("shooter") in lu:
            keep = lu.index(self.ctx["shooter"])  # the fouled player shoots his free throws
        return (bench, keep, self.options.strategies)

    @staticmethod
    def _sub_legal(key: SubKey) -> list[int]:
        """Substitutions (slot-major, ascending roster numbers), then play-it-safe calls: already in
        ascending action-index order, and below every call of the offense and the defense."""
        if not key:
            return []
        bench, keep, strategies = key
        sub = A.SUB_GRID
        legal = [sub[slot][b] for slot in range(5) if slot != keep for b in bench]
        if strategies:
            legal.extend(A.SAFE)
        return legal

    def _lineup_legal(self, side: int) -> tuple[int, ...]:
        return self._lineup_decision(side).legal

    def _lineup_decision(self, side: int) -> Decision:
        key = (side, "lineup", self._sub_key(side, self.changes))
        d = _DECISIONS.get(key)
        if d is None:
            d = _cache(key, Decision(side, "lineup", (A.DONE, *self._sub_legal(key[2])),
                                     "lineup changes (substitutions, play it safe)"))
        return d

    @phase("poss")
    def _phase_poss(self) -> Decision | None:  # noqa: C901 - a rule resolution (docs/architecture.md)
        """A possession starts: lineup changes offered at a free throw's dead ball, the offense's call,
        the defense's call (its helper, its zone tokens), then the setup play."""
        if self.windows:
            return self._lineup_decision(self.windows[0])
        c = self.ctx
        if self.clock <= 0:
            self.phase = "endperiod"
            return None
        if self.dead:
            # a dead ball: each team may change its lineup within its call (Timeouts, substitutions)
            self.dead = False
            self._release_stoppage()
            for ts in self.team_state:
                ts.subs_open = True
                ts.poss_changes = 0
        o = self.off
        d = 1 - o
        ots, dts = self.team_state[o], self.team_state[d]
        # The calls are cached (module-wide) on everything their legal sets depend on: a bit mask
        # of the options on offer, plus the lineup changes on offer at a dead ball.
        if "offense" not in c:
            flags = 1 if (ots.timeouts > 0 and not self.timeout_called) else 0
            if self.options.strategies:
                clock = self.clock
                ku = ots.kick_until
                if 0 <= ku and clock <= ku:
                    # Kick it out "for up to 3 consecutive minutes": over by itself
                    ots.kick_until = ku = -1
                    self._ev("strategy", o, lambda: f"{self.teams[o].abbr} kick it out ends (3 minutes)")
                if clock <= 60:
                    flags |= 8  # milk the clock: the last minute of any period
                    if self.period >= 4 and 1 <= dts.pts - ots.pts <= 10:
                        flags |= 2  # 3-point offense: the last minute of play, behind by 10 or fewer
                if not ots.kick_used:
                    flags |= 4
                if ku >= 0:
                    flags |= 16
            if ots.subs_open:
                key = (o, flags, self._sub_key(o, ots.poss_changes))
                dec = _DECISIONS.get(key)
            else:
                key = None
                dec = _OFFENSE_CALLS[o][flags]
            if dec is None:
                legal = self._sub_legal(key[2]) if key is not None else []
                legal.append(A.SETUP)
                if flags & 1:
                    legal.append(A.TIMEOUT)
                if flags & 2:
                    legal.append(A.THREE_PT)
                if flags & 4:
                    legal.append(A.KICK)
                if flags & 8:
                    legal.extend(A.MILK.values())
                if flags & 16:
                    legal.append(A.KICK_STOP)
                dec = Decision(o, "offense", tuple(sorted(legal)), "the offense's call before the setup play (or a lineup change)")
                if key is None:
                    _OFFENSE_CALLS[o][flags] = dec
                else:
                    _cache(key, dec)
            return dec
        if "defense" not in c:
            # no press after a defensive rebound or a lost turnover, nor on a setup play in the
            # front court (half court: after a timeout, a foul without free throws, an injury)
            opts = self.options
            flags = 1 if (opts.press and not dts.press_ban and not self.frontcourt) else 0
            if opts.zone_defense:
                flags |= 2
                if -1 not in dts.tokens:
                    flags |= 8
            if (opts.strategies and self.period >= 4 and self.clock <= 60
                    and 1 <= ots.pts - dts.pts <= 10):
                flags |= 4  # desperation defense
            if dts.subs_open:
                key = (d, flags | 32, self._sub_key(d, dts.poss_changes))
                dec = _DECISIONS.get(key)
            else:
                key = None
                dec = _DEFENSE_CALLS[d][flags]
            if dec is None:
                legal = self._sub_legal(key[2]) if key is not None else []
                legal.extend(A.DEF_MAN)
                if flags & 1:
                    legal.extend(A.DEF_PRESS)
                if flags & 2:
                    legal.extend(A.DEF_ZONE.values())
                    legal.append(A.DEF_ZONE_PLACE)
                if flags & 8:
                    legal.append(A.DEF_ZONE_KEEP)
                if flags & 4:
                    legal.append(A.INTENTIONAL)
                dec = Decision(d, "defense", tuple(sorted(legal)), "the defense's call before the setup play (or a lineup change)")
                if key is None:
                    _DEFENSE_CALLS[d][flags] = dec
                else:
                    _cache(key, dec)
            return dec
        if dts.double >= 0 and dts.helper < 0:
            return _HELPER_DECISIONS[d][dts.double]
        if dts.align == "custom" and dts.defense_mode == "zone" and -1 in dts.tokens:
            return _TOKEN_DECISIONS[d][dts.tokens.index(-1)]
        self._setup()
        return None

    @choice("offense")
    def _choose_offense(self, decision: Decision, action: Action) -> None:
        k = action.kind
        side = decision.side
        if k == "setup":  # the most frequent call first
            self.team_state[side].subs_open = False
            self.ctx["offense"] = k
            return
        if k == "sub" or k == "safe":
            self._call_change(side, action)
            return
        if k == "kick_stop":  # the coach ends kick it out early; the call goes on
            self.team_state[side].kick_until = -1
            self._ev("strategy", side, lambda: f"{self.teams[side].abbr} stop kicking it out")
            return
        self.team_state[side].subs_open = False
        if k == "timeout":
            self.team_state[side].timeouts -= 1
            self.timeout_called = True
            self.frontcourt = True
            self._rest_all(60)
            self._ev("timeout", side, lambda: f"timeout {self.teams[side].abbr} ({self.team_state[side].timeouts} left)")
            self.dead = True
            return
        self.ctx["offense"] = k
        if k == "three_point_offense":
            self.three_pt = True
        elif k == "kick_it_out":
            self.team_state[side].kick_used = True
            self.team_state[side].kick_until = max(0, self.clock - 180)
            self._ev("strategy", side, lambda: f"{self.teams[side].abbr} kick it out (until {_clock(self.team_state[side].kick_until)})")
        elif k == "milk":
            self.milk = action["zone"]

    @choice("defense")
    def _choose_defense(self, decision: Decision, action: Action) -> None:
        k = action.kind
        side = decision.side
        if k == "defense":
            mode, target = _MAN_PRESS.get(action.index, (None, -1))
            if mode is not None:  # man-to-man or the press (the most frequent calls)
                self.team_state[side].subs_open = False
                self.ctx["defense"] = k
                self.team_state[side].defense_mode = mode
                self.team_state[side].double = target
                self.team_state[side].helper = -1
                return
        elif k == "sub" or k == "safe":
            self._call_change(side, action)
            return
        self.team_state[side].subs_open = False
        self.ctx["defense"] = k
        if k == "desperation":
            self.desperation = True
            self.team_state[side].defense_mode = "man"
            self.team_state[side].double = -1
            return
        self.team_state[side].defense_mode = action["mode"]
        if action["mode"] == "zone":
            if action["align"] == "custom":
                self.team_state[side].tokens = [-1] * 5  # the tokens are placed one call each
            self.team_state[side].align = "custom" if action["align"] == "custom_keep" else action["align"]
            self.team_state[side].double = -1
        else:
            self.team_state[side].double = action["target"]
            self.team_state[side].helper = -1

    def _call_change(self, side: int, action: Action) -> None:
        """A lineup change inside the offense's or the defense's call."""
        if action.kind == "sub":
            self._substitute(side, action["slot"], action["player"])
        else:
            i = self.team_state[side].lineup[action["slot"]]
            self.team_state[side].safe[i] = not self.team_state[side].safe[i]
            self._ev("play_it_safe", side, lambda: f"{self.teams[side].players[i].name} plays it safe: {'on' if self.team_state[side].safe[i] else 'off'}")
        self.team_state[side].poss_changes += 1

    @choice("lineup")
    def _choose_lineup(self, decision: Decision, action: Action) -> None:
        k = action.kind
        side = decision.side
        if k == "done":
            self.windows.pop(0)
            self.changes = 0
        elif k == "sub":
            self._substitute(side, action["slot"], action["player"])
            self.changes += 1
        else:  # safe
            i = self.team_state[side].lineup[action["slot"]]
            self.team_state[side].safe[i] = not self.team_state[side].safe[i]
            self.changes += 1
            self._ev("play_it_safe", side, lambda: f"{self.teams[side].players[i].name} plays it safe: {'on' if self.team_state[side].safe[i] else 'off'}")

    @choice("replace")
    def _choose_replace(self, decision: Decision, action: Action) -> None:
        self._substitute(decision.side, action["slot"], action["player"])
        self.replace.pop(0)

    @choice("jumper")
    def _choose_jumper(self, decision: Decision, action: Action) -> None:
        self.team_state[decision.side].jumper = action["slot"]

    @choice("free_throw")
    def _choose_free_throw(self, decision: Decision, action: Action) -> None:
        self.ctx["intent_miss"] = action["miss"]
        self.ctx["asked"] = True

    @choice("helper")
    def _choose_helper(self, decision: Decision, action: Action) -> None:
        self.team_state[decision.side].helper = action["slot"]

    @choice("hold")
    def _choose_hold(self, decision: Decision, action: Action) -> None:
        self._hold(action["sec"])

    @choice("token")
    def _choose_token(self, decision: Decision, action: Action) -> None:
        self.team_state[decision.side].tokens[action["token"] - 1] = action["pair"]
