"""Stored workspace, team and agent names in Unicode NFC (migration 33, both backends), as user names
since migration 32 (``user_names``): one rule for every name (``auth.name_form``).

Before, "Café" written with a composed é (U+00E9) and with e + U+0301 were two workspaces, two teams or
two agents: a key of one did not read the other's items, a member of one was not a member of the other.
Every name that enters is now normalised; this step normalises the names already stored, in every
column that holds one (a workspace's name, an owner or actor ``team:<name>`` / ``agent:<name>``, a team
membership, a key's agent, a message's agent, a profile's teams and agent), in the migration's
transaction (all or nothing).

Two stored names that become one are **refused**, not merged (``colliding_names`` raises
``StorageError`` naming them, and the store stays as it was): merging would give one workspace, team or
agent the other's items. The operator renames or removes one of them and opens the store again.

The SQL is the same on both backends but for the NFC function (``nfc``: SQLite's is registered from
Python, PostgreSQL's is ``normalize(…, NFC)``) and how a profile's JSON settings are written back.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..errors import StorageError
from .user_names import codepoints

__all__ = ["NAME_COLUMNS", "colliding_names", "name_rows", "normalise_statements", "profile_settings"]

#: the columns of each table renamed in place: a workspace's name, owners and actors (``team:…`` and
#: ``agent:…``; users' and ``workspace`` are NFC already), teams and agents named bare. One statement
#: per table, so that a row never passes through a state its keys do not allow. The statistics
#: buckets come before the memories (SQLite's triggers on ``memories`` make a bucket for a new owner).
NAME_COLUMNS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("stat_buckets", ("workspace", "owner")),
    ("entity_versions", ("workspace", "owner")),  # (PostgreSQL only)
    ("team_members", ("workspace", "team")),
    ("api_keys", ("workspace", "agent_name")),
    ("memories", ("workspace", "owner")),
    ("audit_log", ("workspace", "actor")),
    ("conversation_messages", ("workspace", "owner", "agent")),
    ("extracted_exchanges", ("workspace",)),
    ("entities", ("workspace", "owner")),
    ("entity_external_ids", ("workspace", "owner")),
    ("entity_blocking_keys", ("workspace", "owner")),
    ("entity_merges", ("workspace", "actor")),
    ("profiles", ("workspace",)),
    ("profile_log", ("workspace",)),
    ("web_sessions", ("workspace",)),
    ("consolidation_runs", ("workspace",)),
    ("import_runs", ("workspace",)),
    ("signin_links", ("workspace",)),
)

#: (kind, SQL giving (workspace, name) rows): every stored name of that kind, to find two that NFC makes one
_NAMES = {
    "workspace": ["SELECT '', name FROM workspaces"]
    + [f"SELECT DISTINCT '', workspace FROM {table}" for table, _ in NAME_COLUMNS],
    "team": [
        "SELECT workspace, name FROM teams",
        "SELECT DISTINCT workspace, team FROM team_members",
        *(
            f"SELECT DISTINCT workspace, substr(owner, 6) FROM {t} WHERE owner LIKE 'team:%'"
            for t in ("memories", "entities", "conversation_messages")
        ),
    ],  # fmt: skip
    "agent": [
        "SELECT workspace, name FROM agents",
        "SELECT DISTINCT workspace, agent_name FROM api_keys WHERE agent_name IS NOT NULL",
        "SELECT DISTINCT workspace, agent FROM conversation_messages WHERE agent IS NOT NULL",
        *(
            f"SELECT DISTINCT workspace, substr(owner, 7) FROM {t} WHERE owner LIKE 'agent:%'"
            for t in ("memories", "entities", "conversation_messages")
        ),
    ],  # fmt: skip
}


def _nfc(value: str) -> str:
    return unicodedata.normalize("NFC", value)


def name_rows(
    query: Callable[[str], Iterable[Sequence[Any]]], tables: set[str], profiles: Iterable[dict[str, Any]]
) -> dict[str, list[tuple[str, str]]]:
    """Every stored (workspace, name) of each kind, read with ``query`` from the tables that exist and
    from the profiles' settings (``profiles``: (workspace, settings) of each)."""
    out: dict[str, list[tuple[str, str]]] = {}
    for kind, statements in _NAMES.items():
        found: list[tuple[str, str]] = []
        for sql in statements:
            table = sql.split(" FROM ")[1].split()[0]
            if table in tables:
                found += [(str(w), str(n)) for w, n in query(sql) if n is not None]
        out[kind] = found
    for settings in profiles:
        workspace = str(settings["workspace"])
        out["team"] += [(workspace, str(t)) for t in settings.get("teams") or ()]
        if settings.get("agent"):
            out["agent"].append((workspace, str(settings["agent"])))
    return out


def colliding_names(names: dict[str, list[tuple[str, str]]]) -> None:
    """StorageError when two distinct stored names of one kind (teams and agents: of one workspace)
    are one name in NFC."""
    clashes = []
    for kind, rows in names.items():
        groups: dict[tuple[str, str], set[str]] = defaultdict(set)
        for workspace, name in rows:
            groups[(_nfc(workspace), _nfc(name))].add(name)
        for (workspace, _), spellings in sorted(groups.items()):
            if len(spellings) > 1:
                where = f" of workspace {workspace!r}" if workspace else ""
                clashes.append(f"{kind}s{where}: " + " and ".join(
                    f"{n!r} ({codepoints(n) or 'ASCII'})" for n in sorted(spellings)))  # fmt: skip
    if clashes:
        raise StorageError(
            "cannot upgrade the store (migration 33, workspace, team and agent names in Unicode NFC): these"
            f" stored names are one name in NFC but two here, each with their own items: {'; '.join(clashes)}."
            " memlane does not merge them on its own; nothing was changed. Rename or remove one of each pair"
            " with the memlane version that wrote them, then open the store again"
        )


def normalise_statements(nfc: Callable[[str], str], tables: set[str]) -> list[str]:
    """The statements that write every stored workspace, team and agent name in NFC (after
    ``colliding_names`` passed), for the tables that exist; ``nfc(expr)`` is the backend's SQL for the
    NFC form of ``expr``. The profiles' settings are ``profile_settings``'s."""
    out = [
        # the rows other rows point at: the NFC row first, then what points at it follows, then the old
        # row goes (nothing is left pointing at it by then)
        f"INSERT INTO workspaces (name, created_at) SELECT {nfc('name')}, created_at FROM workspaces"
        f" WHERE name <> {nfc('name')}",
        "INSERT INTO users (workspace, name, opted_out, created_at, updated_at)"
        f" SELECT {nfc('workspace')}, name, opted_out, created_at, updated_at FROM users"
        f" WHERE workspace <> {nfc('workspace')}",
    ]
    for table in ("teams", "agents"):
        out.append(
            f"INSERT INTO {table} (workspace, name, created_at) SELECT {nfc('workspace')}, {nfc('name')},"
            f" created_at FROM {table} WHERE workspace <> {nfc('workspace')} OR name <> {nfc('name')}"
        )
    for table, columns in NAME_COLUMNS:
        if table not in tables:
            continue
        changes = ", ".join(f"{c} = {nfc(c)}" for c in columns)
        differs = " OR ".join(f"{c} <> {nfc(c)}" for c in columns)
        out.append(f"UPDATE {table} SET {changes} WHERE {differs}")
    out += [
        f"DELETE FROM users WHERE workspace <> {nfc('workspace')}",
        f"DELETE FROM teams WHERE workspace <> {nfc('workspace')} OR name <> {nfc('name')}",
        f"DELETE FROM agents WHERE workspace <> {nfc('workspace')} OR name <> {nfc('name')}",
        f"DELETE FROM workspaces WHERE name <> {nfc('name')}",
    ]
    return out


def profile_settings(config: dict[str, Any]) -> dict[str, Any] | None:
    """A profile's settings with its teams and agent in NFC, or None when they are already."""
    teams = [_nfc(str(t)) for t in config.get("teams") or ()]
    agent = _nfc(str(config["agent"])) if config.get("agent") else config.get("agent")
    if teams == list(config.get("teams") or ()) and agent == config.get("agent"):
        return None
    return {**config, "teams": teams, "agent": agent}
