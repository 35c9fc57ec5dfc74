"""Gemini's My Activity HTML (Takeout's default, up to 64 MB) is read and parsed a chunk at a time for
``import --conversations``: before, the file was read whole as bytes, decoded whole to text (a narrow
no-break space in every card's time makes that two bytes a character) and every card kept until the end,
~3x the file's size at once (a 53 MB file: 161 MB peak over the baseline, now 57 MB, the turns
themselves). The turns and the refusals are the same, whatever the chunks' boundaries."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from export_fixtures import _activity_card, zip_bytes
from memlane import InvalidInput
from memlane.importers import archive, read_conversations
from memlane.importers import conversations as conv_module
from memlane.importers.text import decoded_chunks

NAME = "Takeout/My Activity/Gemini Apps/MyActivity.html"


def _export(n: int) -> bytes:
    cards = "".join(
        _activity_card(f"Prompted question {i} 🦊 about &amp; trains",
                       f"Aug {1 + i % 28}, 2026, {1 + i % 12}:{i % 60:02d}:00\u202fPM GMT+02:00",
                       "<p>Réponse " + "é🦊" * (i % 7) + "</p>", f"c{i % 5}" if i % 3 else None)
        for i in range(n)
    )  # fmt: skip
    return ('\ufeff<html><body><div class="mdl-grid">' + cards + "</div></body></html>").encode()


def _read(data: bytes) -> list[Any]:
    with read_conversations(zip_bytes({NAME: data}), "gemini") as found:
        return [(c.id, [(m.role, m.text, m.at) for m in c.messages]) for c in found]


def _whole(data: bytes) -> list[Any]:
    """The turns as the whole file parsed at once (the reading before)."""
    parser = conv_module._ActivityCards()
    parser.feed(data.decode("utf-8-sig"))
    parser.close()
    parser._flush()
    return list(conv_module._card_turns(parser.cards, NAME))


def test_the_file_is_never_read_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[int] = []
    read = archive._Counting.read

    def counted(self: Any, size: int = -1) -> bytes:
        data = read(self, size)
        sizes.append(size if size >= 0 else len(data))
        return data

    monkeypatch.setattr(archive._Counting, "read", counted)
    data = _export(1500)
    assert len(data) > 1024 * 1024 + 1
    conversations = _read(data)
    assert sum(len(m) for _, m in conversations) == 3000
    assert max(sizes) <= 1024 * 1024, max(sizes)  # (before: one read of the whole file)


def test_chunk_boundaries_change_no_turn_and_no_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    data = _export(40)
    whole = _whole(data)
    for size in (1, 7, 4096):
        monkeypatch.setattr(conv_module, "decoded_chunks", functools.partial(decoded_chunks, size=size))
        source = archive.open_source(data)
        try:
            got = list(conv_module._html_turns(source.entries[0]))
        finally:
            source.close()
        assert [t[:4] for t in got] == [t[:4] for t in whole], size
        for bad, said in ((data[:5001] + b"\xff" + data[5001:], "is not UTF-8 text (byte 5001)"),
                          (data[:900] + b"\x00" + data[900:], "is binary, not text"),
                          (data + b"\xe2\x82", f"is not UTF-8 text (byte {len(data)})")):  # fmt: skip
            with pytest.raises(InvalidInput, match=said.replace("(", r"\(").replace(")", r"\)")):
                _read(bad)
