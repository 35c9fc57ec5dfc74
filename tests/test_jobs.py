"""Scheduled jobs (issue 15): the schedule follows the profiles, the in-process runner runs what is due,
and real ``memlane worker`` processes on SQLite: a sweep killed with SIGKILL mid-way is taken over by
the next worker, advances the last sync once, and extracts nothing twice. ``memlane jobs … --json``."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

from cli_runner import invoke
from memlane import Memlane
from memlane.jobs import InProcessRunner
from memlane.jobs.schedule import CONSOLIDATE_AT_HOUR, due, scheduled_jobs
from memlane.models import JobRun
from memlane.timeutil import now_utc

SRC = str(Path(__file__).resolve().parents[1] / "src")

#: distinct durable statements (the rule-based extractor keeps each as one memory)
PLACES = ["Lyon", "Porto", "Oslo", "Quito", "Hanoi", "Perth", "Cusco", "Turin", "Izmir", "Dakar"]
FOODS = ["green tea", "oat milk", "dark rye", "miso soup", "black coffee", "fig jam", "goat cheese",
         "lentil stew", "rice noodles", "apple pie"]  # fmt: skip


def _log(mem: Memlane, conversations: int) -> None:
    for i in range(conversations):
        place, food = PLACES[i % 10], FOODS[(i // 10) % 10]
        mem.conversations.append(f"c-{i:04d}", [
            {"role": "user", "text": f"I always eat {food} when I visit {place}."},
            {"role": "assistant", "text": "Noted."},
        ], user=f"user{i}")  # fmt: skip


def test_the_schedule_follows_the_profiles(tmp_path: Path) -> None:
    mem = Memlane(tmp_path / "m.db", user="alice", embedder="none")
    _log(mem, 3)
    mem.profiles.create("prefs", refresh="15m")
    runner = InProcessRunner(mem.service)
    assert [j.name for j in mem.jobs.list()] == ["expiry", "consolidate"]  # a disabled profile: no schedule
    mem.profiles.enable("prefs")
    jobs = mem.jobs.list()
    assert [(j.kind, j.profile, j.every_minutes) for j in jobs] == [
        ("expiry", None, 15),
        ("consolidate", None, 1440),
        ("sweep", "prefs", 15),
    ]
    nightly_now = now_utc().hour == CONSOLIDATE_AT_HOUR  # consolidation runs only in its nightly hour
    assert runner.run_pending() == (3 if nightly_now else 2)  # never ran: the others are due at once
    assert runner.run_pending() == 0  # not due again for 15 minutes
    if not nightly_now:
        assert mem.jobs.show("consolidate")[1] == []  # a first start does not consolidate the store
        mem.jobs.run("consolidate")  # by hand: at any hour
    info, runs = mem.jobs.show("sweep:prefs")
    assert info.last_run is not None and info.last_run.status == "succeeded"
    assert runs[0].detail is not None and runs[0].detail["added"] == 3 and runs[0].duration_s is not None
    assert info.next_run_at >= runs[0].started_at + timedelta(minutes=15)
    _, nightly = mem.jobs.show("consolidate")
    assert nightly[0].status == "succeeded" and nightly[0].detail is not None  # consolidation's own report
    mem.profiles.disable("prefs")
    assert [j.name for j in mem.jobs.list()] == ["expiry", "consolidate"]
    run = mem.jobs.run("sweep:prefs")  # by hand, also while disabled
    assert run.status == "succeeded" and run.detail == {**(run.detail or {}), "added": 0}
    mem.close()


def _cli(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``memlane`` in this process (tests/cli_runner.py); the workers are real processes."""
    return invoke(["--db", str(db), "--embedder", "none", *args], {"MEMLANE_HOME": str(db.parent / "home")})


@contextmanager
def _worker(
    db: Path, *args: str, db_url: str | None = None
) -> Iterator[tuple[subprocess.Popen[str], list[str]]]:
    env = {**os.environ, "PYTHONPATH": SRC, "MEMLANE_HOME": str(db.parent / "home")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "memlane.cli", "worker", "--db", db_url or str(db), "--embedder", "none", *args],
        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env,
    )  # fmt: skip
    lines: list[str] = []

    def read() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            lines.append(line)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        yield proc, lines
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        reader.join(timeout=5)


def _wait(what: str, check, timeout: float = 90.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def test_a_killed_worker_sweep_is_taken_over_without_double_extraction(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    mem = Memlane(db, user="alice", embedder="none")
    _log(mem, 120)
    assert _cli(db, "profiles", "create", "prefs", "--enable").returncode == 0
    mem.close()

    with _worker(db, "--tick", "0.2", "--batch", "4", "--stale-after", "2") as (proc, lines):
        # generous deadlines: a worker starting in a fresh home builds the tables text analysis reads
        # (seconds of CPU) before it takes a job, and a loaded machine gives each process a small share
        _wait("the first batch", lambda: any("batch 2:" in line for line in lines), timeout=600)
        proc.send_signal(signal.SIGKILL)  # mid-sweep: no cleanup, no release
        proc.wait(timeout=10)
    assert not any("batch 30:" in line for line in lines)  # it was killed before the end

    shown = json.loads(_cli(db, "profiles", "show", "prefs", "--json").stdout)
    assert shown["running_since"] is not None and shown["last_sync_seq"] == 0  # killed: nothing advanced
    partial = json.loads(_cli(db, "memory", "list", "--user", "user0", "--json").stdout)
    assert len(partial) == 1

    with _worker(db, "--tick", "0.2", "--batch", "4", "--stale-after", "2") as (proc, lines):
        _wait(
            "the sweep to finish",
            lambda: any("sweep:" in line and "succeeded" in line for line in lines),
            timeout=600,
        )
    shown = json.loads(_cli(db, "profiles", "show", "prefs", "--json").stdout)
    assert shown["running_since"] is None and shown["last_sync_seq"] == 240 and shown["last_error"] is None
    # every speaker has exactly one memory: nothing was extracted twice
    mem = Memlane(db, user="alice", embedder="none")
    per_user = [len(mem.list_recent(10, user=f"user{i}")) for i in range(120)]
    assert per_user == [1] * 120
    mem.close()

    jobs = json.loads(_cli(db, "jobs", "list", "--json").stdout)
    sweep = next(j for j in jobs if j["kind"] == "sweep")
    assert sweep["last_run"]["status"] == "succeeded" and sweep["profile"] == "prefs"
    shown_job = json.loads(_cli(db, "jobs", "show", "sweep:prefs", "--json").stdout)
    statuses = [r["status"] for r in shown_job["runs"]]
    assert statuses == ["succeeded", "failed"]  # the killed run is recorded as failed, once retried
    assert "stopped" in shown_job["runs"][1]["error"] and shown_job["runs"][0]["duration_s"] > 0
    ran = json.loads(_cli(db, "jobs", "run", "expiry", "--json").stdout)
    assert ran["status"] == "succeeded" and ran["detail"] == {"deleted": 0, "per_profile": {}}


def test_postgresql_workers_share_the_schedule_and_retry_a_killed_sweep(pg_url: str, tmp_path: Path) -> None:
    """Two ``memlane worker`` processes on one PostgreSQL (procrastinate's queue): the sweep runs once, one
    worker is killed with SIGKILL mid-sweep, the other retries its job and finishes it."""
    from backends import rows

    db = pg_url
    home = tmp_path / "home"
    mem = Memlane(db, user="alice", embedder="none", home=home)
    _log(mem, 120)
    mem.close()
    created = invoke(["--db", db, "--embedder", "none", "profiles", "create", "prefs", "--enable"],
                     {"MEMLANE_HOME": str(home)})  # fmt: skip
    assert created.returncode == 0, created.stderr
    # A live worker must never look dead: with --stale-after 3 a heartbeat (the sweep's claim, or
    # procrastinate's worker) late by 3 s on a loaded machine (load ~40: a process gets a few percent of
    # a core, PostgreSQL too) let the other worker retry the live job and take its sweep over: one extra
    # "failed" run. 30 s is past any lateness seen; the killed worker's heartbeats are aged past it
    # below rather than waited for.
    args = ("--tick", "1", "--batch", "4", "--stale-after", "30")
    with (
        _worker_at(db, home, *args) as (first, first_lines),
        _worker_at(db, home, *args) as (second, second_lines),
    ):
        # generous deadlines: a worker starting in a fresh home builds the tables text analysis reads
        # (seconds of CPU) before it takes a job, and a loaded machine gives each process a small share
        _wait("a sweep batch", lambda: any("batch 2:" in x for x in first_lines + second_lines), timeout=600)
        victim, survivor_lines = (first, second_lines) if any("batch 2:" in x for x in first_lines) else (
            second, first_lines)  # fmt: skip
        victim.send_signal(signal.SIGKILL)
        victim.wait(timeout=10)
        # Dead, its last heartbeats only age: the two it left (procrastinate's worker row, and its sweep's
        # claim on the profile) are made older than --stale-after here instead of waited 30 s for. The
        # survivor's own rows are untouched, and it still has to find the dead worker by their age.
        aged = rows(db, "UPDATE procrastinate_workers SET last_heartbeat = last_heartbeat - interval '1 hour'"
                        " WHERE id IN (SELECT worker_id FROM procrastinate_jobs WHERE status = 'doing'"
                        " AND args->>'job' LIKE 'sweep:%') RETURNING id")  # fmt: skip
        assert len(aged) == 1
        assert rows(db, "UPDATE profiles SET run_heartbeat_at = run_heartbeat_at - interval '1 hour'"
                        " WHERE run_token IS NOT NULL RETURNING name") == [("prefs",)]  # fmt: skip
        try:
            _wait("the other worker to finish the sweep",
                  lambda: any("sweep:" in x and "succeeded" in x for x in survivor_lines), timeout=600)  # fmt: skip
        except AssertionError:
            raise AssertionError("".join(survivor_lines[-40:])) from None
    mem = Memlane(db, user="alice", embedder="none", home=home)
    assert [len(mem.list_recent(10, user=f"user{i}")) for i in range(120)] == [1] * 120  # none twice
    profile = mem.profiles.show("prefs")
    assert profile.last_sync_seq == 240 and profile.running_since is None
    _, runs = mem.jobs.show("sweep:prefs")
    assert [r.status for r in runs] == ["succeeded", "failed"]
    _, expiry_runs = mem.jobs.show("expiry")
    assert len(expiry_runs) == 1  # two workers, one run per period
    mem.close()
    done = rows(db, "SELECT status, attempts FROM procrastinate_jobs WHERE task_name = 'memlane.run'"
                    " AND args->>'job' LIKE 'sweep:%'")  # fmt: skip
    # the sweep job was queued once, and retried after the kill (again if the dead run's claim was not
    # yet found stale: "busy")
    assert len(done) == 1 and done[0][0] == "succeeded" and done[0][1] >= 1


@contextmanager
def _worker_at(db: str, home: Path, *args: str) -> Iterator[tuple[subprocess.Popen[str], list[str]]]:
    with _worker(Path(home) / "x", *args, db_url=db) as started:
        yield started


def test_the_nightly_consolidation_waits_for_its_hour(tmp_path: Path) -> None:
    """A store's first start (no run yet) consolidates nothing until the nightly hour; then once a night."""
    mem = Memlane(tmp_path / "m.db", user="alice", embedder="none")
    job = next(j for j in scheduled_jobs(mem.service) if j.kind == "consolidate")
    day = datetime(2026, 12, 1, tzinfo=UTC)
    noon, night = day.replace(hour=12), day.replace(hour=CONSOLIDATE_AT_HOUR, minute=5)
    assert due([job], {}, noon, timedelta(minutes=5)) == []
    assert job.info(None, noon).next_run_at == night.replace(minute=0) + timedelta(days=1)
    assert due([job], {}, night, timedelta(minutes=5)) == [job]
    ran = JobRun(id="r1", job=job.name, status="succeeded", started_at=night, worker="w")
    assert due([job], {job.name: ran}, night + timedelta(minutes=30), timedelta(minutes=5)) == []
    assert due([job], {job.name: ran}, night + timedelta(days=1, minutes=-4), timedelta(minutes=5)) == [job]
    assert job.info(ran, noon + timedelta(days=1)).next_run_at == night.replace(minute=0) + timedelta(days=2)


def test_a_live_sweep_keeps_its_claim_however_long_a_batch_takes(tmp_path: Path) -> None:
    """A sweep held after its first batch for more than twice ``stale_after`` is still alive: its claim's
    heartbeat goes on meanwhile, so another handle's run finds the profile busy instead of taking it over
    as a killed run's (which recorded the live run as failed and swept its window twice)."""
    from memlane.jobs.run import execute
    from memlane.jobs.schedule import sweep_job

    db = tmp_path / "m.db"
    worker = Memlane(db, user="alice", embedder="none")
    server = Memlane(db, user="alice", embedder="none")
    _log(worker, 6)
    worker.profiles.create("prefs", refresh="15m", enabled=True)
    stale_after = timedelta(seconds=3)
    worker.service.profiles.stale_after = server.service.profiles.stale_after = stale_after
    blocked, release = threading.Event(), threading.Event()

    def hold(line: str) -> None:  # a batch that takes long: the progress line is written after it
        blocked.set()
        assert release.wait(120)

    done: list[JobRun] = []
    thread = threading.Thread(target=lambda: done.append(
        execute(worker.service, sweep_job(worker.profiles.show("prefs")), batch=2, progress=hold)))  # fmt: skip
    thread.start()
    try:
        assert blocked.wait(120)
        claimed = server.profiles.show("prefs").running_since
        assert claimed is not None
        # the time passing is the point: more than twice stale_after since the claim, no batch ended
        while now_utc() < claimed + 2 * stale_after + timedelta(seconds=1):
            time.sleep(0.1)
        busy = server.profiles.run("prefs")
        assert (busy.status, busy.messages) == ("busy", 0)
    finally:
        release.set()
        thread.join(120)
    assert done and done[0].status == "succeeded" and done[0].detail["added"] == 6  # type: ignore[index]
    assert [r.status for r in server.jobs.show("sweep:prefs")[1]] == ["succeeded"]
    worker.close()
    server.close()


def test_a_run_by_hand_is_a_job_run_and_never_overlaps_a_scheduled_one(tmp_path: Path) -> None:
    """Two handles on one SQLite file (as a worker and a server are): a sweep held mid-way (blocked after
    its first batch, its claim held) by the runners' own ``execute`` makes a run by hand answer ``busy``
    without recording anything; a run by hand held mid-way keeps the schedule from starting another, and
    both end up as the job's runs with their reports and durations."""
    from memlane.jobs.run import execute
    from memlane.jobs.schedule import sweep_job
    from memlane.models import Actor

    db = tmp_path / "m.db"
    worker = Memlane(db, user="alice", embedder="none")
    server = Memlane(db, user="alice", embedder="none")
    _log(worker, 6)
    worker.profiles.create("prefs", refresh="15m", enabled=True)
    blocked, release = threading.Event(), threading.Event()

    def hold(line: str) -> None:
        blocked.set()
        assert release.wait(60)

    def in_thread(fn: object) -> threading.Thread:
        thread = threading.Thread(target=fn)  # type: ignore[arg-type]
        thread.start()
        assert blocked.wait(60)
        return thread

    # 1. a scheduled sweep is running: by hand, the profile is busy and nothing is recorded
    scheduled = in_thread(lambda: execute(worker.service, sweep_job(worker.profiles.show("prefs")), batch=2,
                                          progress=hold))  # fmt: skip
    busy = server.profiles.run("prefs")
    assert (busy.status, busy.messages) == ("busy", 0) and "in progress" in (busy.error or "")
    assert server.jobs.run("sweep:prefs").detail["status"] == "busy"  # type: ignore[index]
    (running,) = server.jobs.show("sweep:prefs")[1]
    assert running.status == "running" and running.finished_at is None
    release.set()
    scheduled.join(60)
    (done,) = server.jobs.show("sweep:prefs")[1]
    assert (done.id, done.status, done.detail["added"]) == (running.id, "succeeded", 6)  # type: ignore[index]

    # 2. a run by hand is running: the schedule sees it as the job's last run and starts nothing
    _log(server, 8)  # two more conversations (c-0006, c-0007)
    blocked.clear()
    release.clear()
    admin = Actor(user="alice", workspace="default", admin=True)
    by_hand = in_thread(lambda: server.service.profiles.run(admin, "prefs", batch=1, progress=hold))
    runs = worker.jobs.show("sweep:prefs")[1]
    assert [r.status for r in runs] == ["running", "succeeded"]
    nightly = now_utc().hour == CONSOLIDATE_AT_HOUR
    assert InProcessRunner(worker.service).run_pending() == 1 + nightly  # not the sweep: it is not due
    assert [r.status for r in worker.jobs.show("sweep:prefs")[1]] == ["running", "succeeded"]
    assert worker.profiles.run("prefs").status == "busy"
    release.set()
    by_hand.join(60)
    info, runs = worker.jobs.show("sweep:prefs")
    assert [(r.status, r.detail["added"]) for r in runs] == [("succeeded", 2), ("succeeded", 6)]  # type: ignore[index]
    assert info.last_run == runs[0] and runs[0].duration_s is not None and runs[0].duration_s > 0
    assert next(j for j in worker.jobs.list() if j.kind == "sweep").last_run == runs[0]
    worker.close()
    server.close()
