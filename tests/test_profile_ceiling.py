"""A request's memory setting is a ceiling (SPEC §5), for what is learnt from the conversation log too:
a message logged under a personal ceiling never becomes shared memory. A team or agent profile's sweep
used the profile's ceiling whatever the message's own visibility, so a member's personal conversation
became team knowledge; and ``extract`` of a logged personal conversation with ``ceiling="shared"`` did
the same. Both backends (the log is stored per backend)."""

from __future__ import annotations

from datetime import timedelta

from memlane import Memlane
from memlane.models import Actor

DECISION = [{"role": "user", "text": "We decided to move the billing service to PostgreSQL."}]


def _owners(mem: Memlane, user: str) -> list[tuple[str, str]]:
    return [(m.owner, str(m.visibility)) for m in mem.list_recent(100, user=user)]


def test_a_team_profile_writes_nothing_shared_from_a_personal_conversation(mem: Memlane) -> None:
    mem.service.profiles.settle = timedelta(0)
    access = mem.service.access
    access.create_team("default", "support")
    access.add_member("default", "support", "alice")
    mem.conversations.append("private", DECISION)  # logged personal (the default)
    mem.profiles.create("team", scope="team", teams=["support"])

    report = mem.profiles.run("team")
    assert report.status == "succeeded" and report.added == 1
    assert report.personal_transcripts == 1
    # the fact stays alice's own (before: owned by team:support, shared, read by every member)
    assert _owners(mem, "alice") == [("user:alice", "personal")]
    access.add_member("default", "support", "bob")
    assert mem.list_recent(100, user="bob") == []
    swept = mem.profiles.log("team")[0]
    assert swept.detail is not None and swept.detail["personal_transcripts"] == 1
    assert "billing" not in repr(swept.detail)  # a count, no content

    # the same words logged shared with the team: the team's knowledge, as before
    mem.conversations.append(
        "team-room", [{"role": "user", "text": "We decided to retire the legacy Quorvex gateway."}],
        visibility="shared", owner="team:support",
    )  # fmt: skip
    again = mem.profiles.run("team")
    assert again.personal_transcripts == 0 and again.added == 1
    assert [m.owner for m in mem.list_recent(100, user="bob")] == ["team:support"]


def test_an_agent_profile_writes_nothing_shared_from_a_personal_conversation(mem: Memlane) -> None:
    mem.service.profiles.settle = timedelta(0)
    desk = Actor(user="alice", agent="helpdesk")  # a request through the agent's key, logged personal
    mem.service.conversations.append("private", [{**DECISION[0], "agent": "helpdesk"}], actor=desk)
    mem.profiles.create("desk", scope="agent", agent="helpdesk")
    report = mem.profiles.run("desk")
    assert report.added == 1
    assert report.personal_transcripts == 1
    assert _owners(mem, "alice") == [("user:alice", "personal")]


def test_extracting_a_logged_personal_conversation_writes_nothing_shared(mem: Memlane) -> None:
    mem.conversations.append("private", DECISION)
    report = mem.extract("private", ceiling="shared")
    assert [str(a.visibility) for a in report.added] == ["personal"]
    assert _owners(mem, "alice") == [("user:alice", "personal")]
    mem.conversations.append("room", DECISION, visibility="shared")
    shared = mem.extract("room", ceiling="shared")
    assert [str(a.visibility) for a in shared.added] == ["shared"]
