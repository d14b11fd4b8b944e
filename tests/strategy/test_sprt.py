"""The sequential test on game pairs: the LLR, its error rates on synthetic pair streams, the figures."""

import math

import numpy as np
import pytest

from coachgym.strategy import sprt as S


def test_scores_and_elo_convert_both_ways():
    assert S.score_of(0) == 0.5
    assert S.elo_of(0.55) == pytest.approx(34.86, abs=0.01)
    for elo in (-200, -20, 0, 5, 70):
        assert S.elo_of(S.score_of(elo)) == pytest.approx(elo)


def test_mle_distribution_has_the_constrained_mean():
    p = np.array([[0.1, 0.05, 0.5, 0.05, 0.3]])
    for s in (0.45, 0.5, 0.58):
        q = S._mle_expected(p, s)
        assert q.sum() == pytest.approx(1.0, abs=1e-9)
        assert (q * S._VALUES).sum() == pytest.approx(s, abs=1e-9)
    q = S._mle_t_value(p, 0.2)
    mu = (q * S._VALUES).sum()
    sigma = math.sqrt((q * (S._VALUES - mu) ** 2).sum())
    assert (mu - 0.5) / sigma == pytest.approx(0.2, abs=1e-5)


def test_llr_matches_the_gaussian_approximation_on_a_large_sample():
    # fishtest's GSPRT approximation: N (s1 - s0)(2 s - s0 - s1) / (2 var) for a pair's mean score
    counts = [10789, 19328, 33806, 19402, 10543]
    n = sum(counts)
    p = np.array(counts) / n
    s = (p * S._VALUES).sum()
    var = (p * (S._VALUES - s) ** 2).sum()
    s0, s1 = S.score_of(-3), S.score_of(1)
    assert S.llr(counts, -3, 1) == pytest.approx(n * (s1 - s0) * (2 * s - s0 - s1) / var / 2, rel=1e-3)
    assert S.llr([0] * 5, 0, 20) == 0.0
    # more wins, more evidence for H1
    assert S.llr([5, 0, 40, 0, 20], 0, 20) > S.llr([5, 0, 40, 0, 10], 0, 20) > 0 > S.llr([20, 0, 40, 0, 5], 0, 20)


@pytest.mark.parametrize("draw_rate, correlation, model", [(0.0, 0.0, "logistic"), (0.0, 0.6, "logistic"),
                                                           (0.3, 0.2, "normalized"), (0.3, 0.0, "logistic")])
def test_error_rates_are_within_their_bounds_on_synthetic_streams(draw_rate, correlation, model):
    """Many simulated tests at once: at H0 the test accepts H1 at most alpha of the time, at H1 it
    accepts H0 at most beta of the time (three standard errors of slack for the simulation)."""
    alpha = beta = 0.05
    tests = 500
    slack = 3 * math.sqrt(0.05 * 0.95 / tests)
    if model == "logistic":
        elo0, elo1 = 0.0, 30.0
        at0, at1 = S.pentanomial_for(S.score_of(elo0), draw_rate, correlation), \
            S.pentanomial_for(S.score_of(elo1), draw_rate, correlation)
    else:  # bounds in normalized Elo: the true distributions are found at those t-values
        elo0, elo1 = 0.0, 40.0
        at0 = S.pentanomial_for(0.5, draw_rate, correlation)
        at1 = _with_normalized_elo(elo1, draw_rate, correlation)
    r0 = S.simulate(at0, elo0, elo1, alpha=alpha, beta=beta, model=model, tests=tests, batch=16, seed=1)
    r1 = S.simulate(at1, elo0, elo1, alpha=alpha, beta=beta, model=model, tests=tests, batch=16, seed=2)
    assert r0["inconclusive"] == r1["inconclusive"] == 0.0
    assert r0["H1"] <= alpha + slack
    assert r1["H0"] <= beta + slack
    assert r0["H0"] > 0.9 and r1["H1"] > 0.9


def _with_normalized_elo(nelo, draw_rate, correlation):
    """The pentanomial (of pentanomial_for's family) whose normalized Elo is ``nelo``."""
    lo, hi = 0.5, 0.99
    for _ in range(60):
        mid = (lo + hi) / 2
        p = np.array(S.pentanomial_for(mid, draw_rate, correlation))
        mu = (p * S._VALUES).sum()
        sd = math.sqrt((p * (S._VALUES - mu) ** 2).sum())
        t = (mu - 0.5) / (sd * math.sqrt(2)) / S.NT_PER_NELO
        lo, hi = (mid, hi) if t < nelo else (lo, mid)
    return S.pentanomial_for(lo, draw_rate, correlation)


def test_a_test_between_its_bounds_can_be_inconclusive_at_its_limit():
    r = S.simulate(S.pentanomial_for(S.score_of(15)), 0, 30, tests=200, batch=8, max_pairs=40, seed=3)
    assert r["inconclusive"] > 0.5


def test_the_sprt_object_decides_and_checks_its_parameters():
    t = S.SPRT(0, 20)
    assert t.status() is None and t.llr() == 0.0
    for _ in range(300):
        t.add(2.0)
        t.add(1.0)
    assert t.status() == "H1" and t.llr() >= t.upper_bound == pytest.approx(math.log(19))
    t = S.SPRT(0, 20)
    for _ in range(300):
        t.add(0.0)
        t.add(1.0)
    assert t.status() == "H0"
    with pytest.raises(ValueError, match="greater"):
        S.SPRT(10, 0)
    with pytest.raises(ValueError, match="alpha"):
        S.SPRT(0, 10, alpha=0.7)
    with pytest.raises(ValueError, match="pair score"):
        t.add(0.3)


def test_figures_of_a_series():
    # four pairs: A won both, split, split, lost both; margins per pair
    f = S.figures([2, 1, 1, 0], [10, 2, -2, -6], wins=4, draws=0, losses=4)
    assert (f.pairs, f.games, f.score, f.pentanomial) == (4, 8, 0.5, [1, 0, 2, 0, 1])
    sd = np.std([1, 0.5, 0.5, 0], ddof=1)
    half = S.Z95 * sd / 2
    assert f.score_ci == pytest.approx((0.5 - half, 0.5 + half))
    assert f.elo == pytest.approx(0) and f.elo_ci[0] == pytest.approx(S.elo_of(0.5 - half))
    assert f.margin == pytest.approx(0.5)  # (10 + 2 - 2 - 6) / 8 games
    assert f.los == pytest.approx(0.5)
    # every pair split: no spread, intervals collapse, no evidence either way
    f = S.figures([1, 1, 1], [0, 2, -2], 3, 0, 3)
    assert f.score == 0.5 and f.los == 0.5 and f.nelo == 0.0


def test_error_rates_of_the_paired_effect_statistic():
    """The test on a strategy's paired effect against its base coach (most pairs unchanged, some
    flipped one way or the other) keeps its error rates, and needs fewer pairs than on pair scores."""
    tests = 500
    slack = 3 * math.sqrt(0.05 * 0.95 / tests)
    r0 = S.simulate(S.effect_distribution(S.score_of(0)), 0, 20, statistic="effect", tests=tests, batch=16, seed=4)
    r1 = S.simulate(S.effect_distribution(S.score_of(20)), 0, 20, statistic="effect", tests=tests, batch=16, seed=5)
    assert r0["H1"] <= 0.05 + slack and r1["H0"] <= 0.05 + slack
    raw = S.simulate(S.pentanomial_for(S.score_of(20)), 0, 20, tests=tests, batch=16, seed=6)
    assert r1["mean_pairs"] < raw["mean_pairs"]


def test_the_effect_statistic_takes_quarters_and_logistic_bounds():
    t = S.SPRT(0, 20, statistic="effect")
    assert len(t.counts) == 9
    t.add(0.0)
    t.add(-0.25)
    t.add(1.0)
    assert t.counts == [0, 0, 0, 1, 1, 0, 0, 0, 1]
    with pytest.raises(ValueError, match="quarters"):
        t.add(0.1)
    with pytest.raises(ValueError, match="logistic"):
        S.SPRT(0, 20, model="normalized", statistic="effect")
