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
    and a busy one fails here with ``OSError``. Its protocol is named (``IPPROTO_TCP``, not the
    default 0): asyncio sets ``TCP_NODELAY`` on an accepted connection only when its socket says
    so, and without it each answer's body waited behind its head for the client's delayed ACK
    (Nagle's algorithm): about 40 ms a request on Linux."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
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


HEADER_SECONDS = 10.0  # a request's head (line and headers) must arrive whole within this (slow headers)
KEEP_ALIVE_SECONDS = 5  # an idle kept-alive connection is closed after this
MAX_HEAD_BYTES = 16 * 1024  # a request's head (h11's max incomplete event size)


def header_timeout_protocol():
    """uvicorn's h11 protocol with a deadline on each request's head: a connection that has not sent
    a whole request line and headers :data:`HEADER_SECONDS` after it opened (or after its last
    answer) is closed - uvicorn's keep-alive timer stops at the first byte, so a client trickling
    a header byte at a time (slowloris) held its connection for ever."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class HeaderTimeoutProtocol(H11Protocol):
        _head_timer = None

        def connection_made(self, transport):  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def _arm(self) -> None:
            if self._head_timer is None:
                self._head_timer = self.loop.call_later(HEADER_SECONDS, self._head_timeout)

        def _disarm(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _head_timeout(self) -> None:
            self._head_timer = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self.transport.close()  # (no answer: the client never finished asking)

        def data_received(self, data: bytes) -> None:
            if self.conn.their_state is h11.IDLE:
                self._arm()
            super().data_received(data)
            if self.conn.their_state is not h11.IDLE:
                self._disarm()

        def connection_lost(self, exc):  # type: ignore[override]
            self._disarm()
            super().connection_lost(exc)

        def send_400_response(self, msg: str) -> None:
            """uvicorn's answer to a request h11 cannot read (a malformed head, a Content-Length that
            is not a number), with the app's security headers as every other answer has."""
            from .headers import SECURITY_HEADERS

            headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"connection", b"close"),
                       *((k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items())]
            try:
                for event in (h11.Response(status_code=400, headers=headers, reason=b"Bad Request"),
                              h11.Data(data=(msg + " Nothing was read or changed.").encode("ascii")),
                              h11.EndOfMessage()):
                    self.transport.write(self.conn.send(event))
            except h11.LocalProtocolError:
                pass
            self.transport.close()

    return HeaderTimeoutProtocol


def uvicorn_config(app, *, log_level: str = "warning", forwarded_allow_ips: str | None = None, **kw):
    """The uvicorn settings of every server of the app (``coachgym serve`` and :func:`running`): no
    proxy header (``X-Forwarded-For``, ``X-Forwarded-Proto``) is believed unless ``forwarded_allow_ips``
    names the proxies whose headers are (``coachgym serve --forwarded-allow-ips``); a request's head
    must arrive within :data:`HEADER_SECONDS` and be at most :data:`MAX_HEAD_BYTES`; idle kept-alive
    connections close after :data:`KEEP_ALIVE_SECONDS`; requests still running 2 s after a stop are
    dropped."""
    import uvicorn

    proxies = {"proxy_headers": True, "forwarded_allow_ips": forwarded_allow_ips} if forwarded_allow_ips else \
        {"proxy_headers": False, "forwarded_allow_ips": ""}
    config = uvicorn.Config(app, log_level=log_level, timeout_graceful_shutdown=2, timeout_keep_alive=KEEP_ALIVE_SECONDS,
                            h11_max_incomplete_event_size=MAX_HEAD_BYTES, http=header_timeout_protocol(), **proxies,
                            **kw)
    import logging

    logging.getLogger("uvicorn.error").addFilter(_quiet_stop)
    return config


def _quiet_stop(record) -> bool:
    """uvicorn's "Cancel N running task(s), timeout graceful shutdown exceeded" said as what it means."""
    if isinstance(record.msg, str) and record.msg.startswith("Cancel ") and "graceful shutdown" in record.msg:
        import logging

        n = record.args[0] if isinstance(record.args, tuple) and record.args else "some"
        record.msg, record.args = f"stopped: {n} request(s) still running were cut off (answered 503; nothing of them " \
                                  "was saved)", ()
        record.levelno, record.levelname = logging.INFO, "INFO"
        return logging.getLogger("uvicorn.error").isEnabledFor(logging.INFO)
    return True


def url_of(sock: socket.socket, host: str) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{sock.getsockname()[1]}"


@contextmanager
def running(app, host: str = "127.0.0.1", port: int = 0, timeout: float = 20.0) -> Iterator[str]:
    """uvicorn serving ``app`` in a daemon thread; yields its base URL and stops it on exit."""
    import uvicorn

    sock = bind(host, port)
    server = uvicorn.Server(uvicorn_config(app))
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
