"""Imports in the background (``MemoryService.imports``, the dashboard's upload): ``start`` returns while
the import runs, its progress is read by id, the result is kept, and only its user reads it. A real
SQLite file; another "process" writing is the writers' lock file held by the test (memlane's own
queue), so the import is caught mid-way without any timing."""

from __future__ import annotations

import fcntl
import io
import json
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from memlane import InvalidInput, Memlane, NotFound
from memlane.import_runs import ImportRun
from memlane.models import Actor

ALICE = Actor(user="alice")
BOB = Actor(user="bob")


@contextmanager
def writer_held(db: Path) -> Iterator[None]:
    """Hold memlane's writers' lock on ``db``, as another process writing would."""
    fd = os.open(f"{db}-memlane-lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def wait_for(m: Memlane, run_id: str, actor: Actor, phase: str) -> ImportRun:
    deadline = time.monotonic() + 120  # a bound for a hung run, not a measured duration
    while True:
        run = m.service.imports.get(run_id, actor=actor)
        if run.phase == phase or (not run.running and phase != run.phase):
            return run
        assert time.monotonic() < deadline, run
        time.sleep(0.02)


@pytest.fixture
def m(tmp_path: Path) -> Iterator[Memlane]:
    mem = Memlane(tmp_path / "m.db", user="alice", embedder="none")
    yield mem
    mem.close()


def test_start_returns_while_the_import_runs_and_the_result_is_kept(m: Memlane, tmp_path: Path) -> None:
    lines = [f"Crate {i} holds {i * 3} spare fuses" for i in range(300)]
    lines += [lines[0], "My AWS key is AKIAIOSFODNN7EXAMPLE"]
    upload = io.BytesIO("\n".join(lines).encode())
    with writer_held(tmp_path / "m.db"):
        run = m.service.imports.start(upload, "text", actor=ALICE, name="fuses.txt")
        assert run.running and run.result is None
        upload.close()  # the request's file may go: the run has its own copy
        storing = wait_for(m, run.id, ALICE, "storing")
        # read and checked, waiting for the database: nothing stored yet
        assert (storing.phase, storing.done, storing.total, storing.found) == ("storing", 0, 301, 301)
        assert storing.in_file_duplicates == 1 and storing.percent == 0
        assert m.list_recent(limit=5) == []
        with pytest.raises(InvalidInput, match="running already"):
            m.service.imports.start(b"I like tea", "text", actor=ALICE)
    done = wait_for(m, run.id, ALICE, "done")
    assert done.result is not None and done.finished_at is not None and done.percent == 100
    assert (done.result.imported, done.result.skipped_duplicates) == (300, 1)
    (invalid,) = done.result.skipped_invalid
    assert "AWS" in invalid["reason"] and "AKIA" not in json.dumps(invalid)
    assert len(m.list_recent(limit=1000)) == 300
    # kept: the run and its result are read again later, newest first among the user's runs
    again = m.service.imports.start(b"I like tea", "text", actor=ALICE, name="tea.txt")
    wait_for(m, again.id, ALICE, "done")
    assert [r.id for r in m.service.imports.list(actor=ALICE)] == [again.id, run.id]
    assert m.service.imports.get(run.id, actor=ALICE).result == done.result


def test_runs_are_their_users_own(m: Memlane) -> None:
    run = m.service.imports.start(b"I like tea", "text", actor=ALICE)
    wait_for(m, run.id, ALICE, "done")
    with pytest.raises(NotFound):
        m.service.imports.get(run.id, actor=BOB)
    with pytest.raises(NotFound):
        m.service.imports.get(run.id, actor=Actor(user="alice", workspace="elsewhere"))
    assert m.service.imports.list(actor=BOB) == []


def test_a_failed_import_says_why_and_stores_nothing(m: Memlane) -> None:
    with pytest.raises(InvalidInput, match="format"):
        m.service.imports.start(b"x", "wordperfect", actor=ALICE)
    run = m.service.imports.start(b"{not json", "chatgpt", actor=ALICE, name="broken.json")
    failed = wait_for(m, run.id, ALICE, "failed")
    assert failed.error and failed.result is None and not failed.running
    assert m.list_recent(limit=5) == []


def test_a_memlane_export_reports_its_progress_too(m: Memlane, tmp_path: Path) -> None:
    m.store_many([f"Shelf {i} is blue" for i in range(20)])
    exported = "\n".join(m.export()).encode()
    other = Memlane(tmp_path / "other.db", user="alice", embedder="none")
    try:
        seen: list[tuple[str, int, int]] = []
        from memlane.importers import read_export

        batch = read_export(exported, "memlane")
        result = other.service.import_batch(batch, actor=ALICE, progress=lambda *p: seen.append(p))
        assert result.imported == 20 and seen[-1] == ("storing", 20, 20) and seen[0] == ("storing", 0, 20)
        run = other.service.imports.start(exported, "memlane", actor=ALICE)
        assert wait_for(other, run.id, ALICE, "done").result.skipped_duplicates == 20  # type: ignore[union-attr]
    finally:
        other.close()
