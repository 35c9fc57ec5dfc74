"""A lone surrogate sent as JSON (``"\\ud800"``, which no UTF-8 can hold) is refused over REST in the SDK's
words, ``content: a lone surrogate (U+D800) is not Unicode text``: the REST API answered in
pydantic's (``content: Input should be a valid string, unable to parse raw data as a unicode string``).
Nothing is stored."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from memlane import InvalidInput
from servers import bearer, make_stack, running

BODIES = {
    "content": '{"content": "Ana keeps goats\\ud800"}',
    "source": '{"content": "Ana keeps goats", "source": "\\udc00form"}',
    "data.k": '{"content": "Ana keeps goats", "data": {"k": "\\ud800"}}',
}


def test_one_message_for_a_lone_surrogate(tmp_path: Path) -> None:
    db = tmp_path / "surrogates.db"
    stack = make_stack(db)
    with pytest.raises(InvalidInput) as refused:
        stack.mem.store("Ana keeps goats\ud800")
    assert str(refused.value) == "content: a lone surrogate (U+D800) is not Unicode text"
    said = {
        "content": str(refused.value),
        "source": "source: a lone surrogate (U+DC00) is not Unicode text",
        "data.k": "data.k: a lone surrogate (U+D800) is not Unicode text",
    }
    with running(stack.app()) as url:
        headers = {**bearer(stack.admin_key), "content-type": "application/json"}
        for field, body in BODIES.items():
            r = httpx.post(f"{url}/v1/memories", content=body, headers=headers, timeout=120)
            assert (r.status_code, r.json()["error"]) == (
                422,
                {"code": "invalid_input", "message": said[field]},
            )
    assert stack.mem.list_recent() == []
    stack.mem.close()
