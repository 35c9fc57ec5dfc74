"""Evidence that two statements of other words say other facts, whoever proposed them as one (the
paraphrase mode's word rules, the contextual alignment or an LLM judge): ``structure_apart``, which
``paraphrases.guarded`` calls. Pure functions, no I/O; WordNet through ``lexicon``.

Each veto reads what a statement's structure says, not its words' likeness:

- **who teaches** (``_teaching_apart``): teaching said by one statement only ("teaches Arabic",
  "gives piano lessons", "is a piano teacher") beside one that does not say it ("takes Arabic
  lessons", "has piano on Thursdays", "is learning the ukulele"): the doer and the learner of one
  lesson are other roles;
- **what one does with a thing** (``_possession_apart``): both statements say a verb of possession
  (WordNet's verb.possession: have, own, rent, sell, buy, lend…) and one says one the other has no
  synonym or derivation of ("has a cabin" / "rents a cabin", "owns shares" / "sold shares");
- **a compound that is another thing** (``_compound_apart``): a word one statement says inside a
  longer word, hyphenated or glued, whose other part the other does not say ("mother" /
  "mother-in-law", "teacher" / "headteacher"; not "on call" / "on-call", "three bedrooms" /
  "three-bedroom");
- **a rank** (``RANKS``): a rank said before a noun by one statement only ("a level designer" / "the
  **lead** level designer", "a **senior** engineer");
- **becoming** (``_BECOMING_RE``): "is training / studying / hoping to become" beside a statement of
  being: a goal is not the state;
- **kinds of one thing** (``_kin_apart``): a noun each statement says and the other does not, both
  kinds of one thing in WordNet ("a house" / "an apartment"), whatever an alignment matched them with;
- **an action said as a purpose** (``_purpose_apart``): a verb's -ing form after "for", "of", "by"…
  that the other statement says nothing of ("a budget for a house" / "a budget for renovating the
  house"; "a renovation budget" says it);
- **a frame added** (``frame_added``): a verb governing another through "to" said by one statement
  only ("is **learning** to play the setar" / "plays the setar", "**used** to swim", "**tries** to
  run"): an attempt, a habit past or a stage is another fact; and **a report** (``reported``):
  another reporting or belief verb ("Rosa **thinks** the landlord is lying" / "The landlord is
  lying"). The word rule's confirmation (``confirmation``) refuses both too;
- **what a number counts** (``_counted_apart``): one statement puts a noun between a number and the
  word the other says after it ("4 hours" / "4 **business** hours", "3 bedrooms" / "3 **double**
  bedrooms").
"""

from __future__ import annotations

import re
from functools import lru_cache

from . import lexicon
from .signature import normalise

__all__ = ["RANKS", "REPORTING", "frame_added", "reported", "structure_apart"]

_TOKEN_RE = re.compile(r"\d+(?:[.,:]\d+)*|[a-z]+(?:-[a-z]+)*")


def _tokens(content: str) -> list[str]:
    return _TOKEN_RE.findall(content.lower().replace("’", "'"))


def structure_apart(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` say other facts by one of the module docstring's vetoes."""
    ta, tb = _tokens(normalise(a)), _tokens(normalise(b))  # "four hours" as "4 hours"
    return (
        _teaching_apart(a, b)
        or _possession_apart(ta, tb)
        or _compound_apart(ta, tb)
        or _rank_apart(ta, tb)
        or bool(_BECOMING_RE.search(a)) != bool(_BECOMING_RE.search(b))
        or _counted_apart(ta, tb)
        or _kin_apart(ta, tb)
        or _purpose_apart(ta, tb)
        or frame_added(a, b)
        or frame_added(b, a)
        or reported(a) != reported(b)
    )


#: teaching said: teach / tutor / instruct and their doers, or lessons and classes given
_TEACHING_RE = re.compile(
    r"\b(?:teach\w*|taught|tutor\w*|instruct\w*|(?:give|gives|gave|giving|given)\s+(?:\w+\s+){0,2}"
    r"(?:lessons?|classes|class|tuition|lectures?|courses?))\b",
    re.IGNORECASE,
)


def _teaching_apart(a: str, b: str) -> bool:
    return bool(_TEACHING_RE.search(a)) != bool(_TEACHING_RE.search(b))


#: the verbs of possession that say no more than having ("has", "gets"): compared only as "have"
_LIGHT_POSSESSION = frozenset(["get", "take", "give", "keep", "hold"])


@lru_cache(maxsize=65536)
def _possession_verb(word: str) -> str | None:
    """``word``'s verb when one of its two most frequent verb senses is one of possession (WordNet's
    verb.possession: "rents" -> "rent", "sold" -> "sell", "owns" -> "own", "has" -> "have"), else None."""
    import lemminflect

    if word.endswith("ing") or "-" in word:
        return None  # "a building", "housing": nouns first
    lemmas = lemminflect.getAllLemmas(word).get("VERB", ())
    if not lemmas:
        return None
    lemma = lemmas[0]
    if lemma in _LIGHT_POSSESSION:
        return None
    senses = [s for s in lexicon.senses(lemma, 2) if s[0] == "v"]
    if not any(lexicon.lex_file(s) == 40 for s in senses):
        return None
    return lemma


#: words after which a verb's object starts: "rents **a** cabin", "sold **300** shares"
_OBJECT_START = frozenset(
    ["a", "an", "the", "his", "her", "their", "my", "our", "its", "your", "some", "all"]
)


def _possessions(tokens: list[str]) -> set[str]:
    """The verbs of possession ``tokens`` say, each read as a verb only before its object (a
    determiner or a number: "rents a cabin", not "the rent is"; "has" always)."""
    out = set()
    for i, word in enumerate(tokens):
        verb = _possession_verb(word)
        following = tokens[i + 1] if i + 1 < len(tokens) else ""
        if verb is not None and (verb == "have" or following in _OBJECT_START or following[:1].isdigit()):
            out.add(verb)
    return out


def _possession_apart(ta: list[str], tb: list[str]) -> bool:
    va, vb = _possessions(ta), _possessions(tb)
    if not va or not vb or va == vb:
        return False
    return any(
        not any(x == y or lexicon.related(x, y) for y in other)
        for mine, other in ((va, vb), (vb, va))
        for x in mine - other
    )


def _parts(word: str, said: set[str]) -> list[str]:
    """The words ``word`` is made of: its hyphenated parts ("mother-in-law"), or, glued, a word the
    other statement says at its end and a word before it ("headteacher": "head", "teacher")."""
    if "-" in word:
        return word.split("-")
    for tail in said:
        if len(tail) >= 4 and len(word) - len(tail) >= 3 and word.endswith(tail):
            head = word[: -len(tail)]
            if lexicon.parts_of_speech(head) and lexicon.part_of_speech(word):
                return [head, tail]
    return []


@lru_cache(maxsize=65536)
def _lemma(word: str) -> str:
    """``word``'s noun or verb lemma ("bedrooms" -> "bedroom", "sold" -> "sell"), else itself."""
    import lemminflect

    forms = lemminflect.getAllLemmas(word)
    for pos in ("NOUN", "VERB"):
        if forms.get(pos):
            return str(forms[pos][0])
    return word


def _compound_apart(ta: list[str], tb: list[str]) -> bool:
    for mine, other in ((ta, tb), (tb, ta)):
        said = set(other) | {_lemma(w) for w in other}
        for word in set(mine) - said:
            if any(c.isdigit() for c in word) or len(word) < 6:
                continue
            parts = _parts(word, said)
            if len(parts) < 2 or not any(_lemma(p) in said and len(p) >= 3 for p in parts):
                continue
            rest = [p for p in parts if p not in said and _lemma(p) not in said and not _number_word(p)]
            if rest:
                return True  # "mother-in-law" beside "mother": "law" is not said
    return False


_NUMBER_WORDS = frozenset(
    [
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "first",
        "second",
        "third",
        "half",
    ]
)


def _number_word(word: str) -> bool:
    return word in _NUMBER_WORDS or word.isdigit()


#: ranks before a noun: the same role at another level
RANKS = frozenset(
    ["lead", "senior", "junior", "deputy", "assistant", "associate", "trainee", "apprentice", "head", "vice"]
)
#: words after which a rank word is no modifier ("the head of", "leads to", "the team's lead is Ana")
_NOT_MODIFIED = frozenset(
    ["of", "to", "for", "in", "at", "on", "the", "a", "an", "and", "or", "with", "is", "was", "are", "were"]
)


def _ranks(tokens: list[str]) -> set[str]:
    return {
        w
        for w, nxt in zip(tokens, tokens[1:], strict=False)
        if w in RANKS and nxt not in _NOT_MODIFIED and nxt.isalpha() and nxt not in RANKS
    }


def _rank_apart(ta: list[str], tb: list[str]) -> bool:
    ra, rb = _ranks(ta), _ranks(tb)
    return bool((ra - set(tb)) or (rb - set(ta)))


#: working towards a role: "is training to become", "studying to be", "hopes to become"
_BECOMING_RE = re.compile(r"\bto\s+become\b|\b(?:training|studying|learning)\s+to\s+be\b", re.IGNORECASE)


def _counted_apart(ta: list[str], tb: list[str]) -> bool:
    for mine, other in ((ta, tb), (tb, ta)):
        said = set(other)
        for i, token in enumerate(mine[:-2]):
            if not token[0].isdigit():
                continue
            modifier, counted = mine[i + 1], mine[i + 2]
            if modifier in said or not modifier.isalpha() or counted[0].isdigit():
                continue
            for j, t in enumerate(other[:-1]):
                if (
                    t == token
                    and other[j + 1] == counted
                    and lexicon.part_of_speech(modifier) in ("n", "a", "v")
                ):
                    return True  # "4 hours" / "4 business hours", "5 days" / "5 working days"
    return False


#: hypernym steps within which two nouns are kinds of one thing (as ``paraphrases.KIN``)
_KIN = 2


def _nouns(tokens: list[str]) -> set[str]:
    return {
        _lemma(w)
        for w in tokens
        if w.isalpha() and len(w) > 2 and lexicon.part_of_speech(w) == "n" and lexicon.is_common(w)
    }


def _kin_apart(ta: list[str], tb: list[str]) -> bool:
    """Whether each statement says a noun the other does not and the two are kinds of one thing
    (WordNet, within ``_KIN`` hypernym steps, no synonyms, neither a kind of the other: "mom" is a
    "mother"): "a house" / "an apartment", "a cat" / "a dog" — one put for the other, whichever word
    an alignment matched them with."""
    na, nb = _nouns(ta), _nouns(tb)
    only_a, only_b = na - nb, nb - na
    return any(
        lexicon.kin(x, y, _KIN) and not lexicon.related(x, y) and not lexicon.kind_of(x, y, _KIN)
        for x in only_a
        for y in only_b
    )


#: prepositions after which a verb's -ing form says what for or how ("a budget **for renovating**")
_PURPOSE = frozenset(["for", "of", "by", "on", "about", "towards"])


def _purpose_apart(ta: list[str], tb: list[str]) -> bool:
    """Whether one statement says an action after a preposition ("a budget for **renovating** the
    house") that the other says nothing of (no word of its verb, no derivation: "a renovation budget"
    says it): the budget of a house is not the budget of its renovation."""
    for mine, other in ((ta, tb), (tb, ta)):
        for before, word in zip(mine, mine[1:], strict=False):
            if before not in _PURPOSE or not word.endswith("ing") or word in other:
                continue
            verb = _lemma(word)
            if verb == word or not lexicon.is_verb(verb):
                continue
            if not any(_lemma(o) == verb or lexicon.related(verb, o) for o in other if o.isalpha()):
                return True
    return False


_LOWER_WORD_RE = re.compile(r"[a-z]+")


def frame_added(a: str, b: str) -> bool:
    """Whether ``a`` says a verb before "to" and a verb ("is learning to play", "used to swim",
    "tries to run") whose lemma ``b`` does not say: a frame round the fact that makes it another."""
    import lemminflect

    words = _LOWER_WORD_RE.findall(a.lower())
    others = _lemmas(b)
    for i in range(len(words) - 2):
        if words[i + 1] != "to":
            continue
        frame = lemminflect.getAllLemmas(words[i]).get("VERB", ())
        governed = lemminflect.getAllLemmas(words[i + 2]).get("VERB", ())
        if (
            frame
            and governed
            and lexicon.part_of_speech(governed[0]) == "v"  # "listens to jazz": no verb governed
            and frame[0] not in ("be", "have")
            and frame[0] not in others
        ):
            return True
    return False


#: verbs that report what someone said or believes: "Rosa thinks the landlord is lying" is Rosa's
#: belief, not the fact "The landlord is lying" (the signature drops them, ``signature.FILLERS``)
REPORTING = frozenset(
    ["say", "tell", "mention", "note", "remember", "think", "believe", "suspect", "guess", "claim"]
)


def reported(content: str) -> frozenset[str]:
    """The lemmas of ``REPORTING`` ``content`` says."""
    return _lemmas(content) & REPORTING


def _lemmas(content: str) -> frozenset[str]:
    """Every lemma lemminflect reads of each word of ``content``, in any part of speech."""
    import lemminflect

    return frozenset(
        lemma
        for w in _LOWER_WORD_RE.findall(content.lower())
        for lemmas in lemminflect.getAllLemmas(w).values()
        for lemma in lemmas
    )
