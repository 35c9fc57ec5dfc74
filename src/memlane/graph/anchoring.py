"""Deterministic anchoring of structured records to the entity graph, with no model call.

A record names its own ids, so it is keyed by them: a CRM contact is the person with the external id
``<system>:<id>`` (and its e-mail address), ``works_at`` its company; a support ticket
(``<system>:ticket:<id>``) ``belongs_to`` its customer and is ``assigned_to`` its assignee; an issue or
pull request (``<system>:<owner>/<repo>#<number>``) ``belongs_to`` its repository (``<system>:<owner>/<repo>``)
and its author (``<system>:<login>``) ``authored`` it; a calendar event (``<system>:event:<id>``) is
``organized`` by its organiser, and each attendee ``attends`` it. Each is resolved like any mention (so a person
first seen in a memory as "Ana Lopez" gets her CRM id instead of a twin); an id makes re-anchoring the
same record update it, never duplicate it. Single-valued relations (a contact's company, a ticket's
assignee and customer) that a record now states otherwise are ended (``valid_to``), not deleted.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

from ..errors import InvalidInput
from ..ids import new_id
from ..messages import problems
from ..models import Actor, Edge, Visibility
from ..requests import check_json, check_storable
from ..storage.base import EntityScope, EntityWrites
from ..timeutil import parse_time
from .linking import resolve_into
from .resolution import EntityType, Mention
from .said_reads import SaidReads

__all__ = [
    "AnchorRecord",
    "ContactRecord",
    "EventRecord",
    "IssueRecord",
    "Party",
    "TicketRecord",
    "anchor_record",
    "parse_record",
]

_SYSTEM = r"^[a-z0-9][a-z0-9_.-]*$"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)


class Party(_Model):
    """A person or organisation a record points at: by name, e-mail and/or an external id
    (``system:value``); at least one."""

    name: str | None = Field(default=None, min_length=1, max_length=300)
    email: str | None = Field(default=None, pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$", max_length=320)
    external_id: str | None = Field(
        default=None, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*:\S.*$", max_length=300
    )

    @model_validator(mode="after")
    def _something(self) -> Party:
        if not (self.name or self.email or self.external_id):
            raise ValueError("needs a name, an email or an external_id")
        return self


class _Record(_Model):
    #: the source system (``hubspot``, ``zendesk``, ``github``): the namespace of the record's ids
    system: str = Field(min_length=1, max_length=40, pattern=_SYSTEM)
    #: scope, as for a stored memory: who owns the entities and who may read them
    owner: str | None = None
    visibility: Visibility = Visibility.PERSONAL
    attributes: dict[str, Any] | None = None


class ContactRecord(_Record):
    kind: Literal["contact"]
    id: str = Field(min_length=1, max_length=200)
    name: str | None = Field(default=None, min_length=1, max_length=300)
    email: str | None = Field(default=None, pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$", max_length=320)
    company: str | None = Field(default=None, min_length=1, max_length=300)
    company_id: str | None = Field(default=None, min_length=1, max_length=200)
    title: str | None = Field(default=None, max_length=300)

    @model_validator(mode="after")
    def _named(self) -> ContactRecord:
        if not (self.name or self.email):
            raise ValueError("a contact needs a name or an email")
        if self.company_id and not self.company:
            raise ValueError("company_id needs the company's name (company)")
        return self


class TicketRecord(_Record):
    kind: Literal["ticket"]
    id: str = Field(min_length=1, max_length=200)
    title: str = Field(min_length=1, max_length=500)
    status: str | None = Field(default=None, max_length=100)
    customer: Party | None = None
    assignee: Party | None = None


class IssueRecord(_Record):
    kind: Literal["issue", "pull_request"]
    system: str = Field(default="github", min_length=1, max_length=40, pattern=_SYSTEM)
    repository: str = Field(pattern=r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$", max_length=200)
    number: int = Field(gt=0)
    title: str = Field(min_length=1, max_length=500)
    author: str | None = Field(default=None, min_length=1, max_length=100, pattern=r"^[A-Za-z0-9_.\[\]-]+$")
    state: str | None = Field(default=None, max_length=50)


class EventRecord(_Record):
    kind: Literal["event"]
    id: str = Field(min_length=1, max_length=300)
    title: str = Field(min_length=1, max_length=500)
    #: when it starts and ends, as given (ISO-8601 date or date-time): kept as attributes
    start: str | None = Field(default=None, max_length=100)
    end: str | None = Field(default=None, max_length=100)
    location: str | None = Field(default=None, max_length=500)
    organizer: Party | None = None
    attendees: list[Party] = Field(default_factory=list, max_length=500)

    @model_validator(mode="after")
    def _dated(self) -> EventRecord:
        """``start`` and ``end`` are kept as given (the organiser's offset is part of the event), but only
        times memlane can read (as a memory's times: timeutil), and an end not before the start."""
        start, end = parse_time(self.start, "start"), parse_time(self.end, "end")
        # a day ("2024-02-29") is the organiser's, whose offset it does not say: ordered against a day only
        if start and end and _is_day(self.start) == _is_day(self.end) and end < start:
            raise ValueError("end: must not be before start")
        return self


def _is_day(text: str | None) -> bool:
    try:
        date.fromisoformat((text or "").strip())
    except ValueError:
        return False
    return True


Record = ContactRecord | TicketRecord | IssueRecord | EventRecord
AnchorRecord = Annotated[Record, Field(discriminator="kind")]
_ADAPTER: TypeAdapter[Record] = TypeAdapter(AnchorRecord)


def parse_record(record: Any) -> Record:
    """A record model from a dict (or the model itself); InvalidInput naming every problem."""
    if isinstance(record, ContactRecord | TicketRecord | IssueRecord | EventRecord):
        # a model built by the caller is checked as a dict is: its attributes are free-form
        check_storable(record.model_dump(), "record")
        check_json(record.model_dump(), "record")
        return record
    if not isinstance(record, dict):
        raise InvalidInput(
            "record: expected an object with a 'kind' (contact, ticket, issue, pull_request, event)"
        )
    check_storable(record, "record")
    # what lands in the entity's attributes (and the edges' provenance) as a memory's data is: NaN, an
    # infinity, bytes, a set, a key not text refused (SQLite kept NaN, PostgreSQL failed with a 503)
    check_json(record, "record")
    try:
        return _ADAPTER.validate_python(record)
    except ValidationError as exc:
        raise InvalidInput(f"record: {problems(exc)}") from None


def _edge(
    txn: EntityWrites, src: str, relation: str, dst: str, provenance: dict[str, Any], at: datetime
) -> Edge:
    return txn.upsert_edge(
        Edge(id=new_id(), src=src, relation=relation, dst=dst, provenance=provenance, created_at=at)
    )


def _party(
    txn: EntityWrites, scope: EntityScope, party: Party, kind: EntityType, at: datetime, said: SaidReads
) -> str | None:
    ids = tuple(v for v in (party.external_id, party.email) if v)
    return resolve_into(
        txn, scope, Mention(party.name or party.email, kind, ids), at, authoritative=bool(ids), said=said
    )


def anchor_record(
    txn: EntityWrites,
    scope: EntityScope,
    record: Record,
    at: datetime,
    provenance: Mapping[str, Any] | None = None,
    *,
    actor: Actor,
) -> tuple[str, list[Edge]]:
    """Anchor ``record`` in ``scope`` inside the transaction: (the record's entity id, its edges).
    ``provenance`` (where the record was seen: a conversation, a message, a tool) goes on its edges.
    ``actor``: the writer; a person is told apart from namesakes by what the store knows of them as
    ``actor`` may read it (``graph.said_reads``: their organisations, for a contact at a company)."""
    provenance = {**(provenance or {}), "system": record.system, "record": record.kind}
    said = SaidReads(txn, actor, at)
    edges: list[Edge] = []
    if isinstance(record, ContactRecord):
        attributes = {**(record.attributes or {}), **({"title": record.title} if record.title else {})}
        ids = (f"{record.system}:{record.id}", *((record.email,) if record.email else ()))
        company = None
        if record.company:
            company_ids = (f"{record.system}:company:{record.company_id}",) if record.company_id else ()
            company = resolve_into(
                txn, scope, Mention(record.company, EntityType.COMPANY, company_ids), at,
                authoritative=bool(company_ids),
            )  # fmt: skip
        person = resolve_into(
            txn, scope,
            Mention(record.name or record.email, EntityType.PERSON, ids, (record.company,) if record.company else ()),
            at, attributes=attributes or None, authoritative=True, said=said,
        )  # fmt: skip
        assert person is not None  # authoritative: created when nothing fits
        if company is not None:
            txn.close_edges(person, "works_at", company, at)
            edges.append(_edge(txn, person, "works_at", company, {**provenance, "id": record.id}, at))
        return person, edges
    if isinstance(record, TicketRecord):
        attributes = {
            **(record.attributes or {}), "title": record.title, **({"status": record.status} if record.status else {})
        }  # fmt: skip
        ticket = resolve_into(
            txn, scope, Mention(record.title, EntityType.TICKET, (f"{record.system}:ticket:{record.id}",)), at,
            attributes=attributes or None, authoritative=True,
        )  # fmt: skip
        assert ticket is not None
        for party, kind, relation in (
            (record.customer, EntityType.CUSTOMER, "belongs_to"),
            (record.assignee, EntityType.PERSON, "assigned_to"),
        ):
            if party is None:
                continue
            other = _party(txn, scope, party, kind, at, said)
            if other is not None:
                txn.close_edges(ticket, relation, other, at)
                edges.append(_edge(txn, ticket, relation, other, {**provenance, "id": record.id}, at))
        return ticket, edges
    if isinstance(record, EventRecord):
        return _anchor_event(txn, scope, record, at, provenance, said)
    repo_id = f"{record.system}:{record.repository}"
    attributes = {
        **(record.attributes or {}), "kind": record.kind, "number": record.number, "title": record.title,
        **({"state": record.state} if record.state else {}),
    }  # fmt: skip
    item = resolve_into(
        txn, scope, Mention(f"{record.repository}#{record.number} {record.title}", EntityType.TICKET,
                            (f"{repo_id}#{record.number}",)),
        at, attributes=attributes, authoritative=True,
    )  # fmt: skip
    repo = resolve_into(
        txn, scope, Mention(record.repository, EntityType.REPOSITORY, (repo_id,)), at, authoritative=True
    )
    assert item is not None and repo is not None
    where = {**provenance, "id": f"{record.repository}#{record.number}"}
    edges.append(_edge(txn, item, "belongs_to", repo, where, at))
    if record.author:
        author = resolve_into(
            # by the login's id only: a login is no name ("ana" is not "Ana Lopez" because she is unique)
            txn, scope, Mention(None, EntityType.PERSON, (f"{record.system}:{record.author}",)), at,
            authoritative=True,
        )  # fmt: skip
        if author is not None:
            edges.append(_edge(txn, author, "authored", item, where, at))
    return item, edges


def _anchor_event(
    txn: EntityWrites,
    scope: EntityScope,
    record: EventRecord,
    at: datetime,
    provenance: dict[str, Any],
    said: SaidReads,
) -> tuple[str, list[Edge]]:
    attributes = {
        **(record.attributes or {}), "title": record.title,
        **{k: v for k, v in (("start", record.start), ("end", record.end), ("location", record.location)) if v},
    }  # fmt: skip
    event = resolve_into(
        txn, scope, Mention(record.title, EntityType.EVENT, (f"{record.system}:event:{record.id}",)), at,
        attributes=attributes, authoritative=True,
    )  # fmt: skip
    assert event is not None
    where = {**provenance, "id": record.id}
    edges: list[Edge] = []
    if record.organizer is not None:
        organizer = _party(txn, scope, record.organizer, EntityType.PERSON, at, said)
        if organizer is not None:
            txn.close_edges(event, "organized_by", organizer, at)
            edges.append(_edge(txn, event, "organized_by", organizer, where, at))
    for attendee in record.attendees:
        person = _party(txn, scope, attendee, EntityType.PERSON, at, said)
        if person is not None:
            edges.append(_edge(txn, person, "attends", event, where, at))
    return event, edges
