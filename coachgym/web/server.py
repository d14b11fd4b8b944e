"""Run the web app in a background thread on a free port of 127.0.0.1 (tests, tools, notebooks):

    with running(create_app(db_path="games.sqlite3")) as url:
        ...   # http://127.0.0.1:PORT
"""

from __future__ import annotations

import ipaddress
import socket
import threading
import time
from contextlib import contextmanager
from typing import Iterator


def bind(host: str, port: int) -> socket.socket:
    """A listening address for uvicorn, bound now: the port is known before serving (also port 0),
    and a busy one fails here with ``OSError``."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


def is_loopback(host: str) -> bool:
    """Whether ``host`` serves this computer only (127.0.0.0/8, ::1, localhost)."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a host name: it may well be reachable from the network


def exposure_warning(host: str, port: int) -> str | None:
    """What ``coachgym serve --host`` exposes when ``host`` is not loopback (printed at start), or
    None for a loopback address. docs/security-pages.md."""
    if is_loopback(host):
        return None
    return (f"WARNING: listening on {host}:{port} - everyone who can reach this computer over the network can use "
            "this server: start and play games, open saved games, upload team files, run analyses, and probe it "
            "for weaknesses. There are no accounts and no passwords; the games of a browser are protected only by "
            "its cookie, and the traffic is plain HTTP (not encrypted). Use --host 127.0.0.1 (the default) unless "
            "you mean to share it on a network you trust.")


def url_of(sock: socket.socket, host: str) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{sock.getsockname()[1]}"


@contextmanager
def running(app, host: str = "127.0.0.1", port: int = 0, timeout: float = 20.0) -> Iterator[str]:
    """uvicorn serving ``app`` in a daemon thread; yields its base URL and stops it on exit."""
    import uvicorn

    sock = bind(host, port)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True, name="coachgym-web")
    thread.start()
    try:
        deadline = time.monotonic() + timeout
        while not server.started:
            if time.monotonic() > deadline or not thread.is_alive():
                raise RuntimeError("the web server did not start")
            time.sleep(0.02)
        yield url_of(sock, host)
    finally:
        server.should_exit = True
        thread.join(timeout)
        sock.close()
