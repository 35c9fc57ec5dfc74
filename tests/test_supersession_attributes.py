"""Automatic supersession chains only a new value of the same attribute of the same subject.

Storing unrelated facts of one speaker chained them as versions ("I weigh 82 kg" superseded by "I go to
the gym three times a week"), and recall then hid a fact that still held. Each class is a general rule in
``memlane.text.updates`` (its docstring lists them): "go" is a verb of change only with a particle; a
value matched only by its kind (a date, a number) must be all the new value is; a move needs a place in
the old statement; when something happens and where it happens are two facts; a second place, club or
wish adds a fact unless the verb has one place at a time; a dated record of the past stays true; a
flipped polarity must be about the same thing; whose thing the value is must agree; "new" in a value or
a "since" phrase is not enough to replace another value; "either" adds a fact; "give" ends something
only as "give up"; a subject with words beyond a name ("my train to Porto") is not the same subject as a
longer one ("my train back from Porto"); a denied attitude is of the same thing; a new time for some
days only is an exception; a past period ("for ten years") is a dated record.

The sentences are written for these tests, not taken from any benchmark or labelled set. Pairs through
the store run on both backends (the ``mem`` fixture)."""

from __future__ import annotations

import pytest

from memlane import Memlane
from memlane.text.claims import analyse
from memlane.text.updates import compare


def updates(old: str, new: str) -> bool:
    return compare(analyse(old), analyse(new))[0]


def current(mem: Memlane) -> list[str]:
    return sorted(m.content for m in mem.list_recent())


#: (old, new): both still hold, so the second never supersedes the first
ANOTHER_FACT = [
    ("I weigh 64 kg", "I go to the climbing wall three times a week"),  # "go" with no particle is an activity
    ("I get up at 6:30", "I go to choir at 19:00"),
    ("The depot is shut on 1 May", "The depot relocates to Quay Road on 9 June"),  # the date is when it moves
    ("Bram is our most careful Rust reviewer", "Bram is relocating to Aarhus"),  # no place to move from
    ("Choir practice is every Monday at 19:00", "Choir practice is in the church hall"),  # when / where
    ("I'm on the committee of the village school", "I'm on the board of the credit union"),  # a second board
    ("I help at the soup kitchen on Fridays", "I help at the hospice shop on Tuesday afternoons"),
    ("Ottilie wants to learn chess", "Ottilie wants to stop ballet"),  # a second wish
    ("Our water bill was £60 in March", "Our water bill was £48 in August"),  # an amount per month
    ("I weighed 95 kg in 2019", "I weigh 80 kg"),  # a dated record of the past
    ("I taught at Hillcrest from 2008 to 2014", "I now teach at Moorside"),
    ("I rowed for Tyne from 2011 to 2013", "I left Tyne after the 2013 season"),
    ("I drink cider on Fridays", "I don't drink wine Monday to Friday"),  # another thing denied
    ("Greet is my accountant", "Greet is my father's accountant"),  # whose accountant
    ("I rate my old team lead highly", "I rate the new intern highly"),  # "new" in another value
    ("I receive carer's allowance", "I'm receiving a student grant since I went back to college"),
    ("I don't like my upstairs neighbour", "I don't like my new landlord either"),
    ("I'm a blood donor", "I gave blood on 4 April"),  # "give" ends something only as "give up"
    ("My train to Porto is on 3 June at 09:10", "My train back from Porto is on 8 June"),  # another trip
    ("Joss is not afraid of the dark", "Joss is afraid of wasps"),  # a denial of another thing
    ("The crèche opens at 8:00", "The crèche opens at 7:30 on Thursdays"),  # an exception for one day
    ("Ilse lived in Bergen for ten years", "Ilse lives in Tromsø"),  # a past period stays true
]

#: (old, new): the same attribute of the same subject with a new value: still supersedes
SAME_ATTRIBUTE = [
    ("I weigh 64 kg", "I weigh 61 kg"),
    ("I go to the climbing wall three times a week", "I go to the climbing wall four times a week now"),
    ("The depot is on Mill Road", "The depot relocated to Quay Road"),
    ("Bram lives in Odense", "Bram is relocating to Aarhus"),
    ("Choir practice is every Monday at 19:00", "Choir practice is every Monday at 19:30"),
    ("Choir practice is on Mondays", "Choir practice was moved to Wednesdays"),
    ("I help at the soup kitchen on Fridays", "I help at the soup kitchen on Sundays now"),
    ("Our water bill is £60 a month", "Our water bill went up to £72 a month"),
    ("I weighed 95 kg in 2019", "I weighed 97 kg in 2019"),  # the same record, corrected
    ("I drink cider", "I don't drink cider any more"),
    ("Greet is my accountant", "Greet is no longer my accountant"),
    ("I receive carer's allowance", "I don't receive carer's allowance any more"),
    ("The parcel is handled by courier Lime", "The parcel is handled by courier Birch"),
    ("Ottilie lives in Ghent", "Ottilie lives in Leuven now"),
    ("Ottilie is learning Danish", "Ottilie gave up Danish"),
    ("Customer Nordvik Labs is on the Basic plan", "Nordvik Labs upgraded to the Team plan"),
    ("Joss is afraid of the dark", "Joss is not afraid of the dark any more"),
    ("The crèche opens at 8:00", "The crèche opens at 7:30 now"),
    ("Ilse lives in Bergen", "Ilse lives in Tromsø now"),
    # one holder, an ordinal amount, the same place said with more: no change wording needed
    ("Pim reports to Saskia", "Pim reports to Joris"),
    ("Tess is in second grade", "Tess is in fourth grade"),
    ("Rolf smokes a pack a day", "Rolf smokes half a pack a day"),
]


@pytest.mark.parametrize(("old", "new"), ANOTHER_FACT)
def test_another_attribute_or_fact_does_not_update(old: str, new: str) -> None:
    assert not updates(old, new)


@pytest.mark.parametrize(("old", "new"), SAME_ATTRIBUTE)
def test_a_new_value_of_the_same_attribute_still_updates(old: str, new: str) -> None:
    assert updates(old, new)


def test_the_claims_read_what_the_rules_need() -> None:
    (record,) = analyse("I taught at Hillcrest from 2008 to 2014").claims
    assert record.past and record.dated
    assert analyse("Our water bill was £60 in March").claims[0].dated
    assert not analyse("I teach at Moorside").claims[0].dated
    assert analyse("Greet is my father's accountant").claims[0].value_owner == {"father"}
    assert analyse("Greet is my accountant").claims[0].value_owner == frozenset()
    assert analyse("I don't like my new landlord either").additive
    # "since" dates a value, "new" marks one; neither says another value stopped: only firm wording does
    assert not analyse("I'm receiving a student grant since I went back to college").firm
    assert not analyse("I rate the new intern highly").firm
    assert analyse("I go to the climbing wall four times a week now").firm
    assert analyse("I don't receive carer's allowance any more").firm


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("I weigh 64 kg", "I go to the climbing wall three times a week"),
        ("Choir practice is every Monday at 19:00", "Choir practice is in the church hall"),
        ("I weighed 95 kg in 2019", "I weigh 80 kg"),
        ("Greet is my accountant", "Greet is my father's accountant"),
    ],
)
def test_a_fact_that_still_holds_stays_current_and_recalled(mem: Memlane, old: str, new: str) -> None:
    first = mem.store(old)
    second = mem.store(new)
    assert second.superseded == ()
    assert mem.get(first.id).superseded_by is None
    assert current(mem) == sorted([old, new])
    assert first.id in {h.id for h in mem.recall(old)}


def test_a_speakers_facts_stored_together_chain_only_the_update(mem: Memlane) -> None:
    """One user's memories, stored in order: only the new weight replaces the old one."""
    weight = mem.store("I weigh 64 kg")
    gym = mem.store("I go to the climbing wall three times a week")
    bed = mem.store("I go to bed at 23:00")
    again = mem.store("I weigh 61 kg")
    assert gym.superseded == () and bed.superseded == ()
    assert [s.id for s in again.superseded] == [weight.id]
    assert current(mem) == sorted(
        ["I go to the climbing wall three times a week", "I go to bed at 23:00", "I weigh 61 kg"]
    )
    assert [m.id for m in mem.history(again.id)] == [weight.id, again.id]
    assert mem.get(gym.id).superseded_by is None and mem.get(bed.id).superseded_by is None
