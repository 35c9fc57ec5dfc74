"""Wrong merges kept apart (issue 12, requirement 2, twenty-first session), each rule with what it must
still merge: a group and the bank, brand or national company its name without the group word names
("HSBC Holdings plc is the London-listed parent" / HSBC, "Shoprite the store brand" / Shoprite
Holdings); a mountain, a valley and a lake of one name ("Mount Ararat" / "Ararat Valley"); what is said
of two bearers of one name that people take for one ("people always ask if we are related", "people
confuse her with our designer", "..., different person"); the writer's relative or colleague spoken of
apart from the mention ("Sam Okafor the footballer scored, my brother laughs about it" with "Sam Okafor
is my brother" known); a denied name's qualifier ("..., not Pina from the consortium"). On the resolver,
and on store."""

from __future__ import annotations

import pytest

from memlane import Memlane
from memlane.graph.places import MOUNTAIN, VALLEY, WATER, place_word
from memlane.graph.resolution import Candidate, Mention, Registry, resolve
from memlane.graph.said import MARK, denials, said_of
from mentions import mention as _m
from mentions import said as _said

# -- a group and its companies ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("known", "group", "context"),
    [
        ("Lakeshire Bank", "Lakeshire Holdings plc", "Lakeshire Holdings plc is the London-listed parent"),
        ("KCB", "KCB Group", "KCB Group is the holding, listed on the stock exchange"),
        (
            "Orinda",
            "Orinda Transnational Incorporated",
            "Orinda Transnational Incorporated is the group in Accra that owns the local bank",
        ),
    ],
)
def test_a_group_is_not_the_company_known_by_its_short_name(known: str, group: str, context: str) -> None:
    bank = Candidate("c1", "company", known, ("KCB Bank",) if known == "KCB" else ())
    assert resolve(_m(group, "company", context), [bank]).entity_id is None


def test_a_parent_alone_or_a_group_known_as_one_is_still_the_company() -> None:
    # a registered name called the parent is the brand's company ("Koninklijke Philips N.V." / Philips)
    brand = Candidate("c1", "company", "Vandermolen")
    parent = _m("Vandermolen N.V.", "company", "Vandermolen N.V. is the parent")
    assert resolve(parent, [brand]).entity_id == "c1"
    # a trade's group is a company ("the chemical group"), not a group of companies
    trade = _m("Vandermolen", "company", "Vandermolen, the chemical group, sent back the questionnaire")
    assert resolve(trade, [Candidate("c4", "company", "Vandermolen Inc.")]).entity_id == "c4"
    # the group known as a group, and a group's name with nothing said of it
    group = Candidate("c2", "company", "KCB Group", said=_said("KCB Group", "KCB Group is the holding"))
    assert resolve(_m("KCB Group", "company", "KCB Group is the holding company"), [group]).entity_id == "c2"
    assert resolve(_m("KCB Group", "company", "KCB Group paid the invoice"), [group]).entity_id == "c2"
    bank = Candidate("c3", "company", "KCB")
    assert resolve(_m("KCB Group", "company", "KCB Group paid the invoice"), [bank]).entity_id == "c3"


def test_a_brand_is_not_the_group_and_the_group_word_tells_which() -> None:
    registry = Registry()
    for name, context in [
        ("Marlowe Holdings", "Marlowe Holdings is our biggest client group"),
        ("Marlowe", "Marlowe the store brand wants a Christmas TV ad"),
        ("Marlowe Holdings Ltd", "Marlowe Holdings Ltd procurement wants our certificate"),
    ]:
        registry.resolve_and_learn(_m(name, "company", context))
    assert len(registry.entities) == 2
    by_name = {c.name: c for c in registry.entities.values()}
    assert any("procurement" in said for said in by_name["Marlowe Holdings"].said)
    # (the bare name is the group's too: "Marlowe" alone fits both, as "CVS" fits CVS Group)
    bare = _m("Marlowe", "company", "Marlowe sent the storyboard back")
    assert resolve(bare, list(registry.entities.values())).how == "ambiguous"


# -- places of one name and different kinds ----------------------------------------------------------


def test_a_mountain_a_valley_and_a_lake_of_one_name_are_three_places() -> None:
    assert place_word("Mount Ararat") == ("ararat", MOUNTAIN)
    assert place_word("Ararat Valley") == ("ararat", VALLEY)
    assert place_word("Lake Ararat") == ("ararat", WATER)
    valley = Candidate("l1", "place", "Kessra Valley")
    assert not resolve(Mention("Mount Kessra", "place"), [valley]).matched
    assert not resolve(Mention("Lake Kessra", "place"), [valley]).matched
    # the same kind in two languages is one place
    assert resolve(Mention("Valle del Kessra", "place"), [valley]).entity_id == "l1"
    assert resolve(Mention("Kessra-zan", "place"), [Candidate("l2", "place", "Mount Kessra")]).matched


# -- two bearers of one name ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "context",
    [
        "Tamás Kertész the film director won a prize, people always ask if we are related",
        "Tamás Kertész the cyclist is in the news, everyone wonders whether we're related",
        "Tamás Kertész is the former minister's son, people confuse him with our miller",
        "Tamás Kertész the cyclist is often confused with my father",
        "Tamás Kertész the cyclist, people mistake him for the miller",
        "Tamás Kertész the musician from Iceland sent a thank-you email, different person",
    ],
)
def test_what_is_said_of_namesakes_keeps_the_known_one_apart(context: str) -> None:
    known = Candidate(
        "p1", "person", "Tamás Kertész", said=_said("Tamás Kertész", "Tamás Kertész is my father, the miller")
    )
    assert resolve(_m("Tamás Kertész", "person", context), [known]).entity_id is None


def test_confused_with_a_name_or_related_to_a_thing_is_no_namesake() -> None:
    known = Candidate(
        "p1", "person", "Tamás Kertész", said=_said("Tamás Kertész", "Tamás Kertész is my father")
    )
    for context in (
        "Tamás Kertész gets confused with Kertész Ltd on the invoices",  # (a name: maybe another of his)
        "Tamás Kertész asked if the delivery is related to the order",
        "Tamás Kertész was confused with the new form",
        "Tamás Kertész mixed with the other parents at the party",
    ):
        assert resolve(_m("Tamás Kertész", "person", context), [known]).entity_id == "p1"


# -- the writer's relative or colleague spoken of apart ----------------------------------------------


@pytest.mark.parametrize(
    ("known", "context"),
    [
        (
            "Ike Obi is my brother, he lives in Enugu",
            "Ike Obi the footballer scored twice, my brother laughs about it",
        ),
        (
            "Ike Obi is the co-maintainer",
            "Ike Obi the Nigerian sprinter shows up when people google my co-maintainer",
        ),
        (
            "Ike Obi is the designer in Abuja",
            "Ike Obi is the senator's daughter, people often mistake her for our designer",
        ),
    ],
)
def test_the_known_role_spoken_of_apart_is_someone_else(known: str, context: str) -> None:
    candidate = Candidate("p1", "person", "Ike Obi", said=_said("Ike Obi", known))
    assert resolve(_m("Ike Obi", "person", context), [candidate]).entity_id is None


@pytest.mark.parametrize(
    "context",
    [
        "Ike Obi, my brother, called from Enugu",  # the mention's own description
        "Ike Obi the engineer, my brother, called from Enugu",  # an apposition
        "Ike Obi is the name on my brother's passport",  # about the name
        "Ike Obi called, my sister says hello",  # another relative
    ],
)
def test_the_known_role_as_the_mentions_own_is_still_the_person(context: str) -> None:
    candidate = Candidate("p1", "person", "Ike Obi", said=_said("Ike Obi", "Ike Obi is my brother"))
    assert resolve(_m("Ike Obi", "person", context), [candidate]).entity_id == "p1"


def test_the_writers_relative_is_not_one_known_by_the_business_they_run() -> None:
    baker = Candidate(
        "p1",
        "person",
        "Ciarán Walsh",
        said=_said("Ciarán Walsh", "Ciarán Walsh runs the bakery where I buy bread"),
    )
    cousin = _m("Ciarán Walsh", "person", "Ciarán Walsh my cousin in Dublin is coming for Christmas")
    assert resolve(cousin, [baker]).entity_id is None
    # the same name without a relative said: the baker; nor "runs" without a business
    assert resolve(_m("Ciarán Walsh", "person", "Ciarán Walsh sent the bread"), [baker]).entity_id == "p1"
    runner = Candidate(
        "p2", "person", "Ciarán Walsh", said=_said("Ciarán Walsh", "Ciarán Walsh runs every morning")
    )
    assert resolve(cousin, [runner]).entity_id == "p2"


# -- a denied name's qualifier ---------------------------------------------------------------------------


def test_a_denied_name_with_what_tells_its_bearer_apart() -> None:
    said = said_of("Rosa", "Rosa my cousin bakes the cakes, not Rosa from the cooperative")
    assert said is not None and MARK in said
    assert "cooperative" in denials(said).words
    assert denials(said_of("Rosa", "Rosa called, not TUI in Germany") or "").words == frozenset()
    known = Candidate(
        "p1",
        "person",
        "Rosaria Lentini",
        ("Rosa",),
        said=_said("Rosa", "Rosa from the cooperative promised the eggs"),
    )
    cousin = _m("Rosa", "person", "Rosa my cousin bakes the cakes, not Rosa from the cooperative")
    assert resolve(cousin, [known]).entity_id is None
    assert resolve(_m("Rosa", "person", "Rosa sent the eggs, not the butter"), [known]).entity_id == "p1"


# -- on store ------------------------------------------------------------------------------------------------


def test_on_store_namesakes_apart(mem: Memlane) -> None:
    known = {}
    for user in ("ann", "ben"):
        first = mem.store("Paul Davis is Ardour's lead developer, he commented on the PR", user=user).id
        known[user] = next(
            e.id
            for e in mem.entities.list(limit=100, user=user)
            if e.name == "Paul Davis"
            and first in {m.id for m in mem.entities.memories(e.id, limit=50, user=user)}
        )
    other = mem.store(
        "Paul Davis the musician from Iceland sent a thank-you email, different person", user="ann"
    )
    same = mem.store("Paul Davis the musician from Iceland sent a thank-you email", user="ben")
    assert other.id not in {m.id for m in mem.entities.memories(known["ann"], limit=50, user="ann")}
    # the same sentence without "different person": the one known
    assert same.id in {m.id for m in mem.entities.memories(known["ben"], limit=50, user="ben")}
