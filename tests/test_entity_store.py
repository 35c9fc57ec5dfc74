"""The entity graph's storage contract, on both backends (real SQLite file, real PostgreSQL): entities
scoped like memories, aliases, external ids unique per scope, edges, memory links (filled on store,
removed by forget), the one-hop memory query, merge and unmerge, and the migration of existing subjects.
"""

from __future__ import annotations

from backends import is_postgres, rows
from memlane import Memlane
from memlane.models import Actor, Edge, EntityMerge, Filters
from memlane.storage.base import EntityScope, Store
from memlane.timeutil import now_utc

ALICE = Actor(user="alice")
BOB = Actor(user="bob")


def _store(mem: Memlane) -> Store:
    return mem.service.storage


def _names(mem: Memlane, actor: Actor = ALICE) -> dict[str, tuple[str, ...]]:
    return {e.name: e.aliases for e in _store(mem).list_entities(actor)}


def _linked(mem: Memlane, memory_id: str, actor: Actor = ALICE) -> set[tuple[str, str]]:
    return {(role, e.name) for role, e in _store(mem).memory_entities(actor, memory_id)}


def test_store_links_names_subject_and_related_user(mem: Memlane) -> None:
    first = mem.store("Bob Smith from Acme Corp called about the renewal", subject="Dr. Georgiev")
    second = mem.store("Robert Smith wants a discount from ACME Inc.", related_user="kalina")
    assert _linked(mem, first.id) == {
        ("mention", "Bob Smith"), ("mention", "Acme Corp"), ("subject", "Dr. Georgiev")
    }  # fmt: skip
    # a new spelling of a known entity becomes its alias, not a second entity
    assert _linked(mem, second.id) == {
        ("mention", "Bob Smith"), ("mention", "Acme Corp"), ("related_user", "kalina")
    }  # fmt: skip
    names = _names(mem)
    assert names["Bob Smith"] == ("Robert Smith",)
    assert "ACME Inc" not in names  # the same organisation (its legal form differs): no second entity
    kalina = next(e for e in _store(mem).list_entities(ALICE) if e.name == "kalina")
    assert kalina.type == "person" and kalina.external_ids == ("user:kalina",)
    # "Georgiev" alone is the one Georgiev known: linked to him
    third = mem.store("Georgiev moved the appointment to Friday")
    assert _linked(mem, third.id) == {("mention", "Dr. Georgiev")}


def test_two_people_called_ana_are_never_merged(mem: Memlane) -> None:
    mem.store("Ana Lopez runs the Lisbon office")
    mem.store("Ana Perez joined the Madrid team")
    vague = mem.store("Ana sent the slides")
    assert {"Ana Lopez", "Ana Perez"} <= set(_names(mem))
    assert "Ana" not in _names(mem)  # ambiguous: no look-alike entity
    assert _linked(mem, vague.id) == set()  # and not linked to the wrong one


def test_entities_are_scoped_like_memories(mem: Memlane) -> None:
    mem.store("Dr. Okafor prescribed the inhaler")  # personal to alice
    mem.store("Priya Raman owns the billing service", visibility="shared")
    assert "Okafor" not in _names(mem, BOB)  # known only from alice's personal memory
    assert "Priya Raman" in _names(mem, BOB)
    store = _store(mem)
    okafor = next(e for e in store.list_entities(ALICE) if e.name == "Okafor")
    assert store.get_entity(BOB, okafor.id) is None
    assert store.get_entity(ALICE, okafor.id) == okafor
    # the same name in a shared memory is another entity, in the shared scope
    mem.store("Dr. Okafor retires in June", visibility="shared")
    shared = [e for e in store.list_entities(BOB) if e.name == "Okafor"]
    assert len(shared) == 1 and shared[0].id != okafor.id and shared[0].owner == "workspace"


def test_external_ids_are_unique_per_scope(mem: Memlane) -> None:
    store = _store(mem)
    scope = EntityScope("default", "user:alice", "personal")
    mem.store("write to bob@acme.com about the contract")
    mem.store("bob@acme.com confirmed")
    holders = [e for e in store.list_entities(ALICE) if "email:bob@acme.com" in e.external_ids]
    assert len(holders) == 1
    with store.write() as txn:
        found = txn.entity_candidates(scope, [], ["email:bob@acme.com"])
    assert [e.id for e in found] == [holders[0].id]
    # another user's scope has its own
    mem.store("bob@acme.com confirmed", user="bob")
    assert len([e for e in store.list_entities(BOB) if e.external_ids == ("email:bob@acme.com",)]) == 1


def test_forget_removes_the_memory_links(mem: Memlane, db_path) -> None:
    item = mem.store("Bob Smith from Acme Corp called")
    keep = mem.store("Acme Corp renewed")
    assert rows(db_path, "SELECT COUNT(*) FROM memory_entity_links")[0][0] == 3
    mem.forget(item.id)
    assert rows(db_path, "SELECT COUNT(*) FROM memory_entity_links")[0][0] == 1
    assert _linked(mem, keep.id) == {("mention", "Acme Corp")}


def test_memories_of_entities_and_their_neighbours(mem: Memlane) -> None:
    store = _store(mem)
    ana = mem.store("Ana Lopez prefers morning meetings")
    acme = mem.store("Acme Corp moved its office to Porto")
    mem.store("The weather was fine")
    entities = {e.name: e for e in store.list_entities(ALICE)}
    now = now_utc()
    with store.write() as txn:
        txn.upsert_edge(
            Edge(id="edge-1", src=entities["Ana Lopez"].id, relation="works_at",
                 dst=entities["Acme Corp"].id, created_at=now)
        )  # fmt: skip
    seq = {store.seq_of(ana.id): "ana", store.seq_of(acme.id): "acme"}
    found = store.entity_memories(ALICE, Filters(), [entities["Ana Lopez"].id], now, 10)
    assert [(seq[s], d) for s, d in found] == [("ana", 0), ("acme", 1)]
    direct = store.entity_memories(ALICE, Filters(), [entities["Ana Lopez"].id], now, 10, hops=0)
    assert [seq[s] for s, _ in direct] == ["ana"]
    # what bob may not read is not found through the graph either
    assert store.entity_memories(BOB, Filters(), [entities["Ana Lopez"].id], now, 10) == []
    assert [e.relation for e in store.entity_edges(ALICE, entities["Ana Lopez"].id)] == ["works_at"]
    assert store.entity_edges(BOB, entities["Ana Lopez"].id) == []


def test_merge_and_unmerge_restore_everything(mem: Memlane, db_path) -> None:
    store = _store(mem)
    one = mem.store("The upgrade of Globex is planned with Sam Carter")
    two = mem.store("We wrote to Initech about the invoice")
    mem.store("Sam Carter leads the platform team")
    entities = {e.name: e for e in store.list_entities(ALICE)}
    kube, k8s, sam = entities["Globex"], entities["Initech"], entities["Sam Carter"]
    now = now_utc()
    with store.write() as txn:
        txn.upsert_edge(Edge(id="e-1", src=sam.id, relation="maintains", dst=k8s.id, created_at=now))
        txn.update_entity(
            k8s.id, now, external_ids=["wiki:initech"], aliases=[("Initech Ltd", "initech ltd")]
        )
    before_links = sorted(rows(db_path, "SELECT entity_id, memory_seq, role FROM memory_entity_links"))
    before_k8s = store.get_entity(ALICE, k8s.id)
    merge = EntityMerge(id="m-1", into=kube.id, merged=k8s.id, merged_at=now)
    with store.write() as txn:
        txn.merge_entities(merge, ALICE, [("Initech", "initech")])
    merged = store.get_entity(ALICE, kube.id)
    assert merged is not None and store.get_entity(ALICE, k8s.id) is None
    assert set(merged.aliases) >= {"Initech", "Initech Ltd"} and "wiki:initech" in merged.external_ids
    assert {(r, e.id) for r, e in store.memory_entities(ALICE, two.id)} >= {("mention", kube.id)}
    assert [(e.src, e.dst) for e in store.entity_edges(ALICE, kube.id)] == [(sam.id, kube.id)]
    assert {(r, e.id) for r, e in store.memory_entities(ALICE, one.id)} >= {("mention", kube.id)}
    with store.write() as txn:
        undone = txn.unmerge_entities(ALICE, "m-1", now)
        assert txn.unmerge_entities(ALICE, "m-1", now) is None  # once
    assert undone is not None and undone.merged == k8s.id
    assert store.get_entity(ALICE, k8s.id) == before_k8s.model_copy(update={"updated_at": now})
    assert store.get_entity(ALICE, kube.id).aliases == kube.aliases  # type: ignore[union-attr]
    assert (
        sorted(rows(db_path, "SELECT entity_id, memory_seq, role FROM memory_entity_links")) == before_links
    )
    assert [(e.src, e.dst) for e in store.entity_edges(ALICE, k8s.id)] == [(sam.id, k8s.id)]
    assert store.entity_edges(ALICE, kube.id) == []


def test_unmerge_needs_a_readable_merge(mem: Memlane) -> None:
    store = _store(mem)
    mem.store("Ana Lopez and Anna Lopes met")
    a, b = store.list_entities(ALICE)[:2]
    with store.write() as txn:
        txn.merge_entities(EntityMerge(id="m-2", into=a.id, merged=b.id, merged_at=now_utc()), ALICE, [])
    with store.write() as txn:
        assert txn.unmerge_entities(BOB, "m-2", now_utc()) is None
    assert store.get_entity(ALICE, b.id) is None


def test_existing_subjects_become_entities(db_path) -> None:
    """A store written before migration 5: its subjects become entities linked to their memories."""
    with Memlane(db_path, user="alice", embedder="none") as m:
        a = m.store("moved the appointment", subject="Dr. Georgiev")
        b = m.store("prefers mornings", subject="Georgiev")
        c = m.store("the team lunch", subject="Platform team", visibility="shared")
    # back to schema 4: the entity tables gone, as a store written by the previous version
    for table in ("entity_merges", "memory_entity_links", "entity_edges", "entity_blocking_keys",
                  "entity_external_ids", "entity_aliases", "entities"):  # fmt: skip
        rows(db_path, f"DROP TABLE {table}")
    rows(
        db_path,
        "DELETE FROM schema_migrations WHERE version >= 7"
        + (" RETURNING version" if is_postgres(db_path) else ""),
    )
    with Memlane(db_path, user="alice", embedder="none") as m:
        store = m.service.storage
        assert store.schema_version() >= 7
        linked = {i: {(r, e.name) for r, e in store.memory_entities(ALICE, i)} for i in (a.id, b.id, c.id)}
        assert linked[a.id] == linked[b.id] == {("subject", "Dr. Georgiev")}
        assert ("subject", "Platform team") in linked[c.id]
        georgiev = next(e for e in store.list_entities(ALICE) if e.name == "Dr. Georgiev")
        assert georgiev.aliases == () and georgiev.visibility == "personal"  # ("Dr." is no new spelling)
        assert "Platform team" not in {
            e.name for e in store.list_entities(ALICE) if e.visibility == "personal"
        }
