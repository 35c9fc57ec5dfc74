"""The CLI as a user runs it, on a real SQLite file. The commands run in this process (tests/cli_runner.py:
click's runner, the same parsing, output and exit codes, without a Python start-up of ~2.5 s CPU per
command); what only a process shows (one line on stderr and the exit status of a real process, human
output, a local model loaded) runs in a real one here, and so do test_serve.py, test_cold_start.py and
test_cli_usability.py's terminal, port and Ctrl-C tests."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cli_runner import invoke


def run(
    db: Path, *args: str, embedder: str = "none", check: bool = True, process: bool = False
) -> subprocess.CompletedProcess:
    """``memlane ARGS`` on ``db`` as user cli-user: in this process, or with ``process`` a real one."""
    env: dict[str, str | None] = {"MEMLANE_DATABASE_URL": str(db), "MEMLANE_EMBEDDER": embedder,
                                  "MEMLANE_USER": "cli-user"}  # fmt: skip
    if process:
        proc = subprocess.run([sys.executable, "-m", "memlane.cli", *args], capture_output=True, text=True,
                              env={**os.environ, **env}, timeout=120)  # fmt: skip
    else:
        proc = invoke(args, env)
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc


def js(db: Path, *args: str, **kw) -> object:
    return json.loads(run(db, *args, "--json", **kw).stdout)


def in_process(db: Path, *args: str) -> str:
    """``run`` in this process, exit status 0 and nothing on stderr: its stdout."""
    proc = run(db, *args)
    assert proc.stderr == ""
    return proc.stdout


def ijs(db: Path, *args: str) -> object:
    return json.loads(in_process(db, *args, "--json"))


def test_every_memory_command_end_to_end(tmp_path: Path) -> None:
    """Every memory command in one story (the README's own lines are run by test_readme.py)."""
    db = tmp_path / "cli.db"
    red = ijs(db, "memory", "store", "Dr. Okafor prescribed the red inhaler")
    assert red["status"] == "stored" and red["embedded"] is False and red["superseded"] == []
    blue = ijs(db, "memory", "store", "Dr. Okafor prescribed the blue inhaler")
    assert blue["superseded"] == [{"id": red["id"], "content": "Dr. Okafor prescribed the red inhaler"}]
    figs = ijs(db, "memory", "store", "Ana likes figs", "--space", "s")
    plums = ijs(db, "memory", "store", "Ana likes plums too", "--space", "s")
    assert plums["superseded"] == [] and [s["id"] for s in plums["similar"]] == [figs["id"]]
    hits = ijs(db, "memory", "recall", "what did Dr. Okafor prescribe")
    assert [h["id"] for h in hits] == [blue["id"]]
    for key in ("matched_by", "superseded_by", "created_at", "observed_at", "score", "source"):
        assert key in hits[0]
    assert hits[0]["source"] == "cli"
    both = ijs(db, "memory", "recall", "inhaler", "--include-history")
    assert {h["id"] for h in both} == {red["id"], blue["id"]}
    history = ijs(db, "memory", "history", blue["id"])
    assert [h["id"] for h in history] == [red["id"], blue["id"]]
    assert history[-1]["superseded_by"] is None
    got = ijs(db, "memory", "get", red["id"])
    assert got["superseded_by"] == blue["id"]
    listed = ijs(db, "memory", "list")
    assert [m["id"] for m in listed] == [blue["id"]]
    archived = ijs(db, "memory", "archive", blue["id"])
    assert archived["state"] == "archived"
    assert ijs(db, "memory", "restore", blue["id"])["state"] == "new"
    preview = ijs(db, "memory", "forget", "--query", "inhaler", "--dry-run")
    assert set(preview["deleted"]) == {red["id"], blue["id"]} and preview["dry_run"] is True
    forgotten = ijs(db, "memory", "forget", "--query", "inhaler")
    assert set(forgotten["deleted"]) == {red["id"], blue["id"]}
    assert ijs(db, "memory", "list") == []


def test_options_work_before_and_after_the_command(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    a = json.loads(in_process(db, "--json", "--user", "ana", "memory", "store", "ana likes figs"))
    assert a["status"] == "stored"
    assert ijs(db, "memory", "list", "--user", "ana")[0]["id"] == a["id"]
    assert ijs(db, "memory", "list") == []  # another user sees nothing
    s = ijs(db, "memory", "store", "deploy via staging", "--space", "repo-a")
    assert ijs(db, "memory", "recall", "deploy", "--space", "repo-a")[0]["id"] == s["id"]
    assert ijs(db, "memory", "recall", "deploy") == []


def test_human_output(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    out = run(db, "memory", "store", "the wombat likes tea", process=True).stdout
    assert out.startswith("stored ")
    assert "the wombat likes tea" in run(db, "memory", "recall", "wombat", process=True).stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("memory", "store", "my password is hunter2hunter2"), "secret"),
        (("memory", "store", "my card is 4111 1111 1111 1111"), "looks like a payment card number"),
        (("memory", "get", "nope"), "no memory"),
        (("memory", "store", "x", "--source", "s" * 201), "source"),
        (("memory", "store", "x", "--replaces", "nope"), "replaces"),
        (("memory", "recall", "  "), "empty"),
    ],
)
def test_errors_are_one_line_on_stderr(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    db = tmp_path / "cli.db"
    run(db, "init")  # reads of a database that does not exist are refused before anything else
    proc = run(db, *args, check=False, process=True)
    assert proc.returncode == 1
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]
    assert js(db, "memory", "list") == []  # nothing half-written


def test_unknown_database_url_is_a_clear_error(tmp_path: Path) -> None:
    proc = run(tmp_path / "x.db", "memory", "list", "--db", "mysql://nope", check=False, process=True)
    assert proc.returncode == 1 and "mysql://nope" in proc.stderr


def test_store_with_local_embedder(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    r = js(db, "memory", "store", "My daughter is allergic to peanuts", embedder="local", process=True)
    assert r["embedded"] is True
    hits = js(db, "memory", "recall", "food allergy", embedder="local", process=True)
    assert hits[0]["id"] == r["id"] and "semantic" in hits[0]["matched_by"]


def test_every_command_is_documented() -> None:
    import click

    from memlane.cli import main

    doc = (Path(__file__).parents[1] / "docs" / "cli.md").read_text()
    for name, command in main.commands.items():
        if isinstance(command, click.Group):  # memory, keys, users, teams: every subcommand
            for sub in command.commands:
                assert f"memlane {name} {sub}" in doc, f"{name} {sub}"
        else:
            assert f"memlane {name}" in doc, name


def test_python_dash_m_memlane_is_the_command(tmp_path: Path) -> None:
    """``python -m memlane`` runs the ``memlane`` command (for an environment whose scripts are not on
    PATH), under its own name in usage messages."""
    env = {**os.environ, "MEMLANE_DATABASE_URL": str(tmp_path / "m.db"), "MEMLANE_EMBEDDER": "none",
           "MEMLANE_USER": "cli-user"}  # fmt: skip
    command = [sys.executable, "-m", "memlane"]
    stored = subprocess.run([*command, "memory", "store", "Ana prefers green tea", "--json"], capture_output=True,
                            text=True, env=env, timeout=120)  # fmt: skip
    assert stored.returncode == 0, stored.stderr
    got = subprocess.run([*command, "memory", "get", json.loads(stored.stdout)["id"], "--json"],
                         capture_output=True, text=True, env=env, timeout=120)  # fmt: skip
    assert json.loads(got.stdout)["content"] == "Ana prefers green tea"
    usage = subprocess.run([*command, "memory", "get"], capture_output=True, text=True, env=env, timeout=120)
    assert usage.returncode == 2 and usage.stderr.startswith("Usage: memlane memory get"), usage.stderr


def test_every_mcp_tool_is_documented() -> None:
    """Every tool ``tools/list`` declares is named where a user looks for it: the README's list, the
    ``memlane mcp`` section of docs/cli.md and docs/api.md's MCP section."""
    from memlane.mcp_server import TOOLS

    root = Path(__file__).parents[1]
    readme = (root / "README.md").read_text()
    cli_doc = (root / "docs" / "cli.md").read_text().split("## `memlane mcp`")[1].split("\n## ")[0]
    api_doc = (root / "docs" / "api.md").read_text().split("## MCP")[1].split("\n## ")[0]
    for where, text in (("README.md", readme), ("docs/cli.md", cli_doc), ("docs/api.md", api_doc)):
        missing = [tool for tool in TOOLS if f"`{tool}`" not in text]
        assert missing == [], f"{where} does not name {missing}"


def test_periods_read_as_they_are_typed(tmp_path: Path) -> None:
    """``--refresh 1d`` shows as ``1d`` in the profile and job tables, not ``1440m``."""
    db = tmp_path / "p.db"
    run(db, "profiles", "create", "daily", "--refresh", "1d")
    assert "every 1d" in in_process(db, "profiles", "show", "daily")
    assert re.search(r"^daily\s+disabled\s+1d\s", in_process(db, "profiles", "list"), re.MULTILINE)
    assert "daily: enabled (every 1d)" in in_process(db, "profiles", "enable", "daily")
    jobs = in_process(db, "jobs", "list")
    assert re.search(r"^expiry\s+15m\s", jobs, re.MULTILINE) and re.search(r"\(daily\)\s+1d\s", jobs)
    run(db, "profiles", "update", "daily", "--refresh", "90m")
    assert "every 90m" in in_process(db, "profiles", "show", "daily")
    assert js(db, "profiles", "show", "daily")["refresh_minutes"] == 90  # the JSON keeps minutes
