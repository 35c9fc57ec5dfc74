"""Running one job and recording the run (``job_runs``: start, end, status, error, what it did): the
same function behind every runner, in-process or queued."""

from __future__ import annotations

import logging
import os
import socket
from typing import TYPE_CHECKING, Any

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


def execute(service: MemoryService, job: Job, *, worker: str | None = None, batch: int = 100) -> JobRun:
    """Run ``job`` now and record it; a failure is recorded (and logged), not raised."""
    run = JobRun(
        id=new_id(), job=job.name, started_at=now_utc(), status="running", worker=worker or worker_name()
    )
    runs = service.storage.profiles
    runs.start_job(run)
    status, error, detail = "succeeded", None, None
    try:
        detail = _work(service, job, batch)
        if detail.get("status") == "failed":
            status, error = "failed", detail.get("error")
    except Exception as exc:  # recorded: a job's failure must not stop the runner
        status, error = "failed", f"{type(exc).__name__}: {exc}"
        log.exception("job %s failed", job.name)
    finished = now_utc()
    runs.finish_job(run.id, finished, status, error, detail)
    log.info("job %s %s in %.2fs%s", job.name, status, (finished - run.started_at).total_seconds(),
             f": {error}" if error else "")  # fmt: skip
    return run.model_copy(
        update={"finished_at": finished, "status": status, "error": error, "detail": detail}
    )


def _work(service: MemoryService, job: Job, batch: int) -> dict[str, Any]:
    if job.kind == "sweep":
        assert job.profile is not None
        return service.profiles.sweep(job.profile, batch=batch).model_dump(mode="json")
    if job.kind == "expiry":
        return service.profiles.expire().model_dump(mode="json")
    consolidate = consolidation(service)
    if consolidate is None:
        return {"status": "skipped", "reason": "consolidation is not installed"}
    result = consolidate(dry_run=False)  # the whole store: the operator's nightly run
    return result.model_dump(mode="json") if hasattr(result, "model_dump") else {"result": str(result)}
