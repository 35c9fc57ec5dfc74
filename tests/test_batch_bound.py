"""A sweep's ``batch`` is bounded once (``limits.MAX_BATCH``): the service refuses past it, and the CLI's
``--batch`` options, the REST API's schema and MCP's tools declare that one number. It was written as
10,000 in five places (jobs and profiles services, REST schemas and routes, CLI, MCP)."""

from __future__ import annotations

from pathlib import Path

import anyio
import click
import pytest

from memlane import InvalidInput, Memlane
from memlane.cli import main
from memlane.limits import MAX_BATCH
from memlane.mcp_server import build_mcp_server
from servers import make_stack

SAID = f"batch: must be an integer between 1 and {MAX_BATCH:,}"


def test_the_service_refuses_past_the_one_bound(tmp_path: Path) -> None:
    with Memlane(tmp_path / "b.db", user="alice", embedder="none") as mem:
        for run in (mem.jobs.run, mem.profiles.run):
            with pytest.raises(InvalidInput) as refused:
                run("nightly", batch=MAX_BATCH + 1)
            assert str(refused.value) == SAID


def test_every_surface_declares_the_one_bound(tmp_path: Path) -> None:
    cli: dict[str, int | float | None] = {}

    def walk(command: click.Command, path: str) -> None:
        if isinstance(command, click.Group):
            for name, sub in command.commands.items():
                walk(sub, f"{path} {name}")
        for param in command.params:
            if param.name == "batch" and isinstance(param.type, click.IntRange):
                cli[path] = param.type.max

    walk(main, "memlane")
    assert {"memlane profiles run", "memlane worker"} <= set(cli) and set(cli.values()) == {MAX_BATCH}, cli

    stack = make_stack(tmp_path / "s.db")
    try:
        tools = anyio.run(build_mcp_server(stack.mem.service, lambda ctx: None).list_tools)
        mcp = {t.name: t.input_schema["properties"]["batch"]["maximum"]
               for t in tools if "batch" in t.input_schema["properties"]}  # fmt: skip
        assert set(mcp) == {"profile_run", "job_run"} and set(mcp.values()) == {MAX_BATCH}, mcp
        spec = stack.app().openapi()
        rest = [p["schema"]["maximum"] for path in ("/v1/profiles/{name}/run", "/v1/jobs/{name}/run")
                for p in spec["paths"][path]["post"]["parameters"] if p["name"] == "batch"]  # fmt: skip
        body = spec["components"]["schemas"]["RunBody"]["properties"]["batch"]["maximum"]
        assert rest + [body] == [MAX_BATCH] * 3
    finally:
        stack.mem.close()
