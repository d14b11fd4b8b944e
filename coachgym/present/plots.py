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
    return _save(plt, fig, path, title)


def plot_interval_estimates(panels: dict[str, dict[str, tuple[float, float, float]]], path: str | Path, *,
                            xlabel: str = "", title: str = "", reference: float | None = None,
                            xlim: tuple[float, float] | None = None) -> Path:
    """Point estimates with intervals, one panel per group (e.g. a ruleset) and one row per entry of
    it (e.g. an algorithm): ``panels[group][label] = (estimate, low, high)``, in the style of
    rliable's ``plot_interval_estimates``. ``reference`` draws a vertical line (e.g. 0.5: even);
    ``xlim`` gives every panel the same axis."""
    plt = _pyplot()
    labels: list[str] = []
    for rows in panels.values():
        labels += [k for k in rows if k not in labels]
    colors = {k: plt.get_cmap("tab10")(i % 10) for i, k in enumerate(labels)}
    fig, axes = plt.subplots(1, len(panels), figsize=(3.1 * len(panels) + 1.4, 0.42 * len(labels) + 1.4),
                             sharey=True, squeeze=False)
    for ax, (group, rows) in zip(axes[0], panels.items()):
        for y, name in enumerate(labels):
            if name not in rows:
                continue
            est, lo, hi = rows[name]
            ax.barh(y, hi - lo, left=lo, height=0.6, color=colors[name], alpha=0.55)
            ax.vlines(est, y - 0.3, y + 0.3, color="black", lw=1.5)
            ax.plot([est], [y], marker="o", ms=4, color="black")  # seen where the interval is a point
        if reference is not None:
            ax.axvline(reference, color="gray", ls="--", lw=1)
        ax.set_title(group)
        ax.set_xlabel(xlabel)
        if xlim is not None:
            ax.set_xlim(*xlim)
        ax.grid(axis="x", alpha=0.3)
    axes[0][0].set_yticks(range(len(labels)), labels)
    axes[0][0].invert_yaxis()
    return _save(plt, fig, path, title)


def _save(plt, fig, path: str | Path, title: str = "") -> Path:
    """A figure's title, layout and file (110 dpi), then closed; the file's path."""
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    path = Path(path)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
