"""Dates: every date a caller can send either round-trips exactly or is refused with ``invalid_input``,
on both backends, through the SDK and REST; a row that cannot be decoded never fails a whole listing.

The representable range is 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999Z (Python's datetime, in
UTC): ``0001-01-01T00:00:00+05:00`` is five hours before it and ``9999-12-31T23:59:59-05:00`` five
hours after it, so both are refused.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backends import count_rows, is_postgres, rows
from cli_runner import invoke
from memlane import InvalidInput, Memlane
from memlane.timeutil import from_db, parse_time, to_db
from servers import bearer, make_stack, running

#: accepted, written as a caller might write them, and the instant each one means
ACCEPTED = [
    ("0001-01-01", datetime(1, 1, 1, tzinfo=UTC)),
    ("0001-01-01T05:00:00+05:00", datetime(1, 1, 1, tzinfo=UTC)),
    ("0999-06-01", datetime(999, 6, 1, tzinfo=UTC)),
    ("0999-06-01T12:34:56.789012+02:00", datetime(999, 6, 1, 10, 34, 56, 789012, tzinfo=UTC)),
    ("0099-12-31T23:59:59Z", datetime(99, 12, 31, 23, 59, 59, tzinfo=UTC)),
    ("1000-01-01T00:00:00", datetime(1000, 1, 1, tzinfo=UTC)),  # naive: UTC
    ("2024-02-29T08:00:00-08:00", datetime(2024, 2, 29, 16, tzinfo=UTC)),
    ("9999-12-31T23:59:59.999999Z", datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC)),
    ("9999-12-31T18:59:59-05:00", datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC)),
    ("June 1, 999", datetime(999, 6, 1, tzinfo=UTC)),  # written dates
    ("31 December 9999 11:59 PM", datetime(9999, 12, 31, 23, 59, tzinfo=UTC)),
]

#: refused: outside the representable range once in UTC, or not a date at all
REFUSED = [
    "0001-01-01T00:00:00+05:00",
    "0001-01-01T04:59:59.999999+05:00",
    "9999-12-31T23:59:59-05:00",
    "9999-12-31T19:00:00-05:00",
    "0000-01-01",
    "10000-01-01",
    "-0001-01-01",
    "2024-02-30",
    "2024-01-01T00:00:00+24:00",
    "99999999999999999999",
    "June 1, 10000",
    "not a date",
]

DATE_FIELDS = ("observed_at", "valid_from", "valid_to", "expires_at")


def _store(mem: Memlane, value: Any, field: str = "observed_at") -> str:
    fields = {field: value}
    if field != "expires_at":  # an item that expired is hidden from listings
        fields["expires_at"] = "9999-12-31T23:59:59.999999Z"
    return mem.store(f"note {uuid.uuid4().hex} about {field}", auto_supersede=False, **fields).id


@pytest.mark.parametrize("field", DATE_FIELDS)
def test_every_accepted_date_reads_back_exactly(mem: Memlane, field: str) -> None:
    accepted = ACCEPTED
    if field == "expires_at":  # an expiry already past is refused (stored, it was never readable)
        accepted = [(text, want) for text, want in ACCEPTED if want > datetime.now(UTC)]
        for text, want in ACCEPTED:
            if want <= datetime.now(UTC):
                with pytest.raises(InvalidInput, match="expires_at: .* is in the past"):
                    _store(mem, text, field)
    ids = {_store(mem, text, field): want for text, want in accepted}
    for memory_id, want in ids.items():
        got = getattr(mem.get(memory_id), field)
        assert got == want and got.utcoffset() == timedelta(0), (field, want, got)
    # listings, history and recall read every one of them (one unreadable item failed them all)
    live = ids
    assert len(live) >= 2
    listed = {m.id: getattr(m, field) for m in mem.list_recent(100)}
    assert listed == live
    assert {h.id for h in mem.recall(f"note about {field}", limit=100)} == set(live)
    for memory_id in live:  # expired items are gone for history too (issue 15)
        assert [v.id for v in mem.history(memory_id)] == [memory_id]


def test_the_same_instants_given_as_datetimes_read_back(mem: Memlane) -> None:
    plus5, minus5 = timezone(timedelta(hours=5)), timezone(timedelta(hours=-5))
    values = [
        datetime(1, 1, 1),  # naive: UTC
        datetime(1, 1, 1, 5, tzinfo=plus5),
        datetime(999, 6, 1, 12, tzinfo=minus5),
        datetime.max,
        datetime(9999, 12, 31, 18, 59, 59, 999999, tzinfo=minus5),
    ]
    for value in values:
        want = value if value.tzinfo else value.replace(tzinfo=UTC)
        assert mem.get(_store(mem, value)).observed_at == want


def test_date_filters_order_by_time_across_the_year_1000(mem: Memlane) -> None:
    """Stored text must sort as time does (SQLite compares it as text): '999-…' sorted after '1000-…'."""
    by_year = {year: _store(mem, f"{year:04d}-06-01") for year in (5, 999, 1000, 2020, 9999)}

    def observed(**bounds: str) -> set[str]:
        return {h.id for h in mem.recall("note about observed_at", limit=100, **bounds)}

    assert observed(observed_before="1000-01-01") == {by_year[5], by_year[999]}
    assert observed(observed_after="0999-01-01", observed_before="2021-01-01") == {
        by_year[999], by_year[1000], by_year[2020]
    }  # fmt: skip
    assert observed(observed_after="0001-01-01T00:00:00Z") == set(by_year.values())
    assert observed(observed_after="9999-01-01") == {by_year[9999]}


@pytest.mark.parametrize("field", DATE_FIELDS)
def test_unrepresentable_dates_are_refused_and_nothing_is_stored(
    mem: Memlane, db_path: Path | str, field: str
) -> None:
    for text in REFUSED:
        with pytest.raises(InvalidInput, match=field):
            mem.store(f"refused {text}", **{field: text})
    plus5, minus5 = timezone(timedelta(hours=5)), timezone(timedelta(hours=-5))
    for value in (datetime(1, 1, 1, tzinfo=plus5), datetime(9999, 12, 31, 23, 59, 59, tzinfo=minus5)):
        with pytest.raises(InvalidInput, match=field):
            mem.store("refused datetime", **{field: value})
        with pytest.raises(InvalidInput, match="item 1"):
            mem.store_many([{"content": "fine"}, {"content": "refused", field: value}])
    assert count_rows(db_path, "memories") == 0


def test_unrepresentable_filters_are_refused(mem: Memlane) -> None:
    for bound in ("observed_after", "observed_before"):
        for text in REFUSED:
            with pytest.raises(InvalidInput, match=bound):
                mem.recall("anything", **{bound: text})
            with pytest.raises(InvalidInput, match=bound):
                mem.list_recent(10, **{bound: text})
    # a window that holds no time (after at or past before: a swapped pair) is refused, not "no matches"
    mem.store("note about observed_at", observed_at="2026-06-01")
    for after, before in (("2027-01-01", "2026-01-01"), ("2026-06-01", "2026-06-01")):
        with pytest.raises(InvalidInput, match="observed_after .* must be earlier than observed_before"):
            mem.recall("note about observed_at", observed_after=after, observed_before=before)
        with pytest.raises(InvalidInput, match="must be earlier"):
            mem.list_recent(10, observed_after=after, observed_before=before)
    window = {"observed_after": "2026-06-01", "observed_before": "2026-06-01T00:00:00.000001Z"}
    assert len(mem.recall("note about observed_at", **window)) == 1  # the shortest window is one
    with pytest.raises(InvalidInput, match="now"):  # the SDK's clock override is a time like the others
        mem.recall("anything", now=datetime(1, 1, 1, tzinfo=timezone(timedelta(hours=5))))


# -- any datetime -----------------------------------------------------------------------------------

_offsets = st.builds(
    lambda minutes: timezone(timedelta(minutes=minutes)), st.integers(-(24 * 60) + 1, 24 * 60 - 1)
)
_any_datetime = st.datetimes(timezones=st.none() | st.just(UTC) | _offsets | st.timezones())


#: The machine these tests run on is shared and often loaded (load 20 on 2 cores): generating a datetime
#: with a zoneinfo zone then takes long enough for Hypothesis's ``too_slow`` health check, and an example
#: can outlast the default 200 ms deadline, failing the test for no fault of the code. Both measure speed,
#: which the suite does not assert; the examples, their number and every assertion stay the same.
_LOADED_MACHINE = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _instant(value: datetime) -> datetime:
    return value if value.tzinfo else value.replace(tzinfo=UTC)


@_LOADED_MACHINE
@given(_any_datetime, _any_datetime)
def test_any_accepted_datetime_round_trips_through_the_stored_text_in_order(a: datetime, b: datetime) -> None:
    try:
        pa, pb = parse_time(a, "t"), parse_time(b, "t")
    except InvalidInput:
        return
    assert pa is not None and pb is not None
    for value, parsed in ((a, pa), (b, pb)):
        assert parsed == _instant(value)
        assert from_db(to_db(parsed)) == parsed
        assert parse_time(parsed.isoformat(), "t") == parsed  # and as the ISO text a client would send
    assert (to_db(pa) < to_db(pb)) == (pa < pb)  # text order is time order (SQLite compares text)


@_LOADED_MACHINE
@given(
    st.text(max_size=40) | st.from_regex(r"-?\d{1,6}-\d{1,2}-\d{1,2}(T\d\d:\d\d(:\d\d)?([+-]\d\d:\d\d|Z)?)?")
)
def test_any_text_is_a_date_or_invalid_input(text: str) -> None:
    try:
        parsed = parse_time(text, "t")
    except InvalidInput:
        return
    assert parsed is None or from_db(to_db(parsed)) == parsed


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(value=_any_datetime)
def test_any_accepted_datetime_round_trips_through_the_store(mem: Memlane, value: datetime) -> None:
    try:
        memory_id = _store(mem, value)
    except InvalidInput:
        with pytest.raises(OverflowError):
            _instant(value).astimezone(UTC)  # refused only when UTC cannot represent it
        return
    assert mem.get(memory_id).observed_at == _instant(value)


# -- REST -------------------------------------------------------------------------------------------


def test_rest_dates_round_trip_or_are_refused(db_path: Path | str) -> None:
    stack = make_stack(db_path)
    try:
        with (
            running(stack.app()) as url,
            httpx.Client(base_url=url, headers=bearer(stack.admin_key), timeout=60) as c,
        ):
            stored = c.post("/v1/memories", json={"content": "the 999 note", "observed_at": "0999-06-01",
                                                  "valid_to": "9999-12-31T18:59:59-05:00"})  # fmt: skip
            assert stored.status_code == 200, stored.text
            memory_id = stored.json()["id"]
            for r in (
                c.get(f"/v1/memories/{memory_id}"),
                c.get("/v1/memories"),
                c.post("/v1/recall", json={"query": "999 note"}),
                c.get(f"/v1/memories/{memory_id}/history"),
                c.post(f"/v1/memories/{memory_id}/archive"),
                c.post(f"/v1/memories/{memory_id}/restore"),
            ):
                assert r.status_code == 200, (r.request.url, r.text)
                assert '"observed_at":"0999-06-01T00:00:00Z"' in r.text.replace(" ", "")
                assert '"valid_to":"9999-12-31T23:59:59Z"' in r.text.replace(" ", "")
            for body in (
                {"content": "x", "observed_at": "0001-01-01T00:00:00+05:00"},
                {"content": "x", "expires_at": "9999-12-31T23:59:59-05:00"},
                {"content": "x", "valid_from": "0000-12-31"},
                {"items": [{"content": "x", "valid_to": "10000-01-01"}]},
                {"items": [{"content": "x"}], "defaults": {"observed_at": "0001-01-01T00:00:00+05:00"}},
            ):
                path = "/v1/memories/batch" if "items" in body else "/v1/memories"
                r = c.post(path, json=body)
                assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_input", (body, r.text)
            for bound in ("observed_after", "observed_before"):
                for value in ("0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00"):
                    r = c.post("/v1/recall", json={"query": "note", bound: value})
                    assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_input", r.text
            assert c.delete(f"/v1/memories/{memory_id}").json()["deleted"] == [memory_id]
    finally:
        stack.mem.close()


def _cursor(body: dict[str, Any]) -> str:
    import base64
    import json

    return base64.urlsafe_b64encode(json.dumps(body).encode()).decode().rstrip("=")


def test_rest_cursors_with_huge_numbers_are_refused(db_path: Path | str) -> None:
    stack = make_stack(db_path)
    try:
        stack.mem.store("one note to page over")
        with (
            running(stack.app()) as url,
            httpx.Client(base_url=url, headers=bearer(stack.admin_key), timeout=60) as c,
        ):
            for body in (
                {"o": 10**30},
                {"o": 2**63},
                {"t": "2025-01-01T00:00:00+00:00", "s": 10**30},
                {"t": "2025-01-01T00:00:00+00:00", "s": 2**63},
                {"t": "0001-01-01T00:00:00+05:00", "i": "x"},
                {"t": "9999-12-31T23:59:59-05:00", "i": "x"},
                {"t": "2025-01-01T00:00:00", "i": "x"},
                {"t": 1e308, "i": "x"},
                {"o": 1.5},
            ):
                r = c.get("/v1/memories", params={"cursor": _cursor(body)})
                assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_input", (body, r.text)
            ok = c.get(
                "/v1/memories", params={"cursor": _cursor({"t": "2999-01-01T00:00:00+00:00", "i": "x"})}
            )
            assert ok.status_code == 200 and len(ok.json()["items"]) == 1
    finally:
        stack.mem.close()


# -- rows already stored -----------------------------------------------------------------------------


@pytest.mark.sqlite_only(
    reason="writes the pre-fix text format into the SQLite file; PostgreSQL stores timestamptz"
)
def test_rows_stored_before_the_fix_are_repaired_on_open(db_path: Path) -> None:
    """Before the fix, SQLite rows of years 1-999 were written without zero-padding ('999-06-01T…')."""
    with Memlane(db_path, user="alice", embedder="none") as m:
        old = _store(m, "0999-06-01")
        new = _store(m, "2020-06-01")
    rows(db_path, f"UPDATE memories SET observed_at = '999-06-01T00:00:00.000000Z', valid_from = "
                  f"'5-01-02T03:04:05.000006Z' WHERE id = '{old}'")  # fmt: skip
    rows(db_path, "DELETE FROM schema_migrations WHERE version = 3")  # as a database of the previous release
    with Memlane(db_path, user="alice", embedder="none") as m:
        assert m.get(old).observed_at == datetime(999, 6, 1, tzinfo=UTC)
        assert m.get(old).valid_from == datetime(5, 1, 2, 3, 4, 5, 6, tzinfo=UTC)
        hits = m.recall("note about observed_at", observed_before="1000-01-01")
        assert [h.id for h in hits] == [old]
        assert {i.id for i in m.list_recent(10)} == {old, new}
    stored = rows(db_path, f"SELECT observed_at, valid_from FROM memories WHERE id = '{old}'")
    assert stored == [("0999-06-01T00:00:00.000000Z", "0005-01-02T03:04:05.000006Z")]


def test_the_reader_accepts_the_text_written_before_the_fix() -> None:
    assert from_db("999-06-01T00:00:00.000000Z") == datetime(999, 6, 1, tzinfo=UTC)
    assert from_db("1-01-01T00:00:00.000000Z") == datetime(1, 1, 1, tzinfo=UTC)
    assert from_db("0999-06-01T00:00:00.000000Z") == datetime(999, 6, 1, tzinfo=UTC)
    with pytest.raises(ValueError):
        from_db("garbage")


def _corrupt(db: Path | str, memory_id: str, *, updated_at_too: bool = False) -> None:
    """Make one row's dates unreadable behind the store's back (another tool, a bad restore)."""
    if is_postgres(db):  # timestamps Python cannot hold
        bad = {"observed_at": "infinity", "valid_to": "10000-01-01", "created_at": "-infinity",
               "updated_at": "0001-01-01 00:00:00+00 BC"}  # fmt: skip
    else:
        bad = {"observed_at": "yesterday-ish", "valid_to": "soon", "created_at": "long ago",
               "updated_at": "0000-00-00T25:00:00Z"}  # fmt: skip
    if not updated_at_too:
        del bad["updated_at"]
    sets = ", ".join(f"{column} = '{value}'" for column, value in bad.items())
    rows(db, f"UPDATE memories SET {sets} WHERE id = '{memory_id}' RETURNING 1")


def test_an_unreadable_row_never_fails_a_listing(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        good = _store(m, "2020-06-01")
        bad = _store(m, "2021-06-01")
        hopeless = _store(m, "2022-06-01")
        updated_at = m.get(bad).updated_at
    _corrupt(db_path, bad)
    _corrupt(db_path, hopeless, updated_at_too=True)
    with Memlane(db_path, user="alice", embedder="none") as m:
        # returned with what can be read, never a failure of the whole listing or recall
        assert {i.id for i in m.list_recent(10)} == {good, bad, hopeless}
        assert {h.id for h in m.recall("note about observed_at", limit=10)} == {good, bad, hopeless}
        broken = m.get(bad)
        assert broken.valid_to is None  # an optional time: null
        assert broken.observed_at == broken.created_at == broken.updated_at == updated_at  # a stand-in
        worse = m.get(hopeless)
        assert worse.observed_at == worse.created_at == worse.updated_at == datetime.min.replace(tzinfo=UTC)
        assert [v.id for v in m.history(bad)] == [bad]
        assert m.reindex(keys=True).keys_rebuilt == 3  # maintenance reads them too
        assert m.archive(bad).state == "archived" and m.restore(bad).state != "archived"
        # so its author can still delete it
        assert m.forget(bad).deleted == (bad,) and m.forget(hopeless).deleted == (hopeless,)
        assert [i.id for i in m.list_recent(10)] == [good]


def test_an_unreadable_row_never_fails_a_rest_listing(db_path: Path | str) -> None:
    stack = make_stack(db_path)
    try:
        good = _store(stack.mem, "2020-06-01")
        bad = _store(stack.mem, "2021-06-01")
        _corrupt(db_path, bad, updated_at_too=True)
        with (
            running(stack.app()) as url,
            httpx.Client(base_url=url, headers=bearer(stack.admin_key), timeout=60) as c,
        ):
            listed = c.get("/v1/memories")
            assert listed.status_code == 200 and {i["id"] for i in listed.json()["items"]} == {good, bad}
            got = c.get(f"/v1/memories/{bad}")
            assert got.status_code == 200 and got.json()["observed_at"] == "0001-01-01T00:00:00Z"
            assert got.json()["valid_to"] is None
            assert c.post("/v1/recall", json={"query": "note about observed_at"}).status_code == 200
            assert c.delete(f"/v1/memories/{bad}").json()["deleted"] == [bad]
    finally:
        stack.mem.close()


def test_an_unreadable_row_never_fails_a_store_that_could_supersede_it(db_path: Path | str) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        bad = m.store("Lena Okafor lives in Porto since March 2021", observed_at="2021-03-01").id
    _corrupt(db_path, bad, updated_at_too=True)
    with Memlane(db_path, user="alice", embedder="none") as m:
        # a dated statement compares its time with the candidates' (a back-dated one never wins)
        r = m.store("Lena Okafor lives in Lisbon since March 2021", observed_at="2021-04-01")
        assert r.status == "stored"
        assert {i.id for i in m.list_recent(10, include_history=True)} == {bad, r.id}


@pytest.mark.parametrize("zone", ["America/New_York", "Pacific/Kiritimati"])
def test_postgresql_reads_the_edges_whatever_the_session_time_zone(pg_url: str, zone: str) -> None:
    """psycopg reads a timestamptz in the session's TimeZone: 0001-01-01T00:00Z is year 0 in New York and
    9999-12-31T23:59Z is year 10000 at UTC+14, which it cannot hold. Memlane must read them anyway."""
    from urllib.parse import quote

    url = pg_url.replace("options=", f"options=-c%20TimeZone%3D{quote(zone, safe='')}%20", 1)
    assert url != pg_url
    with Memlane(url, user="alice", embedder="none") as m:
        assert rows(url, "SHOW TimeZone") == [(zone,)]
        first = _store(m, "0001-01-01T00:00:00Z")
        last = _store(m, "9999-12-31T23:59:59.999999Z")
        assert m.get(first).observed_at == datetime.min.replace(tzinfo=UTC)
        assert m.get(last).observed_at == datetime.max.replace(tzinfo=UTC)
        assert {i.id for i in m.list_recent(10)} == {first, last}
        assert {h.id for h in m.recall("note about observed_at", observed_before="0002-01-01")} == {first}


def test_mcp_dates_round_trip_or_are_refused(tmp_path: Path) -> None:
    """The same over MCP (the official client, streamable HTTP): the tools share the service's parsing."""
    import anyio
    import mcp.types as types
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    stack = make_stack(tmp_path / "mcp.db")

    async def main(url: str) -> None:
        async with (
            create_mcp_http_client(headers=bearer(stack.admin_key)) as http,
            streamable_http_client(f"{url}/mcp", http_client=http) as streams,
            ClientSession(streams[0], streams[1]) as session,
        ):
            await session.initialize()
            stored = await session.call_tool(
                "memory_store", {"content": "the 999 note", "observed_at": "0999-06-01"}
            )
            assert not stored.is_error, stored.content
            for tool, arguments in (("memory_list_recent", {}), ("memory_recall", {"query": "999 note"})):
                result = await session.call_tool(tool, arguments)
                assert not result.is_error and "0999-06-01T00:00:00Z" in str(result.structured_content)
            for arguments in (
                {"content": "x", "observed_at": "0001-01-01T00:00:00+05:00"},
                {"content": "x", "observed_at": "9999-12-31T23:59:59-05:00"},
            ):
                refused = await session.call_tool("memory_store", arguments)
                text = "".join(c.text for c in refused.content if isinstance(c, types.TextContent))
                assert refused.is_error and "invalid_input" in text and "observed_at" in text, text

    try:
        with running(stack.app()) as url:
            anyio.run(main, url)
        assert count_rows(tmp_path / "mcp.db", "memories") == 1
    finally:
        stack.mem.close()


def test_cli_shows_and_refuses_dates_like_every_surface(tmp_path: Path) -> None:
    import os
    import subprocess

    env = {**os.environ, "MEMLANE_DATABASE_URL": str(tmp_path / "cli.db"), "MEMLANE_EMBEDDER": "none",
           "MEMLANE_USER": "alice"}  # fmt: skip

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return invoke(args, environ=env)  # in this process (tests/cli_runner.py)

    assert cli("memory", "store", "the 999 note", "--observed-at", "June 1, 999").returncode == 0
    recalled = cli("memory", "recall", "999 note")
    assert recalled.returncode == 0 and " 0999-06-01 " in recalled.stdout, recalled.stdout
    refused = cli("memory", "store", "x", "--observed-at", "0001-01-01T00:00:00+05:00")
    assert refused.returncode == 2 and "outside the times memlane can store" in refused.stderr, refused.stderr


def test_observed_date_keys_are_written_like_the_text_keys() -> None:
    """The time signal compares an item's observed date keys with a query's date keys (``text.dates``
    writes four-digit years): ``%Y`` made ``date:999-06-01`` for an item observed in 999."""
    from memlane.retrieval.signals import observed_keys

    keys = observed_keys(datetime(999, 6, 1, tzinfo=UTC))
    assert {"date:0999-06-01", "date:0999-06", "date:0999"} <= keys
    assert {"date:2024-03-05", "date:2024-03", "date:2024"} <= observed_keys(datetime(2024, 3, 5, tzinfo=UTC))


def test_the_property_tests_do_not_fail_on_a_loaded_machine() -> None:
    """Every property test of this module is free of the speed checks (and keeps its examples)."""
    tests = [v for v in globals().values() if callable(v) and hasattr(v, "hypothesis")]
    assert len(tests) == 3
    for test in tests:
        chosen = test._hypothesis_internal_use_settings
        assert chosen.deadline is None and HealthCheck.too_slow in chosen.suppress_health_check, test
        assert chosen.max_examples >= 40
