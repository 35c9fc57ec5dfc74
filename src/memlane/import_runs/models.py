"""What ``ImportRuns`` returns: a snapshot of one background import."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict

from ..models import ImportResult

__all__ = ["ImportPhase", "ImportRun", "PasteInstead"]

#: reading the export (``done`` / ``total`` in bytes), embedding and storing (in items), then the end
ImportPhase = Literal["queued", "reading", "embedding", "storing", "done", "failed"]


class PasteInstead(BaseModel):
    """An import that found no memory, in parts (``errors.NoMemoryFound``), for a page to say in its own
    words how to import what the vendor does not export: what was not found, where to copy it from, the
    format to paste it as, and whether the conversations themselves hold something."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    found: str
    paste: str
    paste_as: str
    conversations: bool = False


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
    #: a failure for want of memory in the export: its parts (``error`` is its text)
    paste_instead: PasteInstead | None = None

    @property
    def running(self) -> bool:
        return self.phase not in ("done", "failed")

    @property
    def percent(self) -> int:
        if not self.running:
            return 100
        return min(100, 100 * self.done // self.total) if self.total else 0
