"""The ``memlane`` command in the test process: click's runner on ``memlane.cli:main`` (what the console
script calls), with the environment a real process would get, read back as a ``CompletedProcess``.

A real process costs a Python start-up and memlane's imports, ~0.5-2.5 s of CPU per command; the tests
run hundreds. Here the command parses, runs, prints and exits as it does in a process: its stdout and
stderr are captured apart, ``ctx.exit``/``sys.exit`` give the exit status, click's usage errors exit 2
with their message on stderr, and an exception nothing caught becomes what Python prints: its traceback
on stderr and exit status 1. What only a process shows (start-up, signals, a terminal, its imports, the
bytes of its streams, a server it starts) is tested with real processes in the files about them.
"""

from __future__ import annotations

import os
import subprocess
import traceback
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

__all__ = ["invoke", "host_heap"]


@contextmanager
def host_heap() -> Iterator[None]:
    """Around a command run in the test process: the heap stays the test process's own.

    The command marks its process as memlane's own (graph.linking.own_process), which lets linking's first
    linked batch ``gc.collect()`` and ``gc.freeze()`` the heap (``_settle_heap``): right in ``memlane``,
    not in the test process hosting it, where that collection walks pytest's whole heap (~0.3 s of CPU a
    command that stores) for a freeze that would be undone at once. Here linking finds the heap settled
    already, and both flags are put back afterwards. The freeze itself is tested in real ``memlane``
    processes (tests/test_linking_heap.py)."""
    from memlane.graph import linking

    ours, settled = linking._heap_is_ours, linking._settled_heap
    linking._settled_heap = True
    try:
        yield
    finally:
        linking._heap_is_ours, linking._settled_heap = ours, settled


def invoke(
    args: Sequence[str],
    env: Mapping[str, str | None] | None = None,
    input: str | bytes | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    text: bool = True,
) -> subprocess.CompletedProcess[Any]:
    """``memlane ARGS`` with ``env`` over this process's environment (a value of None unsets a name), or
    with ``environ`` as its whole environment (as ``subprocess.run(env=...)``); ``input`` on stdin (empty
    when None); ``text=False``: stdout and stderr as UTF-8 bytes, as ``subprocess.run`` gives them without
    ``text=True``."""
    if environ is not None:
        env = {**{name: None for name in os.environ if name not in environ}, **environ}
    from click.testing import CliRunner

    from memlane.cli import main

    with host_heap():
        result = CliRunner().invoke(main, list(args), env=dict(env or {}), input=input, obj={})
    code, stderr = result.exit_code, result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        assert result.exc_info is not None
        stderr += "".join(traceback.format_exception(*result.exc_info))
        code = 1
    if not text:
        return subprocess.CompletedProcess(["memlane", *args], code, result.stdout_bytes, stderr.encode())
    return subprocess.CompletedProcess(["memlane", *args], code, result.stdout, stderr)
