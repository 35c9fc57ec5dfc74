"""Importing memories from other assistants' exports (ChatGPT, Claude, Gemini), pasted summaries and
memlane's own export. ``read_export`` parses (nothing is stored); ``MemoryService.import_batch`` stores.

Only what the source assistant already distilled is imported (docs/import.md). The vendor is decided by
content, not by file name (``detect``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from ..errors import InvalidInput
from .archive import Limits, ReadProgress, Source, open_source
from .base import MAX_FACTS, Batch, Fact, first_item
from .chatgpt import conversation_files, parse_chatgpt
from .claude import is_memory_object, memory_files, parse_claude
from .conversations import ImportedConversation, ImportedMessage, check_conversations, iter_conversations
from .gemini import gems_files, is_gemini_activity, parse_gemini
from .text import parse_text

__all__ = [
    "FORMATS",
    "MAX_FACTS",
    "Batch",
    "Fact",
    "ImportedConversation",
    "ImportedMessage",
    "Limits",
    "detect",
    "read_conversations",
    "read_export",
]

FORMATS = ("auto", "chatgpt", "claude", "gemini", "text", "memlane")
_EXPECTED = (
    "a ChatGPT export (conversations.json or conversations-NNN.json), a Claude export (memories.json or"
    " memories/<account>.json), Google Takeout with Gemini Gems (gemini_gems_data.html), a memlane export"
    " (.jsonl) or pasted memory lines (text)"
)


def _single(source: Source) -> bytes | None:
    """The bytes of a lone file of at most 16 MB (pasted text), else None."""
    if len(source.entries) != 1 or source.entries[0].size > 16 * 1024 * 1024:
        return None
    with source.entries[0].open() as f:
        return f.read()


def detect(source: Source) -> str:
    """The export's vendor, from its content: ``chatgpt``, ``claude``, ``gemini``, ``memlane`` or ``text``."""
    from .memlane_format import is_memlane_export

    for entry in conversation_files(source):
        item = first_item(entry)
        if isinstance(item, dict) and "mapping" in item:
            return "chatgpt"
        if isinstance(item, dict) and "chat_messages" in item:
            return "claude"
    if memory_files(source):
        return "claude"
    if gems_files(source) or is_gemini_activity(source):
        return "gemini"
    if chats := conversation_files(source):  # named as a chat export, with no chat in it and no memory
        raise InvalidInput(
            f"{source.label}: {', '.join(e.name for e in chats[:3])} {'holds' if len(chats) == 1 else 'hold'}"
            " no conversations, and the export"
            " no memory; nothing was imported (an account with no chats exports an empty list)"
        )
    names = {e.base for e in source.entries}
    if any(n.startswith("manifest-") and n.endswith(".json") for n in names) and len(source.entries) == 1:
        raise InvalidInput(
            f"{source.label} is the Claude export manifest only; nothing was imported. Download the zips it"
            " lists (memories-000.zip holds the memory) and import them, or the folder holding them"
        )
    if len(source.entries) == 1:
        entry = source.entries[0]
        if is_memlane_export(entry):
            return "memlane"
        item = first_item(entry)
        if isinstance(item, dict) and "mapping" in item and "current_node" in item:
            return "chatgpt"
        if isinstance(item, dict) and "chat_messages" in item:
            return "claude"
        if is_memory_object(item):
            return "claude"
        if isinstance(item, dict) and "header" in item and "products" in item:
            return "gemini"
        if entry.base.lower().endswith((".json", ".html", ".htm", ".zip")) or item is not None:
            raise InvalidInput(
                f"{source.label}: not a recognised export; nothing was imported. Expected {_EXPECTED}"
            )
        return "text"
    raise InvalidInput(f"{source.label}: not a recognised export; nothing was imported. Expected {_EXPECTED}")


def read_export(
    source: str | Path | bytes | IO[bytes], format: str = "auto", *, name: str | None = None,  # noqa: A002
    limits: Limits | None = None, progress: ReadProgress | None = None, conversations: bool = False,
) -> Batch:  # fmt: skip
    """Parse an export (a path to a zip, folder or file, or its bytes) into facts; nothing is stored.

    ``conversations``: the conversations will be imported too (``read_conversations``), so an export
    without a memory section is no error, but one without conversations is."""
    if format not in FORMATS:
        raise InvalidInput(f"format: expected one of {', '.join(FORMATS)}, not {format!r}")
    src = open_source(source, limits=limits, progress=progress)
    if name:
        src.label = name
        if len(src.entries) == 1 and src.entries[0].name == "input":
            src.entries[0].name = name
    try:
        vendor = detect(src) if format == "auto" else format
        if conversations:
            check_conversations(src, vendor)
        if vendor == "text" or (vendor != "memlane" and len(src.entries) == 1 and _is_plain_text(src)):
            data = _single(src)
            if data is None:
                raise InvalidInput(
                    f"{src.label}: pasted text must be one file of at most 16 MB; nothing was imported"
                )
            return parse_text(data, src.entries[0].name, vendor)
        if vendor == "chatgpt":
            return parse_chatgpt(src, require=not conversations)
        if vendor == "claude":
            return parse_claude(src, require=not conversations)
        if vendor == "gemini":
            return parse_gemini(src, require=not conversations)
        from .memlane_format import parse_memlane

        return parse_memlane(src)
    finally:
        src.close()


@contextmanager
def read_conversations(
    source: str | Path | bytes | IO[bytes], vendor: str, *, name: str | None = None,
    limits: Limits | None = None, progress: ReadProgress | None = None,
) -> Iterator[Iterator[ImportedConversation]]:  # fmt: skip
    """The export's conversations (visible branch only), streamed while the block runs; ``vendor`` is
    ``read_export``'s. Nothing is stored."""
    src = open_source(source, limits=limits, progress=progress)
    if name:
        src.label = name
    try:
        check_conversations(src, vendor)
        yield iter_conversations(src, vendor)
    finally:
        src.close()


def _is_plain_text(source: Source) -> bool:
    """A lone file that is not JSON, HTML or a zip: pasted lines (``--from claude`` with a copied memory)."""
    entry = source.entries[0]
    if entry.base.lower().endswith((".json", ".jsonl", ".html", ".htm")):
        return False
    with entry.open() as f:
        head = f.read(512).lstrip(b"\xef\xbb\xbf \t\r\n")
    return not head.startswith((b"[", b"{", b"<"))
