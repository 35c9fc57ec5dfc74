"""A stored JSON value (a memory's ``data`` and ``provenance``, an edge's provenance, an anchored record,
a tool message's ``result``) nests at most ``limits.MAX_JSON_DEPTH`` (100) levels of lists and objects,
refused past it in one message on every surface. Before, a value 256 levels deep was stored, then broke
every read that rendered it ("Circular reference detected (depth exceeded)": the export, the REST
answer of every page holding it, for every reader of a shared one), and one ~1,000 levels deep crashed
the store with a RecursionError (the CLI and the REST API's JSON parser too: a traceback, "There was an
error parsing the body")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from memlane import InvalidInput, Memlane
from memlane.limits import MAX_JSON_DEPTH
from servers import Stack, bearer, make_stack, running
from test_cli import run

SAID = f"lists and objects nested more than {MAX_JSON_DEPTH} levels deep"


def nested(levels: int) -> Any:
    """An object ``levels`` deep: lists and objects in turn, the outermost an object."""
    value: Any = "end"
    for i in range(levels - 1):
        value = {"k": value} if i % 2 else [value]
    return {"k": value}


def nested_text(levels: int) -> str:
    return '{"k": ' + "[" * (levels - 1) + "1" + "]" * (levels - 1) + "}"


@pytest.fixture
def stack(tmp_path: Path) -> Any:
    s = make_stack(tmp_path / "depth.db")
    yield s
    s.mem.close()


def test_the_bound_reads_back_everywhere_and_one_more_level_is_refused(stack: Stack) -> None:
    mem = stack.mem
    kept = mem.store(
        "The deepest config we keep", data=nested(MAX_JSON_DEPTH), provenance=nested(MAX_JSON_DEPTH)
    )
    a = mem.anchor({"kind": "contact", "system": "crm", "id": "1", "name": "Dana Whitfield"})
    b = mem.anchor({"kind": "contact", "system": "crm", "id": "2", "name": "Ana Lopez"})
    too_deep = nested(MAX_JSON_DEPTH + 1)
    refusals = {
        "data": lambda: mem.store("A config too deep", data=too_deep),
        "provenance": lambda: mem.store("A config too deep", provenance=too_deep),
        "item 0: data": lambda: mem.store_many([{"content": "A config too deep", "data": too_deep}]),
        "provenance ": lambda: mem.entities.relate(a.id, "knows", b.id, provenance=too_deep),
        "messages[0].result": lambda: mem.conversations.append(
            "c1", [{"role": "tool", "tool": "crm", "text": "x", "result": too_deep}]
        ),
        "record": lambda: mem.anchor(
            {"kind": "contact", "system": "crm", "id": "3", "name": "Bo", "x": too_deep}
        ),
    }
    for field, call in refusals.items():
        with pytest.raises(InvalidInput) as refused:
            call()
        assert str(refused.value).endswith(f"{field.strip()}: {SAID}"), (field, str(refused.value))
    assert [m.id for m in mem.list_recent()] == [kept.id] and mem.entities.edges(a.id) == []
    assert mem.conversations.list() == []
    assert len(list(mem.export())) > 1  # (before: a value 256 deep broke the export)
    with running(stack.app()) as url, httpx.Client(base_url=url, headers=bearer(stack.admin_key)) as http:
        got = http.get(f"/v1/memories/{kept.id}")
        assert got.status_code == 200 and got.json()["data"] == nested(MAX_JSON_DEPTH)
        assert http.get("/v1/memories").status_code == 200


def test_deeper_than_pythons_parser_is_refused_in_the_same_words(stack: Stack, tmp_path: Path) -> None:
    deep = 5000  # past Python's recursion limit: the checks must not recurse that far
    with pytest.raises(InvalidInput, match=f"^data: {SAID}$"):
        stack.mem.store("A config too deep", data=json.loads('{"k": ' + "[" * 50 + "1" + "]" * 50 + "}")
                        | {"deep": nested(MAX_JSON_DEPTH * 3)})  # fmt: skip
    with running(stack.app()) as url:
        with Memlane.connect(url, api_key=stack.admin_key) as remote, pytest.raises(InvalidInput) as refused:
            remote.store("A config too deep", data=nested(MAX_JSON_DEPTH + 1))
        assert str(refused.value) == f"data: {SAID}"
        body = '{"content": "A config too deep", "data": ' + nested_text(deep) + "}"
        r = httpx.post(f"{url}/v1/memories", content=body, timeout=60,
                       headers={**bearer(stack.admin_key), "Content-Type": "application/json"})  # fmt: skip
        assert (r.status_code, r.json()["error"]) == (
            422,
            {"code": "invalid_input", "message": f"body: {SAID}"},
        )
    out = run(
        tmp_path / "cli.db", "memory", "store", "A config too deep", "--data", nested_text(deep), check=False
    )
    assert out.returncode == 1 and out.stderr.strip() == f"error: data: {SAID}", out.stderr[-300:]
    assert stack.mem.list_recent() == []


def test_an_import_too_deep_for_the_parser_is_refused_not_a_crash(tmp_path: Path) -> None:
    """A memlane export's line, or a vendor's small JSON file, nested past Python's parser: a
    RecursionError out of the import before; now the bound's words, and nothing imported."""
    from export_fixtures import zip_bytes

    with Memlane(tmp_path / "import.db", user="alice", embedder="none") as mem:
        mem.store("The espresso machine is descaled monthly", data={"a": 1})
        lines = [json.loads(line) for line in mem.export()]
        restored = [
            json.dumps(line) if "memory" not in line else
            json.dumps({"memory": {**line["memory"], "data": "DEEP"}}).replace('"DEEP"', nested_text(5000))
            for line in lines
        ]  # fmt: skip
        with pytest.raises(InvalidInput, match=f"^input line 2: {SAID}; nothing was imported$"):
            mem.import_file("\n".join(restored).encode(), format="memlane")
        deep = b'{"memories": ' + b"[" * 5000 + b"]" * 5000 + b"}"
        with pytest.raises(InvalidInput, match=f"^memories.json: {SAID}; nothing was imported$"):
            mem.import_file(zip_bytes({"memories.json": deep}))
        assert len(mem.list_recent()) == 1
