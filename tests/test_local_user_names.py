"""The embedded SDK's ``user=`` (and so the CLI's ``--user`` and MCP over stdio's ``MEMLANE_USER``) is
checked as a key's user and ``X-Memlane-User`` are (``auth.check_user``): it was taken as given, so
" alice", a tab, a NUL or a 5,000-character name filed memories under an owner no key, header or other
surface can name (SQLite even kept "user:bob\\x00"), and a lone surrogate failed in the store's encoder.
Refused in the same words as over REST, before anything is written, on both backends."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from backends import count_rows
from cli_runner import invoke
from memlane import InvalidInput, Memlane
from servers import bearer, make_stack, running

LONE = "\ud800"


@pytest.mark.parametrize("user", [" alice", "alice ", "x\ty", "bob\x00", LONE, "a" * 201, "\n"])
def test_the_embedded_sdks_user_is_checked_as_a_keys_is(db_path: Path | str, user: str) -> None:
    stack = make_stack(db_path)
    with pytest.raises(InvalidInput) as embedded:
        stack.mem.store("Ana keeps goats", user=user)
    with pytest.raises(InvalidInput):
        stack.mem.list_recent(user=user)
    assert str(embedded.value).startswith("user: ")
    assert stack.mem.list_recent(user="alice") == []
    assert count_rows(db_path, "memories") == 0
    if user == "a" * 201:  # (what an HTTP header can carry: the same words from the REST API)
        with running(stack.app()) as url:
            r = httpx.post(f"{url}/v1/memories", json={"content": "Ana keeps goats"},
                           headers=bearer(stack.admin_key, user))  # fmt: skip
            assert (r.status_code, r.json()["error"]["message"]) == (422, str(embedded.value))
    stack.mem.close()


def test_the_clis_user_is_checked(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    Memlane(db, user="alice", embedder="none").close()
    who = invoke(["memory", "list", "--db", str(db), "--embedder", "none", "--user", " alice"])
    assert who.returncode == 1
    assert who.stderr.strip() == "error: user: ' alice' is not a valid name (1-200 printable characters)"
