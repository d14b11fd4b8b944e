"""The academy's protocol (docs/academy.md): a coach or a model plays a fixed number of episodes of a
scenario on the evaluation seeds (``EVAL_SEED_BASE + i``, which no training run uses), against a
given opponent; the score (win rate with draws half, or mean margin change) comes with its 95%
interval and the normalized score ``(agent - random) / (book - random)`` against the shipped
references (1.0 is the book, above 1.0 beats it)."""

from __future__ import annotations

import json
import math
import time
from pathlib import Path
from typing import Any, Callable, Sequence

from .. import rulesets
from ..core.errors import ConfigError
from ..envs import academy as A
from ..strategy.sprt import mean_interval

REFERENCES_FILE = "academy-references.json"
DEFAULT_EPISODES = 200


def references_path() -> Path:
    return Path(A.__file__).resolve().parent / "data" / REFERENCES_FILE


def references() -> dict:
    """The shipped reference scores: {scenario id: {reference name: {mean, low, high, episodes, ...}}}."""
    p = references_path()
    if not p.is_file():
        return {}
    return json.loads(p.read_text(encoding="utf-8")).get("scenarios", {})


def normalized(score: float, refs: dict) -> float | None:
    """``(score - random) / (book - random)``, or None where the references are missing or the book
    and random are within 1e-9 of each other."""
    r, b = refs.get("random"), refs.get("by-the-book")
    if not r or not b or abs(b["mean"] - r["mean"]) < 1e-9:
        return None
    return (score - r["mean"]) / (b["mean"] - r["mean"])


def coach_chooser(ruleset: str, spec: str) -> Callable[[Any, int], Callable]:
    """A factory ``(env, seed) -> choose()`` for a coach spec of the ruleset (a name, ``strategy:FILE``,
    ``search:...``, a model file): the coach is built and reset for each episode."""
    rs = rulesets.get(ruleset)
    rs.coach(spec, seed=0)  # a bad spec fails here, with its message, before any episode

    def factory(env, seed: int):
        coach = rs.coach(spec, seed=seed)
        coach.reset(env.game, env.side, seed)
        return lambda: coach.choose(env.game, env.game.decision)

    return factory


def run_episodes(scenario_id: str, factory: Callable, episodes: int, *, seed_base: int = A.EVAL_SEED_BASE,
                 opponent: str = "by-the-book", progress: Callable[[], None] | None = None) -> list[float]:
    """The score of each episode ``i`` played from ``env.reset(seed=seed_base + i)``."""
    env = A.make(scenario_id, opponent=opponent)
    scores = []
    for i in range(episodes):
        env.reset(seed=seed_base + i)
        choose = factory(env, seed_base + i)
        done = env.clock.over(env.game)
        while not done:
            _, term, trunc = env.advance(choose())
            done = term or trunc
        scores.append(env.score())
        if progress:
            progress()
    return scores


def wilson(p: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``p`` over ``n`` trials (never of zero width at 0 or 1)."""
    if n == 0:
        return float("nan"), float("nan")
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def summarize(scores: Sequence[float], sc: A.Scenario, refs: dict | None = None) -> dict:
    """Mean score and 95% interval: Wilson's for a win rate (a draw counted half a win), the normal
    approximation for a margin change."""
    m, (lo, hi) = mean_interval(list(scores))
    if sc.reward == "win":
        lo, hi = wilson(m, len(scores))
    out = {"mean": m, "low": lo, "high": hi, "episodes": len(scores), "score": sc.score_name}
    if refs is not None:
        n = normalized(m, refs)
        out["normalized"] = n
        if n is not None and not math.isnan(lo):
            nl, nh = normalized(lo, refs), normalized(hi, refs)
            out["normalized_low"], out["normalized_high"] = min(nl, nh), max(nl, nh)
    return out


def select(names: Sequence[str] | None, ruleset: str | None = None) -> list[A.Scenario]:
    """Scenarios by id (or a ruleset's, or all); an unknown id is refused by name."""
    if names:
        return [A.scenario(n) for n in names]
    return A.scenarios(ruleset)


def evaluate(coach: str, scenario_ids: Sequence[str] | None = None, *, episodes: int = DEFAULT_EPISODES,
             opponent: str = "by-the-book", ruleset: str | None = None,
             progress_factory: Callable[[str, int], Callable[[], None]] | None = None) -> dict:
    """The protocol's JSON result for one coach (or model file) over scenarios of its ruleset."""
    if episodes < 1:
        raise ConfigError("--episodes must be at least 1")
    chosen = select(scenario_ids, ruleset)
    if coach.endswith((".zip", ".npz")) and ruleset is None:
        p = Path(coach)
        meta_file = p.with_name(p.name[:-4] + ".json")  # the model's metadata (training/metadata.py)
        if not p.exists():
            raise ConfigError(f"{coach}: no such model file")
        if not meta_file.is_file():
            raise ConfigError(f"{coach}: its metadata {meta_file.name} is missing beside it")
        try:
            meta_rs = json.loads(meta_file.read_text(encoding="utf-8")).get("ruleset")
        except (ValueError, AttributeError) as exc:
            raise ConfigError(f"{meta_file}: not a model's metadata ({exc})") from None
        chosen = [s for s in chosen if s.ruleset == meta_rs]
    rss = {s.ruleset for s in chosen}
    if len(rss) > 1 and not coach.endswith((".zip", ".npz")) and coach.split(":")[0] not in (
            "random", "by-the-book", "search", "trained", "first-legal"):
        raise ConfigError(f"coach {coach!r} belongs to one ruleset: name its scenarios with --scenarios "
                          f"or give --ruleset")
    refs_all = references()
    rows = []
    started = time.process_time()
    for sc in chosen:
        factory = coach_chooser(sc.ruleset, coach)
        bar = progress_factory(sc.id, episodes) if progress_factory else None
        t0 = time.process_time()
        scores = run_episodes(sc.id, factory, episodes, opponent=opponent, progress=bar)
        refs = refs_all.get(sc.id, {}) if opponent == "by-the-book" else {}
        row = {"scenario": sc.id, "ruleset": sc.ruleset, "reward": sc.reward,
               **summarize(scores, sc, refs or None), "cpu_seconds": round(time.process_time() - t0, 2)}
        rows.append(row)
    norm = [r["normalized"] for r in rows if r.get("normalized") is not None]
    return {"protocol": "coachgym-academy-v0", "coach": coach, "opponent": opponent, "episodes": episodes,
            "seeds": f"{A.EVAL_SEED_BASE}..{A.EVAL_SEED_BASE + episodes - 1}",
            "scenarios": rows,
            "mean_normalized": (sum(norm) / len(norm)) if norm else None,
            "cpu_seconds": round(time.process_time() - started, 2)}
