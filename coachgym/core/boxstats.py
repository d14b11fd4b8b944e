"""The statistics a ruleset's realism figures compare (``coachgym.evaluation.realism``; each
ruleset declares its own in ``coachgym/rules/<name>/realism.py``, its registration's ``realism``
part): a statistic is a mean of f(totals) per team-game (or per match), or a ratio of two such sums
(times 100); ``totals`` is a BoxScore.totals(side) dict, a match statistic gets both sides."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Callable

Totals = dict[str, float]


@dataclass(frozen=True)
class Stat:
    key: str
    label: str
    num: Callable[[Totals], float]
    den: Callable[[Totals], float] | None = None  # a ratio (x100) of sums when set

    def is_ratio(self) -> bool:
        return self.den is not None


def col(*names: str) -> Callable[[Totals], float]:
    """The sum of box columns ``names``."""
    return lambda t: float(sum(t.get(n, 0) for n in names))


def scaled(f: Callable[[Totals], float], k: float) -> Callable[[Totals], float]:
    """``f`` times ``k``."""
    return lambda t: k * f(t)


def basketball(cols: Mapping[str, tuple[str, ...]], scale: Mapping[str, float] | None = None, note: str = "",
                drop: tuple[str, ...] = ()) -> list[Stat]:
    """The basketball columns, given each ruleset's box-score column names; ``scale`` multiplies
    some columns (labelled with ``note``), ``drop`` leaves statistics out."""
    c = {k: col(*v) for k, v in cols.items()}
    for k, m in (scale or {}).items():
        c[k] = scaled(c[k], m)
    n = {k: note for k in (scale or {})}

    def poss(t: Totals) -> float:
        return c["FGA"](t) - c["ORB"](t) + c["TOV"](t) + 0.44 * c["FTA"](t)

    stats = [
        Stat("PTS", "points", c["PTS"]),
        Stat("FGM", "field goals made", c["FGM"]),
        Stat("FGA", "field goal attempts", c["FGA"]),
        Stat("FG%", "field goal %", c["FGM"], c["FGA"]),
        Stat("3PM", "three-pointers made", c["3PM"]),
        Stat("3PA", "three-point attempts", c["3PA"]),
        Stat("3P%", "three-point %", c["3PM"], c["3PA"]),
        Stat("3PA/FGA", "three-point attempts per 100 FGA", c["3PA"], c["FGA"]),
        Stat("FTM", "free throws made", c["FTM"]),
        Stat("FTA", "free throw attempts", c["FTA"]),
        Stat("FT%", "free throw %", c["FTM"], c["FTA"]),
        Stat("ORB", "offensive rebounds", c["ORB"]),
        Stat("DRB", "defensive rebounds", c["DRB"]),
        Stat("REB", "rebounds", col(*cols["ORB"], *cols["DRB"])),
        Stat("ORB%", "offensive rebound % (ORB / (ORB + DRB))", c["ORB"], lambda t: c["ORB"](t) + c["DRB"](t)),
        Stat("AST", "assists", c["AST"]) if "AST" in cols else None,
        Stat("STL", "steals", c["STL"]),
        Stat("BLK", "blocks", c["BLK"]),
        Stat("TOV", "turnovers", c["TOV"]),
        Stat("PF", "personal fouls", c["PF"]),
        Stat("POSS", "possessions (FGA - ORB + TOV + 0.44 FTA)", poss),
    ]
    n["POSS"] = note if scale else ""
    out = [s for s in stats if s is not None and s.key not in drop]
    return [Stat(s.key, s.label + n[s.key], s.num, s.den) if n.get(s.key) else s for s in out]


class StatList(list[Stat]):
    """A ruleset's statistics compared with real seasons (its registration's ``realism`` part);
    ``per_match``: counted for both teams of a match together (FUBA) rather than per team-game."""

    def __init__(self, stats: Iterable[Stat], per_match: bool = False):
        super().__init__(stats)
        self.per_match = per_match
