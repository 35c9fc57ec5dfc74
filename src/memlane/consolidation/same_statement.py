"""The word rule's second check: whether one bag of words is one statement (``same_statement``), and
its parts that compare across other words for the paraphrase mode's pairs (``statement_apart``). Pure
functions, no I/O.
"""

from __future__ import annotations

import re

from ..text.words import STOPWORDS
from .compounds import modifier_moved
from .guards import degrees
from .roles import OPENERS, fronted, inverted_copula, subjects_apart
from .signature import signature
from .strict_reading import REPORTING, ROLE_WORDS, STANCE, negated, phrase_words, reading
from .structure import agentive_apart
from .verb_forms import aux_set, lemma_times, tenses_apart, verb_times
from .word_order import opening_moved

__all__ = [
    "same_statement",
    "statement_apart",
]


def _anchors(
    tokens: tuple[tuple[str, str, str], ...], names: frozenset[str], placed: frozenset[str]
) -> tuple[str, ...]:
    """The statement's names (``names``), numbers, negations, stance words and reporting verbs, in
    order: what may not change places; not those ``placed`` by a phrase both statements give alike.
    Two names joined by "and" are one pair in either order ("speaks Spanish and Catalan")."""
    words = [w for _, w, _ in tokens]
    for i in range(1, len(words) - 1):
        if words[i] == "~and" and words[i - 1] in names and words[i + 1] in names:
            words[i - 1], words[i + 1] = sorted((words[i - 1], words[i + 1]))
    return tuple(
        w
        for w in words
        if w not in placed
        and (w in names or w[:1].isdigit() or w in REPORTING or w == "not" or w.startswith("~:"))
    )


def _names(tokens: tuple[tuple[str, str, str], ...]) -> set[str]:
    """Words written with a capital letter anywhere but first: names ("Lena", "Oslo", "TV")."""
    return {
        w for i, (surface, w, _) in enumerate(tokens) if i and surface[:1].isupper() and not w.startswith("~")
    }


#: the names of days and months: values of time, compared with the numbers (``_values_moved``)
_TIME_NAMES = frozenset(
    [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ]
)


def _values(
    tokens: tuple[tuple[str, str, str], ...], names: frozenset[str], placed: frozenset[str]
) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    """(``_anchors`` less its values, its values in order, whether every value is said before the
    statement's first name or after its last). A value is a number (a date, a time, an amount) or the
    name of a day or a month; a capitalised first word is a name here (the subject: "Ana, 34, hired
    Ben")."""
    anchors = _anchors(tokens, names, placed)

    def is_value(surface: str, word: str) -> bool:
        return word[:1].isdigit() or surface.lower().removesuffix("s") in _TIME_NAMES

    values = {w for surface, w, _ in tokens if w in anchors and is_value(surface, w)}
    named = [
        k
        for k, (surface, w, _) in enumerate(tokens)
        if not is_value(surface, w)
        and (w in names or (k == 0 and surface[:1].isupper() and surface.lower() not in STOPWORDS))
    ]
    at_an_edge = not named or all(
        k < named[0] or k > named[-1] for k, (_, w, _) in enumerate(tokens) if w in values
    )
    return (
        tuple(w for w in anchors if w not in values),
        tuple(w for w in anchors if w in values),
        at_an_edge,
    )


def _values_moved(
    tokens_a: tuple[tuple[str, str, str], ...],
    tokens_b: tuple[tuple[str, str, str], ...],
    names: frozenset[str],
    placed: frozenset[str],
) -> bool:
    """Whether two statements' anchors (``_anchors``) differ only in where their values stand against
    their names ("Kofi drives a **2016** Toyota Corolla" / "Kofi's car is a Toyota Corolla from
    **2016**", "The glacier hike is on **20 February** with Arctic Adventures" / "Arctic Adventures
    glacier hike: **20 February**"): the names, negations, stance and reporting words in one order, the
    values in one order, and in each statement every value before its first name or after its last,
    where a phrase of the whole clause stands. Two values that change places ("2 cats and 3 dogs" / "3
    cats and 2 dogs", "leaves at 7, arrives at 9"), two names that do ("Ana beat Marco"), or a value
    said between two names in one statement ("Ana, 34, hired Ben" / "Ana hired Ben, 34": whose age)
    keep them apart."""
    rest_a, values_a, edge_a = _values(tokens_a, names, placed)
    rest_b, values_b, edge_b = _values(tokens_b, names, placed)
    return bool(values_a) and rest_a == rest_b and values_a == values_b and edge_a and edge_b


def _rotated(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    return len(a) == len(b) and any(a[k:] + a[:k] == b for k in range(1, len(a)))


#: the role words that may open a statement with a phrase moved from its end ("With every meal Ana
#: drinks tea", "Before retiring, Ana taught maths", "If it rains, the match is off"), and the words of
#: time and place that may (``roles.OPENERS``: "Every morning before dawn Ana runs")
_OPENING_WORDS = "|".join(sorted((ROLE_WORDS - {"than"}) | OPENERS))
#: the opening phrase up to a comma
#: (a comma between digits is a number's: "Last year the Prius had 330,000 km" has no opening phrase)
_OPENING_COMMA_RE = re.compile(
    rf"^((?i:{_OPENING_WORDS}))\s+((?:[^,]|(?<=\d),(?=\d))+)(?:(?<!\d),|,(?!\d))\s*(.+?)[.!]?\s*$"
)
#: the opening phrase in lower case (numbers too) up to the first capitalised word, the subject's (or
#: "the user", the owner read as the speaker: ``duplicates.statement``)
_OPENING_RE = re.compile(
    rf"^((?i:{_OPENING_WORDS}|\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten))\s+"
    r"((?:[a-z0-9][\w'’-]*\s+)+)"
    # (not a determiner of the name: "Last year the Prius had ..." opens with "last year", not "last year the")
    + "".join(
        rf"(?<!\b{w}\s)"
        for w in ("the", "a", "an", "my", "his", "her", "our", "their", "its", "this", "that")
    )
    + r"(?=[A-Z]|the user\b)(.+?)[.!]?\s*$"
)
#: "Green tea is something Ana likes": "Ana likes green tea" (a cleft with "something"); "The Cessna
#: 172 is the plane Ana flies" (a cleft with "the" and a noun, "that" / "which" / "who" or none):
#: "Ana flies the Cessna 172", the noun that named the kind left out
_CLEFT_RE = re.compile(
    r"^(.+?)\s+(?:is|are)\s+(?:something|the\s+[a-z]+)\s+(?:that\s+|which\s+|who\s+)?"
    r"((?:[A-Z][\w'’-]*\s+)+|the user\s+|I\s+)([a-z]+)\s*[.!]?\s*$"
)
#: "does not have a car": "has no car" (the negation on what is had, as "has no" puts it)
_NOT_HAVE_RE = re.compile(r"\b(do|does|did)(?:\s+not|n['’]t)\s+have\s+(?:an?|any)\s+", re.IGNORECASE)
_HAVE = {"do": "have", "does": "has", "did": "had"}
_DETERMINER_RE = re.compile(r"^(?:The|A|An|This|That|These|Those|My|His|Her|Their|Our|Its)\b")


def reworded(content: str) -> str:
    """``content`` with an opening phrase moved to its end ("With every meal Ana drinks tea" -> "Ana
    drinks tea with every meal", "Three days a week Ana works from home"; up to a comma, or without one
    when the phrase is in lower case and the subject's name follows), a cleft with "something" or "the"
    and a noun undone ("Green tea is something Ana likes" -> "Ana likes green tea", "The Cessna 172 is
    the plane Ana flies" -> "Ana flies the Cessna 172") and "does not have a" as "has no": ways
    of writing one statement that the second check's phrases, order and negations read apart."""
    plain = content.strip()
    found = _OPENING_COMMA_RE.match(plain) or _OPENING_RE.match(plain)
    if found is not None:
        plain = opening_moved((found.group(1), found.group(2).strip()), found.group(3).strip())
    cleft = _CLEFT_RE.match(plain)
    if cleft is not None:
        thing = _DETERMINER_RE.sub(lambda m: m.group().lower(), cleft.group(1))
        plain = f"{cleft.group(2).strip()} {cleft.group(3)} {thing}"
    plain = _NOT_HAVE_RE.sub(lambda m: f"{_HAVE[m.group(1).lower()]} no ", plain)
    return content if plain == content.strip() else plain


def same_statement(a: str, b: str) -> bool:
    """The word rule's second check, on the statements as written or both ``reworded``."""
    if _same_statement(a, b):
        return True
    ra, rb = reworded(a), reworded(b)
    return (ra, rb) != (a, b) and _same_statement(ra, rb)


def _same_statement(a: str, b: str) -> bool:
    """The word rule's second check on two statements of one signature. A signature is a bag of words,
    and one bag holds "Lena hired Tom" and "Tom hired Lena", "Ana has 2 cats and 3 dogs" and "3 cats and
    2 dogs", "Kids should not eat nuts" and "Kids must not eat nuts", "Pour the milk into the tea" and
    "the tea into the milk". So two statements are one only when, read more strictly:

    - their words are one bag with the synonyms that hold in every common sense (``STRICT_SYNONYMS``,
      ``STRICT_FILLERS``);
    - their stance is the same (modal verbs, quantifiers, hedges, conditions, "almost", a question);
    - their names, numbers and negations come in one order (an opening phrase may move to the end: "In
      2021 Ana moved to Oslo"; a copula's sides may change places whole; a passive with "by" is read
      active);
    - the phrase after each role word both have ("to", "into", "than", "if", "because", …) holds the
      same words."""
    tokens_a, bag_a, stance_a = reading(a)
    tokens_b, bag_b, stance_b = reading(b)
    if bag_a != bag_b or stance_a != stance_b:
        return False
    phrases_a, phrases_b = phrase_words(tokens_a), phrase_words(tokens_b)
    shared = phrases_a.keys() & phrases_b.keys()
    roles = [k for k in shared if k.lstrip("~:") in ROLE_WORDS]
    if any(set(phrases_a[k]) != set(phrases_b[k]) for k in roles):
        return False
    if verb_times(tokens_a, tokens_b) or negated(tokens_a) != negated(tokens_b):
        return False
    if tenses_apart(a, b) or subjects_apart(a, b) or modifier_moved(a, b) or agentive_apart(a, b):
        return False
    from .paraphrases import _agent_reversed  # (paraphrases reads this module)

    if _agent_reversed(a, b) or _agent_reversed(
        b, a
    ):  # "Lena's mentor is Dr. Okafor" / "Lena mentors Dr. Okafor"
        return False
    # a name in a phrase both give alike has its place ("from Bunq to ING" / "to ING from Bunq", "at
    # 9:30 every Monday" / "every Monday at 9:30"); "at 5 past 10" / "at 10 past 5" are not alike
    placed = {w for k in shared if phrases_a[k] == phrases_b[k] for w in phrases_a[k]}
    names = frozenset(_names(tokens_a) | _names(tokens_b))
    anchors_a, anchors_b = (
        _anchors(tokens_a, names, frozenset(placed)),
        _anchors(tokens_b, names, frozenset(placed)),
    )
    if anchors_a == anchors_b:
        return True
    if _values_moved(tokens_a, tokens_b, names, frozenset(placed)):
        return True
    if (fronted(a) and _rotated(anchors_a, anchors_b)) or (fronted(b) and _rotated(anchors_b, anchors_a)):
        return True
    return inverted_copula(a, b)


#: the stance classes (``STANCE``) the paraphrase mode compares across other words: what is possible,
#: likely, reported, asked or quantified. Not "can" and "must": an ability or a need is often a fact
#: reworded ("cannot eat gluten" / "is gluten intolerant", "must not eat nuts" / "has a nut allergy");
#: not "all" (a bare plural is general too: "Failed charges are retried" / "Each failed charge…"), nor
#: the conditions "if", "when", "unless", which reword one another ("when it isn't raining" / "unless it
#: rains"); "some" / "all" is still apart ("some" is compared)
_CROSS_STANCE = frozenset(STANCE.values()) - {"can", "must", "all", "if", "when", "unless"} | {"?"}


def statement_apart(a: str, b: str) -> bool:
    """The word rule's second check (``same_statement``) for a pair the paraphrase mode proposes. Of one
    signature, the whole check (the paraphrase mode may not join what the word rule split: "Ana beat
    Marco" / "Marco beat Ana", "Tom smoked" / "Tom smokes"); of other words, the parts that compare
    across them: the time of *be* / *have* / *do* ("is" / "was") and of one verb said by both ("goes
    live" / "went live"), the stance classes (``_CROSS_STANCE``: "might", "could", "would", "should",
    "probably", "some" / "all", "if", a question…), a word one negates and the other says plainly, the
    doer of one verb, a compound's noun moved (``modifier_moved``)."""
    if signature(a) == signature(b):
        return not same_statement(a, b)
    tokens_a, bag_a, _ = reading(a)
    tokens_b, bag_b, _ = reading(b)
    if _cross_stance(a) != _cross_stance(b) or _compared_apart(a, b):
        return True
    if aux_set(a) and aux_set(b) and aux_set(a) != aux_set(b):  # "is" / "was" the CEO
        return True
    if lemma_times(_now(tokens_a, a), _now(tokens_b, b)):
        return True
    negated_a, negated_b = set(negated(tokens_a)), set(negated(tokens_b))
    unless = _UNLESS_RE.search(a) or _UNLESS_RE.search(b)  # "unless it rains": "when it isn't raining"
    if not unless and ((negated_a - negated_b) & bag_b or (negated_b - negated_a) & bag_a):
        return True
    return subjects_apart(a, b, bag_a & bag_b) or modifier_moved(a, b) or agentive_apart(a, b)


_UNLESS_RE = re.compile(r"\bunless\b", re.IGNORECASE)


def _now(tokens: tuple[tuple[str, str, str], ...], content: str = "") -> tuple[tuple[str, str, str], ...]:
    """``tokens`` with a verb under way read as a present ("is studying law" / "studies law", "is
    flying to Mumbai on 14 March" / "flies…"): across other words, one verb's times are compared as
    past against present (``lemma_times``), not as a habit against a thing under way, both true now.
    A form in "-ed" after a verb in the present of its clause is a participle, no time ("Priyanka
    lives in a **rented** condo" / "Priyanka rents a condo", twenty-eighth session) where it follows an
    article, a possessive, a preposition or a comma (``_modifies``; "owns a car she **rented**" is a
    clause of its own); a clause joined by "and", "but", "because"… has its own verb ("lives in Oslo
    and **worked** in Bergen")."""
    out: list[tuple[str, str, str]] = []
    finite = False  # a verb in the present said before in this clause
    for surface, word, form in tokens:
        form = "present" if form == "ongoing" else form
        if word in _CLAUSE_JOINS:
            finite = False
        elif form == "past" and finite and surface.lower().endswith("ed") and _modifies(surface, content):
            form = ""  # a participle after the clause's verb: "lives in a **rented** flat", "milk … **delivered** Mondays"
        elif form == "present" and surface[:1].islower():
            finite = True
        out.append((surface, word, form))
    return tuple(out)


#: the words after which a form in "-ed" modifies what follows or comes before ("a rented flat", "milk,
#: delivered Mondays"), general English
_MODIFYING = frozenset(
    [
        "a",
        "an",
        "the",
        "his",
        "her",
        "their",
        "our",
        "my",
        "its",
        "your",
        "this",
        "that",
        "these",
        "those",
        "in",
        "on",
        "at",
        "for",
        "with",
        "from",
        "into",
        ",",
        ";",
    ]
)


def _modifies(surface: str, content: str) -> bool:
    """Whether every ``surface`` of ``content`` follows a word of ``_MODIFYING``."""
    before = re.findall(rf"(\S+?)(,?)\s+{re.escape(surface)}\b", content)
    return bool(before) and all(comma or word.lower() in _MODIFYING for word, comma in before)


#: the words that start another clause, whose verb has a time of its own ("lives in Oslo and worked…")
_CLAUSE_JOINS = frozenset(
    {"~and", "~but", "~or", "~then", "~;", "~.", "~because", "~since", "~until", "~when"}
)


_EQUATIVE_RE = re.compile(r"\bas\s+(?:\w+\s+)?\w+\s+as\b", re.IGNORECASE)


_THAN_RE = re.compile(r"\bthan\b", re.IGNORECASE)


def _compared_apart(a: str, b: str) -> bool:
    """Whether one statement says two things are alike ("as old as") and the other that one is more
    ("older than", "prefers"): another fact."""
    equative_a, equative_b = bool(_EQUATIVE_RE.search(a)), bool(_EQUATIVE_RE.search(b))
    if equative_a == equative_b:
        return False
    more = [bool(_THAN_RE.search(c)) or "prefer" in degrees(c) for c in (a, b)]
    return any(more)


#: "would" in an idiom of wanting or preferring is no conditional ("would rather", "would like")
_WOULD_IDIOM_RE = re.compile(r"\bwould\s+(?:rather|like|love|prefer)\b", re.IGNORECASE)


def _cross_stance(content: str) -> frozenset[str]:
    """The stance classes (``_CROSS_STANCE``) of a statement, "would rather" / "would like" aside."""
    stance = reading(content)[2] & _CROSS_STANCE
    if "would" in stance and not re.search(r"\bwould\b", _WOULD_IDIOM_RE.sub("", content), re.IGNORECASE):
        stance -= {"would"}
    return stance
