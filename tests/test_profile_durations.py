"""A duration's unit "M" (``expire_after="6M"``, ``--refresh 6M``) is refused as ambiguous: it was read as
minutes ("m", case folded), where ISO 8601 and most date libraries read months, and a profile's new
``expire_after`` applies to the memories it already wrote: "6M" meant for six months expired everything
the profile had written more than six minutes ago, at once, for every reader, and the expiry job then
deleted it."""

from __future__ import annotations

from datetime import timedelta

import pytest

from memlane import InvalidInput, Memlane
from memlane.profiles.spec import check_expire_after, check_refresh


def test_a_capital_m_is_refused_and_nothing_changes(mem: Memlane) -> None:
    mem.profiles.create("prefs", expire_after="90 days")
    for change in ({"expire_after": "6M"}, {"expire_after": "6 M"}, {"refresh": "30M"}):
        (field,) = change
        with pytest.raises(InvalidInput) as refused:
            mem.profiles.update("prefs", **change)
        assert str(refused.value).startswith(f"{field}: {change[field]!r} is ambiguous"), str(refused.value)
    assert mem.profiles.show("prefs").expire_after == "90 days"
    with pytest.raises(InvalidInput, match="is ambiguous"):
        mem.profiles.create("other", expire_after="6M")


def test_every_other_spelling_of_the_units_still_reads() -> None:
    assert [check_expire_after(v) for v in ("6m", "6 MIN", "6Mo", "6 MONTHS", "2 Months", "12H", "1w")] == [
        "6 minutes", "6 minutes", "6 months", "6 months", "2 months", "12 hours", "1 weeks",
    ]  # fmt: skip
    assert check_refresh("30m") == int(timedelta(minutes=30).total_seconds() // 60)
