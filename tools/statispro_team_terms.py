"""Fit a built Statis Pro league's team terms to its season's own points per 100 possessions
(docs/rules/statis-pro-basketball.md, "Season context", team terms from the season's points).

    python tools/statispro_team_terms.py LEAGUE_DIR [--rounds 4 --iterations 4] --seed 0 [--write]

LEAGUE_DIR is a league folder built by ``coachgym leagues build --season YYYY [--blind]`` (or ``cards
build --team-stats``) whose ``team_stats.csv`` has the possession columns (G, PTS, OPP_PTS, FGA, ORB,
TOV, FTA and the opponents' four). Only points, possessions and games played are read: never W, L or
the records. Without ``--rounds`` / ``--iterations`` the fit has its documented size (``team_terms.rounds``
and ``.iterations`` in the builder's ``data/card_builder.json``: 4 round robins x 4 iterations, chosen on the
training seasons, docs/history.md); ``coachgym leagues build --season YYYY --blind --team-terms`` runs the
same fit (that size, seed 0) as the build's last step.

The fit is ``coachgym.rules.statispro.teamterms`` (its docstring: the round robins, fielded with the season's
real availability and injuries as a replay fields them; the two terms; the constants). Prints each
iteration's r of the simulated on the real net points per 100 possessions and the terms;
``--no-availability`` plays the round robins without the season's carry-over (the fit of the earlier
rounds); ``--write`` rewrites the team files (their ``built`` line names the terms) and adds the fit to
``league.json``'s notes; ``--json F`` writes the record. A progress bar shows the games.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from coachgym.rules.statispro.teamterms import (  # noqa: F401
    TeamTermsError,
    apply_terms,
    dithered,
    fit,
    play_round_robins,
    real_ratings,
    season_games,
)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("league", type=Path)
    ap.add_argument("--rounds", type=int, default=None, help="round robins an iteration (default: the documented 4)")
    ap.add_argument("--iterations", type=int, default=None, help="iterations (default: the documented 4)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--write", action="store_true", help="rewrite the league's team files with the fitted terms")
    ap.add_argument("--json", type=Path, help="write the fit's record here")
    ap.add_argument("--no-availability", dest="availability", action="store_false",
                    help="play the round robins without the season's carry-over (every player every game, no "
                         "injuries carried): the fit of the earlier rounds")
    args = ap.parse_args(argv)
    try:
        record = fit(args.league, args.rounds, args.iterations, args.seed, args.availability, args.write)
    except TeamTermsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.json:
        args.json.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
