"""Words of Indic scripts (Devanagari, Tamil, …) are kept whole by both keyword indexes, alike.

Their vowel signs and viramas are combining marks: FTS5's unicode61 split "दिल्ली" at them into "द", "ल",
"ल" (so "दिल्ली" also matched "दल"), and PostgreSQL's index text dropped them with the accents and split
there too, differently. They are word characters now (``text.WORD_MARKS``: SQLite's ``tokenchars``, the
PostgreSQL index text and the query terms), so both backends index and search the same whole words.
Schema step 30 rebuilds the index of the rows written before.
"""

from __future__ import annotations

from pathlib import Path

from backends import assert_same_keyword_hits, is_postgres, keyword_hits, rows
from memlane import Memlane
from memlane.text import tsquery_terms

TEXTS = [
    "मैं दिल्ली में रहता हूँ",
    "राम दल का नेता है",
    "நான் சென்னையில் வாழ்கிறேன்",
    "கொழும்பு ஒரு நகரம்",
    "The offsite is in Porto",
    "मेरा दिल खुश है",
]

#: (query, the texts its keyword hits must be)
QUERIES = [
    ("दिल्ली", {TEXTS[0]}),
    ("दल", {TEXTS[1]}),
    ("दिल", {TEXTS[5]}),  # (another word than "दल": its vowel sign is no accent)
    ("रहता", {TEXTS[0]}),
    ("சென்னையில்", {TEXTS[2]}),
    ("கொழும்பு", {TEXTS[3]}),
    ("நகரம்", {TEXTS[3]}),
    ("Porto", {TEXTS[4]}),
]


def _store(mem: Memlane) -> None:
    results = mem.store_many(TEXTS, auto_supersede=False)
    assert [r.status for r in results] == ["stored"] * len(TEXTS)


def test_query_terms_keep_indic_words_whole() -> None:
    assert tsquery_terms("मैं दिल्ली में रहता हूँ") == ["मैं", "दिल्ली", "में", "रहता", "हूँ"]
    assert tsquery_terms("நான் சென்னையில் வாழ்கிறேன்") == ["நான்", "சென்னையில்", "வாழ்கிறேன்"]


def test_a_hindi_or_tamil_word_finds_the_sentence_holding_it(mem: Memlane) -> None:
    _store(mem)
    for query, want in QUERIES:
        assert {c for c, _ in keyword_hits(mem, query)} == want, query
    hit = next(h for h in mem.recall("दिल्ली") if h.content == TEXTS[0])
    assert "keyword" in hit.matched_by


def test_both_backends_score_indic_words_alike(tmp_path: Path, pg_url: str) -> None:
    sqlite = Memlane(tmp_path / "indic.db", user="alice", embedder="none")
    postgres = Memlane(pg_url, user="alice", embedder="none")
    try:
        for m in (sqlite, postgres):
            _store(m)
            m.store("दिल्ली और चेन्नई बड़े शहर हैं", auto_supersede=False)
        assert_same_keyword_hits(sqlite, postgres, (query for query, _ in QUERIES), ordered=False)
    finally:
        sqlite.close()
        postgres.close()


def _index_as_before(db: Path | str) -> None:
    """Index every row as a version before step 30 did."""
    if is_postgres(db):
        rows(
            db,
            "UPDATE memories SET fts = to_tsvector('english', regexp_replace(content, '[^[:alnum:]]+', ' ', 'g'))"
            " RETURNING seq",
        )
        return
    rows(db, "DROP TABLE memories_fts_inst")
    rows(db, "DROP TABLE memories_fts_vocab")
    rows(db, "DROP TABLE memories_fts")
    rows(
        db,
        "CREATE VIRTUAL TABLE memories_fts USING fts5(content, subject, tokenize = 'porter unicode61 remove_diacritics 2')",
    )
    rows(db, "CREATE VIRTUAL TABLE memories_fts_vocab USING fts5vocab(memories_fts, 'row')")
    rows(db, "CREATE VIRTUAL TABLE memories_fts_inst USING fts5vocab(memories_fts, 'instance')")
    rows(db, "INSERT INTO memories_fts (rowid, content, subject) SELECT seq, content, '' FROM memories")


def test_rows_indexed_before_are_indexed_again_by_schema_step_30(db_path: Path | str, tmp_path: Path) -> None:
    old = Memlane(db_path, user="alice", embedder="none")
    _store(old)
    old.close()
    _index_as_before(db_path)
    rows(
        db_path,
        "DELETE FROM schema_migrations WHERE version = 30"
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
    finally:
        migrated.close()
        fresh.close()
