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


# The first deck's shares (kept to replay its draws, see FIRST below); the retuned ACTION and
# ADVANCE sections (docs/realism.md) use the CALIBRATION figures.
FIRST_ACTION_SHARES = (0.75, 0.15)
FIRST_ADVANCE_SHARES = (0.35, 0.35)
ADVANCE_SHARES = FIRST_ADVANCE_SHARES  # PRESS passes and Pass to Choice keep the first deck's shares

# Calibration against the NBA 1992-93 league averages (docs/realism.md): the reconstructed
# sections that carry the figures the first deck missed (three-point attempts, assists, steals,
# free-throw attempts and fouls, the offensive rebound share) are dealt again from their own
# generators with these figures; every other section is card-for-card the first deck's.
CALIBRATION = {
    # Pass # bands (weight, lo, hi). Low numbers give shots and three-pointers (4.5, 4.6), high
    # ones keep the ball moving to a Forced Shot (5.2, 5.3) - the contested shots that offset the
    # +10 of the Open Shots the Assist #s create.
    "action_bands": [(0.45, 1, 40), (0.42, 21, 40), (0.13, 1, 3)],
    "action_icon": (0.70, 2, 10),      # share of ACTION passes with an Assist # (4.4), its range
    "advance_bands": [(0.30, 1, 40), (0.47, 21, 40), (0.10, 1, 8), (0.13, 1, 3)],
    "advance_icon": (0.90, 2, 12),
    "action_shooting_fouls": 6,        # ACTION "Fouled in Act of Shooting" (9E)
    "advance_steals": 27,              # ADVANCE passes with a steal clause (13B, 7.1)
    "advance_thrown_away": 2,          # ADVANCE "Ball Thrown Away - D OB" (13E)
    "rebound_bonus": (0, 0, 0, 1, 2, 3, 4, 5, 6, 8),  # "Add +k to Defense." on Highest ... (10C)
    "rebound_offense": 25,             # "Offense POS #n" rebounds (10D)
    "shot_clauses": {"block_pd": 0.25, "block_pos": 0.06, "block_any": 0.03, "foul_pos": 0.14,
                     "foul_number": 0.05, "lane_def": 0.03, "lane_off": 0.01},
    "deal": 23,                        # the deal kept (see DEAL_STEP)
}


def pass_band(rng, bands):
    """A Pass # from weighted bands ``[(weight, lo, hi), ...]`` (the calibrated ACTION / ADVANCE)."""
    r = rng.random() * sum(w for w, _, _ in bands)
    for w, lo, hi in bands:
        if r < w:
            return rng.randint(lo, hi)
        r -= w
    return rng.randint(bands[-1][1], bands[-1][2])


def icon(rng, share, lo, hi):
    return f" {ICON}{rng.randint(lo, hi)}" if rng.random() < share else ""


def pos(rng):
    return rng.choice(POS)


def action_pass(rng):
    share, lo, hi = CALIBRATION["action_icon"]
    return f"Pass to {pos(rng)} #{pass_band(rng, CALIBRATION['action_bands'])}{icon(rng, share, lo, hi)}"


def advance_pass(rng):
    share, lo, hi = CALIBRATION["advance_icon"]
    return f"Pass to {pos(rng)} #{pass_band(rng, CALIBRATION['advance_bands'])}{icon(rng, share, lo, hi)}"


def advance_steal(rng, first=False):
    s = rng.choice((3, 4, 4, 5, 5, 6, 6, 7))
    where = rng.choice(("at Defense " + pos(rng), "at Defense " + pos(rng), ""))
    to = pos(rng)
    no = pass_no(rng, FIRST_ADVANCE_SHARES) if first else pass_band(rng, CALIBRATION["advance_bands"])
    return f"Pass to {to} #{no}; S{s} or higher {where + ' ' if where else ''}steals".replace("  ", " ")


def _first_action_pass(rng):
    return f"Pass to {pos(rng)} #{pass_no(rng, FIRST_ACTION_SHARES)}{icon(rng, 0.55, 2, 10)}"


def _first_advance_pass(rng):
    return f"Pass to {pos(rng)} #{pass_no(rng, FIRST_ADVANCE_SHARES)}{icon(rng, 0.80, 2, 12)}"


def _first_advance_steal(rng):
    return advance_steal(rng, first=True)


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


def _action_spec(passes, shooting_fouls):
    """9 ACTION kinds: passes made by ``passes``, ``shooting_fouls`` "Fouled in Act of Shooting"."""
    return [
        (175 + 5 - shooting_fouls, passes),
        (6, lambda r: f"Pass to Choice #{pass_no(r)}"),
        (6, const("Defensive Foul")),
        (shooting_fouls, const("Fouled in Act of Shooting")),
        (3, const("Offensive Foul")),
        (4, dob(("Traveling", "Double Dribble", "Line Violation"))),
        (1, const("Consult Z")),
    ]


def _advance_spec(passes, steal_passes, steals, thrown):
    """13 ADVANCE kinds: ``steals`` passes with a steal clause, ``thrown`` Ball Thrown Away."""
    return [
        (142 + 28 + 5 - steals - thrown, passes),
        (steals, steal_passes),
        (8, lambda r: f"Pass to Choice #{pass_no(r)}"),
        (9, const("Defense Foul")),
        (thrown, dob(("Ball Thrown Away",))),
        (2, const("24-Second Violation")),
        (2, dob(("3-Second Violation",))),
        (3, const("Kicked Ball")),
        (1, lambda r: f"Jump Ball {pos(r)}"),
    ]


FIRST_ACTION = _action_spec(_first_action_pass, 5)
FIRST_ADVANCE = _advance_spec(_first_advance_pass, _first_advance_steal, 28, 5)


def action_section():
    """9 ACTION, calibrated (CALIBRATION): the first deck's kinds, retuned Pass #s and Assist #s."""
    return _action_spec(action_pass, CALIBRATION["action_shooting_fouls"])


def advance_section():
    """13 ADVANCE, calibrated (CALIBRATION): steal clauses in place of passes and thrown-away balls."""
    return _advance_spec(advance_pass, advance_steal, CALIBRATION["advance_steals"], CALIBRATION["advance_thrown_away"])


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


def reb_high(rng, bonuses=None):
    kind = rng.random()
    if kind < 0.55:
        where = pos(rng)
    elif kind < 0.8:
        a, b = rng.sample(POS[2:], 2) if rng.random() < 0.7 else rng.sample(POS, 2)
        where = f"{a}, {b}"
    else:
        where = "rebounder"
    bonus = rng.choice(bonuses or CALIBRATION["rebound_bonus"])
    add = f" Add +{bonus} to Defense." if bonus else ""
    p = rng.randint(1, 30)
    return f"Highest {where};{add} #{p} {ICON}{rng.randint(3, 20)}"


def _rebound_spec(high, offense):
    """10 REBOUND kinds: ``offense`` "Offense POS #n" cards, the "Highest ..." ones made by ``high``."""
    return [
        (18, lambda r: f"Defense {pos(r)} FB"),
        (52, lambda r: f"Defense {pos(r)}"),
        (102 + 14 - offense, high),
        (offense, lambda r: f"Offense {pos(r)} #{r.randint(1, 30)} {ICON}{r.randint(3, 20)}"),
        (3, const("O OB")),
        (4, const("D OB")),
        (1, const("Off. GT")),
        (3, const("Loose Ball Foul on Defense")),
        (2, const("Loose Ball Foul on Offense")),
        (1, lambda r: f"Jump Ball {pos(r)}"),
    ]


FIRST_REBOUND = _rebound_spec(lambda r: reb_high(r, (0, 0, 1, 2, 3, 4, 5, 6, 8, 10)), 14)


def rebound_section():
    """10 REBOUND, calibrated (CALIBRATION): the defensive bonus of "Highest" and the share of
    "Offense POS" rebounds set the offensive rebound share."""
    return _rebound_spec(reb_high, CALIBRATION["rebound_offense"])


BLOCK = [
    (70, lambda r: f"Offense {pos(r)}"),
    (110, lambda r: f"Defense {pos(r)}"),
    (6, const("Offense OB")),
    (8, const("Defense OB")),
    (6, const("Def. GT")),
]


def _jump(k: int):
    return lambda r: f"+{k} {pos(r)}"


JUMP = [(n, _jump(k)) for n, k in
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
    """SHOT # clauses (12B/C/E) for cards without a printed clause (shares: CALIBRATION)."""
    c = CALIBRATION["shot_clauses"]
    r = rng.random()
    cut = c["block_pd"]
    if r < cut:
        return f". Blocked by PD with B{rng.choice((1, 2, 2, 3, 3, 4, 5))} or higher."
    cut += c["block_pos"]
    if r < cut:
        return f". B{rng.choice((2, 3, 4, 5))} or higher at {pos(rng)} blocks."
    cut += c["block_any"]
    if r < cut:
        return f". B{rng.choice((3, 4, 5))} or higher blocks."
    cut += c["foul_pos"]
    if r < cut:
        return f". Fouled by {pos(rng)} if shooter's FD# > {rng.randint(4, 14)}."
    cut += c["foul_number"]
    if r < cut:
        return f". Fouled by FOUL # if shooter's FD# > {rng.randint(4, 14)}."
    cut += c["lane_def"]
    if r < cut:
        return ". Lane Violation on Defense."
    cut += c["lane_off"]
    if r < cut:
        return ". Lane Violation voids Free Throw; Team Turnover."
    return ""


def deal(rng, spec):
    out = []
    for n, make in spec:
        out.extend(make(rng) if callable(make) else make for _ in range(n))
    assert len(out) == 200, (len(out), spec)
    rng.shuffle(out)
    return out


# The first deck's sections that were dealt again (PRESS balance; calibration against 1992-93):
# the main generator still deals each first section and throws it away, so that every section
# dealt after it (BLOCK, JUMP TO, Z READING, FOUL #) stays card-for-card the first deck's; the
# new section comes from its own generator, random.Random(SEED + its rule section [+ the deal]).
FIRST = {"action": FIRST_ACTION, "advance": FIRST_ADVANCE, "press": _FIRST_PRESS, "rebound": FIRST_REBOUND}
RETUNED = {"action": (action_section, 9), "advance": (advance_section, 13), "press": (lambda: PRESS, PRESS_SEED_OFFSET),
           "rebound": (rebound_section, 10)}
SHOT_SEED_OFFSET = 12  # the SHOT # clauses (12B, 12C, 12E) come from random.Random(SEED + 12 [+ the deal])
# The calibrated sections of deal k come from random.Random(SEED + section + DEAL_STEP * k): several
# deals of the same figures were measured and the one nearest the 1992-93 figures kept (docs/realism.md).
DEAL_STEP = 1000


def build_rows() -> list[dict]:
    """The 200 rows of fac_deck.csv (generated sections, then the 1993 sample's printed sections)."""
    rng = random.Random(SEED)
    dealt = DEAL_STEP * CALIBRATION["deal"]
    sections = {}
    for name in ("action", "advance", "press", "rebound"):
        deal(rng, FIRST[name])  # replayed and thrown away (see FIRST)
        spec, offset = RETUNED[name]
        sections[name] = deal(random.Random(SEED + offset + (0 if name == "press" else dealt)), spec())
    sections["block"] = deal(rng, BLOCK)
    sections["jump_to"] = deal(rng, JUMP)
    sections["z_reading"] = deal(rng, Z)
    fd = deal(rng, [(n, const(k)) for n, k in FD])
    shot_rng = random.Random(SEED + SHOT_SEED_OFFSET + dealt)
    rows = []
    for i in range(200):
        rpg = i + 1
        number = rpg % 100 or 100  # SHOT # and FOUL # are the RPG's last two digits (see docs)
        rows.append({
            "rpg": rpg,
            "action": sections["action"][i],
            "advance": sections["advance"][i],
            "press": sections["press"][i],
            "shot": f"{number}{shot_clause(shot_rng)}",
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
