"""Build the bundled Statis Pro Basketball team files (data, not engine code).

* ``knicks-1993.json`` / ``bulls-1993.json``: the five player cards and the team card of each team
  printed in the 1993 rules, exactly as printed (the card text's mislabelled "THREE POINT" line of
  players without a three-point rating is their FREE THROW rating; see docs), plus seven FICTIONAL
  reserves per team (clearly labelled) to make twelve-man rosters.
* four wholly fictional teams (``"fictional": true``), rated like an average 1992-93 NBA team.

Run:  python tools/statispro_build_teams.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path

TEAMS = Path(__file__).resolve().parents[1] / "coachgym" / "rules" / "statispro" / "data" / "teams"
G, F, C = ["PG", "SG"], ["SF", "PF"], ["C"]


def card(name, pos, fg, att, three_att, three, ft, reb, foul, fd, blk, ast, stl, dr, inj, games, **extra):
    return {"name": name, "positions": pos, "field_goal": fg, "attempts": att,
            "three_point_attempts": three_att, "three_point": three, "free_throw": ft, "rebound": reb,
            "foul_range": foul, "foul_drawing": fd, "block": blk, "assist": ast, "steal": stl,
            "defense": dr, "injury_rate": inj, "games": games, "rest": "", **extra}


PRINTED = {"printed": True, "source": "statis-pro-basketball-1993.md, player card"}
KNICKS = [  # lineup order PG, SG, SF, PF, C (the sample game's placement)
    card("John Starks", G, 47, 15, 4, 32, 80, 8, [8, 14], 13.3, 0, 10, 4, -9, 1, 80, **PRINTED),
    card("Glen (Doc) Rivers", G, 48, 6, 2, 32, 82, 10, [38, 45], 8.5, 0, 13, 7, -7, 1, 77, **PRINTED),
    card("Charles Smith", ["SF", "PF", "C"], 47, 9, None, None, 78, 20, [15, 23], 16.8, 4, 4, 2, -3, 1, 81, **PRINTED),
    card("Charles Oakley", F, 51, 5, None, None, 72, 32, [56, 64], 7.8, 1, 3, 4, -8, 0, 82, **PRINTED),
    card("Patrick Ewing", C, 50, 19, 1, 14, 72, 33, [1, 7], 18.5, 5, 3, 2, -9, 1, 81, **PRINTED),
]
BULLS = [
    card("Michael Jordan", G, 51, 26, 3, 35, 84, 17, [1, 4], 18.5, 2, 8, 7, -10, 1, 78, **PRINTED),
    card("B. J. Armstrong", G, 51, 10, 2, 45, 86, 6, [16, 20], 6.0, 0, 8, 3, -1, 0, 82, **PRINTED),
    card("Scottie Pippen", ["PG", "SG", "SF", "PF"], 49, 16, 1, 24, 66, 20, [5, 9], 11.2, 2, 10, 6, -10, 1, 81, **PRINTED),
    card("Horace Grant", F, 51, 11, 1, 20, 62, 27, [10, 15], 10.2, 3, 4, 3, -9, 1, 77, **PRINTED),
    card("Bill Cartwright", C, 41, 5, None, None, 74, 19, [33, 40], 7.8, 1, 4, 2, -5, 4, 63, **PRINTED),
]

FIRST = ["Avery", "Blake", "Carter", "Dale", "Emmett", "Flynn", "Grady", "Hollis", "Ira", "Jules", "Kent",
         "Lamar", "Merritt", "Nolan", "Orrin", "Pierce", "Quinn", "Royce", "Sterling", "Tobin", "Ulric",
         "Vance", "Wade", "Xavier", "Yates", "Zane", "Alton", "Booker", "Cedric", "Dorian"]
LAST = ["Ashford", "Bramwell", "Colter", "Dunmore", "Easterly", "Fairbanks", "Galloway", "Hensley",
        "Ingram", "Jessup", "Kimball", "Lockett", "Marlowe", "Northcutt", "Oglesby", "Prescott", "Quarles",
        "Ridgeway", "Stallworth", "Thornbury", "Underhill", "Vickery", "Whitlock", "Yarborough", "Ambler",
        "Birchfield", "Crandall", "Dewberry", "Elwood", "Fenwick"]
SLOT_POS = {"PG": G, "SG": G, "SF": F, "PF": F, "C": C}


def fictional_player(rng, slot, starter, used, foul_range):
    while True:
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        if name not in used:
            used.add(name)
            break
    big = slot in ("PF", "C")
    guard = slot in ("PG", "SG")
    att = rng.randint(11, 20) if starter else rng.randint(3, 9)
    three_att = (rng.randint(1, 4) if starter else rng.randint(0, 2)) if guard else (rng.choice([None, None, 1]) if slot == "SF" else None)
    if three_att == 0:
        three_att = None
    player = card(
        name, list(SLOT_POS[slot]) if rng.random() < 0.8 else ["SF", "PF", "C"] if big else ["PG", "SG", "SF", "PF"],
        rng.randint(46, 52) if starter else rng.randint(42, 49), att, three_att,
        rng.randint(30, 40) if three_att else None, rng.randint(62, 86),
        (rng.randint(22, 32) if big else rng.randint(14, 22) if slot == "SF" else rng.randint(6, 14)) - (0 if starter else 5),
        foul_range, round(rng.uniform(9, 17) if starter else rng.uniform(3, 9), 1),
        rng.randint(2, 4) if big else rng.randint(0, 1), rng.randint(8, 14) if slot == "PG" else rng.randint(3, 9) if guard else rng.randint(2, 6),
        rng.randint(4, 7) if guard else rng.randint(2, 4), -rng.randint(3, 9) if starter else -rng.randint(1, 6),
        rng.randint(0, 3), rng.randint(55, 82), fictional=True,
    )
    if starter and guard and three_att:
        # Calibration against the NBA 1992-93 league averages (docs/realism.md): starting guards
        # two more THREE POINT ATTEMPTS (league 9.0 three-point attempts per team and game) and
        # three points off THREE POINT (league 33.6%). Applied after the draws, so every other
        # rating of every fictional player is as first generated.
        player["three_point_attempts"] += 2
        player["three_point"] -= 3
    return player


def free_ranges(taken, sizes):
    """Non-overlapping FOUL RANGES of the given sizes in 1-100 avoiding the printed ones."""
    free = [n for n in range(1, 101) if not any(a <= n <= b for a, b in taken)]
    out = []
    i = 0
    for size in sizes:
        start = free[i]
        block = [start]
        while len(block) < size and i + len(block) < len(free) and free[i + len(block)] == block[-1] + 1:
            block.append(block[-1] + 1)
        out.append([block[0], block[-1]])
        i += len(block) + 1  # leave a gap (a FOUL # that no one holds goes to the ballhandler's PD)
    return out


PRINTED_SOURCE = ("The player and team cards printed in the Statis Pro Basketball 1993 rules "
                  "(shared/rules/statis-pro-basketball-1993.md), five starters exactly as printed")


def team_file(name, season, coach, offense, defense, home, road, players, lineup, fictional, note):
    data = {"schema": "coachgym.statispro.team/1", "name": name, "season": season, "coach": coach,
            "offense": offense, "defense": defense, "home": home, "road": road, "fictional": fictional}
    if not fictional:
        data["source"] = PRINTED_SOURCE
    data.update({"note": note, "lineup": lineup, "players": players})
    return data


def bench(rng, taken, used):
    sizes = [6, 5, 5, 4, 4, 3, 3]
    slots = ["PG", "SF", "C", "SG", "PF", "SF", "PG"]
    ranges = free_ranges(taken, sizes)
    return [fictional_player(rng, s, False, used, r) for s, r in zip(slots, ranges)]


def main() -> None:
    rng = random.Random(1993)
    used = set()
    note = ("Five player cards and the team card exactly as printed in the 1993 rules; the seven reserves "
            "are FICTIONAL (no card of them is printed) and are marked \"fictional\": true.")
    for fname, name, coach, off, de, home, road, starters in (
        ("knicks-1993", "New York Knicks", "Pat Riley", "D", "A", ("37-4", 9), ("23-18", 2), KNICKS),
        ("bulls-1993", "Chicago Bulls", "Phil Jackson", "B", "B", ("31-10", 8), ("26-15", 3), BULLS),
    ):
        taken = [tuple(p["foul_range"]) for p in starters]
        players = starters + bench(rng, taken, used)
        data = team_file(name, "1992-93", coach, off, de, {"record": home[0], "index": home[1]},
                         {"record": road[0], "index": road[1]}, players, [p["name"] for p in starters], False, note)
        if fname == "bulls-1993":
            data["team_card_note"] = "ATL 3-0, CLE 4-0, NY 4-2, PHX 4-2"
        (TEAMS / f"{fname}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    for fname, name, off, de, hi, ri in (
        ("harbor-city", "Harbor City Gulls", "B", "C", 6, 0),
        ("mesa-verde", "Mesa Verde Drillers", "C", "B", 5, -1),
        ("lakeshore", "Lakeshore Comets", "C", "C", 4, -2),
        ("pine-ridge", "Pine Ridge Loggers", "D", "C", 3, -3),
    ):
        sizes = [7, 6, 7, 7, 8]
        ranges = free_ranges([], sizes + [6, 5, 5, 4, 4, 3, 3])
        starters = [fictional_player(rng, s, True, used, r) for s, r in zip(("PG", "SG", "SF", "PF", "C"), ranges[:5])]
        reserves = [fictional_player(rng, s, False, used, r) for s, r in zip(["PG", "SF", "C", "SG", "PF", "SF", "PG"], ranges[5:])]
        data = team_file(name, "fictional", "fictional", off, de, {"record": "fictional", "index": hi},
                         {"record": "fictional", "index": ri}, starters + reserves, [p["name"] for p in starters], True,
                         "A FICTIONAL team: every player is invented, rated like an average 1992-93 NBA player.")
        (TEAMS / f"{fname}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print("wrote", sorted(p.name for p in TEAMS.iterdir()))


if __name__ == "__main__":
    main()
