"""Words of inflected scripts are found in their other forms, alike on both backends (``text.stems``).

Both keyword indexes stem English only, so "Яндекс" missed "Она работает в Яндексе" and "Москва" missed
"в Москве". A word written wholly in Cyrillic, Greek, Armenian or Arabic is now indexed and searched as
its Snowball stem (the script names the stemmer: Russian, Greek, Armenian, Arabic); English and other
Latin text is indexed exactly as before. Schema step 28 stems the rows written before.
"""

from __future__ import annotations

from pathlib import Path

from backends import assert_same_keyword_hits, is_postgres, keyword_hits, rows
from memlane import Memlane
from memlane.text import tokenize
from memlane.text.stems import keyword_text, stem_words

TEXTS = [
    "Она работает в Яндексе с прошлого года",
    "Мы переехали в Москву весной",
    "Η Μαρία μένει στην Αθήνα",
    "Սարգիսը ապրում է Երևանում",
    "يعمل أحمد في القاهرة",
    "The offsite is in Porto",
]

#: (query, the text its keyword hit must be)
INFLECTED = [
    ("Яндекс", TEXTS[0]),
    ("Яндексом", TEXTS[0]),
    ("работает ли она", TEXTS[0]),
    ("Москва", TEXTS[1]),
    ("Москве", TEXTS[1]),
    ("Αθήνας", TEXTS[2]),
    ("Αθήνα", TEXTS[2]),
    ("Երևան", TEXTS[3]),
    ("بالقاهرة", TEXTS[4]),
]


def _store(mem: Memlane) -> None:
    results = mem.store_many(TEXTS, auto_supersede=False)
    assert [r.status for r in results] == ["stored"] * len(TEXTS)


def test_another_form_of_a_word_is_found_by_the_keyword_lane(mem: Memlane) -> None:
    _store(mem)
    for query, want in INFLECTED:
        assert [c for c, _ in keyword_hits(mem, query)] == [want], query
        hit = next(h for h in mem.recall(query) if h.content == want)
        assert "keyword" in hit.matched_by, query  # (and the keyword evidence counts it: the hit stays)
    assert [c for c, _ in keyword_hits(mem, "Porto")] == [TEXTS[5]]


def test_latin_text_is_indexed_and_searched_as_before() -> None:
    """English (and every Latin-script language) keeps the backends' own English stemming: the rule
    changes no keyword text and no query term of theirs, so English results cannot move."""
    for text in ("The offsite is in Porto", "Zoë's résumé", "Die Häuser in München", "ciudades", "x2024"):
        assert keyword_text(text) is None and stem_words(text) == text
    assert tokenize("running meetings") == ["run", "meet"]
    # a word mixing scripts is left as it is; a CJK run still becomes its character pairs
    assert stem_words("iPhoneы Яндексе") == "iPhoneы яндекс"
    assert keyword_text("東京タワー в Москве") == " 東京 京タ タワ ワー  в москв"


def test_both_backends_score_inflected_words_alike(tmp_path: Path, pg_url: str) -> None:
    sqlite = Memlane(tmp_path / "ru.db", user="alice", embedder="none")
    postgres = Memlane(pg_url, user="alice", embedder="none")
    try:
        for m in (sqlite, postgres):
            _store(m)
            m.store("Яндекс открыл офис в Москве", auto_supersede=False)
        assert_same_keyword_hits(sqlite, postgres, (query for query, _ in INFLECTED))
    finally:
        sqlite.close()
        postgres.close()


def _unstem(db: Path | str) -> None:
    """Index every row as a version before the rule did (its content as it is)."""
    if is_postgres(db):
        rows(
            db,
            "UPDATE memories SET keyword_text = NULL, fts = to_tsvector('english', regexp_replace(content,"
            " '[[:punct:][:space:]]+', ' ', 'g')) RETURNING seq",
        )
        return
    for (seq,) in rows(db, "SELECT seq FROM memories"):
        rows(db, f"DELETE FROM memories_fts WHERE rowid = {seq}")
        rows(
            db,
            f"INSERT INTO memories_fts (rowid, content, subject) SELECT seq, content, '' FROM memories WHERE seq = {seq}",
        )


def test_rows_indexed_before_are_stemmed_by_schema_step_28(db_path: Path | str, tmp_path: Path) -> None:
    old = Memlane(db_path, user="alice", embedder="none")
    _store(old)
    old.close()
    _unstem(db_path)
    unstemmed = Memlane(db_path, user="alice", embedder="none")
    assert keyword_hits(unstemmed, "Яндекс") == []
    unstemmed.close()
    rows(
        db_path,
        "DELETE FROM schema_migrations WHERE version = 28"
        + (" RETURNING version" if is_postgres(db_path) else ""),
    )
    migrated = Memlane(db_path, user="alice", embedder="none")
    fresh = Memlane(tmp_path / "fresh.db", user="alice", embedder="none")
    try:
        _store(fresh)
        for query, want in INFLECTED:
            got = keyword_hits(migrated, query)
            assert [c for c, _ in got] == [want], query
            assert got == keyword_hits(fresh, query), query  # (lengths and statistics counted again)
    finally:
        migrated.close()
        fresh.close()
