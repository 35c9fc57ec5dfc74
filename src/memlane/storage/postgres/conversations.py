"""PostgreSQL conversation log (migration 5): append-only messages, scoped like memories.

The ``ConversationStore`` of ``PostgresStore``, the same operations as ``storage/sqlite/conversations.py``:
SQL and row mapping only (the service decides who may append or delete). Reads use the memories' scope
rule (``rows._readable``); each write is one transaction. Times are ``timestamptz``, a tool's
structured result ``jsonb``. Also the extracted-exchange hashes (``claim_exchange``), written inside a
memory write transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import psycopg
from psycopg.types.json import Jsonb

from ...models import Actor, ConversationMessage, ConversationSummary, Visibility
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

    def append(self, messages: Sequence[ConversationMessage]) -> None:
        with self._store._connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO conversation_messages (id, conversation_id, role, text, tool, result, speaker,"
                " agent, at, workspace, owner, visibility, author, created_at)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                [
                    (m.id, m.conversation_id, m.role, m.text, m.tool,
                     Jsonb(m.result) if m.result is not None else None, m.user, m.agent, m.at,
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
        rows = self._store._rows(
            "SELECT max(seq) FROM conversation_messages WHERE workspace = %s"
            " AND (%s::timestamptz IS NULL OR created_at < %s)",
            (workspace, created_before, created_before),
        )
        return int(rows[0][0] or 0) if rows else 0

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
        id=r[1], conversation_id=r[2], role=r[3], text=r[4], tool=r[5], result=r[6], user=r[7],
        agent=r[8], at=r[9], workspace=r[10], owner=r[11], visibility=Visibility(r[12]), author=r[13],
        created_at=r[14],
    )  # fmt: skip
