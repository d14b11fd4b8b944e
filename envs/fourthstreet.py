"""4th Street Basketball as a Gymnasium environment (and a PettingZoo AEC environment)."""

from __future__ import annotations

import numpy as np

from ..core.engine import HOME
from ..rules.fourthstreet import actions as A
from ..rules.fourthstreet.court import LEVELS
from ..rules.fourthstreet.engine import AVAILABLE, PF, PTS, SEC, FourthStreetEngine
from .base import CoachEnv, ObservationEncoder, parallel_constructors, pettingzoo_constructors
from .observation import ObservationSpec, ObsField

DECISIONS = FourthStreetEngine.decision_kinds
ZONES = tuple(z for lv in (1, 2, 3) for z in LEVELS[lv])
MODES = ("man", "press", "zone")
CARD_FEATURES = (
    "pos/5", "rec/100", "ast/20", "jmp/3", "orb/3", "drb/3", "trb/50", "inj/9", "fat/12", "L1 grade/3", "L2 grade/3",
    "L3 grade/3", "Def L1/3", "Def L2/3", "Def L3/3", "L1 made share", "L2 made share", "L3 made share",
    "L2 pass+drive share", "L3 pass+drive share", "Defense steal+block share", "Defense foul share", "free throw %",
)
PLAYER_STATE = ("on_court", "slot/4", "fouls/6", "fatigue points/3", "stint/fat", "rested", "available", "plays it safe",
                "points/40", "minutes/48")


def _card_vector(p) -> list[float]:
    def share(section: int, symbols: str) -> float:
        return sum(1 for c in p.grids[section] if c in symbols) / 36

    ft = sum((6 - abs(k - 7)) * (1 if p.ft[k] == "N" else 0.5 if p.ft[k] == "U" else 0) for k in range(2, 13)) / 36
    return [p.pos / 5, min(1.0, p.rec / 100), min(1.0, p.ast / 20), p.jmp / 3, p.orb / 3, p.drb / 3, min(1.0, p.trb / 50),
            max(-1.0, min(1.0, p.inj / 9)), min(1.0, p.fat / 12), p.off[1] / 3, p.off[2] / 3, p.off[3] / 3,
            p.dfn[1] / 3, p.dfn[2] / 3, p.dfn[3] / 3, share(1, "NDKP"), share(2, "NDKP@"), share(3, "NDKP@"),
            share(2, "^<>alr"), share(3, "^<>alr"), share(4, "SX"), share(4, "F"), ft]


_PER = len(CARD_FEATURES) + len(PLAYER_STATE)  # one roster player's floats: card, then state

# The observation, declared (envs/observation.py): the encoder's layout, docs/envs.md and the range test
# come from it. Ranges are after the env's clip to [-1, 1]. Version 2: zone token placement (decision
# kind "token", the zone_cover block); 3: decision kind "hold" (milk the clock), the double-bonus flags
# in the game block.
OBSERVATION = ObservationSpec(version=3, fields=(
    ObsField("decision", len(DECISIONS) + 1,
             "one-hot of the pending decision kind: " + ", ".join(DECISIONS) + ", none"),
    ObsField("game", 18, "has the ball, is home, period/5, game clock/720, shot clock/24, own score/150, opponent "
                         "score/150, margin/20, own team fouls/6, opponent team fouls/6, own timeouts/7, opponent "
                         "timeouts/7, opponent in the penalty (bonus or double bonus), own team in the penalty, last "
                         "minute of play, overtime, opponent in the double bonus, own team in the double bonus",
             low=-1.0),
    ObsField("defense", 2 * (len(MODES) + len(A.ALIGNMENTS) + 6) + 2,
             "own then opponent defense: mode one-hot (man, press, zone), zone alignment one-hot, doubled slot "
             "one-hot (none, 1-5); own press banned, kick it out active for the own team"),
    ObsField("zone_cover", 2 * len(ZONES), "own then opponent zone defense: tokens covering each zone "
             + " ".join(ZONES) + " (/2; zeros when not in a zone)"),
    ObsField("ball", 5 + len(ZONES), "ball handler's slot one-hot (when on the court), ball zone one-hot"),
    ObsField("own_roster", A.MAX_ROSTER * _PER, "per roster player #1..#15 (the numbers of the sub actions): card "
             + ", ".join(CARD_FEATURES) + "; state " + ", ".join(PLAYER_STATE) + " (zeros past the roster)",
             low=-1.0),
    ObsField("opp_roster", A.MAX_ROSTER * _PER, "the same for the opponent's roster", low=-1.0),
))


class FourthStreetEncoder(ObservationEncoder):
    spec = OBSERVATION

    def __init__(self):
        # card features per team object: (team, block), keyed by id(team) and checked by identity (the
        # entry holds the team, so its id cannot be reused while cached); bounded, as every loaded or
        # restored game brings new team objects. (Version 3 first cached per id(player) without
        # holding the player: a later game's player could get a freed player's features.)
        self._blocks: dict[int, tuple] = {}
        self._templates: dict[tuple[int, int], tuple] = {}

    def _card_block(self, team) -> tuple[np.ndarray, list[int]]:
        """The card features of a roster, one row per roster player (zeros past the roster), and each
        player's fat rating in seconds (fat * 60), cached."""
        c = self._blocks.get(id(team))
        if c is None or c[0] is not team:
            if len(self._blocks) >= 64:
                self._blocks.clear()
            arr = np.zeros((A.MAX_ROSTER, len(CARD_FEATURES)), dtype=np.float32)
            for i, p in enumerate(team.players[:A.MAX_ROSTER]):
                arr[i] = _card_vector(p)
            fat60 = [p.fat * 60 for p in team.players[:A.MAX_ROSTER]]
            c = self._blocks[id(team)] = (team, arr, fat60)
        return c[1], c[2]

    def _template(self, own, opp) -> tuple[np.ndarray, np.ndarray, list[int], list[int]]:
        """For a pair of teams (the encoding side's first): the observation with every value that
        depends on the teams alone in place (both rosters' card features, zeros elsewhere), the
        positions of the roster state values (one row per roster player of the two teams, in
        order), and each roster's fat ratings in seconds; cached (the teams are held, see
        ``_card_block``)."""
        key = (id(own), id(opp))
        c = self._templates.get(key)
        if c is None or c[0] is not own or c[1] is not opp:
            if len(self._templates) >= 64:
                self._templates.clear()
            out = np.zeros(OBSERVATION.size, dtype=np.float32)
            ncard, per = len(CARD_FEATURES), _PER
            k = OBSERVATION.offset("own_roster")
            rows = []
            fats = []
            for team in (own, opp):
                cards, fat60 = self._card_block(team)
                out[k:k + A.MAX_ROSTER * per].reshape(A.MAX_ROSTER, per)[:, :ncard] = cards
                n = min(len(team.players), A.MAX_ROSTER)
                rows.extend(k + i * per + ncard + np.arange(len(PLAYER_STATE)) for i in range(n))
                fats.append(fat60)
                k += A.MAX_ROSTER * per
            index = np.concatenate([np.arange(_GAME, _DEFENSE), np.array(rows, dtype=np.intp).reshape(-1)])
            c = self._templates[key] = (own, opp, out, index, fats[0], fats[1])
        return c[2], c[3], c[4], c[5]

    def encode(self, game: FourthStreetEngine, side: int) -> np.ndarray:
        g = game
        opp = 1 - side
        teams = g.teams
        template, index, fat_own, fat_opp = self._template(teams[side], teams[opp])
        out = template.copy()
        d = g.decision
        out[_DECISION_INDEX[d.kind] if d is not None else _NO_DECISION] = 1.0
        teams_state = g.team_state
        ts_own, ts_opp = teams_state[side], teams_state[opp]
        own_pts, opp_pts = ts_own.pts, ts_opp.pts
        pen_opp, pen_own = g.penalty_level(opp), g.penalty_level(side)
        period, clock = g.period, g.clock
        # the same expressions as min(1.0, x) and max(-1.0, min(1.0, x)), without the calls
        values = [float(g.off == side), float(side == HOME), x if (x := period / 5) < 1.0 else 1.0, clock / 720,
                  _clip1(g.shot_clock / 24), x if (x := own_pts / 150) < 1.0 else 1.0,
                  x if (x := opp_pts / 150) < 1.0 else 1.0, _clip1((own_pts - opp_pts) / 20),
                  x if (x := ts_own.team_fouls / 6) < 1.0 else 1.0, x if (x := ts_opp.team_fouls / 6) < 1.0 else 1.0,
                  x if (x := ts_own.timeouts / 7) < 1.0 else 1.0, x if (x := ts_opp.timeouts / 7) < 1.0 else 1.0,
                  float(pen_opp > 0), float(pen_own > 0), float(period >= 4 and clock <= 60),
                  float(period > 4), float(pen_opp >= 2), float(pen_own >= 2)]  # the game block, then the rosters
        k = _DEFENSE
        for ts in (ts_own, ts_opp):
            mode = ts.defense_mode
            out[k + _MODE_INDEX[mode]] = 1.0
            k += _NMODE
            if mode == "zone" and ts.align in _ALIGN_INDEX:
                out[k + _ALIGN_INDEX[ts.align]] = 1.0
            k += _NALIGN
            out[k + ts.double + 1] = 1.0
            k += 6
        if ts_own.press_ban:
            out[k] = 1.0
        ku = ts_own.kick_until
        if ku >= 0 and clock >= ku:
            out[k + 1] = 1.0
        k += 2
        for s in (side, opp):
            if teams_state[s].defense_mode == "zone":
                cover = g.cover(s)
                out[k:k + _NZ] = [len(cover[z]) / 2 for z in ZONES]
            k += _NZ
        if g.phase == "play":
            out[k + g.handler] = 1.0
            out[k + 5 + _ZONE_INDEX[g.zone]] = 1.0
        # the roster state: one row per roster player of both teams, written at once (see _template)
        rclock, gsec, available = g.rest_clock, g.game_seconds, AVAILABLE
        stint = g.stint
        for s, ts, fat60 in ((side, ts_own, fat_own), (opp, ts_opp, fat_opp)):
            n = len(fat60)
            on_slot = [-1] * n  # each roster player's lineup slot, -1 off the court
            for slot, i in enumerate(ts.lineup):
                if i < n and on_slot[i] < 0:
                    on_slot[i] = slot
            # each value by the same expression as min(1.0, x) and float(flag), without the calls; a player
            # on the court and one off it apart (the same values, fewer tests)
            for on, st, fp, sti, f60, b, r, a, sf, oa in zip(on_slot, ts.stats, ts.fatigue_points, stint[s], fat60,
                                                             ts.benched, ts.rest_needed, ts.availability, ts.safe,
                                                             ts.seconds_counted_at):
                if on >= 0:
                    values += (1.0, on / 4, pf if (pf := st[PF] / 6) < 1.0 else 1.0, fp / 3,
                               x if (x := sti / f60) < 1.0 else 1.0, 1.0 if rclock - b >= r else 0.0,
                               1.0 if a == available else 0.0, 1.0 if sf else 0.0,
                               pt if (pt := st[PTS] / 40) < 1.0 else 1.0,
                               x if (x := (st[SEC] + (gsec - oa)) / 2880) < 1.0 else 1.0)
                else:
                    values += (0.0, 0.0, pf if (pf := st[PF] / 6) < 1.0 else 1.0, fp / 3,
                               x if (x := sti / f60) < 1.0 else 1.0, 1.0 if rclock - b >= r else 0.0,
                               1.0 if a == available else 0.0, 1.0 if sf else 0.0,
                               pt if (pt := st[PTS] / 40) < 1.0 else 1.0,
                               x if (x := st[SEC] / 2880) < 1.0 else 1.0)
        out[index] = values
        return out


def _clip1(x: float) -> float:
    """max(-1.0, min(1.0, x)), the same value."""
    return -1.0 if x < -1.0 else x if x < 1.0 else 1.0


_DECISION_INDEX = {kind: n for n, kind in enumerate(DECISIONS)}
_ALIGN_INDEX = {a: n for n, a in enumerate(A.ALIGNMENTS)}
_ZONE_INDEX = {z: n for n, z in enumerate(ZONES)}
_MODE_INDEX = {m: n for n, m in enumerate(MODES)}
_NO_DECISION = len(DECISIONS)
_GAME = OBSERVATION.offset("game")  # where the game block starts (18 values), then the defense block
_DEFENSE = OBSERVATION.offset("defense")
_NMODE, _NALIGN, _NZ = len(MODES), len(A.ALIGNMENTS), len(ZONES)


class FourthStreetBasketballEnv(CoachEnv):
    """4th Street Basketball (board version 1.01), coached by the agent.

    ## Description
    The dice engine of ``coachgym.rules.fourthstreet``: matchups with team dice and grades, setup
    plays on the location grids, passes, drives and shots by court level, rebounds, fouls and free
    throws, the game and shot clocks, timeouts, injuries, man-to-man, double teams, zones and the
    press, and the optional rules (fatigue, assists) and additional strategies as rule options.

    ## Action Space
    ``Discrete(len(RULESET.actions))`` over the fixed action table
    (``coachgym.rules.fourthstreet.actions``): "no (more) changes", substitutions (roster player #i
    in at position s), play it safe, the jumper, setup play / timeout / 3-point offense / kick it out /
    milk the clock (then how long to hold: 5/10/15 seconds, 0/5 after beating the press), stop
    kicking it out, the defense (man-to-man or press with an optional double-team target, zone
    alignments, placing the zone tokens or keeping the last placement, desperation defense), the
    double-team helper, each zone token's two zones, shoot or miss a free throw on purpose.
    ``env.action_masks()`` and ``info["action_mask"]`` give the legal ones.

    ## Observation Space
    ``Box(-1, 1, (N,), float32)``, documented in ``FourthStreetEncoder().layout.describe()``.

    ## Rewards
    ``reward="win"``: +1 win, -1 loss at the end; ``reward="margin"`` adds the change of the score
    margin divided by ``margin_scale`` at each step.

    ## Episode End
    Terminated at the end of the game (overtime until there is a winner).

    ## Arguments
    As every coachgym env: ``agent_side``, ``opponent``, ``home``/``away``, ``team_pool``,
    ``rule_options`` (dict of ``FourthStreetOptions``), ``reward``, ``margin_scale``, ``strict``,
    ``render_mode="ansi"``, ``max_decisions``.

    ## Version History
    * v0: first release (engine version 1, observation version 1); observation version 2 added zone
      token placement; observation version 3 the milk-the-clock hold decision (actions "hold 0/5/10/15
      seconds"), "stop kicking it out" and the double-bonus flags (the action table grew at its end).
    """

    ruleset_name = "fourthstreet"
    encoder = FourthStreetEncoder()


aec_env_class, env = pettingzoo_constructors(FourthStreetBasketballEnv, "fourthstreet_basketball_v0", "coachgym.envs.fourthstreet")
parallel_env_class, parallel_env = parallel_constructors(aec_env_class, "fourthstreet_basketball_v0", "coachgym.envs.fourthstreet")
