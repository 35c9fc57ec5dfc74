"""Forgetting is final on disk too (SPEC §2.4): after forget or expiry, the words of a forgotten memory
(its content, subject and data) are nowhere in the SQLite database's files, while the store is still
open (the WAL included), not only in what the queries return.

Before the fix the file kept them: FTS5 shadowed a deleted row's index entries with delete markers and
left its words in the index segments, deleted rows stayed in free space, and the WAL held the pages
written before the deletion. PostgreSQL keeps deleted rows until VACUUM (docs/concepts.md, *Forget*);
this test reads SQLite's files.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from memlane import Memlane
from memlane.timeutil import now_utc

pytestmark = pytest.mark.sqlite_only("reads the bytes of the SQLite database's files")

WORDS = (b"marmalad", b"zebrafinch", b"xylophonist", b"quibblefrost")


def _found(db: Path) -> dict[str, list[str]]:
    """Which of WORDS each of the database's files holds (case-insensitively)."""
    out = {}
    for path in sorted(db.parent.glob(db.name + "*")):
        data = path.read_bytes().lower()
        out[path.name] = [w.decode() for w in WORDS if w in data]
    return out


def test_forgotten_words_leave_the_files(db_path: Path) -> None:
    with Memlane(db_path, user="alice", embedder="none") as mem:
        kept = mem.store("The office plants need water on Mondays.")
        ids = [
            mem.store(
                f"Quentin Xylophonist's PIN hint is Marmalade{i}",
                subject="Quentin Xylophonist",
                data={"note": f"Zebrafinch {i}"},
            ).id  # fmt: skip
            for i in range(3)
        ]
        ids.append(mem.store("Quibblefrost is the wifi name", expires_at=now_utc() + timedelta(seconds=1)).id)
        mem.recall("Marmalade Xylophonist")  # (a read: nothing of it is written but access counts)
        before = _found(db_path)
        assert set(WORDS) <= {w.encode() for found in before.values() for w in found}  # the check can fail
        assert len(mem.history(ids[2])) == 3  # one chain: the older versions went with it
        assert sorted(mem.forget(ids[2]).deleted) == sorted(ids[:3])
        assert (
            mem.service.profiles.expire(now=now_utc() + timedelta(seconds=5)).deleted == 1
        )  # the expiry job
        assert [h.id for h in mem.recall("Marmalade Xylophonist Quibblefrost")] == []
        assert mem.get(kept.id).content == "The office plants need water on Mondays."
        assert {name: found for name, found in _found(db_path).items() if found} == {}
