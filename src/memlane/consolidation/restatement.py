"""Restatements that only change how a statement is written, not what it says: pure functions.

Consolidation compares statements after ``plain_forms``: contractions spelled out ("I'll" is "I will",
"can't" is "cannot", "won't" is "will not", "they're" is "they are"), "has got" / "'ve got" before what
is had read as "has" ("Ana's got a dog" is "Ana has a dog"), and the extractor's third person as the
speaker's own words ("The user prefers window seats" is "I prefers window seats", "the user's wife" is
"my wife"), since an extracted memory says "the user" where a stored one says "I"
(``extraction.classify`` writes them so). Within one consolidation group (``duplicates.group_key``:
one owner, one related user, one subject) "I" and "the user" name one person: the group's own. The
speaker's words are stopwords of the signature, so "My appointment with Dr. Okafor…" still merges with
"The appointment with Dr. Okafor…", as before.

Also spelled one way (``written_forms``, applied by ``plain_forms``):

- a number glued to its unit is spaced ("5km" is "5 km", "10kg" is "10 kg", "3h" is "3 h"): a unit is
  what WordNet calls a unit of measurement (``lexicon.is_unit``) or a common abbreviation of one;
- a time of day is a 24-hour "HH:MM" ("10am", "10 a.m.", "at 10.00", "10 o'clock" are "10:00",
  "half past eight" is "08:30", "a quarter to ten" "09:45",
  "3pm" is "15:00", "noon" is "12:00"); "10.00" is a time only after a preposition of time ("at",
  "from", "until"…), since elsewhere it may be an amount;
- a compound one way: a hyphenated word is the same letters joined when the joined word is a word
  (WordNet or lemminflect: "e-mail" is "email", "co-worker" is "coworker"; not after "re-", since
  "re-sign" is not "resign"), and a verb and its particle, written closed, hyphenated or open, are
  open ("standup", "stand-up", "stand up" are "stand up"; "check-out" / "checkout");
- a currency's code as its word ("1450 EUR" is "1450 euros");
- "works as a …" / "is employed as a …" before a role is "is a …", also with the place first
  ("works at Acme as a data engineer" is "is a data engineer at Acme");
- a plan in the present progressive is the simple present when the statement says a time to come ("is
  moving to Milan in June" is "moves to Milan in June", also "on 3 March", "in 2027", "at the end of
  June"; "is moving to Milan", with no time, is left
  alone, and "is going to" is a future, left alone); where someone works, lives or studies is one
  state in either form ("is working at Zalando" is "works at Zalando", "is living in Lyon").

Left alone: "'s" (is, has, or a possessive), "'d" (had or would), and every other word.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..text.dates import MONTH_ABBREVIATIONS, MONTH_NAMES, WEEKDAY_NAMES
from .anchors import anchor_forms

__all__ = ["plain_forms", "written_forms"]

#: contractions with one reading, spelled out (the auxiliary's "n't" is left to the negation reading)
_CONTRACTIONS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), replacement)
    for pattern, replacement in (
        (r"\bwon't\b", "will not"),
        (r"\bshan't\b", "shall not"),
        (r"\bcan't\b", "cannot"),
        (r"\bcan not\b", "cannot"),
        (r"\b(I|you|we|they|he|she|it|that|there)'ll\b", r"\1 will"),
        (r"\b(I|you|we|they|who)'ve\b", r"\1 have"),
        (r"\b(you|we|they|who)'re\b", r"\1 are"),
        (r"\bI'm\b", "I am"),
    )
)
#: "has got" / "have got" before what is had is "has" / "have" ("I've got two kids", "Ana's got a dog")
_GOT_RE = re.compile(
    r"\b(has|have|'s)\s+got\s+(?=(?:a|an|the|no|some|two|three|four|\d|my|his|her|their|our|your|its)\b)",
    re.IGNORECASE,
)
_SPACES_RE = re.compile(r"\s+")
_DIGIT_RE = re.compile(r"\d")
#: the extractor's third person as the speaker's words (``extraction.classify`` writes "the user" for
#: "I"): "the user's" is "my", "the user" a subject "I", elsewhere "me"; the first matching wins
_SPEAKER: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), replacement)
    for pattern, replacement in (
        (r"\b(?:the\s+)?user's\b", "my"),
        (r"(^|[,;:]\s*|\b(?:and|but|that|who|because|when|if|while|since|so)\s+)the\s+user\b", r"\1I"),
        (r"^user\b", "I"),
        (r"\bthe\s+user\b", "me"),
    )
)


def plain_forms(content: str, plans: bool = True) -> str:
    """``content`` with contractions spelled out, "has got" as "has" and "the user" as the speaker's
    "I" / "me" / "my", and written one way (``written_forms``; with ``plans=False`` a plan's
    progressive is left as written: module docstring)."""
    low = content.lower()
    if "'" in content or "can not" in low:
        for pattern, replacement in _CONTRACTIONS:
            content = pattern.sub(replacement, content)
    if "got" in low:
        content = _GOT_RE.sub(lambda m: " has " if m.group(1).lower() in ("has", "'s") else " have ", content)
        content = _SPACES_RE.sub(" ", content).strip()
    if "user" in low:
        for pattern, replacement in _SPEAKER:
            content = pattern.sub(replacement, content)
    return written_forms(content, plans)


#: abbreviations of units WordNet does not list as units (it does list km, kg, h, ml, ft, lb…)
_UNIT_ABBREVIATIONS = frozenset(
    re.findall(r"\w+", "hr hrs min mins sec secs yr yrs wk wks mph kmh kph kwh oz tb")
)
#: what follows a number glued to it that is no unit: ordinals, times of day, decades
_NOT_UNITS = frozenset(["st", "nd", "rd", "th", "am", "pm", "s", "x"])
_GLUED_RE = re.compile(r"\b(\d+(?:[.,]\d+)*)([a-zA-Z]{1,4})\b")
#: a time of day with a.m. / p.m.: "10am", "10 a.m.", "3.30pm", "3:30 p.m."
_MERIDIEM_RE = re.compile(r"\b(\d{1,2})(?:[:.](\d{2}))?\s*([ap])(?:\.m\.|\.m\b|m\b)", re.IGNORECASE)
_CLOCK_RE = re.compile(r"\b(\d{1,2})(?::(\d{2})|\s+o'clock)(?![\d:])", re.IGNORECASE)
#: "10.00" is a time only after a preposition of time
_DOTTED_RE = re.compile(
    r"\b((?:at|from|until|till|til|by|before|after|around|about|between|to|and)\s+)(\d{1,2})\.(\d{2})\b(?![.,]\d)",
    re.IGNORECASE,
)
_NOON_RE = re.compile(r"\b(?:12\s+)?(noon|midday|midnight)\b", re.IGNORECASE)
#: a currency's code beside an amount ("1450 EUR", "USD 20") as its word
_CODES = {"eur": "euros", "usd": "dollars", "gbp": "pounds", "chf": "francs", "jpy": "yen"}
_CODE_AFTER_RE = re.compile(r"(\d)\s*\b(EUR|USD|GBP|CHF|JPY)\b")
_CODE_BEFORE_RE = re.compile(r"\b(EUR|USD|GBP|CHF|JPY)\s*(\d[\d,.]*\d|\d)")
_HYPHEN_RE = re.compile(r"\b([A-Za-z]+)-([A-Za-z]+)\b")
_PARTICLES = ("up", "down", "out", "off", "over")
_CLOSED_RE = re.compile(r"\b([A-Za-z][a-z]{2,})(" + "|".join(_PARTICLES) + r")\b")
_WORKS_AS_RE = re.compile(r"\b(works|worked|work)\s+as\s+(an?)\s+", re.IGNORECASE)
_EMPLOYED_AS_RE = re.compile(r"\b(is|was|are|am|were)\s+employed\s+as\s+(an?)\s+", re.IGNORECASE)
_WORKS_AT_AS_RE = re.compile(
    r"\b(works|worked|work)\s+((?:at|for)\s+[^,.;]+?)\s+as\s+(an?\s+[^,.;]+?)\s*(?=[,.;]|$)",
    re.IGNORECASE,
)
#: a month's abbreviation, capitalised, beside a day or a year ("Mar 2025", "12 Sept 2026", "Sept. 12"):
#: its full name ("mar" alone is a verb, "Dec" may be a name)
_SHORT_MONTHS = "|".join(sorted((m.capitalize() for m in MONTH_ABBREVIATIONS), key=len, reverse=True))
_MONTH_SHORT_RE = re.compile(rf"(?<=\d )({_SHORT_MONTHS})\b\.?|\b({_SHORT_MONTHS})\b\.?(?=\s+\d)")
#: a time to come ("in June", "next week", "tomorrow", "on Friday", "in two weeks", "this summer")
_TO_COME_RE = re.compile(
    rf"\b(?:tomorrow|tonight|soon|next\s+\w+|in\s+(?:{MONTH_NAMES})\b|on\s+(?:{WEEKDAY_NAMES})\b|later\s+this"
    rf"|this\s+(?:weekend|week|month|year|summer|winter|spring|autumn|fall|evening|afternoon|{WEEKDAY_NAMES})\b"
    r"|in\s+(?:a|an|\d+|two|three|four|five|six|a\s+few)\s+(?:days?|weeks?|months?|years?)\b"
    rf"|on\s+(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{MONTH_NAMES})\b|on\s+(?:{MONTH_NAMES})\s+\d{{1,2}}\b"
    rf"|in\s+(?:early|mid|late)[\s-]+(?:{MONTH_NAMES})\b|in\s+20\d\d\b"
    rf"|(?:at|by)\s+the\s+end\s+of\s+(?:{MONTH_NAMES}|the\s+(?:week|month|year))\b)",
    re.IGNORECASE,
)
_PROGRESSIVE_RE = re.compile(r"\b(is|are|am)\s+([a-z]+ing)\b")
#: a state in the progressive: where someone works, lives or studies ("is working at Zalando" is "works
#: at Zalando", "is living in Lyon" is "lives in Lyon"): the same current fact, with or without a time
_STATE_RE = re.compile(r"\b(is|are|am)\s+(working|living|studying)(?=\s+(?:at|for|in|with)\b)")


def _full_month(short: str) -> str:
    return MONTH_ABBREVIATIONS[short.lower()].capitalize()


def _hour(hour: int, minutes: str | None, meridiem: str) -> str | None:
    if not 1 <= hour <= 12:
        return None
    hour = hour % 12 + (12 if meridiem.lower() == "p" else 0)
    return f"{hour:02d}:{minutes or '00'}"


def _unit(word: str) -> bool:
    from .lexicon import is_unit

    low = word.lower()
    return low not in _NOT_UNITS and (low in _UNIT_ABBREVIATIONS or is_unit(low))


@lru_cache(maxsize=65536)
def _is_word(word: str) -> bool:
    """Whether WordNet or lemminflect knows ``word`` (lower case)."""
    import lemminflect

    from .lexicon import parts_of_speech

    return bool(parts_of_speech(word)) or bool(lemminflect.getAllLemmas(word))


@lru_cache(maxsize=65536)
def _is_verb(word: str) -> bool:
    import lemminflect

    return word in lemminflect.getAllLemmas(word).get("VERB", ())


def _hyphen(m: re.Match[str]) -> str:
    first, second = m.group(1), m.group(2)
    if second.lower() in _PARTICLES:
        return f"{first} {second}"
    joined = first + second
    if first.lower() != "re" and _is_word(joined.lower()):
        return joined
    return m.group()


def _closed(m: re.Match[str]) -> str:
    verb, particle = m.group(1), m.group(2)
    return f"{verb} {particle}" if _is_verb(verb.lower()) else m.group()


def _present(m: re.Match[str]) -> str:
    import lemminflect

    aux, form = m.group(1).lower(), m.group(2)
    lemmas = lemminflect.getAllLemmas(form.lower()).get("VERB", ())
    if not lemmas or form.lower() == "going":
        return m.group()
    inflected = lemminflect.getInflection(lemmas[0], tag="VBZ" if aux == "is" else "VBP")
    return inflected[0] if inflected else m.group()


def _be(verb: str, before: str) -> str:
    low = verb.lower()
    if low == "worked":
        return "was"
    if low == "works":
        return "is"
    return "am" if before.rstrip().endswith(("I", "i")) and before.rstrip()[-2:-1] in ("", " ") else "are"


#: the hours as words, for "half past eight", "quarter to ten"
_HOURS = {
    w: n
    for n, w in enumerate(
        re.findall(r"\w+", "one two three four five six seven eight nine ten eleven twelve"), 1
    )
}
#: "half past eight", "a quarter past 10", "quarter to nine": a time of day in minutes past an hour
_PAST_RE = re.compile(
    r"\b(?:(half)|(?:a\s+)?(quarter))\s+(past|to)\s+(1[0-2]|[1-9]|" + "|".join(_HOURS) + r")\b(?![:.]\d)",
    re.IGNORECASE,
)


def _past(match: re.Match[str]) -> str:
    word = match.group(4).lower()
    hour = _HOURS.get(word) or int(word)
    minutes = 30 if match.group(1) else 15
    if match.group(3).lower() == "to":
        if match.group(1):  # "half to" is no English time
            return match.group()
        hour, minutes = (hour - 2) % 12 + 1, 45
    return f"{hour:02d}:{minutes:02d}"


#: "with no" before a noun is "without" ("coffee with no sugar" / "coffee without sugar"; twenty-seventh
#: session), not in "with no one", "with no longer", "with no more than"
_WITH_NO_RE = re.compile(r"\bwith\s+no\b(?!\s+(?:one|longer|more|less|fewer)\b)", re.IGNORECASE)
#: so is "no" before a noun said on its own, after a comma or at the start, up to a punctuation mark or the
#: end ("coffee black, no sugar", "No sugar, no milk: ..."; twenty-fifth set): what "with no" says, which
#: the rule above writes "without", as the statement that says "no sugar" so is not told apart from it
_BARE_NO_RE = re.compile(r"(?:(?<=,\s)|^)no(?=\s+(?!one\b)\w+\s*(?:[,.;:!]|$))", re.IGNORECASE)


def written_forms(content: str, plans: bool = True) -> str:
    """``content`` with numbers and units, times of day, a month's abbreviation beside a number, compounds,
    "works as a", and (``plans``) a plan's progressive written one way (module docstring)."""
    content = anchor_forms(content)  # "84k" is "84000", "at 8 in the morning" "8am", "March 3rd" "March 3"
    low = content.lower()
    if "with no " in low:  # "black with no sugar" is "black without sugar"
        content = _WITH_NO_RE.sub(lambda m: "Without" if m.group()[0] == "W" else "without", content)
    if "no " in low:  # "black, no sugar" is "black without sugar"
        content = _BARE_NO_RE.sub(lambda m: "Without" if m.group()[0] == "N" else "without", content)
    if "half past" in low or "quarter" in low:  # "half past eight" is "08:30", as "8:30" is
        content = _PAST_RE.sub(_past, content)
    if _DIGIT_RE.search(content):  # a regex: a generator over every character cost more than the rules
        content = _MONTH_SHORT_RE.sub(lambda m: _full_month(m.group(1) or m.group(2)), content)
        content = _MERIDIEM_RE.sub(
            lambda m: _hour(int(m.group(1)), m.group(2), m.group(3)) or m.group(), content
        )
        content = _CLOCK_RE.sub(lambda m: f"{int(m.group(1)):02d}:{m.group(2) or '00'}"
                                if int(m.group(1)) < 24 else m.group(), content)  # fmt: skip
        content = _DOTTED_RE.sub(
            lambda m: (
                f"{m.group(1)}{int(m.group(2)):02d}:{m.group(3)}"
                if int(m.group(2)) < 24 and int(m.group(3)) < 60
                else m.group()
            ),
            content,
        )
        content = _GLUED_RE.sub(
            lambda m: f"{m.group(1)} {m.group(2)}" if _unit(m.group(2)) else m.group(), content
        )
        if "EUR" in content or "USD" in content or "GBP" in content or "CHF" in content or "JPY" in content:
            content = _CODE_AFTER_RE.sub(lambda m: f"{m.group(1)} {_CODES[m.group(2).lower()]}", content)
            content = _CODE_BEFORE_RE.sub(lambda m: f"{m.group(2)} {_CODES[m.group(1).lower()]}", content)
    low = content.lower()
    if "noon" in low or "midday" in low or "midnight" in low:
        content = _NOON_RE.sub(lambda m: "00:00" if m.group(1).lower() == "midnight" else "12:00", content)
    if "-" in content:
        content = _HYPHEN_RE.sub(_hyphen, content)
    if any(p in low for p in _PARTICLES):
        content = _CLOSED_RE.sub(_closed, content)
    if " as a" in low:
        content = _WORKS_AT_AS_RE.sub(
            lambda m: f"{_be(m.group(1), content[: m.start()])} {m.group(3)} {m.group(2)}", content
        )
        content = _WORKS_AS_RE.sub(
            lambda m: f"{_be(m.group(1), content[: m.start()])} {m.group(2)} ", content
        )
        content = _EMPLOYED_AS_RE.sub(r"\1 \2 ", content)
    if plans and "ing" in low:
        content = _STATE_RE.sub(_present, content)
        if _TO_COME_RE.search(content):
            content = _PROGRESSIVE_RE.sub(_present, content)
    return content
