"""``extract`` of a logged conversation reads the whole conversation, however long (``conversations.read_log``:
pages of ``READ_PAGE`` messages), on both backends.

Before the fix it read the conversation as ``show`` does, its first 1,000 messages only: in a long
conversation the caller's latest turns were never extracted ("gate: nothing durable", or nothing of
what she said last).
"""

from __future__ import annotations

import gc
import hashlib
import json
from collections.abc import Iterable, Iterator
from typing import Any

from memlane import Memlane
from memlane.extracting import exchange_digest, exchange_digests
from memlane.extraction import ExtractionResult, Message, RuleExtractor
from memlane.models import Actor, ConversationMessage

ALICE = Actor(user="alice")
PLATFORM = Actor(user="alice", delegated=True)  # a platform's key, which logs every participant's words
READ_PAGE = 1000  # (conversations.READ_PAGE, and what one read kept before the fix)


def _append(mem: Memlane, conversation_id: str, messages: list[dict[str, str]]) -> None:
    for start in range(0, len(messages), 1000):  # (at most 1,000 a call)
        mem.service.conversations.append(conversation_id, messages[start : start + 1000], actor=PLATFORM,
                                         visibility="shared")  # fmt: skip


def test_what_the_caller_said_after_the_first_thousand_messages_is_extracted(mem: Memlane) -> None:
    s = mem.service
    chatter = [
        {"role": "user", "user": "alice", "text": "thanks"} if i % 2 == 0 else {"role": "assistant", "text": "You're welcome."}
        for i in range(READ_PAGE + 200)
    ]  # fmt: skip
    late = [
        {"role": "user", "user": "alice", "text": "From now on, always book me an aisle seat."},
        {"role": "assistant", "text": "Noted."},
        {"role": "user", "user": "bob", "text": "I always take the 7:40 train to Ghent."},
        {"role": "assistant", "text": "Noted, Bob."},
    ]
    _append(mem, "long-chat", chatter + late)
    assert len(chatter) > 1000

    report = s.extract(actor=ALICE, conversation_id="long-chat")
    assert report.extracted, report.reason
    mine = [m.content for m in s.list_recent(actor=ALICE, limit=50)]
    assert any("aisle seat" in c for c in mine), mine  # (before: never read, past the 1,000th message)
    assert not any("Ghent" in c for c in mine)  # bob's words stay his, on every page


def test_a_caller_who_first_speaks_after_the_first_thousand_messages_is_heard(mem: Memlane) -> None:
    s = mem.service
    bobs = [
        {"role": "user", "user": "bob", "text": "ok"} if i % 2 == 0 else {"role": "assistant", "text": "Sure."}
        for i in range(READ_PAGE + 1)
    ]  # fmt: skip
    _append(mem, "team-room", [*bobs, {"role": "user", "user": "alice", "text": "I am allergic to peanuts."}])
    report = s.extract(actor=ALICE, conversation_id="team-room")
    assert report.extracted, report.reason  # (before: "alice said nothing in conversation 'team-room'")
    assert any("peanuts" in m.content for m in s.list_recent(actor=ALICE, limit=50))


def test_a_long_conversation_is_extracted_a_page_at_a_time(mem: Memlane) -> None:
    """The rule-based extractor reads the transcript as it is read from the log: at no point are all of
    its messages alive at once (before: two lists of all of them, as logged and as extraction's
    messages, +55 MB for 20,000; docs/benchmarks.md, "One long conversation")."""
    s = mem.service
    said = [
        {"role": "assistant", "text": "Noted."} if i % 2 else
        {"role": "user", "user": "alice", "text": f"I keep the spare key in drawer {i}." if i % 500 == 0 else "ok"}
        for i in range(2 * READ_PAGE + 500)
    ]  # fmt: skip
    _append(mem, "very-long", said)
    alive: list[int] = []

    class Watching(RuleExtractor):
        def extract(self, messages: Iterable[Message], **how: Any) -> ExtractionResult:
            def watched() -> Iterator[Message]:
                for i, message in enumerate(messages):
                    if i == 2 * READ_PAGE + 100:  # (in the third page)
                        gc.collect()
                        alive.append(
                            sum(isinstance(o, Message | ConversationMessage) for o in gc.get_objects())
                        )
                    yield message

            return super().extract(watched(), **how)

    report = s.extract(actor=ALICE, conversation_id="very-long", extractor=Watching())
    assert report.extracted and len(report.added) == 5
    assert alive and alive[0] <= READ_PAGE + 10, alive  # (before: 2 x 2,500)


def test_an_exchange_hash_is_the_one_older_versions_recorded() -> None:
    """``exchange_digests`` writes the payload's JSON into the hash a message at a time: the same hash as
    ``json.dumps`` of the whole payload, as memlane computed (and recorded) it before."""
    messages = [
        Message(role="user", text="Zoë said “hi” \u0301 \ud7ff", user="zoë"),
        Message(role="tool", tool="crm", result={"b": [1, {"z": None, "a": 1.5}], "a": "x"}),
        Message(role="assistant", text=""),
    ]
    for how in (
        {},
        {"mode": "agent", "ceiling": "shared", "instructions": " Only  Decisions ", "profile_id": "p1"},
    ):
        for given in (messages, messages[:1], []):
            payload: dict[str, Any] = {
                "workspace": "default", "user": "alice", "space": "café",
                "messages": [[m.role, m.text, m.tool, m.result, m.user] for m in given],
            }  # fmt: skip
            if how:
                payload.update(mode="agent", ceiling="shared", instructions="only decisions", profile="p1")
            whole = hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()
            assert exchange_digests(ALICE, ["café", None], iter(given), **how)[0] == whole
            assert exchange_digest(ALICE, "café", given, **how) == whole
