"""A database in trouble, for real: a full disk, a full database, a damaged file. Writes answer 503
``storage_error`` with a message saying what failed, reads keep working where the file can be read,
``/health`` says what is wrong, and the CLI prints one ``error: …`` line.

The full disk is a real one: a 2 MiB tmpfs mounted in a private mount namespace (``unshare -rm``) that
the server's process lives in. A full *database* is simulated with SQLite's ``PRAGMA max_page_count``
(the pager refuses to grow the file, as on a full disk, with the same SQLITE_FULL error).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import apsw
import httpx
import pytest

from memlane import Memlane
from servers import Stack, bearer, free_port, make_stack, running
from test_serve import cli, env_for

pytestmark = pytest.mark.sqlite_only(
    reason="SQLite files, pages and their disk; PostgreSQL maps the same way"
)


def _damage_table(db: Path, table: str) -> None:
    """Overwrite the root page of ``table`` with garbage (the schema stays readable)."""
    con = apsw.Connection(str(db))
    page_size = con.execute("PRAGMA page_size").fetchall()[0][0]
    root = con.execute("SELECT rootpage FROM sqlite_schema WHERE name = ?", (table,)).fetchall()[0][0]
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    with open(db, "r+b") as f:
        f.seek((root - 1) * page_size)
        f.write(b"\xa5" * page_size)


def _fill_database(stack, client: httpx.Client) -> str:
    """Store until the database cannot grow; the 503's message."""
    with stack.mem.service.storage._db.writer() as conn:  # the one write connection: cap its file here
        pages = conn.execute("PRAGMA page_count").fetchall()[0][0]
        conn.execute(f"PRAGMA max_page_count = {pages + 2}")
    for i in range(500):
        r = client.post("/v1/memories", json={"content": f"filler {i} " + "lorem ipsum dolor " * 40})
        if r.status_code != 200:
            assert r.status_code == 503, r.text
            assert r.json()["error"]["code"] == "storage_error"
            return str(r.json()["error"]["message"])
    raise AssertionError("the capped database never filled up")


def test_a_full_database_answers_503_and_reads_keep_working(tmp_path: Path) -> None:
    stack = make_stack(tmp_path / "full.db")
    try:
        with (
            running(stack.app(mcp=False)) as url,
            httpx.Client(base_url=url, headers=bearer(stack.admin_key), timeout=60) as c,
        ):
            kept = c.post("/v1/memories", json={"content": "Ana keeps bees on the roof"}).json()["id"]
            assert httpx.get(f"{url}/health").json()["status"] == "ok"
            message = _fill_database(stack, c)
            assert "full" in message and "full.db" not in message  # the kind, not where the file is
            health = httpx.get(f"{url}/health")
            assert health.status_code == 503 and health.json()["status"] == "degraded"
            assert "full" in health.json()["message"]
            # reads keep working, their access counts included
            for _ in range(3):
                assert [h["id"] for h in c.post("/v1/recall", json={"query": "bees roof"}).json()["hits"]][
                    :1
                ] == [kept]
            assert c.get(f"/v1/memories/{kept}").json()["access_count"] == 3
            assert c.get("/v1/memories", params={"limit": 5}).status_code == 200
            # once the database may grow again, writes work and health recovers
            with stack.mem.service.storage._db.writer() as conn:
                conn.execute("PRAGMA max_page_count = 1073741823")
            assert c.post("/v1/memories", json={"content": "Ben keeps goats"}).status_code == 200
            assert httpx.get(f"{url}/health").json()["status"] == "ok"
    finally:
        stack.mem.close()


def test_a_damaged_file_answers_503_and_health_says_so(tmp_path: Path) -> None:
    db = tmp_path / "damaged.db"
    stack = make_stack(db)
    key = stack.admin_key
    stack.mem.store_many([f"note {i} about herons" for i in range(300)], auto_supersede=False)
    stack.mem.close()
    _damage_table(db, "memories")
    stack = Stack(mem := Memlane(db, user="alice", embedder="none"), mem.service.access, key)
    try:
        with (
            running(stack.app(mcp=False)) as url,
            httpx.Client(base_url=url, headers=bearer(key), timeout=60) as c,
        ):
            health = httpx.get(f"{url}/health")
            assert health.status_code == 503 and health.json()["status"] == "failing"
            for r in (c.get("/v1/memories"), c.post("/v1/recall", json={"query": "herons"}),
                      c.post("/v1/memories", json={"content": "Cleo counts herons"})):  # fmt: skip
                assert r.status_code == 503, r.text
                assert r.json()["error"]["code"] == "storage_error"
                assert "damaged" in r.json()["error"]["message"]
    finally:
        stack.mem.close()


def test_the_cli_says_one_line_about_a_damaged_file(tmp_path: Path) -> None:
    db = tmp_path / "damaged.db"
    cli(db, "keys", "create", "--user", "alice")
    _damage_table(db, "api_keys")
    for args in (("keys", "create", "--user", "bob"), ("keys", "list")):
        _says_one_line(cli(db, *args, check=False), "damaged")
    db.write_bytes(b"this is not a database " * 400)
    for args in (("keys", "list"), ("serve", "--port", str(free_port()))):
        _says_one_line(cli(db, *args, check=False), "damaged")


def _says_one_line(proc: subprocess.CompletedProcess, what: str) -> None:
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 1 and len(lines) == 1, proc.stderr
    assert lines[0].startswith("error: ") and what in lines[0], proc.stderr


def _private_tmpfs_works() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=1m tmpfs /mnt || exit 1"],
                           capture_output=True, timeout=30)  # fmt: skip
    return probe.returncode == 0


# Runs inside the private mount namespace, with the small disk mounted at argv[1]: serves the database
# on it, then fills the disk on the test's command (the server keeps its files open: the WAL was
# emptied first, so any write needs space the disk no longer has), runs the CLI, and frees the disk.
_DRIVER = textwrap.dedent(
    """
    import json, os, signal, subprocess, sys
    import apsw
    disk, port = sys.argv[1], sys.argv[2]
    db = os.path.join(disk, "memlane.db")
    env = {**os.environ, "MEMLANE_DATABASE_URL": db, "MEMLANE_EMBEDDER": "none", "MEMLANE_USER": "alice"}
    def run(*args):
        p = subprocess.run([sys.executable, "-m", "memlane.cli", *args], env=env, capture_output=True, text=True)
        return {"rc": p.returncode, "stdout": p.stdout, "stderr": p.stderr}
    server = subprocess.Popen([sys.executable, "-m", "memlane.cli", "serve", "--port", port, "--json",
                               "--no-mcp"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    print(server.stdout.readline().strip(), flush=True)
    for command in sys.stdin:
        command = command.strip()
        if command == "fill":
            con = apsw.Connection(db)
            con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            con.close()
            with open(os.path.join(disk, "filler"), "wb", buffering=0) as f:
                try:
                    while True:
                        f.write(b"x" * 4096)
                except OSError:
                    pass
            print(json.dumps({"free": os.statvfs(disk).f_bavail}), flush=True)
        elif command == "keys create":
            print(json.dumps(run("keys", "create", "--user", "bob")), flush=True)
        elif command == "free":
            os.remove(os.path.join(disk, "filler"))
            print(json.dumps({"freed": True}), flush=True)
    server.send_signal(signal.SIGINT)
    server.wait(30)
    print(json.dumps({"server_log": server.stderr.read()}), flush=True)
    """
)


@pytest.mark.skipif(
    not _private_tmpfs_works(), reason="needs unshare -rm to mount a small tmpfs (user namespaces)"
)
def test_a_full_disk_for_real(tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    disk.mkdir()
    driver = tmp_path / "driver.py"
    driver.write_text(_DRIVER)
    port = free_port()
    mount = 'mount -t tmpfs -o size=2m tmpfs "$1" && exec "$2" "$3" "$1" "$4"'
    proc = subprocess.Popen(["unshare", "-rm", "sh", "-c", mount, "sh", str(disk), sys.executable, str(driver),
                             str(port)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            env={**env_for(disk / "unused.db"), "PYTHONPATH": os.pathsep.join(sys.path)})  # fmt: skip
    assert proc.stdin is not None and proc.stdout is not None

    def ask(command: str) -> dict:
        proc.stdin.write(command + "\n")
        proc.stdin.flush()
        return json.loads(proc.stdout.readline())

    try:
        key = json.loads(proc.stdout.readline())["admin_key"]
        url = f"http://127.0.0.1:{port}"
        with httpx.Client(base_url=url, headers=bearer(key), timeout=30) as c:
            kept = c.post("/v1/memories", json={"content": "Ana keeps bees on the roof"}).json()["id"]
            c.post("/v1/recall", json={"query": "bees"})
            assert ask("fill")["free"] == 0
            store = c.post("/v1/memories", json={"content": "Ben keeps goats in the yard"})
            assert store.status_code == 503 and store.json()["error"]["code"] == "storage_error", store.text
            assert "full" in store.json()["error"]["message"]
            health = httpx.get(f"{url}/health")
            assert health.status_code == 503 and health.json()["status"] == "degraded", health.text
            # reads keep working; their access counts cannot be written (past the 2 s batching) and are kept
            time.sleep(2.1)
            for _ in range(3):
                hits = c.post("/v1/recall", json={"query": "bees roof"})
                assert hits.status_code == 200 and hits.json()["hits"][0]["id"] == kept
            assert c.get(f"/v1/memories/{kept}").status_code == 200
            assert c.get("/v1/memories").status_code == 200
            created = ask("keys create")
            assert (
                created["rc"] == 1 and created["stderr"].startswith("error: ") and "full" in created["stderr"]
            )
            assert len(created["stderr"].splitlines()) == 1, created["stderr"]
            ask("free")
            assert c.post("/v1/memories", json={"content": "Ben keeps goats in the yard"}).status_code == 200
            assert httpx.get(f"{url}/health").json()["status"] == "ok"
            assert c.get(f"/v1/memories/{kept}").json()["access_count"] >= 4
        proc.stdin.close()
        log = json.loads(proc.stdout.readline())["server_log"]
        assert "Traceback" not in log and "full" in log
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(30)
