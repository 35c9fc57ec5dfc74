"""Words of one meaning read as one word, from WordNet: "automobile" is "car", "shuts" is "closes",
"cilantro" is "coriander", "colour" is "color", "paediatrician" is "pediatrician". Pure functions.

The word rule compares stems, so two statements that say one fact with two words of one meaning never
met. ``stems`` maps the stem of each such word of a statement to its representative's stem, and the
signature, the second check's reading (``strict_reading.reading``) and the checks that compare
subjects and compounds (``roles``, ``compounds``) read stems through it, so that all of them see one
word; the surface words stay as written, so the times of verbs and every guard that reads the text are
unchanged. Two kinds of equality, both read from Princeton WordNet 3.0 (``lexicon``), neither a list of
examples:

- **one most frequent sense**: the word's most frequent sense is a synset whose other members have it as
  their most frequent sense too ("car", "auto", "automobile", "motorcar": the synset car.n.01; "close" /
  "shut": close.v.01), for nouns and verbs only (``_PARTS``). Only the first sense counts, so that words
  that share a rare sense stay apart ("stop" / "quit", "make" / "earn", "boss" / "manager", "sons" /
  "boys"), and only a word read in one part of speech (``lexicon.tagged_parts``: a part the sense-tagged
  corpus never saw the word in does not count, so "automobile" is a noun; "shut" may be an adjective,
  and "is shut" is not "is close", so it keeps its own). Antonyms never share a synset, so an opposite
  ("open" / "close", "buy" / "sell") is never one word.
- **one word spelt two ways** (British / American spelling): the American form made by the regular
  spelling rules (``_SPELLINGS``: -our / -or, -ise / -ize, -yse / -yze, -tre / -ter, -ogue / -og,
  -lled / -led, ae / e, oe / e, -ence / -ense, -mme / -m), taken only when WordNet has it and every sense
  of the British form is one of its senses ("colour" / "color"; not "tour" / "tor").

The mapping of a word never depends on its sentence, so a word reads the same in every statement. Names
are left alone (a capitalised word, unless it opens a sentence, is no given name and a lower-case word
follows), as are short words (under ``MIN_LENGTH`` letters), parts of a hyphenated or elided word, the
function and time words the other rules read (``signature.MARKERS``, stopwords) the light verbs and the words the
rule's own tables read (``signature.SYNONYMS``, ``FILLERS``). Numbers, dates, negations and names so stay
what they were, and each rule that reads them still keeps statements apart. Without WordNet's data
(``lexicon.available``) nothing is mapped.
"""

from __future__ import annotations

import re
from functools import lru_cache

from . import lexicon

__all__ = ["MIN_LENGTH", "one_meaning", "spelling", "stems", "stems_of", "word_stem"]

#: the shortest word rewritten: shorter words are mostly function words or abbreviations ("auto" stays
#: a word of four letters)
MIN_LENGTH = 4

#: a word, possessive included ("neighbour's" is read as "neighbour"), not part of a contraction or
#: a hyphenated word
_WORD_RE = re.compile(r"(?<![\w'’-])([A-Za-z]+)(?=['’]s\b|(?![\w'’-]))")

#: British spellings and their American forms, by regular rule (the form is checked in WordNet)
_SPELLINGS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), replacement)
    for pattern, replacement in (
        (r"our(s|ed|ing|ite|ites|able|er|ers|ful|less)?$", r"or\1"),
        (r"is(e|es|ed|ing|er|ers|ation|ations)$", r"iz\1"),
        (r"ys(e|es|ed|ing)$", r"yz\1"),
        (r"tre(s|d)?$", r"ter\1"),
        (r"ogue(s)?$", r"og\1"),
        (r"ll(ed|ing|er|ers)$", r"l\1"),
        (r"ae", "e"),
        (r"oe", "e"),
        (r"ence(s)?$", r"ense\1"),
        (r"mme(s)?$", r"m\1"),
    )
)

#: the parts of speech whose words are read as one: nouns and verbs. Adjectives and adverbs are where
#: the other rules read degrees, frequencies and stance ("usually" / "normally", "main" / "chief"), and
#: the claim analysis reads an adverb it does not know as part of the subject
_PARTS = frozenset({"n", "v"})

#: verbs whose most frequent sense says little of what they mean in a statement (the paraphrase mode's
#: light verbs, ``paraphrases.LIGHT_VERBS``): "goes" is not "travels"
_LIGHT = frozenset(["go", "get", "take", "make", "do", "give", "put", "keep", "come", "have"])

#: lemminflect's tags of a form -> WordNet's part of speech
_POS_OF_TAG = {"N": "n", "V": "v", "J": "a", "R": "r"}


def stems(content: str) -> dict[str, str]:
    """The stem of each word of ``content`` that has a representative -> the representative's stem
    ("The office shuts at 6": ``{"shut": "close"}``), for the signature and the second check to read
    their stems through (module docstring). Words another table of the rule reads (``signature.SYNONYMS``,
    ``FILLERS``) are left to it."""
    if not lexicon.available():
        return {}
    return _stems(content)


@lru_cache(maxsize=65536)
def _stems(content: str) -> dict[str, str]:
    from .signature import stem_of

    out: dict[str, str] = {}
    for match in _WORD_RE.finditer(content):
        word = match.group(1)
        if not word.islower() and not _opening_word(content, match):
            continue  # a name ("Sofia", "TV", "Hearth & Pipe")
        word = word.lower()
        other = word_stem(word)
        if other is not None:
            out[stem_of(word)] = other
    return out


def stems_of(*contents: str) -> dict[str, str]:
    """``stems`` of the statements together, each read as the signature reads it (``normalise``), for
    the checks that compare two statements' stems: one map, so that a word gets one representative."""
    from .discourse import strip_discourse
    from .signature import normalise

    out: dict[str, str] = {}
    for content in contents:
        out.update(stems(normalise(strip_discourse(content)[0])))
    return out


@lru_cache(maxsize=65536)
def word_stem(word: str) -> str | None:
    """The stem of the representative of one lower-case word, None when it is its own or the rule's
    tables read it (``stems``)."""
    from .signature import stem_of

    if not lexicon.available() or _tabled(stem_of(word)):
        return None
    other = _form(word)
    return None if other is None or _tabled(stem_of(other)) else stem_of(other)


def _opening_word(content: str, match: re.Match[str]) -> bool:
    """Whether a capitalised word is a word written first ("Main repository hosted on GitHub"), not a
    name: it opens the statement or a sentence, is capitalised only first, is no given name ("Rose"),
    and the next word is a lower-case word ("Hearth & Pipe serviced it": a name)."""
    from ..graph.given_names import is_given_name

    word = match.group(1)
    if not word[1:].islower() or content[: match.start()].rstrip()[-1:] not in ("", ".", "!", "?"):
        return False
    following = _WORD_RE.search(content, match.end())
    if following is None or not following.group(1).islower():
        return False
    if content[match.end() : following.start()].strip():  # "Hearth & Pipe", "Ana, Tom's sister"
        return False
    return not is_given_name(word.lower())


def _tabled(stem: str) -> bool:
    """Whether the rule's own tables read the stem (a synonym or filler of ``signature``)."""
    from .signature import _canonical

    canon, fillers = _canonical()
    return stem in canon or stem in fillers


@lru_cache(maxsize=65536)
def _form(word: str) -> str | None:
    """The representative of ``word`` (lower case), or None when it is its own."""
    if len(word) < MIN_LENGTH or not word.isalpha() or word in _skip_words():
        return None
    american = spelling(word)
    if american is not None:
        word = american
    return one_meaning(word) or american


@lru_cache(maxsize=1)
def _skip_words() -> frozenset[str]:
    from .. import text
    from .signature import MARKERS

    return frozenset(text.STOPWORDS) | MARKERS


@lru_cache(maxsize=65536)
def spelling(word: str) -> str | None:
    """The American spelling of a British one ("colour" -> "color", "paediatrician" ->
    "pediatrician", "travelled" -> "traveled"), when WordNet has it and reads every sense of the British
    form in it; else None."""
    for pattern, replacement in _SPELLINGS:
        variant = pattern.sub(replacement, word, count=1)
        if variant == word:
            continue
        mine, theirs = _all_senses(word), _all_senses(variant)
        if theirs and mine <= theirs:
            return variant
    return None


def _all_senses(word: str) -> frozenset[lexicon.Synset]:
    return lexicon.senses(word, 1000)


@lru_cache(maxsize=65536)
def one_meaning(word: str) -> str | None:
    """The representative of the words whose most frequent sense ``word``'s most frequent sense is (the
    first such word in WordNet's order of the synset: "automobile" -> "car", "shuts" -> "close"); None when the word is its own, or is read in
    several parts of speech that the sense-tagged corpus saw (module docstring)."""
    import lemminflect

    readings = lemminflect.getAllLemmas(word)
    if any(lemma in _LIGHT for forms in readings.values() for lemma in forms):
        return None  # "goes swimming", "takes a walk": a light verb's first sense is not what it says
    tags = {_POS_OF_TAG[upos[0]] for upos in readings if upos[0] in _POS_OF_TAG}
    lemmas = {lemma for forms in readings.values() for lemma in forms} or {word}
    # every part of speech WordNet reads the word in, through each of its lemmas
    parts = {
        (pos, first)
        for lemma in lemmas
        for pos, first in lexicon.first_senses(lemma).items()
        if not tags or pos in tags or word == lemma
    }
    if len(parts) > 1:  # a part of speech the tagged corpus never saw the word in does not count
        seen = {
            pos
            for lemma in lemmas
            for pos, n in (
                lexicon.tagged_parts(lemma) or dict.fromkeys(lexicon.first_senses(lemma), 1)
            ).items()
            if n
        }
        parts = {(pos, first) for pos, first in parts if pos in seen}
    if len(parts) != 1:
        return None
    ((pos, synset),) = parts
    if pos not in _PARTS:
        return None
    lemma = next((lemma for lemma in lemmas if lexicon.first_senses(lemma).get(pos) == synset), None)
    if lemma is None:
        return None
    members = [w for w in lexicon.synset_words(synset) if w.isalpha() and w.islower()]
    alike = [w for w in members if lexicon.first_senses(w).get(pos) == synset]
    if len(alike) < 2 or lemma not in alike or alike[0] == lemma:
        return None
    return alike[0]
