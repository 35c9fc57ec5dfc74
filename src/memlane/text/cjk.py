"""Keyword tokens for scripts written without spaces: overlapping character pairs (bigrams).

Chinese, Japanese (and Korean, whose words take their endings without a space: "서울에서") run words
together, so a word tokenizer (SQLite FTS5's ``unicode61``, PostgreSQL's parser) makes one token of a
whole clause: "東京タワーに行った" is one token, and the query "東京" finds nothing. The usual answer of
search engines without a dictionary (Lucene's CJK bigram filter) is used here, the same rule on both
backends and on both sides of a search:

- **index time** (``keyword_text``): every run of such characters in the text the keyword index sees is
  replaced by its overlapping pairs, "東京タワー" -> "東京 京タ タワ ワー"; a run of one character stays
  as it is. Text without such characters is returned as ``None`` (the content is indexed as it is:
  nothing changes for Latin text);
- **query time** (``query_terms``, used by ``words.tsquery_terms``): a query word made of such characters
  becomes its pairs, each its own term, OR-ed with the others as every query word is: "東京" is one
  term, "東京タワー" four, and an item with more of them ranks higher.

A substring of two or more characters is then found whatever surrounds it. Runs are NFKC-normalised
first (half-width katakana become full width) on both sides. A one-character query finds only items
where that character stands alone (pairs only are indexed). Memories stored before this rule keep
their old keyword text until ``memlane reindex --keys``.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["RANGES", "has_cjk", "keyword_text", "query_terms"]

# Han (with extensions and compatibility ideographs), kana (with half-width), Hangul syllables and jamo;
# "々" and "〇". Only letters and digits among them: punctuation ("・", "。") separates runs.
RANGES = (
    "\u1100-\u11ff\u3005\u3007\u3041-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3131-\u318e\u31f0-\u31ff"
    "\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\U00020000-\U0003134f"
)
_CHAR = re.compile(f"[{RANGES}]")
_RUN = re.compile(f"[{RANGES}]+")


def has_cjk(text: str) -> bool:
    return not text.isascii() and _CHAR.search(text) is not None


def _pairs(run: str) -> list[str]:
    run = "".join(ch for ch in unicodedata.normalize("NFKC", run) if ch.isalnum())
    if len(run) <= 1:
        return [run] if run else []
    return [run[i : i + 2] for i in range(len(run) - 1)]


def keyword_text(text: str) -> str | None:
    """``text`` with every run of CJK characters replaced by its overlapping pairs, space-separated
    (None: no such character, index the text as it is)."""
    if not has_cjk(text):
        return None
    return _RUN.sub(lambda m: " " + " ".join(_pairs(m.group())) + " ", text)


def query_terms(word: str) -> list[str]:
    """The terms a query word stands for: itself, or with CJK characters in it, its other parts and the
    pairs of its CJK runs, in order."""
    if not has_cjk(word):
        return [word]
    out: list[str] = []
    last = 0
    for m in _RUN.finditer(word):
        if m.start() > last:
            out.append(word[last : m.start()])
        out += _pairs(m.group())
        last = m.end()
    if last < len(word):
        out.append(word[last:])
    return out
