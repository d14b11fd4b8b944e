""""Read the 20-sided die" on the ballhandler's card (with every adjustment: stamina, fast break and
stick back, the "20" exceptions, 3-point mode "Call 'attempting 3-pointer'", pre-1986 threes),
made and missed shots, dunks, and "Avoiding Fouls - Option 2"'s baskets.

A mixin of :class:`~coachgym.rules.valueadd.engine.ValueAddEngine`; section names are the headings
of ``value-add-basketball-instructions.txt`` (see the engine's docstring for the order of the dice)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import FOULED, MADE2, MADE3, MISS20, MISSED2, MISSED3, PlayerCard
from .scoresheet import ONE_AND_ONE_FROM
from .state import FGA, FGM, TPA, TPM, PossessionContext

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object

_SHOT_TABLES: dict[tuple[Any, ...], tuple[list[int], list[int]]] = {}  # card.shot -> (normal, 3-point mode) tables


def _shot_tables(card: PlayerCard) -> tuple[list[int], list[int]]:
    """The card's 20-sided lookup tables (read-only), shared by every card with the same ranges."""
    t = _SHOT_TABLES.get(card.shot)
    if t is None:
        t = _SHOT_TABLES[card.shot] = (card.shot_table(), three_point_table(card))
    return t


def three_point_table(card: PlayerCard) -> list[int]:
    """'Call "attempting 3-pointer"': the made-3 range grows by k numbers, at most doubling, and each
    added number costs two made-2 numbers (one taken at the bottom, one at the top, which becomes a
    missed 2-pointer): Markus Howard's 1-4 / 5-7 becomes 1-5 / 6."""
    t3, t2 = card.shot[0], card.shot[1]
    len3, len2 = t3, t2 - t3
    k = min(len3, len2 // 2)
    table = card.shot_table()
    for r in range(1, t3 + k + 1):
        table[r] = MADE3
    for r in range(t2 - k + 1, t2 + 1):
        table[r] = MISSED2
    return table


class ShootingMixin(_Engine):
    ctx: PossessionContext  # (the engine's: declared for the type checker)
    def _d20_result(self, off: int, slot: int, d20: int) -> int:
        """The 20-sided die on the ballhandler's card, with every adjustment of the text."""
        c = self.ctx
        ts = self.team_state[off]
        i = ts.lineup[slot]
        roll = d20 + self.fatigue(off, slot)
        if c.get("fb") is not None or c.get("sb") is not None:
            roll -= 1  # fast break / stick back: "lowered by one"
        if roll < 1:
            roll = 1
        if roll >= 20:
            if roll == 20 and (ts.bonus20[slot] or (ts.assist20 and not self.card(off, slot).assist20)):
                return MADE2  # the "20" exceptions
            return MISS20
        table = self.three_tables[off][i] if ts.three_mode else self.tables[off][i]
        res: int = table[roll]
        pre = self.pre86_extra[off]
        if pre:
            if slot == 4 and res in (MADE3, MISSED3):
                res = MADE2 if res == MADE3 else MISSED2
            d8 = c.get("d8_roll", 0)
            add = pre["by_d8_slot"].get(slot, 0) if d8 == slot + 1 else (1 if d8 == 6 and pre["sixth_bonus"] else 0)
            if add and res == MADE2 and roll <= self.teams[off].players[i].shot[0] + add:
                res = MADE3
        if c.get("sb") == slot:  # the rebounder on a stick back cannot shoot a 3-pointer
            if res == MADE3:
                res = MADE2
            elif res == MISSED3:
                res = MISSED2
        return res

    def _basket(self, off: int, slot: int, pts: int) -> None:
        """A made field goal of ``pts`` points: the score and the shooter's FGM, FGA (and 3PM, 3PA)."""
        self._score(off, slot, pts)
        ts = self.team_state[off]
        st = ts.stats[ts.lineup[slot]]
        st[FGM] += 1
        st[FGA] += 1
        if pts == 3:
            st[TPM] += 1
            st[TPA] += 1

    def _avoid_basket(self, off: int, slot: int, d20: int, ds: int) -> None:
        """'Avoiding Fouls - Option 2': 31-36 become baskets for the man he guards (3 on a made 3)."""
        res = self._d20_result(off, slot, d20)
        pts = 3 if res == MADE3 else 2
        self._basket(off, slot, pts)
        if self.recording:
            self.event("made_3" if pts == 3 else "made_2", off,
                       f"  {self.pname(off, slot)} scores {pts} against a defender avoiding fouls [{self._score_text()}]")
        self.phase = "end"

    def _resolve_shot(self, off: int, slot: int, res: int, foul_by: int | None, ds: int, home_whistle: bool = False) -> None:
        """'Read the 20-sided die' with or without a 33-36 foul by ``foul_by``."""
        dfn = 1 - off
        rec = self.recording
        who = self.pname(off, slot) if rec else ""
        if res == MADE3 or res == MADE2:
            pts = 3 if res == MADE3 else 2
            self._basket(off, slot, pts)
            if foul_by is not None:
                if rec:
                    self.event("made_3" if pts == 3 else "made_2", off, f"  {who} scores {pts} and is fouled [{self._score_text()}]")
                self._foul(dfn, foul_by, off, slot, home_whistle)
                self._free_throws(off, slot, 1)
            else:
                if rec:
                    self.event("made_3" if pts == 3 else "made_2", off, f"  {who} makes a {pts}-pointer [{self._score_text()}]")
                self.phase = "end"
            return
        if res == FOULED:
            if foul_by is not None:
                # 33-36 foul and a "fouled" 20-sided result: one-and-one in the first two columns
                self._foul(dfn, foul_by, off, slot)
                one_and_one = self.period == 0 and self.box >= ONE_AND_ONE_FROM
                self._free_throws(off, slot, 2, one_and_one=one_and_one)
                return
            if self.avoiding(dfn, ds):
                # "any roll on the 20-sided die that would have resulted in a foul instead becomes a 2-point basket"
                self._avoid_basket_two(off, slot)
                return
            self._foul(dfn, ds, off, slot)
            self._free_throws(off, slot, 2)
            return
        three = res == MISSED3
        if foul_by is not None:
            self._foul(dfn, foul_by, off, slot, home_whistle)
            if rec:
                self.event("shooting_foul", off, f"  {who} is fouled on a missed {'3' if three else '2'}-pointer")
            # a missed 3: three shots; a missed 2: two (the documented reading) or the text's three
            # (option missed_two_free_throws), never more than two for the home whistle ("2 or 3
            # shots depending on if he missed a 2-point shot or 3-point shot") or a stick back ("only
            # gets two free throws for being fouled on a 2-point shot")
            two = 2 if home_whistle or self.ctx.get("sb") is not None else self.options.missed_two_free_throws
            self._free_throws(off, slot, 3 if three else two)
            return
        self._stat(off, slot, FGA)
        if three:
            self._stat(off, slot, TPA)
        if rec:
            self.event("miss", off, f"  {who} misses a {'3' if three else '2'}-pointer")
        self._rebound(slot, ft=False)

    def _avoid_basket_two(self, off: int, slot: int) -> None:
        self._basket(off, slot, 2)
        if self.recording:
            self.event("made_2", off, f"  {self.pname(off, slot)} scores 2 against a defender avoiding fouls [{self._score_text()}]")
        self.phase = "end"

    def _dunk(self, off: int, slot: int) -> None:
        self._basket(off, slot, 2)
        if self.recording:
            self.event("dunk", off, f"  {self.pname(off, slot)} dunks (+2) [{self._score_text()}]")
        self.phase = "end"
