"""FUBA as a Gymnasium environment (and a PettingZoo AEC environment).

The observation is what one coach sees of the board: every piece's area per team, the ball's area
and value, time, score, cards, condition points, substitutions, formations, the pending decision
and its context. Areas are absolute (H-... = the home half), like the action table's areas.
Hidden choices are never encoded for the other side: the opponent's formation card stays zero
until both cards are revealed (2.1), and the goalkeeper's penalty choice (5.5.2) is not encoded
at all (the keeper's own coach made it; the kicker must not see it).
"""

from __future__ import annotations

import numpy as np

from ..core.engine import HOME
from ..rules.fuba.board import IMPLEMENTED_SKILLS, N_AREAS, PLAYING
from ..rules.fuba.engine import FubaEngine
from ..rules.fuba.state import GK, INJURED
from .base import CoachEnv, ObservationEncoder, parallel_constructors, pettingzoo_constructors
from .observation import ObservationSpec, ObsField

DECISIONS = FubaEngine.decision_kinds
MOVE_MODES = ("reaction", "sprint", "quick_fk_ct", "quick_fk_dt", "goal_kick_ct", "goal_kick_dt", "into_target",
              "creative_free", "easy_ct", "easy_dt", "event_ct", "event_dt", "event_dribble")
SET_PIECES = ("kickoff", "free_kick", "corner", "goal_kick", "penalty")
WEATHERS = ("heat", "sunshine", "wind", "rain", "cold", "storm")
# lookups for encode(): position of each name in the tuples above
_DECISION_POS = {k: i for i, k in enumerate(DECISIONS)}
_MOVE_MODE_POS = {m: i for i, m in enumerate(MOVE_MODES)}
_SET_PIECE_POS = {k: i for i, k in enumerate(SET_PIECES)}
_WEATHER_POS = {w: i for i, w in enumerate(WEATHERS)}
_SKILL_POS = {n: i for i, n in enumerate(IMPLEMENTED_SKILLS)}
_PLAYING_POS = {a: i for i, a in enumerate(PLAYING)}


def _float32_sixths() -> list[float]:
    """n outfield pieces in an area encode as n additions of 1/6 in float32 (the original encoding)."""
    acc, out = np.zeros(1, dtype=np.float32), [0.0]
    for _ in range(11):
        acc[0] += 1 / 6
        out.append(float(acc[0]))
    return out


_SIXTHS = _float32_sixths()


_N_DECISIONS = len(DECISIONS)
_N_SET_PIECES = len(SET_PIECES)
_N_SKILLS = len(IMPLEMENTED_SKILLS)
_ZEROS3, _ZEROS5 = (0.0,) * 3, (0.0,) * 5
_ROWS: dict[tuple, tuple] = {}  # one team's positions -> _team_rows
_OFFSIDE: dict[int, tuple[list[bool], np.ndarray | None]] = {}  # id of an offside list -> (the list, its row)


def _team_rows(pos: tuple) -> tuple[np.ndarray, float, float]:
    """What one team's positions give the observation: its pieces field (outfield pieces per area,
    pos[0] is the goalkeeper, as sixths: a float32 row the caller only copies from), its pieces on
    the pitch /11 and its injured pieces /3 (the squad field). A pure function of the positions,
    memoised on them."""
    hit = _ROWS.get(pos)
    if hit is None:
        counts = [0] * N_AREAS
        for a in pos[1:]:
            if a >= 0:
                counts[a] += 1
        if len(_ROWS) > 50_000:
            _ROWS.clear()
        on_pitch = sum(1 for p in pos if p >= 0)
        hit = _ROWS[pos] = (np.array([_SIXTHS[n] for n in counts], dtype=np.float32), on_pitch / 11,
                            pos.count(INJURED) / 3)
    return hit


def _offside_row(off: list[bool]) -> np.ndarray | None:
    """The offside field of the engine's offside list ``off`` (None: no offside area). The engine's
    offside lists are shared and never changed, so the row is memoised on the list itself (checked by
    identity, so a recycled id cannot answer for another list)."""
    hit = _OFFSIDE.get(id(off))
    if hit is None or hit[0] is not off:
        row = np.array(off, dtype=np.float32) if any(off) else None
        if len(_OFFSIDE) > 50_000:
            _OFFSIDE.clear()
        hit = _OFFSIDE[id(off)] = (off, row)
    return hit[1]


# The observation, declared (envs/observation.py): the encoder's layout, docs/envs.md and the range test
# come from it. Ranges are after the env's clip to [-1, 1].
OBSERVATION = ObservationSpec(version=1, fields=(
    ObsField("decision", len(DECISIONS) + 1, "one-hot of the pending decision kind: " + ", ".join(DECISIONS) + ", none"),
    ObsField("move_mode", len(MOVE_MODES), "one-hot of the kind of movement being chosen: " + ", ".join(MOVE_MODES)),
    ObsField("move_state", 3, "moves made in this movement/10, moves left (sprint)/6, limit (defending team after a free kick or goal kick)/10"),
    ObsField("move_source", N_AREAS, "one-hot of the area the piece being moved leaves (in a where-to decision)"),
    ObsField("own_pieces", N_AREAS, "own outfield pieces per area /6 (17 areas: 13 playing areas, 4 corner-kick spots)"),
    ObsField("opp_pieces", N_AREAS, "opponent's outfield pieces per area /6"),
    ObsField("own_keeper", N_AREAS, "one-hot of the own goalkeeper's area"),
    ObsField("opp_keeper", N_AREAS, "one-hot of the opponent's goalkeeper's area"),
    ObsField("ball", N_AREAS, "one-hot of the ball's area"),
    ObsField("ball_state", 6, "ball value/6, own team controls the ball, own team is phasing, own team is acting, actions left/4, goal-attempt bonus this turn/4"),
    ObsField("time", 5, "second half, minute/90, stoppage square/5, half ends after this turn, turns/150"),
    ObsField("score", 4, "own goals/10, opponent goals/10, margin/5, is home", low=-1.0),
    ObsField("cards", 4, "own yellow/3, own red/3, opponent yellow/3, opponent red/3"),
    ObsField("condition", 6, "own condition points defence, midfield, forwards /6; the opponent's /6 (A1)"),
    ObsField("squad", 6, "own substitutions/3, opponent substitutions/3, own pieces on the pitch/11, opponent's/11, own injured out/3, opponent injured out/3"),
    ObsField("formation", 6, "own formation d, m, f /10; opponent's /10 (zeros until both cards are revealed)"),
    ObsField("roles", 10, "A2 roles: own attacking midfielders, defending midfielders, attacking centre-back, withdrawn striker, offensive wing backs /5; the opponent's /5 (zeros until revealed)"),
    ObsField("skills", 3 * len(IMPLEMENTED_SKILLS), "A12: own match skills, own reserve skills, the opponent's match skills (one flag per skill, in the order of the skill actions)"),
    ObsField("skill_offer", len(IMPLEMENTED_SKILLS), "A12: one-hot of the skill offered in a pending play-the-skill decision"),
    ObsField("set_piece", len(SET_PIECES) + 1, "one-hot of the set piece being taken: " + ", ".join(SET_PIECES) + ", none"),
    ObsField("weather", len(WEATHERS), "one-hot of the weather (A10): " + ", ".join(WEATHERS) + " (all zero: none)"),
    ObsField("offside", N_AREAS, "areas in which an own piece would be offside now (5.1), as controlling team"),
    ObsField("pass_values", len(PLAYING), "at a pass-target decision: the ball value after modifiers /6 for each legal target area (0 = not legal)"),
    ObsField("setup", 2, "pieces of the own team still to place in a setup /10, a setup is running"),
))
# encode writes ball_state, time, score, cards, condition, squad, formation and roles as one run
assert OBSERVATION.names[9:18] == ("ball_state", "time", "score", "cards", "condition", "squad", "formation",
                                   "roles", "skills")
_OFFSETS = tuple(OBSERVATION.offset(n) for n in (
    "decision", "move_mode", "move_state", "move_source", "own_pieces", "opp_pieces", "own_keeper", "opp_keeper",
    "ball", "ball_state", "skills", "skill_offer", "set_piece", "weather", "offside", "pass_values", "setup"))
_SIZE = OBSERVATION.size


class FubaEncoder(ObservationEncoder):
    spec = OBSERVATION

    def encode(self, game: FubaEngine, side: int) -> np.ndarray:
        # written into a new zeroed float32 array (most entries stay zero); the fields from ball_state to
        # roles in one run from one list, the pieces and offside fields from memoised float32 rows: every
        # value is the same Python float as before and becomes the same float32
        (o_dec, o_mode, o_mstate, o_msrc, o_own, o_opp, o_ownk, o_oppk, o_ball, o_run, o_skills, o_offer, o_sp,
         o_weather, o_offside, o_pass, o_setup) = _OFFSETS
        out = np.zeros(_SIZE, dtype=np.float32)
        opp = 1 - side
        d = game.decision
        out[o_dec + (_DECISION_POS[d.kind] if d is not None else _N_DECISIONS)] = 1.0
        phase = game.phase
        c = game.ctx
        if phase == "moves":
            mode = c.get("mode")
            if mode in _MOVE_MODE_POS:
                out[o_mode + _MOVE_MODE_POS[mode]] = 1.0
                n = c.get("n", 0)
                out[o_mstate] = n / 10
                left = c.get("left")
                if left is not None:
                    out[o_mstate + 1] = (left - n) / 6
                limit = c.get("limit")
                if limit is not None:
                    out[o_mstate + 2] = limit / 10
                src = c.get("src")
                if src is not None:
                    out[o_msrc + src[1]] = 1.0
        mine, theirs = game.team_state[side], game.team_state[opp]
        ps, po = mine.pos, theirs.pos
        if ps[GK] >= 0:
            out[o_ownk + ps[GK]] = 1.0
        own_row, own_on, own_inj = _ROWS.get(key := tuple(ps)) or _team_rows(key)
        out[o_own:o_own + N_AREAS] = own_row
        if po[GK] >= 0:
            out[o_oppk + po[GK]] = 1.0
        opp_row, opp_on, opp_inj = _ROWS.get(key := tuple(po)) or _team_rows(key)
        out[o_opp:o_opp + N_AREAS] = opp_row
        out[o_ball + game.ball] = 1.0
        own_g, opp_g = mine.goals, theirs.goals
        cps, cpo = mine.condition, theirs.condition
        run = [game.ball_value / 6, float(game.controlling == side), float(game.phasing == side), float(game.acting == side),
               min(game.actions_left, 4) / 4, game.turn_bonus / 4,
               float(game.half == 2), game.minute / 90, game.stoppage / 5, float(game.half_ending), game.turns / 150,
               own_g / 10, opp_g / 10, (own_g - opp_g) / 5, float(side == HOME),
               mine.yellow / 3, mine.red / 3, theirs.yellow / 3, theirs.red / 3,
               cps[0] / 6, cps[1] / 6, cps[2] / 6, cpo[0] / 6, cpo[1] / 6, cpo[2] / 6,
               mine.subs / 3, theirs.subs / 3, own_on, opp_on, own_inj, opp_inj]
        revealed = phase != "formation"
        fs, fo = mine.formation, theirs.formation
        run += (fs[0] / 10, fs[1] / 10, fs[2] / 10) if fs is not None else _ZEROS3
        run += (fo[0] / 10, fo[1] / 10, fo[2] / 10) if revealed and fo is not None else _ZEROS3
        run += [x / 5 for x in mine.roles]
        run += [x / 5 for x in theirs.roles] if revealed else _ZEROS5
        out[o_run:o_skills] = run
        n = _N_SKILLS
        for base, names in ((o_skills, mine.skills), (o_skills + n, mine.reserve), (o_skills + 2 * n, theirs.skills)):
            for name in names:
                k = _SKILL_POS.get(name)
                if k is not None:
                    out[base + k] = 1.0
        if d is not None and d.kind == "skill" and game.offers:
            out[o_offer + _SKILL_POS[game.offers[0][1]]] = 1.0
        sp = game.set_piece
        if phase in ("setup", "penalty") and c.get("kind") in SET_PIECES:
            sp = c["kind"]
        if phase == "penalty":
            sp = "penalty"
        out[o_sp + _SET_PIECE_POS.get(sp, _N_SET_PIECES)] = 1.0
        w = _WEATHER_POS.get(game.weather)
        if w is not None:
            out[o_weather + w] = 1.0
        if phase != "formation" and phase != "kickoff_choice":
            off = game.offside_areas(side)
            hit = _OFFSIDE.get(id(off))
            row = hit[1] if hit is not None and hit[0] is off else _offside_row(off)
            if row is not None:
                out[o_offside:o_offside + N_AREAS] = row
        if d is not None and d.kind == "pass_to" and d.side == side:
            for t, v in game.pass_targets(side).items():
                out[o_pass + _PLAYING_POS[t]] = v / 6
        if phase == "setup":
            out[o_setup] = ps.count(-2) / 10
            out[o_setup + 1] = 1.0
        return out


class FubaEnv(CoachEnv):
    """FUBA, the football board game, coached by the agent.

    ## Description
    The FUBA rules engine (``coachgym.rules.fuba``): 13 areas, a ball whose value (1 excellent to
    6 poor control) drives every roll, turns of reaction, momentum and action stages, sprints,
    positioning, pressing, passing, goal attempts, offside, free kicks, corners, goal kicks,
    penalties and cards; the advanced rules A1-A13 as rule options (docs/rules/fuba.md). The
    agent is the head coach and makes every decision.

    ## Action Space
    ``Discrete(len(RULESET.actions))`` over the fixed action table (``coachgym.rules.fuba.actions``):
    formation cards, who starts with the ball, "place a player in area X" (setups), "move a player
    from area X" / "move the goalkeeper" then "to area X" / "dribble to area X" then "done", the
    action (sprint, positioning, pressing, aggressive pressing, passing, challenge, direct free-kick
    shot, end), "pass to area X", goal attempt or not, condition point or not, goalkeeper charge,
    penalty keeper and kick sides, removing a player, slowing play, substitutions and their options,
    A2 roles, A12 skills (play / do not, skill in / out for a game plan change), the perfect pass.
    ``env.action_masks()`` and ``info["action_mask"]`` give the legal ones.

    ## Observation Space
    ``Box(-1, 1, (N,), float32)``, documented field by field in ``FubaEncoder().layout.describe()``.

    ## Rewards
    ``reward="win"``: +1 win, -1 loss, 0 draw at the end; ``reward="margin"`` adds each goal's change
    of the margin divided by ``margin_scale``. An illegal action (non-strict mode) ends with -1.

    ## Version History
    * v0: first release (engine version 1, observation version 1).
    """

    ruleset_name = "fuba"
    encoder = FubaEncoder()


aec_env_class, env = pettingzoo_constructors(FubaEnv, "fuba_v0", "coachgym.envs.fuba")
parallel_env_class, parallel_env = parallel_constructors(aec_env_class, "fuba_v0", "coachgym.envs.fuba")
