"""SQLite writes: ``_Txn``, the operations valid inside one ``SqliteStore.write()``.

Writers are serialised by ``BEGIN IMMEDIATE``. Vector changes are written to the table at once but only
queued for the in-memory vector index, which ``SqliteStore.write()`` updates after COMMIT.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import apsw
import numpy as np
import numpy.typing as npt

from ...models import Actor, Memory
from ...text.stems import keyword_text
from ...timeutil import from_db, now_utc, to_db
from ..base import NewMemory
from ..memory_rows import observed_time
from ..profile_rows import RESTATED, expired_per_profile
from ..stats import Bucket, StatDelta
from .access import write_access
from .consolidation_runs import ConsolidationRunOps
from .conversations import claim_exchange
from .entities import EntityWriteOps
from .entity_rekey import EntityRekeyOps
from .graph_transfer import GraphRestoreOps
from .merges import MergeWriteOps
from .rows import _ALL, _COLUMNS, _row_to_memory, _scope, fts_tokens

#: the store's duplicate check: the current, unexpired item of one scope, space and profile (none: '')
#: with this content hash (params: workspace, owner, visibility, space, profile, content_hash, now);
#: ``Store.current_by_hash`` reads the same
CURRENT_BY_HASH = (
    "m.workspace = ? AND m.owner = ? AND m.visibility = ? AND m.space = ? AND COALESCE(m.profile_id, '') = ?"
    " AND m.content_hash = ? AND m.superseded_by IS NULL AND (m.expires_at IS NULL OR m.expires_at > ?)"
)

if TYPE_CHECKING:
    from .store import SqliteStore


def rebuild_stats(cur: Any, workspace: str | None = None) -> None:
    """Count the statistics of one workspace (None: of every workspace) again from the keyword index and
    the entity keys (``storage/stats.py``): after ``reindex --keys`` and a copy into this store. Inside
    the caller's write transaction."""
    only = "coalesce(workspace = ?, 1)"
    buckets = f"SELECT id FROM stat_buckets WHERE {only}"
    cur.execute(f"DELETE FROM stat_terms WHERE bucket IN ({buckets})", (workspace,))
    cur.execute(f"DELETE FROM stat_keys WHERE bucket IN ({buckets})", (workspace,))
    cur.execute(f"UPDATE stat_buckets SET items = 0, tokens = 0 WHERE {only}", (workspace,))
    cur.execute(f"UPDATE memories SET doc_len = 0 WHERE {only}", (workspace,))
    cur.execute(
        "UPDATE memories SET doc_len = d.n FROM (SELECT doc, count(*) AS n FROM memories_fts_inst GROUP BY doc)"
        f" AS d WHERE memories.seq = d.doc AND {only.replace('workspace', 'memories.workspace')}",
        (workspace,),
    )
    cur.execute(
        "INSERT INTO stat_buckets (workspace, owner, visibility, items, tokens)"
        f" SELECT workspace, owner, visibility, count(*), sum(doc_len) FROM memories WHERE {only}"
        " GROUP BY workspace, owner, visibility ON CONFLICT (workspace, owner, visibility)"
        " DO UPDATE SET items = excluded.items, tokens = excluded.tokens",
        (workspace,),
    )
    joined = (
        "JOIN stat_buckets b ON b.workspace = m.workspace AND b.owner = m.owner AND b.visibility = m.visibility"
        " WHERE coalesce(m.workspace = ?, 1)"
    )
    cur.execute(
        "INSERT INTO stat_terms (bucket, term, df) SELECT b.id, t.term, count(*) FROM"
        f" (SELECT DISTINCT term, doc FROM memories_fts_inst) AS t JOIN memories m ON m.seq = t.doc {joined}"
        " GROUP BY b.id, t.term",
        (workspace,),
    )
    cur.execute(
        "INSERT INTO stat_keys (bucket, key, n) SELECT b.id, e.key, count(*) FROM memory_entities e"
        f" JOIN memories m ON m.seq = e.memory_seq {joined} GROUP BY b.id, e.key",
        (workspace,),
    )


def restem_keyword_index(cur: Any) -> None:
    """Schema steps 28 and 29: the full-text row of every item whose keyword text is no longer what a
    store now writes (``text.stems.keyword_text``: words of inflected scripts as their stems, step 28;
    compatibility forms such as "ﬁ" and full-width letters folded by NFKC, step 29) again, then the
    lengths and statistics (``rebuild_stats``). ASCII rows, and rows already right, are as they were.
    Inside the migration's transaction."""
    last = 0
    while True:
        batch = cur.execute(
            "SELECT m.seq, m.content, f.content, f.subject FROM memories m JOIN memories_fts f ON f.rowid = m.seq"
            " WHERE m.seq > ? AND length(m.content) <> length(CAST(m.content AS BLOB)) ORDER BY m.seq LIMIT 1000",
            (last,),
        ).fetchall()
        if not batch:
            break
        for seq, content, indexed_before, subject in batch:
            indexed = keyword_text(content) or content
            if indexed != indexed_before:
                cur.execute("DELETE FROM memories_fts WHERE rowid = ?", (seq,))
                cur.execute(
                    "INSERT INTO memories_fts (rowid, content, subject) VALUES (?, ?, ?)",
                    (seq, indexed, subject),
                )
        last = batch[-1][0]
    rebuild_stats(cur)


class _Txn(EntityWriteOps, GraphRestoreOps, MergeWriteOps, ConsolidationRunOps, EntityRekeyOps):
    """Write operations inside one ``BEGIN IMMEDIATE`` transaction."""

    #: one writer at a time: no chain to lock (``lock_chains_of``)
    locks_chains = False

    def __init__(self, store: SqliteStore, cur: apsw.Cursor) -> None:
        self.store = store
        self.cur = cur
        self.entity_cache = store.entity_cache
        self.added_vectors: list[tuple[int, tuple[str, str, str, str], npt.NDArray[np.float32]]] = []
        self.removed_seqs: list[int] = []
        self.vectors_changed = False
        #: memories were deleted: after COMMIT the store empties the WAL of their old pages
        self.erased = False
        self.audit_rows: list[tuple[Any, ...]] = []
        self.stats = StatDelta()
        self.memories_retired = 0  # (``EntityWrites.memories_retired``)

    def _one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        for row in self.cur.execute(sql, params):
            return row
        return None

    def find_current_by_hash(
        self, workspace: str, owner: str, visibility: str, space: str, content_hash: str, now: datetime, *,
        profile_id: str | None,
    ) -> Memory | None:  # fmt: skip
        row = self._one(
            f"SELECT {_COLUMNS} FROM memories m WHERE {CURRENT_BY_HASH}",
            (workspace, owner, visibility, space, profile_id or "", content_hash, to_db(now)),
        )
        return _row_to_memory(row)[1] if row else None

    def _drop_expired_twin(self, row: NewMemory) -> None:
        """Delete the expired current item with the new item's content hash, if any: gone for every read
        and for the duplicate check, but not yet deleted by the expiry job, it would still hold the
        current-content unique index the new item needs. The expiry job would delete it the same way, and
        like it this writes the deletion to the profile's expiry log (``profile_log``)."""
        m = row.memory
        now = now_utc()
        found = self.cur.execute(
            "SELECT seq, profile_id FROM memories WHERE workspace = ? AND owner = ? AND visibility = ?"
            " AND space = ? AND COALESCE(profile_id, '') = ? AND content_hash = ? AND superseded_by IS NULL"
            " AND expires_at IS NOT NULL AND expires_at <= ?",
            (
                m.workspace,
                m.owner,
                str(m.visibility),
                m.space or "",
                m.profile_id or "",
                row.content_hash,
                to_db(now),
            ),  # fmt: skip
        ).fetchall()
        self._delete_seqs([int(r[0]) for r in found])
        for profile_id, count in expired_per_profile(found).items():
            self.cur.execute(
                "INSERT INTO profile_log (workspace, profile_id, profile_name, at, action, count, detail)"
                " SELECT workspace, id, name, ?, 'expired', ?, ? FROM profiles WHERE id = ?",
                (to_db(now), count, json.dumps(RESTATED), profile_id),
            )

    def find_by_id(self, memory_id: str) -> Memory | None:
        row = self._one(f"SELECT {_COLUMNS} FROM memories m WHERE m.id = ?", (memory_id,))
        return _row_to_memory(row)[1] if row else None

    def get_for_update(self, actor: Actor, memory_id: str) -> Memory | None:
        where, params = _scope(actor, _ALL, now_utc())  # (an expired item is gone for writes too)
        row = self._one(f"SELECT {_COLUMNS} FROM memories m WHERE m.id = ? AND {where}", (memory_id, *params))
        if row is None:
            return None
        return self.store.with_reader_access(actor, [row], read=self._all)[0][1]

    def _all(self, sql: str, params: Sequence[Any]) -> list[Any]:
        return self.cur.execute(sql, params).fetchall()

    def add_access(self, reader: str, counts: Sequence[tuple[int, int, datetime | None]]) -> None:
        write_access(self.cur, [(seq, reader, n, at) for seq, n, at in counts if n > 0 or at is not None])

    def lock_chains_of(self, memory_ids: Sequence[str]) -> None:
        """Nothing to lock: the transaction holds SQLite's write lock, one writer at a time."""

    def current_of_chain(self, chain_id: str) -> Memory | None:
        row = self._one(
            f"SELECT {_COLUMNS} FROM memories m WHERE m.chain_id = ? AND m.superseded_by IS NULL", (chain_id,)
        )
        return _row_to_memory(row)[1] if row else None

    def chain_id_of(self, memory_id: str) -> str | None:
        row = self._one("SELECT chain_id FROM memories WHERE id = ?", (memory_id,))
        return row[0] if row else None

    def supersession_candidates(
        self, memory: Memory, entity_keys: frozenset[str], limit: int
    ) -> list[tuple[str, str, datetime]]:
        """(id, content, observed_at) of current items of the same owner, visibility and space sharing an
        entity key: most shared keys first, then newest. Each key contributes at most its ``limit`` newest
        items (an index range scan), so a key that thousands of items carry costs no more than a rare one."""
        per_key = (
            "SELECT e.memory_seq FROM memory_entities e JOIN memories m ON m.seq = e.memory_seq"
            " WHERE e.key = ? AND m.workspace = ? AND m.owner = ? AND m.visibility = ? AND m.space = ?"
            " AND m.superseded_by IS NULL AND m.state != 'archived'"
            " AND (m.expires_at IS NULL OR m.expires_at > ?) ORDER BY e.memory_seq DESC LIMIT ?"
        )
        scope = (memory.workspace, memory.owner, str(memory.visibility), memory.space or "",
                 to_db(memory.created_at), limit)  # fmt: skip
        counts: dict[int, int] = {}
        for key in sorted(entity_keys):  # one cached statement per key: cheaper than one UNION ALL
            for (seq,) in self.cur.execute(per_key, (key, *scope)):
                counts[seq] = counts.get(seq, 0) + 1
        best = sorted(counts, key=lambda s: (-counts[s], -s))[:limit]
        if not best:
            return []
        rows: list[Any] = self.cur.execute(
            "SELECT seq, id, content, observed_at, created_at, updated_at FROM memories"
            f" WHERE seq IN ({','.join('?' * len(best))})",
            best,
        ).fetchall()
        found: dict[int, Any] = {
            seq: (id_, content, observed_time(from_db, *times)) for seq, id_, content, *times in rows
        }
        return [found[s] for s in best if s in found]

    def insert(self, row: NewMemory) -> int:
        self._drop_expired_twin(row)
        m = row.memory
        keyword_text = m.content if row.fts_content is None else row.fts_content
        doc_len = self._count(
            (m.workspace, m.owner, str(m.visibility)), 1, keyword_text, row.fts_subject, row.entity_keys
        )
        self.cur.execute(
            "INSERT INTO memories (id, workspace, owner, visibility, space, content, content_hash, type,"
            " subject_id, subject_name, related_user, data, importance, confidence, valid_from, valid_to,"
            " observed_at, source, provenance, state, chain_id, replaces, superseded_by, superseded_at,"
            " expires_at, created_at, updated_at, author, doc_len, profile_id)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                m.id, m.workspace, m.owner, str(m.visibility), m.space or "", m.content, row.content_hash,
                str(m.type), m.subject.id if m.subject else None, m.subject.name if m.subject else None,
                m.related_user, json.dumps(m.data) if m.data is not None else None, m.importance,
                m.confidence, to_db(m.valid_from), to_db(m.valid_to), to_db(m.observed_at), m.source,
                json.dumps(m.provenance) if m.provenance is not None else None, str(m.state), row.chain_id,
                m.replaces, m.superseded_by, to_db(m.superseded_at),  # (access counts: memory_access)
                to_db(m.expires_at), to_db(m.created_at), to_db(m.updated_at),
                m.author,
                doc_len,
                m.profile_id,
            ),
        )  # fmt: skip
        seq = self.cur.connection.last_insert_rowid()
        self.cur.execute(
            "INSERT INTO memories_fts (rowid, content, subject) VALUES (?, ?, ?)",
            (seq, keyword_text, row.fts_subject),
        )
        if row.entity_keys:
            self.cur.executemany(
                "INSERT OR IGNORE INTO memory_entities (key, memory_seq) VALUES (?, ?)",
                [(k, seq) for k in row.entity_keys],
            )
        if row.vector is not None and m.embedding_model:
            self._put_vector(
                seq, m.embedding_model, row.vector, (m.workspace, m.owner, str(m.visibility), m.space or "")
            )
        return seq

    def _put_vector(
        self, seq: int, model: str, vector: npt.NDArray[np.float32], partition: tuple[str, str, str, str]
    ) -> None:
        vec = np.ascontiguousarray(vector, dtype=np.float32)
        self.cur.execute(
            "INSERT OR REPLACE INTO memory_vectors (memory_seq, model, dim, vector) VALUES (?, ?, ?, ?)",
            (seq, model, len(vec), vec.tobytes()),
        )
        self.vectors_changed = True
        if model == self.store.vector_model:
            self.added_vectors.append((seq, partition, vec))
        else:
            self.removed_seqs.append(seq)

    def set_vectors(self, rows: Sequence[tuple[int, str, npt.NDArray[np.float32]]]) -> None:
        for seq, model, vec in rows:
            part = self._one("SELECT workspace, owner, visibility, space FROM memories WHERE seq = ?", (seq,))
            if part is None:
                continue
            self._put_vector(seq, model, vec, tuple(part))  # type: ignore[arg-type]
            self.cur.execute("UPDATE memories SET state = 'indexed' WHERE seq = ? AND state = 'new'", (seq,))

    def _count(self, bucket: Bucket, sign: int, content: str, subject: str, keys: Iterable[str]) -> int:
        """Count (or uncount) one item's keyword terms, tokens and entity keys in its bucket's statistics;
        returns its BM25 length (FTS5 tokens of content and subject)."""
        content_tokens, subject_tokens = fts_tokens(content), fts_tokens(subject)
        tokens = len(content_tokens) + len(subject_tokens)
        terms = set(content_tokens)
        terms.update(subject_tokens)
        self.stats.add(bucket, sign, tokens=tokens, terms=terms, keys=keys)
        return tokens

    def _uncount(self, seqs: Sequence[int]) -> None:
        """Take items out of the statistics, as their keyword index and entity keys have them now."""
        marks = ",".join("?" * len(seqs))
        keys: dict[int, list[str]] = {}
        for seq, key in self.cur.execute(
            f"SELECT memory_seq, key FROM memory_entities WHERE memory_seq IN ({marks})", seqs
        ):
            keys.setdefault(seq, []).append(key)
        rows: list[Any] = self.cur.execute(
            "SELECT m.seq, m.workspace, m.owner, m.visibility, f.content, f.subject FROM memories m"
            f" LEFT JOIN memories_fts f ON f.rowid = m.seq WHERE m.seq IN ({marks})",
            seqs,
        ).fetchall()
        for seq, workspace, owner, visibility, content, subject in rows:
            bucket = (str(workspace), str(owner), str(visibility))
            self._count(bucket, -1, content or "", subject or "", keys.get(seq, ()))

    def rebuild_stats(self, workspace: str | None = None) -> None:
        self._apply_stats()
        rebuild_stats(self.cur, workspace)

    def replace_keys(self, seq: int, content: str, subject: str, keys: frozenset[str]) -> None:
        part = self._one("SELECT workspace, owner, visibility FROM memories WHERE seq = ?", (seq,))
        if part is None:
            return
        self._uncount([seq])
        doc_len = self._count(tuple(part), 1, content, subject, keys)  # type: ignore[arg-type]
        self.cur.execute("UPDATE memories SET doc_len = ? WHERE seq = ?", (doc_len, seq))
        self.cur.execute("DELETE FROM memory_entities WHERE memory_seq = ?", (seq,))
        self.cur.executemany(
            "INSERT OR IGNORE INTO memory_entities (key, memory_seq) VALUES (?, ?)", [(k, seq) for k in keys]
        )
        self.cur.execute("DELETE FROM memories_fts WHERE rowid = ?", (seq,))
        self.cur.execute(
            "INSERT INTO memories_fts (rowid, content, subject) VALUES (?, ?, ?)", (seq, content, subject)
        )

    def mark_superseded(self, memory_id: str, by_id: str, at: datetime) -> None:
        self.memories_retired += 1
        self.cur.execute(
            "UPDATE memories SET superseded_by = ?, superseded_at = ?, updated_at = ? WHERE id = ?",
            (by_id, to_db(at), to_db(at), memory_id),
        )

    def relink(self, links: Sequence[tuple[str, str, str | None, datetime | None]], at: datetime) -> None:
        self.memories_retired += 1
        self.cur.executemany(
            "UPDATE memories SET chain_id = ?, superseded_by = ?, superseded_at = ?, updated_at = ? WHERE id = ?",
            [(chain, by, to_db(when), to_db(at), memory_id) for memory_id, chain, by, when in links],
        )

    def chain_ids(self, actor: Actor, memory_ids: Sequence[str]) -> list[str]:
        """Every id in the chains of the given (visible) ids, oldest first."""
        if not memory_ids:
            return []
        where, params = _scope(actor, _ALL, None)
        ids = list(dict.fromkeys(memory_ids))
        # The given rows first, then their chains by the chain index (CROSS JOIN keeps that order; with
        # "chain_id IN (subquery)" SQLite scanned the workspace: 0.5 s per call at 100k items).
        rows = self.cur.execute(
            f"SELECT DISTINCT m.id, m.seq FROM memories t CROSS JOIN memories m ON m.chain_id = t.chain_id"
            f" WHERE t.id IN ({','.join('?' * len(ids))}) AND {where} ORDER BY m.seq",
            (*ids, *params),
        ).fetchall()
        return [str(r[0]) for r in rows]

    def chains(self, actor: Actor, memory_ids: Sequence[str]) -> dict[str, list[Memory]]:
        """For each given id visible to ``actor``, every version of its chain, oldest first."""
        ids = list(dict.fromkeys(memory_ids))
        if not ids:
            return {}
        where, params = _scope(actor, _ALL, None)
        found: dict[str, list[Memory]] = {}
        for row in self.cur.execute(
            f"SELECT {_COLUMNS}, t.id FROM memories m JOIN memories t ON t.chain_id = m.chain_id"
            f" WHERE t.id IN ({','.join('?' * len(ids))}) AND {where} ORDER BY m.seq",
            (*ids, *params),
        ).fetchall():
            found.setdefault(str(row[-1]), []).append(_row_to_memory(row[:-1])[1])
        return found

    def delete_chains(self, actor: Actor, memory_ids: Sequence[str]) -> list[str]:
        ids = self.chain_ids(actor, memory_ids)
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        found: list[Any] = self.cur.execute(f"SELECT seq FROM memories WHERE id IN ({marks})", ids).fetchall()
        self._delete_seqs([int(r[0]) for r in found])
        return ids

    def delete_profile_memories(self, workspace: str, profile_id: str) -> list[str]:
        found: list[Any] = self.cur.execute(
            "SELECT seq, id FROM memories WHERE profile_id = ? AND workspace = ? ORDER BY seq",
            (profile_id, workspace),
        ).fetchall()
        for start in range(0, len(found), 500):
            self._delete_seqs([int(r[0]) for r in found[start : start + 500]])
        return [str(r[1]) for r in found]

    def delete_expired(self, now: datetime, limit: int) -> list[tuple[str, str | None, str]]:
        found: list[Any] = self.cur.execute(
            "SELECT seq, workspace, profile_id, id FROM memories INDEXED BY memories_expiring"
            " WHERE expires_at IS NOT NULL AND expires_at <= ? ORDER BY expires_at LIMIT ?",
            (to_db(now), limit),
        ).fetchall()
        if found:
            self._delete_seqs([int(r[0]) for r in found])
        return [(str(r[1]), r[2], str(r[3])) for r in found]

    def set_profile_expiry(
        self, workspace: str, profile_id: str, expiry: Callable[[datetime], datetime | None]
    ) -> int:
        found: list[Any] = self.cur.execute(
            "SELECT seq, created_at FROM memories WHERE profile_id = ? AND workspace = ?",
            (profile_id, workspace),
        ).fetchall()
        self.memories_retired += 1
        self.cur.executemany(
            "UPDATE memories SET expires_at = ? WHERE seq = ?",
            [(to_db(expiry(from_db(r[1]) or now_utc())), r[0]) for r in found],
        )
        return len(found)

    def _delete_seqs(self, seqs: list[int]) -> None:
        """Delete rows from every index: statistics, full text, entity keys, vectors (entity links go by
        ON DELETE CASCADE), the external ids only their text gave (``drop_text_ids``), the keys only
        their text gave (``drop_text_keys``) and the entities nothing keeps any more (``drop_orphans``)."""
        if not seqs:
            return
        self.memories_retired += 1
        seq_marks = ",".join("?" * len(seqs))
        linked = self.linked_entities(seqs)
        said = self.text_keys_of(seqs)
        self._uncount(seqs)
        self.cur.execute(f"DELETE FROM memories_fts WHERE rowid IN ({seq_marks})", seqs)
        self.cur.execute(f"DELETE FROM memory_entities WHERE memory_seq IN ({seq_marks})", seqs)
        self.cur.execute(f"DELETE FROM memory_vectors WHERE memory_seq IN ({seq_marks})", seqs)
        self._affiliations_changed()  # (their edges go: see below)
        # (the relations their text stated and no other memory does: graph.text_links)
        self.forget_stated_edges(seq_marks, seqs, now_utc())
        self.cur.execute(f"DELETE FROM memories WHERE seq IN ({seq_marks})", seqs)
        self.drop_text_ids(linked)  # (the e-mail addresses only their text named)
        self.drop_text_keys(said)  # (the relatives' keys only their text gave: "my father Tomasz")
        self.drop_orphans(linked)  # (entities only these memories named)
        self.removed_seqs.extend(seqs)
        self.vectors_changed = True
        self.erased = True

    def set_state(self, actor: Actor, memory_id: str, state: str, at: datetime) -> Memory | None:
        current = self.get_for_update(actor, memory_id)
        if current is None:
            return None
        if state == "restore":
            has_vec = self._one(
                "SELECT 1 FROM memory_vectors v JOIN memories m ON m.seq = v.memory_seq WHERE m.id = ?"
                " AND v.model = ?",
                (memory_id, self.store.vector_model),
            )
            state = "indexed" if has_vec else "new"
        self.memories_retired += 1
        self.cur.execute(
            "UPDATE memories SET state = ?, updated_at = ? WHERE id = ?", (state, to_db(at), memory_id)
        )
        # (the relations only its text states follow it out of, and back into, what is current)
        if state == "archived" and current.state != "archived":
            self.archive_stated_edges(memory_id, at)
        elif state != "archived" and current.state == "archived":
            self.restore_stated_edges(memory_id)
        return self.get_for_update(actor, memory_id)

    def claim_exchange(self, workspace: str, digest: str, at: datetime) -> bool:
        return claim_exchange(self.cur, workspace, digest, at)

    def audit(self, actor: Actor, action: str, memory_id: str | None, detail: dict[str, Any]) -> None:
        """Queued and written in one statement just before COMMIT."""
        self.audit_rows.append(
            (
                to_db(datetime.now().astimezone()),
                actor.workspace,
                actor.owner,
                action,
                memory_id,
                json.dumps(detail),
            )
        )

    def flush(self) -> None:
        self._apply_stats()
        if self.audit_rows:
            self.cur.executemany(
                "INSERT INTO audit_log (at, workspace, actor, action, memory_id, detail) VALUES (?, ?, ?, ?, ?, ?)",
                self.audit_rows,
            )
            self.audit_rows.clear()

    def _apply_stats(self) -> None:
        """Write the transaction's statistics changes (see ``storage/stats.py``)."""
        delta = self.stats
        if not delta:
            return
        ids: dict[Bucket, int] = {}
        for bucket, (items, tokens) in sorted(delta.buckets.items()):
            row = self._one(
                "INSERT INTO stat_buckets (workspace, owner, visibility, items, tokens) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (workspace, owner, visibility) DO UPDATE SET items = items + excluded.items,"
                " tokens = tokens + excluded.tokens RETURNING id",
                (*bucket, items, tokens),
            )
            ids[bucket] = int(row[0])
        for table, column, count in (("stat_terms", "term", "df"), ("stat_keys", "key", "n")):
            rows = [(ids[b], v, n) for b, v, n in delta.rows("terms" if column == "term" else "keys")]
            self.cur.executemany(
                f"INSERT INTO {table} (bucket, {column}, {count}) VALUES (?, ?, ?) ON CONFLICT (bucket, {column})"
                f" DO UPDATE SET {count} = {count} + excluded.{count}",
                rows,
            )
            gone = [(b, v) for b, v, n in rows if n < 0]
            if gone:
                self.cur.executemany(
                    f"DELETE FROM {table} WHERE bucket = ? AND {column} = ? AND {count} <= 0", gone
                )
        delta.clear()
