"""What every importer produces: facts the source assistant already distilled, with their provenance."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import IO, Any

import ijson

from ..errors import InvalidInput
from ..text import content_hash
from .archive import Entry
from .nonfinite import NonFiniteAsNull

__all__ = ["MAX_FACTS", "Batch", "Fact", "json_items", "load_json", "parse_date"]

#: more facts than this in one import is refused before anything is written
MAX_FACTS = 5_000
#: a JSON file read whole (memories, projects); conversations are streamed item by item instead
MAX_SMALL_JSON = 64 * 1024 * 1024


@dataclass
class Fact:
    content: str
    provenance: dict[str, Any]
    observed_at: datetime | None = None
    type: str = "fact"
    data: dict[str, Any] | None = None


@dataclass
class Batch:
    """A parsed export: ``vendor``, its ``facts`` (each distinct statement once, the newest kept) and
    the entries that could not be used, each with a ``reason``."""

    vendor: str
    facts: list[Fact] = field(default_factory=list)
    invalid: list[dict[str, Any]] = field(default_factory=list)
    in_file_duplicates: int = 0
    #: whole memories of a memlane export (restored as they are, not as new facts)
    records: list[dict[str, Any]] = field(default_factory=list)
    #: the entity graph of a memlane export: (line number, kind, row), kind entity/edge/link/merge
    graph: list[tuple[int, str, dict[str, Any]]] = field(default_factory=list)
    _seen: dict[str, int] = field(default_factory=dict)

    def add(self, fact: Fact) -> None:
        text = fact.content.strip()
        if not text:
            return
        fact.content = text
        key = content_hash(text)
        at = self._seen.get(key)
        if at is None:
            if len(self.facts) >= MAX_FACTS:
                raise InvalidInput(
                    f"the export holds more than {MAX_FACTS:,} facts; nothing was imported"
                    " (split it, or import a part of it)"
                )
            self._seen[key] = len(self.facts)
            self.facts.append(fact)
            return
        self.in_file_duplicates += 1
        kept = self.facts[at]
        if fact.observed_at and (kept.observed_at is None or fact.observed_at > kept.observed_at):
            self.facts[at] = fact  # the same statement again: keep the newest


_Z = re.compile(r"Z$")


def parse_date(value: Any) -> datetime | None:
    """An export's date (epoch seconds, ISO 8601 with ``Z``, ``YYYY-MM-DD``) as UTC, or None (also for
    a time outside what memlane stores once in UTC, such as ``0001-01-01T00:00:00+05:00``: an
    unreadable date, like text that is not one)."""
    try:
        if isinstance(value, bool) or value is None:
            return None
        if isinstance(value, int | float):
            return datetime.fromtimestamp(float(value), tz=UTC)
        if isinstance(value, str) and value.strip():
            parsed = datetime.fromisoformat(_Z.sub("+00:00", value.strip()))
            return parsed.astimezone(UTC) if parsed.tzinfo else parsed.replace(tzinfo=UTC)
    except (ValueError, OverflowError, OSError):
        return None
    return None


def _bom(stream: IO[bytes]) -> Any:
    buffered = io.BufferedReader(stream, 1024 * 1024)  # type: ignore[arg-type,type-var]
    if buffered.peek(3)[:3] == b"\xef\xbb\xbf":
        buffered.read(3)
    return buffered


def _items(entry: Entry, *, non_finite: bool) -> Iterator[Any]:
    with entry.open() as raw:
        stream = _bom(raw)
        yield from ijson.items(io.BufferedReader(NonFiniteAsNull(stream)) if non_finite else stream, "item",
                               use_float=True)  # fmt: skip


def json_items(entry: Entry) -> Iterator[Any]:
    """The items of a JSON array file, one at a time (files of hundreds of MB stay out of memory). A file
    the parser refuses is read once more with ``NaN`` / ``Infinity`` as null (``nonfinite``), from the
    item it stopped at: an export with a missing time is imported without that time."""
    done = 0
    try:
        try:
            for item in _items(entry, non_finite=False):
                yield item
                done += 1
        except ijson.JSONError as exc:
            first = exc
            try:
                for i, item in enumerate(_items(entry, non_finite=True)):
                    if i >= done:
                        yield item
            except ijson.JSONError:
                raise InvalidInput(
                    f"{entry.name} is not valid JSON ({first}); nothing was imported"
                ) from None
    except UnicodeDecodeError:
        raise InvalidInput(f"{entry.name} is not UTF-8; nothing was imported") from None


def load_json(entry: Entry) -> Any:
    """A small JSON file, whole."""
    if entry.size > MAX_SMALL_JSON:
        raise InvalidInput(f"{entry.name} is larger than {MAX_SMALL_JSON:,} bytes; nothing was imported")
    with entry.open() as raw:
        data = raw.read()
    try:
        return json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise InvalidInput(f"{entry.name} is not UTF-8; nothing was imported") from None
    except json.JSONDecodeError as exc:
        raise InvalidInput(f"{entry.name} is not valid JSON ({exc}); nothing was imported") from None


def first_item(entry: Entry) -> Any:
    """The first item of a JSON array file (or the object itself), for detection; None if unreadable.
    An array the parser refuses is read again with ``NaN`` / ``Infinity`` as null, as ``json_items`` does."""
    try:
        with entry.open() as raw:
            stream = _bom(raw)
            head = stream.peek(1)[:1]
            if head == b"{" and entry.size <= MAX_SMALL_JSON:
                return json.loads(stream.read().decode("utf-8"))
        if head != b"[":
            return None
        for non_finite in (False, True):
            try:
                return next(_items(entry, non_finite=non_finite), None)
            except ijson.JSONError:
                continue
    except (ijson.JSONError, ValueError):
        return None
    return None
