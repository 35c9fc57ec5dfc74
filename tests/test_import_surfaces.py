"""The import on every surface (CLI, REST, remote SDK) and a kill -9 of a real importing process."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from backends import count_rows
from cli_runner import invoke
from export_fixtures import PASTED, claude_2026_files, write_folder, zip_bytes
from memlane import InvalidInput, Memlane
from servers import make_stack, running

SRC = str(Path(__file__).resolve().parents[1] / "src")


def cli(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """``memlane ARGS`` in this process (tests/cli_runner.py); the import a kill interrupts is a real one."""
    return invoke(args, input=stdin, text=False)


def test_cli_imports_a_file_and_stdin(tmp_path: Path) -> None:
    db = str(tmp_path / "cli.db")
    export = tmp_path / "claude.zip"
    export.write_bytes(zip_bytes(claude_2026_files()))
    out = cli("memory", "import", str(export), "--db", db, "--embedder", "none", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["vendor"] == "claude" and json.loads(out.stdout)["imported"] == 8
    assert out.stderr == b""  # no progress bar when stderr is not a terminal
    piped = cli(
        "memory",
        "import",
        "-",
        "--from",
        "gemini",
        "--db",
        db,
        "--embedder",
        "none",
        stdin=PASTED["plain"].encode(),
    )
    assert piped.returncode == 0, piped.stderr
    assert b"gemini: imported 3, already there 0, skipped 0" in piped.stdout
    bad = cli("memory", "import", "-", "--db", db, "--embedder", "none", stdin=b"\xff\xfe\x00garbage")
    assert bad.returncode == 1 and bad.stderr.startswith(b"error: ") and b"nothing was imported" in bad.stderr


def test_rest_and_remote_sdk(tmp_path: Path) -> None:
    stack = make_stack(tmp_path / "server.db")
    try:
        with running(stack.app()) as url:
            headers = {"Authorization": f"Bearer {stack.admin_key}"}
            files = {"file": ("memories.txt", PASTED["numbered"].encode(), "text/plain")}
            r = httpx.post(
                f"{url}/v1/memory/import", headers=headers, files=files, data={"format": "text"}, timeout=60
            )
            assert r.status_code == 200, r.text
            assert r.json() == {
                "vendor": "text",
                "imported": 2,
                "skipped_duplicates": 0,
                "skipped_invalid": [],
                "conversations": None,  # only with conversations=true
                "graph": None,  # only when a memlane export holds an entity graph
                "remapped": {},  # only a memlane export's restore gives ids anew
                "warnings": [],  # only a memlane export holding fewer lines than its header announces
            }
            # an upload larger than a JSON body may be (1 MiB) is accepted: blank lines pad it
            big = (
                "\n".join(f"Fact {i} about the allotment and its {i} tomato plants." for i in range(300))
            ).encode()
            big += b"\n" * (2 * 1024 * 1024)
            r = httpx.post(
                f"{url}/v1/memory/import", headers=headers, files={"file": ("big.txt", big)}, timeout=120
            )
            assert r.status_code == 200, r.text
            r = httpx.post(
                f"{url}/v1/memory/import", headers=headers, files={"file": ("x.json", b'{"a": 1}')}
            )
            assert r.status_code == 422 and "not a recognised export" in r.text
            # two files in one request: the first was dropped without a word (the last imported, 200)
            before = count_rows(tmp_path / "server.db", "memories")
            two = [
                ("file", ("a.txt", b"Prefers window seats.\n")),
                ("file", ("b.txt", b"Likes rye bread.\n")),
            ]
            r = httpx.post(f"{url}/v1/memory/import", headers=headers, files=two, data={"format": "text"})
            assert r.status_code == 422, r.text
            assert r.json()["error"]["message"].startswith("file: one export per import, this request sent 2")
            # the file's name sent as text: refused in plain words, not "Expected UploadFile, received: …"
            r = httpx.post(f"{url}/v1/memory/import", headers=headers, data={"file": "export.zip"})
            assert r.status_code == 422 and "must be a file part" in r.json()["error"]["message"], r.text
            assert "UploadFile" not in r.text and "class" not in r.text
            assert count_rows(tmp_path / "server.db", "memories") == before
            remote = Memlane.connect(url, api_key=stack.admin_key, timeout=120)
            folder = write_folder(tmp_path / "claude", claude_2026_files())
            result = remote.import_file(folder)
            assert result.vendor == "claude" and result.imported == 8
            assert remote.import_file(folder).skipped_duplicates == 8
            try:
                remote.import_file(b"\x00\x01binary")
            except InvalidInput as exc:
                assert "nothing was imported" in str(exc)
            else:
                raise AssertionError("binary input was accepted")
            remote.close()
    finally:
        stack.mem.close()


def test_kill_9_of_an_importing_process_leaves_the_store_as_it_was(tmp_path: Path) -> None:
    db = tmp_path / "kill.db"
    with Memlane(db, user="root", embedder="none") as m:
        m.store("Already here before the import.")
    export = tmp_path / "big.txt"
    export.write_text("\n".join(f"Imported fact {i}: the shed holds {i} flower pots." for i in range(5_000)))
    killed = 0
    for delay in (0.8, 1.6, 2.4, 3.2):
        env = {**os.environ, "PYTHONPATH": SRC, "MEMLANE_USER": "root"}
        proc = subprocess.Popen([sys.executable, "-m", "memlane.cli", "memory", "import", str(export), "--db", str(db),
                                 "--embedder", "none", "--quiet"], env=env)  # fmt: skip
        time.sleep(delay)
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            killed += 1
        proc.wait(60)
        assert count_rows(db, "memories") in (1, 5_001)  # all or nothing, never a part
        if count_rows(db, "memories") == 5_001:
            break
    assert killed >= 1  # at least one import was killed while it ran
