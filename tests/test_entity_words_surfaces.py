"""The entity calls refuse a bad argument in one message on every surface, the service's: an id that is
blank or too long, a relation that is no snake_case name, a lookup's over-long name or a type of no
kind. The REST API and the MCP tools checked these themselves, each in its own words (``dst: must have at
most 200 characters``, ``dst: must be a non-empty string of at most 200 characters``, ``path.entity_id:
…``, ``relation: must have at most 40 characters``, ``query.type: must have at most 20 characters``), the
SDK took a lookup's 501-character name and said "cannot read" of a 101-character time; MCP refused an
empty ``valid_from`` the others read as none. The schemas still declare every bound."""

from __future__ import annotations

from typing import Any

import anyio
import httpx
import pytest

from memlane import InvalidInput, Memlane
from servers import Stack, bearer, running
from test_mcp import http_session

LONG_ID = "e" * 201


def _cases(a: str, b: str) -> list[tuple[str, dict[str, Any]]]:
    return [
        ("relate", {"src": a, "relation": "reports_to", "dst": LONG_ID}),
        ("relate", {"src": a, "relation": "reports_to", "dst": ""}),
        ("relate", {"src": a, "relation": "r" * 41, "dst": b}),
        ("relate", {"src": a, "relation": "", "dst": b}),
        ("relate", {"src": a, "relation": "Reports To", "dst": b}),
        ("relate", {"src": a, "relation": "reports_to", "dst": b, "valid_from": "2" * 101}),
        ("lookup", {"query": "n" * 501}),
        ("lookup", {"query": "Ana Silva", "type": "t" * 21}),
    ]


def _sdk(mem: Memlane, call: str, args: dict[str, Any]) -> str:
    with pytest.raises(InvalidInput) as refused:
        if call == "relate":
            rest = {k: v for k, v in args.items() if k not in ("src", "relation", "dst")}
            mem.entities.relate(args["src"], args["relation"], args["dst"], **rest)
        else:
            mem.entities.lookup(args["query"], **{k: v for k, v in args.items() if k != "query"})
    return str(refused.value)


def _rest(client: httpx.Client, call: str, args: dict[str, Any]) -> str:
    if call == "relate":
        answer = client.post(
            f"/v1/entities/{args['src']}/edges", json={k: v for k, v in args.items() if k != "src"}
        )
    else:
        answer = client.get(
            "/v1/entities/lookup", params={"q" if k == "query" else k: v for k, v in args.items()}
        )
    assert answer.status_code == 422, answer.text
    return str(answer.json()["error"]["message"])


def test_one_message_on_every_surface(stack: Stack) -> None:
    a = stack.mem.anchor({"kind": "contact", "system": "crm", "id": "1", "name": "Ana Silva"}).id
    b = stack.mem.anchor({"kind": "contact", "system": "crm", "id": "2", "name": "Ben Okoro"}).id
    cases = _cases(a, b)
    embedded = [_sdk(stack.mem, call, args) for call, args in cases]
    assert embedded[0] == "dst: too long (201 characters; an id or a name has at most 200)"
    assert embedded[2] == "relation: a snake_case name of at most 40 characters, e.g. reports_to"
    assert embedded[5] == "valid_from: must have at most 100 characters"
    assert embedded[6] == "query: must have at most 500 characters"
    assert embedded[7].startswith("type: must be one of person, ")
    with running(stack.app()) as url:
        with httpx.Client(base_url=url, headers=bearer(stack.admin_key), timeout=120) as client:
            assert [_rest(client, call, args) for call, args in cases] == embedded
            r = client.get(f"/v1/entities/{LONG_ID}")
            assert (r.status_code, r.json()["error"]["message"]) == (
                422, "entity_id: too long (201 characters; an id or a name has at most 200)"
            )  # fmt: skip

        async def over_mcp() -> list[str]:
            said = []
            async with http_session(url, stack.admin_key) as session:
                for call, args in cases:
                    result = await session.call_tool(f"entity_{call}", args)
                    assert result.is_error
                    said.append("".join(getattr(c, "text", "") for c in result.content))
                none_given = await session.call_tool(
                    "entity_relate", {"src": a, "relation": "reports_to", "dst": b, "valid_from": ""}
                )
                assert not none_given.is_error  # "" is no time, as for the SDK and REST
            return said

        assert anyio.run(over_mcp) == [f"invalid_input: {m}" for m in embedded]
    assert [e.relation for e in stack.mem.entities.edges(a)] == ["reports_to"]
