"""Which memories a forget request means: the rules a memory must meet to be deleted by query.

A deletion cannot be undone, so the rules ask for evidence that the memory *says what the request
says*, not that it ranks well: a fused recall score rewards sharing a name or a company with the
request, which is how "Oscar Brandt is the CFO of Zephyr Corp" used to delete "Dana Whitfield works at
Zephyr Corp" too. Recall only proposes candidates; these rules choose.

**A statement** ("forget that I'm allergic to penicillin") deletes the memories that state it, however
worded, and no other fact about the same people or things. A memory must

1. hold most of the statement's content words (``COVERAGE`` of them, as stems; a capitalised word, a
   name, only as written: "Lucas" is not "Luca"; another word may differ in its ending: "allergic" /
   "allergy"), and every decisive one (``_decisive``: names, numbers, the subject's words, nouns);
2. be linked to every entity the statement names that resolves in the caller's graph (the same entity,
   or one of its name in another scope; or, when the graph linked the memory to none by that name, hold
   every word of the entity's name);
3. say it of the same subject: when both are sentences, the memory's subject is the statement's (first
   person for first person) or named in the statement ("Tom is allergic to penicillin" is not "I'm
   allergic to penicillin"; "I parked on level 3" is not "Work car park level 3 is reserved", which
   names no one of the speaker's); a possessor only one the statement names ("my wife's salary" is not
   "my salary"); of a phrase, no other thing of its owner's ("Ayesha's son is gluten intolerant" for
   "Ayesha's gluten intolerance");
4. say a thing of the same owner ("Dana's birthday" is not "Oscar's birthday party", "Ben is my
   manager" not "Ben's manager is Clara");
5. negate it only if the statement does ("I don't eat meat" is not "I eat meat");
6. not give the same subject and verb another value ("Oscar is the CTO of Zephyr Corp" is not "Oscar
   is the CFO of Zephyr Corp"; a fuller value, "leads the billing team" for "leads billing", is);
7. of a request of the speaker's thing ("my weight", "my DUI", or a thing said by common nouns alone,
   "the IVF", "the wednesday football"), not say it of someone else with the speaker nowhere in it
   ("Rory weighs 14 stone", "My friend Josh got a DUI", "My sister had IVF": ``parties``), nor name it
   as a thing of a noun before it ("The office address is …" for "my address", "My goal weight is
   82 kg" for "my weight") or, after "the", as the kind of a noun after it ("The salary band for my
   role goes up to 90,000" for "my salary");
8. of a request by the kind of value it asks ("the name of my therapist", "the time of Ngozi's flight":
   ``ForgetRequest.value``), give a value of that kind ("My therapist is Dr. Una Fennessy");
9. not speak of a thing of the statement's subject that the statement does not name, unless it says
   what the statement says of the subject outside that thing ("Dad's diabetes clinic is on 3 June" is
   not "my dad is diabetic"; "Halvard's last day before retirement" is "Halvard is retiring");
10. of a name that exactly one person is named among the entities it fits ("Mateo", where "Mateo
   Herrera" is someone else), not say it only inside the longer name of another of them that the
   memory is linked to, unlinked to that person ("Mateo Herrera at work is allergic to bee stings");
   nor, of a name with a title of one sex, say it only with a title of the other ("Mrs Abernethy");
11. of a clause, not hold a noun the clause says of its subject only before another noun, naming
   another thing, unless after the same word ("My cousin works as a prison officer" for "my cousin is
   in prison"; "in the hallway cupboard" still says "in the hallway"), nor what the clause says its
   subject is or does by a word that is no noun only between a determiner and such a noun ("My
   adoptive parents are Mark and Linda" for "I was adopted", "a Catholic school" for "I'm Catholic");
12. not say a noun of the request only after a word that sets another one of its kind apart
   ("previous", "former", "other", "ex", "old" but not of a relation: "My previous landlord kept my
   deposit" for "my landlord"), unless the request says it too;
13. of a clause whose predicate is a preposition after "be" ("I'm behind on rent"), say it ("My rent
   is 1,100 euros a month" does not); of the speaker's clause of now ("I live in Paris", "I'm
   pregnant"), not say it with the same verb and what it says as held at a past time it dates ("I
   lived in Paris from 2010 to 2014"); not say its verb only as wished for ("I want to learn Japanese
   one day" for "I'm learning Japanese");
14. not say a name of the request only as what another is set against ("My boyfriend before Liam was
   Josh" for "Liam is my boyfriend");
15. of a request of the speaker's thing ("my novel"), not say its noun only as any one of its kind, the
   object of a habit ("I read a novel a week"); of a request of a thing by a noun of a value ("the
   office door code", "my banking password"), not say something else of it with no value ("The office
   door code changes every quarter", "I changed my banking password in June");
16. of a request that says how much ("I drink a lot"), not say that quantity only of a thing the
   request does not name ("I drink a lot of water, 3 litres a day").

The statement is read as typed in haste: contractions without their apostrophe ("im pregnant") as the
speaker's clause, and an indirect question as its clause ("which train I take" -> "I take train", "how
much we have saved" -> "we have saved"). A relative is read by any of its words ("Mum" for "my
mother"; not inside "mother-in-law": a decisive word only inside a compound with another content word
is another thing), an ordinal as its number ("the 14th"), an hour as a number or a time ("10" /
"10:00"), and what is going on or will be ("I'm moving house") is not a past clause of the same verb
("I moved house in March 2021").

A word of the statement may be said otherwise (statements only; ``_said_otherwise``): another form of
its verb ("gave" / "giving"), a word WordNet relates to it in its first two senses (a synonym or a
derivation, ``consolidation.lexicon.related``: "I earn" / "My salary is", "kids" / "children"; in
another part of speech only as the memory's subject, never before another noun it does not say: not
"maternity leave" for "pregnant", "membership number" for "member"), or a noun that is a kind of its
noun ("sertraline" for "antidepressants"); then the memory's word stands for it in the other rules. A
light verb ("going", "getting") is no word to hold when two others are left ("I'm going to the dentist
on Monday" / "I have a dentist appointment on Monday"), "used to" says when, not what; an amount is
read one way ("£50" = "50 pounds" = "50 quid", "55k" = "55,000"), a day of the month without its month
is filled out by the memory's ("the 12th" / "12 August"); a negation in another clause than the
statement's words negates another fact ("…, that my wife doesn't know about"), and a memory that gives
the statement as its reason states it ("My wife locks the door at night because I sleepwalk"; a
reason said as a phrase before the clause, "Because of the pacemaker I can't …", is not under the
clause's negation). A condition named after a person is said by the possessive alone ("my Crohn's" for
"Crohn's disease"), a noun that names nothing is no word to hold ("I hoard things"), and a code is
said by the digits a lock opens with ("The padlock opens with 7-3-0-9").

**A topic** ("forget everything about Dana") deletes every memory linked to the entity the topic names,
resolved as recall's ``about`` resolves it (a partial name, a nickname, a near spelling of *that*
entity; never another entity with a similar name: "Dan" is not "Dana"; of a name several entities fit,
only one bearing it whole), and the memories naming it as written that are linked to no other entity
of that name. A topic that names no entity the caller can see ("everything about my flight to Lisbon")
deletes the memories that hold every one of its content words, of no other owner (rules 1, 2, 3's
possessor and 4). A topic that says what kind of thing its name is ("Mercury the bank", "Paris my
colleague") keeps the entities and memories of a namesake of another kind (``_OfKind``); a topic that
says no kind ("everything about Mercury") keeps the memories of a kind other than the one most of the
name's memories are of, when a memory says so ("Mercury is the closest planet to the sun" among the
bank's: ``_another_kind``). A topic the
speaker owns ("my cholesterol", "my trip to Lisbon") keeps what a memory says of another person ("Dad
has high cholesterol too", "Ana from work is moving to Lisbon": ``parties``). A topic that names a
thing by a name and a head ("the Mendes lawsuit", "Harbour Lane allotment") keeps a memory that names
the name only as another's surname or before another noun ("Joana Mendes", "Harbour Lane surgery"),
and, with the embedder, a memory that says no word of the head and names the name in no subject, read
closer to the name alone than to the topic and not clearly related to it ("I'm on holiday in Lisbon in
August" for "the Lisbon project"; not of a head that is a kind of travel, "the Lisbon trip"); a head
of a kind that conflicts with the type of every entity of the name ("project" of Lisbon, a place)
is a thing at the name, not what the name is ("the Amazon river").
A topic of a thing of a person's ("Uncle Femi's 60th") keeps the person's memories that say no word of
the thing and are no closer to the topic than to the name alone (the default embedder: "Uncle Femi had
a knee operation"), even where the whole topic resolves to the person; a topic of a titled name ("Mr
Abernethy") keeps a memory that names it only with a title of the other sex ("Mrs Abernethy").
A topic of a titled surname ("Dr. Haddad", "my neighbour Mr Novak") keeps a memory that names the
surname only in another form (another title, or after a given name) and says that person is something
to the speaker that neither the topic nor a memory naming the topic's form says ("My friend Leila
Haddad", "My dentist is Dr. Novak"); a topic of a name of several words ("Nimbus Press") keeps a
memory that says only a leading part of it before a noun of another thing ("Nimbus cloud storage"); a
topic of "the" and a name ("the Hyundai") keeps a memory that names it without "the" and of another
party ("My brother works for Hyundai"); any topic keeps a memory that says it is not the thing the
topic's other memories speak of ("…, the constellation, not the boat") and one that gives a full name a
descriptor of its own that no other memory of it says ("Yusuf Demirtaş the footballer").
Any topic keeps a memory that says its name is also another's ("My neighbour's parrot is also called
Biscuit") and, of a full name, a part of it said with a descriptor of its own that nothing said of the
whole name holds ("Noor from book club" for Noor Haddad, "Chidubem my colleague" for Coach Chidubem),
and one that says the name only as the first word of a noun the dictionary knows ("Feng shui is my
mum's hobby" for "my uncle Feng", "Brussels sprouts" for Brussels).

A statement keeps a memory that says its whole predicate only in an aside ("Tomasz (ex) still has my
bike" for "Tomasz is my ex"), one that gives the subject another state for a state said by "be" and
an adjective ("Invoice 3402 from Lumen Print was paid on 4 March" for "the invoice from Lumen Print is
overdue") or says the subject is leaving the request's object ("is moving off Salesforce" for "uses
Salesforce"), and one that says a word of the request only before a noun of another thing, right after
a verb or after a determiner ("I bought left-handed scissors", "the vegetarian curry"). A topic keeps a
memory that opens with another person whom the topic only tells apart and who is something of their
own ("Fran from book club is also my dentist", "Aunt Mary, Fred's sister, lives in Exeter"); of "the
NAME HEAD", another party's thing of the head's kind ("My friend has a flat … in Harrogate" for "the
Harrogate flat"); of "the HEAD in NAME", a stay at the place for another thing ("We went to Goa for our
honeymoon" for "the wedding in Goa"); and reads a kind past an adjective ("Meridian is the Greek
restaurant" for "the Meridian project").

A topic that dates its thing by a year ("my 2023 Nvidia purchase") keeps a memory that dates what it
says in other years only ("I bought more Nvidia shares last month", a relative time read at the
memory's ``observed_at``).

A topic typed in lower case is first read with its names as the memories write them (``_cased``:
"my ex-husband paul" -> "my ex-husband Paul", where a name stands and an entity bears the word). A
topic of a role or a thing of the speaker's said by its noun ("my landlord", "the dog sitter", "the
boat") is the one a memory names so ("My landlord is Mr. Petrov", "Rivaldo is my personal trainer";
"my ex" as "my ex-boyfriend": ``_kin``), less what says the name is another's, gives it a descriptor of
its own ("Rivaldo the footballer"), speaks of the person's relative, or says the name only right before
a noun of its subject, another thing named after it ("Miso soup is my favourite breakfast" for "my cat",
Miso); a topic of common nouns in lower case also takes the
memories holding its words when the graph made an entity of the word ("Thesis deadline is …").

What the graph linked wrongly on store (a near name taken for an alias) a topic follows: the rules
cannot tell such a link from a nickname.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from rapidfuzz.distance import Levenshtein

from .. import text
from ..consolidation import lexicon, negations
from ..consolidation.paraphrases import LIGHT_VERBS
from ..graph.given_names import is_given_name
from ..graph.linking import candidate_of, entity_senses
from ..graph.name_forms import KIN_TITLES
from ..graph.places import place_key
from ..graph.query import account_id, entities_about, entities_named
from ..graph.resolution import Candidate, Mention, kinds_conflict
from ..graph.said import relations, said_of
from ..graph.senses import TYPE_CLASSES, class_of_noun, sense_of, senses_conflict
from ..models import Actor, Entity, Memory
from ..storage.base import Store
from ..text.claims import Claim, analyse
from ..text.dates import MONTH_NAMES, WEEKDAY_NAMES
from ..text.lexicon import lemminflect
from ..text.numbers import spelled_value
from ..text.when import parse_when
from .parties import (
    KINSHIP,
    RELATION_STEMS,
    RELATIONS,
    another_partys,
    bare_thing,
    common_thing,
    had_by_another,
    relations_thing,
    said_of_another,
    said_of_kin,
    speaker_owned,
)
from .requests import ForgetRequest

__all__ = ["COVERAGE", "RELATED_SIMILARITY", "Recall", "Similar", "chosen", "stating"]

#: share of a statement's content words a memory must hold (chosen a priori: three of four)
COVERAGE = 0.75
#: a word that is no name matches another with the same stem up to this many letters more
_ENDING = 2
#: stems of at least this many letters may differ in their ending
_MIN_STEM = 5
_FIRST_PERSON = frozenset({"i", "we", "me", "my", "our", "us"})
_FIRST_PERSON_WORD = re.compile(r"\b(?:i|i'm|i've|i'd|me|my|mine|we|we're|our|us)\b", re.IGNORECASE)
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
#: "Oscar's phone", "my phone": who a thing is said to be of
_OWNED = re.compile(r"\b([^\W_]+)'s?\s+([^\W_]+)|\b(my|our|his|her)\s+(?:own\s+)?([^\W_]+)", re.IGNORECASE)
#: the owner "his" or "her" names: someone, never the speaker
_SOMEONE = "his/her"

#: ``recall(text, about=name)``: the caller's candidates (every version, every space the forget covers)
Recall = Callable[..., Sequence[Memory]]
#: ``similar(text, others)``: the embedder's cosine of each of ``others`` to ``text``; None, no embedder
Similar = Callable[[str, Sequence[str]], "list[float] | None"]
#: cosine at which a memory of a topic's name speaks of the topic's thing though no word says it ("I
#: owe Karim 500 euros" for "my debt to Karim"): evidence only with the name as written and the
#: memory's subject no other thing of the name's (chosen a priori for MiniLM: clearly related text)
RELATED_SIMILARITY = 0.6


@dataclass(frozen=True, slots=True)
class _Words:
    """A text's content words: stems, the folded words as written (a name matches only as written:
    "Lucas" is not "Luca", "Marcos" not "Marco", though Snowball stems them alike) and which are
    capitalised."""

    stems: frozenset[str]
    written: frozenset[str]
    #: (written, stem) of each content word, and whether it is capitalised
    terms: tuple[tuple[str, str, bool], ...]


#: stopwords only as the spelling of a contraction ("she'd", "she'll", "he'll", "we'd"): written as one
#: word in lower case, a noun or a verb ("the garden shed", "a shell", "wed in June")
_CONTRACTION_SPELLINGS = frozenset({"shed", "shell", "hell", "wed"})
#: stopwords that are nouns after a determiner or a possessor ("my mother's *will*", "Mum updated her
#: *will*", "the will"): the thing, not the modal
_NOUN_STOPWORDS = frozenset({"will"})
_POSSESSED = re.compile(
    r"(?:\b(?:the|a|my|our|his|her|their|your|its)|[^\W_]'s?)\s+(?:(?:own|new|old|last|first)\s+)?$",
    re.IGNORECASE,
)


#: a number said as an ordinal ("14th", "1st")
_ORDINAL = re.compile(r"^(\d+)(?:st|nd|rd|th)$", re.IGNORECASE)
#: the stems of every word of each relative in ``KINSHIP`` ("mother": mum, mom, mother, …)
_KIN_STEMS = {
    relative: frozenset(stem for word, r in KINSHIP.items() if r == relative for stem in text.tokenize(word))
    for relative in set(KINSHIP.values())
}


def _words(text_: str) -> _Words:
    terms: dict[str, tuple[str, str, bool]] = {}
    kin: set[str] = set()
    folded = text.key_fold(text_)
    for match in _WORD.finditer(folded):
        surface = _ORDINAL.sub(r"\1", match.group())  # "the 14th" is the 14
        low = surface.lower().split("'")[0] if surface.lower().endswith(("'s", "'")) else surface.lower()
        relative = KINSHIP.get(low)
        compound = "-" in (folded[match.start() - 1 : match.start()], folded[match.end() : match.end() + 1])
        if relative is not None and not compound:  # (not "mother-in-law")
            # "Mum" is "my mother", "grandad" "my grandfather": every word of that relative
            kin |= _KIN_STEMS[relative]
        # (only in lower case: "Shell" the name still needs the name's own evidence, not "a shell")
        spelt = surface.islower() and low in _CONTRACTION_SPELLINGS
        stems = text.tokenize(low) or ([low] if spelt else [])
        if not stems and low in _NOUN_STOPWORDS and _POSSESSED.search(folded[: match.start()]):
            stems = [low]
        if len(stems) != 1:
            continue  # a stopword (or a word of several parts, left to the stems)
        capitalised = surface[0].isupper()
        seen = terms.get(low)
        terms[low] = (low, stems[0], capitalised or (seen is not None and seen[2]))
    return _Words(
        frozenset(text.tokenize(text_)) | {t[1] for t in terms.values()} | kin,
        frozenset(terms),
        tuple(terms.values()),
    )


def _same(term: tuple[str, str, bool], words: _Words, names: frozenset[str]) -> bool:
    written, stem, capitalised = term
    if capitalised:
        return written in words.written
    if stem in words.stems:
        return True
    if len(stem) < _MIN_STEM:
        return False
    return any(
        s not in names
        and len(s) >= _MIN_STEM
        and abs(len(s) - len(stem)) <= _ENDING
        and (s.startswith(stem) or stem.startswith(s))
        for s in words.stems
    )


def _owned(text_: str) -> set[tuple[str, str]]:
    """(owner, thing) stems of a text's possessives; the speaker is ``i``."""
    pairs = set()
    for match in _OWNED.finditer(text.key_fold(text_)):
        if match.group(1):
            owner, thing = match.group(1), match.group(2)
        else:
            owner = "i" if match.group(3).lower() in ("my", "our") else _SOMEONE
            thing = match.group(4)
        # (a relative by any of its words: "Mum's birthday" is "my mother's birthday")
        owner = KINSHIP.get(owner.lower(), owner)
        owner_stems = [owner] if owner in ("i", _SOMEONE) else text.tokenize(owner)
        thing_stems = text.tokenize(thing)
        if owner_stems and thing_stems:
            pairs.add((owner_stems[0], thing_stems[0]))
    return pairs


def _same_owners(asked: set[tuple[str, str]], said: set[tuple[str, str]], wanted: _Words) -> bool:
    """A thing the request asks about is not said of another owner in the memory: "Dana's birthday" is
    not "Oscar's birthday", "Oscar's phone number" not "Oscar's wife's phone number". The speaker's
    ("my inhaler") agrees with a request that names no owner; a thing of a device or a vehicle of the
    speaker's is the speaker's ("My car's licence plate" for "my licence plate")."""
    devices = {t for o, t in said if o == "i" and class_of_noun(t) == "product"}
    said = {("i" if o in devices else o, t) for o, t in said}
    for owner, thing in said:
        if thing not in wanted.stems:
            continue
        owners = {o for o, t in asked if t == thing}
        if owners and owner not in owners:
            return False  # ("My husband does his own tax return" is not "my tax return")
        if not owners and owner not in ("i", _SOMEONE) and owner not in wanted.stems:
            return False
    return True


@dataclass(frozen=True, slots=True)
class _Subject:
    """Who or what a statement speaks of: its first clause's subject without the possessor (``head``),
    the possessor ("Nadia's mother": ``nadia``), and whether it speaks of the speaker."""

    head: frozenset[str]
    possessor: frozenset[str]
    first_person: bool
    #: said by a clause (a verb), not a bare phrase: a phrase names what, not of whom
    clause: bool = True
    #: the speaker is the subject or in it ("I told Hamid …", "Selin and I had a fight"), not only a
    #: possessor ("my flight …")
    speaker: bool = False


def _subject(sentence: str, words: _Words) -> _Subject | None:
    """The subject of a sentence's first clause; a phrase with no verb ("my salary") is its own
    subject. None when nothing is said of anyone."""
    sentence = _after_time(sentence)
    for claim in analyse(sentence).claims:
        if claim.verb:
            head = claim.subject - claim.possessor
            joint = _JOINT_SPEAKER.match(sentence) is not None
            first = bool(head & _FIRST_PERSON) or _starts_first_person(sentence) or joint
            speaker = first and (not head - _FIRST_PERSON or joint)
            return _Subject(head - _FIRST_PERSON, claim.possessor, first, speaker=speaker)
    if not words.stems:
        return None
    return _Subject(words.stems, frozenset(), _starts_first_person(sentence), clause=False)


#: a time said before the speaker opens the clause: "Last week I …", "In 2019, we …", "Two years ago my …"
_LEADING_TIME = re.compile(
    r"^\s*(?P<when>(?:[^\W\d_]+\s+){0,3}?\w+)\s*,?\s+(?=(?:i|i'm|i've|i'd|we|we're|we've|my|our)\b)",
    re.IGNORECASE,
)
#: any fixed moment: ``parse_when`` is asked only whether the words name a time
_SOME_TIME = datetime(2026, 1, 1)


def _after_time(sentence: str) -> str:
    """``sentence`` without a time said before its speaker's clause ("Last week I sleepwalked into the
    kitchen": the speaker is its subject, not "last week"); as is when the words before "I"/"my" name
    no time ("In Lisbon I bought a hat")."""
    lead = _LEADING_TIME.match(sentence)
    if lead is None or parse_when(lead.group("when"), now=_SOME_TIME) is None:
        return sentence
    return sentence[lead.end() :]


#: a subject the speaker is part of: "Selin and I …", "me and Selin …", "my wife and I …"
_JOINT_SPEAKER = re.compile(
    r"^\s*(?:(?:[\w'-]+\s+){1,3}and\s+(?:i|me)(?:'(?:m|ve|d|ll))?|(?:i|me)\s+and\s+[\w-]+)\b(?!')",
    re.IGNORECASE,
)
#: a statement whose subject is the speaker: "I got a parking fine …", "we're moving …"
_SPEAKER_OPENS = re.compile(r"^\s*(?:i|i'm|i've|i'd|i'll|we|we're|we've|we'd|we'll)\b", re.IGNORECASE)


def _subjectless(sentence: str) -> bool:
    """A note with no subject, that starts with a verb ("Considering a move to Bristol"): the
    speaker's (its first word reads only as a verb: not "Work car park level 3 is ...")."""
    first = _WORD.match(sentence.strip())
    if first is None:
        return False
    readings = set(lemminflect().getAllLemmas(first.group().lower()))
    return "VERB" in readings and "NOUN" not in readings


def _starts_first_person(sentence: str) -> bool:
    """The sentence opens with the speaker ("I …", "my …", "our …")."""
    first = _FIRST_PERSON_WORD.match(sentence.strip())
    return first is not None


def _same_subject(
    asked: _Subject | None, said: _Subject | None, wanted: _Words, content: str, owners: frozenset[str]
) -> bool:
    """``said`` (the subject of a memory, ``content``) is the request's: the speaker for the speaker
    (a memory that names no one of its own: "Parked on level 3"), else a word of it the request holds;
    a possessor only one the request names ("my wife's salary" is not "my salary", "Nadia's mother"
    not Nadia). A bare phrase ("inhaler") asks only the possessor, and that a thing of its ``owners``
    (stems, the speaker ``i``) be its thing."""
    if asked is None or said is None:
        return True
    devices = {t for o, t in _owned(content) if o == "i" and class_of_noun(t) == "product"}
    if said.possessor & devices:
        # "My car's licence plate" is the speaker's licence plate
        said = _Subject(said.head, said.possessor - devices, said.first_person, said.clause, said.speaker)
    if not said.possessor <= wanted.stems | asked.head:
        return False
    if not asked.clause:
        # another thing of the phrase's owner's: "Ayesha's son is gluten intolerant" is not "Ayesha's
        # gluten intolerance", "My father had knee surgery" not "my knee surgery" (a thing of what the
        # phrase names is: "My brother's kids are 5 and 8" for "my brother")
        mine = frozenset({"i"}) if _starts_first_person(content) else frozenset()
        theirs = (said.possessor or mine) & owners
        return not (said.clause and theirs and said.head and not said.head & wanted.stems)
    # the speaker's: "I parked on level 3" is not "Work car park level 3 is reserved for visitors",
    # "Selin and I had a fight" not "Selin had a fight with her sister"
    speaker = asked.speaker and said.clause and not said.first_person
    if speaker and not _FIRST_PERSON_WORD.search(content) and not _subjectless(content):
        return False
    if not asked.head and asked.first_person and said.speaker and _JOINT_SPEAKER.match(content):
        return True  # "Jonas and I are getting divorced" for "we're getting divorced": the speaker in it
    if not said.head:
        return said.first_person == asked.first_person or not (asked.head or asked.first_person)
    if (
        said.possessor & asked.head
        and not said.head & asked.head
        and not all(any(_near(h, w) for w in wanted.stems) for h in said.head)
        and not _predicate_said(asked, said, wanted, content)
    ):
        # a thing of the request's subject that the request does not name: "Grandad Ifor's care home
        # fees are £1,100 a week" is not "Grandad Ifor moved into the care home", "Dad's diabetes
        # clinic is on 3 June" not "my dad is diabetic"
        return False
    return bool(said.head & (wanted.stems | asked.head))


def _predicate_said(asked: _Subject, said: _Subject, wanted: _Words, content: str) -> bool:
    """``content`` says a word of what the request says of its subject outside its own subject:
    "Halvard's last day before *retirement* is 27 June" for "Halvard is retiring" (not "Dad's
    *diabetes* clinic is on 3 June" for "my dad is diabetic": a word of its subject)."""
    predicate = wanted.stems - asked.head - asked.possessor
    words = [(w.group(), text.tokenize(w.group())) for w in _WORD.finditer(text.key_fold(content).lower())]
    for at, (_, stems) in enumerate(words):
        if not stems or not any(_near(p, stems[0]) for p in predicate):
            continue
        following = words[at + 1][1] if at + 1 < len(words) else []
        if not (following and following[0] in said.head):
            return True  # (not a modifier of its subject's noun: "diabetes clinic")
    return False


def _someone_elses_act(
    asked: _Subject | None,
    said: _Subject | None,
    content: str,
    store: Store,
    actor: Actor,
    memory_id: str,
    named_in_request: frozenset[str] = frozenset(),
) -> bool:
    """A statement of the speaker alone ("I told Hamid about the redundancy") and a memory whose clause
    has a person for its subject (a person the memory is linked to, or a relation: "Hamid told me he's
    being made redundant", "My brother told me …"; or a name ``named_in_request`` holds, the request's
    capitalised words, or a given name: "Anwen owes me £20" for "I owe Anwen money"): the other
    person's act, not the speaker's. (A thing
    as the subject still restates it: "Penicillin gives me a bad rash" for "I'm allergic to
    penicillin".)"""
    if asked is None or said is None or not asked.speaker or asked.head:
        return False
    if not said.clause or not said.head or said.first_person or _subjectless(content):
        return False
    people = frozenset(
        stem
        for e in _entities_of(store, actor, memory_id)
        if e.type == "person"
        for stem in text.tokenize(e.name)
    )
    # (and a name the request says, whatever the graph made of it: "Tom owes me £40", "Anwen owes me
    # £20" for "I owe tom money", "I owe Anwen money": a given name, or capitalised in the request)
    named = frozenset(
        stem
        for w in re.findall(r"\b[A-Z][\w'-]*", content)
        if is_given_name(w) or w.lower() in named_in_request
        for stem in text.tokenize(w)
    )
    return bool(said.head & (people | named | RELATION_STEMS))


def _entities_of(store: Store, actor: Actor, memory_id: str) -> list[Entity]:
    return [entity for _, entity in store.memory_entities(actor, memory_id)]


def _key(name: str) -> str:
    return " ".join(text.key_fold(name).lower().split())


def _named_contents(recall: Recall, name: str) -> dict[str, str]:
    """What ``recall`` finds for ``name``, by its words and about its entity: id -> content (the rules'
    common reading; ``recall`` answers each question once per request)."""
    return {hit.id: hit.content for hit in (*recall(name), *recall(name, about=name))}


def chosen(
    request: ForgetRequest,
    *,
    store: Store,
    actor: Actor,
    recall: Recall,
    now: datetime,
    similar: Similar | None = None,
) -> list[str]:
    """The ids of the memories ``request`` means, among those ``recall`` finds for ``actor``."""
    if request.kind == "topic":
        return _topic(
            request.text,
            store=store,
            actor=actor,
            recall=recall,
            now=now,
            similar=similar,
            notes_of_mine=request.mine,
        )
    return _statement(
        request.text,
        store=store,
        actor=actor,
        recall=recall,
        now=now,
        coverage=COVERAGE,
        value=request.value,
        reason=request.reason,
    )


def _topic(
    name: str,
    *,
    store: Store,
    actor: Actor,
    recall: Recall,
    now: datetime,
    similar: Similar | None = None,
    notes_of_mine: bool = False,
) -> list[str]:
    """``notes_of_mine``: asked as the speaker's own notes of the topic ("all my notes about choir")."""
    name = _cased(name, store=store, actor=actor, recall=recall)
    found = _topic_whole(name, store=store, actor=actor, recall=recall, now=now, similar=similar)
    # a topic's word only inside a compound is not it ("brother" of "brother-in-law")
    plain = [w for w, _, cap in _words(name).terms if not cap]
    if plain:
        contents = {hit.id: hit.content for hit in recall(name)}
        found = [i for i in found if not any(_only_compounded(w, contents.get(i, "")) for w in plain)]
    owner = re.match(r"^(?:the\s+)?([A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)'s?\s+(\S.*)$", name)
    if owner is not None:
        # "Zoe's pregnancy": not another thing of hers said alike ("Zoe's sister is pregnant")
        named, thing = _words(owner.group(1)).stems, _words(owner.group(2)).stems
        contents = {hit.id: hit.content for hit in recall(name)}
        found = [i for i in found if not _of_other_thing(contents.get(i, ""), named, thing)]
    extras, weighed = _wrapped(name, store=store, actor=actor, recall=recall, now=now, similar=similar)
    # (a topic of a thing of the name's, "Uncle Femi's 60th", "the Vantor migration", "my job at the
    # Anchor": the name's memories that ``_wrapped`` found not to speak of the thing are not the topic's,
    # even when the whole topic resolved to the name's entity)
    found = [i for i in found if i not in weighed or i in extras]
    for extra in extras:
        if extra not in found:
            found.append(extra)
    described = _described(name)
    if found and described is not None:
        # "the Mendes lawsuit" is not "Joana Mendes is our best customer", "Harbour Lane allotment" not
        # "Harbour Lane surgery is where I get my flu jab": the name inside another name or thing
        core, head = described
        contents = _named_contents(recall, name)
        found = [i for i in found if i not in contents or not _names_another(core, head, name, contents[i])]
    if found and described is not None and re.match(r"\s*(?:the|my|our)\s", name, re.IGNORECASE):
        # "the Harrogate flat" is not "My friend has a flat on the same street in Harrogate": another
        # party's thing of the head's kind, the name and head never said together (of a thing the
        # name's: not "Brodie the surf coach", a person)
        core, head = described
        contents = _named_contents(recall, name)
        together = re.compile(
            rf"(?<![\w'-]){re.escape(core)}'?s?\s+{re.escape(' '.join(name.split()[-len(head.terms) :]))}",
            re.I,
        )
        found = [
            i
            for i in found
            if i not in contents or together.search(contents[i]) or not another_partys(contents[i], name)
        ]
    mine = re.match(r"\s*(?:my|our)\s+(?P<thing>[^']+)$", name, re.IGNORECASE)
    if found and mine is not None:
        # "my Paris trip" is not "I paid £340 for my daughter's Paris trip": the thing said as another's
        contents = _named_contents(recall, name)
        found = [i for i in found if i not in contents or not _anothers(mine.group("thing"), contents[i])]
    owned = speaker_owned(name) or relations_thing(name)
    if found and (owned or common_thing(name) or notes_of_mine and bare_thing(name)):
        # "my cholesterol" is not "Dad has high cholesterol too", "my sister's IVF" not "My friend Tali
        # did IVF in 2021" (``parties``); "all my notes about yoga" not "My sister teaches yoga" (a bare
        # noun asked alone, "inhaler", is every memory of the thing: "Dr. Okafor prescribed the red inhaler")
        contents = _named_contents(recall, name)
        found = [
            i
            for i in found
            if i not in contents
            or not _another_partys(contents[i], i, name, store, actor, people=owned)
            and not (speaker_owned(name) and had_by_another(contents[i], name))
        ]
    the_named = re.match(r"^\s*the\s+(?P<name>[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)$", name)
    if found and the_named is not None:
        # "the Hyundai" (the speaker's car) is not "My brother works for Hyundai in Ulsan", "the Nissan"
        # not "Nissan is where my neighbour works": the name without its article, said of another party
        contents = _named_contents(recall, name)
        found = [
            i
            for i in found
            if i not in contents or not _anothers_bare(the_named.group("name"), contents[i], i, store, actor)
        ]
    runs = [r for r in _names_of(name) if len(r.split()) > 1]
    # (a kin title typed in lower case is still part of the name: "uncle Hamid" as "Uncle Hamid")
    runs += [m.group() for m in _KIN_TITLED.finditer(name) if not any(m.group() in r for r in runs)]
    if found and runs:
        # "Noor from book club" is not "Noor Haddad", "Chidubem my colleague" not "Coach Chidubem": a
        # part of the name with a descriptor of its own that nothing said of the whole name holds
        hits = (*recall(name), *recall(name, about=name))
        contents = {hit.id: hit.content for hit in hits}
        known = frozenset(text.tokenize(name)).union(
            *(text.tokenize(c) for c in contents.values() if any(_says(r, c) for r in runs))
        )
        found = [
            i
            for i in found
            if i not in contents or not any(_other_bearer(r, contents[i], known) for r in runs)
        ]
    if found and _GENDERED.search(name):
        # "Mr Abernethy" is not "Mrs Abernethy runs the school office"
        contents = _named_contents(recall, name)
        found = [i for i in found if i not in contents or not _other_title(name, contents[i])]
    titled = _TITLED_NAME.search(name)
    if found and titled is not None:
        # "my neighbour Mr Novak" is not "My dentist is Dr. Novak", "Dr. Haddad" not "My friend Leila
        # Haddad": the surname in another form, said to be another role of the speaker's
        contents = _named_contents(recall, name)
        found = [
            i for i in found if i not in contents or not _another_role(titled, name, contents[i], contents)
        ]
    names = _names_of(name)
    # (a titled name also by the name alone: "Farouk is also the name of my son's best friend" for "Dr
    # Farouk")
    names += [
        re.sub(_TITLED, "", n, count=1, flags=re.IGNORECASE) for n in names if re.match(_TITLED, n, re.I)
    ]
    whole = [r for r in _names_of(name) if len(r.split()) > 1 and not is_given_name(r.split()[0])]
    if found and whole:
        # "Nimbus Press" is not "Nimbus cloud storage costs £4 a month", "Maple Street Primary" not "Maple
        # Street pharmacy is next to the school": a part of the name before a noun of another thing
        contents = _named_contents(recall, name)
        found = [
            i
            for i in found
            if i not in contents
            or not any(
                _part_named_otherwise(r, contents[i]) or _place_part_only(r, contents[i]) for r in whole
            )
        ]
    if len(found) > 1:
        # "Yusuf Demirtaş the footballer scored twice": the name with a descriptor of its own that no
        # other memory of it says
        contents = _named_contents(recall, name)
        others = {i: [contents[j] for j in found if j != i and j in contents] for i in found}
        found = [
            i
            for i in found
            if i not in contents
            or not any(
                _own_descriptor(n, contents[i], others[i]) or _surname_apart(n, contents[i], others[i])
                for n in _names_of(name)
            )
        ]
    if found and names:
        # "My neighbour's parrot is also called Biscuit", "Dexter is also my nephew's name": the memory
        # says the name is another's
        contents = _named_contents(recall, name)
        found = [
            i
            for i in found
            if i not in contents
            or not _called_another(names, contents[i])
            and not _only_compared(names, contents[i])
            and not _near_name_only(names, contents[i])
            and not _in_a_business_name(name, names, contents[i])
            and not _in_a_term(name, names, contents[i])
        ]
    said_of = _topic_said(name)
    if found and said_of:
        # "the book club" is not "Fran from book club is also my dentist", "my uncle Fred" not "Aunt Mary,
        # Fred's sister, lives in Exeter": the topic only as what tells who another person is
        contents = _named_contents(recall, name)
        found = [i for i in found if i not in contents or not _only_describes(said_of, contents[i])]
    visit = _visited(name)
    if found and visit is not None:
        # "the wedding in Goa" is not "We went to Goa for our honeymoon in 2016": a stay at the place
        # for another thing
        place, at_place = visit
        contents = _named_contents(recall, name)
        found = [
            i for i in found if i not in contents or not _for_another_purpose(place, at_place, contents[i])
        ]
    family = _FAMILY.match(name)
    if family is not None:
        # "the Mwangi family": "The Mwangis have two dogs", "Mrs Mwangi wants an early check-in" (not
        # "Dr. Mwangi is the kids' dentist", "My accountant is Paulo Ferreira")
        surname = family.group("surname")
        for hit in (*recall(name), *recall(surname)):
            if hit.id not in found and _of_the_family(surname, hit.content):
                found.append(hit.id)
    asked_years = _years_asked(name, now)
    if found and asked_years:
        # "my 2023 Nvidia purchase" is not "I bought more Nvidia shares last month": the memory dates
        # its own fact in another year
        said_at = {hit.id: hit for hit in (*recall(name), *recall(name, about=name))}
        found = [
            i
            for i in found
            if i not in said_at
            or not _dated_otherwise(asked_years, said_at[i].content, said_at[i].observed_at)
        ]
    for extra in _named_thing(name, found, store=store, actor=actor, recall=recall):
        # (not one ``_wrapped`` weighed out: "I order my meal kits from Hellofresh" for "the Hellofresh
        # client", which "Hellofresh is our client" names)
        if extra not in found and (extra not in weighed or extra in extras):
            found.append(extra)
    return found


#: a name as memories write it, with a person's title: "Volkswagen Golf", "Ms Delacroix", "Joanna Reed"
_A_NAME = r"(?P<name>(?:(?:Mr|Mrs|Ms|Dr|Prof)\.?\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3})"
#: where a topic's head ends: a preposition or a clause after it ("the tenant in my flat", "the car I'm
#: selling")
_HEAD_END = re.compile(r"\s+(?:in|at|on|of|for|with|from|to|that|which|who|i|i'm|we|we're)\b", re.IGNORECASE)
_A_TITLE = frozenset({"mr", "mrs", "ms", "dr", "prof"})


def _naming(head: str) -> list[re.Pattern[str]]:
    """How a memory says the name of a thing of the speaker's by its noun (``head``): "My car is a 2015
    Volkswagen Golf", "My tenant in the Salford flat is Joanna Reed", "Moorfield Primary is my son's
    school", "Ms Delacroix is my French teacher", "My gym membership at PureGym"."""
    noun = rf"(?i:{re.escape(head)})s?"
    mine = r"(?:[Mm]y|[Oo]ur)"
    words = r"(?:[\w'-]+\s+){0,3}?"
    where = r"(?:\s+(?:in|at|for|from)\s+(?:the\s+|my\s+|our\s+)?(?:[\w'-]+\s+){0,2}?[\w'-]+)?"
    return [
        re.compile(
            rf"^\s*{mine}\s+{words}{noun}{where}\s+(?:is|was)\s+(?:called\s+|named\s+)?(?:a\s+|an\s+)?"
            rf"(?:\d{{4}}\s+)?{_A_NAME}(?![\w'-])"
        ),
        re.compile(rf"^\s*{_A_NAME}\s+(?:is|was)\s+{mine}\s+{words}{noun}(?![\w-])"),
        re.compile(rf"^\s*{mine}\s+{words}{noun}\s+(?:at|with)\s+(?:the\s+)?{_A_NAME}(?![\w'-])"),
    ]


def _other_role(thing_name: str, word: str, topic: str, content: str) -> bool:
    """``content`` names ``word`` (the last word of ``thing_name``, the name a memory gave the topic's
    thing) only with another title than ``thing_name``'s ("Dr. Okafor" for "Mr Okafor"), or says it is
    something to the speaker that the topic does not say ("Okafor is my GP" for "my landlord")."""
    w = re.escape(word)
    titled = re.match(r"\s*(?P<title>mr|mrs|ms|dr|prof)\b", thing_name, re.IGNORECASE)
    places = list(re.finditer(rf"(?<![\w'-]){w}(?![\w-])", content))
    if titled is not None and places:
        before = [
            re.search(r"\b(mr|mrs|ms|miss|mx|dr|prof)\.?\s+$", content[: p.start()], re.I) for p in places
        ]
        if all(b is not None and b.group(1).lower() != titled.group("title").lower() for b in before):
            return True
    roles = _roles(rf"(?:(?:[A-Z][\w'-]*|(?i:mr|mrs|ms|miss|mx|dr|prof)\.?)\s+)?{w}(?![\w-])", content)
    return bool(roles) and not roles & frozenset(text.tokenize(topic))


def _named_thing(name: str, found: Sequence[str], *, store: Store, actor: Actor, recall: Recall) -> list[str]:
    """A topic of a thing said by its noun ("my car", "my son's school", "the tenant in my flat"): a
    memory already found says the thing's name ("My car is a 2015 Volkswagen Golf"), so the memories
    linked to that name's entity that say the name are the topic's too ("The Golf's MOT is due on 30
    June"), less another party's ("My dad sold his Golf in 2015") and one that says the name is
    another's."""
    said = re.match(r"\s*(?:my|our|the)\s+(?P<thing>\S.*)$", name, re.IGNORECASE)
    if not found or said is None:
        return []
    thing = _HEAD_END.split(said.group("thing"), maxsplit=1)[0].split()
    head = thing[-1].lower() if thing else ""
    if not re.fullmatch(r"[a-z][a-z-]+", head) or "NOUN" not in _readings(head):
        return []
    patterns = _naming(head)
    contents = _named_contents(recall, name)
    out: list[str] = []
    for anchor in found:
        content = contents.get(anchor)
        if content is None:
            continue
        for pattern in patterns:
            hit = pattern.search(content)
            if hit is None:
                continue
            thing_name = hit.group("name")
            own = [w for w in thing_name.split() if w.lower().rstrip(".") not in _A_TITLE]
            if not own:
                continue
            entities = {
                e.id
                for e in _entities_of(store, actor, anchor)
                if {w.lower() for w in own} & {w.lower() for w in " ".join((e.name, *e.aliases)).split()}
            }
            if not entities:
                continue
            bare = " ".join(own)
            texts = {h.id: h.content for h in (*recall(bare), *recall(bare, about=bare))}
            for i in _of_entities(entities, bare, store=store, actor=actor, recall=recall):
                text_ = texts.get(i)
                if i in found or i in out or text_ is None:
                    continue
                if not any(re.search(rf"(?<![\w'-]){re.escape(w)}(?:'s?)?(?![\w-])", text_) for w in own):
                    continue
                if len(own) > 1 and _part_named_otherwise(bare, text_):
                    continue  # "My daughter goes to Moorfield High" is not Moorfield Primary
                if _another_partys(text_, i, name, store, actor, people=False):
                    continue  # "My dad sold his Fiesta in 2015"
                if _called_another([bare], text_):
                    continue
                if _other_role(thing_name, own[-1], name, text_):
                    continue  # "Dr. Okafor is my GP" is not "My landlord is Mr Okafor"
                others = [contents[j] for j in found if j in contents]
                if _own_descriptor(own[-1], text_, others, alone=True):
                    continue  # "Rivaldo the footballer visited my gym once" for "My trainer is Rivaldo"
                out.append(i)
    return out


#: a year said as such (not an amount or a number of a longer one: "£2023", "2023.5", "2023-04")
_YEAR = re.compile(r"(?<![\w$€£¥#.,/-])(?:19|20)\d{2}(?![\w%-]|[.,]\d)")
#: a time said relative to when it was said ("last month", "three weeks ago", "yesterday", "this year")
_RELATIVE_TIME = re.compile(
    r"\b(?:(?:last|this|next)\s+(?:week|weekend|month|year|(?:jan|febr)uary|march|april|may|june|july"
    r"|august|(?:sept|nov|dec)ember|october)|(?:[\w-]+\s+){1,2}ago|yesterday|today|tomorrow)\b",
    re.IGNORECASE,
)


def _years_asked(topic: str, now: datetime) -> frozenset[int]:
    """The years a topic dates its thing by ("my 2023 Nvidia purchase", "the 2019 trip to Crete"); none
    when it says no year (a relative time, "last year's trip", is left alone: it is the request's now)."""
    if not _YEAR.search(topic):
        return frozenset()
    span = parse_when(topic, now=now)
    return _years_of(span) if span is not None else frozenset()


def _years_of(span: tuple[datetime, datetime]) -> frozenset[int]:
    start, end = span
    last = end.year if (end.month, end.day, end.hour, end.minute) != (1, 1, 0, 0) else end.year - 1
    return frozenset(range(start.year, max(start.year, last) + 1))


def _dated_otherwise(asked: frozenset[int], content: str, said_at: datetime) -> bool:
    """``content`` dates what it says (a year, or a time relative to ``said_at``, when it was said: "last
    month", "two years ago") and no time it dates is in the years ``asked``: another occasion's fact ("I
    bought more Nvidia shares last month" for "my 2023 Nvidia purchase"). A memory that dates nothing is
    left to the other rules."""
    dated: set[int] = {int(y.group()) for y in _YEAR.finditer(content)}
    for relative in _RELATIVE_TIME.finditer(content):
        span = parse_when(relative.group(), now=said_at)
        if span is not None:
            dated |= _years_of(span)
    return bool(dated) and not dated & asked


def _anothers(thing: str, content: str) -> bool:
    """``content`` says ``thing`` (the words of "my Paris trip" after "my") only as someone else's
    ("my daughter's Paris trip", "Ana's Paris trip", "his Paris trip")."""
    places = list(re.finditer(rf"(?<![\w'-]){re.escape(thing)}(?![\w-])", content, re.IGNORECASE))
    return bool(places) and all(
        re.search(r"(?:\b[^\W\d_]+'s?|\b(?:his|her|their))\s+$", content[: p.start()], re.IGNORECASE)
        for p in places
    )


def _only_compared(names: Sequence[str], content: str) -> bool:
    """``content`` says each of ``names`` it holds only as what another is set against ("My tutor
    before Nikolai was Irina", "instead of Nikolai"): a fact of the other."""
    said = False
    for name in names:
        places = list(re.finditer(rf"(?<![\w'-]){re.escape(name)}(?![\w-])", content, re.IGNORECASE))
        for place in places:
            said = True
            if not re.search(
                r"\b(?:before|after|instead\s+of|rather\s+than|than|as\s+(?:[\w-]+\s+){1,2}as)\s+$",
                content[: place.start()],
                re.I,
            ):
                return False
    return said


#: where a sentence starts: a capital there says nothing of a name
_SENTENCE_START = re.compile(r"(?:^|(?P<word>\b\w+)?[.!?:;]\s+|\s[-\u2013\u2014]\s+)$")
#: abbreviations whose stop ends no sentence ("Mr. Cole")
_ABBREVIATED = frozenset({"mr", "mrs", "ms", "mx", "dr", "st", "prof"})


def _starts_sentence(before: str) -> bool:
    """A word after ``before`` opens a sentence (after "Mr." it does not)."""
    found = _SENTENCE_START.search(before)
    return found is not None and (found.group("word") or "").lower() not in _ABBREVIATED


#: words written with a capital by convention, not as a thing's name: the calendar's ("Sunday lunch"),
#: a relative's ("at Mum's": the rules read them as kin words)
_CONVENTION = frozenset([*MONTH_NAMES.split("|"), *WEEKDAY_NAMES.split("|"), *KINSHIP, "i"])


def _cased(topic: str, *, store: Store, actor: Actor, recall: Recall) -> str:
    """``topic`` with the names it types in lower case written as the caller's memories write them:
    a word of the name of an entity that a memory recall finds for it is linked to, that the memories
    write with a capital inside a sentence and never in lower case ("my ex-husband paul" -> "my
    ex-husband Paul", "my old flat in camden" -> "my old flat in Camden"; not "chess" where a memory
    says "My son plays chess", nor "japanese" of "My colleague Ken is Japanese", no entity's name). The
    rules read a topic's names by their capitals; a request is often typed without them."""
    words = list(re.finditer(r"[^\W\d_][\w'-]*", topic))
    if len(words) < 2 or not any(w.group().islower() for w in words):
        return topic
    named: dict[str, str] = {}
    lower: set[str] = set()
    entities: set[str] = set()
    for hit in recall(topic):
        content = text.key_fold(hit.content)
        for found in re.finditer(r"[^\W\d_][\w-]*", content):
            word = found.group()
            if word.islower():
                lower.add(word)
            elif word[0].isupper() and not word.isupper() and not _starts_sentence(content[: found.start()]):
                named.setdefault(word.lower(), word)
        for entity in _entities_of(store, actor, hit.id):
            for entity_name in (entity.name, *entity.aliases):
                entities.update(w.lower() for w in re.findall(r"[^\W\d_][\w-]*", text.key_fold(entity_name)))
    out = topic
    restored: set[int] = set()
    for at, found in enumerate(words):
        word = found.group()
        key = text.key_fold(word)
        if (
            not word.islower()
            or key in lower
            or key in _DETERMINERS
            or key in _CONVENTION
            or key not in named
        ):
            continue
        if key not in entities and key.rstrip(".") not in _ABBREVIATED:
            continue  # (a title is read in any case: "mr feeney" is "Mr Feeney")
        if not _name_place(words, at, topic, restored):
            continue
        restored.add(at)
    for at in sorted(restored, reverse=True):
        found = words[at]
        word = found.group()
        written = named[text.key_fold(word)]
        cased = (
            word[0].upper() + word[1:]
            if len(written) != len(word)
            else "".join(c.upper() if w.isupper() else c for c, w in zip(word, written, strict=True))
        )
        out = out[: found.start()] + cased + out[found.end() :]
    return out


#: words after which a topic names a thing by its name besides ``_RELATING`` ("the lawsuit against
#: velocar"; "my trip to lisbon")
_BEFORE_NAME = frozenset({"against", "about", "called"})


#: kin words said as a title before a name ("uncle Hamid", "Auntie Grace"): the two words one name
#: (``name_forms.KIN_TITLES``, the words resolution reads as such a title)
_KIN_TITLES = frozenset(KIN_TITLES)
_KIN_TITLED = re.compile(rf"\b(?i:{'|'.join(sorted(_KIN_TITLES))})\s+[A-Z][\w'-]*")


def _name_place(words: list[re.Match[str]], at: int, topic: str, restored: set[int]) -> bool:
    """``words[at]`` stands where a topic says a name: after a word that relates it ("in camden"),
    a title or a name ("mr cole", "tame impala"), before a possessive ("paul's"), or last after a noun
    that describes it ("my cat pixel", "my ex, tomasz"); not as a verb's object or a modifier ("me
    learning japanese", "sunday lunch")."""
    if topic[words[at].end() :].startswith("'"):
        return True
    if (at == 0 or words[at - 1].group().lower() in _DETERMINERS) and not _readings(
        words[at].group().lower()
    ):
        return True  # a word the language does not know, opening the topic: "hannah from accounts", "the hendry account"
    if at == 0:
        return False
    before = words[at - 1].group().lower()
    if at - 1 in restored or before in _RELATING | _BEFORE_NAME or before in _ABBREVIATED | _KIN_TITLES:
        return True
    # (the noun of a phrase a determiner opens: "my cat pixel", "my old cat pixel", "my ex, tomasz")
    opened = any(words[i].group().lower() in _DETERMINERS for i in range(max(0, at - 3), at - 1))
    return at == len(words) - 1 and opened and ("NOUN" in _readings(before) or _noun_only(before))


#: a title that says a person's sex before a name ("Mr Abernethy", "Mrs. Abernethy")
_GENDERED = re.compile(r"\b((?i:mr|mrs|ms|miss))\.?\s+([A-Z][\w'-]*)")
_TITLE_SEX = {"mr": "m", "mrs": "f", "ms": "f", "miss": "f"}


def _other_title(asked: str, content: str) -> bool:
    """``asked`` names a person by a title of one sex ("Mr Abernethy") and every place ``content``
    names that surname has a title of the other ("Mrs Abernethy"): another person."""
    for title, surname in ((m.group(1).lower(), m.group(2)) for m in _GENDERED.finditer(asked)):
        places = list(re.finditer(rf"(?<![\w'-]){re.escape(surname)}(?![\w-])", content))
        if not places:
            continue
        others = 0
        for place in places:
            before = re.search(r"\b(mr|mrs|ms|miss)\.?\s+$", content[: place.start()], re.IGNORECASE)
            if before is None or _TITLE_SEX[before.group(1).lower()] == _TITLE_SEX[title]:
                break
            others += 1
        if others == len(places):
            return True
    return False


#: a titled surname in a topic ("Dr. Haddad", "my neighbour Mr Novak")
_TITLED_NAME = re.compile(r"\b(?P<title>(?i:mr|mrs|ms|miss|mx|dr|prof))\.?\s+(?P<surname>[A-Z][\w'-]*)")
#: what a person is to the speaker, said with a name (``{form}``): "my dentist is Dr. Novak", "my
#: friend Leila Haddad", "Dr. Haddad is my dermatologist", "Mr Novak, my neighbour"
#: (a role by its initials too: "my GP", "our CFO")
_ROLE_WORD = r"(?:[a-z][\w-]*|[A-Z]{{2,4}}(?![\w-]))"
_ROLE_BEFORE = (
    r"\b(?:[Mm]y|[Oo]ur)\s+(?P<role>(?:[a-z][\w'-]*\s+){{0,2}}?"
    + _ROLE_WORD
    + r")\s*,?\s+(?:(?:is|was)\s+)?{form}"
)
_ROLE_AFTER = r"{form}\s*(?:,\s*|\s+(?:is|was)\s+(?:also\s+)?)(?:my|our)\s+(?P<role>" + _ROLE_WORD + ")"


def _roles(form: str, content: str) -> frozenset[str]:
    """The stems of what ``content`` says the person named by ``form`` (a regex) is to the speaker."""
    out: set[str] = set()
    for pattern in (_ROLE_BEFORE, _ROLE_AFTER):
        for found in re.finditer(pattern.format(form=form), content):
            out.update(text.tokenize(found.group("role")))
    return frozenset(out)


def _another_role(titled: re.Match[str], topic: str, content: str, contents: dict[str, str]) -> bool:
    """A topic naming a person by a title and a surname (``titled``: "Dr. Haddad", "my neighbour Mr
    Novak") and ``content`` naming the surname only in another form (another title, or after a given
    name: "Dr. Novak", "Leila Haddad"), saying that person is something to the speaker ("My dentist is
    Dr. Novak", "My friend Leila Haddad") that neither the topic nor any memory naming the topic's form
    says ("My neighbour Mr Novak", "Dr. Haddad is my dermatologist"): another person of that surname."""
    title, surname = titled.group("title").lower(), titled.group("surname")
    s = re.escape(surname)
    places = list(re.finditer(rf"(?<![\w'-]){s}(?![\w-])", content))
    if not places:
        return False
    for place in places:
        before = content[: place.start()]
        other_title = re.search(r"\b(mr|mrs|ms|miss|mx|dr|prof)\.?\s+$", before, re.IGNORECASE)
        given = re.search(r"\b([A-Z][\w'-]*)\s+$", before)
        if other_title is not None and other_title.group(1).lower() != title:
            continue
        if other_title is None and given is not None and not _starts_sentence(before[: given.start()]):
            continue
        if (
            other_title is None
            and given is not None
            and (is_given_name(given.group(1)) or not _readings(given.group(1).lower()))
        ):
            continue  # (opening the sentence: a given name, or a word the language does not know)
        return False  # a place naming it in the topic's form (or the surname alone)
    other_form = rf"(?:(?:[A-Z][\w'-]*|(?i:mr|mrs|ms|miss|mx|dr|prof)\.?)\s+){s}(?![\w-])"
    said = _roles(other_form, content)
    if not said:
        return False
    form = rf"(?i:{re.escape(title)})\.?\s+{s}(?![\w-])"
    known = frozenset(text.tokenize(topic[: titled.start()])).union(
        *(_roles(form, c) for c in contents.values())
    )
    return not said & known


#: "…, not the boat", "not our bank": a memory saying what it does not speak of
_DISOWNING = re.compile(r"\bnot\s+(?:the|our|my)\s+([a-z][\w-]*)\b")


def _disowned(content: str, others: Sequence[str]) -> bool:
    """``content`` says it does not speak of a thing ("…, the constellation, not the boat", "they mean
    the planet, not our bank") that ``others`` (the topic's other memories) speak of ("Orion, our
    sailing boat, is on a mooring"): a namesake's memory."""
    held = frozenset().union(*(text.tokenize(o) for o in others)) if others else frozenset()
    return any(set(text.tokenize(m.group(1))) & held for m in _DISOWNING.finditer(content))


def _anothers_bare(core: str, content: str, memory_id: str, store: Store, actor: Actor) -> bool:
    """``content`` names ``core`` (of a topic "the Hyundai") only without "the" and says it of another
    party: every clause's subject is a relation or a person it names ("My brother works for Hyundai in
    Ulsan"), or the name is where another party's clause happens ("Nissan is where my neighbour
    works")."""
    places = list(re.finditer(rf"(?<![\w'-]){re.escape(core)}(?![\w-])", content))
    if not places or any(re.search(r"\bthe\s+$", content[: p.start()], re.IGNORECASE) for p in places):
        return False
    people = [e.name for e in _entities_of(store, actor, memory_id) if e.type == "person"]
    where = _WHERE.match(content)
    said = where.group("said") if where is not None and _says(core, where.group("place")) else content
    return another_partys(said, core, people, roles=True)


def _part_named_otherwise(name: str, content: str) -> bool:
    """``content`` does not say ``name`` (a name of several words, "Nimbus Press") but a leading part of
    it, each time before a common noun that is no word of the name ("Nimbus cloud storage", "Maple
    Street pharmacy"): another thing bearing that part of the name."""
    if _says(name, content):
        return False
    parts = name.split()
    own = {w.lower() for w in parts}
    for k in range(len(parts) - 1, 0, -1):
        places = list(re.finditer(rf"(?<![\w'-]){re.escape(' '.join(parts[:k]))}(?![\w'-])", content))
        if not places:
            continue
        for place in places:
            after = re.findall(r"[^\W\d_][\w-]*", content[place.end() :])[:2]
            if not after or not after[0].islower() or after[0] in own:
                return False
            if "NOUN" not in _readings(after[0]) or not text.tokenize(after[0]):
                return False  # (a word of no noun's reading: "Jamal from Sahara Labs")
            compound = len(after) > 1 and after[1].islower() and "NOUN" in _readings(after[1])
            if not (_noun_only(after[0]) or compound and _noun_only(after[1])):
                return False
            if not re.match(r"\s+[^\W\d_]", content[place.end() :]):
                return False  # ("Nimbus, the …": no noun right after it)
        return True
    return False


def _sole_surname(name: str, content: str, *, possessive_counts: bool = True) -> str | None:
    """The one surname ``name`` (a given name, one word) is written with every time ``content`` says
    it ("Kofi Annan ... Kofi Annan"), or None: the name not said, said alone, or with two surnames.
    ``possessive_counts``: "Kofi's" is a time the name is said (alone)."""
    n = re.escape(name)
    end = r"(?![\w-])" if possessive_counts else r"(?![\w'-])"
    said = sum(1 for _ in re.finditer(rf"(?<![\w'-]){n}{end}", content))
    surnames = {m.group(1) for m in re.finditer(rf"(?<![\w'-]){n}\s+([A-Z][\w'-]*)(?![\w-])", content)}
    if (
        not said
        or len(surnames) != 1
        or said != sum(1 for _ in re.finditer(rf"(?<![\w'-]){n}\s+[A-Z]", content))
    ):
        return None
    return next(iter(surnames))


_ALSO = re.compile(r"\b(?:too|also|as\s+well)\b", re.IGNORECASE)


def _another_too(said: str, content: str, others: Sequence[str]) -> bool:
    """``said`` names a person by a given name alone ("Leilani is a nurse") and ``content`` names that
    person only with a surname the request does not say, and says what it says holds of them "too"
    ("also", "as well": "Leilani Kahale from church is a nurse too"), while another memory names the
    name without that surname ("Leilani is a nurse at Queen's"): another bearer of the name, said to
    share the fact with someone else."""
    if not _ALSO.search(content):
        return False
    for name in _names_of(said):
        if len(name.split()) != 1 or not is_given_name(text.key_fold(name).lower()):
            continue
        surname = _sole_surname(name, content, possessive_counts=False)
        if surname is None or _says(surname, said):
            continue
        n = re.escape(name)
        if any(re.search(rf"(?<![\w'-]){n}(?!\s+{re.escape(surname)})(?![\w-])", other) for other in others):
            return True
    return False


def _place_part_only(name: str, content: str) -> bool:
    """``content`` does not say ``name`` (a name of several words that is no place's, "Lucerne Dental",
    "Harrogate Theatre") but its leading part, a city's or a country's name, said as a place: after a
    preposition of where, or beside another place's name ("Lucerne is on our Switzerland itinerary"):
    the place, not the thing named after it. (A given name is no place here: "Florence Nightingale".)"""
    parts = name.split()
    if len(parts) < 2 or _says(name, content) or place_key(name) is not None:
        return False
    for k in range(len(parts) - 1, 0, -1):
        part = " ".join(parts[:k])
        if not _says(part, content):
            continue
        if place_key(part) is None or is_given_name(text.key_fold(parts[0]).lower()):
            return False
        # (said as a place: after a preposition of where, or beside another place's name; not "Quillon
        # wants a demo in March" for "Quillon Software", where Quillon is also a city's other name)
        where = re.search(
            rf"\b(?:in|to|from|near|around|visit|visiting|visited)\s+{re.escape(part)}\b", content, re.I
        )
        beside = any(
            run.group() != part
            and not _says(run.group(), part)
            and run.group().lower() not in _CONVENTION
            and place_key(run.group()) is not None
            for run in _NAME_RUN.finditer(content)
        )
        return where is not None or beside
    return False


def _own_descriptor(name: str, content: str, others: Sequence[str], *, alone: bool = False) -> bool:
    """``content`` names ``name`` (a full name) followed by "the" and a noun that says who the bearer is
    ("Yusuf Demirtaş the footballer"), a noun none of ``others`` (the topic's other memories naming
    it) says: another bearer of the name."""
    # (a name of one word with a surname of its own there, "Brodie Walsh the lifeguard" for "Brodie
    # the surf coach": the fuller name and its own descriptor)
    # (``alone``: a one-word name said by itself with one too, where the topic is a role the memories
    # give that name, "Rivaldo the footballer" for "my trainer")
    surname = r"\s+[A-Z][\w'-]*" if len(name.split()) < 2 and not alone else ""
    found = re.search(rf"(?<![\w'-]){re.escape(name)}{surname},?\s+the\s+([a-z][\w-]*)\b", content)
    if found is None or not _noun_only(found.group(1)):
        return False
    own = set(text.tokenize(found.group(1)))
    said = [o for o in others if _says(name, o)]
    return bool(own) and bool(said) and not any(own & set(text.tokenize(o)) for o in said)


def _surname_apart(name: str, content: str, others: Sequence[str]) -> bool:
    """``content`` names ``name`` (one word, "Kofi") only with a surname that none of ``others`` (the
    topic's other memories) says, and says nothing of the speaker, while another memory of the name
    does ("Kofi is my flatmate"): someone else of that name ("Kofi Annan was UN Secretary-General").
    Or it says of the speaker only what that surnamed person is to them, a role no memory of the name
    alone gives and another one does ("Tomás Ortega, my accountant, files my taxes" where "Tomás is my
    running buddy"): someone else of that name too."""
    if len(name.split()) != 1:
        return False
    n = re.escape(name)
    surname = _sole_surname(name, content)
    if surname is None:
        return False
    said = [o for o in others if _says(name, o)]
    if any(_says(surname, o) for o in others):
        return False
    if not _FIRST_PERSON_WORD.search(content):
        return any(_FIRST_PERSON_WORD.search(o) for o in said)
    own = _roles(rf"{n}\s+{re.escape(surname)}(?![\w-])", content)
    known = frozenset().union(*(_roles(rf"{n}(?![\w-])", o) for o in said))
    return bool(own) and bool(known) and not own & known


#: a topic of a family by its surname ("the Mwangi family", "the Patel family next door")
_FAMILY = re.compile(r"^\s*(?:the\s+)?(?P<surname>[A-Z][\w'-]*)\s+family\b")


def _of_the_family(surname: str, content: str) -> bool:
    """``content`` names ``surname`` only as the family ("the Mwangi family", "the Mwangis", "the Patels'
    son") or one of it by a title of address ("Mr Patel", "Mrs Mwangi"; not "Dr. Patel", "Anna
    Kowalska", nor a titled one said to be something to the speaker: "Mrs Patel is my daughter's
    teacher")."""
    s = re.escape(surname)
    places = list(re.finditer(rf"(?<![\w'-]){s}(?:e?s)?(?![\w-])", content))
    if not places:
        return False
    for place in places:
        before, after = content[: place.start()], content[place.end() :]
        plural = place.group() != surname
        if plural and re.search(r"\b[Tt]he\s+$", before):
            continue
        if not plural and re.search(r"\b[Tt]he\s+$", before) and re.match(r"\s+family\b", after):
            continue
        if not plural and re.search(r"\b(?:Mr|Mrs|Ms|Miss)\.?\s+$", before):
            continue
        return False
    return not _roles(rf"(?:(?:Mr|Mrs|Ms|Miss)\.?\s+){s}(?![\w-])", content)


def _names_of(topic: str) -> list[str]:
    """The names a topic says (its capitalised runs, without a possessive), or the topic itself when it
    is one word ("biscuit", typed in lower case)."""
    runs = [
        re.sub(r"'s?$", "", m.group())
        for m in _NAME_RUN.finditer(topic)
        if m.group().lower() not in _DETERMINERS
    ]
    if not runs and len(topic.split()) == 1:
        runs = [topic.strip()]
    return runs


#: a capitalised word of a memory, without its possessive
_CAPITALISED = re.compile(r"(?<![\w'-])([A-Z][\w-]*?)(?:'s?)?(?![\w-])")


def _near_name_only(names: Sequence[str], content: str) -> bool:
    """``content`` says no word of the topic's ``names`` but a name one or two letters from one of them,
    or a hyphenated given name sharing one part ("Quincey's bakery" for "Quincy", "Seo-jun" for
    "Seo-yeon"): another name, whatever linking filed it under."""
    words = {w.lower() for n in names for w in re.findall(r"[^\W\d_][\w-]*", n)}
    words = {w for w in words if len(w) >= 4}
    if not words or any(_says(w, content) for w in words):
        return False
    # (the same letters split into other words: "Oak Ridge, Tennessee" for "Oakridge", "Oakridge
    # Primary" for "Oak Ridge": another name, as a letter more or less is)
    joined = {re.sub(r"[\s-]+", "", n).lower() for n in names}
    for run in _NAME_RUN.finditer(content):
        parts = [re.sub(r"'s?$", "", p) for p in run.group().split()]
        for k in range(len(parts)):
            for j in range(k + 1, min(len(parts), k + 3) + 1):
                written = " ".join(parts[k:j])
                if re.sub(r"[\s-]+", "", written).lower() in joined and not any(
                    re.sub(r"[\s-]+", " ", written).lower() == re.sub(r"[\s-]+", " ", n).lower()
                    for n in names
                ):
                    return True  # (split where the topic is not: "Jin Woo" is "Jin-woo")
    for found in _CAPITALISED.finditer(content):
        said = found.group(1).lower()
        for word in words:
            if said == word:
                continue
            if "-" in said and "-" in word and said.split("-")[0] == word.split("-")[0]:
                return True
            if said[:2] == word[:2] and Levenshtein.distance(said, word, score_cutoff=2) <= 2:
                return True
    return False


def _in_a_business_name(topic: str, names: Sequence[str], content: str) -> bool:
    """``topic`` is a person (a kin title or a title with the name, or a given name alone: "Aunt Rosa")
    and ``content`` says the name only as the possessive that opens a longer capitalised name, never
    with the title ("Rosa's Thai Café is the takeaway we like"): a shop or a business, not the person."""
    titled = _KIN_TITLED.search(topic) or _TITLED_NAME.search(topic)
    bare = [n for n in names if " " not in n.strip()]
    if not titled and not (len(bare) == 1 and is_given_name(text.key_fold(bare[0]).lower())):
        return False
    if titled and re.search(rf"(?<![\w'-]){re.escape(titled.group().split()[0])}\b", content, re.I):
        return False  # (the title said: "Aunt Rosa's Café" is hers)
    words = {n.split()[-1] for n in names if len(n.split()) == 1 or titled and titled.group() == n.strip()}
    words = {w for w in words if w[:1].isupper()}
    found = False
    for word in words:
        for said in re.finditer(rf"(?<![\w'-]){re.escape(word)}(?![\w-])", content):
            after = re.match(r"'s?\s+(?P<next>[A-Z][a-z][\w-]*)", content[said.end() :])
            if (
                after is None
                or after.group("next").lower() in RELATIONS
                or after.group("next").lower() in KINSHIP
                or re.search(r"\bthe\s+$", content[: said.start()], re.IGNORECASE)
            ):
                return False  # (a relative, "Rosa's Mum"; an acronym, "Yusuf's UK visa"; "the Clio's MOT")
            found = True
    return found


def _in_a_term(topic: str, names: Sequence[str], content: str) -> bool:
    """``content`` says the topic's name (a word of ``names``, not a title) only as the first word of a
    noun the dictionary knows, the next word in lower case and no word of ``topic`` ("Feng shui is my
    mum's hobby" for "my uncle Feng", "Olive oil", "Brussels sprouts"): the term, not what the topic
    names, whatever linking filed it under. ("Uncle Ginger brews ginger ale" says the person too.)"""
    asked = {w.lower() for w in re.findall(r"[\w'-]+", topic)}
    words = {
        w
        for n in names
        for w in n.split()
        if w[:1].isupper() and w.lower() not in _KIN_TITLES and w.lower().rstrip(".") not in _A_TITLE
    }
    found = False
    for word in words:
        for said in re.finditer(rf"(?<![\w'-]){re.escape(word)}(?![\w-])", content, re.IGNORECASE):
            after = re.match(r"\s+([a-z]+)(?![\w'-])", content[said.end() :])
            if after is None or after.group(1) in asked:
                return False
            if lexicon.part_of_speech(f"{word.lower()}_{after.group(1)}") != "n":
                return False
            found = True
    return found


def _says(name: str, content: str) -> bool:
    """``content`` holds ``name`` as whole words (any case)."""
    return re.search(rf"(?<![\w'-]){re.escape(name)}(?![\w-])", content, re.IGNORECASE) is not None


#: a descriptor said with a name: "NAME from/at/in X", "NAME, my X", "my X NAME"
_DESCRIPTOR_AFTER = r"\s*,?\s+(?:from|at|in|of)\s+(?:the\s+)?(?P<after>[^\W\d_][\w'-]*(?:\s+[a-z][\w'-]*)?)"
_RELATION_AFTER = r"\s*,?\s+(?:my|our)\s+(?P<mine>[a-z][\w-]*)"
_RELATION_BEFORE = r"\b(?:my|our)\s+(?P<before>[a-z][\w-]*)\s*,?\s+"


def _other_bearer(name: str, content: str, known: frozenset[str]) -> bool:
    """``content`` names a part of ``name`` (a full name, "Aunt Philippa") but not the whole, with a
    descriptor of its own ("Philippa at work", "Lei from the badminton club", "Chidubem my colleague",
    "my colleague Chidubem") none of whose words is ``known`` (the stems of the topic and of the
    memories that say the whole name): someone else of that name. ("Jamal from Sahara Labs" is Jamal
    Ibrahim where a memory says "Jamal Ibrahim is the founder of Sahara Labs".)"""
    if _says(name, content):
        return False
    for part in name.split():
        if not part[:1].isupper() or not _says(part, content):
            continue
        n = re.escape(part)
        for pattern in (
            rf"(?<![\w'-]){n}{_DESCRIPTOR_AFTER}",
            rf"(?<![\w'-]){n}{_RELATION_AFTER}",
            rf"{_RELATION_BEFORE}{n}(?![\w-])",
        ):
            said = re.search(pattern, content)
            if said is None:
                continue
            described = frozenset(text.tokenize(next(g for g in said.groups() if g)))
            if described and not described & known:
                return True
    return False


def _topic_said(topic: str) -> list[str]:
    """How a memory names ``topic``: its names ("Fred" of "my uncle Fred"), else its words without a
    determiner ("book club" of "the book club")."""
    names = _names_of(topic)
    if names:
        return [n for name in names for n in (name, *name.split()[1:]) if n[:1].isupper()]
    bare = re.sub(r"^\s*(?:the|my|our)\s+", "", topic).strip()
    return [bare] if bare and text.tokenize(bare) else []


#: a person opening a memory: a name of capitalised words, or a kin title and a name ("Aunt Mary")
_OPENING_PERSON = rf"^\s*(?:(?i:{'|'.join(sorted(_KIN_TITLES))})\s+)?[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?"


def _only_describes(said: Sequence[str], content: str) -> bool:
    """``content`` opens with another person whom the topic (``said``: its names or words) only tells
    apart, names the topic nowhere else and says what that person is of their own (a relative of the
    speaker's, or another role: "also", "my friend"): "Fran from book club is also my dentist", "Aunt
    Mary, Fred's sister, lives in Exeter"."""
    for form in said:
        f = re.escape(form)
        opening = re.match(
            rf"{_OPENING_PERSON}(?:\s+(?:from|at)\s+(?:the\s+)?{f}(?![\w-])"
            rf"|\s*,\s*{f}'s?\s+(?:{_RELATION_WORDS})\s*,)",
            content,
        )
        if opening is None:
            continue
        person = re.match(_OPENING_PERSON, content)
        if person is None or any(_says(word, person.group()) for w in said for word in w.split()):
            continue
        rest = content[opening.end() :]
        if _says(form, rest):
            continue
        # (and what the memory says of that person is their own: a relative of the speaker's, another
        # role, "Rhea from Northwind is our contact" still speaks of Northwind)
        kin = re.match(rf"^\s*(?i:{'|'.join(sorted(_KIN_TITLES))})\s", content) is not None
        own = re.search(rf"\b(?:also|too)\b|\b(?:my|our)\s+(?:{_RELATION_WORDS})\b", rest) is not None
        if kin or own:
            return True
    return False


#: a topic of a thing at a place: "the wedding in Goa", "our conference at Lisbon"
_AT_PLACE = re.compile(
    r"^\s*(?:the|my|our)\s+(?P<thing>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+(?:in|at)\s+"
    r"(?P<name>[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)\s*$"
)
#: what "for" is said of when it says how long, not why ("for two weeks", "for the weekend")
_SPANS = frozenset(
    {
        "minute",
        "hour",
        "day",
        "night",
        "week",
        "weekend",
        "fortnight",
        "month",
        "year",
        "while",
        "bit",
        "couple",
        "few",
        "summer",
        "winter",
        "spring",
        "autumn",
        "time",
        "ages",
        "good",
        "long",
        "rest",
    }
)


def _visited(topic: str) -> tuple[str, _Words] | None:
    """A topic of a thing at a place by a head noun and the place ("the wedding in Goa"): the place's
    name and the thing's words. ("the Lisbon project" is weighed by ``_name_alone``.)"""
    at = _AT_PLACE.match(topic)
    return None if at is None else (at.group("name"), _words(at.group("thing")))


def _for_another_purpose(core: str, thing: _Words, content: str) -> bool:
    """``content`` says no word of ``thing`` and names ``core`` as where one goes or stays for another
    thing, said after "for" ("We went to Goa for our honeymoon", "I was in Lisbon for a concert"; not
    "for two weeks"): a visit of its own, not the topic's thing there."""
    said = _words(content)
    names = frozenset(stem for _, stem, capitalised in said.terms if capitalised)
    if any(_related(term, said, names) for term in thing.terms):
        return False
    n = re.escape(core)
    visit = re.search(
        rf"\b(?:to|in|at)\s+(?:the\s+)?{n}(?![\w-])[^.;!?]*?\bfor\s+(?P<purpose>[^.;,!?]+)", content
    )
    if visit is None:
        return False
    words = [w.lower() for w in _WORD.findall(visit.group("purpose"))]
    for word in words:
        stems = text.tokenize(word)
        if not stems or word.isdigit() or spelled_value(word) is not None:
            continue
        if word in _SPANS or stems[0] in {text.tokenize(w)[0] for w in _SPANS if text.tokenize(w)}:
            return False  # how long ("for two weeks", "for the weekend")
        return "NOUN" in _readings(word)
    return False


def _called_another(names: Sequence[str], content: str) -> bool:
    """``content`` says one of ``names`` is also another's name: "… is also called Biscuit", "Dexter is
    also my nephew's name", "another Dexter", "the same name as …", a namesake."""
    for name in names:
        n = re.escape(name)
        if not re.search(rf"(?<![\w'-]){n}(?![\w-])", content, re.IGNORECASE):
            continue
        said = (
            rf"\b(?:also|too)\s+(?:called|named|known\s+as)\s+{n}\b",
            rf"\b(?:called|named)\s+{n}\s*,?\s+(?:too|as\s+well)\b",
            rf"\b{n}\s+is\s+(?:also|too)\s+(?:[\w']+\s+){{0,3}}(?:nick)?name\b",
            rf"\b{n}\s+is\s+(?:[\w']+\s+){{0,3}}(?:nick)?name\s*,?\s+(?:too|as\s+well)\b",
            rf"\b(?:another|a\s+different|the\s+other)\s+{n}\b",
            r"\bsame\s+name\b",
            r"\bnamesakes?\b",
        )
        if any(re.search(pattern, content, re.IGNORECASE) for pattern in said):
            return True
    return False


def _described(name: str) -> tuple[str, _Words] | None:
    """A topic that names a thing by a name and a head noun after it ("the Mendes lawsuit", "Harbour
    Lane allotment"): the name and the head's words; None for a name alone, a possessive ("Zoe's
    pregnancy") or a name after its descriptor ("my trip to Lisbon")."""
    runs = [m for m in _NAME_RUN.finditer(name) if m.group().lower() not in _DETERMINERS]
    if len(runs) != 1 or runs[0].group().endswith(("'s", "'")):
        return None
    before = [w for w in name[: runs[0].start()].lower().split() if w not in _DETERMINERS]
    after = _words(name[runs[0].end() :])
    if before or not after.terms or any(capitalised for _, _, capitalised in after.terms):
        return None
    return runs[0].group(), after


def _names_another(core: str, head: _Words, topic: str, content: str) -> bool:
    """Every place ``content`` names ``core`` is the end of a longer name the topic does not hold
    ("Joana Mendes") or before a noun that is not the topic's ("Harbour Lane surgery", "the Orion
    nebula"), and no word of ``head`` is in it: another thing or person bearing the name."""
    said = _words(content)
    names = frozenset(stem for _, stem, capitalised in said.terms if capitalised)
    if any(_related(term, said, names) for term in head.terms):
        return False
    asked = _words(topic)
    places = list(re.finditer(rf"(?<![\w'-]){re.escape(core)}(?![\w-])", content))
    if not places:
        return False
    for place in places:
        before = re.search(r"([^\W_][\w-]*)\s+$", content[: place.start()])
        after = re.match(r"\s+([^\W_][\w-]*)", content[place.end() :])
        # (a capitalised word after it is the thing's fuller name: "Pinecrest Analytics", "Hyundai
        # Tucson"; one before it makes it another's surname or part: "Joana Mendes")
        longer = (
            before is not None and before.group(1)[0].isupper() and _is_content_word(before.group(1), asked)
        )
        other = (
            after is not None
            and after.group(1).islower()
            and _noun_only(after.group(1))
            and _is_content_word(after.group(1), asked)
        )
        if not (longer or other):
            return False  # a place it names the topic's name as such ("Mendes's lawyer", "at Harbour Lane")
    return True


def _is_content_word(word: str, asked: _Words) -> bool:
    """``word`` is a content word (no stopword) that the topic does not hold."""
    stems = text.tokenize(word)
    return bool(stems) and not set(stems) & asked.stems and word.lower() not in asked.written


def _another_partys(
    content: str, memory_id: str, topic: str, store: Store, actor: Actor, *, people: bool = True
) -> bool:
    """``people``: a person the memory is linked to may be the other party (a topic of the speaker's or a
    relative's); else only a relation ("the allotment" is not "My neighbour Dilys has the allotment next
    to the railway", but is "Gary the plumber fixed the allotment shed": he acts for the speaker)."""
    names = [e.name for e in _entities_of(store, actor, memory_id) if e.type == "person"] if people else []
    if not any(claim.verb for claim in analyse(content).claims):
        # no clause read ("My friend Tali did IVF in 2021": "did" taken for an auxiliary): its opening
        return said_of_another(content, topic, names)
    return another_partys(content, topic, names)


def _topic_whole(
    name: str,
    *,
    store: Store,
    actor: Actor,
    recall: Recall,
    now: datetime,
    sense: str | None = None,
    similar: Similar | None = None,
    topic: str | None = None,
) -> list[str]:
    """``sense``: the kind of thing the topic (``topic``, its words) says the name is ("Mercury the
    bank"), see ``_of_entities``."""
    entities = set(entities_about(store, actor, name, ambiguous=False))
    descriptor = _descriptor_stems(name)
    if entities and descriptor:
        # "my debt to Karim", "my ex Viktor": resolution may read the name alone, without the words
        # around it; the whole topic is an entity only when its name holds them ("the Henderson
        # account" as an entity's name), else the words and the name are weighed apart (``_wrapped``)
        entities = {
            e.id
            for e in store.entities_by_ids(sorted(entities))
            if descriptor <= frozenset(text.tokenize(" ".join((e.name, *e.aliases))))
            or _said_as(name, descriptor, e.id, store=store, actor=actor, recall=recall)
        }
    if not entities:
        # a name that fits several entities: only one that bears it whole ("Marco", not "Marco Polo")
        fits = entities_about(store, actor, name)
        entities = {
            e.id for e in store.entities_by_ids(fits) if _key(name) in {_key(n) for n in (e.name, *e.aliases)}
        }
    if not entities:
        return _statement(name, store=store, actor=actor, recall=recall, now=now, coverage=1.0, clause=False)
    of_kind = _OfKind(sense, name, similar, topic or name) if sense is not None else None
    entities |= _given_names(entities, store, actor)
    found = _of_entities(entities, name, store=store, actor=actor, recall=recall, of_kind=of_kind)
    if len(found) > 1:
        # "The kids found Orion's belt in the sky, the constellation, not the boat": a memory that says
        # it does not speak of the thing the topic's other memories speak of (before the kinds are
        # weighed: its kind is the namesake's)
        contents = _named_contents(recall, name)
        others = {i: [contents[j] for j in found if j != i and j in contents] for i in found}
        found = [i for i in found if i not in contents or not _disowned(contents[i], others[i])]
    if of_kind is None and found:
        # no kind said: the kind the speaker's memories of the name mean, not a namesake of another
        # kind a memory says in passing ("Mercury is the closest planet to the sun" among the bank's)
        apart = _another_kind(name, found, entities, store=store, actor=actor, recall=recall, similar=similar)
        found = [i for i in found if i not in apart]
    if sense is None and _common_nouns(name):
        # "the thesis" where a memory opening "Thesis deadline is …" made an entity of the word: the
        # memories that say the word are the topic's too ("My thesis is on coral bleaching")
        said = _statement(name, store=store, actor=actor, recall=recall, now=now, coverage=1.0, clause=False)
        found += [i for i in said if i not in found]
    return found


def _said_as(
    name: str, descriptor: frozenset[str], entity: str, *, store: Store, actor: Actor, recall: Recall
) -> bool:
    """The topic's words before its name say what the person is to the speaker ("my brother Sam", "my
    ex Viktor": ``descriptor``, relation words only) and a memory linked to ``entity`` says that of the
    name ("My brother Sam lives in Auckland", "My ex Viktor still has my bike"): the entity resolution
    read the topic as is the one meant, not only a bearer of the name (another bearer, "My son is also
    called Sam", is then an entity of its own)."""
    runs = [m for m in _NAME_RUN.finditer(name) if m.group().lower() not in _DETERMINERS]
    if not runs or not descriptor <= RELATION_STEMS | {"ex"}:
        return False
    core = re.sub(r"['’]s?$", "", runs[0].group())
    for hit in recall(name, about=name):
        if entity not in {e.id for e in _entities_of(store, actor, hit.id)}:
            continue
        marked = said_of(core, hit.content)
        if marked is not None and any(
            descriptor <= frozenset(text.tokenize(" ".join(r.words))) for r in relations(marked)
        ):
            return True
    return False


def _descriptor_stems(name: str) -> frozenset[str]:
    """The stems of the words in lower case before a topic's capitalised name ("my debt to Karim":
    debt; "my ex Viktor": ex), none when the topic has no capitalised name or nothing before it (a
    head after the name, "Harbour Lane allotment", is the name's thing: ``_described``)."""
    runs = [m for m in _NAME_RUN.finditer(name) if m.group().lower() not in _DETERMINERS]
    if not runs:
        return frozenset()
    return frozenset(text.tokenize(name[: runs[0].start()]))


def _common_nouns(name: str) -> bool:
    """``name`` is typed in lower case and each of its content words is a noun of the language."""
    words = [w for w in _WORD.findall(name) if w.lower() not in _DETERMINERS]
    return (
        bool(words)
        and name == name.lower()
        and all(text.tokenize(w) and "NOUN" in _readings(w) for w in words)
    )


def _of_entities(
    entities: set[str],
    name: str,
    *,
    store: Store,
    actor: Actor,
    recall: Recall,
    of_kind: _OfKind | None = None,
) -> list[str]:
    """The memories linked to ``entities`` (what ``name`` resolved to), and those naming ``name`` as
    written that the graph linked to no other entity of that name; of the kind of thing the topic says
    the name is, when it says (``of_kind``: "Mercury the bank", see ``_OfKind``)."""
    if of_kind is not None:
        entities = of_kind.entities(entities, store=store, actor=actor)
        if not entities:
            return []
    # recall's ``about`` lists the memories linked to what the name resolves to, however many (and to
    # every namesake of an ambiguous name: those are left out)
    chosen = [
        hit.id
        for hit in recall(name, about=name)
        if entities & {e.id for e in _entities_of(store, actor, hit.id)}
    ]
    # and a memory that names it as written where the graph linked no name ("Thea is Theo's sister"
    # linked to Thea alone), unless it is linked to another entity of that name (a namesake)
    wanted = _words(name).written
    hits = recall(name)
    unlinked: set[str] = set()  # (named as written, linked to none of ``entities``)
    for hit in hits:
        if hit.id in chosen or not wanted:
            continue
        words = _words(hit.content)
        linked = _entities_of(store, actor, hit.id)
        if entities & {e.id for e in linked}:
            chosen.append(hit.id)
            continue
        if not wanted <= {written for written, _, capitalised in words.terms if capitalised}:
            continue
        # (with a kind: a namesake of another kind's memory that says nothing of the kind is as
        # uncertain as one linked to nothing: its link was a guess too)
        apart = of_kind.apart if of_kind is not None else set()
        if not any(wanted <= _words(e.name).written for e in linked if e.id not in entities | apart):
            chosen.append(hit.id)
            unlinked.add(hit.id)
    if of_kind is None:
        return chosen
    contents = {hit.id: hit.content for hit in hits}
    for hit in recall(name, about=name):
        contents.setdefault(hit.id, hit.content)
    return of_kind.memories([i for i in chosen if i in contents], contents, unlinked)


def _another_kind(
    name: str,
    found: list[str],
    entities: set[str],
    *,
    store: Store,
    actor: Actor,
    recall: Recall,
    similar: Similar | None,
) -> set[str]:
    """Of ``found`` (a topic's memories, the topic saying no kind: "everything about Mercury"), those
    about a namesake of another kind than the one the speaker's memories mean. Each memory's kind is
    what its text says the name is (``sense_of``), else the kind of the topic's entity it is linked to
    (its type, else its senses when they agree), else, with the embedder, the kind of the memories
    saying a kind that it reads closest to. The meant kind is one that more memories are of than of any
    kind that conflicts with it; when a memory's own text says a conflicting kind ("Mercury is the
    closest planet to the sun" among three of the bank's), the memories of a conflicting kind are
    kept. No kind ahead (one memory of the bank, one of the planet): none is set apart, every
    namesake goes."""
    contents = _named_contents(recall, name)
    said = {
        i: _sense_in(name, contents[i]) or _called_kind(name, contents[i]) for i in found if i in contents
    }
    if not any(said.values()):
        return set()  # (no memory says a kind: nothing to tell apart)
    kinds: dict[str, frozenset[str]] = {}
    for i in found:
        if said.get(i) is not None:
            kinds[i] = frozenset({said[i] or ""})
            continue
        linked = [_kind_of(e) for e in _entities_of(store, actor, i) if e.id in entities]
        of_links: frozenset[str] = frozenset().union(*linked) if linked else frozenset()
        if of_links and not any(
            senses_conflict(frozenset({a}), frozenset({b})) for a in of_links for b in of_links
        ):
            kinds[i] = of_links
    unknown = [i for i in found if i not in kinds and i in contents]
    if similar is not None and unknown:
        # (with the embedder: the kind of the memories saying one that a memory reads closest to)
        sayers = [(i, s) for i, s in said.items() if s is not None]
        for i in unknown:
            cosines = similar(contents[i], [contents[j] for j, _ in sayers])
            if cosines:
                kinds[i] = frozenset({sayers[max(range(len(sayers)), key=cosines.__getitem__)][1]})
    classes = sorted({c for k in kinds.values() for c in k})
    support = {c: sum(1 for k in kinds.values() if not senses_conflict(frozenset({c}), k)) for c in classes}
    if not classes:
        return set()
    meant = max(classes, key=support.__getitem__)  # (the first in name order of those most supported)
    rivals = [c for c in classes if senses_conflict(frozenset({meant}), frozenset({c}))]
    if any(support[meant] <= support[c] for c in rivals):
        return set()  # no kind ahead
    if not any(s is not None and senses_conflict(frozenset({meant}), frozenset({s})) for s in said.values()):
        return set()  # no memory says it is of another kind
    return {i for i, k in kinds.items() if senses_conflict(frozenset({meant}), k)}


#: a word after a determiner and before another word: an adjective there qualifies the kind after it
_QUALIFIED_KIND = re.compile(r"\b(?P<det>(?:the|a|an|our|my)\s+)(?P<word>[A-Za-z][a-z-]+)\s+(?=[a-z])")


def _sense_in(name: str, content: str) -> str | None:
    """What ``content`` says ``name`` is (``sense_of``), also past an adjective before the kind's noun
    ("Meridian is the Greek restaurant near the office": a restaurant)."""
    said = sense_of(name, content)
    if said is not None:
        return said

    def plain(found: re.Match[str]) -> str:
        word = found.group("word")
        readings = _readings(word) | _readings(word.lower())
        # (an adjective, or a capitalised word of none but a name's reading: "Greek", "American")
        adjective = "ADJ" in readings and "VERB" not in readings
        proper = word[0].isupper() and readings <= {"ADJ", "PROPN"}
        return found.group("det") if adjective or proper else found.group()

    bare = _QUALIFIED_KIND.sub(plain, content)
    return sense_of(name, bare) if bare != content else None


def _called_kind(name: str, content: str) -> str | None:
    """The class of the noun ``content`` says is called ``name``: "Our intern is called Ostrava" (a
    person), "My parrot is named Kiwi" (an animal)."""
    said = re.search(
        rf"\b([a-z][\w-]*)\s+(?:is|was)\s+(?:also\s+)?(?:called|named)\s+{re.escape(name)}(?![\w-])", content
    )
    return class_of_noun(said.group(1)) if said is not None else None


def _kind_of(entity: Entity) -> frozenset[str]:
    """The kind of thing ``entity`` is: the class of its type, else what its texts said (its senses)."""
    of_type = TYPE_CLASSES.get(entity.type)
    return frozenset({of_type}) if of_type else frozenset(entity_senses(entity))


class _OfKind:
    """A topic that says what kind of thing its name is ("Mercury the bank", "the Amazon river",
    "Paris my colleague"): a namesake of another kind is not the topic. Not its entity (resolution's rule
    for namesakes, ``graph.resolution.kinds_conflict``), nor a memory whose text says the name is another
    kind of thing ("Mercury is the smallest planet", linked to the one entity by a store that could not
    tell them apart). A memory that says nothing of the kind, while a namesake of another kind is known
    (an entity, or a memory that says it), is uncertain: one linked to the topic's entity follows its
    link unless the embedder (``similar``) finds it closer to the memories that say the other kind than
    to those that say the topic's; one linked to none of them (an ambiguous name, "Mercury has no
    moons") is deleted only when the embedder finds it closer to the topic's, and kept when no namesake
    is known (any more: forgetting "Saturn the bank" removed the bank's entity). A deletion cannot be
    undone: without evidence an unlinked one is kept."""

    def __init__(self, sense: str, name: str, similar: Similar | None, topic: str) -> None:
        self.sense, self.name, self.similar, self.topic = sense, name, similar, topic
        #: the kinds the namesakes of another kind are of
        self.other_kinds: set[str] = set()
        self.wanted = Mention(name, sense=sense)
        #: a namesake of another kind is known (an entity, or a memory that says it)
        self.namesakes = False
        #: the entities of the name that are of another kind
        self.apart: set[str] = set()

    def entities(self, entities: set[str], *, store: Store, actor: Actor) -> set[str]:
        """``entities`` without those of another kind; notes whether the name has such namesakes."""
        others = store.entities_by_ids(entities_about(store, actor, self.name))
        apart = {e.id for e in store.entities_by_ids(sorted(entities)) if self._apart(e)}
        self.apart = apart | {e.id for e in others if e.id not in entities and self._apart(e)}
        self.other_kinds = {
            kind for e in store.entities_by_ids(sorted(self.apart)) for kind in candidate_of(e).senses
        }
        self.namesakes = bool(self.apart)
        return entities - apart

    def _apart(self, entity: Entity) -> bool:
        return kinds_conflict(self.wanted, candidate_of(entity))

    def _said(self, content: str) -> bool | None:
        """True: ``content`` says the name is the topic's kind; False: another kind; None: nothing."""
        said = _sense_in(self.name, content)
        if said is None:
            return None
        return not kinds_conflict(self.wanted, Candidate("", "", self.name, senses=(said,)))

    def memories(self, ids: list[str], contents: dict[str, str], unlinked: set[str]) -> list[str]:
        """Of ``ids`` (the topic's memories by its entities and its name; ``unlinked``: those linked to
        none of its entities), those of the topic's kind."""
        said = {i: self._said(c) for i, c in contents.items()}
        namesakes = self.namesakes or any(v is False for v in said.values())
        uncertain = [i for i in ids if said[i] is None] if namesakes else []
        closer = self._closer(uncertain, contents, said)
        return [
            i
            for i in ids
            # (an unlinked one is kept even when no namesake is known now: linking left a name that
            # an entity bears whole unlinked because it was ambiguous then, and the namesake's entity
            # may be gone since, a topic forget having removed it with its memories)
            if said[i] is True
            or said[i] is None
            and (closer.get(i, i not in unlinked) if namesakes else i not in unlinked)
        ]

    def _closer(
        self, uncertain: list[str], contents: dict[str, str], said: dict[str, bool | None]
    ) -> dict[str, bool]:
        """For each uncertain memory, whether the embedder finds it closer to the topic (its words and
        the memories saying its kind) than to the namesakes (the memories saying another kind, and
        each other kind said as "NAME, a KIND"); none without an embedder."""
        ours = [self.topic, *(contents[i] for i, v in said.items() if v is True)]
        theirs = [contents[i] for i, v in said.items() if v is False]
        theirs += [f"{self.name}, a {kind}" for kind in sorted(self.other_kinds)]
        if self.similar is None or not uncertain or not theirs:
            return {}
        out = {}
        for i in uncertain:
            cosines = self.similar(contents[i], [*ours, *theirs])
            if cosines is None:
                return {}
            out[i] = max(cosines[: len(ours)]) > max(cosines[len(ours) :])
        return out


def _only_compounded(word: str, content: str) -> bool:
    """``word`` is in ``content`` only as the first part of a hyphenated compound."""
    folded = text.key_fold(content).lower()
    places = [m.end() for m in re.finditer(rf"(?<![\w-]){re.escape(word)}", folded)]
    return bool(places) and all(folded[end : end + 1] == "-" for end in places)


def _personal(entity: Entity) -> bool:
    """``entity`` is a person: by its type, or by what its texts say it is (its senses)."""
    return entity.type == "person" or "person" in entity_senses(entity)


def _given_names(entities: set[str], store: Store, actor: Actor) -> set[str]:
    """The entities named by the given name alone of a full-named one ("Hannah" of "Hannah Schulz"),
    when that name fits no other entity that could be meant (no "Hannah Berg" too); of a name of no
    known type, only when one of the two is a person or the word a given name."""
    out: set[str] = set()
    for entity in store.entities_by_ids(sorted(entities)):
        parts = entity.name.split()
        if len(parts) < 2 or not parts[0][:1].isupper() or entity.type not in ("person", "other"):
            continue
        given = parts[0]
        fits = store.entities_by_ids(entities_about(store, actor, given))
        alone = {
            e.id
            for e in fits
            if e.id not in entities
            and _key(e.name) == _key(given)
            # (a person's given name: not "Castleford" of "Castleford Gymnastics", the town)
            and (_personal(entity) or _personal(e) or is_given_name(given))
        }
        # another entity bearing that given name ("Hannah Berg"; "Hanna Berg" is another name)
        others = [
            e
            for e in fits
            if e.id not in entities and e.id not in alone and _key(given) in _key(e.name).split()
        ]
        if alone and not others:
            out |= alone
    return out


#: words that put a name under a descriptor: after them a name is a thing's place, partner or owner
_RELATING = frozenset(
    {"to", "in", "at", "with", "from", "of", "for", "on", "by", "near", "between", "against"}
)
#: a capitalised name in a topic (a run of capitalised words)
_NAME_RUN = re.compile(r"\b[A-Z][\w-]*(?:'s?)?(?:\s+[A-Z][\w-]*(?:'s?)?)*")
#: a title before a name: a person, not a company or a thing of that name ("Mrs. Henderson")
_TITLED = r"\b(?:mr|mrs|ms|miss|mx|dr|prof|sir|lady|lord)\.?\s+"
_DETERMINERS = frozenset({"the", "my", "our", "a", "an", "your", "their", "his", "her", "this", "that"})


def _wrapped(
    name: str, *, store: Store, actor: Actor, recall: Recall, now: datetime, similar: Similar | None = None
) -> tuple[list[str], frozenset[str]]:
    """A topic naming its entity inside a descriptor: "my cat Miso", "my ex, Marco" (the name is the
    topic), "the Henderson account" (the name's memories, not a titled namesake's), "Zoe's pregnancy",
    "my debt to Karim" (the name's memories that speak of the thing); or by kinship alone: "my
    brother" (the person a memory says is my brother). Also the name's memories weighed against a thing
    of the name's (the last two shapes): those not returned do not speak of it."""
    ids, weighed = _wrapped_ids(name, store=store, actor=actor, recall=recall, now=now, similar=similar)
    return ids, frozenset(weighed)


def _wrapped_ids(
    name: str, *, store: Store, actor: Actor, recall: Recall, now: datetime, similar: Similar | None = None
) -> tuple[list[str], list[str]]:
    words = name.split()
    runs = [
        m
        for m in _NAME_RUN.finditer(name)
        if m.group().lower() not in _DETERMINERS
        and not (m.start() == 0 and m.group().lower() in _DETERMINERS)
    ]
    if not runs:
        return _kin(name, store=store, actor=actor, recall=recall, now=now)
    if len(runs) != 1 or len(words) < 2:
        return [], []
    run = runs[0]
    core = run.group()
    possessive = core.endswith(("'s", "'"))
    core = re.sub(r"'s?$", "", core)
    before = [w.strip(",").lower() for w in name[: run.start()].split()]
    after = name[run.end() :].strip(" ,")
    if not [w for w in before if w not in _DETERMINERS] and not after:
        return [], []  # the name alone, already read whole
    # (what the topic says the name is: "Mercury the bank", "the city of Paris", "Paris my colleague":
    # the descriptor is that kind, not another thing of the name's)
    sense = sense_of(core, name)
    ids = _topic_whole(
        core, store=store, actor=actor, recall=recall, now=now, sense=sense, similar=similar, topic=name
    )
    if not ids:
        return [], []
    contents = {hit.id: hit.content for hit in recall(core)}
    # (the word before the name and its determiner: "my weekend job at the Anchor", "my interview with
    # the Guardian journalist" relate the name as "my debt to Karim" does)
    ahead = list(before)
    while ahead and ahead[-1] in _DETERMINERS:
        ahead.pop()
    relating = bool(ahead) and ahead[-1] in _RELATING
    if not (possessive or relating) and not after:
        # "my cat Miso": the name is what the topic is about; not another bearer of it ("my ex, Lewis" is
        # not "Lewis Carter is the new IT guy at work", "my cousin Ebo" not "My friend Ebo from church")
        described = frozenset(text.tokenize(" ".join(w for w in before if w not in _DETERMINERS)))
        if not described:
            return ids, []
        texts = {**{hit.id: hit.content for hit in recall(core, about=core)}, **contents}
        kept = [i for i in ids if i not in texts or not _another_bearer(core, described, texts[i], texts)]
        # (weighed: another bearer goes from the topic's memories even when the whole topic resolved
        # to the name's entity, "my ex Viktor" to Viktor: not "My brother Viktor". Still needed, where
        # resolution has nothing to go by: "I broke up with Viktor" says no "my ex", and a rare given
        # name is completed by a namesake, "Darragh Byrne from the running club" for "my cousin Darragh")
        return kept, [i for i in ids if i not in kept]
    toponym = relating and ahead[-1] == "of" and _says_kind(" ".join(ahead[:-1]))
    # (a head of a kind the name's entities are not, by their type: "the Lisbon project" where Lisbon is
    # a place is a project at Lisbon, a thing of the name's like "the Henderson account", not "the
    # Amazon river")
    kind_of_name = not (before and after and _typed_otherwise(core, sense, store=store, actor=actor))
    if (
        sense is not None
        and not possessive
        and kind_of_name
        and (toponym or not relating and _says_kind(after))
    ):
        # "the city of Paris", "Mercury the bank", "the Amazon river": the words around the name say
        # what it is, no other thing ("the Henderson account" is a thing of Henderson's)
        if toponym or not before or similar is None:
            return ids, []
        # "the Zalando client": what the name is to the speaker; not a memory that says no word of it and
        # reads closer to the name alone ("I bought my winter boots on Zalando": ``_name_alone``)
        # (weighed: out even where the whole topic resolved to the name's entity)
        bare = f"the {core}" if re.search(r"\bthe\s+$", name[: run.start()], re.IGNORECASE) else core
        apart = [
            i
            for i in ids
            if i in contents and _name_alone(name, core, bare, after, _words(after), contents[i], similar)
        ]
        return [i for i in ids if i not in apart], apart
    titled = re.compile(_TITLED + re.escape(core) + r"\b", re.IGNORECASE)
    if not possessive and not relating:
        # "the Henderson account": the name's memories, not a namesake's with a title, nor another thing
        # the name qualifies ("Q3 sales" is not "the Q3 budget"), nor another party's thing at the name
        # ("My colleague Kari lives in Oslo" is not "the Oslo trip"), nor what the name is ("Vantor is our
        # billing system" is not "the Vantor migration")
        head = _words(after).stems
        kept = [
            i
            for i in ids
            if i in contents
            and not titled.search(contents[i])
            and not _qualifies_other(core, head, contents[i])
            and not _only_around(core, _words(after), contents[i])
            # (the name after a determiner qualifies the head: "the Vantor migration"; not "Yusra next
            # door", where the words after the name say who she is)
            and not (before and _says_what(core, _words(after), contents[i]))
        ]
        if before and similar is not None:
            # a memory that says no word of the head ("I'm on holiday in Lisbon in August" for "the
            # Lisbon project"): of the thing only when the embedder reads it closer to the topic than to
            # the name alone, or clearly related to the topic
            bare = f"the {core}" if re.search(r"\bthe\s+$", name[: run.start()], re.IGNORECASE) else core
            # (a make the speaker's memories say as a thing they have, "I lease a Volvo XC40": the make
            # said bare as a clause's subject, "Volvo sponsors the sailing race", is the company, weighed
            # too; of a client or a project, "Kestrel Logistics signed the contract", the name's own
            # clause is the thing's)
            maker = _a_product(core, [contents[j] for j in ids if j in contents])
            kept = [
                i
                for i in kept
                if not _name_alone(name, core, bare, after, _words(after), contents[i], similar, maker=maker)
            ]
        return kept, []
    # "Zoe's pregnancy", "my debt to Karim": the name's memories that speak of the thing, of no
    # other thing of the name's ("Zoe's sister is pregnant")
    thing = _words(
        " ".join(w for w in [*name[: run.start()].split(), after] if w.lower() not in _DETERMINERS)
    )
    named = _words(core).stems
    mine = bool(re.match(r"\s*(?:my|our)\b", name, re.IGNORECASE))
    out = []
    known = [i for i in ids if i in contents]
    cosines = similar(name, [contents[i] for i in known]) if similar is not None and known else None
    # (closer to the topic than to its name alone: the thing adds to what the memory shares with it;
    # "Uncle Femi had a knee operation" is close to "Uncle Femi's 60th" by the name only)
    bare = f"the {core}" if re.search(r"\bthe\s+$", name[: run.start()], re.IGNORECASE) else core
    alone = (
        similar(bare, [contents[i] for i in known]) if cosines is not None and similar is not None else None
    )
    close = {
        i
        for i, c, a in zip(known, cosines or [], alone or [], strict=False)
        if c >= RELATED_SIMILARITY and (c > a or not possessive)
    }
    nearer = {i for i, c, a in zip(known, cosines or [], alone or [], strict=False) if c > a}
    written = _words(core).written
    # (a thing against the name, of a field of its own, "the lawsuit against Penhallow Builders" (law): a
    # memory that says no word of the thing speaks of it by a word WordNet relates to it or puts in its
    # field ("I'm suing …", "My solicitor says the Penhallow claim …"), not by the embedder's nearness,
    # which the name alone gives: "Penhallow Builders did my neighbour's driveway". Only "against": of
    # "my trip to Japan", "my fight with Luis" the embedder reads the thing's own words well, and a field
    # WordNet gives a word by a rarer sense would lose them: "I'm going to Japan from 2 to 16 April")
    heads = [w for w, stem, cap in thing.terms if not cap and stem not in named]
    against = bool(ahead) and ahead[-1] == "against"
    fields = frozenset().union(*(_topic_domains(w) for w in heads)) if against else frozenset()
    for i in known:
        said = _words(contents[i])
        names = frozenset(stem for _, stem, capitalised in said.terms if capitalised)
        if not any(_related(term, said, names) for term in thing.terms if term[1] not in named):
            if fields:
                if not _of_the_field(heads, fields, contents[i]):
                    continue
            # no word of the thing: the embedder's evidence, with the name as written in the memory
            elif i not in close or not written <= {w for w, _, cap in said.terms if cap}:
                continue
            elif i not in nearer and _only_around(core, thing, contents[i]):
                # "Accra is where my dad was born" for "the wedding in Accra": the place only as where
                # another party's thing is, read closer to the place alone than to the topic (the place
                # brings it near the topic, not the thing)
                continue
        if _of_other_thing(contents[i], named, thing.stems):
            continue
        if mine and _of_other_thing(contents[i], frozenset({"i"}), thing.stems):
            continue  # "my old flat in Leith" is not "My favourite bar is in Leith"
        out.append(i)
    # (only of a possessive, "Uncle Femi's 60th", do the name's other memories speak of another thing:
    # of "my job at Quarrymoor" most of the name's speak of the job in words of their own)
    return out, known if possessive else []


#: how many of a word's senses (most frequent first) give its field (``_topic_domains``)
_FIELD_SENSES = 2


@functools.lru_cache(maxsize=4096)
def _topic_domains(word: str) -> frozenset[tuple[str, int]]:
    """The topic domains WordNet files ``word`` under, by its first senses or their near hypernyms
    ("lawsuit", "solicitor", "court": law); none for most words."""
    out: set[tuple[str, int]] = set()
    for synset in lexicon.senses(word.lower(), _FIELD_SENSES):
        for above in lexicon.hypernyms(synset, 2):
            out.update(target for symbol, target in lexicon.pointers(above) if symbol == ";c")
    return frozenset(out)


def _of_the_field(heads: Sequence[str], fields: frozenset[tuple[str, int]], content: str) -> bool:
    """``content`` holds a word WordNet relates to one of ``heads`` ("suing", "case" for "lawsuit") or
    files under one of ``fields`` ("solicitor", "court": law)."""
    words = [w for w in _WORD.findall(content) if w[:1].islower() and len(w) > 2]
    return any(_topic_domains(w) & fields or any(lexicon.related(w, h) for h in heads) for w in words)


#: the relation words as one alternation, longest first ("stepbrother" before "brother")
_RELATION_WORDS = "|".join(sorted(map(re.escape, RELATIONS), key=len, reverse=True))


def _another_bearer(core: str, described: frozenset[str], content: str, said: dict[str, str]) -> bool:
    """A topic of a name and what it is to the speaker (``described``: the stems of "my ex", "my cousin")
    and a memory that names someone else of that name: by a fuller name that no memory saying it
    describes as the topic does ("Lewis Carter is the new IT guy at work" for "my ex, Lewis"), or as
    another relation of the speaker's ("My friend Ebo from church" for "my cousin Ebo")."""
    n = re.escape(core)
    for fuller in re.finditer(rf"(?<![\w'-]){n}\s+([A-Z][\w'-]*)", content):
        full = f"{core} {fuller.group(1)}"
        if fuller.group(1).lower() in described or fuller.group(1).lower() in _DETERMINERS:
            continue
        if not any(_says(full, c) and described & frozenset(text.tokenize(c)) for c in said.values()):
            return True
    for other in re.finditer(rf"(?<![\w'-]){n}\s*,?\s+from\s+(?:the\s+)?(?P<after>[^\W\d_][\w'-]*)", content):
        # "Priya from yoga" for "my cousin Priya": a descriptor of its own that no memory says with the
        # topic's ("My cousin Priya does yoga" would make her the cousin)
        own = frozenset(text.tokenize(other.group("after")))
        if (
            own
            and not own & described
            and not any(
                _says(core, c)
                and described & frozenset(text.tokenize(c))
                and own & frozenset(text.tokenize(c))
                for c in said.values()
            )
        ):
            return True
    for called in re.finditer(
        rf"\b(?:my|our|the)\s+(?P<r>[\w' -]+?)\s+(?:is|was)\s+(?:also\s+)?(?:called|named)\s+{n}(?![\w-])",
        content,
        re.IGNORECASE,
    ):
        # "My neighbour's daughter is called Zanele" for "my manager": another whose name it is
        own = frozenset(text.tokenize(called.group("r")))
        if own and not own & described:
            return True
    for pattern in (
        rf"\b(?:my|our)\s+(?P<r>{_RELATION_WORDS})\s*,?\s+{n}(?![\w-])",
        rf"(?<![\w'-]){n}\s*,\s+(?:my|our)\s+(?P<r>{_RELATION_WORDS})\b",
    ):
        for found in re.finditer(pattern, content, re.IGNORECASE):
            if not frozenset(text.tokenize(found.group("r"))) & described:
                return True
    return False


def _relatives(content: str, named: frozenset[str]) -> bool:
    """``content`` speaks of a relative of ``named`` (stems of a person's name): its subject is the
    person's relation ("Dr. Lee's daughter plays tennis"), another person."""
    if re.search(r"\b(?:is|was)\s+(?:called|named)\b", content, re.IGNORECASE):
        return False  # (the relative's name is a fact of the person's: "Kenji's wife is called Aiko")
    subject = _subject(content, _words(content))
    return subject is not None and bool(subject.possessor & named) and bool(subject.head & RELATION_STEMS)


def _says_kind(words: str) -> bool:
    """``words`` end in a noun of a kind of thing ("the bank", "my colleague", "river", "the car maker")."""
    last = words.split()[-1:] if words else []
    return bool(last) and class_of_noun(last[0]) is not None


def _of_other_thing(content: str, named: frozenset[str], thing: frozenset[str]) -> bool:
    """``content``'s subject is a thing of the name's other than ``thing`` ("Zoe's sister"); of the
    speaker's, with ``named`` holding ``i`` ("My favourite bar is in Leith" for "my old flat in Leith")."""
    words = _words(content)
    subject = _subject(content, words)
    if subject is None:
        return False
    # (the speaker, ``i``: a clause whose subject is "my …")
    owner = subject.possessor | (
        frozenset({"i"})
        if subject.clause and re.match(r"\s*(?:my|our)\b", content, re.IGNORECASE)
        else frozenset()
    )
    return bool(owner & named) and bool(subject.head) and not subject.head & thing


def _qualifies_other(core: str, head: frozenset[str], content: str) -> bool:
    """``content`` says a thing of ``core``'s that is not ``head``: a subject of ``core`` and a common
    word other than the head ("Q3 sales grew" for "the Q3 budget"); a name with it is its name
    ("Kestrel Logistics")."""
    named = _words(core).stems
    words = _words(content)
    capitalised = frozenset(stem for _, stem, cap in words.terms if cap)
    for claim in analyse(content).claims:
        if claim.possessor & named:
            continue  # "Tarrant's buyer": a thing of the name's
        if claim.subject & named and claim.subject - claim.possessor - named - capitalised - head:
            return True
    return False


def _only_around(core: str, thing: _Words, content: str) -> bool:
    """``content`` names ``core`` only as where or with whom another party's thing is, and says
    nothing of ``thing`` (the topic's head): no clause has the name in its subject, nor the speaker
    ("My colleague Kari lives in Oslo", "My office is in Camden" for "the Oslo trip", "the Camden
    flat"; not "Hotel in Oslo is the Thon Opera", "Greenfield Dairy's buyer is Sean", nor "We booked
    flights to Oslo")."""
    named = _words(core).stems
    words = _words(content)
    names = frozenset(stem for _, stem, cap in words.terms if cap)
    if not thing.terms or any(_related(term, words, names) for term in thing.terms):
        return False
    # "Salt Lake City is where my college roommate lives": the place of what the clause after "where"
    # says, its subject that clause's
    where = _WHERE.match(content)
    if where is not None and _says(core, where.group("place")):
        content = where.group("said")
    # (the name as a subject's possessor is a thing of the name's: "Greenfield's buyer")
    subjects = [claim.subject for claim in analyse(content).claims if claim.verb]
    return bool(subjects) and all(s and not s & named and not s & _FIRST_PERSON for s in subjects)


def _typed_otherwise(name: str, sense: str | None, *, store: Store, actor: Actor) -> bool:
    """Every entity ``name`` resolves to has a type whose class conflicts with ``sense`` (the kind a
    topic's head says: "project" of "the Lisbon project", where Lisbon is a place)."""
    if sense is None:
        return False
    entities = store.entities_by_ids(entities_about(store, actor, name))
    classes = [TYPE_CLASSES.get(e.type) for e in entities]
    return bool(classes) and all(
        c is not None and senses_conflict(frozenset({sense}), frozenset({c})) for c in classes
    )


def _journey(word: str) -> bool:
    """``word`` names a journey or a stay away (a kind of travel, or one in a first sense: "trip", "move",
    "holiday"; not "project", "conference", "house")."""
    word = word.lower()
    if not word:
        return False
    senses = lexicon.senses(word, 1)
    return _narrower(word, "travel") or any(
        senses & lexicon.senses(kind, 1) for kind in ("travel", "vacation")
    )


#: a determiner before a name: "a Volvo", "my Volvo", "the Volvo"
_NAME_DETERMINED = r"\b(?i:a|an|the|my|our|his|her|their)\s+{name}(?![\w-])"


def _a_product(core: str, contents: Sequence[str]) -> bool:
    """Some memory says ``core`` as a product the speaker has: after "a"/"my"/"our" ("I lease a Volvo",
    "my Dyson") or before a model's code with a digit ("Volvo XC40", "Peugeot 208")."""
    n = re.escape(core)
    product = re.compile(rf"\b(?i:a|an|my|our)\s+{n}(?![\w-])|(?<![\w-]){n}\s+[A-Z]*\d[\w-]*(?![\w-])")
    return any(product.search(c) for c in contents)


def _name_alone(
    topic: str,
    core: str,
    bare: str,
    head: str,
    thing: _Words,
    content: str,
    similar: Similar,
    *,
    maker: bool = False,
) -> bool:
    """``content`` says no word of ``thing`` (the head of ``topic``, "the Lisbon project"), names
    ``core`` (the name) in no clause's subject (only where or with whom: "in Lisbon") and the
    embedder reads it closer to ``bare`` (the name alone, "the Lisbon") than to the topic, and not
    clearly related to the topic (``RELATED_SIMILARITY``): it speaks of the name, not of its thing
    ("I'm on holiday in Lisbon in August", "I'm going to Berlin for a concert in May" for "the Berlin
    office move"). Not of a head said right after the name that names a journey or a stay away
    (``_journey``: "the Lisbon trip", "the Edinburgh move", "the Granada holiday"): what the speaker does
    at the place is the journey's ("Want to try the pastéis de nata in Lisbon"). ``maker``: the name is a
    make the speaker has (``_a_product``), and said bare, with no determiner, it is the company, whose own
    clause is weighed as well ("Volvo sponsors the sailing race" for "the Volvo lease")."""
    words = _words(content)
    names = frozenset(stem for _, stem, cap in words.terms if cap)
    if not thing.terms or any(_related(term, words, names) for term in thing.terms):
        return False
    named = _words(core).stems
    claims = analyse(content).claims
    # (of a make, ``maker``: its name said bare, with no determiner, is the company's own clause)
    company = maker and not re.search(_NAME_DETERMINED.format(name=re.escape(core)), content)
    if any((claim.possessor if company else claim.subject) & named for claim in claims):
        return False  # (the name's own clause, or a thing of the name's: "Acme's main contact is …")
    if _journey(next(iter(_WORD.findall(head)), "")):
        return False  # (a journey to the place: what the speaker does there is of it, "the Lisbon trip")
    cosines = similar(content, [topic, bare])
    if not cosines:
        return False
    to_topic, to_name = cosines
    return to_topic < RELATED_SIMILARITY and to_topic < to_name


#: "NAME is a …", "Coleman's is the …": a sentence that says what a name is
_WHAT = r"^\s*(?:the\s+)?{name}(?:'s?)?\s+(?:is|was|are|were)\s+(?:also\s+)?(?:a|an|the|my|our)\b"


def _says_what(core: str, thing: _Words, content: str) -> bool:
    """``content`` says what ``core`` is and nothing of ``thing`` (the topic's head): it speaks of the
    name, not of the name's thing ("Vantor is our billing system" for "the Vantor migration", "Coleman's
    is the hardware shop on the high street" for "the Coleman lawsuit")."""
    if re.match(_WHAT.format(name=re.escape(core)), content, re.IGNORECASE) is None:
        return False
    words = _words(content)
    names = frozenset(stem for _, stem, cap in words.terms if cap)
    return not any(_related(term, words, names) for term in thing.terms)


#: "NAME is where …": a place said as where something else is or happens
_WHERE = re.compile(r"^\s*(?P<place>[^,]+?)\s+(?:is|was)\s+where\s+(?P<said>\S.*)$", re.IGNORECASE)


def _related(term: tuple[str, str, bool], words: _Words, names: frozenset[str]) -> bool:
    """``term`` is in ``words`` (:func:`_same`), or a word of the same root ("pregnant", "pregnancy")."""
    if _same(term, words, names):
        return True
    stem = term[1]
    return len(stem) >= 6 and any(s not in names and len(s) >= 6 and s[:6] == stem[:6] for s in words.stems)


#: what "my ex" is said as in full
_EX_PARTNERS = tuple(
    f"ex-{w}"
    for w in (
        "husband",
        "wife",
        "boyfriend",
        "girlfriend",
        "partner",
        "fiance",
        "fiancee",
        "fiancé",
        "fiancée",
    )
)


def _kin(
    name: str, *, store: Store, actor: Actor, recall: Recall, now: datetime
) -> tuple[list[str], list[str]]:
    """ "my brother", "my landlord", "the dog sitter": the memories of the person (or thing) a memory
    says is that to the speaker ("My brother Kenji lives in Osaka", "Kenji is my brother", "Grandma
    Zofia", "My landlord is Mr. Petrov", "The dog sitter is Becca"), less those that say the name is
    also another's ("My downstairs neighbour is also called Petrov"). Of "the" and a thing's noun
    ("the band") that memories name two of ("I play bass in a band called The Late Trams", "I saw a band
    called Trams in Brno"), the one the speaker speaks of most, when one is: the others' memories are
    weighed and not the topic's (the second list)."""
    kin = re.fullmatch(r"(my|our|the)\s+([a-z][\w'-]*(?:\s+[a-z][\w-]*)?)", name.strip(), re.IGNORECASE)
    if kin is None:
        return [], []
    word = kin.group(2).lower()
    relative = KINSHIP.get(word)
    last = word.split()[-1]
    if relative is None and not ("NOUN" in _readings(last) or _noun_only(last)):
        return [], []  # (a role said by its noun: "my landlord", "the dog sitter", "the boat"; not "my old")
    forms = sorted(
        {
            word,
            *([relative] if relative else []),
            *(w for w, r in KINSHIP.items() if r == relative),
            # (an ex is an ex-partner of any word: "My ex-boyfriend Luca" for "my ex"; not an ex-colleague)
            *(_EX_PARTNERS if word == "ex" else ()),
        }
    )
    alt = "(?i:" + "|".join(re.escape(f).replace(r"\ ", r"\s+") for f in forms) + ")"
    person = r"(?:(?:[Mm]r|[Mm]rs|[Mm]s|[Mm]x|[Dd]r|[Pp]rof)\.?\s+|[Tt]he\s+)?([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})"
    mine = "(?:[Mm]y|[Oo]ur)" if kin.group(1).lower() != "the" or relative else "(?:[Mm]y|[Oo]ur|[Tt]he)"
    # (a word that says which one, before the role: "my personal trainer", "my new landlord"; not one
    # that sets another apart, "my previous landlord", nor a role of its own, "my ex-colleague")
    which = r"(?:(?!(?:previous|former|other|old|ex|late)\b)[a-z]+\s+)?"
    said = [
        re.compile(rf"\b{mine}\s+(?:{alt}),?\s+{person}(?![\w-])"),
        re.compile(rf"^\s*{mine}\s+(?:{alt})\s+(?:is|was)\s+{person}(?![\w-])"),
        re.compile(rf"{person}\s+(?:is|was)\s+{mine.lower()}\s+{which}(?:{alt})(?![\w-])"),
    ]
    # "a therapist called Ruth", "my cousin is called Anjali", "I'm writing a novel called The Salt
    # Crown" (a thing of the speaker's said with "a": of a sentence of the speaker's)
    called = rf"\s+(?:[a-z][\w-]*\s+)?(?:{alt})\s+(?:is\s+|was\s+)?(?:called|named)\s+{person}(?![\w-])"
    said.append(re.compile(rf"^\s*{mine}{called}"))
    the_thing = kin.group(1).lower() == "the" and relative is None
    if kin.group(1).lower() != "the" or the_thing:
        said.append(re.compile(rf"^\s*(?:I|We)\b[^.;]*?\b(?:a|an){called}"))
    # "We own a small sailing boat, the Marigold": a thing of the speaker's named after a comma
    said.append(
        re.compile(
            rf"^\s*(?:I|We)\b[^.;]*?\b(?:a|an)\s+(?:[a-z][\w-]*\s+){{0,2}}(?:{alt}),\s+{person}(?![\w-])"
        )
    )
    if relative:
        said.append(re.compile(rf"(?<![\w'-])(?:{'|'.join(f.capitalize() for f in forms)})\s+{person}"))
    entities: set[str] = set()
    names: list[str] = []
    #: the names as the memories saying the relation write them (and a person's parts of it)
    written: list[str] = []
    #: the role and its bearer's titled name, as a topic ("my landlord Mr Okafor")
    titled: list[str] = []
    #: each entity found, by its name and the names as the memories write it
    instances: dict[str, tuple[str, list[str]]] = {}
    for hit in recall(" ".join(forms)):
        for pattern in said:
            for found in pattern.finditer(hit.content):
                person_name = found.group(1)
                if not _words(person_name).written:
                    continue
                for entity in _entities_of(store, actor, hit.id):
                    if _words(person_name).written <= _words(entity.name).written | set(
                        w.lower() for w in entity.aliases
                    ):
                        entities.add(entity.id)
                        names.append(entity.name)
                        # (a person may be named by a part of the name: "Dr. Duarte" for Ines Duarte)
                        parts = person_name.split() if _personal(entity) else []
                        forms_written = [person_name, *(p for p in parts if p[:1].isupper())]
                        written.extend(forms_written)
                        instances.setdefault(entity.id, (entity.name, []))[1].extend(forms_written)
                        titled_form = _TITLED_NAME.search(found.group(0))
                        if titled_form is not None and titled_form.group("surname") == person_name:
                            titled.append(f"{name} {titled_form.group()}")
    weighed: list[str] = []
    if the_thing and len(instances) > 1:
        # "the band": one band; of two a memory names ("I play bass in a band called The Late Trams", "I
        # saw a band called Trams in Brno"), the one most of the speaker's memories speak of, when one is
        of_each = {
            e: _of_entities({e}, instance[0], store=store, actor=actor, recall=recall)
            for e, instance in instances.items()
        }
        most = max(len(ids) for ids in of_each.values())
        top = [e for e, ids in of_each.items() if len(ids) == most]
        if len(top) == 1:
            chosen_one = top[0]
            weighed = [
                i
                for e, ids in of_each.items()
                if e != chosen_one
                for i in ids
                if i not in of_each[chosen_one]
            ]
            entities = {chosen_one}
            names = [instances[chosen_one][0]]
            written = instances[chosen_one][1]
    out: list[str] = []
    for entity_name in dict.fromkeys(names):
        for i in _of_entities(entities, entity_name, store=store, actor=actor, recall=recall):
            if i not in out and i not in weighed:
                out.append(i)
    if out and relative is None:
        # "My downstairs neighbour is also called Petrov, no relation", "My neighbour's daughter is
        # called Zanele" for "my manager": the name said of another
        named = list(dict.fromkeys(names))
        contents = {hit.id: hit.content for n in named for hit in (*recall(n), *recall(n, about=n))}
        role = frozenset(text.tokenize(word))
        stems = frozenset(stem for n in named for stem in text.tokenize(n))
        # (and one that names it as those memories write it: linking may have filed another thing under
        # the name, "I read The Crown of Salt by Alba Ruiz" under the speaker's novel "The Salt Crown")
        out = [
            i
            for i in out
            if i in contents
            and any(_says(n, contents[i]) for n in written)
            and not _called_another(named, contents[i])
            and not any(_another_bearer(n, role, contents[i], contents) for n in named)
            and not _relatives(contents[i], stems)
            and not any(_before_a_noun(n, role, contents[i]) for n in written)
            # "Dr. Okafor is my GP" for "my landlord" (Mr Okafor): the surname with another title, said
            # to be another role of the speaker's
            and not any(
                _another_role(t, form, contents[i], contents)
                for form in dict.fromkeys(titled)
                if (t := _TITLED_NAME.search(form)) is not None
            )
        ]
        # "Rivaldo the footballer visited my gym" for "my trainer": the name with a descriptor of its own
        # that no other memory of it says
        others = {i: [contents[j] for j in out if j != i] for i in out}
        out = [
            i for i in out if not any(_own_descriptor(n, contents[i], others[i], alone=True) for n in named)
        ]
    return out, list(dict.fromkeys(weighed))


def _before_a_noun(name: str, role: frozenset[str], content: str) -> bool:
    """``content`` says ``name`` (of a role's bearer: the cat Miso) only right before a noun in lower
    case in its subject, not the role's: the name of another thing named after it ("Miso soup is my
    favourite breakfast"; not "Miso eats renal diet food", "Miso's bowl")."""
    places = list(re.finditer(rf"(?<![\w'-]){re.escape(name)}(?![\w'-])", content))
    if not places:
        return False
    subjects = frozenset().union(*(c.subject for c in analyse(content).claims))
    for place in places:
        after = re.match(r"\s+([a-z][\w-]*)\b", content[place.end() :])
        if after is None or not _base_noun(after.group(1)):
            return False
        stems = text.tokenize(after.group(1))
        if not stems or stems[0] not in subjects or stems[0] in role:
            return False
    return True


def stating(
    said: str, candidates: Sequence[Memory], *, store: Store, actor: Actor, now: datetime
) -> list[str]:
    """The ids of ``candidates`` that state ``said``, by the statement rule of a forget request (the
    module docstring): what the memory manager's rules delete for a retraction in a conversation
    ("forget that Oscar is the CFO of Zephyr Corp"), so that it and ``forget(query=...)`` agree."""
    return _statement(
        said,
        store=store,
        actor=actor,
        recall=lambda _text, about=None: candidates,
        now=now,
        coverage=COVERAGE,
    )


#: how extracted memories name the speaker ("The user lives in Paris", "The user's manager is Ana")
_THE_USERS = re.compile(r"\bthe user's\b|^\s*User's\b", re.IGNORECASE)
_THE_USER_FIRST = re.compile(r"^\s*(?:the\s+)?user\b", re.IGNORECASE)
_THE_USER = re.compile(r"\bthe user\b", re.IGNORECASE)


def _as_speaker(text_: str) -> str:
    """``text_`` with "the user" read as the speaker ("The user lives in Paris" -> "I lives in Paris"):
    extraction stores what the user says of themselves in the third person, a request says it in the
    first. (Only for memories about the caller: see ``_statement``.)"""
    if "user" not in text_.lower():
        return text_
    text_ = _THE_USERS.sub("my", text_)
    text_ = _THE_USER_FIRST.sub("I", text_)
    return _THE_USER.sub("me", text_)


def _statement(
    said: str,
    *,
    store: Store,
    actor: Actor,
    recall: Recall,
    now: datetime,
    coverage: float,
    clause: bool = True,
    value: frozenset[str] = frozenset(),
    reason: str = "",
) -> list[str]:
    """The memories saying ``said``; ``clause=False``: a topic's phrase ("my flight to Lisbon"), read as
    a phrase (only a possessor must agree) and with no negation to agree; ``reason``: what the speaker
    said holds now, after the request (``ForgetRequest.reason``)."""
    said = _amounts(_as_speaker(said))
    if clause:
        said = _clause_asked(_apostrophes(said))
    wanted = _words(said)
    if clause and _USED_TO.search(said):
        # "I used to smoke": "used" says when, not what ("I smoked twenty a day for ten years")
        wanted = _Words(wanted.stems, wanted.written, tuple(t for t in wanted.terms if t[0] != "used"))
    if clause:
        wanted = _without_light_verbs(said, wanted)
        wanted = _without_empty_nouns(wanted)
    if not wanted.terms:
        return []
    need = max(1, math.ceil(coverage * len(wanted.terms) - 1e-9))
    asked = _subject(said, wanted)
    if asked is not None and not clause:
        asked = _Subject(asked.head, asked.possessor, asked.first_person, clause=False)
    negated = "not" in text.content_words(said)
    decisive = _decisive(said, wanted)
    owned = _owned(said)
    owners = frozenset(owner for owner, _ in owned)
    found: dict[str, Entity] = {}
    weights = entities_named(store, actor, said, now, found)
    own = account_id(actor.user)
    # the entities the statement names (an ambiguous name's candidates are left to the words), by a name
    # it spells out or capitalises: a common word that partly matches a name ("lactose" of "Lactose-free")
    # names nothing
    required = [
        found[e]
        for e, w in weights.items()
        if w >= 1.0 and e in found and own not in found[e].external_ids and _named_in(found[e], wanted)
    ]
    # the people the statement names as themselves outside its subject ("… in love with Birgit")
    objects = [
        written
        for written, stem, capitalised in wanted.terms
        if capitalised
        and is_given_name(written)
        and asked is not None
        and stem not in asked.head | asked.possessor
        and not re.search(rf"(?<![\w'-]){re.escape(written)}'s?(?![\w-])", text.key_fold(said).lower())
    ]
    namesakes = _namesakes(said, store, actor) if clause else {}
    # (the speaker's clause: a memory may say it after something else, "No animal products for me, I'm
    # vegan", or after an adverb, "Honestly I hate my job, …")
    speakers = _SPEAKER_OPENS.match(said) is not None
    objectless = _objectless_verbs(said) if clause else frozenset()
    relative = _relative_named(said, asked, recall) if clause else None
    base = wanted
    out: list[str] = []
    hits = list(recall(said))
    for hit in hits:
        # "The user …" is the caller only in a memory about the caller (extraction's related_user)
        whole = _as_speaker(hit.content) if hit.related_user in (None, actor.user) else hit.content
        # the memory whole, then a reason it gives ("My wife locks the door at night because I sleepwalk")
        parts = (*_reasons(whole), *(_speakers_parts(whole) if speakers else ()))
        if relative is not None and (by_name := _by_relatives_name(whole, relative)) is not None:
            # "Ines takes methylphenidate for her ADHD" where "My daughter Ines …": "my daughter …"
            parts = (*parts, by_name)
        for content in (whole, *parts) if clause else (whole,):
            content = _amounts(content)
            words = _words(content)
            names = frozenset(stem for _, stem, capitalised in words.terms if capitalised)
            missing = [term for term in base.terms if not _same(term, words, names)]
            # a word the memory says otherwise ("I earn" / "My salary", "going to the dentist" / "have a
            # dentist appointment", "gave up" / "giving up"): the memory's word stands for it from here on
            subject = _subject(content, words)
            head = subject.head if subject is not None else frozenset()
            otherwise = {
                term: word
                for term in missing
                if clause and (word := _said_otherwise(term, words, content, head, base, objectless))
            }
            missing = [term for term in missing if term not in otherwise]
            # a word that says a negation, said with "not" ("I'm vegetarian" / "I don't eat meat"): the
            # memory's negation is that word's
            denials = {
                term: word
                for term in missing
                if clause and not negated and (word := _denial_said(term, content))
            }
            otherwise |= denials
            missing = [term for term in missing if term not in denials]
            if (
                clause
                and asked is not None
                and asked.speaker
                and (had := _had_as_mine(content, base, missing))
            ):
                # "My denture needs relining" for "I wear dentures": the speaker's thing says the having
                otherwise |= had
                missing = [term for term in missing if term not in had]
            eponym = _eponym_said(said, content, missing) | (_code_given(content, missing) if clause else {})
            otherwise |= eponym
            missing = [term for term in missing if term not in eponym]
            if len(base.terms) - len(missing) < need or decisive.intersection(missing):
                continue  # too few of its words, or one that names what the statement is of
            wanted = _as_said(base, otherwise)
            if any(_only_in_compound(term[0], content, wanted) for term in decisive if not term[2]):
                continue  # "My mother-in-law had a stroke" is not "my mother had a stroke"
            if not _same_subject(asked, subject, wanted, content, owners) and not (
                # a topic's phrase of the speaker's said whole, with its possessor, outside the memory's
                # subject: "My employer pays half of my health insurance contribution"
                not clause and re.match(r"\s*(?:my|our)\s", said, re.IGNORECASE) and _says(said, content)
            ):
                continue
            capitalised = frozenset(w for w, _, cap in base.terms if cap)
            if clause and _someone_elses_act(asked, subject, content, store, actor, hit.id, capitalised):
                continue  # "I told Hamid about the redundancy" is not "Hamid told me he's being made redundant"
            if (
                clause
                and asked is not None
                and not asked.clause
                and "i" in owners
                and _qualified(content, wanted)
            ):
                continue  # "my address" is not "The office address is 1 Main Street"
            if (
                clause
                and asked is not None
                and (
                    not asked.clause
                    and ("i" in owners or common_thing(said))
                    or _SPEAKER_OPENS.match(said) is not None
                )
            ):
                # "my weight" is not "Rory weighs 14 stone", "my DUI" not "My friend Josh got a DUI", "I got
                # a parking fine in Bristol" not "My brother got a parking fine in Bristol"; a thing said by
                # common nouns alone is the speaker's as "my X" is ("the IVF" is not "My sister had IVF")
                people = [e.name for e in _entities_of(store, actor, hit.id) if e.type in ("person", "other")]
                if said_of_another(content, said, people):
                    continue
                if _SPEAKER_OPENS.match(said) is not None and said_of_kin(content):
                    continue  # "I'm diabetic" is not "Diabetes runs in my family"
            if asked is not None and not asked.clause and "i" in owners and had_by_another(content, said):
                continue  # "my debts" is not "The company has debts of 2 million according to the news"
            people = [e.name for e in _entities_of(store, actor, hit.id) if e.type == "person"]
            if _for_another(content, wanted, people):
                continue  # "the dentist appointment on the 18th" is not "Dentist appointment for Maya on 18 April"
            if not _same_owners(owned, _owned(content), wanted):
                continue
            if (
                clause
                and asked is not None
                and asked.clause
                and _only_as_modifier(content, said, wanted, asked)
            ):
                continue  # "my cousin is in prison" is not "My cousin works as a prison officer"
            if (
                clause
                and not denials
                and negated != _negated(content, wanted, negated, _subject_stems(asked))
            ):
                continue  # "I don't eat meat" is no restatement of "I eat meat"
            if clause and _other_value(said, _in_requests_words(content, otherwise)):
                continue  # "Oscar is the CTO of Zephyr Corp" does not say "Oscar is the CFO of Zephyr Corp"
            if clause and (
                _other_time(said, content) or _dated_before(said, content) or _still_going(said, content)
            ):
                continue  # "I'm moving house in March" is not "I moved house in March 2021"
            if clause and _only_wished(said, content):
                continue  # "I'm learning Japanese" is not "I want to learn Japanese one day"
            if clause and _quantity_of_another(said, content):
                continue  # "I drink a lot" is not "I drink a lot of water"
            if required and not _links_all(required, _entities_of(store, actor, hit.id), words.stems):
                continue
            named = _names_of(said) if clause else []
            if named and _only_compared([n for n in named if _says(n, content)], content):
                continue  # "Liam is my boyfriend" is not "My boyfriend before Liam was Josh"
            if clause and any(_only_possessor(n, content, wanted) for n in objects):
                continue  # "I'm in love with Birgit" is not "I love Birgit's cinnamon buns"
            if namesakes and _a_namesakes(namesakes, hit.content, _entities_of(store, actor, hit.id)):
                continue  # "Mateo Herrera at work is allergic to bee stings" is not Mateo's
            if _other_title(said, content):
                continue  # "Mr Abernethy is retiring" is not said by "Mrs Abernethy is retiring"
            if clause and _another_too(said, content, [h.content for h in hits if h.id != hit.id]):
                continue  # "Leilani is a nurse" is not "Leilani Kahale from church is a nurse too"
            if reason and _states_now(reason, content):
                continue  # "I'm a smoker, I quit" is not "I quit smoking on 1 November": what holds now
            if value and not _gives(value, content):
                continue  # "the name of my therapist": "My therapist is Dr. Una Fennessy", not "… says …"
            if clause and _only_aside(said, content):
                continue  # "Tomasz is my ex" is not "Tomasz (ex) still has my bike"
            if clause and _says_another_predicate(said, content, missing):
                continue  # "Harlow Systems uses Salesforce" is not "Harlow Systems is moving off Salesforce"
            if clause and _predicate_missing(said, content):
                continue  # "I'm behind on rent" is not "My rent is 1,100 euros a month"
            if _another_instance(said, content, wanted):
                continue  # "my landlord" is not "My previous landlord kept my deposit"
            if clause and _an_earlier_one(said, content, base, otherwise):
                continue  # "I'm pregnant again" is not "My first pregnancy was hard"
            if "i" in owners and _only_generic(content, wanted):
                continue  # "my novel" is not "I read a novel a week"
            if ("i" in owners or common_thing(said)) and _only_what_one_is_about(content, wanted):
                continue  # "the lawsuit" is not "I watched a documentary about a famous lawsuit"
            if clause and asked is not None and not asked.clause and _value_untold(said, content):
                continue  # "the office door code" is not "The office door code changes every quarter"
            out.append(hit.id)
            break
    return out


#: the head of an eponymous condition's name, which its possessive says alone ("Crohn's disease": "my
#: Crohn's")
_EPONYM_HEADS = frozenset({"disease", "syndrome"})


def _eponym_said(
    said: str, content: str, missing: Sequence[tuple[str, str, bool]]
) -> dict[tuple[str, str, bool], str]:
    """Of a request that names a condition by a person's name and "disease" or "syndrome" ("I have
    Crohn's disease", "Down's syndrome"), the head as said by ``content`` naming it by the possessive
    alone, as one does ("My Crohn's flared up in May", "for my Crohn's"); not after a title or a given
    name ("Dr Crohn's clinic", "Burrill Crohn's paper": a person)."""
    heads = [t for t in missing if not t[2] and t[0].lower() in _EPONYM_HEADS]
    if not heads:
        return {}
    found: dict[tuple[str, str, bool], str] = {}
    for head in heads:
        named = re.search(rf"(?<![\w'-])([A-Z][\w-]*)'s?\s+{re.escape(head[0])}\b", said)
        if named is None:
            continue
        name = named.group(1)
        for place in re.finditer(rf"(?<![\w'-]){re.escape(name)}'s?(?![\w-])", content):
            before = re.search(r"([\w.-]+)\s*$", content[: place.start()])
            if before is not None and (
                before.group(1).lower().rstrip(".") in _A_TITLE
                or before.group(1)[:1].isupper()
                and before.start(1) > 0
                and is_given_name(before.group(1).lower())
            ):
                continue
            if place.group().endswith(("'s", "'")) or place.group().endswith("s"):
                found[head] = text.tokenize(name)[0] if text.tokenize(name) else head[1]
                break
    return found


#: nouns of a code of digits, what opens a lock ("the padlock code", "the safe's combination")
_CODE_NOUNS = frozenset({"code", "passcode", "pin", "combination"})
#: a lock opened by a value: "opens with 7-3-0-9", "unlocks with 180462"
_OPENS_WITH = re.compile(
    r"\b(?:opens?|opened|unlocks?|unlocked)\s+(?:with|by|on|using)\s+(?:the\s+(?:code|number)\s+)?"
    r"(?P<code>\d(?:[-\s]?\d){2,9})(?![\w-])",
    re.IGNORECASE,
)


def _code_given(content: str, missing: Sequence[tuple[str, str, bool]]) -> dict[tuple[str, str, bool], str]:
    """Of a request of a code ("the padlock code for the storage unit"), the noun as said by ``content``
    giving the digits that open the lock ("The padlock on our storage unit opens with 7-3-0-9"): the code
    is what it opens with. Not a number said otherwise ("Our storage unit is number 214")."""
    codes = [t for t in missing if not t[2] and t[0].lower() in _CODE_NOUNS]
    given = _OPENS_WITH.search(content)
    if not codes or given is None:
        return {}
    return {t: t[1] for t in codes}


#: verbs of having a thing the speaker's "my …" already says ("I wear dentures": "my denture"; "have" is
#: a light verb, read as said)
_HAVING = frozenset({"own", "take", "wear", "use"})


def _had_as_mine(
    content: str, wanted: _Words, missing: Sequence[tuple[str, str, bool]]
) -> dict[tuple[str, str, bool], str]:
    """Of a statement that the speaker has, takes, wears or uses a thing ("I take methotrexate", "I wear
    a hearing aid"), its verb as said by ``content`` when the memory names the thing as the speaker's
    ("My methotrexate dose went up", "My hearing aid batteries are size 312"): a word of the rest
    right after "my"/"our" (within three words). Only when the verb is all that is missing; another
    act on the thing ("I sold my bike" / "My bike is green") is no having."""
    verbs = [t for t in missing if not t[2] and _verb_lemmas(t[0]) & _HAVING]
    rest = [t for t in wanted.terms if t not in verbs]
    if not verbs or len(verbs) != len(missing) or not rest:
        return {}
    said = [w.lower() for w in _WORD.findall(text.key_fold(content))]
    for at, word in enumerate(said):
        if word in ("my", "our") and any(
            _same(t, _words(" ".join(said[at + 1 : at + 4])), frozenset()) for t in rest
        ):
            return {t: t[1] for t in verbs}
    return {}


#: the relatives a speaker has one or few of, each called by a name ("my daughter", "my brother", "Mum"):
#: not a friend, a colleague or a neighbour, of whom a speaker has many
_FAMILY_WORDS = frozenset(KINSHIP) | frozenset(
    str.split(
        """
    sister brother son daughter wife husband partner boyfriend girlfriend fiance fiancee aunt uncle niece
    nephew grandson granddaughter cousin stepson stepdaughter stepfather stepmother stepbrother stepsister
    """
    )
)
#: "my daughter has ADHD": the speaker's relative as a request's subject
_MY_RELATIVE = re.compile(r"^\s*(?P<my>my|our)\s+(?P<word>[a-z]+)\s+(?!'s)\S", re.IGNORECASE)


def _relative_named(said: str, asked: _Subject | None, recall: Recall) -> tuple[str, str] | None:
    """Of a request whose subject is a relative of the speaker's ("my daughter has ADHD"), the name the
    speaker's memories give that relative ("My daughter Ines …", "Ines is my daughter":
    ``graph.said.relations``) and the request's words for it ("my daughter"): when exactly one name is
    given, and no memory says that name is another relative or role of the speaker's ("My cousin Dani"
    beside "My brother Dani": two people, and a memory of "Dani" alone may be either)."""
    found = _MY_RELATIVE.match(said)
    if found is None or asked is None or not asked.first_person:
        return None
    word = found.group("word").lower()
    if word not in _FAMILY_WORDS or asked.possessor:
        return None
    kin = KINSHIP.get(word, word)
    stems = frozenset(text.tokenize(kin)) | frozenset(text.tokenize(word))
    same = {w for w, r in KINSHIP.items() if r == kin} | {word, kin}
    names: set[str] = set()
    others: set[str] = set()
    for hit in recall(" ".join(sorted(same))):
        for run in _NAME_RUN.finditer(hit.content):
            name = re.sub(r"'s?$", "", run.group())
            first = name.split()[0]
            if name.lower() in _DETERMINERS or name.lower() in RELATIONS:
                continue
            if not is_given_name(first) and lexicon.is_common(first.lower()):
                continue  # a capitalised word, no name ("Mum", "The")
            marked = said_of(name, hit.content)
            if marked is None:
                continue
            for r in relations(marked):
                words = frozenset(t for w in r.words for t in text.tokenize(w))
                (names if words & stems or r.words & same else others).add(name)
    if len(names) != 1 or names & others:
        return None
    (name,) = names
    for hit in recall(name):
        marked = said_of(name, hit.content)
        for r in relations(marked) if marked is not None else ():
            if not (frozenset(t for w in r.words for t in text.tokenize(w)) & stems or r.words & same):
                return None  # the name said of another relation: "My cousin Dani is getting married"
    return name, f"{found.group('my')} {found.group('word')}"


def _by_relatives_name(content: str, relative: tuple[str, str]) -> str | None:
    """``content`` with the relative's name (``relative``: the name and the request's words for the
    relative) read as those words, when it says the name and not the words: "Ines takes methylphenidate"
    -> "my daughter takes methylphenidate"."""
    name, words = relative
    if said_of(name, content) is None or re.search(rf"\b{re.escape(words.split()[-1])}\b", content, re.I):
        return None
    return re.sub(rf"(?<![\w'-]){re.escape(name)}(?![\w-])", words, content, count=1)


#: where a memory's later clause may start: a comma, a semicolon or a dash
_PART_BREAK = re.compile(r"\s*[,;]\s*|\s+[-\u2013\u2014]+\s+")


def _speakers_parts(content: str) -> list[str]:
    """The parts of ``content`` that open with the speaker as a clause's subject: a later one after a
    comma, a semicolon or a dash ("No animal products for me, I'm vegan": "I'm vegan"), or the first
    past an adverb that only comments on it ("Honestly I hate my job, …": "I hate my job")."""
    pieces = _PART_BREAK.split(content.strip())
    out = [piece for piece in pieces[1:] if _SPEAKER_OPENS.match(piece)]
    opening = re.match(r"^\s*([A-Za-z]+)\s*,?\s+(?=\S)", pieces[0]) if pieces else None
    if opening is not None:
        rest = pieces[0][opening.end() :]
        readings = set(lemminflect().getAllLemmas(opening.group(1).lower()))
        if readings == {"ADV"} and _SPEAKER_OPENS.match(rest):
            out.insert(0, rest)
    return out


#: an aside that tells who or what a name is: "(ex)", "(the landlord)", ", my neighbour,"
_ASIDE = re.compile(r"\([^()]*\)|^\s*[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?\s*,(?P<apposed>[^,]+),")


def _only_aside(said: str, content: str) -> bool:
    """``said`` says what its subject is ("Tomasz is my ex") and ``content`` says that only in an aside
    telling who the subject is, in brackets or between commas after the name, and says something else
    of it outside ("Tomasz (ex) still has my bike", "Ahmed, my landlord, is fixing the window"):
    another fact of the person."""
    asked = [claim for claim in analyse(said).claims if claim.verb]
    if len(asked) != 1 or asked[0].verb != "be" or asked[0].negated or not asked[0].obj:
        return False
    # (each aside: its own span, and the span it leaves out of the clause: the commas with it)
    asides = [
        (m.span("apposed"), (m.start("apposed") - 1, m.end())) if m.group("apposed") else (m.span(), m.span())
        for m in _ASIDE.finditer(content)
    ]
    if not asides:
        return False
    inside = _words(" ".join(content[a:b] for (a, b), _ in asides)).stems
    outside = content
    for _, (a, b) in sorted(asides, key=lambda aside: aside[1], reverse=True):
        outside = outside[:a] + " " + outside[b:]
    rest = _words(outside).stems
    predicate = asked[0].obj
    return (
        all(any(_near(stem, w) for w in inside) for stem in predicate)
        and not any(_near(stem, w) for stem in predicate for w in rest)
        and any(claim.verb for claim in analyse(outside).claims)
    )


#: verbs by which a thing stops doing or having what a request says ("Harlow Systems is moving off
#: Salesforce", "… is dropping Slack"): the fact's end, another fact than the one to forget
_ENDING_VERBS = frozenset(
    {
        "move_off",
        "move_away",
        "drop",
        "leave",
        "quit",
        "cancel",
        "ditch",
        "phase_out",
        "abandon",
        "switch_from",
    }
)


def _says_another_predicate(said: str, content: str, missing: Sequence[tuple[str, str, bool]]) -> bool:
    """``said`` is one clause whose whole predicate is among the words ``content`` does not say
    (``missing``, after the words it says otherwise), and ``content`` says its subject is or does
    something else by a clause of its own: another fact of the same thing, however many of the other
    words it holds. Two shapes only (a verb said otherwise is too often the same fact: "Noah goes to bed
    at 7:30" for "Noah sleeps at 7:30"): a state said by "be" and an adjective ("the invoice from Lumen
    Print is overdue") where the memory says another ("Invoice 3402 from Lumen Print was paid on 4
    March"); a verb whose object the memory says its subject is leaving ("Harlow Systems is moving off
    Salesforce" for "Harlow Systems uses Salesforce")."""
    asked = [claim for claim in analyse(said).claims if claim.verb]
    if len(asked) != 1 or not missing:
        return False
    claim = asked[0]
    if claim.negated or not claim.subject:
        return False
    gone = {stem for _, stem, _ in missing}
    subject = claim.subject - claim.possessor
    claims = [c for c in analyse(content).claims if c.verb and c.subject & subject]
    if claim.verb == "be":
        adjectives = [w for w, stem, cap in _words(said).terms if stem in claim.obj]
        if not claim.obj or not claim.obj <= gone or not adjectives:
            return False
        if not all("ADJ" in _readings(w) and "NOUN" not in _readings(w) for w in adjectives):
            return False
        return any(c.verb != "be" or not c.obj & claim.obj for c in claims)
    if claim.verb in LIGHT_VERBS or not set(text.tokenize(claim.verb.replace("_", " "))) <= gone:
        return False
    return any(c.verb in _ENDING_VERBS and c.obj & claim.obj for c in claims)


def _states_now(reason: str, content: str) -> bool:
    """``content`` says what ``reason`` (what the speaker says holds now: "I quit", "we moved") says: a
    clause of the speaker's with its verb ("I quit smoking on 1 November")."""
    verbs = {c.verb for c in analyse(reason).claims if c.verb and c.subject & _FIRST_PERSON}
    return any(
        c.verb in verbs and c.subject & _FIRST_PERSON and not c.negated for c in analyse(content).claims
    )


#: prepositions that are a clause's whole predicate after "be" ("I'm *behind* on rent", "we're *against*
#: the extension", "I'm *without* a car"): stopwords, so the content words alone leave them out
_PREDICATE_PREPOSITIONS = frozenset({"behind", "against", "without", "beyond", "above", "below", "under"})
_BE_PREPOSITION = re.compile(
    r"(?:\b(?:am|is|are|was|were|be|been)|'m|'re|'s)\s+(?:(?:not|still|really|so|a\s+bit)\s+)*(?P<word>[a-z]+)\b",
    re.IGNORECASE,
)


def _predicate_missing(said: str, content: str) -> bool:
    """``said`` is a clause whose predicate is a preposition after "be" ("I'm behind on rent") and
    ``content`` does not say that preposition: it says something else of the thing ("My rent is 1,100
    euros a month")."""
    held = {w.lower() for w in _WORD.findall(content)}
    for found in _BE_PREPOSITION.finditer(text.key_fold(said)):
        word = found.group("word").lower()
        if word in _PREDICATE_PREPOSITIONS and word not in held:
            return True
    return False


#: words that set a thing apart from the one a request names by the same noun: "my *previous*
#: landlord", "my *other* neighbour", "my *former* boss", "my *ex*-colleague"
_OTHER_INSTANCE = frozenset({"previous", "former", "other", "ex", "old"})


def _another_instance(said: str, content: str, wanted: _Words) -> bool:
    """A noun of the request ("my landlord") that ``content`` says only after a word setting another
    one of its kind apart ("My previous landlord kept my deposit", "My other neighbour, Mrs Clarke")
    which the request does not say: another thing of that kind. ("old" of a relation is how long it
    has been one: "my old friend Sam" is the friend.)"""
    asked = {w.lower() for w in _WORD.findall(text.key_fold(said))}
    if asked & _OTHER_INSTANCE:
        return False
    words = [w.lower() for w in re.findall(r"[^\W\d_]+", text.key_fold(content))]
    for written, stem, capitalised in wanted.terms:
        if capitalised or not _noun_only(written):
            continue
        places = _places(words, stem)
        if places and all(
            at > 0
            and words[at - 1] in _OTHER_INSTANCE
            and not (words[at - 1] == "old" and stem in RELATION_STEMS)
            for at in places
        ):
            return True
    return False


#: a request of a thing that happens again ("I'm pregnant again", "we're moving again")
_AGAIN = frozenset({"again"})
#: words that set apart an earlier one of a kind ("my *first* pregnancy", "the *previous* move")
_EARLIER = frozenset({"first", "previous", "former", "earlier"})


def _an_earlier_one(
    said: str, content: str, wanted: _Words, otherwise: dict[tuple[str, str, bool], str]
) -> bool:
    """A request of a thing that happens again ("I'm pregnant again") and ``content`` saying one of its
    words (or the memory's word for it, ``otherwise``) only after a word of an earlier one ("My first
    pregnancy had gestational diabetes"): the earlier one is another than the one asked."""
    if not {w.lower() for w in _WORD.findall(said)} & _AGAIN:
        return False
    words = [w.lower() for w in re.findall(r"[^\W\d_]+", text.key_fold(content))]
    stems = [otherwise.get(term, term[1]) for term in wanted.terms if not term[2]]
    for stem in stems:
        places = _places(words, stem)
        if places and all(at > 0 and words[at - 1] in _EARLIER for at in places):
            return True
    return False


#: how often: "a week", "every day", "per month", "each morning"
_EVERY = re.compile(
    r"\b(?:a|an|per|every|each)\s+(?:other\s+)?(?:day|night|morning|evening|week|weekend|fortnight|month"
    r"|quarter|year|summer|winter)\b|\b(?:daily|nightly|weekly|fortnightly|monthly|yearly|annually)\b",
    re.IGNORECASE,
)


def _only_generic(content: str, wanted: _Words) -> bool:
    """A noun of a request of the speaker's thing ("my novel") that ``content`` says only as any one of
    its kind, the object of a habit ("I read a novel a week": a verb, "a", the noun, then how often; not
    "I'm writing a novel set in Havana", nor a light verb's "I have a piano lesson every week"): many
    things of that kind, none of them the speaker's one."""
    whole = [w.lower() for w in _WORD.findall(text.key_fold(content))]
    for clause in _CLAUSE_SPLIT.split(text.key_fold(content)):
        if not _EVERY.search(clause):
            continue
        words = [w.lower() for w in _WORD.findall(clause)]
        for written, stem, capitalised in wanted.terms:
            if capitalised or "NOUN" not in _readings(written):
                continue
            places = _places(words, stem)
            # (and nowhere else in the memory: said otherwise there too, it is not only any one)
            if (
                places
                and len(_places(whole, stem)) == len(places)
                and all(at >= 2 and words[at - 1] in ("a", "an") and _habit(words, at - 2) for at in places)
            ):
                return True
    return False


#: "a documentary about a famous lawsuit", "the podcast about an unsolved burglary": one of its kind as
#: what another thing (a noun after a determiner) is about
_ABOUT_ONE = re.compile(
    r"\b(?:a|an|the|this|that)\s+(?:[a-z][\w-]*\s+){0,2}?(?P<work>[a-z][\w-]*)\s+about\s+(?:a|an)\s+"
    r"(?P<thing>(?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*)\b"
)


def _only_what_one_is_about(content: str, wanted: _Words) -> bool:
    """A noun of a request of the speaker's thing ("the lawsuit", "my burglary") that ``content`` says
    only as any one of its kind that another thing is about ("I watched a documentary about a famous
    lawsuit"; not "Our solicitor for the lawsuit is Harriet Cole"): not the speaker's one."""
    folded = text.key_fold(content).lower()
    whole = [w.lower() for w in _WORD.findall(folded)]
    for written, stem, capitalised in wanted.terms:
        if capitalised or not ("NOUN" in _readings(written) or _noun_only(written)):
            continue
        places = _places(whole, stem)
        about = [
            m
            for m in _ABOUT_ONE.finditer(folded)
            if _noun_only(m.group("work")) or "NOUN" in _readings(m.group("work"))
            if any((said := text.tokenize(w)) and _near(said[0], stem) for w in m.group("thing").split())
        ]
        if places and len(about) == len(places):
            return True
    return False


def _habit(words: list[str], at: int) -> bool:
    """``words[at]`` is a verb, no light one, or a preposition right after one ("read", "listen to"):
    what the speaker does with the thing after it."""
    if words[at] in _RELATING and at > 0:
        at -= 1
    return "VERB" in _readings(words[at]) and not _light(words[at])


#: where a memory's clauses part ("…; …", "…, and …", "… but …")
_CLAUSE_SPLIT = re.compile(r"[;.]|,\s*(?:and|but)\b|\s(?:but|and)\s(?=(?:i|we|my|our)\b)", re.IGNORECASE)

#: nouns of a thing that is a value to tell ("the office door code", "my wifi password", "my passport
#: number"): a request of one means the memory giving it
_VALUE_THINGS = frozenset(
    {
        "code",
        "password",
        "passcode",
        "pin",
        "number",
        "combination",
        "login",
        "username",
        "address",
        "postcode",
        "id",
    }
)
#: nouns of an amount of money earned ("my salary", "our income"): told by a number
_AMOUNT_THINGS = frozenset({"salary", "wage", "wages", "income", "earnings"})


@functools.lru_cache(maxsize=4096)
def _defined_by(verb: str, noun: str) -> bool:
    """A definition of one of ``verb``'s first ``_SENSES`` verb senses (WordNet's gloss, its quoted
    examples left out) names ``noun`` or a word of its first sense: "earn" is "earn as salary or wages";
    "pay", "give money …", is not a salary earned."""
    names = {noun.lower(), *(w.lower() for s in lexicon.senses(noun, 1) for w in lexicon.synset_words(s))}
    for synset in lexicon.senses(verb, _SENSES):
        if synset[0] != "v":
            continue
        for part in lexicon.gloss(synset).split(";"):
            part = part.strip()
            if part and not part.startswith('"') and set(re.findall(r"[a-z_]+", part.lower())) & names:
                return True
    return False


#: an amount said by a number ("4,200", "68k")
_AN_AMOUNT = re.compile(r"\b\d[\d,.]*\s*k?\b", re.IGNORECASE)
#: nouns of a timetable ("my gym schedule", "the bin timetable"): told by a time, a day or a date
_TIME_THINGS = frozenset({"schedule", "timetable", "rota"})
#: a value said: a word with a digit, an address of mail or of the web
_VALUE_TOKEN = re.compile(r"[^\s,;]*\d[^\s,;]*|\S+@\S+|\bwww\.\S+", re.IGNORECASE)


def _value_untold(said: str, content: str) -> bool:
    """``said`` names a thing by a noun of a value ("the office door code", "my banking password") and
    ``content`` says something else of it, giving no value: a clause of another verb than "be" with no
    value said ("The office door code changes every quarter", "I changed my banking password in June",
    "I need my NI number for the new job"), a rule or an event of the thing, not the thing. A value of the
    kind the noun tells: an amount of "my salary", a time, day or date of "my gym schedule". The noun is
    the phrase's head, before what follows it ("the door code *for the office*": ``_HEAD_END``)."""
    head = _HEAD_END.split(said, maxsplit=1)[0]
    last = [w.lower() for w in _WORD.findall(text.key_fold(head))][-1:]
    if not last or last[0] not in _VALUE_THINGS | _AMOUNT_THINGS | _TIME_THINGS:
        return False
    claims = [c for c in analyse(content).claims if c.verb]
    if not claims or any(c.verb in ("be", "have") for c in claims):
        return False
    if last[0] in _AMOUNT_THINGS:
        # "My salary is paid on the 25th": a day, no amount
        return not any("number" in c.kinds for c in claims) and _MONEY_SIGN.search(content) is None
    if last[0] in _TIME_THINGS:
        # "The gym schedule changes in summer": no time, day or date of it
        return not any(c.kinds & {"time", "weekday", "date"} for c in claims)
    return not any(
        any(ch.isdigit() for ch in token) or "@" in token or token.lower().startswith("www.")
        for token in _VALUE_TOKEN.findall(content)
    )


#: a clause giving a reason: "because I sleepwalk", "since giving up sugar" (not "because of …", a noun)
_REASON = re.compile(r"\b(?:because|since)\s+(?!of\b)(?P<clause>[^,;]*[^\W\d_][^,;]*)", re.IGNORECASE)


def _reasons(content: str) -> list[str]:
    """The reason clauses of ``content`` ("My wife locks the front door at night *because I sleepwalk*"):
    a memory that gives the statement as its reason states it, whoever its main clause is of."""
    return [m.group("clause").strip() for m in _REASON.finditer(content) if m.start() > 0]


#: an amount of money by its sign or a word for its unit ("£50", "50 quid", "$20", "55k"): read as the
#: number and the unit's name, so that "£50" says "50 pounds"
_MONEY_SIGN = re.compile(r"([£$€])\s?(\d[\d,]*(?:\.\d+)?)(?:\s?(k)\b)?", re.IGNORECASE)
_THOUSANDS = re.compile(r"\b(\d+)k\b", re.IGNORECASE)
_SIGN_UNITS = {"£": "pounds", "$": "dollars", "€": "euros"}
_UNIT_WORDS = re.compile(r"(?<=\d)(\s+)(?:quid)\b|(?<=\d)(\s+)(?:bucks)\b", re.IGNORECASE)


def _amounts(text_: str) -> str:
    """``text_`` with its amounts of money written one way: a sign as its unit's name after the number
    ("£65,000" -> "65,000 pounds"), "quid" as "pounds", "bucks" as "dollars", thousands by "k" in
    full ("55k" -> "55,000")."""
    if not any(ch.isdigit() for ch in text_):
        return text_

    def signed(match: re.Match[str]) -> str:
        number = match.group(2) + (",000" if match.group(3) else "")
        return f"{number} {_SIGN_UNITS[match.group(1)]}"

    text_ = _MONEY_SIGN.sub(signed, text_)
    text_ = _THOUSANDS.sub(r"\1,000", text_)
    return _UNIT_WORDS.sub(lambda m: " pounds" if m.group(1) is not None else " dollars", text_)


#: "I used to smoke": a habit in the past, said by "used to" and a verb
_USED_TO = re.compile(r"\bused\s+to\s+[^\W\d_]", re.IGNORECASE)


def _verb_lemmas(word: str) -> frozenset[str]:
    return frozenset(lemminflect().getAllLemmas(word).get("VERB", ()))


#: money, said by an amount of a currency ("350 euros"; a sign is read as its word, ``_amounts``)
_MONEY = frozenset({"money", "cash"})
_AMOUNT = re.compile(
    r"\b\d[\d,.]*\s*(?:k\s+)?(?P<unit>pounds?|euros?|dollars?|quid|bucks|francs?|kronor|kroner|krona|zloty|zlotys"
    r"|rupees?|yen|yuan|lira|rand|pesos?|dirhams?|reais|real|pence|cents?)\b",
    re.IGNORECASE,
)


#: what a measure is said as: the value of "be", "weigh", "stand" or "at" ("I'm at 94 kg", "I'm 1.80 m"),
#: not a change of it ("I lost 4 kg since September")
_MEASURED_AS = (
    r"\b(?:am|is|are|was|were|be|been|'m|'s|weigh|weighs|weighed|stand|stands|at)\s+"
    r"(?:(?:about|around|roughly|just|nearly|almost|over|under|now)\s+)?"
)
#: a measure said by a number and its unit ("94 kg", "6 foot 2", "1.80 m")
_MEASURES = {
    "weight": re.compile(
        _MEASURED_AS + r"\d[\d,.]*\s*(?P<unit>kg|kgs|kilos?|kilograms?|stone|lbs?)\b", re.IGNORECASE
    ),
    "height": re.compile(
        _MEASURED_AS + r"\d[\d,.]*\s*(?P<unit>cm|centimet(?:er|re)s?|met(?:er|re)s?|feet|foot|ft)\b",
        re.IGNORECASE,
    ),
}


def _said_otherwise(
    term: tuple[str, str, bool],
    words: _Words,
    content: str,
    subject: frozenset[str],
    wanted: _Words,
    objectless: frozenset[str] = frozenset(),
) -> str | None:
    """The stem of a word of ``content`` (``words``: its content words) that says ``term`` (a request's
    word the memory does not hold) in another form or word: another form of one verb ("gave" /
    "giving"); a word WordNet relates to it, one synset or a derivation
    ("kids" / "children", "hospital" / "infirmary": ``lexicon.related``, the first ``_SENSES`` senses
    of each), never its opposite, and in another part of speech only as the memory's subject ("I earn"
    / "My salary is": not "for the pregnancy" for "I'm pregnant", "maternity leave"); or, of a word that is only a noun, a noun that is a kind of it in its first sense
    ("sertraline" for "antidepressants"); or, of a noun of an amount earned, a verb WordNet defines by it
    (``_defined_by``) said with a number ("I earn 4,200 CHF a month" for "my salary"). Not a name (capitalised) nor a number, on either side, nor a
    word said only before a noun the request does not say, naming another thing ("My National Trust
    *membership number*" for "I'm a member of the National Trust", "*maternity leave*"). A verb the
    request says with a preposition and no object (``objectless``: "I'm applying *to* Google") is said
    otherwise only by a sense of it that takes none (``_related_without_object``): not "I use Google
    Docs", a sense of "apply" that takes one ("apply a rule")."""
    written, _, capitalised = term
    if capitalised or any(ch.isdigit() for ch in written):
        return None
    amount = _AMOUNT.search(content) if written in _MONEY else None
    if amount is not None:
        return text.tokenize(amount.group("unit"))[0]  # "I owe Pieter 350 euros" says "I owe Pieter money"
    measured = _MEASURES[written].search(content) if written in _MEASURES else None
    if measured is not None and text.tokenize(measured.group("unit")):
        return text.tokenize(measured.group("unit"))[0]  # "I'm at 94 kg now" says "my weight"
    lemmas = _verb_lemmas(written)
    said = [w.lower() for w in _WORD.findall(text.key_fold(content))]
    for other, stem, other_capitalised in words.terms:
        if other_capitalised or any(ch.isdigit() for ch in other):
            continue
        places = [at for at, w in enumerate(said) if w == other]
        if places and all(_before_another_noun(said, at, wanted) for at in places):
            continue
        if lemmas and lemmas & _verb_lemmas(other):
            return stem
        related = (
            _related_without_object(written, other)
            if written in objectless
            else lexicon.related(written, other, _SENSES)
        ) and not lexicon.opposed(written, other, _SENSES)
        if related and (stem in subject or lexicon.part_of_speech(written) == lexicon.part_of_speech(other)):
            return stem
        if written in _AMOUNT_THINGS and _defined_by(other, written) and _AN_AMOUNT.search(content):
            return stem  # "I earn 4,200 a month" says "my salary": its verb, with the amount
        if _noun_only(written) and _noun_only(other) and _narrower(other, written):
            return stem
        if _similar_adjectives(written, other):
            return stem  # "I'm terrified of flying" says "I'm afraid of flying"
    return None


#: prepositions that open what a verb is said of when it takes no object ("applying *to* Google",
#: "voted *for* the Greens")
_VERB_PREPOSITIONS = frozenset(
    {"to", "for", "at", "with", "on", "in", "into", "from", "about", "of", "after", "against", "over"}
)
#: WordNet's verb frames with no object: "Something ----s", "Somebody ----s", "It is ----ing", "Something
#: is ----ing PP", "Something ----s to somebody", "Somebody ----s on something", "Somebody ----s PP",
#: "Somebody's (body part) ----s", "Somebody ----s to somebody"
_NO_OBJECT_FRAMES = frozenset({1, 2, 3, 4, 12, 13, 22, 23, 27})


def _objectless_verbs(said: str) -> frozenset[str]:
    """The words of ``said`` that can be verbs and stand right before a preposition ("I'm *applying* to
    Google", "I *voted* for the Greens"): verbs said with no object."""
    words = [w.lower() for w in _WORD.findall(text.key_fold(said))]
    return frozenset(
        w
        for at, w in enumerate(words[:-1])
        if words[at + 1] in _VERB_PREPOSITIONS and "VERB" in _readings(w) and not _light(w)
    )


@functools.lru_cache(maxsize=4096)
def _frames(synset: tuple[str, int]) -> frozenset[int]:
    """The numbers of a verb synset's sentence frames in WordNet's data file (none for another part of
    speech)."""
    if synset[0] != "v":
        return frozenset()
    parts = lexicon._data_fields(synset)
    if not parts:
        return frozenset()
    at = 4 + 2 * int(parts[3], 16)
    at += 1 + 4 * int(parts[at])  # past the pointers
    return frozenset(int(parts[at + 2 + 3 * i]) for i in range(int(parts[at])))


def _related_without_object(asked: str, said: str) -> bool:
    """``lexicon.related`` (the first ``_SENSES`` senses of each), of ``asked``'s verb senses only those
    that take no object (``_NO_OBJECT_FRAMES``; its senses of other parts of speech all count): "apply"
    to a place is "ask (for something)", not "use" ("apply a rule")."""
    mine = frozenset(
        s for s in lexicon.senses(asked, _SENSES) if s[0] != "v" or _frames(s) & _NO_OBJECT_FRAMES
    )
    other = lexicon.senses(said, _SENSES)
    if not mine or not other:
        return False
    if mine & other:
        return True
    return any(
        symbol in lexicon._RELATING  # (a derivation, attribute, pertainym)
        and target in b
        for a, b in ((mine, other), (other, mine))
        for s in a
        for symbol, target in lexicon._pointers(s)
    )


#: WordNet's pointer from an adjective to one of like meaning ("similar to")
_SIMILAR = "&"


def _similar_adjectives(asked: str, said: str) -> bool:
    """``said`` (a memory's word) is an adjective (a participle too: "terrified") with a sense WordNet
    files as a satellite "similar to" a head sense of ``asked`` (the request's word), among the first
    ``_SENSES`` of each: a narrower word of it ("terrified" for "afraid"), never a broader one ("due"
    does not say "overdue") nor an opposite."""
    if "a" not in lexicon.parts_of_speech(asked) or "a" not in lexicon.parts_of_speech(said):
        return False
    if lexicon.opposed(asked, said, _SENSES):
        return False
    heads = lexicon.senses(asked, _SENSES)
    return any(
        symbol == _SIMILAR and target in heads
        for synset in lexicon.senses(said, _SENSES)
        if synset[0] == "a" and lexicon._data_fields(synset)[2:3] == ["s"]  # (a satellite's line)
        for symbol, target in lexicon._pointers(synset)  # (the synset's pointers, as ``related`` reads them)
    )


def _before_another_noun(words: list[str], at: int, wanted: _Words) -> bool:
    """``words[at]`` stands before a word that can be a noun ("membership *number*", "maternity
    *leave*"), of no stem of ``wanted``."""
    if at + 1 >= len(words) or not words[at + 1].isalpha():
        return False
    stems = text.tokenize(words[at + 1])
    return (
        bool(stems)
        and "NOUN" in _readings(words[at + 1])
        and not any(_near(stems[0], w) for w in wanted.stems)
    )


#: how many of a word's WordNet senses (per part of speech, most frequent first) may relate it to
#: another: fewer than consolidation's ``lexicon.SENSES`` (4), a deletion being final ("band" and "lot"
#: share a third sense)
_SENSES = 2
#: how many steps up WordNet's hypernyms a noun may be a kind of a request's noun ("sertraline" ->
#: "SSRI" -> "antidepressant")
_KIND_DEPTH = 3


@functools.lru_cache(maxsize=4096)
def _narrower(narrow: str, broad: str) -> bool:
    """``narrow`` is a kind of ``broad`` (first senses only): "sertraline" of "antidepressant", not the
    other way round, nor two kinds of one thing."""
    below = lexicon.senses(narrow, 1)
    above = lexicon.senses(broad, 1)
    if not below or not above or below & above:
        return False
    return any(above & lexicon.hypernyms(sense, _KIND_DEPTH) for sense in below)


#: particles that make a light verb a verb of its own ("gave up", "get over", "took off")
_PARTICLES = frozenset({"up", "off", "out", "over", "away", "back", "down", "in", "on"})


def _without_light_verbs(said: str, wanted: _Words) -> _Words:
    """``wanted`` without its light verbs ("going", "getting": ``paraphrases.LIGHT_VERBS``, as "have" is
    a stopword already) when at least two other words are left to say the fact: a light verb says
    little of its own ("I'm going to the dentist on Monday" / "I have a dentist appointment on Monday",
    and "Seung-hoon is getting married" is still not "Seung-hoon got a job"). Not one with a particle
    ("gave up sugar")."""
    words = [w.lower() for w in _WORD.findall(text.key_fold(said))]
    light = {
        w
        for at, w in enumerate(words)
        if _light(w) and (at + 1 == len(words) or words[at + 1] not in _PARTICLES)
    }
    kept = tuple(t for t in wanted.terms if t[0] not in light)
    if len(kept) == len(wanted.terms) or len(kept) < 2:
        return wanted
    return _Words(wanted.stems, wanted.written, kept)


#: nouns that name no thing of their own, the object of any act ("I hoard things", "I lose stuff")
_EMPTY_NOUNS = frozenset({"thing", "things", "stuff", "something", "anything", "everything"})


def _without_empty_nouns(wanted: _Words) -> _Words:
    """``wanted`` without a noun that names nothing ("things", "stuff": ``_EMPTY_NOUNS``) when another
    word is left to say the fact: "I hoard things" is said by "I'm seeing a counsellor about my
    hoarding", which says no "things"."""
    kept = tuple(t for t in wanted.terms if t[2] or t[0].lower() not in _EMPTY_NOUNS)
    if len(kept) == len(wanted.terms) or not kept:
        return wanted
    return _Words(wanted.stems, wanted.written, kept)


def _as_said(wanted: _Words, otherwise: dict[tuple[str, str, bool], str]) -> _Words:
    """``wanted`` with the memory's words for its words (``_said_otherwise``) among its stems."""
    if not otherwise:
        return wanted
    return _Words(wanted.stems | frozenset(otherwise.values()), wanted.written, wanted.terms)


#: where a sentence's clauses part: a comma or a semicolon, a conjunction, a relative pronoun
_CLAUSE_BREAK = re.compile(
    r"[,;]|\s(?:because|since|so|but|although|though|that|which|who|while|when|whenever|until|unless)\s"
    # (a relative clause with no "that" opened by its negative subject: "a second account nobody at work
    # knows about")
    r"|\s(?=(?:nobody|no\s+one|noone)\s)",
    re.IGNORECASE,
)


def _negated(
    content: str, wanted: _Words, asked_negated: bool, subject: frozenset[str] = frozenset()
) -> bool:
    """``content`` negates what it says of the request's words: a negation in a clause that holds one
    of them, or in the whole sentence when the request is negated itself. A negation in another clause
    negates another fact ("I have a second phone, a cheap Nokia, that my wife doesn't know about",
    "Oscar told me he's gay, he hasn't told his parents"), and so does one in a clause that holds only
    the request's subject (``subject``: its stems) when another clause says the rest ("Ibrahim doesn't
    have papers, he's undocumented", "Don't tell Lucía, the surprise party is on Saturday")."""
    if asked_negated or "not" not in text.content_words(content):
        return "not" in text.content_words(content)
    parts = _CLAUSE_BREAK.split(content)
    reason = _REASON_PHRASE.match(parts[0])
    if reason is not None:
        # "Because of the pacemaker I can't go through the scanner": the reason is a phrase of its own,
        # the negation the clause's after it
        parts = [reason.group("reason"), parts[0][reason.end("reason") :], *parts[1:]]
    rest = wanted.stems - subject
    said_plainly = any(
        "not" not in text.content_words(part) and set(text.tokenize(part)) & rest for part in parts
    )
    for part in parts:
        if "not" not in text.content_words(part):
            continue
        held = set(text.tokenize(part)) & wanted.stems
        if held and (held & rest or not said_plainly):
            return True
    return False


#: a sentence opened by a reason said as a noun phrase, up to the clause's subject ("Because of the
#: pacemaker I can't …", "Due to my knee we never …")
_REASON_PHRASE = re.compile(
    r"^\s*(?P<reason>(?:because\s+of|due\s+to|owing\s+to|thanks\s+to)\s+[^,;]*?)(?=\s+(?:i|we|he|she|they)\b)",
    re.IGNORECASE,
)


def _denial_said(term: tuple[str, str, bool], content: str) -> str | None:
    """The stem of a word of ``content`` that says ``term`` (a request's word that says a negation,
    ``negations.denied``: "vegetarian", someone who "eats no meat") with "not" in one clause: every word
    the term denies said there (``negations.covered``), none of its nouns narrowed by a word before it
    that it does not deny ("I don't eat meat or fish" says "I'm vegetarian"; "I don't eat red meat" does
    not)."""
    written, _, capitalised = term
    if capitalised or "not" not in text.content_words(content):
        return None
    denies = negations.denied(written)
    if not denies:
        return None
    for part in _CLAUSE_BREAK.split(content):
        if "not" not in text.content_words(part):
            continue
        words = [w.lower() for w in _WORD.findall(text.key_fold(part))]
        said = frozenset(w for w in words if w not in text.STOPWORDS)
        if not all(negations.covered(d, said, _SENSES) for d in denies):
            continue
        held = [at for at, w in enumerate(words) if negations.covered(w, denies, _SENSES)]
        if any(
            at > 0
            and words[at - 1] not in text.STOPWORDS
            and words[at - 1] not in _NEGATIONS
            and not negations.covered(words[at - 1], denies, _SENSES)
            and "NOUN" in _readings(words[at])
            and "VERB" not in _readings(words[at - 1])
            for at in held
        ):
            continue  # "I don't eat red meat": a kind of what the word denies
        stems = text.tokenize(words[held[0]]) if held else []
        if stems:
            return stems[0]
    return None


#: words that say "not"
_NEGATIONS = frozenset({"not", "no", "never", "don't", "doesn't", "didn't", "haven't", "hasn't", "won't"})


def _subject_stems(asked: _Subject | None) -> frozenset[str]:
    """The stems of a request's subject, its head and possessor ("Lucía's surprise party"), none of
    the speaker's."""
    return frozenset() if asked is None else asked.head | asked.possessor


#: contractions typed without their apostrophe ("im pregnant", "ive moved", "i dont eat meat"): only
#: spellings that are rarely a word of their own ("ill", "id", "were", "well", "wont" are words)
_BARE_CONTRACTIONS = {
    "im": "I'm", "ive": "I've", "dont": "don't", "doesnt": "doesn't", "didnt": "didn't", "cant": "can't",
    "couldnt": "couldn't", "wouldnt": "wouldn't", "shouldnt": "shouldn't", "isnt": "isn't",
    "arent": "aren't", "wasnt": "wasn't", "werent": "weren't", "havent": "haven't", "hasnt": "hasn't",
    "hadnt": "hadn't",
}  # fmt: skip
_BARE_CONTRACTION = re.compile(rf"\b(?:{'|'.join(_BARE_CONTRACTIONS)})\b", re.IGNORECASE)


def _apostrophes(said: str) -> str:
    """``said`` with its contractions' apostrophes back: a request typed in haste ("forget that im
    pregnant") is read as the speaker's clause ("I'm pregnant"), not as a phrase with a word "im"."""
    return _BARE_CONTRACTION.sub(lambda m: _BARE_CONTRACTIONS[m.group().lower()], said)


#: an indirect question before a clause of the speaker's or someone named ("which train I take", "how
#: much we have saved", "where my sister lives", "what school Ana goes to"): the clause says the fact
_INDIRECT = re.compile(
    r"^\s*(?:how\s+(?:much|many|long|often|far|old)|which|what|where|when|whom|who)\s+"
    r"(?:(?P<noun>[^\W\d_]+)\s+)?(?=(?:i|i'm|i've|we|we're|we've|my|our)\b|(?-i:[A-Z]))",
    re.IGNORECASE,
)
#: "what my salary is", "what our wifi password was": the value of a thing, asked by "what" and "be" last
_VALUE_ASKED = re.compile(
    r"^\s*what\s+(?P<thing>(?:my|our)\s+(?:[^\W\d_]+\s+){0,3}?[^\W\d_]+)\s+(?:is|are|was|were)\s*$",
    re.IGNORECASE,
)
#: a question's noun that names the kind of value the clause's memory gives, not a word it says ("what
#: time I start work": "I start work at 9")
_VALUE_NOUNS = frozenset(
    [
        "time",
        "day",
        "date",
        "year",
        "month",
        "age",
        "size",
        "price",
        "amount",
        "number",
        "cost",
        "colour",
        "color",
        "kind",
        "type",
        "sort",
    ]
)


def _clause_asked(said: str) -> str:
    """``said`` as the clause its indirect question asks about: "which train I take" -> "I take train",
    "how much we have saved" -> "we have saved", "what time I start work" -> "I start work"; "what my
    salary is" -> "my salary" (the value of a thing, ``_VALUE_ASKED``)."""
    asked = _INDIRECT.match(said)
    if asked is None:
        return said
    noun = asked.group("noun")
    if noun is not None and (noun.lower() in _FIRST_PERSON or noun.lower() in ("i'm", "i've", "we're")):
        noun = None  # (the lookahead's word itself)
    clause = said[asked.end() :].strip()
    if not clause:
        return said
    value = _VALUE_ASKED.match(said)
    if value is not None:
        return value.group("thing")  # "what my salary is" asks the value of "my salary"
    if noun is None or noun.lower() in _VALUE_NOUNS or noun.lower() in text.STOPWORDS:
        return clause
    return f"{clause} {noun}"


def _only_as_modifier(content: str, said: str, wanted: _Words, asked: _Subject) -> bool:
    """A noun the request says of its subject ("my cousin is in *prison*") that ``content`` holds only
    before another noun the request does not say, naming another thing ("My cousin works as a *prison
    officer*", "Dad's *diabetes clinic* is on 3 June"); a word that is no noun (a verb, an adjective,
    a capitalised word) only between a determiner and such a noun ("my *adoptive* parents" for "I was
    adopted", "a *Catholic* school" for "I'm Catholic"). Words of the request's subject are left alone
    ("my gym membership" still speaks of "my gym"), and so is the object of a light verb when the
    request's verb is one ("I have a *dentist appointment*" for "I'm going to the dentist")."""
    folded = text.key_fold(content)
    spans = [m.span() for m in _WORD.finditer(folded)]
    cased = [folded[a:b] for a, b in spans]
    words = [w.lower() for w in cased]
    request = [w.lower() for w in _WORD.findall(text.key_fold(said))]
    # (two words said one after the other, nothing but a space or a hyphen between them)
    joined = [not folded[spans[i][1] : spans[i + 1][0]].strip(" -") for i in range(len(spans) - 1)] + [False]
    verbs = {stem for claim in analyse(said).claims for stem in text.tokenize(claim.verb.replace("_", " "))}
    # (a request by a light verb, "I'm going to the dentist", and the thing said as a light verb's object,
    # "I have a dentist appointment": the thing the verb goes to, not another)
    light = any(_light(w) for w in request)
    # (what the request says its subject is or does: the complement of "be", else the verb)
    # (and all it says of it: "Vikram is a principal engineer now after the promotion round" still says
    # "Vikram being promoted to principal engineer")
    predicate = {
        stem
        for claim in analyse(said).claims
        if len(claim.obj | claim.adjuncts) <= (1 if claim.verb == "be" else 0)
        for stem in (claim.obj if claim.verb == "be" else text.tokenize(claim.verb.replace("_", " ")))
    }
    for written, stem, capitalised in wanted.terms:
        if stem in asked.head | asked.possessor:
            continue
        if capitalised or "NOUN" not in _readings(written):
            # a word that is no noun and says what the subject is or does ("adopted", "Catholic"): only
            # said between a determiner and a noun of another thing, it names that thing's kind ("My
            # adoptive parents are Mark and Linda" for "I was adopted", "I went to a Catholic school"
            # for "I'm Catholic"; not a name the verb takes, "the Paris marathon" for "im running paris")
            places = _places(words, stem) if stem in predicate else []
            if places and all(
                0 < i < len(words) - 1
                and (
                    words[i - 1] in _DETERMINERS
                    and _modifies(words[i], cased[i + 1], wanted)
                    or joined[_compound(content, i)[1]]
                    and _object_modifier(words, *_compound(content, i), wanted)
                )
                for i in places
            ):
                return True
            continue
        # (after the same word as in the request, the memory only narrows it: "in the hallway
        # cupboard" for "in the hallway")
        before = {_word_before(request, i) for i in _places(request, stem)}
        places = _places(words, stem)
        if places and all(
            _word_before(words, i) not in before
            and (
                _foreign_noun_after(words, i, wanted)
                # (after a determiner, a noun written as a verb's base is the head: "the vegetarian curry";
                # not of the request's verb, "a driving licence" for "I don't drive")
                or stem not in verbs
                and joined[_compound(content, i)[1]]
                and (
                    0 < i < len(words) - 1
                    and words[i - 1] in _DETERMINERS
                    and _modifies(words[i], words[i + 1], wanted)
                    or _object_modifier(words, *_compound(content, i), wanted)
                )
            )
            and not (light and _light(_word_before(words, i)))
            for i in places
        ):
            return True
    return False


def _compound(content: str, at: int) -> tuple[int, int]:
    """The first and last word of the hyphenated compound ``content``'s word ``at`` is in ("left" and
    "handed" of "left-handed"), else ``at`` twice."""
    parts = list(_WORD.finditer(text.key_fold(content)))
    start = end = at
    while start > 0 and content[parts[start - 1].end() : parts[start].start()] == "-":
        start -= 1
    while end + 1 < len(parts) and content[parts[end].end() : parts[end + 1].start()] == "-":
        end += 1
    return start, end


def _object_modifier(words: list[str], start: int, at: int, wanted: _Words) -> bool:
    """``words[start : at + 1]`` (a word, or a hyphenated compound ending in it) is said right after a verb
    that is no form of "be" or an auxiliary and right before a noun of no word of the request's: it
    describes that verb's object ("I bought *left-handed* scissors"), not the speaker."""
    if start == 0 or at + 1 >= len(words):
        return False
    verb, after = words[start - 1], words[at + 1]
    readings = _readings(verb)
    if (
        "VERB" not in readings
        or "AUX" in readings
        or verb in ("be", "am", "is", "are", "was", "were", "been")
    ):
        return False
    heads = text.tokenize(after)
    return (
        bool(heads)
        and after.isalpha()
        and "NOUN" in _readings(after)
        and not {"ADJ", "ADV"} & _readings(after)
        and not any(_near(heads[0], w) for w in wanted.stems)
    )


def _light(word: str | None) -> bool:
    """``word`` is a form of a light verb ("have", "got": ``paraphrases.LIGHT_VERBS``)."""
    return word is not None and bool(_verb_lemmas(word) & LIGHT_VERBS)


def _places(words: list[str], stem: str) -> list[int]:
    return [i for i, w in enumerate(words) if (ws := text.tokenize(w)) and _near(ws[0], stem)]


_DETERMINERS = frozenset({"the", "a", "an", "my", "our", "his", "her", "their", "your", "its"})


def _word_before(words: list[str], at: int) -> str | None:
    """The word before ``words[at]``, past determiners: "in" for "in the hallway"."""
    at -= 1
    while at >= 0 and words[at] in _DETERMINERS:
        at -= 1
    return words[at] if at >= 0 else None


def _foreign_noun_after(words: list[str], at: int, wanted: _Words) -> bool:
    """``words[at]`` modifies the next word, a noun (and nothing else) of no stem of ``wanted``."""
    if at + 1 >= len(words):
        return False
    after = words[at + 1]
    stems = text.tokenize(after)
    # (a word of letters: "training 5 days a week", "smoked twenty a day" are no compounds)
    return (
        bool(stems)
        and after.isalpha()
        and spelled_value(after) is None
        and _noun_only(after)
        and not any(_near(stems[0], w) for w in wanted.stems)
    )


@functools.lru_cache(maxsize=4096)
def _readings(word: str) -> frozenset[str]:
    """The parts of speech ``lemminflect`` lists for ``word``."""
    return frozenset(lemminflect().getAllLemmas(word))


def _namesakes(said: str, store: Store, actor: Actor) -> dict[str, tuple[str, set[str]]]:
    """The names ``said`` gives that exactly one of the entities they fit is named, a person ("Mateo",
    where "Mateo Herrera" is another person): name -> (the bearer's id, the other fits' ids)."""
    out: dict[str, tuple[str, set[str]]] = {}
    for name in _names_of(said):
        fits = store.entities_by_ids(entities_about(store, actor, name))
        # (a person named so: not one an alias files under it, which a guess of the graph's may be)
        bearers = [e.id for e in fits if e.type == "person" and _key(e.name) == _key(name)]
        if len(bearers) == 1 and len(fits) > 1:
            out[name] = (bearers[0], {e.id for e in fits} - set(bearers))
    return out


def _a_namesakes(namesakes: dict[str, tuple[str, set[str]]], content: str, linked: Sequence[Entity]) -> bool:
    """``content`` says one of the ``namesakes``' names only inside the longer name of another entity
    it fits that the memory is linked to, and the memory is not linked to the one bearing it whole."""
    ids = {e.id for e in linked}
    for name, (bearer, others) in namesakes.items():
        if bearer in ids:
            continue
        longer = [e.name for e in linked if e.id in others and len(e.name) > len(name)]
        folded = text.key_fold(content).lower()
        places = [m.start() for m in re.finditer(rf"(?<![\w'-]){re.escape(_key(name))}(?![\w-])", folded)]
        spans = [
            (m.start(), m.end())
            for other in longer
            for m in re.finditer(rf"(?<![\w'-]){re.escape(_key(other))}(?![\w-])", folded)
        ]
        if places and all(any(a <= p < b for a, b in spans) for p in places):
            return True
    return False


#: a date said in words or digits ("17 May", "the 9th of November", "14/08", "Saturday")
_DATE = re.compile(
    r"\b(?:\d{1,2}(?:st|nd|rd|th)?(?:\s+of)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
    r"|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d{1,2}(?:st|nd|rd|th)?"
    r"|\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b",
    re.IGNORECASE,
)


def _only_possessor(name: str, content: str, wanted: _Words) -> bool:
    """``content`` says ``name`` (a word, folded) only as the owner of a thing the statement does not
    name ("Birgit's cinnamon buns" for "… in love with Birgit"): a fact of the thing, not of the name."""
    folded = text.key_fold(content).lower()
    places = list(re.finditer(rf"(?<![\w'-]){re.escape(name)}(?![\w-])", folded))
    if not places:
        return False
    for place in places:
        rest = folded[place.end() :]
        if not re.match(r"'s?\s", rest):
            return False
        # (the thing: the content words of the next three)
        things = [w for w in re.findall(r"[^\W\d_]+", rest[2:])[:3] if text.tokenize(w)]
        if not things or any(set(text.tokenize(w)) & wanted.stems for w in things):
            return False
    return True


def _gives(value: frozenset[str], content: str) -> bool:
    """``content`` gives a value of a kind in ``value`` (``name``, ``date``, ``time``; ``day``, a date with
    its day): a name or a time in a clause's value (``Claim.kinds``), a date in words or digits."""
    if value & {"date", "day"} and _DATE.search(content):
        return True
    if "name" in value and _CALLED.search(content):
        return True  # ("My ex-boyfriend is called Mattias")
    return any(claim.kinds & value for claim in analyse(content).claims)


#: a name given by "is called" / "is named" ("My ex-boyfriend is called Mattias")
_CALLED = re.compile(r"\b(?:is|was|are|were)\s+(?:called|named)\s+(?:(?:Dr|Mr|Mrs|Ms)\.?\s+)?[A-Z]")


#: words joined by hyphens: one value, an id or a compound ("ops-core", "acme-eng")
_JOINED = re.compile(r"[^\W_]+(?:-[^\W_]+)+")


def _decisive(said: str, wanted: _Words) -> frozenset[tuple[str, str, bool]]:
    """The terms of ``said`` a memory stating it may not lack (``COVERAGE`` lets it lack the others):
    a name (capitalised), a number or an id (digits), a word of its subject or possessor ("the
    *printer* on floor 2 is broken" is not "floor 2 has a broken screen"), a word that can only be a
    noun or that the lexicon does not know (the object), and a part of a hyphenated word ("the Slack
    workspace is acme-*eng*" is not "... is acme-hq"). A restatement may say the verb and what
    describes in other words: "Noah *sleeps* at 7:30" / "Noah goes to bed at 7:30", "the printer is
    *broken*" / "... out of order". A phrase with no verb ("my gym schedule") is all subject."""
    claims = analyse(said).claims
    if not claims:
        return frozenset(wanted.terms)
    held = frozenset().union(*(claim.subject | claim.possessor for claim in claims))
    joined = {part for m in _JOINED.finditer(text.key_fold(said).lower()) for part in m.group().split("-")}
    return frozenset(
        term
        for term in wanted.terms
        if term[2]
        or any(ch.isdigit() for ch in term[0])
        or term[0] in joined
        or term[1] in held
        or _noun_only(term[0])
    )


def _nominal(word: str) -> bool:
    """``word`` can be a noun and cannot describe (no adjective or adverb reading): "goal", "target";
    not "current", "usual", "old"."""
    readings = set(lemminflect().getAllLemmas(word))
    return _noun_only(word) or "NOUN" in readings and readings <= {"NOUN", "PROPN", "VERB"}


@functools.lru_cache(maxsize=4096)
def _noun_only(word: str) -> bool:
    """``word`` has no reading but a noun's (``lemminflect``'s lists), or none: "van", "printer", an id."""
    readings = set(lemminflect().getAllLemmas(word))
    return readings <= {"NOUN", "PROPN"}


def _base_noun(word: str) -> bool:
    """``word`` (as written) reads as a noun and, when it is also a verb, is written as the verb's base
    ("band", "school", "soup"; not "goes", "rises", "eats"): after a noun, the head of their compound,
    not a verb of which that noun is the subject ("the salary band", not "the salary goes up")."""
    if not word.isalpha() or not word.islower() or not text.tokenize(word) or spelled_value(word) is not None:
        return False
    readings = lemminflect().getAllLemmas(word)
    if "NOUN" not in readings or "AUX" in readings:
        return False
    return "VERB" not in readings or word in readings["VERB"]


def _modifies(word: str, after: str, wanted: _Words) -> bool:
    """``word`` (a word of the request's) is said before ``after``, a noun of no word of the request's,
    and so names the kind of another thing ("salary" of "salary band", "Catholic" of "Catholic
    school")."""
    stems, heads = text.tokenize(word.lower()), text.tokenize(after)
    return (
        bool(stems and heads)
        and any(_near(stems[0], w) for w in wanted.stems)
        and _base_noun(after)
        and not any(_near(heads[0], w) for w in wanted.stems)
    )


def _qualified(content: str, wanted: _Words) -> bool:
    """A request of the speaker's thing ("my address", "my gym schedule", "my weight"): ``content``
    opens with that thing said as another's or as another thing, by a noun before it ("The office
    address is …", "The gym schedule changes in summer": the office's, the gym's; "My goal weight is
    82 kg": a weight aimed at, not the speaker's weight), the noun no word of the request; or, after
    "the", with that thing said before another noun, of which it says the kind ("The salary band for my
    role goes up to 90,000" for "my salary": a band of salaries, not the speaker's salary), or so with no
    determiner at all, a kind of thing at large ("Salary negotiations at work are in March")."""
    bare = re.match(r"\s*([^\W\d_][\w-]*)\s+([^\W\d_][\w-]*)", content)
    if (
        bare is not None
        and bare.group(1).lower() not in _DETERMINERS | _FIRST_PERSON | {"this", "that", "these", "those"}
        and _modifies(bare.group(1), bare.group(2), wanted)
    ):
        return True
    opening = re.match(r"\s*(the|my|our)\s+([^\W\d_][\w-]*)\s+([^\W\d_][\w-]*)", content, re.IGNORECASE)
    if opening is None:
        return False
    if opening.group(1).lower() == "the" and _modifies(opening.group(2), opening.group(3), wanted):
        return True
    if opening.group(1).lower() != "the" and not _nominal(opening.group(2).lower()):
        # of the speaker's, only a noun names another thing: "My goal weight", "My target weight", not
        # "My current weight"
        return False
    if opening.group(1).lower() != "the" and _body_part(opening.group(2).lower()):
        return False  # (where on the speaker: "My knee surgery" is the speaker's surgery)
    other, thing = (text.tokenize(w) for w in opening.groups()[1:])
    return bool(other and thing) and other[0] not in wanted.stems and thing[0] in wanted.stems


#: WordNet's body part (``consolidation.lexicon``'s synset key)
_BODY_PART = ("n", 5220461)


def _body_part(word: str) -> bool:
    """``word``'s first noun sense is a part of the body ("knee", "back", "eye")."""
    return any(
        _BODY_PART in lexicon.hypernyms(sense, 20) for sense in lexicon.senses(word, 1) if sense[0] == "n"
    )


def _in_requests_words(content: str, otherwise: dict[tuple[str, str, bool], str]) -> str:
    """``content`` with each word that says a word of the request otherwise (``otherwise``: the
    request's term -> the memory's word, ``_said_otherwise``) written as the request writes it: "I don't
    want children" read as "I don't want kids" where the request says "kids", so that a synonym is not
    another value (``_other_value``)."""
    for (written, _, _), word in otherwise.items():
        content = re.sub(rf"(?<![\w'-]){re.escape(word)}(?![\w'-])", written, content)
    return content


def _other_value(said: str, content: str) -> bool:
    """``content`` gives the subject and predicate of ``said`` another value: the same subject and
    verb, and each value has a word the other lacks ("is the CTO of Zephyr Corp" / "is the CFO of
    Zephyr Corp"; not "leads the billing team" / "leads billing", a fuller value)."""
    asked, stated = analyse(said).claims, analyse(content).claims
    if not asked or not stated:
        return False
    a, b = asked[0], stated[0]
    if a.verb != b.verb or a.subject - a.possessor != b.subject - b.possessor:
        return False
    # (an ordinal is its number: "the 12th" is the 12 of "on 12 August")
    mine = {_ORDINAL.sub(r"\1", w) for w in a.value}
    if _AMOUNT.search(content):
        mine -= _MONEY  # ("owe Pieter money" / "owe Pieter 350 euros": the amount is the money)
    theirs = {_ORDINAL.sub(r"\1", w) for w in b.value}
    gone = [w for w in mine if not any(_same_value(w, v) for v in theirs)]
    added = [v for v in theirs if not any(_same_value(v, w) for w in mine)]
    if not mine & _MONTH_STEMS and any(w.isdigit() for w in mine):
        # a day of the month said without its month: the memory's month fills the date out
        added = [v for v in added if v not in _MONTH_STEMS]
    return bool(gone and added)


#: the months' stems, as a claim's value holds them
_MONTH_STEMS = frozenset(stem for month in MONTH_NAMES.split("|") for stem in text.tokenize(month))


def _for_another(content: str, wanted: _Words, people: Sequence[str]) -> bool:
    """``content`` says the thing is for a person the request does not name: "for Maya" (a given name,
    or a person the memory is linked to), "for my son" ("Dentist appointment for Maya on 18 April")."""
    for found in re.finditer(
        r"\bfor\s+(?:(?:my|our)\s+(?P<relation>[a-z][\w-]*)|(?P<name>[A-Z][\w'-]*))", content
    ):
        if found.group("relation"):
            stems = frozenset(text.tokenize(found.group("relation")))
            if stems & RELATION_STEMS and not stems & wanted.stems:
                return True
            continue
        name = found.group("name")
        person = is_given_name(name) or any(name in person_name.split() for person_name in people)
        if person and name.lower() not in wanted.written:
            return True
    return False


def _only_in_compound(word: str, content: str, wanted: _Words) -> bool:
    """``content`` holds ``word`` only inside hyphenated compounds with a content word the request does
    not say: another thing's name ("mother-in-law" for "my mother", not "left-handed" for "left
    handed")."""
    folded = text.key_fold(content).lower()
    places = list(re.finditer(rf"(?<![\w'])[\w'-]*(?<![\w']){re.escape(word)}(?![\w'])[\w'-]*", folded))
    if not places:
        return False
    for place in places:
        parts = place.group().split("-")
        if word not in parts:
            return False  # (another word that holds it: left to the stems)
        if place.group() in _EX_PARTNERS:
            return False  # (an ex is an ex-partner of any word: "My ex-boyfriend" for "my ex")
        others = [p for p in parts if p != word and text.tokenize(p)]
        if not others or all(p in wanted.written for p in others):
            return False
    return True


def _same_value(a: str, b: str) -> bool:
    """Two value words of one value: one word up to an ending, or an hour said as a number and as a
    time ("moved to 10" / "moved to 10:00", claims' ``t1000``; "at 7" / "at 7pm", ``t1900``)."""
    if _near(a, b):
        return True
    number, time = (a, b) if a.isdigit() else (b, a)
    if not number.isdigit() or not re.fullmatch(r"t\d{4}", time) or not time.endswith("00"):
        return False
    hour = int(number)
    return hour <= 24 and int(time[1:3]) in (hour, hour + 12)


def _other_time(said: str, content: str) -> bool:
    """``said`` says what is going on or will be ("I'm moving house in March", "we're selling the
    car", "I will start in May") and ``content``'s first clause has its verb (not "be") in the past:
    another time's fact ("I moved house in March 2021"). (A request in the past may be reported
    speech, "I said I wanted to …", and a phrase has no tense: "Marco being promoted".)"""
    if _ONGOING.match(said) is None:
        return False
    asked, stated = analyse(said).claims, analyse(content).claims
    if not asked or not stated:
        return False
    a, b = asked[0], stated[0]
    # (a state said by its participle is what the past act left: "I'm separated from my husband" is
    # said by "I separated from my husband in August")
    return bool(a.verb) and _one_verb(a, b) and a.verb != "be" and not a.past and not a.passive and b.past


#: a clause's verb in the perfect ("we have saved", "I've paid off"), and in the progressive ("we're
#: saving", "I am paying off"; not "have been saving", which says what has been done so far)
_PERFECT = re.compile(r"(?:\b(?:have|has|had)|'ve|'d)\s+(?:(?:already|just|now)\s+)?(?P<verb>[a-z]+)\b", re.I)
_PROGRESSIVE = re.compile(
    r"(?:\b(?:am|is|are|was|were)|'m|'re|'s)\s+(?:(?:still|currently|now|slowly)\s+)?(?P<verb>[a-z]+ing)\b",
    re.I,
)


def _still_going(said: str, content: str) -> bool:
    """``said`` says what is done, in the perfect ("we have saved", "how much we have saved") and
    ``content`` says its verb only as going on ("We're saving for a house deposit of £40,000"): what is
    being done, or aimed at, is another fact than what has been done (the mirror of ``_other_time``)."""
    asked = [claim for claim in analyse(said).claims if claim.verb]
    if len(asked) != 1 or asked[0].verb == "be" or asked[0].verb in LIGHT_VERBS:
        return False
    verbs = _verb_lemmas(asked[0].verb) | {asked[0].verb}
    if not any(
        m.group("verb").lower() != "been" and _verb_lemmas(m.group("verb").lower()) & verbs
        for m in _PERFECT.finditer(said)
    ):
        return False
    going = [m.group("verb").lower() for m in _PROGRESSIVE.finditer(content)]
    going = [w for w in going if _verb_lemmas(w) & verbs]
    if not going or re.search(r"\bbeen\s+\w+ing\b", content, re.I):
        return False
    # (the verb also said otherwise, "We're saving and have £26,000 saved": not only going on)
    return not any(w not in going and _verb_lemmas(w) & verbs for w in re.findall(r"[a-z]+", content.lower()))


def _dated_before(said: str, content: str) -> bool:
    """``said`` says what holds now of the speaker ("I live in Paris", "I'm pregnant": no past, no date) and
    ``content``'s first clause says it with the same verb as what held at a past time it dates ("I
    lived in Paris from 2010 to 2014", "I was pregnant with Mia in 2020"): another time's fact. (Of
    "be", only "be": "I became vegetarian in 2015" is when "I'm vegetarian" began.)"""
    if _SPEAKER_OPENS.match(said) is None:
        return False  # (the speaker's clause: "the contract is signed" is the state "was signed on 2 October" left)
    asked, stated = analyse(said).claims, analyse(content).claims
    if not asked or not stated:
        return False
    a, b = asked[0], stated[0]
    if not a.verb or a.past or a.dated or not (b.past and b.dated):
        return False
    if a.passive and not b.passive:
        return False  # (the act that began a state said by its participle: "I separated … in August")
    # (what is said of the subject: of "be" its complement, else the verb's object and adjuncts)
    said_of = [c.obj if c.verb == "be" else c.obj | c.adjuncts for c in (a, b)]
    if not said_of[0] & said_of[1]:
        return False  # (another predicate in the past: "I was vegetarian for ten years before going vegan")
    return a.verb == b.verb if "be" in (a.verb, b.verb) else _one_verb(a, b)


#: a wish for what a clause says: "I want to learn Japanese one day", "I'd love to run a marathon"
_WISH = re.compile(
    r"\b(?:wants?|wanted|wish(?:es|ed)?|hopes?|hoped|dreams?\s+of|(?:'d|would)\s+(?:love|like))\s+(?:to\s+)?(?P<verb>[a-z]+)",
    re.IGNORECASE,
)


def _only_wished(said: str, content: str) -> bool:
    """``content`` says the request's verb only as what is wished for ("I want to learn Japanese one
    day") where the request says it is so ("I'm learning Japanese"): a wish is another fact."""
    if _WISH.search(said):
        return False
    asked = analyse(said).claims
    if not asked or not asked[0].verb or asked[0].verb == "be":
        return False
    verbs = set(_verb_lemmas(asked[0].verb)) | {asked[0].verb}
    wished = [m for m in _WISH.finditer(content) if _verb_lemmas(m.group("verb").lower()) & verbs]
    if not wished:
        return False
    said_plainly = [
        w
        for w in re.findall(r"[a-z]+", content.lower())
        if _verb_lemmas(w) & verbs and not any(m.group("verb").lower() == w for m in wished)
    ]
    return not said_plainly


#: a quantity said as how much ("I drink *a lot*") or, before "of", of what ("*a lot of* water")
_QUANTITY = re.compile(
    r"\b(?:a\s+(?P<one>lot|ton|bit|little)|(?P<many>lots|loads|tons|heaps|plenty)|(?:too|so|very)\s+(?P<much>much))\b"
    r"(?P<of>\s+of\s+(?:(?:the|my|our|his|her|their|your|this|that)\s+)?(?P<what>[^\W\d_][\w'-]*))?",
    re.IGNORECASE,
)


def _quantities(text_: str) -> list[tuple[str, str | None]]:
    """Each quantity word of ``text_`` (folded to one form: "lots" is "lot") and what it is of, if it
    says ("a lot of water": ``("lot", "water")``; "a lot": ``("lot", None)``)."""
    out = []
    for found in _QUANTITY.finditer(text.key_fold(text_)):
        word = (found.group("one") or found.group("many") or found.group("much")).lower()
        what = found.group("what")
        out.append((word if word == "much" else word.rstrip("s"), what.lower() if what else None))
    return out


def _quantity_of_another(said: str, content: str) -> bool:
    """``said`` says how much ("I drink a lot", "I swear too much") and ``content`` says that quantity
    only of a thing ``said`` does not name ("I drink a lot of water, 3 litres a day"): how much of that
    thing, another fact."""
    asked = {word for word, what in _quantities(said) if what is None}
    if not asked:
        return False
    request = frozenset(text.tokenize(said))
    places = [(word, what) for word, what in _quantities(content) if word in asked]
    return bool(places) and all(
        what is not None and not set(text.tokenize(what)) & request for _, what in places
    )


def _one_verb(a: Claim, b: Claim) -> bool:
    """Two clauses say one verb: the same, a synonym ("I'm moving to Canada" / "I went to Canada in
    2015"), or a light verb and the word it carries ("Zoe is getting married" / "Zoe got married")."""
    if a.verb == b.verb:
        return True
    if not a.verb or not b.verb:
        return False
    if lexicon.related(a.verb, b.verb, _SENSES, verbs=True):
        return True
    return any(
        x.verb in LIGHT_VERBS and any(_near(stem, v) for stem in text.tokenize(y.verb) for v in x.value)
        for x, y in ((a, b), (b, a))
    )


#: a clause of what is going on or will be: a subject, then a progressive or future auxiliary
_ONGOING = re.compile(
    r"^\s*(?:[\w'-]+\s+){0,3}?(?:i'm|we're|you're|he's|she's|they're|it's|(?:am|are|is|will)\b)"
    r"(?:\s+not)?\s+(?:\w+ing|going\s+to|\w+)\b",
    re.IGNORECASE,
)


def _near(a: str, b: str) -> bool:
    """Two stems of one word, up to an ending (``_same``'s tolerance)."""
    if a == b:
        return True
    short, long_ = sorted((a, b), key=len)
    return len(short) >= _MIN_STEM and len(long_) - len(short) <= _ENDING and long_.startswith(short)


def _named_in(entity: Entity, wanted: _Words) -> bool:
    """``wanted`` names ``entity``: every word of one of its names, or a capitalised one."""
    capitalised = {written for written, _, cap in wanted.terms if cap}
    for name in (entity.name, *entity.aliases):
        written = _words(name).written
        if written and (written <= wanted.written or written & capitalised):
            return True
    return False


def _links_all(required: Sequence[Entity], linked: Sequence[Entity], stems: frozenset[str]) -> bool:
    """Every required entity is linked (by id, or by name in another scope), or, where the memory is
    linked to nothing of that name, every word of its name is in the memory."""
    ids = {e.id for e in linked}
    keys = {_key(e.name) for e in linked}
    for entity in required:
        if entity.id in ids or _key(entity.name) in keys:
            continue
        words = text.tokenize(entity.name)
        if not words or not all(w in stems for w in words):
            return False
    return True
