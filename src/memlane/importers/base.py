"""What every importer produces: facts the source assistant already distilled, with their provenance."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import ROUND_FLOOR, Decimal, InvalidOperation
from typing import IO, Any

import ijson

from ..errors import InvalidInput
from ..requests import too_deep
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
    #: a memlane export's header: the memory lines (``count``) and graph lines (``graph_count``) it
    #: announces, None where it names no count (compared with what the file holds by ``restore``)
    announced: dict[str, int | None] = field(default_factory=dict)
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


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def epoch_time(seconds: int | float | Decimal) -> datetime:
    """Epoch seconds as the instant written, to the microsecond: the JSON readers give the number as
    written (``Decimal``; a float is read as its shortest decimal, what a writer of floats wrote). A
    float of seconds cannot hold a microsecond near the year 9999 (253402300799.999999 is the float
    253402300800.0, in the year 10000), and ``fromtimestamp`` read 253402300799.9999 as …59.999908.
    Digits past the microsecond are dropped, as ``fromisoformat`` drops them from written times, so a
    time inside the range never rounds out of it. OverflowError: outside the range; ValueError: not a
    finite number."""
    exact = Decimal(repr(seconds)) if isinstance(seconds, float) else Decimal(seconds)
    if not exact.is_finite():
        raise ValueError(f"not a time: {seconds!r}")
    try:
        micros = int(exact.scaleb(6).to_integral_value(rounding=ROUND_FLOOR))
    except InvalidOperation:  # (too many digits for the context: far outside the range anyway)
        raise OverflowError(f"out of range: {seconds!r}") from None
    return _EPOCH + timedelta(microseconds=micros)


def parse_date(value: Any) -> datetime | None:
    """An export's date (epoch seconds, ISO 8601 with ``Z``, ``YYYY-MM-DD``) as UTC, or None (also for
    a time outside what memlane stores once in UTC, such as ``0001-01-01T00:00:00+05:00``: an
    unreadable date, like text that is not one)."""
    try:
        if isinstance(value, bool) or value is None:
            return None
        if isinstance(value, int | float | Decimal):
            return epoch_time(value)
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
        # numbers as written (Decimal), not floats: an epoch time's microseconds (``epoch_time``)
        yield from ijson.items(io.BufferedReader(NonFiniteAsNull(stream)) if non_finite else stream, "item")


def json_problem(exc: Exception) -> str:
    """What a JSON parser refused, in one line: yajl's message spans three (the text around the error
    and an arrow under it), and "premature EOF" is a file cut short (a download or a copy stopped)."""
    first = next((line.strip() for line in str(exc).splitlines() if line.strip()), type(exc).__name__)
    if "premature EOF" in first or "Incomplete JSON" in first:
        return "it ends in the middle: the file is cut short, download or copy it again"
    return first


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
                    f"{entry.name} is not valid JSON ({json_problem(first)}); nothing was imported"
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
        return json.loads(data.decode("utf-8-sig"), parse_float=Decimal)
    except UnicodeDecodeError:
        raise InvalidInput(f"{entry.name} is not UTF-8; nothing was imported") from None
    except json.JSONDecodeError as exc:
        raise InvalidInput(f"{entry.name} is not valid JSON ({exc}); nothing was imported") from None
    except RecursionError:  # deeper than Python's parser goes (it crashed the import)
        raise InvalidInput(f"{too_deep(entry.name)}; nothing was imported") from None


def first_item(entry: Entry) -> Any:
    """The first item of a JSON array file (or the object itself), for detection; None if unreadable.
    An array the parser refuses is read again with ``NaN`` / ``Infinity`` as null, as ``json_items`` does."""
    try:
        with entry.open() as raw:
            stream = _bom(raw)
            head = stream.peek(1)[:1]
            if head == b"{" and entry.size <= MAX_SMALL_JSON:
                return json.loads(stream.read().decode("utf-8"), parse_float=Decimal)
        if head != b"[":
            return None
        for non_finite in (False, True):
            try:
                return next(_items(entry, non_finite=non_finite), None)
            except ijson.JSONError:
                continue
    except (ijson.JSONError, ValueError, RecursionError):
        return None
    return None
