"""Learning curves: win rate against each scripted coach over training steps."""

from __future__ import annotations

from pathlib import Path


def plot_learning_curve(history: list[dict], path: str | Path, title: str = "") -> Path:
    from ..present.plots import _pyplot

    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4))
    opponents = sorted({r["opponent"] for h in history for r in h["results"]})
    for opp in opponents:
        xs, ys, lo, hi = [], [], [], []
        for h in history:
            for r in h["results"]:
                if r["opponent"] == opp:
                    xs.append(h["steps"])
                    ys.append(r["win_rate"])
                    lo.append(r["ci95"][0])
                    hi.append(r["ci95"][1])
        ax.plot(xs, ys, marker="o", label=f"vs {opp}")
        ax.fill_between(xs, lo, hi, alpha=0.2)
    ax.axhline(0.5, color="black", lw=0.8, ls="--")
    ax.set_ylim(0, 1)
    ax.set_xlabel("environment steps")
    ax.set_ylabel("win rate (mirror matches, 95% CI)")
    ax.set_title(title or "learning curve")
    if opponents:  # a run stopped before its first evaluation has no curve to name
        ax.legend()
    fig.tight_layout()
    path = Path(path)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
