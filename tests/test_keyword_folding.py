"""The keyword lane folds accents and survives words too long to index, alike on both backends.

- SQLite's FTS5 folds accents itself (``remove_diacritics``); PostgreSQL's english configuration keeps
  them, so "cafe" missed "café" there. Its index and its query terms now go through the same rule
  (``text.fold_accents``, in ``storage/postgres/rows.fts_text``); schema step 25 refolds old rows.
- PostgreSQL indexes no word longer than 2,047 bytes: ``to_tsvector`` drops it, and the porter-terms
  index failed the whole write on a word over 2,712 bytes that did not compress. Such a word is left
  out of PostgreSQL's index; the memory is stored and found by its other words, with the same BM25
  scores as on SQLite (the word still counts in the document length on both).
"""

from __future__ import annotations

import random
import string
from pathlib import Path

from backends import assert_same_keyword_hits, keyword_hits, rows
from memlane import Memlane

ACCENTED = [
    "We met at the café on Rue Oberkampf",
    "Zoë sent her résumé to the Zürich office",
    "The señora at the bakery sells jalapeño bread",
    "Ordered a creme brulee for dessert",  # stored without accents, searched with them
]

#: (query, the stored text it must find through the keyword lane)
FOLDED = [
    ("cafe", ACCENTED[0]),
    ("café", ACCENTED[0]),
    ("CAFÉ", ACCENTED[0]),
    ("resume", ACCENTED[1]),
    ("zurich", ACCENTED[1]),
    ("Zoe", ACCENTED[1]),
    ("senora", ACCENTED[2]),
    ("jalapeno", ACCENTED[2]),
    ("crème brûlée", ACCENTED[3]),
]


def _store(mem: Memlane, texts: list[str]) -> None:
    results = mem.store_many(texts, auto_supersede=False)
    assert [r.status for r in results] == ["stored"] * len(texts)


def test_accents_fold_on_both_sides_of_a_keyword_search(mem: Memlane) -> None:
    _store(mem, [*ACCENTED, "The bakery opens at seven"])
    for query, want in FOLDED:
        assert [c for c, _ in keyword_hits(mem, query)] == [want], query
        assert "keyword" in next(h for h in mem.recall(query) if h.content == want).matched_by, query


def test_postgres_rows_indexed_before_are_folded_again(tmp_path: Path, pg_url: str) -> None:
    """Schema step 25 rewrites the tsvectors (and statistics) of rows an earlier version wrote: the
    scores are then those of a store written with the fix, and of SQLite."""
    texts = [*ACCENTED, "The café near the station closes early", "Cafe culture in Lisbon"]
    old = Memlane(pg_url, user="alice", embedder="none")
    _store(old, texts)
    rows(pg_url, "UPDATE memories SET fts = to_tsvector('english', content) RETURNING seq")  # as before
    rows(pg_url, "DELETE FROM stat_lexemes RETURNING df")
    rows(
        pg_url,
        "INSERT INTO stat_lexemes (bucket, lexeme, df) SELECT b.id, t, count(*) FROM memories m"
        " JOIN stat_buckets b USING (workspace, owner, visibility)"
        " CROSS JOIN LATERAL unnest(tsvector_to_array(m.fts)) AS t GROUP BY 1, 2 RETURNING df",
    )
    assert [c for c, _ in keyword_hits(old, "cafe")] == ["Cafe culture in Lisbon"]
    old.close()
    rows(pg_url, "DELETE FROM schema_migrations WHERE version = 25 RETURNING version")
    migrated = Memlane(pg_url, user="alice", embedder="none")
    fresh = Memlane(tmp_path / "fresh.db", user="alice", embedder="none")
    try:
        _store(fresh, texts)
        for query in ("cafe", "café", "resume", "jalapeno", "crème brûlée"):
            got = keyword_hits(migrated, query)
            assert len(got) >= 1 and got == keyword_hits(fresh, query), query
        assert len(keyword_hits(migrated, "cafe")) == 3
    finally:
        migrated.close()
        fresh.close()


def _long_word(n: int, alphabet: str, seed: int) -> str:
    """``n`` random letters and digits: a word that does not compress (a key, a hash, a blob)."""
    rnd = random.Random(seed)
    return "".join(rnd.choice(alphabet) for _ in range(n))


LONG_WORDS = [
    _long_word(2_047, string.ascii_letters + string.digits, 1),  # the longest PostgreSQL indexes
    _long_word(3_000, string.ascii_letters + string.digits, 2),  # over a GIN entry's 2,712 bytes
    _long_word(9_000, string.ascii_letters + string.digits, 3),  # over a page
    _long_word(1_200, "абвгдежзиклмнопрстуфхцчшщэюя", 4),  # 2,400 bytes in UTF-8
]


def _long_texts() -> list[str]:
    return [
        *(f"The signing blob {word} belongs to Gertrude Okonkwo" for word in LONG_WORDS),
        "Gertrude Okonkwo signs the release",
        "The release blob is on the shared drive",
    ]


def test_a_word_too_long_to_index_loses_nothing_else(mem: Memlane) -> None:
    _store(mem, _long_texts())
    found = {c for c, _ in keyword_hits(mem, "Okonkwo signing")}
    assert len(found) == len(LONG_WORDS) + 1
    for word in LONG_WORDS:
        assert any(word in c for c in found)
    assert len(keyword_hits(mem, "blob")) == len(LONG_WORDS) + 1
    assert any(LONG_WORDS[2] in h.content for h in mem.recall("who owns the signing blob?"))


def test_other_words_score_alike_on_both_backends(tmp_path: Path, pg_url: str) -> None:
    sqlite = Memlane(tmp_path / "long.db", user="alice", embedder="none")
    postgres = Memlane(pg_url, user="alice", embedder="none")
    try:
        for m in (sqlite, postgres):
            _store(m, _long_texts())
        assert_same_keyword_hits(sqlite, postgres, ("Okonkwo", "signing blob", "release", "Gertrude signs"))
    finally:
        sqlite.close()
        postgres.close()
