"""A logged message's position (``seq``) is never given twice (both backends): a profile's sweep reads the
log after the position its last run reached, so a position given again, below it, is never read.
SQLite gave a deleted conversation's positions, when they were the newest, to the next messages logged:
a profile that had swept bob's conversation never swept the one alice logged after bob deleted his."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from memlane import Memlane


def test_a_conversation_logged_after_a_deleted_one_is_swept(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as mem:
        mem.service.profiles.settle = timedelta(0)
        mem.profiles.create("prefs")
        said = [{"role": "user", "text": "I always book hotels through Quorvex Travel."}]
        mem.conversations.append("bob's", said, user="bob")
        assert mem.profiles.run("prefs").added == 1
        assert mem.conversations.delete("bob's", user="bob") == 1
        mem.conversations.append(
            "alice's", [{"role": "user", "text": "I always fly with Zentair, from now on."}]
        )
        assert mem.profiles.run("prefs").added == 1  # (before, on SQLite: 0, never swept)
        assert [m.content for m in mem.list_recent(10)] == ["The user always flies with Zentair, from now on"]
        # and again once the log is empty: the highest position given is kept
        mem.conversations.delete("alice's")
        mem.conversations.append(
            "again", [{"role": "user", "text": "I always take the aisle seat, by default."}]
        )
        assert mem.profiles.run("prefs").added == 1
