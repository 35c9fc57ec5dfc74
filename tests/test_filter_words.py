"""A memory's ``related_user`` is kept as the caller means it and found the same way: outer spaces
dropped (" kalina " was stored as given, then found only by " kalina ", never by "kalina"), in Unicode
NFC (as every user name); a blank one is none, storing (the caller) as filtering (no filter: a blank
related_user filter matched nothing, where a blank subject filter and "" meant none). A search filter of
no text (a number) or with a NUL was answered per backend: an AttributeError for a subject, nothing on
SQLite and a 503 on PostgreSQL for a space or related_user; now one InvalidInput on both, before any read.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from memlane import InvalidInput, Memlane
from servers import Stack, bearer, running


def test_a_related_user_is_stored_and_found_trimmed_and_in_nfc(mem: Memlane) -> None:
    kalina = mem.store("Kalina prefers oat milk in her tea", type="preference", related_user=" kalina ")
    jose = mem.store("José prefers mint tea", type="preference", related_user="Jose\u0301")
    mine = mem.store("I prefer black tea", type="preference", related_user=" ")
    assert mem.get(kalina.id).related_user == "kalina"
    assert mem.get(jose.id).related_user == "Jos\u00e9"
    assert mem.get(mine.id).related_user == "alice"
    everyone = {kalina.id, jose.id, mine.id}

    def found(**filters: Any) -> set[str]:
        by_search = {h.id for h in mem.search("tea", **filters)}
        assert {m.id for m in mem.list_recent(**filters)} == by_search
        return by_search

    assert found(related_user="kalina") == found(related_user="  kalina ") == {kalina.id}
    assert found(related_user="Jos\u00e9") == found(related_user="Jose\u0301") == {jose.id}
    assert found(related_user=" ") == found(related_user="") == found() == everyone


@pytest.mark.parametrize(
    ("filters", "said"),
    [
        ({"subject": 5}, "subject: must be a string"),
        ({"related_user": 5}, "related_user: must be a string"),
        ({"space": 5}, "space: must be a string"),
        ({"sources": [5]}, "sources[0]: must be a string"),
        ({"sources": ["cli", None]}, "sources[1]: must be a string"),
        ({"related_user": "ka\x00lina"}, "related_user: the NUL character (U+0000) cannot be stored"),
        ({"space": "a\x00"}, "space: the NUL character (U+0000) cannot be stored"),
        ({"subject": "\x00"}, "subject: the NUL character (U+0000) cannot be stored"),
        ({"sources": ["cli", "\x00"]}, "sources[1]: the NUL character (U+0000) cannot be stored"),
    ],
)
def test_a_filter_of_no_text_is_refused_alike_on_both_backends(
    mem: Memlane, filters: dict[str, Any], said: str
) -> None:
    mem.store("tea at five")
    for call in (lambda: mem.search("tea", **filters), lambda: mem.list_recent(**filters)):
        with pytest.raises(InvalidInput) as refused:
            call()
        assert str(refused.value) == said


def test_the_rest_api_says_the_same(stack: Stack) -> None:
    stack.mem.store("tea at five")
    with running(stack.app()) as url:
        for body, said in (
            ({"related_user": 5}, "related_user: must be a string"),
            ({"related_user": "a\x00"}, "related_user: the NUL character (U+0000) cannot be stored"),
            ({"sources": ["\x00"]}, "sources[0]: the NUL character (U+0000) cannot be stored"),
        ):
            r = httpx.post(f"{url}/v1/search", json={"query": "tea", **body}, headers=bearer(stack.admin_key),
                           timeout=120)  # fmt: skip
            assert r.status_code == 422 and r.json()["error"] == {"code": "invalid_input", "message": said}
        r = httpx.post(f"{url}/v1/memories", json={"content": "Kalina likes figs", "related_user": " kalina "},
                       headers=bearer(stack.admin_key), timeout=120)  # fmt: skip
        assert stack.mem.get(r.json()["id"]).related_user == "kalina"


#: a filter the embedded SDK refuses, and what it says; the remote SDK and the REST API say the same
REFUSED: list[tuple[dict[str, Any], str]] = [
    ({"types": ["gossip"]}, "types: 'gossip' is not one of fact, "),
    ({"states": ["gone"]}, "states: 'gone' is not one of new, indexed, archived"),
    ({"related_user": 5}, "related_user: must be a string"),
    ({"subject": 5}, "subject: must be a string"),
    ({"space": 5}, "space: must be a string"),
    ({"sources": [5]}, "sources[0]: must be a string"),
    ({"related_user": "k" * 201}, "related_user: must have at most 200 characters"),
    ({"subject": "s" * 501}, "subject: must have at most 500 characters"),
    ({"space": "s" * 201}, "space: must have at most 200 characters"),
    ({"sources": ["cli", "s" * 201]}, "sources[1]: must have at most 200 characters"),
]


def test_the_remote_sdk_lists_and_searches_with_the_same_refusals(stack: Stack) -> None:
    """The remote SDK's list_recent (GET /v1/memories) sent a number as the text "5" (matching nothing)
    and got the route's own words for a type of no kind (``query.type.0: must be one of …``) or an
    over-long filter (``query.related_user: must have at most 200 characters``), where the embedded SDK
    matched nothing for an over-long one; search said ``sources.0: must be a string``."""
    stack.mem.store("tea at five")

    def said(client: Any, method: str, args: tuple[str, ...], filters: dict[str, Any]) -> str:
        with pytest.raises(InvalidInput) as refused:
            getattr(client, method)(*args, **filters)
        return str(refused.value)

    with running(stack.app()) as url, Memlane.connect(url, api_key=stack.admin_key) as remote:
        for filters, words in REFUSED:
            for method, args in (("list_recent", ()), ("search", ("tea",))):
                embedded = said(stack.mem, method, args, filters)
                assert embedded.startswith(words)
                assert said(remote, method, args, filters) == embedded
        r = httpx.get(f"{url}/v1/memories", params={"type": "gossip", "related_user": "x"},
                      headers=bearer(stack.admin_key), timeout=120)  # fmt: skip
        assert r.status_code == 422 and r.json()["error"]["message"].startswith(
            "types: 'gossip' is not one of"
        )
        listed = httpx.get(f"{url}/openapi.json", timeout=120).json()["paths"]["/v1/memories"]["get"]
        params = {p["name"]: p["schema"] for p in listed["parameters"]}
        assert "fact" in params["type"]["items"]["enum"] and params["related_user"]["maxLength"] == 200


def test_a_blank_replaces_is_none_as_an_empty_one(mem: Memlane) -> None:
    """``replaces=""`` stored the memory (no supersession); ``" "`` was looked up as an id and refused
    as an unknown memory. Both are none now, as a blank subject, space or related_user is."""
    tea = mem.store("Kalina drinks oolong tea every morning")
    for blank, content in (
        ("", "Boris keeps goats"),
        (" ", "Mira paints murals"),
        ("\t", "Oskar fixes bikes"),
    ):
        done = mem.store(content, replaces=blank)
        assert done.status == "stored" and done.superseded == ()
        assert mem.get(done.id).replaces is None
    assert mem.get(tea.id).superseded_by is None
