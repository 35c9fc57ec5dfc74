"""A person named by a user name or handle ("mkeller", "@priyar", "chidi.okafor", "weili88"), resolved as
an e-mail address's local part is (issue 12, session 25: such names were left as new people). Each with
the traps that must stay apart."""

from __future__ import annotations

from memlane import Memlane
from memlane.graph.resolution import Candidate, Registry, blocking_keys, resolve
from mentions import known_person, person


def _one(handle: str, *known: Candidate) -> str | None:
    return resolve(person(handle, f"{handle} pushed a fix for the upload"), list(known)).entity_id


def test_a_handle_that_runs_a_known_persons_names_together() -> None:
    keller = known_person("p1", "Matthias Keller")
    assert _one("mkeller", keller) == "p1"  # initial and surname
    assert _one("@priyar", known_person("p2", "Priya Raman")) == "p2"  # given name and surname's initial
    assert _one("weili88", known_person("p3", "Wei Li")) == "p3"  # given name and surname, digits after
    assert _one("jkask", known_person("p4", "Jaanus Kask")) == "p4"


def test_a_handle_of_words_joined_by_a_dot_or_a_hyphen() -> None:
    assert _one("chidi.okafor", known_person("p1", "Chidi Okafor", "Chidi")) == "p1"
    assert _one("@amara-eze", known_person("p2", "Amara Eze")) == "p2"


def test_a_handle_is_found_by_the_keys_the_person_is_filed_under() -> None:
    # the store looks a mention up by its keys: a handle must share one with the person it names
    for handle, name in [("mkeller", "Matthias Keller"), ("@priyar", "Priya Raman"), ("weili88", "Wei Li")]:
        assert blocking_keys(handle, "person") & blocking_keys(name, "person"), handle


def test_a_handle_two_people_fit_stays_ambiguous() -> None:
    matthias, monika = known_person("p1", "Matthias Keller"), known_person("p2", "Monika Keller")
    assert _one("mkeller", matthias, monika) is None


def test_a_lone_given_name_as_a_handle_needs_more() -> None:
    # "@kwame" may be any Kwame: without an address's domain to back it, no link
    assert _one("@kwame", known_person("p1", "Kwame Mensah")) is None
    # letters that only resemble a name run together
    assert _one("mkellerman", known_person("p2", "Matthias Keller")) is None
    assert _one("@kellerm", known_person("p3", "Monika Kellerman")) is None


def test_in_the_registry_a_handle_joins_the_person_and_a_namesake_stays_apart() -> None:
    registry = Registry()
    first, keller = registry.resolve_and_learn(
        person("Matthias Keller", "Matthias Keller maintains the S3 backend")
    )
    assert first.entity_id is None and keller is not None
    found, _ = registry.resolve_and_learn(person("mkeller", "mkeller pushed a fix for the multipart upload"))
    assert found.entity_id == keller
    # a Keller with another initial is someone else
    other, _ = registry.resolve_and_learn(person("tkeller", "tkeller opened an issue about retries"))
    assert other.entity_id is None


def test_a_name_known_as_written_comes_before_a_handle_that_runs_another_persons_names_together() -> None:
    john = known_person("p1", "John Smith", "jsmith")
    jane = known_person("p2", "Jane Smith", "j-smith")
    assert _one("jsmith", john, jane) == "p1"


def test_on_store_a_handle_as_a_subject_or_an_assignee_joins_the_person(mem: Memlane) -> None:
    mem.store("Matthias Keller maintains the S3 backend")
    mem.store("pushed a fix for the multipart upload", subject="mkeller")
    mem.store("Tobias Brandt reviewed the password extension")
    mem.anchor(
        {"kind": "ticket", "system": "jira", "id": "T-1", "title": "upload", "assignee": {"name": "tbrandt"}}
    )
    people = {e.name: e.aliases for e in mem.entities.list(limit=50) if e.type == "person"}
    assert people == {"Matthias Keller": ("mkeller",), "Tobias Brandt": ("tbrandt",)}, people
