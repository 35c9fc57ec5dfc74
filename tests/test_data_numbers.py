"""A memory's ``data`` and ``provenance`` read back exactly, numbers included (both backends): PostgreSQL's
``jsonb`` gave a float with an exponent back as an integer (``1e16`` read as ``10000000000000000``, a
Python ``int``), so the same memory read differently on the two backends."""

from __future__ import annotations

import httpx

from memlane import Memlane
from servers import Stack, bearer, running

NUMBERS = {
    "big": 1e16, "huge": 1e22, "max": 1e308, "small": 1e-7, "tiny": 5e-324, "sub": 1.5e-320,
    "two": 2.0, "tenth": 0.1, "sum": 0.1 + 0.2, "neg": -3.5e20, "int": 2**70, "negint": -(2**64),
    "list": [1e16, [2.5e-9, {"deep": 7e30}]], "text": "1e16",
}  # fmt: skip


def _exact(value: object) -> object:
    """The value with each number's type kept (1e16 and 10000000000000000 compare equal in Python)."""
    if isinstance(value, dict):
        return {k: _exact(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_exact(v) for v in value]
    return (type(value).__name__, repr(value))


def test_numbers_in_data_read_back_with_their_type(mem: Memlane) -> None:
    one = mem.store("Numbers of the quarterly model", data=NUMBERS, provenance={"weight": 1e16})
    (many,) = mem.store_many([{"content": "Numbers of the yearly model", "data": NUMBERS}])
    for memory_id in (one.id, many.id):
        got = mem.get(memory_id)
        assert _exact(got.data) == _exact(NUMBERS)
    assert _exact(mem.get(one.id).provenance) == _exact({"weight": 1e16})
    hits = mem.recall("quarterly model numbers")
    assert hits and _exact(hits[0].data) == _exact(NUMBERS)


def test_numbers_in_data_over_rest(stack: Stack) -> None:
    with running(stack.app()) as url, httpx.Client(base_url=url, headers=bearer(stack.admin_key)) as client:
        stored = client.post(
            "/v1/memories", json={"content": "Numbers of the monthly model", "data": NUMBERS}
        )
        assert stored.status_code == 200
        got = client.get(f"/v1/memories/{stored.json()['id']}").json()
        assert _exact(got["data"]) == _exact(NUMBERS)
