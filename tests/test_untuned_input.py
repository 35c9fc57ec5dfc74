"""What real users send that the labelled sets do not: accented and non-Latin names, text in scripts
without letter case, calendar edges (the red-team pass). Both backends, through the embedded SDK."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from export_fixtures import chatgpt_chat_visible, chatgpt_chats_export
from memlane import InvalidInput, Memlane
from memlane.text import extract_entities
from memlane.timeutil import parse_time, to_db


def logged(m: Memlane) -> dict[str, list[tuple[str, str]]]:
    return {c.conversation_id: [(x.role, x.text) for x in m.conversations.show(c.conversation_id)]
            for c in m.conversations.list(limit=1000)}  # fmt: skip


def _names(mem: Memlane) -> set[str]:
    return {e.name for e in mem.entities.list(limit=100)}


def test_a_new_entity_keeps_the_texts_accented_spelling(mem: Memlane) -> None:
    mem.store("José Núñez works at Telefónica in Málaga")
    mem.store("Dr. Jean-Luc Picard-Müller von Götz III met Zoë O’Connor-Hughes at Café Müller 🎉")
    names = _names(mem)
    assert {"José Núñez", "Telefónica", "Málaga", "Café Müller"} <= names, names
    assert any(n.startswith("Jean-Luc Picard-Müller") for n in names), names
    assert not {"Jose Nunez", "Telefonica", "Malaga", "Cafe Muller"} & names  # (the folded keys, title-cased)
    # the accent-free spelling still finds it: the name is only displayed as written
    assert [e.name for e in mem.entities.search("jose nunez")] == ["José Núñez"]


def test_a_word_of_a_script_without_case_is_not_read_as_a_name() -> None:
    # before: any word with no lower-case letter was "CamelCase", so the Japanese after a name joined it
    keys = extract_entities("Ayşe Yılmaz は東京オフィスの責任者です 🗼")
    assert {k for k in keys if k.startswith("name:")} == {"name:ayse", "name:yılmaz", "name:ayse yılmaz"}
    assert not [k for k in extract_entities("田中さんはiPadが好き") if k.startswith("name:")]
    assert "name:iphone" in extract_entities("she bought an iPhone")  # CamelCase still counts


def test_a_name_before_text_in_another_script_is_linked_alone(mem: Memlane) -> None:
    mem.store("Ayşe Yılmaz は東京オフィスの責任者です 🗼")
    assert _names(mem) == {"Ayşe Yılmaz"}


def test_an_inverted_validity_window_is_refused_and_nothing_is_stored(mem: Memlane) -> None:
    with pytest.raises(InvalidInput, match="valid_to: must not be before valid_from"):
        mem.store("the pier opens at dawn", valid_from="2025-05-01", valid_to="2025-01-01")
    with pytest.raises(InvalidInput, match="item 1: valid_to"):
        mem.store_many([{"content": "a fine one"}, {"content": "the pier opens at dawn",
                        "valid_from": "2025-05-01T00:00:00+14:00", "valid_to": "2025-04-30T09:59:59Z"}])  # fmt: skip
    assert mem.list_recent(limit=10) == []
    # the edges of the range, a leap day and a one-instant window all read back as sent
    for i, (start, end) in enumerate([("0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999Z"),
                                      ("2024-02-29T23:30:00-11:00", "2024-03-01T10:30:00Z")]):  # fmt: skip
        stored = mem.store(f"window {i} of the pier", valid_from=start, valid_to=end)
        got = mem.get(stored.id)
        assert got.valid_from is not None and got.valid_to is not None
        assert got.valid_from <= got.valid_to
    assert mem.get(stored.id).valid_from == mem.get(stored.id).valid_to  # -11:00 is 10:30 UTC next day


def test_two_imports_of_one_export_at_once_log_each_message_once(db_path: Path | str) -> None:
    """Two servers (or a double click) importing the same export: the second appends a conversation the
    first logged after the second looked. Before, it failed with ``storage_error: UNIQUE constraint
    failed: conversation_messages.id`` (the first import going on); now the database settles it."""
    export = chatgpt_chats_export(2)
    with (
        Memlane(db_path, user="alice", embedder="none") as a,
        Memlane(db_path, user="alice", embedder="none") as b,
    ):
        log = a.service.storage.conversations
        looked = log.messages
        interleaved: list[str] = []

        def then_the_other_imports(actor: Any, conversation_id: str, limit: int, after: int = 0) -> Any:
            seen = looked(actor, conversation_id, limit, after)
            if not interleaved:  # between a's look and a's append, b imports everything
                interleaved.append(conversation_id)
                b.import_file(export, conversations=True)
            return seen

        log.messages = then_the_other_imports  # type: ignore[method-assign]
        report = a.import_file(export, conversations=True).conversations
        assert interleaved and report is not None and report.conversations == 2
        assert logged(b) == {f"chatgpt:chat-{i:03d}": chatgpt_chat_visible(i) for i in range(2)}
        assert len({m.content for m in b.list_recent(50)}) == len(b.list_recent(50))  # extracted once


@pytest.mark.parametrize(
    ("written", "stored"),
    [("1 Jan 0001", "0001-01-01T00:00:00.000000Z"), ("Jan 5 0099 10:00", "0099-01-05T10:00:00.000000Z"),
     ("29 February 0004", "0004-02-29T00:00:00.000000Z"), ("31 Dec 9999 23:59:59", "9999-12-31T23:59:59.000000Z"),
     ("March 5 2030 0030", "2030-03-05T00:30:00.000000Z"),  # (four digits that are a time, not a year)
     ("12 Jan 2025 10:00 UTC", "2025-01-12T10:00:00.000000Z"), ("12 Jan 2025 10:00 GMT", "2025-01-12T10:00:00.000000Z"),
     ("12 Jan 2025 10:00 -05:00", "2025-01-12T15:00:00.000000Z")],
)  # fmt: skip
def test_a_written_date_reads_back_as_written(written: str, stored: str) -> None:
    # before: a year written with its zeros was read as this century's ("1 Jan 0001" -> 2001-01-01)
    assert to_db(parse_time(written, "observed_at")) == stored


@pytest.mark.parametrize(
    ("written", "why"),
    [("March 30, 2025 2:30 CET", "the time zone 'CET' is not understood"),
     ("2025-03-30T02:30:00 CEST", "the time zone 'CEST' is not understood"),
     ("12 Jan 2025 10:00 EST", "the time zone 'EST' is not understood"),
     ("12 Jan 2025 10:00 GMT+2", "'GMT+2' is read two ways"), ("12 Jan 2025 10:00 UTC-5", "'UTC-5' is read two ways"),
     ("1 Jan 0000", "years 1 to 9999"), ("29 February 0001", "cannot read"),
     # an offset of a day or more: was "outside the times memlane can store", as if the date were
     ("2024-02-29T12:00:00+24:00", "a UTC offset is less than 24 hours"),
     ("2024-02-29 12:00 -2400", "a UTC offset is less than 24 hours")],
)  # fmt: skip
def test_a_written_time_zone_that_is_not_understood_is_refused(written: str, why: str) -> None:
    # before: the zone name was dropped ("2:30 CET" stored as 2:30 UTC), and "GMT+2" stored four hours off
    with pytest.raises(InvalidInput, match=re.escape(why)):
        parse_time(written, "observed_at")


def test_a_refused_zone_stores_nothing_and_year_one_reads_back(mem: Memlane) -> None:
    with pytest.raises(InvalidInput, match="observed_at: 'March 30, 2025 2:30 CET': the time zone 'CET'"):
        mem.store("the ferry left Split", observed_at="March 30, 2025 2:30 CET")
    assert mem.list_recent(limit=5) == []
    first = mem.store("the first day of the calendar", valid_from="1 Jan 0001", valid_to="31 Dec 9999")
    got = mem.get(first.id)
    assert (got.valid_from, got.valid_to) == (
        datetime(1, 1, 1, tzinfo=UTC),
        datetime(9999, 12, 31, tzinfo=UTC),
    )


@pytest.mark.parametrize(
    ("start", "end", "why"),
    [
        ("2016-12-31T23:59:60Z", None, "start: cannot read '2016-12-31T23:59:60Z'"),  # a leap second
        ("2025-02-29", None, "start: cannot read '2025-02-29'"),
        ("next Tuesday-ish", None, "start: cannot read"),
        ("2024-03-01T09:00:00+01:00", "2024-03-01T07:59:00Z", "end: must not be before start"),
        ("2024-03-01", "2024-02-29", "end: must not be before start"),
        ("2024-02-29", "0001-01-01T00:00:00+05:00", "end: 0001-01-01T00:00:00+05:00 is outside the times"),
    ],
)
def test_an_event_with_a_time_memlane_cannot_read_is_refused(
    mem: Memlane, start: str, end: str | None, why: str
) -> None:
    """A calendar event's start and end were kept as any text (a leap second, 29 February 2025, an end
    before the start) though the record's other fields are checked: refused now, nothing anchored."""
    event = {"kind": "event", "system": "gcal", "id": "ev-1", "title": "Leap day stand-up", "start": start}
    with pytest.raises(InvalidInput, match=re.escape(why)):
        mem.anchor({**event, **({"end": end} if end else {})})
    assert mem.entities.list(limit=10) == []


def test_an_events_times_read_back_as_given_at_the_calendars_edges(mem: Memlane) -> None:
    """What is accepted reads back exactly as sent (the organiser's offset kept), on both backends."""
    events = [
        ("2024-02-29T09:00:00+14:00", "2024-02-29T09:30:00+14:00"),
        ("0001-01-01", "0001-01-01T01:00:00Z"),
        ("9999-12-31T23:00:00Z", "9999-12-31T23:59:59.999999Z"),
        ("2024-03-01T08:00:00+01:00", "2024-03-01T07:00:00Z"),  # the same instant
        ("2024-02-29T23:00:00-14:00", "2024-02-29"),  # a day is the organiser's: not ordered
    ]
    for n, (start, end) in enumerate(events):
        mem.anchor({"kind": "event", "system": "gcal", "id": f"ev-{n}", "title": f"Event {n}", "start": start,
                    "end": end})  # fmt: skip
    read = {e.name: e.attributes for e in mem.entities.list(limit=10)}
    assert read == {
        f"Event {n}": {"title": f"Event {n}", "start": s, "end": e} for n, (s, e) in enumerate(events)
    }


def test_a_word_an_apostrophe_joins_is_found_by_its_parts(mem: Memlane) -> None:
    """French and Italian elision (l'aéroport, dell'ufficio) and Turkish case endings (Ankara'ya,
    İstanbul'da): the full-text indexes split the word at the apostrophe, so the keyword lane found the
    memory, but its evidence read "ankaraya" and dropped it as unsupported; and "İ" lower-cased to "i" plus
    a combining dot, so a query "İstanbul" searched "stanbul". With no embedder nothing was found."""
    said = {
        "ankara": mem.store("Mehmet yarın Ankara'ya gidiyor").id,
        "aeroport": mem.store("Nous partons de l'aéroport d'Orly demain matin").id,
        "ufficio": mem.store("La riunione è nella sala dell'ufficio di Milano").id,
        "istanbul": mem.store("Ofisimiz İstanbul'da, Şükrü Bey'in sorumluluğunda").id,
    }
    for query, wanted in [("Ankara", "ankara"), ("aéroport", "aeroport"),
                          ("ufficio", "ufficio"), ("İstanbul", "istanbul"), ("Istanbul", "istanbul"),
                          ("ISTANBUL", "istanbul")]:  # fmt: skip
        assert [h.id for h in mem.recall(query, limit=3)] == [said[wanted]], query
