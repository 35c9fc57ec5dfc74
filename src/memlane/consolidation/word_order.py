"""One statement said in another word order, written one way before the paraphrase mode compares: pure functions.

The paraphrase mode's checks read a statement's clause in its usual order, subject first: the doer
and the roles (``roles``, ``same_statement.statement_apart``), the structure (``vetoes``). Two orders
of one clause made them see another fact:

- **an adverbial said first** ("On 12 December Zofia flies to Warsaw", "Every other week Wiremu is on
  the night shift", "Near Portree, Fiona runs a sheep farm"): a phrase led by a preposition of time or
  place (``_LEADS``) and ended by a comma, or, with no comma, made only of words of a time (numbers,
  months, weekdays, words like "week", "morning", "other") and followed by the subject (a capitalised
  word or a determiner). ``in_order`` writes it at the end: "Zofia flies to Warsaw on 12 December";
- **a name with its relation in apposition** ("Péter, Ágnes's son, lives in Vienna"): written as
  "Ágnes's son Péter lives in Vienna";
- **a pseudo-cleft** ("Green tea is something Amaru likes", "Ines is the one who runs the stand-up"):
  written as the plain clause, "Amaru likes green tea", "Ines runs the stand-up".

An age said with "years old" after a verb of being is written as the number too ("is 7 years old" /
"is seven": "old" is no qualifier of a role there, as in "my old manager").

A statement in none of these is returned as it is. No word list is fitted to a set: the words of a
time and the prepositions are general English.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ..text.dates import MONTH_ABBREVIATIONS, MONTHS_IN_ORDER, WEEKDAY_NAMES

__all__ = ["in_order", "opening_moved"]


def _w(words: str) -> frozenset[str]:
    return frozenset(words.split())


#: prepositions (and quantifiers) that lead an adverbial of time or place said before the subject
_LEADS = _w("in on at from since until till during after before for near every each last next twice once")
#: words a leading adverbial of time may be made of when no comma ends it
_MONTHS = frozenset(MONTHS_IN_ORDER) | frozenset(MONTH_ABBREVIATIONS)
_WEEKDAYS = frozenset(WEEKDAY_NAMES.split("|")) | _w("weekday weekend")
_TIME_NOUNS = _w(
    "morning afternoon evening night day week month year season spring summer autumn fall winter hour "
    "minute fortnight quarter decade noon midnight am pm a.m. p.m. o'clock"
)
_NUMBER_WORDS = _w(
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred first "
    "second third fourth fifth sixth seventh eighth ninth tenth other"
)
#: words that join or frame the words of a time ("from 3 to 6 January", "the end of June", "days off")
_TIME_GLUE = _w(
    "to through until and a an the of at end start beginning middle early late mid half off every each"
)
#: how a subject begins after a leading adverbial with no comma (besides a capitalised word)
_SUBJECT_STARTS = _w("the a an his her their my our its your")
_PRONOUNS = _w("i you he she we they it")
_DIGIT_RE = re.compile(r"^\d[\d:.,/-]*(?:st|nd|rd|th|am|pm|h|s)?$")


def _time_word(token: str) -> bool:
    """Whether ``token`` (lower case, punctuation aside) names a time or a number of one."""
    word = token.rstrip("s") if token.endswith("s") and token[:-1] in _WEEKDAYS | _TIME_NOUNS else token
    return bool(_DIGIT_RE.match(word)) or word in _MONTHS | _WEEKDAYS | _TIME_NOUNS | _NUMBER_WORDS


def _leading_time(tokens: list[str]) -> int:
    """How many tokens a leading adverbial of time without a comma takes ("On 12 December", "Every
    other week", "For fifteen years"), 0 when the statement does not start with one followed by its
    subject."""
    if len(tokens) < 4 or tokens[0].lower() not in _LEADS:
        return 0
    end = 1
    while end < len(tokens):
        low = tokens[end].lower()
        if not (_time_word(low) or low in _TIME_GLUE):
            break
        end += 1
    for cut in range(end, 1, -1):  # the longest phrase that ends on a time word and meets its subject
        last, rest = tokens[cut - 1].lower(), tokens[cut:]
        if not (_time_word(last) or last == "off") or len(rest) < 2:
            continue
        first = rest[0]
        if first.lower() in _SUBJECT_STARTS | _PRONOUNS or (
            first[:1].isupper() and not _time_word(first.lower())
        ):
            return cut
    return 0


_CLEFT_RE = re.compile(
    r"^(?P<what>.+?)\s+(?:is|are)\s+(?:something|one\s+thing)\s+(?:that\s+)?"
    r"(?P<who>[A-Z][\w'’-]*|he|she|they|we|I)\s+(?P<rest>[a-z].*)$"
)
#: a name with its relation in apposition: "Péter, Ágnes's son, lives in Vienna", "Emeka, who is Ngozi's
#: husband, works…"; read as "Ágnes's son Péter lives in Vienna"
_APPOSITION_RE = re.compile(
    r"^(?P<name>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?),\s+(?:who\s+is\s+)?"
    r"(?P<whose>(?:[A-Z][\w'’-]*['’]s?|his|her|their|my|our)(?:\s+[a-z][\w-]*){1,2}),\s+(?P<rest>[a-z].*)$"
)
_ONE_WHO_RE = re.compile(r"^(?P<who>.+?)\s+is\s+the\s+(?:one|person)\s+(?:who|that)\s+(?P<rest>[a-z].*)$")


_NUMBER = r"\d+|" + "|".join(
    sorted(
        _NUMBER_WORDS
        - {
            "first",
            "second",
            "third",
            "fourth",
            "fifth",
            "sixth",
            "seventh",
            "eighth",
            "ninth",
            "tenth",
            "other",
        }
    )
)
_YEARS_OLD_RE = re.compile(
    rf"\b((?:is|are|was|were|turns|turned)\s+(?:{_NUMBER})(?:-(?:{_NUMBER}))?)\s+years?\s+old\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=65536)
def in_order(content: str) -> str:
    """``content`` in the usual order and one wording of a time (module docstring); unchanged when it
    says none of them."""
    said = _YEARS_OLD_RE.sub(r"\1", content)
    return _in_order(said)


def _in_order(content: str) -> str:
    """``content`` with a leading adverbial written at the end, a pseudo-cleft as its plain clause and a
    relation in apposition before its name; unchanged when it says none of them."""
    said = content.strip().rstrip(" .")
    cleft = _CLEFT_RE.match(said)
    if cleft is not None:
        what = cleft.group("what")
        return f"{cleft.group('who')} {cleft.group('rest')} {_sentence_case(what)}"
    apposition = _APPOSITION_RE.match(said)
    if apposition is not None:
        return f"{apposition.group('whose')} {apposition.group('name')} {apposition.group('rest')}"
    one = _ONE_WHO_RE.match(said)
    if one is not None:
        return f"{one.group('who')} {one.group('rest')}"
    tokens = said.split()
    if not tokens or tokens[0].lower() not in _LEADS:
        return content
    comma = next((i for i, t in enumerate(tokens[:8]) if t.endswith(",")), None)
    if comma is not None and len(tokens) - comma > 3:
        phrase, rest = tokens[: comma + 1], tokens[comma + 1 :]
        phrase[-1] = phrase[-1].rstrip(",")
    elif (end := _leading_time(tokens)) > 0:
        phrase, rest = tokens[:end], tokens[end:]
    else:
        return content
    return opening_moved(phrase, " ".join(rest))


def opening_moved(phrase: Sequence[str], rest: str) -> str:
    """``rest``, a statement without its opening phrase, with the phrase (its words, or its first word
    and the others) said at its end, the first word in lower case: (["On", "12", "December"], "Zofia
    flies to Warsaw") -> "Zofia flies to Warsaw on 12 December". One rule for ``in_order``,
    ``same_statement.reworded`` and ``aspect.aspect``, which find the opening phrase each their own way."""
    return " ".join([rest, phrase[0].lower(), *phrase[1:]])


def _sentence_case(phrase: str) -> str:
    """``phrase``, said first in its sentence, with its first word in lower case when WordNet writes
    it so in one of its senses ("Green tea" -> "green tea"; "Marathi theatre" kept: WordNet writes
    "Marathi" with its capital in every sense)."""
    from . import lexicon

    first, _, others = phrase.partition(" ")
    low = first.lower()
    if low in _SUBJECT_STARTS or any(low in lexicon.synset_words(s) for s in lexicon.senses(low)):
        return f"{low} {others}".strip()
    return phrase
