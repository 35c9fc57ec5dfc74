"""``JobService``: the schedule, past runs and running a job now, for every surface (reached as
``MemoryService.jobs``). ``actor`` None is the store's operator (the CLI on the database, a worker):
every job. Over the API, an admin key sees and runs its own workspace's sweeps only (the expiry and
consolidation jobs span every workspace, so their runs and counts are the operator's), without the
conversation log's positions in a sweep's ``detail`` (``profiles.positions``); other keys none."""

from __future__ import annotations

import builtins
from typing import TYPE_CHECKING

from ..errors import Forbidden, InvalidInput
from ..models import Actor, JobRun
from ..profiles.positions import shown_run
from ..requests import MAX_BATCH, MAX_LIMIT, check_integer
from ..timeutil import now_utc
from .models import JobInfo
from .run import execute
from .schedule import Job, find_job, scheduled_jobs

if TYPE_CHECKING:
    from ..service import MemoryService

__all__ = ["JobService"]

#: the jobs that span every workspace (their runs and counts are the store operator's)
STORE_WIDE = ("expiry", "consolidate")


class JobService:
    def __init__(self, service: MemoryService) -> None:
        self._service = service

    def list(self, *, actor: Actor | None = None) -> builtins.list[JobInfo]:
        """Every scheduled job with its period, next run and last run."""
        workspace = _workspace(actor)
        last = self._service.storage.profiles.last_runs()
        now = now_utc()
        return [
            job.info(shown_run(actor, last.get(job.name)), now)
            for job in scheduled_jobs(self._service)
            if workspace is None or (job.profile is not None and job.profile.workspace == workspace)
        ]

    def show(
        self, name: str, *, actor: Actor | None = None, limit: int = 20
    ) -> tuple[JobInfo, builtins.list[JobRun]]:
        """A job (``expiry``, ``consolidate``, ``sweep:<profile name or id>``) and its latest runs."""
        limit = check_integer(limit, "limit", 1, MAX_LIMIT)
        job = self._find(name, _workspace(actor))
        runs = [r for r in (shown_run(actor, run) for run in self._service.storage.profiles.job_runs(job.name, limit))
                if r is not None]  # fmt: skip
        return job.info(runs[0] if runs else None, now_utc()), runs

    def run(self, name: str, *, actor: Actor | None = None, batch: int = 100) -> JobRun:
        """Run a job now, in this process, and record the run."""
        batch = check_integer(batch, "batch", 1, MAX_BATCH)
        run = execute(self._service, self._find(name, _workspace(actor)), batch=batch)
        return shown_run(actor, run) or run

    def _find(self, name: str, workspace: str | None) -> Job:
        if not isinstance(name, str) or not name.strip():
            raise InvalidInput("name: a job name (expiry, consolidate, sweep:<profile>)")
        if workspace is not None and name in STORE_WIDE:
            raise Forbidden(f"job {name!r} spans every workspace: only the store's operator runs or reads it")
        # any other name is a sweep of the workspace or no job at all: "no job 'x'", not "spans every workspace"
        return find_job(self._service, name, workspace)


def _workspace(actor: Actor | None) -> str | None:
    if actor is None:
        return None
    if not actor.admin:
        raise Forbidden(f"jobs: only an admin of workspace {actor.workspace!r} may see or run them")
    return actor.workspace
