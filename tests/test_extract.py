"""extract (issue 13): gate → rule-based extractor → memory manager → store, on both backends and every
surface (REST over a real server, MCP through the official client, the CLI)."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from backends import count_rows, rows
from cli_runner import invoke
from memlane import Memlane, forgetting
from memlane.errors import InvalidInput, OptedOut, UnknownMemory
from memlane.extraction.manager import decide, decide_retraction
from memlane.timeutil import now_utc
from servers import bearer, make_stack, running


def user(text: str) -> list[dict[str, str]]:
    return [{"role": "user", "text": text}]


def test_add_then_noop_update_and_delete_with_history(mem: Memlane, db_path) -> None:
    first = mem.extract(user("I live in Lyon. I always drink green tea in the morning."))
    assert first.extracted
    assert sorted(i.content for i in first.added) == [
        "The user always drinks green tea in the morning", "The user lives in Lyon",
    ]  # fmt: skip
    lyon = next(i for i in first.added if "Lyon" in i.content)
    assert (
        mem.get(lyon.id).provenance == {"extractor": "RuleExtractor"}
        and mem.get(lyon.id).source == "extraction"
    )

    # the same statement in another exchange: already known (NOOP), nothing new stored
    again = mem.extract(user("I live in Lyon. I always drink green tea in the morning!"))
    assert again.extracted and not again.added and not again.updated
    assert {s.reason.split(" (")[0] for s in again.skipped} == {"already known"}
    assert count_rows(db_path, "memories") == 2

    moved = mem.extract(user("I live in Paris now."))
    assert [(u.replaces, u.previous) for u in moved.updated] == [(lyon.id, "The user lives in Lyon")]
    assert [v.content for v in mem.history(moved.updated[0].id)] == [
        "The user lives in Lyon", "The user lives in Paris now",
    ]  # fmt: skip

    # "forget that I live in Paris" states one version of the chain, not "The user lives in Lyon": as
    # forget(query=...), the conversation keeps the chain whole and says so (forget it by id)
    retracted = mem.extract(user("Forget that I live in Paris."))
    assert not retracted.deleted
    assert [s.reason for s in retracted.skipped] == [forgetting.PART_OF_CHAIN]
    assert [v.content for v in mem.history(moved.updated[0].id)] == [
        "The user lives in Lyon", "The user lives in Paris now",
    ]  # fmt: skip
    mem.forget(moved.updated[0].id)
    assert [m.content for m in mem.list_recent()] == ["The user always drinks green tea in the morning"]


def test_forget_that_in_a_conversation_erases_a_chain_it_states_in_every_version(mem: Memlane) -> None:
    """The decision forget(query=...) makes (``forgetting.whole_chains``): a chain goes when the
    retraction states every version of it, and is kept whole when it states one and another fact is in
    it (storing may chain unrelated facts: "I go to the gym three times a week" / "I weigh 82 kg")."""
    veggie = mem.store("I'm vegetarian", auto_supersede=False)
    since = mem.store("I have been vegetarian since 2015", replaces=veggie.id)
    gym = mem.store("I go to the gym three times a week", auto_supersede=False)
    weight = mem.store("I weigh 82 kg", replaces=gym.id)
    erased = mem.extract(user("Forget that I'm vegetarian."))
    assert sorted(d.id for d in erased.deleted) == [since.id]
    with pytest.raises(UnknownMemory):
        mem.history(veggie.id)  # (the whole chain)
    kept = mem.extract(user("Please forget that I weigh 82 kg."))
    assert not kept.deleted and [s.reason for s in kept.skipped] == [forgetting.PART_OF_CHAIN]
    assert sorted(m.id for m in mem.list_recent(limit=10)) == [weight.id]
    assert [v.id for v in mem.history(weight.id)] == [gym.id, weight.id]


def test_the_same_exchange_is_extracted_once_across_restarts(db_path) -> None:
    exchange = user("My manager is Ana Lima.")
    with Memlane(db_path, user="alice", embedder="none") as m:
        assert m.extract(exchange).added
        assert m.extract(exchange).reason == "this exchange was already extracted"
    with Memlane(db_path, user="alice", embedder="none") as m:
        report = m.extract(exchange)
        assert (report.extracted, report.added) == (False, ())
        # another user's identical words are their own exchange
        assert m.extract(exchange, user="bob").added
    assert count_rows(db_path, "extracted_exchanges") == 2


def test_gate_rejects_chatter_and_records_nothing(mem: Memlane, db_path) -> None:
    report = mem.extract(user("hi, thanks!"))
    assert not report.extracted and report.reason.startswith("gate: ")
    assert count_rows(db_path, "memories") == 0
    assert count_rows(db_path, "extracted_exchanges") == 0  # a rejected exchange may be retried


def test_ceiling_and_secrets(mem: Memlane) -> None:
    personal = mem.extract(user("Ana leads the billing team."))
    assert [(i.content, i.visibility) for i in personal.added] == [("Ana leads the billing team", "personal")]
    shared = mem.extract(user("Bob leads the sales team. My password is hunter2xyz!"), ceiling="shared")
    assert [(i.content, i.visibility) for i in shared.added] == [("Bob leads the sales team", "shared")]
    assert any(s.reason == "secret" or "secret" in s.reason for s in shared.skipped)
    assert all("hunter2" not in m.content for m in mem.list_recent(limit=100))
    # bob reads the shared fact, not alice's personal one
    assert [m.content for m in mem.list_recent(user="bob")] == ["Bob leads the sales team"]


def test_from_a_logged_conversation_with_provenance(mem: Memlane) -> None:
    logged = mem.conversations.append("chat-7", [
        {"role": "user", "text": "We decided to ship Falcon on March 14."},
        {"role": "tool", "tool": "jira.get", "result": {"id": "FAL-12", "url": "https://jira.example/FAL-12"}},
    ])  # fmt: skip
    report = mem.extract("chat-7", mode="agent")
    assert report.extracted and report.added
    provenance = mem.get(report.added[0].id).provenance or {}
    assert provenance["conversation_id"] == "chat-7"
    assert set(provenance["message_ids"]) <= {m.id for m in logged} and provenance["message_ids"]
    assert provenance["tools"] == ["jira.get"]
    assert provenance["records"] == [{"id": "FAL-12", "url": "https://jira.example/FAL-12"}]
    assert mem.extract("chat-7", mode="agent").reason == "this exchange was already extracted"


def test_bad_requests_write_nothing(mem: Memlane, db_path) -> None:
    for kwargs, error in (
        ({"mode": "robot"}, "mode"),
        ({"ceiling": "public"}, "ceiling"),
    ):
        with pytest.raises(InvalidInput, match=error):
            mem.extract(user("I live in Lyon."), **kwargs)
    with pytest.raises(InvalidInput, match="messages"):
        mem.extract([{"role": "user"}])
    access = mem.service.access
    assert access is not None
    access.set_opted_out("default", "carol", True)
    with pytest.raises(OptedOut):
        mem.extract(user("I live in Lyon."), user="carol")
    assert count_rows(db_path, "memories") == 0


def test_manager_decisions_are_pure_rules(mem: Memlane) -> None:
    stored = mem.get(mem.store("Ana leads the billing team").id)
    assert decide("Ana leads the billing team", "fact", [stored]).action == "noop"
    assert decide("Bob leads the billing team", "fact", [stored]).action == "add"  # another person
    assert decide("Ana leads the billing and support teams", "fact", [stored]).action == "update"
    assert (
        decide("Ana leads the billing and support teams", "preference", [stored]).action == "add"
    )  # another type
    # a retraction: the forget rule (memlane.forgetting.stating) over the neighbours, on this store
    actor = mem._actor(None)
    stating = lambda said, items: forgetting.stating(  # noqa: E731
        said, items, store=mem.service.storage, actor=actor, now=now_utc()
    )
    assert decide_retraction("Ana leads billing", [stored], stating).target == stored
    assert decide_retraction("The user lives in Oslo", [stored], stating).action == "noop"


def test_rest_mcp_and_cli(tmp_path: Path) -> None:
    stack = make_stack(tmp_path / "api.db")
    try:
        with running(stack.app()) as url, httpx.Client(base_url=url, headers=bearer(stack.admin_key),
                                                       timeout=60) as c:  # fmt: skip
            r = c.post("/v1/extract", json={"messages": user("I live in Lyon.")})
            assert r.status_code == 200, r.text
            assert [i["content"] for i in r.json()["added"]] == ["The user lives in Lyon"]
            bad = c.post("/v1/extract", json={"messages": user("x"), "conversation_id": "c"})
            assert bad.status_code == 422 and bad.json()["error"]["code"] == "invalid_input"

            async def over_mcp() -> dict:
                async with (
                    create_mcp_http_client(headers=bearer(stack.admin_key)) as http,
                    streamable_http_client(f"{url}/mcp", http_client=http) as (read, write),
                    ClientSession(read, write) as session,
                ):
                    await session.initialize()
                    result = await session.call_tool(
                        "memory_extract", {"messages": user("I live in Paris now.")}
                    )
                    assert not result.is_error, result.content
                    return result.structured_content or {}

            import anyio

            report = anyio.run(over_mcp)
            assert [u["previous"] for u in report["updated"]] == ["The user lives in Lyon"]
    finally:
        stack.mem.close()

    db = tmp_path / "cli.db"
    exchange = tmp_path / "exchange.json"
    exchange.write_text(json.dumps(user("I always take the train to work.")))
    cmd = ["extract", str(exchange), "--json", "--db", str(db), "--embedder", "none", "--user", "alice"]
    out = invoke(cmd)  # in this process (tests/cli_runner.py)
    assert out.returncode == 0, out.stderr
    assert [i["content"] for i in json.loads(out.stdout)["added"]] == [
        "The user always takes the train to work"
    ]
    assert rows(db, "SELECT source FROM memories") == [("cli",)]


def test_a_correction_retires_the_current_version_and_forget_keeps_a_chain_it_states_in_part(
    mem: Memlane, db_path
) -> None:
    mem.extract(user("I live in Lyon."))
    moved = mem.extract(user("I live in Paris now."))
    paris = moved.updated[0]
    # "that's no longer true": the current version is retired (archived), its history kept
    corrected = mem.extract(user("That's no longer true, I don't live in Paris."))
    assert [(d.id, d.content) for d in corrected.deleted] == [(paris.id, "The user lives in Paris now")]
    assert "retired" in corrected.deleted[0].reason
    assert mem.get(paris.id).state == "archived"
    assert [v.content for v in mem.history(paris.id)] == [
        "The user lives in Lyon",
        "The user lives in Paris now",
    ]
    assert not mem.recall("where does the user live")
    mem.restore(paris.id)  # a retired memory can come back
    # "forget that I…" erases as forget(query=...) does: a chain only when it states every version, so
    # this one (Lyon, then Paris) is kept whole, and goes by id
    kept = mem.extract(user("Forget that I live in Paris."))
    assert not kept.deleted and [s.reason for s in kept.skipped] == [forgetting.PART_OF_CHAIN]
    assert count_rows(db_path, "memories") == 2
    mem.forget(paris.id)
    assert count_rows(db_path, "memories") == 0


def test_another_mode_or_other_instructions_extract_the_same_exchange_again(mem: Memlane, db_path) -> None:
    exchange = user("We decided to ship Falcon on March 14. I always drink green tea.")
    only_decisions = mem.extract(exchange, instructions="Only store decisions.")
    assert [i.type for i in only_decisions.added] == ["decision"]
    # the same instructions, spelt otherwise: the same extraction
    assert not mem.extract(exchange, instructions="  only store DECISIONS. ").extracted
    everything = mem.extract(exchange)  # no instructions: not blocked, and the decision is already known
    assert [i.type for i in everything.added] == ["preference"]
    assert any(s.reason.startswith("already known") for s in everything.skipped)
    assert mem.extract(exchange, mode="agent").extracted
    assert not mem.extract(exchange, mode="agent").extracted
    assert count_rows(db_path, "extracted_exchanges") == 3
