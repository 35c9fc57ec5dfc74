"""The conversation log endpoints (``/v1/conversations``) and extraction (``/v1/extract``): each parses
its request, makes one service call and renders the result with the SDK's own models."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from ..conversations import MAX_CONVERSATION_ID_CHARS, MAX_MESSAGE_CHARS, MAX_MESSAGES_PER_APPEND
from ..models import ConversationMessage, ConversationSummary, ExtractReport, Visibility
from ..permissions import MAX_OWNER_CHARS
from ..requests import MAX_INSTRUCTIONS_CHARS, MAX_LIMIT, MAX_MESSAGES
from .context import CallerDep, render
from .schemas import ERROR_RESPONSES, Choice, _Body, within

__all__ = ["router"]

router = APIRouter(prefix="/v1", responses=ERROR_RESPONSES)  # type: ignore[arg-type]

_CONVERSATION_ID = Annotated[str, Field(min_length=1, max_length=MAX_CONVERSATION_ID_CHARS)]


class MessageIn(_Body):
    role: Literal["user", "assistant", "tool"]
    text: str = Field(default="", max_length=MAX_MESSAGE_CHARS)
    tool: str | None = Field(default=None, max_length=200, description="The tool's name (role 'tool').")
    result: dict[str, Any] | None = Field(default=None, description="A tool's structured result.")
    user: str | None = Field(default=None, max_length=200, description="The speaking user (role 'user').")
    agent: str | None = Field(default=None, max_length=200)
    at: str | None = Field(default=None, max_length=100, description="When it was said (ISO-8601).")


class AppendBody(_Body):
    messages: list[MessageIn] = Field(max_length=MAX_MESSAGES_PER_APPEND, json_schema_extra={"minItems": 1})
    visibility: Annotated[Visibility, Choice] = Visibility.PERSONAL
    owner: str | None = Field(
        default=None,
        max_length=MAX_OWNER_CHARS,
        description="'team:<name>', 'agent:<name>' or 'workspace' (shared).",
    )


class MessagesPage(BaseModel):
    conversation_id: str
    messages: list[ConversationMessage]


class ConversationsPage(BaseModel):
    conversations: list[ConversationSummary]


class DeletedMessages(BaseModel):
    conversation_id: str
    deleted: int


@router.post("/conversations/{conversation_id}/messages", response_model=MessagesPage, tags=["conversations"])
def append(conversation_id: _CONVERSATION_ID, body: AppendBody, who: CallerDep) -> JSONResponse:
    """Append messages to a conversation (created by its first message): all are added, or none."""
    messages = who.service.conversations.append(
        conversation_id, [m.model_dump(exclude_none=True) for m in body.messages], actor=who.actor,
        visibility=body.visibility, owner=body.owner,
    )  # fmt: skip
    return render({"conversation_id": conversation_id, "messages": messages})


@router.get("/conversations/{conversation_id}", response_model=MessagesPage, tags=["conversations"])
def show(
    conversation_id: _CONVERSATION_ID,
    who: CallerDep,
    limit: Annotated[int, Query(json_schema_extra=within(1, MAX_MESSAGES))] = 1000,
) -> JSONResponse:
    """The conversation's messages visible to the caller, oldest first."""
    messages = who.service.conversations.show(conversation_id, actor=who.actor, limit=limit)
    return render({"conversation_id": conversation_id, "messages": messages})


@router.get("/conversations", response_model=ConversationsPage, tags=["conversations"])
def list_conversations(
    who: CallerDep, limit: Annotated[int, Query(json_schema_extra=within(1, MAX_LIMIT))] = 50
) -> JSONResponse:
    """Conversations visible to the caller, most recently appended to first."""
    return render({"conversations": who.service.conversations.list(actor=who.actor, limit=limit)})


@router.delete("/conversations/{conversation_id}", response_model=DeletedMessages, tags=["conversations"])
def delete(conversation_id: _CONVERSATION_ID, who: CallerDep) -> JSONResponse:
    """Delete a conversation and all its messages (a shared one: its author or an admin)."""
    deleted = who.service.conversations.delete(conversation_id, actor=who.actor)
    return render({"conversation_id": conversation_id, "deleted": deleted})


class ExtractMessageIn(MessageIn):
    id: str | None = Field(default=None, max_length=200, description="The host application's message id.")


class ExtractBody(_Body):
    """An exchange (``messages``) or a logged conversation (``conversation_id``), not both."""

    messages: list[ExtractMessageIn] | None = Field(
        default=None, max_length=MAX_MESSAGES_PER_APPEND, json_schema_extra={"minItems": 1}
    )
    conversation_id: str | None = Field(default=None, min_length=1, max_length=MAX_CONVERSATION_ID_CHARS)
    mode: Literal["chat", "agent"] = "chat"
    ceiling: Literal["personal", "shared"] = "personal"
    instructions: str | None = Field(default=None, json_schema_extra={"maxLength": MAX_INSTRUCTIONS_CHARS})
    space: str | None = Field(default=None, max_length=200)
    source: str | None = Field(default=None, max_length=200)


@router.post("/extract", response_model=ExtractReport, tags=["extraction"])
def extract(body: ExtractBody, who: CallerDep) -> JSONResponse:
    """Learn from an exchange: gate, extractor, memory manager. Lists what was ``added``, ``updated``
    (superseded), ``deleted`` and ``skipped``, each with a reason; the same exchange is extracted once."""
    messages = None if body.messages is None else [m.model_dump(exclude_none=True) for m in body.messages]
    report = who.service.extract(
        messages, actor=who.actor, conversation_id=body.conversation_id, mode=body.mode, ceiling=body.ceiling,
        instructions=body.instructions, space=body.space, source=body.source,
    )  # fmt: skip
    return render(report)
