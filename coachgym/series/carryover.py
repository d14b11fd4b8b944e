"""What passes from one game of a season or tournament to the next, per ruleset, as the rule texts say.

Each ruleset's :class:`CarryOver` (its ``carry_over`` part: a subclass in ``coachgym/rules/<x>/carryover.py``,
registered in its ``parts.py``; this module holds the base classes, the context and real
availability, and names no ruleset) keeps a small JSON *state* per team, and answers four questions:

* ``game_team(data, state, ctx)`` - the team file data a team plays this game with (the bundled or
  given team, plus what earlier games left: injured players, lost or new skills);
* ``game_options(options, fixture, ctx)`` - the rule options of this game (e.g. Value Add's home
  court for a season or NIT game, neutral for March Madness);
* ``facts(game, side)`` - computed in the worker from the finished engine: what this game passes on
  (injuries for games, skills lost or won), stored with the game;
* ``advance(state, facts, ctx)`` - the team's state after the game.

The state is never stored: it is folded again from the stored games in schedule order, so a season
that was stopped and resumed plays exactly the games an uninterrupted one would.

Rules (documented with their sections in docs/rules/<ruleset>.md, "Seasons and tournaments"):

* Statis Pro 14G: an injury for "this game plus a number of following games equal to the player's
  Injury rating"; the NOTE "if replaying an entire season, a player can always play at least as many
  games as listed on his card" (the Larry Bird EXAMPLE: once he has missed 82 - 45 = 37 games the
  worst he suffers is the balance of the current game), scaled to the season's length; EXPANDED
  ATTEMPTS and TEN-DAY CONTRACTS for players unavailable to start a game because of a prior injury
  (applied by the engine to the team file's ``injured`` list).
* 4th Street Injury Chart: "Player misses the rest of this game + N more games".
* FUBA A13 6-3 / 6-4 "Injured star player": the skill "cannot be chosen for the next match"; 6-5 /
  6-6 "New talent": the skill "can be used in the remaining matches"; A11 V.A.R. is a tournament-wide
  switch (the competition's options).
* Value Add "Home Court Advantage" (an ADVANCED RULE): on for season and NIT games, off (neutral court)
  for March Madness games, and off for every game of a competition created with ``home_court`` false.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

# Statis Pro cards list games played in an 82-game NBA season (the 1992-93 cards' "in N Games").
CARD_SEASON_GAMES = 82


def available(real_games: int, game_index: int, card_season: int = CARD_SEASON_GAMES) -> bool:
    """Real availability in a real league's season (docs/league-seasons.md, reconstruction): a player
    who played ``real_games`` of the team's ``card_season`` games plays that share of its games,
    spread evenly: he is available for the team's game ``k`` (0-based) when
    ``floor((k + 1) r + 1/2) > floor(k r + 1/2)`` with ``r = real_games / card_season`` (all when
    r >= 1): round(82 r) = his games over an 82-game season, the misses spread out, none bunched
    at the start. A traded player is on each of his teams with that team's games."""
    r = min(1.0, max(0, real_games) / card_season)
    return r >= 1.0 or math.floor((game_index + 1) * r + 0.5) > math.floor(game_index * r + 0.5)


@dataclass(frozen=True)
class Context:
    """What a carry-over rule may need to know about the competition."""

    kind: str  # "season" or "tournament"
    games_per_team: int | None  # a season's length per team (None: a knockout tournament)
    availability: bool = False  # a real league's season: players play their real share of games
    # the real season's games per team that the players' games are counted out of (82; the
    # 1998-99 lockout 50, 2011-12 66): a real share is games / card_season, whatever length is played
    card_season: int = CARD_SEASON_GAMES


class CarryOver:
    """No carry-over: every game starts from the team file as given."""

    ruleset = ""

    def initial_state(self, data: dict) -> dict:
        return {}

    def stateless(self, options: dict) -> bool:
        """True when no game's result changes a later game's teams (all rounds may run at once)."""
        return True

    def record_events(self, options: dict) -> bool:
        """Whether ``facts`` needs the game's event log."""
        return False

    def game_team(self, data: dict, state: dict, ctx: Context) -> dict:
        return data

    def game_options(self, options: dict, neutral: bool, ctx: Context, teams: list[dict]) -> dict:
        return dict(options)

    def facts(self, game: Any, side: int) -> dict:
        return {}

    def advance(self, state: dict, facts: dict, ctx: Context) -> dict:
        return state

    def describe(self, state: dict) -> list[str]:
        """Lines for a team page: who is out, what changed."""
        return []


class InjuriesForGames(CarryOver):
    """Players out for a number of following games (Statis Pro 14G, 4th Street's Injury Chart)."""

    def initial_state(self, data: dict) -> dict:
        return {"out": {}, "missed": {}}

    def stateless(self, options: dict) -> bool:
        return options.get("injuries", True) is False

    def advance(self, state: dict, facts: dict, ctx: Context) -> dict:
        out, missed = dict(state["out"]), dict(state["missed"])
        for name in list(out):  # they missed this game
            missed[name] = missed.get(name, 0) + 1
            out[name] -= 1
            if out[name] <= 0:
                del out[name]
        for name, games in facts.get("injured_for", {}).items():
            if games > 0:
                out[name] = games
        return {"out": out, "missed": missed}

    def describe(self, state: dict) -> list[str]:
        lines = [f"{name}: out {n} more game{'s' if n != 1 else ''} (injury)" for name, n in sorted(state["out"].items())]
        lines += [f"{name}: {n} game{'s' if n != 1 else ''} missed through injury" for name, n in sorted(state["missed"].items())]
        return lines


def for_ruleset(name: str) -> CarryOver:
    """The carry-over its registration names (the ``carry_over`` part), or none."""
    from .. import rulesets

    cls = rulesets.get(name).part("carry_over")
    return cls() if cls is not None else CarryOver()


def __getattr__(name: str) -> type:
    """The classes that lived here before each moved into its ruleset's folder (``from
    coachgym.series.carryover import <Title>CarryOver`` keeps working): found among the registered
    ``carry_over`` parts by class name."""
    if not name.endswith("CarryOver"):  # (the import system asks for __path__ and the like)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from .. import rulesets

    for rs in rulesets.all_rulesets():
        cls = rs.part("carry_over")
        if cls is not None and cls.__name__ == name:
            return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
