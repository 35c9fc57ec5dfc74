"""Links that forget by query made up for (f7a8ff1's second step, ``_another_bearer``), now not made by
resolution:
a kinship title in a known name ("Cousin Kojo") against another relation said of the mention ("my
friend Kojo"); a partner the writer parted from, said by the verb ("I broke up with Matteo") against
another relative ("my brother Matteo"); a name given after "called" ("my best friend is called Rafa")
as a presented name, which a short form of a known name is too little to join; a surname alone
qualifying the noun its sentence is about ("Brenner kettles are ...") as no mention of the person. Unit
checks of ``resolve`` and, on both backends, what a store links and a topic forget deletes."""

from __future__ import annotations

from tests.entity_links import entity_named, linked
from tests.forget_keys import forgotten, stored
from tests.mentions import known_person, person, said

from memlane import Memlane
from memlane.graph.name_forms import kin_title
from memlane.graph.resolution import resolve
from memlane.graph.said import relations, said_of


def test_a_kinship_title_is_the_relation_a_name_states() -> None:
    assert kin_title("Cousin Kojo") == "cousin"
    assert kin_title("Auntie Adwoa") == "aunt"
    assert kin_title("Grandpa Joe") == "grandfather"
    assert kin_title("Cousin") is None
    assert kin_title("Sister Mary") is None  # (a religious title too)
    assert kin_title("Kojo Mensah") is None


def test_another_relation_is_not_the_one_a_title_names() -> None:
    cousin = known_person(
        "p1", "Cousin Kojo", "Kojo", said=said("Cousin Kojo", "Cousin Kojo lives in Tamale")
    )
    assert resolve(person("Kojo", "My friend Kojo from football is moving house"), [cousin]).entity_id is None
    assert resolve(person("Kojo", "My cousin Kojo is moving house"), [cousin]).entity_id == "p1"
    assert resolve(person("Kojo", "Kojo passed his driving test"), [cousin]).entity_id == "p1"
    # and the other way round: the title in the mention's name, another relation known
    friend = known_person("p2", "Kojo", said=said("Kojo", "My friend Kojo from football is moving house"))
    assert resolve(person("Cousin Kojo", "Cousin Kojo lives in Tamale"), [friend]).entity_id is None


def test_a_name_given_after_called_is_presented() -> None:
    """ "My best friend is called Rafa" presents the name: a short form of "Rafael", known alone or in
    full, is too little to say it is him."""
    known = [
        known_person("p1", "Rafael", said=said("Rafael", "Rafael still has my guitar")),
        known_person("p2", "Rafael Ortiz", said=said("Rafael Ortiz", "Rafael Ortiz is the new intern")),
    ]
    assert resolve(person("Rafa", "My best friend is called Rafa"), known).entity_id is None
    rel = relations(said_of("Rafa", "My best friend is called Rafa") or "")
    assert [sorted(r.words) for r in rel] == [["best", "friend"]]


def test_a_surname_before_the_noun_a_sentence_is_about_is_no_person() -> None:
    known = [known_person("p1", "Ilse Brenner", said=said("Ilse Brenner", "Ilse Brenner is my landlady"))]
    assert resolve(person("Brenner", "Brenner kettles are half price this week"), known).entity_id is None
    assert resolve(person("Brenner", "Brenner kettle was faulty"), known).entity_id is None
    # a verb after the name, the family, a word that is no noun: the person
    assert resolve(person("Brenner", "Brenner grills sausages every Sunday"), known).entity_id == "p1"
    assert resolve(person("Brenner", "Brenner family is coming over"), known).entity_id == "p1"
    assert resolve(person("Brenner", "Brenner also is retiring"), known).entity_id == "p1"
    # one known by the name alone: what is sold is theirs ("Bjork tickets are sold out")
    alone = [known_person("p2", "Brenner", said=said("Brenner", "Brenner is playing at the festival"))]
    assert resolve(person("Brenner", "Brenner tickets are sold out"), alone).entity_id == "p2"


def test_a_friend_is_not_the_cousin_of_a_title_on_store(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "tamale": "Cousin Kojo is studying law in Tamale",
            "exam": "Kojo passed his bar exam",
            "friend": "My friend Kojo from football is getting married",
        },
    )
    cousin = entity_named(mem, "Cousin Kojo")
    assert all(cousin not in linked(mem, i) for i, key in keys.items() if key == "friend")
    assert forgotten(mem, keys, "forget everything about my cousin Kojo") == {"tamale", "exam"}


def test_a_relative_also_called_so_is_another_on_store(mem: Memlane) -> None:
    """ "My son is also called Tane" names the writer's son, not the brother Tane ("my X is called" is
    read as "my X" before a name is); a topic forget of "my brother Tane" still finds the brother, the
    entity whose memories say he is the brother (``forgetting.matching._said_as``)."""
    keys = stored(
        mem,
        {
            "lives": "My brother Tane lives in Rotorua",
            "job": "Tane works as a firefighter",
            "wife": "Tane's wife is called Mere",
            "son": "My son is also called Tane",
        },
    )
    son = next(i for i, key in keys.items() if key == "son")
    lives = next(i for i, key in keys.items() if key == "lives")
    assert not linked(mem, son) & linked(mem, lives)
    assert forgotten(mem, keys, "forget everything about my brother Tane") == {"lives", "job", "wife"}


def test_a_brand_named_after_a_surname_is_not_the_person_on_store(mem: Memlane) -> None:
    keys = stored(
        mem,
        {
            "landlady": "Ilse Brenner is my landlady",
            "cats": "Ilse has three cats",
            "kettles": "Brenner kettles are half price this week",
        },
    )
    landlady = entity_named(mem, "Ilse Brenner")
    assert all(landlady not in linked(mem, i) for i, key in keys.items() if key == "kettles")
    assert forgotten(mem, keys, "forget everything about Ilse Brenner") == {"landlady", "cats"}
