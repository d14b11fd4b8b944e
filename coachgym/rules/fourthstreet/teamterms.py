"""4th Street team terms fitted to a built league's own points per 100 possessions
(docs/rules/4th-street-basketball.md, section 14, "Season context", team terms).

Run by ``coachgym leagues build --season YYYY --ruleset fourthstreet --team-terms`` and by
``tools/fourthstreet_team_terms.py LEAGUE_DIR`` on a league folder already built. A series-layer module: the
fit's round robins and iterations are ``coachgym.series.teamterms`` (the season's real availability and
injuries carried, by-the-book coaches, every team's simulated points scored and allowed per 100 possessions
moved toward ``scale`` x the real ones relative to the league). What the two terms are on a 4th Street card:

* the **offense term**, points of field-goal percentage added to the percentages every built card's made
  cells are solved for (the builder's Level 1, 2 and 3 sections; the grades, read from the player's own
  shooting and scoring, do not move), so the team's shots go in more or less often;
* the **defense term**, grade points taken off the scores of every built card's three Defense grades before
  they are rounded stochastically to whole grades 0-3 (as Statis Pro's DEFENSE: a higher term, a weaker
  defence; the team files' lines show it as the grades' change, a better defence positive), on top of the
  season context's team defence; within ``defense_room`` grade points, beyond which most of a team's grades
  would sit at 0 or 3: a team asking for more gets the rest in its offense term, at the sensitivities' rate.

The cards are rebuilt from the league folder's own season files (``stats.csv``, ``team_stats.csv``) with the
terms, so a term of 0 gives the cards as built; a folder whose cards are not what the builder makes from them
(fitted already, or edited) is refused in one line. The constants (``team_terms`` in the builder's
``data/card_builder.json``: ``scale``, the two sensitivities, the size, the room) were chosen on the training
season (1979-80) only (the file's record). Only the team totals' points, possessions and games played are
read: never W, L or the records (4th Street's cards read no standings).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from ...core.statscsv import StatsCsvError, nba_teams, read_player_totals, read_team_stats
from ...series.teamterms import TeamTermsError, Terms, fit_terms, play_round_robins, read_league

RULESET = "fourthstreet"


def rebuilder(folder: Path, league: dict[str, Any], keys: list[str],
              base: dict[str, dict[str, Any]]) -> Callable[[dict[str, float], dict[str, float]], dict[str, dict[str, Any]]]:
    """A function of the two terms (team key -> term) giving every team's file rebuilt with them from the
    folder's ``stats.csv`` and ``team_stats.csv`` (terms of 0: the files as built)."""
    from .builder import league_teams

    try:
        rows = read_player_totals(folder / "stats.csv")
        totals = read_team_stats(folder / "team_stats.csv")
    except (OSError, StatsCsvError) as exc:
        raise TeamTermsError(f"{folder}: {exc}") from None
    full_to_abbr = {v["name"]: k for k, v in nba_teams().items()}
    by_abbr = {full_to_abbr.get(k, k): v for k, v in totals.items()}
    code = {k: base[k]["abbr"] for k in keys}
    season = str(league.get("season") or "")
    source = league.get("source", "")

    def apply(fg: dict[str, float], de: dict[str, float]) -> dict[str, dict[str, Any]]:
        built = league_teams(rows, by_abbr, season, source, str(folder / "stats.csv"), notes=[],
                             terms={code[k]: (fg[k], -de[k]) for k in keys})  # the grades' shift: a better defence +
        missing = [k for k in keys if code[k] not in built]
        if missing:
            raise TeamTermsError(f"{folder / 'stats.csv'}: no players for {', '.join(missing)}")
        out = {}
        for k in keys:
            team = built[code[k]]
            for field in ("built", "note"):  # the file's own lines (the build command's) stay
                if field in base[k]:
                    team[field] = base[k][field]
            out[k] = team
        return out

    return apply


def fit(folder: str | Path, rounds: int | None = None, iterations: int | None = None, seed: int = 0,
        availability: bool = True, write: bool = False, progress: bool = True, say: Callable[[str], Any] = print,
        converge: tuple[float, int] | None = None, resume: dict[str, Any] | None = None) -> dict[str, Any]:
    """Fit the league folder's team terms (``rounds`` round robins x ``iterations``; None: the documented
    size in ``data/card_builder.json``); ``write``: rewrite its team files with them (each ``built`` line names
    its two terms) and add the fit to ``league.json``'s notes. Returns the fit's record
    (:func:`coachgym.series.teamterms.fit_terms`)."""
    from .builder import calibration

    tt = calibration()["season_context"].get("team_terms")
    if not tt:
        raise TeamTermsError("data/card_builder.json has no season_context.team_terms")
    folder = Path(folder)
    league, keys, base = read_league(folder)
    if league.get("ruleset") not in (None, RULESET):
        raise TeamTermsError(f"{folder / 'league.json'}: a {league.get('ruleset')} league, not 4th Street's")
    lo, hi = tt["defense_room"]
    apply = rebuilder(folder, league, keys, base)
    zero = {k: 0.0 for k in keys}
    rebuilt = apply(zero, zero)
    changed = [k for k in keys if rebuilt[k]["players"] != base[k]["players"]]
    if changed:  # the fit starts from the cards as the builder makes them from the folder's season files
        raise TeamTermsError(f"{folder / (changed[0] + '.json')}: its cards are not the builder's from the folder's "
                             f"stats.csv (fitted already, or edited); build the league again and fit that")
    terms = Terms(
        ruleset=RULESET, module="coachgym.rules.fourthstreet.teamterms", offense="points of FG%", defense="Defense grades",
        scale=tt["scale"], s_off=tt["fg_sensitivity"], s_def=tt["defense_sensitivity"],
        rounds=int(tt["rounds"]) if rounds is None else rounds,
        iterations=int(tt["iterations"]) if iterations is None else iterations,
        apply=apply, room={k: (float(lo), float(hi)) for k in keys}, constants=tt,
        unit=lambda v: f"{100 * v:+.1f}", defense_unit=lambda v: f"{v:+.2f}", sign=-1, digits=4)
    return fit_terms(folder, league, keys, terms, seed=seed, availability=availability, write=write,
                     progress=progress, say=say, converge=converge, resume=resume,
                     play=lambda *a, **kw: play_round_robins(*a, **kw))
