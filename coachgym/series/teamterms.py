"""The team-terms fit, for any ruleset whose builder has team terms (docs/history.md, "Team terms"; Statis
Pro: docs/rules/statis-pro-basketball.md, "Season context", team terms from the season's points; 4th Street:
docs/rules/4th-street-basketball.md, section 14, "Season context", team terms).

A built league's every team gets two terms, an **offense term** and a **defense term**, that a ruleset's own
module (``coachgym/rules/<x>/teamterms.py``) turns into its cards (:class:`Terms`: Statis Pro's FIELD GOAL and
DEFENSE points, 4th Street's made-shot share and Defense grades). The fit plays ``rounds`` round robins of the
league an iteration (every team hosts every other once a round, by-the-book coaches on both benches) with
the season's carry-over as a replay plays it: real availability (each player for his real share of his
team's games, ``coachgym.series.carryover.available``, counted out of the real season's length, the team
totals' G column) and the rules' injuries, through the ruleset's own carry-over (``game_team`` before each
game, ``facts`` and ``advance`` after it). It measures every team's points scored and allowed per 100 of its
possessions (the box score's POSS), each relative to the simulated league's mean, and moves the two terms
against their targets ``scale`` x (the real ORtg or DRtg - the real league's): the offense term by (target -
simulated ORtg) / ``s_off``, the defense term by (target - simulated DRtg) / ``s_def`` (a lower term: a
better defence) within the cards' room (:func:`step`: what the cards cannot hold goes into the offense term), each move times the
iteration's gain 1 / iteration. Only the team totals' points, possessions and games played are read: never
W, L or the records, so a blind build stays blind.
"""

from __future__ import annotations

import dataclasses
import json
import math
import statistics
import time
from pathlib import Path
from typing import Any, Callable

from ..core.errors import ConfigError
from . import carryover


class TeamTermsError(ConfigError, ValueError):
    """A league the fit cannot run on (one line naming the file)."""


@dataclasses.dataclass
class Terms:
    """What one ruleset's team terms are, for :func:`fit_terms`.

    ``apply(offense, defense)``: every team's file with the terms (team key -> term) on its built cards;
    ``room``: each team's lowest and highest defense term the cards hold; ``report(record, teams)``: adds the
    ruleset's own figures of the final cards to the fit's record (and says them); ``module``: the module named
    in the team files' ``built`` line."""

    ruleset: str
    module: str
    offense: str  # the offense term's name in the game's words ("FIELD GOAL")
    defense: str
    scale: float
    s_off: float  # simulated points per 100 possessions a unit of the offense term
    s_def: float  # ... a unit of the defense term (a higher term: a weaker defence)
    rounds: int
    iterations: int
    apply: Callable[[dict[str, float], dict[str, float]], dict[str, dict]]
    room: dict[str, tuple[float, float]]
    constants: dict = dataclasses.field(default_factory=dict)  # the calibration file's team_terms, as recorded
    report: Callable[[dict, dict[str, dict]], None] | None = None
    unit: Callable[[float], str] = dataclasses.field(default=lambda v: f"{v:+.2f}")
    defense_unit: Callable[[float], str] | None = None  # (default: ``unit``)
    # the defense term as the cards show it (4th Street's grades: a better defence is a higher grade)
    sign: int = 1
    digits: int = 3  # the terms' decimals in the record's steps and ``fg`` / ``defense`` (full precision in ``state``)

    def show(self, offense: float | dict[str, float], defense: float | dict[str, float]) -> str:
        """``offense`` and ``defense`` terms (one team's, or every team's as a span) in the game's words."""
        def one(v: float | dict[str, float], unit: Callable[[float], str], sign: int = 1) -> str:
            if isinstance(v, dict):
                vals = sorted(sign * x for x in v.values())
                return f"{unit(vals[0])}..{unit(vals[-1])}"
            return unit(sign * v)
        return (f"{self.offense} {one(offense, self.unit)}, "
                f"{self.defense} {one(defense, self.defense_unit or self.unit, self.sign)}")


def step(fg: float, de: float, err_o: float, err_d: float, gain: float, s_fg: float, s_def: float,
         room: tuple[float, float]) -> tuple[float, float]:
    """One iteration's move of a team's two terms: the offense term by -gain x err_o / s_fg, the defense
    term by -gain x err_d / s_def but kept within ``room``; the defence it could not take goes into the
    offense term at s_def / s_fg units of offense a unit of defense (a better defence asked than the cards
    hold: more offense), so the team's net rating still moves by its whole error."""
    raw = de - gain * err_d / s_def
    new = max(room[0], min(room[1], raw))
    return fg - gain * err_o / s_fg + (new - raw) * s_def / s_fg, new


def team_codes(folder: Path, keys: list[str], totals: dict) -> dict[str, str]:
    """Each team file's row of the team totals (by the team's name)."""
    from ..core.statscsv import nba_teams

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
    """Every team's real points scored and allowed per 100 possessions (possessions = FGA - ORB + TOV +
    0.44 x FTA, the mean of the team's and its opponents' estimates) from the folder's team totals."""
    from ..core.statscsv import read_team_stats

    totals = read_team_stats(folder / "team_stats.csv")
    code = team_codes(folder, keys, totals)
    out = {}
    for k in keys:
        t = totals[code[k]]
        poss = t.possessions()
        if not poss or t.pts is None or t.opp_pts is None or not t.games:
            raise TeamTermsError(f"{folder / 'team_stats.csv'}: needs G, PTS, OPP_PTS and the eight possession columns")
        out[k] = {"ortg": 100 * t.pts / poss, "drtg": 100 * t.opp_pts / poss}
    return out


def season_games(folder: Path) -> int:
    """The real season's games per team that the players' games are a share of (real availability):
    the most games in the team totals' G column (82; the 1998-99 lockout 50, 2011-12 66), else 82.
    Games played, not the standings."""
    from ..core.statscsv import read_team_stats

    games = [int(t.games) for t in read_team_stats(folder / "team_stats.csv").values() if t.games]
    return max(games) if games else carryover.CARD_SEASON_GAMES


def season_games_of(folder: Path, keys: list[str]) -> int | dict[str, int]:
    """:func:`season_games`, or each team's own games played (the team totals' G) where they differ by team
    (2019-20: 64-75; 2012-13: Boston and Indiana 81), as the season replay fields each team out of its own
    length (``coachgym.series.schedule.real_lengths``). Games played, not the standings."""
    from ..core.statscsv import read_team_stats

    totals = read_team_stats(folder / "team_stats.csv")
    code = team_codes(folder, keys, totals)
    games = {k: int(totals[code[k]].games or 0) for k in keys}
    if min(games.values(), default=0) < 1 or len(set(games.values())) == 1:
        return season_games(folder)
    return games


def play_round_robins(teams: dict[str, dict], rounds: int, seed: int, desc: str, availability: bool = True,
                      card_season: int | dict[str, int] = carryover.CARD_SEASON_GAMES, missed: dict[str, dict[str, int]] | None = None,
                      progress: bool = True, *, ruleset: str) -> dict[str, dict[str, float]]:
    """Every team's simulated points scored and allowed per 100 of its possessions over ``rounds`` round robins.

    ``availability``: every team is fielded as a season replay fields it (the ruleset's carry-over with
    real availability on, a season of the round robins' games per team, the players' games counted out of
    ``card_season``; injuries for games carried from game to game); else every game plays the team files as
    they are. ``missed``, when given, gets each team's games played (``""``) and each player's games
    missed (real availability and injuries)."""
    from tqdm import tqdm

    from .. import rulesets
    from ..core.match import play_game

    rs = rulesets.get(ruleset)
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
        hs, vs = g.score
        hp, ap = possessions(rs, g.box_score())
        for k, pts, poss, opts, oposs in ((h, hs, hp, vs, ap), (a, vs, ap, hs, hp)):
            acc[k][0] += pts
            acc[k][1] += poss
            acc[k][2] += opts
            acc[k][3] += oposs
    return {k: {"ortg": 100 * v[0] / max(1.0, v[1]), "drtg": 100 * v[2] / max(1.0, v[3])} for k, v in acc.items()}


def possessions(rs: Any, box: Any) -> tuple[float, float]:
    """Each side's possessions in a game's box score: the box's own ``POSS`` (Statis Pro counts them) or
    else FGA - ORB + TOV + 0.44 x FTA of its totals (the ruleset's realism statistic ``POSS``)."""
    teams = box.to_dict()["teams"]
    if all("POSS" in t.get("team", {}) for t in teams):
        return teams[0]["team"]["POSS"], teams[1]["team"]["POSS"]
    stat = next((x for x in rs.part("realism") or () if x.key == "POSS"), None)
    if stat is None:
        raise TeamTermsError(f"{rs.title}: its box score counts no possessions (no POSS statistic)")
    return stat.num(box.totals(0)), stat.num(box.totals(1))


def fit_terms(folder: Path, league: dict, keys: list[str], terms: Terms, seed: int = 0, availability: bool = True,
              write: bool = False, progress: bool = True, say: Callable[[str], Any] = print,
              converge: tuple[float, int] | None = None, resume: dict | None = None,
              play: Callable[..., dict[str, dict[str, float]]] | None = None) -> dict:
    """The fit's iterations (the module's docstring) on the league folder ``folder`` (its ``league.json``
    read as ``league``, its team keys ``keys``); ``write``: rewrite its team files with the terms (each
    ``built`` line names the two) and add the fit to ``league.json``'s notes. Returns the fit's record (the
    terms as ``fg`` and ``defense``, every iteration's r of the simulated on the real net points per 100
    possessions and each team's simulated points scored and allowed per 100 possessions relative to the
    league, ``sim``).

    ``converge`` = (r, extra): after ``terms.iterations``, go on an iteration at a time (the same gain 1 /
    iteration, the same seeds a longer fit would use) while the last iteration's r of the simulated on the
    real net points per 100 is below r, at most ``extra`` more (the convergence rule, docs/history.md,
    "The fit's convergence rule"; standings-free: the fit's own round robins against the real points).
    ``resume``: the record of an earlier fit of the same unfitted build, size and seed; its iterations are
    not played again (its terms are where the next iteration starts), so a resumed fit ends exactly where
    one uninterrupted fit would. ``play``: the round robins (default :func:`play_round_robins`)."""
    play = play or play_round_robins
    rounds, iterations = terms.rounds, terms.iterations
    if rounds < 1 or iterations < 1:
        raise TeamTermsError("--rounds and --iterations must be at least 1")
    try:
        real = real_ratings(folder, keys)
        card_season = season_games_of(folder, keys)
    except TeamTermsError:
        raise
    except (OSError, ValueError, KeyError) as exc:
        raise TeamTermsError(f"{folder}: {exc}") from None
    scale, s_fg, s_def = terms.scale, terms.s_off, terms.s_def
    r_o = statistics.fmean(real[k]["ortg"] for k in keys)
    r_d = statistics.fmean(real[k]["drtg"] for k in keys)
    target = {k: (scale * (real[k]["ortg"] - r_o), scale * (real[k]["drtg"] - r_d)) for k in keys}
    fg = {k: 0.0 for k in keys}
    de = {k: 0.0 for k in keys}
    room = terms.room
    record: dict = {"league": str(folder), "ruleset": terms.ruleset, "rounds": rounds, "iterations": iterations,
                    "seed": seed, "availability": availability, "season_games": card_season,
                    "team_terms": terms.constants, "steps": []}
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
        teams = terms.apply(fg, de)
        sim = play(teams, rounds, seed + 100_000 * it, f"team terms, iteration {it}/{iterations}",
                   availability, card_season, missed if it == 1 else None, progress, ruleset=terms.ruleset)
        s_o = statistics.fmean(sim[k]["ortg"] for k in keys)
        s_d = statistics.fmean(sim[k]["drtg"] for k in keys)
        rn = [real[k]["ortg"] - real[k]["drtg"] for k in keys]
        sn = [sim[k]["ortg"] - sim[k]["drtg"] for k in keys]
        r = statistics.correlation(rn, sn)
        err_o = {k: (sim[k]["ortg"] - s_o) - target[k][0] for k in keys}
        err_d = {k: (sim[k]["drtg"] - s_d) - target[k][1] for k in keys}
        rms = math.sqrt(statistics.fmean([err_o[k] ** 2 + err_d[k] ** 2 for k in keys]) / 2)
        say(f"iteration {it}: r(simulated, real net per 100) {r:.3f}, rms error against the targets {rms:.2f} "
            f"(terms played: {terms.show(fg, de)})")
        record["steps"].append({"iteration": it, "r_net": round(r, 4), "rms": round(rms, 3),
                                "fg": {k: round(v, terms.digits) for k, v in fg.items()},
                                "defense": {k: round(v, terms.digits) for k, v in de.items()},
                                "sim": {k: [round(sim[k]["ortg"] - s_o, 3), round(sim[k]["drtg"] - s_d, 3)] for k in keys}})
        gain = 1.0 / it
        for k in keys:
            fg[k], de[k] = step(fg[k], de[k], err_o[k], err_d[k], gain, s_fg, s_def, room[k])
    record["iterations"] = len(record["steps"])
    if missed:  # the players each team was without in the first iteration's games, a game
        out = {k: sum(n for name, n in m.items() if name) / m[""] for k, m in sorted(missed.items())}
        record["absent_a_game"] = {k: round(v, 3) for k, v in out.items()}
        say(f"fielded as a season replay fields them (real availability out of {card_season} games, injuries "
            f"carried): {statistics.fmean(out.values()):.2f} players out a game on average "
            f"({min(out.values()):.2f}..{max(out.values()):.2f} by team)")
    record["state"] = {"fg": dict(fg), "defense": dict(de)}  # where a resumed fit starts (full precision)
    record["fg"] = {k: round(v, terms.digits) for k, v in fg.items()}
    record["defense"] = {k: round(v, terms.digits) for k, v in de.items()}
    record["defense_room"] = {k: [round(a, 3), round(b, 3)] for k, (a, b) in room.items()}
    record["at_room"] = sorted(k for k in keys if de[k] <= room[k][0] + 1e-9 or de[k] >= room[k][1] - 1e-9)
    final = terms.apply(fg, de)
    if terms.report is not None:
        terms.report(record, final)
    record["seconds"] = round(time.perf_counter() - t0, 1)
    say(f"fitted in {record['seconds']} s: {terms.show(fg, de)}")
    if write:
        how = "with the season's real availability" if availability else "without availability"
        for k in keys:
            team = final[k]
            team["built"] = team.get("built", "") + (
                f"; team terms fitted to the season's points per 100 possessions ({terms.module}, "
                f"{rounds} round robins x {record['iterations']}, seed {seed}, "
                f"{'real availability' if availability else 'no availability'}): {terms.show(fg[k], de[k])}")
            (folder / f"{k}.json").write_text(json.dumps(team, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        league["notes"] = league.get("notes", "") + (
            f"; team terms fitted to the season's points per 100 possessions by {terms.module} "
            f"({rounds} round robins x {record['iterations']} iterations, seed {seed}, {how})")
        (folder / "league.json").write_text(json.dumps(league, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        say(f"wrote {len(keys)} team files in {folder}")
    return record


def read_league(folder: Path) -> tuple[dict, list[str], dict[str, dict]]:
    """A built league folder's ``league.json``, its team keys and their team files (a one-line error naming
    the file where one cannot be read)."""
    try:
        league = json.loads((folder / "league.json").read_text(encoding="utf-8"))
        keys = list(league["teams"])
        base = {k: json.loads((folder / f"{k}.json").read_text(encoding="utf-8")) for k in keys}
    except (OSError, ValueError, KeyError) as exc:
        raise TeamTermsError(f"{folder}: {exc}") from None
    return league, keys, base
