"""SQLite identity tables (migration 2): workspaces, users, teams, members, agents and API keys.

The ``IdentityStore`` of ``SqliteStore``: SQL and row mapping only (``memlane.auth`` decides what is
allowed). Reads run on the thread's reader, each write in one ``BEGIN IMMEDIATE`` transaction on the
write connection (``connections.py``). Times are fixed-width ISO text (``timeutil.to_db``), booleans
0 or 1.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from contextlib import suppress
from datetime import datetime
from typing import Any

import apsw

from ...models import KeyInfo, TeamInfo, UserInfo, Visibility
from ...timeutil import from_db, to_db
from ..base import SessionRow
from ..group_names import colliding_names, name_rows, profile_settings
from ..group_names import normalise_statements as group_statements
from ..related_users import RELATED_USERS, related_user_updates
from ..user_names import NAMES_BY_WORKSPACE, colliding_users, normalise_statements
from .connections import Connections, WriterBusy

__all__ = ["SqliteIdentity"]

_KEY_COLUMNS = (
    "id, prefix, workspace, name, user_name, agent_name, admin, max_visibility, created_at,"
    " last_used_at, revoked_at"
)


class SqliteIdentity:
    def __init__(self, connections: Connections) -> None:
        self._db = connections

    # -- keys -----------------------------------------------------------------------------------------

    def key_by_hash(self, key_hash: str) -> KeyInfo | None:
        rows = self._db.rows(
            f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL", (key_hash,)
        )
        return _key(rows[0]) if rows else None

    def insert_session(
        self, token_hash: str, workspace: str, *, key_id: str | None, operator: str | None,
        acting_user: str | None, created_at: datetime, expires_at: datetime,
    ) -> None:  # fmt: skip
        with self._db.transaction() as cur:
            cur.execute(
                "INSERT INTO web_sessions (token_hash, workspace, key_id, operator, acting_user, created_at,"
                " expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (token_hash, workspace, key_id, operator, acting_user, to_db(created_at), to_db(expires_at)),
            )

    def session_by_hash(self, token_hash: str, now: datetime) -> SessionRow | None:
        rows = self._db.rows(
            "SELECT s.workspace, s.operator, s.acting_user, s.expires_at, s.key_id,"
            f" {', '.join('k.' + c.strip() for c in _KEY_COLUMNS.split(','))} FROM web_sessions s"
            " LEFT JOIN api_keys k ON k.id = s.key_id WHERE s.token_hash = ? AND s.revoked_at IS NULL"
            " AND s.expires_at > ? AND (s.key_id IS NULL OR (k.workspace = s.workspace AND k.revoked_at IS NULL))",
            (token_hash, to_db(now)),
        )
        if not rows:
            return None
        workspace, operator, acting, expires, key_id, *key = rows[0]
        return SessionRow(
            workspace, _key(key) if key_id is not None else None, operator, acting, _time(expires)
        )

    def extend_session(self, token_hash: str, expires_at: datetime) -> None:
        with suppress(WriterBusy), self._db.transaction(wait=False) as cur:
            cur.execute(
                "UPDATE web_sessions SET expires_at = ? WHERE token_hash = ?", (to_db(expires_at), token_hash)
            )

    def revoke_session(self, token_hash: str, at: datetime) -> None:
        with self._db.transaction() as cur:
            cur.execute(
                "UPDATE web_sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL",
                (to_db(at), token_hash),
            )

    def purge_sessions(self, before: datetime) -> None:
        with self._db.transaction() as cur:
            cur.execute(
                "DELETE FROM web_sessions WHERE expires_at < ? OR revoked_at < ?", (to_db(before),) * 2
            )

    def insert_signin_link(
        self, token_hash: str, workspace: str, *, key_id: str | None, operator: str | None,
        created_at: datetime, expires_at: datetime,
    ) -> None:  # fmt: skip
        with self._db.transaction() as cur:
            cur.execute(
                "INSERT INTO signin_links (token_hash, workspace, key_id, operator, created_at, expires_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (token_hash, workspace, key_id, operator, to_db(created_at), to_db(expires_at)),
            )

    def take_signin_link(self, token_hash: str, now: datetime) -> SessionRow | None:
        with self._db.transaction() as cur:
            taken = cur.execute(
                "DELETE FROM signin_links WHERE token_hash = ? RETURNING workspace, key_id, operator, expires_at",
                (token_hash,),
            ).fetchall()
            if not taken or str(taken[0][3]) <= str(to_db(now)):
                return None
            workspace, key_id, operator, expires = taken[0]
            if key_id is None:
                return SessionRow(str(workspace), None, str(operator), None, _time(expires))
            keys = cur.execute(
                f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE id = ? AND workspace = ? AND revoked_at IS NULL",
                (key_id, workspace),
            ).fetchall()
        return SessionRow(str(workspace), _key(keys[0]), None, None, _time(expires)) if keys else None

    def purge_signin_links(self, before: datetime) -> None:
        with self._db.transaction() as cur:
            cur.execute("DELETE FROM signin_links WHERE expires_at < ?", (to_db(before),))

    def note_key_use(self, key_id: str, at: datetime) -> None:
        """Best effort, and never waits for another writer (a request must not queue behind a bulk
        import for a hint): when the write lock is taken, this use is not recorded."""
        with suppress(WriterBusy), self._db.transaction(wait=False) as cur:
            cur.execute("UPDATE api_keys SET last_used_at = ? WHERE id = ?", (to_db(at), key_id))

    def insert_key(self, key: KeyInfo, key_hash: str, *, only_if_none: bool = False) -> bool:
        at = to_db(key.created_at)
        with self._db.transaction() as cur:
            _ensure_workspace(cur, key.workspace, at)
            if only_if_none and cur.execute("SELECT 1 FROM api_keys LIMIT 1").fetchall():
                return False
            if key.user is not None:
                _ensure_user(cur, key.workspace, key.user, at)
            if key.agent is not None:
                cur.execute(
                    "INSERT INTO agents (workspace, name, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                    (key.workspace, key.agent, at),
                )
            cur.execute(
                "INSERT INTO api_keys (id, key_hash, prefix, workspace, name, user_name, agent_name, admin,"
                " max_visibility, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (key.id, key_hash, key.prefix, key.workspace, key.name, key.user, key.agent, int(key.admin),
                 str(key.max_visibility), at),
            )  # fmt: skip
        return True

    def list_keys(self, workspace: str) -> list[KeyInfo]:
        rows = self._db.rows(
            f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE workspace = ? ORDER BY created_at, id", (workspace,)
        )
        return [_key(r) for r in rows]

    def revoke_key(self, workspace: str, key_id: str, at: datetime) -> KeyInfo | None:
        with self._db.transaction() as cur:
            cur.execute(
                "UPDATE api_keys SET revoked_at = ? WHERE id = ? AND workspace = ? AND revoked_at IS NULL",
                (to_db(at), key_id, workspace),
            )
            rows = cur.execute(
                f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE id = ? AND workspace = ?", (key_id, workspace)
            ).fetchall()
        return _key(rows[0]) if rows else None

    # -- users ----------------------------------------------------------------------------------------

    def teams_of(self, workspace: str, user: str) -> tuple[str, ...]:
        rows = self._db.rows(
            "SELECT team FROM team_members WHERE workspace = ? AND user_name = ? ORDER BY team",
            (workspace, user),
        )
        return tuple(r[0] for r in rows)

    def opted_out(self, workspace: str, user: str) -> bool:
        rows = self._db.rows(
            "SELECT opted_out FROM users WHERE workspace = ? AND name = ?", (workspace, user)
        )
        return bool(rows and rows[0][0])

    def ensure_user(self, workspace: str, name: str, at: datetime) -> None:
        with self._db.transaction() as cur:
            _ensure_user(cur, workspace, name, to_db(at))

    def set_opted_out(self, workspace: str, name: str, opted_out: bool, at: datetime) -> None:
        with self._db.transaction() as cur:
            _ensure_user(cur, workspace, name, to_db(at))
            cur.execute(
                "UPDATE users SET opted_out = ?, updated_at = ? WHERE workspace = ? AND name = ?",
                (int(opted_out), to_db(at), workspace, name),
            )

    def get_user(self, workspace: str, name: str) -> UserInfo | None:
        rows = self._db.rows(
            "SELECT name, opted_out, created_at, updated_at FROM users WHERE workspace = ? AND name = ?",
            (workspace, name),
        )
        return _user(workspace, rows[0], self.teams_of(workspace, name)) if rows else None

    def list_users(self, workspace: str) -> list[UserInfo]:
        teams: dict[str, list[str]] = {}
        for user, team in self._db.rows(
            "SELECT user_name, team FROM team_members WHERE workspace = ? ORDER BY team", (workspace,)
        ):
            teams.setdefault(user, []).append(team)
        rows = self._db.rows(
            "SELECT name, opted_out, created_at, updated_at FROM users WHERE workspace = ? ORDER BY name",
            (workspace,),
        )
        return [_user(workspace, r, tuple(teams.get(r[0], ()))) for r in rows]

    # -- teams ----------------------------------------------------------------------------------------

    def create_team(self, workspace: str, name: str, at: datetime) -> None:
        with self._db.transaction() as cur:
            _ensure_workspace(cur, workspace, to_db(at))
            cur.execute(
                "INSERT INTO teams (workspace, name, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (workspace, name, to_db(at)),
            )

    def add_member(self, workspace: str, team: str, user: str, at: datetime) -> bool:
        with self._db.transaction() as cur:
            if not cur.execute(
                "SELECT 1 FROM teams WHERE workspace = ? AND name = ?", (workspace, team)
            ).fetchall():
                return False
            _ensure_user(cur, workspace, user, to_db(at))
            cur.execute(
                "INSERT INTO team_members (workspace, team, user_name, added_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                (workspace, team, user, to_db(at)),
            )
        return True

    def remove_member(self, workspace: str, team: str, user: str) -> bool:
        with self._db.transaction() as cur:
            cur.execute(
                "DELETE FROM team_members WHERE workspace = ? AND team = ? AND user_name = ?",
                (workspace, team, user),
            )
            return bool(cur.getconnection().changes())

    def get_team(self, workspace: str, name: str) -> TeamInfo | None:
        rows = self._db.rows(
            "SELECT created_at FROM teams WHERE workspace = ? AND name = ?", (workspace, name)
        )
        if not rows:
            return None
        members = self._db.rows(
            "SELECT user_name FROM team_members WHERE workspace = ? AND team = ? ORDER BY user_name",
            (workspace, name),
        )
        return TeamInfo(workspace=workspace, name=name, members=tuple(m[0] for m in members),
                        created_at=_time(rows[0][0]))  # fmt: skip

    def list_teams(self, workspace: str) -> list[TeamInfo]:
        members: dict[str, list[str]] = {}
        for team, user in self._db.rows(
            "SELECT team, user_name FROM team_members WHERE workspace = ? ORDER BY user_name", (workspace,)
        ):
            members.setdefault(team, []).append(user)
        rows = self._db.rows(
            "SELECT name, created_at FROM teams WHERE workspace = ? ORDER BY name", (workspace,)
        )
        return [
            TeamInfo(workspace=workspace, name=n, members=tuple(members.get(n, ())), created_at=_time(c))
            for n, c in rows
        ]


def _ensure_workspace(cur: apsw.Cursor, workspace: str, at: str | None) -> None:
    cur.execute(
        "INSERT INTO workspaces (name, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING", (workspace, at)
    )


def _ensure_user(cur: apsw.Cursor, workspace: str, user: str, at: str | None) -> None:
    _ensure_workspace(cur, workspace, at)
    cur.execute(
        "INSERT INTO users (workspace, name, opted_out, created_at, updated_at) VALUES (?, ?, 0, ?, ?)"
        " ON CONFLICT DO NOTHING",
        (workspace, user, at, at),
    )


def _time(value: Any) -> datetime:
    result = from_db(value)
    if result is None:
        raise ValueError("a required time is missing")
    return result


def _key(row: Sequence[Any]) -> KeyInfo:
    key_id, prefix, workspace, name, user, agent, admin, ceiling, created, used, revoked = row
    return KeyInfo(
        id=key_id, prefix=prefix, workspace=workspace, name=name, user=user, agent=agent, admin=bool(admin),
        max_visibility=Visibility(ceiling), created_at=_time(created), last_used_at=from_db(used),
        revoked_at=from_db(revoked),
    )  # fmt: skip


def _user(workspace: str, row: Sequence[Any], teams: tuple[str, ...]) -> UserInfo:
    name, opted_out, created, updated = row
    return UserInfo(workspace=workspace, name=name, opted_out=bool(opted_out), teams=teams,
                    created_at=_time(created), updated_at=_time(updated))  # fmt: skip


def _nfc(*values: apsw.SQLiteValue) -> apsw.SQLiteValue:
    (value,) = values
    return unicodedata.normalize("NFC", value) if isinstance(value, str) else value


def normalise_user_names(cur: apsw.Cursor) -> None:
    """Migration 32 (``storage/user_names.py``): every stored user name in NFC, or StorageError (and
    nothing changed) when two stored users are one name in NFC."""
    colliding_users(cur.execute(NAMES_BY_WORKSPACE).fetchall())
    cur.connection.create_scalar_function("memlane_nfc", _nfc, 1, deterministic=True)
    tables = {r[0] for r in cur.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    for statement in normalise_statements(lambda expr: f"memlane_nfc({expr})", tables):
        cur.execute(statement)


def normalise_group_names(cur: apsw.Cursor) -> None:
    """Migration 33 (``storage/group_names.py``): every stored workspace, team and agent name in NFC, or
    StorageError (and nothing changed) when two stored names of one kind are one name in NFC."""
    tables = {r[0] for r in cur.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    profiles = [{**json.loads(str(config)), "workspace": workspace, "id": pid}
                for pid, workspace, config in cur.execute("SELECT id, workspace, config FROM profiles").fetchall()]  # fmt: skip
    colliding_names(name_rows(lambda sql: cur.execute(sql).fetchall(), tables, profiles))
    cur.connection.create_scalar_function("memlane_nfc", _nfc, 1, deterministic=True)
    for statement in group_statements(lambda expr: f"memlane_nfc({expr})", tables):
        cur.execute(statement)
    for settings in profiles:
        pid = settings.pop("id")
        settings.pop("workspace")
        changed = profile_settings(settings)
        if changed is not None:
            cur.execute("UPDATE profiles SET config = ? WHERE id = ?", (json.dumps(changed), pid))


def write_related_user_form(cur: apsw.Cursor) -> None:
    """Migration 38 (``storage/related_users.py``): every stored ``related_user`` in the form a store
    and a filter give it."""
    updates = related_user_updates(cur.execute(RELATED_USERS).fetchall())
    if updates:
        cur.executemany("UPDATE memories SET related_user = ? WHERE seq = ?", updates)
