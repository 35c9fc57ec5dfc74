"""The words a regular expression cannot match without: a cheap test that skips a search.

``needed(pattern)`` reads a compiled pattern's parse (``re._parser``) once and returns strings of which
every match of the pattern contains at least one (a literal run it always passes through, or one of the
literal runs of each branch of an alternation it always passes through), or None when no such set is
known. ``may_match(needs, text, low)`` is False only when the pattern cannot match ``text`` (none of
the strings is in it), so a caller that skips the search then finds exactly what the search would have
found. Case-insensitive patterns are tested against ``text.lower()``, and only for ASCII text (where
ignoring case is lower-casing; outside ASCII, "ſ" matches "s"), otherwise the search is never skipped.

``LazyPattern``: a regular expression compiled on its first search, not at import (compiling the text
analysis's patterns cost every process ~0.1 s of CPU at import, commands that read no text included);
``needed`` reads its source without compiling it, so a pattern whose words a text lacks is never
compiled. ``compile_patterns()`` compiles every one made so far (a service's warm-up).
"""

from __future__ import annotations

import re
import re._constants as _c  # type: ignore[import-not-found,unused-ignore]
import re._parser as _p  # type: ignore[import-not-found,unused-ignore]
import sys
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["LazyPattern", "Needs", "compile_patterns", "may_match", "needed"]

#: (the strings, whether compared with the lower-cased text), or None: no test, always search
Needs = tuple[tuple[str, ...], bool] | None


class LazyPattern:
    """``re.compile(pattern, flags)``, compiled on first use: ``pattern`` and ``flags`` read without
    compiling, the searches of :class:`re.Pattern` (``search``, ``match``, ``fullmatch``, ``finditer``,
    ``findall``, ``sub``) on the compiled pattern."""

    __slots__ = ("_compiled", "flags", "pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None
        _MADE.append(self)

    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
        return self._compiled

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().fullmatch(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        return self.compiled().finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return self.compiled().findall(string, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled().sub(repl, string, count)

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern!r}, {self.flags})"


#: every LazyPattern made (they are module constants: a fixed number per process)
_MADE: list[LazyPattern] = []


def compile_patterns() -> None:
    """Compile every :class:`LazyPattern` made so far (a warm-up: the first searches then compile none)."""
    for pattern in _MADE:
        pattern.compiled()


def needed(pattern: re.Pattern[str] | LazyPattern) -> Needs:
    """What ``pattern`` cannot match without (see the module docstring)."""
    fold = bool(pattern.flags & re.IGNORECASE)
    try:
        found = _sequence(list(_p.parse(pattern.pattern, pattern.flags)), fold)
    except Exception:  # (a parse this reader does not know: no test)
        return None
    if not found or any(not s for s in found):
        return None
    return tuple(sorted(found, key=lambda s: (-len(s), s))), fold


def may_match(needs: Needs, text: str, low: str) -> bool:
    """False only when the pattern ``needs`` was read from cannot match ``text`` (``low``: the text
    lower-cased, as the caller has it)."""
    if needs is None:
        return True
    strings, fold = needs
    if fold:
        if not text.isascii():
            return True
        text = low
    for s in strings:  # noqa: SIM110 (a loop: ``any`` over a generator costs more than the look-ups)
        if s in text:
            return True
    return False


def _better(a: frozenset[str] | None, b: frozenset[str] | None) -> frozenset[str] | None:
    """The more selective of two sets (its shortest string the longer; then the fewer strings)."""
    if a is None:
        return b
    if b is None:
        return a
    rank = lambda s: (min(map(len, s)), -len(s))  # noqa: E731
    return a if rank(a) >= rank(b) else b


def _sequence(items: list[tuple[Any, Any]], fold: bool) -> frozenset[str] | None:
    """Strings one of which every match of this sequence of items contains, or None."""
    best: frozenset[str] | None = None
    run: list[str] = []

    def take_run() -> None:
        nonlocal best
        if run:
            literal = "".join(run)
            if not fold or literal.isascii():  # (a folded non-ASCII letter may match an ASCII one)
                best = _better(best, frozenset({literal.lower() if fold else literal}))
            run.clear()

    for op, arg in items:
        if op is _c.LITERAL:
            run.append(chr(arg))
            continue
        take_run()
        best = _better(best, _item(op, arg, fold))
    take_run()
    return best


def _item(op: Any, arg: Any, fold: bool) -> frozenset[str] | None:
    if op is _c.SUBPATTERN:
        _, add, remove, sub = arg
        return None if (add or remove) else _sequence(list(sub), fold)
    if op is _c.BRANCH:
        found: set[str] = set()
        for branch in arg[1]:
            part = _sequence(list(branch), fold)
            if part is None:
                return None
            found |= part
        return frozenset(found)
    if op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
        low, _, sub = arg
        return _sequence(list(sub), fold) if low >= 1 else None
    if op is _c.ATOMIC_GROUP:
        return _sequence(list(arg), fold)
    return None  # (character classes, anchors, look-arounds, back-references: nothing needed)
