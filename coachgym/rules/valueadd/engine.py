"""Value Add Basketball rules engine (plain Python, no Gymnasium).

Section names in comments are the headings of ``value-add-basketball-instructions.txt``; every
interpretation is written up in ``docs/rules/value-add-basketball.md``.

Order of the dice of one roll (what a ScriptedSource must hand out): ``d8 ballhandler``,
``d6 tens``, ``d6 ones``, ``d20 offensive card`` (the 20-sided die is skipped on an intentional
foul: "Roll only 3 dice"). A free throw is one ``d20 free throw``; the Rebound Chart is
``d20 rebound chart`` then ``d6 rebound``. "Roll 8-sided die first" rolls ``d8 ballhandler`` alone,
then ``d6 tens``, ``d6 ones``, ``d20 offensive card`` if the player shoots.
"""

from __future__ import annotations

from typing import Any

from ...core.actions import Action
from ...core.boxscore import BoxScore, PlayerLine, TeamBox
from ...core.chance import ChanceSource
from ...core.engine import AWAY, HOME, SIDE_NAMES, Decision, Engine
from . import actions as A
from .cards import FOULED, MADE2, MADE3, MISS20, MISSED2, MISSED3, RESULT_NAMES, PlayerCard, Team
from .options import ValueAddOptions
from .scoresheet import (BOXES, D8_FIRST_FROM, LAST_NINE_FROM, ONE_AND_ONE_FROM, REBOUND_CHART, is_shaded,
                         nonshaded_rebounder)

POS = A.POSITIONS
# player statistics, in box-score order
STATS = ("POSS", "PTS", "FGM", "FGA", "3PM", "3PA", "FTM", "FTA", "OREB", "DREB", "STL", "BLK", "TO", "PF")
(POSS, PTS, FGM, FGA, TPM, TPA, FTM, FTA, OREB, DREB, STL, BLK, TOV, PF) = range(len(STATS))

# "Steals (advanced rules)": extra opposing players a range reaches on a 16 (from the bottom up)
STEAL_EXTRA_ON_16 = {17: 1, 18: 2, 19: 3, 21: 1, 22: 2}
# "Blocks (advanced rules)": extra opposing players a range reaches on a 26 (from the top down)
BLOCK_EXTRA_ON_26 = {27: 1, 28: 2, 29: 3, 31: 1, 32: 2}
# "Steal and Block Ranges Much Lower if 8-sided Die 6, 7 or 8": team defense thresholds
TEAM_STEAL_NEEDS = {11: 13, 12: 16, 13: 19}
TEAM_BLOCK_NEEDS = {21: 23, 22: 26, 23: 29}
FAST_BREAK_ODD_ROLLS = (11, 13, 15, 31)  # forwards may fast break only after these steal rolls
# Menu decisions depend only on the key built in ValueAddEngine._menu_decision: shared by all games.
_MENU_CACHE: dict[tuple, Decision] = {}
_MENU_TAIL_CACHE: dict[tuple, tuple[int, ...]] = {}
_OPTIONS_IDS: dict[ValueAddOptions, int] = {}  # options interned to a small int for cache keys


_SHOT_TABLES: dict[tuple, tuple[list[int], list[int]]] = {}  # card.shot -> (normal, 3-point mode) tables
_NUMBERS_CACHE: dict[tuple, tuple[list, list[bool]]] = {}  # (option, extras of the five) -> extra_number_holders


def _options_id(options: ValueAddOptions) -> int:
    return _OPTIONS_IDS.setdefault(options, len(_OPTIONS_IDS))


def _shot_tables(card: PlayerCard) -> tuple[list[int], list[int]]:
    """The card's 20-sided lookup tables (read-only), shared by every card with the same ranges."""
    t = _SHOT_TABLES.get(card.shot)
    if t is None:
        t = _SHOT_TABLES[card.shot] = (card.shot_table(), three_point_table(card))
    return t


def extra_number_holders(extras: tuple[tuple[int, ...], ...], option: int) -> tuple[list, list[bool]]:
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


class TeamState:
    """Everything that changes for one team during a game."""

    __slots__ = ("lineup", "guards", "avoiding", "three_mode", "fouls", "played", "stats", "points",
                 "team_turnovers", "fouled_out", "holders", "bonus20", "assist20")

    def __init__(self, n_players: int):
        self.lineup: list[int] = []
        self.guards: list[int] = [0, 1, 2, 3, 4]  # guards[defensive slot] = offensive slot he guards
        self.avoiding: list[bool] = [False] * n_players  # "avoid fouls" per player
        self.three_mode = False
        self.fouls = [0] * n_players
        self.played = [0] * n_players
        self.stats = [[0] * len(STATS) for _ in range(n_players)]
        self.points = 20
        self.team_turnovers = 0
        self.fouled_out = 0  # players who have reached the foul limit
        self.holders: list[int | None] = [None, None, None]  # slot holding 6, 7, 8
        self.bonus20: list[bool] = [False] * 5  # slot scores on a 20 ("20" for extra numbers)
        self.assist20 = False  # an "Assist 20" card is on the court

    def to_dict(self) -> dict:
        return {k: getattr(self, k) for k in ("lineup", "guards", "avoiding", "three_mode", "fouls", "played",
                                              "stats", "points", "team_turnovers", "fouled_out")}

    @classmethod
    def from_dict(cls, d: dict) -> "TeamState":
        ts = cls(len(d["fouls"]))
        for k, v in d.items():
            setattr(ts, k, v)
        return ts


class ValueAddEngine(Engine):
    """One game of Value Add Basketball between a home and an away team."""

    ruleset = "valueadd"
    version = 1
    actions = A.ACTIONS
    decision_kinds = ("defense_menu", "offense_menu", "replace_fouled_out", "d8_choice", "fast_break", "stick_back", "dunk_choice",
                      "choose_dunker", "choose_stop_rebounder", "choose_rebounder")

    def __init__(self, home: Team, away: Team, source: ChanceSource | None = None, *,
                 options: ValueAddOptions | None = None, record_events: bool = True):
        super().__init__(source, record_events=record_events)
        self.rec = record_events  # build event text only when events are recorded
        self.options = options or ValueAddOptions()
        self._options_id = _options_id(self.options)
        self.teams: list[Team] = [home, away]
        self.ts: list[TeamState] = [TeamState(len(home.players)), TeamState(len(away.players))]
        self.period = 0  # 0 regulation, k = k-th overtime
        self.box = BOXES
        self.half = 0  # 0 top, 1 bottom ("Recording the last 9 possessions above the diagonal line")
        self.turn = 0  # 0: away's possession of the half-box, 1: home's
        self.extra_box = False  # a bottom half has been earned for this box
        self.phase = "start"
        self.ctx: dict[str, Any] = {}
        self.next_fast_break: int | None = None  # slot of the stealer who leads the next possession's fast break
        self.menu_changes = 0
        self._build_tables()
        for side in (HOME, AWAY):
            self._setup_team(side)
        self.event("tip", None, f"{away.name} at {home.name}: 44 possessions to play, score 20-20 "
                   f"(rotation option {self.options.rotation})")
        self.start()

    # ================================================================== set-up
    def _build_tables(self) -> None:
        self.tables = [[_shot_tables(p)[0] for p in t.players] for t in self.teams]
        self.three_tables = [[_shot_tables(p)[1] for p in t.players] for t in self.teams]
        self._penalties = self.options.stamina_penalties
        # "Determine dunk range": team dunk range adjusted by the opponent's "adj opp dunk/layup"
        self.dunk_net = [self.teams[HOME].dunk + self.teams[AWAY].defense_adjust,
                         self.teams[AWAY].dunk + self.teams[HOME].defense_adjust]
        self.pre86_extra = [self._pre86(side) for side in (HOME, AWAY)]
        self.reserve_slots = [self._reserves(t) for t in self.teams]  # the reserve of each position
        self._extras = [[p.extra for p in t.players] for t in self.teams]  # for _assign_numbers
        self._assist20 = [[p.assist20 for p in t.players] for t in self.teams]

    def _pre86(self, side: int) -> dict:
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
        team, ts = self.teams[side], self.ts[side]
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
        ts = self.ts[side]
        extra, lu = self._extras[side], ts.lineup
        key = (self.options.extra_numbers, extra[lu[0]], extra[lu[1]], extra[lu[2]], extra[lu[3]], extra[lu[4]])
        known = _NUMBERS_CACHE.get(key)
        if known is None:
            known = _NUMBERS_CACHE[key] = extra_number_holders(key[1:], key[0])
        ts.holders, ts.bonus20 = known  # shared lists, never mutated
        a20 = self._assist20[side]
        ts.assist20 = a20[lu[0]] or a20[lu[1]] or a20[lu[2]] or a20[lu[3]] or a20[lu[4]]

    # ================================================================== helpers
    @property
    def score(self) -> tuple[int, int]:
        return self.ts[HOME].points, self.ts[AWAY].points

    @property
    def turn(self) -> int:
        """0: the away team's possession of the half-box, 1: the home team's."""
        return self._turn

    @turn.setter
    def turn(self, value: int) -> None:
        self._turn = value
        self.offense = AWAY if value == 0 else HOME  # the side with the ball (a plain attribute: read often)

    def card(self, side: int, slot: int) -> PlayerCard:
        return self.teams[side].players[self.ts[side].lineup[slot]]

    def pname(self, side: int, slot: int) -> str:
        return f"{self.teams[side].players[self.ts[side].lineup[slot]].name} ({POS[slot]})"

    def fatigue(self, side: int, slot: int) -> int:
        """Stamina penalty of the player in ``slot``: 0, 1 once tired, 2 past double his stamina."""
        if not self._penalties:
            return 0
        ts = self.ts[side]
        i = ts.lineup[slot]
        played = ts.played[i]
        stamina = self.teams[side].players[i].stamina
        if played <= stamina:
            return 0
        return 1 if played <= 2 * stamina else 2

    def defender_of(self, dside: int, oslot: int) -> int:
        """Defensive slot guarding offensive slot ``oslot`` (after switches)."""
        return self.ts[dside].guards.index(oslot)

    def avoiding(self, side: int, slot: int) -> bool:
        ts = self.ts[side]
        return ts.avoiding[ts.lineup[slot]]

    def has_point_guard(self, side: int) -> bool:
        """'No Point Guard in Game': the player at the top of the five must be a point guard."""
        return self.card(side, 0).point_guard

    def in_last_nine(self) -> bool:
        return self.period > 0 or self.box <= LAST_NINE_FROM

    def box_label(self) -> str:
        b = f"OT{self.period} box {self.box}" if self.period else f"box {self.box}"
        return b + (" (bottom)" if self.half else "")

    def _stat(self, side: int, slot: int, stat: int, n: int = 1) -> None:
        ts = self.ts[side]
        ts.stats[ts.lineup[slot]][stat] += n

    def _score(self, side: int, slot: int, pts: int) -> None:
        self.ts[side].points += pts
        self._stat(side, slot, PTS, pts)

    # ================================================================== flow of possessions
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

    def _starters_return(self, side: int) -> None:
        """Rotation option 2: after possession 38 'discard all reserves' and play the starters."""
        team, ts = self.teams[side], self.ts[side]
        for slot, starter in enumerate(team.lineup):
            if ts.lineup[slot] != starter and ts.fouls[starter] < self.options.foul_limit and starter not in ts.lineup:
                if self.rec:
                    self.event("sub", side, f"{team.players[starter].name} replaces {team.players[ts.lineup[slot]].name} at {POS[slot]}")
                ts.lineup[slot] = starter
        self._assign_numbers(side)

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

    # ================================================================== menus
    def _must_fill(self, side: int) -> list[int]:
        """Slots held by a fouled-out player who can be replaced from the bench."""
        ts = self.ts[side]
        if not ts.fouled_out:
            return []
        lim = self.options.foul_limit
        out = [s for s, i in enumerate(ts.lineup) if ts.fouls[i] >= lim]
        if out and self._bench(side):
            return out
        return []

    def _bench(self, side: int) -> list[int]:
        ts = self.ts[side]
        lineup = ts.lineup
        n = min(len(ts.fouls), A.MAX_ROSTER)
        if not ts.fouled_out:
            return [i for i in range(n) if i not in lineup]
        lim = self.options.foul_limit
        return [i for i in range(n) if i not in lineup and ts.fouls[i] < lim]

    def _fouled_out_on_court(self) -> int | None:
        """A team with a fouled-out player still on the court (and a bench to replace him)."""
        for side in (1 - self.offense, self.offense):
            if self.ts[side].fouled_out and self._must_fill(side):
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
        ts = self.ts[side]
        lu = ts.lineup
        if ts.fouled_out:
            out = tuple(i for i, f in enumerate(ts.fouls) if f >= self.options.foul_limit)
            members = tuple(lu)  # the slots of fouled-out players matter
        else:
            out = ()
            members = (1 << lu[0]) | (1 << lu[1]) | (1 << lu[2]) | (1 << lu[3]) | (1 << lu[4])  # only the bench matters
        key = (side, kind, self.menu_changes < A.MENU_CHANGE_LIMIT, members, out, len(ts.fouls),
               self.period > 0 or self.box <= LAST_NINE_FROM, self.box <= D8_FIRST_FROM,
               self.box == BOXES and self.period == 0 and self.turn == 0 and self.half == 0, self._options_id)
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

    def _apply_menu(self, decision: Decision, act: Action) -> None:
        side = decision.side
        ts, team = self.ts[side], self.teams[side]
        k = act.kind
        if k == "play":
            if decision.kind == "defense_menu":
                self.phase = "offense_menu"
            else:
                self._count_possession()
                self.phase = "roll"
            self.menu_changes = 0
            return
        if k == "intentional_foul":
            self.ctx["intentional"] = True
            if self.rec:
                self.event("intentional_foul", side, f"{team.name} will foul intentionally")
            self.phase = "offense_menu"
            self.menu_changes = 0
            return
        if k == "d8_first":
            if self.rec:
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
            if self.rec:
                self.event("sub", side, f"{team.players[i].name} replaces {team.players[out].name} at {POS[s]}",
                           player_in=i, player_out=out, slot=s)
            if self.options.rotation != 3 and self._pregame():
                self._setup_team(side, ts.lineup)  # the assumed lines go to the five chosen for the tip
        elif k == "swap_positions":
            a, b = act["a"], act["b"]
            ts.lineup[a], ts.lineup[b] = ts.lineup[b], ts.lineup[a]
            self._assign_numbers(side)
            if self.rec:
                self.event("swap", side, f"{team.players[ts.lineup[a]].name} moves to {POS[a]}, "
                           f"{team.players[ts.lineup[b]].name} to {POS[b]}", a=a, b=b)
            if self.options.rotation != 3 and self._pregame():
                self._setup_team(side, ts.lineup)
        elif k == "switch_defenders":
            a, b = act["a"], act["b"]
            ts.guards[a], ts.guards[b] = ts.guards[b], ts.guards[a]
            if self.rec:
                self.event("switch", side, f"defensive switch: {self.pname(side, a)} now guards the {POS[ts.guards[a]]}, "
                           f"{self.pname(side, b)} the {POS[ts.guards[b]]}", a=a, b=b)
        elif k == "avoid_fouls":
            s = act["slot"]
            i = ts.lineup[s]
            ts.avoiding[i] = not ts.avoiding[i]
            if self.rec:
                self.event("avoid_fouls", side, f"{self.pname(side, s)} {'avoids fouls' if ts.avoiding[i] else 'defends normally'}",
                           slot=s, on=ts.avoiding[i])
        elif k == "three_point_mode":
            ts.three_mode = not ts.three_mode
            if self.rec:
                self.event("three_point_mode", side, f"{team.name} {'is attempting 3-pointers' if ts.three_mode else 'stops forcing 3-pointers'}",
                           on=ts.three_mode)

    # ================================================================== in-possession choices
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

    # ================================================================== the roll
    def _d8_first_roll(self) -> None:
        """'ADVANCED GAME OPTION - Roll 8-sided die first, then others' (last four possessions)."""
        off = self.offense
        d8 = self.source.roll(8, "d8 ballhandler")
        slot = self._ballhandler(off, d8)
        if slot is None:
            # nobody holds that number: the second roll rules apply (6-8 is a shot-clock turnover)
            if self.rec:
                self.event("no_ballhandler", off, f"8-sided die {d8}: nobody holds it; roll again (10 seconds left)")
            self.ctx["second"] = True
            self.phase = "roll"
            return
        self.ctx["d8_value"] = d8
        self.ctx["d8_slot"] = slot
        if self.rec:
            self.event("d8", off, f"8-sided die {d8}: the ball goes to {self.pname(off, slot)}")
        self.phase = "d8_choice"

    def _ballhandler(self, off: int, d8: int) -> int | None:
        """'Read the 8-sided die to see which player gets ball'."""
        if d8 <= 5:
            return d8 - 1
        c = self.ctx
        if c.get("fb") is not None:  # fast break: 6-8 go to the player who stole the ball
            return c["fb"]
        if c.get("sb") is not None:  # stick back: 6-8 go to the rebounder
            return c["sb"]
        if c.get("second") or c.get("passing") or not self.has_point_guard(off):
            return None
        return self.ts[off].holders[d8 - 6]

    def _roll(self) -> None:
        off, dfn = self.offense, 1 - self.offense
        c = self.ctx
        src = self.source
        intentional = c.get("intentional", False)
        fixed = c.pop("d8", None)
        d8 = fixed if fixed is not None else src.roll(8, "d8 ballhandler")
        r = src.roll(6, "d6 tens") * 10 + src.roll(6, "d6 ones")
        d20 = 0 if intentional else src.roll(20, "d20 offensive card")
        slot = self._ballhandler(off, d8)
        c["d8_roll"] = d8
        if self.rec:
            self.event("roll", off, f"  dice: 8-sided {d8}, 11-66 {r}" + ("" if intentional else f", 20-sided {d20}"),
                       d8=d8, r=r, d20=d20)
        if slot is None:
            if c.get("second") or c.get("passing"):
                self._shot_clock_violation(off)
                return
            # "The only exception ... the 11-66 roll is in the team's dunk range"
            n = self.dunk_net[off]
            if not intentional and n > 0 and 51 <= r <= 50 + n:
                self.phase = "choose_dunker"
                return
            if not intentional and n < 0 and 51 <= r <= 50 - n:
                self.phase = "choose_stop_rebounder"
                return
            if self.rec:
                self.event("no_ballhandler", off, f"  nobody gets the ball on a {d8}: roll again (10 seconds left)")
            c["second"] = True
            return  # phase stays "roll"
        team_def = d8 > 5 and self.options.team_defense
        ds = self.defender_of(dfn, slot)  # the defender at the same position (after switches)
        if intentional:
            self._intentional_foul(off, slot, ds, r, team_def)
            return
        o = self.options
        if o.home_court and r == 36 and off == AWAY:
            if self.rec:
                self.event("turnover", off, f"  {self.pname(off, slot)} is bumped out of bounds, no call (home court)")
            self._stat(off, slot, TOV)
            self.phase = "end"
            return
        avoid = self.avoiding(dfn, ds)
        if 11 <= r <= 16:
            k = self._steal_by(dfn, slot, ds, r, team_def)
            if k is not None:
                self._steal(off, slot, k, r)
                return
        elif 21 <= r <= 26:
            k = self._block_by(dfn, slot, ds, r, team_def)
            if k is not None:
                self._block(off, slot, k)
                return
        elif r == 31 or r == 32:
            k = self._all_defender(dfn, ds, r)
            if k is not None:
                if r == 31:
                    self._steal(off, slot, k, r)
                else:
                    self._block(off, slot, k)
                return
            if avoid:
                self._avoid_basket(off, slot, d20, ds)
                return
        elif 33 <= r <= 36:
            card_d = self.card(dfn, ds)
            fouled = min(36, r + self.fatigue(dfn, ds)) >= card_d.foul
            res = self._d20_result(off, slot, d20)
            if avoid:
                # "Avoiding Fouls - Option 2": a foul only when the 20-sided die is also a foul drawn
                if fouled and res == FOULED:
                    self._resolve_shot(off, slot, res, ds, ds)
                else:
                    self._avoid_basket(off, slot, d20, ds)
                return
            if fouled:
                self._resolve_shot(off, slot, res, ds, ds)
                return
        elif 41 <= r <= 46:
            card_o = self.card(off, slot)
            if r - self.fatigue(off, slot) <= card_o.turnover:
                if self.rec:
                    self.event("turnover", off, f"  turnover by {self.pname(off, slot)}")
                self._stat(off, slot, TOV)
                self.phase = "end"
                return
        elif 51 <= r <= 56:
            n = self.dunk_net[off]
            if n > 0 and r <= 50 + n:
                res = self._d20_result(off, slot, d20)
                if res == MADE3 or res == FOULED:
                    c.update(slot=slot, d20_result=res, ds=ds)
                    self.phase = "dunk_choice"
                else:
                    self._dunk(off, slot)
                return
            if n < 0 and r <= 50 - n:
                self._stop(off, slot, ds)
                return
        res = self._d20_result(off, slot, d20)
        if o.home_court and r == 66 and off == HOME and res != FOULED:
            # "66 when home team has ball, false foul called on defender"
            self._resolve_shot(off, slot, res, ds, ds, home_whistle=True)
            return
        self._resolve_shot(off, slot, res, None, ds)

    # ---------------------------------------------------------------- defense on the roll
    def _range_top(self, dside: int, k: int, block: bool) -> int:
        """Top of defender ``k``'s steal (11..) or block (21..) range 'after any adjustments':
        fatigue and avoiding fouls each take numbers off; without the extended-range rule 11-17..19
        and 21-27..29 count as 11-16 and 21-26."""
        card = self.card(dside, k)
        top, base = (card.block, 26) if block else (card.steal, 16)
        if not self.options.extended_ranges and base < top < base + 4:
            top = base
        return top - self.fatigue(dside, k) - (1 if self.avoiding(dside, k) else 0)

    def _steal_by(self, dfn: int, slot: int, ds: int, r: int, team_def: bool) -> int | None:
        """11-16: the defender's steal range; on 8-sided 6-8 the team-defense thresholds."""
        return self._defended_by(dfn, slot, ds, r, team_def, block=False)

    def _block_by(self, dfn: int, slot: int, ds: int, r: int, team_def: bool) -> int | None:
        """21-26: the defender's block range; on 8-sided 6-8 the team-defense thresholds."""
        return self._defended_by(dfn, slot, ds, r, team_def, block=True)

    def _defended_by(self, dfn: int, slot: int, ds: int, r: int, team_def: bool, block: bool) -> int | None:
        """The defender who steals (11-16) or blocks (21-26) on roll ``r``, or None."""
        if team_def:  # "Steal and Block Ranges Much Lower if 8-sided Die 6, 7 or 8"
            need = (TEAM_BLOCK_NEEDS if block else TEAM_STEAL_NEEDS).get(r)
            if need is None:
                return None
            best, best_top = None, need - 1
            for k in range(5):
                top = self._range_top(dfn, k, block)
                if top > best_top:
                    best, best_top = k, top
            return best
        last = 26 if block else 16
        if r <= min(self._range_top(dfn, ds, block), last):
            return ds
        if r == last and self.options.extended_ranges:
            # a range "higher than 11-16 [21-26] after any adjustments" reaches other opposing players:
            # steals "from the bottom and works up", blocks "from the top of the opposing line-up"
            extra_of = BLOCK_EXTRA_ON_26 if block else STEAL_EXTRA_ON_16
            guards = self.ts[dfn].guards
            for k in range(5):
                if k == ds:
                    continue
                extra = extra_of.get(self._range_top(dfn, k, block), 0)
                if extra:
                    others = [p for p in range(5) if p != guards[k]]
                    if slot in (others[:extra] if block else others[-extra:]):
                        return k
        return None

    def _all_defender(self, dfn: int, ds: int, r: int) -> int | None:
        """31: steal by any defender with '11-16 (31 all)'; 32: block by any with '21-26 (32 all)'.
        Stamina does not take the 31/32 away; an avoiding defender cannot use it on his own man."""
        best = None
        for k in range(5):
            card = self.card(dfn, k)
            value = card.steal if r == 31 else card.block
            if value >= (20 if r == 31 else 30):
                if k == ds and self.avoiding(dfn, k):
                    continue
                if best is None or value > best[1]:
                    best = (k, value)
        return best[0] if best else None

    # ---------------------------------------------------------------- outcomes
    def _steal(self, off: int, slot: int, k: int, r: int) -> None:
        dfn = 1 - off
        self._stat(dfn, k, STL)
        self._stat(off, slot, TOV)
        if self.rec:
            self.event("steal", dfn, f"  {self.pname(dfn, k)} steals the ball from {self.pname(off, slot)}", r=r)
        # "Fast break after steal": guards always, forwards on 11, 13, 15 or 31, centers never
        can_break = k < 2 or (k < 4 and r in FAST_BREAK_ODD_ROLLS)
        if self.ctx.get("intentional"):
            self._trigger_extra("turnover forced while fouling intentionally")
        if can_break and self._next_possession_possible():
            self.ctx = {"stealer_side": dfn, "stealer": k}
            self.phase = "fast_break"
        else:
            self.ctx = {}
            self.phase = "end"

    def _next_possession_possible(self) -> bool:
        """False only on the home team's bottom-half possession of box 1, the last one a box can hold
        (a fast break there would start a possession that does not exist)."""
        return not (self.box == 1 and self.turn == 1 and self.half == 1)

    def _block(self, off: int, slot: int, k: int) -> None:
        dfn = 1 - off
        self._stat(dfn, k, BLK)
        self._stat(off, slot, FGA)
        if self.rec:
            self.event("block", dfn, f"  {self.pname(dfn, k)} blocks {self.pname(off, slot)}'s shot")
        self._rebound(slot, ft=False)

    def _dunk(self, off: int, slot: int) -> None:
        self._score(off, slot, 2)
        self._stat(off, slot, FGM)
        self._stat(off, slot, FGA)
        if self.rec:
            self.event("dunk", off, f"  {self.pname(off, slot)} dunks (+2) [{self._score_text()}]")
        self.phase = "end"

    def _stop(self, off: int, slot: int | None, ds: int) -> None:
        """Stop range: 'the player automatically misses a shot and the player guarding him gets a rebound'."""
        dfn = 1 - off
        if slot is not None:
            self._stat(off, slot, FGA)
        self._stat(dfn, ds, DREB)
        if self.rec:
            self.event("stop", dfn, f"  stop: missed shot, rebound {self.pname(dfn, ds)}")
        self.phase = "end"

    def _shot_clock_violation(self, off: int) -> None:
        self.ts[off].team_turnovers += 1
        if self.rec:
            self.event("shot_clock", off, "  shot clock violation (turnover)")
        self.phase = "end"

    def _d20_result(self, off: int, slot: int, d20: int) -> int:
        """The 20-sided die on the ballhandler's card, with every adjustment of the text."""
        c = self.ctx
        ts = self.ts[off]
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
        res = table[roll]
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

    def _avoid_basket(self, off: int, slot: int, d20: int, ds: int) -> None:
        """'Avoiding Fouls - Option 2': 31-36 become baskets for the man he guards (3 on a made 3)."""
        res = self._d20_result(off, slot, d20)
        pts = 3 if res == MADE3 else 2
        self._score(off, slot, pts)
        self._stat(off, slot, FGM)
        self._stat(off, slot, FGA)
        if pts == 3:
            self._stat(off, slot, TPM)
            self._stat(off, slot, TPA)
        if self.rec:
            self.event("made_3" if pts == 3 else "made_2", off,
                       f"  {self.pname(off, slot)} scores {pts} against a defender avoiding fouls [{self._score_text()}]")
        self.phase = "end"

    def _resolve_shot(self, off: int, slot: int, res: int, foul_by: int | None, ds: int, home_whistle: bool = False) -> None:
        """'Read the 20-sided die' with or without a 33-36 foul by ``foul_by``."""
        dfn = 1 - off
        rec = self.rec
        who = self.pname(off, slot) if rec else ""
        if res == MADE3 or res == MADE2:
            pts = 3 if res == MADE3 else 2
            self._score(off, slot, pts)
            self._stat(off, slot, FGM)
            self._stat(off, slot, FGA)
            if pts == 3:
                self._stat(off, slot, TPM)
                self._stat(off, slot, TPA)
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
            self._free_throws(off, slot, 3 if three else 2)
            return
        self._stat(off, slot, FGA)
        if three:
            self._stat(off, slot, TPA)
        if rec:
            self.event("miss", off, f"  {who} misses a {'3' if three else '2'}-pointer")
        self._rebound(slot, ft=False)

    def _avoid_basket_two(self, off: int, slot: int) -> None:
        self._score(off, slot, 2)
        self._stat(off, slot, FGM)
        self._stat(off, slot, FGA)
        if self.rec:
            self.event("made_2", off, f"  {self.pname(off, slot)} scores 2 against a defender avoiding fouls [{self._score_text()}]")
        self.phase = "end"

    def _foul(self, dfn: int, k: int, off: int, slot: int, home_whistle: bool = False) -> None:
        ts = self.ts[dfn]
        i = ts.lineup[k]
        ts.fouls[i] += 1
        ts.stats[i][PF] += 1
        n = ts.fouls[i]
        if self.rec:
            self.event("foul", dfn, f"  foul on {self.pname(dfn, k)} ({n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'})"
                       + (" - a home whistle" if home_whistle else ""), fouls=n)
        if n == self.options.foul_limit:
            ts.fouled_out += 1
            if self.rec:
                self.event("fouled_out", dfn, f"  {self.pname(dfn, k)} fouls out")
        self._trigger_extra("foul")

    def _intentional_foul(self, off: int, slot: int, ds: int, r: int, team_def: bool) -> None:
        """'Roll only 3 dice (skip 20-sided) to intentionally foul'."""
        dfn = 1 - off
        k = None
        if 11 <= r <= 16:
            k = self._steal_by(dfn, slot, ds, r, team_def)
        elif r == 31:
            k = self._all_defender(dfn, ds, 31)
        if k is not None:
            self._steal(off, slot, k, r)
            return
        if 41 <= r <= 46 and r - self.fatigue(off, slot) <= self.card(off, slot).turnover:
            self._stat(off, slot, TOV)
            if self.rec:
                self.event("turnover", off, f"  turnover by {self.pname(off, slot)} against the intentional foul")
            self._trigger_extra("turnover forced while fouling intentionally")
            self.phase = "end"
            return
        self._foul(dfn, ds, off, slot)
        if self.rec:
            self.event("intentional_foul", dfn, f"  {self.pname(dfn, ds)} fouls {self.pname(off, slot)} intentionally")
        self._free_throws(off, slot, 2)

    def _free_throws(self, off: int, slot: int, n: int, one_and_one: bool = False) -> None:
        """'Roll 20-sided die only for each free throw'."""
        card = self.card(off, slot)
        pen = self.fatigue(off, slot)
        made_any = 0
        for k in range(n):
            d20 = self.source.roll(20, "d20 free throw")
            good = d20 + pen <= card.free_throw
            self._stat(off, slot, FTA)
            if good:
                made_any += 1
                self._score(off, slot, 1)
                self._stat(off, slot, FTM)
            if self.rec:
                self.event("free_throw", off, f"  free throw {k + 1}{' (one-and-one)' if one_and_one and k == 0 else ''}: "
                           f"{'good' if good else 'missed'} (20-sided {d20}) [{self._score_text()}]", made=good)
            if not good and one_and_one and k == 0:
                self._rebound(slot, ft=True)
                return
        if good:
            self.phase = "end"
        else:
            self._rebound(slot, ft=True)

    # ---------------------------------------------------------------- rebounds
    def _reb_value(self, side: int, slot: int, offensive: bool) -> int:
        card = self.card(side, slot)
        v = card.off_reb if offensive else card.def_reb
        v -= self.fatigue(side, slot)
        if not offensive and self.avoiding(side, slot):
            v -= 1
        return v

    def _rebound(self, shooter: int, ft: bool) -> None:
        """'Roll 20-sided and one 6-sided die for Rebound Chart', or the scoresheet's defender."""
        off, dfn = self.offense, 1 - self.offense
        box = self.box
        if not is_shaded(box):
            pos = nonshaded_rebounder(box) - 1
            self._take_rebound(dfn, self.defender_of(dfn, pos), offensive=False)
            return
        d20 = self.source.roll(20, "d20 rebound chart")
        d6 = self.source.roll(6, "d6 rebound")
        kind, pos = REBOUND_CHART[d20]
        if kind == "highest":
            # "the high player on the court ... gets the rebound. In this case, the offense wins a tie"
            ov = [self._reb_value(off, s, True) for s in range(5)]
            dv = [self._reb_value(dfn, s, False) for s in range(5)]
            if max(ov) >= max(dv):
                side, vals, offensive = off, ov, True
            else:
                side, vals, offensive = dfn, dv, False
            top = max(vals)
            cands = [s for s in range(5) if vals[s] == top]
            if len(cands) > 1:
                self.ctx.update(reb_side=side, reb_candidates=cands, reb_offensive=offensive)
                self.phase = "choose_rebounder"
                return
            self._take_rebound(side, cands[0], offensive)
            return
        s = pos - 1
        if kind == "offense":
            if d6 <= self._reb_value(off, s, True):
                side, slot, offensive = off, s, True
            else:
                side, slot, offensive = dfn, self.defender_of(dfn, s), False
        else:
            if d6 <= self._reb_value(dfn, s, False):
                side, slot, offensive = dfn, s, False
            else:  # "the player he is guarding gets the offensive rebound"
                side, slot, offensive = off, self.ts[dfn].guards[s], True
        if offensive and ft:
            # "Offensive Players who cannot get free throw rebound"
            if slot <= 1:
                side, slot, offensive = dfn, 4, False
            elif slot == 2 and shooter not in (3, 4):
                side, slot, offensive = dfn, 3, False
            elif slot >= 3 and slot == shooter:
                side, slot, offensive = dfn, self.defender_of(dfn, slot), False
        self._take_rebound(side, slot, offensive)

    def _take_rebound(self, side: int, slot: int, offensive: bool) -> None:
        self._stat(side, slot, OREB if offensive else DREB)
        if self.rec:
            self.event("rebound", side, f"  {'offensive' if offensive else 'defensive'} rebound {self.pname(side, slot)}",
                       offensive=offensive)
        if offensive:
            self.ctx = {"rebounder": slot}
            self.phase = "stick_back"
        else:
            self.ctx = {}
            self.phase = "end"

    # ================================================================== views and records
    def _player_note(self, side: int, i: int) -> str:
        ts, p = self.ts[side], self.teams[side].players[i]
        return f"{p.name} ({'/'.join(POS[q - 1] for q in p.positions)}, {ts.fouls[i]} fouls, played {ts.played[i]}/{p.stamina})"

    def describe_action(self, action: int) -> str:
        act = self.actions[action]
        d = self.decision
        side = d.side if d is not None else HOME
        ts = self.ts[side]
        k = act.kind
        if k == "substitute":
            i, s = act["player"], act["slot"]
            if i < len(self.teams[side].players):
                out = self.teams[side].players[ts.lineup[s]].name
                return f"{self._player_note(side, i)} in at {POS[s]} for {out}"
        if k == "swap_positions":
            a, b = act["a"], act["b"]
            return (f"{self.teams[side].players[ts.lineup[a]].name} to {POS[b]}, "
                    f"{self.teams[side].players[ts.lineup[b]].name} to {POS[a]}")
        if k == "switch_defenders":
            a, b = act["a"], act["b"]
            return (f"switch: {self.pname(side, a)} guards the {POS[ts.guards[b]]}, "
                    f"{self.pname(side, b)} guards the {POS[ts.guards[a]]}")
        if k == "avoid_fouls":
            s = act["slot"]
            return f"{self.pname(side, s)}: {'defend normally' if ts.avoiding[ts.lineup[s]] else 'avoid fouls'}"
        if k == "three_point_mode":
            return "stop attempting 3-pointers" if ts.three_mode else "attempt 3-pointers"
        if k == "choose_player":
            return f"choose {self.pname(side, act['slot'])}"
        return act.label

    def box_score(self) -> BoxScore:
        teams = []
        for side in (HOME, AWAY):
            team, ts = self.teams[side], self.ts[side]
            players = [PlayerLine(p.name, dict(zip(STATS, ts.stats[i]))) for i, p in enumerate(team.players)]
            for line in players:
                line.stats["REB"] = line.stats["OREB"] + line.stats["DREB"]
            teams.append(TeamBox(team.name, ts.points, players, {"TO": ts.team_turnovers}))
        return BoxScore(self.ruleset, list(STATS[:10]) + ["REB"] + list(STATS[10:]), teams)

    def scoreboard(self) -> str:
        lines = [f"{self.teams[AWAY].name} {self.ts[AWAY].points}  at  {self.teams[HOME].name} {self.ts[HOME].points}"
                 f"   {self.box_label()}{'  FINAL' if self.over else ''}"]
        for side in (AWAY, HOME):
            ts = self.ts[side]
            flags = []
            if ts.three_mode:
                flags.append("attempting 3-pointers")
            if not self.has_point_guard(side):
                flags.append("NO POINT GUARD")
            lines.append(f"{self.teams[side].name} ({SIDE_NAMES[side]}){': ' + ', '.join(flags) if flags else ''}")
            dfn = 1 - side
            for slot, i in enumerate(ts.lineup):
                p = self.teams[side].players[i]
                tired = self.fatigue(side, slot)
                num = [str(6 + n) for n in range(3) if ts.holders[n] == slot]
                lines.append(
                    f"  {POS[slot]:<2} {p.name:<24} {ts.stats[i][PTS]:>3} pts  {ts.fouls[i]} fouls  played {ts.played[i]:>2}/{p.stamina:<2}"
                    f"{'  TIRED' if tired == 1 else '  EXHAUSTED' if tired == 2 else ''}"
                    f"{'  gets ' + ','.join(num) if num else ''}{'  (20)' if ts.bonus20[slot] else ''}"
                    f"{'  avoiding fouls' if ts.avoiding[i] else ''}"
                    f"  guards {POS[ts.guards[slot]]}"
                )
            bench = [i for i in range(len(ts.fouls)) if i not in ts.lineup]
            if bench:
                lines.append("  bench: " + "; ".join(
                    f"#{i + 1} {self.teams[side].players[i].name} {ts.fouls[i]}f {ts.played[i]}/{self.teams[side].players[i].stamina}"
                    + (" OUT" if ts.fouls[i] >= self.options.foul_limit else "") for i in bench))
        return "\n".join(lines)

    # ================================================================== save / restore
    def _state_to_dict(self) -> dict:
        return {
            "teams": [t.to_dict() for t in self.teams],
            "options": self.options.to_dict(),
            "ts": [t.to_dict() for t in self.ts],
            "period": self.period, "box": self.box, "half": self.half, "turn": self.turn,
            "extra_box": self.extra_box, "phase": self.phase, "ctx": dict(self.ctx), "menu_changes": self.menu_changes,
            "next_fast_break": self.next_fast_break,
        }

    def _state_from_dict(self, d: dict) -> None:
        self.teams = [Team.from_dict(t) for t in d["teams"]]
        self.options = ValueAddOptions(**d["options"])
        self._options_id = _options_id(self.options)
        self.ts = [TeamState.from_dict(t) for t in d["ts"]]
        self.rec = self.log.record
        for k in ("period", "box", "half", "turn", "extra_box", "phase", "menu_changes", "next_fast_break"):
            setattr(self, k, d[k])
        self.ctx = dict(d["ctx"])
        self._build_tables()
        for side in (HOME, AWAY):
            self._assign_numbers(side)
