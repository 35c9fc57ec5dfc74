"""Ctrl-C and SIGTERM for ``memlane serve``: the first asks the server to stop, and the process ends.

uvicorn's own handling left two ways for a server to outlive Ctrl-C: a signal that came after the
banner but before uvicorn installed its handlers raised ``KeyboardInterrupt`` wherever the main thread
was, and after a graceful stop the interpreter's exit still joins every non-daemon thread (the
``concurrent.futures`` workers among them), without a bound. Here one handler covers the whole life of
the process: the first signal asks the server to stop (or interrupts the start-up), and ends the
process at once if it has not ended ``grace`` seconds later; a second signal ends it at once.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from types import FrameType
from typing import Any

__all__ = ["Interrupts"]


class Interrupts:
    def __init__(self, grace: float = 30.0) -> None:
        self.grace = grace
        #: the uvicorn server, once it exists: the first signal sets its ``should_exit``
        self.server: Any = None
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
        threading.Thread(target=self._watchdog, args=(128 + sig,), name="memlane-exit", daemon=True).start()
        if self.server is not None:
            self.server.should_exit = True  # uvicorn's main loop sees it within 0.1 s, then shuts down
        else:  # still starting: stop where it is (the caller's finally blocks clean up)
            raise KeyboardInterrupt

    def _watchdog(self, status: int) -> None:
        threading.Event().wait(self.grace)
        with contextlib.suppress(Exception):  # a closed stderr must not keep the process alive
            print(f"memlane: not stopped {self.grace:.0f}s after the signal; exiting", file=sys.stderr)
        _end(status)


def _end(status: int) -> None:
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):  # a closed pipe must not keep the process alive
            stream.flush()
    os._exit(status)
