"""Statis Pro Basketball's carry-over between the games of a season or tournament (14G: injuries for games, the NOTE's allowance, real availability): its registered
``carry_over`` part (``parts.py``), a :class:`coachgym.series.carryover.CarryOver`. A module of the
series layer in the ruleset's folder (tests/test_layers.py), as its vocabulary is of the strategy layer."""

from __future__ import annotations

import copy
import math
from functools import lru_cache
from typing import Any

from ...series.carryover import CARD_SEASON_GAMES, Context, InjuriesForGames, available


@lru_cache(maxsize=4096)
def _unavailable(real_games: int, season_games: int, card_season: int) -> int:
    """How many of a season's ``season_games`` games real availability keeps a player of ``real_games``
    out of (a pure count, asked for every player before every game: cached)."""
    return sum(not available(real_games, j, card_season) for j in range(season_games))


class StatisProCarryOver(InjuriesForGames):
    ruleset = "statispro"

    @staticmethod
    def allowance(card_games: int, season_games: int, card_season: int = CARD_SEASON_GAMES) -> int:
        """14G NOTE: games a player may miss through injury in a season of ``season_games``, so that
        he plays at least his card's share of them (82 - 45 = 37 for Larry Bird in an 82-game
        season; in shorter seasons his card's games scaled to the season, rounded up)."""
        if not card_games:
            return season_games
        must_play = math.ceil(card_games * season_games / card_season - 1e-9)
        return max(0, season_games - must_play)

    def advance(self, state: dict[str, Any], facts: dict[str, Any], ctx: Context) -> dict[str, Any]:
        new = super().advance(state, facts, ctx)
        if ctx.availability and ctx.kind == "season":  # the team's games so far (real availability)
            new["games"] = state.get("games", 0) + 1
        return new

    def game_team(self, data: dict[str, Any], state: dict[str, Any], ctx: Context) -> dict[str, Any]:
        out = sorted(n for n in state["out"])
        real = ctx.availability and ctx.kind == "season"
        away: list[str] = []
        if real:
            # real availability (docs/league-seasons.md): each man plays his card's games (for this
            # team) spread over the team's season; a game he is not available for he misses like a
            # player out with a prior injury (14G: EXPANDED ATTEMPTS, TEN-DAY CONTRACTS)
            k = state.get("games", 0)
            away = [p["name"] for p in data["players"] if not available(int(p.get("games") or 0), k, ctx.card_season)]
            names = [p["name"] for p in data["players"]]
            gone = set(out) | set(away)
            if len(names) - len(gone) < 5:
                # never fewer than five: the players closest to returning, then most games, play (as 4th Street)
                games = {p["name"]: int(p.get("games") or 0) for p in data["players"]}
                back = sorted(gone, key=lambda n: (state["out"].get(n, 0), -games[n], names.index(n)))
                back = back[:5 - (len(names) - len(gone))]
                away = [n for n in away if n not in back]
                out = [n for n in out if n not in back]
        left = None
        if ctx.kind == "season" and ctx.games_per_team:
            left = {}
            for p in data["players"]:
                name = p["name"]
                room = (self.allowance(p.get("games") or 0, ctx.games_per_team, ctx.card_season)
                        - state["missed"].get(name, 0))
                if real:  # the games real availability keeps him out count toward the 14G NOTE's allowance
                    room -= _unavailable(int(p.get("games") or 0), ctx.games_per_team, ctx.card_season)
                left[name] = max(0, room - state["out"].get(name, 0))
        out = sorted(set(out) | set(away))
        if not out and left is None:
            return data
        d = copy.deepcopy(data)
        if out:
            d["injured"] = out  # 14G: EXPANDED ATTEMPTS and TEN-DAY CONTRACTS are the engine's
        if left is not None:
            d["games_left_to_miss"] = left
        return d

    def facts(self, game: Any, side: int) -> dict[str, Any]:
        names = [p.name for p in game.teams[side].players]
        return {"injured_for": {names[i]: games for s, i, games in game.missed_games if s == side and games > 0}}
