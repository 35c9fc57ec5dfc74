"""The dashboard's template filters, without a browser."""

from __future__ import annotations

from datetime import UTC, datetime

from memlane.timeutil import EARLIEST, LATEST
from memlane.web.context import make_templates


def test_times_render_with_four_digit_years_at_the_calendars_edges() -> None:
    when = make_templates().env.filters["when"]
    assert when(EARLIEST) == "0001-01-01 00:00"
    assert when(datetime(999, 6, 1, 8, 5, tzinfo=UTC)) == "0999-06-01 08:05"
    assert when(LATEST) == "9999-12-31 23:59"
    assert when(None) == ""
