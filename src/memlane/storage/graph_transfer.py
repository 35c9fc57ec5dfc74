"""The entity graph in memlane's export (docs/import.md): the rows each backend reads and writes for
``EntityReads.export_graph`` / ``EntityWrites.restore_graph``, in one backend-neutral form; pure.

Every value is JSON-ready. Times are ``to_db`` text (``YYYY-MM-DDTHH:MM:SS.ffffffZ``), which both
backends read; a merge's snapshot (what it moved, so that ``unmerge`` can put it back) names memories
by id, not by the store's internal seq, and its edges' times and provenance in the same text forms.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, TypedDict

from ..timeutil import from_db, to_db

__all__ = ["GraphRows", "snapshot_in", "snapshot_out", "time_text"]


class GraphRows(TypedDict):
    #: {id, owner, visibility, type, name, attributes, merged_into, created_at, updated_at,
    #:  aliases: [[alias, normalised]…], external_ids: […], keys: […]}
    entities: list[dict[str, Any]]
    #: {id, src, relation, dst, provenance, valid_from, valid_to, created_at}
    edges: list[dict[str, Any]]
    #: {memory, entity, role}
    links: list[dict[str, Any]]
    #: {id, into, merged, actor, merged_at, unmerged_at, snapshot}
    merges: list[dict[str, Any]]


def time_text(value: Any) -> str | None:
    """A stored time (text of either backend, or a datetime) as ``to_db`` text."""
    if value is None:
        return None
    if isinstance(value, str):
        return to_db(from_db(value))
    return to_db(value)


def _edge_row(edge: list[Any]) -> list[Any]:
    edge_id, src, relation, dst, provenance, valid_from, valid_to, created_at = edge
    if provenance is not None and not isinstance(provenance, str):
        provenance = json.dumps(provenance)
    return [edge_id, src, relation, dst, provenance, time_text(valid_from), time_text(valid_to),
            time_text(created_at)]  # fmt: skip


def snapshot_out(snapshot: Mapping[str, Any], memory_id: Callable[[int], str | None]) -> dict[str, Any]:
    """A stored merge snapshot in the export's form (memories by id; links to memories that are gone
    are dropped, as unmerge would skip them)."""
    out = dict(snapshot)
    for key in ("links", "added_links"):
        out[key] = [[memory_id(int(seq)), role] for seq, role in snapshot.get(key, [])]
        out[key] = [link for link in out[key] if link[0] is not None]
    out["edges"] = [_edge_row(list(e)) for e in snapshot.get("edges", [])]
    return out


def snapshot_in(snapshot: Mapping[str, Any], memory_seq: Callable[[str], int | None]) -> dict[str, Any]:
    """The export's snapshot back in the stores' form (memories by this store's seq)."""
    out = dict(snapshot)
    for key in ("links", "added_links"):
        out[key] = [[memory_seq(str(mid)), role] for mid, role in snapshot.get(key, [])]
        out[key] = [link for link in out[key] if link[0] is not None]
    out["edges"] = [_edge_row(list(e)) for e in snapshot.get("edges", [])]
    return out
