"""Figures of the coach's seat, printed (docs/coach-seat.md quotes them).

    python tools/seat_measure.py decisions statispro --games 20     # decisions a person makes per game
    python tools/seat_measure.py decisions statispro --answer mixed # ... Enter half the time, else a choice
    python tools/seat_measure.py leverage statispro --games 400     # what each auto-play kind is worth
    python tools/seat_measure.py routine statispro --games 400      # what letting routine moments pass costs
    python tools/seat_measure.py saves all                          # Seat.to_json / from_json late in a game

``decisions``: full games through ``coachgym.present.seat.Seat`` with the default auto-play (or
``--autoplay KIND ...``), the person answering every decision put to him with the book's choice
(the person coaches home in even games, away in odd ones, against ``--opponent``); decisions per
game, milliseconds per ``Seat.choose`` and the choices of the decisions' first step (``--answer
enter``: Enter at every decision; ``mixed``: Enter half the time, else one of the choices at
random). ``leverage``: for each auto-play kind, by-the-book
answering that kind at random meets by-the-book in mirror games (paired seeds, benches swapped):
the win rate with its Wilson 95% interval and the mean margin. ``routine``: the book with the
presenter's routine answers (where it has them, in the kinds a person makes by default) meets the
book in mirror games: the same figures, and how many decisions per game the routine answered and
put to the person. ``saves``: milliseconds per Seat.to_json (median of 20) and Seat.from_json at the
person's last decision of a game against the book ("all": every ruleset). Run it niced on a shared
machine.
"""

from __future__ import annotations

import argparse
import json

from coachgym import rulesets
from coachgym.evaluation.seat import autoplay_leverage, person_decisions, routine_cost, save_times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=["decisions", "leverage", "routine", "saves"])
    ap.add_argument("ruleset")
    ap.add_argument("--games", type=int, default=None, help="games (decisions: 20; leverage: 400 per kind)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--opponent", default="by-the-book")
    ap.add_argument("--autoplay", nargs="*", default=None, help="the auto-play kinds the person makes")
    ap.add_argument("--kinds", nargs="*", default=None, help="leverage: only these auto-play kinds")
    ap.add_argument("--answer", choices=["book", "enter", "mixed"], default="book",
                    help="decisions: the person answers with the book's choice, with Enter (the default), or "
                         "mixed (Enter half the time, else one of the choices at random)")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args()
    if args.what == "decisions":
        r = person_decisions(args.ruleset, args.games or 20, args.seed, args.opponent, args.autoplay, args.answer,
                             progress=True)
        if args.json:
            print(json.dumps(r, indent=2))
            return
        print(f"{r['ruleset']}: {r['games']} games against {r['opponent']}, the person ({r['answer']}) makes "
              f"{', '.join(r['autoplay'])}")
        print(f"decisions per game: mean {r['mean']:.1f} (min {r['min']}, max {r['max']}); "
              f"Seat.choose {r['ms_per_choose']:.2f} ms mean, {r['ms_per_choose_p95']:.2f} ms 95th percentile")
        fs = r["first_step"]
        print(f"first-step choices: median {fs['median']}, max {fs['max']}"
              + (f"; menus median {fs['menus_median']}, max {fs['menus_max']}" if fs["menus_max"] is not None else ""))
        for k, v in r["by_kind"].items():
            print(f"  {k:<20} {v:6.1f} per game")
        return
    if args.what == "saves":
        names = [e.name for e in rulesets.entries()] if args.ruleset == "all" else [args.ruleset]
        rows = [save_times(n, seed=args.seed or 7) for n in names]
        if args.json:
            print(json.dumps(rows, indent=2))
            return
        for r in rows:
            print(f"{r['ruleset']:<13} {r['events']:>5} events, {r['kb']:4.0f} KB: Seat.to_json {r['to_json_ms']:5.1f} ms, "
                  f"Seat.from_json {r['from_json_ms']:5.0f} ms")
        return
    if args.what == "routine":
        r = routine_cost(args.ruleset, args.games or 400, args.seed)
        if args.json:
            print(json.dumps(r, indent=2))
            return
        print(f"{r['ruleset']}: the book with routine answers vs the book, {r['games']} mirror games: win rate "
              f"{r['win_rate']:.3f} ({r['ci95'][0]:.3f}-{r['ci95'][1]:.3f}), mean margin {r['mean_margin']:+.2f} "
              f"({r['margin_ci95'][0]:+.2f} to {r['margin_ci95'][1]:+.2f}); per game and side the routine answered "
              f"{r['routine_per_game']:.1f} decisions and put {r['asked_per_game']:.1f} to the person")
        return
    rows = autoplay_leverage(args.ruleset, args.games or 400, args.seed, kinds=args.kinds)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"\n| {args.ruleset}: random in this auto-play kind vs by-the-book | games | win rate (95% CI) | mean margin (95% CI) |")
    print("| --- | --- | --- | --- |")
    for r in rows:
        print(f"| `{r['kind']}` | {r['games']} | {r['win_rate']:.3f} ({r['ci95'][0]:.3f}-{r['ci95'][1]:.3f}) | "
              f"{r['mean_margin']:+.2f} ({r['margin_ci95'][0]:+.2f} to {r['margin_ci95'][1]:+.2f}) |")


if __name__ == "__main__":
    main()
