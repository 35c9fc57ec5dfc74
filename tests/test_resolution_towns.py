"""A town's old and foreign names (towns of ``places.TOWN_POPULATION`` or more): the same town; what tells
places of one name apart is unchanged by them."""

from __future__ import annotations

from memlane.graph.places import EXONYM_DOMINANCE, TOWN_POPULATION, city_of, place_key
from memlane.graph.resolution import Candidate, Mention, resolve


def _place(entity_id: str, name: str) -> Candidate:
    return Candidate(entity_id, "place", name)


def test_a_towns_old_and_foreign_names() -> None:
    assert TOWN_POPULATION < 100_000
    for other, own in (
        ("Saaz", "Žatec"),
        ("Libau", "Liepāja"),
        ("Neuenburg", "Neuchâtel"),
        ("Karaklis", "Vanadzor"),
    ):
        assert place_key(other) is not None and place_key(other) == place_key(own), other
        assert resolve(Mention(other, "place"), [_place("l1", own)]).entity_id == "l1", other
    # another town's own name is not its name
    assert resolve(Mention("Saaz", "place"), [_place("l1", "Liepāja")]).how == "new"


def test_what_tells_places_of_one_name_apart_is_unchanged() -> None:
    # "Canton" is Guangzhou's old name and an Ohio town's own: neither
    assert city_of("Canton") is None
    assert not resolve(Mention("Canton", "place"), [_place("l1", "Guangzhou")]).matched
    # the Portuguese town of Lagos does not make "Lagos, Nigeria" another place than the Lagos known
    assert resolve(Mention("Lagos, Nigeria", "place"), [_place("l1", "Lagos")]).entity_id == "l1"
    assert resolve(Mention("Paris, France", "place"), [_place("l1", "Paris")]).entity_id == "l1"


def test_a_towns_name_in_its_own_script() -> None:
    # towns under 100,000 inhabitants by their name in Cyrillic, as by their Latin names
    for native, own in (("Охрид", "Ohrid"), ("Казанлък", "Kazanlak")):
        assert place_key(native) is not None and place_key(native) == place_key(own), native
        assert resolve(Mention(native, "place"), [_place("l1", own)]).entity_id == "l1", native
    # another town's name in that script is not its name
    assert resolve(Mention("Охрид", "place"), [_place("l1", "Kazanlak")]).how == "new"


def test_names_a_larger_citys_other_names_took_from_their_towns() -> None:
    # "Calcutta" is also a South African town's own name, which Kolkata dwarfs (EXONYM_DOMINANCE)
    assert EXONYM_DOMINANCE * 36_000 < 4_600_000
    assert place_key("Calcutta") is not None and place_key("Calcutta") == place_key("Kolkata")
    assert resolve(Mention("Calcutta", "place"), [_place("l1", "Kolkata")]).entity_id == "l1"
    # "Venice" is one of Dayton's other names in GeoNames: it is still Venice, Italy's own
    assert place_key("Venice") is not None and place_key("Venice") == place_key("Venezia")
    assert place_key("Venice") != place_key("Dayton")
    assert resolve(Mention("Venezia", "place"), [_place("l1", "Venice")]).entity_id == "l1"
    # "Athina" is a Greek given name too: Athens' name once a sentence says it is a place's
    assert city_of("Athina") is None
    assert place_key("Athina", named_place=True) == place_key("Athens")
    assert resolve(Mention("Athina", "place"), [_place("l1", "Athens")]).entity_id == "l1"
    # a city's own name is its name either way
    assert place_key("Florence", named_place=True) == place_key("Firenze")
    assert resolve(Mention("Athina", "person"), [_place("l1", "Athens")]).entity_id is None
