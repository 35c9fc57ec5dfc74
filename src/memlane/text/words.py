"""Words: Unicode folding, stopwords, keyword tokens and stems, content hashes, word overlap.

The base of ``memlane.text``: every other module here builds on its folding and word tables, and it
imports only ``cjk`` (the character pairs of scripts written without spaces) and ``stems`` (the stems
of words in inflected scripts). ``tokenize`` and ``tsquery_terms``/``fts_query`` feed the keyword lane;
``normalize_content``/``content_hash`` key exact duplicates; ``content_words``/``word_overlap`` are the
similarity used by dedup and supersession.

``tokenize`` (keyword lane) drops stopwords **including negations** ("not", "never", "don't"): in a
BM25 / OR-ed FTS query they match nearly every row and only add noise. ``content_words`` (the
word-overlap similarity used by dedup and supersession) instead keeps a single ``"not"`` marker when
the text contains a negation, so "I like coffee" and "I don't like coffee" are similar but never
identical.
"""

from __future__ import annotations

import functools
import hashlib
import re
import threading
import unicodedata

import Stemmer

from .cjk import has_cjk, query_terms
from .stems import has_stemmed_script, stem_words

__all__ = [
    "STOPWORDS",
    "WORD_MARKS",
    "WORD_WITH_MARKS",
    "content_hash",
    "content_words",
    "evidence_stems",
    "fold_accents",
    "fold_index_accents",
    "fts_query",
    "has_word_marks",
    "has_words",
    "key_fold",
    "normalize_content",
    "tokenize",
    "tsquery_terms",
    "word_overlap",
]

# ----------------------------------------------------------------------------------------------
# Word tables
# ----------------------------------------------------------------------------------------------


def _words(text: str) -> frozenset[str]:
    """Word tables are written as whitespace-separated text to keep them readable."""
    return frozenset(text.split())


#: Typographic quotes, primes, dashes and invisible characters folded to ASCII (or removed), so that
#: text pasted from a word processor and typed text compare, tokenize and hash the same.
_FOLD_TABLE: dict[int, str | None] = {
    **{ord(c): "'" for c in "\u2018\u2019\u201a\u201b\u2032\u2035\u02b9\u02bc\u02c8\u0060\u00b4\uff07"},
    **{ord(c): '"' for c in "\u201c\u201d\u201e\u201f\u2033\u2036\u00ab\u00bb\u301d\u301e\uff02"},
    **{ord(c): "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2043\ufe58\ufe63\uff0d"},
    **{ord(c): None for c in "\u00ad\u200b\u200c\u200d\u200e\u200f\u2060\u2061\u2062\u2063\u2064\ufeff"},
}

#: Function words, pronouns, auxiliaries, negations and chat fillers. Dropped from keyword tokens,
#: FTS queries and entity candidates. Negations are here on purpose (see the module docstring).
STOPWORDS: frozenset[str] = _words(
    """
    a about above across after afterwards again against ago ain all almost along already also although
    always am among amongst an and another any anybody anyhow anyone anything anyway anyways anywhere
    are aren around as at be became because become becomes been before beforehand behind being below
    beside besides between beyond both but by can cannot cant could couldn couldnt d did didn didnt do
    does doesn doesnt doing don done dont down during each eg either else elsewhere enough especially
    etc even ever every everybody everyone everything everywhere except few for former formerly from
    further had hadn hadnt has hasn hasnt have haven havent having he hed hell hence her here hers
    herself hes hey hi him himself his how however i id ie if ill im in indeed instead into is isn
    isnt it itd itll its itself ive just least less let lets ll m ma many may me meanwhile might
    mightn mine more moreover most mostly much must mustn my myself namely neither never nevertheless
    no nobody non none noone nor not nothing now nowhere o of off oh ok okay on once one ones only
    onto or other others otherwise ought our ours ourselves out over own per perhaps quite rather re
    really s same shall shan she shed shell shes should shouldn shouldnt since so some somebody
    somehow someone something sometime sometimes somewhat somewhere still such t than that thatll
    thats the their theirs them themselves then thence there thereafter thereby therefore therein
    theres these they theyd theyll theyre theyve this those though through throughout thru thus to
    together too toward towards u uh um under unless until unto up upon ur us ve very via was wasn
    wasnt we wed well were weren werent weve what whatever whats when whence whenever where whereas
    whereby wherever whether which whichever while whither who whoever whole whom whose why will with
    within without won wont would wouldn wouldnt y yeah yes yet you youd youll your youre yours
    yourself yourselves youve
    """
)

#: Words whose presence negates a statement; ``content_words`` maps them all to one ``"not"``.
_NEGATIONS: frozenset[str] = _words(
    "not no never nor cannot cant dont doesnt didnt isnt wasnt werent wont wouldnt shouldnt couldnt "
    "hasnt havent hadnt aint neither none nothing nobody"
)

#: Clitics dropped after an apostrophe ("Okafor's" -> okafor, "we'll" -> we).
_CLITICS: frozenset[str] = frozenset({"s", "ll", "re", "ve", "d", "m"})

#: Keyword tokens of the lower-cased text: grouped numbers ("1,200", "3.5") or alphanumeric words
#: with internal apostrophes ("okafor's", "don't", "o'brien").
_TOKEN_RE = re.compile(r"\d+(?:[.,]\d+)+|[^\W_]+(?:'[^\W_]+)*")

#: The combining marks (vowel signs, viramas, nasal signs) of the Indic scripts, U+0900-U+0DFF
#: (Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam, Sinhala). They
#: are part of a word there ("दिल्ली", "சென்னையில்"), but neither letters to Python's ``\w`` nor token
#: characters to FTS5's unicode61, which split such words at every vowel sign; both backends' keyword
#: indexes and the query terms count them as word characters (SQLite's tokenizer: ``tokenchars``).
WORD_MARKS = "".join(c for c in map(chr, range(0x900, 0xE00)) if unicodedata.category(c)[0] == "M")
_INDIC = re.compile("[\u0900-\u0dff]")
_INDIC_RUNS = re.compile("([\u0900-\u0dff]+)")
_LETTER = f"(?:[^\\W_]|[{WORD_MARKS}])"
#: a word as the keyword indexes split text holding Indic script (letters, digits and WORD_MARKS)
WORD_WITH_MARKS = re.compile(f"{_LETTER}+")
_TOKEN_RE_MARKS = re.compile(rf"\d+(?:[.,]\d+)+|{_LETTER}+(?:'{_LETTER}+)*")


def has_word_marks(text: str) -> bool:
    """Whether ``text`` holds Indic script, whose words hold WORD_MARKS."""
    return not text.isascii() and _INDIC.search(text) is not None


_THOUSANDS_RE = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")

# ----------------------------------------------------------------------------------------------
# Folding, stemming and masking
# ----------------------------------------------------------------------------------------------

_local = threading.local()


def _stemmer() -> Stemmer.Stemmer:
    """One Snowball stemmer per thread: PyStemmer objects are re-entrant but not thread-safe."""
    stemmer = getattr(_local, "stemmer", None)
    if stemmer is None:
        stemmer = Stemmer.Stemmer("english")
        _local.stemmer = stemmer
    return stemmer


@functools.lru_cache(maxsize=1 << 16)
def _stem(word: str) -> str:
    """Snowball English stem; cached because conversation vocabulary repeats heavily."""
    return _stemmer().stemWord(word)


def _fold(text: str) -> str:
    """NFKC plus quote/dash folding; ASCII text only needs its backticks folded."""
    if text.isascii():
        return text.replace("`", "'") if "`" in text else text
    return unicodedata.normalize("NFKC", text).translate(_FOLD_TABLE)


def fold_accents(text: str) -> str:
    """``text`` with its accents stripped, "Café José" -> "Cafe Jose" (NFKD, combining marks dropped):
    the one rule where memlane folds accents itself, as SQLite FTS5's ``remove_diacritics`` does in its
    keyword index: entity keys, and PostgreSQL's keyword index for documents and queries alike."""
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def fold_index_accents(text: str) -> str:
    """``fold_accents`` for a keyword index: runs of Indic script (``WORD_MARKS``) kept as they are,
    as FTS5's ``remove_diacritics`` keeps them (their vowel signs are no accents)."""
    if not has_word_marks(text):
        return fold_accents(text)
    return "".join(p if i % 2 else fold_accents(p) for i, p in enumerate(_INDIC_RUNS.split(text)))


#: ``fold_accents`` of one word, cached (words repeat heavily)
_strip_accents = functools.lru_cache(maxsize=4096)(fold_accents)


def has_words(text: str) -> bool:
    """Whether ``text`` holds a letter or a digit (any script): a line of only emoji, symbols,
    punctuation or white space ("🙂", "---", "★★★") says nothing an importer should keep as a fact."""
    return any(ch.isalnum() for ch in text)


def key_fold(text: str) -> str:
    """``text`` folded as entity keys are (typographic quotes and dashes, NFKC, accents stripped),
    case kept: "José O’Neil" -> "Jose O'Neil"."""
    return _strip_accents(_fold(text))


def _is_punct(ch: str) -> bool:
    return ch.isspace() or unicodedata.category(ch)[0] == "P"


def _mask(chars: list[str], start: int, end: int) -> None:
    """Blank out a consumed span with NUL characters: the date, number and entity scanners each mask
    what they recognise, so later passes skip it while every position stays where it was."""
    chars[start:end] = "\x00" * (end - start)


# ----------------------------------------------------------------------------------------------
# Normalisation and hashing
# ----------------------------------------------------------------------------------------------


def _normalize_once(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).translate(_FOLD_TABLE)
    if not text.isascii():
        text = "".join(c for c in text if unicodedata.category(c) != "Cf")
    text = unicodedata.normalize("NFKC", text.casefold()).translate(_FOLD_TABLE)
    text = " ".join(text.split())
    start, end = 0, len(text)
    while start < end and _is_punct(text[start]):
        start += 1
    while end > start and _is_punct(text[end - 1]):
        end -= 1
    return text[start:end]


def normalize_content(text: str) -> str:
    """Canonical form for exact-duplicate detection.

    NFKC, typographic quotes/dashes folded to ASCII, invisible format characters removed, casefold,
    whitespace collapsed and surrounding punctuation (including a trailing period) stripped, so that
    re-sending the same fact with different capitalisation or spacing is recognised as a duplicate,
    while any change of wording is not. Idempotent: casefold and NFKC can each undo the other's
    stability on rare characters, so the pass is repeated until it reaches a fixed point.
    """
    result = _normalize_once(text)
    if _settled(result):
        return result
    for _ in range(3):
        again = _normalize_once(result)
        if again == result:
            break
        result = again
    return result


def _settled(result: str) -> bool:
    """Whether ``_normalize_once(result) == result`` holds without running it: ASCII text with no upper
    case letter that a pass made (NFKC leaves ASCII as it is; the fold table's one ASCII key, the
    backtick, is gone after a pass; so are runs of white space and punctuation at the ends)."""
    return result.isascii() and result == result.lower()


def content_hash(text: str) -> str:
    """SHA-256 hex digest of :func:`normalize_content`: the exact-duplicate key stored per memory."""
    return hashlib.sha256(normalize_content(text).encode("utf-8", "surrogatepass")).hexdigest()


# ----------------------------------------------------------------------------------------------
# Keyword tokens
# ----------------------------------------------------------------------------------------------


def _keyword_tokens(text: str) -> tuple[list[tuple[str, str]], bool]:
    """Split text into ``(fts_surface, normalised)`` pairs with stopwords removed.

    ``fts_surface`` is what FTS5's unicode61 tokenizer should see (it splits "1,200" and "o'brien"
    itself, so we keep them as one phrase); ``normalised`` is the canonical word for our own
    stemming ("1200", "obrien", accents stripped). Also reports whether a negation was seen.
    """
    negated = False
    out: list[tuple[str, str]] = []
    # "İ".lower() is "i" + a combining dot, which is no word character: "İstanbul" was "i" + "stanbul"
    folded = _fold(text).lower().replace("i\u0307", "i")
    for tok in (_TOKEN_RE_MARKS if has_word_marks(folded) else _TOKEN_RE).findall(folded):
        if tok[0].isdigit() and ("," in tok or "." in tok):
            if "," in tok and not _THOUSANDS_RE.fullmatch(tok):
                for part in tok.split(","):
                    out.append((part, part))
            else:
                out.append((tok, tok.replace(",", "")))
            continue
        if "'" in tok:
            if tok.endswith("n't"):
                negated = True
                continue
            head, _, tail = tok.rpartition("'")
            if tail in _CLITICS:
                tok = head
            if "'" in tok:
                word = tok.replace("'", "")
                if word in STOPWORDS:
                    continue
                out.append((tok, _strip_accents(word)))
                continue
        if tok in STOPWORDS:
            if tok in _NEGATIONS:
                negated = True
            continue
        out.append((tok, _strip_accents(tok)))
    return out, negated


def tokenize(text: str) -> list[str]:
    """Keyword-lane tokens: lower-case, stopwords (incl. negations) removed, Snowball-stemmed.

    Digits are kept ("1,200" -> "1200", "3.5" stays), possessives and clitics are dropped
    ("Okafor's" -> "okafor"), diacritics stripped. Order and repeats are preserved for term
    frequency. A word of Chinese, Japanese or Korean characters stands for its character pairs, as
    in the keyword index (``cjk``).
    """
    tokens, _ = _keyword_tokens(text)
    return [
        w if w[0].isdigit() else _stem(w) for surface, norm in tokens for w in _keyword_words(surface, norm)
    ]


def _keyword_words(surface: str, norm: str) -> list[str]:
    """A keyword token's word, or its CJK runs' character pairs (from the surface: stripping accents
    would take the voicing marks off kana, "で" -> "て") and its other parts; a word of an inflected
    script as its stem (``stems``, from the surface, before accents are stripped), as indexed."""
    if has_stemmed_script(surface) and not has_cjk(surface):
        return [_strip_accents(stem_words(surface.replace("'", "")))]
    if not has_cjk(surface):
        return [norm]
    return [w if has_cjk(w) else _strip_accents(w) for w in _parts(surface)]


def _parts(word: str) -> list[str]:
    """``cjk.query_terms`` of a keyword token, without the stopwords its other parts may be ("aの")."""
    return [w for w in query_terms(word) if w not in STOPWORDS or has_cjk(w)]


def evidence_stems(text: str) -> frozenset[str]:
    """The stems a memory's text offers the keyword lane's evidence: :func:`tokenize`'s, and those of
    the parts of a word an apostrophe joins. The full-text indexes (FTS5's unicode61, PostgreSQL's
    parser) split "Ankara'ya", "l'aéroport" and "O'Brien" there, so "Ankara", "aéroport" and "Brien"
    find them; the evidence must count what the lane found, or the hit is dropped as unsupported."""
    tokens, _ = _keyword_tokens(text)
    # (as tokenize: CJK runs as their character pairs, as indexed)
    stems = {
        w if w[0].isdigit() else _stem(w) for surface, norm in tokens for w in _keyword_words(surface, norm)
    }
    for surface, _ in tokens:
        if "'" in surface:
            stems.update(_stem(_strip_accents(p)) for p in surface.split("'") if p and p not in STOPWORDS)
    return frozenset(stems)


@functools.lru_cache(maxsize=65536)
def content_words(text: str) -> frozenset[str]:
    """Set of stemmed content words for word-overlap similarity (dedup, supersession).

    Like :func:`tokenize` but adds one ``"not"`` marker when the text is negated, so that a
    statement and its negation never look identical. Cached: during bulk loads the same current
    items are compared with many new ones.
    """
    tokens, negated = _keyword_tokens(text)
    words = {norm if norm[0].isdigit() else _stem(norm) for _, norm in tokens}
    if negated:
        words.add("not")
    return frozenset(words)


_MAX_QUERY_TERMS = 64


def tsquery_terms(text: str) -> list[str]:
    """Unique lower-case, unstemmed, non-stopword terms of a query, in order (at most 64); a word of
    Chinese, Japanese or Korean characters stands for its character pairs (``cjk``).

    The backend stems them itself (FTS5 porter, PostgreSQL's english config). Terms may contain
    an apostrophe, comma or dot ("o'brien", "1,200", "3.5"); pass each as a bound parameter
    (e.g. one ``plainto_tsquery`` per term), never by string concatenation.
    """
    seen: dict[str, None] = {}
    for word, _ in _keyword_tokens(text)[0]:
        for surface in _parts(word):  # a CJK run: its character pairs, as indexed
            if surface not in seen:
                seen[surface] = None
                if len(seen) >= _MAX_QUERY_TERMS:
                    return list(seen)
    return list(seen)


def fts_query(text: str) -> str | None:
    """A safe FTS5 MATCH expression: every term a double-quoted phrase, OR-ed together.

    No user syntax ever reaches FTS5: operators, column filters, ``*``, ``^``, ``NEAR`` and quotes
    in the input are just words or separators here. Returns None when nothing searchable is left
    (empty, or stopwords only) so callers can skip the lane instead of matching everything.
    """
    terms = tsquery_terms(text)
    if not terms:
        return None
    return " OR ".join('"' + term.replace('"', '""') + '"' for term in terms)


def word_overlap(a: frozenset[str], b: frozenset[str]) -> float:
    """Jaccard similarity; 0.0 when both are empty (no evidence of similarity)."""
    if not a or not b:
        return 0.0
    inter = len(a & b)
    return inter / (len(a) + len(b) - inter)
