"""Running one job and recording the run (``job_runs``: start, end, status, error, what it did): the
same function behind every runner, in-process or queued, and behind a run by hand (``memlane profiles
run``, ``memlane jobs run``, their REST and MCP twins, the dashboard's "Run now").

A sweep is recorded from the moment it holds its profile's claim (the lock every runner shares, so a run
by hand never overlaps a scheduled one): a sweep that finds its profile held by a live run does nothing
and is not recorded (its answer says ``busy``), so the running one stays the job's last run."""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import recorded as recorded_error
from ..ids import new_id
from ..models import JobRun
from ..timeutil import now_utc
from .schedule import Job, consolidation

if TYPE_CHECKING:
    from ..service import MemoryService

__all__ = ["execute", "worker_name"]

log = logging.getLogger("memlane.jobs")


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def execute(
    service: MemoryService, job: Job, *, worker: str | None = None, batch: int = 100,
    progress: Callable[[str], None] | None = None,
) -> JobRun:  # fmt: skip
    """Run ``job`` now and record it; a failure is recorded (and logged), not raised. A sweep that found
    its profile busy is returned (``detail["status"] == "busy"``) but not recorded."""
    runs = service.storage.profiles
    run = JobRun(
        id=new_id(), job=job.name, started_at=now_utc(), status="running", worker=worker or worker_name()
    )
    recorded = False

    def start() -> None:
        nonlocal run, recorded
        run = run.model_copy(update={"started_at": now_utc()})
        runs.start_job(run)
        recorded = True

    status, error, detail = "succeeded", None, None
    try:
        if job.kind == "sweep":
            assert job.profile is not None
            report = service.profiles.sweep(job.profile, batch=batch, progress=progress, on_claimed=start)
            detail = report.model_dump(mode="json")
        else:
            start()
            detail = _work(service, job)
        if detail.get("status") in ("failed", "busy"):
            status, error = "failed", detail.get("error")
    except Exception as exc:  # recorded: a job's failure must not stop the runner
        status, error = "failed", recorded_error(exc)
        log.exception("job %s failed", job.name)
    finished = now_utc()
    if detail is not None and detail.get("status") == "busy":
        log.info("job %s: %s; nothing done", job.name, error)
        return run.model_copy(update={"finished_at": finished, "status": status, "error": error,
                                      "detail": detail})  # fmt: skip
    if not recorded:  # failed before it could start (e.g. the database was unavailable): still a run
        start()
    runs.finish_job(run.id, finished, status, error, detail)
    log.info("job %s %s in %.2fs%s", job.name, status, (finished - run.started_at).total_seconds(),
             f": {error}" if error else "")  # fmt: skip
    return run.model_copy(
        update={"finished_at": finished, "status": status, "error": error, "detail": detail}
    )


def _work(service: MemoryService, job: Job) -> dict[str, Any]:
    if job.kind == "expiry":
        return service.profiles.expire().model_dump(mode="json")
    consolidate = consolidation(service)
    if consolidate is None:
        return {"status": "skipped", "reason": "consolidation is not installed"}
    result = consolidate(dry_run=False)  # the whole store: the operator's nightly run
    return result.model_dump(mode="json") if hasattr(result, "model_dump") else {"result": str(result)}
