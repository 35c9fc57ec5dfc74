"""The paraphrase mode's twentieth-session recall mechanisms: a negation said by a word, read from
WordNet (``consolidation/negations.py``: "is vegetarian" / "doesn't eat meat"), and one time said in
two aspects (``consolidation/aspect.py``: "has been growing" / "has grown", "stopped eating" / "no
longer eats", "started playing in 2015" / "has played since 2015"). Each with the near misses it must
keep apart. The statements are new, none from the labelled sets."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memlane import Memlane
from memlane.consolidation.aspect import aspect
from memlane.consolidation.negations import covered, denied
from memlane.consolidation.paraphrases import confirmed, verdict


def test_what_a_word_denies_comes_from_wordnet() -> None:
    assert {"eats", "meat"} <= denied("vegetarian")  # gloss: "someone who eats no meat or fish…"
    assert "fish" not in denied("vegetarian")  # the first alternative only
    assert "married" in denied("unmarried")  # un- + its antonym
    assert "open" in denied("closed")  # gloss: "not open or affording passage…"
    assert "digest" in denied("intolerant", "lactose")  # the compound lactose_intolerance
    assert "digest" not in denied("intolerant")
    assert denied("lives") == frozenset()  # no adverb "live" ("not recorded") for "lives"
    assert denied("married") == denied("works") == frozenset()
    assert covered("alcohol", denied("teetotal")) and covered("drink", denied("teetotal"))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Wiremu doesn't eat meat", "Wiremu is vegetarian"),
        ("Wiremu never eats meat", "Wiremu is a vegetarian"),
        ("Katja does not drink alcohol", "Katja is teetotal"),
        ("Katja can't digest lactose", "Katja is lactose intolerant"),
        ("Katja cannot tolerate gluten", "Katja is gluten intolerant"),
        ("Wiremu is not married", "Wiremu is unmarried"),
        # the perfect progressive is the perfect; an end said by a verb is "no longer"
        ("Dario has been keeping bees for twelve years", "Dario has kept bees for 12 years"),
        ("Dario stopped drinking coffee", "Dario no longer drinks coffee"),
        ("Dario gave up smoking in 2019", "Dario hasn't smoked since 2019"),
        # a beginning with its time is "has … since"; a time said first is read at the end
        ("Dario started playing the cello in 2015", "Dario has played the cello since 2015"),
        ("Wiremu went vegan in 2022", "Wiremu has been vegan since 2022"),
        ("In June 2023 Dario quit smoking", "Dario gave up smoking in June 2023"),
    ],
)
def test_one_fact_said_by_a_word_or_in_another_aspect(a: str, b: str) -> None:
    assert confirmed(a, b, kinds=True) and confirmed(b, a, kinds=True)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Wiremu doesn't eat fish", "Wiremu is vegetarian"),  # not what the word denies
        ("Wiremu eats meat", "Wiremu is vegetarian"),  # opposites: refused
        ("Wiremu's son doesn't eat meat", "Wiremu is vegetarian"),  # someone else
        ("Wiremu doesn't eat meat on Fridays", "Wiremu is vegetarian"),  # a time the word does not say
        ("Katja can't eat gluten", "Katja is gluten intolerant"),  # eating is not tolerating
        ("Wiremu is married", "Wiremu is unmarried"),
        ("Dario doesn't drink coffee", "Dario stopped drinking coffee"),  # "no longer" is not "not"
        ("Dario stopped drinking coffee in 2019", "Dario stopped drinking coffee in 2020"),
        ("Dario started playing the cello in 2015", "Dario played the cello in 2015"),
        ("Wiremu went vegan in 2022", "Wiremu went vegan in 2021"),
    ],
)
def test_near_misses_stay_apart(a: str, b: str) -> None:
    assert not confirmed(a, b, kinds=True) and not confirmed(b, a, kinds=True)


def test_opposites_said_by_a_word_are_refused() -> None:
    assert verdict("Wiremu eats meat", "Wiremu is vegetarian", kinds=True) == -1
    assert verdict("Wiremu is married", "Wiremu is unmarried", kinds=True) == -1


def test_aspect_writes_one_time_one_way() -> None:
    assert aspect("Dario has been keeping bees for 12 years") == "Dario has kept bees for 12 years"
    assert aspect("Dario stopped drinking coffee") == "Dario no longer drinks coffee"
    assert aspect("Dario quit smoking in 2019.") == "Dario has not smoked since 2019"
    assert aspect("Dario stopped working in the garden") == "Dario no longer works in the garden"
    assert aspect("Dario stopped by the shop") == "Dario stopped by the shop"  # no -ing form after it
    assert aspect("Dario quit his job in 2020") == "Dario quit his job in 2020"
    assert aspect("In 2015, Dario started learning Greek") == "Dario has learned Greek since 2015"
    assert aspect("In May Dario moved to Oslo.") == "In May Dario moved to Oslo."  # no end, no beginning


def test_consolidation_merges_a_negation_said_by_a_word(tmp_path: Path, local_embedder: object) -> None:
    """Through the service, paraphrase mode with the packaged model: "doesn't drink alcohol" /
    "is teetotal" merge though the embedder scores them below the threshold (proposed by the word);
    "is teetotal" / "drinks alcohol" do not."""
    environ = {**os.environ, "MEMLANE_CONSOLIDATE_PARAPHRASES": "1"}
    m = Memlane(tmp_path / "m.db", user="katja", embedder=local_embedder, environ=environ)  # type: ignore[arg-type]
    try:
        ids = [m.store(t, user=u, auto_supersede=False).id for u, t in
               (("katja", "Katja doesn't drink alcohol"), ("katja", "Katja is teetotal"),
                ("wiremu", "Wiremu is teetotal"), ("wiremu", "Wiremu drinks alcohol"))]  # fmt: skip
        report = m.consolidate(dry_run=True)
    finally:
        m.close()
    assert [sorted(c.merged) for c in report.clusters] == [sorted(ids[:2])]
