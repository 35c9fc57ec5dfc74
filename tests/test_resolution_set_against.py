"""Wrong merges of fresh data kept apart (issue 12, requirement 2, twenty-third session), each rule with
what it must still merge: a sentence that sets its bearer of a name against another bearer ("X the
news, not our ferryman", "X is the other one", "X, another client with a common name", "X, also
called Y", "X, named after our grandfather"); a lone given name said to be "from the" part of an
organisation that nothing said of the known person speaks of, when nothing said of that person ties
them to the writer's own ("us", "our"); a relative with an adjective ("my elder daughter" / "my younger
daughter") and a relative's name ("@ is my brother's name"). On the resolver, and on store."""

from __future__ import annotations

import pytest

from memlane import Memlane
from memlane.graph.resolution import Registry, resolve
from memlane.graph.said import MARK, relations, relations_conflict
from mentions import known_person
from mentions import person as _p
from mentions import said as _said

# -- a bearer set against another ----------------------------------------------------------------------


def _skipper(sentence: str = "Oskar Lind skippers the Vaxholm ferry") -> object:
    return known_person("p1", "Oskar Lind", said=_said("Oskar Lind", sentence))


@pytest.mark.parametrize(
    "context",
    [
        "Oskar Lind, not our ferryman, was on the news last night",
        "Oskar Lind was on the news last night, not our ferryman",
        "Oskar Lind in the news last night is not our ferryman",
        "Oskar Lind is the other one, the one in the news last night",
        "Oskar Lind, another customer with a very common name, booked the sauna",
        "Oskar Lind is my nephew, named after our grandfather",
    ],
)
def test_a_bearer_set_against_another_is_not_the_one_known(context: str) -> None:
    assert resolve(_p("Oskar Lind", context), [_skipper()]).entity_id is None  # type: ignore[list-item]


@pytest.mark.parametrize(
    "context",
    [
        "Oskar Lind was on the news last night",  # (no word sets it against another)
        "Oskar Lind, our skipper, not the ferryman, fixed the engine",  # (said to be the one known)
        "Oskar Lind fixed the engine, not the radio",  # (what is denied is no description of the person)
    ],
)
def test_a_bearer_not_set_against_another_is_still_the_one_known(context: str) -> None:
    assert resolve(_p("Oskar Lind", context), [_skipper()]).entity_id == "p1"  # type: ignore[list-item]


def test_a_denial_of_another_role_than_the_one_known() -> None:
    # one said to be something else than the role denied is not the one denied ("Ani the cashier ...,
    # not grandma" with "Ani Hakobyan is my sister")
    skipper = _skipper("Oskar Lind is our skipper on the Vaxholm ferry")
    denied = _p("Oskar Lind", "Oskar Lind was on the news last night, not our ferryman")
    assert resolve(denied, [skipper]).entity_id == "p1"  # type: ignore[list-item]
    # "the other one" is said of the name whatever the known one was said to be
    other = _p("Oskar Lind", "Oskar Lind is the other one, the one in the news last night")
    assert resolve(other, [skipper]).entity_id is None  # type: ignore[list-item]


def test_a_lone_name_set_against_another_and_the_denial_that_names_the_known_role() -> None:
    # "Jonas the plumber, not the buyer" with Jonas Berg known only by what he paid: not certain
    buyer = known_person("p1", "Jonas Berg", said=_said("Jonas Berg", "Jonas Berg paid 400 crowns a crate"))
    assert (
        resolve(_p("Jonas", "Jonas the plumber in town, not the buyer, fixed the boiler"), [buyer]).entity_id
        is None
    )
    # the sentence says what the known one was said to be, the denial is of another thing
    painter = known_person(
        "p2", "Anders Zorn", said=_said("Anders Zorn", "Anders Zorn the painter was born in Mora")
    )
    said = "the guide said Zorn painted the Midsummer Dance, the painter, not the museum"
    assert resolve(_p("Zorn", said), [painter]).entity_id == "p2"


def test_the_same_sentence_again_is_the_one_it_made() -> None:
    registry = Registry()
    context = "Oskar Lind was on the news last night, not our ferryman"
    registry.resolve_and_learn(_p("Oskar Lind", "Oskar Lind skippers the Vaxholm ferry"))
    first, made = registry.resolve_and_learn(_p("Oskar Lind", context))
    assert first.entity_id is None and made is not None
    again, _ = registry.resolve_and_learn(_p("Oskar Lind", context))
    assert again.entity_id == made


# -- a lone given name from the part of an organisation ------------------------------------------------


def test_a_lone_name_from_a_unit_nothing_said_of_the_known_person_speaks_of() -> None:
    client = known_person(
        "p1", "Greta Holm", "Mrs Holm",
        said=_said("Greta Holm", "Greta Holm paid the deposit for Bamse's surgery"),
    )  # fmt: skip
    front = _p("Greta", "Greta from the front desk is on leave all of January")
    assert resolve(front, [client]).entity_id is None
    # nothing said of where she is from, or a unit the known person's sentences speak of: the one known
    assert resolve(_p("Greta", "Greta is on leave all of January"), [client]).entity_id == "p1"
    desk = known_person("p2", "Greta Holm", said=_said("Greta Holm", "Greta Holm runs our front desk"))
    assert resolve(front, [desk]).entity_id == "p2"


def test_a_lone_name_from_the_writers_own_organisation() -> None:
    # "from our cooperative" with one who "does the carding for us": the writer's own people
    member = known_person(
        "p1", "Aida Bekova", said=_said("Aida Bekova", "Aida Bekova does the carding for us")
    )
    ours = _p("Aida", "Aida from our cooperative burned her hand on the boiler")
    assert resolve(ours, [member]).entity_id == "p1"
    # "from the" unit with one whose sentences tie her to the writer: not set apart by the unit alone
    assert resolve(_p("Aida", "Aida from the dye house burned her hand"), [member]).entity_id == "p1"


# -- relatives: an adjective, a relative's name -------------------------------------------------------


def test_a_relative_with_an_adjective_is_that_relative() -> None:
    (elder,) = relations(f"{MARK} is my elder daughter, she lives in Whitefield")
    (younger,) = relations(f"{MARK} is my younger daughter in Mysuru")
    assert elder.kin == younger.kin == "daughter"
    assert relations_conflict((elder,), (younger,))
    (plain,) = relations(f"{MARK} is my daughter")
    assert not relations_conflict((elder,), (plain,))
    (late,) = relations(f"{MARK} is my late husband")
    assert late.kin == "partner"  # (a husband, a wife: the writer's partner)


def test_an_elder_and_a_younger_daughter_of_like_names_are_two() -> None:
    elder = known_person(
        "p1", "Kavya Rao", "Kavya", said=_said("Kavya Rao", "Kavya Rao is my elder daughter")
    )
    assert (
        resolve(_p("Kavitha Rao", "Kavitha Rao is my younger daughter in Mysuru"), [elder]).entity_id is None
    )


def test_a_relatives_name_is_the_relative_and_a_name_is_no_relation() -> None:
    (brother,) = relations(f"{MARK} is my brother's name in the Russian spelling")
    assert brother.kin == "brother"
    assert relations(f"{MARK} is Kenny's Chinese name on his IC") == ()
    registry = Registry()
    for name, context in [
        ("Oleksandr Shevchuk", "Oleksandr Shevchuk is my older brother, he is an engineer in Kyiv"),
        ("Sasha", "Sasha, my brother in Kyiv, sent photos of the broken window"),
    ]:
        registry.resolve_and_learn(_p(name, context))
    assert len(registry.entities) == 1


# -- on store ------------------------------------------------------------------------------------------


def _linked(mem: Memlane, memory_id: str, entity_id: str, user: str) -> bool:
    return memory_id in {m.id for m in mem.entities.memories(entity_id, limit=50, user=user)}


def test_on_store_a_bearer_set_against_another(mem: Memlane) -> None:
    known = {}
    for user in ("ann", "ben"):
        first = mem.store("Oskar Lind skippers the Vaxholm ferry", user=user).id
        known[user] = next(
            e.id
            for e in mem.entities.list(limit=100, user=user)
            if e.name == "Oskar Lind" and _linked(mem, first, e.id, user)
        )
    other = mem.store("Oskar Lind was on the news last night, not our ferryman", user="ann")
    same = mem.store("Oskar Lind was on the news last night", user="ben")
    assert not _linked(mem, other.id, known["ann"], "ann")
    assert _linked(mem, same.id, known["ben"], "ben")
