"""The "by the book" FUBA coach: a sensible football coach playing the rulebook's advice.

* Keeps a shape: every movement decision moves players from areas with more players than the
  shape needs towards areas that need one (the ball's area, the areas ahead of the ball when
  attacking, the areas between the ball and the own goal when defending); the goalkeeper stays
  in (or returns to) his penalty area.
* Presses only when it has the numbers (4.6: at least as many players with the ball) and the
  pressing dice have a fair chance; otherwise positioning raises the ball value first, and a
  sprint brings players to the ball when the numbers are missing.
* Passes forward when the odds are good: each legal target is scored by its advance towards the
  opponent's goal times the chance of keeping the ball (two dice against the modified value).
* Shoots after every creative outcome that allows a goal attempt (4.8: only from the opponent's
  half, where every area is "near the goal" on this 13-area board); a missed attempt only costs a
  goal kick, while keeping the ball rarely survives the next pressing. (``cautious=True`` shoots
  only when a 6 or less scores, or up to 8 from the penalty area and the area in front of it.)
* Uses condition points where they pay (the higher sprint die, positioning at a good ball value,
  aggressive pressing a man short at a high ball value) and substitutes in the second half.
* Hidden choices (penalty kicks) are mixed at random with its own seeded generator.
"""

from __future__ import annotations

import random

from ..core.engine import Decision
from ..rules.fuba import actions as AT
from ..rules.fuba.board import DIST, FWD_MID2, INDEX, KIND, MOVE_ADJ, N_AREAS, PENALTY, ZONE
from ..rules.fuba.engine import GK, FubaEngine

BOOK_FORMATIONS = ((4, 4, 2), (4, 3, 3), (4, 5, 1), (3, 5, 2))


def _rel(side: int, name: str) -> int:
    if name == "C":
        return INDEX["C"]
    own, opp = ("H", "A") if side == 0 else ("A", "H")
    return INDEX[(own if name[0] == "O" else opp) + name[1:]]


_REL = [{n: _rel(s, n) for n in ["C"] + [h + a for h in ("O-", "P-") for a in
                                          ("PA", "NC", "SC", "F", "NS", "SS", "NK", "SK")]} for s in (0, 1)]


def rel(side: int, name: str) -> int:
    """Area by a side-relative name: 'O-' own half, 'P-' opponent's half, 'C' the centre."""
    return _REL[side][name]


def keep_prob(v: int) -> float:
    """4.7.3: chance that a pass at ball value v is not failed (at least one die >= v)."""
    return 1 - ((v - 1) / 6) ** 2


def creative_prob(v: int) -> float:
    return ((7 - v) / 6) ** 2


_KEEP = [keep_prob(v) for v in range(7)]  # by ball value (the same floats, looked up)
_CREATIVE = [creative_prob(v) for v in range(7)]
_LOSS_COST = {0: 2.5, 1: 1.2, 2: 0.6}  # by zone, seen from the passing team


_WANT_CACHE: dict[tuple, list[float]] = {}  # see ByTheBookCoach._desired
_DONE = AT.DONE
_SETUP_CACHE: dict[tuple, tuple[int, ...]] = {}  # (side, set piece, controlling, formation) -> setup order
# _ADJ_CLOSER[ball][from]: (adjacent area, 0.1 x the steps a move there gains towards the ball)
_ADJ_CLOSER = [[tuple((t, (DIST[b][f] - DIST[b][t]) * 0.1) for t in MOVE_ADJ[f]) for f in range(N_AREAS)]
               for b in range(N_AREAS)]


def _first_legal_ranked(game: FubaEngine, srcs: tuple[int, ...], mine: list[int], want: list[int], pairs_of: list,
                        into: bool, ct: bool, b: int, fm: list[int], opp_pos: list[int]) -> tuple[int, int, bool] | None:
    """``ByTheBookCoach._best_move``'s second pass, when its best move is not legal: every candidate
    move ranked (highest value, then table order), the first legal one; None if none is."""
    move_from = AT.MOVE_FROM_AREA
    cands = []  # (-value, order, move_from action, destination, dribble)
    seq = 0
    for idx in srcs:
        frm = move_from[idx]
        adj = MOVE_ADJ[frm]
        if mine[frm] > want[frm]:
            for dest, cl in pairs_of[frm]:
                v = (1.0 if mine[dest] < want[dest] else 0.0) + cl
                if into:
                    v += 5.0
                if v > 0.05:
                    cands.append((-v, seq, idx, dest, False))
                seq += 1
        elif into:
            for dest in adj:
                v = ((1.0 if mine[dest] < want[dest] else 0.0) - 1.0 + 0.0) + 4.5
                if v > 0.05:
                    cands.append((-v, seq, idx, dest, False))
                seq += 1
        else:
            seq += len(adj)
        if ct and frm == b:
            for dest in adj:
                if fm[dest] > fm[frm] and dest not in opp_pos:
                    cands.append((-1.5, seq, idx, dest, True))
                seq += 1
        else:
            seq += len(adj)
    cands.sort()
    dests: dict[int, tuple[list[int], list[int]]] = {}
    for _, _, idx, dest, drib in cands:
        ds = dests.get(idx)
        if ds is None:
            ds = dests[idx] = game.move_dests(*game.move_source(idx))
        if dest in (ds[1] if drib else ds[0]):
            return (idx, dest, drib)
    return None


class ByTheBookCoach:
    """The coach of the module's docstring. Parameter:

    * ``cautious``: shoot only when a 6 or less scores (up to 8 from the penalty area and the area in front of it).
    """

    name = "by-the-book"

    def __init__(self, seed: int | None = None, cautious: bool = False):
        self.press_min = 0.5  # least chance of winning the ball for a pressing
        self.box_men = 2  # players wanted in the opponent's penalty area when attacking there
        self.same_area_cost = 0.2  # a pass within the ball's area is worth this much less
        self.cautious = cautious  # shoot only when a die result of 6 or less (8 near the goal) scores
        self.rng = random.Random(seed)
        self.side = 0
        self.plan: int | None = None
        self.sprinted_turn = -1

    def reset(self, game: FubaEngine, side: int, seed: int | None = None) -> None:
        self.side = side
        if seed is not None:
            self.rng.seed(seed)
        self.plan = None
        self.sprinted_turn = -1

    # ------------------------------------------------------------------ shape
    def _setup_targets(self, game: FubaEngine, side: int, kind: str) -> list[int]:
        d, m, f = game.team_state[side].formation
        ct = game.controlling == side
        r = _REL[side].__getitem__
        if kind == "kickoff":
            back = [r("O-F"), r("O-NS"), r("O-SS"), r("O-F"), r("O-PA"), r("O-NS")][:d] + [r("O-F")] * max(0, d - 6)
            mid = [r("C"), r("O-NS"), r("O-SS"), r("C"), r("O-NS"), r("O-SS")][:m] + [r("C")] * max(0, m - 6)
            fwd = [r("C")] * f
            order = ([r("C"), r("C")] if ct else []) + back + mid + fwd
        elif kind == "penalty":
            order = [r("P-F"), r("P-F"), r("P-NS"), r("P-SS"), r("C"), r("C"), r("O-F"), r("O-F"), r("O-NS")] if ct else \
                [r("O-F"), r("O-F"), r("O-F"), r("O-NC"), r("O-SC"), r("O-NS"), r("O-SS"), r("C"), r("C")]
        elif ct:  # free kick / corner in the opponent's half
            order = [r("P-PA"), r("P-PA"), r("P-F"), r("P-F"), r("P-PA"), r("P-NS"), r("P-SS"), r("C"), r("O-F"), r("C")]
        else:
            order = [r("O-PA"), r("O-PA"), r("O-F"), r("O-F"), r("O-PA"), r("O-NS"), r("O-SS"), r("O-F"), r("C"), r("C")]
        return order

    def _desired(self, game: FubaEngine, side: int) -> list[float]:
        """How many outfield players the shape wants in each area now (a shared, read-only list: it
        depends only on the side, the ball's area, who controls it and the opponents with the ball)."""
        b = game.ball
        n = game.team_state[1 - side].pos.count(b)  # the opponents with the ball (1.4.1: at most six count)
        key = (side, b, game.controlling == side, 6 if n > 6 else n, self.box_men)
        want = _WANT_CACHE.get(key)
        if want is None:
            want = _WANT_CACHE[key] = self._desired_now(game, side)
        return want

    def _desired_now(self, game: FubaEngine, side: int) -> list[float]:
        want = [0.0] * N_AREAS
        b = game.ball
        opp = 1 - side
        fm = FWD_MID2[side]
        r = _REL[side].__getitem__
        their = game.counts(opp)
        if game.controlling == side:
            want[b] = max(2, min(4, 2 * their[b]))
            for a in MOVE_ADJ[b]:
                if fm[a] > fm[b]:
                    want[a] = max(want[a], 2 if KIND[a] in ("penalty", "front") else 1)
            if ZONE[side][b] == 2:
                want[r("P-PA")] = max(want[r("P-PA")], self.box_men)
            want[r("O-F")] = max(want[r("O-F")], 1)
            want[r("C")] = max(want[r("C")], 1)
        else:
            want[b] = min(6, their[b] + 1)
            for a in MOVE_ADJ[b]:
                if fm[a] < fm[b]:
                    want[a] = max(want[a], 1)
            want[r("O-F")] = max(want[r("O-F")], 2)
            want[r("O-PA")] = max(want[r("O-PA")], 1 if ZONE[side][b] == 0 else 0)
            if ZONE[side][b] == 0:
                want[r("O-PA")] = max(want[r("O-PA")], 2)
        return want

    def _best_move(self, game: FubaEngine, side: int, d: Decision) -> tuple[int, int, bool] | None:
        """(move_from action, destination, dribble) improving the shape most, or None.

        Every move's value depends only on where the piece comes from and goes to, so the values are
        computed over every adjacent area (destinations are always adjacent areas) and the engine is
        asked for the legal destinations of one source at a time, best value first: the same choice
        as scoring every legal move, at a fraction of the cost."""
        if game.phase != "moves":
            return None
        c = game.ctx
        if c["src"] is not None:
            return None
        mode = c["mode"]
        move_from = AT.MOVE_FROM_AREA
        gk_src = AT.GK_SRC
        # a source decision's options: the move_from actions, the keeper's, then "done" (ascending)
        legal = d.legal
        all_srcs = legal[:-1] if legal[-1] == _DONE else legal
        if not all_srcs:
            return None
        pos = game.team_state[side].pos
        own = PENALTY[side]
        srcs = all_srcs
        if all_srcs[-1] == gk_src:  # the keeper returns to his penalty area whenever he can
            frm = pos[GK]
            if frm != own and own in game.move_dests(GK, frm)[0]:
                return (gk_src, own, False)
            srcs = all_srcs[:-1]
        want = self._desired(game, side)
        mine = [0] * N_AREAS
        for p in pos[1:]:
            if p >= 0:
                mine[p] += 1
        b = game.ball
        fm = FWD_MID2[side]
        into = mode == "into_target"
        ct = game.controlling == side
        opp_pos = game.team_state[1 - side].pos
        pairs_of = _ADJ_CLOSER[b]
        # first pass: the best move (highest value, the earliest in table order on a tie) and whether it
        # is legal; only when it is not, every candidate is ranked (second pass)
        best_v, best = 0.05, None
        for idx in srcs:
            frm = move_from[idx]
            if mine[frm] > want[frm]:  # a surplus piece: nothing lost where it leaves
                for dest, cl in pairs_of[frm]:
                    v = (1.0 if mine[dest] < want[dest] else 0.0) + cl
                    if into:
                        v += 5.0
                    if v > best_v:
                        best_v, best = v, (idx, dest, False)
            elif into:  # value (gain - 1) + 4.5
                for dest in MOVE_ADJ[frm]:
                    v = ((1.0 if mine[dest] < want[dest] else 0.0) - 1.0 + 0.0) + 4.5
                    if v > best_v:
                        best_v, best = v, (idx, dest, False)
            # (otherwise gain - 1 <= 0: never worth the move)
            if ct and frm == b and 1.5 > best_v:
                for dest in MOVE_ADJ[frm]:
                    if fm[dest] > fm[frm] and dest not in opp_pos:
                        best_v, best = 1.5, (idx, dest, True)
                        break
        if best is not None:
            idx, dest, drib = best
            ds = game.move_dests(*game.move_source(idx))
            if dest in (ds[1] if drib else ds[0]):
                return best
            ranked = _first_legal_ranked(game, srcs, mine, want, pairs_of, into, ct, b, fm, opp_pos)
            if ranked is not None:
                return ranked
        if into:
            k, frm = game.move_source(all_srcs[0])
            cand = game.move_dests(k, frm)[0]
            return (all_srcs[0], cand[0], False) if cand else None
        return None

    # ------------------------------------------------------------------ decisions
    def choose(self, game: FubaEngine, d: Decision) -> int:
        kind = d.kind
        legal = d.legal
        side = d.side
        T = AT.TABLE
        # the movement decisions first: they are most of a match's decisions
        if kind in ("reaction", "sprint", "moves"):
            mv = self._best_move(game, side, d)
            if mv is None:
                return AT.DONE if AT.DONE in legal else legal[0]
            self.plan = (mv[1], mv[2])
            return mv[0]
        if kind in ("reaction_to", "sprint_to", "moves_to"):
            return self._move_to(game, legal)
        if kind == "formation":
            f = BOOK_FORMATIONS[self.rng.randrange(len(BOOK_FORMATIONS))]
            return AT.FORMATION_INDEX[f]
        if kind == "skill":  # A12: play a skill whenever it is offered (it is offered only when it can be paid)
            play = [i for i in legal if T[i]["skill"]][0]
            if T[play]["skill"] == "trained_formation_change":
                return AT.SKILL[""]  # the book keeps its shape
            return play
        if kind == "roles":  # A2: the book plays plain three-line formations
            return AT.DONE
        if kind == "kickoff":
            return T.index("kickoff", take=True)
        if kind == "setup":
            return self._setup(game, side, legal)
        if kind == "action":
            return self._action(game, d)
        if kind == "pass_to":
            return self._pass_target(game, side, legal)
        if kind == "goal_attempt":
            need = game.goal_need(side)
            k = KIND[game.ball]
            shoot = not self.cautious or need <= 6 or (k in ("penalty", "front") and need <= 8)
            return T.index("goal_attempt", shoot=shoot)
        if kind == "use_cp":
            return self._use_cp(game)
        if kind == "charge":
            return T.index("charge", charge=game.ball_value >= 3)
        if kind in ("keeper", "kick"):
            return legal[self.rng.randrange(len(legal))]
        if kind == "slow":
            lead = game.team_state[side].goals - game.team_state[1 - side].goals
            return T.index("slow", slow=lead > 0 and game.half == 2 and game.minute >= 85)
        if kind == "substitutions":
            want = 1 if (game.half == 2 and game.minute >= 55) or game.phase != "subs" else 0
            idx = T.index("substitutions", n=want)
            return idx if idx in legal else legal[0]
        if kind == "cp_zone":
            return min(legal, key=lambda i: game.team_state[side].condition[T[i]["zone"]])
        if kind in ("skill_in", "skill_out"):
            return legal[0]
        if kind == "sub_option":
            if game.team_state[side].yellow >= 2 and T.index("sub_option", option="yellow") in legal:
                return T.index("sub_option", option="yellow")
            return T.index("sub_option", option="none")
        if kind == "line_change":
            return T.index("line_change", src=-1, dst=-1)
        if kind == "remove":
            want = self._desired(game, side)
            mine = game.counts(side)
            return max(legal, key=lambda i: (mine[T[i]["area"]] - want[T[i]["area"]], DIST[T[i]["area"]][game.ball]))
        if kind == "perfect_pass":
            fm = FWD_MID2[side]
            best = max(legal, key=lambda i: fm[T[i]["area"]] if T[i].kind == "move_to" else fm[game.ball])
            return best
        return legal[0]

    def _move_to(self, game: FubaEngine, legal: tuple) -> int:
        """The destination of the move chosen with its source (the plan), or the legal area nearest the ball."""
        if self.plan is not None:
            dest, drib = self.plan
            self.plan = None
            idx = AT.DRIBBLE_TO[dest] if drib else AT.MOVE_TO[dest]
            if idx in legal:
                return idx
        T = AT.TABLE
        return min(legal, key=lambda i: DIST[T[i]["area"]][game.ball])

    def _setup(self, game: FubaEngine, side: int, legal: tuple) -> int:
        """A set piece's placement: the next of the book's target areas not yet filled."""
        T = AT.TABLE
        kind_sp = game.ctx["kind"]
        key = (side, kind_sp, game.controlling == side, tuple(game.team_state[side].formation))
        targets = _SETUP_CACHE.get(key)
        if targets is None:  # a pure function of the key (see _setup_targets)
            targets = _SETUP_CACHE[key] = tuple(self._setup_targets(game, side, kind_sp))
        placed = [p for p in game.team_state[side].pos[1:] if p >= 0]
        for t in targets:
            if placed.count(t) > 0:
                placed.remove(t)
                continue
            if AT.PLACE[t] in legal:
                return AT.PLACE[t]
        # nearest legal area to the ball
        return min(legal, key=lambda i: DIST[T[i]["area"]][game.ball])

    @staticmethod
    def _use_cp(game: FubaEngine) -> int:
        """Condition points: for the higher sprint die when the dice differ by 2+, for positioning at a
        ball value of 3+."""
        what = game.ctx.get("for")
        use = False
        if what == "sprint":
            dice = game.resolving.get("dice", [0, 0])
            use = max(dice) - min(dice) >= 2
        elif what == "positioning":
            use = game.ball_value >= 3
        return AT.TABLE.index("use_cp", use=use)

    AREA_VALUE = {("penalty", 2): 4.0, ("front", 2): 3.0, ("corner", 2): 1.6, ("side", 1): 1.2, ("centre", 1): 1.0,
                  ("side", 1, "own"): 0.6, ("front", 0): 0.3, ("corner", 0): 0.1, ("penalty", 0): 0.0}

    def _area_value(self, side: int, area: int) -> float:
        z = ZONE[side][area]
        k = KIND[area]
        if k == "side" and z == 1:
            return 1.2 if FWD_MID2[side][area] > 6 else 0.6
        return self.AREA_VALUE.get((k, z), 0.5)

    def _pass_target(self, game: FubaEngine, side: int, legal) -> int:
        targets = game.pass_targets(side)
        b = game.ball
        best, best_v = None, -1e9
        for t, v in targets.items():
            idx = AT.PASS_TO[t]
            if idx not in legal:
                continue
            k = _KEEP[v]
            c = _CREATIVE[v]
            av = self._area_value(side, t)
            val = k * av + c * av * 0.5 - (1 - k) * _LOSS_COST[ZONE[side][t]]
            if t == b:
                val -= self.same_area_cost
            if val > best_v:
                best, best_v = idx, val
        return best if best is not None else legal[0]

    def _action(self, game: FubaEngine, d: Decision) -> int:
        side = d.side
        legal = d.legal
        A = AT.ACT
        if A["shoot"] in legal:
            need = game.ball_value - game.goal_modifiers(side, free_kick=True)[1] + 1
            if need <= 5 or A["pass"] not in legal:
                return A["shoot"]
        if game.controlling == side:
            if A["pass"] in legal:
                targets = game.pass_targets(side)
                fm = FWD_MID2[side]
                best_keep = _KEEP[min(targets.values())]  # keep_prob falls as the value rises
                forward = [v for t, v in targets.items() if fm[t] > fm[game.ball]]
                if (best_keep < 0.6 or not forward) and A["sprint"] in legal and self.sprinted_turn != game.turns:
                    self.sprinted_turn = game.turns
                    return A["sprint"]
                return A["pass"]
            if A["sprint"] in legal and self.sprinted_turn != game.turns:
                self.sprinted_turn = game.turns
                return A["sprint"]
            return A["end"] if A["end"] in legal else legal[0]
        # defending
        mine, theirs = game.count(side, game.ball), game.count(game.controlling, game.ball)
        bv = game.ball_value
        thr = min(6, bv + (1 if mine > theirs else 0))
        p_press = 1 - ((7 - thr) / 6) ** 2
        if A["pressing"] in legal and p_press >= self.press_min:
            return A["pressing"]
        if A["aggressive_pressing"] in legal and bv >= 4 and mine < theirs:
            return A["aggressive_pressing"]
        if A["positioning"] in legal and bv <= 4:
            return A["positioning"]
        if mine < theirs and A["sprint"] in legal and self.sprinted_turn != game.turns:
            self.sprinted_turn = game.turns
            return A["sprint"]
        if A["pressing"] in legal:
            return A["pressing"]
        if A["positioning"] in legal:
            return A["positioning"]
        return legal[0]
