"""``Memlane.connect``: the SDK over HTTP against a real server, and the CLI's ``--server`` (in this
process, tests/cli_runner.py)."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from cli_runner import invoke
from memlane import (
    ConfigError,
    Forbidden,
    Hit,
    InvalidInput,
    Memlane,
    Memory,
    OptedOut,
    RemoteMemlane,
    SecretRefused,
    StorageError,
    StoreResult,
    Unauthorized,
    UnknownMemory,
)
from memlane.errors import NotFound
from memlane.remote import _Call
from servers import Stack, make_stack, running


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[Stack]:
    s = make_stack(tmp_path / "remote.db")
    yield s
    s.mem.close()


@pytest.fixture
def url(stack: Stack) -> Iterator[str]:
    with running(stack.app()) as u:
        yield u


def test_same_methods_and_results_as_the_embedded_sdk(url: str, stack: Stack) -> None:
    with Memlane.connect(url, api_key=stack.admin_key) as remote:
        assert isinstance(remote, RemoteMemlane)
        red = remote.store("Dr. Okafor prescribed the red inhaler", source="remote", importance=0.9,
                           observed_at="2025-03-01", data={"rx": 1})  # fmt: skip
        assert isinstance(red, StoreResult) and red.status == "stored"
        blue = remote.store("Dr. Okafor prescribed the blue inhaler")
        assert [s.id for s in blue.superseded] == [red.id]
        figs = remote.store("Ana likes figs", space="s")
        plums = remote.store("Ana likes plums too", space="s")
        assert plums.superseded == () and [s.id for s in plums.similar] == [figs.id]
        batch = remote.store_many(["Ana likes figs", {"content": "Ben likes plums", "type": "preference"}],
                                  source="batch", space="fruit")  # fmt: skip
        assert [r.status for r in batch] == ["stored", "stored"]

        local = stack.mem
        assert remote.get(red.id) == local.get(red.id)
        assert remote.history(blue.id) == local.history(blue.id)
        assert remote.list_recent(10, space="*") == local.list_recent(10, space="*")
        hits = remote.recall("Okafor inhaler", include_history=True)
        assert all(isinstance(h, Hit) for h in hits) and {h.id for h in hits} == {red.id, blue.id}
        assert strip(remote.recall("figs plums", space="fruit")) == strip(
            local.recall("figs plums", space="fruit")
        )
        assert [h.id for h in remote.search("plums", space="fruit", types=["preference"], min_score=0.1)] == [
            batch[1].id
        ]
        assert [m.id for m in remote.list_recent(5, space="fruit", types=["preference"])] == [batch[1].id]
        assert remote.archive(blue.id).state == "archived"
        assert remote.restore(blue.id).state == "new"
        assert remote.forget(query="inhaler", dry_run=True).dry_run is True
        assert set(remote.forget(blue.id).deleted) == {red.id, blue.id}
        assert remote.reindex().embedded == 0
        got = remote.get(batch[0].id)
        assert isinstance(got, Memory) and got.source == "batch" and got.space == "fruit"


def strip(hits: list[Hit]) -> list[dict]:
    """Hits without the access bookkeeping that every recall itself changes."""
    return [h.model_dump(mode="json", exclude={"access_count", "last_accessed_at"}) for h in hits]


def test_errors_come_back_as_the_same_classes(url: str, stack: Stack) -> None:
    opened: list[RemoteMemlane] = []

    def connect(target: str, key: str, **kwargs: object) -> RemoteMemlane:
        opened.append(Memlane.connect(target, api_key=key, **kwargs))  # type: ignore[arg-type]
        return opened[-1]

    remote = connect(url, stack.admin_key)
    with pytest.raises(SecretRefused):
        remote.store("my password is hunter2hunter2")
    with pytest.raises(UnknownMemory):
        remote.get("nope")
    with pytest.raises(UnknownMemory):
        remote.store("x", replaces="nope")
    with pytest.raises(InvalidInput):
        remote.recall("   ")
    for unroutable in ("a/b", "..", "."):  # a clear error, not a 404 that reads as a wrong server URL
        with pytest.raises(InvalidInput, match="is no id memlane gives"):  # as embedded: test_made_ids
            remote.get(unroutable)
        with pytest.raises(InvalidInput, match="cannot be sent in a URL path"):
            remote.conversations.show(unroutable)
    for blank in ("", " "):  # a blank id is invalid input, not an unknown memory, embedded and remote alike
        for client in (remote, stack.mem):
            for method in (client.get, client.history, client.archive, client.restore):
                with pytest.raises(InvalidInput, match="an id is required"):
                    method(blank)
    with pytest.raises(InvalidInput):
        remote.store("x", colour="red")  # unknown field: refused, as the embedded SDK refuses it
    with pytest.raises(InvalidInput):
        remote.forget()
    with pytest.raises(Forbidden):
        connect(url, stack.key(user="bob")).recall("x", user="alice")
    stack.access.set_opted_out("default", "carol", True)
    with pytest.raises(OptedOut):
        remote.store("carol likes jazz", user="carol")
    with pytest.raises(Unauthorized):
        connect(url, "ml_wrong").recall("x")
    with pytest.raises(NotFound):
        remote._send(_Call("DELETE", "/v1/keys/nope", dict))  # an admin route: no SDK method
    with pytest.raises(ConfigError):
        connect(url + "/nothing-here", stack.admin_key).get("x")
    with pytest.raises(StorageError, match="cannot reach"):
        connect("http://127.0.0.1:9", stack.admin_key, timeout=2).get("x")
    with pytest.raises(ConfigError, match="API key"):
        Memlane.connect(url, environ={})
    with pytest.raises(ConfigError):
        RemoteMemlane("localhost:8420", api_key="ml_x")
    for client in opened:
        client.close()


def test_the_key_can_come_from_the_environment(url: str, stack: Stack) -> None:
    remote = RemoteMemlane(url, environ={"MEMLANE_API_KEY": stack.admin_key})
    assert remote.store("from the environment").status == "stored"
    remote.close()


def cli(*args: str, env: dict[str, str] | None = None, check: bool = True) -> subprocess.CompletedProcess:
    """``memlane ARGS`` in this process (tests/cli_runner.py), on a database it must never open."""
    proc = invoke(args, {"MEMLANE_DATABASE_URL": "/nonexistent/never-opened.db", **(env or {})})
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc


def test_cli_memory_commands_talk_to_a_server(url: str, stack: Stack) -> None:
    key = stack.key(user="dana")
    stored = json.loads(cli("memory", "store", "Dana's flight lands at 18:40", "--server", url, "--api-key", key,
                            "--json").stdout)  # fmt: skip
    assert stored["status"] == "stored"
    env = {"MEMLANE_SERVER": url, "MEMLANE_API_KEY": key}
    hits = json.loads(cli("--json", "memory", "recall", "flight lands", env=env).stdout)
    assert [h["id"] for h in hits] == [stored["id"]] and hits[0]["source"] == "cli"
    assert stack.mem.get(stored["id"], user="dana").owner == "user:dana"
    listed = json.loads(cli("memory", "list", "--json", env=env).stdout)
    assert [m["id"] for m in listed] == [stored["id"]]
    bad = cli("memory", "get", "nope", env=env, check=False)
    assert bad.returncode == 1 and bad.stderr.startswith("error: no memory 'nope'") and bad.stdout == ""
    denied = cli("memory", "recall", "x", "--user", "alice", env=env, check=False)
    assert denied.returncode == 1 and "acts as 'dana' only" in denied.stderr
    forgotten = json.loads(cli("memory", "forget", stored["id"], "--json", env=env).stdout)
    assert forgotten["deleted"] == [stored["id"]]
