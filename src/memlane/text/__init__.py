"""Pure text analysis for the retrieval lanes, deduplication and automatic supersession.

Everything here is called on every store and every recall, so it is written for speed: compiled
regular expressions, frozen lookup tables built once at import, a cached stemmer, and cheap
pre-checks that skip whole passes (no digit in the text means no date or number pass). Nothing here
touches I/O (but ``table_cache``, the file cache of built tables; ``legal_forms``, which reads cleanco's
table once, on first use; ``lexicon``, whose lemminflect tables are read once per process from the
table cache; and ``names``, which reads stopwordsiso's lists once, on first use) or global mutable
state except the bounded stem caches.

One module per concept; each depends only on those above it in this list (``table_cache``, ``cjk`` and
``words`` import nothing internal):

* ``table_cache`` tables built once per installation, kept under ``$MEMLANE_HOME/cache`` (no analysis)
* ``cjk``       character pairs for scripts written without spaces, at index and query time
* ``stems``     stems of words in inflected scripts (Cyrillic, Greek, …), at index and query time
* ``words``     Unicode folding, stopwords, keyword tokens and stems, content hashes, word overlap
* ``sentences`` where a sentence ends after a full stop (titles, initials, "Acme Inc.")
* ``numbers``   ``num:`` keys for amounts, percentages and spelled-out numbers
* ``dates``     date mentions, relative dates resolved against ``now``, ``date:``/``week:`` keys
* ``when``      the time range a query names (``parse_when``), past-tense questions
* ``legal_forms`` companies' legal forms (cleanco's terms) and partnership words, by their last word
* ``lexicon``   lemminflect (lemmas and inflections of English words), its tables from the table cache
* ``names``     ``name:`` keys for proper nouns, acronyms and CamelCase words; a capitalised function word of
  another language (``stopwordsiso``) opening a sentence is none, a 2-4 character CJK word alone among
  words of another script is one
* ``entities``  every entity key of a text or a query (the key formats are listed there)
* ``claims``    what a statement says: subject, predicate, value; additive and change wording
* ``updates``   whether one statement gives a new value to what another said (automatic supersession)

The decisions worth knowing are in each module's docstring; the tests pin them down.
"""

from __future__ import annotations

from .entities import extract_entities, query_entity_candidates
from .when import is_past_question, parse_when
from .words import (
    STOPWORDS,
    WORD_MARKS,
    WORD_WITH_MARKS,
    content_hash,
    content_words,
    evidence_stems,
    fold_accents,
    fold_index_accents,
    fts_query,
    has_word_marks,
    has_words,
    key_fold,
    normalize_content,
    tokenize,
    tsquery_terms,
    word_overlap,
)

__all__ = [
    "STOPWORDS",
    "WORD_MARKS",
    "WORD_WITH_MARKS",
    "content_hash",
    "content_words",
    "evidence_stems",
    "extract_entities",
    "fold_accents",
    "fold_index_accents",
    "fts_query",
    "has_word_marks",
    "has_words",
    "is_past_question",
    "key_fold",
    "normalize_content",
    "parse_when",
    "query_entity_candidates",
    "tokenize",
    "tsquery_terms",
    "word_overlap",
]
