"""``QueueRunner``: ``memlane worker`` on PostgreSQL, through procrastinate (a PostgreSQL-backed task
queue; its tables live in memlane's own database, created on first start).

- **Each scheduled run executes once.** A periodic ``memlane.tick`` task (every ``tick`` seconds) is
  deferred once per period for all workers (procrastinate's periodic deferrer records each period in
  the database). The tick reads the schedule (``schedule.due``) and defers each due job as
  ``memlane.run`` with a queueing lock named after the job: while one is waiting, no second is queued;
  nor while its queued run is running. Ticks run one at a time (a slow tick may otherwise overlap the
  next period's on another worker, both queueing the job).
- **Runs never overlap for one profile.** A sweep job carries the lock ``profile:<id>`` (procrastinate
  starts no job while another with its lock is running), and the sweep claims the profile in memlane's
  own table too (``profiles.sweep``), which also keeps a hand-started run (``memlane profiles run``) out.
- **A killed worker's job is retried by another.** Workers send heartbeats; the tick asks for jobs whose
  worker has been silent for ``stale_after`` and puts them back in the queue, where another worker takes
  them; the sweep takes over the dead run's claim (same ``stale_after``) and its window, so it extracts
  nothing twice. A sweep that finds its profile still claimed (``busy``) is retried a little later.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Collection
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import procrastinate
import psycopg
from procrastinate import RetryStrategy
from procrastinate.manager import QUEUEING_LOCK_CONSTRAINT
from psycopg_pool import AsyncConnectionPool

from ..errors import StorageError
from ..models import Profile
from ..timeutil import now_utc
from .run import execute, worker_name
from .schedule import due, find_job, scheduled_jobs

if TYPE_CHECKING:
    from ..service import MemoryService

__all__ = ["QueueRunner"]

log = logging.getLogger("memlane.jobs")

#: a one-bigint advisory lock held while procrastinate's schema is created (several workers start at once)
_SCHEMA_LOCK = 7_346_501_015
#: with the schema's hash, the two-int advisory lock held by the running tick (one tick at a time across
#: all the workers of one memlane; several may share a database, each in its schema)
_TICK_LOCK = 734_650_116
#: how long the queue's pool may take to make its first connections before the worker gives up (psycopg_pool's
#: default), and how long closing it waits for its tasks (connections being made are abandoned past it)
_POOL_OPEN_TIMEOUT_S = 30.0
_POOL_CLOSE_TIMEOUT_S = 2.0


class _Busy(Exception):
    """The profile is claimed by a run still alive: procrastinate retries this job later."""


def _cron(tick: float) -> str:
    """procrastinate's cron (croniter: a sixth field is seconds): every ``tick`` seconds (a divisor of
    60), or every minute."""
    seconds = int(tick)
    if 1 <= seconds < 60 and 60 % seconds == 0:
        return f"* * * * * */{seconds}"
    return "* * * * *"


class QueueRunner:
    def __init__(
        self, service: MemoryService, database_url: str, *, tick: float = 5.0, concurrency: int = 1,
        batch: int = 100,
    ) -> None:  # fmt: skip
        self.service = service
        self.database_url = database_url
        self.concurrency = concurrency
        self.batch = batch
        self.worker = worker_name()
        self.app = procrastinate.App(connector=procrastinate.PsycopgConnector(conninfo=database_url))
        #: the running ``_work`` and its loop (``stop`` cancels it from another thread), and whether a stop
        #: was asked for before it ran
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        self._define(tick)

    @property
    def stale_after(self) -> timedelta:
        return self.service.profiles.stale_after

    def _define(self, tick: float) -> None:
        app = self.app
        retry = RetryStrategy(max_attempts=1000, wait=max(1, int(self.stale_after.total_seconds() // 2)),
                              retry_exceptions={_Busy})  # fmt: skip

        @app.periodic(cron=_cron(tick), periodic_id="tick")
        @app.task(name="memlane.tick", queueing_lock="memlane.tick", pass_context=True)
        async def tick_task(context: procrastinate.JobContext, timestamp: int) -> None:
            await self._tick()

        @app.task(name="memlane.run", pass_context=True, retry=retry)
        def run_task(context: procrastinate.JobContext, job: str) -> None:
            found = find_job(self.service, job)
            runs = self.service.storage.profiles
            last = runs.last_runs()
            retried = context.job is not None and context.job.attempts > 0
            if not retried and not due([found], last, now_utc(), self.stale_after):
                log.info("job %s: ran meanwhile; this queued run is not needed", found.name)
                return
            if found.profile is not None and self._claimed_by_live_run(found.profile):
                raise _Busy(f"profile {found.profile.name!r} is being swept by a live run")
            if found.name in last and last[found.name].status == "running":
                runs.abandon_runs(found.name, now_utc(), "its worker stopped (killed?)")
            execute(self.service, found, worker=self.worker, batch=self.batch)

        self._run_task = run_task

    def _claimed_by_live_run(self, stale: Profile) -> bool:
        profile = self.service.storage.profiles.get(stale.workspace, stale.id)
        if profile is None or profile.running_since is None or profile.heartbeat_at is None:
            return False
        return profile.heartbeat_at >= now_utc() - self.stale_after

    async def _tick(self) -> None:
        """Retry the stalled jobs, then queue the due ones; one tick at a time across all workers.

        procrastinate runs a period's tick once, but a slow tick can still be running when the next
        period's starts on another worker: both would read the schedule before either's job shows, and
        the second would queue the job again once the first's had started (the queueing lock only holds
        while a job waits). A session advisory lock serialises the ticks (a killed worker's connection
        closes and releases it); a tick that finds it held does nothing: the running one does it all."""
        import psycopg

        async with await psycopg.AsyncConnection.connect(self.database_url, autocommit=True) as conn:
            lock = "%s::int, hashtext(current_schema())"
            cursor = await conn.execute(f"SELECT pg_try_advisory_lock({lock})", (_TICK_LOCK,))
            row = await cursor.fetchone()
            if not (row and row[0]):
                log.info("tick: another worker's tick is running; skipping this one")
                return
            try:
                await self._retry_stalled()
                # the queue is read BEFORE the schedule: a job that is not waiting or running now cannot
                # start before this tick queues it, and a job that ended before now has recorded its run
                await asyncio.to_thread(self._defer_due, await self._queued_locks())
            finally:
                await conn.execute(f"SELECT pg_advisory_unlock({lock})", (_TICK_LOCK,))

    async def _queued_locks(self) -> set[str]:
        """The queueing locks of the ``memlane.run`` jobs procrastinate has waiting (``todo``, a retry
        after ``busy`` included) or running (``doing``, a killed worker's included: procrastinate's
        stalled-job retry puts those back, not a new job)."""
        manager = self.app.job_manager
        jobs = [
            *await manager.list_jobs_async(task="memlane.run", status="todo"),
            *await manager.list_jobs_async(task="memlane.run", status="doing"),
        ]
        return {job.queueing_lock for job in jobs if job.queueing_lock}

    def _defer_due(self, queued: Collection[str] = ()) -> None:
        """Queue every due job once (a queueing lock per job); sweeps under their profile's lock. A job
        already queued, or whose queued run is still running (or stalled, to be retried), is not queued a
        second time: a second job with its queueing lock waiting would make the stalled one's retry
        collide with it, and one queued while the first runs would run the job twice."""
        last = self.service.storage.profiles.last_runs()
        for job in due(scheduled_jobs(self.service), last, now_utc(), self.stale_after):
            lock = f"profile:{job.profile.id}" if job.profile is not None else f"job:{job.name}"
            queueing_lock = f"queued:{job.name}"
            if queueing_lock in queued:
                continue
            try:
                self._run_task.configure(lock=lock, queueing_lock=queueing_lock).defer(job=job.name)
            except procrastinate.exceptions.AlreadyEnqueued:
                log.info("job %s: already queued", job.name)
                continue
            log.info("job %s: queued", job.name)

    async def _retry_stalled(self) -> None:
        seconds = self.stale_after.total_seconds()
        manager = self.app.job_manager
        for job in await manager.get_stalled_jobs(seconds_since_heartbeat=seconds):
            log.info(
                "job %s (%s): its worker stopped sending heartbeats; retrying it", job.id, job.task_kwargs
            )
            try:
                await manager.retry_job(job)
            except procrastinate.exceptions.UniqueViolation as exc:
                if exc.constraint_name != QUEUEING_LOCK_CONSTRAINT:
                    raise
                # another job with its queueing lock is already waiting: that one runs it; this one ends
                log.info("job %s (%s): already queued; not retrying this one", job.id, job.task_kwargs)
                await manager.finish_job(job, status=procrastinate.jobs.Status.FAILED, delete_job=False)

    def _ensure_schema(self) -> None:
        import psycopg

        with psycopg.connect(self.database_url, autocommit=True) as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s::bigint)", (_SCHEMA_LOCK,))
            exists = conn.execute("SELECT to_regclass('procrastinate_jobs') IS NOT NULL").fetchone()
            if not (exists and exists[0]):
                conn.execute(self.app.schema_manager.get_schema().encode())

    def run_forever(self) -> None:
        try:
            self._ensure_schema()
        except Exception as exc:
            raise StorageError(f"cannot prepare the job queue's tables: {exc}") from exc
        log.info(
            "job runner %s: procrastinate queue on PostgreSQL, %d at once", self.worker, self.concurrency
        )
        with contextlib.suppress(asyncio.CancelledError):  # stopped (``stop``), the running jobs ended
            asyncio.run(self._work())

    async def _work(self) -> None:
        self._loop, self._task = asyncio.get_running_loop(), asyncio.current_task()
        if self._stopping:  # asked before this ran (``stop`` reads the task after setting the flag)
            return
        beat = max(0.5, min(10.0, self.stale_after.total_seconds() / 4))
        options: dict[str, Any] = {
            "concurrency": self.concurrency, "name": self.worker, "update_heartbeat_interval": beat,
            "stalled_worker_timeout": self.stale_after.total_seconds(), "fetch_job_polling_interval": 1.0,
            "install_signal_handlers": False,  # the process's handler calls ``stop`` (memlane.interrupts)
        }  # fmt: skip
        # The queue's connection pool is this runner's own, opened and closed here rather than by
        # ``app.open_async()``: a stop while the pool is still opening (its first connections on their way,
        # or retrying a server that refuses) cancels the open itself, before procrastinate's context is
        # entered, and nothing would close the pool. Its maintenance tasks then outlived ``_work``, and
        # they take a cancellation for a failed connection attempt (psycopg_pool logs "error connecting"
        # with an empty message and tries again), so ``asyncio.run``'s final cancel-and-wait never ended.
        pool = AsyncConnectionPool(
            self.database_url, open=False, check=AsyncConnectionPool.check_connection, name="memlane-queue"
        )
        try:
            try:
                await pool.open(wait=True, timeout=_POOL_OPEN_TIMEOUT_S)
            except psycopg.Error as exc:  # PoolTimeout: no connection within the timeout
                raise StorageError(f"cannot connect the job queue to the database: {exc}") from exc
            async with self.app.open_async(pool=pool):
                await self.app.run_worker_async(**options)
        finally:
            # ends the pool's tasks: an idle one at once, one stuck connecting when cancelled after this
            await pool.close(timeout=_POOL_CLOSE_TIMEOUT_S)

    def stop(self) -> None:
        """Stop the worker, from any thread: cancelling ``run_worker_async`` is procrastinate's graceful
        shutdown (the one its own signal handlers start: no job is taken any more, the running ones end,
        however long they take, and the worker is unregistered), for an application that handles
        signals itself."""
        self._stopping = True
        loop, task = self._loop, self._task
        if loop is not None and task is not None:
            with contextlib.suppress(RuntimeError):  # the loop has closed: the worker has stopped already
                loop.call_soon_threadsafe(task.cancel)
