"""Migration 38: a memory's ``related_user`` stored before ``requests.related_user_form`` (" kalina "
and "kalina\\t" kept as given, a decomposed "Zoë", a blank one) is rewritten in the form a store and a
filter give it, on both backends, in the migration's transaction: an older store opened by this memlane
reads "kalina" back and the filter "kalina" (or " kalina ") finds it; a step that fails leaves the store
at 37 with its values as they were; a second run changes nothing."""

from __future__ import annotations

import importlib
import unicodedata
from pathlib import Path

import pytest

from backends import is_postgres, rows
from memlane import Memlane
from memlane.errors import StorageError

ZOE_NFC = unicodedata.normalize("NFC", "Zoë")
ZOE_NFD = unicodedata.normalize("NFD", "Zoë")


def _sql(db_path: Path | str, sql: str) -> None:
    rows(db_path, sql + (" RETURNING 1" if is_postgres(db_path) else ""))


def _older_store(db_path: Path | str) -> dict[str, str]:
    """Memories of a store at schema 37 holding related users as an older memlane kept them."""
    with Memlane(db_path, user="alice", embedder="none") as m:
        ids = {
            "spaced": m.store("Kalina prefers oat milk in her tea", related_user="kalina").id,
            "tab": m.store("Kalina walks to work", related_user="kalina").id,
            "nfd": m.store("Zoë plays the cello", related_user=ZOE_NFC).id,
            "blank": m.store("I like green tea").id,
            "plain": m.store("Bogdan fixes bikes", related_user="bogdan").id,
        }
    old = {"spaced": " kalina ", "tab": "kalina\t", "nfd": ZOE_NFD, "blank": "  "}
    for key, value in old.items():
        quoted = value.replace("'", "''")
        _sql(db_path, f"UPDATE memories SET related_user = '{quoted}' WHERE id = '{ids[key]}'")
    rows(db_path, "DELETE FROM schema_migrations WHERE version >= 38")  # (a store of before 38)
    assert rows(db_path, "SELECT max(version) FROM schema_migrations") == [(37,)]
    return ids


def _stored(db_path: Path | str) -> dict[str, str | None]:
    return {str(i): v for i, v in rows(db_path, "SELECT id, related_user FROM memories")}


def test_an_older_stores_related_users_are_rewritten_and_found(db_path: Path | str) -> None:
    ids = _older_store(db_path)
    assert _stored(db_path)[ids["spaced"]] == " kalina "
    with Memlane(db_path, user="alice", embedder="none") as m:
        assert m.service.storage.schema_version() >= 38
        got = {key: m.get(i).related_user for key, i in ids.items()}
        assert got == {
            "spaced": "kalina",
            "tab": "kalina",
            "nfd": ZOE_NFC,
            "blank": "alice",
            "plain": "bogdan",
        }
        for query in ("kalina", " kalina "):
            found = {h.id for h in m.search("Kalina", related_user=query)}
            assert found == {ids["spaced"], ids["tab"]}, query
            assert {x.id for x in m.list_recent(related_user=query)} == {ids["spaced"], ids["tab"]}
        assert [x.id for x in m.list_recent(related_user=ZOE_NFD)] == [ids["nfd"]]
        assert ids["blank"] in {x.id for x in m.list_recent(related_user="alice")}
    # a second run (the step forgotten) changes nothing
    before = _stored(db_path)
    rows(db_path, "DELETE FROM schema_migrations WHERE version >= 38")
    with Memlane(db_path, user="alice", embedder="none") as m:
        assert m.service.storage.schema_version() >= 38
    assert _stored(db_path) == before


def test_a_step_that_fails_leaves_the_store_as_it_was(
    db_path: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = _older_store(db_path)
    before = _stored(db_path)
    module = "postgres" if is_postgres(db_path) else "sqlite"
    store = importlib.import_module(f"memlane.storage.{module}.store")
    real = store.write_related_user_form

    def crash(conn: object) -> None:
        real(conn)  # the rows are written ... and the process fails before the version is recorded
        raise StorageError("the disk went away")

    monkeypatch.setattr(store, "write_related_user_form", crash)
    with pytest.raises(StorageError):
        Memlane(db_path, user="alice", embedder="none")
    assert rows(db_path, "SELECT max(version) FROM schema_migrations") == [(37,)]
    assert _stored(db_path) == before and before[ids["spaced"]] == " kalina "
    monkeypatch.undo()
    with Memlane(db_path, user="alice", embedder="none") as m:
        assert m.get(ids["spaced"]).related_user == "kalina"
