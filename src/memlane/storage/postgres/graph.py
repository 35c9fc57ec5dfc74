"""PostgreSQL reads of the graph lane (``GraphReads``): the entities a query names, how many readable
memories each is linked to, its one-hop neighbours and the memories linked to them. Every statement
applies the one read rule (``_visible`` to entities, ``_scope`` to memories) inside itself. Mirrors
``storage/sqlite/graph.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from ...models import Actor, Entity, Filters
from .entities import _ENTITY, _entities
from .entity_versions import GENERATION
from .rows import _scope, _visible


def _scoped_probe(actor: Actor, table: str) -> tuple[str, list[Any]]:
    """The read rule on a table whose primary key starts (workspace, owner, visibility), spelt so that
    the key's index is probed per scope the actor reads."""
    owners = [actor.owner, *actor.readable_shared_owners()]
    visible, params = _visible(actor, table)
    return (
        f"{table}.workspace = %s AND {table}.owner = ANY(%s::text[])"
        f" AND {table}.visibility IN ('personal', 'shared') AND {visible}",
        [actor.workspace, owners, *params],
    )


class GraphReadOps:
    """``GraphReads`` for ``PostgresStore``."""

    def _graph_rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return self._rows(sql, params)  # type: ignore[attr-defined,no-any-return]

    def entity_generation(self) -> int:
        """The sum of the scopes' versions (``entity_versions.py``): every committed entity change
        moves one of them."""
        rows = self._graph_rows(GENERATION)
        return int(rows[0][0]) if rows else 0

    def memory_generation(self) -> int:
        # moved by triggers (migration 20) as the transaction of every change commits, whoever writes
        rows = self._graph_rows("SELECT value FROM memory_generation")
        return int(rows[0][0]) if rows else 0

    def expiry_window(self, now: datetime) -> tuple[datetime | None, datetime | None]:
        rows = self._graph_rows(
            "SELECT (SELECT max(expires_at) FROM memories WHERE expires_at <= %s),"
            " (SELECT min(expires_at) FROM memories WHERE expires_at > %s)",
            (now, now),
        )
        last, first = rows[0] if rows else (None, None)
        return last, first

    def entity_link_seqs(self, entity_id: str, limit: int) -> list[int] | None:
        rows = self._graph_rows(
            "SELECT DISTINCT memory_seq FROM memory_entity_links WHERE entity_id = %s LIMIT %s",
            (entity_id, limit + 1),
        )
        return None if len(rows) > limit else [int(seq) for (seq,) in rows]

    def entity_ids_by_keys(
        self, actor: Actor, keys: Sequence[str], external_ids: Sequence[str], limit: int
    ) -> list[tuple[str, str]]:
        parts: list[str] = []
        params: list[Any] = []
        if keys:
            by_key, kparams = _scoped_probe(actor, "k")
            parts.append(
                "SELECT k.key, k.entity_id FROM entity_blocking_keys k JOIN entities e ON e.id = k.entity_id"
                f" AND e.merged_into IS NULL WHERE {by_key} AND k.key = ANY(%s::text[])"
            )
            params += [*kparams, list(keys)]
        if external_ids:
            by_id, xparams = _scoped_probe(actor, "x")
            parts.append(
                "SELECT 'id:' || x.external_id, x.entity_id FROM entity_external_ids x JOIN entities e"
                f" ON e.id = x.entity_id AND e.merged_into IS NULL WHERE {by_id}"
                " AND x.external_id = ANY(%s::text[])"
            )
            params += [*xparams, list(external_ids)]
        if not parts:
            return []
        rows = self._graph_rows(
            f"SELECT * FROM ({' UNION ALL '.join(parts)}) AS found LIMIT %s", (*params, limit)
        )
        return [(str(key), str(entity_id)) for key, entity_id in rows]

    def entities_by_ids(self, entity_ids: Sequence[str]) -> list[Entity]:
        if not entity_ids:
            return []
        rows = self._graph_rows(
            f"SELECT {_ENTITY} FROM entities e WHERE e.id = ANY(%s::text[])", (list(entity_ids),)
        )
        return _entities(self._graph_rows, rows)

    def entity_key_set(self, limit: int) -> frozenset[str] | None:
        rows = self._graph_rows("SELECT key FROM entity_blocking_keys LIMIT %s", (limit + 1,))
        return None if len(rows) > limit else frozenset(str(k) for (k,) in rows)

    def graph_neighbours(
        self, actor: Actor, filters: Filters, entity_ids: Sequence[str], now: datetime, limit: int
    ) -> list[tuple[str, float]]:
        if not entity_ids:
            return []
        seeds, sparams = _visible(actor, "e")
        near, nparams = _visible(actor, "n")
        where, params = _scope(actor, filters, now)
        # an edge read from text is evidence only while one of the memories stating it passes the
        # read's rule and filters (a profile's recall follows no edge another profile's memory stated)
        current = (
            f"(g.valid_to IS NULL OR g.valid_to > %s) AND (g.provenance->>'memory' IS NULL OR EXISTS"
            " (SELECT 1 FROM entity_edge_sources s JOIN memories m ON m.id = s.memory_id"
            f" WHERE s.edge_id = g.id AND {where}))"
        )
        rows = self._graph_rows(
            "WITH seeds(id) AS (SELECT e.id FROM entities e WHERE e.id = ANY(%s::text[])"
            f" AND e.merged_into IS NULL AND {seeds}),"
            " hop(id) AS (SELECT l2.entity_id FROM seeds s JOIN memory_entity_links l1 ON l1.entity_id = s.id"
            " JOIN memories m ON m.seq = l1.memory_seq JOIN memory_entity_links l2 ON l2.memory_seq = m.seq"
            f" WHERE {where}"
            f" UNION ALL SELECT g.dst FROM seeds s JOIN entity_edges g ON g.src = s.id WHERE {current}"
            f" UNION ALL SELECT g.src FROM seeds s JOIN entity_edges g ON g.dst = s.id WHERE {current})"
            " SELECT h.id, count(*) AS w FROM hop h JOIN entities n ON n.id = h.id AND n.merged_into IS NULL"
            f" AND {near} WHERE h.id NOT IN (SELECT id FROM seeds) GROUP BY h.id ORDER BY w DESC, h.id LIMIT %s",
            (list(entity_ids), *sparams, *params, now, *params, now, *params, *nparams, limit),
        )
        return [(str(e), float(w)) for e, w in rows]

    def graph_links(
        self, actor: Actor, filters: Filters, entity_ids: Sequence[str], now: datetime, per_entity: int
    ) -> list[tuple[int, str]]:
        ids = list(dict.fromkeys(entity_ids))
        if not ids:
            return []
        where, params = _scope(actor, filters, now)
        rows = self._graph_rows(
            "SELECT x.seq, t.id FROM unnest(%s::text[]) AS t(id) CROSS JOIN LATERAL"
            " (SELECT DISTINCT l.memory_seq AS seq FROM memory_entity_links l JOIN memories m"
            f" ON m.seq = l.memory_seq WHERE l.entity_id = t.id AND {where}"
            " ORDER BY l.memory_seq DESC LIMIT %s) x",
            (ids, *params, per_entity),
        )
        return [(int(seq), str(e)) for seq, e in rows]

    def graph_links_among(self, entity_ids: Sequence[str], seqs: Sequence[int]) -> list[tuple[int, str]]:
        ids, seqs = sorted(set(entity_ids)), sorted(set(seqs))
        if not ids or not seqs:
            return []
        rows = self._graph_rows(
            "SELECT DISTINCT memory_seq, entity_id FROM memory_entity_links"
            " WHERE entity_id = ANY(%s::text[]) AND memory_seq = ANY(%s::bigint[])",
            (ids, seqs),
        )
        return [(int(seq), str(e)) for seq, e in rows]
