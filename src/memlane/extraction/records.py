"""Known record shapes in tool results (issue 13, req. 8): which tool results are an issue or pull
request, a CRM contact, a support ticket or a calendar event, read deterministically (no model call)
into the entity graph's record types (``memlane.graph.anchoring``).

Recognised, in this order (the first that fits wins):

* an explicit record: ``{"kind": "contact" | "ticket" | "issue" | "pull_request" | "event", ...}`` in
  the anchoring format (``docs/concepts.md``);
* an issue or pull request: an integer ``number``, a ``title`` and its repository — ``repository``
  (``"owner/repo"`` or ``{"full_name": …}``), or GitHub's ``html_url`` / ``repository_url``; a
  ``pull_request`` key or a ``/pull/`` URL makes it a pull request; the author from ``user.login`` or
  ``author``;
* a calendar event: an ``id``, a ``summary`` or ``title``, a ``start`` (a string, or Google Calendar's
  ``{"dateTime" | "date": …}``), and ``attendees``, an ``organizer`` or an ``end``;
* a support ticket: an ``id``, a ``subject`` or ``title``, a ``status``, and a ``requester``,
  ``customer`` or ``assignee``;
* a CRM contact: an ``id`` and an ``email`` (flat, or HubSpot's ``properties``), with ``name`` or
  ``firstname`` / ``lastname``, ``company`` and ``title`` / ``jobtitle``.

The system (the namespace of the record's ids) is the result's ``system``, else the tool name's first
part (``hubspot.get_contact`` → ``hubspot``), else ``github`` for a GitHub URL, else the kind's generic
name. A result that fits no shape, or fits one but fails the record's validation, is not anchored.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..errors import InvalidInput
from ..graph.anchoring import Record, parse_record
from .models import Message

__all__ = ["record_of"]

_KINDS = frozenset({"contact", "ticket", "issue", "pull_request", "event"})
_SYSTEM_RE = re.compile(r"^[a-z0-9][a-z0-9_.-]*$")
_GITHUB_URL_RE = re.compile(r"github\.com/([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)/(issues|pull)/\d+")
_REPOS_URL_RE = re.compile(r"/repos/([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)/?$")
_GENERIC = {"issue": "github", "pull_request": "github", "event": "calendar", "ticket": "helpdesk",
            "contact": "crm"}  # fmt: skip


def _text(value: Any) -> str | None:
    if isinstance(value, str) and value.strip():
        return value.strip()
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return None


def _system(result: Mapping[str, Any], tool: str | None, kind: str, url: str | None = None) -> str:
    for candidate in (_text(result.get("system")), re.split(r"[.:/\s]", tool or "", maxsplit=1)[0]):
        if candidate and _SYSTEM_RE.match(candidate.lower()):
            return candidate.lower()
    if url and "github.com" in url:
        return "github"
    return _GENERIC[kind]


def _party(value: Any) -> dict[str, str] | None:
    """A person or organisation from a name, an e-mail address or an object with name / email."""
    if isinstance(value, str) and value.strip():
        return {"email": value.strip()} if "@" in value else {"name": value.strip()}
    if not isinstance(value, Mapping):
        return None
    name = _text(value.get("name")) or _text(value.get("displayName")) or _text(value.get("display_name"))
    email = _text(value.get("email"))
    party = {k: v for k, v in (("name", name), ("email", email)) if v}
    return party or None


def _issue(result: Mapping[str, Any], tool: str | None) -> dict[str, Any] | None:
    number, title = result.get("number"), _text(result.get("title"))
    if not isinstance(number, int) or isinstance(number, bool) or title is None:
        return None
    url = _text(result.get("html_url")) or _text(result.get("url"))
    repo = result.get("repository")
    repository = (
        _text(repo)
        if isinstance(repo, str)
        else _text(repo.get("full_name"))
        if isinstance(repo, Mapping)
        else None
    )
    if repository is None and url and (m := _GITHUB_URL_RE.search(url)):
        repository = m.group(1)
    if repository is None and (m := _REPOS_URL_RE.search(_text(result.get("repository_url")) or "")):
        repository = m.group(1)
    if repository is None:
        return None
    pull = "pull_request" in result or "/pull/" in (url or "") or result.get("type") == "pull_request"
    kind = "pull_request" if pull else "issue"
    user = result.get("user") if isinstance(result.get("user"), Mapping) else result.get("author")
    author = _text(user.get("login")) if isinstance(user, Mapping) else _text(user)
    record = {"kind": kind, "system": _system(result, tool, kind, url or "github.com"), "repository": repository,
              "number": number, "title": title}  # fmt: skip
    if author:
        record["author"] = author
    if _text(result.get("state")):
        record["state"] = _text(result.get("state"))
    return record


def _when(value: Any) -> str | None:
    if isinstance(value, Mapping):
        return _text(value.get("dateTime")) or _text(value.get("date"))
    return _text(value)


def _event(result: Mapping[str, Any], tool: str | None) -> dict[str, Any] | None:
    title = _text(result.get("summary")) or _text(result.get("title"))
    ident, start = _text(result.get("id")), _when(result.get("start"))
    attendees = result.get("attendees")
    if not (ident and title and start) or not (
        isinstance(attendees, list) or "organizer" in result or "end" in result
    ):
        return None
    record: dict[str, Any] = {"kind": "event", "system": _system(result, tool, "event"), "id": ident,
                              "title": title, "start": start}  # fmt: skip
    if _when(result.get("end")):
        record["end"] = _when(result.get("end"))
    if _text(result.get("location")):
        record["location"] = _text(result.get("location"))
    organizer = _party(result.get("organizer"))
    if organizer:
        record["organizer"] = organizer
    if isinstance(attendees, list):
        record["attendees"] = [p for p in (_party(a) for a in attendees) if p]
    return record


def _ticket(result: Mapping[str, Any], tool: str | None) -> dict[str, Any] | None:
    ident = _text(result.get("id"))
    title = _text(result.get("subject")) or _text(result.get("title"))
    parties = ("requester", "customer", "assignee")
    if not (ident and title and _text(result.get("status"))) or not any(result.get(p) for p in parties):
        return None
    record: dict[str, Any] = {"kind": "ticket", "system": _system(result, tool, "ticket"), "id": ident,
                              "title": title, "status": _text(result.get("status"))}  # fmt: skip
    customer = _party(result.get("customer") or result.get("requester"))
    assignee = _party(result.get("assignee"))
    if customer:
        record["customer"] = customer
    if assignee:
        record["assignee"] = assignee
    return record


def _contact(result: Mapping[str, Any], tool: str | None) -> dict[str, Any] | None:
    ident = _text(result.get("id"))
    properties = result.get("properties")
    fields: Mapping[str, Any] = properties if isinstance(properties, Mapping) else result
    email = _text(fields.get("email"))
    if not (ident and email and "@" in email):
        return None
    first, last = (
        _text(fields.get("firstname") or fields.get("first_name")),
        _text(fields.get("lastname") or fields.get("last_name")),
    )
    name = _text(fields.get("name")) or " ".join(p for p in (first, last) if p) or None
    record: dict[str, Any] = {"kind": "contact", "system": _system(result, tool, "contact"), "id": ident,
                              "email": email}  # fmt: skip
    if name:
        record["name"] = name
    company = fields.get("company")
    if isinstance(company, Mapping):
        if _text(company.get("name")):
            record["company"] = _text(company.get("name"))
            if _text(company.get("id")):
                record["company_id"] = _text(company.get("id"))
    elif _text(company):
        record["company"] = _text(company)
    title = _text(fields.get("jobtitle")) or _text(fields.get("job_title")) or _text(fields.get("title"))
    if title:
        record["title"] = title
    return record


def record_of(message: Message) -> Record | None:
    """The record a tool message's structured result holds, or None (see the module docstring).
    Its ``owner`` and ``visibility`` are not taken from the result: the extraction's ceiling decides."""
    result = message.result
    if message.role != "tool" or not isinstance(result, Mapping):
        return None
    if result.get("kind") in _KINDS:
        raw: dict[str, Any] | None = {k: v for k, v in result.items() if k not in ("owner", "visibility")}
        assert raw is not None
        raw.setdefault("system", _system(result, message.tool, str(result["kind"])))
    else:
        raw = None
        for shape in (_issue, _event, _ticket, _contact):
            raw = shape(result, message.tool)
            if raw is not None:
                break
    if raw is None:
        return None
    try:
        return parse_record(raw)
    except InvalidInput:
        return None
