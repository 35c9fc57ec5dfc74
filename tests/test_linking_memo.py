"""The store's memo of resolved names (``storage.entity_cache.Settled``) answers exactly what resolving
the name afresh would: a bulk load links the same with the memo as with every name resolved again.

The cases that once broke it: a lone given name typed a person's by its text ("says Ana") is at most a
partial match of itself, so resolving it again reads the wider pool, where an "Ana Lopez" filed since
makes it ambiguous (it was remembered with its exact-name keys only and kept answering "Ana"); an
entity given a type is compared otherwise (only the names it was a candidate of are resolved again,
not the whole memo); an ambiguous name is remembered as ambiguous until its pool changes. Both
backends; the loads use the engine benchmark's synthetic corpus (``bench/synthetic.py``) and
``bench/linking_same.py``'s hard cases and dump (entities in creation order, every memory's links).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from entity_links import entity_named, linked
from memlane import Memlane
from memlane.storage.entity_cache import Settled
from pg import url_with_search_path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from linking_same import HARD_CASES, dump, dump_postgres  # noqa: E402
from synthetic import corpus  # noqa: E402


@contextmanager
def _no_memo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every name resolved afresh: the memo never answers (it is still filled and dropped)."""
    with monkeypatch.context() as patch:
        patch.setattr(Settled, "get", lambda self, mention: None)
        yield


def _load(target: Path | str, texts: list) -> list[str]:
    """The hard cases, the corpus in batches of 100 with and without automatic supersession, some single
    stores, the hard cases again; then the canonical dump of the graph."""
    m = Memlane(target, user="bench", embedder="none")
    try:
        m.store_many(HARD_CASES, source="test")
        for i in range(0, len(texts), 100):
            m.store_many(texts[i : i + 100], source="test", auto_supersede=i % 200 == 0)
        for text in texts[:20]:
            m.store(f"Later: {text}", source="test")
        again = [
            f"Again: {t}" if isinstance(t, str) else {**t, "content": f"Again: {t['content']}"}
            for t in HARD_CASES
        ]
        m.store_many(again, source="test")
    finally:
        m.close()
    return dump_postgres(str(target)) if isinstance(target, str) else dump(target)


@contextmanager
def _another(db_path: Path | str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Path | str]:
    """A second fresh database of the same backend."""
    if not isinstance(db_path, str):
        yield tmp_path / "reference.db"
        return
    import psycopg

    database = request.getfixturevalue("pg_database")
    with psycopg.connect(database, autocommit=True) as conn:
        conn.execute('CREATE SCHEMA "memo_reference"')
    try:
        yield url_with_search_path(database, "memo_reference")
    finally:
        with psycopg.connect(database, autocommit=True) as conn:
            conn.execute('DROP SCHEMA IF EXISTS "memo_reference" CASCADE')


def test_a_bulk_load_links_as_resolving_every_name_afresh_does(
    db_path: Path | str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    texts = [s for s, _ in corpus(200)]
    hits = []
    real_get = Settled.get

    def counting(self: Settled, mention: object) -> str | None:
        found = real_get(self, mention)
        hits.append(found is not None)
        return found

    monkeypatch.setattr(Settled, "get", counting)
    with_memo = _load(db_path, texts)
    with _no_memo(monkeypatch), _another(db_path, tmp_path, request) as other:
        fresh = _load(other, texts)
    assert sum(hits) > len(texts)  # (the memo answered most names: the check compares something)
    assert sum(1 for line in fresh if line.startswith('{"entity"')) > 100
    assert with_memo == fresh
    # (the case that differed: "Ana" of "says Ana", then "Ana Lopez", which completes the Ana known
    # alone only with an organisation in common, none here, so "Ana asked..." fits both)
    ana = [line for line in fresh if '"memory": "Ana asked for the budget"' in line]
    assert ana == ['{"memory": "Ana asked for the budget", "links": []}']


def test_a_name_settled_before_its_entity_was_typed_is_resolved_again(db_path: Path | str) -> None:
    mem = Memlane(db_path, user="alice", embedder="none")
    try:
        mem.store("Jordan signed the lease for the new office")  # "Jordan", of no type yet
        mem.store("Jordan Reyes presented the roadmap")  # a person called Jordan
        first = mem.store("Jordan sent the keys")
        jordan = entity_named(mem, "Jordan")
        assert linked(mem, first.id) == {jordan}  # the same name exactly: settled
        # a CRM contact at the company Jordan: the entity "Jordan" becomes a company
        mem.anchor(
            {"kind": "contact", "system": "hubspot", "id": "77", "name": "Lina Park", "company": "Jordan"}
        )
        assert [e.type for e in mem.entities.list() if e.id == jordan] == ["company"]
        # now "Jordan" alone fits a company and a person: ambiguous, linked to neither (a memo that kept
        # the earlier answer would link it to the company)
        later = mem.store("Jordan sent the keys again")
        assert linked(mem, later.id) == set()
    finally:
        mem.close()


def test_typing_an_entity_forgets_only_the_names_it_was_a_candidate_of() -> None:
    memo = Settled()
    memo.put("ana", ["n:ana"], "e1", ["e1", "e2"])
    memo.put("bob", ["n:bob"], "e3", ["e3"])
    memo.put("orion", ["n:orion", "p:orion"], Settled.NOTHING, ["e4", "e5"], exact=False)
    memo.renamed("e1")  # (an exact answer stands when a candidate learns a name: its keys decide)
    assert memo.get("ana") == "e1"
    memo.retyped("e2")
    assert (memo.get("ana"), memo.get("bob"), memo.get("orion")) == (None, "e3", Settled.NOTHING)
    memo.renamed("e5")  # (a loose answer, here ambiguous, does not)
    assert memo.get("orion") is None
    memo.put("kasia", ["n:kasia nowak"], "e6", ["e6"], affiliated=True)
    memo.drop_affiliated()
    assert (memo.get("kasia"), memo.get("bob")) == (None, "e3")
    memo.drop(["n:bob"])
    assert memo.get("bob") is None
