"""The Fast Action Cards (FAC), the Time cards, the Fast Break chart (10A) and the clock layout.

The deck is data (``data/fac_deck.csv``: one row per card, every section in the game's words).
Each section's text is parsed once at import into a small tuple whose first item is a code, so
the engine never parses text during play. The grammar is documented in
docs/rules/statis-pro-basketball.md ("The deck"); a malformed section raises ``DeckError`` naming
the card and the section.
"""

from __future__ import annotations

import csv
import json
import re
from importlib import resources
from typing import Any

POSITIONS = ("PG", "SG", "SF", "PF", "C")
POS_INDEX = {p: i for i, p in enumerate(POSITIONS)}
ICON = "\U0001F3C0"
SECTIONS = ("action", "advance", "press", "shot", "rebound", "foul", "jump_to", "z_reading", "block")


class DeckError(ValueError):
    pass


# ------------------------------------------------------------------ codes of parsed sections
# ACTION / ADVANCE / PRESS (9, 13, 15)
P_PASS, P_CHOICE, P_DFOUL, P_SHOOTFOUL, P_OFOUL, P_DOB, P_24, P_KICKED, P_JUMP, P_Z, P_INTFOUL, \
    P_CHOICE_SCORES, P_DEADBALL_FOUL = range(13)
# SHOT # clauses (12)
S_NONE, S_BLOCK, S_FOUL, S_LANE_DEF, S_LANE_OFF = range(5)
BLOCK_PD, BLOCK_ANY = -2, -1
FOUL_BY_FOUL_NUMBER = -3
# REBOUND (10)
R_DEF, R_HIGH, R_OFF, R_OOB, R_DOB, R_OFFGT, R_LB_DEF, R_LB_OFF, R_JUMP = range(9)
# BLOCK section (7.2)
B_OFF, B_DEF, B_OFF_OB, B_DEF_OB, B_DEF_GT = range(5)
# Z READING (14 A-O)
(Z_REST, Z_FLAGRANT, Z_DOUBLE_FOUL, Z_TECHNICAL, Z_CHOICE_SCORES_FOULED, Z_FIGHT, Z_INJURY, Z_THREE,
 Z_GREAT_NIGHT, Z_ILLEGAL_DEFENSE, Z_TIP_IN, Z_ELBOW, Z_DEADBALL_FOUL, Z_STOLEN_FB, Z_HEAVE) = range(15)
INJ_PERIOD, INJ_HALF, INJ_GAME, INJ_GAMES = range(4)

_PASS = re.compile(r"^(Trap\. )?Pass to (PG|SG|SF|PF|C) #(\d+)(?: " + ICON + r"(\d+))?(?:; S(\d+) or higher (?:at Defense (PG|SG|SF|PF|C) )?steals)?$")
_CHOICE = re.compile(r"^Pass to Choice #(\d+)$")
_DOB = re.compile(r"^(.+) - D OB\. Turnover (PG|SG|SF|PF|C|RPG)$")
_JUMPBALL = re.compile(r"^Jump Ball (PG|SG|SF|PF|C)$")
_SHOT = re.compile(r"^(\d+)(?:\.? ?(.*))?$")
_HIGH = re.compile(r"^Highest ([A-Za-z, ]+);(?: Add \+(\d+) to Defense\.?)? #(\d+) " + ICON + r"(\d+)$")
_OFFREB = re.compile(r"^Offense (PG|SG|SF|PF|C) #(\d+) " + ICON + r"(\d+)$")
_DEFREB = re.compile(r"^Defense (PG|SG|SF|PF|C)( FB)?$")
_FOUL = re.compile(r"^(\d+) or FD([1-5])$")
_JUMP = re.compile(r"^\+(\d+) (PG|SG|SF|PF|C)$")
_REST = re.compile(r"^(Home|Visitor) (PG|SG|SF|PF|C) must rest( unless \*)?$")
_INJ = re.compile(r"^Injury: (rest of period|rest of half|rest of game|game \+ (\d) Injury Rate)$")
_TECH_COACH = re.compile(r"^Technical Foul on (Home|Visitor) Coach$")


def _pass_section(text: str, where: str) -> tuple[Any, ...]:
    m = _PASS.match(text)
    if m:
        trap, pos, no, ast, s, sat = m.groups()
        return (P_PASS, POS_INDEX[pos], int(no), int(ast) if ast else 0,
                int(s) if s else 0, POS_INDEX[sat] if sat else -1, 1 if trap else 0)
    m = _CHOICE.match(text)
    if m:
        return (P_CHOICE, int(m.group(1)))
    m = _DOB.match(text)
    if m:
        who = m.group(2)
        return (P_DOB, -1 if who == "RPG" else POS_INDEX[who], m.group(1))
    m = _JUMPBALL.match(text)
    if m:
        return (P_JUMP, POS_INDEX[m.group(1)])
    simple = {"Defensive Foul": P_DFOUL, "Defense Foul": P_DFOUL, "Fouled in Act of Shooting": P_SHOOTFOUL,
              "Offensive Foul": P_OFOUL, "24-Second Violation": P_24, "Kicked Ball": P_KICKED, "Consult Z": P_Z,
              "Intentional Foul": P_INTFOUL, "Pass to Choice Who Scores": P_CHOICE_SCORES,
              "Dead Ball Foul": P_DEADBALL_FOUL}
    if text in simple:
        return (simple[text],)
    raise DeckError(f"{where}: cannot read {text!r}")


def _shot_section(text: str, where: str) -> tuple[Any, ...]:
    m = _SHOT.match(text)
    if not m:
        raise DeckError(f"{where}: cannot read {text!r}")
    number = int(m.group(1))
    if not 1 <= number <= 100:
        raise DeckError(f"{where}: SHOT # {number} outside 1-100")
    rest = (m.group(2) or "").strip().rstrip(".")
    if not rest:
        return (number, S_NONE, 0, 0)
    mm = re.match(r"^Blocked by PD with B(\d) or higher$", rest)
    if mm:
        return (number, S_BLOCK, int(mm.group(1)), BLOCK_PD)
    mm = re.match(r"^B(\d) or higher(?: at (PG|SG|SF|PF|C))? blocks$", rest)
    if mm:
        return (number, S_BLOCK, int(mm.group(1)), POS_INDEX[mm.group(2)] if mm.group(2) else BLOCK_ANY)
    mm = re.match(r"^Fouled by (PG|SG|SF|PF|C|FOUL #) if shooter's FD# > (\d+)$", rest)
    if mm:
        who = mm.group(1)
        return (number, S_FOUL, int(mm.group(2)), FOUL_BY_FOUL_NUMBER if who == "FOUL #" else POS_INDEX[who])
    if rest == "Lane Violation on Defense":
        return (number, S_LANE_DEF, 0, 0)
    if rest == "Lane Violation voids Free Throw; Team Turnover":
        return (number, S_LANE_OFF, 0, 0)
    raise DeckError(f"{where}: cannot read SHOT clause {rest!r}")


def _rebound_section(text: str, where: str) -> tuple[Any, ...]:
    m = _DEFREB.match(text)
    if m:
        return (R_DEF, POS_INDEX[m.group(1)], 1 if m.group(2) else 0)
    m = _HIGH.match(text)
    if m:
        who, bonus, no, ast = m.groups()
        if who.strip() == "rebounder":
            slots: tuple[int, ...] = (0, 1, 2, 3, 4)
        else:
            try:
                slots = tuple(POS_INDEX[w.strip()] for w in who.split(","))
            except KeyError:
                raise DeckError(f"{where}: cannot read positions in {text!r}") from None
        return (R_HIGH, slots, int(bonus or 0), int(no), int(ast))
    m = _OFFREB.match(text)
    if m:
        return (R_OFF, POS_INDEX[m.group(1)], int(m.group(2)), int(m.group(3)))
    simple = {"O OB": R_OOB, "D OB": R_DOB, "Off. GT": R_OFFGT, "Loose Ball Foul on Defense": R_LB_DEF,
              "Loose Ball Foul on Offense": R_LB_OFF}
    if text in simple:
        return (simple[text],)
    m = _JUMPBALL.match(text)
    if m:
        return (R_JUMP, POS_INDEX[m.group(1)])
    raise DeckError(f"{where}: cannot read {text!r}")


def _block_section(text: str, where: str) -> tuple[Any, ...]:
    if text in ("Offense OB",):
        return (B_OFF_OB,)
    if text == "Defense OB":
        return (B_DEF_OB,)
    if text == "Def. GT":
        return (B_DEF_GT,)
    m = re.match(r"^(Offense|Defense) (PG|SG|SF|PF|C)$", text)
    if m:
        return (B_OFF if m.group(1) == "Offense" else B_DEF, POS_INDEX[m.group(2)])
    raise DeckError(f"{where}: cannot read {text!r}")


def _z_section(text: str, where: str) -> tuple[Any, ...]:
    m = _REST.match(text)
    if m:
        return (Z_REST, 0 if m.group(1) == "Home" else 1, POS_INDEX[m.group(2)], 1 if m.group(3) else 0)
    m = _INJ.match(text)
    if m:
        kind = {"rest of period": INJ_PERIOD, "rest of half": INJ_HALF, "rest of game": INJ_GAME}.get(m.group(1), INJ_GAMES)
        return (Z_INJURY, kind, int(m.group(2) or 0))
    m = _TECH_COACH.match(text)
    if m:
        return (Z_TECHNICAL, 0 if m.group(1) == "Home" else 1)
    simple = {"Flagrant Foul on Defense": Z_FLAGRANT, "Double Foul": Z_DOUBLE_FOUL,
              "Pass to Choice Who Scores and Is Fouled": Z_CHOICE_SCORES_FOULED, "Fight & Ejection": Z_FIGHT,
              "Three Pointer": Z_THREE, "Great Night": Z_GREAT_NIGHT, "Illegal Defense Warning": Z_ILLEGAL_DEFENSE,
              "Accidental Tip-In": Z_TIP_IN, "Elbow Foul on Defense": Z_ELBOW, "Dead Ball Foul": Z_DEADBALL_FOUL,
              "Stolen by PD of RPG & FB": Z_STOLEN_FB, "Desperation Heave": Z_HEAVE}
    if text == "Technical Foul":
        return (Z_TECHNICAL, -1)
    if text in simple:
        return (simple[text],)
    raise DeckError(f"{where}: cannot read {text!r}")


class Card:
    """One Fast Action Card (or a Time card: ``time`` set, everything else empty)."""

    __slots__ = ("rpg", "time", "text", "action", "advance", "press", "shot", "rebound", "foul", "fd",
                 "jump", "z", "block")

    def __init__(self, rpg: int, text: dict[str, str] | None = None, time: str = "") -> None:
        self.rpg = rpg
        self.time = time
        self.text = text or {}
        if time:
            return
        where = f"FAC RPG {rpg}"
        t = self.text
        self.action = _pass_section(t["action"], f"{where} ACTION")
        self.advance = _pass_section(t["advance"], f"{where} ADVANCE")
        self.press = _pass_section(t["press"], f"{where} PRESS")
        self.shot = _shot_section(t["shot"], f"{where} SHOT #")
        self.rebound = _rebound_section(t["rebound"], f"{where} REBOUND")
        m = _FOUL.match(t["foul"])
        if not m:
            raise DeckError(f"{where} FOUL #: cannot read {t['foul']!r}")
        self.foul, self.fd = int(m.group(1)), int(m.group(2))
        m = _JUMP.match(t["jump_to"])
        if not m:
            raise DeckError(f"{where} JUMP TO: cannot read {t['jump_to']!r}")
        self.jump = (int(m.group(1)), POS_INDEX[m.group(2)])
        self.z = _z_section(t["z_reading"], f"{where} Z READING")
        self.block = _block_section(t["block"], f"{where} BLOCK")

    @property
    def key(self) -> str:
        return self.time or str(self.rpg)

    def __repr__(self) -> str:
        return f"FAC({self.time or self.rpg})"


def _data(name: str) -> Any:  # a Traversable; opened with newline="", which only a file path takes
    return resources.files(__package__).joinpath("data").joinpath(name)


def load_deck() -> tuple[Card, ...]:
    with _data("fac_deck.csv").open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    if len(rows) != 200:
        raise DeckError(f"fac_deck.csv holds {len(rows)} cards, not 200")
    cards = []
    for i, row in enumerate(rows, start=1):
        if int(row["rpg"]) != i:
            raise DeckError(f"fac_deck.csv row {i} has RPG {row['rpg']}")
        cards.append(Card(i, {k: row[k] for k in SECTIONS}))
    return tuple(cards)


DECK: tuple[Card, ...] = load_deck()
TIME_CARDS = {t: Card(0, None, t) for t in ("5:00", "9:00", "10:00", "11:00")}
BY_KEY = {c.key: c for c in DECK} | {t: c for t, c in TIME_CARDS.items()}


# ------------------------------------------------------------------ season option rebound_slots (10A-10D)
PRINTED = "printed"  # the option's default: every REBOUND section as fac_deck.csv prints it
_SLOT_KINDS = {R_DEF: "Defense POS", R_OFF: "Offense POS", R_HIGH: "Highest POS"}


def _same_but_slot(old: tuple[Any, ...], new: tuple[Any, ...]) -> bool:
    """A re-dealt REBOUND keeps everything of the printed one but its one position slot (10A-10D)."""
    if old[0] != new[0] or old[0] not in _SLOT_KINDS:
        return False
    if old[0] == R_HIGH:  # a single-position "Highest POS": the bonus, # and Assist # kept
        return len(old[1]) == 1 and len(new[1]) == 1 and old[2:] == new[2:]
    return old[2:] == new[2:]  # FB (10A/10B) or the # and Assist # (10D) kept


def load_rebound_slot_tables() -> dict[str, dict[int, tuple[tuple[Any, ...], str]]]:
    """``data/rebound_slots.json``: table name -> {RPG: (the parsed re-dealt REBOUND, its text)}. Each entry
    may only move a "Defense POS", "Offense POS" or single-position "Highest POS" card to another slot."""
    data = json.loads(_data("rebound_slots.json").read_text(encoding="utf-8"))
    tables: dict[str, dict[int, tuple[tuple[Any, ...], str]]] = {}
    for name, table in data["tables"].items():
        if name == PRINTED:
            raise DeckError(f"rebound_slots.json: a table may not be named {PRINTED!r}")
        out: dict[int, tuple[tuple[Any, ...], str]] = {}
        for rpg_text, text in table["cards"].items():
            rpg = int(rpg_text)
            if not 1 <= rpg <= 200:
                raise DeckError(f"rebound_slots.json table {name}: RPG {rpg} outside 1-200")
            where = f"rebound_slots.json table {name} RPG {rpg} REBOUND"
            new = _rebound_section(text, where)
            if not _same_but_slot(DECK[rpg - 1].rebound, new):
                raise DeckError(f"{where}: {text!r} is not the printed {DECK[rpg - 1].text['rebound']!r} "
                                "with another position slot")
            out[rpg] = (new, text)
        tables[name] = out
    return tables


REBOUND_SLOT_TABLES = load_rebound_slot_tables()


def season_table(option: str, name: str, where: str = "statispro rule options") -> dict[int, Any]:
    """The table ``name`` of the season option ``option`` ("rebound_slots", "assist_numbers"); one line naming
    the option, its data file and the tables it has when there is none of that name."""
    tables: dict[str, dict[int, Any]] = REBOUND_SLOT_TABLES if option == "rebound_slots" else ASSIST_NUMBER_TABLES
    file = f"{option}.json"
    if name not in tables:
        from ...core.errors import ConfigError

        raise ConfigError(f"{where}: option {option!r} must be one of {', '.join([PRINTED, *sorted(tables)])} "
                          f"(data/{file}), got {name!r}")
    return tables[name]


def rebound_slot_entry(name: str, rpg: int) -> tuple[tuple[Any, ...], str] | None:
    """The re-dealt REBOUND of card ``rpg`` under ``rebound_slots=name`` (parsed, text), or None: printed."""
    return season_table("rebound_slots", name).get(rpg)


# ------------------------------------------------------------------ season option assist_numbers (4.4)
def load_assist_number_tables() -> dict[str, dict[int, int]]:
    """``data/assist_numbers.json``: table name -> {printed Assist # of a pass: the Assist # played} (4.4). Every
    Assist # the deck's ACTION, ADVANCE and PRESS sections print must be mapped, to 1 or more."""
    data = json.loads(_data("assist_numbers.json").read_text(encoding="utf-8"))
    printed = sorted({getattr(c, s)[3] for c in DECK for s in ("action", "advance", "press")
                      if getattr(c, s)[0] == P_PASS and getattr(c, s)[3]})
    tables: dict[str, dict[int, int]] = {}
    for name, table in data["tables"].items():
        if name == PRINTED:
            raise DeckError(f"assist_numbers.json: a table may not be named {PRINTED!r}")
        m = {int(k): v for k, v in table["map"].items()}
        if sorted(m) != printed or not all(isinstance(v, int) and v >= 1 for v in m.values()):
            raise DeckError(f"assist_numbers.json table {name}: 'map' must send each printed Assist # "
                            f"{printed[0]}-{printed[-1]} to an Assist # of 1 or more")
        tables[name] = m
    return tables


ASSIST_NUMBER_TABLES = load_assist_number_tables()


def assist_number(name: str, printed: int) -> int:
    """The Assist # a pass plays under ``assist_numbers=name`` (4.4); 0 (no Assist #) stays 0."""
    return season_table("assist_numbers", name)[printed] if printed else 0


def rebound_slot_counts(name: str = PRINTED) -> dict[str, dict[str, int]]:
    """The deck's REBOUND position slots under the option ``rebound_slots=name``: kind ("defense": "Defense POS
    [FB]", "offense": "Offense POS #n", "highest": a single-position "Highest POS") -> position -> cards."""
    table = REBOUND_SLOT_TABLES[name] if name != PRINTED else {}
    counts = {kind: dict.fromkeys(POSITIONS, 0) for kind in ("defense", "offense", "highest")}
    for c in DECK:
        r = table[c.rpg][0] if c.rpg in table else c.rebound
        if r[0] == R_DEF:
            counts["defense"][POSITIONS[r[1]]] += 1
        elif r[0] == R_OFF:
            counts["offense"][POSITIONS[r[1]]] += 1
        elif r[0] == R_HIGH and len(r[1]) == 1:
            counts["highest"][POSITIONS[r[1][0]]] += 1
    return counts


def card(rpg: int) -> Card:
    """The deck's card with this RPG (1-200)."""
    return DECK[rpg - 1]


def rpg_slot(rpg: int) -> int:
    """RPG -> lineup slot (PG 1-20, SF 21-40, C 41-60, PF 61-80, SG 81-100; last two digits)."""
    n = rpg % 100 or 100
    return (0, 2, 4, 3, 1)[(n - 1) // 20]


def rpg_side(rpg: int) -> int:
    """RPG 1-100 selects the Home Team (0), 101-200 the Visitors (1)."""
    return 0 if rpg <= 100 else 1


# ------------------------------------------------------------------ 10A Fast Break chart
FB_BASKET, FB_AND_ONE, FB_FOULED, FB_SHOT, FB_NONE, FB_TURNOVER, FB_STOLEN = range(7)
FB_RPG = -1


def _fb_result(text: str) -> tuple[int, ...]:
    m = re.match(r"^Basket (PG|SG|SF|PF|C|RPG), assist originator$", text)
    if m:
        return (FB_BASKET, FB_RPG if m.group(1) == "RPG" else POS_INDEX[m.group(1)])
    for pattern, code in ((r"^Basket (PG|SG|SF|PF|C) and fouled$", FB_AND_ONE),
                          (r"^(PG|SG|SF|PF|C) fouled while shooting$", FB_FOULED),
                          (r"^Shot by (PG|SG|SF|PF|C)$", FB_SHOT),
                          (r"^Turnover (PG|SG|SF|PF|C) - D OB$", FB_TURNOVER),
                          (r"^Stolen by PD of (PG|SG|SF|PF|C)$", FB_STOLEN)):
        m = re.match(pattern, text)
        if m:
            return (code, POS_INDEX[m.group(1)])
    if text == "No fast break":
        return (FB_NONE, 0)
    raise DeckError(f"fast_break.json: cannot read {text!r}")


def _load_fast_break() -> tuple[dict[str, dict[str, str]], dict[str, tuple[tuple[int, ...] | None, ...]], dict[str, list[list[Any]]]]:
    data = json.loads(_data("fast_break.json").read_text(encoding="utf-8"))
    columns: dict[str, tuple[tuple[int, ...] | None, ...]] = {}
    for col, rows in data["columns"].items():
        table: list[tuple[int, ...] | None] = [None] * 101  # by FOUL # (1-100)
        for lo, hi, text in rows:
            res = _fb_result(text)
            for n in range(lo, hi + 1):
                table[n] = res
        if any(t is None for t in table[1:]):
            raise DeckError(f"fast_break.json: column {col} does not cover FOUL # 1-100")
        columns[col] = tuple(table)
    return data["determination"], columns, {c: rows for c, rows in data["columns"].items()}


FB_DETERMINATION, FB_COLUMNS, FB_TEXT = _load_fast_break()
GRADES = "ABCDE"


def fb_column(offense: str, defense: str) -> str:
    """10A Determination Tables: the column for an Offense grade against a Defense grade."""
    column: str = FB_DETERMINATION[offense][defense]
    return column


def fb_text(column: str, number: int) -> str:
    for lo, hi, text in FB_TEXT[column]:
        if lo <= number <= hi:
            label: str = text
            return label
    return "?"


CLOCK: dict[str, dict[str, Any]] = json.loads(_data("clock.json").read_text(encoding="utf-8"))
