"""Measure the sequential test's error rates and lengths on synthetic game-pair streams.

Thousands of tests run at once (coachgym.strategy.sprt.simulate) at H0 and at H1 for pair
distributions like those of the four rulesets: basketball (no draws), pairs that mostly split
(the same team wins both games of a pair, as in Value Add and Statis Pro with unequal teams), and
FUBA (draws common), in logistic and normalized Elo.

    python tools/sprt_error_rates.py --tests 4000
"""

from __future__ import annotations

import argparse
import math
import time

from coachgym.strategy import sprt as S


def normalized_pentanomial(nelo: float, draw_rate: float, correlation: float) -> list[float]:
    """The pentanomial_for distribution (of that draw rate and correlation) at a normalized Elo."""
    lo, hi = 0.5, 0.99
    for _ in range(60):
        mid = (lo + hi) / 2
        p = S.pentanomial_for(mid, draw_rate, correlation)
        mu = sum(pi * v for pi, v in zip(p, S._VALUES))
        sd = math.sqrt(sum(pi * (v - mu) ** 2 for pi, v in zip(p, S._VALUES)))
        t = (mu - 0.5) / (sd * math.sqrt(2)) / S.NT_PER_NELO
        lo, hi = (mid, hi) if t < nelo else (lo, mid)
    return S.pentanomial_for(lo, draw_rate, correlation)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tests", type=int, default=4000, help="simulated tests per row")
    ap.add_argument("--batch", type=int, default=16, help="pairs per update (coachgym compare's --batch)")
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--beta", type=float, default=0.05)
    args = ap.parse_args()
    rows = [("basketball, no draws", 0.0, 0.0, "logistic", 0, 20),
            ("pairs mostly split (60%)", 0.0, 0.6, "logistic", 0, 20),
            ("FUBA-like, 30% draws", 0.3, 0.2, "logistic", 0, 20),
            ("FUBA-like, normalized Elo", 0.3, 0.2, "normalized", 0, 30),
            ("paired effect vs the base coach (30% of pairs changed, 40% of those flipped)", None, None, "effect", 0, 20)]
    print(f"alpha {args.alpha}, beta {args.beta}, {args.tests} simulated tests per row, updates every {args.batch} pairs\n")
    print("| pairs | model | H0, H1 | accepted H1 at H0 (alpha) | accepted H0 at H1 (beta) | mean games at H0 | at H1 |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    t0 = time.perf_counter()
    for name, draws, corr, model, e0, e1 in rows:
        statistic = "effect" if model == "effect" else "pairs"
        if model == "effect":
            model = "logistic"
            at0, at1 = S.effect_distribution(S.score_of(e0)), S.effect_distribution(S.score_of(e1))
        elif model == "logistic":
            at0, at1 = S.pentanomial_for(S.score_of(e0), draws, corr), S.pentanomial_for(S.score_of(e1), draws, corr)
        else:
            at0, at1 = normalized_pentanomial(e0, draws, corr), normalized_pentanomial(e1, draws, corr)
        r0 = S.simulate(at0, e0, e1, alpha=args.alpha, beta=args.beta, model=model, statistic=statistic,
                        tests=args.tests, batch=args.batch, seed=11)
        r1 = S.simulate(at1, e0, e1, alpha=args.alpha, beta=args.beta, model=model, statistic=statistic,
                        tests=args.tests, batch=args.batch, seed=12)
        se = math.sqrt(args.alpha * (1 - args.alpha) / args.tests)
        print(f"| {name} | {model} | {e0:+g}, {e1:+g} | {r0['H1']:.4f} (+-{1.96 * se:.4f}) | {r1['H0']:.4f} | "
              f"{2 * r0['mean_pairs']:.0f} | {2 * r1['mean_pairs']:.0f} |")
    print(f"\n{time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
