"""A user's name is one user whatever its Unicode normalisation (``auth.user_name``, migration 32), on
both backends: "José" with a composed é (NFC) and with e + U+0301 (NFD) in ``X-Memlane-User``, an API
key's user, the SDK's ``user=`` and the remote SDK; stored names of an older store are normalised, and
two stored users that become one name are refused with nothing changed."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import httpx
import pytest

from backends import is_postgres, rows
from memlane import Memlane
from memlane.errors import StorageError
from servers import Stack, running

NFC = unicodedata.normalize("NFC", "José")
NFD = unicodedata.normalize("NFD", "José")


def test_the_two_spellings_differ() -> None:
    assert NFC != NFD and len(NFD) == len(NFC) + 1


def _headers(key: str, user: str | None = None) -> dict[bytes, bytes]:
    out = {b"Authorization": f"Bearer {key}".encode()}
    if user is not None:
        out[b"X-Memlane-User"] = user.encode("utf-8")  # the name's UTF-8 bytes, as the remote SDK sends
    return out


def test_rest_one_user_through_the_header_and_a_bound_key(stack: Stack) -> None:
    platform = stack.key()  # bound to nobody: the request names its user
    bound_nfd = stack.key(user=NFD)
    with running(stack.app(mcp=False)) as url, httpx.Client(base_url=url, timeout=60) as http:
        made = http.post(
            "/v1/memories", json={"content": "the locker number is 4411"}, headers=_headers(platform, NFC)
        )
        assert made.status_code == 200, made.text
        memory_id = made.json()["id"]
        # the decomposed spelling reads the same personal memory, through either key
        for key, user in ((platform, NFD), (bound_nfd, None), (bound_nfd, NFC)):
            got = http.get(f"/v1/memories/{memory_id}", headers=_headers(key, user))
            assert got.status_code == 200, (user, got.text)
            assert got.json()["owner"] == f"user:{NFC}"
            hits = http.post(
                "/v1/recall", json={"query": "locker number"}, headers=_headers(key, user)
            ).json()
            assert [h["id"] for h in hits["hits"]] == [memory_id]
        # another user still reads nothing of it
        assert http.get(f"/v1/memories/{memory_id}", headers=_headers(platform, "Joseph")).status_code == 404
        # one user in the workspace's list, written in NFC
        users = http.get("/v1/users", headers=_headers(stack.admin_key)).json()
        names = [u["name"] for u in (users["users"] if isinstance(users, dict) else users)]
        assert NFD not in names and names.count(NFC) == 1
    # the remote SDK names the user the other way round
    with running(stack.app(mcp=False)) as url, Memlane.connect(url, api_key=platform, user=NFD) as remote:
        assert [m.id for m in remote.list_recent()] == [memory_id]
        stored = remote.store("the bike lock is 0907").id
        assert remote.get(stored).owner == f"user:{NFC}"


def test_sdk_one_user_and_one_team_membership(db_path: Path | str) -> None:
    with Memlane(db_path, user=NFD, embedder="none") as m:
        kept = m.get(m.store("the passport expires in 2031").id)
        assert kept.owner == f"user:{NFC}" and kept.author == NFC
        m.service.access.create_team("default", "crew")
        m.service.access.add_member("default", "crew", NFD)
        shared = m.store("the van is parked on level 3", owner="team:crew", visibility="shared").id
        # an owner written in the other spelling is the caller's own, not another user's
        assert m.get(m.store("the gym opens at 6", owner=f"user:{NFD}").id).owner == f"user:{NFC}"
    with Memlane(db_path, user=NFC, embedder="none") as m:
        assert m.get(kept.id).content == "the passport expires in 2031"
        assert m.get(shared).content == "the van is parked on level 3"  # a member, whichever spelling
        assert m.service.access.get_user("default", NFD).name == NFC
        assert [t.name for t in m.service.access.list_teams("default")] == ["crew"]
        assert m.service.access.remove_member("default", "crew", NFD).members == ()
    stored = {r[0] for r in rows(db_path, "SELECT DISTINCT owner FROM memories")}
    assert f"user:{NFD}" not in stored and f"user:{NFC}" in stored


def _as_before_migration_32(db_path: Path | str, statements: list[str]) -> None:
    for sql in statements:
        rows(db_path, sql + (" RETURNING 1" if is_postgres(db_path) and not sql.startswith("DELETE") else ""))
    rows(db_path, "DELETE FROM schema_migrations WHERE version >= 32")  # (a store of before 32)


def test_an_older_stores_names_are_normalised(db_path: Path | str) -> None:
    """A store written before normalisation holds the decomposed spelling everywhere (memories, the
    users table, a team membership, a key's user, access counts): opened, it is one user in NFC."""
    with Memlane(db_path, user="ana", embedder="none") as m:
        access = m.service.access
        access.create_team("default", "crew")
        access.add_member("default", "crew", NFC)
        key = access.create_key("default", user=NFC).key
        mine = m.store("my desk is by the window", user=NFC).id
        hers_shared = m.store("the crew van is blue", owner="team:crew", visibility="shared", user=NFC).id
        m.recall("desk window", user=NFC)
    m_nfc, m_nfd = f"'{NFC}'", f"'{NFD}'"
    _as_before_migration_32(
        db_path,
        [
            f"INSERT INTO users (workspace, name, opted_out, created_at, updated_at) SELECT workspace, {m_nfd},"
            f" opted_out, created_at, updated_at FROM users WHERE name = {m_nfc}",
            f"UPDATE team_members SET user_name = {m_nfd} WHERE user_name = {m_nfc}",
            f"DELETE FROM users WHERE name = {m_nfc}",
            f"UPDATE api_keys SET user_name = {m_nfd} WHERE user_name = {m_nfc}",
            # (the bucket first: SQLite's triggers make a bucket for a memory's new owner)
            f"UPDATE stat_buckets SET owner = 'user:' || {m_nfd} WHERE owner = 'user:' || {m_nfc}",
            f"UPDATE memories SET owner = 'user:' || {m_nfd} WHERE owner = 'user:' || {m_nfc}",
            f"UPDATE memories SET author = {m_nfd} WHERE author = {m_nfc}",
            f"UPDATE memory_access SET reader = {m_nfd} WHERE reader = {m_nfc}",
            f"UPDATE audit_log SET actor = 'user:' || {m_nfd} WHERE actor = 'user:' || {m_nfc}",
        ],
    )
    assert rows(db_path, f"SELECT count(*) FROM memories WHERE owner = 'user:' || {m_nfd}") == [(1,)]
    with Memlane(db_path, user=NFD, embedder="none") as m:
        assert m.service.storage.schema_version() >= 32
        got = m.get(mine)
        assert (got.content, got.owner, got.access_count) == ("my desk is by the window", f"user:{NFC}", 1)
        assert m.get(hers_shared).author == NFC
        assert [h.id for h in m.recall("desk window")] == [mine]  # the keyword statistics followed too
        assert m.service.access.get_team("default", "crew").members == (NFC,)
        assert m.service.access.authenticate(key).user == NFC
    for table, column in (("memories", "owner"), ("memories", "author"), ("users", "name"),
                          ("team_members", "user_name"), ("api_keys", "user_name"),
                          ("memory_access", "reader"), ("stat_buckets", "owner"), ("audit_log", "actor")):  # fmt: skip
        found = {r[0] for r in rows(db_path, f"SELECT {column} FROM {table} WHERE {column} IS NOT NULL")}
        assert not any(NFD in v for v in found), (table, found)


def test_two_stored_users_that_become_one_are_refused_and_nothing_changes(db_path: Path | str) -> None:
    with Memlane(db_path, user="ana", embedder="none") as m:
        composed = m.store("José's locker is 12", user=NFC).id
        m.service.access.create_user("default", NFC)
    _as_before_migration_32(
        db_path,
        [
            f"INSERT INTO users (workspace, name, opted_out, created_at, updated_at) SELECT workspace, '{NFD}',"
            f" opted_out, created_at, updated_at FROM users WHERE name = '{NFC}'",
        ],
    )
    before = sorted(rows(db_path, "SELECT name FROM users"))
    with pytest.raises(StorageError) as refused:
        Memlane(db_path, user="ana", embedder="none")
    message = str(refused.value)
    assert "migration 32" in message and "U+0301" in message and "U+00E9" in message
    assert "does not merge" in message
    assert sorted(rows(db_path, "SELECT name FROM users")) == before  # nothing changed
    assert rows(db_path, "SELECT max(version) FROM schema_migrations") == [(31,)]
    assert rows(db_path, f"SELECT owner FROM memories WHERE id = '{composed}'") == [(f"user:{NFC}",)]


def test_a_dashboard_session_acts_as_the_one_user(stack: Stack) -> None:
    from datetime import timedelta

    access = stack.access
    principal = access.authenticate(stack.admin_key)
    token = access.open_session(principal, NFD, idle=timedelta(minutes=5))
    found = access.session(token, idle=timedelta(minutes=5))
    assert found is not None and found[1] == NFC
    assert access.actor(found[0], found[1]).user == NFC
