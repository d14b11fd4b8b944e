"""The JSON API (``/api/...``): the same games as the pages, for scripts and tests. Errors come back
as ``{"error": message, "status": code}`` (``errors.py``). Sessions are the same cookie as the pages'.

    GET    /api/rulesets                      the rulesets, their teams, coaches, options, auto-play kinds
    GET    /api/games                         this browser session's games
    POST   /api/games                         {"ruleset", "side", "opponent", "home", "away", "seed", "options", "autoplay"}
    GET    /api/games/{id}                    the game: number, over, situation, decision, new events
    POST   /api/games/{id}/choose             {"action": int, "number": int} or {"finish": "book", "number": int}
    POST   /api/games/{id}/continue           {"to": "dead_ball" | "period" | "half" | "end", "number": int}
    POST   /api/games/{id}/undo               {"number": int}: take back your last decision while no die was rolled
                                              or card drawn since (409 with why not; "can_undo" in the game says)
    POST   /api/games/{id}/autoplay           {"kinds": [...]}
    GET    /api/games/{id}/hint               the book's choice and the trained coach's top choices
    GET    /api/games/{id}/save               the saved game (the same file the page's Save button gives: sealed
                                              while the game hides something from the person, docs/security.md)
    POST   /api/games/resume                  a saved game as the body -> a new game id
    DELETE /api/games/{id}
"""

from __future__ import annotations

import dataclasses
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel

from .. import rulesets
from ..core.errors import ConfigError
from ..present import kinds as kinds_of
from ..present.seat import Seat
from . import forms
from .live import LiveGames, expect_number
from .views import (
    adopt_save,
    client_of,
    my_turn,
    new_seat,
    refuse_two_person_autoplay,
    require_my_turn,
    save_file,
    shown_seed,
    viewer,
)

router = APIRouter(prefix="/api")


class NewGame(BaseModel):
    ruleset: str | None = None  # None: the default ruleset (core/data/rulesets.json)
    side: str = "home"
    opponent: str = "trained"
    home: Any = None  # a bundled team's name or a team file's JSON data
    away: Any = None
    seed: Any = None  # checked by forms.check_seed, as the new-game form's
    options: dict[str, Any] | None = None
    autoplay: list[str] | None = None
    routine: bool = True


class Choose(BaseModel):
    action: int | None = None
    number: int
    finish: str | None = None  # instead of an action: a choice's finish ("book", "routine")


class Continue(BaseModel):
    to: str = "dead_ball"
    number: int | None = None


class Undo(BaseModel):
    number: int


class Autoplay(BaseModel):
    kinds: list[str]
    routine: bool | None = None


def _live(request: Request) -> LiveGames:
    return request.app.state.live


def game_state(seat: Seat, gid: str) -> dict[str, Any]:
    """The game as the session's person sees it (a two-person game: from that person's side, the
    other's pending decision left out; ``turn``: the side that decides now)."""
    you = viewer(seat)
    dv = seat.pending() if my_turn(seat) else None
    return {
        "id": gid, "ruleset": seat.rs.name, "seed": shown_seed(seat), "side": you, "number": seat.number,
        "over": seat.over, "autoplay": sorted(seat.autoplay), "routine": seat.routine,
        "situation": seat.situation(you).to_dict(), "two_person": seat.two, "turn": seat.turn,
        "decision": dv.to_dict() if dv else None, "new_events": [e.to_dict() for e in seat.new_events(you)],
        "can_undo": not seat.can_undo(),
    }


def _change(request: Request, gid: str, fn) -> dict[str, Any]:
    live, sid = _live(request), request.state.session
    live.change(sid, gid, fn)
    return live.read(sid, gid, lambda seat: game_state(seat, gid))


@router.get("/rulesets")
def list_rulesets() -> list[dict[str, Any]]:
    out = []
    for e in rulesets.entries():
        rs = rulesets.get(e.name)
        out.append({"name": e.name, "title": e.title, "teams": rs.team_names(), "default_teams": list(rs.default_teams),
                    "leagues": {lg: rs.league_team_names(lg) for lg in rs.league_names()},
                    "coaches": rs.coach_names(),
                    "options": [dataclasses.asdict(f) for f in forms.option_fields(rs)],
                    "autoplay_kinds": [dataclasses.asdict(k) for k in kinds_of(e.name)]})
    return out


@router.get("/games")
def list_games(request: Request) -> list[dict[str, Any]]:
    """This session's games, the most recently played first."""
    return [dataclasses.asdict(g) for g in _live(request).games(request.state.session)]


@router.post("/games", status_code=201)
def new_game(request: Request, body: NewGame) -> dict[str, Any]:
    rs = rulesets.get(body.ruleset) if body.ruleset else rulesets.default()
    coaches = request.app.state.coaches
    for which, team in (("home", body.home), ("away", body.away)):
        if isinstance(team, str):
            forms.check_team_name(rs, team, which)  # a bundled team or LEAGUE/TEAM, never a path on the server
    opponent = forms.check_opponent(rs, body.opponent, coaches)
    seed = forms.check_seed(body.seed)
    _live(request).admit(request.state.session, client_of(request))
    seat = new_seat(request, dict(ruleset=rs.name, side=body.side, opponent=opponent, home=body.home, away=body.away,
                                  seed=seed, options=body.options, autoplay=body.autoplay, routine=body.routine,
                                  resolve=coaches.resolve))
    seat.seed_hidden = seed is None
    gid = _live(request).add(request.state.session, seat, client_of(request))
    return _live(request).read(request.state.session, gid, lambda s: game_state(s, gid))


@router.post("/games/resume", status_code=201)
async def resume(request: Request) -> dict[str, Any]:
    from fastapi.concurrency import run_in_threadpool

    body = await request.body()

    def adopt():
        seat = adopt_save(request, body, "uploaded game")
        gid = _live(request).add(request.state.session, seat, client_of(request), seat.lineage)
        return game_state(seat, gid)

    return await run_in_threadpool(adopt)


@router.get("/games/{gid}")
def get_game(request: Request, gid: str) -> dict[str, Any]:
    return _live(request).read(request.state.session, gid, lambda seat: game_state(seat, gid))


@router.post("/games/{gid}/choose")
def choose(request: Request, gid: str, body: Choose) -> dict[str, Any]:
    def act(seat: Seat) -> None:
        if body.finish:
            seat.finish(body.finish, body.number)
        elif body.action is None:
            raise ConfigError("choose: give an action (or a finish of the decision)")
        else:
            seat.choose(body.action, body.number)

    return _change(request, gid, act)


@router.post("/games/{gid}/continue")
def continue_to(request: Request, gid: str, body: Continue) -> dict[str, Any]:
    def act(seat: Seat) -> None:
        expect_number(seat, body.number)
        seat.continue_to(body.to)

    return _change(request, gid, act)


@router.post("/games/{gid}/undo")
def undo(request: Request, gid: str, body: Undo) -> dict[str, Any]:
    return _change(request, gid, lambda seat: seat.undo(body.number))


@router.post("/games/{gid}/autoplay")
def set_autoplay(request: Request, gid: str, body: Autoplay) -> dict[str, Any]:
    def act(seat: Seat) -> None:
        refuse_two_person_autoplay(seat)
        seat.set_autoplay(body.kinds, routine=body.routine)

    return _change(request, gid, act)


@router.get("/games/{gid}/hint")
def hint(request: Request, gid: str) -> dict[str, Any]:
    return _live(request).read(request.state.session, gid, lambda seat: (require_my_turn(seat), seat.hint().to_dict())[1])


@router.get("/games/{gid}/save")
def save(request: Request, gid: str) -> Response:
    _, text = _live(request).read(request.state.session, gid, lambda seat: save_file(request, seat, gid))
    return Response(text, media_type="application/json")


@router.delete("/games/{gid}", status_code=204)
def delete(request: Request, gid: str) -> Response:
    _live(request).delete(request.state.session, gid)
    return Response(status_code=204)
