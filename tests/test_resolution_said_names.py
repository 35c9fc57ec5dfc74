"""Recall rules for people called by a name their letters do not explain: the other name the sentence
gives the person ("Gosho, our forklift driver Georgi", "Bogdan Marinescu is Bobi's full name":
``graph/said_names.py``), a word of address in another language before or after the name ("Ustaz
Karim", "Aigerim eje": ``name_forms.WORDS_OF_ADDRESS_BEFORE`` / ``_AFTER``), and one person known twice
by two spellings of a full name ("Alasdair" with Alasdair MacTaggart and Alasdair McTaggart); and what
each keeps apart."""

from __future__ import annotations

from memlane import Memlane
from memlane.graph.resolution import Candidate, Mention, resolve
from memlane.graph.said import said_of
from memlane.graph.said_names import names_said_for
from mentions import person as _person


def test_the_other_name_a_sentence_gives() -> None:
    for name, context, other in (
        ("Gosho", "Gosho, our forklift driver Georgi, was late again", "Georgi"),
        ("Gosho", "Gosho, the depot's manager Georgi Marinov, signed it", "Georgi Marinov"),
        ("Lolek", "Lolek, Karol from the night shift, covered for me", "Karol"),
        ("Pepa Vrba", "Pepa Vrba, as everyone calls Josef, fixed the boiler", "Josef"),
        ("Sandy Ross", "Sandy Ross, as Alasdair signs his emails, is off today", "Alasdair"),
        ("Babcia", "Babcia is what we call grandma Zofia", "Zofia"),
        ("Bogdan Marinescu", "Bogdan Marinescu is Bobi's full name on his passport", "Bobi"),
        ("Wang Jun", "Wang Jun is Jimmy's Chinese name", "Jimmy"),
        ("Tom Ruatapu", "Tom Ruatapu is the name Tamati uses at work", "Tamati"),
        ("Gosho", "Gosho (Georgi) was late", "Georgi"),
    ):
        assert names_said_for(name, context) == (other,), (name, context)
    for name, context in (
        ("Gosho", "Gosho, Georgi's son, started on Monday"),  # a relative, not another name
        ("Gosho", "Gosho, the son of Georgi, started on Monday"),
        ("Ana", "Ana, Bea and Carla came to the party"),  # a list of names
        ("Ana", "Ana, Bea, Carla came to the party"),
        ("Ana", "Ana, Bea said, is late"),
        ("Ana", "Ana, my brother Tom's friend, is late"),
    ):
        assert names_said_for(name, context) == (), (name, context)


def test_a_pet_name_the_sentence_explains() -> None:
    georgi = Candidate("p1", "person", "Georgi Marinov")
    found = resolve(_person("Gosho", "Gosho, our forklift driver Georgi, was late again"), [georgi])
    assert (found.entity_id, found.how) == ("p1", "named")
    # a full name completing a given name known alone, when the sentence says it is that one's
    bobi = Candidate("p1", "person", "Bobi")
    found = resolve(_person("Bogdan Marinescu", "Bogdan Marinescu is Bobi's full name"), [bobi])
    assert found.entity_id == "p1"


def test_the_other_name_stays_apart() -> None:
    georgi = Candidate("p1", "person", "Georgi Marinov")
    # a relative of the one known
    assert resolve(_person("Gosho", "Gosho, Georgi's son, started on Monday"), [georgi]).entity_id is None
    # two people the other name fits: which one is not known
    two = [georgi, Candidate("p2", "person", "Georgi Petrov")]
    assert resolve(_person("Gosho", "Gosho, our driver Georgi, was late"), two).entity_id is None
    # the sentence says the mention is another person
    said = "Gosho, our driver Georgi, is a different person from the Georgi I know"
    assert resolve(_person("Gosho", said), [georgi]).entity_id is None
    # a name that fits another known person by itself keeps it
    gosho = Candidate("p2", "person", "Gosho Ivanov")
    assert resolve(_person("Gosho", "Gosho, our driver Georgi, was late"), [georgi, gosho]).entity_id != "p1"


def test_a_word_of_address_in_another_language() -> None:
    karim = Candidate("p1", "person", "Karim Haddad")
    for name in ("Ustaz Karim", "Hajji Karim", "Mzee Karim", "Ato Karim", "Karim bey", "Karim aga"):
        found = resolve(_person(name, f"{name} wants the ovens cleaned"), [karim])
        assert found.entity_id == "p1", name
    aigerim = Candidate("p1", "person", "Aigerim Sadykova")
    assert resolve(_person("Aigerim eje", "Aigerim eje chairs the meeting"), [aigerim]).entity_id == "p1"
    assert resolve(_person("Oom Hennie", "Oom Hennie fixed the truck"), [Candidate("p1", "person", "Hennie Botha")]).entity_id == "p1"  # fmt: skip


def test_words_of_address_that_stay_apart() -> None:
    karim = Candidate("p1", "person", "Karim Haddad")
    # a parent called by the child's name (a teknonym): "Mama Karim" is Karim's mother
    assert resolve(_person("Mama Karim", "Mama Karim brought the bread"), [karim]).entity_id is None
    # the word's gender against the person's
    rahimi = Candidate("p1", "person", "Karim Rahimi")
    assert resolve(_person("Khanom Rahimi", "Khanom Rahimi wove the rug"), [rahimi]).entity_id is None
    assert resolve(_person("Mbak Karim", "Mbak Karim wove the rug"), [rahimi]).entity_id is None
    # two people the rest of the name fits
    two = [karim, Candidate("p2", "person", "Karim Nasser")]
    assert resolve(_person("Ustaz Karim", "Ustaz Karim wants the ovens cleaned"), two).entity_id is None


def test_on_store_a_word_of_address_and_a_name_the_sentence_gives(mem: Memlane) -> None:
    mem.store("Karim Haddad runs the bakery on Rue Vauban")
    mem.store("Ustaz Karim wants the ovens cleaned before Friday")
    mem.store("Georgi Marinov drives the forklift at the depot")
    mem.store("Gosho, our forklift driver Georgi, was late again")
    people = {e.name: e for e in mem.entities.list(limit=50) if e.type == "person"}
    assert sorted(people) == ["Georgi Marinov", "Karim Haddad"]
    assert len(mem.entities.memories(people["Karim Haddad"].id, limit=10)) == 2
    assert len(mem.entities.memories(people["Georgi Marinov"].id, limit=10)) == 2


def test_a_name_that_fits_one_person_known_twice() -> None:
    # two entities of one person, after a spelling no rule joined without an embedder
    twice = [
        Candidate("p1", "person", "Alasdair MacTaggart"),
        Candidate("p2", "person", "Alasdair McTaggart"),
    ]
    found = resolve(_person("Alasdair", "Alasdair is in Glasgow on Monday"), twice)
    assert (found.entity_id, found.how) == ("p1", "spelt")
    # a query (no text): both, as for namesakes (a recall reads both, a forget deletes neither)
    assert resolve(Mention("Alasdair", "person"), twice).candidates == ("p1", "p2")


def test_two_people_a_name_fits_stay_apart() -> None:
    mention = _person("Stoyan", "Stoyan called about the petals")
    # namesakes: the same name twice
    same = [Candidate("p1", "person", "Stoyan Kolev"), Candidate("p2", "person", "Stoyan Kolev")]
    assert resolve(mention, same).entity_id is None
    # two names, not two spellings of one
    two = [Candidate("p1", "person", "Stoyan Kolev"), Candidate("p2", "person", "Stoyan Petrov")]
    assert resolve(mention, two).entity_id is None
    # a sentence that named one says the name is borne by two
    said = said_of("Stoyan Kolew", "Stoyan Kolew from the growers' union is a different Stoyan Kolev")
    assert said is not None
    apart = [
        Candidate("p1", "person", "Stoyan Kolev"),
        Candidate("p2", "person", "Stoyan Kolew", said=(said,)),
    ]
    assert resolve(mention, apart).entity_id is None


def test_the_other_name_of_a_place_or_an_organisation() -> None:
    for name, context, other in (
        ("Frunze", "Frunze, the Soviet name of Bishkek, is on her passport", "Bishkek"),
        ("Stalino", "Stalino is the old name of Donetsk", "Donetsk"),
        ("Sakartvelo", "Sakartvelo is the Georgian name for Georgia", "Georgia"),
        ("Brum", "Brum, as everyone calls Birmingham, had snow", "Birmingham"),
        ("Havn", "people say Havn when they mean Tórshavn", "Tórshavn"),
        ("Te Kura", "Te Kura, the Correspondence School, sent the books", "Correspondence School"),
    ):
        assert names_said_for(name, context, person=False) == (other,), (name, context)
    for name, context in (
        ("YouTube", "YouTube, the Google subsidiary, changed its terms"),  # the apposition goes on
        ("Hongda", "Hongda, our supplier Lumen, is late"),  # a relation between two organisations
        ("Acme", "Acme, Globex and Initech bid"),  # a list
    ):
        assert names_said_for(name, context, person=False) == (), (name, context)
    # (a place the gazetteer does not know by the other name: it knows Frunze as Bishkek since the
    # twentieth session's exonyms, so that resolves as a "nickname" without the sentence, and "Havn" as
    # Tórshavn since the small towns' other names, twenty-eighth session: a name no table has here)
    torshavn = Candidate("c1", "place", "Tórshavn")
    found = resolve(
        Mention("Havnarvík", "place", context="Havnarvík, the old name of Tórshavn, is on the map"),
        [torshavn],
    )
    assert (found.entity_id, found.how) == ("c1", "named")
    assert resolve(Mention("Havnarvík", "place"), [torshavn]).entity_id is None  # the sentence makes it
    said = "Havnarvík, not the old name of Tórshavn but a village, is on the map"
    assert resolve(Mention("Havnarvík", "place", context=said), [torshavn]).entity_id is None
    # the small towns' table links "Havn" without a sentence, but not against one that denies it
    assert resolve(Mention("Havn", "place"), [torshavn]).entity_id == "c1"
    said = "Havn, not the old name of Tórshavn but a village, is on the map"
    assert resolve(Mention("Havn", "place", context=said), [torshavn]).entity_id is None


def test_more_ways_a_sentence_gives_another_name() -> None:
    # (session 19) a bare "is" between two names, "formerly", "which is", "was renamed", "is now", the
    # form of a name, "asks us to call her", "is known", "calls itself", "introduced himself", "used to
    # be called", "abbreviates", a pronoun called by the name, and the other name before the name
    for name, context, other, person in (
        ("Teodora Ilieva", "Teodora Ilieva is Teddy, she runs the stall", "Teddy", True),
        ("Ivo Petrov", "Ivo Petrov is Coach Petrov", "Coach Petrov", True),
        ("Keti Burns", "Keti Burns, formerly Keti Adams, is back from leave", "Keti Adams", True),
        ("Zuzu", "Zuzu is what Zuzana asks us to call her", "Zuzana", True),
        ("Beppo", "Beppo, as Giuseppe is known, sent the quote", "Giuseppe", True),
        ("Abu Omar", "Abu Omar is how Khaled Nasser introduced himself", "Khaled Nasser", True),
        ("Nando", "Nando is the nickname for Fernando Reis", "Fernando Reis", True),
        ("Anton Mayer", "Anton Mayer is the German form of Antun's name", "Antun", True),
        ("Agnes Holt", "Agnes Holt is my aunt, everyone calls her Nessie", "Nessie", True),
        ("Pixelwerk", "Pixelwerk, formerly Bildhaus Media, sent the files", "Bildhaus Media", False),
        ("Nordbank", "Nordbank was renamed Fjord Bank last year", "Fjord Bank", False),
        ("Lantern", "Lantern is what Beacon Tools used to be called", "Beacon Tools", False),
        ("GLBX", "GLBX, as our finance team abbreviates Globex, paid", "Globex", False),
        ("VTK", "VTK, as Vostok Trading calls itself, sent the order", "Vostok Trading", False),
        ("Old Bridge", "the deed says Old Bridge, which is Novi Most", "Novi Most", False),
        ("Lisa Brandt", "Lisa Meier married and is now Lisa Brandt", "Lisa Meier", True),
        ("Abu Samir", "Tariq Haddad, who signs as Abu Samir, called", "Tariq Haddad", True),
        ("Jojo", "Johanna, whom everyone at the depot calls Jojo, is off", "Johanna", True),
        ("Silk City", "the traders call Margilan the Silk City", "Margilan", False),
        ("Waset", "the guide calls Luxor by its old name Waset", "Luxor", False),
    ):
        assert names_said_for(name, context, person) == (other,), (name, context)
    for name, context, person in (
        ("Ana", "Ana is Bea's sister", True),  # a possessive: a relation
        ("Ana", "Ana is Head of Sales at Acme", True),  # the clause goes on
        ("Globex", "Acme is now Globex's biggest customer", False),  # a possessive after the name
        ("Bob", "Ana called Acme Bob", True),  # two names side by side after "call"
        ("Keti", "Keti, formerly of Acme, joined", True),  # not a name after "formerly"
    ):
        assert names_said_for(name, context, person) == (), (name, context)


def test_a_full_name_the_sentence_says_is_a_known_name() -> None:
    lupita = Candidate("p1", "person", "Lupita")
    said = "Guadalupe Reyes is Lupita, she asked for Sundays off"
    found = resolve(_person("Guadalupe Reyes", said), [lupita])
    assert (found.entity_id, found.how) == ("p1", "named")
    # a relative of the known one is not the known one
    said = "Guadalupe Reyes is Lupita's mother"
    assert resolve(_person("Guadalupe Reyes", said), [lupita]).entity_id is None
    wise = Candidate("c1", "company", "Beacon Tools")
    found = resolve(
        Mention("Lantern", "company", context="Lantern is what Beacon Tools used to be called"), [wise]
    )
    assert (found.entity_id, found.how) == ("c1", "named")


def test_on_store_a_renamed_company_and_a_name_said_before(mem: Memlane) -> None:
    mem.store("Tariq Haddad runs the spice import business in Leeds")
    mem.store("Tariq Haddad, who signs as Abu Samir, sent the new price list")
    mem.store("Bildhaus Media sent the catalogue photos")
    mem.store("Pixelwerk Studios, formerly Bildhaus Media, sent the new files")
    aliases = {e.name: set(e.aliases) for e in mem.entities.list(limit=50)}
    assert sorted(aliases) == ["Bildhaus Media", "Leeds", "Tariq Haddad"], aliases
    assert aliases["Tariq Haddad"] == {"Abu Samir"}
    assert aliases["Bildhaus Media"] == {"Pixelwerk Studios"}
