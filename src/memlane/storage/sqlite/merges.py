"""SQLite: consolidation's batched reads and writes (``WriteTxn.chains_of`` and ``write_merges``).

The same operations as on PostgreSQL (``storage/postgres/merges.py``). Writers are serialised by the
write transaction, so nothing is locked; a statement costs no round trip here, so the writes reuse the
per-item operations.
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

#: ids per read (SQLite's default limit of bound parameters is 32,766)
_CHUNK = 5000


class MergeWriteOps:
    """``chains_of`` and ``write_merges`` for ``_Txn`` (``self.cur``: the transaction's cursor)."""

    cur: Any

    if TYPE_CHECKING:

        def insert(self, row: NewMemory) -> int: ...

        def relink(
            self, links: Sequence[tuple[str, str, str | None, datetime | None]], at: datetime
        ) -> None: ...

        def copy_entity_links(self, memory_seq: int, from_ids: Sequence[str]) -> None: ...

    def chains_of(self, actor: Actor, memory_ids: Sequence[str]) -> dict[str, tuple[str, list[Memory]]]:
        ids = list(dict.fromkeys(memory_ids))
        where, params = _scope(actor, _ALL, None)
        found: dict[str, tuple[str, list[Memory]]] = {}
        for start in range(0, len(ids), _CHUNK):
            part = ids[start : start + _CHUNK]
            for row in self.cur.execute(
                f"SELECT {_COLUMNS}, m.chain_id, t.id FROM memories t CROSS JOIN memories m"
                f" ON m.chain_id = t.chain_id WHERE t.id IN ({','.join('?' * len(part))}) AND {where}"
                " ORDER BY m.seq",
                (*part, *params),
            ).fetchall():
                found.setdefault(str(row[-1]), (str(row[-2]), []))[1].append(_row_to_memory(row[:-2])[1])
        return found

    def write_merges(self, merges: Sequence[Merge], at: datetime) -> list[int | None]:
        self.relink([link for merge in merges for link in merge.links], at)
        seqs: list[int | None] = []
        for merge in merges:
            seq = self.insert(merge.row)
            self.copy_entity_links(seq, merge.members)
            copy_access(self.cur, seq, merge.members)
            seqs.append(seq)
        return seqs
