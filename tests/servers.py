"""Real servers on loopback for the tests: memlane's ASGI app under uvicorn in a thread, on a free port."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import uvicorn

from memlane import Memlane
from memlane.api import create_app
from memlane.auth import AccessService

#: how long the test server keeps an idle connection open. uvicorn's default (5 s) is shorter than a
#: pooled httpx connection may idle while the 2 shared cores are loaded by other suites: the server
#: then closes it as the client sends its next request on it, and the client gets "connection reset"
#: (test_concurrency[postgresql]). A test server lives for one test, so holding idle connections for
#: its whole life costs nothing.
KEEP_ALIVE_SECONDS = 600


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class _Server(uvicorn.Server):
    """uvicorn's server, told to stop rather than found stopping: uvicorn's own main loop looks at
    ``should_exit`` every 0.1 s (and refreshes its ``Date`` header), so each stop waited ~0.05 s on
    average for nothing, and the suite stops hundreds of these servers. Here the main loop waits for
    ``stop()``; the shutdown that follows is uvicorn's own."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping = asyncio.Event()

    async def main_loop(self) -> None:
        await self.on_tick(0)  # the default headers (Date, Server), as uvicorn's first tick sets them
        self._loop = asyncio.get_running_loop()
        if not self.should_exit:  # stop() may have come before the loop was known
            await self._stopping.wait()

    def stop(self) -> None:
        self.should_exit = True
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._stopping.set)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        """uvicorn's ``Server.shutdown`` (0.55), but for its fixed 0.1 s sleep after asking the open
        connections to close: here it waits until they have closed, at most those 0.1 s, and goes on at
        once when they have (an idle keep-alive connection closes at once), so a stop no longer waits
        0.1 s for nothing. What follows is uvicorn's own: in-flight responses and tasks waited for, then
        the app's lifespan shutdown."""
        for server in self.servers:
            server.close()
        for sock in sockets or []:
            sock.close()
        for connection in list(self.server_state.connections):
            connection.shutdown()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 0.1
        while self.server_state.connections and loop.time() < deadline:
            await asyncio.sleep(0.005)
        try:
            async with asyncio.timeout(self.config.timeout_graceful_shutdown):
                await self._wait_tasks_to_complete()
        except TimeoutError:
            for task in self.server_state.tasks:
                task.cancel(msg="Task cancelled, timeout graceful shutdown exceeded")
        if not self.force_exit:
            await self.lifespan.shutdown()


@contextmanager
def running(app: Any) -> Iterator[str]:
    """Serve ``app`` on 127.0.0.1 (a socket bound here, so the port cannot be taken meanwhile)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = _Server(
        uvicorn.Config(app, log_level="warning", lifespan="on", timeout_keep_alive=KEEP_ALIVE_SECONDS)
    )
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 300  # a bound for a hung start, not a duration (a loaded machine is slow)
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.stop()
        thread.join(15)
        sock.close()


@dataclass
class Stack:
    """One memlane: the embedded SDK, its access service and an admin key (acting as alice)."""

    mem: Memlane
    access: AccessService
    admin_key: str

    def app(self, **kwargs: Any) -> Any:
        return create_app(self.mem.service, self.access, **kwargs)

    def key(self, **kwargs: Any) -> str:
        return self.access.create_key(kwargs.pop("workspace", "default"), **kwargs).key


def make_stack(database: Any, embedder: Any = "none") -> Stack:
    mem = Memlane(database, user="alice", embedder=embedder)
    access = mem.service.access
    admin = access.bootstrap("default", "alice")
    assert admin is not None
    return Stack(mem, access, admin.key)


def bearer(key: str, user: str | None = None) -> dict[str, str]:
    headers = {"Authorization": f"Bearer {key}"}
    if user:
        headers["X-Memlane-User"] = user
    return headers


@contextmanager
def another_server(database: Any, **kwargs: Any) -> Iterator[str]:
    """One more server on ``database``, in this process: the app ``memlane serve`` makes (``create_app`` on
    a service of its own, no embedder) under uvicorn on loopback, as a second server or a restarted one
    would be. Nothing is bootstrapped: the database's keys, sessions and links are what it serves."""
    mem = Memlane(database, user="owner", embedder="none")
    try:
        with running(create_app(mem.service, mem.service.access, **kwargs)) as url:
            yield url
    finally:
        mem.close()
