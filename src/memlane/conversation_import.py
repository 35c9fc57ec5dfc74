"""``import --conversations`` (issue 14, requirement 6): an export's conversations go into the
conversation log and through extraction, resumably.

Per conversation (visible branch only, ``importers.conversations``):

1. Its messages are appended to the log as ``<vendor>:<conversation id>``, personal to the importing
   user, with ids derived from (workspace, owner, conversation, the vendor's message id): a message
   already in the log is not appended again, so a re-run, or a later export of the same chat, appends
   only what is new (one transaction per conversation).
2. It is cut into exchanges (the assistant's turn before a user turn, for context, then that user
   turn) and each exchange goes through ``extracting.extract_messages`` (gate, extractor, memory
   manager) in its own transaction, which also records the exchange's hash: an exchange extracted by
   an earlier run, killed or not, is recognised and skipped, so nothing is extracted twice.
3. When every exchange is done, a marker (the hash of the conversation's message ids and texts) is
   recorded: a re-run skips a finished conversation with one look-up.

A run killed at any point leaves whole conversations in the log and whole exchanges extracted; running
the same import again continues where it stopped.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from .conversations import MAX_CONVERSATION_ID_CHARS, MAX_MESSAGE_CHARS, url_segment
from .extracting import done_before, exchange_digests, extract_messages
from .extraction import Message
from .importers import ImportedConversation
from .models import Actor, ConversationImportReport, ConversationMessage, Visibility
from .permissions import resolve_owner
from .requests import space_spellings
from .text import content_hash
from .timeutil import now_utc

if TYPE_CHECKING:
    from .service import MemoryService

__all__ = ["import_conversations", "log_id"]

_IDS = uuid.UUID("5b0f3c2e-8d1a-4c57-9a0e-6f1d2b7c9e41")  # the namespace of imported message ids


class _Tally:
    def __init__(self) -> None:
        self.counts = dict.fromkeys(
            ("conversations", "messages_appended", "messages_already_there", "exchanges_extracted",
             "exchanges_already_extracted", "exchanges_without_memory", "memories_added", "memories_updated"),
            0,
        )  # fmt: skip
        self.invalid: list[dict[str, object]] = []

    def report(self) -> ConversationImportReport:
        return ConversationImportReport(**self.counts, skipped_invalid=tuple(self.invalid))


def log_id(vendor: str, conversation_id: str) -> str:
    """The conversation's id in memlane's log: ``<vendor>:<its id>``, hashed if that is too long or no
    URL path segment (``conversations.url_segment``: an id with '/' could not be read over REST)."""
    name = f"{vendor}:{conversation_id}"
    if len(name) > MAX_CONVERSATION_ID_CHARS or any(ord(c) < 32 for c in name) or not url_segment(name):
        name = f"{vendor}:{hashlib.sha256(conversation_id.encode('utf-8', 'surrogatepass')).hexdigest()}"
    return name


def import_conversations(
    service: MemoryService,
    conversations: Iterable[ImportedConversation],
    *,
    actor: Actor,
    space: str | None = None,
    progress: Callable[[ConversationImportReport], None] | None = None,
) -> ConversationImportReport:
    """Append and extract every conversation (see the module docstring); what was done."""
    owner, visibility = resolve_owner(actor, None, Visibility.PERSONAL, explicit=True)
    tally = _Tally()
    for conv in conversations:
        _one(service, conv, actor, owner, visibility, space, tally)
        tally.counts["conversations"] += 1
        if progress is not None:
            progress(tally.report())
    return tally.report()


def _one(
    service: MemoryService,
    conv: ImportedConversation,
    actor: Actor,
    owner: str,
    visibility: Visibility,
    space: str | None,
    tally: _Tally,
) -> None:
    log = service.storage.conversations
    cid = log_id(conv.vendor, conv.id)
    kept = []
    for m in conv.messages:
        if len(m.text) > MAX_MESSAGE_CHARS:
            tally.invalid.append({"conversation_id": cid, "message_id": m.id,
                                  "reason": f"longer than {MAX_MESSAGE_CHARS:,} characters"})  # fmt: skip
        else:
            kept.append(m)
    hashed = [(m.id, content_hash(m.text)) for m in kept]
    markers = [_marker(actor, s, cid, hashed) for s in space_spellings(space)]  # (older memlanes' too)
    marker = markers[0]
    if done_before(log, actor.workspace, markers):  # finished by an earlier run
        tally.counts["messages_already_there"] += len(kept)
        return
    now = now_utc()
    rows = [
        ConversationMessage(
            id=str(uuid.uuid5(_IDS, f"{actor.workspace}\n{owner}\n{cid}\n{m.id}")),
            conversation_id=cid,
            role=m.role,
            text=m.text,
            user=actor.user if m.role == "user" else None,
            agent=actor.agent,
            at=m.at or now,
            workspace=actor.workspace,
            owner=owner,
            visibility=visibility,
            author=actor.user,
            created_at=now,
        )  # fmt: skip
        for m in kept
    ]
    there = {m.id for _, m in log.messages(actor, cid, 1_000_000)}
    new = [r for r in rows if r.id not in there]
    if new:
        log.append(new)
    tally.counts["messages_appended"] += len(new)
    tally.counts["messages_already_there"] += len(rows) - len(new)

    source = f"imported-{conv.vendor}"
    for exchange in _exchanges(rows):
        messages = [Message(role=r.role, text=r.text, id=r.id, user=r.user, agent=r.agent, at=r.at)
                    for r in exchange]  # fmt: skip
        if done_before(log, actor.workspace, exchange_digests(actor, space_spellings(space), messages)):
            tally.counts["exchanges_already_extracted"] += 1
            continue
        said = max(r.at for r in exchange if r.role == "user")
        report = extract_messages(service, service.extractor, messages, actor=actor, conversation_id=cid,
                                  space=space, source=source, observed_at=said)  # fmt: skip
        if report.extracted:
            tally.counts["exchanges_extracted"] += 1
            tally.counts["memories_added"] += len(report.added)
            tally.counts["memories_updated"] += len(report.updated)
        else:
            tally.counts["exchanges_without_memory"] += 1
    with service.storage.write() as txn:
        txn.claim_exchange(actor.workspace, marker, now_utc())


def _exchanges(rows: list[ConversationMessage]) -> list[list[ConversationMessage]]:
    """The assistant's turn, then the user's turn that follows it; trailing assistant turns are
    context for nothing and dropped (every message is in one exchange at most)."""
    out: list[list[ConversationMessage]] = []
    current: list[ConversationMessage] = []
    for row in rows:
        if row.role == "assistant" and current and current[-1].role == "user":
            out.append(current)
            current = []
        current.append(row)
    if any(r.role == "user" for r in current):
        out.append(current)
    return out


def _marker(actor: Actor, space: str | None, conversation_id: str, messages: list[tuple[str, str]]) -> str:
    # (the space as the service passes it, in NFC: one spelling typed another way is the same import)
    payload = ["conversation-import", actor.workspace, actor.user, space or "", conversation_id, messages]
    return hashlib.sha256(json.dumps(payload).encode()).hexdigest()
