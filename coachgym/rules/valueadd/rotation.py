"""The five on the court and who gets the ball: "Choose when (and if) to use reserves" (rotation
options 1-3, the 22 assumed possessions' statistics, option 2's starters returning after
possession 38), "In most cases, player with 6, 7 or 8 on card gets ball" (extra numbers and the
"20"), the "Advanced rule for 3-point shots for players 1986 or earlier" and the team's dunk range
("Determine dunk range from no dunk range").

A mixin of :class:`~coachgym.rules.valueadd.engine.ValueAddEngine`; section names are the headings
of ``value-add-basketball-instructions.txt`` (see the engine's docstring for the order of the dice)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import AWAY, HOME
from .cards import Team
from .scoresheet import BOXES
from .shooting import _shot_tables
from .state import DREB, PF, POS, PTS, STATS, STL

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object

_NUMBERS_CACHE: dict[tuple[Any, ...], tuple[list[Any], list[bool]]] = {}  # (option, extras of the five) -> extra_number_holders


def extra_number_holders(extras: tuple[tuple[int, ...], ...], option: int) -> tuple[list[Any], list[bool]]:
    """'In most cases, player with 6, 7 or 8 on card gets ball': who gets the 6, 7 and 8 (a lineup
    slot or None each) and which slots write a "20", from the extra numbers printed on the cards of
    the five (PG to C). Option 2 (Basic): the numbers pass down the lineup, the first player with
    extra numbers takes 6 (and 7 for two numbers) ...; a player left without one gets the "20".
    Option 1 (Simple): the numbers as printed, the higher player keeping a shared number."""
    holders: list[int | None] = [None, None, None]
    bonus = [False] * 5
    if option == 2:
        nxt = 0
        for slot, ext in enumerate(extras):
            m = len(ext)
            if not m:
                continue
            if nxt >= 3:
                bonus[slot] = True  # all three numbers used by players above him
                continue
            for _ in range(m):
                if nxt < 3:
                    holders[nxt] = slot
                    nxt += 1
    else:
        for num in (6, 7, 8):
            for slot, ext in enumerate(extras):
                if num in ext:
                    holders[num - 6] = slot
                    break
        for slot, ext in enumerate(extras):
            # "not able to use his 6, 7 or 8": every number he prints went to a higher player
            if ext and slot not in holders:
                bonus[slot] = True
    return holders, bonus


class RotationMixin(_Engine):
    def _build_tables(self) -> None:
        self.tables = [[_shot_tables(p)[0] for p in t.players] for t in self.teams]
        self.three_tables = [[_shot_tables(p)[1] for p in t.players] for t in self.teams]
        self._penalties = self.options.stamina_penalties
        self._stamina = [[p.stamina for p in t.players] for t in self.teams]  # for fatigue
        # "Determine dunk range": team dunk range adjusted by the opponent's "adj opp dunk/layup"
        self.dunk_net = [self.teams[HOME].dunk + self.teams[AWAY].defense_adjust,
                         self.teams[AWAY].dunk + self.teams[HOME].defense_adjust]
        self.pre86_extra = [self._pre86(side) for side in (HOME, AWAY)]
        self.reserve_slots = [self._reserves(t) for t in self.teams]  # the reserve of each position
        self._extras = [[p.extra for p in t.players] for t in self.teams]  # for _assign_numbers
        self._assist20 = [[p.assist20 for p in t.players] for t in self.teams]

    def _pre86(self, side: int) -> dict[str, Any]:
        """'Advanced rule for 3-point shots for players 1986 or earlier' (computed from the starting C)."""
        if not self.options.pre_1986_threes:
            return {}
        team = self.teams[side]
        center = team.players[team.lineup[4]]
        c3 = center.shot[0]
        extra = {}
        if c3 >= 1:
            extra[1] = 2 if c3 >= 3 else 1  # SG, on an 8-sided roll of 2
        if c3 >= 2:
            extra[0] = 1  # PG, on an 8-sided roll of 1
        return {"by_d8_slot": extra, "sixth_bonus": bool(set(center.extra) & {7, 8})}

    def _setup_team(self, side: int, tip: list[int] | None = None) -> None:
        """'Choose when (and if) to use reserves' and the 22 assumed possessions' statistics.

        ``tip``: the five the coach put on the court before the tip under options 1 and 2 ("Choose 5
        starters for each team" - the starters under option 1; under option 2 the reserves who play
        possessions 44-38); by default the team file's ``lineup`` and ``reserves``."""
        team, ts = self.teams[side], self.team_state[side]
        rot = self.options.rotation
        starters = list(tip) if rot == 1 and tip is not None else list(team.lineup)
        reserves = list(tip) if rot == 2 and tip is not None else self._reserves(team)
        if tip is not None:  # before the tip nothing but the assumed lines has happened: start them again
            n = len(ts.fouls)
            ts.fouls = [0] * n
            ts.stats = [[0] * len(STATS) for _ in range(n)]
        ts.lineup = list(starters)
        for slot, i in enumerate(starters):
            st = ts.stats[i]
            ts.fouls[i] = 1  # "all players start with one foul"
            st[PF] = 1
            if rot == 1:  # starters only: 4 points, guards 2 rebounds + 1 steal, forwards/center 3 rebounds
                st[PTS] = 4
                st[DREB] = 2 if slot < 2 else 3
            else:
                st[PTS] = 2
                st[DREB] = 1 if slot < 2 else 2
            if slot < 2:
                st[STL] = 1
        if rot != 1:
            for r in reserves:
                if r is not None:
                    ts.stats[r][PTS] += 2
                    ts.stats[r][DREB] += 1
                    ts.fouls[r] = max(ts.fouls[r], 1)
                    ts.stats[r][PF] = ts.fouls[r]
        if rot == 2:  # reserves play possessions 44 to 38
            for slot, r in enumerate(reserves):
                if r is not None:
                    ts.lineup[slot] = r
        self._assign_numbers(side)

    def _pregame(self) -> bool:
        """Options 1 and 2: the menus before the game's first possession choose the five at the tip
        ("Choose 5 starters", "put all reserves in their most logical position")."""
        return self.options.rotation != 3 and self.box == BOXES and self.period == 0 and self.turn == 0 and self.half == 0

    @staticmethod
    def _reserves(team: Team) -> list[int | None]:
        if any(r is not None for r in team.reserves):
            return list(team.reserves)
        bench = [i for i in range(len(team.players)) if i not in team.lineup][:5]
        return bench + [None] * (5 - len(bench))

    def _assign_numbers(self, side: int) -> None:
        """'In most cases, player with 6, 7 or 8 on card gets ball' (options 1 and 2) and the "20"."""
        ts = self.team_state[side]
        extra, lu = self._extras[side], ts.lineup
        key = (self.options.extra_numbers, extra[lu[0]], extra[lu[1]], extra[lu[2]], extra[lu[3]], extra[lu[4]])
        known = _NUMBERS_CACHE.get(key)
        if known is None:
            known = _NUMBERS_CACHE[key] = extra_number_holders(key[1:], key[0])
        ts.holders, ts.bonus20 = known  # shared lists, never mutated
        a20 = self._assist20[side]
        ts.assist20 = a20[lu[0]] or a20[lu[1]] or a20[lu[2]] or a20[lu[3]] or a20[lu[4]]

    def _starters_return(self, side: int) -> None:
        """Rotation option 2: after possession 38 'discard all reserves' and play the starters."""
        team, ts = self.teams[side], self.team_state[side]
        for slot, starter in enumerate(team.lineup):
            if ts.lineup[slot] != starter and ts.fouls[starter] < self.options.foul_limit and starter not in ts.lineup:
                if self.recording:
                    self.event("sub", side, f"{team.players[starter].name} replaces {team.players[ts.lineup[slot]].name} at {POS[slot]}")
                ts.lineup[slot] = starter
        self._assign_numbers(side)
