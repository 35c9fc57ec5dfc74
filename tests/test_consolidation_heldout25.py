"""The two pairs the twenty-seventh session's rules lost on the twenty-fifth set (docs/benchmarks.md,
"The twenty-fifth set, mixed, written blind"): "no" before a noun said on its own is "without", as the
rule that writes "with no" "without" reads it; and a range of hours without "from" whose start is not a
count of minutes "to" an hour takes its end's half, as "from 7 to 10 pm" does. New sentences (none from
the labelled sets)."""

from __future__ import annotations

from memlane.consolidation.anchors import anchor_forms
from memlane.consolidation.restatement import written_forms
from word_rule import joined as _merged


def test_bare_no_is_without() -> None:
    assert _merged("Lotte drinks her tea with no milk", "Lotte takes her tea, no milk")
    assert _merged("Lotte drinks her tea without milk", "Lotte takes her tea, no milk")
    assert not _merged("Lotte takes her tea, no milk", "Lotte takes her tea with milk")
    assert written_forms("Yes, no one came") == "Yes, no one came"  # "no one" is nobody


def test_a_range_without_from_takes_its_ends_half() -> None:
    assert anchor_forms("Choir practice, seven to ten in the evening") == "Choir practice, 7 pm to 10:00pm"
    assert _merged(
        "The choir practises on Mondays from 7 to 10 pm",
        "Every Monday, seven to ten in the evening, the choir practises",
    )
    # "ten to two" is 13:50: a count of minutes "to" an hour keeps its reading
    assert anchor_forms("The bus leaves at ten to two in the afternoon") == "The bus leaves at 10 to 2:00pm"
