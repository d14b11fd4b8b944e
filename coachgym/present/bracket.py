"""The playoffs of a season played in the browser, in words: the round's name and each series.

The bracket is the JSON value ``coachgym/web/playoffs.py`` keeps with the season (the store's
``web_seasons.playoffs``). ``coachgym season show`` prints it with ``render``; the browser's season
page names its rounds with the same ``round_label``.
"""

from __future__ import annotations

from collections.abc import Mapping

# who played your team's game (the game's "coach"; the other games: both teams' own coaches)
WHO = {"person": "you coached it", "by-the-book": "the book coached your team", "trained": "the trained coach coached your team"}


# series groups not worth naming: the finals, and the one group of a bracket without conferences
NO_GROUP = ("Finals", "Playoffs")


def round_label(po: dict, k: int) -> str:
    """The name of round ``k`` (0 = the first) of a bracket with ``po["lengths"]`` rounds."""
    n = len(po.get("lengths") or [])
    left = n - k
    return {1: "Finals", 2: "Conference finals" if n == 4 else "Semi-finals", 3: "Conference semi-finals"}.get(
        left, "First round")


def series_line(s: dict, names: Mapping[str, str]) -> str:
    """One series: "(1) New York Knicks 3 – 1 (8) Indiana Pacers (best of 5, East): New York Knicks win"."""
    seeds = s.get("seeds") or [None, None]
    s0 = f"({seeds[0]}) " if seeds[0] else ""
    if not s.get("low"):
        return f"{s0}{names.get(s['high'], s['high'])} (a bye)"
    s1 = f"({seeds[1]}) " if len(seeds) > 1 and seeds[1] else ""
    group = "" if s["group"] in NO_GROUP else f", {s['group']}"
    line = (f"{s0}{names.get(s['high'], s['high'])} {s['wins'][0]} – {s['wins'][1]} {s1}{names.get(s['low'], s['low'])} "
            f"(best of {s['best_of']}{group})")
    if s.get("winner"):
        line += f": {names.get(s['winner'], s['winner'])} win"
    elif s["games"]:
        line += f", {len(s['games'])} game{'' if len(s['games']) == 1 else 's'} played"
    return line


def render(po: dict, names: Mapping[str, str]) -> str:
    """The whole bracket as text: its title, then each round played or under way, its series, and
    the champions once there are."""
    lines = [po.get("title") or "Playoffs"]
    for k, rnd in enumerate(po["rounds"]):
        lines.append(f"  {round_label(po, k)}")
        for s in rnd:
            lines.append(f"    {series_line(s, names)}")
            for i, g in enumerate(s["games"], 1):
                who = f" ({WHO.get(g['coach'], g['coach'])})" if g.get("coach") else ""
                lines.append(f"      game {i}: {names.get(g['away'], g['away'])} {g['away_score']} at "
                             f"{names.get(g['home'], g['home'])} {g['home_score']}{who}")
    if po.get("champion"):
        lines.append(f"Champions: {names.get(po['champion'], po['champion'])}")
    return "\n".join(lines) + "\n"
