from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from backends import count_rows, expire, fulltext_count, rows
from memlane import InvalidInput, Memlane, SecretRefused, State, StorageError, UnknownMemory
from memlane.text import content_hash
from memlane.timeutil import now_utc, to_db


def test_store_returns_id_status_and_embedded_flag(mem: Memlane) -> None:
    r = mem.store("the wombat likes tea", source="my-agent")
    assert r.status == "stored"
    assert r.embedded is False  # no embedder configured
    assert r.superseded == ()
    got = mem.get(r.id)
    assert got.content == "the wombat likes tea"
    assert got.source == "my-agent"
    assert got.state == State.NEW
    assert got.owner == "user:alice"
    assert got.related_user == "alice"
    assert got.type == "fact"


def test_ids_are_time_ordered(mem: Memlane) -> None:
    ids = [mem.store(f"note number {i} about widgets", auto_supersede=False).id for i in range(20)]
    assert ids == sorted(ids)
    assert len(set(ids)) == 20


def test_source_defaults_to_unknown(mem: Memlane) -> None:
    assert mem.get(mem.store("Berlin is large").id).source == "unknown"


def test_exact_duplicate_creates_nothing(mem: Memlane, db_path) -> None:
    first = mem.store("Dr. Okafor prescribed the red inhaler.")
    again = mem.store("  dr. okafor prescribed   the RED inhaler ")
    assert again.status == "duplicate"
    assert again.id == first.id
    assert count_rows(db_path, "memories") == 1


def test_duplicates_are_per_owner_and_space(mem: Memlane, db_path) -> None:
    a = mem.store("the office wifi is slow")
    b = mem.store("the office wifi is slow", user="bob")
    c = mem.store("the office wifi is slow", space="repo-1")
    assert len({a.id, b.id, c.id}) == 3
    assert {a.status, b.status, c.status} == {"stored"}


def test_explicit_replaces_builds_a_chain(mem: Memlane) -> None:
    old = mem.store("Project Falcon ships in March")
    new = mem.store("Launch moved: we now ship Falcon in May", replaces=old.id)
    assert [s.id for s in new.superseded] == [old.id]
    assert mem.get(old.id).superseded_by == new.id
    assert mem.get(old.id).superseded_at is not None
    assert mem.get(new.id).replaces == old.id
    assert [m.id for m in mem.history(old.id)] == [old.id, new.id]
    assert [m.id for m in mem.history(new.id)] == [old.id, new.id]


def test_replacing_an_unknown_id_writes_nothing(mem: Memlane, db_path) -> None:
    with pytest.raises(UnknownMemory):
        mem.store("something new", replaces="0190aaaa-0000-7000-8000-000000000000")
    assert count_rows(db_path, "memories") == 0


def test_replacing_an_old_version_supersedes_the_current_head(mem: Memlane) -> None:
    v1 = mem.store("the build server is jenkins-01")
    v2 = mem.store("the build server is jenkins-02", replaces=v1.id)
    v3 = mem.store("the build server is buildkite", replaces=v1.id)  # a writer that saw only v1
    assert [s.id for s in v3.superseded] == [v2.id]
    chain = mem.history(v1.id)
    assert [m.id for m in chain] == [v1.id, v2.id, v3.id]
    assert [m.superseded_by is None for m in chain] == [False, False, True]


def test_replacing_into_a_chain_without_a_current_version_writes_nothing(mem: Memlane, db_path) -> None:
    v1 = mem.store("the build server is jenkins-01")
    v2 = mem.store("the build server is jenkins-02", replaces=v1.id)
    # broken outside memlane: the chain has no current version left
    rows(db_path, f"UPDATE memories SET superseded_by = '{v1.id}' WHERE id = '{v2.id}' RETURNING id")
    with pytest.raises(StorageError, match="no current version"):
        mem.store("the build server is buildkite", replaces=v1.id)  # not silently a chain of its own
    assert count_rows(db_path, "memories") == 2


def test_automatic_supersession(mem: Memlane) -> None:
    red = mem.store("Dr. Okafor prescribed the red inhaler")
    blue = mem.store("Dr. Okafor prescribed the blue inhaler")
    assert [s.id for s in blue.superseded] == [red.id]
    assert [s.content for s in blue.superseded] == ["Dr. Okafor prescribed the red inhaler"]
    assert mem.get(red.id).superseded_by == blue.id


def test_no_supersession_without_shared_entity_or_enough_overlap(mem: Memlane) -> None:
    mem.store("Dr. Okafor prescribed the red inhaler")
    assert (
        mem.store("Dr. Okafor likes cycling on weekends").superseded == ()
    )  # shares a name, not the statement
    mem.store("the red inhaler is in the kitchen drawer")
    assert mem.store("the blue inhaler is in the kitchen drawer").superseded == ()  # no name, date or number


def test_auto_supersede_off(mem: Memlane) -> None:
    mem.store("Dr. Okafor prescribed the red inhaler")
    r = mem.store("Dr. Okafor prescribed the blue inhaler", auto_supersede=False)
    assert r.superseded == ()
    assert len(mem.list_recent()) == 2


def test_personal_never_supersedes_shared(mem: Memlane) -> None:
    shared = mem.store("The Acme contract renews on 2025-03-01", visibility="shared")
    personal = mem.store("The Acme contract renews on 2025-04-01")
    assert personal.superseded == ()
    assert mem.get(shared.id).superseded_by is None


def test_backdated_statement_does_not_override_a_newer_one(mem: Memlane) -> None:
    mem.store("Dr. Okafor prescribed the blue inhaler", observed_at="2024-05-01")
    old = mem.store("Dr. Okafor prescribed the red inhaler", observed_at="2023-01-01")
    assert old.superseded == ()


def test_observed_at_is_kept(mem: Memlane) -> None:
    r = mem.store("We met Ana at the Lisbon offsite", observed_at="2023-05-08T13:56:00")
    assert mem.get(r.id).observed_at == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


@pytest.mark.parametrize(
    "content",
    [
        "my OpenAI key is sk-proj-4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a",
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1234567890abcdef\n-----END RSA PRIVATE KEY-----",
        "AWS access key AKIAIOSFODNN7EXAMPLE for the backup bucket",
        "the db password is Tr0ub4dor&3xyz",
    ],
)
def test_secrets_are_refused_and_nothing_is_stored(mem: Memlane, db_path, content: str) -> None:
    with pytest.raises(SecretRefused, match="secret"):
        mem.store(content)
    assert count_rows(db_path, "memories") == 0


def test_store_many_is_one_transaction(mem: Memlane, db_path) -> None:
    with pytest.raises(InvalidInput, match="item 2"):
        mem.store_many(["fact one about llamas", "fact two about alpacas", {"content": "x", "importance": 7}])
    assert count_rows(db_path, "memories") == 0
    with pytest.raises(SecretRefused, match="item 1"):
        mem.store_many(["fact one about llamas", "token ghp_abcdefghijklmnopqrstuvwxyz0123456789AB"])
    assert count_rows(db_path, "memories") == 0
    results = mem.store_many(["fact one about llamas", "fact two about alpacas", "fact one about llamas"])
    assert [r.status for r in results] == ["stored", "stored", "duplicate"]
    assert results[2].id == results[0].id
    assert count_rows(db_path, "memories") == 2


def test_store_many_applies_defaults_and_supersedes_within_the_batch(mem: Memlane) -> None:
    results = mem.store_many(
        ["Dr. Okafor prescribed the red inhaler", "Dr. Okafor prescribed the blue inhaler"], source="import"
    )
    assert [s.id for s in results[1].superseded] == [results[0].id]
    assert {mem.get(r.id).source for r in results} == {"import"}


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"content": "   "}, "blank"),
        ({"content": "x" * 40_000}, "content"),
        ({"content": "ok", "importance": 1.5}, "importance"),
        ({"content": "ok", "type": "gossip"}, "type"),
        ({"content": "ok", "observed_at": "not a date at all"}, "observed_at"),
        ({"content": "ok", "colour": "blue"}, "colour"),
        ({"content": "ok", "space": "*"}, "space"),
    ],
)
def test_bad_input_is_a_clear_error(mem: Memlane, db_path, fields: dict, message: str) -> None:
    fields = dict(fields)  # the parameter is shared by every backend's run
    content = fields.pop("content")
    with pytest.raises(InvalidInput, match=message):
        mem.store(content, **fields)
    assert count_rows(db_path, "memories") == 0


def test_archive_and_restore(mem: Memlane) -> None:
    r = mem.store("The wombat sleeps in the shed")
    mem.archive(r.id)
    assert mem.get(r.id).state == State.ARCHIVED
    assert mem.recall("wombat shed") == []
    assert mem.list_recent() == []
    restored = mem.restore(r.id)
    assert restored.state == State.NEW
    assert [h.id for h in mem.recall("wombat shed")] == [r.id]


def test_unknown_ids_are_clear_errors(mem: Memlane) -> None:
    for call in (mem.get, mem.history, mem.archive, mem.restore):
        with pytest.raises(UnknownMemory):
            call("no-such-id")


def test_reindex_keys_survives_a_subject_without_its_name(mem: Memlane, db_path) -> None:
    item = mem.store("Ana reviews the Falcon launch", subject={"id": "ana", "name": "Ana Lima"})
    rows(db_path, f"UPDATE memories SET subject_name = NULL WHERE id = '{item.id}' RETURNING id")
    assert mem.reindex(keys=True).keys_rebuilt == 1
    assert [h.id for h in mem.recall("Falcon launch")] == [item.id]


def test_an_expired_item_is_no_duplicate(mem: Memlane, db_path) -> None:
    """A restatement of an item past its ``expires_at`` (gone for every read, not yet deleted by the
    expiry job) is stored as a new memory; the expiry job then deletes only the old one."""
    later = datetime.now(UTC) + timedelta(days=1)
    kept = mem.store("the spare key hangs behind the boiler", expires_at=later)
    assert mem.store("the spare key hangs behind the boiler").id == kept.id  # unexpired: a duplicate
    storage, digest = mem.service.storage, content_hash("the spare key hangs behind the boiler")
    owner = mem.get(kept.id).owner
    assert (
        storage.current_by_hash("default", owner, "personal", "", digest, now_utc(), profile_id=None)
        == kept.id
    )
    # the same read with the clock moved past the expiry: no longer the current item
    assert (
        storage.current_by_hash(
            "default", owner, "personal", "", digest, later + timedelta(seconds=1), profile_id=None
        )
        is None
    )

    gone = mem.store("the garage bay is 4471", expires_at=later)
    expire(db_path, gone.id)  # (a store refuses an expiry already past)
    again = mem.store("the garage bay is 4471")
    assert again.status == "stored" and again.id != gone.id
    assert count_rows(db_path, "memories") == 2  # the expired twin made way for it (and kept)
    assert fulltext_count(db_path, "garage") == 1
    assert [m.id for m in mem.recall("garage bay")] == [again.id]
    assert mem.service.profiles.expire().deleted == 0  # (it was deleted as the expiry job would)
    assert mem.get(again.id).content == "the garage bay is 4471"
    assert mem.store("the garage bay is 4471").id == again.id  # and the new one is the duplicate now


def test_extraction_restates_an_expired_memory(mem: Memlane, db_path) -> None:
    """Extraction's "already known" check (``Store.current_by_hash``) does not count an expired item:
    the restatement is stored again instead of being skipped and then lost to the expiry job."""
    said = {"role": "user", "text": "I always drink green tea in the morning."}
    (added,) = mem.extract([said]).added
    again = mem.extract([said, {"role": "assistant", "text": "Noted."}])
    assert again.added == () and [s.reason for s in again.skipped] == [f"already known ({added.id})"]
    past = to_db(datetime.now(UTC) - timedelta(minutes=1))
    rows(db_path, f"UPDATE memories SET expires_at = '{past}' WHERE id = '{added.id}'")
    restated = mem.extract([said, {"role": "assistant", "text": "Green tea, noted again."}])
    (fresh,) = restated.added
    assert fresh.id != added.id and restated.skipped == ()
    assert mem.service.profiles.expire().deleted == 0  # the expired one made way for it
    assert mem.get(fresh.id).expires_at is None
    assert [m.id for m in mem.recall("green tea")] == [fresh.id]
