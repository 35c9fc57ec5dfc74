"""Linking on store finds the writer's relative called by a kinship word alone, as the registry does
(``resolution._by_kin``): the person an earlier memory said is that relative ("Nguyễn Thị Lan is my
mother", then "Mẹ sent a box"), or the one known by another such word ("Abbu", then "Walter Jensen is
my father"). The two names share no other lookup key: a kinship word is filed under its relative's
key (``resolution.KIN_KEY``, a name rule), and a person whose memory says so under that of the relative
it says (``linking.kin_keys``), which re-keying keeps. On SQLite and PostgreSQL.

Each user below is a world of its own (personal memories: entities of their own scope)."""

from __future__ import annotations

from memlane import Memlane
from memlane.graph.linking import kin_keys
from memlane.graph.rekey import rekey
from memlane.graph.resolution import KIN_KEY, Mention, blocking_keys


def _people(mem: Memlane, user: str, memory_id: str) -> set[str]:
    """The names of the entities of ``user`` that ``memory_id`` is linked to."""
    return {
        e.name
        for e in mem.entities.list(limit=100, user=user)
        if memory_id in {m.id for m in mem.entities.memories(e.id, limit=50, user=user)}
    }


def test_kinship_words_and_the_sentences_that_say_a_relative_have_its_key() -> None:
    assert KIN_KEY + "father" in blocking_keys("Abbu", "person")
    assert KIN_KEY + "father" in blocking_keys("Dad")
    assert KIN_KEY + "mother" in blocking_keys("Mẹ", "person")
    assert not any(k.startswith(KIN_KEY) for k in blocking_keys("Walter Jensen", "person"))
    assert kin_keys(Mention("Walter Jensen", context="Walter Jensen is my father")) == {KIN_KEY + "father"}
    assert kin_keys(Mention("Aya-chan", "person", context="Aya-chan, my wife, redid the menu")) == {
        KIN_KEY + "partner"
    }
    # (not what someone else is to someone: "Maria is Dad's home aide"; nor an organisation's name)
    assert not kin_keys(Mention("Maria", context="Maria is Dad's home aide on weekdays"))
    assert not kin_keys(Mention("Acme", "company", context="Acme is my father's firm"))


def test_a_kinship_word_alone_is_the_relative_an_earlier_memory_said(mem: Memlane) -> None:
    mem.store("Nguyễn Thị Lan is my mother", user="ann")
    box = mem.store("Mẹ sent a box of dried mango", user="ann").id
    assert _people(mem, "ann", box) == {"Nguyễn Thị Lan"}
    # said to be another relative: a person of her own
    mem.store("Nguyễn Thị Lan is my sister", user="ben")
    other = mem.store("Mẹ sent a box of dried mango", user="ben").id
    assert _people(mem, "ben", other) == {"Mẹ"}


def test_a_relative_said_by_name_is_the_one_known_by_the_kinship_word(mem: Memlane) -> None:
    mem.store("Abbu finished the gold border for the sari", user="ann")
    father = mem.store("Walter Jensen is my father", user="ann").id
    assert _people(mem, "ann", father) == {"Abbu"}
    # within one batch too
    ben = mem.store_many(
        ["Abbu finished the gold border for the sari", "Walter Jensen is my father"], user="ben"
    )
    assert _people(mem, "ben", ben[1].id) == {"Abbu"}


def test_rekeying_keeps_the_key_a_memory_gave(mem: Memlane) -> None:
    mem.store("Nguyễn Thị Lan is my mother", user="ann")
    report = rekey(mem.service.storage)
    assert report.keys_removed == 0
    box = mem.store("Mẹ sent a box of dried mango", user="ann").id
    assert _people(mem, "ann", box) == {"Nguyễn Thị Lan"}
