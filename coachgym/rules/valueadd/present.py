"""What a person sees of a Value Add Basketball game: the presenter (``PRESENTER``) of
``coachgym.present.presenter.Presenter``.

It reads the engine's state (never changes it) and writes it in the words of the instructions: the
box countdown from the 20-20 start, the 8-sided die's 6/7/8, the card's ranges, stamina as "played
12 of 37". Fixed texts and the glossary are data (``data/present.json``); the screens are described
in docs/coach-seat.md, "Value Add Basketball".

Besides the protocol it offers ``routine(game, decision)``: under the default auto-play, the action
that carries on as before when nothing calls for the person (see :meth:`ValueAddPresenter.routine`).
"""

from __future__ import annotations

from typing import Any

from ...core.engine import AWAY, HOME, Decision
from ...core.phases import table, view
from ...present.model import Choice, DecisionView, Group, PlayerCard, Rating, Situation, TeamView
from ...present.texts import ScreenTexts, two_step
from . import STATS, ValueAddEngine
from . import actions as A
from .cards import FOULED, MADE3
from .scoresheet import BOXES, D8_FIRST_FROM, ONE_AND_ONE_FROM, is_shaded, nonshaded_rebounder

POS = A.POSITIONS
PTS, OREB, DREB, STL, BLK = (STATS.index(k) for k in ("PTS", "OREB", "DREB", "STL", "BLK"))
TEXTS = ScreenTexts(__package__, "valueadd", ValueAddEngine.decision_kinds)
T = TEXTS
GAME_MINUTES = 40
GAME_POSSESSIONS = 66  # 22 assumed + 44 boxes: the clock equivalent shown beside the box countdown
# the terms every Value Add screen uses (the situation's lineups and facts)
_SITUATION_TERMS = ["box", "20-20 start", "shaded box", "non-shaded box", "stamina", "played", "tired", "exhausted",
                    "fouls", "gets 6/7/8", "scores on a 20", "3PT", "2PT", "FOULED", "FT", "STEAL", "BLOCK", "FOUL",
                    "TO", "OREB", "DREB", "31 all", "32 all", "dunk range", "stop range", "rotation", "point guard"]


def _fouls(n: int) -> str:
    return f"{n} foul" if n == 1 else f"{n} fouls"


class ValueAddPresenter:
    VIEWS: dict[str, Any] = {}  # decision kind -> its @view(KIND) method (set below the class)
    ruleset = "valueadd"
    # the box score's row for the 20-20 start's points (the 22 assumed possessions of each team): a
    # player's PTS are then his points of the game, 2 FGM + 3PM + FTM (coachgym.present.box_table)
    box_start = "start (20-20)"

    # ------------------------------------------------------------------ cards
    @staticmethod
    def card_ratings(card) -> list[Rating]:
        """The card's key numbers as the card prints them."""
        r = card.ranges_text()
        steal = "11-16 (31 all)" if card.steal == 20 else r["steal"]
        block = "21-26 (32 all)" if card.block == 30 else r["block"]
        return [
            Rating("3PT", r["made3"], "20-sided: made 3-pointer"),
            Rating("2PT", r["made2"], "20-sided: made 2-pointer"),
            Rating("FOULED", r["fouled"], "20-sided: draws a foul"),
            Rating("FT", r["free_throw"], "20-sided: free throw good"),
            Rating("STEAL", steal, "11-66 on defense: steal"),
            Rating("BLOCK", block, "11-66 on defense: block"),
            Rating("FOUL", r["foul"], "11-66 on defense: his foul"),
            Rating("TO", r["turnover"], "11-66 with the ball: turnover"),
            Rating("OREB", r["off_reb"], "six-sided: offensive rebound"),
            Rating("DREB", r["def_reb"], "six-sided: defensive rebound"),
        ]

    @staticmethod
    def ratings_text(card, keys=("3PT", "2PT", "FOULED", "FT", "STEAL", "DREB")) -> str:
        return ", ".join(f"{r.label} {r.value}" for r in ValueAddPresenter.card_ratings(card) if r.label in keys)

    @staticmethod
    def fatigue(game: ValueAddEngine, side: int, i: int) -> str:
        """'played 12 of 37', 'tired, played 39 of 37 ...' in the card's words."""
        card = game.teams[side].players[i]
        played = game.team_state[side].played[i]
        if not game.options.stamina_penalties:
            return T("no_penalty", played=played, stamina=card.stamina, rotation=game.options.rotation)
        if played <= card.stamina:
            return T("fresh", played=played, stamina=card.stamina)
        return T("tired" if played <= 2 * card.stamina else "exhausted", played=played, stamina=card.stamina)

    @staticmethod
    def positions(card) -> str:
        return "/".join(POS[q - 1] for q in card.positions)

    @staticmethod
    def line(game: ValueAddEngine, side: int, i: int) -> str:
        st = game.team_state[side].stats[i]
        parts = [f"{st[PTS]} pts", f"{st[OREB] + st[DREB]} reb"]
        parts += [f"{st[k]} {w}" for k, w in ((STL, "stl"), (BLK, "blk")) if st[k]]
        return ", ".join(parts)

    def player_card(self, game: ValueAddEngine, side: int, i: int) -> PlayerCard:
        ts, team = game.team_state[side], game.teams[side]
        card = team.players[i]
        on = i in ts.lineup
        slot = ts.lineup.index(i) if on else -1
        notes = []
        status = ""
        if ts.fouls[i] >= game.options.foul_limit:
            status = "fouled out"
        elif on and ts.avoiding[i]:
            status = "avoiding fouls"
        guards = ""
        if on:
            nums = [str(6 + n) for n in range(3) if ts.holders[n] == slot]
            if nums:
                notes.append("gets " + ", ".join(nums))
            if ts.bonus20[slot]:
                notes.append("scores on a 20")
            if slot == 0 and not card.point_guard:
                notes.append("no point guard: 6-8 go to nobody")
            opp = 1 - side
            oslot = ts.guards[slot]
            guards = f"{game.teams[opp].players[game.team_state[opp].lineup[oslot]].name} ({POS[oslot]})"
        else:
            if card.extra:
                notes.append("prints " + ", ".join(map(str, card.extra)))
            if card.point_guard:
                notes.append("point guard")
        if card.assist20:
            notes.append("Assist 20")
        return PlayerCard(name=card.name, position=POS[slot] if on else self.positions(card), on_court=on,
                          ratings=self.card_ratings(card), fouls=ts.fouls[i], fatigue=self.fatigue(game, side, i),
                          status=status, guards=guards, line=self.line(game, side, i), note="; ".join(notes))

    def player_label(self, game: ValueAddEngine, side: int, i: int, slot: int | None = None) -> str:
        """'Dante Okafor (PG, 2 fouls, played 12 of 37)': a name and what a coach glances at."""
        card = game.teams[side].players[i]
        pos = POS[slot] if slot is not None else self.positions(card)
        ts = game.team_state[side]
        return f"{card.name} ({pos}, {_fouls(ts.fouls[i])}, {self.fatigue(game, side, i)})"

    # ------------------------------------------------------------------ situation
    def clock(self, game: ValueAddEngine) -> tuple[str, str]:
        if game.over:  # (not "Box 0 of 44")
            return (T("clock_over_ot", ot=game.period) if game.period else T("clock_over")), T("period_over")
        if game.period:
            return (T("clock_ot", ot=game.period, box=game.box, boxes=game.options.overtime_boxes),
                    T("period_ot", ot=game.period))
        # the scoresheet's boxes count down (44 to 1): "44 boxes left", not "Box 44 of 44"
        key = ("clock_one" if game.box == 1 else "clock") + ("_bottom" if game.half else "")
        clock = T(key, box=game.box, boxes=BOXES)
        left = game.box * GAME_MINUTES / GAME_POSSESSIONS
        half = GAME_POSSESSIONS // 2
        if game.box > half:
            return clock, T("period_first", minutes=round(left - GAME_MINUTES / 2))
        return clock, T("period_second", minutes=round(left))

    def ball(self, game: ValueAddEngine) -> str:
        off = game.offense
        team = game.teams[off].name
        c = game.ctx
        if game.phase == "fast_break":
            s = c["stealer_side"]
            return T("ball_fast_break", team=game.teams[s].name, player=game.card(s, c["stealer"]).name)
        if c.get("fb") is not None:
            return T("ball_fast_break", team=team, player=game.card(off, c["fb"]).name)
        if c.get("sb") is not None or game.phase == "stick_back":
            slot = c["sb"] if c.get("sb") is not None else c["rebounder"]
            return T("ball_stick_back", team=team, player=game.card(off, slot).name)
        if c.get("intentional"):
            return T("ball_intentional", team=team)
        if game.phase == "d8_choice":
            return T("ball_d8", team=team, player=game.card(off, c["d8_slot"]).name)
        if c.get("passing"):
            return T("ball_passing", team=team)
        if c.get("second"):
            return T("ball_second", team=team)
        return T("ball", team=team)

    def team_view(self, game: ValueAddEngine, side: int, coach: str) -> TeamView:
        ts, team = game.team_state[side], game.teams[side]
        on = [self.player_card(game, side, i) for i in ts.lineup]
        bench = [self.player_card(game, side, i) for i in range(len(team.players)) if i not in ts.lineup]
        net = game.dunk_net[side]
        opp = game.teams[1 - side]
        if net > 0:
            dunk = T("team_dunk", range=f"51-{50 + net}", own=f"51-{50 + team.dunk}" if team.dunk else "none",
                     adjust=opp.defense_adjust)
        elif net < 0:
            dunk = T("team_stop", range=f"51-{50 - net}")
        else:
            dunk = T("team_no_dunk")
        facts = [("dunk range", dunk)]
        if ts.three_mode:
            facts.append(("3-point mode", "attempting 3-pointers"))
        if not game.has_point_guard(side):
            facts.append(("point guard", "none on top: rolls of 6-8 go to nobody"))
        out = [team.players[i].name for i, f in enumerate(ts.fouls) if f >= game.options.foul_limit]
        if out:
            facts.append(("fouled out", ", ".join(out)))
        return TeamView(team.name, side, ts.points, coach, on, bench, facts)

    def situation(self, game: ValueAddEngine, coaches: tuple[str, str] = ("", "")) -> Situation:
        home, away = game.teams[HOME], game.teams[AWAY]
        clock, period = self.clock(game)
        facts: list[tuple[str, str]] = [("start", T("fact_start"))]
        o = game.options
        facts.append(("rotation", T("fact_rotation", n=o.rotation, words=T(f"rotation_{o.rotation}"))))
        result = ""
        if not game.over:
            if is_shaded(game.box):
                facts.append(("this box", T("fact_shaded")))
            else:
                pos = nonshaded_rebounder(game.box) - 1
                dfn = 1 - game.offense
                dslot = game.defender_of(dfn, pos)
                facts.append(("this box", T("fact_nonshaded", pos=POS[pos], name=game.card(dfn, dslot).name)))
            if game.period == 0 and game.box >= ONE_AND_ONE_FROM:
                facts.append(("free throws", T("fact_one_and_one")))
            if game.in_last_nine():
                facts.append(("last nine", T("fact_extra_earned") if game.extra_box else T("fact_last_nine")))
        else:
            h, a = game.score
            win = home if h > a else away
            result = T("result", winner=win.name, high=max(h, a), low=min(h, a))
        if o.home_court:
            facts.append(("home court", T("fact_home_court", home=home.name)))
        terms = list(_SITUATION_TERMS)
        if game.in_last_nine() and not game.over:
            terms += ["last nine", "bottom half"]
        if game.period == 0 and game.box >= ONE_AND_ONE_FROM:
            terms.append("one-and-one")
        return Situation(
            ruleset=self.ruleset, title=T("title", away=away.name, home=home.name), clock=clock, period=period,
            possession=None if game.over else game.offense, ball="" if game.over else self.ball(game),
            teams=[self.team_view(game, HOME, coaches[HOME]), self.team_view(game, AWAY, coaches[AWAY])],
            facts=facts, over=game.over, result=result, terms=terms)

    # ------------------------------------------------------------------ decisions
    def decision(self, game: ValueAddEngine, decision: Decision) -> DecisionView:
        kind = decision.kind
        if kind in ("defense_menu", "offense_menu"):
            return self._menu(game, decision)
        if kind == "replace_fouled_out":
            return self._replace(game, decision)
        return self.VIEWS[kind](self, game, decision)

    def _view(self, decision: Decision, title: str, explain: str, groups: list[Group], terms: list[str],
              default: int | None = None) -> DecisionView:
        return DecisionView(side=decision.side, kind=decision.kind, title=title, explain=explain, groups=groups,
                            default_action=default, terms=terms)

    def _sub_groups(self, game: ValueAddEngine, side: int, legal: set[int]) -> list[Choice]:
        """'Who comes out' (a slot) then 'who goes in' (the bench players legal there)."""
        ts = game.team_state[side]
        bench = [i for i in range(min(len(ts.fouls), A.MAX_ROSTER)) if i not in ts.lineup]
        first = []
        for s in range(5):
            out = ts.lineup[s]
            ins = [Choice(key=f"in:{i}:{s}", label=self.player_label(game, side, i),
                          explain=T("in_explain", ratings=self.ratings_text(game.teams[side].players[i]),
                                    fatigue=self.fatigue(game, side, i)),
                          action=A.SUBSTITUTE[(i, s)], shortcut=str(i + 1)) for i in bench if A.SUBSTITUTE[(i, s)] in legal]
            name = game.teams[side].players[out].name
            first.append((f"out:{s}", self.player_label(game, side, out, s),
                          T("out_explain", line=self.line(game, side, out), ratings=self.ratings_text(game.teams[side].players[out])),
                          T("in_title", name=name, pos=POS[s]), ins))
        out = two_step(first)
        for c in out:  # his roster number, as for the men going in
            c.shortcut = str(ts.lineup[int(c.key.split(":")[1])] + 1)
        return out

    def _pair_groups(self, game: ValueAddEngine, side: int, legal: set[int], table: dict, switch: bool) -> list[Choice]:
        """Position swaps or defensive switches: the first of the pair (top of the lineup first), then
        the other; each pair appears once."""
        ts = game.team_state[side]
        opp = 1 - side
        name = [game.card(side, s).name for s in range(5)]
        man = [f"{game.card(opp, ts.guards[s]).name} ({POS[ts.guards[s]]})" for s in range(5)]
        first = []
        for a in range(4):
            then = []
            for b in range(a + 1, 5):
                act = table[(a, b)]
                if act not in legal:
                    continue
                if switch:
                    label = T("switch_label", name=name[b], pos=POS[b], b_man=man[b])
                    explain = T("switch_explain", name=name[b], a=name[a], b_man=man[b], a_man=man[a])
                else:
                    label = T("swap_label", name=name[b], pos=POS[b])
                    explain = T("swap_explain", name=name[b], pos=POS[b], a=name[a], a_pos=POS[a])
                then.append(Choice(key=f"{'switch' if switch else 'swap'}:{a}:{b}", label=label, explain=explain, action=act))
            if switch:
                first.append((f"switch:{a}", T("switch_first", name=name[a], pos=POS[a], guarded=man[a]),
                              T("switch_first_explain"), T("switch_title", name=name[a]), then))
            else:
                first.append((f"swap:{a}", T("swap_first", name=name[a], pos=POS[a]), T("swap_first_explain"),
                              T("swap_title", name=name[a], pos=POS[a]), then))
        return two_step(first)

    def _menu(self, game: ValueAddEngine, d: Decision) -> DecisionView:
        side, legal = d.side, set(d.legal)
        ts = game.team_state[side]
        defense = d.kind == "defense_menu"
        team = game.teams[side].name
        tip = self._tip(game)
        if tip:
            when = T("menu_when_tip2" if game.options.rotation == 2 else "menu_when_tip")
        else:
            when = T("menu_when_possession", box=game.box)
        title = T("menu_defense_title" if defense else "menu_offense_title", team=team, when=when)
        groups: list[Group] = []
        terms = ["box", "played", "stamina", "fouls"]
        if A.PLAY in legal:
            groups.append(Group("play", T("group_play"), choices=[
                Choice("play", T("play_tip") if tip else T("play"), T("play_explain"), action=A.PLAY, default=True)]))
        subs = self._sub_groups(game, side, legal)
        if subs:
            groups.append(Group("subs", T("group_subs"), T("group_subs_explain"), subs))
            terms.append("rotation")
        # the rarer changes are folded: one choice each that opens its list (the first step stays short)
        name = [game.card(side, s).name for s in range(5)]
        swaps = self._pair_groups(game, side, legal, A.SWAP, switch=False)
        if swaps:
            pairs = [Choice(t.key, T("swap_pair", a=name[int(c.key.split(":")[1])], a_pos=POS[int(c.key.split(":")[1])],
                                     b=t.label), t.explain, action=t.action) for c in swaps for t in c.then]
            groups.append(Group("positions", T("group_swap"), "", two_step(
                [("swaps", T("fold_swap"), T("group_swap_explain"), T("fold_swap_title"), pairs)])))
            terms += ["8-sided die", "point guard", "gets 6/7/8"]
        switches = self._pair_groups(game, side, legal, A.SWITCH, switch=True)
        if switches:
            opp = 1 - side
            man = [f"{game.card(opp, ts.guards[s]).name} ({POS[ts.guards[s]]})" for s in range(5)]
            pairs = [Choice(t.key, T("switch_pair", a=name[a], a_pos=POS[a], a_man=man[a], b=t.label), t.explain,
                            action=t.action) for c in switches for a in (int(c.key.split(":")[1]),) for t in c.then]
            groups.append(Group("switches", T("group_switch"), "", two_step(
                [("switches", T("fold_switch"), T("group_switch_explain"), T("fold_switch_title"), pairs)])))
            terms.append("switch")
        avoid = []
        for s in range(5):
            if A.AVOID[s] in legal:
                i = ts.lineup[s]
                name = game.teams[side].players[i].name
                if ts.avoiding[i]:
                    avoid.append(Choice(f"avoid:{s}", T("avoid_off", name=name, pos=POS[s]), T("avoid_off_explain"),
                                        action=A.AVOID[s]))
                else:
                    avoid.append(Choice(f"avoid:{s}", T("avoid_on", name=name, pos=POS[s], fouls=_fouls(ts.fouls[i])),
                                        T("avoid_on_explain"), action=A.AVOID[s]))
        if avoid:
            groups.append(Group("avoid", T("group_avoid"), "" if len(avoid) > 1 else T("group_avoid_explain"),
                                avoid if len(avoid) == 1 else two_step(
                [("avoid", T("fold_avoid"), T("group_avoid_explain"), T("fold_avoid_title"), avoid)])))
            terms.append("avoid fouls")
        if A.THREE_POINT_MODE in legal:
            on = ts.three_mode
            groups.append(Group("three", T("group_three"), choices=[
                Choice("three", T("three_off" if on else "three_on"), T("three_off_explain" if on else "three_on_explain"),
                       action=A.THREE_POINT_MODE)]))
            terms.append("attempting 3-pointers")
        late = []
        if A.INTENTIONAL_FOUL in legal:
            late.append(Choice("intentional", T("intentional"), T("intentional_explain"), action=A.INTENTIONAL_FOUL))
            terms += ["intentional foul", "last nine", "bottom half"]
        if A.D8_FIRST in legal:
            late.append(Choice("d8_first", T("d8_first"), T("d8_first_explain"), action=A.D8_FIRST))
            terms += ["8-sided die first", "keep passing"]
        if late:
            groups.append(Group("late", T("group_late"), choices=late))
        explain = T("menu_explain", extra=T("menu_explain_defense" if defense else "menu_explain_offense"))
        view = self._view(d, title, explain, groups, terms, A.PLAY if A.PLAY in legal else None)
        view.warnings = self.warnings(game, d) if A.PLAY in legal else []
        return view

    def warnings(self, game: ValueAddEngine, d: Decision) -> list[str]:
        """What "play" walks the team into, said before Enter: at the offense menu (a possession is
        counted when it ends, the "played" rule), a man on the court who has played as many
        possessions as his stamina plays this one tired (every roll one worse), twice it exhausted
        (two worse), while a substitution could rest him."""
        if d.kind != "offense_menu" or not game.options.stamina_penalties:
            return []
        if not any(a in set(d.legal) for a in A.SUBSTITUTE.values()):
            return []
        ts, team = game.team_state[d.side], game.teams[d.side]
        out, tired = [], []
        for i in ts.lineup:
            played, stamina = ts.played[i], team.players[i].stamina
            if played == stamina:
                tired.append((team.players[i].name, played, stamina))
            elif played == 2 * stamina:
                out.append(T("warn_exhausted", name=team.players[i].name, played=played, stamina=stamina))
        if len(tired) == 1:
            name, played, stamina = tired[0]
            out.insert(0, T("warn_tired", name=name, played=played, stamina=stamina))
        elif tired:  # several: one line naming them (as 4th Street's worn-out warning)
            who = [T("warn_tired_one", name=n, played=p, stamina=s) for n, p, s in tired]
            out.insert(0, T("warn_tired_many", who=", ".join(who[:-1]) + " and " + who[-1]))
        return out

    @staticmethod
    def _tip(game: ValueAddEngine) -> bool:
        """Options 1 and 2: the menus of box 44's first possession choose the five at the tip."""
        return game.options.rotation != 3 and game.period == 0 and game.box == BOXES and game.half == 0 and game.turn == 0

    def _replace(self, game: ValueAddEngine, d: Decision) -> DecisionView:
        side, legal = d.side, set(d.legal)
        subs = self._sub_groups(game, side, legal)
        ts = game.team_state[side]
        for c in subs:  # the fouled-out player is named as such
            s = int(c.key.split(":")[1])
            c.label = T("replace_out", name=game.teams[side].players[ts.lineup[s]].name, pos=POS[s])
        if len(subs) == 1:
            s = int(subs[0].key.split(":")[1])
            title = T("replace_title", name=game.teams[side].players[ts.lineup[s]].name, pos=POS[s])
            groups = [Group("subs", T("group_subs"), choices=subs[0].then)]
        else:
            title = T("replace_title_many")
            groups = [Group("subs", T("group_subs"), T("group_subs_explain"), subs)]
        return self._view(d, title, T("replace_explain"), groups, ["fouls", "played", "stamina"])

    @view("d8_choice")
    def _d8_choice(self, game: ValueAddEngine, d: Decision) -> DecisionView:
        slot = game.ctx["d8_slot"]
        card = game.card(d.side, slot)
        ratings = self.ratings_text(card, ("3PT", "2PT", "FOULED"))
        return self._view(d, T("d8_title", name=card.name, pos=POS[slot]), T("d8_explain", ratings=ratings),
                          [Group("shot", T("d8_first"), choices=[
                              Choice("shoot", T("shoot", name=card.name), T("shoot_explain", name=card.name), action=A.SHOOT,
                                     default=True),
                              Choice("pass", T("keep_passing"), T("keep_passing_explain"), action=A.KEEP_PASSING)])],
                          ["8-sided die first", "keep passing", "3PT", "2PT", "FOULED"], A.SHOOT)

    def _go_or_normal(self, game: ValueAddEngine, d: Decision, key: str, slot: int, go: int, normal: int, normal_key: str,
                      terms: list[str]) -> DecisionView:
        """The fast break and the stick back: go at once with the named player (the default), or
        normal offense."""
        name = game.card(d.side, slot).name
        return self._view(d, T(f"{key}_title", name=name, pos=POS[slot]), T(f"{key}_explain", name=name),
                          [Group(key, T(key), choices=[
                              Choice(key, T(key), T(f"{key}_choice_explain", name=name), action=go, default=True),
                              Choice("normal", T(normal_key), T(f"{normal_key}_explain"), action=normal)])], terms, go)

    @view("fast_break")
    def _fast_break(self, game: ValueAddEngine, d: Decision) -> DecisionView:
        return self._go_or_normal(game, d, "fast_break", game.ctx["stealer"], A.FAST_BREAK, A.NORMAL_AFTER_STEAL,
                                  "normal_after_steal", ["fast break", "normal offense", "last nine"])

    @view("stick_back")
    def _stick_back(self, game: ValueAddEngine, d: Decision) -> DecisionView:
        return self._go_or_normal(game, d, "stick_back", game.ctx["rebounder"], A.STICK_BACK, A.NORMAL_AFTER_REBOUND,
                                  "normal_after_rebound", ["stick back", "normal offense"])

    @view("dunk_choice")
    def _dunk_choice(self, game: ValueAddEngine, d: Decision) -> DecisionView:
        c = game.ctx
        slot, res = c["slot"], c["d20_result"]
        card = game.card(d.side, slot)
        dfn = 1 - d.side
        defender = game.card(dfn, c["ds"])
        dts = game.team_state[dfn]
        dfouls = dts.fouls[dts.lineup[c["ds"]]]
        defender_text = f"{defender.name}, {_fouls(dfouls)}"
        made3 = res == MADE3
        what = T("dunk_what_made3") if made3 else T("dunk_what_fouled", defender=defender_text)
        other = (Choice("d20", T("take_d20_made3"), T("take_d20_made3_explain"), action=A.TAKE_D20) if made3 else
                 Choice("d20", T("take_d20_fouled"), T("take_d20_fouled_explain", ft=card.ranges_text()["free_throw"],
                                                        defender=defender_text), action=A.TAKE_D20))
        result = "made 3" if made3 else "fouled" if res == FOULED else "?"
        return self._view(d, T("dunk_title", name=card.name, pos=POS[slot], result=result), T("dunk_explain", what=what),
                          [Group("dunk", "Dunk range", choices=[
                              Choice("dunk", T("take_dunk"), T("take_dunk_explain"), action=A.TAKE_DUNK, default=True), other])],
                          ["dunk range", "20-sided die", "3PT", "FOULED", "FT"], A.TAKE_DUNK)

    def _choose(self, game: ValueAddEngine, d: Decision, title: str, explain: str, choice_explain, terms: list[str]) -> DecisionView:
        side = d.side
        choices = []
        for act in d.legal:
            s = A.CHOOSE.index(act)
            card = game.card(side, s)
            choices.append(Choice(f"player:{s}", T("choose_player", name=card.name, pos=POS[s]), choice_explain(card),
                                  action=act))
        return self._view(d, title, explain, [Group("player", "Player", choices=choices)], terms)

    @view("choose_dunker")
    def _choose_dunker(self, game: ValueAddEngine, d: Decision) -> DecisionView:
        return self._choose(game, d, T("choose_dunker_title"), T("choose_dunker_explain"),
                            lambda card: T("choose_scorer_explain", ratings=self.ratings_text(card, ("3PT", "2PT", "FT"))),
                            ["dunk range", "8-sided die"])

    @view("choose_stop_rebounder")
    def _choose_stop_rebounder(self, game: ValueAddEngine, d: Decision) -> DecisionView:
        return self._choose(game, d, T("choose_stop_title"), T("choose_stop_explain"),
                            lambda card: T("choose_rebounder_choice_explain", reb=self.ratings_text(card, ("OREB", "DREB"))),
                            ["stop range", "DREB"])

    @view("choose_rebounder")
    def _choose_rebounder(self, game: ValueAddEngine, d: Decision) -> DecisionView:
        return self._choose(game, d, T("choose_rebounder_title"), T("choose_rebounder_explain", roll="10 or 20"),
                            lambda card: T("choose_rebounder_choice_explain", reb=self.ratings_text(card, ("OREB", "DREB"))),
                            ["Rebound Chart", "OREB", "DREB"])

    # ------------------------------------------------------------------ protocol: kinds, glossary, marks
    def kinds(self):
        return TEXTS.kinds()

    def glossary(self):
        return TEXTS.glossary()

    def marks(self, game: ValueAddEngine) -> dict[str, int]:
        """'possession': every possession (each is preceded by the menus: Value Add's dead ball);
        'box': every box; 'half': the 2nd half (box 33) and each overtime; 'period': each overtime."""
        boxes_done = (BOXES - game.box) if game.period == 0 else BOXES + (game.period - 1) * game.options.overtime_boxes + (
            game.options.overtime_boxes - game.box)
        if game.over:
            boxes_done += 1
        step = boxes_done * 4 + game.half * 2 + game.turn
        half = (1 if game.box <= GAME_POSSESSIONS // 2 else 0) if game.period == 0 else 1 + game.period
        return {"dead_ball": step, "possession": step, "box": boxes_done, "half": half + int(game.over),
                "period": game.period + int(game.over)}

    # ------------------------------------------------------------------ default auto-play
    def routine(self, game: ValueAddEngine, decision: Decision) -> int | None:
        """Under the default auto-play, a menu is put to the person only when something calls for a
        coach: the first menus of the game (the five, the matchups); before his team's possession, a
        player on the court who has used up his stamina; a player who has just picked up his 3rd or
        4th foul; 3-point mode on (keep it or call it off); the end of the game: in the last nine
        boxes the defense menu of a trailing team in a top half that has not earned its bottom half
        yet (an intentional foul), the offense menu of a team 3 or more behind (3-point mode), or
        trailing or tied in the last four boxes (the 8-sided die first). A menu the person has started changing stays his until he plays. Otherwise the menu is answered "play" (no change): the person's
        lineup, switches and calls stay as he left them. Returns that action, or None to ask."""
        if decision.kind not in ("defense_menu", "offense_menu") or A.PLAY not in decision.legal:
            return None
        side = decision.side
        if game.menu_changes:
            return None  # the person is making changes in this menu: he closes it himself
        if game.period == 0 and game.box == BOXES and game.half == 0:
            return None  # the first menus: the tip five (options 1-2) or the first rotation (option 3)
        ts, team = game.team_state[side], game.teams[side]
        if game.options.stamina_penalties and decision.kind == "offense_menu":
            for i in ts.lineup:
                if ts.played[i] == team.players[i].stamina:
                    return None  # used up his stamina: he would play this possession tired
        if self._new_foul_trouble(game, side):
            return None
        if ts.three_mode:
            return None  # attempting 3-pointers: keep it on or call it off
        if game.in_last_nine():
            h, a = game.score
            margin = (h - a) if side == HOME else (a - h)
            if decision.kind == "defense_menu":
                if margin < 0 and game.half == 0 and not game.extra_box:
                    return None  # an intentional foul would earn both teams a bottom half
            elif margin <= -3 or (margin <= 0 and game.box <= D8_FIRST_FROM):
                return None  # 3-point mode, or the 8-sided die first
        return A.PLAY

    @staticmethod
    def _new_foul_trouble(game: ValueAddEngine, side: int) -> bool:
        """A player of ``side`` on the court picked up his 3rd or 4th foul since his team's last menu
        (read from the play-by-play: the foul events since the possession before this one)."""
        limit = game.options.foul_limit
        lineup_names = {game.teams[side].players[i].name for i in game.team_state[side].lineup}
        seen_possessions = 0
        for ev in reversed(game.log.events):
            if ev.kind == "possession":
                seen_possessions += 1
                if seen_possessions == 2:
                    break
            elif ev.kind == "foul" and ev.side == side and limit - 2 <= ev.data.get("fouls", 0) < limit:
                if any(n in ev.text for n in lineup_names):
                    return True
        return False


PRESENTER = ValueAddPresenter()


ValueAddPresenter.VIEWS = table(ValueAddPresenter, "view")
