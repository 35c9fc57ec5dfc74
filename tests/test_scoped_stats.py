"""No number a caller sees depends on data the caller cannot read (issue 9, defect 4).

Keyword IDF, document lengths, entity-key frequencies and the counts of ``reindex`` are computed over
what the caller may read: the same recall must give the same hits, order and scores whether or not
another workspace, or another user of the same workspace, stores the query's words. On both backends.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from backends import is_postgres, rows
from memlane import Memlane
from memlane.models import Actor
from servers import Stack, bearer, running

ANA = [
    "The falcon launch moved to Tuesday after the vendor review",
    "Quarterly report for the falcon project is due on Friday",
    "Ana prefers window seats on long flights",
    "Dr. Okafor confirmed the March 14 appointment",
    "The budget review with Okafor is scheduled for April 2",
    "Team lunch at the Thai place on Thursday",
]
#: the other tenant's items: words of ana's queries, some of them absent from ana's items ("zebra")
OTHER = [f"zebra falcon report {i}: Dr. Okafor met the falcon zebra team on March 14" for i in range(40)]
QUERIES = ["falcon zebra report", "when is the Okafor appointment on March 14", "falcon launch Tuesday"]


def _recalls(m: Memlane) -> list[list[tuple[str, float, tuple[str, ...]]]]:
    return [[(h.id, h.score, h.matched_by) for h in m.recall(q, limit=10)] for q in QUERIES]


@pytest.mark.parametrize("other", ["workspace", "user"])
def test_scores_do_not_depend_on_what_others_store(db_path: Path | str, other: str) -> None:
    ana = Memlane(db_path, user="ana", workspace="acme", embedder="none")
    them = Memlane(db_path, user="bob", workspace="beta" if other == "workspace" else "acme", embedder="none")
    try:
        ana.store_many(ANA, auto_supersede=False)
        before = _recalls(ana)
        assert all(before), "every query finds something"
        them.store_many(OTHER, auto_supersede=False)  # personal items of bob (or of another workspace)
        assert them.recall("falcon zebra report"), "the other tenant's items exist and are found by them"
        assert _recalls(ana) == before
        them.store_many([{"content": f"zebra falcon {i}", "visibility": "shared"} for i in range(20)])
        if other == "workspace":  # another workspace's shared items are as unreadable as personal ones
            assert _recalls(ana) == before
        them.forget(query="zebra falcon report Okafor")
    finally:
        ana.close()
        them.close()


def test_shared_items_count_for_those_who_read_them(db_path: Path | str) -> None:
    """The statistics are those of what the caller reads: a workspace item counts for every member."""
    ana = Memlane(db_path, user="ana", workspace="acme", embedder="none")
    bob = Memlane(db_path, user="bob", workspace="acme", embedder="none")
    try:
        ana.store_many(ANA, auto_supersede=False)
        before = _recalls(ana)
        bob.store_many([{"content": c, "visibility": "shared"} for c in OTHER[:10]], auto_supersede=False)
        after = _recalls(ana)
        assert after != before  # readable by ana: her statistics (and hits) include them
        assert {h.owner for h in ana.recall("falcon zebra report", limit=20)} == {"user:ana", "workspace"}
    finally:
        ana.close()
        bob.close()


def test_store_statistics_are_scoped(db_path: Path | str) -> None:
    """The store's statistics answer for one actor: term and key frequencies and the item count."""
    ana = Memlane(db_path, user="ana", workspace="acme", embedder="none")
    them = Memlane(db_path, user="bob", workspace="beta", embedder="none")
    try:
        ana.store_many(ANA, auto_supersede=False)
        store = ana.service.storage
        actor = Actor(user="ana", workspace="acme")
        terms = ["falcon", "zebra", "report", "okafor"]
        keys = sorted({k for c in ANA + OTHER[:1] for k in _keys(c)})
        before = (store.term_stats(actor, terms), store.key_frequencies(actor, keys))
        assert before[0][0] == len(ANA) and before[0][1]["falcon"] == 2 and "zebra" not in before[0][1]
        them.store_many(OTHER, auto_supersede=False)
        assert (store.term_stats(actor, terms), store.key_frequencies(actor, keys)) == before
        bob = Actor(user="bob", workspace="beta")
        assert store.term_stats(bob, ["zebra"]) == (len(OTHER), {"zebra": len(OTHER)})
        them.forget(query="zebra falcon report Okafor")
        ana.forget(query="falcon launch moved to Tuesday after the vendor review")
        assert store.term_stats(actor, ["falcon"]) == (len(ANA) - 1, {"falcon": 1})
    finally:
        ana.close()
        them.close()


def _keys(content: str) -> frozenset[str]:
    from memlane import text

    return text.extract_entities(content)


def test_reindex_counts_and_work_stay_in_the_callers_workspace(stack: Stack) -> None:
    with running(stack.app()) as url:
        keys = {w: bearer(stack.key(workspace=w, user="ana", admin=True)) for w in ("acme", "beta")}
        acme = httpx.Client(base_url=url, headers=keys["acme"], timeout=60)
        beta = httpx.Client(base_url=url, headers=keys["beta"], timeout=60)
        for i in range(3):
            assert acme.post("/v1/memories", json={"content": f"acme fact {i}"}).status_code == 200
        for i in range(5):
            assert beta.post("/v1/memories", json={"content": f"beta fact {i}"}).status_code == 200
        assert acme.post("/v1/reindex", params={"keys": "true"}).json()["keys_rebuilt"] == 3
        assert beta.post("/v1/reindex", params={"keys": "true"}).json()["keys_rebuilt"] == 5
        acme.close()
        beta.close()
    # the embedded SDK is the store's operator: it reindexes every workspace
    assert stack.mem.reindex(keys=True).keys_rebuilt == 8


#: the schema step that added the statistics tables (the same number on both backends)
STATS_STEP = 5
STAT_TABLES = {"stat_buckets": "workspace, owner, visibility, items, tokens", "stat_terms": "bucket, term, df",
               "stat_keys": "bucket, key, n"}  # fmt: skip


def _stat_tables(db: Path | str) -> dict[str, list[tuple[object, ...]]]:
    tables = dict(STAT_TABLES)
    if is_postgres(db):
        tables["stat_lexemes"] = "bucket, lexeme, df"
    named = {
        t: [
            r
            for r in rows(
                db,
                f"SELECT b.workspace, b.owner, b.visibility, {cols.replace('bucket, ', '')} FROM {t} s"
                " JOIN stat_buckets b ON b.id = s.bucket"
                if t != "stat_buckets"
                else f"SELECT {cols} FROM {t}",
            )
        ]
        for t, cols in tables.items()
    }
    return {t: sorted(tuple(r) for r in v if r[-1]) for t, v in named.items()}


def test_the_upgrade_counts_what_writes_count(db_path: Path | str) -> None:
    """Migration 5 fills the statistics of an existing store exactly as writing its items would have."""
    m = Memlane(db_path, user="ana", workspace="acme", embedder="none")
    other = Memlane(db_path, user="bob", workspace="acme", embedder="none")
    try:
        m.store_many(ANA, auto_supersede=False, subject="Ana")
        other.store_many([{"content": c, "visibility": "shared"} for c in OTHER[:5]], auto_supersede=False)
        m.forget(query="Team lunch at the Thai place on Thursday")
        m.reindex(keys=True)
    finally:
        m.close()
        other.close()
    written = _stat_tables(db_path)
    assert written["stat_keys"] and written["stat_terms"]
    _execute(db_path, f"DELETE FROM schema_migrations WHERE version = {STATS_STEP}")
    if not is_postgres(db_path):  # step 9's stat_docs and its triggers read step 5's tables: undo it too
        for statement in ("DROP TRIGGER stat_docs_insert", "DROP TRIGGER stat_docs_update",
                          "DROP TRIGGER stat_docs_delete", "DROP TABLE stat_docs",
                          "DELETE FROM schema_migrations WHERE version = 9"):  # fmt: skip
            _execute(db_path, statement)
    for table in [*STAT_TABLES, "stat_lexemes", "memories_fts_inst"]:
        _execute(db_path, f"DROP TABLE IF EXISTS {table}")
    if not is_postgres(db_path):
        _execute(db_path, "ALTER TABLE memories DROP COLUMN doc_len")
    Memlane(db_path, user="ana", workspace="acme", embedder="none").close()  # migrates
    assert _stat_tables(db_path) == written


def _execute(db: Path | str, statement: str) -> None:
    if is_postgres(db):
        import psycopg

        with psycopg.connect(str(db), autocommit=True) as conn:
            conn.execute(statement.encode())
        return
    import apsw

    con = apsw.Connection(str(db))
    try:
        con.execute(statement)
    finally:
        con.close()


#: items of every shape the keyword ranking weighs: a query word in the subject only, repeated words,
#: long and short texts, another space, an archived and a superseded item
RANKED = [
    {"content": "The falcon launch moved to Tuesday after the falcon vendor review", "subject": "Falcon"},
    {"content": "Quarterly report: falcon, falcon and falcon again, all due Friday"},
    {"content": "Vendor review notes", "subject": "falcon"},  # the word in its subject alone: no hit
    {
        "content": "A long note on the review of the vendor contract, the launch checklist, the budget,"
        " the travel plans of the team and the report that finance wants before the launch"
    },
    {"content": "launch", "space": "work"},
    {"content": "Okafor reviewed the e-mail about the launch report"},
]
RANKED_TERMS = [["falcon"], ["falcon", "review"], ["launch", "report", "vendor"], ["review", "okafor", "zzz"]]


@pytest.mark.sqlite_only("FTS5's own rank is SQLite's")
def test_fts5_rank_is_the_scoped_bm25_when_the_caller_reads_everything(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A caller who may read the whole store is ranked by FTS5's bm25() in C (the fast path); its
    numbers must be exactly those of the BM25 computed in SQL from the caller's statistics, which
    ranks everyone else (here: once another user's item makes the store larger than what ana reads)."""
    from datetime import UTC, datetime

    from memlane.models import Filters
    from memlane.storage.sqlite.lanes import _Lanes

    ana = Memlane(db_path, user="ana", workspace="acme", embedder="none")
    bob = Memlane(db_path, user="bob", workspace="acme", embedder="none")
    try:
        fillers = [f"Garden note {i}: water the tomatoes and basil" for i in range(24)]  # so that IDF > 0
        stored = ana.store_many([*RANKED, "The falcon launch is on Tuesday", *fillers], auto_supersede=False)
        ids = [r.id for r in stored]
        ana.archive(ids[1])
        ana.store("The falcon launch is on Wednesday", replaces=ids[len(RANKED)])
        store, actor = ana.service.storage, Actor(user="ana", workspace="acme")
        fast: list[int] = []
        real = _Lanes._fts5_rank
        monkeypatch.setattr(_Lanes, "_fts5_rank", lambda self, *a: fast.append(1) or real(self, *a))

        def ranked() -> list[list[tuple[int, float]]]:
            now = datetime.now(UTC)
            return [
                store.keyword_search(actor, f, terms, now, 10)
                for terms in RANKED_TERMS
                for f in (Filters(), Filters(space="*", include_history=True))
            ]

        alone = ranked()
        assert len(fast) == len(alone), "ana reads the whole store: FTS5 ranks"
        assert all(alone[i] for i in (0, 2, 4)) and alone[0][0][1] > 0
        bob.store("falcon falcon launch review report vendor", auto_supersede=False)
        assert ranked() == alone
        assert len(fast) == len(alone), "bob's item is not ana's: BM25 in SQL from her statistics"
    finally:
        ana.close()
        bob.close()
