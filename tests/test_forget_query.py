"""Forget by query deletes what the request means and nothing else (``memlane.forgetting``), on both
backends: a statement deletes the memories that state it, a topic every memory about its entity."""

from __future__ import annotations

from pathlib import Path

from backends import rows
from memlane import Memlane
from memlane.forgetting import ForgetRequest, read_request


def _store(mem: Memlane, texts: dict[str, str]) -> dict[str, str]:
    """Store each text; id -> key."""
    return {mem.store(text).id: key for key, text in texts.items()}


def _forget(mem: Memlane, keys: dict[str, str], query: str, *, dry_run: bool = False) -> set[str]:
    return {keys[i] for i in mem.forget(query=query, dry_run=dry_run).deleted}


ZEPHYR = {
    "oscar": "Oscar Brandt is the CFO of Zephyr Corp",
    "dana": "Dana Whitfield works at Zephyr Corp",
}


def test_a_statement_spares_other_facts_about_its_entities(mem: Memlane, db_path: Path | str) -> None:
    keys = _store(mem, ZEPHYR)
    assert _forget(mem, keys, "Oscar Brandt is the CFO of Zephyr Corp") == {"oscar"}
    left = {keys[i] for (i,) in rows(db_path, "SELECT id FROM memories")}
    assert left == {"dana"}


def test_a_statement_with_the_default_embedder(smem: Memlane) -> None:
    keys = _store(
        smem,
        {
            **ZEPHYR,
            "pen": "I'm allergic to penicillin",
            "pen2": "I have a penicillin allergy",
            "tom": "Tom is allergic to penicillin",
            "sister": "My sister is allergic to penicillin",
        },
    )
    assert _forget(smem, keys, "Oscar Brandt is the CFO of Zephyr Corp") == {"oscar"}
    assert _forget(smem, keys, "forget that I'm allergic to penicillin") == {"pen", "pen2"}


def test_a_topic_deletes_every_memory_of_its_entity_and_no_similar_name(mem: Memlane) -> None:
    keys = _store(
        mem,
        {
            "land": "Robert Smith is our landlord",
            "boiler": "Bob fixed the boiler on Sunday",
            "rent": "Rob Smith raised the rent to 900 euros",
            "bobby": "Bobby Moore played for West Ham",
            "anna": "Anna Smith teaches piano",
            "dana": "Dana Whitfield works at Zephyr Corp",
            "dan": "Dan Brown likes chess",
        },
    )
    # every memory linked to him, by nickname too; not a namesake's, not another Smith's
    assert _forget(mem, keys, "forget everything about Robert Smith", dry_run=True) == {
        "land",
        "boiler",
        "rent",
    }
    assert _forget(mem, keys, "please delete all you know about Dan Brown") == {"dan"}
    assert _forget(mem, keys, "Forget everything about Robert Smith") == {"land", "boiler", "rent"}
    assert set(keys.values()) - {"land", "boiler", "rent", "dan"} == {
        keys[m.id] for m in mem.list_recent(limit=50)
    }


def test_a_capitalised_verb_is_no_name(mem: Memlane) -> None:
    keys = _store(
        mem,
        {
            "launch": "Project Falcon launches in March",
            "budget": "The budget of Project Falcon is 2 million euros",
            "backups": "Delete old backups every Friday",
            "falcons": "Peregrine falcons nest on the cathedral",
        },
    )
    assert _forget(mem, keys, "Delete everything about Project Falcon", dry_run=True) == {"launch", "budget"}


def test_a_dry_run_lists_what_the_run_deletes(mem: Memlane) -> None:
    cases = {
        "Oscar Brandt is the CFO of Zephyr Corp": {"oscar"},
        "forget everything about Dana": {"dana", "moved"},
        "Zephyr Corp": {"oscar", "dana"},
    }
    for n, (query, expected) in enumerate(cases.items()):
        user = f"user{n}"  # each request on its own memories
        texts = {**ZEPHYR, "moved": "Dana moved to Berlin last year", "cat": "The cat sleeps a lot"}
        keys = {mem.store(text, user=user).id: key for key, text in texts.items()}
        preview = {keys[i] for i in mem.forget(query=query, dry_run=True, user=user).deleted}
        assert len(mem.list_recent(user=user)) == 4, query  # a dry run deletes nothing
        assert preview == expected, query
        assert {keys[i] for i in mem.forget(query=query, user=user).deleted} == preview, query
        assert {keys[m.id] for m in mem.list_recent(user=user)} == set(texts) - preview, query


def test_a_request_is_read_as_a_statement_or_a_topic() -> None:

    cases = {
        "forget that I'm allergic to penicillin": ("statement", "I'm allergic to penicillin"),
        "Please delete the note about my flight to Lisbon.": ("statement", "my flight to Lisbon"),
        "Oscar Brandt is the CFO of Zephyr Corp": ("statement", "Oscar Brandt is the CFO of Zephyr Corp"),
        "forget everything about Dana": ("topic", "Dana"),
        "delete all you know about Project Falcon": ("topic", "Project Falcon"),
        "can you forget about Dana from your memory?": ("topic", "Dana"),
        "remove the notes about Falcon": ("topic", "Falcon"),
    }
    for query, (kind, said) in cases.items():
        request = read_request(query)
        assert (request.kind, request.text) == (kind, said), query


def test_a_topic_keeps_names_as_written_and_possessors_apart(mem: Memlane) -> None:
    keys = _store(
        mem,
        {
            "nephew": "Theo is my nephew",
            "birthday": "Theo turns 9 in July",
            "roosevelt": "Theodore Roosevelt was a US president",
            "sister": "Thea is Theo's sister",
            "marco": "Marco is my running coach",
            "polo": "Marco Polo travelled to China",
            "marcos": "Marcos Silva is the new intern",
            "mine": "My therapist is Dr. Greene",
            "hers": "My sister's therapist moved to Leeds",
        },
    )
    # a memory naming him that the graph linked to his sister only; not a longer name
    assert _forget(mem, keys, "forget everything about Theo", dry_run=True) == {
        "nephew",
        "birthday",
        "sister",
    }
    # "Marco" fits Marco and Marco Polo: only the one who bears the name whole; Marcos is no Marco
    assert _forget(mem, keys, "Forget everything about Marco", dry_run=True) == {"marco"}
    # a topic that is no entity: its words, and not someone else's therapist
    assert _forget(mem, keys, "forget everything about my therapist", dry_run=True) == {"mine"}


def test_a_statement_said_in_other_framings(mem: Memlane) -> None:
    keys = _store(
        mem,
        {
            "cello": "I play the cello in a community orchestra",
            "piano": "My daughter plays the piano",
            "green": "My favourite colour is green",
            "blue": "My wife's favourite colour is blue",
            "fence": "The garden fence is painted green",
        },
    )
    assert _forget(mem, keys, "You can forget that I play the cello", dry_run=True) == {"cello"}
    assert _forget(mem, keys, "don't remember that my favourite colour is green anymore", dry_run=True) == {
        "green"
    }


def test_a_thing_of_another_owner_is_another_fact(mem: Memlane) -> None:
    keys = _store(
        mem,
        {
            "dana": "Dana's birthday is on March 3",
            "party": "Dana went to Oscar's birthday party",
            "phone": "Oscar's phone number is 555-0142",
            "wife": "Oscar's wife's phone number is 555-0143",
            "ben": "Ben is my manager",
            "clara": "Ben's manager is Clara",
            "falcon": "Project Falcon launches in March",
            "lead": "Project Falcon's lead is Ravi",
            "osprey": "Project Osprey launches in April",
        },
    )
    assert _forget(mem, keys, "Delete the note about Dana's birthday", dry_run=True) == {"dana"}
    assert _forget(mem, keys, "forget Oscar's phone number", dry_run=True) == {"phone"}
    assert _forget(mem, keys, "forget that Ben is my manager", dry_run=True) == {"ben"}
    assert _forget(mem, keys, "forget everything I told you about Project Falcon", dry_run=True) == {
        "falcon",
        "lead",
    }


def test_a_common_word_that_partly_matches_a_name_names_no_entity(mem: Memlane) -> None:
    keys = _store(
        mem,
        {
            "jonas": "Jonas is lactose intolerant",
            "daughter": "Jonas's daughter is lactose intolerant too",
            "pizza": "Jonas loves cheese pizza anyway",
            "milk": "Lactose-free milk is on the top shelf",
        },
    )
    # "lactose" resolves to the entity "Lactose-free" the last memory made: no memory must be linked to it
    assert _forget(mem, keys, "remove the fact that Jonas is lactose intolerant", dry_run=True) == {"jonas"}


def test_a_topic_named_in_a_descriptor_follows_the_name(mem: Memlane) -> None:
    keys = _store(
        mem,
        {
            "cat": "My cat Pimento is four years old",
            "vacuum": "Pimento hates the vacuum cleaner",
            "vet": "Pimento's vet is Dr. Patel",
            "paste": "I bought white pimento paste",
            "clinic": "Dr. Patel's clinic closes at 6pm",
        },
    )
    assert _forget(mem, keys, "delete everything about my cat Pimento", dry_run=True) == {
        "cat",
        "vacuum",
        "vet",
    }
    keys2 = _store(
        mem,
        {
            "late": "Tarrant pays its invoices 60 days late",
            "buyer": "Tarrant's buyer is Jonas Berg",
            "renew": "The Tarrant account is up for renewal in May",
            "mr": "Mr. Tarrant from the tennis club called",
            "jonas": "Jonas Berg likes sailing",
        },
    )
    assert _forget(mem, keys2, "forget everything about the Tarrant account") == {"late", "buyer", "renew"}


def test_a_thing_named_after_a_name_is_not_another_party_there(mem: Memlane) -> None:
    # "the Lisbon trip": a memory naming Lisbon only as where someone else or something else is, with
    # no word of the trip, is about the city, not the trip; one whose subject holds the name, or the
    # speaker's own doing, stays the trip's
    keys = _store(
        mem,
        {
            "dates": "The Lisbon trip is in early May",
            "hotel": "Hotel in Lisbon is the Memmo Alfama",
            "flights": "We booked flights to Lisbon for 3 May",
            "cousin": "My cousin Rui lives in Lisbon",
            "office": "Our sales office is in Lisbon",
            "porto": "The Porto trip was in March",
        },
    )
    assert _forget(mem, keys, "forget everything about the Lisbon trip") == {"dates", "hotel", "flights"}


def test_a_thing_of_a_named_person_is_not_everything_about_them(mem: Memlane) -> None:
    keys = _store(
        mem,
        {
            "twins": "Zoe is pregnant with twins",
            "scan": "Zoe's pregnancy scan is on Monday",
            "library": "Zoe works at the library",
            "sister": "Zoe's sister is pregnant too",
        },
    )
    assert _forget(mem, keys, "forget everything about Zoe's pregnancy") == {"twins", "scan"}


def test_a_person_named_by_kinship_is_the_one_a_memory_names(mem: Memlane) -> None:
    keys = _store(
        mem,
        {
            "osaka": "My brother Kenji lives in Osaka",
            "architect": "Kenji is an architect",
            "wife": "Kenji's wife is called Aiko",
            "inlaw": "My brother-in-law Taro plays golf",
            "hot": "Osaka is hot in August",
            "grandma": "Grandma Zofia makes pierogi every Sunday",
            "grandpa": "My grandfather Jan was a miner",
        },
    )
    assert _forget(mem, keys, "remove everything about my brother", dry_run=True) == {
        "osaka",
        "architect",
        "wife",
    }
    assert _forget(mem, keys, "User requests deletion of all memories about their brother") == {
        "osaka",
        "architect",
        "wife",
    }
    assert _forget(mem, keys, "forget everything about my grandmother") == {"grandma"}


def test_a_given_name_alone_is_the_full_named_topic_when_no_other_fits(mem: Memlane) -> None:
    keys = _store(
        mem,
        {
            "friday": "HR partner Hannah is off on Fridays",
            "new": "Hannah Schulz is my HR partner",
            "bakery": "Schulz Bakery sells rye bread",
            "hanna": "Hanna Berg fixed the printer",
        },
    )
    assert _forget(mem, keys, "forget everything about Hannah Schulz") == {"new", "friday"}


def test_topic_requests_in_other_phrasings() -> None:
    assert read_request("forget the stuff about Orla") == ForgetRequest("topic", "Orla")
    assert read_request("delete evrything on Bristow") == ForgetRequest("topic", "Bristow")
    assert read_request("forget everything re: Dunmore") == ForgetRequest("topic", "Dunmore")
    assert read_request("we decided against Quillon, so forget everything about it") == ForgetRequest(
        "topic", "Quillon"
    )
    assert read_request("User requests deletion of all memories about their sister") == ForgetRequest(
        "topic", "my sister"
    )
    # a statement's own words are never mended as typos
    assert read_request("forget that the file was deleted") == ForgetRequest(
        "statement", "the file was deleted"
    )


def test_a_thing_of_a_named_person_said_without_its_word_with_the_embedder(smem: Memlane) -> None:
    keys = _store(
        smem,
        {
            "owe": "I owe Karim 500 euros",
            "lent": "Karim lent me money for the deposit",
            "bank": "My debt to the bank is 12k euros",
            "oud": "Karim plays the oud",
        },
    )
    assert _forget(smem, keys, "forget everything about my debt to Karim", dry_run=True) == {"owe", "lent"}
    assert _forget(smem, keys, "forget everything about my debt to Karim") == {"owe", "lent"}
    keys = _store(
        smem,
        {
            "divorcing": "Amira is divorcing her husband",
            "lawyer": "Amira's divorce lawyer is Ms. Kaya",
            "chemistry": "Amira teaches chemistry",
            "parents": "Amira's parents divorced in 1999",
        },
    )
    assert _forget(smem, keys, "forget everything about Amira's divorce") == {"divorcing", "lawyer"}


def test_a_statement_lacking_a_word_that_names_its_thing_is_another_fact(mem: Memlane) -> None:
    # three in four words are enough, but not when the word lacking names what the statement is of
    # (its subject, a name, a number, the object noun); a verb or a describing word may be reworded
    keys = _store(
        mem,
        {
            "heater": "The heater in room 4 is leaking",
            "dripping": "The heater in room 4 has been dripping since Sunday",
            "window": "Room 4 has a leaking window",
            "ip": "The build server IP is 10.2.3.45",
            "other_ip": "The test server IP is 10.2.3.54",
            "wiki": "The team wiki space is ops-core",
            "other_wiki": "The company wiki space is ops-all",
            "ferris": "Our Ferris contract is up for renewal in Q2",
            "other": "The Dalton contract renews in Q2 too",
        },
    )
    assert _forget(mem, keys, "forget that the heater in room 4 is leaking", dry_run=True) == {
        "heater",
        "dripping",
    }
    assert _forget(mem, keys, "forget that the heater in room 4 is leaking") == {"heater", "dripping"}
    assert _forget(mem, keys, "forget that the server IP is 10.2.3.45") == {"ip"}
    assert _forget(mem, keys, "forget that the wiki space is ops-core") == {"wiki"}
    assert _forget(mem, keys, "forget that the Ferris contract is up for renewal in Q2") == {"ferris"}
    assert {keys[m.id] for m in mem.list_recent(limit=50)} == {"window", "other_ip", "other_wiki", "other"}


def test_a_statement_of_the_speaker_or_of_an_owners_thing_is_not_another_party_s(mem: Memlane) -> None:
    keys = _store(
        mem,
        {
            "parked": "Parked on level 5, row C",
            "staff": "The staff car park level 5 is closed on Sundays",
            "priya": "Priya is lactose intolerant",
            "daughter": "Priya's daughter is lactose intolerant too",
            "hip": "My hip surgery is on 3 May",
            "mother": "My mother had hip surgery last year",
            "user": "User is allergic to shellfish",
            "aunt": "My aunt lives in Leith",
            "aunts": "My aunt's flat has a view of the docks",
            "ilves": "Dr. Ilves's clinic is on Elm Street",
        },
    )
    # "I parked": a note with no subject is the speaker's; the staff car park's is not
    assert _forget(mem, keys, "forget that I parked on level 5") == {"parked"}
    # a phrase of an owner's thing: not another thing of the owner's said alike
    assert _forget(mem, keys, "delete my note about Priya's lactose intolerance") == {"priya"}
    assert _forget(mem, keys, "forget the thing about my hip surgery") == {"hip"}
    # an extracted memory's "User" is the speaker too
    assert _forget(mem, keys, "forget that I'm allergic to shellfish") == {"user"}
    # a thing of what a topic names is about it
    assert _forget(mem, keys, "forget everything about my aunt") == {"aunt", "aunts"}
    assert _forget(mem, keys, "forget everything about Dr. Ilves") == {"ilves"}
    assert {keys[m.id] for m in mem.list_recent(limit=50)} == {"staff", "daughter", "mother"}


def test_a_request_said_after_its_statement_or_with_a_typo_in_its_verb() -> None:
    cases = {
        "Mina is Korean - don't keep that": ("statement", "Mina is Korean"),
        "Sunil prefers aisle seats. Forget it.": ("statement", "Sunil prefers aisle seats"),
        "the thing about Rhea going part-time from April — forget it": (
            "statement",
            "Rhea going part-time from April",
        ),
        "I'd like to remove the memory that Ilse is my therapist": ("statement", "Ilse is my therapist"),
        "forget that i told you about my DUI": ("statement", "my DUI"),
        "frget that kenji prefers email": ("statement", "kenji prefers email"),
        "Forgett that jakub is colourblind": ("statement", "jakub is colourblind"),
        # one thing is a statement, things a topic; a word of the language is no typo of the verb
        "forget the thing about my knee surgery": ("statement", "my knee surgery"),
        "forget the things about Dana": ("topic", "Dana"),
        "deleted scenes are fun": ("statement", "deleted scenes are fun"),
    }
    for query, (kind, said) in cases.items():
        request = read_request(query)
        assert (request.kind, request.text) == (kind, said), query


def test_his_or_her_thing_is_not_the_speaker_s(mem: Memlane) -> None:
    keys = _store(
        mem,
        {
            "pension": "I pay 200 a month into my pension",
            "wife": "My wife does her own pension paperwork",
            "hand": "Kenji writes with his left hand",
        },
    )
    assert _forget(mem, keys, "forget everything about my pension") == {"pension"}
    # a request that names no owner of the thing keeps reading "his" as the subject's
    assert _forget(mem, keys, "forget that Kenji is left-handed") == {"hand"}


def test_a_name_after_a_relating_word_and_a_determiner_is_weighed_as_the_things(smem: Memlane) -> None:
    # "my evening job at the Crown" relates the name as "my job at Quarrymoor" does: the memories of
    # the name that speak of the job, not "The Crown does a pub quiz on Thursdays"
    keys = _store(
        smem,
        {
            "shifts": "I work evening shifts behind the bar at the Crown",
            "quiz": "The Crown does a pub quiz on Thursdays",
            "main": "My main job is at the library",
        },
    )
    assert _forget(smem, keys, "forget everything about my evening job at the Crown", dry_run=True) == {
        "shifts"
    }


def test_a_memory_saying_what_the_name_is_is_not_the_names_thing(mem: Memlane) -> None:
    # "the Orbit rollout": not "Orbit is our booking system" (what the name is, no word of the rollout)
    keys = _store(
        mem,
        {
            "start": "The Orbit rollout starts on 3 May",
            "lead": "Orbit rollout lead is Hana",
            "what": "Orbit is our booking system",
            "other": "The payroll rollout is next year",
        },
    )
    assert _forget(mem, keys, "forget everything about the Orbit rollout", dry_run=True) == {"start", "lead"}
