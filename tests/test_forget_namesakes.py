"""A topic forget that says which of two namesakes of different kinds it means ("everything about
Saturn the bank", "my niece Brooklyn") deletes no memory of the other (``memlane.forgetting``'s
``_OfKind``, by resolution's rule for namesakes), on both backends; with the embedder, a memory that says
nothing of the kind goes with the memories it reads closest to."""

from __future__ import annotations

from memlane import Memlane


def _store(mem: Memlane, texts: dict[str, str]) -> dict[str, str]:
    return {mem.store(text).id: key for key, text in texts.items()}


def _forget(mem: Memlane, keys: dict[str, str], query: str) -> set[str]:
    preview = mem.forget(query=query, dry_run=True).deleted
    deleted = mem.forget(query=query).deleted
    assert sorted(preview) == sorted(deleted)
    return {keys[i] for i in deleted}


SATURN = {
    "moons": "Saturn has 146 moons",
    "planet": "Saturn is the second largest planet",
    "account": "I opened a savings account at Saturn",
    "card": "My Saturn debit card expires in May",
}


def test_a_topic_forget_that_names_the_kind_spares_the_namesake(mem: Memlane) -> None:
    keys = _store(mem, {**SATURN, "mind": "Saturn is on my mind today"})
    assert _forget(mem, keys, "forget everything about Saturn the bank") == {"account", "card"}
    # "moons" follows its link (the only Saturn there was, said a planet since); "mind", linked to
    # neither (either could be meant), is kept: nothing says it is the planet
    assert _forget(mem, keys, "forget everything about the planet Saturn") == {"planet", "moons"}
    assert {keys[m.id] for m in mem.list_recent(limit=10)} == {"mind"}


def test_a_topic_forget_without_a_kind_deletes_every_namesake(mem: Memlane) -> None:
    keys = _store(mem, SATURN)
    assert _forget(mem, keys, "forget everything about Saturn") == set(SATURN)


def test_a_person_and_a_place_of_one_name(mem: Memlane) -> None:
    keys = _store(
        mem,
        {
            "niece": "Brooklyn is my niece",
            "said": "Brooklyn said she loves horses",
            "borough": "Brooklyn is a borough of New York",
            "moved": "We moved to Brooklyn in 2020",
        },
    )
    assert _forget(mem, keys, "forget everything about my niece Brooklyn") == {"niece", "said"}


def test_the_embedder_settles_a_memory_that_says_nothing_of_the_kind(smem: Memlane) -> None:
    """With an embedder, a memory that does not say which namesake it means goes with the memories it
    reads closest to: linked to neither, "Saturn's rings are made of ice" with "Saturn is the second
    largest planet"; linked by a guess to the planet, "Saturn froze my savings" with the bank's."""
    keys = _store(
        smem, {"froze": "Saturn froze my savings", **SATURN, "rings": "Saturn's rings are made of ice"}
    )
    assert _forget(smem, keys, "forget everything about the planet Saturn") == {"planet", "moons", "rings"}
    assert _forget(smem, keys, "forget everything about Saturn the bank") == {"account", "card", "froze"}
