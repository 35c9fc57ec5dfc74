"""SQLite profiles (migration 8): profiles, per-profile opt-outs, the profile log and job runs.

The ``ProfileStore`` of ``SqliteStore``, the same operations as ``storage/postgres/profiles.py``: SQL and
row mapping only (``memlane.profiles`` decides what is valid and who may). A profile's settings are one
JSON document (``config``); its run state (the claim of a running sweep, the last sync) are columns, so
that claiming is one conditional UPDATE.
"""

from __future__ import annotations

import builtins
import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from ...models import JobRun, Profile, ProfileLogEntry
from ...timeutil import from_db, to_db
from ..profile_rows import profile_config, profile_from_config
from .connections import Connections

__all__ = ["SqliteProfiles"]

_PROFILE = (
    "id, workspace, name, config, enabled, last_sync_seq, last_sync_at, run_started_at, run_heartbeat_at,"
    " last_error,"
    " created_at, updated_at"
)
_JOB = "id, job, started_at, finished_at, status, error, detail, worker"


def _profile(r: Sequence[Any]) -> Profile:
    return profile_from_config(r[0], r[1], r[2], json.loads(r[3]), r[4], r[5], from_db(r[6]), from_db(r[7]),
                               from_db(r[8]), r[9], _time(r[10]), _time(r[11]))  # fmt: skip


def _job(r: Sequence[Any]) -> JobRun:
    return JobRun(id=r[0], job=r[1], started_at=_time(r[2]), finished_at=from_db(r[3]), status=r[4],
                  error=r[5], detail=json.loads(r[6]) if r[6] else None, worker=r[7])  # fmt: skip


def _time(value: str) -> datetime:
    at = from_db(value)
    assert at is not None  # NOT NULL columns
    return at


class SqliteProfiles:
    def __init__(self, connections: Connections) -> None:
        self._db = connections

    def insert(self, profile: Profile) -> bool:
        with self._db.transaction() as cur:
            cur.execute(
                "INSERT INTO profiles (id, workspace, name, config, enabled, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (profile.id, profile.workspace, profile.name, json.dumps(profile_config(profile)),
                 int(profile.enabled), to_db(profile.created_at), to_db(profile.updated_at)),
            )  # fmt: skip
            return bool(cur.getconnection().changes())

    def update(self, profile: Profile) -> None:
        with self._db.transaction() as cur:
            cur.execute(
                "UPDATE profiles SET config = ?, enabled = ?, updated_at = ? WHERE id = ?",
                (json.dumps(profile_config(profile)), int(profile.enabled), to_db(profile.updated_at),
                 profile.id),
            )  # fmt: skip

    def get(self, workspace: str, key: str) -> Profile | None:
        rows = self._db.rows(
            f"SELECT {_PROFILE} FROM profiles WHERE workspace = ? AND (id = ? OR name = ?)"
            " ORDER BY id = ? DESC LIMIT 1",
            (workspace, key, key, key),
        )
        return _profile(rows[0]) if rows else None

    def list(self, workspace: str | None) -> builtins.list[Profile]:
        rows = self._db.rows(
            f"SELECT {_PROFILE} FROM profiles WHERE coalesce(workspace = ?, 1) ORDER BY workspace, name",
            (workspace,),
        )
        return [_profile(r) for r in rows]

    def delete(self, workspace: str, profile_id: str) -> bool:
        with self._db.transaction() as cur:
            cur.execute("DELETE FROM profiles WHERE workspace = ? AND id = ?", (workspace, profile_id))
            return bool(cur.getconnection().changes())

    def claim(self, profile_id: str, token: str, now: datetime, stale_before: datetime) -> bool:
        with self._db.transaction() as cur:
            cur.execute(
                "UPDATE profiles SET run_token = ?, run_started_at = ?, run_heartbeat_at = ? WHERE id = ?"
                " AND (run_token IS NULL OR run_heartbeat_at < ?)",
                (token, to_db(now), to_db(now), profile_id, to_db(stale_before)),
            )
            return bool(cur.getconnection().changes())

    def run_window(self, profile_id: str, token: str, latest: int) -> int:
        with self._db.transaction() as cur:
            rows = cur.execute(
                "UPDATE profiles SET run_upto = coalesce(run_upto, ?) WHERE id = ? AND run_token = ?"
                " RETURNING run_upto",
                (latest, profile_id, token),
            ).fetchall()
        return int(rows[0][0]) if rows else latest  # type: ignore[arg-type]

    def heartbeat(self, profile_id: str, token: str, now: datetime) -> bool:
        with self._db.transaction() as cur:
            cur.execute(
                "UPDATE profiles SET run_heartbeat_at = ? WHERE id = ? AND run_token = ?",
                (to_db(now), profile_id, token),
            )
            return bool(cur.getconnection().changes())

    def release(
        self, profile_id: str, token: str, *, synced_seq: int | None, synced_at: datetime | None,
        error: str | None,
    ) -> bool:  # fmt: skip
        with self._db.transaction() as cur:
            if synced_seq is not None:
                cur.execute(
                    "UPDATE profiles SET run_token = NULL, run_started_at = NULL, run_heartbeat_at = NULL,"
                    " last_sync_seq = ?, last_sync_at = ?, last_error = NULL, run_upto = NULL WHERE id = ? AND run_token = ?",
                    (synced_seq, to_db(synced_at), profile_id, token),
                )
            else:
                cur.execute(
                    "UPDATE profiles SET run_token = NULL, run_started_at = NULL, run_heartbeat_at = NULL,"
                    " last_error = ? WHERE id = ? AND run_token = ?",
                    (error, profile_id, token),
                )
            return bool(cur.getconnection().changes())

    def set_opt_out(self, profile_id: str, user: str, opted_out: bool, at: datetime) -> None:
        with self._db.transaction() as cur:
            if opted_out:
                cur.execute(
                    "INSERT INTO profile_opt_outs (profile_id, user_name, at) VALUES (?, ?, ?)"
                    " ON CONFLICT DO NOTHING",
                    (profile_id, user, to_db(at)),
                )
            else:
                cur.execute(
                    "DELETE FROM profile_opt_outs WHERE profile_id = ? AND user_name = ?", (profile_id, user)
                )

    def opted_out_users(self, profile_id: str) -> set[str]:
        rows = self._db.rows("SELECT user_name FROM profile_opt_outs WHERE profile_id = ?", (profile_id,))
        return {str(r[0]) for r in rows}

    def memory_ids(self, workspace: str, profile_id: str) -> builtins.list[str]:
        rows = self._db.rows(
            "SELECT id FROM memories WHERE profile_id = ? AND workspace = ? ORDER BY seq",
            (profile_id, workspace),
        )
        return [str(r[0]) for r in rows]

    def add_log(self, workspace: str, entry: ProfileLogEntry) -> None:
        with self._db.transaction() as cur:
            cur.execute(
                "INSERT INTO profile_log (workspace, profile_id, profile_name, at, action, count, detail)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (workspace, entry.profile_id, entry.profile, to_db(entry.at), entry.action, entry.count,
                 json.dumps(entry.detail) if entry.detail is not None else None),
            )  # fmt: skip

    def log(self, workspace: str, profile_id: str, limit: int) -> builtins.list[ProfileLogEntry]:
        rows = self._db.rows(
            "SELECT profile_id, profile_name, at, action, count, detail FROM profile_log"
            " WHERE workspace = ? AND profile_id = ? ORDER BY seq DESC LIMIT ?",
            (workspace, profile_id, limit),
        )
        return [
            ProfileLogEntry(profile_id=r[0], profile=r[1], at=_time(r[2]), action=r[3], count=r[4],
                            detail=json.loads(r[5]) if r[5] else None)
            for r in rows
        ]  # fmt: skip

    def start_job(self, run: JobRun) -> None:
        with self._db.transaction() as cur:
            cur.execute(
                "INSERT INTO job_runs (id, job, started_at, status, worker) VALUES (?, ?, ?, ?, ?)",
                (run.id, run.job, to_db(run.started_at), run.status, run.worker),
            )

    def finish_job(
        self,
        run_id: str,
        finished_at: datetime,
        status: str,
        error: str | None,
        detail: dict[str, Any] | None,
    ) -> None:
        with self._db.transaction() as cur:
            cur.execute(
                "UPDATE job_runs SET finished_at = ?, status = ?, error = ?, detail = ? WHERE id = ?",
                (
                    to_db(finished_at),
                    status,
                    error,
                    json.dumps(detail) if detail is not None else None,
                    run_id,
                ),
            )

    def abandon_runs(self, job: str, at: datetime, error: str) -> int:
        with self._db.transaction() as cur:
            cur.execute(
                "UPDATE job_runs SET status = 'failed', finished_at = ?, error = ? WHERE job = ? AND status = 'running'",
                (to_db(at), error, job),
            )
            return int(cur.getconnection().changes())

    def job_runs(self, job: str | None, limit: int) -> builtins.list[JobRun]:
        rows = self._db.rows(
            f"SELECT {_JOB} FROM job_runs WHERE coalesce(job = ?, 1) ORDER BY seq DESC LIMIT ?", (job, limit)
        )
        return [_job(r) for r in rows]

    def last_runs(self) -> dict[str, JobRun]:
        rows = self._db.rows(
            f"SELECT {_JOB} FROM job_runs WHERE seq IN (SELECT max(seq) FROM job_runs GROUP BY job)", ()
        )
        return {r[1]: _job(r) for r in rows}
