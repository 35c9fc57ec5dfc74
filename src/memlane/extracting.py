"""``extract``: learn from an exchange (issue 13). Gate → extractor → memory manager → store.

One function behind ``MemoryService.extract``, so every surface (SDK, CLI, REST, MCP) does the same:

1. The messages: given, or the conversation's from the log (what the caller may read).
2. The same exchange is never extracted twice: a hash of who extracts it (workspace, user, space), of
   its messages (role, text, tool, result, speaker) and of how (mode, ceiling, instructions) is kept in the store (``extracted_exchanges``)
   and written in the same transaction as the memories, so a failed extraction records nothing and can
   be retried, and a successful one is not repeated after a restart. The space is the one the service
   checked and put in NFC (``requests.write_space``); a hash an older memlane recorded with the space
   decomposed is recognised too (``done_before``).
3. The gate (``extraction.gate``): nothing is extracted from an exchange with nothing durable.
4. The extractor (rule-based by default) proposes facts and retractions under the ceiling: the lower of
   the request's ``ceiling`` and the caller's key.
5. The memory manager (``extraction.manager``; the LLM when the extractor is the LLM one): each fact is
   compared with the 5 most similar current items of the scope it would be stored in (found by recall,
   under the caller's read scope) and becomes ADD, UPDATE (supersede, history kept), or NOOP (already
   known); a retraction DELETEs the item it takes back: a correction ("that's no longer true") retires
   its current version (archived, history kept), "forget that I…" erases its whole chain when it states every
   version of it, as ``forget(query=...)`` decides (``forgetting.stated_chains``). A fact that looks like a secret is skipped, never stored.
6. Every question is asked before anything is written; then the additions, updates, retirements and
   erasures go in one transaction with the exchange's hash (under the permission rules), so a failed
   extraction (an LLM error, a crash) writes nothing and is retried later. Tool results with a known
   record shape (``extraction.records``: an issue or pull request, a CRM contact, a support ticket, a
   calendar event) are anchored in the entity graph in the same transaction, with no model call. Each stored memory's provenance names the conversation,
   the message ids, the tools and the record ids and URLs their structured results carried.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from . import forgetting, text
from .errors import InvalidInput, OptedOut, UnknownMemory
from .extraction import Extractor, Message, gate
from .extraction.manager import decider_of
from .extraction.records import record_of
from .graph.anchoring import IssueRecord, Record, anchor_record
from .models import (
    Actor,
    AnchoredRecord,
    ConversationMessage,
    ExtractedItem,
    ExtractReport,
    Memory,
    SkippedStatement,
    State,
    Visibility,
)
from .permissions import Change, check_change, check_entity_change, refusal, resolve_owner
from .requests import StoreRequest, check_choice, check_instructions, space_spellings
from .secrets import find_secret
from .storage.base import ConversationStore, EntityScope, WriteTxn
from .timeutil import now_utc

if TYPE_CHECKING:
    from .service import MemoryService

__all__ = [
    "LoggedTranscript",
    "MANAGER_NEIGHBOURS",
    "ProfileTarget",
    "done_before",
    "exchange_digest",
    "exchange_digests",
    "extract",
    "extract_messages",
    "logged_ceiling",
    "logged_scope",
    "transcript_of",
    "transcripts",
]

#: how many similar current items the memory manager compares each candidate with
MANAGER_NEIGHBOURS = 5
_MODES = ("chat", "agent")
_CEILINGS = ("personal", "shared")


@dataclass(frozen=True, slots=True)
class ProfileTarget:
    """Extraction for a profile's sweep (``memlane.profiles``): only ``types`` are kept; every memory
    carries the profile's id and ``expires_at``; the memory manager compares with (and updates or
    retracts) the profile's own memories only; shared facts are owned by ``shared_owner`` (a team or
    agent profile). The exchange hash includes the profile, so each profile extracts an exchange once."""

    id: str
    types: tuple[str, ...]
    expires_at: datetime | None = None
    shared_owner: str | None = None


def transcripts(messages: Sequence[ConversationMessage]) -> dict[str, list[ConversationMessage]]:
    """A conversation's messages grouped per speaking user: each user's messages with the assistant and
    tool messages that follow them (until another user speaks). Messages before any user spoke belong
    to nobody (nothing of a user's to extract). What is learnt from logged messages is learnt from one
    speaker's transcript into her memories (SPEC §7: only the user's own statements count): ``extract``
    of a logged conversation reads the caller's, a profile's sweep each speaker's (``profiles.sweep``),
    so another user's words never become, correct or erase the caller's memories (``transcript_of``)."""
    grouped: dict[str, list[ConversationMessage]] = {}
    speaker: str | None = None
    for m in messages:
        if m.role == "user":
            speaker = m.user
        if speaker is not None:
            grouped.setdefault(speaker, []).append(m)
    return grouped


def transcript_of(messages: Iterable[ConversationMessage], user: str) -> list[ConversationMessage]:
    """``user``'s transcript (``transcripts``) with what no user said before anyone spoke (an agent's own
    work: its tool results and replies, which are no one's words): what ``extract`` of a logged
    conversation reads for her. Another speaker's turns, and what answers them, are left out."""
    return list(_spoken(messages, user))


def _spoken(messages: Iterable[ConversationMessage], user: str) -> Iterator[ConversationMessage]:
    """``transcript_of``, one message at a time."""
    speaker: str | None = None
    for m in messages:
        if m.role == "user":
            speaker = m.user
        if speaker is None or speaker == user:
            yield m


class LoggedTranscript:
    """The caller's transcript of a logged conversation (``transcript_of``) as an extraction's messages,
    read from the log again on each pass over it, a page at a time (``conversations.read_log``), up to
    the last message the first pass saw (what is appended meanwhile is for the next extraction): a
    conversation of any length is never held whole. A list of its 20,000 messages, twice (as logged and
    as extraction's messages), was ~55 MB of the +154 MB extracting it took (docs/benchmarks.md, "One
    long conversation"); each pass costs ~0.25 s of reading there."""

    def __init__(self, service: MemoryService, conversation_id: str, actor: Actor, upto: int) -> None:
        self._service, self._conversation_id, self._actor, self._upto = service, conversation_id, actor, upto

    def __iter__(self) -> Iterator[Message]:
        logged = self._service.conversations.read(self._conversation_id, actor=self._actor, upto=self._upto)
        for m in _spoken((m for _, m in logged), self._actor.user):
            yield Message(role=m.role, text=m.text, id=m.id, tool=m.tool, result=m.result, user=m.user,
                          agent=m.agent, at=m.at)  # fmt: skip


def logged_ceiling(ceiling: str, logged: Sequence[ConversationMessage]) -> str:
    """The ceiling for extracting logged messages: the lower of the request's (or profile's) and of the
    messages' own visibility (SPEC §5). A message logged under a personal ceiling was said in a personal
    request, so nothing learnt from an exchange holding one is ever written as shared: its facts are the
    speaker's personal memories. The one place this rule lives (``extract`` of a logged conversation and
    every profile's sweep)."""
    return _lower_ceiling(ceiling, all(m.visibility is Visibility.SHARED for m in logged))


def _lower_ceiling(ceiling: str, all_shared: bool) -> str:
    """``logged_ceiling``'s rule, given whether every logged message was shared."""
    return ceiling if ceiling != "personal" and all_shared else "personal"


def logged_scope(ceiling: str, logged: Iterable[ConversationMessage]) -> tuple[str, str | None]:
    """The ceiling (``logged_ceiling``) and the owner of what is learnt as shared from logged messages
    (``extract`` of a logged conversation): what a conversation shared in a team's or an agent's room
    gives is that team's or agent's knowledge, read by those who read the room, never by the whole
    workspace. The one owner of the shared messages besides the workspace (whose readers read the
    workspace's messages too); None when the workspace owns them all (a shared item's default owner);
    messages of two such owners (two teams): nothing shared, no owner's readers read them all. A
    profile's sweep reads each room as its reading's team or agent (``profiles.sweep.readings``). Reads
    ``logged`` once, to its end (a transcript read from the log as it goes)."""
    owners: set[str] = set()
    all_shared = True
    for m in logged:
        all_shared = all_shared and m.visibility is Visibility.SHARED
        owners.add(m.owner)
    ceiling = _lower_ceiling(ceiling, all_shared)
    if ceiling != "shared":
        return ceiling, None
    owners -= {"workspace"}
    if len(owners) > 1:
        return "personal", None
    return ceiling, next(iter(owners), None)


class _AlreadyExtracted(Exception):
    """Raised inside the write transaction when a concurrent request extracted the same exchange."""


def exchange_digest(
    actor: Actor,
    space: str | None,
    messages: Iterable[Message],
    *,
    mode: str = "chat",
    ceiling: str = "personal",
    instructions: str | None = None,
    profile_id: str | None = None,
) -> str:
    """The content hash that identifies one extraction of an exchange: who extracts it (workspace, user,
    space, as the service passes it: ``requests.write_space``), the messages, and how (mode, effective
    ceiling, instructions — whitespace and case folded), since another mode or other instructions keep
    other things. The defaults (chat, personal, no instructions) add nothing, so hashes recorded before
    these were part of it stay valid."""
    return exchange_digests(actor, [space], messages, mode=mode, ceiling=ceiling, instructions=instructions,
                            profile_id=profile_id)[0]  # fmt: skip


def exchange_digests(
    actor: Actor,
    spaces: Sequence[str | None],
    messages: Iterable[Message],
    *,
    mode: str = "chat",
    ceiling: str = "personal",
    instructions: str | None = None,
    profile_id: str | None = None,
) -> list[str]:
    """``exchange_digest`` of the exchange in each of ``spaces`` (``requests.space_spellings``), reading
    ``messages`` once. The hash is of the JSON of ``{"workspace", "user", "space", "messages": [[role,
    text, tool, result, user], ...]}`` (and mode, ceiling, instructions, profile when not the default),
    keys sorted; it is written into the hash one message at a time, the same bytes as ``json.dumps`` of
    the whole payload (the hashes an older memlane recorded stay valid), without the payload held."""
    head: dict[str, Any] = {"workspace": actor.workspace, "user": actor.user, "space": None}
    if mode != "chat":
        head["mode"] = mode
    if ceiling != "personal":
        head["ceiling"] = ceiling
    folded = " ".join((instructions or "").split()).casefold()
    if folded:
        head["instructions"] = folded
    if profile_id is not None:
        head["profile"] = profile_id
    hashes = [hashlib.sha256() for _ in spaces]

    def write(piece: str) -> None:
        data = piece.encode()
        for h in hashes:
            h.update(data)

    for i, key in enumerate(sorted([*head, "messages"])):
        write(("{" if i == 0 else ", ") + json.dumps(key) + ": ")
        if key == "space":
            for h, space in zip(hashes, spaces, strict=True):
                h.update(json.dumps(space or "").encode())
        elif key == "messages":
            write("[")
            for j, m in enumerate(messages):
                said = [m.role, m.text, m.tool, m.result, m.user]
                write(("" if j == 0 else ", ") + json.dumps(said, sort_keys=True, default=str))
            write("]")
        else:
            write(json.dumps(head[key], sort_keys=True, default=str))
    write("}")
    return [h.hexdigest() for h in hashes]


def done_before(log: ConversationStore, workspace: str, digests: Iterable[str]) -> bool:
    """Whether the work ``digests`` name (an exchange's extraction, an imported conversation: one hash
    for each of ``requests.space_spellings`` of its space) is recorded as done, under the space as
    memlane keeps it or as an older memlane hashed it: an extraction first run in "cafe\u0301" before
    migration 40 is done when run again, typed either way (it was extracted again: its facts found
    "already known")."""
    return any(log.exchange_extracted(workspace, digest) for digest in digests)


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

    check_choice(mode, "mode", _MODES)
    check_choice(ceiling, "ceiling", _CEILINGS)
    instructions = check_instructions(instructions)
    if (messages is None) == (conversation_id is None):
        raise InvalidInput("extract takes messages or a conversation_id, not both and not neither")
    if service._opted_out(actor):
        raise OptedOut(f"{actor.user} has opted out of memory: nothing is extracted")
    if conversation_id is not None:
        conversation_id = check_conversation_id(conversation_id)
        # the whole conversation, read in pages (``conversations.read_log``), keeping her transcript only;
        # this pass reads its scope and where it ends, and extraction reads it again (``LoggedTranscript``)
        upto, mine = 0, 0

        def scanned() -> Iterator[ConversationMessage]:
            nonlocal upto
            for seq, m in service.conversations.read(conversation_id, actor=actor):
                upto = seq
                yield m

        def hers() -> Iterator[ConversationMessage]:
            nonlocal mine
            for m in _spoken(scanned(), actor.user):
                mine += 1
                yield m

        ceiling, shared_owner = logged_scope(ceiling, hers())
        if not mine:
            return ExtractReport(extracted=False, reason=(
                f"{actor.user} said nothing in conversation {conversation_id!r}: only a speaker's own messages"
                " are learnt from, into her own memories"))  # fmt: skip
        parsed: Iterable[Message] = LoggedTranscript(service, conversation_id, actor, upto)
    else:
        parsed = parse_messages(messages)
        shared_owner = None
    return extract_messages(service, extractor, parsed, actor=actor, conversation_id=conversation_id, mode=mode,
                            ceiling=ceiling, instructions=instructions, space=space, source=source,
                            shared_owner=shared_owner)  # fmt: skip


def extract_messages(
    service: MemoryService,
    extractor: Extractor,
    parsed: Iterable[Message],
    *,
    actor: Actor,
    conversation_id: str | None,
    mode: str = "chat",
    ceiling: str = "personal",
    instructions: str | None = None,
    space: str | None = None,
    source: str | None = None,
    observed_at: datetime | None = None,
    profile: ProfileTarget | None = None,
    shared_owner: str | None = None,
) -> ExtractReport:
    """Steps 2-6 for validated messages (``conversation_id``: only named in the provenance here), read
    more than once (a list, or a ``LoggedTranscript`` read from the log on each pass);
    ``observed_at``: when the exchange happened, for what it stores (an imported conversation's time);
    ``profile``: a profile's sweep (``ProfileTarget``); ``shared_owner``: who owns what is written as
    shared, the facts and the anchored records alike (a profile's ``shared_owner``, else a logged room's,
    ``logged_scope``; None: the workspace)."""
    if profile is not None:
        shared_owner = profile.shared_owner
    # The request's ceiling can only narrow the key's: a personal-only key never writes shared.
    effective = "shared" if ceiling == "shared" and actor.ceiling is Visibility.SHARED else "personal"

    sources = _Sources()  # (what the provenance names, read in the same pass as the hash)
    digests = exchange_digests(actor, space_spellings(space), sources.reading(parsed), mode=mode,
                               ceiling=effective, instructions=instructions,
                               profile_id=profile.id if profile else None)  # fmt: skip
    digest = digests[0]  # (the space as memlane keeps it; the others an older memlane's hashes)
    if done_before(service.storage.conversations, actor.workspace, digests):
        return ExtractReport(extracted=False, reason="this exchange was already extracted")
    verdict = gate(parsed, mode)  # type: ignore[arg-type]
    if not verdict.passed:
        return ExtractReport(extracted=False, reason=f"gate: {verdict.reason}")
    # Every question (to the extractor and to the memory manager, which may be an LLM) is asked before
    # anything is written: a failure (LLMError) leaves no memory and no recorded hash, to be retried.
    # (An extractor that reads its messages once, in order, reads a logged conversation as it is read.)
    given = parsed if getattr(extractor, "reads_once", False) else list(parsed)
    result = extractor.extract(given, mode=mode, ceiling=effective, instructions=instructions)  # type: ignore[arg-type]

    def stating(said: str, items: Sequence[Memory]) -> list[str]:
        return forgetting.stating(said, items, store=service.storage, actor=actor, now=now_utc())

    decider = decider_of(extractor, stating)

    skipped = [SkippedStatement(text=s.text, reason=s.reason) for s in result.skipped]
    provenance, records = sources.provenance(conversation_id, extractor), sources.records

    # Retractions: retire (archive) the current version it corrects, or erase the chain it asks to forget.
    retractions: list[tuple[Memory, bool, str]] = []  # (target, erase, reason)
    for retraction in result.retractions:
        change = Change.DELETE if retraction.erase else Change.ARCHIVE
        neighbours = [n for n in _neighbours(service, retraction.retracts, actor, space, profile)
                      if refusal(actor, n, change) is None]  # fmt: skip
        decision = decider.decide_retraction(retraction.retracts, neighbours)
        taken = {t.id for t, _, _ in retractions}
        found = [t for t in (decision.target, *decision.also) if t is not None and t.id not in taken]
        if not found:
            skipped.append(SkippedStatement(text=retraction.text, reason=decision.reason))
            continue
        if retraction.erase:
            # the decision of forget(query=...): a chain goes only when the retraction states every
            # version of it (storing may have chained another fact: forgetting.stated_chains)
            chains = {t.id: _chain(service, actor, t) for t in found}
            whole = set(forgetting.stated_chains(retraction.retracts, found, chains, stating))
            if len(whole) < len(found):
                skipped.append(SkippedStatement(text=retraction.text, reason=forgetting.PART_OF_CHAIN))
            found = [t for t in found if t.id in whole]
            if not found:
                continue
        how = "erased with its history (the user asked to forget it)" if retraction.erase else (
            "retired: archived, history kept"
        )  # fmt: skip
        retractions += [(target, retraction.erase, f"{decision.reason}; {how}") for target in found]

    # Facts: the memory manager decides, then every write goes in one transaction with the hash.
    requests: list[StoreRequest] = []
    planned: list[tuple[str, Any, Memory | None, str]] = []  # (action, fact, target, reason)
    retracted = {t.id for t, _, _ in retractions}
    for fact in result.facts:
        if profile is not None and str(fact.type) not in profile.types:
            skipped.append(
                SkippedStatement(text=fact.content, reason=f"not kept by this profile ({fact.type})")
            )
            continue
        if profile is not None and profile.expires_at is not None and profile.expires_at <= now_utc():
            # (a sweep slower than the profile's expire_after: stored, it would never be read, and a
            # store refuses an expiry already past)
            skipped.append(SkippedStatement(text=fact.content, reason="expired before it could be written"))
            continue
        secret = find_secret(fact.content)
        if secret is not None:
            skipped.append(SkippedStatement(text="(withheld)", reason=f"looks like a secret ({secret})"))
            continue
        visibility = Visibility(fact.visibility)
        if effective == "personal":
            visibility = Visibility.PERSONAL
        fact_owner = shared_owner if visibility is Visibility.SHARED else None
        owner, visibility = resolve_owner(actor, fact_owner, visibility)
        # Said before, word for word (after normalisation), in this profile's memories (each profile keeps
        # its own: another profile's copy does not count) or in those no profile wrote (stored by hand,
        # imported, extracted on request: the user has it already), so skip the neighbour search (a
        # recall) it would cost.
        fact_hash = text.content_hash(fact.content)
        known = None
        for set_of in dict.fromkeys([profile.id if profile else None, None]):
            known = known or service.storage.current_by_hash(
                actor.workspace, owner, str(visibility), space or "", fact_hash, now_utc(), profile_id=set_of
            )
        if known is not None and known not in retracted:
            skipped.append(SkippedStatement(text=fact.content, reason=f"already known ({known})"))
            continue
        neighbours = [
            n for n in _neighbours(service, fact.content, actor, space, profile)
            if n.owner == owner and n.visibility is visibility and n.id not in retracted
        ]  # fmt: skip
        decision = decider.decide(fact.content, str(fact.type), neighbours, fact.subject)
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
        if fact_owner is not None:
            fields["owner"] = owner
        if profile is not None and profile.expires_at is not None:
            fields["expires_at"] = profile.expires_at
        if target is not None:
            fields["replaces"] = target.id
        requests.append(service._validate({k: v for k, v in fields.items() if v is not None}, ""))
        planned.append(("update" if target is not None else "add", fact, target, decision_reason))

    deleted: list[ExtractedItem] = []
    # Tool results with a known record shape (``records``): anchored in the entity graph,
    # deterministically (req. 8).
    anchored: list[AnchoredRecord] = []
    # (the facts' owner: a team profile's record is its team's, never the workspace's)
    record_owner, record_visibility = (
        resolve_owner(actor, shared_owner, Visibility.SHARED)
        if effective == "shared"
        else resolve_owner(actor, None, Visibility.PERSONAL)
    )
    record_scope = EntityScope(actor.workspace, record_owner, str(record_visibility))

    def record(txn: WriteTxn) -> None:
        if not txn.claim_exchange(actor.workspace, digest, now_utc()):
            raise _AlreadyExtracted
        deleted.clear()  # a retried transaction starts again
        anchored.clear()
        for target, erase, reason in retractions:
            if _retract(txn, actor, target, erase):
                deleted.append(ExtractedItem(id=target.id, content=target.content, type=target.type,
                                             visibility=target.visibility, reason=reason))  # fmt: skip
        for message, parsed_record in records:
            anchored.append(_anchor(txn, actor, record_scope, message, parsed_record, conversation_id))

    try:
        stored = service._store_all(
            requests, actor, in_txn=record, profile_id=profile.id if profile else None,
            lock_first=[t.id for t, _, _ in retractions],
        )  # fmt: skip
    except _AlreadyExtracted:
        return ExtractReport(extracted=False, reason="this exchange was already extracted")
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
        deleted=tuple(deleted), skipped=tuple(skipped), anchored=tuple(anchored),
    )  # fmt: skip


def _anchor(
    txn: WriteTxn,
    actor: Actor,
    scope: EntityScope,
    message: Message,
    record: Record,
    conversation_id: str | None,
) -> AnchoredRecord:
    """In the extraction's transaction: anchor a tool result's record (``graph.anchoring``), its edges
    carrying where it was seen (conversation, message, tool)."""
    seen = {k: v for k, v in (("conversation_id", conversation_id), ("message_id", message.id),
                              ("tool", message.tool)) if v}  # fmt: skip
    entity_id, _ = anchor_record(
        txn, scope, record, now_utc(), provenance={"via": "extraction", **seen}, actor=actor
    )
    entity = txn.entity_for_update(actor, entity_id)
    assert entity is not None  # anchored in the caller's own scope, just now
    check_entity_change(actor, entity)
    txn.audit(actor, "anchor", None, {"kind": record.kind, "system": record.system, "entity": entity_id,
                                      "by_extraction": True})  # fmt: skip
    record_id = f"{record.repository}#{record.number}" if isinstance(record, IssueRecord) else record.id
    return AnchoredRecord(kind=record.kind, system=record.system, record_id=record_id, entity_id=entity_id,
                          message_id=message.id)  # fmt: skip


def _chain(service: MemoryService, actor: Actor, target: Memory) -> list[Memory]:
    """Every version of ``target``'s chain the actor can read (``target`` alone when none is left)."""
    try:
        return service.history(target.id, actor=actor)
    except UnknownMemory:
        return [target]


def _retract(txn: WriteTxn, actor: Actor, target: Memory, erase: bool) -> bool:
    """In the extraction's transaction: erase ``target``'s whole chain (``forget``), or retire its current
    version (archive: out of recall, history kept, ``restore`` brings it back). False when it is gone."""
    now = now_utc()
    if erase:
        chains = txn.chains(actor, [target.id])
        if not chains.get(target.id):
            return False
        check_change(actor, chains[target.id], Change.DELETE)
        ids = txn.delete_chains(actor, [target.id])
        txn.audit(actor, "forget", None, {"count": len(ids), "ids": ids, "by_extraction": True})
        return bool(ids)
    current = txn.get_for_update(actor, target.id)
    if current is None or current.state is State.ARCHIVED or current.superseded_by:
        return False
    check_change(actor, [current], Change.ARCHIVE)
    txn.set_state(actor, target.id, State.ARCHIVED.value, now)
    txn.audit(actor, "archive", target.id, {"by_extraction": True})
    return True


def _neighbours(
    service: MemoryService,
    content: str,
    actor: Actor,
    space: str | None,
    profile: ProfileTarget | None = None,
) -> list[Memory]:
    """The most similar current items the caller may read, through recall (every lane, one scope rule);
    for a profile, of that profile only (its memories are deleted with it, so it never changes others):
    the profile is a filter of the recall's storage queries, so the user's other memories neither take
    the places of the profile's nor lead the graph lane to them."""
    try:
        hits = service.recall(
            content,
            actor=actor,
            limit=MANAGER_NEIGHBOURS,
            space=space,
            count_access=False,  # the manager's lookup is no access: it must not boost what it finds
            profile=profile.id if profile is not None else None,
        )
    except InvalidInput:
        return []
    return list(hits)


class _Sources:
    """Where an extracted memory came from: the messages' ids, their tools, and the record ids and URLs
    that structured tool results carried; and the tool messages whose result is a record to anchor
    (``extraction.records``): gathered while the messages are read for another reason (``reading``)."""

    def __init__(self) -> None:
        self.ids: list[str] = []
        self.tools: set[str] = set()
        self.refs: list[dict[str, Any]] = []
        self.records: list[tuple[Message, Record]] = []

    def reading(self, messages: Iterable[Message]) -> Iterator[Message]:
        for m in messages:
            if m.id:
                self.ids.append(m.id)
            if m.tool:
                self.tools.add(m.tool)
            if m.role == "tool" and m.result:
                result = m.result
                ref = {k: result[k] for k in ("id", "url", "system") if isinstance(result.get(k), (str, int))}
                if ref:
                    self.refs.append(ref)
            record = record_of(m)
            if record is not None:
                self.records.append((m, record))
            yield m

    def provenance(self, conversation_id: str | None, extractor: Extractor) -> dict[str, Any]:
        """The provenance every memory of the exchange starts from: conversation, messages, tools,
        records."""
        out: dict[str, Any] = {"extractor": type(extractor).__name__}
        model = getattr(extractor, "identity", None)
        if isinstance(model, str):  # an LLM extractor: which model, and which prompts
            out["model"] = model
            out["prompt"] = str(getattr(extractor, "prompt_version", ""))
        if conversation_id is not None:
            out["conversation_id"] = conversation_id
        if self.ids:
            out["message_ids"] = self.ids
        if self.tools:
            out["tools"] = sorted(self.tools)
        if self.refs:
            out["records"] = self.refs
        return out
