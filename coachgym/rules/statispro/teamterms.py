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

import dataclasses
import json
import math
import statistics
import time
from pathlib import Path
from typing import Any, Callable

from ...core.errors import ConfigError
from ...series import carryover

RULESET = "statispro"


class TeamTermsError(ConfigError, ValueError):
    """A league the fit cannot run on (one line naming the file)."""


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


def step(fg: float, de: float, err_o: float, err_d: float, gain: float, s_fg: float, s_def: float,
         room: tuple[float, float]) -> tuple[float, float]:
    """One iteration's move of a team's two terms: the offense term by -gain x err_o / s_fg, the defense
    term by -gain x err_d / s_def but kept within ``room`` (:func:`defense_room`); the defence it could not
    take goes into the offense term at s_def / s_fg points of FIELD GOAL a point of DEFENSE (a better
    defence asked than the cards hold: more FIELD GOAL), so the team's net rating still moves by its
    whole error."""
    raw = de - gain * err_d / s_def
    new = max(room[0], min(room[1], raw))
    return fg - gain * err_o / s_fg + (new - raw) * s_def / s_fg, new


def _team_codes(folder: Path, keys: list[str], totals: dict) -> dict[str, str]:
    """Each team file's row of the team totals (by the team's name)."""
    from ...core.statscsv import nba_teams

    by_name: dict[str, list[str]] = {}
    for abbr, info in nba_teams().items():
        by_name.setdefault(info["name"], []).append(abbr)
    code: dict[str, str] = {}
    for k in keys:
        name = json.loads((folder / f"{k}.json").read_text(encoding="utf-8"))["name"]
        found = next((a for a in by_name.get(name, []) if a in totals), None)
        if found is None:
            raise TeamTermsError(f"{folder / 'team_stats.csv'}: no row for {k} ({name})")
        code[k] = found
    return code


def real_ratings(folder: Path, keys: list[str]) -> dict[str, dict[str, float]]:
    """Every team's real points scored and allowed per 100 possessions, by the builder's season context."""
    from ...core.statscsv import read_team_stats
    from .builder import season_context

    totals = read_team_stats(folder / "team_stats.csv")
    code = _team_codes(folder, keys, totals)
    ctx = season_context(totals, sorted(set(code.values())))
    if ctx is None:
        raise TeamTermsError(f"{folder / 'team_stats.csv'}: needs G, PTS, OPP_PTS and the eight possession columns")
    return {k: ctx[code[k]] for k in keys}


def season_games(folder: Path) -> int:
    """The real season's games per team that the players' games are a share of (real availability):
    the most games in the team totals' G column (82; the 1998-99 lockout 50, 2011-12 66), else 82.
    Games played, not the standings."""
    from ...core.statscsv import read_team_stats

    games = [int(t.games) for t in read_team_stats(folder / "team_stats.csv").values() if t.games]
    return max(games) if games else carryover.CARD_SEASON_GAMES


def season_games_of(folder: Path, keys: list[str]) -> int | dict[str, int]:
    """:func:`season_games`, or each team's own games played (the team totals' G) where they differ by team
    (2019-20: 64-75; 2012-13: Boston and Indiana 81), as the season replay fields each team out of its own
    length (``coachgym.series.schedule.real_lengths``). Games played, not the standings."""
    from ...core.statscsv import read_team_stats

    totals = read_team_stats(folder / "team_stats.csv")
    code = _team_codes(folder, keys, totals)
    games = {k: int(totals[code[k]].games or 0) for k in keys}
    if min(games.values(), default=0) < 1 or len(set(games.values())) == 1:
        return season_games(folder)
    return games


def play_round_robins(teams: dict[str, dict], rounds: int, seed: int, desc: str, availability: bool = True,
                      card_season: int | dict[str, int] = carryover.CARD_SEASON_GAMES, missed: dict[str, dict[str, int]] | None = None,
                      progress: bool = True) -> dict[str, dict[str, float]]:
    """Every team's simulated points scored and allowed per 100 of its possessions over ``rounds`` round robins.

    ``availability``: every team is fielded as a season replay fields it (the ruleset's carry-over with
    real availability on, a season of the round robins' games per team, the players' games counted out of
    ``card_season``; injuries for games carried from game to game); else every game plays the team files as
    they are. ``missed``, when given, gets each team's games played (``""``) and each player's games
    missed (real availability and injuries)."""
    from tqdm import tqdm

    from ... import rulesets
    from ...core.match import play_game

    rs = rulesets.get(RULESET)
    keys = sorted(teams)
    acc = {k: [0.0, 0.0, 0.0, 0.0] for k in keys}  # points, possessions, opponents' points, their possessions
    pairs = [(h, a) for _ in range(rounds) for h in keys for a in keys if h != a]
    carry = carryover.for_ruleset(rs.name)
    ctx = carryover.Context("season", 2 * rounds * (len(keys) - 1), True,
                            max(card_season.values()) if isinstance(card_season, dict) else card_season)
    # each team's players counted out of its own real length where the lengths differ (2019-20)
    ctx_of = {k: dataclasses.replace(ctx, card_season=card_season[k]) if isinstance(card_season, dict) else ctx
              for k in keys}
    states = {k: carry.initial_state(teams[k]) for k in keys}
    parsed = {} if availability else {k: rs.parse_team(t, k) for k, t in teams.items()}
    for i, (h, a) in enumerate(tqdm(pairs, desc=desc, unit="game", disable=not progress)):
        s = seed + i
        if availability:
            hd, ad = carry.game_team(teams[h], states[h], ctx_of[h]), carry.game_team(teams[a], states[a], ctx_of[a])
            if missed is not None:
                for k, d in ((h, hd), (a, ad)):
                    m = missed.setdefault(k, {"": 0})
                    m[""] += 1
                    for name in d.get("injured", ()):
                        m[name] = m.get(name, 0) + 1
            options = carry.game_options({}, False, ctx, [hd, ad])
            g = rs.new_game(rs.parse_team(hd, h), rs.parse_team(ad, a), seed=s, options=options,
                            record_events=carry.record_events(options))
        else:
            g = rs.new_game(parsed[h], parsed[a], seed=s, record_events=False)
        play_game(g, rs.coach("by-the-book", seed=s), rs.coach("by-the-book", seed=s + 1), seed=s)
        if availability:
            states[h] = carry.advance(states[h], carry.facts(g, 0), ctx)
            states[a] = carry.advance(states[a], carry.facts(g, 1), ctx)
        box = g.box_score().to_dict()["teams"]
        hs, vs = g.score
        hp, ap = box[0]["team"]["POSS"], box[1]["team"]["POSS"]
        for k, pts, poss, opts, oposs in ((h, hs, hp, vs, ap), (a, vs, ap, hs, hp)):
            acc[k][0] += pts
            acc[k][1] += poss
            acc[k][2] += opts
            acc[k][3] += oposs
    return {k: {"ortg": 100 * v[0] / max(1.0, v[1]), "drtg": 100 * v[2] / max(1.0, v[3])} for k, v in acc.items()}


def fit(folder: str | Path, rounds: int | None = None, iterations: int | None = None, seed: int = 0,
        availability: bool = True,
        write: bool = False, progress: bool = True, say: Callable[[str], Any] = print,
        converge: tuple[float, int] | None = None, resume: dict | None = None) -> dict:
    """Fit the league folder's team terms (``rounds`` round robins x ``iterations``; None: the documented
    size in ``data/card_builder.json``, 4 x 4); ``write``: rewrite its team files with them (each ``built``
    line names its two terms) and add the fit to ``league.json``'s notes. Returns the fit's record
    (the terms, every iteration's r of the simulated on the real net points per 100 possessions and each
    team's simulated points scored and allowed per 100 possessions relative to the league, ``sim``).

    ``converge`` = (r, extra): after ``iterations``, go on an iteration at a time (the same gain 1 /
    iteration, the same seeds a longer fit would use) while the last iteration's r of the simulated on the
    real net points per 100 is below r, at most ``extra`` more (the convergence rule, docs/history.md,
    "The fit's convergence rule"; standings-free: the fit's own round robins against the real points).
    ``resume``: the record of an earlier fit of the same unfitted build, size and seed; its iterations are
    not played again (its terms are where the next iteration starts), so a resumed fit ends exactly where
    one uninterrupted fit would."""
    from .builder import calibration

    cal = calibration()
    tt = cal["season_context"].get("team_terms")
    if not tt:
        raise TeamTermsError("data/card_builder.json has no season_context.team_terms")
    rounds = int(tt["rounds"]) if rounds is None else rounds  # the documented size (card_builder.json)
    iterations = int(tt["iterations"]) if iterations is None else iterations
    if rounds < 1 or iterations < 1:
        raise TeamTermsError("--rounds and --iterations must be at least 1")
    folder = Path(folder)
    try:
        league = json.loads((folder / "league.json").read_text(encoding="utf-8"))
        keys = list(league["teams"])
        base = {k: json.loads((folder / f"{k}.json").read_text(encoding="utf-8")) for k in keys}
        real = real_ratings(folder, keys)
        card_season = season_games_of(folder, keys)
    except TeamTermsError:
        raise
    except (OSError, ValueError, KeyError) as exc:
        raise TeamTermsError(f"{folder}: {exc}") from None
    lo, hi = cal["season_context"].get("defense_range", [cal["defense"]["min"], cal["defense"]["max"]])
    scale, s_fg, s_def = tt["scale"], tt["fg_sensitivity"], tt["defense_sensitivity"]
    r_o = statistics.fmean(real[k]["ortg"] for k in keys)
    r_d = statistics.fmean(real[k]["drtg"] for k in keys)
    target = {k: (scale * (real[k]["ortg"] - r_o), scale * (real[k]["drtg"] - r_d)) for k in keys}
    fg = {k: 0.0 for k in keys}
    de = {k: 0.0 for k in keys}
    min_spread = float(tt.get("min_spread", 0.0))
    room = {k: defense_room([int(p["defense"]) for p in base[k]["players"] if not p.get("printed")], (lo, hi),
                            min_spread) for k in keys}
    record: dict = {"league": str(folder), "rounds": rounds, "iterations": iterations, "seed": seed,
                    "availability": availability, "season_games": card_season, "team_terms": tt, "steps": []}
    missed: dict[str, dict[str, int]] = {}
    start = 1
    if resume is not None:
        if (resume.get("rounds"), resume.get("seed"), resume.get("availability")) != (rounds, seed, availability):
            raise TeamTermsError(f"{folder}: the fit to resume has another size, seed or availability")
        record["steps"] = list(resume["steps"])
        state = resume.get("state") or resume  # the terms at full precision; an older record: to 0.001 point
        fg.update({k: float(v) for k, v in state["fg"].items()})
        de.update({k: float(v) for k, v in state["defense"].items()})
        if "absent_a_game" in resume:
            record["absent_a_game"] = resume["absent_a_game"]
        start = len(record["steps"]) + 1
    if converge is not None:
        record["converge"] = {"r": converge[0], "extra_most": converge[1], "size": iterations}
    mark, extra = converge if converge is not None else (math.inf, 0)
    last = iterations + extra
    t0 = time.perf_counter()
    for it in range(start, last + 1):
        if it > iterations and record["steps"][-1]["r_net"] >= mark:
            break  # the convergence rule: the fit's own last r reached the training seasons'
        if it > iterations:
            say(f"iteration {it - 1}'s r {record['steps'][-1]['r_net']:.4f} is below {mark}: one more "
                f"(the convergence rule, at most {last})")
        teams = {k: apply_terms(base[k], fg[k], de[k], (lo, hi)) for k in keys}
        sim = play_round_robins(teams, rounds, seed + 100_000 * it, f"team terms, iteration {it}/{iterations}",
                                availability, card_season, missed if it == 1 else None, progress)
        s_o = statistics.fmean(sim[k]["ortg"] for k in keys)
        s_d = statistics.fmean(sim[k]["drtg"] for k in keys)
        rn = [real[k]["ortg"] - real[k]["drtg"] for k in keys]
        sn = [sim[k]["ortg"] - sim[k]["drtg"] for k in keys]
        r = statistics.correlation(rn, sn)
        err_o = {k: (sim[k]["ortg"] - s_o) - target[k][0] for k in keys}
        err_d = {k: (sim[k]["drtg"] - s_d) - target[k][1] for k in keys}
        rms = math.sqrt(statistics.fmean([err_o[k] ** 2 + err_d[k] ** 2 for k in keys]) / 2)
        say(f"iteration {it}: r(simulated, real net per 100) {r:.3f}, rms error against the targets {rms:.2f} "
            f"(terms played: FIELD GOAL {min(fg.values()):+.2f}..{max(fg.values()):+.2f}, "
            f"DEFENSE {min(de.values()):+.2f}..{max(de.values()):+.2f})")
        record["steps"].append({"iteration": it, "r_net": round(r, 4), "rms": round(rms, 3),
                                "fg": {k: round(v, 3) for k, v in fg.items()},
                                "defense": {k: round(v, 3) for k, v in de.items()},
                                "sim": {k: [round(sim[k]["ortg"] - s_o, 3), round(sim[k]["drtg"] - s_d, 3)] for k in keys}})
        gain = 1.0 / it
        for k in keys:
            fg[k], de[k] = step(fg[k], de[k], err_o[k], err_d[k], gain, s_fg, s_def, room[k])
    record["iterations"] = iterations = len(record["steps"])
    if missed:  # the players each team was without in the first iteration's games, a game
        out = {k: sum(n for name, n in m.items() if name) / m[""] for k, m in sorted(missed.items())}
        record["absent_a_game"] = {k: round(v, 3) for k, v in out.items()}
        say(f"fielded as a season replay fields them (real availability out of {card_season} games, injuries "
            f"carried): {statistics.fmean(out.values()):.2f} players out a game on average "
            f"({min(out.values()):.2f}..{max(out.values()):.2f} by team)")
    record["state"] = {"fg": dict(fg), "defense": dict(de)}  # where a resumed fit starts (full precision)
    record["fg"] = {k: round(v, 3) for k, v in fg.items()}
    record["defense"] = {k: round(v, 3) for k, v in de.items()}
    record["min_spread"] = min_spread
    record["defense_room"] = {k: [round(a, 3), round(b, 3)] for k, (a, b) in room.items()}
    record["at_room"] = sorted(k for k in keys if de[k] <= room[k][0] + 1e-9 or de[k] >= room[k][1] - 1e-9)
    final = {k: apply_terms(base[k], fg[k], de[k], (lo, hi)) for k in keys}
    ends = [p["defense"] for k in keys for p in final[k]["players"] if not p.get("printed")]
    record["cards"] = len(ends)
    record["cards_at_defense_ends"] = sum(d in (lo, hi) for d in ends)
    record["cards_clamped"] = sum(
        1 for k in keys for d in _unclamped(base[k], de[k], (lo, hi)) if not lo <= d <= hi)
    say(f"defense terms within the cards' room for {len(keys) - len(record['at_room'])} of {len(keys)} teams "
        f"(the rest carried into FIELD GOAL: {', '.join(record['at_room']) or 'none'}); built cards at DEFENSE "
        f"{lo} or {hi}: {record['cards_at_defense_ends']} of {len(ends)}, clamped: {record['cards_clamped']}")
    record["seconds"] = round(time.perf_counter() - t0, 1)
    say(f"fitted in {record['seconds']} s: FIELD GOAL {min(fg.values()):+.2f}..{max(fg.values()):+.2f}, "
        f"DEFENSE {min(de.values()):+.2f}..{max(de.values()):+.2f}")
    if write:
        how = "with the season's real availability" if availability else "without availability"
        for k in keys:
            team = apply_terms(base[k], fg[k], de[k], (lo, hi))
            team["built"] = team.get("built", "") + (
                f"; team terms fitted to the season's points per 100 possessions (coachgym.rules.statispro.teamterms, "
                f"{rounds} round robins x {iterations}, seed {seed}, "
                f"{'real availability' if availability else 'no availability'}): FIELD GOAL {fg[k]:+.2f}, "
                f"DEFENSE {de[k]:+.2f}")
            (folder / f"{k}.json").write_text(json.dumps(team, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        league["notes"] = league.get("notes", "") + (
            f"; team terms fitted to the season's points per 100 possessions by coachgym.rules.statispro.teamterms "
            f"({rounds} round robins x {iterations} iterations, seed {seed}, {how})")
        (folder / "league.json").write_text(json.dumps(league, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        say(f"wrote {len(keys)} team files in {folder}")
    return record
