"""Words the default rule's confirmation may leave unmatched (``consolidation.framing``): a verb that is
a kind of a verb the other statement says, a verb in a light verb's place, one framing word — and the
near-misses each rule must keep apart (another time, a list item dropped, a verb of change, what the
verb acts on said as a place). New sentences, none from the labelled sets."""

from __future__ import annotations

import pytest

from memlane.consolidation.framing import accounted
from memlane.consolidation.paraphrases import unaccounted, verdict
from word_rule import joined as _merged

JOINED = [
    # a kind of a verb the other says, the same preposition after both
    ("Tereza emigrated from Brno to Canada in 2012", "In 2012 Tereza moved from Brno to Canada"),
    ("Olek landed in Oslo on Monday", "Olek arrived in Oslo on Monday"),
    # a verb in a light verb's place, acting on what it acts on
    ("Mateo has a brace on his left knee", "Mateo wears a brace on his left knee"),
    ("Ilse has migraines", "Ilse suffers from migraines"),
    # one framing word
    ("Sina runs a flower shop in Graz", "Sina has a flower shop in Graz"),
    ("Sina's rent is 700 euros a month", "Sina pays 700 euros rent a month"),
    ("Timo is a tenor in the town choir", "Timo sings tenor in the town choir"),
]

APART = [
    # another preposition after the verbs: another relation to the place
    ("Olek was raised in Tromsø", "Olek moved to Tromsø"),
    # the framing word at another time: an event, not the state
    ("Sina applied for a research grant", "Sina has a research grant"),
    ("Sina is selling her allotment in Graz", "Sina has an allotment in Graz"),
    ("Timo sold his two bikes", "Timo keeps two bikes"),
    # a verb of change said as the clause's verb
    ("Timo's uncle Jonas died in 2019", "Timo's uncle Jonas was ill in 2019"),
    # what the added verb acts on is a place the other works at, a companion, or nothing said
    ("Jovana is a gardener at a garden centre in Niš", "Jovana owns a garden centre in Niš"),
    ("Jovana is a farmer on a farm near Niš", "Jovana owns a farm near Niš"),
    ("Jovana is a potter with her own studio in Niš", "Jovana is a potter who shares a studio in Niš"),
    # an item of a list, a part of a hyphenated word
    ("Timo cycles to work every spring and summer", "Timo cycles to work every spring"),
    ("Timo's mum lives in Turku", "Timo's mother-in-law lives in Turku"),
    # a verb of liking beside the deed
    ("Timo plays the cello", "Timo likes playing the cello"),
    # someone else, as before
    ("Sina runs a flower shop in Graz", "Sina's sister runs a flower shop in Graz"),
]


@pytest.mark.parametrize(("a", "b"), JOINED)
def test_a_word_that_changes_nothing_joins(a: str, b: str) -> None:
    assert verdict(a, b, extra=0) == 0 and any(unaccounted(a, b))  # the rule before: a word left
    assert accounted(a, b)
    assert _merged(a, b)


@pytest.mark.parametrize(("a", "b"), APART)
def test_a_word_that_changes_the_fact_keeps_apart(a: str, b: str) -> None:
    assert not _merged(a, b)
    assert not _merged(b, a)
