"""SQLite: the memories that state each edge read from text (``entity_edge_sources``, migration 22).

An edge read from text (``graph.text_links``) is one row per (src, relation, dst); each memory whose
text states it is a source row. The edge lives while one of its sources does:

* forgetting memories deletes their source rows and the edges no other memory states (an edge another
  memory still states stays, its ``provenance.memory`` naming the latest of them; it ends when none of
  them is current any more);
* a new version of a memory, or its archiving, ends the open edges no other *current* memory states
  (not superseded, not archived, not expired); archiving records it on the source row, so that
  restoring the memory opens those edges again (when nothing has changed their end since).

The source rows have no foreign key to ``entity_edges``: a merge deletes the folded entity's edges and an
unmerge inserts them again under their ids (``merge_entities`` / ``unmerge_entities``), and their sources
must come back with them. Mirrors ``storage/postgres/edge_sources.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from ...timeutil import to_db

#: another source of edge ``entity_edges.id`` than the memories bound in ``{ids}`` that is current
_OTHER_CURRENT = (
    "EXISTS (SELECT 1 FROM entity_edge_sources o JOIN memories m ON m.id = o.memory_id"
    " WHERE o.edge_id = entity_edges.id AND o.memory_id NOT IN ({ids}) AND m.superseded_by IS NULL"
    " AND m.state <> 'archived' AND (m.expires_at IS NULL OR m.expires_at > ?))"
)
_OTHER = (
    "EXISTS (SELECT 1 FROM entity_edge_sources o WHERE o.edge_id = entity_edges.id"
    " AND o.memory_id NOT IN ({ids}))"
)
_STATED_BY = "id IN (SELECT edge_id FROM entity_edge_sources WHERE memory_id IN ({ids}))"


class EdgeSourceOps:
    """The source rows' writes for ``_Txn`` (``self.cur`` is the transaction's cursor)."""

    cur: Any

    def add_edge_source(self, edge_id: str, memory_id: str, at: datetime) -> None:
        self.cur.execute(
            "INSERT INTO entity_edge_sources (edge_id, memory_id, stated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (edge_id, memory_id) DO UPDATE SET stated_at = excluded.stated_at, ended_at = NULL",
            (edge_id, memory_id, to_db(at)),
        )

    def copy_edge_sources(self, from_edge: str, to_edge: str) -> None:
        """The sources of ``from_edge`` also for ``to_edge`` (a merge moves an edge to a new id)."""
        self.cur.execute(
            "INSERT INTO entity_edge_sources (edge_id, memory_id, stated_at, ended_at)"
            " SELECT ?, memory_id, stated_at, ended_at FROM entity_edge_sources WHERE edge_id = ?"
            " ON CONFLICT DO NOTHING",
            (to_edge, from_edge),
        )

    def drop_edge_sources(self, edge_id: str) -> None:
        self.cur.execute("DELETE FROM entity_edge_sources WHERE edge_id = ?", (edge_id,))

    def end_stated_edges(self, memory_ids: Sequence[str], at: datetime) -> None:
        """End the open edges these memories state and no other current memory does."""
        if not memory_ids:
            return
        ids = ",".join("?" * len(memory_ids))
        self.cur.execute(
            f"UPDATE entity_edges SET valid_to = ? WHERE valid_to IS NULL AND {_STATED_BY.format(ids=ids)}"
            f" AND NOT {_OTHER_CURRENT.format(ids=ids)}",
            (to_db(at), *memory_ids, *memory_ids, to_db(at)),
        )

    def forget_stated_edges(self, seq_marks: str, seqs: Sequence[int], at: datetime) -> None:
        """Before memories ``seqs`` are deleted: delete the edges only they state, hand the others'
        provenance to their latest other source (ending them when no current memory states them), and
        delete the memories' source rows."""
        ids = f"SELECT id FROM memories WHERE seq IN ({seq_marks})"
        stated, other = _STATED_BY.format(ids=ids), _OTHER.format(ids=ids)
        self.cur.execute(f"DELETE FROM entity_edges WHERE {stated} AND NOT {other}", (*seqs, *seqs))
        # (an edge of a store older than migration 22 whose provenance names the memory, no source row)
        self.cur.execute(
            f"DELETE FROM entity_edges WHERE json_extract(provenance, '$.memory') IN ({ids}) AND NOT {other}",
            (*seqs, *seqs),
        )
        self.cur.execute(
            f"UPDATE entity_edges SET valid_to = ? WHERE valid_to IS NULL AND {stated}"
            f" AND NOT {_OTHER_CURRENT.format(ids=ids)}",
            (to_db(at), *seqs, *seqs, to_db(at)),
        )
        self.cur.execute(
            "UPDATE entity_edges SET provenance = json_set(provenance, '$.memory', (SELECT o.memory_id"
            " FROM entity_edge_sources o WHERE o.edge_id = entity_edges.id AND o.memory_id NOT IN"
            f" ({ids}) ORDER BY o.stated_at DESC, o.memory_id LIMIT 1))"
            f" WHERE json_extract(provenance, '$.memory') IN ({ids})",
            (*seqs, *seqs),
        )
        self.cur.execute(f"DELETE FROM entity_edge_sources WHERE memory_id IN ({ids})", seqs)

    def archive_stated_edges(self, memory_id: str, at: datetime) -> None:
        """End the open edges only ``memory_id`` (being archived) states, noting it on its source rows."""
        stamp = to_db(at)
        self.cur.execute(
            "UPDATE entity_edge_sources SET ended_at = ? WHERE memory_id = ? AND edge_id IN"
            " (SELECT id FROM entity_edges WHERE valid_to IS NULL AND id IN (SELECT edge_id FROM"
            f" entity_edge_sources WHERE memory_id = ?) AND NOT {_OTHER_CURRENT.format(ids='?')})",
            (stamp, memory_id, memory_id, memory_id, stamp),
        )
        self.cur.execute(
            "UPDATE entity_edges SET valid_to = ? WHERE valid_to IS NULL AND id IN"
            " (SELECT edge_id FROM entity_edge_sources WHERE memory_id = ? AND ended_at = ?)",
            (stamp, memory_id, stamp),
        )

    def restore_stated_edges(self, memory_id: str) -> None:
        """Open again the edges archiving ``memory_id`` ended, unless their end has changed since."""
        self.cur.execute(
            "UPDATE entity_edges SET valid_to = NULL WHERE id IN (SELECT edge_id FROM entity_edge_sources"
            " WHERE memory_id = ? AND ended_at IS NOT NULL) AND valid_to = (SELECT s.ended_at FROM"
            " entity_edge_sources s WHERE s.edge_id = entity_edges.id AND s.memory_id = ?)",
            (memory_id, memory_id),
        )
        self.cur.execute(
            "UPDATE entity_edge_sources SET ended_at = NULL WHERE memory_id = ? AND ended_at IS NOT NULL",
            (memory_id,),
        )
