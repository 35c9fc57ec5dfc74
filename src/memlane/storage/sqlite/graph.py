"""SQLite reads of the graph lane (``GraphReads``): the entities a query names, how many readable memories
each is linked to, its one-hop neighbours and the memories linked to them. Every statement applies the
one read rule (``_visible`` to entities, ``_scope`` to memories) inside itself. Mirrors
``storage/postgres/graph.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from ...models import Actor, Entity, Filters
from ...timeutil import from_db, to_db
from .entities import _ENTITY, ENTITY_GENERATION, _entities, _marks
from .rows import _scope, _visible


def _scoped_probe(actor: Actor, table: str) -> tuple[str, list[Any]]:
    """The read rule on a table whose primary key starts (workspace, owner, visibility): spelt so that
    SQLite walks the key for each scope the actor reads instead of scanning the table."""
    owners = (actor.owner, *actor.readable_shared_owners())
    visible, params = _visible(actor, table)
    return (
        f"{table}.workspace = ? AND {table}.owner IN ({_marks(owners)})"
        f" AND {table}.visibility IN ('personal', 'shared') AND {visible}",
        [actor.workspace, *owners, *params],
    )


#: the primary key of ``memory_entity_links`` (a WITHOUT ROWID table: its rows, in key order)
_LINKS_KEY = "sqlite_autoindex_memory_entity_links_1"


class GraphReadOps:
    """``GraphReads`` for ``SqliteStore``. Joins start from the entities' links (``CROSS JOIN`` fixes
    SQLite's join order): left to itself, the planner walks every readable memory of the workspace and
    probes each one's links."""

    def _graph_rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return self._db.rows(sql, params)  # type: ignore[attr-defined,no-any-return]

    def entity_generation(self) -> int:
        rows = self._graph_rows(ENTITY_GENERATION)
        return int(rows[0][0]) if rows else 0

    def memory_generation(self) -> int:
        # moved by triggers (migration 20) in the transaction of every change, whoever writes
        rows = self._graph_rows("SELECT value FROM meta WHERE key = 'memory_generation'")
        return int(rows[0][0]) if rows else 0

    def expiry_window(self, now: datetime) -> tuple[datetime | None, datetime | None]:
        rows = self._graph_rows(
            "SELECT (SELECT max(expires_at) FROM memories WHERE expires_at <= ?),"
            " (SELECT min(expires_at) FROM memories WHERE expires_at > ?)",
            (to_db(now), to_db(now)),
        )
        last, first = rows[0] if rows else (None, None)
        return from_db(last), from_db(first)

    def entity_link_seqs(self, entity_id: str, limit: int) -> list[int] | None:
        rows = self._graph_rows(
            "SELECT DISTINCT memory_seq FROM memory_entity_links WHERE entity_id = ? LIMIT ?",
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
                f" AND e.merged_into IS NULL WHERE {by_key} AND k.key IN ({_marks(keys)})"
            )
            params += [*kparams, *keys]
        if external_ids:
            by_id, xparams = _scoped_probe(actor, "x")
            parts.append(
                "SELECT 'id:' || x.external_id, x.entity_id FROM entity_external_ids x JOIN entities e"
                f" ON e.id = x.entity_id AND e.merged_into IS NULL WHERE {by_id}"
                f" AND x.external_id IN ({_marks(external_ids)})"
            )
            params += [*xparams, *external_ids]
        if not parts:
            return []
        rows = self._graph_rows(f"SELECT * FROM ({' UNION ALL '.join(parts)}) LIMIT ?", (*params, limit))
        return [(str(key), str(entity_id)) for key, entity_id in rows]

    def entities_by_ids(self, entity_ids: Sequence[str]) -> list[Entity]:
        if not entity_ids:
            return []
        rows = self._graph_rows(
            f"SELECT {_ENTITY} FROM entities e WHERE e.id IN ({_marks(entity_ids)})", entity_ids
        )
        return _entities(self._graph_rows, rows)

    def entity_key_set(self, limit: int) -> frozenset[str] | None:
        rows = self._graph_rows("SELECT key FROM entity_blocking_keys LIMIT ?", (limit + 1,))
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
            f"(g.valid_to IS NULL OR g.valid_to > ?) AND (json_extract(g.provenance, '$.memory') IS NULL OR EXISTS"
            " (SELECT 1 FROM entity_edge_sources s CROSS JOIN memories m ON m.id = s.memory_id"
            f" WHERE s.edge_id = g.id AND {where}))"
        )
        rows = self._graph_rows(
            f"WITH seeds(id) AS (SELECT e.id FROM entities e WHERE e.id IN ({_marks(entity_ids)})"
            f" AND e.merged_into IS NULL AND {seeds}),"
            " hop(id) AS (SELECT l2.entity_id FROM seeds s CROSS JOIN memory_entity_links l1 ON l1.entity_id = s.id"
            " CROSS JOIN memories m ON m.seq = l1.memory_seq CROSS JOIN memory_entity_links l2"
            " ON l2.memory_seq = m.seq"
            f" WHERE {where}"
            f" UNION ALL SELECT g.dst FROM seeds s JOIN entity_edges g ON g.src = s.id WHERE {current}"
            f" UNION ALL SELECT g.src FROM seeds s JOIN entity_edges g ON g.dst = s.id WHERE {current})"
            " SELECT h.id, count(*) AS w FROM hop h CROSS JOIN entities n ON n.id = h.id AND n.merged_into IS NULL"
            f" AND {near} WHERE h.id NOT IN (SELECT id FROM seeds) GROUP BY h.id ORDER BY w DESC, h.id LIMIT ?",
            (*entity_ids, *sparams, *params, to_db(now), *params, to_db(now), *params, *nparams, limit),
        )
        return [(str(e), float(w)) for e, w in rows]

    def graph_links(
        self, actor: Actor, filters: Filters, entity_ids: Sequence[str], now: datetime, per_entity: int
    ) -> list[tuple[int, str]]:
        ids = list(dict.fromkeys(entity_ids))
        if not ids:
            return []
        where, params = _scope(actor, filters, now)
        one = (
            "SELECT * FROM (SELECT DISTINCT l.memory_seq, l.entity_id FROM memory_entity_links l CROSS JOIN"
            f" memories m ON m.seq = l.memory_seq WHERE l.entity_id = ? AND {where}"
            " ORDER BY l.memory_seq DESC LIMIT ?)"
        )
        args: list[Any] = []
        for entity_id in ids:
            args.extend((entity_id, *params, per_entity))
        rows = self._graph_rows(" UNION ALL ".join([one] * len(ids)), args)
        return [(int(seq), str(e)) for seq, e in rows]

    def graph_links_among(self, entity_ids: Sequence[str], seqs: Sequence[int]) -> list[tuple[int, str]]:
        ids, seqs = sorted(set(entity_ids)), sorted(set(seqs))
        if not ids or not seqs:
            return []
        # by the links' primary key (entity, memory): an entity's links lie together, so the probes of
        # one entity's candidates read a few pages; by the memory index (the planner's pick) each
        # candidate is a search elsewhere in the index (half the CPU measured here)
        rows = self._graph_rows(
            "SELECT DISTINCT memory_seq, entity_id FROM memory_entity_links"
            f" INDEXED BY {_LINKS_KEY} WHERE entity_id IN ({_marks(ids)}) AND memory_seq IN ({_marks(seqs)})",
            (*ids, *seqs),
        )
        return [(int(seq), str(e)) for seq, e in rows]
