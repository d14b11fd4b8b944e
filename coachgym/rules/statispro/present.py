"""What a person sees of a Statis Pro Basketball game: the presenter (``PRESENTER``) of
:mod:`coachgym.present.presenter`.

It reads the engine (never changes it) and writes it in the words of the 1993 rules: the quarter and
the FAC left as the clock, the final 2:00, Team Fouls and the Penalty Situation, timeouts, Index
Points, both lineups as player cards (FIELD GOAL, ATTEMPTS, THREE POINT, FREE THROW, REBOUND,
DEFENSE RATE ...) with fouls, fatigue and Rest Periods, who guards whom (PD), Double Teams and the
PRESS. Every decision kind gets a sentence and its options grouped: a substitution is "who comes
out" then "who goes in", a PD card "which of ours" then "guards whom", a Double Team "their man"
then "our helper". Fixed texts and the glossary are data (``data/present.json``).

Auto-play kinds split the engine's ``menu`` decision by when it comes (``menu:set_piece`` at period
starts and timeouts, ``menu:dead`` at other dead balls, ``menu:live`` with the ball in play,
``menu:replace`` when a player must leave), so a person can make the lineup calls that matter and
leave the routine dead-ball rotation to the book.
"""

from __future__ import annotations

from typing import Any

from ...core.engine import AWAY, HOME, Decision
from ...core.phases import table, view
from ...present.model import Choice, DecisionView, Group, PlayerCard, Rating, Situation, TeamView
from ...present.presenter import BasePresenter
from ...present.texts import ScreenTexts, two_step
from . import actions as A
from . import cards as K
from .cards import POSITIONS
from .constants import (
    AST,
    DRB,
    EJECTED,
    FOULED_OUT,
    INJURED_OUT,
    OK,
    ORB,
    PF,
    PH_BALL,
    PH_OVER,
    PTS,
    R_AST,
    R_ATT,
    R_BLK,
    R_DEF,
    R_FG,
    R_FT,
    R_REBD,
    R_STL,
    R_TATT,
    R_THREE,
)
from .engine import StatisProEngine

AUTO_KINDS = ("menu:set_piece", "menu:dead", "menu:live", "menu:replace", "press", "ballhandler", "ballhandler:late",
              "three_or_two",
              "pass_to", "fast_break", "stop_clock", "free_throw", "freeze", "index", "choose", "choose_player")
TEXTS = ScreenTexts(__package__, "statispro", AUTO_KINDS)
T = TEXTS
ORDINAL = ("1st", "2nd", "3rd", "4th")
# the terms every Statis Pro situation uses (lineups, facts)
_SITUATION_TERMS = ["FAC", "PD", "FG", "ATT", "3PT", "FT", "REB", "DEF", "A", "S", "B", "Team Fouls",
                    "Penalty Situation", "timeout", "Index Points", "Rest Period", "rested", "must rest by 9:00",
                    "Fatigued", "Mandatory Rest", "passes", "Ballhandler", "Fast Break grades"]
_MENU_TERMS = ["Dead ball", "PD card", "Position shift", "out of position", "timeout", "20-second timeout"]
_STATUS = {FOULED_OUT: "fouled out", EJECTED: "ejected", INJURED_OUT: "injured"}


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


class StatisProPresenter(BasePresenter):
    VIEWS: dict[str, Any] = {}  # decision kind -> its @view(KIND) method (set below the class)
    ruleset = "statispro"

    # ================================================================== small readings
    @staticmethod
    def name(g: StatisProEngine, side: int, i: int) -> str:
        """Roster player ``i`` of ``side`` by name (an asterisk or two for his rest exemption, 5.4)."""
        p = g.teams[side].players[i]
        return p.name

    @staticmethod
    def clock(g: StatisProEngine) -> tuple[str, str, int]:
        """("Q2 about 6:40 (96 FAC left)", "2nd quarter", FAC left) from the FAC pile (8.1)."""
        if g.phase == PH_OVER or g.over:
            return T("clock_final"), T("period_final"), 0
        fac = sum(1 for c in g.fac if not c.time)
        if g.overtime:
            layout = K.CLOCK["overtime" if g.options.league != "ncaa" and g.options.league != "fiba" else "college_overtime"]
            minutes, total = layout["minutes"], layout["fac"]
        else:
            minutes, total = g.clock["minutes"], g.clock["fac"]
        secs = int(round(minutes * 60 * min(fac, total) / total / 10.0)) * 10
        clock = f"about {secs // 60}:{secs % 60:02d}"
        if g.period == 0:
            return "Tip-off", T("period_q", n=ORDINAL[0]), fac
        if g.overtime:
            n = g.period - 4
            return T("clock_ot", n=n, clock=clock, fac=fac), T("period_ot", n=n), fac
        return T("clock", q=g.period, clock=clock, fac=fac), T("period_q", n=ORDINAL[g.period - 1]), fac

    @staticmethod
    def timeouts_left(g: StatisProEngine, side: int) -> int:
        """Full timeouts a team may still call (8.4: seven a game, four in the last quarter, three in the final 2:00)."""
        left = 7 - g.team_state[side].timeouts_used
        if g.period >= 4:
            left = min(left, 4 - g.team_state[side].timeouts_q4)
        if g.final_two:
            left = min(left, 3 - g.team_state[side].timeouts_last2)
        return max(0, left)

    @staticmethod
    def index_can(g: StatisProEngine, side: int) -> int:
        """Index Points the team may still spend this period (16: a quarter of them, rounded up)."""
        cap = max(1, -(-g.team_state[side].index_start // 4))
        return max(0, min(g.team_state[side].index, cap - g.team_state[side].index_spent))

    def ratings(self, g: StatisProEngine, side: int, i: int, slot: int | None) -> list[Rating]:
        """The card's key numbers; for a man in play the numbers that count now (fatigue, position,
        injury, Great Night, Three Point Offense), with the card's own value in the explanation."""
        p = g.teams[side].players[i]
        e = g.eff(side)[slot] if slot is not None else None

        def r(label, card, now, explain):
            value = str(now if now is not None else card)
            if now is not None and now != card:
                explain = f"{explain} (card: {card})"
            return Rating(label, value, explain)

        att = f"{p.attempts}({p.three_point_attempts})" if p.three_point_attempts else str(p.attempts)
        att_now = None
        if e is not None:
            att_now = f"{e[R_ATT]}({e[R_TATT]})" if p.three_point_attempts else str(e[R_ATT])
        out = [r("FG", p.field_goal, e and e[R_FG], "FIELD GOAL: good on SHOT # up to this, less the PD's DEFENSE RATE"),
               r("ATT", att, att_now, "ATTEMPTS (THREE POINT ATTEMPTS): shoots on a Pass # up to this")]
        if p.three_point_attempts:
            out.append(r("3PT", p.three_point, e and e[R_THREE], "THREE POINT rating"))
        else:
            out.append(Rating("3PT", "-", "no THREE POINT rating: he cannot shoot Three-Pointers (4.6)"))
        out += [r("DEF", _signed(p.defense), e and _signed(e[R_DEF]),
                  "DEFENSE RATE: taken off the FIELD GOAL of the man he guards"),
                r("REB", p.rebound, e and e[R_REBD], "REBOUND rating (on defense)"),
                r("FT", p.free_throw, e and e[R_FT], "FREE THROW rating"),
                r("A", p.assist, e and e[R_AST], "ASSIST RATE"), r("S", p.steal, e and e[R_STL], "STEAL RATE"),
                r("B", p.block, e and e[R_BLK], "BLOCK RATE")]
        return out

    @staticmethod
    def fatigue(g: StatisProEngine, side: int, i: int) -> str:
        """Rest and stamina in the rules' words (5.4, 14A)."""
        p = g.teams[side].players[i]
        if g.team_state[side].mandatory_rest[i]:
            return "MANDATORY REST"
        if g.team_state[side].tired[i]:
            return "FATIGUED"
        half = 0 if g.period <= 2 else 1
        if p.rest == 2 or (p.rest == 1 and half == 1) or g.period == 0:
            return ""
        if g.team_state[side].rested[i][half]:
            return "rested"
        if g.period in (2, 4) and g.rest_period < 2:
            return "must rest by 9:00"  # 5.4: not rested by the 9:00 card of the 2nd / 4th quarter -> Fatigued
        return ""

    def card(self, g: StatisProEngine, side: int, i: int) -> PlayerCard:
        p = g.teams[side].players[i]
        lineup = g.team_state[side].lineup
        on = i in lineup
        slot = lineup.index(i) if on else None
        st = g.team_state[side].stats[i]
        notes = []
        guards = ""
        if on:
            guards = g.pname(1 - side, g.team_state[side].guard[slot])
            if slot not in p.positions or g.team_state[side].guard[slot] not in p.positions:
                notes.append("out of position")
            if g.off == side and g.ballhandler == slot and not g.over:
                notes.append("has the ball")
            dt = g.team_state[1 - side].double_team
            if dt[0] == i:
                notes.append("Double Teamed")
            if g.team_state[side].double_team[1] == i:
                notes.append("helps in the Double Team")
            if g.team_state[side].play_call == i:
                notes.append("play called")
        if g.great_night[0] == side and g.great_night[1] == i:
            notes.append("Great Night")
        if g.team_state[side].injured[i] and g.team_state[side].status[i] == OK:
            notes.append("injured: ratings -2")
        status = _STATUS.get(g.team_state[side].status[i], "")
        line = f"{st[PTS]} pts, {st[ORB] + st[DRB]} reb, {st[AST]} ast"
        position = POSITIONS[slot] if on else "/".join(POSITIONS[q] for q in p.positions)
        return PlayerCard(name=p.name + "*" * p.rest, position=position, on_court=on,
                          ratings=self.ratings(g, side, i, slot), fouls=st[PF], fatigue=self.fatigue(g, side, i),
                          status=status, guards=guards, line=line, note=", ".join(notes))

    def team_view(self, g: StatisProEngine, side: int, coach: str) -> TeamView:
        ts = g.team_state[side]
        t = g.teams[side]
        on = [self.card(g, side, i) for i in ts.lineup]
        bench = [self.card(g, side, i) for i in range(len(t.players)) if i not in ts.lineup]
        facts = [("timeouts", f"{self.timeouts_left(g, side)}" + ("" if ts.timeouts20_used else " + a 20-second")),
                 ("team fouls", f"{ts.team_fouls}" + (", in the penalty" if g.penalty_next(side) else ""))]
        if g.options.index_points and (ts.index_start or ts.index):
            facts.append(("Index Points", f"{ts.index}, {self.index_can(g, side)} usable this period"))
        dt = ts.double_team
        if dt[0] >= 0:
            facts.append(("Double Team", f"on {self.name(g, 1 - side, dt[0])}, {self.name(g, side, dt[1])} helps"))
        if g.press_next and side != g.off:
            facts.append(("PRESS", "on their next ACTION"))
        if ts.three_point_offense:
            facts.append(("Three Point Offense", "on"))
        if ts.three_point_defense:
            facts.append(("Three Point Defense", "on"))
        facts.append(("Fast Break grades", f"{t.offense}/{t.defense}"))
        return TeamView(t.name, side, ts.pts, coach, on, bench, facts)

    def ball(self, g: StatisProEngine) -> str:
        if g.over:
            return ""
        team = g.teams[g.off].name
        if g.ballhandler >= 0 and g.phase in (PH_BALL,) or (g.decision is not None and g.decision.kind == "ballhandler"):
            return T("ball_bh", team=team, name=g.pname(g.off, g.ballhandler), used=g.passes, limit=g.limit)
        return T("ball_team", team=team)

    # ================================================================== the protocol
    def situation(self, g: StatisProEngine, coaches: tuple[str, str] = ("", "")) -> Situation:
        home, away = g.teams[HOME].name, g.teams[AWAY].name
        clock, period, fac = self.clock(g)
        facts: list[tuple[str, str]] = []
        result = ""
        terms = list(_SITUATION_TERMS)
        if g.over:
            h, a = g.score
            result = T("result_win", team=home if h > a else away, won=max(h, a), lost=min(h, a))
        else:
            if g.period and not g.overtime:
                facts.append(("Rest Period", ("start to 5:00", "5:00 to 9:00", "9:00 to the end")[g.rest_period]))
            if g.final_two:
                facts.append(("final 2:00", ""))
                terms.append("final 2:00")
            elif g.two_min:
                facts.append(("last 2:00 of the quarter", ""))
                terms.append("last 2:00 of the quarter")
            if g.last_minute:
                facts.append(("final minute", ""))
                terms.append("final minute")
        return Situation(ruleset=self.ruleset, title=T("title", away=away, home=home), clock=clock, period=period,
                         possession=None if g.over else g.off, ball=self.ball(g),
                         teams=[self.team_view(g, HOME, coaches[HOME]), self.team_view(g, AWAY, coaches[AWAY])],
                         facts=facts, over=g.over, result=result, terms=terms)

    def kinds(self):
        return TEXTS.kinds()

    def glossary(self):
        return TEXTS.glossary()

    def auto_kind(self, g: StatisProEngine, d: Decision) -> str:
        if d.kind == "ballhandler":
            return "ballhandler:late" if (g.last_minute or g.final_two) and g.via != "recovery" else "ballhandler"
        if d.kind != "menu":
            return d.kind
        if A.PLAY_ON not in d.legal:
            return "menu:replace"
        kind = g.menu.get("kind")
        if kind in ("period", "timeout"):
            return "menu:set_piece"
        return "menu:live" if kind == "live" else "menu:dead"

    def routine(self, g: StatisProEngine, d: Decision) -> int | None:
        """At a dead ball that calls for no coach, "play on": your lineup stays as you left it.
        A dead-ball menu is put to you for the reasons :meth:`calls` lists (the final 2:00, the
        first dead ball of a Rest Period while a man on the floor still needs his rest, a man
        Fatigued or on Mandatory Rest, a foul of this stoppage that put a man in foul trouble).
        Returns that action, or None to ask. Set pieces (period starts, timeouts) are always put to you."""
        if d.kind != "menu" or A.PLAY_ON not in d.legal or g.menu.get("kind") != "dead":
            return None
        return None if self.calls(g, d) else A.PLAY_ON

    def calls(self, g: StatisProEngine, d: Decision) -> list[str]:
        """Why a dead ball calls for the coach of ``d.side``: the final 2:00 of the game; the first
        dead ball of a Rest Period (right after the 5:00 / 9:00 Time card a man taken out rests the
        whole period: 5.4, 14A) while one of his men on the floor has not yet rested this half and
        his card asks for it; one of his men on the floor Fatigued or on Mandatory Rest; a foul of
        this stoppage (since the last FAC drawn in play) that put one of them in foul trouble (the
        quarter's number plus one, or one short of fouling out). Where nothing changed for him - a
        Rest Period when everybody on the floor has had his rest, a foul he was already asked about
        at an earlier dead ball - play goes on (measured: tools/seat_measure.py routine)."""
        side = d.side
        out = []
        if g.final_two:
            out.append("The final 2:00: timeouts, PRESS and lineups decide games now.")
        subs = any(A.SUB_RANGE[0] <= a <= A.SUB_RANGE[1] for a in d.legal)
        if g.rp_grace and subs:
            half = 0 if g.period <= 2 else 1
            need = [g.teams[side].players[i].name for i in g.team_state[side].lineup if self.needs_rest(g, side, i, half)]
            if need:
                out.append(f"A Rest Period has just begun: a man you take out now rests the whole period (5.4); "
                           f"{', '.join(need)} {'has' if len(need) == 1 else 'have'} not rested this half.")
        if not subs:
            return out
        lineup = g.team_state[side].lineup
        for i in lineup:
            if g.team_state[side].mandatory_rest[i]:
                out.append(f"{self.name(g, side, i)} is on Mandatory Rest (14A).")
            elif g.team_state[side].tired[i]:
                out.append(f"{self.name(g, side, i)} is Fatigued (5.4).")
        trouble = min(g.foul_out - 1, g.period + 1)
        names = {g.teams[side].players[i].name: i for i in lineup if g.team_state[side].stats[i][PF] >= trouble}
        if names:
            for e in reversed(g.log.events):  # the fouls of this stoppage: since the last FAC drawn in play
                if e.kind == "fac":
                    break
                if e.kind == "foul" and e.side == side:
                    for n, i in names.items():
                        if n in e.text and f"{n} has" not in " ".join(out):
                            out.append(f"{n} has {g.team_state[side].stats[i][PF]} fouls.")
        return out

    @staticmethod
    def needs_rest(g: StatisProEngine, side: int, i: int, half: int) -> bool:
        """5.4: he has not rested a whole Rest Period this half and his card asks for it (an asterisk
        spares him the second half's, two spare him both)."""
        rest = g.teams[side].players[i].rest
        return not g.team_state[side].rested[i][half] and not (rest == 2 or (rest == 1 and half == 1))

    def marks(self, g: StatisProEngine) -> dict[str, int]:
        m = super().marks(g)
        m["period"] = g.period + int(g.over)
        m["half"] = (g.period + 1) // 2 + int(g.over)
        return m

    def decision(self, g: StatisProEngine, d: Decision) -> DecisionView:
        kind = self.auto_kind(g, d)
        warnings: list[str] = []
        if d.kind == "menu":
            title, explain, groups, terms = self._menu(g, d, kind)
            default = A.PLAY_ON if A.PLAY_ON in d.legal else None
            if default is not None:
                warnings = self.warnings(g, d)
        else:
            title, explain, groups, terms, default = self.VIEWS[d.kind](self, g, d)
        return DecisionView(side=d.side, kind=kind, title=title, explain=explain, groups=groups,
                            default_action=default, terms=terms, warnings=warnings)

    def warnings(self, g: StatisProEngine, d: Decision) -> list[str]:
        """What "play on" walks the team into under the rules, said before Enter: the last Rest
        Period before the 9:00 card of the 2nd and 4th quarters with men on the floor not yet rested
        this half (5.4: FATIGUED at 9:00, DEFENSE RATE 0 and rebounds halved), and, in NBA games, the
        timeout 8.4 charges at the team's Time card when it has called fewer than the quarters."""
        side, legal = d.side, set(d.legal)
        out = []
        subs = any(A.SUB_RANGE[0] <= a <= A.SUB_RANGE[1] for a in legal)
        if subs and g.rp_grace and g.rest_period == 1 and g.period in (2, 4) and not g.overtime:
            half = 0 if g.period == 2 else 1
            need = [self.name(g, side, i) for i in g.team_state[side].lineup
                    if self.needs_rest(g, side, i, half) and not g.team_state[side].tired[i]]
            if need:
                out.append(T("warn_rest", names=", ".join(need), verb="has" if len(need) == 1 else "have",
                             them="him" if len(need) == 1 else "them"))
        card = "5:00" if side == HOME else "9:00"
        if (A.TIMEOUT in legal and g.options.league == "nba" and not g.overtime and 1 <= g.period <= 4
                and g.rest_period < (1 if side == HOME else 2) and g.team_state[side].timeouts_used < g.period
                and not g.team_state[side].owed_timeout):
            n = g.team_state[side].timeouts_used
            quarters = f"{g.period} quarter{'' if g.period == 1 else 's'}"
            out.append(T("warn_timeout", used=f"{n} timeout{'' if n == 1 else 's'}", q=quarters, card=card))
        return out

    # ================================================================== labels
    def short(self, g: StatisProEngine, side: int, i: int) -> str:
        """'Patrick Ewing (C, FG 50, 3 PF, rested)' for a man in a list of choices."""
        lineup = g.team_state[side].lineup
        p = g.teams[side].players[i]
        pos = POSITIONS[lineup.index(i)] if i in lineup else "/".join(POSITIONS[q] for q in p.positions)
        st = g.team_state[side].stats[i]
        bits = [pos, f"FG {p.field_goal}", f"ATT {p.attempts}" + (f"({p.three_point_attempts})" if p.three_point_attempts else ""),
                f"{st[PF]} PF", self.fatigue(g, side, i)]
        return f"{p.name} ({', '.join(b for b in bits if b)})"

    def _choice(self, key: str, label: str, explain: str, action: int, default: bool = False) -> Choice:
        return Choice(key=key, label=label, explain=explain, action=action, default=default)

    # ================================================================== menus
    def _menu(self, g: StatisProEngine, d: Decision, kind: str):
        side = d.side
        legal = set(d.legal)
        m = g.menu
        groups: list[Group] = []
        terms = list(_MENU_TERMS)
        if kind == "menu:replace":
            must = g._must_sub(side)
            slot = must[0]
            i = g.team_state[side].lineup[slot]
            why = f"{self.name(g, side, i)} {_STATUS.get(g.team_state[side].status[i], 'must leave')}"
            subs = self._subs(g, side, legal)
            title = T("menu_replace", why=why, pos=POSITIONS[slot])
            return title, T("menu_replace_explain"), [Group("substitution", "Substitution", "", subs)], terms + ["fouled out", "injured"]
        by = ""
        if m.get("kind") == "timeout":
            caller = m.get("caller", side)
            by = "(yours)" if caller == side else f"(called by the {g.teams[caller].name})"
        extra = ""
        if m.get("kind") == "period":
            title = T("menu_period", period=self.clock(g)[1])
            explain = T("menu_period_explain")
        elif m.get("kind") == "timeout":
            title = T("menu_timeout20" if m.get("twenty") else "menu_timeout", by=by)
            if A.THREE_POINT_OFFENSE in legal or A.THREE_POINT_DEFENSE in legal or A.CANCEL_THREE_POINT_OFFENSE in legal:
                extra += ", the Three Point Offense or Defense (4.61, 4.62)"
            explain = T("menu_timeout_explain", extra=extra)
        elif m.get("kind") == "live":
            title, explain = T("menu_live"), T("menu_live_explain")
        else:
            title = T("menu_dead")
            if A.PRESS in legal:
                extra += ", call a timeout, declare a PRESS on their next ACTION (4.2)"
            if A.SWAP_LIST[0] in legal:
                extra += "; after your foul, shift positions or PD cards (6.6)"
            explain = " ".join([*self.calls(g, d), T("menu_dead_explain", extra=extra)])
        groups.append(Group("play", "Play on", "", [self._choice("play_on", "Play on (no more changes)",
                                                                "Keep everything as it is and let the game go on.",
                                                                A.PLAY_ON, True)]))
        subs = self._subs(g, side, legal)
        if subs:
            groups.append(Group("substitution", "Substitution", "Who comes out, then who goes in (8.5).", subs))
        # the rarer changes are folded: one choice each that opens its list (the first step stays short)
        shifts = self._shifts(g, side, legal)
        if shifts:
            groups.append(Group("position", "Position shift", "", two_step([("shift", T("fold_shift"), T("fold_shift_explain"), T("fold_shift_title"), shifts)])))
        pds = self._pd_cards(g, side, legal)
        if pds:
            groups.append(Group("pd", "PD card: who guards whom", "", two_step([("pd", T("fold_pd"), T("fold_pd_explain"), T("fold_pd_title"), pds)])))
        dts = self._double_teams(g, side, legal)
        if dts:
            groups.append(Group("double_team", "Double Team", "", two_step([("dt", T("fold_dt"), T("fold_dt_explain"), T("fold_dt_title"), dts)])))
            terms += ["Double Team", "helper", "Open Shot"]
        plays = [self._choice(f"play:{a}", f"Call a play for {g.pname(side, A.ACTIONS[a]['slot'])}",
                              "If the first pass goes to him, +10 to his ATTEMPTS for that card (8.42).", a)
                 for a in A.CALL_PLAY if a in legal]
        if plays:
            groups.append(Group("play_call", "Call a play", "", two_step([("play", T("fold_play"), T("fold_play_explain"), T("fold_play_title"), plays)])))
            terms.append("play")
        calls = []
        if A.TIMEOUT in legal:
            calls.append(self._choice("timeout", f"Call a full timeout ({self.timeouts_left(g, side)} left)",
                                      "Stop the game: you may then change your lineup, matchups and Double Team (8.4).", A.TIMEOUT))
        if A.TIMEOUT20 in legal:
            calls.append(self._choice("timeout20", "Call a 20-second timeout", "A timeout with one substitution at most (8.4, 8.5).", A.TIMEOUT20))
        if A.PRESS in legal:
            calls.append(self._choice("press", "Declare a PRESS on their next ACTION",
                                      "Their next ACTION is read from the PRESS section: traps and steals, but fouls and tired defenders (4.2, 15F).", A.PRESS))
            terms.append("PRESS")
        if A.CANCEL_DOUBLE_TEAM in legal:
            dt = g.team_state[side].double_team
            calls.append(self._choice("cancel_dt", f"Cancel the Double Team on {self.name(g, 1 - side, dt[0])}",
                                      "Back to man-to-man: your helper returns to his own man (5.5).", A.CANCEL_DOUBLE_TEAM))
            terms.append("Double Team")
        if A.THREE_POINT_OFFENSE in legal:
            calls.append(self._choice("tpo", "Declare the Three Point Offense", "You trail: triple your THREE POINT ATTEMPTS until you no longer trail (4.61).", A.THREE_POINT_OFFENSE))
            terms.append("Three Point Offense")
        if A.CANCEL_THREE_POINT_OFFENSE in legal:
            calls.append(self._choice("tpo_off", "Cancel the Three Point Offense", "Your THREE POINT ATTEMPTS return to normal (4.61).", A.CANCEL_THREE_POINT_OFFENSE))
            terms.append("Three Point Offense")
        if A.THREE_POINT_DEFENSE in legal:
            calls.append(self._choice("tpd", "Declare the Three Point Defense", "Against their Three Point Offense: their threes only doubled, THREE POINT -5 (4.62).", A.THREE_POINT_DEFENSE))
            terms.append("Three Point Defense")
        for a in A.IGNORE_REST:
            if a in legal:
                i = A.ACTIONS[a]["player"]
                calls.append(self._choice(f"rest:{i}", f"Spend an Index Point: {self.name(g, side, i)} ignores his Mandatory Rest",
                                          "16D: he may play on at full strength (only at a timeout).", a))
                terms += ["Index Points", "Mandatory Rest"]
        if calls:
            groups.append(Group("calls", "Timeouts and calls", "", calls))
        return title, explain, groups, terms

    def _subs(self, g: StatisProEngine, side: int, legal: set[int]) -> list[Choice]:
        """'Who comes out' (a man in the lineup) then 'who goes in' (the bench men legal there)."""
        def ins(slot: int, out: str) -> list[Choice]:
            return [Choice(key=f"in:{i}:{slot}", label=self.short(g, side, i), action=a, shortcut=str(i + 1),
                           explain=f"In at {POSITIONS[slot]} for {out}" + (
                               "" if slot in g.teams[side].players[i].positions
                               else f"; {POSITIONS[slot]} is not on his card: defense halved (3.2)"))
                    for i in range(len(g.teams[side].players))
                    if (a := A.SUBSTITUTE.get((i, slot))) is not None and a in legal]

        out = two_step([(f"out:{slot}", f"{POSITIONS[slot]} {self.short(g, side, g.team_state[side].lineup[slot])}",
                         f"Take {g.pname(side, slot)} out", f"Who goes in for {g.pname(side, slot)} at {POSITIONS[slot]}?",
                         ins(slot, g.pname(side, slot))) for slot in range(5)])
        for c in out:  # his roster number, as for the men going in
            c.shortcut = str(g.team_state[side].lineup[int(c.key.split(":")[1])] + 1)
        return out

    def _shifts(self, g: StatisProEngine, side: int, legal: set[int]) -> list[Choice]:
        """Position shifts (6.6): two of yours trade positions, one choice per pair."""
        out = []
        for (a_slot, b_slot), act in sorted(A.SWAP.items()):
            if act not in legal:
                continue
            pa, pb = g.player(side, a_slot), g.player(side, b_slot)
            off = [p.name for p, slot in ((pa, b_slot), (pb, a_slot)) if slot not in p.positions]
            out.append(Choice(key=f"swap:{a_slot}:{b_slot}",
                              label=f"{POSITIONS[a_slot]} {pa.name} <-> {POSITIONS[b_slot]} {pb.name}",
                              explain=(f"{pa.name} plays {POSITIONS[b_slot]}, {pb.name} plays {POSITIONS[a_slot]}"
                                       + (f"; out of position: {', '.join(off)} (defense halved, 3.2)" if off else "")),
                              action=act))
        return out

    def _pd_cards(self, g: StatisProEngine, side: int, legal: set[int]) -> list[Choice]:
        """PD cards (3.2, 6.6): which of yours, then whom he guards."""
        other = 1 - side

        def targets(dslot: int) -> list[Choice]:
            me = g.pname(side, dslot)
            was = g.pname(other, g.team_state[side].guard[dslot])
            return [Choice(key=f"pd:{dslot}:{t}", label=f"{POSITIONS[dslot]} {me} (DEF {_signed(g.player(side, dslot).defense)}) "
                           f"guards: their {POSITIONS[t]} {p.name} (FG {p.field_goal}, ATT {p.attempts})",
                           explain=f"instead of {was}; whoever guarded {p.name} takes {was}", action=a)
                    for t in range(5) if (a := A.PD_CARD.get((dslot, t))) is not None and a in legal
                    for p in (g.player(other, t),)]

        return [c for d in range(5) for c in targets(d)]

    def _double_teams(self, g: StatisProEngine, side: int, legal: set[int]) -> list[Choice]:
        """Double Teams (5.5): their man, then your helper and whom he leaves open."""
        other = 1 - side

        def helpers(target: int) -> list[Choice]:
            pd = g.pd_slot(other, target)
            out = []
            for helper in range(5):
                act = A.DOUBLE_TEAM.get((target, helper))
                if act is None or act not in legal:
                    continue
                # (never his PD: 5.5's helper is "his own defender who will join the target's PD")
                left = g.pname(other, g.team_state[side].guard[helper])
                # ("on their PG ..., helped by:" is the heading the web page shows over each man's helpers)
                label = (f"on their {POSITIONS[target]} {g.pname(other, target)}, helped by: {POSITIONS[helper]} "
                         f"{g.pname(side, helper)} (leaves {left} open)")
                them = g.team_state[other]
                explain = (f"{g.pname(other, target)} ({them.stats[them.lineup[target]][PTS]} pts): "
                           f"whenever he gets a pass his ATTEMPTS -5, his shots -5 more; {g.pname(side, helper)} joins "
                           f"{g.pname(side, pd)}; a pass from {g.pname(other, target)} to {left} is an Open Shot")
                out.append(Choice(key=f"dt:{target}:{helper}", label=label, explain=explain, action=act))
            return out

        return [c for t in range(5) for c in helpers(t)]

    # ================================================================== in-play decisions
    @view("press")
    def _press(self, g, d):
        choices = [self._choice("press", "PRESS", "Read their next ACTION from the PRESS section (4.2, 15).", A.PRESS),
                   self._choice("no_press", "No PRESS", "Let them bring the ball up with a normal ACTION.", A.NO_PRESS, True)]
        return T("press"), T("press_explain"), [Group("press", "PRESS", "", choices)], ["PRESS", "ACTION", "final 2:00"], A.NO_PRESS

    @view("ballhandler")
    def _ballhandler(self, g, d):
        off, s = g.off, g.ballhandler
        e = g.eff(off)[s]
        name = g.pname(off, s)
        pd = g.pd_slot(off, s)
        de = g.eff(1 - off)[pd]
        att = e[R_ATT]
        no = g.pass_no
        forced = max(0, no - att)
        fg = e[R_FG] + de[R_DEF] - forced  # DEFENSE RATE is negative (or 0 when tired)
        left = max(0, g.limit - g.passes)
        recovery = g.via == "recovery"
        shoot_explain = (f"Shoot now: good on SHOT # {max(0, fg)} or less (FIELD GOAL {e[R_FG]}, {g.pname(1 - off, pd)}'s "
                         f"DEFENSE {_signed(de[R_DEF])}" + (f", Forced Shot -{forced}" if forced else "") + ")")
        if e[R_TATT] and no <= e[R_TATT] and not forced:
            shoot_explain = f"Shoot a Three-Pointer (THREE POINT {e[R_THREE]})" if no < e[R_TATT] else \
                "Shoot: a Three-Pointer or a regular shot, your pick"
        adv_explain = f"Pass on: the next FAC's ADVANCE says who gets it ({left} pass{'es' if left != 1 else ''} left)"
        qual = g.assist_no > 0 and e[R_AST] >= g.assist_no
        if qual:
            adv_explain += f"; his ASSIST RATE {e[R_AST]} reaches the Assist number {g.assist_no}: the next man may take an Open Shot"
        why = []
        if qual:
            why.append("He may pass up the shot for a possible Assist (4.4).")
        elif g.team_state[1 - off].double_team[0] == g.team_state[off].lineup[s]:
            why.append("He is Double Teamed and may pass out of it (5.5).")
        elif g.last_minute or g.final_two:
            why.append("In the final minute he may pass up a shot or take a Forced Shot (5.1, 5.2).")
        elif g.passes >= g.limit:
            why.append("His team is out of passes: a Forced Shot, unless an Assist lets him ADVANCE once more (5.2, 13A).")
        why.append("A man shoots when his ATTEMPTS reach the Pass #, and ADVANCES otherwise (4.5); here the choice is yours.")
        if recovery:
            title = T("ballhandler_recovery", name=name)
        else:
            title = T("ballhandler", name=name, no=no, att=att)
        default = A.SHOOT if (no <= att or left == 0) else A.ADVANCE
        choices = [self._choice("shoot", "Shoot", shoot_explain, A.SHOOT, default == A.SHOOT),
                   self._choice("advance", "ADVANCE", adv_explain, A.ADVANCE, default == A.ADVANCE)]
        terms = ["ADVANCE", "Pass #", "ATT", "FG", "PD", "DEF", "Forced Shot", "Open Shot", "Assist", "SHOT #"]
        return title, " ".join(why), [Group("shot", "Shoot or ADVANCE", "", choices)], terms, default

    @view("three_or_two")
    def _three_or_two(self, g, d):
        off, s = g.off, g.ballhandler
        e = g.eff(off)[s]
        pd = g.pd_slot(off, s)
        de = g.eff(1 - off)[pd]
        two = e[R_FG] + de[R_DEF]
        three = e[R_THREE]
        best = A.SHOOT_THREE if 3 * three >= 2 * two else A.SHOOT_TWO
        choices = [self._choice("three", "Three-Pointer", f"THREE POINT {three}: about {3 * three / 100:.2f} points a shot; "
                                "cannot be blocked, no PD (4.6)", A.SHOOT_THREE, best == A.SHOOT_THREE),
                   self._choice("two", "Regular field goal", f"FIELD GOAL {e[R_FG]} less DEFENSE {_signed(de[R_DEF])} = {two}: "
                                f"about {2 * two / 100:.2f} points a shot", A.SHOOT_TWO, best == A.SHOOT_TWO)]
        return (T("three_or_two", name=g.pname(off, s), no=g.pass_no), T("three_or_two_explain"),
                [Group("shot", "Three or two", "", choices)], ["3PT", "FG", "ATT", "Pass #", "PD"], best)

    @view("pass_to")
    def _pass_to(self, g, d):
        off = g.off
        no = g.ctx.get("choice_no", 0)
        choices = []
        for a in d.legal:
            s = A.ACTIONS[a]["slot"]
            e = g.eff(off)[s]
            de = g.eff(1 - off)[g.pd_slot(off, s)]
            choices.append(self._choice(f"to:{s}", f"{POSITIONS[s]} {g.pname(off, s)}",
                                        f"ATTEMPTS {e[R_ATT]}, FIELD GOAL {e[R_FG]} against DEFENSE {_signed(de[R_DEF])}", a))
        return (T("pass_to", no=no), T("pass_to_explain", no=no), [Group("pass", "Pass to", "", choices)],
                ["Pass to Choice", "Pass #", "ATT", "FG", "DEF"], None)

    @view("fast_break")
    def _fast_break(self, g, d):
        de = d.side
        slot = g.ctx.get("orig", 0)
        name = g.pname(de, slot)
        t, o = g.teams[de], g.teams[1 - de]
        choices = [self._choice("fb", "Fast Break", "Run: the Fast Break chart decides (a basket, a foul, or back to ACTION) (10A).", A.FAST_BREAK),
                   self._choice("action", "Normal ACTION", "Bring the ball up with the ACTION section of the next FAC (4.1).", A.NORMAL_ACTION, True)]
        return (T("fast_break", name=name), T("fast_break_explain", off=t.offense, de=o.defense),
                [Group("fb", "Fast Break", "", choices)], ["Fast Break", "Fast Break grades", "ACTION", "Fatigued"], A.NORMAL_ACTION)

    @view("stop_clock")
    def _stop_clock(self, g, d):
        side, off = d.side, g.off
        legal = set(d.legal)
        bh = g.ballhandler
        groups = [Group("defense", "Play defense", "", [self._choice("defense", "Play defense (no foul)",
                                                                     "Let him ADVANCE as usual.", A.PLAY_DEFENSE, True)])]
        fouls = []
        if A.FOUL_TO_STOP in legal:
            fouls.append(self._choice("stop", f"{g.pname(side, g.pd_slot(off, bh))} fouls {g.pname(off, bh)} to stop the clock",
                                      "8.7: the PD fouls the Ballhandler; the next card comes from the Dead Ball Deck.", A.FOUL_TO_STOP))
        deliberate = two_step([
            (f"df:{d}", f"{POSITIONS[d]} {self.short(g, side, g.team_state[side].lineup[d])}", "Who commits the foul",
             f"Whom does {g.pname(side, d)} foul?",
             [Choice(key=f"df:{d}:{t}", label=f"their {POSITIONS[t]} {g.pname(off, t)} (FT {g.eff(off)[t][R_FT]})",
                     explain=f"Send {g.pname(off, t)} to the line (2015 6.6)", action=A.DELIBERATE[(d, t)])
              for t in range(5) if A.DELIBERATE[(d, t)] in legal]) for d in range(5)])
        if fouls:
            groups.append(Group("stop", "Foul to stop the clock", "", fouls))
        if deliberate:
            groups.append(Group("deliberate", "Deliberate foul", "Who fouls, then whom (2015 6.6).", deliberate))
        dtext = "With the 2015 option a deliberate foul may send their worst free throw shooter to the line." if deliberate else ""
        terms = ["foul to stop the clock", "PD", "Dead Ball Deck", "FT"] + (["deliberate foul"] if deliberate else [])
        return T("stop_clock", name=g.pname(off, bh) if bh >= 0 else "Their Ballhandler"), T("stop_clock_explain", deliberate=dtext), \
            groups, terms, A.PLAY_DEFENSE

    @staticmethod
    def _shooter(g):
        """The free-throw shooter (6.2): side, name and FREE THROW rating as it counts now."""
        side, i = g.ctx["side"], g.ctx["i"]
        p = g.teams[side].players[i]
        ft = g.eff(side)[g.team_state[side].lineup.index(i)][R_FT] if i in g.team_state[side].lineup else p.free_throw
        return side, p.name, ft

    @view("free_throw")
    def _free_throw(self, g, d):
        side, name, ft = self._shooter(g)
        choices = [self._choice("shoot", "Shoot the free throw", f"FREE THROW {ft}", A.SHOOT_FREE_THROW, True),
                   self._choice("miss", "Miss it on purpose", "Play for the offensive rebound (6.2).", A.INTENTIONAL_MISS)]
        return (T("free_throw", name=name), T("free_throw_explain"), [Group("ft", "Free throw", "", choices)],
                ["free throw", "intentional miss", "FT"], A.SHOOT_FREE_THROW)

    @view("freeze")
    def _freeze(self, g, d):
        side, name, ft = self._shooter(g)
        choices = [self._choice("freeze", "Freeze him with a full timeout", f"His FREE THROW {ft} becomes "
                                f"{ft - 5} for this shot (6.7).", A.FREEZE),
                   self._choice("let", "Let him shoot", "Keep your timeout.", A.NO_FREEZE, True)]
        return (T("freeze", name=name), T("freeze_explain", left=self.timeouts_left(g, d.side)),
                [Group("freeze", "Freeze the shooter", "", choices)], ["freeze the shooter", "timeout", "FT"], A.NO_FREEZE)

    @view("index")
    def _index(self, g, d):
        side = d.side
        ctx = g.ctx
        then = ctx.get("then")
        pts, can = g.team_state[side].index, self.index_can(g, side)
        legal = set(d.legal)
        choices = [self._choice("decline", "Spend no Index Point", "Let the card stand.", A.DECLINE_INDEX, True)]
        if then == "void":
            payer = ctx["decision"][1]
            title = T("index_void", team=g.teams[payer].name)
            explain = T("index_void_explain", points=pts, can=can)
        elif then == "index_foul":
            title, explain = T("index_foul"), T("index_foul_explain", points=pts, can=can)
        elif then == "index_steal":
            off = g.off
            title = T("index_steal", stealer=g.pname(1 - off, ctx["stealer"]), target=g.pname(off, ctx["target"]))
            explain = T("index_steal_explain", points=pts, can=can)
        else:  # index_rebound (the defense pays) / index_rebound_off (the offense pays)
            other = 1 - side
            who_slot = ctx["o"] if then == "index_rebound" else ctx["d"]
            title = T("index_rebound", who=f"{g.teams[other].name}' {g.pname(other, who_slot)}",
                      ours=g.pname(side, ctx.get("to", who_slot)))
            explain = T("index_rebound_explain", points=pts, can=can)
        labels = {A.INDEX_VOID_FOUL: ("Spend 1 Index Point: ignore the foul", "16C: as if no foul had been called."),
                  A.INDEX_STEAL: ("Spend 2 Index Points: make it a steal", "16A: the fouler steals the ball."),
                  A.INDEX_FOUL: ("Spend 2 Index Points: make it a DEFENSE FOUL", "16A: you keep the ball."),
                  A.INDEX_REBOUND: ("Spend 1 Index Point: take the rebound", "16B: your man at that position gets it.")}
        for a, (label, ex) in labels.items():
            if a in legal:
                choices.insert(len(choices) - 1, self._choice(f"index:{a}", label, ex, a))
        return title, explain, [Group("index", "Index Points", "", choices)], ["Index Points"], A.DECLINE_INDEX

    @view("choose")
    def _choose(self, g, d):
        then = g.ctx.get("then")
        side = g.ctx.get("fd_side", d.side) if then == "fd_tie" else d.side
        key = {"choice_scores": "choose_scores", "choice_scores_fouled": "choose_scores_fouled", "dreb_choice": "choose_dreb",
               "fd_tie": "choose_fd", "three_pointer_z": "choose_three"}.get(then, "choose_scores")
        e = g.eff(side)
        stat = {"choose_scores_fouled": (R_FT, "FREE THROW"), "choose_dreb": (R_REBD, "REBOUND"),
                "choose_three": (R_FT, "FREE THROW")}.get(key, (R_FG, "FIELD GOAL"))
        choices = []
        for a in d.legal:
            s = A.ACTIONS[a]["slot"]
            choices.append(self._choice(f"choose:{s}", f"{POSITIONS[s]} {g.pname(side, s)}",
                                        f"{stat[1]} {e[s][stat[0]]}", a))
        return (T(key), T(key + "_explain", team=g.teams[side].name), [Group("choose", "Choose", "", choices)],
                ["Pass to Choice", "FD", "REB", "Z READING"], None)

    @view("choose_player")
    def _choose_player(self, g, d):
        then = g.ctx.get("then")
        side = g.ctx.get("side", d.side)
        key = {"great_night": "choose_great_night", "injury": "choose_injury", "rest_choice": "choose_rest"}.get(then, "choose_injury")
        choices = []
        for a in d.legal:
            i = A.ACTIONS[a]["player"]
            st = g.team_state[side].stats[i]
            choices.append(self._choice(f"player:{i}", self.short(g, side, i), f"{st[PTS]} points today", a))
        return (T(key, team=g.teams[side].name), T(key + "_explain"), [Group("choose", "Choose", "", choices)],
                ["Great Night", "injured", "Mandatory Rest"], None)


PRESENTER = StatisProPresenter()


StatisProPresenter.VIEWS = table(StatisProPresenter, "view")
