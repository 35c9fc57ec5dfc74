"""The entity graph attacked as a second user would (issue 12, issue 15; docs/api.md, "Entities"): probes
that passed when written and guard the rule "no request reads what its caller may not see, and no
number or answer it returns depends on it", both backends. What ``test_noninterference`` and
``test_existence_oracle`` do not cover already:

- ids of entities and merges that are not plain current entities: one merged away, one unmerged, an
  undone merge; a team's (not a member) and an agent's (not through it) entities;
- a member removed from a team: on the next request her graph (entities, look-ups, recall's graph lane,
  merges, consolidation's dry run) is that of a user who was never in it;
- bob anchoring the record alice anchored privately (same system and id) into the workspace: a new
  shared entity, none of her names, ids or attributes in it or in what he finds, hers unchanged;
- the operator's consolidation (no actor) folds duplicate entities within one scope only;
- a space: recall's graph lane and ``about=`` in one space bring nothing of another.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from memlane import Memlane
from memlane.ids import new_id
from memlane.models import Actor, Entity, Visibility
from memlane.storage.entity_names import alias_pairs, name_keys
from test_existence_oracle import _calls, _outcome

WHEN = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
NOW = datetime(2025, 6, 1, tzinfo=UTC)
ALICE = Actor(user="alice")


def test_ids_of_merged_unmerged_team_and_agent_entities_answer_as_none(mem: Memlane) -> None:
    s = mem.service
    bob, scout = Actor(user="bob", teams=("ops",)), Actor(user="bob", agent="scout", delegated=True)
    ids: dict[str, str] = {}
    for who, actor, scope in (("bob", bob, {}), ("team", bob, {"owner": "team:ops", "visibility": "shared"}),
                              ("agent", scout, {"owner": "agent:scout", "visibility": "shared"})):  # fmt: skip
        a, b, c = (
            s.anchor({"kind": "contact", "system": "crm", "id": i, "name": name, **scope}, actor=actor)
            for i, name in (("1", "Dana Whitfield"), ("2", "Dana Whitfield Jr"), ("3", "Dana W. Senior"))
        )
        kept = s.entities.merge(actor, a.id, b.id)
        undone = s.entities.merge(actor, a.id, c.id)
        s.entities.unmerge(actor, undone.id)
        ids |= {f"{who} entity": a.id, f"{who} merged away": b.id, f"{who} unmerged": c.id,
                f"{who} merge": kept.id, f"{who} undone merge": undone.id}  # fmt: skip
    mine = s.store("Alice's garage bay is 4471", actor=ALICE).id
    entity = s.anchor({"kind": "contact", "system": "crm", "id": "3", "name": "Ana Lopez"}, actor=ALICE).id
    differ = {}
    for name, call in _calls(mem, mine, entity).items():
        for what, target in ids.items():
            expected, got = _outcome(call, new_id()), _outcome(call, target)
            if expected != got:
                differ[f"{name}({what})"] = (expected, got)
    assert not differ, differ


def _graph(mem: Memlane, actor: Actor) -> dict[str, Any]:
    """What ``actor`` reads of the graph and through it (ids as what they name)."""
    s = mem.service
    names = {e.id: e.name for e in s.entities.list_entities(actor, limit=1000)}

    def owner(e: Entity) -> str:
        return "self" if e.owner == actor.owner else e.owner

    found = s.entities.lookup(actor, "Quentin Vale").found
    report = s.consolidate(actor=actor, dry_run=True)
    return {
        "entities": sorted((e.name, owner(e)) for e in s.entities.list_entities(actor, limit=1000)),
        "search": [(e.name, owner(e)) for e in s.entities.search(actor, "Quentin Vale")],
        "lookup": None if found is None else (
            sorted(m.memory.content for m in found.memories), sorted(e.name for e in found.related),
            [owner(e) for e in found.same_as]),
        "recall": [(h.content, round(h.score, 9), h.matched_by)
                   for q in ("Quentin Vale", "where does Quentin Vale's manager work?", "Heron budget")
                   for h in s.recall(q, actor=actor, now=NOW, count_access=False)],
        "merges": [(p.into_name, p.merged_name) for p in s.entities.merges(actor)],
        "consolidate": (report.examined, len(report.clusters), [(names.get(f.into), f.name) for f in report.entities]),
    }  # fmt: skip


def test_a_member_removed_from_a_team_reads_the_graph_of_one_never_in_it(mem: Memlane) -> None:
    s, access = mem.service, mem.service.access
    access.create_team("default", "eng")
    for user in ("alice", "bob"):
        access.add_member("default", "eng", user)
    for user in ("alice", "carol"):  # carol: the same personal memories, never in the team
        s.store("Quentin Vale prefers morning meetings", actor=Actor(user=user), observed_at=WHEN)
    member = access.local_actor("alice", "default")
    team = {"owner": "team:eng", "visibility": "shared", "observed_at": WHEN, "auto_supersede": False}
    for text in ("Quentin Vale leads Project Heron at Initech", "Rhea Stone approved the Heron budget",
                 "Q. Vale approved the Heron budget", "Q. Vale approved the Heron budget again"):  # fmt: skip
        s.store(text, actor=member, **team)
    ents = {e.name: e.id for e in s.entities.list_entities(member, limit=100) if e.owner == "team:eng"}
    s.entities.relate(member, ents["Quentin Vale"], "reports_to", ents["Rhea Stone"])
    other = s.anchor({"kind": "contact", "system": "crm", "id": "7", "name": "Rhea Marlowe",
                      "owner": "team:eng", "visibility": "shared"}, actor=member)  # fmt: skip
    s.entities.merge(member, ents["Rhea Stone"], other.id)
    assert _graph(mem, member)["lookup"] is not None  # (the team's graph is hers while a member)
    assert _graph(mem, member) != _graph(mem, Actor(user="carol"))

    access.remove_member("default", "eng", "alice")
    removed = access.local_actor("alice", "default")
    carol = _graph(mem, Actor(user="carol"))
    assert _graph(mem, removed) == carol
    assert {owner for _, owner in carol["entities"]} == {"self"}


def test_bob_anchoring_alices_private_record_into_the_workspace_touches_nothing_of_hers(mem: Memlane) -> None:
    s = mem.service
    bob = Actor(user="bob")
    private = {"kind": "contact", "system": "hubspot", "id": "4711", "name": "Ana Lopez",
               "email": "ana.private@home.example", "company": "Initech", "title": "CFO",
               "attributes": {"note": "on leave until May"}}  # fmt: skip
    hers = s.anchor(private, actor=ALICE)
    before = s.entities.about(ALICE, hers.id).model_dump()
    shared = s.anchor({"kind": "contact", "system": "hubspot", "id": "4711", "name": "Ana L.",
                       "visibility": "shared"}, actor=bob)  # fmt: skip
    assert shared.id != hers.id and (shared.owner, shared.visibility) == ("workspace", Visibility.SHARED)
    assert shared.external_ids == ("hubspot:4711",) and shared.attributes is None
    assert "Ana Lopez" not in (shared.name, *shared.aliases)
    for name in ("ana.private@home.example", "email:ana.private@home.example"):
        assert s.entities.search(bob, name) == [] and s.entities.lookup(bob, name).found is None
    for name in ("Ana Lopez", "Initech", "hubspot:4711"):
        assert hers.id not in {e.id for e in s.entities.search(bob, name)}
    assert [e.id for e in s.entities.search(bob, "hubspot:4711")] == [shared.id]
    assert s.entities.about(ALICE, hers.id).model_dump() == before  # hers unchanged


def _twin(mem: Memlane, like: Entity, **scope: Any) -> Entity:
    now = datetime.now(UTC)
    twin = like.model_copy(update={"id": new_id(), "name": like.name.lower(), "aliases": (), "external_ids": (),
                                   "created_at": now, "updated_at": now, **scope})  # fmt: skip
    with mem.service.storage.write() as txn:  # as a race or an old import would leave them
        txn.insert_entity(twin, alias_pairs([twin.name], twin.type), name_keys([twin.name], twin.type))
    return twin


def test_the_operators_consolidation_folds_entities_within_one_scope_only(mem: Memlane) -> None:
    s = mem.service
    s.store("Dr. Okafor confirmed the appointment", actor=ALICE, observed_at=WHEN)
    (okafor,) = [e for e in s.entities.search(ALICE, "Okafor") if e.owner == "user:alice"]
    same = _twin(mem, okafor)  # alice's own twin: folded
    apart = [
        _twin(mem, okafor, owner="user:bob"),
        _twin(mem, okafor, owner="workspace", visibility=Visibility.SHARED),
        _twin(mem, okafor, owner="team:eng", visibility=Visibility.SHARED),
        _twin(mem, okafor, workspace="globex"),
    ]
    for owner, vis in (("user:bob", "personal"), ("workspace", "shared"), ("team:eng", "shared")):
        # (each owner has a memory, so the operator's run reads each scope)
        actor = Actor(user="bob", teams=("eng",))
        s.store("Dr. Okafor confirmed the appointment", actor=actor, observed_at=WHEN,
                **({} if owner == "user:bob" else {"owner": owner, "visibility": vis}))  # fmt: skip
    dry = s.consolidate(dry_run=True)
    assert [f.merged for f in dry.entities if f.merged in {same.id, *(a.id for a in apart)}] == [same.id]
    report = s.consolidate()
    folded = {(f.into, f.merged) for f in report.entities}
    assert (okafor.id, same.id) in folded
    assert not {m for _, m in folded} & {a.id for a in apart}
    for twin in apart:  # each still its own entity, in its own scope
        user = twin.owner.removeprefix("user:") if twin.owner.startswith("user:") else "bob"
        reader = Actor(user=user, teams=("eng",), workspace=twin.workspace)
        assert s.entities.get(reader, twin.id).owner == twin.owner


def test_a_spaces_graph_lane_and_about_bring_nothing_of_another_space(mem: Memlane) -> None:
    s = mem.service
    s.store("Zelda Moss likes green tea", actor=ALICE, space="a", observed_at=WHEN)
    s.store("Zelda Moss works at Umbrella Corp", actor=ALICE, space="b", observed_at=WHEN)
    s.store("Umbrella Corp moved to Lisbon", actor=ALICE, space="b", observed_at=WHEN)
    for kw in ({"query": "Zelda Moss"}, {"query": "where does Zelda Moss work?"},
               {"query": "anything", "about": "Zelda Moss"}, {"query": "what do you know about Zelda Moss?"}):  # fmt: skip
        hits = s.recall(actor=ALICE, space="a", now=NOW, count_access=False, **kw)
        assert {h.space for h in hits} <= {"a"}, (kw, [(h.content, h.space) for h in hits])
    assert [h.content for h in s.recall("Umbrella Corp", actor=ALICE, space="a", now=NOW)] == []
