"""What resolution works out once per set of a candidate's names (``resolution._known_person``: its
readings, genders, generations and fullest given names) follows the names, not the entity: the same
entity with a name learnt since is judged by all its names. Each case gives another answer once the
candidate has learnt the alias; a cache kept per entity (or per first name) would give the old one."""

from __future__ import annotations

from memlane.graph.resolution import Candidate, Mention, resolve


def test_a_fuller_given_name_learnt_later_counts() -> None:
    # "Samantha Lee" fits a person known only as "Sam Lee"; not once "Samuel Lee" is known as that person
    mention = Mention("Samantha Lee", "person")
    assert resolve(mention, [Candidate("e1", "person", "Sam Lee")]).entity_id == "e1"
    learnt = Candidate("e1", "person", "Sam Lee", ("Samuel Lee",))
    assert resolve(mention, [learnt]).entity_id is None


def test_a_generation_learnt_later_counts() -> None:
    # "Tom Baker Jr." is not the plain Tom Baker; it is the Tom Baker known to be "Tom Baker Jr."
    mention = Mention("Tom Baker Jr.", "person")
    assert resolve(mention, [Candidate("e1", "person", "Tom Baker")]).entity_id is None
    learnt = Candidate("e1", "person", "Tom Baker", ("Tom Baker Jr.",))
    assert resolve(mention, [learnt]).entity_id == "e1"


def test_a_gender_learnt_later_counts() -> None:
    # "Mrs. Kowalski" may be the Kowalski known by surname only; not once "Mr. Kowalski" is a name of his
    mention = Mention("Mrs. Kowalski", "person")
    assert resolve(mention, [Candidate("e1", "person", "Kowalski")]).entity_id == "e1"
    learnt = Candidate("e1", "person", "Kowalski", ("Mr. Kowalski",))
    assert resolve(mention, [learnt]).entity_id is None
