"""A batch's bad ``defaults`` are named as themselves (``defaults.importance: must be at most 1``) by the
embedded SDK, the remote SDK and the REST API alike: the SDK said ``item 0: importance: …`` and kept a
``content`` default, REST said ``item 0: type: …`` for the fields the service checks. An unknown
consolidation run or memory to undo is answered for the caller (``visible to alice``) or, for the
store's operator (embedded, no user), for the whole store: it said ``visible to memlane``."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from memlane import InvalidInput, Memlane, NotFound, UnknownMemory
from servers import bearer, make_stack, running

UNKNOWN = "01a2456a-0000-7000-8000-000000000000"
BAD = {
    "importance": (5, "defaults.importance: must be at most 1"),
    "type": ("x", "defaults.type: must be one of 'fact', "),
    "owner": ("bogus", "defaults.owner: expected 'user:<name>'"),
    "content": ("x", "defaults.content: is not a known field"),
}


def test_bad_defaults_and_unknown_undos_one_answer(tmp_path: Path) -> None:
    stack = make_stack(tmp_path / "d.db")
    mem = stack.mem
    items = [{"content": "Ana likes green tea"}]
    try:
        with running(stack.app()) as url, httpx.Client(base_url=url, headers=bearer(stack.admin_key)) as http:
            with Memlane.connect(url, api_key=stack.admin_key) as remote:
                for field, (value, said) in BAD.items():
                    for sdk in (mem, remote):
                        with pytest.raises(InvalidInput) as refused:
                            sdk.store_many(items, **{field: value})
                        assert str(refused.value).startswith(said), (field, sdk, str(refused.value))
                    r = http.post("/v1/memories/batch", json={"items": items, "defaults": {field: value}})
                    assert r.status_code == 422 and r.json()["error"]["message"].startswith(said), r.text
            assert mem.list_recent() == []
            with pytest.raises(NotFound, match=f"^no consolidation run '{UNKNOWN}' in this store$"):
                mem.undo_consolidation_run(UNKNOWN)
            with pytest.raises(UnknownMemory, match=f"^no memory '{UNKNOWN}' in this store$"):
                mem.undo_consolidation(UNKNOWN)
            with pytest.raises(NotFound, match=f"^no consolidation run '{UNKNOWN}' visible to alice$"):
                mem.undo_consolidation_run(UNKNOWN, user="alice")
            r = http.post(f"/v1/consolidate/runs/{UNKNOWN}/undo")
            assert r.json()["error"]["message"] == f"no consolidation run '{UNKNOWN}' visible to alice"
    finally:
        mem.close()


def test_a_bad_replaces_default_is_named_as_a_default(tmp_path: Path) -> None:
    """What the transaction finds wrong with a ``replaces`` (no such memory, another owner or visibility)
    is ``defaults.replaces: …`` when the batch's defaults gave it, ``item 1: replaces: …`` when the item
    did, on the SDKs and REST alike: both said ``replaces: …``, the only default named without its place."""
    stack = make_stack(tmp_path / "d.db")
    mem = stack.mem
    mine = mem.store("Ana likes tea").id
    items = [{"content": "Ana likes green tea"}]
    cases = [  # (defaults, items, error, message)
        ({"replaces": UNKNOWN}, items, UnknownMemory, f"defaults.replaces: no memory '{UNKNOWN}' visible to alice"),
        ({"replaces": mine, "visibility": "shared"}, items, InvalidInput,
         f"defaults.replaces: {mine} is personal and owned by user:alice; a new version must keep"),
        ({"replaces": mine}, [items[0], {"content": "Bo likes coffee", "replaces": UNKNOWN}], UnknownMemory,
         f"item 1: replaces: no memory '{UNKNOWN}' visible to alice"),
    ]  # fmt: skip
    try:
        with (
            running(stack.app()) as url,
            httpx.Client(base_url=url, headers=bearer(stack.admin_key)) as http,
            Memlane.connect(url, api_key=stack.admin_key) as remote,
        ):
            for defaults, batch, error, said in cases:
                for sdk in (mem, remote):
                    with pytest.raises(error) as refused:
                        sdk.store_many(batch, **defaults)
                    assert str(refused.value).startswith(said), (sdk, str(refused.value))
                r = http.post("/v1/memories/batch", json={"items": batch, "defaults": defaults})
                assert r.json()["error"]["message"].startswith(said), r.text
        assert [m.id for m in mem.list_recent()] == [mine]  # (nothing written)
    finally:
        mem.close()
