"""The default word rule reads numbers in words and units abbreviated after a number as written out
(``consolidation.signature``): "forty" is 40, "90 km" is "90 kilometres"; a function word or a letter
after a number is no unit, another number another fact. New sentences (none from the labelled sets)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from memlane.consolidation.duplicates import near_duplicate_clusters
from memlane.consolidation.service import word_rule
from memlane.consolidation.signature import signature
from memlane.models import Memory, Visibility


def _memory(id: str, content: str, owner: str = "ana") -> Memory:
    now = datetime.now(UTC) + timedelta(seconds=int(id))
    return Memory.model_construct(id=id, content=content, workspace="default", owner=f"user:{owner}",
                                  visibility=Visibility.PERSONAL, space=None, subject=None, related_user=owner,
                                  observed_at=now, created_at=now)  # fmt: skip


def _merged(a: str, b: str) -> bool:
    """Whether the default rule puts two statements of one user in one cluster."""
    return bool(near_duplicate_clusters([_memory("0", a), _memory("1", b)]))


def test_numbers_in_words_and_units_abbreviated_are_read_as_written_out() -> None:
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
    assert not _merged("Ilse has kept bees for forty years", "Ilse has kept bees for fourteen years")
    assert signature("Ravi cycles 30 km to work") != signature("Ravi cycles 30 miles to work")
    assert "inch" not in (signature("Ravi was born in 1985 in Oslo") or ())  # "in" is no inch
    assert "kelvin" not in (signature("Ravi runs 5 k every Sunday") or ())


def test_a_word_only_one_statement_says_keeps_them_apart_in_the_default_rule() -> None:
    """The default rule joins statements a word or two apart only when WordNet relates every word one
    says to a word of the other, or one framing word changes nothing (``confirmation``, ``framing``):
    an attempt beside the fact, a verb the other does not say in a light verb's place stay apart."""
    for a, b in [
        ("Lena rents a flat in Leeds", "Lena has a flat in Leeds"),
        ("Parisa is learning to play the setar", "Parisa plays the setar"),
    ]:
        assert not _merged(a, b)
        assert not word_rule([_memory("0", a), _memory("1", b)])
