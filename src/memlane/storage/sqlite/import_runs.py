"""SQLite import runs (migration 15): what ``memlane.import_runs`` keeps of each background import, so
that a restart does not lose its progress page. Mirrors ``storage/postgres/import_runs.py``."""

from __future__ import annotations

import builtins
import json
from datetime import datetime
from typing import Any

from ...timeutil import to_db
from .connections import Connections

__all__ = ["SqliteImportRuns"]


class SqliteImportRuns:
    def __init__(self, connections: Connections) -> None:
        self._db = connections

    def save(
        self, workspace: str, user: str, run_id: str, started_at: datetime, instance: str, run: dict[str, Any],
        keep: int,
    ) -> None:  # fmt: skip
        with self._db.transaction() as cur:
            cur.execute(
                "INSERT INTO import_runs (id, workspace, user_name, started_at, instance, run)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET instance = excluded.instance,"
                " run = excluded.run",
                (run_id, workspace, user, to_db(started_at), instance, json.dumps(run)),
            )
            cur.execute(
                "DELETE FROM import_runs WHERE workspace = ? AND user_name = ? AND id NOT IN (SELECT id FROM"
                " import_runs WHERE workspace = ? AND user_name = ? ORDER BY started_at DESC, id DESC LIMIT ?)",
                (workspace, user, workspace, user, keep),
            )

    def get(self, workspace: str, user: str, run_id: str) -> tuple[dict[str, Any], str] | None:
        rows = self._db.rows(
            "SELECT run, instance FROM import_runs WHERE id = ? AND workspace = ? AND user_name = ?",
            (run_id, workspace, user),
        )
        return (json.loads(rows[0][0]), str(rows[0][1])) if rows else None

    def list(self, workspace: str, user: str, limit: int) -> builtins.list[tuple[dict[str, Any], str]]:
        rows = self._db.rows(
            "SELECT run, instance FROM import_runs WHERE workspace = ? AND user_name = ?"
            " ORDER BY started_at DESC, id DESC LIMIT ?",
            (workspace, user, limit),
        )
        return [(json.loads(r[0]), str(r[1])) for r in rows]
