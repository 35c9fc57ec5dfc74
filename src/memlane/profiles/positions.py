"""Who sees the conversation log's positions: the store's operator only.

The log's positions (a profile's ``last_sync_seq``, a sweep's ``from_seq``/``to_seq``, in its report, its
job run's ``detail`` and its profile log entry's ``detail``) number every workspace's messages in one sequence, so the distance between
two of them tells how many messages were logged store-wide, other workspaces' included. A key sees one
workspace (even an admin key), so over the API they read as None; the operator (the embedded SDK or CLI
on the database, ``Actor.operator``; for jobs, no actor) sees them. The counts a sweep reports are of
its own workspace and stay.

A profile's ``last_error`` (why its last sweep failed) is for whoever may manage the profile: an admin
of its workspace or the operator. Its text can quote the conversations swept (an LLM that answered in
prose fails with the start of its answer, which is about what a user said), so any other key reads None.
"""

from __future__ import annotations

from typing import TypeVar

from ..errors import shown_error
from ..models import Actor, JobRun, Profile, ProfileLogEntry
from .models import SweepReport

__all__ = ["POSITIONS", "shown_entry", "shown_profile", "shown_report", "shown_run"]

#: the fields of a sweep run's ``detail`` that are log positions
POSITIONS = ("from_seq", "to_seq")


def _operator(actor: Actor | None) -> bool:
    return actor is None or actor.operator


def shown_profile(actor: Actor | None, profile: Profile) -> Profile:
    """``profile`` as ``actor`` reads it: no log position unless the operator, no ``last_error`` unless
    it may manage the profile (an admin of the workspace, the operator)."""
    if _operator(actor):
        return profile
    hidden: dict[str, str | None] = {
        "last_sync_seq": None,
        "last_error": shown_error(profile.last_error, False),
    }
    if actor is not None and not actor.admin:
        hidden["last_error"] = None
    return profile.model_copy(update=hidden)


def shown_report(actor: Actor | None, report: SweepReport) -> SweepReport:
    if _operator(actor):
        return report
    return report.model_copy(update={**dict.fromkeys(POSITIONS), "error": shown_error(report.error, False)})


_Detailed = TypeVar("_Detailed", JobRun, ProfileLogEntry)


def _shown_detail(actor: Actor | None, item: _Detailed) -> _Detailed:
    if _operator(actor) or not item.detail or not any(k in item.detail for k in POSITIONS):
        return item
    return item.model_copy(update={"detail": {**item.detail, **dict.fromkeys(POSITIONS)}})


def shown_run(actor: Actor | None, run: JobRun | None) -> JobRun | None:
    """A job run; a sweep's ``detail`` without its log positions, and its ``error`` (also the one in its
    ``detail``) without its detail (``errors.shown_error``), unless ``actor`` is the operator."""
    if run is None or _operator(actor):
        return run
    run = _shown_detail(actor, run)
    detail = run.detail
    if detail and isinstance(detail.get("error"), str):
        detail = {**detail, "error": shown_error(detail["error"], False)}
    return run.model_copy(update={"error": shown_error(run.error, False), "detail": detail})


def shown_entry(actor: Actor | None, entry: ProfileLogEntry) -> ProfileLogEntry:
    """A profile log entry; a sweep's ``detail`` without its log positions unless the operator."""
    return _shown_detail(actor, entry)
