"""Forget by query keeps what is someone else's or another thing's, and reads a request by the kind of
value it asks for (``memlane.forgetting``, fourteenth session), on both backends: a request of the
speaker's thing keeps what another person has of it; a topic keeps a memory that says its name is also
another's, a part of a full name said with a descriptor nothing else of the name holds, and another
thing of the speaker's at the topic's place; "the name of my dentist" deletes what gives that name."""

from __future__ import annotations

from memlane import Memlane
from memlane.forgetting import read_request
from memlane.forgetting.matching import _of_other_thing, _other_bearer, _words
from memlane.forgetting.parties import said_of_another
from memlane.forgetting.requests import asked_to_forget


def _forget(mem: Memlane, texts: dict[str, str], query: str) -> set[str]:
    keys = {mem.store(text).id: key for key, text in texts.items()}
    preview = mem.forget(query=query, dry_run=True).deleted
    deleted = mem.forget(query=query).deleted
    assert sorted(preview) == sorted(deleted)  # the dry run lists what the run deletes
    return {keys[i] for i in deleted if i in keys}


def test_said_of_another_is_someone_elses_with_the_speaker_nowhere() -> None:
    assert said_of_another("Marek weighs 90 kg", "my weight", people=["Marek"])
    assert said_of_another("Ottilie is allergic to kiwi", "my allergy to kiwi", people=["Ottilie"])
    # no clause the reader finds ("got"): the opening relation and name
    assert said_of_another("My cousin Ola got a speeding fine in May", "my speeding fine", people=["Ola"])
    assert said_of_another("Ignatius got a 3,000 euro bonus", "my bonus", people=["Ignatius"])
    # the speaker's, the request's own word as subject, a name the graph does not know as a person
    assert not said_of_another("I weigh 71 kg", "my weight")
    assert not said_of_another("My weight is 71 kg", "my weight")
    assert not said_of_another("Kiwi makes my lips itch", "my allergy to kiwi", people=["Kiwi"])
    assert not said_of_another("Netflix raised the price", "my Netflix subscription", people=["Netflix"])
    assert not said_of_another("Marek weighs 90 kg", "my weight")


def test_a_request_of_my_thing_keeps_another_persons(mem: Memlane) -> None:
    texts = {
        "mine": "My weight is 71 kg",
        "marek": "Marek lost weight this year",
        "height": "My height is 1.80 m",
    }
    assert _forget(mem, texts, "forget my weight") == {"mine"}


def test_my_thing_is_not_the_thing_of_a_noun_before_it(mem: Memlane) -> None:
    texts = {
        "mine": "My address is 3 Birch Close, York",
        "clinic": "The clinic address is 9 Station Road",
        "sister": "My sister's address is 2 Elm Row",
    }
    assert _forget(mem, texts, "forget my address") == {"mine"}


def test_a_memory_that_says_the_name_is_also_anothers_is_kept(mem: Memlane) -> None:
    texts = {
        "dog": "Pepper is our spaniel",
        "bath": "Pepper needs a bath on Sunday",
        "hamster": "My aunt's hamster is also called Pepper",
    }
    assert _forget(mem, texts, "forget everything about Pepper") == {"dog", "bath"}


def test_a_part_of_a_full_name_with_a_descriptor_of_its_own_is_someone_else() -> None:
    known = frozenset({"ingrid", "solberg", "accountant", "fjell", "account"})
    assert _other_bearer("Ingrid Solberg", "Ingrid from the climbing gym lent me a rope", known)
    assert _other_bearer("Aunt Ingrid", "Ingrid at work is organising the raffle", known)
    assert _other_bearer("Coach Ingrid", "Ingrid my colleague is on leave", known)
    # a descriptor what is said of the whole name holds; no descriptor; the whole name
    assert not _other_bearer("Ingrid Solberg", "Ingrid from Fjell Accounting sent the invoice", known)
    assert not _other_bearer("Ingrid Solberg", "Ingrid prefers calls after 10", known)
    assert not _other_bearer("Ingrid Solberg", "Ingrid Solberg from the climbing gym called", known)


def test_a_topic_of_my_thing_at_a_place_keeps_another_thing_of_mine_there() -> None:
    thing = _words("old flat").stems
    assert _of_other_thing("My favourite bar is in Ghent", frozenset({"i"}), thing)
    assert not _of_other_thing("My old flat in Ghent had a balcony", frozenset({"i"}), thing)
    assert not _of_other_thing("I still owe the Ghent landlord 200 euros", frozenset({"i"}), thing)


def test_a_request_by_the_kind_of_value_it_asks_for(mem: Memlane) -> None:
    request = read_request("forget the name of my dentist")
    assert (request.kind, request.text, request.value) == ("statement", "my dentist", frozenset({"name"}))
    assert read_request("forget the time of Ngozi's flight").value == frozenset({"time"})
    assert read_request("forget the name of my dentist in Leeds").text == "my dentist in Leeds"
    # said in a conversation, the request is read whole (the memory manager's rule has no kinds of value)
    said = asked_to_forget("forget the name of my dentist")
    assert said is not None and said.text == "the name of my dentist"
    texts = {
        "name": "My dentist is Dr. Okafor",
        "floss": "My dentist says I should floss more",
        "checkup": "Dentist check-up on 4 May",
    }
    assert _forget(mem, texts, "forget the name of my dentist") == {"name"}


def test_a_shed_is_a_word_of_the_request(mem: Memlane) -> None:
    # "shed" (and "shell", "hell", "wed") is a stopword as the spelling of "she'd": a noun here
    texts = {
        "shed": "The garden shed leaks when it rains",
        "garden": "The garden is south-facing",
    }
    assert _forget(mem, texts, "forget everything about the garden shed") == {"shed"}
