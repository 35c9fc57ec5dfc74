"""Realistic synthetic exports, built from the format notes (export-formats.md §1-§4): every vendor and
layout (zip, folder, sharded, nested zips, loose JSON, pasted text). All content is invented."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

EMAIL = "mira.k@example.org"
PHONE = "+33600000042"
LOGIN_IP = "203.0.113.77"
EXPORT_URL = "https://claude.ai/export/download/5f0c9e2b-one-time-token-7d1a"


def _msg(mid: str, parent: str | None, children: list[str], message: dict[str, Any] | None) -> dict[str, Any]:
    return {"id": mid, "parent": parent, "children": children, "message": message}


def chatgpt_conversation(
    conv_id: str, *, when: float, about: str | None = None, snapshot: str = "", bio: str | None = None,
    do_not_remember: bool = False, shape: str = "2024", with_children: bool = True,
) -> dict[str, Any]:  # fmt: skip
    """One conversation: optional custom instructions (2024 or 2023 shape), a memory snapshot, a bio
    write followed by its acknowledgement, and a regenerated reply on a discarded branch."""
    mapping: dict[str, Any] = {"client-created-root": _msg("client-created-root", None, [], None)}
    chain: list[tuple[str, dict[str, Any]]] = []
    if about is not None:
        if shape == "2024":
            ci = {"id": "ci", "author": {"role": "user", "name": None, "metadata": {}}, "create_time": None,
                  "content": {"content_type": "user_editable_context",
                              "user_profile": f"The user provided the following information about themselves.\nUser profile:\n```{about}```",
                              "user_instructions": "The user provided the additional info:\n```Be brief.```"},
                  "weight": 1, "recipient": "all", "channel": None,
                  "metadata": {"is_user_system_message": True, "is_visually_hidden_from_conversation": True,
                               "user_context_message_data": {"about_user_message": about, "about_model_message": "Be brief."}}}  # fmt: skip
        else:
            ci = {"id": "ci", "author": {"role": "system", "name": None, "metadata": {}}, "create_time": None,
                  "content": {"content_type": "text", "parts": [""]}, "weight": 0, "recipient": "all",
                  "metadata": {"user_context_message_data": {"about_user_message": about, "about_model_message": ""}}}  # fmt: skip
        chain.append(("ci", ci))
    chain.append(("u-1", {"id": "u-1", "author": {"role": "user"}, "create_time": when + 1,
                          "content": {"content_type": "text", "parts": ["I run 3x a week, remember that. \ue200cite\ue201"]},
                          "weight": 1, "recipient": "all", "metadata": {}}))  # fmt: skip
    chain.append(("ctx", {"id": "ctx", "author": {"role": "assistant"}, "create_time": when + 2,
                          "content": {"content_type": "model_editable_context", "model_set_context": snapshot,
                                      "repository": None, "repo_summary": None},
                          "weight": 1, "recipient": "all", "metadata": {}}))  # fmt: skip
    if bio is not None:
        chain.append(("bio-call", {"id": "bio-call", "author": {"role": "assistant"}, "create_time": when + 3,
                                   "content": {"content_type": "text", "parts": [bio]}, "end_turn": False,
                                   "weight": 1, "recipient": "bio", "channel": "commentary", "metadata": {}}))  # fmt: skip
        chain.append(("bio-ack", {"id": "bio-ack", "author": {"role": "tool", "name": "bio"}, "create_time": when + 4,
                                  "content": {"content_type": "text", "parts": ["Model set context updated."]},
                                  "weight": 1, "recipient": "assistant", "channel": "commentary",
                                  "metadata": {"memory_percentage_used": 0.12}}))  # fmt: skip
    parent = "client-created-root"
    for node_id, message in chain:
        mapping[node_id] = _msg(node_id, parent, [], message)
        mapping[parent]["children"].append(node_id)
        parent = node_id
    # two replies: a-1 discarded (it carries a bio write that must NOT be imported), a-2 the current leaf
    mapping["a-1"] = _msg("a-1", parent, [], {"id": "a-1", "author": {"role": "assistant"}, "create_time": when + 5,
                                              "content": {"content_type": "text", "parts": ["User hates running."]},
                                              "recipient": "bio", "metadata": {}})  # fmt: skip
    mapping["a-2"] = _msg("a-2", parent, [], {"id": "a-2", "author": {"role": "assistant"}, "create_time": when + 9,
                                              "content": {"content_type": "text", "parts": ["Here is a 14-week plan…"]},
                                              "recipient": "all", "channel": "final", "metadata": {}})  # fmt: skip
    mapping[parent]["children"] += ["a-1", "a-2"]
    if not with_children:  # one 2026 audit saw nodes without children
        for node in mapping.values():
            node.pop("children", None)
    return {"id": conv_id, "conversation_id": conv_id, "title": None, "create_time": when, "update_time": when + 10,
            "current_node": "a-2", "is_do_not_remember": do_not_remember, "memory_scope": "global_enabled",
            "mapping": mapping}  # fmt: skip


def chatgpt_files(*, sharded: bool = False) -> dict[str, bytes]:
    """The files of a ChatGPT export; the newest conversation has the current custom instructions."""
    convs = [
        chatgpt_conversation("c-old", when=1_735_689_600.25, about="Preferred name: Mira\nRole: student\n",
                             shape="2023", snapshot="1. [2024-09-29]. User is vegetarian.\n\n2. [2024-10-01]. User lives in Lyon."),
        chatgpt_conversation("c-new", when=1_767_225_600.123456, about="Preferred name: Mira\nRole: nurse in Lyon\n",
                             bio="User runs three times a week and is training for an April half-marathon.",
                             with_children=False),
        chatgpt_conversation("c-private", when=1_767_300_000.0, bio="User is planning a surprise party for Lea.",
                             do_not_remember=True),
    ]  # fmt: skip
    files = {
        "user.json": json.dumps({"id": "user-abc", "email": EMAIL, "chatgpt_plus_user": True, "phone_number": PHONE}).encode(),
        "message_feedback.json": b"[]",
        "shared_conversations.json": b"[]",
        "chat.html": b"<html><body>viewer</body></html>",
        "file-0a1b2c.dat": b"\x89PNG\r\n\x1a\n....",
        "export_manifest.json": json.dumps({"export_files": [{"path": "conversations-000.json", "size_bytes": 1}]}).encode(),
    }  # fmt: skip
    if sharded:
        files["conversations-000.json"] = json.dumps(convs[:1]).encode()
        files["conversations-001.json"] = ("\ufeff" + json.dumps(convs[1:], ensure_ascii=False)).encode()
    else:
        files["conversations.json"] = json.dumps(convs).encode()
    return files


CLAUDE_ACCOUNT = "aaaaaaaa-0000-4000-8000-000000000001"
CLAUDE_PROJECT = "b0000000-0000-4000-8000-000000000001"
CLAUDE_MEMORY = {
    "conversations_memory": "**Work context**\n\nMira is a nurse in Lyon who works night shifts.\n\n"
    "**Personal context**\n\nTrains for an April half-marathon.\nVegetarian.\n\n"
    "**Top of mind**\n\nKitchen renovation, budget 15k EUR.",
    "project_memories": {CLAUDE_PROJECT: "**Purpose & context**\n\nShift-planning helper for the ward.\n\n"
                         "**Key learnings**\n\n- Night shifts rotate every 3 weeks."},
    "account_uuid": CLAUDE_ACCOUNT,
}  # fmt: skip
CLAUDE_MEMORY_FILES = [
    {"path": "/profile.md", "content": "---\nname: profile\ndescription: Who Mira is\nsources: [chat]\naliases: []\n---\n"
     "- [stated] Works night shifts\n- Partner is [[people/lea-martin|Lea]]", "updated_at": "2026-09-20T08:00:00.000000+00:00"},
]  # fmt: skip


def claude_conversations() -> list[dict[str, Any]]:
    return [{"uuid": "0199aaaa-0000-7000-8000-000000000001", "name": "", "summary": "", "created_at": "2026-05-03T09:12:00.000000Z",
             "updated_at": "2026-05-03T09:20:41.500000Z", "account": {"uuid": CLAUDE_ACCOUNT},
             "chat_messages": [{"uuid": "m1", "sender": "human", "text": "We have 12k EUR for the kitchen.",
                                "content": [{"type": "text", "text": "We have 12k EUR for the kitchen."}],
                                "created_at": "2026-05-03T09:12:01.000000Z", "attachments": [], "files": [],
                                "parent_message_uuid": "00000000-0000-4000-8000-000000000000"}]}]  # fmt: skip


def claude_legacy_files(*, with_memory: bool = True) -> dict[str, bytes]:
    files = {
        "conversations.json": json.dumps(claude_conversations()).encode(),
        "users.json": json.dumps(
            [
                {
                    "uuid": CLAUDE_ACCOUNT,
                    "full_name": "Mira K",
                    "email_address": EMAIL,
                    "verified_phone_number": PHONE,
                }
            ]
        ).encode(),  # fmt: skip
        "projects.json": json.dumps([{"uuid": CLAUDE_PROJECT, "name": "Ward rota", "docs": []}]).encode(),
    }
    if with_memory:
        files["memories.json"] = json.dumps([CLAUDE_MEMORY]).encode()
    return files


def zip_bytes(files: dict[str, bytes], *, prefix: str = "") -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            z.writestr(prefix + name, data)
    return buf.getvalue()


def claude_2026_files() -> dict[str, bytes]:
    """The 2026 delivery: the manifest and category zips (one downloaded twice), as the user saves them."""
    manifest = {"created_at": "2026-09-20T08:00:00+00:00", "version": "1.0", "total_files": 3,
                "data_files": [{"category": c, "part": 0, "filename": f"{c}-000.zip", "export_url": EXPORT_URL}
                               for c in ("conversations", "memories", "light_metadata")]}  # fmt: skip
    memory = {**CLAUDE_MEMORY, "memory_files": CLAUDE_MEMORY_FILES}
    return {
        "manifest-5f0c-1758355200-ab12-2026-09-20.json": json.dumps(manifest).encode(),
        "conversations-000.zip": zip_bytes({"conversations.json": json.dumps(claude_conversations()).encode()}),
        "conversations-000 (1).zip": zip_bytes({"conversations.json": json.dumps(claude_conversations()).encode()}),
        "memories-000.zip": zip_bytes({f"memories/{CLAUDE_ACCOUNT}.json": json.dumps(memory).encode()}),
        "projects-000.zip": zip_bytes({f"projects/{CLAUDE_PROJECT}.json": json.dumps(
            {"uuid": CLAUDE_PROJECT, "name": "Ward rota", "created_at": "2026-01-01T00:00:00+00:00"}).encode()}),
        "light_metadata-000.zip": zip_bytes({
            "users.json": json.dumps([{"uuid": CLAUDE_ACCOUNT, "email_address": EMAIL}]).encode(),
            "login_history.json": json.dumps([{"ip": LOGIN_IP, "at": "2026-09-01T00:00:00Z"}]).encode(),
        }),
    }  # fmt: skip


GEMS_HTML = """<html><head><style>.x{}</style></head><body><div class="mdl-grid">
<div class="outer-cell mdl-cell mdl-cell--12-col mdl-shadow--2dp"><div class="header-cell"><p>Gems</p></div>
<div class="content-cell">Running coach<br>Instructions:<br>You coach a night-shift nurse training for a
half-marathon; keep plans to three runs a week.</div></div>
<div class="outer-cell mdl-cell mdl-cell--12-col mdl-shadow--2dp"><div class="header-cell"><p>Gems</p></div>
<div class="content-cell">Recipe helper<br>Instructions:<br>Suggest vegetarian dinners for two&nbsp;people.</div></div>
</div></body></html>"""


def gemini_activity(header: str = "Gemini Apps") -> bytes:
    return json.dumps([
        {"header": header, "title": "Prompted best way to store fresh basil?", "time": "2026-08-02T18:05:11.204Z",
         "products": [header], "activityControls": ["Gemini Apps Activity"],
         "safeHtmlItem": [{"html": "<p>Keep it like cut flowers…</p>"}]},
    ], ensure_ascii=False).encode()  # fmt: skip


def gemini_takeout_files(*, gems: bool = True, localised: bool = False) -> dict[str, bytes]:
    activity = ("Takeout/マイ アクティビティ/Gemini アプリ/マイアクティビティ.json" if localised
                else "Takeout/My Activity/Gemini Apps/MyActivity.json")  # fmt: skip
    files = {activity: gemini_activity("Gemini アプリ" if localised else "Gemini Apps"),
             "Takeout/archive_browser.html": b"<html></html>"}  # fmt: skip
    if gems:
        files["Takeout/Gemini/gemini_gems_data.html"] = GEMS_HTML.encode()
        files["Takeout/Gemini/gemini_scheduled_actions_data.html"] = b"<html><body></body></html>"
    return files


def write_folder(root: Path, files: dict[str, bytes]) -> Path:
    for name, data in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return root


PASTED = {
    "plain": "Prefers metric units.\nHas a cat named Pixel.\nWorks remotely for a Berlin startup.",
    "prompt": "```\n[2026-03-01] - Prefers metric units\n[unknown] - Has a cat named Pixel\n```",
    "numbered": "1. [2025-11-02]. User is vegetarian.\n\n2. [2025-12-14]. User lives in Lyon.",
    "claude": "**Work context**\n\nMira is a night-shift nurse.\n\n**Top of mind**\n\nKitchen renovation.",
}


# -- conversations (import --conversations) ----------------------------------------------------------------

PEOPLE = [
    "Ana",
    "Bruno",
    "Chloe",
    "Dmitri",
    "Elif",
    "Farah",
    "Goran",
    "Hana",
    "Ivo",
    "Jonas",
    "Kemal",
    "Lena",
]
CITIES = ["Porto", "Lyon", "Gdansk", "Tartu", "Bergen", "Split", "Ghent", "Turin", "Graz", "Malmo"]


def chat_statements(i: int) -> list[str]:
    """Two durable user statements for conversation ``i`` (distinct across conversations)."""
    person, city = PEOPLE[i % len(PEOPLE)], CITIES[i % len(CITIES)]
    return [f"My cousin {person} {i} moved to {city} last spring.",
            f"I prefer the {i}th-floor meeting room in {city} for planning days."]  # fmt: skip


def chatgpt_chat(i: int, *, when: float) -> dict[str, Any]:
    """A ChatGPT conversation whose visible branch is: hidden system message, user statement, assistant
    reply, a tool call and its result (hidden), an edited user statement (the old one on a discarded
    branch), the final reply. Returns the conversation."""
    first, second = chat_statements(i)

    def m(mid: str, role: str, text: str, t: float, **extra: Any) -> dict[str, Any]:
        return {"id": mid, "author": {"role": role, "name": None, "metadata": {}}, "create_time": t,
                "content": {"content_type": "text", "parts": [text]}, "weight": 1, "recipient": "all",
                "channel": None, "metadata": {}, **extra}  # fmt: skip

    nodes = [
        (
            "sys",
            m("sys", "system", "", when, weight=0, metadata={"is_visually_hidden_from_conversation": True}),
        ),
        ("u1", m("u1", "user", first + " \ue200cite\ue201", when + 1)),
        ("a1", m("a1", "assistant", "Noted. Anything else?", when + 2)),
        ("call", m("call", "assistant", "search('rooms')", when + 3, recipient="browser")),
        ("res", m("res", "tool", "3 results", when + 4)),
        ("u2", m("u2", "user", second, when + 5)),
        ("a2", m("a2", "assistant", "Booked the room.", when + 6)),
    ]
    mapping: dict[str, Any] = {"client-created-root": _msg("client-created-root", None, [], None)}
    parent = "client-created-root"
    for node_id, message in nodes:
        if node_id == "u2":  # the first version of the edited prompt, on a branch nobody sees any more
            mapping["u2-old"] = _msg(
                "u2-old", parent, [], m("u2-old", "user", "I hate meeting rooms.", when + 5)
            )
            mapping[parent]["children"].append("u2-old")
        mapping[node_id] = _msg(node_id, parent, [], message)
        mapping[parent]["children"].append(node_id)
        parent = node_id
    return {"id": f"chat-{i:03d}", "conversation_id": f"chat-{i:03d}", "title": f"Chat {i}", "create_time": when,
            "update_time": when + 6, "current_node": "a2", "mapping": mapping}  # fmt: skip


#: what the visible branch of ``chatgpt_chat`` holds, as (role, text)
def chatgpt_chat_visible(i: int) -> list[tuple[str, str]]:
    first, second = chat_statements(i)
    return [("user", first), ("assistant", "Noted. Anything else?"), ("user", second),
            ("assistant", "Booked the room.")]  # fmt: skip


def chatgpt_chats_export(n: int) -> bytes:
    """A ChatGPT export zip of ``n`` conversations (no memory section), sharded like 2026 exports."""
    convs = [chatgpt_chat(i, when=1_767_225_600.0 + 3600 * i) for i in range(n)]
    half = n // 2
    return zip_bytes({"conversations-000.json": json.dumps(convs[:half]).encode(),
                      "conversations-001.json": json.dumps(convs[half:]).encode(),
                      "user.json": json.dumps({"email": EMAIL}).encode()})  # fmt: skip


def claude_branched_conversations() -> list[dict[str, Any]]:
    """A Claude conversation whose first prompt was edited: the last message (the current leaf) is a
    sibling of the first; only it and what follows it on its branch are visible."""
    root = "00000000-0000-4000-8000-000000000000"

    def msg(
        uid: str, sender: str, text: str, parent: str, at: str, extra: list[dict[str, Any]] = ()
    ) -> dict[str, Any]:  # type: ignore[assignment]
        return {"uuid": uid, "sender": sender, "text": text, "created_at": at, "attachments": [], "files": [],
                "content": [*extra, {"type": "text", "text": text}], "parent_message_uuid": parent}  # fmt: skip

    thinking = [{"type": "thinking", "thinking": "The user wants a budget split."}]
    return [{"uuid": "claude-conv-1", "name": "Kitchen", "summary": "", "created_at": "2026-05-03T09:12:00.000000Z",
             "chat_messages": [
                 msg("h1", "human", "We have 12k EUR for the kitchen.", root, "2026-05-03T09:12:01.000000Z"),
                 msg("a1", "assistant", "Let me split that.", "h1", "2026-05-03T09:12:20.000000Z", thinking),
                 msg("h1b", "human", "My kitchen budget is 15k EUR, my sister Ana pays half.", root,
                     "2026-05-03T09:20:40.000000Z"),
                 msg("a1b", "assistant", "Then 7.5k each.", "h1b", "2026-05-03T09:20:50.000000Z", thinking),
             ]}]  # fmt: skip


def gemini_chat_activity() -> bytes:
    """My Activity (JSON, newest first): two chats by their details URL, one with a regenerated reply."""

    def rec(title: str, at: str, chat: str | None, drafts: list[str]) -> dict[str, Any]:
        r: dict[str, Any] = {"header": "Gemini Apps", "title": title, "time": at, "products": ["Gemini Apps"],
                             "activityControls": ["Gemini Apps Activity"],
                             "safeHtmlItem": [{"html": d} for d in drafts]}  # fmt: skip
        if chat:
            r["details"] = [
                {
                    "name": f"https://gemini.google.com/app/{chat}",
                    "url": f"https://gemini.google.com/app/{chat}",
                }
            ]
        return r

    records = [
        rec(
            "Prompted My daughter Mila starts school in Graz in September.",
            "2026-08-02T18:10:00.000Z",
            "aa11",
            ["<p>First draft</p>", "<p>Congratulations to <b>Mila</b>!</p>"],
        ),
        rec("Gave feedback: Good response", "2026-08-02T18:06:00.000Z", None, []),
        rec(
            "Prompted I'm vegetarian and cook for two.",
            "2026-08-02T18:01:40.019Z",
            "bb22",
            ["<p>Five dinners</p>"],
        ),
    ]
    return json.dumps(records).encode()


def _activity_card(prompt: str, when: str, reply_html: str, chat: str | None) -> str:
    link = (f'From: <a href="https://gemini.google.com/app/{chat}">https://gemini.google.com/app/{chat}</a><br>'
            if chat else "")  # fmt: skip
    return (
        '<div class="outer-cell mdl-cell mdl-cell--12-col mdl-shadow--2dp"><div class="mdl-grid">'
        '<div class="header-cell mdl-cell mdl-cell--12-col"><p class="mdl-typography--title">Gemini Apps<br></p></div>'
        '<div class="content-cell mdl-cell mdl-cell--6-col mdl-typography--body-1">'
        f"{prompt}<br>{when}<br>{reply_html}</div>"
        '<div class="content-cell mdl-cell mdl-cell--6-col mdl-typography--body-1 mdl-typography--text-right"></div>'
        '<div class="content-cell mdl-cell mdl-cell--12-col mdl-typography--caption"><b>Products:</b><br>'
        f"&emsp;Gemini Apps<br><b>Details:</b><br>&emsp;{link}</div></div></div>"
    )


def gemini_chat_activity_html() -> bytes:
    """My Activity as Takeout's default HTML (newest first), the cards of ``gemini_chat_activity``; the
    times in Takeout's English form, with a narrow no-break space before AM/PM."""
    cards = [
        _activity_card("Prompted My daughter Mila starts school in Graz in September.",
                       "Aug 2, 2026, 8:10:00\u202fPM GMT+02:00", "<p>Congratulations to <b>Mila</b>!</p>", "aa11"),
        _activity_card("Gave feedback: Good response", "Aug 2, 2026, 8:06:00\u202fPM GMT+02:00", "", None),
        _activity_card("Prompted I&#39;m vegetarian and cook for two.", "Aug 2, 2026, 8:01:40\u202fPM GMT+02:00",
                       "<p>Five dinners</p>", "bb22"),
    ]  # fmt: skip
    return ('<html><head><style>.x{}</style></head><body><div class="mdl-grid">' + "".join(cards)
            + "</div></body></html>").encode()  # fmt: skip
