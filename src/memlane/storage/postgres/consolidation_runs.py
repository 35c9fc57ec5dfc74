"""PostgreSQL's record of consolidation runs (``ConsolidationRunWrites``): what each run merged and
folded, so that one call undoes it. Mirrors ``storage/sqlite/consolidation_runs.py``."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from psycopg.types.json import Jsonb

from ..base import ConsolidationRun


class ConsolidationRunOps:
    """``ConsolidationRunWrites`` for the PostgreSQL write transaction."""

    conn: Any

    def save_consolidation_run(self, run: ConsolidationRun) -> None:
        self.conn.execute(
            "INSERT INTO consolidation_runs (id, workspace, actor, at, detail) VALUES (%s, %s, %s, %s, %s)",
            (run.id, run.workspace, run.actor, run.at, Jsonb(run.detail())),
        )

    def consolidation_run_for_update(self, run_id: str) -> ConsolidationRun | None:
        row = self.conn.execute(
            "SELECT id, workspace, actor, at, detail, undone_at FROM consolidation_runs WHERE id = %s FOR UPDATE",
            (run_id,),
        ).fetchone()
        return None if row is None else ConsolidationRun.from_row(*row)

    def mark_consolidation_run_undone(self, run_id: str, at: datetime) -> None:
        self.conn.execute("UPDATE consolidation_runs SET undone_at = %s WHERE id = %s", (at, run_id))
