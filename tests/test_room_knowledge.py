"""What is learnt from a team's or an agent's conversation is that team's or agent's knowledge (SPEC §5:
team items are read only by current members; agent items by those using the agent), on both backends.

Before the fix:
- ``extract`` of a logged conversation shared in team blue's room, asked for by a member with the
  shared ceiling, wrote its facts *and* the tool result's record (a CRM contact with her e-mail address
  and HubSpot id) as the **workspace's** shared memories and entities: bob, in no team, read the team's
  decision and found the contact by name, e-mail and id (the same through an agent's room);
- a team profile's sweep wrote the room's facts under the team, but anchored the room's tool results in
  the workspace's graph: the contact's entity, her e-mail address and id, read by every user.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from memlane import Memlane
from memlane.models import Actor

DECISION = "We decided to move the billing service to the Quorvex cluster."
CONTACT = {"kind": "contact", "system": "hubspot", "id": "881", "name": "Greta Varnholt",
           "email": "greta@varnholt.de", "company": "Varnholt Metals"}  # fmt: skip
ROOM = [
    {"role": "user", "text": DECISION},
    {"role": "tool", "tool": "hubspot", "text": "", "result": CONTACT},
]
NAMES = ("Greta Varnholt", "greta@varnholt.de", "hubspot:881", "Varnholt Metals", "Quorvex")
BOB = Actor(user="bob")  # a user of the workspace, in no team, through no agent


def _known(mem: Memlane, actor: Actor) -> dict[str, Any]:
    """Everything ``actor`` reads of the room's knowledge: memories, entities, look-ups, recall."""
    s = mem.service
    return {
        "memories": sorted((m.content, m.owner) for m in s.list_recent(actor=actor, limit=100)),
        "entities": sorted((e.name, e.owner) for e in s.entities.list_entities(actor, limit=100)),
        "search": {n: [e.name for e in s.entities.search(actor, n)] for n in NAMES},
        "lookup": {n: s.entities.lookup(actor, n).found is not None for n in NAMES},
        "recall": [h.content for h in s.recall("Greta Varnholt Quorvex billing", actor=actor)],
    }


NOTHING = {
    "memories": [],
    "entities": [],
    "search": {n: [] for n in NAMES},
    "lookup": dict.fromkeys(NAMES, False),
    "recall": [],
}


def _owners(mem: Memlane, actor: Actor) -> set[str]:
    s = mem.service
    return {m.owner for m in s.list_recent(actor=actor, limit=100)} | {
        e.owner for e in s.entities.list_entities(actor, limit=100)
    }


def test_extracting_a_teams_room_writes_the_teams_knowledge(mem: Memlane) -> None:
    access = mem.service.access
    access.create_team("default", "blue")
    access.add_member("default", "blue", "alice")
    access.add_member("default", "blue", "rita")
    alice, rita = Actor(user="alice", teams=("blue",)), Actor(user="rita", teams=("blue",))
    mem.service.conversations.append("blue-room", ROOM, actor=alice, visibility="shared", owner="team:blue")

    report = mem.service.extract(actor=alice, conversation_id="blue-room", ceiling="shared")
    assert report.added and report.anchored
    assert _owners(mem, alice) == {"team:blue"}  # (before: every memory and entity "workspace")
    assert _known(mem, BOB) == NOTHING
    seen = _known(mem, rita)  # a member reads it all
    assert any("Quorvex" in c for c, _ in seen["memories"]) and seen["lookup"]["hubspot:881"]
    assert seen["search"]["greta@varnholt.de"] == ["Greta Varnholt"]


def test_extracting_an_agents_room_writes_the_agents_knowledge(mem: Memlane) -> None:
    through = Actor(user="alice", agent="helpdesk", delegated=True)
    messages = [{**m, "agent": "helpdesk"} for m in ROOM]
    mem.service.conversations.append(
        "desk", messages, actor=through, visibility="shared", owner="agent:helpdesk"
    )
    mem.service.extract(actor=through, conversation_id="desk", ceiling="shared")
    assert _owners(mem, through) == {"agent:helpdesk"}
    assert _known(mem, BOB) == NOTHING
    assert _known(mem, Actor(user="alice")) == NOTHING  # alice herself, not through the agent


def test_a_room_with_the_workspaces_messages_is_the_rooms_and_two_rooms_share_nothing(mem: Memlane) -> None:
    access = mem.service.access
    for team in ("blue", "red"):
        access.create_team("default", team)
        access.add_member("default", team, "alice")
    alice = Actor(user="alice", teams=("blue", "red"))
    s = mem.service
    s.conversations.append("mixed", ROOM[:1], actor=alice, visibility="shared")  # the workspace's
    s.conversations.append("mixed", ROOM[1:], actor=alice, visibility="shared", owner="team:blue")
    s.extract(actor=alice, conversation_id="mixed", ceiling="shared")
    assert _owners(mem, alice) == {"team:blue"}  # narrowed to the team, whose members read both
    assert _known(mem, BOB) == NOTHING

    s.conversations.append("two-rooms", [{"role": "user", "text": "We decided to close the Lisbon office."}],
                           actor=alice, visibility="shared", owner="team:red")  # fmt: skip
    s.conversations.append("two-rooms", [{"role": "user", "text": "Yes, we decided to close it in May."}],
                           actor=alice, visibility="shared", owner="team:blue")  # fmt: skip
    report = s.extract(actor=alice, conversation_id="two-rooms", ceiling="shared")
    assert report.added and {str(a.visibility) for a in report.added} == {"personal"}
    access.add_member("default", "blue", "bob")  # a reader of one room only reads nothing of the other
    assert not any("Lisbon" in m.content for m in s.list_recent(actor=Actor(user="bob", teams=("blue",))))


def test_a_team_profiles_sweep_anchors_the_rooms_records_under_the_team(mem: Memlane) -> None:
    mem.service.profiles.settle = timedelta(0)
    access = mem.service.access
    access.create_team("default", "blue")
    access.add_member("default", "blue", "alice")
    alice = Actor(user="alice", teams=("blue",))
    mem.service.conversations.append("blue-room", ROOM, actor=alice, visibility="shared", owner="team:blue")
    mem.profiles.create("blue", scope="team", teams=["blue"])
    report = mem.profiles.run("blue")
    assert report.status == "succeeded" and report.added >= 1
    assert _owners(mem, alice) == {"team:blue"}  # (before: the contact and her company "workspace")
    assert _known(mem, BOB) == NOTHING
    assert mem.service.entities.lookup(alice, "hubspot:881").found is not None
