"""Gemini (export-formats §3): Gem instructions from Google Takeout; Saved info as pasted text.

Takeout does not export Saved info or Gemini's personal context (none observed), and My Activity holds
prompts, not memory. What Takeout does hold that the user wrote for Gemini to keep is each Gem's
instructions (``Takeout/Gemini/gemini_gems_data.html``): one fact per Gem, typed ``procedure``.
"""

from __future__ import annotations

from html.parser import HTMLParser

from ..errors import InvalidInput, NoMemoryFound
from .archive import Entry, Source
from .base import Batch, Fact
from .text import decode_text

__all__ = ["gems_files", "is_gemini_activity", "parse_gemini"]

_BLOCK = {"div", "p", "br", "li", "tr", "h1", "h2", "h3", "h4", "table", "ul", "ol", "section"}
_MAX_HTML = 64 * 1024 * 1024


class _Cards(HTMLParser):
    """Text lines grouped by Takeout's ``outer-cell`` cards (or one card if there are none)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.cards: list[list[str]] = [[]]
        self._line: list[str] = []
        self._skip = 0

    def _flush(self) -> None:
        text = " ".join("".join(self._line).replace("\u202f", " ").replace("\xa0", " ").split())
        if text:
            self.cards[-1].append(text)
        self._line = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "head"):
            self._skip += 1
        if tag in _BLOCK:
            self._flush()
        if tag == "div" and "outer-cell" in (dict(attrs).get("class") or ""):
            self.cards.append([])

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "head"):
            self._skip = max(0, self._skip - 1)
        if tag in _BLOCK:
            self._flush()

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self._line.append(data)


def gems_files(source: Source) -> list[Entry]:
    return [
        e
        for e in source.entries
        if e.base.lower().startswith("gemini_gems_data") and e.base.endswith(".html")
    ]


def is_gemini_activity(source: Source) -> bool:
    return any("gemini" in e.name.lower() and ("activ" in e.name.lower() or "my activity" in e.name.lower())
               for e in source.entries)  # fmt: skip


def parse_gemini(source: Source, *, require: bool = True) -> Batch:
    batch = Batch("gemini")
    for entry in gems_files(source):
        if entry.size > _MAX_HTML:
            raise InvalidInput(f"{entry.name} is larger than {_MAX_HTML:,} bytes; nothing was imported")
        with entry.open() as f:
            html = decode_text(f.read(), entry.name)
        parser = _Cards()
        parser.feed(html)
        parser.close()
        parser._flush()
        for card in parser.cards:
            lines = [ln for ln in card if ln.lower() not in ("gems", "gem", "gemini")]
            if len(lines) < 2:
                continue
            name, rest = lines[0], lines[1:]
            body = " ".join(
                ln for ln in rest if ln.lower().rstrip(":") not in ("instructions", "description")
            )
            if not body:
                continue
            batch.add(Fact(f"Instructions for the Gem '{name}': {body}",
                           {"vendor": "gemini", "file": entry.name, "kind": "gem_instructions", "gem": name},
                           type="procedure"))  # fmt: skip
    if not batch.facts and require:
        activity = " (My Activity holds prompts, not memory)" if is_gemini_activity(source) else ""
        raise NoMemoryFound(
            f"{source.label}: no Gemini memory found{activity}; nothing was imported. Expected"
            " Takeout/Gemini/gemini_gems_data.html (Gem instructions). Takeout does not export Saved info:",
            paste="copy it from gemini.google.com > Settings > Saved info, one per line,", paste_as="gemini",
        )  # fmt: skip
    return batch
