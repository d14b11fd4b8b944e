"""Card builder: season statistics -> Statis Pro player cards and team cards (1993 Base-10 edition).

The 1993 rules print ten player cards (the Knicks' and Bulls' starters) and two team cards but no
way of making them; the formulas below were read off those ten cards against the players' real
1992-93 totals (docs/rules/statis-pro-basketball.md, "Card builder", has the side-by-side table):

* FIELD GOAL = 2-point percentage, THREE POINT = 3-point percentage (only for a player who made
  one), FREE THROW = free-throw percentage, ATTEMPTS = field-goal attempts a game, THREE POINT
  ATTEMPTS = 3-point attempts a game (at least 1 for a player who made one), games = G: exact;
* REBOUND = rebounds per 100 minutes, STEAL and BLOCK = per 100 minutes (BLOCK at most 9),
  ASSIST = assists per 60 minutes, FOUL DRAWING = free-throw attempts per 100 minutes truncated to
  a tenth: exact on the ten cards;
* FOUL RANGE: width = 72 x fouls a minute (fit, within one number), laid out from FOUL # 1 in the
  order of points a game (the order of both printed teams);
* DEFENSE RATE: a least-squares fit on steals and defensive rebounds per 100 minutes (the printed
  rates carry judgment the totals do not hold: within 4 of the printed value);
* Injury Rate from games missed, rest asterisks from minutes a game, positions from the listed
  position (reconstructed; the printed cards agree);
* the team's ``rotation_minutes``: each rostered man's minutes a game (MP / G), the by-the-book
  coach's rotation for a real team (reconstructed; a team field, so printed cards stay as printed).
* with the season context (team totals with the possession columns), usage ATTEMPTS: ATTEMPTS spread by
  the man's field-goal attempts a minute around the league's (reconstructed, calibrated on training
  seasons: docs/rules/statis-pro-basketball.md, "Season context"; the printed rule FGA / G otherwise).

Constants live in ``data/card_builder.json``. The output is always a Base-10 card: the builder
computes percentages directly, so the 17.1-17.4 conversion of Base-8 cards does not apply to it
(a Base-8 printed card is converted by :mod:`conversion` when a team file says ``"cards": "base-8"``).
The ten printed cards are never rebuilt into a league: :func:`build_league` copies them (and the
two printed team cards) verbatim when the season is 1992-93 (``printed`` in the constants).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any, Iterable

from ...core.statscsv import PlayerRow, StatsCsvError, TeamRow, clamp_rating, nba_teams, rows_by_team
from .teams import MAX_ROSTER, SCHEMA

_DATA = Path(__file__).parent / "data"
_CAL: dict | None = None
POSITION_ORDER = ("PG", "SG", "SF", "PF", "C")


def calibration() -> dict:
    global _CAL
    if _CAL is None:
        _CAL = json.loads((_DATA / "card_builder.json").read_text(encoding="utf-8"))
    return _CAL


def _round(x: float) -> int:
    """Round half up (the printed cards' rounding: Rivers' .4771 2-point percentage prints 48)."""
    return int(math.floor(x + 0.5))


def _group(pos: tuple[str, ...]) -> str:
    p = pos[0]
    return "G" if p in ("PG", "SG", "G") else "C" if p == "C" else "F"


def _pct(made: int, att: int) -> int:
    return _round(100 * made / att) if att else 0


def card_from_row(r: PlayerRow, season_games: int | None = None, cal: dict | None = None,
                  team_defense: float = 0.0, notes: list[str] | None = None, pace: float = 1.0,
                  usage: dict[str, float] | None = None) -> dict[str, Any]:
    """One player card (a team-file player object, without FOUL RANGE) from a totals row.

    ``season_games``: the games he played in the whole season (all teams), for the Injury Rate.
    ``team_defense``: his team's share of the DEFENSE RATE (points of rating; 17.6: the rates rest
    on team defense too), added before rounding. A rating outside the range the team-file loader
    accepts is clamped to it, with a line in ``notes`` naming the player and the field.
    ``pace``: the season context's league pace / his team's pace (1.0 without a context): his
    rebounds, defensive rebounds, steals, blocks, assists, free-throw attempts and fouls are read at
    his league's pace before the per-minute rules ("Season context": the engine plays every team at
    the deck's pace, so a fast team's per-minute counts would carry its extra possessions).
    ``usage``: the season context's usage ATTEMPTS (:func:`usage_context`; None: ATTEMPTS = FGA / G,
    the printed rule): ATTEMPTS is then spread by the shots a minute ("Season context", usage ATTEMPTS).
    """
    c = cal or calibration()
    g, mp = r.get("G"), max(1, r.get("MP"))
    grp = _group(r.pos)
    miss = c["missing"]
    fg3m, fg3a = r.stats.get("3P"), r.stats.get("3PA")
    fg2m = r.get("FG") - (fg3m or 0)
    fg2a = r.get("FGA") - (fg3a or 0)
    trb = (r.trb if r.trb is not None else 0) * pace
    drb_n = r.stats.get("DRB")
    # before 1973-74 no DRB: split the total by the position's offensive share
    drb = trb * (1 - miss["orb_share_of_trb"][grp]) if drb_n is None else drb_n * pace
    stl = r.stats.get("STL")
    stl_pm = stl * pace / mp if stl is not None else miss["stl_per_min"][grp]
    blk = r.stats.get("BLK")
    blk_pm = blk * pace / mp if blk is not None else miss["blk_per_min"][grp]
    d = c["defense"]
    defense = _round(d["intercept"] + d["per_steal100"] * 100 * stl_pm + d["per_dreb100"] * 100 * drb / mp
                     + team_defense)
    assist = _round(c["assist_per_minute"] * r.get("AST") * pace / mp)
    block = min(9, _round(c["block_per_minute"] * blk_pm))
    pos = {"PG": ("PG", "SG"), "SG": ("PG", "SG"), "G": ("PG", "SG"), "SF": ("SF", "PF"), "PF": ("SF", "PF"),
           "F": ("SF", "PF"), "GF": ("PG", "SG", "SF", "PF"), "FC": ("SF", "PF", "C"), "C": ("C",)}
    positions = {p for listed in r.pos for p in pos[listed]}
    if positions & {"SF", "PF"}:
        if block >= c["center_blocks100"]:
            positions.add("C")
        if assist >= c["guard_skills_assist"]:
            positions |= {"PG", "SG"}
    played = season_games if season_games is not None else g
    missed = max(0, c["season_games"] - played)
    mpg = mp / g if g else 0.0
    has3 = bool(fg3m)

    def rng(field: str, value, lo, hi, why: str = ""):
        return clamp_rating(notes, r.player, field, value, lo, hi, why)

    card = {
        "name": r.player,
        "positions": [p for p in POSITION_ORDER if p in positions],
        "field_goal": max(1, _pct(fg2m, fg2a)) if fg2a else max(1, _pct(r.get("FG"), r.get("FGA")) or 40),
        "attempts": (rng("attempts", usage_attempts(r, usage), 0, 40, "usage ATTEMPTS (shots a minute)") if usage
                     else rng("attempts", _round(r.get("FGA") / g), 0, 40, "field-goal attempts a game")) if g else 0,
        "three_point_attempts": rng("three_point_attempts", max(1, _round(fg3a / g)), 1, 40,
                                    "3-point attempts a game") if has3 else None,
        "three_point": max(1, _pct(fg3m, fg3a)) if has3 else None,
        "free_throw": max(1, _pct(r.get("FT"), r.get("FTA"))) if r.get("FTA") else 50,
        "rebound": rng("rebound", _round(c["rebound_per_minute"] * trb / mp), 0, 60, "rebounds per 100 minutes"),
        "foul_range": None,
        "foul_drawing": rng("foul_drawing", math.floor(10 * c["foul_drawing_per_minute"] * r.get("FTA") * pace / mp + 1e-9) / 10,
                            0.0, 40.0, "free-throw attempts per 100 minutes"),
        "block": min(9, block),  # the printed cards' BLOCK stops at 9 (per 100 minutes, a rule of the card)
        "assist": rng("assist", assist, 0, 30, "assists per 60 minutes"),
        "steal": rng("steal", _round(c["steal_per_minute"] * stl_pm), 0, 9, "steals per 100 minutes"),
        "defense": int(rng("defense", defense, d["min"], d["max"], "the DEFENSE fit")),
        "injury_rate": min(9, math.ceil(missed / c["injury_games_per_point"])),  # 9: the card's most
        "games": rng("games", g, 0, 82, "a card lists games of an 82-game season"),
        "rest": "**" if mpg >= c["rest_two_star_mpg"] else "*" if mpg >= c["rest_one_star_mpg"] else "",
    }
    return card


def usage_context(rows: Iterable[PlayerRow], cal: dict | None = None) -> dict[str, float] | None:
    """The season's usage ATTEMPTS context (docs/rules/statis-pro-basketball.md, "Season context", usage
    ATTEMPTS): the league's field-goal attempts a minute (``rate``) and its minutes-weighted mean of
    field-goal attempts a game (``level``, the printed rule's ATTEMPTS level, kept), over every team row
    of the season (not ``TOT``); with ``season_context.usage_attempts`` (``spread``, ``prior_minutes``)
    from the calibration file. None where the file sets no ``usage_attempts`` or nobody played."""
    ua = (cal or calibration())["season_context"].get("usage_attempts")
    if not ua:
        return None
    fga = mp = lvl = 0.0
    for r in rows:
        if r.team == "TOT" or not r.get("G") or r.get("MP") <= 0:
            continue
        fga += r.get("FGA")
        mp += r.get("MP")
        lvl += r.get("MP") * r.get("FGA") / r.get("G")
    if mp <= 0:
        return None
    return {"rate": fga / mp, "level": lvl / mp, "spread": float(ua["spread"]), "prior_minutes": float(ua["prior_minutes"])}


def usage_attempts(r: PlayerRow, u: dict[str, float]) -> int:
    """Usage ATTEMPTS: round(level + spread x 36 x (his shots a minute - the league's)), his shots a
    minute shrunk toward the league's by ``prior_minutes`` of league-rate play (a small sample's rate
    is mostly noise); clamped by the caller to 0..40 (the Pass #s' range)."""
    rate = (r.get("FGA") + u["rate"] * u["prior_minutes"]) / (max(0.0, r.get("MP")) + u["prior_minutes"])
    return _round(u["level"] + u["spread"] * 36 * (rate - u["rate"]))


def foul_width(r: PlayerRow, cal: dict | None = None, pace: float = 1.0) -> int:
    c = cal or calibration()
    return max(1, _round(c["foul_range_per_minute"] * r.get("PF") * pace / max(1, r.get("MP"))))


def lay_out_foul_ranges(widths: list[int], taken: Iterable[tuple[int, int]] = ()) -> list[tuple[int, int] | None]:
    """FOUL RANGES for players in order (points a game), avoiding ``taken`` ranges (printed cards).

    Each range is the first run of free numbers from 1 long enough; widths are scaled down when
    they do not fit in the free numbers (each at least 1 while numbers remain).
    """
    free = [True] * 101
    free[0] = False
    for lo, hi in taken:
        for n in range(lo, hi + 1):
            free[n] = False
    room = sum(free)
    total = sum(widths)
    if total > room:
        widths = [max(1, int(w * room / total)) for w in widths]
    out: list[tuple[int, int] | None] = []
    for w in widths:
        best = None
        n = 1
        while n <= 100:
            if free[n]:
                run = n
                while run <= 100 and free[run]:
                    run += 1
                if run - n >= w:
                    best = (n, n + w - 1)
                    break
                if best is None or (run - n) > (best[1] - best[0] + 1):
                    best = (n, run - 1)
                n = run
            else:
                n += 1
        if best is not None and best[1] - best[0] + 1 > w:
            best = (best[0], best[0] + w - 1)
        if best is not None:
            for k in range(best[0], best[1] + 1):
                free[k] = False
        out.append(best)
    return out


def _grade(rank: int, n: int, shares: list[float]) -> str:
    """Letter grade for a 0-based rank (0 = best) among ``n`` teams."""
    q = (rank + 0.5) / max(1, n)
    for letter, cut in zip("ABCD", shares):
        if q <= cut:
            return letter
    return "E"


def _index(pct: float, line: dict) -> int:
    return int(max(-12, min(12, _round(line["intercept"] + line["per_win_pct"] * pct))))


def _pick_lineup(cards: list[dict], rows: list[PlayerRow]) -> list[str]:
    """The five starters, PG SG SF PF C: most games started (then minutes) at each listed position."""
    order = sorted(range(len(rows)), key=lambda i: (-(rows[i].get("GS")), -rows[i].get("MP")))
    top = order[:5] if len(order) >= 5 else order
    chosen: dict[str, int] = {}
    for slot in POSITION_ORDER:
        for pool in (top, order):
            pick = next((i for i in pool if i not in chosen.values() and rows[i].pos[0] == slot), None)
            if pick is None:
                pick = next((i for i in pool if i not in chosen.values() and slot in cards[i]["positions"]), None)
            if pick is not None:
                chosen[slot] = pick
                break
        else:
            chosen[slot] = next(i for i in order if i not in chosen.values())
    return [cards[chosen[s]]["name"] for s in POSITION_ORDER]


def _printed_sets(season: str | None) -> dict[str, dict]:
    """{team abbreviation: {"team": printed team file, "names": {stats name: card name}}} for a season."""
    spec = calibration().get("printed", {}).get(season or "", {})
    out = {}
    for tm, info in spec.items():
        data = json.loads((_DATA / "teams" / info["file"]).read_text(encoding="utf-8"))
        out[tm] = {"team": data, "names": info.get("names", {}), "file": info["file"]}
    return out


def team_games(tm: str, team_stats: dict[str, TeamRow], season_games: int) -> int:
    t = team_stats.get(tm)
    if t is not None and t.games:
        return t.games
    if t is not None and t.wins is not None and t.losses is not None:
        return t.wins + t.losses
    return season_games


def season_context(team_stats: dict[str, TeamRow], teams: Iterable[str]) -> dict[str, dict[str, float]] | None:
    """The season's own context from its team totals (docs/rules/statis-pro-basketball.md, "Season
    context"): per team, possessions a game (``pace``), points scored and allowed per 100 possessions
    (``ortg``, ``drtg``), and the league's means of the three (``league``: unweighted over the teams).
    Possessions = FGA - ORB + TOV + 0.44 x FTA, the mean of the team's and its opponents' estimates.
    None unless every team of ``teams`` has G, PTS, OPP_PTS and the eight possession columns."""
    out: dict[str, dict[str, float]] = {}
    for tm in teams:
        t = team_stats.get(tm)
        poss = t.possessions() if t is not None else None
        if t is None or poss is None or not poss or not t.games or t.pts is None or t.opp_pts is None:
            return None
        out[tm] = {"pace": poss / t.games, "ortg": 100 * t.pts / poss, "drtg": 100 * t.opp_pts / poss}
    if not out:
        return None
    out["league"] = {k: sum(v[k] for v in out.values()) / len(out) for k in ("pace", "ortg", "drtg")}
    return out


def pace_scale(tm: str, ctx: dict[str, dict[str, float]] | None, cal: dict | None = None) -> float:
    """The factor a team's per-minute counts are read at: the league's pace / the team's, where the
    season context is given and ``season_context.per_minute_at_league_pace`` is on; else 1.0
    (docs/rules/statis-pro-basketball.md, "Season context")."""
    sc = (cal or calibration())["season_context"]
    if ctx is None or not sc.get("per_minute_at_league_pace"):
        return 1.0
    return ctx["league"]["pace"] / ctx[tm]["pace"]


def team_defense_term(tm: str, ctx: dict[str, dict[str, float]], cal: dict | None = None) -> float:
    """A team's share of its players' DEFENSE from the season context: ``per_drtg`` x (points allowed
    per 100 possessions - the league's) + ``per_pace`` x (possessions a game - the league's), the
    constants of ``season_context`` in the calibration file (fitted on its training seasons)."""
    sc = (cal or calibration())["season_context"]
    t, lg = ctx[tm], ctx["league"]
    return sc["per_drtg"] * (t["drtg"] - lg["drtg"]) + sc["per_pace"] * (t["pace"] - lg["pace"])


def build_league(rows: list[PlayerRow], team_stats: dict[str, TeamRow] | None = None, season: str | None = None,
                 source: str = "", path: str = "<stats>", notes: list[str] | None = None,
                 blind: bool = False, cal: dict | None = None) -> dict[str, dict]:
    """Team files for every team of the totals: {team abbreviation: team-file dict}; a rating clamped
    to its range adds a line to ``notes`` (team, player, field).

    ``blind`` (and whenever the team statistics carry no W and L): the cards use no standings. The
    Home / Road Index Points then come from the scoring margin (``OPP_PTS`` given) with the league's
    home edge instead of the home and road records, and opponents' points are never estimated from
    a record (docs/rules/statis-pro-basketball.md, "Team cards", the blind build); the printed team
    cards' Index Points are replaced the same way. ``cal``: other constants than the calibration
    file's (``tools/statispro_season_calibration.py`` tries them)."""
    c = cal or calibration()
    team_stats = team_stats or {}
    names = nba_teams()
    season_total: dict[tuple[str, str], int] = {}
    tot_rows = {(r.player, r.age): r for r in rows if r.team == "TOT"}
    for r in rows:
        if r.team != "TOT":
            key = (r.player, r.age)
            season_total[key] = season_total.get(key, 0) + r.get("G")
    for key, r in tot_rows.items():
        season_total[key] = r.get("G")
    by_team = rows_by_team(rows)
    printed = _printed_sets(season)
    tc = c["team"]
    # league context for the team cards
    ppg, oppg, pct, home, road = {}, {}, {}, {}, {}
    blind = blind or not any(t.wins is not None and t.losses is not None for t in team_stats.values())
    ctx = season_context(team_stats, by_team)  # the season's pace and ratings per possession, where given
    sc = c["season_context"]
    if ctx is not None and "defense_range" in sc:  # the season context's DEFENSE range (rules doc, "Season context")
        c = {**c, "defense": {**c["defense"], "min": sc["defense_range"][0], "max": sc["defense_range"][1]}}
    usage = usage_context(rows, c) if ctx is not None else None  # usage ATTEMPTS (rules doc, "Season context")
    for tm, members in by_team.items():
        t = team_stats.get(tm)
        # blind: the games from G only (W + L are standings); the season's length where G is absent
        games = (t.games if t is not None and t.games else c["season_games"]) if blind \
            else team_games(tm, team_stats, c["season_games"])
        pts = t.pts if t is not None and t.pts is not None else sum(r.get("PTS") or (2 * r.get("FG") + r.get("3P") + r.get("FT"))
                                                                     for r in members)
        ppg[tm] = pts / games
        if not blind and t is not None and t.wins is not None and t.losses is not None and t.wins + t.losses:
            pct[tm] = t.wins / (t.wins + t.losses)
        if t is not None and t.opp_pts is not None:
            oppg[tm] = t.opp_pts / games
        elif tm in pct:
            oppg[tm] = ppg[tm] - (t.wins - t.losses) / 2 / tc["wins_per_point_margin"] * 82 / max(1, games)
        if blind:
            # the blind build: the win share the scoring margin gives (about 2.7 wins per point of margin
            # over 82 games, as above), 0.5 where the opponents' points are unknown; the league's home edge
            if ctx is not None:  # the season context: net points per 100 possessions (pace-free)
                p = 0.5 + sc["wins_per_net_rating"] * (ctx[tm]["ortg"] - ctx[tm]["drtg"]) / 82
            else:
                p = 0.5 + tc["wins_per_point_margin"] * (ppg[tm] - oppg[tm]) / 82 if tm in oppg else 0.5
            p = min(1.0, max(0.0, p))
            home[tm], road[tm] = min(1.0, p + tc["home_edge"]), max(0.0, p - tc["home_edge"])
            continue
        p = pct.get(tm, 0.5)
        home[tm] = (t.home[0] / max(1, sum(t.home))) if t is not None and t.home else min(1.0, p + tc["home_edge"])
        road[tm] = (t.road[0] / max(1, sum(t.road))) if t is not None and t.road else max(0.0, p - tc["home_edge"])
    if ctx is not None:  # the season context: the Fast Break grades by points per 100 possessions
        off_rank = {tm: i for i, tm in enumerate(sorted(ppg, key=lambda k: -ctx[k]["ortg"]))}
        def_rank = {tm: i for i, tm in enumerate(sorted(ppg, key=lambda k: ctx[k]["drtg"]))}
    else:
        off_rank = {tm: i for i, tm in enumerate(sorted(ppg, key=lambda k: -ppg[k]))}
        def_rank = {tm: i for i, tm in enumerate(sorted(oppg, key=lambda k: oppg[k]))}
    league_oppg = sum(oppg.values()) / len(oppg) if oppg else 0.0
    out: dict[str, dict] = {}
    for tm in sorted(by_team):
        members = sorted(by_team[tm], key=lambda r: -r.get("MP"))[:MAX_ROSTER]
        if len(members) < 8:
            raise StatsCsvError(path, None, "Tm", f"team {tm} has {len(members)} players with minutes; "
                                                  "a Statis Pro roster needs at least 8")
        if ctx is not None:
            team_def = team_defense_term(tm, ctx, c)
        else:
            team_def = c["defense"]["per_opp_ppg"] * (oppg[tm] - league_oppg) if tm in oppg else 0.0
        team_notes: list[str] | None = [] if notes is not None else None
        f = pace_scale(tm, ctx, c)
        cards = [card_from_row(r, season_total.get((r.player, r.age)), c, team_def, team_notes, f, usage) for r in members]
        pr = printed.get(tm)
        taken: list[tuple[int, int]] = []
        if pr:
            by_name = {p["name"]: p for p in pr["team"]["players"] if p.get("printed")}
            for i, r in enumerate(members):
                card_name = pr["names"].get(r.player, r.player)
                if card_name in by_name:
                    cards[i] = {k: v for k, v in by_name[card_name].items()}
                    taken.append(tuple(cards[i]["foul_range"]))
        order = sorted((i for i in range(len(members)) if cards[i]["foul_range"] is None),
                       key=lambda i: -(members[i].get("PTS") or 0) / max(1, members[i].get("G")))
        ranges = lay_out_foul_ranges([foul_width(members[i], c, f) for i in order], taken)
        for i, rg in zip(order, ranges):
            cards[i]["foul_range"] = list(rg) if rg else None
        info = names.get(tm, {"name": tm, "stem": tm.lower()})
        n = len(ppg)
        team: dict[str, Any] = {"schema": SCHEMA, "name": info["name"], "season": season or ""}
        if pr:
            p = pr["team"]
            team.update({k: p[k] for k in ("coach", "offense", "defense", "home", "road") if k in p})
            if blind:  # the printed Index Points come from the real records: blind, from the margin
                team["home"] = {"index": _index(home[tm], tc["home_index"])}
                team["road"] = {"index": _index(road[tm], tc["road_index"])}
            lineup = list(p["lineup"])  # the printed cards' names (all five are on the roster)
        else:
            team["offense"] = _grade(off_rank[tm], n, tc["grade_shares"])
            team["defense"] = _grade(def_rank[tm], len(oppg), tc["grade_shares"]) if tm in def_rank else "C"
            t = None if blind else team_stats.get(tm)
            team["home"] = {**({"record": f"{t.home[0]}-{t.home[1]}"} if t is not None and t.home else {}),
                            "index": _index(home[tm], tc["home_index"])}
            team["road"] = {**({"record": f"{t.road[0]}-{t.road[1]}"} if t is not None and t.road else {}),
                            "index": _index(road[tm], tc["road_index"])}
            lineup = _pick_lineup(cards, members)
        team["fictional"] = False
        team["source"] = source
        built = "cards by coachgym.rules.statispro.builder (data/card_builder.json calibration " \
                + c["calibration"].split(":")[0] + ")"
        if pr:
            built += f"; the printed cards of {pr['file']} (the 1993 rules) copied unchanged"
        if ctx is not None:
            built += (f"; season context: pace {ctx[tm]['pace']:.1f} (league {ctx['league']['pace']:.1f}), points "
                      f"allowed per 100 possessions {ctx[tm]['drtg']:.1f} (league {ctx['league']['drtg']:.1f}), "
                      f"team share of DEFENSE {team_def:+.2f}"
                      + (f", per-minute counts read at the league's pace (x {f:.3f})" if f != 1.0 else "")
                      + (f", usage ATTEMPTS (league {36 * usage['rate']:.1f} shots per 36 minutes, level "
                         f"{usage['level']:.1f}, spread {usage['spread']:g})" if usage else ""))
        if blind and team_stats:
            built += ("; blind build: no standings, Index Points from the " + ("net points per 100 possessions"
                      if ctx is not None else "scoring margin") + " and the league's home edge")
        team["built"] = built
        team["lineup"] = lineup
        # the by-the-book coach's rotation (reconstruction): each man's real minutes a game
        team["rotation_minutes"] = {card["name"]: clamp_rating(team_notes, card["name"], "rotation_minutes",
                                                               round(r.get("MP") / r.get("G"), 1), 0.0, 48.0,
                                                               "minutes a game")
                                    if r.get("G") else 0.0 for card, r in zip(cards, members)}
        if notes is not None:
            notes.extend(f"{tm} {line}" for line in team_notes or [])
        team["players"] = cards
        out[tm] = team
    return out
