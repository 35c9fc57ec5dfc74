"""Claude's export (export-formats §2): the memory Claude keeps, never the account files.

Imported: ``conversations_memory`` (one fact per line, its bold section in the provenance), each project's
memory (tagged with the project: ``data.project`` and the provenance, the name joined from
``projects.json`` or ``projects/<uuid>.json``) and the 2026 ``memory_files`` (front matter dropped, one
fact per bullet). Read from a legacy ``memories.json`` (an array of one object), a 2026
``memories/<account>.json`` (one object), or a loose JSON file of either shape. ``users.json``,
``login_history.json`` and the manifest's ``export_url``s are never read.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import InvalidInput, NoMemoryFound
from .archive import Entry, Source
from .base import Batch, load_json, parse_date
from .text import add_lines

__all__ = ["is_memory_object", "memory_files", "parse_claude"]

_MEMORY_KEYS = ("conversations_memory", "project_memories", "memory_files")
_FRONT = re.compile(r"\A---\s*\n.*?\n---\s*(?:\n|\Z)", re.S)
_TAG = re.compile(r"^\s*(?:\[[a-z_ -]{1,20}\]\s*)+", re.I)
_LINK = re.compile(r"\[\[([^\]|]+)(?:\|([^\]]+))?\]\]")


def is_memory_object(value: Any) -> bool:
    if isinstance(value, list) and value and isinstance(value[0], dict):
        value = value[0]
    return isinstance(value, dict) and any(k in value for k in _MEMORY_KEYS)


def memory_files(source: Source) -> list[Entry]:
    found = []
    for e in source.entries:
        parts = e.name.split("/")
        if e.base == "memories.json" or (
            len(parts) >= 2 and parts[-2] == "memories" and e.base.endswith(".json")
        ):
            found.append(e)
    return sorted(found, key=lambda e: e.name)


def _project_names(source: Source) -> dict[str, str]:
    names: dict[str, str] = {}
    for e in source.entries:
        parts = e.name.split("/")
        if e.base == "projects.json" or (
            len(parts) >= 2 and parts[-2] == "projects" and e.base.endswith(".json")
        ):
            try:
                data = load_json(e)
            except InvalidInput:
                continue
            for p in data if isinstance(data, list) else [data]:
                if isinstance(p, dict) and isinstance(p.get("uuid"), str) and isinstance(p.get("name"), str):
                    names[p["uuid"]] = p["name"]
    return names


def _memory_file_text(content: str) -> str:
    body = _FRONT.sub("", content, count=1)
    lines = []
    for line in body.splitlines():
        line = _LINK.sub(lambda m: m.group(2) or m.group(1).rsplit("/", 1)[-1].replace("-", " "), line)
        stripped = line.lstrip()
        if stripped[:2] in ("- ", "* ", "+ "):
            line = stripped[:2] + _TAG.sub("", stripped[2:])
        lines.append(line)
    return "\n".join(lines)


def add_memory_object(batch: Batch, obj: dict[str, Any], file: str, projects: dict[str, str]) -> None:
    base = {"vendor": "claude", "file": file}
    if obj.get("account_uuid"):
        base["account"] = "claude"  # the account id itself is not kept (it identifies the person)
    general = obj.get("conversations_memory")
    if isinstance(general, str):
        add_lines(batch, general, {**base, "kind": "conversations_memory"})
    for uuid, text in (obj.get("project_memories") or {}).items():
        if not isinstance(text, str):
            batch.invalid.append({"file": file, "project": uuid, "reason": "project memory is not text"})
            continue
        name = projects.get(uuid)
        before = len(batch.facts)
        add_lines(batch, text, {**base, "kind": "project_memory", "project_uuid": uuid, "project": name})
        for fact in batch.facts[before:]:
            fact.data = {"project": name or uuid}
    for item in obj.get("memory_files") or []:
        if not isinstance(item, dict) or not isinstance(item.get("content"), str):
            batch.invalid.append({"file": file, "reason": "memory file without text content"})
            continue
        updated = parse_date(item.get("updated_at"))
        add_lines(batch, _memory_file_text(item["content"]),
                  {**base, "kind": "memory_file", "path": item.get("path")},
                  default_date=updated.isoformat() if updated else None)  # fmt: skip


def parse_claude(source: Source, *, require: bool = True) -> Batch:
    batch = Batch("claude")
    projects = _project_names(source)
    found = 0
    candidates = memory_files(source) or (source.entries if len(source.entries) == 1 else [])
    for entry in candidates:
        data = load_json(entry)
        objects = data if isinstance(data, list) else [data]
        for obj in objects:
            if isinstance(obj, dict) and any(k in obj for k in _MEMORY_KEYS):
                found += 1
                add_memory_object(batch, obj, entry.name, projects)
    if not found and require:
        raise NoMemoryFound(
            f"{source.label}: no Claude memory found; nothing was imported. Expected memories.json (legacy"
            " export) or memories/<account>.json inside memories-000.zip (2026 export); Claude writes it only"
            " if memory was used.", paste="Or paste 'View and edit your memory'", paste_as="claude",
        )  # fmt: skip
    if not batch.facts and require:
        raise InvalidInput(f"{source.label}: the Claude memory is empty; nothing was imported")
    return batch
