"""SQLite's keyword lane for a caller who may read part of the store: BM25 from the caller's own
statistics, candidates taken from the narrow ``stat_docs`` table (bucket and length per item) and the
scope checked on the best candidates only (storage/sqlite/lanes.py, ``_scoped_bm25``).

The scores must be exactly the per-reader BM25 (checked against BM25 computed here from the items the
caller may read, token by token), whatever the share of candidates the scope rejects, and must not move
when another user's items change. ``stat_docs`` is kept by triggers in every write path.
"""

from __future__ import annotations

import math
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import apsw
import pytest

from memlane import Memlane
from memlane.models import Actor, Filters
from memlane.storage.sqlite.rows import fts_tokens

pytestmark = pytest.mark.sqlite_only("the FTS5 keyword lane and stat_docs are SQLite's")

K1, B = 1.2, 0.75


def reference_bm25(
    db: Path, actor: Actor, filters: Filters, terms: list[str], limit: int
) -> list[tuple[int, float]]:
    """FTS5's BM25 over what ``actor`` may read, from the keyword index's text: N, df (content or
    subject) and the average length over every readable item (any space, state or version), the
    frequency in the content; hits are the items of the default scope holding a term, best first."""
    shared = set(actor.readable_shared_owners())
    con = apsw.Connection(str(db))
    try:
        rows = list(
            con.execute(
                "SELECT m.seq, m.workspace, m.owner, m.visibility, m.space, m.state, m.superseded_by,"
                " f.content, f.subject FROM memories m JOIN memories_fts f ON f.rowid = m.seq"
            )
        )
    finally:
        con.close()
    readable = [
        r
        for r in rows
        if r[1] == actor.workspace and (r[2] == actor.owner or (r[3] == "shared" and r[2] in shared))
    ]
    docs = {r[0]: (Counter(fts_tokens(r[7] or "")), set(fts_tokens(r[8] or "")), r) for r in readable}
    lengths = {seq: sum(c.values()) + len(fts_tokens(r[8] or "")) for seq, (c, _, r) in docs.items()}
    n, avgdl = len(docs), sum(lengths.values()) / len(docs)
    tokens = list(dict.fromkeys(t for term in terms for t in fts_tokens(term, query=True)))
    idf = {}
    for t in tokens:
        df = sum(1 for c, subject, _ in docs.values() if t in c or t in subject)
        value = math.log((n - df + 0.5) / (df + 0.5))
        idf[t] = value if value > 0 else 1e-6
    hits = []
    for seq, (counts, _, r) in docs.items():
        in_scope = r[4] == (filters.space or "") and r[5] != "archived" and r[6] is None
        if not in_scope or not any(counts[t] for t in tokens):
            continue
        norm = 1 - B + B * lengths[seq] / avgdl
        score = sum(idf[t] * counts[t] * (K1 + 1) / (counts[t] + K1 * norm) for t in tokens if counts[t])
        hits.append((seq, score))
    hits.sort(key=lambda h: (-h[1], h[0]))
    return hits[:limit]


def _same(got: list[tuple[int, float]], want: list[tuple[int, float]]) -> None:
    assert [s for s, _ in got] == [s for s, _ in want]
    assert [v for _, v in got] == pytest.approx([v for _, v in want], rel=1e-12, abs=1e-12)


def test_per_reader_bm25_is_exact_on_a_multi_user_store(db_path: Path) -> None:
    """Three users and shared items; ana reads her own and the workspace's. Most candidates holding the
    query words are not hers, are in another space, archived or superseded: the scope then rejects
    more than the first read of candidates, and the second read must still give the exact ranking."""
    ana = Memlane(db_path, user="ana", workspace="acme", embedder="none")
    bob = Memlane(db_path, user="bob", workspace="acme", embedder="none")
    eve = Memlane(db_path, user="eve", workspace="beta", embedder="none")
    try:
        stored = ana.store_many(
            [
                "The falcon launch moved to Tuesday after the falcon vendor review",
                {"content": "Falcon notes", "subject": "falcon"},
                "A long note on the review of the vendor contract, the launch checklist and the budget",
                "falcon",
                *[
                    {"content": f"falcon launch review {i} in the work space", "space": "work"}
                    for i in range(130)
                ],
                *[f"Garden note {i}: water the tomatoes" for i in range(20)],
            ],
            auto_supersede=False,
        )
        ana.archive(stored[3].id)
        ana.store("The falcon launch is on Wednesday", replaces=stored[0].id)
        bob.store_many([f"falcon falcon review {i} from bob" for i in range(60)], auto_supersede=False)
        bob.store_many(
            [{"content": f"shared falcon vendor memo {i}", "visibility": "shared"} for i in range(6)],
            auto_supersede=False,
        )
        eve.store_many([f"falcon launch review vendor {i}" for i in range(40)], auto_supersede=False)
        store, actor, now = ana.service.storage, Actor(user="ana", workspace="acme"), datetime.now(UTC)
        for terms in (["falcon"], ["falcon", "review"], ["launch", "vendor", "budget"], ["falcon", "zzz"]):
            for limit in (1, 3, 10):
                got = store.keyword_search(actor, Filters(), terms, now, limit)
                assert got, terms
                _same(got, reference_bm25(db_path, actor, Filters(), terms, limit))
            work = store.keyword_search(actor, Filters(space="work"), terms, now, 200)
            _same(work, reference_bm25(db_path, actor, Filters(space="work"), terms, 200))
    finally:
        ana.close()
        bob.close()
        eve.close()


def test_another_users_items_never_change_a_score(db_path: Path) -> None:
    """ana never reads the whole store (carol's item is there first), so every recall takes the
    per-reader path; bob's personal items and eve's items (another workspace, shared or not) holding
    ana's words, and their removal, change none of her hits or scores. Her own new item does."""
    ana = Memlane(db_path, user="ana", workspace="acme", embedder="none")
    bob = Memlane(db_path, user="bob", workspace="acme", embedder="none")
    eve = Memlane(db_path, user="eve", workspace="beta", embedder="none")
    carol = Memlane(db_path, user="carol", workspace="acme", embedder="none")
    try:
        carol.store("carol's own note about lunch")
        ana.store_many(
            [
                "The falcon launch moved to Tuesday",
                "Quarterly falcon report due Friday",
                "Vendor review notes",
            ]
            + [f"Garden note {i}: water the tomatoes" for i in range(10)],
            auto_supersede=False,
        )
        store, actor, now = ana.service.storage, Actor(user="ana", workspace="acme"), datetime.now(UTC)
        queries = [["falcon"], ["falcon", "report", "vendor"], ["tomatoes", "launch"]]

        def scores() -> list[list[tuple[int, float]]]:
            return [store.keyword_search(actor, Filters(), q, now, 10) for q in queries]

        before = scores()
        assert all(before)
        bob.store_many([f"falcon report vendor launch {i}" for i in range(50)], auto_supersede=False)
        eve.store_many([f"falcon tomatoes {i}" for i in range(30)], auto_supersede=False)
        eve.store_many([{"content": f"falcon vendor {i}", "visibility": "shared"} for i in range(10)])
        assert scores() == before
        bob.forget(query="falcon report vendor launch")
        assert scores() == before
        ana.store("One more falcon report")
        assert scores() != before, "her own items do count"
    finally:
        for m in (ana, bob, eve, carol):
            m.close()


def _stat_docs(db: Path) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """(stat_docs, what it should hold: every memory's bucket id and doc_len)."""
    con = apsw.Connection(str(db))
    try:
        kept = sorted(con.execute("SELECT seq, bucket, doc_len FROM stat_docs"))
        derived = sorted(
            con.execute(
                "SELECT m.seq, b.id, m.doc_len FROM memories m JOIN stat_buckets b ON b.workspace = m.workspace"
                " AND b.owner = m.owner AND b.visibility = m.visibility"
            )
        )
    finally:
        con.close()
    return kept, derived


def test_stat_docs_follow_every_write_and_the_upgrade(db_path: Path, tmp_path: Path) -> None:
    with Memlane(db_path, user="ana", workspace="acme", embedder="none") as ana:
        first = ana.store_many(
            ["alpha beta", "gamma delta epsilon", {"content": "shared zeta", "visibility": "shared"}]
        )
        ana.store("alpha beta gamma", replaces=first[0].id)
        ana.forget(first[1].id)
        ana.reindex(keys=True)
    with Memlane(db_path, user="bob", workspace="beta", embedder="none") as bob:
        bob.store("bob's first words")
    kept, derived = _stat_docs(db_path)
    assert kept == derived and len(kept) == 4 and all(n > 0 for *_, n in kept)
    # the upgrade (schema step 9) fills it for an existing store
    con = apsw.Connection(str(db_path))
    con.execute(
        "DROP TABLE stat_docs; DROP TRIGGER stat_docs_insert; DROP TRIGGER stat_docs_update;"
        " DROP TRIGGER stat_docs_delete; DELETE FROM schema_migrations WHERE version = 9"
    )
    con.close()
    Memlane(db_path, embedder="none").close()
    assert _stat_docs(db_path) == (kept, derived)
    # a copy between stores is counted on arrival
    copy = tmp_path / "copy.db"
    from memlane.app import open_store
    from memlane.storage.transfer import copy_database

    source, target = open_store(str(db_path)), open_store(str(copy))
    try:
        copy_database(source, target, source_name="a", target_name="b")
    finally:
        source.close()
        target.close()
    kept_copy, derived_copy = _stat_docs(copy)
    assert kept_copy == derived_copy and [(s, n) for s, _, n in kept_copy] == [(s, n) for s, _, n in kept]
