"""``extract`` of a logged conversation reads the whole conversation, however long (``conversations.read_log``:
pages of ``READ_PAGE`` messages), on both backends.

Before the fix it read the conversation as ``show`` does, its first 1,000 messages only: in a long
conversation the caller's latest turns were never extracted ("gate: nothing durable", or nothing of
what she said last).
"""

from __future__ import annotations

from memlane import Memlane
from memlane.models import Actor

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
