"""The conversations of an export (``import --conversations``): the visible branch of each, as plain
user and assistant turns (export-formats §1.4, §2.3, §3.2). Nothing is stored here.

- ChatGPT: the path from ``current_node`` up the ``parent`` links (cycle-safe), user and assistant
  text only: hidden messages (``weight`` 0, ``is_visually_hidden_from_conversation``), tool calls and
  results (``recipient`` other than ``all``, role ``tool``), system messages, custom instructions, memory
  snapshots, ``thoughts`` and commentary are left out. Conversations marked do-not-remember are skipped.
- Claude: the ``parent_message_uuid`` chain from the last message up to the root sentinel (or a parent
  that is missing); exports without parents are linear. Only ``text`` content blocks (no thinking, tool
  blocks or injected prompts); ``text`` is the fallback for a message without ``content``.
- Gemini (My Activity, JSON or Takeout's default HTML): each ``Prompted …`` record is a user turn and
  its reply the last ``safeHtmlItem`` (earlier ones are drafts regenerated over), as text; records are
  grouped into chats by their ``details`` chat URL, else by a gap of 30 minutes. In HTML, a card's first
  content cell holds the prompt, the time (read in English: ``Oct 6, 2026, 12:00:00 PM GMT-03:00``;
  another language's turn has no time and is grouped by its chat link only) and the reply.

Conversation files are streamed one conversation at a time (``json_items``): exports of hundreds of MB
stay in bounded memory. The same conversation in two files (a duplicate download) is given once.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, timezone
from html.parser import HTMLParser
from typing import Any, Literal

from ..errors import InvalidInput
from ..text import content_hash
from .archive import Entry, Source
from .base import first_item, json_items, parse_date
from .chatgpt import _visible, conversation_files
from .text import decoded_chunks

__all__ = ["ImportedConversation", "ImportedMessage", "check_conversations", "iter_conversations"]

_CLAUDE_ROOT = "00000000-0000-4000-8000-000000000000"
_SKIPPED_CHATGPT = {"user_editable_context", "model_editable_context", "thoughts", "reasoning_recap"}
_GEMINI_GAP = timedelta(minutes=30)
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MAX_HTML = 64 * 1024 * 1024
_CITATION = re.compile(
    "\ue200[^\ue201]*\ue201"
)  # ChatGPT's citation tokens, e.g. \ue200cite\ue202turn0\ue201
_PRIVATE_USE = re.compile("[\ue000-\uf8ff]")
_GEMINI_CHAT = re.compile(r"gemini\.google\.com/app/([0-9a-zA-Z_-]+)")


@dataclass
class ImportedMessage:
    #: the vendor's id of the message (or its position), stable across exports
    id: str
    role: Literal["user", "assistant"]
    text: str
    at: datetime | None = None


@dataclass
class ImportedConversation:
    vendor: str
    #: the vendor's id of the conversation
    id: str
    file: str
    title: str | None = None
    messages: list[ImportedMessage] = field(default_factory=list)


def _loose(source: Source, vendor: str) -> list[Entry]:
    """A lone JSON file of the vendor's conversations under another name (renamed, piped to stdin,
    uploaded as bytes), told by its content as ``detect`` tells it: the facts of such a file were
    imported and ``--conversations`` refused it for its name."""
    if len(source.entries) != 1:
        return []
    item = first_item(source.entries[0])
    if not isinstance(item, dict):
        return []
    if (
        (vendor == "chatgpt" and isinstance(item.get("mapping"), dict))
        or (vendor == "claude" and isinstance(item.get("chat_messages"), list))
        or (vendor == "gemini" and "header" in item and "title" in item)
    ):
        return list(source.entries)
    return []


def _chat_files(source: Source, vendor: str) -> list[Entry]:
    return conversation_files(source) or _loose(source, vendor)


def check_conversations(source: Source, vendor: str) -> None:
    """Refuse (before anything is written) an export that cannot hold conversations."""
    if vendor in ("chatgpt", "claude") and _chat_files(source, vendor):
        return
    if vendor == "gemini" and (_gemini_files(source) or _loose(source, vendor)):
        return
    expected = {
        "chatgpt": "conversations.json or conversations-NNN.json",
        "claude": "conversations.json (conversations-000.zip in a 2026 export)",
        "gemini": "Takeout/My Activity/Gemini Apps/MyActivity.json or MyActivity.html",
    }.get(vendor)
    if expected is None:
        raise InvalidInput(f"--conversations: a {vendor} import holds no conversations; nothing was imported")
    raise InvalidInput(f"--conversations: {source.label} has no {expected}; nothing was imported")


def iter_conversations(source: Source, vendor: str) -> Iterator[ImportedConversation]:
    """The export's conversations, visible branch only, in file order (check_conversations first)."""
    seen: set[str] = set()
    if vendor == "gemini":
        found: Iterator[ImportedConversation] = _gemini(source)
    else:
        found = _chatgpt_or_claude(source, vendor)
    for conv in found:
        if conv.id in seen or not conv.messages:
            continue
        seen.add(conv.id)
        yield conv


def _chatgpt_or_claude(source: Source, vendor: str) -> Iterator[ImportedConversation]:
    for entry in _chat_files(source, vendor):
        for item in json_items(entry):
            if not isinstance(item, dict):
                continue
            if vendor == "chatgpt" and isinstance(item.get("mapping"), dict):
                conv = _chatgpt(item, entry)
            elif vendor == "claude" and isinstance(item.get("chat_messages"), list):
                conv = _claude(item, entry)
            else:
                continue
            if conv is not None:
                yield conv


def _chatgpt(item: dict[str, Any], entry: Entry) -> ImportedConversation | None:
    conv_id = item.get("conversation_id") or item.get("id")
    if not isinstance(conv_id, str) or not conv_id or item.get("is_do_not_remember") is True:
        return None
    title = item.get("title") if isinstance(item.get("title"), str) else None
    conv = ImportedConversation("chatgpt", conv_id, entry.name, title)
    fallback = parse_date(item.get("create_time"))
    for index, msg in enumerate(_visible(item["mapping"], item.get("current_node"))):
        if not isinstance(msg, dict) or not msg:
            continue
        role = (msg.get("author") or {}).get("role")
        content = msg.get("content") or {}
        meta = msg.get("metadata") or {}
        if (
            role not in ("user", "assistant")
            or msg.get("weight") == 0
            or meta.get("is_visually_hidden_from_conversation")
            or meta.get("is_user_system_message")
            or msg.get("recipient") not in (None, "all")
            or msg.get("channel") not in (None, "final")
            or not isinstance(content, dict)
            or content.get("content_type") in _SKIPPED_CHATGPT
        ):
            continue
        parts = content.get("parts")
        text = "\n".join(p for p in parts if isinstance(p, str)) if isinstance(parts, list) else ""
        text = _PRIVATE_USE.sub("", _CITATION.sub("", text)).strip()
        if not text:
            continue
        mid = msg["id"] if isinstance(msg.get("id"), str) else f"#{index}"
        at = parse_date(msg.get("create_time")) or fallback
        conv.messages.append(ImportedMessage(mid, role, text, at))
    return conv


def _claude(item: dict[str, Any], entry: Entry) -> ImportedConversation | None:
    conv_id = item.get("uuid")
    if not isinstance(conv_id, str) or not conv_id:
        return None
    title = item.get("name") if isinstance(item.get("name"), str) and item.get("name") else None
    conv = ImportedConversation("claude", conv_id, entry.name, title)
    messages = [m for m in item["chat_messages"] if isinstance(m, dict)]
    if any("parent_message_uuid" in m for m in messages) and messages:
        by_id = {m.get("uuid"): m for m in messages if isinstance(m.get("uuid"), str)}
        path, seen = [], set()
        node: dict[str, Any] | None = messages[-1]
        while node is not None and id(node) not in seen:
            seen.add(id(node))
            path.append(node)
            parent = node.get("parent_message_uuid")
            node = by_id.get(parent) if parent != _CLAUDE_ROOT else None
        messages = path[::-1]
    for index, msg in enumerate(messages):
        role = {"human": "user", "assistant": "assistant"}.get(msg.get("sender"))  # type: ignore[arg-type]
        if role is None:
            continue
        blocks = msg.get("content")
        if isinstance(blocks, list):
            text = "\n\n".join(
                b["text"].strip()
                for b in blocks
                if isinstance(b, dict) and b.get("type") == "text" and isinstance(b.get("text"), str)
                and b["text"].strip()
            )  # fmt: skip
        else:
            text = msg.get("text").strip() if isinstance(msg.get("text"), str) else ""  # type: ignore[union-attr]
        if not text:
            continue
        mid = msg.get("uuid") if isinstance(msg.get("uuid"), str) else f"#{index}"
        conv.messages.append(ImportedMessage(mid, role, text, parse_date(msg.get("created_at"))))  # type: ignore[arg-type]
    return conv


# -- Gemini ---------------------------------------------------------------------------------------------


def _gemini_files(source: Source) -> list[Entry]:
    """My Activity files of Gemini Apps: JSON, or HTML (Takeout's default) under a path naming Gemini and
    an activity folder (names are localised); Gems and scheduled actions are not activity."""
    return sorted(
        (e for e in source.entries if "gemini" in e.name.lower() and (
            e.base.lower().endswith(".json") or (e.base.lower().endswith((".html", ".htm")) and "activ" in e.name.lower()))
         and not e.base.lower().startswith(("gemini_gems_data", "gemini_scheduled_actions"))),
        key=lambda e: e.name,
    )  # fmt: skip


class _ActivityCards(HTMLParser):
    """My Activity HTML: per ``outer-cell`` card, the text lines of its first content cell (title, time,
    reply) and the links in the card (the chat URL is one of them)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.cards: list[tuple[list[str], list[str]]] = []
        self._depth = 0  # <div> depth inside the current card's first content cell (0: not in one)
        self._line: list[str] = []
        self._has_content = False

    def _flush(self) -> None:
        text = " ".join("".join(self._line).replace("\u202f", " ").replace("\xa0", " ").split())
        if text and self.cards and self._depth:
            self.cards[-1][0].append(text)
        self._line = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = found.get("class") or ""
        if tag == "div" and "outer-cell" in classes:
            self._flush()
            self.cards.append(([], []))
            self._depth, self._has_content = 0, False
        elif tag == "div" and self._depth:
            self._depth += 1
        elif tag == "div" and "content-cell" in classes and "body-1" in classes and not self._has_content:
            self._depth, self._has_content = 1, bool(self.cards)
        if tag == "a" and self.cards and found.get("href"):
            self.cards[-1][1].append(str(found["href"]))
        if tag in ("br", "p", "li", "h1", "h2", "h3", "h4", "tr", "pre"):
            self._flush()

    def handle_endtag(self, tag: str) -> None:
        if tag in ("p", "li", "h1", "h2", "h3", "h4", "tr", "pre"):
            self._flush()
        if tag == "div" and self._depth:
            self._flush()
            self._depth -= 1

    def handle_data(self, data: str) -> None:
        if self._depth:
            self._line.append(data)


_HTML_TIME = re.compile(
    r"^([A-Z][a-z]{2}) (\d{1,2}), (\d{4}), (\d{1,2}):(\d{2}):(\d{2}) ([AP]M)(?: (?:GMT|UTC)([+-]\d{1,2}(?::?\d{2})?)?)?"
)
_MONTHS = {m: i for i, m in enumerate(("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
                                       "Nov", "Dec"), start=1)}  # fmt: skip


def _html_time(text: str) -> datetime | None:
    """``Oct 6, 2026, 12:00:00 PM GMT-03:00`` (English Takeout) as UTC; None for other languages."""
    m = _HTML_TIME.match(text)
    if m is None or m.group(1) not in _MONTHS:
        return None
    hour = int(m.group(4)) % 12 + (12 if m.group(7) == "PM" else 0)
    offset = m.group(8) or "+00:00"
    sign = -1 if offset.startswith("-") else 1
    hours, _, minutes = offset[1:].partition(":")
    if not minutes and len(hours) > 2:
        hours, minutes = hours[:-2], hours[-2:]
    try:
        tz = timezone(sign * timedelta(hours=int(hours), minutes=int(minutes or 0)))  # ValueError: ±24 h
        local = datetime(int(m.group(3)), _MONTHS[m.group(1)], int(m.group(2)), hour, int(m.group(5)),
                         int(m.group(6)), tzinfo=tz)  # fmt: skip
        return local.astimezone(UTC)
    except (ValueError, OverflowError):  # OverflowError: before year 1 or after 9999 once in UTC
        return None


def _html_turns(entry: Entry) -> Iterator[tuple[datetime | None, str | None, str, str, str]]:
    """The turns of a My Activity HTML file, read and parsed a chunk at a time: the file is held neither
    whole as bytes nor as text, nor are its cards (only the turns they give)."""
    if entry.size > _MAX_HTML:
        raise InvalidInput(f"{entry.name} is larger than {_MAX_HTML:,} bytes; nothing was imported")
    parser = _ActivityCards()
    with entry.open() as f:
        for chunk in decoded_chunks(f, entry.name):
            parser.feed(chunk)
            done, parser.cards = parser.cards[:-1], parser.cards[-1:]  # (only the last one may grow)
            yield from _card_turns(done, entry.name)
    parser.close()
    parser._flush()
    yield from _card_turns(parser.cards, entry.name)


def _card_turns(
    cards: list[tuple[list[str], list[str]]], file: str
) -> Iterator[tuple[datetime | None, str | None, str, str, str]]:
    for lines, links in cards:
        if len(lines) < 3:  # a prompt, its time and a reply
            continue
        prompt = _prompt(lines[0]).strip()
        at = _html_time(lines[1])
        if not prompt:
            continue
        chat = next((m.group(1) for m in map(_GEMINI_CHAT.search, links) if m), None)
        yield at, chat, prompt, "\n".join(lines[2:] if at is not None else lines[1:]), file


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("p", "br", "li", "div", "h1", "h2", "h3", "h4", "tr", "pre"):
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def _html_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    parser.close()
    lines = (" ".join(line.replace("\xa0", " ").split()) for line in "".join(parser.parts).splitlines())
    return "\n".join(line for line in lines if line)


def _prompt(title: str) -> str:
    if title.startswith("Prompted "):
        return title[len("Prompted ") :]
    head, sep, rest = title.partition(": ")  # localised prefixes ("送信したメッセージ: …")
    return rest if sep and len(head) <= 40 else ""


def _gemini(source: Source) -> Iterator[ImportedConversation]:
    turns: list[tuple[datetime | None, str | None, str, str, str]] = []  # (time, chat, prompt, reply, file)
    lone = _loose(source, "gemini")
    for entry in _gemini_files(source) or lone:
        if not entry.base.lower().endswith(".json") and entry not in lone:
            turns.extend(_html_turns(entry))
            continue
        for record in json_items(entry):
            if not isinstance(record, dict) or not isinstance(record.get("title"), str):
                continue
            drafts = [d["html"] for d in record.get("safeHtmlItem") or []
                      if isinstance(d, dict) and isinstance(d.get("html"), str)]  # fmt: skip
            at = parse_date(record.get("time"))
            prompt = _prompt(record["title"]).strip()
            if not drafts or at is None or not prompt:
                continue  # canvases, feedback, "Used …": no turn
            chat = None
            for d in record.get("details") or []:
                m = _GEMINI_CHAT.search(str((d or {}).get("url") or (d or {}).get("name") or ""))
                if m:
                    chat = m.group(1)
            turns.append((at, chat, prompt, _html_text(drafts[-1]), entry.name))
    turns.sort(key=lambda t: (t[0] is None, t[0] or _EPOCH))  # My Activity lists the newest first
    chats: dict[str, ImportedConversation] = {}
    loose: ImportedConversation | None = None
    last: datetime | None = None
    for at, chat, prompt, reply, file in turns:
        if chat is not None:
            conv = chats.setdefault(chat, ImportedConversation("gemini", chat, file))
        elif at is None:  # an undated turn of a localised HTML export, with no chat link: on its own
            conv = chats.setdefault(f"activity-{content_hash(prompt)[:16]}",
                                    ImportedConversation("gemini", f"activity-{content_hash(prompt)[:16]}", file))  # fmt: skip
        else:
            if loose is None or last is None or at - last > _GEMINI_GAP:
                loose = ImportedConversation("gemini", f"activity-{at.strftime('%Y%m%dT%H%M%S')}", file)
                chats[loose.id] = loose
            conv, last = loose, at
        turn = f"{at.isoformat() if at else 'undated'}-{content_hash(prompt)[:12]}"  # stable across exports
        conv.messages.append(ImportedMessage(f"{turn}-prompt", "user", prompt, at))
        if reply:
            conv.messages.append(ImportedMessage(f"{turn}-reply", "assistant", reply, at))
    yield from chats.values()
