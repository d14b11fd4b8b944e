"""Try a Statis Pro deck lever before adopting it: the reconstructed FAC deck rebuilt in memory with
some of ``tools/statispro_build_deck.py``'s CALIBRATION figures replaced, dealt one or more times,
each deal played against both realism comparison sets (``coachgym realism statispro``).

    python tools/statispro_deck_experiment.py --games 300                                   # the deck as shipped
    python tools/statispro_deck_experiment.py --games 300 --set advance_thrown_away=0 --set advance_steals=29
    python tools/statispro_deck_experiment.py --games 300 --set advance_steals=29 --deals 23,3,4,5

Prints per deal how many of the 42 statistics (two sets) are within 5% of the real season, the sum
of the relative differences, and the columns a calibration of the deck moves. Nothing is written: a
lever is adopted by editing CALIBRATION and running ``python tools/statispro_build_deck.py`` (the
sample game must still replay to 13-4: tests/statispro/test_sample_game.py). docs/realism.md and
docs/rules/statis-pro-basketball.md ("Calibration against 1992-93") record what was tried.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

from coachgym.core.errors import ConfigError
from coachgym.core.ruleset import parse_setting
from coachgym.evaluation import realism as R
from coachgym.rules.statispro import cards as K

SHOWN = ("PTS", "FGA", "FG%", "3PA", "3P%", "FTA", "ORB%", "AST", "STL", "TOV", "PF")


def deck_builder():
    """tools/statispro_build_deck.py as a module (its CALIBRATION is changed in place)."""
    path = Path(__file__).resolve().parent / "statispro_build_deck.py"
    spec = importlib.util.spec_from_file_location("statispro_build_deck", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def use_deck(rows: list[dict]) -> None:
    """Play the engine with these 200 cards (the module-level deck every game deals from)."""
    K.DECK = tuple(K.Card(r["rpg"], {s: r[s] for s in K.SECTIONS}) for r in rows)
    K.BY_KEY = {c.key: c for c in K.DECK} | dict(K.TIME_CARDS)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="games per comparison set and deal")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="replace a CALIBRATION figure (JSON value; shot_clauses: an object of the shares to replace)")
    ap.add_argument("--deals", default=None, help="comma-separated deals (default: the kept one, CALIBRATION['deal'])")
    args = ap.parse_args(argv)
    bd = deck_builder()
    base = dict(bd.CALIBRATION)
    try:
        changes = dict(parse_setting(t, list(base), "--set") for t in args.set)
    except ConfigError as exc:
        raise SystemExit(str(exc)) from None
    if isinstance(changes.get("shot_clauses"), dict):
        changes["shot_clauses"] = {**base["shot_clauses"], **changes["shot_clauses"]}
    deals = [int(d) for d in args.deals.split(",")] if args.deals else [base["deal"]]
    print(f"Statis Pro deck experiment: {changes or 'the deck as shipped'}; {args.games} games per set, seed {args.seed}")
    for deal in deals:
        bd.CALIBRATION.clear()
        bd.CALIBRATION.update({**base, **changes, "deal": deal})
        use_deck(bd.build_rows())
        close, dist, parts = 0, 0.0, []
        for name in ("league", "knicks-bulls"):
            cmp = R.measure("statispro", name, games=args.games, seed=args.seed)
            close += sum(bool(r.close) for r in cmp.rows)
            dist += sum(abs(r.sim - r.real) / abs(r.real) for r in cmp.rows)
            parts.append(f"{name}: " + " ".join(f"{r.key} {r.sim:.2f}{'' if r.close else '!'}" for r in cmp.rows
                                                if r.key in SHOWN))
        print(f"deal {deal}: {close}/42 within 5%, sum of relative differences {dist:.3f}")
        for part in parts:
            print("  " + part)
    print("('!': not within 5% of the real figure)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
