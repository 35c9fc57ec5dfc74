"""Pasted memory summaries (export-formats §4): one fact per line, in the known line formats.

Handled: plain lines (ChatGPT "Manage memories", Gemini Saved info), numbered lines with a bracketed date
(``1. [2025-11-02]. User is vegetarian.``), Anthropic's export prompt (``[2026-03-01] - fact``,
``[unknown] - fact``) inside a code fence, bullets, and Claude's Markdown with bold section lines (a line
that is only a bold heading is a section label, kept in the provenance, not a fact).
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from typing import IO

from ..errors import InvalidInput
from ..text import has_words
from .base import Batch, Fact, parse_date

__all__ = ["add_lines", "parse_text"]

_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(
    r"^\s*(?:\*\*|__)(?P<label>[^*_].*?)(?:\*\*|__)\s*:?\s*$|^\s*#{1,6}\s+(?P<md>.+?)\s*#*\s*$"
)
_LEAD = re.compile(r"^\s*(?:[-*+•·]\s+|\d{1,4}[.)]\s+)")
_DATE = re.compile(
    r"^\s*\[(?P<date>\d{4}-\d{2}-\d{2})(?:[ T][0-9:.]+Z?)?\]\s*[.:\-–—]?\s*"
    r"|^\s*\[(?P<other>[^\]]{0,40})\]\s*[-–—:]\s+"
)
_DATED_PREFIX = re.compile(r"^\s*(?P<date>\d{4}-\d{2}-\d{2})\s*[-–—:]\s+")
#: 2nd-level prefixes a line may carry after its number (``1. [date]. fact``)


def clean_line(line: str) -> tuple[str, str | None]:
    """A line's fact and its date (``YYYY-MM-DD``) if it carried one: bullets, numbering and the date
    markers stripped."""
    text = _LEAD.sub("", line, count=1)
    date = None
    m = _DATE.match(text)
    if m:
        date = m.group("date")
        text = text[m.end() :]
    else:
        m2 = _DATED_PREFIX.match(text)
        if m2:
            date, text = m2.group("date"), text[m2.end() :]
    text = _LEAD.sub("", text, count=1)
    return text.strip(), date


def add_lines(batch: Batch, text: str, provenance: dict[str, object], *, default_date: object = None) -> int:
    """Add each fact line of ``text`` to ``batch``; returns how many lines were facts."""
    section: str | None = None
    added = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        if _FENCE.match(raw) or not raw.strip():
            continue
        heading = _HEADING.match(raw)
        if heading:
            section = (heading.group("label") or heading.group("md") or "").strip() or None
            continue
        fact, date = clean_line(raw)
        if not has_words(fact):  # a separator ("---") or a lone emoji ("🙂"): no fact
            continue
        prov = {**provenance, "line": number}
        if section:
            prov["section"] = section
        batch.add(Fact(fact, prov, parse_date(date) if date else parse_date(default_date)))
        added += 1
    return added


def decode_text(data: bytes, name: str) -> str:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InvalidInput(
            f"{name} is not UTF-8 text (byte {exc.start}); nothing was imported. Save it as UTF-8 and retry"
        ) from None
    if "\x00" in text:
        raise InvalidInput(f"{name} is binary, not text; nothing was imported")
    return text


def decoded_chunks(stream: IO[bytes], name: str, size: int = 1024 * 1024) -> Iterator[str]:
    """``decode_text`` of a file read ``size`` bytes at a time: the same text and the same refusals (the
    byte an error names counts from the file's start), without the whole file in memory twice over."""
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    offset = 0  # bytes read before this chunk
    while True:
        data = stream.read(size)
        pending = len(decoder.getstate()[0])  # bytes of a character cut by the last chunk
        try:
            text = decoder.decode(data, final=not data)
        except UnicodeDecodeError as exc:
            raise InvalidInput(
                f"{name} is not UTF-8 text (byte {offset - pending + exc.start}); nothing was imported."
                " Save it as UTF-8 and retry"
            ) from None
        if "\x00" in text:
            raise InvalidInput(f"{name} is binary, not text; nothing was imported")
        if text:
            yield text
        if not data:
            return
        offset += len(data)


def parse_text(data: bytes, name: str, vendor: str = "text") -> Batch:
    text = decode_text(data, name)
    batch = Batch(vendor)
    if not add_lines(batch, text, {"vendor": vendor, "file": name, "kind": "pasted"}):
        raise InvalidInput(
            f"{name} holds no memory lines; nothing was imported. Expected one fact per line (e.g. 'Prefers"
            " metric units.', '1. [2025-11-02]. User is vegetarian.', '[2026-03-01] - fact')"
        )
    return batch
