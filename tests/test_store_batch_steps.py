"""A batch is stored a step at a time over its items (issue 12, requirement 9: store speed).

Its texts are analysed one step at a time over every item (entity keys, index fields, mentions, what the
texts state), not every step per item: each step's tables stay in the CPU's caches. The steps are pure,
so the mentions are the same.


``store_many`` without automatic supersession, ``replaces`` or work of its own in the transaction
writes every memory row (duplicate check, row, audit entry) before it links the first memory, then
links them in the same order: SQLite's statements run one after another instead of between linking's
rules, which sweep the CPU's caches. Nothing linking reads sees a memory that is not linked yet, so the
graph and the results must be those the interleaved loop (each memory written, then linked) gives, on
both backends: the same entities, aliases, external ids, links, edges and their sources, and the same
results, duplicates (of the batch's own items, of an earlier store) included.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import memlane.service as service
from memlane import Memlane
from memlane.requests import validate_store
from test_linking_batch_same import _graph, _texts


def _results(results: list[Any], ids: dict[str, str]) -> list[tuple[Any, ...]]:
    """The results with each id as the content it stands for (ids are random)."""
    return [(ids[r.id], r.status, r.embedded, r.superseded, r.similar) for r in results]


def _store(m: Memlane, items: list[dict[str, Any]], *, interleaved: bool) -> list[Any]:
    """``store_many`` of ``items``; ``interleaved``: through the loop that writes and links each memory in
    turn (a transaction with work of its own, here none, takes it)."""
    svc = m._service
    requests = [validate_store({"source": "test", **item}) for item in items]
    actor = m._actor(None)
    if not interleaved:
        return svc._store_all(requests, actor)
    return svc._store_all(requests, actor, in_txn=lambda txn: None)


def test_a_plain_batch_links_as_the_interleaved_loop(db_path: Path | str, other_db: Path | str) -> None:
    items = [{**item, "auto_supersede": False} for item in _texts(40)]
    earlier = items[3]["content"]
    out: dict[str, list[tuple[Any, ...]]] = {}
    for db, interleaved in ((db_path, False), (other_db, True)):
        with Memlane(db, user="alice", embedder="none") as m:
            m.store(earlier, auto_supersede=False)  # (a duplicate of an earlier store in the batch)
            results = _store(m, items, interleaved=interleaved)
            ids = {h.id: h.content for h in m.list_recent(limit=1000)}
        out[str(interleaved)] = _results(results, ids)
    together, apart = _graph(db_path), _graph(other_db)
    assert len(together["entities"]) > 15 and len(together["links"]) > 25 and together["edges"]
    for part in together:
        assert together[part] == apart[part], part
    assert out["False"] == out["True"]
    statuses = [r[1] for r in out["False"]]
    assert statuses.count("duplicate") == 2  # (the earlier store's and the batch's own repeated item)


def test_a_plain_batch_writes_every_row_before_linking(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    events: list[str] = []
    link = service.link_memory

    def recorded(txn: Any, *args: Any, **kwargs: Any) -> Any:
        (count,) = next(iter(txn.cur.execute("SELECT count(*) FROM memories")))
        events.append(f"link after {count} rows")
        return link(txn, *args, **kwargs)

    monkeypatch.setattr(service, "link_memory", recorded)
    texts = [
        "Ana Lopez runs the Lisbon office",
        "Bob Smith called about the renewal",
        "Priya Raman joined Acme",
    ]
    with Memlane(tmp_path / "m.db", user="alice", embedder="none") as m:
        m.store_many(texts, auto_supersede=False)
        assert events == ["link after 3 rows"] * 3
        events.clear()
        # (automatic supersession picks each item's old version as it is stored: interleaved, as before)
        m.store_many(["Ana Lopez runs the Porto office", "Bob Smith called twice"], auto_supersede=True)
        assert events == ["link after 4 rows", "link after 5 rows"]


def test_a_batch_is_analysed_a_step_at_a_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[str] = []
    keys, mentions = service.text.extract_entities, service.memory_mentions

    def keyed(content: str, *args: Any, **kwargs: Any) -> Any:
        events.append(f"keys {content[:3]}")
        return keys(content, *args, **kwargs)

    def named(content: str, *args: Any, **kwargs: Any) -> Any:
        events.append(f"mentions {content[:3]}")
        return mentions(content, *args, **kwargs)

    monkeypatch.setattr(service.text, "extract_entities", keyed)
    monkeypatch.setattr(service, "memory_mentions", named)
    with Memlane(tmp_path / "m.db", user="alice", embedder="none") as m:
        m.store_many(["Ana Lopez runs sales", "Bob Smith called"], auto_supersede=False)
    # (index_fields reads a subject's keys with the same function: these items have none)
    assert events == ["keys Ana", "keys Bob", "mentions Ana", "mentions Bob"]


def test_progress_is_told_each_item_of_a_plain_batch(tmp_path: Path) -> None:
    told: list[tuple[str, int, int]] = []
    with Memlane(tmp_path / "m.db", user="alice", embedder="none") as m:
        svc = m._service
        requests = [
            validate_store({"content": t, "auto_supersede": False}) for t in ["a fact", "b fact", "a fact"]
        ]
        results = svc._store_all(requests, m._actor(None), progress=lambda *a: told.append(a))
    assert [r.status for r in results] == ["stored", "stored", "duplicate"]
    assert told == [("storing", 1, 3), ("storing", 2, 3), ("storing", 3, 3)]
