"""What is written with a person's name and is no part of it (issue 12, req. 2, twentieth round): what
the person is to the writer ("my daughter Njeri"), titles of other languages ("Dre", "Dt.", "Daktari"),
Vietnamese words of address written with their tones ("Cậu Minh"), given names written short ("Ma.",
"Md."), and South Slavic "đ" written "dj". Each with a case it must link and one it must not."""

from __future__ import annotations

from memlane.graph.resolution import Mention, Registry


def _learn(*names: str) -> list[str | None]:
    registry = Registry()
    return [registry.resolve_and_learn(Mention(name, "person"))[1] for name in names]


def test_what_the_person_is_to_the_writer() -> None:
    assert _learn("Njeri", "my daughter Njeri") == ["e1", "e1"]
    assert _learn("Kelvin Chan", "my little brother Kelvin") == ["e1", "e1"]
    # a lower-case name after it is no name: nothing is taken off
    assert _learn("Njeri", "my daughter njeri's teacher")[1] != "e1"


def test_titles_of_other_languages() -> None:
    assert _learn("Dre Geneviève Bélanger", "Genevieve Belanger", "Dre Bélanger") == ["e1", "e1", "e1"]
    assert _learn("Dr. Şebnem Yıldız", "Dt. Yıldız") == ["e1", "e1"]
    assert _learn("Dr. Otieno", "Daktari Otieno") == ["e1", "e1"]
    assert _learn("Giorgos Papadakis", "Grandfather Giorgos") == ["e1", "e1"]
    # a title is no given name: another surname is another person
    assert _learn("Dre Geneviève Bélanger", "Dre Tremblay") == ["e1", "e2"]


def test_vietnamese_words_of_address_with_their_tones() -> None:
    assert _learn("Nguyễn Văn Minh", "Cậu Minh", "uncle Minh") == ["e1", "e1", "e1"]
    # without the tones "Anh" is a name
    assert _learn("Anh Tran", "Anh Le") == ["e1", "e2"]


def test_given_names_written_short() -> None:
    assert _learn("Ma. Theresa dela Cruz", "Maria Theresa De la Cruz") == ["e1", "e1"]
    assert _learn("Md. Rafiqul Islam", "Mohammad Rafiqul Islam", "Muhammad Rafiqul Islam") == ["e1"] * 3
    # without the full stop "Ma" is a Chinese family name, not Maria
    assert _learn("Ma Kam-fong", "Maria Kam-fong") == ["e1", "e2"]


def test_south_slavic_dj() -> None:
    assert _learn("Đorđe Petrović", "Djordje Petrovic") == ["e1", "e1"]
    assert _learn("Đorđe Petrović", "Dorde Petrovic") == ["e1", "e1"]
    assert _learn("Đorđe Petrović", "Djordje Pavlovic") == ["e1", "e2"]
    # Vietnamese "đ" is a "d": "Đức" is not "Djuc"
    assert _learn("Trần Minh Đức", "Tran Minh Djuc") == ["e1", "e2"]
    assert _learn("Trần Minh Đức", "Tran Minh Duc") == ["e1", "e1"]
