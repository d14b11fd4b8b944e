"""What an analysis costs: rollouts and seconds to separate two options 3 points of win probability
apart, measured on real decisions, and what common random numbers and truncated rollouts save.

    python tools/search_costs.py [RULESET ...] [--decisions 16] [--rounds 80] [--horizon 40]

For each ruleset: ``--decisions`` decisions drawn at random from by-the-book games (every decision
with two options or more equally likely); at each, the book's choice and the trained coach's
favourite other option (else a random other legal one) are played out ``--rounds`` times from the
same resampled futures (full rollouts, book for both sides). Per decision: the standard deviation
of the paired difference of the win score (sd_d, with common random numbers), the standard
deviation the difference would have from independent futures, and the seconds per round. From them:

* rounds for a 95% interval of +-0.03 on the difference: (1.96 sd_d / 0.03)^2;
* rounds for the race to drop the worse of two options 0.03 apart with 80% power
  (its 99% elimination bound, two options): ((2.576 + 0.842) sd_d / 0.03)^2;
* rollouts = rounds x 2 options; seconds = rounds x CPU seconds per round (one core).

The same decisions are then played with rollouts truncated after ``--horizon`` decisions and
scored by the value estimate, for the time a round saves. Writes docs/benchmark/search_costs.json.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from tqdm import tqdm

from coachgym import rulesets
from coachgym.search.analysis import book_choice, trained_ranking
from coachgym.search.race import Race
from coachgym.search.rollouts import Policies, run_rounds

OUT = Path(__file__).resolve().parents[1] / "docs" / "benchmark" / "search_costs.json"
GAP = 0.03
Z_CI, Z_RACE, Z_POWER = 1.959964, 2.575829, 0.841621


def sample_decisions(name: str, n: int, seed: int) -> list:
    """``n`` positions from by-the-book games, each a random decision with two options or more."""
    rs = rulesets.get(name)
    rng = random.Random(seed)
    out = []
    g_seed = seed
    while len(out) < n:
        game = rs.new_game(seed=g_seed, record_events=False)
        g_seed += 1
        coaches = (rs.coach("by-the-book", seed=1), rs.coach("by-the-book", seed=2))
        coaches[0].reset(game, 0, g_seed)
        coaches[1].reset(game, 1, g_seed + 1)
        snaps = []
        while game.decision is not None:
            snaps.append(game.clone())
            game.step(coaches[game.decision.side].choose(game, game.decision))
        out += rng.sample(snaps, min(4, n - len(out)))
    return out


def two_options(game, rng: random.Random) -> tuple[int, int]:
    d = game.decision
    book = book_choice(game, d.side)
    others = [a for a, _ in trained_ranking(game, d.side) if a != book]
    return book, (others[0] if others else rng.choice([a for a in d.legal if a != book]))


def measure(name: str, decisions: int, rounds: int, horizon: int, seed: int) -> dict:
    rng = random.Random(seed)
    rows = []
    for game in tqdm(sample_decisions(name, decisions, seed), desc=f"{name} decisions", unit="decision"):
        side = game.decision.side
        a, b = two_options(game, rng)
        pol = Policies(name, "by-the-book", side=side)
        row = {"kind": game.decision.kind}
        for label, h in (("full", None), ("truncated", horizon)):
            race = Race([a, b], min_rounds=10 ** 9)
            t0 = time.process_time()  # CPU seconds: the machine is shared
            race.add(range(rounds), [a, b], run_rounds(game, side, [a, b], range(rounds), seed, pol, h))
            dt = (time.process_time() - t0) / rounds
            xa, xb = (list(race.tallies[x].values.values()) for x in (a, b))
            d = [p - q for p, q in zip(xa, xb)]
            row[label] = {"sd_paired": statistics.stdev(d), "sd_independent": (statistics.variance(xa) + statistics.variance(xb)) ** 0.5,
                          "seconds_per_round": dt, "mean_difference": statistics.fmean(d)}
        rows.append(row)
    summary = {}
    for label in ("full", "truncated"):
        # the rounds a decision needs grow with the variance: average the variances over the decisions
        sd = statistics.fmean(r[label]["sd_paired"] ** 2 for r in rows) ** 0.5
        sd_ind = statistics.fmean(r[label]["sd_independent"] ** 2 for r in rows) ** 0.5
        spr = statistics.median(r[label]["seconds_per_round"] for r in rows)
        n_ci = (Z_CI * sd / GAP) ** 2
        n_race = ((Z_RACE + Z_POWER) * sd / GAP) ** 2
        summary[label] = {
            "rms_sd_paired": round(sd, 4), "rms_sd_independent": round(sd_ind, 4),
            "share_of_decisions_where_both_options_always_tie": round(sum(r[label]["sd_paired"] == 0 for r in rows) / len(rows), 3),
            "median_seconds_per_round": round(spr, 5),
            "rounds_for_ci_0.03": round(n_ci), "rollouts_for_ci_0.03": round(2 * n_ci), "seconds_for_ci_0.03": round(n_ci * spr, 1),
            "rounds_to_separate_0.03": round(n_race), "rollouts_to_separate_0.03": round(2 * n_race),
            "seconds_to_separate_0.03": round(n_race * spr, 1),
            "rounds_to_separate_without_common_futures": round(((Z_RACE + Z_POWER) * sd_ind / GAP) ** 2),
        }
    return {"decisions": len(rows), "rounds": rounds, "horizon": horizon, "summary": summary, "per_decision": rows}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rulesets", nargs="*")
    ap.add_argument("--decisions", type=int, default=16)
    ap.add_argument("--rounds", type=int, default=80)
    ap.add_argument("--horizon", type=int, default=40)
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args(argv)
    names = [rulesets.get(n).name for n in args.rulesets] or [e.name for e in rulesets.entries()]
    data = json.loads(OUT.read_text()) if OUT.exists() else {}
    for name in names:
        data[name] = measure(name, args.decisions, args.rounds, args.horizon, args.seed)
        data[name]["command"] = "python tools/search_costs.py " + " ".join(sys.argv[1:] if argv is None else argv)
        f, t = data[name]["summary"]["full"], data[name]["summary"]["truncated"]
        print(f"{name}: sd of the paired difference {f['rms_sd_paired']} (independent futures: "
              f"{f['rms_sd_independent']}); to separate 0.03: {f['rollouts_to_separate_0.03']} rollouts, "
              f"{f['seconds_to_separate_0.03']} s on one core; a round takes {f['median_seconds_per_round'] * 1000:.1f} ms "
              f"full, {t['median_seconds_per_round'] * 1000:.1f} ms truncated after {args.horizon} decisions")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=2) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
