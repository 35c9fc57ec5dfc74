"""PostgreSQL: the memories that state each edge read from text (``entity_edge_sources``, migration 22).

The rules are ``storage/sqlite/edge_sources.py``'s (read its docstring): an edge read from text lives
while one of the memories stating it does; forgetting deletes the edges no other memory states, a new
version or archiving ends the open edges no other current memory states, restoring an archived memory
opens again what its archiving ended. No foreign key to ``entity_edges`` (merges delete and unmerges
restore edges under their ids, with their sources).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

#: another source of edge ``entity_edges.id`` than the memories ``{ids}`` that is current
_OTHER_CURRENT = (
    "EXISTS (SELECT 1 FROM entity_edge_sources o JOIN memories m ON m.id = o.memory_id"
    " WHERE o.edge_id = entity_edges.id AND NOT (o.memory_id = ANY({ids})) AND m.superseded_by IS NULL"
    " AND m.state <> 'archived' AND (m.expires_at IS NULL OR m.expires_at > %s))"
)
_OTHER = (
    "EXISTS (SELECT 1 FROM entity_edge_sources o WHERE o.edge_id = entity_edges.id"
    " AND NOT (o.memory_id = ANY({ids})))"
)
_STATED_BY = "id IN (SELECT edge_id FROM entity_edge_sources WHERE memory_id = ANY({ids}))"
_IDS = "%s::text[]"


class EdgeSourceOps:
    """The source rows' writes for ``_Txn`` (``self.conn`` is the transaction's connection)."""

    conn: Any

    def add_edge_source(self, edge_id: str, memory_id: str, at: datetime) -> None:
        self.conn.execute(
            "INSERT INTO entity_edge_sources (edge_id, memory_id, stated_at) VALUES (%s, %s, %s)"
            " ON CONFLICT (edge_id, memory_id) DO UPDATE SET stated_at = excluded.stated_at, ended_at = NULL",
            (edge_id, memory_id, at),
        )

    def copy_edge_sources(self, from_edge: str, to_edge: str) -> None:
        """The sources of ``from_edge`` also for ``to_edge`` (a merge moves an edge to a new id)."""
        self.conn.execute(
            "INSERT INTO entity_edge_sources (edge_id, memory_id, stated_at, ended_at)"
            " SELECT %s, memory_id, stated_at, ended_at FROM entity_edge_sources WHERE edge_id = %s"
            " ON CONFLICT DO NOTHING",
            (to_edge, from_edge),
        )

    def drop_edge_sources(self, edge_id: str) -> None:
        self.conn.execute("DELETE FROM entity_edge_sources WHERE edge_id = %s", (edge_id,))

    def end_stated_edges(self, memory_ids: Sequence[str], at: datetime) -> None:
        """End the open edges these memories state and no other current memory does."""
        if not memory_ids:
            return
        ids = list(memory_ids)
        self.conn.execute(
            f"UPDATE entity_edges SET valid_to = %s WHERE valid_to IS NULL AND {_STATED_BY.format(ids=_IDS)}"
            f" AND NOT {_OTHER_CURRENT.format(ids=_IDS)}",
            (at, ids, ids, at),
        )

    def forget_stated_edges(self, memory_ids: Sequence[str], at: datetime) -> None:
        """Before memories ``memory_ids`` are deleted: delete the edges only they state, hand the
        others' provenance to their latest other source (ending them when no current memory states
        them), and delete the memories' source rows."""
        if not memory_ids:
            return
        ids = list(memory_ids)
        stated, other = _STATED_BY.format(ids=_IDS), _OTHER.format(ids=_IDS)
        run = self.conn.execute
        run(f"DELETE FROM entity_edges WHERE {stated} AND NOT {other}", (ids, ids))
        # (an edge of a store older than migration 22 whose provenance names the memory, no source row)
        run(
            f"DELETE FROM entity_edges WHERE (provenance->>'memory') = ANY({_IDS}) AND NOT {other}",
            (ids, ids),
        )
        run(
            f"UPDATE entity_edges SET valid_to = %s WHERE valid_to IS NULL AND {stated}"
            f" AND NOT {_OTHER_CURRENT.format(ids=_IDS)}",
            (at, ids, ids, at),
        )
        run(
            # (the object rebuilt in its own key order: ``provenance`` is the caller's text, migration 37)
            "UPDATE entity_edges SET provenance = (SELECT json_object_agg(f.key, CASE WHEN f.key = 'memory'"
            " THEN to_json(o.memory_id) ELSE f.value END ORDER BY f.n)"
            " FROM json_each(entity_edges.provenance) WITH ORDINALITY AS f(key, value, n),"
            " (SELECT o.memory_id FROM entity_edge_sources o WHERE o.edge_id = entity_edges.id"
            " AND NOT (o.memory_id = ANY(%s::text[])) ORDER BY o.stated_at DESC, o.memory_id LIMIT 1) o)"
            " WHERE (provenance->>'memory') = ANY(%s::text[])",
            (ids, ids),
        )
        run("DELETE FROM entity_edge_sources WHERE memory_id = ANY(%s::text[])", (ids,))

    def archive_stated_edges(self, memory_id: str, at: datetime) -> None:
        """End the open edges only ``memory_id`` (being archived) states, noting it on its source rows."""
        ids = [memory_id]
        self.conn.execute(
            "UPDATE entity_edge_sources SET ended_at = %s WHERE memory_id = %s AND edge_id IN"
            " (SELECT id FROM entity_edges WHERE valid_to IS NULL AND id IN (SELECT edge_id FROM"
            f" entity_edge_sources WHERE memory_id = %s) AND NOT {_OTHER_CURRENT.format(ids=_IDS)})",
            (at, memory_id, memory_id, ids, at),
        )
        self.conn.execute(
            "UPDATE entity_edges SET valid_to = %s WHERE valid_to IS NULL AND id IN"
            " (SELECT edge_id FROM entity_edge_sources WHERE memory_id = %s AND ended_at = %s)",
            (at, memory_id, at),
        )

    def restore_stated_edges(self, memory_id: str) -> None:
        """Open again the edges archiving ``memory_id`` ended, unless their end has changed since."""
        self.conn.execute(
            "UPDATE entity_edges SET valid_to = NULL WHERE id IN (SELECT edge_id FROM entity_edge_sources"
            " WHERE memory_id = %s AND ended_at IS NOT NULL) AND valid_to = (SELECT s.ended_at FROM"
            " entity_edge_sources s WHERE s.edge_id = entity_edges.id AND s.memory_id = %s)",
            (memory_id, memory_id),
        )
        self.conn.execute(
            "UPDATE entity_edge_sources SET ended_at = NULL WHERE memory_id = %s AND ended_at IS NOT NULL",
            (memory_id,),
        )
