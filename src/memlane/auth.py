"""Identity and access: workspaces, users (and their opt-out), teams with members, agents, API keys.

Who a request acts as is decided here, from the database, on every request: the key is looked up by its
hash, the acting user checked against what the key allows, and the user's teams read afresh, so a member
removed from a team loses its items with the very next request. The result is the ``Actor`` the service
takes; what that actor may read is then enforced in the storage query itself (``_scope``).

- A key is ``ml_`` + 43 url-safe characters (256 random bits). Only its SHA-256 is stored: a stolen
  database holds no usable key, and a fast hash is enough for a key that cannot be guessed.
- A key belongs to one workspace and may be bound to a user (it then acts as that user only) or to an
  agent (its requests read that agent's shared items). An unbound key names the user it acts for in
  each request (``X-Memlane-User``): a platform's backend serving many end users.
- An admin key may also manage keys, users and teams of its workspace, and act as any of its users.
- ``max_visibility`` is the key's ceiling: a ``personal`` key never writes or changes anything shared.

The tables live in the store's own database (migration 2), reached through the store's connection, so
the embedded default stays one SQLite file.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict

from .errors import Forbidden, InvalidInput, NotFound, Unauthorized
from .ids import new_id
from .models import Actor, Visibility
from .permissions import check_opt_in
from .timeutil import from_db, now_utc, to_db

__all__ = [
    "KEY_PREFIX",
    "AccessService",
    "KeyInfo",
    "NewKey",
    "Principal",
    "TeamInfo",
    "UserInfo",
    "hash_key",
]

KEY_PREFIX = "ml_"
#: characters of a key kept in clear (prefix included) so that people can tell their keys apart
_SHOWN = 10
#: a key's last use is written at most this often (a write per request would serialise readers)
_LAST_USED_EVERY_S = 60.0
_MAX_NAME = 200


class _Out(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class KeyInfo(_Out):
    """An API key as listed: never the key itself, nor its hash."""

    id: str
    prefix: str
    workspace: str
    name: str
    user: str | None
    agent: str | None
    admin: bool
    max_visibility: Visibility
    created_at: datetime
    last_used_at: datetime | None = None
    revoked_at: datetime | None = None


class NewKey(KeyInfo):
    """A key just created: the only time the secret itself is shown."""

    key: str


class UserInfo(_Out):
    workspace: str
    name: str
    opted_out: bool
    teams: tuple[str, ...] = ()
    created_at: datetime
    updated_at: datetime


class TeamInfo(_Out):
    workspace: str
    name: str
    members: tuple[str, ...] = ()
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Principal:
    """The holder of a valid key: what the key allows, before the acting user is chosen."""

    key_id: str
    workspace: str
    user: str | None
    agent: str | None
    admin: bool
    max_visibility: Visibility


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def check_name(value: Any, what: str) -> str:
    """A user, team, agent or workspace name: 1-200 printable characters, no surrounding spaces."""
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(f"{what}: a non-empty name is required")
    if value != value.strip() or len(value) > _MAX_NAME or not value.isprintable():
        raise InvalidInput(f"{what}: {value[:50]!r} is not a valid name (1-{_MAX_NAME} printable characters)")
    return value


class _Db:
    """The store's own connection, used for the identity tables.

    Both backends expose ``_rows(sql, params)`` and ``write()``; only the parameter marker and the
    representation of times differ (SQLite keeps fixed-width ISO text, PostgreSQL ``timestamptz``)."""

    def __init__(self, store: Any) -> None:
        self._store = store
        self.postgres = getattr(store, "backend", "sqlite") == "postgres"

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.postgres else sql

    def _params(self, params: Sequence[Any]) -> list[Any]:
        if self.postgres:
            return list(params)
        return [to_db(p) if isinstance(p, datetime) else p for p in params]

    def time(self, value: Any) -> datetime:
        result = self.maybe_time(value)
        if result is None:
            raise ValueError("a required time is missing")
        return result

    def maybe_time(self, value: Any) -> datetime | None:
        return value if value is None or isinstance(value, datetime) else from_db(value)

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(self._store._rows(self._sql(sql), self._params(params)))

    @contextmanager
    def write(self) -> Iterator[Callable[..., list[Any]]]:
        """One transaction; yields ``execute(sql, params) -> rows``."""
        with self._store.write() as txn:
            raw = txn.conn.execute if self.postgres else txn.cur.execute

            def execute(sql: str, params: Sequence[Any] = ()) -> list[Any]:
                cur = raw(self._sql(sql), self._params(params))
                if self.postgres:
                    return cur.fetchall() if cur.description else []
                return cur.fetchall()

            yield execute


_KEY_COLUMNS = (
    "id, prefix, workspace, name, user_name, agent_name, admin, max_visibility, created_at,"
    " last_used_at, revoked_at"
)


class AccessService:
    """Keys, users, teams and agents of every workspace in one store, and the per-request ``Actor``."""

    def __init__(self, store: Any) -> None:
        self._db = _Db(store)
        self._last_used: dict[str, float] = {}
        self._last_used_lock = threading.Lock()

    # -- per request ----------------------------------------------------------------------------------

    def authenticate(self, key: str | None) -> Principal:
        """The principal of a valid key, or Unauthorized (missing, malformed, unknown or revoked)."""
        if not key:
            raise Unauthorized("an API key is required: send 'Authorization: Bearer ml_…'")
        if not key.startswith(KEY_PREFIX) or len(key) > 200:
            raise Unauthorized("this is not a memlane API key (they start with 'ml_')")
        rows = self._db.rows(
            "SELECT id, workspace, user_name, agent_name, admin, max_visibility FROM api_keys"
            " WHERE key_hash = ? AND revoked_at IS NULL",
            (hash_key(key),),
        )
        if not rows:
            raise Unauthorized("unknown or revoked API key")
        key_id, workspace, user, agent, admin, ceiling = rows[0]
        self._note_use(key_id)
        return Principal(key_id, workspace, user, agent, bool(admin), Visibility(ceiling))

    def actor(self, principal: Principal, user: str | None = None) -> Actor:
        """The actor a request of ``principal`` acts as: its bound user unless it names another (only
        unbound and admin keys may), with the user's current teams and the key's agent and ceiling."""
        if user is not None:
            user = check_name(user, "user")
            if principal.user is not None and user != principal.user and not principal.admin:
                raise Forbidden(f"this key acts as {principal.user!r} only, not as {user!r}")
        acting = user or principal.user
        if acting is None:
            raise InvalidInput(
                "this key is not bound to a user: name the user it acts for (header X-Memlane-User)"
            )
        return Actor(
            user=acting,
            workspace=principal.workspace,
            teams=self.teams_of(principal.workspace, acting),
            agent=principal.agent,
            ceiling=principal.max_visibility,
            admin=principal.admin,
            # not the user themselves: a key bound to nobody (or to someone else) or an agent's key
            delegated=principal.user != acting or principal.agent is not None,
        )

    def local_actor(self, user: str, workspace: str = "default", agent: str | None = None) -> Actor:
        """The actor of a trusted local surface (embedded SDK, CLI, MCP over stdio): no key, same teams."""
        return Actor(user=user, workspace=workspace, teams=self.teams_of(workspace, user), agent=agent)

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

    def _note_use(self, key_id: str) -> None:
        """Record that a key was used, at most once a minute per key and never failing the request."""
        now = time.monotonic()
        with self._last_used_lock:
            if now - self._last_used.get(key_id, -_LAST_USED_EVERY_S) < _LAST_USED_EVERY_S:
                return
            self._last_used[key_id] = now
        try:
            with self._db.write() as execute:
                execute("UPDATE api_keys SET last_used_at = ? WHERE id = ?", (now_utc(), key_id))
        except Exception:  # a busy database must not turn a read into an error; it is only a hint
            pass

    # -- keys -----------------------------------------------------------------------------------------

    def create_key(
        self,
        workspace: str = "default",
        *,
        user: str | None = None,
        agent: str | None = None,
        admin: bool = False,
        max_visibility: Visibility | str = Visibility.SHARED,
        name: str = "",
    ) -> NewKey:
        """A new key (shown once). The workspace, and the user or agent it is bound to, are created if
        they do not exist yet."""
        workspace = check_name(workspace, "workspace")
        user = check_name(user, "user") if user is not None else None
        agent = check_name(agent, "agent") if agent is not None else None
        try:
            ceiling = Visibility(max_visibility)
        except ValueError:
            raise InvalidInput("max_visibility: 'personal' or 'shared'") from None
        if len(name) > _MAX_NAME:
            raise InvalidInput(f"name: at most {_MAX_NAME} characters")
        with self._db.write() as execute:
            return self._insert_key(execute, workspace, user, agent, admin, ceiling, name)

    def _insert_key(
        self,
        execute: Callable[..., list[Any]],
        workspace: str,
        user: str | None,
        agent: str | None,
        admin: bool,
        ceiling: Visibility,
        name: str,
    ) -> NewKey:
        now = now_utc()
        self._ensure_workspace(execute, workspace, now)
        if user is not None:
            self._ensure_user(execute, workspace, user, now)
        if agent is not None:
            execute(
                "INSERT INTO agents (workspace, name, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (workspace, agent, now),
            )
        key = KEY_PREFIX + secrets.token_urlsafe(32)
        key_id = new_id()
        execute(
            "INSERT INTO api_keys (id, key_hash, prefix, workspace, name, user_name, agent_name, admin,"
            " max_visibility, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                key_id,
                hash_key(key),
                key[:_SHOWN],
                workspace,
                name,
                user,
                agent,
                bool(admin),
                str(ceiling),
                now,
            ),
        )
        return NewKey(
            id=key_id, prefix=key[:_SHOWN], workspace=workspace, name=name, user=user, agent=agent,
            admin=bool(admin), max_visibility=ceiling, created_at=now, key=key,
        )  # fmt: skip

    def bootstrap(self, workspace: str, user: str) -> NewKey | None:
        """On a store with no key at all (revoked ones count): create the workspace and one admin key
        bound to ``user``, and return it; otherwise None. One transaction, so two servers starting at once
        cannot both print a key."""
        workspace = check_name(workspace, "workspace")
        user = check_name(user, "user")
        with self._db.write() as execute:
            if execute("SELECT 1 FROM api_keys LIMIT 1"):
                self._ensure_workspace(execute, workspace, now_utc())
                return None
            return self._insert_key(
                execute, workspace, user, None, True, Visibility.SHARED, "admin (created by memlane serve)"
            )

    def list_keys(self, workspace: str) -> list[KeyInfo]:
        rows = self._db.rows(
            f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE workspace = ? ORDER BY created_at, id", (workspace,)
        )
        return [self._key(r) for r in rows]

    def revoke_key(self, workspace: str, key_id: str) -> KeyInfo:
        with self._db.write() as execute:
            found = execute("SELECT 1 FROM api_keys WHERE id = ? AND workspace = ?", (key_id, workspace))
            if not found:
                raise NotFound(f"no API key {key_id!r} in workspace {workspace!r}")
            execute(
                "UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", (now_utc(), key_id)
            )
            rows = execute(f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE id = ?", (key_id,))
        return self._key(rows[0])

    def _key(self, row: Sequence[Any]) -> KeyInfo:
        key_id, prefix, workspace, name, user, agent, admin, ceiling, created, used, revoked = row
        return KeyInfo(
            id=key_id, prefix=prefix, workspace=workspace, name=name, user=user, agent=agent,
            admin=bool(admin), max_visibility=Visibility(ceiling), created_at=self._db.time(created),
            last_used_at=self._db.maybe_time(used), revoked_at=self._db.maybe_time(revoked),
        )  # fmt: skip

    # -- users ----------------------------------------------------------------------------------------

    def create_user(self, workspace: str, name: str) -> UserInfo:
        """Register a user (idempotent). Users need no registration to act; registering is needed to
        put them in teams or record their opt-out before their first request."""
        workspace, name = check_name(workspace, "workspace"), check_name(name, "user")
        with self._db.write() as execute:
            now = now_utc()
            self._ensure_workspace(execute, workspace, now)
            self._ensure_user(execute, workspace, name, now)
        return self.get_user(workspace, name)

    def set_opted_out(
        self, workspace: str, name: str, opted_out: bool, *, by: Actor | None = None
    ) -> UserInfo:
        """Opt a user out of memory (no reads, no writes) or back in; the user is registered if needed.

        ``by`` is the request's actor (None: a trusted local caller, the CLI on the database file). Opting
        out needs a request acting as the user or an admin; opting back in the user themselves or an
        admin (``permissions.check_opt_in``): an agent acting for the user cannot undo their choice."""
        workspace, name = check_name(workspace, "workspace"), check_name(name, "user")
        if by is not None:
            if by.workspace != workspace or (by.user != name and not by.admin):
                raise Forbidden(f"only {name} or an admin may change {name}'s memory setting")
            if not opted_out:
                check_opt_in(by, name)
        with self._db.write() as execute:
            now = now_utc()
            self._ensure_workspace(execute, workspace, now)
            self._ensure_user(execute, workspace, name, now)
            execute(
                "UPDATE users SET opted_out = ?, updated_at = ? WHERE workspace = ? AND name = ?",
                (bool(opted_out), now, workspace, name),
            )
        return self.get_user(workspace, name)

    def get_user(self, workspace: str, name: str) -> UserInfo:
        rows = self._db.rows(
            "SELECT name, opted_out, created_at, updated_at FROM users WHERE workspace = ? AND name = ?",
            (workspace, name),
        )
        if not rows:
            raise NotFound(f"no user {name!r} in workspace {workspace!r}")
        return self._user(workspace, rows[0], self.teams_of(workspace, name))

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
        return [self._user(workspace, r, tuple(teams.get(r[0], ()))) for r in rows]

    def _user(self, workspace: str, row: Sequence[Any], teams: tuple[str, ...]) -> UserInfo:
        name, opted_out, created, updated = row
        return UserInfo(
            workspace=workspace, name=name, opted_out=bool(opted_out), teams=teams,
            created_at=self._db.time(created), updated_at=self._db.time(updated),
        )  # fmt: skip

    # -- teams ----------------------------------------------------------------------------------------

    def create_team(self, workspace: str, name: str) -> TeamInfo:
        workspace, name = check_name(workspace, "workspace"), check_name(name, "team")
        with self._db.write() as execute:
            now = now_utc()
            self._ensure_workspace(execute, workspace, now)
            execute(
                "INSERT INTO teams (workspace, name, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (workspace, name, now),
            )
        return self.get_team(workspace, name)

    def add_member(self, workspace: str, team: str, user: str) -> TeamInfo:
        """Add a user to an existing team (the user is registered if needed)."""
        workspace, team, user = (check_name(workspace, "workspace"), check_name(team, "team"),
                                 check_name(user, "user"))  # fmt: skip
        with self._db.write() as execute:
            if not execute("SELECT 1 FROM teams WHERE workspace = ? AND name = ?", (workspace, team)):
                raise NotFound(f"no team {team!r} in workspace {workspace!r} (create it first)")
            now = now_utc()
            self._ensure_user(execute, workspace, user, now)
            execute(
                "INSERT INTO team_members (workspace, team, user_name, added_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                (workspace, team, user, now),
            )
        return self.get_team(workspace, team)

    def remove_member(self, workspace: str, team: str, user: str) -> TeamInfo:
        """Take a user out of a team: from the next request on, the team's items are out of reach."""
        with self._db.write() as execute:
            found = execute(
                "SELECT 1 FROM team_members WHERE workspace = ? AND team = ? AND user_name = ?",
                (workspace, team, user),
            )
            if not found:
                raise NotFound(f"{user!r} is not a member of team {team!r} in workspace {workspace!r}")
            execute(
                "DELETE FROM team_members WHERE workspace = ? AND team = ? AND user_name = ?",
                (workspace, team, user),
            )
        return self.get_team(workspace, team)

    def get_team(self, workspace: str, name: str) -> TeamInfo:
        rows = self._db.rows(
            "SELECT created_at FROM teams WHERE workspace = ? AND name = ?", (workspace, name)
        )
        if not rows:
            raise NotFound(f"no team {name!r} in workspace {workspace!r}")
        members = self._db.rows(
            "SELECT user_name FROM team_members WHERE workspace = ? AND team = ? ORDER BY user_name",
            (workspace, name),
        )
        return TeamInfo(workspace=workspace, name=name, members=tuple(m[0] for m in members),
                        created_at=self._db.time(rows[0][0]))  # fmt: skip

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
            TeamInfo(
                workspace=workspace, name=n, members=tuple(members.get(n, ())), created_at=self._db.time(c)
            )  # fmt: skip
            for n, c in rows
        ]

    # -- helpers --------------------------------------------------------------------------------------

    @staticmethod
    def _ensure_workspace(execute: Callable[..., list[Any]], workspace: str, now: datetime) -> None:
        execute(
            "INSERT INTO workspaces (name, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING", (workspace, now)
        )

    def _ensure_user(
        self, execute: Callable[..., list[Any]], workspace: str, user: str, now: datetime
    ) -> None:
        self._ensure_workspace(execute, workspace, now)
        execute(
            "INSERT INTO users (workspace, name, opted_out, created_at, updated_at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT DO NOTHING",
            (workspace, user, False, now, now),
        )
