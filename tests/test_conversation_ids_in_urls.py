"""A conversation's id is one URL path segment (``conversations.url_segment``), as a profile's name is:
a conversation logged as "a/b", "." or ".." through the embedded SDK, the CLI or an import was kept, and
could then never be read nor added to through the REST API or the remote SDK (/v1/conversations/ID: a
server decodes '%2F' before it routes, clients drop '.' and '..'). Adding to one is refused on every
surface; an imported conversation whose vendor id has a '/' is logged under a hashed id, as a long one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from backends import count_rows
from cli_runner import invoke
from export_fixtures import chatgpt_chat, zip_bytes
from memlane import InvalidInput, Memlane
from servers import Stack, running

REFUSED = "cannot name a conversation: it is part of URLs"


@pytest.mark.parametrize("conversation_id", ["slack/C1/ts", ".", "..", "/"])
def test_a_conversation_id_that_is_no_url_segment_is_refused(
    mem: Memlane, db_path: Path | str, conversation_id: str
) -> None:
    with pytest.raises(InvalidInput, match=REFUSED):
        mem.conversations.append(conversation_id, [{"role": "user", "text": "I moved to Lyon"}])
    assert count_rows(db_path, "conversation_messages") == 0


def test_the_cli_refuses_it_too(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    Memlane(db, user="alice", embedder="none").close()
    env = {"MEMLANE_DATABASE_URL": str(db), "MEMLANE_EMBEDDER": "none", "MEMLANE_USER": "alice"}
    out = invoke(["conversations", "append", "a/b", "-"], env, input='[{"role": "user", "text": "hi"}]')
    assert out.returncode != 0 and REFUSED in out.stderr, (out.stdout, out.stderr)


def test_other_ids_read_back_through_every_client(stack: Stack) -> None:
    """Every other character still names a conversation the remote SDK reads and adds to."""
    ids = ["a?b", "a#b", "50%", "%2F", "a b", "Zoé", "a+b", "..x", "x" * 200]
    for cid in ids:
        stack.mem.conversations.append(cid, [{"role": "user", "text": f"hi {cid}"}])
    with running(stack.app()) as url:
        remote = Memlane.connect(url, api_key=stack.admin_key)
        try:
            for cid in ids:
                assert [m.text for m in remote.conversations.show(cid)] == [f"hi {cid}"], cid
                remote.conversations.append(cid, [{"role": "user", "text": "again"}])
                assert len(stack.mem.conversations.show(cid)) == 2
        finally:
            remote.close()


def test_an_imported_conversation_whose_id_has_a_slash_is_readable_over_rest(stack: Stack) -> None:
    chat = chatgpt_chat(0, when=1_767_225_600.0)
    chat["id"] = chat["conversation_id"] = "team/chat-000"
    export = zip_bytes({"conversations.json": json.dumps([chat]).encode()})
    assert stack.mem.import_file(export, conversations=True).conversations.conversations == 1  # type: ignore[union-attr]
    (logged,) = stack.mem.conversations.list()
    assert logged.conversation_id.startswith("chatgpt:") and "/" not in logged.conversation_id
    with running(stack.app()) as url:
        remote = Memlane.connect(url, api_key=stack.admin_key)
        try:
            assert len(remote.conversations.show(logged.conversation_id)) == 4
        finally:
            remote.close()
