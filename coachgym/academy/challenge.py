"""The academy's scenarios as challenges a person coaches in the seat (``coachgym serve``: /challenges).

A challenge is a seat (``coachgym.present.seat.Seat``) whose ``start`` is
``{"kind": "academy", "scenario": ID, "position": K}``: the scenario's shipped start position ``K``
(``coachgym.envs.academy.pool``) with its future drawn from the seat's seed
(``Engine.resampled``, as the env's ``reset`` does), the person on the side the position studies,
and the seat over at the scenario's end (``EndClock``). The seat saves only that small dict; it is
rebuilt from the shipped position on restore (and checked against the saved engine, as every save).

:func:`play_out` plays the same start position and seed with a computer coach on the person's side
(the book, the trained coach) and the same opponent, seeded as the seat seeds it: the comparison
"over the same situation" on the result page. :func:`describe` and :func:`references_in_words`
say a scenario and its shipped reference scores in a fan's words.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from .. import rulesets
from ..core.engine import Engine
from ..core.errors import ConfigError
from ..envs import academy as A
from ..present.seat import register_start
from .evaluate import references

KIND = "academy"
# the opponent tiers a challenge offers (the scenario's protocol: the book by default)
OPPONENTS = {"by-the-book": "the book", "trained": "the trained coach", "random": "a random coach"}
RULESET_ORDER = A.RULESETS


def start_spec(scenario_id: str, position: int) -> dict:
    return {"kind": KIND, "scenario": scenario_id, "position": int(position)}


def checked(start: Any, ruleset: str | None = None) -> tuple[A.Scenario, A.Position]:
    """The scenario and shipped position a start names; a clear error naming the field otherwise."""
    if not isinstance(start, dict) or start.get("kind") != KIND:
        raise ConfigError("start: not a challenge of the academy")
    sid = start.get("scenario")
    if not isinstance(sid, str):
        raise ConfigError("start: field 'scenario' is not a scenario id")
    sc = A.scenario(sid)
    if ruleset is not None and sc.ruleset != ruleset:
        raise ConfigError(f"start: scenario {sid!r} is a {sc.ruleset} scenario, not a {ruleset} one")
    k = start.get("position")
    pool = A.pool(sc.id)
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < len(pool):
        raise ConfigError(f"start: field 'position' must be a whole number from 0 to {len(pool) - 1}")
    return sc, pool[k]


def begin(ruleset: str, start: dict, seed: int) -> tuple[Engine, int, Callable[[Engine], bool]]:
    """The seat's start (``coachgym.present.seat.STARTS``): the shipped position with its future drawn
    from ``seed``, the side it studies, and the scenario's end."""
    sc, pos = checked(start, ruleset)
    game = pos.game.resampled(int(seed), viewer=pos.side, record_events=True)
    return game, pos.side, A.EndClock(sc, game).over


register_start(KIND, begin)


def draw(scenario_id: str, rng: random.Random | None = None) -> tuple[int, int]:
    """A fresh draw for a challenge: (position index in the scenario's pool, seed of its future)."""
    rng = rng or random.SystemRandom()
    return rng.randrange(len(A.pool(A.scenario(scenario_id).id))), rng.randrange(2**31)


def margin_of(game: Engine, side: int) -> int:
    h, a = game.score
    return h - a if side == 0 else a - h


def score(sc: A.Scenario, start_margin: int, game: Engine, side: int) -> float:
    """The scenario's score of a finished challenge (as the env's ``score``): 1, 1/2 or 0 in a ``win``
    scenario, the change of the side's margin in a ``margin`` one."""
    m = margin_of(game, side)
    if sc.reward == "win":
        return 1.0 if m > 0 else 0.5 if m == 0 else 0.0
    return float(m - start_margin)


def play_out(start: dict, seed: int, coach: str, opponent: str) -> dict:
    """The same start position and seed played to the scenario's end by ``coach`` on the person's side
    against ``opponent`` (seeded as the seat seeds its opponent): {"score", "home", "away", "margin"}."""
    sc, pos = checked(start)
    rs = rulesets.get(sc.ruleset)
    game, side, ends = begin(sc.ruleset, start, seed)
    other = 1 - side
    mine = rs.coach(coach, seed=seed)
    mine.reset(game, side, seed)
    opp = rs.coach(opponent, seed=seed * 2 + 1 + other)  # (as Seat seeds its opponent)
    opp.reset(game, other, seed * 2 + 1 + other)
    start_margin = margin_of(game, side)
    while game.decision is not None and not ends(game):
        d = game.decision
        game.step(int((mine if d.side == side else opp).choose(game, d)))
    h, a = game.score
    return {"score": score(sc, start_margin, game, side), "home": h, "away": a,
            "margin": margin_of(game, side) - start_margin}


# ------------------------------------------------------------------------------ in words
def unit(ruleset: str, n: float) -> str:
    """The score's unit (its academy's ``units``: points, goals) for ``n`` of them."""
    one, many = A.ACADEMIES[ruleset].units
    return one if abs(n) == 1 else many


def end_words(sc: A.Scenario) -> str:
    """What ends the scenario, in words."""
    k = sc.end_kind
    if k == "game":
        return "the end of the game (overtime included): you win it or lose it"
    if k == "half":
        return "half-time (or the end of the game)"
    if k == "period":
        return A.ACADEMIES[sc.ruleset].period_end
    n = sc.end_amount
    n_text = f"{n:g}"
    if k == "boxes":
        return f"{n_text} more boxes of the game clock (or the end of the game)"
    return f"{n_text} more minutes of the game clock (or the end of the game)"


def end_short(sc: A.Scenario) -> str:
    """What ends the scenario, in a few words for the game page's tag ("to the final buzzer")."""
    k = sc.end_kind
    if k == "game":
        return A.ACADEMIES[sc.ruleset].final
    if k in ("half", "period"):
        return "to " + end_words(sc).split(" (")[0]
    return f"for {sc.end_amount:g} {'boxes' if k == 'boxes' else 'minutes'}"


def result_words(sc: A.Scenario, value: float) -> str:
    """A score of this scenario as a sentence's end: "won", "lost", "+3 points"."""
    if sc.reward == "win":
        return "won" if value == 1 else "a draw" if value == 0.5 else "lost"
    return f"{value:+g} {unit(sc.ruleset, value)}" if value else f"even (0 {unit(sc.ruleset, 0)})"


def ref_words(sc: A.Scenario, ref: dict | None) -> str:
    """A shipped reference in a fan's words ("wins 14 in 100", "-0.1 points on average")."""
    if not ref:
        return "not measured"
    m = ref["mean"]
    if sc.reward == "win":
        return f"wins {round(100 * m)} in 100"
    return f"{m:+.1f} {unit(sc.ruleset, m)} on average"


def references_in_words(sc: A.Scenario, extra: dict | None = None) -> list[dict]:
    """The references of a scenario (against the book), each {"who", "words", "mean", "episodes", "low",
    "high"}: random, the book, the trained coach, the best one-rule strategy file. The shipped ones
    (``envs/data/academy-references.json``) first; ``extra`` ({reference name: summary}) fills in the
    ones it lacks (the web app's measured trained coach)."""
    refs = {**(extra or {}), **references().get(sc.id, {})}
    out = []
    for key, who in (("random", "a random coach"), ("by-the-book", "the book"), ("trained", "the trained coach")):
        r = refs.get(key)
        out.append({"key": key, "who": who, "words": ref_words(sc, r), "mean": r["mean"] if r else None,
                    "episodes": r.get("episodes") if r else None, "low": r.get("low") if r else None,
                    "high": r.get("high") if r else None})
    best = refs.get("best-rule")
    if best:
        out.append({"key": "best-rule", "who": f"a one-rule strategy file ({best['coach'].split(':', 1)[-1]})",
                    "words": ref_words(sc, best), "mean": best["mean"], "episodes": best.get("episodes"),
                    "low": best.get("low"), "high": best.get("high")})
    return out


def score_words(sc: A.Scenario) -> str:
    if sc.reward == "win":
        return "the result: a win or a loss" + (" (a draw counts half)" if A.ACADEMIES[sc.ruleset].draws else "")
    return f"the {unit(sc.ruleset, 2)} you gain or lose on the other team over the stretch"


def describe(sc: A.Scenario, extra: dict | None = None) -> dict:
    """A scenario as the challenges page shows it (``extra``: {scenario id: {reference name: summary}})."""
    return {"id": sc.id, "ruleset": sc.ruleset, "title": sc.title, "level": sc.level, "about": sc.why,
            "end": end_words(sc), "score": score_words(sc), "reward": sc.reward,
            "references": references_in_words(sc, (extra or {}).get(sc.id)), "positions": len(A.pool(sc.id))}


def scenarios_by_ruleset(extra: dict | None = None) -> list[tuple[str, str, list[dict]]]:
    """[(ruleset, its title, [described scenario, easiest first])]."""
    return [(r, rulesets.entry(r).title, [describe(sc, extra) for sc in A.scenarios(r)]) for r in RULESET_ORDER]
