"""``coachgym serve``: coach in the browser (the web app, ``coachgym.web``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from . import OutFile, main

_DIR = click.Path(exists=True, file_okay=False, path_type=Path)


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on. The default serves this computer only; 0.0.0.0 serves the network "
                   "(no passwords: anyone who can reach it can play and probe it; a warning says so at start).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--db", "db_path", type=OutFile(), default=None,
              help="SQLite file of the games in progress (default: coachgym.sqlite3 in your data directory, "
                   "or $COACHGYM_DB).")
@click.option("--max-games", default=200, show_default=True, type=click.IntRange(1, None),
              help="Games the server keeps; when full, finished games, games untouched for a week, then the games "
                   "of another address holding more than half the server make room.")
@click.option("--games-per-session", default=20, show_default=True, type=click.IntRange(1, None),
              help="Games one browser keeps.")
@click.option("--new-games-per-minute", default=12, show_default=True, type=click.IntRange(0, None),
              help="New or opened games per client address: a burst of this many, then this many a minute (0: no limit).")
@click.option("--strategies", "strategies", multiple=True, type=_DIR,
              help="A folder whose strategy files (*.yaml) people may choose as the opponent, by name "
                   "(strategy:NAME.yaml); repeatable. The shipped examples are always offered.")
@click.option("--models", "models", multiple=True, type=_DIR,
              help="A folder whose trained models (*.npz) people may choose as the opponent, by name; repeatable.")
@click.option("--max-search-budget", default=256, show_default=True, type=click.IntRange(2, None),
              help="The largest budget (rollouts a decision) of a search coach chosen in the browser.")
@click.option("--analyses", default=None, type=click.IntRange(1, None),
              help="Analyses running at once on the server (default: the CPU cores less one); one per browser.")
@click.option("--analyse-seconds", default=10, show_default=True, type=click.IntRange(1, 30),
              help="The longest analysis a person may ask for.")
@click.option("--request-seconds", default=10.0, show_default=True, type=click.FloatRange(0.5, None),
              help="A 'continue' stops at the person's next decision after this many seconds.")
@click.option("--forwarded-allow-ips", default=None, metavar="ADDRESSES",
              help="The addresses of reverse proxies whose X-Forwarded-For / X-Forwarded-Proto headers are believed "
                   "(comma-separated, or *). Default: none - quotas are keyed on the connection's own address.")
@click.option("--log-level", default="warning", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]))
def serve(host: str, port: int, db_path: Path | None, max_games: int, games_per_session: int,
          new_games_per_minute: int, strategies: tuple[Path, ...], models: tuple[Path, ...], max_search_budget: int,
          analyses: int | None, analyse_seconds: int, request_seconds: float, forwarded_allow_ips: str | None,
          log_level: str) -> None:
    """Coach a game in the browser: start the web app and print its address. Ctrl+C or SIGTERM stops
    it within a few seconds; every game is kept (docs/security.md)."""
    try:
        import uvicorn

        from ..web import create_app
        from ..web.security import LOOPBACK_NAMES, Limits
        from ..web.server import bind, exposure_warning, url_of, uvicorn_config
    except ImportError as exc:
        raise click.ClickException(f"the web app needs the web extra ({exc.name} is missing): "
                                   "pip install 'coachgym[web]'") from None
    limits = Limits(games_per_session=games_per_session, new_games_per_minute=new_games_per_minute,
                    search_budget=max_search_budget, analyse_seconds=analyse_seconds, request_seconds=request_seconds,
                    **({"analyses": analyses} if analyses else {}))
    import ipaddress

    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    # a server for this computer answers to its loopback names only (no DNS rebinding)
    app = create_app(db_path=db_path, max_games=max_games, limits=limits, strategies=list(strategies),
                     models=list(models), allowed_hosts=[*LOOPBACK_NAMES, host] if loopback else None)
    # bound first, so the address printed is the real one (also with --port 0) and a busy port is
    # reported plainly
    try:
        sock = bind(host, port)
    except OSError as exc:
        raise click.ClickException(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    except (UnicodeError, TypeError, ValueError):  # (a name no resolver can encode: a NUL, a lone surrogate)
        raise click.ClickException(f"--host {host!r}: not a host name or address") from None
    # a thread of heavy work (an opponent's search) hands the interpreter over every 1 ms rather than
    # 5 ms, so that the pages of everybody else wait less behind it (docs/security.md, load)
    sys.setswitchinterval(0.001)
    warning = exposure_warning(host, sock.getsockname()[1])
    if warning:
        click.secho(warning, err=True, fg="yellow", bold=True)
    shown = url_of(sock, "127.0.0.1" if host in ("0.0.0.0", "") else "::1" if host == "::" else host)
    click.echo(f"coachgym serve: open {shown}/ in your browser (games in {app.state.db_path}); "
               "Ctrl+C stops it")
    # requests still running 2 s after Ctrl+C / SIGTERM are dropped (a change not finished is not
    # saved: its game stays as it was before it)
    uvicorn.Server(uvicorn_config(app, log_level=log_level, forwarded_allow_ips=forwarded_allow_ips)).run(sockets=[sock])
    # engine work still running in the thread pool would keep the process alive: every game is saved
    # after each change, so leave without waiting for it
    store = app.state.store
    if store.lock.acquire(timeout=2):
        store.conn.close()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)
