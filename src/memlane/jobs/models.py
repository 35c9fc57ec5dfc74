"""What the job operations return (besides ``memlane.models.JobRun``)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict

from ..models import JobRun

__all__ = ["JobInfo"]


class JobInfo(BaseModel):
    """A scheduled job: what it does, how often, and its last run.

    ``sweep:<profile id>`` (one per enabled profile, at its refresh frequency), ``expiry`` (the expiry
    cleanup of every store), ``consolidate`` (nightly, once consolidation is installed)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    kind: Literal["sweep", "expiry", "consolidate"]
    every_minutes: int
    workspace: str | None = None
    profile: str | None = None
    next_run_at: datetime
    last_run: JobRun | None = None
