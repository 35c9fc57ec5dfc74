"""A team or agent profile's sweep writes shared memories read by every member of its team (or every
user of its agent), so it may only learn from messages all of them may read already (SPEC §5, §8). A
message logged shared in team A's conversation was swept into team B's profile memories when its speaker
belonged to both teams (the sweep read each transcript with all the speaker's teams), so team B's
members who are not in team A read team A's conversation. Both backends (the log is stored per
backend)."""

from __future__ import annotations

from datetime import timedelta

from memlane import Memlane
from memlane.models import Actor


def _room(mem: Memlane, conversation: str, owner: str, text: str, agent: str | None = None) -> None:
    message = {"role": "user", "text": text, **({"agent": agent} if agent else {})}
    mem.service.conversations.append(
        conversation, [message], actor=Actor(user="alice", teams=("red", "blue"), agent=agent),
        visibility="shared", owner=owner,
    )  # fmt: skip


#: the name each room's statement has (the extractor may reword the rest)
ROOMS = ("Varnholt", "Quorvex", "Dunmore")


def _rooms(mem: Memlane, user: str, agent: str | None = None) -> list[str]:
    """The rooms whose statement ``user`` reads among her memories (through ``agent``)."""
    actor = Actor(user=user, teams=mem.service.storage.identity.teams_of("default", user), agent=agent)
    found = " ".join(m.content for m in mem.service.list_recent(actor=actor, limit=100))
    return [room for room in ROOMS if room in found]


def test_a_team_profile_learns_only_from_its_own_teams_conversations(mem: Memlane) -> None:
    mem.service.profiles.settle = timedelta(0)
    access = mem.service.access
    for team, members in (("red", ("alice", "rita")), ("blue", ("alice", "bob"))):
        access.create_team("default", team)
        for user in members:
            access.add_member("default", team, user)
    _room(mem, "red-room", "team:red", "Our steel supplier is Varnholt Metals in Bremen.")
    _room(mem, "blue-room", "team:blue", "The Quorvex gateway runs in Frankfurt since May 2024.")
    mem.profiles.create("blue", scope="team", teams=["blue"])
    mem.profiles.create("red", scope="team", teams=["red"])

    blue = mem.profiles.run("blue")
    assert blue.status == "succeeded" and blue.added == 1
    # bob (blue, not red) reads the blue room's decision, never the red room's (before: both, owned by
    # team:blue, from alice's red-room message)
    assert _rooms(mem, "bob") == ["Quorvex"]
    red = mem.profiles.run("red")
    assert red.status == "succeeded" and red.added == 1
    assert _rooms(mem, "rita") == ["Varnholt"]
    assert [m.owner for m in mem.list_recent(100, user="rita")] == ["team:red"]
    assert _rooms(mem, "alice") == ["Varnholt", "Quorvex"]


def test_a_profile_of_two_teams_files_each_rooms_knowledge_under_its_team(mem: Memlane) -> None:
    mem.service.profiles.settle = timedelta(0)
    access = mem.service.access
    for team, members in (("red", ("alice", "rita")), ("blue", ("alice", "bob"))):
        access.create_team("default", team)
        for user in members:
            access.add_member("default", team, user)
    _room(mem, "red-room", "team:red", "Our steel supplier is Varnholt Metals in Bremen.")
    _room(mem, "blue-room", "team:blue", "The Quorvex gateway runs in Frankfurt since May 2024.")
    mem.profiles.create("both", scope="team", teams=["blue", "red"])
    report = mem.profiles.run("both")
    assert report.status == "succeeded" and report.added == 2
    assert _rooms(mem, "bob") == ["Quorvex"]
    assert _rooms(mem, "rita") == ["Varnholt"]


def test_an_agent_profile_learns_nothing_from_a_teams_conversation(mem: Memlane) -> None:
    mem.service.profiles.settle = timedelta(0)
    access = mem.service.access
    access.create_team("default", "red")
    access.add_member("default", "red", "alice")
    _room(mem, "red-room", "team:red", "Our steel supplier is Varnholt Metals in Bremen.", "helpdesk")
    _room(mem, "desk-room", "agent:helpdesk", "The Dunmore depot closes at 6 pm on Fridays.", "helpdesk")
    mem.profiles.create("desk", scope="agent", agent="helpdesk")
    report = mem.profiles.run("desk")
    assert report.status == "succeeded" and report.added == 1
    # every user of the agent reads its memories: only the agent's own room is learnt from
    assert _rooms(mem, "carol", "helpdesk") == ["Dunmore"]
