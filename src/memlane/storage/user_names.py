"""Stored user names in Unicode NFC (migration 32, both backends): one user whatever the spelling.

Before, a name was compared as written: "José" with a composed é (U+00E9) and with e + U+0301 were two
users, each with their own memories, keys, teams and counts. Every name that enters is now normalised
(``auth.user_name``); this step normalises the names already stored, in every column that holds one, in
the migration's transaction (all or nothing).

Two stored users that become one name are **refused**, not merged: the step raises ``StorageError``
naming them, and the store stays as it was (the transaction rolls back). Merging would give one of
them the other's personal memories, keys and opt-out, and two names that look alike may still be two
people (a platform's backend names its end users). The operator renames or removes one of them
(see docs/api.md) and opens the store again.

The SQL is the same on both backends but for the NFC function (``nfc``: SQLite's is registered from
Python, PostgreSQL's is ``normalize(…, NFC)``).
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..errors import StorageError

__all__ = ["USER_COLUMNS", "colliding_users", "normalise_statements"]

#: every column holding a user's name: (table, column, how). ``name``: the bare name; ``owner``: an
#: owner or actor written ``user:<name>`` (other owners, ``team:…``, ``agent:…``, are not users).
#: ``users.name`` itself is moved by ``normalise_statements`` (team members point at it).
#: The statistics buckets come before the memories: SQLite's triggers on ``memories`` make a bucket for
#: a memory's new owner when there is none, and the bucket renamed after it would then be a duplicate.
USER_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("stat_buckets", "owner", "owner"),
    ("entity_versions", "owner", "owner"),  # (PostgreSQL only)
    ("team_members", "user_name", "name"),
    ("api_keys", "user_name", "name"),
    ("memories", "owner", "owner"),
    ("memories", "author", "name"),
    ("memories", "related_user", "name"),
    ("memory_access", "reader", "name"),
    ("entities", "owner", "owner"),
    ("entity_external_ids", "owner", "owner"),
    ("entity_external_ids", "external_id", "owner"),  # a user's account entity: 'user:<name>'
    ("entity_blocking_keys", "owner", "owner"),
    ("entity_merges", "actor", "owner"),
    ("conversation_messages", "owner", "owner"),
    ("conversation_messages", "author", "name"),
    ("audit_log", "actor", "owner"),
    ("web_sessions", "operator", "name"),
    ("web_sessions", "acting_user", "name"),
    ("signin_links", "operator", "name"),
    ("import_runs", "user_name", "name"),
    ("profile_opt_outs", "user_name", "name"),
    ("consolidation_runs", "actor", "name"),
)

#: the user names of each workspace that could collide: (workspace, name) rows
NAMES_BY_WORKSPACE = """
SELECT workspace, name FROM users
UNION SELECT workspace, user_name FROM api_keys WHERE user_name IS NOT NULL
UNION SELECT workspace, user_name FROM team_members
UNION SELECT workspace, substr(owner, 6) FROM memories WHERE owner LIKE 'user:%'
UNION SELECT workspace, author FROM memories WHERE author IS NOT NULL
UNION SELECT workspace, substr(owner, 6) FROM entities WHERE owner LIKE 'user:%'
UNION SELECT workspace, substr(owner, 6) FROM conversation_messages WHERE owner LIKE 'user:%'
"""


def codepoints(name: str) -> str:
    """The non-ASCII code points of a name (U+00E9 ...), to show two spellings NFC makes one."""
    return " ".join(f"U+{ord(c):04X}" for c in name if ord(c) > 127)


def colliding_users(rows: Iterable[Sequence[Any]]) -> None:
    """StorageError when two distinct stored names of one workspace are one name in NFC."""
    groups: dict[tuple[str, str], set[str]] = defaultdict(set)
    for workspace, name in rows:
        if name is not None:
            groups[(workspace, unicodedata.normalize("NFC", name))].add(name)
    clashes = sorted((key, names) for key, names in groups.items() if len(names) > 1)
    if not clashes:
        return
    described = "; ".join(
        f"workspace {workspace!r}: "
        + " and ".join(f"{n!r} ({codepoints(n) or 'ASCII'})" for n in sorted(names))
        for (workspace, _), names in clashes
    )
    raise StorageError(
        "cannot upgrade the store (migration 32, user names in Unicode NFC): these stored users are one"
        f" name in NFC but two users here, each with their own items: {described}. memlane does not merge"
        " two users' memories on its own; nothing was changed. Rename or remove one of each pair with the"
        " memlane version that wrote them (see 'User names' in docs/api.md), then open the store again"
    )


def normalise_statements(nfc: Callable[[str], str], tables: set[str]) -> list[str]:
    """The statements that write every stored user name in NFC (after ``colliding_users`` passed), for
    the tables that exist. ``nfc(expr)`` is the backend's SQL for the NFC form of ``expr``."""
    out = [
        # users: the NFC row first, then its team memberships follow, then the old row goes (a foreign
        # key from team_members, deleting on cascade: nothing is left pointing at it by then)
        "INSERT INTO users (workspace, name, opted_out, created_at, updated_at)"
        f" SELECT workspace, {nfc('name')}, opted_out, created_at, updated_at FROM users"
        f" WHERE name <> {nfc('name')}"
    ]
    for table, column, how in USER_COLUMNS:
        if table not in tables:
            continue
        only = f"{column} LIKE 'user:%'" if how == "owner" else f"{column} IS NOT NULL"
        out.append(f"UPDATE {table} SET {column} = {nfc(column)} WHERE {only} AND {column} <> {nfc(column)}")
    out.append(f"DELETE FROM users WHERE name <> {nfc('name')}")
    return out
