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

``--moves KIND:FROM>TO:N,...`` instead moves N cards of a kind (``defense``: "Defense POS", ``offense``: "Offense
POS #n", ``highest``: a single-position "Highest POS") from one position to another: the first N such cards by
RPG # not printed in the sample game, the rest of each card kept (docs/history.md, "Player lines: the rebound and
assist gaps, measured": a deal fitted to the measured per-position ratios).

``--step=GAPS.json`` prints the first-order moves of the season option's rule (docs/rules/statis-pro-basketball.md,
"Season option: the REBOUND slots re-dealt"): from the deck of ``--base=TABLE`` (default the printed one) and the
per-listed-position ratios of a ``tools/statispro_player_gaps.py --leagues ... --json GAPS.json`` (defensive
rebounds for "Defense POS", offensive for "Offense POS"), each position's cards of a kind become n / ratio, scaled
to the kind's total and rounded by largest remainder.

``--table=NAME --moves=... [--base=TABLE] [--chosen=TEXT]`` writes the re-deal into the season option's data file
``data/rebound_slots.json`` as table NAME (the base table's cards moved as --moves says; only the cards that differ
from the printed deck), with the moves, the slot counts and how it was chosen.

Run:  python tools/statispro_rebound_positions.py OUT.csv [seed] [--highest | --moves=defense:SF>SG:3,...]
      COACHGYM_REALISM_DECK=OUT.csv python tools/statispro_league_realism.py 1 100
      python tools/statispro_rebound_positions.py --step=GAPS.json [--base=TABLE]
      python tools/statispro_rebound_positions.py --table=NAME --moves=... [--base=TABLE] [--chosen=TEXT]
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


def apply_moves(rows: list[dict], moves: str, printed: set[int]) -> int:
    """Move positions on the REBOUND section as ``KIND:FROM>TO:N,...`` says (first N cards by RPG #, printed
    sample-game cards kept); returns the number of cards changed. Raises ValueError when a move finds too few."""
    changed = 0
    for move in (m for m in moves.split(",") if m.strip()):
        kind, fromto, n = move.strip().split(":")
        src, dst = fromto.split(">")
        if src not in POSITIONS or dst not in POSITIONS or kind not in PATTERNS:
            raise ValueError(f"bad move {move!r}: KIND (defense, offense, highest):FROM>TO:N with positions {POSITIONS}")
        left = int(n)
        for row in sorted(rows, key=lambda r: int(r["rpg"])):
            if left == 0:
                break
            m = PATTERNS[kind][0].match(row["rebound"])
            if int(row["rpg"]) in printed or not m or m.group(1) != src:
                continue
            row["rebound"] = row["rebound"][:m.start(1)] + dst + row["rebound"][m.end(1):]
            left -= 1
            changed += 1
        if left:
            raise ValueError(f"move {move!r}: only {int(n) - left} such cards to move")
    return changed


KIND_STAT = {"defense": "drb", "offense": "orb"}  # the rule's ratio for each kind of slot card


def deck_rows(base: str | None = None) -> list[dict]:
    """``fac_deck.csv``'s rows with the REBOUND of table ``base`` of ``data/rebound_slots.json`` (None: printed)."""
    with (ROOT / "fac_deck.csv").open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    if base:
        table = json.loads((ROOT / "rebound_slots.json").read_text(encoding="utf-8"))["tables"][base]["cards"]
        for row in rows:
            row["rebound"] = table.get(row["rpg"], row["rebound"])
    return rows


def slot_counts(rows: list[dict], kind: str) -> dict[str, int]:
    counts = dict.fromkeys(POSITIONS, 0)
    for row in rows:
        m = PATTERNS[kind][0].match(row["rebound"])
        if m:
            counts[m.group(1)] += 1
    return counts


def largest_remainder(weights: dict[str, float], total: int) -> dict[str, int]:
    """Integers proportional to ``weights`` summing to ``total`` (largest remainders; ties in POSITIONS order)."""
    s = sum(weights.values())
    exact = {p: total * w / s for p, w in weights.items()}
    out = {p: int(x) for p, x in exact.items()}
    for p in sorted(exact, key=lambda q: (-(exact[q] - out[q]), POSITIONS.index(q)))[: total - sum(out.values())]:
        out[p] += 1
    return out


def first_order_moves(counts: dict[str, int], ratios: dict[str, float], kind: str) -> list[str]:
    """The rule's step: each position's cards n / ratio (more cards where the simulated rebounds fall short of the
    real), scaled to the same total, rounded; the moves ``KIND:FROM>TO:N`` that turn ``counts`` into that."""
    target = largest_remainder({p: counts[p] / ratios[p] for p in POSITIONS}, sum(counts.values()))
    surplus = [[p, counts[p] - target[p]] for p in POSITIONS if counts[p] > target[p]]
    deficit = [[p, target[p] - counts[p]] for p in POSITIONS if target[p] > counts[p]]
    moves = []
    for d in deficit:
        while d[1]:
            src = surplus[0]
            n = min(src[1], d[1])
            moves.append(f"{kind}:{src[0]}>{d[0]}:{n}")
            src[1] -= n
            d[1] -= n
            if not src[1]:
                surplus.pop(0)
    return moves


def printed_rebounds() -> set[int]:
    return {d["rpg"] for d in json.loads((ROOT / "sample_game_1993.json").read_text())["printed_sections"]
            if "rebound" in d["sections"]}


def write_table(name: str, moves: str, base: str | None, chosen: str) -> dict:
    """Table ``name`` of ``data/rebound_slots.json``: the base table's deck moved by ``moves``."""
    rows = deck_rows(base)
    apply_moves(rows, moves, printed_rebounds())
    shipped = deck_rows(None)
    cards = {r["rpg"]: r["rebound"] for r, s in zip(rows, shipped) if r["rebound"] != s["rebound"]}
    path = ROOT / "rebound_slots.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    all_moves = ",".join(m for m in ((data["tables"][base]["moves"] if base else ""), moves) if m)
    data["tables"][name] = {"chosen": chosen, "moves": all_moves,
                            "slot_counts": {k: slot_counts(rows, k) for k in PATTERNS}, "cards": cards}
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return data["tables"][name]


def main() -> None:
    opts = {a.split("=", 1)[0]: a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--") and "=" in a}
    if "--step" in opts:
        pooled = json.loads(Path(opts["--step"]).read_text(encoding="utf-8"))["pooled"]
        rows = deck_rows(opts.get("--base"))
        moves = []
        for kind, stat in KIND_STAT.items():
            ratios = {p: pooled[stat]["by_listed_position"][p]["ratio"] for p in POSITIONS}
            print(f"{kind}: counts {slot_counts(rows, kind)}; {stat} ratios " + " ".join(f"{p} {r:.3f}" for p, r in ratios.items()))
            moves += first_order_moves(slot_counts(rows, kind), ratios, kind)
        print("--moves=" + ",".join(moves))
        return
    if "--table" in opts:
        t = write_table(opts["--table"], opts.get("--moves", ""), opts.get("--base"), opts.get("--chosen", ""))
        print(f"rebound_slots.json table {opts['--table']}: {len(t['cards'])} cards re-dealt; slots {t['slot_counts']}")
        return
    highest = "--highest" in sys.argv
    moves = next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--moves=")), None)
    args = [a for a in sys.argv[1:] if a != "--highest" and not a.startswith("--moves=")]
    out = Path(args[0])
    seed = int(args[1]) if len(args) > 1 else 1993
    weights = position_weights(ROOT / "leagues/nba-1993/stats.csv")
    printed = {d["rpg"] for d in json.loads((ROOT / "sample_game_1993.json").read_text())["printed_sections"]
               if "rebound" in d["sections"]}
    with (ROOT / "fac_deck.csv").open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    rng = random.Random(seed)
    changed = 0
    if moves is not None:
        changed = apply_moves(rows, moves, printed)
        rows_to_deal: list[dict] = []
    else:
        rows_to_deal = rows
    for row in rows_to_deal:
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
