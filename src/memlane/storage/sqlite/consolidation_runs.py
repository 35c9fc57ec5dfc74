"""SQLite's record of consolidation runs (``ConsolidationRunWrites``): what each run merged and folded,
so that one call undoes it. Mirrors ``storage/postgres/consolidation_runs.py``."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from ...timeutil import from_db, to_db
from ..base import ConsolidationRun


class ConsolidationRunOps:
    """``ConsolidationRunWrites`` for the SQLite write transaction."""

    cur: Any

    def save_consolidation_run(self, run: ConsolidationRun) -> None:
        self.cur.execute(
            "INSERT INTO consolidation_runs (id, workspace, actor, at, detail) VALUES (?, ?, ?, ?, ?)",
            (run.id, run.workspace, run.actor, to_db(run.at), json.dumps(run.detail())),
        )

    def consolidation_run_for_update(self, run_id: str) -> ConsolidationRun | None:
        for row in self.cur.execute(
            "SELECT id, workspace, actor, at, detail, undone_at FROM consolidation_runs WHERE id = ?",
            (run_id,),
        ):
            at = from_db(row[3])
            assert at is not None  # NOT NULL
            return ConsolidationRun.from_row(row[0], row[1], row[2], at, json.loads(row[4]), from_db(row[5]))
        return None

    def mark_consolidation_run_undone(self, run_id: str, at: datetime) -> None:
        self.cur.execute("UPDATE consolidation_runs SET undone_at = ? WHERE id = ?", (to_db(at), run_id))
