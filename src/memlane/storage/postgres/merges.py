"""PostgreSQL: consolidation's batched reads and writes (``WriteTxn.chains_of`` and ``write_merges``).

Consolidation merges thousands of clusters. One transaction per cluster cost ~20 round trips each (178
ms per cluster at load 20 on a shared 2-core machine, docs/benchmarks.md); here a batch of clusters costs
a fixed number of statements whatever its size: one locks every chain, one reads them, one moves every
version, one pipelined insert writes the new items, one copies the entity links. The chains are locked
in the one canonical order every writer uses (``_Txn._lock_chains``), so a batch and a concurrent
writer never deadlock.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ...models import Actor, Memory
from ..base import Merge, NewMemory
from .access import copy_access
from .rows import _ALL, _COLUMNS, _row_to_memory, _scope

__all__ = ["MergeWriteOps"]


class MergeWriteOps:
    """``chains_of`` and ``write_merges`` for ``_Txn`` (``self.conn``: the transaction's connection)."""

    conn: Any
    memories_retired: int

    if TYPE_CHECKING:

        def _insert_many(self, rows: Sequence[NewMemory]) -> list[int | None]: ...
        def lock_chains_of(self, memory_ids: Sequence[str]) -> None: ...
        def flush_entities(self, *, bump: bool = True, audit: Sequence[Any] = ()) -> None: ...

    def chains_of(self, actor: Actor, memory_ids: Sequence[str]) -> dict[str, tuple[str, list[Memory]]]:
        ids = list(dict.fromkeys(memory_ids))
        if not ids:
            return {}
        self.lock_chains_of(ids)
        where, params = _scope(actor, _ALL, None)
        found: dict[str, tuple[str, list[Memory]]] = {}
        for row in self.conn.execute(
            f"SELECT {_COLUMNS}, m.chain_id, t.id FROM memories m JOIN memories t ON t.chain_id = m.chain_id"
            f" WHERE t.id = ANY(%s::text[]) AND {where} ORDER BY m.seq",
            (ids, *params),
        ).fetchall():
            found.setdefault(str(row[-1]), (str(row[-2]), []))[1].append(_row_to_memory(row[:-2])[1])
        return found

    def write_merges(self, merges: Sequence[Merge], at: datetime) -> list[int | None]:
        """The versions' chains were locked by ``chains_of``; the new items' chains are new ids that no
        other transaction knows before COMMIT, so nothing more is locked."""
        self.flush_entities(bump=False)  # (link rows held back: read below)
        links = [link for merge in merges for link in merge.links]
        if links:
            self.memories_retired += 1
            self.conn.execute(
                "UPDATE memories m SET chain_id = u.chain, superseded_by = u.new_by, superseded_at = u.new_at,"
                " updated_at = %s FROM unnest(%s::text[], %s::text[], %s::text[], %s::timestamptz[])"
                " AS u(id, chain, new_by, new_at) WHERE m.id = u.id",
                (at, *(list(column) for column in zip(*links, strict=True))),
            )
        seqs = self._insert_many([merge.row for merge in merges])
        pairs = [
            (seq, member)
            for merge, seq in zip(merges, seqs, strict=True)
            if seq is not None
            for member in merge.members
        ]
        if pairs:  # the members' entity links, on their new item (as ``copy_entity_links``, for many)
            self.conn.execute(
                "INSERT INTO memory_entity_links (entity_id, memory_seq, role) SELECT DISTINCT l.entity_id,"
                " u.seq, l.role FROM unnest(%s::bigint[], %s::text[]) AS u(seq, id) JOIN memories m ON m.id = u.id"
                " JOIN memory_entity_links l ON l.memory_seq = m.seq ORDER BY 2, 1, 3 ON CONFLICT DO NOTHING",
                ([s for s, _ in pairs], [i for _, i in pairs]),
            )
            copy_access(self.conn, pairs)
        return seqs
