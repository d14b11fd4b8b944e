"""Statis Pro player cards and team cards: schema, parsing, validation (3.2, 16).

A player card holds the ratings printed on the 1993 cards: FIELD GOAL, ATTEMPTS (THREE POINT
ATTEMPTS in parentheses), THREE POINT, FREE THROW, REBOUND, FOUL RANGE, FOUL DRAWING, BLOCK RATE,
ASSIST RATE, STEAL RATE, DEFENSE RATE (a negative number), Injury Rate, games played, the rest
asterisks (5.4) and the positions the card lists. A team card adds the Fast Break OFFENSE and
DEFENSE letter grades (10A) and the Home Court and Road Index Points (16).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.errors import TeamFileError
from ...core.parsing import team_file_header
from .cards import POS_INDEX, POSITIONS
from .conversion import convert_team

SCHEMA = "coachgym.statispro.team/1"
MAX_ROSTER = 15
GRADES = "ABCDE"


@dataclass(slots=True)
class PlayerCard:
    name: str
    positions: tuple[int, ...]
    field_goal: int
    attempts: int
    three_point_attempts: int  # 0 = no three-point rating
    three_point: int
    free_throw: int
    rebound: int
    foul_lo: int
    foul_hi: int
    foul_drawing: float
    block: int
    assist: int
    steal: int
    defense: int  # DEFENSE RATE, <= 0 normally (e.g. -9)
    injury_rate: int
    games: int
    rest: int  # 0 normal, 1 "*" (no rest in the second half), 2 "**" (never)
    fictional: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name, "positions": [POSITIONS[p] for p in self.positions], "field_goal": self.field_goal,
            "attempts": self.attempts, "three_point_attempts": self.three_point_attempts or None,
            "three_point": self.three_point if self.three_point_attempts else None, "free_throw": self.free_throw,
            "rebound": self.rebound, "foul_range": [self.foul_lo, self.foul_hi] if self.foul_lo else None,
            "foul_drawing": self.foul_drawing, "block": self.block, "assist": self.assist, "steal": self.steal,
            "defense": self.defense, "injury_rate": self.injury_rate, "games": self.games,
            "rest": "*" * self.rest, "fictional": self.fictional,
        }


@dataclass(slots=True)
class Team:
    name: str
    season: str
    offense: str
    defense: str
    home_index: int
    road_index: int
    players: list[PlayerCard]
    lineup: tuple[int, ...]  # roster indices in slot order PG, SG, SF, PF, C
    fictional: bool
    source: str = ""  # where the statistics of a team of real players come from
    injured: tuple[str, ...] = ()  # players missing this game with a prior injury (14G)
    # 14G NOTE, replaying a season: games each player may still miss through injury (his card's
    # games played are a floor). None outside a season: every player may be injured for games.
    games_left_to_miss: dict[str, int] | None = None
    # a team of real players: each man's real minutes a game (MP / G), the by-the-book coach's rotation
    # (a reconstruction, docs/rules/statis-pro-basketball.md "Rotation minutes"); None: the book's rotation
    rotation_minutes: dict[str, float] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA, "name": self.name, "season": self.season, "offense": self.offense,
            "defense": self.defense, "home": {"index": self.home_index}, "road": {"index": self.road_index},
            "fictional": self.fictional, "source": self.source,
            "lineup": [self.players[i].name for i in self.lineup],
            "players": [p.to_dict() for p in self.players],
            **({"games_left_to_miss": dict(self.games_left_to_miss)} if self.games_left_to_miss is not None else {}),
            **({"rotation_minutes": dict(self.rotation_minutes)} if self.rotation_minutes is not None else {}),
        }


def _int(d: dict[str, Any], key: str, path: str, where: str, lo: int, hi: int, optional: bool = False) -> int:
    v = d.get(key)
    if v is None and optional:
        return 0
    if not isinstance(v, int) or isinstance(v, bool):
        raise TeamFileError(path, f"{where}.{key}", f"must be an integer, got {v!r}")
    if not lo <= v <= hi:
        raise TeamFileError(path, f"{where}.{key}", f"{v} is outside {lo}-{hi}")
    return v


def parse_player(d: Any, path: str, where: str) -> PlayerCard:
    if not isinstance(d, dict):
        raise TeamFileError(path, where, "a player card must be an object")
    name = d.get("name")
    if not isinstance(name, str) or not name.strip():
        raise TeamFileError(path, f"{where}.name", "missing or empty")
    where = f"{where} ({name})"
    pos = d.get("positions")
    if not isinstance(pos, list) or not pos or any(p not in POS_INDEX for p in pos):
        raise TeamFileError(path, f"{where}.positions", f"must be a non-empty list of {', '.join(POSITIONS)}")
    three_att = _int(d, "three_point_attempts", path, where, 0, 40, optional=True)
    three = _int(d, "three_point", path, where, 0, 100, optional=True)
    if three_att and not three:
        raise TeamFileError(path, f"{where}.three_point", "a player with THREE POINT ATTEMPTS needs a THREE POINT rating")
    fr = d.get("foul_range")
    if fr is None:
        lo = hi = 0
    elif (isinstance(fr, list) and len(fr) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in fr)
          and 1 <= fr[0] <= fr[1] <= 100):
        lo, hi = fr
    else:
        raise TeamFileError(path, f"{where}.foul_range", f"must be [first, last] within 1-100, got {fr!r}")
    fd = d.get("foul_drawing")
    if not isinstance(fd, (int, float)) or isinstance(fd, bool) or not 0 <= fd <= 40:
        raise TeamFileError(path, f"{where}.foul_drawing", f"must be a number 0-40, got {fd!r}")
    rest = d.get("rest", "")
    if rest not in ("", "*", "**"):
        raise TeamFileError(path, f"{where}.rest", f"must be '', '*' or '**', got {rest!r}")
    return PlayerCard(
        name=name.strip(), positions=tuple(sorted({POS_INDEX[p] for p in pos})),
        field_goal=_int(d, "field_goal", path, where, 1, 100), attempts=_int(d, "attempts", path, where, 0, 40),
        three_point_attempts=three_att, three_point=three, free_throw=_int(d, "free_throw", path, where, 1, 100),
        rebound=_int(d, "rebound", path, where, 0, 60), foul_lo=lo, foul_hi=hi, foul_drawing=float(fd),
        block=_int(d, "block", path, where, 0, 9), assist=_int(d, "assist", path, where, 0, 30),
        steal=_int(d, "steal", path, where, 0, 9), defense=_int(d, "defense", path, where, -15, 5),
        injury_rate=_int(d, "injury_rate", path, where, 0, 9, optional=True),
        games=_int(d, "games", path, where, 0, 82, optional=True), rest=len(rest), fictional=bool(d.get("fictional", False)),
    )


def parse_team(data: Any, path: str) -> Team:
    if isinstance(data, Team):
        return data
    name, fictional, source = team_file_header(data, path, SCHEMA)
    data = convert_team(data, path)  # 17.1-17.4: cards of the Base-8 editions ("cards": "base-8")
    for key in ("offense", "defense"):
        if data.get(key) not in tuple(GRADES):
            raise TeamFileError(path, key, f"must be a letter grade A-E, got {data.get(key)!r}")
    idx = {}
    for key in ("home", "road"):
        v = data.get(key)
        if not isinstance(v, dict) or not isinstance(v.get("index"), int) or isinstance(v.get("index"), bool) or not -12 <= v["index"] <= 12:
            raise TeamFileError(path, f"{key}.index", "must be an integer Index Point rating -12..12")
        idx[key] = v["index"]
    players_raw = data.get("players")
    if not isinstance(players_raw, list) or not 8 <= len(players_raw) <= MAX_ROSTER:
        raise TeamFileError(path, "players", f"must list 8-{MAX_ROSTER} player cards")
    players = [parse_player(p, path, f"players[{i}]") for i, p in enumerate(players_raw)]
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        raise TeamFileError(path, "players", "two player cards share a name")
    ranges = sorted((p.foul_lo, p.foul_hi, p.name) for p in players if p.foul_lo)
    for (_, b1, n1), (a2, _, n2) in zip(ranges, ranges[1:]):
        if a2 <= b1:
            raise TeamFileError(path, "players", f"FOUL RANGES of {n1} and {n2} overlap")
    lineup = data.get("lineup")
    if not isinstance(lineup, list) or len(lineup) != 5 or any(n not in names for n in lineup) or len(set(lineup)) != 5:
        raise TeamFileError(path, "lineup", "must name five different players of the roster (PG, SG, SF, PF, C)")
    injured = data.get("injured", [])
    if not isinstance(injured, list) or any(n not in names for n in injured):
        raise TeamFileError(path, "injured", "must list names of the roster (players missing this game, 14G)")
    left = data.get("games_left_to_miss")
    if left is not None and (not isinstance(left, dict) or any(n not in names for n in left)
                             or any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in left.values())):
        raise TeamFileError(path, "games_left_to_miss", "must map names of the roster to whole numbers >= 0 "
                                                        "(games each may still miss through injury, 14G NOTE)")
    rot = data.get("rotation_minutes")
    if rot is not None and (not isinstance(rot, dict) or any(n not in names for n in rot)
                            or any(not isinstance(v, (int, float)) or isinstance(v, bool) or not 0 <= v <= 48
                                   for v in rot.values())):
        raise TeamFileError(path, "rotation_minutes", "must map names of the roster to minutes a game 0-48 "
                                                      "(the real season's MP / G, the by-the-book rotation)")
    return Team(name=name, season=str(data.get("season", "")), offense=data["offense"], defense=data["defense"],
                home_index=idx["home"], road_index=idx["road"], players=players,
                lineup=tuple(names.index(n) for n in lineup), fictional=fictional, source=source,
                injured=tuple(injured), games_left_to_miss=dict(left) if left is not None else None,
                rotation_minutes={n: float(v) for n, v in rot.items()} if rot is not None else None)
