"""What a text says of a person it names, as resolution weighs it: who the person is to the writer
("Sophie Clarke is my daughter's form teacher", "Susan, my sister, ...", "my manager is Leila") and
whom the text says the person is *not* ("José Hernández is my father-in-law, not José Luis";
"Gary from the Dell account team is our rep, not the superintendent"); what it describes the person as
right after the name ("Gabriel the striker", "Anjali from the estate office": :func:`description`) and
the gender it says the person is of ("Nino Kapanadze is Giorgi's mother": :func:`said_gender`).

A known entity keeps the sentences that named it, its name marked (:func:`said_of`): the marked
sentence is what :func:`relations` and :func:`said_words` read later, when a lone given name or a
namesake is compared with it. Pure functions of their strings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..text import STOPWORDS
from ..text.sentences import STOP_END

__all__ = [
    "KEPT",
    "NAME_WORDS",
    "MARK",
    "ANY_KIN",
    "Denials",
    "Relation",
    "a_verb",
    "denials",
    "description",
    "kin_of_another",
    "relations",
    "relations_conflict",
    "roles",
    "said_gender",
    "said_of",
    "said_not_self",
    "said_self",
    "said_words",
    "said_words_affirmed",
    "said_words_of_self",
    "workplace",
]

#: stands for the entity's own name in a sentence that named it
MARK = "\u2062"
#: how many of the sentences that named an entity it keeps (the first ones: how it was presented)
KEPT = 4
#: the longest sentence kept (a memory's text can be long; what is said of a name is near it)
_LONGEST = 240

#: a relative or partner, by the relation each word names (one word per relation: "mum" is "mother")
_KIN = {
    **dict.fromkeys(["mom", "mum", "mama", "mommy", "mummy", "mother"], "mother"),
    **dict.fromkeys(["dad", "daddy", "papa", "father"], "father"),
    **dict.fromkeys(["sister", "sis"], "sister"),
    **dict.fromkeys(["brother", "bro"], "brother"),
    **dict.fromkeys(["son"], "son"),
    **dict.fromkeys(["daughter"], "daughter"),
    **dict.fromkeys(["kid", "child"], "child"),
    **dict.fromkeys(["wife", "husband", "spouse", "partner", "boyfriend", "girlfriend"], "partner"),
    **dict.fromkeys(["fiance", "fiancee", "fiancé", "fiancée"], "partner"),
    **dict.fromkeys(["grandma", "granny", "grandmother", "nan", "nana"], "grandmother"),
    **dict.fromkeys(["grandpa", "granddad", "grandad", "grandfather"], "grandfather"),
    **dict.fromkeys(["grandson"], "grandson"),
    **dict.fromkeys(["granddaughter"], "granddaughter"),
    **dict.fromkeys(["uncle"], "uncle"),
    **dict.fromkeys(["aunt", "auntie", "aunty"], "aunt"),
    **dict.fromkeys(["cousin"], "cousin"),
    **dict.fromkeys(["nephew"], "nephew"),
    **dict.fromkeys(["niece"], "niece"),
    **dict.fromkeys(["stepfather", "stepdad"], "stepfather"),
    **dict.fromkeys(["stepmother", "stepmom", "stepmum"], "stepmother"),
    **dict.fromkeys(["stepson"], "stepson"),
    **dict.fromkeys(["stepdaughter"], "stepdaughter"),
    **dict.fromkeys(["twin"], "twin"),
}
#: a relative by marriage ("father-in-law"): a relation of its own, as written
_IN_LAW = re.compile(r"^([a-z]+)-in-law$")

_DETERMINER = r"(?:my|our|[A-Z][\w-]*['’]s)"
_M = re.escape(MARK)
#: "@ is my sister", "@ was our GP", "@, my manager, ...", "@ my sister is visiting", "@ (my cousin)"
_AFTER = re.compile(
    _M
    + r"(?:\s+(?:from|of|at)\s+[^,.;:!?()]{1,30}?)?(?:\s*,\s*|\s*\(\s*|\s+(?:is|was)\s+(?:also\s+|now\s+|still\s+|just\s+)?|\s+(?=(?:my|our)\s))"
    r"(?P<d>" + _DETERMINER + r"\s+[^,.;:!?()]{1,60})"
)
#: "my sister @", "my manager is @", "our GP, @, ...", "my best friend is called @"
_BEFORE = re.compile(
    r"(?:^|(?<=[\s(,]))(?P<d>(?:[Mm]y|[Oo]ur)\s+[\w-]+(?:\s+[\w-]+)?)"
    r"(?:\s+(?:is|was)\s+(?:also\s+)?(?:called|named)\s+|\s+(?:is|was)\s+|\s*,\s*|\s+)" + _M
)


@dataclass(frozen=True, slots=True)
class Relation:
    """Who a sentence says a person is to its writer (or to someone of theirs): ``kin`` the relative
    ("sister", "partner"; None for any other relation: "my manager", "Dad's neurologist", "my
    daughter's form teacher"), ``words`` the description's words."""

    kin: str | None
    words: frozenset[str]


@lru_cache(maxsize=4096)  # (asked for each candidate a mention is compared with)
def said_of(name: str, context: str) -> str | None:
    """The sentence of ``context`` that names ``name`` (as whole words), the name replaced by
    :data:`MARK`; None when the name is not in it as written."""
    name = name.strip()
    at = context.find(name) if name else -1
    while at != -1:
        end = at + len(name)
        if (at == 0 or not context[at - 1].isalnum()) and (end == len(context) or not context[end].isalnum()):
            if not _MAY_STOP.search(context):  # (one sentence: most memories)
                return (context[:at] + MARK + context[end:])[:_LONGEST]
            start = 0
            for stop in _STOP.finditer(context, 0, at):
                start = stop.end()
            after = _STOP.search(context, end)
            sentence = context[start:at] + MARK + context[end : after.start() if after else len(context)]
            return sentence[:_LONGEST]
        at = context.find(name, at + 1)
    return None


#: a sentence's end (``text.sentences.STOP_END``: not the stop of "Dr." or "Inc.") or a line's
_STOP = re.compile(STOP_END + r"|\n")
_MAY_STOP = re.compile(r"[.!?]\s|\n")


def _words(text: str) -> frozenset[str]:
    return frozenset(_stem(w) for w in re.findall(r"[^\W\d_]{2,}", text.casefold()) if w not in STOPWORDS)


def _stem(word: str) -> str:
    """A word without a plural's or a verb's -s ("coaches" / "coach", "reps" / "rep")."""
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _relation(description: str) -> Relation:
    words = description.split()
    kin = None
    if len(words) >= 3 and words[0].casefold() in ("my", "our") and words[1].casefold() in _KIN_ADJECTIVES:
        # "my elder daughter", "my late husband": the relative, which one said by the adjective
        head = words[2].casefold()
        if head in _KIN:
            return Relation(_KIN[head], _words(" ".join(words[1:])))
    if len(words) >= 2 and words[0].casefold() in ("my", "our"):
        head = words[1].casefold()
        possessive = head.endswith(("'s", "’s"))
        in_law = _IN_LAW.match(head)
        if in_law and in_law.group(1) in _KIN:
            kin = head
        elif not possessive and head in _KIN:
            kin = _KIN[head]
        elif possessive and head[:-2] in _KIN:
            # "my father's elder brother", "my mum's sister": a relative of a relative
            rest = [w.casefold() for w in words[2:4] if w.casefold() not in _KIN_ADJECTIVES]
            if rest and rest[0] in NAME_WORDS:
                # "@ is my brother's name in the Russian spelling": a name of the relative's own
                kin = _KIN[head[:-2]]
            elif rest and rest[0] in _KIN:
                pair = (_KIN[head[:-2]], _KIN[rest[0]])
                kin = _KIN_OF_KIN.get(pair, f"{pair[0]}'s {pair[1]}")
    return Relation(kin, _words(" ".join(words[1:])))


#: what a relative's possessive before it makes a name of that relative ("my brother's name"); also the
#: head of a role that says what a name is, not what its person is ("@ is the English name she uses")
NAME_WORDS = frozenset(["name", "names", "nickname", "spelling"])
#: a relative of a relative that has a word of its own ("my father's brother" is my uncle)
_KIN_OF_KIN = {
    **{(parent, "brother"): "uncle" for parent in ("father", "mother")},
    **{(parent, "sister"): "aunt" for parent in ("father", "mother")},
    **{(parent, "mother"): "grandmother" for parent in ("father", "mother")},
    **{(parent, "father"): "grandfather" for parent in ("father", "mother")},
    **{(sibling, "son"): "nephew" for sibling in ("brother", "sister")},
    **{(sibling, "daughter"): "niece" for sibling in ("brother", "sister")},
    **{(child, "son"): "grandson" for child in ("son", "daughter")},
    **{(child, "daughter"): "granddaughter" for child in ("son", "daughter")},
}
#: words before a relative's that say which one ("my father's elder brother")
_KIN_ADJECTIVES = frozenset(
    ["elder", "eldest", "older", "oldest", "younger", "youngest", "big", "little", "late"]
)


@lru_cache(maxsize=4096)
def relations(said: str) -> tuple[Relation, ...]:
    """Who the marked sentence ``said`` says the person of :data:`MARK` is to its writer: "my sister",
    "our GP", "Dad's neurologist" (not "a nurse" or "the attending": what someone does, which a
    relative does as well)."""
    found = [_relation(m.group("d")) for m in _AFTER.finditer(said)]
    found += [_relation(m.group("d")) for m in _BEFORE.finditer(said)]
    # (not a name, "@ is Kenny's Chinese name": who it is, not who it is to anyone)
    return tuple(r for r in found if r.kin or not r.words & NAME_WORDS)


def relations_conflict(mine: tuple[Relation, ...], theirs: tuple[Relation, ...]) -> bool:
    """Two sets of relations no one person has: a relative in one ("my sister") and, in the other, only
    other relations ("my daughter's form teacher", "my uncle"). Two relations of other kinds never
    conflict (one's manager is also one's mentor)."""
    if not mine or not theirs:
        return False
    kin_mine = {r.kin for r in mine if r.kin}
    kin_theirs = {r.kin for r in theirs if r.kin}
    if not (kin_mine or kin_theirs):
        return False
    if not (kin_mine & kin_theirs):
        return True
    # "my elder daughter" / "my younger daughter": one relative of a kind, and another of it
    return any(
        a.kin == b.kin and _order(a.words) and _order(b.words) and _order(a.words) != _order(b.words)
        for a in mine
        for b in theirs
    )


_ELDER = frozenset(["elder", "eldest", "older", "oldest", "big"])
_YOUNGER = frozenset(["younger", "youngest", "little"])


def _order(words: frozenset[str]) -> str | None:
    """Which of two relatives of a kind the words of a relation say: the elder or the younger."""
    elder, younger = bool(words & _ELDER), bool(words & _YOUNGER)
    return "elder" if elder and not younger else "younger" if younger and not elder else None


@lru_cache(maxsize=4096)
def said_words(said: str) -> frozenset[str]:
    """The words of a marked sentence, its name aside (what a denial's words are looked up in)."""
    return _words(said.replace(MARK, " "))


#: a title's abbreviation whose full stop is no end of a denied name ("not Dr. Lefèvre")
_TITLE_STOP = r"(?:Dr|Dra|Mr|Mrs|Ms|Mx|Prof|St|Sr|Sra|Rev|Capt|Lt|Sgt|Fr)\."
#: "..., not José Luis", "... is not my paralegal", "she's not related to Ify", "..., obviously not the
#: bank": what a clause says its person (or thing) is not
_NOT = re.compile(
    r"(?:[,;]\s*(?:(?:and|but|so|obviously|clearly|certainly|definitely|just)\s+)?|\(\s*|\b(?:is|was|are)\s+"
    r"|['’]s\s+)not\s+(?P<what>(?:" + _TITLE_STOP + r"\s*)?[^,.;:!?()]{1,50})"
)
#: "different from TUI in Germany", "a different body from its air service", "not to be confused with
#: DuPont", "has nothing to do with Acme Robotics", "..., nothing to do with our contractor": the one
#: named is another
_APART_FROM = re.compile(
    r"\b(?:(?:different|distinct|separate)\s+(?:[a-z]+\s+)?from|not\s+to\s+be\s+confused\s+with|"
    r"(?:(?:has|have|had)\s+|,\s*)nothing\s+to\s+do\s+with)\s+(?:the\s+)?"
    r"(?P<what>[^,.;:!?()]{1,50})"
)
#: "no relation to my boss", "no relation to Étienne": not a relative of that one, so not that one either
_NO_RELATION = re.compile(r"\b[Nn]o\s+relation\s+(?:to|of)\s+(?P<what>[^,.;:!?()]{1,50})")
_DENIED_ROLE = re.compile(r"^(?:the|my|our|his|her|their)\s+(?P<rest>.+)$", re.IGNORECASE)
#: "not Morag's son": a description by someone else's name, read as its words
_DENIED_POSSESSIVE = re.compile(r"^[^\W\d_][\w-]*['’]s\s+[a-z]")
#: after a denied name, words in lower case that say which bearer of it is meant: "not Pina from the
#: consortium", "not Tom the plumber", "not Ana at the front desk" (not a name: "not TUI in Germany")
_QUALIFIER = re.compile(
    r"\s+(?:the\s+|(?:from|at|of|in)\s+(?:the\s+|our\s+|my\s+)?)(?P<rest>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})"
)
#: "not related to Ify": the name after it
_RELATED_TO = re.compile(r"^related\s+to\s+(?P<rest>.+)$")
#: stands in ``Denials.kin`` for any relative ("not family", "not related")
ANY_KIN = "*"


@dataclass(frozen=True, slots=True)
class Denials:
    """Whom a sentence says its person is not: ``names`` ("José Luis"), ``words`` of a description
    ("the Sequoia partner": sequoia, partner), ``kin`` a relative ("not grandma": grandmother; "not
    family": :data:`ANY_KIN`), ``apart`` names it says it is different from ("different from TUI in
    Germany": TUI; unlike "..., not Chennai", never another name of the same thing), ``ours`` that it
    is not the writer's ("their IT lead, not ours")."""

    names: tuple[str, ...]
    words: frozenset[str]
    kin: frozenset[str] = frozenset()
    apart: tuple[str, ...] = ()
    #: "their IT lead, not ours", "..., not mine": the person is not the writer's (not one of the
    #: people the writer calls "our" or "my")
    ours: bool = False


_NONE = Denials((), frozenset())


def _capitalised(what: str) -> str:
    """The capitalised words ``what`` starts with (a name: "TUI in Germany" -> "TUI"), at most four."""
    capitalised = []
    for word in what.split():
        if not word[:1].isupper():
            break
        capitalised.append(word)
    return " ".join(capitalised[:4])


@lru_cache(maxsize=4096)
def denials(said: str) -> Denials:
    """What the marked sentence ``said`` says its person is not, after the person's name."""
    at = said.find(MARK)
    if at == -1 or (
        "not" not in said and "from" not in said and "nothing" not in said and "relation" not in said
    ):
        return _NONE
    names: list[str] = []
    words: set[str] = set()
    kin: set[str] = set()
    ours = False
    for match in _NOT.finditer(said, at):
        what = match.group("what").strip()
        if what.casefold() in ("ours", "mine", "our own", "my own"):
            ours = True
            continue
        role = _DENIED_ROLE.match(what)
        if role:
            rest = role.group("rest")
            words |= _words(rest)
            if (
                what.split()[0].casefold() != "the"  # (not "the CFO", "the Sequoia partner")
                and (name := _capitalised(rest)) == " ".join(rest.split())
                and not name.isupper()
            ):
                names.append(name)  # "not our Mesi": what the writer calls someone, a name
            continue
        first = what.split()[0].casefold()
        if first in _KIN or (first.endswith("-in-law") and _IN_LAW.match(first)):
            kin.add(_KIN.get(first, first))
            continue
        if first in ("family", "related", "relatives", "kin"):
            related = _RELATED_TO.match(what)
            if related and (name := _capitalised(related.group("rest"))):
                names.append(name)
            else:
                kin.add(ANY_KIN)
            continue
        if _DENIED_POSSESSIVE.match(what):
            words |= _words(what)
            continue
        if name := _capitalised(what):
            names.append(name)
            if qualifier := _QUALIFIER.match(what, len(name)):
                # "..., not Pina from the consortium": the name (the mention's own, as often) and what
                # tells the other bearer apart, a description of the one it is not
                words |= _words(qualifier.group("rest"))
    for m in _NO_RELATION.finditer(said, at):
        # "..., no relation to my boss": someone else than the one so described or named
        what = m.group("what").strip()
        if role := _DENIED_ROLE.match(what):
            words |= _words(role.group("rest"))
        elif name := _capitalised(what):
            names.append(name)
    apart = []
    for m in _APART_FROM.finditer(said, at):
        what = m.group("what").strip()
        if name := _capitalised(what):
            apart.append(name)
        elif what[:1].islower():
            words |= _words(what)  # "different from the cloud vendor": a description
    if not (names or words or kin or apart or ours):
        return _NONE
    return Denials(tuple(names), frozenset(words), frozenset(kin), tuple(apart), ours)


#: what a sentence says its person is or does, right after the name: "@ the striker scored", "@, the
#: policyholder, ...", "@ from the docs PR", "@ in payroll", "@ who teaches the boys' class", "@ is a
#: calibration engineer"
_DESCRIBED = re.compile(
    _M + r"(?:\s*,\s*|\s+)(?:(?:is|was)\s+(?:also\s+|now\s+|still\s+)?)?"
    r"(?:(?:the|a|an|our|my|his|her|their)\s+|(?:from|in|at|on)\s+(?:the\s+|our\s+|my\s+)?|(?P<who>who|that)\s+)"
    r"(?P<d>[^,.;:!?()]{1,60})",
    re.IGNORECASE,
)
#: a word that ends a description's noun phrase: the sentence's verb ("the vet technician says", "the
#: owner approved", "the farmer paid")
_VERB_END = ("ed",)
_IRREGULAR_VERBS = frozenset(
    [
        "is", "was", "are", "were", "has", "had", "have", "did", "does", "do", "can", "will", "would",
        "could", "should", "must", "may", "might", "paid", "said", "sent", "made", "got", "took", "left",
        "came", "went", "gave", "found", "brought", "bought", "fell", "ran", "kept", "won", "lost", "met",
        "saw", "wrote", "drove", "built", "sold", "told", "put", "set", "let", "rang", "phoned", "called",
    ]
)  # fmt: skip
#: words too common to tell two people apart ("the new one", "the other guy")
_GENERIC = frozenset(
    [
        "new", "old", "other", "same", "different", "another", "one", "two", "first", "second", "younger",
        "older", "elder", "little", "big", "senior", "junior", "guy", "man", "woman", "lady", "person",
        "people", "someone", "name",
    ]
)  # fmt: skip


@lru_cache(maxsize=4096)
def description(said: str) -> frozenset[str]:
    """The words of what the marked sentence ``said`` says its person is, right after the name: a role
    ("@ the striker", "@, the calibration engineer,", "@ is a clerk"), where they are ("@ from the docs
    PR", "@ in payroll") or what they do ("@ who teaches the boys' class"); the noun phrase ends at the
    sentence's verb ("@ the vet technician says ...": vet, technician). Words in lower case only: a name
    ("@ from Construtora Horizonte") is an organisation's, which resolution compares as one. Empty when
    none."""
    at = said.find(MARK)
    if at == -1:
        return frozenset()
    match = _DESCRIBED.match(said, at)
    if match is None:
        return frozenset()
    kept: list[str] = []
    for i, word in enumerate(match.group("d").split()):
        bare = word.strip("'’\"").casefold()
        if i >= (5 if match.group("who") else 3):
            break
        if i and (bare in _IRREGULAR_VERBS or bare.endswith(_VERB_END) or _verb_s(word)):
            break
        if word[:1].islower():  # (a name in it, "from Construtora Horizonte", is compared as a name)
            kept.append(bare)
    return frozenset(w for w in _words(" ".join(kept)) if len(w) >= 3 and w not in _GENERIC)


#: what a sentence says its person is, as a noun phrase after a determiner: "@ the electrician", "@, a
#: customer in Nsukka", "@ is our general contractor", "@ my flatmate"; or before the name: "our
#: accountant @", "the electrician, @"
_ROLE_AFTER = re.compile(
    _M + r"(?:\s+(?:in|from|at)\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2}(?=\s+(?:is|was)\s))?"
    r"(?:\s*,\s*|\s+)(?:(?:is|was)\s+(?:also\s+|now\s+|still\s+|just\s+)?)?"
    r"(?P<det>the|a|an|our|my|his|her|their)\s+(?P<d>[^,.;:!?()]{1,60})",
    re.IGNORECASE,
)
#: the determiners of what someone is ("the electrician"), not of what they are to someone ("my manager")
_WHAT = frozenset(["the", "a", "an"])
_DETS = frozenset(["the", "a", "an", "our", "my", "his", "her", "their"])
_ROLE_BEFORE = re.compile(
    r"(?:^|(?<=[\s(,]))(?P<det>[Tt]he|[Oo]ur|[Mm]y)\s+(?P<d>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s*,?\s*" + _M
)


@lru_cache(maxsize=4096)
def roles(said: str) -> tuple[tuple[str, bool], ...]:
    """The noun phrases the marked sentence ``said`` says its person is (lower-case words, at most
    three, the head last): "@ the basketball player" ("basketball player"), "@ is my Pakistani
    accountant in Manchester" ("accountant"), "our accountant @", "@ is the company's visiting agent"
    ("visiting agent"); the phrase ends at a word of another kind (a preposition, the sentence's verb).
    Each with whether it says what the person is to someone ("my manager", "our accountant", "his
    cousin") rather than what it is ("the electrician"). Which of them name an occupation is
    :mod:`memlane.graph.occupations`' to say."""
    at = said.find(MARK)
    if at == -1:
        return ()
    found = []
    after = _ROLE_AFTER.match(said, at)
    if after is not None:
        # (and each "and the ..." of its clause: "@ is a weaver and the treasurer", "@ is the owner of
        # the distillery and my boss")
        words = after.group("d").split()
        first = after.group("det").casefold() not in _WHAT
        found.append((" ".join(words), first))
        found += [
            (" ".join(words[i + 2 :]), words[i + 1] not in _WHAT)
            for i in range(len(words) - 2)
            if words[i] == "and" and words[i + 1] in _DETS
        ]
    # ("the guide said @": a noun phrase with a verb in it is no apposition)
    found += [
        (m.group("d"), m.group("det").casefold() not in _WHAT)
        for m in _ROLE_BEFORE.finditer(said, 0, at + 1)
        if not any(a_verb(w) for w in m.group("d").split())
    ]
    out = []
    for phrase, relation in found:
        kept: list[str] = []
        for i, word in enumerate(phrase.split()):
            if word.endswith(("'s", "’s")):
                kept = []  # "the company's visiting agent": the role follows its possessor
                continue
            bare = word.strip("'’\"").casefold()
            acronym = word.isupper() and 2 <= len(word) <= 4  # "the CEO", "our GP"
            if not (word[:1].islower() or acronym) or not bare.replace("-", "").isalpha():
                if kept:
                    break
                continue  # "my Pakistani accountant": an adjective of a name
            if bare in STOPWORDS or (i and a_verb(word)):
                break
            kept.append(bare)
            if len(kept) == 3:
                break
        if kept:
            out.append((" ".join(kept), relation))
    return tuple(out)


def a_verb(word: str) -> bool:
    """A word that ends a description's noun phrase as its sentence's verb ("says", "paid", "wanted")."""
    bare = word.strip("'’\"").casefold()
    return bare in _IRREGULAR_VERBS or bare.endswith(_VERB_END) or _verb_s(word)


def _verb_s(word: str) -> bool:
    """A verb's -s ("says", "wants"), not a possessive plural ("boys'") or a word ending in "ss"."""
    return word.endswith("s") and not word.endswith(("ss", "'s", "’s", "us", "is")) and len(word) > 3


def said_words_affirmed(said: str) -> frozenset[str]:
    """``said_words`` without those the sentence denies ("..., not the installer")."""
    return said_words(said) - denials(said).words


#: a word in the possessive before a relative or a relation: "the founder's son", "my boss's assistant"
#: (whose, not who; not "the estate's accounts")
_POSSESSOR = re.compile(r"(?<![\w'’])([a-z][\w-]*)['’]s?\s+(?:[a-z]+\s+)?([a-z][\w-]*)")
_RELATION_NOUNS = frozenset(
    ["son", "daughter", "wife", "husband", "brother", "sister", "father", "mother", "nephew", "niece",
     "cousin", "uncle", "aunt", "grandson", "granddaughter", "grandfather", "grandmother", "widow", "twin",
     "boss", "assistant", "deputy", "successor", "predecessor", "secretary", "partner", "friend"]
)  # fmt: skip


@lru_cache(maxsize=4096)
def said_words_of_self(said: str) -> frozenset[str]:
    """``said_words_affirmed`` without the words of someone else the sentence relates its person to, a
    word in the possessive before a relative or a relation ("@ runs the marketing, the founder's son":
    not the founder)."""
    possessors = _words(
        " ".join(m.group(1) for m in _POSSESSOR.finditer(said) if m.group(2).casefold() in _RELATION_NOUNS)
    )
    return said_words_affirmed(said) - possessors


#: "@ is his son", "@, her cousin from Melbourne", "@ the son, 19, ...", "@ is their eldest daughter", "@
#: the harbour master, his father", "@,
#: Peggy's granddaughter", "@, my landlady's granddaughter", "@, the maestro's grandfather": a relative of
#: someone the text spoke of, not the writer's (not "@, my mum's sister": the writer's aunt)
_KIN_WHOSE = (
    r"(?:(?P<whose>(?:(?:[Mm]y|[Oo]ur|[Tt]he|his|her|their)\s+[a-z][\w-]*|[A-Z][\w-]*)['’]s)|his|her|their|the)\s+"
    r"(?:(?:eldest|elder|older|younger|youngest|little|big|only|late|new|current|former|future)\s+)?"
    r"(?:(?:first|second|third|distant|twin)\s+)?"
    r"(?P<kin>[\w-]+)"
)
_KIN_OF_ANOTHER = re.compile(
    _M
    # (a description in apposition, then the verb: "@ the county clerk is his cousin", "@, the new
    # vet, was her nephew"; tried first, as "the county" would be read as a relative's word)
    + r"(?:(?:\s*,\s*|\s+)the\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}\s*,?\s+(?:is|was)\s+"
    + r"|\s+the\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}\s*,\s*|\s*,\s*|\s+(?:is|was)\s+|\s+)"
    + _KIN_WHOSE
)
#: the same said of the sentence's subject by a pronoun: "@ from Whitcombe Plumbing fixed the leak, he's
#: the owner's nephew"
_PRONOUN_KIN = re.compile(r"(?:,|\band)\s+(?:she|he)(?:['’]s|\s+is|\s+was)\s+" + _KIN_WHOSE, re.IGNORECASE)


@lru_cache(maxsize=4096)
def kin_of_another(said: str) -> str | None:
    """The relative the marked sentence ``said`` says its person is of someone else than the writer
    ("@ is his son": son; "@, her cousin from Melbourne": cousin; "@ the son, 19": son), or None."""
    at = said.find(MARK)
    if at == -1:
        return None
    match = _KIN_OF_ANOTHER.match(said, at)
    if match is None and at == 0:
        # ("@ fixed the leak, he's the owner's nephew": the name the sentence's subject)
        match = _PRONOUN_KIN.search(said, at)
    if match is None:
        return None
    whose = match.group("whose")
    if whose and whose.split()[-1][:-2].casefold() in _KIN:
        return None  # "my mum's sister": the writer's own relative (``relations``: an aunt)
    word = match.group("kin").casefold()
    if word in _KIN:
        return _KIN[word]
    return word if _IN_LAW.match(word) and _IN_LAW.match(word).group(1) in _KIN else None  # type: ignore[union-attr]


@lru_cache(maxsize=4096)
def kin_of_named(said: str) -> str | None:
    """``kin_of_another`` when the sentence names whose relative its person is by a possessive ("@, the
    coach's son, ...", "@, Karthik's father, ..."; not "@ is his son"), or None."""
    kin = kin_of_another(said)
    if kin is None:
        return None
    at = said.find(MARK)
    match = _KIN_OF_ANOTHER.match(said, at) or (_PRONOUN_KIN.search(said, at) if at == 0 else None)
    return kin if match is not None and match.group("whose") else None


#: who a sentence says its person is, by a word of one gender: "@ is Giorgi's mother", "@ is my
#: husband", "@, her daughter, ..."
_KIN_GENDER = {
    **dict.fromkeys([
        "mother", "mom", "mum", "mama", "sister", "daughter", "wife", "grandmother", "grandma", "granny",
        "aunt", "auntie", "aunty", "niece", "girlfriend", "bride", "fiancee", "fiancée", "stepmother",
        "stepdaughter", "granddaughter", "stepmum", "stepmom",
    ], "f"),
    **dict.fromkeys([
        "father", "dad", "papa", "brother", "son", "husband", "grandfather", "grandpa", "granddad", "uncle",
        "nephew", "boyfriend", "groom", "fiance", "fiancé", "stepfather", "stepson", "grandson", "stepdad",
    ], "m"),
}  # fmt: skip
_SAID_KIN = re.compile(
    _M + r"(?:\s*,\s*|\s+(?:is|was)\s+)(?:my|our|his|her|their|the|a|[A-Z][\w-]*['’]s)\s+(?P<kin>[\w-]+)"
)
#: "@ is ..., she is paying", "@ ... he works at the bank": the pronoun of the sentence's person
_SAID_PRONOUN = re.compile(r"(?:,|\band)\s+(?P<p>she|he)(?:\s|['’])", re.IGNORECASE)


#: the marked name as the subject of its sentence ("@ is ...", "@, ..."), not "@'s mother"
_SUBJECT = re.compile(_M + r"(?:\s*,|\s+(?:is|was|has)\b)")


@lru_cache(maxsize=4096)
def said_gender(said: str) -> str | None:
    """ "m" or "f" when the marked sentence ``said`` says its person is a man or a woman: a relative's
    word of one gender right after the name ("@ is Giorgi's mother", "@ is my husband"), or, when the
    name is the sentence's subject, a clause going on with "she" or "he" ("@ is Hemi's daughter, she's
    doing an internship"; not "@'s mother, she ..."); None when it says neither or both."""
    at = said.find(MARK)
    if at == -1:
        return None
    found = set()
    kin = _SAID_KIN.match(said, at)
    if kin is not None and (gender := _KIN_GENDER.get(kin.group("kin").casefold())):
        found.add(gender)
    pronoun = _SAID_PRONOUN.search(said, at) if _SUBJECT.match(said, at) else None
    if pronoun is not None:
        found.add("f" if pronoun.group("p").casefold() == "she" else "m")
    return next(iter(found)) if len(found) == 1 else None


#: where a sentence says its person works, right after the name: "@ from the press office", "@ from our
#: IT helpdesk", "@ from accounts", "@ on my team" (a part of an organisation, in lower case: "@ from
#: Whitcombe Plumbing" names an organisation, which resolution compares as one)
_WORKPLACE = re.compile(
    _M + r"\s+(?:from\s+(?:the\s+|our\s+|my\s+)?|(?:on|in)\s+(?:our|my)\s+(?=team\b))(?P<d>[^,.;:!?()]{1,60})"
)


@lru_cache(maxsize=4096)
def workplace(said: str) -> frozenset[str]:
    """The words of the part of an organisation the marked sentence ``said`` says its person is from
    ("@ from our IT helpdesk reset my password": helpdesk; "@ from the international office":
    international, office), lower-case words up to the sentence's verb, at most three, or its initials
    alone ("@ from HR": hr); empty when it says none."""
    at = said.find(MARK)
    match = _WORKPLACE.match(said, at) if at != -1 else None
    if match is None:
        return frozenset()
    kept: list[str] = []
    initials: list[str] = []
    for i, word in enumerate(match.group("d").split()[:4]):
        if i and a_verb(word):
            break
        if word[:1].islower():
            kept.append(word.strip("'’\"").casefold())
        elif word.isupper() and len(word) <= 4:
            initials.append(word)
        else:
            return frozenset()  # "@ from Construtora Horizonte": an organisation's name
    words = frozenset(w for w in _words(" ".join(kept[:3])) if len(w) >= 3 and w not in _GENERIC)
    # a unit named by its initials alone ("@ from HR is on leave", "@ from QA"): they are its words (not
    # beside a word: "IT" in "our IT helpdesk" only qualifies it)
    return words or (_words(" ".join(initials[:1])) if len(initials) == 1 and not kept else frozenset())


#: the sentence says its person is the writer: "@ is me", "@, that's me, ...", "@ (me)", "I'm @", "my
#: name is @"
_SELF = re.compile(
    _M
    + r"(?:\s+(?:is|was)\s+me\b|\s*,\s*(?:that['’]s|that\s+is|it['’]s)\s+me\b|\s*\(\s*(?:that['’]s\s+)?me\s*\))"
    r"|(?:\bI['’]m|\bI\s+am|\b[Mm]y\s+name\s+is)\s+" + _M
)


@lru_cache(maxsize=4096)
def said_self(said: str) -> bool:
    """Whether the marked sentence ``said`` says its person is the writer ("@ is me, I run it now", "@,
    that's me, forgot the permit"): one who is never the writer's own relative or colleague ("my
    father", "my boss")."""
    return ("me" in said or "I" in said) and bool(_SELF.search(said))


#: the sentence says its person is not the writer, after the name: "@ from the security team replied,
#: he is not me", "@ (not me) signed", "@, who isn't me, ..."
_NOT_SELF = re.compile(
    r"(?:\b(?:is|was)\s+not|\b(?:isn['’]t|wasn['’]t)|\(\s*not|,\s*not)\s+me\b(?!\s+(?:either|too)\b)"
)


@lru_cache(maxsize=4096)
def said_not_self(said: str) -> bool:
    """Whether the marked sentence ``said`` says, after the name, that its person is not the writer
    ("@ from the Django team replied, he is not me"): not the one a sentence called the writer."""
    at = said.find(MARK)
    return at != -1 and "me" in said and bool(_NOT_SELF.search(said, at))
