"""``import --conversations`` by two users of one workspace, both backends: each import's conversations
and memories are its user's own, and each report counts only what is hers, whoever imported the same
export before her, and whatever the workspace logged under the same conversation id (its log ids are
``<vendor>:<id>``, so another user can log one first)."""

from __future__ import annotations

from export_fixtures import chatgpt_chat_visible, chatgpt_chats_export
from memlane import Memlane
from memlane.models import Actor, ConversationImportReport


def _counts(report: ConversationImportReport | None) -> tuple[int, ...]:
    assert report is not None
    return (report.conversations, report.messages_appended, report.messages_already_there,
            report.exchanges_extracted, report.exchanges_already_extracted, report.memories_added)  # fmt: skip


def test_two_users_import_the_same_export(mem: Memlane) -> None:
    s = mem.service
    carol = Actor(user="carol")  # the workspace's conversation of the same id, logged first, and shared
    s.conversations.append("chatgpt:chat-000", [{"role": "user", "text": chatgpt_chat_visible(0)[0][1]}],
                           actor=carol, visibility="shared")  # fmt: skip
    export = chatgpt_chats_export(3)
    reports = {}
    for user in ("alice", "bob"):
        reports[user] = s.import_file(export, actor=Actor(user=user), conversations=True).conversations
    assert _counts(reports["alice"]) == _counts(reports["bob"])
    assert _counts(reports["alice"])[:5] == (3, 12, 0, 6, 0) and _counts(reports["alice"])[5] > 0

    for user in ("alice", "bob"):
        actor = Actor(user=user)
        mine = s.conversations.show("chatgpt:chat-000", actor=actor)
        assert [m.author for m in mine] == ["carol"] + [user] * 4  # hers, and the workspace's
        assert {m.owner for m in s.list_recent(actor=actor, limit=100)} == {f"user:{user}"}
    assert s.list_recent(actor=carol, limit=100) == []
    assert [m.author for m in s.conversations.show("chatgpt:chat-000", actor=carol)] == ["carol"]
