"""The entity merge history in keyset pages (``EntityService.merge_history``) on both backends, and on
REST (``GET /v1/entities/merges``), the remote SDK and the CLI: pages follow each other with no repeat
and no gap whatever is merged meanwhile, and a caller sees only merges of entities she may read."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest

from cli_runner import invoke
from memlane import InvalidInput, Memlane
from memlane.models import Entity, Visibility
from memlane.storage.entity_names import alias_pairs, name_keys
from servers import Stack, bearer, running


def _entities(m: Memlane, owner: str, names: list[str]) -> list[Entity]:
    """Entities of ``owner`` (personal), written as an import would."""
    now = datetime.now(UTC)
    made = [
        Entity(
            id=f"{owner}-{i}",
            workspace="default",
            owner=f"user:{owner}",
            visibility=Visibility.PERSONAL,
            type="person",
            name=name,
            created_at=now,
            updated_at=now,
        )  # fmt: skip
        for i, name in enumerate(names)
    ]
    with m.service.storage.write() as txn:
        for e in made:
            txn.insert_entity(e, alias_pairs([e.name], e.type), name_keys([e.name], e.type))
    return made


def _all_pages(pager, limit: int) -> list[list[str]]:  # type: ignore[no-untyped-def]
    pages: list[list[str]] = []
    cursor = None
    while True:
        items, cursor = pager(limit=limit, cursor=cursor)
        pages.append([p.merge.id for p in items])
        if cursor is None:
            return pages


@pytest.fixture
def m(db_path: Path | str) -> Iterator[Memlane]:
    mem = Memlane(db_path, user="alice", embedder="none")
    yield mem
    mem.close()


def test_pages_follow_each_other_whatever_is_merged_meanwhile(m: Memlane, db_path: Path | str) -> None:
    target, *twins, late = _entities(
        m, "alice", ["Ada Stone", *(f"Twin Number{i}" for i in range(7)), "Late"]
    )
    merges = [m.entities.merge(target.id, t.id) for t in twins]
    newest_first = [x.id for x in reversed(merges)]
    with Memlane(db_path, user="bob", embedder="none") as bob:
        bobs = _entities(bob, "bob", ["Bo Reed", "Bo Reed Jr"])
        bob_merge = bob.entities.merge(bobs[0].id, bobs[1].id)
        assert [p.merge.id for p in bob.entities.merges()[0]] == [bob_merge.id]  # his own only

    first, cursor = m.entities.merges(limit=3)
    assert [p.merge.id for p in first] == newest_first[:3] and cursor is not None
    assert all(p.undoable and p.by == "user:alice" for p in first)
    newer = m.entities.merge(target.id, late.id)  # merged between two pages: no repeat, no gap
    pages = [[p.merge.id for p in first]]
    while cursor is not None:
        items, cursor = m.entities.merges(limit=3, cursor=cursor)
        pages.append([p.merge.id for p in items])
    assert [len(p) for p in pages] == [3, 3, 1] and sum(pages, []) == newest_first  # bob's is in none
    assert _all_pages(m.entities.merges, 100) == [[newer.id, *newest_first]]
    # one entity's history, and undone merges stay in it
    m.entities.unmerge(merges[0].id)
    (only,), last = m.entities.merges(entity=twins[0].id)
    assert only.merge.id == merges[0].id and only.merge.unmerged_at is not None and last is None
    with pytest.raises(InvalidInput, match="cursor"):
        m.entities.merges(cursor="not-a-cursor")
    with pytest.raises(InvalidInput, match="limit"):
        m.entities.merges(limit=0)


def test_rest_the_remote_sdk_and_the_cli_page_the_history(stack: Stack, db_path: Path | str) -> None:
    target, *twins = _entities(stack.mem, "alice", ["Ada Stone", "Twin One", "Twin Two", "Twin Three"])
    merges = [stack.mem.entities.merge(target.id, t.id) for t in twins]
    newest_first = [x.id for x in reversed(merges)]
    with running(stack.app()) as url:
        alice_key = stack.access.create_key("default", user="alice").key
        alice = httpx.Client(base_url=url, headers=bearer(alice_key), timeout=60)
        bob = httpx.Client(base_url=url, headers=bearer(stack.access.create_key("default", user="bob").key),
                           timeout=60)  # fmt: skip
        page = alice.get("/v1/entities/merges", params={"limit": 2}).json()
        assert [p["merge"]["id"] for p in page["items"]] == newest_first[:2] and page["next_cursor"]
        rest = alice.get("/v1/entities/merges", params={"limit": 2, "cursor": page["next_cursor"]}).json()
        assert [p["merge"]["id"] for p in rest["items"]] == newest_first[2:] and rest["next_cursor"] is None
        one = alice.get("/v1/entities/merges", params={"entity": twins[0].id}).json()["items"]
        assert [p["merge"]["id"] for p in one] == [merges[0].id]
        assert bob.get("/v1/entities/merges").json() == {"items": [], "next_cursor": None}  # not his to see
        bad = alice.get("/v1/entities/merges", params={"cursor": "x"})
        assert bad.status_code == 422 and "cursor" in bad.json()["error"]["message"]
        with Memlane.connect(url, api_key=alice_key) as remote:
            assert _all_pages(remote.entities.merges, 2) == [newest_first[:2], newest_first[2:]]
        if isinstance(db_path, Path):  # the CLI on the database file (SQLite)
            cli = ["--db", str(db_path), "--embedder", "none", "--user", "alice"]  # tests/cli_runner.py
            out = invoke([*cli, "entities", "merges", "--limit", "2", "--json"])
            assert out.returncode == 0, out.stderr
            body = json.loads(out.stdout)
            assert [p["merge"]["id"] for p in body["items"]] == newest_first[:2] and body["next_cursor"]
            text = invoke([*cli, "entities", "merges", "--cursor", body["next_cursor"]])
            assert text.returncode == 0 and "Twin One -> Ada Stone" in text.stdout
        alice.close()
        bob.close()
