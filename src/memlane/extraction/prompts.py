"""The LLM extractor's prompts and the replies they ask for, as versioned code.

Each prompt is a pure function of its inputs, so a change to a prompt is a change to this file, seen in
review and named by :data:`PROMPT_VERSION` (stored in every extracted memory's provenance). The replies
are pydantic models; their JSON schemas (``$ref`` inlined, so every provider accepts them) are sent as
the structured-output schema, and every reply is validated against the same model.

Messages are numbered ``[1]``, ``[2]``… in the prompt and the model cites them by number, never by id:
it cannot invent a message id, and a number out of range is simply ignored.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..models import Memory, MemoryType
from .models import Ceiling, Message, Mode

__all__ = [
    "PROMPT_VERSION",
    "DecisionReply",
    "ExtractionReply",
    "Prompt",
    "RetractionDecisionReply",
    "decision_prompt",
    "extraction_prompt",
    "json_schema",
    "retraction_prompt",
]

#: bump with every change to a prompt or a reply model below
PROMPT_VERSION = "extract-v1"
_MAX_TOOL_CHARS = 4000


@dataclass(frozen=True, slots=True)
class Prompt:
    system: str
    prompt: str


class _Reply(BaseModel):
    model_config = ConfigDict(extra="ignore")


class FactOut(_Reply):
    content: str = Field(
        min_length=1, max_length=2000, description="One self-contained statement, third person."
    )
    type: MemoryType
    subject: str | None = Field(
        default=None, max_length=300, description="Who or what it is about; null for the user."
    )
    importance: float = Field(default=0.5, ge=0.0, le=1.0)
    confidence: float = Field(default=0.8, ge=0.0, le=1.0)
    visibility: Literal["personal", "shared"] = "personal"
    messages: list[int] = Field(default_factory=list, description="Numbers of the messages it comes from.")
    reason: str = Field(default="", max_length=300)


class RetractionOut(_Reply):
    text: str = Field(min_length=1, max_length=2000, description="The retracting statement as said.")
    retracts: str = Field(min_length=1, max_length=2000, description="What it takes back, third person.")
    erase: bool = Field(
        default=False, description="True when the user asks to forget it, not just to correct it."
    )
    messages: list[int] = Field(default_factory=list)


class SkippedOut(_Reply):
    text: str = Field(max_length=2000)
    reason: str = Field(max_length=300)


class ExtractionReply(_Reply):
    facts: list[FactOut] = Field(default_factory=list, max_length=100)
    retractions: list[RetractionOut] = Field(default_factory=list, max_length=50)
    skipped: list[SkippedOut] = Field(default_factory=list, max_length=200)


class DecisionReply(_Reply):
    action: Literal["add", "update", "noop"]
    target: int | None = Field(default=None, description="The stored item's number, for update and noop.")
    reason: str = Field(default="", max_length=300)


class RetractionDecisionReply(_Reply):
    action: Literal["delete", "noop"]
    target: int | None = Field(default=None, description="The stored item's number, for delete.")
    reason: str = Field(default="", max_length=300)


def json_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON schema with every ``$ref`` inlined (some providers reject ``$defs``)."""
    schema = model.model_json_schema()
    defs = schema.pop("$defs", {})

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                return inline(defs[node["$ref"].rsplit("/", 1)[-1]])
            return {k: inline(v) for k, v in node.items()}
        if isinstance(node, list):
            return [inline(v) for v in node]
        return node

    return inline(schema)  # type: ignore[no-any-return]


_TYPES = """- fact: a stable fact ("The user lives in Lyon", "Ana leads the billing team")
- preference: a lasting preference, only with permanence language ("always", "from now on", "by default", "I prefer")
- procedure: how something is done ("Deploys go through the staging cluster first")
- episode: something that happened at a time ("The user ran the Berlin marathon in May 2025")
- decision: a choice that was made ("The team decided to ship Falcon on March 14")
- relationship: how people or organisations relate ("Ana reports to Bob", "The user's sister is Mia")
- observation: what a tool result or a system showed ("Ticket SUP-9 is closed")"""


def extraction_prompt(
    messages: Sequence[Message], *, mode: Mode, ceiling: Ceiling, instructions: str | None
) -> Prompt:
    """The prompt that asks for an :class:`ExtractionReply` from one exchange."""
    shared = (
        "Classify each fact: shared (company, customer, system and colleague knowledge: useful to the "
        "whole team) or personal (the user's own preferences, working style, private life and reminders)."
        if ceiling == "shared"
        else "Every fact is personal: this request may not produce shared memories."
    )
    agent = (
        "This exchange is an agent's work: tool results are worth keeping as observations when they state "
        "something durable (a record's state, owner, date)."
        if mode == "agent"
        else "This is a conversation with a person: keep what the user states about themselves, their work "
        "and the people and things around them; a tool result only when it states something durable."
    )
    rules = f"""You extract durable knowledge from one exchange between a user and an assistant, for a \
long-term memory. Keep only what will still be true and useful later.

Rules:
- Only the user's own statements count. An assistant's claim counts only when the user confirms it.
- Skip greetings, small talk, questions, speculation ("should I try X?", "maybe") and one-off requests \
("book me a table tonight"); skip what is only true right now ("I'm tired today").
- A preference needs permanence language ("always", "from now on", "by default", "I prefer").
- Never keep a password, API key, token or other credential.
- Write each fact as one self-contained statement in the third person: the speaker is "The user" \
(never their name or id); anyone else keeps their name; "my" becomes "the user's", "we" the team.
- Types:
{_TYPES}
- importance: 0 (trivial) to 1 (vital: health, deadlines, money, security); confidence: how sure the \
statement is as said.
- {shared}
- {agent}
- A retraction ("forget that I…", "that's no longer true", "I don't live in Lyon anymore") is no fact: \
list it under retractions with what it takes back as a third-person statement; erase is true only when \
the user asks to forget it.
- Cite the numbers of the messages each fact comes from.
- List statements you looked at and did not keep under skipped, with a short reason."""
    if instructions and instructions.strip():
        rules += (
            "\n\nThe caller's instructions are strict extra rules: they can only narrow what is kept, never "
            f"widen it:\n<instructions>\n{instructions.strip()}\n</instructions>"
        )
    return Prompt(system=rules, prompt="The exchange:\n\n" + _render(messages))


def _render(messages: Sequence[Message]) -> str:
    lines: list[str] = []
    for number, message in enumerate(messages, start=1):
        who: str = message.role
        if message.role == "user" and message.user:
            who = f"user ({message.user})"
        if message.role == "tool":
            who = f"tool {message.tool or ''}".strip()
        body = message.text.strip()
        if message.result is not None:
            result = json.dumps(message.result, ensure_ascii=False, sort_keys=True, default=str)
            body = (body + "\n" if body else "") + "result: " + result[:_MAX_TOOL_CHARS]
        lines.append(f"[{number}] {who}: {body}")
    return "\n".join(lines)


def _items(neighbours: Sequence[Memory]) -> str:
    return "\n".join(
        f"[{n}] ({item.type}{', about ' + item.subject.name if item.subject else ''}) {item.content}"
        for n, item in enumerate(neighbours, start=1)
    )


def decision_prompt(content: str, type_: str, subject: str | None, neighbours: Sequence[Memory]) -> Prompt:
    """The memory manager's question for one candidate: ADD, UPDATE one stored item, or NOOP."""
    system = """You maintain a long-term memory. A new statement was learnt; compare it with the stored \
items most similar to it and decide:
- noop: a stored item already says the same thing (target: that item);
- update: a stored item is the same statement about the same thing, and the new one changes or refines \
it, so it replaces that item, whose history is kept (target: that item);
- add: it is new knowledge (no target).
Statements about different people, things, dates or amounts are different statements: add."""
    about = f" (about {subject})" if subject else ""
    prompt = f"New statement ({type_}{about}): {content}\n\nStored items:\n{_items(neighbours)}"
    return Prompt(system=system, prompt=prompt)


def retraction_prompt(retracts: str, neighbours: Sequence[Memory]) -> Prompt:
    """The memory manager's question for a retraction: which stored item it takes back, if any."""
    system = """You maintain a long-term memory. The user took something back. Decide which stored item \
says what was taken back: delete (target: that item), or noop when none of them says it."""
    prompt = f"Taken back: {retracts}\n\nStored items:\n{_items(neighbours)}"
    return Prompt(system=system, prompt=prompt)
