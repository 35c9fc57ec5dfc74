"""Organisations' names in text (``memlane.text.names``): a name goes on across "&" ("Procter & Gamble"),
across "and" or a comma before its legal form ("Smith, Jones and Partners", "Acme, Inc."), a web address
written as a name is one word ("Booking.com"), and an article is no name ("The contract was signed").
The text analysis, linking's mentions, and through real stores on both backends (linking on store and
``recall(about=...)``)."""

from __future__ import annotations

import pytest

from memlane import Memlane
from memlane.graph.linking import memory_mentions
from memlane.models import Actor
from memlane.text import extract_entities, query_entity_candidates
from memlane.text.claims import analyse


def _mentions(text: str) -> list[str]:
    return [named.mention.name for named in memory_mentions(text, None, None, extract_entities(text))]


ONE_NAME = [
    ("We hired Baker & McKenzie LLP for the merger.", "Baker & McKenzie LLP"),
    ("Our supplier is Amazon.com, Inc. since May.", "Amazon.com, Inc"),
    ("Procter & Gamble signed the order.", "Procter & Gamble"),
    ("We called AT&T about the line.", "AT&T"),
    ("Johnson & Johnson makes bandages.", "Johnson & Johnson"),
    ("I shopped at Marks & Spencer today.", "Marks & Spencer"),
    ("Marks & Spencer opened a store.", "Marks & Spencer"),
    ("I booked the hotel via Booking.com last week.", "Booking.com"),
    ("Ernst & Young LLP audits us.", "Ernst & Young LLP"),
    ("We met Acme, Inc. in the lobby.", "Acme, Inc"),
    ("Smith, Jones and Partners is our law firm.", "Smith, Jones and Partners"),
    ("Sarah and Partners LLP hired me.", "Sarah and Partners LLP"),
    ("McKinsey & Company advised them.", "McKinsey & Company"),
    ("I bought a shirt at H&M.", "H&M"),
    ("Nestlé S.A. is Swiss.", "Nestlé S.A"),
    ("Alice works at Goldman Sachs & Co. LLC now.", "Goldman Sachs & Co. LLC"),
    ("Sao Viet Pte. Ltd. signed.", "Sao Viet Pte. Ltd"),
    ('Toys"R"Us closed its stores.', 'Toys"R"Us'),
    ("She works at L'Oréal now.", "L'Oréal"),
]


@pytest.mark.parametrize(("text", "name"), ONE_NAME)
def test_an_organisations_name_is_one_mention(text: str, name: str) -> None:
    assert name in _mentions(text)
    # and none of its pieces is a mention of its own
    pieces = {"Baker", "McKenzie LLP", "Inc", "Procter", "Gamble", "Marks", "Spencer", "Young LLP", "Acme"}
    assert not pieces & (set(_mentions(text)) - {name})


APART = [
    # "and" between names without a legal form after them: two names
    ("Tom and Jerry went home.", {"Tom", "Jerry"}),
    ("I met Alice and Bob in Paris.", {"Alice", "Bob", "Paris"}),
    ("Alice, Bob and Carol came.", {"Alice", "Bob", "Carol"}),
    # two people joined by "&"
    ("Dinner with Tom & Anna on Friday.", {"Tom", "Anna"}),
    # a comma before a word that is no legal form written as one: "UK" is a country here
    ("We flew to Paris, UK and Rome.", {"Paris", "UK", "Rome"}),
    ("We took the train from London to Cambridge, UK.", {"London", "Cambridge", "UK"}),
    ("I love New York, USA.", {"New York", "USA"}),
    ("I met Bob, Sal and Tim.", {"Bob", "Sal", "Tim"}),
]


@pytest.mark.parametrize(("text", "names"), APART)
def test_names_a_connector_does_not_join(text: str, names: set[str]) -> None:
    assert set(_mentions(text)) == names


def test_a_legal_form_after_a_comma_joins_only_as_written() -> None:
    """ "Inc." and "LLC" are written as legal forms; "Inc" without its full stop could be a word."""
    assert "Acme, Inc" in _mentions("We met Acme, Inc. in the lobby.")
    assert "Acme, LLC" in _mentions("We met Acme, LLC in the lobby.")
    assert "Acme, Inc" not in _mentions("Acme, Inc is here.")


def test_the_keys_of_a_joined_name_keep_its_parts() -> None:
    """The entity lane keeps the keys it had (the parts), and a query finds the whole as written or
    typed in lower case."""
    keys = extract_entities("We hired Baker & McKenzie LLP for the merger.")
    assert {"name:baker & mckenzie llp", "name:baker", "name:mckenzie", "name:mckenzie llp"} <= keys
    keys = extract_entities("I booked the hotel via Booking.com last week.")
    assert {"host:booking.com", "name:booking.com", "name:booking"} <= keys
    assert "name:baker & mckenzie" in query_entity_candidates("what did baker & mckenzie say")
    assert "name:at&t" in query_entity_candidates("my at&t bill")
    # a web address in lower case is no name, as before
    assert not any(k.startswith("name:") for k in extract_entities("see booking.com for it"))


def test_an_article_is_no_name_in_a_claim() -> None:
    claims = analyse("The contract was signed by Priya.").claims
    assert claims and all("the" not in c.names for c in claims)
    assert all("a" not in c.names for c in analyse("A contract was signed.").claims)
    assert analyse("The Beatles were great.").claims[0].names == frozenset({"beatles"})


def _linked(mem: Memlane, memory_id: str) -> set[str]:
    return {e.name for _, e in mem.service.storage.memory_entities(Actor(user="alice"), memory_id)}


def test_a_stored_firms_name_links_one_entity_found_by_its_short_form(mem: Memlane) -> None:
    """A memory naming "Baker & McKenzie LLP" links one entity of that name (not "Baker" and
    "McKenzie LLP"), and ``recall(about="Baker McKenzie")`` finds the memory through it."""
    hired = mem.store("We hired Baker & McKenzie LLP for the merger due diligence.")
    other = mem.store("The quarterly report is due on Friday.")
    supplier = mem.store("Our supplier is Amazon.com, Inc. since May.")
    assert _linked(mem, hired.id) == {"Baker & McKenzie LLP"}
    assert _linked(mem, supplier.id) == {"Amazon.com, Inc"}
    assert _linked(mem, other.id) == set()
    names = {e.name for e in mem.service.storage.list_entities(Actor(user="alice"))}
    assert not names & {"Baker", "McKenzie LLP", "Inc", "The"}
    assert [h.id for h in mem.recall("merger", about="Baker McKenzie")] == [hired.id]
    assert [h.id for h in mem.recall("what do we know", about="Baker & McKenzie")] == [hired.id]
    assert [h.id for h in mem.recall("supplier", about="Amazon")] == [supplier.id]
    # a later memory naming the firm by its short form links the same entity
    later = mem.store("Baker McKenzie sent the engagement letter.")
    assert _linked(mem, later.id) == {"Baker & McKenzie LLP"}


def test_a_relation_to_a_firm_reaches_its_whole_name(mem: Memlane) -> None:
    """The text's relations are read between whole names: Priya works at "Baker & McKenzie LLP", a
    company, not at "McKenzie LLP"."""
    mem.store("Priya works at Baker & McKenzie LLP.")
    entities = {e.id: e for e in mem.entities.list(limit=100)}
    priya = next(e for e in entities.values() if e.name == "Priya")
    edges = {(g.relation, entities[g.dst].name) for g in mem.entities.edges(priya.id) if g.src == priya.id}
    assert edges == {("works_at", "Baker & McKenzie LLP")}
    firm = next(e for e in entities.values() if e.name == "Baker & McKenzie LLP")
    assert str(firm.type) == "company"
