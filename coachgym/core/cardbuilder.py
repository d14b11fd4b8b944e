"""Ruleset-independent helpers for turning season statistics into game cards.

Every ruleset that ships player cards needs the same groundwork: a validated season stat line, the
team context it was produced in (pace, minutes), rates per possession / per touch / per minute,
and a way to turn probabilities into integer ranges of a die that keep their sum exact. This module
holds that groundwork; each ruleset's ``builder.py`` adds the game's own probability model.

Conventions (basketball box-score vocabulary; other sports reuse what fits):

* a *touch* (a "play") is one use of the ball that ends in a field-goal attempt, a turnover or a
  free-throw trip: ``FGA + TOV + 0.44 * FTA`` (the usual possession estimate's free-throw factor);
* *possessions* follow the usual estimate ``FGA - OREB + TOV + 0.44 * FTA``; a possession can hold
  several touches (an offensive rebound continues it);
* *on-court share* is the fraction of his team's playing time a player was on the floor:
  ``minutes / (team games * game minutes)``.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import asdict, dataclass, fields
from typing import Any, Callable, Iterable, Mapping, Sequence

from .errors import CoachgymError, TeamFileError

FT_TRIP_FACTOR = 0.44  # free throws per "touch", as in the standard possession estimate

# The stat-line keys, in the order files write them, with their meaning.
STAT_KEYS: tuple[tuple[str, str], ...] = (
    ("g", "games played"),
    ("min", "minutes played (season total)"),
    ("fgm", "field goals made (2- and 3-pointers)"),
    ("fga", "field goals attempted"),
    ("fg3m", "3-point field goals made"),
    ("fg3a", "3-point field goals attempted"),
    ("ftm", "free throws made"),
    ("fta", "free throws attempted"),
    ("oreb", "offensive rebounds"),
    ("dreb", "defensive rebounds"),
    ("ast", "assists"),
    ("stl", "steals"),
    ("blk", "blocked shots"),
    ("tov", "turnovers"),
    ("pf", "personal fouls"),
)


class StatLineError(CoachgymError, ValueError):
    """A season stat line is inconsistent. ``field`` names the offending statistic."""

    def __init__(self, field: str, problem: str):
        self.field = field
        self.problem = problem
        super().__init__(f"stat line field {field!r}: {problem}")


@dataclass(frozen=True, slots=True)
class SeasonLine:
    """One player's season totals (all counts are season totals, ``min`` in minutes)."""

    g: int
    min: float
    fgm: int
    fga: int
    fg3m: int
    fg3a: int
    ftm: int
    fta: int
    oreb: int
    dreb: int
    ast: int
    stl: int
    blk: int
    tov: int
    pf: int

    def __post_init__(self) -> None:
        self.validate()

    # ------------------------------------------------------------ validation
    def validate(self, game_minutes: float = 40.0, max_overtime_share: float = 0.15) -> None:
        """Raise :class:`StatLineError` naming the first inconsistent field."""
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or (f.name != "min" and not isinstance(v, int)):
                raise StatLineError(f.name, f"must be {'a number' if f.name == 'min' else 'a whole number'}, got {v!r}")
            if not math.isfinite(v) or v < 0:
                raise StatLineError(f.name, f"must be a non-negative number, got {v!r}")
        if self.g == 0 and self.min > 0:
            raise StatLineError("g", "a player with minutes must have played at least one game")
        if self.min > self.g * game_minutes * (1 + max_overtime_share):
            raise StatLineError("min", f"{self.min} minutes in {self.g} games is more than {game_minutes:g} a game (plus overtime)")
        pairs = (("fgm", "fga"), ("fg3m", "fg3a"), ("ftm", "fta"))
        for made, att in pairs:
            if getattr(self, made) > getattr(self, att):
                raise StatLineError(made, f"{made} {getattr(self, made)} exceeds {att} {getattr(self, att)}")
        if self.fg3a > self.fga:
            raise StatLineError("fg3a", f"3-point attempts {self.fg3a} exceed field-goal attempts {self.fga}")
        if self.fg3m > self.fgm:
            raise StatLineError("fg3m", f"3-pointers made {self.fg3m} exceed field goals made {self.fgm}")
        if self.fgm - self.fg3m > self.fga - self.fg3a:
            raise StatLineError("fgm", "2-pointers made exceed 2-point attempts (fgm - fg3m > fga - fg3a)")
        if self.min == 0 and any(getattr(self, k) for k, _ in STAT_KEYS[2:]):
            raise StatLineError("min", "a player with no minutes cannot have other statistics")

    # ------------------------------------------------------------ derived figures
    @property
    def fg2m(self) -> int:
        return self.fgm - self.fg3m

    @property
    def fg2a(self) -> int:
        return self.fga - self.fg3a

    @property
    def pts(self) -> int:
        return 2 * self.fgm + self.fg3m + self.ftm

    @property
    def reb(self) -> int:
        return self.oreb + self.dreb

    @property
    def mpg(self) -> float:
        return self.min / self.g if self.g else 0.0

    @property
    def touches(self) -> float:
        """Uses of the ball: FGA + TOV + 0.44 FTA."""
        return self.fga + self.tov + FT_TRIP_FACTOR * self.fta

    def pct(self, made: str, attempted: str) -> float:
        a = getattr(self, attempted)
        return getattr(self, made) / a if a else 0.0

    def per_game(self, key: str) -> float:
        return getattr(self, key) / self.g if self.g else 0.0

    def per_minutes(self, key: str, minutes: float = 40.0) -> float:
        return getattr(self, key) * minutes / self.min if self.min else 0.0

    def per_touch(self, key: str) -> float:
        t = self.touches
        return getattr(self, key) / t if t else 0.0

    # ------------------------------------------------------------ (de)serialisation
    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        if float(d["min"]).is_integer():
            d["min"] = int(d["min"])
        return d

    @classmethod
    def from_dict(cls, data: Any, path: str = "<stats>", where: str = "stats") -> "SeasonLine":
        """Parse a stats object; errors are :class:`TeamFileError` naming ``path`` and ``where.key``."""
        if not isinstance(data, Mapping):
            raise TeamFileError(path, where, "must be an object of season statistics")
        known = {k for k, _ in STAT_KEYS}
        for k in data:
            if k not in known:
                raise TeamFileError(path, f"{where}.{k}", f"unknown statistic; known: {', '.join(k for k, _ in STAT_KEYS)}")
        for k, meaning in STAT_KEYS:
            if k not in data:
                raise TeamFileError(path, f"{where}.{k}", f"is missing ({meaning})")
        try:
            return cls(**{k: data[k] for k, _ in STAT_KEYS})
        except StatLineError as exc:
            raise TeamFileError(path, f"{where}.{exc.field}", exc.problem) from None


def sum_lines(lines: Iterable[SeasonLine]) -> dict[str, float]:
    """Team totals of every counting statistic (``g`` is the sum too; use TeamContext.games)."""
    out: dict[str, float] = {k: 0 for k, _ in STAT_KEYS}
    for line in lines:
        for k, _ in STAT_KEYS:
            out[k] += getattr(line, k)
    return out


@dataclass(frozen=True, slots=True)
class TeamContext:
    """The team environment a stat line was produced in.

    ``pace`` is possessions per team per game (about 68 in NCAA Division I, 100 in the NBA);
    ``team_minutes`` the team's player-minutes per regulation game (5 x 40 = 200 in college).
    """

    games: int
    pace: float = 68.0
    team_minutes: float = 200.0
    on_court: int = 5

    def __post_init__(self) -> None:
        if not isinstance(self.games, int) or isinstance(self.games, bool) or self.games < 1:
            raise StatLineError("games", f"a team plays at least one game, got {self.games!r}")
        if not 20 <= self.pace <= 150:
            raise StatLineError("pace", f"possessions per game must be 20-150, got {self.pace!r}")
        if self.team_minutes <= 0 or self.on_court < 1:
            raise StatLineError("team_minutes", "must be positive")

    @property
    def game_minutes(self) -> float:
        """Length of a game: team minutes divided by the players on court (40 in college)."""
        return self.team_minutes / self.on_court

    def on_court_share(self, line: SeasonLine) -> float:
        """Fraction of the team's season playing time the player was on the floor."""
        return line.min / (self.games * self.game_minutes)

    def team_possessions(self) -> float:
        return self.games * self.pace

    def possessions_on_court(self, line: SeasonLine) -> float:
        """Team possessions (of each side) played while the player was on the floor."""
        return self.team_possessions() * self.on_court_share(line)

    def per_possession(self, line: SeasonLine, key: str) -> float:
        poss = self.possessions_on_court(line)
        return getattr(line, key) / poss if poss else 0.0


def possessions(fga: float, oreb: float, tov: float, fta: float) -> float:
    """The usual possession estimate FGA - OREB + TOV + 0.44 FTA."""
    return fga - oreb + tov + FT_TRIP_FACTOR * fta


def touches(fga: float, tov: float, fta: float) -> float:
    return fga + tov + FT_TRIP_FACTOR * fta


def usage_share(line: SeasonLine, team_touches: float, ctx: TeamContext) -> float:
    """Share of his team's touches a player used while on the floor (usage rate as a fraction)."""
    share = ctx.on_court_share(line)
    if share <= 0 or team_touches <= 0:
        return 0.0
    return line.touches / (team_touches * share)


def rate_on_court(value: float, team_events: float, line: SeasonLine, ctx: TeamContext) -> float:
    """``value`` as a fraction of the team's ``team_events`` that happened while he was on the floor
    (offensive rebounds of team misses, steals of opponent touches, ...)."""
    share = ctx.on_court_share(line)
    if share <= 0 or team_events <= 0:
        return 0.0
    return value / (team_events * share)


def shrink(successes: float, attempts: float, prior_rate: float, prior_weight: float) -> float:
    """Small-sample rate pulled toward ``prior_rate`` as if ``prior_weight`` more attempts were seen."""
    return (successes + prior_rate * prior_weight) / (attempts + prior_weight)


def apportion(weights: Sequence[float], total: int, caps: Sequence[int] | None = None) -> list[int]:
    """Split ``total`` integer units among ``weights`` by the largest-remainder (Hamilton) method.

    Negative weights count as zero. Quotas are ``total * w / sum(w)``; each item gets the floor of
    its quota and the units left go to the largest remainders (ties: earlier item). With ``caps``
    no item exceeds its cap (units it cannot take go to the others). All-zero weights give zeros.
    """
    if total < 0:
        raise ValueError(f"apportion: total must be >= 0, got {total}")
    w = [max(0.0, float(x)) for x in weights]
    n = len(w)
    caps_l = list(caps) if caps is not None else [total] * n
    if len(caps_l) != n:
        raise ValueError("apportion: caps must match weights")
    if sum(min(c, total) for c in caps_l) < total and sum(w) > 0:
        raise ValueError(f"apportion: caps {caps_l} cannot hold {total} units")
    out = [0] * n
    s = sum(w)
    if s <= 0 or total == 0:
        return out
    quotas = [total * x / s for x in w]
    out = [min(int(math.floor(q + 1e-12)), c) for q, c in zip(quotas, caps_l)]
    left = total - sum(out)
    order = sorted(range(n), key=lambda i: (-(quotas[i] - math.floor(quotas[i] + 1e-12)), -quotas[i], i))
    while left > 0:
        progressed = False
        for i in order:
            if left == 0:
                break
            if out[i] < caps_l[i] and w[i] > 0:
                out[i] += 1
                left -= 1
                progressed = True
        if not progressed:  # only zero-weight items have room left
            for i in range(n):
                if left and out[i] < caps_l[i]:
                    out[i] += 1
                    left -= 1
    return out


def best_split(weights: Sequence[float], total: int, loss: Callable[[Sequence[int]], float],
               spread: int = 1, caps: Sequence[int] | None = None) -> list[int]:
    """The integer split of ``total`` near ``weights`` that minimises ``loss(counts)``.

    Starts from the largest-remainder split and searches every split with each count within
    ``spread`` of its quota's floor/ceiling (and within ``caps``) that still sums to ``total``;
    the largest-remainder split wins ties. Use it when the rounding of a few faces matters for a
    derived figure (a shooting percentage) more than the faces themselves.
    """
    start = apportion(weights, total, caps)
    best, best_loss = start, loss(start)
    s = sum(max(0.0, w) for w in weights)
    if s <= 0:
        return start
    quotas = [total * max(0.0, w) / s for w in weights]
    choices = []
    for i, q in enumerate(quotas):
        lo = max(0, int(math.floor(q)) - spread)
        hi = int(math.ceil(q)) + spread
        if caps is not None:
            hi = min(hi, caps[i])
        if max(0.0, weights[i]) == 0:
            lo = hi = 0
        choices.append(range(lo, max(lo, hi) + 1))
    for combo in itertools.product(*choices):
        if sum(combo) != total:
            continue
        val = loss(combo)
        if val < best_loss - 1e-12:
            best, best_loss = list(combo), val
    return list(best)


def consecutive_ranges(counts: Sequence[int], first: int = 1) -> list[tuple[int, int] | None]:
    """Turn face counts into consecutive ranges starting at ``first`` (None for a zero count)."""
    out: list[tuple[int, int] | None] = []
    lo = first
    for c in counts:
        if c <= 0:
            out.append(None)
        else:
            out.append((lo, lo + c - 1))
            lo += c
    return out


def nearest(value: float, allowed: Mapping[float, Any]) -> Any:
    """The item of ``allowed`` (value -> item) whose value is nearest ``value`` (ties: the lower)."""
    best_key = min(allowed, key=lambda k: (abs(k - value), k))
    return allowed[best_key]


def clamp(x: float, lo: float, hi: float) -> float:
    return lo if x < lo else hi if x > hi else x


def round_half_up(x: float) -> int:
    return int(math.floor(x + 0.5))
