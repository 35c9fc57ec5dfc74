"""``AsyncMemlane.connect``: the remote SDK on httpx's async client, against a real server on loopback;
and the key check both remote clients make before sending anything."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest

from memlane import AsyncMemlane, AsyncRemoteMemlane, ConfigError, Memlane, UnknownMemory
from servers import Stack, make_stack, running


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[Stack]:
    s = make_stack(tmp_path / "async-remote.db")
    yield s
    s.mem.close()


def test_async_connect_has_the_sync_clients_methods_and_results(stack: Stack) -> None:
    async def main(url: str) -> None:
        async with AsyncMemlane.connect(url, api_key=stack.admin_key) as remote:
            assert isinstance(remote, AsyncRemoteMemlane)
            red = await remote.store("Dr. Okafor prescribed the red inhaler", source="async")
            blue = await remote.store("Dr. Okafor prescribed the blue inhaler")
            assert [s.id for s in blue.superseded] == [red.id]
            batch = await remote.store_many(["Ana likes figs", {"content": "Ben likes plums"}], space="fruit")
            assert [r.status for r in batch] == ["stored", "stored"]

            with Memlane.connect(url, api_key=stack.admin_key) as sync:
                assert await remote.get(red.id) == sync.get(red.id)
                assert await remote.history(blue.id) == sync.history(blue.id)
                hits = await remote.recall("what did Dr. Okafor prescribe")
                assert [h.id for h in hits] == [h.id for h in sync.recall("what did Dr. Okafor prescribe")]
                assert [h.id for h in hits] == [blue.id]
                found = await remote.search("figs", space="fruit", min_score=0.0)
                assert found[0].content == "Ana likes figs"
                assert [m.id for m in await remote.list_recent(5)] == [m.id for m in sync.list_recent(5)]
            assert (await remote.archive(blue.id)).state == "archived"
            assert (await remote.restore(blue.id)).state == "new"
            assert (await remote.reindex()).embedded == 0
            preview = await remote.forget(query="inhaler", dry_run=True)
            assert preview.dry_run and set(preview.deleted) == {red.id, blue.id}
            assert set((await remote.forget(red.id)).deleted) == {red.id, blue.id}
            with pytest.raises(UnknownMemory):  # the same exception classes as the embedded SDK
                await remote.get(red.id)

    with running(stack.app()) as url:
        anyio.run(main, url)
    assert [m.content for m in stack.mem.list_recent(5)] == []  # the fruit went to its own space
    assert {m.content for m in stack.mem.list_recent(5, space="fruit")} == {
        "Ana likes figs",
        "Ben likes plums",
    }


@pytest.mark.parametrize("connect", [Memlane.connect, AsyncMemlane.connect])
@pytest.mark.parametrize(("key", "shown"), [("ml_…", "'…' (U+2026) at position 4"),
                                              ("ml_ab cd", "U+0020 at position 6")])  # fmt: skip
def test_a_key_that_cannot_be_one_is_refused_before_sending(connect, key: str, shown: str) -> None:
    with pytest.raises(ConfigError) as caught:
        connect("http://127.0.0.1:9", api_key=key)  # nothing listens there: nothing is sent
    assert shown in str(caught.value) and "placeholder" in str(caught.value)
