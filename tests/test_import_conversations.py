"""``import --conversations`` (issue 14, requirement 6): the visible branch of each conversation goes to
the conversation log once, and through extraction in resumable steps; a kill -9 of a real importing
process, then the same import again, ends where one uninterrupted import ends."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from backends import count_rows, rows
from cli_runner import invoke
from export_fixtures import (
    CLAUDE_MEMORY,
    PASTED,
    chatgpt_chat_visible,
    chatgpt_chats_export,
    chatgpt_conversation,
    chatgpt_files,
    claude_branched_conversations,
    claude_conversations,
    gemini_chat_activity,
    gemini_chat_activity_html,
    zip_bytes,
)
from memlane import InvalidInput, Memlane

SRC = str(Path(__file__).resolve().parents[1] / "src")


def logged(m: Memlane) -> dict[str, list[tuple[str, str]]]:
    return {c.conversation_id: [(x.role, x.text) for x in m.conversations.show(c.conversation_id)]
            for c in m.conversations.list(limit=1000)}  # fmt: skip


def test_chatgpt_visible_branch_is_logged_once_and_extracted(mem: Memlane, db_path: Path | str) -> None:
    export = chatgpt_chats_export(3)
    first = mem.import_file(export, conversations=True)
    assert first.vendor == "chatgpt" and first.imported == 0  # no memory section: no error with conversations
    report = first.conversations
    assert report is not None and report.conversations == 3 and report.messages_appended == 12
    # only the visible branch, as said: no hidden system message, tool call or result, discarded edit,
    # citation token
    assert logged(mem) == {f"chatgpt:chat-{i:03d}": chatgpt_chat_visible(i) for i in range(3)}
    assert report.exchanges_extracted == 6 and report.memories_added + report.memories_updated >= 3
    recalled = {h.content for h in mem.recall("cousin moved last spring", limit=20)}
    assert "The user's cousin Ana 0 moved to Porto last spring" in recalled
    extracted = next(
        x for x in mem.list_recent(50) if x.content == "The user's cousin Ana 0 moved to Porto last spring"
    )
    assert extracted.source == "imported-chatgpt" and extracted.provenance is not None
    assert extracted.provenance["conversation_id"] == "chatgpt:chat-000"
    assert extracted.observed_at is not None and extracted.observed_at.year == 2026  # when it was said
    assert not any("hate meeting rooms" in x.content for x in mem.list_recent(50))  # the discarded branch
    memories = count_rows(db_path, "memories")

    again = mem.import_file(export, conversations=True).conversations
    assert again is not None
    assert (again.conversations, again.messages_appended, again.messages_already_there) == (3, 0, 12)
    assert again.exchanges_extracted == 0 and again.memories_added == 0
    assert count_rows(db_path, "conversation_messages") == 12 and count_rows(db_path, "memories") == memories

    # a later export of the same account holds one more chat: only it is appended and extracted
    more = mem.import_file(chatgpt_chats_export(4), conversations=True).conversations
    assert more is not None and (more.messages_appended, more.messages_already_there) == (4, 12)
    assert more.exchanges_extracted == 2 and count_rows(db_path, "conversation_messages") == 16


def test_a_rerun_of_an_unfinished_conversation_extracts_only_what_is_left(
    mem: Memlane, db_path: Path | str
) -> None:
    export = chatgpt_chats_export(2)
    done = mem.import_file(export, conversations=True).conversations
    assert done is not None and done.exchanges_extracted == 4
    # the state a run killed in chat-001's last exchange leaves: its hash and the chat's marker unwritten
    rows(db_path, "DELETE FROM extracted_exchanges WHERE digest IN (SELECT digest FROM extracted_exchanges"
                  " ORDER BY extracted_at DESC LIMIT 2)")  # fmt: skip
    resumed = mem.import_file(export, conversations=True).conversations
    assert resumed is not None
    assert (resumed.exchanges_extracted, resumed.exchanges_already_extracted) == (
        1,
        1,
    )  # chat-000: its marker
    assert resumed.messages_appended == 0 and resumed.messages_already_there == 8


def test_claude_edited_prompt_only_the_current_branch(mem: Memlane) -> None:
    export = zip_bytes({"conversations.json": json.dumps(claude_branched_conversations()).encode()})
    report = mem.import_file(export, conversations=True).conversations
    assert report is not None and report.conversations == 1
    # the first prompt was edited: its old version and the reply to it are on a dead branch; the
    # assistant's thinking block is not text
    assert logged(mem) == {"claude:claude-conv-1": [
        ("user", "My kitchen budget is 15k EUR, my sister Ana pays half."), ("assistant", "Then 7.5k each.")]}  # fmt: skip
    contents = [x.content for x in mem.list_recent(10)]
    assert any("15k EUR" in c for c in contents) and not any("12k" in c for c in contents)


def test_gemini_activity_grouped_into_chats_with_the_last_draft(mem: Memlane) -> None:
    export = zip_bytes({"Takeout/My Activity/Gemini Apps/MyActivity.json": gemini_chat_activity()})
    report = mem.import_file(export, conversations=True).conversations
    assert report is not None and report.conversations == 2
    assert logged(mem) == {
        "gemini:aa11": [("user", "My daughter Mila starts school in Graz in September."),
                        ("assistant", "Congratulations to Mila!")],
        "gemini:bb22": [("user", "I'm vegetarian and cook for two."), ("assistant", "Five dinners")],
    }  # fmt: skip


def test_gemini_activity_html_as_takeout_writes_it_by_default(mem: Memlane) -> None:
    export = zip_bytes({"Takeout/My Activity/Gemini Apps/MyActivity.html": gemini_chat_activity_html()})
    report = mem.import_file(export, conversations=True).conversations
    assert report is not None and report.conversations == 2
    assert logged(mem) == {
        "gemini:aa11": [("user", "My daughter Mila starts school in Graz in September."),
                        ("assistant", "Congratulations to Mila!")],
        "gemini:bb22": [("user", "I'm vegetarian and cook for two."), ("assistant", "Five dinners")],
    }  # fmt: skip
    said = mem.conversations.show("gemini:aa11")[0].at
    assert said.isoformat() == "2026-08-02T18:10:00+00:00"  # 8:10 PM at GMT+02:00, in UTC


def test_export_times_outside_the_stored_range_are_unknown_times_not_a_crash(mem: Memlane) -> None:
    """A message time that is in range as written but not once in UTC (year 1 at +05:00, 9999-12-31 at
    -05:00), or an offset no clock has (GMT+99:00), is read like text that is not a time (no time: the
    import's own), not stored as an OverflowError halfway through the import; in-range edges (Feb 29
    at +14:00, a microsecond before 1970 at -12:00) read back as the same instant."""
    times = ["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00", "2024-02-29T23:59:59+14:00",
             "1969-12-31T23:59:59.999999-12:00"]  # fmt: skip
    conversations = [
        {"uuid": f"edge-{i}", "name": "", "created_at": at, "updated_at": at,
         "chat_messages": [{"uuid": f"m{i}", "sender": "human", "text": f"My locker number is {40 + i}.",
                            "created_at": at, "parent_message_uuid": "00000000-0000-4000-8000-000000000000"}]}
        for i, at in enumerate(times)
    ]  # fmt: skip
    report = mem.import_file(zip_bytes({"conversations.json": json.dumps(conversations).encode()}),
                             conversations=True).conversations  # fmt: skip
    assert report is not None and (report.conversations, report.messages_appended) == (4, 4)
    said = {i: mem.conversations.show(f"claude:edge-{i}")[0].at for i in range(4)}
    assert said[2].isoformat() == "2024-02-29T09:59:59+00:00"
    assert said[3].isoformat() == "1970-01-01T11:59:59.999999+00:00"
    assert all(said[i].year == datetime.now(UTC).year for i in (0, 1))  # unknown: the import's time

    html = gemini_chat_activity_html().decode()
    html = html.replace("Aug 2, 2026, 8:10:00\u202fPM GMT+02:00", "Jan 1, 0001, 12:00:00\u202fAM GMT+05:00")
    html = html.replace("Aug 2, 2026, 8:01:40\u202fPM GMT+02:00", "Aug 2, 2026, 8:01:40\u202fPM GMT+99:00")
    export = zip_bytes({"Takeout/My Activity/Gemini Apps/MyActivity.html": html.encode()})
    gemini = mem.import_file(export, conversations=True).conversations
    assert gemini is not None and gemini.messages_appended == 4
    assert {m.text for c in ("gemini:aa11", "gemini:bb22") for m in mem.conversations.show(c)} >= {
        "My daughter Mila starts school in Graz in September.",
        "I'm vegetarian and cook for two.",
    }


def test_conversations_are_opt_in_and_refused_where_there_are_none(mem: Memlane) -> None:
    result = mem.import_file(zip_bytes(chatgpt_files()))
    assert result.conversations is None and mem.conversations.list() == []
    with pytest.raises(InvalidInput, match="--conversations: a text import holds no conversations"):
        mem.import_file(PASTED["plain"].encode(), "text", conversations=True)
    with pytest.raises(InvalidInput, match="no claude memory and no claude conversations"):
        mem.import_file(zip_bytes(chatgpt_files()), "claude", conversations=True)  # the wrong vendor
    assert mem.conversations.list() == []
    # an export with neither memory nor conversations is still refused as before
    with pytest.raises(InvalidInput, match="no memory"):
        mem.import_file(chatgpt_chats_export(2))


def test_cli_and_rest_flag(tmp_path: Path) -> None:
    from servers import make_stack, running

    export = tmp_path / "chatgpt.zip"
    export.write_bytes(chatgpt_chats_export(2))
    env = {**os.environ, "PYTHONPATH": SRC, "MEMLANE_USER": "mira"}
    # the CLI in this process (tests/cli_runner.py)
    out = invoke(["memory", "import", str(export), "--conversations", "--db", str(tmp_path / "cli.db"),
                  "--embedder", "none", "--json"], environ=env, text=False)  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert out.stderr == b""  # no progress bar off a terminal
    assert json.loads(out.stdout)["conversations"]["messages_appended"] == 8
    human = invoke(["memory", "import", str(export), "--conversations", "--db", str(tmp_path / "cli.db"),
                    "--embedder", "none"], environ=env, text=False)  # fmt: skip
    assert b"conversations: 2, messages logged 0 (already there 8)" in human.stdout, human.stdout

    stack = make_stack(tmp_path / "server.db")
    try:
        with running(stack.app()) as url:
            remote = Memlane.connect(url, api_key=stack.admin_key, timeout=120)
            result = remote.import_file(export, conversations=True)
            assert result.conversations is not None and result.conversations.messages_appended == 8
            with pytest.raises(InvalidInput, match="with --conversations"):  # no memory: the error says so
                remote.import_file(export)
            remote.close()
    finally:
        stack.mem.close()


_WORKER = """
import sys
from memlane import Memlane
m = Memlane(sys.argv[1], user="mira", embedder="none")
def tick(report, done, total):
    print(report.conversations, flush=True)
r = m.import_file(sys.argv[2], conversations=True, conversation_progress=tick)
print("report", r.conversations.model_dump_json(), flush=True)
"""


def _run(db: Path, export: Path, kill_after: int | None) -> dict | None:
    env = {**os.environ, "PYTHONPATH": SRC}
    proc = subprocess.Popen([sys.executable, "-c", _WORKER, str(db), str(export)], stdout=subprocess.PIPE,
                            env=env, text=True)  # fmt: skip
    assert proc.stdout is not None
    for line in proc.stdout:
        if kill_after is not None and line.strip().isdigit() and int(line) >= kill_after:
            proc.send_signal(signal.SIGKILL)
            proc.wait(60)
            assert proc.returncode == -signal.SIGKILL
            return None
        if line.startswith("report "):
            proc.wait(60)
            return dict(json.loads(line[len("report ") :]))
    proc.wait(60)
    raise AssertionError(f"the import ended without a report (exit {proc.returncode})")


def test_kill_9_mid_import_then_rerun_continues_and_extracts_nothing_twice(tmp_path: Path) -> None:
    n = 40
    export = tmp_path / "chatgpt.zip"
    export.write_bytes(chatgpt_chats_export(n))
    reference = _run(tmp_path / "reference.db", export, None)  # one uninterrupted import
    assert reference is not None and reference["conversations"] == n

    db = tmp_path / "killed.db"
    assert _run(db, export, kill_after=5) is None  # killed after the 5th conversation, mid-run
    logged_before = count_rows(db, "conversation_messages")
    assert 0 < logged_before < 4 * n
    resumed = _run(db, export, None)
    assert resumed is not None
    # it continued: what the killed run did is recognised, the rest is done now
    assert resumed["messages_already_there"] >= logged_before and resumed["messages_appended"] > 0
    assert resumed["messages_appended"] + resumed["messages_already_there"] == 4 * n
    assert 0 < resumed["exchanges_extracted"] < reference["exchanges_extracted"]

    def state(path: Path) -> tuple:
        messages = rows(path, "SELECT id, conversation_id, role, text FROM conversation_messages ORDER BY id")
        memories = rows(
            path,
            "SELECT content, type, observed_at, source, state FROM memories ORDER BY content, observed_at",
        )
        return messages, memories, count_rows(path, "extracted_exchanges")

    # every message logged once, every exchange extracted once: the same store as one uninterrupted run
    assert state(db) == state(tmp_path / "reference.db")
    assert len({m[0] for m in state(db)[0]}) == 4 * n


def test_cli_progress_bar_on_a_terminal_only(tmp_path: Path) -> None:
    from test_cli_usability import env_for, with_terminal_stderr

    export = tmp_path / "chatgpt.zip"
    export.write_bytes(chatgpt_chats_export(6))
    env = env_for(tmp_path / "bar.db")
    code, out, terminal = with_terminal_stderr(["memory", "import", str(export), "--conversations"], env)
    assert code == 0, terminal
    assert "conversations: 6, messages logged 24" in out
    assert "conversations:" in terminal and "6 chats" in terminal  # the bar, with its counts
    code, out, terminal = with_terminal_stderr(
        ["memory", "import", str(export), "--conversations", "--quiet"], env
    )
    assert code == 0 and "chats" not in terminal


def test_a_lone_conversations_file_under_another_name_is_read_by_its_content(
    mem: Memlane, tmp_path: Path
) -> None:
    """A ChatGPT, Claude or Gemini conversations file renamed, piped or uploaded as bytes: its facts were
    imported (the vendor is told by content) and ``--conversations`` refused it for its name ("has no
    conversations.json or conversations-NNN.json")."""
    chatgpt = json.dumps(
        [chatgpt_conversation("c-renamed", when=1_700_000_000.0, bio="User keeps bees.")]
    ).encode()
    renamed = tmp_path / "chatgpt-2026-11.json"
    renamed.write_bytes(chatgpt)
    first = mem.import_file(renamed, conversations=True)
    assert first.vendor == "chatgpt" and first.conversations is not None
    assert first.conversations.conversations == 1 and first.conversations.messages_appended == 2
    assert mem.import_file(chatgpt, conversations=True).conversations.messages_already_there == 2  # type: ignore[union-attr]
    claude = mem.import_file(json.dumps(claude_conversations()).encode(), conversations=True)
    assert claude.vendor == "claude" and claude.conversations.messages_appended == 1  # type: ignore[union-attr]
    gemini = mem.import_file(gemini_chat_activity(), conversations=True)
    assert gemini.vendor == "gemini" and gemini.conversations.conversations == 2  # type: ignore[union-attr]
    assert {c.conversation_id.split(":")[0] for c in mem.conversations.list()} == {
        "chatgpt",
        "claude",
        "gemini",
    }
    # a lone file that holds no conversations is still refused, before anything is written
    with pytest.raises(InvalidInput, match="--conversations: .* has no conversations.json"):
        mem.import_file(json.dumps([CLAUDE_MEMORY]).encode(), conversations=True)
