"""An id memlane makes (a memory's, an entity's, a consolidation run's) never has a '/' and is never '.'
or '..' (``ids.check_made_id``): such an id is refused in one message on every surface. The embedded SDK
answered "no memory 'a/b' visible to alice" (an unknown id), the remote SDK "'a/b' cannot be sent in a
URL path" (it cannot put it in /v1/memories/ID) for the same call."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from memlane import InvalidInput, Memlane
from servers import Stack, running


def _calls(client: Any, value: str) -> dict[str, Callable[[], Any]]:
    return {
        "get": lambda: client.get(value),
        "history": lambda: client.history(value),
        "archive": lambda: client.archive(value),
        "restore": lambda: client.restore(value),
        "forget": lambda: client.forget(value),
        "undo_consolidation_run": lambda: client.undo_consolidation_run(value),
        "entities.get": lambda: client.entities.get(value),
        "entities.edges": lambda: client.entities.edges(value),
        "entities.memories": lambda: client.entities.memories(value),
        "entities.about": lambda: client.entities.about(value),
        "entities.link": lambda: client.entities.link("0190c0de-0000-7000-8000-000000000000", value),
        "entities.relate": lambda: client.entities.relate(
            value, "works_at", "0190c0de-0000-7000-8000-000000000001"
        ),
    }


def _refusals(client: Any, value: str) -> dict[str, str]:
    said = {}
    for name, call in _calls(client, value).items():
        with pytest.raises(InvalidInput) as refused:
            call()
        said[name] = str(refused.value)
    return said


@pytest.mark.parametrize("value", ["a/b", "..", ".", "/"])
def test_an_id_with_a_slash_is_refused_alike_embedded_and_remote(stack: Stack, value: str) -> None:
    embedded = _refusals(stack.mem, value)
    with running(stack.app()) as url:
        remote = Memlane.connect(url, api_key=stack.admin_key)
        try:
            over_http = _refusals(remote, value)
        finally:
            remote.close()
    assert over_http == embedded
    name = {"entities.relate": "src", "undo_consolidation_run": "run_id"}
    for call, said in embedded.items():
        field = name.get(call, "entity_id" if call.startswith("entities.") else "memory_id")
        assert (
            said == f"{field}: {value!r} is no id memlane gives (its ids have no '/' and are not '.' or '..')"
        )
