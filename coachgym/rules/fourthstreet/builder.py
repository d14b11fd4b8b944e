"""Card builder: a player's season statistics -> a full 4th Street card ("The Players").

The text prints no full card, so cards are reconstructed from season totals (``g min fgm fga tpm
tpa ftm fta orb drb ast stl blk tov pf``). The model (docs/rules/4th-street-basketball.md,
"Card builder"):

* grades from per-36-minute rates against league averages (``data/card_builder.json``);
* Level 1/2/3 sections: the share of shot cells follows the player's shot volume (more pass and
  drive cells for low-volume players, which sends the ball to a teammate), Level 3 shot cells
  follow his 3-point attempts, and the made cells are solved so that the expected field-goal
  percentage *including the defense's card reads* (matchups lost) equals his real one:
  ``FG = p*s*m / (p*s + (1-p)*d)`` with ``p`` the chance that his grade wins the matchup against
  an average defender, ``s`` the shot share of his section, ``d`` the FGA share of an average
  Defense section, solved for the make share ``m``;
* the Defense section carries steals, blocks and fouls in proportion to his rates;
* free throws: cells for the totals 2..12 whose 2d6 probabilities sum to his FT% (a 50/50 cell
  counts half).

Cells are laid out in a fixed order shuffled by a hash of the player's name (deterministic).
Run ``python -m coachgym.rules.fourthstreet.builder STATS.json OUT_DIR`` to build team files;
:func:`build_league` builds a real league folder from a Basketball-Reference "Totals" CSV
(``python tools/build_league.py fourthstreet FOLDER``, docs/league-seasons.md).
"""

from __future__ import annotations

import csv
import json
import sys
import zlib
from pathlib import Path
from typing import Any

from ...core.errors import TeamFileError
from ...core.statscsv import PlayerRow, StatsCsvError, by_slot, clamp_rating, nba_teams, rows_by_team
from .cards import SCHEMA

_CAL: dict | None = None


def calibration() -> dict:
    global _CAL
    if _CAL is None:
        _CAL = json.loads((Path(__file__).parent / "data" / "card_builder.json").read_text())
    return _CAL


def p_offense_wins(off_grade: int, def_grade: float) -> float:
    """Chance that d6 + off_grade >= d6 + def_grade (offense wins ties), def grade may be fractional."""
    lo, hi = int(def_grade // 1), int(def_grade // 1) + 1
    frac = def_grade - lo

    def p(dg: int) -> float:
        return sum(1 for a in range(1, 7) for b in range(1, 7) if a + off_grade >= b + dg) / 36

    return p(lo) * (1 - frac) + p(hi) * frac


def _clamp(x: float, lo: float, hi: float) -> float:
    return lo if x < lo else hi if x > hi else x


def _grade(x: float) -> int:
    return int(_clamp(round(x), 0, 3))


def _stochastic_grade(x: float, name: str, field: str) -> int:
    """A whole-number grade 0-3 whose expectation is the score ``x`` (clamped to 0..3): ``floor(x)``
    plus one with probability ``x - floor(x)``, the draw a hash of the player's name and the grade's
    field (deterministic; docs/rules/4th-street-basketball.md, section 14, "Season context")."""
    x = _clamp(x, 0, 3)
    lo = int(x // 1)
    u = (zlib.crc32(f"{name}|grade|{field}".encode()) % 100_000) / 100_000
    return int(min(3, lo + (1 if u < x - lo else 0)))


def _layout(name: str, section: str, cells: list[str]) -> list[str]:
    """Deterministic spread of the 36 cells over the grid (hash of name and section)."""
    seed = zlib.crc32(f"{name}|{section}".encode())
    order = list(range(36))
    # Fisher-Yates with a small LCG: deterministic and independent of Python's random module.
    x = seed or 1
    for i in range(35, 0, -1):
        x = (1103515245 * x + 12345) & 0x7FFFFFFF
        j = x % (i + 1)
        order[i], order[j] = order[j], order[i]
    grid = ["."] * 36
    for cell, slot in zip(cells, order):
        grid[slot] = cell
    return [" ".join(grid[r * 6:(r + 1) * 6]) for r in range(6)]


def _shot_cells(n: int, make: float, and_one: int, fifty: int, air: int, made_symbols: tuple[str, ...]) -> list[str]:
    """``n`` shot cells whose made share (50/50 = half, and-one = made) is ``make``."""
    if n <= 0:
        return []
    and_one = min(and_one, n)
    fifty = min(fifty, n - and_one)
    target = make * n - and_one - 0.5 * fifty
    made = int(_clamp(round(target), 0, n - and_one - fifty))
    air = min(air, n - and_one - fifty - made)
    miss = n - and_one - fifty - made - air
    out = ["P"] * and_one + ["U"] * fifty + [made_symbols[i % len(made_symbols)] for i in range(made)] + ["O"] * air + ["."] * miss
    return out


def free_throw_cells(ft_pct: float) -> str:
    """Symbols for totals 2..12 whose made probability (50/50 = half) is nearest ``ft_pct``.

    Exact to 1/72: a dynamic programme over the totals (extremes first, misses preferred there,
    as on the printed card where Abdul-Jabbar misses on 10 and rolls a 50/50 on 3)."""
    target = round(72 * (1 - ft_pct))
    order = (12, 2, 11, 3, 10, 4, 9, 5, 8, 6, 7)
    reach: dict[int, dict[int, str]] = {0: {}}
    for k in order:
        w = 6 - abs(k - 7)
        nxt: dict[int, dict[int, str]] = {}
        for total, assign in reach.items():
            for sym, units in ((".", 2 * w), ("U", w), ("N", 0)):
                t = total + units
                if t <= 72 and t not in nxt:
                    nxt[t] = {**assign, k: sym}
        reach = nxt
    best = min(reach, key=lambda t: (abs(t - target), t))
    cells = reach[best]
    return " ".join(cells[k] for k in range(2, 13))


def build_card(st: dict[str, Any], constants: dict | None = None, notes: list[str] | None = None) -> dict[str, Any]:
    """Build one card (team-file player object) from a stats line; ``constants`` replace some of
    ``data/card_builder.json``'s (calibration experiments: tools/fourthstreet_calibration.py). A
    rating or a section's cell count outside what the card holds (a few minutes' line can give a
    rebound rating of 151) is clamped to its range, with a line in ``notes`` naming the player and
    the field."""
    c = {**calibration(), **constants} if constants else calibration()
    name, pos = st["name"], int(st["pos"])
    mins = max(1.0, float(st["min"]))
    per36 = {k: float(st.get(k, 0)) / mins * 36 for k in ("fgm", "fga", "tpm", "tpa", "ftm", "fta", "orb", "drb", "ast", "stl", "blk", "tov", "pf")}
    fg = st["fgm"] / st["fga"] if st.get("fga") else c["league_fg_pct"]
    tp = st["tpm"] / st["tpa"] if st.get("tpa") else 0.0
    ft = st["ftm"] / st["fta"] if st.get("fta") else 0.7
    pts36 = 2 * per36["fgm"] + per36["tpm"] + per36["ftm"]
    usage = per36["fga"] / c["league_fga36"]
    score = (fg - c["league_fg_pct"]) / 0.05 + (pts36 - c["league_pts36"]) / 7
    big = pos >= 4
    # the season context (league_teams, section 14 "Season context"): the season's own league averages
    # (the defaults are 1979-80's), grades rounded stochastically, the team's defence added
    tp0, stl0, blk0 = c.get("league_tp_pct", 0.28), c.get("league_stl36", 1.2), c.get("league_blk36", 0.7)
    dshift = float(st.get("team_defense", 0.0)) * c.get("defense_grade_per_drtg", 0.0)
    # the team terms (teamterms.py; section 14, "Season context", team terms): the defense grades' shift added
    # to the Defense grades' scores (positive: a better defence), the offense term (below) to the field-goal
    # percentages the made cells are solved for, after the grades are read
    dshift += float(st.get("defense_grade_shift", 0.0))
    if c.get("grade_rounding") == "stochastic":
        def grade(x: float, field: str) -> int:
            return _stochastic_grade(x, name, field)
    else:
        def grade(x: float, field: str) -> int:
            return _grade(x)
    l1 = grade(1.3 + score + (0.4 if big else -0.3), "l1")
    l2 = grade(1.3 + score + (0.1 if pos in (2, 3) else 0), "l2")
    l3 = 0 if per36["tpa"] < 0.25 else grade(0.6 + (tp - tp0) / 0.08 + per36["tpa"] / 1.5, "l3")
    d1 = grade(1.0 + (per36["blk"] - blk0) / 0.9 + (0.5 if big else -0.4) + dshift, "d1")
    d2 = grade(1.2 + 0.5 * (per36["stl"] - stl0) / 0.5 + 0.5 * (per36["blk"] - blk0) / 0.9 + dshift, "d2")
    d3 = grade(1.2 + (per36["stl"] - stl0) / 0.5 + (-0.6 if big else 0.2) + dshift, "d3")
    oterm = float(st.get("offense_term", 0.0))
    if oterm:  # every grade read above from his own shooting; only the made cells' targets move
        fg, tp = fg + oterm, (tp + oterm if st.get("tpa") else tp)
    dsh = c["defense_card_shot_fraction"]
    avg_d = c["avg_defense_grade"]

    def solve(grade: int, shot_cells: int, fg_target: float, dshot: float = dsh) -> float:
        if shot_cells <= 0:
            return 0.0
        p = p_offense_wins(grade, avg_d)
        s = shot_cells / 36
        return _clamp(fg_target * (p * s + (1 - p) * dshot) / (p * s), 0.05, 0.97)

    def rng(field: str, value, lo, hi, why: str = ""):
        return clamp_rating(notes, name, field, value, lo, hi, why)

    # a section holds 36 cells: turnovers (at most 6 a section) and fouls drawn (at most 18 on Level 1)
    # leave room for shots
    to_cells = rng("turnover cells", int(round(per36["tov"] * c["offense_turnover_cells_per_tov36"])), 0, 18,
                   "6 a section")
    to1 = to3 = to_cells // 3
    to2 = to_cells - to1 - to3
    feed = int(round(per36["ast"] * c["feed_cells_per_ast36"]))
    and1 = int(round(per36["fta"] * c["and_one_cells_per_fta36"]))
    drawn1 = rng("Level 1 foul-drawn cells", int(round(per36["fta"] * c["drawn_foul_cells_per_fta36"])), 0, 18,
                 "half the section")
    drawn2 = int(round(drawn1 / 2))
    # Level 1: shots, fouls drawn and turnovers (no passes or drives)
    n1 = 36 - to1 - drawn1
    cells1 = _shot_cells(n1, solve(l1, n1, fg + c["level1_fg_bonus"]), and1, 3, 0, ("D", "N", "K") if big else ("N", "K", "D"))
    cells1 += ["T", "Z"][:to1] + ["T"] * max(0, to1 - 2) + ["F"] * drawn1
    # Level 2: shots, passes, drives, feeds
    share2 = _clamp(c["level2_shot_share"] * usage ** 0.7, 0.3, 0.92)
    n2 = max(0, int(round(36 * share2)) - to2 - drawn2)
    feed2 = min(feed, 36 - n2 - to2 - drawn2)
    rest2 = 36 - n2 - to2 - drawn2 - feed2
    drives2 = int(round(rest2 * c["level2_drive_share"][1 if big else 0]))
    passes2 = rest2 - drives2
    cells2 = _shot_cells(n2, solve(l2, n2, max(0.2, fg - c["level2_fg_penalty"])), int(round(and1 / 2)), 2, 1, ("N", "K"))
    cells2 += ["T", "Z"][:to2] + ["Z"] * max(0, to2 - 2) + ["@"] * feed2 + ["F"] * drawn2
    cells2 += [("^", "<", ">")[i % 3] for i in range(passes2)] + [("a", "l", "r")[i % 3] for i in range(drives2)]
    # Level 3: 3-point shots by volume, the rest passes and drives
    n3 = int(round(36 * _clamp(per36["tpa"] / c["level3_reads_per36"], 0, 0.8)))
    feed3 = min(feed, 36 - n3 - to3)
    rest3 = 36 - n3 - to3 - feed3
    drives3 = int(round(rest3 * c["level3_drive_share"][1 if big else 0]))
    passes3 = rest3 - drives3
    cells3 = _shot_cells(n3, solve(l3, n3, tp, 0.0 if not c["defensive_level3_misses_are_threes"] else dsh), 0, 1 if n3 >= 4 else 0, 1 if n3 >= 3 else 0, ("N",))
    cells3 += ["Z", "T"][:to3] + ["Z"] * max(0, to3 - 2) + ["@"] * feed3
    cells3 += [("^", "<", ">")[i % 3] for i in range(passes3)] + [("a", "l", "r")[i % 3] for i in range(drives3)]
    # Defense
    stl = int(round(per36["stl"] * c["steal_cells_per_stl36"]))
    blk = int(round(per36["blk"] * c["block_cells_per_blk36"]))
    fouls = int(round(per36["pf"] * c["foul_cells_per_pf36"]))
    h = zlib.crc32(name.encode())
    extras = ["C"] * c["defense_charge_cells"] + ["T", "Z", "J", "O"] + (["W"] if h % 2 else []) + (["I"] if st.get("g", 82) < 72 or h % 5 == 0 else [])
    celld = ["S"] * stl + ["X"] * blk + ["F"] * fouls + extras
    rng("Defense section cells", len(celld), 0, 36, "steals, blocks, fouls and the fixed cells; the last ones left out")
    celld = celld[:36] + ["."] * max(0, 36 - len(celld))
    for cells in (cells1, cells2, cells3):
        assert len(cells) == 36, (name, len(cells))
    mpg = mins / max(1, st.get("g", 82))
    trb48 = (st.get("orb", 0) + st.get("drb", 0)) / mins * 48
    thr_o, thr_d = c["orb36_thresholds"], c["drb36_thresholds"]
    card = {
        "name": name, "pos": pos,
        "rec": rng("rec", int(round(c["rec_per_fga48"] * st.get("fga", 0) / mins * 48)), 0, 200,
                   "from field-goal attempts per 48 minutes"),
        "ast": rng("ast", int(round(c["ast_per_ast48"] * st.get("ast", 0) / mins * 48)), 0, 99,
                   "from assists per 48 minutes"),
        "jmp": _grade((pos - 1) * 0.5 + (per36["blk"] - 0.7) * 0.5),
        "orb": int(sum(per36["orb"] >= t for t in thr_o)), "drb": int(sum(per36["drb"] >= t for t in thr_d)),
        "trb": rng("trb", int(round(c["trb_per_trb48"] * trb48)), 0, 99, "from rebounds per 48 minutes"),
        "inj": next(v for g, v in ((80, 5), (76, 4), (70, 3), (60, 2), (45, 1), (0, 0)) if st.get("g", 82) >= g),
        # minutes a stint before fatigue: round(minutes a game / fat_mpg_divisor) + 1 within fat_range
        "fat": int(_clamp(round(mpg / c.get("fat_mpg_divisor", 4)) + 1, *c.get("fat_range", (3, 12)))),
        "grades": {"l1": l1, "l2": l2, "l3": l3, "def": [d1, d2, d3]},
        "level1": _layout(name, "level1", cells1),
        "level2": _layout(name, "level2", cells2),
        "level3": _layout(name, "level3", cells3),
        "defense": _layout(name, "defense", celld),
        "free_throws": free_throw_cells(ft),
        "stats": {k: st[k] for k in ("g", "min", "fgm", "fga", "tpm", "tpa", "ftm", "fta", "orb", "drb", "ast", "stl", "blk", "tov", "pf") if k in st},
    }
    return card


def build_team(spec: dict[str, Any], constants: dict | None = None, notes: list[str] | None = None) -> dict[str, Any]:
    """A team file from ``{"name", "abbr", "season", "fictional", "source"?, "lineup", "players": [stats...]}``
    (ratings clamped to their ranges add a line to ``notes``)."""
    players = []
    for st in spec["players"]:
        card = build_card(st, constants, notes)
        card.update(st.get("printed", {}))  # printed grades/ratings (the sample game) win over the builder
        for section, cells in st.get("printed_cells", {}).items():
            if section == "free_throws":
                ft = card["free_throws"].split()
                for total, sym in cells.items():
                    ft[int(total) - 2] = sym
                card["free_throws"] = " ".join(ft)
                continue
            rows = [r.split() for r in card[section]]
            for key, sym in cells.items():  # "b5o2": black 5, orange 2
                rows[int(key[1]) - 1][int(key[3]) - 1] = sym
            card[section] = [" ".join(r) for r in rows]
        players.append(card)
    out = {"schema": SCHEMA, "name": spec["name"], "abbr": spec.get("abbr", spec["name"][:3].upper()),
           "season": spec.get("season", "1979-80 NBA"), "fictional": spec["fictional"]}
    for k in ("source", "note"):
        if k in spec:
            out[k] = spec[k]
    cal = calibration()["calibration"].split(":")[0]  # how the cards were built (provenance)
    out["built"] = (f"cards by coachgym.rules.fourthstreet.builder, data/card_builder.json calibration {cal}"
                    + (f" with {json.dumps(constants, sort_keys=True)}" if constants else "")
                    + ("; printed cells and grades of the text applied over them" if any("printed" in st or "printed_cells" in st
                                                                                        for st in spec["players"]) else ""))
    out["lineup"] = spec["lineup"]
    out["players"] = players
    return out


# ------------------------------------------------------------------------------------ real leagues
#: Basketball-Reference's position -> the card's position number (a "SG-PG" line: its first position).
POSITIONS = {"PG": 1, "SG": 2, "SF": 3, "PF": 4, "C": 5, "G": 2, "F": 4, "G-F": 2, "F-G": 3, "F-C": 4, "C-F": 5}
#: The columns of a Basketball-Reference season "Totals" export that the builder reads.
TOTALS_COLUMNS = ("Player", "Pos", "Tm", "G", "MP", "FG", "FGA", "3P", "3PA", "FT", "FTA", "ORB", "DRB", "TRB",
                  "AST", "STL", "BLK", "TOV", "PF")
#: Statistics the league did not keep in old seasons, estimated where the cell is empty (docs/league-seasons.md):
#: no three-point line before 1979-80 (0), turnovers before 1977-78, offensive/defensive rebounds,
#: steals and blocks before 1973-74.
ORB_SHARE = {1: 0.30, 2: 0.30, 3: 0.35, 4: 0.35, 5: 0.32}  # share of a player's rebounds that are offensive
STL36 = {1: 1.6, 2: 1.4, 3: 1.2, 4: 1.0, 5: 0.8}  # 1979-80 per-36 averages by position (of the bundled league)
BLK36 = {1: 0.2, 2: 0.3, 3: 0.5, 4: 0.9, 5: 1.7}


def read_totals_csv(path: Path | str) -> list[dict[str, Any]]:
    """Rows of a season "Totals" CSV as dicts of the builder's statistics (``name pos team g min fgm
    fga tpm tpa ftm fta orb drb ast stl blk tov pf``); a row's empty cells in old-season columns are
    estimated (``estimated`` lists them). Errors name the file, the line and the column."""
    path = Path(path)
    try:
        fh = path.open(newline="", encoding="utf-8-sig")
    except OSError as exc:
        raise TeamFileError(path, "<file>", f"cannot be read: {exc.strerror or exc}") from exc
    with fh:
        reader = csv.DictReader(fh)
        missing = [c for c in TOTALS_COLUMNS if c not in (reader.fieldnames or [])]
        if missing:
            raise TeamFileError(path, "header", f"missing column(s) {', '.join(missing)}; a Basketball-Reference "
                                                f"Totals export has {', '.join(TOTALS_COLUMNS)}")
        rows = []
        seen: dict[tuple[str, str], int] = {}
        for line, raw in enumerate(reader, start=2):
            if not raw.get("Player") or raw["Player"] == "Player":  # blank or a repeated header row
                continue
            name = raw["Player"].rstrip("*").strip()
            pos_code = (raw["Pos"] or "").split("-")[0] if raw["Pos"] not in POSITIONS else raw["Pos"]
            if pos_code not in POSITIONS:
                raise TeamFileError(path, f"line {line}, column Pos", f"{raw['Pos']!r} is not a position "
                                                                      f"({', '.join(POSITIONS)})")
            pos = POSITIONS[pos_code]
            team = (raw["Tm"] or "").strip()
            if not team:
                raise TeamFileError(path, f"line {line}, column Tm", "is empty (the team's code, or TOT)")
            if (name, team) in seen:
                raise TeamFileError(path, f"line {line}, column Player", f"{name} ({team}) is listed twice "
                                                                         f"(first on line {seen[name, team]})")
            seen[name, team] = line

            def number(col: str, optional: bool = False, raw: dict = raw, line: int = line) -> int | None:
                text = (raw.get(col) or "").strip()
                if not text:
                    if optional:
                        return None
                    raise TeamFileError(path, f"line {line}, column {col}", "is empty (a whole number is needed)")
                try:
                    value = int(float(text))
                except ValueError:
                    raise TeamFileError(path, f"line {line}, column {col}", f"{text!r} is not a number") from None
                if value < 0:
                    raise TeamFileError(path, f"line {line}, column {col}", f"{value} is negative")
                return value

            st: dict[str, Any] = {"name": name, "pos": pos, "team": team, "g": number("G"), "min": number("MP"),
                                  "fgm": number("FG"), "fga": number("FGA"), "ftm": number("FT"), "fta": number("FTA"),
                                  "ast": number("AST"), "pf": number("PF")}
            est = []
            st["tpm"], st["tpa"] = number("3P", True), number("3PA", True)
            if st["tpm"] is None or st["tpa"] is None:
                st["tpm"], st["tpa"] = 0, 0
                est.append("3P")
            orb, drb, trb = number("ORB", True), number("DRB", True), number("TRB", True)
            if orb is None or drb is None:
                if trb is None:
                    raise TeamFileError(path, f"line {line}, column TRB", "is empty and so are ORB/DRB")
                orb = int(round(trb * ORB_SHARE[pos]))
                drb = trb - orb
                est.append("ORB/DRB")
            st["orb"], st["drb"] = orb, drb
            for col, key, per36 in (("STL", "stl", STL36), ("BLK", "blk", BLK36)):
                v = number(col, True)
                if v is None:
                    v = int(round(per36[pos] * st["min"] / 36))
                    est.append(col)
                st[key] = v
            tov = number("TOV", True)
            if tov is None:
                tov = int(round(0.16 * (st["fga"] + 0.44 * st["fta"])))
                est.append("TOV")
            st["tov"] = tov
            if st["fgm"] > st["fga"] or st["ftm"] > st["fta"] or st["tpm"] > st["tpa"] or st["tpm"] > st["fgm"]:
                raise TeamFileError(path, f"line {line}", "made shots exceed attempts (FG/FGA, FT/FTA, 3P/3PA)")
            if est:
                st["estimated"] = est
            rows.append(st)
    return rows


def league_rosters(rows: list[dict[str, Any]], franchises: dict[str, dict], roster_size: int = 12,
                   path: str = "stats.csv") -> dict[str, dict[str, Any]]:
    """Each franchise's roster (team stem -> builder spec without the header fields): its players'
    per-team rows (a traded player's TOT row is not used), the ``roster_size`` with most minutes,
    and a lineup of the five with most minutes (the data gives no games started for 1979-80), in
    position order for the slots 1-5 (PG to C; equal positions by minutes)."""
    by_code = {f["code"]: stem for stem, f in franchises.items()}
    out: dict[str, dict[str, Any]] = {}
    for stem, fr in franchises.items():
        players = sorted((r for r in rows if r["team"] == fr["code"]), key=lambda r: (-r["min"], r["name"]))
        if len(players) < 10:
            raise TeamFileError(path, "Tm", f"{fr['code']} ({stem}) has {len(players)} player rows; a team needs 10")
        players = players[:roster_size]
        lineup = [p["name"] for p in sorted(players[:5], key=lambda p: (p["pos"], -p["min"]))]
        out[stem] = {"lineup": lineup, "players": [{k: v for k, v in p.items() if k not in ("team", "estimated")}
                                                   for p in players]}
    unknown = sorted({r["team"] for r in rows} - set(by_code) - {"TOT"})
    if unknown:
        raise TeamFileError(path, "Tm", f"team code(s) {', '.join(unknown)} are not franchises of the league")
    return out


def build_league(folder: Path | str, stats: Path | str | None = None) -> dict[str, dict]:
    """The team files of the league in ``folder`` (its ``league.json`` names the franchises: stem ->
    ``{"code", "name"}``) built from ``stats`` (default: the folder's ``stats.csv``). Returns stem ->
    team-file data; :func:`write_league` writes them."""
    folder = Path(folder)
    meta = json.loads((folder / "league.json").read_text(encoding="utf-8"))
    franchises = meta.get("franchises")
    if not isinstance(franchises, dict) or not franchises:
        raise TeamFileError(folder / "league.json", "franchises", "must map each team's stem to {code, name}")
    stats_path = Path(stats) if stats is not None else folder / "stats.csv"
    rows = read_totals_csv(stats_path)
    rosters = league_rosters(rows, franchises, path=str(stats_path))
    out = {}
    for stem, fr in franchises.items():
        spec = {"name": fr["name"], "abbr": fr["code"], "season": f"{meta['season']} NBA", "fictional": False,
                "source": meta["source"], "note": f"{meta['title']}: {fr['name']}; real players' season totals "
                                                  f"(stats.csv of the league {meta['name']}).",
                **rosters[stem]}
        out[stem] = build_team(spec)
    return out


def write_league(folder: Path | str, stats: Path | str | None = None) -> list[Path]:
    """Build and write the team files of the league in ``folder`` (see :func:`build_league`)."""
    folder = Path(folder)
    written = []
    for stem, data in build_league(folder, stats).items():
        path = folder / f"{stem}.json"
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m coachgym.rules.fourthstreet.builder STATS.json OUT_DIR", file=sys.stderr)
        return 2
    spec = json.loads(Path(argv[0]).read_text())
    outdir = Path(argv[1])
    outdir.mkdir(parents=True, exist_ok=True)
    for team in spec["teams"]:
        (outdir / f"{team['id']}.json").write_text(json.dumps(build_team(team), indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))


# ------------------------------------------------------------ coachgym cards build (core/cardsbuild.py)
_FS_POS = {"PG": 1, "G": 1, "SG": 2, "GF": 2, "SF": 3, "F": 3, "PF": 4, "FC": 4, "C": 5}


def season_context(lines: list[dict[str, Any]], team_stats=None, notes: list[str] | None = None) -> tuple[dict[str, Any], dict[str, float]]:
    """The season context of a real league's cards (section 14, "Season context"): the builder's
    constants with the season's own league averages (FG%, points, FGA, 3P%, steals and blocks per
    36 minutes, from the players' lines ``lines``), stochastic rounding of the grades, and each
    team's defence: its defensive rating (opponents' points per 100 possessions, from the team
    statistics; never the standings) minus the league's, per team code (empty without the columns)."""
    cal = calibration()["season_context"]
    tot = {k: sum(float(st.get(k) or 0) for st in lines) for k in ("min", "fgm", "fga", "tpm", "tpa", "ftm", "stl", "blk")}
    mins = max(1.0, tot["min"])
    consts: dict[str, Any] = {
        "league_fg_pct": round(tot["fgm"] / max(1.0, tot["fga"]), 4),
        "league_pts36": round((2 * tot["fgm"] + tot["tpm"] + tot["ftm"]) / mins * 36, 3),
        "league_fga36": round(tot["fga"] / mins * 36, 3),
        # the Defense grades' centres (1.2 steals, 0.7 blocks per 36) scaled by the season's rates against
        # 1979-80's (the season the centres were calibrated on), so the league's mean Defense grade stays
        "league_stl36": round(1.2 * tot["stl"] / mins * 36 / cal["reference_1980"]["stl36"], 3),
        "league_blk36": round(0.7 * tot["blk"] / mins * 36 / cal["reference_1980"]["blk36"], 3),
        "grade_rounding": cal["grade_rounding"],
        "defense_grade_per_drtg": cal["defense_grade_per_drtg"],
    }
    if tot["tpa"] >= cal["min_league_tpa_for_tp_pct"]:
        consts["league_tp_pct"] = round(tot["tpm"] / tot["tpa"], 4)
    drtg: dict[str, float] = {}
    for tm, t in (team_stats or {}).items():
        poss = t.possessions()
        if poss and t.opp_pts is not None:
            drtg[tm] = 100 * t.opp_pts / poss
    if drtg and len(drtg) == len(team_stats or {}):
        league = sum(drtg.values()) / len(drtg)
        # a lower defensive rating is a better defence: a positive shift of the Defense grades
        return consts, {tm: round(league - v, 3) for tm, v in drtg.items()}
    if team_stats and notes is not None:  # (without team statistics cards build already says so)
        notes.append("the team statistics give no opponents' points and possessions (OPP_PTS, FGA, ORB, TOV, FTA and "
                     "OPP_*) for every team: the Defense grades carry no team defence")
    return consts, {}


def league_teams(rows: list[PlayerRow], team_stats, season, source, path, notes: list[str] | None = None,
                 terms: dict[str, tuple[float, float]] | None = None):
    """4th Street's builder takes the same season lines (keys g min fgm fga tpm tpa ...) in the season
    context (:func:`season_context`); a rating clamped to its range adds a line to ``notes`` (team,
    player, field). ``terms``: each team's team terms by team code (teamterms.py): (the offense term, a
field-goal fraction added to the made cells' targets; the Defense grades' shift, positive a better defence)."""
    by_team = rows_by_team(rows)
    names = nba_teams()
    out = {}
    rosters = {}
    for tm, members in sorted(by_team.items()):
        members = sorted(members, key=lambda r: -r.get("MP"))[:15]
        if len(members) < 10:
            raise StatsCsvError(path, None, "Tm", f"team {tm} has {len(members)} players with minutes; "
                                                  "a 4th Street roster needs at least 10")
        players = []
        for r in members:
            trb = r.trb or 0
            orb = r.stats.get("ORB")
            players.append({"name": r.player, "pos": _FS_POS[r.pos[0]], "g": r.get("G"), "min": r.get("MP"),
                            "fgm": r.get("FG"), "fga": r.get("FGA"), "tpm": r.get("3P"), "tpa": r.get("3PA"),
                            "ftm": r.get("FT"), "fta": r.get("FTA"),
                            "orb": orb if orb is not None else round(trb * 0.32),
                            "drb": r.stats.get("DRB") if r.stats.get("DRB") is not None else trb - round(trb * 0.32),
                            "ast": r.get("AST"), "stl": r.get("STL"), "blk": r.get("BLK"), "tov": r.get("TOV"),
                            "pf": r.get("PF")})
        lineup = [r.player for r in by_slot(sorted(members, key=lambda r: (-r.get("GS"), -r.get("MP")))[:5])]
        rosters[tm] = (players, lineup)
    # the league's averages from every player with minutes (not only the rosters' 15)
    every = [{"min": r.get("MP"), "fgm": r.get("FG"), "fga": r.get("FGA"), "tpm": r.get("3P"), "tpa": r.get("3PA"),
              "ftm": r.get("FT"), "stl": r.get("STL"), "blk": r.get("BLK")} for members in by_team.values() for r in members]
    consts, team_def = season_context(every, team_stats, notes)
    for tm, (players, lineup) in rosters.items():
        for st in players:
            st["team_defense"] = team_def.get(tm, 0.0)
            if terms and tm in terms:
                st["offense_term"], st["defense_grade_shift"] = terms[tm]
        info = names.get(tm, {"name": tm})
        team_notes: list[str] = []
        spec = {"name": info["name"], "abbr": tm, "season": f"{season} NBA" if season else "NBA",
                "fictional": False, "source": source, "lineup": lineup, "players": players}
        if tm in team_def:
            spec["note"] = (f"team defence: defensive rating {team_def[tm]:+.1f} points per 100 possessions against the "
                            f"league's, Defense grades {team_def[tm] * consts['defense_grade_per_drtg']:+.2f}")
        out[tm] = build_team(spec,
                             constants=consts, notes=team_notes)
        if notes is not None:
            notes.extend(f"{tm} {line}" for line in team_notes)
    return out
