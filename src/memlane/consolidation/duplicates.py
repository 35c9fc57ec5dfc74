"""Which current memories say the same thing: pure functions, no I/O.

Two memories are near-duplicates when they are in the same **group** — workspace, owner, visibility,
space, profile, subject and related user, so that nothing ever merges across what the access rule, a
profile or a person keeps apart — and their **signatures** are equal. A signature is the set of the
statement's content words (``text.content_words``: stemmed, stopwords dropped, numbers kept, one
``not`` marker for a negation) after three normalisations that do not change what is said:

- currency symbols read as words (``$1,200`` is ``1,200 dollars``);
- irregular verb forms read as their verb (``began`` is ``begin``, ``bought`` is ``buy``: lemminflect's
  word lists, no model);
- number words up to twelve read as digits (``two kids`` is ``2 kids``);
- words of one meaning are one word (``SYNONYMS``: like / love / enjoy / prefer, start / begin, …),
  and filler words that add nothing to the fact are dropped (``FILLERS``: really, also, actually, and
  reporting verbs such as said or mentioned).

So word order, inflection, articles, punctuation and those synonyms do not keep two statements apart,
while any other word does: another number, date, person, place, object or a negation changes the
signature. The rule errs on the side of keeping apart (a merge hides statements behind one, so a
wrong merge costs more than a missed one); measured in docs/consolidation.md. Equality is transitive,
so clusters never chain (A like B, B like C, A unlike C cannot happen).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from .. import text
from ..models import Memory
from ..text.claims import analyse
from .discourse import strip_discourse

__all__ = [
    "FILLERS",
    "MARKERS",
    "SYNONYMS",
    "compatible_parts",
    "direction_reversed",
    "frequency_apart",
    "group_key",
    "kept_apart",
    "markers",
    "near_duplicate_clusters",
    "normalise",
    "role_swap",
    "roles",
    "signature",
    "tense",
    "times_apart",
]

#: words of one meaning, first of each line the one they become (general English, not data-specific)
SYNONYMS: tuple[tuple[str, ...], ...] = (
    ("like", "love", "enjoy", "prefer", "adore", "fond", "favourite", "favorite"),
    ("dislike", "hate", "detest", "loathe"),
    ("start", "begin", "commence"),
    ("finish", "end", "complete"),
    ("move", "relocate"),
    ("live", "reside"),
    ("work", "employ", "employed"),
    ("buy", "bought", "purchase", "purchased"),
    ("sell", "sold"),
    ("need", "require"),
    ("leave", "depart"),
    ("schedule", "plan", "book"),
    ("manage", "lead", "head"),
    ("afraid", "scared", "frightened"),
    ("allergic", "allergy"),
    ("call", "name", "named", "called"),
    ("big", "large"),
    ("small", "little"),
    ("fast", "quick"),
    ("doctor", "dr", "physician"),
    ("mother", "mom", "mum"),
    ("father", "dad"),
    ("child", "children", "kid", "kids"),
    ("day", "daily"),
    ("week", "weekly"),
    ("month", "monthly"),
    ("year", "yearly", "annual", "annually"),
    ("night", "nightly"),
    ("hour", "hourly"),
)

#: function words that change what a statement says ("every other Friday" is not "every Friday",
#: "coffee without milk" is not "coffee with milk", "before 9" is not "after 9", "went up" is not
#: "went down"): the keyword
#: tokenizer drops them as stopwords, the signature keeps them as markers
MARKERS: frozenset[str] = frozenset(
    re.findall(
        r"\w+",
        "without only other others more most less least few fewer many much before after above below "
        "under over against ago until since again still already same except up down off out",
    )
)

#: words that add nothing to a fact's content: intensifiers and reporting verbs
FILLERS: frozenset[str] = frozenset(
    [
        "really",
        "also",
        "actually",
        "definitely",
        "currently",
        "truly",
        "basically",
        "honestly",
        "certainly",
        "say",
        "said",
        "says",
        "tell",
        "told",
        "mention",
        "mentioned",
        "note",
        "noted",
        "remember",
        "remembered",
        "think",
        "thinks",
        "believe",
    ]
)

_NUMBER_WORDS = dict(
    zip(
        ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"],
        [str(i) for i in range(1, 13)],
        strict=True,
    )
)
_CURRENCY = {"$": " dollars ", "€": " euros ", "£": " pounds ", "¥": " yen "}
_CURRENCY_RE = re.compile("[$€£¥]")
_NUMBER_RE = re.compile(r"\b(" + "|".join(_NUMBER_WORDS) + r")\b", re.IGNORECASE)
_WORD_RE = re.compile(r"[a-z]+")
#: multiplicative adverbs of a frequency ("twice a week" is "two times a week"); "once" only before a
#: period ("once a month"), since "I once lived in Oslo" counts nothing
_TIMES = {"once": "1 time", "twice": "2 times", "thrice": "3 times"}
_TIMES_RE = re.compile(r"\b(twice|thrice|once)(\s+(?:a|an|per|each|every)\b|(?<!once)\b)", re.IGNORECASE)


def _stem(word: str) -> str:
    stems = text.tokenize(word)
    return stems[0] if stems else word


@lru_cache(maxsize=1)
def _canonical() -> tuple[dict[str, str], frozenset[str]]:
    """Stems of ``SYNONYMS`` -> the stem of their first word; stems of ``FILLERS``."""
    canon: dict[str, str] = {}
    for words in SYNONYMS:
        head = _stem(words[0])
        for word in words:
            canon[_stem(word)] = head
    return canon, frozenset(_stem(w) for w in FILLERS)


def signature(content: str) -> frozenset[str] | None:
    """The statement's normalised content words (module docstring); None when fewer than two remain
    (too little to tell a duplicate from a coincidence)."""
    content = strip_discourse(content)[0]  # "FYI, Mira owns a bakery" says what "Mira owns a bakery" says
    normalised = normalise(content)
    canon, fillers = _canonical()
    words = frozenset(
        canon.get(v, v) for v in map(_irregular, text.content_words(normalised)) if v not in fillers
    )
    if len(words) < 2:
        return None
    return words | markers(content)


def normalise(content: str) -> str:
    """Currency symbols as words, number words up to twelve as digits, "twice" as "2 times"."""
    normalised = _CURRENCY_RE.sub(lambda m: _CURRENCY[m.group()], content)
    normalised = _TIMES_RE.sub(lambda m: _TIMES[m.group(1).lower()] + m.group(2), normalised)
    return _NUMBER_RE.sub(lambda m: _NUMBER_WORDS[m.group().lower()], normalised)


def markers(content: str) -> frozenset[str]:
    """The ``MARKERS`` of ``content``, each as ``~word`` (never equal to a content word's stem)."""
    return frozenset("~" + w for w in _WORD_RE.findall(content.lower()) if w in MARKERS)


def role_swap(a: str, b: str) -> bool:
    """Whether two statements put the same words in exchanged roles: "Otto reports to Hanna" /
    "Hanna reports to Otto", "tea over coffee" / "coffee over tea". Read with the claim analysis
    (``text.claims``: subject, object, adjuncts of a one-clause statement); a word that only moves
    ("In 2023 Luca ran…" / "Luca ran … in 2023") is no swap, two words trading places are."""
    if _inverted_copula(a, b):  # "Joel's wife is Petra" / "Petra is Joel's wife": one identity
        return False
    roles_a, roles_b = roles(a), roles(b)
    shared = [w for w in roles_a if w in roles_b and roles_a[w] != roles_b[w]]
    return any(
        roles_a[x] == roles_b[y] and roles_a[y] == roles_b[x]
        for i, x in enumerate(shared)
        for y in shared[i + 1 :]
    )


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
    low = normalise(content).lower()
    if _USED_TO.search(low):
        return "used"
    if _MODAL.search(low):
        return "modal"
    if _FUTURE.search(low):
        return "future"
    import lemminflect

    words = _WORD_RE.findall(low)
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
_PHRASE_END = frozenset(
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
            if word in _PHRASE_END:
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
    return frozenset(_FREQUENCY[w] for w in _WORD_RE.findall(content.lower()) if w in _FREQUENCY)


def frequency_apart(a: str, b: str) -> bool:
    """Whether two statements say how often with other words: "drinks green tea every morning" /
    "sometimes drinks green tea in the morning", "usually" / "rarely" ("always", "every" and "each"
    are the unmarked habit)."""
    return _frequency(a) != _frequency(b)


def kept_apart(a: str, b: str) -> bool:
    """The guards both consolidation modes share (the word rule's ``compatible_parts`` and
    ``paraphrases.guarded``): times apart (a plan, a duty or a wish against a fact done), a direction
    reversed, or another frequency."""
    return times_apart(a, b) or direction_reversed(a, b) or frequency_apart(a, b)


def _inverted_copula(a: str, b: str) -> bool:
    """Whether both are one clause with the copula whose subject and complement changed places whole:
    "X is Y" says what "Y is X" says, while "Otto is Hanna's manager" / "Hanna is Otto's manager"
    moves only the names (the word ``manager`` stays in the complement)."""
    ca, cb = analyse(a).claims, analyse(b).claims
    if len(ca) != 1 or len(cb) != 1 or ca[0].verb != "be" or cb[0].verb != "be":
        return False
    x, y = ca[0], cb[0]
    return (
        bool(x.subject) and bool(x.obj) and (x.subject, x.obj, x.adjuncts) == (y.obj, y.subject, y.adjuncts)
    )


def roles(content: str) -> dict[str, str]:
    """Each word of a one-clause statement (the word rule's stems) with its role in the claim:
    ``subject``, ``object`` or ``adjunct``; empty for any other statement."""
    claims = analyse(content).claims
    if len(claims) != 1:
        return {}
    claim = claims[0]
    roles: dict[str, str] = {}
    for role, words in (("adjunct", claim.adjuncts), ("object", claim.obj), ("subject", claim.subject)):
        roles.update(dict.fromkeys(words, role))
    return roles


@lru_cache(maxsize=65536)
def _irregular(stem: str) -> str:
    """The stem of the verb an irregular form belongs to (``began`` -> ``begin``); others unchanged.
    Stems of regular forms ("schedul") are not in the word lists and stay as they are."""
    import lemminflect  # imported on first use: loading its tables takes ~0.2 s

    lemmas = lemminflect.getLemma(stem, upos="VERB", lemmatize_oov=False)
    if not lemmas or lemmas[0] == stem:
        return stem
    return _stem(lemmas[0])


def group_key(memory: Memory) -> tuple[Any, ...]:
    """What two memories must share to be merged: the access rule's unit (workspace, owner,
    visibility), the space, the profile, and who the statement is about."""
    subject = memory.subject.id if memory.subject is not None else None
    return (
        memory.workspace,
        memory.owner,
        str(memory.visibility),
        memory.space or "",
        getattr(memory, "profile_id", None),
        subject,
        memory.related_user,
    )


def near_duplicate_clusters(memories: Iterable[Memory]) -> list[list[Memory]]:
    """Clusters of two or more near-duplicates among ``memories`` (current ones), oldest first within
    a cluster; clusters in the order of their oldest member. One pass: a dictionary keyed by group and
    signature (100k memories in seconds)."""
    by_key: dict[tuple[Any, ...], list[Memory]] = defaultdict(list)
    for memory in memories:
        words = signature(memory.content)
        if words is not None:
            by_key[(group_key(memory), words)].append(memory)
    clusters = [
        part
        for members in by_key.values()
        if len(members) > 1
        for part in compatible_parts(sorted(members, key=lambda m: (m.observed_at, m.created_at, m.id)))
        if len(part) > 1
    ]
    clusters.sort(key=lambda c: (c[0].observed_at, c[0].id))
    return clusters


def compatible_parts(members: list[Memory]) -> list[list[Memory]]:
    """``members`` (one signature) split so that no two in a part swap roles (``role_swap``) or are
    kept apart by the shared guards (``kept_apart``: times, direction, frequency): each joins the first part all of whose members it agrees with."""
    parts: list[list[Memory]] = []
    for m in members:
        for part in parts:
            if not any(role_swap(m.content, o.content) or kept_apart(m.content, o.content) for o in part):
                part.append(m)
                break
        else:
            parts.append([m])
    return parts
