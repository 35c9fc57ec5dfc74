"""The schedule: which jobs exist and when each is due. Derived from the store on every look (enabled
profiles and the last run of each job), so enabling or disabling a profile changes it at once, on every
runner, with nothing to register or cancel elsewhere."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Literal

from ..errors import NotFound, typed
from ..ids import check_id
from ..models import JobRun, Profile
from .models import JobInfo

if TYPE_CHECKING:
    from ..service import MemoryService

__all__ = [
    "CONSOLIDATE_AT_HOUR",
    "EXPIRY_EVERY",
    "Job",
    "consolidation",
    "due",
    "find_job",
    "scheduled_jobs",
    "sweep_job",
]

#: how often the expiry cleanup runs (reads filter expired items meanwhile)
EXPIRY_EVERY = timedelta(minutes=15)
CONSOLIDATE_EVERY = timedelta(days=1)
#: the hour (UTC) in which the nightly consolidation runs: never at once when a server first starts
CONSOLIDATE_AT_HOUR = 3


@dataclass(frozen=True, slots=True)
class Job:
    name: str
    kind: Literal["sweep", "expiry", "consolidate"]
    every: timedelta
    profile: Profile | None = None
    #: a nightly job runs only in this hour (UTC), at most once a day; None: whenever its period has passed
    at_hour: int | None = None

    def is_due(self, last: JobRun | None, now: datetime) -> bool:
        if self.at_hour is not None:
            return now.hour == self.at_hour and (last is None or last.started_at.date() < now.date())
        return last is None or last.started_at + self.every <= now

    def next_run(self, last: JobRun | None, now: datetime) -> datetime:
        if self.at_hour is None:
            return max(now, last.started_at + self.every) if last else now
        if self.is_due(last, now):
            return now
        slot = now.replace(hour=self.at_hour, minute=0, second=0, microsecond=0)
        return slot if slot > now else slot + timedelta(days=1)

    def info(self, last: JobRun | None, now: datetime) -> JobInfo:
        return JobInfo(
            name=self.name, kind=self.kind, every_minutes=int(self.every.total_seconds() // 60),
            workspace=self.profile.workspace if self.profile else None,
            profile=self.profile.name if self.profile else None,
            next_run_at=self.next_run(last, now), last_run=last,
        )  # fmt: skip


def sweep_job(profile: Profile) -> Job:
    """The job of a profile's sweep (``sweep:<profile id>``), at its refresh frequency."""
    return Job(f"sweep:{profile.id}", "sweep", timedelta(minutes=profile.refresh_minutes), profile)


def consolidation(service: MemoryService) -> Callable[..., Any] | None:
    """The nightly consolidation entry point, ``MemoryService.consolidate(dry_run=...)`` (issue 15 part 4,
    ``memlane.consolidation``), when this memlane has it: the job is scheduled only then."""
    found = getattr(service, "consolidate", None)
    return found if callable(found) else None


def scheduled_jobs(service: MemoryService, *, expiry_every: timedelta = EXPIRY_EVERY) -> list[Job]:
    jobs = [Job("expiry", "expiry", expiry_every)]
    if consolidation(service) is not None:
        jobs.append(Job("consolidate", "consolidate", CONSOLIDATE_EVERY, at_hour=CONSOLIDATE_AT_HOUR))
    for profile in service.storage.profiles.list(None):
        if profile.enabled:
            jobs.append(sweep_job(profile))
    return jobs


def due(
    jobs: Iterable[Job], last_runs: dict[str, JobRun], now: datetime, stale_after: timedelta
) -> list[Job]:
    """The jobs whose period has passed since their last run started (or that never ran; a nightly job only
    in its hour), and the sweeps whose last run is still recorded as running but whose profile shows no
    sign of life for ``stale_after`` (a killed worker): those are run again."""
    return [j for j in jobs if j.is_due(last_runs.get(j.name), now)
            or (j.name in last_runs and last_runs[j.name].status == "running"
                and dead(j, now, stale_after))]  # fmt: skip


def dead(job: Job, now: datetime, stale_after: timedelta) -> bool:
    """A sweep recorded as running whose profile is not claimed, or whose claim went stale."""
    if job.profile is None:
        return False
    beat = job.profile.heartbeat_at
    return job.profile.running_since is None or beat is None or beat < now - stale_after


def find_job(service: MemoryService, name: str, workspace: str | None = None) -> Job:
    """A job by name; ``sweep:<profile name or id>`` also for a disabled profile (run by hand)."""
    kind, _, key = name.partition(":")
    check_id(key if kind == "sweep" and key else name, "name")
    if kind == "sweep" and key:
        profiles = service.storage.profiles
        found = (
            profiles.get(workspace, key)
            if workspace is not None
            else next((p for p in profiles.list(None) if key in (p.id, p.name)), None)
        )
        if found is None:
            raise NotFound(
                f"no {typed('profile', key, 'name')}" + (f" in workspace {workspace!r}" if workspace else "")
            )
        return sweep_job(found)
    for job in scheduled_jobs(service):
        if job.name == name and job.kind != "sweep":
            return job
    raise NotFound(
        f"no {typed('job', name, 'name')} (jobs: expiry, consolidate when installed, sweep:<profile>)"
    )
