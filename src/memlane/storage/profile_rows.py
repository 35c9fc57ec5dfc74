"""A profile as stored, alike on every backend: its settings are one JSON document (``config``), its
run state columns (``storage/*/profiles.py``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from ..models import Profile

__all__ = ["RESTATED", "expired_per_profile", "profile_config", "profile_from_config"]

#: the settings kept in ``config`` (the rest are columns)
_SETTINGS = ("types", "scope", "teams", "agent", "extractor", "instructions", "embedding_model",
             "refresh_minutes", "expire_after")  # fmt: skip


def profile_config(profile: Profile) -> dict[str, Any]:
    return {k: v for k, v in profile.model_dump(mode="json").items() if k in _SETTINGS}


def profile_from_config(
    id_: str, workspace: str, name: str, config: dict[str, Any], enabled: bool, last_sync_seq: int,
    last_sync_at: datetime | None, running_since: datetime | None, heartbeat_at: datetime | None,
    last_error: str | None, created_at: datetime, updated_at: datetime,
) -> Profile:  # fmt: skip
    return Profile.model_validate(
        {**config, "id": id_, "workspace": workspace, "name": name, "enabled": bool(enabled),
         "last_sync_seq": int(last_sync_seq), "last_sync_at": last_sync_at, "running_since": running_since, "heartbeat_at": heartbeat_at,
         "last_error": last_error, "created_at": created_at, "updated_at": updated_at}
    )  # fmt: skip


#: the expiry log's detail for an expired memory deleted because it was stated again (the write that
#: stores the restatement deletes it, as the expiry job would, and logs it as the job does)
RESTATED = {"by": "restatement"}


def expired_per_profile(rows: Iterable[Sequence[Any]]) -> dict[str, int]:
    """(seq, profile id) rows of deleted expired memories -> how many per profile (the expiry log's
    counts); memories no profile wrote are in no log."""
    counts: dict[str, int] = {}
    for _, profile_id in rows:
        if profile_id:
            counts[str(profile_id)] = counts.get(str(profile_id), 0) + 1
    return counts
