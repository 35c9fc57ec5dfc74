"""Counts in the CLI's human output: ``1 conversation``, ``2 conversations`` (not ``1 conversations``,
nor ``message(s)``). Every ``cli*.py`` module may import it (they cannot import ``cli``); ``--json``
output keeps its numbers and is not touched."""

from __future__ import annotations

__all__ = ["counted"]


def counted(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the noun in the number it takes: ``counted(1, "memory", "memories")`` is ``1 memory``;
    ``many`` defaults to ``one`` + "s"."""
    return f"{n} {one if n == 1 else (many or one + 's')}"
