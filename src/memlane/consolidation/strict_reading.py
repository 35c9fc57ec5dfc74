"""The word rule's strict reading of a statement (``reading``): its tokens in order, each as its
stem after the synonyms that hold in every common sense (``STRICT_SYNONYMS``) and the intensifiers
(``STRICT_FILLERS``), with its verb form; the bag of words; the stance (modal verbs, quantifiers,
hedges, conditions, a question: ``STANCE``). Reorderings that say the same are undone first
(``rewritten``: a cleft, a passive's named agent, an apposition). ``phrase_words`` gives the words
after each role word, ``negated`` what each negation applies to. Pure functions, no I/O.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .. import text
from .discourse import strip_discourse
from .guards import PHRASE_END
from .signature import FILLERS, MARKERS, SYNONYMS, canon_of, irregular, normalise, normalise_order, stem_of
from .synonyms import stems as synonym_stems
from .verb_forms import BE, NOT_RE, SEQ_TOKEN_RE, base_form, plural_subject, verb_form

__all__ = [
    "ONE_SENSE",
    "REPORTING",
    "ROLE_WORDS",
    "STANCE",
    "STRICT_FILLERS",
    "STRICT_SYNONYMS",
    "TIME_WORDS",
    "negated",
    "phrase_words",
    "reading",
    "rewritten",
    "strict_canonical",
]


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
STANCE = {
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
TIME_WORDS = frozenset(
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


#: words whose phrase is a role: what follows them must be the same words where both statements have
#: them ("into the tea" / "into the milk", "prefers tea to coffee", "if he gets the job")
ROLE_WORDS = frozenset(
    re.findall(
        r"\w+",
        "to into onto from for with than between above below behind under over before after if unless "
        "because when whenever while",
    )
)


PHRASE_STOP = ROLE_WORDS | PHRASE_END


_TIME_STEMS = frozenset(["day", "week", "month", "year", "night", "hour", "morn", "even", "afternoon"])


_LIKE_AS = frozenset(["look", "looks", "looked", "sound", "sounds", "sounded", "feel", "feels", "seem",
                      "seems", "just", "much", "exactly", "nothing", "something", "very"])  # fmt: skip


_PRONOUNS = frozenset(["i", "you", "he", "she", "we", "they", "it", "who"])


_NOUN_LEAVE = frozenset(["on", "parental", "sick", "maternity", "paternity", "annual", "of", "unpaid"])


#: a passive's agent: "by" and a name ("was serviced in October by Hearth & Pipe")
_AGENT_RE = re.compile(r"\s+by\s+([A-Z][\w-]*(?:\s+(?:&\s+)?[A-Z][\w-]*)*)")


_PASSIVE_AUX_RE = re.compile(
    r"\b(?:is|are|was|were|been|be|being|gets|got)\s+\w+(?:ed|en|wn|ht|id|ld|ne|de|pt|lt)\b"
)


#: the reporting verbs of ``FILLERS`` (stems): where they stand says whose words are negated or
#: reported ("Ana never said she quit" / "Ana said she never quit")
REPORTING = frozenset(stem_of(w) for w in FILLERS - STRICT_FILLERS)


@lru_cache(maxsize=1)
def strict_canonical() -> tuple[dict[str, str], frozenset[str]]:
    return canon_of(STRICT_SYNONYMS, STRICT_FILLERS)


#: a cleft of place: "Porto is where Ines's sister lives" says "Ines's sister lives (in) Porto"
_CLEFT_RE = re.compile(r"^\s*(.+?)\s+(?:is|was)\s+where\s+(.+?)\s*[.!]?\s*$", re.IGNORECASE)


#: a cleft of a person: "Ines is the one who runs the stand-up" says "Ines runs the stand-up"
_ONE_WHO_RE = re.compile(r"^\s*([A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)\s+(?:is|was)\s+the\s+one\s+(?:who|that)\s+")


def rewritten(content: str) -> str:
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


@lru_cache(maxsize=65536)
def reading(content: str) -> tuple[tuple[tuple[str, str, str], ...], frozenset[str], frozenset[str]]:
    """(tokens as (surface, word) in order, the bag of words, the stance), ``same_statement``'s view of a
    statement. A word is its stem after ``STRICT_SYNONYMS`` / ``STRICT_FILLERS``; "like" after "is" or
    "looks" is ``~like`` (a comparison: "Tom is like his father" / "Tom likes his father")."""
    original = rewritten(content)
    canon, fillers = strict_canonical()
    normalised = normalise(original)
    lexical = synonym_stems(normalised)  # words of one meaning (WordNet), as the signature reads them
    raw = SEQ_TOKEN_RE.findall(NOT_RE.sub(r"\1 not", normalised))
    tokens: list[tuple[str, str, str]] = []
    stance: set[str] = set()
    previous = ""
    for i, surface in enumerate(raw):
        low = surface.lower()
        passive = previous.lower() in BE or previous.lower() in ("been", "get", "gets", "got", "getting")
        form = verb_form(surface)
        form = "" if (passive and form == "past") or form == "ongoing" else form
        if previous.lower() in BE and low.endswith("ing") and verb_form(low) == "ongoing":
            form = "ongoing"  # "is heading" beside "heads": under way, not a habit
        if not form and i and plural_subject(previous, raw[i - 2] if i > 1 else "") and base_form(low):
            form = "present"  # "The invitations go out" beside "went out": a plural's present
        following = raw[i + 1].lower() if i + 1 < len(raw) else ""
        kind = STANCE.get(low)
        if kind == "all" and following in TIME_WORDS:
            kind = None
        if low == "to" and previous.lower() in ("has", "have", "had", "got"):
            kind = "must"  # "has to paint" is "must paint"
        if kind is not None:
            stance.add(kind)
        if low == "like" and (previous in BE or previous in _LIKE_AS):
            tokens.append((surface, "~like", form))
        elif low in ("called", "named", "employed"):
            active = surface[:1].isupper() is False and (
                previous[:1].isupper() or previous.lower() in _PRONOUNS
            )
            word = stem_of(low) if active or previous == "" else ("work" if low == "employed" else "name")
            tokens.append((surface, word, form))
        elif low in ("leave", "leaves") and previous.lower() in _NOUN_LEAVE:
            tokens.append((surface, "~leave", form))
        elif kind is not None:
            tokens.append((surface, "~:" + kind, form))
        elif low in MARKERS or low in PHRASE_STOP or low in ",;":
            tokens.append((surface, "~" + low, form))
        elif low[:1].isdigit():  # "9:30" is one time, "1,200" one number
            tokens.append((surface, low.replace(",", ""), form))
        else:
            for word in sorted(text.content_words(low)):
                word = irregular(word)
                if word not in fillers:
                    tokens.append((surface, canon.get(word, lexical.get(word, word)), form))
        previous = surface
    if raw and (raw[-1] == "?" or raw[0].lower() in _QUESTION_OPENERS):
        stance.add("?")
    bag = frozenset(w for _, w, _ in tokens if not w.startswith("~") or w in ("~like", "~leave"))
    return tuple(tokens), bag, frozenset(stance)


def phrase_words(tokens: tuple[tuple[str, str, str], ...]) -> dict[str, tuple[str, ...]]:
    """Each phrase word (a role word of ``ROLE_WORDS`` or another preposition or time word of
    ``PHRASE_STOP``) -> the words of the phrase after it, in order (up to the next one or a comma)."""
    out: dict[str, list[str]] = {}
    for i, (_, word, _) in enumerate(tokens):
        if not word.startswith("~") or word.lstrip("~:") not in PHRASE_STOP:  # "~to", "~:if"
            continue
        phrase = out.setdefault(word, [])
        for _, later, _ in tokens[i + 1 :]:
            if later.startswith("~") and (later.lstrip("~:") in PHRASE_STOP or later[1:] in ",;"):
                break
            if later not in _TIME_STEMS:  # "to work every day" / "to work daily"
                phrase.append(later)
    return {k: tuple(v) for k, v in out.items()}


def negated(tokens: tuple[tuple[str, str, str], ...]) -> list[str]:
    """What each negation applies to: the next content word after it ("Ivo never claimed he won":
    ``claim``; "Ivo claimed he never won": ``won``), sorted."""
    words = [w for _, w, _ in tokens if not w.startswith("~") or w.startswith("~:")]
    return sorted(words[i + 1] if i + 1 < len(words) else "" for i, w in enumerate(words) if w == "not")
