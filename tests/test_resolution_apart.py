"""Wrong merges that what a text says tells apart, one class each, through ``resolve``: companies
registered under the legal forms of different countries; a lone given name from a part of an
organisation the known person was never said to belong to; a sentence that denies one known bearer of
a name and so takes none by a weaker fit; the writer and the writer's relative; a generation suffix
after the name; "another woman" of the name; a system known by another version; a relative of someone
named by a possessive ("Peggy's granddaughter"); a company with a country in parentheses."""

from __future__ import annotations

from dataclasses import replace

from memlane import Memlane
from memlane.graph.legal_forms import form_countries
from memlane.graph.resolution import Candidate, Mention, resolve
from memlane.graph.said import MARK, said_self, workplace


def _said(name: str, context: str) -> tuple[str, ...]:
    return (context.replace(name, MARK, 1),)


# -- legal forms of different countries --------------------------------------------------------------


def test_legal_forms_place_a_company_in_countries() -> None:
    assert "in" in form_countries("Ratnakar Gems Pvt. Ltd.")
    assert "us" in form_countries("Ratnakar Gems Inc.")
    assert "si" in form_countries("Stagerent d.o.o.")
    assert "pl" in form_countries("Vistula Soft sp. z o.o.")
    assert form_countries("Acme Corp.") == frozenset()  # a form of many countries says nothing
    assert form_countries("Bella Spa") == frozenset()  # the day spa, no S.p.A.
    assert form_countries("Inc") == frozenset()  # a name of one word has no form


def test_companies_of_two_countries_legal_forms_are_two() -> None:
    indian = Candidate("e1", "company", "Ratnakar Gems Pvt. Ltd.")
    found = resolve(Mention("Ratnakar Gems Inc.", "company"), [indian])
    assert found.entity_id is None and found.how == "new"
    german = Candidate("e2", "company", "Stage Rent GmbH")
    assert resolve(Mention("Stagerent d.o.o.", "company"), [german]).entity_id is None
    # forms of one country, or a form that says no country, are the same company written otherwise
    acme = Candidate("e3", "company", "Acme Inc.")
    assert resolve(Mention("ACME Corp", "company"), [acme]).entity_id == "e3"
    assert resolve(Mention("Acme Incorporated", "company"), [acme]).entity_id == "e3"
    assert resolve(Mention("Ratnakar Gems Ltd", "company"), [indian]).entity_id == "e1"
    # and a name without a form is still the known company's short form
    assert resolve(Mention("Ratnakar Gems", "company"), [indian]).entity_id == "e1"


# -- a lone given name from a part of an organisation -------------------------------------------------


def test_workplace_reads_a_part_of_an_organisation() -> None:
    assert workplace(f"{MARK} from the press office needs the lines") == {"press", "office"}
    assert workplace(f"{MARK} on my team handles the Spanish queue") == {"team"}
    assert workplace(f"{MARK} from Whitcombe Plumbing fixed the leak") == frozenset()  # an organisation
    assert workplace(f"{MARK} fixed the leak") == frozenset()


def test_a_lone_name_from_another_part_of_an_organisation_is_not_the_known_one() -> None:
    minister = Candidate(
        "e1",
        "person",
        "Rt Hon. Eleanor Price MP",
        said=_said("Rt Hon. Eleanor Price MP", "Rt Hon. Eleanor Price MP is our minister"),
    )
    press = Mention("Eleanor", "person", context="Eleanor from the press office needs the lines to take")
    assert resolve(press, [minister]).entity_id is None
    # the same part of an organisation (a word of one stem) is no reason to part them
    accountant = Candidate(
        "e2", "person", "Anna Kowalska", said=_said("Anna Kowalska", "Anna Kowalska is our accountant")
    )
    accounts = Mention("Anna", "person", context="Anna from accounts sent the invoice")
    assert resolve(accounts, [accountant]).entity_id == "e2"
    # nor, since the twenty-third session, one whose sentences say nothing of what they are ("Gail from
    # the front desk" with Gail Henderson, a client who "paid the deposit": four wrong merges of the
    # labelled sets, no right link), unless they tie the person to the writer's own people ("us")
    silent = Candidate("e3", "person", "Eleanor Price", said=_said("Eleanor Price", "Eleanor Price called"))
    assert resolve(press, [silent]).entity_id is None
    ours = Candidate("e4", "person", "Eleanor Price", said=_said("Eleanor Price", "Eleanor Price called us"))
    assert resolve(press, [ours]).entity_id == "e4"


def test_a_lone_name_from_a_part_of_the_known_persons_organisation_is_that_person() -> None:
    officer = Candidate(
        "e1",
        "person",
        "Sok Dara",
        affiliations=("ACLEDA",),
        said=_said("Sok Dara", "Sok Dara is our loan officer at ACLEDA"),
    )
    bank = Mention("Mr Dara", "person", affiliations=("ACLEDA",), context="Mr Dara from the bank called")
    assert resolve(bank, [officer]).entity_id == "e1"


# -- a denial of one known bearer ----------------------------------------------------------------------


def test_a_sentence_that_denies_one_bearer_takes_no_other_by_a_weak_fit() -> None:
    manager = Candidate(
        "e1", "person", "Youssef Berrada", said=_said("Youssef Berrada", "Youssef Berrada is my manager")
    )
    handyman = Candidate(
        "e2", "person", "Si Youssef", said=_said("Si Youssef", "Si Youssef fixed the boiler")
    )
    taxi = Mention(
        "Youssef", "person", context="Youssef the taxi driver called about a lost bag, not my manager"
    )
    assert resolve(taxi, [manager, handyman]).entity_id is None
    # without the denial the name still fits the one it fits
    assert resolve(Mention("Youssef", "person", context="Youssef called"), [handyman]).entity_id == "e2"


# -- the writer and the writer's relative ------------------------------------------------------------


def test_said_self_reads_the_writer() -> None:
    assert said_self(f"{MARK} is me, I run it now")
    assert said_self(f"{MARK}, that's me, forgot the permit")
    assert said_self(f"Hi, I'm {MARK}")
    assert not said_self(f"{MARK} is meeting us")
    assert not said_self(f"{MARK} is my father")


def test_the_writer_is_not_the_writers_father() -> None:
    father = Candidate(
        "e1",
        "person",
        "Réjean Poulin",
        affiliations=("Érablière Poulin",),
        said=_said("Réjean Poulin", "Réjean Poulin is my father, he started the sugar bush"),
    )
    me = Mention(
        "Mathieu Poulin",
        "person",
        affiliations=("Érablière Poulin",),
        context="Mathieu Poulin is me, I run it now",
    )
    assert resolve(me, [father]).entity_id is None
    writer = Candidate("e2", "person", "Mathieu Poulin", said=_said("Mathieu Poulin", "Mathieu Poulin is me"))
    dad = Mention("Poulin", "person", context="Poulin, my father, started the sugar bush")
    assert resolve(dad, [writer]).entity_id is None
    # the writer said to be the writer again is the writer
    again = Mention("Mathieu", "person", context="Mathieu, that's me, renewed the permit")
    assert resolve(again, [writer]).entity_id == "e2"


# -- a generation suffix, "another woman" ------------------------------------------------------------


def test_a_generation_suffix_after_the_name_is_another_bearer() -> None:
    dad = Candidate(
        "e1", "person", "Remy Thibodeaux", said=_said("Remy Thibodeaux", "Remy Thibodeaux is my dad")
    )
    junior = Mention(
        "Remy Thibodeaux", "person", context="Remy Thibodeaux Jr., my brother, is a nurse in Lafayette"
    )
    assert resolve(junior, [dad]).entity_id is None


def test_another_woman_of_the_name_is_another_bearer() -> None:
    buyer = Candidate(
        "e1",
        "person",
        "Jennifer Holm",
        said=_said("Jennifer Holm", "Jennifer Holm is the buyer at a Swedish chain"),
    )
    customs = Mention(
        "Jennifer Holm",
        "person",
        context="Jennifer Holm from Danish customs, another woman with the buyer's name, emailed",
    )
    assert resolve(customs, [buyer]).entity_id is None


# -- a system known by another version ---------------------------------------------------------------


def test_a_system_known_by_another_version_is_not_this_version() -> None:
    five = Candidate("e1", "system", "Shiftplan 5", ("Shiftplan",))
    assert resolve(Mention("Shiftplan 6", "system"), [five]).entity_id is None
    assert resolve(Mention("Shiftplan 5", "system"), [five]).entity_id == "e1"
    # a system known without a version is still the one a release of it names ("Postgres 16")
    postgres = Candidate("e2", "system", "PostgreSQL")
    assert resolve(Mention("PostgreSQL 16", "system"), [postgres]).entity_id == "e2"


def test_on_store_the_writer_is_not_the_writers_neighbour(mem: Memlane) -> None:
    """The store reads the candidate's sentences for a mention that says it is the writer
    (``SaidReads.needs``)."""
    mem.store("Sam Whitaker is my neighbour, he waters the plants")
    mem.store("Sam, that's me, booked the booth at the festival")
    linked = {
        e.name: sorted(m.content for m in mem.entities.memories(e.id, limit=50))
        for e in mem.entities.list(limit=100)
    }
    assert linked["Sam Whitaker"] == ["Sam Whitaker is my neighbour, he waters the plants"]


# -- a relative of someone named by a possessive ------------------------------------------------------


def test_kin_of_another_reads_a_possessive() -> None:
    from memlane.graph.said import kin_of_another

    assert kin_of_another(f"{MARK}, Peggy's granddaughter who is named after her, read") == "granddaughter"
    assert kin_of_another(f"{MARK}, the maestro's grandfather, founded the workshop") == "grandfather"
    assert kin_of_another(f"{MARK}, my landlady's granddaughter, drew a bird") == "granddaughter"
    assert kin_of_another(f"{MARK}, my mum's sister, visited") is None  # the writer's aunt
    assert kin_of_another(f"{MARK} is Giorgi's boss") is None


def test_someones_granddaughter_of_the_name_is_not_the_known_one() -> None:
    patient = Candidate(
        "e1",
        "person",
        "Margaret Walker",
        said=_said("Margaret Walker", "Margaret Walker is a patient I visit on Tuesdays"),
    )
    granddaughter = Mention(
        "Margaret Walker",
        "person",
        context="Margaret Walker, Peggy's granddaughter who is named after her, read the psalm",
    )
    assert resolve(granddaughter, [patient]).entity_id is None
    # the granddaughter known as such is found again
    known = Candidate(
        "e2", "person", "Margaret Walker", said=_said("Margaret Walker", granddaughter.context or "")
    )
    again = Mention("Margaret Walker", "person", context="Margaret Walker, Peggy's granddaughter, sang")
    assert resolve(again, [known]).entity_id == "e2"


# -- a country in parentheses --------------------------------------------------------------------------


def test_a_company_of_a_country_in_parentheses_is_the_groups_company_there() -> None:
    malta = Candidate("e1", "company", "Corallium Gaming Ltd")
    found = resolve(Mention("Corallium Gaming (Isle of Man) Ltd", "company"), [malta])
    assert found.entity_id is None
    # the same company with its country written again, or a legal form in parentheses, is the one known
    man = Candidate("e2", "company", "Corallium Gaming (Isle of Man) Ltd")
    assert resolve(Mention("Corallium Gaming (Isle of Man) Ltd", "company"), [man]).entity_id == "e2"
    lanka = Candidate("e3", "company", "Lanka Weave Apparel (Pvt) Ltd")
    assert resolve(Mention("Lanka Weave Apparel Ltd", "company"), [lanka]).entity_id == "e3"


# -- a relative said by a pronoun, "no relation to" ----------------------------------------------------


def test_kin_of_another_reads_a_pronoun_of_the_sentences_subject() -> None:
    from memlane.graph.said import kin_of_another

    said = f"{MARK} from Whitcombe Plumbing fixed the leak, he's the owner's nephew"
    assert kin_of_another(said) == "nephew"
    assert kin_of_another(f"{MARK} fixed the leak, he's my neighbour") is None  # no relative
    assert kin_of_another(f"Tom says {MARK} fixed it, he's her son") is None  # the name is no subject


def test_the_owners_nephew_is_not_the_owner() -> None:
    owner = Candidate(
        "e1", "person", "Dave Whitcombe", said=_said("Dave Whitcombe", "Dave Whitcombe owns 14 Wairere Road")
    )
    nephew = Mention(
        "Dave",
        "person",
        context="Dave from Whitcombe Plumbing fixed the leak, he's the owner's nephew",
    )
    assert resolve(nephew, [owner]).entity_id is None
    assert resolve(Mention("Dave", "person", context="Dave fixed the leak"), [owner]).entity_id == "e1"


def test_no_relation_to_someone_denies_that_one() -> None:
    from memlane.graph.said import denials

    assert denials(f"{MARK} is the accountant who does my tax, no relation to my boss").words == {"boss"}
    assert denials(f"{MARK}, no relation to Étienne, called").names == ("Étienne",)
    # the one known as "no relation to my boss" is not the boss
    accountant = Candidate(
        "e1",
        "person",
        "Hamish Tulloch",
        said=_said(
            "Hamish Tulloch", "Hamish Tulloch is the accountant who does my tax, no relation to my boss"
        ),
    )
    boss = Mention("Mr Tulloch", "person", context="Mr Tulloch, my boss, approved my leave")
    assert resolve(boss, [accountant]).entity_id is None


# -- a part of the organisation both belong to -------------------------------------------------------


def test_a_lone_name_from_a_part_of_an_organisation_in_common_is_not_a_known_person_elsewhere_in_it() -> None:
    councillor = Candidate(
        "e1",
        "person",
        "Cllr Tom Hadley",
        affiliations=("Bristol City Council",),
        said=_said("Tom", "Tom, the councillor, emailed again about the flats"),
    )
    helpdesk = Mention(
        "Tom",
        "person",
        affiliations=("Bristol City Council",),
        context="Tom from our IT helpdesk reset my password",
    )
    assert resolve(helpdesk, [councillor]).entity_id is None
    # the organisation itself by its kind ("from the bank") is what the two have in common: no reason
    assert resolve(replace(helpdesk, context="Tom from the agency called"), [councillor]).entity_id == "e1"


# -- "is also the name of" ---------------------------------------------------------------------------


def test_also_the_name_of_another_is_a_namesake() -> None:
    boss = Candidate(
        "e1",
        "person",
        "Tendai Moyo",
        said=_said("Tendai Moyo", "Tendai Moyo is the floor manager and my boss"),
    )
    son = Mention(
        "Tendai Moyo",
        "person",
        context="Tendai Moyo is also the name of Sipho's son, a young grower from Mvurwi",
    )
    assert resolve(son, [boss]).entity_id is None
    # the same name said again of the one known is that one
    again = Mention("Tendai Moyo", "person", context="Tendai Moyo wants the clerks in at six")
    assert resolve(again, [boss]).entity_id == "e1"


# -- a group and its companies -------------------------------------------------------------------------


def test_a_groups_bare_name_with_one_of_its_companies_known_is_not_certain() -> None:
    group = Candidate("e1", "company", "Corallium Group plc")
    gaming = Candidate("e2", "company", "Corallium Gaming Ltd")
    found = resolve(Mention("Corallium", "company"), [group, gaming])
    assert found.entity_id is None and found.how == "ambiguous"
    # a group a sentence called one ("the parent group"), with a company of its first word known
    parent = Candidate(
        "e3",
        "company",
        "FPT Corporation",
        said=_said("FPT Corporation", "FPT Corporation, the parent group, grew"),
    )
    software = Candidate("e4", "company", "FPT Software")
    assert resolve(Mention("FPT", "company"), [parent, software]).entity_id is None
    # the group alone, or a company known by the very name and not said to be a group, is the one
    assert resolve(Mention("Corallium", "company"), [group]).entity_id == "e1"
    plain = Candidate("e5", "company", "FPT Corporation")
    assert resolve(Mention("FPT", "company"), [plain, software]).entity_id == "e5"


def test_a_registered_name_does_not_grow_a_short_name_known_grown_otherwise() -> None:
    contractors = Candidate("e1", "company", "Kasama Leaf Contractors", aliases=("Kasama Leaf",))
    found = resolve(Mention("Kasama Leaf International SA", "company"), [contractors])
    assert found.entity_id is None
    # the short name known alone grows into the registered name
    short = Candidate("e2", "company", "Kasama Leaf")
    assert resolve(Mention("Kasama Leaf International SA", "company"), [short]).entity_id == "e2"


def test_a_different_body_from_its_air_service_is_not_the_air_service() -> None:
    air = Candidate("c1", "company", "FIGAS", aliases=("Falkland Islands Government Air Service",))
    grant = Mention(
        "Falkland Islands Government",
        "company",
        context="Falkland Islands Government pays the farm improvement grant, a different body from its air service",
    )
    assert resolve(grant, [air]).entity_id is None
    # without the words the short name is the known one's
    plain = Mention(
        "Falkland Islands Government", "company", context="Falkland Islands Government pays the grant"
    )
    assert resolve(plain, [air]).entity_id == "c1"


def test_the_writers_relative_is_not_a_person_known_by_an_occupation_alone() -> None:
    owner = Candidate(
        "e1",
        "person",
        "Linda Hadley",
        said=_said("Linda Hadley", "Linda Hadley is the American shop owner who buys two pallets a year"),
    )
    cousin = Mention("Linda", "person", context="Linda, my cousin in Legnica, is coming to see the festival")
    assert resolve(cousin, [owner]).entity_id is None
    # nothing said of what she is, or said to be the writer's cousin too: the one known
    plain = Candidate("e2", "person", "Linda Hadley", said=_said("Linda Hadley", "Linda Hadley called"))
    assert resolve(cousin, [plain]).entity_id == "e2"
    kin = Candidate(
        "e3", "person", "Linda Hadley", said=_said("Linda Hadley", "Linda Hadley is my cousin, a shop owner")
    )
    assert resolve(cousin, [kin]).entity_id == "e3"


def test_a_name_denied_after_our_is_the_known_one_so_called() -> None:
    # "not our Mesi": what the writer calls someone is a name, not a description's words
    meseret = Candidate(
        "p7",
        "person",
        "Meseret Alemu",
        ("Mesi",),
        said=_said("Meseret Alemu", "Meseret Alemu runs the drying beds"),
    )
    runner = "Meseret Alemu the marathon runner, not our Mesi, won in Dubai years ago"
    assert resolve(Mention("Meseret Alemu", "person", context=runner), [meseret]).entity_id is None
    same = "Meseret Alemu, not our Tsehay, runs the drying beds today"
    assert resolve(Mention("Meseret Alemu", "person", context=same), [meseret]).entity_id == "p7"
