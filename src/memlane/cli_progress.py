"""Progress on stderr for the CLI's slow steps, when a person is watching.

Library code reports what takes long on the ``memlane.progress`` logger (the one-time preparation of
the local embedding model) or through a callback (``reindex(progress=…)``); the CLI shows them on
stderr, and only when stderr is a terminal and neither ``--json`` nor ``--quiet`` was given, so scripts,
pipes and MCP clients never see a byte of it. Bars are tqdm's: counts, rate and time left.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

from .cli_words import counted

__all__ = ["LOGGER", "ByteBar", "ConversationBar", "ReindexBars", "showing", "wanted"]

LOGGER = "memlane.progress"


def wanted(ctx: click.Context) -> bool:
    obj = ctx.find_root().obj if isinstance(ctx.find_root().obj, dict) else {}
    merged = {**obj, **(ctx.obj if isinstance(ctx.obj, dict) else {})}
    if merged.get("json") or merged.get("quiet"):
        return False
    return bool(getattr(sys.stderr, "isatty", lambda: False)())


@contextmanager
def showing(ctx: click.Context) -> Iterator[bool]:
    """While inside, ``memlane.progress`` messages go to stderr if ``wanted``; yields whether they do."""
    if not wanted(ctx):
        yield False
        return
    logger = logging.getLogger(LOGGER)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(message)s"))
    previous = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        yield True
    finally:
        logger.removeHandler(handler)
        logger.setLevel(previous)


def _size() -> tuple[int, int]:
    """stderr's (columns, rows); a terminal that reports none (0 x 0, e.g. a pseudo-terminal nobody
    sized) gets 80 x 24, since tqdm draws nothing on a terminal of 0 rows."""
    try:
        columns, rows = os.get_terminal_size(sys.stderr.fileno())
    except (OSError, ValueError):
        columns, rows = 0, 0
    return (columns if columns > 0 else 80), (rows if rows > 0 else 24)


_PHASES = {"embedding": "embedding", "keys": "rebuilding keys"}


class ReindexBars:
    """``reindex(progress=bars)``: one tqdm bar per phase on stderr (``disable``d when not wanted)."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._bar: Any = None
        self._phase = ""

    def __call__(self, phase: str, done: int, total: int) -> None:
        if not self.enabled:
            return
        if phase != self._phase:
            from tqdm import tqdm

            self.close()
            self._phase = phase
            self._bar = tqdm(total=total, desc=_PHASES.get(phase, phase), unit=" memories", file=sys.stderr,
                             ncols=_size()[0], nrows=_size()[1], mininterval=0.2)  # fmt: skip
        self._bar.total = max(total, done)
        self._bar.update(done - self._bar.n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


class ByteBar:
    """``progress(done_bytes, total_bytes)``: one tqdm bar in bytes on stderr (nothing when not wanted)."""

    def __init__(self, enabled: bool, desc: str) -> None:
        self.enabled = enabled
        self.desc = desc
        self._bar: Any = None

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        if self._bar is None:
            from tqdm import tqdm

            self._bar = tqdm(total=total, desc=self.desc, unit="B", unit_scale=True, file=sys.stderr,
                             ncols=_size()[0], nrows=_size()[1], mininterval=0.2)  # fmt: skip
        self._bar.total = max(total, done)
        self._bar.update(done - self._bar.n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


class ConversationBar:
    """``conversation_progress(report, done_bytes, total_bytes)`` of ``import --conversations``: the
    export read so far (bytes) with the conversations and memories done as the bar's postfix."""

    def __init__(self, enabled: bool) -> None:
        self._bytes = ByteBar(enabled, "conversations")

    def __call__(self, report: Any, done: int, total: int) -> None:
        self._bytes(done, total)
        bar = self._bytes._bar
        if bar is not None:
            bar.set_postfix_str(
                f"{counted(report.conversations, 'chat')},"
                f" {counted(report.memories_added + report.memories_updated, 'memory', 'memories')}",
                refresh=False,
            )

    def close(self) -> None:
        self._bytes.close()
