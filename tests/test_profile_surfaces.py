"""Profiles and jobs on every surface (issue 15): one scenario (create, validation errors, update, enable,
the schedule, runs by hand recorded as job runs, log, disable, delete) played on a fresh store through the
embedded SDK, REST (httpx on a real server on loopback), the remote SDK and its async twin, the CLI on
the database file and the CLI with ``--server``, and the embedded async SDK; the results, ids and times aside, are identical. Then
MCP through the official SDK client over streamable HTTP: the same records as REST, admin rules kept."""

from __future__ import annotations

import asyncio
import json
import os
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from pydantic import BaseModel

from cli_runner import invoke
from memlane import AsyncMemlane, Memlane, MemlaneError
from servers import Stack, bearer, make_stack, running
from test_mcp import call, error_of, http_session

SEED = {
    "c1": ("alice", [{"role": "user", "text": "From now on, remember that I prefer green tea."},
                     {"role": "assistant", "text": "Noted."},
                     {"role": "user", "text": "What time is it in Oslo?"}]),
    "c2": ("bob", [{"role": "user", "text": "We decided to move the Porto office to the new building."},
                   {"role": "assistant", "text": "Noted."}]),
}  # fmt: skip

#: the scenario: (operation, arguments); every surface plays it on a fresh store seeded with SEED
STEPS: list[tuple[str, tuple[Any, ...]]] = [
    ("create", ("prefs", {"types": "preference,decision", "refresh": "30m", "expire_after": "90 days"})),
    ("create", ("prefs", {})),  # the name is taken
    ("update", ("prefs", {"refresh": "1s"})),  # not a valid period
    ("update", ("prefs", {"refresh": "2h"})),
    ("enable", ("prefs",)),
    ("list", ()),
    ("show", ("nope",)),
    ("jobs_list", ()),
    ("run", ("prefs",)),
    ("run", ("prefs",)),  # nothing new since
    ("jobs_show", ("sweep:prefs",)),
    ("jobs_run", ("sweep:prefs",)),
    ("jobs_show", ("sweep:prefs",)),
    ("log", ("prefs",)),
    ("show", ("prefs",)),
    ("disable", ("prefs",)),
    ("jobs_list", ()),
    ("delete_dry", ("prefs",)),
    ("delete", ("prefs",)),
    ("list", ()),
    ("jobs_show", ("nope",)),  # no such job: 404 for an admin key as for the operator, never 403
    ("jobs_run", ("nope",)),
    ("create", ("short", {"expire_after": "6M"})),  # months or minutes? refused, not read as minutes
    ("create", ("a/b", {})),  # a name no URL can carry (/v1/profiles/a%2Fb routes as /v1/profiles/a/b)
    ("create", ("..", {})),
]

_VARYING = {"id", "profile_id", "created_at", "updated_at", "last_sync_at", "started_at", "finished_at",
            "next_run_at", "heartbeat_at", "running_since", "at", "duration_s", "worker"}  # fmt: skip


def normal(value: Any, ids: dict[str, str]) -> Any:
    """A result without what differs from store to store (ids, times, durations, worker names)."""
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json")
    if isinstance(value, dict):
        if "profile_id" in value and isinstance(value["profile_id"], str):
            ids.setdefault(value["profile_id"], "<profile>")
        if "workspace" in value and "name" in value and isinstance(value.get("id"), str):
            ids.setdefault(value["id"], "<profile>")
        return {k: "<varies>" if k in _VARYING and v is not None else normal(v, ids)
                for k, v in value.items() if k != "duration_s"}  # fmt: skip
    if isinstance(value, list | tuple):
        return [normal(v, ids) for v in value]
    if isinstance(value, str):
        for raw, shown in ids.items():
            value = value.replace(raw, shown)
        return value
    return value


_POSITIONS = ("last_sync_seq", "from_seq", "to_seq")


def without_positions(value: Any) -> Any:
    """A normalised result as a key reads it: the conversation log's positions None."""
    if isinstance(value, dict):
        return {k: None if k in _POSITIONS else without_positions(v) for k, v in value.items()}
    if isinstance(value, list):
        return [without_positions(v) for v in value]
    return value


def sweeps_only(jobs: list[Any]) -> list[Any]:
    """The profiles' sweeps: the operator (embedded SDK, CLI on the database) also sees the store-wide
    expiry and consolidation jobs, an admin key only its workspace's sweeps (docs/api.md)."""
    dumped = [j.model_dump(mode="json") if isinstance(j, BaseModel) else j for j in jobs]
    return [j for j in dumped if j["kind"] == "sweep"]


class SDK:
    """The embedded SDK's methods (also the remote clients': the same names and results)."""

    def __init__(self, client: Any) -> None:
        self.c = client

    def __call__(self, op: str, *args: Any) -> Any:
        p, j = self.c.profiles, self.c.jobs
        try:
            if op == "create":
                return p.create(args[0], **args[1])
            if op == "update":
                return p.update(args[0], **args[1])
            if op == "delete_dry":
                return p.delete(args[0])  # no confirmation: the plan, nothing deleted
            if op == "delete":
                return p.delete(args[0], confirm=True)
            if op == "jobs_list":
                return sweeps_only(j.list())
            if op == "jobs_show":
                info, runs = j.show(args[0])
                return {"job": info, "runs": runs}
            if op == "jobs_run":
                return j.run(args[0])
            return getattr(p, op)(*args)
        except MemlaneError as exc:
            return {"error": str(exc)}


class AsyncSDK(SDK):
    """The async remote client, awaited on its own event loop (one loop for the client's lifetime)."""

    def __init__(self, url: str, key: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        client = self.wait(self._connect(url, key))
        super().__init__(_Awaiting(client, self))

    async def _connect(self, url: str, key: str) -> Any:
        if url.startswith("http"):
            return AsyncMemlane.connect(url, api_key=key)
        return AsyncMemlane(url, user="alice", embedder="none")  # the embedded one, on a database file

    def wait(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(60)

    def close(self) -> None:
        self.wait(self.c.client.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


class _Awaiting:
    """``client.profiles.x(...)`` / ``client.jobs.x(...)`` of an async client, called synchronously."""

    def __init__(self, client: Any, runner: AsyncSDK, part: str | None = None) -> None:
        self.client, self.runner, self.part = client, runner, part
        if part is None:
            self.profiles = _Awaiting(client, runner, "profiles")
            self.jobs = _Awaiting(client, runner, "jobs")

    def __getattr__(self, name: str) -> Callable[..., Any]:
        method = getattr(getattr(self.client, str(self.part)), name)
        return lambda *a, **kw: self.runner.wait(method(*a, **kw))


class REST:
    """The REST API with httpx: the JSON bodies as sent over the wire."""

    def __init__(self, url: str, key: str) -> None:
        self.http = httpx.Client(base_url=url, headers=bearer(key))

    def __call__(self, op: str, *args: Any) -> Any:
        h, name = self.http, (args[0] if args else "")
        if op == "create":
            settings = {k: v.split(",") if k == "types" else v for k, v in args[1].items()}
            r = h.post("/v1/profiles", json={"name": name, **settings})
        elif op == "update":
            r = h.patch(f"/v1/profiles/{name}", json=args[1])
        elif op in ("enable", "disable", "run"):
            r = h.post(f"/v1/profiles/{name}/{op}")
        elif op == "list":
            r = h.get("/v1/profiles")
        elif op == "show":
            r = h.get(f"/v1/profiles/{name}")
        elif op == "log":
            r = h.get(f"/v1/profiles/{name}/log")
        elif op in ("delete", "delete_dry"):
            r = h.delete(f"/v1/profiles/{name}", params={"confirm": "true"} if op == "delete" else {})
        elif op == "jobs_list":
            r = h.get("/v1/jobs")
        elif op == "jobs_show":
            r = h.get(f"/v1/jobs/{name}")
        else:
            r = h.post(f"/v1/jobs/{name}/run")
        body = r.json()
        if r.status_code >= 400:
            return {"error": body["error"]["message"]}
        if op == "list":
            return body["profiles"]
        if op == "log":
            return body["entries"]
        if op == "jobs_list":
            return sweeps_only(body["jobs"])
        return body


class CLI:
    """``memlane profiles|jobs … --json`` (in this process, tests/cli_runner.py): on the database file, or
    with --server. A refusal names the options typed (``--expire-after``, not ``expire_after``): read back
    with each typed option turned into its field, nothing else (``said`` keeps the CLI's own words)."""

    def __init__(self, *where: str, env: dict[str, str]) -> None:
        self.where, self.env = list(where), env
        self.said: list[str | None] = []

    def __call__(self, op: str, *args: Any) -> Any:
        name = args[0] if args else None
        group, command = ("jobs", op[5:]) if op.startswith("jobs_") else ("profiles", op)
        argv = [group, command.replace("delete_dry", "delete")] + ([name] if name else [])
        typed: dict[str, str] = {}
        if op in ("create", "update"):
            for key, value in args[1].items():
                typed[f"--{key.replace('_', '-')}"] = key
                argv += [f"--{key.replace('_', '-')}", value]
        if op == "delete":
            argv.append("--yes")
        proc = invoke([*argv, *self.where, "--json"], environ=self.env)
        self.said.append(proc.stderr.strip().removeprefix("error: ") if proc.returncode else None)
        if proc.returncode != 0:
            assert proc.stderr.startswith("error: "), proc.stderr
            message = proc.stderr.strip().removeprefix("error: ")
            for option, field in typed.items():
                message = re.sub(rf"(?<![\w-]){re.escape(option)}(?![\w-])", field, message)
            return {"error": message}
        out = json.loads(proc.stdout)
        return sweeps_only(out) if op == "jobs_list" else out


def seeded(db: Path) -> Stack:
    stack = make_stack(db)
    for conversation, (user, messages) in SEED.items():
        stack.mem.conversations.append(conversation, messages, user=user)
    return stack


def play(surface: Callable[..., Any]) -> list[Any]:
    ids: dict[str, str] = {}
    return [normal(surface(op, *args), ids) for op, args in STEPS]


@contextmanager
def server_surface(tmp_path: Path, name: str) -> Iterator[tuple[str, str]]:
    stack = seeded(tmp_path / f"{name}.db")
    try:
        with running(stack.app()) as url:
            yield url, stack.admin_key
    finally:
        stack.mem.close()


def test_every_surface_gives_the_same_results(tmp_path: Path) -> None:
    results: dict[str, list[Any]] = {}
    stack = seeded(tmp_path / "sdk.db")
    results["sdk"] = play(SDK(stack.mem))
    stack.mem.close()

    with server_surface(tmp_path, "rest") as (url, key):
        rest = REST(url, key)
        results["rest"] = play(rest)
        rest.http.close()
    with server_surface(tmp_path, "remote") as (url, key), Memlane.connect(url, api_key=key) as remote:
        results["remote"] = play(SDK(remote))
    with server_surface(tmp_path, "async") as (url, key):
        awaited = AsyncSDK(url, key)
        results["async remote"] = play(awaited)
        awaited.close()

    seeded(tmp_path / "embedded-async.db").mem.close()
    embedded = AsyncSDK(str(tmp_path / "embedded-async.db"), "")
    results["async sdk"] = play(embedded)
    embedded.close()

    env = {**os.environ, "MEMLANE_EMBEDDER": "none", "MEMLANE_USER": "alice"}
    env.pop("MEMLANE_API_KEY", None)
    seeded(tmp_path / "cli.db").mem.close()
    cli = CLI("--db", str(tmp_path / "cli.db"), env=env)
    results["cli"] = play(cli)
    with server_surface(tmp_path, "cli-server") as (url, key):
        cli_server = CLI("--server", url, "--api-key", key, env=env)
        results["cli --server"] = play(cli_server)

    expected = results["sdk"]
    for surface, got in results.items():
        # over a key (admin or not) the conversation log's positions read as None: they are store-wide
        # (profiles/positions.py); the embedded SDK and the CLI on the database are the operator's
        hidden = surface in ("rest", "remote", "async remote", "cli --server")
        for (op, args), want, have in zip(STEPS, expected, got, strict=True):
            assert have == (without_positions(want) if hidden else want), f"{surface}: {op}{args}"

    # What the scenario shows, once (the same on every surface, as just checked).
    created, duplicate, bad, updated, enabled, listed, missing, jobs, first, again = expected[:10]
    assert created["types"] == ["preference", "decision"] and created["refresh_minutes"] == 30
    assert duplicate == {"error": "name: workspace 'default' already has a profile named 'prefs'"}
    assert bad["error"].startswith("refresh: '1s'")
    assert updated["refresh_minutes"] == 120 and enabled["enabled"] is True and listed == [enabled]
    assert missing == {"error": "no profile 'nope' in workspace 'default'"}
    assert [(j["name"], j["profile"], j["every_minutes"], j["last_run"]) for j in jobs] == [
        ("sweep:<profile>", "prefs", 120, None)
    ]
    assert first["status"] == "succeeded" and first["added"] == 2 and first["transcripts"] == 2
    assert again["status"] == "succeeded" and again["messages"] == 0 and again["added"] == 0
    shown, ran, shown_again, log, profile, disabled, no_jobs, dry, deleted, empty = expected[10:20]
    # the runs by hand are the job's runs, newest first, with their reports
    assert [r["status"] for r in shown["runs"]] == ["succeeded", "succeeded"]
    assert [r["detail"]["added"] for r in shown["runs"]] == [0, 2]
    assert shown["job"]["last_run"] == shown["runs"][0]
    assert ran["status"] == "succeeded" and ran["job"] == "sweep:<profile>"
    assert len(shown_again["runs"]) == 3 and shown_again["runs"][0]["detail"]["messages"] == 0
    assert [(e["action"], e["count"]) for e in log] == [("swept", 2)]
    assert profile["last_sync_seq"] > 0 and disabled["enabled"] is False and no_jobs == []
    assert (dry["memories"], dry["dry_run"], deleted["memories"], deleted["dry_run"]) == (2, True, 2, False)
    assert dry["profile"]["name"] == "prefs" and (dry["schedules"], dry["opt_outs"]) == (0, 0)  # disabled
    assert empty == []
    no_job = {"error": "no job 'nope' (jobs: expiry, consolidate when installed, sweep:<profile>)"}
    assert expected[20:22] == [no_job, no_job]
    assert expected[22]["error"].startswith("expire_after: '6M' is ambiguous")
    # the CLI's own words: the option typed for the field, the rest as every surface says it
    cli_words = "--expire-after" + expected[22]["error"].removeprefix("expire_after")
    assert cli.said[22] == cli_server.said[22] == cli_words and "expire_after" not in cli_words
    assert cli.said[1] == duplicate["error"]  # a field that is no option of another name stays
    assert [e["error"] for e in expected[23:]] == [
        f"name: {n!r} cannot be a profile's name: it is part of URLs, so no '/', '.' or '..'"
        for n in ("a/b", "..")
    ]


def test_mcp_tools_give_the_rest_records_and_keep_the_admin_rules(tmp_path: Path) -> None:
    stack = seeded(tmp_path / "mcp.db")
    stack.mem.profiles.create("prefs", types="preference", enabled=True)
    user_key = stack.key(user="bob")

    async def main(url: str) -> None:
        rest = REST(url, stack.admin_key)
        ids: dict[str, str] = {}
        async with http_session(url, stack.admin_key) as admin:
            assert normal((await call(admin, "profile_list"))["profiles"], ids) == normal(rest("list"), ids)
            assert normal(await call(admin, "profile_show", name="prefs"), ids) == normal(
                rest("show", "prefs"), ids
            )
            report = await call(admin, "profile_run", name="prefs")
            assert (report["status"], report["added"]) == ("succeeded", 1)
            assert normal((await call(admin, "job_list"))["jobs"], ids) == normal(rest("jobs_list"), ids)
            detail = await call(admin, "job_show", name="sweep:prefs")
            assert normal(detail, ids) == normal(rest("jobs_show", "sweep:prefs"), ids)
            assert [r["detail"]["added"] for r in detail["runs"]] == [1]  # the MCP run is the job's run
            run = await call(admin, "job_run", name="sweep:prefs", batch=10)
            assert run["status"] == "succeeded" and run["detail"]["messages"] == 0
            assert "not_found" in await error_of(admin, "profile_show", name="nope")
            assert "not_found: no job 'nope'" in await error_of(admin, "job_show", name="nope")
            assert "forbidden" in await error_of(admin, "job_run", name="expiry")  # spans every workspace
            assert "invalid_input" in await error_of(admin, "profile_run", name="prefs", batch=0)
        async with http_session(url, user_key) as bob:
            assert [p["name"] for p in (await call(bob, "profile_list"))["profiles"]] == ["prefs"]
            for tool, args in (("profile_run", {"name": "prefs"}), ("job_list", {}),
                               ("job_run", {"name": "sweep:prefs"})):  # fmt: skip
                assert "forbidden" in await error_of(bob, tool, **args), tool
        rest.http.close()

    with running(stack.app()) as url:
        anyio.run(main, url)
    assert len(stack.mem.jobs.show("sweep:prefs")[1]) == 2  # bob's attempts ran nothing
    stack.mem.close()


@pytest.mark.parametrize("tool", ["profile_list", "job_show"])
def test_mcp_tool_schemas_are_strict(tmp_path: Path, tool: str) -> None:
    stack = make_stack(tmp_path / "schema.db")

    async def main(url: str) -> None:
        async with http_session(url, stack.admin_key) as session:
            tools = {t.name: t for t in (await session.list_tools()).tools}
            schema = tools[tool].input_schema
            assert schema["additionalProperties"] is False
            assert tools[tool].output_schema is not None
            assert re.search("not an argument", await error_of(session, tool, nme="x"))

    with running(stack.app()) as url:
        anyio.run(main, url)
    stack.mem.close()


def test_a_runs_batch_is_read_from_the_query_or_the_body(tmp_path: Path) -> None:
    """``POST /v1/profiles/{name}/run`` and ``/v1/jobs/{name}/run`` read ``batch`` from the JSON body too
    (a body was ignored and the run went on with batches of 100); a bad one is refused and runs nothing."""
    stack = seeded(tmp_path / "batch.db")
    stack.mem.profiles.create("prefs")
    with running(stack.app()) as url, httpx.Client(base_url=url, headers=bearer(stack.admin_key)) as http:
        for bad in ({"batch": 0}, {"batch": "2"}, {"batches": 2}):
            r = http.post("/v1/profiles/prefs/run", json=bad)
            assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_input", (bad, r.text)
        r = http.post("/v1/jobs/sweep:prefs/run", params={"batch": 1}, json={"batch": 2})
        assert r.status_code == 422 and "batch: the query says 1 and the body 2" in r.text
        assert stack.mem.jobs.show("sweep:prefs")[1] == []  # nothing ran
        first = http.post("/v1/profiles/prefs/run", json={"batch": 1}).json()
        assert (first["status"], first["conversations"], first["batches"]) == ("succeeded", 2, 2)
        stack.mem.conversations.append(
            "c3", [{"role": "user", "text": "I always drink oat milk."}], user="bob"
        )
        stack.mem.conversations.append("c4", [{"role": "user", "text": "I prefer aisle seats."}], user="bob")
        run = http.post("/v1/jobs/sweep:prefs/run", json={"batch": 1}).json()
        assert (run["status"], run["detail"]["conversations"], run["detail"]["batches"]) == (
            "succeeded",
            2,
            2,
        )
        stack.mem.conversations.append("c5", [{"role": "user", "text": "I prefer window seats."}], user="bob")
        stack.mem.conversations.append("c6", [{"role": "user", "text": "I always fly economy."}], user="bob")
        default = http.post("/v1/profiles/prefs/run").json()  # neither: batches of 100
        assert (default["conversations"], default["batches"]) == (2, 1)
    stack.mem.close()
