"""What a season or tournament screen shows: standings (with tiebreaks), team and player statistics
per game, league leaders, results, and a knockout bracket; as data (lists of dicts) and as text.

Tiebreaks. The rule texts give none, so coachgym uses the leagues' own (docs/series.md):
* basketball (Statis Pro, 4th Street, Value Add): winning percentage; then the head-to-head record
  among the tied teams; then point differential; then points scored; then the order the teams
  were entered.
* FUBA league (a ruleset whose ``Sport.standings`` is ``points``): 3 points for a win, 1 for a draw; then goal difference; then goals scored; then the
  head-to-head points among the tied teams; then the order entered.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from ..core.words import counted

if TYPE_CHECKING:  # pragma: no cover
    from .competition import Competition, GameRow

# leader categories: (title, candidate box columns) - the first column a ruleset's box score has
LEADER_CATEGORIES = (
    ("Points", ("PTS", "pts")),
    ("Rebounds", ("REB", "reb")),
    ("Assists", ("AST", "ast")),
    ("Steals", ("STL", "stl")),
    ("Blocks", ("BLK", "blk")),
    ("3-pointers", ("3PM", "tpm")),
)


def points_table(comp: "Competition") -> bool:
    """Whether the table counts points (3 a win, 1 a draw) and goals, as a football league does, rather
    than winning percentage (the ruleset's ``Sport.standings``)."""
    from .. import rulesets

    return rulesets.get(comp.ruleset).sport.standings == "points"


def _records(comp: "Competition", games: list["GameRow"] | None = None) -> dict[str, dict]:
    games = comp.games if games is None else games
    rec = {e.key: {"key": e.key, "name": e.name, "coach": e.coach, "gp": 0, "w": 0, "l": 0, "d": 0, "pf": 0, "pa": 0,
                   "hw": 0, "hl": 0, "hd": 0, "aw": 0, "al": 0, "ad": 0, "form": [], "pos": e.position}
           for e in comp.entries}
    for g in sorted(games, key=lambda g: (g.round, g.slot)):
        for side, key, pf, pa in ((0, g.home, g.home_score, g.away_score), (1, g.away, g.away_score, g.home_score)):
            r = rec[key]
            r["gp"] += 1
            r["pf"] += pf
            r["pa"] += pa
            res = "w" if pf > pa else "l" if pf < pa else "d"
            r[res] += 1
            r[("h" if side == 0 else "a") + res] += 1
            r["form"].append(res.upper())
    for r in rec.values():
        r["pct"] = (r["w"] + 0.5 * r["d"]) / r["gp"] if r["gp"] else 0.0
        r["points"] = 3 * r["w"] + r["d"]
        r["diff"] = r["pf"] - r["pa"]
        streak = ""
        if r["form"]:
            last = r["form"][-1]
            n = 0
            for x in reversed(r["form"]):
                if x != last:
                    break
                n += 1
            streak = f"{last}{n}"
        r["streak"] = streak
        r["last10"] = "-".join(str(r["form"][-10:].count(x)) for x in ("W", "L", "D") if x != "D" or r["d"])
    return rec


def standings(comp: "Competition") -> list[dict]:
    """Rows best first, with ``rank``, ``gb`` (games behind, basketball) and the tiebreak used."""
    rec = _records(comp)
    fb = points_table(comp)
    primary = (lambda r: r["points"]) if fb else (lambda r: r["pct"])
    groups: dict[float, list[dict]] = defaultdict(list)
    for r in rec.values():
        groups[primary(r)].append(r)
    rows: list[dict] = []
    for value in sorted(groups, reverse=True):
        tied = groups[value]
        if len(tied) > 1:
            keys = {r["key"] for r in tied}
            h2h = _records(comp, [g for g in comp.games if g.home in keys and g.away in keys])
            if fb:
                tied.sort(key=lambda r: (-r["diff"], -r["pf"], -h2h[r["key"]]["points"], r["pos"]))
            else:
                tied.sort(key=lambda r: (-h2h[r["key"]]["pct"], -r["diff"], -r["pf"], r["pos"]))
        rows.extend(tied)
    if rows and not fb:
        lead = rows[0]
        for r in rows:
            r["gb"] = ((lead["w"] - r["w"]) + (r["l"] - lead["l"])) / 2
    for i, r in enumerate(rows):
        r["rank"] = i + 1
    return rows


def _played(line: dict, columns: list[str]) -> bool:
    """Did the player appear? Minutes or possessions where the box keeps them, else any figure."""
    for c in ("min", "POSS"):
        if c in columns:
            return line.get(c, 0) > 0
    return any(line.get(c, 0) for c in columns)


def player_stats(comp: "Competition", key: str | None = None) -> list[dict]:
    """Per player (of one team, or of all): games played and per-game averages of every box column."""
    sums: dict[tuple[str, str], dict] = {}
    for g in comp.games:
        cols = g.box["columns"]
        for side, team in ((0, g.home), (1, g.away)):
            if key is not None and team != key:
                continue
            for line in g.box["teams"][side]["players"]:
                if not _played(line, cols):
                    continue
                s = sums.setdefault((team, line["name"]), {"team": team, "name": line["name"], "gp": 0,
                                                           **{c: 0 for c in cols}})
                s["gp"] += 1
                for c in cols:
                    s[c] += line.get(c, 0)
    rows = []
    for s in sums.values():
        row = {"team": s["team"], "name": s["name"], "gp": s["gp"]}
        for c, v in s.items():
            if c not in ("team", "name", "gp"):
                row[c] = v / s["gp"]
                row[c + "_total"] = v
        rows.append(row)
    pts = next((c for c in ("PTS", "pts") if rows and c in rows[0]), None)
    rows.sort(key=lambda r: (r["team"], -(r.get(pts, 0) if pts else 0), r["name"]))
    return rows


def team_stats(comp: "Competition") -> list[dict]:
    """Per team: per-game averages of its box-score totals, and of its opponents'."""
    out: dict[str, dict] = {}
    for g in comp.games:
        for side, key in ((0, g.home), (1, g.away)):
            t = out.setdefault(key, {"key": key, "gp": 0, "for": defaultdict(float), "against": defaultdict(float)})
            t["gp"] += 1
            for k, v in g.box["teams"][side]["totals"].items():
                t["for"][k] += v
            for k, v in g.box["teams"][1 - side]["totals"].items():
                t["against"][k] += v
    rows = []
    for e in comp.entries:
        t = out.get(e.key)
        if not t:
            continue
        rows.append({"key": e.key, "name": e.name, "gp": t["gp"], "for": {k: v / t["gp"] for k, v in t["for"].items()},
                     "against": {k: v / t["gp"] for k, v in t["against"].items()}})
    return rows


def leaders(comp: "Competition", top: int = 5, min_share: float = 0.5) -> list[tuple[str, str, list[dict]]]:
    """(category, column, best players per game) for each category the ruleset's box score keeps.
    A player qualifies with games played of at least ``min_share`` of his team's games."""
    rows = player_stats(comp)
    if not rows:
        return []
    team_gp = {r["key"]: r["gp"] for r in _records(comp).values()}
    qualified = [r for r in rows if r["gp"] >= min_share * team_gp.get(r["team"], 0)]
    out = []
    for title, cands in LEADER_CATEGORIES:
        col = next((c for c in cands if c in rows[0]), None)
        if col is None:
            continue
        best = sorted(qualified, key=lambda r: (-r[col], r["name"]))[:top]
        out.append((title, col, best))
    return out


def bracket(comp: "Competition") -> list[dict]:
    """A knockout's ties round by round: teams, games (with replays), winner."""
    ko = comp.schedule
    by_key = {(g.round, g.slot): g for g in comp.games}
    out = []
    for round_no, t, a, b, games, winner in ko.walk(comp.results()):
        out.append({"round": round_no, "tie": t, "a": a, "b": b, "winner": winner,
                    "games": [by_key[(r.round, r.slot)] for r in games]})
    return out


# ------------------------------------------------------------------------------------ text
def _name(comp: "Competition", key: str | None, width: int = 0) -> str:
    if key is None:
        return "(bye)".ljust(width)
    return comp.entry[key].name[:max(width, 1) if width else 99].ljust(width)


def render_standings(comp: "Competition") -> str:
    rows = standings(comp)
    w = max([len(r["name"]) for r in rows] + [4])
    if points_table(comp):
        head = f"{'':>3} {'team':<{w}}  {'P':>3} {'W':>3} {'D':>3} {'L':>3} {'GF':>4} {'GA':>4} {'GD':>4} {'Pts':>4}  form   coach"
        lines = [head, "-" * len(head)]
        for r in rows:
            lines.append(f"{r['rank']:>3} {r['name']:<{w}}  {r['gp']:>3} {r['w']:>3} {r['d']:>3} {r['l']:>3} {r['pf']:>4} "
                         f"{r['pa']:>4} {r['diff']:>+4} {r['points']:>4}  {''.join(r['form'][-5:]):<5}  {r['coach']}")
        return "\n".join(lines)
    head = (f"{'':>3} {'team':<{w}}  {'W':>3} {'L':>3} {'PCT':>5} {'GB':>5} {'HOME':>6} {'ROAD':>6} {'PF/G':>6} "
            f"{'PA/G':>6} {'DIFF':>6} {'STRK':>5} {'L10':>6}  coach")
    lines = [head, "-" * len(head)]
    for r in rows:
        gp = max(1, r["gp"])
        gb = "-" if r["gb"] == 0 else f"{r['gb']:.1f}"
        lines.append(f"{r['rank']:>3} {r['name']:<{w}}  {r['w']:>3} {r['l']:>3} {r['pct']:>5.3f} {gb:>5} "
                     f"{r['hw']:>3}-{r['hl']:<2} {r['aw']:>3}-{r['al']:<2} {r['pf'] / gp:>6.1f} {r['pa'] / gp:>6.1f} "
                     f"{(r['pf'] - r['pa']) / gp:>+6.1f} {r['streak']:>5} {r['last10']:>6}  {r['coach']}")
    return "\n".join(lines)


def render_leaders(comp: "Competition", top: int = 5) -> str:
    blocks = []
    found = leaders(comp, top)
    # whole names: the columns are as wide as the longest player and team name shown
    nw = max([24] + [len(r["name"]) for _, _, best in found for r in best])
    tw = max([18] + [len(comp.entry[r["team"]].name) for _, _, best in found for r in best])
    for title, col, best in found:
        lines = [f"{title} per game"]
        for i, r in enumerate(best):
            lines.append(f"  {i + 1}. {r['name']:<{nw}} {comp.entry[r['team']].name:<{tw}} {r[col]:>5.1f}  ({r['gp']} gp)")
        blocks.append("\n".join(lines))
    if not blocks:
        return "(no player statistics: the box scores name no players)" if comp.games else "(no games yet)"
    # two columns of blocks side by side read like a newspaper's leaders box
    out = []
    for i in range(0, len(blocks), 2):
        left = blocks[i].splitlines()
        right = blocks[i + 1].splitlines() if i + 1 < len(blocks) else []
        width = max(len(x) for x in left) + 4
        for k in range(max(len(left), len(right))):
            out.append(f"{left[k] if k < len(left) else '':<{width}}{right[k] if k < len(right) else ''}".rstrip())
        out.append("")
    return "\n".join(out).rstrip()


def render_team_stats(comp: "Competition") -> str:
    rows = team_stats(comp)
    if not rows:
        return "(no games yet)"
    cols = [c for c in comp.games[0].box["columns"] if c not in ("min", "POSS")]
    cols = (["score"] + [c for c in cols if c not in ("PTS", "pts", "G")])[:14]
    w = max(len(r["name"]) for r in rows)
    head = f"{'team':<{w}} {'GP':>3}" + "".join(f"{c if c != 'score' else ('GF' if points_table(comp) else 'PTS'):>6}" for c in cols)
    lines = [head, "-" * len(head)]
    for r in rows:
        lines.append(f"{r['name']:<{w}} {r['gp']:>3}" + "".join(f"{r['for'].get(c, 0):>6.1f}" for c in cols))
    lines.append("")
    lines.append(f"{'opponents':<{w}}")
    for r in rows:
        lines.append(f"{r['name']:<{w}} {r['gp']:>3}" + "".join(f"{r['against'].get(c, 0):>6.1f}" for c in cols))
    return "\n".join(lines)


def render_players(comp: "Competition", key: str) -> str:
    rows = player_stats(comp, key)
    if not rows:
        return f"{comp.entry[key].name}: no player statistics yet"
    cols = [c for c in comp.games[0].box["columns"]]
    w = max(len(r["name"]) for r in rows) + 1
    head = f"{'player':<{w}}{'GP':>4}" + "".join(f"{c:>6}" for c in cols)
    lines = [f"{comp.entry[key].name} (coach: {comp.entry[key].coach}) - per game", head, "-" * len(head)]
    for r in rows:
        lines.append(f"{r['name']:<{w}}{r['gp']:>4}" + "".join(f"{r.get(c, 0):>6.1f}" for c in cols))
    return "\n".join(lines)


def render_results(comp: "Competition", last: int | None = None) -> str:
    games = sorted(comp.games, key=lambda g: (g.round, g.slot))
    if last is not None:
        games = games[-last:]
    if not games:
        return "(no games yet)"
    w = max(len(e.name) for e in comp.entries)
    lines = []
    current = None
    for g in games:
        if g.label != current:
            current = g.label
            lines.append(current)
        at = "vs" if g.neutral else "at"
        lines.append(f"  #{g.id:<5} {_name(comp, g.away, w)} {g.away_score:>3}  {at}  {_name(comp, g.home, w)} {g.home_score:>3}")
    return "\n".join(lines)


def render_bracket(comp: "Competition") -> str:
    ties = bracket(comp)
    if not ties:
        return "(no bracket)"
    w = max(len(e.name) for e in comp.entries)
    lines = []
    current = None
    size = comp.schedule.size
    from .schedule import round_label

    for t in ties:
        if t["round"] != current:
            current = t["round"]
            lines.append(round_label(size >> (current - 1)))
        if t["a"] is None or t["b"] is None:
            lines.append(f"  {_name(comp, t['winner'], w)}  bye")
            continue
        games = [f"{'replay: ' if i else ''}{comp.entry[g.home].name} {g.home_score}-{g.away_score} "
                 f"{comp.entry[g.away].name}" for i, g in enumerate(t["games"])]
        win = f"-> {comp.entry[t['winner']].name}" if t["winner"] else "(to play)"
        lines.append(f"  {_name(comp, t['a'], w)} v {_name(comp, t['b'], w)}  {win}")
        lines += [f"      {x}" for x in games]
    champ = comp.champion()
    if champ:
        lines.append(f"\nChampion: {comp.entry[champ].name}")
    return "\n".join(lines)


def render_screen(comp: "Competition", results: int = 10) -> str:
    """The season screen: header, standings (or bracket), leaders, latest results, who is out."""
    total = comp.total_games()
    progress = f"{len(comp.games)}/{counted(total, 'game')}" if total else counted(len(comp.games), "game")
    status = "final" if comp.finished else "in progress"
    title = f"{comp.name} - {rulesets_title(comp.ruleset)} {comp.kind}, {progress}, {status}"
    parts = [title, "=" * len(title), ""]
    if comp.fmt["type"] == "knockout":
        parts += ["BRACKET", render_bracket(comp), ""]
    else:
        parts += ["STANDINGS", render_standings(comp), ""]
        champ = comp.champion()
        if champ:
            parts += [f"Champion: {comp.entry[champ].name}", ""]
    if comp.games:
        parts += ["LEADERS", render_leaders(comp), ""]
        parts += ["LATEST RESULTS" if results else "RESULTS", render_results(comp, results or None), ""]
    out_lines = _carry_lines(comp)
    if out_lines:
        parts += ["CARRIED OVER", *out_lines, ""]
    return "\n".join(parts).rstrip() + "\n"


def _carry_lines(comp: "Competition") -> list[str]:
    """Who is out and which skills changed hands, for the season screen (current state only)."""
    from . import carryover

    carry = carryover.for_ruleset(comp.ruleset)
    lines = []
    for key, state in comp.states().items():
        for line in carry.describe(state):
            if "missed through injury" not in line:
                lines.append(f"  {comp.entry[key].name}: {line}")
    return lines


def carry_lines(comp: "Competition", key: str) -> list[str]:
    """Everything carried over for one team (including games missed so far), for its page."""
    from . import carryover

    return carryover.for_ruleset(comp.ruleset).describe(comp.states()[key])


def rulesets_title(name: str) -> str:
    from .. import rulesets

    return rulesets.entry(name).title
