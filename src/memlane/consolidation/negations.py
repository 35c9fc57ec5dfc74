"""A negation said by a word, read from WordNet: "is vegetarian" / "doesn't eat meat": pure functions.

The paraphrase mode's anchors compare a negation said with "not", "never" or "no" (``paraphrases``), so
a statement that says it with a word of its own ("Anjali is **vegetarian**", "Daniel is **teetotal**",
"the bakery is **closed** on Mondays", "Ebru is **lactose intolerant**") was never compared with the
same fact said with "not". ``denied`` reads what such a word denies, from two things WordNet says of
the word's most frequent sense (per part of speech), with no list of words of its own:

1. **An antonym written as the word less a negative prefix**: "intolerant" is in- + "tolerant" and
   WordNet's antonym of it, "unmarried" un- + "married", "nonsmoker" non- + "smoker": the word says
   "not" its antonym. An antonym without the prefix is not a negation ("cold" is not "not hot").
2. **A gloss that says a negation**: a definition of the sense with "not", "no", "without", "never",
   "excluding", "abstain(ing) from", "abstinence from", "inability to" or "unable to", read up to the
   next "or", "and" or comma (its first alternative), with the verb right before a "no":
   vegetarian: "someone who **eats no meat** or fish…" denies {eat, meat}; teetotal: "practicing
   complete **abstinence from alcoholic beverages**" denies {alcoholic, beverage}; closed: "**not
   open** or affording passage…" denies {open}.

A word with a noun before it that WordNet knows as one compound with the word's noun ("lactose
intolerant": ``lactose_intolerance``, "inability to digest milk…") denies what the compound denies too.
``paraphrases.verdict`` (paraphrase mode) confirms a statement with such a word and one with "not" only
when every word of each is accounted for: the word by the negation, and each word the negated
statement says beside it by a word it denies (``covered``: the same word or a WordNet relative).
"""

from __future__ import annotations

import re
from functools import lru_cache

from . import lexicon

__all__ = ["covered", "denied"]

#: prefixes that negate the word they are put before ("in-tolerant", "un-married", "non-smoker")
_PREFIXES = ("non", "dis", "un", "in", "im", "il", "ir")
#: what a gloss says a negation with; the words after it are what is denied
_CUE_RE = re.compile(
    r"\b(?:not|no|without|never|excluding|abstain(?:s|ing)?\s+from|abstinence\s+from|inability\s+to"
    r"|unable\s+to)\s+(?P<rest>.*)"
)
#: where a denied phrase ends: its first alternative ("eats no meat **or** fish")
_END_RE = re.compile(r"\s+(?:or|and|but|that|which|who)\s+|[,;:(]")
_WORD_RE = re.compile(r"[a-z]+")
#: gloss words that say nothing a statement would ("a person who does not **do anything**")
_EMPTY = frozenset(
    re.findall(
        r"\w+",
        "a an the any all some of to in on at for from with by as its their his her one someone something "
        "person people be being is are was were do does did have has having complete total completely "
        "totally usually often especially particular specified longer",
    )
)


@lru_cache(maxsize=65536)
def denied(word: str, before: str = "") -> frozenset[str]:
    """The words ``word`` says a negation of (module docstring), empty when it says none; ``before``,
    the word said right before it, is read as a compound's first part ("lactose" "intolerant")."""
    found: set[str] = set()
    for lemma in lexicon.lemmas(word):
        for part, synset in lexicon.first_senses(lemma).items():
            if part in ("a", "r") and lemma != word.lower():  # "lives" is no adverb "live" ("not recorded")
                continue
            found |= _prefixed_antonym(lemma, synset)
            found |= _gloss_denies(synset)
        if before:
            found |= _compound_denies(before, lemma)
    return frozenset(found)


def _prefixed_antonym(lemma: str, synset: lexicon.Synset) -> set[str]:
    out: set[str] = set()
    for prefix in _PREFIXES:
        rest = lemma.removeprefix(prefix)
        if rest == lemma or len(rest) < 3:
            continue
        for symbol, target in lexicon.pointers(synset):
            if symbol == "!" and rest in (w.lower() for w in lexicon.synset_words(target)):
                out.add(rest)
    return out


def _gloss_denies(synset: lexicon.Synset) -> set[str]:
    """The words a definition of ``synset``'s gloss denies (module docstring, 2), quoted examples and
    parenthesised asides left out."""
    out: set[str] = set()
    for part in lexicon.gloss(synset).split(";"):
        part = re.sub(r"\([^)]*\)", " ", part).strip().lower()
        if not part or part.startswith('"'):
            continue
        for cue in _CUE_RE.finditer(part):
            rest = _END_RE.split(cue.group("rest"), maxsplit=1)[0]
            words = [w for w in _WORD_RE.findall(rest) if w not in _EMPTY]
            if cue.group().startswith("no "):  # "eats no meat": the verb before "no" is denied too
                before = _WORD_RE.findall(part[: cue.start()])
                if before and lexicon.part_of_speech(before[-1]) == "v":
                    words.append(before[-1])
            out.update(words)
            break
    return out


def _compound_denies(before: str, lemma: str) -> set[str]:
    """What a WordNet compound of ``before`` and ``lemma`` (or of ``lemma``'s noun derivation:
    "intolerant" -> "intolerance") denies: "lactose" + "intolerant" -> ``lactose_intolerance``."""
    nouns = {lemma}
    for synset in lexicon.first_senses(lemma).values():
        nouns |= {
            w.lower()
            for symbol, target in lexicon.pointers(synset)
            if symbol == "+" and target[0] == "n"
            for w in lexicon.synset_words(target)
        }
    out: set[str] = set()
    for noun in sorted(nouns):
        for synset in lexicon.first_senses(f"{before.lower()}_{noun}").values():
            out |= _gloss_denies(synset)
    return out


def covered(word: str, words: frozenset[str], senses: int = lexicon.SENSES) -> bool:
    """Whether ``word`` is one of ``words`` (a denial's) or a WordNet relative of one (``lexicon.related``:
    "alcohol" / "alcoholic", "drink" / "beverage", "tolerate" / "tolerant")."""
    forms = set(lexicon.lemmas(word))
    return any(forms & set(lexicon.lemmas(w)) or lexicon.related(word, w, senses) for w in words)
