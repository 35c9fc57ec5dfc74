"""A name the store's look-up keys missed the person of, which the registry (comparing every entity)
links: the key rules join a particle to the word after it ("la Giuliana" is filed under "lagiuliana",
"Tran Van Hai" under "vanhai"), so "la Giuliana" and "Mr. Hai" found no candidate through a store
(issue 12, req. 2: the store's recall below the registry's; ``linking._particle_keys``)."""

from __future__ import annotations

from memlane import Memlane
from memlane.graph.linking import _lookups
from memlane.graph.resolution import Mention, Registry
from memlane.storage.entity_names import name_keys
from mentions import person


def _people(mem: Memlane) -> dict[str, tuple[str, ...]]:
    return {e.name: e.aliases for e in mem.entities.list(limit=50) if e.type == "person"}


def _finds(mention: str, known: str) -> bool:
    return bool(_lookups(Mention(mention, "person"))[3] & name_keys([known], "person"))


def test_the_look_up_finds_the_person_a_particle_joined_to_the_next_word_hid() -> None:
    assert _finds("la Giuliana", "Giuliana Pigini")
    assert _finds("der Meister", "Meister Ulrich Kaltenbrunn")
    assert _finds("Mr. Hai", "Tran Van Hai")  # Vietnamese "Van", a middle name, joined as the Dutch particle
    assert _finds("Cậu Minh", "Nguyễn Văn Minh")


def test_the_registry_links_them_too() -> None:
    registry = Registry()
    _, hai = registry.resolve_and_learn(person("Tran Van Hai", "Tran Van Hai buys our crawfish"))
    found, _ = registry.resolve_and_learn(person("Mr. Hai", "Mr. Hai wants 200 sacks every Friday"))
    assert found.entity_id == hai


def test_on_store_mr_hai_is_tran_van_hai(mem: Memlane) -> None:
    mem.store("Tran Van Hai buys our crawfish for his restaurant")
    mem.store("Mr. Hai wants 200 sacks every Friday")
    assert list(_people(mem)) == ["Tran Van Hai"], _people(mem)  # one person, "Hai" its alias


def test_on_store_cau_minh_is_nguyen_van_minh(mem: Memlane) -> None:
    mem.store("Nguyễn Văn Minh is my uncle, he runs the nail salon")
    mem.store("Cậu Minh does the books on Sundays")
    assert list(_people(mem)) == ["Nguyễn Văn Minh"], _people(mem)
