"""The LLM extractor (issue 13, req. 6) over real HTTP: scripted servers on loopback speaking OpenAI's
chat completions and Anthropic's Messages protocols, through the real provider clients, the extractor,
the memory manager and the store — including malformed, slow and rate-limited (429) replies."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from backends import count_rows
from llm_servers import ScriptedLLM, scripted_llm
from memlane import Memlane
from memlane.errors import ConfigError, LLMError, LLMReplyError
from memlane.extraction import Message, RuleExtractor
from memlane.extraction.llm import LLMExtractor
from memlane.extraction.prompts import PROMPT_VERSION
from memlane.extraction.select import extractor_for
from memlane.providers.llm import AnthropicMessages, OpenAIChat, build_llm


@pytest.fixture
def llm() -> Iterator[ScriptedLLM]:
    with scripted_llm() as server:
        yield server


def open_mem(path: Path, server: ScriptedLLM, spec: str = "openai:test-model", **env: str) -> Memlane:
    environ = {"MEMLANE_LLM": spec, "MEMLANE_LLM_URL": f"{server.url}/v1", "MEMLANE_LLM_API_KEY": "sk-test-123",
               "MEMLANE_LLM_MAX_ATTEMPTS": "2", **env}  # fmt: skip
    return Memlane(path / "m.db", user="alice", embedder="none", home=path, environ=environ)


def fact(content: str, type_: str = "fact", **kw: Any) -> dict[str, Any]:
    return {"content": content, "type": type_, "messages": [1], "reason": "stated by the user", **kw}


def user(text: str) -> list[dict[str, str]]:
    return [{"role": "user", "text": text, "user": "alice"}]


def test_openai_extraction_and_manager_decisions(tmp_path: Path, llm: ScriptedLLM) -> None:
    mem = open_mem(tmp_path, llm)
    llm.reply({"facts": [fact("The user lives in Lyon", importance=0.7, visibility="shared"),
                         fact("Ana leads the billing team", subject="Ana")],
               "skipped": [{"text": "how are you?", "reason": "question"}]})  # fmt: skip
    first = mem.extract(
        user("I live in Lyon. Ana leads the billing team, how are you?"), instructions="Be brief."
    )
    assert sorted((i.content, i.visibility) for i in first.added) == [
        ("Ana leads the billing team", "personal"), ("The user lives in Lyon", "personal"),  # ceiling: personal
    ]  # fmt: skip
    assert [(s.text, s.reason) for s in first.skipped] == [("how are you?", "question")]
    request = llm.seen[0]
    assert request.path == "/v1/chat/completions" and request.headers["authorization"] == "Bearer sk-test-123"
    body = request.body
    assert body["model"] == "test-model" and body["response_format"]["type"] == "json_schema"
    assert body["response_format"]["json_schema"]["name"] == "record_memories"
    assert "$ref" not in str(body["response_format"]["json_schema"]["schema"])
    system, prompt = body["messages"][0]["content"], body["messages"][1]["content"]
    assert "Be brief." in system and "[1] user (alice): I live in Lyon." in prompt
    lyon = next(i for i in first.added if "Lyon" in i.content)
    stored = mem.get(lyon.id)
    assert stored.provenance == {
        "extractor": "LLMExtractor",
        "model": "openai/test-model",
        "prompt": PROMPT_VERSION,
    }
    assert stored.importance == 0.7 and stored.related_user == "alice"

    # The memory manager's decision goes to the LLM: UPDATE the item it names (history kept).
    llm.reply({"facts": [fact("The user lives in Paris")]})
    llm.reply({"action": "update", "target": 1, "reason": "moved"})
    moved = mem.extract(user("I live in Paris now."))
    decide = llm.seen[-1].body
    assert decide["response_format"]["json_schema"]["name"] == "decide"
    assert "[1] (fact) The user lives in Lyon" in decide["messages"][1]["content"]
    assert [(u.replaces, u.reason) for u in moved.updated] == [(lyon.id, "moved")]
    assert [m.content for m in mem.history(moved.updated[0].id)] == [
        "The user lives in Lyon",
        "The user lives in Paris",
    ]

    # NOOP by the LLM; and a correction retires the current version only (history kept).
    llm.reply({"facts": [fact("The user is based in Paris")]}).reply({"action": "noop", "target": 1})
    assert not mem.extract(user("I'm based in Paris.")).added
    llm.reply(
        {
            "retractions": [
                {"text": "That's no longer true", "retracts": "The user lives in Paris", "messages": [1]}
            ]
        }
    )
    llm.reply({"action": "delete", "target": 1, "reason": "corrected"})
    retired = mem.extract(user("That's no longer true, I don't live in Paris."))
    assert [d.content for d in retired.deleted] == ["The user lives in Paris"]
    paris = mem.get(retired.deleted[0].id)
    assert paris.state == "archived" and len(mem.history(paris.id)) == 2
    assert count_rows(tmp_path / "m.db", "extracted_exchanges") == 4
    mem.close()


def test_anthropic_tool_use_and_json_text(tmp_path: Path, llm: ScriptedLLM) -> None:
    mem = open_mem(tmp_path, llm, "anthropic:claude-test")
    llm.reply({"facts": [fact("We decided to ship Falcon on March 14", "decision")]})
    report = mem.extract(user("We decided to ship Falcon on March 14."))
    assert [(i.content, i.type) for i in report.added] == [
        ("We decided to ship Falcon on March 14", "decision")
    ]
    request = llm.seen[0]
    assert request.path == "/v1/messages"
    assert (
        request.headers["x-api-key"] == "sk-test-123" and request.headers["anthropic-version"] == "2023-06-01"
    )
    assert request.body["tool_choice"] == {"type": "tool", "name": "record_memories"}
    assert request.body["tools"][0]["input_schema"]["properties"]["facts"]["type"] == "array"
    assert request.body["max_tokens"] > 0 and "Only the user's own statements count" in request.body["system"]
    # a server that answers with JSON text instead of the tool call is read too
    llm.reply({"facts": [fact("Ana reports to Bob", "relationship", subject="Ana")]}, as_text=True)
    assert [i.content for i in mem.extract(user("Ana reports to Bob.")).added] == ["Ana reports to Bob"]
    mem.close()


def test_malformed_replies_write_nothing_and_the_exchange_is_retried(
    tmp_path: Path, llm: ScriptedLLM
) -> None:
    mem = open_mem(tmp_path, llm)
    exchange = user("My manager is Ana Lima.")
    llm.text("Sure! Here are the memories: the user's manager is Ana.").text("{not json")
    with pytest.raises(LLMReplyError, match="did not answer with JSON"):
        mem.extract(exchange)
    assert len(llm.seen) == 2  # asked once more before giving up
    llm.reply({"facts": [{"content": "x", "type": "banana"}]}).reply({"facts": "none"})
    with pytest.raises(LLMReplyError, match="record_memories schema"):
        mem.extract(exchange)
    # the manager's answer is checked too: a target it was not shown is an error, and nothing is written
    mem.store("The user's manager is Ana")
    llm.reply({"facts": [fact("The user's manager is Ana Lima")]}).reply({"action": "update", "target": 7})
    with pytest.raises(LLMReplyError, match="item 7"):
        mem.extract(exchange)
    assert count_rows(tmp_path / "m.db", "memories") == 1
    assert count_rows(tmp_path / "m.db", "extracted_exchanges") == 0
    # the same exchange, later, with a working model: extracted
    llm.reply({"facts": [fact("The user's manager is Ana Lima")]}).reply({"action": "update", "target": 1})
    assert [u.content for u in mem.extract(exchange).updated] == ["The user's manager is Ana Lima"]
    assert mem.extract(exchange).reason == "this exchange was already extracted"
    mem.close()


def test_rate_limited_then_served_and_slow_replies(tmp_path: Path, llm: ScriptedLLM) -> None:
    mem = open_mem(tmp_path, llm)
    llm.status(429, Retry_After="0").reply({"facts": [fact("The user prefers tea", "preference")]})
    assert [i.content for i in mem.extract(user("I always prefer tea.")).added] == ["The user prefers tea"]
    assert len(llm.seen) == 2
    # slower than the timeout on every attempt: an LLMError, nothing written, retried later (a short
    # timeout on this handle only: on a loaded machine a served reply can take longer than 0.5 s)
    hasty = open_mem(tmp_path, llm, MEMLANE_LLM_TIMEOUT="0.5")
    llm.slow(30, {"facts": []}).slow(30, {"facts": []})
    with pytest.raises(LLMError, match="timed out"):
        hasty.extract(user("I live in Oslo."))
    hasty.close()
    assert count_rows(tmp_path / "m.db", "memories") == 1
    llm.reply({"facts": [fact("The user lives in Oslo")]}).reply({"action": "add"})
    assert mem.extract(user("I live in Oslo.")).added
    mem.close()


def client(kind: str, server: ScriptedLLM, sleeps: list[float], **kw: Any) -> OpenAIChat | AnthropicMessages:
    cls = OpenAIChat if kind == "openai" else AnthropicMessages
    return cls("m", api_key="sk-secret-9", base_url=f"{server.url}/v1", sleep=sleeps.append, **kw)


def test_provider_retry_policy(llm: ScriptedLLM) -> None:
    for kind in ("openai", "anthropic"):
        sleeps: list[float] = []
        llm.status(429, Retry_After="7").status(529 if kind == "anthropic" else 503).reply({"ok": True})
        model = client(kind, llm, sleeps, max_attempts=3, backoff=0.5)
        assert model.complete_json(system="s", prompt="p", schema={"type": "object"}, name="answer") == {
            "ok": True
        }
        assert sleeps[0] == 7.0 and 1.0 <= sleeps[1] <= 1.25  # Retry-After exactly, then backoff (0.5 * 2)
        # persistent failure: gives up after max_attempts, with the last reason
        sleeps.clear()
        llm.status(500).status(500).status(500)
        with pytest.raises(LLMError, match="after 3 attempts: HTTP 500"):
            model.complete_json(system="s", prompt="p", schema={"type": "object"}, name="answer")
        assert len(sleeps) == 2
        # a bad key is not retried and never shown
        llm.status(401, {"error": {"message": "invalid key sk-secret-9"}})
        with pytest.raises(LLMError, match="check MEMLANE_LLM_API_KEY") as info:
            model.complete_json(system="s", prompt="p", schema={"type": "object"}, name="answer")
        assert "sk-secret-9" not in str(info.value)
        model.close()


def test_timeouts_and_reply_shapes(llm: ScriptedLLM) -> None:
    sleeps: list[float] = []
    hasty = client("openai", llm, sleeps, max_attempts=2, timeout=0.3)
    llm.slow(30, {}).slow(30, {})
    with pytest.raises(LLMError, match="failed after 2 attempts: timed out"):
        hasty.complete_json(system="s", prompt="p", schema={}, name="answer")
    hasty.close()
    # (the replies below with the default timeout: on a loaded machine one can take longer than 0.3 s)
    model = client("openai", llm, sleeps)
    llm.text('```json\n{"a": 1}\n```').text("[1, 2]")
    assert model.complete_json(system="s", prompt="p", schema={}, name="answer") == {"a": 1}
    with pytest.raises(LLMReplyError, match="not an object"):
        model.complete_json(system="s", prompt="p", schema={}, name="answer")
    model.close()
    anthropic = client("anthropic", llm, sleeps)
    llm.text("no json here")
    with pytest.raises(LLMReplyError, match="did not answer with JSON"):
        anthropic.complete_json(system="s", prompt="p", schema={}, name="answer")
    anthropic.close()


@pytest.mark.parametrize(("mode", "expected"), [("object", {"type": "json_object"}), ("none", None)])
def test_openai_json_modes(tmp_path: Path, llm: ScriptedLLM, mode: str, expected: Any) -> None:
    mem = open_mem(tmp_path, llm, MEMLANE_LLM_JSON=mode)
    llm.reply({"facts": []})
    mem.extract(user("I live in Lyon."))
    body = llm.seen[0].body
    assert body.get("response_format") == expected
    assert ('"facts"' in body["messages"][0]["content"]) == (mode == "none")  # the schema, in the prompt
    mem.close()


def test_the_extractor_enforces_ceiling_instructions_secrets_and_citations(llm: ScriptedLLM) -> None:
    model = build_llm("openai:m", environ={"MEMLANE_LLM_URL": llm.url})
    assert model is not None
    extractor = LLMExtractor(model)
    llm.reply({"facts": [
        fact("The team uses Postgres 16", visibility="shared", messages=[2, 9]),
        fact("The user has a health condition, asthma", importance=0.9, messages=[2]),
        fact("The user's password is hunter2xyz99!"),
    ], "retractions": [{"text": "forget that I live in Lyon", "retracts": "The user lives in Lyon", "erase": True}]})  # fmt: skip
    messages = [
        Message(role="assistant", text="Hi", id="a1"),
        Message(role="user", text="...", id="u1", user="bob"),
    ]
    result = extractor.extract(messages, ceiling="shared", instructions="never store anything about health")
    assert [(f.content, f.visibility, f.source_message_ids, f.related_user) for f in result.facts] == [
        ("The team uses Postgres 16", "shared", ("u1",), "bob")
    ]
    assert [s.reason for s in result.skipped] == ["excluded by instructions", "secret"]
    assert "hunter2" not in str(result)
    assert [(r.retracts, r.erase, r.related_user) for r in result.retractions] == [
        ("The user lives in Lyon", True, "bob")
    ]


def test_configuration(tmp_path: Path, llm: ScriptedLLM) -> None:
    assert isinstance(extractor_for(None), RuleExtractor) and isinstance(
        extractor_for("rules"), RuleExtractor
    )
    chosen = extractor_for("anthropic:claude-x", environ={"MEMLANE_LLM_URL": llm.url})
    assert isinstance(chosen, LLMExtractor) and chosen.identity == "anthropic/claude-x"
    for spec, environ, error in (
        ("gpt-4o", {}, "unknown LLM"),
        ("openai:", {}, "unknown LLM"),
        ("openai:gpt-4o", {}, "needs an API key"),
        ("anthropic:c", {"MEMLANE_LLM_URL": "ftp://x"}, "http"),
        ("openai:m", {"MEMLANE_LLM_URL": llm.url, "MEMLANE_LLM_TIMEOUT": "soon"}, "MEMLANE_LLM_TIMEOUT"),
        ("openai:m", {"MEMLANE_LLM_URL": llm.url, "MEMLANE_LLM_JSON": "yaml"}, "MEMLANE_LLM_JSON"),
    ):
        with pytest.raises(ConfigError, match=error):
            build_llm(spec, environ=environ)
    with pytest.raises(ConfigError, match="MEMLANE_LLM"):  # a typo fails when memlane opens, not later
        Memlane(tmp_path / "x.db", embedder="none", home=tmp_path, environ={"MEMLANE_LLM": "opneai:gpt"})
    # offline default: rule-based, no LLM, no request
    with Memlane(tmp_path / "y.db", embedder="none", home=tmp_path, environ={}) as mem:
        assert isinstance(mem.service.extractor, RuleExtractor)
        assert mem.extract(user("I live in Lyon.")).added
    assert not llm.seen
