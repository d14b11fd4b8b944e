"""Z READINGS (14A-14O), 15F's extra Z READINGS, and 14G's prior injuries (Expanded Attempts,
Ten-Day Contracts).

A mixin of :class:`~coachgym.rules.statispro.engine.StatisProEngine`; rule numbers as in the engine."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ...core.engine import AWAY, HOME
from ...core.phases import continuation
from . import cards as K
from .actions import CHOOSE, CHOOSE_PLAYER
from .cards import POSITIONS, rpg_side, rpg_slot
from .constants import (
    EJECTED,
    FGA,
    FGM,
    INJURED_OUT,
    OK,
    PH_ADVANCE,
    PH_FB,
    PH_JUMP,
    PH_MENU,
    PH_UPCOURT,
    PH_WAIT,
    PTS,
    R_TATT,
    STL,
    STOP,
    TECH,
    TOV,
    Stop,
)
from .teams import Team

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
    from .saved import PlayContext
else:
    _Engine = object


_GROUP = (0, 0, 1, 1, 2)  # 14A: PG/SG guards, SF/PF forwards, C center (by slot or card position)


class ZReadingMixin(_Engine):
    @staticmethod
    def _prepare_roster(team: Team, expanded_attempts: bool = True) -> Team:
        """14G for players missing this game with a prior injury: EXPANDED ATTEMPTS when the coach
        increases them (``expanded_attempts``, rule option of that name; half the missing
        player's ATTEMPTS to the player at his position with the most ATTEMPTS below his; with no such
        player split evenly, fractions dropped, among the players of that position), TEN-DAY
        CONTRACTS (fewer than eight usable players, or a position without a reserve), and a starter
        replaced by the best usable player for his position."""
        if not team.injured:
            return team
        import dataclasses
        import json as _json

        players = list(team.players)
        names = [p.name for p in players]
        out = {names.index(n) for n in team.injured}
        for i in sorted(out) if expanded_attempts else ():
            miss = players[i]
            pos = miss.positions[0]
            cands = [j for j, p in enumerate(players) if j not in out and pos in p.positions and p.attempts < miss.attempts]
            if cands:
                j = max(cands, key=lambda j: players[j].attempts)
                players[j] = dataclasses.replace(players[j], attempts=players[j].attempts + miss.attempts // 2)
            else:  # nobody with fewer ATTEMPTS: split evenly (fractions dropped) among his position
                at_pos = [j for j, p in enumerate(players) if j not in out and pos in p.positions]
                for j in at_pos:
                    players[j] = dataclasses.replace(players[j], attempts=players[j].attempts + miss.attempts // 2 // len(at_pos))
        ten_day = _json.loads(K._data("ten_day.json").read_text(encoding="utf-8"))["players"]
        usable = [j for j in range(len(players)) if j not in out]
        needs: list[int] = []
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

    def _consult_z(self, press: bool) -> None:
        """9C / 15F CONSULT Z: the Z READING of the next FAC (14A-14O), resolved by its code's rule
        (:data:`Z_RESOLUTIONS`); play goes on with ADVANCE unless the reading ends the possession or
        stops play (15F: five more readings for a PRESS)."""
        off = self.off
        c = self._draw("Z READING")
        if c is None:  # the FAC pile ran out (8.1)
            return
        if self.log.record:
            self.event("fac", None, f"RPG {c.rpg} Z READING: {c.text['z_reading']}")
        z = c.z
        if z[0] == K.Z_ILLEGAL_DEFENSE and self.options.league in ("ncaa", "fiba"):  # 19.9 / 20.10
            c = self._draw("Z READING (replacing Illegal Defense)", dead=True)
            assert c is not None  # (the Dead Ball Deck never runs out: _draw)
            z = c.z
        extra = 5 if press else 0  # 15F
        resolve = Z_RESOLUTIONS.get(z[0])
        # Z_HEAVE (and a reading without a rule of its own) goes on: it is read from the last FAC of a period only (14O)
        if resolve is None or resolve(self, z, off, extra):
            self._z_finish(extra, -1)

    def _z_foul(self, code: int) -> None:
        """14B / 14L / 14M: who fouled who (6.1), then the foul's own rule."""
        if code == K.Z_FLAGRANT:
            who = self._who_fouled(self.ballhandler, "flagrant", {})
            if who is STOP:  # the FAC pile ran out, or the home coach names the player (6.1)
                return
            self._after_flagrant(*who)
            return
        data = {"code": code}
        who = self._who_fouled(self.ballhandler, "elbow", data)
        if who is STOP:
            return
        self._after_elbow(*who, **data)

    @continuation("flagrant")
    def _after_flagrant(self, fouler: int, fouled: int) -> None:
        """14B FLAGRANT FOUL: two shots and the ball; the FOUL # of another FAC among the fouler's
        RPGs ejects him."""
        off, de = self.off, 1 - self.off
        self._charge_foul(de, fouler, team=True)
        c2 = self._draw("FOUL # (14B ejection check)")
        if c2 is None:
            return
        if rpg_slot(c2.foul) == fouler:
            self._remove(de, self.team_state[de].lineup[fouler], EJECTED, "is ejected for a flagrant foul (14B)")
        self._free_throws(off, fouled, 2, after="keep")

    @continuation("double_foul")
    def _after_double_foul(self, s: int) -> None:
        """14C DOUBLE FOUL: the FD# player and his PD are charged; a jump ball follows."""
        off, de = self.off, 1 - self.off
        self._charge_foul(off, s, team=True)
        self._charge_foul(de, self.pd_slot(off, s), team=True)
        self.ctx = {"jump": "double_foul"}
        self.phase = PH_JUMP

    @continuation("elbow")
    def _after_elbow(self, fouler: int, fouled: int, code: int) -> None:
        """14L ELBOW FOUL (a Technical as well) and 14M DEAD BALL FOUL: two free throws."""
        off, de = self.off, 1 - self.off
        self._charge_foul(de, fouler, team=True)
        if code == K.Z_ELBOW:
            i = self.team_state[de].lineup[fouler]
            self.team_state[de].stats[i][TECH] += 1
            if self.team_state[de].stats[i][TECH] >= 2 and self.team_state[de].status[i] == OK:  # 6.5 / 14D: two technicals
                self._remove(de, i, EJECTED, "is ejected: two technicals (14L)")
        self._free_throws(off, fouled, 2, after="other")

    def _z_finish(self, extra: int, rest_hit: int) -> None:
        """Play goes on after a Z READING (9C): 15F's extra Z READINGS (``extra`` left to draw from the
        Dead Ball Deck; only Mandatory Rest of a defender counts), then the same Ballhandler ADVANCES
        (a live timeout is offered first when a Mandatory Rest hit the offense, as in the sample)."""
        off, de = self.off, 1 - self.off
        while extra > 0:
            extra -= 1
            c5 = self._draw("Z READING (15F extra)", dead=True)
            assert c5 is not None  # (the Dead Ball Deck never runs out: _draw)
            if c5.z[0] == K.Z_REST and c5.z[1] == de:
                if self._mandatory_rest(de, c5.z[2], c5.z[3], extra=extra, rest_hit=rest_hit) is STOP:
                    return  # the opposing coach chooses who rests (14A)
        self.ctx = {}
        if rest_hit == off and self._can_timeout(off, False):
            self.menu = {"queue": [off], "resume": PH_ADVANCE, "kind": "live", "changes": 0}
            self.phase = PH_MENU
        else:
            self.phase = PH_ADVANCE

    def _three_pointer_z(self, s: int) -> None:
        """14H: the offensive player hits a Three-Pointer and is fouled by his PD (one free throw)."""
        off, de = self.off, 1 - self.off
        self._made_three(off, s)
        self._charge_foul(de, self.pd_slot(off, s), team=True)
        if self.log.record:
            self.event("made", off, f"{self.pname(off, s)} hits a three and is fouled (14H)")
        self._free_throws(off, s, 1, after="other")

    def _mandatory_rest(self, side: int, slot: int, unless_star: int, extra: int = 0, rest_hit: int = -1,
                        primary: bool = False) -> bool | Stop:
        """14A: Mandatory Rest of the player at that position (no effect while the Dead Ball deck is
        larger than the discard pile). At most one guard, one forward and one center of a team are in
        the Mandatory Rest box; a two-position player takes a group whose box place is free. When the
        place is taken, the opposing coach selects which of the two players is subject to the rest
        (for 15F's extra readings that is the offensive coach's option to ignore the new one). Returns
        whether the new player must rest now, or ``STOP`` while that choice is pending (the engine then
        waits at PH_WAIT: the caller returns at once, and ``extra`` / ``rest_hit`` / ``primary`` carry
        the Z READING's remainder)."""
        ts = self.team_state[side]
        if len(self.dead) > len(self.discard):
            return False
        lineup = ts.lineup
        i = lineup[slot]
        players = self.teams[side].players
        p = players[i]
        if unless_star and p.rest:
            return False
        if ts.mandatory_rest[i]:
            return True  # already in the box
        box = {}
        for j, pl in enumerate(players):  # the box: one guard, one forward, one center
            if j != i and ts.mandatory_rest[j]:
                box[_GROUP[lineup.index(j)] if j in lineup else _GROUP[pl.positions[0]]] = j
        group = _GROUP[slot]
        if group in box:
            free = [g for g in sorted({_GROUP[q] for q in p.positions}) if g not in box]
            if free:
                group = free[0]
        old = box.get(group, -1)
        if old >= 0:
            self.ctx = {"decision": ("choose_player", 1 - side, sorted([CHOOSE_PLAYER[old], CHOOSE_PLAYER[i]])),
                        "then": "rest_choice", "side": side, "new": i, "old": old, "extra": extra,
                        "rest_hit": rest_hit, "primary": primary}
            self.phase = PH_WAIT
            return STOP  # the engine waits at PH_WAIT: every caller returns at once
        self._rest_box(side, i, -1)
        return True

    def _rest_box(self, side: int, i: int, release: int) -> None:
        """14A: player ``i`` goes to the Mandatory Rest box (Fatigued until he sits out a Rest
        Period); ``release`` (if any) returns to play normally."""
        if release >= 0:
            self.team_state[side].mandatory_rest[release] = False
        self.team_state[side].mandatory_rest[i] = True
        self._dirty(side)
        if self.log.record:
            self.event("rest", side, f"{self.teams[side].players[i].name} must rest (14A)")

    def _rest_choice(self, ctx: PlayContext, chosen: int) -> None:
        """14A / 15F: the opposing coach's choice between the player in the box and the new one."""
        side, new, old = ctx["side"], ctx["new"], ctx["old"]
        rest_hit = ctx["rest_hit"]
        if chosen == new:
            self._rest_box(side, new, old)
            if ctx["primary"]:
                rest_hit = side
        elif self.log.record:
            self.event("rest", side, f"{self.teams[side].players[old].name} stays in the Mandatory Rest box; "
                                     f"{self.teams[side].players[new].name} plays on (14A)")
        self._z_finish(ctx["extra"], rest_hit)

    def _injury(self, kind: int, n: int, extra: int = 0) -> Stop | None:
        """14G injuries (one per game; later ones are Mandatory Rest). ``STOP`` when the FAC pile ran
        out (8.1) or a coach must choose (who rests, 14A; who is injured, 14G)."""
        c = self._draw("RPG (14G injury)")
        if c is None:
            return STOP
        side, slot = rpg_side(c.rpg), rpg_slot(c.rpg)
        if self.injury_done or not self.options.injuries:
            return STOP if self._mandatory_rest(side, slot, 0, extra=extra) is STOP else None
        self.injury_done = True
        if kind == K.INJ_GAMES:
            players = self.teams[side].players
            left = self.teams[side].games_left_to_miss
            # 14G NOTE (replaying a season): only players with games still left to miss; when nobody
            # has any (the Larry Bird EXAMPLE), the injury is the balance of the current game
            pool = [(j, p) for j, p in enumerate(players) if left is None or left.get(p.name, 0) > 0]
            if left is not None and not any(self.team_state[side].status[j] == OK for j, _ in pool):
                self._injure(side, self.team_state[side].lineup[slot], 99, 0)
                return None
            cands = [j for j, p in pool if p.injury_rate == n and self.team_state[side].status[j] == OK]
            if not cands:
                higher = sorted({p.injury_rate for _, p in pool if p.injury_rate > n})
                rate = higher[0] if higher else min({p.injury_rate for _, p in pool}, key=lambda r: abs(r - n))
                cands = [j for j, p in pool if p.injury_rate == rate and self.team_state[side].status[j] == OK]
            in_play = [j for j in cands if j in self.team_state[side].lineup]
            if len(in_play) == 1 and len(cands) > 1:
                cands = in_play
            if len(cands) > 1:
                self.ctx = {"decision": ("choose_player", side, [CHOOSE_PLAYER[j] for j in cands]), "then": "injury",
                            "side": side, "n": n, "extra": extra}
                self.phase = PH_WAIT
                return STOP  # the engine waits at PH_WAIT
            i = cands[0] if cands else self.team_state[side].lineup[slot]
            self._injure(side, i, 99, self._games_out(side, i))
            return None
        until = {K.INJ_PERIOD: self.period, K.INJ_HALF: 2 if self.period <= 2 else 99, K.INJ_GAME: 99}[kind]
        self._injure(side, self.team_state[side].lineup[slot], until, 0)
        return None

    def _games_out(self, side: int, i: int) -> int:
        """14G: "this game plus a number of following games equal to the player's Injury rating",
        at most the games he may still miss in a season replay (the NOTE: never fewer games played
        than his card lists)."""
        p = self.teams[side].players[i]
        left = self.teams[side].games_left_to_miss
        return p.injury_rate if left is None else min(p.injury_rate, left.get(p.name, 0))

    def _injure(self, side: int, i: int, until: int, games: int) -> None:
        """14G: the player is injured (ratings -2 for the rest of the game) and misses the rest of the
        period / half / game. Play resumes with the first of two allowed ADVANCES. An injured player
        in the lineup leaves as soon as his team has the ball: an offensive player at once, a
        defender when his team gains possession (until then the Ballhandler he guards may take an
        Open Shot, see PlayMixin._phase_ball)."""
        ts = self.team_state[side]
        ts.injured[i] = True
        name = self.teams[side].players[i].name
        if games:
            self.missed_games.append([side, i, games])
        if i in ts.lineup:
            self.passes = max(0, self.limit - 2)
            if side != self.off:
                self.inj_wait = [side, i, until]
                self._dirty(side)
                if self.log.record:
                    self.event("injury", side, f"{name} is injured (14G); he stays in until his team has the ball")
                return
            ts.inj_until[i] = until
            ts.status[i] = INJURED_OUT
            if not self._bench(side):
                ts.status[i] = OK
        else:
            ts.inj_until[i] = 99
            ts.status[i] = INJURED_OUT
        self.removal_pending = True
        self._dirty(side)
        if self.log.record:
            self.event("injury", side, f"{name} is injured (14G)")

    def _injury_takes_effect(self) -> None:
        """14G: the injured defender's team has the ball (or took him out): he leaves for his time."""
        side, i, until = self.inj_wait
        self.inj_wait = []
        self.team_state[side].inj_until[i] = until
        self.team_state[side].status[i] = INJURED_OUT
        if i in self.team_state[side].lineup and not self._bench(side):
            self.team_state[side].status[i] = OK
        self.removal_pending = True
        self._dirty(side)

    def _great_night(self, extra: int = 0) -> Stop | None:
        """14I: the player on either team with the most points (ties: highest ATTEMPTS, best FG% in
        this game, then the coach's choice; an RPG picks the team when both teams tie)."""
        cands = []
        for side in (HOME, AWAY):
            for slot in range(5):
                i = self.team_state[side].lineup[slot]
                st = self.team_state[side].stats[i]
                key = (st[PTS], self.teams[side].players[i].attempts, st[FGM] / st[FGA] if st[FGA] else 0.0)
                cands.append((key, side, i))
        top = max(c[0] for c in cands)
        best = [c for c in cands if c[0] == top]
        if len({c[1] for c in best}) > 1:
            c = self._draw("RPG (14I Great Night team)")
            if c is None:
                return STOP
            side = rpg_side(c.rpg)
            best = [c for c in best if c[1] == side]
        if len(best) > 1:
            side = best[0][1]
            self.ctx = {"decision": ("choose_player", side, [CHOOSE_PLAYER[c[2]] for c in best]), "then": "great_night",
                        "side": side, "extra": extra}
            self.phase = PH_WAIT
            return STOP  # the engine waits at PH_WAIT
        self._set_great_night(best[0][1], best[0][2])
        return None

    def _set_great_night(self, side: int, i: int) -> None:
        self.great_night = [side, i]
        self._dirty()
        if self.log.record:
            self.event("great_night", side, f"{self.teams[side].players[i].name} is having a Great Night (14I)")


# ============================================================ 14A-14N: each Z READING's rule
# Each takes the engine, the reading (its code first), the offense and 15F's extra readings, and
# says whether play goes on with ADVANCE (the same Ballhandler); one that stops play (the FAC pile
# ran out, a coach must choose: a call that returned ``STOP``) or ends the possession says no.
def _z_rest(g: Any, z: tuple[Any, ...], off: int, extra: int) -> bool:
    """14A MANDATORY REST: the reading's player rests (the opposing coach may choose who)."""
    rests = g._mandatory_rest(z[1], z[2], z[3], extra=extra, primary=True)
    if rests is STOP:  # the opposing coach chooses who rests (14A)
        return False
    g._z_finish(extra, z[1] if rests else -1)
    return False


def _z_personal_foul(g: Any, z: tuple[Any, ...], off: int, extra: int) -> bool:
    """14B FLAGRANT, 14L ELBOW, 14M DEAD BALL FOUL: the defense may void it (16C), else who fouled who."""
    if not g._offer_void(1 - off, "z_foul", {"code": z[0]}):  # 16C
        g._z_foul(z[0])
    return False


def _z_double_foul(g: Any, z: tuple[Any, ...], off: int, extra: int) -> bool:
    """14C DOUBLE FOUL: the FD# of another FAC names the player."""
    c2 = g._draw("FD# (14C double foul)")
    if c2 is None:
        return False
    s = g._fd_rank(off, c2.fd, "double_foul", {})
    if s is STOP:  # the home coach names the player (6.1)
        return False
    g._after_double_foul(s)
    return False


def _z_technical(g: Any, z: tuple[Any, ...], off: int, extra: int) -> bool:
    """14D TECHNICAL FOUL: on a bench (the index moves) or on the RPG of another FAC; a dead ball."""
    if z[1] >= 0:
        who = z[1]
        if g.team_state[1 - who].index > 0:
            g.team_state[1 - who].index -= 1
        else:
            g.team_state[who].index += 1
        g._technical_ft(1 - who)
    else:
        c2 = g._draw("RPG (14D technical)")
        if c2 is None:
            return False
        who, slot = rpg_side(c2.rpg), rpg_slot(c2.rpg)
        i = g.team_state[who].lineup[slot]
        g.team_state[who].stats[i][TECH] += 1
        if g.log.record:
            g.event("technical", who, f"Technical foul on {g.pname(who, slot)} (14D)")
        g._technical_ft(1 - who)
        if g.team_state[who].stats[i][TECH] >= 2:
            g._remove(who, i, EJECTED, "is ejected: two technicals (14D)")
    g._new_possession(off, dead=True, count=False)
    g._open_menu([AWAY, HOME], PH_UPCOURT, "dead")
    return False


def _z_choice_scores_fouled(g: Any, z: tuple[Any, ...], off: int, extra: int) -> bool:
    """14E: the offense's coach chooses the player who scores and is fouled."""
    g.ctx = {"decision": ("choose", off, [CHOOSE[s] for s in range(5)]), "then": "choice_scores_fouled"}
    g.phase = PH_WAIT
    return False


def _z_fight(g: Any, z: tuple[Any, ...], off: int, extra: int) -> bool:
    """14F FIGHT: a player of each team (the RPGs of two more FACs) is ejected; a dead ball."""
    ca = g._draw("RPG (14F fight, home)")
    if ca is None:
        return False
    cb = g._draw("RPG (14F fight, visitor)")
    if cb is None:
        return False
    a, b = rpg_slot(ca.rpg), rpg_slot(cb.rpg)
    g._remove(HOME, g.team_state[HOME].lineup[a], EJECTED, "is ejected after a fight (14F)")
    g._remove(AWAY, g.team_state[AWAY].lineup[b], EJECTED, "is ejected after a fight (14F)")
    g._new_possession(off, dead=True, count=False)
    g.ctx["offered"] = False
    g.ballhandler = -1
    g._open_menu([AWAY, HOME], PH_ADVANCE, "dead")
    return False


def _z_injury(g: Any, z: tuple[Any, ...], off: int, extra: int) -> bool:
    """14G INJURY: play goes on unless a coach must choose."""
    return g._injury(z[1], z[2], extra) is not STOP


def _z_three(g: Any, z: tuple[Any, ...], off: int, extra: int) -> bool:
    """14H THREE POINTER: by the best THREE POINT ATTEMPTS rating in play, else the coach's choice."""
    e = g.eff(off)
    if any(e[k][R_TATT] for k in range(5)):
        g._three_pointer_z(max(range(5), key=lambda k: (e[k][R_TATT], -k)))
    else:  # no THREE POINT ATTEMPTS rating in play: the coach selects the player
        g.ctx = {"decision": ("choose", off, [CHOOSE[k] for k in range(5)]), "then": "three_pointer_z"}
        g.phase = PH_WAIT
    return False


def _z_great_night(g: Any, z: tuple[Any, ...], off: int, extra: int) -> bool:
    """14I GREAT NIGHT: play goes on unless a coach must choose."""
    return g._great_night(extra) is not STOP


def _z_illegal_defense(g: Any, z: tuple[Any, ...], off: int, extra: int) -> bool:
    """14J ILLEGAL DEFENSE: a warning, then a technical free throw; the ball in the frontcourt."""
    de = 1 - off
    g.team_state[de].illegal_def += 1
    if g.team_state[de].illegal_def > 1:
        g._technical_ft(off)
    g._frontcourt(off, g.pass_limit)
    return False


def _z_tip_in(g: Any, z: tuple[Any, ...], off: int, extra: int) -> bool:
    """14K TIP IN: the next missed shot may be tipped in; play goes on."""
    g.tip_in = True
    return True


def _z_stolen_fast_break(g: Any, z: tuple[Any, ...], off: int, extra: int) -> bool:
    """14N: a turnover by the RPG of another FAC, stolen by his PD, who starts a fast break."""
    c2 = g._draw("RPG (14N turnover)")
    if c2 is None:
        return False
    s = rpg_slot(c2.rpg)
    pd = g.pd_slot(off, s)
    g._st(off, s)[TOV] += 1
    g._st(1 - off, pd)[STL] += 1
    g._new_possession(1 - off, dead=False, bh=pd)
    g.ctx = {"col": "A", "orig": pd}
    g.phase = PH_FB
    return False


Z_RESOLUTIONS: dict[int, Callable[[Any, tuple[Any, ...], int, int], bool]] = {
    K.Z_REST: _z_rest,
    K.Z_FLAGRANT: _z_personal_foul,
    K.Z_DOUBLE_FOUL: _z_double_foul,
    K.Z_TECHNICAL: _z_technical,
    K.Z_CHOICE_SCORES_FOULED: _z_choice_scores_fouled,
    K.Z_FIGHT: _z_fight,
    K.Z_INJURY: _z_injury,
    K.Z_THREE: _z_three,
    K.Z_GREAT_NIGHT: _z_great_night,
    K.Z_ILLEGAL_DEFENSE: _z_illegal_defense,
    K.Z_TIP_IN: _z_tip_in,
    K.Z_ELBOW: _z_personal_foul,
    K.Z_DEADBALL_FOUL: _z_personal_foul,
    K.Z_STOLEN_FB: _z_stolen_fast_break,
}
