"""Value Add Basketball card builder: season statistics -> player cards whose dice reproduce them.

The rulebook prints no cards ("Player cards" in docs/rules/value-add-basketball.md); this module is
the reconstruction of how a card's numbers follow from a player's season, written up formula by
formula in ``docs/rules/value-add-basketball-cards.md``. In short, per *touch* (one roll of the four
dice that goes to the player, see :mod:`coachgym.core.cardbuilder`):

* "Read the 8-sided die to see which player gets ball": a touch share of ``(1 + extra)/8``, so the
  6/7/8 numbers (``extra``) follow usage; three are apportioned among the starters and three
  among the five reserves (largest remainder).
* "Read 11-66 Dice Roll": steals (11-16, 31), blocks (21-26, 32) and fouls (33-36) come from the
  defender's card, turnovers (41-46) from the ballhandler's, 51-56 from the team dunk range. A card
  is built against the league-average defense and the average dunk range 51-53 ("The average dunk
  range is 51-53 and the average defensive adjustment is 0"), so its own numbers carry what is left.
* "Read the 20-sided die": made 3 / made 2 / fouled / missed 3 / missed 2 apportioned over 1-19
  (20 always misses) so that the expected 3PM, 3PA, 2PM, 2PA and FTA per touch match the season.
* free throws on the d20, rebounds on the d6 (Rebound Chart), stamina from minutes, the PG figure
  from defensive rebounds per assist.

``build_team(spec)`` turns a team spec (a team file whose players carry ``stats``) into a complete
team file; ``python -m coachgym.rules.valueadd.builder [--check] [FILES]`` regenerates the bundled
team files from the stat lines they keep (``--check`` only reports files that would change).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Sequence

from ...core.cardbuilder import (
    FT_TRIP_FACTOR,
    SeasonLine,
    StatLineError,
    TeamContext,
    apportion,
    best_split,
    clamp,
    nearest,
    rate_on_court,
    round_half_up,
    shrink,
    sum_lines,
    usage_share,
)
from ...core.errors import TeamFileError
from ...core.ruleset import load_json
from ...core.statscsv import PlayerRow, StatsCsvError, by_slot, nba_teams, rows_by_team, team_games_of
from .cards import SCHEMA, SHOT_KEYS, PlayerCard, parse_team

D20_FACES = 19  # faces 1-19 carry the five results; "Roll of 20 on the 20-sided die" is a miss
PCT_WEIGHT = 4.0  # weight of shooting-percentage errors against per-touch volume errors when rounding faces
# "Steals (advanced rules)" / "Blocks (advanced rules)": what a range is worth, in units of one
# 2d6 number on one of the eight 8-sided faces (1/288 of the opponent's touches). 11-16 is 6 units;
# 11-17..11-19 add a 16 against one to three more players; "11-16 (31 all)" (= 11-20) adds the 31
# on all eight faces (8 units); 11-21 / 11-22 add 16s on top of that. Blocks mirror it (21..32).
STEAL_VALUE = {0: 10, 1: 11, 2: 12, 3: 13, 4: 14, 5: 15, 6: 16, 7: 17, 8: 18, 9: 19, 14: 20, 15: 21, 16: 22}
BLOCK_VALUE = {v: top + 10 for v, top in STEAL_VALUE.items()}
# "Steal and Block Ranges Much Lower if 8-sided Die 6, 7 or 8": team-defense numbers and the range needed
TEAM_STEAL_NEEDS = (13, 16, 19)  # 11 needs 11-13, 12 needs 11-16, 13 needs 11-19 or (31 all)
TEAM_BLOCK_NEEDS = (23, 26, 29)


def _range_units(top: int, base: int) -> int:
    """Units (see STEAL_VALUE) a steal (base 10) or block (base 20) range earns on 8-sided faces 1-5:
    its own numbers against his man plus the extended 16s (26s) against other players. The 31/32
    'all' is a lineup-wide term (:func:`lineup_team_terms`)."""
    if top <= base + 6:
        return top - base
    if top <= base + 9:
        return 6 + top - (base + 6)
    if top == base + 10:
        return 6
    return 6 + top - (base + 10)


class Environment:
    """The league environment and calibration constants (data/card_builder.json)."""

    def __init__(self, data: dict):
        lg, cd = data["league"], data["card"]
        self.data = data
        self.pace = float(lg["pace"])
        self.touches_per_possession = float(lg["touches_per_possession"])
        self.misses_per_possession = float(lg["misses_per_possession"])
        self.steals_per_touch = float(lg["steals_per_touch"])
        self.blocks_per_touch = float(lg["blocks_per_touch"])
        self.pf_per_40 = float(lg["pf_per_40"])
        self.ft_pct = float(lg["ft_pct"])
        self.orb_pct_player = float(lg["orb_pct_player"])
        self.drb_pct_player = float(lg["drb_pct_player"])
        self.league_per_touch = {k: float(v) for k, v in lg["per_touch"].items()}
        self.dunk_numbers = int(cd["dunk_numbers"])
        self.foul_numbers = float(cd["foul_numbers"])
        self.fouled_miss3_fts = int(cd["fouled_miss3_free_throws"])
        self.fouled_miss2_fts = int(cd["fouled_miss2_free_throws"])
        self.extra_per_unit = int(cd["extra_numbers_per_unit"])
        self.orb_map = (float(cd["off_reb"]["intercept"]), float(cd["off_reb"]["slope"]))
        self.drb_map = (float(cd["def_reb"]["intercept"]), float(cd["def_reb"]["slope"]))
        self.rebound_prior_chances = float(cd["rebound_prior_chances"])
        self.ft_prior_attempts = float(cd["ft_prior_attempts"])
        self.prior_touches = float(cd["prior_touches"])
        self.pf_prior_minutes = float(cd["pf_prior_minutes"])
        self.assist20_ast_pct = float(cd["assist20_ast_pct"])
        self.position_cutoffs = tuple(float(x) for x in cd["position_cutoffs"])
        self.point_guard_max_figure = int(cd["point_guard_max_figure"])
        self.defense_scale_range = tuple(float(x) for x in cd["defense_scale_range"])

    @classmethod
    def default(cls) -> "Environment":
        text = resources.files(__package__).joinpath("data", "card_builder.json").read_text(encoding="utf-8")
        return cls(json.loads(text))

    # the defense a card is built against, per touch of the ballhandler
    @property
    def steal(self) -> float:
        return self.steals_per_touch

    @property
    def block(self) -> float:
        return self.blocks_per_touch

    @property
    def foul(self) -> float:
        return self.foul_numbers / 36

    @property
    def dunk(self) -> float:
        return self.dunk_numbers / 36

    def league_ft_for(self, line: SeasonLine) -> float:
        """His free-throw percentage (pulled toward the league's on few attempts)."""
        return shrink(line.ftm, line.fta, self.ft_pct, self.ft_prior_attempts)


ENV = Environment.default()


# ====================================================================== offense: the ballhandler's card
def offense_targets(line: SeasonLine, env: Environment = ENV) -> dict[str, float]:
    """Per-touch rates the card must reproduce (small samples pulled toward the league by
    ``prior_touches`` touches of league-average play)."""
    t = line.touches
    k = env.prior_touches
    lg = env.league_per_touch
    counts = {"tov": line.tov, "fg3a": line.fg3a, "fg3m": line.fg3m, "fg2a": line.fg2a, "fg2m": line.fg2m,
              "fta": line.fta}
    return {key: (c + k * lg[key]) / (t + k) for key, c in counts.items()}


def turnover_numbers(tov_rate: float, env: Environment = ENV) -> int:
    """41-46: the card's own turnovers are what the defense's steals leave of his turnover rate."""
    return int(clamp(round_half_up(36 * (tov_rate - env.steal)), 0, 6))


def shot_weights(tg: dict[str, float], tov_numbers: int, env: Environment = ENV) -> list[float]:
    """Real-valued d20 face counts (made3, made2, fouled, missed3, missed2) solving the model."""
    S, B, F, D = env.steal, env.block, env.foul, env.dunk
    u = max(1e-6, 1 - S - B - F - D - tov_numbers / 36)  # reaches the 20-sided die unfouled
    m3 = 20 * tg["fg3m"] / (u + F)
    x3 = 20 * (tg["fg3a"] - tg["fg3m"]) / u
    m2 = 20 * (tg["fg2m"] - D) / (u + F)
    x2 = 20 * (tg["fg2a"] - tg["fg2m"] - B) / u - 1  # the 20 is a missed 2 already
    m3, x3, m2, x2 = (max(0.0, v) for v in (m3, x3, m2, x2))
    fo = (20 * tg["fta"] - F * (m3 + m2 + env.fouled_miss3_fts * x3 + env.fouled_miss2_fts * (x2 + 1))) / (2 * (u + F))
    return [m3, m2, max(0.0, fo), x3, x2]


def shot_faces(line: SeasonLine, env: Environment = ENV) -> tuple[int, list[int]]:
    """(turnover numbers, d20 faces per result) for a stat line.

    The real-valued solution of the model is rounded to 19 faces by the largest-remainder method,
    then the nearby integer splits are searched for the one whose expected 3PM, 3PA, 2PM, 2PA, FTA
    and points per touch lie closest to the season's (:func:`coachgym.core.cardbuilder.best_split`)."""
    tg = offense_targets(line, env)
    t = turnover_numbers(tg["tov"], env)
    w = shot_weights(tg, t, env)
    if sum(w) <= 0:
        w = shot_weights(env.league_per_touch, t, env)
    pts_target = 2 * tg["fg2m"] + 3 * tg["fg3m"] + env.league_ft_for(line) * tg["fta"]

    def loss(counts: Sequence[int]) -> float:
        m = _model(counts, t, env)
        err = ((m["fg3m"] - tg["fg3m"]) ** 2 + (m["fg3a"] - tg["fg3a"]) ** 2 + (m["fg2m"] - tg["fg2m"]) ** 2
               + (m["fg2a"] - tg["fg2a"]) ** 2 + (m["fta"] - tg["fta"]) ** 2)
        pts = 2 * m["fg2m"] + 3 * m["fg3m"] + env.league_ft_for(line) * m["fta"]
        # shooting percentages, weighted by his volume (an error of made shots per touch)
        for made, att, tm, ta in (("fg3m", "fg3a", tg["fg3m"], tg["fg3a"]),
                                  ("fgm", "fga", tg["fg3m"] + tg["fg2m"], tg["fg3a"] + tg["fg2a"])):
            mm = m[made] if made in m else m["fg3m"] + m["fg2m"]
            ma = m[att] if att in m else m["fg3a"] + m["fg2a"]
            if ta > 0 and ma > 0:
                err += PCT_WEIGHT * ta * (mm / ma - tm / ta) ** 2
        return err + (pts - pts_target) ** 2

    return t, best_split(w, D20_FACES, loss)


def _model(counts: Sequence[int], tov_numbers: int, env: Environment, S: float | None = None, B: float | None = None,
           F: float | None = None, D: float | None = None) -> dict[str, float]:
    """Expected events per touch of a card with d20 face ``counts`` (made3, made2, fouled, missed3,
    missed2) and ``tov_numbers`` in 41-46 against steal/block/foul/dunk rates (league by default)."""
    S = env.steal if S is None else S
    B = env.block if B is None else B
    F = env.foul if F is None else F
    D = env.dunk if D is None else D
    t = tov_numbers / 36
    u = 1 - S - B - F - D - t
    m3, m2, fo, x3, x2 = (c / 20 for c in counts)
    miss20 = 1 / 20
    fg3m = (u + F) * m3
    fg2m = D + (u + F) * m2
    return {
        "tov": S + t, "fg3m": fg3m, "fg3a": fg3m + u * x3, "fg2m": fg2m, "fg2a": fg2m + B + u * (x2 + miss20),
        "fta": 2 * (u + F) * fo + F * (m3 + m2 + env.fouled_miss3_fts * x3 + env.fouled_miss2_fts * (x2 + miss20)),
    }


def free_throw_top(line: SeasonLine, env: Environment = ENV) -> int:
    """Free throws made on d20 1..n, n = 20 x FT% (a 20 always misses: at most 1-19)."""
    pct = shrink(line.ftm, line.fta, env.ft_pct, env.ft_prior_attempts)
    return int(clamp(round_half_up(20 * pct), 1, 19))


def card_faces(card: PlayerCard) -> list[int]:
    """d20 faces of each result (made3, made2, fouled, missed3, missed2) on a card."""
    counts, lo = [], 1
    for top in card.shot:
        counts.append(max(0, top - lo + 1))
        lo = max(lo, top + 1)
    return counts


def expected_offense(card: PlayerCard, env: Environment = ENV, *, steal: float | None = None,
                     block: float | None = None, foul: float | None = None, dunk: float | None = None) -> dict[str, float]:
    """The forward model: expected events per touch of ``card`` against a defense (league average
    unless given). Keys: tov, fg3a, fg3m, fg2a, fg2m, fga, fgm, fta, ftm, pts, fg_pct, fg3_pct, ft_pct."""
    out = _model(card_faces(card), max(0, card.turnover - 40), env, steal, block, foul, dunk)
    ftp = card.free_throw / 20
    out["fga"] = out["fg3a"] + out["fg2a"]
    out["fgm"] = out["fg3m"] + out["fg2m"]
    out["ftm"] = out["fta"] * ftp
    out["pts"] = 2 * out["fgm"] + out["fg3m"] + out["ftm"]
    out["fg_pct"] = out["fgm"] / out["fga"] if out["fga"] else 0.0
    out["fg3_pct"] = out["fg3m"] / out["fg3a"] if out["fg3a"] else 0.0
    out["ft_pct"] = ftp
    return out


# ====================================================================== the rest of a card
def position_figure(line: SeasonLine) -> float:
    """Defensive rebounds per assist ("based on assists divided by defensive rebounds, so a 1 or
    lower is a point guard, while a 5 or higher is a center": the figure grows with rebounding)."""
    if line.ast == 0:
        return 9.0 if line.dreb else 3.0
    return min(9.0, line.dreb / line.ast)


def positions_for(figure: float, env: Environment = ENV) -> tuple[tuple[int, ...], bool]:
    """Suggested positions (1-5) and the PG mark from the position figure."""
    cut = env.position_cutoffs
    primary = 1 + sum(figure >= c for c in cut)
    pos = {primary}
    for i, c in enumerate(cut):  # within 15% of a boundary: both neighbouring positions
        if abs(figure - c) <= 0.15 * c:
            pos.update((i + 1, i + 2))
    pg = round_half_up(figure) <= env.point_guard_max_figure
    if pg:
        pos.add(1)
    return tuple(sorted(pos)), pg


def stamina_for(line: SeasonLine, game_minutes: float = 40.0) -> int:
    """'Stamina: 37' = 'Plays 37 of 44': his minutes per game as a share of the 44 possessions."""
    return int(clamp(round_half_up(44 * line.mpg / game_minutes), 0, 44))


def rebound_numbers(orb_pct: float, drb_pct: float, env: Environment = ENV) -> tuple[int, int]:
    a, b = env.orb_map
    c, d = env.drb_map
    return int(clamp(round_half_up(a + b * orb_pct), 0, 6)), int(clamp(round_half_up(c + d * drb_pct), 0, 6))


def foul_numbers(line: SeasonLine, env: Environment = ENV) -> int:
    """33-36: the size of the foul range follows his fouls per 40 minutes (league average = 35-36)."""
    pf40 = 40 * (line.pf + env.pf_per_40 / 40 * env.pf_prior_minutes) / (line.min + env.pf_prior_minutes)
    return int(clamp(round_half_up(env.foul_numbers * pf40 / env.pf_per_40), 0, 4))


def lineup_team_terms(tops: Sequence[int], base: int, needs: Sequence[int]) -> float:
    """Per-touch rate of the lineup-wide terms: team defense on 8-sided 6-8 and the 31/32 'all'."""
    best = max(tops) if tops else base
    team_numbers = sum(best >= n for n in needs)
    return (3 / 8) * team_numbers / 36 + (1 / 36 if best >= base + 10 else 0.0)


def lineup_rate(tops: Sequence[int], base: int, needs: Sequence[int]) -> float:
    """Expected steals (base 10) or blocks (base 20) per opponent touch by five defenders, each
    defending his own man on the 8-sided faces 1-5 (1/8 each)."""
    return sum(_range_units(t, base) for t in tops) / 288 + lineup_team_terms(tops, base, needs)


def _fit_defense(rates: Sequence[float], shares: Sequence[float], target: float, starters: Sequence[int],
                 reserves: Sequence[int], table: dict[int, int], base: int, needs: Sequence[int],
                 env: Environment) -> list[int]:
    """Choose one scale c for the team so that ranges ``nearest(c * 288 * rate)`` reproduce the team's
    steals (or blocks) per opponent touch; returns each player's range top."""
    w_start = sum(shares[i] for i in starters) / 5 if starters else 1.0
    lo, hi = env.defense_scale_range
    best = None
    c = lo
    while c <= hi + 1e-9:
        tops = [nearest(c * 288 * r, table) for r in rates]
        own = sum(shares[i] * _range_units(tops[i], base) for i in range(len(tops))) / 288
        team = w_start * lineup_team_terms([tops[i] for i in starters], base, needs)
        if reserves:
            team += (1 - w_start) * lineup_team_terms([tops[i] for i in reserves], base, needs)
        else:
            team += (1 - w_start) * lineup_team_terms([tops[i] for i in starters], base, needs)
        err = abs(own + team - target)
        if best is None or err < best[0] - 1e-12:
            best = (err, tops)
        c = round(c + 0.01, 10)
    return best[1] if best else [base] * len(rates)


# ====================================================================== a team
@dataclass
class BuiltPlayer:
    name: str
    number: str
    line: SeasonLine
    note: str = ""


def _team_context(spec: dict, lines: Sequence[SeasonLine], path: str) -> TeamContext:
    build = spec.get("build", {}) or {}
    if not isinstance(build, dict):
        raise TeamFileError(path, "build", "must be an object (games, pace, team_minutes)")
    games = build.get("games", max(l.g for l in lines))
    tot = sum_lines(lines)
    derived_pace = (tot["fga"] - tot["oreb"] + tot["tov"] + FT_TRIP_FACTOR * tot["fta"]) / games if games else 0
    pace = build.get("pace", round(derived_pace, 1))
    for key, value in (("games", games), ("pace", pace), ("team_minutes", build.get("team_minutes", 200.0))):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TeamFileError(path, f"build.{key}", f"must be a number, got {value!r}")
    try:
        ctx = TeamContext(games=games, pace=float(pace), team_minutes=float(build.get("team_minutes", 200.0)))
    except StatLineError as exc:
        raise TeamFileError(path, f"build.{exc.field}", exc.problem) from None
    for i, l in enumerate(lines):
        if l.g > ctx.games:
            raise TeamFileError(path, f"players[{i}].stats.g", f"{l.g} games is more than the team's {ctx.games}")
    total_min = sum(l.min for l in lines)
    if total_min > ctx.games * ctx.team_minutes * 1.1:
        raise TeamFileError(path, "players", f"the players' minutes ({total_min:g}) exceed the team's "
                            f"{ctx.games} x {ctx.team_minutes:g} by more than overtime allows")
    return ctx


def build_team(spec: dict, env: Environment = ENV, path: str = "<team spec>") -> dict:
    """A complete ``coachgym.valueadd.team/1`` file (as a dict) from a spec whose players carry
    ``stats`` (season totals, see :data:`coachgym.core.cardbuilder.STAT_KEYS`).

    The spec holds ``name``, ``short``, ``season``, ``fictional``, ``source``, ``dunk``,
    ``defense_adjust``, ``lineup`` (five names, PG..C), ``reserves`` (five names or null), an
    optional ``build`` block (``games``, ``pace`` - possessions per game, ``team_minutes``) and
    ``players`` (``name``, ``number``, ``stats``). Card fields already in the spec are ignored and
    rebuilt, so a team file is its own spec.
    """
    if not isinstance(spec, dict):
        raise TeamFileError(path, "<file>", "must hold a JSON object")
    raw = spec.get("players")
    if not isinstance(raw, list) or len(raw) < 5:
        raise TeamFileError(path, "players", "must list at least five players with their stats")
    players: list[BuiltPlayer] = []
    for i, p in enumerate(raw):
        if not isinstance(p, dict):
            raise TeamFileError(path, f"players[{i}]", "must be an object")
        name = p.get("name")
        if not isinstance(name, str) or not name.strip():
            raise TeamFileError(path, f"players[{i}].name", "is missing")
        if "stats" not in p:
            raise TeamFileError(path, f"players[{i}].stats", "is missing (the season stat line the card is built from)")
        line = SeasonLine.from_dict(p["stats"], path, f"players[{i}].stats")
        players.append(BuiltPlayer(name.strip(), str(p.get("number", "")), line, str(p.get("note", ""))))
    names = [p.name for p in players]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise TeamFileError(path, "players", f"duplicate player names: {dupes}")

    def idx(n: Any, field: str) -> int:
        if n not in names:
            raise TeamFileError(path, field, f"{n!r} is not a player of this team")
        return names.index(n)

    lineup_names = spec.get("lineup")
    if not isinstance(lineup_names, list) or len(lineup_names) != 5:
        raise TeamFileError(path, "lineup", "must name exactly five starters, in position order PG, SG, SF, PF, C")
    starters = [idx(n, f"lineup[{i}]") for i, n in enumerate(lineup_names)]
    res_names = spec.get("reserves", [None] * 5)
    if not isinstance(res_names, list) or len(res_names) != 5:
        raise TeamFileError(path, "reserves", "must list five reserves (or null) in position order")
    reserves = [idx(n, f"reserves[{i}]") for i, n in enumerate(res_names) if n is not None]

    lines = [p.line for p in players]
    ctx = _team_context(spec, lines, path)
    tot = sum_lines(lines)
    team_touches = tot["fga"] + tot["tov"] + FT_TRIP_FACTOR * tot["fta"]
    opp_touches = ctx.games * ctx.pace * env.touches_per_possession
    own_chances = (tot["fga"] - tot["fgm"]) + FT_TRIP_FACTOR * (tot["fta"] - tot["ftm"])
    opp_chances = ctx.games * ctx.pace * env.misses_per_possession
    shares = [ctx.on_court_share(l) for l in lines]

    # "Read the 8-sided die": 6/7/8 numbers by usage, three per unit (starters, reserves)
    e_real = [max(0.0, 8 * usage_share(l, team_touches, ctx) - 1) for l in lines]
    extra_n = [int(clamp(round_half_up(e), 0, 3)) for e in e_real]
    for unit in (starters, reserves):
        if unit:
            for i, n in zip(unit, apportion([e_real[i] for i in unit], min(env.extra_per_unit, 3 * len(unit)), [3] * len(unit))):
                extra_n[i] = n
    extras: list[tuple[int, ...]] = [()] * len(players)
    for unit in (starters, reserves, [i for i in range(len(players)) if i not in starters and i not in reserves]):
        nxt = 6
        for i in unit:
            nums = []
            for _ in range(extra_n[i]):
                nums.append(6 + (nxt - 6) % 3)
                nxt += 1
            extras[i] = tuple(sorted(set(nums)))

    # defense: steals and blocks fitted per team, fouls per 40 minutes
    stl_rates = [rate_on_court(l.stl, opp_touches, l, ctx) for l in lines]
    blk_rates = [rate_on_court(l.blk, opp_touches, l, ctx) for l in lines]
    steal_tops = _fit_defense(stl_rates, shares, tot["stl"] / opp_touches, starters, reserves if len(reserves) == 5 else [],
                              STEAL_VALUE, 10, TEAM_STEAL_NEEDS, env)
    block_tops = _fit_defense(blk_rates, shares, tot["blk"] / opp_touches, starters, reserves if len(reserves) == 5 else [],
                              BLOCK_VALUE, 20, TEAM_BLOCK_NEEDS, env)

    team_fgm = tot["fgm"]
    cards: list[PlayerCard] = []
    for i, (p, l) in enumerate(zip(players, lines)):
        t, faces = shot_faces(l, env)
        tops, acc = [], 0
        for f in faces:
            acc += f
            tops.append(acc)
        fig = position_figure(l)
        positions, pg = positions_for(fig, env)
        orb = shrink(l.oreb, own_chances * shares[i], env.orb_pct_player, env.rebound_prior_chances)
        drb = shrink(l.dreb, opp_chances * shares[i], env.drb_pct_player, env.rebound_prior_chances)
        n_off, n_def = rebound_numbers(orb, drb, env)
        f = foul_numbers(l, env)
        ast_base = shares[i] * team_fgm - l.fgm
        assist20 = shares[i] >= 0.25 and ast_base > 0 and l.ast / ast_base >= env.assist20_ast_pct
        cards.append(PlayerCard(
            name=p.name, positions=positions, point_guard=pg, extra=extras[i], stamina=stamina_for(l, ctx.game_minutes),
            steal=steal_tops[i], block=block_tops[i], foul=37 - f, turnover=40 + t, shot=tuple(tops),
            free_throw=free_throw_top(l, env), off_reb=n_off, def_reb=n_def, assist20=assist20, number=p.number,
            note=p.note, stats=l.to_dict(),
        ))

    out: dict[str, Any] = {"schema": SCHEMA}
    for key in ("name", "short", "season", "fictional", "source", "dunk", "defense_adjust"):
        if key in spec:
            out[key] = spec[key]
    out["build"] = {"games": ctx.games, "pace": ctx.pace, "team_minutes": ctx.team_minutes}
    out["lineup"] = list(lineup_names)
    out["reserves"] = list(res_names)
    out["players"] = [c.to_file_dict() for c in cards]
    parse_team(out, path)  # the result must be a valid team file
    return out


# ====================================================================== files
def format_team_file(data: dict) -> str:
    """JSON text of a team file: one line per card field, stat lines on one line."""

    def compact(v: Any) -> str:
        return json.dumps(v, ensure_ascii=False, separators=(", ", ": "))

    out = ["{"]
    keys = list(data)
    for ki, key in enumerate(keys):
        comma = "," if ki < len(keys) - 1 else ""
        if key != "players":
            out.append(f"  {json.dumps(key)}: {compact(data[key])}{comma}")
            continue
        out.append('  "players": [')
        for pi, p in enumerate(data["players"]):
            out.append("    {")
            pkeys = list(p)
            for j, k in enumerate(pkeys):
                out.append(f"      {json.dumps(k)}: {compact(p[k])}{',' if j < len(pkeys) - 1 else ''}")
            out.append("    }" + ("," if pi < len(data["players"]) - 1 else ""))
        out.append("  ]" + comma)
    out.append("}")
    return "\n".join(out) + "\n"


def bundled_team_files() -> list[Path]:
    d = resources.files(__package__).joinpath("data", "teams")
    return sorted(Path(str(p)) for p in d.iterdir() if p.name.endswith(".json"))


def regenerate(paths: Iterable[str | Path] | None = None, *, check: bool = False, env: Environment = ENV) -> list[Path]:
    """Rebuild each team file's cards from its stat lines. Returns the files that changed (with
    ``check`` nothing is written: the files that would change)."""
    changed = []
    for p in (list(paths) if paths is not None else bundled_team_files()):
        p = Path(p)
        spec = load_json(p)
        text = format_team_file(build_team(spec, env, str(p)))
        if p.read_text(encoding="utf-8") != text:
            changed.append(p)
            if not check:
                p.write_text(text, encoding="utf-8")
    return changed


def card_summary(team_file: dict) -> str:
    """A readable table of a built team's cards (for the CLI)."""
    rows = [f"{team_file['name']}: dunk {team_file.get('dunk')}, adj {team_file.get('defense_adjust')}"]
    rows.append(f"{'name':<22}{'pos':<7}{'x':<6}{'sta':>4} {'stl':<7}{'blk':<7}{'foul':<6}{'tov':<6}"
                f"{'m3':<6}{'m2':<6}{'fo':<6}{'x3':<6}{'x2':<6}{'ft':<6}{'or':<5}{'dr':<5}")
    for p in team_file["players"]:
        s = p["shot"]
        rows.append(f"{p['name']:<22}{','.join(map(str, p['positions'])) + ('*' if p['point_guard'] else ''):<7}"
                    f"{''.join(map(str, p['extra'])):<6}{p['stamina']:>4} {p['steal']:<7}{p['block']:<7}{p['foul']:<6}"
                    f"{p['turnover']:<6}" + "".join(f"{s[k]:<6}" for k in SHOT_KEYS)
                    + f"{p['free_throw']:<6}{p['off_reb']:<5}{p['def_reb']:<5}")
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m coachgym.rules.valueadd.builder",
                                 description="Rebuild Value Add Basketball team files from the stat lines they keep.")
    ap.add_argument("files", nargs="*", help="team files (default: the bundled teams)")
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is not up to date")
    ap.add_argument("--show", action="store_true", help="print each team's cards")
    args = ap.parse_args(argv)
    files = [Path(f) for f in args.files] or bundled_team_files()
    try:
        changed = regenerate(files, check=args.check)
    except TeamFileError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for f in files:
        status = ("out of date" if args.check else "rebuilt") if f in changed else "up to date"
        print(f"{f}: {status}")
        if args.show:
            print(card_summary(load_json(f) if not args.check else build_team(load_json(f), ENV, str(f))))
    return 1 if (args.check and changed) else 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())


# ------------------------------------------------------------ coachgym cards build (core/cardsbuild.py)
def league_teams(rows: list[PlayerRow], team_stats, season, source, path, notes: list[str] | None = None):
    """Value Add's builder takes the same box-score season lines (``coachgym.core.cardbuilder``
    keys) with a team context: the NBA's 82 games of 5 x 48 = 240 player-minutes, the average dunk
    range 51-53 and defensive adjustment 0 ("The average dunk range is 51-53 and the average
    defensive adjustment is 0"); ten players a team, five starters and five reserves. Every rating
    is fitted inside its range by ``build_team`` (``notes`` is not needed; ``coachgym cards build``
    still checks each file with the team loader before writing)."""
    missing = [c for c in ("ORB", "DRB", "AST", "STL", "BLK", "TOV")
               if all(r.stats.get(c) is None for r in rows)]
    if missing:
        raise StatsCsvError(path, 1, missing[0], "Value Add cards need every box-score count; empty in every row: "
                                                 f"{', '.join(missing)} (a season before 1977-78 cannot be built)")
    by_team = rows_by_team(rows)
    names = nba_teams()
    out = {}
    for tm, members in sorted(by_team.items()):
        if len(members) < 10:
            raise StatsCsvError(path, None, "Tm", f"team {tm} has {len(members)} players with minutes; "
                                                  "a Value Add team needs 10 (five starters, five reserves)")
        members = sorted(members, key=lambda r: (-r.get("GS"), -r.get("MP")))
        starters = by_slot(members[:5])
        bench = [r for r in sorted(members, key=lambda r: -r.get("MP")) if r not in starters][:5]
        reserves = by_slot(bench)
        games = team_games_of(tm, team_stats)
        players = [{"name": r.player, "number": "", "stats": {
            "g": min(r.get("G"), games), "min": r.get("MP"), "fgm": r.get("FG"), "fga": r.get("FGA"),
            "fg3m": r.get("3P"), "fg3a": r.get("3PA"), "ftm": r.get("FT"), "fta": r.get("FTA"), "oreb": r.get("ORB"),
            "dreb": r.get("DRB"), "ast": r.get("AST"), "stl": r.get("STL"), "blk": r.get("BLK"), "tov": r.get("TOV"),
            "pf": r.get("PF")}} for r in starters + reserves]
        info = names.get(tm, {"name": tm})
        out[tm] = build_team({"name": info["name"], "short": tm, "season": f"{season} NBA" if season else "NBA",
                              "fictional": False, "source": source, "dunk": "51-53", "defense_adjust": 0,
                              "build": {"games": games, "team_minutes": 240.0},
                              "lineup": [r.player for r in starters], "reserves": [r.player for r in reserves],
                              "players": players}, path=f"{path} ({tm})")
    return out
