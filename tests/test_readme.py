"""The README's examples, read from README.md itself and run for real: its CLI walkthrough (the commands
in this process, tests/cli_runner.py), its SDK snippets, its curl calls against a real ``memlane serve``,
its MCP client configuration (started the way a desktop client starts it, with only the ``env`` block),
and its PostgreSQL commands.

Placeholders a reader replaces are replaced here the same way (the key ``ml_…`` by the key the server
printed, ``localhost:8420`` by the test server's port, ``/home/you`` by a fresh home). Every fenced block
of the README must be claimed by one of these tests, so a new example cannot go untested."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
import mcp.types as types
import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from cli_runner import invoke
from memlane import Memlane
from memlane.providers.embedders.local_model import ensure_onnx_model, onnx_model_path
from pg import url_with_search_path

README = Path(__file__).parents[1] / "README.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)

#: how each README block is recognised (a text only it contains) and which test runs it
CLAIMS = {
    "install": "bash scripts/install.sh",
    "cli walkthrough": "memlane memory history <id>",
    "sdk": "from memlane import Memlane\n\nm = Memlane(",
    "serve": "curl -s localhost:8420/v1/memories",
    "mcp clients": '"mcpServers"',
    "remote sdk": "m = Memlane.connect(",
    "async sdk": "AsyncMemlane.connect(",
    "postgresql": "memlane db upgrade",
    "copy to postgresql": "memlane db copy",
}


def blocks() -> list[tuple[str, str]]:
    return [(m.group(1), m.group(2)) for m in FENCE.finditer(README.read_text())]


def block(claim: str) -> str:
    found = [body for _, body in blocks() if CLAIMS[claim] in body]
    assert len(found) == 1, f"README: {len(found)} blocks contain {CLAIMS[claim]!r}"
    return found[0]


def test_every_readme_block_is_claimed_by_a_test() -> None:
    for lang, body in blocks():
        claims = [name for name, marker in CLAIMS.items() if marker in body]
        assert len(claims) == 1, (
            f"a README {lang} block is exercised by no test (or by several): add it to tests/test_readme.py"
            f"\n{body}"
        )
    # The install block is the one not run here: CI runs scripts/install.sh itself, then these tests.
    assert "python -m pytest" in block("install")


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "memlane.cli", *args]


def env_with(**values: str) -> dict[str, str]:
    # nothing of the tester's; the session's shared table cache kept (conftest.py: built once, not per home)
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMLANE_") or k == "MEMLANE_CACHE_DIR"}
    return {**env, **values}


def test_the_cli_walkthrough(tmp_path: Path, model_home: Path) -> None:
    env = env_with(MEMLANE_HOME=str(model_home), MEMLANE_DATABASE_URL=str(tmp_path / "walk.db"),
                   MEMLANE_USER="you")  # fmt: skip
    ran: list[tuple[list[str], Any]] = []
    last_id = ""
    for line in block("cli walkthrough").splitlines():
        args = shlex.split(line, comments=True)
        assert args[0] == "memlane", line
        args = [last_id if a == "<id>" else a for a in args[1:]]  # the id a reader copies from the output
        proc = invoke(args, environ=env)  # in this process (tests/cli_runner.py; test_cli.py runs real ones)
        assert proc.returncode == 0, f"{line}\n{proc.stderr}"
        out = json.loads(proc.stdout)
        last_id = out["id"] if isinstance(out, dict) and "id" in out else last_id
        ran.append((args, out))

    def output(*words: str) -> Any:
        (found,) = [out for args, out in ran if all(w in args for w in words)]
        return found

    red, blue = [out for args, out in ran if args[:2] == ["memory", "store"]]
    assert red["status"] == "stored" and red["superseded"] == []
    assert [s["id"] for s in blue["superseded"]] == [red["id"]]  # "supersedes the first"
    assert [h["id"] for h in output("recall", "what did Dr. Okafor prescribe")] == [
        blue["id"]
    ]  # "only the blue"
    assert {h["id"] for h in output("recall", "--include-history")} == {red["id"], blue["id"]}  # "both"
    assert [v["id"] for v in output("history")] == [red["id"], blue["id"]]  # "oldest → newest"
    preview = output("forget", "--dry-run")
    assert preview["dry_run"] is True and set(preview["deleted"]) == {red["id"], blue["id"]}
    done = [out for args, out in ran if "forget" in args and "--dry-run" not in args]
    assert len(done) == 1 and set(done[0]["deleted"]) == {red["id"], blue["id"]}


def test_the_sdk_example(tmp_path: Path, model_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MEMLANE_HOME", str(model_home))
    monkeypatch.delenv("MEMLANE_DATABASE_URL", raising=False)
    code = block("sdk")
    assert '"/path/to/' not in code  # copied as is, it must not create folders at the root
    namespace: dict[str, Any] = {}
    exec(compile(code, "README.md", "exec"), namespace)
    try:
        assert namespace["r"].status == "stored" and namespace["r"].embedded is True
        assert [h.content for h in namespace["hits"]][:1] == ["the wombat likes tea"]
        assert (tmp_path / "memories.db").is_file()  # a relative file name: here, nowhere else
    finally:
        namespace["m"].close()


# -- a real `memlane serve`, as the README starts it ---------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def served(home: Path) -> Iterator[tuple[str, str, dict[str, str]]]:
    """``memlane serve`` in a fresh home: (base URL, the admin key it printed, its environment)."""
    port = free_port()
    env = env_with(MEMLANE_HOME=str(home), MEMLANE_USER="you")
    proc = subprocess.Popen(cli("serve", "--port", str(port), "--json"), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, text=True)  # fmt: skip
    try:
        assert proc.stdout is not None
        first = json.loads(proc.stdout.readline() or "{}")
        assert first.get("admin_key", "").startswith("ml_"), proc.stderr.read() if proc.stderr else ""
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
            assert time.monotonic() < deadline and proc.poll() is None, "memlane serve did not come up"
            time.sleep(0.1)
        yield url, first["admin_key"], env
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def as_served(text: str, url: str, key: str) -> str:
    """The README's placeholders, filled in as a reader would."""
    return text.replace("http://localhost:8420", url).replace("localhost:8420", url).replace("ml_…", key)


def test_serve_curl_mcp_clients_and_the_remote_sdks(
    tmp_path: Path, model_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tmp_path / "home" / ".memlane"
    # the model a new home exports on first use, copied from the session's cache (as test_embedders' home
    # is): not ~3 s of CPU exporting it again (a new home's export: test_cli_usability's announcement test)
    model = onnx_model_path(home)
    model.parent.mkdir(parents=True)
    shutil.copyfile(ensure_onnx_model(model_home), model)
    with served(home) as (url, key, env):
        # the curl calls and CLI lines, as one shell script
        script = as_served(block("serve"), url, key)
        proc = subprocess.run(["bash", "-euo", "pipefail", "-c", script], capture_output=True, text=True,
                              env=env, timeout=300)  # fmt: skip
        assert proc.returncode == 0, proc.stderr
        assert '"status":"stored"' in proc.stdout  # curl POST /v1/memories
        assert proc.stdout.count("Ana prefers green tea") >= 2  # curl /v1/recall, then the CLI over HTTP
        ana_key = json.loads(proc.stdout[proc.stdout.rindex("{\n") :])  # memlane keys create --json
        assert ana_key["key"].startswith("ml_") and ana_key["user"] == "ana"

        # the MCP client configuration, started as a desktop client does: its command, args and env only
        servers = json.loads(block("mcp clients"))["mcpServers"]
        local = servers["memlane"]
        stdio_env = {k: v.replace("/home/you/.memlane", str(home)) for k, v in local["env"].items()}
        if os.environ.get("PYTHONPATH"):  # a checkout under test, not an installed memlane
            stdio_env["PYTHONPATH"] = os.environ["PYTHONPATH"]
        # the session's table cache, as env_with keeps it (conftest.py): not ~10 s of tables built again
        if os.environ.get("MEMLANE_CACHE_DIR"):
            stdio_env["MEMLANE_CACHE_DIR"] = os.environ["MEMLANE_CACHE_DIR"]
        command = shutil.which(local["command"])
        assert command, f"{local['command']} is not on PATH"
        remote = servers["memlane-server"]
        headers = {k: as_served(v, url, key) for k, v in remote["headers"].items()}

        async def recall_through_both() -> list[list[str]]:
            found = []
            params = StdioServerParameters(command=command, args=local["args"], env=stdio_env)
            async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                result = await session.call_tool("memory_recall", {"query": "what does Ana drink?"})
                found.append([h["content"] for h in result.structured_content["hits"]])
            async with (
                create_mcp_http_client(headers=headers) as http,
                streamable_http_client(as_served(remote["url"], url, key), http_client=http) as streams,
                ClientSession(streams[0], streams[1]) as session,
            ):
                await session.initialize()
                result = await session.call_tool("memory_recall", {"query": "what does Ana drink?"})
                assert isinstance(result.content[0], types.TextContent)
                found.append([h["content"] for h in result.structured_content["hits"]])
            return found

        # the same user's memories through both: the env block put stdio on the served home and user
        assert anyio.run(recall_through_both) == [["Ana prefers green tea"], ["Ana prefers green tea"]]

        # the remote SDK, then the async one (its key from $MEMLANE_API_KEY, as its comment says)
        namespace: dict[str, Any] = {}
        exec(compile(as_served(block("remote sdk"), url, key), "README.md", "exec"), namespace)
        assert namespace["hits"][0].content == "Ana prefers green tea"
        namespace["m"].close()
        monkeypatch.setenv("MEMLANE_API_KEY", key)
        capsys.readouterr()
        exec(compile(as_served(block("async sdk"), url, key), "README.md", "exec"), {"__name__": "readme"})
        assert "Ben takes his coffee black" in capsys.readouterr().out


def test_the_postgresql_commands(tmp_path: Path, pg_url: str, pg_database: str) -> None:
    env = env_with(HOME=str(tmp_path), MEMLANE_EMBEDDER="none", MEMLANE_USER="you")
    script = re.sub(r'MEMLANE_DATABASE_URL="[^"]*"', f'MEMLANE_DATABASE_URL="{pg_url}"', block("postgresql"))
    assert pg_url in script
    proc = subprocess.run(["bash", "-euo", "pipefail", "-c", script], capture_output=True, text=True, env=env,
                          timeout=300)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "schema version" in proc.stdout and '"status": "stored"' in proc.stdout

    # "move an existing SQLite store over": ~/.memlane/memlane.db into a new, empty database
    with Memlane(tmp_path / ".memlane" / "memlane.db", user="you", embedder="none") as local:
        local.store("Project Falcon ships on 2025-03-14")
    import psycopg

    schema = f"t_{uuid.uuid4().hex[:12]}"
    empty = url_with_search_path(pg_database, schema)
    with psycopg.connect(pg_database, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        copy = subprocess.run(["bash", "-euo", "pipefail", "-c", block("copy to postgresql")], capture_output=True,
                              text=True, env={**env, "MEMLANE_DATABASE_URL": empty}, timeout=300)  # fmt: skip
        assert copy.returncode == 0, copy.stderr
        with Memlane(empty, user="you", embedder="none") as moved:
            assert [m.content for m in moved.list_recent()] == ["Project Falcon ships on 2025-03-14"]
    finally:
        with psycopg.connect(pg_database, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
