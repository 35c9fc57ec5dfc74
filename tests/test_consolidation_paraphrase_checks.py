"""The paraphrase mode's guards apply the word rule's second check across other words
(``duplicates.statement_apart``), one number in one unit, and the shared degree-of-liking guard
(docs/consolidation.md, "Paraphrases with other words", rule 9). The statements are new, none from the
labelled sets."""

from __future__ import annotations

import pytest

from memlane.consolidation.paraphrases import guarded, verdict
from memlane.consolidation.same_statement import statement_apart

REFUSED = [
    ("The Orion portal goes live on 4 May", "The Orion portal went live on 4 May"),  # tense of one verb
    ("Ravi is the finance lead", "Ravi was the head of finance"),  # "is" / "was"
    ("Lotte has a budget of 3 million dollars", "Lotte has a budget of 3 million euros"),  # units
    ("The trail is 12 km long", "The trail is 12 miles long"),
    ("The main concern for Orion is latency", "A minor concern for Orion is latency"),  # opposites
    ("The insurance renews on 2 June", "The insurance expires on 2 June"),
    ("Ravi beat Ola at tennis", "Ola beat Ravi at tennis"),  # one signature: the whole second check
    ("Mila might adopt a cat", "Mila adopts a cat"),  # stance
    ("Is the gym open on Monday?", "The gym is open on Monday"),  # a question
    ("Kai is as tall as Ben", "Kai is taller than Ben"),  # alike is not more
    ("Nico is a child dentist", "Nico is a dentist with children"),  # a compound's noun moved
    ("Leo loves opera", "Leo enjoys opera"),  # another degree of liking
    ("Leo prefers opera", "Leo is fond of opera"),
]
KEPT = [
    ("Femke was born in Utrecht", "Utrecht is Femke's birthplace"),  # a passive's "was": the event
    ("Sofia is learning Korean", "Sofia has been studying Korean"),  # "has been" + -ing is under way
    ("The Pro plan costs 49 dollars a month", "The monthly price of the Pro plan is $49"),
    ("Tomás walks to work when it isn't raining", "Unless it rains, Tomás walks to work"),
    ("Ivo prefers tea to coffee", "Ivo would rather drink tea than coffee"),  # "would rather": no "would"
    ("Kira is up at 7 am on weekdays", "On weekdays Kira wakes at 7 am"),  # "am" is a time, no verb
]


@pytest.mark.parametrize(("a", "b"), REFUSED)
def test_the_guards_refuse_another_fact(a: str, b: str) -> None:
    assert not guarded(a, b) and not guarded(b, a)


@pytest.mark.parametrize(("a", "b"), KEPT)
def test_the_second_check_leaves_rewordings_to_the_other_rules(a: str, b: str) -> None:
    assert not statement_apart(a, b) and not statement_apart(b, a)


def test_a_comparative_liking_is_a_preference() -> None:
    from memlane.consolidation.paraphrases import verdict

    prefers = "Timo prefers rye bread over white bread"
    assert verdict(prefers, "Timo likes rye bread more than white bread") == 1
    assert verdict(prefers, "Timo likes white bread more than rye bread") == -1  # turned round
    assert verdict(prefers, "Timo likes rye bread") == -1  # a liking is not a preference


#: the one word a statement adds is no frame of the fact when it is a prefix glued to a word both say
#: (``paraphrases._prefix``)
NOT_FRAMED = [
    ("Greta founded a bakery called Crumb in 2019", "Greta co-founded a bakery called Crumb in 2019"),
    ("Lasse is the director of Nordlys", "Lasse is the ex-director of Nordlys"),
    ("Mads chairs the parents' council at Solbakken", "Mads co-chairs the parents' council at Solbakken"),
]
#: framing words that still frame (rule 7): a hobby, a plan beside a plan; a hyphenated word that is
#: no prefix of a word both say
STILL_FRAMED = [
    ("Oona plays the cello", "Oona plays the cello as a hobby"),
    ("Oona is moving to Turku in May", "Oona's move to Turku is planned for May"),
    ("Oona owns a flat in Tampere", "Oona has a flat in Tampere"),
]


@pytest.mark.parametrize(("a", "b"), NOT_FRAMED)
def test_a_prefix_is_no_frame(a: str, b: str) -> None:
    assert verdict(a, b) == -1 and verdict(b, a) == -1


@pytest.mark.parametrize(("a", "b"), STILL_FRAMED)
def test_framing_words_still_frame(a: str, b: str) -> None:
    assert verdict(a, b) == 1 and verdict(b, a) == 1


def test_a_verb_is_read_in_its_verb_senses() -> None:
    """A word said as its clause's verb counts as a synonym only by a verb sense: "studies" / "works"
    share only the noun "study, work" (applying the mind to a subject); a noun for a verb still joins
    by derivation, and a verb's synonym as a verb still does."""
    assert verdict("Bao studies at night", "Bao works at night") == 0
    assert verdict("Linh's son Nam studies in Hue", "Linh's son Nam works in Hue") == 0
    assert verdict("Ilka got married in 2021", "Ilka's wedding was in 2021") == 1
    assert verdict("The office closes at 6 pm", "The office shuts at 6 pm") == 1
