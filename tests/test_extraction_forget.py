"""A retraction in a conversation ("forget that …") deletes by the forget rule, the one rule
``forget(query=...)`` applies (``memlane.forgetting.stating``): three in four content words, names as
written, the same subject, owner and negation, linked to the entities it names. The memory manager's old
rule (half of the words in common with the most similar item) deleted another person's fact that shared
a company and a title, another holder's, a negated one, a namesake's.

Every case runs through ``extract`` on a real database (both backends) and fails on the old rule."""

from __future__ import annotations

import pytest

from memlane import Memlane
from memlane.forgetting import asked_to_forget


def user(text: str) -> list[dict[str, str]]:
    return [{"role": "user", "text": text}]


def current(mem: Memlane) -> list[str]:
    return sorted(m.content for m in mem.list_recent())


def test_forget_in_a_conversation_deletes_what_forget_by_query_deletes(mem: Memlane) -> None:
    oscar = mem.store("Oscar is the CFO of Zephyr Corp", auto_supersede=False).id
    again = mem.store("Zephyr Corp's CFO is Oscar", auto_supersede=False).id  # the same fact, restated
    mem.store("Dana works at Zephyr Corp", auto_supersede=False)
    request = "Forget that Oscar is the CFO of Zephyr Corp."
    by_query = mem.forget(query=request, dry_run=True)
    assert sorted(by_query.deleted) == sorted([oscar, again])

    report = mem.extract(user(request))
    assert sorted(d.id for d in report.deleted) == sorted([oscar, again])
    assert all("erased" in d.reason for d in report.deleted)
    assert current(mem) == ["Dana works at Zephyr Corp"]


@pytest.mark.parametrize(
    ("stored", "said"),
    [
        # another person with the same title at the same company
        (["Dana is the CFO of Zephyr Corp", "Oscar is the CTO of Zephyr Corp"], "Forget that Oscar is the CFO of Zephyr Corp."),
        # another holder of the same thing
        (["My wife is allergic to penicillin"], "Forget that I'm allergic to penicillin."),
        (["Tom lives in Paris"], "Forget that I live in Paris."),
        # the negation is another fact
        (["I don't eat meat"], "Forget that I eat meat."),
        # a name as written: Lucas is not Luca
        (["Lucas plays the violin"], "Forget that Luca plays the violin."),
    ],
)  # fmt: skip
def test_forget_in_a_conversation_keeps_what_it_does_not_state(
    mem: Memlane, stored: list[str], said: str
) -> None:
    for content in stored:
        mem.store(content, auto_supersede=False)
    report = mem.extract(user(said))
    assert report.extracted and not report.deleted
    assert any("nothing stored states" in s.reason for s in report.skipped)
    assert current(mem) == sorted(stored)


def test_forget_by_query_reads_the_user_of_an_extracted_memory_as_the_speaker(mem: Memlane) -> None:
    """Extraction stores what the user says of themselves in the third person ("The user lives in
    Paris"); "forget that I live in Paris" is about that memory, not another person's."""
    mine = mem.extract(user("I live in Paris.")).added[0]
    assert mine.content == "The user lives in Paris"
    mem.store("Dana lives in Paris", auto_supersede=False)
    result = mem.forget(query="forget that I live in Paris")
    assert list(result.deleted) == [mine.id]
    assert current(mem) == ["Dana lives in Paris"]


@pytest.mark.parametrize(
    ("stored", "query"),
    [
        ("Oscar is the CTO of Zephyr Corp", "forget that Oscar is the CFO of Zephyr Corp"),
        ("My favourite colour is dark blue", "forget that my favourite colour is dark green"),
    ],
)
def test_forget_by_query_keeps_another_value_of_the_same_thing(mem: Memlane, stored: str, query: str) -> None:
    """Three in four words in common, the same subject and verb, another value: another fact."""
    mem.store(stored)
    assert not mem.forget(query=query).deleted
    assert current(mem) == [stored]


@pytest.mark.parametrize(
    ("stored", "said", "gone"),
    [
        (
            ["Julia is pregnant", "Julia's sister is pregnant"],
            "Can you forget that Julia is pregnant?",
            ["Julia is pregnant"],
        ),
        (
            ["My flight to Lisbon is on Friday", "Rita's flight to Lisbon is on Monday"],
            "Please delete the note about my flight to Lisbon.",
            ["My flight to Lisbon is on Friday"],
        ),
        (
            ["Carlos owes me 50 euros", "I owe Carlos 50 euros"],
            "I'd like you to erase the fact that Carlos owes me 50 euros.",
            ["Carlos owes me 50 euros"],
        ),
        (
            ["The offsite is in Lisbon", "The offsite is in June"],
            "You can forget that I said the offsite is in Lisbon.",
            ["The offsite is in Lisbon"],
        ),
    ],
)
def test_a_request_to_forget_in_any_wording_forget_reads(
    mem: Memlane, stored: list[str], said: str, gone: list[str]
) -> None:
    """The phrasings ``forget(query=...)`` reads (``forgetting.asked_to_forget``) are retractions in a
    conversation too, deleted by the same rule."""
    for content in stored:
        mem.store(content, auto_supersede=False)
    report = mem.extract(user(said))
    assert sorted(d.content for d in report.deleted) == gone
    assert current(mem) == sorted(set(stored) - set(gone))


def test_what_reads_as_a_request_to_forget() -> None:
    """A task ("remove the old tests") or "forget it" (never mind) asks to forget nothing; a verb that
    is also a task's asks to forget only a statement named as one."""
    assert asked_to_forget("Remove the old tests from the repo.") is None
    assert asked_to_forget("Forget it.") is None
    assert asked_to_forget("Delete everything about Peter") is None  # a topic: forget(query=...)'s
    found = asked_to_forget("Remove the fact that Jonas is lactose intolerant")
    assert found is not None and found.text == "Jonas is lactose intolerant"
