"""An experiment for a later deck (engine) version, not the shipped deck: the FAC deck's REBOUND
section with its positions dealt by the real 1992-93 rebounding shares of the five positions.

The reconstructed REBOUND section (docs/rules/statis-pro-basketball.md, "The deck") names its
positions uniformly: "Defense POS [FB]" (the named defender rebounds, 10A/10B), "Offense POS #n"
(10D) and a single-position "Highest POS" (10C) give a point guard as many rebounds as a center,
whatever their REBOUND ratings. This writes a copy of ``data/fac_deck.csv`` in which those positions
are drawn (seeded) with weights equal to each position's real rebounds per 48 minutes in the league's
``stats.csv`` (defensive rebounds for "Defense POS", offensive for "Offense POS", total for a
single-position "Highest"); every other section, every "Highest" over several positions and every
REBOUND printed in the sample game (``data/sample_game_1993.json``) is kept.

``--highest`` instead turns every "Defense POS" card without FB into "Highest rebounder; Add +8 to
Defense. #n 🏀a" (10C: the defense's best REBOUND rating on the floor takes it unless the offense's
best beats it by more than 8): the rebound follows the cards' ratings rather than the slot.

Run:  python tools/statispro_rebound_positions.py OUT.csv [seed] [--highest]
      COACHGYM_REALISM_DECK=OUT.csv python tools/statispro_league_realism.py 1 100
"""

from __future__ import annotations

import csv
import json
import random
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "coachgym/rules/statispro/data"
POSITIONS = ("PG", "SG", "SF", "PF", "C")
PATTERNS = {  # REBOUND kind -> (regex with the position as group 1, the weights' statistic)
    "defense": (re.compile(r"^Defense (PG|SG|SF|PF|C)( FB)?$"), "DRB"),
    "offense": (re.compile(r"^Offense (PG|SG|SF|PF|C) "), "ORB"),
    "highest": (re.compile(r"^Highest (PG|SG|SF|PF|C);"), "TRB"),
}


def position_weights(stats_csv: Path) -> dict[str, list[float]]:
    """Rebounds per 48 minutes of each listed position (first listed), DRB / ORB / TRB."""
    acc = defaultdict(lambda: defaultdict(float))
    with stats_csv.open(encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            pos = row["Pos"].split("-")[0]
            acc[pos]["MP"] += float(row["MP"])
            for k in ("ORB", "DRB", "TRB"):
                acc[pos][k] += float(row[k] or 0)
    return {k: [acc[p][k] / acc[p]["MP"] for p in POSITIONS] for k in ("ORB", "DRB", "TRB")}


def main() -> None:
    highest = "--highest" in sys.argv
    args = [a for a in sys.argv[1:] if a != "--highest"]
    out = Path(args[0])
    seed = int(args[1]) if len(args) > 1 else 1993
    weights = position_weights(ROOT / "leagues/nba-1993/stats.csv")
    printed = {d["rpg"] for d in json.loads((ROOT / "sample_game_1993.json").read_text())["printed_sections"]
               if "rebound" in d["sections"]}
    with (ROOT / "fac_deck.csv").open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    rng = random.Random(seed)
    changed = 0
    for row in rows:
        if int(row["rpg"]) in printed:
            continue
        if highest:
            m = PATTERNS["defense"][0].match(row["rebound"])
            if m and not m.group(2):
                row["rebound"] = f"Highest rebounder; Add +8 to Defense. #{rng.randint(1, 30)} 🏀{rng.randint(3, 20)}"
                changed += 1
            continue
        for rx, stat in PATTERNS.values():
            m = rx.match(row["rebound"])
            if m:
                pos = rng.choices(POSITIONS, weights=weights[stat])[0]
                changed += pos != m.group(1)
                row["rebound"] = row["rebound"][:m.start(1)] + pos + row["rebound"][m.end(1):]
                break
    with out.open("w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    print(f"{out}: {changed} REBOUND positions changed; weights per 48 min "
          + "; ".join(f"{k} " + " ".join(f"{p} {v * 48:.1f}" for p, v in zip(POSITIONS, ws)) for k, ws in weights.items()))


if __name__ == "__main__":
    main()
