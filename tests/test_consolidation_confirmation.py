"""The word rule's confirmation of statements one word apart (``consolidation.confirmation``): a word of
one meaning said another way, a noun for a verb, a framing word join; an attempt, a belief, an
application or a postponement beside the fact, someone else, roles turned round stay apart. New
sentences (none from the labelled sets); the service test on both backends."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memlane import Memlane
from memlane.consolidation.confirmation import frame_added, near_keys, one_apart
from memlane.consolidation.duplicates import near_duplicate_clusters, statement_signature
from memlane.consolidation.service import word_rule
from memlane.consolidation.signature import signature
from memlane.models import Memory, Visibility


def _memory(id: str, content: str, owner: str = "ana") -> Memory:
    now = datetime.now(UTC) + timedelta(seconds=int(id))
    return Memory.model_construct(id=id, content=content, workspace="default", owner=f"user:{owner}",
                                  visibility=Visibility.PERSONAL, space=None, subject=None, related_user=owner,
                                  observed_at=now, created_at=now)  # fmt: skip


def _merged(a: str, b: str, owner: str = "ana") -> bool:
    """Whether the default rule puts two statements of one user in one cluster."""
    return bool(word_rule([_memory("0", a, owner), _memory("1", b, owner)]))


JOINED = [
    ("Lena suffers from asthma", "Lena has asthma"),  # a noun for a verb
    ("Rafa earns 48,000 euros a year", "Rafa makes 48,000 euros per year"),  # a verb of one meaning
    ("Omar plays the violin", "Omar plays violin as a hobby"),  # a framing noun
    ("Noa's knee surgery was in May", "Noa underwent knee surgery in May"),
]

APART = [
    ("Parisa plays the oud", "Parisa is learning to play the oud"),  # an attempt, not the fact
    ("Kemal swims every morning", "Kemal used to swim every morning"),  # a habit past
    ("Ines thinks the roof is leaking", "The roof is leaking"),  # a belief
    ("Zara applied for a Fulbright grant", "Zara has a Fulbright grant"),  # applying is not having
    ("Tomas has a court hearing on 4 May", "Tomas's court hearing on 4 May was postponed"),
    ("Lena has asthma", "Lena's son has asthma"),  # someone else
    ("Goran's neighbour sold his bike", "Goran sold his neighbour's bike"),  # possessors turned round
    ("Lena suffers from asthma", "Lena suffers from eczema"),  # another thing
    ("Rafa earns 48,000 euros a year", "Rafa earns 48,000 pounds a year"),  # another unit
    ("Rafa earns 48,000 euros a year", "Rafa spends 48,000 euros a year"),  # another verb
]


@pytest.mark.parametrize(("a", "b"), JOINED)
def test_statements_one_word_apart_are_confirmed(a: str, b: str) -> None:
    assert not near_duplicate_clusters([_memory("0", a), _memory("1", b)])  # the signature alone: apart
    assert _merged(a, b)


@pytest.mark.parametrize(("a", "b"), APART)
def test_other_facts_one_word_apart_stay_apart(a: str, b: str) -> None:
    assert not _merged(a, b)


def test_never_across_owners_and_clusters_never_chain_across_a_refusal() -> None:
    a, b = JOINED[0]
    assert not word_rule([_memory("0", a, "ana"), _memory("1", b, "bo")])
    # "has asthma" joins "suffers from asthma"; "Lena's son has asthma" joins neither
    clusters = word_rule([_memory("0", a), _memory("1", b), _memory("2", "Lena's son has asthma")])
    assert [sorted(m.id for m in c) for c in clusters] == [["0", "1"]]


def test_near_keys_find_every_pair_one_word_apart() -> None:
    x = statement_signature(_memory("0", "Lena suffers from asthma"))
    y = statement_signature(_memory("1", "Lena has asthma"))
    assert x is not None and y is not None
    assert one_apart(x, y) and near_keys(x) & near_keys(y)
    assert not one_apart(x, x)  # one signature: the word rule's own decision
    z = statement_signature(_memory("2", "Lena's doctor treats her eczema"))
    assert z is not None and not one_apart(x, z)


def test_frame_added_reads_a_verb_governing_a_verb() -> None:
    assert frame_added("Parisa is learning to play the oud", "Parisa plays the oud")
    assert frame_added("Kemal tries to run daily", "Kemal runs daily")
    assert not frame_added("Lucia listens to jazz", "Lucia likes jazz")  # no verb governed
    assert not frame_added("Kemal has to run daily", "Kemal runs daily")  # the modal is tense's
    assert not frame_added("Parisa is learning to play the oud", "Parisa learns to play the oud")


@pytest.fixture
def mem(db_path: Path | str) -> Iterator[Memlane]:
    m = Memlane(db_path, user="ana", embedder="none")
    yield m
    m.close()


def test_consolidate_merges_statements_one_word_apart(mem: Memlane) -> None:
    """The service reads the memories one word apart (not only those of one signature) and merges
    those the rules confirm; a near-miss and another user's copy stay."""
    ids = [mem.store(t, auto_supersede=False).id for t in ("Ana suffers from asthma", "Ana has asthma")]
    miss = mem.store("Ana is learning to play the oud", auto_supersede=False).id
    fact = mem.store("Ana plays the oud", auto_supersede=False).id
    other = mem.store("Ana has asthma", user="bo", auto_supersede=False).id
    dry = mem.consolidate(dry_run=True)
    assert [sorted(c.merged) for c in dry.clusters] == [sorted(ids)]
    report = mem.consolidate()
    assert [sorted(c.merged) for c in report.clusters] == [sorted(ids)]
    merged = report.clusters[0].id
    assert merged is not None
    assert {m.id for m in mem.history(merged)} >= set(ids)
    for kept in (miss, fact):
        assert mem.get(kept).id == kept
    assert mem.get(other, user="bo").id == other


def test_numbers_in_words_and_units_abbreviated_are_read_as_written_out() -> None:
    """ "forty" is 40, "twenty-five" 25, "90 km" is "90 kilometres", "16 ft" "16-foot", "3 kg" "3 kilograms";
    a function word or a letter after a number is no unit, another number another fact."""
    same = [
        ("Ilse has kept bees for thirty-five years", "Ilse has kept bees for 35 years"),
        ("Ilse has kept bees for forty years", "Ilse has kept bees for 40 years"),
        ("Ravi cycles 30 km to work", "Ravi cycles 30 kilometres to work"),
        ("Ravi owns a 16 ft canoe", "Ravi owns a 16-foot canoe"),
        ("The parcel weighs 3 kg", "The parcel weighs 3 kilograms"),
    ]
    for a, b in same:
        assert signature(a) == signature(b), (a, b)
        assert _merged(a, b)
    assert signature("Ilse has kept bees for forty years") != signature(
        "Ilse has kept bees for fourteen years"
    )
    assert signature("Ravi cycles 30 km to work") != signature("Ravi cycles 30 miles to work")
    assert "inch" not in (signature("Ravi was born in 1985 in Oslo") or ())  # "in" is no inch
    assert "kelvin" not in (signature("Ravi runs 5 k every Sunday") or ())
