"""A space is kept and filtered in Unicode NFC (``requests.space_form``), as every user, team, agent and
workspace name: "café" typed with a composed é and with e + U+0301 is one space (it was two buckets), a
profile is found by its name typed either way; migration 40 (``storage/space_names.py``) folds an older
store's spellings into one, in the migration's transaction, and refuses (nothing changed) where two
current memories or two profiles would become one. Both backends."""

from __future__ import annotations

import importlib
import unicodedata
from pathlib import Path

import pytest

from backends import is_postgres, rows
from memlane import Memlane
from memlane.errors import StorageError

NFC = unicodedata.normalize("NFC", "café")
NFD = unicodedata.normalize("NFD", "café")


def _sql(db_path: Path | str, sql: str) -> None:
    rows(db_path, sql + (" RETURNING 1" if is_postgres(db_path) else ""))


def _spaces(db_path: Path | str) -> dict[str, str]:
    return {str(i): str(s) for i, s in rows(db_path, "SELECT id, space FROM memories")}


def test_one_space_and_profile_whichever_way_it_is_typed(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        a = m.store("Oat milk runs out on Fridays", space=NFC)
        b = m.store("The espresso machine needs descaling", space=NFD)
        assert m.get(b.id).space == NFC
        assert m.store("Oat milk runs out on Fridays", space=NFD).id == a.id  # one duplicate, not two
        for typed in (NFC, NFD):
            assert {x.id for x in m.list_recent(space=typed)} == {a.id, b.id}, ascii(typed)
        m.profiles.create(NFC)
        assert m.profiles.show(NFD).name == NFC


def _older_store(db_path: Path | str, *, same: bool = False) -> dict[str, str]:
    """A store at schema 39 holding the space typed both ways (``same``: one content in both)."""
    with Memlane(db_path, user="alice", embedder="none") as m:
        ids = {
            "nfc": m.store("Oat milk runs out on Fridays", space=NFC).id,
            "nfd": m.store("Oat milk runs out on Fridays" if same else "Descale the machine", space="x").id,
        }
        profile = m.profiles.create("Résumé").id
    _sql(db_path, f"UPDATE memories SET space = '{NFD}' WHERE id = '{ids['nfd']}'")
    _sql(
        db_path,
        f"UPDATE profiles SET name = '{unicodedata.normalize('NFD', 'Résumé')}' WHERE id = '{profile}'",
    )
    rows(db_path, "DELETE FROM schema_migrations WHERE version >= 40")  # (a store of before 40)
    return ids


def test_an_older_stores_spellings_are_folded_into_one_space(db_path: Path | str) -> None:
    ids = _older_store(db_path)
    with Memlane(db_path, user="alice", embedder="none") as m:
        assert m.service.storage.schema_version() >= 40
        assert {x.id for x in m.list_recent(space=NFD)} == set(ids.values())
        assert m.profiles.show("Résumé").name == "Résumé"
    assert set(_spaces(db_path).values()) == {NFC}
    before = _spaces(db_path)
    rows(db_path, "DELETE FROM schema_migrations WHERE version >= 40")  # a second run changes nothing
    Memlane(db_path, user="alice", embedder="none").close()
    assert _spaces(db_path) == before


def test_two_current_memories_that_would_become_one_are_refused(db_path: Path | str) -> None:
    ids = _older_store(db_path, same=True)
    before = _spaces(db_path)
    with pytest.raises(StorageError, match=f"migration 40.*{ids['nfc']}.*{ids['nfd']}"):
        Memlane(db_path, user="alice", embedder="none")
    assert rows(db_path, "SELECT max(version) FROM schema_migrations") == [(39,)]
    assert _spaces(db_path) == before


def test_a_step_that_fails_leaves_the_store_as_it_was(
    db_path: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = _older_store(db_path)
    before = _spaces(db_path)
    store = importlib.import_module(
        f"memlane.storage.{'postgres' if is_postgres(db_path) else 'sqlite'}.store"
    )
    real = store.normalise_spaces

    def crash(*args: object) -> None:
        real(*args)  # the rows are written ... and the process fails before the version is recorded
        raise StorageError("the disk went away")

    monkeypatch.setattr(store, "normalise_spaces", crash)
    with pytest.raises(StorageError, match="disk"):
        Memlane(db_path, user="alice", embedder="none")
    assert rows(db_path, "SELECT max(version) FROM schema_migrations") == [(39,)]
    assert _spaces(db_path) == before and before[ids["nfd"]] == NFD
