"""``extract``: learn from an exchange (issue 13). Gate → extractor → memory manager → store.

One function behind ``MemoryService.extract``, so every surface (SDK, CLI, REST, MCP) does the same:

1. The messages: given, or the conversation's from the log (what the caller may read).
2. The same exchange is never extracted twice: a hash of who extracts it (workspace, user, space) and
   of its messages (role, text, tool, result, speaker) is kept in the store (``extracted_exchanges``)
   and written in the same transaction as the memories, so a failed extraction records nothing and can
   be retried, and a successful one is not repeated after a restart.
3. The gate (``extraction.gate``): nothing is extracted from an exchange with nothing durable.
4. The extractor (rule-based by default) proposes facts and retractions under the ceiling: the lower of
   the request's ``ceiling`` and the caller's key.
5. The memory manager (``extraction.manager``): each fact is compared with the 5 most similar current
   items of the scope it would be stored in (found by recall, under the caller's read scope) and becomes
   ADD, UPDATE (supersede, history kept), or NOOP (already known); a retraction DELETEs the item it
   takes back. A fact that looks like a secret is skipped, never stored.
6. Deletions first (each a ``forget`` under the permission rules), then every addition and update in
   one transaction with the exchange's hash. Each stored memory's provenance names the conversation,
   the message ids, the tools and the record ids and URLs their structured results carried.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from .errors import InvalidInput, OptedOut
from .extraction import Extractor, Message, gate
from .extraction.manager import decide, decide_retraction
from .models import Actor, ExtractedItem, ExtractReport, Memory, SkippedStatement, Visibility
from .permissions import Change, refusal, resolve_owner
from .requests import StoreRequest
from .secrets import find_secret
from .storage.base import WriteTxn
from .timeutil import now_utc

if TYPE_CHECKING:
    from .service import MemoryService

__all__ = ["MANAGER_NEIGHBOURS", "exchange_digest", "extract", "extract_messages"]

#: how many similar current items the memory manager compares each candidate with
MANAGER_NEIGHBOURS = 5
_MODES = ("chat", "agent")
_CEILINGS = ("personal", "shared")


class _AlreadyExtracted(Exception):
    """Raised inside the write transaction when a concurrent request extracted the same exchange."""


def exchange_digest(actor: Actor, space: str | None, messages: Sequence[Message]) -> str:
    """The content hash that identifies one exchange for one extracting user and space."""
    payload = {
        "workspace": actor.workspace,
        "user": actor.user,
        "space": space or "",
        "messages": [[m.role, m.text, m.tool, m.result, m.user] for m in messages],
    }
    return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()


def extract(
    service: MemoryService,
    extractor: Extractor,
    messages: Sequence[Mapping[str, Any] | Message] | None,
    *,
    actor: Actor,
    conversation_id: str | None = None,
    mode: str = "chat",
    ceiling: str = "personal",
    instructions: str | None = None,
    space: str | None = None,
    source: str | None = None,
) -> ExtractReport:
    from .conversations import check_conversation_id, parse_messages

    if mode not in _MODES:
        raise InvalidInput(f"mode: 'chat' or 'agent', not {mode!r}")
    if ceiling not in _CEILINGS:
        raise InvalidInput(f"ceiling: 'personal' or 'shared', not {ceiling!r}")
    if instructions is not None and (not isinstance(instructions, str) or len(instructions) > 10_000):
        raise InvalidInput("instructions: a string of at most 10,000 characters")
    if (messages is None) == (conversation_id is None):
        raise InvalidInput("extract takes messages or a conversation_id, not both and not neither")
    if service._opted_out(actor):
        raise OptedOut(f"{actor.user} has opted out of memory: nothing is extracted")
    if conversation_id is not None:
        conversation_id = check_conversation_id(conversation_id)
        logged = service.conversations.show(conversation_id, actor=actor)
        parsed = [
            Message(role=m.role, text=m.text, id=m.id, tool=m.tool, result=m.result, user=m.user,
                    agent=m.agent, at=m.at)
            for m in logged
        ]  # fmt: skip
    else:
        parsed = parse_messages(messages)
    return extract_messages(service, extractor, parsed, actor=actor, conversation_id=conversation_id, mode=mode,
                            ceiling=ceiling, instructions=instructions, space=space, source=source)  # fmt: skip


def extract_messages(
    service: MemoryService,
    extractor: Extractor,
    parsed: Sequence[Message],
    *,
    actor: Actor,
    conversation_id: str | None,
    mode: str = "chat",
    ceiling: str = "personal",
    instructions: str | None = None,
    space: str | None = None,
    source: str | None = None,
    observed_at: datetime | None = None,
) -> ExtractReport:
    """Steps 2-6 for validated messages (``conversation_id``: only named in the provenance here);
    ``observed_at``: when the exchange happened, for what it stores (an imported conversation's time)."""
    # The request's ceiling can only narrow the key's: a personal-only key never writes shared.
    effective = "shared" if ceiling == "shared" and actor.ceiling is Visibility.SHARED else "personal"

    digest = exchange_digest(actor, space, parsed)
    if service.storage.conversations.exchange_extracted(actor.workspace, digest):
        return ExtractReport(extracted=False, reason="this exchange was already extracted")
    verdict = gate(parsed, mode)  # type: ignore[arg-type]
    if not verdict.passed:
        return ExtractReport(extracted=False, reason=f"gate: {verdict.reason}")
    result = extractor.extract(parsed, mode=mode, ceiling=effective, instructions=instructions)  # type: ignore[arg-type]

    skipped = [SkippedStatement(text=s.text, reason=s.reason) for s in result.skipped]
    provenance = _provenance(parsed, conversation_id, extractor)

    # Retractions: delete what they take back (each under the permission rules).
    deleted: list[ExtractedItem] = []
    for retraction in result.retractions:
        neighbours = _neighbours(service, retraction.retracts, actor, space)
        decision = decide_retraction(retraction.retracts, [n for n in neighbours
                                                            if refusal(actor, n, Change.DELETE) is None])  # fmt: skip
        if decision.target is None:
            skipped.append(SkippedStatement(text=retraction.text, reason=decision.reason))
            continue
        service.forget(decision.target.id, actor=actor)
        t = decision.target
        deleted.append(ExtractedItem(id=t.id, content=t.content, type=t.type, visibility=t.visibility,
                                     reason=decision.reason))  # fmt: skip

    # Facts: the memory manager decides, then every write goes in one transaction with the hash.
    requests: list[StoreRequest] = []
    planned: list[tuple[str, Any, Memory | None, str]] = []  # (action, fact, target, reason)
    for fact in result.facts:
        secret = find_secret(fact.content)
        if secret is not None:
            skipped.append(SkippedStatement(text="(withheld)", reason=f"looks like a secret ({secret})"))
            continue
        visibility = Visibility(fact.visibility)
        if effective == "personal":
            visibility = Visibility.PERSONAL
        owner, visibility = resolve_owner(actor, None, visibility)
        neighbours = [
            n for n in _neighbours(service, fact.content, actor, space)
            if n.owner == owner and n.visibility is visibility
        ]  # fmt: skip
        decision = decide(fact.content, str(fact.type), neighbours, fact.subject)
        if decision.action == "noop":
            assert decision.target is not None
            skipped.append(
                SkippedStatement(text=fact.content, reason=f"already known ({decision.target.id})")
            )
            continue
        target = decision.target
        if target is not None and refusal(actor, target, Change.SUPERSEDE) is not None:
            target, decision_reason = None, "new (the similar item cannot be changed by this request)"
        else:
            decision_reason = decision.reason if target is not None else fact.reason or decision.reason
        item_provenance = dict(provenance)
        if fact.source_message_ids:
            item_provenance["message_ids"] = list(fact.source_message_ids)
        fields: dict[str, Any] = {
            "content": fact.content, "type": str(fact.type), "importance": fact.importance,
            "confidence": fact.confidence, "visibility": str(visibility), "space": space,
            "source": source or "extraction", "provenance": item_provenance, "auto_supersede": False,
        }  # fmt: skip
        if observed_at is not None:
            fields["observed_at"] = observed_at
        if fact.subject:
            fields["subject"] = fact.subject
        if fact.related_user:
            fields["related_user"] = fact.related_user
        if target is not None:
            fields["replaces"] = target.id
        requests.append(service._validate({k: v for k, v in fields.items() if v is not None}, ""))
        planned.append(("update" if target is not None else "add", fact, target, decision_reason))

    def record(txn: WriteTxn) -> None:
        if not txn.claim_exchange(actor.workspace, digest, now_utc()):
            raise _AlreadyExtracted

    try:
        stored = service._store_all(requests, actor, in_txn=record)
    except _AlreadyExtracted:
        return ExtractReport(
            extracted=False, reason="this exchange was already extracted", deleted=tuple(deleted)
        )
    added: list[ExtractedItem] = []
    updated: list[ExtractedItem] = []
    for (action, fact, target, reason), request, outcome in zip(planned, requests, stored, strict=True):
        visibility = Visibility(request.visibility)
        if outcome.status == "duplicate":
            skipped.append(SkippedStatement(text=fact.content, reason=f"already known ({outcome.id})"))
            added_or_updated = None
        else:
            added_or_updated = ExtractedItem(
                id=outcome.id, content=fact.content, type=fact.type, visibility=visibility, reason=reason,
                replaces=target.id if target is not None else None,
                previous=target.content if target is not None else None,
            )  # fmt: skip
        if added_or_updated is not None:
            (updated if action == "update" else added).append(added_or_updated)
    return ExtractReport(
        extracted=True, reason=f"gate: {verdict.reason}", added=tuple(added), updated=tuple(updated),
        deleted=tuple(deleted), skipped=tuple(skipped),
    )  # fmt: skip


def _neighbours(service: MemoryService, content: str, actor: Actor, space: str | None) -> list[Memory]:
    """The most similar current items the caller may read, through recall (every lane, one scope rule)."""
    try:
        return list(service.recall(content, actor=actor, limit=MANAGER_NEIGHBOURS, space=space))
    except InvalidInput:
        return []


def _provenance(
    messages: Sequence[Message], conversation_id: str | None, extractor: Extractor
) -> dict[str, Any]:
    """Where an extracted memory came from: conversation, messages, tools, and the record ids and URLs
    that structured tool results carried."""
    out: dict[str, Any] = {"extractor": type(extractor).__name__}
    if conversation_id is not None:
        out["conversation_id"] = conversation_id
    ids = [m.id for m in messages if m.id]
    if ids:
        out["message_ids"] = ids
    tools = sorted({m.tool for m in messages if m.tool})
    if tools:
        out["tools"] = tools
    records = [
        {k: m.result[k] for k in ("id", "url", "system") if isinstance(m.result.get(k), (str, int))}
        for m in messages
        if m.role == "tool" and m.result
    ]
    records = [r for r in records if r]
    if records:
        out["records"] = records
    return out
