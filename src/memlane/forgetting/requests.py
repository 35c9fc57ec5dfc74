"""What a forget-by-query request asks for: a statement to forget, or a topic to forget everything of.

A request is said the way a user says it to an assistant: "forget that I'm allergic to penicillin",
"please delete the note about my flight to Lisbon", "forget everything about Dana", or just the fact
("Oscar Brandt is the CFO of Zephyr Corp") or a word ("inhaler"). The framing (politeness, the verb,
"that", "the note about", "from your memory") is taken off; what is left is read as

* a **topic** when it is a "what do you know about X" form — the same parser recall's ``about``
  questions use (:func:`memlane.graph.query.about_question`: "everything about X", "all you know about
  X", "all the notes about X") — or "about X" right after the verb ("forget about Dana"), or the plural
  "the notes about X", or "all the X stuff" ("all the offsite details": the offsite);
* a **statement** otherwise: "that …", "the note about …", "the thing about …", "what I said about …",
  the fact with the request after it ("Mina is Korean - don't keep that", "i dont use Spotify anymore so
  forget that"), a request after what led to it ("I sold the motorbike, forget that I own a Honda
  CB500"; "it" there is the thing said before: "I quit the choir, forget that I sing in it"), or the
  bare text. A request said again at the end is framing ("…, please delete it"), and so are courtesy
  ("pls", "thx") and a reason said after it ("forget the release date, it changed"); a relative by
  marriage typed without hyphens is one word ("my mother in law": "my mother-in-law").

Only the words of the request are read (no capitalisation: "Delete everything about…" is a verb, not a
name), so the rules hold however the request is typed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal

from rapidfuzz.distance import Levenshtein

from ..graph.query import about_question
from ..text.lexicon import lemminflect

__all__ = ["ForgetRequest", "asked_to_forget", "read_request"]

Kind = Literal["statement", "topic"]

#: politeness and address before the verb ("ok, please", "can you", "I'd like you to")
_LEAD = re.compile(
    r"^(?:\s*(?:(?:ok(?:ay)?|hey|so|now|and|also|just|please|pls|kindly)\b[\s,:]*"
    r"|(?:can|could|would|will)\s+(?:you|u)\s+|(?:you|u)\s+(?:can|may|should|could)\s+(?:now\s+)?"
    r"|i\s*(?:want|need|would\s+like|'d\s+like)\s+(?:you\s+)?to\s+))+",
    re.IGNORECASE,
)
#: the verb of a request to forget
_VERB = re.compile(
    r"^(?:forget|delete|erase|remove|drop|wipe|clear|purge|discard|disregard|scrub|get\s+rid\s+of"
    r"|(?:(?:please\s+)?(?:don't|do\s+not|no\s+need\s+to|stop|quit)\s+(?:remember|keep|stor|track)(?:ing|e)?))"
    r"(?:\s+(?:out|off|away))?\b\s*(?:(?:for\s+me|please)\b\s*)?[,:]?\s*",
    re.IGNORECASE,
)
#: "the note about …", "that memory saying …", "my note on …": one stored statement named by what it says
_ONE = re.compile(
    r"^(?:the|that|this|my|your|a|an|one)\s+(?:(?:\w+\s+)?(?:note|memory|fact|entry|record|reminder|thing|"
    r"item|bit|detail|part|line|info|information|piece\s+of\s+info(?:rmation)?))\b\s*"
    r"(?:(?:that\s+)?(?:says|said|saying|stating|states)\s+(?:that\s+)?|about\s+|on\s+|regarding\s+|of\s+"
    r"|where\s+|which\s+says\s+(?:that\s+)?|that\s+|with\s+|mentioning\s+)?",
    re.IGNORECASE,
)
#: "the notes about …", "those memories about …": every stored statement of a topic
_MANY = re.compile(
    r"^(?:the|those|these|my|your|all\s+(?:of\s+)?(?:the|my|your)?)\s*(?:\w+\s+)?(?:notes|memories|facts|entries|"
    r"records|reminders|things|items|details)\s+(?:about|on|regarding|concerning|mentioning|involving|"
    r"related\s+to|of)\s+",
    re.IGNORECASE,
)
#: "that …", "the fact that …", "what I said about …", "I said …": a statement follows
_STATEMENT = re.compile(
    r"^(?:(?:the\s+fact\s+)?that\s+(?:(?:i|we)\s+(?:said|told\s+you|mentioned)\s+(?:that\s+|about\s+)?)?|what\s+(?:i|we)\s+(?:said|told\s+you|mentioned)\s+(?:about\s+|that\s+)?"
    r"|(?:i|we)\s+(?:said|told\s+you|mentioned)\s+(?:that\s+)?)",
    re.IGNORECASE,
)
_ABOUT = re.compile(r"^(?:about|all\s+about)\s+", re.IGNORECASE)
#: "the whole thing about X", "the whole business with X": every stored statement of a topic
_WHOLE = re.compile(
    r"^(?:the\s+)?whole\s+(?:thing|business|saga|situation|story)\s+(?:about|with|of|regarding|concerning)\s+",
    re.IGNORECASE,
)
#: "the onlyfans thing" (a statement), "the whole chess club thing", "the birthday party stuff for
#: Ellie" (a topic): what is named before the word for it
_THING = re.compile(
    r"^(?:the|that|this|my|our)\s+(?P<whole>whole\s+)?(?P<what>(?:[\w'-]+\s+){0,4}?[\w'-]+)\s+"
    r"(?P<noun>thing|stuff|business|saga|situation)(?:\s+(?:for|with|of)\s+(?P<whom>\S.*))?$",
    re.IGNORECASE,
)
#: "all the tomato stuff", "all the offsite details", "all of my wedding things": every stored statement
#: of the thing named before the word for them
_ALL_OF = re.compile(
    r"^all\s+(?:of\s+)?(?P<det>the|my|our)\s+(?P<what>(?:[\w'-]+\s+){0,4}?[\w'-]+)\s+"
    r"(?:stuff|details|things|info|information|notes|memories|bits|business)$",
    re.IGNORECASE,
)
#: "the stuff about X", "anything re: X", "everything to do with X": every stored statement of a topic
_STUFF = re.compile(
    r"^(?:(?:the|all\s+(?:of\s+)?(?:the|my|your)?|any|my|your)\s*)?(?:stuff|things|info|information|data|"
    r"everything|anything|all)\s+(?:(?:you\s+(?:know|have)|i\s+told\s+you)\s+)?"
    r"(?:about|on|re\b:?|regarding|concerning|related\s+to|to\s+do\s+with|with)\s+",
    re.IGNORECASE,
)
#: a request told of the user ("User requests deletion of all memories about their brother"): its verb
_REPORTED = re.compile(
    r"^(?:the\s+)?user\s+(?:requests|asks\s+for|wants|asked\s+for|requested)\s+(?:the\s+)?"
    r"(?:deletion|removal|erasure|forgetting)\s+of\s+",
    re.IGNORECASE,
)
#: a reported request's possessive of the user ("their brother" is the user's: "my brother")
_THEIR = re.compile(r"\b(?:their|his|her)\b", re.IGNORECASE)
#: the request in a later clause ("we decided against X, so forget everything about it")
_LATER = re.compile(r"[,;.]\s*(?:(?:so|and|then|now|please)\b\s*,?\s*)*(?=\S)", re.IGNORECASE)
#: where a request said after its statement starts: a stop or a dash ("…, forget it", "… — remove that")
_AFTER = re.compile(
    r"\s*(?:[,;.!?]+|\s[-\u2013\u2014]+)\s*(?=\S)|\s+(?=so\s+(?:forget|delete|erase|remove)\b)", re.IGNORECASE
)
#: a topic said by a pronoun: its name is in the clause before the request
_PRONOUN = frozenset({"it", "them", "him", "her", "that", "this", "those"})
#: a capitalised name (a run of capitalised words) in that clause
_NAME = re.compile(r"\b[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*")
#: words of a request's framing a typo may garble ("evrything"): read as the word they are one edit from
_FRAMING = (
    "everything",
    "anything",
    "forget",
    "delete",
    "memories",
    "information",
    "about",
    "remove",
    "erase",
)
#: after the request: where to forget it from, how, courtesy
_TAIL = re.compile(
    r"(?:[\s,]+(?:(?:from|out\s+of|in)\s+(?:your|my|the)?\s*(?:memory|memories|notes|records|database)"
    r"|please|pls|plz|thanks|thx|thank\s+you|for\s+me|for\s+good|forever|permanently|completely|entirely|now"
    r"|any\s*more|(?:please\s+)?(?:forget|delete|erase|remove)\s+(?:it|that|this)))+\s*[.!?]*\s*$"
    r"|\s*[.!?]+\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class ForgetRequest:
    """``kind`` of request and its ``text``: the statement to forget, or the topic's name; ``value``:
    for a statement asked by what it gives of its thing ("the name of my therapist", "the time of
    Ngozi's flight"), the kinds of value (``memlane.text.claims.Claim.kinds``) a memory must give; ``day``:
    a date with its day ("the court date": "on 9 March"); ``reason``: what the speaker says holds now,
    said after the request ("forget that I'm a smoker, I quit": "I quit"), which a memory saying it
    does not restate; ``mine``: a topic asked as the speaker's own notes of it ("all my notes about
    choir"), so a bare noun is the speaker's thing, not every memory of one ("inhaler")."""

    kind: Kind
    text: str
    value: frozenset[str] = frozenset()
    reason: str = ""
    mine: bool = False


#: "the name of my therapist", "the date of my citizenship ceremony", "the time of Ngozi's flight": the
#: thing, and the kind of value its memory gives (the word says no more than that: "My therapist is Dr.
#: Una Fennessy" does not say "name")
_ATTRIBUTE = re.compile(
    r"^(?:the\s+)?(?P<attr>name|date|day|time)\s+(?:of|for)\s+(?P<thing>\S.*)$", re.IGNORECASE
)
#: the same said after the thing: "my anniversary date", "the court date", "my flight time"
_ATTRIBUTE_AFTER = re.compile(
    r"^(?P<thing>(?:the|my|our|his|her|their|[\w'-]+'s?)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+(?P<attr>date|time)$",
    re.IGNORECASE,
)
_AFTER_KINDS = {"date": frozenset({"day"}), "time": frozenset({"time"})}
#: a thing's name said with its possessive: "my therapist's name", "my ex's name", "the vet's name"
_NAME_OF = re.compile(
    r"^(?P<thing>(?:the|my|our)\s+(?:[\w-]+\s+){0,3}?[\w-]+)(?:'s|s')\s+name$", re.IGNORECASE
)
_ATTRIBUTE_KINDS = {
    "name": frozenset({"name"}),
    "date": frozenset({"date"}),
    "day": frozenset({"date"}),
    "time": frozenset({"time"}),
}


def _trimmed(text: str) -> str:
    return _TAIL.sub("", text.strip()).strip().strip("\"'“”").strip()


def _typos_mended(query: str) -> str:
    """A lower-case word one edit from a framing word (of five letters or more) read as that word."""

    def mend(match: re.Match[str]) -> str:
        word = match.group()
        if word[0].isupper() or word.lower() in _FRAMING:
            return word
        for framing in _FRAMING:
            if Levenshtein.distance(word.lower(), framing, score_cutoff=1) <= 1:
                return framing
        return word

    return re.sub(r"\b[a-zA-Z]{5,}\b", mend, query)


def _verb_mended(query: str) -> str:
    """A typo in the request's verb ("frget that …", "forgett that …"): the first word after courtesy
    read as the verb it is one edit from, when it is no word of the language; no other word is mended."""
    rest = _LEAD.sub("", query)
    first = re.match(r"[a-zA-Z]{5,}\b", rest)
    if first is None or _VERB.match(rest) or lemminflect().getAllLemmas(first.group().lower()):
        return query  # (a word of the language is no typo: "deleted scenes")
    mended = _typos_mended(first.group().lower())
    if mended == first.group().lower() or not _VERB.match(mended):
        return query
    at = len(query) - len(rest)
    return query[:at] + mended + rest[first.end() :]


#: verbs that ask to forget whatever follows them; the others ("delete", "remove", "clear"…) are tasks
#: too ("remove the old tests"), so in a conversation they ask to forget only a stored statement named
#: as one ("delete the note about …", "remove the fact that …")
_FORGET_VERB = re.compile(r"^(?:forget|erase|disregard)\b", re.IGNORECASE)


def asked_to_forget(sentence: str) -> ForgetRequest | None:
    """The statement a sentence of a conversation asks to forget ("Can you forget that Julia is
    pregnant?", "please delete the note about my flight to Lisbon", "erase the fact that Carlos owes me
    50 euros"), or None: no verb of forgetting first (after courtesy), a task ("remove the old tests"),
    or a topic ("forget everything about Dana")."""
    rest = _LEAD.sub("", sentence.strip())
    verb = _VERB.match(rest)
    if verb is None:
        return None
    after = _trimmed(rest[verb.end() :])
    if not _FORGET_VERB.match(rest) and not (_ONE.match(after) or _STATEMENT.match(after)):
        return None
    # (read whole: "the name of my therapist" stays that, its reading as a kind of value is forget's)
    found = _read_whole(sentence)
    if found.kind != "statement" or found.text == sentence.strip() or found.text.lower() in _PRONOUN:
        return None  # a topic, no request, or "forget it" (never mind)
    return found


def read_request(query: str) -> ForgetRequest:
    """The request ``query`` makes (see the module docstring). The text left is never empty: a request
    that is all framing ("forget that") is read whole."""
    found = _read_whole(query)
    attribute = _ATTRIBUTE.match(found.text) if found.kind == "statement" else None
    if attribute is not None:
        return ForgetRequest(
            "statement", attribute.group("thing"), _ATTRIBUTE_KINDS[attribute.group("attr").lower()]
        )
    named = _NAME_OF.match(found.text) if found.kind == "statement" else None
    if named is not None:
        return ForgetRequest("statement", named.group("thing"), _ATTRIBUTE_KINDS["name"])
    after = _ATTRIBUTE_AFTER.match(found.text) if found.kind == "statement" else None
    if after is not None:
        # (a day's date: "the court date" is not "The release slipped once already from January")
        return ForgetRequest("statement", after.group("thing"), _AFTER_KINDS[after.group("attr").lower()])
    return found


def _read_whole(query: str) -> ForgetRequest:
    query = _verb_mended(query.strip())
    found = _read(query)
    if found.kind == "statement":
        # a typo in the framing ("delete evrything on X"): a statement's own words are never mended
        mended = _read(_typos_mended(query))
        if mended.kind == "topic":
            return mended
    if found.kind == "statement" and not _VERB.match(_LEAD.sub("", query)):
        # the request after what it asks to forget: "Mina is Korean - don't keep that", "Sunil prefers
        # aisle seats. Forget it."
        for clause in _AFTER.finditer(query):
            rest = _LEAD.sub("", query[clause.end() :])
            verb = _VERB.match(rest)
            if verb is not None and _trimmed(rest[verb.end() :]).lower() in _PRONOUN:
                said = _no_longer(query[: clause.start()].strip())
                if said:
                    return _read("forget " + said)
        # a statement asked after what led to it: "I sold the motorbike, forget that I own a Honda
        # CB500", "I quit the choir, please forget that I sing in it" (it: the thing said before)
        for clause in _LATER.finditer(query):
            rest = _LEAD.sub("", query[clause.end() :])
            verb = _VERB.match(rest)
            if verb is None or _STATEMENT.match(rest[verb.end() :]) is None:
                continue
            later = _read(query[clause.end() :])
            if later.kind != "statement" or not later.text or later.text.lower() in _PRONOUN:
                continue
            thing = _THING_BEFORE.search(query[: clause.start()])
            if thing is not None:
                later = ForgetRequest("statement", _IT_LAST.sub(" " + thing.group(), later.text))
            return later
        # the request in a later clause: "we decided against X, so forget everything about it"
        for clause in _LATER.finditer(query):
            later = _read(query[clause.end() :])
            if later.kind != "topic":
                later = _read(_typos_mended(query[clause.end() :]))
            if later.kind != "topic":
                continue
            if later.text.lower() in _PRONOUN:
                names = _NAME.findall(query[: clause.start()])
                names = [n for n in names if n.lower() not in {"we", "i", "i'm", "i've"}]
                if names:
                    return ForgetRequest("topic", names[-1])
                continue
            return later
    return found


#: the thing a clause before a request ends with ("I quit the choir"), that "it" in the request names
_THING_BEFORE = re.compile(r"\b(?:the|my|our)\s+[a-z][\w-]*$", re.IGNORECASE)
#: "it" ending a statement ("forget that I sing in it")
_IT_LAST = re.compile(r"\s+it$", re.IGNORECASE)

#: a fact said to hold no longer: "I don't take metformin anymore", "I'm not vegan any more", "Ana no
#: longer works at Initech"
_NO_LONGER = re.compile(r"\b(?:any\s?more|no\s+longer)\b", re.IGNORECASE)
_NOT = re.compile(
    r"\b(?:(?:do|does|did)\s+not|don'?t|doesn'?t|didn'?t|no\s+longer)\s+|(?<=')m\s+not\b|\b(?:am|is|are)\s+not\b"
    r"|\b(?:is|are)n't\b|\s*\bany\s?more\b",
    re.IGNORECASE,
)


def _no_longer(said: str) -> str:
    """The fact a statement says holds no longer, said before a request to forget it ("I don't take
    metformin anymore, forget that": the memory to forget says "I take metformin")."""
    if _NO_LONGER.search(said) is None:
        return said

    def positive(match: re.Match[str]) -> str:
        word = match.group().strip().lower()
        if word.endswith("n't") and word[:2] in ("is", "ar"):
            return word[:-3]
        if word.startswith(("am ", "is ", "are ")) or word.startswith("m "):
            return word.split()[0]
        return ""

    return re.sub(r"\s{2,}", " ", _NOT.sub(positive, said)).strip()


def _read(query: str) -> ForgetRequest:
    rest = _LEAD.sub("", query)
    reported = _REPORTED.match(rest)
    if reported is not None:
        # told of the user: what follows is the request, their things the user's
        return _read("forget " + _THEIR.sub("my", rest[reported.end() :]))
    verb = _VERB.match(rest)
    asked = verb is not None
    if verb is not None:
        rest = rest[verb.end() :]
    rest = _trimmed(rest)
    name = about_question(rest)
    if name is not None:
        return _mine(_made("topic", _trimmed(name), query), rest)
    if asked:
        about = _ABOUT.match(rest)
        gerund = _SPEAKER_GERUND.match(rest[about.end() :]) if about is not None else None
        if gerund is not None:
            # "about me being diabetic", "about us having a dog": a clause of the speaker's, a statement
            return _made("statement", _speakers_clause(gerund), query)
        if about is not None:
            return _made("topic", rest[about.end() :], query)
        many = _MANY.match(rest) or _STUFF.match(rest) or _WHOLE.match(rest)
        if many is not None:
            return _mine(_made("topic", rest[many.end() :], query), rest)
        every = _ALL_OF.match(rest)
        if every is not None:
            # "all the tomato stuff", "all my wedding details": everything of the thing named before
            return _made("topic", f"{every.group('det').lower()} {every.group('what')}", query)
        thing = _THING.match(rest)
        if thing is not None:
            what, whom = thing.group("what"), thing.group("whom")
            if thing.group("whole") or whom or thing.group("noun").lower() != "thing":
                return _made("topic", f"the {what} for {whom}" if whom else f"the {what}", query)
            return _made("statement", what, query)
        one = _ONE.match(rest)
        if one is not None:
            return _made("statement", rest[one.end() :], query)
        said = _STATEMENT.match(rest)
        if said is not None:
            return _made("statement", rest[said.end() :], query)
    return _made("statement", rest, query)


#: the speaker's own notes, said in the framing: "my notes about", "all of my stuff on"
_MINE = re.compile(
    r"^(?:all\s+(?:of\s+)?)?(?:my|our)\s+(?:\w+\s+)?(?:notes|memories|facts|entries|records|reminders|things"
    r"|items|details|stuff|info|information|data)\s+(?:about|on|re\b:?|regarding|concerning|related\s+to"
    r"|to\s+do\s+with|mentioning|involving|of)\s",
    re.IGNORECASE,
)


def _mine(found: ForgetRequest, framing: str) -> ForgetRequest:
    """``found``, a topic, marked the speaker's own notes when ``framing`` says so ("all my notes about
    choir")."""
    return replace(found, mine=True) if found.kind == "topic" and _MINE.match(framing) else found


#: "me being diabetic", "us having a dog": the speaker's clause said as a gerund (not "my wedding")
_SPEAKER_GERUND = re.compile(r"^(?P<who>me|us)\s+(?P<verb>[a-z]+ing)\b(?P<rest>.*)$", re.IGNORECASE)


def _speakers_clause(gerund: re.Match[str]) -> str:
    """The clause a gerund of the speaker's says: "me being diabetic" -> "I am diabetic", "us having a
    dog" -> "we have a dog"."""
    who = "I" if gerund.group("who").lower() == "me" else "we"
    verb = gerund.group("verb").lower()
    lemmas = lemminflect().getAllLemmas(verb).get("VERB", ())
    base = lemmas[0] if lemmas else verb
    if base == "be":
        base = "am" if who == "I" else "are"
    return f"{who} {base}{gerund.group('rest')}"


#: a relative by marriage typed without its hyphens ("my mother in law", "my brother in law's birthday"):
#: one word, as memories write it ("My mother-in-law Sunita"); not "in law school"
_IN_LAW = re.compile(
    r"\b(mother|father|sister|brother|son|daughter|parents?|child(?:ren)?)\s+in\s+law\b(?!\s+(?-i:[a-z]))",
    re.IGNORECASE,
)


#: why, said after the request: "…, it changed", "…, she's home now", "…, they moved"
_WHY_AFTER = re.compile(
    r",\s*(?:it|she|he|they|that)(?:'s|'re|\s+(?:is|was|has|have|are|were))?\s+[^,]*$", re.IGNORECASE
)


#: what the speaker says holds now, after a statement: "…, I quit", "…, we moved", "…, I told you wrong"
_NOW_AFTER = re.compile(r",\s*(?P<reason>(?:i|we)(?:'ve|'m|'re)?\s+[^,]*)$", re.IGNORECASE)


#: a topic of the speaker's thing as an idea of it: "my bakery idea", "our food truck ideas" (the thing)
_IDEA = re.compile(r"^(?P<thing>(?:my|our)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+ideas?$", re.IGNORECASE)


def _made(kind: Kind, text: str, query: str) -> ForgetRequest:
    text = _trimmed(text)
    idea = _IDEA.match(text)
    if idea is not None:
        text = idea.group("thing")
    if _WHY_AFTER.search(text) and _WHY_AFTER.sub("", text).strip():
        text = _trimmed(_WHY_AFTER.sub("", text))
    reason = ""
    now = _NOW_AFTER.search(text) if kind == "statement" else None
    if now is not None and _trimmed(text[: now.start()]):
        text, reason = _trimmed(text[: now.start()]), now.group("reason").strip()
    text = _IN_LAW.sub(r"\1-in-law", text)
    return ForgetRequest(kind, text, reason=reason) if text else ForgetRequest("statement", query)
