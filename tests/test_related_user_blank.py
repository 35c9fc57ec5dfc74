"""A blank ``related_user`` ("", " ", a tab) is none: the memory is the caller's own, on every surface and
both backends, as a blank subject or space is none. " " was kept and then failed while linking, as the
external id "user: " (a ValueError from the embedded SDK, 500 internal_error over REST, for store and
store_many alike)."""

from __future__ import annotations

import httpx
import pytest

from memlane import Memlane
from servers import Stack, bearer, running


@pytest.mark.parametrize("blank", ["", " ", "\t", " \n "])
def test_a_blank_related_user_is_the_callers_own(stack: Stack, blank: str) -> None:
    mem = stack.mem
    one = mem.store("Ana prefers aisle seats", related_user=blank)
    (many,) = mem.store_many([{"content": "Ana drinks green tea", "related_user": blank}])
    with running(stack.app()) as url, httpx.Client(base_url=url, headers=bearer(stack.admin_key)) as client:
        answer = client.post("/v1/memories", json={"content": "Ana cycles to work", "related_user": blank})
        assert answer.status_code == 200, answer.text
        remote = Memlane.connect(url, api_key=stack.admin_key)
        try:
            over_sdk = remote.store("Ana reads on the train", related_user=blank)
        finally:
            remote.close()
    ids = [one.id, many.id, answer.json()["id"], over_sdk.id]
    assert [mem.get(i).related_user for i in ids] == ["alice"] * 4
    assert {m.id for m in mem.list_recent(related_user="alice")} == set(ids)
