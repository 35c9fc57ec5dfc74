"""What ``ImportRuns`` returns: a snapshot of one background import."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict

from ..models import ImportResult

__all__ = ["ImportPhase", "ImportRun"]

#: reading the export (``done`` / ``total`` in bytes), embedding and storing (in items), then the end
ImportPhase = Literal["queued", "reading", "embedding", "storing", "done", "failed"]


class ImportRun(BaseModel):
    """One import as it stands: its phase and count, then its result (or error). ``found`` is what the
    export held once read (facts, or records of a memlane export); ``in_file_duplicates`` and
    ``invalid`` what reading it already set aside (the result has the final counts)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    format: str
    started_at: datetime
    phase: ImportPhase = "queued"
    done: int = 0
    total: int = 0
    found: int | None = None
    in_file_duplicates: int = 0
    invalid: int = 0
    finished_at: datetime | None = None
    result: ImportResult | None = None
    error: str | None = None

    @property
    def running(self) -> bool:
        return self.phase not in ("done", "failed")

    @property
    def percent(self) -> int:
        if not self.running:
            return 100
        return min(100, 100 * self.done // self.total) if self.total else 0
