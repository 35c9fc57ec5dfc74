"""PostgreSQL entities: the entity graph's rows (``EntityWrites`` inside a write, ``EntityReads`` outside).

Tables (migration 7): ``entities`` (scoped like memories; ``merged_into`` set while folded into
another), ``entity_aliases``, ``entity_external_ids`` (unique per scope), ``entity_blocking_keys``
(candidate lookup, scope denormalised so one index answers it), ``entity_edges``,
``memory_entity_links`` (role subject / related_user / mention; removed with the memory) and
``entity_merges`` (what each merge moved, for unmerge). Mirrors ``storage/sqlite/entities.py``;
the scope of a write is locked (its ``entity_versions`` row) while it is resolved, so that two concurrent
writers do not both create the same new entity, and an entity cache kept across transactions learns
what others changed (``entity_versions.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from datetime import datetime
from typing import Any

from psycopg.types.json import Json, Jsonb

from ...graph.senses import SENSES_KEY
from ...models import Actor, Edge, Entity, EntityMerge, Filters, PastMerge, Visibility
from ...timeutil import EARLIEST, now_utc
from ..base import AFFILIATIONS, EntityScope, LinkRole
from ..entity_cache import EntityCache, Settled
from ..memory_rows import cut_deep
from ..merge_history import plan_unmerge
from .edge_sources import EdgeSourceOps
from .entity_versions import BUMP, CREATE, LOCK, SharedEntityCache
from .json_text import json_dumps
from .rows import _ALL, _scope, _time, _utc, _visible, entity_readable

Run = Callable[[str, Sequence[Any]], list[Any]]

#: what a read sees by default, in every space (``entity_evidence``)
_CURRENT = Filters(space="*")
_ENTITY = (
    "e.id, e.workspace, e.owner, e.visibility, e.type, e.name, e.attributes,"
    f" {_time('e.created_at')}, {_time('e.updated_at')},"
    " ARRAY(SELECT x.alias FROM entity_aliases x WHERE x.entity_id = e.id ORDER BY x.added),"
    " ARRAY(SELECT x.external_id FROM entity_external_ids x WHERE x.entity_id = e.id ORDER BY x.external_id)"
)
#: the place among the candidates of an entity made by this transaction and not written yet (after
#: every written one; its real ``seq``, in the same order, replaces it when it is written)
_UNWRITTEN = 1 << 62
_EDGE = (
    "g.id, g.src, g.relation, g.dst, g.provenance,"
    f" {_time('g.valid_from')}, {_time('g.valid_to')}, {_time('g.created_at')}"
)


#: new entities and their blocking keys, as CTEs ``e`` (returning ``seq`` and ``id``) and ``k``, in the
#: order they were made (their ``seq`` follows it); parameters: ``_new_entity_params``
_NEW_ENTITIES = (
    "r AS (SELECT * FROM unnest(%s::text[], %s::text[], %s::text[], %s::text[], %s::text[],"
    " %s::text[], %s::text[], %s::timestamptz[], %s::timestamptz[]) WITH ORDINALITY AS"
    " r(id, workspace, owner, visibility, type, name, attributes, created_at, updated_at, n)),"
    " e AS (INSERT INTO entities (id, workspace, owner, visibility, type, name, attributes, created_at,"
    " updated_at) SELECT id, workspace, owner, visibility, type, name, attributes::json, created_at,"
    " updated_at FROM r ORDER BY n RETURNING seq, id, workspace, owner, visibility),"
    " k AS (INSERT INTO entity_blocking_keys (workspace, owner, visibility, key, entity_id)"
    " SELECT e.workspace, e.owner, e.visibility, k.key, e.id FROM unnest(%s::text[], %s::text[])"
    " AS k(id, key) JOIN e ON e.id = k.id ON CONFLICT DO NOTHING)"
)


def _new_entity_params(pending: Sequence[tuple[Entity, Sequence[str]]]) -> list[Any]:
    entities = [e for e, _ in pending]
    return [
        [e.id for e in entities], [e.workspace for e in entities], [e.owner for e in entities],
        [str(e.visibility) for e in entities], [e.type for e in entities], [e.name for e in entities],
        [json_dumps(e.attributes) if e.attributes else None for e in entities],
        [e.created_at for e in entities], [e.updated_at for e in entities],
        [e.id for e, keys in pending for _ in keys], [k for _, keys in pending for k in keys],
    ]  # fmt: skip


def _json(value: dict[str, Any] | None) -> Json | None:
    """A caller's object for a ``json`` column (migration 37): its text as written, key order included."""
    return Json(value) if value else None


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
            aliases=tuple(r[9]),
            external_ids=tuple(r[10]),
            attributes=cut_deep(r[6], "an entity's attributes") or None,
            created_at=_at(r[7]),
            updated_at=_at(r[8]),
        )  # fmt: skip
        for r in rows
    ]


def _at(value: Any) -> datetime:
    """A never-null time (an unreadable one as ``EARLIEST``, like memory rows)."""
    return _utc(value) or EARLIEST


def _edge(row: Sequence[Any]) -> Edge:
    return Edge(
        id=row[0], src=row[1], relation=row[2], dst=row[3],
        provenance=cut_deep(row[4], "an edge's provenance") or None, valid_from=_utc(row[5]), valid_to=_utc(row[6]),
        created_at=_at(row[7]),
    )  # fmt: skip


class _CheckedMemo(Settled):
    """The resolved mentions of the transaction's cache, each used only once its scope is locked: the
    lock reads the scope's version, and another version empties the cache first (a mention settled in
    an earlier transaction may resolve otherwise since another process changed the scope's entities).

    The scope is the answer's: linking resolves a mention among the entities of one scope, and makes a
    new one in it, so the entity a mention settled to is of the mention's scope. Nothing is read from
    the memo's key (its shape is linking's). Once the transaction has locked every scope the cache holds
    data of, every answer is valid as it stands (``_all_checked``: the common case, one dictionary
    look-up per name)."""

    def __init__(self, txn: EntityWriteOps) -> None:
        self._txn = txn

    def get(self, mention: Hashable) -> str | None:
        txn = self._txn
        found = txn._cache().settled.get(mention)
        if found is None or txn._all_checked():
            return found
        if found == Settled.NOTHING:  # (no entity to find the scope by: resolved again)
            return None
        held = txn._cache().entities([found])
        if held:
            entity = held[0]
            txn._lock_scope(EntityScope(entity.workspace, entity.owner, str(entity.visibility)))
        elif txn._lock_scope_of(found) is None:  # (its row was dropped from the cache: the scope read)
            return None
        return txn._cache().settled.get(mention)  # (None if the lock found another version)

    def put(
        self,
        mention: Hashable,
        keys: Iterable[str],
        entity_id: str,
        candidates: Iterable[str] = (),
        *,
        exact: bool = True,
        affiliated: bool = False,
    ) -> None:
        self._txn._cache().settled.put(
            mention, keys, entity_id, candidates, exact=exact, affiliated=affiliated
        )

    def drop(self, keys: Iterable[str]) -> None:
        self._txn._cache().settled.drop(keys)

    def retyped(self, entity_id: str) -> None:
        self._txn._cache().settled.retyped(entity_id)

    def renamed(self, entity_id: str) -> None:
        self._txn._cache().settled.renamed(entity_id)

    def drop_affiliated(self) -> None:
        self._txn._cache().settled.drop_affiliated()

    def clear(self) -> None:
        self._txn._cache().settled.clear()


class EntityWriteOps(EdgeSourceOps):
    """``EntityWrites`` for ``_Txn`` (``self.conn`` is the transaction's connection).

    Every write that changes which entities of a scope a name finds (a new entity, new names or ids,
    a merge, an unmerge, a restore) first locks the scope's ``entity_versions`` row, held to the end of
    the transaction, and so does every candidate look-up; a transaction that changed a scope's entities
    gives the row a new version before COMMIT (``flush_entities``). Candidates come from the store's
    ``EntityCache``, kept across transactions and exact through those versions
    (``entity_versions.py``), or from one of the transaction's own while another transaction of this
    process uses the store's.

    New entities found by linking (no aliases, no external ids) are written in one statement with
    their blocking keys when the transaction next reads or writes the graph, or before COMMIT, instead
    of one statement each; the cache holds them meanwhile."""

    conn: Any
    #: the store's cache shared across transactions (None: each transaction has its own)
    shared_entities: SharedEntityCache | None = None
    #: whether the scopes are locked (not while a migration fills the tables: it holds its own lock)
    lock_scopes = True
    #: the cache this transaction uses (None: nothing looked up yet)
    entity_cache: EntityCache | None = None
    #: whether ``entity_cache`` is the store's (given back when the transaction ends)
    holds_shared = False
    #: the scopes this transaction has locked, each with the version it read when locking
    scope_versions: dict[EntityScope, int] | None = None
    #: the scopes whose entities this transaction changed (new versions before COMMIT)
    changed_scopes: set[EntityScope] | None = None
    #: new entities not written yet, with their blocking keys
    pending_entities: list[tuple[Entity, list[str]]] | None = None
    #: link rows not written yet (``link_entities``): written with the transaction's next graph
    #: statement, before a memory is deleted, or at the latest with its last statement
    pending_links: list[tuple[int, str, LinkRole]] | None = None
    #: every scope the cache holds data of is locked by this transaction (``_all_checked``)
    all_checked = False

    def _run(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        self.flush_entities(bump=False)  # (what this transaction made comes first)
        cur = self.conn.execute(sql, params)
        return cur.fetchall() if cur.description else []

    def _cache(self) -> EntityCache:
        if self.entity_cache is None:
            shared = self.shared_entities
            taken = shared.take(self.scope_versions or {}) if shared is not None else None
            self.holds_shared = taken is not None
            self.entity_cache = taken if taken is not None else EntityCache()
        return self.entity_cache

    def _lock_scope(self, scope: EntityScope) -> None:
        """One writer at a time resolves names in (or changes the entities of) a scope: two concurrent
        stores of a new name would otherwise both create it. Held to the end of the transaction."""
        if self.scope_versions is None:
            self.scope_versions = {}
        if scope in self.scope_versions or not self.lock_scopes:
            return
        where = (scope.workspace, scope.owner, scope.visibility)
        rows = self._run(LOCK, where) or self._run(CREATE, where)
        version = int(rows[0][0])
        self.scope_versions[scope] = version
        if self.holds_shared and self.shared_entities is not None:
            self.shared_entities.check(scope, version)

    def _try_lock_scope(self, scope: EntityScope) -> bool:
        """``_lock_scope`` without waiting: False if another transaction holds the scope (or it has no
        version row yet)."""
        if self.scope_versions is None:
            self.scope_versions = {}
        if scope in self.scope_versions or not self.lock_scopes:
            return True
        rows = self._run(LOCK + " SKIP LOCKED", (scope.workspace, scope.owner, scope.visibility))
        if not rows:
            return False
        version = int(rows[0][0])
        self.scope_versions[scope] = version
        if self.holds_shared and self.shared_entities is not None:
            self.shared_entities.check(scope, version)
        return True

    def _all_checked(self) -> bool:
        """Whether all the cache holds is valid for this transaction: a cache of its own, or the store's
        with every scope it holds data of locked (checked) by this transaction. Once true, true to the
        end of the transaction."""
        if not self.all_checked:
            shared = self.shared_entities
            self.all_checked = (
                not self.holds_shared or shared is None or shared.all_checked(self.scope_versions or {})
            )
        return self.all_checked

    def _will_change(self, scope: EntityScope) -> None:
        """Lock ``scope`` for a change of its entities (its version moves before COMMIT)."""
        self._lock_scope(scope)
        if self.changed_scopes is None:
            self.changed_scopes = set()
        self.changed_scopes.add(scope)

    def _lock_scope_of(self, entity_id: str, *, change: bool = False) -> EntityScope | None:
        rows = self._run("SELECT workspace, owner, visibility FROM entities WHERE id = %s", (entity_id,))
        if not rows:
            return None
        scope = EntityScope(*rows[0])
        if change:
            self._will_change(scope)
        else:
            self._lock_scope(scope)
        return scope

    def _changed(self, scope: EntityScope, entity_id: str, keys: Any, external_ids: Any) -> None:
        self._will_change(scope)  # (taken already: the scope's version, and the store's generation, move)
        # (the cache, the store's included, follows every change: it may hold the scope from before)
        cache = self._cache()
        cache.added(scope, entity_id, keys)
        cache.forget_ids(scope, external_ids)

    def _forget_all(self) -> None:
        """Entities changed in ways the cache does not follow: it starts again, and every scope this
        transaction holds gets a new version (the change was made under its lock)."""
        self._cache().reset()
        for scope in self.scope_versions or ():
            self._will_change(scope)

    def flush_entities(self, *, bump: bool = True, audit: Sequence[tuple[Any, ...]] = ()) -> None:
        """Write what this transaction holds back, **in one statement**: the new entities not written
        yet (with their blocking keys) and the link rows not written yet; with ``bump``, before COMMIT,
        also every changed scope's new version (the transaction's one mark of changed entities, which
        moves the store's entity generation too: ``entity_versions.py``) and the ``audit`` rows. A
        single store's links, its audit row and (with a new name) its new entity and scope version are
        so one statement, not four."""
        pending, links = self.pending_entities, self.pending_links
        scopes = sorted(self.changed_scopes or (), key=lambda s: (s.workspace, s.owner, s.visibility))
        if not bump:
            scopes, audit = [], ()
        if not (pending or links or scopes or audit):
            return
        self.pending_entities = self.pending_links = None
        if scopes:
            self.changed_scopes = None
        ctes: list[str] = []
        params: list[Any] = []
        out = ["SELECT NULL::text, NULL::text, NULL::text, NULL::text, NULL::bigint WHERE false"]
        if pending:
            ctes.append(_NEW_ENTITIES)
            params += _new_entity_params(pending)
            out.append("SELECT 'e', id, NULL, NULL, seq FROM e")
        if links:
            ctes.append(
                "l AS (INSERT INTO memory_entity_links (memory_seq, entity_id, role) SELECT * FROM"
                " unnest(%s::bigint[], %s::text[], %s::text[]) ON CONFLICT DO NOTHING)"
            )
            params += [[s for s, _, _ in links], [e for _, e, _ in links], [r for _, _, r in links]]
        if scopes:
            ctes.append(f"v AS ({BUMP})")
            params += [
                [s.workspace for s in scopes],
                [s.owner for s in scopes],
                [s.visibility for s in scopes],
            ]
            out.append("SELECT 'v', workspace, owner, visibility, version FROM v")
        if audit:
            ctes.append(
                "a AS (INSERT INTO audit_log (at, workspace, actor, action, memory_id, detail)"
                " SELECT at, workspace, actor, action, memory_id, detail FROM unnest(%s::timestamptz[],"
                " %s::text[], %s::text[], %s::text[], %s::text[], %s::jsonb[]) WITH ORDINALITY AS"
                " r(at, workspace, actor, action, memory_id, detail, n) ORDER BY n)"
            )
            params += [list(column) for column in zip(*audit, strict=True)]
        rows = self.conn.execute(f"WITH {', '.join(ctes)} {' UNION ALL '.join(out)}", params).fetchall()
        made = {e.id: e for e, _ in pending} if pending else {}
        cache = self.entity_cache
        for kind, a, b, c, n in rows:
            if kind == "v":
                if self.scope_versions is None:
                    self.scope_versions = {}
                self.scope_versions[EntityScope(a, b, c)] = int(n)
            elif cache is not None:  # a new entity's seq: its place among the candidates
                entity = made[a]
                found = cache.entities([a])
                if found and found[0] is entity:  # (still as made)
                    cache.put(int(n), entity)

    def entities_done(self, committed: bool) -> None:
        """The transaction ended (after COMMIT, or failed): the store's cache is given back."""
        if self.holds_shared and self.shared_entities is not None:
            self.holds_shared = False
            self.shared_entities.give_back(dict(self.scope_versions or {}) if committed else None)

    def resolution_memo(self) -> Settled:
        return _CheckedMemo(self)

    def entity_candidates(
        self, scope: EntityScope, keys: Sequence[str], external_ids: Sequence[str]
    ) -> list[Entity]:
        if not keys and not external_ids:
            return []
        self._lock_scope(scope)
        return self._cache().candidates(
            scope, keys, external_ids, self._key_rows(scope), self._entities_by_id
        )

    def prefetch_candidates(
        self, scope: EntityScope, keys: Sequence[str], external_ids: Sequence[str]
    ) -> None:
        if keys or external_ids:
            self._lock_scope(scope)
            self._cache().load(scope, keys, external_ids, self._key_rows(scope), self._entities_by_id)

    def _key_rows(self, scope: EntityScope) -> Callable[[Sequence[str], Sequence[str]], list[Any]]:
        where = (scope.workspace, scope.owner, scope.visibility)

        def rows(names: Sequence[str], ids: Sequence[str]) -> list[Any]:
            return self._run(
                "SELECT false, b.key, b.entity_id FROM entity_blocking_keys b JOIN entities e"
                " ON e.id = b.entity_id WHERE b.workspace = %s AND b.owner = %s AND b.visibility = %s"
                " AND b.key = ANY(%s::text[]) AND e.merged_into IS NULL"
                " UNION ALL SELECT true, x.external_id, x.entity_id FROM entity_external_ids x"
                " JOIN entities e ON e.id = x.entity_id WHERE x.workspace = %s AND x.owner = %s"
                " AND x.visibility = %s AND x.external_id = ANY(%s::text[]) AND e.merged_into IS NULL",
                (*where, list(names), *where, list(ids)),
            )

        return rows

    def _entities_by_id(self, ids: Sequence[str]) -> list[tuple[int, Entity]]:
        rows = self._run(
            f"SELECT {_ENTITY}, e.seq FROM entities e WHERE e.id = ANY(%s::text[])", (list(ids),)
        )
        return [(int(r[11]), e) for r, e in zip(rows, _entities(self._run, rows), strict=True)]

    def entity_evidence(
        self, actor: Actor, entity_ids: Sequence[str], per_entity: int, now: datetime
    ) -> list[tuple[str, str, str]]:
        ids = list(dict.fromkeys(entity_ids))
        if not ids:
            return []
        where, params = _scope(actor, _CURRENT, now)
        organisations, more = self._affiliations_sql(actor, ids, now)
        rows = self._run(  # (``_run`` writes the links held back first: this transaction's own)
            "SELECT r.id, r.kind, r.value FROM (SELECT t.id, 'text'::text AS kind, x.content AS value, 1 AS part,"
            " t.n, x.memory_seq AS k FROM unnest(%s::text[]) WITH ORDINALITY AS t(id, n) CROSS JOIN LATERAL"
            " (SELECT m.content, l.memory_seq FROM memory_entity_links l JOIN memories m"
            f" ON m.seq = l.memory_seq WHERE l.entity_id = t.id AND l.role = 'mention' AND {where}"
            f" ORDER BY l.memory_seq LIMIT %s) x UNION ALL SELECT o.src, o.kind, o.name, 2, 0, o.seq FROM ({organisations}) o)"
            " r ORDER BY r.part, r.n, r.k",
            (ids, *params, per_entity, *more),
        )
        return [(str(e), str(k), str(v)) for e, k, v in rows]

    def entity_affiliations(
        self, actor: Actor, entity_ids: Sequence[str], now: datetime
    ) -> dict[str, tuple[str, ...]]:
        found: dict[str, tuple[str, ...]] = {}
        if entity_ids:
            sql, params = self._affiliations_sql(actor, list(dict.fromkeys(entity_ids)), now)
            for src, _, name, _ in self._run(f"{sql} ORDER BY 1, 4", params):
                found[src] = (*found.get(src, ()), name)
        return found

    @staticmethod
    def _affiliations_sql(actor: Actor, entity_ids: list[str], now: datetime) -> tuple[str, list[Any]]:
        """(entity id, 'organisation', name, the organisation's seq) of the open ``AFFILIATIONS`` edges from
        these entities, under the one read rule: to an organisation ``actor`` may read (``entity_readable``),
        and an edge read from text only while one of the memories stating it passes ``_scope``
        (current, not expired)."""
        visible, vparams = entity_readable(actor, now)
        where, params = _scope(actor, _CURRENT, now)
        return (
            "SELECT g.src, 'organisation'::text AS kind, e.name, e.seq FROM entity_edges g JOIN entities e ON e.id = g.dst"
            " WHERE g.src = ANY(%s::text[]) AND g.relation = ANY(%s::text[]) AND g.valid_to IS NULL"
            f" AND e.merged_into IS NULL AND {visible} AND (g.provenance->>'memory' IS NULL OR EXISTS"
            " (SELECT 1 FROM entity_edge_sources s JOIN memories m ON m.id = s.memory_id"
            f" WHERE s.edge_id = g.id AND {where}))",
            [entity_ids, list(AFFILIATIONS), *vparams, *params],
        )

    def insert_entity(
        self,
        entity: Entity,
        normalised_aliases: Sequence[tuple[str, str]],
        keys: frozenset[str],
        *,
        from_text: Sequence[str] = (),
    ) -> None:
        scope = EntityScope(entity.workspace, entity.owner, str(entity.visibility))
        self._will_change(scope)
        if not normalised_aliases and not entity.external_ids:
            # written with the transaction's other new entities (``flush_entities``); meanwhile the cache
            # holds it as ``_entities`` would read it back, after every entity read so far (its ``seq``)
            made = Entity.model_construct(
                id=entity.id, workspace=entity.workspace, owner=entity.owner,
                visibility=Visibility(entity.visibility), type=entity.type, name=entity.name, aliases=(),
                external_ids=(), attributes=entity.attributes or None, created_at=_at(entity.created_at),
                updated_at=_at(entity.updated_at),
            )  # fmt: skip
            if self.pending_entities is None:
                self.pending_entities = []
            self.pending_entities.append((made, sorted(keys)))
            self._changed(scope, entity.id, keys, ())
            self._cache().put(_UNWRITTEN + len(self.pending_entities), made)
            return
        where = (scope.workspace, scope.owner, scope.visibility)
        self._run(  # (the row and its blocking keys in one statement)
            "WITH e AS (INSERT INTO entities (id, workspace, owner, visibility, type, name, attributes,"
            " created_at, updated_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) RETURNING seq, id),"
            " k AS (INSERT INTO entity_blocking_keys (workspace, owner, visibility, key, entity_id)"
            " SELECT %s, %s, %s, k, e.id FROM e, unnest(%s::text[]) k ON CONFLICT DO NOTHING)"
            " SELECT seq FROM e",
            (entity.id, *where, entity.type, entity.name, _json(entity.attributes), entity.created_at,
             entity.updated_at, *where, sorted(keys)),
        )  # fmt: skip
        self._add_names(entity.id, normalised_aliases, entity.external_ids, (), scope, from_text)
        self._changed(scope, entity.id, keys, entity.external_ids)

    def _add_names(
        self,
        entity_id: str,
        aliases: Sequence[tuple[str, str]],
        external_ids: Sequence[str],
        keys: frozenset[str] | Sequence[str],
        scope: EntityScope,
        from_text: Sequence[str] = (),
    ) -> None:
        where = (scope.workspace, scope.owner, scope.visibility)
        for alias, normalised in aliases:
            self._run(
                "INSERT INTO entity_aliases (entity_id, normalised, alias) VALUES (%s, %s, %s)"
                " ON CONFLICT DO NOTHING",
                (entity_id, normalised, alias),
            )
        for value in external_ids:
            # (a given id's row names no ``from_text``: migration steps before 34 write ids too)
            said = value in from_text
            self._run(
                "INSERT INTO entity_external_ids (workspace, owner, visibility, external_id, entity_id"
                f"{', from_text' if said else ''}) VALUES (%s, %s, %s, %s, %s{', TRUE' if said else ''})"
                " ON CONFLICT DO NOTHING",
                (*where, value, entity_id),
            )
        # (an address given now that the entity had from text only is given from now on)
        self.confirm_external_ids(
            entity_id, [v for v in external_ids if v[:6] == "email:" and v not in from_text]
        )
        if keys:
            self._run(
                "INSERT INTO entity_blocking_keys (workspace, owner, visibility, key, entity_id)"
                " SELECT %s, %s, %s, k, %s FROM unnest(%s::text[]) k ON CONFLICT DO NOTHING",
                (*where, entity_id, sorted(keys)),
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
        scope = self._lock_scope_of(entity_id, change=True)
        if scope is None:
            return
        self._run(
            "UPDATE entities SET type = coalesce(%s, type), attributes = coalesce(%s, attributes),"
            " updated_at = %s WHERE id = %s",
            (type, Json(attributes) if attributes is not None else None, at, entity_id),
        )
        if drop_keys:
            self._run(
                "DELETE FROM entity_blocking_keys WHERE entity_id = %s AND key = ANY(%s::text[])",
                (entity_id, sorted(drop_keys)),
            )
            self._cache().removed(scope, entity_id, drop_keys)
        self._add_names(entity_id, aliases, external_ids, keys, scope, from_text)
        self._changed(scope, entity_id, keys, external_ids)
        cache = self._cache()
        cache.forget_entity(entity_id)  # (read again when asked for)
        if type is not None:  # (compared otherwise now: the names it was a candidate of; see SQLite)
            cache.settled.retyped(entity_id)
        elif aliases or external_ids:
            cache.settled.renamed(entity_id)

    def copy_entity_links(self, memory_seq: int, from_ids: Sequence[str]) -> None:
        if from_ids:
            self._run(
                "INSERT INTO memory_entity_links (entity_id, memory_seq, role) SELECT l.entity_id, %s, l.role"
                " FROM memories m JOIN memory_entity_links l ON l.memory_seq = m.seq WHERE m.id = ANY(%s)"
                " ORDER BY l.entity_id, l.role ON CONFLICT DO NOTHING",
                (memory_seq, list(from_ids)),
            )

    def link_memory(self, memory_seq: int, entity_id: str, role: LinkRole) -> None:
        self.link_entities([(memory_seq, entity_id, role)])

    def confirm_external_ids(self, entity_id: str, external_ids: Sequence[str]) -> None:
        if external_ids:
            self._run(
                "UPDATE entity_external_ids SET from_text = FALSE WHERE entity_id = %s AND from_text"
                " AND external_id = ANY(%s::text[])",
                (entity_id, list(external_ids)),
            )

    def add_external_id_sources(self, memory_seq: int, external_ids: Sequence[str]) -> None:
        if external_ids:
            self._run(
                "INSERT INTO entity_external_id_sources (memory_seq, external_id)"
                " SELECT %s, unnest(%s::text[]) ON CONFLICT DO NOTHING",
                (memory_seq, list(external_ids)),
            )

    def add_key_sources(self, memory_seq: int, keys: Sequence[str]) -> None:
        if keys:
            self._run(
                "INSERT INTO entity_key_sources (memory_seq, key) SELECT %s, unnest(%s::text[])"
                " ON CONFLICT DO NOTHING",
                (memory_seq, sorted(set(keys))),
            )

    def text_keys_of(self, seqs: Sequence[int]) -> list[tuple[str, str]]:
        """The (entity id, key) pairs whose key the text of one of the memories ``seqs`` gives an entity
        it links (``add_key_sources``): read before they are deleted, for ``drop_text_keys``."""
        rows = self._run(
            "SELECT DISTINCT l.entity_id, s.key FROM entity_key_sources s JOIN memory_entity_links l"
            " ON l.memory_seq = s.memory_seq WHERE s.memory_seq = ANY(%s::bigint[]) ORDER BY 1, 2",
            (list(seqs),),
        )
        return [(str(r[0]), str(r[1])) for r in rows]

    def drop_text_keys(self, pairs: Sequence[tuple[str, str]]) -> None:
        """Once memories are deleted (their source rows and links with them, ON DELETE CASCADE): delete
        the keys of ``pairs`` (``text_keys_of``) that no memory still linked to their entity gives.
        (As SQLite's; in the scopes this transaction could lock, as ``drop_text_ids``.)"""
        if pairs:
            self._delete_in_held_scopes(
                "b",
                " FROM entity_blocking_keys b WHERE (b.entity_id, b.key) IN (SELECT * FROM unnest(%s::text[],"
                " %s::text[])) AND NOT EXISTS (SELECT 1 FROM memory_entity_links l JOIN entity_key_sources s"
                " ON s.memory_seq = l.memory_seq WHERE l.entity_id = b.entity_id AND s.key = b.key)",
                ([p[0] for p in pairs], [p[1] for p in pairs]),
            )

    def drop_text_ids(self, entity_ids: Sequence[str]) -> None:
        """Before ``drop_orphans``, once memories are deleted (their source rows with them, ON DELETE
        CASCADE): delete the external ids of ``entity_ids`` that were read from text only and that no
        memory of their scope names any more (``add_external_id_sources``). (As SQLite's.)"""
        if entity_ids:
            self._delete_in_held_scopes(
                "x",
                " FROM entity_external_ids x WHERE x.entity_id = ANY(%s::text[]) AND x.from_text AND NOT EXISTS"
                " (SELECT 1 FROM entity_external_id_sources s JOIN memories m ON m.seq = s.memory_seq"
                " WHERE s.external_id = x.external_id AND m.workspace = x.workspace AND m.owner = x.owner"
                " AND m.visibility = x.visibility)",
                (list(entity_ids),),
            )

    def _delete_in_held_scopes(self, alias: str, from_where: str, params: tuple[Any, ...]) -> None:
        """``DELETE`` the rows ``from_where`` selects (a ``FROM ... WHERE`` of one scoped table, named
        ``alias``) in the scopes this transaction could lock, marked as changing (other processes'
        caches may find an entity by what goes). Locked first, as ``drop_orphans`` does (see there): a
        scope another transaction holds is skipped, not waited for, and its rows stay."""
        scope = f"{alias}.workspace, {alias}.owner, {alias}.visibility"
        found = self._run(f"SELECT DISTINCT {scope}{from_where}", params)
        held = [s for s in (EntityScope(*r) for r in found) if self._try_lock_scope(s)]
        if not held:
            return
        for s in held:
            self._will_change(s)
        self._forget_all()
        self._run(
            f"DELETE{from_where} AND ({scope}) IN (SELECT * FROM unnest(%s::text[], %s::text[], %s::text[]))",
            (*params, [s.workspace for s in held], [s.owner for s in held], [s.visibility for s in held]),
        )

    def link_entities(self, links: Sequence[tuple[int, str, LinkRole]]) -> None:
        if links:  # (held back: ``flush_entities``)
            if self.pending_links is None:
                self.pending_links = []
            self.pending_links.extend(links)

    def _affiliations_changed(self) -> None:
        """Some entity's organisations (``entity_affiliations``) changed: the mentions resolved by
        comparing them are resolved again."""
        self._cache().settled.drop_affiliated()

    def upsert_edge(self, edge: Edge, *, closing: datetime | None = None) -> Edge:
        if edge.relation in AFFILIATIONS:
            self._affiliations_changed()
        # One statement for what were up to three (each a round trip): the other open edges of the
        # relation ended (``close_edges``; never this edge's row, so the parts touch different rows), the
        # edge, and its memory's source row (``add_edge_source``, storage/postgres/edge_sources.py).
        memory = (edge.provenance or {}).get("memory")
        ctes: list[str] = []
        params: list[Any] = []
        if closing is not None:
            ctes.append(
                "c AS (UPDATE entity_edges SET valid_to = %s WHERE src = %s AND relation = %s AND dst <> %s"
                " AND valid_to IS NULL)"
            )
            params += [closing, edge.src, edge.relation, edge.dst]
        ctes.append(
            "g AS (INSERT INTO entity_edges AS g (id, src, relation, dst, provenance, valid_from, valid_to,"
            " created_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (src, relation, dst) DO UPDATE SET"
            " provenance = coalesce(excluded.provenance, g.provenance),"
            " valid_from = coalesce(excluded.valid_from, g.valid_from),"
            " valid_to = excluded.valid_to RETURNING g.*)"
        )
        params += [edge.id, edge.src, edge.relation, edge.dst, _json(edge.provenance), edge.valid_from,
                   edge.valid_to, edge.created_at]  # fmt: skip
        if isinstance(memory, str):
            ctes.append(
                "s AS (INSERT INTO entity_edge_sources (edge_id, memory_id, stated_at) SELECT id, %s, %s FROM g"
                " ON CONFLICT (edge_id, memory_id) DO UPDATE SET stated_at = excluded.stated_at, ended_at = NULL)"
            )
            params += [memory, edge.created_at]
        rows = self._run(f"WITH {', '.join(ctes)} SELECT {_EDGE} FROM g", params)
        return _edge(rows[0])

    def end_memory_edges(self, memory_ids: Sequence[str], at: datetime) -> None:
        if memory_ids:
            self._affiliations_changed()  # (organisation edges may end)
        self.flush_entities(bump=False)
        self.end_stated_edges(memory_ids, at)

    def close_edges(self, src: str, relation: str, keep_dst: str, at: datetime) -> None:
        if relation in AFFILIATIONS:
            self._affiliations_changed()
        self._run(
            "UPDATE entity_edges SET valid_to = %s WHERE src = %s AND relation = %s AND dst <> %s"
            " AND valid_to IS NULL",
            (at, src, relation, keep_dst),
        )

    def entity_for_update(self, actor: Actor, entity_id: str) -> Entity | None:
        self._lock_scope_of(entity_id)  # (before the row lock, in the order linking takes them)
        visible, params = _visible(actor, "e")
        rows = self._run(
            f"SELECT {_ENTITY} FROM entities e WHERE e.id = %s AND e.merged_into IS NULL AND {visible}"
            " FOR UPDATE OF e",
            (entity_id, *params),
        )
        found = _entities(self._run, rows)
        return found[0] if found else None

    def merge_entities(self, merge: EntityMerge, actor: Actor, names: Sequence[tuple[str, str]]) -> None:
        into, gone = merge.into, merge.merged
        self._lock_scope_of(gone, change=True)
        self._forget_all()
        run = self._run
        aliases = run("SELECT alias, normalised FROM entity_aliases WHERE entity_id = %s", (gone,))
        keys = [k for (k,) in run("SELECT key FROM entity_blocking_keys WHERE entity_id = %s", (gone,))]
        ids = [v for (v,) in run("SELECT external_id FROM entity_external_ids WHERE entity_id = %s", (gone,))]
        links = run("SELECT memory_seq, role FROM memory_entity_links WHERE entity_id = %s", (gone,))
        edges = run(
            "SELECT id, src, relation, dst, provenance::text, valid_from::text, valid_to::text,"
            " created_at::text FROM entity_edges"
            " WHERE src = %s OR dst = %s",
            (gone, gone),
        )
        added_aliases = []
        for alias, normalised in [*names, *aliases]:
            if run(
                "INSERT INTO entity_aliases (entity_id, normalised, alias) VALUES (%s, %s, %s)"
                " ON CONFLICT DO NOTHING RETURNING normalised",
                (into, normalised, alias),
            ):
                added_aliases.append(normalised)
        added_keys = [
            k
            for k in keys
            if run(
                "INSERT INTO entity_blocking_keys (workspace, owner, visibility, key, entity_id)"
                " SELECT workspace, owner, visibility, %s, %s FROM entity_blocking_keys WHERE entity_id = %s"
                " AND key = %s ON CONFLICT DO NOTHING RETURNING key",
                (k, into, gone, k),
            )
        ]
        added_links = [
            [seq, role]
            for seq, role in links
            if run(
                "INSERT INTO memory_entity_links (entity_id, memory_seq, role) VALUES (%s, %s, %s)"
                " ON CONFLICT DO NOTHING RETURNING role",
                (into, seq, role),
            )
        ]
        added_edges = []
        for edge_id, src, _relation, dst, *_ in edges:
            new_src, new_dst = (into if src == gone else src), (into if dst == gone else dst)
            if run(
                "INSERT INTO entity_edges (id, src, relation, dst, provenance, valid_from, valid_to,"
                " created_at) SELECT %s::text || '~' || %s::text, %s::text, relation, %s::text, provenance, valid_from, valid_to,"
                " created_at FROM entity_edges WHERE id = %s ON CONFLICT DO NOTHING RETURNING id",
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
        run("UPDATE entity_external_ids SET entity_id = %s WHERE entity_id = %s", (into, gone))
        for table in ("entity_aliases", "entity_blocking_keys", "memory_entity_links"):
            run(f"DELETE FROM {table} WHERE entity_id = %s", (gone,))
        run("DELETE FROM entity_edges WHERE src = %s OR dst = %s", (gone, gone))
        at = merge.merged_at
        run("UPDATE entities SET merged_into = %s, updated_at = %s WHERE id = %s", (into, at, gone))
        run("UPDATE entities SET updated_at = %s WHERE id = %s", (at, into))
        run(
            "INSERT INTO entity_merges (id, workspace, into_id, merged_id, snapshot, actor, merged_at)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s)",
            (merge.id, actor.workspace, into, gone, Jsonb(snapshot), actor.owner, at),
        )

    # -- orphans: entities that only memory links kept, after those memories are deleted ---------------

    def linked_entities(self, seqs: Sequence[int]) -> list[str]:
        """The entities linked to the memories ``seqs`` (read before they are deleted: ``drop_orphans``)."""
        rows = self._run(
            "SELECT DISTINCT entity_id FROM memory_entity_links WHERE memory_seq = ANY(%s::bigint[])",
            (list(seqs),),
        )
        return sorted(str(r[0]) for r in rows)

    def drop_orphans(self, entity_ids: Sequence[str]) -> list[str]:
        """Delete those of ``entity_ids`` nothing keeps any more, in this transaction (their names,
        keys and ids go with them by ON DELETE CASCADE): no memory link left, and none of what makes an
        entity more than a name seen in memories: an external id (an anchored record, an account),
        attributes (an anchored record), an edge (anchored, related by hand or from text), a merge
        record (either side: an unmerge brings it back), being folded into another. Returns them."""
        if not entity_ids:
            return []
        orphans = (
            "SELECT e.id, e.workspace, e.owner, e.visibility FROM entities e WHERE e.id = ANY(%s::text[])"
            # (the senses texts said it is are the texts' own: they keep nothing, see ``graph.senses``)
            f" AND e.merged_into IS NULL AND (e.attributes IS NULL OR e.attributes::jsonb - '{SENSES_KEY}' = '{{}}'::jsonb)"
            " AND NOT EXISTS (SELECT 1 FROM memory_entity_links l WHERE l.entity_id = e.id)"
            " AND NOT EXISTS (SELECT 1 FROM entity_external_ids x WHERE x.entity_id = e.id)"
            " AND NOT EXISTS (SELECT 1 FROM entity_edges g WHERE g.src = e.id)"
            " AND NOT EXISTS (SELECT 1 FROM entity_edges g WHERE g.dst = e.id)"
            " AND NOT EXISTS (SELECT 1 FROM entity_merges r WHERE r.into_id = e.id)"
            " AND NOT EXISTS (SELECT 1 FROM entity_merges r WHERE r.merged_id = e.id) ORDER BY 2, 3, 4, 1"
        )
        found = self._run(orphans, (list(entity_ids),))
        if not found:
            return []
        scopes = sorted(
            {EntityScope(*r[1:]) for r in found}, key=lambda s: (s.workspace, s.owner, s.visibility)
        )
        # Locked, then asked again: no store links to them meanwhile. A scope another transaction holds
        # is skipped, not waited for (it may be linking to them; and a store holding its scope while it
        # waits for a chain this delete holds would deadlock): its orphans stay, as before this rule.
        held = [scope for scope in scopes if self._try_lock_scope(scope)]
        ids = [r[0] for r in found if EntityScope(*r[1:]) in held]
        gone = [str(r[0]) for r in self._run(orphans, (ids,))] if ids else []
        if gone:
            for scope in held:
                self._will_change(scope)
            self._forget_all()  # (the cache and the memo may hold them: they start again)
            self._run("DELETE FROM entities WHERE id = ANY(%s::text[])", (gone,))
        return gone

    def unmerge_entities(self, actor: Actor, merge_id: str, at: datetime) -> EntityMerge | None:
        visible, params = _visible(actor, "e")
        run = self._run
        rows = run(
            f"SELECT r.into_id, r.merged_id, r.snapshot, {_time('r.merged_at')} FROM entity_merges r"
            f" JOIN entities e ON e.id = r.merged_id WHERE r.id = %s AND r.unmerged_at IS NULL AND {visible}"
            " FOR UPDATE OF r",
            (merge_id, *params),
        )
        if not rows:
            return None
        into, gone, snap, merged_at = rows[0]
        scope = self._lock_scope_of(gone, change=True)
        assert scope is not None  # (joined above)
        self._forget_all()
        others = run(
            "SELECT id, merged_id, snapshot FROM entity_merges WHERE into_id = %s AND unmerged_at IS NULL"
            " AND id <> %s ORDER BY merged_at, id FOR UPDATE",
            (into, merge_id),
        )
        edges = run(
            "SELECT id, src, relation, dst FROM entity_edges WHERE id = ANY(%s::text[])",
            (snap["added_edges"],),
        )
        plan = plan_unmerge(into, snap, [(i, m, o) for i, m, o in others],
                            {e[0]: (e[1], e[2], e[3]) for e in edges})  # fmt: skip
        for normalised in plan.aliases:
            run("DELETE FROM entity_aliases WHERE entity_id = %s AND normalised = %s", (into, normalised))
        for key in plan.keys:
            run("DELETE FROM entity_blocking_keys WHERE entity_id = %s AND key = %s", (into, key))
        for seq, role in plan.links:
            run(
                "DELETE FROM memory_entity_links WHERE entity_id = %s AND memory_seq = %s AND role = %s",
                (into, seq, role),
            )
        for edge_id in plan.edges:
            run("DELETE FROM entity_edges WHERE id = %s", (edge_id,))
            self.drop_edge_sources(edge_id)
        for other_id, other in plan.handed_over.items():
            run("UPDATE entity_merges SET snapshot = %s WHERE id = %s", (Jsonb(other), other_id))
        for value in snap["external_ids"]:
            run(
                "UPDATE entity_external_ids SET entity_id = %s WHERE entity_id = %s AND external_id = %s",
                (gone, into, value),
            )
        self._add_names(gone, [tuple(a) for a in snap["aliases"]], (), snap["keys"], scope)
        for seq, role in snap["links"]:
            run(
                "INSERT INTO memory_entity_links (entity_id, memory_seq, role) SELECT %s, seq, %s FROM memories"
                " WHERE seq = %s ON CONFLICT DO NOTHING",
                (gone, role, seq),
            )
        for edge in snap["edges"]:
            run(
                "INSERT INTO entity_edges (id, src, relation, dst, provenance, valid_from, valid_to, created_at)"
                " VALUES (%s, %s, %s, %s, %s::json, %s::timestamptz, %s::timestamptz, %s::timestamptz)"
                " ON CONFLICT DO NOTHING",
                edge,
            )
        run("UPDATE entities SET merged_into = NULL, updated_at = %s WHERE id = %s", (at, gone))
        run("UPDATE entity_merges SET unmerged_at = %s WHERE id = %s", (at, merge_id))
        return EntityMerge(id=merge_id, into=into, merged=gone, merged_at=_at(merged_at), unmerged_at=at)


class EntityReadOps:
    """``EntityReads`` for ``PostgresStore`` (each one statement on a pooled connection, plus the names)."""

    def _entity_rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return self._rows(sql, params)  # type: ignore[attr-defined,no-any-return]

    def get_entity(self, actor: Actor, entity_id: str) -> Entity | None:
        visible, params = entity_readable(actor, now_utc())
        rows = self._entity_rows(
            f"SELECT {_ENTITY} FROM entities e WHERE e.id = %s AND e.merged_into IS NULL AND {visible}",
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
            clauses.append("r.id = %s")
            params.append(merge_id)
        if before is not None:
            clauses.append("(r.merged_at, r.id) < (%s, %s)")
            params += [before[0], before[1]]
        if entity_id is not None:
            clauses.append("(r.into_id = %s OR r.merged_id = %s)")
            params += [entity_id, entity_id]
        rows = self._entity_rows(
            f"SELECT r.id, r.into_id, r.merged_id, {_time('r.merged_at')}, {_time('r.unmerged_at')}, r.actor,"
            " i.name, e.name, e.workspace, e.owner, e.visibility, i.merged_into IS NULL FROM entity_merges r"
            " JOIN entities e ON e.id = r.merged_id LEFT JOIN entities i ON i.id = r.into_id"
            f" WHERE {' AND '.join(clauses)} ORDER BY r.merged_at DESC, r.id DESC LIMIT %s",
            (*params, limit),
        )
        return [
            PastMerge(
                merge=EntityMerge(
                    id=r[0], into=r[1], merged=r[2], merged_at=_at(r[3]), unmerged_at=_utc(r[4])
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
            clauses.append("e.type = %s")
            params.append(type)
        source = "entities e"
        if keys or external_ids:
            # The entities the keys name, found by the keys' own index (keys carry their entity's scope:
            # the reader's scopes bound them), then each entity by its id. Before, the keys were looked
            # up without their scope (no index serves that) and the planner walked every entity newest
            # first, probing each against them.
            owners = [actor.owner, *actor.readable_shared_owners()]
            scope = "workspace = %s AND owner = ANY(%s::text[]) AND visibility IN ('personal', 'shared')"
            found, found_params = [], []
            if keys:
                found.append(
                    f"SELECT entity_id FROM entity_blocking_keys WHERE {scope} AND key = ANY(%s::text[])"
                )
                found_params += [actor.workspace, owners, list(keys)]
            if external_ids:
                found.append(
                    f"SELECT entity_id FROM entity_external_ids WHERE {scope} AND external_id = ANY(%s::text[])"
                )
                found_params += [actor.workspace, owners, list(external_ids)]
            source = f"({' UNION '.join(found)}) f JOIN entities e ON e.id = f.entity_id"
            params = [*found_params, *params]
        rows = self._entity_rows(
            f"SELECT {_ENTITY} FROM {source} WHERE {' AND '.join(clauses)}"
            " ORDER BY e.created_at DESC, e.id DESC"
            " LIMIT %s OFFSET %s",
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
            clauses.append("e.type = %s")
            params.append(type)
        if before is not None:  # (the row comparison matches the ORDER BY)
            clauses.append("(e.created_at, e.id) < (%s, %s)")
            params.extend(before)
        rows = self._entity_rows(
            f"SELECT e.seq, {_ENTITY} FROM entities e WHERE {' AND '.join(clauses)}"
            " ORDER BY e.created_at DESC, e.id DESC"
            " LIMIT %s OFFSET %s",
            (*params, limit, offset),
        )
        entities = _entities(self._entity_rows, [r[1:] for r in rows])
        return [(int(r[0]), e) for r, e in zip(rows, entities, strict=True)]

    def entity_edges(self, actor: Actor, entity_id: str) -> list[Edge]:
        visible, params = entity_readable(actor, now_utc())
        rows = self._entity_rows(
            f"SELECT {_EDGE} FROM entity_edges g JOIN entities e ON e.id = %s AND {visible}"
            " AND e.merged_into IS NULL WHERE (g.src = e.id OR g.dst = e.id)"
            # (an edge read from text only while a memory stating it has not expired: expired memories
            # are read by no one before the expiry job deletes them, nor is what they state)
            " AND (g.provenance->>'memory' IS NULL OR EXISTS (SELECT 1 FROM entity_edge_sources s"
            " JOIN memories m ON m.id = s.memory_id WHERE s.edge_id = g.id"
            " AND (m.expires_at IS NULL OR m.expires_at > now()))) ORDER BY g.created_at, g.id",
            (entity_id, *params),
        )
        return [_edge(r) for r in rows]

    def memory_entities(self, actor: Actor, memory_id: str) -> list[tuple[str, Entity]]:
        where, params = _scope(actor, _ALL, None)
        rows = self._entity_rows(
            f"SELECT l.role, {_ENTITY} FROM memories m JOIN memory_entity_links l ON l.memory_seq = m.seq"
            f" JOIN entities e ON e.id = l.entity_id WHERE m.id = %s AND {where} ORDER BY l.role, e.name",
            (memory_id, *params),
        )
        entities = _entities(self._entity_rows, [r[1:] for r in rows])
        return [(r[0], e) for r, e in zip(rows, entities, strict=True)]

    def memory_subjects(self, actor: Actor, memory_ids: Sequence[str]) -> list[tuple[str, str, str, str]]:
        if not memory_ids:
            return []
        visible, params = _visible(actor, "e")
        rows = self._entity_rows(
            "SELECT m.id, l.role, e.id, e.name FROM memories m"
            " JOIN memory_entity_links l ON l.memory_seq = m.seq AND l.role IN ('subject', 'related_user')"
            f" JOIN entities e ON e.id = l.entity_id AND e.merged_into IS NULL AND {visible}"
            " WHERE m.id = ANY(%s::text[]) ORDER BY m.id, l.role, e.name, e.id",
            (*params, list(memory_ids)),
        )
        return [(str(a), str(b), str(c), str(d)) for a, b, c, d in rows]

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
            f" WHERE g.provenance->>'memory' IS NULL OR EXISTS (SELECT 1 FROM entity_edge_sources s"
            f" JOIN memories m ON m.id = s.memory_id WHERE s.edge_id = g.id AND {where})"
        )
        neighbours = (
            f" UNION ALL SELECT g.dst, 1 FROM entity_edges g JOIN targets t ON g.src = t.id{stated}"
            f" UNION ALL SELECT g.src, 1 FROM entity_edges g JOIN targets t ON g.dst = t.id{stated}"
            if hops >= 1
            else ""
        )
        rows = self._entity_rows(
            "WITH targets(id) AS (SELECT e.id FROM entities e WHERE e.id = ANY(%s::text[])"
            f" AND e.merged_into IS NULL AND {visible}),"
            f" near(id, distance) AS (SELECT id, 0 FROM targets{neighbours})"
            " SELECT m.seq, min(n.distance) AS d FROM near n"
            " JOIN memory_entity_links l ON l.entity_id = n.id JOIN memories m ON m.seq = l.memory_seq"
            f" WHERE {where} GROUP BY m.seq ORDER BY d, m.created_at DESC, m.seq DESC LIMIT %s",
            (list(entity_ids), *vparams, *(params * 2 if hops >= 1 else ()), *params, limit),
        )
        return [(int(seq), int(d)) for seq, d in rows]


def backfill_subjects(conn: Any, at: datetime) -> None:
    """Migration 7: existing subjects become entities linked to their memories (``entity_names``)."""
    from ...graph.linking import subject_entities  # (pure: resolution as on store)

    rows = [
        (w, o, v, int(seq), name)
        for w, o, v, seq, name in conn.execute(
            "SELECT workspace, owner, visibility, seq, subject_name FROM memories"
            " WHERE subject_name IS NOT NULL AND subject_name <> '' ORDER BY seq"
        ).fetchall()
    ]
    entities, links = subject_entities(rows, at)
    ops = EntityWriteOps()
    ops.conn = conn
    ops.lock_scopes = False  # (the migration's lock is held; entity_versions comes with migration 13)
    for entity, aliases, keys in entities:
        ops.insert_entity(entity, aliases, keys)
    for seq, entity_id in links:
        ops.link_memory(seq, entity_id, "subject")
    ops.flush_entities(bump=False)


def backfill_related_users(conn: Any, at: datetime) -> None:
    """Migration 17: the related users of memories stored before migration 7 point at account entities
    (``graph.backfill``)."""
    from ...graph.backfill import related_user_entities

    rows = [
        (w, o, v, int(seq), user)
        for w, o, v, seq, user in conn.execute(
            "SELECT m.workspace, m.owner, m.visibility, m.seq, m.related_user FROM memories m"
            " WHERE m.related_user IS NOT NULL AND m.related_user <> ''"
            # (a store fills in the storing user when none is given, and links only one given)
            " AND m.related_user IS DISTINCT FROM m.author AND m.owner <> 'user:' || m.related_user"
            " AND NOT EXISTS (SELECT 1 FROM"
            " memory_entity_links l WHERE l.memory_seq = m.seq AND l.role = 'related_user') ORDER BY m.seq"
        ).fetchall()
    ]
    if not rows:
        return
    known = {
        ((w, o, v), x): e
        for w, o, v, x, e in conn.execute(
            "SELECT workspace, owner, visibility, external_id, entity_id FROM entity_external_ids"
            " WHERE external_id LIKE 'user:%'"
        ).fetchall()
    }
    entities, links = related_user_entities(rows, known, at)
    ops = EntityWriteOps()
    ops.conn = conn
    ops.lock_scopes = False  # (the migration's lock is held)
    for entity, keys in entities:
        ops.insert_entity(entity, (), keys)
    for seq, entity_id in links:
        ops.link_memory(seq, entity_id, "related_user")
    ops.flush_entities(bump=False)


def fold_user_entities(conn: Any, at: datetime) -> None:
    """Migration 39: the entities one user's account was keyed by twice folded into one, by the entity
    merge (``storage/user_entities.py``); the scopes changed get new versions (a server's cache of them
    starts again)."""
    from ...ids import new_id
    from ..entity_names import alias_pairs
    from ..user_entities import FOLD_ACTOR, USER_ENTITIES, user_entity_folds

    plan = user_entity_folds(conn.execute(USER_ENTITIES).fetchall())
    if not plan:
        return
    ops = EntityWriteOps()
    ops.conn = conn
    for (workspace, _owner, _visibility), into, merged in plan.merges:
        ((kind,),) = conn.execute("SELECT type FROM entities WHERE id = %s", (into,)).fetchall()
        ((name,),) = conn.execute("SELECT name FROM entities WHERE id = %s", (merged,)).fetchall()
        record = EntityMerge(id=new_id(), into=into, merged=merged, merged_at=at)
        ops.merge_entities(record, Actor(user=FOLD_ACTOR, workspace=workspace), alias_pairs([name], kind))
        conn.execute("UPDATE entity_merges SET actor = %s WHERE id = %s", (FOLD_ACTOR, record.id))
    for scope, old, new in plan.renamed:
        ops._will_change(EntityScope(*scope))
        conn.execute(
            "UPDATE entity_external_ids SET external_id = %s WHERE workspace = %s AND owner = %s"
            " AND visibility = %s AND external_id = %s",
            (new, *scope, old),
        )
    for scope, old in plan.dropped:
        ops._will_change(EntityScope(*scope))
        conn.execute(
            "DELETE FROM entity_external_ids WHERE workspace = %s AND owner = %s AND visibility = %s"
            " AND external_id = %s",
            (*scope, old),
        )
    ops.flush_entities()
