"""Extracting a logged conversation learns the caller's own words only (SPEC §7: only the user's own
statements count), as a profile's sweep learns each speaker's into that speaker's memories
(``extracting.transcripts``, one rule for both), on both backends.

Before the fix ``extract(conversation_id=...)`` read every message the caller may read as hers: in a
conversation shared with the workspace, bob's "I always take the 7:40 train" became alice's preference
when she extracted it, and bob's "please forget my therapist appointment" erased alice's own memory of
hers (a user of the workspace deleting another's memories with a message).
"""

from __future__ import annotations

from memlane import Memlane
from memlane.models import Actor

ALICE = Actor(user="alice")
PLATFORM = Actor(user="alice", delegated=True)  # a platform's key, which logs every participant's words
APPOINTMENT = "My therapist appointment is on Tuesday at 5pm"


def test_another_speakers_words_neither_erase_nor_become_the_callers_memories(mem: Memlane) -> None:
    s = mem.service
    s.store(APPOINTMENT, actor=ALICE)
    s.conversations.append("standup", [
        {"role": "user", "user": "bob", "text": "Please forget my therapist appointment on Tuesday."},
        {"role": "user", "user": "bob", "text": "I always take the 7:40 train to Ghent."},
        {"role": "assistant", "text": "Noted, Bob."},
        {"role": "user", "user": "alice", "text": "From now on, always book me an aisle seat."},
    ], actor=PLATFORM, visibility="shared")  # fmt: skip

    report = s.extract(actor=ALICE, conversation_id="standup")
    assert report.deleted == ()
    mine = [m.content for m in s.list_recent(actor=ALICE, limit=50)]
    assert APPOINTMENT in mine  # (before: erased by bob's words)
    assert not any("Ghent" in c for c in mine)  # (before: bob's habit as alice's preference)
    assert any("aisle seat" in c for c in mine)  # her own words are learnt

    # bob's words are his to learn from: extracted as bob they are his, and erase nothing of alice's
    bob = Actor(user="bob")
    s.extract(actor=bob, conversation_id="standup")
    assert any("Ghent" in m.content for m in s.list_recent(actor=bob, limit=50))
    assert APPOINTMENT in [m.content for m in s.list_recent(actor=ALICE, limit=50)]


def test_a_conversation_the_caller_said_nothing_in_gives_her_nothing(mem: Memlane) -> None:
    s = mem.service
    s.conversations.append("bobs-notes", [
        {"role": "user", "user": "bob", "text": "We decided to move the billing service to the Quorvex cluster."},
    ], actor=PLATFORM, visibility="shared")  # fmt: skip
    report = s.extract(actor=ALICE, conversation_id="bobs-notes", ceiling="shared")
    assert not report.extracted and "alice" in report.reason
    assert s.list_recent(actor=ALICE, limit=50) == []


def test_an_agents_own_work_is_still_learnt_from(mem: Memlane) -> None:
    """Messages before any user spoke are no one's words (an agent's tool results): the caller's to
    learn from, as before, in agent mode."""
    s = mem.service
    contact = {"kind": "contact", "system": "hubspot", "id": "881", "name": "Greta Varnholt",
               "email": "greta@varnholt.de"}  # fmt: skip
    s.conversations.append("agent-run", [
        {"role": "tool", "tool": "hubspot", "text": "", "result": contact},
        {"role": "user", "user": "bob", "text": "Please forget my therapist appointment on Tuesday."},
    ], actor=PLATFORM)  # fmt: skip
    s.store(APPOINTMENT, actor=ALICE)
    report = s.extract(actor=ALICE, conversation_id="agent-run", mode="agent")
    assert [a.system for a in report.anchored] == ["hubspot"] and report.deleted == ()
    assert APPOINTMENT in [m.content for m in s.list_recent(actor=ALICE, limit=50)]
