"""memlane's own export and its restore: lossless into an empty store, idempotent into a full one, on
both backends (issue 14, requirement 7)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from memlane import InvalidInput, Memlane
from servers import make_stack, running


@pytest.fixture
def second_db(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Path | str]:
    """Another empty database of the same backend."""
    if backend != "postgresql":
        yield tmp_path / "target.db"
        return
    import psycopg

    from pg import url_with_search_path

    base = request.getfixturevalue("pg_database")
    schema = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    yield url_with_search_path(base, schema)
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


def fill(m: Memlane) -> None:
    first = m.store("Alice's bike is red.", subject="Alice", data={"colour": "red"}, importance=0.8,
                    provenance={"via": "test"}, observed_at="2026-03-01T10:00:00Z", valid_from="2026-01-01")  # fmt: skip
    m.store("Alice's bike is blue now.", replaces=first.id, subject="Alice")
    archived = m.store("The shed key hangs by the door.", type="procedure", space="home")
    m.archive(archived.id)
    m.store("Team standup is at 9:30.", visibility="shared")
    m.recall("bike")  # access counts and times are part of what is restored


def records(m: Memlane) -> list[dict]:
    lines = list(m.export())
    header = json.loads(lines[0])
    assert header["format"] == "memlane-export" and header["version"] == 1
    assert header["count"] + header["graph_count"] == len(lines) - 1
    found = [json.loads(line)["memory"] for line in lines[1:] if '"memory"' in line[:12]]
    assert len(found) == header["count"]
    return sorted(found, key=lambda r: r["id"])


def graph(m: Memlane) -> dict[str, list[dict]]:
    """The entity graph lines of the export, by kind, each sorted (restored rows get new seqs)."""
    out: dict[str, list[dict]] = {"entity": [], "edge": [], "link": [], "merge": []}
    for line in list(m.export())[1:]:
        ((kind, row),) = json.loads(line).items()
        if kind != "memory":
            out[kind].append(row)
    return {k: sorted(v, key=lambda r: json.dumps(r, sort_keys=True)) for k, v in out.items()}


def renamed(value: Any, ids: dict[str, str]) -> Any:
    """``value`` with every exported id replaced by the one the restore gave it (its ``remapped``): ids
    are UUIDs, so no other text changes."""
    text = json.dumps(value)
    for old, new in ids.items():
        text = text.replace(old, new)
    return json.loads(text)


def fill_graph(m: Memlane) -> str:
    """Entities from subjects, an anchored contact (external ids, an edge to its company), a manual link
    and a merge; returns the merge's id."""
    fill(m)
    bob = m.store("Bob Smith leads the billing team.", subject="Bob Smith")
    m.store("Yaw Boateng prefers morning meetings.", subject="Yaw Boateng")
    contact = m.anchor({"kind": "contact", "system": "hubspot", "id": "501", "name": "Dana Reyes",
                        "email": "dana@acme.example", "company": "Acme Corp"})  # fmt: skip
    dana = m.store("Dana asked for the Q3 invoice.", subject="Dana Reyes")
    m.entities.link(bob.id, contact.id, role="mention")
    people = {e.name: e.id for e in m.entities.list(limit=100)}
    merge = m.entities.merge(people["Bob Smith"], people["Yaw Boateng"])
    assert dana.status == "stored" and m.entities.edges(contact.id)
    return merge.id


def test_round_trip_is_lossless_and_idempotent(mem: Memlane, second_db: Path | str, tmp_path: Path) -> None:
    fill(mem)
    exported = records(mem)
    assert len(exported) == 4 and {r["state"] for r in exported} >= {"archived"}
    assert any(r["superseded_by"] for r in exported) and any(r["replaces"] for r in exported)
    backup = tmp_path / "backup.jsonl"
    backup.write_text("\n".join(mem.export()) + "\n")
    with Memlane(second_db, user="alice", embedder="none") as target:
        result = target.import_file(backup)
        assert (result.vendor, result.imported, result.skipped_duplicates) == ("memlane", 4, 0)
        # every memory is restored under an id of its new scope, whoever holds its own (docs/import.md)
        assert set(result.remapped) == {r["id"] for r in exported}
        # every field, times, version links, states, counters
        ids = {**result.remapped, **(result.graph.remapped if result.graph else {})}  # (subjects' entities)
        assert records(target) == sorted(renamed(exported, ids), key=lambda r: r["id"])
        chain = target.history(result.remapped[exported[0]["id"]])
        assert [v.content for v in chain] == ["Alice's bike is red.", "Alice's bike is blue now."]
        assert [h.content for h in target.recall("bike", limit=1)] == ["Alice's bike is blue now."]
        again = target.import_file(backup)
        assert (again.imported, again.skipped_duplicates) == (0, 4)
        target.store("Something only the target knows.")
        assert target.import_file(backup).imported == 0
        assert len(records(target)) == 5


def test_restore_into_a_store_with_the_same_statement_adds_nothing(
    mem: Memlane, second_db: Path | str
) -> None:
    mem.store("Team standup is at 9:30.")
    data = ("\n".join(mem.export()) + "\n").encode()
    with Memlane(second_db, user="alice", embedder="none") as target:
        target.store("Team standup is at 9:30.")
        result = target.import_file(data)
        assert (result.imported, result.skipped_duplicates) == (0, 1)


def test_restore_keeps_the_rules_of_every_store(tmp_path: Path) -> None:
    with Memlane(tmp_path / "a.db", user="alice", embedder="none") as m:
        m.store("Alice likes tea.")
        lines = list(m.export())
    record = json.loads(lines[1])
    secret = dict(record["memory"], id=str(uuid.uuid4()), content="my password is Tr0ub4dor&3x")
    other = dict(record["memory"], id=str(uuid.uuid4()), content="Bob's diary.", owner="user:bob")
    bad = dict(record["memory"], id=str(uuid.uuid4()), type="nonsense")
    data = "\n".join([lines[0], lines[1], *(json.dumps({"memory": r}) for r in (secret, other, bad))])
    with Memlane(tmp_path / "b.db", user="alice", embedder="none") as target:
        result = target.import_file(data.encode(), "memlane")
        assert result.imported == 1
        reasons = [s["reason"] for s in result.skipped_invalid]
        assert "secrets" in reasons[0] and "another user" in reasons[1] and "type" in reasons[2]
        assert "Tr0ub4dor" not in json.dumps(result.model_dump())
    with pytest.raises(InvalidInput, match="version 99"):
        Memlane(tmp_path / "c.db", embedder="none").import_file(
            b'{"format": "memlane-export", "version": 99}\n', "memlane"
        )


def test_export_over_rest_and_the_remote_sdk(tmp_path: Path) -> None:
    stack = make_stack(tmp_path / "server.db")
    try:
        fill(stack.mem)
        with running(stack.app()) as url:
            remote = Memlane.connect(url, api_key=stack.admin_key, timeout=120)
            lines = list(remote.export())
            assert [json.loads(x) for x in lines[1:]] == [json.loads(x) for x in list(stack.mem.export())[1:]]
            with Memlane(tmp_path / "copy.db", user="alice", embedder="none") as copy:
                assert copy.import_file("\n".join(lines).encode()).imported == 4
            remote.close()
    finally:
        stack.mem.close()


def test_entity_graph_round_trip_is_lossless_and_idempotent(mem: Memlane, second_db: Path | str) -> None:
    merge_id = fill_graph(mem)
    exported = graph(mem)
    assert exported["entity"] and exported["edge"] and exported["link"] and exported["merge"]
    assert any(e["merged_into"] for e in exported["entity"]) and any(
        e["external_ids"] for e in exported["entity"]
    )
    data = ("\n".join(mem.export()) + "\n").encode()
    with Memlane(second_db, user="alice", embedder="none") as target:
        result = target.import_file(data)
        assert result.graph is not None and result.skipped_invalid == ()
        assert (result.graph.entities, result.graph.edges, result.graph.links, result.graph.merges) == (
            len(exported["entity"]),
            len(exported["edge"]),
            len(exported["link"]),
            len(exported["merge"]),
        )
        ids = {**result.remapped, **result.graph.remapped}
        assert set(result.graph.remapped) == {
            r["id"] for kind in ("entity", "edge", "merge") for r in exported[kind]
        }
        restored = {
            k: sorted(renamed(v, ids), key=lambda r: json.dumps(r, sort_keys=True))
            for k, v in exported.items()
        }
        assert graph(target) == restored  # names, aliases, keys, attributes, times, edges, links, merges
        assert records(target) == sorted(renamed(records(mem), ids), key=lambda r: r["id"])
        # the graph works as in the source: search, edges, memories of an entity, unmerge
        dana = target.entities.search("Dana Reyes")[0]
        assert [e.relation for e in target.entities.edges(dana.id)] == [
            e.relation for e in mem.entities.edges(mem.entities.search("Dana Reyes")[0].id)
        ]
        assert {m.content for m in target.entities.memories(dana.id)} == {
            "Dana asked for the Q3 invoice.", "Bob Smith leads the billing team."}  # fmt: skip
        again = target.import_file(data)
        assert again.imported == 0 and again.graph is not None
        assert (again.graph.entities, again.graph.edges, again.graph.links, again.graph.merges) == (
            0,
            0,
            0,
            0,
        )
        assert again.graph.skipped_duplicates == sum(len(v) for v in exported.values())
        assert graph(target) == restored
        undone = target.entities.unmerge(ids[merge_id])
        yaw = target.entities.get(undone.merged)
        assert yaw.name == "Yaw Boateng"
        assert [m.content for m in target.entities.memories(yaw.id)] == [
            "Yaw Boateng prefers morning meetings."
        ]


def test_graph_restore_into_a_non_empty_store_reuses_its_entities(
    mem: Memlane, second_db: Path | str
) -> None:
    mem.store("Alice's bike is red.", subject="Alice")
    mem.store("Alice works at Globex.", subject="Alice")
    data = ("\n".join(mem.export()) + "\n").encode()
    with Memlane(second_db, user="alice", embedder="none") as target:
        target.store("Alice's bike is red.", subject="Alice")  # by hand: the same memory, another id
        result = target.import_file(data)
        assert (result.imported, result.skipped_duplicates) == (1, 1)
        exported = [e["name"] for e in graph(mem)["entity"]]
        assert "Alice" in exported and result.graph is not None
        assert result.graph.entities == len(exported) - 1  # Alice is the store's own entity: not added again
        alices = [e for e in target.entities.list(limit=100) if e.name == "Alice"]
        assert len(alices) == 1
        assert {m.content for m in target.entities.memories(alices[0].id)} == {
            "Alice's bike is red.", "Alice works at Globex."}  # fmt: skip


def test_graph_rows_obey_the_owner_rule_and_old_exports_still_restore(tmp_path: Path) -> None:
    with Memlane(tmp_path / "a.db", user="alice", embedder="none") as m:
        m.store("Alice likes tea.", subject="Alice")
        lines = list(m.export())
    entity_line = next(line for line in lines if line.startswith('{"entity"'))
    bobs = json.loads(entity_line)["entity"] | {"id": str(uuid.uuid4()), "owner": "user:bob", "name": "Bob"}
    broken = {"id": str(uuid.uuid4()), "name": ""}
    data = "\n".join([*lines, json.dumps({"entity": bobs}), json.dumps({"entity": broken})])
    with Memlane(tmp_path / "b.db", user="alice", embedder="none") as target:
        result = target.import_file(data.encode(), "memlane")
        reasons = [s["reason"] for s in result.skipped_invalid]
        assert (
            len(reasons) == 2
            and reasons[0].startswith("entity: ")
            and "name: must not be empty" in reasons[0]
        )
        assert "another user" in reasons[1]
        assert [e.name for e in target.entities.list()] == ["Alice"]
    old = [
        line for line in lines if line.startswith(('{"format"', '{"memory"'))
    ]  # a version-1 export of before
    with Memlane(tmp_path / "c.db", user="alice", embedder="none") as target:
        result = target.import_file("\n".join(old).encode())
        assert result.imported == 1 and result.graph is None


def test_a_store_right_after_a_restore_links_to_the_restored_entities(
    mem: Memlane, second_db: Path | str
) -> None:
    mem.anchor(
        {"kind": "contact", "system": "hubspot", "id": "501", "name": "Dana Reyes", "company": "Acme Corp"}
    )
    data = ("\n".join(mem.export()) + "\n").encode()
    with Memlane(second_db, user="alice", embedder="none") as target:
        target.store("Acme Corp moved offices.")  # linking has looked names up before the restore
        target.import_file(data)
        target.store("Dana Reyes renewed the contract.", subject="Dana Reyes")
        names = [e.name for e in target.entities.list(limit=100)]
        assert names.count("Dana Reyes") == 1 and names.count("Acme Corp") == 1, names
