"""Words the word rule's confirmation may leave unmatched: pure functions, no I/O, no embedder.

``confirmation`` joins two statements a word or two apart when every word one says and the other does
not is a WordNet synonym or derivational relative of a word the other says (``paraphrases.verdict``
with no framing word). Restatements often say one more word, or a more specific one, that changes
nothing: "Kofi has hypertension" / "Kofi **suffers** from hypertension", "Hamza **runs** a phone
repair shop" / "Hamza has a phone repair shop", "Svetlana **emigrated** to Israel" / "Svetlana moved
to Israel". ``accounted`` confirms such a pair (after ``verdict`` found no evidence of another fact:
no guard, opposite, anchor or kin word refused it) when:

1. **a kind of a word the other says**: every word left is a verb whose sense is a kind of a verb the
   other statement says (WordNet's hypernyms, ``KIND_DEPTH`` steps, first ``lexicon.SENSES`` senses:
   "emigrated" / "moved", "sips" / "drinks", "landed" / "arrived"), or a verb that is a kind of a
   light verb the other says in its place ("wears" / "has", "underwent" / "had", "belongs" / "is");
2. or **one framing word**: a single word said by one statement only, which ``verdict`` with one
   framing word (``extra=1``) confirms — a verb or an abstract noun, never a person, a thing, an
   adjective, a particle or a word that changes the claim — and which changes nothing here:
   - both statements say the same degree of liking (``guards.degrees``), and the word is no verb of
     emotion (WordNet's verb.emotion: "Yara **likes** playing the piano" / "Yara plays the piano");
   - both statements place their fact at one time (``guards.tense``: "Zainab **applied** for a
     scholarship" / "Zainab has a scholarship", "is **selling** her cabin" / "has a cabin", "**sold**
     his horses" / "keeps two horses" stay apart);
   - it is no item of a list the other says a shorter one of ("every spring **and autumn**" / "every
     spring") nor part of a hyphenated word ("mother-**in-law**" / "mum");
   - a verb of change (WordNet's verb.change: "died", "finished", "stopped") said as the clause's
     verb changes the fact ("Arne **died** in 2021" / "Arne was ill in 2021");
   - what an added verb acts on is said by the other, and not as a place or a companion ("Dilnoza
     **owns** a pharmacy" / "is a pharmacist at a pharmacy", "**shares** a kiln" / "with her own
     kiln", "**share** their home" with nothing of a home said).

A version that let one framing word through with none of these checks (fourteenth session) merged 5
different facts for 13 right ones on a blind set; the checks above are those classes (the verbs of
an event done or begun, a role and a place, docs/benchmarks.md).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .. import text
from . import lexicon
from .guards import degrees, tense
from .paraphrases import LIGHT_VERBS, clause_verbs, unaccounted, verdict
from .signature import normalise

__all__ = ["KIND_DEPTH", "accounted"]

#: hypernym steps between a verb and the more general verb it is a kind of (``lexicon.kind_of``)
KIND_DEPTH = 2


def _words(words: str) -> frozenset[str]:
    return frozenset(words.split())


_TOKEN_RE = re.compile(r"[a-z0-9]+(?:['’]s)?")
_WORD_RE = re.compile(r"[a-z]+")
#: words between a verb and the noun it acts on ("owns **a** pharmacy", "shares **her own** kiln")
_DETERMINERS = _words("a an the some any his her their my our its your this that these those own")
#: prepositions that put a noun in a place or beside a companion, not as what a verb acts on ("in"
#: only after a noun or a verb: "fluent in Irish" is what one speaks)
_PLACING = _words("at with near from in on")
#: words that end what a verb acts on
_PHRASE_END = _words(
    "at in with for from on to into onto by near under over and or but as of who which that when while because"
)
_LIGHT = LIGHT_VERBS | {"be"}


def accounted(a: str, b: str, senses: int = lexicon.SENSES) -> bool:
    """Whether the words ``verdict`` leaves unmatched in ``a`` and ``b`` change nothing (module
    docstring). Call it only for a pair ``verdict`` neither confirmed nor refused (0)."""
    left_a, left_b = unaccounted(a, b, senses)
    if not left_a and not left_b:
        return False
    sides = [(w, a, b) for w in left_a] + [(w, b, a) for w in left_b]
    if all(_kind_of_said(w, mine, other, senses) for w, mine, other in sides):
        return True
    if len(left_a) + len(left_b) != 1 or verdict(a, b, senses, extra=1) != 1:
        return False
    word, mine, other = (left_a[0], a, b) if left_a else (left_b[0], b, a)
    return _framing_holds(word, mine, other)


def _kind_of_said(word: str, mine: str, other: str, senses: int) -> bool:
    """Whether ``word`` (of ``mine``) is a verb whose sense is a kind of a verb ``other`` says, with
    the same preposition after both ("emigrated from" / "moved from", not "was raised in" / "moved
    to"), or of a light verb ``other`` says, acting on what it acts on (rule 1)."""
    if lexicon.part_of_speech(word) != "v" or lexicon.is_person(word):
        return False
    head = word.split("_")[0]
    for said in _said(other):
        forms = set(lexicon.lemmas(said))
        if forms & _LIGHT:
            if any(lexicon.kind_of(word, light, KIND_DEPTH, senses) for light in forms & _LIGHT):
                return not _object_apart(head, mine, other)
        elif (
            said != word
            and lexicon.part_of_speech(said) == "v"
            and not lexicon.is_person(said)
            and lexicon.kind_of(word, said, KIND_DEPTH, senses)
        ):
            return _after(head, mine) == _after(said, other)
    return False


#: prepositions compared after two verbs of one kind (``_after``)
_PREPOSITIONS = _words("at in with for from on to into onto by near under over of about")


def _after(word: str, content: str) -> str:
    """The preposition right after ``word`` in ``content`` ("" for none)."""
    tokens = _tokens(content)
    if word not in tokens:
        return ""
    at = tokens.index(word) + 1
    return tokens[at] if at < len(tokens) and tokens[at] in _PREPOSITIONS else ""


@lru_cache(maxsize=65536)
def _said(content: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(_WORD_RE.findall(normalise(content).lower())))


def _framing_holds(word: str, mine: str, other: str) -> bool:
    """Rule 2's checks for the one framing ``word`` of statement ``mine`` (module docstring)."""
    if tense(mine) != tense(other) or degrees(mine) != degrees(other) or _listed(word, mine, other):
        return False
    head = word.split("_")[0]
    if _lex_file(head) == lexicon.VERB_EMOTION:  # "likes playing the piano" / "plays the piano"
        return False
    if (head in clause_verbs(mine) or word in clause_verbs(mine)) and _lex_file(head) == lexicon.VERB_CHANGE:
        return False
    return not (_as_verb(head, mine) and _object_apart(head, mine, other))


def _listed(word: str, mine: str, other: str) -> bool:
    """Whether ``word`` is part of a hyphenated word, or a noun joined by "and" / "or" to a word the
    other statement says (a list the other says a shorter one of)."""
    low = mine.lower()
    head = re.escape(word.split("_")[0])
    if re.search(rf"-{head}\b|\b{head}-", low):
        return True
    if lexicon.part_of_speech(word) != "n":
        return False
    found = re.search(rf"\b(\w+)\s+(?:and|or)\s+{head}\b|\b{head}\s+(?:and|or)\s+(\w+)", low)
    return found is not None and (found.group(1) or found.group(2)) in _said(other)


def _lex_file(verb: str) -> int | None:
    """The lexicographer file of the most frequent verb sense of ``verb`` (``lexicon.verb_files``)."""
    files = lexicon.verb_files(verb)
    return files[0] if files else None


@lru_cache(maxsize=65536)
def _tokens(content: str) -> tuple[str, ...]:
    """The words of ``content`` (possessives kept): read once per statement, not once per check."""
    return tuple(_TOKEN_RE.findall(normalise(content).lower().replace("’", "'")))


def _as_verb(word: str, content: str) -> bool:
    """Whether ``word`` may be a verb and is not said after a determiner or a possessive."""
    import lemminflect

    if not lemminflect.getAllLemmas(word).get("VERB"):
        return False
    tokens = _tokens(content)
    if word not in tokens:
        return True
    at = tokens.index(word)
    return not (at > 0 and (tokens[at - 1] in _DETERMINERS or tokens[at - 1].endswith("'s")))


def _stem(word: str) -> str:
    stems = sorted(text.content_words(word))
    return stems[0] if stems else word


def _object_apart(verb: str, mine: str, other: str) -> bool:
    """Whether the noun ``verb`` acts on in ``mine`` is said by ``other`` after a preposition of place
    or company, or not at all (rule 2's last check); False when the verb acts on no noun."""
    tokens, others = _tokens(mine), _tokens(other)
    if verb not in tokens:
        return False
    at = tokens.index(verb)
    nouns: list[str] = []
    for token in tokens[at + 1 : at + 5]:
        if token in _PHRASE_END:
            break
        if token in _DETERMINERS or (not nouns and lexicon.part_of_speech(token) in ("a", None)):
            continue  # "a small bakery", "their Pune home"
        if token[0].isdigit() or not text.content_words(token) or "n" not in lexicon.parts_of_speech(token):
            break
        nouns.append(token)
    if not nouns:
        return False
    head = nouns[-1]
    found = (
        [i for i, t in enumerate(others) if t == head]
        or [i for i, t in enumerate(others) if _stem(t.removesuffix("'s")) == _stem(head)]
        or [i for i, t in enumerate(others) if lexicon.part_of_speech(t) == "n" and lexicon.related(t, head)]
    )
    if not found:
        return True
    i = found[0] - 1
    while (
        i >= 0
        and others[i] not in _PHRASE_END
        and (others[i] in _DETERMINERS or lexicon.part_of_speech(others[i]) in ("a", "n"))
    ):
        i -= 1
    if i < 0 or others[i] not in _PLACING:
        return False
    return others[i] != "in" or i == 0 or lexicon.part_of_speech(others[i - 1]) != "a"
