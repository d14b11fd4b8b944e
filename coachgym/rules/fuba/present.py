"""What a person sees of a FUBA match: the presenter (``PRESENTER``) of
``coachgym.present.presenter.Presenter``.

FUBA's pieces are anonymous (1.2: "player" is a piece; 3.3: the formation does not say where a
piece stands), so a team is shown as its pieces on the board - the goalkeeper, then "3 players" per
area with the zone the area is for that team - and its formation (the lines that count for actions
and condition points: 4.2.1, A1), roles, condition points, cards, substitutions and skills; ``Situation.board`` lists the 13 areas and the
corner-kick spots of ``data/board.json`` with both teams' pieces and the ball. Decisions read like
the board game: the action stage, the pass target with its ball value and chances, the piece to
move and then where to. Fixed texts and the glossary are data (``data/present.json``); the screens
are described in docs/coach-seat.md, "FUBA".
"""

from __future__ import annotations

from typing import Any

from ...core.engine import AWAY, HOME, Decision
from ...core.phases import table, view
from ...present.model import Area, Choice, DecisionView, Group, PlayerCard, Situation, TeamView
from ...present.texts import ScreenTexts, two_step
from . import actions as AT
from .board import AREAS, FORMATION_CARDS, FWD_MID2, IDS, N_AREAS, NAMES, PENALTY_TABLE, PLAYING, SKILLS, SPOTS, ZONE
from .engine import FubaEngine
from .state import GK, INJURED, LINE_NAMES, OFF, ROLES, UNPLACED

TEXTS = ScreenTexts(__package__, "fuba", FubaEngine.decision_kinds)
T = TEXTS
_SET_PIECES = ("kickoff", "free_kick", "corner", "goal_kick", "penalty")
_SITUATION_TERMS = ["ball value", "controlling team", "defending team", "phasing team", "area", "zone", "formation",
                    "yellow card", "red card"]
# an area's place along the pitch, for listing pieces from the own goal forward
_ALONG = [(a["x"][0] + a["x"][1], "NMS".index(a["row"]) if a["row"] in "NMS" else 1) for a in AREAS]


def _pct(p: float) -> str:
    return f"{round(100 * p)}%"


def keep_chance(v: int) -> float:
    """4.7.3: at least one of two dice at or above the ball value ``v`` (the pass is not failed)."""
    return 1 - ((v - 1) / 6) ** 2


def creative_chance(v: int) -> float:
    """4.7.3: both dice at or above ``v``."""
    return ((7 - v) / 6) ** 2


def below_chance(v: int) -> float:
    """4.6: at least one of two dice below ``v`` (a pressing wins the ball)."""
    return 1 - ((7 - v) / 6) ** 2 if v > 1 else 0.0


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def _n(n: int, word: str) -> str:
    return f"{n} {word}{_s(n)}"


# "centre area, centre circle" rather than "centre area (centre circle) (C)" beside the id
_AREA = [n.replace(" (", ", ").replace(")", "") for n in NAMES]


class FubaPresenter:
    VIEWS: dict[str, Any] = {}  # decision kind -> its @view(KIND) method (set below the class)
    ruleset = "fuba"
    # where each area lies on the board (data/board.json: id, x, row, kind), for a page that draws it
    board_areas = tuple(AREAS)

    # ------------------------------------------------------------------ pieces and teams
    @staticmethod
    def piece_name(side: int, piece: int, area: int) -> str:
        """A piece as the board shows it: the goalkeeper, or a player (outfield pieces belong to no
        line; the formation's lines count by the zone the ball is in, 4.2.1)."""
        return T("piece_gk") if piece == GK else T("piece_player")

    @staticmethod
    def formation_text(game: FubaEngine, side: int) -> str:
        f = game.team_state[side].formation
        if f is None or game.phase == "formation":
            return T("team_hidden")
        text = "-".join(map(str, f))
        if game.options.player_roles and any(game.team_state[side].roles):
            text += " (" + ", ".join(f"{n} {r.replace('_', ' ')}" for r, n in zip(ROLES, game.team_state[side].roles) if n) + ")"
        return text

    @staticmethod
    def cp_text(game: FubaEngine, side: int) -> str:
        d, m, f = game.team_state[side].condition
        return T("team_cp", d=d, m=m, f=f)

    def team_view(self, game: FubaEngine, side: int, coach: str) -> TeamView:
        team = game.teams[side]
        pos = game.team_state[side].pos
        on, out = [], []
        # the pieces as the board shows them: the goalkeeper, then a stack per area from the own goal up
        gk = pos[GK]
        if gk >= 0:
            on.append(PlayerCard(name=T("piece_gk"), position=IDS[gk], on_court=True, note=self._area_note(game, side, gk)))
        stacks: dict[int, int] = {}
        for k in range(1, 11):
            if pos[k] >= 0:
                stacks[pos[k]] = stacks.get(pos[k], 0) + 1
        for area in sorted(stacks, key=lambda a: _ALONG[a][0] * (1 if side == HOME else -1)):
            n = stacks[area]
            on.append(PlayerCard(name=T("piece_stack", n=n, s=_s(n)), position=IDS[area], on_court=True,
                                 note=self._area_note(game, side, area)))
        for k in range(11):
            if pos[k] in (INJURED, OFF):
                status = T("status_off") if pos[k] == OFF else T("status_injured", back=self._injury_back(game, side, k))
                out.append(PlayerCard(name=T("piece_gk") if k == GK else T("piece_outfield"), position="", on_court=False,
                                      status=status))
        if game.options.substitutions:
            left = 3 - game.team_state[side].subs
            if left:
                out.append(PlayerCard(name=T("bench_sub", n=left, s=_s(left)), position="", on_court=False, note=T("bench_sub_note")))
        facts = [("formation", self.formation_text(game, side))]
        if game.team_state[side].formation is not None and game.phase not in ("formation", "kickoff_roll", "kickoff_choice") \
                and not game.over and game.ball in PLAYING:
            facts.append(("actions", self.actions_text(game, side)))
        facts.append(("cards", T("team_cards", y=game.team_state[side].yellow, r=game.team_state[side].red)))
        if game.options.condition_points:
            facts.append(("condition points", self.cp_text(game, side)))
        if game.options.substitutions:
            facts.append(("substitutions", T("team_subs", n=game.team_state[side].subs)))
        if game.options.skills:
            facts.append(("skills", ", ".join(k.replace("_", " ") for k in game.team_state[side].skills) or "none"))
            if game.team_state[side].reserve:
                facts.append(("reserve skills", ", ".join(k.replace("_", " ") for k in game.team_state[side].reserve)))
            if game.team_state[side].coach_off:
                facts.append(("coach", "sent off (angry coach)"))
        if game.team_state[1 - side].keeper_injury_bonus:
            facts.append(("goal attempts", f"+{game.team_state[1 - side].keeper_injury_bonus} (the opponent's keeper is out)"))
        colour = TEXTS.kit_colours([t.name for t in game.teams])[side]
        return TeamView(team.name, side, game.team_state[side].goals, coach, on, out, facts, colour)

    @staticmethod
    def actions_text(game: FubaEngine, side: int) -> str:
        """4.2.1: which line of the formation counts for this team's actions where the ball is now."""
        z = ZONE[side][game.ball]
        n = game.team_state[side].formation[z]
        return T("team_actions", zone=T(f"zone_{z}"), n=n, line=T(f"line_{z}_{'one' if n == 1 else 'many'}"))

    @staticmethod
    def _area_note(game: FubaEngine, side: int, area: int) -> str:
        zone = T(f"zone_{ZONE[side][area]}") if area in PLAYING else T("zone_spot")
        return T("piece_explain", name=_AREA[area], zone=zone) + ("; with the ball" if area == game.ball and side == game.controlling else "")

    @staticmethod
    def _injury_back(game: FubaEngine, side: int, piece: int) -> str:
        for s, k, back in game.injured:
            if s == side and k == piece:
                half, rest = divmod(back, 1000)
                return str(rest // 10)
        return "?"

    def board(self, game: FubaEngine) -> list[Area]:
        """The 13 areas and the four corner-kick spots in the order of data/board.json, each with
        the pieces of both teams standing in it (one entry per piece) and the ball."""
        out = []
        for a in range(N_AREAS):
            pieces = []
            for side in (HOME, AWAY):
                for k, p in enumerate(game.team_state[side].pos):
                    if p == a:
                        pieces.append({"side": side, "name": self.piece_name(side, k, a),
                                       "role": "goalkeeper" if k == GK else "outfield player", "number": k + 1,
                                       "zone": T(f"zone_{ZONE[side][a]}") if a in PLAYING else T("zone_spot")})
            out.append(Area(IDS[a], NAMES[a], pieces, ball=a == game.ball and game.phase not in ("formation", "kickoff_choice")))
        return out

    # ------------------------------------------------------------------ situation
    def stage(self, game: FubaEngine) -> str:
        ph = game.phase
        if ph == "setup":
            return T("stage_setup", what=T("set_piece_" + game.ctx["kind"]))
        if ph == "subs":
            return T("stage_subs")
        if ph == "halftime":
            return T("stage_halftime")
        if ph == "moves" and game.ctx.get("mode") == "reaction":
            return T("stage_reaction")
        if ph == "actions" or game.actions_left:
            n = game.actions_left
            return T("stage_actions", n=n, s=_s(n))
        return T("stage_other")

    def situation(self, game: FubaEngine, coaches: tuple[str, str] = ("", "")) -> Situation:
        home, away = game.teams[HOME], game.teams[AWAY]
        pre = game.phase in ("formation", "kickoff_roll", "kickoff_choice")
        period = T("period_over") if game.over else T(f"period_{game.half}")
        clock = game.time_label()
        facts = []
        result = ""
        if game.over:
            h, a = game.score
            win = home if h > a else away
            result = T("result_draw", high=h, low=a) if h == a else T("result", winner=win.name, high=max(h, a), low=min(h, a))
        elif not pre:
            facts.append(("turn", T("fact_turn", team=game.teams[game.phasing].name, stage=self.stage(game))))
            if game.set_piece:
                facts.append(("set piece", T("set_piece_" + game.set_piece)))
        if game.weather:
            facts.append(("weather", T("fact_weather", weather=game.weather)))
        ball = "" if game.over else (T("ball_pre") if pre else T("ball", team=game.teams[game.controlling].name, area=_AREA[game.ball],
                                                                  id=IDS[game.ball], bv=game.ball_value))
        terms = list(_SITUATION_TERMS)
        if game.options.condition_points:
            terms.append("condition points")
        if game.options.substitutions:
            terms.append("substitution")
        if game.options.skills:
            terms.append("skills")
        if game.weather:
            terms.append("weather")
        if game.options.player_roles:
            terms.append("roles")
        return Situation(ruleset=self.ruleset, title=T("title", home=home.name, away=away.name), clock=clock, period=period,
                         possession=None if game.over or pre else game.controlling, ball=ball,
                         teams=[self.team_view(game, HOME, coaches[HOME]), self.team_view(game, AWAY, coaches[AWAY])],
                         facts=facts, board=self.board(game), over=game.over, result=result, terms=terms)

    # ------------------------------------------------------------------ decisions
    def decision(self, game: FubaEngine, decision: Decision) -> DecisionView:
        kind = decision.kind
        if kind.endswith("_to") and kind != "pass_to":
            return self._move_to(game, decision)
        if kind in ("reaction", "sprint", "moves"):
            return self._movers(game, decision)
        return self.VIEWS[kind](self, game, decision)

    @staticmethod
    def _view(d: Decision, title: str, explain: str, groups: list[Group], terms: list[str], default: int | None = None):
        return DecisionView(side=d.side, kind=d.kind, title=title, explain=explain, groups=[g for g in groups if g.choices],
                            default_action=default, terms=terms)

    @staticmethod
    def _counts_text(game: FubaEngine, side: int, area: int) -> dict:
        return {"mine": game.raw_count(side, area), "theirs": game.raw_count(1 - side, area)}

    def _yes_no(self, d: Decision, title: str, explain: str, group: str, yes: tuple, no: tuple, terms: list[str],
                default_yes: bool = False) -> DecisionView:
        """A two-way decision: ``yes``/``no`` are (key, label, explain, action)."""
        choices = [Choice(k, label, ex, action=a, default=(default_yes if i == 0 else not default_yes))
                   for i, (k, label, ex, a) in enumerate((yes, no))]
        return self._view(d, title, explain, [Group(group.lower().replace(" ", "_"), group, choices=choices)], terms,
                          yes[3] if default_yes else no[3])

    # 2.1, A2 -------------------------------------------------------------------
    @view("formation")
    def _formation(self, game: FubaEngine, d: Decision) -> DecisionView:
        cards, others = [], {}
        for a in d.legal:
            act = AT.TABLE[a]
            dd, m, f = act["d"], act["m"], act["f"]
            c = Choice(f"formation:{dd}-{m}-{f}", T("formation", d=dd, m=m, f=f),
                       T("formation_choice_explain", d=_n(dd, "defender"), m=_n(m, "midfielder"), f=_n(f, "forward")), action=a)
            if f"{dd}-{m}-{f}" in FORMATION_CARDS:
                cards.append(c)
            else:
                others.setdefault(dd, []).append(c)
        cards.sort(key=lambda c: FORMATION_CARDS.index(c.label))
        # the first step shows the eight cards and one choice that opens every other split, by
        # number of defenders (was one choice per number of defenders: 16 at the first step)
        rest = [c for _, cs in sorted(others.items()) for c in cs]
        other = two_step([("formation:other", T("formation_other_any", n=len(rest)), T("formation_other_any_explain"),
                           T("formation_other_any_title"), rest)])
        return self._view(d, T("formation_title", team=game.teams[d.side].name), T("formation_explain"),
                          [Group("cards", T("group_cards"), choices=cards), Group("other", T("group_other_formations"), choices=other)],
                          ["formation", "formation card", "zone", "condition points"])

    @view("roles")
    def _roles(self, game: FubaEngine, d: Decision) -> DecisionView:
        choices = []
        for a in d.legal:
            act = AT.TABLE[a]
            if act.kind == "done":
                choices.append(Choice("done", T("roles_done"), T("roles_done_explain"), action=a, default=True))
            else:
                r = act["role"]
                choices.append(Choice(f"role:{r}", T(f"role_{r}"), T(f"role_{r}_explain"), action=a))
        return self._view(d, T("roles_title", team=game.teams[d.side].name),
                          T("roles_explain", formation=self.formation_text(game, d.side) if game.team_state[d.side].formation else "?",
                            cp="/".join(map(str, game.condition_points_at_start(d.side)))),
                          [Group("roles", T("group_roles"), choices=choices)], ["roles", "condition points"], AT.DONE)

    @view("kickoff")
    def _kickoff(self, game: FubaEngine, d: Decision) -> DecisionView:
        take, give = (a for a in d.legal)
        if not AT.TABLE[take]["take"]:
            take, give = give, take
        return self._yes_no(d, T("kickoff_title", team=game.teams[d.side].name), T("kickoff_explain"), "Kick-off",
                            ("take", T("kickoff_take"), T("kickoff_take_explain"), take),
                            ("give", T("kickoff_give"), T("kickoff_give_explain"), give), ["kick-off"], default_yes=True)

    # 3.3 setups ----------------------------------------------------------------
    def _area_groups(self, game: FubaEngine, side: int, legal_areas: dict[int, int], key: str, label, explain) -> list[Group]:
        """Areas grouped by zone as ``side`` sees them (defence, midfield, attack; corner spots)."""
        groups = {z: [] for z in (0, 1, 2)}
        spots = []
        for area, action in sorted(legal_areas.items()):
            c = Choice(f"{key}:{IDS[area]}", label(area), explain(area), action=action)
            (spots if area in SPOTS else groups[ZONE[side][area]]).append(c)
        out = [Group(f"zone{z}", T(f"group_zone_{z}"), choices=groups[z]) for z in (0, 1, 2)]
        out.append(Group("spots", T("group_spots"), choices=spots))
        return out

    @view("setup")
    def _setup(self, game: FubaEngine, d: Decision) -> DecisionView:
        side = d.side
        kind = game.ctx["kind"]
        placed = sum(1 for p in game.team_state[side].pos if p != UNPLACED and p not in (OFF, INJURED))
        total = sum(1 for p in game.team_state[side].pos if p not in (OFF, INJURED))
        legal = {AT.TABLE[a]["area"]: a for a in d.legal}
        groups = self._area_groups(game, side, legal, "place",
                                   lambda a: T("place", name=_AREA[a], id=IDS[a]),
                                   lambda a: T("place_explain", **self._counts_text(game, side, a)))
        rule = T(f"setup_rule_{kind}", area=_AREA[game.ctx["area"]])
        # the rest of the setup in one go (Enter): as the book would, or as at the team's last kick-off
        left = total - placed
        finish = [Choice("finish:book", T("setup_finish_book", n=left, s=_s(left)), T("setup_finish_book_explain"),
                         finish="book", default=True)]
        if kind == "kickoff" and self._last_kickoff(game, side) is not None:
            finish.append(Choice("finish:last", T("setup_finish_last", n=left, s=_s(left)), T("setup_finish_last_explain"),
                                 finish="routine"))
        return self._view(d, T("setup_title", team=game.teams[side].name, what=T("set_piece_" + kind), placed=placed, total=total),
                          T("setup_explain", rule=rule), [*groups, Group("finish", T("group_finish"), choices=finish)],
                          ["setup", "kick-off", "free kick", "corner kick", "penalty kick", "corner-kick spot", "zone"])

    @view("line_change")
    def _line_change(self, game: FubaEngine, d: Decision) -> DecisionView:
        side = d.side
        f = game.team_state[side].formation
        now = "-".join(map(str, f))
        if game.phase == "halftime":
            title = T("line_change_title_halftime", team=game.teams[side].name)
        elif game.phase == "subs":
            title = T("line_change_title_sub", team=game.teams[side].name)
        else:
            title = T("line_change_title_trained", team=game.teams[side].name)
        choices = []
        for a in d.legal:
            act = AT.TABLE[a]
            if act["src"] < 0:
                choices.append(Choice("keep", T("line_keep", formation=now), T("line_keep_explain"), action=a, default=True))
                continue
            nf = list(f)
            nf[act["src"]] -= 1
            nf[act["dst"]] += 1
            new = "-".join(map(str, nf))
            choices.append(Choice(f"line:{act['src']}:{act['dst']}",
                                  T("line_move", src=LINE_NAMES[act["src"]].rstrip("s"),
                                    dst=LINE_NAMES[act["dst"]], formation=new), T("line_move_explain", formation=new), action=a))
        keep = next((c.action for c in choices if c.key == "keep"), None)
        return self._view(d, title, T("line_change_explain", formation=now), [Group("line", T("group_line"), choices=choices)],
                          ["formation"], keep)

    # moves (4.1 reaction, 4.4 sprint, the other movements) ------------------------
    def _movers(self, game: FubaEngine, d: Decision) -> DecisionView:
        side = d.side
        c = game.ctx
        mode = c["mode"]
        team = game.teams[side].name
        movers, done = [], []
        for a in d.legal:
            act = AT.TABLE[a]
            if act.kind == "done":
                done.append(Choice("done", T("moves_done"), T("moves_done_explain"), action=a, default=True))
            elif act["area"] == -1:
                movers.append(Choice("move:GK", T("move_gk", id=IDS[game.team_state[side].pos[GK]]), T("move_gk_explain"), action=a))
            else:
                area = act["area"]
                piece = game._piece_in(side, area, c["moved"])
                movers.append(Choice(f"move:{IDS[area]}", T("move_from", piece=self.piece_name(side, piece, area), name=_AREA[area],
                                                            id=IDS[area]),
                                     T("move_from_explain", **self._counts_text(game, side, area)), action=a))
        if mode == "reaction":
            title, explain = T("moves_title_reaction", team=team), T("moves_explain_reaction")
            terms = ["reaction stage", "offside"]
        elif mode == "sprint":
            left = c["left"] - c["n"]
            title, explain = T("moves_title_sprint", team=team, left=left, s=_s(left)), T("moves_explain_sprint")
            terms = ["sprint", "dribble", "offside"]
        else:
            title = T("moves_title_other", team=team, what=self.mode_words(game))
            explain = T("moves_explain_other", why=T("why_into_target") if c.get("must") else T("why_free"))
            terms = ["supporting player", "creative", "easy situation", "goal kick", "free kick", "special event", "offside"]
        return self._view(d, title, explain, [Group("movers", T("group_movers"), choices=movers),
                                              Group("done", T("group_done"), choices=done)], terms,
                          done[0].action if done else None)

    @staticmethod
    def mode_words(game: FubaEngine) -> str:
        c = game.ctx
        target = c.get("target")
        return T("mode_" + c["mode"], target=_AREA[target] if target is not None else "")

    def _move_to(self, game: FubaEngine, d: Decision) -> DecisionView:
        side = d.side
        k, frm = game.ctx["src"]
        off = game.offside_areas(side) if side == game.controlling else [False] * N_AREAS
        moves, dribbles = {}, {}
        for a in d.legal:
            act = AT.TABLE[a]
            (dribbles if act.kind == "dribble_to" else moves)[act["area"]] = a
        piece = self.piece_name(side, k, frm)
        groups = [Group("move_to", T("group_move_to"), choices=[
            Choice(f"to:{IDS[a]}", T("move_to", name=_AREA[a], id=IDS[a]),
                   T("move_to_explain", off=" (backwards into an offside area)" if off[a] else "", **self._counts_text(game, side, a)),
                   action=act) for a, act in moves.items()]),
            Group("dribble", T("group_dribble"), choices=[
                Choice(f"dribble:{IDS[a]}", T("dribble_to", name=_AREA[a], id=IDS[a]),
                       T("dribble_to_explain", **self._counts_text(game, side, a)), action=act) for a, act in dribbles.items()])]
        kind = d.kind[:-3]
        terms = {"reaction": ["reaction stage"], "sprint": ["sprint", "dribble"]}.get(kind, ["supporting player"])
        return self._view(d, T("moves_to_title", piece=piece.lower(), area=_AREA[frm]), T("moves_to_explain"), groups,
                          terms + ["offside"])

    # 4.3 actions ---------------------------------------------------------------
    @view("action")
    def _action(self, game: FubaEngine, d: Decision) -> DecisionView:
        side = d.side
        bv = game.ball_value
        mine, theirs = game.count(side, game.ball), game.count(1 - side, game.ball)
        thr = min(6, bv + (1 if mine > theirs else 0))
        agg = min(6, bv + (1 if mine > theirs else 0) + 1)
        explain_for = {
            "sprint": T("act_sprint_explain"),
            "positioning": T("act_positioning_explain", bv=bv, chance=_pct(1 - (bv / 6) ** 2)),
            "pressing": T("act_pressing_explain", v=thr, chance=_pct(below_chance(thr))),
            "aggressive_pressing": T("act_aggressive_pressing_explain", v=agg, chance=_pct(below_chance(agg))),
            "pass": T("act_pass_explain"), "challenge": T("act_challenge_explain"), "shoot": T("act_shoot_explain"),
            "end": T("act_end_explain"),
        }
        group_of = {"sprint": "move", "positioning": "defend", "pressing": "defend", "aggressive_pressing": "defend",
                    "pass": "ball", "challenge": "ball", "shoot": "ball", "end": "end"}
        groups = {g: Group(g, T(f"group_{g}")) for g in ("ball", "defend", "move", "end")}
        if bv >= 6:  # 4.5: no die can be above 6: positioning only uses up an action (offered all the same:
            # the book takes it at times, and Enter takes the book's choice)
            explain_for["positioning"] = T("act_positioning_useless_explain")
        for a in d.legal:
            what = AT.TABLE[a]["what"]
            groups[group_of[what]].choices.append(Choice(what, T(f"act_{what}"), explain_for[what], action=a))
        team = game.teams[side].name
        if game.set_piece in ("free_kick", "corner", "goal_kick") and not game.resolving.get("sp_done"):
            title = T("action_title_set_piece", team=team, what=T("set_piece_" + game.set_piece))
        else:
            title = T("action_title", team=team, left=game.actions_left, s=_s(game.actions_left))
        terms = ["action stage", "sprint", "positioning", "pressing", "passing", "ball value"]
        if game.options.aggressive_pressing:
            terms.append("aggressive pressing")
        if game.options.challenge:
            terms.append("challenge")
        view = self._view(d, title, T("action_explain", bv=bv, area=_AREA[game.ball], id=IDS[game.ball],
                                      mine=game.raw_count(side, game.ball), theirs=game.raw_count(1 - side, game.ball)),
                          list(groups.values()), terms)
        return view

    @view("pass_to")
    def _pass_to(self, game: FubaEngine, d: Decision) -> DecisionView:
        side = d.side
        values = game.pass_targets(side)
        fm = FWD_MID2[side]
        start = game.ball
        groups = {"forward": [], "square": [], "back": []}
        for a in d.legal:
            t = AT.TABLE[a]["area"]
            v = values.get(t)
            direction = "forward" if fm[t] > fm[start] else "back" if fm[t] < fm[start] else "square"
            text = (T("pass_target_explain", keep=_pct(keep_chance(v)), creative=_pct(creative_chance(v)),
                      **self._counts_text(game, side, t)) if v is not None else "")
            groups[direction].append(Choice(f"pass:{IDS[t]}", T("pass_target", name=_AREA[t], id=IDS[t], v=v if v is not None else "?"),
                                            text or T("place_explain", **self._counts_text(game, side, t)), action=a))
        return self._view(d, T("pass_title", team=game.teams[side].name),
                          T("pass_explain", area=_AREA[start], id=IDS[start], bv=game.ball_value),
                          [Group(k, T(f"group_pass_{k}"), choices=v) for k, v in groups.items()],
                          ["passing", "target area", "ball value", "long pass", "failed", "supportive", "creative", "offside",
                           "offside risk"])

    @view("goal_attempt")
    def _goal_attempt(self, game: FubaEngine, d: Decision) -> DecisionView:
        side = d.side
        dist, mods = game.goal_modifiers(side)
        need = game.goal_need(side)
        need_text = T("goal_need", n=need) if need <= 6 else T("goal_need_difficult", dist=-dist)
        shoot, keep = (AT.TABLE.index("goal_attempt", shoot=True), AT.TABLE.index("goal_attempt", shoot=False))
        return self._yes_no(d, T("goal_title", team=game.teams[side].name, area=_AREA[game.ball]),
                            T("goal_explain", bv=game.ball_value, mods=mods, need=need_text), "Goal attempt",
                            ("shoot", T("goal_shoot"), T("goal_shoot_explain", need=need_text[0].upper() + need_text[1:]), shoot),
                            ("keep", T("goal_keep"), T("goal_keep_explain"), keep),
                            ["goal attempt", "difficult goal attempt", "rebound", "corner kick", "goal kick", "creative"],
                            default_yes=True)

    # advanced rules -------------------------------------------------------------
    @view("use_cp")
    def _use_cp(self, game: FubaEngine, d: Decision) -> DecisionView:
        side = d.side
        what = game.ctx["for"]
        if what == "sprint":
            dice = game.resolving["dice"]
            yes_explain = T("use_cp_sprint", moves=max(dice), low=min(dice))
        else:
            yes_explain = T("use_cp_positioning")
        return self._yes_no(d, T("use_cp_title", team=game.teams[side].name, what=what), T("use_cp_explain", cp=self.cp_text(game, side)),
                            "Condition point", ("use", T("use_cp_yes"), yes_explain, AT.TABLE.index("use_cp", use=True)),
                            ("keep", T("use_cp_no"), T("use_cp_no_explain"), AT.TABLE.index("use_cp", use=False)),
                            ["condition points", what])

    @view("charge")
    def _charge(self, game: FubaEngine, d: Decision) -> DecisionView:
        return self._yes_no(d, T("charge_title", team=game.teams[d.side].name), T("charge_explain"), "Goalkeeper",
                            ("charge", T("charge_yes"), T("charge_yes_explain", bv=game.ball_value, up=min(6, game.ball_value + 1)),
                             AT.TABLE.index("charge", charge=True)),
                            ("stay", T("charge_no"), T("charge_no_explain"), AT.TABLE.index("charge", charge=False)),
                            ["goalkeeper charge", "ball value"])

    @view("keeper")
    def _keeper(self, game: FubaEngine, d: Decision) -> DecisionView:
        table = PENALTY_TABLE["kick"]
        choices = []
        for a in d.legal:
            spot = AT.TABLE[a]["spot"]
            choices.append(Choice(f"keeper:{spot}", T(f"keeper_{spot}"),
                                  T("keeper_choice_explain", a=f"{table['left'][spot]}+", b=f"{table['middle'][spot]}+",
                                    c=f"{table['right'][spot]}+"), action=a))
        return self._view(d, T("keeper_title", team=game.teams[d.side].name), T("keeper_explain"),
                          [Group("penalty", T("group_penalty"), choices=choices)], ["penalty kick"])

    @view("kick")
    def _kick(self, game: FubaEngine, d: Decision) -> DecisionView:
        table = PENALTY_TABLE["kick"]
        choices = []
        for a in d.legal:
            spot = AT.TABLE[a]["spot"]
            row = table[("left", "middle", "right")[spot]]
            choices.append(Choice(f"kick:{spot}", T(f"kick_{spot}"),
                                  T("kick_choice_explain", a=f"{row[0]}+", b=f"{row[1]}+", c=f"{row[2]}+"), action=a))
        return self._view(d, T("kick_title", team=game.teams[d.side].name), T("kick_explain"),
                          [Group("penalty", T("group_penalty"), choices=choices)], ["penalty kick"])

    @view("remove")
    def _remove(self, game: FubaEngine, d: Decision) -> DecisionView:
        side = d.side
        legal = {AT.TABLE[a]["area"]: a for a in d.legal}
        groups = self._area_groups(game, side, legal, "remove",
                                   lambda a: T("remove_choice", piece=T("piece_player"), name=_AREA[a], id=IDS[a]),
                                   lambda a: T("remove_choice_explain", mine=game.raw_count(side, a)))
        return self._view(d, T("remove_title", team=game.teams[side].name), T("remove_explain"), groups, ["red card"])

    @view("slow")
    def _slow(self, game: FubaEngine, d: Decision) -> DecisionView:
        return self._yes_no(d, T("slow_title", team=game.teams[d.side].name), T("slow_explain"), "Restart",
                            ("slow", T("slow_yes"), T("slow_yes_explain"), AT.TABLE.index("slow", slow=True)),
                            ("normal", T("slow_no"), T("slow_no_explain"), AT.TABLE.index("slow", slow=False)),
                            ["slowing play", "yellow card"])

    @view("substitutions")
    def _substitutions(self, game: FubaEngine, d: Decision) -> DecisionView:
        choices = []
        for a in d.legal:
            n = AT.TABLE[a]["n"]
            choices.append(Choice(f"subs:{n}", T("subs_n", n=n, s=_s(n)), T("subs_n_explain", why=T("subs_none") if n == 0 else T("subs_some")),
                                  action=a, default=n == 0))
        return self._view(d, T("subs_title", team=game.teams[d.side].name, left=3 - game.team_state[d.side].subs),
                          T("subs_explain", minute=game.minute), [Group("subs", "Substitutions", choices=choices)],
                          ["substitution", "condition points"], d.legal[0])

    @view("cp_zone")
    def _cp_zone(self, game: FubaEngine, d: Decision) -> DecisionView:
        side = d.side
        choices = [Choice(f"cp:{AT.TABLE[a]['zone']}", T("cp_zone", line=LINE_NAMES[AT.TABLE[a]["zone"]]),
                          T("cp_zone_choice_explain", now=game.team_state[side].condition[AT.TABLE[a]["zone"]]), action=a) for a in d.legal]
        return self._view(d, T("cp_zone_title", team=game.teams[side].name), T("cp_zone_explain", cp=self.cp_text(game, side)),
                          [Group("cp", "Condition point", choices=choices)], ["condition points"])

    @view("sub_option")
    def _sub_option(self, game: FubaEngine, d: Decision) -> DecisionView:
        choices = []
        for a in d.legal:
            o = AT.TABLE[a]["option"]
            choices.append(Choice(f"option:{o}", T(f"sub_option_{o}"), T(f"sub_option_{o}_explain", y=game.team_state[d.side].yellow),
                                  action=a, default=o == "none"))
        return self._view(d, T("sub_option_title", team=game.teams[d.side].name), T("sub_option_explain"),
                          [Group("option", "Substitution", choices=choices)], ["substitution", "formation", "yellow card", "skills"],
                          d.legal[0] if AT.TABLE[d.legal[0]]["option"] == "none" else None)

    @view("perfect_pass")
    def _perfect_pass(self, game: FubaEngine, d: Decision) -> DecisionView:
        side = d.side
        choices = []
        for a in d.legal:
            act = AT.TABLE[a]
            if act.kind == "done":
                choices.append(Choice("keep", T("perfect_keep"), T("perfect_keep_explain", name=_AREA[game.ball]), action=a))
            else:
                t = act["area"]
                choices.append(Choice(f"to:{IDS[t]}", T("perfect_to", name=_AREA[t], id=IDS[t]),
                                      T("perfect_to_explain", mine=game.raw_count(side, t)), action=a))
        return self._view(d, T("perfect_title", team=game.teams[side].name), T("perfect_explain"),
                          [Group("perfect", "Perfect pass", choices=choices)], ["special event"], AT.DONE)

    @staticmethod
    def skill_words(name: str) -> tuple[str, str]:
        words = name.replace("_", " ")
        return words, TEXTS.glossary_terms[words]

    @view("skill")
    def _skill(self, game: FubaEngine, d: Decision) -> DecisionView:
        side, name = game.offers[0]
        words, effect = self.skill_words(name)
        cost = T(f"skill_cost_{min(1, SKILLS[name]['cp'])}")
        return self._yes_no(d, T("skill_title", team=game.teams[d.side].name, skill=words), T("skill_explain", effect=effect, cost=cost),
                            "Skill", ("play", T("skill_yes", skill=words), T("skill_yes_explain", effect=effect), AT.SKILL[name]),
                            ("no", T("skill_no"), T("skill_no_explain"), AT.SKILL[""]), ["skills", words, "condition points"],
                            default_yes=True)

    def _skill_choice(self, game: FubaEngine, d: Decision, title: str) -> DecisionView:
        choices, terms = [], ["skills"]
        for a in d.legal:
            words, effect = self.skill_words(AT.TABLE[a]["skill"])
            choices.append(Choice(f"skill:{AT.TABLE[a]['skill']}", T("skill_choice", skill=words), T("skill_choice_explain", effect=effect),
                                  action=a))
            terms.append(words)
        return self._view(d, T(title, team=game.teams[d.side].name), "", [Group("skills", T("group_skills"), choices=choices)], terms)

    @view("skill_in")
    def _skill_in(self, game: FubaEngine, d: Decision) -> DecisionView:
        return self._skill_choice(game, d, "skill_in_title")

    @view("skill_out")
    def _skill_out(self, game: FubaEngine, d: Decision) -> DecisionView:
        return self._skill_choice(game, d, "skill_out_title")

    # ------------------------------------------------------------------ protocol: kinds, glossary, marks
    def kinds(self):
        return TEXTS.kinds()

    def glossary(self):
        return TEXTS.glossary()

    def marks(self, game: FubaEngine) -> dict[str, int]:
        """'dead_ball': every setup or restart (kick-offs, free kicks, corners, penalties, goal
        kicks: the play-by-play's setup and restart events); 'turn': every turn; 'half' and 'period':
        the halves."""
        restarts = sum(1 for e in game.log if e.kind in _RESTART_EVENTS)
        over = int(game.over)
        return {"dead_ball": restarts + over, "turn": game.turns + over, "half": game.half + over, "period": game.half + over}

    # ------------------------------------------------------------------ default auto-play
    def routine(self, game: FubaEngine, decision: Decision) -> int | None:
        """A kick-off setup is the person's own the first time; at later kick-offs each player goes
        where he stood in the team's last kick-off setup, when that is allowed (the team kicking off
        needs two in the centre area). Every other decision of the kinds a person makes is put to him."""
        if decision.kind != "setup" or game.ctx.get("kind") != "kickoff":
            return None
        side = decision.side
        last = self._last_kickoff(game, side)
        if last is None:
            return None
        area = last[game.team_state[side].pos.index(UNPLACED)]
        action = AT.PLACE[area] if area >= 0 else None
        return action if action in decision.legal else None

    @staticmethod
    def _last_kickoff(game: FubaEngine, side: int) -> list[int] | None:
        """Where each piece of ``side`` stood in the team's last kick-off setup (None before the first)."""
        for e in reversed(game.log.events):
            if e.kind == "setup" and e.data.get("setup") == "kickoff":
                return e.data["home" if side == HOME else "away"]
        return None


# play-by-play events that restart play (a setup finished, or a goal kick / quick free kick taken)
_RESTART_EVENTS = frozenset(("setup", "goal", "free_kick", "corner", "penalty", "half"))

PRESENTER = FubaPresenter()


FubaPresenter.VIEWS = table(FubaPresenter, "view")
