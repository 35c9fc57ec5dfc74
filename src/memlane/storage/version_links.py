"""A memory's version links as its reader may see them: the one rule for every read with a reader.

``replaces`` and ``superseded_by`` name other versions of the memory's chain. A chain is one scope (one
owner and visibility: ``replaces`` must keep them, and a restore refuses a chain of two,
``transfer_export._one_scope``), but a store may still hold a chain that spans two (restored before that
check). There, a link to a version the reader may not read is shown as absent (``None``), as a link to
an unknown id would be: the id of a memory she may not read is never told to her. ``superseded_at``
stays, since the version she reads is no longer the current one (read with history only).

Both backends' reads with a reader (``get``, ``fetch`` — recall and the entity views —, ``chain`` —
history —, ``list_recent``) lay this over what they read; the ids of the links that are not among the
memories read are looked up under the same read rule (``readable``: one query). The reads inside a write
transaction are not filtered: what they decide (the head of a chain, ``MemoryService._head_of``) needs
the links as stored.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from ..models import Memory

__all__ = ["LINKS", "readable_links"]

#: the fields naming another version of the memory's chain
LINKS = ("replaces", "superseded_by")


def readable_links(
    items: Sequence[tuple[int, Memory]], readable: Callable[[list[str]], Collection[str]]
) -> list[tuple[int, Memory]]:
    """``items`` (already read under the reader's scope) with each link to a memory the reader may not
    read set to None; ``readable(ids)``: those of ``ids`` the reader may read."""
    shown = {m.id for _, m in items}
    linked = {i for _, m in items for f in LINKS if (i := getattr(m, f)) is not None and i not in shown}
    if not linked:
        return list(items)
    known = shown | set(readable(sorted(linked)))
    out = []
    for seq, memory in items:
        hidden = {f: None for f in LINKS if (i := getattr(memory, f)) is not None and i not in known}
        out.append((seq, memory.model_copy(update=hidden) if hidden else memory))
    return out
