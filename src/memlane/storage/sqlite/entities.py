"""SQLite entities: the entity graph's rows (``EntityWrites`` inside a write, ``EntityReads`` outside).

Tables (migration 7): ``entities`` (scoped like memories; ``merged_into`` set while folded into
another), ``entity_aliases``, ``entity_external_ids`` (unique per scope), ``entity_blocking_keys``
(candidate lookup, scope denormalised so one index answers it), ``entity_edges``,
``memory_entity_links`` (role subject / related_user / mention; removed with the memory) and
``entity_merges`` (what each merge moved, for unmerge). Mirrors ``storage/postgres/entities.py``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from ...graph.senses import SENSES_KEY
from ...models import Actor, Edge, Entity, EntityMerge, Filters, PastMerge, Visibility
from ...timeutil import EARLIEST, from_db, now_utc, to_db
from ..base import AFFILIATIONS, EntityScope, LinkRole
from ..entity_cache import EntityCache, Settled, id_key
from ..memory_rows import cut_deep
from ..merge_history import plan_unmerge
from .edge_sources import EdgeSourceOps
from .rows import _ALL, _scope, _visible, entity_readable

Run = Callable[[str, Sequence[Any]], list[Any]]

_ENTITY = (
    "e.id, e.workspace, e.owner, e.visibility, e.type, e.name, e.attributes, e.created_at, e.updated_at,"
    " (SELECT json_group_array(x.alias ORDER BY x.rowid) FROM entity_aliases x WHERE x.entity_id = e.id),"
    " (SELECT json_group_array(x.external_id ORDER BY x.external_id) FROM entity_external_ids x"
    " WHERE x.entity_id = e.id)"
)
#: the counter every transaction that changes an entity increments (``storage/entity_cache.py``)
ENTITY_GENERATION = "SELECT value FROM meta WHERE key = 'entity_generation'"
BUMP_ENTITY_GENERATION = (
    "INSERT INTO meta (key, value) VALUES ('entity_generation', 1)"
    " ON CONFLICT (key) DO UPDATE SET value = value + 1"
)
#: at most this many values bound in one statement (SQLite's limit is 32,766)
_CHUNK = 5_000
#: what a read sees by default, in every space (``entity_evidence``)
_CURRENT = Filters(space="*")
_EDGE = "g.id, g.src, g.relation, g.dst, g.provenance, g.valid_from, g.valid_to, g.created_at"


def _marks(values: Sequence[Any]) -> str:
    return ",".join("?" * len(values))


def _entities(run: Run, rows: list[Any]) -> list[Entity]:
    """Entities of ``rows`` (``_ENTITY`` order, its aliases and external ids aggregated), in row order.
    Built without validation: the rows are the store's own."""
    return [
        Entity.model_construct(
            id=r[0],
            workspace=r[1],
            owner=r[2],
            visibility=Visibility(r[3]),
            type=r[4],
            name=r[5],
            aliases=tuple(json.loads(r[9])),
            external_ids=tuple(json.loads(r[10])),
            attributes=cut_deep(json.loads(r[6]), "an entity's attributes") if r[6] else None,
            created_at=_at(r[7]),
            updated_at=_at(r[8]),
        )  # fmt: skip
        for r in rows
    ]


def _at(value: Any) -> datetime:
    """A never-null time (an unreadable one as ``EARLIEST``, like memory rows)."""
    return from_db(value) or EARLIEST


def _edge(row: Sequence[Any]) -> Edge:
    return Edge(
        id=row[0], src=row[1], relation=row[2], dst=row[3],
        provenance=cut_deep(json.loads(row[4]), "an edge's provenance") if row[4] else None,
        valid_from=from_db(row[5]) if row[5] else None, valid_to=from_db(row[6]) if row[6] else None,
        created_at=_at(row[7]),
    )  # fmt: skip


class EntityWriteOps(EdgeSourceOps):
    """``EntityWrites`` for ``_Txn`` (``self.cur`` is the transaction's cursor).

    With ``entity_cache`` set (the store's, see ``storage/entity_cache.py``), candidates are answered
    from it and every entity write keeps it right; ``entities_changed`` then asks the store to increment
    the entity generation before COMMIT."""

    cur: Any
    entity_cache: EntityCache | None = None
    entities_changed = False
    #: the generation the cache was checked against in this transaction (None: not yet)
    cache_generation: int | None = None
    #: without a cache: the mentions resolved in this transaction
    own_memo: Settled | None = None

    def _run(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(self.cur.execute(sql, params))

    def _cached(self) -> EntityCache | None:
        """The store's cache, emptied first if another connection changed entities since it was filled."""
        cache = self.entity_cache
        if cache is not None and self.cache_generation is None:
            rows = self._run(ENTITY_GENERATION)
            self.cache_generation = int(rows[0][0]) if rows else 0
            if cache.generation != self.cache_generation:
                cache.reset(self.cache_generation)
        return cache

    def resolution_memo(self) -> Settled:
        cache = self._cached()
        if cache is not None:
            return cache.settled
        if self.own_memo is None:
            self.own_memo = Settled()
        return self.own_memo

    def _changed(self, scope: EntityScope | None, entity_id: str, keys: Any, external_ids: Any) -> None:
        self.entities_changed = True
        cache = self._cached()
        if cache is None:
            if self.own_memo is not None:
                self.own_memo.drop([*keys, *(id_key(v) for v in external_ids)])
            return
        if scope is None:
            rows = self._run("SELECT workspace, owner, visibility FROM entities WHERE id = ?", (entity_id,))
            if not rows:
                return
            scope = EntityScope(*rows[0])
        cache.added(scope, entity_id, keys)
        cache.forget_ids(scope, external_ids)

    def _forget_all(self) -> None:
        self.entities_changed = True
        if self.own_memo is not None:
            self.own_memo.clear()
        cache = self._cached()
        if cache is not None:
            cache.reset(cache.generation)

    def entity_candidates(
        self, scope: EntityScope, keys: Sequence[str], external_ids: Sequence[str]
    ) -> list[Entity]:
        if not keys and not external_ids:
            return []
        cache = self._cached()
        if cache is not None:
            return self._cached_candidates(cache, scope, keys, external_ids)
        where = (scope.workspace, scope.owner, scope.visibility)
        rows = self._run(
            f"SELECT {_ENTITY} FROM entities e WHERE e.id IN ("
            " SELECT entity_id FROM entity_blocking_keys WHERE workspace = ? AND owner = ? AND visibility = ?"
            f" AND key IN ({_marks(keys)})"
            " UNION SELECT entity_id FROM entity_external_ids WHERE workspace = ? AND owner = ? AND visibility = ?"
            f" AND external_id IN ({_marks(external_ids)})) AND e.merged_into IS NULL ORDER BY e.seq",
            (*where, *keys, *where, *external_ids),
        )
        return _entities(self._run, rows)

    def prefetch_candidates(
        self, scope: EntityScope, keys: Sequence[str], external_ids: Sequence[str]
    ) -> None:
        cache = self._cached()
        if cache is not None and (keys or external_ids):
            cache.load(scope, keys, external_ids, self._key_rows(scope), self._entities_by_id)

    def _cached_candidates(
        self, cache: EntityCache, scope: EntityScope, keys: Sequence[str], external_ids: Sequence[str]
    ) -> list[Entity]:
        """``entity_candidates`` from the cache, loading the keys and entities it does not hold yet (the
        same rows the query above reads: current entities of exactly this scope)."""
        return cache.candidates(scope, keys, external_ids, self._key_rows(scope), self._entities_by_id)

    def _key_rows(self, scope: EntityScope) -> Callable[[Sequence[str], Sequence[str]], list[Any]]:
        where = (scope.workspace, scope.owner, scope.visibility)

        def rows(names: Sequence[str], ids: Sequence[str]) -> list[Any]:
            found: list[Any] = []
            for i in range(0, max(len(names), len(ids)), _CHUNK):
                part, part_ids = names[i : i + _CHUNK], ids[i : i + _CHUNK]
                found += self._run(
                    "SELECT 0, b.key, b.entity_id FROM entity_blocking_keys b JOIN entities e"
                    " ON e.id = b.entity_id WHERE b.workspace = ? AND b.owner = ? AND b.visibility = ?"
                    f" AND b.key IN ({_marks(part)}) AND e.merged_into IS NULL"
                    " UNION ALL SELECT 1, x.external_id, x.entity_id FROM entity_external_ids x"
                    " JOIN entities e ON e.id = x.entity_id WHERE x.workspace = ? AND x.owner = ?"
                    f" AND x.visibility = ? AND x.external_id IN ({_marks(part_ids)}) AND e.merged_into IS NULL",
                    (*where, *part, *where, *part_ids),
                )
            return found

        return rows

    def _entities_by_id(self, ids: Sequence[str]) -> list[tuple[int, Entity]]:
        found: list[tuple[int, Entity]] = []
        for i in range(0, len(ids), _CHUNK):
            part = ids[i : i + _CHUNK]
            rows = self._run(f"SELECT {_ENTITY}, e.seq FROM entities e WHERE e.id IN ({_marks(part)})", part)
            found += [(int(r[11]), e) for r, e in zip(rows, _entities(self._run, rows), strict=True)]
        return found

    def entity_evidence(
        self, actor: Actor, entity_ids: Sequence[str], per_entity: int, now: datetime
    ) -> list[tuple[str, str, str]]:
        ids = list(dict.fromkeys(entity_ids))
        found: list[tuple[str, str, str]] = []
        where, params = _scope(actor, _CURRENT, now)
        # (each entity's own oldest links by the links' primary key, (entity, memory, role), in order)
        one = (
            "SELECT * FROM (SELECT l.entity_id, 'text', m.content FROM memory_entity_links l CROSS JOIN"
            f" memories m ON m.seq = l.memory_seq WHERE l.entity_id = ? AND l.role = 'mention' AND {where}"
            " ORDER BY l.memory_seq LIMIT ?)"
        )
        step = max(1, _CHUNK // (2 * len(params) + 4))
        for start in range(0, len(ids), step):
            part = ids[start : start + step]
            args: list[Any] = []
            for entity_id in part:
                args.extend((entity_id, *params, per_entity))
            parts = [one] * len(part)
            more: list[Any] = []
            if sources := self._with_affiliation_edges(part):
                organisations, more = self._affiliations_sql(actor, sources, now)
                parts.append(f"SELECT * FROM ({organisations})")
            sql = " UNION ALL ".join(parts)
            found += [(str(e), str(k), str(v)) for e, k, v in self._run(sql, [*args, *more])]
        return found

    def entity_affiliations(
        self, actor: Actor, entity_ids: Sequence[str], now: datetime
    ) -> dict[str, tuple[str, ...]]:
        found: dict[str, tuple[str, ...]] = {}
        ids = list(dict.fromkeys(entity_ids))
        for start in range(0, len(ids), _CHUNK // 2):
            sources = self._with_affiliation_edges(ids[start : start + _CHUNK // 2])
            if not sources:
                continue
            sql, params = self._affiliations_sql(actor, sources, now)
            for src, _, name in self._run(sql, params):
                found[src] = (*found.get(src, ()), name)
        return found

    def _with_affiliation_edges(self, entity_ids: Sequence[str]) -> list[str]:
        """Those of ``entity_ids`` (in their order) with an open ``AFFILIATIONS`` edge, visible or not:
        the only ones ``_affiliations_sql`` can return a row of. Most entities linking reads have none
        (nobody said where they work), and this probe of the edges' key costs ~5 us where the full
        statement, with its read rule's subqueries, costs ~0.1 ms even when it finds nothing."""
        rows = self._run(
            f"SELECT DISTINCT src FROM entity_edges WHERE src IN ({_marks(entity_ids)})"
            f" AND relation IN ({_marks(AFFILIATIONS)}) AND valid_to IS NULL",
            [*entity_ids, *AFFILIATIONS],
        )
        having = {str(src) for (src,) in rows}
        return [i for i in entity_ids if i in having]

    @staticmethod
    def _affiliations_sql(actor: Actor, entity_ids: Sequence[str], now: datetime) -> tuple[str, list[Any]]:
        """(entity id, 'organisation', name) of the open ``AFFILIATIONS`` edges from these entities, under
        the one read rule: to an organisation ``actor`` may read (``entity_readable``), and an edge read from
        text only while one of the memories stating it passes ``_scope`` (current, not expired)."""
        visible, vparams = entity_readable(actor, now)
        where, params = _scope(actor, _CURRENT, now)
        return (
            # (the edges first, by their (src, relation, dst) key: joined the other way, SQLite walked every
            # entity of the workspace, ~2-3 ms on a store of 1,500 memories, growing with it)
            "SELECT g.src, 'organisation', e.name FROM entity_edges g CROSS JOIN entities e ON e.id = g.dst"
            f" WHERE g.src IN ({_marks(entity_ids)}) AND g.relation IN ({_marks(AFFILIATIONS)})"
            f" AND g.valid_to IS NULL AND e.merged_into IS NULL AND {visible}"
            " AND (json_extract(g.provenance, '$.memory') IS NULL OR EXISTS (SELECT 1 FROM"
            " entity_edge_sources s CROSS JOIN memories m ON m.id = s.memory_id WHERE s.edge_id = g.id"
            f" AND {where})) ORDER BY g.src, e.seq",
            [*entity_ids, *AFFILIATIONS, *vparams, *params],
        )

    def insert_entity(
        self,
        entity: Entity,
        normalised_aliases: Sequence[tuple[str, str]],
        keys: frozenset[str],
        *,
        from_text: Sequence[str] = (),
    ) -> None:
        created, updated = to_db(entity.created_at), to_db(entity.updated_at)
        attributes = json.dumps(entity.attributes) if entity.attributes else None
        self._run(
            "INSERT INTO entities (id, workspace, owner, visibility, type, name, attributes, created_at,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (entity.id, entity.workspace, entity.owner, str(entity.visibility), entity.type, entity.name,
             attributes, created, updated),
        )  # fmt: skip
        seq = self.cur.connection.last_insert_rowid()
        scope = EntityScope(entity.workspace, entity.owner, str(entity.visibility))
        self._add_names(entity.id, normalised_aliases, entity.external_ids, keys, scope, from_text)
        self._changed(scope, entity.id, keys, entity.external_ids)
        cache = self.entity_cache
        if cache is not None and not normalised_aliases and not entity.external_ids:
            # the row as ``_entities`` would read it back (no names or ids that a conflict could drop)
            if not entity.attributes and not entity.aliases:
                cache.put(seq, entity)  # (its times are microseconds in UTC: they read back equal)
            else:
                cache.put(seq, Entity.model_construct(
                    id=entity.id, workspace=entity.workspace, owner=entity.owner,
                    visibility=Visibility(entity.visibility), type=entity.type, name=entity.name, aliases=(),
                    external_ids=(), attributes=json.loads(attributes) if attributes else None,
                    created_at=_at(created), updated_at=_at(updated),
                ))  # fmt: skip

    def _add_names(
        self,
        entity_id: str,
        aliases: Sequence[tuple[str, str]],
        external_ids: Sequence[str],
        keys: frozenset[str] | Sequence[str],
        scope: EntityScope | None = None,
        from_text: Sequence[str] = (),
    ) -> None:
        if aliases:
            self.cur.executemany(
                "INSERT INTO entity_aliases (entity_id, normalised, alias) VALUES (?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                [(entity_id, normalised, alias) for alias, normalised in aliases],
            )
        of_entity = "SELECT workspace, owner, visibility FROM entities WHERE id = ?"
        for value in external_ids:
            # (a given id's row names no ``from_text``: migration steps before 34 write ids too)
            said = value in from_text
            self._run(
                "INSERT INTO entity_external_ids (workspace, owner, visibility, external_id, entity_id"
                f"{', from_text' if said else ''}) SELECT workspace, owner, visibility, ?, id"
                f"{', 1' if said else ''} FROM entities WHERE id = ? ON CONFLICT DO NOTHING",
                (value, entity_id),
            )
        # (an address given now that the entity had from text only is given from now on)
        self.confirm_external_ids(
            entity_id, [v for v in external_ids if v[:6] == "email:" and v not in from_text]
        )
        if keys and scope is not None:
            self.cur.executemany(
                "INSERT INTO entity_blocking_keys (workspace, owner, visibility, key, entity_id)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                [(scope.workspace, scope.owner, scope.visibility, key, entity_id) for key in sorted(keys)],
            )
        elif keys:
            self._run(
                "INSERT INTO entity_blocking_keys (workspace, owner, visibility, key, entity_id)"
                f" SELECT s.workspace, s.owner, s.visibility, k.value, ? FROM ({of_entity}) s, json_each(?) k"
                " WHERE true ON CONFLICT DO NOTHING",
                (entity_id, entity_id, json.dumps(sorted(keys))),
            )

    def update_entity(
        self,
        entity_id: str,
        at: datetime,
        *,
        type: str | None = None,
        attributes: dict[str, Any] | None = None,
        aliases: Sequence[tuple[str, str]] = (),
        external_ids: Sequence[str] = (),
        keys: frozenset[str] = frozenset(),
        from_text: Sequence[str] = (),
        drop_keys: Sequence[str] = (),
    ) -> None:
        self._run(
            "UPDATE entities SET type = coalesce(?, type), attributes = coalesce(?, attributes),"
            " updated_at = ? WHERE id = ?",
            (type, json.dumps(attributes) if attributes is not None else None, to_db(at), entity_id),
        )
        if drop_keys:
            self.cur.executemany(
                "DELETE FROM entity_blocking_keys WHERE entity_id = ? AND key = ?",
                [(entity_id, key) for key in sorted(drop_keys)],
            )
            cache = self._cached()
            if cache is None:
                if self.own_memo is not None:
                    self.own_memo.drop(drop_keys)
            else:
                rows = self._run(
                    "SELECT workspace, owner, visibility FROM entities WHERE id = ?", (entity_id,)
                )
                if rows:
                    cache.removed(EntityScope(*rows[0]), entity_id, drop_keys)
        self._add_names(entity_id, aliases, external_ids, keys, from_text=from_text)
        self._changed(None, entity_id, keys, external_ids)
        memo = self.resolution_memo()
        if type is not None:  # a newly typed entity is compared otherwise: the names it was a candidate of
            memo.retyped(entity_id)
        elif aliases or external_ids:
            memo.renamed(entity_id)

    def copy_entity_links(self, memory_seq: int, from_ids: Sequence[str]) -> None:
        if from_ids:
            self._run(
                "INSERT INTO memory_entity_links (entity_id, memory_seq, role) SELECT l.entity_id, ?, l.role"
                " FROM memories m JOIN memory_entity_links l ON l.memory_seq = m.seq"
                f" WHERE m.id IN ({', '.join('?' * len(from_ids))}) ORDER BY l.entity_id, l.role"
                " ON CONFLICT DO NOTHING",
                (memory_seq, *from_ids),
            )

    def link_memory(self, memory_seq: int, entity_id: str, role: LinkRole) -> None:
        self.link_entities([(memory_seq, entity_id, role)])

    def confirm_external_ids(self, entity_id: str, external_ids: Sequence[str]) -> None:
        if external_ids:
            self._run(
                f"UPDATE entity_external_ids SET from_text = 0 WHERE entity_id = ? AND from_text = 1"
                f" AND external_id IN ({_marks(external_ids)})",
                (entity_id, *external_ids),
            )

    def add_external_id_sources(self, memory_seq: int, external_ids: Sequence[str]) -> None:
        if external_ids:
            self.cur.executemany(
                "INSERT INTO entity_external_id_sources (memory_seq, external_id) VALUES (?, ?)"
                " ON CONFLICT DO NOTHING",
                [(memory_seq, value) for value in external_ids],
            )

    def add_key_sources(self, memory_seq: int, keys: Sequence[str]) -> None:
        if keys:
            self.cur.executemany(
                "INSERT INTO entity_key_sources (memory_seq, key) VALUES (?, ?) ON CONFLICT DO NOTHING",
                [(memory_seq, key) for key in sorted(set(keys))],
            )

    def text_keys_of(self, seqs: Sequence[int]) -> list[tuple[str, str]]:
        """The (entity id, key) pairs whose key the text of one of the memories ``seqs`` gives an entity
        it links (``add_key_sources``): read before they are deleted, for ``drop_text_keys``."""
        found: set[tuple[str, str]] = set()
        for start in range(0, len(seqs), _CHUNK):
            part = list(seqs[start : start + _CHUNK])
            found.update(
                (str(r[0]), str(r[1]))
                for r in self._run(
                    "SELECT DISTINCT l.entity_id, s.key FROM entity_key_sources s CROSS JOIN memory_entity_links l"
                    f" ON l.memory_seq = s.memory_seq WHERE s.memory_seq IN ({_marks(part)})",
                    part,
                )
            )
        return sorted(found)

    def drop_text_keys(self, pairs: Sequence[tuple[str, str]]) -> None:
        """Once memories are deleted (their source rows and links with them, ON DELETE CASCADE): delete
        the keys of ``pairs`` (``text_keys_of``) that no memory still linked to their entity gives."""
        dropped = 0
        for entity_id, key in pairs:
            self._run(
                "DELETE FROM entity_blocking_keys WHERE entity_id = ? AND key = ? AND NOT EXISTS (SELECT 1"
                " FROM memory_entity_links l CROSS JOIN entity_key_sources s ON s.memory_seq = l.memory_seq"
                " WHERE l.entity_id = entity_blocking_keys.entity_id AND s.key = entity_blocking_keys.key)",
                (entity_id, key),
            )
            dropped += self.cur.connection.changes()
        if dropped:
            self._forget_all()  # (the cache and the memo may find an entity by them: they start again)

    def drop_text_ids(self, entity_ids: Sequence[str]) -> None:
        """Before ``drop_orphans``, once memories are deleted (their source rows with them, ON DELETE
        CASCADE): delete the external ids of ``entity_ids`` that were read from text only and that no
        memory of their scope names any more (``add_external_id_sources``)."""
        dropped = 0
        for start in range(0, len(entity_ids), _CHUNK):
            part = list(entity_ids[start : start + _CHUNK])
            self._run(
                f"DELETE FROM entity_external_ids AS x WHERE x.entity_id IN ({_marks(part)}) AND x.from_text = 1"
                " AND NOT EXISTS (SELECT 1 FROM entity_external_id_sources s CROSS JOIN memories m"
                " ON m.seq = s.memory_seq WHERE s.external_id = x.external_id AND m.workspace = x.workspace"
                " AND m.owner = x.owner AND m.visibility = x.visibility)",
                part,
            )
            dropped += self.cur.connection.changes()
        if dropped:
            self._forget_all()  # (the cache and the memo may find an entity by them: they start again)

    def link_entities(self, links: Sequence[tuple[int, str, LinkRole]]) -> None:
        if links:
            self.cur.executemany(
                "INSERT INTO memory_entity_links (memory_seq, entity_id, role) VALUES (?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                links,
            )

    def _affiliations_changed(self) -> None:
        """Some entity's organisations (``entity_affiliations``) changed: the mentions resolved by
        comparing them are resolved again."""
        self.resolution_memo().drop_affiliated()

    def upsert_edge(self, edge: Edge, *, closing: datetime | None = None) -> Edge:
        if closing is not None:
            self.close_edges(edge.src, edge.relation, edge.dst, closing)
        if edge.relation in AFFILIATIONS:
            self._affiliations_changed()
        rows = self._run(
            "INSERT INTO entity_edges AS g (id, src, relation, dst, provenance, valid_from, valid_to,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (src, relation, dst) DO UPDATE SET"
            " provenance = coalesce(excluded.provenance, g.provenance),"
            " valid_from = coalesce(excluded.valid_from, g.valid_from),"
            f" valid_to = excluded.valid_to RETURNING {_EDGE.replace('g.', '')}",
            (edge.id, edge.src, edge.relation, edge.dst,
             json.dumps(edge.provenance) if edge.provenance else None,
             to_db(edge.valid_from) if edge.valid_from else None,
             to_db(edge.valid_to) if edge.valid_to else None, to_db(edge.created_at)),
        )  # fmt: skip
        stored = _edge(rows[0])
        memory = (edge.provenance or {}).get("memory")
        if isinstance(memory, str):
            self.add_edge_source(stored.id, memory, edge.created_at)  # (storage/sqlite/edge_sources.py)
        return stored

    def end_memory_edges(self, memory_ids: Sequence[str], at: datetime) -> None:
        if memory_ids:
            self._affiliations_changed()  # (organisation edges may end)
        self.end_stated_edges(memory_ids, at)

    def close_edges(self, src: str, relation: str, keep_dst: str, at: datetime) -> None:
        if relation in AFFILIATIONS:
            self._affiliations_changed()
        self._run(
            "UPDATE entity_edges SET valid_to = ? WHERE src = ? AND relation = ? AND dst <> ?"
            " AND valid_to IS NULL",
            (to_db(at), src, relation, keep_dst),
        )

    def entity_for_update(self, actor: Actor, entity_id: str) -> Entity | None:
        visible, params = _visible(actor, "e")
        rows = self._run(
            f"SELECT {_ENTITY} FROM entities e WHERE e.id = ? AND e.merged_into IS NULL AND {visible}",
            (entity_id, *params),
        )
        found = _entities(self._run, rows)
        return found[0] if found else None

    def merge_entities(self, merge: EntityMerge, actor: Actor, names: Sequence[tuple[str, str]]) -> None:
        into, gone = merge.into, merge.merged
        run = self._run
        self._forget_all()
        aliases = run("SELECT alias, normalised FROM entity_aliases WHERE entity_id = ?", (gone,))
        keys = [k for (k,) in run("SELECT key FROM entity_blocking_keys WHERE entity_id = ?", (gone,))]
        ids = [v for (v,) in run("SELECT external_id FROM entity_external_ids WHERE entity_id = ?", (gone,))]
        links = run("SELECT memory_seq, role FROM memory_entity_links WHERE entity_id = ?", (gone,))
        edges = run(
            "SELECT id, src, relation, dst, provenance, valid_from, valid_to, created_at FROM entity_edges"
            " WHERE src = ? OR dst = ?",
            (gone, gone),
        )
        added_aliases = []
        for alias, normalised in [*names, *aliases]:
            if run(
                "INSERT INTO entity_aliases (entity_id, normalised, alias) VALUES (?, ?, ?)"
                " ON CONFLICT DO NOTHING RETURNING normalised",
                (into, normalised, alias),
            ):
                added_aliases.append(normalised)
        added_keys = [
            k
            for k in keys
            if run(
                "INSERT INTO entity_blocking_keys (workspace, owner, visibility, key, entity_id)"
                " SELECT workspace, owner, visibility, ?, ? FROM entity_blocking_keys WHERE entity_id = ?"
                " AND key = ? ON CONFLICT DO NOTHING RETURNING key",
                (k, into, gone, k),
            )
        ]
        added_links = [
            [seq, role]
            for seq, role in links
            if run(
                "INSERT INTO memory_entity_links (entity_id, memory_seq, role) VALUES (?, ?, ?)"
                " ON CONFLICT DO NOTHING RETURNING role",
                (into, seq, role),
            )
        ]
        added_edges = []
        for edge_id, src, _relation, dst, *_ in edges:
            new_src, new_dst = (into if src == gone else src), (into if dst == gone else dst)
            if run(
                "INSERT INTO entity_edges (id, src, relation, dst, provenance, valid_from, valid_to,"
                " created_at) SELECT ? || '~' || ?, ?, relation, ?, provenance, valid_from, valid_to,"
                " created_at FROM entity_edges WHERE id = ? ON CONFLICT DO NOTHING RETURNING id",
                (edge_id, merge.id, new_src, new_dst, edge_id),
            ):
                added_edges.append(f"{edge_id}~{merge.id}")
                self.copy_edge_sources(edge_id, f"{edge_id}~{merge.id}")
        snapshot = {
            "aliases": [list(a) for a in aliases], "keys": keys, "external_ids": ids,
            "links": [list(li) for li in links], "edges": [list(e) for e in edges],
            "added_aliases": added_aliases, "added_keys": added_keys, "added_links": added_links,
            "added_edges": added_edges,
        }  # fmt: skip
        run("UPDATE entity_external_ids SET entity_id = ? WHERE entity_id = ?", (into, gone))
        for table in ("entity_aliases", "entity_blocking_keys", "memory_entity_links"):
            run(f"DELETE FROM {table} WHERE entity_id = ?", (gone,))
        run("DELETE FROM entity_edges WHERE src = ? OR dst = ?", (gone, gone))
        at = to_db(merge.merged_at)
        run("UPDATE entities SET merged_into = ?, updated_at = ? WHERE id = ?", (into, at, gone))
        run("UPDATE entities SET updated_at = ? WHERE id = ?", (at, into))
        run(
            "INSERT INTO entity_merges (id, workspace, into_id, merged_id, snapshot, actor, merged_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (merge.id, actor.workspace, into, gone, json.dumps(snapshot), actor.owner, at),
        )

    # -- orphans: entities that only memory links kept, after those memories are deleted ---------------

    def linked_entities(self, seqs: Sequence[int]) -> list[str]:
        """The entities linked to the memories ``seqs`` (read before they are deleted: ``drop_orphans``)."""
        found: list[str] = []
        for start in range(0, len(seqs), _CHUNK):
            part = list(seqs[start : start + _CHUNK])
            found += [
                str(r[0])
                for r in self._run(
                    f"SELECT DISTINCT entity_id FROM memory_entity_links WHERE memory_seq IN ({_marks(part)})",
                    part,
                )
            ]
        return sorted(set(found))

    def drop_orphans(self, entity_ids: Sequence[str]) -> list[str]:
        """Delete those of ``entity_ids`` nothing keeps any more, in this transaction (their names,
        keys and ids go with them by ON DELETE CASCADE): no memory link left, and none of what makes an
        entity more than a name seen in memories: an external id (an anchored record, an account),
        attributes (an anchored record), an edge (anchored, related by hand or from text), a merge
        record (either side: an unmerge brings it back), being folded into another. Returns them."""
        gone: list[str] = []
        for start in range(0, len(entity_ids), _CHUNK):
            part = list(entity_ids[start : start + _CHUNK])
            gone += [
                str(r[0])
                for r in self._run(
                    f"SELECT e.id FROM entities e WHERE e.id IN ({_marks(part)}) AND e.merged_into IS NULL"
                    # (the senses texts said it is are the texts' own: they keep nothing, ``graph.senses``)
                    f" AND (e.attributes IS NULL OR json_remove(e.attributes, '$.{SENSES_KEY}') = '{{}}')"
                    " AND NOT EXISTS (SELECT 1 FROM memory_entity_links l WHERE l.entity_id = e.id)"
                    " AND NOT EXISTS (SELECT 1 FROM entity_external_ids x WHERE x.entity_id = e.id)"
                    " AND NOT EXISTS (SELECT 1 FROM entity_edges g WHERE g.src = e.id)"
                    " AND NOT EXISTS (SELECT 1 FROM entity_edges g WHERE g.dst = e.id)"
                    " AND NOT EXISTS (SELECT 1 FROM entity_merges r WHERE r.into_id = e.id)"
                    " AND NOT EXISTS (SELECT 1 FROM entity_merges r WHERE r.merged_id = e.id)",
                    part,
                )
            ]
        if gone:
            self._forget_all()  # (the cache and the memo may hold them: they start again)
            for start in range(0, len(gone), _CHUNK):
                part = gone[start : start + _CHUNK]
                self._run(f"DELETE FROM entities WHERE id IN ({_marks(part)})", part)
        return gone

    def unmerge_entities(self, actor: Actor, merge_id: str, at: datetime) -> EntityMerge | None:
        visible, params = _visible(actor, "e")
        run = self._run
        rows = run(
            "SELECT r.into_id, r.merged_id, r.snapshot, r.merged_at FROM entity_merges r"
            f" JOIN entities e ON e.id = r.merged_id WHERE r.id = ? AND r.unmerged_at IS NULL AND {visible}",
            (merge_id, *params),
        )
        if not rows:
            return None
        into, gone, raw, merged_at = rows[0]
        snap = json.loads(raw)
        # (only the memories the merge moved: a seq of the record may name another memory since)
        keys = ("links", "added_links")
        moved = moved_memories(run, gone, merged_at, [s for key in keys for s, _ in snap.get(key, [])])
        snap = {**snap, **{key: [[s, r] for s, r in snap.get(key, []) if int(s) in moved] for key in keys}}
        self._forget_all()
        others = run(
            "SELECT id, merged_id, snapshot FROM entity_merges WHERE into_id = ? AND unmerged_at IS NULL"
            " AND id <> ? ORDER BY merged_at, id",
            (into, merge_id),
        )
        edges = run(
            f"SELECT id, src, relation, dst FROM entity_edges WHERE id IN ({_marks(snap['added_edges'])})",
            snap["added_edges"],
        )
        plan = plan_unmerge(into, snap, [(i, m, json.loads(o)) for i, m, o in others],
                            {e[0]: (e[1], e[2], e[3]) for e in edges})  # fmt: skip
        for normalised in plan.aliases:
            run("DELETE FROM entity_aliases WHERE entity_id = ? AND normalised = ?", (into, normalised))
        for key in plan.keys:
            run("DELETE FROM entity_blocking_keys WHERE entity_id = ? AND key = ?", (into, key))
        for seq, role in plan.links:
            run(
                "DELETE FROM memory_entity_links WHERE entity_id = ? AND memory_seq = ? AND role = ?",
                (into, seq, role),
            )
        for edge_id in plan.edges:
            run("DELETE FROM entity_edges WHERE id = ?", (edge_id,))
            self.drop_edge_sources(edge_id)
        for other_id, other in plan.handed_over.items():
            run("UPDATE entity_merges SET snapshot = ? WHERE id = ?", (json.dumps(other), other_id))
        for value in snap["external_ids"]:
            run(
                "UPDATE entity_external_ids SET entity_id = ? WHERE entity_id = ? AND external_id = ?",
                (gone, into, value),
            )
        self._add_names(gone, [tuple(a) for a in snap["aliases"]], (), snap["keys"])
        for seq, role in snap["links"]:
            run(
                "INSERT INTO memory_entity_links (entity_id, memory_seq, role) SELECT ?, seq, ? FROM memories"
                " WHERE seq = ? ON CONFLICT DO NOTHING",
                (gone, role, seq),
            )
        for edge in snap["edges"]:
            run(
                "INSERT INTO entity_edges (id, src, relation, dst, provenance, valid_from, valid_to, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                edge,
            )
        run("UPDATE entities SET merged_into = NULL, updated_at = ? WHERE id = ?", (to_db(at), gone))
        run("UPDATE entity_merges SET unmerged_at = ? WHERE id = ?", (to_db(at), merge_id))
        return EntityMerge(id=merge_id, into=into, merged=gone, merged_at=_at(merged_at), unmerged_at=at)


def moved_memories(run: Run, entity_id: str, merged_at: Any, seqs: Sequence[int]) -> dict[int, str]:
    """Of the memory seqs a merge's record names, those still naming what the merge moved (seq: id): a
    memory of the merged entity's workspace, owner and visibility (a link never joins two scopes) stored
    no later than the merge. SQLite gives a deleted memory's seq to the next one stored when it was the
    newest, so a seq alone may since name a memory of anyone's (PostgreSQL never reuses one)."""
    found: dict[int, str] = {}
    wanted = sorted({int(s) for s in seqs})
    for start in range(0, len(wanted), _CHUNK):
        part = wanted[start : start + _CHUNK]
        found.update(
            (int(seq), str(memory_id))
            for seq, memory_id in run(
                "SELECT m.seq, m.id FROM entities e CROSS JOIN memories m WHERE e.id = ?"
                f" AND m.seq IN ({_marks(part)}) AND m.workspace = e.workspace AND m.owner = e.owner"
                " AND m.visibility = e.visibility AND m.created_at <= ?",
                (entity_id, *part, merged_at),
            )
        )
    return found


class EntityReadOps:
    """``EntityReads`` for ``SqliteStore`` (each one statement on the thread's reader, plus the names)."""

    def _entity_rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return self._db.rows(sql, params)  # type: ignore[attr-defined,no-any-return]

    def get_entity(self, actor: Actor, entity_id: str) -> Entity | None:
        visible, params = entity_readable(actor, now_utc())
        rows = self._entity_rows(
            f"SELECT {_ENTITY} FROM entities e WHERE e.id = ? AND e.merged_into IS NULL AND {visible}",
            (entity_id, *params),
        )
        found = _entities(self._entity_rows, rows)
        return found[0] if found else None

    def entity_merges(
        self,
        actor: Actor,
        *,
        entity_id: str | None = None,
        merge_id: str | None = None,
        limit: int = 50,
        before: tuple[datetime, str] | None = None,
    ) -> list[PastMerge]:
        visible, params = _visible(actor, "e")
        clauses = [visible]
        if merge_id is not None:
            clauses.append("r.id = ?")
            params.append(merge_id)
        if before is not None:
            clauses.append("(r.merged_at < ? OR (r.merged_at = ? AND r.id < ?))")
            params += [to_db(before[0]), to_db(before[0]), before[1]]
        if entity_id is not None:
            clauses.append("(r.into_id = ? OR r.merged_id = ?)")
            params += [entity_id, entity_id]
        rows = self._entity_rows(
            "SELECT r.id, r.into_id, r.merged_id, r.merged_at, r.unmerged_at, r.actor, i.name, e.name,"
            " e.workspace, e.owner, e.visibility, i.merged_into IS NULL FROM entity_merges r"
            " JOIN entities e ON e.id = r.merged_id LEFT JOIN entities i ON i.id = r.into_id"
            f" WHERE {' AND '.join(clauses)} ORDER BY r.merged_at DESC, r.id DESC LIMIT ?",
            (*params, limit),
        )
        return [
            PastMerge(
                merge=EntityMerge(
                    id=r[0],
                    into=r[1],
                    merged=r[2],
                    merged_at=_at(r[3]),
                    unmerged_at=from_db(r[4]) if r[4] else None,
                ),
                into_name=r[6] or r[1],
                merged_name=r[7],
                workspace=r[8],
                owner=r[9],
                visibility=Visibility(r[10]),
                by=r[5],
                into_current=bool(r[11]),
            )  # fmt: skip
            for r in rows
        ]

    def list_entities(
        self,
        actor: Actor,
        *,
        type: str | None = None,
        keys: Sequence[str] = (),
        external_ids: Sequence[str] = (),
        limit: int = 50,
        offset: int = 0,
    ) -> list[Entity]:
        visible, params = entity_readable(actor, now_utc())
        clauses = [visible, "e.merged_into IS NULL"]
        if type is not None:
            clauses.append("e.type = ?")
            params.append(type)
        source = "entities e"
        if keys or external_ids:
            # The entities the keys name, found by the keys' own index (keys carry their entity's scope:
            # the reader's scopes bound them), then each entity by its id (CROSS JOIN fixes the order).
            # Before, every entity of the workspace was walked newest first and each probed against
            # every key of the store (17.5 ms a search at 20k entities).
            owners = [actor.owner, *actor.readable_shared_owners()]
            scope = f"workspace = ? AND owner IN ({_marks(owners)}) AND visibility IN ('personal', 'shared')"
            found, found_params = [], []
            if keys:
                found.append(
                    f"SELECT entity_id FROM entity_blocking_keys WHERE {scope} AND key IN ({_marks(keys)})"
                )
                found_params += [actor.workspace, *owners, *keys]
            if external_ids:
                found.append(
                    f"SELECT entity_id FROM entity_external_ids WHERE {scope}"
                    f" AND external_id IN ({_marks(external_ids)})"
                )
                found_params += [actor.workspace, *owners, *external_ids]
            source = f"({' UNION '.join(found)}) f CROSS JOIN entities e ON e.id = f.entity_id"
            params = [*found_params, *params]
        rows = self._entity_rows(
            f"SELECT {_ENTITY} FROM {source} WHERE {' AND '.join(clauses)}"
            " ORDER BY e.created_at DESC, e.id DESC"
            " LIMIT ? OFFSET ?",
            (*params, limit, offset),
        )
        return _entities(self._entity_rows, rows)

    def entity_page(
        self,
        actor: Actor,
        *,
        type: str | None = None,
        limit: int = 50,
        offset: int = 0,
        before: tuple[datetime, str] | None = None,
    ) -> list[tuple[int, Entity]]:
        visible, params = entity_readable(actor, now_utc())
        clauses = [visible, "e.merged_into IS NULL"]
        if type is not None:
            clauses.append("e.type = ?")
            params.append(type)
        if before is not None:  # (the row comparison matches the ORDER BY)
            clauses.append("(e.created_at, e.id) < (?, ?)")
            params.extend([to_db(before[0]), before[1]])
        rows = self._entity_rows(
            f"SELECT e.seq, {_ENTITY} FROM entities e WHERE {' AND '.join(clauses)}"
            " ORDER BY e.created_at DESC, e.id DESC"
            " LIMIT ? OFFSET ?",
            (*params, limit, offset),
        )
        entities = _entities(self._entity_rows, [r[1:] for r in rows])
        return [(int(r[0]), e) for r, e in zip(rows, entities, strict=True)]

    def entity_edges(self, actor: Actor, entity_id: str) -> list[Edge]:
        visible, params = entity_readable(actor, now_utc())
        rows = self._entity_rows(
            f"SELECT {_EDGE} FROM entity_edges g JOIN entities e ON e.id = ? AND {visible}"
            " AND e.merged_into IS NULL WHERE (g.src = e.id OR g.dst = e.id)"
            # (an edge read from text only while a memory stating it has not expired: expired memories
            # are read by no one before the expiry job deletes them, nor is what they state)
            " AND (json_extract(g.provenance, '$.memory') IS NULL OR EXISTS (SELECT 1 FROM"
            " entity_edge_sources s JOIN memories m ON m.id = s.memory_id WHERE s.edge_id = g.id"
            " AND (m.expires_at IS NULL OR m.expires_at > ?))) ORDER BY g.created_at, g.id",
            (entity_id, *params, to_db(now_utc())),
        )
        return [_edge(r) for r in rows]

    def memory_entities(self, actor: Actor, memory_id: str) -> list[tuple[str, Entity]]:
        where, params = _scope(actor, _ALL, None)
        rows = self._entity_rows(
            f"SELECT l.role, {_ENTITY} FROM memories m JOIN memory_entity_links l ON l.memory_seq = m.seq"
            f" JOIN entities e ON e.id = l.entity_id WHERE m.id = ? AND {where} ORDER BY l.role, e.name",
            (memory_id, *params),
        )
        entities = _entities(self._entity_rows, [r[1:] for r in rows])
        return [(r[0], e) for r, e in zip(rows, entities, strict=True)]

    def memory_subjects(self, actor: Actor, memory_ids: Sequence[str]) -> list[tuple[str, str, str, str]]:
        found: list[tuple[str, str, str, str]] = []
        visible, params = _visible(actor, "e")
        for start in range(0, len(memory_ids), _CHUNK):
            ids = list(memory_ids[start : start + _CHUNK])
            # CROSS JOIN fixes the order (the asked memories, their links, the entities): left to
            # choose without statistics, SQLite read every entity of the workspace and all its links
            # (17 ms a recall at 100k memories, more than the rest of the recall)
            found += self._entity_rows(
                "SELECT m.id, l.role, e.id, e.name FROM memories m CROSS JOIN memory_entity_links l"
                " ON l.memory_seq = m.seq AND l.role IN ('subject', 'related_user')"
                f" CROSS JOIN entities e ON e.id = l.entity_id AND e.merged_into IS NULL AND {visible}"
                f" WHERE m.id IN ({_marks(ids)}) ORDER BY m.id, l.role, e.name, e.id",
                (*params, *ids),
            )
        return [(str(a), str(b), str(c), str(d)) for a, b, c, d in found]

    def entity_memories(
        self,
        actor: Actor,
        filters: Filters,
        entity_ids: Sequence[str],
        now: datetime,
        limit: int,
        hops: int = 1,
    ) -> list[tuple[int, int]]:
        if not entity_ids:
            return []
        visible, vparams = _visible(actor, "e")
        where, params = _scope(actor, filters, now)
        # (an edge read from text leads on only while one of the memories stating it passes the
        # read's rule and filters, as in the graph lane)
        stated = (
            # (CROSS JOIN: the edge's sources first, then each source memory by its id; left to
            # choose without statistics, SQLite walked every memory of the workspace per edge)
            f" WHERE json_extract(g.provenance, '$.memory') IS NULL OR EXISTS (SELECT 1 FROM entity_edge_sources s"
            f" CROSS JOIN memories m ON m.id = s.memory_id WHERE s.edge_id = g.id AND {where})"
        )
        neighbours = (
            f" UNION ALL SELECT g.dst, 1 FROM entity_edges g JOIN targets t ON g.src = t.id{stated}"
            f" UNION ALL SELECT g.src, 1 FROM entity_edges g JOIN targets t ON g.dst = t.id{stated}"
            if hops >= 1
            else ""
        )
        rows = self._entity_rows(
            f"WITH targets(id) AS (SELECT e.id FROM entities e WHERE e.id IN ({_marks(entity_ids)})"
            f" AND e.merged_into IS NULL AND {visible}),"
            f" near(id, distance) AS (SELECT id, 0 FROM targets{neighbours})"
            # from the entities' links to their memories (CROSS JOIN fixes the order: left to choose
            # without statistics, SQLite walked every memory of the workspace, 45 ms at 100k)
            " SELECT m.seq, min(n.distance) AS d FROM near n CROSS JOIN memory_entity_links l"
            " ON l.entity_id = n.id CROSS JOIN memories m ON m.seq = l.memory_seq"
            f" WHERE {where} GROUP BY m.seq ORDER BY d, m.created_at DESC, m.seq DESC LIMIT ?",
            (*entity_ids, *vparams, *(params * 2 if hops >= 1 else ()), *params, limit),
        )
        return [(int(seq), int(d)) for seq, d in rows]


def backfill_subjects(cur: Any, at: datetime) -> None:
    """Migration 7: existing subjects become entities linked to their memories (``entity_names``)."""
    from ...graph.linking import subject_entities  # (pure: resolution as on store)

    rows = [
        (w, o, v, int(seq), name)
        for w, o, v, seq, name in cur.execute(
            "SELECT workspace, owner, visibility, seq, subject_name FROM memories"
            " WHERE subject_name IS NOT NULL AND subject_name != '' ORDER BY seq"
        )
    ]
    entities, links = subject_entities(rows, at)
    ops = EntityWriteOps()
    ops.cur = cur
    for entity, aliases, keys in entities:
        ops.insert_entity(entity, aliases, keys)
    for seq, entity_id in links:
        ops.link_memory(seq, entity_id, "subject")


def backfill_related_users(cur: Any, at: datetime) -> None:
    """Migration 17: the related users of memories stored before migration 7 point at account entities
    (``graph.backfill``)."""
    from ...graph.backfill import related_user_entities

    rows = [
        (w, o, v, int(seq), user)
        for w, o, v, seq, user in cur.execute(
            "SELECT m.workspace, m.owner, m.visibility, m.seq, m.related_user FROM memories m"
            " WHERE m.related_user IS NOT NULL AND m.related_user != ''"
            # (a store fills in the storing user when none is given, and links only one given)
            " AND m.related_user IS DISTINCT FROM m.author AND m.owner <> 'user:' || m.related_user"
            " AND NOT EXISTS (SELECT 1 FROM"
            " memory_entity_links l WHERE l.memory_seq = m.seq AND l.role = 'related_user') ORDER BY m.seq"
        )
    ]
    if not rows:
        return
    known = {
        ((w, o, v), x): e
        for w, o, v, x, e in cur.execute(
            "SELECT workspace, owner, visibility, external_id, entity_id FROM entity_external_ids"
            " WHERE external_id LIKE 'user:%'"
        )
    }
    entities, links = related_user_entities(rows, known, at)
    ops = EntityWriteOps()
    ops.cur = cur
    for entity, keys in entities:
        ops.insert_entity(entity, (), keys)
    for seq, entity_id in links:
        ops.link_memory(seq, entity_id, "related_user")


def fold_user_entities(cur: Any, at: datetime) -> None:
    """Migration 39: the entities one user's account was keyed by twice folded into one, by the entity
    merge (``storage/user_entities.py``)."""
    from ...ids import new_id
    from ..entity_names import alias_pairs
    from ..user_entities import FOLD_ACTOR, USER_ENTITIES, user_entity_folds

    plan = user_entity_folds(cur.execute(USER_ENTITIES).fetchall())
    if not plan:
        return
    ops = EntityWriteOps()
    ops.cur = cur
    for (workspace, _owner, _visibility), into, merged in plan.merges:
        ((kind,),) = cur.execute("SELECT type FROM entities WHERE id = ?", (into,)).fetchall()
        ((name,),) = cur.execute("SELECT name FROM entities WHERE id = ?", (merged,)).fetchall()
        record = EntityMerge(id=new_id(), into=into, merged=merged, merged_at=at)
        ops.merge_entities(record, Actor(user=FOLD_ACTOR, workspace=workspace), alias_pairs([name], kind))
        cur.execute("UPDATE entity_merges SET actor = ? WHERE id = ?", (FOLD_ACTOR, record.id))
    for (workspace, owner, visibility), old, new in plan.renamed:
        cur.execute(
            "UPDATE entity_external_ids SET external_id = ? WHERE workspace = ? AND owner = ?"
            " AND visibility = ? AND external_id = ?",
            (new, workspace, owner, visibility, old),
        )
    for (workspace, owner, visibility), old in plan.dropped:
        cur.execute(
            "DELETE FROM entity_external_ids WHERE workspace = ? AND owner = ? AND visibility = ?"
            " AND external_id = ?",
            (workspace, owner, visibility, old),
        )
    cur.execute(BUMP_ENTITY_GENERATION)
