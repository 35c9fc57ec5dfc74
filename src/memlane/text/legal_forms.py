"""Legal forms of companies' names, cleanco's 321 terms (Ltd, GmbH, S.A. de C.V., "& Co."), indexed by
their last word, and the partnership words after a name ("Partners"). The graph strips them from a name
(``graph.legal_forms.basename``); the name scanner keeps a name together across an "&", "and" or comma
when one ends it (``names``: "Baker & McKenzie LLP", "Acme, Inc.").
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from cleanco.clean import prepare_default_terms

__all__ = ["PARTNERSHIP_WORDS", "legal_form_length", "legal_terms"]

#: words after a name that say how a firm is owned (a partnership, a family firm), not what it does
#: ("& Sons" is kept: "Harris & Sons" is the family's firm, "Harris Plumbing Supply" another)
PARTNERSHIP_WORDS = frozenset({"partners", "partnership", "associates"})


@cache
def legal_terms() -> tuple[list[tuple[int, list[str]]], dict[str, list[int]]]:
    """cleanco's terms in its order, and for each last word the positions of the terms ending in it."""
    terms = prepare_default_terms()
    by_last: dict[str, list[int]] = {}
    for position, (_, parts) in enumerate(terms):
        if parts:
            by_last.setdefault(parts[-1], []).append(position)
    return terms, by_last


def legal_form_length(words: Sequence[str]) -> int:
    """How many of the folded words (lower-case, dots dropped: "S.A." is "sa") at the end of a name are
    one of cleanco's legal forms ("llp", "inc", "&", "co", "gmbh") or a partnership word ("partners"),
    the longest that fits; 0 for none. For the text analysis, which keeps a name together across an
    "&", "and" or comma when a legal form ends it ("Baker & McKenzie LLP", "Acme, Inc.")."""
    if not words:
        return 0
    if words[-1] in PARTNERSHIP_WORDS:
        return 1
    terms, by_last = legal_terms()
    longest = 0
    for position in by_last.get(words[-1], ()):
        size, parts = terms[position]
        if size > longest and size <= len(words) and list(words[-size:]) == parts:
            longest = size
    return longest
