"""Guards against deleting what a forget request did not ask for (``memlane.forgetting``): a chain
storing made of two facts, the same fact said of someone else, another bearer of a name, a place as
where someone else lives, a name said only as another thing's owner."""

from __future__ import annotations

from memlane import Memlane
from memlane.forgetting import stated_chains, whole_chains
from memlane.models import Memory


def _forget(mem: Memlane, texts: dict[str, str], query: str) -> set[str]:
    keys = {mem.store(text).id: key for key, text in texts.items()}
    return {keys[i] for i in mem.forget(query=query, dry_run=True).deleted if i in keys}


def test_a_chain_goes_only_when_the_request_states_every_version(mem: Memlane) -> None:
    # storing took a new fact for a new version of another: the request states one version only
    gym = mem.store("I go to the gym three times a week", auto_supersede=False).id
    weight = mem.store("I weigh 82 kg", replaces=gym).id
    assert mem.forget(query="forget that I weigh 82 kg", dry_run=True).deleted == ()
    assert mem.forget(query="forget that I weigh 82 kg").deleted == ()
    assert {m.id for m in mem.history(weight)} == {gym, weight}
    # a chain it states in every version goes whole; by id, a chain goes whole as before
    veg = mem.store("I'm vegetarian", auto_supersede=False).id
    since = mem.store("I have been vegetarian since 2015", replaces=veg).id
    assert set(mem.forget(query="forget that I'm vegetarian", dry_run=True).deleted) == {veg, since}
    assert set(mem.forget(weight).deleted) == {gym, weight}


def test_whole_chains_keeps_a_target_whose_chain_the_request_states_whole() -> None:
    def version(i: str) -> Memory:
        return Memory.model_construct(id=i)

    chains = {"a": [version("a"), version("b")], "b": [version("a"), version("b")], "c": [version("c")]}
    assert whole_chains(["a", "c"], chains) == ["c"]
    assert whole_chains(["a", "b", "c"], chains) == ["a", "b", "c"]


def test_stated_chains_asks_the_statement_rule_of_the_other_versions() -> None:
    """ "forget that …" in a conversation: the memory manager found the current versions; the other
    versions of their chains must state it too (the decision ``whole_chains`` makes for a query)."""

    def version(i: str) -> Memory:
        return Memory.model_construct(id=i)

    chains = {"a": [version("a0"), version("a")], "c": [version("c0"), version("c")], "d": [version("d")]}
    asked: list[list[str]] = []

    def stating(said: str, items: list[Memory]) -> list[str]:
        asked.append(sorted(m.id for m in items))
        return ["a0"]  # (of the other versions, only a0 states it)

    targets = [version("a"), version("c"), version("d")]
    assert stated_chains("x", targets, chains, stating) == ["a", "d"]
    assert asked == [["a0", "c0"]]


def test_the_speakers_statement_is_not_the_same_said_of_someone_else(mem: Memlane) -> None:
    texts = {
        "mine": "Got a speeding ticket in Leeds on 2 June",
        "brother": "My brother got a speeding ticket in Leeds",
    }
    assert _forget(mem, texts, "forget that I got a speeding ticket in Leeds") == {"mine"}


def test_a_statement_with_the_speaker_in_its_subject_needs_the_speaker(mem: Memlane) -> None:
    texts = {
        "ours": "Had a long argument with Priya about the holiday",
        "hers": "Priya had an argument with her landlord",
    }
    assert _forget(mem, texts, "forget that Priya and I had an argument") == {"ours"}


def test_the_speakers_act_is_not_another_persons_act_toward_the_speaker(mem: Memlane) -> None:
    texts = {
        "mine": "I told Kofi about the layoffs before the meeting",
        "his": "Kofi told me about his layoffs",
    }
    assert _forget(mem, texts, "forget that I told Kofi about the layoffs") == {"mine"}
    # a thing as the subject still restates the speaker's statement
    assert _forget(mem, {"rash": "Penicillin gives me a bad rash, I'm allergic"},
                   "forget that I'm allergic to penicillin") == {"rash"}  # fmt: skip


def test_a_relatives_thing_keeps_what_is_said_of_a_third_person(mem: Memlane) -> None:
    texts = {
        "first": "My brother's first chemo session went fine",
        "next": "My brother starts chemo again in May",
        "friend": "My friend Ivo did chemo in 2020",
    }
    assert _forget(mem, texts, "forget everything about my brother's chemo") == {"first", "next"}


def test_a_trip_keeps_the_place_said_as_where_someone_else_lives(mem: Memlane) -> None:
    texts = {
        "flight": "Flight for the Halifax trip leaves on 3 May",
        "hotel": "Hotel for the Halifax trip is the Lord Nelson",
        "cousin": "Halifax is where my cousin lives",
    }
    assert _forget(mem, texts, "forget everything about the Halifax trip") == {"flight", "hotel"}


def test_a_name_with_what_it_is_to_the_speaker_keeps_another_bearer(mem: Memlane) -> None:
    texts = {
        "kids": "My ex-wife Ines has the kids at the weekend",
        "rent": "Ines still owes me half of the rent",
        "other": "Ines Duarte is the new receptionist at work",
    }
    assert _forget(mem, texts, "forget everything about my ex-wife Ines") == {"kids", "rent"}


def test_a_titled_name_keeps_a_memory_that_says_the_name_is_also_anothers(mem: Memlane) -> None:
    texts = {
        "gp": "Dr Okoro is my new GP",
        "visit": "Dr Okoro wants a blood test in June",
        "also": "Okoro is also the name of my daughter's teacher",
    }
    assert _forget(mem, texts, "forget everything about Dr Okoro") == {"gp", "visit"}


def test_a_person_the_statement_names_is_not_a_thing_of_theirs(mem: Memlane) -> None:
    texts = {"love": "I think I'm falling in love with Maren", "cake": "I love Maren's lemon cake"}
    assert _forget(mem, texts, "forget that I'm in love with Maren") == {"love"}


def test_a_thing_of_no_one_named_keeps_a_relations_own(mem: Memlane) -> None:
    texts = {
        "plot": "The allotment rent is £48 a year",
        "mend": "Gary the plumber fixed the allotment tap",  # acts for the speaker
        "aunt": "My aunt has the allotment next to the station",
    }
    assert _forget(mem, texts, "forget everything about the allotment") == {"plot", "mend"}
