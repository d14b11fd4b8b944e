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

from operator import sub

from ..core.engine import Decision
from ..rules.valueadd import actions as A
from ..rules.valueadd.cards import FOULED, MADE3
from ..rules.valueadd.engine import ValueAddEngine
from ..rules.valueadd.scoresheet import LAST_NINE_FROM
from ..rules.valueadd.tactics import expected_points, fit_value

_MENUS = frozenset(("defense_menu", "offense_menu", "replace_fouled_out"))
PLAY, AVOID, SUBSTITUTE = A.PLAY, A.AVOID, A.SUBSTITUTE
SUBSTITUTE_OF = {a: key for key, a in A.SUBSTITUTE.items()}  # action -> (roster player, slot)


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
    _teams: "_Teams | None" = None  # per-team constants, see _team_constants

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
        self._rotation_memo: list[tuple | None] = [None, None]  # per side, see _rotation_change
        params = {k: v for k, v in (("fast_break", fast_break), ("stick_back", stick_back)) if v != "book"}
        params.update({k: v for k, v, d in (("intentional_fouls", intentional_fouls, True), ("foul_deficit", foul_deficit, 3),
                                            ("foul_boxes", foul_boxes, 6), ("three_point_mode", three_point_mode, True),
                                            ("three_deficit", three_deficit, 4), ("three_boxes", three_boxes, 6),
                                            ("rotation", rotation, True), ("foul_trouble", foul_trouble, True)) if v != d})
        if params:
            self.name = "by-the-book:" + ",".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in params.items())

    def reset(self, game: ValueAddEngine, side: int, seed: int | None = None) -> None:
        self.side = side

    def _team_constants(self, game: ValueAddEngine) -> _Teams:
        """The per-team figures the coach reads (constant while the teams are: kept per pair of Team
        objects, which search copies share)."""
        t = game.teams
        k = self._teams
        if k is None or k.home is not t[0] or k.away is not t[1]:
            k = self._teams = _Teams(t[0], t[1])
        return k

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _margin(game: ValueAddEngine, side: int) -> int:
        ts = game.team_state
        return ts[side].points - ts[1 - side].points

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
        late = game.period > 0 or game.box <= LAST_NINE_FROM
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
            res = game.ctx["d20_result"]
            if res == MADE3 and late and margin < 0:
                return A.TAKE_D20
            if res == FOULED:
                dfn = 1 - side
                ds = game.ctx["ds"]
                fouls = game.team_state[dfn].fouls[game.team_state[dfn].lineup[ds]]
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
        ts = game.team_state[side]
        o = game.options
        lim = o.foul_limit
        # 1. a fouled-out player must be replaced (legal is ascending and PLAY is index 0)
        if legal[0] != PLAY:
            return max((a for a in legal if a in SUBSTITUTE_OF), key=lambda a: self._fit(game, side, *SUBSTITUTE_OF[a]))
        box = game.box
        period = game.period
        fouls = ts.fouls
        lineup = ts.lineup
        # 2. rotation by stamina (Option 3)
        if self.rotation and o.rotation == 3 and period == 0:
            sub = self._rotation_change(game, side, legal, ts, lim, box)
            if sub is not None:
                return sub
        l0, l1, l2, l3, l4 = lineup
        if self.foul_trouble:
            f = fouls[l0]
            for i in (l1, l2, l3, l4):
                if fouls[i] > f:
                    f = fouls[i]
            trouble = f >= lim - 2
        else:
            trouble = False
        # 3. foul trouble: switch and avoid fouls
        if trouble and o.switches:
            sw = self._foul_trouble_switch(game, side, legal)
            if sw is not None:
                return sw
        avoiding = ts.avoiding
        if o.avoid_fouls and (trouble or avoiding[l0] or avoiding[l1] or avoiding[l2] or avoiding[l3] or avoiding[l4]):
            avoid_limit = lim - 1 if trouble and box > 8 and period == 0 else None
            for slot in range(5):
                i = lineup[slot]
                want = avoid_limit is not None and fouls[i] >= avoid_limit
                if avoiding[i] != want and AVOID[slot] in legal:
                    return AVOID[slot]
        late = period > 0 or box <= LAST_NINE_FROM
        if d.kind == "offense_menu":
            if not late and not ts.three_mode:
                return PLAY
            margin = ts.points - game.team_state[1 - side].points
            want3 = self.three_point_mode and late and box <= self.three_boxes and margin <= -self.three_deficit
            if ts.three_mode != want3 and A.THREE_POINT_MODE in legal:
                return A.THREE_POINT_MODE
            if box <= 2 and margin == -3 and A.D8_FIRST in legal:
                return A.D8_FIRST
        elif self.intentional_fouls and late and box <= self.foul_boxes and game.half == 0 and not game.extra_box:
            margin = ts.points - game.team_state[1 - side].points
            if -12 <= margin <= -self.foul_deficit and A.INTENTIONAL_FOUL in legal:
                return A.INTENTIONAL_FOUL
        return PLAY

    def _fit(self, game: ValueAddEngine, side: int, player: int, slot: int) -> float:
        """:func:`~coachgym.rules.valueadd.tactics.fit`, read from the precomputed table."""
        k = self._team_constants(game)
        return k.fit[side][player][slot][game.team_state[side].played[player] >= k.stamina[side][player]]

    def _rotation_change(self, game: ValueAddEngine, side: int, legal: tuple[int, ...], ts, lim: int,
                         box: int) -> int | None:
        """Option 3 schedule: the position's reserve plays until the starter's remaining stamina covers
        the rest of the game; a tired player gives way to the freshest fit from the bench. The first
        legal substitution of :meth:`_rotation_wanted` (kept with every value it was made of: a team's
        defence menu and its next offence menu, or a menu after a switch, ask the same)."""
        if side == 1 and game.turn == 1:
            box -= 1  # possessions this team still has in regulation, this box's included if not yet played
        k, t = self._teams, game.teams
        if k is None or k.home is not t[0] or k.away is not t[1]:
            k = self._team_constants(game)
        lineup, played, fouls = ts.lineup, ts.played, ts.fouls
        memo = self._rotation_memo[side]
        if (memo is not None and memo[4] == played and memo[1] == box and memo[3] == lineup and memo[5] == fouls
                and memo[0] is k and memo[2] == lim):
            wanted = memo[6]
        else:
            wanted = self._rotation_wanted(k, side, lineup, played, fouls, lim, box)
            self._rotation_memo[side] = (k, box, lim, lineup[:], played[:], fouls[:], wanted)
        for action in wanted:
            if action in legal:
                return action
        return None

    @staticmethod
    def _rotation_wanted(k: _Teams, side: int, lineup: list[int], played: list[int], fouls: list[int], lim: int,
                         box: int) -> tuple[int, ...]:
        """The substitution each position wants (in lineup order), by the schedule of
        :meth:`_rotation_change`; ``box``: the possessions the team still has in regulation."""
        stamina = k.stamina[side]
        rem = list(map(sub, stamina, played))  # possessions each player has left before he tires
        # a starter may come (back) in below this many fouls: not one short of the limit before box 10
        starter_lim = lim - 1 if box > 10 else lim
        bench_fresh = None  # fresh, eligible bench players (computed once, only if needed)
        wanted = []
        for slot, starter, reserve in k.positions[side]:
            current = lineup[slot]
            if fouls[starter] < starter_lim and (current == starter or starter not in lineup):
                if rem[starter] >= box:
                    if current == starter:
                        continue  # he stays (and is not tired: box >= 1, or box <= 1 asks nothing more)
                    want = starter
                elif reserve is not None and fouls[reserve] < lim and rem[reserve] > 0:
                    want = reserve
                else:
                    want = starter
            elif reserve is not None and fouls[reserve] < lim and rem[reserve] > 0:
                want = reserve
            else:
                want = current
            if want != current and want in lineup:
                want = current  # already playing elsewhere
            if rem[want] <= 0 and box > 1:
                if bench_fresh is None:
                    bench_fresh = [i for i in k.roster[side] if rem[i] > 0 and fouls[i] < lim and i not in lineup]
                fresh = bench_fresh + [current] if rem[current] > 0 and fouls[current] < lim else bench_fresh
                if fresh:
                    # the best fit (the first such, by roster number); fit values precomputed (_Teams.fit)
                    fits = k.fit[side]
                    want = fresh[0]
                    best = fits[want][slot][rem[want] <= 0]
                    for i in fresh:
                        v = fits[i][slot][rem[i] <= 0]
                        if v > best or (v == best and i < want):
                            want, best = i, v
            if want != current:
                action = SUBSTITUTE.get((want, slot))
                if action is not None:
                    wanted.append(action)
        return tuple(wanted)

    def _foul_trouble_switch(self, game: ValueAddEngine, side: int, legal: tuple[int, ...]) -> int | None:
        ts = game.team_state[side]
        trouble = game.options.foul_limit - 2
        fouls, lineup = ts.fouls, ts.lineup
        opp = 1 - side
        draws = list(map(self._team_constants(game).draws[opp].__getitem__, game.team_state[opp].lineup))
        safest = draws.index(min(draws))  # the first slot drawing the fewest fouls
        for k in range(5):
            if fouls[lineup[k]] < trouble:
                continue
            guarded = ts.guards[k]
            if draws[guarded] > draws[safest]:
                j = ts.guards.index(safest)
                if fouls[lineup[j]] >= trouble:
                    continue
                a, b = min(k, j), max(k, j)
                action = A.SWITCH.get((a, b))
                if action in legal:
                    return action
        return None


class _Teams:
    """What the coach reads of the two teams, computed once per pair: each roster's stamina, each
    position's (slot, starter, reserve), the roster numbers a substitution may name, and
    :func:`~coachgym.rules.valueadd.tactics.fit` of every player at every slot, fresh and tired, and the
    size of each card's fouled range (the fouls he draws)."""

    __slots__ = ("home", "away", "stamina", "positions", "roster", "fit", "draws")

    def __init__(self, home, away):
        self.home, self.away = home, away
        teams = (home, away)
        self.stamina = [[p.stamina for p in t.players] for t in teams]
        self.positions = [tuple(zip(range(5), t.lineup, ValueAddEngine._reserves(t))) for t in teams]
        self.roster = [range(min(len(t.players), A.MAX_ROSTER)) for t in teams]
        self.fit = [[[(fit_value(card, slot, True), fit_value(card, slot, False)) for slot in range(5)]
                     for card in t.players] for t in teams]
        self.draws = [[p.shot[2] - p.shot[1] for p in t.players] for t in teams]  # each card's fouled range size

