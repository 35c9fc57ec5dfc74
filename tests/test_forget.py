from __future__ import annotations

from backends import fulltext_count, rows
from memlane import Memlane


def test_forget_deletes_every_version_vector_fulltext_and_key(smem: Memlane, db_path) -> None:
    red = smem.store("Dr. Okafor prescribed the red inhaler")
    blue = smem.store("Dr. Okafor prescribed the blue inhaler")
    keep = smem.store("The cat sleeps on the windowsill")
    assert rows(db_path, "SELECT COUNT(*) FROM memory_vectors")[0][0] == 3
    result = smem.forget(red.id)  # any id of the chain deletes the whole chain
    assert set(result.deleted) == {red.id, blue.id}
    assert rows(db_path, "SELECT id FROM memories") == [(keep.id,)]
    assert rows(db_path, "SELECT COUNT(*) FROM memory_vectors")[0][0] == 1
    assert fulltext_count(db_path, "inhaler") == 0
    assert rows(db_path, "SELECT COUNT(*) FROM memory_entities WHERE key LIKE '%okafor%'")[0][0] == 0
    assert smem.recall("inhaler", include_history=True) == [] or all(
        h.id == keep.id for h in smem.recall("inhaler", include_history=True)
    )
    # the audit log keeps that a deletion happened, never what was said
    audit = rows(db_path, "SELECT action, CAST(detail AS TEXT) FROM audit_log WHERE action = 'forget'")
    assert len(audit) == 1 and "inhaler" not in audit[0][1]


def test_forget_by_query_with_dry_run(mem: Memlane, db_path) -> None:
    red = mem.store("Dr. Okafor prescribed the red inhaler")
    blue = mem.store("Dr. Okafor prescribed the blue inhaler")
    other = mem.store("The garden hose leaks near the tap")
    preview = mem.forget(query="inhaler", dry_run=True)
    assert preview.dry_run is True
    assert set(preview.deleted) == {red.id, blue.id}
    assert len(rows(db_path, "SELECT id FROM memories")) == 3  # a dry run changes nothing
    done = mem.forget(query="inhaler")
    assert set(done.deleted) == {red.id, blue.id}
    assert rows(db_path, "SELECT id FROM memories") == [(other.id,)]


def test_forget_by_query_spares_weak_matches(mem: Memlane) -> None:
    mem.store("The quarterly planning meeting covers hiring, budget, roadmap and office moves")
    assert mem.forget(query="office party playlist", dry_run=True).deleted == ()


def test_forget_needs_an_id_or_a_query(mem: Memlane) -> None:
    import pytest

    from memlane import InvalidInput

    with pytest.raises(InvalidInput):
        mem.forget()
    with pytest.raises(InvalidInput):
        mem.forget("x", query="y")


def test_forget_by_query_never_touches_other_owners(mem: Memlane) -> None:
    bobs = mem.store("Bob's inhaler is in the car", user="bob")
    mem.store("my inhaler is in the drawer")
    deleted = mem.forget(query="inhaler").deleted
    assert bobs.id not in deleted and len(deleted) == 1
    assert mem.get(bobs.id, user="bob").id == bobs.id


def test_an_empty_forget_query_is_refused_on_every_surface(mem: Memlane, tmp_path) -> None:
    """An empty or blank query answered "deleted nothing" (read as "nothing matched"), where recall says
    the query is empty: ``memlane memory forget --query "$TOPIC"`` with TOPIC unset."""
    import httpx
    import pytest

    from cli_runner import invoke
    from memlane import InvalidInput
    from servers import bearer, make_stack, running

    kept = mem.store("Dana moved to Lisbon").id
    for query in ("", "   ", "\u200b"):
        with pytest.raises(InvalidInput, match="query is empty: say what to forget"):
            mem.forget(query=query)
    assert mem.get(kept).content == "Dana moved to Lisbon"
    db = tmp_path / "surfaces.db"
    stack = make_stack(db)
    try:
        stack.mem.store("Dana moved to Lisbon")
        with running(stack.app()) as url:
            answer = httpx.post(f"{url}/v1/forget", json={"query": " "}, headers=bearer(stack.admin_key))
            assert answer.status_code == 422 and "query is empty" in answer.json()["error"]["message"]
    finally:
        stack.mem.close()
    done = invoke(["--db", str(db), "--user", "alice", "memory", "forget", "--query", ""])
    assert done.returncode == 1 and done.stderr.startswith("error: query is empty"), done.stderr
