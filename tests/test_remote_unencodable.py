"""Text with no UTF-8 (a lone surrogate: "\\ud800") given to the remote SDK is refused as the embedded SDK
refuses it, in the store's words, instead of failing in httpx's encoder with a UnicodeEncodeError (a
body's field, a query parameter, the acting user's header); both backends, over real HTTP."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from memlane import InvalidInput, Memlane
from servers import Stack, running

LONE = "\ud800"


def _calls(c: Any) -> dict[str, Callable[[], Any]]:
    return {
        "forget": lambda: c.forget(LONE),
        "replaces": lambda: c.store("Ana moved to Braga", replaces=LONE),
        "content": lambda: c.store(f"Ana {LONE} keeps goats"),
        "data": lambda: c.store("Ana keeps goats", data={"note": [LONE]}),
        "merges entity": lambda: c.entities.merges(entity=LONE),
        "user": lambda: c.list_recent(user=LONE),
        "space": lambda: c.list_recent(space=LONE),
        "append text": lambda: c.conversations.append("c1", [{"role": "user", "text": LONE}]),
    }


def test_a_lone_surrogate_is_refused_alike(stack: Stack) -> None:
    said = {}
    for name, call in _calls(stack.mem).items():
        with pytest.raises(InvalidInput) as refused:
            call()
        said[name] = str(refused.value)
    with running(stack.app()) as url, Memlane.connect(url, api_key=stack.admin_key) as remote:
        for name, call in _calls(remote).items():
            with pytest.raises(InvalidInput) as refused:
                call()
            assert str(refused.value) == said[name], name
        # and what the embedded SDK takes is refused, not a crash (the REST API refuses it as JSON)
        for call in (lambda: remote.recall(LONE), lambda: remote.entities.search(LONE)):
            with pytest.raises(
                InvalidInput, match=r"^query: a lone surrogate \(U\+D800\) is not Unicode text$"
            ):
                call()
    assert said["forget"] == "memory_id: a lone surrogate (U+D800) is not Unicode text"
    assert stack.mem.list_recent() == []
