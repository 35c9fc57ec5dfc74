"""A statement request deletes the memories that state that fact, not others about the same subject
(``memlane.forgetting.matching``), on both backends: a request typed without apostrophes ("im
vegetarian") is the speaker's clause; a thing said by common nouns alone ("the kitchen renovation") is
the speaker's as "my X" is; an indirect question ("which bus I take") asks about its clause; a noun of
the request said only before another noun ("a hospital porter") or the speaker's thing said with a
noun before it ("my goal weight") names another thing; a relation with a word before it ("my running
buddy Leo") is another party. Each case deleted the kept memory too before (forget set heldout11's
statement data loss, by mechanism; these texts are not the set's)."""

from __future__ import annotations

import pytest
from tests.forget_keys import forgotten, stored

from memlane import Memlane

CASES = [
    pytest.param(
        {"me": "I'm vegetarian", "sister": "My sister is vegetarian too", "food": "I cook on Sundays"},
        "forget that im vegetarian",
        {"me"},
        id="apostrophe-less",
    ),
    pytest.param(
        {
            "ours": "We're doing the kitchen renovation in May",
            "brother": "My brother finished his kitchen renovation in March",
            "other": "The boiler is 12 years old",
        },
        "forget the kitchen renovation",
        {"ours"},
        id="common-thing",
    ),
    pytest.param(
        {
            "me": "I take the 8:15 bus to Leeds",
            "wife": "My wife takes the 7:50 bus to Leeds",
            "pass": "My bus pass costs £60",
        },
        "forget which bus I take",
        {"me"},
        id="indirect-question",
    ),
    pytest.param(
        {"brother": "My brother is in hospital", "porter": "My brother works as a hospital porter"},
        "forget that my brother is in hospital",
        {"brother"},
        id="modifier-of-another-noun",
    ),
    pytest.param(
        {"weight": "My weight is 70 kg", "goal": "My goal weight is 65 kg"},
        "forget my weight",
        {"weight"},
        id="noun-before-the-thing",
    ),
    pytest.param(
        {"score": "My score was 71 on Saturday", "target": "My target score is 68"},
        "forget my score",
        {"score"},
        id="noun-or-verb-before-the-thing",
    ),
    pytest.param(
        {"me": "I'm running the Paris marathon in April", "buddy": "My running buddy Leo is doing Paris too"},
        "forget that im running paris",
        {"me"},
        id="relation-with-a-word-before",
    ),
    pytest.param(
        {"we": "We have saved £12,000 so far", "brother": "My brother has saved £9,000"},
        "forget how much we have saved",
        {"we"},
        id="indirect-question-of-amount",
    ),
]


@pytest.mark.parametrize(("texts", "query", "expected"), CASES)
def test_a_statement_deletes_what_states_it(
    mem: Memlane, texts: dict[str, str], query: str, expected: set[str]
) -> None:
    keys = stored(mem, texts)
    assert forgotten(mem, keys, query) == expected


def test_the_clause_reading_keeps_what_it_kept() -> None:
    """The request's own reading: an indirect question's noun that names the kind of value is dropped,
    another is kept as the clause's word; a real word spelt like a contraction is left alone."""
    from memlane.forgetting.matching import _apostrophes, _clause_asked

    assert _clause_asked("which train I take") == "I take train"
    assert _clause_asked("what time I start work") == "I start work"
    assert _clause_asked("where my sister lives") == "my sister lives"
    assert _clause_asked("the wednesday football") == "the wednesday football"
    assert _apostrophes("im pregnant and i dont drink") == "I'm pregnant and i don't drink"
    assert _apostrophes("I was ill") == "I was ill"
