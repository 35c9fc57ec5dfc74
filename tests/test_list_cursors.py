"""List cursors carry the (created_at, id) of the caller's own last item, never a store-wide sequence
number (which told how many items others had stored), and page in that order on both backends: memories
(SDK, REST) and entities; a cursor of the earlier form is refused with a message saying what to do."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from backends import rows
from memlane import Memlane
from memlane.errors import InvalidInput
from servers import bearer, make_stack, running


def _body(cursor: str) -> dict[str, Any]:
    decoded: dict[str, Any] = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    return decoded


def _cursor(body: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(body).encode()).decode().rstrip("=")


def _all_pages(mem: Memlane, limit: int) -> tuple[list[str], list[str]]:
    items, cursor = mem.service.list_page(actor=mem._actor(None), limit=limit)
    seen, cursors = [m.id for m in items], []
    while cursor is not None:
        cursors.append(cursor)
        items, cursor = mem.service.list_page(actor=mem._actor(None), limit=limit, cursor=cursor)
        seen += [m.id for m in items]
    return seen, cursors


@pytest.mark.parametrize("others", [0, 7])
def test_a_memory_cursor_tells_nothing_about_other_users_items(db_path: Path | str, others: int) -> None:
    # each closed at the end: a PostgreSQL test's schema is handed back once its connections are gone
    with Memlane(db_path, user="bob", embedder="none") as bob:
        for i in range(others):
            bob.store(f"Bob's private note number {i} about the quarterly numbers", auto_supersede=False)
        with Memlane(db_path, user="alice", embedder="none") as alice:
            mine = [
                alice.store(f"Alice's note {i} on the garden shed", auto_supersede=False).id for i in range(3)
            ]
            seen, cursors = _all_pages(alice, 1)
            assert seen == mine[::-1]
            by_id = {m.id: m for m in alice.list_recent(10)}
    for cursor, last in zip(cursors, seen, strict=False):
        body = _body(cursor)
        # only what alice was just shown: her item's id and creation time (no count, no sequence number)
        assert body == {"t": by_id[last].created_at.isoformat(), "i": last}


def test_memories_page_by_created_at_then_id(db_path: Path | str, mem: Memlane) -> None:
    ids = [mem.store(f"Entry {i} in the ship's log", auto_supersede=False).id for i in range(7)]
    assert _all_pages(mem, 3)[0] == ids[::-1]
    # the same creation time for all (an import, a coarse clock): id decides, and no item repeats or
    # goes missing across the pages
    rows(db_path, f"UPDATE memories SET created_at = (SELECT min(created_at) FROM memories) WHERE id IN "
                  f"({', '.join(repr(i) for i in ids)})")  # fmt: skip
    for limit in (1, 2, 3):
        assert _all_pages(mem, limit)[0] == sorted(ids, reverse=True)
    # an older creation time moves an item back whatever its id (the order is the time's first)
    rows(db_path, f"UPDATE memories SET created_at = '2001-01-01T00:00:00.000000Z' WHERE id = '{ids[-1]}'"
         if not str(db_path).startswith("postgres") else
         f"UPDATE memories SET created_at = '2001-01-01T00:00:00Z' WHERE id = '{ids[-1]}'")  # fmt: skip
    assert _all_pages(mem, 2)[0] == [*sorted(ids[:-1], reverse=True), ids[-1]]


def test_a_cursor_of_the_earlier_form_is_refused_with_what_to_do(mem: Memlane) -> None:
    mem.store("One note to page over")
    old = _cursor({"t": "2999-01-01T00:00:00+00:00", "s": 12})
    with pytest.raises(InvalidInput, match="earlier version.*first page"):
        mem.service.list_page(actor=mem._actor(None), cursor=old)
    with pytest.raises(InvalidInput, match="earlier version.*first page"):
        mem.entities.page(cursor=old)
    for bad in ({"t": "2999-01-01T00:00:00+00:00", "i": ""}, {"t": "2999-01-01T00:00:00+00:00", "i": 5},
                {"t": "2999-01-01T00:00:00+00:00", "i": "x" * 201}, {"i": "x"}, [1]):  # fmt: skip
        with pytest.raises(InvalidInput, match="not a cursor"):
            mem.service.list_page(actor=mem._actor(None), cursor=_cursor(bad))  # type: ignore[arg-type]


def test_a_forged_cursor_with_an_id_no_database_binds_is_refused(db_path: Path | str) -> None:
    """A cursor whose id has a lone surrogate or a NUL failed in the driver's encoder: a 500 over REST
    on both backends, a UnicodeEncodeError from the SDK (the memories, entities and merge history)."""
    stack = make_stack(db_path)
    stack.mem.store("One note to page over")
    at = "2999-01-01T00:00:00+00:00"
    forged = [_cursor({"t": at, key: bad}) for key in ("i", "k") for bad in ("\ud800", "a\udfffb", "a\x00b")]
    forged.append(_cursor({"t": at, "k": "k" * 201}))
    mem = stack.mem
    for cursor in forged:
        for page in (lambda c: mem.service.list_page(actor=mem._actor(None), cursor=c),
                     lambda c: mem.entities.page(cursor=c), lambda c: mem.entities.merges(cursor=c)):  # fmt: skip
            with pytest.raises(InvalidInput, match="^cursor: not a cursor returned by this API$"):
                page(cursor)
    with running(stack.app()) as url:
        for path in ("/v1/memories", "/v1/entities", "/v1/entities/merges"):
            for cursor in forged[:-1]:
                r = httpx.get(f"{url}{path}", params={"cursor": cursor}, headers=bearer(stack.admin_key))
                assert (r.status_code, r.json()["error"]["message"]) == (
                    422, "cursor: not a cursor returned by this API"), path  # fmt: skip
    mem.close()


def test_an_entity_cursor_tells_nothing_about_other_users_entities(db_path: Path | str) -> None:
    with Memlane(db_path, user="bob", embedder="none") as bob:
        for i in range(5):
            bob.anchor({"kind": "contact", "system": "crm", "id": f"b{i}", "name": f"Bob Contact{i} Smith"})
        with Memlane(db_path, user="alice", embedder="none") as alice:
            made = [alice.anchor({"kind": "contact", "system": "crm", "id": f"a{i}", "name": n}).id
                    for i, n in enumerate(["Dana Whitfield", "Elif Kaya", "Farid Nasser"])]  # fmt: skip
            seen: list[str] = []
            items, cursor = alice.entities.page(limit=1)
            seen += [e.id for e in items]
            while cursor is not None:
                assert set(_body(cursor)) == {"t", "i"} and _body(cursor)["i"] == seen[-1]
                items, cursor = alice.entities.page(limit=1, cursor=cursor)
                seen += [e.id for e in items]
            assert [s for s in seen if s in made] == made[::-1]
        assert not {e.id for e in bob.entities.page(limit=50)[0]} & set(made)


def test_the_rest_listings_hand_out_the_new_cursors(db_path: Path | str) -> None:
    stack = make_stack(db_path)
    ids = [stack.mem.store(f"Meeting note {i} about the roadmap", auto_supersede=False).id for i in range(3)]
    for i, name in enumerate(["Dana Whitfield", "Elif Kaya"]):
        stack.mem.anchor({"kind": "contact", "system": "crm", "id": str(i), "name": name})
    with running(stack.app()) as url, httpx.Client(base_url=url, headers=bearer(stack.admin_key)) as http:
        page = http.get("/v1/memories", params={"limit": 2}).json()
        assert _body(page["next_cursor"]) == {"t": page["items"][-1]["created_at"].replace("Z", "+00:00"),
                                              "i": ids[1]}  # fmt: skip
        rest = http.get("/v1/memories", params={"limit": 2, "cursor": page["next_cursor"]}).json()
        assert [m["id"] for m in rest["items"]] == [ids[0]] and rest["next_cursor"] is None
        entities = http.get("/v1/entities", params={"limit": 1}).json()
        assert set(_body(entities["next_cursor"])) == {"t", "i"}
        old = http.get("/v1/entities", params={"cursor": _cursor({"t": "2999-01-01T00:00:00+00:00", "s": 3})})
        assert old.status_code == 422 and "earlier version" in old.json()["error"]["message"]
    stack.mem.close()
