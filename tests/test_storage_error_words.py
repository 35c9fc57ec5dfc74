"""A storage error tells a server's client nothing about the deployment: not the database's host,
port, name or file, over REST, MCP, the remote SDK nor ``/health`` (no key needed there). The client
reads the kind of trouble and the code ``storage_error``; the server's log keeps what failed.

Before, a 503 carried the backend's message: ``cannot connect to the PostgreSQL database
postgresql://postgres:***@127.0.0.1:PORT/memlane_test_…`` (the password alone was removed), or the
SQLite file's path. Here the PostgreSQL server is reached through a TCP relay on loopback that the test
stops, as a database host going away; SQLite's file is removed from under the server.
"""

from __future__ import annotations

import logging
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

import anyio
import httpx
import pytest

from memlane import Memlane, StorageError
from memlane.api import create_app
from memlane.errors import STORAGE_KINDS
from servers import bearer, make_stack, running
from test_mcp import http_session

UNAVAILABLE = STORAGE_KINDS[None]


class _Relay:
    """Bytes between 127.0.0.1:port and the real PostgreSQL server, until ``stop()``."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        self.open: list[socket.socket] = []
        self.stopped = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _upstream(self) -> socket.socket:
        host, port = self.target
        if host.startswith("/"):
            sock = socket.socket(socket.AF_UNIX)
            sock.connect(f"{host}/.s.PGSQL.{port}")
            return sock
        return socket.create_connection((host, port))

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.stopped:
                client.close()
                return
            upstream = self._upstream()
            self.open += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(a: socket.socket, b: socket.socket) -> None:
        with suppress(OSError):
            while data := a.recv(65536):
                b.sendall(data)
        with suppress(OSError):
            b.shutdown(socket.SHUT_RDWR)

    def stop(self) -> None:
        self.stopped = True
        with suppress(OSError):  # (wakes the accepting thread: closing alone leaves the port listening)
            self.listener.shutdown(socket.SHUT_RDWR)
        self.listener.close()
        for sock in self.open:
            with suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()


@contextmanager
def relayed(url: str) -> Iterator[tuple[str, _Relay]]:
    """``url`` (the tests' PostgreSQL) rewritten to go through a relay on 127.0.0.1."""
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query))
    host = query.pop("host", None) or parts.hostname or "127.0.0.1"
    port = int(query.pop("port", None) or parts.port or 5432)
    relay = _Relay(host, port)
    user = parts.username or "postgres"
    netloc = (
        f"{user}:{parts.password}@127.0.0.1:{relay.port}"
        if parts.password
        else f"{user}@127.0.0.1:{relay.port}"
    )
    try:
        yield urlunsplit(parts._replace(netloc=netloc, query=urlencode(query, quote_via=quote))), relay
    finally:
        relay.stop()


def _says_nothing_of(text: str, secrets: list[str]) -> None:
    for secret in secrets:
        assert secret not in text, (secret, text)


def _every_surface_answers(url: str, key: str, secrets: list[str]) -> None:
    with httpx.Client(base_url=url, headers=bearer(key), timeout=120) as c:
        for r in (c.get("/v1/memories"), c.post("/v1/memories", json={"content": "Ben keeps goats"})):
            assert r.status_code == 503, r.text
            assert r.json()["error"]["code"] == "storage_error"
            assert r.json()["error"]["message"].startswith(UNAVAILABLE), r.text
            _says_nothing_of(r.text, secrets)
        health = httpx.get(f"{url}/health", timeout=120)
        assert health.status_code == 503 and health.json()["status"] == "failing", health.text
        _says_nothing_of(health.text, secrets)
    with Memlane.connect(url, api_key=key) as remote, pytest.raises(StorageError) as raised:
        remote.recall("goats")
    _says_nothing_of(str(raised.value), secrets)

    async def over_mcp() -> str:
        try:
            async with http_session(url, key) as session:
                result = await session.call_tool("memory_recall", {"query": "goats"})
                assert result.is_error
                return " ".join(getattr(part, "text", "") for part in result.content)
        except Exception as exc:  # the gate refuses the session itself: the JSON-RPC error's words
            return repr(exc)

    said = anyio.run(over_mcp)
    assert "storage_error" in said, said
    _says_nothing_of(said, secrets)


def test_postgresql_gone_away(pg_url: str, caplog: pytest.LogCaptureFixture) -> None:
    database = urlsplit(pg_url).path.strip("/")
    with relayed(pg_url) as (url, relay):
        stack = make_stack(url)
        stack.mem.service.storage._pool.timeout = 5  # (a pool waits 30 s for a connection by default)
        try:
            with running(stack.app()) as server:
                stack.mem.store("Ben keeps goats")
                relay.stop()
                with caplog.at_level(logging.WARNING):
                    _every_surface_answers(server, stack.admin_key, [database, str(relay.port), "127.0.0.1:"])
                assert database in caplog.text or str(relay.port) in caplog.text  # the server's log says
        finally:
            stack.mem.close()


def test_sqlite_file_gone(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    folder = tmp_path / "deployment-secret-folder"
    folder.mkdir()
    stack = make_stack(folder / "memories.db")
    try:
        with running(stack.app()) as server:
            stack.mem.store("Ben keeps goats")
            key = stack.admin_key
            # the file replaced by something that is not a database: every read fails
            (folder / "memories.db").write_bytes(b"not a database " * 4096)
            for extra in ("-wal", "-shm"):
                (folder / f"memories.db{extra}").unlink(missing_ok=True)
            with caplog.at_level(logging.WARNING):
                with httpx.Client(base_url=server, headers=bearer(key), timeout=120) as c:
                    r = c.get("/v1/memories")
                _says_nothing_of(r.text, ["deployment-secret-folder", str(tmp_path)])
                health = httpx.get(f"{server}/health", timeout=120)
                _says_nothing_of(health.text, ["deployment-secret-folder", str(tmp_path)])
    finally:
        with suppress(Exception):
            stack.mem.close()


def test_an_llm_gone_is_not_named(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The same for the LLM (and the embedding model): its URL, a host of the deployment, is in the
    server's log only. Here an OpenAI-compatible LLM at a closed port on loopback."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    environ = {"MEMLANE_LLM": "openai:internal-model", "MEMLANE_LLM_URL": f"http://127.0.0.1:{port}/v1",
               "MEMLANE_LLM_API_KEY": "sk-test-123", "MEMLANE_LLM_MAX_ATTEMPTS": "1"}  # fmt: skip
    mem = Memlane(tmp_path / "l.db", user="alice", embedder="none", home=tmp_path, environ=environ)
    admin = mem.service.access.bootstrap("default", "alice")
    assert admin is not None
    try:
        with running(create_app(mem.service, mem.service.access)) as server, caplog.at_level(logging.WARNING):
            r = httpx.post(f"{server}/v1/extract", headers=bearer(admin.key), timeout=120,
                           json={"messages": [{"role": "user", "text": "I moved to Porto last spring"}]})  # fmt: skip
            assert r.status_code == 503 and r.json()["error"]["code"] == "llm_error", r.text
            _says_nothing_of(r.text, [str(port), "127.0.0.1"])
            assert str(port) in caplog.text
    finally:
        mem.close()
