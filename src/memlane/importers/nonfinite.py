"""JSON with ``NaN``, ``Infinity`` and ``-Infinity``: not JSON, but what Python's ``json`` (and the tools
some exports pass through) writes for a missing or broken number, such as a ChatGPT export's
``create_time``. The streaming parser refuses them; this stream reads each one as ``null`` (a time that
is not there), outside strings only, chunk by chunk, so large files stay out of memory.
"""

from __future__ import annotations

import io
import re
from typing import IO

__all__ = ["NonFiniteAsNull"]

#: a whole string (left as it is), or a non-finite number (read as null)
_TOKENS = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"|-?Infinity|NaN')
#: a whole string, or the opening quote of one the chunk cuts off
_STRINGS = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"|"')
_WORDS = (b"NaN", b"Infinity", b"-Infinity")
#: what a chunk may end with that could be the start of one of ``_WORDS``
_LETTERS = frozenset(bytes([c]) for c in b"-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_CHUNK = 1 << 20


def _null(match: re.Match[bytes]) -> bytes:
    token = match.group(0)
    return token if token.startswith(b'"') else b"null"


def _whole(data: bytes) -> int:
    """Where ``data`` may be cut: before a string it does not close, or a word it may not finish."""
    cut = len(data)
    for match in _STRINGS.finditer(data):
        if match.group(0) == b'"':
            cut = match.start()
            break
    start = cut
    while start > 0 and cut - start < 10 and data[start - 1 : start] in _LETTERS:
        start -= 1
    tail = data[start:cut]
    if tail and any(word.startswith(tail) and word != tail for word in _WORDS):
        return start
    return cut


class NonFiniteAsNull(io.RawIOBase):
    """``stream`` with every ``NaN``, ``Infinity`` and ``-Infinity`` outside strings read as ``null``."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._stream = stream
        self._carry = b""
        self._out = b""
        self._done = False

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        while not self._out and not self._done:
            chunk = self._stream.read(_CHUNK)
            data = self._carry + chunk
            cut = _whole(data) if chunk else len(data)
            self._done = not chunk
            self._carry = data[cut:]
            self._out = _TOKENS.sub(_null, data[:cut])
        n = min(len(buffer), len(self._out))
        buffer[:n] = self._out[:n]
        self._out = self._out[n:]
        return n
