"""Conversation neighbours: which stored items were said next to a hit, decided alike on every backend.

A conversation exists only where the caller said so: items whose ``provenance.conversation_id`` is the
same non-empty string (in the same workspace, owner and space). Nothing is guessed from source or timing.
A backend reads the rows ``seqs_around`` its hits (one primary-key lookup, unscoped) and hands them to
``conversation_neighbours``; the neighbours of a hit are the nearest items of its conversation in storage
order, up to ``window`` on each side, found within ``SEARCH_RADIUS`` places per neighbour wanted (other
writers' items may be stored in between).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["SEARCH_RADIUS", "conversation_neighbours", "seqs_around"]

#: places searched on each side of a hit, per neighbour wanted
SEARCH_RADIUS = 8


def seqs_around(seqs: Sequence[int], window: int) -> list[int]:
    """Every seq a neighbour lookup of ``window`` needs to read around ``seqs`` (those included)."""
    reach = window * SEARCH_RADIUS
    return sorted({s + d for s in seqs for d in range(-reach, reach + 1)})


def conversation_neighbours(
    seqs: Sequence[int], window: int, rows: Sequence[Sequence[Any]]
) -> dict[int, list[int]]:
    """For each of ``seqs`` that belongs to a conversation: the nearest ``window`` items before it and
    after it in the same conversation, nearest first on each side.

    ``rows`` are ``(seq, workspace, owner, space, conversation_id)`` as the backend reads them, with
    ``conversation_id`` None unless the item's provenance names one as a non-empty string."""
    info = {int(r[0]): tuple(r[1:]) for r in rows}
    reach = window * SEARCH_RADIUS
    out: dict[int, list[int]] = {}
    for c in seqs:
        key = info.get(c)
        if key is None or not key[-1]:
            continue
        found: list[int] = []
        for step in (-1, 1):
            side = 0
            for d in range(1, reach + 1):
                n = c + step * d
                if info.get(n) == key:
                    found.append(n)
                    side += 1
                    if side == window:
                        break
        if found:
            out[c] = found
    return out
