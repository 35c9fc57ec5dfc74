"""Times in messages and text output read as the JSON results write them: UTC with ``Z``, never
``+00:00`` (the consolidation's "undone already" error, the CLI's profile and job tables)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memlane import Memlane
from memlane.errors import InvalidInput
from memlane.timeutil import iso_z
from test_cli import run

Z_TIME = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"


def test_iso_z_writes_utc_with_z() -> None:
    assert iso_z(datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)) == "2026-01-02T03:04:05Z"
    assert iso_z(datetime(2026, 1, 2, 3, 4, 5, 600, tzinfo=UTC)) == "2026-01-02T03:04:05.000600Z"
    assert iso_z(datetime(2026, 1, 2, 3, 4, 5, 600), "seconds") == "2026-01-02T03:04:05Z"  # naive: UTC


def test_undoing_a_run_twice_says_when_in_z(mem: Memlane) -> None:
    mem.store("The lab results were sent to the clinic", auto_supersede=False)
    mem.store("Lab results were sent to the clinic", auto_supersede=False)
    report = mem.consolidate()
    assert report.run is not None
    mem.undo_consolidation_run(report.run)
    with pytest.raises(InvalidInput, match="undone already") as refused:
        mem.undo_consolidation_run(report.run)
    assert re.search(rf"\({Z_TIME}\)$", str(refused.value)), str(refused.value)


def test_the_cli_job_and_profile_tables_show_times_in_z(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    run(db, "profiles", "create", "prefs", "--enable")
    run(db, "jobs", "run", "expiry")
    run(db, "profiles", "run", "prefs")
    for args in (
        ("jobs", "list"),
        ("jobs", "show", "expiry"),
        ("profiles", "show", "prefs"),
        ("profiles", "list"),
    ):
        out = run(db, *args).stdout
        assert "+00:00" not in out and re.search(Z_TIME, out), (args, out)
