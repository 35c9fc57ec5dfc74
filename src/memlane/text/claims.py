"""Claims: what a statement says (subject, predicate, value), so supersession can tell an update from a
look-alike.

A memory like "Emma's piano lessons are on Tuesdays" is read as a claim: the **subject** (who or what:
``emma piano lesson``, with the possessor ``emma`` kept apart), the **predicate** (the main verb's lemma,
``be``; passive voice noted) and the **value**, split into the object or complement right after the verb
and the adjuncts after it (``on tuesday``). Two statements are the same fact with a new value when the
subject and the predicate agree and the value changed; look-alikes differ in the subject ("Globex's
contract" vs "Acme's contract", "Flight LH1240" vs "LH1234"), or in the attribute behind a coincident
value ("the budget review is on 4 February" vs "the board meeting is on 4 February").

The analysis is rule-based and offline: a tokenizer, the part-of-speech readings and lemmas of
``lemminflect`` (a word list, no model), small tables of English function words, and two kinds of
wording that no parse can replace:

* **additive** wording ("too", "also", "as well", "another", "in addition"): the statement adds a fact,
  it never replaces one;
* **change** wording ("now", "no longer", "anymore", "instead", "since", "from now on", "new") and verbs
  of change ("moved to", "renamed", "switched to", "raised to", "upgraded to", "turned 7") or of ending
  ("left Siemens", "sold the car"): evidence that an earlier value stopped being true.

Multi-valued predicates ("Ana likes hiking" / "Ana likes sailing", "Jules speaks French" / "… German")
change only with change wording; a copula on an attribute ("Kenji's manager is Sofia" -> "… is Raúl",
"the release branch is release-2.4" -> "… release-2.5") and the same activity with a new time, place or
amount ("opens at 8:00" -> "opens at 7:30") are updates. When the analysis is unsure it says *no*: a
wrong supersession hides a true fact, a missed one leaves two facts that the caller is told about
(``StoreResult.similar``) and can resolve with ``replaces``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from .lexicon import lemminflect
from .numbers import spelled_value
from .words import _fold, content_words

__all__ = ["Claim", "Statement", "analyse", "claim_keys"]


def _w(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: no words: the one empty set a claim's fields hold when they have none (an equal value; one object
#: instead of one per field of every claim ``analyse`` keeps, each of which the garbage collector scans)
_NONE: frozenset[str] = frozenset()


def _frozen(words: Iterable[str]) -> frozenset[str]:
    """``frozenset(words)``, or ``_NONE`` when there are none."""
    return frozenset(words) or _NONE


_DETERMINERS = _w("a an the this that these those my our every each some any its")
_SUBJECT_PRONOUNS = _w("i we you he she they")
#: subjects whose referent is outside the statement: no claim is made about them
_ANAPHORIC = _w("he she it they this that these those there who which here")
#: a period after these ends no sentence
_ABBREVIATIONS = _w("dr mr mrs ms prof st jr sr vs etc e.g i.e no inc ltd co corp")
_BE = _w("is are was were am be been being 's 're 'm")
_HAVE = _w("has have had 've")
_AUX = _BE | _HAVE | _w("will would shall should can could may might must do does did get gets got 'll 'd")
_GROUP_ADVERBS = _w(
    "now also still just already never always usually often currently again only really finally recently "
    "officially not no longer even too then newly since"
)
_PREPOSITIONS = _w(
    "in on at to for of with from by until till since before after during about into onto over under "
    "between within via per through across near around behind than like as"
)
#: prepositions that modify the noun before them ("the product manager for the mobile app"): part of
#: the object, not a separate adjunct
_NOUN_PREPOSITIONS = _w("of for with")
_PARTICLES = _w("up down over back forward out off away")
_CLAUSE_BREAKS = _w("but because which who whom whose while although though whereas so unless if when")
#: "either" closes a negative addition ("I don't like my boss either"): another fact like the last
_ADDITIVE = _w("too also additionally another besides either")
_ADDITIVE_PHRASES = (("as", "well"), ("in", "addition"), ("on", "top", "of"))
_CHANGE = _w("now nowadays anymore instead currently newly since lately again new")
_CHANGE_PHRASES = (("no", "longer"), ("any", "more"), ("these", "days"), ("from", "now", "on"), ("as", "of"))

#: past participles that, after a copula, are an attitude rather than a passive ("interested in chess",
#: "worried about the exam"): read like the adjectives "afraid of", "fond of"
_ATTITUDE_PARTICIPLES = _w(
    "interest excite worry scare tire bore fascinate obsess terrify frighten thrill annoy disappoint "
    "delight amaze impress satisfy"
)
#: verbs whose past participle is their base form: after "is"/"was" a passive ("was set to 22",
#: "was cut to 30"), not a noun
_SAME_PARTICIPLES = _w("set reset cut put shut split spread")
#: degree words before an adjective ("very good at chess")
_DEGREE = _w("very quite so extremely pretty fairly rather really too somewhat")
#: forms of a finite verb group that put the clause in the past
_PAST_AUX = _w("was were had did")
#: phrases that date a clause in the past ("last year", "two years ago", "previously")
_PAST_WORDS = _w("ago previously formerly")
_PAST_PHRASES = (
    ("last", "year"), ("last", "month"), ("last", "week"), ("last", "summer"), ("last", "winter"),
    ("last", "spring"), ("last", "autumn"), ("last", "fall"), ("last", "time"), ("back", "then"),
    ("back", "in"), ("in", "the", "past"), ("at", "the", "time"), ("used", "to"), ("the", "year", "before"),
)  # fmt: skip

#: nouns naming when a thing happens, after it in a subject ("the standup time"; stems, as
#: ``text.updates.SLOT_NOUNS``)
_SLOT_NOUNS = _w("time day date hour schedul slot")
_WEEKDAYS = _w("monday tuesday wednesday thursday friday saturday sunday")
_MONTHS = _w(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
)

_TOKEN_RE = re.compile(
    r"""(?P<email>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)
      |(?P<time>\b\d{1,2}:\d{2}(?:\s*[ap]\.?m\b\.?)?|\b\d{1,2}\s*[ap]\.?m\b\.?)
      |(?P<poss>'s\b)
      |(?P<clitic>'(?:re|m|ve|ll|d)\b)
      |(?P<word>[^\W_](?:[\w'.+/-]*[^\W_])?)
      |(?P<punct>[,;:!?()]|\.(?=\s|$))""",
    re.X,
)
#: contractions split off before tokenizing: "don't" -> "do not", "Emma's" -> "Emma 's", "kids'" -> "kids 's"
_CONTRACTIONS = (
    (
        re.compile(r"\b(can|won)'t\b", re.I),
        lambda m: {"can": "can", "won": "will"}[m.group(1).lower()] + " not",
    ),
    (re.compile(r"(\w)n't\b", re.I), lambda m: m.group(1) + " not"),
    (re.compile(r"(\w)'(s|re|m|ve|ll|d)\b", re.I), lambda m: m.group(1) + " '" + m.group(2).lower()),
    (re.compile(r"(\ws)'(?=\s|$)"), lambda m: m.group(1) + " 's"),
)
_TIME_PARTS_RE = re.compile(r"(\d{1,2})(?::(\d{2}))?\s*([ap])?", re.I)
_HAS_DIGIT_RE = re.compile(r"\d")


class _Tok(NamedTuple):
    text: str
    low: str
    kind: str  # word, time, email, poss, clitic, punct
    cap: bool


@dataclass(frozen=True, slots=True)
class Claim:
    """One clause of a statement: subject, predicate and value (as stemmed word sets)."""

    subject: frozenset[str]
    possessor: frozenset[str]
    names: frozenset[str]
    agent: bool  # the subject is a person or a named thing acting, not an attribute ("Kenji's manager")
    verb: str
    passive: bool
    negated: bool
    obj: frozenset[str]
    adjuncts: frozenset[str]
    kinds: frozenset[str]  # value kinds: time, date, weekday, number, email, id, name
    #: head noun of a definite object ("the red inhaler" -> ``inhal``): one particular thing
    the_head: str = ""
    #: the names, ids and numbers in the value ("Siemens", "Octavia", "7")
    value_names: frozenset[str] = frozenset()
    #: a copula with an adjective and a phrase after it ("is allergic to peanuts", "is afraid of
    #: spiders", "is interested in chess"): the adjective (``allergic``), else "". Such a predicate is
    #: multi-valued, like "likes": one can be allergic to several things
    attitude: str = ""
    #: the finite verb is in the past tense ("was", "played", "did not"), or a phrase dates the clause
    #: in the past ("last year", "ago", "used to", "previously"): what held then, not what holds now
    past: bool = False
    #: a past clause says when it stopped ("worked at Initech until May", "… before joining Hooli")
    ended: bool = False
    #: the value dates the clause: a date, a year or a past phrase ("in March", "from 2015 to 2020",
    #: "last year")
    dated: bool = False
    #: whose thing the object is, when the object says so ("my sister's landlord": ``sister``): the
    #: relation is the owner's, not the subject's own ("Dmitri is my landlord" is another fact)
    value_owner: frozenset[str] = frozenset()

    @property
    def value(self) -> frozenset[str]:
        return self.obj | self.adjuncts


@dataclass(frozen=True, slots=True)
class Statement:
    claims: tuple[Claim, ...]
    additive: bool
    change: bool
    words: frozenset[str]
    #: the only change wording is "new" in a value ("Ana is my new manager"): the value is new, which
    #: says nothing of a named subject's other descriptions ("Everest is our new team name")
    renewed: bool = False
    #: change wording that says an earlier value stopped ("now", "instead", "no longer", "from now
    #: on"): not only "new" in a value ("I like the new bakery") nor a "since" phrase, which dates the
    #: value without saying it replaced another ("I'm claiming Universal Credit since I lost my job")
    firm: bool = False


# ----------------------------------------------------------------------------------------------
# Words
# ----------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1 << 15)
def _lemmas(word: str) -> dict[str, tuple[str, ...]]:
    """Part-of-speech readings of a word and their lemmas (``lemminflect``'s lists; no model)."""
    return dict(lemminflect().getAllLemmas(word))


def _verb_lemma(word: str) -> str | None:
    lemmas = _lemmas(word).get("VERB") or _lemmas(word).get("AUX")
    return lemmas[0] if lemmas else None


def _tokens(text: str) -> list[_Tok]:
    out: list[_Tok] = []
    text = _fold(text)
    if "'" in text:
        for regex, repl in _CONTRACTIONS:
            text = regex.sub(repl, text)
    for m in _TOKEN_RE.finditer(text):
        kind = m.lastgroup or "word"
        raw = m.group()
        low = raw.lower()
        if kind == "clitic":
            low = {"'re": "are", "'m": "am", "'ve": "have", "'ll": "will", "'d": "would"}[low]
        elif kind == "time":
            low = _canonical_time(low)
        out.append(_Tok(raw, low, kind, raw[:1].isupper()))
    _number_words(out)
    # "it's", "that's", "she's": the clitic is "is", not a possessive
    for i, t in enumerate(out):
        if (
            t.kind == "poss"
            and i > 0
            and out[i - 1].low in {"it", "that", "he", "she", "there", "what", "who"}
        ):
            out[i] = _Tok(t.text, "is", "word", False)
    return out


#: before "one", it is a pronoun or a choice ("the one", "which one"), not a count
_NOT_ONE_BEFORE = _w("the this that which every each no any only another")
_SCALES = {"hundred": 100, "thousand": 1000, "million": 10**6}


def _number_words(toks: list[_Tok]) -> None:
    """Spelled-out numbers read as their digits, so "two cats" and "2 cats" are one value and "three
    cats" a new one ("two hundred" -> 200); "one" only as a count ("one cat", not "the one" or "one of")."""
    i = 0
    while i < len(toks):
        t = toks[i]
        value = spelled_value(t.low) if t.kind == "word" else None
        if value is None:
            i += 1
            continue
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if t.low == "one" and (
            nxt is None
            or nxt.kind != "word"
            or nxt.low in {"of", "another"}
            or (i > 0 and toks[i - 1].low in _NOT_ONE_BEFORE)
        ):
            i += 1
            continue
        end = i + 1
        if nxt is not None and nxt.low in _SCALES:
            value, end = value * _SCALES[nxt.low], i + 2
        toks[i:end] = [_Tok(t.text, str(value), "word", t.cap)]
        i += 1


def _canonical_time(text: str) -> str:
    m = _TIME_PARTS_RE.match(text)
    if not m:
        return text
    hour, minute = int(m.group(1)), int(m.group(2) or 0)
    if m.group(3) and m.group(3).lower() == "p" and hour < 12:
        hour += 12
    elif m.group(3) and m.group(3).lower() == "a" and hour == 12:
        hour = 0
    return f"t{hour:02d}{minute:02d}"


def _is_name(tok: _Tok, first: bool) -> bool:
    """A proper noun, identifier or number: what names one thing rather than a kind of thing."""
    if tok.kind in {"time", "email"} or _HAS_DIGIT_RE.search(tok.low):
        return True
    if not tok.cap or tok.kind != "word" or tok.low in _DETERMINERS:
        return False  # (an article or determiner is no name: "The contract was signed")
    return not first or not _lemmas(tok.low) or tok.low in _WEEKDAYS | _MONTHS


def _stems(toks: Sequence[_Tok]) -> frozenset[str]:
    words = [t.low for t in toks if t.kind != "punct" and t.low not in _DETERMINERS and t.kind != "poss"]
    return _frozen(w for w in content_words(" ".join(words)) if w != "not")


def _kinds(toks: Sequence[_Tok]) -> frozenset[str]:
    kinds: set[str] = set()
    for i, t in enumerate(toks):
        if t.kind == "time":
            kinds.add("time")
        elif t.kind == "email":
            kinds.add("email")
        elif t.low.rstrip("s") in _WEEKDAYS:
            kinds.add("weekday")
        elif t.low in _MONTHS and t.low != "may":
            kinds.add("date")
        elif _HAS_DIGIT_RE.search(t.low):
            kinds.add("number" if t.low.replace(",", "").replace(".", "").isdigit() else "id")
        elif t.cap and i > 0 and t.kind == "word":
            kinds.add("name")
    if "date" in kinds:
        kinds.discard("number")  # "4 February": the day number belongs to the date
    return _frozen(kinds)


# ----------------------------------------------------------------------------------------------
# Parsing
# ----------------------------------------------------------------------------------------------


def _phrase_at(toks: Sequence[_Tok], i: int, phrases: Sequence[tuple[str, ...]]) -> int:
    """Length of the phrase from ``phrases`` starting at ``i`` (0: none)."""
    first = toks[i].low
    for phrase in phrases:
        if phrase[0] == first and tuple(t.low for t in toks[i : i + len(phrase)]) == phrase:
            return len(phrase)
    return 0


def _finite_verb(toks: Sequence[_Tok], i: int) -> bool:
    """Whether the word at ``i`` reads as the finite verb of its clause (after its subject)."""
    t = toks[i]
    prev = toks[i - 1]
    if t.kind != "word" or (t.cap and not t.text.isupper()) or _HAS_DIGIT_RE.search(t.low):
        return False
    if prev.low in _DETERMINERS or prev.kind == "poss" or prev.low in _PREPOSITIONS:
        return False
    lemmas = _lemmas(t.low)
    verb = lemmas.get("VERB")
    if not verb:
        return False
    lemma = verb[0]
    if t.low.endswith("ing"):
        return False
    if t.low == lemma:  # base form: only after a pronoun or a plural subject ("we deploy", "the kids go")
        plural = prev.low.endswith("s") and "NOUN" in _lemmas(prev.low)
        if prev.low not in _SUBJECT_PRONOUNS and not plural:
            return False
    if "NOUN" in lemmas and i + 1 < len(toks):
        nxt = toks[i + 1]
        if nxt.low in _AUX or (nxt.kind == "word" and _lemmas(nxt.low).keys() == {"VERB"}):
            return False  # "piano lessons are", "the service costs": this one is a noun
    return True


def _verb_index(toks: Sequence[_Tok]) -> int | None:
    for i in range(1, len(toks)):
        t = toks[i]
        if t.kind == "punct":
            return None
        if t.low in _AUX and t.kind in {"word", "clitic"}:
            return i
        if t.low in _GROUP_ADVERBS - {"then", "since", "too", "only", "even"} and i + 1 < len(toks):
            nxt = i + 1 + _phrase_at(toks, i, (("no", "longer"),))
            if nxt < len(toks) and (toks[nxt].low in _AUX or _verb_lemma(toks[nxt].low)):
                return i
        if _finite_verb(toks, i):
            return i
    return None


def _strip_lead(toks: list[_Tok]) -> tuple[list[_Tok], list[_Tok], bool]:
    """Move a leading time or discourse phrase ("From now on", "Since May,", "On Tuesdays,") out of the
    subject's way: returns (clause, moved phrase, whether it was change wording)."""
    change = False
    n = _phrase_at(toks, 0, _CHANGE_PHRASES)
    if n:
        change = True
        if n < len(toks) and toks[n].low == ",":
            n += 1
        if toks[0].low != "as":
            return toks[n:], [], change
    if toks and (toks[0].low in _PREPOSITIONS or toks[0].low in _CHANGE or toks[0].low in _ADDITIVE):
        change = change or toks[0].low in _CHANGE
        for j, t in enumerate(toks[:8]):
            if t.low == ",":
                return toks[j + 1 :], toks[:j], change
        if toks[0].low in _CHANGE | _ADDITIVE:
            return toks[1:], [], change
    return toks, [], change


def _split_subject(
    subject: Sequence[_Tok], *, initial: bool = True
) -> tuple[frozenset[str], frozenset[str], frozenset[str], bool]:
    """(subject words, possessor words, name words, agent?) of a subject phrase (``initial``: it starts
    the sentence, so a capital letter on its first word says nothing)."""
    subject = [t for t in subject if t.low not in _CHANGE]  # "my new phone number": the same number
    poss_at = max((i for i, t in enumerate(subject) if t.kind == "poss"), default=-1)
    kept = [t for t in subject if t.low not in {"my", "our"}]
    names = _frozen(t.low for i, t in enumerate(subject) if _is_name(t, initial and i == 0))
    words = _stems(kept)
    possessor = _stems(subject[:poss_at]) if poss_at > 0 else _NONE
    if len(subject) == 1 and subject[0].low in _SUBJECT_PRONOUNS:
        return frozenset({subject[0].low}), possessor, names, True
    head = subject[-1] if subject else None
    agent = (
        poss_at < 0
        and head is not None
        and _is_name(head, initial and len(subject) == 1)
        and head.kind == "word"
    )
    if initial and _bare_name(subject):
        # "Mercury is my bank", "Chase is my nephew": a capitalised subject with no determiner names one
        # thing (or is a mass noun), even where the word is also a common noun ("mercury", "chase")
        return words, possessor, frozenset(t.low for t in subject), True
    return words, possessor, names, agent


def _bare_name(subject: Sequence[_Tok]) -> bool:
    """A sentence's subject of one to three capitalised words, no determiner, pronoun or possessive."""
    return (
        0 < len(subject) <= 3
        and all(t.kind == "word" and t.cap for t in subject)
        and subject[0].low not in _DETERMINERS | _SUBJECT_PRONOUNS
    )


def _value(toks: Sequence[_Tok]) -> tuple[list[_Tok], list[_Tok]]:
    """Split what follows the verb into the object (with its of/for/with phrases) and the adjuncts."""
    for i, t in enumerate(toks):
        if i > 0 or not toks:
            if t.low in _PREPOSITIONS and t.low not in _NOUN_PREPOSITIONS and t.kind == "word":
                return list(toks[:i]), list(toks[i:])
        elif t.low in _PREPOSITIONS and t.low not in _NOUN_PREPOSITIONS:
            return [], list(toks)
    return list(toks), []


@functools.lru_cache(maxsize=1 << 12)
def _past_forms(lemma: str) -> frozenset[str]:
    """The simple past forms of a verb ("played", "went")."""
    return frozenset(lemminflect().getInflection(lemma, "VBD"))


def _dated_past(toks: Sequence[_Tok]) -> bool:
    """Whether a phrase dates the clause in the past ("last year", "two years ago", "used to")."""
    return any(t.low in _PAST_WORDS or _phrase_at(toks, i, _PAST_PHRASES) for i, t in enumerate(toks))


def _ends(value: Sequence[_Tok]) -> bool:
    """Whether a value says when it stopped: "until …", "till …", "before <doing something>"."""
    return any(
        t.low in {"until", "till"}
        or (t.low == "before" and i + 1 < len(value) and value[i + 1].low.endswith("ing"))
        for i, t in enumerate(value)
    )


_YEAR_RE = re.compile(r"(?:19|20)\d\d")


_PERIOD_UNITS = _w("year years month months week weeks day days decade decades")


def _dated(value: Sequence[_Tok]) -> bool:
    """Whether a value names a date, a year or a period ("in March", "on 2 May", "from 2015 to 2020",
    "for six years")."""
    if "date" in _kinds(value) or any(t.kind == "word" and _YEAR_RE.fullmatch(t.low) for t in value):
        return True
    return any(
        t.low == "for" and value[i + 1].low.isdigit() and value[i + 2].low in _PERIOD_UNITS
        for i, t in enumerate(value[:-2])
    )


def _owner(obj: Sequence[_Tok]) -> frozenset[str]:
    """The possessor inside an object ("my sister's landlord": ``sister``), else empty."""
    at = max((i for i, t in enumerate(obj) if t.kind == "poss"), default=-1)
    return _stems(obj[:at]) if at > 0 else _NONE


def _attitude(lemma: str, passive: bool, value: Sequence[_Tok]) -> str:
    """The adjective of a copula + adjective + phrase ("is allergic to peanuts", "is interested in
    chess"), else "". A phrase that gives a time, date or amount ("is due on Friday", "is open until
    22:00") is one slot, not a list of things: no attitude."""
    if _kinds(value) & {"time", "date", "weekday", "number"}:
        return ""
    if passive:  # "is interested in chess": the participle is the adjective
        if lemma in _ATTITUDE_PARTICIPLES and value and value[0].low in _PREPOSITIONS - {"by"}:
            return lemma
        return ""
    if lemma != "be":
        return ""
    i = 0
    while i < len(value) - 1 and value[i].low in _DEGREE:
        i += 1
    if len(value) < i + 2 or value[i].kind != "word" or value[i + 1].low not in _PREPOSITIONS:
        return ""
    readings = _lemmas(value[i].low)
    return value[i].low if "ADJ" in readings and "VERB" not in readings else ""


def _definite_head(obj: Sequence[_Tok]) -> str:
    """The head noun of "the <modifiers> <noun>" (no phrase after it), else ""."""
    if len(obj) < 2 or obj[0].low != "the" or any(t.low in _PREPOSITIONS or t.kind != "word" for t in obj):
        return ""
    head = _stems(obj[-1:])
    return next(iter(head)) if len(head) == 1 else ""


def _clean(toks: Sequence[_Tok]) -> tuple[list[_Tok], bool, bool, bool, bool]:
    """Drop additive and change wording from a value; cut "since …" and "as of …" phrases. Returns the
    value, whether it had additive wording, change wording, "new" before its first preposition, and
    change wording other than "since" (``Statement.firm``)."""
    out: list[_Tok] = []
    additive = change = renewed = firm = False
    i = 0
    while i < len(toks):
        t = toks[i]
        if n := _phrase_at(toks, i, _ADDITIVE_PHRASES):
            additive, i = True, i + n
            continue
        if n := _phrase_at(toks, i, _CHANGE_PHRASES):
            change = firm = True
            i += n
            if toks[i - 1].low == "of" or toks[i - 1].low == "since":
                break
            continue
        if t.low == "since":  # "since the reorg", "since January": when the value changed, not the value
            change = True
            break
        if t.low in _ADDITIVE:
            additive = True
        elif t.low == "new" and any(p.low in _PREPOSITIONS for p in toks[:i]):
            out.append(t)  # "the codename of our new project": a thing's age, not the value's change
        elif t.low == "new":
            renewed = True  # "Ana is my new manager": the value is new, said of the value alone
        elif t.low in _CHANGE and t.low != "since":
            change = firm = True
        elif t.kind != "punct":
            out.append(t)
        i += 1
    return out, additive, change, renewed, firm


@dataclass(slots=True)
class _Parse:
    claims: list[Claim]
    additive: bool
    change: bool
    #: change wording other than "new" in a value
    strong: bool = False
    #: change wording other than "new" in a value and "since" (``Statement.firm``)
    firm: bool = False
    #: who "I" and "my" are (a "Name:" prefix), if known
    speaker: list[_Tok] = field(default_factory=list)


def _clause(toks: list[_Tok], subject: list[_Tok] | None, parse: _Parse) -> None:
    """Parse one clause (``subject`` given: a verb phrase coordinated with an earlier clause)."""
    since_lead = bool(toks) and toks[0].low == "since"
    toks, lead, change = _strip_lead(toks)
    parse.change |= change
    parse.strong |= change
    parse.firm |= change and not since_lead
    if subject is None:
        v = _verb_index(toks)
        if v is None:
            return
        subject = toks[:v]
    else:
        v = 0
    group_end = v
    negated = passive = past = finite = False
    aux_be = False
    lemma = ""
    got = False  # the last auxiliary was "get"/"got": with no verb after it, it is the verb itself
    while group_end < len(toks):
        t = toks[group_end]
        if n := _phrase_at(toks, group_end, (("no", "longer"), ("any", "more"))):
            negated = parse.change = parse.strong = parse.firm = True
            group_end += n
        elif t.low in {"not", "never"}:
            negated = True
            group_end += 1
        elif t.low in _ADDITIVE:
            parse.additive = True
            group_end += 1
        elif t.low in _GROUP_ADVERBS and t.low != "since":
            parse.change |= t.low in _CHANGE
            parse.strong |= t.low in _CHANGE
            parse.firm |= t.low in _CHANGE
            group_end += 1
        elif t.low in _AUX and t.kind in {"word", "clitic", "poss"} and not lemma:
            past |= not finite and t.low in _PAST_AUX | {"got"}
            finite = True
            aux_be |= t.low in _BE or t.low in {"get", "gets", "got"}
            lemma = "be" if t.low in _BE else "have" if t.low in _HAVE else ""
            got = t.low in {"get", "gets", "got"}
            group_end += 1
            if not lemma:
                lemma = "do"
        else:
            verb = _verb_lemma(t.low) if t.kind == "word" and not t.cap else None
            if verb and t.low.endswith("ing") and lemma == "be" and aux_be:
                at_end = group_end + 1 >= len(toks) or toks[group_end + 1].kind == "punct"
                if not ("ADJ" in _lemmas(t.low) and at_end):  # "is learning Korean", not "is amazing"
                    lemma, group_end = verb, group_end + 1  # the progressive: the -ing verb is the verb
                break
            if verb and not t.low.endswith("ing") and (lemma in {"", "do", "be", "have"} or t.low != verb):
                if (
                    lemma in {"be", "have"}
                    and t.low == verb
                    and "NOUN" in _lemmas(t.low)
                    and not (aux_be and t.low in _SAME_PARTICIPLES)
                ):
                    break  # "has 8 engineers", "is a doctor": the noun after the verb is its object
                if (
                    lemma == "be"
                    and "ADJ" in _lemmas(t.low)
                    and t.low == verb
                    and t.low not in _SAME_PARTICIPLES
                ):
                    break
                passive = aux_be and (t.low != verb or t.low in _SAME_PARTICIPLES) and not t.low.endswith("s")
                past |= not finite and t.low in _past_forms(verb)
                finite = True
                lemma = verb
                group_end += 1
                if lemma in {"be", "have"}:
                    continue
            break
    if lemma == "do" and got:  # "I got extra time in exams": "got" + a noun phrase is the verb get
        lemma = "get"
    if not lemma or lemma == "do":
        return
    if group_end < len(toks) and toks[group_end].low in _PARTICLES:
        lemma += "_" + toks[group_end].low
        group_end += 1
    rest = toks[group_end:]
    tail: list[_Tok] = []
    for i, t in enumerate(rest):  # clause ends: "but", "which"… or "and" + a new verb phrase / clause
        if t.low in _CLAUSE_BREAKS or t.low == ";":
            rest, tail = rest[:i], []
            break
        if t.low == "and" and i + 1 < len(rest):
            after = rest[i + 1 :]
            if (_verb_index([subject[-1], *after]) == 1) or (
                _verb_index(after) is not None and after[0].low in _SUBJECT_PRONOUNS
            ):
                rest, tail = rest[:i], after
                break
    rest, additive, change, renewed, firm = _clean([*rest, *lead])
    dated_past = _dated_past(rest)
    past |= dated_past  # after "since …" and "as of …" are cut: "since last year" is not the past
    parse.additive |= additive
    parse.change |= change or renewed
    parse.strong |= change
    parse.firm |= firm
    obj, adjuncts = _value(rest)
    if parse.speaker and subject and subject[0].low in {"i", "we", "my", "our"}:
        first = subject[0]
        owner = (
            [*parse.speaker, _Tok("'s", "'s", "poss", False)] if first.low in {"my", "our"} else parse.speaker
        )
        subject = [*owner, *subject[1:]]
    words, possessor, names, agent = _split_subject(subject, initial=not parse.speaker)
    claim = Claim(
        subject=words, possessor=possessor, names=names, agent=agent, verb=lemma, passive=passive,
        negated=negated, obj=_stems(obj), adjuncts=_stems(adjuncts), kinds=_kinds(rest),
        the_head=_definite_head(obj),
        value_names=_stems([t for t in rest if _is_name(t, False)]),
        attitude=_attitude(lemma, passive, rest), past=past, ended=past and _ends(rest),
        dated=dated_past or _dated(rest), value_owner=_owner(obj),
    )  # fmt: skip
    parse.claims.append(claim)
    if passive and adjuncts and adjuncts[0].low == "by":  # "X is owned by Y" is also "Y owns X"
        agent_toks = adjuncts[1:]
        a_words, _, a_names, a_agent = _split_subject(agent_toks, initial=False)
        parse.claims.append(
            Claim(
                subject=a_words,
                possessor=_NONE,
                names=a_names,
                agent=a_agent or bool(a_names),
                verb=lemma,
                passive=False,
                negated=negated,
                obj=words,
                adjuncts=_NONE,
                kinds=_kinds(agent_toks),
            )  # fmt: skip
        )
    if tail:
        if tail[0].low in _SUBJECT_PRONOUNS or _verb_index(tail) not in (None, 0):
            first_verb = _verb_index([subject[-1], *tail])
            _clause(tail, subject if first_verb == 1 else None, parse)
        else:
            _clause(tail, subject, parse)


@functools.lru_cache(maxsize=1 << 14)
def analyse(text: str) -> Statement:
    """The claims of a statement (one per clause), whether it adds or changes a fact, and its words.

    A memory is one statement. A text of several sentences (a chat turn, a note) makes no claims: a
    claim read from one of its sentences would stand for the whole text, and two turns sharing a
    commonplace sentence ("your help means a lot") would look like an update; such texts are only ever
    offered as ``similar``. A clause whose subject is a pronoun with its referent elsewhere ("it",
    "she", "they", "that") makes no claim either; "I" and "we" are the user (or, after a "Name:" prefix,
    that speaker, and "you" is then someone else)."""
    toks = _tokens(text)
    speaker: list[_Tok] = []
    for n in (1, 2, 3):  # "Caroline: I went to…", "Dr Ana Ruiz: …"
        if len(toks) > n and toks[n].low == ":" and all(t.cap and t.kind == "word" for t in toks[:n]):
            speaker, toks = toks[:n], toks[n + 1 :]
            break
    parse = _Parse([], False, False)
    if text.rstrip().endswith("?"):
        return Statement((), False, False, content_words(text))
    sentences: list[list[_Tok]] = [[]]
    for i, t in enumerate(toks):
        if t.low == "." and i and toks[i - 1].low in _ABBREVIATIONS:
            continue  # "Dr. Okafor": no sentence ends here
        if t.low in {";", "!", "?", "."}:
            sentences.append([])
        else:
            sentences[-1].append(t)
    sentences = [s for s in sentences if sum(t.kind == "word" for t in s) >= 2]
    if len(sentences) == 1:
        sentence = sentences[0]
        if not (sentence[0].low in _ANAPHORIC or (speaker and sentence[0].low == "you")):
            parse.speaker = speaker
            _clause(sentence, None, parse)
    return Statement(
        tuple(parse.claims),
        parse.additive,
        parse.change,
        content_words(text),
        parse.change and not parse.strong,
        parse.firm,
    )


# ----------------------------------------------------------------------------------------------
# Keys and comparison
# ----------------------------------------------------------------------------------------------


def claim_keys(statement: Statement) -> frozenset[str]:
    """``about:`` index keys that find earlier statements about the same thing: the subject (and the
    subject with its verb), the possessor, and the object a person or named thing acts on."""
    keys: set[str] = set()
    for c in statement.claims:
        if c.subject:
            subject = " ".join(sorted(c.subject))
            keys.add(f"about:{subject}")
            keys.add(f"about:{subject}|{c.verb}")
            thing = c.subject - _SLOT_NOUNS
            if thing and thing != c.subject and not c.possessor:  # "the standup time": the standup's
                keys.add("about:" + " ".join(sorted(thing)))
        if c.possessor:
            keys.add("about:" + " ".join(sorted(c.possessor)))
        if c.agent and c.obj:
            keys.add("about:" + " ".join(sorted(c.obj)))
    return frozenset(k[:200] for k in keys)
