"""PostgreSQL writes: ``_Txn``, the operations valid inside one ``PostgresStore.write()``.

**Many processes write at once.** SQLite serialises writers with ``BEGIN IMMEDIATE``; here writers run
concurrently under READ COMMITTED, so the races are closed explicitly:

- duplicates — the insert is ``ON CONFLICT … DO NOTHING`` on the partial unique index; a writer that
  loses the race gets ``None`` from ``insert`` and the service answers ``duplicate`` with the winner;
- supersession — every operation that reads or moves a chain head first takes
  ``pg_advisory_xact_lock(chain)``, so two writers replacing the same item queue up and the second one
  supersedes the first one's new version (one current version, a linear chain);
  ``mark_superseded`` also repairs the one race the lock cannot see coming (automatic supersession
  picks its target before locking): if the target was superseded meanwhile, the new item is linked
  after the chain's current head instead. A transaction that locks several chains locks them in one
  canonical order (``_Txn._lock_chains``: sorted ids), so overlapping writers queue up instead of
  deadlocking; a batch of stores locks the chains it replaces up front (``lock_chains_of``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
import psycopg
from psycopg import sql
from psycopg.types.json import Json, Jsonb

from ...models import Actor, Memory
from ...text.stems import keyword_text
from ...timeutil import now_utc
from ..base import NewMemory
from ..memory_rows import observed_time
from ..profile_rows import RESTATED, expired_per_profile
from ..stats import Bucket, StatDelta
from .access import READER_COLUMNS, add_access, reader
from .consolidation_runs import ConsolidationRunOps
from .conversations import claim_exchange
from .entities import EntityWriteOps
from .entity_rekey import EntityRekeyOps
from .graph_transfer import GraphRestoreOps
from .merges import MergeWriteOps
from .rows import (
    _ALL,
    _CHAIN_LOCKS,
    _COLUMNS,
    _INDEX_LOCKS,
    _index_name,
    _porter_terms,
    _row_to_memory,
    _scope,
    _time,
    _token_count,
    _utc,
    _vector_sql,
    fts_text,
)

#: the store's duplicate check: the current, unexpired item of one scope and space with this content hash
#: and profile (none: '') (params: workspace, owner, visibility, space, profile, content_hash, now);
#: ``Store.current_by_hash`` reads the same
CURRENT_BY_HASH = (
    "m.workspace = %s AND m.owner = %s AND m.visibility = %s AND m.space = %s"
    " AND COALESCE(m.profile_id, '') = %s AND m.content_hash = %s AND m.superseded_by IS NULL"
    " AND (m.expires_at IS NULL OR m.expires_at > %s)"
)

if TYPE_CHECKING:
    from .store import PostgresStore

#: one new item: the row, its entity keys and its vector in one round trip (data-modifying CTEs all run;
#: with a conflict ``ins`` is empty and so are the other two); parameters: ``_insert_params``
_INSERT = (
    "WITH ins AS (INSERT INTO memories (id, workspace, owner, visibility, space, content, content_hash,"
    " type, subject_id, subject_name, related_user, data, importance, confidence, valid_from, valid_to,"
    " observed_at, source, provenance, state, chain_id, replaces, superseded_by, superseded_at,"
    " expires_at, created_at, updated_at, keyword_text, keyword_subject,"
    " doc_len, porter_terms, author, profile_id, fts) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,"
    " %s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s, to_tsvector('english', %s))"
    " ON CONFLICT (workspace, owner, visibility, space, (COALESCE(profile_id, '')), content_hash)"
    " WHERE superseded_by IS NULL"
    " DO NOTHING RETURNING seq),"
    " keys AS (INSERT INTO memory_entities (key, memory_seq) SELECT k, ins.seq FROM ins,"
    " unnest(%s::text[]) AS k ON CONFLICT DO NOTHING),"
    " vec AS (INSERT INTO memory_vectors (memory_seq, model, dim, embedding)"
    " SELECT ins.seq, %s::text, %s::int, %s::vector FROM ins WHERE %s::text IS NOT NULL)"
    " SELECT seq FROM ins"
)


def _insert_params(row: NewMemory) -> tuple[Any, ...]:
    """``_INSERT``'s parameters for ``row``."""
    m = row.memory
    keyword_text = m.content if row.fts_content is None else row.fts_content
    model = m.embedding_model if row.vector is not None else None
    return (
        m.id, m.workspace, m.owner, str(m.visibility), m.space or "", m.content, row.content_hash,
        str(m.type), m.subject.id if m.subject else None, m.subject.name if m.subject else None,
        m.related_user, Json(m.data) if m.data is not None else None, m.importance, m.confidence,
        m.valid_from, m.valid_to, m.observed_at, m.source,
        Json(m.provenance) if m.provenance is not None else None, str(m.state), row.chain_id,
        m.replaces, m.superseded_by, m.superseded_at,  # (access counts: memory_access)
        m.expires_at, m.created_at, m.updated_at, row.fts_content, row.fts_subject,
        _token_count(keyword_text) + _token_count(row.fts_subject),
        _porter_terms(keyword_text, row.fts_subject), m.author, m.profile_id, fts_text(keyword_text),
        sorted(row.entity_keys),
        model, len(row.vector) if model is not None else None,  # type: ignore[arg-type]
        np.ascontiguousarray(row.vector, dtype=np.float32) if model is not None else None, model,
    )  # fmt: skip


def _lock(conn: psycopg.Connection[Any], namespace: int, name: str) -> None:
    conn.execute("SELECT pg_advisory_xact_lock(%s::int, hashtext(%s))", (namespace, name))


def rebuild_stats(conn: psycopg.Connection[Any], workspace: str | None = None) -> None:
    """Count the statistics of one workspace (None: of every workspace) again from the rows
    (``storage/stats.py``): after ``reindex --keys`` and a copy into this store. Inside the caller's
    transaction."""
    only = "(%(w)s::text IS NULL OR workspace = %(w)s)"
    params = {"w": workspace}
    for table in ("stat_terms", "stat_lexemes", "stat_keys"):
        conn.execute(
            f"DELETE FROM {table} WHERE bucket IN (SELECT id FROM stat_buckets WHERE {only})", params
        )
    conn.execute(f"UPDATE stat_buckets SET items = 0, tokens = 0 WHERE {only}", params)
    conn.execute(
        "INSERT INTO stat_buckets AS s (workspace, owner, visibility, items, tokens)"
        f" SELECT workspace, owner, visibility, count(*), coalesce(sum(doc_len), 0) FROM memories WHERE {only}"
        " GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 ON CONFLICT (workspace, owner, visibility)"
        " DO UPDATE SET items = excluded.items, tokens = excluded.tokens",
        params,
    )
    joined = "JOIN stat_buckets b USING (workspace, owner, visibility) WHERE (%(w)s::text IS NULL OR m.workspace = %(w)s)"
    conn.execute(
        "INSERT INTO stat_terms (bucket, term, df) SELECT b.id, t, count(*) FROM memories m"
        f" CROSS JOIN LATERAL unnest(m.porter_terms) AS t {joined} GROUP BY 1, 2",
        params,
    )
    conn.execute(
        "INSERT INTO stat_lexemes (bucket, lexeme, df) SELECT b.id, t, count(*) FROM memories m"
        f" CROSS JOIN LATERAL unnest(tsvector_to_array(m.fts)) AS t {joined} GROUP BY 1, 2",
        params,
    )
    conn.execute(
        "INSERT INTO stat_keys (bucket, key, n) SELECT b.id, e.key, count(*) FROM memory_entities e"
        f" JOIN memories m ON m.seq = e.memory_seq {joined} GROUP BY 1, 2",
        params,
    )


def refold_keyword_index(conn: psycopg.Connection[Any]) -> None:
    """Schema steps 25 and 30 (Indic words kept whole): the tsvector, porter terms and length of every item whose keyword text or subject is not
    ASCII again, as ``fts_text`` and ``_porter_terms`` now make them (accents folded, a word too long to
    index left out), then the statistics (``rebuild_stats``). ASCII rows are as they were. Inside the
    migration's transaction, a thousand rows a round trip."""
    text, subject = "coalesce(keyword_text, content)", "coalesce(keyword_subject, '')"
    last = 0
    while True:
        batch = conn.execute(
            f"SELECT seq, {text}, {subject} FROM memories WHERE seq > %s"
            f" AND (octet_length({text}) <> char_length({text}) OR octet_length({subject}) <> char_length({subject}))"
            " ORDER BY seq LIMIT 1000",
            (last,),
        ).fetchall()
        if not batch:
            break
        with conn.cursor() as cur:
            cur.executemany(
                "UPDATE memories SET fts = to_tsvector('english', %s), porter_terms = %s, doc_len = %s"
                " WHERE seq = %s",
                [
                    (
                        fts_text(content),
                        _porter_terms(content, subj),
                        _token_count(content) + _token_count(subj),
                        seq,
                    )
                    for seq, content, subj in batch
                ],
            )
        last = batch[-1][0]
    rebuild_stats(conn)


def restem_keyword_index(conn: psycopg.Connection[Any]) -> None:
    """Schema steps 28 and 29: the keyword text of every item whose keyword text is no longer what a
    store now writes (``text.stems.keyword_text``: words of inflected scripts as their stems, step 28;
    compatibility forms such as "ﬁ" and full-width letters folded by NFKC, step 29) again, with its
    tsvector, porter terms and length; then the statistics. ASCII rows, and rows already right, are as
    they were. Inside the migration's transaction, a thousand rows a round trip."""
    subject = "coalesce(keyword_subject, '')"
    last = 0
    while True:
        batch = conn.execute(
            f"SELECT seq, content, keyword_text, {subject} FROM memories WHERE seq > %s"
            " AND octet_length(content) <> char_length(content) ORDER BY seq LIMIT 1000",
            (last,),
        ).fetchall()
        if not batch:
            break
        changed = []
        for seq, content, indexed_before, subj in batch:
            if (indexed := keyword_text(content)) != indexed_before:
                text = content if indexed is None else indexed
                changed.append(
                    (indexed, _token_count(text) + _token_count(subj), _porter_terms(text, subj),
                     fts_text(text), seq)
                )  # fmt: skip
        with conn.cursor() as cur:
            cur.executemany(
                "UPDATE memories SET keyword_text = %s, doc_len = %s, porter_terms = %s,"
                " fts = to_tsvector('english', %s) WHERE seq = %s",
                changed,
            )
        last = batch[-1][0]
    rebuild_stats(conn)


class _Txn(EntityWriteOps, GraphRestoreOps, MergeWriteOps, ConsolidationRunOps, EntityRekeyOps):
    """Write operations inside one READ COMMITTED transaction on one pooled connection."""

    #: concurrent writers: several chains are locked in one canonical order (``lock_chains_of``)
    locks_chains = True

    def __init__(self, store: PostgresStore, conn: psycopg.Connection[Any]) -> None:
        self.store = store
        self.conn = conn
        self.shared_entities = store.entity_cache
        self.new_indexes: set[tuple[str, int]] = set()
        self.audit_rows: list[tuple[Any, ...]] = []
        self.stats = StatDelta()
        #: items written by this transaction, counted in the statistics at flush (as they are then)
        self.uncounted: set[int] = set()
        #: items inserted (the planner's statistics are refreshed after many: ``analyze.Statistics``)
        self.inserted = 0
        self.memories_retired = 0  # (``EntityWrites.memories_retired``)

    def _one(self, query: Any, params: Sequence[Any] = ()) -> Any:
        return self.conn.execute(query, params).fetchone()

    def _lock_chain(self, chain_id: str) -> None:
        _lock(self.conn, _CHAIN_LOCKS, chain_id)

    def _lock_chains(self, chains: Iterable[str]) -> None:
        """Lock several chains in the one canonical order every caller uses: Python's ``sorted`` (code
        points, whatever the database's collation), in one statement. Two transactions locking
        overlapping sets of chains then queue up instead of deadlocking (each waits only for a chain
        sorted after every one it holds)."""
        ordered = sorted(set(chains))
        if ordered:
            self.conn.execute(
                "SELECT count(pg_advisory_xact_lock(%s::int, hashtext(c))) FROM (SELECT c FROM"
                " unnest(%s::text[]) WITH ORDINALITY AS u(c, i) ORDER BY i) AS chains",
                (_CHAIN_LOCKS, ordered),
            )

    def lock_chains_of(self, memory_ids: Sequence[str]) -> None:
        ids = list(dict.fromkeys(memory_ids))
        if ids:
            rows = self.conn.execute(
                "SELECT DISTINCT chain_id FROM memories WHERE id = ANY(%s::text[])", (ids,)
            ).fetchall()
            self._lock_chains(str(r[0]) for r in rows)

    def find_current_by_hash(
        self, workspace: str, owner: str, visibility: str, space: str, content_hash: str, now: datetime, *,
        profile_id: str | None,
    ) -> Memory | None:  # fmt: skip
        row = self._one(
            f"SELECT {_COLUMNS} FROM memories m WHERE {CURRENT_BY_HASH}",
            (workspace, owner, visibility, space, profile_id or "", content_hash, now),
        )
        return _row_to_memory(row)[1] if row else None

    def _drop_expired_twin(self, row: NewMemory) -> bool:
        """Delete the expired current item with the new item's content hash, if any (whether one was):
        gone for every read and for the duplicate check, but not yet deleted by the expiry job, it still
        holds the current-content unique index the new item needs. Only after a conflict, so an insert
        without one costs no extra round trip. A concurrent expiry job holding the row: this waits for
        it, then finds nothing. Like the expiry job, this writes the deletion to the profile's expiry log."""
        m = row.memory
        now = now_utc()
        found = self.conn.execute(
            "SELECT seq, profile_id FROM memories WHERE workspace = %s AND owner = %s AND visibility = %s"
            " AND space = %s AND COALESCE(profile_id, '') = %s AND content_hash = %s AND superseded_by IS NULL"
            " AND expires_at IS NOT NULL AND expires_at <= %s FOR UPDATE",
            (
                m.workspace,
                m.owner,
                str(m.visibility),
                m.space or "",
                m.profile_id or "",
                row.content_hash,
                now,
            ),  # fmt: skip
        ).fetchall()
        self._delete_seqs({int(r[0]) for r in found})
        for profile_id, count in expired_per_profile(found).items():
            self.conn.execute(
                "INSERT INTO profile_log (workspace, profile_id, profile_name, at, action, count, detail)"
                " SELECT workspace, id, name, %s, 'expired', %s, %s FROM profiles WHERE id = %s",
                (now, count, Jsonb(RESTATED), profile_id),
            )
        return bool(found)

    def get_for_update(self, actor: Actor, memory_id: str) -> Memory | None:
        """The item, after locking its chain: a concurrent writer superseding it waits for us, and we
        read its chain as that writer left it (READ COMMITTED reads after the lock is granted)."""
        chain = self.chain_id_of(memory_id)
        if chain is None:
            return None
        self._lock_chain(chain)
        where, params = _scope(actor, _ALL, now_utc())  # (an expired item is gone for writes too)
        row = self._one(
            f"SELECT {READER_COLUMNS} FROM memories m WHERE m.id = %s AND {where}",
            (*reader(actor), memory_id, *params),
        )
        return _row_to_memory(row)[1] if row else None

    def add_access(self, reader: str, counts: Sequence[tuple[int, int, datetime | None]]) -> None:
        add_access(self.conn, reader, counts)

    def current_of_chain(self, chain_id: str) -> Memory | None:
        self._lock_chain(chain_id)
        row = self._one(
            f"SELECT {_COLUMNS} FROM memories m WHERE m.chain_id = %s AND m.superseded_by IS NULL"
            " ORDER BY m.seq DESC LIMIT 1",
            (chain_id,),
        )
        return _row_to_memory(row)[1] if row else None

    def chain_id_of(self, memory_id: str) -> str | None:
        row = self._one("SELECT chain_id FROM memories WHERE id = %s", (memory_id,))
        return row[0] if row else None

    def find_by_id(self, memory_id: str) -> Memory | None:
        """Unscoped: only for ids the transaction already obtained through a scoped query."""
        row = self._one(f"SELECT {_COLUMNS} FROM memories m WHERE m.id = %s", (memory_id,))
        return _row_to_memory(row)[1] if row else None

    def supersession_candidates(
        self, memory: Memory, entity_keys: frozenset[str], limit: int
    ) -> list[tuple[str, str, datetime]]:
        """(id, content, observed_at) of current items of the same owner, visibility and space sharing an
        entity key: most shared keys first, then newest. Each key contributes at most its ``limit`` newest
        items (one index range scan per key, as in SQLite), so a key that thousands of items carry costs no
        more than a rare one."""
        if not entity_keys:
            return []
        rows = self.conn.execute(
            f"SELECT m.id, m.content, {_time('m.observed_at')}, {_time('m.created_at')},"
            f" {_time('m.updated_at')} FROM (SELECT c.seq, count(*) AS n"
            " FROM unnest(%s::text[]) AS k(key) CROSS JOIN LATERAL (SELECT e.memory_seq AS seq"
            " FROM memory_entities e JOIN memories m ON m.seq = e.memory_seq WHERE e.key = k.key"
            " AND m.workspace = %s AND m.owner = %s AND m.visibility = %s AND m.space = %s"
            " AND m.superseded_by IS NULL AND m.state <> 'archived'"
            " AND (m.expires_at IS NULL OR m.expires_at > %s) ORDER BY e.memory_seq DESC LIMIT %s) c"
            " GROUP BY c.seq ORDER BY n DESC, c.seq DESC LIMIT %s) b JOIN memories m ON m.seq = b.seq"
            " ORDER BY b.n DESC, b.seq DESC",
            (sorted(entity_keys), memory.workspace, memory.owner, str(memory.visibility), memory.space or "",
             memory.created_at, limit, limit),
        ).fetchall()  # fmt: skip
        return [(str(id_), str(content), observed_time(_utc, *times)) for id_, content, *times in rows]

    def insert(self, row: NewMemory) -> int | None:
        """The new item's seq, or None when an identical current item (same owner, visibility, space and
        content hash) was committed by another writer after the caller's duplicate check. An expired one
        in the way is deleted and the insert tried again (``_drop_expired_twin``)."""
        self._ensure_indexes([row])
        params = _insert_params(row)
        got = self._one(_INSERT, params)
        if got is None and self._drop_expired_twin(row):
            got = self._one(_INSERT, params)
        if got is None:
            return None
        self.uncounted.add(int(got[0]))
        self.inserted += 1
        return int(got[0])

    def _insert_many(self, rows: Sequence[NewMemory]) -> list[int | None]:
        """``insert`` for many rows, pipelined (one round trip for all); a row that met a conflict is
        tried again alone (``insert``: an expired twin is deleted, else None)."""
        if not rows:
            return []
        self._ensure_indexes(rows)
        seqs: list[int | None] = []
        with self.conn.cursor() as cur:
            cur.executemany(_INSERT, [_insert_params(r) for r in rows], returning=True)
            while True:  # one result per row (``nextset``: psycopg 3.1's spelling of ``results()``)
                got = cur.fetchone()
                seqs.append(int(got[0]) if got else None)
                if not cur.nextset():
                    break
        self.uncounted.update(s for s in seqs if s is not None)
        self.inserted += sum(1 for s in seqs if s is not None)
        return [s if s is not None else self.insert(r) for s, r in zip(seqs, rows, strict=True)]

    def _ensure_indexes(self, rows: Sequence[NewMemory]) -> None:
        for model, dim in sorted(
            {
                (r.memory.embedding_model, len(r.vector))
                for r in rows
                if r.vector is not None and r.memory.embedding_model
            }
        ):
            self._ensure_index(model, dim)

    def _put_vectors(self, rows: Sequence[tuple[int, str, npt.NDArray[np.float32]]]) -> None:
        for model, dim in {(model, len(vec)) for _, model, vec in rows}:
            self._ensure_index(model, dim)
        with self.conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO memory_vectors (memory_seq, model, dim, embedding) VALUES (%s, %s, %s, %s)"
                " ON CONFLICT (memory_seq) DO UPDATE SET model = EXCLUDED.model, dim = EXCLUDED.dim,"
                " embedding = EXCLUDED.embedding",
                [
                    (seq, model, len(vec), np.ascontiguousarray(vec, dtype=np.float32))
                    for seq, model, vec in rows
                ],
            )

    def _ensure_index(self, model: str, dim: int) -> None:
        """Create the HNSW index for (model, dim) the first time a vector of it is written.

        Created inside this write transaction: the table holds no vector of this model yet, so the build
        is instant, and a rollback takes the index with it. An advisory lock makes concurrent first
        writers create it once."""
        if (model, dim) in self.store._indexes or (model, dim) in self.new_indexes:
            return
        name = _index_name(model, dim)
        _lock(self.conn, _INDEX_LOCKS, name)
        if self._one("SELECT 1 FROM vector_indexes WHERE model = %s AND dim = %s", (model, dim)) is None:
            expr, _, ops = _vector_sql(dim, "embedding")
            if ops is not None:
                self.conn.execute(
                    sql.SQL("CREATE INDEX IF NOT EXISTS {name} ON memory_vectors USING hnsw ({expr} {ops})"
                            " WHERE model = {model} AND dim = {dim}").format(
                        name=sql.Identifier(name), expr=sql.SQL(expr), ops=sql.SQL(ops),
                        model=sql.Literal(model), dim=sql.Literal(dim),
                    )
                )  # fmt: skip
            self.conn.execute(
                "INSERT INTO vector_indexes (model, dim, index_name) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
                (model, dim, name if ops is not None else None),
            )
        self.new_indexes.add((model, dim))

    def set_vectors(self, rows: Sequence[tuple[int, str, npt.NDArray[np.float32]]]) -> None:
        if not rows:
            return
        seqs = [seq for seq, _, _ in rows]
        alive = {
            r[0] for r in self.conn.execute("SELECT seq FROM memories WHERE seq = ANY(%s::bigint[])", (seqs,))
        }
        todo = [r for r in rows if r[0] in alive]
        if not todo:
            return
        self._put_vectors(todo)
        self.conn.execute(
            "UPDATE memories SET state = 'indexed' WHERE seq = ANY(%s::bigint[]) AND state = 'new'",
            ([r[0] for r in todo],),
        )

    def rebuild_stats(self, workspace: str | None = None) -> None:
        self._collect(sorted(self.uncounted), 1)
        self.uncounted.clear()
        self._apply_stats()
        rebuild_stats(self.conn, workspace)

    def replace_keys(self, seq: int, content: str, subject: str, keys: frozenset[str]) -> None:
        """New entity keys and keyword entry (``content`` is the text the keyword index sees)."""
        if seq not in self.uncounted:
            self._collect([seq], -1)
            self.uncounted.add(seq)
        self.conn.execute("DELETE FROM memory_entities WHERE memory_seq = %s", (seq,))
        if keys:
            with self.conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO memory_entities (key, memory_seq) VALUES (%s, %s) ON CONFLICT DO NOTHING",
                    [(k, seq) for k in sorted(keys)],
                )
        self.conn.execute(
            "UPDATE memories SET keyword_text = CASE WHEN content = %s THEN NULL ELSE %s END,"
            " keyword_subject = %s, doc_len = %s, porter_terms = %s, fts = to_tsvector('english', %s)"
            " WHERE seq = %s",
            (
                content,
                content,
                subject,
                _token_count(content) + _token_count(subject),
                _porter_terms(content, subject),
                fts_text(content),
                seq,
            ),
        )

    def mark_superseded(self, memory_id: str, by_id: str, at: datetime) -> None:
        self.memories_retired += 1
        chain = self.chain_id_of(memory_id)
        if chain is not None:
            self._lock_chain(chain)
        done = self.conn.execute(
            "UPDATE memories SET superseded_by = %s, superseded_at = %s, updated_at = %s"
            " WHERE id = %s AND superseded_by IS NULL",
            (by_id, at, at, memory_id),
        ).rowcount
        if done or chain is None:
            return
        # Another writer superseded the target after we chose it (automatic supersession chooses before
        # it can lock): keep the chain linear by following the chain's current head instead.
        head = self._one(
            "SELECT id FROM memories WHERE chain_id = %s AND superseded_by IS NULL AND id <> %s"
            " ORDER BY seq DESC LIMIT 1",
            (chain, by_id),
        )
        if head is None:
            return
        self.conn.execute(
            "UPDATE memories SET superseded_by = %s, superseded_at = %s, updated_at = %s WHERE id = %s",
            (by_id, at, at, head[0]),
        )
        self.conn.execute("UPDATE memories SET replaces = %s WHERE id = %s", (head[0], by_id))

    def chain_ids(self, actor: Actor, memory_ids: Sequence[str]) -> list[str]:
        """Every id in the chains of the given (visible) ids, oldest first."""
        if not memory_ids:
            return []
        where, params = _scope(actor, _ALL, None)
        rows = self.conn.execute(
            f"SELECT m.id FROM memories m WHERE {where} AND m.chain_id IN (SELECT chain_id FROM memories"
            " WHERE id = ANY(%s::text[])) ORDER BY m.seq",
            (*params, list(dict.fromkeys(memory_ids))),
        ).fetchall()
        return [r[0] for r in rows]

    def chains(self, actor: Actor, memory_ids: Sequence[str]) -> dict[str, list[Memory]]:
        """For each given id visible to ``actor``, every version of its chain, oldest first. The chains are
        locked (as ``delete_chains`` locks them): no version joins them before this transaction ends."""
        ids = list(dict.fromkeys(memory_ids))
        if not ids:
            return {}
        self.lock_chains_of(ids)
        where, params = _scope(actor, _ALL, None)
        found: dict[str, list[Memory]] = {}
        for row in self.conn.execute(
            f"SELECT {_COLUMNS}, t.id FROM memories m JOIN memories t ON t.chain_id = m.chain_id"
            f" WHERE t.id = ANY(%s::text[]) AND {where} ORDER BY m.seq",
            (ids, *params),
        ).fetchall():
            found.setdefault(row[-1], []).append(_row_to_memory(row[:-1])[1])
        return found

    def relink(self, links: Sequence[tuple[str, str, str | None, datetime | None]], at: datetime) -> None:
        self.memories_retired += 1
        self._lock_chains(c for _, c, _, _ in links)
        with self.conn.cursor() as cur:
            cur.executemany(
                "UPDATE memories SET chain_id = %s, superseded_by = %s, superseded_at = %s, updated_at = %s"
                " WHERE id = %s",
                [(chain, by, when, at, memory_id) for memory_id, chain, by, when in links],
            )

    def delete_chains(self, actor: Actor, memory_ids: Sequence[str]) -> list[str]:
        """Delete whole chains; vectors and entity keys go by ON DELETE CASCADE, the tsvector with the row.

        The chains are locked first (in the canonical order, ``_lock_chains``, so two writers never
        deadlock) so that a version being added concurrently is either deleted too or added after the
        chain is gone."""
        if not memory_ids:
            return []
        self.lock_chains_of(memory_ids)
        ids = self.chain_ids(actor, memory_ids)
        if ids:
            seqs = {
                int(r[0])
                for r in self.conn.execute("SELECT seq FROM memories WHERE id = ANY(%s::text[])", (ids,))
            }
            self._delete_seqs(seqs)
        return ids

    def _delete_seqs(self, seqs: set[int]) -> None:
        """Delete rows and their statistics; vectors, entity keys and links go by ON DELETE CASCADE, the
        tsvector with the row; then the external ids only their text gave (``drop_text_ids``), the keys
        only their text gave (``drop_text_keys``) and the entities nothing keeps any more
        (``drop_orphans``)."""
        if not seqs:
            return
        self.memories_retired += 1
        self.flush_entities(bump=False)  # (link rows held back may name these memories)
        linked = self.linked_entities(sorted(seqs))
        said = self.text_keys_of(sorted(seqs))
        self._collect(sorted(seqs - self.uncounted), -1)
        self.uncounted -= seqs
        self._affiliations_changed()  # (their edges go: see below)
        # (the relations their text stated and no other memory does: graph.text_links)
        ids = [
            str(r[0])
            for r in self.conn.execute(
                "SELECT id FROM memories WHERE seq = ANY(%s::bigint[])", (sorted(seqs),)
            )
        ]
        self.forget_stated_edges(ids, now_utc())
        self.conn.execute("DELETE FROM memories WHERE seq = ANY(%s::bigint[])", (sorted(seqs),))
        self.drop_text_ids(linked)  # (the e-mail addresses only their text named)
        self.drop_text_keys(said)  # (the relatives' keys only their text gave: "my father Tomasz")
        self.drop_orphans(linked)  # (entities only these memories named)

    def delete_profile_memories(self, workspace: str, profile_id: str) -> list[str]:
        found = self.conn.execute(
            "SELECT seq, id, chain_id FROM memories WHERE profile_id = %s AND workspace = %s ORDER BY seq",
            (profile_id, workspace),
        ).fetchall()
        self._lock_chains(str(r[2]) for r in found)
        self._delete_seqs({int(r[0]) for r in found})
        return [str(r[1]) for r in found]

    def delete_expired(self, now: datetime, limit: int) -> list[tuple[str, str | None, str]]:
        found = self.conn.execute(
            "SELECT seq, workspace, profile_id, id FROM memories WHERE expires_at IS NOT NULL"
            " AND expires_at <= %s ORDER BY expires_at LIMIT %s FOR UPDATE SKIP LOCKED",
            (now, limit),
        ).fetchall()
        self._delete_seqs({int(r[0]) for r in found})
        return [(str(r[1]), r[2], str(r[3])) for r in found]

    def set_profile_expiry(
        self, workspace: str, profile_id: str, expiry: Callable[[datetime], datetime | None]
    ) -> int:
        found = self.conn.execute(
            "SELECT seq, created_at FROM memories WHERE profile_id = %s AND workspace = %s",
            (profile_id, workspace),
        ).fetchall()
        self.memories_retired += 1
        with self.conn.cursor() as cur:
            cur.executemany(
                "UPDATE memories SET expires_at = %s WHERE seq = %s", [(expiry(r[1]), r[0]) for r in found]
            )
        return len(found)

    def set_state(self, actor: Actor, memory_id: str, state: str, at: datetime) -> Memory | None:
        current = self.get_for_update(actor, memory_id)
        if current is None:
            return None
        if state == "restore":
            has_vec = self._one(
                "SELECT 1 FROM memory_vectors v JOIN memories m ON m.seq = v.memory_seq WHERE m.id = %s"
                " AND v.model = %s",
                (memory_id, self.store.vector_model),
            )
            state = "indexed" if has_vec else "new"
        self.memories_retired += 1
        self.conn.execute(
            "UPDATE memories SET state = %s, updated_at = %s WHERE id = %s", (state, at, memory_id)
        )
        # (the relations only its text states follow it out of, and back into, what is current)
        if state == "archived" and current.state != "archived":
            self.archive_stated_edges(memory_id, at)
        elif state != "archived" and current.state == "archived":
            self.restore_stated_edges(memory_id)
        return self.get_for_update(actor, memory_id)

    def claim_exchange(self, workspace: str, digest: str, at: datetime) -> bool:
        return claim_exchange(self.conn, workspace, digest, at)

    def audit(self, actor: Actor, action: str, memory_id: str | None, detail: dict[str, Any]) -> None:
        """Queued and written in one statement just before COMMIT (as in SQLite)."""
        self.audit_rows.append(
            (datetime.now(UTC), actor.workspace, actor.owner, action, memory_id, Jsonb(detail))
        )

    def flush(self) -> None:
        """Before COMMIT: the statistics, then in one last statement the entities and link rows held
        back, the changed scopes' new versions and the audit rows (``flush_entities``)."""
        self._collect(sorted(self.uncounted), 1)
        self.uncounted.clear()
        self._apply_stats()
        audit, self.audit_rows = self.audit_rows, []
        self.flush_entities(audit=audit)

    def _collect(self, seqs: Sequence[int], sign: int) -> None:
        """Count (``sign`` 1) or uncount (-1) items in the transaction's statistics changes, as their rows
        are now (one round trip; see ``storage/stats.py``)."""
        if not seqs:
            return
        rows = self.conn.execute(
            "SELECT NULL::text, workspace, owner, visibility, NULL::text, count(*), coalesce(sum(doc_len), 0)"
            " FROM memories WHERE seq = ANY(%(s)s) GROUP BY workspace, owner, visibility"
            " UNION ALL SELECT 'terms', workspace, owner, visibility, t, count(*), 0"
            " FROM memories, unnest(porter_terms) AS t WHERE seq = ANY(%(s)s) GROUP BY 2, 3, 4, 5"
            " UNION ALL SELECT 'lexemes', workspace, owner, visibility, t, count(*), 0"
            " FROM memories, unnest(tsvector_to_array(fts)) AS t WHERE seq = ANY(%(s)s) GROUP BY 2, 3, 4, 5"
            " UNION ALL SELECT 'keys', m.workspace, m.owner, m.visibility, e.key, count(*), 0"
            " FROM memory_entities e JOIN memories m ON m.seq = e.memory_seq WHERE e.memory_seq = ANY(%(s)s)"
            " GROUP BY 2, 3, 4, 5",
            {"s": list(seqs)},
        ).fetchall()
        for table, workspace, owner, visibility, value, n, tokens in rows:
            bucket: Bucket = (workspace, owner, visibility)
            if table is None:
                self.stats.add(bucket, sign, items=int(n), tokens=int(tokens))
            else:
                self.stats.count(table, bucket, value, sign * int(n))

    def _apply_stats(self) -> None:
        """Write the statistics changes, in one fixed order (buckets, terms, lexemes, keys; each sorted)
        so that concurrent writers lock the same rows in the same order and never deadlock."""
        delta = self.stats
        if not delta:
            return
        buckets = sorted(delta.buckets.items())
        ids: dict[Bucket, int] = {
            (w, o, v): int(i)
            for i, w, o, v in self.conn.execute(
                "INSERT INTO stat_buckets AS s (workspace, owner, visibility, items, tokens)"
                " SELECT * FROM unnest(%s::text[], %s::text[], %s::text[], %s::bigint[], %s::bigint[])"
                " ORDER BY 1, 2, 3 ON CONFLICT (workspace, owner, visibility) DO UPDATE"
                " SET items = s.items + excluded.items, tokens = s.tokens + excluded.tokens"
                " RETURNING id, workspace, owner, visibility",
                (
                    [b[0] for b, _ in buckets], [b[1] for b, _ in buckets], [b[2] for b, _ in buckets],
                    [t[0] for _, t in buckets], [t[1] for _, t in buckets],
                ),
            ).fetchall()
        }  # fmt: skip
        for table, column, count in (
            ("terms", "term", "df"),
            ("lexemes", "lexeme", "df"),
            ("keys", "key", "n"),
        ):
            changes = sorted((ids[b], v, n) for b, v, n in delta.rows(table))
            if not changes:
                continue
            self.conn.execute(
                sql.SQL(
                    "INSERT INTO {table} AS s (bucket, {column}, {count})"
                    " SELECT * FROM unnest(%s::bigint[], %s::text[], %s::bigint[]) ORDER BY 1, 2"
                    " ON CONFLICT (bucket, {column}) DO UPDATE SET {count} = s.{count} + excluded.{count}"
                ).format(
                    table=sql.Identifier(f"stat_{table}"),
                    column=sql.Identifier(column),
                    count=sql.Identifier(count),
                ),
                ([c[0] for c in changes], [c[1] for c in changes], [c[2] for c in changes]),
            )
            gone = [c for c in changes if c[2] < 0]
            if gone:
                self.conn.execute(
                    sql.SQL(
                        "DELETE FROM {table} s USING unnest(%s::bigint[], %s::text[]) AS g(b, v)"
                        " WHERE s.bucket = g.b AND s.{column} = g.v AND s.{count} <= 0"
                    ).format(
                        table=sql.Identifier(f"stat_{table}"), column=sql.Identifier(column),
                        count=sql.Identifier(count),
                    ),
                    ([c[0] for c in gone], [c[1] for c in gone]),
                )  # fmt: skip
        delta.clear()
