"""An expired memory is gone for writes as for reads (both backends): a new store does not supersede it
(same text or an update of it), nor name it as similar; ``replaces``, archive, restore and linking
refuse it as unknown, and a chain whose current version expired takes no new version."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from backends import count_rows, expire
from cli_runner import invoke
from memlane import InvalidInput, Memlane
from memlane.errors import NotFound, UnknownMemory
from servers import Stack, bearer, running

#: stored with an expiry still ahead, then moved past it (``backends.expire``): a store refuses a past one
LATER = datetime.now(UTC) + timedelta(days=1)


def test_a_store_of_the_same_text_does_not_supersede_an_expired_memory(mem: Memlane, db_path) -> None:
    gone = mem.store("Alice's garage bay is 4471", expires_at=LATER)
    expire(db_path, gone.id)
    again = mem.store("Alice's garage bay is 4471")
    assert (again.status, again.superseded, again.similar) == ("stored", (), ())
    assert again.id != gone.id
    assert [m.id for m in mem.history(again.id)] == [again.id]  # a chain of its own


def test_an_update_does_not_supersede_or_show_an_expired_memory(mem: Memlane, db_path) -> None:
    expire(db_path, mem.store("Bob's locker number is 1234", expires_at=LATER).id)
    new = mem.store("Bob's locker number is 9999")
    assert (new.status, new.superseded, new.similar) == ("stored", (), ())
    assert [m.content for m in mem.list_recent(10)] == ["Bob's locker number is 9999"]
    # the same update with a live memory supersedes it (the case the expired one must not be)
    mem.store("Carla's locker number is 1234")
    assert [s.content for s in mem.store("Carla's locker number is 9999").superseded] == [
        "Carla's locker number is 1234"
    ]


def test_replaces_archive_restore_and_link_refuse_an_expired_memory(mem: Memlane, db_path) -> None:
    gone = mem.store("The office wifi sits on channel 6", expires_at=LATER)
    expire(db_path, gone.id)
    with pytest.raises(UnknownMemory, match="replaces"):
        mem.store("The office wifi sits on channel 11", replaces=gone.id)
    with pytest.raises(UnknownMemory):
        mem.archive(gone.id)
    with pytest.raises(UnknownMemory):
        mem.restore(gone.id)
    entity = mem.anchor({"kind": "contact", "system": "crm", "id": "5", "name": "Dana Whitfield"})
    with pytest.raises(NotFound):
        mem.entities.link(gone.id, entity.id)
    assert mem.list_recent(10) == []


def test_a_chain_whose_current_version_expired_takes_no_new_version(mem: Memlane, db_path) -> None:
    first = mem.store("The standup is at 9:00")
    second = mem.store("The standup is at 9:30", replaces=first.id, expires_at=LATER)
    assert [s.id for s in second.superseded] == [first.id]
    expire(db_path, second.id)
    with pytest.raises(UnknownMemory, match="expired"):
        mem.store("The standup is at 10:00", replaces=first.id)


def test_a_store_whose_expiry_is_already_past_is_refused_on_every_surface(
    stack: Stack, db_path, tmp_path: Path
) -> None:
    """Stored, such a memory answered "stored" and then 404ed on get: it is refused with a clear
    ``invalid_input`` instead, and nothing is written (a batch: none of its items)."""
    mem = stack.mem
    past, now = datetime.now(UTC) - timedelta(seconds=5), datetime.now(UTC)
    for when in (past, now, "2020-01-01", "June 1, 999"):
        with pytest.raises(InvalidInput, match=r"expires_at: .* is in the past; .*nothing was stored"):
            mem.store("The parking pass ran out", expires_at=when)
    with pytest.raises(InvalidInput, match=r"item 1: expires_at: .* is in the past"):
        mem.store_many(["The parking pass is blue", {"content": "It ran out", "expires_at": past}])
    assert count_rows(db_path, "memories") == 0
    with running(stack.app()) as url, httpx.Client(base_url=url, headers=bearer(stack.admin_key)) as client:
        answer = client.post("/v1/memories", json={"content": "The pass ran out", "expires_at": "2020-01-01"})
        assert answer.status_code == 422, answer.text
        assert answer.json()["error"]["code"] == "invalid_input"
        assert "expires_at: 2020-01-01T00:00:00Z is in the past" in answer.json()["error"]["message"]
    assert count_rows(db_path, "memories") == 0
    # an expiry still ahead is stored and read back, on every backend
    kept = mem.store("The parking pass is valid", expires_at=LATER)
    assert (kept.status, mem.get(kept.id).expires_at) == ("stored", LATER)


def test_the_cli_refuses_a_past_expiry(tmp_path: Path) -> None:
    """The SDK's refusal, word for word, with the option typed (``--expires-at``) for the field."""
    env = {**os.environ, "MEMLANE_DATABASE_URL": str(tmp_path / "cli.db"), "MEMLANE_EMBEDDER": "none",
           "MEMLANE_USER": "alice"}  # fmt: skip
    with Memlane(tmp_path / "sdk.db", embedder="none") as sdk, pytest.raises(InvalidInput) as refusal:
        sdk.store("the pass ran out", expires_at="2020-01-01")
    said = str(refusal.value)
    assert (
        said.startswith("expires_at: 2020-01-01T00:00:00Z is in the past") and "(leave expires_at out" in said
    )
    refused = invoke(["memory", "store", "the pass ran out", "--expires-at", "2020-01-01"], environ=env)
    assert (
        refused.returncode == 1 and refused.stderr == f"error: {said.replace('expires_at', '--expires-at')}\n"
    )


def test_a_sweep_slower_than_its_profiles_expiry_stores_nothing_and_does_not_fail(
    mem: Memlane, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A profile's sweep sets ``expires_at`` from when it started: a sweep that outlasts a short
    ``expire_after`` skips what would be expired at birth, rather than failing on the refusal."""
    from memlane.profiles import sweep

    mem.conversations.append(
        "c", [{"role": "user", "text": "I always book Lisbon hotels through Acme Travel."}]
    )
    mem.profiles.create("brief", expire_after="1 minute")
    started = datetime.now(UTC) - timedelta(minutes=2)  # the sweep began two minutes ago
    monkeypatch.setattr(sweep, "now_utc", lambda: started)
    assert mem.profiles.run("brief").status == "succeeded"
    assert [m for m in mem.list_recent(10) if m.profile_id] == []
