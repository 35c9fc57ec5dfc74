"""SQLite conversation log (migration 5): append-only messages, scoped like memories.

The ``ConversationStore`` of ``SqliteStore``, the same operations as ``storage/postgres/conversations.py``:
SQL and row mapping only (the service decides who may append or delete). Reads use the memories' scope
rule (``rows._readable``); each write is one ``BEGIN IMMEDIATE`` transaction. Times are fixed-width
ISO text, a tool's structured result JSON text. Also the extracted-exchange hashes (``claim_exchange``),
written inside a memory write transaction.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import apsw

from ...models import Actor, ConversationMessage, ConversationSummary, Visibility
from ...timeutil import from_db, to_db
from ..memory_rows import cut_deep
from .connections import Connections
from .rows import _readable

__all__ = ["SqliteConversations", "claim_exchange"]

_COLUMNS = (
    "m.seq, m.id, m.conversation_id, m.role, m.text, m.tool, m.result, m.speaker, m.agent, m.at,"
    " m.workspace, m.owner, m.visibility, m.author, m.created_at"
)


class SqliteConversations:
    def __init__(self, connections: Connections) -> None:
        self._db = connections

    def append(self, messages: Sequence[ConversationMessage]) -> None:
        with self._db.transaction() as cur:
            # Positions are never given twice: SQLite would give a deleted conversation's positions (when
            # they were the newest) to the next messages, and a profile whose sweep read up to them would
            # never read those (``last_sync_seq``). So each message takes the next position after the
            # highest ever given (kept in ``meta``), the log's and every profile's position.
            found = cur.execute(
                "SELECT max(coalesce((SELECT max(seq) FROM conversation_messages), 0),"
                " coalesce((SELECT value FROM meta WHERE key = 'conversation_seq'), 0),"
                " coalesce((SELECT max(last_sync_seq) FROM profiles), 0))"
            ).fetchone()
            high = int(found[0]) if found else 0
            cur.executemany(
                "INSERT INTO conversation_messages (seq, id, conversation_id, role, text, tool, result, speaker,"
                " agent, at, workspace, owner, visibility, author, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                # a message already logged (an import of the same export running at once) is kept as it is
                " ON CONFLICT (id) DO NOTHING",
                [
                    (high + i, m.id, m.conversation_id, m.role, m.text, m.tool,
                     json.dumps(m.result) if m.result is not None else None, m.user, m.agent, to_db(m.at),
                     m.workspace, m.owner, str(m.visibility), m.author, to_db(m.created_at))
                    for i, m in enumerate(messages, start=1)
                ],
            )  # fmt: skip
            if messages:
                cur.execute(
                    "INSERT INTO meta (key, value) VALUES ('conversation_seq', ?)"
                    " ON CONFLICT (key) DO UPDATE SET value = max(value, excluded.value)",
                    (high + len(messages),),
                )

    def messages(
        self, actor: Actor, conversation_id: str, limit: int, after: int = 0
    ) -> list[tuple[int, ConversationMessage]]:
        where, params = _readable(actor)
        rows = self._db.rows(
            f"SELECT {_COLUMNS} FROM conversation_messages m WHERE m.conversation_id = ? AND m.seq > ?"
            f" AND {where} ORDER BY m.seq LIMIT ?",
            (conversation_id, after, *params, limit),
        )
        return [(r[0], _message(r)) for r in rows]

    def summaries(self, actor: Actor, limit: int) -> list[ConversationSummary]:
        where, params = _readable(actor)
        rows = self._db.rows(
            "SELECT m.conversation_id, m.owner, m.visibility, count(*), min(m.at), max(m.at)"
            f" FROM conversation_messages m WHERE {where}"
            " GROUP BY m.conversation_id, m.owner, m.visibility ORDER BY max(m.seq) DESC LIMIT ?",
            (*params, limit),
        )
        return [
            ConversationSummary(conversation_id=r[0], owner=r[1], visibility=Visibility(r[2]), messages=r[3],
                                first_at=_time(r[4]), last_at=_time(r[5]))
            for r in rows
        ]  # fmt: skip

    def delete(self, actor: Actor, conversation_id: str) -> int:
        where, params = _readable(actor)
        with self._db.transaction() as cur:
            cur.execute(
                f"DELETE FROM conversation_messages AS m WHERE m.conversation_id = ? AND {where}",
                (conversation_id, *params),
            )
            return int(cur.getconnection().changes())

    def exchange_extracted(self, workspace: str, digest: str) -> bool:
        return bool(
            self._db.rows(
                "SELECT 1 FROM extracted_exchanges WHERE workspace = ? AND digest = ?", (workspace, digest)
            )
        )

    def latest_seq(self, workspace: str, created_before: datetime | None = None) -> int:
        rows = self._db.rows(
            "SELECT max(seq) FROM conversation_messages WHERE workspace = ? AND coalesce(created_at < ?, 1)",
            (workspace, to_db(created_before)),
        )
        return int(rows[0][0] or 0) if rows else 0

    def changed_conversations(
        self, workspace: str, after_seq: int, upto_seq: int, after_id: str, limit: int
    ) -> list[str]:
        rows = self._db.rows(
            "SELECT DISTINCT conversation_id FROM conversation_messages INDEXED BY conversation_messages_by_seq"
            " WHERE workspace = ? AND seq > ? AND seq <= ? AND conversation_id > ?"
            " ORDER BY conversation_id LIMIT ?",
            (workspace, after_seq, upto_seq, after_id, limit),
        )
        return [str(r[0]) for r in rows]

    def window(
        self, workspace: str, conversation_ids: Sequence[str], after_seq: int, upto_seq: int
    ) -> list[tuple[int, ConversationMessage]]:
        if not conversation_ids:
            return []
        marks = ",".join("?" * len(conversation_ids))
        rows = self._db.rows(
            f"SELECT {_COLUMNS} FROM conversation_messages m WHERE m.workspace = ?"
            f" AND m.conversation_id IN ({marks}) AND m.seq > ? AND m.seq <= ? ORDER BY m.seq",
            (workspace, *conversation_ids, after_seq, upto_seq),
        )
        return [(r[0], _message(r)) for r in rows]


def claim_exchange(cur: apsw.Cursor, workspace: str, digest: str, at: datetime) -> bool:
    cur.execute(
        "INSERT INTO extracted_exchanges (workspace, digest, extracted_at) VALUES (?, ?, ?)"
        " ON CONFLICT DO NOTHING",
        (workspace, digest, to_db(at)),
    )
    return bool(cur.getconnection().changes())


def _message(r: Sequence[Any]) -> ConversationMessage:
    return ConversationMessage(
        id=r[1], conversation_id=r[2], role=r[3], text=r[4], tool=r[5],
        result=cut_deep(json.loads(r[6]), "a message's result") if r[6] else None, user=r[7], agent=r[8], at=_time(r[9]),
        workspace=r[10], owner=r[11], visibility=Visibility(r[12]), author=r[13], created_at=_time(r[14]),
    )  # fmt: skip


def _time(value: str) -> datetime:
    at = from_db(value)
    assert at is not None  # the columns are NOT NULL
    return at
