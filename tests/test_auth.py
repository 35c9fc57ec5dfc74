"""Identity and access (memlane.auth) and the rules the service enforces for every surface: keys stored
hashed, bound actors, team membership read on every request, opt-out, the personal ceiling, owners.
Runs on both backends (``db_path``)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import apsw
import pytest

from backends import rows
from memlane import Forbidden, InvalidInput, Memlane, OptedOut, Unauthorized
from memlane.auth import KEY_PREFIX, AccessService
from memlane.errors import NotFound
from memlane.models import Visibility


@pytest.fixture
def access(mem: Memlane) -> AccessService:
    return mem.service.access


def test_keys_are_random_shown_once_and_stored_hashed(access: AccessService, db_path) -> None:
    key = access.create_key("acme", user="ana", name="laptop")
    assert key.key.startswith(KEY_PREFIX) and len(key.key) >= 40
    assert key.prefix == key.key[:10] and key.workspace == "acme" and key.user == "ana"
    stored = rows(db_path, "SELECT key_hash, prefix FROM api_keys")
    assert stored == [(hashlib.sha256(key.key.encode()).hexdigest(), key.prefix)]
    dump = repr(rows(db_path, "SELECT * FROM api_keys"))
    assert key.key not in dump  # only the hash and a short prefix are kept
    listed = access.list_keys("acme")
    assert [k.id for k in listed] == [key.id] and "key" not in listed[0].model_dump()
    assert access.list_keys("default") == []  # another workspace's keys are not listed
    assert access.create_key("acme").key != key.key


def test_authenticate_accepts_only_live_keys(access: AccessService) -> None:
    key = access.create_key("acme", user="ana")
    principal = access.authenticate(key.key)
    assert (principal.workspace, principal.user, principal.admin) == ("acme", "ana", False)
    for bad in (None, "", "ml_nope", "Bearer " + key.key, key.key + "x", key.key[:-1]):
        with pytest.raises(Unauthorized):
            access.authenticate(bad)
    access.revoke_key("acme", key.id)
    with pytest.raises(Unauthorized, match="revoked"):
        access.authenticate(key.key)
    with pytest.raises(NotFound):
        access.revoke_key("other", key.id)  # a workspace cannot revoke another's key


def test_bootstrap_creates_one_admin_key_only_on_a_keyless_store(access: AccessService) -> None:
    first = access.bootstrap("default", "alice")
    assert first is not None and first.admin and first.user == "alice"
    assert access.bootstrap("default", "alice") is None
    access.revoke_key("default", first.id)
    assert access.bootstrap("default", "alice") is None  # revoked keys count: no silent new admin key


def test_the_acting_user(access: AccessService) -> None:
    bound = access.authenticate(access.create_key("acme", user="ana").key)
    assert access.actor(bound).user == "ana"
    assert access.actor(bound, "ana").user == "ana"
    with pytest.raises(Forbidden):
        access.actor(bound, "bob")  # a user's key never acts as someone else
    unbound = access.authenticate(access.create_key("acme").key)
    assert access.actor(unbound, "bob").user == "bob"
    with pytest.raises(InvalidInput, match="X-Memlane-User"):
        access.actor(unbound)
    with pytest.raises(InvalidInput):
        access.actor(unbound, " bob")
    admin = access.authenticate(access.create_key("acme", user="root", admin=True).key)
    assert access.actor(admin, "bob").user == "bob"  # admins may act for any user of their workspace
    agent = access.authenticate(access.create_key("acme", agent="helpdesk", max_visibility="personal").key)
    actor = access.actor(agent, "carl")
    assert (actor.agent, actor.workspace, actor.ceiling) == ("helpdesk", "acme", Visibility.PERSONAL)


def test_team_membership_is_read_on_every_request(access: AccessService) -> None:
    principal = access.authenticate(access.create_key("acme", user="ana").key)
    assert access.actor(principal).teams == ()
    access.create_team("acme", "eng")
    access.create_team("acme", "ops")
    access.add_member("acme", "eng", "ana")
    access.add_member("acme", "ops", "ana")
    assert access.actor(principal).teams == ("eng", "ops")
    access.remove_member("acme", "eng", "ana")
    assert access.actor(principal).teams == ("ops",)
    with pytest.raises(NotFound):
        access.remove_member("acme", "eng", "ana")
    with pytest.raises(NotFound, match="create it first"):
        access.add_member("acme", "nope", "ana")
    assert [(t.name, t.members) for t in access.list_teams("acme")] == [("eng", ()), ("ops", ("ana",))]
    assert access.list_teams("default") == []


def test_team_items_follow_membership(mem: Memlane, access: AccessService) -> None:
    access.create_team("default", "eng")
    access.add_member("default", "eng", "alice")
    item = mem.store("The Falcon deploy key rotates every Friday", owner="team:eng")
    got = mem.get(item.id)
    assert (got.owner, got.visibility) == ("team:eng", "shared")
    with pytest.raises(Forbidden, match="not a member"):
        mem.store("Bob's guess about eng", user="bob", owner="team:eng")
    assert mem.recall("Falcon deploy", user="bob") == []
    access.add_member("default", "eng", "bob")
    assert [h.id for h in mem.recall("Falcon deploy", user="bob")] == [item.id]
    access.remove_member("default", "eng", "bob")
    assert mem.recall("Falcon deploy", user="bob") == []  # at once: no cache, no re-login


def test_owners_and_visibility(mem: Memlane) -> None:
    personal = mem.get(mem.store("alice likes figs").id)
    assert (personal.owner, personal.visibility) == ("user:alice", "personal")
    shared = mem.get(mem.store("The office is closed on Mondays", visibility="shared").id)
    assert (shared.owner, shared.visibility) == ("workspace", "shared")
    assert [h.id for h in mem.recall("office closed", user="bob")] == [shared.id]  # shared is readable
    assert mem.recall("figs", user="bob") == []  # personal is not
    with pytest.raises(Forbidden):
        mem.store("x", owner="user:bob")
    with pytest.raises(Forbidden):
        mem.store("x", owner="agent:helpdesk")  # not a request made through that agent
    with pytest.raises(InvalidInput, match="shared"):
        mem.store("x", owner="workspace", visibility="personal")
    with pytest.raises(InvalidInput, match="owner"):
        mem.store("x", owner="somebody")


def test_a_personal_request_never_writes_shared(mem: Memlane, access: AccessService) -> None:
    principal = access.authenticate(access.create_key("default", user="ana", max_visibility="personal").key)
    actor = access.actor(principal)
    service = mem.service
    assert service.store("ana likes figs", actor=actor).status == "stored"
    for fields in ({"visibility": "shared"}, {"owner": "workspace"}):
        with pytest.raises(Forbidden, match="personal"):
            service.store("The office is closed on Mondays", actor=actor, **fields)
    with pytest.raises(Forbidden):
        service.store_many([{"content": "fine"}, {"content": "shared", "visibility": "shared"}], actor=actor)
    assert [m.content for m in mem.list_recent(user="ana")] == ["ana likes figs"]  # nothing else written


def test_opted_out_users_get_no_reads_and_no_writes(mem: Memlane, access: AccessService) -> None:
    kept = mem.store("Dr. Okafor prescribed the red inhaler", user="ana")
    access.set_opted_out("default", "ana", True)
    with pytest.raises(OptedOut) as refused:
        mem.store("ana likes figs", user="ana")
    assert refused.value.code == "opted_out"
    with pytest.raises(OptedOut):
        mem.store_many(["a", "b"], user="ana")
    with pytest.raises(OptedOut):
        mem.archive(kept.id, user="ana")
    assert mem.recall("Okafor inhaler", user="ana") == []
    assert mem.search("Okafor", user="ana") == []
    assert mem.list_recent(user="ana") == []
    with pytest.raises(InvalidInput):
        mem.get(kept.id, user="ana")
    with pytest.raises(InvalidInput):
        mem.history(kept.id, user="ana")
    assert mem.recall("Okafor inhaler", user="bob") == []  # (bob never could)
    # (the workspace's graph, which ana reads when she has not opted out)
    mem.anchor({"kind": "contact", "system": "crm", "id": "7", "name": "Dana Whitfield", "visibility": "shared"},
               user="bob")  # fmt: skip
    header, *rest = [json.loads(line) for line in mem.export(user="ana")]
    assert (header["count"], header["graph_count"], rest) == (0, 0, [])  # her graph too (before: 3 lines)
    access.set_opted_out("default", "ana", False)
    assert json.loads(next(iter(mem.export(user="ana"))))["graph_count"] > 0
    assert [h.id for h in mem.recall("Okafor inhaler", user="ana")] == [kept.id]  # nothing was lost
    access.set_opted_out("default", "ana", True)
    assert mem.forget(kept.id, user="ana").deleted == (kept.id,)  # erasure is never refused


def test_users_are_registered_on_demand(access: AccessService) -> None:
    assert access.opted_out("acme", "ghost") is False  # acting needs no registration
    user = access.set_opted_out("acme", "ghost", True)
    assert user.opted_out and user.name == "ghost"
    access.create_user("acme", "ana")
    access.create_user("acme", "ana")  # idempotent
    assert [(u.name, u.opted_out) for u in access.list_users("acme")] == [("ana", False), ("ghost", True)]
    with pytest.raises(NotFound):
        access.get_user("acme", "nobody")
    for bad in ("", " ana", "a" * 201, "tab\there"):
        with pytest.raises(InvalidInput):
            access.create_user("acme", bad)


@pytest.mark.sqlite_only
def test_migration_2_upgrades_a_schema_1_database(tmp_path: Path, backend: str) -> None:
    from memlane.storage.sqlite.migrations import MIGRATIONS

    db = tmp_path / "old.db"
    con = apsw.Connection(str(db))
    con.execute(
        "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, description TEXT NOT NULL,"
        " applied_at TEXT NOT NULL)"
    )
    con.execute(MIGRATIONS[0][2])
    con.execute("INSERT INTO schema_migrations VALUES (1, 'old', datetime('now'))")
    con.close()
    with Memlane(db, user="alice", embedder="none") as m:
        assert m.service.storage.schema_version() == MIGRATIONS[-1][0]
        r = m.store("kept across the upgrade")
        key = m.service.access.bootstrap("default", "alice")
        assert key is not None and m.service.access.authenticate(key.key).admin
        assert m.get(r.id).content == "kept across the upgrade"


def test_access_service_holds_no_sql() -> None:
    """Identity SQL lives behind the storage protocol (storage/*/identity.py), one implementation per
    backend; the access service decides and never reaches into a store."""
    import re

    import memlane.auth

    source = Path(memlane.auth.__file__).read_text()
    assert not re.search(r"\b(SELECT|INSERT|UPDATE|DELETE FROM)\b", source)
    assert "._rows" not in source and "._conn" not in source and ".cur." not in source
