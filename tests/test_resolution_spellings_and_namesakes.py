"""Resolution's general rules of the thirteenth session, each with what it must not do: Turkish and
Azerbaijani letters as English text writes them; airport and city codes; a person's two-letter
initials; a stem with a diminutive ending longer than the name; Indonesian "Pak" / "Bu" before a name;
a city's own name over another city's romanisation."""

from __future__ import annotations

from memlane.graph.resolution import Candidate, Mention, blocking_keys, resolve

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
