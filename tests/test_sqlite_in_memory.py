"""An in-memory SQLite store (``:memory:``) writes no file and works: its readers are its one
connection, since no other connection can open a private in-memory database."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from memlane import Memlane
from memlane.storage.sqlite import SqliteStore


def test_an_in_memory_store_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    store = SqliteStore(":memory:")
    try:
        assert store.schema_version() > 0  # read by a reader: it sees what the writer migrated
    finally:
        store.close()
    assert os.listdir(cwd) == []


def test_an_in_memory_store_stores_and_recalls_from_any_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    mem = Memlane(":memory:", user="alice", embedder="none", home=tmp_path / "home", environ={})
    stored = mem.store("The wombat likes Darjeeling tea")
    found: list[list[str]] = []
    reader = threading.Thread(target=lambda: found.append([h.id for h in mem.recall("wombat tea")]))
    reader.start()
    reader.join()
    assert found == [[stored.id]]
    mem.close()
    assert os.listdir(cwd) == []


def test_a_file_store_keeps_its_writers_lock(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "m.db")
    store.close()
    assert (tmp_path / "m.db-memlane-lock").exists()
