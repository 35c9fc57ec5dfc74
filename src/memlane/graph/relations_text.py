"""What plain text states about the names in it: their types, a person's organisation, and relations.

Deterministic and offline, no model: careful patterns over a sentence in which the names the text
analysis found (``text.extract_entities``' ``name:`` keys, spelt as in the text) and a few other
arguments (ticket ids such as "SUP-4411", "the billing repo", "the onboarding doc") are replaced by
slots. Each pattern is a statement in the present or the past ("Ana works at Stripe", "Ana's manager is
Piotr", "SUP-4411 is assigned to Omar"); an ending ("no longer works at", "left Hooli in 2022", "used to
live in") gives the relation with ``ended`` set (its validity window closes). A sentence that is a
question, is negated ("doesn't work at", "never worked at"), hypothetical ("if", "would", "might") or a
plan ("plans to", "will", "wants to") states nothing.

Relations (source -> target): ``works_at`` (person -> organisation), ``reports_to`` (person ->
person), ``member_of`` (person -> team), ``customer_of`` (organisation -> organisation; "a customer of
ours" -> :data:`US`), ``assigned_to`` (ticket -> person), ``authored`` (person -> document),
``belongs_to`` (repository or system -> team or organisation), ``located_in`` (organisation -> place),
``lives_in`` (person -> place).

A person's organisation is also read from how the text introduces them: "Kasia Nowak from Tarkon",
"Piotr at Acme", "Ana (Stripe)" (a ``works_at``; never when the organisation's name is a place's:
"Diego from Berlin"), and from a role the text gives them there or the organisation's role they hold
("Ana Lopez is the buyer at Globex", "Priya, our contact at Globex", "Globex's CFO Priya Raman", "the
Infosys test lead") or their owning or running it ("Owen Price runs Greenleaf Landscaping"):
``AFFILIATION_FORMS``, each of which needs a word naming a role ("a fan of Apple" says nothing).

Types come from the roles names play in these statements and from a few cues ("Hooli's invoice", "the
Payments team", "in Ghent", "Jordan said"), else from the name alone
(:func:`memlane.graph.entity_types.text_type`). A name the text leaves ambiguous has no type.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..text.pattern_hints import Needs, may_match, needed
from ..text.sentences import STOP_END
from .entity_types import is_place_name, text_type
from .given_names import is_given_name
from .resolution import EntityType, normalise_name
from .text_patterns import (  # (and the patterns' short names of the entity types)
    _C,
    _DOC,
    _L,
    _P,
    _T,
    _TICKET,
    AFFILIATION_FORMS,
    AFFILIATION_RE,
    ALL_PATTERNS,
    CUE_HINTS,
    ENCOUNTER,
    HINTS,
    ONE_SLOT_PATTERNS,
    PERSON_AFTER,
    PERSON_SOURCE,
    PLACE_BEFORE,
    TYPE_CUES,
)

__all__ = ["US", "TextFacts", "TextRelation", "read_text"]

#: the target of "a customer of ours": the organisation that keeps the memory (no entity)
US = "us"


@dataclass(frozen=True, slots=True)
class TextRelation:
    """``source`` ``relation`` ``target`` as the text spells them; ``ended``: the text says it is over;
    ``since`` / ``until``: the words naming when it began or ended ("March 2021", "2022", "last year"),
    as the text writes them (a relative one is read against the memory's date: ``text_links``)."""

    source: str
    relation: str
    target: str
    ended: bool = False
    since: str = ""
    until: str = ""


@dataclass(frozen=True, slots=True)
class TextFacts:
    #: the type of each name (as given to ``read_text``, and of the other arguments found) the text shows
    types: dict[str, EntityType] = field(default_factory=dict)
    #: a person's organisation (by the names' spellings)
    affiliations: dict[str, str] = field(default_factory=dict)
    relations: tuple[TextRelation, ...] = ()


_NOTHING = TextFacts()

# -- slots ------------------------------------------------------------------------------------------

#: a ticket's id: "SUP-4411", "PAY-812", "JIRA-12"
_TICKET_RE = re.compile(r"(?<![\w-])[A-Z][A-Z0-9]{1,9}-\d{1,7}(?![\w-])")
_DOC_NOUNS = (
    "rfc|design doc|doc|document|spec|specification|proposal|runbook|postmortem|post-mortem|memo|readme|"
    "whitepaper|white paper|blog post|article|paper|report|playbook|adr|one-pager|brief|guide|handbook"
)
_REPO_NOUNS = "repo|repository|codebase|monorepo"
_SYSTEM_NOUNS = "service|pipeline|dashboard|api|backend|frontend|database|cluster|library|sdk|app"
#: "the billing repo", "our onboarding doc", "the RFC": a determiner, up to three lower-case words, a noun
_THING_RE = re.compile(
    rf"\b(?:the|a|an|our|their|his|her|its|this|that)\s+((?:[a-z][\w-]*\s+){{0,3}}?)"
    rf"({_DOC_NOUNS}|{_REPO_NOUNS}|{_SYSTEM_NOUNS})\b(?!\s+(?:{_REPO_NOUNS}|{_SYSTEM_NOUNS}|{_DOC_NOUNS})\b)",
    re.IGNORECASE,
)
#: the words of the relations whose ends may be things (authored, belongs_to): without one, no thing is
#: looked for
_THING_VERBS = re.compile(r"wr[io]t|author|draft|put together|belong|owne|owns|maintain", re.IGNORECASE)
#: ``_THING_VERBS``' words, for ASCII text (where ignoring case is lower-casing)
_THING_WORDS = ("wrot", "writ", "author", "draft", "put together", "belong", "owne", "owns", "maintain")


def _names_things(content: str) -> bool:
    """Whether ``content`` has one of ``_THING_VERBS``' words: in ASCII text by substring (the search,
    ignoring case at every position, cost ~20 us per stored memory, ~6x the look-ups); otherwise by the
    pattern (whose case folding also matches a few non-ASCII letters)."""
    if not content.isascii():
        return _THING_VERBS.search(content) is not None
    low = content.lower()
    for word in _THING_WORDS:  # noqa: SIM110 (a loop: any() over a generator costs more here)
        if word in low:
            return True
    return False


_DOC_SET = frozenset(_DOC_NOUNS.split("|"))
_REPO_SET = frozenset(_REPO_NOUNS.split("|"))
#: words that make a lower-case run no thing's name ("the new doc", "a long report")
_VAGUE = frozenset(
    [
        "new",
        "old",
        "same",
        "other",
        "first",
        "last",
        "next",
        "whole",
        "final",
        "latest",
        "current",
        "draft",
        "big",
        "small",
        "long",
        "short",
        "main",
        "own",
        "shared",
        "entire",
    ]
)
#: capitalised words the text analysis takes for names that are roles ("Lumora's CEO is Aiko")
_ROLE_WORDS = frozenset(
    ["ceo", "cto", "cfo", "coo", "cio", "cpo", "cmo", "ciso", "vp", "svp", "evp", "hr", "qa", "pm", "em"]
)
_SLOT = "\x01"
_SLOT_RE = re.compile(_SLOT + r"(\d+)" + _SLOT)

# -- when a relation began or ended ------------------------------------------------------------------

_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_COUNT = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a couple of|a few|\d{1,2})"
#: a date as :func:`memlane.text.parse_when` reads it: "2022", "March 2021", "14 March 2021", "March",
#: "last year", "two years ago", "2021-03-14"
_DATE = (
    rf"(?:(?:early|late|mid)[\s-]+)?(?:\d{{4}}-\d{{2}}(?:-\d{{2}})?\b|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}\b(?:,?\s+\d{{4}})?|"
    rf"{_MONTH}\b\.?(?:\s+\d{{1,2}}(?:st|nd|rd|th)?\b)?(?:,?\s+(?:of\s+)?\d{{4}})?|(?:19|20)\d{{2}}\b|"
    rf"(?:last|this)\s+(?:year|month|week|spring|summer|autumn|fall|winter|{_MONTH})\b|"
    rf"{_COUNT}\s+(?:years?|months?|weeks?|days?)\s+ago\b|yesterday\b)"
)
#: after the statement: "left Hooli in 2022", "has lived in Oslo since 2015", "until 2021", "from 2015 to
#: 2019", "two years ago"; ``when``: the word that says what the date is
_AFTER = re.compile(
    rf"^[\s,]*(?:(?P<when>since|from|starting(?:\s+in)?|until|till|through|to|in|on|during|back\s+in|as\s+of)\s+)?"
    rf"(?P<date>{_DATE})(?:\s+(?:to|until|till|through|-)\s+(?P<end>{_DATE}))?",
    re.IGNORECASE,
)
#: before it: "In 2022, Priya left Hooli", "Since March, Ana has worked at Stripe"
_BEFORE = re.compile(
    rf"(?:^|[,;:]\s*)(?P<when>since|from|in|on|during|back\s+in|as\s+of)\s+(?P<date>{_DATE})\s*,?\s*$",
    re.IGNORECASE,
)
#: a pattern's own words ending in a start date: "worked at Acme from 2015 to"
_FROM_TO = re.compile(rf"\b(?:from|since)\s+(?P<date>{_DATE})\s+(?:to|until|till|through)\s*$", re.IGNORECASE)
_STARTS = frozenset({"since", "from", "starting", "starting in", "as of"})
_ENDS = frozenset({"until", "till", "through", "to"})


def _when(sentence: str, m: re.Match[str], ended: bool) -> tuple[str, str]:
    """(since, until): the dates the sentence gives the relation ``m`` matched, right after it (up to the
    next name) or opening the sentence. A date "in"/"on" (or none) is when an ended relation ended and
    when a current one began ("joined Stripe in March 2021")."""
    tail = sentence[m.end() :].split(_SLOT, 1)[0]
    found = _AFTER.match(tail)
    if found is None:
        found = _BEFORE.search(sentence[: m.start()]) if _SLOT not in sentence[: m.start()] else None
        if found is None:
            return "", ""
    when = " ".join((found.group("when") or "").lower().split())
    date = found.group("date").rstrip(".")
    end = (found.groupdict().get("end") or "").rstrip(".")
    began = _FROM_TO.search(m.group(0))  # "worked at Acme from 2015 to 2019" (the pattern ends in "to")
    if began is not None:
        return began.group("date"), date
    if when in _STARTS:
        return date, end or ""
    if when in _ENDS:
        return "", date
    return ("", date) if ended else (date, "")


# -- sentences that state nothing -------------------------------------------------------------------

#: sentence ends as ``text.sentences`` reads them ("Jo met Sam at 9 a.m. and works at Globex" is one),
#: a semicolon or a line break
_SENTENCE_END = re.compile(STOP_END + r"|(?<=;)\s+|\n+")
#: what every match of ``_SENTENCE_END`` has (a stop or a semicolon before a space, or a line break): a
#: text without it is one sentence, and the split's lookbehinds, tried at every position, are skipped
_MAY_END = re.compile(r"[.!?;]\s|\n")
_NEGATION = re.compile(
    r"\b(?:not|never|nobody|neither|nor|no one|cannot|can't|won't|don't|doesn't|didn't|isn't|aren't|"
    r"wasn't|weren't|hasn't|haven't|hadn't|shouldn't|wouldn't|couldn't|no)\b|n't\b",
    re.IGNORECASE,
)
_HYPOTHETICAL = re.compile(
    r"\b(?:if|unless|whether|would|could|might|should|maybe|perhaps|possibly|probably|supposedly|"
    r"allegedly|rumou?red|will|shall|gonna|plans?|planning|planned|wants?|wanted|hopes?|hoping|"
    r"considering|consider|thinking about|thinking of|going to|about to|expects? to|expected to|"
    r"intends? to|intending to|wish|wishes|suppose|imagine|once)\b|\?",
    re.IGNORECASE,
)
#: "may" as a modal, not the month ("moved to Lisbon in May")
_MAY = re.compile(r"\bmay\b|^\W*May\b")
#: an ending phrase is no negation: "no longer works at", "is not at X any more" stays a negation
_ENDING_NEGATION = re.compile(r"\bno longer\b|\bnot any ?more\b", re.IGNORECASE)
_QUESTION_START = re.compile(
    r"^\W*(?:who|what|where|when|why|how|which|whose|does|do|did|is|are|was|were|has|have|had|can|will|"
    r"shall|should|would|could|may|might)\b",
    re.IGNORECASE,
)


def read_text(content: str, names: Sequence[str]) -> TextFacts:
    """The types, organisations and relations ``content`` states about ``names`` (the spellings the
    text analysis found) and the other arguments it finds (tickets, documents, repositories)."""
    if not content or not (names or "-" in content or _names_things(content)):
        return _NOTHING  # (no name, no ticket id, no thing: nothing to say anything about)
    return _read(content, tuple(names))


@lru_cache(maxsize=4096)
def _read(content: str, names: tuple[str, ...]) -> TextFacts:
    slotted, slots, kinds = _slot(content, names)
    if not slots:
        return _NOTHING
    types: dict[str, EntityType] = {}
    votes: dict[int, set[EntityType]] = {}
    affiliations: dict[str, str] = {}
    relations: list[TextRelation] = []
    for sentence in _SENTENCE_END.split(slotted) if _MAY_END.search(slotted) else (slotted,):
        if _SLOT not in sentence:
            continue
        states: bool | None = None  # (read when a pattern matches: most sentences match none)
        _context_types(sentence, slots, votes)
        used: set[tuple[int, int]] = set()
        # (a relation needs two slots, but "a customer of ours": most sentences of a chat name one thing)
        patterns = ALL_PATTERNS if sentence.count(_SLOT) >= 4 else ONE_SLOT_PATTERNS
        # (the relations none of whose words the sentence has: the common case, skipped cheaply)
        low = sentence.lower()
        skipped = _without_hints(low, _RELATION_HINTS)
        # (and each pattern only where the sentence has a word it cannot match without: the same
        # matches, most of the searches of relations without hints, such as ``works_at``, skipped)
        needs = _needs(len(patterns) > len(ONE_SLOT_PATTERNS))
        for (relation, ended, pattern, src, dst, src_type, dst_type, always), need in zip(
            patterns, needs, strict=True
        ):
            if relation in skipped or not may_match(need, sentence, low):
                continue
            for m in pattern.finditer(sentence):
                a = int(m.group(src)[1:-1])
                b = int(m.group(dst)[1:-1]) if dst else -1
                if a == b or (a, b) in used:
                    continue
                read = _relation(relation, m, a, b, slots, kinds, src_type, dst_type)
                if read is None:
                    continue
                relation_here, kind_a, kind_b = read
                used.add((a, b))
                for slot, kind in ((a, kind_a), (b, kind_b)):
                    if slot >= 0 and kind is not None and kinds.get(slot) is None:
                        votes.setdefault(slot, set()).add(kind)
                if states is None:
                    states = _states(sentence)
                if states or always:
                    target = slots[b] if b >= 0 else US
                    since, until = _when(sentence, m, ended)
                    relations.append(TextRelation(slots[a], relation_here, target, ended, since, until))
        for m, form in _affiliations(sentence, low) if len(patterns) > len(ONE_SLOT_PATTERNS) else ():
            if not form and ENCOUNTER.search(sentence[max(0, m.start() - 30) : m.start()]):
                continue  # "met Ana at Nobu": a place they met, no employer
            a, b = int(m.group("a")[1:-1]), int(m.group("b")[1:-1])
            person, organisation = slots[a], slots[b]
            if (
                a == b
                or _is_place(organisation)
                or kinds.get(b) is not None
                or not _reads_as_person(person, votes.get(a))
                or (
                    form
                    and (votes.get(b, set()) - {_C, EntityType.CUSTOMER} or text_type(organisation) == _P)
                )
            ):
                continue
            if any(r.source == person and r.relation == "works_at" for r in relations):
                continue
            affiliations.setdefault(person, organisation)
            votes.setdefault(a, set()).add(_P)
            votes.setdefault(b, set()).add(_C)
            if states is None:
                states = _states(sentence)
            if states:
                relations.append(TextRelation(person, "works_at", organisation))
    for slot, name in enumerate(slots):
        kind = kinds.get(slot)
        if kind is None:
            found = votes.get(slot, set())
            kind = next(iter(found)) if len(found) == 1 else (text_type(name) if not found else None)
        if kind is not None:
            types[name] = kind
    return TextFacts(types, affiliations, tuple(dict.fromkeys(relations)))


def _affiliations(sentence: str, low: str) -> Iterable[tuple[re.Match[str], bool]]:
    """The matches of ``AFFILIATION_RE`` ("Kasia Nowak from Tarkon"; False), then of each of
    ``AFFILIATION_FORMS`` whose words ``sentence`` has ("Ana Lopez is the buyer at Globex"; True)."""
    for m in AFFILIATION_RE.finditer(sentence):
        yield m, False
    for form, need in zip(AFFILIATION_FORMS, _form_needs(), strict=True):
        if may_match(need, sentence, low):
            for m in form.finditer(sentence):
                yield m, True


@lru_cache(maxsize=1)
def _form_needs() -> tuple[Needs, ...]:
    """``needed`` of each of ``AFFILIATION_FORMS``, in their order."""
    return tuple(needed(p) for p in AFFILIATION_FORMS)


def _relation(
    relation: str,
    m: re.Match[str],
    a: int,
    b: int,
    slots: Sequence[str],
    kinds: dict[int, EntityType],
    src_type: EntityType | None,
    dst_type: EntityType | None,
) -> tuple[str, EntityType | None, EntityType | None] | None:
    """A pattern's match checked against what its ends are: (the relation, the source's and the
    target's types), or None when the ends cannot bear it ("Diego left Berlin" is no employer)."""
    source, target = slots[a], (slots[b] if b >= 0 else "")
    if relation == "works_at" and (
        _is_place(target) or kinds.get(b) in (_TICKET, _DOC) or text_type(target) == _P
    ):
        return None  # "Diego left Berlin", "Ana is Piotr's manager"
    if relation in ("located_in", "lives_in") and not _is_place(target):
        return None
    if relation == "assigned_to" and kinds.get(a) != _TICKET:
        return None
    if relation == "authored" and kinds.get(b) not in (_DOC, None):
        return None
    if relation == "belongs_to":
        if kinds.get(a) not in (EntityType.REPOSITORY, EntityType.SYSTEM):
            return None
        dst_type = _T if m.group("team") else None
    kind_a = src_type
    if relation == "customer_of" and b < 0:
        kind_a = EntityType.CUSTOMER  # ours: a customer ("Globex is a customer of ours")
    if relation == "located_in" and kinds.get(a) is None:
        if text_type(source) == _P:
            return "lives_in", _P, dst_type  # "Helga is based in Oslo"
        kind_a = _C
    if relation in PERSON_SOURCE and kind_a is None:
        kind_a = _P
    return relation, kind_a, dst_type


@lru_cache(maxsize=2)
def _needs(every: bool) -> tuple[Needs, ...]:
    """``needed`` of each of ``ALL_PATTERNS`` (``every``) or ``ONE_SLOT_PATTERNS``, in their order (read
    on first use: the patterns' parses cost ~30 ms)."""
    return tuple(needed(p[2]) for p in (ALL_PATTERNS if every else ONE_SLOT_PATTERNS))


@lru_cache(maxsize=1)
def _cue_needs() -> tuple[Needs, ...]:
    """``needed`` of each of ``TYPE_CUES``, in their order."""
    return tuple(needed(p) for p, _ in TYPE_CUES)


def _states(sentence: str) -> bool:
    """Whether a sentence states (neither a question, a negation, a hypothesis nor a plan)."""
    if _QUESTION_START.match(sentence) or sentence.rstrip().endswith("?"):
        return False
    plain = _ENDING_NEGATION.sub(" ", sentence)
    return not (_NEGATION.search(plain) or _HYPOTHETICAL.search(plain) or _MAY.search(plain))


def _is_place(name: str) -> bool:
    return is_place_name(name)


def _reads_as_person(name: str, votes: set[EntityType] | None) -> bool:
    if votes:
        return votes == {_P}
    words = name.split()
    return (
        text_type(name) == _P
        or (bool(words) and is_given_name(normalise_name(words[0], _P)))
        or _INITIALS.match(name) is not None
    )


#: a surname after the initials of given names ("W. Zhang", "P. Nowak", "F. Hernández G."): a person's
#: name as a signature or a list writes it (the initials' dots: "IT Services" is no one's)
_INITIALS = re.compile(
    r"^(?:[^\W\d_]\.\s?){1,2}\s*[^\W\d_][^\W\d_'’-]*(?:[-'’][^\W\d_]+)*(?:\s+[^\W\d_]\.)?$"
)


def _without_hints(low: str, hints: tuple[tuple[Any, tuple[str, ...]], ...]) -> set[Any]:
    """The keys of ``hints`` none of whose words ``low`` contains (a loop: a generator per key cost
    more than the look-ups, once per sentence of every stored memory that names something)."""
    absent = set()
    for key, words in hints:
        for word in words:
            if word in low:
                break
        else:
            absent.add(key)
    return absent


#: ``HINTS`` as (relation, words) pairs; ``TYPE_CUES`` by their index, with ``CUE_HINTS``
_RELATION_HINTS = tuple(HINTS.items())
_CUE_HINTS = tuple(enumerate(CUE_HINTS))


def _context_types(sentence: str, slots: Sequence[str], votes: dict[int, set[EntityType]]) -> None:
    low = sentence.lower()
    absent = _without_hints(low, _CUE_HINTS)
    for cue, ((pattern, kind), need) in enumerate(zip(TYPE_CUES, _cue_needs(), strict=True)):
        if cue in absent or not may_match(need, sentence, low):
            continue
        for m in pattern.finditer(sentence):
            slot = int(m.group("a")[1:-1])
            if kind == _C and (_is_place(slots[slot]) or text_type(slots[slot]) == _P):
                continue  # "left Berlin", "Ana's team"
            votes.setdefault(slot, set()).add(kind)
    for m in _SLOT_RE.finditer(sentence):
        slot = int(m.group(1))
        name = slots[slot]
        before = sentence[max(0, m.start() - 12) : m.start()]
        # (each pattern needs what is checked first: ``PLACE_BEFORE`` ends in whitespace, ``PERSON_AFTER``
        # has an apostrophe; most names have neither beside them, and the search cost more)
        if before[-1:].isspace() and PLACE_BEFORE.search(before) and _is_place(name):
            votes.setdefault(slot, set()).add(_L)
        elif (
            "'" in sentence[m.end() : m.end() + 30]
            and PERSON_AFTER.match(sentence[m.end() : m.end() + 30])
            and " " not in name
            and is_given_name(normalise_name(name, _P))
        ):
            votes.setdefault(slot, set()).add(_P)


def _is_word(char: str) -> bool:
    return char.isalnum() or char == "_"


def _slot(content: str, names: Iterable[str]) -> tuple[str, list[str], dict[int, EntityType]]:
    """``content`` with each name, ticket id and thing ("the billing repo") replaced by a slot; the
    slots' spellings; the types the slots' own form shows (tickets, documents, repositories)."""
    spans: list[tuple[int, int, str, EntityType | None]] = []

    def take(start: int, end: int, name: str, kind: EntityType | None) -> None:
        # (a text has a few spans: a scan is cheaper than marking every character)
        if all(end <= s or start >= e for s, e, _, _ in spans):
            spans.append((start, end, name, kind))

    for m in _TICKET_RE.finditer(content) if "-" in content else ():  # (an id has a hyphen)
        take(m.start(), m.end(), m.group(0), _TICKET)
    for m in _THING_RE.finditer(content) if _names_things(content) else ():
        words, noun = m.group(1).split(), m.group(2)
        words = [w for w in words if w.lower() not in _VAGUE]
        folded = noun.lower()
        kind = (
            _DOC
            if folded in _DOC_SET
            else EntityType.REPOSITORY
            if folded in _REPO_SET
            else EntityType.SYSTEM
        )
        if not words and kind != _DOC:
            continue  # "the repo", "the app": no name
        if not words and not noun.isupper():
            continue  # "the doc"; "the RFC" names one
        name = " ".join([*words, noun])
        take(m.start(), m.end(2), name, kind)  # (with its determiner: "wrote the RFC")
    wanted: set[str] = set()
    for name in names:
        head, _, rest = name.partition(" of ")
        if head.casefold() in _ROLE_WORDS:
            name = rest  # "CTO of Stackbay": a role of Stackbay
        if name and name.casefold() not in _ROLE_WORDS:
            wanted.add(name)
    for name in sorted(wanted, key=len, reverse=True):
        if not name:
            continue
        at = content.find(name)
        while at != -1:  # (the name as a whole word; no pattern compiled per name)
            end = at + len(name)
            if (at == 0 or not _is_word(content[at - 1])) and (
                end == len(content) or not _is_word(content[end])
            ):
                take(at, end, name, None)
            at = content.find(name, at + 1)
    spans.sort()
    out: list[str] = []
    slots: list[str] = []
    kinds: dict[int, EntityType] = {}
    at = 0
    for start, end, name, span_kind in spans:
        out.append(content[at:start])
        if name in slots:
            index = slots.index(name)
        else:
            index = len(slots)
            slots.append(name)
        if span_kind is not None:
            kinds[index] = span_kind
        out.append(f"{_SLOT}{index}{_SLOT}")
        at = end
    out.append(content[at:])
    return "".join(out), slots, kinds
