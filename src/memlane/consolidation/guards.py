"""The guards both consolidation modes share (``kept_apart``): two statements that say other facts
though their words agree: another time (a plan, a duty or a past habit against a fact: ``tense``), a
direction reversed or changed ("from Adyen to Stripe" / "from Stripe to Adyen"), another frequency
("usually" / "rarely"), another degree of liking ("prefers" / "likes" / "loves"), a possession enjoyed
against a liking ("enjoys a discount" / "likes a discount") or a role placed in time with other words
("former manager" / "manager"). Pure functions (WordNet read through ``lexicon``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .. import text
from . import lexicon
from .discourse import strip_discourse
from .signature import WORD_RE, normalise

__all__ = [
    "PHRASE_END",
    "benefit_apart",
    "degree_apart",
    "degree_of",
    "degrees",
    "direction_changed",
    "direction_reversed",
    "frequency_apart",
    "kept_apart",
    "qualifiers_apart",
    "tense",
    "times_apart",
]


_FUTURE = re.compile(r"\b(?:will|shall|going to)\b|'ll\b")


#: a duty, a recommendation, a plan or a wish: the fact is not (yet) done ("has to hand in" /
#: "handed in", "should be changed" / "was changed", "plans to sell" / "sold")
_MODAL = re.compile(
    r"\b(?:should|must|ought to|(?:has|have|had|need|needs|needed|plan|plans|planned|planning|want|wants"
    r"|wanted|intend|intends|intended|hope|hopes|hoped|would like|is supposed|are supposed|was supposed) to)\b"
)


_USED_TO = re.compile(r"\bused to\b")


_PAST_AUX = frozenset(["was", "were", "did", "had"])


_BE_NOW = frozenset(["is", "are", "am", "re", "m"])  # not "s": possessive or "is"


_NOT_PAST = frozenset(["would", "could", "should", "might", "must", "ought", "been"])


#: pairs of times that are other facts: a plan or a thing under way is not one done, a past habit
#: is not a present one
_APART = {frozenset(p) for p in (("past", "future"), ("past", "ongoing"), ("used", "present"),
                                 ("used", "future"), ("used", "ongoing"), ("modal", "past"),
                                 ("modal", "present"), ("modal", "used"))}  # fmt: skip


@lru_cache(maxsize=65536)
def tense(content: str) -> str:
    """When a statement places its fact: ``used`` ("used to work"), ``modal`` (a duty, advice, plan
    or wish: "has to", "should", "must", "needs to", "plans to", "wants to"), ``future`` ("will move", "going
    to move"), ``ongoing`` ("is moving"), ``past`` ("moved", "was", "has moved") or ``present``. Read
    from word forms (lemminflect's tables), no tagger: a past participle after a form of *be* is an
    adjective or a passive ("is married", "is employed"), and a bare regular past form may be a
    participle ("Budget review scheduled for…"), so only ``times_apart`` compares these."""
    low = normalise(content, plans=False).lower()
    if _USED_TO.search(low):
        return "used"
    if _MODAL.search(low):
        return "modal"
    if _FUTURE.search(low):
        return "future"
    import lemminflect

    words = WORD_RE.findall(low)
    previous = ""
    found = "present"
    for word in words:
        if word in _PAST_AUX:
            found = "past"
        elif previous in _BE_NOW and word.endswith("ing") and lemminflect.getAllLemmas(word).get("VERB"):
            return "ongoing"
        elif previous not in _BE_NOW and previous != "be" and word not in _NOT_PAST:
            form = "VBN" if previous in ("has", "have") else "VBD"  # "has moved"
            if not (form == "VBN" and word == "got"):
                lemmas = lemminflect.getAllLemmas(word).get("VERB", ())
                if any(word in lemminflect.getInflection(lemma, tag=form) for lemma in lemmas):
                    found = "past"
        previous = word
    return found


def times_apart(a: str, b: str) -> bool:
    """Whether two statements place their fact at times that make them other facts (``tense``): a
    plan or a thing under way and one done ("Sanne is moving to Rotterdam" / "Sanne moved to
    Rotterdam", "will move" / "moved"), a duty, advice, plan or wish and a fact done or present ("has to hand in" /
    "handed in", "should be changed" / "was changed"; beside "will" or "is moving" it is one plan), or a past habit and a present one ("used to work" /
    "works"). Past and present alone are not compared ("was moved to 10 am" / "takes place at 10 am"
    say one thing, and a bare past form may be a participle)."""
    return frozenset((tense(a), tense(b))) in _APART


#: where a direction starts and ends ("from Adyen to Stripe", "into a studio")
_SOURCE_WORDS = frozenset(["from"])


_TARGET_WORDS = frozenset(["to", "into", "onto", "towards", "toward"])


#: words that end the phrase after "from" / "to": other prepositions, conjunctions, time words
PHRASE_END = frozenset(
    re.findall(
        r"\w+",
        "from to into onto towards toward by on in at for with after before since until during and or but "
        "because when while last next this every each yesterday today tomorrow ago",
    )
)


_SKIPPED = frozenset(["the", "a", "an", "its", "his", "her", "their", "our", "my", "your"])


_TOKEN_RE = re.compile(r"[\w'-]+")


def _ends(content: str) -> tuple[frozenset[str], frozenset[str]]:
    """The words (stems) a statement's direction starts from ("from X") and goes to ("to / into Y"):
    each the phrase after its preposition, up to the next preposition, conjunction or time word."""
    tokens = _TOKEN_RE.findall(strip_discourse(content)[0].lower())
    source: set[str] = set()
    target: set[str] = set()
    for i, token in enumerate(tokens):
        if token not in _SOURCE_WORDS and token not in _TARGET_WORDS:
            continue
        into = source if token in _SOURCE_WORDS else target
        for word in tokens[i + 1 :]:
            if word in PHRASE_END:
                break
            if word not in _SKIPPED:
                into.update(text.content_words(word))
    return frozenset(source), frozenset(target)


def direction_reversed(a: str, b: str) -> bool:
    """Whether one statement goes from what the other goes to, both saying where from and where to:
    "switched from Adyen to Stripe" /
    "switched from Stripe to Adyen", "moved from Figma to Sketch" / "was moved from Sketch to
    Figma" (the order of the phrases, "to Stripe from Adyen", does not matter)."""
    source_a, target_a = _ends(a)
    source_b, target_b = _ends(b)
    if not (source_a and target_a and source_b and target_b):  # "works from the office" is no direction
        return False
    return bool(source_a & target_b) or bool(source_b & target_a)


def _named_ends(content: str) -> tuple[frozenset[str], frozenset[str]]:
    """The names (capitalised words but the first, lower-cased) right after "from" and after "to" /
    "into"...: "a flight to Abuja" -> ((), ("abuja",))."""
    tokens = _TOKEN_RE.findall(strip_discourse(content)[0])
    source: set[str] = set()
    target: set[str] = set()
    for i, token in enumerate(tokens):
        low = token.lower()
        if low not in _SOURCE_WORDS and low not in _TARGET_WORDS:
            continue
        into = source if low in _SOURCE_WORDS else target
        for word in tokens[i + 1 :]:
            if word.lower() in PHRASE_END:
                break
            if word[:1].isupper():
                into.add(word.lower())
    return frozenset(source), frozenset(target)


def direction_changed(a: str, b: str) -> bool:
    """Whether a name one statement goes to is where the other comes from: "Tove has a flight to
    Nairobi" / "Tove has a flight from Nairobi" (``direction_reversed`` with one end given; only names,
    since "works from the office" / "goes to the office" may be one habit)."""
    source_a, target_a = _named_ends(a)
    source_b, target_b = _named_ends(b)
    return bool((source_a & target_b) - (source_b | target_a)) or bool(
        (source_b & target_a) - (source_a | target_b)
    )


#: frequency and degree adverbs, each with its class; "always", "every", "each" say what an unmarked
#: habit says ("drinks tea every morning" / "drinks tea in the morning"), the others hedge it; "never"
#: is a negation ("doesn't eat meat" / "never eats meat"), which the signature compares
_FREQUENCY = {
    **dict.fromkeys(["sometimes", "occasionally", "periodically"], "sometimes"),
    **dict.fromkeys(["often", "frequently", "regularly"], "often"),
    **dict.fromkeys(["usually", "normally", "generally", "typically", "mostly"], "usually"),
    **dict.fromkeys(["rarely", "seldom", "hardly", "barely"], "rarely"),
}


def _frequency(content: str) -> frozenset[str]:
    return frozenset(_FREQUENCY[w] for w in WORD_RE.findall(content.lower()) if w in _FREQUENCY)


def frequency_apart(a: str, b: str) -> bool:
    """Whether two statements say how often with other words: "drinks green tea every morning" /
    "sometimes drinks green tea in the morning", "usually" / "rarely" ("always", "every" and "each"
    are the unmarked habit)."""
    return _frequency(a) != _frequency(b)


#: how strongly a statement likes or dislikes: "prefers" compares (so does "would rather", and "likes …
#: more / better than"), "loves" is stronger than "likes" and "hates" than "dislikes", while "likes",
#: "enjoys" and "is fond of" say one thing; each verb (lemma) -> its degree
_DEGREE = {
    **dict.fromkeys(["like", "enjoy", "fond"], "like"),
    **dict.fromkeys(["love", "adore"], "love"),
    **dict.fromkeys(["prefer", "rather", "preference"], "prefer"),
    **dict.fromkeys(["favourite", "favorite"], "favourite"),
    **dict.fromkeys(["dislike"], "dislike"),
    **dict.fromkeys(["hate", "detest", "loathe"], "hate"),
}


#: "like" as a comparison, not a liking: "is like", "looks like", "just like"
_LIKE_COMPARES = frozenset(["is", "are", "was", "were", "be", "been", "s", "re", "m", "look", "looks",
                            "looked", "sound", "sounds", "feel", "feels", "seem", "seems", "just",
                            "exactly", "much", "nothing", "something", "very"])  # fmt: skip


_COMPARATIVE_RE = re.compile(r"\b(?:more|better)\s+than\b")


@lru_cache(maxsize=65536)
def degrees(content: str) -> frozenset[str]:
    """The degrees of liking a statement says (``_DEGREE``): "Omar prefers trains" -> ``prefer``, "Leo
    loves Nora" -> ``love``; "likes X more than Y" is a preference; "is like" is a comparison, none."""
    words = WORD_RE.findall(strip_discourse(content)[0].lower())
    found: set[str] = set()
    for i, word in enumerate(words):
        kind = degree_of(word)
        if kind == "like" and word.startswith("like") and i and words[i - 1] in _LIKE_COMPARES:
            continue
        if kind == "like" and _COMPARATIVE_RE.search(" ".join(words[i:])):
            kind = "prefer"
        if kind is not None:
            found.add(kind)
    return frozenset(found)


@lru_cache(maxsize=65536)
def degree_of(word: str) -> str | None:
    """The degree of liking ``word`` or one of its lemmas says (``_DEGREE``), if any."""
    import lemminflect

    lemmas = {word} | {x for ls in lemminflect.getAllLemmas(word).values() for x in ls}
    return next((_DEGREE[x] for x in sorted(lemmas) if x in _DEGREE), None)


#: WordNet's lexicographer file of possessions (noun.possession: "discount", "pension", "salary")
_NOUN_POSSESSION = 21
#: words that end the phrase a verb acts on ("enjoys a discount **at** the gym")
_PHRASE_STOP = frozenset(
    re.findall(
        r"\w+", "at in on for from with to by of about during since until because and or but when while"
    )
)


@lru_cache(maxsize=65536)
def benefit(content: str) -> str | None:
    """The possession a statement says someone **enjoys** in WordNet's first sense of the verb, "have
    for one's benefit" ("Lea enjoys a discount at the gym", "enjoys a generous pension"): the noun
    ending the phrase after "enjoy" (before a preposition, at most four words on) when one of its
    three most frequent noun senses is a possession (noun.possession). None otherwise ("enjoys
    hiking", "enjoys jazz": the pleasure sense, a liking)."""
    words = WORD_RE.findall(strip_discourse(content)[0].lower())
    for i, word in enumerate(words):
        if word not in ("enjoy", "enjoys", "enjoyed", "enjoying"):
            continue
        head = None
        for after in words[i + 1 : i + 5]:
            if after in _PHRASE_STOP:
                break
            if lexicon.part_of_speech(after) == "n":
                head = after
        if head is not None and any(
            lexicon.lex_file(s) == _NOUN_POSSESSION for s in lexicon.noun_senses(head, 3)
        ):
            return head
    return None


def benefit_apart(a: str, b: str) -> bool:
    """Whether one statement says someone enjoys a possession (``benefit``: has it, to their benefit)
    and the other says a liking without it: "Lea enjoys a discount at the gym" / "Lea likes a discount
    at the gym" (a discount she has / one she would welcome). The word rule reads "enjoys" as "likes"
    (``signature.SYNONYMS``), right for "enjoys hiking", not for the sense of having."""
    return any(
        benefit(x) is not None and benefit(y) is None and bool(degrees(y)) for x, y in ((a, b), (b, a))
    )


def degree_apart(a: str, b: str) -> bool:
    """Whether both statements say how much someone likes something, in other degrees: "Omar prefers
    trains" / "Omar likes trains" (a comparison is not a liking), "Leo loves Nora" / "Leo likes Nora"
    (a merge would lose the intensity); "likes" / "enjoys" are one. A statement with no such word is
    not compared ("Kira wants short emails" / "Kira prefers short emails")."""
    da, db = degrees(a), degrees(b)
    return bool(da) and bool(db) and da != db


#: words that place a role or a relation in time: "Priya's former manager" is not her manager, nor
#: is her "new", "acting" or "late" one the same statement as "her manager" (``qualifiers_apart``)
_QUALIFIERS = frozenset(
    re.findall(
        r"\w+", "former ex previous prior late future new old acting interim outgoing incoming erstwhile"
    )
)


def qualifiers_apart(a: str, b: str) -> bool:
    """Whether the statements place a role in time with other words ("Priya's manager is Rahul" /
    "Priya's former manager is Rahul", "ex-wife" / "wife", "acting CEO" / "CEO"): the tokenizer drops
    some of them ("former") as stopwords."""
    return _qualifiers(a) != _qualifiers(b)


def _qualifiers(content: str) -> frozenset[str]:
    return frozenset(w for w in WORD_RE.findall(content.lower()) if w in _QUALIFIERS)


def kept_apart(a: str, b: str) -> bool:
    """The guards both consolidation modes share (the word rule's ``compatible_parts`` and
    ``paraphrases.guarded``): times apart (a plan, a duty or a wish against a fact done), a direction
    reversed or a name's direction changed ("to Abuja" / "from Abuja"), another frequency, another
    degree of liking ("prefers" / "likes" / "loves"), a possession enjoyed against a liking
    (``benefit_apart``), or a role placed in time with other words ("former manager" / "manager":
    ``qualifiers_apart``)."""
    return (
        qualifiers_apart(a, b)
        or times_apart(a, b)
        or direction_reversed(a, b)
        or direction_changed(a, b)
        or frequency_apart(a, b)
        or degree_apart(a, b)
        or benefit_apart(a, b)
    )
