"""Every time a caller can set reads back exactly at the calendar's edges (0001-01-01, 9999-12-31 to the
microsecond, a leap day, offsets), on both backends: an imported export's epoch times (ChatGPT's
``create_time``), an edge's validity window, a conversation message's time and a restored export's
``created_at``. Memories' own fields are ``test_dates.py``'s.

An epoch time is read as the number written, not as a float: a float of seconds cannot hold the
microsecond near the year 9999 (``253402300799.999999`` is the float ``253402300800.0``, in the year
10000, and ``253402300799.9999`` was read as …59.999908). Digits past the microsecond are dropped (as
they are from ISO text), so a time inside the range never rounds out of it.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from export_fixtures import chatgpt_conversation, zip_bytes
from memlane import Memlane
from memlane.importers import read_export
from memlane.importers.base import parse_date

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
EDGES = [
    datetime(1, 1, 1, tzinfo=UTC),
    datetime(1, 1, 1, 0, 0, 0, 1, tzinfo=UTC),
    datetime(2024, 2, 29, 23, 59, 59, 999999, tzinfo=UTC),
    datetime(9999, 12, 31, 23, 59, 59, 999998, tzinfo=UTC),
    datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC),
]
BIO = "User runs three times a week and is training for an April half-marathon."


def _epoch_text(at: datetime) -> str:
    """``at`` as epoch seconds written to the microsecond, as an exporter writes them."""
    micros = (at - EPOCH) // timedelta(microseconds=1)
    sign, micros = ("-", -micros) if micros < 0 else ("", micros)
    return f"{sign}{micros // 1_000_000}.{micros % 1_000_000:06d}"


def _chatgpt_export(create_time: str) -> bytes:
    """A ChatGPT export whose one bio write has ``create_time`` written as this number."""
    conv = chatgpt_conversation("c", when=0.5, bio=BIO)
    text = json.dumps([conv])
    assert text.count('"create_time": 3.5,') == 1  # the bio write's (when + 3)
    return zip_bytes(
        {"conversations.json": text.replace('"create_time": 3.5,', f'"create_time": {create_time},').encode()}
    )


def _bio_time(export: bytes) -> datetime | None:
    (fact,) = [f for f in read_export(export).facts if f.content == BIO]
    return fact.observed_at


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.datetimes(min_value=datetime(1, 1, 1), max_value=datetime(9999, 12, 31, 23, 59, 59, 999999)))
def test_any_epoch_time_in_an_export_reads_back_to_the_microsecond(value: datetime) -> None:
    at = value.replace(tzinfo=UTC)
    assert _bio_time(_chatgpt_export(_epoch_text(at))) == at


@pytest.mark.parametrize(
    ("written", "want"),
    [
        ("253402300799.9999", datetime(9999, 12, 31, 23, 59, 59, 999900, tzinfo=UTC)),  # was …999908
        ("253402300799.999999", datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC)),  # was unreadable
        ("253402300799.9999999", datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC)),  # not rounded out
        ("-62135596800.0", datetime(1, 1, 1, tzinfo=UTC)),
        ("1709251199.9999999", datetime(2024, 2, 29, 23, 59, 59, 999999, tzinfo=UTC)),  # not into March
        ("253402300800", None),  # 10000-01-01: not a time memlane can store, read as no time
        ("-62135596800.000001", None),
    ],
)
def test_epoch_times_at_the_edges(written: str, want: datetime | None) -> None:
    got = _bio_time(_chatgpt_export(written))
    if want is None:
        assert got == datetime.fromtimestamp(10.5, tz=UTC)  # unreadable: the conversation's own time instead
    else:
        assert got == want
    # the same number handed over as a float keeps the digits a float holds, as written
    if want is not None and len(written.replace("-", "").replace(".", "")) <= 15:
        assert parse_date(float(written)) == want
    assert parse_date(Decimal(written)) == want


@pytest.mark.parametrize("at", [EDGES[0], EDGES[2], EDGES[4]], ids=["min", "leap", "max"])
def test_an_imported_epoch_time_is_stored_exactly(mem: Memlane, at: datetime) -> None:
    result = mem.import_file(_chatgpt_export(_epoch_text(at)))
    assert result.imported == 1, result
    (stored,) = [m for m in mem.list_recent(10) if m.content == BIO]
    assert mem.get(stored.id).observed_at == at


def test_an_edges_validity_window_reads_back_at_the_edges(mem: Memlane) -> None:
    ana = mem.anchor({"kind": "contact", "system": "crm", "id": "1", "name": "Ana Lopez"}).id
    dana = mem.anchor({"kind": "contact", "system": "crm", "id": "2", "name": "Dana Whitfield"}).id
    windows = [(EDGES[0], EDGES[4]), (EDGES[1], EDGES[3]), (EDGES[2], None)]
    for i, (start, end) in enumerate(windows):  # a datetime and ISO text with an offset: the same instants
        east = start.astimezone(timezone(timedelta(hours=5, minutes=30))) if start.year > 1 else start
        mem.entities.relate(ana, f"knows_{i}", dana, valid_from=east.isoformat(), valid_to=end)
    got = {e.relation: (e.valid_from, e.valid_to) for e in mem.entities.edges(ana)}
    assert got == {f"knows_{i}": window for i, window in enumerate(windows)}


def test_a_messages_time_reads_back_at_the_edges(mem: Memlane) -> None:
    for i, at in enumerate(EDGES):
        mem.conversations.append(f"c{i}", [{"role": "user", "text": f"message {i}", "at": at.isoformat()}])
        assert mem.conversations.show(f"c{i}")[0].at == at


def test_a_restored_exports_times_read_back_at_the_edges(db_path: Path | str, tmp_path: Path) -> None:
    """An export (from a SQLite file) with its times, created_at and updated_at at the edges, restored
    into each backend."""
    with Memlane(tmp_path / "source.db", user="alice", embedder="none") as source:
        ids = [source.store(f"note {i}", observed_at=at, valid_from=at, valid_to=EDGES[4]).id
               for i, at in enumerate(EDGES)]  # fmt: skip
        records = [json.loads(line) for line in source.export()]
    for record in records:
        memory = record.get("memory")
        if memory and memory["id"] in ids:
            stamp = EDGES[ids.index(memory["id"])].isoformat().replace("+00:00", "Z")
            memory["created_at"] = memory["updated_at"] = stamp
    backup = tmp_path / "backup.jsonl"
    backup.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    with Memlane(db_path, user="alice", embedder="none") as target:
        result = target.import_file(backup)
        assert result.imported == len(ids)
        for memory_id, at in zip(ids, EDGES, strict=True):
            got = target.get(result.remapped[memory_id])  # restored under an id of its scope
            assert (got.observed_at, got.valid_from, got.valid_to) == (at, at, EDGES[4])
            assert (got.created_at, got.updated_at) == (at, at)
