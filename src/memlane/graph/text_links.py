"""Linking what plain text states: typed mentions, a person's organisation, and edges with provenance.

On store (``MemoryService``): :func:`with_text_facts` gives the mentions of a memory the types and the
organisation its text shows (:mod:`memlane.graph.relations_text`: "Berlin" a place, "Kasia Nowak from
Tarkon" a person of Tarkon, so resolution's rules that need a shared organisation fire) and adds the
tickets, documents and repositories its statements name ("SUP-4411", "the billing repo"); after the
mentions are linked, :func:`relate_text` writes the relations it states as edges between the memory's
entities, in the memory's scope (an edge read from a personal memory is personal), with the memory's id as
provenance (``{"via": "text", "memory": id}``). A relation the text says is over ends the edge
(``valid_to``); a current ``works_at``, ``reports_to``, ``lives_in`` or ``assigned_to`` ends the
other open edges of that relation from the same entity (one employer, manager, home, assignee at a time).

A new version of a memory ends the edges its old version stated (``end_memory_edges``) before its own
are written (a restatement opens them again); forgetting a memory removes them (the storage backends do it
with the memory's rows).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime

from ..ids import new_id
from ..models import Edge, Memory
from ..storage.base import EntityWrites
from ..storage.entity_names import alias_pairs, name_keys
from ..text import parse_when
from .caseless_names import caseless_names
from .company_names import short_reference
from .entity_types import guess_type, person_by_sense
from .linking import MAX_MENTIONS, LinkBatch, Named, entity_scope, resolve_into
from .relations_text import US, TextFacts, read_text
from .resolution import EntityType, Mention, blocking_keys, normalise_name
from .senses import TYPE_CLASSES

__all__ = ["SINGLE_VALUED", "relate_text", "settle_organisations", "text_facts", "with_text_facts"]

#: relations an entity has one of at a time: a new current one ends the others
SINGLE_VALUED = frozenset({"works_at", "reports_to", "lives_in", "assigned_to"})

_VIA = "text"


def text_facts(content: str, mentions: Sequence[Named]) -> TextFacts:
    """What ``content`` states about the names its mentions found (cached: the same answer on store
    for ``with_text_facts`` and ``relate_text``)."""
    return read_text(content, [n.mention.name for n in mentions if n.role == "mention" and n.mention.name])


def with_text_facts(content: str, mentions: list[Named]) -> list[Named]:
    """The mentions with the types and organisations the text shows, and the relations' other
    arguments (tickets, documents, repositories) as mentions of their own; names in scripts without
    capitals that a cue introduces ("田中さん", "김민수 씨", "السيد أحمد"; :mod:`.caseless_names`) too."""
    mentions = _with_caseless_names(content, mentions)
    facts = text_facts(content, mentions)
    if not (facts.types or facts.affiliations or any(_person_by_sense(n.mention) for n in mentions)):
        return mentions
    out: list[Named] = []
    seen: set[str] = set()
    for named in mentions:
        mention = named.mention
        name = mention.name
        if named.role == "mention" and name:
            seen.add(name)
            kind = facts.types.get(name) if mention.type is None else None
            if kind is None and _person_by_sense(mention):
                # (a person's name whose given name no table lists, "Naledi Botha is my neighbour":
                # compared as a person's, so a later "Botha" is a namesake's question, not a fit)
                kind = EntityType.PERSON
            if kind is not None and guess_type(name) == kind:
                kind = None  # (linking gives it that type when it makes the entity; an older store's
                #            entity is still found by the untyped name's keys)
            organisation = facts.affiliations.get(name)
            if kind is not None or organisation:
                mention = replace(
                    mention, type=kind or mention.type,
                    affiliations=(*mention.affiliations, organisation) if organisation else mention.affiliations,
                )  # fmt: skip
                named = Named(mention, named.role)
        out.append(named)
    for relation in facts.relations:
        for name in (relation.source, relation.target):
            if name not in seen and name != US and name in facts.types:
                seen.add(name)
                out.append(Named(Mention(name, facts.types[name]), "mention"))
    return out


def _person_by_sense(mention: Mention) -> bool:
    """An untyped name its sentence says is a person's that reads as one (``person_by_sense``)."""
    return (
        mention.type is None and mention.sense == TYPE_CLASSES[EntityType.PERSON]
        and bool(mention.name) and person_by_sense(mention.name or "")
    )  # fmt: skip


def _with_caseless_names(content: str, mentions: list[Named]) -> list[Named]:
    found = caseless_names(content)
    if not found:
        return mentions
    named = {n.mention.name for n in mentions if n.role == "mention"}
    room = MAX_MENTIONS - sum(n.role == "mention" for n in mentions)
    extra = [Named(Mention(name, kind), "mention") for name, kind in found if name not in named][
        : max(0, room)
    ]
    return [*mentions, *extra] if extra else mentions


def settle_organisations(
    txn: EntityWrites, memory: Memory, mentions: Sequence[Named], at: datetime, batch: LinkBatch
) -> None:
    """Before ``memory``'s mentions are linked: an organisation the text names in full ("Katarzyna Nowak
    from Tarkon Logistics", "Ana works at Tarkon Logistics") that one of the person's current
    organisations is known by a short form of ("Tarkon", from "Kasia Nowak from Tarkon") is that one:
    the full name becomes its alias, so the two are one company whichever is met first. Resolution
    alone keeps a longer name apart from a known short one ("Northwind Health" is not the "Northwind"
    known so far); the person working at both is the evidence. Only when exactly one such organisation
    fits, none is known by the full name already, and every name of it is such a short form."""
    facts = text_facts(memory.content, mentions)
    pairs = dict(facts.affiliations)
    for r in facts.relations:
        if r.relation == "works_at":
            pairs.setdefault(r.source, r.target)
    if not pairs:
        return
    scope = entity_scope(memory)
    by_name = {n.mention.name: n.mention for n in mentions if n.role == "mention" and n.mention.name}
    for person_name, organisation in pairs.items():
        person, full = by_name.get(person_name), normalise_name(organisation, EntityType.COMPANY).split()
        if person is None or organisation not in by_name or len(full) < 2:
            continue
        known = txn.entity_candidates(scope, sorted(blocking_keys(organisation, EntityType.COMPANY)), ())
        named = [
            (e, [normalise_name(n, EntityType.COMPANY).split() for n in (e.name, *e.aliases)]) for e in known
        ]
        if any(full in names for _, names in named):
            continue  # (known by the full name: resolution finds it)
        shorter = [e for e, names in named if all(short_reference(tuple(n), tuple(full)) for n in names)]
        if not shorter:
            continue
        person_id = resolve_into(
            txn, scope, person, at, settled=batch.settled, views=batch.views, said=batch.said
        )
        if person_id is None:
            continue
        # (its organisations' edges as the writer may see them; none without a writer to read as)
        edges = batch.said.organisation_edges(person_id) if batch.said is not None else ()
        works_at = {normalise_name(n, EntityType.COMPANY) for n in edges}
        backed = [e for e in shorter if normalise_name(e.name, EntityType.COMPANY) in works_at]
        if len(backed) == 1:
            entity = backed[0]
            txn.update_entity(
                entity.id, at, aliases=alias_pairs([organisation], entity.type),
                keys=name_keys([organisation], entity.type),
            )  # fmt: skip


def relate_text(
    txn: EntityWrites,
    memory: Memory,
    mentions: Sequence[Named],
    at: datetime,
    batch: LinkBatch,
    replaced: str | None = None,
) -> int:
    """Write the relations ``memory``'s text states as edges (see the module docstring); ``replaced``:
    the id of the version it supersedes, whose edges end first. Returns the number of edges written."""
    if replaced is not None:
        txn.end_memory_edges([replaced], at)
    facts = text_facts(memory.content, mentions)
    if not facts.relations:
        return 0
    scope = entity_scope(memory)
    by_name = {n.mention.name: n.mention for n in mentions if n.role == "mention" and n.mention.name}
    written = 0
    for relation in facts.relations:
        source, target = by_name.get(relation.source), by_name.get(relation.target)
        if source is None or target is None or relation.target == US:
            continue  # (a mention past the memory's limit; "a customer of ours": no entity)
        src = resolve_into(txn, scope, source, at, settled=batch.settled, views=batch.views, said=batch.said)
        dst = resolve_into(txn, scope, target, at, settled=batch.settled, views=batch.views, said=batch.said)
        if src is None or dst is None or src == dst:
            continue  # (an ambiguous name is linked to nothing: nor is its relation)
        observed = _observed(memory, at)
        since, until = _stated(relation.since, observed), _stated(relation.until, observed)
        end: datetime | None
        closing = None  # (a single-valued relation stated now: its other open edges end, with the upsert)
        if relation.ended:
            end = until or observed
        else:
            end = until
            if end is None and relation.relation in SINGLE_VALUED:
                closing = at
        if since is not None and end is not None and since > end:
            since = None  # (a date the text cannot mean as the start)
        txn.upsert_edge(
            Edge(
                id=new_id(),
                src=src,
                relation=relation.relation,
                dst=dst,
                provenance={"via": _VIA, "memory": memory.id},
                valid_from=since,
                valid_to=end,
                created_at=at,
            ),  # fmt: skip
            closing=closing,
        )
        written += 1
    return written


def _observed(memory: Memory, at: datetime) -> datetime:
    """When the memory was observed (aware): an ended relation without a stated date ended by then, and
    a relative date ("last year", "two years ago") is read against it."""
    observed = memory.observed_at or at
    return observed if observed.tzinfo else observed.replace(tzinfo=UTC)


def _stated(words: str, observed: datetime) -> datetime | None:
    """The first day of the period ``words`` name ("2022": 1 January 2022; "March 2021": 1 March 2021;
    "last year"; "two years ago"; a month without a year: the latest not after ``observed``), read by
    the text package's ``parse_when`` as queries' dates are; None when they name no date."""
    if not words:
        return None
    found = parse_when(words, now=observed)
    return found[0].astimezone(UTC) if found else None
