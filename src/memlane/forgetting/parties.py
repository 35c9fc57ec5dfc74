"""Whose a memory is: a topic the speaker owns ("my knee injury", "my trip to Lisbon", "my old job at
Pennant Insurance") is not what a memory says of another person that only mentions the topic's words.

"Dad has high cholesterol too", "My brother still works at Pennant Insurance", "Ana from work is moving
to Lisbon in the summer" hold the topic's words, yet each is about a relative's or a colleague's life,
not the speaker's thing. A memory is another party's when every clause it has is said *of* someone else
(its subject is a relation, "my brother", "Dad", "our neighbours", or names a person the graph knows who
is not the topic) and the speaker is in it only as that subject's possessor ("*my* brother"): "My wife
booked our Lisbon hotel" has the speaker (*our*) outside the subject, so it is still the speaker's.

Only for a topic the speaker owns, and not one that is itself a person or an animal ("my brother", "my
cat Miso", "my sister's divorce": another party's life is the topic there). A bare topic ("everything
about Lisbon") keeps its rule: "My sister lives in Lisbon" is about Lisbon.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .. import text
from ..graph.name_forms import KINSHIP_WORDS
from ..graph.senses import class_of_noun
from ..text.claims import analyse
from ..text.lexicon import lemminflect

__all__ = [
    "KINSHIP",
    "RELATIONS",
    "RELATION_STEMS",
    "another_partys",
    "bare_thing",
    "had_by_another",
    "relations_thing",
    "said_of_another",
    "said_of_kin",
    "speaker_owned",
]

#: a relative by a word alone (``name_forms.KINSHIP_WORDS``), and the English words for a grandparent
#: that resolution keeps apart because they are also names ("Gran's house in Ballina", "Nan's funeral")
KINSHIP = {
    **KINSHIP_WORDS,
    **dict.fromkeys(["gran", "nan"], "grandmother"),
    **dict.fromkeys(["grampa", "gramps"], "grandfather"),
}

#: nouns of someone with a life of their own: family and the people one lives or works beside (not
#: those who act for the speaker: "GP wants to recheck cholesterol" is about the speaker's cholesterol;
#: nor "the kids": "Custody of the kids is shared" is the speaker's divorce)
RELATIONS = frozenset(
    {
        *KINSHIP,
        *(
            "friend",
            "colleague",
            "coworker",
            "co-worker",
            "neighbour",
            "neighbor",
            "cousin",
            "sister",
            "brother",
            "sibling",
            "son",
            "daughter",
            "wife",
            "husband",
            "partner",
            "boyfriend",
            "girlfriend",
            "fiance",
            "fiancee",
            "aunt",
            "uncle",
            "niece",
            "nephew",
            "grandson",
            "granddaughter",
            "nan",
            "nana",
            "roommate",
            "flatmate",
            "housemate",
            "classmate",
            "in-laws",
            "stepson",
            "stepdaughter",
            "stepfather",
            "stepmother",
            "stepbrother",
            "stepsister",
            "twin",
            "buddy",
            "pal",
            "parent",
            "parents",
            "grandparent",
            "grandparents",
        ),
    }
)
RELATION_STEMS = frozenset(stem for word in RELATIONS for stem in text.tokenize(word))


def _with_kin(stems: frozenset[str]) -> frozenset[str]:
    """``stems`` and the stems of every other word of a relative they name ("mother": mum, mom, …): "my
    mother's will" names Mum."""
    relatives = {r for word, r in KINSHIP.items() if set(text.tokenize(word)) & stems}
    return stems.union(*(text.tokenize(word) for word, r in KINSHIP.items() if r in relatives))


_FIRST_PERSON = frozenset({"i", "we", "me", "my", "our", "us"})
_FIRST_PERSON_WORD = re.compile(
    r"\b(?:i|i'm|i've|i'd|me|my|mine|we|we're|our|ours|us|myself)\b", re.IGNORECASE
)
_OWNED_TOPIC = re.compile(r"^\s*(?:my|our)\s+(?P<thing>[^']+)$", re.IGNORECASE)


def speaker_owned(topic: str) -> bool:
    """``topic`` is a thing of the speaker's ("my knee injury", "our trip to Lisbon"), not a person or an
    animal ("my brother", "my cat Miso", "my dentist") nor another's thing ("my sister's divorce")."""
    owned = _OWNED_TOPIC.match(topic)
    if owned is None:
        return False
    return not any(
        class_of_noun(word) in ("person", "animal") or word.lower() in RELATIONS
        for word in re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)*", owned.group("thing"))
    )


_RELATIONS_THING = re.compile(r"^\s*(?:my|our)\s+(?P<relation>[a-z-]+)'s?\s+(?P<thing>[^']+)$", re.IGNORECASE)


def relations_thing(topic: str) -> bool:
    """``topic`` is a thing of a relation's ("my sister's IVF", "our son's school trip"), not a person or
    an animal ("my sister's husband", "my brother's dog"): like the speaker's own thing, it is not what a
    memory says of a third person ("My friend Tali did IVF in 2021")."""
    owned = _RELATIONS_THING.match(topic)
    if owned is None or owned.group("relation").lower() not in RELATIONS:
        return False
    return not any(
        class_of_noun(word) in ("person", "animal") or word.lower() in RELATIONS
        for word in re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)*", owned.group("thing"))
    )


_COMMON_THING = re.compile(r"^\s*the\s+(?P<thing>[a-z][a-z -]*)$")


def common_thing(topic: str) -> bool:
    """``topic`` is a thing said by common nouns alone, of no one named ("the allotment", "the kitchen
    renovation"): the speaker's, as "my X" is; not a person or an animal ("the kids", "the dog"). Not a
    bare noun ("inhaler", "choir"): forgetting everything about inhalers asks for every memory of one,
    whoever's clause it is ("Dr. Okafor prescribed the red inhaler")."""
    said = _COMMON_THING.match(topic)
    if said is None:
        return False
    return not any(
        class_of_noun(word) in ("person", "animal") or word in RELATIONS or word in ("kids", "children")
        for word in re.findall(r"[a-z]+(?:-[a-z]+)*", said.group("thing"))
    )


#: a bare noun in lower case ("choir", "physio")
_BARE_THING = re.compile(r"^\s*(?P<thing>[a-z][a-z-]*)$")


def bare_thing(topic: str) -> bool:
    """``topic`` is a common noun said alone, in lower case ("choir", "yoga"), not a person or an animal
    ("kids", "dog") nor a name typed in lower case ("priya"). Asked alone ("inhaler") it asks for every
    memory of the thing, whoever's clause it is; asked as the speaker's notes ("all my notes about
    choir": ``ForgetRequest.mine``) it is the speaker's thing, as "the choir" is."""
    said = _BARE_THING.match(topic)
    if said is None:
        return False
    word = said.group("thing")
    if not text.tokenize(word) or "NOUN" not in lemminflect().getAllLemmas(word):
        return False
    return not (
        class_of_noun(word) in ("person", "animal") or word in RELATIONS or word in ("kids", "children")
    )


#: the speaker's age as a time ("when I was 12", "when I was a kid"): when a thing happened, not a clause
#: of the speaker's ("My parents divorced when I was 12" is the parents' divorce)
_AT_AN_AGE = re.compile(
    r",?\s*\b(?:when|while)\s+(?:i|we)\s+(?:was|were)\s+(?:(?:about|around|only|just)\s+)?"
    r"(?:\d{1,2}|(?:a\s+)?(?:kid|child|baby|toddler|teenager|teen|little|small|young|younger)|kids|children"
    r"|teenagers|(?:at|in)\s+(?:primary\s+|secondary\s+|high\s+)?school|growing\s+up)\b",
    re.IGNORECASE,
)


#: a noun said as the speaker's, maybe past one word ("my boss", "our new landlord")
_ROLE_OF_MINE = re.compile(
    r"\b(?:my|our)\s+(?P<first>[a-z][\w-]*)(?:\s+(?P<second>[a-z][\w-]*))?", re.IGNORECASE
)


def another_partys(content: str, topic: str, people: Iterable[str] = (), *, roles: bool = False) -> bool:
    """``content`` is said of someone other than the speaker and the topic: every clause's subject is a
    relation ("my brother", "Dad") or a person of ``people`` (the names of the person entities the
    memory is linked to) that ``topic`` does not name; the speaker only as that subject's possessor.
    ``roles``: a person's role said as the speaker's is a relation too ("My boss drives a Fiat 500")."""
    content = _AT_AN_AGE.sub("", content)
    claims = [claim for claim in analyse(content).claims if claim.verb]
    if not claims:
        return False
    named = _with_kin(frozenset(text.tokenize(topic)))
    persons = frozenset(stem for name in people for stem in text.tokenize(name)) - named
    if roles:
        # (a noun of a person right after "my"/"our", maybe past one word: "my boss", "our new landlord")
        persons |= (
            frozenset(
                stem
                for found in _ROLE_OF_MINE.finditer(content)
                for role in found.group("first", "second")
                if role is not None and class_of_noun(role.lower()) == "person"
                for stem in text.tokenize(role)
            )
            - named
        )
    for claim in claims:
        head = claim.subject - claim.possessor
        if not head or head & _FIRST_PERSON or claim.subject & named:
            return False
        if not (head & RELATION_STEMS or head & persons):
            return False
    opening = len(content) - len(content.lstrip())
    # the speaker only as the opening subject's possessor: "My brother …", "Our neighbours …"
    return all(
        word.start() == opening and word.group().lower() in ("my", "our")
        for word in _FIRST_PERSON_WORD.finditer(content)
    )


#: a note's opening subject where the clause reader finds none ("My friend Josh got a DUI", "Grażyna got
#: a £6,000 bonus": "got" read as an auxiliary; "My running buddy Kai is doing Berlin too"): a relation
#: (with a word before it: "best friend", "running buddy"), a name, or both, before a common verb
_OPENING = re.compile(
    r"^\s*(?:(?:my|our)\s+(?:[a-z-]+\s+)??(?P<relation>[a-z-]+)\s*,?\s+)?(?P<name>[^\W\d_][\w'-]*)?\s*"
    r"(?<=\s)(?:got|gets|has|had|have|is|was|does|did)\b",
    re.IGNORECASE,
)


def said_of_another(content: str, request: str, people: Iterable[str] = ()) -> bool:
    """``content`` says what a request of the speaker's own thing names ("my weight", "my allergy to
    sesame", "my DUI") of someone else, with the speaker nowhere in it: "Rory weighs 14 stone", "Tilde is
    allergic to sesame", "My friend Josh got a DUI last month". Its subject is a relation or one of
    ``people`` (the names of the people the memory is linked to), with no word of the request; the
    speaker only as a relation's possessor ("*My* friend Josh")."""
    asked = _with_kin(frozenset(text.tokenize(request)))
    persons = frozenset(stem for name in people for stem in text.tokenize(name)) - asked
    opening = len(content) - len(content.lstrip())
    if not all(
        word.start() == opening and word.group().lower() in ("my", "our")
        for word in _FIRST_PERSON_WORD.finditer(content)
    ):
        return False
    claims = [claim for claim in analyse(content).claims if claim.verb]
    if claims:
        for claim in claims:
            head = claim.subject - claim.possessor
            if not head or head & _FIRST_PERSON or head & asked:
                return False
            if not (head & RELATION_STEMS or head & persons):
                return False
        return True
    said = _OPENING.match(content)
    if said is None:
        return False
    relation, name = said.group("relation"), said.group("name")
    if relation is not None and (relation.lower() not in RELATIONS or set(text.tokenize(relation)) & asked):
        return False  # (not a relation, or the one the request names: "My sister Hana is doing IVF")
    if name is not None and not set(text.tokenize(name)) <= persons and name.lower() not in RELATIONS:
        return False
    return relation is not None or name is not None


#: the speaker's relatives as one group ("in my family", "on my mum's side")
_KIN_GROUPS = frozenset({"family", "families", "relatives", "side"})
_POSSESSED_WORD = re.compile(
    r"\b(?:my|our)\s+(?P<word>[a-z][\w-]*)(?:'s?\s+(?P<next>[a-z][\w-]*))?", re.IGNORECASE
)


def said_of_kin(content: str) -> bool:
    """``content`` speaks of the speaker only as the relatives' own ("Diabetes runs in my family", "Heart
    disease killed my grandfather"): each first-person word is "my"/"our" before a relation or the family,
    and no clause has the speaker as its subject. What the speaker's clause says ("I'm diabetic") is not
    said of the speaker there."""
    words = list(_FIRST_PERSON_WORD.finditer(content))
    if not words:
        return False
    kin = {m.start(): m for m in _POSSESSED_WORD.finditer(content)}
    for word in words:
        said = kin.get(word.start())
        if said is None:
            return False
        relation = said.group("word").lower()
        if relation not in RELATIONS and relation not in _KIN_GROUPS:
            return False
    return not any((claim.subject - claim.possessor) & _FIRST_PERSON for claim in analyse(content).claims)


#: what a clause's subject holding the thing says: "has debts", "own three flats"
_HOLDING = frozenset({"have", "own"})


def had_by_another(content: str, thing: str) -> bool:
    """``content`` says someone else holds the speaker's thing's kind (``thing``: "my debts") and
    says nothing of the speaker: a clause of "have" or "own" whose object holds ``thing``'s words and whose
    subject is a person, a relation, an organisation or a name ("The company has debts of 2 million",
    "Pieter owns two flats"), with no first-person word anywhere."""
    if _FIRST_PERSON_WORD.search(content):
        return False
    asked = frozenset(text.tokenize(thing))
    if not asked:
        return False
    written = {stem: word for word in re.findall(r"[^\W\d_][\w'-]*", content) for stem in text.tokenize(word)}
    for claim in analyse(content).claims:
        head = claim.subject - claim.possessor
        if claim.verb not in _HOLDING or not head or head & asked or not asked & claim.obj:
            continue
        if any(
            stem in RELATION_STEMS
            or class_of_noun(written.get(stem, stem)) in ("person", "organisation")
            or written.get(stem, "")[:1].isupper()
            for stem in head
        ):
            return True
    return False
