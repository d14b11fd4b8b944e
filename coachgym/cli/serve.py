"""``coachgym serve``: coach in the browser (the web app, ``coachgym.web``)."""

from __future__ import annotations

from pathlib import Path

import click

from . import OutFile, main


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on. The default serves this computer only; 0.0.0.0 serves the network "
                   "(no passwords: anyone who can reach it can play).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--db", "db_path", type=OutFile(), default=None,
              help="SQLite file of the games in progress (default: coachgym.sqlite3 in your data directory, "
                   "or $COACHGYM_DB).")
@click.option("--max-games", default=200, show_default=True, type=click.IntRange(1, None),
              help="Games the server keeps; when full, finished games and games untouched for a week make room.")
@click.option("--log-level", default="warning", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]))
def serve(host: str, port: int, db_path: Path | None, max_games: int, log_level: str) -> None:
    """Coach a game in the browser: start the web app and print its address."""
    try:
        import uvicorn

        from ..web import create_app
        from ..web.server import bind, url_of
    except ImportError as exc:
        raise click.ClickException(f"the web app needs the web extra ({exc.name} is missing): "
                                   "pip install 'coachgym[web]'") from None
    app = create_app(db_path=db_path, max_games=max_games)
    # bound first, so the address printed is the real one (also with --port 0) and a busy port is
    # reported plainly
    try:
        sock = bind(host, port)
    except OSError as exc:
        raise click.ClickException(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    click.echo(f"coachgym serve: open {url_of(sock, host)}/ in your browser (games in {app.state.db_path}); "
               "Ctrl+C stops it")
    uvicorn.Server(uvicorn.Config(app, log_level=log_level)).run(sockets=[sock])
