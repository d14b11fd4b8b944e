"""Plots people would rather see than read (matplotlib, from the ``plot`` extra; ``train`` and ``stats`` bring it too)."""

from __future__ import annotations

from pathlib import Path

from ..core.errors import ConfigError
from ..core.match import MatchResult

MISSING = ("plots need matplotlib, which is not installed: pip install 'coachgym[plot]' "
           "(the train and stats extras bring it too)")


class PlotsUnavailable(ConfigError, RuntimeError):
    """matplotlib is not installed (a RuntimeError too, as callers of ``_pyplot`` catch)."""


def require_matplotlib() -> None:
    """Fail at once, before a long run, when a plot was asked for and matplotlib is missing."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise PlotsUnavailable(MISSING) from None


def _pyplot():
    require_matplotlib()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def plot_match(result: MatchResult, path: str | Path, title: str = "") -> Path:
    """Histogram of coach A's score margins and of both teams' points."""
    plt = _pyplot()
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4))
    margins = [g.a_margin for g in result.games]
    ax1.hist(margins, bins=range(min(margins) - 1, max(margins) + 2), color="#3b6ea5")
    ax1.axvline(0, color="black", lw=1)
    lo, hi = result.a_win_interval()
    ax1.set_title(f"{result.coach_a} margin vs {result.coach_b}\nwin rate {result.a_score_rate:.3f} (95% CI {lo:.3f}-{hi:.3f})")
    ax1.set_xlabel("points (A minus B)")
    ax1.set_ylabel("games")
    a_pts = [g.home_score if g.a_side == 0 else g.away_score for g in result.games]
    b_pts = [g.away_score if g.a_side == 0 else g.home_score for g in result.games]
    bins = range(min(a_pts + b_pts) - 1, max(a_pts + b_pts) + 2, 2)
    ax2.hist(a_pts, bins=bins, alpha=0.6, label=result.coach_a)
    ax2.hist(b_pts, bins=bins, alpha=0.6, label=result.coach_b)
    ax2.set_title("points per game")
    ax2.set_xlabel("points")
    ax2.legend()
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    path = Path(path)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
