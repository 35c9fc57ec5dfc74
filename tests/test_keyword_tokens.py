"""Words mixing letters, digits and punctuation are indexed and searched alike on both backends: split
where SQLite's FTS5 (unicode61) splits, on every character that is not a letter or digit. PostgreSQL's
own parser read "x2024-02-29" as x2024, -02, -29 and "v2.3.1" or "user@example.com" as one word each, so
a search that found an item on SQLite missed it there (one contract, both backends)."""

from __future__ import annotations

from pathlib import Path

import pytest

from backends import rows
from memlane import Memlane
from memlane.models import Filters
from memlane.text import tsquery_terms
from memlane.timeutil import now_utc

#: (a word as stored, queries that must find it: the word itself and parts of it)
WORDS = [
    ("x2024-02-29", ["x2024-02-29", "x2024", "02"]),
    ("v2.3.1", ["v2.3.1", "v2"]),
    ("ISO-8601", ["ISO-8601", "8601", "iso 8601"]),
    ("e-mail", ["e-mail", "mail"]),
    ("user@example.com", ["user@example.com", "example.com"]),
    ("3.14", ["3.14"]),
    ("build_id", ["build_id", "build"]),
]


def _found(mem: Memlane, query: str) -> set[int]:
    actor = mem._actor(None)
    hits = mem.service.storage.keyword_search(actor, Filters(), tsquery_terms(query), now_utc(), 20)
    return {seq for seq, _ in hits}


def _stored(db_path: Path | str, mem: Memlane) -> dict[str, int]:
    seqs = {}
    for word, _ in WORDS:
        added = mem.store(f"The release checklist mentions {word} in passing", auto_supersede=False)
        seqs[word] = rows(db_path, f"SELECT seq FROM memories WHERE id = '{added.id}'")[0][0]
    mem.store("The release checklist is long", auto_supersede=False)
    return seqs


@pytest.mark.parametrize(("word", "queries"), WORDS)
def test_a_mixed_word_is_found_by_itself_and_its_parts(
    db_path: Path | str, mem: Memlane, word: str, queries: list[str]
) -> None:
    seqs = _stored(db_path, mem)
    for query in queries:
        assert seqs[word] in _found(mem, query), (word, query)
    assert any(hit.content.split()[4] == word for hit in mem.recall(word))  # (and so recall finds it)


def test_rows_indexed_before_the_fix_are_split_again(pg_url: str) -> None:
    """PostgreSQL's migration 24 re-splits the tsvectors written by earlier versions."""
    from memlane.storage.postgres.migrations import MIGRATIONS

    with Memlane(pg_url, user="alice", embedder="none") as mem:  # (closed: tests/pg.py gives the schema back)
        seqs = _stored(pg_url, mem)
        rows(pg_url, "UPDATE memories SET fts = to_tsvector('english', content) RETURNING seq")  # as before
        assert seqs["x2024-02-29"] not in _found(mem, "02")
        (sql,) = [sql for version, _, sql in MIGRATIONS if version == 24]
        rows(pg_url, sql)
        for word, queries in WORDS:
            for query in queries:
                assert seqs[word] in _found(mem, query), (word, query)
