"""Which current memories say the same thing: pure functions, no I/O.

Two memories are near-duplicates when they are in the same **group** — workspace, owner, visibility,
space, profile, subject and related user, so that nothing ever merges across what the access rule, a
profile or a person keeps apart — and their **signatures** are equal. A signature is the set of the
statement's content words (``text.content_words``: stemmed, stopwords dropped, numbers kept, one
``not`` marker for a negation) after three normalisations that do not change what is said:

- contractions spelled out and the extractor's "the user" read as the speaker's "I" / "my"
  (``restatement.plain_forms``: "can't" is "cannot", "the user's sister" is "my sister");
- currency symbols read as words (``$1,200`` is ``1,200 dollars``);
- irregular verb forms read as their verb (``began`` is ``begin``, ``bought`` is ``buy``: lemminflect's
  word lists, no model);
- number words up to twelve read as digits (``two kids`` is ``2 kids``);
- words of one meaning are one word (``SYNONYMS``: like / enjoy, love / adore, start / begin, …; a
  preference, a love and a liking are other degrees, ``degree_apart``),
  and filler words that add nothing to the fact are dropped (``FILLERS``: really, also, actually, and
  reporting verbs such as said or mentioned).

Within one signature, ``same_statement`` then asks whether the bag is one statement: names, numbers,
negations and stance words (may, must, some, all, probably, if, a question…) in one order, the same
words after each role word ("into the tea" / "into the milk"), one verb not past in one and present in
the other, reporting verbs kept, only synonyms that hold in every common sense, a noun compound kept a
compound (``modifier_moved``: "a child psychologist" is not "a psychologist with children";
docs/consolidation.md, rule 8). ``statement_apart`` is that check for the paraphrase mode's pairs,
across other words. So inflection, articles, punctuation, those synonyms and the reorderings it allows (an opening
phrase moved to the end, a passive with "by", a copula's sides) do not keep two statements apart,
while any other word does: another number, date, person, place, object or a negation changes the
signature. The rule errs on the side of keeping apart (a merge hides statements behind one, so a
wrong merge costs more than a missed one); measured in docs/consolidation.md. Equality is transitive,
so clusters never chain (A like B, B like C, A unlike C cannot happen).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from .. import text
from ..models import Memory
from ..text.claims import Claim, analyse
from ..text.dates import MONTH_NAMES
from .discourse import strip_discourse
from .restatement import plain_forms

__all__ = [
    "FILLERS",
    "MARKERS",
    "SYNONYMS",
    "compatible_parts",
    "degree_apart",
    "degrees",
    "direction_changed",
    "direction_reversed",
    "frequency_apart",
    "group_key",
    "kept_apart",
    "markers",
    "near_duplicate_clusters",
    "normalise",
    "normalise_order",
    "qualifiers_apart",
    "role_swap",
    "roles",
    "signature",
    "statement",
    "statement_apart",
    "statement_signature",
    "tense",
    "times_apart",
]

#: words of one meaning, first of each line the one they become (general English, not data-specific)
SYNONYMS: tuple[tuple[str, ...], ...] = (
    # a preference's degree is part of the fact (``degree_apart``): "prefers" compares, "loves" is
    # stronger than "likes", "hates" than "dislikes"; "likes" / "enjoys" / "is fond of" are one sense
    ("like", "enjoy", "fond"),
    ("love", "adore"),
    ("favourite", "favorite"),
    ("hate", "detest", "loathe"),
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
    return _canon(SYNONYMS, FILLERS)


def _canon(
    groups: tuple[tuple[str, ...], ...], fillers: Iterable[str]
) -> tuple[dict[str, str], frozenset[str]]:
    canon = {_stem(word): _stem(words[0]) for words in groups for word in words}
    return canon, frozenset(_stem(w) for w in fillers)


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
    return words | markers(normalised)


def normalise(content: str, plans: bool = True) -> str:
    """Contractions spelled out and the speaker as "the user" (``restatement.plain_forms``), currency
    symbols as words, number words up to twelve as digits, "twice" as "2 times". With ``plans=False``
    a plan's progressive stays as written ("is moving in June": ``tense`` reads it as under way)."""
    normalised = _CURRENCY_RE.sub(lambda m: _CURRENCY[m.group()], plain_forms(content, plans))
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
    low = normalise(content, plans=False).lower()
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
            if word.lower() in _PHRASE_END:
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
    return frozenset(_FREQUENCY[w] for w in _WORD_RE.findall(content.lower()) if w in _FREQUENCY)


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
    words = _WORD_RE.findall(strip_discourse(content)[0].lower())
    found: set[str] = set()
    for i, word in enumerate(words):
        kind = _degree(word)
        if kind == "like" and word.startswith("like") and i and words[i - 1] in _LIKE_COMPARES:
            continue
        if kind == "like" and _COMPARATIVE_RE.search(" ".join(words[i:])):
            kind = "prefer"
        if kind is not None:
            found.add(kind)
    return frozenset(found)


@lru_cache(maxsize=65536)
def _degree(word: str) -> str | None:
    """The degree of liking ``word`` or one of its lemmas says (``_DEGREE``), if any."""
    import lemminflect

    lemmas = {word} | {x for ls in lemminflect.getAllLemmas(word).values() for x in ls}
    return next((_DEGREE[x] for x in sorted(lemmas) if x in _DEGREE), None)


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
    return frozenset(w for w in _WORD_RE.findall(content.lower()) if w in _QUALIFIERS)


def kept_apart(a: str, b: str) -> bool:
    """The guards both consolidation modes share (the word rule's ``compatible_parts`` and
    ``paraphrases.guarded``): times apart (a plan, a duty or a wish against a fact done), a direction
    reversed or a name's direction changed ("to Abuja" / "from Abuja"), another frequency, another
    degree of liking ("prefers" / "likes" / "loves"), or a role placed in time with other words
    ("former manager" / "manager": ``qualifiers_apart``)."""
    return (
        qualifiers_apart(a, b)
        or times_apart(a, b)
        or direction_reversed(a, b)
        or direction_changed(a, b)
        or frequency_apart(a, b)
        or degree_apart(a, b)
    )


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


#: an owner whose id is a first name ("user:priya"): the scope says who the speaker is
_OWNER_NAME_RE = re.compile(r"user:([a-z]{2,})")


def statement_signature(memory: Memory) -> frozenset[str] | None:
    """The ``signature`` of ``statement(memory)``; of the content as written when reading the owner's
    name as the speaker leaves too few words ("Priya is vegetarian": "I is vegetarian")."""
    words = signature(statement(memory))
    return signature(memory.content) if words is None else words


def statement(memory: Memory) -> str:
    """What the rule compares of ``memory``: its content, with the owner's name read as the speaker
    when the owner's id is a name ("user:priya": "Priya's manager is Rahul" is "The user's manager is
    Rahul", which ``restatement.plain_forms`` reads as "my manager"; "Priya lives in Pune" is "I live
    in Pune"), since an extracted memory says "the user" where another says the owner's name. Other
    ids ("user:u-1042") say no name."""
    owner = _OWNER_NAME_RE.fullmatch(memory.owner or "")
    return memory.content if owner is None else _as_speaker(memory.content, owner.group(1))


@lru_cache(maxsize=65536)
def _as_speaker(content: str, name: str) -> str:
    if name not in content.lower():
        return content
    written = re.escape(name[0].upper() + name[1:])
    return re.sub(rf"\b{written}\b(['’]s\b)?(?!['’-])",
                  lambda m: "the user's" if m.group(1) else "the user", content)  # fmt: skip


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
        words = statement_signature(memory)
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
        a = statement(m)
        for part in parts:
            if all(
                same_statement(a, b) and not role_swap(a, b) and not kept_apart(a, b)
                for b in (statement(o) for o in part)
            ):
                part.append(m)
                break
        else:
            parts.append([m])
    return parts


# --- the word rule's second check: one bag of words is not one statement ------------------------------

#: the words ``SYNONYMS`` (the signature's, shared with the paraphrase mode) joins that are synonyms in
#: one sense only, which the second check keeps apart: "book" / "plan" (nouns), "leads" / "heads" ("heads to Berlin", "leads the race"), "fast" / "quick"
#: ("fasts"), "little" / "small" ("a little"), "end" (a noun); "called" / "named" and "employed" /
#: "works" count only as participles ("a dog called Pixel", "is employed at"; not "Ana called Leo",
#: "Ali employs Sara"). ("leave" / "depart" count only as a verb, not
#: "on leave", by a rule of the check itself.)
ONE_SENSE: frozenset[str] = frozenset(
    ["book", "lead", "head", "manage", "fast", "quick", "little", "small", "end"]
    + ["call", "name", "called", "named", "work", "employ", "employed"]
)
#: the synonyms the second check keeps: words of one meaning in their common senses
STRICT_SYNONYMS: tuple[tuple[str, ...], ...] = tuple(
    group for group in (tuple(w for w in words if w not in ONE_SENSE) for words in SYNONYMS) if len(group) > 1
)

#: the fillers the second check drops: the intensifiers of ``FILLERS``, not its reporting verbs: what
#: someone said, thinks or remembers is not the fact ("Ben thinks he is sick" / "Ben is sick", "Ana
#: never said she quit" / "Ana said she never quit"), and a note is a thing ("left a note for Ben" /
#: "left Ben")
STRICT_FILLERS: frozenset[str] = frozenset(
    ["really", "also", "actually", "definitely", "currently", "truly", "basically", "honestly", "certainly"]
)

#: stance words: what a statement claims about its fact (may, must, some, all, probably, if, almost…);
#: each word -> its class. Two statements must have the same classes (``stance``)
_STANCE = {
    **dict.fromkeys(["may", "might"], "may"),
    **dict.fromkeys(["can", "cannot", "able"], "can"),
    **dict.fromkeys(["could"], "could"),
    **dict.fromkeys(["would"], "would"),
    **dict.fromkeys(["should", "ought"], "should"),
    **dict.fromkeys(["must"], "must"),
    **dict.fromkeys(["shall"], "shall"),
    **dict.fromkeys(["all", "every", "each", "everyone", "everybody", "everything", "whole"], "all"),
    **dict.fromkeys(["some", "several", "certain"], "some"),
    **dict.fromkeys(["any", "anyone", "anybody", "anything"], "any"),
    **dict.fromkeys(["both"], "both"),
    **dict.fromkeys(["either", "neither"], "either"),
    **dict.fromkeys(["probably", "likely", "presumably"], "probably"),
    **dict.fromkeys(["maybe", "perhaps", "possibly", "potentially"], "maybe"),
    **dict.fromkeys(["allegedly", "supposedly", "reportedly", "apparently", "seemingly"], "allegedly"),
    **dict.fromkeys(["if", "whether"], "if"),
    **dict.fromkeys(["unless"], "unless"),
    **dict.fromkeys(["when", "whenever"], "when"),
    **dict.fromkeys(["almost", "nearly", "practically", "virtually"], "almost"),
}
#: "every" / "each" / "all" before a time word is the unmarked habit ("swims every Monday" / "swims
#: on Mondays")
_TIME_WORDS = frozenset(
    re.findall(
        r"\w+",
        "day days morning mornings evening evenings afternoon afternoons night nights week weeks weekend "
        "weekends month months year years time times hour hours minute minutes season summer winter spring "
        "autumn fall quarter sprint shift session monday mondays tuesday tuesdays wednesday wednesdays "
        "thursday thursdays friday fridays saturday saturdays sunday sundays other 2 3 4 5 6 7 8 9 10 "
        "12 14 15 20 24 30 60 90",
    )
)
#: auxiliaries that open a yes/no question ("Does Ana like sushi?")
_QUESTION_OPENERS = frozenset(
    re.findall(r"\w+", "do does did is are was were am can could should would will shall may might must")
)
#: words that open a phrase that may move from the front to the end ("In 2021 Ana moved to Oslo" /
#: "Ana moved to Oslo in 2021", "Every Monday Ana swims"): prepositions of time and place, time words
_OPENERS = frozenset(
    re.findall(
        r"\w+",
        "in on at during since until after before by from for every each last next this these those "
        "yesterday today tomorrow tonight recently lately now then nowadays monday mondays tuesday tuesdays "
        "wednesday wednesdays thursday thursdays friday fridays saturday saturdays sunday sundays january "
        "february march april may june july august september october november december",
    )
)
#: words whose phrase is a role: what follows them must be the same words where both statements have
#: them ("into the tea" / "into the milk", "prefers tea to coffee", "if he gets the job")
_ROLE_WORDS = frozenset(
    re.findall(
        r"\w+",
        "to into onto from for with than between above below behind under over before after if unless "
        "because when whenever while",
    )
)
_PHRASE_STOP = _ROLE_WORDS | _PHRASE_END
_TIME_STEMS = frozenset(["day", "week", "month", "year", "night", "hour", "morn", "even", "afternoon"])
_BE = frozenset(["is", "are", "was", "were", "be", "been", "being", "am", "s", "re", "m"])
_LIKE_AS = frozenset(["look", "looks", "looked", "sound", "sounds", "sounded", "feel", "feels", "seem",
                      "seems", "just", "much", "exactly", "nothing", "something", "very"])  # fmt: skip
_PRONOUNS = frozenset(["i", "you", "he", "she", "we", "they", "it", "who"])
_NOUN_LEAVE = frozenset(["on", "parental", "sick", "maternity", "paternity", "annual", "of", "unpaid"])
_SEQ_TOKEN_RE = re.compile(r"\d[\d,.:]*\d|\d|[^\W\d_]+|[?,;]")
_NOT_RE = re.compile(r"(\w)n't\b", re.IGNORECASE)
_DAY_MONTH_RE = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({MONTH_NAMES})\b", re.IGNORECASE)
_CURRENCY_FIRST_RE = re.compile(r"([$€£¥])\s*(\d[\d,.]*)")
#: an apposition: "Eva, Tom's sister, is a pilot" (or "Eva (Tom's sister) is…") -> "Tom's sister Eva is a pilot"
_APPOSITION_RE = re.compile(r"^([A-Z][\w-]*)(?:, | \()([A-Z][\w-]*'s [\w -]+?)(?:,|\))\s+")
#: a passive's agent: "by" and a name ("was serviced in October by Hearth & Pipe")
_AGENT_RE = re.compile(r"\s+by\s+([A-Z][\w-]*(?:\s+(?:&\s+)?[A-Z][\w-]*)*)")
_PASSIVE_AUX_RE = re.compile(
    r"\b(?:is|are|was|were|been|be|being|gets|got)\s+\w+(?:ed|en|wn|ht|id|ld|ne|de|pt|lt)\b"
)


#: the reporting verbs of ``FILLERS`` (stems): where they stand says whose words are negated or
#: reported ("Ana never said she quit" / "Ana said she never quit")
_REPORTING = frozenset(_stem(w) for w in FILLERS - STRICT_FILLERS)


@lru_cache(maxsize=1)
def _strict_canonical() -> tuple[dict[str, str], frozenset[str]]:
    return _canon(STRICT_SYNONYMS, STRICT_FILLERS)


#: a cleft of place: "Porto is where Ines's sister lives" says "Ines's sister lives (in) Porto"
_CLEFT_RE = re.compile(r"^\s*(.+?)\s+(?:is|was)\s+where\s+(.+?)\s*[.!]?\s*$", re.IGNORECASE)
#: a cleft of a person: "Ines is the one who runs the stand-up" says "Ines runs the stand-up"
_ONE_WHO_RE = re.compile(r"^\s*([A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)\s+(?:is|was)\s+the\s+one\s+(?:who|that)\s+")


def _rewritten(content: str) -> str:
    """Meaning-preserving reorderings undone: a cleft ("Porto is where Ana lives" -> "Ana lives
    Porto", "Ines is the one who runs it" -> "Ines runs it"), a passive's named agent first ("The
    report was written by Ana" -> "Ana The report was written"), an apposition as a possessive, a
    currency after its amount."""
    content = normalise_order(strip_discourse(content)[0])
    content = _CLEFT_RE.sub(lambda m: f"{m.group(2)} {m.group(1)}", content)  # "Porto is where Ana lives"
    content = _ONE_WHO_RE.sub(r"\1 ", content)  # "Ines is the one who runs the stand-up"
    if _PASSIVE_AUX_RE.search(content) and (agent := _AGENT_RE.search(content)) is not None:
        content = agent.group(1) + " " + content[: agent.start()] + content[agent.end() :]
    return content


def normalise_order(content: str) -> str:
    """An apposition as a possessive ("Eva, Tom's sister, is…" -> "Tom's sister Eva is…"), a currency
    symbol after its amount ("$1,200" -> "1,200 dollars")."""
    content = _APPOSITION_RE.sub(lambda m: f"{m.group(2)} {m.group(1)} ", content)
    content = _DAY_MONTH_RE.sub(lambda m: f"{m.group(2)} {m.group(1)}", content)
    return _CURRENCY_FIRST_RE.sub(lambda m: f"{m.group(2)}{_CURRENCY[m.group(1)]}", content)


@lru_cache(maxsize=65536)
def _reading(content: str) -> tuple[tuple[tuple[str, str, str], ...], frozenset[str], frozenset[str]]:
    """(tokens as (surface, word) in order, the bag of words, the stance), ``same_statement``'s view of a
    statement. A word is its stem after ``STRICT_SYNONYMS`` / ``STRICT_FILLERS``; "like" after "is" or
    "looks" is ``~like`` (a comparison: "Tom is like his father" / "Tom likes his father")."""
    original = _rewritten(content)
    canon, fillers = _strict_canonical()
    raw = _SEQ_TOKEN_RE.findall(_NOT_RE.sub(r"\1 not", normalise(original)))
    tokens: list[tuple[str, str, str]] = []
    stance: set[str] = set()
    previous = ""
    for i, surface in enumerate(raw):
        low = surface.lower()
        passive = previous.lower() in _BE or previous.lower() in ("been", "get", "gets", "got", "getting")
        form = _verb_form(surface)
        form = "" if (passive and form == "past") or form == "ongoing" else form
        if previous.lower() in _BE and low.endswith("ing") and _verb_form(low) == "ongoing":
            form = "ongoing"  # "is heading" beside "heads": under way, not a habit
        if not form and i and _plural_subject(previous, raw[i - 2] if i > 1 else "") and _base_form(low):
            form = "present"  # "The invitations go out" beside "went out": a plural's present
        following = raw[i + 1].lower() if i + 1 < len(raw) else ""
        kind = _STANCE.get(low)
        if kind == "all" and following in _TIME_WORDS:
            kind = None
        if low == "to" and previous.lower() in ("has", "have", "had", "got"):
            kind = "must"  # "has to paint" is "must paint"
        if kind is not None:
            stance.add(kind)
        if low == "like" and (previous in _BE or previous in _LIKE_AS):
            tokens.append((surface, "~like", form))
        elif low in ("called", "named", "employed"):
            active = surface[:1].isupper() is False and (
                previous[:1].isupper() or previous.lower() in _PRONOUNS
            )
            word = _stem(low) if active or previous == "" else ("work" if low == "employed" else "name")
            tokens.append((surface, word, form))
        elif low in ("leave", "leaves") and previous.lower() in _NOUN_LEAVE:
            tokens.append((surface, "~leave", form))
        elif kind is not None:
            tokens.append((surface, "~:" + kind, form))
        elif low in MARKERS or low in _PHRASE_STOP or low in ",;":
            tokens.append((surface, "~" + low, form))
        elif low[:1].isdigit():  # "9:30" is one time, "1,200" one number
            tokens.append((surface, low.replace(",", ""), form))
        else:
            for word in sorted(text.content_words(low)):
                word = _irregular(word)
                if word not in fillers:
                    tokens.append((surface, canon.get(word, word), form))
        previous = surface
    if raw and (raw[-1] == "?" or raw[0].lower() in _QUESTION_OPENERS):
        stance.add("?")
    bag = frozenset(w for _, w, _ in tokens if not w.startswith("~") or w in ("~like", "~leave"))
    return tuple(tokens), bag, frozenset(stance)


def _anchors(
    tokens: tuple[tuple[str, str, str], ...], names: frozenset[str], placed: frozenset[str]
) -> tuple[str, ...]:
    """The statement's names (``names``), numbers, negations, stance words and reporting verbs, in
    order: what may not change places; not those ``placed`` by a phrase both statements give alike.
    Two names joined by "and" are one pair in either order ("speaks Spanish and Catalan")."""
    words = [w for _, w, _ in tokens]
    for i in range(1, len(words) - 1):
        if words[i] == "~and" and words[i - 1] in names and words[i + 1] in names:
            words[i - 1], words[i + 1] = sorted((words[i - 1], words[i + 1]))
    return tuple(
        w
        for w in words
        if w not in placed
        and (w in names or w[:1].isdigit() or w in _REPORTING or w == "not" or w.startswith("~:"))
    )


def _names(tokens: tuple[tuple[str, str, str], ...]) -> set[str]:
    """Words written with a capital letter anywhere but first: names ("Lena", "Oslo", "TV")."""
    return {
        w for i, (surface, w, _) in enumerate(tokens) if i and surface[:1].isupper() and not w.startswith("~")
    }


def _phrases(tokens: tuple[tuple[str, str, str], ...]) -> dict[str, tuple[str, ...]]:
    """Each phrase word (a role word of ``_ROLE_WORDS`` or another preposition or time word of
    ``_PHRASE_STOP``) -> the words of the phrase after it, in order (up to the next one or a comma)."""
    out: dict[str, list[str]] = {}
    for i, (_, word, _) in enumerate(tokens):
        if not word.startswith("~") or word.lstrip("~:") not in _PHRASE_STOP:  # "~to", "~:if"
            continue
        phrase = out.setdefault(word, [])
        for _, later, _ in tokens[i + 1 :]:
            if later.startswith("~") and (later.lstrip("~:") in _PHRASE_STOP or later[1:] in ",;"):
                break
            if later not in _TIME_STEMS:  # "to work every day" / "to work daily"
                phrase.append(later)
    return {k: tuple(v) for k, v in out.items()}


@lru_cache(maxsize=65536)
def _verb_form(surface: str) -> str:
    """``past`` for a verb form that is only a past form ("lived", "smoked", "wrote"), ``present`` for
    a third-person present ("lives", "smokes"), ``ongoing`` for an -ing form, else ``""`` (a base form, a participle in -ing, a form
    of several tenses such as "put", or no verb)."""
    import lemminflect

    low = surface.lower()
    lemmas = lemminflect.getAllLemmas(low).get("VERB", ())
    forms = {tag: {f for lemma in lemmas for f in lemminflect.getInflection(lemma, tag=tag)}
             for tag in ("VB", "VBD", "VBN", "VBZ", "VBG")}  # fmt: skip
    if low in forms["VBG"]:
        return "ongoing"  # counted only after a form of *be* (``_reading``)
    if low in forms["VB"]:
        return ""
    if low in forms["VBD"] or low in forms["VBN"]:
        return "present" if low in forms["VBZ"] else "past"
    return "present" if low in forms["VBZ"] else ""


@lru_cache(maxsize=65536)
def _base_form(low: str) -> bool:
    """Whether ``low`` is a verb's base form with a past form of its own ("go" / "went", "live" /
    "lived"; not "put", whose past is "put")."""
    import lemminflect

    lemmas = lemminflect.getAllLemmas(low).get("VERB", ())
    return low in lemmas and any(low not in lemminflect.getInflection(low, tag=tag) for tag in ("VBD",))


def _verb_times(
    tokens_a: tuple[tuple[str, str, str], ...], tokens_b: tuple[tuple[str, str, str], ...]
) -> bool:
    """Whether one verb is in the past in one statement and in the present in the other ("Ana lived in
    Porto" / "Ana lives in Porto", "Tom smoked" / "Tom smokes"): a former fact is not a current one.
    Only the same verb's two forms are compared, so "was moved to 10 am" / "takes place at 10 am" are
    not, and a participle after *be* or *get* is a passive or an adjective of no time ("is written",
    "is employed")."""
    forms_a: dict[str, set[str]] = defaultdict(set)
    for _, word, form in tokens_a:
        forms_a[word].add(form)
    return any(form and len(({form} | forms_a.get(word, set())) - {""}) > 1 for _, word, form in tokens_b)


#: auxiliaries and forms of *be* / *have* / *do* by time ("is" / "was", "has" / "had", "does" / "did");
#: the signature drops them as stopwords, so "Dagny is the CEO" and "Dagny was the CEO" share one
_AUX_TIME = {
    **dict.fromkeys(["is", "are", "am", "re", "m", "has", "have", "do", "does"], "present"),
    **dict.fromkeys(["was", "were", "had", "did"], "past"),
}
#: plural subjects that do not end in "s"
_PLURALS = frozenset(["i", "you", "we", "they", "children", "people", "men", "women", "kids", "both"])


def _plural_subject(previous: str, before: str) -> bool:
    """Whether a word before a verb's base form reads as a plural subject, so that the base form is a
    present tense ("The invitations go", "we pay", "Ana and Ben visit"), not an infinitive, an
    imperative or a noun ("Sanne's renovation budget")."""
    low = previous.lower()
    if low in _PLURALS:
        return True
    if previous[:1].isupper():
        return before.lower() == "and"
    return len(low) > 3 and low.endswith("s") and not low.endswith("ss") and low not in _AUX_TIME


@lru_cache(maxsize=65536)
def _aux_times(content: str) -> tuple[str, ...]:
    """The time of each auxiliary or form of *be* / *have* / *do*, in order; "has" / "have" before a
    past participle or "been" is a perfect, a past ("has moved" / "had moved"), but before "been" and
    an -ing form a thing under way ("has been studying" is "is studying")."""
    return tuple(time for time, _ in _aux_readings(content))


@lru_cache(maxsize=65536)
def _aux_readings(content: str) -> tuple[tuple[str, bool], ...]:
    """``_aux_times`` with, for each, whether it is a form of *be* before a participle (a passive: "was
    born", "was picked"); "am" after a number is a time of day ("10 am"), no verb."""
    plain = plain_forms(strip_discourse(content)[0])
    surfaces = [w.lower() for w in _SEQ_TOKEN_RE.findall(_NOT_RE.sub(r"\1 not", plain))]
    out: list[tuple[str, bool]] = []
    for i, low in enumerate(surfaces):
        time = _AUX_TIME.get(low)
        if time is None or (low == "am" and i and surfaces[i - 1][:1].isdigit()):
            continue
        rest = [w for w in surfaces[i + 1 : i + 4] if w not in ("not", "never", "already", "just")]
        following = rest[:1]
        if (
            low in ("has", "have")
            and following
            and following[0] != "got"
            and (following[0] == "been" or _verb_form(following[0]) == "past")
        ):
            ongoing = following[0] == "been" and len(rest) > 1 and _verb_form(rest[1]) == "ongoing"
            time = "present" if ongoing and low in ("has", "have") else "past"
        passive = low in _BE and bool(following) and _participle(following[0])
        out.append((time, passive))
    return tuple(out)


@lru_cache(maxsize=65536)
def _participle(low: str) -> bool:
    """Whether ``low`` is a verb's past participle ("born", "picked", "run")."""
    import lemminflect

    lemmas = lemminflect.getAllLemmas(low).get("VERB", ())
    return any(low in lemminflect.getInflection(lemma, tag="VBN") for lemma in lemmas)


def _tenses_apart(a: str, b: str) -> bool:
    """Whether the statements' auxiliaries and forms of *be* / *have* / *do* are in other times ("Dagny
    is the CEO" / "Dagny was the CEO", "Kai does not drive" / "Kai did not drive"): a current fact is
    not a former one. Only when both have them ("has moved" / "moved" is one fact)."""
    times_a, times_b = _aux_times(a), _aux_times(b)
    return bool(times_a) and bool(times_b) and times_a != times_b


def _subjects_apart(a: str, b: str, within: frozenset[str] | None = None) -> bool:
    """Whether clause for clause the statements' subjects are other words, so that the doer changed:
    "Anya gave her brother a drone" / "Anya's brother gave her a drone", "Lumen pays invoices" / "We
    pay Lumen's invoices" (a possessive moved a name out of the subject or into it). Not compared: a
    statement that opens with a phrase that may move (its subject is read with it), a passive, a
    copula whose sides changed places whole ("Joel's wife is Petra" / "Petra is Joel's wife"),
    statements read as other verbs or another number of clauses. With ``within``, only those words
    are compared (statements of other words: "Aiko usually cycles" / "Aiko normally cycles" keep one
    doer)."""
    if _fronted(a) or _fronted(b):
        return False
    ca = analyse(normalise(strip_discourse(a)[0])).claims
    cb = analyse(normalise(strip_discourse(b)[0])).claims
    if not ca or len(ca) != len(cb):
        return False
    canon, fillers = _strict_canonical()

    def words(stems: frozenset[str]) -> frozenset[str]:  # "favourite" / "favorite": one word
        # a filler read into the subject is none of it ("Teo actually rides…")
        # and the speaker's "I", which the claim analysis drops from "I and my parents live…"
        out = frozenset(canon.get(w, w) for w in stems if w not in fillers and w != "i")
        return out if within is None else out & within

    for x, y in zip(ca, cb, strict=True):
        if x.verb != y.verb or x.passive or y.passive or not x.subject or not y.subject:
            return False
    with_a, with_b = (bool(_WITH_RE.search(c)) for c in (a, b))
    return any(_doers_apart(x, y, words, with_a, with_b) for x, y in zip(ca, cb, strict=True))


_WITH_RE = re.compile(r"\bwith\b", re.IGNORECASE)


def _doers_apart(
    x: Claim, y: Claim, words: Callable[[frozenset[str]], frozenset[str]], with_x: bool, with_y: bool
) -> bool:
    """``_subjects_apart`` for one clause. Allowed: "Arjun and his parents live together in Pune" /
    "Arjun lives in Pune with his parents" (the other doers in a "with" phrase); a copula's sides
    changed whole; a copula whose value has no name ("Amira is a cardiology resident" / "Amira's
    residency is in cardiology": an attribute, not who is whose)."""
    subject_x, subject_y = words(x.subject), words(y.subject)
    if subject_x == subject_y:
        return False
    if x.verb == "be":
        if subject_x == words(y.obj) and words(x.obj) == subject_y:
            return False
        return bool(x.value_names) and bool(y.value_names)
    if subject_x < subject_y:
        return not (with_x and subject_y - subject_x <= words(x.adjuncts | x.obj))
    if subject_y < subject_x:
        return not (with_y and subject_x - subject_y <= words(y.adjuncts | y.obj))
    return True


def _negated(tokens: tuple[tuple[str, str, str], ...]) -> list[str]:
    """What each negation applies to: the next content word after it ("Ivo never claimed he won":
    ``claim``; "Ivo claimed he never won": ``won``), sorted."""
    words = [w for _, w, _ in tokens if not w.startswith("~") or w.startswith("~:")]
    return sorted(words[i + 1] if i + 1 < len(words) else "" for i, w in enumerate(words) if w == "not")


def _fronted(content: str) -> bool:
    """Whether the statement opens with a phrase that may move to its end (``_OPENERS``, a number)."""
    first = _SEQ_TOKEN_RE.findall(strip_discourse(content)[0].lower())[:1]
    return bool(first) and (first[0] in _OPENERS or first[0][0].isdigit())


def _rotated(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    return len(a) == len(b) and any(a[k:] + a[:k] == b for k in range(1, len(a)))


def same_statement(a: str, b: str) -> bool:
    """The word rule's second check on two statements of one signature. A signature is a bag of words,
    and one bag holds "Lena hired Tom" and "Tom hired Lena", "Ana has 2 cats and 3 dogs" and "3 cats and
    2 dogs", "Kids should not eat nuts" and "Kids must not eat nuts", "Pour the milk into the tea" and
    "the tea into the milk". So two statements are one only when, read more strictly:

    - their words are one bag with the synonyms that hold in every common sense (``STRICT_SYNONYMS``,
      ``STRICT_FILLERS``);
    - their stance is the same (modal verbs, quantifiers, hedges, conditions, "almost", a question);
    - their names, numbers and negations come in one order (an opening phrase may move to the end: "In
      2021 Ana moved to Oslo"; a copula's sides may change places whole; a passive with "by" is read
      active);
    - the phrase after each role word both have ("to", "into", "than", "if", "because", …) holds the
      same words."""
    tokens_a, bag_a, stance_a = _reading(a)
    tokens_b, bag_b, stance_b = _reading(b)
    if bag_a != bag_b or stance_a != stance_b:
        return False
    phrases_a, phrases_b = _phrases(tokens_a), _phrases(tokens_b)
    shared = phrases_a.keys() & phrases_b.keys()
    roles = [k for k in shared if k.lstrip("~:") in _ROLE_WORDS]
    if any(set(phrases_a[k]) != set(phrases_b[k]) for k in roles):
        return False
    if _verb_times(tokens_a, tokens_b) or _negated(tokens_a) != _negated(tokens_b):
        return False
    if _tenses_apart(a, b) or _subjects_apart(a, b) or modifier_moved(a, b):
        return False
    # a name in a phrase both give alike has its place ("from Bunq to ING" / "to ING from Bunq", "at
    # 9:30 every Monday" / "every Monday at 9:30"); "at 5 past 10" / "at 10 past 5" are not alike
    placed = {w for k in shared if phrases_a[k] == phrases_b[k] for w in phrases_a[k]}
    names = frozenset(_names(tokens_a) | _names(tokens_b))
    anchors_a, anchors_b = (
        _anchors(tokens_a, names, frozenset(placed)),
        _anchors(tokens_b, names, frozenset(placed)),
    )
    if anchors_a == anchors_b:
        return True
    if (_fronted(a) and _rotated(anchors_a, anchors_b)) or (_fronted(b) and _rotated(anchors_b, anchors_a)):
        return True
    return _inverted_copula(a, b)


#: words before a compound: a determiner, a possessive or a preposition ("a child psychologist",
#: "Noor's dentist appointment", "at the window seat"); a compound anywhere else may be a subject and its
#: verb ("The kids go to bed") or a statement's first words
_BEFORE_COMPOUND = frozenset(
    re.findall(
        r"\w+",
        "a an the his her their my our your its s this that these those some any no every each another "
        "in on at for with of by from to into",
    )
)


@lru_cache(maxsize=65536)
def _noun(low: str, modifier: bool) -> bool:
    """Whether ``low`` reads as a noun: lemminflect lists a noun reading and it is no verb form but the
    base ("goes", "cooks"); a ``modifier`` has no adjective reading either ("green tea")."""
    import lemminflect

    readings = lemminflect.getAllLemmas(low)
    if "NOUN" not in readings or _verb_form(low) != "":
        return False
    return not modifier or "ADJ" not in readings


@lru_cache(maxsize=65536)
def compounds(content: str) -> frozenset[tuple[str, str]]:
    """The noun compounds of a statement as (modifier, head) words (``same_statement``'s stems): two
    nouns side by side after a determiner, a possessive or a preposition, no name, number or time word
    among them ("a **child psychologist**", "Noor's **dentist appointment**")."""
    raw = _SEQ_TOKEN_RE.findall(_rewritten(content))
    canon, _ = _strict_canonical()
    out: set[tuple[str, str]] = set()
    for i in range(1, len(raw) - 1):
        w, h = raw[i], raw[i + 1]
        if raw[i - 1].lower() not in _BEFORE_COMPOUND or not (w.isalpha() and h.isalpha()):
            continue
        low_w, low_h = w.lower(), h.lower()
        if w[:1].isupper() or h[:1].isupper() or {low_w, low_h} & (_TIME_WORDS | MARKERS):
            continue
        if _noun(low_w, True) and _noun(low_h, False) and not _plural_subject(w, raw[i - 1]):
            stems_w, stems_h = text.content_words(low_w), text.content_words(low_h)
            if len(stems_w) == 1 and len(stems_h) == 1:
                (sw,), (sh,) = stems_w, stems_h
                out.add((canon.get(sw, sw), canon.get(sh, sh)))
    return frozenset(out)


def modifier_moved(a: str, b: str) -> bool:
    """Whether a noun that modifies another in one statement ("Ana is a **child psychologist**")
    plays another part in the other: said in a "with" phrase ("a psychologist **with children**": whom
    one has or is with, not what kind) or made the subject ("Ana's **child** is a psychologist"). A
    compound names a kind; the same words so placed say another fact. Other rewordings of a compound
    are not compared ("a peanut allergy" / "allergic to peanuts", "office parking" / "parking at the
    office")."""
    for x, y in ((a, b), (b, a)):
        moved = compounds(x) - compounds(y)
        if not moved:
            continue
        tokens_y, bag_y, _ = _reading(y)
        phrases = _phrases(tokens_y)
        accompanied = set(phrases.get("~with", ())) | set(phrases.get("~without", ()))
        claims = analyse(normalise(strip_discourse(y)[0])).claims
        canon = _strict_canonical()[0]
        subject = {canon.get(w, w) for c in claims for w in c.subject}
        for w, h in moved:
            if w in bag_y and h in bag_y and (w in accompanied or (w in subject and h not in subject)):
                return True
    return False


#: the stance classes (``_STANCE``) the paraphrase mode compares across other words: what is possible,
#: likely, reported, asked or quantified. Not "can" and "must": an ability or a need is often a fact
#: reworded ("cannot eat gluten" / "is gluten intolerant", "must not eat nuts" / "has a nut allergy");
#: not "all" (a bare plural is general too: "Failed charges are retried" / "Each failed charge…"), nor
#: the conditions "if", "when", "unless", which reword one another ("when it isn't raining" / "unless it
#: rains"); "some" / "all" is still apart ("some" is compared)
_CROSS_STANCE = frozenset(_STANCE.values()) - {"can", "must", "all", "if", "when", "unless"} | {"?"}


def statement_apart(a: str, b: str) -> bool:
    """The word rule's second check (``same_statement``) for a pair the paraphrase mode proposes. Of one
    signature, the whole check (the paraphrase mode may not join what the word rule split: "Ana beat
    Marco" / "Marco beat Ana", "Tom smoked" / "Tom smokes"); of other words, the parts that compare
    across them: the time of *be* / *have* / *do* ("is" / "was") and of one verb said by both ("goes
    live" / "went live"), the stance classes (``_CROSS_STANCE``: "might", "could", "would", "should",
    "probably", "some" / "all", "if", a question…), a word one negates and the other says plainly, the
    doer of one verb, a compound's noun moved (``modifier_moved``)."""
    if signature(a) == signature(b):
        return not same_statement(a, b)
    tokens_a, bag_a, _ = _reading(a)
    tokens_b, bag_b, _ = _reading(b)
    if _cross_stance(a) != _cross_stance(b) or _compared_apart(a, b):
        return True
    if _aux_set(a) and _aux_set(b) and _aux_set(a) != _aux_set(b):  # "is" / "was" the CEO
        return True
    if _lemma_times(tokens_a, tokens_b):
        return True
    negated_a, negated_b = set(_negated(tokens_a)), set(_negated(tokens_b))
    unless = _UNLESS_RE.search(a) or _UNLESS_RE.search(b)  # "unless it rains": "when it isn't raining"
    if not unless and ((negated_a - negated_b) & bag_b or (negated_b - negated_a) & bag_a):
        return True
    return _subjects_apart(a, b, bag_a & bag_b) or modifier_moved(a, b)


_UNLESS_RE = re.compile(r"\bunless\b", re.IGNORECASE)
_EQUATIVE_RE = re.compile(r"\bas\s+(?:\w+\s+)?\w+\s+as\b", re.IGNORECASE)
_THAN_RE = re.compile(r"\bthan\b", re.IGNORECASE)


def _compared_apart(a: str, b: str) -> bool:
    """Whether one statement says two things are alike ("as old as") and the other that one is more
    ("older than", "prefers"): another fact."""
    equative_a, equative_b = bool(_EQUATIVE_RE.search(a)), bool(_EQUATIVE_RE.search(b))
    if equative_a == equative_b:
        return False
    more = [bool(_THAN_RE.search(c)) or "prefer" in degrees(c) for c in (a, b)]
    return any(more)


#: "would" in an idiom of wanting or preferring is no conditional ("would rather", "would like")
_WOULD_IDIOM_RE = re.compile(r"\bwould\s+(?:rather|like|love|prefer)\b", re.IGNORECASE)


def _cross_stance(content: str) -> frozenset[str]:
    """The stance classes (``_CROSS_STANCE``) of a statement, "would rather" / "would like" aside."""
    stance = _reading(content)[2] & _CROSS_STANCE
    if "would" in stance and not re.search(r"\bwould\b", _WOULD_IDIOM_RE.sub("", content), re.IGNORECASE):
        stance -= {"would"}
    return stance


def _aux_set(content: str) -> frozenset[str]:
    """The times of a statement's auxiliaries and forms of *be* / *have* / *do*, as a set, a passive's
    *be* aside ("Rhea was born in Valencia" / "Valencia is Rhea's birthplace": the event's time, the
    fact's still)."""
    return frozenset(time for time, passive in _aux_readings(content) if not passive)


def _lemma_times(
    tokens_a: tuple[tuple[str, str, str], ...], tokens_b: tuple[tuple[str, str, str], ...]
) -> bool:
    """``_verb_times`` with verbs read as their lemmas (lemminflect), not their stems: "goes" and
    "went" are one verb whose stems differ ("goe" / "go")."""
    import lemminflect

    def forms(tokens: tuple[tuple[str, str, str], ...]) -> dict[str, set[str]]:
        out: dict[str, set[str]] = defaultdict(set)
        for surface, _, form in tokens:
            for lemma in lemminflect.getAllLemmas(surface.lower()).get("VERB", ()):
                out[lemma].add(form)
        return out

    forms_a, forms_b = forms(tokens_a), forms(tokens_b)
    return any(len((forms_a[v] | forms_b[v]) - {""}) > 1 for v in forms_a.keys() & forms_b.keys())
