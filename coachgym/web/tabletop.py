"""Pages for people playing a game on the table: the Statis Pro FAC Extractor (``/fac``, 2015
edition 3.1, 8.1-8.3) and a blank scoresheet to download (``/scoresheet``, every ruleset).

The FAC Extractor page draws through :class:`~coachgym.web.facdecks.FacDecks` (the session's
:class:`~coachgym.rules.statispro.extractor.FacExtractor` in the store); the scoresheet is
``coachgym.core.boxexport``'s, as ``coachgym scoresheet`` writes it. Changes are plain form posts
(htmx-boosted: the answer is the page at once, with ``HX-Replace-Url``; without JavaScript a
redirect), each carrying the deck's version so that a stale click changes nothing.

JSON (the same session cookie; errors as ``{"error", "status"}``):

    GET  /api/fac                 the deck: clock, piles, the last card with its sections, the history
    POST /api/fac/draw            {"version"}: the next FAC of the pile
    POST /api/fac/dead            {"version"}: a FAC of the Dead Ball Deck
    POST /api/fac/shuffle         {"version"}: deal the next period
    POST /api/fac/undo            {"version"}: back one change
    POST /api/fac/new             {"league", "period", "seed", "version"}: a new deck

Every change carries the deck's ``version`` (required: the version the page or GET /api/fac showed).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import RedirectResponse, Response
from pydantic import BaseModel, Field

from .. import rulesets
from ..core.errors import CoachgymError, ConfigError
from ..core.ruleset import team_slug
from . import forms
from .errors import WebError, from_coachgym
from .facdecks import (
    LEAGUE_NAMES,
    LEAGUES,
    MAX_PERIOD,
    TABLETOP_RULESET,
    FacDecks,
    StaleDeck,
    TableDeck,
    period_choices,
)
from .views import XLSX_TYPE, team_uploads, text_fields

router = APIRouter()
RECENT = 40  # history entries the page lists


def _decks(request: Request) -> FacDecks:
    return request.app.state.fac_decks


def _render(request: Request, template: str, context: dict, status: int = 200) -> Response:
    return request.app.state.render(request, template, context, status)


def _int(value: Any, field: str, lo: int | None = None, hi: int | None = None) -> int:
    try:
        n = int(str(value).strip())
    except (TypeError, ValueError):
        raise ConfigError(f"{field}: expected a whole number, got {value!r}") from None
    if (lo is not None and n < lo) or (hi is not None and n > hi):
        raise ConfigError(f"{field}: must be from {lo} to {hi}, got {n}")
    return n


def _version(value: Any) -> int:
    """The deck's version a change was made for: required, so that a change made without seeing the
    deck (a stale tab, another site's form) changes nothing."""
    if value in (None, ""):
        raise StaleDeck("version: this change does not say which state of the deck it was made on; reload the "
                        "FAC page and try again (nothing was changed)")
    return _int(value, "version", 0)


# ---------------------------------------------------------------------------------------- the FAC page
def fac_context(deck: TableDeck, notice: str = "") -> dict[str, Any]:
    view = deck.view(RECENT)
    return {"fac": view, "leagues": [(k, LEAGUE_NAMES[k]) for k in LEAGUES], "notice": notice or None,
            "periods": {k: period_choices(k) for k in LEAGUES}, "ruleset": TABLETOP_RULESET.name,
            "teams": _team_choices(TABLETOP_RULESET.name)}


def _status(exc: CoachgymError) -> int:
    # a stale click or a draw from a finished pile conflicts with the deck as it stands
    return 409 if isinstance(exc, StaleDeck) or "is over" in str(exc) else 422


FRESH_FAC_PER_MINUTE = 60  # /fac pages without the session cookie per client address (image-tag floods)


def _fresh_rate(request: Request) -> None:
    """A request without the session cookie (an image tag of another page, a script) may ask for a
    fresh deck :data:`FRESH_FAC_PER_MINUTE` times a minute per address; beyond, 429 at once."""
    if _has_session(request):
        return
    limit = getattr(request.app.state, "fresh_fac", None)
    if limit is None:
        from .security import RateLimit

        limit = request.app.state.fresh_fac = RateLimit(FRESH_FAC_PER_MINUTE)
    wait = limit.take(request.client.host if request.client else "")
    if wait:
        raise WebError(f"Too many FAC Extractor pages from your address without this app's session cookie; try again "
                       f"in {max(1, round(wait))} seconds (open /fac in a browser: it keeps its deck).", status=429,
                       title="Too many requests")


@router.get("/fac")
def fac_page(request: Request):
    _fresh_rate(request)
    deck, notice = _decks(request).get(request.state.session, store=_has_session(request))
    return _render(request, "fac.html.j2", fac_context(deck, notice))


def _has_session(request: Request) -> bool:
    """The request carried this app's session cookie: a deck is stored only for such a session (an
    image tag on another page, or a script without the cookie, stores nothing)."""
    return not getattr(request.state, "fresh", False)


NO_SESSION = ("This request did not carry this app's session cookie, so no deck is kept for it and nothing was "
              "changed. Open /fac in a browser (or send the cookie the first answer set) and try again.")


def _fac_change(request: Request, version: Any, fn: Callable[[TableDeck], Any]) -> Response:
    """Apply a change to the session's deck and answer with the page (htmx) or a redirect to it;
    a change that cannot be made shows the deck as it stands with why (nothing changed)."""
    decks, sid = _decks(request), request.state.session
    if not _has_session(request):
        raise WebError(NO_SESSION, status=403, title="No session")
    try:
        deck, _ = decks.change(sid, _version(version), fn)
    except CoachgymError as exc:
        deck, _ = decks.get(sid)
        raise WebError(str(exc), status=_status(exc), template="fac.html.j2", context=fac_context(deck)) from None
    return _fac_answer(request, deck)


def _fac_answer(request: Request, deck: TableDeck) -> Response:
    if request.headers.get("HX-Request"):
        response = _render(request, "fac.html.j2", fac_context(deck))
        response.headers["HX-Replace-Url"] = "/fac"
        return response
    return RedirectResponse("/fac", status_code=303)


async def _form(request: Request) -> dict[str, str]:
    return text_fields(await request.form(max_files=0, max_fields=20))


def new_deck(league: Any, period: Any, seed: Any) -> TableDeck:
    """A new deck from a form or JSON: the league, the period to deal, an optional seed."""
    league = str(league or "nba").strip().lower()
    if league not in LEAGUES:
        raise ConfigError(f"league: must be one of {', '.join(LEAGUE_NAMES[k] for k in LEAGUES)}, got {league!r}")
    period_n = _int(period or 1, "period", 1, MAX_PERIOD)
    seed_n = None if seed in (None, "") else _int(seed, "seed", 0, forms.MAX_SEED)
    return TableDeck.new(league, period_n, seed_n)


@router.post("/fac/new")
async def fac_new(request: Request):
    f = await _form(request)

    def make() -> Response:
        decks, sid = _decks(request), request.state.session
        if not _has_session(request):
            raise WebError(NO_SESSION, status=403, title="No session")
        try:
            league = f.get("league")  # the page has a period list per league: period_nba, period_ncaa ...
            period = f.get(f"period_{league}", f.get("period"))
            deck = decks.replace(sid, _version(f.get("version")), new_deck(league, period, f.get("seed")))
        except CoachgymError as exc:
            deck, _ = decks.get(sid)
            raise WebError(str(exc), status=_status(exc), template="fac.html.j2", context=fac_context(deck)) from None
        return _fac_answer(request, deck)

    return await run_in_threadpool(make)


ACTIONS: dict[str, Callable[[TableDeck], Any]] = {
    "draw": TableDeck.draw,  # the next FAC of the pile
    "dead": TableDeck.draw_dead,  # a FAC of the Dead Ball Deck
    "shuffle": TableDeck.shuffle,  # deal the next period
    "undo": TableDeck.go_back,  # back one change
}


def _action(name: str) -> Callable[[TableDeck], Any]:
    if name not in ACTIONS:
        raise WebError("There is no such page here.", status=404, title="Not found")
    return ACTIONS[name]


@router.post("/fac/{action}")
async def fac_action(request: Request, action: str):
    fn = _action(action)
    f = await _form(request)
    return await run_in_threadpool(_fac_change, request, f.get("version"), fn)


# ---------------------------------------------------------------------------------------- its JSON
class Version(BaseModel):
    version: int = Field(ge=0)  # the deck's version the change is made on (GET /api/fac): required


class NewDeck(Version):
    league: str = "nba"
    period: int = Field(default=1, ge=1, le=MAX_PERIOD)
    seed: int | None = Field(default=None, ge=0, le=forms.MAX_SEED)


def _api_change(request: Request, version: int | None, fn: Callable[[TableDeck], Any]) -> dict:
    if not _has_session(request):
        raise WebError(NO_SESSION, status=403, title="No session")
    try:
        deck, _ = _decks(request).change(request.state.session, version, fn)
    except CoachgymError as exc:
        raise WebError(str(exc), status=_status(exc)) from None
    return deck.view(RECENT)


@router.get("/api/fac")
def api_fac(request: Request) -> dict:
    _fresh_rate(request)
    deck, notice = _decks(request).get(request.state.session, store=_has_session(request))
    return {**deck.view(RECENT), "notice": notice}


@router.post("/api/fac/new")
def api_fac_new(request: Request, body: NewDeck | None = None) -> dict:
    if not _has_session(request):
        raise WebError(NO_SESSION, status=403, title="No session")
    try:
        if body is None:
            _version(None)
        deck = _decks(request).replace(request.state.session, body.version, new_deck(body.league, body.period, body.seed))
    except CoachgymError as exc:
        raise WebError(str(exc), status=_status(exc)) from None
    return deck.view(RECENT)


@router.post("/api/fac/{action}")
def api_fac_action(request: Request, action: str, body: Version | None = None) -> dict:
    """draw, dead, shuffle or undo (``ACTIONS``)."""
    fn = _action(action)
    if body is None:
        try:
            _version(None)
        except CoachgymError as exc:
            raise WebError(str(exc), status=_status(exc)) from None
    return _api_change(request, body.version, fn)


# ---------------------------------------------------------------------------------------- scoresheets
@lru_cache(maxsize=8)
def _team_choices(name: str) -> list[dict[str, str]]:
    """The bundled teams of a ruleset (key, name), read once (every FAC page lists them)."""
    rs = rulesets.get(name)
    return [{"key": key, "name": rs.load_team(key).name} for key in rs.team_names()]


def scoresheet_context(name: str | None, values: dict | None = None) -> dict[str, Any]:
    try:
        rs = forms.ruleset_or_default(name)
    except ConfigError as exc:
        raise WebError(str(exc), status=404, title="No such game") from None
    return {"rs": rs, "ruleset": rs.name, "entries": rulesets.entries(), "teams": _team_choices(rs.name),
            "defaults": {"home": rs.default_teams[0], "away": rs.default_teams[1]}, "values": values or {},
            "preview": sheet_preview(rs)}


def sheet_preview(rs: Any) -> dict[str, Any]:
    """The sheet's first team as the page sketches it: its columns (the computed ones marked) and lines."""
    from ..core.boxexport import DERIVED, blank_box, box_columns, percentage_columns

    box = blank_box(rs)
    columns = box_columns(box)
    team = box["teams"][0]
    lines = [(p["name"], True) for p in team["players"]] + ([("team", False)] if team["team"] else [])
    return {"team": team["name"], "columns": columns, "computed": sorted(DERIVED.get(rs.name, {})),
            "percentages": [name for _, _, name in percentage_columns(columns)], "lines": lines,
            "team_columns": list(team["team"]), "player_columns": list(box["columns"])}


def scoresheet_file(name: str | None, values: dict[str, str], uploads: dict[str, tuple[str, bytes]]) -> tuple[str, bytes]:
    """(file name, .xlsx bytes) of a blank scoresheet for the teams a form names (or uploads)."""
    from ..core.boxexport import blank_box, require_openpyxl, xlsx_bytes

    require_openpyxl()
    rs = forms.ruleset_or_default(name)
    teams, files = forms.parse_teams(rs, values, uploads)
    home, away = (rs.parse_team(teams[w], files[w]) if w in files else teams[w] for w in ("home", "away"))
    box = blank_box(rs, home, away)
    slug = "-".join(team_slug(t["name"]) for t in box["teams"])
    return f"scoresheet-{rs.name}-{slug}.xlsx", xlsx_bytes([(None, box)])


def _xlsx(name: str, data: bytes) -> Response:
    return Response(data, media_type=XLSX_TYPE, headers={"Content-Disposition": f'attachment; filename="{name}"'})


@router.get("/scoresheet")
def scoresheet_page(request: Request, ruleset: str | None = None):
    return _render(request, "scoresheet.html.j2", scoresheet_context(ruleset))


@router.get("/scoresheet.xlsx")
def scoresheet_download(request: Request, ruleset: str | None = None, home: str | None = None, away: str | None = None):
    values = {k: v for k, v in (("home", home), ("away", away)) if v}
    try:
        name, data = scoresheet_file(ruleset, values, {})
    except CoachgymError as exc:
        raise from_coachgym(exc, template="scoresheet.html.j2", context=scoresheet_context(ruleset, values)) from None
    return _xlsx(name, data)


@router.post("/scoresheet")
async def scoresheet_post(request: Request):
    form = await request.form(max_files=2, max_fields=20)
    values = text_fields(form)
    name = values.get("ruleset")
    try:
        uploads = await team_uploads(form)
        filename, data = await run_in_threadpool(scoresheet_file, name, values, uploads)
    except CoachgymError as exc:
        ctx = await run_in_threadpool(scoresheet_context, name, values)
        raise from_coachgym(exc, template="scoresheet.html.j2", context=ctx) from None
    return _xlsx(filename, data)
