"""A memory's ``subject`` and ``related_user`` point at entities (issue 12): every read (get, recall,
list, history, export, an entity's memories) carries the entity they resolve to, read through the
memory's links, so it follows merges and unmerges and never names an entity the reader may not see.
Both backends; the REST API, the remote SDK, the CLI's --json and MCP show the same fields."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import httpx

from backends import is_postgres, rows
from memlane import Memlane
from servers import Stack, running
from test_cli import js
from test_mcp import call, http_session


def _subject(memory: Any) -> tuple[str | None, str | None]:
    return (memory.subject.entity_id, memory.subject.entity_name) if memory.subject else (None, None)


def test_every_read_carries_the_subject_and_related_user_entities(mem: Memlane) -> None:
    memory = mem.store("moved the appointment to Friday", subject="Dr. Georgiev", related_user="kalina")
    (georgiev,) = [e for e in mem.entities.list() if e.name == "Dr. Georgiev"]
    (kalina,) = mem.entities.search("user:kalina")
    want = (georgiev.id, "Dr. Georgiev")

    got = mem.get(memory.id)
    assert (got.subject.id, got.subject.name) == ("dr. georgiev", "Dr. Georgiev")  # type: ignore[union-attr]
    assert _subject(got) == want
    assert (got.related_user, got.related_user_entity_id, got.related_user_entity_name) == (
        "kalina", kalina.id, "kalina"
    )  # fmt: skip
    (hit,) = mem.recall("appointment")
    assert _subject(hit) == want and hit.related_user_entity_id == kalina.id
    (listed,) = mem.list_recent()
    assert _subject(listed) == want and listed.related_user_entity_id == kalina.id
    (version,) = mem.history(memory.id)
    assert _subject(version) == want
    assert [_subject(m) for m in mem.entities.memories(georgiev.id)] == [want]
    exported = [json.loads(line) for line in mem.export()]
    (record,) = [r["memory"] for r in exported if "memory" in r]
    assert record["subject"] == {"id": "dr. georgiev", "name": "Dr. Georgiev", "entity_id": georgiev.id,
                                 "entity_name": "Dr. Georgiev"}  # fmt: skip
    assert record["related_user_entity_id"] == kalina.id

    # a memory without a subject or related user has none, and reads as before
    plain = mem.store("the wombat likes tea")
    assert mem.get(plain.id).subject is None and mem.get(plain.id).related_user_entity_id is None


def test_the_entity_follows_merge_and_unmerge(mem: Memlane) -> None:
    memory = mem.store("prefers morning appointments", subject="Dr. Georgiev")
    ivan = mem.anchor({"kind": "contact", "system": "crm", "id": "9", "name": "Ivan Petrov"})
    (georgiev,) = [e for e in mem.entities.list() if e.name == "Dr. Georgiev"]
    merge = mem.entities.merge(ivan.id, georgiev.id)
    assert _subject(mem.get(memory.id)) == (ivan.id, "Ivan Petrov")
    assert memory.id in {h.id for h in mem.recall("morning appointments") if _subject(h)[0] == ivan.id}
    mem.entities.unmerge(merge.id)
    assert _subject(mem.get(memory.id)) == (georgiev.id, "Dr. Georgiev")


def test_a_link_by_hand_as_subject_names_the_entity(mem: Memlane) -> None:
    memory = mem.store("the renewal is due in March")
    acme = mem.anchor({"kind": "contact", "system": "crm", "id": "1", "name": "Ana Lopez", "company": "Acme"})
    mem.entities.link(memory.id, acme.id, role="subject")
    subject = mem.get(memory.id).subject
    assert subject is not None and (subject.id, subject.name, subject.entity_id) == (
        acme.id,
        "Ana Lopez",
        acme.id,
    )


def test_an_entity_the_reader_may_not_see_is_not_named(db_path: Path | str) -> None:
    """The links are made within one scope; a link to another scope's entity (a bad restore, another
    tool) must still not name that entity: the store's query reads the entity with the read rule."""
    with Memlane(db_path, user="alice", embedder="none") as mem:
        shared = mem.store("the launch slipped a week", subject="Project Falcon", visibility="shared")
        secret = mem.store("my therapist is Dr. Okafor", subject="Dr. Okafor", user="bob")
        (okafor,) = [e for e in mem.entities.list(user="bob") if e.name == "Dr. Okafor"]
        assert _subject(mem.get(secret.id, user="bob")) == (okafor.id, "Dr. Okafor")
        rows(db_path, f"DELETE FROM memory_entity_links WHERE memory_seq = (SELECT seq FROM memories WHERE"
                      f" id = '{shared.id}') AND role = 'subject'" + (" RETURNING role" if is_postgres(db_path) else ""))  # fmt: skip
        rows(db_path, "INSERT INTO memory_entity_links (entity_id, memory_seq, role) SELECT"
                      f" '{okafor.id}', seq, 'subject' FROM memories WHERE id = '{shared.id}'"
                      + (" RETURNING role" if is_postgres(db_path) else ""))  # fmt: skip
        for user in ("alice", "bob"):  # bob reads the shared memory too; only he may see his entity
            got = mem.get(shared.id, user=user)
            assert got.subject is not None and got.subject.name == "Project Falcon"
            assert _subject(got) == ((okafor.id, "Dr. Okafor") if user == "bob" else (None, None))
        assert all(_subject(h) == (None, None) for h in mem.recall("launch slipped"))
        assert "Dr. Okafor" not in "".join(mem.export())


def test_old_memories_read_back_with_their_entities(db_path: Path | str) -> None:
    """A store written before the entity graph (migration 7 made subjects entities, 17 related users
    account entities): after the upgrade its memories read back with both entities."""
    with Memlane(db_path, user="alice", embedder="none") as mem:
        old = mem.store("moved the appointment", subject="Dr. Georgiev", related_user="kalina")
        known = mem.store("asked for the slides", related_user="boris")
        team = mem.store("the team lunch", related_user="kalina", visibility="shared")
        plain = mem.store("the wombat likes tea")  # (its related_user is alice, filled in: not linked)
    # back to schema 6 for the first two: no entity tables at all; the related users of a store that
    # went through migration 7 before 17 existed: only their links are missing
    for table in ("entity_merges", "memory_entity_links", "entity_edges", "entity_blocking_keys",
                  "entity_external_ids", "entity_aliases", "entities"):  # fmt: skip
        rows(db_path, f"DROP TABLE {table}")
    returning = " RETURNING version" if is_postgres(db_path) else ""
    rows(db_path, "DELETE FROM schema_migrations WHERE version >= 7" + returning)
    with Memlane(db_path, user="alice", embedder="none") as mem:
        assert mem.service.storage.schema_version() >= 17
        got = mem.get(old.id)
        (georgiev,) = [e for e in mem.entities.list() if e.name == "Dr. Georgiev"]
        (kalina,) = [e for e in mem.entities.search("user:kalina") if e.visibility == "personal"]
        assert _subject(got) == (georgiev.id, "Dr. Georgiev")
        assert (got.related_user_entity_id, got.related_user_entity_name) == (kalina.id, "kalina")
        assert kalina.type == "person" and kalina.external_ids == ("user:kalina",)
        assert mem.get(known.id).related_user_entity_name == "boris"
        assert mem.get(plain.id).related_user == "alice" and mem.get(plain.id).related_user_entity_id is None
        assert mem.entities.search("user:alice") == []
        shared = mem.get(team.id)  # the shared memory: an account entity of its own scope
        assert shared.related_user_entity_id not in (None, kalina.id)
        # a memory stored after the upgrade finds the same account entity (no second one)
        again = mem.store("prefers aisle seats", related_user="kalina")
        assert mem.get(again.id).related_user_entity_id == kalina.id
    rows(
        db_path,
        "DELETE FROM memory_entity_links WHERE role = 'related_user'" + returning.replace("version", "role"),
    )
    rows(db_path, "DELETE FROM schema_migrations WHERE version = 17" + returning)
    with Memlane(db_path, user="alice", embedder="none") as mem:
        assert mem.get(old.id).related_user_entity_id == kalina.id  # the known account, not a new one
        assert len(mem.entities.search("user:kalina")) == 2  # (alice's and the shared one)


def test_surfaces_show_the_same_entity(stack: Stack, tmp_path: Path) -> None:
    mem = stack.mem
    memory = mem.store("moved the appointment to Friday", subject="Dr. Georgiev", related_user="kalina")
    want = mem.get(memory.id).model_dump(mode="json")
    assert want["subject"]["entity_id"] and want["related_user_entity_id"]
    with running(stack.app()) as url:
        headers = {"Authorization": f"Bearer {stack.key(user='alice')}"}
        body = httpx.get(f"{url}/v1/memories/{memory.id}", headers=headers).json()
        assert body["subject"] == want["subject"]
        assert body["related_user_entity_id"] == want["related_user_entity_id"]
        schema = httpx.get(f"{url}/openapi.json").json()["components"]["schemas"]
        assert {"entity_id", "entity_name"} <= set(schema["Subject"]["properties"])
        remote = mem.connect(url, api_key=stack.key(user="alice"))
        try:
            assert remote.get(memory.id).subject == mem.get(memory.id).subject
            assert remote.recall("appointment")[0].related_user_entity_name == "kalina"
        finally:
            remote.close()

        async def mcp() -> dict[str, Any]:
            async with http_session(url, stack.key(user="alice")) as session:
                return await call(session, "memory_history", memory_id=memory.id)  # type: ignore[no-any-return]

        (version,) = anyio.run(mcp)["versions"]
        assert version["subject"] == want["subject"]
        assert version["related_user_entity_id"] == want["related_user_entity_id"]


def test_cli_json_shows_the_entity(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    with Memlane(db, user="cli-user", embedder="none") as mem:
        memory = mem.store("moved the appointment to Friday", subject="Dr. Georgiev")
        want = mem.get(memory.id).subject
    assert want is not None and want.entity_id is not None
    shown = js(db, "memory", "get", memory.id)
    assert shown["subject"] == want.model_dump(mode="json")  # type: ignore[index]
