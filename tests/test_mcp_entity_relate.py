"""``entity_relate`` through the official MCP SDK's real client, over stdio (``memlane mcp`` in a
subprocess) and streamable HTTP (a real server on loopback): a relation recorded as with
``POST /v1/entities/{id}/edges``, under the same rules (the entity permission table in docs/api.md)."""

from __future__ import annotations

from pathlib import Path

import anyio
from mcp import ClientSession

from memlane import Memlane
from servers import make_stack, running
from test_mcp import call, error_of, http_session, stdio_session


def seed(mem: Memlane, user: str = "alice") -> dict[str, str]:
    mem.store("Ana Lopez and Boris Petrov planned the offsite", user=user)
    mem.store("Carla Mendes joined the design team", user=user)
    ids = {e.name: e.id for e in mem.entities.list(user=user)}
    return {"ana": ids["Ana Lopez"], "boris": ids["Boris Petrov"], "carla": ids["Carla Mendes"]}


async def exercise(session: ClientSession, ids: dict[str, str], mem_edges: object) -> None:
    tools = {t.name: t for t in (await session.list_tools()).tools}
    relate = tools["entity_relate"]
    assert relate.annotations is not None and relate.annotations.read_only_hint is False
    assert relate.annotations.idempotent_hint is True and relate.annotations.destructive_hint is False
    schema = relate.input_schema
    assert set(schema["required"]) == {"src", "relation", "dst"} and schema["additionalProperties"] is False
    assert all(
        schema["properties"][p]["maxLength"] for p in ("src", "relation", "dst", "valid_from", "valid_to")
    )
    assert {"id", "src", "relation", "dst", "valid_to"} <= set((relate.output_schema or {})["properties"])

    edge = await call(session, "entity_relate", src=ids["ana"], relation="reports_to", dst=ids["boris"],
                      valid_from="2025-01-01")  # fmt: skip
    assert (edge["src"], edge["relation"], edge["dst"]) == (ids["ana"], "reports_to", ids["boris"])
    assert edge["valid_from"].startswith("2025-01-01") and edge["provenance"]["via"] == "mcp"
    again = await call(session, "entity_relate", src=ids["ana"], relation="reports_to", dst=ids["boris"])
    assert again["id"] == edge["id"]  # the same three again updates, never duplicates
    # single: Ana has one manager at a time, so the edge to Boris ends
    await call(session, "entity_relate", src=ids["ana"], relation="reports_to", dst=ids["carla"], single=True)
    ends = {(e.dst, e.valid_to is None) for e in mem_edges(ids["ana"])}  # type: ignore[operator]
    assert ends == {(ids["boris"], False), (ids["carla"], True)}
    # the lookup shows it, named
    found = await session.call_tool("entity_lookup", {"entity_id": ids["ana"], "hops": 0})
    text = "".join(getattr(c, "text", "") for c in found.content)
    assert '"from": "Ana Lopez", "relation": "reports_to", "to": "Carla Mendes"' in text

    assert "invalid_input" in await error_of(session, "entity_relate", src=ids["ana"], relation="Reports To",
                                             dst=ids["boris"])  # fmt: skip
    assert "invalid_input" in await error_of(session, "entity_relate", src=ids["ana"], relation="knows",
                                             dst=ids["ana"])  # fmt: skip
    assert "invalid_input" in await error_of(session, "entity_relate", src=ids["ana"], relation="knows",
                                             dst=ids["boris"], valid_from="2025-02-01", valid_to="2025-01-01")  # fmt: skip
    assert "invalid_input" in await error_of(session, "entity_relate", src=ids["ana"], relation="knows")
    assert "invalid_input" in await error_of(session, "entity_relate", src="x" * 201, relation="knows",
                                             dst=ids["boris"])  # fmt: skip
    assert "not_found" in await error_of(session, "entity_relate", src="no-such-entity", relation="knows",
                                         dst=ids["boris"])  # fmt: skip


def test_entity_relate_over_stdio(tmp_path: Path) -> None:
    db = tmp_path / "stdio.db"
    with Memlane(db, user="alice", embedder="none") as mem:
        ids = seed(mem)

    async def main() -> None:
        async with stdio_session(db) as session:
            with Memlane(db, user="alice", embedder="none") as reader:
                await exercise(session, ids, reader.entities.edges)

    anyio.run(main)


def test_entity_relate_over_http_follows_the_entity_rules(tmp_path: Path) -> None:
    stack = make_stack(tmp_path / "http.db")
    mem = stack.mem
    ids = seed(mem)
    bob = seed(mem, user="bob")  # bob's personal entities: not there for alice
    mem.store("Ana Lopez and Boris Petrov lead the platform team", visibility="shared")
    shared = {e.name: e.id for e in mem.entities.list() if e.visibility == "shared"}
    shared_ana, shared_boris = shared["Ana Lopez"], shared["Boris Petrov"]
    try:
        with running(stack.app()) as url:

            async def main() -> None:
                async with http_session(url, stack.key(user="alice")) as session:
                    await exercise(session, ids, mem.entities.edges)
                    # another user's personal entity does not exist for alice; mixed scopes are refused
                    assert "not_found" in await error_of(session, "entity_relate", src=ids["ana"],
                                                         relation="knows", dst=bob["boris"])  # fmt: skip
                    assert "invalid_input" in await error_of(session, "entity_relate", src=shared_ana,
                                                             relation="knows", dst=ids["boris"])  # fmt: skip
                # a personal-only key changes personal entities only (403 on the workspace's)
                async with http_session(url, stack.key(user="alice", max_visibility="personal")) as session:
                    await call(session, "entity_relate", src=ids["boris"], relation="knows", dst=ids["carla"])
                    assert "forbidden" in await error_of(session, "entity_relate", src=shared_ana,
                                                         relation="knows", dst=shared_boris)  # fmt: skip
                # as bob: alice's entities are not there
                async with http_session(url, stack.key(user="bob")) as session:
                    assert "not_found" in await error_of(session, "entity_relate", src=ids["ana"],
                                                         relation="knows", dst=ids["boris"])  # fmt: skip

            anyio.run(main)
        assert mem.entities.edges(bob["boris"], user="bob") == []  # nothing of bob's changed
    finally:
        mem.close()
