"""The gate (issue 13 requirement 3): cheap, errs towards passing, rejects chatter."""

from __future__ import annotations

import pytest

from memlane.extraction import GateDecision, Message, gate


def _user(text: str) -> list[Message]:
    return [Message(role="user", text=text, id="m1")]


@pytest.mark.parametrize(
    "text",
    [
        "hi there, how are you",
        "Thanks so much!",
        "What is the capital of France?",
        "should I try Rust?",
        "Book me a table tonight at 8",
        "lol ok",
    ],
)
def test_rejects_chatter_questions_speculation_and_one_off_requests(text: str) -> None:
    decision = gate(_user(text))
    assert isinstance(decision, GateDecision)
    assert not decision.passed, decision


@pytest.mark.parametrize(
    "text",
    [
        "My manager is Priya Shah",
        "I always take the 8:15 train",
        "We decided to use Postgres for the ledger",
        "The Acme renewal is 45,000 EUR",
        "Forget that I live in Lyon",
        "From now on, answer in French",
    ],
)
def test_passes_statements_with_a_signal(text: str) -> None:
    assert gate(_user(text)).passed


def test_agent_mode_always_passes() -> None:
    assert gate(_user("hi"), mode="agent") == GateDecision(passed=True, reason="agent mode")


def test_tool_results_pass() -> None:
    messages = [
        Message(role="user", text="hey"),
        Message(role="tool", tool="jira", result={"key": "PAY-12", "status": "Done"}),
    ]
    assert gate(messages).passed


def test_confirmed_assistant_claim_passes_only_when_confirmed() -> None:
    claim = Message(role="assistant", text="So your flight lands at 18:40 on Friday?")
    assert gate([claim, Message(role="user", text="Yes, that's right")]).passed
    assert not gate([claim, Message(role="user", text="ok thanks")]).passed


def test_messages_are_frozen_and_validated() -> None:
    message = Message(role="user", text="x")
    with pytest.raises(ValueError):
        Message(role="robot", text="x")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        message.text = "y"  # type: ignore[misc]
