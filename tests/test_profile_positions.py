"""The conversation log's positions (a profile's ``last_sync_seq``, a sweep's ``from_seq``/``to_seq``,
also in its job run's ``detail``) are store-wide: they number every workspace's messages, so they are
the store's operator's only. Over a key, admin or not, they read as None on every profile and job read,
and no response depends on how many messages another workspace logged (both backends)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from memlane import Memlane
from servers import bearer, make_stack, running

POSITIONS = {"last_sync_seq", "from_seq", "to_seq"}


def positions(value: Any) -> list[Any]:
    """Every log position in a JSON response, wherever it is nested."""
    if isinstance(value, dict):
        return [v for k, v in value.items() if k in POSITIONS] + [
            p for v in value.values() for p in positions(v)
        ]
    if isinstance(value, list):
        return [p for v in value for p in positions(v)]
    return []


@pytest.mark.parametrize("elsewhere", [0, 6])
def test_keys_see_no_log_position_the_operator_does(db_path: Path | str, elsewhere: int) -> None:
    stack = make_stack(db_path)
    with stack.mem, Memlane(db_path, user="zoe", workspace="other", embedder="none") as other:
        for i in range(elsewhere):  # another workspace's messages take positions in the same log
            other.conversations.append(f"z{i}", [{"role": "user", "text": f"Zoe's message number {i}."}])
        stack.mem.conversations.append("c1", [{"role": "user", "text": "Remember that I prefer green tea."}])
        stack.mem.profiles.create("prefs")
        member = stack.key(user="bob")
        with running(stack.app()) as url, httpx.Client(base_url=url, timeout=60) as http:
            ran = http.post("/v1/profiles/prefs/run", headers=bearer(stack.admin_key)).json()
            assert ran["status"] == "succeeded" and ran["added"] == 1
            reads = [ran]
            for key in (member, stack.admin_key):
                reads += [http.get("/v1/profiles", headers=bearer(key)).json(),
                          http.get("/v1/profiles/prefs", headers=bearer(key)).json(),
                          http.post("/v1/profiles/prefs/opt-out", headers=bearer(key)).json()]  # fmt: skip
            reads += [http.get("/v1/jobs", headers=bearer(stack.admin_key)).json(),
                      http.get("/v1/jobs/sweep:prefs", headers=bearer(stack.admin_key)).json(),
                      http.get("/v1/profiles/prefs/log", headers=bearer(stack.admin_key)).json(),
                      http.post("/v1/jobs/sweep:prefs/run", headers=bearer(stack.admin_key)).json()]  # fmt: skip
        found = [p for read in reads for p in positions(read)]
        assert found and set(found) == {None}, reads  # (the fields are there, and say nothing)
        # the operator (the embedded SDK on the database) still sees where the sweep got to
        assert stack.mem.profiles.show("prefs").last_sync_seq == 1 + elsewhere
        (run, *_) = stack.mem.jobs.show("sweep:prefs")[1]
        assert run.detail is not None and run.detail["to_seq"] == 1 + elsewhere
