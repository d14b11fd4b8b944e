"""What passes from one game of a season or tournament to the next, per ruleset, as the rule texts say.

Each ruleset's :class:`CarryOver` keeps a small JSON *state* per team, and answers four questions:

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

import copy
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


class _InjuriesForGames(CarryOver):
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


class StatisProCarryOver(_InjuriesForGames):
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

    def advance(self, state: dict, facts: dict, ctx: Context) -> dict:
        new = super().advance(state, facts, ctx)
        if ctx.availability and ctx.kind == "season":  # the team's games so far (real availability)
            new["games"] = state.get("games", 0) + 1
        return new

    def game_team(self, data: dict, state: dict, ctx: Context) -> dict:
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
                    room -= sum(not available(int(p.get("games") or 0), j, ctx.card_season)
                                for j in range(ctx.games_per_team))
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

    def facts(self, game: Any, side: int) -> dict:
        names = [p.name for p in game.teams[side].players]
        return {"injured_for": {names[i]: games for s, i, games in game.missed_games if s == side and games > 0}}


class FourthStreetCarryOver(_InjuriesForGames):
    ruleset = "fourthstreet"

    def advance(self, state: dict, facts: dict, ctx: Context) -> dict:
        return {**super().advance(state, facts, ctx), "games": state.get("games", 0) + 1}

    available = staticmethod(available)  # real availability (the module's function)

    def game_team(self, data: dict, state: dict, ctx: Context) -> dict:
        out = sorted(state["out"])
        if ctx.availability and ctx.kind == "season":
            k = state.get("games", 0)
            away = [p["name"] for p in data["players"]
                    if not self.available(int((p.get("stats") or {}).get("g", ctx.card_season)), k, ctx.card_season)]
            out = sorted(set(out) | set(away))
        if not out:
            return data
        d = copy.deepcopy(data)
        names = [p["name"] for p in d["players"]]
        usable = [n for n in names if n not in out]
        if len(usable) < 5:
            # never fewer than five: the players closest to returning play (reconstruction, docs)
            back = sorted(out, key=lambda n: (state["out"].get(n, 0), names.index(n)))[:5 - len(usable)]
            out = [n for n in out if n not in back]
            usable = [n for n in names if n not in out]
        d["injured"] = out
        pos = {p["name"]: p.get("pos") for p in d["players"]}
        mpg = {p["name"]: (p.get("stats") or {}).get("min", 0) / max(1, (p.get("stats") or {}).get("g", 1))
               for p in d["players"]}
        lineup = list(d["lineup"])
        for k, name in enumerate(lineup):
            if name in out:  # the starter is out: the usable bench player of his position with most minutes
                bench = [n for n in usable if n not in lineup]
                same = [n for n in bench if pos[n] == pos[name]] or bench
                lineup[k] = max(same, key=lambda n: (mpg[n], -names.index(n)))
        d["lineup"] = lineup
        return d

    def facts(self, game: Any, side: int) -> dict:
        names = [p.name for p in game.teams[side].players]
        return {"injured_for": {names[r["player"]]: r["games"] for r in game.injuries
                                if r["side"] == side and r["kind"] == "game" and r["games"] > 0}}


class ValueAddCarryOver(CarryOver):
    ruleset = "valueadd"

    def game_options(self, options: dict, neutral: bool, ctx: Context, teams: list[dict]) -> dict:
        # "ADVANCED RULE - Home Court Advantage": a season or NIT game has one team at home; a March
        # Madness game is played as a neutral court game. An optional rule: a competition created
        # with home_court false plays every game on a neutral court
        return {**options, "home_court": bool(options.get("home_court", True)) and not neutral}


class FubaCarryOver(CarryOver):
    ruleset = "fuba"

    def initial_state(self, data: dict) -> dict:
        return {"skills": list(data.get("skills", [])), "reserve": list(data.get("reserve_skills", [])),
                "talent": [], "lost": []}

    def _uses_skill_events(self, options: dict) -> bool:
        return bool(options.get("skills") and options.get("special_events"))

    def stateless(self, options: dict) -> bool:
        return not self._uses_skill_events(options)

    def record_events(self, options: dict) -> bool:
        return self._uses_skill_events(options)

    def game_team(self, data: dict, state: dict, ctx: Context) -> dict:
        if not state["talent"] and not state["lost"]:
            return data
        lost = set(state["lost"])
        # New talent always plays (A13 6-5/6-6: "for use in the current match ... can be used in the
        # remaining matches"), on top of A12's half: half of the team's own skills (rounded up) for
        # the match in file order, the rest in reserve; a skill lost to an injured star (A13 6-3/6-4)
        # cannot be chosen for this match
        talent = [k for k in dict.fromkeys(state["talent"]) if k not in lost]
        own = [k for k in dict.fromkeys(state["skills"] + state["reserve"]) if k not in lost and k not in talent]
        n_match = (len(own) + 1) // 2
        d = copy.deepcopy(data)
        d["skills"], d["reserve_skills"] = talent + own[:n_match], own[n_match:]
        if talent:
            d["talent"] = talent
        return d

    def game_options(self, options: dict, neutral: bool, ctx: Context, teams: list[dict]) -> dict:
        """A12's agreed number of skill choices (``skill_limit``): new talent comes on top of it (A13
        6-5/6-6), so a game whose teams hold more choices than agreed raises it to what they hold."""
        limit = options.get("skill_limit")
        if limit is None:
            return dict(options)
        from ..rules.fuba.engine import skill_choices

        need = max(skill_choices(t.get("skills", [])) + skill_choices(t.get("reserve_skills", [])) for t in teams)
        return {**options, "skill_limit": max(limit, need)}

    def facts(self, game: Any, side: int) -> dict:
        lost = [e.data["skill"] for e in game.log if e.kind == "skill_lost" and e.side == side and "skill" in e.data]
        new = [e.data["skill"] for e in game.log if e.kind == "skill_new" and e.side == side and "skill" in e.data]
        return {"skills_lost": lost, "skills_new": new} if (lost or new) else {}

    def advance(self, state: dict, facts: dict, ctx: Context) -> dict:
        talent = list(state["talent"])
        for k in facts.get("skills_new", []):
            if k not in talent and k not in state["skills"] and k not in state["reserve"]:
                talent.append(k)
        return {"skills": state["skills"], "reserve": state["reserve"], "talent": talent,
                "lost": list(facts.get("skills_lost", []))}

    def describe(self, state: dict) -> list[str]:
        lines = [f"new talent (A13): {k.replace('_', ' ')}" for k in state["talent"]]
        lines += [f"injured star (A13): {k.replace('_', ' ')} out for the next match" for k in state["lost"]]
        return lines


def for_ruleset(name: str) -> CarryOver:
    """The carry-over its registration names (the ``carry_over`` part), or none."""
    from .. import rulesets

    cls = rulesets.get(name).part("carry_over")
    return cls() if cls is not None else CarryOver()
