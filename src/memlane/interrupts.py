"""Ctrl-C and SIGTERM for ``memlane serve`` and ``memlane worker``: the first asks the process to stop,
and it ends.

uvicorn's own handling left two ways for a server to outlive Ctrl-C: a signal that came after the
banner but before uvicorn installed its handlers raised ``KeyboardInterrupt`` wherever the main thread
was, and after a graceful stop the interpreter's exit still joins every non-daemon thread (the
``concurrent.futures`` workers among them), without a bound. A worker had no handler at all: SIGTERM
killed it mid-job, Ctrl-C raised ``KeyboardInterrupt`` inside whatever job was running. Here one handler
covers the whole life of the process: the first signal calls ``stop`` (a server's graceful shutdown, a
worker's "no job after this one"), or interrupts the start-up while there is nothing to stop yet, and
ends the process at once if it has not ended ``grace`` seconds later (``None``: no bound, for
procrastinate's shutdown, which waits for the running jobs however long they take); a second signal
ends it at once.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType

__all__ = ["Interrupts"]


class Interrupts:
    def __init__(self, grace: float | None = 30.0) -> None:
        self.grace = grace
        #: how to stop gracefully, once there is something to stop: called on the first signal, in a
        #: thread of its own (a signal handler must not wait for a lock its own thread may hold)
        self.stop: Callable[[], None] | None = None
        self.received: int | None = None
        self._count = 0

    def install(self) -> None:
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, self._on_signal)

    def _on_signal(self, sig: int, frame: FrameType | None) -> None:
        self._count += 1
        if self._count > 1:  # the second Ctrl-C: at once, whatever is running
            _end(128 + sig)
        self.received = sig
        stop, grace = self.stop, self.grace
        deadline = None if grace is None else time.monotonic() + grace
        threading.Thread(
            target=self._stopping, args=(stop, deadline, 128 + sig), name="memlane-exit", daemon=True
        ).start()
        if stop is None:  # still starting: stop where it is (the caller's finally blocks clean up)
            raise KeyboardInterrupt

    def _stopping(self, stop: Callable[[], None] | None, deadline: float | None, status: int) -> None:
        if stop is not None:
            stop()
        if deadline is None:
            return
        threading.Event().wait(max(0.0, deadline - time.monotonic()))
        with contextlib.suppress(Exception):  # a closed stderr must not keep the process alive
            print(f"memlane: not stopped {self.grace:.0f}s after the signal; exiting", file=sys.stderr)
        _end(status)


def _end(status: int) -> None:
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):  # a closed pipe must not keep the process alive
            stream.flush()
    os._exit(status)
