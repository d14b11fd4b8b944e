"""Statis Pro team terms fitted to a built league's own points per 100 possessions
(docs/rules/statis-pro-basketball.md, "Season context", team terms from the season's points).

Run by ``coachgym leagues build --season YYYY --blind --team-terms`` and by
``tools/statispro_team_terms.py LEAGUE_DIR`` on a league folder already built. A series-layer module
(it plays round robins of the league with the season's carry-over; coaches by name through the ruleset).

Each iteration plays ``rounds`` round robins of the league (the size, ``rounds`` x ``iterations``, is
``team_terms.rounds`` and ``.iterations`` in ``data/card_builder.json`` unless given: 4 x 4, chosen on the
training seasons; docs/history.md, "The fit's size chosen on the training seasons") (every team hosts every other once a round,
by-the-book coaches on both benches) with the season's carry-over as a replay plays it: real
availability (each player for his real share of his team's games, ``coachgym.series.carryover.available``,
counted out of the real season's length, the most games in the team totals' G column) and 14G's
injuries for games, through the ruleset's own carry-over (its ``game_team`` before each game, ``facts``
and ``advance`` after it, the team's games in the order played), so the terms calibrate the team that
actually plays (``availability=False``: every game from the team files as they are, no carry-over, the
fit of the earlier rounds). It measures every team's points scored and allowed per 100 of its
possessions (the box score's POSS), each relative to the simulated league's mean, and moves two terms
of the team against their targets ``scale`` x (the real ORtg or DRtg - the real league's):

* the **offense term**, points of FIELD GOAL added to every built card of the team, by (target -
  simulated ORtg) / ``fg_sensitivity``;
* the **defense term**, points of DEFENSE added to every built card (a lower DEFENSE is a better
  one), by (simulated DRtg - target) / ``defense_sensitivity``;

each move times the iteration's gain 1 / iteration (so the later iterations average the dice of the
earlier ones). **The defense term within the card's range** (the rules doc's "Team terms from the season's
points", the defense's range): the term moves the team's mean DEFENSE; where a card would pass the range
(-15..+5), the men's differences from their team's mean are compressed toward it (each keeps his place,
the team its mean) instead of clamping the card, down to ``min_spread`` of each man's difference; a team
asking for more defence than that leaves room for (its mean so far down that the best defender would pass
-15 with half his difference kept) gets the rest in its offense term, at the sensitivities' rate
(``defense_sensitivity`` / ``fg_sensitivity`` points of FIELD GOAL a point of DEFENSE), so the team's net
points per 100 possessions still reach their target and no card is clamped for want of range. The constants (``team_terms`` in the builder's ``data/card_builder.json``: ``scale``, the
two sensitivities) were chosen on the training seasons only (the file's record). A term's points are
spread over the team's built cards by dithering (card j of n gets floor(term + (j + 0.5) / n)), so the
team's mean moves by the term and not by its rounding; printed cards are never changed; FIELD GOAL is
kept within 1..99 and DEFENSE within the season context's range. Only the team totals' points,
possessions and games played are read: never W, L or the records, so a blind build stays blind.
"""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path
from typing import Any, Callable

from ...series.teamterms import (  # noqa: F401  (the fit's parts, named here as before)
    TeamTermsError,
    Terms,
    fit_terms,
    read_league,
    real_ratings,
    season_games,
    season_games_of,
    step,
)

RULESET = "statispro"


def play_round_robins(*args: Any, **kwargs: Any) -> dict[str, dict[str, float]]:
    """:func:`coachgym.series.teamterms.play_round_robins` of Statis Pro's games (the fit's round robins)."""
    from ...series import teamterms

    kwargs.setdefault("ruleset", RULESET)
    return teamterms.play_round_robins(*args, **kwargs)


def dithered(term: float, n: int) -> list[int]:
    """``n`` whole points whose mean is ``term`` to within 1/n: card j gets floor(term + (j + 0.5) / n)."""
    return [math.floor(term + (j + 0.5) / n) for j in range(n)]


def defense_spread(base: list[int], def_term: float, def_range: tuple[int, int]) -> float:
    """The share of each man's difference from his team's mean DEFENSE that the team keeps when its mean
    moves by ``def_term``: 1 while every card stays within ``def_range``, else the largest share that keeps
    the team's best and worst defenders in it (0 when the mean itself is past the range)."""
    if not base:
        return 1.0
    lo, hi = def_range
    m = statistics.fmean(base) + def_term
    f = 1.0
    below, above = statistics.fmean(base) - min(base), max(base) - statistics.fmean(base)
    if below > 0 and m - below < lo:
        f = min(f, (m - lo) / below)
    if above > 0 and m + above > hi:
        f = min(f, (hi - m) / above)
    return max(0.0, f)


def defense_room(base: list[int], def_range: tuple[int, int], min_spread: float) -> tuple[float, float]:
    """The defense terms a team's built cards take without a card passing ``def_range`` while its men keep
    at least ``min_spread`` of their differences from the team's mean: (the lowest term, the highest)."""
    if not base:
        return 0.0, 0.0
    lo, hi = def_range
    mean = statistics.fmean(base)
    return (lo + min_spread * (mean - min(base)) - mean, hi - min_spread * (max(base) - mean) - mean)


def apply_terms(team: dict, fg_term: float, def_term: float, def_range: tuple[int, int]) -> dict:
    """A copy of the team file with the two terms added to every built (not printed) card.

    FIELD GOAL: the term dithered over the cards, kept within 1..99. DEFENSE: the team's mean moves by the
    term; where a card would pass ``def_range``, every built card's difference from the team's mean is
    scaled by :func:`defense_spread` instead (the men keep their order, the team its mean), then dithered to
    whole points, so no card is clamped unless the team's mean itself is past the range."""
    out = json.loads(json.dumps(team))
    built = [p for p in out["players"] if not p.get("printed")]
    for p, fgp, d in zip(built, dithered(fg_term, len(built)), _unclamped(team, def_term, def_range)):
        p["field_goal"] = max(1, min(99, int(p["field_goal"]) + fgp))
        p["defense"] = max(def_range[0], min(def_range[1], d))
    return out


def _unclamped(team: dict, def_term: float, def_range: tuple[int, int]) -> list[int]:
    """Each built card's DEFENSE as :func:`apply_terms` sets it before the range's clamp."""
    built = [p for p in team["players"] if not p.get("printed")]
    base = [int(p["defense"]) for p in built]
    f = defense_spread(base, def_term, def_range)
    mean = statistics.fmean(base) if base else 0.0
    n = len(built)
    if f >= 1.0:
        return [b + d for b, d in zip(base, dithered(def_term, n))]
    return [math.floor(mean + def_term + f * (b - mean) + (j + 0.5) / n) for j, b in enumerate(base)]


def fit(folder: str | Path, rounds: int | None = None, iterations: int | None = None, seed: int = 0,
        availability: bool = True,
        write: bool = False, progress: bool = True, say: Callable[[str], Any] = print,
        converge: tuple[float, int] | None = None, resume: dict | None = None) -> dict:
    """Fit the league folder's team terms (``rounds`` round robins x ``iterations``; None: the documented
    size in ``data/card_builder.json``, 4 x 4); ``write``: rewrite its team files with them (each ``built``
    line names its two terms) and add the fit to ``league.json``'s notes. Returns the fit's record
    (:func:`coachgym.series.teamterms.fit_terms`: the terms, every iteration's r of the simulated on the real
    net points per 100 possessions and each team's simulated points relative to the league, ``sim``; and
    here the built cards at the DEFENSE range's ends and any clamped).

    ``converge`` = (r, extra): the convergence rule (docs/history.md, "The fit's convergence rule");
    ``resume``: the record of an earlier fit of the same unfitted build, size and seed
    (:func:`coachgym.series.teamterms.fit_terms`)."""
    from .builder import calibration

    cal = calibration()
    tt = cal["season_context"].get("team_terms")
    if not tt:
        raise TeamTermsError("data/card_builder.json has no season_context.team_terms")
    folder = Path(folder)
    league, keys, base = read_league(folder)
    lo, hi = cal["season_context"].get("defense_range", [cal["defense"]["min"], cal["defense"]["max"]])
    min_spread = float(tt.get("min_spread", 0.0))
    room = {k: defense_room([int(p["defense"]) for p in base[k]["players"] if not p.get("printed")], (lo, hi),
                            min_spread) for k in keys}

    def report(record: dict, final: dict[str, dict]) -> None:
        de = record["state"]["defense"]
        record["min_spread"] = min_spread
        ends = [p["defense"] for k in keys for p in final[k]["players"] if not p.get("printed")]
        record["cards"] = len(ends)
        record["cards_at_defense_ends"] = sum(d in (lo, hi) for d in ends)
        record["cards_clamped"] = sum(
            1 for k in keys for d in _unclamped(base[k], de[k], (lo, hi)) if not lo <= d <= hi)
        say(f"defense terms within the cards' room for {len(keys) - len(record['at_room'])} of {len(keys)} teams "
            f"(the rest carried into FIELD GOAL: {', '.join(record['at_room']) or 'none'}); built cards at DEFENSE "
            f"{lo} or {hi}: {record['cards_at_defense_ends']} of {len(ends)}, clamped: {record['cards_clamped']}")

    terms = Terms(
        ruleset=RULESET, module="coachgym.rules.statispro.teamterms", offense="FIELD GOAL", defense="DEFENSE",
        scale=tt["scale"], s_off=tt["fg_sensitivity"], s_def=tt["defense_sensitivity"],
        rounds=int(tt["rounds"]) if rounds is None else rounds,  # the documented size (card_builder.json)
        iterations=int(tt["iterations"]) if iterations is None else iterations,
        apply=lambda fg, de: {k: apply_terms(base[k], fg[k], de[k], (lo, hi)) for k in keys},
        room=room, constants=tt, report=report)
    # the round robins looked up when called (a test stands in for them here)
    return fit_terms(folder, league, keys, terms, seed=seed, availability=availability, write=write,
                     progress=progress, say=say, converge=converge, resume=resume,
                     play=lambda *a, **kw: play_round_robins(*a, **kw))
