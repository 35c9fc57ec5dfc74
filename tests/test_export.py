"""memlane's own export and its restore: lossless into an empty store, idempotent into a full one, on
both backends (issue 14, requirement 7)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path

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
    assert (
        header["format"] == "memlane-export" and header["version"] == 1 and header["count"] == len(lines) - 1
    )
    return sorted((json.loads(line)["memory"] for line in lines[1:]), key=lambda r: r["id"])


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
        assert records(target) == exported  # every field, ids, times, version links, states, counters
        chain = target.history(exported[0]["id"])
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
