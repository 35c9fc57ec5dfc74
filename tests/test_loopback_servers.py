"""The loopback test servers (``tests/servers.py``) themselves."""

from __future__ import annotations

import socket
import time

from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from servers import running


def _ok(request: object) -> PlainTextResponse:
    return PlainTextResponse("ok")


def _ask(sock: socket.socket) -> bytes:
    sock.sendall(b"GET / HTTP/1.1\r\nHost: test\r\n\r\n")
    answer = b""
    while not answer.endswith(b"ok"):
        chunk = sock.recv(4096)
        if not chunk:
            return answer  # closed by the server
        answer += chunk
    return answer


def test_an_idle_keep_alive_connection_outlives_uvicorns_default_five_seconds() -> None:
    """A pooled client connection left idle longer than uvicorn's default keep-alive (5 s), as happens
    to the concurrency tests' clients on a loaded machine, still takes the next request: with the
    default the server has closed it and the request fails with "connection reset"."""
    app = Starlette(routes=[Route("/", _ok)])
    with running(app) as url:
        host, port = url.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=30) as sock:
            assert _ask(sock).startswith(b"HTTP/1.1 200")
            time.sleep(6)  # idle past the default keep-alive (not a timing assertion)
            assert _ask(sock).startswith(b"HTTP/1.1 200"), "the server closed the idle connection"
