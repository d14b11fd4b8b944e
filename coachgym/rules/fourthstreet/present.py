"""What a person sees of a 4th Street Basketball game: the presenter (``PRESENTER``) of
``coachgym.present.presenter.Presenter``.

It reads the engine's state (never changes it) and writes it in the game's words: the quarter, game
clock and shot clock; positions ① to ⑤; the card's grades (L1, L2, L3, DEF) and ratings (rec, ast,
jmp, oRb, dRb(tRb), inj, fat); fatigue as minutes on against the fat rating; team fouls and the
bonus; the defense in force (man-to-man, press, double team, zone). Fixed texts and the glossary
are data (``data/present.json``); the screens are described in docs/coach-seat.md, "4th Street
Basketball".

``routine(game, decision)`` keeps the defense in force and runs the setup play when nothing calls
for the person (see :meth:`FourthStreetPresenter.routine`).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from ...core.engine import AWAY, HOME, Decision
from ...core.phases import table, view
from ...present.model import Choice, DecisionView, Group, PlayerCard, Rating, Situation, TeamView
from ...present.texts import ScreenTexts, two_step
from . import actions as A
from .constants import (
    AST,
    AVAILABLE,
    DRB,
    FOULED_OUT,
    ORB,
    OUT_GAME,
    OUT_PERIOD,
    OUT_STOPPAGE,
    OUT_THIS_STOPPAGE,
    PF,
    PTS,
    _clock,
)
from .court import TOKEN_PAIRS
from .engine import FourthStreetEngine

POS = A.POS
TEXTS = ScreenTexts(__package__, "fourthstreet", FourthStreetEngine.decision_kinds)
T = TEXTS
_ALIGN = json.loads(resources.files(__package__).joinpath("data", "zone_alignments.json").read_text(encoding="utf-8"))["alignments"]
_STATUS = {OUT_STOPPAGE: "status_out_stoppage", OUT_THIS_STOPPAGE: "status_out_stoppage", OUT_PERIOD: "status_out_period",
           OUT_GAME: "status_out_game", FOULED_OUT: "status_fouled_out"}
# the chance of each orange+black total 2..12 (Free Throw section)
_TWO_DICE = {t: (6 - abs(t - 7)) / 36 for t in range(2, 13)}
_SITUATION_TERMS = ["\u2460-\u2464", "season", "L1", "L2", "L3", "DEF", "rec", "ast", "jmp", "oRb", "dRb", "tRb", "inj", "fat", "FT",
                    "fatigue points", "worn out", "rest", "shot clock", "team fouls", "bonus", "double bonus", "fouls",
                    "timeout", "man-to-man", "zone"]


def _fouls(n: int) -> str:
    return f"{n} foul" if n == 1 else f"{n} fouls"


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def free_throw_chance(player) -> float:
    """The chance a free throw is good on his Free Throw section (a 50/50 'U' counts half)."""
    return sum(_TWO_DICE[t] * (1.0 if s == "N" else 0.5 if s == "U" else 0.0) for t, s in enumerate(player.ft) if t >= 2)


def _shot(game: FourthStreetEngine) -> str:
    """The shot clock in a sentence: its seconds, or that it ran out (the engine counts on below 0:
    the next play is the violation), never "-1 seconds"."""
    return str(game.shot_clock) if game.shot_clock > 0 else T("shot_clock_out")


class FourthStreetPresenter:
    VIEWS: dict[str, Any] = {}  # decision kind -> its @view(KIND) method (set below the class)
    ruleset = "fourthstreet"

    # ------------------------------------------------------------------ cards
    @staticmethod
    def card_ratings(p) -> list[Rating]:
        return [
            Rating("L1", str(p.off[1]), "offensive grade near the basket"),
            Rating("L2", str(p.off[2]), "offensive grade at 8-12 feet"),
            Rating("L3", str(p.off[3]), "offensive grade at the 3-point line"),
            Rating("DEF", "/".join(str(g) for g in p.dfn[1:]), "defense grades Level 1/2/3"),
            Rating("rec", str(p.rec), "how often he gets the ball"),
            Rating("ast", str(p.ast), "assist rating"),
            Rating("jmp", str(p.jmp), "jump balls"),
            Rating("oRb", str(p.orb), "offensive rebounds"),
            Rating("dRb", f"{p.drb}({p.trb})", "defensive rebounds (total rebounds)"),
            Rating("inj", f"{p.inj:+d}", "injury chart bonus"),
            Rating("fat", str(p.fat), "minutes in a row before he wears out"),
            Rating("FT", f"{free_throw_chance(p):.0%}", "free throws good"),
        ] + FourthStreetPresenter.season_line(p)

    @staticmethod
    def season_line(p) -> list[Rating]:
        """The stats line at the bottom of the card ("allows you to make better decisions based on
        player usage"): points and minutes a game."""
        st = p.stats
        g = st.get("g")
        if not g:
            return []
        pts = st.get("pts", 2 * st.get("fgm", 0) + st.get("tpm", 0) + st.get("ftm", 0))
        return [Rating("season", T("note_season", pts=round(pts / g, 1), min=round(st.get("min", 0) / g)),
                       "points and minutes a game last season (the card's stats line)")]

    @staticmethod
    def ratings_text(p) -> str:
        return (f"L1 {p.off[1]}, L2 {p.off[2]}, L3 {p.off[3]}, DEF {'/'.join(str(g) for g in p.dfn[1:])}, "
                f"rec {p.rec}, fat {p.fat}")

    @staticmethod
    def fatigue(game: FourthStreetEngine, side: int, i: int) -> str:
        p = game.teams[side].players[i]
        if i in game.team_state[side].lineup:
            on = game.stint[side][i]
            if not game.options.fatigue:
                return T("no_fatigue", played=_clock(on))
            pts = game.team_state[side].fatigue_points[i]
            if pts or on >= p.fat * 60:
                points = T("worn_points", n=pts, s="" if pts == 1 else "s") if pts else ""
                return T("worn", played=_clock(on), fat=p.fat, points=points)
            return T("fresh", played=_clock(on), fat=p.fat)
        if not game.options.fatigue:
            return ""
        rest, need = game.rest(side, i), game.team_state[side].rest_needed[i]
        return T("rested") if rest >= need else T("resting", rest=_clock(max(0, rest)), need=_clock(need))

    @staticmethod
    def line(game: FourthStreetEngine, side: int, i: int) -> str:
        st = game.team_state[side].stats[i]
        return (f"{st[PTS]} pts, {st[ORB] + st[DRB]} reb, {st[AST]} ast, "
                f"{round(game.seconds_played(side, i) / 60)} min")

    def player_label(self, game: FourthStreetEngine, side: int, i: int, slot: int | None = None) -> str:
        p = game.teams[side].players[i]
        pos = POS[slot] if slot is not None else POS[p.pos - 1]
        return f"{p.name} ({pos}, {_fouls(game.team_state[side].stats[i][PF])}, {self.fatigue(game, side, i)})"

    def guards(self, game: FourthStreetEngine, side: int, slot: int) -> str:
        """Whom he guards in his team's defense in force (man-to-man and the press by number; a zone
        by the zones his token covers)."""
        opp = 1 - side
        mode = game.team_state[side].defense_mode
        if mode == "zone":
            return T("guards_zone", zones="/".join(self.token_zones(game, side)[slot]))
        target, helper = game.team_state[side].double, game.team_state[side].helper
        name = game.player(opp, slot).name
        if slot == helper and target >= 0:
            return T("guards_helper", name=game.player(opp, target).name, open=name)
        if slot == target and helper >= 0:
            return T("guards_double", name=name, pos=POS[slot], helper=game.player(side, helper).name)
        return T("guards_man", name=name, pos=POS[slot])

    @staticmethod
    def token_zones(game: FourthStreetEngine, side: int) -> list[list[str]]:
        """The zones each token ① to ⑤ covers."""
        if game.team_state[side].align == "custom":
            return [list(TOKEN_PAIRS[p]) if p >= 0 else [] for p in game.team_state[side].tokens]
        a = _ALIGN[game.team_state[side].align]
        return [list(a[str(t + 1)]) for t in range(5)]

    def player_card(self, game: FourthStreetEngine, side: int, i: int) -> PlayerCard:
        p = game.teams[side].players[i]
        lu = game.team_state[side].lineup
        on = i in lu
        slot = lu.index(i) if on else -1
        status = T(_STATUS[game.team_state[side].availability[i]]) if game.team_state[side].availability[i] != AVAILABLE else ""
        if on and game.team_state[side].safe[i] and not status:
            status = T("status_safe")
        notes = []
        if on and side == game.off and game.phase == "play" and game.handler == slot:
            notes.append(T("note_ball"))
        return PlayerCard(name=p.name, position=POS[slot] if on else POS[p.pos - 1], on_court=on,
                          ratings=self.card_ratings(p), fouls=game.team_state[side].stats[i][PF], fatigue=self.fatigue(game, side, i),
                          status=status, guards=self.guards(game, side, slot) if on else "",
                          line=self.line(game, side, i), note="; ".join(notes))

    # ------------------------------------------------------------------ situation
    def defense_text(self, game: FourthStreetEngine, side: int) -> str:
        mode = game.team_state[side].defense_mode
        if mode == "zone":
            return T("defense_zone", align=game.team_state[side].align.replace("_", " ") if game.team_state[side].align != "custom" else "your placement")
        words = T("defense_man" if mode == "man" else "defense_press")
        t, h = game.team_state[side].double, game.team_state[side].helper
        if t >= 0:
            target = f"{game.player(1 - side, t).name} ({POS[t]})"
            if h >= 0:
                return T("defense_double", mode=words, target=target, helper=game.player(side, h).name)
            return T("defense_double_nohelper", mode=words, target=target)
        return words

    def team_view(self, game: FourthStreetEngine, side: int, coach: str) -> TeamView:
        team = game.teams[side]
        lu = game.team_state[side].lineup
        on = [self.player_card(game, side, i) for i in lu]
        bench = [self.player_card(game, side, i) for i in range(len(team.players)) if i not in lu]
        level = game._penalty_level(side)
        penalty = ("", T("penalty_bonus"), T("penalty_double"))[level]
        facts = [("timeouts left", str(game.team_state[side].timeouts)),
                 ("team fouls", T("team_fouls", n=game.team_state[side].team_fouls, penalty=penalty)),
                 ("defense", self.defense_text(game, side))]
        if game.team_state[side].kick_until >= 0:
            facts.append(("kick it out", T("kick_on", until=_clock(game.team_state[side].kick_until))))
        if game.three_pt and side == game.off:
            facts.append(("3-point offense", "on this possession"))
        return TeamView(team.name, side, game.team_state[side].pts, coach, on, bench, facts)

    def clock(self, game: FourthStreetEngine) -> tuple[str, str]:
        if game.over:
            return ("final", T("period_over"))
        if game.period > 4:
            return T("clock_ot", ot=game.period - 4, clock=_clock(game.clock)), T("period_ot", ot=game.period - 4)
        return T("clock", period=game.period, clock=_clock(game.clock)), T("period", ordinal=_ordinal(game.period))

    def ball(self, game: FourthStreetEngine) -> str:
        o = game.off
        team = game.teams[o].name
        ph = game.phase
        if ph == "play" or ph == "hold":
            return T("ball_play", team=team, player=game.player(o, game.handler).name, zone=game.zone, shot=_shot(game))
        if ph == "ft":
            shooter = game.ctx.get("shooter")
            name = game.teams[o].players[shooter].name if shooter is not None else ""
            return T("ball_ft", team=team, player=name)
        if ph == "pregame":
            return T("ball_jump")
        return T("ball_setup", team=team, shot=_shot(game))

    def situation(self, game: FourthStreetEngine, coaches: tuple[str, str] = ("", "")) -> Situation:
        home, away = game.teams[HOME], game.teams[AWAY]
        clock, period = self.clock(game)
        facts = [("shot clock", (T("fact_shot_clock", shot=game.shot_clock) if game.shot_clock > 0 else T("fact_shot_clock_out"))),
                 ("zone defenses", T("fact_zones" if game.options.zone_defense else "fact_no_zones"))]
        result = ""
        if game.over:
            h, a = game.score
            win = home if h > a else away
            result = T("result", winner=win.name, high=max(h, a), low=min(h, a))
        terms = list(_SITUATION_TERMS)
        if any(game.team_state[s].defense_mode == "press" for s in (0, 1)):
            terms.append("press")
        if any(game.team_state[s].double >= 0 for s in (0, 1)):
            terms += ["double team", "helper"]
        if any(game.team_state[s].defense_mode == "zone" for s in (0, 1)):
            terms += ["zone defense", "zone token"]
        return Situation(ruleset=self.ruleset, title=T("title", away=away.name, home=home.name), clock=clock, period=period,
                         possession=None if game.over or game.phase == "pregame" else game.off,
                         ball="" if game.over else self.ball(game),
                         teams=[self.team_view(game, HOME, coaches[HOME]), self.team_view(game, AWAY, coaches[AWAY])],
                         facts=facts, over=game.over, result=result, terms=terms)

    # ------------------------------------------------------------------ decisions
    def decision(self, game: FourthStreetEngine, decision: Decision) -> DecisionView:
        view = self.VIEWS[decision.kind](self, game, decision)
        if view.default_action is not None:
            view.warnings = self.warnings(game, decision)
        return view

    def warnings(self, game: FourthStreetEngine, d: Decision) -> list[str]:
        """What Enter (the setup play, the defense in force, closing a lineup window) walks the team
        into, said before: a man on the court who has played his fat rating in minutes gets a
        fatigue point in every matchup he is called upon in (his die one lower each, up to 3) and
        needs a longer rest (12, Fatigue), while a substitution could take him out now."""
        if not game.options.fatigue or not any(a in _SUBS for a in d.legal):
            return []
        players, lu = game.teams[d.side].players, game.team_state[d.side].lineup
        worn = [i for i in lu if game.stint[d.side][i] >= players[i].fat * 60]
        if not worn:
            return []
        one = len(worn) == 1
        if one:  # his minutes and points here; several: their names (the cards say the rest)
            i = worn[0]
            who = T("warn_worn_one", name=players[i].name, played=_clock(game.stint[d.side][i]), fat=players[i].fat,
                    points=game.team_state[d.side].fatigue_points[i], s="" if game.team_state[d.side].fatigue_points[i] == 1 else "s")
        else:
            names = [players[i].name for i in worn]
            who = ", ".join(names[:-1]) + " and " + names[-1]
        return [T("warn_worn", who=who, verb="is" if one else "are", he="he is" if one else "one of them is",
                  him="him" if one else "them")]

    @staticmethod
    def _view(d: Decision, title: str, explain: str, groups: list[Group], terms: list[str], default: int | None = None):
        return DecisionView(side=d.side, kind=d.kind, title=title, explain=explain, groups=[g for g in groups if g.choices],
                            default_action=default, terms=terms)

    def _sub_choices(self, game: FourthStreetEngine, side: int, legal: set[int]) -> list[Choice]:
        lu = game.team_state[side].lineup
        bench = [b for b in range(min(len(game.team_state[side].availability), A.MAX_ROSTER)) if b not in lu]
        first = []
        for s in range(5):
            out = lu[s]
            p = game.teams[side].players[out]
            ins = [Choice(f"in:{b}:{s}", self.player_label(game, side, b),
                          T("in_explain", ratings=self.ratings_text(game.teams[side].players[b]), fatigue=self.fatigue(game, side, b)),
                          action=A.SUB[(s, b)], shortcut=str(b + 1)) for b in bench if A.SUB[(s, b)] in legal]
            first.append((f"out:{s}", self.player_label(game, side, out, s),
                          T("out_explain", line=self.line(game, side, out), ratings=self.ratings_text(p)),
                          T("in_title", name=p.name, pos=POS[s]), ins))
        out = two_step(first)
        for c in out:  # his roster number, as for the men going in
            c.shortcut = str(lu[int(c.key.split(":")[1])] + 1)
        return out

    def _change_groups(self, game: FourthStreetEngine, side: int, legal: set[int]) -> list[Group]:
        """Substitutions (two steps) and play-it-safe calls offered at a dead ball."""
        safe = []
        for s in range(5):
            if A.SAFE[s] in legal:
                i = game.team_state[side].lineup[s]
                name = game.teams[side].players[i].name
                if game.team_state[side].safe[i]:
                    safe.append(Choice(f"safe:{s}", T("safe_off", name=name, pos=POS[s]), T("safe_off_explain"), action=A.SAFE[s]))
                else:
                    safe.append(Choice(f"safe:{s}", T("safe_on", name=name, pos=POS[s], fouls=_fouls(game.team_state[side].stats[i][PF])),
                                       T("safe_on_explain"), action=A.SAFE[s]))
        if len(safe) > 1:  # folded: one choice that opens the five (the first step stays short)
            safe = two_step([("safe", T("fold_safe"), T("fold_safe_explain"), T("fold_safe_title"), safe)])
        return [Group("subs", T("group_subs"), T("group_subs_explain"), self._sub_choices(game, side, legal)),
                Group("safe", T("group_safe"), T("group_safe_explain"), safe)]

    @view("lineup")
    def _lineup(self, game: FourthStreetEngine, d: Decision) -> DecisionView:
        team = game.teams[d.side].name
        if game.phase == "pregame":
            title = T("lineup_title_tip", team=team, what=T("lineup_tip_ot" if game.period > 4 else "lineup_tip_game"))
        else:
            title = T("lineup_title_ft", team=team)
        legal = set(d.legal)
        groups = [Group("play", T("group_play"), choices=[Choice("done", T("done"), T("done_explain"), action=A.DONE, default=True)])]
        groups += self._change_groups(game, d.side, legal)
        return self._view(d, title, T("lineup_explain"), groups, ["dead ball", "play it safe", "fat", "rest", "fouls"], A.DONE)

    @view("replace")
    def _replace(self, game: FourthStreetEngine, d: Decision) -> DecisionView:
        side = d.side
        slot = game.actions[d.legal[0]]["slot"]
        i = game.team_state[side].lineup[slot]
        why = T("replace_why_fouled" if game.team_state[side].availability[i] == FOULED_OUT else "replace_why_hurt")
        choices = [Choice(f"in:{a}", self.player_label(game, side, game.actions[a]["player"]),
                          T("in_explain", ratings=self.ratings_text(game.teams[side].players[game.actions[a]["player"]]),
                            fatigue=self.fatigue(game, side, game.actions[a]["player"])), action=a) for a in d.legal]
        title = T("replace_title", name=game.teams[side].players[i].name, pos=POS[slot], why=why)
        return self._view(d, title, T("replace_explain"), [Group("subs", T("group_subs"), choices=choices)],
                          ["fouled out", "injury", "fat", "rest"])

    @view("jumper")
    def _jumper(self, game: FourthStreetEngine, d: Decision) -> DecisionView:
        choices = []
        for a in d.legal:
            s = game.actions[a]["slot"]
            p = game.player(d.side, s)
            choices.append(Choice(f"jumper:{s}", T("jumper_choice", name=p.name, pos=POS[s], jmp=p.jmp),
                                  T("jumper_choice_explain", jmp=p.jmp), action=a))
        best = max(d.legal, key=lambda a: game.player(d.side, game.actions[a]["slot"]).jmp)
        return self._view(d, T("jumper_title", team=game.teams[d.side].name), T("jumper_explain"),
                          [Group("jumper", "Jump ball", choices=choices)], ["jmp", "jump ball"], best)

    @view("offense")
    def _offense(self, game: FourthStreetEngine, d: Decision) -> DecisionView:
        side, legal = d.side, set(d.legal)
        dead = d.legal[0] < A.SETUP
        p1 = game.player(side, 0).name
        play = [Choice("setup", T("setup"), T("setup_explain"), action=A.SETUP, default=True)]
        timeout = [Choice("timeout", T("timeout", left=game.team_state[side].timeouts), T("timeout_explain"), action=A.TIMEOUT)] \
            if A.TIMEOUT in legal else []
        strategy = []
        if A.THREE_PT in legal:
            strategy.append(Choice("three", T("three_pt"), T("three_pt_explain"), action=A.THREE_PT))
        if A.KICK in legal:
            strategy.append(Choice("kick", T("kick"), T("kick_explain"), action=A.KICK))
        if A.KICK_STOP in legal:
            strategy.append(Choice("kick_stop", T("kick_stop"), T("kick_stop_explain"), action=A.KICK_STOP))
        zones = [Choice(f"milk:{z}", T("milk_zone", zone=z), T("milk_zone_explain", name=p1, zone=z), action=a)
                 for z, a in A.MILK.items() if a in legal]
        strategy += two_step([("milk", T("milk"), T("milk_explain"), T("milk_title", name=p1), zones)])
        groups = [Group("play", T("group_play"), choices=play), Group("timeout", T("group_timeout"), choices=timeout),
                  Group("strategy", T("group_strategy"), choices=strategy)]
        terms = ["setup play", "timeout"]
        if strategy:
            terms += ["3-point offense", "kick it out", "milk the clock"]
        if dead:
            groups += self._change_groups(game, side, legal)
            terms += ["dead ball", "play it safe"]
        title = T("call_offense_title", team=game.teams[side].name, dead=T("call_dead") if dead else "")
        return self._view(d, title, T("call_explain_offense"), groups, terms, A.SETUP)

    def in_force(self, game: FourthStreetEngine, d: Decision) -> int:
        """The defense call that carries on what the team played last: its man-to-man, press or zone
        (a press the rules do not allow on this setup falls back to man-to-man); a double team is
        called anew each possession."""
        side, legal = d.side, d.legal
        mode = game.team_state[side].defense_mode
        if mode == "zone":
            a = A.DEF_ZONE_KEEP if game.team_state[side].align == "custom" else A.DEF_ZONE.get(game.team_state[side].align)
            if a in legal:
                return a
        if mode == "press" and A.DEF_PRESS[0] in legal:
            return A.DEF_PRESS[0]
        return A.DEF_MAN[0]

    @view("defense")
    def _defense(self, game: FourthStreetEngine, d: Decision) -> DecisionView:
        side, legal = d.side, set(d.legal)
        opp = 1 - side
        dead = d.legal[0] < A.SETUP
        force = self.in_force(game, d)
        star = T("in_force")
        basic = [Choice("man", T("man") + (star if force == A.DEF_MAN[0] else ""), T("man_explain"), action=A.DEF_MAN[0],
                        default=force == A.DEF_MAN[0])]
        if A.DEF_PRESS[0] in legal:
            basic.append(Choice("press", T("press") + (star if force == A.DEF_PRESS[0] else ""), T("press_explain"),
                                action=A.DEF_PRESS[0], default=force == A.DEF_PRESS[0]))
        if A.INTENTIONAL in legal:
            basic.append(Choice("desperation", T("desperation"), T("desperation_explain"), action=A.INTENTIONAL))
        doubles = []
        for k in range(5):
            p = game.player(opp, k)
            pts = game.team_state[opp].stats[game.team_state[opp].lineup[k]][PTS]
            label = T("double", name=p.name, pos=POS[k], pts=pts)
            explain = T("double_explain", defender=game.player(side, k).name)
            man, press = A.DEF_MAN[k + 1], A.DEF_PRESS[k + 1]
            if press in legal:  # in man-to-man or in the press: one line each
                doubles += [Choice(f"double:{k}:man", T("double_in", what=label, defense=T("double_man")),
                                   T("double_man_explain", name=p.name) + " " + explain, action=man),
                            Choice(f"double:{k}:press", T("double_in", what=label, defense=T("double_press")),
                                   T("double_press_explain", name=p.name) + " " + explain, action=press)]
            elif man in legal:
                doubles.append(Choice(f"double:{k}", label, explain, action=man))
        if len(doubles) > 1:  # folded: one choice that opens the list (the first step stays short)
            title = T("fold_double_title" if any(c.key.endswith(":press") for c in doubles) else "fold_double_title_man")
            doubles = two_step([("double", T("fold_double"), T("group_double_explain"), title, doubles)])
        zone = []
        for name, a in A.DEF_ZONE.items():
            if a in legal:
                zone.append(Choice(f"zone:{name}", T("zone_named", name=name.replace("_", " ").capitalize())
                                   + (star if force == a else ""), self.alignment_words(name), action=a, default=force == a))
        if A.DEF_ZONE_PLACE in legal:
            zone.append(Choice("zone:place", T("zone_place"), T("zone_place_explain"), action=A.DEF_ZONE_PLACE))
        if A.DEF_ZONE_KEEP in legal:
            zone.append(Choice("zone:keep", T("zone_keep") + (star if force == A.DEF_ZONE_KEEP else ""), T("zone_keep_explain"),
                               action=A.DEF_ZONE_KEEP, default=force == A.DEF_ZONE_KEEP))
        if len(zone) > 2:  # folded: the zone in force stays in sight, the other alignments behind one choice
            shown = [c for c in zone if c.default]
            zone = shown + two_step([("zone", T("fold_zone_other" if shown else "fold_zone"), T("zone_explain"), T("fold_zone_title"),
                                      [c for c in zone if not c.default])])
        groups = [Group("defense", T("group_defense"), choices=basic),
                  Group("double", T("group_double"), T("group_double_explain"), doubles),
                  Group("zone", T("group_zone"), T("zone_explain"), zone)]
        terms = ["man-to-man", "double team", "helper"]
        if A.DEF_PRESS[0] in legal:
            terms.append("press")
        if zone:
            terms += ["zone defense", "zone token", "standard", "collapsed", "expanded", "expanded center", "3-second defense"]
        if A.INTENTIONAL in legal:
            terms.append("desperation defense")
        if dead:
            groups += self._change_groups(game, side, legal)
            terms += ["dead ball", "play it safe"]
        title = T("call_defense_title", team=game.teams[side].name,
                  dead=T("call_dead") if dead else "")
        return self._view(d, title, T("call_explain_defense"), groups, terms, force)

    @staticmethod
    def alignment_words(name: str) -> str:
        a = _ALIGN[name]
        covered = {z for zs in a.values() for z in zs}
        open_zones = [z for z in ("1A", "1B", "1C", "2A", "2B", "2C", "2D", "3A", "3B", "3C", "3D") if z not in covered]
        tokens = ", ".join(f"{POS[int(t) - 1]} {'/'.join(zs)}" for t, zs in sorted(a.items()))
        return f"{tokens}; open: {', '.join(open_zones) or 'none'}"

    @view("helper")
    def _helper(self, game: FourthStreetEngine, d: Decision) -> DecisionView:
        side = d.side
        opp = 1 - side
        target = game.team_state[side].double
        tp = game.player(opp, target)
        choices = []
        for a in d.legal:
            s = game.actions[a]["slot"]
            p = game.player(side, s)
            man = game.player(opp, s)
            choices.append(Choice(f"helper:{s}", T("helper_choice", name=p.name, pos=POS[s]),
                                  T("helper_choice_explain", man=man.name, rec=man.rec, grades="/".join(map(str, p.dfn[1:]))),
                                  action=a))
        return self._view(d, T("helper_title", name=tp.name, pos=POS[target]),
                          T("helper_explain", defender=game.player(side, target).name),
                          [Group("helper", T("group_double"), choices=choices)], ["double team", "helper", "DEF", "rec"])

    @view("free_throw")
    def _free_throw(self, game: FourthStreetEngine, d: Decision) -> DecisionView:
        p = game.teams[d.side].players[game.ctx["shooter"]]
        return self._view(d, T("ft_title", name=p.name), T("ft_explain"), [Group("ft", "Free throw", choices=[
            Choice("shoot", T("ft_shoot"), T("ft_shoot_explain", pct=f"{free_throw_chance(p):.0%}"), action=A.FT_NORMAL,
                   default=True),
            Choice("miss", T("ft_miss"), T("ft_miss_explain"), action=A.FT_MISS)])], ["miss on purpose", "FT"], A.FT_NORMAL)

    @view("token")
    def _token(self, game: FourthStreetEngine, d: Decision) -> DecisionView:
        t = game.actions[d.legal[0]]["token"] - 1
        name = game.player(d.side, t).name
        by_first: dict[str, list[Choice]] = {}
        for a in d.legal:
            za, zb = TOKEN_PAIRS[game.actions[a]["pair"]]
            by_first.setdefault(za, []).append(
                Choice(f"token:{za}:{zb}", T("token_pair", a=za, b=zb), T("token_pair_explain", name=name, a=za, b=zb), action=a))
        first = two_step([(f"token:{z}", T("token_first", zone=z), T("token_first_explain", zone=z),
                           T("token_then_title", zone=z), cs) for z, cs in by_first.items()])
        return self._view(d, T("token_title", pos=POS[t], name=name), T("token_explain"),
                          [Group("token", T("group_zone"), choices=first)], ["zone token", "zone", "Level 1", "Level 2", "Level 3"])

    @view("hold")
    def _hold(self, game: FourthStreetEngine, d: Decision) -> DecisionView:
        choices = []
        for a in d.legal:
            sec = game.actions[a]["sec"]
            choices.append(Choice(f"hold:{sec}", T("hold_0") if sec == 0 else T("hold_n", sec=sec),
                                  T("hold_0_explain") if sec == 0 else T("hold_n_explain", sec=sec), action=a))
        return self._view(d, T("hold_title", name=game.player(d.side, 0).name),
                          T("hold_explain", clock=_clock(game.clock), shot=_shot(game)),
                          [Group("hold", T("milk"), choices=choices)], ["milk the clock", "shot clock"], d.legal[-1])

    # ------------------------------------------------------------------ protocol: kinds, glossary, marks
    def kinds(self):
        return TEXTS.kinds()

    def glossary(self):
        return TEXTS.glossary()

    def marks(self, game: FourthStreetEngine) -> dict[str, int]:
        """'dead_ball': every stoppage (fouls, timeouts, violations, injuries, period breaks: the
        play-by-play's dead-ball events); 'period': quarters and overtimes; 'half': halves."""
        dead = 0
        for e in game.log:
            if e.kind in _DEAD_EVENTS:
                dead += 1
        period = game.period + int(game.over)
        return {"dead_ball": dead + period, "period": period, "half": (1 if period <= 2 else 2 if period <= 4 else period - 2)}

    # ------------------------------------------------------------------ default auto-play
    def attention(self, game: FourthStreetEngine, side: int, points: bool = False) -> bool:
        """Something on the court a coach reacts to: a worn-out player (fatigue option; with
        ``points``, one already carrying fatigue points) for whom a rested player of his position (or
        one position away) waits on the bench, or a player whose foul has just put him in foul trouble
        (2 fouls in the 1st quarter, 3 in the 2nd, 4 in the 3rd, 5 in the 4th and overtime)."""
        players, lu = game.teams[side].players, game.team_state[side].lineup
        if game.options.fatigue:
            bench = [b for b in range(len(players)) if b not in lu and game.team_state[side].availability[b] == AVAILABLE
                     and game.rest(side, b) >= game.team_state[side].rest_needed[b]]
            for slot, i in enumerate(lu):
                if (game.team_state[side].fatigue_points[i] or (not points and game.stint[side][i] >= players[i].fat * 60)) and any(
                        abs(players[b].pos - 1 - slot) <= 1 for b in bench):
                    return True
        trouble = min(game.period, 4) + 1
        names = {players[i].name for i in lu if game.team_state[side].stats[i][PF] >= trouble}
        if names:
            for e in reversed(game.log.events):
                if e.kind == "setup":
                    break  # only the stoppage since the last setup play
                if e.kind == "foul" and e.side == side and any(n in e.text for n in names):
                    return True
        return False

    @staticmethod
    def _stoppage(game: FourthStreetEngine) -> str:
        """The kind of the play-by-play event that stopped play last (foul, timeout, turnover ...)."""
        for e in reversed(game.log.events):
            if e.kind in _DEAD_EVENTS:
                return e.kind
        return ""

    def routine(self, game: FourthStreetEngine, decision: Decision) -> int | None:
        """Under the default auto-play the person is asked: the defense at a dead ball after a
        timeout, an injury or a period break (not after a foul, a violation or the ball out of
        bounds); the offense and the defense at any dead ball when a player of his is worn out or in foul trouble
        (:meth:`attention`); the lineup windows before free throws on the same grounds (a worn-out
        player only once he carries fatigue points), and
        always before the opening tip and an overtime; the end-game calls (the last minute of the 4th
        quarter or an overtime when a strategy is on offer). Otherwise the setup play is run, the
        defense in force is kept (:meth:`in_force`) and the lineup window is closed. Returns that
        action, or None to ask."""
        kind, side, legal = decision.kind, decision.side, decision.legal
        late = game.period >= 4 and game.clock <= 60
        if kind == "lineup":
            if game.phase == "pregame" or game.changes:
                return None
            return None if self.attention(game, side, points=True) else A.DONE
        if kind == "offense":
            dead = legal[0] < A.SETUP
            if dead and (game.team_state[side].poss_changes or self.attention(game, side)):
                return None
            if late and (A.THREE_PT in legal or A.MILK["3B"] in legal):
                return None
            return A.SETUP
        if kind == "defense":
            dead = legal[0] < A.SETUP
            if dead and (game.team_state[side].poss_changes or self.attention(game, side) or self._stoppage(game) not in ("turnover", "foul")):
                return None
            if late and A.INTENTIONAL in legal:
                return None
            return self.in_force(game, decision)
        return None


_SUBS = frozenset(A.SUB.values())

# play-by-play events after which the ball is dead (a stoppage: both teams may substitute)
_DEAD_EVENTS = frozenset(("foul", "timeout", "turnover", "injury", "foul_out", "period_end"))

PRESENTER = FourthStreetPresenter()


FourthStreetPresenter.VIEWS = table(FourthStreetPresenter, "view")
