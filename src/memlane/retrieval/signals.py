"""Query-aware signals that adjust the fused ranking. Pure functions, each with its own test and its
measured effect in docs/benchmarks.md.

- *subject*: the query names the person or thing an item is about ("what does Ana prefer?" favours
  items whose subject is Ana), so a name that half the items mention still tells them apart;
- *question items*: an item that is itself a question ("what pet do you have?") shares words with a
  question but rarely answers it;
- *time*: the query names a time ("in June", "May 2023", "last week") and the item was observed then;
- *when-questions*: "when did…" is answered by items that say when (a date or a relative time);
- *context*: the items stored next to a strong match in the same conversation (same owner, space and
  source, observed within the context window) often carry the answer (a reply to a question).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime
from functools import lru_cache

from .. import text

__all__ = [
    "asks_when",
    "is_question_item",
    "observed_keys",
    "subject_keys",
    "time_keys",
]

_TIME_PREFIXES = ("date:", "md:", "month:", "week:")
_WHEN = re.compile(
    r"^\s*(when\b|what (?:date|day|month|year|time)\b|which (?:date|day|month|year)\b|how long ago\b)", re.I
)


@lru_cache(maxsize=4096)
def subject_keys(subject_id: str, subject_name: str) -> frozenset[str]:
    """The keys under which a query can name a subject: its id and every name part."""
    keys = {f"name:{subject_id}"}
    keys |= {k for k in text.query_entity_candidates(subject_name) if k.startswith("name:")}
    return frozenset(keys)


def is_question_item(content: str) -> bool:
    return content.rstrip().endswith("?")


def time_keys(keys: Iterable[str]) -> frozenset[str]:
    return frozenset(k for k in keys if k.startswith(_TIME_PREFIXES))


def observed_keys(observed_at: datetime) -> frozenset[str]:
    """Date keys of the moment an item was observed, in the formats of ``text.extract_entities``."""
    d = observed_at.date()
    iso = d.isocalendar()
    return frozenset(
        {
            # {d.year:04d}, not %Y: strftime does not pad the years 1-999 (text.dates writes 0999)
            f"date:{d.year:04d}-{d.month:02d}-{d.day:02d}",
            f"date:{d.year:04d}-{d.month:02d}",
            f"date:{d.year:04d}",
            f"md:{d:%m-%d}",
            f"month:{d:%m}",
            f"week:{iso.year}-W{iso.week:02d}",
        }
    )


def asks_when(query: str) -> bool:
    return bool(_WHEN.search(query))
