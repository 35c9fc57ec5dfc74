"""Ligatures and full-width letters are found by either spelling, alike on both backends.

Queries were NFKC-folded ("ﬁle" and "ｆｉｌｅ" search for "file") but SQLite indexed a memory's text as
written, so a memory holding "ﬁle" or "ｆｉｌｅ" was found by no spelling there (PostgreSQL's keyword text
folded them). The keyword text is now NFKC-folded on both backends (``text.stems.keyword_text``); the
content stored and read back is the caller's, unchanged. Schema step 29 folds the rows written before.
"""

from __future__ import annotations

from pathlib import Path

from backends import assert_same_keyword_hits, is_postgres, keyword_hits, rows
from memlane import Memlane

TEXTS = [
    "The signed ﬁle is in the blue folder",
    "Ｐｒｉｙａ keeps the ｆｉｌｅ cabinet key",
    "The oﬃce moves to the third floor",
    "Lunch with Tomás on Friday",
]

#: (query, the texts its keyword hits must be, in any order)
QUERIES = [
    ("file", {TEXTS[0], TEXTS[1]}),
    ("ﬁle", {TEXTS[0], TEXTS[1]}),
    ("ｆｉｌｅ", {TEXTS[0], TEXTS[1]}),
    ("Priya", {TEXTS[1]}),
    ("office", {TEXTS[2]}),
    ("oﬃce", {TEXTS[2]}),
    ("Tomas", {TEXTS[3]}),
]


def _store(mem: Memlane) -> None:
    results = mem.store_many(TEXTS, auto_supersede=False)
    assert [r.status for r in results] == ["stored"] * len(TEXTS)


def test_ligatures_and_full_width_letters_are_found_by_either_spelling(mem: Memlane) -> None:
    _store(mem)
    for query, want in QUERIES:
        assert {c for c, _ in keyword_hits(mem, query)} == want, query
    hit = next(h for h in mem.recall("where is the signed file") if h.content == TEXTS[0])
    assert "keyword" in hit.matched_by
    # what is stored and read back is the caller's text, not the folded one
    results = mem.store_many(TEXTS, auto_supersede=False)
    assert [r.status for r in results] == ["duplicate"] * len(TEXTS)
    assert sorted(mem.get(r.id).content for r in results) == sorted(TEXTS)


def test_both_backends_score_compatibility_forms_alike(tmp_path: Path, pg_url: str) -> None:
    sqlite = Memlane(tmp_path / "nfkc.db", user="alice", embedder="none")
    postgres = Memlane(pg_url, user="alice", embedder="none")
    try:
        for m in (sqlite, postgres):
            _store(m)
        assert_same_keyword_hits(sqlite, postgres, (query for query, _ in QUERIES), ordered=False)
    finally:
        sqlite.close()
        postgres.close()


def _unfold(db: Path | str) -> None:
    """Index every row as a version before the rule did (its content as written)."""
    if is_postgres(db):
        rows(db, "UPDATE memories SET keyword_text = NULL RETURNING seq")
        return
    for (seq,) in rows(db, "SELECT seq FROM memories"):
        rows(db, f"DELETE FROM memories_fts WHERE rowid = {seq}")
        rows(
            db,
            f"INSERT INTO memories_fts (rowid, content, subject) SELECT seq, content, '' FROM memories WHERE seq = {seq}",
        )


def test_rows_indexed_before_are_folded_by_schema_step_29(db_path: Path | str, tmp_path: Path) -> None:
    old = Memlane(db_path, user="alice", embedder="none")
    _store(old)
    old.close()
    _unfold(db_path)
    if not is_postgres(db_path):
        unfolded = Memlane(db_path, user="alice", embedder="none")
        assert keyword_hits(unfolded, "file") == []  # (as SQLite indexed it before)
        unfolded.close()
    rows(
        db_path,
        "DELETE FROM schema_migrations WHERE version = 29"
        + (" RETURNING version" if is_postgres(db_path) else ""),
    )
    migrated = Memlane(db_path, user="alice", embedder="none")
    fresh = Memlane(tmp_path / "fresh.db", user="alice", embedder="none")
    try:
        _store(fresh)
        for query, want in QUERIES:
            got = sorted(keyword_hits(migrated, query))
            assert {c for c, _ in got} == want, query
            assert got == sorted(keyword_hits(fresh, query)), query  # (lengths and statistics counted again)
        if is_postgres(db_path):
            indexed = rows(db_path, "SELECT keyword_text FROM memories WHERE keyword_text IS NOT NULL")
            assert sorted(r[0] for r in indexed) == sorted(
                [
                    TEXTS[0].replace("ﬁ", "fi"),
                    "Priya keeps the file cabinet key",
                    TEXTS[2].replace("ﬃ", "ffi"),
                ]
            )
    finally:
        migrated.close()
        fresh.close()
