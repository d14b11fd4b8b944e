"""Value Add Basketball player cards and team files: schema, parsing, validation.

The rulebook describes a card's fields but prints none (see docs/rules/value-add-basketball.md,
"Player cards"). A card here holds exactly those fields, written as the cards write them:

* ``steal`` ``"11-13"`` (rolls 11-16 on the defender's card; ``"11-16 (31 all)"`` = ``"11-20"``,
  extended ranges up to ``"11-22"``), ``block`` ``"21-22"`` (up to ``"21-32"``; ``"21-26 (32 all)"``
  = ``"21-30"``), ``foul`` ``"35-36"`` (the range always ends at 36: a tired defender's roll is
  *raised*, making a foul more likely), ``turnover`` ``"41-42"`` (offensive card);
* ``shot``: the 20-sided die ranges ``made3``, ``made2``, ``fouled``, ``missed3``, ``missed2`` in
  that order, contiguous from 1 to 19 (20 is always a miss, except the "20" exceptions);
* ``free_throw`` ``"1-14"`` (d20), ``off_reb`` ``"1-2"`` and ``def_reb`` ``"1-4"`` (d6);
* ``positions`` (1-5), ``point_guard`` (the card's "PG" or a 0/1 position figure), ``extra``
  (the 6/7/8 numbers printed on the card), ``stamina`` (possessions of 44 before tiring),
  ``assist20`` (the "Assist 20" card note).

Team files add the team's ``dunk`` range (``"51-53"``, ``"none"``), its ``defense_adjust`` (the
"adj opp dunk/layup" figure), a five-man ``lineup`` in position order PG, SG, SF, PF, C, and
optionally ``reserves`` (the five reserves, by position, for rotation option 2).

Files made by the card builder (:mod:`coachgym.rules.valueadd.builder`) also keep each player's
season ``stats`` (the stat line his card was built from) and the team's ``build`` context (games,
pace, team minutes), so ``python -m coachgym.rules.valueadd.builder`` can rebuild them; the engine
ignores both. The derivation is in docs/rules/value-add-basketball-cards.md.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any, cast

from ...core.errors import TeamFileError
from ...core.parsing import team_file_header

SCHEMA = "coachgym.valueadd.team/1"
SHOT_KEYS = ("made3", "made2", "fouled", "missed3", "missed2")
# d20 results, as stored in a card's 21-entry lookup table (index = adjusted roll, 1..20)
MADE3, MADE2, FOULED, MISSED3, MISSED2, MISS20 = range(6)
RESULT_NAMES = ("made 3", "made 2", "fouled", "missed 3", "missed 2", "20: miss")

_RANGE = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*(\((\d\d) all\))?\s*$")
_SINGLE = re.compile(r"^\s*(\d+)\s*$")


def parse_range(text: Any, path: str, fieldname: str, lo: int, hi: int) -> tuple[int, int] | None:
    """Parse ``"11-13"`` / ``"5"`` / ``"none"`` into (first, last) within lo..hi, or None."""
    if text is None or (isinstance(text, str) and text.strip().lower() in ("", "none", "-")):
        return None
    if isinstance(text, int) and not isinstance(text, bool):
        a = b = text
    elif isinstance(text, str):
        m = _RANGE.match(text)
        if m:
            a, b = int(m.group(1)), int(m.group(2))
            if m.group(4):  # "11-16 (31 all)" / "21-26 (32 all)"
                all_roll = int(m.group(4))
                if (all_roll, b) not in ((31, 16), (32, 26)):
                    raise TeamFileError(path, fieldname, f"{text!r}: only '11-16 (31 all)' and '21-26 (32 all)' carry an 'all' note")
                b = 20 if all_roll == 31 else 30
        else:
            m = _SINGLE.match(text)
            if not m:
                raise TeamFileError(path, fieldname, f"{text!r} is not a range like '11-13' or 'none'")
            a = b = int(m.group(1))
    else:
        raise TeamFileError(path, fieldname, f"expected a range string like '11-13', got {type(text).__name__}")
    if not (lo <= a <= b <= hi):
        raise TeamFileError(path, fieldname, f"{text!r} must lie within {lo}-{hi} with first <= last")
    return a, b


@dataclass(slots=True)
class PlayerCard:
    name: str
    positions: tuple[int, ...]
    point_guard: bool
    extra: tuple[int, ...]
    stamina: int
    steal: int  # top of the 11.. range; 10 = none; 20 means "11-16 (31 all)"
    block: int  # top of the 21.. range; 20 = none; 30 means "21-26 (32 all)"
    foul: int  # first number of the ..36 range; 37 = none
    turnover: int  # top of the 41.. range; 40 = none
    shot: tuple[int, int, int, int, int]  # upper bounds of made3, made2, fouled, missed3, missed2
    free_throw: int  # made on d20 <= this
    off_reb: int  # d6 range 1..off_reb
    def_reb: int
    assist20: bool = False
    number: str = ""
    note: str = ""
    stats: dict[str, Any] = field(default_factory=dict)  # the season statistics the card was built from

    # ------------------------------------------------------------------ derived
    def shot_table(self) -> list[int]:
        """Result of each d20 roll 1..20 (index 0 unused)."""
        table = [MISS20] * 21
        lo = 1
        for result, top in enumerate(self.shot):
            for r in range(lo, top + 1):
                table[r] = result
            lo = max(lo, top + 1)
        table[20] = MISS20
        return table

    def ranges_text(self) -> dict[str, str]:
        def rng(a: int, b: int, none: int) -> str:
            return "none" if b == none else f"{a}-{b}"

        lo = 1
        shot = {}
        for key, top in zip(SHOT_KEYS, self.shot):
            shot[key] = "none" if top < lo else f"{lo}-{top}"
            lo = max(lo, top + 1)
        return {
            "steal": rng(11, self.steal, 10), "block": rng(21, self.block, 20),
            "foul": "none" if self.foul == 37 else f"{self.foul}-36", "turnover": rng(41, self.turnover, 40),
            "free_throw": rng(1, self.free_throw, 0), "off_reb": rng(1, self.off_reb, 0),
            "def_reb": rng(1, self.def_reb, 0), **shot,
        }

    def to_file_dict(self) -> dict[str, Any]:
        r = self.ranges_text()
        d = {
            "name": self.name, "number": self.number, "positions": list(self.positions),
            "point_guard": self.point_guard, "extra": list(self.extra), "stamina": self.stamina,
            "steal": r["steal"], "block": r["block"], "foul": r["foul"], "turnover": r["turnover"],
            "shot": {k: r[k] for k in SHOT_KEYS}, "free_throw": r["free_throw"],
            "off_reb": r["off_reb"], "def_reb": r["def_reb"], "assist20": self.assist20,
        }
        if self.note:
            d["note"] = self.note
        if self.stats:
            d["stats"] = self.stats
        return d

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["positions"] = list(self.positions)
        d["extra"] = list(self.extra)
        d["shot"] = list(self.shot)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "PlayerCard":
        d = dict(d)
        d["positions"] = tuple(d["positions"])
        d["extra"] = tuple(d["extra"])
        d["shot"] = tuple(d["shot"])
        return cls(**d)


@dataclass(slots=True)
class Team:
    name: str
    short: str
    dunk: int  # number of dunk numbers from 51 (0-6)
    defense_adjust: int  # "adj opp dunk/layup"
    players: list[PlayerCard]
    lineup: tuple[int, ...]  # player indices, positions 1..5
    reserves: tuple[int | None, ...]  # reserve for each position (rotation option 2)
    fictional: bool
    season: str = ""
    source: str = ""

    def player_index(self, name: str) -> int:
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name, "short": self.short, "dunk": self.dunk, "defense_adjust": self.defense_adjust,
            "players": [p.to_dict() for p in self.players], "lineup": list(self.lineup),
            "reserves": list(self.reserves), "fictional": self.fictional, "season": self.season, "source": self.source,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Team":
        return cls(d["name"], d["short"], d["dunk"], d["defense_adjust"], [PlayerCard.from_dict(p) for p in d["players"]],
                   tuple(d["lineup"]), tuple(d["reserves"]), d["fictional"], d.get("season", ""), d.get("source", ""))

    def to_file_dict(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA, "name": self.name, "short": self.short, "season": self.season,
            "fictional": self.fictional, "source": self.source,
            "dunk": "none" if self.dunk == 0 else f"51-{50 + self.dunk}", "defense_adjust": self.defense_adjust,
            "lineup": [self.players[i].name for i in self.lineup],
            "reserves": [None if i is None else self.players[i].name for i in self.reserves],
            "players": [p.to_file_dict() for p in self.players],
        }


def _req(d: dict[str, Any], key: str, path: str, where: str, types: type | tuple[Any, ...]) -> Any:
    if key not in d:
        raise TeamFileError(path, f"{where}{key}", "is missing")
    v = d[key]
    if not isinstance(v, types) or (isinstance(v, bool) and bool not in (types if isinstance(types, tuple) else (types,))):
        tn = types.__name__ if isinstance(types, type) else " or ".join(t.__name__ for t in types)
        raise TeamFileError(path, f"{where}{key}", f"must be {tn}, got {v!r}")
    return v


def parse_card(d: Any, path: str, where: str) -> PlayerCard:
    if not isinstance(d, dict):
        raise TeamFileError(path, where.rstrip("."), "must be an object")
    name = _req(d, "name", path, where, str).strip()
    if not name:
        raise TeamFileError(path, f"{where}name", "must not be empty")
    positions = _req(d, "positions", path, where, list)
    if not positions or any(not isinstance(p, int) or isinstance(p, bool) or not 1 <= p <= 5 for p in positions):
        raise TeamFileError(path, f"{where}positions", f"must be a non-empty list of positions 1-5, got {positions!r}")
    extra = d.get("extra", [])
    if not isinstance(extra, list) or len(extra) > 3 or len(set(extra)) != len(extra) or any(e not in (6, 7, 8) for e in extra):
        raise TeamFileError(path, f"{where}extra", f"must be a list of distinct numbers from 6, 7, 8; got {extra!r}")
    stamina = _req(d, "stamina", path, where, int)
    if not 0 <= stamina <= 44:
        raise TeamFileError(path, f"{where}stamina", f"must be 0-44 (possessions of 44), got {stamina}")
    steal = parse_range(d.get("steal"), path, f"{where}steal", 11, 22)
    if steal and steal[0] != 11:
        raise TeamFileError(path, f"{where}steal", "a steal range starts at 11")
    block = parse_range(d.get("block"), path, f"{where}block", 21, 32)
    if block and block[0] != 21:
        raise TeamFileError(path, f"{where}block", "a block range starts at 21")
    foul = parse_range(d.get("foul"), path, f"{where}foul", 33, 36)
    if foul and foul[1] != 36:
        raise TeamFileError(path, f"{where}foul", "a foul range ends at 36 (e.g. '35-36')")
    tov = parse_range(d.get("turnover"), path, f"{where}turnover", 41, 46)
    if tov and tov[0] != 41:
        raise TeamFileError(path, f"{where}turnover", "a turnover range starts at 41")
    shot = _req(d, "shot", path, where, dict)
    tops = []
    expect = 1
    for key in SHOT_KEYS:
        r = parse_range(shot.get(key), path, f"{where}shot.{key}", 1, 19)
        if r is None:
            tops.append(expect - 1)
            continue
        if r[0] != expect:
            raise TeamFileError(path, f"{where}shot.{key}", f"must start at {expect} (ranges run made3, made2, fouled, missed3, missed2 from 1 to 19)")
        tops.append(r[1])
        expect = r[1] + 1
    if expect != 20:
        raise TeamFileError(path, f"{where}shot", f"the five ranges must cover 1-19 (they end at {expect - 1}); 20 is always a miss")
    ft = parse_range(d.get("free_throw"), path, f"{where}free_throw", 1, 20)
    orb = parse_range(d.get("off_reb"), path, f"{where}off_reb", 1, 6)
    drb = parse_range(d.get("def_reb"), path, f"{where}def_reb", 1, 6)
    for key, r in (("free_throw", ft), ("off_reb", orb), ("def_reb", drb)):
        if r and r[0] != 1:
            raise TeamFileError(path, f"{where}{key}", "the range starts at 1")
    assist20 = d.get("assist20", False)
    if not isinstance(assist20, bool):
        raise TeamFileError(path, f"{where}assist20", "must be true or false")
    pg = d.get("point_guard", False)
    if not isinstance(pg, bool):
        raise TeamFileError(path, f"{where}point_guard", "must be true or false")
    stats = d.get("stats", {})
    if not isinstance(stats, dict):
        raise TeamFileError(path, f"{where}stats", "must be an object of season statistics")
    return PlayerCard(
        name=name, positions=tuple(positions), point_guard=pg, extra=tuple(sorted(extra)), stamina=stamina,
        steal=steal[1] if steal else 10, block=block[1] if block else 20, foul=foul[0] if foul else 37,
        turnover=tov[1] if tov else 40, shot=cast("tuple[int, int, int, int, int]", tuple(tops)),
        free_throw=ft[1] if ft else 0,
        off_reb=orb[1] if orb else 0, def_reb=drb[1] if drb else 0, assist20=assist20,
        number=str(d.get("number", "")), note=str(d.get("note", "")), stats=stats,
    )


def parse_team(data: Any, path: str) -> Team:
    """Validate a team file's contents; errors name the file and the field."""
    name, fictional, source = team_file_header(data, path, SCHEMA)
    short = data.get("short", name[:3].upper())
    dunk = parse_range(data.get("dunk"), path, "dunk", 51, 56)
    if dunk and dunk[0] != 51:
        raise TeamFileError(path, "dunk", "a dunk range starts at 51")
    adj = _req(data, "defense_adjust", path, "", int)
    if not -6 <= adj <= 6:
        raise TeamFileError(path, "defense_adjust", f"must be between -6 and +6, got {adj}")
    raw_players = _req(data, "players", path, "", list)
    if len(raw_players) < 5:
        raise TeamFileError(path, "players", f"a team needs at least 5 players, has {len(raw_players)}")
    players = [parse_card(p, path, f"players[{i}].") for i, p in enumerate(raw_players)]
    names = [p.name for p in players]
    dupes = {n for n in names if names.count(n) > 1}
    if dupes:
        raise TeamFileError(path, "players", f"duplicate player names: {sorted(dupes)}")

    def index_of(n: Any, fieldname: str) -> int:
        if n not in names:
            raise TeamFileError(path, fieldname, f"{n!r} is not a player of this team")
        return names.index(n)

    lineup_names = _req(data, "lineup", path, "", list)
    if len(lineup_names) != 5:
        raise TeamFileError(path, "lineup", "must name exactly five starters, in position order PG, SG, SF, PF, C")
    lineup = tuple(index_of(n, f"lineup[{i}]") for i, n in enumerate(lineup_names))
    if len(set(lineup)) != 5:
        raise TeamFileError(path, "lineup", "names a player twice")
    reserves_names = data.get("reserves", [None] * 5)
    if not isinstance(reserves_names, list) or len(reserves_names) != 5:
        raise TeamFileError(path, "reserves", "must list five reserves (or null) in position order")
    reserves = tuple(None if n is None else index_of(n, f"reserves[{i}]") for i, n in enumerate(reserves_names))
    used = [r for r in reserves if r is not None]
    if len(set(used)) != len(used) or set(used) & set(lineup):
        raise TeamFileError(path, "reserves", "a reserve must be a non-starter named once")
    return Team(name=name, short=str(short), dunk=dunk[1] - 50 if dunk else 0, defense_adjust=adj, players=players,
                lineup=lineup, reserves=reserves, fictional=fictional, season=str(data.get("season", "")), source=str(source))
