"""The "by the book" Value Add Basketball coach: the advice the instructions themselves give.

* Rotation (Option 3): "do not use any player for more possessions than specified by his stamina"
  and "try to have the starters FINISH the game": a starter plays from the box at which his
  remaining stamina covers the rest of the game; until then his position's reserve plays.
* Foul trouble: "If a good player commits a 3rd or 4th foul ... switch him to guard another
  position" (the opponent who draws the fewest fouls), and he avoids fouls until the late boxes.
* Fast break: "A team should almost always choose a fast break", except with a weak offensive
  stealer or "if the team is ahead and does not want to drag the game out" in the last nine.
* Stick back: "in almost all cases they should try to score immediately" unless the rebounder is
  a poor offensive player or the team "desperately needs a 3-pointer".
* Three-point mode "only if behind by several points very late in the game"; intentional fouls
  when trailing in the last nine; the 8-sided die first when a 3-pointer is needed at the end.
"""

from __future__ import annotations

from ..core.engine import Decision
from ..rules.valueadd import actions as A
from ..rules.valueadd.engine import ValueAddEngine
from ..rules.valueadd.tactics import expected_points, fit

_MENUS = frozenset(("defense_menu", "offense_menu", "replace_fouled_out"))


class ByTheBookCoach:
    """Parameters (all default to the book) let two variants of a strategy meet in a match, e.g.
    ``coachgym simulate valueadd --coach-home by-the-book --coach-away by-the-book:intentional_fouls=false``.

    * ``fast_break``: fast break after a steal: "book" (almost always), "always" or "never";
    * ``stick_back``: stick back after an offensive rebound: "book", "always" or "never";
    * ``intentional_fouls``: foul when trailing by ``foul_deficit`` or more in the last ``foul_boxes``;
    * ``foul_deficit``: the deficit (points) from which the book fouls intentionally;
    * ``foul_boxes``: the last boxes in which the book fouls intentionally;
    * ``three_point_mode``: attempt 3-pointers when trailing by ``three_deficit`` or more in the last
      ``three_boxes``;
    * ``three_deficit``: the deficit (points) from which the book attempts 3-pointers;
    * ``three_boxes``: the last boxes in which the book attempts 3-pointers;
    * ``rotation``: follow the stamina schedule (Option 3) or keep the starters in;
    * ``foul_trouble``: switch and avoid fouls with players in foul trouble.
    """

    name = "by-the-book"
    CHOICES = ("book", "always", "never")

    def __init__(self, seed: int | None = None, *, fast_break: str = "book", stick_back: str = "book",
                 intentional_fouls: bool = True, foul_deficit: int = 3, foul_boxes: int = 6,
                 three_point_mode: bool = True, three_deficit: int = 4, three_boxes: int = 6,
                 rotation: bool = True, foul_trouble: bool = True):
        from ..core.errors import ConfigError

        for key, value in (("fast_break", fast_break), ("stick_back", stick_back)):
            if value not in self.CHOICES:
                raise ConfigError(f"by-the-book: {key} must be one of {', '.join(self.CHOICES)}, got {value!r}")
        self.seed = seed
        self.fast_break, self.stick_back = fast_break, stick_back
        self.intentional_fouls, self.foul_deficit, self.foul_boxes = intentional_fouls, foul_deficit, foul_boxes
        self.three_point_mode, self.three_deficit, self.three_boxes = three_point_mode, three_deficit, three_boxes
        self.rotation, self.foul_trouble = rotation, foul_trouble
        params = {k: v for k, v in (("fast_break", fast_break), ("stick_back", stick_back)) if v != "book"}
        params.update({k: v for k, v, d in (("intentional_fouls", intentional_fouls, True), ("foul_deficit", foul_deficit, 3),
                                            ("foul_boxes", foul_boxes, 6), ("three_point_mode", three_point_mode, True),
                                            ("three_deficit", three_deficit, 4), ("three_boxes", three_boxes, 6),
                                            ("rotation", rotation, True), ("foul_trouble", foul_trouble, True)) if v != d})
        if params:
            self.name = "by-the-book:" + ",".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in params.items())

    def reset(self, game: ValueAddEngine, side: int, seed: int | None = None) -> None:
        self.side = side
        self._game = None  # per-game constants are rebuilt on first use

    def _stamina(self, game: ValueAddEngine, side: int) -> list[int]:
        """Each roster player's stamina (constant during a game), per side."""
        if getattr(self, "_game", None) is not game:
            self._game = game
            self._stam = [[p.stamina for p in t.players] for t in game.teams]
        return self._stam[side]

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _margin(game: ValueAddEngine, side: int) -> int:
        h, a = game.score
        return (h - a) if side == 0 else (a - h)

    def _team_ep(self, game: ValueAddEngine, side: int) -> float:
        return sum(expected_points(game.card(side, s)) for s in range(5)) / 5

    # ------------------------------------------------------------------ decisions
    def choose(self, game: ValueAddEngine, d: Decision) -> int:
        kind = d.kind
        if kind in _MENUS:
            return self._menu(game, d)
        legal = d.legal
        side = d.side
        margin = self._margin(game, side)
        late = game.in_last_nine()
        if kind == "fast_break":
            if self.fast_break != "book":
                return A.FAST_BREAK if self.fast_break == "always" else A.NORMAL_AFTER_STEAL
            stealer = game.card(side, game.ctx["stealer"])
            protect = late and margin > 0
            weak = expected_points(stealer) < 0.8 * self._team_ep(game, side)
            return A.NORMAL_AFTER_STEAL if protect or weak else A.FAST_BREAK
        if kind == "stick_back":
            if self.stick_back != "book":
                return A.STICK_BACK if self.stick_back == "always" else A.NORMAL_AFTER_REBOUND
            reb = game.card(side, game.ctx["rebounder"])
            need_three = game.box <= 2 and margin == -3
            weak = expected_points(reb) < 0.75 * self._team_ep(game, side)
            return A.NORMAL_AFTER_REBOUND if need_three or weak else A.STICK_BACK
        if kind == "d8_choice":
            card = game.card(side, game.ctx["d8_slot"])
            return A.SHOOT if card.shot[0] >= 2 or margin > -3 else A.KEEP_PASSING
        if kind == "dunk_choice":
            from ..rules.valueadd.cards import FOULED, MADE3

            res = game.ctx["d20_result"]
            if res == MADE3 and late and margin < 0:
                return A.TAKE_D20
            if res == FOULED:
                dfn = 1 - side
                ds = game.ctx["ds"]
                fouls = game.ts[dfn].fouls[game.ts[dfn].lineup[ds]]
                if fouls >= game.options.foul_limit - 1:
                    return A.TAKE_D20
            return A.TAKE_DUNK
        if kind in ("choose_dunker", "choose_rebounder", "choose_stop_rebounder"):
            slots = [A.CHOOSE.index(a) for a in legal]
            if kind == "choose_stop_rebounder":
                best = max(slots, key=lambda s: game.card(side, s).def_reb)
            else:
                best = max(slots, key=lambda s: expected_points(game.card(side, s)))
            return A.CHOOSE[best]
        return legal[0]

    def _menu(self, game: ValueAddEngine, d: Decision) -> int:
        side = d.side
        legal = d.legal
        ts = game.ts[side]
        lim = game.options.foul_limit
        # 1. a fouled-out player must be replaced (legal is ascending and PLAY is index 0)
        if legal[0] != A.PLAY:
            subs = [a for a in legal if game.actions[a].kind == "substitute"]
            return max(subs, key=lambda a: self._fit(game, side, game.actions[a]["player"], game.actions[a]["slot"]))
        box = game.box
        fouls = ts.fouls
        lineup = ts.lineup
        # 2. rotation by stamina (Option 3)
        if self.rotation and game.options.rotation == 3 and game.period == 0:
            sub = self._rotation_change(game, side, legal)
            if sub is not None:
                return sub
        trouble = self.foul_trouble and max(map(fouls.__getitem__, lineup)) >= lim - 2
        # 3. foul trouble: switch and avoid fouls
        if trouble and game.options.switches:
            sw = self._foul_trouble_switch(game, side, legal)
            if sw is not None:
                return sw
        avoiding = ts.avoiding
        if game.options.avoid_fouls and (trouble or avoiding[lineup[0]] or avoiding[lineup[1]] or avoiding[lineup[2]]
                                         or avoiding[lineup[3]] or avoiding[lineup[4]]):
            for slot in range(5):
                i = lineup[slot]
                want = trouble and fouls[i] >= lim - 1 and box > 8 and game.period == 0
                if ts.avoiding[i] != want and A.AVOID[slot] in legal:
                    return A.AVOID[slot]
        if d.kind == "offense_menu":
            if not game.in_last_nine() and not ts.three_mode:
                return A.PLAY
            margin = self._margin(game, side)
            want3 = (self.three_point_mode and game.in_last_nine() and box <= self.three_boxes
                     and margin <= -self.three_deficit)
            if ts.three_mode != want3 and A.THREE_POINT_MODE in legal:
                return A.THREE_POINT_MODE
            if box <= 2 and margin == -3 and A.D8_FIRST in legal:
                return A.D8_FIRST
        elif self.intentional_fouls and game.in_last_nine() and box <= self.foul_boxes and game.half == 0 and not game.extra_box:
            margin = self._margin(game, side)
            if -12 <= margin <= -self.foul_deficit and A.INTENTIONAL_FOUL in legal:
                return A.INTENTIONAL_FOUL
        return A.PLAY

    _fit = staticmethod(fit)

    def _rotation_change(self, game: ValueAddEngine, side: int, legal: tuple[int, ...]) -> int | None:
        """Option 3 schedule: the position's reserve plays until the starter's remaining stamina covers
        the rest of the game; a tired player gives way to the freshest fit from the bench."""
        team, ts = game.teams[side], game.ts[side]
        lim = game.options.foul_limit
        played, fouls, lineup = ts.played, ts.fouls, ts.lineup
        stamina = self._stamina(game, side)
        # possessions this team still has in regulation, this box's included if not yet played
        box = game.box - (1 if side == 1 and game.turn == 1 else 0)
        reserves = game.reserve_slots[side]
        starters = team.lineup
        bench_fresh = None  # fresh, eligible bench players (computed once, only if needed)
        for slot in range(5):
            starter, reserve, current = starters[slot], reserves[slot], lineup[slot]
            fs = fouls[starter]
            if fs < lim and not (fs >= lim - 1 and box > 10) and (current == starter or starter not in lineup):
                if stamina[starter] - played[starter] >= box:
                    want = starter
                elif reserve is not None and fouls[reserve] < lim and played[reserve] < stamina[reserve]:
                    want = reserve
                else:
                    want = starter
            elif reserve is not None and fouls[reserve] < lim and played[reserve] < stamina[reserve]:
                want = reserve
            else:
                want = current
            if want != current and want in lineup:
                want = current  # already playing elsewhere
            if played[want] >= stamina[want] and box > 1:
                if bench_fresh is None:
                    bench_fresh = [i for i in range(min(len(stamina), A.MAX_ROSTER))
                                   if played[i] < stamina[i] and fouls[i] < lim and i not in lineup]
                fresh = bench_fresh + [current] if played[current] < stamina[current] and fouls[current] < lim else bench_fresh
                if fresh:
                    want = max(fresh, key=lambda i: (self._fit(game, side, i, slot), -i))
            if want != current:
                action = A.SUBSTITUTE.get((want, slot))
                if action in legal:
                    return action
        return None

    def _foul_trouble_switch(self, game: ValueAddEngine, side: int, legal: tuple[int, ...]) -> int | None:
        ts = game.ts[side]
        lim = game.options.foul_limit
        opp = 1 - side
        opp_players = game.teams[opp].players
        shots = [opp_players[i].shot for i in game.ts[opp].lineup]
        draws = [sh[2] - sh[1] for sh in shots]  # fouled range size of each opposing slot
        safest = draws.index(min(draws))  # the first slot drawing the fewest fouls
        for k in range(5):
            i = ts.lineup[k]
            if ts.fouls[i] < lim - 2:
                continue
            guarded = ts.guards[k]
            if draws[guarded] > draws[safest]:
                j = ts.guards.index(safest)
                if ts.fouls[ts.lineup[j]] >= lim - 2:
                    continue
                a, b = min(k, j), max(k, j)
                action = A.SWITCH.get((a, b))
                if action in legal:
                    return action
        return None
