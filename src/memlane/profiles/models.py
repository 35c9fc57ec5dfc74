"""What the profile operations return (besides ``memlane.models.Profile`` and ``ProfileLogEntry``)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict

from ..models import JobRun, Profile, ProfileLogEntry

__all__ = ["ExpiryReport", "ProfileDeletion", "ProfileOverview", "SweepReport"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SweepReport(_Frozen):
    """One sweep of a profile: what it read and what extraction did.

    ``status``: ``succeeded`` (the last sync advanced to ``to_seq``), ``busy`` (another run holds the
    profile: nothing was done), or ``failed`` (nothing advanced; ``error`` says why). ``from_seq`` and
    ``to_seq``, the conversation log's positions, are the store's operator's only (None for keys: the
    positions are store-wide)."""

    profile_id: str
    profile: str
    status: Literal["succeeded", "busy", "failed"]
    from_seq: int | None = 0
    to_seq: int | None = 0
    batches: int = 0
    conversations: int = 0
    messages: int = 0
    transcripts: int = 0
    extracted: int = 0
    added: int = 0
    updated: int = 0
    deleted: int = 0
    skipped_users: int = 0
    #: a team or agent profile's transcripts that held messages logged personal: extracted under a
    #: personal ceiling (nothing shared; what they gave is the speaker's personal memory)
    personal_transcripts: int = 0
    duration_s: float = 0.0
    error: str | None = None


class ProfileDeletion(_Frozen):
    """Deleting a profile: what went with it, or, without a confirmation (``dry_run``), the plan of what
    would go: its memories (every version), its schedule (``schedules``: 1 when enabled) and its
    opt-outs. The conversations it read stay in the log either way."""

    profile: Profile
    memories: int
    dry_run: bool
    schedules: int = 0
    opt_outs: int = 0


class ExpiryReport(_Frozen):
    """One expiry cleanup: how many memories were deleted, in all and per profile id."""

    deleted: int
    per_profile: dict[str, int]


class ProfileOverview(_Frozen):
    """A profile as its page shows it: the settings, and for the keys that may manage it (``manage``)
    its latest runs, when the next is due (enabled only) and its log, newest first; empty otherwise."""

    profile: Profile
    manage: bool
    runs: tuple[JobRun, ...] = ()
    next_run_at: datetime | None = None
    log: tuple[ProfileLogEntry, ...] = ()
