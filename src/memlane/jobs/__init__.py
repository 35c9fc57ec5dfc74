"""Scheduled jobs (SPEC §8-9): each enabled profile's sweep, the expiry cleanup, nightly consolidation.

The schedule is read from the store (``schedule``); a job runs through ``run.execute`` on a runner
(``runner``): in-process on SQLite, through procrastinate's PostgreSQL queue on PostgreSQL
(``queue``). ``JobService`` (``MemoryService.jobs``) lists, shows and runs jobs for the surfaces."""

from __future__ import annotations

from .models import JobInfo
from .runner import InProcessRunner, JobRunner, runner_for
from .service import JobService

__all__ = ["InProcessRunner", "JobInfo", "JobRunner", "JobService", "runner_for"]
