"""The sweep on PostgreSQL reads the conversation log up to a settled position (issue 15): a message whose
transaction took a lower position and committed after a higher one is never skipped. Real concurrent
writers: a transaction held open on another connection, and a writer process appending while sweeps run."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import psycopg

from memlane import Memlane

SRC = Path(__file__).resolve().parents[1] / "src"
ALICE = [{"role": "user", "text": "I always drink green tea in the morning."}]
BOB = [{"role": "user", "text": "From now on, always reply to me in French."}]


def _contents(mem: Memlane, user: str) -> list[str]:
    return [m.content for m in mem.list_recent(100, user=user)]


def test_postgresql_sweep_never_skips_a_message_committed_late(pg_url: str) -> None:
    """A transaction that took a log position and commits after a later one did: the sweep waits for it
    (it is in flight when the sweep starts) instead of advancing past it, so its message is extracted."""
    mem = Memlane(pg_url, user="alice", embedder="none")
    mem.profiles.create("p")
    (template,) = mem.conversations.append("first", ALICE)
    assert mem.profiles.run("p").messages == 1
    writer = psycopg.connect(pg_url)  # autocommit off: the insert opens a transaction, held open here
    writer.execute(
        "INSERT INTO conversation_messages (id, workspace, owner, visibility, conversation_id, role, text,"
        " speaker, agent, author, at, created_at) SELECT 'late-1', workspace, owner, visibility, 'late', role,"
        " 'From now on, always book me a window seat.', speaker, agent, author, at, created_at"
        " FROM conversation_messages WHERE id = %s",
        (template.id,),
    )
    mem.conversations.append("after", BOB, user="bob")  # a higher position, committed first
    reports: list[object] = []
    sweeping = threading.Thread(target=lambda: reports.append(mem.profiles.run("p")))
    sweeping.start()
    sweeping.join(1.0)
    assert sweeping.is_alive() and not reports  # waiting for the write in flight, not done without it
    writer.commit()
    sweeping.join(60)
    (report,) = reports
    assert report.status == "succeeded" and (report.messages, report.transcripts) == (2, 2)  # type: ignore[attr-defined]
    assert mem.profiles.run("p").messages == 0
    assert "From now on, always book me a window seat" in _contents(mem, "alice")
    assert any("French" in c for c in _contents(mem, "bob"))
    writer.close()
    mem.close()


def test_postgresql_sweeps_alongside_a_writer_process_read_each_message_once(pg_url: str, tmp_path) -> None:
    """A real writer process appends conversations (each a durable statement of its own user) while sweeps
    run back to back: together the sweeps read every message exactly once and every user gets exactly one
    memory."""
    conversations = 60
    mem = Memlane(pg_url, user="alice", embedder="none")
    mem.profiles.create("p")
    script = (
        "import sys; from memlane import Memlane\n"
        "m = Memlane(sys.argv[1], user='w', embedder='none')\n"
        f"for i in range({conversations}):\n"
        "    m.conversations.append(f'w-{i}', [{'role': 'user', 'text': f'I always drink tea number {i} at noon.'},"
        " {'role': 'assistant', 'text': 'Noted.'}], user=f'u{i}')\n"
        "m.close()\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}
    writer = subprocess.Popen([sys.executable, "-c", script, pg_url], env=env)
    read = 0
    while writer.poll() is None:
        report = mem.profiles.run("p")
        assert report.status == "succeeded", report.error
        read += report.messages
    assert writer.returncode == 0
    read += mem.profiles.run("p").messages
    assert read == 2 * conversations
    per_user = [len(mem.list_recent(10, user=f"u{i}")) for i in range(conversations)]
    assert per_user == [1] * conversations
    mem.close()
