"""A failure kept in a stored result tells a server's client only its kind, never the deployment:
a consolidation report's judge error, a job run's (a profile sweep's) error and a profile's
``last_error``, an import run's error. The store's operator (the embedded SDK or CLI on the database:
the same trust as the server's log) still reads the whole of it. One rule: ``errors.shown_error``.

Before, ``POST /v1/consolidate`` with an LLM judge at a closed port answered
``"error": "LLMError: ... http://127.0.0.1:PORT/v1 ..."``, and an import failing on its database kept
the database's host in the run the dashboard shows.
"""

from __future__ import annotations

import socket
import time
from pathlib import Path

import httpx

from memlane import Memlane
from memlane.api import create_app
from memlane.errors import (
    DETAIL,
    STORAGE_KINDS,
    UNEXPECTED,
    LLMError,
    MemlaneError,
    StorageError,
    recorded,
    shown_error,
)
from memlane.models import Actor, JobRun
from memlane.profiles.positions import shown_run
from memlane.timeutil import now_utc
from servers import bearer, running
from test_consolidation_judge import STATEMENTS


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_the_judges_error_over_rest_names_no_host(tmp_path: Path, local_embedder: object) -> None:
    port = _closed_port()
    environ = {"MEMLANE_HOME": str(tmp_path / "home"), "MEMLANE_CONSOLIDATE_PARAPHRASES": "1",
               "MEMLANE_CONSOLIDATE_JUDGE": "llm", "MEMLANE_LLM": "openai:judge-model",
               "MEMLANE_LLM_URL": f"http://127.0.0.1:{port}/v1", "MEMLANE_LLM_MAX_ATTEMPTS": "1"}  # fmt: skip
    m = Memlane(tmp_path / "m.db", user="alice", embedder=local_embedder, environ=environ)  # type: ignore[arg-type]
    admin = m.service.access.bootstrap("default", "alice")
    assert admin is not None
    try:
        for t in STATEMENTS:
            m.store(t, auto_supersede=False)
        embedded = m.consolidate(dry_run=True)
        with running(create_app(m.service, m.service.access)) as server:
            r = httpx.post(f"{server}/v1/consolidate", headers=bearer(admin.key), timeout=120,
                           json={"dry_run": True})  # fmt: skip
            with Memlane.connect(server, api_key=admin.key) as remote:
                remote_report = remote.consolidate(dry_run=True)
    finally:
        m.close()
    assert embedded.judge is not None and embedded.judge.error is not None
    assert str(port) in embedded.judge.error, "the operator reads what failed"
    assert r.status_code == 200, r.text
    error = r.json()["judge"]["error"]
    assert error == LLMError("x").public, r.text
    assert str(port) not in r.text and "127.0.0.1" not in r.text
    assert remote_report.judge is not None and remote_report.judge.error == error


def test_an_import_failing_on_its_database_keeps_the_host_from_a_key(tmp_path: Path) -> None:
    m = Memlane(tmp_path / "i.db", user="alice", embedder="none")
    secret = "postgresql://db.internal.example:5432/prod"

    def broken(*args: object, **kwargs: object) -> object:
        raise StorageError(f"cannot connect to {secret}")

    m.service.import_batch = broken  # type: ignore[method-assign]
    key_actor = Actor(user="alice", workspace="default", admin=True)
    operator = Actor(user="alice", workspace="default", operator=True)
    try:
        run = m.service.imports.start(b"I live in Porto\n", "text", actor=key_actor)
        deadline = time.monotonic() + 120  # (a bound for a hung thread, not a duration)
        while m.service.imports.get(run.id, actor=key_actor).phase != "failed":
            assert time.monotonic() < deadline
            time.sleep(0.05)
        as_key = m.service.imports.get(run.id, actor=key_actor)
        listed = m.service.imports.list(actor=key_actor)
        as_operator = m.service.imports.get(run.id, actor=operator)
    finally:
        m.close()
    assert as_key.error == STORAGE_KINDS[None] + "; the server's log says why"
    assert all(secret not in (r.error or "") for r in listed)
    assert as_operator.error is not None and secret in as_operator.error


def test_one_rule_for_every_stored_failure() -> None:
    secret = "/srv/deployment/memories.db"
    text = recorded(StorageError(f"disk I/O error on {secret}", kind="full"))
    assert shown_error(text, operator=True) == text and secret in text
    assert shown_error(text, operator=False) == StorageError("", kind="full").public
    assert recorded(ValueError(secret)).startswith(UNEXPECTED + DETAIL)
    assert shown_error(recorded(ValueError(secret)), operator=False) == UNEXPECTED
    plain = recorded(MemlaneError("the profile was deleted"))  # its message is its public text
    assert plain == "the profile was deleted" and shown_error(plain, operator=False) == plain
    run = JobRun(id="r1", job="sweep:p1", started_at=now_utc(), status="failed", error=text,
                 detail={"status": "failed", "error": text, "from_seq": 3})  # fmt: skip
    key = Actor(user="alice", workspace="default", admin=True)
    shown = shown_run(key, run)
    assert shown is not None and secret not in shown.model_dump_json()
    assert shown_run(Actor(user="alice", operator=True), run) == run
