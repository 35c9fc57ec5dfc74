"""A batch of stores whose later item supersedes what an earlier item of the same batch just wrote.

Automatic supersession picks every item's target before the batch writes anything, so that the chains
it replaces are locked up front in the canonical order (``supersession.BatchPicks``). An item whose keys
an earlier item of the batch shares is picked again when it is stored, and may then pick that earlier
item: the chain is one the batch itself holds (the earlier item continued a chain locked up front) or
one it just started (nobody else can see it, so locking it then cannot wait). Either way the versions
must form one linear chain with one current version, on both backends.
"""

from __future__ import annotations

from memlane import Memlane


def _chain(mem: Memlane, last_id: str) -> list[tuple[str, str | None, str | None]]:
    return [(m.content, m.replaces, m.superseded_by) for m in mem.history(last_id)]


def test_later_items_supersede_earlier_items_of_the_batch(mem: Memlane) -> None:
    rome = mem.store("Ana Okafor lives in Rome", source="test")
    texts = ["Ana Okafor lives in Berlin", "Bruno Silva likes green tea", "Ana Okafor lives in Paris"]
    texts.append("Ana Okafor lives in Oslo")
    results = mem.store_many(texts, source="test")
    berlin, tea, paris, oslo = results
    assert [r.status for r in results] == ["stored"] * 4
    assert [[s.id for s in r.superseded] for r in results] == [[rome.id], [], [berlin.id], [paris.id]]
    ids = [rome.id, berlin.id, paris.id, oslo.id]
    assert _chain(mem, oslo.id) == [
        ("Ana Okafor lives in Rome", None, berlin.id),
        ("Ana Okafor lives in Berlin", rome.id, paris.id),
        ("Ana Okafor lives in Paris", berlin.id, oslo.id),
        ("Ana Okafor lives in Oslo", paris.id, None),
    ]
    assert {h.id for h in mem.recall("Where does Ana Okafor live?", limit=10)} & set(ids) == {oslo.id}
    assert mem.get(tea.id).superseded_by is None


def test_a_chain_started_in_the_batch(mem: Memlane) -> None:
    """No item before the batch: the first item starts a chain, the next ones continue it."""
    results = mem.store_many(
        ["Mira Novak works at Globex", "Mira Novak works at Initech", "Mira Novak works at Hooli"],
        source="test",
    )
    first, second, third = results
    assert [[s.id for s in r.superseded] for r in results] == [[], [first.id], [second.id]]
    assert _chain(mem, third.id) == [
        ("Mira Novak works at Globex", None, second.id),
        ("Mira Novak works at Initech", first.id, third.id),
        ("Mira Novak works at Hooli", second.id, None),
    ]
    current = [m.content for m in mem.list_recent(10)]
    assert current == ["Mira Novak works at Hooli"]


def test_explicit_replace_then_automatic_supersession_of_it(mem: Memlane) -> None:
    """An item replacing a stored one by id, and a later item of the batch superseding that new version:
    the chain locked up front (by ``replaces``) is the one the later item continues."""
    old = mem.store("Sven Berg lives in Bergen", source="test")
    results = mem.store_many(
        [{"content": "Sven Berg lives in Tromso", "replaces": old.id}, "Sven Berg lives in Lima"],
        source="test",
    )
    saab, tesla = results
    assert _chain(mem, tesla.id) == [
        ("Sven Berg lives in Bergen", None, saab.id),
        ("Sven Berg lives in Tromso", old.id, tesla.id),
        ("Sven Berg lives in Lima", saab.id, None),
    ]


def test_sqlite_reads_each_items_candidates_once(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """SQLite locks no chain (one writer at a time), so a batch picks nothing up front: each item's
    supersession candidates are read once, as it is stored, with the same outcome. (Picked up front,
    every item sharing a key with an earlier one was picked again: its candidates read twice.)"""
    from memlane.storage.sqlite import writes

    read: list[str] = []
    original = writes._Txn.supersession_candidates

    def counted(self, memory, entity_keys, limit):  # type: ignore[no-untyped-def]
        read.append(memory.content)
        return original(self, memory, entity_keys, limit)

    monkeypatch.setattr(writes._Txn, "supersession_candidates", counted)
    mem = Memlane(tmp_path / "m.db", user="ana", embedder="none")
    rome = mem.store("Ana Okafor lives in Rome", source="test")
    read.clear()
    texts = ["Ana Okafor lives in Berlin", "Bruno Silva likes green tea", "Ana Okafor lives in Paris"]
    results = mem.store_many(texts, source="test")
    assert sorted(read) == sorted(texts)
    assert [[s.id for s in r.superseded] for r in results] == [[rome.id], [], [results[0].id]]
    mem.close()
