"""A profile's ``last_error`` is for whoever may manage the profile (an admin of the workspace, the
store's operator), not every key (``profiles.positions.shown_profile``): through REST and MCP on a
loopback server, with a scripted LLM speaking OpenAI's wire protocol, both backends.

A sweep that fails keeps the failure's text, and that text can quote the conversations swept: an LLM
that answers in prose instead of JSON fails with the start of its answer, which is about what a user
said. Before the fix any key of the workspace read it in ``GET /v1/profiles``, ``GET
/v1/profiles/{name}`` and MCP's ``profile_list`` / ``profile_show``: bob read what alice told her agent.
An admin's key reads the failure's kind only (as any stored failure over a server: ``errors.shown_error``);
the operator reads the whole text.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

from llm_servers import scripted_llm
from memlane import Memlane
from memlane.errors import LLMReplyError
from servers import Stack, bearer, running
from test_mcp import call, http_session

SAID = "I was diagnosed with diabetes last spring."


@pytest.fixture
def llm_stack(db_path: Path | str, tmp_path: Path) -> Iterator[tuple[Stack, Any]]:
    with scripted_llm() as llm:
        environ = {"MEMLANE_LLM": "openai:m", "MEMLANE_LLM_URL": llm.url, "MEMLANE_LLM_MAX_ATTEMPTS": "1"}
        mem = Memlane(db_path, user="alice", embedder="none", home=tmp_path, environ=environ)
        access = mem.service.access
        admin = access.bootstrap("default", "alice")
        assert admin is not None
        try:
            yield Stack(mem, access, admin.key), llm
        finally:
            mem.close()


def _shown(url: str, key: str) -> list[Any]:
    headers = bearer(key)
    one = httpx.get(f"{url}/v1/profiles/prefs", headers=headers, timeout=60)
    every = httpx.get(f"{url}/v1/profiles", headers=headers, timeout=60)
    assert one.status_code == every.status_code == 200, one.text

    async def over_mcp() -> list[Any]:
        async with http_session(url, key) as session:
            listed = await call(session, "profile_list")
            shown = await call(session, "profile_show", name="prefs")
            return [listed["profiles"][0]["last_error"], shown["last_error"]]

    return [one.json()["last_error"], every.json()["profiles"][0]["last_error"], *anyio.run(over_mcp)]


def test_a_failed_sweeps_error_is_shown_to_admins_only(llm_stack: tuple[Stack, Any]) -> None:
    stack, llm = llm_stack
    stack.mem.conversations.append("c-1", [{"role": "user", "text": SAID}])
    stack.mem.profiles.create("prefs", extractor="llm")
    for _ in range(3):  # (each call of the sweep answers in prose)
        llm.text(f"The user says: {SAID} They want diet tips.")
    report = stack.mem.profiles.run("prefs")
    assert report.status == "failed" and "diabetes" in (report.error or "")
    bob = stack.key(user="bob")
    with running(stack.app()) as url:
        # an admin reads that it failed and its kind; what the LLM said is the operator's (errors.shown_error)
        public = LLMReplyError("x").public
        assert _shown(url, stack.admin_key) == [public] * 4
        assert _shown(url, bob) == [None, None, None, None]
    assert "diabetes" in (stack.mem.profiles.show("prefs").last_error or "")  # the operator
