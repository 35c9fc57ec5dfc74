"""Re-keying entities stored before the current name rules (``memlane entities rekey``), on both
backends: an entity filed under an older rule's keys is not found by a newer rule (a registered company
name, "Robert Bosch GmbH" under Bosch) until it is re-keyed; a key the rules no longer give goes; the
dry run changes nothing; a second run changes nothing; the entity cache follows."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from backends import rows
from cli_runner import invoke
from memlane import Memlane
from memlane.models import Entity, Visibility
from memlane.storage.base import EntityScope
from memlane.storage.entity_names import alias_pairs, name_keys


@pytest.fixture
def m(db_path: Path | str) -> Iterator[Memlane]:
    mem = Memlane(db_path, user="alice", embedder="none")
    # (a first store records the rules this store is keyed with: the entities the tests write as an older
    # memlane did come after it, so only an explicit rekey brings them up to date)
    mem.store("nothing is named in this one")
    yield mem
    mem.close()


def _old(m: Memlane, id_: str, name: str, type_: str, keys: frozenset[str]) -> Entity:
    """An entity as an older memlane filed it: under ``keys``, not today's."""
    now = datetime.now(UTC)
    entity = Entity(id=id_, workspace="default", owner="user:alice", visibility=Visibility.PERSONAL, type=type_,
                    name=name, created_at=now, updated_at=now)  # fmt: skip
    with m.service.storage.write() as txn:
        txn.insert_entity(entity, alias_pairs([name], type_), keys)
    return entity


def _keys(db: Path | str, entity_id: str) -> set[str]:
    return {
        str(r[0]) for r in rows(db, f"SELECT key FROM entity_blocking_keys WHERE entity_id = '{entity_id}'")
    }


def test_old_entities_are_found_by_todays_rules_after_rekey(m: Memlane, db_path: Path | str) -> None:
    today = name_keys(["Robert Bosch GmbH"], "company")
    # filed under its full name only, as before registered names were keyed without their legal form
    bosch = _old(m, "old-bosch", "Robert Bosch GmbH", "company", frozenset({"n:robert bosch gmbh"}))
    stale = name_keys(["Tom Baker Jr."], "person") | {"n:tom baker stale"}
    baker = _old(m, "old-baker", "Tom Baker Jr.", "person", stale)
    fine = _old(m, "new-ada", "Ada Lovelace", "person", name_keys(["Ada Lovelace"], "person"))
    assert m.entities.search("Robert Bosch") == []  # the registered name's rule finds only new entities
    m.store("Robert Bosch GmbH sent the invoice.")  # found by its full name; the entity cache is warm
    assert [e.id for e in m.entities.list(limit=10) if "Bosch" in e.name] == [bosch.id]
    before = {e: _keys(db_path, e) for e in (bosch.id, baker.id, fine.id)}

    dry = m.entities.rekey(dry_run=True)
    # keys added: Bosch's eight of today's (n:robert bosch, n:robertbosch written as one word, n:robert,
    # n:bosch, n:rb its initials, f:rob, and y:rob, y:rbo that syllable acronyms are looked up by)
    assert today == {
        "n:robert bosch",
        "n:robertbosch",
        "n:robert",
        "n:bosch",
        "n:rb",
        "f:rob",
        "y:rob",
        "y:rbo",
    }
    assert (dry.dry_run, dry.examined, dry.rekeyed, dry.keys_added, dry.keys_removed) == (True, 3, 2, 8, 2)
    assert {e: _keys(db_path, e) for e in before} == before and m.entities.search("Robert Bosch") == []

    old_generation = m.service.storage.entity_generation()
    done = m.entities.rekey()
    # the entity generation moved: every process's entity caches (linking, recall) start again
    assert m.service.storage.entity_generation() > old_generation
    assert (done.rekeyed, done.keys_added, done.keys_removed) == (2, 8, 2)
    assert _keys(db_path, bosch.id) == set(today) and "n:tom baker stale" not in _keys(db_path, baker.id)
    assert _keys(db_path, fine.id) == before[fine.id]
    assert [e.id for e in m.entities.search("Robert Bosch")] == [bosch.id]
    # linking on store finds it too: no second Bosch
    m.store("Robert Bosch shipped the spare parts on Monday.")
    assert [e.id for e in m.entities.list(limit=10) if "Bosch" in e.name] == [bosch.id]
    again = m.entities.rekey()
    assert (again.examined, again.rekeyed, again.keys_added, again.keys_removed) == (3, 0, 0, 0)  # idempotent


def _cached(m: Memlane, key: str) -> set[str] | None:
    """The ids this process's entity cache holds under ``key`` in alice's scope (None: not held)."""
    cache = m.service.storage.entity_cache
    cache = getattr(cache, "cache", cache)  # (PostgreSQL's is wrapped with the scope versions)
    scope = EntityScope("default", "user:alice", "personal")
    return None if cache.missing_keys(scope, [key]) else cache.ids(scope, [key])


def test_rekey_empties_this_process_entity_cache(m: Memlane, db_path: Path | str) -> None:
    """The cache answers as the tables do: a key it read empty before the rekey must not stay empty
    after the rekey filed an entity under it (its own transaction keeps the cache, so only the reset
    that replacing keys does empties it)."""
    bosch = _old(m, "old-bosch", "Robert Bosch GmbH", "company", frozenset({"n:robert bosch gmbh"}))
    m.store("Robert Bosch GmbH sent the invoice.")
    assert _cached(m, "n:robert bosch") == set(), "the store read the key today's rules give: nothing yet"
    m.entities.rekey()
    assert "n:robert bosch" in _keys(db_path, bosch.id)
    assert _cached(m, "n:robert bosch") in (None, {bosch.id}), "the cache still says nothing is there"


def test_rekey_runs_in_batches_over_every_workspace(m: Memlane, db_path: Path | str) -> None:
    for i in range(5):
        _old(m, f"co-{i}", f"Firm{i} Holding GmbH", "company", frozenset())  # filed under no key at all
    now = datetime.now(UTC)
    other = Entity(id="elsewhere", workspace="other", owner="user:eve", visibility=Visibility.PERSONAL,
                   type="company", name="Zeta Labs GmbH", created_at=now, updated_at=now)  # fmt: skip
    with m.service.storage.write() as txn:
        txn.insert_entity(other, alias_pairs([other.name], other.type), frozenset())
    from memlane.graph.rekey import rekey

    report = rekey(m.service.storage, batch=2)
    assert (report.examined, report.rekeyed) == (6, 6)
    assert _keys(db_path, "elsewhere") == set(name_keys(["Zeta Labs GmbH"], "company"))
    assert all(_keys(db_path, f"co-{i}") for i in range(5))


def test_the_cli_rekeys_and_refuses_server(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    m = Memlane(db, user="alice", embedder="none")
    _old(m, "old-bosch", "Robert Bosch GmbH", "company", frozenset({"n:robert bosch"}))
    m.close()
    cli = ["--db", str(db), "--embedder", "none"]  # the CLI in this process (tests/cli_runner.py)
    dry = invoke([*cli, "entities", "rekey", "--dry-run"])
    assert dry.returncode == 0 and "would re-key 1" in dry.stdout, dry.stderr
    done = invoke([*cli, "entities", "rekey", "--json"])
    assert done.returncode == 0 and json.loads(done.stdout)["rekeyed"] == 1
    again = invoke([*cli, "entities", "rekey", "--json"])
    assert json.loads(again.stdout)["rekeyed"] == 0
    remote = invoke(["--server", "http://127.0.0.1:9", "--api-key", "ml_x", "entities", "rekey"])
    assert remote.returncode != 0 and "not over --server" in remote.stderr


def test_a_store_rekeys_by_itself_when_the_name_rules_change(db_path: Path | str) -> None:
    """The first store of a process re-keys the store when its entities were keyed with other rules than
    the process's (a new memlane: the recorded fingerprint differs), with no command run; with the same
    rules it does not."""
    first = Memlane(db_path, user="alice", embedder="none")
    try:
        first.store("Ada Lovelace wrote the first program.")  # (a store of these rules: recorded)
        bosch = _old(first, "old-bosch", "Robert Bosch GmbH", "company", frozenset({"n:robert bosch gmbh"}))
        first.store("Nothing changed in the rules since the last store.")
        assert _keys(db_path, bosch.id) == {"n:robert bosch gmbh"}
    finally:
        first.close()
    again = Memlane(db_path, user="alice", embedder="none")
    try:
        again.store("Still the same rules.")
        assert _keys(db_path, bosch.id) == {"n:robert bosch gmbh"}  # (the same rules: not re-keyed)
        with again.service.storage.write() as txn:
            txn.set_entity_key_rules(1)  # as an older memlane's rules
    finally:
        again.close()
    upgraded = Memlane(db_path, user="alice", embedder="none")
    try:
        upgraded.store("Robert Bosch shipped the spare parts on Monday.")
        assert _keys(db_path, bosch.id) == set(name_keys(["Robert Bosch GmbH"], "company"))
        assert [e.id for e in upgraded.entities.list(limit=10) if "Bosch" in e.name] == [bosch.id]
        assert upgraded.entities.rekey(dry_run=True).rekeyed == 0
    finally:
        upgraded.close()


#: memories whose entities are typed or given another spelling after they were first filed: a company
#: typed by a later relation, a person typed by a title, a spelling whose normalised form an alias
#: already has (the store keeps one alias per form)
_LATER_TYPED = (
    "Filati Andini S.r.l. is the Italian spinner that buys our baby alpaca.",
    "Filati Andini wants 800 kilos of baby alpaca by March.",
    "Giulia Ferraro is the buyer at Filati Andini.",
    "FILATI ANDINI SRL is how their invoices print the name.",
    "Anneke Hoffmann brings a group every March.",
    "Ms. Hoffmann paid the deposit for the March retreat.",
    "Park Seo-yeon handles guest travel and hotels.",
    "Seoyeon Park booked the hotel in Busan.",
    "Naledi Botha is my neighbour and she teaches maths.",
    "Naledi Botha lent us her ladder.",
)


def test_a_fresh_store_is_keyed_as_rekey_keys_it(m: Memlane) -> None:
    """The keys a store files its entities under as it links are the ones ``rekey`` gives them: an
    entity typed after it was first filed loses the keys only its old type gave and gains its new
    type's for every name it has; a spelling the store keeps no alias for gives no keys. So re-keying a
    store of the current rules changes nothing."""
    for text in _LATER_TYPED:
        m.store(text, auto_supersede=False)
    typed = {e.name: e.type for e in m.entities.list()}
    # (first filed untyped, typed by a later memory)
    assert typed["Naledi Botha"] == "person" and typed["Anneke Hoffmann"] == "person"
    assert [t for n, t in typed.items() if n.startswith("Filati Andini")] == ["company"]
    report = m.entities.rekey(dry_run=True)
    assert (report.rekeyed, report.keys_added, report.keys_removed) == (0, 0, 0)
