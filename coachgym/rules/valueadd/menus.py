"""The coaches' menus before a possession: substitutions and position swaps (rotation option 3, or
the five at the tip under options 1 and 2), replacing a player who fouled out, "Defense chooses to
switch defenders", "Avoiding Fouls", "Call 'attempting 3-pointer'", the intentional foul and
"Roll 8-sided die first" (advanced game options).

A mixin of :class:`~coachgym.rules.valueadd.engine.ValueAddEngine`; section names are the headings
of ``value-add-basketball-instructions.txt`` (see the engine's docstring for the order of the dice)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.engine import SIDE_NAMES, Decision
from ...core.phases import choice
from . import actions as A
from .options import ValueAddOptions
from .scoresheet import BOXES, D8_FIRST_FROM, LAST_NINE_FROM
from .state import POS, PossessionContext

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object

# Menu decisions depend only on the key built in ValueAddEngine._menu_decision: shared by all games.
_MENU_CACHE: dict[tuple[Any, ...], Decision] = {}
_MENU_TAIL_CACHE: dict[tuple[Any, ...], tuple[int, ...]] = {}
_OPTIONS_IDS: dict[ValueAddOptions, int] = {}  # options interned to a small int for cache keys


def _options_id(options: ValueAddOptions) -> int:
    return _OPTIONS_IDS.setdefault(options, len(_OPTIONS_IDS))


class MenuMixin(_Engine):
    ctx: PossessionContext  # (the engine's: declared for the type checker)
    def _must_fill(self, side: int) -> list[int]:
        """Slots held by a fouled-out player who can be replaced from the bench."""
        ts = self.team_state[side]
        if not ts.fouled_out:
            return []
        lim = self.options.foul_limit
        out = [s for s, i in enumerate(ts.lineup) if ts.fouls[i] >= lim]
        if out and self._bench(side):
            return out
        return []

    def _bench(self, side: int) -> list[int]:
        ts = self.team_state[side]
        lineup = ts.lineup
        n = min(len(ts.fouls), A.MAX_ROSTER)
        if not ts.fouled_out:
            return [i for i in range(n) if i not in lineup]
        lim = self.options.foul_limit
        return [i for i in range(n) if i not in lineup and ts.fouls[i] < lim]

    def _fouled_out_on_court(self) -> int | None:
        """A team with a fouled-out player still on the court (and a bench to replace him)."""
        for side in (1 - self.offense, self.offense):
            if self.team_state[side].fouled_out and self._must_fill(side):
                return side
        return None

    def _fill_legal(self, side: int) -> tuple[int, ...]:
        fill = self._must_fill(side)
        return tuple(sorted(A.SUBSTITUTE[(i, s)] for i in self._bench(side) for s in fill))

    def _menu_legal(self, side: int, kind: str) -> tuple[int, ...]:
        return self._menu_decision(side, kind).legal

    def _compute_menu_legal(self, side: int, kind: str) -> tuple[int, ...]:
        """Legal menu actions, built in action-table order (PLAY, substitutions, swaps, switches,
        avoid fouls, 3-point mode, intentional foul, 8-sided die first) so no sort is needed."""
        o = self.options
        fill = self._must_fill(side)
        changes_left = self.menu_changes < A.MENU_CHANGE_LIMIT
        legal: list[int] = [] if fill else [A.PLAY]
        if fill:
            for i in self._bench(side):
                legal.extend(A.SUBSTITUTE[(i, s)] for s in fill)
            return tuple(legal)
        pregame = self._pregame()
        if changes_left and (o.rotation == 3 or pregame):
            starters = self.teams[side].lineup if o.rotation == 2 else ()  # option 2's tip five are reserves
            for i in self._bench(side):
                if i not in starters:
                    legal.extend(A.SUBSTITUTE_ROW[i])
        legal.extend(self._static_menu_tail(kind, changes_left, self.in_last_nine(), self.box <= D8_FIRST_FROM, pregame))
        return tuple(legal)

    def _static_menu_tail(self, kind: str, changes_left: bool, last_nine: bool, d8_window: bool,
                          pregame: bool = False) -> tuple[int, ...]:
        key = (kind, changes_left, last_nine, d8_window, pregame, self._options_id)
        tail = _MENU_TAIL_CACHE.get(key)
        if tail is None:
            o = self.options
            out: list[int] = []
            if changes_left:
                if o.rotation == 3 or pregame:
                    out.extend(A.SWAP.values())
                if o.switches:
                    out.extend(A.SWITCH.values())
                if o.avoid_fouls:
                    out.extend(A.AVOID)
                if kind == "offense_menu" and o.three_point_mode:
                    out.append(A.THREE_POINT_MODE)
            if kind == "defense_menu" and o.intentional_fouls and last_nine:
                out.append(A.INTENTIONAL_FOUL)
            if kind == "offense_menu" and o.d8_first and d8_window:
                out.append(A.D8_FIRST)
            tail = _MENU_TAIL_CACHE[key] = tuple(out)
        return tail

    def _menu_decision(self, side: int, kind: str) -> Decision:
        """The menu before a possession. Its legal set only changes with the lineup, foul-outs, the
        change count and the box window, so decisions are cached on those."""
        ts = self.team_state[side]
        lu = ts.lineup
        if ts.fouled_out:
            out = tuple(i for i, f in enumerate(ts.fouls) if f >= self.options.foul_limit)
            members: tuple[int, ...] | int = tuple(lu)  # the slots of fouled-out players matter
        else:
            out = ()
            members = (1 << lu[0]) | (1 << lu[1]) | (1 << lu[2]) | (1 << lu[3]) | (1 << lu[4])  # only the bench matters
        box, period = self.box, self.period
        # before the tip the team's starters matter too (option 2 keeps them off the bench's list)
        tip = box == BOXES and period == 0 and self._turn == 0 and self.half == 0 and self.teams[side].lineup
        key = (side, kind, self.menu_changes < A.MENU_CHANGE_LIMIT, members, out, len(ts.fouls),
               period > 0 or box <= LAST_NINE_FROM, box <= D8_FIRST_FROM, tip, self._options_id)
        d = _MENU_CACHE.get(key)
        if d is None:
            if len(_MENU_CACHE) > 200_000:
                _MENU_CACHE.clear()
            role = "defense" if kind == "defense_menu" else "offense"
            when = ("the tip (choose the five who start)" if self.options.rotation != 3 and self._pregame()
                    else "the possession")
            d = _MENU_CACHE[key] = Decision(side, kind, self._compute_menu_legal(side, kind),
                                            f"{SIDE_NAMES[side]} team on {role}: changes before {when}")
        return d

    @choice("defense_menu")
    def _choose_defense_menu(self, decision: Decision, act: Action) -> None:
        """A menu's choice: a change (the menu stays open), "play", or a call that starts the possession."""
        k = act.kind
        if k == "play":
            if decision.kind == "defense_menu":
                self.phase = "offense_menu"
            else:
                self._count_possession()
                self.phase = "roll"
            self.menu_changes = 0
            return
        side = decision.side
        ts, team = self.team_state[side], self.teams[side]
        if k == "intentional_foul":
            self.ctx["intentional"] = True
            if self.recording:
                self.event("intentional_foul", side, f"{team.name} will foul intentionally")
            self.phase = "offense_menu"
            self.menu_changes = 0
            return
        if k == "d8_first":
            if self.recording:
                self.event("d8_first", side, f"{team.name} rolls the 8-sided die first")
            self._count_possession()
            self.phase = "d8_roll"
            return
        self.menu_changes += 1
        if k == "substitute":
            i, s = act["player"], act["slot"]
            out = ts.lineup[s]
            ts.lineup[s] = i
            self._assign_numbers(side)
            if self.recording:
                self.event("sub", side, f"{team.players[i].name} replaces {team.players[out].name} at {POS[s]}",
                           player_in=i, player_out=out, slot=s)
            if self.options.rotation != 3 and self._pregame():
                self._setup_team(side, ts.lineup)  # the assumed lines go to the five chosen for the tip
        elif k == "swap_positions":
            a, b = act["a"], act["b"]
            ts.lineup[a], ts.lineup[b] = ts.lineup[b], ts.lineup[a]
            self._assign_numbers(side)
            if self.recording:
                self.event("swap", side, f"{team.players[ts.lineup[a]].name} moves to {POS[a]}, "
                           f"{team.players[ts.lineup[b]].name} to {POS[b]}", a=a, b=b)
            if self.options.rotation != 3 and self._pregame():
                self._setup_team(side, ts.lineup)
        elif k == "switch_defenders":
            a, b = act["a"], act["b"]
            ts.guards[a], ts.guards[b] = ts.guards[b], ts.guards[a]
            if self.recording:
                self.event("switch", side, f"defensive switch: {self.pname(side, a)} now guards the {POS[ts.guards[a]]}, "
                           f"{self.pname(side, b)} the {POS[ts.guards[b]]}", a=a, b=b)
        elif k == "avoid_fouls":
            s = act["slot"]
            i = ts.lineup[s]
            ts.avoiding[i] = not ts.avoiding[i]
            if self.recording:
                self.event("avoid_fouls", side, f"{self.pname(side, s)} {'avoids fouls' if ts.avoiding[i] else 'defends normally'}",
                           slot=s, on=ts.avoiding[i])
        elif k == "three_point_mode":
            ts.three_mode = not ts.three_mode
            if self.recording:
                self.event("three_point_mode", side, f"{team.name} {'is attempting 3-pointers' if ts.three_mode else 'stops forcing 3-pointers'}",
                           on=ts.three_mode)

    _choose_offense_menu = choice("offense_menu")(_choose_defense_menu)  # both menus are applied alike
    _apply_menu = _choose_defense_menu  # (the replacement of a fouled-out player too)
