"""One statement said in another structure, written in one: the reading (subject, relation, object)
that two rewordings share. Pure functions, no I/O; the words' relations are WordNet's (``lexicon``).

``structure_forms`` rewrites, after ``restatement.plain_forms`` and ``relations.relation_forms``:

- **a role named by its agent noun** as the verb it derives from (WordNet's derivation pointer from a
  noun sense that is a person to a verb whose spelling it starts with): "X is a maths teacher (at …)"
  is "X teaches maths (at …)", "X is a translator of legal texts into Polish" is "X translates legal
  texts into Polish", "X is a law student in Hamburg" is "X studies law in Hamburg", "X was a bus
  driver" is "X drove bus"; "works as a …" is "is a …" by then (``restatement``). A modifier the noun
  has ("maths") becomes the object. Whether the verb's object is one's own ("Tom trains **his** dog" /
  "Tom is a dog trainer") is another fact: ``agentive_apart``;
- **an event named by its noun** as its verb: "X's flight to Hanoi is on 14 January" is "X flies to
  Hanoi on 14 January", "X's move to Lyon was in May" is "X moved to Lyon in May" (a noun sense that is
  an act or an event — no person, no thing — derived from a verb whose spelling it shares; only with a
  direction, "to", "from" or "into", whose mover the possessor is, and beside a copula and a time:
  "on", "in", "at", "this", "next", "last"); "is" is the present, "was" the past, "will be" a "will";
- **an activity done by going** as its verb: "X goes surfing" is "X surfs", "went skiing" is "skied",
  "X goes for a 5 km run" is "X runs 5 km" (the noun is a verb of the same spelling);
- **a parent of a number** as one who has them: "X is a mother of two" is "X has 2 children", "X is the
  father of two boys" is "X has 2 boys", "a grandmother of five" "has 5 grandchildren";
- **a fan of a name** as one who supports it: "X is a Galatasaray fan", "X is a fan of Galatasaray"
  are "X supports Galatasaray" (a name only: "a big fan of spicy food" is a degree of liking);
- **a thing named by what one does with it**, a short table of general English (``POSSESSED``): "X's
  car is a Y" is "X drives a Y", "X's home is a Y" is "X lives in a Y".

Nothing here names a person or a fact of any labelled set; each form is tested on sentences of its
own (tests/test_consolidation_structure.py).
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..text.dates import MONTH_ABBREVIATIONS, MONTH_NAMES, WEEKDAY_NAMES
from . import lexicon

__all__ = ["POSSESSED", "agent_verb", "agentive_apart", "event_verb", "structure_forms"]

#: the rest of a statement: no full stop but one in a number ("9.30", "99.95")
_REST = r"(?:[^.!?]|(?<=\d)\.(?=\d))"
#: a name: capitalised words ("Rahul", "Thảo", "Min-ho", "Acme Labs")
_NAME = r"[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*"
#: a subject: a name or a pronoun, or someone named as someone's ("Daniel's partner Chris", "my sister")
_SUBJECT = (
    rf"(?:(?:{_NAME}['’]s|[Mm]y|[Hh]is|[Hh]er|[Tt]heir|[Oo]ur)\s+[a-z]+(?:-[a-z]+)*(?:\s+{_NAME})?"
    rf"|{_NAME}|I|he|she|they|we|He|She|They|We)"
)
#: a possessive at the start of a statement, and the subject it is: "Ana's" -> "Ana", "my" -> "I"
_POSSESSIVE = rf"(?:{_NAME}['’]s|[Mm]y|[Hh]is|[Hh]er|[Tt]heir|[Oo]ur)"
#: a possessive, or someone named as someone's in the possessive ("my daughter's", "Ana's son's")
_POSSESSOR = rf"(?:{_POSSESSIVE}\s+[a-z]+(?:-[a-z]+)*['’]s|{_POSSESSIVE})"
_OWNER = {"my": "I", "his": "he", "her": "she", "their": "they", "our": "we"}
#: "X is a (mods) N (rest)": a role by its noun
_AGENTIVE_RE = re.compile(
    rf"^(?P<x>{_SUBJECT})\s+(?P<be>is|are|am|was|were)\s+(?:an?|the)\s+"
    r"(?P<mods>(?:[a-z][a-z-]*\s+){0,3}?)(?P<n>[a-z]{3,})"
    rf"(?P<rest>(?:\s+(?:of|at|in|for|on|with|from|into|to)\b{_REST}*)?)\s*[.!]?\s*$"
)
#: "X's N to / from / into P is / was / will be (on | in | at | this | next | last) …": an event, a
#: direction said (the possessor is then the one who goes: "Ana's operation is on Monday" is no
#: "Ana operates on Monday")
_EVENT_RE = re.compile(
    rf"^(?P<x>{_POSSESSOR})\s+(?P<n>[a-z]{{3,}})(?P<pp>\s+(?:to|from|into)\s+[^,.!?]+?)\s+"
    rf"(?P<be>is|was|will\s+be)\s+(?P<t>(?:on|in|at|this|next|last)\b{_REST}*)\s*[.!]?\s*$"
)
#: "goes / went surfing": the activity's verb
_GO_ING_RE = re.compile(r"\b(?P<go>go|goes|went|gone|going)\s+(?P<v>[a-z]{3,}ing)\b")
#: "goes for a (5 km) run": the noun that is the verb
_GO_FOR_RE = re.compile(
    r"\b(?P<go>go|goes|went|gone|going)\s+for\s+an?\s+(?P<m>(?:\d[\d.,]*\s*(?:km|k|mi|miles?|kilometres?|"
    r"kilometers?|metres?|meters?|minutes?|min|hours?|h)\s+)?)(?P<v>[a-z]{3,})\b"
)
#: "X is a mother of two (children)": "X has 2 children"
_PARENT_RE = re.compile(
    r"\b(?P<be>is|was)\s+(?:(?:an?|the)\s+)?(?P<p>mother|father|parent|mum|mom|dad|grandmother|grandfather|"
    r"grandparent|grandma|grandpa)\s+(?:of|to)\s+(?P<n>\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?P<k>\s+(?:children|kids|boys|girls|sons|daughters|"
    r"grandchildren|grandkids|grandsons|granddaughters))?\b"
)
_GRAND = ("grandmother", "grandfather", "grandparent", "grandma", "grandpa")
#: a thing named by what one does with it (general English): "X's car is a Y" is "X drives a Y"
POSSESSED: dict[str, tuple[str, str]] = {
    "car": ("drives", "drove"),
    "home": ("lives in", "lived in"),
}
_POSSESSED_RE = re.compile(
    rf"^(?P<x>{_POSSESSOR})\s+(?P<n>{'|'.join(POSSESSED)})\s+(?P<be>is|was)\s+(?P<y>an?\s+{_REST}+?)\s*[.!]?\s*$"
)
#: "X's (dentist) appointment is on / at / in …": "X has a (dentist) appointment on …"
_HAS_RE = re.compile(
    rf"^(?P<x>{_POSSESSOR})\s+(?P<np>(?:[a-z][a-z-]*\s+){{0,2}}[a-z]{{3,}})\s+(?P<be>is|was)\s+"
    rf"(?P<t>(?:on|at|in|this|next|last)\s+{_REST}+?)\s*[.!]?\s*$"
)
#: a day's ordinal beside its month ("January 14th", "the 3rd of May") and "till" before a date
_MONTHS = rf"(?:{MONTH_NAMES}|{'|'.join(MONTH_ABBREVIATIONS)})\.?"
_ORDINAL_RE = re.compile(
    rf"\b(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)(?:\s+of)?\b(?=\s+{_MONTHS}\b)", re.IGNORECASE
)
_MONTH_ORDINAL_RE = re.compile(rf"\b({_MONTHS})\b\s+(\d{{1,2}})(?:st|nd|rd|th)\b", re.IGNORECASE)
_TILL_RE = re.compile(rf"\btill\b(?=\s+(?:\d|{_MONTHS}\b|{WEEKDAY_NAMES}))", re.IGNORECASE)
#: "X is a (NAME) fan / supporter", "X is a fan / supporter of NAME": X supports NAME (a team, a club)
_FAN_RE = re.compile(
    rf"^(?P<x>{_SUBJECT})\s+(?P<be>is|was)\s+an?\s+(?:(?P<y>{_NAME})\s+(?:fan|supporter)|"
    rf"(?:fan|supporter)\s+of\s+(?:the\s+)?(?P<z>{_NAME}))\s*[.!]?\s*$"
)
_HOME_IN_RE = re.compile(
    rf"^(?P<x>{_POSSESSOR})\s+home\s+(?P<be>is|was)\s+(?P<p>(?:in|near)\s+{_REST}+?)\s*[.!]?\s*$"
)
#: a possessive determiner right after a verb: the object is one's own ("trains his dog")
_OWN_OBJECT = r"(?:his|her|their|my|our|its|your)"
#: nouns WordNet derives from a verb that name no one who does it as a role ("a mother"), or that
#: ``relations`` reads ("manager")
_NO_AGENT = frozenset(["mother", "father", "member", "manager", "head"])


#: an apposition: "Lukas, Helga's grandson, is…" (or "Lukas (Helga's grandson) is…") -> "Helga's grandson
#: Lukas is…" (as ``signature.normalise_order`` reads it)
_APPOSITION_RE = re.compile(r"^([A-Z][\w-]*)(?:, | \()([A-Z][\w-]*['’]s [\w -]+?)(?:,|\))\s+")


@lru_cache(maxsize=65536)
def structure_forms(content: str) -> str:
    """``content`` in the structure the module docstring names, or unchanged."""
    rewritten = _structure_forms(content)
    if rewritten == content and _APPOSITION_RE.match(content):
        moved = _APPOSITION_RE.sub(lambda m: f"{m.group(2)} {m.group(1)} ", content)
        if (again := _structure_forms(moved)) != moved:
            return again
    return rewritten


def _structure_forms(content: str) -> str:
    content = _dates(content)
    if (match := _AGENTIVE_RE.match(content)) is not None and (rewritten := _agentive(match)) is not None:
        return rewritten
    if (match := _EVENT_RE.match(content)) is not None and (rewritten := _event(match)) is not None:
        return rewritten
    if (match := _HAS_RE.match(content)) is not None and _occasion(match.group("np").split()[-1]):
        have = "had" if match.group("be") == "was" else "has"  # "X's dentist appointment is on…"
        return f"{_subject(match.group('x'))} {have} a {match.group('np')} {match.group('t')}"
    if (match := _FAN_RE.match(content)) is not None:  # "X is a Galatasaray fan": "X supports Galatasaray"
        verb = "supported" if match.group("be") == "was" else "supports"
        return f"{match.group('x')} {verb} {match.group('y') or match.group('z')}"
    if (match := _HOME_IN_RE.match(content)) is not None:  # "X's home is in Osaka": "X lives in Osaka"
        verb = "lived" if match.group("be") == "was" else "lives"
        return f"{_subject(match.group('x'))} {verb} {match.group('p')}"
    if (match := _POSSESSED_RE.match(content)) is not None:
        present, past = POSSESSED[match.group("n")]
        verb = past if match.group("be") == "was" else present
        return f"{_subject(match.group('x'))} {verb} {match.group('y')}"
    if " go" in content or " went" in content:
        content = _GO_ING_RE.sub(_go_ing, content)
        content = _GO_FOR_RE.sub(_go_for, content)
    if " of " in content or " to " in content:
        content = _PARENT_RE.sub(_parent, content)
    return content


def _dates(content: str) -> str:
    """A day's ordinal beside its month as its number ("January 14th" is "January 14", "the 3rd of
    May" "3 May"), "till" before a date or a time as "until"."""
    if any(c.isdigit() for c in content):
        content = _MONTH_ORDINAL_RE.sub(r"\1 \2", _ORDINAL_RE.sub(r"\1", content))
    return _TILL_RE.sub("until", content) if "till" in content.lower() else content


def _occasion(noun: str) -> bool:
    """Whether ``noun``'s most frequent sense is an act, an event or another abstraction one has (an
    appointment, a lesson, an exam, a birthday), not a person ("Ana's sister is in Paris") or a thing."""
    senses = lexicon.noun_senses(noun, 1)
    return bool(senses) and lexicon.is_abstract_sense(senses[0])


def _inflect(verb: str, be: str) -> str:
    import lemminflect

    be = be.split()[0].lower()
    if be == "will":
        return f"will {verb}"
    tag = "VBD" if be in ("was", "were") else ("VBP" if be in ("are", "am") else "VBZ")
    forms = lemminflect.getInflection(verb, tag)
    return forms[0] if forms else verb


def _agentive(match: re.Match[str]) -> str | None:
    mods = match.group("mods").split()
    verb = agent_verb(match.group("n"))
    if (instrument := played(match.group("n"))) is not None:
        verb, mods = "play", [*mods, instrument]  # "X is a cellist in…": "X plays cello in…"
    if verb is None or mods and not lexicon.transitive(verb):
        return None  # "a cardiology resident" is no one who "resides cardiology"
    if any(not lexicon.parts_of_speech(m.replace("-", "")) for m in mods):
        return None  # a word WordNet does not know ("a Sunday-league player"): left as written
    rest = match.group("rest").strip()
    if rest.startswith("with"):
        return None  # "a trainer with dogs" is whom one works with, not "a dog trainer": as written
    if rest.startswith("of "):
        rest = rest[3:]  # "a translator of legal texts": "translates legal texts"
    words = [match.group("x"), _inflect(verb, match.group("be")), *mods, rest]
    return " ".join(w for w in words if w)


def _event(match: re.Match[str]) -> str | None:
    verb = event_verb(match.group("n"))
    if verb is None:
        return None
    subject = _subject(match.group("x"))
    words = [subject, _inflect(verb, match.group("be")), match.group("pp").strip(), match.group("t")]
    return " ".join(w for w in words if w)


def _subject(possessive: str) -> str:
    low = possessive.lower()
    return _OWNER.get(low) or re.sub(r"['’]s$", "", possessive)


def _go_ing(match: re.Match[str]) -> str:
    import lemminflect

    gerund = match.group("v")
    lemmas = lemminflect.getAllLemmas(gerund).get("VERB", ())
    if not lemmas or lemmas[0] in ("go", "do", "be", "get", "have", "shop"):
        return match.group()  # "goes shopping" is an errand, not "shops" in every sense: left alone
    return _as_go(lemmas[0], match.group("go"))


def _go_for(match: re.Match[str]) -> str:
    noun = match.group("v")
    if noun not in _ACTIVITIES:
        return match.group()
    return f"{_as_go(noun, match.group('go'))} {match.group('m').strip()}".rstrip()


#: activities one "goes for" that are verbs of the same spelling and meaning ("a run", "a swim")
_ACTIVITIES = frozenset(["run", "walk", "swim", "jog", "ride", "hike", "cycle", "drive", "paddle", "row"])


def _as_go(verb: str, go: str) -> str:
    import lemminflect

    tag = {"go": "VBP", "goes": "VBZ", "went": "VBD", "gone": "VBN", "going": "VBG"}[go]
    forms = lemminflect.getInflection(verb, tag)
    return forms[0] if forms else verb


def _parent(match: re.Match[str]) -> str:
    kind = (match.group("k") or "").strip()
    if not kind:
        kind = "grandchildren" if match.group("p") in _GRAND else "children"
    elif match.group("p") in _GRAND and kind in ("children", "kids"):
        kind = "grandchildren"  # "grandfather to three kids": his grandchildren
    elif (match.group("p") in _GRAND) != kind.startswith("grand"):
        return match.group()  # "a grandmother of two sons" says whose sons? left alone
    have = "had" if match.group("be") == "was" else "has"
    return f"{have} {match.group('n')} {kind}"


@lru_cache(maxsize=65536)
def agent_verb(noun: str) -> str | None:
    """The verb ``noun`` names the doer of: its most frequent sense is a person (WordNet's noun.person)
    derived from a verb it is spelled from, not the same word: "teacher" -> "teach", "translator" ->
    "translate", "student" -> "study", "driver" -> "drive"; None for "mother", "pianist" (from a
    noun), "nurse" (the verb is the noun), "guitar"."""
    if noun in _NO_AGENT:
        return None
    return _derived_verb(noun, 1, _PERSON_FILES)


@lru_cache(maxsize=65536)
def played(noun: str) -> str | None:
    """The instrument ``noun`` names the player of: its most frequent sense is a musician (WordNet: a
    hyponym of "musician, instrumentalist, player") derived from an instrument it is spelled from:
    "guitarist" -> "guitar", "cellist" -> "cello", "pianist" -> "piano"; None for "singer"."""
    for synset in lexicon.noun_senses(noun, 1):
        if lexicon.lex_file(synset) not in _PERSON_FILES or _MUSICIAN not in lexicon.hypernyms(synset, 3):
            return None
        for symbol, target in lexicon.pointers(synset):
            if symbol == "+" and target[0] == "n":
                for word in lexicon.synset_words(target):
                    if "_" not in word and len(word) >= 4 and noun.startswith(word.lower()[:4]):
                        return word.lower()
    return None


#: WordNet 3.0's "musician, instrumentalist, player" (a hyponym of "performer")
_MUSICIAN = ("n", 10340312)


@lru_cache(maxsize=65536)
def event_verb(noun: str) -> str | None:
    """The verb ``noun`` names the act or event of: one of its two most frequent senses is an act or an
    event (noun.act, noun.event) derived from a verb it shares its spelling with: "flight" -> "fly",
    "move" -> "move", "trip" -> "trip"; None for "car", "sister", "budget"."""
    return _derived_verb(noun, 2, _EVENT_FILES, same=True)


#: WordNet's lexicographer files of a doer (noun.person) and of an act or event (noun.act, noun.event)
_PERSON_FILES = frozenset([18])
_EVENT_FILES = frozenset([4, 11])


def _derived_verb(noun: str, senses: int, files: frozenset[int], same: bool = False) -> str | None:
    found: list[str] = []
    for synset in lexicon.noun_senses(noun, senses):
        if lexicon.lex_file(synset) not in files:
            continue
        for symbol, target in lexicon.pointers(synset):
            if symbol != "+" or target[0] != "v":
                continue
            for verb in lexicon.synset_words(target):
                verb = verb.lower()
                if "_" not in verb and _spelled_from(noun, verb) and verb not in found:
                    found.append(verb)
    other = [v for v in found if v != noun]
    if other:
        return min(other, key=len)
    return noun if same and noun in found else None


def _spelled_from(noun: str, verb: str) -> bool:
    """Whether ``noun`` is spelled from ``verb``: their first letters agree up to the verb's last
    (a final "e", "y" or "t" may change: "drive" / "driver", "study" / "student", "fly" / "flight")."""
    if len(verb) < 3:
        return False
    stem = verb[:-1] if verb[-1] in "eyt" and len(verb) > 3 else verb
    return noun.startswith(stem if len(verb) > 3 else verb[:2])


def agentive_apart(a: str, b: str) -> bool:
    """Whether one statement names a role by its agent noun ("Tom is a dog trainer") and the other does
    the role's verb to something of its own ("Tom trains his dog"): a job is not a chore of one's own."""
    for x, y in ((a, b), (b, a)):
        match = _AGENTIVE_RE.match(x.strip())
        if match is None:
            continue
        verb = agent_verb(match.group("n"))
        if verb is None:
            continue
        if re.search(rf"\b{_verb_forms(verb)}\s+{_OWN_OBJECT}\b", y, re.IGNORECASE):
            return True
    return False


@lru_cache(maxsize=4096)
def _verb_forms(verb: str) -> str:
    import lemminflect

    forms = {verb}
    for tag in ("VBZ", "VBD", "VBG", "VBN", "VBP"):
        forms.update(lemminflect.getInflection(verb, tag))
    return "(?:" + "|".join(sorted(map(re.escape, forms))) + ")"
