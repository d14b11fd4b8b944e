"""The academy's scenarios as challenges in the browser (``/challenges``; docs/coach-seat.md,
docs/academy.md).

``GET /challenges`` lists the 24 scenarios by ruleset: what they are about, what ends them, how they
are scored and the shipped reference scores in words, with this browser's tries. ``POST
/challenges/{id}/start`` (the app's own pages only, as every change) draws a start position from the
scenario's shipped pool and the seed of its future on the server (``random.SystemRandom``; nothing of
the request picks them: no path, no seed) and starts a game of this browser from there
(``coachgym.academy.challenge``: a seat with a ``start``), against the chosen tier (the book by
default), under the quotas of every new game (``LiveGames.admit``/``add``). The person coaches it in
the normal game seat; at the scenario's end the game's page is the result: the person's result beside
the book's and the trained coach's play-outs of the same start position and seed (run once in the
server's bounded pool of heavy work, kept with the try) and the scenario's shipped references, with
"Try again with another draw".

JSON: ``GET /api/challenges``; ``POST /api/challenges/{id}`` ``{"opponent"}`` -> the try's game id (played
through ``/api/games/{id}``); ``GET /api/challenges/result/{id}`` once it is over.

Each try is a row of ``web_challenges`` (store migration 7), owned by a hash of the session as a
season is, so the list of tries follows the session's rules (a recovery key brings it along) and
outlives the try's game (finished games are the first evicted when a browser or the server is full).
"""

from __future__ import annotations

import json
import time
from functools import lru_cache
from importlib import resources
from typing import Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse
from pydantic import BaseModel, Field

from ..academy import challenge as C
from ..core.errors import CoachgymError
from ..envs import academy as A
from ..present.seat import Seat
from .errors import NotFound, WebError, from_coachgym
from .live import hashed_session as owner_of
from .security import Busy

router = APIRouter()
TRIES_SHOWN = 30  # the tries listed on the challenges page (newest first)
SHORT_LEVEL = 2  # challenges up to this level: the person makes every kind of decision (autoplay_of)
COMPARE_WITH = (("by-the-book", "the book"), ("trained", "the trained coach"))


def _render(request: Request, template: str, context: dict, status: int = 200):
    return request.app.state.render(request, template, context, status)


def _store(request: Request):
    return request.app.state.live.store


def _scenario(sid: str) -> A.Scenario:
    try:
        return A.scenario(sid)
    except CoachgymError:
        raise NotFound(f"There is no challenge {sid!r}; the list is on the Challenges page.",
                       title="No such challenge") from None


REFERENCES_FILE = "challenge-references.json"


@lru_cache(maxsize=1)
def measured() -> dict:
    """The references this app measured beside the academy's shipped ones ({scenario id: {name:
    summary}}; ``challenge-references.json``: the trained coach by the academy's protocol, with its
    command); empty where the file is missing."""
    f = resources.files(__package__).joinpath(REFERENCES_FILE)
    if not f.is_file():
        return {}
    return json.loads(f.read_text(encoding="utf-8")).get("scenarios", {})


def tries(request: Request, scenario: str | None = None, limit: int = TRIES_SHOWN) -> list[dict]:
    """This browser's tries (newest first), each with its scenario, result in words and whether its
    game is still on the server."""
    store = _store(request)
    where, args = "owner = ?", [owner_of(request.state.session)]
    if scenario:
        where, args = where + " AND scenario = ?", [*args, scenario]
    rows = store.query(f"SELECT * FROM web_challenges WHERE {where} ORDER BY created DESC LIMIT ?", (*args, limit))
    live = {r["id"] for r in store.query("SELECT id FROM live_games WHERE session = ?", (request.state.session,))}
    out = []
    for r in rows:
        try:
            sc = A.scenario(r["scenario"])
        except CoachgymError:  # a scenario since removed
            continue
        result = json.loads(r["result"]) if r["result"] else {}
        out.append({"gid": r["gid"], "scenario": sc.id, "title": sc.title, "ruleset": sc.ruleset,
                    "opponent": C.OPPONENTS.get(r["opponent"], r["opponent"]), "created": r["created"],
                    "over": r["finished"] is not None, "score": r["score"],
                    "words": C.result_words(sc, r["score"]) if r["score"] is not None else "in play",
                    "final": result.get("final", ""), "you": result.get("you", ""), "book": result.get("by-the-book", {}).get("words", ""),
                    "exists": r["gid"] in live})
    return out


@router.get("/challenges")
def challenges_page(request: Request):
    mine = tries(request, limit=1000)
    per: dict[str, dict] = {}
    for t in mine:
        p = per.setdefault(t["scenario"], {"tries": 0, "wins": 0, "best": None, "total": 0.0})
        if t["over"]:
            p["tries"] += 1
            p["wins"] += t["score"] == 1
            p["total"] += t["score"]
            p["best"] = t["score"] if p["best"] is None else max(p["best"], t["score"])
    for sid, p in per.items():
        sc = A.scenario(sid)
        if p["tries"] and sc.reward == "margin":
            p["words"] = f"{p['tries']} tr{'y' if p['tries'] == 1 else 'ies'}, best {C.result_words(sc, p['best'])}"
        elif p["tries"]:
            p["words"] = f"{p['wins']} won of {p['tries']}"
    return _render(request, "challenges.html.j2", {"groups": C.scenarios_by_ruleset(measured()), "tries": mine[:TRIES_SHOWN],
                                                   "per": per, "opponents": C.OPPONENTS})


@router.post("/challenges/{sid}/start")
def start(request: Request, sid: str, opponent: str = Form("by-the-book")):
    """A new try: a fresh draw of the start position and its future, made here."""
    return RedirectResponse(f"/games/{new_try(request, sid, opponent)}", status_code=303)


def new_try(request: Request, sid: str, opponent: str) -> str:
    """Start a try of challenge ``sid`` for the request's session (quotas, draw, seat, row); its game's id."""
    from .views import client_of, new_seat

    sc = _scenario(sid)
    if opponent not in C.OPPONENTS:
        raise WebError(f"opponent: one of {', '.join(C.OPPONENTS)} (got {opponent[:40]!r})", status=400,
                       title="Unknown opponent")
    live, session = request.app.state.live, request.state.session
    client = client_of(request)
    try:
        live.admit(session, client)  # (quotas first: no work for a refused request)
        position, seed = C.draw(sc.id)
        spec = C.start_spec(sc.id, position)
        side = A.pool(sc.id)[position].side
        seat = new_seat(request, dict(ruleset=sc.ruleset, side=side, opponent=opponent, seed=seed, start=spec,
                                      autoplay=autoplay_of(sc), routine=autoplay_of(sc) is None,
                                      resolve=request.app.state.coaches.resolve))
        seat.seed_hidden = True  # (the seed tells the future: secret until the try is over)
        gid = live.add(session, seat, client)
    except CoachgymError as exc:
        raise from_coachgym(exc) from None
    with _store(request).transaction() as cur:
        cur.execute("INSERT OR REPLACE INTO web_challenges (gid, owner, scenario, opponent, position, created) "
                    "VALUES (?, ?, ?, ?, ?, ?)", (gid, owner_of(session), sc.id, opponent, position, time.time()))
    return gid


def autoplay_of(sc: A.Scenario) -> list[str] | None:
    """The decisions the person makes in a challenge: every kind in the short ones (levels 1 and 2: the
    last minutes, foul trouble; the scenario is those decisions, as the protocol's agent makes them all;
    nor are routine menus answered "as before" there), the seat's usual choice in the longer ones (None;
    the Auto-play tab changes either)."""
    from ..present import kinds

    return [k.kind for k in kinds(sc.ruleset)] if sc.level <= SHORT_LEVEL else None


def banner(seat: Seat) -> dict | None:
    """The game page's line for a challenge in play (None: not a challenge)."""
    if seat.start is None or seat.start.get("kind") != C.KIND:
        return None
    try:
        sc, _ = C.checked(seat.start)
    except CoachgymError:
        return None
    return {"id": sc.id, "title": sc.title, "end": C.end_words(sc), "short": C.end_short(sc)}


def _start_of(seat: Seat) -> tuple[Any, int]:
    """The start position's game (its future drawn from the seat's seed) and the side's margin there."""
    game, side, _ = C.begin(seat.rs.name, seat.start, seat.seed)
    return game, C.margin_of(game, side)


def _final_line(sit) -> str:
    home, away = sit.teams
    line = f"{home.name} {home.score} – {away.score} {away.name}"
    return f"{line}, {sit.clock}" if sit.clock and not sit.over else line


def _compare(seat: Seat) -> dict:
    """The book's and the trained coach's play-outs of the seat's start position and seed against the
    seat's opponent (the pool's work: a short scenario takes milliseconds, a full game about a second)."""
    sc, _ = C.checked(seat.start)
    opponent = seat.resolve(seat.opponent)
    out = {}
    for coach, who in COMPARE_WITH:
        r = C.play_out(seat.start, seat.seed, coach, opponent)
        out[coach] = {**r, "who": who, "words": C.result_words(sc, r["score"])}
    return out


def over_context(seat: Seat, gid: str, request: Request | None) -> dict:
    """The result page of a finished challenge: the person's result, the same start played by the book
    and the trained coach, the scenario's shipped references, this browser's tries of it."""
    from .live import viewer

    sc, pos = C.checked(seat.start)
    you = viewer(seat)
    sit = seat.situation(you)
    start_game, start_margin = _start_of(seat)
    start_sit = seat.presenter.situation(start_game, seat.names_for(you))
    game = seat.view_game()
    mine = C.score(sc, start_margin, game, seat.side)
    margin = C.margin_of(game, seat.side) - start_margin
    final = _final_line(sit)
    row, compare, note = None, None, ""
    if request is not None:
        store = _store(request)
        rows = store.query("SELECT * FROM web_challenges WHERE gid = ?", (gid,))
        row = dict(rows[0]) if rows else None
        if row and row["result"]:
            kept = json.loads(row["result"])
            compare = {k: kept[k] for k, _ in COMPARE_WITH if k in kept} or None
        if compare is None:
            try:
                compare = request.app.state.pool.run(request.state.session, lambda: _compare(seat),
                                                     "the book's and the trained coach's play-out of this start")
            except Busy as exc:
                note = f"{exc.message} Reload this page to see them."
            except CoachgymError as exc:
                note = f"The play-outs could not be made: {exc}"
        if compare is not None or row is None or row["finished"] is None:
            kept = {"final": final, "you": next((t.name for t in sit.teams if t.side == seat.side), ""), **(compare or {})}
            with store.transaction() as cur:
                if row is None:  # a try opened from a saved file: this browser's from now on
                    cur.execute("INSERT OR IGNORE INTO web_challenges (gid, owner, scenario, opponent, position, created) "
                                "VALUES (?, ?, ?, ?, ?, ?)", (gid, owner_of(request.state.session), sc.id, seat.opponent,
                                                              int(seat.start["position"]), time.time()))
                cur.execute("UPDATE web_challenges SET finished = COALESCE(finished, ?), score = ?, seed = ?, "
                            "result = ? WHERE gid = ?", (time.time(), mine, seat.seed, json.dumps(kept), gid))
    refs_against_book = seat.opponent == "by-the-book"
    record = tries(request, sc.id, 1000) if request is not None else []
    done = [t for t in record if t["over"]]
    return {
        "gid": gid, "ruleset": seat.rs.name, "sit": sit, "you": you, "seed": seat.seed, "number": seat.number,
        "sc": C.describe(sc, measured()), "mine": mine, "mine_words": C.result_words(sc, mine), "margin": margin,
        "unit": C.unit(sc.ruleset, 2), "final": final, "start_line": _final_line(start_sit),
        "start_clock": start_sit.clock, "position": int(seat.start["position"]), "compare": compare, "compare_note": note,
        "opponent": seat.opponent, "opponent_words": C.OPPONENTS.get(seat.opponent, seat.opponent),
        "refs_against_book": refs_against_book, "reward": sc.reward,
        "record": {"tries": len(done), "wins": sum(1 for t in done if t["score"] == 1),
                   "best": max((t["score"] for t in done), default=None)},
        "own": sum(1 for _, who in seat.history if who == "p"),
    }


# ---------------------------------------------------------------------------------------- JSON
class NewTry(BaseModel):
    opponent: str = Field("by-the-book", max_length=40)


@router.get("/api/challenges")
def api_challenges(request: Request) -> dict:
    """The scenarios by ruleset with their references (in words and figures), and this session's tries."""
    return {"rulesets": [{"ruleset": r, "title": t, "scenarios": rows} for r, t, rows in C.scenarios_by_ruleset(measured())],
            "opponents": list(C.OPPONENTS), "tries": tries(request)}


@router.post("/api/challenges/{sid}", status_code=201)
def api_start(request: Request, sid: str, body: NewTry) -> dict:
    """A new try (the server draws the position and the seed): its game, played through ``/api/games/{id}``."""
    gid = new_try(request, sid, body.opponent)
    return {"id": gid, "scenario": sid, "game": f"/api/games/{gid}", "result": f"/api/challenges/result/{gid}"}


@router.get("/api/challenges/result/{gid}")
def api_result(request: Request, gid: str) -> dict:
    """A finished try: your score beside the book's and the trained coach's play-outs of the same start
    and seed, and the scenario's references (409 while it is in play)."""
    def result(seat: Seat) -> dict:
        if seat.start is None:
            raise WebError("That game is not a challenge.", status=404, title="Not a challenge")
        if not seat.over:
            raise WebError("The challenge is still in play; its result comes at its end.", status=409,
                           title="Still in play")
        ctx = over_context(seat, gid, request)
        return {"id": gid, "scenario": ctx["sc"]["id"], "opponent": ctx["opponent"], "score": ctx["mine"],
                "words": ctx["mine_words"], "margin_change": ctx["margin"], "final": ctx["final"],
                "start": ctx["start_line"], "position": ctx["position"], "seed": ctx["seed"],
                "decisions": ctx["own"], "same_start": ctx["compare"], "references": ctx["sc"]["references"]}

    return request.app.state.live.read(request.state.session, gid, result)
