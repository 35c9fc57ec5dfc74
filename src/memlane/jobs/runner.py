"""Job runners: one protocol, two implementations.

- ``InProcessRunner`` (SQLite, or any store with one process serving it): a thread in ``memlane serve``
  or ``memlane worker`` that looks at the schedule every ``tick`` and runs what is due, one job at a time.
- ``QueueRunner`` (PostgreSQL, ``jobs/queue.py``): ``memlane worker`` processes on one or several
  machines share the schedule through procrastinate, a PostgreSQL-backed task queue.

Both run every job through ``run.execute``; a sweep never overlaps another of the same profile on any
runner because the sweep claims its profile in the database (``profiles.sweep``).
"""

from __future__ import annotations

import logging
import threading
from datetime import timedelta
from typing import TYPE_CHECKING, Protocol

from ..timeutil import now_utc
from .run import execute, worker_name
from .schedule import EXPIRY_EVERY, dead, due, scheduled_jobs

if TYPE_CHECKING:
    from ..service import MemoryService

__all__ = ["InProcessRunner", "JobRunner", "runner_for"]

log = logging.getLogger("memlane.jobs")


class JobRunner(Protocol):
    def run_forever(self) -> None:
        """Run scheduled jobs until ``stop`` (or a signal, for the queue runner)."""
        ...

    def stop(self) -> None: ...


class InProcessRunner:
    def __init__(
        self,
        service: MemoryService,
        *,
        tick: float = 5.0,
        expiry_every: timedelta = EXPIRY_EVERY,
        batch: int = 100,
    ) -> None:
        self.service = service
        self.tick = tick
        self.expiry_every = expiry_every
        self.batch = batch
        self.worker = worker_name()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def run_pending(self) -> int:
        """Run every job that is due now; how many ran."""
        now = now_utc()
        last = self.service.storage.profiles.last_runs()
        jobs = due(scheduled_jobs(self.service, expiry_every=self.expiry_every), last, now,
                   self.service.profiles.stale_after)  # fmt: skip
        for job in jobs:
            if self._stop.is_set():
                break
            if (
                job.name in last
                and last[job.name].status == "running"
                and (job.profile is None or dead(job, now, self.service.profiles.stale_after))
            ):  # a live run (by hand, or another process) keeps its record; this sweep will find it busy
                self.service.storage.profiles.abandon_runs(job.name, now, "its worker stopped (killed?)")
                log.info("job %s: its last run's worker stopped; running it again", job.name)
            execute(self.service, job, worker=self.worker, batch=self.batch)
        return len(jobs)

    def run_forever(self) -> None:
        log.info("job runner %s: in-process, looking at the schedule every %.1fs", self.worker, self.tick)
        while not self._stop.is_set():
            try:
                self.run_pending()
            except Exception:  # the database may be briefly unavailable: try again next tick
                log.exception("job runner: could not read the schedule")
            self._stop.wait(self.tick)

    def start(self) -> None:
        self._thread = threading.Thread(target=self.run_forever, name="memlane-jobs", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=60)


def runner_for(
    service: MemoryService, database_url: str, *, tick: float = 5.0, concurrency: int = 1, batch: int = 100
) -> JobRunner:
    """The queue runner on PostgreSQL, the in-process one otherwise."""
    if service.storage.backend == "postgres":
        from .queue import QueueRunner

        return QueueRunner(service, database_url, tick=tick, concurrency=concurrency, batch=batch)
    return InProcessRunner(service, tick=tick, batch=batch)
