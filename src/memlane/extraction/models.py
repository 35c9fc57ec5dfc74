"""What goes into an extractor and what comes out of it (issue 13).

The types are frozen pydantic models so that every surface renders them the same way
(``model_dump(mode="json")``). Nothing here touches storage: an :class:`ExtractionResult` is a list
of *candidates*; the memory manager (built on top) decides ADD / UPDATE / DELETE / NOOP.

How a candidate's ``content`` is written (one rule for every extractor, so the manager can compare
candidates with stored memories): a self-contained statement in the third person. The speaker is
written as **"The user"** ("The user prefers green tea"), never as their id, because the speaker's
identity is carried by ``related_user`` and a stored memory must read right whoever recalls it;
anyone else keeps their name ("Ana leads the billing team"). First-person pronouns are rewritten
("my" → "the user's", "we" / "our" → "the team" / "the team's" for work statements; "our company
Zephyr Corp" → "Zephyr Corp, the user's company": a name the user gave stays the head).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..models import MemoryType, Visibility

__all__ = [
    "CandidateFact",
    "Ceiling",
    "ExtractionResult",
    "GateDecision",
    "Message",
    "Mode",
    "Retraction",
    "Role",
    "Skipped",
]

Role = Literal["user", "assistant", "tool"]
Mode = Literal["chat", "agent"]
#: the widest visibility a request may produce: ``personal`` means nothing is classified shared
Ceiling = Literal["personal", "shared"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Message(_Frozen):
    """One message of a conversation as the host application logged it."""

    role: Role
    text: str = ""
    id: str | None = None
    #: the tool's name, for ``role="tool"`` (and for an assistant message that called one)
    tool: str | None = None
    #: a tool's structured result (an issue, a CRM contact, a ticket...), when it returned one
    result: dict[str, Any] | None = None
    #: the speaking user (their memlane user id or name), for ``role="user"``
    user: str | None = None
    agent: str | None = None
    at: datetime | None = None


class CandidateFact(_Frozen):
    """Something durable worth remembering, as one self-contained statement (see the module doc)."""

    content: str
    type: MemoryType
    #: the entity the statement is about (a person, company, system), by name; None for the speaker
    subject: str | None = None
    #: the user the memory relates to (the speaker, for their own preferences and life)
    related_user: str | None = None
    importance: float = Field(default=0.5, ge=0.0, le=1.0)
    confidence: float = Field(default=0.8, ge=0.0, le=1.0)
    #: never ``shared`` when the request's ceiling is ``personal``
    visibility: Visibility = Visibility.PERSONAL
    #: ids of the messages the statement came from (provenance)
    source_message_ids: tuple[str, ...] = ()
    #: why it was kept, in a few words ("stated preference with permanence language")
    reason: str = ""


class Skipped(_Frozen):
    """A statement looked at and not kept, with why ("question", "one-off request", "secret"...)."""

    text: str
    reason: str


class Retraction(_Frozen):
    """The user takes a fact back ("forget that I…", "that's no longer true")."""

    #: the retracting statement as said
    text: str
    #: what it retracts, as a statement to match against stored memories ("The user lives in Lyon")
    retracts: str
    related_user: str | None = None
    source_message_ids: tuple[str, ...] = ()
    #: True when the user asks to *forget* it ("forget that I…"): the stored item's whole version chain
    #: is erased, as ``forget`` does; False when it is a correction ("that's no longer true", "I don't
    #: live in Lyon anymore"): only the current version is retired (archived), its history kept
    erase: bool = False


class ExtractionResult(_Frozen):
    facts: tuple[CandidateFact, ...] = ()
    retractions: tuple[Retraction, ...] = ()
    skipped: tuple[Skipped, ...] = ()


class GateDecision(_Frozen):
    """The cheap pre-check's verdict: may the exchange hold something durable?"""

    passed: bool
    reason: str
