"""``memlane serve`` as a user starts it (a real process on a free port) and the admin commands
``keys``, ``users`` and ``teams`` on the same database."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from cli_runner import host_heap
from servers import bearer, free_port


def env_for(db: Path) -> dict[str, str]:
    return {
        **os.environ,
        "MEMLANE_DATABASE_URL": str(db),
        "MEMLANE_EMBEDDER": "none",
        "MEMLANE_USER": "owner",
    }


def cli(db: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    proc = subprocess.run([sys.executable, "-m", "memlane.cli", *args], capture_output=True, text=True,
                          env=env_for(db), timeout=120)  # fmt: skip
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc


def in_process(db: Path, *args: str, check: bool = True) -> Any:
    """The CLI in this process (click's runner): the same commands, without a Python start-up each."""
    from click.testing import CliRunner

    from memlane.cli import main

    with host_heap():  # the test process's heap is not the command's to freeze (cli_runner.host_heap)
        result = CliRunner().invoke(main, list(args), env=env_for(db), obj={})
    if check:
        assert result.exit_code == 0, (result.stderr, result.exception)
    result.returncode = result.exit_code  # the subprocess spelling, so both read alike
    return result


@contextmanager
def serve(db: Path, *args: str) -> Iterator[tuple[str, dict]]:
    """``memlane serve --json``: yields the URL and its first line (with the admin key, once)."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "memlane.cli", "serve", "--port", str(port), "--json", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env_for(db))  # fmt: skip
    try:
        assert proc.stdout is not None
        banner = json.loads(proc.stdout.readline() or "{}")
        url = f"http://127.0.0.1:{port}"
        # The port listens from before the banner: a request waits in its queue until the server answers
        # (a loaded machine can take a minute to get there); the deadline bounds a hung server only.
        deadline = time.monotonic() + 600
        while True:
            try:
                if httpx.get(f"{url}/health", timeout=60).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, (
                proc.stderr.read() if proc.stderr else ""
            )
            time.sleep(0.1)
        yield url, banner
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_serve_prints_one_admin_key_once_and_needs_it(tmp_path: Path) -> None:
    db = tmp_path / "serve.db"
    with serve(db) as (url, banner):
        key = banner["admin_key"]
        assert key.startswith("ml_") and banner["workspace"] == "default" and banner["url"] == url
        assert httpx.post(f"{url}/v1/recall", json={"query": "x"}).status_code == 401
        assert (
            httpx.post(f"{url}/v1/recall", json={"query": "x"}, headers=bearer("ml_" + "x" * 43)).status_code
            == 401
        )
        me = httpx.get(f"{url}/v1/me", headers=bearer(key)).json()
        assert (me["user"], me["admin"], me["workspace"]) == ("owner", True, "default")
        stored = httpx.post(
            f"{url}/v1/memories", json={"content": "served memory"}, headers=bearer(key)
        ).json()
        assert stored["status"] == "stored"
        # the admin commands work on the same database while the server runs
        bob = json.loads(cli(db, "keys", "create", "--user", "bob", "--json").stdout)
        assert bob["key"].startswith("ml_") and bob["user"] == "bob"
        assert httpx.get(f"{url}/v1/me", headers=bearer(bob["key"])).json()["user"] == "bob"
        assert httpx.post(f"{url}/mcp", json={}, headers={}).status_code == 401
    with serve(db) as (url, banner):
        assert banner["admin_key"] is None  # only on a store without keys
        got = httpx.get(f"{url}/v1/memories/{stored['id']}", headers=bearer(key))
        assert got.json()["content"] == "served memory"


def test_serve_human_banner_shows_the_key(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "memlane.cli", "serve", "--port", str(port), "--no-mcp"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env_for(tmp_path / "h.db"))  # fmt: skip
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(6)]
        text = "".join(lines)
        assert f"serving http://127.0.0.1:{port}" in text and "shown once" in text
        assert sum(line.strip().startswith("ml_") for line in lines) == 1
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:  # still fails the test, without leaving the server running
            proc.kill()
            proc.wait()
            raise


def test_keys_users_and_teams_commands(tmp_path: Path) -> None:
    db = tmp_path / "admin.db"
    cli = in_process
    key = json.loads(cli(db, "keys", "create", "--workspace", "acme", "--user", "ana", "--json").stdout)
    assert set(key) >= {"key", "id", "prefix", "workspace", "user"} and key["workspace"] == "acme"
    personal = json.loads(cli(db, "keys", "create", "--workspace", "acme", "--personal", "--agent", "bot",
                              "--json").stdout)  # fmt: skip
    assert personal["max_visibility"] == "personal" and personal["agent"] == "bot"
    listed = json.loads(cli(db, "keys", "list", "--workspace", "acme", "--json").stdout)
    assert {k["id"] for k in listed} == {key["id"], personal["id"]} and all("key" not in k for k in listed)
    assert key["key"] not in cli(db, "keys", "list", "--workspace", "acme").stdout
    revoked = json.loads(cli(db, "keys", "revoke", key["id"], "--workspace", "acme", "--json").stdout)
    assert revoked["revoked_at"] is not None
    assert "REVOKED" in cli(db, "keys", "list", "--workspace", "acme").stdout
    missing = cli(db, "keys", "revoke", key["id"], "--json", check=False)  # another workspace: not found
    assert missing.returncode == 1 and missing.stderr.startswith("error: no API key")

    assert json.loads(cli(db, "users", "create", "ana", "--json").stdout)["opted_out"] is False
    assert json.loads(cli(db, "users", "opt-out", "ana", "--json").stdout)["opted_out"] is True
    assert "(opted out)" in cli(db, "users", "list").stdout
    refused = cli(db, "memory", "store", "ana likes figs", "--user", "ana", check=False)
    assert refused.returncode == 1 and "opted out" in refused.stderr  # the CLI's own surface honours it
    assert json.loads(cli(db, "users", "opt-in", "ana", "--json").stdout)["opted_out"] is False

    assert json.loads(cli(db, "teams", "create", "eng", "--json").stdout)["members"] == []
    assert json.loads(cli(db, "teams", "add", "eng", "ana", "--json").stdout)["members"] == ["ana"]
    assert cli(db, "teams", "list").stdout.strip() == "eng: ana"
    assert json.loads(cli(db, "teams", "remove", "eng", "ana", "--json").stdout)["members"] == []
    bad = cli(db, "teams", "add", "nope", "ana", check=False)
    assert bad.returncode == 1 and "create it first" in bad.stderr
    bad = cli(db, "users", "create", " spaced", check=False)
    assert bad.returncode == 1 and bad.stderr.startswith("error: user:")


@pytest.mark.parametrize("delay", [0.0, 0.3, 2.0])
def test_serve_stops_on_sigint_at_any_moment_after_the_banner(tmp_path: Path, delay: float) -> None:
    """Ctrl-C right after the banner (uvicorn not serving yet) or once it serves ends the process."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "memlane.cli", "serve", "--port", str(port), "--no-mcp"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env_for(tmp_path / "s.db"))  # fmt: skip
    try:
        assert proc.stdout is not None
        assert "serving" in proc.stdout.readline()
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        proc.wait(60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
            raise AssertionError("memlane serve still running 60 s after SIGINT")
