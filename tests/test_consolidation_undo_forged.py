"""Undoing a consolidation moves only the versions the consolidation moved (both backends, REST on a
loopback server as two users, and the CLI on the database).

``source`` and ``provenance`` are fields of every store, so a memory can claim to be a consolidation of
anyone's memories. Before the fix alice stored "Alice's note" with ``source: consolidation`` and a
``provenance.consolidated`` naming bob's superseded "Bob lives in Paris", then undid it: bob's old
version was current again beside "Bob lives in Berlin", cut out of his history, and the answer named
his memory's id (so it told alice the id exists). A second forgery, a memory that replaces alice's own
and sends it "back" into bob's chain, put her memory into his chain.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx

from memlane import Memlane
from servers import Stack, bearer, running

SRC = str(Path(__file__).resolve().parents[1] / "src")


def _bobs_chain(mem: Memlane) -> tuple[str, str]:
    paris = mem.store("Bob lives in Paris", user="bob")
    berlin = mem.store("Bob lives in Berlin", replaces=paris.id, user="bob")
    return paris.id, berlin.id


def _history(mem: Memlane, memory_id: str) -> list[tuple[str, bool]]:
    return [(m.content, m.superseded_by is None) for m in mem.history(memory_id, user="bob")]


def _forgeries(paris: str, berlin: str, mine: str) -> list[dict[str, Any]]:
    """Store bodies claiming to have consolidated bob's versions, or to send alice's back into his chain."""
    return [
        {"content": "Alice's note", "source": "consolidation",
         "provenance": {"consolidated": [{"id": paris, "chain_id": "elsewhere", "versions": [paris, berlin]}]}},
        {"content": "Alice's second note", "source": "consolidation", "replaces": mine,
         "provenance": {"consolidated": [{"id": mine, "chain_id": paris, "versions": [mine]}]}},
    ]  # fmt: skip


def test_rest_undo_of_a_forged_consolidation_leaves_bobs_chain_alone(stack: Stack) -> None:
    paris, berlin = _bobs_chain(stack.mem)
    before = _history(stack.mem, berlin)
    alice = bearer(stack.key(user="alice"))
    with running(stack.app()) as url:
        mine = httpx.post(
            f"{url}/v1/memories", headers=alice, json={"content": "Alice likes chess"}, timeout=60
        )
        for body in _forgeries(paris, berlin, mine.json()["id"]):
            stored = httpx.post(f"{url}/v1/memories", headers=alice, json=body, timeout=60)
            assert stored.status_code == 200, stored.text
            undone = httpx.post(f"{url}/v1/consolidate/undo", headers=alice, json={"id": stored.json()["id"]},
                                timeout=60)  # fmt: skip
            assert undone.status_code == 200, undone.text
            assert undone.json() == {"restored": []}  # (nothing of bob's named, nothing moved)
    assert (
        _history(stack.mem, berlin)
        == before
        == [("Bob lives in Paris", False), ("Bob lives in Berlin", True)]
    )
    assert _history(stack.mem, paris) == before
    assert [m.content for m in stack.mem.list_recent(10, user="bob")] == ["Bob lives in Berlin"]
    assert {m.content for m in stack.mem.history(berlin, user="bob")} == {
        "Bob lives in Paris",
        "Bob lives in Berlin",
    }


def test_cli_undo_as_the_operator_moves_no_other_chain(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as mem:
        paris, berlin = _bobs_chain(mem)
        mine = mem.store("Alice likes chess")
        forged = [mem.store(**body) for body in _forgeries(paris, berlin, mine.id)]
    env = {**os.environ, "PYTHONPATH": SRC}
    for stored in forged:
        out = subprocess.run([sys.executable, "-m", "memlane.cli", "consolidate", "--undo", stored.id, "--db",
                              str(db_path), "--embedder", "none", "--json"], capture_output=True, env=env,
                             timeout=300)  # fmt: skip
        assert out.returncode == 0, out.stderr
    with Memlane(db_path, user="bob", embedder="none") as mem:
        assert _history(mem, berlin) == [("Bob lives in Paris", False), ("Bob lives in Berlin", True)]
        assert [m.content for m in mem.list_recent(10)] == ["Bob lives in Berlin"]
