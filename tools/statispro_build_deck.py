"""Build the reconstructed Statis Pro Basketball Fast Action Card deck (data, not engine code).

The 1993 rules print the sections of the 200 FAC and their meanings (sections 9-15) but not the
cards. This script writes ``coachgym/rules/statispro/data/fac_deck.csv`` (one row per card, every
section, in the game's own words) from explicit section counts (below) with a fixed seed, then
overwrites every section printed in the 1993 sample game (``data/sample_game_1993.json``) with
the printed text. Derivation and calibration: docs/rules/statis-pro-basketball.md, "The deck".
The PRESS section is dealt from its own ``random.Random(SEED + PRESS_SEED_OFFSET)``, so that its
counts can be tuned (docs, "PRESS balance") without changing a card of any other section.

Run:  python tools/statispro_build_deck.py
"""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "coachgym" / "rules" / "statispro" / "data"
POS = ("PG", "SG", "SF", "PF", "C")
ICON = "\U0001F3C0"  # the Assist icon; the converted 1993 text prints it as "3/" or drops it
SEED = 1993

# ----------------------------------------------------------------------------- section counts
# Every list below holds (count, maker); the counts of a section sum to 200.
PASS_MAX = 40          # Pass #s run 1-40 (13E refers to a "Pass 40")


def pass_no(rng, shares=(0.40, 0.35)):
    """A Pass #: a share runs 1-40, a share 1-20 and the rest 1-8 (low numbers - shots and
    three-pointers - are commoner on ADVANCE than on ACTION)."""
    r = rng.random()
    return rng.randint(1, PASS_MAX if r < shares[0] else PASS_MAX // 2 if r < shares[0] + shares[1] else 8)


ACTION_SHARES = (0.75, 0.15)
ADVANCE_SHARES = (0.35, 0.35)


def icon(rng, share, lo, hi):
    return f" {ICON}{rng.randint(lo, hi)}" if rng.random() < share else ""


def pos(rng):
    return rng.choice(POS)


def action_pass(rng):
    return f"Pass to {pos(rng)} #{pass_no(rng, ACTION_SHARES)}{icon(rng, 0.55, 2, 10)}"


def advance_pass(rng):
    return f"Pass to {pos(rng)} #{pass_no(rng, ADVANCE_SHARES)}{icon(rng, 0.80, 2, 12)}"


def advance_steal(rng):
    s = rng.choice((3, 4, 4, 5, 5, 6, 6, 7))
    where = rng.choice(("at Defense " + pos(rng), "at Defense " + pos(rng), ""))
    return f"Pass to {pos(rng)} #{pass_no(rng, ADVANCE_SHARES)}; S{s} or higher {where + ' ' if where else ''}steals".replace("  ", " ")


# PRESS passes (15D): a share carries a steal clause, most of them naming the defender who must
# reach the STEAL rating (every bundled team has a STEAL 7 somewhere, so an "any defender" clause is
# nearly always a steal); see docs, "PRESS balance".
PRESS_STEAL_SHARE = 0.30
PRESS_STEAL_S = (4, 5, 5, 6, 6, 7)
PRESS_NAMED_SHARE = 0.75


def press_pass(rng):
    if rng.random() < PRESS_STEAL_SHARE:
        s = rng.choice(PRESS_STEAL_S)
        where = f"at Defense {pos(rng)} " if rng.random() < PRESS_NAMED_SHARE else ""
        return f"Pass to {pos(rng)} #{pass_no(rng, ADVANCE_SHARES)}; S{s} or higher {where}steals"
    return f"Pass to {pos(rng)} #{pass_no(rng)}{icon(rng, 0.2, 3, 12)}"


def _first_press_pass(rng):
    """The PRESS pass maker of the first deck (kept only to replay its draws, see _FIRST_PRESS)."""
    s = rng.choice((3, 4, 5, 6))
    if rng.random() < 0.4:
        return f"Pass to {pos(rng)} #{pass_no(rng, ADVANCE_SHARES)}; S{s} or higher steals"
    return f"Pass to {pos(rng)} #{pass_no(rng)}{icon(rng, 0.2, 3, 12)}"


def dob(kinds):
    def make(rng):
        return f"{rng.choice(kinds)} - D OB. Turnover {rng.choice(POS + ('RPG',))}"
    return make


def const(text):
    return lambda rng: text


ACTION = [
    (175, action_pass),
    (6, lambda r: f"Pass to Choice #{pass_no(r)}"),
    (6, const("Defensive Foul")),
    (5, const("Fouled in Act of Shooting")),
    (3, const("Offensive Foul")),
    (4, dob(("Traveling", "Double Dribble", "Line Violation"))),
    (1, const("Consult Z")),
]
ADVANCE = [
    (142, advance_pass),
    (28, advance_steal),
    (8, lambda r: f"Pass to Choice #{pass_no(r)}"),
    (9, const("Defense Foul")),
    (5, dob(("Ball Thrown Away",))),
    (2, const("24-Second Violation")),
    (2, dob(("3-Second Violation",))),
    (3, const("Kicked Ball")),
    (1, lambda r: f"Jump Ball {pos(r)}"),
]
# 15 PRESS, rebalanced (docs, "PRESS balance"): pressing a whole game is break-even or slightly costly;
# the PRESS forces about four times the turnovers of ACTION but gives up easy baskets and fouls.
PRESS = [
    (88, press_pass),
    (10, lambda r: f"Pass to Choice #{pass_no(r)}"),
    (20, const("Defense Foul")),
    (6, const("Intentional Foul")),
    (24, const("Pass to Choice Who Scores")),
    (14, const("Consult Z")),
    (16, dob(("Ball Not Put in Play in Time", "Traveling", "Line Violation", "Double Dribble", "Ball Thrown Away"))),
    (4, const("Offensive Foul")),
    (4, lambda r: f"Jump Ball {pos(r)}"),
    (6, const("Dead Ball Foul")),
    (8, lambda r: f"Trap. Pass to {pos(r)} #{pass_no(r)}"),
]
PRESS_SEED_OFFSET = 15  # the PRESS section is dealt from random.Random(SEED + 15) (15: PRESS FAC items)

# The first deck's PRESS counts (24 D OB turnovers, 40% of passes with an "any defender" steal
# clause, 10 Traps, 10 Pass to Choice Who Scores) made a PRESS at every dead ball a dominant
# strategy. They are dealt and thrown away only so that the main generator consumes exactly the
# draws it consumed before and every other section stays card-for-card the same.
_FIRST_PRESS = [
    (100, _first_press_pass),
    (10, lambda r: f"Pass to Choice #{pass_no(r)}"),
    (16, const("Defense Foul")),
    (4, const("Intentional Foul")),
    (10, const("Pass to Choice Who Scores")),
    (10, const("Consult Z")),
    (24, dob(("Ball Not Put in Play in Time", "Traveling", "Line Violation", "Double Dribble", "Ball Thrown Away"))),
    (6, const("Offensive Foul")),
    (4, lambda r: f"Jump Ball {pos(r)}"),
    (6, const("Dead Ball Foul")),
    (10, lambda r: f"Trap. Pass to {pos(r)} #{pass_no(r)}"),
]


def reb_high(rng):
    kind = rng.random()
    if kind < 0.55:
        where = pos(rng)
    elif kind < 0.8:
        a, b = rng.sample(POS[2:], 2) if rng.random() < 0.7 else rng.sample(POS, 2)
        where = f"{a}, {b}"
    else:
        where = "rebounder"
    bonus = rng.choice((0, 0, 1, 2, 3, 4, 5, 6, 8, 10))
    add = f" Add +{bonus} to Defense." if bonus else ""
    p = rng.randint(1, 30)
    return f"Highest {where};{add} #{p} {ICON}{rng.randint(3, 20)}"


REBOUND = [
    (18, lambda r: f"Defense {pos(r)} FB"),
    (52, lambda r: f"Defense {pos(r)}"),
    (102, reb_high),
    (14, lambda r: f"Offense {pos(r)} #{r.randint(1, 30)} {ICON}{r.randint(3, 20)}"),
    (3, const("O OB")),
    (4, const("D OB")),
    (1, const("Off. GT")),
    (3, const("Loose Ball Foul on Defense")),
    (2, const("Loose Ball Foul on Offense")),
    (1, lambda r: f"Jump Ball {pos(r)}"),
]
BLOCK = [
    (70, lambda r: f"Offense {pos(r)}"),
    (110, lambda r: f"Defense {pos(r)}"),
    (6, const("Offense OB")),
    (8, const("Defense OB")),
    (6, const("Def. GT")),
]
JUMP = [(n, (lambda k: (lambda r: f"+{k} {pos(r)}"))(k)) for n, k in
        ((20, 0), (30, 1), (30, 2), (30, 3), (25, 4), (20, 5), (15, 6), (12, 7), (10, 8), (8, 9))]
FD = [(80, 1), (50, 2), (34, 3), (22, 4), (14, 5)]


def z_rest(rng):
    side = rng.choice(("Home", "Visitor"))
    star = " unless *" if rng.random() < 0.3 else ""
    return f"{side} {pos(rng)} must rest{star}"


Z = [
    (94, z_rest),
    (4, const("Injury: rest of period")),
    (3, const("Injury: rest of half")),
    (2, const("Injury: rest of game")),
    (3, lambda r: f"Injury: game + {r.choice((1, 2, 3))} Injury Rate"),
    (4, const("Flagrant Foul on Defense")),
    (6, const("Double Foul")),
    (8, const("Technical Foul")),
    (2, lambda r: f"Technical Foul on {r.choice(('Home', 'Visitor'))} Coach"),
    (8, const("Pass to Choice Who Scores and Is Fouled")),
    (2, const("Fight & Ejection")),
    (8, const("Three Pointer")),
    (6, const("Great Night")),
    (10, const("Illegal Defense Warning")),
    (6, const("Accidental Tip-In")),
    (4, const("Elbow Foul on Defense")),
    (10, const("Dead Ball Foul")),
    (14, const("Stolen by PD of RPG & FB")),
    (6, const("Desperation Heave")),
]


def shot_clause(rng):
    """SHOT # clauses (12B/C/E) for cards without a printed clause."""
    r = rng.random()
    if r < 0.20:
        return f". Blocked by PD with B{rng.choice((1, 2, 2, 3, 3, 4, 5))} or higher."
    if r < 0.26:
        return f". B{rng.choice((2, 3, 4, 5))} or higher at {pos(rng)} blocks."
    if r < 0.29:
        return f". B{rng.choice((3, 4, 5))} or higher blocks."
    if r < 0.42:
        return f". Fouled by {pos(rng)} if shooter's FD# > {rng.randint(4, 14)}."
    if r < 0.46:
        return f". Fouled by FOUL # if shooter's FD# > {rng.randint(4, 14)}."
    if r < 0.49:
        return ". Lane Violation on Defense."
    if r < 0.50:
        return ". Lane Violation voids Free Throw; Team Turnover."
    return ""


def deal(rng, spec):
    out = []
    for n, make in spec:
        out.extend(make(rng) if callable(make) else make for _ in range(n))
    assert len(out) == 200, (len(out), spec)
    rng.shuffle(out)
    return out


def build_rows() -> list[dict]:
    """The 200 rows of fac_deck.csv (generated sections, then the 1993 sample's printed sections)."""
    rng = random.Random(SEED)
    sections = {
        "action": deal(rng, ACTION),
        "advance": deal(rng, ADVANCE),
        "_first_press": deal(rng, _FIRST_PRESS),  # replayed, discarded (see _FIRST_PRESS)
        "press": deal(random.Random(SEED + PRESS_SEED_OFFSET), PRESS),
        "rebound": deal(rng, REBOUND),
        "block": deal(rng, BLOCK),
        "jump_to": deal(rng, JUMP),
        "z_reading": deal(rng, Z),
    }
    fd = deal(rng, [(n, (lambda k: (lambda r: k))(k)) for n, k in FD])
    rows = []
    for i in range(200):
        rpg = i + 1
        number = rpg % 100 or 100  # SHOT # and FOUL # are the RPG's last two digits (see docs)
        rows.append({
            "rpg": rpg,
            "action": sections["action"][i],
            "advance": sections["advance"][i],
            "press": sections["press"][i],
            "shot": f"{number}{shot_clause(rng)}",
            "rebound": sections["rebound"][i],
            "foul": f"{number} or FD{fd[i]}",
            "jump_to": sections["jump_to"][i],
            "z_reading": sections["z_reading"][i],
            "block": sections["block"][i],
        })
    sample = json.loads((DATA / "sample_game_1993.json").read_text(encoding="utf-8"))
    for card in sample["printed_sections"]:
        row = rows[card["rpg"] - 1]
        for section, text in card["sections"].items():
            row[section] = text
    return rows


FIELDS = ["rpg", "action", "advance", "press", "shot", "rebound", "foul", "jump_to", "z_reading", "block"]


def main() -> None:
    rows = build_rows()
    fields = FIELDS
    with open(DATA / "fac_deck.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)
    print(f"wrote {DATA / 'fac_deck.csv'}")
    write_fast_break()
    write_clock()


# ----------------------------------------------------------------------------- 10A Fast Break chart
# Per column (A best for the offense .. E worst): the FOUL # bands of each kind of result. Inside
# the "basket, assist originator" band the six scorers PG, SG, SF, PF, C and RPG share the numbers
# (SF gets the middle of the band, so that column C, FOUL # 16 is the sample game's basket by the SF).
FB_BANDS = {
    #      basket  and-one  fouled  shot-by  no-break  turnover  stolen
    "A": (45, 7, 6, 17, 17, 4, 4),
    "B": (38, 6, 6, 18, 22, 5, 5),
    "C": (30, 5, 5, 20, 28, 6, 6),
    "D": (22, 4, 4, 22, 34, 7, 7),
    "E": (15, 3, 3, 24, 39, 8, 8),
}


def write_fast_break() -> None:
    columns = {}
    for col, bands in FB_BANDS.items():
        assert sum(bands) == 100, col
        rows = []
        lo = 1
        basket = bands[0]
        cut = [0, 0.2, 0.4, 0.66, 0.8, 0.9, 1.0]
        scorers = ("PG", "SG", "SF", "PF", "C", "RPG")
        for k, who in enumerate(scorers):
            a = lo + round(basket * cut[k])
            b = lo + round(basket * cut[k + 1]) - 1
            if b >= a:
                rows.append([a, b, f"Basket {who}, assist originator"])
        lo += basket
        kinds = [("Basket {p} and fouled", bands[1]), ("{p} fouled while shooting", bands[2]),
                 ("Shot by {p}", bands[3]), ("No fast break", bands[4]),
                 ("Turnover {p} - D OB", bands[5]), ("Stolen by PD of {p}", bands[6])]
        for text, n in kinds:
            if "{p}" in text:
                # split the band over the five positions
                for k, p in enumerate(POS):
                    a = lo + (n * k) // 5
                    b = lo + (n * (k + 1)) // 5 - 1
                    if b >= a:
                        rows.append([a, b, text.format(p=p)])
            else:
                rows.append([lo, lo + n - 1, text])
            lo += n
        assert lo == 101
        columns[col] = rows
    grades = "ABCDE"
    table = {o: {d: grades[max(0, min(4, grades.index(o) + 1 - grades.index(d)))] for d in grades} for o in grades}
    out = {
        "source": "reconstruction of the Fast Break chart and Determination Tables (10A); see docs/rules/statis-pro-basketball.md",
        "determination": table,
        "columns": columns,
    }
    (DATA / "fast_break.json").write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    assert table["B"]["A"] == "C"


def write_clock() -> None:
    out = {
        "source": "3.1 (exact procedure), 8.2, 19.1, 20.1, 20.6; see docs",
        "nba": {"fac": 180, "dead_ball": 20, "minutes": 12,
                "time_cards": {"5:00": 75, "9:00": 135, "10:00": 150, "11:00": 165}, "no_11_in_period": 4},
        "overtime": {"fac": 75, "minutes": 5, "time_cards": {"10:00": 45}},
        "college": {"fac": 150, "dead_ball": 50, "minutes": 10,
                    "time_cards": {"5:00": 60, "9:00": 105, "10:00": 120, "11:00": 135}},
        "college_overtime": {"fac": 75, "minutes": 5, "time_cards": {"10:00": 45}},
    }
    (DATA / "clock.json").write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
