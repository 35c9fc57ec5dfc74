"""Ctrl-C and SIGTERM stop ``memlane worker`` (``interrupts.py``, as for ``memlane serve``): the first
signal lets the running job end and the worker stop (procrastinate's graceful shutdown on PostgreSQL),
and the process exits 0; a second signal ends it at once. Also while the queue's connection pool is still
opening: its first connections on their way, or refused and retried (``_Gate``)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Literal
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

import pytest

from memlane import interrupts
from memlane.interrupts import Interrupts

SRC = str(Path(__file__).resolve().parents[1] / "src")


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_stops_the_worker_with_exit_status_0(db_path: Path | str, tmp_path: Path, sig: int) -> None:
    env = {**os.environ, "PYTHONPATH": SRC, "MEMLANE_HOME": str(tmp_path / "home")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "memlane.cli", "worker", "--db", str(db_path), "--embedder", "none", "--tick", "0.2"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    lines: list[str] = []
    started = threading.Event()

    def read() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            lines.append(line)
            if "job runner" in line:  # warmed up, taking jobs
                started.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        # generous: a loaded machine gives the process a small share of a core to start and warm up in
        assert started.wait(600), "".join(lines)
        proc.send_signal(sig)
        proc.wait(120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
            raise AssertionError("memlane worker still running 120 s after the signal:\n" + "".join(lines))
    reader.join(10)
    assert proc.returncode == 0, "".join(lines)


class _Gate:
    """A loopback TCP proxy in front of the test's PostgreSQL. It passes connections through until a client
    names procrastinate in what it sends (the worker preparing the queue's tables, just before the queue's
    pool opens); from then on it turns every new connection away: ``stall`` holds it unanswered (a
    connection on its way for good, as to a server that hangs), ``refuse`` closes it at once (the pool
    tries again later)."""

    def __init__(self, database_url: str, mode: Literal["stall", "refuse"]) -> None:
        import psycopg.conninfo

        self.mode = mode
        params = psycopg.conninfo.conninfo_to_dict(database_url)
        self._host, self._port = str(params.get("host") or "localhost"), int(params.get("port") or 5432)
        self._listener = socket.create_server(("127.0.0.1", 0))
        parts = urlsplit(database_url)
        user = parts.netloc.rpartition("@")[0]
        netloc = (f"{user}@" if user else "") + f"127.0.0.1:{self._listener.getsockname()[1]}"
        query = [
            (k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k not in ("host", "port")
        ]
        self.url = urlunsplit(parts._replace(netloc=netloc, query=urlencode(query, quote_via=quote)))
        self.shut = threading.Event()
        self.turned_away = threading.Event()
        self._held: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:  # closed
                return
            if self.shut.is_set():
                if self.mode == "stall":
                    self._held.append(client)
                else:
                    client.close()
                self.turned_away.set()
                continue
            try:
                server = self._connect_upstream()
            except OSError:
                client.close()
                continue
            threading.Thread(target=self._pump, args=(client, server, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client, False), daemon=True).start()

    def _connect_upstream(self) -> socket.socket:
        if not self._host.startswith("/"):
            return socket.create_connection((self._host, self._port))
        server = socket.socket(socket.AF_UNIX)  # a socket folder (the test server listens on one only)
        try:
            server.connect(f"{self._host}/.s.PGSQL.{self._port}")
        except OSError:
            server.close()
            raise
        return server

    def _pump(self, source: socket.socket, sink: socket.socket, from_client: bool) -> None:
        try:
            while data := source.recv(65536):
                if from_client and b"procrastinate" in data:
                    self.shut.set()
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):  # wakes the other direction's recv
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
            source.close()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)  # wakes the accept (a bare close may not)
        self._listener.close()
        for sock in self._held:
            sock.close()


@contextlib.contextmanager
def _gate(database_url: str, mode: Literal["stall", "refuse"]) -> Iterator[_Gate]:
    gate = _Gate(database_url, mode)
    try:
        yield gate
    finally:
        gate.close()


@pytest.mark.parametrize("mode", ["stall", "refuse"])
def test_sigterm_stops_a_worker_whose_queue_cannot_connect(
    pg_url: str, tmp_path: Path, mode: Literal["stall", "refuse"]
) -> None:
    """The stop reaches the queue's pool while it is still opening: the worker exits 0, not hanging on its
    pool's connection attempts (it did, for good, when the signal came while they were on their way)."""
    with _gate(pg_url, mode) as gate:
        env = {**os.environ, "PYTHONPATH": SRC, "MEMLANE_HOME": str(tmp_path / "home")}
        proc = subprocess.Popen(
            [sys.executable, "-m", "memlane.cli", "worker", "--db", gate.url, "--embedder", "none", "--tick", "0.2"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
        )  # fmt: skip
        lines: list[str] = []
        reader = threading.Thread(target=lambda: lines.extend(proc.stderr or ()), daemon=True)
        reader.start()
        try:
            # generous: a loaded machine gives the process a small share of a core to start and warm up in
            assert gate.turned_away.wait(600), "".join(lines)
            assert proc.poll() is None, "".join(lines)  # the pool is opening: its connections go nowhere
            proc.send_signal(signal.SIGTERM)
            # a failure guard, not a timing: the stop takes a few seconds, and past memlane's own 30 s grace
            # the worker ends itself (exit status 143, and a line saying so)
            proc.wait(120)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
                raise AssertionError("memlane worker still running 120 s after SIGTERM:\n" + "".join(lines))
        reader.join(10)
    assert proc.returncode == 0, "".join(lines)
    assert any("job runner" in line for line in lines), "".join(lines)


def test_the_first_signal_stops_gracefully_and_the_second_ends_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ended: list[int] = []
    monkeypatch.setattr(interrupts, "_end", ended.append)
    stopped = threading.Event()
    handler = Interrupts(grace=None)  # no watchdog here: the test ends nothing
    handler.stop = stopped.set
    handler._on_signal(signal.SIGTERM, None)  # no KeyboardInterrupt: the stop is asked for
    assert stopped.wait(10) and handler.received == signal.SIGTERM and ended == []
    handler._on_signal(signal.SIGINT, None)
    assert ended == [128 + signal.SIGINT]
