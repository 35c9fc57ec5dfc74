"""A full disk under PostgreSQL, for real: the ``memories`` table moved to a tablespace on a 512 KiB
tmpfs (a 2 MiB one took ~10 s of CPU to fill, for the same checks). Writes answer 503 ``storage_error``
saying the disk is full, reads keep working, ``/health`` says ``degraded`` and recovers once the table
has room again.

Needs the tests' own PostgreSQL server (on this machine) and root, to mount the small disk where the
server's user can write.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import uuid
from pathlib import Path

import httpx
import psycopg
import pytest

from memlane import StorageError
from servers import bearer, make_stack, running


def _server_uid(url: str) -> tuple[int, int]:
    with psycopg.connect(url, autocommit=True) as conn:
        pid = conn.execute("SELECT pg_backend_pid()").fetchone()[0]  # type: ignore[index]
        st = os.stat(f"/proc/{pid}")  # while the connection (and so its backend process) is still open
    return st.st_uid, st.st_gid


def test_a_full_disk_under_postgresql(pg_server, pg_url: str) -> None:
    if not pg_server.owned:
        pytest.skip("needs the tests' own PostgreSQL server: a tablespace on this machine's small disk")
    if os.geteuid() != 0 or not Path(f"/proc/{os.getpid()}").exists():
        pytest.skip("needs root (Linux) to mount a small tmpfs the PostgreSQL server's user can write to")
    uid, gid = _server_uid(pg_url)
    disk = Path(tempfile.mkdtemp(prefix="memlane-pgdisk-", dir="/tmp"))
    disk.chmod(0o755)
    space = f"memlane_full_{uuid.uuid4().hex[:8]}"
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size=512k,uid={uid},gid={gid},mode=0700", "tmpfs", str(disk)],
                   check=True)  # fmt: skip
    stack = None
    try:
        pg_server.admin(f"CREATE TABLESPACE {space} LOCATION '{disk}'")
        stack = make_stack(pg_url)
        kept = stack.mem.store("Ana keeps bees on the roof").id
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute(f"ALTER TABLE memories SET TABLESPACE {space}".encode())
        words = [
            "llama",
            "otter",
            "heron",
            "budget",
            "invoice",
            "meeting",
            "garden",
            "goats",
            "figs",
            "plums",
            "kiwis",
            "paris",
            "berlin",
            "tokyo",
        ]
        with pytest.raises(StorageError) as full:  # fill the small disk through the SDK (fast)
            for b in range(200):
                stack.mem.store_many(
                    [f"batch {b} item {i}: " + " ".join(words[(i * j) % len(words)] for j in range(300))
                     for i in range(100)], auto_supersede=False)  # fmt: skip
        assert "is full" in str(full.value) and "No space left on device" in str(full.value)
        with (
            running(stack.app(mcp=False)) as url,
            httpx.Client(base_url=url, headers=bearer(stack.admin_key), timeout=60) as c,
        ):
            store = c.post("/v1/memories", json={"content": "Ben keeps goats " + " ".join(words * 30)})
            assert store.status_code == 503 and store.json()["error"]["code"] == "storage_error", store.text
            assert "is full" in store.json()["error"]["message"]
            health = httpx.get(f"{url}/health")
            assert health.status_code == 503 and health.json()["status"] == "degraded", health.text
            for _ in range(3):  # reads, their access counts included, keep working
                hits = c.post("/v1/recall", json={"query": "bees roof"})
                assert hits.status_code == 200 and hits.json()["hits"][0]["id"] == kept
            assert c.get(f"/v1/memories/{kept}").status_code == 200
            assert c.get("/v1/memories").status_code == 200
            with psycopg.connect(pg_url, autocommit=True) as conn:
                conn.execute(b"ALTER TABLE memories SET TABLESPACE pg_default")
            assert c.post("/v1/memories", json={"content": "Cleo keeps hens"}).status_code == 200
            assert httpx.get(f"{url}/health").json()["status"] == "ok"
    finally:
        if stack is not None:
            stack.mem.close()
        with psycopg.connect(pg_url, autocommit=True) as conn:
            if conn.execute(b"SELECT to_regclass('memories') IS NOT NULL").fetchone() == (True,):
                conn.execute(b"ALTER TABLE memories SET TABLESPACE pg_default")
        pg_server.admin(f"DROP TABLESPACE IF EXISTS {space}")
        subprocess.run(["umount", "-l", str(disk)], check=False)
        disk.rmdir()
