"""PostgreSQL conversation log (migration 5): append-only messages, scoped like memories.

The ``ConversationStore`` of ``PostgresStore``, the same operations as ``storage/sqlite/conversations.py``:
SQL and row mapping only (the service decides who may append or delete). Reads use the memories' scope
rule (``rows._readable``); each write is one transaction. Times are ``timestamptz``, a tool's
structured result ``json`` (the text as written, migration 37). Also the extracted-exchange hashes
(``claim_exchange``), written inside a memory write transaction.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import psycopg
from psycopg.types.json import Json

from ...errors import StorageError
from ...models import Actor, ConversationMessage, ConversationSummary, Visibility
from ..memory_rows import cut_deep
from .rows import _readable

if TYPE_CHECKING:
    from .store import PostgresStore

__all__ = ["PostgresConversations", "claim_exchange"]

_COLUMNS = (
    "m.seq, m.id, m.conversation_id, m.role, m.text, m.tool, m.result, m.speaker, m.agent, m.at,"
    " m.workspace, m.owner, m.visibility, m.author, m.created_at"
)


class PostgresConversations:
    def __init__(self, store: PostgresStore) -> None:
        self._store = store
        #: how long ``latest_seq`` waits for the log's in-flight writes before it gives up (seconds)
        self.settle_timeout = 60.0

    def append(self, messages: Sequence[ConversationMessage]) -> None:
        with self._store._connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO conversation_messages (id, conversation_id, role, text, tool, result, speaker,"
                " agent, at, workspace, owner, visibility, author, created_at)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
                # a message already logged (an import of the same export running at once) is kept as it is
                " ON CONFLICT (id) DO NOTHING",
                [
                    (m.id, m.conversation_id, m.role, m.text, m.tool,
                     Json(m.result) if m.result is not None else None, m.user, m.agent, m.at,
                     m.workspace, m.owner, str(m.visibility), m.author, m.created_at)
                    for m in messages
                ],
            )  # fmt: skip

    def messages(
        self, actor: Actor, conversation_id: str, limit: int, after: int = 0
    ) -> list[tuple[int, ConversationMessage]]:
        where, params = _readable(actor)
        rows = self._store._rows(
            f"SELECT {_COLUMNS} FROM conversation_messages m WHERE m.conversation_id = %s AND m.seq > %s"
            f" AND {where} ORDER BY m.seq LIMIT %s",
            (conversation_id, after, *params, limit),
        )
        return [(r[0], _message(r)) for r in rows]

    def summaries(self, actor: Actor, limit: int) -> list[ConversationSummary]:
        where, params = _readable(actor)
        rows = self._store._rows(
            "SELECT m.conversation_id, m.owner, m.visibility, count(*), min(m.at), max(m.at)"
            f" FROM conversation_messages m WHERE {where}"
            " GROUP BY m.conversation_id, m.owner, m.visibility ORDER BY max(m.seq) DESC LIMIT %s",
            (*params, limit),
        )
        return [
            ConversationSummary(conversation_id=r[0], owner=r[1], visibility=Visibility(r[2]), messages=r[3],
                                first_at=r[4], last_at=r[5])
            for r in rows
        ]  # fmt: skip

    def delete(self, actor: Actor, conversation_id: str) -> int:
        where, params = _readable(actor)
        with self._store._connection() as conn, conn.transaction():
            cur = conn.execute(
                f"DELETE FROM conversation_messages AS m WHERE m.conversation_id = %s AND {where}",
                (conversation_id, *params),
            )
            return cur.rowcount

    def exchange_extracted(self, workspace: str, digest: str) -> bool:
        return bool(
            self._store._rows(
                "SELECT 1 FROM extracted_exchanges WHERE workspace = %s AND digest = %s", (workspace, digest)
            )
        )

    def latest_seq(self, workspace: str, created_before: datetime | None = None) -> int:
        """The log's settled high-water mark: a position every message at or below which is committed (or
        rolled back), so a sweep that reads up to it never skips a message committed later.

        Positions come from an identity sequence when a message is inserted, not when it commits: a
        transaction that took seq 7 may commit after one that took seq 8. So: (1) read the sequence's
        last value C (sequences are not transactional: it counts the values in-flight transactions
        took); (2) list the transactions writing the log now (they hold ``RowExclusiveLock`` on
        the table from before they take a value until they end: any that took a value <= C and has not
        ended is among them); (3) wait until those have ended. Then nothing at or below C can still
        appear, and C is the mark (``created_before``: no higher than the messages created before it).
        Writers never wait for this; only the sweep does, for the writes in flight when it started."""
        with self._store._connection() as conn:
            high = conn.execute(
                "SELECT coalesce(pg_sequence_last_value(pg_get_serial_sequence('conversation_messages',"
                " 'seq')::regclass), 0)"
            ).fetchone()
            writers = conn.execute(
                "SELECT array_agg(DISTINCT virtualtransaction) FROM pg_locks WHERE locktype = 'relation'"
                " AND relation = 'conversation_messages'::regclass AND mode = 'RowExclusiveLock'"
                " AND pid <> pg_backend_pid()"
            ).fetchone()
            mark = int(high[0]) if high else 0
            waiting = list(writers[0] or []) if writers else []
            deadline = time.monotonic() + self.settle_timeout
            pause = 0.005
            while waiting:
                left = conn.execute(
                    "SELECT array_agg(DISTINCT virtualtransaction) FROM pg_locks"
                    " WHERE virtualtransaction = ANY(%s)",
                    (waiting,),
                ).fetchone()
                waiting = list(left[0] or []) if left else []
                if not waiting:
                    break
                if time.monotonic() > deadline:
                    raise StorageError(
                        f"{len(waiting)} transaction(s) writing the conversation log have not finished in"
                        f" {self.settle_timeout:.0f}s: the sweep reads nothing it could skip, so it stops"
                        " here and the next one tries again"
                    )
                time.sleep(pause)
                pause = min(0.1, pause * 2)
        if created_before is not None:
            rows = self._store._rows(
                "SELECT max(seq) FROM conversation_messages WHERE workspace = %s AND created_at < %s",
                (workspace, created_before),
            )
            mark = min(mark, int(rows[0][0] or 0) if rows else 0)
        return mark

    def changed_conversations(
        self, workspace: str, after_seq: int, upto_seq: int, after_id: str, limit: int
    ) -> list[str]:
        rows = self._store._rows(
            "SELECT DISTINCT conversation_id FROM conversation_messages WHERE workspace = %s AND seq > %s"
            " AND seq <= %s AND conversation_id > %s ORDER BY conversation_id LIMIT %s",
            (workspace, after_seq, upto_seq, after_id, limit),
        )
        return [str(r[0]) for r in rows]

    def window(
        self, workspace: str, conversation_ids: Sequence[str], after_seq: int, upto_seq: int
    ) -> list[tuple[int, ConversationMessage]]:
        if not conversation_ids:
            return []
        rows = self._store._rows(
            f"SELECT {_COLUMNS} FROM conversation_messages m WHERE m.workspace = %s"
            " AND m.conversation_id = ANY(%s::text[]) AND m.seq > %s AND m.seq <= %s ORDER BY m.seq",
            (workspace, list(conversation_ids), after_seq, upto_seq),
        )
        return [(r[0], _message(r)) for r in rows]


def claim_exchange(conn: psycopg.Connection[Any], workspace: str, digest: str, at: datetime) -> bool:
    cur = conn.execute(
        "INSERT INTO extracted_exchanges (workspace, digest, extracted_at) VALUES (%s, %s, %s)"
        " ON CONFLICT DO NOTHING",
        (workspace, digest, at),
    )
    return cur.rowcount == 1


def _message(r: Sequence[Any]) -> ConversationMessage:
    return ConversationMessage(
        id=r[1], conversation_id=r[2], role=r[3], text=r[4], tool=r[5], result=cut_deep(r[6], "a message's result"), user=r[7],
        agent=r[8], at=r[9], workspace=r[10], owner=r[11], visibility=Visibility(r[12]), author=r[13],
        created_at=r[14],
    )  # fmt: skip
