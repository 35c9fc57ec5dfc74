"""Two inputs every surface refuses alike, by one rule each (``requests.StoreRequest``, ``ids.check_id``).

- A subject whose name is blank (``{"name": "", "id": ""}``, ``{"name": " ", "id": " "}``, ``{"id": "x",
  "name": ""}``): the SDK stored it and it read back as no subject at all (or as a name of spaces); REST
  refused only the empty name, with a message of its own. A subject given as a blank string stays "no
  subject", as a blank space is no space, on every surface.
- An over-long id or name in a lookup: ``GET /v1/memories/<5,000 characters>`` answered 404 quoting all
  of it back, as did forget, history, archive, restore, keys, users, teams, profiles, jobs, consolidation
  runs, and the SDK's ``store(replaces=…)``. Now invalid input, with a message that does not quote it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

from backends import count_rows, rows
from cli_runner import invoke
from memlane import InvalidInput, Memlane
from servers import Stack, bearer, running
from test_mcp import error_of, http_session

BLANK_SUBJECTS: list[Any] = [
    {"name": "", "id": ""},
    {"name": "   ", "id": " "},
    {"name": ""},
    {"name": "\t", "id": "ana"},
]
REFUSED = "subject: its name must not be blank"
LONG = "y" * 5000


@pytest.mark.parametrize("subject", BLANK_SUBJECTS)
def test_the_sdk_refuses_a_subject_with_a_blank_name(
    mem: Memlane, db_path: Path | str, subject: dict[str, str]
) -> None:
    with pytest.raises(InvalidInput, match=REFUSED):
        mem.store("Ana drinks green tea every morning", subject=subject)
    with pytest.raises(InvalidInput, match=f"item 1: {REFUSED}"):
        mem.store_many(["the gate code is 7", {"content": "Ana drinks tea", "subject": subject}])
    assert count_rows(db_path, "memories") == 0


def test_a_blank_id_beside_a_name_is_the_names_key_and_a_blank_string_is_no_subject(mem: Memlane) -> None:
    stored = mem.get(mem.store("Ana drinks green tea", subject={"name": "Ana Lima", "id": "  "}).id)
    assert stored.subject is not None and (stored.subject.id, stored.subject.name) == ("ana lima", "Ana Lima")
    for blank in ("", "   "):
        assert mem.get(mem.store(f"Bo plays chess{blank}!", subject=blank).id).subject is None


def test_a_subject_stored_with_a_blank_name_before_is_still_restored(
    mem: Memlane, db_path: Path | str, tmp_path: Path
) -> None:
    """One stored before the rule (its name blank) is restored from its export as it was: the rule does
    not lock out what was stored."""
    item = mem.store("Ana reviews the Falcon launch", subject={"id": "crm:7", "name": "Ana Lima"})
    rows(db_path, f"UPDATE memories SET subject_name = '' WHERE id = '{item.id}' RETURNING id")
    lines = list(mem.export())
    with Memlane(tmp_path / "restored.db", user="alice", embedder="none") as other:
        result = other.import_file("\n".join(lines).encode(), format="memlane")
        assert result.imported == 1 and result.skipped_invalid == (), result
        (restored,) = other.list_recent()
        assert restored.subject is not None and (restored.subject.id, restored.subject.name) == ("crm:7", "")


def test_rest_and_the_remote_sdk_refuse_it_with_the_same_message(stack: Stack, db_path: Path | str) -> None:
    with running(stack.app()) as url, httpx.Client(base_url=url, headers=bearer(stack.admin_key)) as client:
        for subject in BLANK_SUBJECTS:
            answer = client.post("/v1/memories", json={"content": "Ana drinks tea", "subject": subject})
            assert answer.status_code == 422, answer.text
            error = answer.json()["error"]
            assert error["code"] == "invalid_input" and error["message"].startswith(REFUSED), error
            batch = client.post("/v1/memories/batch", json={"items": [{"content": "a"}],
                                                             "defaults": {"subject": subject}})  # fmt: skip
            assert batch.status_code == 422 and REFUSED in batch.json()["error"]["message"], batch.text
        remote = Memlane.connect(url, api_key=stack.admin_key)
        try:
            for subject in BLANK_SUBJECTS:
                with pytest.raises(InvalidInput, match=REFUSED):
                    remote.store("Ana drinks tea", subject=subject)
        finally:
            remote.close()
    assert count_rows(db_path, "memories") == 0


def test_a_blank_subject_string_is_no_subject_on_the_cli_and_mcp(stack: Stack, tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    env = {"MEMLANE_DATABASE_URL": str(db), "MEMLANE_EMBEDDER": "none", "MEMLANE_USER": "alice"}
    out = invoke(["memory", "store", "Ana drinks tea", "--subject", " ", "--json"], env)
    assert out.returncode == 0, out.stderr
    with Memlane(db, user="alice", embedder="none") as mem:
        assert mem.get(json.loads(out.stdout)["id"]).subject is None

    async def main(url: str) -> None:
        async with http_session(url, stack.admin_key) as session:
            result = await session.call_tool("memory_store", {"content": "Bo plays chess", "subject": " "})
            assert not result.is_error, result.content
            assert stack.mem.get(result.structured_content["id"]).subject is None

    with running(stack.app()) as url:
        anyio.run(main, url)


def _short(message: str) -> None:
    assert "y" * 60 not in message and len(message) < 200, message[:300]


def test_an_over_long_id_is_refused_without_quoting_it_by_the_sdk(mem: Memlane) -> None:
    calls = {
        "get": lambda: mem.get(LONG),
        "history": lambda: mem.history(LONG),
        "forget": lambda: mem.forget(LONG),
        "archive": lambda: mem.archive(LONG),
        "restore": lambda: mem.restore(LONG),
        "replaces": lambda: mem.store("Ana drinks tea", replaces=LONG),
        "batch replaces": lambda: mem.store_many([{"content": "Ana drinks tea", "replaces": LONG}]),
        "undo": lambda: mem.undo_consolidation(LONG),
        "undo run": lambda: mem.undo_consolidation_run(LONG),
        "entity": lambda: mem.entities.get(LONG),
        "profile": lambda: mem.profiles.show(LONG),
    }
    for name, call in calls.items():
        with pytest.raises(InvalidInput) as refused:
            call()
        assert "too long (5,000 characters;" in str(refused.value), name
        _short(str(refused.value))
    # an id of up to 200 characters is still only unknown (restored foreign ids and names are that long)
    with pytest.raises(InvalidInput, match="no memory"):
        mem.get("y" * 200)


ROUTES = [
    ("GET", "/v1/memories/{}"), ("GET", "/v1/memories/{}/history"), ("DELETE", "/v1/memories/{}"),
    ("POST", "/v1/memories/{}/archive"), ("POST", "/v1/memories/{}/restore"), ("DELETE", "/v1/keys/{}"),
    ("GET", "/v1/users/{}"), ("GET", "/v1/teams/{}"), ("DELETE", "/v1/teams/core/members/{}"),
    ("DELETE", "/v1/teams/{}/members/bob"), ("POST", "/v1/consolidate/runs/{}/undo"),
    ("GET", "/v1/profiles/{}"), ("POST", "/v1/profiles/{}/enable"), ("DELETE", "/v1/profiles/{}"),
    ("GET", "/v1/profiles/{}/log"), ("GET", "/v1/jobs/{}"), ("POST", "/v1/jobs/{}/run"),
    ("POST", "/v1/jobs/sweep:{}/run"), ("GET", "/v1/entities/{}"), ("GET", "/v1/conversations/{}"),
]  # fmt: skip


def test_every_rest_route_taking_an_id_refuses_an_over_long_one_without_quoting_it(stack: Stack) -> None:
    with running(stack.app()) as url, httpx.Client(base_url=url, headers=bearer(stack.admin_key)) as client:
        for method, path in ROUTES:
            answer = client.request(method, path.format(LONG))
            assert answer.status_code == 422, (method, path, answer.status_code)
            assert answer.json()["error"]["code"] == "invalid_input"
            _short(answer.json()["error"]["message"])
        remote = Memlane.connect(url, api_key=stack.admin_key)
        try:
            for call in (remote.get, remote.history, remote.forget, remote.archive):
                with pytest.raises(InvalidInput) as refused:
                    call(LONG)
                _short(str(refused.value))
        finally:
            remote.close()


def test_the_cli_and_mcp_refuse_it_without_quoting_it(stack: Stack, tmp_path: Path) -> None:
    Memlane(tmp_path / "cli.db", user="a", embedder="none").close()
    env = {"MEMLANE_DATABASE_URL": str(tmp_path / "cli.db"), "MEMLANE_EMBEDDER": "none", "MEMLANE_USER": "a"}
    for args in (["memory", "history", LONG], ["memory", "forget", LONG], ["memory", "archive", LONG]):
        out = invoke([*args, "--json"], env)
        assert out.returncode != 0 and "too long (5,000 characters;" in out.stderr + out.stdout, args
        _short(out.stderr + out.stdout)

    async def main(url: str) -> None:
        async with http_session(url, stack.admin_key) as session:
            for tool, arguments in (
                ("memory_history", {"memory_id": LONG}),
                ("memory_forget", {"memory_id": LONG}),
                ("memory_store", {"content": "Ana drinks tea", "replaces": LONG}),
                ("entity_lookup", {"entity_id": LONG}),
                ("profile_show", {"name": LONG}),
                ("job_show", {"name": LONG}),
            ):
                said = await error_of(session, tool, **arguments)
                assert "invalid_input" in said, (tool, said[:300])
                _short(said)

    with running(stack.app()) as url:
        anyio.run(main, url)
