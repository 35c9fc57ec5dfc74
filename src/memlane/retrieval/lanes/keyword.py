"""Keyword lane: BM25 over the full-text index; the query's words are always quoted terms.

At scale, words that a large share of items contain make an OR query visit most of the store (that is
what made it the slowest lane at 100k items). Such words do not *find* candidates here: the index is
asked for the rarer words only, over a deeper list, and the common words' BM25 contribution is then
added for those candidates. Rare words decide who is a candidate; every word still shapes the order.
The two rarest words are always asked for.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...text.stems import keyword_text, stem_words
from ...text.words import WORD_WITH_MARKS, has_word_marks
from .base import LaneResult, Query

if TYPE_CHECKING:
    from ...storage.base import Store
    from ..config import LaneSpec, RetrievalConfig

__all__ = ["KeywordLane", "term_frequencies"]

#: below this many items every query is fast: every word is asked for
PRUNE_FROM = 2000
_K1, _B = 1.2, 0.75  # SQLite FTS5's bm25() constants
_WORD = re.compile(r"\w+")


@lru_cache(maxsize=1)
def _porter() -> Any:
    import Stemmer

    return Stemmer.Stemmer("porter")  # the algorithm of SQLite FTS5's porter tokenizer


def term_frequencies(query: Query, store: Store) -> tuple[int, dict[str, int]]:
    """(items the caller may read, how many of them contain each query term), once per query."""
    if query.term_df is None:
        porter = _porter()
        stem_of = {t: porter.stemWord(stem_words(t).lower()) for t in query.terms}
        total, df = store.term_stats(query.actor, sorted(set(stem_of.values())))
        query.term_df = (total, {t: df.get(p, 0) for t, p in stem_of.items()})
    return query.term_df


class KeywordLane:
    name = "keyword"
    needs_vector = False
    after_others = False

    def run(self, query: Query, store: Store, spec: LaneSpec, config: RetrievalConfig) -> LaneResult:
        if not query.terms:
            return LaneResult()
        depth = max(spec.depth, query.limit * 3)
        total, df = term_frequencies(query, store)
        common: list[str] = []
        if total >= PRUNE_FROM:
            present = sorted((t for t in query.terms if df[t] > 0), key=df.__getitem__)
            common = [t for t in present[2:] if df[t] > config.keyword_max_share * total]
        if not common:
            return LaneResult(store.keyword_search(query.actor, query.filters, query.terms, query.now, depth))
        rare = [t for t in query.terms if t not in common]
        ranked = store.keyword_search(query.actor, query.filters, rare, query.now, depth * 3)
        return LaneResult(_add_common_terms(ranked, common, df, total, store)[:depth])


@lru_cache(maxsize=20_000)
def _stems(text: str) -> tuple[str, ...]:
    """Porter stems of a text's keyword text (CJK runs as character pairs, as indexed), in order
    (cached: the same items come back query after query). Its length is the text's BM25 length, and a
    stem's count is how often it occurs: the few common words' counts are all that is read of it, so
    no table of every word's count is built."""
    indexed = (keyword_text(text) or text).lower()
    return tuple(
        _porter().stemWords((WORD_WITH_MARKS if has_word_marks(indexed) else _WORD).findall(indexed))
    )


def _add_common_terms(
    ranked: list[tuple[int, float]], common: list[str], df: dict[str, int], total: int, store: Store
) -> list[tuple[int, float]]:
    """Add the BM25 contribution of ``common`` words to each candidate's score, and re-sort."""
    if not ranked:
        return ranked
    porter = _porter()
    contents = store.contents([seq for seq, _ in ranked])
    stems = {seq: _stems(text) for seq, text in contents.items()}
    lengths = {seq: len(words) for seq, words in stems.items()}
    avg = sum(lengths.values()) / max(1, len(lengths))
    idf = {
        porter.stemWord(stem_words(t).lower()): math.log(1 + (total - df[t] + 0.5) / (df[t] + 0.5))
        for t in common
    }
    scored = []
    for seq, score in ranked:
        words = stems.get(seq, ())
        counts = {s: words.count(s) for s in idf}
        norm = _K1 * (1 - _B + _B * lengths.get(seq, avg) / max(avg, 1e-9))
        extra = sum(w * counts[s] * (_K1 + 1) / (counts[s] + norm) for s, w in idf.items() if counts[s])
        scored.append((seq, score + extra))
    scored.sort(key=lambda item: -item[1])
    return scored
