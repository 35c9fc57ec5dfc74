"""A store's linking gives the answer the registry (``resolution.Registry``, which compares a mention
with every known entity) gives, where the store could miss it: a candidate it does not look up (the
keys of a given name written with a hyphen: "Kim Min-ji" then "Minji"; the names a rare short form by a
diminutive ending may shorten: "Ifeoma Nwankwo" then "Ify") or one it compares otherwise
(an entity a caller typed ``other`` is kept untyped in a store: a repository of the same name is
still another thing, as the two types are in the registry). On SQLite and PostgreSQL."""

from __future__ import annotations

from memlane import Memlane
from memlane.graph.linking import resolve_into
from memlane.graph.resolution import Candidate, Mention, Registry, blocking_keys, resolve
from memlane.graph.senses import THING
from memlane.storage.base import EntityScope
from memlane.timeutil import now_utc

SCOPE = EntityScope("default", "user:alice", "personal")


def _people(mem: Memlane, memory_id: str) -> set[str]:
    return {
        e.name
        for e in mem.entities.list(limit=100)
        if memory_id in {m.id for m in mem.entities.memories(e.id, limit=50)}
    }


def test_a_given_name_with_a_hyphen_is_filed_under_its_joined_form() -> None:
    assert "p:minji" in blocking_keys("Kim Min-ji", "person")
    assert "p:jeanpierre" in blocking_keys("Jean-Pierre Dupont", "person")
    # (not an initial's hyphen, nor a code's)
    assert "p:jb" not in blocking_keys("J.-B. Lacombe", "person")
    assert "p:cvt101" not in blocking_keys("CVT-101")


def test_a_given_name_written_without_its_hyphen_is_linked_as_the_registry_links_it(mem: Memlane) -> None:
    registry = Registry()
    _, first = registry.resolve_and_learn(Mention("Kim Min-ji", "person"))
    result, _ = registry.resolve_and_learn(Mention("Minji", "person"))
    assert result.entity_id == first  # (what the store must find too)
    mem.store("Kim Min-ji joined the design team")
    later = mem.store("Minji redid the onboarding screens").id
    assert _people(mem, later) == {"Kim Min-ji"}


def test_a_thing_typed_other_is_not_a_repository_of_its_name(mem: Memlane) -> None:
    game = Candidate("e1", "", "Lantern Keep", senses=(THING,))
    assert resolve(Mention("lantern-keep", "repository"), [game]).entity_id is None
    assert resolve(Mention("Lantern Keep"), [game]).entity_id == "e1"  # (untyped: the same name)
    at = now_utc()
    with mem.service.storage.write() as txn:
        kept = resolve_into(txn, SCOPE, Mention("Lantern Keep", "other"), at)
        repo = resolve_into(txn, SCOPE, Mention("lantern-keep", "repository"), at)
        again = resolve_into(txn, SCOPE, Mention("Lantern Keep", "other"), at)
    assert kept is not None and repo is not None and repo != kept
    assert again == kept


def test_a_rare_short_form_by_a_diminutive_ending_is_looked_up_as_the_registry_compares_it(
    mem: Memlane,
) -> None:
    # "Ify" = "if" + "y": a short form of Ifeoma by morphology (``name_forms.is_short_form``), sharing no
    # lookup key with "Ifeoma Nwankwo" but the names that start with its stem
    registry = Registry()
    _, first = registry.resolve_and_learn(Mention("Ifeoma Nwankwo", "person"))
    result, _ = registry.resolve_and_learn(Mention("Ify", "person"))
    assert result.entity_id == first and result.how == "clipped"
    mem.store("Ifeoma Nwankwo counts the stock every Monday")
    later = mem.store("Ify says they are out of amoxicillin syrup again").id
    assert _people(mem, later) == {"Ifeoma Nwankwo"}
    # (a common name of its own is not looked up so: "Mike" is no short form of Michelle's)
    mem.store("Michelle Obi runs the night shift")
    mike = mem.store("Mike says the fridge is broken").id
    assert _people(mem, mike) == {"Mike"}
