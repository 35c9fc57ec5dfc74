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

The tables live in the store's own database (migration 2), so the embedded default stays one SQLite
file; they are reached through the store's ``IdentityStore`` (``storage/base.py``; one implementation per
backend, ``storage/*/identity.py``). This module holds no SQL: it decides, the identity store keeps rows.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
import unicodedata
from contextlib import suppress
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from .errors import Forbidden, InvalidInput, NotFound, StorageError, Unauthorized, typed
from .ids import check_id, new_id
from .models import Actor, KeyInfo, NewKey, TeamInfo, UserInfo, Visibility
from .permissions import check_opt_in
from .storage.base import IdentityStore, SessionRow
from .timeutil import now_utc

__all__ = [
    "KEY_PREFIX",
    "OPERATOR_KEY_ID",
    "AccessService",
    "KeyInfo",
    "NewKey",
    "Principal",
    "TeamInfo",
    "UserInfo",
    "check_user",
    "hash_key",
    "header_user",
    "name_form",
    "user_name",
]

KEY_PREFIX = "ml_"
#: characters of a key kept in clear (prefix included) so that people can tell their keys apart
_SHOWN = 10
#: a key's last use is written at most this often (a write per request would serialise readers)
_LAST_USED_EVERY_S = 60.0
_MAX_NAME = 200
#: the key id of the local operator's principal (``memlane serve --open``'s one-time link): no key
OPERATOR_KEY_ID = "local"
#: a session's expiry is moved on at most this often (a write per page would serialise readers)
_EXTEND_EVERY = timedelta(minutes=5)
#: sessions expired or signed out are deleted this long after
_KEEP_ENDED = timedelta(days=1)


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
    """A user, team, agent or workspace name: 1-200 printable characters, no surrounding spaces; in
    Unicode NFC (``name_form``)."""
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(f"{what}: a non-empty name is required")
    if value != value.strip() or len(value) > _MAX_NAME or not value.isprintable():
        raise InvalidInput(f"{what}: {value[:50]!r} is not a valid name (1-{_MAX_NAME} printable characters)")
    return name_form(value)


def name_form(value: str) -> str:
    """A user's, team's, agent's or workspace's name as memlane keeps it: Unicode NFC. "José" typed with
    a composed é (U+00E9) and with e + a combining acute (U+0301) is one name, whichever surface or client
    gave it: every name that enters is normalised below the surfaces (migrations 32 and 33 normalised
    the stored ones)."""
    return unicodedata.normalize("NFC", value)


def user_name(value: str) -> str:
    """A user's name as memlane keeps it (``name_form``)."""
    return name_form(value)


def check_user(value: Any, what: str = "user") -> str:
    """A valid user name (``check_name``), in NFC (``user_name``)."""
    return user_name(check_name(value, what))


def header_user(value: str | None) -> str | None:
    """The user an HTTP request names in ``X-Memlane-User``, read as UTF-8. HTTP servers hand header
    bytes over as Latin-1 text, so a client's UTF-8 "zoé" arrived as "zoÃ©": another user, created on
    the spot, who held what the request stored. Bytes that are not UTF-8 are refused."""
    if value is None:
        return None
    try:
        return value.encode("latin-1").decode("utf-8")
    except UnicodeError:
        raise InvalidInput(
            "X-Memlane-User: the user's name is not UTF-8 (send the name's UTF-8 bytes)"
        ) from None


class AccessService:
    """Keys, users, teams and agents of every workspace in one store, and the per-request ``Actor``."""

    def __init__(self, identity: IdentityStore) -> None:
        self._db = identity
        self._last_used: dict[str, float] = {}
        self._last_used_lock = threading.Lock()

    # -- per request ----------------------------------------------------------------------------------

    def authenticate(self, key: str | None) -> Principal:
        """The principal of a valid key, or Unauthorized (missing, malformed, unknown or revoked)."""
        if not key:
            raise Unauthorized("an API key is required: send 'Authorization: Bearer ml_…'")
        if not key.startswith(KEY_PREFIX) or len(key) > 200:
            raise Unauthorized("this is not a memlane API key (they start with 'ml_')")
        found = self._db.key_by_hash(hash_key(key))
        if found is None:
            raise Unauthorized("unknown or revoked API key")
        self._note_use(found.id)
        return Principal(
            found.id, found.workspace, found.user, found.agent, found.admin, found.max_visibility
        )

    def actor(self, principal: Principal, user: str | None = None) -> Actor:
        """The actor a request of ``principal`` acts as: its bound user unless it names another (only
        unbound and admin keys may), with the user's current teams and the key's agent and ceiling."""
        if user is not None:
            user = check_user(user)
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
        """The actor of a trusted local surface (embedded SDK, CLI, MCP over stdio): no key, same teams.
        Its names are checked as a key's and a header's are (``check_name``): " alice", a tab, a NUL or a
        5,000-character name made an owner no other surface can name (and a lone surrogate a
        UnicodeEncodeError from the store)."""
        user, workspace = check_user(user), check_name(workspace, "workspace")
        agent = check_name(agent, "agent") if agent is not None else None
        return Actor(user=user, workspace=workspace, teams=self.teams_of(workspace, user), agent=agent)

    def teams_of(self, workspace: str, user: str) -> tuple[str, ...]:
        return self._db.teams_of(name_form(workspace), user_name(user))

    def opted_out(self, workspace: str, user: str) -> bool:
        return self._db.opted_out(name_form(workspace), user_name(user))

    def _note_use(self, key_id: str) -> None:
        """Record that a key was used, at most once a minute per key and never failing the request."""
        now = time.monotonic()
        with self._last_used_lock:
            if now - self._last_used.get(key_id, -_LAST_USED_EVERY_S) < _LAST_USED_EVERY_S:
                return
            self._last_used[key_id] = now
        # a busy or full database must not turn a read into an error: the last use is only a hint
        with suppress(StorageError):
            self._db.note_key_use(key_id, now_utc())

    # -- dashboard sessions ---------------------------------------------------------------------------

    def open_session(self, principal: Principal, user: str | None, *, idle: timedelta) -> str:
        """A browser session of ``principal`` acting as ``user`` (None: the key's own user), unused for at
        most ``idle``; returns its token (the cookie's value). The store keeps only the token's SHA-256,
        and the key's id, not the key: revoking the key ends the session."""
        user = user_name(user) if user is not None else None
        token = secrets.token_urlsafe(32)
        now = now_utc()
        with suppress(StorageError):  # tidying up; a busy database must not refuse the sign-in
            self._db.purge_sessions(now - _KEEP_ENDED)
        operator = principal.user if principal.key_id == OPERATOR_KEY_ID else None
        self._db.insert_session(
            hash_key(token), principal.workspace, key_id=None if operator else principal.key_id,
            operator=operator, acting_user=user, created_at=now, expires_at=now + idle,
        )  # fmt: skip
        return token

    def session(self, token: str | None, *, idle: timedelta) -> tuple[Principal, str | None] | None:
        """The principal and acting user of a live session (not signed out, used within ``idle``, its
        key not revoked), or None. Its expiry moves on as it is used (written at most every few minutes)."""
        if not token or len(token) > 200:
            return None
        now = now_utc()
        row = self._db.session_by_hash(hash_key(token), now)
        if row is None:
            return None
        if now + idle - row.expires_at > _EXTEND_EVERY:
            self._db.extend_session(hash_key(token), now + idle)
        return self._principal_of(row), row.acting_user

    def _principal_of(self, row: SessionRow) -> Principal:
        if row.key is None:
            assert row.operator is not None  # (the tables' CHECK: one of the two)
            return Principal(OPERATOR_KEY_ID, row.workspace, row.operator, None, True, Visibility.SHARED)
        key = row.key
        self._note_use(key.id)
        return Principal(key.id, key.workspace, key.user, key.agent, key.admin, key.max_visibility)

    def end_session(self, token: str) -> None:
        """Sign out: the session is revoked in the store, for every server sharing it."""
        self._db.revoke_session(hash_key(token), now_utc())

    def open_link(self, principal: Principal, *, ttl: timedelta) -> str:
        """A one-time sign-in link's token for ``principal``, good once within ``ttl``. The store keeps
        only its SHA-256 (so a restart keeps it, and every server on the database honours it); links
        expired by now are purged."""
        token = secrets.token_urlsafe(32)
        now = now_utc()
        with suppress(StorageError):  # tidying up; a busy database must not refuse the link
            self._db.purge_signin_links(now)
        operator = principal.user if principal.key_id == OPERATOR_KEY_ID else None
        self._db.insert_signin_link(
            hash_key(token), principal.workspace, key_id=None if operator else principal.key_id,
            operator=operator, created_at=now, expires_at=now + ttl,
        )  # fmt: skip
        return token

    def redeem_link(self, token: str | None) -> Principal | None:
        """Whom a one-time link signs in, taking it (never again, on any server); None when it is
        unknown, used, expired, or its key was revoked."""
        if not token or len(token) > 200:
            return None
        row = self._db.take_signin_link(hash_key(token), now_utc())
        return self._principal_of(row) if row is not None else None

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
        user = check_user(user) if user is not None else None
        agent = check_name(agent, "agent") if agent is not None else None
        try:
            ceiling = Visibility(max_visibility)
        except ValueError:
            raise InvalidInput("max_visibility: 'personal' or 'shared'") from None
        if len(name) > _MAX_NAME:
            raise InvalidInput(f"name: at most {_MAX_NAME} characters")
        key = _new_key(workspace, user, agent, admin, ceiling, name)
        self._db.insert_key(key, hash_key(key.key))
        return key

    def bootstrap(self, workspace: str, user: str) -> NewKey | None:
        """On a store with no key at all (revoked ones count): create the workspace and one admin key
        bound to ``user``, and return it; otherwise None. One transaction, so two servers starting at once
        cannot both print a key."""
        workspace = check_name(workspace, "workspace")
        user = check_user(user)
        key = _new_key(workspace, user, None, True, Visibility.SHARED, "admin (created by memlane serve)")
        return key if self._db.insert_key(key, hash_key(key.key), only_if_none=True) else None

    def list_keys(self, workspace: str) -> list[KeyInfo]:
        return self._db.list_keys(name_form(workspace))

    def revoke_key(self, workspace: str, key_id: str) -> KeyInfo:
        workspace = name_form(workspace)
        check_id(key_id, "key_id")
        revoked = self._db.revoke_key(workspace, key_id, now_utc())
        if revoked is None:
            raise NotFound(f"no {typed('API key', key_id)} in workspace {workspace!r}")
        return revoked

    # -- users ----------------------------------------------------------------------------------------

    def create_user(self, workspace: str, name: str) -> UserInfo:
        """Register a user (idempotent). Users need no registration to act; registering is needed to
        put them in teams or record their opt-out before their first request."""
        workspace, name = check_name(workspace, "workspace"), check_user(name)
        self._db.ensure_user(workspace, name, now_utc())
        return self.get_user(workspace, name)

    def set_opted_out(
        self, workspace: str, name: str, opted_out: bool, *, by: Actor | None = None
    ) -> UserInfo:
        """Opt a user out of memory (no reads, no writes) or back in; the user is registered if needed.

        ``by`` is the request's actor (None: a trusted local caller, the CLI on the database file). Opting
        out needs a request acting as the user or an admin; opting back in the user themselves or an
        admin (``permissions.check_opt_in``): an agent acting for the user cannot undo their choice."""
        workspace, name = check_name(workspace, "workspace"), check_user(name)
        if by is not None:
            if by.workspace != workspace or (by.user != name and not by.admin):
                raise Forbidden(f"only {name} or an admin may change {name}'s memory setting")
            if not opted_out:
                check_opt_in(by, name)
        self._db.set_opted_out(workspace, name, opted_out, now_utc())
        return self.get_user(workspace, name)

    def get_user(self, workspace: str, name: str) -> UserInfo:
        workspace, name = name_form(workspace), user_name(check_id(name, "user"))
        found = self._db.get_user(workspace, name)
        if found is None:
            raise NotFound(f"no {typed('user', name, 'name')} in workspace {workspace!r}")
        return found

    def list_users(self, workspace: str) -> list[UserInfo]:
        return self._db.list_users(name_form(workspace))

    # -- teams ----------------------------------------------------------------------------------------

    def create_team(self, workspace: str, name: str) -> TeamInfo:
        workspace, name = check_name(workspace, "workspace"), check_name(name, "team")
        self._db.create_team(workspace, name, now_utc())
        return self.get_team(workspace, name)

    def add_member(self, workspace: str, team: str, user: str) -> TeamInfo:
        """Add a user to an existing team (the user is registered if needed)."""
        workspace, team, user = (check_name(workspace, "workspace"), check_name(team, "team"),
                                 check_user(user))  # fmt: skip
        if not self._db.add_member(workspace, team, user, now_utc()):
            raise NotFound(f"no {typed('team', team, 'name')} in workspace {workspace!r} (create it first)")
        return self.get_team(workspace, team)

    def remove_member(self, workspace: str, team: str, user: str) -> TeamInfo:
        """Take a user out of a team: from the next request on, the team's items are out of reach."""
        workspace, team, user = (
            name_form(workspace),
            name_form(check_id(team, "team")),
            user_name(check_id(user, "user")),
        )
        if not self._db.remove_member(workspace, team, user):
            raise NotFound(f"{user!r} is not a member of team {team!r} in workspace {workspace!r}")
        return self.get_team(workspace, team)

    def get_team(self, workspace: str, name: str) -> TeamInfo:
        workspace, name = name_form(workspace), name_form(check_id(name, "team"))
        found = self._db.get_team(workspace, name)
        if found is None:
            raise NotFound(f"no {typed('team', name, 'name')} in workspace {workspace!r}")
        return found

    def list_teams(self, workspace: str) -> list[TeamInfo]:
        return self._db.list_teams(name_form(workspace))


def _new_key(
    workspace: str, user: str | None, agent: str | None, admin: bool, ceiling: Visibility, name: str
) -> NewKey:
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    return NewKey(
        id=new_id(), prefix=key[:_SHOWN], workspace=workspace, name=name, user=user, agent=agent,
        admin=bool(admin), max_visibility=ceiling, created_at=now_utc(), key=key,
    )  # fmt: skip
