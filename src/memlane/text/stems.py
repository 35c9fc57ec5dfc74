"""Keyword stems for inflected languages whose script names the language: "Яндекс" finds "Яндексе".

Both backends' keyword indexes stem English only (SQLite's FTS5 ``porter``, PostgreSQL's english
configuration), so a word of an inflected language matched only the same form: "Яндекс" missed "в
Яндексе", "Москва" missed "в Москве". A language cannot be told reliably from a short memory, but a
script can be from each word, and for these scripts one language's Snowball stemmer (PyStemmer, the
algorithms of snowballstem.org) is the right one for most of what is written in it:

===========  ==========  ===================================================================
script       stemmer     also written in it (stemmed as the first: a light, consistent cut)
===========  ==========  ===================================================================
Cyrillic     russian     Ukrainian, Belarusian, Bulgarian, Serbian, Kazakh, …
Greek        greek
Armenian     armenian
Arabic       arabic      Persian, Urdu (their words are cut by Arabic rules)
===========  ==========  ===================================================================

The same rule runs on both sides of a search and on both backends (above the storage layer):

- **index time** (``keyword_text``): every word of such a script in the text the keyword index sees
  is replaced by its stem (lower case), after the CJK character pairs (``cjk``); text without such a
  word is returned as ``None`` (indexed as it is: nothing changes for English or other Latin text);
- **query time** (``stem_words``, used by ``words.tsquery_terms``): each query term the same way.

Latin-script languages keep the English stemmer of both backends (which already cuts plural -s/-es:
"ciudades" finds "ciudad", "Hauses" finds "Haus"); their language is not told from one word, and
English results stay identical. Memories stored before this rule are stemmed by schema step 28.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from typing import Any

from .cjk import keyword_text as cjk_keyword_text

__all__ = ["has_stemmed_script", "keyword_text", "stem_words"]

#: the scripts stemmed, as (character ranges, Snowball algorithm)
_SCRIPTS = (
    ("\u0400-\u052f\u1c80-\u1c8f\u2de0-\u2dff\ua640-\ua69f", "russian"),
    ("\u0370-\u03ff\u1f00-\u1fff", "greek"),
    ("\u0530-\u058f", "armenian"),
    ("\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff", "arabic"),
)
_ANY = re.compile("[" + "".join(ranges for ranges, _ in _SCRIPTS) + "]")
#: a word as the keyword indexes split them (letters and digits), and a word all of one script
_WORD = re.compile(r"[^\W_]+")
_ALL_OF = tuple((re.compile(f"[{ranges}]+"), algorithm) for ranges, algorithm in _SCRIPTS)

_local = threading.local()


def _stemmer(algorithm: str) -> Any:
    """One stemmer per algorithm and thread: PyStemmer objects are not thread-safe."""
    stemmers: dict[str, Any] | None = getattr(_local, "stemmers", None)
    if stemmers is None:
        stemmers = _local.stemmers = {}
    stemmer = stemmers.get(algorithm)
    if stemmer is None:
        import Stemmer

        stemmer = stemmers[algorithm] = Stemmer.Stemmer(algorithm)
    return stemmer


def has_stemmed_script(text: str) -> bool:
    return not text.isascii() and _ANY.search(text) is not None


def _stem(match: re.Match[str]) -> str:
    word = match.group()
    for script, algorithm in _ALL_OF:
        if script.fullmatch(word):
            # NFKC first, as a query's words are (``words._fold``): Armenian "և" is "եւ" on both sides
            return str(_stemmer(algorithm).stemWord(unicodedata.normalize("NFKC", word).lower()))
    return word  # another script, or mixed ("Yandex-Яндекс" is two words; "iPhoneы" is one): as it is


def stem_words(text: str) -> str:
    """``text`` with every word written wholly in a stemmed script replaced by its stem, the rest as
    it is: "в Яндексе" -> "в яндекс"."""
    if not has_stemmed_script(text):
        return text
    return _WORD.sub(_stem, text)


def keyword_text(text: str) -> str | None:
    """The text the keyword index sees: compatibility forms folded (NFKC, as a query's words are:
    "ﬁle" and "ｆｉｌｅ" are indexed as "file"), CJK runs as character pairs (``cjk.keyword_text``), words
    of a stemmed script as their stems; None when that is the text itself (index it as it is). ASCII
    text is always None: English is indexed exactly as written."""
    if text.isascii():
        return None
    folded = unicodedata.normalize("NFKC", text)
    paired = cjk_keyword_text(folded)
    source = folded if paired is None else paired
    stemmed = stem_words(source)
    return None if stemmed == text else stemmed
