"""Resolution's general rules of the thirteenth session, each with what it must not do: Turkish and
Azerbaijani letters as English text writes them; airport and city codes; a person's two-letter
initials; a stem with a diminutive ending longer than the name; Indonesian "Pak" / "Bu" before a name;
a city's own name over another city's romanisation; what a sentence says of a namesake (a generation,
"a namesake", "unrelated", "not our X", "a totally different"), also against a near spelling; places
that sentences put in different countries; an organisation's national company."""

from __future__ import annotations

from memlane import Memlane
from memlane.graph.resolution import Candidate, Mention, blocking_keys, resolve
from mentions import said as _said

# -- spellings ---------------------------------------------------------------------------------------


def test_azerbaijani_and_turkish_letters_as_english_writes_them() -> None:
    rashad = Candidate("p1", "person", "Rəşad Məmmədov")
    assert resolve(Mention("Rashad Mammadov", "person"), [rashad]).entity_id == "p1"
    assert blocking_keys("Rashad Mammadov", "person") & blocking_keys("Rəşad Məmmədov", "person")
    nijat = Candidate("p2", "person", "Nijat Hasanov")
    assert resolve(Mention("Nicat Həsənov", "person"), [nijat]).entity_id == "p2"
    assert resolve(Mention("Günay Əliyeva", "person"), [Candidate("p3", "person", "Gunay Aliyeva")]).matched
    assert resolve(Mention("Shahin Celik", "person"), [Candidate("p4", "person", "Şahin Çelik")]).matched
    # (another given name of the same surname is another person)
    assert resolve(Mention("Rasim Mammadov", "person"), [rashad]).entity_id is None


def test_a_diminutive_longer_than_the_name() -> None:
    bozena = Candidate("p1", "person", "dr Bożena Michalak")
    assert resolve(Mention("Bożenka", "person"), [bozena]).entity_id == "p1"
    assert resolve(Mention("Bożenka", "person"), [Candidate("p2", "person", "Bogdan Michalak")]).how == "new"


def test_indonesian_pak_and_bu_before_a_name() -> None:
    joko = Candidate("p1", "person", "Joko Purnomo")
    assert resolve(Mention("Pak Joko", "person"), [joko]).entity_id == "p1"
    sri = Candidate("p2", "person", "Sri Wahyuni")
    assert resolve(Mention("Bu Sri", "person"), [sri]).entity_id == "p2"
    assert blocking_keys("Bu Sri Wahyuni", "person") & blocking_keys("Ibu Sri", "person")
    # the gender each states; and "Pak" before a hyphenated given name is the Korean family name
    assert resolve(Mention("Bu Joko", "person"), [joko]).entity_id is None
    assert (
        resolve(Mention("Pak Se-ri", "person"), [Candidate("p3", "person", "Park Se-ri")]).entity_id == "p3"
    )


# -- airport codes and places ------------------------------------------------------------------------


def test_an_airport_code_is_its_city_or_airport() -> None:
    munich = Candidate("l1", "place", "Munich")
    assert resolve(Mention("MUC", "place"), [munich]).entity_id == "l1"
    assert blocking_keys("MUC", "place") & blocking_keys("Munich", "place")
    changi = Candidate("l2", "place", "Singapore Changi Airport")
    assert resolve(Mention("SIN", "place"), [changi]).entity_id == "l2"
    airport = Candidate("l3", "place", "Munich Airport")
    assert resolve(Mention("Flughafen München", "place"), [airport]).entity_id == "l3"
    assert blocking_keys("Flughafen München", "place") & blocking_keys("Munich Airport", "place")
    # a city and its airport are two places; a code of both is ambiguous
    assert resolve(Mention("Munich Airport", "place"), [munich]).how == "new"
    assert resolve(Mention("MUC", "place"), [munich, airport]).how == "ambiguous"
    # not a code of another city, nor three capitals of another kind ("DOH", a department of health)
    assert resolve(Mention("SIN", "place"), [munich]).how == "new"
    assert resolve(Mention("DOH", "other"), [Candidate("l4", "place", "Doha")]).how == "new"


def test_a_citys_own_name_over_another_citys_romanisation() -> None:
    assert resolve(Mention("Oporto", "place"), [Candidate("l1", "place", "Porto")]).entity_id == "l1"


def test_places_said_to_be_in_different_countries_are_two() -> None:
    paris = Candidate("l1", "place", "Paris", said=_said("Paris", "the shop in Paris, France"))
    texas = Mention("Paris", "place", context="Paris, Texas, where an American importer is based")
    assert resolve(texas, [paris]).how == "new"
    again = Mention("Paris", "place", context="Paris, France is where the fair is")
    assert resolve(again, [paris]).entity_id == "l1"
    assert resolve(Mention("Paris", "place", context="I moved to Paris in May"), [paris]).entity_id == "l1"
    lebanon = Candidate("l2", "place", "Tripoli", said=_said("Tripoli", "Tripoli in Lebanon is home"))
    libya = Mention("Tripoli", "place", context="Tripoli in Libya is where my uncle worked")
    assert resolve(libya, [lebanon]).how == "new"
    lagos = Candidate("l3", "place", "Lagos", said=_said("Lagos", "the retreat is in Lagos, Portugal"))
    assert resolve(Mention("Lagos, Nigeria", "place"), [lagos]).how == "new"


# -- initials ----------------------------------------------------------------------------------------


def test_two_initials_of_a_person() -> None:
    assert resolve(Mention("SK", "person"), [Candidate("p1", "person", "Sarah Kim")]).entity_id == "p1"
    joao = Candidate("p2", "person", "João Pedro Oliveira")
    assert resolve(Mention("JP", "person"), [joao]).entity_id == "p2"
    assert blocking_keys("JP", "person") & blocking_keys("João Pedro Oliveira", "person")
    assert resolve(Mention("JP", "person"), [Candidate("p3", "person", "João Oliveira")]).how == "new"
    # two who fit: Juan Pablo Restrepo Gómez and a Juan Pablo Restrepo
    two = [
        Candidate("p4", "person", "Juan Pablo Restrepo Gómez"),
        Candidate("p5", "person", "Juan Pablo Restrepo"),
    ]
    assert resolve(Mention("JP", "person"), two).how == "ambiguous"
    assert resolve(Mention("jp", "person"), [joao]).how == "new"  # written as initials only


# -- what a sentence says of a namesake --------------------------------------------------------------


def _known(name: str, sentence: str, kind: str = "person") -> Candidate:
    return Candidate("k1", kind, name, said=_said(name, sentence))


def test_a_sentence_that_says_the_name_is_a_namesake() -> None:
    jiri = _known("Jiří Procházka", "Jiří Procházka is the owner")
    father = Mention("Jiří Procházka", "person", context="Jiří Procházka senior, his father, founded the pub")
    assert resolve(father, [jiri]).how == "new"
    tariq = _known("Tariq Mahmood", "Tariq Mahmood is our treasurer")
    other = Mention(
        "Tariq Mahmood", "person", context="Tariq Mahmood the taxi driver, a namesake, volunteers"
    )
    assert resolve(other, [tariq]).how == "new"
    mikko = _known("Mikko Tiihonen", "Mikko Tiihonen is our forestry adviser")
    son = Mention("Mikko Tiihonen", "person", context="Mikko Tiihonen the younger is the adviser's son")
    assert resolve(son, [mikko]).how == "new"
    # the same name said plainly is the one known
    plain = Mention("Jiří Procházka", "person", context="Jiří Procházka approved the recipe")
    assert resolve(plain, [jiri]).entity_id == "k1"


def test_unrelated_not_ours_and_a_totally_different_one() -> None:
    kinova = _known("Kinova", "Kinova accepted our offer", "company")
    robots = Mention("Kinova", "company", context="Kinova the Canadian robotics company is unrelated")
    assert resolve(robots, [kinova]).how == "new"
    columbus = _known("Columbus", "Columbus is where we meet", "place")
    indiana = Mention("Columbus", "place", context="Columbus in Indiana is where they live, not our Columbus")
    assert resolve(indiana, [columbus]).how == "new"
    woolworths = _known("Woolworths", "Woolworths does the dog biscuits", "company")
    group = Mention(
        "Woolworths Group", "company", context="Woolworths Group in Australia is a totally different company"
    )
    assert resolve(group, [woolworths]).how == "new"
    # the other one, said to be another when first named, is found again by its name
    said = _said("Woolworths Group", "Woolworths Group in Australia is a different company")
    other = Candidate("k2", "company", "Woolworths Group", said=said)
    again = Mention("Woolworths Group", "company", context="Woolworths Group is a different company, again")
    assert resolve(again, [woolworths, other]).entity_id == "k2"
    # a near spelling is held to it too (the fuzzy step)
    kingston = _known("Kingston", "Kingston is where my family is from", "place")
    ontario = Mention("Kingstown", "place", context="Kingstown, not our Kingston, is in another country")
    assert resolve(ontario, [kingston]).how == "new"


def test_on_store_a_namesake_said_so_is_an_entity_of_its_own(mem: Memlane) -> None:
    mem.store("Tariq Mahmood is the treasurer of our committee")
    mem.store("Tariq Mahmood the taxi driver, a namesake, volunteers at the food bank")
    mem.store("Tariq Mahmood sent the accounts to the committee")
    linked = sorted(len(e.id) and e.name for e in mem.entities.list(limit=50) if e.name == "Tariq Mahmood")
    assert len(linked) == 2


# -- an organisation's national company -----------------------------------------------------------


def test_a_national_company_is_not_its_group() -> None:
    arla = Candidate("c1", "company", "Arla Foods")
    assert resolve(Mention("Arla Foods UK", "company"), [arla]).how == "new"
    assert (
        resolve(
            Mention("Fengyuan Foods (UK) Ltd", "company"), [Candidate("c2", "company", "Fengyuan Foods")]
        ).how
        == "new"
    )
    assert (
        resolve(
            Mention("Sequoia Capital India", "company"), [Candidate("c3", "company", "Sequoia Capital")]
        ).how
        == "new"
    )
    # the same country named both ways, or inside a word, is the same company
    mobile = Candidate("c4", "company", "T-Mobile US")
    assert resolve(Mention("T-Mobile USA, Inc.", "company"), [mobile]).entity_id == "c4"
    qatar = Candidate("c5", "company", "QatarBuild")
    assert resolve(Mention("Qatar Build W.L.L.", "company"), [qatar]).entity_id == "c5"
    assert resolve(Mention("Arla Foods", "company"), [arla]).entity_id == "c1"


def test_on_store_places_said_to_be_in_different_countries_are_two(mem: Memlane) -> None:
    mem.store("Tripoli in Lebanon is where my grandmother's family is from")
    mem.store("Tripoli in Libya is where my uncle worked in the eighties")
    mem.store("Tripoli in Lebanon has the best sweets, says my grandmother")
    tripolis = [e for e in mem.entities.list(limit=50) if e.name == "Tripoli"]
    assert len(tripolis) == 2
    assert sorted(len(mem.entities.memories(e.id, limit=10)) for e in tripolis) == [1, 2]
