"""4th Street Basketball player cards and team files: schema, parsing, validation ("The Players").

A card holds what the text says a printed card holds:

* the four 6x6 result sections ``level1``, ``level2``, ``level3`` and ``defense``: six rows (the
  BLACK die, 1-6) of six symbols (the ORANGE die, 1-6), written as space-separated codes (see
  :data:`SYMBOLS`; the printed glyphs are listed in docs/rules/4th-street-basketball.md);
* ``grades``: ``l1``, ``l2``, ``l3`` (0-3, the gold boxes) and ``def`` ``[l1, l2, l3]`` (0-3);
* ``free_throws``: 11 symbols for the orange+black totals 2..12;
* ratings ``rec``, ``ast``, ``jmp``, ``orb``, ``drb``, ``trb`` (the figure in brackets after dRb),
  ``inj`` and ``fat`` (Optional Rules, Fatigue);
* ``pos`` (1-5), the position printed on the card.

Team files (``coachgym.fourthstreet.team/1``) list ten or more such cards and a five-man
``lineup`` (names, positions 1-5 in order). ``fictional`` is required: true unless every card is
built from real, verifiable statistics (then ``source`` names them).
"""

from __future__ import annotations

from typing import Any

from ...core.errors import TeamFileError
from ...core.parsing import team_file_header

SCHEMA = "coachgym.fourthstreet.team/1"

# Symbol codes (the Symbol Map), one token each.
MADE = ("N", "D", "K")  # nothing but net, dunk, bank shot in
FIFTY = "U"  # in and out? (50/50)
AND_ONE = "P"  # shot made, foul drawn
MISS = "."  # missed shot off backboard or rim (the blank cell)
AIR = "O"  # air ball
STEAL = "S"
BLOCK = "X"
FOUL = "F"
CHARGE = "C"
TRAVEL = "T"
OUT = "Z"  # turnover - out of bounds
JUMP = "J"  # jump ball
WEIRD = "W"
INJURY = "I"
PASSES = ("^", "<", ">")  # pass forward, left, right
DRIVES = ("a", "l", "r")  # drive forward, left, right
FEED = "@"  # beautiful feed for layup

SYMBOLS = {
    "N": "nothing but net", "D": "dunk", "K": "bank shot in", "U": "in and out? (50/50)",
    "P": "shot made, foul drawn", ".": "missed shot", "O": "air ball", "S": "steal", "X": "block",
    "F": "foul", "C": "charging foul", "T": "traveling", "Z": "turnover - out of bounds", "J": "jump ball",
    "W": "weird play", "I": "injury", "^": "pass forward", "<": "pass left", ">": "pass right",
    "a": "drive forward", "l": "drive left", "r": "drive right", "@": "beautiful feed for layup",
}
OFFENSE_ONLY = frozenset(PASSES + DRIVES + (FEED,))
SECTIONS = ("level1", "level2", "level3", "defense")
FT_SYMBOLS = frozenset(("N", ".", "U"))


class Player:
    """One card, parsed. Grids are flat lists of 36 codes, index (black-1)*6 + (orange-1)."""

    __slots__ = ("name", "pos", "rec", "ast", "jmp", "orb", "drb", "trb", "inj", "fat", "off", "dfn",
                 "grids", "ft", "stats", "index")

    def __init__(self, name: str, pos: int, ratings: tuple[int, ...], off: tuple[Any, ...], dfn: tuple[Any, ...],
                 grids: list[Any], ft: list[Any], stats: dict[str, Any] | None = None, index: int = 0) -> None:
        self.name = name
        self.pos = pos
        self.rec, self.ast, self.jmp, self.orb, self.drb, self.trb, self.inj, self.fat = ratings
        self.off = off  # (None, l1, l2, l3)
        self.dfn = dfn  # (None, l1, l2, l3)
        self.grids = grids  # [None, level1, level2, level3, defense]
        self.ft = ft  # index 2..12
        self.stats = stats or {}
        self.index = index

    def cell(self, section: int, orange: int, black: int) -> str:
        code: str = self.grids[section][(black - 1) * 6 + orange - 1]
        return code


class Team:
    __slots__ = ("name", "abbr", "season", "fictional", "players", "lineup", "source", "raw", "injured")

    def __init__(self, name: str, abbr: str, season: str, fictional: bool, players: list[Player], lineup: list[int],
                 source: str = "", raw: dict[str, Any] | None = None, injured: tuple[int, ...] | list[int] = ()) -> None:
        self.name = name
        self.abbr = abbr
        self.season = season
        self.fictional = fictional
        self.players = players
        self.lineup = lineup  # player indices for positions 1-5
        self.source = source
        self.raw = raw  # the team file as loaded (saved with a game)
        # Injury Chart, "misses the rest of this game + N more games": roster indices of players out
        # for this whole game with an injury from an earlier game of a season (team file "injured")
        self.injured = tuple(injured)


def _int(d: dict[str, Any], key: str, path: str, where: str, lo: int, hi: int) -> int:
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise TeamFileError(path, f"{where}.{key}", f"must be an integer {lo}..{hi}, got {v!r}")
    return v


def parse_grid(text: Any, path: str, where: str, section: str) -> list[str]:
    if not isinstance(text, list) or len(text) != 6:
        raise TeamFileError(path, where, "must be a list of 6 rows (black die 1-6)")
    cells: list[str] = []
    for r, row in enumerate(text):
        toks = row.split() if isinstance(row, str) else None
        if toks is None or len(toks) != 6:
            raise TeamFileError(path, f"{where}[{r}]", f"must be 6 space-separated symbols (orange die 1-6), got {row!r}")
        for t in toks:
            if t not in SYMBOLS:
                raise TeamFileError(path, f"{where}[{r}]", f"unknown symbol {t!r}; known: {' '.join(SYMBOLS)}")
            if section == "level1" and t in OFFENSE_ONLY:  # the feed is a pass too ("a perfect pass")
                raise TeamFileError(path, f"{where}[{r}]", f"{t!r} ({SYMBOLS[t]}): Level 1 sections have no passes or drives")
            if section != "defense" and t == INJURY:
                raise TeamFileError(path, f"{where}[{r}]", "the injury symbol only occurs in the Defense section")
            if section == "defense" and t in OFFENSE_ONLY:
                raise TeamFileError(path, f"{where}[{r}]", f"{t!r} ({SYMBOLS[t]}) cannot appear in a Defense section")
        cells.extend(toks)
    return cells


def parse_player(d: Any, path: str, i: int) -> Player:
    where = f"players[{i}]"
    if not isinstance(d, dict):
        raise TeamFileError(path, where, "must be an object")
    name = d.get("name")
    if not isinstance(name, str) or not name.strip():
        raise TeamFileError(path, f"{where}.name", "must be a non-empty string")
    where = f"players[{i}] ({name})"
    pos = _int(d, "pos", path, where, 1, 5)
    ratings = (
        _int(d, "rec", path, where, 0, 200), _int(d, "ast", path, where, 0, 99), _int(d, "jmp", path, where, 0, 5),
        _int(d, "orb", path, where, 0, 3), _int(d, "drb", path, where, 0, 3), _int(d, "trb", path, where, 0, 99),
        _int(d, "inj", path, where, -5, 9), _int(d, "fat", path, where, 1, 48),
    )
    g = d.get("grades")
    if not isinstance(g, dict):
        raise TeamFileError(path, f"{where}.grades", "must be an object with l1, l2, l3 and def")
    off = (None, _int(g, "l1", path, where + ".grades", 0, 3), _int(g, "l2", path, where + ".grades", 0, 3),
           _int(g, "l3", path, where + ".grades", 0, 3))
    dv = g.get("def")
    if not (isinstance(dv, list) and len(dv) == 3 and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 3 for x in dv)):
        raise TeamFileError(path, f"{where}.grades.def", f"must be three grades 0-3 (Level 1/2/3), got {dv!r}")
    grids = [None] + [parse_grid(d.get(s), path, f"{where}.{s}", s) for s in SECTIONS]
    ftx = d.get("free_throws")
    toks = ftx.split() if isinstance(ftx, str) else None
    if toks is None or len(toks) != 11 or any(t not in FT_SYMBOLS for t in toks):
        raise TeamFileError(path, f"{where}.free_throws", f"must be 11 symbols (N . U) for the totals 2..12, got {ftx!r}")
    ft = ["."] * 2 + toks
    stats = d.get("stats") or {}
    if not isinstance(stats, dict):
        raise TeamFileError(path, f"{where}.stats", "must be an object")
    return Player(name, pos, ratings, off, (None, *dv), grids, ft, stats, i)


def parse_team(data: Any, path: str) -> Team:
    name, fictional, source = team_file_header(data, path, SCHEMA)
    plist = data.get("players")
    if not isinstance(plist, list) or not 10 <= len(plist) <= 15:
        raise TeamFileError(path, "players", "must list 10 to 15 player cards")
    players = [parse_player(p, path, i) for i, p in enumerate(plist)]
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        raise TeamFileError(path, "players", "player names must be unique")
    lu = data.get("lineup")
    if not isinstance(lu, list) or len(lu) != 5 or len(set(map(str, lu))) != 5:
        raise TeamFileError(path, "lineup", "must name five different players (positions 1-5 in order)")
    lineup = []
    for k, n in enumerate(lu):
        if n not in names:
            raise TeamFileError(path, f"lineup[{k}]", f"{n!r} is not a player of this team")
        lineup.append(names.index(n))
    injured = data.get("injured", [])
    if not isinstance(injured, list) or any(n not in names for n in injured):
        raise TeamFileError(path, "injured", "must list names of the roster (players missing this game with an injury "
                                             "from an earlier game)")
    for n in injured:
        if names.index(n) in lineup:
            raise TeamFileError(path, "lineup", f"{n!r} is injured (listed in 'injured') and cannot start")
    return Team(name, str(data.get("abbr", name[:3].upper())), str(data.get("season", "")), fictional, players,
                lineup, source, data, tuple(names.index(n) for n in injured))
