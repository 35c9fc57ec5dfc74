"""What kind of memory a kept statement is, how it reads in the third person, and who may see it.

Used by the rule-based extractor (``rules``) on one statement at a time. The order of the type
checks matters and is the design: a decision beats everything ("we pinned numpy because faiss
broke"), a reported malfunction is an observation even with "never"/"every time" in it, a past
event with a time is an episode even when it names a colleague, a relationship needs a role word
or a relation verb, a preference needs permanence language *and* the speaker (or an instruction
to the assistant), a procedure needs a rule or step shape; anything else with a signal is a fact.
"""

from __future__ import annotations

import re

from ..models import MemoryType, Visibility
from .statements import has_permanence

__all__ = ["WHEN_RE", "classify", "has_rule_shape", "name_subject", "third_person", "visibility_of"]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def _re(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.I)


_DECISION_RE = _re(
    r"\b(?:decided|decision|agreed|we\s+agree|settled\s+on|going\s+with|go\s+with|went\s+with|chose|chosen|"
    r"picked|opted|pinned|approved\s+the\s+plan|décidé|decidido|decidimos|decidí|decidieron|beschlossen|"
    r"entschieden)\b|\b(?:we're|we\s+are|the\s+team\s+is|we\s+will|we'll)\s+(?:moving|switching|migrating|"
    r"move|switch|migrate)\b.*\b(?:to|from)\b|"
    r"^\W*(?:we|the\s+team)\s+(?:will\s+)?drop\b"
)
_OBSERVATION_RE = _re(
    r"\b(?:crash(?:es|ed|ing)?|fails?|failing|failed|errors?|stopped\s+\w+ing|logs?\s+\w+\s+out|"
    r"never\s+arrives?|doesn't\s+work|does\s+not\s+work|is\s+down|flaky|time[sd]?\s*out|timeouts?|"
    r"not\s+loading|hangs?|freezes?|returns?\s+(?:a\s+)?\d{3}|slow|laggy|lags|"
    r"takes?\s+(?:over\s+|more\s+than\s+)?(?:a|an|\d+)\s+\w+\s+to\s+(?:load|open|start|sync))\b"
)
_PAST_RE = _re(
    r"\b(?:\w{3,}ed|went|ran|broke|got|left|joined|began|came|took|made|met|bought|sold|lost|won|hit|"
    r"had|was|were|did|shipped|signed|moved|started|rolled|fell|wrote|gave|sent|paid|llegó|fue)\b"
)
#: a past time: "yesterday", "last night", "in March", "on 3 June", "two weeks ago"
WHEN_RE = _re(
    r"\b(?:yesterday|ago|last\s+(?:\w+)|this\s+(?:week|month|year|morning)|earlier\s+today|recently|"
    r"(?:in|on|since)\s+(?:\d{1,2}\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|"
    r"in\s+(?:19|20)\d\d|on\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\b|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))"
)
_ROLE = (
    r"(?:manager|boss|wife|husband|partner|son|daughter|mother|mom|mum|father|dad|brother|sister|aunt|"
    r"uncle|cousin|grandmother|grandfather|friend|best\s+friend|colleague|coworker|landlord|dentist|doctor|"
    r"lawyer|accountant|admin|contact|lead|head|owner|maintainer|cfo|ceo|cto|founder|assistant|mentor|"
    r"account\s+manager|team\s+lead|vp|svp|evp|director|president|chief|chair|teacher|coach|tutor|therapist|"
    r"nanny|neighbou?r|recruiter|product\s+owner|product\s+manager|dog|cat|hermana|hermano|madre|padre|hija|hijo|tochter|sohn|frau|mann|"
    r"fille|fils|femme|mari|sœur|frère)"
)
#: a role with a name ("my son Leo", "our CFO, Dana White", "my wife's name is"); "my grandmother turns 90"
#: is a fact about a relative, not a relationship
_RELATION_RE = re.compile(
    rf"(?i:\b(?:my|our|the\s+user's|mi|mis|mon|ma|meine?|unser[e]?)\s+(?:\w+\s+){{0,2}}{_ROLE}\b)"
    r"(?:,?\s+(?:(?i:is|was|heißt|se\s+llama|s'appelle)\s+)?(?:(?:Dr|Mr|Mrs|Ms)\.\s+)?[A-Z]|(?i:'s\s+name))|"
    rf"(?i:\bis\s+(?:the\s+)?(?:new\s+)?(?:my|our|the)\s+(?:\w+\s+){{0,2}}{_ROLE}\b|"
    rf"\b(?:taking|took|takes)\s+over\s+as\s+(?:the\s+)?(?:\w+\s+){{0,2}}{_ROLE}\b|"
    rf"\bis\s+the\s+(?:new\s+)?{_ROLE}\b|"
    rf"\b[A-Z]\w+'s\s+{_ROLE}\s+is\s+(?:(?:Dr|Mr|Mrs|Ms)\.\s+)?[A-Z]|"
    r"^\W*[A-Z]\w+(?:\s+[A-Z]\w+)?\s+(?:wrote|built|created|designed|founded)\s+(?:the|most\s+of|much\s+of|all\s+of)\b|"
    r"\b(?:reports\s+to|owns|maintains|maintained\s+by|manages|leads|heads|reviews|wrote\s+the|works\s+with|"
    rf"works\s+for|married\s+to)\b|\b{_ROLE}\s+(?:named|called)\b)"
)
_RULE_RE = _re(
    r"^\W*(?:to|before|after|when|whenever|once|on\s+a|every)\s+[^,]{3,},|\bmust\b|\brequires?\b|\bneeds?\s+(?:to\s+)?\w+|"
    r"\bprocess\s+is\b|\bfirst\b.*\bthen\b|\bsigns?\s+off\b|\bescalate|"
    r"^\W*(?:always|never|don't|do\s+not)\s+(?:commit|deploy|merge|push|release|tag|force|run|skip)|"
    r"\bdue\s+(?:on|by|every|within)\b|^\W*(?:every|each|all)\s+(?!(?:mon|tues|wednes|thurs|fri|satur|sun)day)\w+"
)
#: a group's standing practice ("we never log request bodies"), not a want ("we always need a PO number")
_GROUP_PRACTICE_RE = _re(
    r"^\W*(?:we|the\s+team|wir|nous|nosotros)\s+(?:always|never|nie|jamais|nunca|usually|generally)\s+"
    r"(?!need|want|like|prefer|expect|require)\w+"
)
#: a condition then its rule: "To deploy, run…", "Whenever a deploy fails, roll back…"
_CONDITION_RE = _re(r"^\W*(?:to|before|after|when|whenever|once|on\s+a|every\s+time)\s+[^,]{3,},\s*\w")
#: "must be dated", "is rebuilt": a participle after a form of "be" is no past event
_PASSIVE_RE = _re(
    r"\b(?:be|been|being|is|are|get|gets)\s+(?:\w+ed|paid|made|sent|done|given|taken|kept|held)\b"
)
#: "on the 25th of every month": a routine, not an event
_ROUTINE_RE = _re(
    r"\b(?:every|each)\s+(?:\w+\s+)?(?:day|week|month|year|morning|evening|night|weekday|quarter)\b"
)
#: a group's want ("we always need a PO number"): a preference even with a rule word in it
_GROUP_WANT_RE = _re(
    r"^\W*(?:we|the\s+team|our\s+\w+)\s+(?:\w+\s+)?(?:need|want|like|prefer|expect|require)s?\b"
)
_SPEAKER_RE = _re(r"\b(?:i|i'm|i'd|i've|i'll|me|je|j'|moi|yo|ich|mich|mir)\b")
_SPEAKER_OWN_RE = _re(r"\b(?:my|mine|mon|ma|mes|mi|mis|mein|meine)\b")
_GROUP_RE = _re(r"\b(?:we|we're|we've|our|us|nous|notre|nos|nosotros|nuestro|nuestra|wir|unser|unsere)\b")
_INSTRUCTION_START_RE = _re(
    r"^\W*(?:from\s+now\s+on|by\s+default|going\s+forward|in\s+(?:the\s+)?future|always|never|"
    r"whenever|désormais|de\s+ahora\s+en\s+adelante|ab\s+jetzt)\b"
)
_WORK_ROLE_RE = _re(
    r"\b(?:manager|boss|colleague|coworker|lead|head|owner|maintainer|admin|contact|cfo|ceo|cto|"
    r"reports\s+to|owns|maintains|reviews|account\s+manager)\b"
)
_ENGLISH_RE = _re(r"\b(?:the|is|are|i|my|we|our|and|to|of)\b")


def has_rule_shape(sentence: str) -> bool:
    """A condition and its rule, or a must / needs / process statement."""
    return bool(_CONDITION_RE.match(sentence) or _RULE_RE.search(sentence))


def classify(sentence: str) -> MemoryType:
    """The memory type of one kept statement (see the module docstring for the order)."""
    if _DECISION_RE.search(sentence):
        return MemoryType.DECISION
    if _CONDITION_RE.match(sentence):
        return MemoryType.PREFERENCE if _SPEAKER_RE.search(sentence) else MemoryType.PROCEDURE
    if _OBSERVATION_RE.search(sentence) and not _SPEAKER_RE.match(sentence.strip()):
        return MemoryType.OBSERVATION
    if (
        _PAST_RE.search(_PASSIVE_RE.sub(" ", sentence))
        and WHEN_RE.search(sentence)
        and not _ROUTINE_RE.search(sentence)
    ):
        return MemoryType.EPISODE
    if _RELATION_RE.search(sentence):
        return MemoryType.RELATIONSHIP
    if has_permanence(sentence) and (
        _SPEAKER_RE.search(sentence)
        or _SPEAKER_OWN_RE.search(sentence)
        or _INSTRUCTION_START_RE.match(sentence)
        or _GROUP_RE.search(sentence)
    ):
        if _GROUP_WANT_RE.match(sentence):
            return MemoryType.PREFERENCE
        if (_RULE_RE.search(sentence) or _GROUP_PRACTICE_RE.match(sentence)) and not _SPEAKER_RE.search(
            sentence
        ):
            return MemoryType.PROCEDURE
        return MemoryType.PREFERENCE
    if _RULE_RE.search(sentence) and not _SPEAKER_RE.search(sentence):
        return MemoryType.PROCEDURE
    return MemoryType.FACT


def visibility_of(sentence: str, kind: MemoryType, ceiling: str) -> Visibility:
    """Personal or shared, never wider than ``ceiling``.

    The speaker's own preferences, life, working style and reminders (first person singular)
    are personal; what a group says of itself ("we", "our": the team, the company, the customer's
    organisation), knowledge about colleagues (a work role: manager, lead, owner...) and statements
    that name no speaker (systems, customers, processes) are shared.
    """
    if ceiling != "shared":
        return Visibility.PERSONAL
    group = _GROUP_RE.search(sentence) is not None
    speaker = _SPEAKER_RE.search(sentence) is not None or _SPEAKER_OWN_RE.search(sentence) is not None
    if kind is MemoryType.RELATIONSHIP and _WORK_ROLE_RE.search(sentence):
        return Visibility.SHARED
    if kind is MemoryType.PREFERENCE and not group:
        return Visibility.PERSONAL
    if speaker and not group:
        return Visibility.PERSONAL
    return Visibility.SHARED


_NAME_START_RE = re.compile(r"^\W*((?:(?:Dr|Mr|Mrs|Ms)\.\s+)?[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,2})\b")
_NOT_NAMES = _words(
    "the a an our my we i it this that these those there here when whenever before after to every "
    "always never from by release logs secrets database integration decision yesterday"
)


def name_subject(sentence: str) -> str | None:
    """The named entity a statement opens with ("Tom Becker reports to…" → "Tom Becker", "Our company
    Zephyr Corp is…" → "Zephyr Corp"), if any."""
    match = _NAME_START_RE.match(_our_named(sentence))
    if not match:
        return None
    name = match.group(1)
    first = name.split()[0].lower().rstrip(".")
    if first in _NOT_NAMES or (" " not in name and not _looks_named(sentence, name)):
        return None
    return name


def _looks_named(sentence: str, word: str) -> bool:
    rest = sentence[len(word) :].lstrip()
    return bool(re.match(r"(?:is|was|reports|owns|maintains|reviews|wrote|left|joined|works)\b", rest))


_VERB_S_EXCEPTIONS = {"have": "has", "do": "does", "go": "goes", "am": "is", "was": "was"}
_NOT_PRESENT = _words(
    "will would can could should must might may shall did was had 'd 'll also just still really "
    # common irregular past forms: "I went" stays "the user went"
    "went ran broke got left began came took made met bought sold lost won hit wrote gave sent paid saw told "
    "said thought felt kept found knew grew drove flew ate drank slept spoke quit put set cut let read led"
)


def _third_singular(verb: str) -> str:
    low = verb.lower()
    if low in _VERB_S_EXCEPTIONS:
        return _VERB_S_EXCEPTIONS[low]
    if low in _NOT_PRESENT or (low.endswith("ed") and not low.endswith("eed")) or not low.isalpha():
        return verb
    if re.search(r"(?:s|sh|ch|x|z|o)$", low):
        return verb + "es"
    if re.search(r"[^aeiou]y$", low):
        return verb[:-1] + "ies"
    return verb + "s"


_FIXED = [
    (r"\bI'm\b", "the user is"),
    (r"\bI am\b", "the user is"),
    (r"\bI've\b", "the user has"),
    (r"\bI'd\b", "the user would"),
    (r"\bI'll\b", "the user will"),
    (r"\bI don't\b", "the user doesn't"),
    (r"\bI do not\b", "the user does not"),
    (r"\bwe're\b", "the team is"),
    (r"\bwe've\b", "the team has"),
    (r"\bwe'll\b", "the team will"),
    (r"\bmy\b", "the user's"),
    (r"\bmine\b", "the user's"),
    (r"\bmyself\b", "themselves"),
    (r"\bme\b", "the user"),
    (r"\bour\s+(teams?)\b", r"the \1"),  # "our team decided": the team itself, not "the team's team"
    (r"\bour\b", "the team's"),
    (r"\bus\b", "the team"),
    (r"\bwe\b", "the team"),
]
_FIXED_RE = [(re.compile(p, re.I), r) for p, r in _FIXED]
#: "our company Zephyr Corp", "our CEO, Dana Lee,": a first-person plural possessive, one word saying
#: what the named thing is to the speaker (lower case, or an acronym like CEO), then the name the user
#: gave. "our" → "the team's" made "the team's company Zephyr Corp": a company is not the team's, and
#: the name read as a modifier. The name becomes the head and the word its apposition: "Zephyr Corp,
#: the user's company," (the speaker's: "the user", as "my" is written).
_OUR_NAMED_RE = re.compile(
    r"\b(?i:our)\s+(?P<what>[a-z][a-z-]+|[A-Z]{2,5})(?P<comma>\s*,)?\s+"
    r"(?P<name>[A-Z][\w&'.-]*(?:\s+(?:&\s+)?[A-Z][\w&'.-]*){0,3})(?P<after>\s*,)?(?P<rest>\s*\w?)"
)
#: what the word before the name may not be: it then starts a clause ("our clients love Acme")
_NOT_WHAT = _words(
    "team teams own is are was were has have had do does did will would can could should may might must "
    "in on at to of for from with by and or but as than not also just only always never still all both"
)


def _our_named(text: str) -> str:
    def apposition(match: re.Match[str]) -> str:
        what = match.group("what")
        if what.lower() in _NOT_WHAT:
            return match.group(0)
        name = match.group("name")
        rest = match.group("rest")
        closing = "," if rest.strip() else ""  # the sentence goes on after the name: close the apposition
        return f"{name}, the user's {what}{closing}{rest}"

    return _OUR_NAMED_RE.sub(apposition, text)


_I_VERB_RE = re.compile(
    r"\bI\s+((?:(?:always|never|usually|often|generally|normally|also|still|really|"
    r"just|only|mostly|sometimes)\s+)?)([A-Za-z']+)"
)


_WE_VERB_RE = re.compile(
    r"\b[Ww]e\s+((?:(?:always|never|usually|often|generally|normally|also|still|really|just|only|mostly|"
    r"sometimes)\s+)?)([a-z']+)"
)


def third_person(sentence: str) -> str:
    """Rewrite an English first-person statement in the third person (see ``models``); other
    languages are kept as said (the extractor does not translate)."""
    text = sentence.strip().rstrip(".!;").strip()
    if not _ENGLISH_RE.search(text):
        return text
    text = _our_named(text)
    text = _I_VERB_RE.sub(lambda m: f"the user {m.group(1)}{_third_singular(m.group(2))}", text)
    text = _WE_VERB_RE.sub(lambda m: f"the team {m.group(1)}{_third_singular(m.group(2))}", text)
    for pattern, replacement in _FIXED_RE:
        text = pattern.sub(replacement, text)
    return text[:1].upper() + text[1:]
