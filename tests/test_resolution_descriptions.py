"""Of people a name fits equally, the one its sentence describes as a sentence that named it did
("Gabriel the striker"), or the one of a title's gender where the others' sentences say they are of the
other ("Mr Kapanadze" with "Nino Kapanadze is Giorgi's mother"); each with what it must not do."""

from __future__ import annotations

from memlane import Memlane
from memlane.graph.resolution import Candidate, Mention, resolve
from memlane.graph.said import description, said_gender, said_of


def _known(entity_id: str, name: str, sentence: str, affiliations: tuple[str, ...] = ()) -> Candidate:
    marked = said_of(name, sentence)
    assert marked is not None
    return Candidate(entity_id, "person", name, affiliations=affiliations, said=(marked,))


def _mention(name: str, sentence: str, affiliations: tuple[str, ...] = ()) -> Mention:
    return Mention(name, "person", affiliations=affiliations, context=sentence)


def test_what_a_sentence_says_its_person_is() -> None:
    def words(name: str, sentence: str) -> set[str]:
        marked = said_of(name, sentence)
        assert marked is not None
        return set(description(marked))

    assert words("Gabriel", "Gabriel the striker scored twice against Inter") == {"striker"}
    assert words("Rosita", "Rosita the vet technician says the calves need deworming") == {
        "vet",
        "technician",
    }
    assert words("Janet", "Janet, the policyholder, moved into a rented flat") == {"policyholder"}
    assert words("Anjali", "Anjali from the estate office made the wage sheets") == {"estate", "office"}
    assert words("Sasha", "Sasha who teaches the boys' class needs a pianist") == {"teach", "boy", "class"}
    # no description, a name (an organisation, compared as one), words too common to tell people apart
    assert words("Gabriel", "Gabriel wants a new pair of boots") == set()
    assert words("Pedro", "Pedro from Construtora Horizonte escalated the ticket") == set()
    assert words("Ana", "Ana the other one called") == set()


def test_a_namesake_told_apart_by_the_description() -> None:
    striker = _known("p1", "Gabriel Souza", "Gabriel Souza is a striker, 13, from Canoas")
    physio = _known("p2", "Gabriel Souza", "Gabriel Souza the physio treats the under-15s on Tuesdays")
    assert (
        resolve(_mention("Gabriel", "Gabriel the striker scored twice"), [striker, physio]).entity_id == "p1"
    )
    assert resolve(_mention("Gabriel", "Gabriel, the physio, is away"), [striker, physio]).entity_id == "p2"
    # a description neither was given, or none: which one is not known
    assert (
        resolve(_mention("Gabriel", "Gabriel the goalkeeper saved two"), [striker, physio]).how == "ambiguous"
    )
    assert resolve(_mention("Gabriel", "Gabriel scored twice"), [striker, physio]).how == "ambiguous"
    # "the plant manager" said of one, and of the other as whom he is not ("a different person from the
    # plant manager": ``said.denials``): the one it was said of, not the other
    boss = _known("p3", "Jürgen Weiß", "Jürgen Weiß is the plant manager at Stahlwerk Kern")
    other = _known(
        "p4", "Jörg Weiß", "Jörg Weiß is the shift supervisor, a different person from the plant manager"
    )
    assert (
        resolve(_mention("Herr Weiß", "Herr Weiß, the plant manager, approved it"), [boss, other]).entity_id
        == "p3"
    )


def test_a_description_denied_is_not_the_one() -> None:
    installer = _known("p1", "Yaw Boateng", "Yaw Boateng is an installer on Akosua's crew")
    storekeeper = _known("p2", "Yaw Boakye", "Yaw Boakye is the storekeeper, not the installer")
    found = resolve(_mention("Yaw B.", "Yaw B. the installer is on the Obuasi job"), [installer, storekeeper])
    assert found.entity_id == "p1"
    farmer = _known("p3", "Alun Jenkins", "Alun Jenkins is a dairy farmer client with 300 cows")
    vet = _known("p4", "Alun", "Alun our locum vet starts Monday, not the farmer")
    assert resolve(_mention("Alun", "Alun the farmer paid his invoice"), [farmer, vet]).entity_id == "p3"


def test_the_description_over_a_namesake_at_another_organisation() -> None:
    # the namesake at another organisation is still a person the name fits: the description settles it
    tech = _known("p1", "Rosa Mamani", "Rosa Mamani is the vet technician who vaccinates the herds")
    weaver = _known(
        "p2", "Rosa Mamani", "Rosa Mamani from Pitumarca is a weaver", affiliations=("Pitumarca",)
    )
    said = "Rosita the vet technician says the calves need deworming"
    assert resolve(_mention("Rosita", said, ("Qori Millma",)), [tech, weaver]).entity_id == "p1"
    assert (
        resolve(_mention("Rosita", "Rosita says hello", ("Qori Millma",)), [tech, weaver]).how == "ambiguous"
    )
    # the one described at another organisation is not taken
    said = "Rosita the weaver sent the shawls"
    assert resolve(_mention("Rosita", said, ("Qori Millma",)), [tech, weaver]).entity_id is None


def test_what_a_sentence_says_of_its_persons_gender() -> None:
    def gender(name: str, sentence: str) -> str | None:
        marked = said_of(name, sentence)
        assert marked is not None
        return said_gender(marked)

    assert gender("Nino Kapanadze", "Nino Kapanadze is Giorgi's mother, she is paying for the album") == "f"
    assert gender("Ruwan Wijesinghe", "Ruwan Wijesinghe is Chathu's husband, he works at the bank") == "m"
    assert gender("Aroha Walker", "Aroha Walker is Hemi's daughter") == "f"
    assert gender("Sam Lee", "Sam Lee is my manager") is None
    assert gender("Sam Lee", "Sam Lee is my sister, he said") is None  # (both: neither)
    # the pronoun of another's sentence, where the name is not the subject
    assert gender("Giorgi", "Nino Kapanadze is Giorgi's mother, she is paying for the album") is None


def test_a_title_and_a_surname_of_one_family() -> None:
    groom = _known("p1", "Giorgi Kapanadze", "Giorgi Kapanadze is the groom")
    mother = _known("p2", "Nino Kapanadze", "Nino Kapanadze is Giorgi's mother, she is paying for the album")
    assert (
        resolve(_mention("Mr Kapanadze", "Mr Kapanadze sent the shot list"), [groom, mother]).entity_id
        == "p1"
    )
    assert resolve(_mention("Mrs Kapanadze", "Mrs Kapanadze paid"), [groom, mother]).entity_id == "p2"
    # two men of the family: which one is not known
    father = _known("p3", "Armen Hakobyan", "Armen Hakobyan is my father and the owner")
    cousin = _known("p4", "Davit Hakobyan", "Davit Hakobyan is my cousin, he delivers to restaurants")
    assert (
        resolve(_mention("Mr Hakobyan", "Mr Hakobyan signed the lease"), [father, cousin]).how == "ambiguous"
    )
    # no title: nothing said of a gender decides
    assert resolve(_mention("Kapanadze", "Kapanadze sent the list"), [groom, mother]).how == "ambiguous"


def test_on_store_the_namesake_described(mem: Memlane) -> None:
    mem.store("Gabriel Souza is a striker, 13, from Canoas")
    mem.store("Gabriel Souza the physio, no relation to the kid, treats the under-15s on Tuesdays")
    mem.store("Gabriel the striker scored twice against Inter")
    gabriels = [e for e in mem.entities.list(limit=50) if e.name == "Gabriel Souza"]
    assert len(gabriels) == 2
    texts = {e.id: sorted(m.content for m in mem.entities.memories(e.id, limit=10)) for e in gabriels}
    assert sorted(texts.values()) == [
        ["Gabriel Souza is a striker, 13, from Canoas", "Gabriel the striker scored twice against Inter"],
        ["Gabriel Souza the physio, no relation to the kid, treats the under-15s on Tuesdays"],
    ]


def test_on_store_a_title_of_the_one_gender_left(mem: Memlane) -> None:
    mem.store("Giorgi Kapanadze is the groom for the June wedding")
    mem.store("Nino Kapanadze is Giorgi's mother, she is paying for the album")
    mem.store("Mr Kapanadze sent the shot list")
    giorgi = next(e for e in mem.entities.list(limit=50) if e.name == "Giorgi Kapanadze")
    assert "Mr Kapanadze sent the shot list" in {
        m.content for m in mem.entities.memories(giorgi.id, limit=10)
    }
