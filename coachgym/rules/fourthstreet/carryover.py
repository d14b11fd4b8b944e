"""4th Street Basketball's carry-over between the games of a season or tournament (the Injury Chart's games missed, real availability): its registered
``carry_over`` part (``parts.py``), a :class:`coachgym.series.carryover.CarryOver`. A module of the
series layer in the ruleset's folder (tests/test_layers.py), as its vocabulary is of the strategy layer."""

from __future__ import annotations

import copy
from typing import Any

from ...series.carryover import Context, InjuriesForGames, available


class FourthStreetCarryOver(InjuriesForGames):
    ruleset = "fourthstreet"

    def advance(self, state: dict[str, Any], facts: dict[str, Any], ctx: Context) -> dict[str, Any]:
        return {**super().advance(state, facts, ctx), "games": state.get("games", 0) + 1}

    available = staticmethod(available)  # real availability (the module's function)

    def game_team(self, data: dict[str, Any], state: dict[str, Any], ctx: Context) -> dict[str, Any]:
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

    def facts(self, game: Any, side: int) -> dict[str, Any]:
        names = [p.name for p in game.teams[side].players]
        return {"injured_for": {names[r["player"]]: r["games"] for r in game.injuries
                                if r["side"] == side and r["kind"] == "game" and r["games"] > 0}}
