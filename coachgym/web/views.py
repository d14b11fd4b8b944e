"""The pages people see. Each view reads or changes a game through ``LiveGames`` and lays out what
the presentation layer (``coachgym.present``) says; nothing here knows a ruleset.

A change (a choice, "continue", auto-play settings) answers an htmx request with the new page at
once (and ``HX-Replace-Url``, so the address stays the game's); a plain form post gets a redirect to
the game page. A change that cannot be made re-renders the game as it stands with the message.
"""

from __future__ import annotations

import bisect
import importlib.util
import json
import time
from importlib import resources
from typing import Any, Callable

from fastapi import APIRouter, Form, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import RedirectResponse, Response

from .. import rulesets
from ..core.boxexport import csv_text, xlsx_bytes
from ..core.errors import CoachgymError, ConfigError, SavedGameError
from ..present import box_table
from ..present.presenter import marks
from ..present.seat import FRIEND, FRIEND_COACH, PERSON, NotYourTurnError, Seat
from . import board as board_drawing
from . import forms, thinking
from .challenge import banner as challenge_banner
from .errors import EngineFailure, WebError, from_coachgym
from .live import LiveGames, expect_number, is_costly, viewer
from .security import SEALED_FORMAT, Busy, read_save

router = APIRouter()

TEXTS = json.loads(resources.files(__package__).joinpath("texts.json").read_text(encoding="utf-8"))
# keyboard shortcuts of the first-step choices, in the order the panel shows them; h (hint),
# s (save), b (box score), c (continue), u (undo, as in the terminal) and ? (glossary) are the page's own
CHOICE_KEYS = "1234567890adefgijklmnopqrtvwxyz"
FEED_LENGTH = 40  # plays shown before the ones since the person's last decision
FEED_MAX = 120  # plays shown at most (after a long "continue": the rest are in the replay)
REPLAY_AROUND = 8  # plays listed before and after the replay's current one
ANALYSE_ROLLOUTS = 2000  # the budget is the time: at most this many rollouts in ``seconds``
ANALYSE_MAX_SECONDS = 30
SEARCH = importlib.util.find_spec("coachgym.search") is not None  # "Analyse" where coachgym.search is there
POLL_WAITING = 2  # seconds between a two-person page's polls while the other person decides
POLL_DECIDING = 10  # and while its own person decides (the other may take back their last answer)
MAX_SAVE_BYTES = 16 * 1024 * 1024
MAX_TEAM_BYTES = 1024 * 1024
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


# ---------------------------------------------------------------------------------------- helpers
def _live(request: Request) -> LiveGames:
    return request.app.state.live


def _session(request: Request) -> str:
    return request.state.session


def _render(request: Request, template: str, context: dict, status: int = 200) -> Response:
    return request.app.state.render(request, template, context, status)


def shortcut_keys(dv) -> dict[str, str]:
    """Choice key -> the keyboard key that picks it (first-step choices, in panel order)."""
    out: dict[str, str] = {}
    keys = iter(CHOICE_KEYS)
    for g in dv.groups:
        for c in g.choices:
            out[c.key] = next(keys, "")
    return out


def continue_marks(seat: Seat) -> list[dict[str, str]]:
    """The "let the book decide until ..." buttons: the presenter's marks this page offers
    (texts.json ``continue_marks``), then the end of the game."""
    have = marks(seat.presenter, seat.game)
    wanted = TEXTS["continue_marks"].get(seat.rs.name, ["dead_ball", "period", "half"])
    labels = TEXTS["continue"]
    return [{"key": k, "label": labels.get(k, "the next " + k.replace("_", " ")), "shortcut": "c" if k == "dead_ball" else ""}
            for k in [*wanted, "end"] if k == "end" or k in have]


def _terms(seat: Seat, *lists: list[str]) -> list[tuple[str, str]]:
    glossary = seat.presenter.glossary().terms
    seen: list[str] = []
    for terms in lists:
        for t in terms or ():
            if t not in seen and t in glossary:
                seen.append(t)
    return [(t, glossary[t]) for t in seen]


def shown_seed(seat: Seat) -> int | None:
    """The seed as pages, the API and downloads show it: a seed the server drew stays secret until
    the game is over (with it, anyone could replay the cards and dice to come; docs/security.md)."""
    return None if seat.seed_hidden and not seat.over else seat.seed


def sealed(seat: Seat) -> bool:
    """Whether the save of this game is sealed (a game in progress whose seed is secret)."""
    return seat.seed_hidden and not seat.over


def my_turn(seat: Seat) -> bool:
    """Whether the person reading decides now (always, but in a two-person game while the other decides)."""
    return not seat.over and (not seat.two or seat.turn == viewer(seat))


def require_my_turn(seat: Seat) -> None:
    """Hint and analysis read the pending decision: only its person may (the other side's stays theirs)."""
    if not my_turn(seat):
        raise NotYourTurnError("it is not your turn: your friend decides now; hints and analysis are for your own "
                               "decisions")


def refuse_two_person_autoplay(seat: Seat) -> None:
    """A two-person game's auto-play settings are the game's, set when it starts, for both sides."""
    if seat.two:
        raise ConfigError("auto-play: a game against a friend keeps the settings it started with, for both teams "
                          "(one person's change would answer the other's decisions)")


def pair_context(request: Request | None, seat: Seat) -> dict[str, Any] | None:
    """A two-person game's panel: whose turn, and for its creator the invite link (templates/_pair.html.j2)."""
    pair = getattr(seat, "pair", None)
    if not seat.two or pair is None:
        return None
    you = viewer(seat)
    link = f"{request.base_url}join/{pair.invite}" if pair.invite and request is not None else ""
    return {"creator": pair.creator, "joined": pair.joined, "link": link, "mine": my_turn(seat),
            "turn": seat.turn, "you": you, "poll": POLL_WAITING if not my_turn(seat) else POLL_DECIDING}


def game_context(seat: Seat, gid: str, hint: Any = None, request: Request | None = None) -> dict[str, Any]:
    """Everything the game page shows, to the person of the request's side (``viewer``)."""
    you = viewer(seat)
    sit = seat.situation(you)
    dv = seat.pending() if my_turn(seat) else None  # the other person's decision stays theirs
    events = seat.game.log.events
    new = seat.new_events(you)
    start = max(0, len(events) - len(new) - FEED_LENGTH, len(events) - FEED_MAX)
    return {
        "pair": pair_context(request, seat),
        "gid": gid, "ruleset": seat.rs.name, "sit": sit, "dv": dv, "you": you, "seed": shown_seed(seat),
        "number": seat.number, "keys": shortcut_keys(dv) if dv else {}, "choice_keys": CHOICE_KEYS,
        "marks": continue_marks(seat),
        "feed": events[start:], "new_seqs": {e.seq for e in new}, "new_count": len(new), "older": start,
        "box": box_table(seat.game.box_score()), "board": board_drawing.draw(sit.board) if sit.board else None,
        "kinds": seat.presenter.kinds(), "autoplay": seat.autoplay, "routine": seat.routine,
        "terms": _terms(seat, sit.terms, dv.terms if dv else []), "hint": hint, "analyse": SEARCH,
        "undo": not seat.can_undo(),  # the Undo button: only while the last answer can be taken back
        "challenge": challenge_banner(seat) if seat.start is not None else None,
    }


def over_context(seat: Seat, gid: str, request: Request | None = None) -> dict[str, Any]:
    you = viewer(seat)
    sit = seat.situation(you)
    h, a = seat.game.score
    mine, theirs = (h, a) if you == 0 else (a, h)
    number = seat.number
    chooser = FRIEND if seat.two and you != seat.side else PERSON
    own = sum(1 for _, who in seat.history if who == chooser)  # his own answers (not the book's after "continue")
    if seat.two:  # the decisions this person's team faced are his own
        number = own
    return {
        "pair": pair_context(request, seat),
        "gid": gid, "ruleset": seat.rs.name, "sit": sit, "you": you, "seed": seat.seed, "number": number,
        "you_won": None if mine == theirs else mine > theirs, "box": box_table(seat.game.box_score()),
        "own": own,
        "events": seat.game.log.events,
    }


def page_for(seat: Seat, gid: str, request: Request | None = None, **extra: Any) -> tuple[str, dict[str, Any]]:
    if seat.over:
        if seat.start is not None:  # a challenge of the academy: its result beside the book's (challenge.py)
            from .challenge import over_context as challenge_over

            return "challenge_over.html.j2", challenge_over(seat, gid, request)
        return "over.html.j2", over_context(seat, gid, request)
    return "game.html.j2", game_context(seat, gid, request=request, **extra)


def _show(request: Request, gid: str, notice: str = "") -> Response:
    if request.headers.get("HX-Request"):
        template, ctx = _live(request).read(_session(request), gid, lambda seat: page_for(seat, gid, request))
        response = _render(request, template, {**ctx, "notice": notice} if notice else ctx)
        response.headers["HX-Replace-Url"] = f"/games/{gid}"
        return response
    return RedirectResponse(f"/games/{gid}", status_code=303)


def _change(request: Request, gid: str, fn: Callable[[Seat], Any], notice: str = "") -> Response:
    """Apply a change to a game; a change that cannot be made shows the game as it stands with why."""
    live, sid = _live(request), _session(request)
    def as_it_stands() -> tuple[str, dict]:
        return live.read(sid, gid, lambda seat: page_for(seat, gid, request))

    try:
        live.change(sid, gid, fn)
    except CoachgymError as exc:
        template, ctx = as_it_stands()
        raise from_coachgym(exc, template=template, context=ctx) from None
    except EngineFailure as exc:
        try:
            exc.template, exc.context = as_it_stands()  # restored from the last saved state
        except WebError:
            pass  # it cannot be restored now either: the plain error page
        raise
    return _show(request, gid, notice)


def _int(value: Any, field: str) -> int:
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        raise ConfigError(f"{field}: expected a whole number, got {value!r}") from None


async def _read_upload(upload: Any, limit: int, what: str) -> tuple[str, bytes] | None:
    """(file name, bytes) of an uploaded file, None when no file was chosen."""
    if upload is None or isinstance(upload, str) or not getattr(upload, "filename", ""):
        return None
    data = await upload.read(limit + 1)
    if len(data) > limit:
        raise ConfigError(f"{upload.filename}: {what} is larger than {limit // 1024} KiB; that is not a coachgym file")
    return upload.filename, data


def text_fields(form: Any) -> dict[str, str]:
    """A posted form's text fields (its files left out)."""
    return {k: v for k, v in form.items() if isinstance(v, str)}


async def team_uploads(form: Any) -> dict[str, tuple[str, bytes]]:
    """The team files a form uploads (``home_file``, ``away_file``): side -> (file name, bytes)."""
    uploads = {}
    for which in ("home", "away"):
        got = await _read_upload(form.get(f"{which}_file"), MAX_TEAM_BYTES, "a team file")
        if got:
            uploads[which] = got
    return uploads


# ---------------------------------------------------------------------------------------- pages
@router.get("/")
def home(request: Request):
    live = _live(request)
    key = live.recovery_key(_session(request))
    return _render(request, "home.html.j2", {"games": live.games(_session(request)), "recovery": key,
                                             "recovery_url": f"{request.base_url}sessions/restore/{key}"})


def new_game_context(name: str | None, values: dict | None = None, coaches: Any = None) -> dict[str, Any]:
    try:
        rs = forms.ruleset_or_default(name)
    except ConfigError as exc:
        raise WebError(str(exc), status=404, title="No such game") from None
    from ..present import kinds

    teams = []
    for key in rs.team_names():
        team = rs.load_team(key)
        label = "fictional" if getattr(team, "fictional", False) else str(getattr(team, "season", "") or "real")
        teams.append({"key": key, "name": team.name, "label": label})
    leagues = []  # a league, then its team: one group of the team menus per real league
    for name in rs.league_names():
        lg = rs.league(name)
        rows = []
        for t in lg.teams:
            wl = lg.real_records.get(t)
            rows.append({"key": lg.team_key(t), "name": rs.load_team(lg.team_key(t)).name,
                         "label": f"real {wl[0]}-{wl[1]}" if wl else lg.season})
        leagues.append({"name": name, "title": lg.title, "teams": rows})
    return {
        "ruleset": rs.name, "rs": rs, "entries": rulesets.entries(), "blurbs": TEXTS["rulesets"], "teams": teams,
        "leagues": leagues,
        "defaults": {"home": rs.default_teams[0], "away": rs.default_teams[1]},
        "opponents": forms.opponents(rs), "coach_names": rs.coach_names(),
        "coach_params": rs.coach_parameters("by-the-book") if "by-the-book" in rs.coach_names() else [], "option_fields": forms.option_fields(rs), "kinds": kinds(rs.name),
        "values": values or {},
        "offered": {"strategies": coaches.strategies() if coaches else [], "models": coaches.models() if coaches else []},
    }


@router.get("/new")
def new_form(request: Request, ruleset: str | None = None):
    return _render(request, "new.html.j2", new_game_context(ruleset, coaches=request.app.state.coaches))


@router.post("/new")
async def create_game(request: Request):
    form = await request.form(max_files=4, max_fields=500)
    values = text_fields(form)
    name = values.get("ruleset")
    coaches = request.app.state.coaches
    try:
        uploads = await team_uploads(form)

        def start():
            rs = forms.ruleset_or_default(name)
            from ..present import kinds

            setup = forms.parse_setup(rs, values, uploads, [k.kind for k in kinds(rs.name)], coaches)
            _live(request).admit(_session(request), client_of(request))
            seat = new_seat(request, dict(ruleset=rs.name, side=setup.side, opponent=setup.opponent, home=setup.home,
                                          away=setup.away, seed=setup.seed, options=setup.options or None,
                                          autoplay=setup.autoplay, routine=setup.routine, resolve=coaches.resolve))
            seat.seed_hidden = setup.seed is None
            return _live(request).add(_session(request), seat, client_of(request))

        gid = await run_in_threadpool(start)
    except (CoachgymError, WebError) as exc:
        ctx = await run_in_threadpool(new_game_context, name, values, coaches)
        if isinstance(exc, WebError):
            exc.template, exc.context = "new.html.j2", ctx
            raise
        raise from_coachgym(exc, template="new.html.j2", context=ctx) from None
    return RedirectResponse(f"/games/{gid}", status_code=303)


def new_seat(request: Request, kw: dict) -> Seat:
    """``Seat.new(**kw)`` with the request's deadline (play to the person's first decision stops at
    the person's next decision after ``--request-seconds``), in the server's pool of heavy work when
    its opponent searches."""
    live = _live(request)
    kw = {**kw, "deadline": time.monotonic() + request.app.state.limits.request_seconds}
    if is_costly(kw.get("opponent")):
        return live.heavy(_session(request), lambda: Seat.new(**kw), "this new game")
    return Seat.new(**kw)


def client_of(request: Request) -> str:
    """The address a request came from (the quotas' key)."""
    return request.client.host if request.client else ""


def adopt_save(request: Request, data: bytes, where: str, admit: bool = True) -> Seat:
    """A seat from an uploaded save (a sealed one opened with this server's key), its coaches
    checked as the new-game form checks them: a save names its coaches, and a file can say anything.
    The session's and the address's quotas (``LiveGames.admit``) are checked before the replay."""
    from ..core.errors import SavedGameError

    app = request.app.state
    lineage: list = []
    parsed, was_sealed = read_save(data, where, app.sealer, app.limits.max_depth, lineage)
    if lineage:  # a sealed save of a game in progress: opens once, after its game left (LiveGames.check_sealed)
        if not admit:
            raise WebError("A game in progress cannot be watched from its save; open it to coach it (once its game "
                           "has left this server).", status=409, title="A game in progress")
        _live(request).check_sealed(lineage[0], _session(request))
    if isinstance(parsed, dict) and parsed.get("format") != SEALED_FORMAT and isinstance(parsed.get("ruleset"), str):
        try:
            rs = rulesets.get(parsed["ruleset"])
        except ConfigError as exc:
            raise SavedGameError(f"{where}: {exc}") from None
        for field in ("opponent", "book"):
            if field in parsed and not (field == "opponent" and parsed[field] == FRIEND_COACH):  # (a two-person game)
                try:
                    app.coaches.check(rs, parsed[field], field)
                except CoachgymError as exc:
                    raise SavedGameError(f"{where}: {exc}") from None
    if admit:  # a game to coach (a replay to watch is not one of the session's games)
        _live(request).admit(_session(request), client_of(request))
    # checked by playing it again: in the server's pool of heavy work, within --request-seconds
    seat = _live(request).heavy(_session(request), lambda: Seat.from_dict(
        parsed, where, resolve=app.coaches.resolve, trusted=was_sealed,  # (sealed here)
        deadline=time.monotonic() + app.limits.request_seconds), "opening this game")
    seat.seed_hidden = was_sealed
    seat.lineage = lineage[0] if lineage else None  # (used up by LiveGames.add)
    return seat


@router.get("/open")
def open_form(request: Request):
    return _render(request, "open.html.j2", {})


@router.post("/open")
async def open_saved(request: Request):
    form = await request.form(max_files=1, max_fields=10)
    then = form.get("then", "resume")
    try:
        got = await _read_upload(form.get("saved"), MAX_SAVE_BYTES, "a saved game")
        if got is None:
            raise SavedGameError("choose a saved game file to open")
        filename, data = got

        def adopt():
            watch = then == "replay"  # to watch, not to coach: not a game of the list (LiveGames.watch)
            seat = adopt_save(request, data, filename, admit=not watch)
            if watch:
                return _live(request).watch(_session(request), seat)
            return _live(request).add(_session(request), seat, client_of(request), seat.lineage)

        gid = await run_in_threadpool(adopt)
    except CoachgymError as exc:
        raise from_coachgym(exc, template="open.html.j2", context={}) from None
    except WebError as exc:
        exc.template, exc.context = "open.html.j2", {}
        raise
    return RedirectResponse(f"/games/{gid}/replay" if then == "replay" else f"/games/{gid}", status_code=303)


@router.get("/games/{gid}")
def game_page(request: Request, gid: str):
    template, ctx = _live(request).read(_session(request), gid, lambda seat: page_for(seat, gid, request))
    return _render(request, template, ctx)


@router.post("/games/{gid}/choose")
def choose(request: Request, gid: str, action: str = Form(""), number: str = Form(""), finish: str = Form("")):
    def act(seat: Seat) -> None:
        if finish:  # a choice that finishes a multi-step decision in one go (a FUBA setup)
            seat.finish(finish, _int(number, "number"))
        else:
            seat.choose(_int(action, "action"), _int(number, "number"))

    return _change(request, gid, act)


@router.post("/games/{gid}/continue")
def continue_to(request: Request, gid: str, to: str = Form(""), number: str = Form("")):
    def act(seat: Seat) -> None:
        expect_number(seat, _int(number, "number") if number else None)
        seat.continue_to(to)

    return _change(request, gid, act)


@router.post("/games/{gid}/undo")
def undo(request: Request, gid: str, number: str = Form("")):
    """Take back the person's last decision (``Seat.undo``): while no die was rolled or card drawn
    since; else the game as it stands with why not. The form carries the pending decision's number,
    so an old page's Undo is refused as stale."""
    return _change(request, gid, lambda seat: seat.undo(_int(number, "number")),
                   notice="Your last decision was taken back: decide again.")


@router.post("/games/{gid}/autoplay")
async def autoplay(request: Request, gid: str):
    form = await request.form(max_files=0, max_fields=200)
    kinds = [k[len("kind_"):] for k, v in form.items() if k.startswith("kind_") and v in ("on", "true", "1")]
    routine = form.get("routine") in ("on", "true", "1")

    def act(seat: Seat) -> None:
        forms.require_some_kinds(kinds)  # (the JSON API takes none: a script means it)
        refuse_two_person_autoplay(seat)
        seat.set_autoplay(kinds, routine=routine)

    return await run_in_threadpool(_change, request, gid, act)


@router.get("/games/{gid}/choose")
@router.get("/games/{gid}/continue")
@router.get("/games/{gid}/undo")
@router.get("/games/{gid}/autoplay")
def change_address(gid: str):
    """A change's address opened (a reload, a bookmark, an old history entry): the game's page,
    never a "405 not allowed"."""
    return RedirectResponse(f"/games/{gid}", status_code=303)


@router.get("/games/{gid}/hint")
def hint(request: Request, gid: str):
    live, sid = _live(request), _session(request)
    try:
        h = live.read(sid, gid, lambda seat: (require_my_turn(seat), seat.hint())[1])
    except CoachgymError as exc:
        raise from_coachgym(exc, template="hint.html.j2", context={}) from None
    if request.headers.get("HX-Request"):
        return _render(request, "hint.html.j2", {"h": h})
    template, ctx = live.read(sid, gid, lambda seat: page_for(seat, gid, request, hint=h))
    return _render(request, template, ctx)


def analysis_input(seat: Seat) -> tuple[Any, str, Callable[[int], str]]:
    """What an analysis needs, taken under the game's lock: a copy of the game, the opponent's coach
    spec (it plays the other side in the rollouts) and the panel's labels of the options."""
    require_my_turn(seat)
    view = seat.pending()
    other = seat.book_name if seat.two else seat.opponent  # a two-person game: the book plays the friend's side
    return seat.view_game().clone(), seat.resolve(other), lambda action: seat.action_label(action, view)


def analyse_game(game: Any, opponent: str, labels: Callable[[int], str], seconds: float) -> Any:
    """``coachgym.search.analyze`` on a copy of the game, or None where it is not installed."""
    try:
        from ..search import analyze
    except ImportError:
        return None
    return analyze(game, opponent=opponent, rollouts=ANALYSE_ROLLOUTS, seconds=seconds, labels=labels)


@router.get("/games/{gid}/analyse")
def analyse(request: Request, gid: str, seconds: str = "5"):
    """Every sensible option of the pending decision played out from resampled futures
    (``coachgym analyze``): a few seconds of CPU in the thread pool, on a copy of the game."""
    live, sid = _live(request), _session(request)
    budget = min(max(float(_int(seconds, "seconds")), 1.0), ANALYSE_MAX_SECONDS, request.app.state.limits.analyse_seconds)
    try:
        number, (game, opponent, labels) = live.read(sid, gid, lambda seat: (seat.number, analysis_input(seat)))
        result = request.app.state.analyses.run(sid, lambda: analyse_game(game, opponent, labels, budget),
                                                "this analysis", "analyses", queue_own=False)
    except CoachgymError as exc:
        raise from_coachgym(exc, template="hint.html.j2", context={}) from None
    except Busy as exc:  # analyses are bounded (security.WorkPool): the message where the analysis would be
        if request.headers.get("HX-Request"):
            exc.template, exc.context = "hint.html.j2", {}
        else:
            exc.template, exc.context = live.read(sid, gid, lambda seat: page_for(seat, gid, request))
        raise
    thinking.remember(request, gid, number, result)  # "keep thinking" goes on with it (thinking.py)
    if request.headers.get("HX-Request"):
        return _render(request, "hint.html.j2", {"analysis": result, "gid": gid, "number": number})
    template, ctx = live.read(sid, gid, lambda seat: page_for(seat, gid, request))
    return _render(request, template, {**ctx, "analysis": result})


@router.get("/games/{gid}/save")
def save(request: Request, gid: str):
    name, text = _live(request).read(_session(request), gid, lambda seat: save_file(request, seat, gid))
    return Response(text, media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


def save_file(request: Request, seat: Seat, gid: str | None = None) -> tuple[str, str]:
    """(file name, text) of the Save button: the game as it is, or sealed while it hides something
    from the person (``sealed``; docs/security.md)."""
    if sealed(seat):
        if request.app.state.sealer is None:
            raise WebError("Saving a game in progress needs the cryptography package (pip install 'coachgym[web]'); "
                           "a finished game saves without it.", status=501, title="Cannot save now")
        sit = seat.situation()
        home, away = sit.teams
        text = request.app.state.sealer.seal(seat.to_json(), {
            "ruleset": seat.rs.name, "title": sit.title, "summary": f"{home.name} {home.score} - {away.score} {away.name}",
            "number": seat.number}, _live(request).lineage(gid, seat) if gid else None)
        return f"coachgym-{seat.rs.name}-decision{seat.number}-sealed.json", text
    return f"coachgym-{seat.rs.name}-seed{seat.seed}-decision{seat.number}.json", seat.to_json()


def box_export(seat: Seat) -> tuple[str, list[tuple[dict, dict]]]:
    """(file name without its extension, [(game columns, box)]) of the game's box score so far: the
    seed and score in leading columns (``coachgym.core.boxexport``, as ``coachgym boxscore`` writes it)."""
    game = seat.game
    box = game.box_score().to_dict()
    h, a = game.score
    seed = shown_seed(seat)
    info = {"seed": "" if seed is None else seed, "home": box["teams"][0]["name"], "away": box["teams"][1]["name"],
            "home_score": h, "away_score": a}
    when = "final" if seat.over else f"decision{seat.number}"
    return f"coachgym-{seat.rs.name}{'' if seed is None else f'-seed{seed}'}-box-{when}", [(info, box)]


def box_csv(seat: Seat) -> tuple[str, str]:
    """(file name, CSV): one row per player, each team's team row and TOTAL row with its shooting
    percentages, both teams."""
    stem, boxes = box_export(seat)
    return f"{stem}.csv", csv_text(boxes)


def box_xlsx(seat: Seat) -> tuple[str, bytes]:
    """(file name, .xlsx): the scoresheet page of the game, totals and percentages as formulas."""
    stem, boxes = box_export(seat)
    return f"{stem}.xlsx", xlsx_bytes(boxes)


@router.get("/games/{gid}/boxscore.csv")
def boxscore_csv(request: Request, gid: str):
    name, text = _live(request).read(_session(request), gid, box_csv)
    return Response(text, media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


@router.get("/games/{gid}/boxscore.xlsx")
def boxscore_xlsx(request: Request, gid: str):
    """The box score as a spreadsheet scoresheet (needs openpyxl: the sheets extra, in the web extra)."""
    name, data = _live(request).read(_session(request), gid, box_xlsx)
    return Response(data, media_type=XLSX_TYPE, headers={"Content-Disposition": f'attachment; filename="{name}"'})


@router.get("/games/{gid}/replay")
def replay(request: Request, gid: str, at: str = "0"):
    """The game event by event: the play's line, the scoreboard and lineups after it, the plays
    around it; first / back / forward / last and a slider (arrow keys step)."""
    live, sid = _live(request), _session(request)
    watched = live.watched(sid, gid)  # an opened file's replay (Open -> Watch the replay)
    rep = watched or live.replay(sid, gid)
    you, chooser = rep.side, PERSON
    if watched is not None:  # a sealed file's seed stays secret as the game's own would
        seed = None if getattr(watched, "seed_hidden", False) else rep.seed
    else:
        seed, you, chooser = live.read(sid, gid, lambda seat: (shown_seed(seat), viewer(seat),
                                                               FRIEND if seat.two and viewer(seat) != seat.side else PERSON))
    if not len(rep):
        raise WebError("This game has no plays yet.", status=404, title="Nothing to replay")
    swings = add_swings(rep, you)
    try:
        i = min(max(_int(at, "at"), 0), len(rep) - 1)
    except ConfigError:
        i = 0
    frame = rep.frame(i)
    lo, hi = max(0, i - REPLAY_AROUND), min(len(rep), i + REPLAY_AROUND + 1)
    sit = frame.situation
    return _render(request, "replay.html.j2", {
        "gid": gid, "ruleset": rep.rs.name, "frame": frame, "sit": sit, "you": you, "seed": seed,
        "count": len(rep), "watch_only": watched is not None, "around": [(k, rep.events[k]) for k in range(lo, hi)],
        "board": board_drawing.draw(sit.board) if sit.board else None,
        "steps": {"first": 0, "back10": max(0, i - 10), "prev": max(0, i - 1), "next": min(len(rep) - 1, i + 1),
                  "fwd10": min(len(rep) - 1, i + 10), "last": len(rep) - 1},
        "jumps": replay_jumps({**rep.jumps(chooser), **({"swing": sorted(swings)} if swings is not None else {})}, i),
        "note": rep.note(i) if swings is None else swings.get(i, ""),
    })


def add_swings(rep: Any, side: int) -> dict[int, str] | None:
    """The replay's "big swings" jumps (``coachgym.search.review.swing_jumps``: the end-of-game
    page's swings), added once to the kept replay for its own side; for the other person of a
    two-person game they are returned instead (their chance to win, not the replay side's). None
    where the replay holds them (or coachgym.search is not there)."""
    if not SEARCH:
        return None
    from ..search.review import swing_jumps

    if side != rep.side:
        return swing_jumps(rep, side)
    if "swing" not in rep.jumps():
        rep.add_jumps("swing", swing_jumps(rep, rep.side))
    return None


JUMP_LABELS = {"decision": "your decisions", "score": "scores", "lead": "lead changes", "period": "periods",
               "swing": "big swings"}


def replay_jumps(jumps: dict[str, list[int]], at: int) -> list[dict[str, Any]]:
    """The replay's jump row: for each kind of moment the game has (``Replay.jumps``), the one
    before and the one after frame ``at`` (None at either end) and how many there are."""
    out = []
    for kind, label in JUMP_LABELS.items():
        marks = jumps.get(kind) or []
        if not marks:
            continue
        before, after = bisect.bisect_left(marks, at), bisect.bisect_right(marks, at)
        out.append({"kind": kind, "label": label, "count": len(marks), "here": before < after,
                    "prev": marks[before - 1] if before else None, "next": marks[after] if after < len(marks) else None})
    return out


@router.get("/games/{gid}/delete")
def delete_confirm(request: Request, gid: str):
    """"Delete" on "Your games" asks first: this page names the game and deletes it only when its
    button is pressed (no script needed)."""
    game = next((g for g in _live(request).games(_session(request)) if g.id == gid), None)
    if game is None:
        raise WebError("There is no game with that address in this browser.", status=404, title="Not found")
    return _render(request, "delete.html.j2", {"g": game})


@router.post("/games/{gid}/delete")
def delete(request: Request, gid: str):
    _live(request).delete(_session(request), gid)
    return RedirectResponse("/", status_code=303)


@router.get("/glossary")
@router.get("/glossary/{ruleset}")
def glossary(request: Request, ruleset: str | None = None):
    from ..present import presenter_for

    try:
        chosen = [rulesets.entry(ruleset)] if ruleset else list(rulesets.entries())
    except ConfigError as exc:
        raise WebError(str(exc), status=404, title="No such game") from None
    pages = []
    for e in chosen:
        p = presenter_for(e.name)
        pages.append({"name": e.name, "title": e.title, "kinds": p.kinds(),
                      "terms": sorted(p.glossary().terms.items(), key=lambda kv: kv[0].lower())})
    return _render(request, "glossary.html.j2", {"ruleset": ruleset and chosen[0].name, "entries": rulesets.entries(),
                                                 "glossaries": pages})
