"""A relative's lookup key that a memory's sentence gave a person ("my father Tomasz is a carpenter":
Tomasz is filed under ``k:father``, ``graph.linking.kin_keys``) is that memory's, as an e-mail address a
text names is (tests/test_text_external_ids.py): it goes when the memories that give it are deleted
(forget, expiry: the storage's one delete path), and stays while another memory linked to the person
gives it. A store whose entities were keyed before those keys (or whose key outlived its memory) gets
them from its memories when it re-keys (``graph.rekey``). Seen through resolution: a later "Papa" alone
finds Tomasz only through the key. On SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from backends import expire, rows
from memlane import Memlane
from memlane.graph.rekey import keep_keys_current, rules_marker
from memlane.graph.resolution import KIN_KEY
from memlane.timeutil import now_utc

FATHER = KIN_KEY + "father"


def _entity(mem: Memlane, name: str, user: str = "ann"):
    found = [e for e in mem.entities.list(limit=100, user=user) if e.name == name]
    assert len(found) == 1, [e.name for e in mem.entities.list(limit=100, user=user)]
    return found[0]


def _keys(mem: Memlane, entity_id: str) -> set[str]:
    with mem.service.storage.write() as txn:
        rows = txn.entities_after(0, 1000)
    return next(set(keys) for _, e, keys in rows if e.id == entity_id)


def _linked(mem: Memlane, memory_id: str, user: str = "ann") -> set[str]:
    return {
        e.name
        for e in mem.entities.list(limit=100, user=user)
        if memory_id in {m.id for m in mem.entities.memories(e.id, limit=50, user=user)}
    }


def test_forgetting_the_memory_that_said_the_relative_drops_its_key(mem: Memlane) -> None:
    said = mem.store("My father Tomasz is a carpenter", user="ann")
    mem.store("Tomasz fixed the fence on Sunday", user="ann")
    tomasz = _entity(mem, "Tomasz")
    assert FATHER in _keys(mem, tomasz.id)
    mem.forget(said.id, user="ann")
    assert FATHER not in _keys(mem, tomasz.id)
    # a later "Papa" alone is no longer Tomasz: nothing left says he is the father
    dad = mem.store("Papa called about the boat", user="ann").id
    assert _linked(mem, dad) == {"Papa"}


def test_forget_by_query_drops_it_too(mem: Memlane) -> None:
    mem.store("My father Tomasz is a carpenter", user="ann")
    mem.store("Tomasz fixed the fence on Sunday", user="ann")
    tomasz = _entity(mem, "Tomasz")
    mem.forget(query="forget that my father Tomasz is a carpenter", user="ann")
    assert FATHER not in _keys(mem, tomasz.id)


def test_a_key_another_memory_still_gives_stays(mem: Memlane) -> None:
    first = mem.store("My father Tomasz is a carpenter", user="ann")
    mem.store("Tomasz, my father, turned 70 in May", user="ann")
    tomasz = _entity(mem, "Tomasz")
    mem.forget(first.id, user="ann")
    assert FATHER in _keys(mem, tomasz.id)
    dad = mem.store("Papa called about the boat", user="ann").id
    assert _linked(mem, dad) == {"Tomasz"}


def test_an_expired_memory_takes_its_key_with_it(mem: Memlane, db_path: Path | str) -> None:
    said = mem.store("My father Tomasz is a carpenter", user="ann", expires_at=now_utc() + timedelta(days=1))
    mem.store("Tomasz fixed the fence on Sunday", user="ann")
    tomasz = _entity(mem, "Tomasz")
    assert FATHER in _keys(mem, tomasz.id)
    expire(db_path, said.id)
    assert mem.service.profiles.expire().deleted == 1
    assert FATHER not in _keys(mem, tomasz.id)


def _as_before_kin_keys(mem: Memlane, db: Path | str) -> None:
    """The store as one keyed before kin keys: no ``k:`` key from a sentence, no sources, version 9."""
    with mem.service.storage.write() as txn:
        for _, entity, keys in txn.entities_after(0, 1000):
            said = sorted(k for k in keys if k.startswith(KIN_KEY) and entity.name != "Papa")
            if said:
                txn.replace_entity_keys(entity, [], said)
        txn.set_entity_key_rules(rules_marker(9))
    rows(db, "DELETE FROM entity_key_sources")


def test_an_upgraded_store_gets_the_keys_its_memories_give(mem: Memlane, db_path: Path | str) -> None:
    mem.store("My father Tomasz is a carpenter", user="ann")
    mem.store("Tomasz fixed the fence on Sunday", user="ann")
    mem.store("Hana, my sister, moved to Osaka", user="ann")
    tomasz = _entity(mem, "Tomasz")
    _as_before_kin_keys(mem, db_path)
    assert not any(k.startswith(KIN_KEY) for k in _keys(mem, tomasz.id))
    report = keep_keys_current(mem.service.storage)
    assert report is not None and report.keys_added >= 2
    assert FATHER in _keys(mem, tomasz.id)
    assert KIN_KEY + "sister" in _keys(mem, _entity(mem, "Hana").id)
    assert keep_keys_current(mem.service.storage) is None
    dad = mem.store("Papa called about the boat", user="ann").id
    assert _linked(mem, dad) == {"Tomasz"}


def test_rekeying_drops_a_key_no_memory_gives_and_records_the_sources(
    mem: Memlane, db_path: Path | str
) -> None:
    said = mem.store("My father Tomasz is a carpenter", user="ann")
    mem.store("Tomasz fixed the fence on Sunday", user="ann")
    tomasz = _entity(mem, "Tomasz")
    _as_before_kin_keys(mem, db_path)
    keep_keys_current(mem.service.storage)  # (the keys back, with their sources)
    mem.forget(said.id, user="ann")
    assert FATHER not in _keys(mem, tomasz.id)
    # a key that outlived its memory (a store of the last release) goes at the next re-keying
    with mem.service.storage.write() as txn:
        txn.replace_entity_keys(tomasz, [FATHER], [])
        txn.set_entity_key_rules(rules_marker(9))
    report = keep_keys_current(mem.service.storage)
    assert report is not None and report.keys_removed == 1
    assert FATHER not in _keys(mem, tomasz.id)
