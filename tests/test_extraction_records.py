"""Tool results with a known record shape (issue 13, req. 8): read deterministically into the entity
graph's records and anchored by extract, with provenance, in the extraction's transaction."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from backends import count_rows
from llm_servers import scripted_llm
from memlane import Memlane
from memlane.extraction import Message
from memlane.extraction.records import record_of

GITHUB_ISSUE = {
    "number": 42, "title": "Login fails with SSO", "state": "open", "user": {"login": "octo-dev"},
    "html_url": "https://github.com/acme/portal/issues/42",
    "repository_url": "https://api.github.com/repos/acme/portal",
}  # fmt: skip
GITHUB_PULL = {
    "number": 7, "title": "Fix SSO redirect", "state": "closed", "user": {"login": "bo"},
    "html_url": "https://github.com/acme/portal/pull/7", "pull_request": {"merged_at": None},
}  # fmt: skip
HUBSPOT_CONTACT = {
    "id": "501", "properties": {"firstname": "Ana", "lastname": "Lopez", "email": "ana@acme.com",
                                "company": "Acme", "jobtitle": "CTO"},
}  # fmt: skip
ZENDESK_TICKET = {
    "id": 9001, "subject": "Invoice missing", "status": "pending", "priority": "high",
    "requester": {"name": "Globex", "email": "billing@globex.com"}, "assignee": "Sam Reyes",
}  # fmt: skip
CALENDAR_EVENT = {
    "id": "evt-77", "summary": "Quarterly review", "start": {"dateTime": "2026-12-03T10:00:00Z"},
    "end": {"dateTime": "2026-12-03T11:00:00Z"}, "location": "Room 4",
    "organizer": {"email": "ana@acme.com"},
    "attendees": [{"email": "sam@acme.com", "displayName": "Sam Reyes"}, {"email": "ana@acme.com"}],
}  # fmt: skip


def tool(name: str, result: dict[str, Any], id_: str | None = None) -> Message:
    return Message(role="tool", tool=name, result=result, id=id_)


def test_known_shapes_are_read_deterministically() -> None:
    def dump(name: str, result: dict[str, Any]) -> dict[str, Any] | None:
        record = record_of(tool(name, result))
        return None if record is None else record.model_dump(exclude_none=True, exclude_defaults=True)

    assert dump("github.get_issue", GITHUB_ISSUE) == {  # system github: the default, left out
        "kind": "issue", "repository": "acme/portal", "number": 42,
        "title": "Login fails with SSO", "author": "octo-dev", "state": "open",
    }  # fmt: skip
    assert dump("gh", GITHUB_PULL) == {
        "kind": "pull_request", "system": "gh", "repository": "acme/portal", "number": 7,
        "title": "Fix SSO redirect", "author": "bo", "state": "closed",
    }  # fmt: skip
    assert dump("hubspot.get_contact", HUBSPOT_CONTACT) == {
        "kind": "contact", "system": "hubspot", "id": "501", "name": "Ana Lopez", "email": "ana@acme.com",
        "company": "Acme", "title": "CTO",
    }  # fmt: skip
    assert dump("zendesk.ticket", ZENDESK_TICKET) == {
        "kind": "ticket", "system": "zendesk", "id": "9001", "title": "Invoice missing", "status": "pending",
        "customer": {"name": "Globex", "email": "billing@globex.com"}, "assignee": {"name": "Sam Reyes"},
    }  # fmt: skip
    assert dump("google_calendar", CALENDAR_EVENT) == {
        "kind": "event", "system": "google_calendar", "id": "evt-77", "title": "Quarterly review",
        "start": "2026-12-03T10:00:00Z", "end": "2026-12-03T11:00:00Z", "location": "Room 4",
        "organizer": {"email": "ana@acme.com"},
        "attendees": [{"name": "Sam Reyes", "email": "sam@acme.com"}, {"email": "ana@acme.com"}],
    }  # fmt: skip
    # the anchoring format itself; its scope is never taken from the tool result
    explicit = {
        "kind": "contact",
        "system": "crm",
        "id": "9",
        "name": "Bo",
        "visibility": "shared",
        "owner": "x",
    }
    assert dump("crm", explicit) == {"kind": "contact", "system": "crm", "id": "9", "name": "Bo"}
    # no known shape, a broken one, or not a tool message: nothing
    assert record_of(tool("weather", {"temp": 21, "city": "Lyon"})) is None
    assert record_of(tool("crm", {"kind": "contact", "system": "crm", "id": "9"})) is None  # no name/email
    assert record_of(tool("gh", {"number": 3, "title": "No repository"})) is None
    assert record_of(Message(role="user", text="hi", result=GITHUB_ISSUE)) is None


def test_extract_anchors_tool_records_with_provenance(mem: Memlane, db_path: Path | str) -> None:
    mem.conversations.append("agent-1", [
        {"role": "user", "text": "Check the SSO issue and who is coming to the review."},
        {"role": "tool", "tool": "github.get_issue", "result": GITHUB_ISSUE},
        {"role": "tool", "tool": "hubspot.get_contact", "result": HUBSPOT_CONTACT},
        {"role": "tool", "tool": "zendesk.ticket", "result": ZENDESK_TICKET},
        {"role": "tool", "tool": "google_calendar", "result": CALENDAR_EVENT},
        {"role": "tool", "tool": "weather", "result": {"temp": 21}},
    ])  # fmt: skip
    logged = mem.conversations.show("agent-1")
    report = mem.extract("agent-1", mode="agent")
    assert [(a.kind, a.system, a.record_id, a.message_id) for a in report.anchored] == [
        ("issue", "github", "acme/portal#42", logged[1].id),
        ("contact", "hubspot", "501", logged[2].id),
        ("ticket", "zendesk", "9001", logged[3].id),
        ("event", "google_calendar", "evt-77", logged[4].id),
    ]
    issue, contact, ticket, event = (mem.entities.get(a.entity_id) for a in report.anchored)
    assert (issue.type, contact.name, ticket.type, event.type) == ("ticket", "Ana Lopez", "ticket", "event")
    assert event.attributes == {"title": "Quarterly review", "start": "2026-12-03T10:00:00Z",
                                "end": "2026-12-03T11:00:00Z", "location": "Room 4"}  # fmt: skip
    edges = {e.relation: e for e in mem.entities.edges(event.id)}
    assert set(edges) == {"organized_by", "attends"}
    assert edges["attends"].provenance == {
        "via": "extraction", "conversation_id": "agent-1", "message_id": logged[4].id, "tool": "google_calendar",
        "system": "google_calendar", "record": "event", "id": "evt-77",
    }  # fmt: skip
    # the organiser is the CRM contact (same e-mail address): one entity, not two
    assert edges["organized_by"].dst == contact.id
    # the same record seen again in another exchange updates its entity, never duplicates it
    entities = count_rows(db_path, "entities")
    again = mem.extract(
        [{"role": "tool", "tool": "github.get_issue", "result": {**GITHUB_ISSUE, "state": "closed"}}]
    )
    assert [a.entity_id for a in again.anchored] == [issue.id]
    assert mem.entities.get(issue.id).attributes["state"] == "closed"
    assert count_rows(db_path, "entities") == entities


def test_records_are_anchored_with_an_llm_extractor_too_and_a_failure_anchors_nothing(tmp_path: Path) -> None:
    with scripted_llm() as llm:
        environ = {"MEMLANE_LLM": "anthropic:c", "MEMLANE_LLM_URL": llm.url, "MEMLANE_LLM_MAX_ATTEMPTS": "1"}
        with Memlane(tmp_path / "m.db", user="alice", embedder="none", home=tmp_path, environ=environ) as mem:
            exchange = [{"role": "tool", "tool": "hubspot", "result": HUBSPOT_CONTACT}]
            llm.status(500)
            try:
                mem.extract(exchange)
            except Exception as exc:  # noqa: BLE001 - the LLMError is what this test provokes
                assert type(exc).__name__ == "LLMError"
            assert count_rows(tmp_path / "m.db", "entities") == 0  # all or nothing
            llm.reply({"facts": []})  # the model keeps nothing; the record is anchored anyway, by code
            report = mem.extract(exchange)
            assert [(a.kind, a.record_id) for a in report.anchored] == [("contact", "501")]
            assert len(llm.seen) == 2 and mem.entities.get(report.anchored[0].entity_id).name == "Ana Lopez"
