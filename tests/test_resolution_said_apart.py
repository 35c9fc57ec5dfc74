"""Wrong merges kept apart by what sentences say (issue 12, requirement 2, fourteenth session), each rule
with what it must still merge: a description an organisation's sentence denies that the known one's
name holds ("Avianca ..., not the cargo side"); "different from" / "has nothing to do with" a known
name; a relative denied ("not grandma", "not family", "not related to Ify") and a description by
someone's name ("not Morag's son"); what the known one's own sentence denied ("CVS ..., not the vet
group", then "CVS the vet group"); a lone name said to be new ("Joseph, our new askari"); "a
different person", "a third Ji-woo"; a name whose exact bearer was first said to be the other one
("Kinova ... is unrelated") while it fits another; a relative named by the same name ("Salem, Abu
Salem's eldest son"). On the resolver, and on store (both backends)."""

from __future__ import annotations

from memlane import Memlane
from memlane.graph.resolution import Candidate, resolve
from mentions import mention as _m
from mentions import said as _said

# -- what an organisation's sentence denies ---------------------------------------------------------


def test_a_description_the_known_ones_name_holds_denied() -> None:
    cargo = Candidate("c1", "company", "Avianca Cargo")
    lost = "Avianca, the passenger airline, lost my suitcase, not the cargo side"
    assert resolve(_m("Avianca", "company", lost), [cargo]).entity_id is None
    bank = Candidate("c2", "company", "Bank Audi")
    assert (
        resolve(_m("Audi", "company", "Audi is the car Karim rents, obviously not the bank"), [bank]).how
        == "new"
    )
    group = Candidate("c3", "company", "Swatch Group")
    brand = "Swatch, the plastic watch brand, sent a replacement, not the group"
    assert resolve(_m("Swatch", "company", brand), [group]).entity_id is None
    # what is denied is not in the known one's names: the same company
    assert (
        resolve(_m("Avianca", "company", "Avianca moved the boxes, not the bank"), [cargo]).entity_id == "c1"
    )
    # a place's other name after "not" is the same place ("still says Madras, not Chennai")
    chennai = Candidate("l1", "place", "Chennai")
    assert resolve(_m("Madras", "place", "Appa still says Madras, not Chennai"), [chennai]).entity_id == "l1"


def test_different_from_a_known_name() -> None:
    tui = Candidate("c1", "company", "TUI")
    branch = "TUI UK is the branch that actually emailed, different from TUI in Germany"
    assert resolve(_m("TUI UK", "company", branch), [tui]).entity_id is None
    assert resolve(_m("TUI UK", "company", "TUI UK sent the contract"), [tui]).entity_id == "c1"
    robotics = Candidate("c2", "company", "Acme Robotics")
    other = "Acme Corp, the old prospect, has nothing to do with Acme Robotics"
    assert resolve(_m("Acme Corp", "company", other), [robotics]).entity_id is None


def test_what_the_known_ones_sentence_denied() -> None:
    pharmacy = Candidate(
        "c1",
        "company",
        "CVS",
        said=_said("CVS", "CVS the pharmacy chain sends promo emails, not the vet group"),
    )
    group = Candidate("c2", "company", "CVS Group")
    vets = _m("CVS", "company", "CVS the vet group wants a meeting with the partners")
    assert resolve(vets, [pharmacy, group]).entity_id == "c2"
    # a sentence that says nothing of it: both fit
    assert resolve(_m("CVS", "company", "CVS wants a meeting"), [pharmacy, group]).how == "ambiguous"


# -- a person's relatives and descriptions denied ---------------------------------------------------


def test_a_relative_denied() -> None:
    grandma = Candidate(
        "p1", "person", "Ani Hakobyan", said=_said("Ani Hakobyan", "Ani Hakobyan is my grandmother")
    )
    cashier = _m("Ani", "person", "Ani the cashier is a student, not grandma")
    assert resolve(cashier, [grandma]).entity_id is None
    sister = Candidate(
        "p2", "person", "Ani Hakobyan", said=_said("Ani Hakobyan", "Ani Hakobyan is my sister")
    )
    assert resolve(cashier, [sister]).entity_id == "p2"  # (not the relative denied)
    cousin = Candidate(
        "p3", "person", "Desmond Campbell", said=_said("Desmond Campbell", "Desmond Campbell is my cousin")
    )
    landlord = _m("Mr. Campbell", "person", "Mr. Campbell the landlord raised the fee, not family")
    assert resolve(landlord, [cousin]).entity_id is None
    plumber = Candidate(
        "p4", "person", "Desmond Campbell", said=_said("Desmond Campbell", "Desmond Campbell is our plumber")
    )
    assert resolve(landlord, [plumber]).entity_id == "p4"


def test_not_related_to_a_known_name_and_a_possessive_description() -> None:
    ify = Candidate("p1", "person", "Ifeoma Nwankwo", aliases=("Ify",))
    landlady = _m(
        "Mrs Nwankwo", "person", "Mrs Nwankwo, the landlady, wants the rent early, she's not related to Ify"
    )
    assert resolve(landlady, [ify]).entity_id is None
    son = Candidate(
        "p2", "person", "Callum Baillie", said=_said("Callum Baillie", "Callum Baillie is Morag's son")
    )
    church = _m("Callum", "person", "Callum from the church dropped off the collection, not Morag's son")
    assert resolve(church, [son]).entity_id is None
    assert resolve(_m("Callum", "person", "Callum dropped off the collection"), [son]).entity_id == "p2"


# -- a lone name said to be new, namesakes said --------------------------------------------------------


def test_a_lone_name_said_to_be_new() -> None:
    joseph = Candidate("p1", "person", "Joseph Laizer")
    for sentence in (
        "Joseph, our new askari, starts nights on Monday",
        "Joseph the dishwasher quit without notice, a new guy",
        "Joseph from portering brought the wheelchair, he's new on nights",
    ):
        assert resolve(_m("Joseph", "person", sentence), [joseph]).entity_id is None, sentence
    assert resolve(_m("Joseph", "person", "Joseph booked the new charter"), [joseph]).entity_id == "p1"
    # the newcomer named again as new is that one
    again = Candidate(
        "p2", "person", "Joseph", said=_said("Joseph", "Joseph, our new askari, starts on Monday")
    )
    assert resolve(_m("Joseph", "person", "Joseph is new and asked for a torch"), [again]).entity_id == "p2"


def test_a_different_person_and_a_third_namesake() -> None:
    mother = Candidate(
        "p1",
        "person",
        "Isabel dos Santos",
        said=_said("Isabel dos Santos", "Isabel dos Santos is our mother"),
    )
    news = "Isabel dos Santos the billionaire was on the news, a different person"
    assert resolve(_m("Isabel dos Santos", "person", news), [mother]).entity_id is None
    invoice = "Isabel dos Santos sent a different invoice"
    assert resolve(_m("Isabel dos Santos", "person", invoice), [mother]).entity_id == "p1"
    kim = Candidate(
        "p2",
        "person",
        "Kim Ji-woo",
        aliases=("Ji-woo",),
        said=_said("Ji-woo", "Ji-woo wants my notes by Friday"),
    )
    third = "Ji-woo the intern dropped the drive, a third Ji-woo"
    assert resolve(_m("Ji-woo", "person", third), [kim]).entity_id is None


def test_a_name_whose_bearer_was_said_to_be_the_other_one() -> None:
    unrelated = Candidate(
        "c1", "company", "Kinova", said=_said("Kinova", "Kinova the Canadian robotics company is unrelated")
    )
    labs = Candidate("c2", "company", "Kinova Labs Inc.")
    board = _m("Kinova", "company", "Kinova's board accepted our offer")
    assert resolve(board, [unrelated, labs]).how == "ambiguous"
    # alone, it is that one; and a name that fits only the one the writer deals with is that one
    assert resolve(board, [unrelated]).entity_id == "c1"
    assert (
        resolve(_m("Kinova Labs", "company", "Kinova Labs sent the data room"), [unrelated, labs]).entity_id
        == "c2"
    )


def test_a_relative_named_by_the_same_name() -> None:
    father = Candidate("p1", "person", "Mohammad Al-Zalabieh", aliases=("Abu Salem",))
    son = _m("Salem", "person", "Salem, Abu Salem's eldest son, drives the second jeep")
    assert resolve(son, [father]).entity_id is None


# -- on store ------------------------------------------------------------------------------------------


def _people(mem: Memlane, user: str, memory_id: str, kind: str = "person") -> set[str]:
    return {
        e.name
        for e in mem.entities.list(limit=100, user=user)
        if e.type == kind and memory_id in {m.id for m in mem.entities.memories(e.id, limit=50, user=user)}
    }


def test_on_store_a_relative_denied_and_a_newcomer(mem: Memlane) -> None:
    mem.store("Ani Hakobyan is my grandmother, the bakery is named after her", user="ann")
    cashier = mem.store("Ani the cashier is a student, not grandma", user="ann").id
    assert "Ani Hakobyan" not in _people(mem, "ann", cashier)
    mem.store("Joseph Laizer handles our charter bookings", user="ann")
    askari = mem.store("Joseph, our new askari, starts nights on Monday", user="ann").id
    assert "Joseph Laizer" not in _people(mem, "ann", askari)
    # the same words with nothing denied or new: the known ones
    mem.store("Ani Hakobyan is my grandmother, the bakery is named after her", user="ben")
    assert "Ani Hakobyan" in _people(mem, "ben", mem.store("Ani baked the bread today", user="ben").id)


# -- places, near spellings, kunyas ----------------------------------------------------------------------


def test_a_qualified_place_and_the_one_large_city_a_known_name_denotes() -> None:
    lyon = Candidate("l1", "place", "Lyon", said=_said("Lyon", "Lyon office is in the Croix-Rousse"))
    colorado = _m("Lyons", "place", "Lyons, Colorado is where the American client lives")
    assert resolve(colorado, [lyon]).entity_id is None
    assert resolve(_m("Lyons", "place", "Lyons, France is two hours away"), [lyon]).entity_id == "l1"
    assert resolve(_m("Lyons", "place", "Lyons is two hours away"), [lyon]).entity_id == "l1"


def test_a_different_one_said_at_the_clause_end_and_another_word_for_a_near_spelling() -> None:
    hussain = Candidate(
        "p1", "person", "Tariq Hussain", said=_said("Tariq Hussain", "Tariq Hussain is a Java developer")
    )
    other = _m("Tariq Hussein", "person", "Tariq Hussein is a QA tester, a different candidate")
    assert resolve(other, [hussain], similarity=lambda a, b: 0.9).entity_id is None
    cold = Candidate("d1", "document", "Cold storage runbook")
    assert (
        resolve(_m("Hot storage runbook", "document", "The hot storage runbook is unchanged"), [cold]).how
        == "new"
    )
    # a misspelling of a word is still one ("Greenfeild Logistics")
    greenfield = Candidate("c1", "company", "Greenfield Logistics")
    assert (
        resolve(_m("Greenfeild Logistics", "company", "Greenfeild Logistics paid"), [greenfield]).entity_id
        == "c1"
    )


def test_a_kunya_is_a_parent_not_the_child() -> None:
    faisal = Candidate("p1", "person", "Faisal Al-Harbi", aliases=("Faisal",))
    assert resolve(_m("Abu Faisal", "person", "Abu Faisal inspected the slab"), [faisal]).entity_id is None
    father = Candidate("p2", "person", "Abdulrahman Al-Harbi", aliases=("Abu Faisal",))
    assert resolve(_m("Abu Faisal", "person", "Abu Faisal signed the order"), [father]).entity_id == "p2"


def test_a_sentence_that_says_it_is_not_known_which_one() -> None:
    sasha = Candidate("p1", "person", "Sasha Zaitseva")
    unsure = _m("Sasha", "person", "Sasha called about the rehearsal schedule, not clear which one")
    assert resolve(unsure, [sasha]).how == "ambiguous"
    week = _m("Sasha", "person", "Sasha called about the rehearsal, not sure which week it is")
    assert resolve(week, [sasha]).entity_id == "p1"


def test_a_denied_role_written_as_its_initials() -> None:
    cso = Candidate(
        "p1",
        "person",
        "Dr. Sarah Lindgren",
        said=_said("Dr. Sarah Lindgren", "Dr. Sarah Lindgren is our chief scientific officer"),
    )
    counsel = _m(
        "Sarah Lindgren", "person", "Sarah Lindgren at Kinova Labs is their general counsel, not our CSO"
    )
    assert resolve(counsel, [cso]).entity_id is None
    cto = _m("Sarah Lindgren", "person", "Sarah Lindgren sent the plan, not our CTO")
    assert resolve(cto, [cso]).entity_id == "p1"


def test_on_store_a_name_first_said_to_be_another_one_is_read_without_being_asked(mem: Memlane) -> None:
    """The mention's own sentence says nothing that asks for what was said of the candidates
    (``SaidReads.needs``), but the name fits two and the one it names exactly was first said to be
    unrelated: the store reads the candidates' sentences and decides as the registry does
    (``linking._resolve_among``, ``resolution.said_may_undo``)."""
    mem.store("Kinova Labs Inc. is the startup we are buying", user="ann")
    mem.store("Kinova, a Canadian robotics company, is unrelated", user="ann")
    board = mem.store("Kinova's board accepted our offer", user="ann").id
    linked = {e.name for e in mem.entities.list(limit=100, user="ann") if _names(mem, e.id, board)}
    assert linked == set()
    # the unrelated one named again as such is that one
    again = mem.store("Kinova, the Canadian robotics company, is unrelated to the deal", user="ann").id
    assert "Kinova" in {e.name for e in mem.entities.list(limit=100, user="ann") if _names(mem, e.id, again)}


def _names(mem: Memlane, entity_id: str, memory_id: str) -> bool:
    return memory_id in {m.id for m in mem.entities.memories(entity_id, limit=50, user="ann")}
