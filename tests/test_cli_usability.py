"""What a new user trips over in the CLI (issue 11), on a real SQLite file: the commands in this process
(tests/cli_runner.py), and real processes where the process is the point: a busy port, a server taking
connections, progress on a real pseudo-terminal as stderr, the one-time model preparation."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import signal
import socket
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest

from cli_runner import invoke
from memlane import InvalidInput, Memlane
from test_cli import run

CLI = [sys.executable, "-m", "memlane.cli"]


def env_for(db: Path, **extra: str) -> dict[str, str]:
    env = {**os.environ, "MEMLANE_DATABASE_URL": str(db), "MEMLANE_EMBEDDER": "none", "MEMLANE_USER": "cli-user",
           "COLUMNS": "80", **extra}  # fmt: skip
    env.pop("MEMLANE_API_KEY", None)
    env.pop("MEMLANE_SERVER", None)
    return env


def with_terminal_stderr(args: list[str], env: dict[str, str]) -> tuple[int, str, str]:
    """Run with stderr on a pseudo-terminal (as in a shell): (exit code, stdout, what the terminal got)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # rows, columns
    proc = subprocess.Popen([*CLI, *args], stdout=subprocess.PIPE, stderr=slave, stdin=subprocess.DEVNULL,
                            env=env, text=True)  # fmt: skip
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: the process closed its end
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    out = proc.stdout.read() if proc.stdout else ""
    return proc.wait(timeout=300), out, b"".join(chunks).decode("utf-8", "replace")


# -- serve ----------------------------------------------------------------------------------------------


def test_serve_on_a_busy_port_says_so_and_creates_nothing(tmp_path: Path) -> None:
    home = tmp_path / "home"
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        proc = subprocess.run([*CLI, "serve", "--port", str(port)], capture_output=True, text=True, timeout=120,
                              env={**env_for(home / "memlane.db"), "MEMLANE_HOME": str(home)})  # fmt: skip
    assert proc.returncode == 1
    assert proc.stderr == f"error: port {port} is in use (try --port)\n"
    assert proc.stdout == ""  # no "serving …", no admin key
    assert not home.exists()  # no database, so no key was created


def test_serve_accepts_connections_once_it_has_announced_its_url(tmp_path: Path) -> None:
    """The announced URL takes connections at once: the port listens before the URL and the admin key
    are printed, so a client that connects while the server is still starting is queued, not refused
    (a full garbage collection of ~150 ms after the announcement made the first request fail)."""
    from memlane.cli_serve import _listen

    with _listen("127.0.0.1", 0) as sock, socket.create_connection(sock.getsockname(), timeout=10):
        pass  # refused (ConnectionRefusedError) if the socket were only bound
    home = tmp_path / "home"
    proc = subprocess.Popen([*CLI, "serve", "--port", "0", "--json", "--no-mcp", "--no-jobs"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**env_for(home / "memlane.db"), "MEMLANE_HOME": str(home)})  # fmt: skip
    try:
        assert proc.stdout is not None
        url = json.loads(proc.stdout.readline())["url"]
        proc.send_signal(signal.SIGSTOP)  # the server does nothing more until continued
        host, port = url.removeprefix("http://").rsplit(":", 1)
        with socket.create_connection((host, int(port)), timeout=10) as client:
            proc.send_signal(signal.SIGCONT)
            client.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            client.settimeout(60)
            assert client.recv(4096).startswith(b"HTTP/1.1 200")
    finally:
        proc.send_signal(signal.SIGCONT)
        proc.send_signal(signal.SIGINT)
        proc.wait(60)


# -- a database that does not exist ------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [("memory", "recall", "tea"), ("memory", "search", "tea"), ("memory", "list"), ("memory", "history", "x"),
     ("memory", "get", "x"), ("memory", "forget", "x"), ("memory", "archive", "x"), ("memory", "reindex")],
)  # fmt: skip
def test_reading_a_database_that_does_not_exist_refuses_instead_of_creating_it(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    typo = tmp_path / "tpyo" / "memlane.db"
    proc = run(typo, *args, check=False)
    assert proc.returncode == 1
    assert (
        proc.stderr == f"error: no memlane database at {typo} (run memlane init, or store something first)\n"
    )
    assert not typo.parent.exists()
    assert run(typo, "memory", "store", "Ana likes figs").returncode == 0  # a write creates it
    assert run(typo, *args, check=False).stderr != proc.stderr


# -- what the user meant ---------------------------------------------------------------------------


def test_forget_says_what_is_missing(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    run(db, "memory", "store", "Ana likes figs")
    neither = run(db, "memory", "forget", check=False)
    assert neither.returncode == 2
    assert "say what to forget: a MEMORY_ID, or --query TEXT" in neither.stderr
    both = run(db, "memory", "forget", "some-id", "--query", "figs", check=False)
    assert both.returncode == 2 and "give a MEMORY_ID or --query, not both" in both.stderr


@pytest.mark.parametrize("command", ["store", "recall", "forget", "list"])
def test_a_memory_command_without_memory_gets_a_suggestion(tmp_path: Path, command: str) -> None:
    proc = run(tmp_path / "cli.db", command, "x", check=False)
    assert proc.returncode == 2
    assert f"did you mean 'memlane memory {command}'?" in proc.stderr


def test_store_dash_reads_the_content_from_stdin(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    text = (
        "Meeting notes, 14 March.\n" + "Falcon ships in Q3 and Ana owns the rollout. " * 600
    )  # ~27,000 chars
    proc = invoke(["memory", "store", "-", "--json"], input=text, environ=env_for(db))
    assert proc.returncode == 0, proc.stderr
    stored = json.loads(run(db, "memory", "get", json.loads(proc.stdout)["id"], "--json").stdout)
    assert stored["content"] == text.strip()
    empty = invoke(["memory", "store", "-"], input="", environ=env_for(db))
    assert empty.returncode == 1 and empty.stderr == "error: CONTENT is empty (nothing came on stdin)\n"


def test_the_content_limit_is_documented_and_enforced(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    assert "32,000 characters" in run(db, "memory", "store", "--help").stdout
    assert "32,000 characters" in (Path(__file__).parents[1] / "docs" / "cli.md").read_text()
    proc = invoke(["memory", "store", "-"], input="x" * 32_001, environ=env_for(db))
    assert proc.returncode == 1
    assert proc.stderr.startswith("error: CONTENT has 32,001 characters; a memory holds at most 32,000")
    assert not db.exists() or json.loads(run(db, "memory", "list", "--json").stdout) == []


# -- the CLI's own language --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("memory", "store", "x", "--importance", "3"), "'--importance'"),
        (("memory", "recall", "x", "--limit", "0"), "'--limit'"),
        (("memory", "recall", "x", "--min-score", "1.5"), "'--min-score'"),
        (("memory", "recall", "x", "--type", "gossip"), "'--type'"),
        (("memory", "store", "x", "--observed-at", "next blursday"), "cannot read 'next blursday' as a date"),
        (("memory", "list", "--offset", "-1"), "'--offset'"),
    ],
)
def test_bad_options_are_named_as_options(tmp_path: Path, args: tuple[str, ...], says: str) -> None:
    proc = run(tmp_path / "cli.db", *args, check=False)
    assert proc.returncode == 2 and says in proc.stderr, proc.stderr
    assert "Input should" not in proc.stderr and "Value error" not in proc.stderr


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (("memory", "store", "x", "--source", "s" * 201), "error: source: must have at most 200 characters"),
        (("memory", "store", "x", "--data", "[1, 2]"), "error: data: must be an object"),
        (("memory", "store", "   "), "error: CONTENT is empty"),
        (("memory", "recall", "x", "--server", "http://127.0.0.1:9"),
         "error: --server needs an API key: give --api-key KEY or set MEMLANE_API_KEY"),
    ],
)  # fmt: skip
def test_errors_speak_the_clis_language(tmp_path: Path, args: tuple[str, ...], line: str) -> None:
    proc = run(tmp_path / "cli.db", *args, check=False)
    assert proc.returncode == 1 and proc.stderr == line + "\n"


def test_a_service_refusal_names_the_options_typed(tmp_path: Path) -> None:
    """A swapped --after/--before said ``observed_after (…) must be earlier than observed_before (…)``: the
    SDK's fields, not the options typed. Each field that the command has as an option of another name is
    named by that option, at every occurrence (``subject``, ``--subject``'s own name, stays); the SDK (and
    REST, MCP) keep the field names."""
    db = tmp_path / "cli.db"
    run(db, "memory", "store", "Ana drinks tea")
    with Memlane(db, user="cli-user", embedder="none") as mem:
        ana = mem.anchor({"kind": "contact", "system": "crm", "id": "1", "name": "Ana Lima"}).id
        boris = mem.anchor({"kind": "contact", "system": "crm", "id": "2", "name": "Boris Orlov"}).id
        with pytest.raises(InvalidInput, match=r"^observed_after \(2025-02-01T00:00:00Z\) must be earlier"):
            mem.recall("tea", observed_after="2025-02-01", observed_before="2025-01-01")
    swapped = ("error: --after (2025-02-01T00:00:00Z) must be earlier than --before (2025-01-01T00:00:00Z): no"
               " time is at or after the one and before the other")  # fmt: skip
    for args, line in (
        (("memory", "recall", "tea", "--after", "2025-02-01", "--before", "2025-01-01"), swapped),
        (("memory", "search", "tea", "--before", "2025-01-01", "--after", "2025-02-01"), swapped),
        (("memory", "search", "tea", "--related-user", "u" * 201), "error: --related-user: must have at most 200 characters"),
        (("memory", "list", "--source", "cli", "--source", "s" * 201), "error: --source (the 2nd): must have at most 200 characters"),
        (("memory", "search", "tea", "--subject", "s" * 501), "error: subject: must have at most 500 characters"),
        (("entities", "relate", ana, "reports_to", boris, "--from", "2025-02-01", "--until", "2025-01-01"),
         "error: --until: must not be before --from"),
        (("profiles", "create", "prefs", "--team", "ops"),  # a plain word is a field where it labels one
         "error: --team: only a team profile names teams (this one is scope 'user')"),
    ):  # fmt: skip
        proc = run(db, *args, check=False)
        assert proc.returncode == 1 and proc.stderr == line + "\n", proc.stderr


def test_option_names_replace_whole_field_names_only() -> None:
    import click

    from memlane.cli import in_options

    @click.command()
    @click.option("--after", "observed_after")
    @click.option("--source", "sources", multiple=True)
    @click.option("--subject")
    def cmd(**_: object) -> None: ...

    said = ("observed_after: x; observed_afterwards, data.observed_after, my_observed_after stay; "
            "observed_after again; sources[0] and sources[11]: bad; the sources of it")  # fmt: skip
    assert in_options(cmd, said) == (
        "--after: x; observed_afterwards, data.observed_after, my_observed_after stay; "
        "--after again; --source (the 1st) and --source (the 12th): bad; the sources of it"
    )


def test_a_placeholder_key_is_named_not_an_encoding_crash(tmp_path: Path) -> None:
    proc = run(tmp_path / "cli.db", "memory", "list", "--server", "http://127.0.0.1:9", "--api-key", "ml_…",
               check=False)  # fmt: skip
    assert proc.returncode == 1 and "placeholder" in proc.stderr and "Traceback" not in proc.stderr
    assert "api_key=" not in proc.stderr


# -- output and help ------------------------------------------------------------------------------------


def test_recall_and_list_show_a_source_column(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    run(
        db,
        "memory",
        "store",
        "Ana prefers green tea",
        "--source",
        "onboarding",
        "--observed-at",
        "2025-03-14",
    )
    recalled = run(db, "memory", "recall", "green tea").stdout.splitlines()
    assert recalled[0].split() == ["SCORE", "ID", "TYPE", "SOURCE", "OBSERVED", "CONTENT"]
    assert recalled[1].split()[2:5] == ["fact", "onboarding", "2025-03-14"]
    assert recalled[1].endswith("Ana prefers green tea")
    listed = run(db, "memory", "list").stdout.splitlines()
    assert listed[0].split() == ["ID", "CREATED", "TYPE", "SOURCE", "CONTENT"]
    assert "onboarding" in listed[1].split() and listed[1].endswith("Ana prefers green tea")


def test_a_list_that_its_filters_empty_does_not_say_nothing_is_stored(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    run(db, "memory", "store", "Ana prefers green tea")
    for args in (("--state", "archived"), ("--type", "decision"), ("--offset", "5")):
        proc = run(db, "memory", "list", *args)
        assert proc.stdout == "no memory matches these options (--offset, --type, --source, --state)\n", args
    assert json.loads(run(db, "memory", "list", "--state", "archived", "--json").stdout) == []
    empty = tmp_path / "empty.db"
    run(empty, "init")
    assert run(empty, "memory", "list").stdout == "nothing stored\n"


def test_help_is_whole_with_examples_and_environment() -> None:
    import click

    from memlane.cli import main

    def cut(text: str) -> list[str]:  # click ends a too-long one-line summary with "..."
        return [line for line in text.splitlines() if line.endswith("...") and not line.startswith("Usage:")]

    def help_of(*names: str) -> str:
        proc = invoke([*names, "--help"], {"COLUMNS": "80"})
        assert proc.returncode == 0, proc.stderr
        return proc.stdout

    top = help_of()
    for var in ("MEMLANE_HOME", "MEMLANE_DATABASE_URL", "MEMLANE_USER", "MEMLANE_EMBEDDER", "MEMLANE_SERVER",
                "MEMLANE_API_KEY"):  # fmt: skip
        assert var in top, var
    for name, command in main.commands.items():
        if isinstance(command, click.Group):
            text = help_of(name)
            assert not cut(text), f"{name}: cut off"
    assert not cut(top), "memlane --help: cut off"
    memory = main.commands["memory"]
    assert isinstance(memory, click.Group)
    for sub in memory.commands:
        assert "Examples:\n    memlane memory " + sub in help_of("memory", sub), sub
    for name in ("serve", "mcp", "init"):
        assert "Examples:\n    memlane " + name in help_of(name), name


# -- progress on stderr -----------------------------------------------------------------------------


def test_reindex_shows_a_progress_bar_on_a_terminal_only(tmp_path: Path, model_home: Path) -> None:
    db = tmp_path / "cli.db"
    with Memlane(db, user="cli-user", embedder="none") as mem:
        mem.store_many([f"note {i}: the quarterly report number {i} is filed" for i in range(300)],
                       auto_supersede=False)  # fmt: skip
    env = env_for(db, MEMLANE_HOME=str(model_home), MEMLANE_EMBEDDER="local")
    code, out, terminal = with_terminal_stderr(["memory", "reindex", "--keys"], env)
    assert code == 0, terminal
    assert out.startswith("embedded 300, rebuilt keys of 300")
    assert "embedding" in terminal and "300/300" in terminal and "memories/s" in terminal
    assert "rebuilding keys" in terminal
    # silent with --json, with --quiet, and when stderr is not a terminal
    with Memlane(db, user="cli-user", embedder="none") as mem:
        mem.store("one more note for the json run")
    code, out, terminal = with_terminal_stderr(["memory", "reindex", "--json"], env)
    assert code == 0 and json.loads(out)["embedded"] == 1 and terminal == ""
    code, out, terminal = with_terminal_stderr(["memory", "reindex", "--keys", "--quiet"], env)
    assert code == 0 and terminal == ""
    piped = subprocess.run([*CLI, "memory", "reindex", "--keys"], capture_output=True, text=True, env=env,
                           timeout=300)  # fmt: skip
    assert piped.returncode == 0 and piped.stderr == ""


def test_the_one_time_model_preparation_is_announced(tmp_path: Path) -> None:
    home = tmp_path / "fresh-home"
    env = env_for(home / "memlane.db", MEMLANE_HOME=str(home), MEMLANE_EMBEDDER="local")
    code, out, terminal = with_terminal_stderr(["init"], env)
    assert code == 0, terminal
    assert "preparing the local embedding model (once" in terminal
    assert out.rstrip().endswith("ready")
    code, out, terminal = with_terminal_stderr(["memory", "store", "Ana likes figs"], env)
    assert code == 0 and terminal == ""  # prepared once: never again


def test_a_count_of_one_is_singular(tmp_path: Path) -> None:
    """``memlane profiles run`` printed "1 conversations, 1 messages, 1 transcripts" and ``conversations
    append`` "appended 1 message(s)": every count in the human output takes its number
    (``cli_words.counted``); ``--json`` keeps its numbers."""
    from memlane.cli_words import counted

    assert [counted(n, "memory", "memories") for n in (0, 1, 2)] == ["0 memories", "1 memory", "2 memories"]
    db, chat = tmp_path / "cli.db", tmp_path / "chat.json"
    chat.write_text(json.dumps([{"role": "user", "text": "I moved to Lyon last spring"}]))
    appended = run(db, "conversations", "append", "chat-1", str(chat)).stdout
    assert appended == "appended 1 message to chat-1\n"
    run(db, "profiles", "create", "prefs", "--enable")
    swept = run(db, "profiles", "run", "prefs").stdout
    assert "; 1 conversation, 1 message, 1 transcript;" in swept, swept
    deleted = run(db, "profiles", "delete", "prefs").stdout
    assert " 1 schedule and 0 opt-outs " in deleted, deleted
