"""memlane's own export (docs/import.md, "Export format"): JSON Lines, version 1.

Line 1 is the header ``{"format": "memlane-export", "version": 1, "exported_at", "workspace", "user",
"count", …}``; then ``{"memory": {…every field of the memory…}}`` lines, superseded versions included
(``replaces`` / ``superseded_by`` link a chain), oldest first; then, when the store has an entity graph,
``{"entity": …}``, ``{"edge": …}``, ``{"link": …}`` and ``{"merge": …}`` lines (added to version 1:
exports without them read as before).
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import InvalidInput
from ..requests import too_deep
from .archive import Entry, Source
from .base import Batch

__all__ = ["FORMAT", "MAX_RECORDS", "VERSION", "is_memlane_export", "parse_memlane"]

FORMAT = "memlane-export"
VERSION = 1
#: a memlane export restores whole stores: its limit is higher than a vendor import's
MAX_RECORDS = 200_000
_MAX_LINE = 1024 * 1024
_GRAPH = ("entity", "edge", "link", "merge")


def _header(line: bytes) -> dict[str, Any] | None:
    try:
        value = json.loads(line.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return None
    return value if isinstance(value, dict) and value.get("format") == FORMAT else None


def is_memlane_export(entry: Entry) -> bool:
    with entry.open() as f:
        return _header(f.readline(_MAX_LINE)) is not None  # type: ignore[attr-defined]


def parse_memlane(source: Source) -> Batch:
    if len(source.entries) != 1:
        raise InvalidInput(f"{source.label}: a memlane export is one .jsonl file; nothing was imported")
    entry = source.entries[0]
    batch = Batch("memlane")
    with entry.open() as raw:
        import io

        f = io.BufferedReader(raw, 1024 * 1024)  # type: ignore[arg-type,type-var]
        header = _header(f.readline(_MAX_LINE))
        if header is None:
            raise InvalidInput(
                f"{entry.name} is not a memlane export; nothing was imported. Expected a first line"
                f' {{"format": "{FORMAT}", "version": {VERSION}, …}} (memlane memory export)'
            )
        if header.get("version") != VERSION:
            raise InvalidInput(
                f"{entry.name} is a memlane export of version {header.get('version')!r}; this memlane reads"
                f" version {VERSION}; nothing was imported"
            )
        batch.announced = {
            "memories": _count(header.get("count")),
            "graph": _count(header.get("graph_count")),
        }
        for number, line in enumerate(f, start=2):
            if not line.strip():
                continue
            try:
                record = json.loads(line.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError) as exc:
                raise InvalidInput(
                    f"{entry.name} line {number} is not JSON ({exc}); nothing was imported"
                ) from None
            except RecursionError:  # deeper than Python's parser goes (it crashed the import)
                raise InvalidInput(
                    f"{too_deep(f'{entry.name} line {number}')}; nothing was imported"
                ) from None
            kind = next(iter(record), None) if isinstance(record, dict) and len(record) == 1 else None
            if kind in _GRAPH and isinstance(record[kind], dict):
                if len(batch.graph) >= 4 * MAX_RECORDS:
                    raise InvalidInput(
                        f"{entry.name} holds more than {4 * MAX_RECORDS:,} graph rows; nothing was imported"
                    )
                batch.graph.append((number, kind, record[kind]))
                continue
            memory = record.get("memory") if isinstance(record, dict) else None
            if not isinstance(memory, dict):
                raise InvalidInput(
                    f'{entry.name} line {number}: expected {{"memory": {{…}}}} (or an entity, edge, link or'
                    " merge); nothing was imported"
                )
            if len(batch.records) >= MAX_RECORDS:
                raise InvalidInput(
                    f"{entry.name} holds more than {MAX_RECORDS:,} memories; nothing was imported"
                )
            batch.records.append(memory)
    if not batch.records and not batch.graph:
        announced = batch.announced["memories"]
        cut = f" (its header announces {announced:,}: cut short, or edited)" if announced else ""
        raise InvalidInput(f"{entry.name} is a memlane export with no memories{cut}; nothing was imported")
    return batch


def _count(value: Any) -> int | None:
    """A count the header announces, or None (absent, or not a count: the file was edited)."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None
