"""PostgreSQL import runs (migration 15): what ``memlane.import_runs`` keeps of each background import,
so that a restart (or another server) does not lose its progress page. Mirrors
``storage/sqlite/import_runs.py``."""

from __future__ import annotations

import builtins
from datetime import datetime
from typing import TYPE_CHECKING, Any

from psycopg.types.json import Json

if TYPE_CHECKING:
    from .store import PostgresStore

__all__ = ["PostgresImportRuns"]


class PostgresImportRuns:
    def __init__(self, store: PostgresStore) -> None:
        self._store = store

    def save(
        self, workspace: str, user: str, run_id: str, started_at: datetime, instance: str, run: dict[str, Any],
        keep: int,
    ) -> None:  # fmt: skip
        with self._store._connection() as conn, conn.transaction():
            conn.execute(
                "INSERT INTO import_runs (id, workspace, user_name, started_at, instance, run)"
                " VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (id) DO UPDATE SET instance = excluded.instance,"
                " run = excluded.run",
                (run_id, workspace, user, started_at, instance, Json(run)),
            )
            conn.execute(
                "DELETE FROM import_runs WHERE workspace = %s AND user_name = %s AND id NOT IN (SELECT id FROM"
                " import_runs WHERE workspace = %s AND user_name = %s ORDER BY started_at DESC, id DESC"
                " LIMIT %s)",
                (workspace, user, workspace, user, keep),
            )

    def get(self, workspace: str, user: str, run_id: str) -> tuple[dict[str, Any], str] | None:
        rows = self._store._rows(
            "SELECT run, instance FROM import_runs WHERE id = %s AND workspace = %s AND user_name = %s",
            (run_id, workspace, user),
        )
        return (dict(rows[0][0]), str(rows[0][1])) if rows else None

    def list(self, workspace: str, user: str, limit: int) -> builtins.list[tuple[dict[str, Any], str]]:
        rows = self._store._rows(
            "SELECT run, instance FROM import_runs WHERE workspace = %s AND user_name = %s"
            " ORDER BY started_at DESC, id DESC LIMIT %s",
            (workspace, user, limit),
        )
        return [(dict(r[0]), str(r[1])) for r in rows]
