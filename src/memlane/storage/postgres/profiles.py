"""PostgreSQL profiles (migration 8): profiles, per-profile opt-outs, the profile log and job runs.

The ``ProfileStore`` of ``PostgresStore``, the same operations as ``storage/sqlite/profiles.py``: SQL and
row mapping only (``memlane.profiles`` decides what is valid and who may). A profile's settings are one
JSON document (``config``); its run state (the claim of a running sweep, the last sync) are columns, so
that claiming is one conditional UPDATE.
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from psycopg.types.json import Jsonb

from ...models import JobRun, Profile, ProfileLogEntry
from ..profile_rows import profile_config, profile_from_config

if TYPE_CHECKING:
    from .store import PostgresStore

__all__ = ["PostgresProfiles"]

_PROFILE = (
    "id, workspace, name, config, enabled, last_sync_seq, last_sync_at, run_started_at, run_heartbeat_at,"
    " last_error,"
    " created_at, updated_at"
)
_JOB = "id, job, started_at, finished_at, status, error, detail, worker"


def _profile(r: Sequence[Any]) -> Profile:
    return profile_from_config(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11])


def _job(r: Sequence[Any]) -> JobRun:
    return JobRun(id=r[0], job=r[1], started_at=r[2], finished_at=r[3], status=r[4], error=r[5], detail=r[6],
                  worker=r[7])  # fmt: skip


class PostgresProfiles:
    def __init__(self, store: PostgresStore) -> None:
        self._store = store

    def insert(self, profile: Profile) -> bool:
        with self._store._connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.execute(
                "INSERT INTO profiles (id, workspace, name, config, enabled, created_at, updated_at)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                (profile.id, profile.workspace, profile.name, Jsonb(profile_config(profile)),
                 profile.enabled, (profile.created_at), (profile.updated_at)),
            )  # fmt: skip
            return cur.rowcount > 0

    def update(self, profile: Profile) -> None:
        with self._store._connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.execute(
                "UPDATE profiles SET config = %s, enabled = %s, updated_at = %s WHERE id = %s",
                (Jsonb(profile_config(profile)), profile.enabled, (profile.updated_at),
                 profile.id),
            )  # fmt: skip

    def get(self, workspace: str, key: str) -> Profile | None:
        rows = self._store._rows(
            f"SELECT {_PROFILE} FROM profiles WHERE workspace = %s AND (id = %s OR name = %s)"
            " ORDER BY (id = %s) DESC LIMIT 1",
            (workspace, key, key, key),
        )
        return _profile(rows[0]) if rows else None

    def list(self, workspace: str | None) -> builtins.list[Profile]:
        rows = self._store._rows(
            f"SELECT {_PROFILE} FROM profiles WHERE (%s::text IS NULL OR workspace = %s) ORDER BY workspace, name",
            (workspace, workspace),
        )
        return [_profile(r) for r in rows]

    def delete(self, workspace: str, profile_id: str) -> bool:
        with self._store._connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.execute("DELETE FROM profiles WHERE workspace = %s AND id = %s", (workspace, profile_id))
            return cur.rowcount > 0

    def claim(self, profile_id: str, token: str, now: datetime, stale_before: datetime) -> bool:
        with self._store._connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.execute(
                "UPDATE profiles SET run_token = %s, run_started_at = %s, run_heartbeat_at = %s WHERE id = %s"
                " AND (run_token IS NULL OR run_heartbeat_at < %s)",
                (token, (now), (now), profile_id, (stale_before)),
            )
            return cur.rowcount > 0

    def run_window(self, profile_id: str, token: str, latest: int) -> int:
        with self._store._connection() as conn, conn.transaction():
            row = conn.execute(
                "UPDATE profiles SET run_upto = coalesce(run_upto, %s) WHERE id = %s AND run_token = %s"
                " RETURNING run_upto",
                (latest, profile_id, token),
            ).fetchone()
        return int(row[0]) if row else latest

    def heartbeat(self, profile_id: str, token: str, now: datetime) -> bool:
        with self._store._connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.execute(
                "UPDATE profiles SET run_heartbeat_at = %s WHERE id = %s AND run_token = %s",
                ((now), profile_id, token),
            )
            return cur.rowcount > 0

    def release(
        self, profile_id: str, token: str, *, synced_seq: int | None, synced_at: datetime | None,
        error: str | None,
    ) -> bool:  # fmt: skip
        with self._store._connection() as conn, conn.transaction(), conn.cursor() as cur:
            if synced_seq is not None:
                cur.execute(
                    "UPDATE profiles SET run_token = NULL, run_started_at = NULL, run_heartbeat_at = NULL,"
                    " last_sync_seq = %s, last_sync_at = %s, last_error = NULL, run_upto = NULL WHERE id = %s AND run_token = %s",
                    (synced_seq, (synced_at), profile_id, token),
                )
            else:
                cur.execute(
                    "UPDATE profiles SET run_token = NULL, run_started_at = NULL, run_heartbeat_at = NULL,"
                    " last_error = %s WHERE id = %s AND run_token = %s",
                    (error, profile_id, token),
                )
            return cur.rowcount > 0

    def set_opt_out(self, profile_id: str, user: str, opted_out: bool, at: datetime) -> None:
        with self._store._connection() as conn, conn.transaction(), conn.cursor() as cur:
            if opted_out:
                cur.execute(
                    "INSERT INTO profile_opt_outs (profile_id, user_name, at) VALUES (%s, %s, %s)"
                    " ON CONFLICT DO NOTHING",
                    (profile_id, user, (at)),
                )
            else:
                cur.execute(
                    "DELETE FROM profile_opt_outs WHERE profile_id = %s AND user_name = %s",
                    (profile_id, user),
                )

    def opted_out_users(self, profile_id: str) -> set[str]:
        rows = self._store._rows(
            "SELECT user_name FROM profile_opt_outs WHERE profile_id = %s", (profile_id,)
        )
        return {str(r[0]) for r in rows}

    def memory_ids(self, workspace: str, profile_id: str) -> builtins.list[str]:
        rows = self._store._rows(
            "SELECT id FROM memories WHERE profile_id = %s AND workspace = %s ORDER BY seq",
            (profile_id, workspace),
        )
        return [str(r[0]) for r in rows]

    def add_log(self, workspace: str, entry: ProfileLogEntry) -> None:
        with self._store._connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.execute(
                "INSERT INTO profile_log (workspace, profile_id, profile_name, at, action, count, detail)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s)",
                (workspace, entry.profile_id, entry.profile, (entry.at), entry.action, entry.count,
                 Jsonb(entry.detail) if entry.detail is not None else None),
            )  # fmt: skip

    def log(self, workspace: str, profile_id: str, limit: int) -> builtins.list[ProfileLogEntry]:
        rows = self._store._rows(
            "SELECT profile_id, profile_name, at, action, count, detail FROM profile_log"
            " WHERE workspace = %s AND profile_id = %s ORDER BY seq DESC LIMIT %s",
            (workspace, profile_id, limit),
        )
        return [
            ProfileLogEntry(profile_id=r[0], profile=r[1], at=r[2], action=r[3], count=r[4],
                            detail=r[5])
            for r in rows
        ]  # fmt: skip

    def start_job(self, run: JobRun) -> None:
        with self._store._connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.execute(
                "INSERT INTO job_runs (id, job, started_at, status, worker) VALUES (%s, %s, %s, %s, %s)",
                (run.id, run.job, (run.started_at), run.status, run.worker),
            )

    def finish_job(
        self,
        run_id: str,
        finished_at: datetime,
        status: str,
        error: str | None,
        detail: dict[str, Any] | None,
    ) -> None:
        with self._store._connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.execute(
                "UPDATE job_runs SET finished_at = %s, status = %s, error = %s, detail = %s WHERE id = %s",
                ((finished_at), status, error, Jsonb(detail) if detail is not None else None, run_id),
            )

    def abandon_runs(self, job: str, at: datetime, error: str) -> int:
        with self._store._connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.execute(
                "UPDATE job_runs SET status = 'failed', finished_at = %s, error = %s WHERE job = %s"
                " AND status = 'running'",
                (at, error, job),
            )
            return cur.rowcount

    def job_runs(self, job: str | None, limit: int) -> builtins.list[JobRun]:
        rows = self._store._rows(
            f"SELECT {_JOB} FROM job_runs WHERE (%s::text IS NULL OR job = %s) ORDER BY seq DESC LIMIT %s",
            (job, job, limit),
        )
        return [_job(r) for r in rows]

    def last_runs(self) -> dict[str, JobRun]:
        rows = self._store._rows(
            f"SELECT {_JOB} FROM job_runs WHERE seq IN (SELECT max(seq) FROM job_runs GROUP BY job)", ()
        )
        return {r[1]: _job(r) for r in rows}
