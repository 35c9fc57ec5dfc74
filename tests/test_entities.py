"""The entity graph through the SDK and the service, on both backends: anchoring records (updates, never
duplicates), the issue's hard cases through the real store, search, merge / unmerge, link, scoping and
who may change what."""

from __future__ import annotations

import pytest

from memlane import Forbidden, InvalidInput, Memlane, NotFound


def _by_name(mem: Memlane, user: str | None = None) -> dict[str, object]:
    return {e.name: e for e in mem.entities.list(limit=1000, user=user)}


def test_anchor_contact_keys_person_by_id_and_email_and_works_at(mem: Memlane) -> None:
    contact = {"kind": "contact", "system": "hubspot", "id": "123", "name": "Ana Lopez",
               "email": "Ana@Acme.com", "company": "Acme Corp", "title": "CTO"}  # fmt: skip
    ana = mem.anchor(contact)
    assert ana.type == "person" and set(ana.external_ids) == {"hubspot:123", "email:ana@acme.com"}
    assert ana.attributes == {"title": "CTO"}
    (edge,) = mem.entities.edges(ana.id)
    acme = mem.entities.get(edge.dst)
    assert (edge.relation, acme.name, acme.type) == ("works_at", "Acme Corp", "company")
    # re-anchoring the same record (a new title, the company written differently) updates, never duplicates
    again = mem.anchor({**contact, "title": "CEO", "company": "ACME Inc."})
    assert again.id == ana.id and again.attributes == {"title": "CEO"}
    assert len(mem.entities.list(type="person")) == 1 and len(mem.entities.list(type="company")) == 1
    assert len(mem.entities.edges(ana.id)) == 1
    # a move to another company ends the old works_at, keeps it in the history
    mem.anchor({**contact, "company": "Globex"})
    edges = {mem.entities.get(e.dst).name: e for e in mem.entities.edges(ana.id)}
    assert edges["Acme Corp"].valid_to is not None and edges["Globex"].valid_to is None


def test_anchor_ticket_and_issue(mem: Memlane) -> None:
    ticket = mem.anchor({
        "kind": "ticket", "system": "zendesk", "id": "T-9", "title": "Login fails on SSO",
        "customer": {"name": "Acme Corp"}, "assignee": {"name": "Sam Carter", "email": "sam@us.io"},
    })  # fmt: skip
    relations = {e.relation: mem.entities.get(e.dst) for e in mem.entities.edges(ticket.id)}
    assert relations["belongs_to"].name == "Acme Corp" and relations["belongs_to"].type == "customer"
    assert relations["assigned_to"].external_ids == ("email:sam@us.io",)
    # reassigned: updated in place
    again = mem.anchor({"kind": "ticket", "system": "zendesk", "id": "T-9", "title": "Login fails on SSO",
                        "assignee": {"name": "Priya Raman"}})  # fmt: skip
    assert again.id == ticket.id
    open_edges = [
        e for e in mem.entities.edges(ticket.id) if e.relation == "assigned_to" and e.valid_to is None
    ]
    assert [mem.entities.get(e.dst).name for e in open_edges] == ["Priya Raman"]

    pr = mem.anchor({"kind": "pull_request", "repository": "acme/api", "number": 12, "title": "Fix SSO",
                     "author": "samc"})  # fmt: skip
    assert "github:acme/api#12" in pr.external_ids
    edges = mem.entities.edges(pr.id)
    repo = next(mem.entities.get(e.dst) for e in edges if e.relation == "belongs_to")
    author = next(mem.entities.get(e.src) for e in edges if e.relation == "authored")
    assert repo.type == "repository" and repo.external_ids == ("github:acme/api",)
    assert author.external_ids == ("github:samc",)
    assert mem.anchor({"kind": "pull_request", "repository": "acme/api", "number": 12, "title": "Fix SSO",
                       "author": "samc"}).id == pr.id  # fmt: skip
    assert len(mem.entities.list(type="repository")) == 1


def test_anchor_validation_errors_are_clear(mem: Memlane) -> None:
    with pytest.raises(InvalidInput, match="kind"):
        mem.anchor({"system": "hubspot", "id": "1"})
    with pytest.raises(InvalidInput, match="name or an email"):
        mem.anchor({"kind": "contact", "system": "hubspot", "id": "1"})
    with pytest.raises(InvalidInput, match="number"):
        mem.anchor({"kind": "issue", "repository": "acme/api", "number": 0, "title": "x"})
    with pytest.raises(InvalidInput, match="emial: is not a known field"):
        mem.anchor({"kind": "contact", "system": "hubspot", "id": "1", "name": "A", "emial": "a@b.co"})
    assert mem.entities.list() == []  # nothing half-written


def test_bob_robert_and_his_address_are_one_person(mem: Memlane) -> None:
    """The issue's hard case: "Bob Smith" / "Robert Smith" / "bob@acme.com"."""
    bob = mem.anchor({"kind": "contact", "system": "hubspot", "id": "7", "name": "Robert Smith",
                      "email": "bob@acme.com", "company": "Acme"})  # fmt: skip
    one = mem.store("Bob Smith asked for the Q3 numbers")
    two = mem.store("Robert Smith confirmed the call")
    three = mem.store("Forwarded the deck to bob@acme.com")
    for item in (one, two, three):
        linked = [e.id for e in mem.entities.memories(bob.id, limit=10)]
        assert item.id in linked
    assert [e.id for e in mem.entities.search("Bob Smith")] == [bob.id]
    assert [e.id for e in mem.entities.search("bob@acme.com")] == [bob.id]
    assert [e.id for e in mem.entities.search("hubspot:7")] == [bob.id]
    assert "Bob Smith" in mem.entities.get(bob.id).aliases


def test_a_company_and_a_person_with_the_same_name(mem: Memlane) -> None:
    jordan_co = mem.anchor(
        {"kind": "contact", "system": "crm", "id": "1", "name": "Ana Lopez", "company": "Jordan"}
    )
    person = mem.anchor({"kind": "contact", "system": "crm", "id": "2", "name": "Michael Jordan"})
    assert jordan_co.id != person.id
    company = next(e for e in mem.entities.list(type="company") if e.name == "Jordan")
    vague = mem.store("Jordan called twice")
    # "Jordan" alone fits the company and the person: ambiguous, linked to neither
    linked = {e.id for e in mem.entities.memories(company.id)} | {
        e.id for e in mem.entities.memories(person.id)
    }
    assert vague.id not in linked
    assert {e.id for e in mem.entities.search("Jordan")} == {company.id, person.id}
    assert [e.id for e in mem.entities.search("Jordan", type="company")] == [company.id]


def test_acme_spellings_are_one_company(mem: Memlane) -> None:
    mem.store("Acme signed the renewal")
    mem.store("Acme Corp sent the invoice")
    mem.store("We met ACME Inc. in Berlin")
    companies = [e for e in mem.entities.list() if e.name.lower().startswith("acme")]
    assert len(companies) == 1
    assert len(mem.entities.memories(companies[0].id)) == 3


def test_merge_and_unmerge_through_the_sdk(mem: Memlane) -> None:
    a = mem.store("Kalina Ivanova owns the roadmap")
    b = mem.store("Lina Ivanova wrote the spec")  # her nickname: resolution cannot know, a person can
    entities = _by_name(mem)
    kalina, k = entities["Kalina Ivanova"], entities["Lina Ivanova"]
    merge = mem.entities.merge(kalina.id, k.id)  # type: ignore[attr-defined]
    assert {m.id for m in mem.entities.memories(kalina.id)} == {a.id, b.id}  # type: ignore[attr-defined]
    with pytest.raises(NotFound):
        mem.entities.get(k.id)  # type: ignore[attr-defined]
    assert "Lina Ivanova" in mem.entities.get(kalina.id).aliases  # type: ignore[attr-defined]
    assert [e.id for e in mem.entities.search("Lina Ivanova")] == [kalina.id]  # type: ignore[attr-defined]
    mem.entities.unmerge(merge.id)
    assert {m.id for m in mem.entities.memories(k.id)} == {b.id}  # type: ignore[attr-defined]
    assert {m.id for m in mem.entities.memories(kalina.id)} == {a.id}  # type: ignore[attr-defined]
    assert "Lina Ivanova" not in mem.entities.get(kalina.id).aliases  # type: ignore[attr-defined]
    with pytest.raises(NotFound):
        mem.entities.unmerge(merge.id)


def test_merge_refuses_other_scopes_and_other_users(mem: Memlane) -> None:
    mem.store("Globex supplies the parts")  # alice, personal
    mem.store("Initech sent the invoice", visibility="shared")
    mine, shared = _by_name(mem)["Globex"], _by_name(mem)["Initech"]
    with pytest.raises(InvalidInput, match="same owner"):
        mem.entities.merge(mine.id, shared.id)  # type: ignore[attr-defined]
    with pytest.raises(NotFound):  # bob cannot see alice's personal entity at all
        mem.entities.merge(shared.id, mine.id, user="bob")  # type: ignore[attr-defined]
    with pytest.raises(InvalidInput):
        mem.entities.merge(mine.id, mine.id)  # type: ignore[attr-defined]


def test_personal_entities_stay_personal(mem: Memlane) -> None:
    mem.store("Dr. Okafor prescribed the inhaler")
    assert "Okafor" in _by_name(mem)
    assert "Okafor" not in _by_name(mem, user="bob")
    assert mem.entities.search("Okafor", user="bob") == []


def test_link_a_memory_by_hand(mem: Memlane) -> None:
    item = mem.store("the quarterly numbers are due on Friday")
    acme = mem.anchor({"kind": "contact", "system": "crm", "id": "9", "name": "Ana Lopez", "company": "Acme"})
    mem.entities.link(item.id, acme.id)
    assert [m.id for m in mem.entities.memories(acme.id)] == [item.id]
    with pytest.raises(InvalidInput, match="role"):
        mem.entities.link(item.id, acme.id, role="boss")
    shared = mem.store("the office moves in May", visibility="shared")
    with pytest.raises(InvalidInput, match="different owners"):
        mem.entities.link(shared.id, acme.id)


def test_a_personal_request_changes_no_shared_entity(db_path) -> None:
    from memlane.models import Actor, Visibility

    with Memlane(db_path, user="alice", embedder="none") as m:
        m.store("Initech sent the invoice", visibility="shared")
        m.store("Globex is late", visibility="shared")
        one, two = (e.id for e in m.entities.list())
        personal = Actor(user="alice", ceiling=Visibility.PERSONAL)
        with pytest.raises(Forbidden):
            m.service.entities.merge(personal, one, two)
        with pytest.raises(Forbidden):
            m.service.anchor({"kind": "contact", "system": "crm", "id": "1", "name": "A B",
                              "visibility": "shared"}, actor=personal)  # fmt: skip


def test_an_address_at_the_company_a_person_works_at_is_theirs(mem: Memlane) -> None:
    """Linking on store: "bob@acme.com" is the Robert Smith who works at Acme (a works_at edge backs the
    address's domain); at another company's domain, or with no such edge, it is nobody known."""
    robert = mem.anchor({"kind": "contact", "system": "hubspot", "id": "7", "name": "Robert Smith",
                         "company": "Acme Corp"})  # fmt: skip
    mem.anchor({"kind": "contact", "system": "hubspot", "id": "8", "name": "Robert Jones"})
    item = mem.store("bob@acme.com confirmed the order")
    assert [e.id for _, e in mem.service.storage.memory_entities(mem._actor(None), item.id)] == [robert.id]
    other = mem.store("bob@globex.com asked for a quote")
    linked = [e.name for _, e in mem.service.storage.memory_entities(mem._actor(None), other.id)]
    assert linked == ["bob@globex.com"]  # a new entity, not one of the Roberts
