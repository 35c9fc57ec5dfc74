"""The entity graph on every surface (issue 12, requirement 8): one contract, run on both backends through
the embedded SDK and through the remote SDK against a real server on loopback; then what only the REST API
shows (error bodies, who may read and change which entity, keyset paging while entities are added)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

from cli_runner import invoke
from memlane import AsyncMemlane, Entity, EntityDetail, EntityLookup, Forbidden, InvalidInput, NotFound
from servers import Stack, bearer, make_stack, running

CONTACT = {"kind": "contact", "system": "hubspot", "id": "7", "name": "Robert Smith", "email": "bob@acme.com",
           "company": "Acme Corp", "title": "CFO"}  # fmt: skip


@pytest.fixture(params=["embedded", "remote"])
def client(request: pytest.FixtureRequest, stack: Stack) -> Iterator[Any]:
    """The same user (alice, with a key bound to her) through the embedded SDK or over HTTP."""
    if request.param == "embedded":
        yield stack.mem
        return
    with running(stack.app()) as url:
        remote = stack.mem.connect(url, api_key=stack.key(user="alice"))
        yield remote
        remote.close()


# -- the contract: every method, the same results on every client and backend ---------------------------


def test_anchor_read_and_look_up(client: Any) -> None:
    bob = client.anchor(CONTACT)
    assert isinstance(bob, Entity) and bob.type == "person"
    assert set(bob.external_ids) == {"hubspot:7", "email:bob@acme.com"}
    assert client.anchor({**CONTACT, "title": "CEO"}).id == bob.id  # re-anchoring updates
    q3 = client.store("Bob Smith asked for the Q3 numbers")
    renewal = client.store("Acme Corp signed the renewal")
    client.store("The wombat likes tea")

    assert client.entities.get(bob.id) == client.entities.get(bob.id)
    assert client.entities.get(bob.id).attributes == {"title": "CEO"}
    assert "Bob Smith" in client.entities.get(bob.id).aliases  # the memory's spelling became an alias
    assert [e.id for e in client.entities.search("bob smith")] == [bob.id]
    assert [e.id for e in client.entities.search("hubspot:7")] == [bob.id]
    assert client.entities.search("Nobody Known") == []
    people = client.entities.list(type="person")
    assert [e.id for e in people] == [bob.id]
    (works_at,) = client.entities.edges(bob.id)
    acme = client.entities.get(works_at.dst)
    assert (works_at.relation, acme.name) == ("works_at", "Acme Corp")
    assert [m.id for m in client.entities.memories(bob.id)] == [q3.id]
    assert [m.id for m in client.entities.memories(bob.id, hops=1)] == [q3.id, renewal.id]

    about = client.entities.about(bob.id)
    assert isinstance(about, EntityDetail)
    assert about.entity.id == bob.id and [e.id for e in about.edges] == [works_at.id]
    assert [e.id for e in about.related] == [acme.id]
    assert [(x.distance, x.memory.id) for x in about.memories] == [(0, q3.id), (1, renewal.id)]
    assert [x.memory.id for x in client.entities.about(bob.id, hops=0).memories] == [q3.id]

    found = client.entities.lookup("Bob Smith")
    assert isinstance(found, EntityLookup) and found.candidates == ()
    assert found.found is not None and found.found.entity.id == bob.id
    assert [x.memory.id for x in found.found.memories] == [q3.id, renewal.id]
    assert client.entities.lookup("bob@acme.com").found.entity.id == bob.id  # type: ignore[union-attr]
    nothing = client.entities.lookup("Nobody Known")
    assert nothing.found is None and nothing.candidates == ()


def test_ambiguous_lookup_lists_the_candidates(client: Any) -> None:
    one = client.anchor(
        {"kind": "contact", "system": "crm", "id": "1", "name": "Ana Lopez", "email": "ana@a.io"}
    )
    two = client.anchor(
        {"kind": "contact", "system": "crm", "id": "2", "name": "Ana Lopez", "email": "ana@b.io"}
    )
    assert one.id != two.id
    result = client.entities.lookup("Ana Lopez")
    assert result.found is None and {e.id for e in result.candidates} == {one.id, two.id}
    assert {e.id for e in client.entities.search("Ana Lopez")} == {one.id, two.id}
    assert client.entities.lookup("ana@b.io").found.entity.id == two.id


def test_merge_link_and_unmerge(client: Any) -> None:
    rob = client.anchor({"kind": "contact", "system": "crm", "id": "1", "name": "Rob Smith"})
    bobby = client.anchor({"kind": "contact", "system": "crm", "id": "2", "name": "Bobby Smith"})
    note = client.store("The board meeting moved to Friday")
    client.entities.link(note.id, bobby.id)
    assert [m.id for m in client.entities.memories(bobby.id)] == [note.id]

    merge = client.entities.merge(rob.id, bobby.id)
    assert (merge.into, merge.merged, merge.unmerged_at) == (rob.id, bobby.id, None)
    kept = client.entities.get(rob.id)
    assert "Bobby Smith" in kept.aliases and set(kept.external_ids) == {"crm:1", "crm:2"}
    assert [m.id for m in client.entities.memories(rob.id)] == [note.id]
    # folded in: gone from every read, and the error says where it went and how to undo it
    with pytest.raises(
        NotFound, match=f"was merged into {rob.id} \\(Rob Smith\\); unmerge {merge.id} undoes it"
    ):
        client.entities.get(bobby.id)
    with pytest.raises(NotFound, match="was merged into"):
        client.entities.about(bobby.id)
    assert [e.id for e in client.entities.search("crm:2")] == [rob.id]

    undone = client.entities.unmerge(merge.id)
    assert undone.id == merge.id and undone.unmerged_at is not None
    assert client.entities.get(bobby.id).external_ids == ("crm:2",)
    assert "Bobby Smith" not in client.entities.get(rob.id).aliases
    assert [m.id for m in client.entities.memories(bobby.id)] == [note.id]
    with pytest.raises(NotFound, match=f"merge '{merge.id}' was undone already"):
        client.entities.unmerge(merge.id)


def test_a_relations_by_is_who_made_it(client: Any) -> None:
    """``provenance.by`` is the acting user on every surface: a ``by`` the caller gives is replaced, not
    kept (docs/concepts.md, "Relations by hand": the provenance records who related them; a caller may
    not record a relation as someone else's), and the rest of the provenance is kept as given."""
    client.store("Ana Lopez leads the pricing review", visibility="shared")
    client.store("Boris Ivanov works at Initech", visibility="shared")
    named = {e.name: e.id for e in client.entities.list(limit=100)}
    edge = client.entities.relate(named["Ana Lopez"], "reports_to", named["Boris Ivanov"],
                                  provenance={"by": "mallory", "hr": "1"})  # fmt: skip
    assert edge.provenance == {"hr": "1", "by": "alice"}
    (read,) = client.entities.edges(named["Ana Lopez"])
    assert read.provenance == {"hr": "1", "by": "alice"}


def test_relations_no_record_kind_anchors(client: Any) -> None:
    """reports_to, member_of, customer_of: recorded by hand with a validity window, updated (never
    duplicated) when stated again, ended by a new single-valued statement, and followed by recall."""
    client.store("Ana Lopez leads the pricing review", visibility="shared")
    client.store("Boris Ivanov works at Initech", visibility="shared")
    client.store("Carla Diaz works at Globex", visibility="shared")
    named = {e.name: e.id for e in client.entities.list(limit=100)}
    ana, boris, carla = named["Ana Lopez"], named["Boris Ivanov"], named["Carla Diaz"]
    first = client.entities.relate(ana, "reports_to", boris, valid_from="2025-01-06", provenance={"hr": "1"})
    assert (first.src, first.relation, first.dst, first.valid_to) == (ana, "reports_to", boris, None)
    assert first.valid_from is not None and first.valid_from.date().isoformat() == "2025-01-06"
    assert first.provenance == {"hr": "1", "by": "alice"}
    again = client.entities.relate(ana, "reports_to", boris, provenance={"hr": "2"})
    assert again.id == first.id and again.valid_from == first.valid_from  # updated, not duplicated
    assert [e.relation for e in client.entities.edges(ana)] == ["reports_to"]
    hits = client.recall("Where does Ana Lopez's manager work?")
    assert "Boris Ivanov works at Initech" in [h.content for h in hits]
    answer = next(h for h in hits if h.content == "Boris Ivanov works at Initech")
    assert "graph" in answer.matched_by  # one hop away, through the relation

    moved = client.entities.relate(ana, "reports_to", carla, single=True)  # a new manager
    edges = {e.dst: e for e in client.entities.edges(ana)}
    assert edges[boris].valid_to is not None and edges[carla].valid_to is None and moved.id == edges[carla].id
    ended = client.entities.relate(ana, "reports_to", carla, valid_to="2026-01-01T00:00:00Z")
    assert ended.id == moved.id and ended.valid_to is not None

    for args, kwargs, error in (
        ((ana, "Reports To", boris), {}, InvalidInput), ((ana, "reports_to", ana), {}, InvalidInput),
        ((ana, "member_of", boris), {"valid_from": "2025-02-01", "valid_to": "2025-01-01"}, InvalidInput),
        ((ana, "member_of", boris), {"valid_from": "not a date"}, InvalidInput),
        ((ana, "member_of", "no-such-entity"), {}, NotFound),
        ((ana, "member_of", boris), {"provenance": {"note": "a\x00b"}}, InvalidInput),  # no backend stores NUL
    ):  # fmt: skip
        with pytest.raises(error):
            client.entities.relate(*args, **kwargs)
    client.store("Dmitri Orlov owes me a book")  # alice's personal entity: another scope
    with pytest.raises(InvalidInput, match="same owner and visibility"):
        client.entities.relate(ana, "customer_of", client.entities.search("Dmitri Orlov")[0].id)
    assert len(client.entities.edges(ana)) == 2  # nothing written by the refusals


def test_bad_input_is_refused_and_writes_nothing(client: Any) -> None:
    with pytest.raises(InvalidInput, match="emial: is not a known field"):
        client.anchor({"kind": "contact", "system": "crm", "id": "1", "name": "A", "emial": "a@b.co"})
    # the record's kind in plain words (not pydantic's "Unable to extract tag using discriminator")
    with pytest.raises(InvalidInput, match="record: kind: is required"):
        client.anchor({"system": "crm", "id": "1"})
    with pytest.raises(InvalidInput, match="record: kind: must be one of 'contact', .*, not 'spaceship'"):
        client.anchor({"kind": "spaceship", "system": "crm", "id": "1"})
    with pytest.raises(InvalidInput, match="object"):  # not a mapping: refused, not a TypeError
        client.anchor([("kind", "contact")])
    for blank in ("", " "):  # a blank id is invalid input, not an unknown entity, embedded and remote alike
        for call in (client.entities.get, client.entities.edges, client.entities.memories,
                     client.entities.about, client.entities.unmerge, lambda i: client.entities.merge(i, i),
                     lambda i: client.entities.link(i, i), lambda i: client.entities.relate(i, "knows", i)):  # fmt: skip
            with pytest.raises(InvalidInput):
                call(blank)
    assert client.entities.list() == []
    with pytest.raises(NotFound):
        client.entities.get("no-such-entity")
    with pytest.raises(InvalidInput, match="type: must be one of person"):
        client.entities.list(type="alien")
    with pytest.raises(InvalidInput, match="cursor"):
        client.entities.page(cursor="not-a-cursor")
    a = client.anchor({"kind": "contact", "system": "crm", "id": "1", "name": "Ana Lopez"})
    with pytest.raises(InvalidInput, match="itself"):
        client.entities.merge(a.id, a.id)
    with pytest.raises(NotFound):
        client.entities.merge(a.id, "no-such-entity")
    with pytest.raises(InvalidInput):
        client.entities.link("no-memory", a.id, role="boss")
    assert [e.name for e in client.entities.list()] == ["Ana Lopez"]


def test_keyset_pages_neither_repeat_nor_skip_while_entities_are_added(client: Any) -> None:
    for i in range(5):
        client.anchor({"kind": "contact", "system": "crm", "id": str(i), "name": f"Person Number{i} Test"})
    first, cursor = client.entities.page(limit=2)
    assert [e.name for e in first] == ["Person Number4 Test", "Person Number3 Test"] and cursor
    # added meanwhile: newer than every listed entity, so not on the following pages (an offset would
    # have shifted them and repeated an entity)
    client.anchor({"kind": "contact", "system": "crm", "id": "new", "name": "Late Arrival Person"})
    second, cursor = client.entities.page(limit=2, cursor=cursor)
    third, last = client.entities.page(limit=2, cursor=cursor)
    assert [e.name for e in second + third] == [
        "Person Number2 Test",
        "Person Number1 Test",
        "Person Number0 Test",
    ]
    assert last is None
    assert [e.name for e in client.entities.list(limit=2, offset=1)] == [
        "Person Number4 Test",
        "Person Number3 Test",
    ]


def test_async_clients_have_the_same_entity_methods(stack: Stack) -> None:
    async def exercise(m: Any) -> None:
        bob = await m.anchor(CONTACT)
        assert [e.id for e in await m.entities.search("Robert Smith")] == [bob.id]
        assert (await m.entities.lookup("bob@acme.com")).found.entity.id == bob.id
        assert (await m.entities.get(bob.id)).name == "Robert Smith"
        assert len(await m.entities.edges(bob.id)) == 1
        acme = (await m.entities.edges(bob.id))[0].dst
        related = await m.entities.relate(bob.id, "customer_of", acme, valid_from="2024-01-01")
        assert (related.relation, related.dst) == ("customer_of", acme)
        assert len(await m.entities.edges(bob.id)) == 2
        with pytest.raises(NotFound):
            await m.entities.about("no-such-entity")

    async def both(url: str) -> None:
        async with AsyncMemlane.connect(url, api_key=stack.key(user="alice")) as remote:
            await exercise(remote)
        embedded = AsyncMemlane(stack.mem.settings.database_url, user="dave", embedder="none")
        try:
            await exercise(embedded)
        finally:
            await embedded.close()

    with running(stack.app()) as url:
        anyio.run(both, url)


# -- REST: error bodies, who reads and changes what --------------------------------------------------------


def _api(url: str, key: str, user: str | None = None) -> httpx.Client:
    return httpx.Client(base_url=url, headers=bearer(key, user), timeout=30)


def test_rest_errors_are_in_the_house_format(stack: Stack) -> None:
    with running(stack.app()) as url, _api(url, stack.key(user="alice")) as api:
        missing = api.get("/v1/entities/no-such-entity")
        assert missing.status_code == 404
        assert missing.json() == {
            "error": {"code": "not_found", "message": "no entity 'no-such-entity' visible to alice"}
        }
        unknown_field = api.post("/v1/entities/merge", json={"into": "a", "merged": "b", "by": "me"})
        assert unknown_field.status_code == 422 and unknown_field.json()["error"]["code"] == "invalid_input"
        assert "by" in unknown_field.json()["error"]["message"]
        bad_record = api.post("/v1/anchor", json={"kind": "contact", "system": "crm"})
        assert (
            bad_record.status_code == 422
            and "contact.id: is required" in bad_record.json()["error"]["message"]
        )
        not_json = api.post("/v1/anchor", content=b"{nope", headers={"Content-Type": "application/json"})
        assert not_json.status_code == 400 and not_json.json()["error"]["code"] == "invalid_json"
        assert api.get("/v1/entities", params={"limit": 0}).json()["error"]["code"] == "invalid_input"
        assert api.get("/v1/entities/lookup").status_code == 422  # q is required
        assert api.get("/v1/entities").json() == {"items": [], "next_cursor": None}  # nothing was written
        no_key = httpx.get(f"{url}/v1/entities")
        assert no_key.status_code == 401 and no_key.json()["error"]["code"] == "unauthorized"


def test_personal_entities_are_invisible_to_everyone_else(stack: Stack) -> None:
    """An entity known only from bob's personal memories never appears to alice: not listed, not found,
    not looked up, not counted among candidates, and not changeable (404, as if it did not exist)."""
    with running(stack.app()) as url, _api(url, stack.key(user="bob")) as bob, \
            _api(url, stack.key(user="alice")) as alice:  # fmt: skip
        bob.post("/v1/memories", json={"content": "Zorana Petkovic is my therapist"})
        secret = bob.get("/v1/entities/search", params={"q": "Zorana Petkovic"}).json()["items"]
        assert len(secret) == 1 and secret[0]["visibility"] == "personal"
        zid = secret[0]["id"]
        shared = alice.post("/v1/anchor", json={"kind": "contact", "system": "crm", "id": "9",
                                                 "name": "Zorana Petkovic", "visibility": "shared"}).json()  # fmt: skip
        assert shared["id"] != zid  # a personal entity is never the shared one

        assert [e["id"] for e in alice.get("/v1/entities").json()["items"]] == [shared["id"]]
        assert [
            e["id"] for e in alice.get("/v1/entities/search", params={"q": "Zorana"}).json()["items"]
        ] == [shared["id"]]
        looked = alice.get("/v1/entities/lookup", params={"q": "Zorana Petkovic"}).json()
        assert looked["found"]["entity"]["id"] == shared["id"] and looked["candidates"] == []
        assert looked["found"]["memories"] == []  # bob's memory is not alice's to read
        for path in (f"/v1/entities/{zid}", f"/v1/entities/{zid}/aliases", f"/v1/entities/{zid}/edges",
                     f"/v1/entities/{zid}/memories", f"/v1/entities/{zid}/about"):  # fmt: skip
            answer = alice.get(path)
            assert answer.status_code == 404 and answer.json()["error"]["code"] == "not_found", path
        merge = alice.post("/v1/entities/merge", json={"into": shared["id"], "merged": zid})
        assert merge.status_code == 404
        link = alice.post(f"/v1/entities/{zid}/links", json={"memory_id": "x"})
        assert link.status_code == 404
        # and bob still sees his own, unchanged
        assert bob.get(f"/v1/entities/{zid}").json()["name"] == "Zorana Petkovic"


def test_who_may_relate_entities_over_rest(stack: Stack) -> None:
    """Relating is a change of both entities (docs/api.md's entity table): every writer of a shared
    entity may; a personal-only key may not (403); another user's personal entity does not exist (404)."""
    keys = {"alice": stack.key(user="alice"), "bob": stack.key(user="bob"),
            "alice-personal": stack.key(user="alice", max_visibility="personal")}  # fmt: skip
    with running(stack.app()) as url:
        api = {name: _api(url, key) for name, key in keys.items()}
        try:
            ids = {}
            for rid, name in (("1", "Ana Lopez"), ("2", "Initech")):
                ids[name] = api["alice"].post("/v1/anchor", json={"kind": "contact", "system": "crm", "id": rid,
                                              "name": name, "visibility": "shared"}).json()["id"]  # fmt: skip
            path = f"/v1/entities/{ids['Ana Lopez']}/edges"
            body = {"relation": "customer_of", "dst": ids["Initech"], "valid_from": "2024-03-01"}
            made = api["bob"].post(path, json=body)
            assert made.status_code == 200, made.text
            assert made.json()["relation"] == "customer_of" and made.json()["provenance"] == {"by": "bob"}
            refused = api["alice-personal"].post(path, json={**body, "relation": "member_of"})
            assert refused.status_code == 403 and refused.json()["error"]["code"] == "forbidden"
            bad = api["alice"].post(path, json={**body, "relation": "Customer Of"})
            assert bad.status_code == 422 and bad.json()["error"]["code"] == "invalid_input"
            unknown = api["alice"].post(path, json={**body, "colour": "red"})
            assert unknown.status_code == 422
            api["bob"].post("/v1/memories", json={"content": "Zorana Petkovic is my therapist"})
            zid = (
                api["bob"]
                .get("/v1/entities/search", params={"q": "Zorana Petkovic"})
                .json()["items"][0]["id"]
            )
            hidden = api["alice"].post(
                f"/v1/entities/{zid}/edges", json={"relation": "knows", "dst": ids["Initech"]}
            )
            assert hidden.status_code == 404
            edges = api["alice"].get(path).json()["edges"]
            assert [(e["relation"], e["dst"]) for e in edges] == [("customer_of", ids["Initech"])]
        finally:
            for client in api.values():
                client.close()


def test_who_may_merge_unmerge_link_and_anchor_shared_entities(stack: Stack) -> None:
    """docs/api.md's table: a shared entity is changed by everyone who may write for its owner (merging
    is recorded and undone, like superseding); a personal-only key changes personal entities only; a
    team's entities only by its members."""
    stack.access.create_team("default", "eng")
    stack.access.add_member("default", "eng", "alice")
    stack.access.add_member("default", "eng", "bob")
    keys = {"alice": stack.key(user="alice"), "bob": stack.key(user="bob"), "carol": stack.key(user="carol"),
            "alice-personal": stack.key(user="alice", max_visibility="personal")}  # fmt: skip
    with running(stack.app()) as url:
        api = {name: _api(url, key) for name, key in keys.items()}
        try:

            def anchor(who: str, rid: str, name: str, **scope: str) -> dict[str, Any]:
                r = api[who].post("/v1/anchor", json={"kind": "contact", "system": "crm", "id": rid,
                                                      "name": name, **scope})  # fmt: skip
                assert r.status_code == 200, r.text
                return dict(r.json())

            a = anchor("bob", "1", "Rob Smith", visibility="shared")
            b = anchor("bob", "2", "Bobby Smith", visibility="shared")
            # the personal-only key may not change shared entities, nor anchor shared records
            refused = api["alice-personal"].post(
                "/v1/entities/merge", json={"into": a["id"], "merged": b["id"]}
            )
            assert refused.status_code == 403 and refused.json()["error"]["code"] == "forbidden"
            assert api["alice-personal"].post("/v1/anchor", json={
                "kind": "contact", "system": "crm", "id": "3", "name": "X Y", "visibility": "shared"}
            ).status_code == 403  # fmt: skip
            # alice merges what bob anchored; bob (or anyone writing for the workspace) may undo it
            merged = api["alice"].post("/v1/entities/merge", json={"into": a["id"], "merged": b["id"]})
            assert merged.status_code == 200, merged.text
            undone = api["bob"].post("/v1/entities/unmerge", json={"merge_id": merged.json()["id"]})
            assert undone.status_code == 200 and undone.json()["unmerged_at"] is not None

            # a team's entities: members change them, others do not even see them
            t1 = anchor("bob", "4", "Tara Team", owner="team:eng")
            t2 = anchor("bob", "5", "Tara Teamer", owner="team:eng")
            assert api["carol"].get(f"/v1/entities/{t1['id']}").status_code == 404
            assert (
                api["carol"]
                .post("/v1/entities/merge", json={"into": t1["id"], "merged": t2["id"]})
                .status_code
                == 404
            )
            assert (
                api["alice"]
                .post("/v1/entities/merge", json={"into": t1["id"], "merged": t2["id"]})
                .status_code
                == 200
            )

            # entities of different scopes are never merged (a reader of one would find the other)
            mine = anchor("alice", "6", "Rob Smith")
            cross = api["alice"].post("/v1/entities/merge", json={"into": a["id"], "merged": mine["id"]})
            assert (
                cross.status_code == 422 and "same owner and visibility" in cross.json()["error"]["message"]
            )
            # a personal entity and a personal memory: the personal-only key may link them
            note = (
                api["alice-personal"]
                .post("/v1/memories", json={"content": "Lunch with Rob on Tuesday"})
                .json()
            )
            linked = api["alice-personal"].post(
                f"/v1/entities/{mine['id']}/links", json={"memory_id": note["id"]}
            )
            assert linked.status_code == 200, linked.text
            assert linked.json() == {"memory_id": note["id"], "entity_id": mine["id"], "role": "mention"}
            # a shared memory cannot be linked to a personal entity
            public = api["alice"].post(
                "/v1/memories", json={"content": "Offsite in May", "visibility": "shared"}
            )
            wrong = api["alice"].post(
                f"/v1/entities/{mine['id']}/links", json={"memory_id": public.json()["id"]}
            )
            assert wrong.status_code == 422
        finally:
            for c in api.values():
                c.close()


def test_an_opted_out_user_reads_no_entities_and_changes_none(stack: Stack) -> None:
    with running(stack.app()) as url, _api(url, stack.key(user="alice")) as alice:
        ana = alice.post(
            "/v1/anchor", json={"kind": "contact", "system": "crm", "id": "1", "name": "Ana Lopez"}
        )
        alice.post("/v1/me/opt-out")
        assert alice.get("/v1/entities").json()["items"] == []
        assert alice.get(f"/v1/entities/{ana.json()['id']}").status_code == 404
        assert alice.get("/v1/entities/lookup", params={"q": "Ana Lopez"}).json()["found"] is None
        refused = alice.post(
            "/v1/anchor", json={"kind": "contact", "system": "crm", "id": "2", "name": "B C"}
        )
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "opted_out"


def test_openapi_lists_the_entity_endpoints(stack: Stack) -> None:
    with running(stack.app()) as url:
        paths = httpx.get(f"{url}/openapi.json", timeout=120).json()["paths"]
    for path in ("/v1/entities", "/v1/entities/search", "/v1/entities/lookup", "/v1/entities/merge",
                 "/v1/entities/unmerge", "/v1/entities/{entity_id}", "/v1/entities/{entity_id}/aliases",
                 "/v1/entities/{entity_id}/edges", "/v1/entities/{entity_id}/memories",
                 "/v1/entities/{entity_id}/about", "/v1/entities/{entity_id}/links", "/v1/anchor"):  # fmt: skip
        assert path in paths, path


def test_forbidden_is_the_same_exception_remotely(stack: Stack) -> None:
    with running(stack.app()) as url:
        bob = stack.mem.connect(url, api_key=stack.key(user="bob"))
        a = bob.anchor(
            {"kind": "contact", "system": "crm", "id": "1", "name": "Rob Smith", "visibility": "shared"}
        )
        b = bob.anchor(
            {"kind": "contact", "system": "crm", "id": "2", "name": "Bob Smyth", "visibility": "shared"}
        )
        personal = stack.mem.connect(url, api_key=stack.key(user="alice", max_visibility="personal"))
        with pytest.raises(Forbidden):
            personal.entities.merge(a.id, b.id)
        bob.close()
        personal.close()


def test_the_detail_shows_current_relations_first_and_at_most_a_hundred(stack: Stack) -> None:
    mem = stack.mem
    for i in range(101):
        mem.anchor({"kind": "contact", "system": "crm", "id": str(i), "name": f"Employee Number{i} Test",
                    "company": "Acme Corp"})  # fmt: skip
    mem.anchor(
        {"kind": "contact", "system": "crm", "id": "0", "name": "Employee Number0 Test", "company": "Globex"}
    )
    acme = mem.entities.search("Acme Corp", type="company")[0]
    every = mem.entities.edges(acme.id)
    assert len(every) == 101 and sum(e.valid_to is not None for e in every) == 1
    detail = mem.entities.about(acme.id, hops=0)
    assert len(detail.edges) == 100 and all(e.valid_to is None for e in detail.edges)
    assert {e.id for e in detail.related} == {e.src for e in detail.edges}


def test_every_surface_gives_the_same_lookup(tmp_path: Path) -> None:
    """The embedded SDK, the REST API, the remote SDK, MCP over streamable HTTP and the CLI (on the
    database and with --server) return the same JSON for the same lookup."""
    import json
    import os

    from test_mcp import call, http_session

    db = tmp_path / "same.db"
    stack = make_stack(db)
    stack.mem.anchor(CONTACT)
    stack.mem.store("Bob Smith asked for the Q3 numbers")
    stack.mem.store("Acme Corp signed the renewal")
    want = stack.mem.entities.lookup("Bob Smith").model_dump(mode="json")
    assert want["found"]["memories"]
    key = stack.key(user="alice")
    env = {**os.environ, "MEMLANE_DATABASE_URL": str(db), "MEMLANE_EMBEDDER": "none", "MEMLANE_USER": "alice"}
    env.pop("MEMLANE_API_KEY", None)
    with running(stack.app()) as url:
        rest = httpx.get(f"{url}/v1/entities/lookup", params={"q": "Bob Smith"}, headers=bearer(key)).json()
        with stack.mem.connect(url, api_key=key) as remote:
            remote_json = remote.entities.lookup("Bob Smith").model_dump(mode="json")

        async def over_mcp() -> Any:
            async with http_session(url, key) as session:
                return await call(session, "entity_lookup", query="Bob Smith")

        mcp_json = anyio.run(over_mcp)
        entity_id = want["found"]["entity"]["id"]
        cli = ["entities", "show", entity_id, "--json"]  # in this process (tests/cli_runner.py)
        local = invoke(cli, environ=env)
        served = invoke([*cli, "--server", url, "--api-key", key], environ=env)
    stack.mem.close()
    assert rest == want and remote_json == want and mcp_json == want
    assert json.loads(local.stdout) == want["found"] and json.loads(served.stdout) == want["found"]
