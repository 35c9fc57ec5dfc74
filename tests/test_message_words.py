"""A bad message of a conversation (``conversations.append``, ``extract``) is refused in plain words, as
the REST API and the MCP server say it (``messages.problem``), not in pydantic's ("Input should be …",
"Field required", "Extra inputs are not permitted"), with nothing logged."""

from __future__ import annotations

from typing import Any

import pytest

from memlane import InvalidInput, Memlane

CASES = [
    ({"role": "robot", "text": "hi"}, "messages[0].role: must be one of 'user', 'assistant' or 'tool'"),
    ({"role": "user", "text": 5}, "messages[0].text: must be a string"),
    ({"role": "user", "text": "hi", "colour": 1}, "messages[0].colour: is not a known field"),
    ({"text": "hi"}, "messages[0].role: is required"),
    ({"role": "tool", "text": "hi", "result": "ok"}, "messages[0].result: must be an object"),
]


@pytest.mark.parametrize(("message", "said"), CASES)
def test_a_bad_message_is_refused_in_plain_words(mem: Memlane, message: dict[str, Any], said: str) -> None:
    for call in (lambda: mem.conversations.append("c1", [message]), lambda: mem.extract([message])):
        with pytest.raises(InvalidInput) as refused:
            call()
        assert str(refused.value) == said
    assert mem.conversations.list() == []
