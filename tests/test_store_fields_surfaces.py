"""Every store field the SDK and the REST API take, the CLI and the MCP server take too (SPEC §2: the six
actions are identical on every surface): `memlane memory store --provenance/--owner` and `memory_store`'s
`data`, `provenance`, `related_user`, `confidence`, `valid_from`, `valid_to`, `expires_at` and
`auto_supersede`. What is stored reads back as given, and a bad value is refused in the SDK's words (the
rules of ``requests.StoreRequest``), with nothing stored."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import anyio
import pytest

from memlane import InvalidInput, Memlane
from test_cli import run
from test_mcp import call, error_of, stdio_session

PROVENANCE = {"tool": "crm", "url": "https://crm.example/r/1", "message_ids": ["m1", "m2"], "n": 3,
              "nested": {"ok": True, "none": None, "ünï": "çödé 東京"}}  # fmt: skip
DATA = {"amount": 12.5, "currency": "EUR", "list": [1, "two", {"three": 3}]}


def _sdk_refusal(tmp_path: Path, **fields: Any) -> str:
    with (
        Memlane(tmp_path / "sdk.db", user="cli-user", embedder="none") as mem,
        pytest.raises(InvalidInput) as refused,
    ):
        mem.store("Ana renewed the Falcon contract", **fields)
    return str(refused.value)


def test_the_cli_stores_provenance_data_and_owner(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    out = run(db, "memory", "store", "Ana renewed the Falcon contract", "--provenance", json.dumps(PROVENANCE),
              "--data", json.dumps(DATA), "--json")  # fmt: skip
    stored = json.loads(out.stdout)
    shared = json.loads(run(db, "memory", "store", "The office moves to Leeds in May", "--visibility",
                            "shared", "--owner", "workspace", "--json").stdout)  # fmt: skip
    with Memlane(db, user="cli-user", embedder="none") as mem:
        memory = mem.get(stored["id"])
        assert memory.provenance == PROVENANCE and memory.data == DATA
        assert list(memory.provenance) == list(PROVENANCE)  # key order too
        assert mem.get(shared["id"]).owner == "workspace"


@pytest.mark.parametrize(
    ("option", "value", "field"),
    [("--provenance", "[1]", [1]), ("--provenance", '{"a": NaN}', {"a": float("nan")}),
     ("--provenance", '{"a": "\\u0000"}', {"a": "\x00"}), ("--data", '"x"', "x")],
)  # fmt: skip
def test_the_cli_refuses_in_the_sdks_words(tmp_path: Path, option: str, value: str, field: object) -> None:
    db = tmp_path / "cli.db"
    refused = run(db, "memory", "store", "Ana renewed the Falcon contract", option, value, check=False)
    expected = _sdk_refusal(tmp_path, **{option.removeprefix("--"): field})
    assert refused.returncode != 0 and expected in refused.stderr, (refused.stderr, expected)
    assert run(db, "memory", "list", "--json").stdout.strip() in ("[]", "")


def test_the_cli_says_what_is_not_json(tmp_path: Path) -> None:
    refused = run(
        tmp_path / "cli.db", "memory", "store", "Ana renewed it", "--provenance", "{oops", check=False
    )
    assert refused.returncode == 2 and "--provenance" in refused.stderr and "not JSON" in refused.stderr


def test_mcp_memory_store_takes_every_store_field(tmp_path: Path) -> None:
    db = tmp_path / "mcp.db"
    Memlane(db, user="alice", embedder="none").close()
    found: dict[str, Any] = {}

    async def main() -> None:
        async with stdio_session(db) as session:
            tools = {t.name: t for t in (await session.list_tools()).tools}
            properties = tools["memory_store"].input_schema["properties"]
            for name in ("data", "provenance", "related_user", "confidence", "valid_from", "valid_to",
                         "expires_at", "auto_supersede", "expect_current"):  # fmt: skip
                assert properties[name].get("description"), name
            found["stored"] = await call(
                session, "memory_store", content="Ana renewed the Falcon contract", data=DATA,
                provenance=PROVENANCE, related_user="ana", confidence=0.7, valid_from="2024-02-29",
                valid_to="9999-12-31T00:00:00Z", expires_at="9999-12-31T23:59:59Z", auto_supersede=False,
            )  # fmt: skip
            found["list"] = await error_of(session, "memory_store", content="Bob left", provenance=[1])
            found["nul"] = await error_of(session, "memory_store", content="Bob left", data={"a": "\x00"})

    anyio.run(main)
    with Memlane(db, user="alice", embedder="none") as mem:
        memory = mem.get(found["stored"]["id"])
        assert (memory.data, memory.provenance) == (DATA, PROVENANCE)
        assert (memory.related_user, memory.confidence, memory.source) == ("ana", 0.7, "claude-desktop")
        assert memory.valid_from == datetime(2024, 2, 29, tzinfo=UTC)
        assert memory.valid_to == datetime(9999, 12, 31, tzinfo=UTC)
        assert memory.expires_at == datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC)
        assert [m.id for m in mem.list_recent()] == [memory.id]  # the refused ones stored nothing
    assert found["list"].startswith("invalid_input") and "provenance" in found["list"]
    assert found["nul"] == f"invalid_input: {_sdk_refusal(tmp_path, data={'a': chr(0)})}"


def test_mcp_memory_forget_takes_space_and_min_score(tmp_path: Path) -> None:
    """As ``POST /v1/forget`` and the SDK: forgetting by query in one space leaves another's alone."""
    db = tmp_path / "forget.db"
    with Memlane(db, user="alice", embedder="none") as mem:
        kept = mem.store("Ana's flight to Lisbon is on Friday", space="trips-b").id
        gone = mem.store("Ana's flight to Lisbon is on Friday", space="trips-a").id
    found: dict[str, Any] = {}

    async def main() -> None:
        async with stdio_session(db) as session:
            query = "forget that Ana's flight to Lisbon is on Friday"
            found["strict"] = await call(
                session, "memory_forget", query=query, space="trips-a", min_score=1.0
            )
            found["deleted"] = await call(session, "memory_forget", query=query, space="trips-a")
            found["bad"] = await error_of(session, "memory_forget", query=query, min_score=2)

    anyio.run(main)
    assert found["strict"]["deleted"] == []
    assert found["deleted"]["deleted"] == [gone]
    assert found["bad"].startswith("invalid_input") and "min_score" in found["bad"]
    with Memlane(db, user="alice", embedder="none") as mem:
        assert [m.id for m in mem.list_recent(space="*")] == [kept]
