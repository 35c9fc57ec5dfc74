"""After a store, linking empties the caches of what it works out from the stored memory's own text
(``graph.linking.forget_stored_texts``: a name's sentence, its sense, relatives' keys, what the text
states), which no later store asks again and which only made the garbage collector's full passes longer.
The functions are pure, so the graph is the same whether the caches are emptied or kept (both backends).
And the empty key and word sets those caches and the claims' analysis keep are one shared object.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import fields
from pathlib import Path

import pytest

import memlane.service as service
from memlane import Memlane
from memlane.graph import linking
from memlane.graph.relations_text import _read
from memlane.graph.resolution import context_evidence
from memlane.graph.said_names import names_said_for
from memlane.graph.said_reads import _needs
from memlane.graph.senses import sense_of
from memlane.text import claims
from pg import url_with_search_path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from linking_same import HARD_CASES, dump, dump_postgres  # noqa: E402
from synthetic import corpus  # noqa: E402

_TEXT_CACHES = (
    linking._evidence, linking._kin_keys, context_evidence, _needs, sense_of, names_said_for, _read
)  # fmt: skip


def _load(target: Path | str) -> list[str]:
    m = Memlane(target, user="bench", embedder="none")
    try:
        m.store_many(HARD_CASES, source="test")
        texts = [s for s, _ in corpus(200, seed=7)]
        for i in range(0, len(texts), 100):
            m.store_many(texts[i : i + 100], source="test", auto_supersede=i == 0)
        for text in texts[:10]:
            m.store(f"Later: {text}", source="test")
    finally:
        m.close()
    return dump_postgres(str(target)) if isinstance(target, str) else dump(target)


def test_a_store_leaves_the_text_caches_empty(db_path: Path | str) -> None:
    m = Memlane(db_path, user="ana", embedder="none")
    try:
        m.store_many(["Walter Jensen is my father", "Kasia Nowak from Tarkon met Bob in Porto"], source="t")
        assert [c.cache_info().currsize for c in _TEXT_CACHES] == [0] * len(_TEXT_CACHES)
        m.store("Mr. Hai called about the Acme renewal", source="t")
        assert [c.cache_info().currsize for c in _TEXT_CACHES] == [0] * len(_TEXT_CACHES)
        assert {e.name for e in m.entities.list()} >= {"Walter Jensen", "Kasia Nowak", "Tarkon"}
    finally:
        m.close()


def test_the_graph_is_the_same_with_the_text_caches_kept(
    db_path: Path | str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    emptied = _load(db_path)
    with _another(db_path, tmp_path, request) as other, monkeypatch.context() as patch:
        patch.setattr(service, "forget_stored_texts", lambda: None)
        kept = _load(other)
    assert emptied == kept
    assert len(emptied) > 100


@contextmanager
def _another(db_path: Path | str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Path | str]:
    """A second fresh database of the same backend."""
    if not isinstance(db_path, str):
        yield tmp_path / "kept.db"
        return
    import psycopg

    database = request.getfixturevalue("pg_database")
    with psycopg.connect(database, autocommit=True) as conn:
        conn.execute('CREATE SCHEMA "text_caches_kept"')
    try:
        yield url_with_search_path(database, "text_caches_kept")
    finally:
        with psycopg.connect(database, autocommit=True) as conn:
            conn.execute('DROP SCHEMA IF EXISTS "text_caches_kept" CASCADE')


def test_empty_key_and_word_sets_are_one_object() -> None:
    assert linking._short_form_keys("Robert Smith") is linking._NO_KEYS
    assert linking._particle_keys("Robert Smith", "person") is linking._NO_KEYS
    assert linking._kin_keys("Walter", "Walter called") is linking._NO_KEYS
    statement = claims.analyse("The meeting moved")
    empty = [
        value
        for claim in statement.claims
        for value in (getattr(claim, f.name) for f in fields(claim))
        if isinstance(value, frozenset) and not value
    ]
    assert empty and all(value is claims._NONE for value in empty)
