"""``about`` on every recall surface: the embedded SDK, REST, the remote SDK, the CLI (``--about``, on
the database and with ``--server``) and MCP's ``memory_recall`` / ``memory_search`` (official client over
streamable HTTP) keep to the same entity's memories."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import anyio
import httpx

from cli_runner import invoke
from memlane import Memlane
from servers import bearer, make_stack, running
from test_mcp import call, http_session

MEMORIES = [
    "Dr. Georgiev prescribed ibuprofen for the knee.",
    "Georgiev moved the knee appointment to Friday.",
    "The knee appointment with Dr. Okafor is on Monday.",
]


def _cli(db: Path, *args: str) -> Any:
    env = {**os.environ, "MEMLANE_DATABASE_URL": str(db), "MEMLANE_EMBEDDER": "none", "MEMLANE_USER": "alice"}
    proc = invoke([*args, "--json"], environ=env)  # in this process (tests/cli_runner.py)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_about_means_the_same_on_every_surface(tmp_path: Path) -> None:
    db = tmp_path / "about.db"
    stack = make_stack(db)
    sdk: Memlane = stack.mem
    sdk.store_many(MEMORIES)
    want = sorted(h.id for h in sdk.recall("knee appointment", about="Georgiev"))
    assert len(want) == 2
    assert sorted(h.id for h in sdk.search("knee appointment", about="Georgiev", min_score=0.1)) == want
    with running(stack.app()) as url:
        rest = httpx.Client(base_url=url, headers=bearer(stack.admin_key), timeout=60)
        remote = Memlane.connect(url, api_key=stack.admin_key)
        got: dict[str, list[str]] = {
            "rest": [h["id"] for h in rest.post(
                "/v1/recall", json={"query": "knee appointment", "about": "Georgiev"}).json()["hits"]],
            "rest search": [h["id"] for h in rest.post(
                "/v1/search", json={"query": "knee appointment", "about": "Georgiev"}).json()["hits"]],
            "remote": [h.id for h in remote.recall("knee appointment", about="Georgiev")],
            "cli": [h["id"] for h in _cli(db, "memory", "recall", "knee appointment", "--about", "Georgiev")],
            "cli search": [h["id"] for h in _cli(db, "memory", "search", "knee", "--about", "Dr. Georgiev")],
            "cli --server": [h["id"] for h in _cli(
                db, "memory", "recall", "knee appointment", "--about", "Georgiev", "--server", url,
                "--api-key", stack.admin_key)],
        }  # fmt: skip

        async def over_mcp() -> tuple[list[str], list[str], list[str]]:
            async with http_session(url, stack.admin_key) as session:
                recall = await call(session, "memory_recall", query="knee appointment", about="Georgiev")
                search = await call(session, "memory_search", query="knee appointment", about="Georgiev")
                asked = await call(session, "memory_recall", query="What do you know about Georgiev?")
                return ([h["id"] for h in recall["hits"]], [h["id"] for h in search["hits"]],
                        [h["id"] for h in asked["hits"]])  # fmt: skip

        got["mcp recall"], got["mcp search"], got["mcp question"] = anyio.run(over_mcp)
        for surface, ids in got.items():
            assert sorted(ids) == want, surface
        # an entity nobody knows: nothing, on every surface
        assert rest.post("/v1/recall", json={"query": "knee", "about": "Dr. Nobody"}).json()["hits"] == []
        assert remote.recall("knee", about="Dr. Nobody") == []
        # bad input: a clear error
        bad = rest.post("/v1/recall", json={"query": "knee", "about": "x" * 201})
        assert bad.status_code == 422
        rest.close()
        remote.close()
    sdk.close()
