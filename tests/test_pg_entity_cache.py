"""PostgreSQL: linking's entity cache lasts beyond one transaction and stays exact.

The store keeps the candidates it read (and the names it resolved) across transactions, stamped with
each scope's version in ``entity_versions`` (``storage/postgres/entity_versions.py``). What another
process does to the entities, in the same scope, must be seen by this process's next store: each test
warms this process's cache first, lets a second process (its own interpreter, its own connections)
change the scope, and checks what the next store here links to. A cache that ignored the other writer
would answer from what it held before and link the stale entity.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Iterator

import pytest

from entity_links import entity_named as _entity
from entity_links import linked as _linked
from memlane import Memlane
from memlane.models import Actor
from memlane.storage.base import EntityScope

ALICE = Actor(user="alice")


@pytest.fixture
def url(pg_url: str) -> str:
    return pg_url


@pytest.fixture
def one(url: str) -> Iterator[Memlane]:
    mem = Memlane(url, user="alice", embedder="none")
    try:
        yield mem
    finally:
        mem.close()


def _other_process(url: str, code: str) -> None:
    """Run ``code`` with ``m``, a Memlane of user alice on the same database, in another process."""
    script = f"from memlane import Memlane\nm = Memlane({url!r}, user='alice', embedder='none')\n"
    script += textwrap.dedent(code) + "\nm.close()\n"
    subprocess.run([sys.executable, "-c", script], check=True, timeout=180)


def _warm(mem: Memlane, *texts: str) -> None:
    """Store ``texts`` (one transaction each) and check the names stay in this process's cache."""
    for text in texts:
        mem.store(text)
    cache = mem.service.storage.entity_cache
    assert cache.cache.settled._found, "the names resolved here are remembered across transactions"


def test_an_entity_made_by_another_process_is_seen_by_the_next_store(one: Memlane, url: str) -> None:
    _warm(one, "Oskar Larsen booked the offsite", "We thanked Larsen for the offsite", "Larsen again")
    oskar = _entity(one, "Oskar Larsen")
    assert _linked(one, one.store("We thanked Larsen once more").id) == {oskar}  # (from the cache)
    _other_process(url, 'm.store("Nadia Larsen joined the design team")')
    nadia = _entity(one, "Nadia Larsen")
    # "Larsen" alone now fits two people: linked to neither; "N. Larsen" is Nadia, not a new person
    assert _linked(one, one.store("We thanked Larsen for the agenda").id) == set()
    assert _linked(one, one.store("N. Larsen sent the agenda").id) == {nadia}
    assert "N. Larsen" not in {e.name for e in one.service.storage.list_entities(ALICE)}


def test_a_merge_and_an_unmerge_by_another_process_are_seen(one: Memlane, url: str) -> None:
    _warm(one, "Greta Novak reviewed the launch plan", "Marta Ilic reviewed the pricing update")
    one.store("Marta Ilic booked the room")  # (a store that changes no entity: the cache stays warm)
    greta, marta = _entity(one, "Greta Novak"), _entity(one, "Marta Ilic")
    _other_process(url, f"m.entities.merge({greta!r}, {marta!r})")
    assert _linked(one, one.store("Marta Ilic asked for the budget").id) == {greta}
    (merge,) = one.service.storage.entity_merges(ALICE)
    _other_process(url, f"m.entities.unmerge({merge.merge.id!r})")
    assert _linked(one, one.store("Marta Ilic approved the budget").id) == {marta}


def test_a_namesake_anchored_by_another_process_makes_a_remembered_name_ambiguous(
    one: Memlane, url: str
) -> None:
    """This process remembers that "Priya Raman" is the CRM contact it anchored; another process
    anchors a second contact of that name (another id): the name no longer settles to the first."""
    contact = {"kind": "contact", "system": "hubspot", "id": "1", "name": "Priya Raman"}
    priya = one.anchor(contact).id
    _warm(one, "Priya Raman runs support", "Priya Raman answered the ticket")
    assert _linked(one, one.store("Priya Raman closed the ticket").id) == {priya}
    _other_process(url, f"m.anchor({ {**contact, 'id': '2'}!r})")
    assert len([e for e in one.service.storage.list_entities(ALICE) if e.name == "Priya Raman"]) == 2
    assert _linked(one, one.store("Priya Raman reopened the ticket").id) == set()


def test_the_scope_version_moves_only_with_entity_changes_and_a_failed_write_empties_the_cache(
    one: Memlane,
) -> None:
    store = one.service.storage
    one.store("Zora Blum signed the contract")
    found = store.get_entity(ALICE, _entity(one, "Zora Blum"))
    assert found is not None
    scope = EntityScope(found.workspace, found.owner, str(found.visibility))

    def version() -> int:
        rows = store._rows(
            "SELECT version FROM entity_versions WHERE workspace = %s AND owner = %s AND visibility = %s",
            (scope.workspace, scope.owner, scope.visibility),
        )
        return int(rows[0][0])

    before = version()
    one.store("Zora Blum sent the invoice")  # (a known name: no entity changes)
    assert version() == before
    one.store("Ines Brandt countersigned it")  # (a new person)
    changed = version()
    assert changed != before
    assert store.entity_cache.cache.settled._found  # (kept after COMMIT)
    with pytest.raises(RuntimeError), store.write() as txn:
        assert [e.name for e in txn.entity_candidates(scope, ["n:ines brandt"], [])] == ["Ines Brandt"]
        raise RuntimeError("abandoned")
    assert not store.entity_cache.cache.settled._found  # (emptied: it may hold what was rolled back)
    assert version() == changed
