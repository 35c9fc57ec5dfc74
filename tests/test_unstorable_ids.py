"""Text no database binds, given where an id, a name or a cursor is expected, is refused as bad input in
the store's words on both backends, before anything is read or written:

- an id, a conversation id or a profile's name with a lone surrogate ("\\ud800": what Python makes of a
  command line's bytes that are not UTF-8) failed in the driver's encoder (a UnicodeEncodeError from
  the embedded SDK and the CLI; a 500 where a server took it), and one with a NUL differed per backend.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from backends import count_rows
from cli_runner import invoke
from memlane import InvalidInput, Memlane

LONE = "\ud800"


def _calls(m: Memlane, memory_id: str, entity_id: str) -> dict[str, Callable[[str], Any]]:
    return {
        "memory_id": lambda v: m.get(v),
        "history": lambda v: m.history(v),
        "archive": lambda v: m.archive(v),
        "restore": lambda v: m.restore(v),
        "forget": lambda v: m.forget(v),
        "replaces": lambda v: m.store("Ana moved to Braga", replaces=v),
        "entity_id": lambda v: m.entities.get(v),
        "edges": lambda v: m.entities.edges(v),
        "memories": lambda v: m.entities.memories(v),
        "about": lambda v: m.entities.about(v),
        "merged": lambda v: m.entities.merge(entity_id, v),
        "merge_id": lambda v: m.entities.unmerge(v),
        "entity": lambda v: m.entities.merges(entity=v),
        "link": lambda v: m.entities.link(memory_id, v),
        "conversation_id": lambda v: m.conversations.append(v, [{"role": "user", "text": "hi"}]),
        "show": lambda v: m.conversations.show(v),
        "delete": lambda v: m.conversations.delete(v),
        "name": lambda v: m.profiles.show(v),
    }


def test_an_id_no_database_binds_is_refused_alike(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        memory_id = m.store("Ana Lima lives in Porto").id
        entity_id = m.anchor({"kind": "contact", "system": "crm", "id": "1", "name": "Ana Lima"}).id
        for what, call in _calls(m, memory_id, entity_id).items():
            for bad, said in ((LONE, "a lone surrogate (U+D800) is not Unicode text"),
                              (f"a{LONE}b", "a lone surrogate (U+D800) is not Unicode text")):  # fmt: skip
                with pytest.raises(InvalidInput) as refused:
                    call(bad)
                assert str(refused.value).endswith(f": {said}"), (what, str(refused.value))
            if what not in ("conversation_id", "show", "delete"):  # (a control character, said so there)
                with pytest.raises(InvalidInput, match=r": the NUL character \(U\+0000\) cannot be stored$"):
                    call("a\x00b")
        assert [x.id for x in m.list_recent()] == [memory_id]
        assert count_rows(db_path, "conversation_messages") == 0


def test_the_cli_refuses_an_argument_that_is_not_utf8(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    opts = ["--db", str(db), "--embedder", "none", "--user", "alice"]
    Memlane(db, user="alice", embedder="none").close()
    # a command line's bytes that are not UTF-8 reach Python as lone surrogates (b"\xff" -> "\udcff")
    got = invoke(["memory", "get", "\udcff", *opts])
    assert got.returncode == 1, got.stderr
    assert got.stderr.strip() == "error: memory_id: a lone surrogate (U+DCFF) is not Unicode text"
