"""The playoffs a season in the browser ends with (``season.py``), in the format of
``playoffs.json``: the 1993 NBA's 16 teams (best of 5, then 7, 7, 7), the 1980 NBA's 12 with two
byes a conference (best of 3, then 7, 7, 7), and a documented format for the bundled teams (the
top four, best of 3 then best of 5).

The bracket is a JSON value kept with the season (``web_seasons.playoffs``): its rounds, each a
list of series ``{"group", "high", "low", "best_of", "wins": [high, low], "games": [...],
"winner"}``; a game ``{"home", "away", "home_score", "away_score", "coach", "carry"}``. Each playoff
game is played with the teams as the season left them (the seeds' carry-over rules: injuries, the
real players' availability), folded on through the playoff games, from a seed that follows from the
season's seed, the round, the series and the game number.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from .. import rulesets
from ..core.engine import AWAY, HOME
from ..series import carryover
from ..series.competition import ScheduledGame, game_seed

FORMATS = json.loads(resources.files(__package__).joinpath("playoffs.json").read_text(encoding="utf-8"))
PATTERNS = {3: "HAH", 5: "HHAAH", 7: "HHAAHAH"}  # the better seed's home games


def format_of(comp: Any) -> dict:
    return FORMATS.get(comp.fmt.get("league") or "", FORMATS["bundled"])


def seeds(comp: Any, rows: list[dict]) -> list[tuple[str, list[str]]]:
    """The playoff teams of each conference (one group without conferences), best record first."""
    fmt = format_of(comp)
    n = fmt["per_conference"]
    lg_name = comp.fmt.get("league")
    if not lg_name:
        return [("Playoffs", [r["key"] for r in rows[:n]])]
    lg = rulesets.get(comp.ruleset).league(lg_name)
    out = []
    for conf in lg.conferences or {"League": tuple(lg.divisions)}:
        members = [r["key"] for r in rows if lg.conference_of(r["key"]) == conf] if lg.conferences else [r["key"] for r in rows]
        out.append((conf, members[:n]))
    return out


def start(comp: Any, rows: list[dict]) -> dict:
    """The bracket's first round from the regular season's standings (``tables.standings`` rows)."""
    fmt = format_of(comp)
    record = {r["key"]: (r["pct"], r["diff"]) for r in rows}
    first = []
    for group, teams in seeds(comp, rows):
        for hi, lo in fmt["first_round"]:
            high = teams[hi - 1] if hi - 1 < len(teams) else None
            low = teams[lo - 1] if lo is not None and lo - 1 < len(teams) else None
            first.append(_series(group, high, low, fmt["best_of"][0], hi, lo))
    return {"title": fmt["title"], "source": fmt["source"], "rounds": [first], "record": record, "champion": None}


def _series(group: str, high: str | None, low: str | None, best_of: int, hi_seed: int | None = None,
            lo_seed: int | None = None) -> dict:
    s = {"group": group, "high": high, "low": low, "best_of": best_of, "wins": [0, 0], "games": [], "winner": None,
         "seeds": [hi_seed, lo_seed]}
    if low is None:  # a bye
        s["winner"] = high
    return s


def needed(s: dict) -> int:
    return s["best_of"] // 2 + 1


def current(po: dict) -> list[dict]:
    return po["rounds"][-1]


def advance(po: dict) -> bool:
    """Once every series of the round is decided: the next round (neighbouring winners of a
    conference meet; the conferences' champions in the finals), or the champion. True if it moved."""
    rnd = current(po)
    if any(s["winner"] is None for s in rnd):
        return False
    k = len(po["rounds"])
    groups: dict[str, list[dict]] = {}
    for s in rnd:
        groups.setdefault(s["group"], []).append(s)
    best_of = _best_of(po, k)
    if all(len(v) == 1 for v in groups.values()):
        winners = [v[0]["winner"] for v in groups.values()]
        if len(winners) == 1:
            po["champion"] = winners[0]
            return True
        a, b = winners[0], winners[1]
        ra, rb = po["record"][a], po["record"][b]
        high, low = (a, b) if ra >= rb else (b, a)
        po["rounds"].append([_series("Finals", high, low, best_of)])
        return True
    nxt = []
    for group, series in groups.items():
        for i in range(0, len(series), 2):
            x, y = series[i], series[i + 1]
            sx = x["seeds"][0] if x["winner"] == x["high"] else x["seeds"][1]
            sy = y["seeds"][0] if y["winner"] == y["high"] else y["seeds"][1]
            if (sx or 99) <= (sy or 99):
                nxt.append(_series(group, x["winner"], y["winner"], best_of, sx, sy))
            else:
                nxt.append(_series(group, y["winner"], x["winner"], best_of, sy, sx))
    po["rounds"].append(nxt)
    return True


def _best_of(po: dict, round_index: int) -> int:
    lengths = po.get("lengths") or [7]
    return lengths[min(round_index, len(lengths) - 1)]


def open_series(po: dict, mine: str | None = None, exclude_mine: bool = True) -> list[tuple[int, dict]]:
    """(index, series) of the current round still undecided (without your team's, by default)."""
    out = []
    for i, s in enumerate(current(po)):
        if s["winner"] is not None:
            continue
        if exclude_mine and mine in (s["high"], s["low"]):
            continue
        out.append((i, s))
    return out


def states(comp: Any, po: dict) -> dict[str, dict]:
    """Each team's carried-over state: the regular season's, folded on through the playoff games."""
    carry = carryover.for_ruleset(comp.ruleset)
    ctx = comp.context_of  # each team's own (its real length where the teams' differ: 2019-20)
    st = comp.states()
    for rnd in po["rounds"]:
        for s in rnd:
            for g in s["games"]:
                st[g["home"]] = carry.advance(st[g["home"]], g["carry"][HOME], ctx(g["home"]))
                st[g["away"]] = carry.advance(st[g["away"]], g["carry"][AWAY], ctx(g["away"]))
    return st


def next_game(comp: Any, po: dict, index: int) -> ScheduledGame:
    """The next game of series ``index`` of the current round, both teams coached by their entries'
    coaches (the caller puts in yours)."""
    s = current(po)[index]
    n = len(s["games"])
    home, away = (s["high"], s["low"]) if PATTERNS.get(s["best_of"], "H" * 7)[n] == "H" else (s["low"], s["high"])
    st = states(comp, po)
    carry = carryover.for_ruleset(comp.ruleset)
    ctx = comp.context
    e = comp.entry
    h = carry.game_team(e[home].data, st[home], comp.context_of(home))
    a = carry.game_team(e[away].data, st[away], comp.context_of(away))
    options = carry.game_options(comp.options, False, ctx, [h, a])
    seed = game_seed(comp.seed, 1000 + len(po["rounds"]), index * 10 + n)
    return ScheduledGame(comp.ruleset, options, h, a, e[home].coach, e[away].coach, seed, carry.record_events(options))


def record(po: dict, index: int, task: ScheduledGame, out: dict, home: str, away: str, coach: str = "") -> None:
    """A played game into its series (and the series decided once a team has won enough)."""
    s = current(po)[index]
    s["games"].append({"home": home, "away": away, "home_score": out["home_score"], "away_score": out["away_score"],
                       "coach": coach, "carry": out["carry"], "box": out.get("box"), "seed": task.seed,
                       "home_coach": task.home_coach, "away_coach": task.away_coach})
    won = home if out["home_score"] > out["away_score"] else away
    s["wins"][0 if won == s["high"] else 1] += 1
    if max(s["wins"]) >= needed(s):
        s["winner"] = s["high"] if s["wins"][0] > s["wins"][1] else s["low"]
    advance(po)


def teams_of(comp: Any, po: dict, index: int) -> tuple[str, str]:
    """(home, away) keys of series ``index``'s next game."""
    s = current(po)[index]
    n = len(s["games"])
    return (s["high"], s["low"]) if PATTERNS.get(s["best_of"], "H" * 7)[n] == "H" else (s["low"], s["high"])


def new(comp: Any, rows: list[dict]) -> dict:
    po = start(comp, rows)
    po["lengths"] = format_of(comp)["best_of"]
    advance(po)  # (a round of byes only moves on at once)
    return po
