"""Text that no backend stores is refused alike, before anything is written (red-team findings).

- The NUL character: SQLite kept it, PostgreSQL's text and jsonb refuse it, so the same request was
  stored on one backend and a 503 ``storage_error`` on the other.
- A lone surrogate (JSON's ``"\\ud800"`` decodes to one): in ``data`` SQLite kept it and PostgreSQL
  failed with a 503; in a conversation message both failed with an internal error.
- Content of only punctuation or invisible characters (``"?"``, ``"..."``, a zero-width space) has an
  empty duplicate key: the second such memory came back as a ``duplicate`` of the first and was lost.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from backends import count_rows
from memlane import InvalidInput, Memlane
from servers import Stack, bearer, running

#: (store fields, the field the error names)
UNSTORABLE: list[tuple[dict[str, Any], str]] = [
    ({"content": "the door number is 4\x0012"}, "content: the NUL character"),
    ({"content": "door", "data": {"code": "4\x0012"}}, "data.code: the NUL character"),
    ({"content": "door", "data": {"co\x00de": 1}}, "data (a key): the NUL character"),
    ({"content": "door", "data": {"code": ["ok", "\udfff"]}}, "data.code[1]: a lone surrogate (U+DFFF)"),
    ({"content": "door", "provenance": {"url": "https://x\x00"}}, "provenance.url: the NUL character"),
    ({"content": "door", "source": "cli\x00"}, "source: the NUL character"),
    ({"content": "door", "space": "home\x00"}, "space: the NUL character"),
    ({"content": "door", "subject": "Ana\x00"}, "the NUL character"),
    ({"content": "door", "related_user": "bo\x00b"}, "related_user: the NUL character"),
    # not JSON: SQLite kept NaN and read it back (REST answers could not hold it; jsonb refuses it), a
    # key 1 read back as "1", bytes or a set failed with a TypeError from deep in the store
    ({"content": "door", "data": {"width": float("nan")}}, "data.width: NaN and Infinity are not JSON"),
    ({"content": "door", "provenance": {"at": [1.0, float("-inf")]}}, "provenance.at[1]: NaN and Infinity"),
    ({"content": "door", "data": {"floors": {1: "lobby"}}}, "data.floors: a key must be text, not int"),
    ({"content": "door", "data": {"raw": b"\x01"}}, "data.raw: a bytes is not a JSON value"),
    ({"content": "door", "data": {"codes": {4, 12}}}, "data.codes: a set is not a JSON value"),
]


@pytest.mark.parametrize(("fields", "named"), UNSTORABLE)
def test_text_no_backend_stores_is_refused_before_anything_is_written(
    mem: Memlane, db_path: Path | str, fields: dict[str, Any], named: str
) -> None:
    with pytest.raises(InvalidInput) as refused:
        mem.store(**fields)
    assert named in str(refused.value)
    with pytest.raises(InvalidInput, match="item 1: "):  # a batch: all or nothing
        mem.store_many(["the gate code is 7", fields])
    assert count_rows(db_path, "memories") == 0


def test_conversation_and_record_text_no_backend_stores_is_refused(mem: Memlane, db_path: Path | str) -> None:
    with pytest.raises(InvalidInput, match=r"messages\[1\]\.text: the NUL character"):
        mem.conversations.append("c1", [{"role": "user", "text": "hi"}, {"role": "user", "text": "a\x00"}])
    with pytest.raises(InvalidInput, match=r"messages\[0\]\.text: a lone surrogate \(U\+D800\)"):
        mem.conversations.append("c1", [{"role": "user", "text": "hi \ud800"}])
    with pytest.raises(InvalidInput, match="record.name: the NUL character"):
        mem.anchor({"kind": "contact", "system": "hubspot", "id": "7", "name": "Eve\x00 Smith"})
    assert mem.conversations.list() == [] and mem.entities.list() == []
    assert count_rows(db_path, "conversation_messages") == 0


def test_content_of_only_punctuation_or_invisible_characters_is_refused(mem: Memlane) -> None:
    for content in ("?", "...", "\u200b", "—!", "\u200b\u200d."):
        with pytest.raises(InvalidInput, match="content: must say something"):
            mem.store(content)
    assert mem.list_recent(10) == []
    # symbols are content: two emoji are two memories, not one and a duplicate
    first, second = mem.store("🦊"), mem.store("🍕")
    assert (first.status, second.status) == ("stored", "stored") and first.id != second.id


def test_rest_refuses_it_with_422_on_both_backends(stack: Stack) -> None:
    with running(stack.app()) as url, httpx.Client(base_url=url, headers=bearer(stack.admin_key)) as client:
        for body in (
            '{"content": "a\\u0000b"}',
            '{"content": "door", "data": {"k": "\\udfff"}}',
            '{"content": "door", "provenance": {"k\\u0000": 1}}',
            '{"content": "?"}',
        ):
            answer = client.post("/v1/memories", content=body, headers={"Content-Type": "application/json"})
            assert answer.status_code == 422, (body, answer.text)
            assert answer.json()["error"]["code"] == "invalid_input"
        messages = '{"messages": [{"role": "user", "text": "hi \\ud800"}]}'
        answer = client.post("/v1/conversations/c1/messages", content=messages,
                             headers={"Content-Type": "application/json"})  # fmt: skip
        assert answer.status_code == 422 and answer.json()["error"]["code"] == "invalid_input"
        assert client.get("/v1/memories").json()["items"] == []
        assert client.get("/health").json()["status"] == "ok"  # a refused input is not a database failure


NOT_JSON = [
    (f, named) for f, named in UNSTORABLE if any(w in named for w in ("NaN", "JSON", "key must be text"))
]


def test_the_remote_sdk_refuses_what_is_not_json_as_the_embedded_one_does(
    stack: Stack, db_path: Path | str
) -> None:
    """On the wire bytes became text, a set a list and a key 1 the key "1" (stored changed, where the
    embedded SDK refuses them), and NaN failed in the JSON encoder with a ValueError."""
    assert len(NOT_JSON) == 5
    with running(stack.app()) as url:
        remote = Memlane.connect(url, api_key=stack.admin_key)
        for fields, named in NOT_JSON:
            with pytest.raises(InvalidInput) as refused:
                remote.store(**fields)
            assert named in str(refused.value)
            with pytest.raises(InvalidInput, match="item 1: "):  # numbered from 0, as embedded and REST
                remote.store_many(["the gate code is 7", fields])
        remote.close()
    assert count_rows(db_path, "memories") == 0
