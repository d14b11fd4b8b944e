"""The sequential probability ratio test on pairs of coaching games, and the figures of a comparison.

Games come in pairs that share a seed, the coaches swapping benches (``coachgym.core.match``). A
pair is the unit: its two games share dice, teams and ends, so they are correlated, and pairs are
independent. Coach A's score in a pair (a win 1, a draw 1/2) is one of 0, 1/2, 1, 3/2, 2: the
*pentanomial* counts of chess-engine testing (fishtest). Basketball games are hardly ever drawn,
so its pairs fall on 0, 1 and 2; FUBA's often are.

The test is the generalized SPRT of fishtest (``server/fishtest/stats/LLRcalc.py``), written anew
here: for a hypothesis "A's expected score per game is s", the likelihood of the observed pair
counts is maximised over all pentanomial distributions with that expectation (a secular equation,
solved by bisection, vectorised so that thousands of simulated tests run at once); the log
likelihood ratio of H1 (s1) against H0 (s0) is compared with Wald's bounds log(beta/(1-alpha)) and
log((1-beta)/alpha). Bounds are given in

* logistic Elo (``model="logistic"``): s = 1 / (1 + 10^(-elo/400)); win rates convert directly
  (:func:`elo_of`), e.g. a win rate of 0.55 is +34.9 Elo;
* normalized Elo (``model="normalized"``): (s - 1/2) / sigma, sigma the standard deviation of a
  game's score, times 800 / ln 10; a test's expected length then depends on its bounds only, not
  on how noisy (draw-prone, correlated within pairs) the games are. The constraint is on the
  t-value (mu - 1/2) / sigma (fishtest's "t_value" statistic).

A test that reaches its game limit without crossing a bound is *inconclusive*. Wald's bounds
ignore the overshoot of the last update, so the realised error rates are at or a little below
alpha and beta (measured in ``tests/strategy/test_sprt.py`` on simulated pair streams).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

NT_PER_NELO = math.log(10) / 800  # normalized Elo -> t-value per game
Z95 = 1.959963984540054
_VALUES = np.array([0.0, 0.25, 0.5, 0.75, 1.0])  # pair score / 2: a game's average score in the pair
# the paired effect of a strategy on a pair (as played minus its base coaches' replay, per game: -1 to
# 1 in quarters), mapped to [0, 1]
EFFECT_STEPS = tuple(k / 4 - 1 for k in range(9))
_EFFECT_VALUES = (np.array(EFFECT_STEPS) + 1) / 2


def score_of(elo: float) -> float:
    """Expected score per game at a logistic Elo difference."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_of(score: float) -> float:
    """Logistic Elo difference of an expected score (clamped to +-1200 at 0 and 1)."""
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400.0 * math.log10(1.0 / score - 1.0)


def pair_index(score: float) -> int:
    """Pentanomial cell of a pair score (0, 0.5, ..., 2)."""
    i = int(round(score * 2))
    if not 0 <= i <= 4 or abs(score * 2 - i) > 1e-9:
        raise ValueError(f"a pair score is 0, 0.5, 1, 1.5 or 2, got {score!r}")
    return i


# ---------------------------------------------------------------------- the generalized LLR
def _regularize(counts: np.ndarray) -> np.ndarray:
    """Empty cells get a small count (fishtest's regularisation), so every cell is possible."""
    return np.where(counts > 0, counts, 1e-3).astype(float)


def _secular(p: np.ndarray, d: np.ndarray, iterations: int = 64) -> np.ndarray:
    """For each row: x with sum_i p_i d_i / (1 + x d_i) = 0 (decreasing in x on the bracket where
    every 1 + x d_i > 0); rows of p sum to 1; needs min(d) < 0 < max(d) in every row."""
    hi_d, lo_d = d.max(axis=1), d.min(axis=1)
    lo = -1.0 / hi_d
    hi = -1.0 / lo_d
    span = hi - lo
    lo, hi = lo + 1e-12 * span, hi - 1e-12 * span
    for _ in range(iterations):
        mid = 0.5 * (lo + hi)
        f = (p * d / (1.0 + mid[:, None] * d)).sum(axis=1)
        pos = f > 0
        lo = np.where(pos, mid, lo)
        hi = np.where(pos, hi, mid)
    return 0.5 * (lo + hi)


def _mle_expected(p: np.ndarray, s: float, values: np.ndarray = _VALUES) -> np.ndarray:
    """The distribution nearest (maximum likelihood) to each row of ``p`` whose mean (over ``values``)
    is ``s``."""
    d = values[None, :] - s
    x = _secular(p, np.broadcast_to(d, p.shape))
    return p / (1.0 + x[:, None] * d)


def _mle_t_value(p: np.ndarray, t: float, ref: float = 0.5, rounds: int = 12) -> np.ndarray:
    """The maximum-likelihood distribution for each row of ``p`` with (mu - ref) / sigma = t
    (a fixed point, as in fishtest's MLE_t_value)."""
    q = np.full_like(p, 1.0 / p.shape[1])
    a = _VALUES[None, :]
    for _ in range(rounds):
        mu = (q * a).sum(axis=1, keepdims=True)
        sigma = np.sqrt(((a - mu) ** 2 * q).sum(axis=1, keepdims=True))
        d = a - ref - t * sigma * (1 + ((mu - a) / sigma) ** 2) / 2
        x = _secular(p, d)
        prev, q = q, p / (1.0 + x[:, None] * d)
        q = q / q.sum(axis=1, keepdims=True)
        if np.abs(q - prev).max() < 1e-10:
            break
    return q


def llr(counts, lower: float, upper: float, model: str = "logistic", statistic: str = "pairs") -> np.ndarray | float:
    """The generalized log likelihood ratio of H1 (``upper``) against H0 (``lower``), bounds in
    ``model`` Elo, for ``counts`` (one row, or an (n, cells) array of many tests at once).

    ``statistic="pairs"``: pentanomial counts of pair scores. ``statistic="effect"``: counts of a
    strategy's paired effect per game (:data:`EFFECT_STEPS`, -1 to 1 in quarters: a pair as played
    minus the same pair replayed with the base coaches), whose expectation is A's score minus 1/2
    when B is A's base coach; logistic Elo only."""
    c = np.asarray(counts, dtype=float)
    single = c.ndim == 1
    c = np.atleast_2d(c)
    n = c.sum(axis=1)
    out = np.zeros(len(c))
    ok = n > 0
    if ok.any():
        reg = _regularize(c[ok])
        p = reg / reg.sum(axis=1, keepdims=True)
        if statistic == "effect":
            if model != "logistic":
                raise ValueError("the effect statistic takes logistic Elo bounds")
            q0 = _mle_expected(p, 0.25 + score_of(lower) / 2, _EFFECT_VALUES)
            q1 = _mle_expected(p, 0.25 + score_of(upper) / 2, _EFFECT_VALUES)
        elif statistic != "pairs":
            raise ValueError(f"statistic is 'pairs' or 'effect', got {statistic!r}")
        elif model == "logistic":
            q0, q1 = _mle_expected(p, score_of(lower)), _mle_expected(p, score_of(upper))
        elif model == "normalized":
            # a pair's average score has the per-game t-value times sqrt(2) (fishtest's pentanomial)
            q0 = _mle_t_value(p, lower * NT_PER_NELO * math.sqrt(2))
            q1 = _mle_t_value(p, upper * NT_PER_NELO * math.sqrt(2))
        else:
            raise ValueError(f"model is 'logistic' or 'normalized', got {model!r}")
        out[ok] = n[ok] * (p * np.log(q1 / q0)).sum(axis=1)
    return float(out[0]) if single else out


# ---------------------------------------------------------------------- the test
@dataclass
class SPRT:
    """H0: A's Elo difference is ``elo0``; H1: it is ``elo1`` (``elo1 > elo0``); ``alpha`` the chance of
    accepting H1 when H0 holds, ``beta`` of accepting H0 when H1 holds. Feed pairs with
    :meth:`add`; :meth:`status` is ``"H1"``, ``"H0"`` or ``None`` (continue)."""

    elo0: float = 0.0
    elo1: float = 20.0
    alpha: float = 0.05
    beta: float = 0.05
    model: str = "logistic"
    statistic: str = "pairs"  # or "effect" (see llr)
    counts: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.counts:
            self.counts = [0] * (len(EFFECT_STEPS) if self.statistic == "effect" else 5)
        if self.statistic == "effect" and self.model != "logistic":
            raise ValueError("the effect statistic takes logistic Elo bounds")
        if not self.elo1 > self.elo0:
            raise ValueError(f"elo1 ({self.elo1}) must be greater than elo0 ({self.elo0})")
        for name in ("alpha", "beta"):
            v = getattr(self, name)
            if not 0 < v < 0.5:
                raise ValueError(f"{name} must be between 0 and 0.5, got {v}")
        if self.model not in ("logistic", "normalized"):
            raise ValueError(f"model is 'logistic' or 'normalized', got {self.model!r}")

    @property
    def lower_bound(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper_bound(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def add(self, value: float) -> None:
        """A pair's score (statistic "pairs"), or its paired effect per game ("effect")."""
        if self.statistic == "pairs":
            self.counts[pair_index(value)] += 1
            return
        i = int(round((value + 1) * 4))
        if not 0 <= i < len(EFFECT_STEPS) or abs(EFFECT_STEPS[i] - value) > 1e-9:
            raise ValueError(f"a pair's effect per game is -1 to 1 in quarters, got {value!r}")
        self.counts[i] += 1

    def llr(self) -> float:
        return llr(self.counts, self.elo0, self.elo1, self.model, self.statistic)

    def status(self) -> str | None:
        value = self.llr()
        if value >= self.upper_bound:
            return "H1"
        if value <= self.lower_bound:
            return "H0"
        return None

    def describe(self) -> str:
        unit = "Elo" if self.model == "logistic" else "normalized Elo"
        on = "" if self.statistic == "pairs" else ", on the paired effect against the base coach"
        return (f"SPRT H0: {self.elo0:+g} {unit}, H1: {self.elo1:+g} {unit} (alpha {self.alpha:g}, beta "
                f"{self.beta:g}; bounds {self.lower_bound:.2f} / {self.upper_bound:.2f}{on})")


def simulate(probabilities, elo0: float, elo1: float, *, alpha: float = 0.05, beta: float = 0.05,
             model: str = "logistic", statistic: str = "pairs", tests: int = 1000, batch: int = 1,
             max_pairs: int = 20000, seed: int = 0) -> dict:
    """Run ``tests`` sequential tests at once on synthetic pairs drawn from ``probabilities`` (of the
    five pair scores, or the nine paired effects), updating every ``batch`` pairs. Returns the share
    that accepted H1, H0, or neither by ``max_pairs``, and the mean number of pairs a decided test took."""
    rng = np.random.default_rng(seed)
    probs = np.asarray(probabilities, dtype=float)
    probs = probs / probs.sum()
    lo, hi = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    counts = np.zeros((tests, len(probs)))
    state = np.zeros(tests, dtype=int)  # 0 running, 1 H1, -1 H0
    length = np.zeros(tests)
    pairs = 0
    while pairs < max_pairs and (state == 0).any():
        running = state == 0
        counts[running] += rng.multinomial(batch, probs, size=int(running.sum()))
        pairs += batch
        values = llr(counts[running], elo0, elo1, model, statistic)
        idx = np.flatnonzero(running)
        up, down = values >= hi, values <= lo
        state[idx[up]] = 1
        state[idx[down]] = -1
        length[idx[up | down]] = pairs
    decided = state != 0
    return {"H1": float((state == 1).mean()), "H0": float((state == -1).mean()),
            "inconclusive": float((state == 0).mean()),
            "mean_pairs": float(length[decided].mean()) if decided.any() else float("nan")}


def pentanomial_for(score: float, draw_rate: float = 0.0, correlation: float = 0.0) -> list[float]:
    """Pair-score probabilities with expected score ``score`` per game, for synthetic tests: a share
    ``correlation`` of the pairs is split (one win each: what identical play on shared dice gives),
    the others are two independent games (a game drawn with probability ``draw_rate``) whose score
    keeps the overall expectation at ``score``."""
    inner = (score - 0.5 * correlation) / (1 - correlation)
    w = inner - draw_rate / 2
    lo = 1 - inner - draw_rate / 2
    if w < 0 or lo < 0:
        raise ValueError("score, draw_rate and correlation do not fit")
    game = np.array([lo, draw_rate, w])  # loss, draw, win
    pair = np.zeros(5)
    for i in range(3):
        for j in range(3):
            pair[i + j] += game[i] * game[j]
    pair = (1 - correlation) * pair
    pair[2] += correlation
    return (pair / pair.sum()).tolist()


def effect_distribution(score: float, changed: float = 0.3, flipped: float = 0.4) -> list[float]:
    """Probabilities of the nine paired effects (:data:`EFFECT_STEPS`) for synthetic tests: a share
    ``changed`` of the pairs is changed by the strategy, of those a share ``flipped`` changes one
    game's result (+-1/2 per game), the sign balanced so that A's expected score is ``score``."""
    lean = (score - 0.5) / (0.5 * changed * flipped)  # P(+) - P(-) among the flipped pairs
    if abs(lean) > 1:
        raise ValueError("score, changed and flipped do not fit")
    out = [0.0] * len(EFFECT_STEPS)
    out[4] = 1 - changed * flipped
    out[6] = changed * flipped * (1 + lean) / 2
    out[2] = changed * flipped * (1 - lean) / 2
    return out


# ---------------------------------------------------------------------- figures of a series
@dataclass
class Figures:
    """Win rate (score per game), Elo and normalized Elo with 95% intervals, from pair scores, and
    the mean margin with its 95% interval from pair margins (pairs are the independent unit)."""

    pairs: int
    games: int
    wins: int
    draws: int
    losses: int
    score: float
    score_ci: tuple[float, float]
    elo: float
    elo_ci: tuple[float, float]
    nelo: float
    nelo_ci: tuple[float, float]
    los: float  # likelihood of superiority: P(A's true score > 1/2), normal approximation
    margin: float
    margin_ci: tuple[float, float]
    pentanomial: list[int]

    def to_dict(self) -> dict:
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.__dict__.items()}


def figures(pair_scores, pair_margins, wins: int, draws: int, losses: int) -> Figures:
    """The figures of a comparison from each pair's score (0..2) and total margin for A."""
    s = np.asarray(pair_scores, dtype=float) / 2.0
    mg = np.asarray(pair_margins, dtype=float) / 2.0
    n = len(s)
    counts = [0] * 5
    for v in pair_scores:
        counts[pair_index(v)] += 1
    nan2 = (float("nan"), float("nan"))
    if n == 0:
        return Figures(0, 0, wins, draws, losses, float("nan"), nan2, float("nan"), nan2, float("nan"), nan2,
                       float("nan"), float("nan"), nan2, counts)
    mu = float(s.mean())
    sd = float(s.std(ddof=1)) if n > 1 else 0.0
    se = sd / math.sqrt(n) if n > 1 else float("nan")
    lo, hi = (max(0.0, mu - Z95 * se), min(1.0, mu + Z95 * se)) if n > 1 else nan2
    sigma_game = sd * math.sqrt(2)  # a game's score deviation, from its pair's (pentanomial)
    if sigma_game > 0:
        nelo = (mu - 0.5) / sigma_game / NT_PER_NELO
        nhalf = Z95 * se / sigma_game / NT_PER_NELO
        nelo_ci = (nelo - nhalf, nelo + nhalf)
        los = 0.5 * (1 + math.erf((mu - 0.5) / se / math.sqrt(2)))
    else:  # every pair scored the same
        nelo, nelo_ci = (0.0 if mu == 0.5 else math.copysign(math.inf, mu - 0.5)), nan2
        los = 0.5 if mu == 0.5 else float(mu > 0.5)
    mm = float(mg.mean())
    msd = float(mg.std(ddof=1)) if n > 1 else 0.0
    mhalf = Z95 * msd / math.sqrt(n) if n > 1 else float("nan")
    return Figures(n, 2 * n, wins, draws, losses, mu, (lo, hi), elo_of(mu),
                   (elo_of(lo), elo_of(hi)) if n > 1 else nan2, nelo, nelo_ci, los, mm, (mm - mhalf, mm + mhalf), counts)


def mean_interval(xs) -> tuple[float, tuple[float, float]]:
    """The mean of ``xs`` and its 95% interval (normal approximation; nan for fewer than two)."""
    n = len(xs)
    nan2 = (float("nan"), float("nan"))
    if n == 0:
        return float("nan"), nan2
    m = sum(xs) / n
    if n < 2:
        return m, nan2
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    h = Z95 * sd / math.sqrt(n)
    return m, (m - h, m + h)
