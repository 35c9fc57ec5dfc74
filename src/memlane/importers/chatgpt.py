"""ChatGPT's "Export data" zip (export-formats §1): only what ChatGPT itself kept about the user.

Imported: the "About me" part of the custom instructions (the newest version; one fact per line), the
saved-memory snapshot (``model_set_context``: numbered, dated lines) and the ``bio`` tool's writes on the
visible branch of each conversation. Conversations marked do-not-remember are skipped. ``user.json``
(e-mail, phone) and every other file are never opened.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from ..errors import InvalidInput, NoMemoryFound
from .archive import Entry, Source
from .base import Batch, json_items, parse_date
from .text import add_lines

__all__ = ["conversation_files", "parse_chatgpt"]

_SHARD = re.compile(r"^conversations(?:-\d+)?(?: \(\d+\))?\.json$")
_FENCED = re.compile(r"```(?:\w*\n)?(.*?)```", re.S)
_PRIVATE_USE = re.compile("[\ue000-\uf8ff]")


def conversation_files(source: Source) -> list[Entry]:
    return sorted((e for e in source.entries if _SHARD.match(e.base)), key=lambda e: e.name)


def _visible(mapping: dict[str, Any], leaf: Any) -> list[dict[str, Any]]:
    """The messages from the root to ``current_node`` (cycle-safe); every node if there is no leaf."""
    if not isinstance(leaf, str) or leaf not in mapping:
        return [n.get("message") or {} for n in mapping.values() if isinstance(n, dict)]
    path, seen, node = [], set(), leaf  # type: ignore[var-annotated]
    while isinstance(node, str) and node in mapping and node not in seen:
        seen.add(node)
        entry = mapping[node] if isinstance(mapping[node], dict) else {}
        path.append(entry.get("message") or {})
        node = entry.get("parent")  # type: ignore[assignment]
    return path[::-1]


def _about_me(message: dict[str, Any]) -> str | None:
    meta = message.get("metadata") or {}
    data = meta.get("user_context_message_data") or {}
    if isinstance(data, dict) and isinstance(data.get("about_user_message"), str):
        return data["about_user_message"]
    content = message.get("content") or {}
    if content.get("content_type") == "user_editable_context" and isinstance(
        content.get("user_profile"), str
    ):
        m = _FENCED.search(content["user_profile"])
        return m.group(1) if m else None
    return None


def _text(message: dict[str, Any]) -> str:
    content = message.get("content") or {}
    parts = content.get("parts") if isinstance(content, dict) else None
    if not isinstance(parts, list):
        text = content.get("text") if isinstance(content, dict) else None
        return _PRIVATE_USE.sub("", text) if isinstance(text, str) else ""
    return _PRIVATE_USE.sub("", "\n".join(p for p in parts if isinstance(p, str)))


def parse_chatgpt(source: Source, *, require: bool = True) -> Batch:
    files = conversation_files(source)
    if not files and len(source.entries) == 1:  # a loose JSON file, renamed by the user
        files = source.entries
    if not files:
        raise InvalidInput(
            f"{source.label}: no ChatGPT conversations.json or conversations-NNN.json found; nothing was imported"
        )
    batch = Batch("chatgpt")
    newest_about: tuple[datetime | None, str, dict[str, Any]] | None = None
    conversations = 0
    for entry in files:
        for conv in json_items(entry):
            if not isinstance(conv, dict) or not isinstance(conv.get("mapping"), dict):
                continue
            conversations += 1
            if conv.get("is_do_not_remember") is True:
                continue
            conv_id = conv.get("conversation_id") or conv.get("id")
            when = parse_date(conv.get("update_time")) or parse_date(conv.get("create_time"))
            prov = {"vendor": "chatgpt", "file": entry.name, "conversation_id": conv_id}
            for msg in _visible(conv["mapping"], conv.get("current_node")):
                if not isinstance(msg, dict) or not msg:
                    continue
                at = parse_date(msg.get("create_time")) or when
                about = _about_me(msg)
                if about is not None:
                    if newest_about is None or (when and (newest_about[0] is None or when > newest_about[0])):
                        newest_about = (when, about, prov)
                    continue
                role = (msg.get("author") or {}).get("role")
                content = msg.get("content") or {}
                if role == "assistant" and msg.get("recipient") == "bio":
                    add_lines(batch, _text(msg), {**prov, "kind": "bio", "message_id": msg.get("id")},
                              default_date=at.isoformat() if at else None)  # fmt: skip
                elif content.get("content_type") == "model_editable_context":
                    snapshot = content.get("model_set_context")
                    if isinstance(snapshot, str) and snapshot.strip():
                        add_lines(batch, snapshot, {**prov, "kind": "model_set_context"})
    if newest_about is not None:
        when, about, prov = newest_about
        add_lines(batch, about, {**prov, "kind": "custom_instructions"},
                  default_date=when.isoformat() if when else None)  # fmt: skip
    if not batch.facts and require:
        raise NoMemoryFound(
            f"{source.label}: {conversations} ChatGPT conversation(s) but no memory in them; nothing was imported."
            " Expected custom instructions ('About me'), a saved-memory snapshot or bio memory writes."
            " ChatGPT does not export its saved-memory list:",
            paste="paste it (Settings > Personalization > Manage memories)", paste_as="text", conversations=True,
        )  # fmt: skip
    return batch
