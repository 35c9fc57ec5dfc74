"""Sentence boundaries in extraction: a full stop after an abbreviation, an initial, a decimal point or
inside a URL does not cut a statement in two; a real sentence end after one still does."""

from __future__ import annotations

import pytest

from memlane.extraction import Message
from memlane.extraction.rules import RuleExtractor
from memlane.extraction.statements import split_statements


@pytest.mark.parametrize(
    "text",
    [
        "Our client Acme Inc. renews its contract in March.",
        "We bought Widgets Ltd. last year.",
        "Globex Corp. is our biggest customer.",
        "Smith & Co. handles our payroll.",
        "Dr. Okafor is my GP.",
        "Mr. Lee and Mrs. Lee run the shop.",
        "Ms. Park leads design.",
        "Prof. Alvarez supervises my thesis.",
        "I live on St. Mark's Place.",
        "Martin Luther King Jr. gave the speech.",
        "John Smith Sr. founded the firm.",
        "I like fruit, e.g. apples and pears.",
        "Use the staging box, i.e. the one in Frankfurt.",
        "We sell pens, pencils, etc. to schools.",
        "It is Python vs. Go for the rewrite.",
        "Our U.S. office is in Austin.",
        "The standup is at 9 a.m. every day.",
        "The call is at 3 p.m. on Fridays.",
        "Our office is No. 5 on the high street.",
        "My favourite author is J. R. R. Tolkien.",
        "I love Mary J. Blige.",
        "We run v2.1 in production.",
        "Revenue was 3.5 million last year.",
        "Email me at jo.smith@example.co.uk about it.",
        "The docs are at https://example.com/v1.2/index.html for everyone.",
    ],
)
def test_a_full_stop_inside_a_sentence_does_not_end_it(text: str) -> None:
    assert split_statements(text) == [text]


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("I moved to Berlin. My wife stayed in Paris.", ["I moved to Berlin.", "My wife stayed in Paris."]),
        ("We use Postgres. Are you sure? Yes!", ["We use Postgres.", "Are you sure?", "Yes!"]),
        # an abbreviation can end a sentence too: then the next one starts with a capital
        ("I work at Acme Inc. We sell anvils.", ["I work at Acme Inc.", "We sell anvils."]),
        ("The meeting is at 5 p.m. Bring the slides.", ["The meeting is at 5 p.m.", "Bring the slides."]),
        ("We ship on Fridays etc. The rest is ad hoc.", ["We ship on Fridays etc.", "The rest is ad hoc."]),
        ("See https://example.com/a.b/c. It is public.", ["See https://example.com/a.b/c.", "It is public."]),
        # the lower-case rule is for abbreviations only: chat in lower case still splits
        ("i moved to berlin. my wife stayed in paris", ["i moved to berlin.", "my wife stayed in paris"]),
        ("We said no. 5 people objected.", ["We said no.", "5 people objected."]),
        ("Line one\nLine two", ["Line one", "Line two"]),
    ],
)
def test_real_sentence_ends_still_split(text: str, sentences: list[str]) -> None:
    assert split_statements(text) == sentences


def test_a_company_with_a_legal_form_gives_one_fact_not_two() -> None:
    message = Message(
        role="user", text="Our client Acme Inc. renews its contract in March.", id="m1", user="ana"
    )
    result = RuleExtractor().extract([message], ceiling="shared")
    assert [f.content for f in result.facts] == ["Acme Inc., the user's client, renews its contract in March"]
