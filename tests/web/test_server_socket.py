"""The server's listening socket (coachgym/web/server.py ``bind``, used by ``coachgym serve`` and the
tests' servers): its connections send each answer at once. A socket made with protocol 0 left
asyncio's ``TCP_NODELAY`` off, so an answer's body waited behind its head for the client's delayed
ACK (Nagle's algorithm): at least 40 ms a request on Linux, however idle the machine."""

from __future__ import annotations

import http.client
import socket
import time
from urllib.parse import urlsplit

import pytest

pytest.importorskip("fastapi")

from coachgym.web import create_app  # noqa: E402
from coachgym.web.server import bind, running  # noqa: E402


def test_the_listening_socket_names_tcp_so_asyncio_sets_nodelay():
    sock = bind("127.0.0.1", 0)
    try:
        assert sock.proto == socket.IPPROTO_TCP
    finally:
        sock.close()


def test_kept_alive_requests_are_not_held_by_nagle(tmp_path):
    """The quickest of 15 requests on one kept-alive connection: a few ms (a held body: 40 ms or more,
    every time; the quickest is what a busy machine cannot make slower than the hold)."""
    with running(create_app(db_path=tmp_path / "games.sqlite3")) as url:
        conn = http.client.HTTPConnection(urlsplit(url).hostname, urlsplit(url).port, timeout=30)
        try:
            times = []
            for _ in range(15):
                started = time.perf_counter()
                conn.request("GET", "/static/app.js")
                r = conn.getresponse()
                assert r.status == 200 and r.read()
                times.append(time.perf_counter() - started)
        finally:
            conn.close()
    assert min(times) < 0.030, f"every request took 30 ms or more (the quickest {min(times) * 1000:.0f} ms)"
