"""A number's bounds (``limit``, ``offset``, ``hops``, ``min_score``, ``batch``) are one rule, the
service's (``requests.check_integer`` / ``check_number``): the REST API declares them in its OpenAPI
schema but no longer enforces them with limits of its own, which answered first in other words
("query.limit: must be at least 1" where the embedded SDK says "limit: must be an integer between 1 and
1,000") and with other bounds (an offset above 10,000,000 was refused over REST, taken by the SDK).
So is "not empty" for an entity search's or lookup's name, a relation and a list of messages: the
REST API answered "query.q: must not be empty", "relation: must not be empty", "messages: must have
at least 1 item" where the service says what is wanted."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from memlane import InvalidInput, Memlane
from servers import Stack, bearer, running

_A, _B = "0190c0de-0000-7000-8000-000000000000", "0190c0de-0000-7000-8000-000000000001"


def _calls(c: Any) -> dict[str, Callable[[], Any]]:
    e = c.entities
    return {
        "recall limit 0": lambda: c.recall("tea", limit=0),
        "recall limit 1001": lambda: c.recall("tea", limit=1001),
        "recall min_score 2": lambda: c.recall("tea", min_score=2),
        "search min_score -1": lambda: c.search("tea", min_score=-1),
        "list limit 0": lambda: c.list_recent(0),
        "list offset -1": lambda: c.list_recent(5, offset=-1),
        "forget min_score 2": lambda: c.forget(query="tea", min_score=2),
        "entities limit 0": lambda: e.list(limit=0),
        "entities search limit 0": lambda: e.search("Ana", limit=0),
        "entities lookup hops 2": lambda: e.lookup("Ana", hops=2),
        "entities lookup limit 0": lambda: e.lookup("Ana", limit=0),
        "merges limit 0": lambda: e.merges(limit=0),
        "conversation limit 0": lambda: c.conversations.show("c1", limit=0),
        "conversations limit 1001": lambda: c.conversations.list(limit=1001),
        "entities search blank": lambda: e.search(""),
        "entities lookup blank": lambda: e.lookup(""),
        "relate blank relation": lambda: e.relate(_A, "", _B),
        "append no messages": lambda: c.conversations.append("c1", []),
        "extract no messages": lambda: c.extract([]),
    }


def _refusals(client: Any) -> dict[str, str]:
    said = {}
    for name, call in _calls(client).items():
        with pytest.raises(InvalidInput) as refused:
            call()
        said[name] = str(refused.value)
    return said


def test_a_bound_is_refused_in_one_message_embedded_and_remote(stack: Stack) -> None:
    embedded = _refusals(stack.mem)
    with running(stack.app()) as url:
        remote = Memlane.connect(url, api_key=stack.admin_key)
        try:
            over_http = _refusals(remote)
        finally:
            remote.close()
    assert over_http == embedded
    assert embedded["recall limit 0"] == "limit: must be an integer between 1 and 1,000"
    assert embedded["recall min_score 2"] == "min_score: must be a number between 0 and 1"
    assert embedded["entities search blank"] == "query: must be a non-empty name or external id"
    assert embedded["append no messages"] == "messages: the list is empty"


def test_rest_declares_the_bounds_and_the_service_enforces_them(stack: Stack) -> None:
    stack.mem.store("Ana drinks green tea")
    with running(stack.app()) as url, httpx.Client(base_url=url, headers=bearer(stack.admin_key)) as client:
        refused = client.get("/v1/memories", params={"limit": 0})
        assert refused.status_code == 422
        assert refused.json()["error"]["message"] == "limit: must be an integer between 1 and 1,000"
        assert client.get("/v1/memories", params={"offset": 20_000_000}).json()["items"] == []
        spec = client.get("/openapi.json").json()
        params = {p["name"]: p["schema"] for p in spec["paths"]["/v1/memories"]["get"]["parameters"]}
        assert (params["limit"]["minimum"], params["limit"]["maximum"]) == (1, 1000)
        recall = spec["components"]["schemas"]["RecallBody"]["properties"]
        assert (recall["min_score"]["minimum"], recall["min_score"]["maximum"]) == (0, 1)


def _not_numbers(c: Any) -> dict[str, Callable[[], Any]]:
    e = c.entities
    return {
        "list limit abc": lambda: c.list_recent("abc"),
        "list offset 1.5": lambda: c.list_recent(5, offset=1.5),
        "list include_history maybe": lambda: c.list_recent(5, include_history="maybe"),
        "recall limit x": lambda: c.recall("tea", limit="x"),
        "entities limit abc": lambda: e.list(limit="abc"),
        "entities page limit true": lambda: e.page(limit=True),
        "merges limit x": lambda: e.merges(limit="x"),
        "lookup hops x": lambda: e.lookup("Ana", hops="x"),
        "conversations limit x": lambda: c.conversations.list(limit="x"),
    }


def test_a_number_or_flag_of_no_kind_is_refused_in_one_message(stack: Stack) -> None:
    """A limit, offset or hops that is no integer and a flag that is no flag: the REST API's parser said
    ``query.limit: must be an integer`` and ``query.include_history: must be true or false``, so the
    remote SDK answered otherwise than the embedded one (``limit: must be an integer between 1 and
    1,000``); now the service's words, with the route's declared bounds."""
    said = {}
    for name, call in _not_numbers(stack.mem).items():
        with pytest.raises(InvalidInput) as refused:
            call()
        said[name] = str(refused.value)
    with running(stack.app()) as url:
        with Memlane.connect(url, api_key=stack.admin_key) as remote:
            for name, call in _not_numbers(remote).items():
                with pytest.raises(InvalidInput) as refused:
                    call()
                assert str(refused.value) == said[name], name
        r = httpx.get(f"{url}/v1/memories", params={"limit": "many"}, headers=bearer(stack.admin_key))
        assert (r.status_code, r.json()["error"]["message"]) == (422, said["list limit abc"])
    assert said["list include_history maybe"] == "include_history: must be true or false"
    assert said["lookup hops x"] == "hops: must be an integer between 0 and 1"
