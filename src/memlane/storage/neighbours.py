"""Conversation neighbours: which stored items count as said next to a hit, decided alike on every backend.

A backend reads the rows ``seqs_around`` its hits (one lookup by seq, unscoped) and hands them to
``conversation_neighbours``: only how an observation time is read and subtracted differs between
backends, so that is passed in (``hours_apart``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["conversation_neighbours", "seqs_around"]


def seqs_around(seqs: Sequence[int], window: int) -> list[int]:
    """Every seq within ``window`` places of one of ``seqs`` (those included), in order."""
    return sorted({s + d for s in seqs for d in range(-window, window + 1)})


def conversation_neighbours(
    seqs: Sequence[int],
    window: int,
    hours: float,
    rows: Sequence[Sequence[Any]],
    hours_apart: Callable[[Any, Any], float],
) -> dict[int, list[int]]:
    """For each of ``seqs``: the seqs stored within ``window`` places of it in the same conversation (same
    workspace, owner, space and source), observed within ``hours`` of it.

    ``rows`` are ``(seq, workspace, owner, space, source, observed)``, as the backend reads them;
    ``hours_apart(a, b)`` is the distance in hours between two of their ``observed`` values. A row whose
    ``observed`` could not be read (None) has no neighbours and is nobody's."""
    info = {int(r[0]): r[1:] for r in rows if r[-1] is not None}
    out: dict[int, list[int]] = {}
    for c in seqs:
        if c not in info:
            continue
        *conversation, at = info[c]
        for n in range(c - window, c + window + 1):
            other = info.get(n)
            same = n != c and other is not None and list(other[:-1]) == conversation
            if same and hours_apart(other[-1], at) <= hours:  # type: ignore[index]
                out.setdefault(c, []).append(n)
    return out
