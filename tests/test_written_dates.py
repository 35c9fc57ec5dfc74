"""A written date without its year is refused, not stored in the year 2000: dateutil fills a missing year
from its default, so ``observed_at: "March 14"`` read back as 2000-03-14 (and "10:00 UTC" as
2000-01-01T10:00Z), a wrong time with no word said. Dates with their year read as before."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from memlane import InvalidInput, Memlane
from servers import bearer, make_stack, running


@pytest.mark.parametrize("text", ["March 14", "Feb 29", "14th of March at 10:00", "10:00 UTC", "Tuesday"])
def test_a_written_date_without_a_year_is_refused(tmp_path: Path, text: str) -> None:
    stack = make_stack(tmp_path / "m.db")
    with running(stack.app()) as url, httpx.Client(base_url=url, headers=bearer(stack.admin_key)) as client:
        answer = client.post("/v1/memories", json={"content": "The audit happened", "observed_at": text})
        assert answer.status_code == 422
        assert answer.json()["error"] == {
            "code": "invalid_input",
            "message": f"observed_at: {text!r} has no year; write the date with its year (March 14, 2025)",
        }
        assert client.get("/v1/memories").json()["items"] == []  # nothing stored
    with pytest.raises(InvalidInput, match="has no year"):
        stack.mem.store("The audit happened", valid_from=text)
    stack.mem.close()


@pytest.mark.parametrize(
    ("text", "stored"),
    [
        ("March 14, 2025", "2025-03-14T00:00:00Z"),
        ("29 Feb 2024", "2024-02-29T00:00:00Z"),
        ("March 2025", "2025-03-01T00:00:00Z"),
        ("14 March 2025 10:00 UTC", "2025-03-14T10:00:00Z"),
        ("1 Jan 0001", "0001-01-01T00:00:00Z"),
        ("2025-03-14", "2025-03-14T00:00:00Z"),
    ],
)
def test_a_written_date_with_its_year_reads_as_before(tmp_path: Path, text: str, stored: str) -> None:
    with Memlane(tmp_path / "m.db", user="alice", embedder="none") as mem:
        result = mem.store("The audit happened", observed_at=text)
        assert mem.get(result.id).model_dump(mode="json")["observed_at"] == stored
