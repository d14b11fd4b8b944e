"""The Statis Pro Basketball rules engine: a state machine over the Fast Action Card deck.

``phase`` names what happens next; ``ctx`` holds that phase's context (plain JSON types), so a
game serializes between any two decisions. Rule numbers (1993 rules unless "2015") are cited at
each rule; reconstructions and interpretations are listed in docs/rules/statis-pro-basketball.md.
"""

from __future__ import annotations

from typing import Any

from ...core.boxscore import BoxScore, PlayerLine, TeamBox
from ...core.engine import AWAY, HOME, Decision, Engine
from . import cards as K
from .actions import (DOUBLE_TEAM_LIST, PD_LIST, SUB_BY_PLAYER, SWAP_LIST, ACTIONS, ADVANCE, CALL_PLAY, CANCEL_DOUBLE_TEAM, CANCEL_THREE_POINT_OFFENSE, CHOOSE,
                      CHOOSE_PLAYER, DECLINE_INDEX, DELIBERATE, DOUBLE_TEAM, FAST_BREAK, FOUL_TO_STOP, FREEZE,
                      IGNORE_REST, INDEX_FOUL, INDEX_REBOUND, INDEX_STEAL, INDEX_VOID_FOUL, INTENTIONAL_MISS,
                      MENU_CHANGE_LIMIT, NO_FREEZE, NO_PRESS, NORMAL_ACTION, PASS_TO, PLAY_DEFENSE,
                      PLAY_ON, PRESS, SHOOT, SHOOT_FREE_THROW, SHOOT_THREE, SHOOT_TWO, SUBSTITUTE, SWAP,
                      THREE_POINT_DEFENSE, THREE_POINT_OFFENSE, TIMEOUT, TIMEOUT20)
from .cards import POSITIONS, rpg_side, rpg_slot
from .options import StatisProOptions
from .teams import Team, parse_team

# player statistics (index into a player's stat list)
PTS, FGM, FGA, TPM, TPA, FTM, FTA, ORB, DRB, AST, STL, BLK, TOV, PF, TECH = range(15)
STAT_NAMES = ("PTS", "FGM", "FGA", "3PM", "3PA", "FTM", "FTA", "OREB", "DREB", "AST", "STL", "BLK", "TO", "PF", "T")
BOX_COLUMNS = ["PTS", "FGM", "FGA", "3PM", "3PA", "FTM", "FTA", "OREB", "DREB", "REB", "AST", "STL", "BLK", "TO", "PF"]
# effective ratings of a player in play (index into a slot's rating list)
R_FG, R_ATT, R_TATT, R_THREE, R_FT, R_REBO, R_REBD, R_FD, R_BLK, R_AST, R_STL, R_DEF, R_TIRED = range(13)

# phases
(PH_PERIOD, PH_MENU, PH_JUMP, PH_UPCOURT, PH_BALL, PH_ADVANCE, PH_SHOT, PH_REBOUND, PH_BLOCK, PH_FT,
 PH_FB, PH_WAIT, PH_OVER) = range(13)
# player status
OK, FOULED_OUT, EJECTED, INJURED_OUT = range(4)
SIDE_WORD = ("Home", "Visitor")


class PeriodOver(Exception):
    """The FAC pile is empty: the period ends (8.1)."""


def _ceil_quarter(n: int) -> int:
    return -(-n // 4)


class StatisProEngine(Engine):
    ruleset = "statispro"
    version = 1
    actions = ACTIONS
    decision_kinds = ("menu", "press", "ballhandler", "three_or_two", "pass_to", "fast_break", "stop_clock",
                      "free_throw", "freeze", "index", "choose", "choose_player")

    def __init__(self, home: Team, away: Team, source=None, *, options: StatisProOptions | None = None,
                 record_events: bool = True):
        super().__init__(source, record_events=record_events)
        self.opts = options or StatisProOptions()
        self.teams = [self._prepare_roster(home), self._prepare_roster(away)]
        self._setup()
        for side in (HOME, AWAY):
            for name in self.teams[side].injured:
                i = [p.name for p in self.teams[side].players].index(name)
                self.status[side][i] = INJURED_OUT
                self.inj_until[side][i] = 99
        self.start()

    @staticmethod
    def _prepare_roster(team: Team) -> Team:
        """14G for players missing this game with a prior injury: EXPANDED ATTEMPTS (half the missing
        player's ATTEMPTS to the player at his position with the most ATTEMPTS below his), TEN-DAY
        CONTRACTS (fewer than eight usable players, or a position without a reserve), and a starter
        replaced by the best usable player for his position."""
        if not team.injured:
            return team
        import dataclasses
        import json as _json

        players = list(team.players)
        names = [p.name for p in players]
        out = {names.index(n) for n in team.injured}
        for i in sorted(out):
            miss = players[i]
            pos = miss.positions[0]
            cands = [j for j, p in enumerate(players) if j not in out and pos in p.positions and p.attempts < miss.attempts]
            if cands:
                j = max(cands, key=lambda j: players[j].attempts)
                players[j] = dataclasses.replace(players[j], attempts=players[j].attempts + miss.attempts // 2)
        ten_day = _json.loads(K._data("ten_day.json").read_text(encoding="utf-8"))["players"]
        usable = [j for j in range(len(players)) if j not in out]
        needs = []
        for i in sorted(out):
            pos = players[i].positions[0]
            covering = [j for j in usable if pos in players[j].positions]
            if len(usable) + len(needs) < 8 or len(covering) < 2:
                needs.append(i)
        for i in needs:
            if len(players) >= 15:
                break
            miss = players[i]
            card = dict(ten_day[POSITIONS[miss.positions[0]]])
            card["name"] = f"{card['name']} ({miss.name})"
            card["foul_range"] = [miss.foul_lo, miss.foul_hi] if miss.foul_lo else None
            players[i] = dataclasses.replace(miss, foul_lo=0, foul_hi=0)  # the range "X" passes to the Ten-Day man
            from .teams import parse_player
            players.append(parse_player(card, "ten_day.json", "players"))
        lineup = list(team.lineup)
        for slot, i in enumerate(lineup):
            if i in out:
                free = [j for j in range(len(players)) if j not in out and j not in lineup]
                best = max(free, key=lambda j: (slot in players[j].positions, players[j].attempts + players[j].field_goal))
                lineup[slot] = best
        return dataclasses.replace(team, players=players, lineup=tuple(lineup))

    # ================================================================== setup
    def _setup(self) -> None:
        o = self.opts
        college = o.league in ("ncaa", "fiba")
        self.clock = K.CLOCK["college" if college else "nba"]
        self.pass_limit = 4 if o.league == "ncaa" else 3
        self.foul_out = 5 if college else 6
        self.period = 0
        self.fac: list = []
        self.dead: list = []
        self.discard: list = []
        self.two_min = False
        self.eleven = False
        self.pts = [0, 0]
        self.lineup = [list(t.lineup) for t in self.teams]
        self.guard = [[0, 1, 2, 3, 4], [0, 1, 2, 3, 4]]
        self.stats = [[[0] * len(STAT_NAMES) for _ in t.players] for t in self.teams]
        self.team_reb = [0, 0]
        self.team_tov = [0, 0]
        self.poss = [0, 0]
        self.tf = [0, 0]
        self.tf_last2 = [0, 0]
        self.to_used = [0, 0]
        self.to20_used = [0, 0]
        self.to_q4 = [0, 0]
        self.to_last2 = [0, 0]
        self.owed_to = [False, False]
        self.status = [[OK] * len(t.players) for t in self.teams]
        self.inj_until = [[0] * len(t.players) for t in self.teams]
        self.injured = [[False] * len(t.players) for t in self.teams]
        self.tired = [[False] * len(t.players) for t in self.teams]
        self.mrest = [[False] * len(t.players) for t in self.teams]
        self.rested = [[[False, False] for _ in t.players] for t in self.teams]
        self.played_rp = [[False] * len(t.players) for t in self.teams]
        self.rp_grace = False
        self.removal_pending = True  # someone in a lineup may have to leave (checked, then cleared)
        self.rp = 0  # the Rest Period of the quarter: 0 start-5:00, 1 5:00-9:00, 2 9:00-end (14A)
        self.great_night = [-1, -1]  # side, roster index
        self.tpo = [False, False]
        self.tpd = [False, False]
        self.dt = [[-1, -1], [-1, -1]]  # per defending side: [target roster idx, helper roster idx]
        self.illegal_def = [0, 0]
        self.tip_in = False
        self.injury_done = False
        self.missed_games: list = []
        # 16 Index Points: only the better team keeps the difference (max 12)
        h, a = self.teams[HOME].home_index, self.teams[AWAY].road_index
        self.index = [0, 0]
        if o.index_points:
            if h > a:
                self.index[HOME] = min(12, h - a)
            elif a > h:
                self.index[AWAY] = min(12, a - h)
        self.index_start = list(self.index)
        self.index_spent = [0, 0]
        self.opening = -1  # winner of the opening jump (3.4)
        self.arrow = -1  # NCAA/FIBA alternating possession (19.3, 20.3)
        # possession
        self.off = HOME
        self.bh = -1
        self.prev_bh = -1
        self.passes = 0
        self.limit = self.pass_limit
        self.ext_used = False
        self.assist_from = -1  # slot of a Ballhandler who qualified for an Assist (4.4)
        self.open_from = -1  # slot of the passer who set up the current Ballhandler's Open Shot
        self.pass_no = 0
        self.assist_no = 0
        self.via = ""
        self.play_call = [-1, -1]  # 8.42: roster index named for the next shot
        self.press_next = False
        self.from_dead = False  # 8.41: next ACTION/PRESS from the Dead Ball Deck
        self.last_fac_heave = 0
        self.last_shot_used = False
        self.phase = PH_PERIOD
        self.ctx: dict = {}
        self.menu: dict = {}
        self._eff: list = [None, None]

    # ================================================================== ratings
    def _dirty(self, side: int | None = None) -> None:
        if side is None:
            self._eff = [None, None]
        else:
            self._eff[side] = None

    def eff(self, side: int) -> list:
        """Effective ratings of the five players in play (3.2 out of position, 5.4 fatigue, 14G
        injury, 14I Great Night, 4.61-4.62 Three Point Offense / Defense)."""
        e = self._eff[side]
        if e is not None:
            return e
        team = self.teams[side]
        other = 1 - side
        out = []
        for slot in range(5):
            i = self.lineup[side][slot]
            p = team.players[i]
            fg, att, tatt, three, ft = p.field_goal, p.attempts, p.three_point_attempts, p.three_point, p.free_throw
            rebo = rebd = p.rebound
            blk, ast, stl, dr = p.block, p.assist, p.steal, p.defense
            if slot not in p.positions or self.guard[side][slot] not in p.positions:
                dr, rebd, blk, stl = int(dr / 2), rebd // 2, blk // 2, stl // 2  # 3.2: halved, fractions dropped
            tired = self.tired[side][i] or self.mrest[side][i]
            if tired:  # 5.4
                dr = 0
                rebo, rebd, blk, ast, stl, att, tatt = rebo // 2, rebd // 2, blk // 2, ast // 2, stl // 2, att // 2, tatt // 2
            if self.injured[side][i]:  # 14G: ratings two worse
                fg, att, three, ft = fg - 2, max(0, att - 2), three - 2, ft - 2
                tatt = max(0, tatt - 2) if tatt else 0
                rebo, rebd, blk, ast, stl, dr = max(0, rebo - 2), max(0, rebd - 2), max(0, blk - 2), max(0, ast - 2), max(0, stl - 2), dr + 2
            if self.great_night[0] == side and self.great_night[1] == i:  # 14I
                att, tatt = att * 2, tatt * 2
            if self.tpo[side] and tatt:  # 4.61 / 4.62
                tatt *= 2 if self.tpd[other] else 3
            if self.tpo[side] and self.tpd[other]:
                three, fg, ast = three - 5, fg + 5, ast + 5
            out.append([fg, att, tatt, three, ft, rebo, rebd, p.foul_drawing, blk, ast, stl, dr, tired])
        self._eff[side] = out
        return out

    def pd_slot(self, off_side: int, off_slot: int) -> int:
        """The defender (slot) who is the PD of the offensive player at ``off_slot`` (3.2, 6.6)."""
        g = self.guard[1 - off_side]
        for d in range(5):
            if g[d] == off_slot:
                return d
        return off_slot

    def player(self, side: int, slot: int):
        return self.teams[side].players[self.lineup[side][slot]]

    def pname(self, side: int, slot: int) -> str:
        return self.teams[side].players[self.lineup[side][slot]].name

    def _st(self, side: int, slot: int) -> list:
        return self.stats[side][self.lineup[side][slot]]

    # ================================================================== clock and deck (3.1, 8.1-8.3)
    @property
    def overtime(self) -> bool:
        return self.period > 4

    @property
    def final_two(self) -> bool:
        """The final 2:00 of the game (4th quarter or overtime)."""
        return self.two_min and self.period >= 4

    @property
    def last_minute(self) -> bool:
        """The final minute of the period: the 11:00 card, or 15 cards or fewer after the 10:00 card."""
        return self.eleven or (self.two_min and len(self.fac) <= 15)

    def _build_period_deck(self) -> None:
        deck = list(K.DECK)
        self.source.shuffle(deck, "shuffle the FAC deck")
        tc = K.TIME_CARDS
        if self.overtime:  # 8.2
            ot = K.CLOCK["overtime"]
            n = ot["fac"]
            order = deck[:n - 30] + [tc["10:00"]] + deck[n - 30:n]
            self.dead = deck[n:]
        else:  # 3.1 exact procedure
            n = self.clock["fac"]
            marks = sorted(self.clock["time_cards"].items(), key=lambda kv: kv[1])
            order = []
            prev = 0
            for label, at in marks:
                order.extend(deck[prev:at])
                if not (label == "11:00" and self.period == 4 and self.opts.league == "nba"):
                    order.append(tc[label])
                prev = at
            order.extend(deck[prev:n])
            self.dead = deck[n:n + self.clock["dead_ball"]]
        order.reverse()  # the top of the pile is the end of the list
        self.fac = order
        self.discard = []

    def _draw(self, what: str, dead: bool = False) -> K.Card:
        """Draw the next FAC: from the FAC pile (time passes) or the Dead Ball Deck (it does not)."""
        if dead or (self.two_min and self.period >= 4 and what.startswith(("RPG", "Z READING"))):
            if not self.dead:  # 8.3: flip the discard pile, shuffle it, deal 20
                self.source.shuffle(self.discard, "reshuffle the discard pile")
                self.dead = self.discard[-20:]
                del self.discard[-20:]
                if not self.dead:
                    self.dead = list(K.DECK)
            c = self.source.draw(self.dead, what + " (Dead Ball Deck)")
            self.discard.append(c)
            return c
        while True:
            if not self.fac:
                raise PeriodOver()
            c = self.source.draw(self.fac, what)
            if c.time:
                self._time_card(c.time)
                continue
            self.discard.append(c)
            if not self.fac and c.z[0] == K.Z_HEAVE:
                self.last_fac_heave = c.rpg
            return c

    def _time_card(self, label: str) -> None:
        if self.log.record:
            self.event("time", None, f"-- {label} Time card (quarter {self.period}) --")
        if label in ("5:00", "9:00") and not self.overtime:
            self._rest_boundary()
            self.rp = 1 if label == "5:00" else 2
            # 5.4: by the 9:00 mark of the second and fourth quarters every player must have rested
            if label == "9:00" and self.period in (2, 4):
                half = 0 if self.period == 2 else 1
                for side in (HOME, AWAY):
                    for i, p in enumerate(self.teams[side].players):
                        if p.rest == 2 or (p.rest == 1 and half == 1):
                            continue
                        if not self.rested[side][i][half] and not self.tired[side][i]:
                            self.tired[side][i] = True
                            if i in self.lineup[side] and self.log.record:
                                self.event("fatigue", side, f"{p.name} has not rested this half: Fatigued (5.4)")
                self._dirty()
            # 8.4: a team that has not called as many timeouts as quarters is charged one
            side = HOME if label == "5:00" else AWAY
            if self.to_used[side] < self.period and self.opts.league == "nba":
                self.owed_to[side] = True
        elif label == "10:00":
            self.two_min = True
            self.tf_last2 = [0, 0]
        elif label == "11:00":
            self.eleven = True

    def _rest_boundary(self) -> None:
        """End of a Rest Period (14A, 5.4): players who sat it out are rested."""
        half = 0 if self.period <= 2 else 1
        for side in (HOME, AWAY):
            on = self.lineup[side]
            for i in range(len(self.teams[side].players)):
                if not self.played_rp[side][i] and i not in on:
                    self.rested[side][i][half] = True
                    if self.tired[side][i] or self.mrest[side][i]:
                        self.tired[side][i] = False
                        self.mrest[side][i] = False
                self.played_rp[side][i] = i in on
        self.rp_grace = True
        self._dirty()

    # ================================================================== main loop
    def _next_decision(self) -> Decision | None:
        while True:
            ph = self.phase
            if ph == PH_OVER:
                return None
            try:
                d = _HANDLERS[ph](self)
            except PeriodOver:
                self._period_over()
                continue
            except _Pause:
                continue
            if d is not None:
                return d

    # ------------------------------------------------------------------ periods
    def _ph_period(self) -> Decision | None:
        self.period += 1
        n_reg = 4
        self.two_min = self.eleven = False
        self._build_period_deck()
        lg = self.opts.league
        if lg == "nba" or (lg == "fiba" and not self.overtime) or (lg == "ncaa" and (self.period in (1, 3) or self.overtime)):
            self.tf = [0, 0]  # 6.3 per quarter; 19.5 per half; 20.9 FIBA overtimes continue the 4th quarter
        self.tf_last2 = [0, 0]
        self.index_spent = [0, 0]
        if self.period in (1, 3):
            self.to20_used = [0, 0]
        for side in (HOME, AWAY):
            for i in range(len(self.teams[side].players)):
                if self.status[side][i] == INJURED_OUT and self.inj_until[side][i] < self.period:
                    self.status[side][i] = OK
                if self.period == 3:
                    self.tired[side][i] = False  # 5.4: penalties last for the rest of that half
                self.played_rp[side][i] = i in self.lineup[side]
        self.rp_grace = True
        self.rp = 0
        self.tpo = [False, False]
        self.tpd = [False, False]
        self.last_shot_used = False
        self._dirty()
        if self.log.record:
            self.event("period", None, f"== {'Overtime ' + str(self.period - n_reg) if self.overtime else 'Quarter ' + str(self.period)} ==")
        # who starts with the ball (3.4, 19.3, 20.3)
        college = self.opts.league in ("ncaa", "fiba")
        if self.period == 1 or (self.overtime and not (self.opts.league == "fiba")):
            self.ctx = {"jump": "tip"}
            after = PH_JUMP
        else:
            if college:
                if self.opts.league == "ncaa" and self.period in (2, 4) and not self.overtime:
                    starter = self.off
                else:
                    starter = self.arrow
                    self.arrow = 1 - self.arrow
            else:
                starter = self.opening if self.period == 4 else 1 - self.opening
            self._new_possession(starter, dead=True, count=True)
            after = PH_UPCOURT
        self._open_menu([AWAY, HOME], after, "period")
        return None

    def _period_over(self) -> None:
        # 8.1 last shot: an ACTION/PRESS pass with a Pass # or an offensive rebound
        if (self.phase == PH_BALL and self.via in ("action", "press", "orb") and not self.last_shot_used
                and self.bh >= 0):
            self.last_shot_used = True
            e = self.eff(self.off)[self.bh]
            pen = max(0, self.pass_no - e[R_ATT])
            if self.log.record:
                self.event("last_shot", self.off, f"The period ends: {self.pname(self.off, self.bh)} takes a last Forced Shot from the Dead Ball Deck (8.1)")
            self._setup_shot(self.bh, three=False, forced=pen, dead=True, last=True)
            self.phase = PH_SHOT
            return
        # 14O desperation heave: the last FAC of the pile
        if self.last_fac_heave:
            rpg = self.last_fac_heave
            side, slot = rpg_side(rpg), rpg_slot(rpg)
            if side == self.off:
                st = self._st(side, slot)
                st[TPA] += 1
                st[FGA] += 1
                st[TPM] += 1
                st[FGM] += 1
                self._points(side, slot, 3)
                if self.log.record:
                    self.event("heave", side, f"{self.pname(side, slot)} hits a desperation heave at the buzzer! (14O)")
            self.last_fac_heave = 0
        self._rest_boundary()
        if self.log.record:
            self.event("period_end", None, f"End of period {self.period}: {self.teams[HOME].name} {self.pts[HOME]}, {self.teams[AWAY].name} {self.pts[AWAY]}")
        n_reg = 4
        if self.period >= n_reg and self.pts[HOME] != self.pts[AWAY]:
            self.phase = PH_OVER
            self.event("final", None, f"Final: {self.teams[HOME].name} {self.pts[HOME]}, {self.teams[AWAY].name} {self.pts[AWAY]}")
            return
        self.phase = PH_PERIOD

    # ------------------------------------------------------------------ possession helpers
    def _new_possession(self, side: int, dead: bool = False, count: bool = True, bh: int = -1) -> None:
        """The team gains the ball at mid-court or its defensive end: ACTION/PRESS next (4.1)."""
        if count:
            self.poss[side] += 1
        self.off = side
        self.bh = bh
        self.prev_bh = -1
        self.passes = 0
        self.limit = self.pass_limit
        self.ext_used = False
        self.assist_from = -1
        self.open_from = -1
        self.via = ""
        self.ctx = {"dead": dead}
        self.phase = PH_UPCOURT

    def _frontcourt(self, side: int, fresh: int, dead: bool = True) -> None:
        """The team has the ball out-of-bounds in its frontcourt: ADVANCE next (4.3, 6.4, 13D, 13F)."""
        if side != self.off:
            self.poss[side] += 1
        self.off = side
        self.bh = -1
        self.prev_bh = -1
        self.passes = 0
        self.limit = fresh
        self.ext_used = False
        self.assist_from = -1
        self.open_from = -1
        self.via = "ob"
        self.ctx = {}
        if dead:
            self._open_menu([AWAY, HOME], PH_ADVANCE, "dead")
        else:
            self.phase = PH_ADVANCE

    def _fresh_ob(self) -> int:
        """ADVANCES allowed after a defensive foul or kicked ball: 3, or 2 with the 14-second clock."""
        if self.opts.league == "ncaa":
            return 4
        if self.opts.shot_clock_14 or self.opts.league == "fiba":
            return 2
        return 3

    def _turnover_to_defense(self, dead: bool = True) -> None:
        self._new_possession(1 - self.off, dead=dead)
        if dead:
            self._open_menu([AWAY, HOME], PH_UPCOURT, "dead")

    def _points(self, side: int, slot: int, n: int) -> None:
        self.pts[side] += n
        self._st(side, slot)[PTS] += n
        if self.tpo[0] or self.tpo[1]:
            for s in (HOME, AWAY):  # 4.61: the Three Point Offense lasts while the team trails
                if self.tpo[s] and self.pts[s] >= self.pts[1 - s]:
                    self.tpo[s] = False
                    self.tpd[1 - s] = False
                    self._dirty()

    def _out_of_options(self) -> bool:
        return self.passes >= self.limit

    def _best(self, side: int, idx: int, exclude: int = -1) -> int:
        """The slot with the highest effective rating ``idx`` (ties: lower slot)."""
        e = self.eff(side)
        best, bv = -1, -10**9
        for s in range(5):
            if s != exclude and e[s][idx] > bv:
                best, bv = s, e[s][idx]
        return best

    def _fd_rank(self, side: int, rank: int) -> int:
        """FD1..FD5: the offensive player with the rank-th highest FOUL DRAWING number (6.1).
        Ties: the lower lineup slot ranks higher (the text lets the home coach decide)."""
        e = self.eff(side)
        order = sorted(range(5), key=lambda s: (-e[s][R_FD], s))
        return order[min(rank, 5) - 1]

    def _foul_number_holder(self, side: int, number: int) -> int:
        for s in range(5):
            p = self.player(side, s)
            if p.foul_lo and p.foul_lo <= number <= p.foul_hi:
                return s
        return -1

    def _who_fouled(self, known_bh: int) -> tuple[int, int]:
        """6.1 WHO FOULS WHO: returns (defender slot who fouled, offensive slot fouled)."""
        d = 1 - self.off
        c = self._draw("FOUL # (6.1 who fouled)")
        f = self._foul_number_holder(d, c.foul)
        if f >= 0:
            fouled = known_bh if known_bh >= 0 else self.guard[d][f]
            return f, fouled
        dt = self.dt[d]
        if (c.fd == 5 and known_bh >= 0 and dt[0] == self.lineup[self.off][known_bh]
                and dt[1] in self.lineup[d]):  # 5.5: FD5 charges the second defender of a Double Team
            return self.lineup[d].index(dt[1]), known_bh
        if known_bh >= 0:
            return self.pd_slot(self.off, known_bh), known_bh
        c2 = self._draw("FD# (6.1 who drew the foul)")
        fouled = self._fd_rank(self.off, c2.fd)
        return self.pd_slot(self.off, fouled), fouled

    # ------------------------------------------------------------------ menus (3.3, 5.5, 6.6, 8.4, 8.5)
    def _open_menu(self, queue: list, resume: int, kind: str, **extra: Any) -> None:
        self.menu = {"queue": list(queue), "resume": resume, "kind": kind, "changes": 0, **extra}
        self.phase = PH_MENU

    def _bench(self, side: int) -> list[int]:
        on = self.lineup[side]
        st = self.status[side]
        mr = self.mrest[side]
        return [i for i in range(len(st)) if st[i] == OK and i not in on and not mr[i]]

    def _must_sub(self, side: int) -> list[int]:
        """Slots holding a player who may not stay in (fouled out, ejected, injured)."""
        st = self.status[side]
        ln = self.lineup[side]
        if st[ln[0]] == st[ln[1]] == st[ln[2]] == st[ln[3]] == st[ln[4]] == OK:
            return []
        return [s for s, i in enumerate(ln) if st[i] != OK]

    def _menu_legal(self, side: int) -> list[int]:
        m = self.menu
        kind = m["kind"]
        bench = self._bench(side)
        must = self._must_sub(side)
        if must and bench:  # a disqualified, ejected or injured player must leave now
            return sorted(SUBSTITUTE[(i, s)] for i in bench for s in must)
        legal = [PLAY_ON]
        changes_ok = m["changes"] < MENU_CHANGE_LIMIT
        dead = kind != "live"
        if changes_ok and dead and bench and not (m.get("twenty") and m["subs_done"][side] >= 1):
            for i in bench:  # 8.5
                legal += SUB_BY_PLAYER[i]
        if changes_ok and (kind in ("period", "timeout") or (kind == "dead" and m.get("fouler") == side)):
            legal += SWAP_LIST  # 6.6 position shifts
            legal += PD_LIST  # 3.2 / 6.6 PD cards
        if kind in ("dead", "live") and self._can_timeout(side, dead):
            legal.append(TIMEOUT)
            if self.to20_used[side] < 1:
                legal.append(TIMEOUT20)
        if changes_ok and kind in ("period", "timeout") and self.dt[side][0] < 0:
            legal += DOUBLE_TEAM_LIST  # 5.5
        if dead and self.dt[side][0] >= 0:
            legal.append(CANCEL_DOUBLE_TEAM)
        if kind == "timeout" and self.final_two:  # 4.61 / 4.62
            diff = self.pts[side] - self.pts[1 - side]
            if diff < 0 and not self.tpo[side]:
                legal.append(THREE_POINT_OFFENSE)
            if self.tpo[side]:
                legal.append(CANCEL_THREE_POINT_OFFENSE)
            if diff > 0 and self.tpo[1 - side] and not self.tpd[side]:
                legal.append(THREE_POINT_DEFENSE)
        if (kind == "period" or (kind == "timeout" and m.get("caller") == side)) and side == self.off \
                and self.play_call[side] < 0 and m["resume"] in (PH_UPCOURT, PH_ADVANCE):
            legal.extend(CALL_PLAY)  # 8.42
        if kind == "timeout" and self._index_ok(side, 1):  # 16D
            legal.extend(IGNORE_REST[i] for i in range(len(self.teams[side].players))
                         if self.mrest[side][i] and self.status[side][i] == OK)
        if dead and side != self.off and m["resume"] == PH_UPCOURT and not self.press_next and changes_ok:
            legal.append(PRESS)  # 4.2: after a Dead Ball
        legal.sort()
        return legal

    def _can_timeout(self, side: int, dead: bool) -> bool:
        if not dead and side != self.off:
            return False
        if self.to_used[side] >= 7:
            return False
        if self.period >= 4 and self.to_q4[side] >= 4:
            return False
        if self.final_two and self.to_last2[side] >= 3:
            return False
        return True

    def _ph_menu(self) -> Decision | None:
        m = self.menu
        while m["queue"]:
            side = m["queue"][0]
            legal = self._menu_legal(side)
            if len(legal) == 1 and legal[0] == PLAY_ON:
                m["queue"].pop(0)
                m["changes"] = 0
                continue
            return Decision(side, "menu", tuple(legal), f"{SIDE_WORD[side]} coach: {m['kind']} menu")
        self.phase = m["resume"]
        self.menu = {}
        self.rp_grace = False
        return None

    def _apply_menu(self, side: int, a) -> None:
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
            ln = self.lineup[side]
            ln[a["a"]], ln[a["b"]] = ln[a["b"]], ln[a["a"]]
            self._dirty(side)
            self._dirty(1 - side)
        elif k == "pd_card":
            g = self.guard[side]
            dslot, target = a["defender"], a["target"]
            other = g.index(target)
            g[other], g[dslot] = g[dslot], target
            self._dirty(side)
        elif k in ("timeout", "timeout20"):
            self._call_timeout(side, k == "timeout20", m["resume"])
        elif k == "double_team":
            self.dt[side] = [self.lineup[1 - side][a["target"]], self.lineup[side][a["helper"]]]
            if self.log.record:
                self.event("double_team", side, f"{self.teams[side].name} will Double Team {self.pname(1 - side, a['target'])} with {self.pname(side, a['helper'])} (5.5)")
        elif k == "cancel_double_team":
            self.dt[side] = [-1, -1]
        elif k == "three_point_offense":
            self.tpo[side] = True
            self._dirty(side)
        elif k == "cancel_three_point_offense":
            self.tpo[side] = False
            self._dirty(side)
        elif k == "three_point_defense":
            self.tpd[side] = True
            self._dirty(1 - side)
        elif k == "call_play":
            self.play_call[side] = self.lineup[side][a["slot"]]
        elif k == "ignore_rest":
            self._spend_index(side, 1)
            self.mrest[side][a["player"]] = False
            self._dirty(side)
        elif k == "press":
            self.press_next = True

    def _call_timeout(self, side: int, twenty: bool, resume: int) -> None:
        if twenty:
            self.to20_used[side] += 1
        else:
            self.to_used[side] += 1
        if self.period >= 4:
            self.to_q4[side] += 1
        if self.final_two:
            self.to_last2[side] += 1
        if self.log.record:
            self.event("timeout", side, f"{self.teams[side].name} call a {'20-second' if twenty else 'full'} timeout (8.4)")
        # 8.41 half-court inbounds in the final two minutes of a game / last minute of a period
        if side == self.off and (self.final_two or self.last_minute) and resume == PH_UPCOURT:
            self.from_dead = True
        # the caller places last (3.3, 8.5)
        self.menu = {"queue": [1 - side, side], "resume": resume, "kind": "timeout", "changes": 0,
                     "twenty": twenty, "subs_done": [0, 0], "caller": side}

    def _substitute(self, side: int, player: int, slot: int) -> None:
        out = self.lineup[side][slot]
        self.lineup[side][slot] = player
        if self.rp_grace:
            self.played_rp[side][out] = False
        self.played_rp[side][player] = True
        if self.dt[1 - side][0] == out:  # 5.5: the Double Team ends when the target leaves
            self.dt[1 - side] = [-1, -1]
        if self.dt[side][1] == out:
            self.dt[side] = [-1, -1]
        self._dirty()
        if self.log.record:
            p = self.teams[side].players
            self.event("substitution", side, f"{p[player].name} replaces {p[out].name} at {POSITIONS[slot]}")

    def _index_ok(self, side: int, cost: int) -> bool:
        """16: at most a quarter of the Index Points (rounded up) in one period."""
        return self.index[side] >= cost and self.index_spent[side] + cost <= max(1, _ceil_quarter(self.index_start[side]))

    def _spend_index(self, side: int, cost: int) -> None:
        self.index[side] -= cost
        self.index_spent[side] += cost

    # ------------------------------------------------------------------ jump ball (3.4, 11)
    def _ph_jump(self) -> Decision | None:
        ctx = self.ctx
        college = self.opts.league in ("ncaa", "fiba")
        if ctx["jump"] != "tip" and college:
            # 19.3 / 20.3 alternating possession
            winner = self.arrow
            self.arrow = 1 - self.arrow
            if self.log.record:
                self.event("arrow", winner, f"Alternating possession: {self.teams[winner].name} (19.3)")
            self._after_jump(winner, -1)
            return None
        if ctx["jump"] in ("tip", "double_foul"):
            hs, as_ = self._best(HOME, R_REBO), self._best(AWAY, R_REBO)
        else:
            hs = as_ = ctx["slot"]
        c = self._draw("JUMP TO")
        plus, pos = c.jump
        eh, ea = self.eff(HOME)[hs], self.eff(AWAY)[as_]
        rh, ra = eh[R_REBO], ea[R_REBO]
        # 11.3: equal unmodified ratings: the home player is the better jumper; 5.4 tired loses ties
        if rh > ra or (rh == ra and not (eh[R_TIRED] and not ea[R_TIRED])):
            better, worse_rating, better_rating = HOME, ra + plus, rh
        else:
            better, worse_rating, better_rating = AWAY, rh + plus, ra
        if worse_rating > better_rating or (worse_rating == better_rating and better == AWAY):
            winner = 1 - better
        else:
            winner = better
        if self.log.record:
            self.event("jump", winner, f"Jump ball {self.pname(HOME, hs)} vs {self.pname(AWAY, as_)}: JUMP TO +{plus} {POSITIONS[pos]}; {self.pname(winner, pos)} controls for {self.teams[winner].name} (11)")
        if ctx["jump"] == "tip" and self.period == 1:
            self.opening = winner
            self.arrow = 1 - winner
        elif ctx["jump"] == "tip" and self.opts.league == "ncaa":
            self.arrow = 1 - winner
        self._after_jump(winner, pos)
        return None

    def _after_jump(self, winner: int, pos: int) -> None:
        kind = self.ctx["jump"]
        if kind == "tip":
            self._new_possession(winner, dead=False, count=True, bh=pos)
            return
        if kind == "held":  # 13G / 11.3: a team that loses a jump it had possession before: turnover
            if winner != self.off:
                self.team_tov[self.off] += 1
                self._new_possession(winner, dead=False)
                return
            self.bh = pos if pos >= 0 else self.bh
            if self._out_of_options():
                # 13G: immediate Forced Shot with the Pass # of the SHOT FAC
                self.ctx = {}
                self._setup_shot(max(self.bh, 0), three=False, forced=-1)
                self.phase = PH_SHOT
            else:
                self.ctx = {}
                self.phase = PH_ADVANCE
            return
        if kind == "rebound":  # 10J: the winner gets a Team Rebound
            self.team_reb[winner] += 1
            if winner == self.off:
                self._frontcourt(winner, self.pass_limit, dead=False)
            else:
                self._new_possession(winner, dead=False)
            return
        if kind == "double_foul":
            if winner == self.off:
                self._frontcourt(winner, self._fresh_ob(), dead=False)
            else:
                self._new_possession(winner, dead=False)

    # ------------------------------------------------------------------ bringing the ball up (4.1, 4.2)
    def _stop_for_removals(self, resume: int) -> bool:
        """A player who fouled out, was ejected or injured leaves at once (6.5, 14F, 14G)."""
        if not self.removal_pending:
            return False
        for side in (HOME, AWAY):
            if self._must_sub(side) and self._bench(side):
                self._open_menu([side], resume, "dead")
                return True
        self.removal_pending = False
        return False

    def _ph_upcourt(self) -> Decision | None:
        ctx = self.ctx
        off, de = self.off, 1 - self.off
        if self._stop_for_removals(PH_UPCOURT):
            return None
        # 8.4 a charged (mandatory) timeout at the start of the team's next non-Fast Break possession
        if self.owed_to[off] and not ctx.get("owed_done"):
            self.owed_to[off] = False
            ctx["owed_done"] = True
            self.to_used[off] += 1
            if self.period >= 4:
                self.to_q4[off] += 1
            if self.log.record:
                self.event("timeout", off, f"{self.teams[off].name} are charged with a mandatory timeout (8.4)")
            self.menu = {"queue": [de, off], "resume": PH_UPCOURT, "kind": "timeout", "changes": 0, "caller": off}
            self.phase = PH_MENU
            return None
        if not ctx.get("offered"):
            ctx["offered"] = True
            # a live-ball timeout for the team with the ball in the final 2:00 of a period
            if not ctx.get("dead") and self.two_min and self._can_timeout(off, False):
                self.menu = {"queue": [off], "resume": PH_UPCOURT, "kind": "live", "changes": 0}
                self.phase = PH_MENU
                return None
        if not self.press_next and not ctx.get("press_asked") and self.final_two and not ctx.get("dead"):
            ctx["press_asked"] = True
            return Decision(de, "press", (PRESS, NO_PRESS), "PRESS? (4.2: the last two minutes of a game)")
        press = self.press_next
        self.press_next = False
        dead = self.from_dead
        self.from_dead = False
        c = self._draw("PRESS" if press else "ACTION", dead=dead)
        sec = c.press if press else c.action
        if self.log.record:
            self.event("fac", off, f"RPG {c.rpg} {'PRESS' if press else 'ACTION'}: {c.text['press' if press else 'action']}")
        self.ctx = {}
        self._pass_section(sec, "press" if press else "action")
        return None

    # ------------------------------------------------------------------ ACTION / ADVANCE / PRESS items (9, 13, 15)
    def _pass_section(self, sec: tuple, src: str, index_asked: bool = False) -> None:
        code = sec[0]
        off, de = self.off, 1 - self.off
        if (not index_asked and code in (K.P_DFOUL, K.P_SHOOTFOUL, K.P_INTFOUL, K.P_DEADBALL_FOUL)
                and self._index_ok(de, 1)):
            # 16A / 16C: declared before the next FAC (so before the fouler is known)
            legal = [INDEX_VOID_FOUL, DECLINE_INDEX]
            if code == K.P_DFOUL and self._index_ok(de, 2):
                legal.append(INDEX_STEAL)
            self.ctx = {"decision": ("index", de, legal), "then": "index_foul", "sec": list(sec), "src": src}
            self.phase = PH_WAIT
            return
        if code == K.P_PASS:
            _, slot, no, ast, sthr, sslot, trap = sec
            self.passes += 1
            if trap:  # 15K
                self.limit -= 1
            if sthr:  # 13B / 7.1 steals
                e = self.eff(de)
                if sslot >= 0:
                    stealer = sslot if e[sslot][R_STL] >= sthr else -1
                else:
                    stealer = -1
                    for s in range(5):
                        if e[s][R_STL] >= sthr and (stealer < 0 or e[s][R_STL] > e[stealer][R_STL]):
                            stealer = s
                if stealer >= 0:
                    if self._index_ok(off, 2):  # 16A: a steal becomes a DEFENSE FOUL
                        self.ctx = {"decision": ("index", off, [INDEX_FOUL, DECLINE_INDEX]), "then": "index_steal",
                                    "stealer": stealer, "target": slot}
                        self.phase = PH_WAIT
                        return
                    self._steal(stealer, slot)
                    return
            self._complete_pass(slot, no, ast, src)
            return
        if code == K.P_CHOICE:
            self.passes += 1
            no = sec[1]
            e = self.eff(off)
            ok = [s for s in range(5) if e[s][R_ATT] >= no]
            if not ok:
                ok = [self._best(off, R_ATT)]
            if len(ok) == 1:
                self._complete_pass(ok[0], no, 0, src)
                return
            self.ctx = {"choice_no": no, "src": src}
            self.phase = PH_WAIT
            self.ctx["decision"] = ("pass_to", off, [PASS_TO[s] for s in ok])
            return
        if code in (K.P_DFOUL, K.P_INTFOUL):
            fouler, fouled = self._who_fouled(self.bh if src == "advance" else -1)
            self._charge_foul(de, fouler, team=True)
            if code == K.P_INTFOUL:  # 15B: two free throws and the ball
                self._free_throws(off, fouled, 2, after="keep")
                return
            if self._in_penalty(de):
                self._penalty_free_throws(off, fouled)
            else:
                if self.log.record:
                    self.event("foul", de, f"Defensive foul on {self.pname(de, fouler)}: {self.teams[off].name} ball out-of-bounds (9D)")
                self._frontcourt(off, self._fresh_ob())
                self.ctx["fouler"] = de
                self.menu["fouler"] = de
            return
        if code == K.P_SHOOTFOUL:  # 9E
            fouler, shooter = self._who_fouled(-1)
            self._charge_foul(de, fouler, team=True)
            self.ctx = {}
            self._setup_shot(shooter, three=False, forced=0, fouled=fouler)
            self.phase = PH_SHOT
            return
        if code == K.P_OFOUL:  # 9F
            c = self._draw("FOUL # (9F offensive foul)")
            s = self._foul_number_holder(off, c.foul)
            if s < 0:
                c2 = self._draw("FD# (9F offensive foul)")
                s = self._fd_rank(off, c2.fd)
            self._charge_foul(off, s, team=False)
            self._st(off, s)[TOV] += 1
            if self.log.record:
                self.event("offensive_foul", off, f"Offensive foul and turnover on {self.pname(off, s)} (9F)")
            self._turnover_to_defense()
            return
        if code == K.P_DOB:
            slot = sec[1]
            if slot < 0:
                slot = rpg_slot(self._draw("RPG (turnover)").rpg)
            self._st(off, slot)[TOV] += 1
            if self.log.record:
                self.event("turnover", off, f"{sec[2]}: turnover on {self.pname(off, slot)} (9B)")
            self._turnover_to_defense()
            return
        if code == K.P_24:  # 13E
            self.passes += 1
            if self.passes >= 3:
                self.team_tov[off] += 1
                if self.log.record:
                    self.event("turnover", off, "24-Second Violation: team turnover (13E)")
                self._turnover_to_defense()
            else:
                self._complete_pass(self.bh if self.bh >= 0 else 0, 40, 0, src)
            return
        if code == K.P_KICKED:  # 13F
            if self.log.record:
                self.event("kicked", off, "Kicked ball: offense ball out-of-bounds (13F)")
            self._frontcourt(off, self._fresh_ob())
            return
        if code == K.P_JUMP:
            self.passes += 1
            self.ctx = {"jump": "held", "slot": sec[1]}
            self.phase = PH_JUMP
            return
        if code == K.P_Z:  # 9C / 15F
            self._consult_z(press=(src == "press"))
            return
        if code == K.P_CHOICE_SCORES:  # 15E
            self.ctx = {"decision": ("choose", off, [CHOOSE[s] for s in range(5)]), "then": "choice_scores"}
            self.phase = PH_WAIT
            return
        if code == K.P_DEADBALL_FOUL:  # 15J / 14M
            fouler, fouled = self._who_fouled(-1)
            self._charge_foul(de, fouler, team=True)
            self._free_throws(off, fouled, 2, after="other")
            return
        raise RuntimeError(f"unknown pass section {sec!r}")

    def _complete_pass(self, slot: int, no: int, ast: int, src: str) -> None:
        off = self.off
        passer = self.bh
        # Open Shot: the passer qualified for an Assist on the previous FAC (4.4), or the Double
        # Team target passed to the teammate whose PD is the second defender (5.5)
        open_from = -1
        if src == "advance" and self.assist_from >= 0:
            open_from = self.assist_from
        dt = self.dt[1 - off]
        if src == "advance" and passer >= 0 and dt[0] >= 0 and self.lineup[off][passer] == dt[0]:
            helper_slot = self.lineup[1 - off].index(dt[1]) if dt[1] in self.lineup[1 - off] else -1
            if helper_slot >= 0 and self.guard[1 - off][helper_slot] == slot:
                open_from = passer
        self.prev_bh = passer if passer >= 0 else (0 if slot != 0 else -1)
        self.bh = slot
        self.pass_no = no
        self.assist_no = ast
        self.via = src
        self.open_from = open_from
        self.assist_from = -1
        self.ctx = {}
        self.phase = PH_BALL
        if self.log.record:
            self.event("pass", off, f"{self.pname(off, slot)} has the ball (Pass #{no}{' assist ' + str(ast) if ast else ''})")

    def _steal(self, stealer: int, target: int) -> None:
        off, de = self.off, 1 - self.off
        self._st(de, stealer)[STL] += 1
        self._st(off, target)[TOV] += 1
        if self.log.record:
            self.event("steal", de, f"{self.pname(de, stealer)} steals the pass to {self.pname(off, target)} (7.1)")
        self._new_possession(de, dead=False)
        self.bh = stealer

    # ------------------------------------------------------------------ the Ballhandler (4.5, 5.1-5.3, 4.6)
    def _att(self, side: int, slot: int) -> int:
        e = self.eff(side)[slot]
        att = e[R_ATT]
        i = self.lineup[side][slot]
        if self.dt[1 - side][0] == i and self.via in ("action", "advance", "press"):
            att -= 5  # 5.5
        if self.play_call[side] == i and self.via in ("action", "press", "advance") and self.passes <= 1:
            att += 10  # 8.42
        return att

    def _ph_ball(self) -> Decision | None:
        off = self.off
        s = self.bh
        i = self.lineup[off][s]
        e = self.eff(off)[s]
        att = self._att(off, s)
        self.play_call[off] = -1  # 8.42: a called play lasts for the first in-bounds pass only
        self.ctx = {"att": att}
        if self.open_from >= 0:  # 4.4 Open Shot (always taken)
            tatt = e[R_TATT]
            three = bool(tatt) and self.pass_no < tatt
            self._setup_shot(s, three=three, forced=0, open_=not three, passer=self.open_from)
            self.phase = PH_SHOT
            return None
        if self.via == "recovery":  # 7.2: a recovered block - shoot or ADVANCE
            if self._out_of_options():
                self._shoot_or_three(s, 0, free=True)
                return None
            return Decision(off, "ballhandler", (SHOOT, ADVANCE), f"{self.pname(off, s)} recovered the block: shoot or ADVANCE?")
        can_shoot = self.pass_no <= att
        qual = self.assist_no > 0 and e[R_AST] >= self.assist_no
        out = self._out_of_options()
        late = self.last_minute or self.final_two
        dt_target = self.dt[1 - off][0] == i and self.via in ("action", "advance", "press")
        ext = qual and out and not self.ext_used and self.passes == self.limit
        options = []
        if can_shoot:
            options.append(SHOOT)
            if not out and (qual or dt_target or late):
                options.append(ADVANCE)
            elif ext:
                options.append(ADVANCE)
        else:
            if out:
                options.append(SHOOT)  # Forced Shot (5.2)
                if ext:
                    options.append(ADVANCE)
            else:
                options.append(ADVANCE)
                if late:
                    options.append(SHOOT)
        if len(options) == 1:
            self._ballhandler_choice(options[0])
            return None
        return Decision(off, "ballhandler", tuple(sorted(options)),
                        f"{self.pname(off, s)} (ATTEMPTS {att}) holds Pass #{self.pass_no}: shoot or ADVANCE?")

    def _ballhandler_choice(self, act: int) -> None:
        off, s = self.off, self.bh
        if act == ADVANCE:
            e = self.eff(off)[s]
            if self.assist_no > 0 and e[R_AST] >= self.assist_no:
                self.assist_from = s
                if self._out_of_options():
                    self.ext_used = True
                    self.limit += 1  # 13A: one extension of the 24-Second clock
            else:
                self.assist_from = -1
            self.ctx = {}
            self.phase = PH_ADVANCE
            return
        if self.via == "recovery":
            self._shoot_or_three(s, 0, free=True)
            return
        att = self.ctx.get("att", self._att(off, s))
        forced = max(0, self.pass_no - att)
        self._shoot_or_three(s, forced)

    def _shoot_or_three(self, s: int, forced: int, free: bool = False) -> None:
        off = self.off
        tatt = self.eff(off)[s][R_TATT]
        if not free and not forced and tatt and self.pass_no <= tatt:
            if self.pass_no < tatt:
                self._setup_shot(s, three=True, forced=0, passer=self.prev_bh if self.opts.assist_last_passer else -1)
                self.phase = PH_SHOT
                return
            self.ctx = {"decision": ("three_or_two", off, [SHOOT_THREE, SHOOT_TWO]), "then": "three_or_two"}
            self.phase = PH_WAIT
            return
        self._setup_shot(s, three=False, forced=forced, passer=self.prev_bh if self.opts.assist_last_passer and not free else -1)
        self.phase = PH_SHOT

    # ------------------------------------------------------------------ ADVANCE (4.3, 13, 8.7)
    def _ph_advance(self) -> Decision | None:
        ctx = self.ctx
        de = 1 - self.off
        if self._stop_for_removals(PH_ADVANCE):
            return None
        if not ctx.get("asked"):
            ctx["asked"] = True
            legal = []
            if self.final_two and self.last_minute and self.bh >= 0:
                legal.append(FOUL_TO_STOP)  # 8.7
            if self.opts.deliberate_fouls and self.opts.league != "fiba":
                legal.extend(DELIBERATE[(d, o)] for d in range(5) for o in range(5))
            if legal:
                legal.append(PLAY_DEFENSE)
                return Decision(de, "stop_clock", tuple(sorted(legal)), "foul the Ballhandler?")
        dead = self.from_dead
        self.from_dead = False
        c = self._draw("ADVANCE", dead=dead)
        if self.log.record:
            self.event("fac", self.off, f"RPG {c.rpg} ADVANCE: {c.text['advance']}")
        self.ctx = {}
        self._pass_section(c.advance, "advance")
        return None

    def _deliberate_foul(self, de_slot: int, off_slot: int, stop_clock: bool) -> None:
        off, de = self.off, 1 - self.off
        if not stop_clock:
            # 2015 6.6 (interpretation): the foul takes the place of the ADVANCE, whose FAC is used
            # up (time passes), so deliberate fouls cannot create possessions without time passing
            self._draw("ADVANCE (replaced by a deliberate foul)")
        self._charge_foul(de, de_slot, team=True)
        if self.log.record:
            self.event("foul", de, f"{self.pname(de, de_slot)} fouls {self.pname(off, off_slot)} deliberately ({'8.7' if stop_clock else '2015 6.6'})")
        if stop_clock:
            self.from_dead = True  # 8.7: the next ADVANCE, ACTION or PRESS from the Dead Ball Deck
        late = self.two_min and self.period in (2, 4)
        if not stop_clock and late:  # 2015 6.6: a dead ball foul in the last two minutes of Q2/Q4
            self._free_throws(off, off_slot, 2, after="keep")
            return
        if self._in_penalty(de, counted=True):
            self._penalty_free_throws(off, off_slot, dead_next=stop_clock)
        else:
            self._frontcourt(off, self._fresh_ob())

    # ------------------------------------------------------------------ shooting (4.5, 12)
    def _setup_shot(self, s: int, three: bool, forced: int, open_: bool = False, passer: int = -1,
                    fouled: int = -1, dead: bool = False, last: bool = False, fb: bool = False) -> None:
        self.ctx = {"s": s, "three": three, "forced": forced, "open": open_, "passer": passer, "fouled": fouled,
                    "dead": dead, "last": last, "fb": fb}

    def _ph_shot(self) -> Decision | None:
        ctx = self.ctx
        off, de = self.off, 1 - self.off
        s = ctx["s"]
        c = self._draw("SHOT #", dead=ctx["dead"])
        number, clause, thr, where = c.shot
        e = self.eff(off)[s]
        three = ctx["three"]
        forced = ctx["forced"]
        if forced < 0:  # 13G: the Pass # of the SHOT FAC (ACTION, ADVANCE, PRESS in that order)
            no = 0
            for sec in (c.action, c.advance, c.press):
                if sec[0] == K.P_PASS:
                    no = sec[2]
                    break
                if sec[0] == K.P_CHOICE:
                    no = sec[1]
                    break
            forced = max(0, no - self._att(off, s))
        pd = self.pd_slot(off, s)
        ed = self.eff(de)
        i = self.lineup[off][s]
        dt_target = self.dt[de][0] == i
        if three:
            rating = e[R_THREE]
        elif ctx["open"]:
            rating = e[R_FG] + 10
        else:
            rating = e[R_FG] + ed[pd][R_DEF] - forced
            if dt_target and not ctx["fb"] and self.via in ("action", "advance", "press"):
                rating -= 5  # 5.5 (not after a rebound)
        st = self._st(off, s)
        name = self.pname(off, s) if self.log.record else ""
        # 12C blocks (not on Three-Pointers or Open Shots)
        if clause == K.S_BLOCK and not three and not ctx["open"]:
            b = pd if where == K.BLOCK_PD else where
            blocker = -1
            if b == K.BLOCK_ANY:
                for d in range(5):
                    if ed[d][R_BLK] >= thr:
                        blocker = d
                        break
            else:
                br = ed[b][R_BLK]
                if forced and b == pd:
                    br = max(1, br * 2)  # 5.3: doubled, B0 becomes B1
                if br >= thr:
                    blocker = b
            if blocker >= 0 and ctx["fouled"] < 0:
                st[FGA] += 1
                if self.log.record:
                    self.event("block", de, f"RPG {c.rpg} SHOT # {number}: {name}'s shot is blocked by {self.pname(de, blocker)} (12C)")
                self.ctx = {"blocker": blocker, "shooter": s}
                self.phase = PH_BLOCK
                return None
        made = number <= rating and number < 98
        fouled = ctx["fouled"]
        if fouled < 0 and clause == K.S_FOUL and e[R_FD] > thr and not ctx["last"]:  # 12B
            if where == K.FOUL_BY_FOUL_NUMBER:
                c2 = self._draw("FOUL # (12B fouled by FOUL #)")
                f = self._foul_number_holder(de, c2.foul)
                fouled = f if f >= 0 else pd
            else:
                fouled = where
            self._charge_foul(de, fouled, team=True)
        pts = 3 if three else 2
        if made:
            st[FGA] += 1
            st[FGM] += 1
            if three:
                st[TPA] += 1
                st[TPM] += 1
            self._points(off, s, pts)
            passer = ctx["passer"]
            if passer >= 0 or ctx["open"]:
                self._credit_assist(off, passer, s)
            if self.log.record:
                self.event("made", off, f"RPG {c.rpg} SHOT # {number} (needs {rating}): {name} scores {pts} ({self.pts[HOME]}-{self.pts[AWAY]})")
            if fouled >= 0:
                self._free_throws(off, s, 1, after="other")
            else:
                self._after_made_basket()
            return None
        # missed
        if fouled >= 0:
            if self.log.record:
                self.event("missed_fouled", off, f"RPG {c.rpg} SHOT # {number}: {name} misses but was fouled")
            self._free_throws(off, s, 2, after="other")
            return None
        st[FGA] += 1
        if three:
            st[TPA] += 1
        if self.log.record:
            self.event("missed", off, f"RPG {c.rpg} SHOT # {number} (needs {rating}): {name} misses{' an air ball' if number >= 98 else ''}")
        if ctx["last"]:
            raise PeriodOver()
        self.ctx = {"shooter": s, "air": number >= 98, "ft": False, "fb": ctx["fb"]}
        self.phase = PH_REBOUND
        return None

    def _credit_assist(self, side: int, passer: int, shooter: int) -> None:
        if passer < 0 or passer == shooter:  # 4.4 give and go: the other player with the highest ASSIST RATE
            passer = self._best(side, R_AST, exclude=shooter)
        self._st(side, passer)[AST] += 1

    def _after_made_basket(self) -> None:
        # 8.6: a made field goal is a Dead Ball situation only in the last minute of Q1-3 and the
        # last two minutes of the fourth quarter and overtime
        dead = (self.last_minute and self.period < 4) or self.final_two
        self._new_possession(1 - self.off, dead=dead)
        if dead:
            self._open_menu([AWAY, HOME], PH_UPCOURT, "dead")

    def _ph_block(self) -> Decision | None:
        ctx = self.ctx
        off, de = self.off, 1 - self.off
        c = self._draw("BLOCK")
        code = c.block[0]
        blocker, shooter = ctx["blocker"], ctx["shooter"]
        if code == K.B_DEF_GT:  # 7.2 defensive goaltending
            st = self._st(off, shooter)
            st[FGM] += 1
            self._points(off, shooter, 2)
            if self.log.record:
                self.event("goaltending", de, f"RPG {c.rpg} BLOCK: Def. GT - {self.pname(off, shooter)} is credited with the basket")
            self._after_made_basket()
            return None
        self._st(de, blocker)[BLK] += 1
        if self.log.record:
            self.event("fac", off, f"RPG {c.rpg} BLOCK: {c.text['block']}")
        if code == K.B_OFF:
            slot = c.block[1]
            self._st(off, slot)[ORB] += 1
            if self._out_of_options():
                self.team_tov[off] += 1
                self._turnover_to_defense()
                return None
            self.bh = slot
            self.via = "recovery"
            self.open_from = -1
            self.assist_no = 0
            self.pass_no = 0
            self.ctx = {}
            self.phase = PH_BALL
            return None
        if code == K.B_DEF:
            self._st(de, c.block[1])[DRB] += 1
            self._new_possession(de, dead=False, bh=c.block[1])
            return None
        if code == K.B_OFF_OB:
            self.team_reb[off] += 1
            if self._out_of_options():
                self.team_tov[off] += 1
                self._turnover_to_defense()
                return None
            self.bh = -1
            self.ctx = {}
            self._open_menu([AWAY, HOME], PH_ADVANCE, "dead")
            return None
        self.team_reb[de] += 1
        self._turnover_to_defense()
        return None

    # ------------------------------------------------------------------ rebounds (4.7, 10)
    def _ph_rebound(self) -> Decision | None:
        ctx = self.ctx
        off, de = self.off, 1 - self.off
        c = self._draw("REBOUND", dead=ctx.get("dead", False))
        r = c.rebound
        code = r[0]
        if self.log.record:
            self.event("fac", None, f"RPG {c.rpg} REBOUND: {c.text['rebound']}")
        shooter = ctx["shooter"]
        if self.tip_in and code in (K.R_DEF, K.R_HIGH, K.R_OFF) and not ctx["ft"]:
            # 14K accidental tip-in: the next missed field goal is tipped in by the rebounder
            self.tip_in = False
            scorer = shooter
            st = self._st(off, scorer)
            st[FGM] += 1
            self._points(off, scorer, 2)
            st[FGA] += 0
            if self.log.record:
                self.event("tip_in", off, f"Accidental tip-in: {self.pname(off, scorer)} gets the basket (14K)")
            self._after_made_basket()
            return None
        if code == K.R_DEF:
            slot, fb = r[1], r[2]
            self._st(de, slot)[DRB] += 1
            self._new_possession(de, dead=False, bh=slot)
            if fb and not ctx["ft"]:
                self.ctx = {"decision": ("fast_break", de, [FAST_BREAK, NORMAL_ACTION]), "then": "fast_break", "orig": slot}
                self.phase = PH_WAIT
            return None
        if code == K.R_HIGH:
            _, slots, bonus, no, ast = r
            eo, ed = self.eff(off), self.eff(de)
            best_o, vo = -1, -1
            for s in slots:
                if eo[s][R_REBO] > vo or (eo[s][R_REBO] == vo and not eo[s][R_TIRED]):
                    best_o, vo = s, eo[s][R_REBO]
            bonus_d = 0 if ctx["fb"] else bonus
            top2 = sorted(range(5), key=lambda s: -ed[s][R_REBD])[:2] if ctx["ft"] else ()
            vals = {}
            for s in slots:
                v = ed[s][R_REBD] + bonus_d + (5 if s in top2 else 0)
                vals[s] = v
            vd = max(vals.values())
            tied = [s for s in slots if vals[s] == vd]
            if len(tied) > 1:
                fresh = [s for s in tied if not ed[s][R_TIRED]]
                tied = fresh or tied
            off_tired = eo[best_o][R_TIRED]
            def_tired = all(ed[s][R_TIRED] for s in tied)
            if vo > vd or (vo == vd and def_tired and not off_tired):
                # 16B: the defense may overturn a rebound to the other team's highest at a position
                if self._index_ok(de, 1) and len(slots) < 5:
                    self.ctx = {"decision": ("index", de, [INDEX_REBOUND, DECLINE_INDEX]), "then": "index_rebound",
                                "o": best_o, "no": no, "ast": ast, "air": ctx["air"], "d": tied[0]}
                    self.phase = PH_WAIT
                    return None
                self._orb(best_o, no, ast, ctx["air"])
                return None
            if len(tied) > 1:
                self.ctx = {"decision": ("choose", de, [CHOOSE[s] for s in tied]), "then": "dreb_choice"}
                self.phase = PH_WAIT
                return None
            if self._index_ok(off, 1) and len(slots) < 5:
                self.ctx = {"decision": ("index", off, [INDEX_REBOUND, DECLINE_INDEX]), "then": "index_rebound_off",
                            "o": best_o, "no": no, "ast": ast, "air": ctx["air"], "d": tied[0]}
                self.phase = PH_WAIT
                return None
            self._dreb(tied[0])
            return None
        if code == K.R_OFF:
            self._orb(r[1], r[2], r[3], ctx["air"])
            return None
        if code == K.R_OOB:  # 10E
            self.team_reb[off] += 1
            if ctx["air"] and self._out_of_options():
                self.team_tov[off] += 1
                self._turnover_to_defense()
                return None
            self._frontcourt(off, self.pass_limit if not ctx["air"] else self.limit - self.passes)
            return None
        if code == K.R_DOB:  # 10F
            self.team_reb[de] += 1
            self._turnover_to_defense()
            return None
        if code == K.R_OFFGT:  # 10G: turnover, no field goal attempt
            if not ctx["ft"]:
                self._st(off, shooter)[FGA] -= 1
            self.team_tov[off] += 1
            self._turnover_to_defense()
            return None
        if code == K.R_LB_DEF:  # 10H
            self.team_reb[off] += 1
            c2 = self._draw("FOUL # (10H)")
            f = self._foul_number_holder(de, c2.foul)
            if f >= 0:
                fouled = self.guard[de][f]
            else:
                c3 = self._draw("FD# (10H)")
                fouled = self._fd_rank(off, c3.fd)
                f = self.pd_slot(off, fouled)
            self._charge_foul(de, f, team=True)
            if self._in_penalty(de, counted=True):
                self._free_throws(off, fouled, 2, after="other")
            else:
                self._frontcourt(off, self.pass_limit)
            return None
        if code == K.R_LB_OFF:  # 10I: a Team Foul against the offense
            self.team_reb[de] += 1
            c2 = self._draw("FOUL # (10I)")
            f = self._foul_number_holder(off, c2.foul)
            if f < 0:
                f = self._fd_rank(off, c2.fd)
            self._charge_foul(off, f, team=True)
            if self._in_penalty(off, counted=True):
                pd = self.pd_slot(off, f)
                self.off = de
                self.poss[de] += 1
                self._free_throws(de, pd, 2, after="other")
            else:
                self._turnover_to_defense()
            return None
        if code == K.R_JUMP:  # 10J
            self.ctx = {"jump": "rebound", "slot": r[1]}
            self.phase = PH_JUMP
            return None
        raise RuntimeError(f"unknown rebound {r!r}")

    def _dreb(self, slot: int) -> None:
        de = 1 - self.off
        self._st(de, slot)[DRB] += 1
        self._new_possession(de, dead=False, bh=slot)

    def _orb(self, slot: int, no: int, ast: int, air: bool) -> None:
        """10C/10D: an offensive rebound; the #/assist combination decides what happens next."""
        off = self.off
        self._st(off, slot)[ORB] += 1
        if air:  # 12D: an air ball does not reset the 24-Second clock
            if self._out_of_options():
                self.team_tov[off] += 1
                if self.log.record:
                    self.event("turnover", off, "Air ball rebound with no ADVANCE left: 24-Second Violation (12D)")
                self._turnover_to_defense()
                return
        else:
            self.passes = 0
            self.limit = 2 if (self.opts.league == "fiba" and self.opts.fiba_orb_14) else self.pass_limit
            self.ext_used = False
        self.bh = slot
        self.prev_bh = -1
        self.pass_no = no
        self.assist_no = ast
        self.via = "orb"
        self.open_from = -1
        self.assist_from = -1
        self.ctx = {}
        self.phase = PH_BALL

    # ------------------------------------------------------------------ Fast Break (10A, 14N)
    def _grade(self, side: int, which: str) -> int:
        g = K.GRADES.index(getattr(self.teams[side], which))
        tired = sum(1 for s in range(5) if self.eff(side)[s][R_TIRED])
        return min(4, g + tired)

    def _ph_fb(self) -> Decision | None:
        ctx = self.ctx
        off, de = self.off, 1 - self.off
        col = ctx.get("col") or K.fb_column(K.GRADES[self._grade(off, "offense")], K.GRADES[self._grade(de, "defense")])
        c = self._draw("FOUL # (Fast Break)")
        res = K.FB_COLUMNS[col][c.foul]
        code, slot = res
        orig = ctx["orig"]
        self.passes = 1
        if self.log.record:
            self.event("fast_break", off, f"Fast Break, column {col}: RPG {c.rpg} FOUL # {c.foul}: {K.fb_text(col, c.foul)}")
        if code == K.FB_BASKET:
            if slot == K.FB_RPG:
                slot = rpg_slot(self._draw("RPG (Fast Break scorer)").rpg)
            st = self._st(off, slot)
            st[FGA] += 1
            st[FGM] += 1
            self._points(off, slot, 2)
            self._credit_assist(off, orig, slot)
            self._after_made_basket()
            return None
        if code == K.FB_AND_ONE:
            st = self._st(off, slot)
            st[FGA] += 1
            st[FGM] += 1
            self._points(off, slot, 2)
            fouler, _ = self._who_fouled(slot)
            self._charge_foul(de, fouler, team=True)
            self._free_throws(off, slot, 1, after="other")
            return None
        if code == K.FB_FOULED:
            fouler, _ = self._who_fouled(slot)
            self._charge_foul(de, fouler, team=True)
            self._free_throws(off, slot, 2, after="other")
            return None
        if code == K.FB_SHOT:
            self._setup_shot(slot, three=False, forced=0, fb=True)
            self.phase = PH_SHOT
            return None
        if code == K.FB_NONE:
            self.passes = 0
            self.ctx = {"offered": True, "owed_done": True}
            self.phase = PH_UPCOURT
            return None
        if code == K.FB_TURNOVER:
            self._st(off, slot)[TOV] += 1
            self._turnover_to_defense()
            return None
        # FB_STOLEN
        pd = self.pd_slot(off, slot)
        self._st(off, slot)[TOV] += 1
        self._st(de, pd)[STL] += 1
        self._new_possession(de, dead=False, bh=pd)
        return None

    # ------------------------------------------------------------------ fouls (6)
    def _in_penalty(self, side: int, counted: bool = True) -> bool:
        """6.3 / 6.4 (19.5, 20.5): is ``side`` in the Penalty Situation? Called after the foul has been
        counted: the penalty starts with the fifth Team Foul of a quarter (fourth in overtime), or
        the second in the final 2:00 when fewer than four were committed before."""
        n = self.tf[side]
        lg = self.opts.league
        if lg == "ncaa":
            return n >= 7
        if lg == "fiba":
            return n >= 5
        limit = 3 if self.overtime else 4
        if n > limit:
            return True
        return self.two_min and self.tf_last2[side] >= 2

    def _charge_foul(self, side: int, slot: int, team: bool) -> None:
        i = self.lineup[side][slot]
        st = self.stats[side][i]
        st[PF] += 1
        if team:
            self.tf[side] += 1
            if self.two_min:
                self.tf_last2[side] += 1
        if self.log.record:
            self.event("foul", side, f"Personal foul on {self.teams[side].players[i].name} ({st[PF]}){', team foul ' + str(self.tf[side]) if team else ''}")
        if st[PF] >= self.foul_out and self.status[side][i] == OK:
            self._remove(side, i, FOULED_OUT, "fouls out (6.5)")

    def _remove(self, side: int, i: int, status: int, why: str) -> None:
        bench = self._bench(side)
        if not bench and status == FOULED_OUT and self.opts.league != "fiba":
            # 6.5: the last player disqualified returns; his team is given a Technical
            self._technical_ft(1 - side)
            if self.log.record:
                self.event("technical", side, f"{self.teams[side].players[i].name} stays in: no eligible substitute (6.5 Technical)")
            return
        if not bench:
            return  # nobody left: the player stays (a team never plays with fewer than five here)
        self.status[side][i] = status
        self.removal_pending = True
        if self.log.record:
            self.event("out", side, f"{self.teams[side].players[i].name} {why}")

    def _penalty_free_throws(self, side: int, slot: int, dead_next: bool = False) -> None:
        n = 2
        kind = "two"
        if self.opts.league == "ncaa" and self.tf[1 - side] < 10:
            kind = "one_and_one"
        self._free_throws(side, slot, n, after="other", kind=kind)

    def _technical_ft(self, side: int) -> None:
        """14D: one free throw for the best foul shooter in play (queued before the current FTs)."""
        s = self._best(side, R_FT)
        st = self._st(side, s)
        c = self._draw("SHOT # (technical free throw)", dead=True)
        st[FTA] += 1
        if c.shot[0] <= self.eff(side)[s][R_FT]:
            st[FTM] += 1
            self._points(side, s, 1)

    def _free_throws(self, side: int, slot: int, n: int, after: str, kind: str = "two") -> None:
        """6.2: free throws from the Dead Ball Deck. ``after``: 'other' (the ball goes to the other
        team after a made last shot) or 'keep' (the shooter's team gets it out-of-bounds)."""
        self.off = side
        self.ctx = {"side": side, "i": self.lineup[side][slot], "n": n, "done": 0, "after": after, "kind": kind,
                    "freeze": 0}
        self.phase = PH_FT

    def _ph_ft(self) -> Decision | None:
        ctx = self.ctx
        side = ctx["side"]
        i = ctx["i"]
        last = ctx["done"] == ctx["n"] - 1
        if not ctx.get("q_freeze"):
            ctx["q_freeze"] = True
            de = 1 - side
            # 6.7 freezing the shooter: final minute of a game/overtime, within three points
            if (self.final_two and self.last_minute and abs(self.pts[0] - self.pts[1]) <= 3
                    and self._can_timeout(de, True) and ctx["freeze"] == 0 and ctx["done"] == 0):
                return Decision(de, "freeze", (FREEZE, NO_FREEZE), "freeze the shooter?")
        if not ctx.get("q_miss"):
            ctx["q_miss"] = True
            if last and ctx["after"] == "other" and self.final_two and self.last_minute:
                return Decision(side, "free_throw", (SHOOT_FREE_THROW, INTENTIONAL_MISS), "shoot or miss intentionally?")
        slot = self.lineup[side].index(i) if i in self.lineup[side] else -1
        if slot < 0:
            slot = self._best(side, R_FT)
            i = self.lineup[side][slot]
        st = self.stats[side][i]
        c = self._draw("SHOT # (free throw)", dead=True)
        number, clause = c.shot[0], c.shot[1]
        rating = self.eff(side)[slot][R_FT] - ctx["freeze"]
        name = self.teams[side].players[i].name if self.log.record else ""
        if ctx.get("intentional"):
            st[FTA] += 1
            made = False
        elif clause == K.S_LANE_DEF and last:  # 12E: another shot, no attempt charged
            if self.log.record:
                self.event("lane", side, f"Lane violation on the defense: {name} shoots again (12E)")
            return None
        elif clause == K.S_LANE_OFF and last:
            self.team_tov[side] += 1
            if self.log.record:
                self.event("lane", side, "Lane violation on the offense: the free throw is void, team turnover (12E)")
            self._turnover_to_defense()
            return None
        else:
            st[FTA] += 1
            made = number <= rating
        if made:
            st[FTM] += 1
            self._points(side, slot, 1)
        if self.log.record:
            self.event("free_throw", side, f"RPG {c.rpg} SHOT # {number}: {name} {'makes' if made else 'misses'} the free throw (needs {rating}) ({self.pts[HOME]}-{self.pts[AWAY]})")
        ctx["done"] += 1
        ctx["q_freeze"] = ctx["q_miss"] = False
        if ctx["freeze"]:
            ctx["freeze"] = 10 if not made else 0  # 6.7: another -5 after a miss, normal after a make
        if not last:
            if not made:
                if ctx["kind"] == "one_and_one":  # 19.5: a missed first bonus shot is rebounded
                    self.ctx = {"shooter": slot, "air": number >= 98, "ft": True, "fb": False}
                    self.phase = PH_REBOUND
                    return None
                self.team_reb[side] += 1  # 10: a Team Rebound for missing the first of two
            return None
        after = ctx["after"]
        if after == "keep":
            self._frontcourt(side, self._fresh_ob())
            return None
        if made:
            self._new_possession(1 - side, dead=True)
            self._open_menu([AWAY, HOME], PH_UPCOURT, "dead")
            return None
        if number >= 98:  # 12D: an air ball on the last allowed shot becomes D OB
            self.team_reb[1 - side] += 1
            self._turnover_to_defense()
            return None
        self.ctx = {"shooter": slot, "air": False, "ft": True, "fb": False, "dead": bool(ctx.get("intentional"))}
        self.phase = PH_REBOUND
        return None

    # ------------------------------------------------------------------ Z READINGS (14)
    def _consult_z(self, press: bool) -> None:
        off, de = self.off, 1 - self.off
        c = self._draw("Z READING")
        if self.log.record:
            self.event("fac", None, f"RPG {c.rpg} Z READING: {c.text['z_reading']}")
        z = c.z
        code = z[0]
        lg = self.opts.league
        if code == K.Z_ILLEGAL_DEFENSE and lg in ("ncaa", "fiba"):  # 19.9 / 20.10
            c = self._draw("Z READING (replacing Illegal Defense)", dead=True)
            z = c.z
            code = z[0]
        cont = True  # play continues with ADVANCE (the same Ballhandler)
        rest_hit = -1
        if code == K.Z_REST:
            rest_hit = z[1] if self._mandatory_rest(z[1], z[2], z[3]) else -1
        elif code == K.Z_FLAGRANT:  # 14B
            fouler, fouled = self._who_fouled(self.bh)
            self._charge_foul(de, fouler, team=True)
            c2 = self._draw("FOUL # (14B ejection check)")
            if rpg_slot(c2.foul) == fouler:
                self._remove(de, self.lineup[de][fouler], EJECTED, "is ejected for a flagrant foul (14B)")
            self._free_throws(off, fouled, 2, after="keep")
            cont = False
        elif code == K.Z_DOUBLE_FOUL:  # 14C
            c2 = self._draw("FD# (14C double foul)")
            s = self._fd_rank(off, c2.fd)
            self._charge_foul(off, s, team=True)
            self._charge_foul(de, self.pd_slot(off, s), team=True)
            self.ctx = {"jump": "double_foul"}
            self.phase = PH_JUMP
            cont = False
        elif code == K.Z_TECHNICAL:  # 14D
            if z[1] >= 0:
                who = z[1]
                if self.index[1 - who] > 0:
                    self.index[1 - who] -= 1
                else:
                    self.index[who] += 1
                self._technical_ft(1 - who)
            else:
                c2 = self._draw("RPG (14D technical)")
                who, slot = rpg_side(c2.rpg), rpg_slot(c2.rpg)
                i = self.lineup[who][slot]
                self.stats[who][i][TECH] += 1
                if self.log.record:
                    self.event("technical", who, f"Technical foul on {self.pname(who, slot)} (14D)")
                self._technical_ft(1 - who)
                if self.stats[who][i][TECH] >= 2:
                    self._remove(who, i, EJECTED, "is ejected: two technicals (14D)")
            self._new_possession(off, dead=True, count=False)
            self._open_menu([AWAY, HOME], PH_UPCOURT, "dead")
            cont = False
        elif code == K.Z_CHOICE_SCORES_FOULED:  # 14E
            self.ctx = {"decision": ("choose", off, [CHOOSE[s] for s in range(5)]), "then": "choice_scores_fouled"}
            self.phase = PH_WAIT
            cont = False
        elif code == K.Z_FIGHT:  # 14F
            a = rpg_slot(self._draw("RPG (14F fight, home)").rpg)
            b = rpg_slot(self._draw("RPG (14F fight, visitor)").rpg)
            self._remove(HOME, self.lineup[HOME][a], EJECTED, "is ejected after a fight (14F)")
            self._remove(AWAY, self.lineup[AWAY][b], EJECTED, "is ejected after a fight (14F)")
            self._new_possession(off, dead=True, count=False)
            self.ctx["offered"] = False
            self.bh = -1
            self._open_menu([AWAY, HOME], PH_ADVANCE, "dead")
            cont = False
        elif code == K.Z_INJURY:
            self._injury(z[1], z[2])
        elif code == K.Z_THREE:  # 14H
            e = self.eff(off)
            s = max(range(5), key=lambda k: (e[k][R_TATT], -k))
            st = self._st(off, s)
            st[FGA] += 1
            st[FGM] += 1
            st[TPA] += 1
            st[TPM] += 1
            self._points(off, s, 3)
            pd = self.pd_slot(off, s)
            self._charge_foul(de, pd, team=True)
            if self.log.record:
                self.event("made", off, f"{self.pname(off, s)} hits a three and is fouled (14H)")
            self._free_throws(off, s, 1, after="other")
            cont = False
        elif code == K.Z_GREAT_NIGHT:  # 14I
            self._great_night()
        elif code == K.Z_ILLEGAL_DEFENSE:  # 14J
            self.illegal_def[de] += 1
            if self.illegal_def[de] > 1:
                self._technical_ft(off)
            self._frontcourt(off, self.pass_limit)
            cont = False
        elif code == K.Z_TIP_IN:
            self.tip_in = True
        elif code in (K.Z_ELBOW, K.Z_DEADBALL_FOUL):  # 14L, 14M
            fouler, fouled = self._who_fouled(self.bh)
            self._charge_foul(de, fouler, team=True)
            if code == K.Z_ELBOW:
                self.stats[de][self.lineup[de][fouler]][TECH] += 1
            self._free_throws(off, fouled, 2, after="other")
            cont = False
        elif code == K.Z_STOLEN_FB:  # 14N
            s = rpg_slot(self._draw("RPG (14N turnover)").rpg)
            pd = self.pd_slot(off, s)
            self._st(off, s)[TOV] += 1
            self._st(de, pd)[STL] += 1
            self._new_possession(de, dead=False, bh=pd)
            self.ctx = {"col": "A", "orig": pd}
            self.phase = PH_FB
            cont = False
        # Z_HEAVE is read from the last FAC of a period only (14O)
        if press and cont:  # 15F: five more Z READINGS from the Dead Ball Deck for the defenders
            for _ in range(5):
                c5 = self._draw("Z READING (15F extra)", dead=True)
                if c5.z[0] == K.Z_REST and c5.z[1] == de:
                    self._mandatory_rest(de, c5.z[2], c5.z[3])
        if cont:
            self.ctx = {}
            if rest_hit == off and self._can_timeout(off, False):
                self.menu = {"queue": [off], "resume": PH_ADVANCE, "kind": "live", "changes": 0}
                self.phase = PH_MENU
            else:
                self.phase = PH_ADVANCE

    def _mandatory_rest(self, side: int, slot: int, unless_star: int) -> bool:
        """14A: Mandatory Rest of the player at that position (no effect while the Dead Ball deck
        is larger than the discard pile)."""
        if len(self.dead) > len(self.discard):
            return False
        i = self.lineup[side][slot]
        p = self.teams[side].players[i]
        if unless_star and p.rest:
            return False
        group = 0 if slot < 2 else (1 if slot < 4 else 2)
        for j, pl in enumerate(self.teams[side].players):  # one guard, one forward, one center
            if j != i and self.mrest[side][j]:
                jslot = self.lineup[side].index(j) if j in self.lineup[side] else pl.positions[0]
                if (0 if jslot < 2 else (1 if jslot < 4 else 2)) == group:
                    self.mrest[side][j] = False
        self.mrest[side][i] = True
        self._dirty(side)
        if self.log.record:
            self.event("rest", side, f"{p.name} must rest (14A)")
        return True

    def _injury(self, kind: int, n: int) -> None:
        """14G injuries (one per game; later ones are Mandatory Rest)."""
        c = self._draw("RPG (14G injury)")
        side, slot = rpg_side(c.rpg), rpg_slot(c.rpg)
        if self.injury_done or not self.opts.injuries:
            self._mandatory_rest(side, slot, 0)
            return
        self.injury_done = True
        if kind == K.INJ_GAMES:
            players = self.teams[side].players
            cands = [j for j, p in enumerate(players) if p.injury_rate == n and self.status[side][j] == OK]
            if not cands:
                higher = sorted({p.injury_rate for p in players if p.injury_rate > n})
                rate = higher[0] if higher else min({p.injury_rate for p in players}, key=lambda r: abs(r - n))
                cands = [j for j, p in enumerate(players) if p.injury_rate == rate and self.status[side][j] == OK]
            in_play = [j for j in cands if j in self.lineup[side]]
            if len(in_play) == 1 and len(cands) > 1:
                cands = in_play
            if len(cands) > 1:
                self.ctx = {"decision": ("choose_player", side, [CHOOSE_PLAYER[j] for j in cands]), "then": "injury",
                            "side": side, "n": n}
                self.phase = PH_WAIT
                raise _Pause()
            i = cands[0] if cands else self.lineup[side][slot]
            self._injure(side, i, 99, n)
            return
        until = {K.INJ_PERIOD: self.period, K.INJ_HALF: 2 if self.period <= 2 else 99, K.INJ_GAME: 99}[kind]
        self._injure(side, self.lineup[side][slot], until, 0)

    def _injure(self, side: int, i: int, until: int, games: int) -> None:
        self.injured[side][i] = True
        self.removal_pending = True
        name = self.teams[side].players[i].name
        if games:
            self.missed_games.append([side, i, games])
        if i in self.lineup[side]:
            self.inj_until[side][i] = until
            self.status[side][i] = INJURED_OUT
            if not self._bench(side):
                self.status[side][i] = OK
        else:
            self.inj_until[side][i] = 99
            self.status[side][i] = INJURED_OUT
        self._dirty(side)
        if self.log.record:
            self.event("injury", side, f"{name} is injured (14G)")

    def _great_night(self) -> None:
        """14I: the player on either team with the most points (ties: highest ATTEMPTS, best FG% in
        this game, then the coach's choice; an RPG picks the team when both teams tie)."""
        cands = []
        for side in (HOME, AWAY):
            for slot in range(5):
                i = self.lineup[side][slot]
                st = self.stats[side][i]
                key = (st[PTS], self.teams[side].players[i].attempts, st[FGM] / st[FGA] if st[FGA] else 0.0)
                cands.append((key, side, i))
        top = max(c[0] for c in cands)
        best = [c for c in cands if c[0] == top]
        if len({c[1] for c in best}) > 1:
            side = rpg_side(self._draw("RPG (14I Great Night team)").rpg)
            best = [c for c in best if c[1] == side]
        if len(best) > 1:
            side = best[0][1]
            self.ctx = {"decision": ("choose_player", side, [CHOOSE_PLAYER[c[2]] for c in best]), "then": "great_night",
                        "side": side}
            self.phase = PH_WAIT
            raise _Pause()
        self._set_great_night(best[0][1], best[0][2])

    def _set_great_night(self, side: int, i: int) -> None:
        self.great_night = [side, i]
        self._dirty()
        if self.log.record:
            self.event("great_night", side, f"{self.teams[side].players[i].name} is having a Great Night (14I)")

    # ------------------------------------------------------------------ pending single decisions
    def _ph_wait(self) -> Decision | None:
        kind, side, legal = self.ctx["decision"]
        if len(legal) == 1:
            self._resolve_wait(ACTIONS[legal[0]])
            return None
        return Decision(side, kind, tuple(sorted(legal)), kind.replace("_", " "))

    def _resolve_wait(self, a) -> None:
        ctx = self.ctx
        then = ctx.get("then")
        off = self.off
        if a.kind == "pass_to" and "choice_no" in ctx:
            self._complete_pass(a["slot"], ctx["choice_no"], 0, ctx["src"])
            return
        if then == "three_or_two":
            s = self.bh
            self._setup_shot(s, three=a.kind == "shoot_three", forced=0,
                             passer=self.prev_bh if self.opts.assist_last_passer else -1)
            self.phase = PH_SHOT
            return
        if then == "fast_break":
            if a.kind == "fast_break":
                self.ctx = {"orig": ctx["orig"]}
                self.phase = PH_FB
            else:
                self.ctx = {"offered": False}
                self.phase = PH_UPCOURT
            return
        if then == "dreb_choice":
            self._dreb(a["slot"])
            return
        if then in ("index_rebound", "index_rebound_off"):
            if a.kind == "index_rebound":
                payer = 1 - off if then == "index_rebound" else off
                self._spend_index(payer, 1)
                if then == "index_rebound":
                    self._dreb(ctx["o"])
                else:
                    self._orb(ctx["d"], ctx["no"], ctx["ast"], ctx["air"])
            elif then == "index_rebound":
                self._orb(ctx["o"], ctx["no"], ctx["ast"], ctx["air"])
            else:
                self._dreb(ctx["d"])
            return
        if then in ("choice_scores", "choice_scores_fouled"):
            s = a["slot"]
            st = self._st(off, s)
            st[FGA] += 1
            st[FGM] += 1
            self._points(off, s, 2)
            self._credit_assist(off, -1, s)
            if self.log.record:
                self.event("made", off, f"{self.pname(off, s)} scores ({'14E' if then.endswith('fouled') else '15E'})")
            if then == "choice_scores_fouled":
                de = 1 - off
                c = self._draw("FOUL # (14E)")
                f = self._foul_number_holder(de, c.foul)
                self._charge_foul(de, f if f >= 0 else self.pd_slot(off, s), team=True)
                self._free_throws(off, s, 1, after="other")
            else:
                self._after_made_basket()
            return
        if then == "index_foul":
            de = 1 - off
            if a.kind == "decline_index":
                self._pass_section(tuple(ctx["sec"]), ctx["src"], index_asked=True)
                return
            if a.kind == "index_steal":  # 16A
                self._spend_index(de, 2)
                bh = self.bh if self.bh >= 0 else 0
                stealer = self.pd_slot(off, bh)
                if self.log.record:
                    self.event("index", de, f"{self.teams[de].name} spend two Index Points: the foul becomes a steal (16A)")
                self._steal(stealer, bh)
                return
            self._spend_index(de, 1)  # 16C: too closely guarded to shoot - ADVANCE
            if self.log.record:
                self.event("index", de, f"{self.teams[de].name} spend an Index Point: the foul is ignored (16C)")
            if self._out_of_options():
                self.team_tov[off] += 1
                self._turnover_to_defense()
            else:
                self.ctx = {}
                self.phase = PH_ADVANCE
            return
        if then == "index_steal":
            if a.kind == "decline_index":
                self._steal(ctx["stealer"], ctx["target"])
                return
            self._spend_index(off, 2)  # 16A: the steal becomes a DEFENSE FOUL by the stealer
            de = 1 - off
            if self.log.record:
                self.event("index", off, f"{self.teams[off].name} spend two Index Points: the steal becomes a foul (16A)")
            self._charge_foul(de, ctx["stealer"], team=True)
            if self._in_penalty(de):
                self._penalty_free_throws(off, ctx["target"])
            else:
                self._frontcourt(off, self._fresh_ob())
            return
        if then == "great_night":
            self._set_great_night(ctx["side"], a["player"])
            self.ctx = {}
            self.phase = PH_ADVANCE
            return
        if then == "injury":
            self._injure(ctx["side"], a["player"], 99, ctx["n"])
            self.ctx = {}
            self.phase = PH_ADVANCE
            return
        raise RuntimeError(f"unhandled pending decision {ctx!r}")

    # ================================================================== applying a choice
    def _apply(self, decision: Decision, action) -> None:
        try:
            self._apply_choice(decision, action)
        except PeriodOver:
            self._period_over()
        except _Pause:
            pass

    def _apply_choice(self, decision: Decision, action) -> None:
        kind = decision.kind
        k = action.kind
        if kind == "menu":
            self._apply_menu(decision.side, action)
            return
        if kind == "press":
            self.press_next = k == "press"
            return
        if kind == "ballhandler":
            self._ballhandler_choice(action.index)
            return
        if kind == "stop_clock":
            if k == "foul_to_stop_clock":
                self._deliberate_foul(self.pd_slot(self.off, self.bh), self.bh, stop_clock=True)
            elif k == "deliberate_foul":
                self._deliberate_foul(action["defender"], action["target"], stop_clock=False)
            return
        if kind == "freeze":
            if k == "freeze_shooter":
                de = 1 - self.ctx["side"]
                self.to_used[de] += 1
                self.to_q4[de] += 1
                self.to_last2[de] += 1
                self.ctx["freeze"] = 5
                if self.log.record:
                    self.event("timeout", de, f"{self.teams[de].name} call a timeout to freeze the shooter (6.7)")
            return
        if kind == "free_throw":
            if k == "intentional_miss":
                self.ctx["intentional"] = True
            return
        self._resolve_wait(action)

    # ================================================================== save / restore
    _STATE = ("period", "two_min", "eleven", "pts", "lineup", "guard", "stats", "team_reb", "team_tov", "poss",
              "tf", "tf_last2", "to_used", "to20_used", "to_q4", "to_last2", "owed_to", "status", "inj_until",
              "injured", "tired", "mrest", "rested", "played_rp", "rp_grace", "rp", "great_night", "tpo", "tpd", "dt",
              "illegal_def", "tip_in", "injury_done", "missed_games", "index", "index_start", "index_spent",
              "opening", "arrow", "off", "bh", "prev_bh", "passes", "limit", "ext_used", "assist_from", "open_from",
              "pass_no", "assist_no", "via", "play_call", "press_next", "from_dead", "last_fac_heave",
              "last_shot_used", "phase", "ctx", "menu")

    def _state_to_dict(self) -> dict:
        import copy
        d = {k: copy.deepcopy(getattr(self, k)) for k in self._STATE}
        d["fac"] = [c.key for c in self.fac]
        d["dead"] = [c.key for c in self.dead]
        d["discard"] = [c.key for c in self.discard]
        d["teams"] = [t.to_dict() for t in self.teams]
        d["options"] = self.opts.to_dict()
        return d

    def _state_from_dict(self, d: dict) -> None:
        self.opts = StatisProOptions(**d["options"])
        self.teams = [parse_team(t, "saved game") for t in d["teams"]]  # rosters as prepared (14G)
        self._setup()
        for k in self._STATE:
            setattr(self, k, d[k])
        self.menu = self._fix_menu(self.menu)
        self.ctx = self._fix_ctx(self.ctx)
        self.fac = [K.BY_KEY[k] for k in d["fac"]]
        self.dead = [K.BY_KEY[k] for k in d["dead"]]
        self.discard = [K.BY_KEY[k] for k in d["discard"]]
        self._eff = [None, None]
        self.removal_pending = True

    @staticmethod
    def _fix_ctx(ctx: dict) -> dict:
        if "decision" in ctx and isinstance(ctx["decision"], list):
            ctx["decision"] = tuple(ctx["decision"])
        return ctx

    @staticmethod
    def _fix_menu(menu: dict) -> dict:
        return menu

    # ================================================================== reporting
    @property
    def score(self) -> tuple[int, int]:  # type: ignore[override]
        return (self.pts[0], self.pts[1])

    def box_score(self) -> BoxScore:
        teams = []
        for side in (HOME, AWAY):
            players = []
            for i, p in enumerate(self.teams[side].players):
                st = self.stats[side][i]
                row = {STAT_NAMES[k]: st[k] for k in range(len(STAT_NAMES)) if STAT_NAMES[k] != "T"}
                row["REB"] = st[ORB] + st[DRB]
                players.append(PlayerLine(p.name, row))
            teams.append(TeamBox(self.teams[side].name, self.pts[side], players,
                                 {"TEAM_REB": self.team_reb[side], "TEAM_TO": self.team_tov[side],
                                  "POSS": self.poss[side]}))
        return BoxScore("statispro", list(BOX_COLUMNS), teams)

    def scoreboard(self) -> str:
        q = f"OT{self.period - 4}" if self.period > 4 else f"Q{self.period}"
        return (f"{self.teams[AWAY].name} {self.pts[AWAY]} at {self.teams[HOME].name} {self.pts[HOME]} - "
                f"{q}, {len(self.fac)} FAC left{' (final 2:00)' if self.two_min else ''}; "
                f"team fouls {self.tf[HOME]}-{self.tf[AWAY]}; ball: {self.teams[self.off].name}")


class _Pause(Exception):
    pass


_HANDLERS = {
    PH_PERIOD: StatisProEngine._ph_period,
    PH_MENU: StatisProEngine._ph_menu,
    PH_JUMP: StatisProEngine._ph_jump,
    PH_UPCOURT: StatisProEngine._ph_upcourt,
    PH_BALL: StatisProEngine._ph_ball,
    PH_ADVANCE: StatisProEngine._ph_advance,
    PH_SHOT: StatisProEngine._ph_shot,
    PH_REBOUND: StatisProEngine._ph_rebound,
    PH_BLOCK: StatisProEngine._ph_block,
    PH_FT: StatisProEngine._ph_ft,
    PH_FB: StatisProEngine._ph_fb,
    PH_WAIT: StatisProEngine._ph_wait,
}
