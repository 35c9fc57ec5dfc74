"""Background imports' runs are kept in the store (``Store.import_runs``, migration 15): the page of an
import survives a restart of the server, with its result; a run whose process has gone reads as failed,
"interrupted". Both backends for the store; a real ``memlane serve`` restarted for the page."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from memlane import Memlane
from memlane.import_runs import ImportRun
from memlane.import_runs.service import INTERRUPTED
from memlane.models import Actor
from memlane.timeutil import now_utc
from test_import_runs import wait_for
from test_serve import serve
from test_web_sessions import _signin_cookies

ALICE = Actor(user="alice")


def test_a_finished_run_is_read_back_after_a_restart(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        run = m.service.imports.start(b"I like tea\nI like green tea\nI like tea", "text", actor=ALICE)
        done = wait_for(m, run.id, ALICE, "done")
        assert done.result is not None and done.result.imported == 2
    with Memlane(db_path, user="alice", embedder="none") as again:  # another process, or a restart
        kept = again.service.imports.get(run.id, actor=ALICE)
        assert kept == done
        assert [r.id for r in again.service.imports.list(actor=ALICE)] == [run.id]
        assert again.service.imports.list(actor=Actor(user="bob")) == []


def test_a_run_whose_process_has_gone_reads_as_interrupted(db_path: Path | str) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True, check=True)  # fmt: skip
    running = ImportRun(id="r-gone", name="big.json", format="chatgpt", started_at=now_utc(), phase="storing",
                        total=10, found=10)  # fmt: skip
    elsewhere = running.model_copy(update={"id": "r-elsewhere"})
    with Memlane(db_path, user="alice", embedder="none") as m:
        storage = m.service.storage.import_runs
        here = socket.gethostname()
        storage.save("default", "alice", running.id, running.started_at, f"{here}:{dead.stdout.strip()}:x",
                     running.model_dump(mode="json"), 20)  # fmt: skip
        storage.save("default", "alice", elsewhere.id, elsewhere.started_at, "another-host:1:x",
                     elsewhere.model_dump(mode="json"), 20)  # fmt: skip
        gone = m.service.imports.get(running.id, actor=ALICE)
        assert (gone.phase, gone.error, gone.running) == ("failed", INTERRUPTED, False)
        # another machine's run: its progress is that machine's, shown as it was kept
        assert m.service.imports.get(elsewhere.id, actor=ALICE) == elsewhere
        # only the newest ``keep`` of a user's runs are kept
        for i in range(3):
            storage.save("default", "alice", f"r-{i}", now_utc(), "h:1:x", running.model_dump(mode="json")
                         | {"id": f"r-{i}", "phase": "done"}, 2)  # fmt: skip
        assert [r.id for r in m.service.imports.list(actor=ALICE)] == ["r-2", "r-1"]


def test_the_import_page_survives_a_restart_of_the_server(tmp_path: Path) -> None:
    db = tmp_path / "served.db"
    with serve(db) as (url, banner):
        key = banner["admin_key"]
        cookie = _signin_cookies(url, key, {})["memlane_session"].split(";")[0]
        form = httpx.get(f"{url}/import", headers={"Cookie": cookie})
        token = re.search(r'name="csrf_token" value="([^"]+)"', form.text)
        assert token is not None
        started = httpx.post(f"{url}/import", headers={"Cookie": cookie},
                             data={"csrf_token": token.group(1), "text": "I like tea\nOtto rides a red bike"})  # fmt: skip
        assert started.status_code == 303, started.text
        page = started.headers["location"]
        deadline = time.monotonic() + 120  # a bound for a hung run, not a measured duration
        while "imported" not in (before := httpx.get(f"{url}{page}", headers={"Cookie": cookie})).text:
            assert before.status_code == 200 and time.monotonic() < deadline, before.text
            time.sleep(0.1)
    with serve(db) as (url, _):  # the same database, a new server process
        after = httpx.get(f"{url}{page}", headers={"Cookie": cookie})
        assert after.status_code == 200, after.text  # before: 404, the run lived in the old process
        assert "<strong>2</strong> imported" in after.text
        listing = httpx.get(f"{url}/import", headers={"Cookie": cookie})
        assert page in listing.text
    assert os.path.exists(db)
